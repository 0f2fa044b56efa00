//! One scenario per rule of play in RULES.md, written in card notation.

mod common;

use common::{card, cards, play_all, position, seat};
use hearts_engine::{FirstLead, HandPhase, PlayError, Rules, Suit};

fn rules() -> Rules {
    Rules::default()
}

#[test]
fn the_holder_of_the_two_of_clubs_leads_it() {
    let hand = position(&rules(), "S:A.2.3.K Q.3.4.2 K.4.5.3 J.5.6.4");
    assert_eq!(hand.to_act(), seat(1));
    assert_eq!(hand.legal_moves(), cards("2C"));
    let mut trial = hand;
    assert_eq!(trial.play(seat(1), card("4D")), Err(PlayError::MustLeadLowestClub { card: card("2C") }));
    assert_eq!(trial, hand, "a refused card changes nothing");
}

#[test]
fn with_the_two_of_clubs_removed_the_three_leads() {
    let five = Rules { players: 5, ..rules() };
    let hand = position(&five, "A...5 K...3 Q...4 J...6 T...7");
    assert_eq!(hand.to_act(), seat(1));
    assert_eq!(hand.legal_moves(), cards("3C"));
}

#[test]
fn any_club_lets_the_holder_lead_any_club() {
    let any_club = Rules { first_lead: FirstLead::AnyClub, ..rules() };
    let mut hand = position(&any_club, "S:A...K2 Q..3.3 K..4.4 J..5.5");
    assert_eq!(hand.to_act(), seat(0));
    assert_eq!(hand.legal_moves(), cards("KC 2C"));
    assert_eq!(hand.play(seat(0), card("AS")), Err(PlayError::MustLeadClub));
    assert!(hand.play(seat(0), card("KC")).is_ok());
}

#[test]
fn left_of_dealer_leads_any_card_but_an_unbroken_heart() {
    let old = Rules { first_lead: FirstLead::LeftOfDealer, ..rules() };
    // The last seat (3) dealt, so seat 0 leads.
    let mut hand = position(&old, "S:A.2.3.- Q.3.4.2 K.4.5.3 J.5.6.4");
    assert_eq!(hand.to_act(), seat(0));
    assert_eq!(hand.legal_moves(), cards("AS 3D"));
    assert_eq!(hand.play(seat(0), card("2H")), Err(PlayError::HeartsNotBroken { suit: hearts_engine::Suit::Hearts }));
    assert!(hand.play(seat(0), card("3D")).is_ok());
}

#[test]
fn players_must_follow_the_suit_led() {
    let mut hand = position(&rules(), "S:A...K2 K...T3 Q...J4 J...Q5");
    play_all(&mut hand, "2C");
    assert_eq!(hand.legal_moves(), cards("3C TC"));
    assert_eq!(hand.play(seat(1), card("KS")), Err(PlayError::MustFollowSuit { led: Suit::Clubs }));
}

#[test]
fn a_void_player_may_play_any_card_after_the_first_trick() {
    let mut hand = position(&rules(), "S:-.2.-.AK2 Q..3.T3 K..4.54 J..5.76");
    play_all(&mut hand, "2C 3C 4C 6C");
    // Seat 3 took the first trick with 6C and leads 7C; the rest of the hand
    // follows. Seat 0 holds clubs, so it follows; seat 1 follows with TC.
    play_all(&mut hand, "7C KC TC");
    assert_eq!(hand.to_act(), seat(2));
    assert_eq!(hand.legal_moves(), cards("5C"));
    play_all(&mut hand, "5C");
    // Seat 0 won with KC and leads AC: seat 1 is void in clubs now.
    play_all(&mut hand, "AC");
    assert_eq!(hand.legal_moves(), cards("QS 3D"), "QS may go now that the first trick is over");
}

#[test]
fn no_blood_keeps_penalty_cards_off_the_first_trick() {
    let mut hand = position(&rules(), "S:-.-.-.AK2 Q.2.3.- K..4.3 J..5.4");
    play_all(&mut hand, "2C");
    assert_eq!(hand.legal_moves(), cards("3D"));
    assert_eq!(hand.play(seat(1), card("QS")), Err(PlayError::NoPointsOnFirstTrick));
    assert_eq!(hand.play(seat(1), card("2H")), Err(PlayError::NoPointsOnFirstTrick));
}

#[test]
fn no_blood_gives_way_when_a_hand_is_all_penalty_cards() {
    let mut hand = position(&rules(), "S:-.-.-.AK2 Q.32.-.- K..4.3 J..5.4");
    play_all(&mut hand, "2C");
    assert_eq!(hand.legal_moves(), cards("QS 2H 3H"));
    assert!(hand.play(seat(1), card("2H")).is_ok());
    assert!(hand.hearts_broken(), "a heart on the first trick breaks hearts");
}

#[test]
fn without_no_blood_points_may_fall_on_the_first_trick() {
    let bloody = Rules { no_blood: false, ..rules() };
    let mut hand = position(&bloody, "S:-.-.-.AK2 Q.2.3.- K..4.3 J..5.4");
    play_all(&mut hand, "2C");
    assert_eq!(hand.legal_moves(), cards("QS 2H 3D"));
}

#[test]
fn hearts_may_not_be_led_before_they_are_broken() {
    let mut hand = position(&rules(), "S:-.2.5.A2 K.3.6.3 Q.4.7.4 J.5.8.5");
    play_all(&mut hand, "2C 3C 4C 5C");
    // Seat 3 won with 5C and leads.
    assert_eq!(hand.to_act(), seat(3));
    assert_eq!(hand.legal_moves(), cards("JS 8D"));
    assert_eq!(hand.play(seat(3), card("5H")), Err(PlayError::HeartsNotBroken { suit: hearts_engine::Suit::Hearts }));
}

