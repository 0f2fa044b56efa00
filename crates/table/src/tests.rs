//! What a person may know at a table, checked on their sight itself: over
//! whole games of every preset, with every seat a person's and one more
//! watching, each person's sight is the same when cards they may not see
//! change places (another seat's hand, a pass chosen and not yet
//! exchanged, the widow face down, Domino's stock); and no notice names a
//! card to anyone but the seat it belongs to. And what each trick is told
//! to be worth, against the rule book's tables.

use std::time::{Duration, Instant};

use super::*;
use hearts_bots::Level;
use hearts_bots::players::Player;
use hearts_engine::{Card, Lies, Preset, Rules};

/// Where the cards a person may not see lie now, each once.
fn hidden_places(table: &Table, viewer: Option<Seat>) -> Vec<(Card, Lies)> {
    let hand = table.game.hand();
    let mut places = Vec::new();
    for seat in Seat::all(table.players()).filter(|&seat| Some(seat) != viewer) {
        let single = hand.holding(seat) - hand.held_twice(seat) - hand.passed(seat);
        places.extend(single.iter().map(|card| (card, Lies::Held(seat))));
    }
    // (A kitty that rolled over with a trick nobody won lies among the cards waiting: not swapped here.)
    let face_down = if table.setup.rules.domino {
        hand.stock()
    } else if hand.kitty_taker().is_none() && hand.tricks_played() == 0 {
        hand.kitty()
    } else {
        CardSet::EMPTY
    };
    places.extend(face_down.iter().map(|card| (card, Lies::FaceDown)));
    places
}

/// A few pairs of hidden places to swap, picked by `pick` (a step of a
/// simple generator, so every run looks at the same swaps).
fn swaps(places: &[(Card, Lies)], pick: &mut u64) -> Vec<((Card, Lies), (Card, Lies))> {
    let mut chosen = Vec::new();
    for _ in 0..12 {
        if chosen.len() == 3 || places.len() < 2 {
            break;
        }
        *pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let a = places[(*pick >> 33) as usize % places.len()];
        let b = places[(*pick >> 13) as usize % places.len()];
        if a.1 != b.1 {
            chosen.push((a, b));
        }
    }
    chosen
}

/// Every person's sight is the same in games that differ only in where
/// cards they may not see lie; how many comparisons were made.
fn sights_hold_nothing_hidden(table: &Table, now: Instant, pick: &mut u64) -> usize {
    let mut compared = 0;
    for person in &table.seating.people {
        let sight = table.sight(person.id, now).expect("the person is here");
        for (a, b) in swaps(&hidden_places(table, person.seat), pick) {
            let Some(hand) = table.game.hand().with_swapped(a, b) else { continue };
            let other = table.with_game_for_test(table.game.with_hand(hand));
            let other_sight = other.sight(person.id, now).expect("the person is here");
            if sight != other_sight {
                panic!(
                    "{:?} of {} at {:?}: swapping {a:?} and {b:?} changes what they see: {}",
                    person.name,
                    table.setup.label,
                    table.game.hand().phase(),
                    first_difference(&format!("{sight:?}"), &format!("{other_sight:?}"))
                );
            }
            compared += 1;
        }
    }
    compared
}

/// Where two descriptions first differ, with a little on either side.
fn first_difference(a: &str, b: &str) -> String {
    let at = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    let around = |text: &str| text.chars().skip(at.saturating_sub(80)).take(160).collect::<String>();
    format!("\n  {}\n  {}", around(a), around(b))
}

/// The cards a notice names.
fn cards_named(notice: &Notice) -> Option<(Seat, CardSet)> {
    match notice {
        Notice::Drew { seat, cards: Some(cards), .. } | Notice::WidowTaken { seat, cards: Some(cards), .. } => {
            Some((*seat, cards.cards()))
        }
        _ => None,
    }
}

