//! The Hearts family's points-table games: one scenario per rule and per
//! decision of the rule book, in card notation.

mod common;

use common::{card, hands, play_all, position, seat};
use hearts_bots::{Level, SeatView, Think};
use hearts_engine::{
    Action, BySeat, CardSet, Deal, DeclareError, Game, GamePhase, Hand, HandPhase, HandResult, MoonRule, MoonScoring,
    PassDirection, PointsTable, Preset, Rules, RulesError,
};

fn table(scores: BySeat<i32>) -> Vec<i32> {
    scores.of_table(4).to_vec()
}

/// North takes a trick of the AH, KH, QS and JS after a trick of clubs.
const HIGH_CARDS: &str = "S:Q.-.-.2 J.-.-.3 -.A.-.4 -.K.-.5";
const HIGH_CARDS_PLAY: &str = "2C 3C 4C 5C KH QS JS AH";

#[test]
fn each_table_values_the_high_cards_as_the_rule_book_says() {
    let expected = [
        (PointsTable::Standard, 13 + 1 + 1),
        // Black Jack: the JS 10 and the hearts 1; the QS is nothing.
        (PointsTable::BlackJack, 10 + 1 + 1),
        // Greek: QS 50, AH 15, KH 10.
        (PointsTable::Greek, 50 + 15 + 10),
        // Chasse Coeur: the QS 13 like every queen, hearts 1.
        (PointsTable::ChasseCoeur, 13 + 1 + 1),
        // Royal: QS 26, hearts 1 (no QH taken, so nothing doubles).
        (PointsTable::Royal, 26 + 1 + 1),
        // Eagle: hearts only, A 5, K 4.
        (PointsTable::Eagle, 5 + 4),
    ];
    for (points, north) in expected {
        let rules = Rules { points, ..Rules::default() };
        let mut hand = position(&rules, HIGH_CARDS);
        play_all(&mut hand, HIGH_CARDS_PLAY);
        let result = HandResult::of(&hand, &rules);
        assert_eq!(table(result.points_taken), vec![0, 0, north, 0], "{points}");
    }
}

#[test]
fn the_family_tables_add_up_to_their_totals() {
    let total = |points| Rules { points, ..Rules::default() }.penalty_total();
    assert_eq!(total(PointsTable::BlackJack), 23);
    assert_eq!(total(PointsTable::Greek), 149);
    assert_eq!(total(PointsTable::ChasseCoeur), 64);
    assert_eq!(total(PointsTable::Royal), 39);
    assert_eq!(total(PointsTable::Eagle), 23);
    // Eagle's pips are 1 each whatever their face.
    assert_eq!(PointsTable::Eagle.value(card("TH")), 1);
    assert_eq!(PointsTable::Eagle.value(card("JH")), 2);
    assert_eq!(PointsTable::Greek.value(card("TH")), 10);
    assert_eq!(PointsTable::Greek.value(card("QH")), 10);
    assert_eq!(PointsTable::ChasseCoeur.value(card("QD")), 13);
}

#[test]
fn black_jack_makes_the_jack_of_spades_the_card_to_dump() {
    // West is void in clubs with the QS and JS: it throws the card that scores.
    let deal = "S:-.-.765.2 QJ.-.43.- -.-.8.AK7 -.-.T9.93";
    for (points, dumped) in [(PointsTable::Standard, "QS"), (PointsTable::BlackJack, "JS")] {
        let rules = Rules { points, no_blood: false, ..Rules::default() };
        let mut hand = Hand::from_holdings(&rules, hands(&rules, deal), seat(3));
        play_all(&mut hand, "2C");
        let view = SeatView::of_hand(&rules, &hand, &[], seat(1), BySeat::splat(0), 1);
        for level in [Level::Normal, Level::Hard] {
            assert_eq!(level.bot(1, seat(1), Think::Samples(1)).play(&view), card(dumped), "{points} {level}");
        }
    }
}

#[test]
fn black_jack_ducks_the_jack_under_a_higher_spade() {
    // North leads the KS into South's JS and 2S: the jack goes under the king.
    let rules = Preset::BlackJack.rules();
    let deal = "S:J2.-.-.3 Q.-.54.- K5.-.-.A 4.-.-.72";
    let mut hand = Hand::from_holdings(&rules, hands(&rules, deal), seat(3));
    play_all(&mut hand, "2C 3C 4D AC KS 4S");
    assert_eq!(hand.to_act(), seat(0));
    let view = SeatView::of_hand(&rules, &hand, &[], seat(0), BySeat::splat(0), 1);
    assert_eq!(Level::Normal.bot(1, seat(0), Think::Samples(1)).play(&view), card("JS"));
}

/// South takes every penalty card (QS and 2H..6H); East takes the last trick
/// with the jack of diamonds.
const SOUTH_SHOOTS: &str = "S:-.-.3.AK2 Q.2.54.- -.43.76.- -.65.J8.-";
const SOUTH_SHOOTS_PLAY: &str = "2C 4D 6D 8D AC QS 3H 5H KC 2H 4H 6H 3D 5D 7D JD";

