//! Scoring a hand and the game: one scenario per scoring rule of RULES.md.

mod common;

use common::{card, cards, hands, play_all, position, seat};
use hearts_engine::{
    Action, BySeat, Deal, Event, Game, GameError, GamePhase, Hand, HandPhase, HandResult, MoonRule, MoonScoring,
    PassDirection, PassError, PlayError, PointsTable, Rules, Seat, TieRule,
};

/// South takes every penalty card (QS and 2H..6H, 18 points); East takes
/// the last trick with the jack of diamonds.
const SOUTH_SHOOTS: &str = "S:-.-.3.AK2 Q.2.54.- -.43.76.- -.65.J8.-";
const SOUTH_SHOOTS_PLAY: &str = "2C 4D 6D 8D AC QS 3H 5H KC 2H 4H 6H 3D 5D 7D JD";

/// The same cards played otherwise: South takes five hearts, East takes the
/// queen with the jack of diamonds on the last trick; West and North take
/// no trick.
const NOBODY_SHOOTS: &str = "S:-.-.3.AK2 Q.2.54.- -.43.76.- -.65.J8.-";
const NOBODY_SHOOTS_PLAY: &str = "2C 4D 6D 8D AC 2H 3H 5H KC 5D 4H 6H 3D QS 7D JD";

fn finished(rules: &Rules, deal: &str, moves: &str) -> Hand {
    let mut hand = position(rules, deal);
    play_all(&mut hand, moves);
    assert_eq!(hand.phase(), HandPhase::Finished);
    hand
}

fn table(scores: BySeat<i32>) -> Vec<i32> {
    scores.of_table(4).to_vec()
}

fn result(rules: &Rules, deal: &str, moves: &str) -> HandResult {
    HandResult::of(&finished(rules, deal, moves), rules)
}

#[test]
fn each_heart_is_one_point_and_the_queen_thirteen() {
    let rules = Rules::default();
    let result = result(&rules, NOBODY_SHOOTS, NOBODY_SHOOTS_PLAY);
    assert_eq!(result.shooter, None);
    assert_eq!(table(result.points_taken), vec![5, 0, 0, 13]);
    assert_eq!(table(result.scores(&rules, None)), vec![5, 0, 0, 13]);
    assert_eq!(result.points_taken.of_table(4).iter().sum::<i32>(), result.penalty_total);
}

#[test]
fn a_shooter_adds_the_total_to_everyone_else_by_default() {
    let rules = Rules::default();
    let result = result(&rules, SOUTH_SHOOTS, SOUTH_SHOOTS_PLAY);
    assert_eq!(result.shooter, Some(seat(0)));
    assert_eq!(result.penalty_total, 18);
    assert_eq!(table(result.scores(&rules, Some(MoonScoring::AddToOthers))), vec![0, 18, 18, 18]);
}

#[test]
fn subtract_from_shooter_takes_the_total_off_the_shooter() {
    let rules = Rules { moon: MoonRule::SubtractFromShooter, ..Rules::default() };
    let result = result(&rules, SOUTH_SHOOTS, SOUTH_SHOOTS_PLAY);
    assert_eq!(table(result.scores(&rules, Some(MoonScoring::SubtractFromShooter))), vec![-18, 0, 0, 0]);
}

#[test]
fn with_the_moon_off_the_shooter_scores_what_it_took() {
    let rules = Rules { moon: MoonRule::Off, ..Rules::default() };
    let result = result(&rules, SOUTH_SHOOTS, SOUTH_SHOOTS_PLAY);
    assert_eq!(result.shooter, None);
    assert_eq!(table(result.scores(&rules, None)), vec![18, 0, 0, 0]);
}

#[test]
fn omnibus_gives_the_bonus_card_minus_ten_moon_or_not() {
    let rules = Rules { omnibus: true, ..Rules::default() };
    let moon = result(&rules, SOUTH_SHOOTS, SOUTH_SHOOTS_PLAY);
    assert_eq!(moon.bonus_taker, Some(seat(3)));
    assert_eq!(table(moon.scores(&rules, Some(MoonScoring::AddToOthers))), vec![0, 18, 18, 8]);
    let plain = result(&rules, NOBODY_SHOOTS, NOBODY_SHOOTS_PLAY);
    assert_eq!(table(plain.scores(&rules, None)), vec![5, 0, 0, 3]);
}

