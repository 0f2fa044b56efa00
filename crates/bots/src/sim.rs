//! The arena: games or hands between bots with no terminal, and the
//! statistics that say which bot is stronger.
//!
//! A *deal* is one unit of play: a hand (`--hands N`: hand `k` of the seed's
//! deal sequence, every seat starting from 0) or a whole game (`--games N`:
//! game `k` is the game `hearts --seed S+k` would deal). In a duplicate run
//! each deal is played once per seat with bot A in that seat and B in the
//! others (and, both ways, B in that seat against A), so A holds every
//! seat's cards once and the luck of the deal cancels. With teams, once per
//! team: A's partner is A, and the teams are compared.

use std::collections::BTreeMap;
use std::time::Instant;

use crate::record::{GameRecord, Recorder, SeatRecord};
use crate::{Bot, Player, Think};
use hearts_engine::{Game, GamePhase, MoonRule, PassDirection, Rules, Seat, Teams};

pub mod compare;

pub use compare::{Comparison, Layout};

/// Whole games or single hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    /// Whole games to the target score.
    Games(u64),
    /// Single hands.
    Hands(u64),
}

impl Units {
    fn count(self) -> u64 {
        match self {
            Units::Games(n) | Units::Hands(n) => n,
        }
    }
}

/// How the seats are filled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lineup {
    /// One player per seat, seat 0 first.
    Fixed(Vec<Player>),
    /// `--duplicate A,B`: A in each seat against B in the others (with
    /// teams, A as each team against B as the others); with `both_ways`,
    /// B against A as well.
    Duplicate {
        /// Bot A.
        a: Player,
        /// Bot B.
        b: Player,
        /// Also B against A.
        both_ways: bool,
    },
}

/// An arena run.
#[derive(Clone, Debug)]
pub struct Arena {
    /// The rules of every game.
    pub rules: Rules,
    /// The first seed.
    pub seed: u64,
    /// What to play.
    pub units: Units,
    /// Who plays.
    pub lineup: Lineup,
    /// Worker threads.
    pub threads: usize,
    /// The expert's thinking budget.
    pub think: Think,
}

/// A bot's results in a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BotStats {
    /// Hands this bot played (one per seat it held per hand).
    pub hands: u64,
    /// Points it scored in those hands (moon scores included).
    pub points: i64,
    /// Moons it shot.
    pub moons_shot: u64,
    /// Hands in which another seat shot the moon against it.
    pub moons_let_through: u64,
    /// Games it played to the end.
    pub games: u64,
    /// Games it won (a shared win counts as a share).
    pub wins: f64,
    /// Its decision times.
    pub decisions: Latencies,
}

impl BotStats {
    /// Mean points per hand.
    pub fn points_per_hand(&self) -> f64 {
        if self.hands == 0 { 0.0 } else { self.points as f64 / self.hands as f64 }
    }

    fn absorb(&mut self, tally: &Tally) {
        self.hands += tally.hands;
        self.points += tally.points;
        self.moons_shot += tally.moons_shot;
        self.moons_let_through += tally.moons_let_through;
        self.games += tally.games;
        self.wins += tally.wins;
        for &ns in &tally.decisions_ns {
            self.decisions.add(ns);
        }
    }
}

/// One seat's results at one table.
#[derive(Clone, Debug, Default)]
struct Tally {
    hands: u64,
    points: i64,
    moons_shot: u64,
    moons_let_through: u64,
    games: u64,
    wins: f64,
    decisions_ns: Vec<u64>,
}

/// Decision times in a log-linear histogram: 16 buckets per power of two
/// of nanoseconds (about 4% wide), plus the exact maximum.
#[derive(Clone, Debug, PartialEq)]
pub struct Latencies {
    buckets: Vec<u64>,
    count: u64,
    max_ns: u64,
}

impl Default for Latencies {
    fn default() -> Latencies {
        Latencies { buckets: vec![0; 64 * 16], count: 0, max_ns: 0 }
    }
}

impl Latencies {
    fn bucket(ns: u64) -> usize {
        let ns = ns.max(1);
        let power = 63 - ns.leading_zeros() as usize;
        let fraction = if power >= 4 { (ns >> (power - 4)) & 15 } else { (ns << (4 - power)) & 15 } as usize;
        power * 16 + fraction
    }

