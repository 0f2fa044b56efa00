//! The sentences under a hand's scores, for the summary window and the
//! line mode.

use super::count;
use hearts_engine::{
    Card, Declaration, Generale, HandRecord, MoonScoring, PointsTable, ROYAL_CANCELLER, ROYAL_DIAMOND_CUT,
    ROYAL_DOUBLER, Seat, Teams,
};
use hearts_table::Sight;

/// The sentences under a hand's scores: a moon, a Generale, and Royal's
/// queens at work.
pub fn hand_events(app: &Sight, card: impl Fn(Card) -> String, record: &HandRecord) -> Vec<String> {
    let rules = app.rules();
    let who = |seat: Seat| app.name(seat);
    let result = &record.result;
    let mut lines = Vec::new();
    if let (Some(bid), Some(suit)) = (result.bid, app.hand.named_suit) {
        let bidder = who(bid.seat);
        lines.push(format!("{bidder} paid {} into the pot to name {}", bid.chips, suit.name()));
    }
    if let Some(settled) = record.chips {
        let takers: Vec<Seat> = Seat::all(app.players()).filter(|&seat| settled.from_pot[seat] > 0).collect();
        let names: Vec<String> = takers.iter().map(|&seat| who(seat)).collect();
        match (names.split_last(), takers.first()) {
            (Some((only, [])), Some(&seat)) => {
                let chips = count(settled.from_pot[seat] as usize, "chip", "chips");
                lines.push(format!("{only} took the pot: {chips}"));
            }
            (Some((last, others)), Some(&seat)) => {
                let chips = count(settled.from_pot[seat] as usize, "chip", "chips");
                lines.push(format!("{} and {last} shared the pot: {chips} each", others.join(", ")));
            }
            _ => {}
        }
        let pot = settled.after.pot;
        if pot > 0 {
            lines.push(format!("The pot keeps {pot} for the next deal"));
        }
        if settled.short {
            lines.push("A player could not pay in full: the game ends".to_string());
        }
    }
    if let Some((taker, widow)) = app.hand.widow {
        // What the widow added to its taker's take, by the hand's scoring.
        let whole = app.play.taken[taker.index()];
        let points = app.worth(whole) - app.worth(whole.less(widow));
        let cards: Vec<String> = widow.iter().map(&card).collect();
        let cards = cards.join(", ");
        let points = if points.abs() == 1 { format!("{points} point") } else { format!("{points} points") };
        lines.push(format!("{} took the {}: {cards}; {points}", who(taker), rules.kitty_name()))
    }
    if let (Some(shooter), Some(moon)) = (result.shooter, record.moon) {
        let team = rules.teams == Teams::Combined;
        let how = match (moon, team) {
            (MoonScoring::AddToOthers, false) => format!("{} to everyone else", result.moon_value),
            (MoonScoring::AddToOthers, true) => format!("{} to each other team", result.moon_value),
            (MoonScoring::SubtractFromShooter, _) => {
                let whose = if app.is_mine(shooter) { "your" } else { "their" };
                format!("{} off {whose} score", result.moon_value)
            }
        };
        let what = if rules.declaration == Declaration::Generale { "made a silent Generale" } else { "shot the moon" };
        let shooters = match rules.partner(shooter) {
            Some(partner) if team => format!("{} and {}", who(shooter), app.name(partner)),
            _ => who(shooter),
        };
        lines.push(format!("{shooters} {what}! {how}"));
    }
    if let Some(Generale { declarer, made }) = result.generale {
        let total = result.penalty_total;
        lines.push(if made {
            format!("{} made the Generale! {total} to everyone else", who(declarer))
        } else {
            let whom = if app.is_mine(declarer) { "you" } else { "them" };
            format!("{} declared the Generale and failed: {total} to {whom}", who(declarer))
        });
    }
    // The no-tricks bonus goes with the points taken: not with a moon or a made Generale.
    let moon = result.shooter.is_some() && record.moon.is_some();
    let made = result.generale.is_some_and(|generale| generale.made);
    if rules.no_tricks_bonus != 0 && !moon && !made {
        for seat in Seat::all(app.players()).filter(|&seat| result.tricks[seat] == 0) {
            lines.push(format!("{} took no trick: {:+}", who(seat), rules.no_tricks_bonus));
        }
    }
    if rules.points == PointsTable::Royal {
        let taker =
            |card: Card| Seat::all(app.players()).find(|&seat| app.play.taken[seat.index()].cards().contains(card));
        if let Some(seat) = taker(ROYAL_DOUBLER) {
            lines.push(format!("{}: {}'s hearts count twice", card(ROYAL_DOUBLER), who(seat)));
        }
        if let Some(seat) = taker(ROYAL_CANCELLER).filter(|&seat| Some(seat) == taker(Card::QUEEN_OF_SPADES)) {
            let queen = card(Card::QUEEN_OF_SPADES);
            lines.push(format!("{}: {}'s {queen} does not count", card(ROYAL_CANCELLER), who(seat)));
        }
        if let (Some(seat), Some(cutter)) = (result.total_cut, rules.points.total_cutter()) {
            let uncut = record.totals_before[seat] + record.scores[seat];
            lines.push(format!(
                "{}: -{ROYAL_DIAMOND_CUT} for {}, total {uncut} -> {}",
                card(cutter),
                who(seat),
                record.totals[seat]
            ));
        }
    }
    lines
}