#[test]
fn the_bonus_card_may_be_the_ten_of_diamonds() {
    let rules = Rules { omnibus: true, bonus_card: card("TD"), ..Rules::default() };
    let deal = "S:-.-.3.AK2 Q.2.54.- -.43.76.- -.65.T8.-";
    let moves = "2C 4D 6D 8D AC QS 3H 5H KC 2H 4H 6H 3D 5D 7D TD";
    let result = result(&rules, deal, moves);
    assert_eq!(result.bonus_taker, Some(seat(3)));
    assert_eq!(table(result.scores(&rules, Some(MoonScoring::AddToOthers))), vec![0, 18, 18, 8]);
}

#[test]
fn moon_needs_bonus_card_denies_a_moon_without_it() {
    let rules = Rules { omnibus: true, moon_needs_bonus_card: true, ..Rules::default() };
    let result = result(&rules, SOUTH_SHOOTS, SOUTH_SHOOTS_PLAY);
    assert_eq!(result.shooter, None, "East took the jack, so South did not shoot");
    assert_eq!(table(result.scores(&rules, None)), vec![18, 0, 0, -10]);
}

#[test]
fn moon_needs_bonus_card_grants_a_moon_with_it() {
    let rules = Rules { omnibus: true, moon_needs_bonus_card: true, ..Rules::default() };
    // South holds the jack this time and wins the last trick with it.
    let deal = "S:-.-.J.AK2 Q.2.54.- -.43.76.- -.65.38.-";
    let moves = "2C 4D 6D 8D AC QS 3H 5H KC 2H 4H 6H JD 5D 7D 3D";
    let result = result(&rules, deal, moves);
    assert_eq!(result.shooter, Some(seat(0)));
    assert_eq!(table(result.scores(&rules, Some(MoonScoring::AddToOthers))), vec![-10, 18, 18, 18]);
}

#[test]
fn no_tricks_bonus_goes_to_each_player_without_a_trick() {
    let rules = Rules { no_tricks_bonus: -5, ..Rules::default() };
    let plain = result(&rules, NOBODY_SHOOTS, NOBODY_SHOOTS_PLAY);
    assert_eq!(table(plain.scores(&rules, None)), vec![5, -5, -5, 13]);
}

#[test]
fn no_tricks_bonus_is_not_paid_when_someone_shoots() {
    let rules = Rules { no_tricks_bonus: -5, ..Rules::default() };
    let moon = result(&rules, SOUTH_SHOOTS, SOUTH_SHOOTS_PLAY);
    assert_eq!(table(moon.scores(&rules, Some(MoonScoring::AddToOthers))), vec![0, 18, 18, 18]);
}

#[test]
fn spot_hearts_count_hearts_at_face_value() {
    let rules = Rules { points: PointsTable::SpotHearts, ..Rules::default() };
    let plain = result(&rules, NOBODY_SHOOTS, NOBODY_SHOOTS_PLAY);
    assert_eq!(table(plain.points_taken), vec![2 + 3 + 5 + 4 + 6, 0, 0, 13]);
}

#[test]
fn black_maria_counts_the_top_spades() {
    let rules = Rules { points: PointsTable::BlackMaria, ..Rules::default() };
    let deal = "S:-.-.-.AK2 Q.2.4.- A.3.7.- K.5.8.-";
    let result = result(&rules, deal, "2C 4D 7D 8D AC QS AS KS KC 2H 3H 5H");
    assert_eq!(table(result.points_taken), vec![13 + 7 + 10 + 3, 0, 0, 0]);
    assert_eq!(result.shooter, Some(seat(0)));
}

#[test]
fn the_kitty_goes_with_its_points_to_the_first_tricks_winner() {
    let rules = Rules { players: 5, kitty: hearts_engine::Kitty::Leftover, ..Rules::default() };
    let deal = Deal::for_hand(&rules, 11, 0);
    let mut hand = Hand::new(&rules, deal, PassDirection::Hold);
    assert_eq!(hand.kitty().len(), 2);
    while hand.tricks_played() == 0 {
        let seat = hand.to_act();
        let card = hand.legal_moves().lowest().unwrap();
        hand.play(seat, card).unwrap();
    }
    let winner = hand.last_trick().unwrap().winner(5).unwrap();
    assert!(hand.taken(winner).is_superset(deal.kitty));
    assert_eq!(hand.taken(winner).len(), 5 + 2);
}