#[test]
fn a_greek_moon_is_worth_150_to_each_other_player() {
    let rules = Preset::Greek.rules();
    let mut hand = position(&rules, SOUTH_SHOOTS);
    play_all(&mut hand, SOUTH_SHOOTS_PLAY);
    let result = HandResult::of(&hand, &rules);
    // The cards were worth QS 50 + 2..6 of hearts 20, but the moon is fixed.
    assert_eq!(result.points_taken[seat(0)], 70);
    assert_eq!(result.moon_value, 150);
    assert_eq!(table(result.scores(&rules, Some(MoonScoring::AddToOthers))), vec![0, 150, 150, 150]);
    assert_eq!(rules.target_score, 575);
}

#[test]
fn moon_value_is_refused_where_there_is_no_moon() {
    let rules = Rules { moon_value: Some(150), moon: MoonRule::Off, ..Rules::default() };
    let error = rules.validate().unwrap_err();
    assert_eq!(error, RulesError::MoonValueWithoutMoon(150));
    assert_eq!(error.keys(), ["moon-value", "moon"]);
}

fn royal() -> Rules {
    Rules { no_blood: false, target_score: 1000, ..Preset::Royal.rules() }
}

#[test]
fn royal_the_queen_of_hearts_doubles_every_heart_her_taker_took() {
    // East takes the QH and 4H on the first trick, then the 6H, 3H and 5H.
    let rules = royal();
    let mut hand = position(&rules, "S:-.-.-.A2 -.Q3.-.- -.54.-.- -.6.-.Q");
    play_all(&mut hand, "2C QH 4H QC 6H AC 3H 5H");
    let result = HandResult::of(&hand, &rules);
    assert_eq!(table(result.points_taken), vec![0, 0, 0, 5 * 2]);
}

#[test]
fn royal_the_queen_of_clubs_cancels_the_queen_of_spades_for_her_taker() {
    // East takes the QS with the QC: the QS scores nothing for East.
    let rules = royal();
    let mut hand = position(&rules, "S:-.-.A.2 Q.-.3.- -.-.2.4 -.-.5.Q");
    play_all(&mut hand, "2C QS 4C QC 5D AD 3D 2D");
    let result = HandResult::of(&hand, &rules);
    assert_eq!(table(result.points_taken), vec![0, 0, 0, 0]);
    // Without the QC the same queen is 26.
    let mut hand = position(&rules, "S:-.-.A.2 Q.-.3.- -.-.2.4 -.-.5.K");
    play_all(&mut hand, "2C QS 4C KC 5D AD 3D 2D");
    assert_eq!(table(HandResult::of(&hand, &rules).points_taken), vec![0, 0, 0, 26]);
}

/// South takes the QD with two hearts; East one heart: nobody shoots.
const SOUTH_TAKES_THE_QD: &str = "S:-.-.Q.2 -.42.-.- -.3.-.4 -.-.2.A";
const SOUTH_TAKES_THE_QD_PLAY: &str = "2C 4H 4C AC 2D QD 2H 3H";

fn royal_totals_after(before: [i32; 4]) -> Vec<i32> {
    let rules = royal();
    let hand = position(&rules, SOUTH_TAKES_THE_QD);
    let mut game =
        Game::from_position(rules, 1, hand, BySeat::new_with(|s| before.get(s.index()).copied().unwrap_or(0))).unwrap();
    for text in SOUTH_TAKES_THE_QD_PLAY.split_whitespace() {
        let seat = game.hand().to_act();
        game.apply(Action::Play { seat, card: card(text) }).unwrap();
    }
    assert_eq!(game.phase(), GamePhase::HandOver);
    let record = game.history().last().unwrap();
    assert_eq!(table(record.scores), vec![2, 0, 0, 1]);
    assert_eq!(record.result.total_cut, Some(seat(0)));
    table(*game.totals())
}

#[test]
fn royal_the_queen_of_diamonds_takes_ten_off_her_takers_total() {
    // 25 + 2 = 27, less 10.
    assert_eq!(royal_totals_after([25, 15, 0, 0]), vec![17, 15, 0, 1]);
}

#[test]
fn royal_the_queen_of_diamonds_never_takes_a_total_below_zero() {
    // 3 + 2 = 5: 10 off would be -5, so the total becomes 0.
    assert_eq!(royal_totals_after([3, 15, 0, 0]), vec![0, 15, 0, 1]);
}

#[test]
fn royal_the_queen_of_diamonds_never_raises_a_total_already_below_zero() {
    // A subtracted moon left South at -31: -31 + 2 = -29 stays as it is.
    assert_eq!(royal_totals_after([-31, 15, 0, 0]), vec![-29, 15, 0, 1]);
}