    fn bucket_middle(index: usize) -> f64 {
        let power = (index / 16) as i32;
        let fraction = (index % 16) as f64;
        2f64.powi(power) * (1.0 + (fraction + 0.5) / 16.0)
    }

    /// Records one decision time.
    pub fn add(&mut self, ns: u64) {
        self.buckets[Latencies::bucket(ns)] += 1;
        self.count += 1;
        self.max_ns = self.max_ns.max(ns);
    }

    /// How many decisions were timed.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The time below which `quantile` of the decisions fall, in
    /// milliseconds (to about 4%).
    pub fn quantile_ms(&self, quantile: f64) -> f64 {
        if self.count == 0 {
            return 0.0;
        }
        let rank = ((self.count as f64 * quantile).ceil() as u64).clamp(1, self.count);
        let mut seen = 0;
        for (index, &n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return (Latencies::bucket_middle(index) / 1e6).min(self.max_ms());
            }
        }
        self.max_ms()
    }

    /// The longest decision in milliseconds.
    pub fn max_ms(&self) -> f64 {
        self.max_ns as f64 / 1e6
    }
}

/// A duplicate run's comparison: A minus B in points per hand (negative
/// means A takes fewer points, so A is stronger).
#[derive(Clone, Debug, PartialEq)]
pub struct DuplicateResult {
    /// Bot A's name.
    pub a: String,
    /// Bot B's name.
    pub b: String,
    /// Mean over deals of A's points per hand minus B's.
    pub diff: f64,
    /// The 95% confidence interval of `diff` over deals.
    pub ci95: (f64, f64),
    /// The same, counting only the hands of one pass direction at a time,
    /// in the order the directions first came (empty when every hand was
    /// of one direction).
    pub by_pass: Vec<PassShare>,
}

/// A - B over the hands of one pass direction.
#[derive(Clone, Debug, PartialEq)]
pub struct PassShare {
    /// The direction: `left`, `right`, `across`, `hold`, ...
    pub pass: String,
    /// Deals with hands of this direction.
    pub deals: usize,
    /// Mean over those deals of A's points per hand minus B's, in those hands.
    pub diff: f64,
    /// Its 95% confidence interval over those deals.
    pub ci95: (f64, f64),
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct Report {
    /// Hands played in all (every table counted).
    pub hands: u64,
    /// Deals played.
    pub deals: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Per bot name.
    pub bots: BTreeMap<String, BotStats>,
    /// Per-seat points per hand (fixed lineups).
    pub seats: Vec<(String, f64)>,
    /// The duplicate comparison, if it was one.
    pub duplicate: Option<DuplicateResult>,
    /// With `--compare FILE`: the file, and this run against it deal by deal.
    pub compared: Option<(String, Comparison)>,
}

impl Report {
    /// Hands per second of wall-clock time.
    pub fn hands_per_sec(&self) -> f64 {
        if self.seconds > 0.0 { self.hands as f64 / self.seconds } else { 0.0 }
    }
}

/// One table's seating for a deal.
struct DealSeating<'a> {
    players: Vec<&'a Player>,
    /// Which seats bot A holds (none in a fixed lineup).
    a_seats: Vec<bool>,
}

/// What one table of one deal produced.
struct TableResult {
    /// Per seat: name, results.
    seats: Vec<(String, Tally)>,
    hands: u64,
    /// Each hand's pass direction and scores, seat 0 first.
    scored: Vec<(PassDirection, Vec<i32>)>,
    record: Option<GameRecord>,
}