#[test]
fn a_kitty_with_the_queen_scores_her_for_its_taker() {
    let rules = Rules { players: 3, kitty: hearts_engine::Kitty::Leftover, ..Rules::default() };
    let hands = hands(&rules, "-.-.-.2 -.-.-.3 -.-.-.4");
    let deal = Deal { dealer: seat(2), hands, kitty: cards("QS"), twice: hearts_engine::CardSet::EMPTY };
    let mut hand = Hand::new(&rules, deal, PassDirection::Hold);
    play_all(&mut hand, "2C 3C 4C");
    let result = HandResult::of(&hand, &rules);
    assert_eq!(result.points_taken.of_table(3), [0, 0, 13]);
    assert_eq!(result.shooter, Some(seat(2)));
}

fn game_at(rules: Rules, deal: &str, totals: [i32; 4]) -> Game {
    let hand = position(&rules, deal);
    let totals = BySeat::new_with(|s: Seat| totals.get(s.index()).copied().unwrap_or(0));
    Game::from_position(rules, 1, hand, totals).unwrap()
}

fn play_game(game: &mut Game, moves: &str) -> Event {
    let mut last = Event::CardPlayed;
    for text in moves.split_whitespace() {
        let seat = game.hand().to_act();
        last = game.apply(Action::Play { seat, card: card(text) }).unwrap();
    }
    last
}

#[test]
fn the_game_ends_after_a_hand_that_reaches_the_target_and_the_lowest_wins() {
    let mut game = game_at(Rules::default(), SOUTH_SHOOTS, [90, 70, 60, 85]);
    assert_eq!(play_game(&mut game, SOUTH_SHOOTS_PLAY), Event::GameOver);
    assert_eq!(table(*game.totals()), vec![90, 88, 78, 103]);
    assert_eq!(game.leaders(), [seat(2)]);
    assert_eq!(game.phase(), GamePhase::GameOver);
    assert_eq!(game.apply(Action::NextHand), Err(GameError::GameIsOver));
}

#[test]
fn below_the_target_another_hand_follows() {
    let mut game = game_at(Rules::default(), SOUTH_SHOOTS, [0, 0, 0, 0]);
    assert_eq!(play_game(&mut game, SOUTH_SHOOTS_PLAY), Event::HandScored);
    assert_eq!(game.history().len(), 1);
    assert_eq!(game.history()[0].moon, Some(MoonScoring::AddToOthers));
    let card = card("2C");
    assert_eq!(game.apply(Action::Play { seat: seat(0), card }), Err(GameError::Play(PlayError::NotPlaying)));
    let cards = cards("2C 3C 4C");
    assert_eq!(
        game.apply(Action::Pass { seat: seat(0), cards: cards.into() }),
        Err(GameError::Pass(PassError::NotPassing))
    );
    assert_eq!(game.apply(Action::NextHand), Ok(Event::HandDealt));
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.hand().holding(seat(0)).len(), 13);
}

#[test]
fn shooter_chooses_asks_when_adding_would_end_the_game_with_the_shooter_not_alone_first() {
    let rules = Rules { moon: MoonRule::ShooterChooses, ..Rules::default() };
    let mut game = game_at(rules, SOUTH_SHOOTS, [90, 85, 70, 60]);
    assert_eq!(play_game(&mut game, SOUTH_SHOOTS_PLAY), Event::MoonChoiceNeeded(seat(0)));
    let before = game.clone();
    let choose = |seat, scoring| Action::ChooseMoon { seat, scoring };
    assert_eq!(game.apply(choose(seat(1), MoonScoring::AddToOthers)), Err(GameError::NoMoonChoice(seat(1))));
    assert_eq!(game, before);

    let mut subtract = game.clone();
    assert_eq!(subtract.apply(choose(seat(0), MoonScoring::SubtractFromShooter)), Ok(Event::HandScored));
    assert_eq!(table(*subtract.totals()), vec![72, 85, 70, 60]);

    assert_eq!(game.apply(choose(seat(0), MoonScoring::AddToOthers)), Ok(Event::GameOver));
    assert_eq!(table(*game.totals()), vec![90, 103, 88, 78]);
}

#[test]
fn shooter_chooses_does_not_ask_when_adding_ties_for_first_and_the_game_plays_on() {
    // Adding gives 78, 108, 78, 88: someone passed 100, but South ties for
    // first. Under play-on that does not end the game, so nothing is asked.
    let rules = Rules { moon: MoonRule::ShooterChooses, ..Rules::default() };
    let mut game = game_at(rules, SOUTH_SHOOTS, [78, 90, 60, 70]);
    assert_eq!(play_game(&mut game, SOUTH_SHOOTS_PLAY), Event::HandScored);
    assert_eq!(table(*game.totals()), vec![78, 108, 78, 88]);
    assert_eq!(game.phase(), GamePhase::HandOver);
    // When ties are shared the same totals end the game: South is asked.
    let rules = Rules { moon: MoonRule::ShooterChooses, tie: TieRule::Share, ..Rules::default() };
    let mut game = game_at(rules, SOUTH_SHOOTS, [78, 90, 60, 70]);
    assert_eq!(play_game(&mut game, SOUTH_SHOOTS_PLAY), Event::MoonChoiceNeeded(seat(0)));
}