#[test]
fn royal_the_shooter_picks_every_time_and_the_moon_is_their_score() {
    let rules = royal();
    let hand = position(&rules, SOUTH_SHOOTS);
    let mut game = Game::from_position(rules, 1, hand, BySeat::splat(0)).unwrap();
    for text in SOUTH_SHOOTS_PLAY.split_whitespace() {
        let seat = game.hand().to_act();
        game.apply(Action::Play { seat, card: card(text) }).unwrap();
    }
    // Nothing is at stake for the game, and still South is asked.
    assert_eq!(game.phase(), GamePhase::MoonChoice(seat(0)));
    game.apply(Action::ChooseMoon { seat: seat(0), scoring: MoonScoring::SubtractFromShooter }).unwrap();
    // QS 26 and five hearts, not doubled (no QH in play): 31 off South.
    assert_eq!(table(game.history()[0].scores), vec![-31, 0, 0, 0]);
}

/// Chasse Coeur with the dealer East: South leads, and is asked first.
fn chasse_coeur_hand(deal: &str) -> (Rules, Hand) {
    let rules = Preset::ChasseCoeur.rules();
    let deal = Deal { dealer: seat(3), hands: hands(&rules, deal), kitty: CardSet::EMPTY, twice: CardSet::EMPTY };
    (rules, Hand::new(&rules, deal, PassDirection::Hold))
}

/// South's AH and AS take everything: QS and four hearts (17 points).
const SOUTH_TAKES_ALL: &str = "S:A.A.-.- Q.2.-.- 2.3.-.- 3.4.-.-";
const SOUTH_TAKES_ALL_PLAY: &str = "AH 2H 3H 4H AS QS 2S 3S";

#[test]
fn the_generale_is_asked_in_play_order_from_the_leader_and_the_first_declaration_stands() {
    let (_, mut hand) = chasse_coeur_hand(SOUTH_TAKES_ALL);
    assert_eq!(hand.phase(), HandPhase::Declaring);
    assert_eq!(hand.to_declare(), Some(seat(0)));
    assert_eq!(hand.declare(seat(2), true), Err(DeclareError::NotYourTurn { seat: seat(2), to_act: seat(0) }));
    hand.declare(seat(0), false).unwrap();
    assert_eq!(hand.to_declare(), Some(seat(1)));
    hand.declare(seat(1), true).unwrap();
    // West declared: nobody else is asked, and South leads.
    assert_eq!(hand.declarer(), Some(seat(1)));
    assert_eq!(hand.phase(), HandPhase::Playing);
    assert_eq!(hand.to_act(), seat(0));
}

#[test]
fn you_may_not_declare_after_the_first_lead() {
    let (_, mut hand) = chasse_coeur_hand(SOUTH_TAKES_ALL);
    for s in 0..4 {
        hand.declare(seat(s), false).unwrap();
    }
    play_all(&mut hand, "AH");
    let error = hand.declare(seat(1), true).unwrap_err();
    assert_eq!(error, DeclareError::NotDeclaring);
    assert_eq!(error.to_string(), "you may not declare after the first lead");
    // Black Lady has no declaration at all.
    let mut plain = position(&Rules::default(), SOUTH_SHOOTS);
    assert_eq!(plain.declare(seat(0), true), Err(DeclareError::NoDeclaration));
}

#[test]
fn a_made_generale_scores_the_declarer_nothing_and_everyone_else_the_penalty_total() {
    let (rules, mut hand) = chasse_coeur_hand(SOUTH_TAKES_ALL);
    hand.declare(seat(0), true).unwrap();
    play_all(&mut hand, SOUTH_TAKES_ALL_PLAY);
    let result = HandResult::of(&hand, &rules);
    assert_eq!(result.shooter, None, "a declared Generale is not a moon");
    assert_eq!(table(result.scores(&rules, None)), vec![0, 17, 17, 17]);
}

#[test]
fn a_failed_generale_costs_the_declarer_the_penalty_total_and_the_others_score_what_they_took() {
    // West takes the QS with the AS.
    let (rules, mut hand) = chasse_coeur_hand("S:2.A.-.- A.2.-.- Q.3.-.- 3.4.-.-");
    hand.declare(seat(0), true).unwrap();
    play_all(&mut hand, "AH 2H 3H 4H 2S AS QS 3S");
    let result = HandResult::of(&hand, &rules);
    assert_eq!(table(result.points_taken), vec![4, 13, 0, 0]);
    assert_eq!(table(result.scores(&rules, None)), vec![17, 13, 0, 0]);
}

#[test]
fn a_silent_generale_gives_each_other_player_54() {
    let (rules, mut hand) = chasse_coeur_hand(SOUTH_TAKES_ALL);
    for s in 0..4 {
        hand.declare(seat(s), false).unwrap();
    }
    play_all(&mut hand, SOUTH_TAKES_ALL_PLAY);
    let result = HandResult::of(&hand, &rules);
    assert_eq!(result.shooter, Some(seat(0)));
    assert_eq!(table(result.scores(&rules, MoonScoring::fixed_by(rules.moon))), vec![0, 54, 54, 54]);
}

/// Chasse Coeur with a no-tricks bonus of -5.
fn chasse_coeur_with_a_bonus(deal: &str) -> (Rules, Hand) {
    let (rules, hand) = chasse_coeur_hand(deal);
    (Rules { no_tricks_bonus: -5, ..rules }, hand)
}

