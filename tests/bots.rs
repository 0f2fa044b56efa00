//! The bots: only legal choices under every preset and table size, views
//! that hold no hidden cards, and decisions that depend on the seed alone.

mod common;

use common::{cards, hands, position, seat};
use hearts_bots::{self as bot, Bot, Level, SeatView, Think};
use hearts_engine::{BySeat, CardSet, Game, GamePhase, Hand, HandPhase, Preset, Rules, Seat};

/// Plays a whole game with the given level in every seat (seat `i` gets
/// `levels[i % levels.len()]`); every action must be accepted.
fn play_game(rules: Rules, seed: u64, levels: &[Level], think: Think) -> Game {
    let players = rules.player_count();
    let mut game = Game::new(rules, seed).unwrap();
    let mut bots: Vec<Box<dyn Bot>> =
        Seat::all(players).map(|s| levels[s.index() % levels.len()].bot(seed, s, think)).collect();
    loop {
        match game.phase() {
            GamePhase::GameOver => return game,
            GamePhase::HandOver => {
                game.apply(hearts_engine::Action::NextHand).unwrap();
                continue;
            }
            _ => {}
        }
        let seat = bot::seat_to_act(&game).expect("a seat acts during a hand");
        let bot = bots[seat.index()].as_mut();
        let action = bot::decide(&game, seat, bot).expect("the seat to act has a decision");
        if let Err(error) = game.apply(action) {
            panic!("{} at seat {seat} chose {action:?} under {:?}: {error}", bot.name(), game.rules());
        }
        assert!(game.hand_number() < 200, "the game does not end");
    }
}

fn tables() -> Vec<Rules> {
    let mut all = Vec::new();
    for preset in Preset::ALL {
        for players in 3..=7 {
            let mut rules = preset.rules();
            rules.players = players;
            if rules.validate().is_ok() {
                all.push(rules);
            }
        }
    }
    all
}

#[test]
fn every_level_makes_only_legal_choices_under_every_preset_and_table_size() {
    let levels = [Level::Random, Level::Easy, Level::Normal, Level::Hard];
    let mut games = 0;
    for rules in tables() {
        for seed in 0..12 {
            // Rotate which level sits where so each level meets each seat.
            let rotated: Vec<Level> = (0..4).map(|i| levels[(i + seed as usize) % 4]).collect();
            play_game(rules, seed, &rotated, Think::Samples(1));
            games += 1;
        }
    }
    assert!(games >= 300, "{games} games");
}

#[test]
fn the_expert_makes_only_legal_choices_too() {
    // Every preset at every table size, two hands each.
    for rules in tables() {
        play_game(Rules { max_hands: 2, ..rules }, 5, &[Level::Expert, Level::Normal], Think::Samples(3));
    }
}

#[test]
fn a_seeded_game_between_bots_replays_identically() {
    let rules = Rules::default();
    let levels = [Level::Random, Level::Expert, Level::Hard, Level::Normal];
    let first = play_game(rules, 42, &levels, Think::Samples(8));
    let second = play_game(rules, 42, &levels, Think::Samples(8));
    assert_eq!(first.history(), second.history());
    let other_seed = play_game(rules, 43, &levels, Think::Samples(8));
    assert_ne!(first.history(), other_seed.history());
}

/// The same public situation with different hidden cards gives the same
/// view: the other hands and the kitty are not in it.
#[test]
fn a_view_holds_no_hidden_cards() {
    let rules = Rules::default();
    let deal = "S:AKQ.AKQ.AKQ.AKQJ JT9.JT9.JT9.T987 876.876.876.6543 5432.5432.5432.2";
    let mut swapped = hands(&rules, deal);
    // West and North swap their spades: nothing South can see changes.
    let (west, north) = (seat(1), seat(2));
    let west_spades = swapped[west].of_suit(hearts_engine::Suit::Spades);
    let north_spades = swapped[north].of_suit(hearts_engine::Suit::Spades);
    swapped[west] = (swapped[west] - west_spades) | north_spades;
    swapped[north] = (swapped[north] - north_spades) | west_spades;
    let original = Hand::from_holdings(&rules, hands(&rules, deal), seat(3));
    let other = Hand::from_holdings(&rules, swapped, seat(3));
    let totals = BySeat::splat(0);
    let a = SeatView::of_hand(&rules, &original, &[], Seat::SOUTH, totals, 1);
    let b = SeatView::of_hand(&rules, &other, &[], Seat::SOUTH, totals, 1);
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
    assert_eq!(a.hand, cards("AKQS AKQH AKQD AKQJC"));
    assert_eq!(a.unseen().len(), 52 - 13);
    assert!(!format!("{a:?}").contains("holdings"));
}

