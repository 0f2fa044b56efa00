//! The rules in play in a few short lines: the rules window wraps them
//! to its width, the line mode says them.

use hearts_engine::{Card, Declaration, FirstLead, Kitty, KittyTo, MoonRule, PointsTable, Rules, Scoring, Suit, Teams};
use hearts_table::notice::sentence;

/// The rules in play in a few short lines, for the rules window (each
/// wrapped there to its width) and the line mode: each card written by
/// `card` ("Q♠", or "the queen of spades").
pub fn rules_in_brief(rules: &Rules, card: impl Fn(Card) -> String) -> Vec<String> {
    let c = |text: &str| card(text.parse().expect("a card"));
    let mut lines = vec![];
    let mut game = format!("{} players, game to {}", rules.players, rules.target_score);
    if rules.plays_chips() {
        game = format!("{} players, {} chips each, {} deals", rules.players, rules.chips, rules.hand_limit());
    } else if rules.max_hands > 0 {
        game += &format!(" or {} hands", rules.max_hands);
    }
    if rules.clock_minutes > 0 {
        game += &format!(", {}-minute clock", rules.clock_minutes);
    }
    game += if rules.plays_chips() { ": the most chips wins" } else { ": the lowest total wins" };
    if rules.tie == hearts_engine::TieRule::Share && !rules.plays_chips() {
        game += " (ties share the win)";
    }
    lines.push(game);
    lines.push(deck_in_brief(rules, &card));
    lines.push(match rules.points {
        PointsTable::Standard => format!("Points: each heart 1, {} 13", c("QS")),
        PointsTable::SpotHearts => {
            format!("Points: hearts at face value ({} 11 .. {} 14), {} 13", c("JH"), c("AH"), c("QS"))
        }
        PointsTable::BlackMaria => format!("Points: {} 13, {} 10, {} 7, each heart 1", c("QS"), c("KS"), c("AS")),
        PointsTable::Original => "Points: each heart 1".to_string(),
        PointsTable::BlackJack => format!("Points: {} 10, each heart 1", c("JS")),
        PointsTable::Greek => format!(
            "Points: {} 50, {} 15, {}, {}, {} 10, the other hearts their face value",
            c("QS"),
            c("AH"),
            c("KH"),
            c("QH"),
            c("JH")
        ),
        PointsTable::ChasseCoeur => "Points: every queen 13, the other hearts 1".to_string(),
        PointsTable::Royal => format!("Points: {} 26, each heart 1", c("QS")),
        PointsTable::Eagle => {
            format!("Points: hearts only, {} 5, {} 4, {} 3, {} 2, the others 1", c("AH"), c("KH"), c("QH"), c("JH"))
        }
    });
    if rules.points == PointsTable::Royal {
        lines.push(format!("{} doubles its taker's hearts; {} with {} cancels her", c("QH"), c("QC"), c("QS")));
        lines.push(format!("{} takes 10 off its taker's total, not below 0", c("QD")));
    }
    if let Some(bonus) = rules.bonus_card() {
        lines.push(format!("{} is worth -10 to its taker", card(bonus)));
    }
    match rules.scoring {
        Scoring::Points => {}
        Scoring::Chips => lines.push("Chips: a chip a point into the pot; the fewest points take it".to_string()),
        Scoring::Sweepstakes => lines.push("Sweepstakes: a chip a point; only a clean hand takes the pot".to_string()),
    }
    if rules.joker_count() > 0 {
        lines.push(format!("Jokers: {}, played any time, never winning, worth 0", rules.joker_count()));
        lines.push("  a joker led: the first other card sets the suit".to_string());
    }
    if rules.kitty != Kitty::Off {
        let trick = if rules.kitty_to == KittyTo::LastTrick { "last" } else { "first" };
        lines.push(format!("Widow: {} cards to the {trick} trick's winner, seen by it only", rules.kitty_size()));
    }
    if rules.cancellation {
        lines.push("Cancelling: the same card played twice to a trick cancels, and neither copy wins".to_string());
        lines.push(
            "  two pairs, or every card of the suit led cancelled: nobody wins the trick; its cards go to the next \
             trick's winner, and its leader leads again"
                .to_string(),
        );
    }
    let worth = rules.moon_value.map_or_else(|| "the points".to_string(), |value| value.to_string());
    let moon = if rules.declaration == Declaration::Generale {
        "Silent Generale (every point, not declared)"
    } else if rules.cancellation {
        "Moon (every point of both packs)"
    } else {
        "Moon"
    };
    lines.push(match rules.moon_in_play() {
        MoonRule::AddToOthers => format!("{moon}: {worth} to everyone else"),
        MoonRule::SubtractFromShooter => format!("{moon}: {worth} off the shooter"),
        MoonRule::ShooterChooses => format!("{moon}: {worth} to the others, or off the shooter to stay first"),
        MoonRule::ShooterPicks => format!("{moon}: the shooter picks: {worth} to the others or off"),
        MoonRule::Off => "No moon: everyone scores what they took".to_string(),
    });
    if rules.auction {
        lines.push("Auction: bid chips to name the penalty suit (1 a card) and lead".to_string());
        lines.push("  the named suit takes the place of hearts in every rule; no bid: hearts".to_string());
    }
    if rules.domino {
        lines.push(format!("Domino: the other {} cards are the stock", rules.stock_size()));
        lines.push("  cannot follow: draw until you can; no cards: you are out".to_string());
        lines.push(format!("  last holder takes the stock; game ends at {} mid-hand", rules.target_score));
    }
    match rules.teams {
        Teams::Off => {}
        Teams::Combined => lines.push(format!(
            "Partners opposite, one team score; a team moon: {} to each other team",
            rules.moon_value.unwrap_or(rules.penalty_total()) * 2
        )),
        Teams::Individual => lines.push("Partners opposite, own scores; the lower team total wins".to_string()),
    }
    if rules.declaration == Declaration::Generale {
        let total = rules.penalty_total();
        lines.push("Generale: before the first lead, promise every point".to_string());
        lines.push(format!("  made: {total} to each other player; failed: {total} to you"));
    }
    let passing = if rules.pass_count == 0 {
        "No passing".to_string()
    } else {
        let cycle: Vec<String> = rules.pass_cycle().directions().iter().map(ToString::to_string).collect();
        format!("Pass {}: {}", rules.pass_count, cycle.join(", "))
    };
    let lowest = card(rules.deck().of_suit(Suit::Clubs).lowest().unwrap_or(Card::TWO_OF_CLUBS));
    let lead = match rules.first_lead {
        FirstLead::LowestClub if rules.cancellation => format!("{lowest} nearest the dealer's left leads"),
        FirstLead::LowestClub => format!("{lowest} leads"),
        FirstLead::AnyClub => format!("whoever holds {lowest} leads any club"),
        FirstLead::LeftOfDealer => "left of the dealer leads".to_string(),
    };
    lines.push(format!("{passing}; {lead}"));
    let suit = if rules.auction { "the penalty suit" } else { "hearts" };
    let mut play = vec![if !rules.must_break_hearts {
        format!("{suit} may be led any time")
    } else if rules.queen_breaks_hearts {
        format!("{suit} may be led once a heart or {} is played", c("QS"))
    } else {
        format!("{suit} may be led once a heart is played")
    }];
    play.push(if rules.no_blood { "no points on the first trick" } else { "points on the first trick" }.to_string());
    lines.push(sentence(&play.join("; ")));
    lines
}

/// The deck in brief: the packs, the cards each and the cards taken out.
fn deck_in_brief(rules: &Rules, card: impl Fn(Card) -> String) -> String {
    let each = rules.hand_size();
    let mut deck = if rules.pack_count() == 2 {
        format!("Two packs shuffled together ({} cards), {each} each", rules.deck_size())
    } else {
        format!("{} cards, {each} each", rules.deck_size())
    };
    let removed = rules.removed();
    if !removed.is_empty() {
        deck += &format!("; {} taken out", removed.iter().map(card).collect::<Vec<_>>().join(", "));
    }
    deck
}
