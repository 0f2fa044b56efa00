//! The Hearts family's games at a different table: partners and the
//! auction. One scenario per rule and per decision of the rule book, in
//! card notation.

mod common;

use common::{card, hands, play_all, position, seat};
use hearts::bot::{Level, SeatView, Think};
use hearts::engine::{
    Action, BySeat, CardSet, Deal, Declaration, Game, GamePhase, Hand, HandResult, MoonRule, MoonScoring,
    PassDirection, Preset, Rules, RulesError, Scoring, Seat, Teams,
};

fn table(scores: BySeat<i32>) -> Vec<i32> {
    scores.of_table(4).to_vec()
}

/// South wins the clubs and the hearts (AH, 2H); North wins the spades
/// with the QS. Between them the partners take every penalty card in play.
/// (Hearts may be led before they break, so South can lead the AH.)
const PARTNERS_TAKE_ALL: &str = "S:2.A.-.A 3.2.-.2 KQ.-.-.3 4.-.-.54";
const PARTNERS_TAKE_ALL_PLAY: &str = "2C 3C 4C AC AH 2H KS 5C 2S 3S QS 4S";

fn partners(teams: Teams, moon: MoonRule) -> Rules {
    Rules { teams, moon, must_break_hearts: false, ..Rules::default() }
}

fn partners_take_all(rules: &Rules) -> HandResult {
    let mut hand = position(rules, PARTNERS_TAKE_ALL);
    play_all(&mut hand, PARTNERS_TAKE_ALL_PLAY);
    HandResult::of(&hand, rules)
}

#[test]
fn partners_sit_opposite_at_four_and_six() {
    let four = Preset::Partnership.rules();
    assert_eq!(four.teams, Teams::Combined);
    assert_eq!(four.partner(seat(0)), Some(seat(2)));
    assert_eq!(four.partner(seat(3)), Some(seat(1)));
    let six = Rules { players: 6, ..four };
    assert_eq!(six.partner(seat(1)), Some(seat(4)));
    assert_eq!(six.partner(seat(5)), Some(seat(2)));
    assert_eq!(Rules::default().partner(seat(0)), None);
}

#[test]
fn teams_need_partners_opposite_and_points() {
    for players in [3, 5, 7] {
        let error = Rules { players, ..Preset::Partnership.rules() }.validate().unwrap_err();
        assert_eq!(error, RulesError::TeamsNeedPartners { teams: Teams::Combined, players });
        assert_eq!(error.keys(), ["teams", "players"]);
    }
    let chips = Rules { teams: Teams::Individual, scoring: Scoring::Chips, ..Rules::default() };
    assert_eq!(chips.validate().unwrap_err().keys(), ["teams", "scoring"]);
    let generale = Rules { teams: Teams::Combined, ..Preset::ChasseCoeur.rules() };
    assert_eq!(generale.validate(), Err(RulesError::CombinedTeamsWithGenerale));
    // The Generale is one player's promise: with individual scores it stays.
    let individual = Rules { teams: Teams::Individual, ..Preset::ChasseCoeur.rules() };
    assert_eq!((individual.validate(), individual.declaration), (Ok(()), Declaration::Generale));
}

#[test]
fn combined_partners_hold_one_team_score() {
    // North takes the QS, West the four hearts with the AH: no moon.
    let rules = partners(Teams::Combined, MoonRule::AddToOthers);
    let mut hand = position(&rules, "S:2.K.5.A 3.A.6.2 KQ.3.-.3 4.2.-.54");
    play_all(&mut hand, "2C 3C 4C AC 2S 3S KS 4S QS 5C 5D 6D 3H 2H KH AH");
    let result = HandResult::of(&hand, &rules);
    assert_eq!(table(result.points_taken), vec![0, 4, 13, 0]);
    assert_eq!(result.shooter, None);
    assert_eq!(table(result.scores(&rules, None)), vec![13, 4, 13, 4]);
}