#[test]
fn shooter_chooses_adds_without_asking_when_adding_is_safe() {
    let rules = Rules { moon: MoonRule::ShooterChooses, ..Rules::default() };
    let mut game = game_at(rules, SOUTH_SHOOTS, [10, 20, 30, 40]);
    assert_eq!(play_game(&mut game, SOUTH_SHOOTS_PLAY), Event::HandScored);
    assert_eq!(table(*game.totals()), vec![10, 38, 48, 58]);
}

#[test]
fn a_tie_for_lowest_plays_on_by_default() {
    let mut game = game_at(Rules::default(), NOBODY_SHOOTS, [95, 50, 50, 60]);
    assert_eq!(play_game(&mut game, NOBODY_SHOOTS_PLAY), Event::HandScored);
    assert_eq!(table(*game.totals()), vec![100, 50, 50, 73]);
    assert_eq!(game.phase(), GamePhase::HandOver);
}

#[test]
fn a_tie_for_lowest_is_shared_with_tie_share() {
    let rules = Rules { tie: TieRule::Share, ..Rules::default() };
    let mut game = game_at(rules, NOBODY_SHOOTS, [95, 50, 50, 60]);
    assert_eq!(play_game(&mut game, NOBODY_SHOOTS_PLAY), Event::GameOver);
    assert_eq!(game.leaders(), [seat(1), seat(2)]);
}

#[test]
fn max_hands_ends_the_game_below_the_target() {
    let rules = Rules { max_hands: 1, ..Rules::default() };
    let mut game = game_at(rules, SOUTH_SHOOTS, [0, 0, 0, 0]);
    assert_eq!(play_game(&mut game, SOUTH_SHOOTS_PLAY), Event::GameOver);
    assert_eq!(game.leaders(), [seat(0)]);
}

#[test]
fn a_tie_at_the_hand_limit_plays_on_unless_shared() {
    let limited = Rules { max_hands: 1, ..Rules::default() };
    let mut game = game_at(limited, NOBODY_SHOOTS, [0, 0, 0, 0]);
    assert_eq!(play_game(&mut game, NOBODY_SHOOTS_PLAY), Event::HandScored);

    let shared = Rules { max_hands: 1, tie: TieRule::Share, ..Rules::default() };
    let mut game = game_at(shared, NOBODY_SHOOTS, [0, 0, 0, 0]);
    assert_eq!(play_game(&mut game, NOBODY_SHOOTS_PLAY), Event::GameOver);
    assert_eq!(game.leaders(), [seat(1), seat(2)]);
}

#[test]
fn sinkhole_drops_exactly_99_to_zero() {
    let rules = Rules { sinkhole: true, ..Rules::default() };
    let mut game = game_at(rules, NOBODY_SHOOTS, [94, 0, 0, 86]);
    play_game(&mut game, NOBODY_SHOOTS_PLAY);
    assert_eq!(table(*game.totals()), vec![0, 0, 0, 0]);
}

#[test]
fn reset_at_100_drops_exactly_100_to_50() {
    let rules = Rules { reset_at_100: true, ..Rules::default() };
    let mut game = game_at(rules, NOBODY_SHOOTS, [95, 0, 0, 80]);
    assert_eq!(play_game(&mut game, NOBODY_SHOOTS_PLAY), Event::HandScored, "the reset comes before the end check");
    assert_eq!(table(*game.totals()), vec![50, 0, 0, 93]);
}

#[test]
fn points_of_a_hand_add_up_to_the_penalty_total() {
    let rules = Rules::default();
    let plain = result(&rules, NOBODY_SHOOTS, NOBODY_SHOOTS_PLAY);
    assert_eq!(plain.scores(&rules, None).of_table(4).iter().sum::<i32>(), 18);
    let moon = result(&rules, SOUTH_SHOOTS, SOUTH_SHOOTS_PLAY);
    assert_eq!(moon.scores(&rules, Some(MoonScoring::AddToOthers)).of_table(4).iter().sum::<i32>(), 3 * 18);
}