#[test]
fn a_made_generale_counts_as_a_moon_and_nobody_gets_the_no_tricks_bonus() {
    let (rules, mut hand) = chasse_coeur_with_a_bonus(SOUTH_TAKES_ALL);
    hand.declare(seat(0), true).unwrap();
    play_all(&mut hand, SOUTH_TAKES_ALL_PLAY);
    // West, North and East took no trick, and still score the 17 without the -5.
    assert_eq!(table(HandResult::of(&hand, &rules).scores(&rules, None)), vec![0, 17, 17, 17]);
    // A silent Generale is a moon too.
    let (rules, mut hand) = chasse_coeur_with_a_bonus(SOUTH_TAKES_ALL);
    for s in 0..4 {
        hand.declare(seat(s), false).unwrap();
    }
    play_all(&mut hand, SOUTH_TAKES_ALL_PLAY);
    let result = HandResult::of(&hand, &rules);
    assert_eq!(table(result.scores(&rules, MoonScoring::fixed_by(rules.moon))), vec![0, 54, 54, 54]);
}

#[test]
fn after_a_failed_generale_each_player_who_took_no_trick_gets_the_no_tricks_bonus() {
    // South declares and takes the hearts; West takes the QS with the AS.
    let (rules, mut hand) = chasse_coeur_with_a_bonus("S:2.A.-.- A.2.-.- Q.3.-.- 3.4.-.-");
    hand.declare(seat(0), true).unwrap();
    play_all(&mut hand, "AH 2H 3H 4H 2S AS QS 3S");
    let result = HandResult::of(&hand, &rules);
    assert_eq!(table(result.tricks.map(i32::from)), vec![1, 1, 0, 0]);
    // The declarer pays the 17; West its 13; North and East, without a trick, -5 each.
    assert_eq!(table(result.scores(&rules, None)), vec![17, 13, -5, -5]);
}

#[test]
fn chasse_coeur_lets_hearts_lead_and_points_fall_on_the_first_trick() {
    let rules = Preset::ChasseCoeur.rules();
    assert_eq!((rules.pass_count, rules.target_score), (0, 250));
    let (_, mut hand) = chasse_coeur_hand(SOUTH_TAKES_ALL);
    for s in 0..4 {
        hand.declare(seat(s), false).unwrap();
    }
    // The player left of the dealer leads anything, a heart included.
    assert_eq!(hand.legal_moves(), common::cards("AS AH"));
}

#[test]
fn a_bot_declares_the_generale_only_with_a_hand_that_takes_everything() {
    let (rules, hand) = chasse_coeur_hand(SOUTH_TAKES_ALL);
    let view = SeatView::of_hand(&rules, &hand, &[], seat(0), BySeat::splat(0), 1);
    assert!(Level::Normal.bot(1, seat(0), Think::Samples(1)).declare(&view));
    let (rules, hand) = chasse_coeur_hand("S:2.A.-.- A.2.-.- Q.3.-.- 3.4.-.-");
    let view = SeatView::of_hand(&rules, &hand, &[], seat(0), BySeat::splat(0), 1);
    assert!(!Level::Normal.bot(1, seat(0), Think::Samples(1)).declare(&view));
}

#[test]
fn bots_stop_a_declarer_by_taking_one_point() {
    // South leads the KH; West holds the AH and the 2H. Against a declarer
    // West takes the trick with the ace; otherwise it ducks.
    for declared in [true, false] {
        let (rules, mut hand) = chasse_coeur_hand("S:A.K.-.- -.A2.-.- 2.3.-.- 3.4.-.-");
        hand.declare(seat(0), declared).unwrap();
        for s in 1..4 {
            if hand.to_declare().is_some() {
                hand.declare(seat(s), false).unwrap();
            }
        }
        play_all(&mut hand, "KH");
        let view = SeatView::of_hand(&rules, &hand, &[], seat(1), BySeat::splat(0), 1);
        assert_eq!(view.variants.declarer, declared.then_some(seat(0)));
        let expected = if declared { "AH" } else { "2H" };
        for level in [Level::Normal, Level::Hard] {
            assert_eq!(level.bot(1, seat(1), Think::Samples(1)).play(&view), card(expected), "{level}");
        }
    }
}

#[test]
fn heartsette_deals_the_rule_books_table_of_hands_and_widows() {
    use hearts_engine::Kitty;
    // (players, cards each, widow); four players play without the 2S.
    for (players, each, widow) in [(3, 16, 4), (4, 12, 3), (5, 10, 2), (6, 8, 4), (7, 7, 3)] {
        let rules = Rules { players, ..Preset::Heartsette.rules() };
        assert_eq!(rules.kitty, Kitty::Heartsette);
        assert_eq!((rules.hand_size(), rules.kitty_size()), (each, widow), "{players} players");
        let deal = Deal::for_hand(&rules, 3, 0);
        assert_eq!(deal.kitty.len(), widow);
        assert_eq!(deal.hands[seat(0)].len(), each);
    }
    let four = Rules { players: 4, ..Preset::Heartsette.rules() };
    assert!(!four.deck().contains(card("2S")));
}

