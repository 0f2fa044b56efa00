//! The action space of a game: one action per card, then the other
//! decisions the family asks. One space per rules; a mask says which
//! actions the seat to act may take now.

use hearts_engine::{Card, MoonScoring, Rank, Rules, Suit};

/// Card actions: 52 cards suit by suit (clubs, diamonds, spades, hearts;
/// two to ace), then the four jokers.
pub const CARD_SLOTS: usize = 56;
/// Declines the Generale.
pub const DECLINE: usize = 56;
/// Declares the Generale.
pub const DECLARE: usize = 57;
/// Names a suit after the auction: clubs, diamonds, spades, hearts.
pub const NAME_SUIT: usize = 58;
/// The shooter's moon counts by adding to the others.
pub const MOON_ADD: usize = 62;
/// The shooter's moon counts by subtracting from the shooter.
pub const MOON_SUBTRACT: usize = 63;
/// Passes in the auction; `BID_PASS + k` bids `k` chips.
pub const BID_PASS: usize = 64;

/// The action of a card.
pub fn card_action(card: Card) -> usize {
    match card.joker_number() {
        Some(n) => 52 + usize::from(n - 1),
        None => card.suit().index() * 13 + card.rank().index(),
    }
}

/// The card of a card action.
pub fn card_of(action: usize) -> Option<Card> {
    match action {
        0..52 => Some(Card::new(Rank::ALL[action % 13], Suit::ALL[action / 13])),
        52..CARD_SLOTS => Some(Card::joker((action - 52) as u8)),
        _ => None,
    }
}

/// The most chips a seat could bid: every chip at the table.
pub fn most_bid(rules: &Rules) -> usize {
    rules.chips as usize * rules.player_count()
}

/// How many actions the rules' space has: 64, and with an auction one
/// more for each chip that could be bid, and the pass.
pub fn size(rules: &Rules) -> usize {
    if rules.auction { BID_PASS + 1 + most_bid(rules) } else { BID_PASS }
}

/// The moon scoring of a moon action.
pub fn moon_of(action: usize) -> Option<MoonScoring> {
    match action {
        MOON_ADD => Some(MoonScoring::AddToOthers),
        MOON_SUBTRACT => Some(MoonScoring::SubtractFromShooter),
        _ => None,
    }
}

/// Every action's name, for people reading a mask: `2C`, `JK1`,
/// `declare`, `name-hearts`, `moon-add`, `bid-5`, ...
pub fn names(rules: &Rules) -> Vec<String> {
    (0..size(rules))
        .map(|action| match action {
            _ if action < CARD_SLOTS => card_of(action).map_or_else(String::new, |card| card.to_string()),
            DECLINE => "decline".into(),
            DECLARE => "declare".into(),
            MOON_ADD => "moon-add".into(),
            MOON_SUBTRACT => "moon-subtract".into(),
            BID_PASS => "bid-pass".into(),
            _ if action < MOON_ADD => format!("name-{}", Suit::ALL[action - NAME_SUIT].name()),
            _ => format!("bid-{}", action - BID_PASS),
        })
        .collect()
}