#[test]
fn a_leader_holding_only_hearts_may_lead_one() {
    let mut hand = position(&rules(), "S:-.2.-.A2 K.3.-.3 Q.4.-.4 -.65.-.5");
    play_all(&mut hand, "2C 3C 4C 5C");
    assert_eq!(hand.to_act(), seat(3));
    assert_eq!(hand.legal_moves(), cards("5H 6H"));
}

#[test]
fn a_discarded_heart_breaks_hearts() {
    let mut hand = position(&rules(), "S:2.-.5.A2 K.3.6.3 -.74.97.- J.5.8.5");
    // Seat 2 is void in clubs; no-blood makes it discard a diamond.
    play_all(&mut hand, "2C 3C 7D 5C");
    // Seat 3 leads a spade; seat 2 is void and throws a heart.
    play_all(&mut hand, "JS 2S KS");
    assert!(!hand.hearts_broken());
    play_all(&mut hand, "4H");
    assert!(hand.hearts_broken());
    // Seat 1 took that trick with KS and may now lead a heart.
    assert_eq!(hand.to_act(), seat(1));
    assert_eq!(hand.legal_moves(), cards("3H 6D"));
}

#[test]
fn the_queen_of_spades_breaks_hearts_only_with_the_option() {
    let deal = "S:3.2.-.A2 K.3.6.3 Q.4.7.4 J.5.8.5";
    for (queen_breaks, broken) in [(false, false), (true, true)] {
        let rules = Rules { queen_breaks_hearts: queen_breaks, ..rules() };
        let mut hand = position(&rules, deal);
        play_all(&mut hand, "2C 3C 4C 5C JS 3S KS QS");
        assert_eq!(hand.hearts_broken(), broken, "queen-breaks-hearts = {queen_breaks}");
    }
}

#[test]
fn a_leader_with_only_hearts_and_the_queen_must_lead_the_queen() {
    let mut hand = position(&rules(), "S:-.2.5.A2 K.3.6.3 J.4.7.4 Q.65.-.5");
    play_all(&mut hand, "2C 3C 4C 5C");
    assert_eq!(hand.to_act(), seat(3));
    assert_eq!(hand.legal_moves(), cards("QS"));
    assert_eq!(hand.play(seat(3), card("5H")), Err(PlayError::HeartsNotBroken { suit: hearts_engine::Suit::Hearts }));
}

#[test]
fn the_queen_of_spades_may_be_led_at_any_time() {
    let mut hand = position(&rules(), "S:-.2.5.A2 K.3.6.3 J.4.7.4 Q.5.8.5");
    play_all(&mut hand, "2C 3C 4C 5C");
    assert!(hand.legal_moves().contains(card("QS")));
}

#[test]
fn without_must_break_hearts_hearts_lead_any_time() {
    let free = Rules { must_break_hearts: false, ..rules() };
    let mut hand = position(&free, "S:-.2.5.A2 K.3.6.3 Q.4.7.4 J.5.8.5");
    play_all(&mut hand, "2C 3C 4C 5C");
    assert_eq!(hand.legal_moves(), cards("JS 5H 8D"));
}

#[test]
fn the_trick_winner_leads_the_next_trick() {
    let mut hand = position(&rules(), "S:-.-.5.A2 K.-.6.3 Q.-.7.T J.-.8.5");
    play_all(&mut hand, "2C 3C TC 5C");
    assert_eq!(hand.to_act(), seat(2));
    assert_eq!(hand.tricks_won(seat(2)), 1);
    assert_eq!(hand.last_trick().unwrap().cards(), [card("2C"), card("3C"), card("TC"), card("5C")]);
}

#[test]
fn only_the_seat_to_act_may_play_and_only_its_own_cards() {
    let hand = position(&rules(), "S:-.-.5.A2 K.-.6.3 Q.-.7.T J.-.8.5");
    let mut trial = hand;
    assert_eq!(trial.play(seat(1), card("3C")), Err(PlayError::NotYourTurn { seat: seat(1), to_act: seat(0) }));
    assert_eq!(trial.play(seat(0), card("3C")), Err(PlayError::NotInHand { card: card("3C") }));
    assert_eq!(trial, hand);
}

#[test]
fn the_hand_ends_when_the_cards_run_out() {
    let mut hand = position(&rules(), "S:-.-.-.2 -.-.-.3 -.-.-.4 -.-.-.5");
    play_all(&mut hand, "2C 3C 4C 5C");
    assert_eq!(hand.phase(), HandPhase::Finished);
    assert_eq!(hand.legal_moves(), cards(""));
    assert_eq!(hand.play(seat(3), card("5C")), Err(PlayError::NotPlaying));
}

#[test]
fn refusals_read_as_sentences() {
    assert_eq!(
        PlayError::HeartsNotBroken { suit: hearts_engine::Suit::Hearts }.to_string(),
        "hearts are not broken yet"
    );
    assert_eq!(PlayError::MustFollowSuit { led: Suit::Clubs }.to_string(), "you must follow clubs");
    assert_eq!(PlayError::NoPointsOnFirstTrick.to_string(), "no points may be played on the first trick");
    assert_eq!(PlayError::MustLeadLowestClub { card: card("2C") }.to_string(), "the first trick must be led with 2C");
}