#[test]
fn a_view_before_the_exchange_does_not_show_the_pass_coming_in() {
    let rules = Rules::default();
    let mut game = Game::new(rules, 9).unwrap();
    assert_eq!(game.hand().phase(), HandPhase::Passing);
    // West chooses first; South must not see what is coming until everyone has passed.
    let west = seat(1);
    let mut normal = Level::Normal.bot(9, west, Think::Samples(1));
    let action = bot::decide(&game, west, normal.as_mut()).unwrap();
    game.apply(action).unwrap();
    let view = SeatView::of(&game, Seat::SOUTH);
    assert_eq!(view.pass.received, CardSet::EMPTY);
    assert_eq!(view.pass.passed, CardSet::EMPTY);
    assert_eq!(view.pass.target, Some(west));
}

/// A four-player hand with these cards, the last seat dealing, passing left.
fn passing_left(rules: &Rules, deal: &str) -> Hand {
    let deal = hearts_engine::Deal {
        dealer: seat(3),
        hands: hands(rules, deal),
        kitty: CardSet::EMPTY,
        twice: CardSet::EMPTY,
    };
    Hand::new(rules, deal, hearts_engine::PassDirection::Left(1))
}

#[test]
fn normal_passes_the_unguarded_queen_and_keeps_low_spades() {
    let rules = Rules::default();
    let mut hand = passing_left(&rules, "S:Q2.AKJ.T9.A98765 AKJ9.QT3.8765.K2 T8.9876.AKQJ.QJT 76543.542.432.43");
    let view = SeatView::of_hand(&rules, &hand, &[], Seat::SOUTH, BySeat::splat(0), 1);
    let pass = Level::Normal.bot(1, Seat::SOUTH, Think::Samples(1)).pass(&view).cards();
    assert!(pass.contains(common::card("QS")), "passed {pass}");
    assert!(!pass.contains(common::card("2S")), "passed {pass}");
    assert_eq!(pass.len(), 3);
    hand.pass(Seat::SOUTH, pass).unwrap();
}

#[test]
fn normal_ducks_under_the_winning_card() {
    let rules = Rules::default();
    let deal = "S:-.-.765.2 -.-.432.8 -.-.8.AK7 -.-.T9.93";
    let mut hand = Hand::from_holdings(&rules, hands(&rules, deal), seat(3));
    common::play_all(&mut hand, "2C 8C");
    let view = SeatView::of_hand(&rules, &hand, &[], seat(2), BySeat::splat(0), 1);
    assert_eq!(Level::Normal.bot(1, seat(2), Think::Samples(1)).play(&view), common::card("7C"));
}

#[test]
fn normal_dumps_the_queen_when_void() {
    let rules = Rules { no_blood: false, ..Rules::default() };
    let deal = "S:-.-.765.2 Q.-.432.- -.-.8.AK7 -.-.T9.938";
    let mut hand = Hand::from_holdings(&rules, hands(&rules, deal), seat(3));
    common::play_all(&mut hand, "2C");
    let view = SeatView::of_hand(&rules, &hand, &[], seat(1), BySeat::splat(0), 1);
    assert_eq!(Level::Normal.bot(1, seat(1), Think::Samples(1)).play(&view), common::card("QS"));
}

/// South holds AK3 of hearts and two clubs. `hard` passes the clubs
/// (a void to shed on) and the ace, keeping the king to throw later;
/// `normal` passes the two top hearts first.
#[test]
fn hard_passes_a_short_suit_before_its_hearts() {
    let rules = Rules::default();
    let hand = passing_left(&rules, "S:5432.AK3.5432.T9 AKQJ.QJT9.AKQ.AK T987.8765.JT9.QJ 6.42.876.8765432");
    let view = SeatView::of_hand(&rules, &hand, &[], Seat::SOUTH, BySeat::splat(0), 1);
    let pass = |level: Level| level.bot(1, Seat::SOUTH, Think::Samples(1)).pass(&view).cards();
    assert_eq!(pass(Level::Hard), cards("9C TC AH"));
    assert_eq!(pass(Level::Normal), cards("TC AH KH"));
}