impl Arena {
    fn tables(&self) -> Vec<DealSeating<'_>> {
        let players = self.rules.player_count();
        match &self.lineup {
            Lineup::Fixed(seats) => {
                vec![DealSeating { players: seats.iter().collect(), a_seats: vec![false; players] }]
            }
            Lineup::Duplicate { a, b, both_ways } => {
                let mut tables = Vec::new();
                let pairs: &[(bool, &Player, &Player)] =
                    if *both_ways { &[(true, a, b), (false, b, a)] } else { &[(true, a, b)] };
                // With teams a side is a team: A's partner is A too, so the
                // comparison is team against team.
                let rules = &self.rules;
                let side = |index: usize| Seat::new(index).map_or(index, |seat| rules.side(seat));
                for &(one_is_a, one, rest) in pairs {
                    for ours in 0..rules.side_count() {
                        tables.push(DealSeating {
                            players: (0..players).map(|s| if side(s) == ours { one } else { rest }).collect(),
                            a_seats: (0..players).map(|s| (side(s) == ours) == one_is_a).collect(),
                        });
                    }
                }
                tables
            }
        }
    }

    /// Which seats bot A holds at each table of a deal, in the order the
    /// tables are played and recorded (what `--compare` pairs by).
    pub fn layout(&self) -> Layout {
        self.tables().into_iter().map(|table| table.a_seats).collect()
    }

    /// Plays the run. `on_record` receives each game record in deal order
    /// when `recording`; `progress` is told how many deals are done.
    pub fn run(
        &self,
        recording: bool,
        mut on_record: impl FnMut(&GameRecord),
        mut progress: impl FnMut(u64, u64),
    ) -> Report {
        let start = Instant::now();
        let total = self.units.count();
        let threads = self.threads.max(1);
        let chunk = threads as u64 * 256;
        let mut bots: BTreeMap<String, BotStats> = BTreeMap::new();
        let mut seat_points = vec![(0i64, 0u64); self.rules.player_count()];
        let mut diffs: Vec<f64> = Vec::new();
        let mut pass_diffs: Vec<(PassDirection, Vec<f64>)> = Vec::new();
        let layout = self.layout();
        let duplicate = matches!(self.lineup, Lineup::Duplicate { .. });
        let hands_diff = |a_b: &[(i64, u64); 2]| {
            (a_b[0].1 > 0 && a_b[1].1 > 0)
                .then(|| a_b[0].0 as f64 / a_b[0].1 as f64 - a_b[1].0 as f64 / a_b[1].1 as f64)
        };
        let mut hands = 0;
        let mut done = 0;
        while done < total {
            let end = (done + chunk).min(total);
            let deals: Vec<u64> = (done..end).collect();
            let results = self.play_deals(&deals, threads, recording);
            for deal_results in results {
                let mut a_b = [(0i64, 0u64), (0i64, 0u64)];
                let mut by_pass: Vec<(PassDirection, [(i64, u64); 2])> = Vec::new();
                for (table, a_seats) in deal_results.into_iter().zip(&layout) {
                    hands += table.hands;
                    if let Some(record) = &table.record {
                        on_record(record);
                    }
                    for (seat, (name, stats)) in table.seats.iter().enumerate() {
                        bots.entry(name.clone()).or_default().absorb(stats);
                        seat_points[seat].0 += stats.points;
                        seat_points[seat].1 += stats.hands;
                        let side = usize::from(!a_seats[seat]);
                        a_b[side].0 += stats.points;
                        a_b[side].1 += stats.hands;
                    }
                    for (pass, scores) in &table.scored {
                        let at = match by_pass.iter().position(|(p, _)| p == pass) {
                            Some(at) => at,
                            None => {
                                by_pass.push((*pass, Default::default()));
                                by_pass.len() - 1
                            }
                        };
                        for (&score, &is_a) in scores.iter().zip(a_seats) {
                            let side = &mut by_pass[at].1[usize::from(!is_a)];
                            side.0 += i64::from(score);
                            side.1 += 1;
                        }
                    }
                }
                if duplicate && let Some(diff) = hands_diff(&a_b) {
                    diffs.push(diff);
                    for (pass, a_b) in &by_pass {
                        let Some(diff) = hands_diff(a_b) else { continue };
                        match pass_diffs.iter_mut().find(|(p, _)| p == pass) {
                            Some((_, diffs)) => diffs.push(diff),
                            None => pass_diffs.push((*pass, vec![diff])),
                        }
                    }
                }
            }
            done = end;
            progress(done, total);
        }
        let duplicate = match &self.lineup {
            Lineup::Duplicate { a, b, .. } => {
                let mut result = duplicate_result(a.name(), b.name(), &diffs);
                if pass_diffs.len() > 1 {
                    result.by_pass = pass_diffs
                        .iter()
                        .map(|(pass, diffs)| {
                            let share = duplicate_result(String::new(), String::new(), diffs);
                            PassShare { pass: pass.to_string(), deals: diffs.len(), diff: share.diff, ci95: share.ci95 }
                        })
                        .collect();
                }
                Some(result)
            }
            Lineup::Fixed(_) => None,
        };
        let seats = match &self.lineup {
            Lineup::Fixed(players) => players
                .iter()
                .zip(&seat_points)
                .map(|(p, &(points, n))| (p.name(), if n == 0 { 0.0 } else { points as f64 / n as f64 }))
                .collect(),
            Lineup::Duplicate { .. } => Vec::new(),
        };
        Report { hands, deals: total, seconds: start.elapsed().as_secs_f64(), bots, seats, duplicate, compared: None }
    }

    /// Plays deals on `threads` threads; results come back in deal order.
    fn play_deals(&self, deals: &[u64], threads: usize, recording: bool) -> Vec<Vec<TableResult>> {
        if threads <= 1 || deals.len() <= 1 {
            return deals.iter().map(|&deal| self.play_deal(deal, recording)).collect();
        }
        let per_thread = deals.len().div_ceil(threads);
        std::thread::scope(|scope| {
            let handles: Vec<_> = deals
                .chunks(per_thread)
                .map(|part| {
                    scope.spawn(move || part.iter().map(|&deal| self.play_deal(deal, recording)).collect::<Vec<_>>())
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().expect("arena thread")).collect()
        })
    }

    fn play_deal(&self, deal: u64, recording: bool) -> Vec<TableResult> {
        self.tables().iter().map(|table| self.play_table(deal, table, recording)).collect()
    }

    /// Plays one deal at one table.
    fn play_table(&self, deal: u64, table: &DealSeating<'_>, recording: bool) -> TableResult {
        let players = self.rules.player_count();
        let (mut game, seed) = match self.units {
            Units::Games(_) => {
                let seed = self.seed.wrapping_add(deal);
                (Game::new(self.rules, seed).expect("the arena's rules were checked"), seed)
            }
            Units::Hands(_) => {
                let index = u32::try_from(deal).unwrap_or(u32::MAX);
                let game = Game::starting_at_hand(self.rules, self.seed, index);
                (game.expect("the arena's rules were checked"), self.seed ^ u64::from(index).wrapping_mul(0x9E37_79B9))
            }
        };
        let mut bots: Vec<Box<dyn Bot>> =
            Seat::all(players).map(|seat| table.players[seat.index()].bot(seed, seat, self.think)).collect();
        let mut stats: Vec<Tally> = vec![Tally::default(); players];
        let mut recorder = recording.then(|| {
            let seats = Seat::all(players)
                .map(|seat| SeatRecord {
                    seat: seat.index(),
                    name: record_seat_name(seat, players),
                    player: table.players[seat.index()].name(),
                })
                .collect();
            Recorder::new(&game, seats)
        });
        let mut hands = 0;
        let mut scored = Vec::new();
        loop {
            if let Some(recorder) = recorder.as_mut() {
                recorder.observe(&game);
            }
            let one_hand_done = matches!(self.units, Units::Hands(_)) && hands == 1;
            match game.phase() {
                GamePhase::GameOver => break,
                _ if one_hand_done => break,
                GamePhase::HandOver => {
                    game.apply(hearts_engine::Action::NextHand).expect("the hand is over");
                    continue;
                }
                GamePhase::InHand | GamePhase::MoonChoice(_) => {}
            }
            let seat = crate::seat_to_act(&game).expect("someone acts while a hand is on");
            let started = Instant::now();
            let action = crate::decide(&game, seat, bots[seat.index()].as_mut()).expect("the seat has a decision");
            stats[seat.index()].decisions_ns.push(started.elapsed().as_nanos() as u64);
            for report in bots[seat.index()].reports() {
                eprintln!("hearts sim: seat {}: {report}", seat.index());
            }
            let event = game.apply(action).unwrap_or_else(|error| {
                panic!("{} chose an illegal action {action:?}: {error}", bots[seat.index()].name())
            });
            if matches!(event, hearts_engine::Event::HandScored | hearts_engine::Event::GameOver) {
                hands += 1;
                let entry = game.history().last().expect("a hand was scored");
                scored.push((entry.pass, Seat::all(players).map(|s| entry.scores[s]).collect()));
                for s in Seat::all(players) {
                    let seat_stats = &mut stats[s.index()];
                    seat_stats.hands += 1;
                    seat_stats.points += i64::from(entry.scores[s]);
                    if let (Some(shooter), true) = (entry.result.shooter, self.rules.moon != MoonRule::Off) {
                        // A combined team shoots together: both partners shot it.
                        let shot = shooter == s
                            || (self.rules.teams == Teams::Combined && self.rules.partner(shooter) == Some(s));
                        if shot {
                            seat_stats.moons_shot += 1;
                        } else {
                            seat_stats.moons_let_through += 1;
                        }
                    }
                }
            }
        }
        if matches!(self.units, Units::Games(_)) {
            let winners = game.leaders();
            // A win is shared among the winning sides; partners each win it.
            let mut winning_sides: Vec<usize> = winners.iter().map(|&seat| self.rules.side(seat)).collect();
            winning_sides.dedup();
            for s in Seat::all(players) {
                stats[s.index()].games += 1;
                if winners.contains(&s) {
                    stats[s.index()].wins += 1.0 / winning_sides.len() as f64;
                }
            }
        }
        TableResult {
            seats: table.players.iter().map(|p| p.name()).zip(stats).collect(),
            hands,
            scored,
            record: recorder.map(Recorder::into_record),
        }
    }
}