/// A table of `rules` with a person at every seat and one watching.
fn everyone_seated(rules: Rules, seed: u64, now: Instant) -> Table {
    let players = vec![Player::Builtin(Level::Normal); rules.player_count()];
    let setup = Setup { rules, label: "privacy".to_string(), players };
    let sharing = Sharing { turn_clock: Some(Duration::ZERO), ..Sharing::default() };
    let start = DealCode { seed, hand: 1 };
    let mut table = Table::shared(setup, start, Speed::Instant, Think::Samples(1), sharing).unwrap();
    for index in 0..=rules.player_count() {
        let arrival = Arrival {
            id: PersonId(index as u64 + 1),
            name: format!("p{index}"),
            key: None,
            watch: index == rules.player_count(),
            in_lines: false,
            seat_note: None,
        };
        table.update(Message::Arrive(arrival), now);
    }
    table
}

/// Plays a game of `rules` to its end (its bots moving for everyone, as
/// the turn clock at zero lets them), checking every sight and notice
/// after each step; the comparisons made.
fn check_whole_game(rules: Rules, seed: u64) -> usize {
    let mut now = Instant::now();
    let mut table = everyone_seated(rules, seed, now);
    let mut pick = seed;
    let mut compared = 0;
    for _ in 0..20_000 {
        if table.finish.is_some() {
            return compared;
        }
        compared += sights_hold_nothing_hidden(&table, now, &mut pick);
        for (id, notice) in table.take_notices() {
            let seat = table.seating.people.iter().find(|person| person.id == id).and_then(|person| person.seat);
            if let Some((owner, cards)) = cards_named(&notice) {
                assert_eq!(seat, Some(owner), "{cards} named to {id:?}: {notice:?}");
            }
            if let Notice::Received { .. } = notice {
                assert!(seat.is_some(), "a watcher told what a seat received");
            }
        }
        for person in 0..table.seating.people.len() {
            // Everyone reads the scores at once.
            let id = table.seating.people[person].id;
            table.update(Message::Intent(id, Intent::Continue), now);
        }
        if let Some(job) = table.bot_job(now) {
            table.update(Message::BotDecided(job.run()), now);
        }
        now += Duration::from_millis(600);
        table.update(Message::Tick, now);
    }
    panic!("{}: the game never ended", table.setup.label);
}

#[test]
fn no_sight_at_a_shared_table_holds_a_card_its_seat_may_not_see_over_whole_games_of_every_preset() {
    for (index, preset) in Preset::ALL.iter().copied().enumerate() {
        let rules = Rules { max_hands: 2, ..preset.rules() };
        let compared = check_whole_game(rules, 100 + index as u64);
        assert!(compared > 200, "{preset:?}: only {compared} comparisons");
    }
}

#[test]
fn no_sight_holds_a_hidden_card_at_the_largest_and_smallest_tables() {
    for (preset, players) in [(Preset::Cancellation, 11), (Preset::Domino, 2), (Preset::Heartsette, 3)] {
        let rules = Rules { players, max_hands: 2, ..preset.rules() };
        assert!(check_whole_game(rules, 7) > 100, "{preset:?} for {players}");
    }
}

#[test]
fn a_sight_that_shows_another_seats_hand_is_caught() {
    // The check itself can fail: a sight built with another seat's cards in it differs under a swap.
    let now = Instant::now();
    let table = everyone_seated(Rules::default(), 3, now);
    let west = Seat::new(1).unwrap();
    let hand = table.game.hand();
    let (a, b) = (hand.holding(west).lowest().unwrap(), hand.holding(Seat::new(2).unwrap()).lowest().unwrap());
    let swapped = hand.with_swapped((a, Lies::Held(west)), (b, Lies::Held(Seat::new(2).unwrap()))).unwrap();
    let other = table.with_game_for_test(table.game.with_hand(swapped));
    assert_ne!(other.game.hand().holding(west), table.game.hand().holding(west), "the swap changes West's hand");
    let leaky = |table: &Table| table.game.hand().holding(west);
    assert_ne!(leaky(&table), leaky(&other), "a sight holding West's hand would differ");
    let south = table.seating.people[0].id;
    assert_eq!(table.sight(south, now), other.sight(south, now), "South's real sight does not");
}

