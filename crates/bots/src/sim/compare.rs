//! `hearts sim --compare FILE`: this run against an earlier run of the same
//! deals (its `--record` file), deal by deal. The two runs share every
//! deal's luck, so the difference of each deal's A - B between them has a
//! narrower interval than either run's A - B alone (about 0.7 times as wide
//! for two experts): two versions of a bot are told apart on about half the
//! deals.

use std::collections::BTreeMap;

use super::duplicate_result;
use crate::record::GameRecord;

/// Which seats are bot A's at each table of a deal, in the order the arena
/// plays (and records) the tables.
pub type Layout = Vec<Vec<bool>>;

/// A deal as the records name it: the game seed and the first hand's
/// number (single hands share a seed and differ by number).
type DealKey = (u64, u32);

/// The two runs on the deals both played.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Deals both runs played.
    pub deals: usize,
    /// A - B in points per hand in the earlier run, over those deals.
    pub before: f64,
    /// A - B in this run, over the same deals.
    pub now: f64,
    /// Mean over those deals of this run's A - B less the earlier run's
    /// (negative: A does better now).
    pub change: f64,
    /// The 95% confidence interval of `change` over deals.
    pub ci95: (f64, f64),
}

/// Compares `now` with `before`, both records of duplicate runs seated as
/// `layout` says; the error says why they cannot be compared.
pub fn compare(before: &[GameRecord], now: &[GameRecord], layout: &Layout) -> Result<Comparison, String> {
    if let (Some(earlier), Some(this)) = (before.first(), now.first()) {
        same_rules(&earlier.rules, &this.rules)?;
    }
    let before = by_deal(before, layout, "the earlier run")?;
    let now = by_deal(now, layout, "this run")?;
    let mut pairs = Vec::new();
    for (key, (now_tables, now_diff)) in &now {
        let Some((before_tables, before_diff)) = before.get(key) else { continue };
        if before_tables[0].hands.first().map(|h| &h.dealt) != now_tables[0].hands.first().map(|h| &h.dealt) {
            return Err(format!(
                "{} was dealt other cards in the earlier run: the seed and the rules must be the same",
                deal_name(*key)
            ));
        }
        pairs.push((*before_diff, *now_diff));
    }
    if pairs.is_empty() {
        return Err(
            "the earlier run played none of this run's deals (a different --seed, or --hands against --games)".into()
        );
    }
    let n = pairs.len() as f64;
    let changes: Vec<f64> = pairs.iter().map(|(before, now)| now - before).collect();
    let change = duplicate_result(String::new(), String::new(), &changes);
    Ok(Comparison {
        deals: pairs.len(),
        before: pairs.iter().map(|p| p.0).sum::<f64>() / n,
        now: pairs.iter().map(|p| p.1).sum::<f64>() / n,
        change: change.diff,
        ci95: change.ci95,
    })
}

/// Each deal's tables (in the order recorded) and A - B in points per hand
/// over them, as the arena counts it.
fn by_deal<'r>(
    records: &'r [GameRecord],
    layout: &Layout,
    run: &str,
) -> Result<BTreeMap<DealKey, (Vec<&'r GameRecord>, f64)>, String> {
    let mut tables: BTreeMap<DealKey, Vec<&GameRecord>> = BTreeMap::new();
    for record in records {
        let number = record.hands.first().map_or(0, |hand| hand.number);
        tables.entry((record.seed, number)).or_default().push(record);
    }
    tables
        .into_iter()
        .map(|(key, tables)| {
            if tables.len() != layout.len() {
                return Err(format!(
                    "{run} has {} tables for {} where a run like this one has {}: not the same kind of duplicate run",
                    tables.len(),
                    deal_name(key),
                    layout.len()
                ));
            }
            let mut sides = [(0i64, 0u64); 2];
            for (record, a_seats) in tables.iter().zip(layout) {
                if record.seats.len() != a_seats.len() {
                    return Err(format!(
                        "{run} seats {} players for {} where this run seats {}",
                        record.seats.len(),
                        deal_name(key),
                        a_seats.len()
                    ));
                }
                for hand in &record.hands {
                    for (&score, &is_a) in hand.scores.iter().zip(a_seats) {
                        let side = &mut sides[usize::from(!is_a)];
                        side.0 += i64::from(score);
                        side.1 += 1;
                    }
                }
            }
            let per_hand = |(points, hands): (i64, u64)| if hands == 0 { 0.0 } else { points as f64 / hands as f64 };
            let diff = per_hand(sides[0]) - per_hand(sides[1]);
            Ok((key, (tables, diff)))
        })
        .collect()
}

/// The rules both runs name must agree (a key only one of them names is
/// let pass: an earlier build may not know a newer option).
fn same_rules(before: &serde_json::Value, now: &serde_json::Value) -> Result<(), String> {
    let (Some(before), Some(now)) = (before.as_object(), now.as_object()) else { return Ok(()) };
    for (key, here) in now {
        if let Some(there) = before.get(key)
            && there != here
        {
            return Err(format!("the earlier run played other rules: {key} = {there} there, {here} here"));
        }
    }
    Ok(())
}

fn deal_name((seed, number): DealKey) -> String {
    format!("the deal of seed {seed}, hand {number}")
}