/// Three players, 2 cards each and a widow of two (the QS and 5H): West
/// takes the first trick, North the last.
fn widow_hand(kitty_to: hearts_engine::KittyTo) -> (Rules, Hand) {
    let rules = Rules { players: 3, kitty: hearts_engine::Kitty::Leftover, kitty_to, ..Rules::default() };
    let hands = hands(&rules, "-.-.3.2 -.-.2.A -.-.A.3");
    let deal = Deal { dealer: seat(2), hands, kitty: common::cards("QS 5H"), twice: CardSet::EMPTY };
    (rules, Hand::new(&rules, deal, PassDirection::Hold))
}

#[test]
fn the_widow_goes_with_its_points_to_the_first_tricks_winner_and_only_it_sees_the_cards() {
    let (rules, mut hand) = widow_hand(hearts_engine::KittyTo::FirstTrick);
    play_all(&mut hand, "2C AC 3C");
    assert_eq!(hand.kitty_taker(), Some(seat(1)));
    let taker = SeatView::of_hand(&rules, &hand, &[], seat(1), BySeat::splat(0), 1);
    assert_eq!(taker.variants.widow, common::cards("QS 5H"));
    assert!(!taker.unseen().contains(card("QS")), "the taker knows where the QS is");
    let other = SeatView::of_hand(&rules, &hand, &[], seat(0), BySeat::splat(0), 1);
    assert_eq!(other.variants.widow, CardSet::EMPTY);
    assert!(other.unseen().contains(card("QS")), "the others do not");
    play_all(&mut hand, "2D AD 3D");
    assert_eq!(table3(HandResult::of(&hand, &rules).points_taken), vec![0, 14, 0]);
}

#[test]
fn with_kitty_to_last_trick_the_widow_waits_for_the_last_tricks_winner() {
    let (rules, mut hand) = widow_hand(hearts_engine::KittyTo::LastTrick);
    play_all(&mut hand, "2C AC 3C");
    assert_eq!(hand.kitty_taker(), None, "still face down after the first trick");
    let view = SeatView::of_hand(&rules, &hand, &[], seat(1), BySeat::splat(0), 1);
    assert_eq!((view.variants.kitty_size, view.variants.widow), (2, CardSet::EMPTY));
    play_all(&mut hand, "2D AD 3D");
    assert_eq!(hand.kitty_taker(), Some(seat(2)));
    assert_eq!(table3(HandResult::of(&hand, &rules).points_taken), vec![0, 0, 14]);
}

#[test]
fn when_the_lowest_club_lies_in_the_widow_the_holder_of_the_lowest_club_held_leads_it() {
    // The 2C is in the widow: North holds the 3C, the lowest club held.
    let rules = Rules { players: 3, ..Preset::Heartsette.rules() };
    let hands = hands(&rules, "-.-.3.4 -.-.2.A -.-.A.3");
    let deal = Deal { dealer: seat(0), hands, kitty: common::cards("2C 5H"), twice: CardSet::EMPTY };
    let hand = Hand::new(&rules, deal, PassDirection::Hold);
    assert_eq!(hand.to_act(), seat(2), "North, not West left of the dealer");
    assert_eq!(hand.legal_moves(), common::cards("3C"));
}

fn table3(scores: BySeat<i32>) -> Vec<i32> {
    scores.of_table(3).to_vec()
}

// ---- chips and sweepstakes ----------------------------------------------

use hearts_engine::{Chips, Scoring, Seat};

/// A hand's result as the chips see it: each seat's points, and a shooter.
fn took(points: [i32; 4], shooter: Option<usize>, worth: i32) -> HandResult {
    HandResult {
        points_taken: BySeat::new_with(|s| points.get(s.index()).copied().unwrap_or(0)),
        tricks: BySeat::splat(1),
        bonus_taker: None,
        queen_taker: None,
        shooter: shooter.map(seat),
        penalty_total: 26,
        moon_value: worth,
        generale: None,
        total_cut: None,
        bid: None,
    }
}

fn chips(stacks: [i32; 4], pot: i32) -> Chips {
    Chips { stacks: BySeat::new_with(|s| stacks.get(s.index()).copied().unwrap_or(0)), pot }
}

fn stacks(chips: &Chips) -> (Vec<i32>, i32) {
    (chips.stacks.of_table(4).to_vec(), chips.pot)
}

fn chips_rules(scoring: Scoring) -> Rules {
    Rules { scoring, moon: MoonRule::Off, ..Rules::default() }
}

#[test]
fn under_chips_everyone_pays_a_chip_a_point_and_the_fewest_points_take_the_pot() {
    let settled = chips([50, 50, 50, 50], 0).settle(&took([3, 13, 6, 4], None, 26), &chips_rules(Scoring::Chips));
    // 26 chips go in; South, with 3, takes them all.
    assert_eq!(stacks(&settled.after), (vec![73, 37, 44, 46], 0));
    assert_eq!(settled.change.of_table(4), [23, -13, -6, -4]);
    assert!(!settled.short);
}