/// What `level` plays for `seat` in `hand`, no hand played before.
fn play_of(level: Level, rules: &Rules, hand: &Hand, seat: Seat) -> hearts_engine::Card {
    let view = SeatView::of_hand(rules, hand, &[], seat, BySeat::splat(0), 1);
    level.bot(1, seat, Think::Samples(1)).play(&view)
}

/// On the first trick under no-blood nobody may throw a point, and with
/// nine clubs still out for the two seats after it, both will follow:
/// `hard` sheds its king of clubs while it costs nothing; `normal` plays
/// the lowest club over the two.
#[test]
fn hard_sheds_its_highest_club_on_the_clean_first_trick() {
    let rules = Rules::default();
    let mut hand = position(&rules, "S:432.432.5432.542 765.765.9876.K93 T98.T98.QJT.T876 AKQJ.AKQJ.AK.AQJ");
    common::play_all(&mut hand, "2C");
    assert_eq!(play_of(Level::Hard, &rules, &hand, seat(1)), common::card("KC"));
    assert_eq!(play_of(Level::Normal, &rules, &hand, seat(1)), common::card("3C"));
}

/// South may lead anything but a heart. Its lone 9D can lose (five
/// diamonds above it are out) and leaving it makes a void to discard into:
/// `hard` leads it; `normal` leads its lowest spade, the safest card.
#[test]
fn hard_leads_a_singleton_that_can_lose() {
    let rules = Rules { first_lead: hearts_engine::FirstLead::LeftOfDealer, ..Rules::default() };
    let hand = position(&rules, "S:5432.432.9.65432 9876.8765.5432.7 QJT.JT9.T876.T98 AK.AKQ.AKQJ.AKQJ");
    assert_eq!(play_of(Level::Hard, &rules, &hand, Seat::SOUTH), common::card("9D"));
    assert_eq!(play_of(Level::Normal, &rules, &hand, Seat::SOUTH), common::card("2S"));
}

/// West has every point so far and leads the ace of hearts, as a shooter
/// does. North cannot beat it: `hard` ducks with the 3H and keeps the KH,
/// which takes the next heart trick and the moon with it; `normal` sheds
/// the king.
#[test]
fn hard_keeps_its_high_heart_under_a_shooters_hearts() {
    let rules = Rules { no_blood: false, ..Rules::default() };
    let mut hand = position(&rules, "S:-.-.987.2 32.A.-.A 4.K53.-.- 765.-.-.4");
    common::play_all(&mut hand, "2C AC 5H 4C AH");
    assert_eq!(play_of(Level::Hard, &rules, &hand, seat(2)), common::card("3H"));
    assert_eq!(play_of(Level::Normal, &rules, &hand, seat(2)), common::card("KH"));
}

/// West took the 2H with the AC and so has every point so far; it leads
/// the KC and North, out of clubs, holds the KH (only the AH above it is
/// out) and the 9D. `hard` keeps the king to stop a moon and throws the
/// nine; `normal` sheds its highest heart.
#[test]
fn hard_keeps_its_high_heart_off_the_trick_of_the_seat_with_every_point() {
    let rules = Rules { no_blood: false, ..Rules::default() };
    let mut hand = position(&rules, "S:-.-.4.32 -.A.-.AK -.K.9.5 -.2.65.-");
    common::play_all(&mut hand, "2C AC 5C 2H KC");
    assert_eq!(play_of(Level::Hard, &rules, &hand, seat(2)), common::card("9D"));
    assert_eq!(play_of(Level::Normal, &rules, &hand, seat(2)), common::card("KH"));
}

#[test]
fn level_names_parse_and_unknown_ones_say_what_exists() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    let error = "genius".parse::<Level>().unwrap_err();
    assert_eq!(error, hearts_bots::players::PlayerError::UnknownLevel("genius".into()));
    assert!(error.to_string().contains("random, easy, normal, hard, expert, shooter"), "{error}");
}