/// A card's points in `preset`, written from the rule book's tables (not
/// from the engine's): the presets whose tricks score card by card.
fn rule_book_points(preset: Preset, card: Card) -> i32 {
    use hearts_engine::{Rank, Suit};
    let heart = card.suit() == Suit::Hearts;
    let face = card.rank().index() as i32 + 2;
    let is = |rank: Rank, suit: Suit| card.rank() == rank && card.suit() == suit;
    match preset {
        Preset::BlackLady | Preset::Worldwinner | Preset::Partnership | Preset::Omnibus => {
            let bonus = if preset == Preset::Omnibus && is(Rank::Jack, Suit::Diamonds) { -10 } else { 0 };
            i32::from(heart) + if is(Rank::Queen, Suit::Spades) { 13 } else { 0 } + bonus
        }
        Preset::SpotHearts => {
            if heart {
                face
            } else if is(Rank::Queen, Suit::Spades) {
                13
            } else {
                0
            }
        }
        Preset::BlackMaria => match (card.suit(), card.rank()) {
            (Suit::Hearts, _) => 1,
            (Suit::Spades, Rank::Queen) => 13,
            (Suit::Spades, Rank::King) => 10,
            (Suit::Spades, Rank::Ace) => 7,
            _ => 0,
        },
        Preset::Original | Preset::Hoyle1887 => i32::from(heart),
        Preset::BlackJack => i32::from(heart) + if is(Rank::Jack, Suit::Spades) { 10 } else { 0 },
        Preset::Greek => match (card.suit(), card.rank()) {
            (Suit::Spades, Rank::Queen) => 50,
            (Suit::Hearts, Rank::Ace) => 15,
            (Suit::Hearts, Rank::King | Rank::Queen | Rank::Jack) => 10,
            (Suit::Hearts, _) => face,
            _ => 0,
        },
        Preset::ChasseCoeur => {
            if card.rank() == Rank::Queen {
                13
            } else {
                i32::from(heart)
            }
        }
        Preset::Eagle => match (card.suit(), card.rank()) {
            (Suit::Hearts, Rank::Ace) => 5,
            (Suit::Hearts, Rank::King) => 4,
            (Suit::Hearts, Rank::Queen) => 3,
            (Suit::Hearts, Rank::Jack) => 2,
            (Suit::Hearts, _) => 1,
            _ => 0,
        },
        other => panic!("{other:?} does not score card by card"),
    }
}

#[test]
fn every_trick_is_told_worth_what_the_rule_books_table_gives_its_cards() {
    let presets = [
        Preset::BlackLady,
        Preset::Omnibus,
        Preset::SpotHearts,
        Preset::BlackMaria,
        Preset::Original,
        Preset::Worldwinner,
        Preset::BlackJack,
        Preset::Greek,
        Preset::ChasseCoeur,
        Preset::Eagle,
        Preset::Hoyle1887,
        Preset::Partnership,
    ];
    for (index, preset) in presets.into_iter().enumerate() {
        let rules = Rules { max_hands: 2, ..preset.rules() };
        let mut now = Instant::now();
        let mut table = everyone_seated(rules, 300 + index as u64, now);
        let mut told = 0;
        while table.finish.is_none() {
            for person in &table.seating.people {
                let sight = table.sight(person.id, now).expect("the person is here");
                for (trick, take) in sight.play.tricks.iter().zip(&sight.play.takes) {
                    let points: i32 = trick.cards().iter().map(|&card| rule_book_points(preset, card)).sum();
                    assert_eq!(take.points, points, "{preset:?}: {:?} told to {}", trick.cards(), person.name);
                    told += 1;
                }
            }
            for id in table.seating.people.iter().map(|person| person.id).collect::<Vec<_>>() {
                table.update(Message::Intent(id, Intent::Continue), now);
            }
            if let Some(job) = table.bot_job(now) {
                table.update(Message::BotDecided(job.run()), now);
            }
            now += Duration::from_millis(600);
            table.update(Message::Tick, now);
        }
        assert!(told > 100, "{preset:?}: only {told} tricks told");
    }
}

mod local;
mod play_out;
mod shared;