#[test]
fn players_tied_for_fewest_share_the_pot_and_the_odd_chip_stays() {
    let settled = chips([50, 50, 50, 50], 0).settle(&took([0, 0, 17, 0], None, 26), &chips_rules(Scoring::Chips));
    // 17 among three: 5 each, 2 stay in the pot for the next deal.
    assert_eq!(stacks(&settled.after), (vec![55, 55, 33, 55], 2));
}

#[test]
fn sweepstakes_pays_the_pot_only_to_a_player_who_took_no_points() {
    let rules = chips_rules(Scoring::Sweepstakes);
    let alone = chips([50, 50, 50, 50], 0).settle(&took([0, 13, 9, 4], None, 26), &rules);
    assert_eq!(stacks(&alone.after), (vec![76, 37, 41, 46], 0));
    // Everyone took points: the pot stays for the next deal...
    let nobody = chips([50, 50, 50, 50], 0).settle(&took([1, 13, 8, 4], None, 26), &rules);
    assert_eq!(stacks(&nobody.after), (vec![49, 37, 42, 46], 26));
    // ...and grows until a clean hand takes it.
    let next = nobody.after.settle(&took([0, 20, 6, 0], None, 26), &rules);
    assert_eq!(stacks(&next.after), (vec![75, 17, 36, 72], 0));
}

#[test]
fn a_moon_in_chips_is_paid_by_each_other_player_and_the_rest_from_the_pot() {
    // 004's example: 13 points, 4 from each of three and 1 from the table.
    let rules = Rules { scoring: Scoring::Chips, ..Rules::default() };
    let settled = chips([50, 50, 50, 50], 3).settle(&took([13, 0, 0, 0], Some(0), 13), &rules);
    assert_eq!(stacks(&settled.after), (vec![63, 46, 46, 46], 2));
}

#[test]
fn a_moon_in_chips_takes_only_what_the_pot_holds_of_the_rest() {
    // 26 points among three: 8 from each, and the pot owes 2 but holds 1.
    let rules = Rules { scoring: Scoring::Chips, ..Rules::default() };
    let settled = chips([50, 50, 50, 50], 1).settle(&took([26, 0, 0, 0], Some(0), 26), &rules);
    assert_eq!(stacks(&settled.after), (vec![75, 42, 42, 42], 0));
    assert!(!settled.short, "the pot paying less than the rest is no player short");
}

#[test]
fn chips_and_sweepstakes_refuse_the_no_tricks_bonus_other_moons_and_the_generale() {
    for scoring in [Scoring::Chips, Scoring::Sweepstakes] {
        let chips = Rules { scoring, ..Rules::default() };
        let bonus = Rules { no_tricks_bonus: -5, ..chips };
        assert_eq!(bonus.validate(), Err(RulesError::NoTricksBonusWithChips { bonus: -5, scoring }));
        assert_eq!(bonus.validate().unwrap_err().keys(), ["no-tricks-bonus", "scoring"]);
        for moon in [MoonRule::SubtractFromShooter, MoonRule::ShooterChooses, MoonRule::ShooterPicks] {
            let error = Rules { moon, ..chips }.validate().unwrap_err();
            assert_eq!(error, RulesError::MoonWithChips { moon, scoring });
            assert_eq!(error.keys(), ["moon", "scoring"]);
        }
        for moon in [MoonRule::AddToOthers, MoonRule::Off] {
            assert_eq!(Rules { moon, ..chips }.validate(), Ok(()), "{moon} under {scoring}");
        }
        let generale = Rules { declaration: hearts_engine::Declaration::Generale, ..chips };
        assert_eq!(generale.validate().unwrap_err().keys(), ["declaration", "scoring"]);
    }
    // Royal's shooter-picks has no place under chips, and the error says what does.
    let royal_for_chips = Rules { scoring: Scoring::Chips, ..Preset::Royal.rules() };
    let error = royal_for_chips.validate().unwrap_err().to_string();
    assert!(error.contains("needs moon = \"add-to-others\" or \"off\", not \"shooter-picks\""), "{error}");
    assert_eq!(Rules { moon: MoonRule::AddToOthers, ..royal_for_chips }.validate(), Ok(()));
}

#[test]
fn with_the_moon_off_the_taker_of_every_point_pays_them_all() {
    let settled = chips([50, 50, 50, 50], 0).settle(&took([13, 0, 0, 0], None, 13), &chips_rules(Scoring::Chips));
    // 13 in; the three with none share 12 (4 each) and 1 stays.
    assert_eq!(stacks(&settled.after), (vec![37, 54, 54, 54], 1));
}

#[test]
fn a_player_who_cannot_pay_pays_what_they_have_and_the_game_ends_after_the_deal() {
    let settled = chips([5, 50, 50, 50], 0).settle(&took([13, 0, 0, 13], None, 26), &chips_rules(Scoring::Chips));
    assert!(settled.short);
    // South pays 5 of 13; West and North share 18 (9 each).
    assert_eq!(stacks(&settled.after), (vec![0, 59, 59, 37], 0));
    // In a game, the hand that leaves a player short is the last.
    let rules = Rules { chips: 3, ..Preset::Hoyle1887.rules() };
    let mut game = Game::new(rules, 4).unwrap();
    play_to_the_end(&mut game, CardSet::lowest);
    let last = game.history().last().unwrap().chips.unwrap();
    assert!(last.short || game.history().len() == 8);
    assert!(game.history().iter().rev().skip(1).all(|hand| !hand.chips.unwrap().short));
}