#[test]
fn a_team_that_takes_every_penalty_card_between_them_gives_each_other_team_twice_the_moon() {
    let rules = partners(Teams::Combined, MoonRule::AddToOthers);
    let result = partners_take_all(&rules);
    // South took AH 2H, North the QS: 15 between them, worth 30 to each other team.
    assert_eq!(table(result.points_taken), vec![2, 0, 13, 0]);
    assert_eq!(result.shooter, Some(seat(0)), "the team is named by its first seat");
    assert_eq!(result.moon_value, 30);
    assert_eq!(table(result.scores(&rules, Some(MoonScoring::AddToOthers))), vec![0, 30, 0, 30]);
    assert_eq!(table(result.scores(&rules, Some(MoonScoring::SubtractFromShooter))), vec![-30, 0, -30, 0]);
    // With the whole pack a team moon is the rule book's 52.
    assert_eq!(2 * Preset::Partnership.rules().penalty_total(), 52);
}

#[test]
fn with_individual_scores_a_moon_must_be_shot_alone() {
    let rules = partners(Teams::Individual, MoonRule::AddToOthers);
    let result = partners_take_all(&rules);
    assert_eq!(result.shooter, None);
    assert_eq!(table(result.scores(&rules, None)), vec![2, 0, 13, 0]);
}

#[test]
fn a_combined_team_moon_ends_the_game_and_the_team_wins_together() {
    let rules = partners(Teams::Combined, MoonRule::AddToOthers);
    let hand = position(&rules, PARTNERS_TAKE_ALL);
    let before = BySeat::new_with(|seat| [50, 80, 50, 80].get(seat.index()).copied().unwrap_or(0));
    let mut game = Game::from_position(rules, 1, hand, before).unwrap();
    play_game_moves(&mut game, PARTNERS_TAKE_ALL_PLAY);
    assert_eq!(game.phase(), GamePhase::GameOver);
    assert_eq!(game.totals().of_table(4), [50, 110, 50, 110]);
    assert_eq!(game.leaders(), vec![seat(0), seat(2)]);
}

#[test]
fn with_individual_scores_the_lower_team_total_wins_not_the_lowest_player() {
    // South has the lowest total, but South and North together have more.
    let rules = partners(Teams::Individual, MoonRule::AddToOthers);
    let hand = position(&rules, PARTNERS_TAKE_ALL);
    let before = BySeat::new_with(|seat| [5, 30, 90, 40].get(seat.index()).copied().unwrap_or(0));
    let mut game = Game::from_position(rules, 1, hand, before).unwrap();
    play_game_moves(&mut game, PARTNERS_TAKE_ALL_PLAY);
    // North reaches 103: the game ends when a player reaches the target.
    assert_eq!(game.totals().of_table(4), [7, 30, 103, 40]);
    assert_eq!(game.phase(), GamePhase::GameOver);
    assert_eq!(game.leaders(), vec![seat(1), seat(3)]);
}

#[test]
fn tied_teams_play_on() {
    // After the hand both teams have 115: the game goes on under play-on.
    let rules = partners(Teams::Individual, MoonRule::AddToOthers);
    let hand = position(&rules, PARTNERS_TAKE_ALL);
    let before = BySeat::new_with(|seat| [10, 15, 90, 100].get(seat.index()).copied().unwrap_or(0));
    let mut game = Game::from_position(rules, 1, hand, before).unwrap();
    play_game_moves(&mut game, PARTNERS_TAKE_ALL_PLAY);
    assert_eq!(game.totals().of_table(4), [12, 15, 103, 100]);
    assert_eq!(game.phase(), GamePhase::HandOver);
}

#[test]
fn royal_queen_of_diamonds_cuts_a_combined_team_total_once_for_both() {
    // No penalty card in play (and no moon): only the QD's cut counts.
    let rules = Rules { teams: Teams::Combined, moon: MoonRule::Off, ..Preset::Royal.rules() };
    let hand = position(&rules, "S:A.-.2.2 3.-.3.3 5.-.Q.4 4.-.4.5");
    let before = BySeat::new_with(|seat| [30, 12, 30, 12].get(seat.index()).copied().unwrap_or(0));
    let mut game = Game::from_position(rules, 1, hand, before).unwrap();
    // East wins the clubs and leads the 4D; North's QD wins the diamonds.
    play_game_moves(&mut game, "2C 3C 4C 5C 4D 2D 3D QD 5S 4S AS 3S");
    assert_eq!(game.totals().of_table(4), [20, 12, 20, 12], "the team's 30 becomes 20 for both");
}

/// Plays cards in a game, each by the seat to act.
fn play_game_moves(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let seat: Seat = game.hand().to_act();
        let card = common::card(text);
        game.apply(Action::Play { seat, card }).unwrap_or_else(|e| panic!("{text} by {seat}: {e}"));
    }
}

