//! Bugs found by playing at the table: playing out with points face down,
//! the cursor and the cards drawn, the new-game window, the widow's count,
//! and what shows behind the resume offer.

use super::*;
use crate::engine::{Action, KittyTo, PassDirection, Preset, Trick};

// ---- playing out ----------------------------------------------------------

/// A Domino table for two where you hold `yours` and Across `theirs`; the
/// stock is `stock` when given, else every other card.
fn domino_for_two(yours: &str, theirs: &str, stock: Option<&str>) -> Harness {
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
    let mut h = Harness::from_game(rules, Game::from_position(rules, 1, hand, BySeat::splat(0)).unwrap());
    h.wait(Duration::from_secs(1));
    h
}

#[test]
fn domino_is_not_played_out_while_the_stock_holds_hearts() {
    let h = domino_for_two("2C 3C", "4C 5C", None);
    assert!(h.app.game.hand().stock().contains("AH".parse().unwrap()), "the stock is every other card");
    assert!(!h.app.can_play_out(), "the hearts of the stock go to whoever draws them or takes the stock");
    assert!(!h.status().contains("plays the hand out"), "{}", h.status());
    assert!(!h.text().contains("PLAY OUT"), "{}", h.text());
}

#[test]
fn domino_is_played_out_once_the_stock_holds_no_hearts() {
    let mut h = domino_for_two("2C 3C", "4C 5C", Some("2S 3S"));
    assert!(h.app.can_play_out());
    h.send(Command::PlayOut);
    assert_eq!(h.app.game.phase(), GamePhase::HandOver);
}

#[test]
fn a_widow_still_face_down_with_a_heart_in_it_is_not_played_out() {
    let rules = Rules { kitty_to: KittyTo::LastTrick, ..Preset::Heartsette.rules() };
    let hands = ["2C 3D", "3C 4D", "4C 5D", "5C 6D"].map(cards);
    let holdings = BySeat::new_with(|seat| hands.get(seat.index()).copied().unwrap_or(CardSet::EMPTY));
    let deal = Deal { dealer: Seat::new(3).unwrap(), hands: holdings, kitty: cards("7H"), twice: CardSet::EMPTY };
    let hand = Hand::new(&rules, deal, PassDirection::Hold);
    let mut h = Harness::from_game(rules, Game::from_position(rules, 1, hand, BySeat::splat(0)).unwrap());
    h.wait(Duration::from_secs(1));
    assert!(!h.app.can_play_out(), "the last trick's winner takes the widow's heart");
}

/// Cancellation at six, where you lead: the hands (South first) and the kitty.
fn cancellation_at_six(hands: [&str; 6], kitty: &str) -> (Rules, Game) {
    let rules = Rules { players: 6, no_blood: false, ..Preset::Cancellation.rules() };
    let holdings = BySeat::new_with(|seat| hands.get(seat.index()).map_or(CardSet::EMPTY, |text| cards(text)));
    let deal = Deal { dealer: Seat::new(5).unwrap(), hands: holdings, kitty: cards(kitty), twice: CardSet::EMPTY };
    let hand = Hand::new(&rules, deal, PassDirection::Hold);
    (rules, Game::from_position(rules, 1, hand, BySeat::splat(0)).unwrap())
}

#[test]
fn a_kitty_with_a_heart_in_it_is_not_played_out_before_the_first_trick_is_won() {
    let (rules, game) = cancellation_at_six(["2C 3C", "4C 5C", "6C 7C", "8C 9C", "TC JC", "QC KC"], "5H");
    let mut h = Harness::from_game(rules, game);
    h.wait(Duration::from_secs(1));
    assert!(!h.app.can_play_out(), "the first trick's winner takes the kitty's heart");
}

#[test]
fn cards_waiting_for_the_next_tricks_winner_keep_the_hand_from_being_played_out() {
    let hands = ["2C 3C", "2C 4C", "2H 5D", "6D 7D", "8D 9D", "TD JD"];
    let (rules, mut game) = cancellation_at_six(hands, "");
    // Both 2C cancel and nobody else has a club: nobody wins, 2H waits.
    for (seat, card) in [(0, "2C"), (1, "2C"), (2, "2H"), (3, "6D"), (4, "8D"), (5, "TD")] {
        game.apply(Action::Play { seat: Seat::new(seat).unwrap(), card: card.parse().unwrap() }).unwrap();
    }
    assert!(game.hand().waiting().cards().contains("2H".parse().unwrap()));
    let mut h = Harness::from_game(rules, game);
    h.wait(Duration::from_secs(5));
    assert!(!h.app.can_play_out(), "the next trick's winner takes the 2H that waits");
}