/// Plays a game without passing to its end, each seat playing the card
/// `pick` chooses from its legal cards.
fn play_to_the_end(game: &mut Game, pick: fn(CardSet) -> Option<hearts_engine::Card>) {
    while game.phase() != GamePhase::GameOver {
        if game.phase() == GamePhase::HandOver {
            game.apply(Action::NextHand).unwrap();
            continue;
        }
        let seat = game.hand().to_act();
        let card = pick(game.legal_moves()).unwrap();
        game.apply(Action::Play { seat, card }).unwrap();
    }
}

#[test]
fn hoyle_1887_plays_original_hearts_for_chips_over_eight_deals_and_the_most_chips_win() {
    let rules = Preset::Hoyle1887.rules();
    assert_eq!((rules.scoring, rules.points, rules.moon), (Scoring::Chips, PointsTable::Original, MoonRule::Off));
    assert_eq!((rules.pass_count, rules.no_blood, rules.must_break_hearts), (0, false, false));
    assert_eq!(rules.hand_limit(), 8);
    let mut game = Game::new(rules, 9).unwrap();
    assert_eq!(game.chips().unwrap().stacks.of_table(4), [50, 50, 50, 50]);
    play_to_the_end(&mut game, CardSet::highest);
    let stacks = game.chips().unwrap().stacks;
    let most = Seat::all(4).map(|s| stacks[s]).max().unwrap();
    assert!(game.leaders().iter().all(|&s| stacks[s] == most));
    assert_eq!(game.history().len(), 8, "nobody went broke with 50 chips in eight deals of 13 points");
}

// ---- jokers ----------------------------------------------------------------

#[test]
fn a_joker_may_be_played_at_any_time_even_by_a_player_who_could_follow() {
    let rules = Rules { jokers: Some(1), no_blood: false, ..Rules::default() };
    // West holds the 3C and JK1: either may go on South's 2C.
    let mut hand = position(&rules, "S:6.-.4.2 -.-.5.3.1 7.-.6.4 8.-.7.5");
    assert_eq!(hand.to_act(), seat(0));
    play_all(&mut hand, "2C");
    assert_eq!(hand.legal_moves(), common::cards("3C JK1"));
    play_all(&mut hand, "JK1 4C 5C");
    // The joker never wins: East's 5C does.
    assert_eq!(hand.last_trick().unwrap().winner(4), Some(seat(3)));
}

#[test]
fn a_led_joker_leaves_the_next_player_free_and_that_card_sets_the_suit() {
    let rules = Rules { jokers: Some(1), no_blood: false, must_break_hearts: false, ..Rules::default() };
    // South wins the clubs and leads the joker.
    let mut hand = position(&rules, "S:2.-.-.A.1 -.3.9.2 -.5.8.4 4.-.7.3");
    play_all(&mut hand, "2C 4C 3C AC JK1");
    // West may play anything: nothing has set the suit yet.
    assert_eq!(hand.trick().led_suit(), None);
    assert_eq!(hand.legal_moves(), common::cards("9D 3H"));
    play_all(&mut hand, "3H");
    // West's heart set the suit: North must follow it.
    assert_eq!(hand.trick().led_suit(), Some(hearts_engine::Suit::Hearts));
    assert_eq!(hand.legal_moves(), common::cards("5H"));
    play_all(&mut hand, "5H 4S");
    assert_eq!(hand.last_trick().unwrap().winner(4), Some(seat(2)), "the 5H; the joker never wins");
}

#[test]
fn after_a_led_joker_an_unbroken_heart_may_set_the_suit() {
    // Hearts must be broken before they are led, and none has been played.
    let rules = Rules { jokers: Some(1), ..Rules::default() };
    assert!(rules.must_break_hearts);
    let mut hand = position(&rules, "S:2.-.-.A.1 -.3.9.2 -.5.8.4 4.-.7.3");
    play_all(&mut hand, "2C 4C 3C AC JK1");
    assert!(!hand.hearts_broken());
    // The joker was led, not a heart: West's 3H is a card like any other...
    assert_eq!(hand.legal_moves(), common::cards("9D 3H"));
    play_all(&mut hand, "3H");
    // ...and it set the suit: North must follow hearts.
    assert_eq!(hand.trick().led_suit(), Some(hearts_engine::Suit::Hearts));
    assert_eq!(hand.legal_moves(), common::cards("5H"));
}