/// West leads the 2C, North wins with the AC and East follows: South, void
/// in clubs, holds the QS.
const PARTNER_WINS: &str = "S:Q.-.65.- -.-.87.2 -.-.T9.A -.-.QJ.3";

#[test]
fn bots_never_throw_points_on_a_trick_their_partner_is_winning() {
    for teams in [Teams::Off, Teams::Combined, Teams::Individual] {
        let rules = Rules { teams, no_blood: false, ..Rules::default() };
        let mut hand = Hand::from_holdings(&rules, hands(&rules, PARTNER_WINS), seat(3));
        play_all(&mut hand, "2C AC 3C");
        let view = SeatView::of_hand(&rules, &hand, &[], seat(0), BySeat::splat(0), 1);
        // Alone, the heuristic bots throw the queen on North's trick (the
        // expert may keep her: she can go later); with North as partner
        // nobody gives her to him.
        let levels: &[Level] = if teams == Teams::Off {
            &[Level::Normal, Level::Hard]
        } else {
            &[Level::Normal, Level::Hard, Level::Expert]
        };
        for &level in levels {
            let played = level.bot(1, seat(0), Think::Samples(40)).play(&view);
            let expected = if teams == Teams::Off { "QS" } else { "5D" };
            let alternatives = if teams == Teams::Off { vec![card("QS")] } else { vec![card("5D"), card("6D")] };
            assert!(alternatives.contains(&played), "{teams} {level}: played {played}, expected {expected}");
        }
    }
}

#[test]
fn bots_pass_the_queen_to_an_opponent_but_not_to_their_partner() {
    let deal = "S:Q2.AKJ.T9.A98765 AKJ9.QT3.8765.K2 T8.9876.AKQJ.QJT 76543.542.432.43";
    for (teams, direction, passes_queen) in [
        (Teams::Off, PassDirection::Across, true),
        (Teams::Combined, PassDirection::Left(1), true),
        (Teams::Combined, PassDirection::Across, false),
        (Teams::Individual, PassDirection::Across, false),
    ] {
        let rules = Rules { teams, ..Rules::default() };
        let hand =
            Hand::new(&rules, Deal { dealer: seat(3), hands: hands(&rules, deal), kitty: CardSet::EMPTY }, direction);
        let view = SeatView::of_hand(&rules, &hand, &[], Seat::SOUTH, BySeat::splat(0), 1);
        for level in [Level::Normal, Level::Hard] {
            let pass = level.bot(1, Seat::SOUTH, Think::Samples(1)).pass(&view);
            assert_eq!(pass.contains(card("QS")), passes_queen, "{teams} {direction} {level}: passed {pass}");
            assert_eq!(pass.len(), 3);
            // High hearts given to the other team would help the two of them shoot.
            let hearts_passed = !pass.of_suit(hearts::engine::Suit::Hearts).is_empty();
            assert_eq!(hearts_passed, teams == Teams::Off, "{teams} {direction} {level}: passed {pass}");
        }
    }
}

#[test]
fn when_the_other_team_has_every_point_a_bot_gives_one_to_its_partner() {
    let rules = Rules { teams: Teams::Combined, no_blood: false, ..Rules::default() };
    // South leads the 2C, West wins with the AC; then West leads the 2D and
    // North wins it with the AD. South, void in diamonds, holds the 4H and 9S.
    for (east, first_trick, gives) in [("6.5.3.-", "2C AC 3C 5H", "4H"), ("6.-.3.4", "2C AC 3C 4C", "9S")] {
        let deal = format!("S:9.4.-.2 8.-.2.A 7.-.A.3 {east}");
        let mut hand = Hand::from_holdings(&rules, hands(&rules, &deal), seat(3));
        play_all(&mut hand, &format!("{first_trick} 2D AD 3D"));
        let view = SeatView::of_hand(&rules, &hand, &[], seat(0), BySeat::splat(0), 1);
        for level in [Level::Normal, Level::Hard] {
            let played = level.bot(1, seat(0), Think::Samples(1)).play(&view);
            // With East's heart taken by West, a point on North's trick stops
            // a team moon; with no point out, North is spared.
            assert_eq!(played, card(gives), "{level} after {first_trick}");
        }
    }
}
