//! Playing the hand out (`o`), on the table: offered only once the cards
//! still to be taken carry no points, counting those face down in Domino's
//! stock, the widow and the kitty, and those waiting for the next trick's
//! winner.

use std::time::{Duration, Instant};

use super::super::*;
use hearts_bots::Level;
use hearts_bots::players::Player;
use hearts_engine::{Deal, Hand, KittyTo, PassDirection, Preset, Rules};

fn cards(text: &str) -> CardSet {
    text.parse().expect("cards")
}

/// You alone at the table of `game`, a second after it was set down.
fn table_of(rules: Rules, game: Game) -> (Table, Instant) {
    let players = vec![Player::Builtin(Level::Normal); rules.player_count()];
    let setup = Setup { rules, label: "test".to_string(), players };
    let mut table = Table::with_game(setup, game, Vec::new(), Speed::Instant, Think::Samples(1));
    let now = Instant::now() + Duration::from_secs(1);
    table.update(Message::Tick, now);
    (table, now)
}

/// Domino for two where you hold `yours` and Across `theirs`; the stock
/// is `stock` when given, else every other card.
fn domino_for_two(yours: &str, theirs: &str, stock: Option<&str>) -> (Table, Instant) {
    let rules = Rules { players: 2, ..Preset::Domino.rules() };
    let holdings = BySeat::new_with(|seat| match seat.index() {
        0 => cards(yours),
        1 => cards(theirs),
        _ => CardSet::EMPTY,
    });
    let mut hand = Hand::from_holdings(&rules, holdings, Seat::new(1).unwrap());
    if let Some(stock) = stock {
        hand = hand.resumed(cards(stock), BySeat::splat(CardSet::EMPTY), BySeat::splat(0), false, Trick::new(YOU));
    }
    table_of(rules, Game::from_position(rules, 1, hand, BySeat::splat(0)).unwrap())
}

/// A game of `rules` at six from this deal, the dealer at seat 5 (you lead).
fn dealt_at_six(rules: Rules, hands: [&str; 6], kitty: CardSet, twice: CardSet) -> Game {
    let holdings = BySeat::new_with(|seat| hands.get(seat.index()).map_or(CardSet::EMPTY, |text| cards(text)));
    let deal = Deal { dealer: Seat::new(5).unwrap(), hands: holdings, kitty, twice };
    let hand = Hand::new(&rules, deal, PassDirection::Hold);
    Game::from_position(rules, 1, hand, BySeat::splat(0)).unwrap()
}

/// Cancellation at six, where you lead, with points on the first trick.
fn cancellation_at_six() -> Rules {
    Rules { players: 6, no_blood: false, ..Preset::Cancellation.rules() }
}

#[test]
fn domino_is_not_played_out_while_the_stock_holds_hearts() {
    let (table, _) = domino_for_two("2C 3C", "4C 5C", None);
    assert!(table.game.hand().stock().contains("AH".parse().unwrap()), "the stock is every other card");
    assert!(!table.can_play_out(), "the hearts of the stock go to whoever draws them or takes the stock");
}

#[test]
fn domino_is_played_out_once_the_stock_holds_no_hearts() {
    let (mut table, now) = domino_for_two("2C 3C", "4C 5C", Some("2S 3S"));
    assert!(table.can_play_out());
    table.update(Message::Intent(PersonId::LOCAL, Intent::PlayOut), now);
    assert_eq!(table.game.phase(), GamePhase::HandOver);
}

#[test]
fn a_widow_still_face_down_with_a_heart_in_it_is_not_played_out() {
    let rules = Rules { kitty_to: KittyTo::LastTrick, ..Preset::Heartsette.rules() };
    let hands = ["2C 3D", "3C 4D", "4C 5D", "5C 6D"].map(cards);
    let holdings = BySeat::new_with(|seat| hands.get(seat.index()).copied().unwrap_or(CardSet::EMPTY));
    let deal = Deal { dealer: Seat::new(3).unwrap(), hands: holdings, kitty: cards("7H"), twice: CardSet::EMPTY };
    let hand = Hand::new(&rules, deal, PassDirection::Hold);
    let (table, _) = table_of(rules, Game::from_position(rules, 1, hand, BySeat::splat(0)).unwrap());
    assert!(!table.can_play_out(), "the last trick's winner takes the widow's heart");
}

#[test]
fn a_kitty_with_a_heart_in_it_is_not_played_out_before_the_first_trick_is_won() {
    let rules = cancellation_at_six();
    let hands = ["2C 3C", "4C 5C", "6C 7C", "8C 9C", "TC JC", "QC KC"];
    let (table, _) = table_of(rules, dealt_at_six(rules, hands, cards("5H"), CardSet::EMPTY));
    assert!(!table.can_play_out(), "the first trick's winner takes the kitty's heart");
}

#[test]
fn cards_waiting_for_the_next_tricks_winner_keep_the_hand_from_being_played_out() {
    let rules = cancellation_at_six();
    let hands = ["2C 3C", "2C 4C", "2H 5D", "6D 7D", "8D 9D", "TD JD"];
    let mut game = dealt_at_six(rules, hands, CardSet::EMPTY, CardSet::EMPTY);
    // Both 2C cancel and nobody else has a club: nobody wins, 2H waits.
    for (seat, card) in [(0, "2C"), (1, "2C"), (2, "2H"), (3, "6D"), (4, "8D"), (5, "TD")] {
        game.apply(Action::Play { seat: Seat::new(seat).unwrap(), card: card.parse().unwrap() }).unwrap();
    }
    assert!(game.hand().waiting().cards().contains("2H".parse().unwrap()));
    let (table, _) = table_of(rules, game);
    assert!(!table.can_play_out(), "the next trick's winner takes the 2H that waits");
}