/// Mean and 95% confidence interval (normal approximation) of per-deal
/// differences.
fn duplicate_result(a: String, b: String, diffs: &[f64]) -> DuplicateResult {
    let n = diffs.len() as f64;
    let mean = if diffs.is_empty() { 0.0 } else { diffs.iter().sum::<f64>() / n };
    let variance =
        if diffs.len() > 1 { diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
    let half = 1.96 * (variance / n.max(1.0)).sqrt();
    DuplicateResult { a, b, diff: mean, ci95: (mean - half, mean + half), by_pass: Vec::new() }
}

/// The seat's name at the table: South, then Left, Across, Right at four;
/// West/North/East-style numbers otherwise.
pub fn record_seat_name(seat: Seat, players: usize) -> String {
    match (players, seat.index()) {
        (_, 0) => "South".to_string(),
        (4, 1) => "Left".to_string(),
        (4, 2) => "Across".to_string(),
        (4, 3) => "Right".to_string(),
        (_, n) => format!("Seat {n}"),
    }
}

/// The report as a table for people.
pub fn render_table(report: &Report) -> String {
    let mut out = format!(
        "{} deals, {} hands in {:.1} s ({:.0} hands/s)\n\n",
        report.deals,
        report.hands,
        report.seconds,
        report.hands_per_sec()
    );
    out.push_str(&format!(
        "{:<24} {:>8} {:>11} {:>6} {:>8} {:>7} {:>9} {:>9} {:>9}\n",
        "bot", "hands", "pts/hand", "moons", "let thru", "win %", "p50 ms", "p95 ms", "max ms"
    ));
    for (name, stats) in &report.bots {
        let win = if stats.games > 0 { format!("{:.1}", 100.0 * stats.wins / stats.games as f64) } else { "-".into() };
        out.push_str(&format!(
            "{:<24} {:>8} {:>11.3} {:>6} {:>8} {:>7} {:>9.3} {:>9.3} {:>9.3}\n",
            truncate(name, 24),
            stats.hands,
            stats.points_per_hand(),
            stats.moons_shot,
            stats.moons_let_through,
            win,
            stats.decisions.quantile_ms(0.5),
            stats.decisions.quantile_ms(0.95),
            stats.decisions.max_ms()
        ));
    }
    if !report.seats.is_empty() {
        out.push_str("\nseat  player                   pts/hand\n");
        for (seat, (name, points)) in report.seats.iter().enumerate() {
            out.push_str(&format!("{seat:<5} {:<24} {points:>8.3}\n", truncate(name, 24)));
        }
    }
    if let Some(dup) = &report.duplicate {
        out.push_str(&format!(
            "\nduplicate: {} - {} = {:+.3} points per hand (95% CI {:+.3} .. {:+.3}); negative means {} takes fewer points\n",
            dup.a, dup.b, dup.diff, dup.ci95.0, dup.ci95.1, dup.a
        ));
        for share in &dup.by_pass {
            out.push_str(&format!(
                "  in {:<7} hands: {:+.3} (95% CI {:+.3} .. {:+.3}) over {} deals\n",
                share.pass, share.diff, share.ci95.0, share.ci95.1, share.deals
            ));
        }
    }
    if let Some((file, c)) = &report.compared {
        out.push_str(&format!(
            "against {file}, deal by deal ({} deals): A - B {:+.3} there, {:+.3} here; change {:+.3} (95% CI {:+.3} .. {:+.3}); negative means A does better here\n",
            c.deals, c.before, c.now, c.change, c.ci95.0, c.ci95.1
        ));
    }
    out
}

fn truncate(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_string()
    } else {
        text.chars().take(width - 1).collect::<String>() + "…"
    }
}