#[test]
fn a_trick_of_jokers_only_goes_to_its_leader() {
    let rules = Rules { players: 3, jokers: Some(3), no_blood: false, ..Rules::default() };
    let hands = hands(&rules, "-.-.-.2.1 -.-.-.3.2 -.-.-.4.3");
    let mut hand = Hand::from_holdings(&rules, hands, seat(2));
    play_all(&mut hand, "2C 3C 4C");
    // North took the clubs and leads its joker; the others follow with theirs.
    assert_eq!(hand.to_act(), seat(2));
    play_all(&mut hand, "JK3 JK1 JK2");
    assert_eq!(hand.last_trick().unwrap().winner(3), Some(seat(2)));
    assert_eq!(hand.phase(), HandPhase::Finished);
}

#[test]
fn jokers_make_the_deck_divide_by_removing_the_fewest_cards_of_the_list() {
    let deck = |players, jokers| Rules { players, jokers: Some(jokers), ..Rules::default() };
    // Three players and two jokers: 54 cards, none removed.
    assert_eq!(deck(3, 2).removed(), CardSet::EMPTY);
    assert_eq!(deck(3, 2).hand_size(), 18);
    // Four players and four jokers: 14 each.
    assert_eq!((deck(4, 4).removed(), deck(4, 4).hand_size()), (CardSet::EMPTY, 14));
    // Four players and one joker: 53, so the 2D goes.
    assert_eq!(deck(4, 1).removed(), common::cards("2D"));
    // Five and three: 55, none; seven and one: 53, 2D 2C 2S 3D.
    assert_eq!(deck(5, 3).removed(), CardSet::EMPTY);
    assert_eq!(deck(7, 1).removed(), common::cards("2D 2C 2S 3D"));
    // The preset: two jokers at three or six players, four otherwise.
    let joker = |players| Rules { players, ..Preset::Joker.rules() }.joker_count();
    assert_eq!([joker(3), joker(4), joker(5), joker(6), joker(7)], [2, 4, 4, 2, 4]);
    for players in 3..=7 {
        assert_eq!(Rules { players, ..Preset::Joker.rules() }.validate(), Ok(()));
    }
}

#[test]
fn jokers_cannot_be_played_with_a_kitty() {
    let rules = Rules { jokers: Some(2), kitty: hearts_engine::Kitty::Leftover, ..Rules::default() };
    assert_eq!(rules.validate(), Err(RulesError::JokersWithKitty(2)));
    assert_eq!(rules.validate().unwrap_err().keys(), ["jokers", "kitty"]);
}

#[test]
fn bots_keep_jokers_for_a_trick_that_would_cost_points() {
    // North must follow hearts over the KH: with a joker it plays the joker.
    let rules = Rules { jokers: Some(1), no_blood: false, must_break_hearts: false, ..Rules::default() };
    let mut hand = position(&rules, "S:-.K.-.2 -.3.-.3 -.A.-.4.1 -.2.-.5");
    play_all(&mut hand, "2C 3C 4C 5C 2H KH 3H");
    // East took the clubs and led the 2H; South the KH; West the 3H.
    assert_eq!(hand.to_act(), seat(2));
    let view = SeatView::of_hand(&rules, &hand, &[], seat(2), BySeat::splat(0), 1);
    for level in [Level::Normal, Level::Hard] {
        assert_eq!(level.bot(1, seat(2), Think::Samples(1)).play(&view), card("JK1"), "{level}");
    }
    // And never pass one.
    let deal = Deal::for_hand(&Rules { jokers: Some(4), ..Rules::default() }, 8, 0);
    let rules = Rules { jokers: Some(4), ..Rules::default() };
    let hand = Hand::new(&rules, deal, PassDirection::Left(1));
    for s in 0..4 {
        let view = SeatView::of_hand(&rules, &hand, &[], seat(s), BySeat::splat(0), 1);
        let pass = Level::Normal.bot(1, seat(s), Think::Samples(1)).pass(&view).cards();
        assert!((pass & CardSet::JOKERS).is_empty(), "passed {pass}");
    }
}

#[test]
fn royal_bots_weigh_the_queen_of_hearts_above_her_point_and_want_the_queen_of_clubs() {
    let rules = Preset::Royal.rules();
    let hand = position(&rules, SOUTH_SHOOTS);
    let view = SeatView::of_hand(&rules, &hand, &[], seat(0), BySeat::splat(0), 1);
    assert!(view.value(card("QH")) > view.value(card("KH")));
    assert!(view.value(card("QC")) < 0);
    assert!(view.value(card("QD")) < 0);
    let plain = Rules::default();
    let view = SeatView::of_hand(&plain, &hand, &[], seat(0), BySeat::splat(0), 1);
    assert_eq!((view.value(card("QH")), view.value(card("QC"))), (1, 0));
}

#[test]
fn royal_counts_the_queens_of_clubs_and_diamonds_among_the_cards_that_score() {
    let royal = Preset::Royal.rules().scoring_cards();
    assert!(royal.contains(card("QC")) && royal.contains(card("QD")) && royal.contains(card("QS")));
    let plain = Rules::default().scoring_cards();
    assert!(!plain.contains(card("QC")) && !plain.contains(card("QD")));
    let omnibus = Preset::Omnibus.rules().scoring_cards();
    assert!(omnibus.contains(card("JD")));
}
