//! Passing: the cycle, the simultaneous exchange, and refused passes.

mod common;

use common::{cards, seat};
use hearts_engine::{
    Action, CardSet, Deal, Event, Game, GameError, Hand, HandPhase, PassDirection, PassError, PassOutcome, PlayError,
    Rules, Seat,
};

fn lowest(hand: &Hand, seat: Seat, count: usize) -> CardSet {
    hand.holding(seat).iter().take(count).collect()
}

/// Every seat passes its lowest cards; returns what each passed.
fn pass_lowest(hand: &mut Hand, players: usize) -> Vec<CardSet> {
    let before = *hand;
    let passes: Vec<CardSet> = Seat::all(players).map(|s| lowest(&before, s, hand.pass_count())).collect();
    for (s, &cards) in Seat::all(players).zip(&passes) {
        let outcome = hand.pass(s, cards).unwrap();
        let last = s.index() == players - 1;
        assert_eq!(outcome, if last { PassOutcome::Exchanged } else { PassOutcome::Waiting });
    }
    passes
}

fn check_exchange(rules: &Rules, direction: PassDirection, offset: usize) {
    let players = rules.player_count();
    let deal = Deal::for_hand(rules, 3, 0);
    let mut hand = Hand::new(rules, deal, direction);
    assert_eq!(hand.phase(), HandPhase::Passing);
    let passes = pass_lowest(&mut hand, players);
    assert_eq!(hand.phase(), HandPhase::Playing);
    for from in Seat::all(players) {
        let to = from.left(offset, players);
        assert_eq!(hand.pass_target(from), to, "{direction}");
        assert_eq!(hand.received(to), passes[from.index()], "{direction}: {from} -> {to}");
        assert!(hand.holding(to).is_superset(passes[from.index()]));
        let kept = deal.hands[from] - passes[from.index()];
        assert!(hand.holding(from).is_superset(kept));
        assert_eq!(hand.holding(from).len(), rules.hand_size());
    }
}

#[test]
fn passes_go_left_right_and_across_all_at_once() {
    let rules = Rules::default();
    check_exchange(&rules, PassDirection::Left(1), 1);
    check_exchange(&rules, PassDirection::Right(1), 3);
    check_exchange(&rules, PassDirection::Across, 2);
}

#[test]
fn larger_tables_pass_two_and_three_seats_over() {
    let five = Rules { players: 5, ..Rules::default() };
    check_exchange(&five, PassDirection::Left(2), 2);
    check_exchange(&five, PassDirection::Right(2), 3);
    let seven = Rules { players: 7, ..Rules::default() };
    check_exchange(&seven, PassDirection::Left(3), 3);
    check_exchange(&seven, PassDirection::Right(3), 4);
    let six = Rules { players: 6, ..Rules::default() };
    check_exchange(&six, PassDirection::Across, 3);
}

#[test]
fn a_hold_hand_starts_play_at_once() {
    let rules = Rules::default();
    let hand = Hand::new(&rules, Deal::for_hand(&rules, 3, 3), rules.pass_direction(3));
    assert_eq!(hand.pass_direction(), PassDirection::Hold);
    assert_eq!(hand.phase(), HandPhase::Playing);
    assert_eq!(hand.pass_count(), 0);
}

#[test]
fn the_pass_cycle_turns_with_each_hand() {
    let rules = Rules::default();
    let directions: Vec<String> = (0..6).map(|hand| rules.pass_direction(hand).to_string()).collect();
    assert_eq!(directions, ["left", "right", "across", "hold", "left", "right"]);
}

#[test]
fn the_pass_count_is_an_option() {
    let rules = Rules { pass_count: 1, ..Rules::default() };
    check_exchange(&rules, PassDirection::Left(1), 1);
    let none = Rules { pass_count: 0, ..Rules::default() };
    let hand = Hand::new(&none, Deal::for_hand(&none, 3, 0), none.pass_direction(0));
    assert_eq!(hand.phase(), HandPhase::Playing);
}

#[test]
fn refused_passes_change_nothing() {
    let rules = Rules::default();
    let mut hand = Hand::new(&rules, Deal::for_hand(&rules, 8, 0), PassDirection::Left(1));
    let south = Seat::SOUTH;
    let before = hand;
    let two = lowest(&hand, south, 2);
    assert_eq!(hand.pass(south, two), Err(PassError::WrongCount { expected: 3, given: 2 }));
    let foreign = lowest(&hand, seat(1), 3);
    let missing = foreign.lowest().filter(|&c| !hand.holding(south).contains(c)).unwrap();
    assert_eq!(hand.pass(south, foreign), Err(PassError::NotInHand { card: missing }));
    assert_eq!(hand.pass(Seat::new(4).unwrap(), cards("")), Err(PassError::NoSuchSeat(Seat::new(4).unwrap())));
    assert_eq!(hand, before);
    hand.pass(south, lowest(&hand, south, 3)).unwrap();
    let chosen = hand;
    assert_eq!(hand.pass(south, lowest(&hand, south, 3)), Err(PassError::AlreadyPassed(south)));
    assert_eq!(hand, chosen);
    assert!(!hand.awaits_pass_from(south));
    assert!(hand.awaits_pass_from(seat(1)));
}

#[test]
fn no_card_is_played_before_the_exchange() {
    let mut game = Game::new(Rules::default(), 8).unwrap();
    let card = game.hand().holding(Seat::SOUTH).lowest().unwrap();
    let before = game.clone();
    assert_eq!(game.apply(Action::Play { seat: Seat::SOUTH, card }), Err(GameError::Play(PlayError::NotPlaying)));
    assert_eq!(game, before);
    for s in Seat::all(4) {
        let cards = lowest(game.hand(), s, 3);
        let event = game.apply(Action::Pass { seat: s, cards: cards.into() }).unwrap();
        assert_eq!(event, if s.index() == 3 { Event::CardsExchanged } else { Event::PassChosen });
    }
    let leader = game.hand().to_act();
    assert!(game.hand().holding(leader).contains("2C".parse().unwrap()), "the 2C holder leads after passing");
}