/// The report as the JSON object documented in `docs/tools.md`.
pub fn render_json(report: &Report) -> serde_json::Value {
    let bots: serde_json::Map<String, serde_json::Value> = report
        .bots
        .iter()
        .map(|(name, stats)| {
            (
                name.clone(),
                serde_json::json!({
                    "points_per_hand": stats.points_per_hand(),
                    "hands": stats.hands,
                    "moons_shot": stats.moons_shot,
                    "moons_let_through": stats.moons_let_through,
                    "games": stats.games,
                    "win_rate": if stats.games > 0 { Some(stats.wins / stats.games as f64) } else { None },
                    "decisions": stats.decisions.count(),
                    "decision_ms": {
                        "p50": stats.decisions.quantile_ms(0.5),
                        "p95": stats.decisions.quantile_ms(0.95),
                        "max": stats.decisions.max_ms(),
                    },
                }),
            )
        })
        .collect();
    let mut json = serde_json::json!({
        "hands": report.hands,
        "deals": report.deals,
        "seconds": report.seconds,
        "hands_per_sec": report.hands_per_sec(),
        "bots": bots,
    });
    if let Some(dup) = &report.duplicate {
        json["duplicate"] = serde_json::json!({
            "a": dup.a, "b": dup.b, "diff": dup.diff, "ci95": [dup.ci95.0, dup.ci95.1],
        });
        if !dup.by_pass.is_empty() {
            let by_pass: serde_json::Map<String, serde_json::Value> = dup
                .by_pass
                .iter()
                .map(|share| {
                    let figures = serde_json::json!({
                        "deals": share.deals, "diff": share.diff, "ci95": [share.ci95.0, share.ci95.1],
                    });
                    (share.pass.clone(), figures)
                })
                .collect();
            json["duplicate"]["by_pass"] = by_pass.into();
        }
    }
    if let Some((file, c)) = &report.compared {
        json["compare"] = serde_json::json!({
            "file": file, "deals": c.deals, "before": c.before, "now": c.now,
            "change": c.change, "ci95": [c.ci95.0, c.ci95.1],
        });
    }
    if !report.seats.is_empty() {
        json["seats"] = report
            .seats
            .iter()
            .map(|(name, points)| serde_json::json!({"player": name, "points_per_hand": points}))
            .collect();
    }
    json
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latency_quantiles_are_within_a_bucket() {
        let mut latencies = Latencies::default();
        for ms in 1..=100u64 {
            latencies.add(ms * 1_000_000);
        }
        let p50 = latencies.quantile_ms(0.5);
        let p95 = latencies.quantile_ms(0.95);
        assert!((p50 - 50.0).abs() < 50.0 * 0.05, "p50 {p50}");
        assert!((p95 - 95.0).abs() < 95.0 * 0.05, "p95 {p95}");
        assert_eq!(latencies.max_ms(), 100.0);
    }

    #[test]
    fn the_interval_is_centred_on_the_mean_and_shrinks_with_more_deals() {
        let few = duplicate_result("a".into(), "b".into(), &[1.0, -1.0, 2.0, 0.0]);
        let many: Vec<f64> = (0..400).map(|i| [1.0, -1.0, 2.0, 0.0][i % 4]).collect();
        let many = duplicate_result("a".into(), "b".into(), &many);
        assert!((few.diff - 0.5).abs() < 1e-12);
        assert!((few.ci95.0 + few.ci95.1 - 1.0).abs() < 1e-12);
        assert!(many.ci95.1 - many.ci95.0 < (few.ci95.1 - few.ci95.0) / 5.0);
    }
}
