//! The Hearts family's games at a different table: partners and the
//! auction. One scenario per rule and per decision of the rule book, in
//! card notation.

mod common;

use common::{card, cards, hands, play_all, position, seat};
use hearts_bots::{Level, SeatView, Think};
use hearts_engine::{
    Action, Bid, BidError, BySeat, CardSet, Deal, Declaration, Event, FirstLead, Game, GameError, GamePhase, Hand,
    HandPhase, HandResult, MoonRule, MoonScoring, PassDirection, PlayError, Preset, Rules, RulesError, Scoring, Seat,
    Suit, Teams,
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
fn a_combined_team_moon_goes_to_each_other_team_whatever_the_moon_rule_says() {
    for moon in [MoonRule::SubtractFromShooter, MoonRule::ShooterChooses, MoonRule::ShooterPicks] {
        let rules = partners(Teams::Combined, moon);
        let hand = position(&rules, PARTNERS_TAKE_ALL);
        // At 50 each, adding to the others ends the game (shooter-chooses would ask).
        let before = BySeat::new_with(|seat| [50, 80, 50, 80].get(seat.index()).copied().unwrap_or(0));
        let mut game = Game::from_position(rules, 1, hand, before).unwrap();
        play_game_moves(&mut game, PARTNERS_TAKE_ALL_PLAY);
        assert_ne!(game.phase(), GamePhase::MoonChoice(seat(0)), "{moon}: nobody is asked");
        let record = game.history().last().unwrap();
        assert_eq!(record.moon, Some(MoonScoring::AddToOthers), "{moon}");
        assert_eq!(table(record.scores), vec![0, 30, 0, 30], "{moon}");
    }
    // With the moon off there is no moon, team or not.
    let off = partners(Teams::Combined, MoonRule::Off);
    assert_eq!(partners_take_all(&off).shooter, None);
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
        let dealt = CardSet::union(hands(&Rules::default(), PARTNER_WINS).of_table(4));
        // A deck of these twelve cards, so the expert deals no others to
        // anyone (with no hearts in it the QS alone would be a moon: off).
        let removed_cards = Some(CardSet::DECK - dealt);
        let rules = Rules { teams, no_blood: false, removed_cards, moon: MoonRule::Off, ..Rules::default() };
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
        let hand = Hand::new(
            &rules,
            Deal { dealer: seat(3), hands: hands(&rules, deal), kitty: CardSet::EMPTY, twice: CardSet::EMPTY },
            direction,
        );
        let view = SeatView::of_hand(&rules, &hand, &[], Seat::SOUTH, BySeat::splat(0), 1);
        for level in [Level::Normal, Level::Hard] {
            let pass = level.bot(1, Seat::SOUTH, Think::Samples(1)).pass(&view).cards();
            assert_eq!(pass.contains(card("QS")), passes_queen, "{teams} {direction} {level}: passed {pass}");
            assert_eq!(pass.len(), 3);
            // High hearts given to the other team would help the two of them
            // shoot. Alone, `normal` passes one; `hard` voids its diamonds instead.
            let hearts_passed = !pass.of_suit(hearts_engine::Suit::Hearts).is_empty();
            let expected = teams == Teams::Off && level == Level::Normal;
            assert_eq!(hearts_passed, expected, "{teams} {direction} {level}: passed {pass}");
            if teams == Teams::Off && level == Level::Hard {
                assert_eq!(pass, cards("9D TD QS"));
            }
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

// ---- the auction ----------------------------------------------------------

/// An auction game at four whose first dealer is Right (seat 3), so South
/// bids first: the first such seed from `seed` on.
fn auction_game(seed: u64) -> Game {
    auction_game_with(Preset::Auction.rules(), seed)
}

fn auction_game_with(rules: Rules, seed: u64) -> Game {
    (seed..)
        .map(|seed| Game::new(rules, seed).unwrap())
        .find(|game| game.hand().dealer() == seat(3))
        .expect("some seed has Right deal first")
}

fn bid(game: &mut Game, seat_number: usize, chips: Option<u32>) -> Result<Event, GameError> {
    game.apply(Action::Bid { seat: seat(seat_number), chips })
}

#[test]
fn the_bids_go_once_round_from_the_dealers_left_and_each_must_rise() {
    let mut game = auction_game(1);
    assert_eq!(game.hand().phase(), HandPhase::Bidding);
    assert_eq!(game.hand().to_bid(), Some(seat(0)), "left of the dealer (Right) is South");
    assert_eq!(
        bid(&mut game, 1, Some(3)),
        Err(GameError::Bid(BidError::NotYourTurn { seat: seat(1), to_act: seat(0) }))
    );
    bid(&mut game, 0, Some(3)).unwrap();
    let before = game.clone();
    assert_eq!(bid(&mut game, 1, Some(3)), Err(GameError::Bid(BidError::TooLow { bid: 3, least: 4 })));
    assert_eq!(game, before, "a refused bid changes nothing");
    bid(&mut game, 1, None).unwrap();
    bid(&mut game, 2, Some(5)).unwrap();
    bid(&mut game, 3, None).unwrap();
    // Once round: the highest bidder names the suit.
    assert_eq!(game.hand().phase(), HandPhase::Naming);
    assert_eq!(game.hand().high_bid(), Some(Bid { seat: seat(2), chips: 5 }));
    assert_eq!(bid(&mut game, 0, Some(9)), Err(GameError::Bid(BidError::NotBidding)));
    assert_eq!(
        game.apply(Action::NameSuit { seat: seat(0), suit: Suit::Spades }),
        Err(GameError::Bid(BidError::NotNaming(seat(0))))
    );
    game.apply(Action::NameSuit { seat: seat(2), suit: Suit::Spades }).unwrap();
    assert_eq!(game.hand().named_suit(), Some(Suit::Spades));
    assert_eq!(game.hand().phase(), HandPhase::Playing);
    assert_eq!(game.hand().to_act(), seat(2), "the winner leads");
    // ... any card: the lowest-club rule gives way.
    assert_eq!(game.legal_moves(), game.hand().holding(seat(2)));
}

#[test]
fn a_bid_of_0_is_refused_and_a_bid_is_at_most_the_bidders_chips() {
    let mut game = auction_game(2);
    assert_eq!(bid(&mut game, 0, Some(0)), Err(GameError::Bid(BidError::TooLow { bid: 0, least: 1 })));
    assert_eq!(bid(&mut game, 0, Some(51)), Err(GameError::Bid(BidError::MoreThanChips { bid: 51, chips: 50 })));
    bid(&mut game, 0, Some(50)).unwrap();
    assert_eq!(BidError::TooLow { bid: 0, least: 1 }.to_string(), "the least bid now is 1, not 0 (or pass)");
}

#[test]
fn a_hand_with_no_bids_is_played_with_hearts() {
    let mut game = auction_game(3);
    for seat_number in [0, 1, 2, 3] {
        bid(&mut game, seat_number, None).unwrap();
    }
    assert_eq!(game.hand().phase(), HandPhase::Playing);
    assert_eq!(game.hand().named_suit(), None);
    assert_eq!(game.hand().penalty_cards(), CardSet::HEARTS);
    assert_eq!(game.hand().to_act(), seat(0), "left of the dealer leads (the 1887 rule of the preset)");
    play_out_lowest(&mut game);
    let record = game.history().last().unwrap();
    assert_eq!(record.result.bid, None);
    assert_eq!(record.result.penalty_total, 13);
}

#[test]
fn with_no_bid_the_first_lead_follows_first_lead() {
    let rules = Rules { first_lead: FirstLead::LowestClub, ..Preset::Auction.rules() };
    let mut game = auction_game_with(rules, 3);
    for seat_number in [0, 1, 2, 3] {
        bid(&mut game, seat_number, None).unwrap();
    }
    let holder = game.hand().holder_of(card("2C")).unwrap();
    assert_eq!(game.hand().to_act(), holder, "the holder of the 2C leads, not the player left of the dealer");
    assert_eq!(game.legal_moves(), cards("2C"));
    assert_eq!(game.hand().penalty_suit(), Suit::Hearts);
}

#[test]
fn the_named_suit_scores_one_a_card_and_the_bid_goes_into_the_pot() {
    let mut game = auction_game(4);
    bid(&mut game, 0, None).unwrap();
    bid(&mut game, 1, Some(4)).unwrap();
    bid(&mut game, 2, None).unwrap();
    bid(&mut game, 3, None).unwrap();
    game.apply(Action::NameSuit { seat: seat(1), suit: Suit::Diamonds }).unwrap();
    assert_eq!(game.hand().penalty_cards(), CardSet::DIAMONDS);
    play_out_lowest(&mut game);
    let record = game.history().last().unwrap();
    let diamonds = |s: usize| game.hand().taken(seat(s)).of_suit(Suit::Diamonds).len() as i32;
    assert_eq!(table(record.result.points_taken), vec![diamonds(0), diamonds(1), diamonds(2), diamonds(3)]);
    assert_eq!(record.result.penalty_total, 13);
    // West paid 4 into the pot before the hand's points were paid for.
    let settled = record.chips.unwrap();
    let stacks: i32 = settled.after.stacks.of_table(4).iter().sum();
    assert_eq!(stacks + settled.after.pot, 200, "chips are neither made nor lost");
    let points = |s: usize| diamonds(s);
    let fewest = (0..4).map(points).min().unwrap();
    let takers = (0..4).filter(|&s| points(s) == fewest).count() as i32;
    let pot = 4 + 13;
    let share = pot / takers;
    let expected = |s: usize| 50 - points(s) - if s == 1 { 4 } else { 0 } + if points(s) == fewest { share } else { 0 };
    assert_eq!(settled.after.stacks.of_table(4), [expected(0), expected(1), expected(2), expected(3)]);
    assert_eq!(settled.after.pot, pot - share * takers);
}

#[test]
fn the_named_suit_replaces_hearts_in_breaking_and_no_blood() {
    let rules =
        Rules { must_break_hearts: true, no_blood: true, first_lead: FirstLead::LowestClub, ..Preset::Auction.rules() };
    let mut game = auction_game_with(rules, 5);
    for (seat_number, chips) in [(0, None), (1, None), (2, Some(2)), (3, None)] {
        bid(&mut game, seat_number, chips).unwrap();
    }
    game.apply(Action::NameSuit { seat: seat(2), suit: Suit::Clubs }).unwrap();
    let north = game.hand().holding(seat(2));
    // Clubs are the penalty suit now: not led before they break (hearts may be).
    assert_eq!(game.legal_moves(), north - CardSet::CLUBS);
    assert!(!north.of_suit(Suit::Hearts).is_empty() && !north.of_suit(Suit::Clubs).is_empty(), "{north}");
    let club = north.of_suit(Suit::Clubs).lowest().unwrap();
    let refused = game.apply(Action::Play { seat: seat(2), card: club }).unwrap_err();
    assert_eq!(refused.to_string(), "clubs are not broken yet");
    // No blood: North leads a diamond or spade; a player void in it may not throw a club.
    let lead = (north - CardSet::CLUBS - CardSet::HEARTS).lowest().unwrap();
    game.apply(Action::Play { seat: seat(2), card: lead }).unwrap();
    let east = game.hand().holding(seat(3));
    if east.of_suit(lead.suit()).is_empty() {
        assert!((game.legal_moves() & CardSet::CLUBS).is_empty(), "no clubs on the first trick");
    }
    assert_eq!(PlayError::HeartsNotBroken { suit: Suit::Clubs }.to_string(), "clubs are not broken yet");
}

#[test]
fn the_auction_needs_its_table_and_chips() {
    for (rules, keys) in [
        (Rules { players: 3, ..Preset::Auction.rules() }, ["auction", "players"]),
        (Rules { players: 7, ..Preset::Auction.rules() }, ["auction", "players"]),
        (Rules { scoring: Scoring::Points, ..Preset::Auction.rules() }, ["auction", "scoring"]),
        (Rules { points: hearts_engine::PointsTable::Standard, ..Preset::Auction.rules() }, ["auction", "points"]),
        (Rules { omnibus: true, ..Preset::Auction.rules() }, ["auction", "omnibus"]),
    ] {
        assert_eq!(rules.validate().unwrap_err().keys(), keys, "{rules:?}");
    }
}

#[test]
fn bots_bid_only_on_hands_with_a_much_safer_suit_and_name_it() {
    // South holds the top hearts and no spades: naming spades saves a lot.
    let rules = Preset::Auction.rules();
    let deal = "S:-.AKQJT.AKQ.AKQ32 AKQ.98.JT9.JT98 JT98.765.876.76 765432.432.5432.-";
    let hand = Hand::new(
        &rules,
        Deal { dealer: seat(3), hands: hands(&rules, deal), kitty: CardSet::EMPTY, twice: CardSet::EMPTY },
        PassDirection::Hold,
    );
    let mut view = SeatView::of_hand(&rules, &hand, &[], seat(0), BySeat::splat(0), 1);
    view.variants.chips = Some(hearts_engine::Chips::new(&rules));
    for level in [Level::Normal, Level::Hard, Level::Expert] {
        let mut bot = level.bot(1, seat(0), Think::Samples(10));
        assert!(bot.bid(&view).is_some_and(|chips| chips >= 1), "{level}");
        assert_eq!(bot.name_suit(&view), Suit::Spades, "{level}");
    }
    // West's hand has no suit much safer than hearts: it passes.
    let mut west = SeatView::of_hand(&rules, &hand, &[], seat(1), BySeat::splat(0), 1);
    west.variants.chips = Some(hearts_engine::Chips::new(&rules));
    assert_eq!(Level::Normal.bot(1, seat(1), Think::Samples(1)).bid(&west), None);
}

/// Plays the hand out, each seat its lowest legal card.
fn play_out_lowest(game: &mut Game) {
    while game.phase() == GamePhase::InHand {
        let seat = game.hand().to_act();
        let card = game.legal_moves().lowest().unwrap();
        game.apply(Action::Play { seat, card }).unwrap();
    }
}

#[test]
fn against_a_team_the_top_heart_is_kept_as_a_moon_stopper() {
    // West leads the 2C and East wins it; South, void in clubs, holds the AH.
    let deal = "S:-.A2.K.- 3.-.3.2 4.-.4.3 5.-.5.4";
    for teams in [Teams::Off, Teams::Combined] {
        let rules = Rules { teams, no_blood: false, ..Rules::default() };
        let mut hand = Hand::from_holdings(&rules, hands(&rules, deal), seat(0));
        play_all(&mut hand, "2C 3C 4C");
        let view = SeatView::of_hand(&rules, &hand, &[], seat(0), BySeat::splat(0), 1);
        for level in [Level::Normal, Level::Hard] {
            let played = level.bot(1, seat(0), Think::Samples(1)).play(&view);
            // Alone, the AH is the card to shed; against a team it stops a moon.
            assert_eq!(played == card("AH"), teams == Teams::Off, "{teams} {level}: {played}");
        }
    }
}