#[test]
fn the_last_to_play_leaves_a_clean_looking_trick_that_carries_the_points_waiting() {
    // Six players, two packs. Clubs and then diamonds cancel two pairs
    // each, so the 5H and 6H thrown on the diamonds wait for the next
    // winner. Last to the spades trick, seat 5 could take it with the TS
    // (worth nothing in itself) but ducks with the 6S: the trick carries
    // the hearts waiting.
    let rules = Rules { players: 6, ..Preset::Cancellation.rules() };
    let texts = ["2C KD 9S", "2C KD 2S", "8C 3D 3S", "8C 3D 4S", "3C 5H 5S", "4C 6H 6S TS"];
    let hands = BySeat::new_with(|s| texts.get(s.index()).map_or(Default::default(), |t| t.parse().unwrap()));
    let mut hand = Hand::from_cards(&rules, hands, seat(5));
    let mut tricks = Vec::new();
    for card in "2C 2C 8C 8C 3C 4C KD KD 3D 3D 5H 6H 9S 2S 3S 4S 5S".split_whitespace() {
        hand.play(hand.to_act(), card.parse().unwrap()).unwrap();
        if hand.tricks_played() > tricks.len() {
            tricks.push(*hand.last_trick().unwrap());
        }
    }
    assert_eq!(hand.to_act(), seat(5));
    let view = SeatView::of_hand(&rules, &hand, &tricks, seat(5), BySeat::splat(0), 1);
    for level in [Level::Normal, Level::Hard] {
        assert_eq!(level.bot(1, seat(5), Think::Samples(1)).play(&view), common::card("6S"), "{level}");
    }
}

/// South's hand makes a moon plausible (every lady covered, the ace of
/// hearts, 23 high-card points) but not the strong hand `hard` tries one
/// with (four hearts): the shooter keeps its winners and passes its
/// lowest cards; `hard` passes high cards away.
#[test]
fn the_shooter_keeps_its_winners_in_the_pass_for_a_plausible_moon() {
    let rules = Rules::default();
    let hand = passing_left(&rules, "S:AK3.AQ43.AK2.K53 QJT9.KJT.QJT.AQJ 876.9876.987.T98 542.52.6543.7642");
    let view = SeatView::of_hand(&rules, &hand, &[], Seat::SOUTH, BySeat::splat(0), 1);
    let pass = |level: Level| level.bot(1, Seat::SOUTH, Think::Samples(1)).pass(&view).cards();
    let high = cards("AS KS AH QH AD KD KC");
    assert_eq!(pass(Level::Shooter) & high, CardSet::EMPTY, "the shooter passed {}", pass(Level::Shooter));
    assert_ne!(pass(Level::Hard) & high, CardSet::EMPTY, "hard passed {}", pass(Level::Hard));
}

/// South holds the top of every suit: whatever the others throw on its
/// winners, the moon is sure, and the shooter takes it against `hard`.
/// (With a low card it must lead before hearts are broken, a moon is not
/// sure: the others take the lead and South must throw a heart.)
#[test]
fn the_shooter_takes_a_moon_its_hand_makes_sure() {
    let rules = Rules::default();
    let deal = "S:AKQ.AKQJT9.AK.AK JT98.876.QJT.QJT 765.54.9876.9876 432.32.5432.5432";
    let mut hand = Hand::from_holdings(&rules, hands(&rules, deal), seat(3));
    let mut bots: Vec<Box<dyn Bot>> = (0..4)
        .map(|n| {
            let level = if n == 0 { Level::Shooter } else { Level::Hard };
            level.bot(1, seat(n), Think::Samples(1))
        })
        .collect();
    while hand.phase() == HandPhase::Playing {
        let to_act = hand.to_act();
        let view = SeatView::of_hand(&rules, &hand, &[], to_act, BySeat::splat(0), 1);
        let card = bots[to_act.index()].play(&view);
        hand.play(to_act, card).unwrap();
    }
    let result = hearts_engine::HandResult::of(&hand, &rules);
    assert_eq!(result.shooter, Some(Seat::SOUTH), "points taken: {:?}", result.points_taken);
}
