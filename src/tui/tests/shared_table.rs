//! A table several people share: each sees it from their own seat, a seat
//! waits for its person for the grace period, the turn clock hands a slow
//! decision to the bot, undo is theirs alone only while nobody else plays.

use super::*;
use crate::tui::app::{Arrival, PersonId, Sharing};

const ALICE: PersonId = PersonId(1);
const BOB: PersonId = PersonId(2);
const EVE: PersonId = PersonId(3);

fn arrival(id: PersonId, name: &str, key: Option<&str>, watch: bool) -> Message {
    Message::Arrive(Box::new(Arrival {
        id,
        name: name.to_string(),
        key: key.map(str::to_string),
        watch,
        theme: COLOR,
        size: (80, 24),
    }))
}

/// A four-seat table of seed 42 with alice and bob sat down at `now`.
fn alice_and_bob(sharing: Sharing, now: Instant) -> App {
    let start = crate::record::DealCode { seed: 42, hand: 1 };
    let mut app = App::shared(table(Rules::default()), start, Speed::Instant, sharing).unwrap();
    app.update(arrival(ALICE, "alice", None, false), now);
    app.update(arrival(BOB, "bob", Some("SHA256:bob"), false), now);
    app
}

fn person(app: &App, id: PersonId) -> &crate::tui::app::Person {
    app.people.iter().find(|p| p.id == id).expect("the person is here")
}

#[test]
fn people_sit_in_the_first_free_seats_and_see_each_other_by_name() {
    let now = Instant::now();
    let app = alice_and_bob(Sharing::default(), now);
    assert_eq!(person(&app, ALICE).seat, Some(Seat::SOUTH));
    assert_eq!(person(&app, BOB).seat, Seat::new(1));
    let (south, west, north) = (Seat::SOUTH, Seat::new(1).unwrap(), Seat::new(2).unwrap());
    assert_eq!(app.name_for(Some(south), west), "bob");
    assert_eq!(app.name_for(Some(west), south), "alice");
    assert_eq!(app.name_for(Some(west), west), "You");
    // The bot across from alice is at bob's left.
    assert_eq!(app.name_for(Some(south), north), "Across");
    assert_eq!(app.name_for(Some(west), north), "Left");
}

#[test]
fn each_person_is_drawn_at_the_bottom_of_their_own_screen() {
    let now = Instant::now();
    let app = alice_and_bob(Sharing::default(), now);
    let bob = app.seen(BOB).unwrap();
    let west = Seat::new(1).unwrap();
    assert_eq!(bob.place(west), Seat::SOUTH, "bob's own seat is at the bottom");
    assert_eq!(bob.place(Seat::SOUTH).index(), 3, "alice, at bob's right");
    assert_eq!(bob.seat_at(Seat::SOUTH), west);
    assert_eq!(bob.your_cards().len(), 13);
    let cards: CardSet = bob.your_cards().into_iter().collect();
    assert_eq!(cards, app.game.hand().holding(west), "bob's hand is West's");
}

#[test]
fn a_watcher_has_no_hand_and_no_seat() {
    let now = Instant::now();
    let mut app = alice_and_bob(Sharing::default(), now);
    app.update(arrival(EVE, "eve", None, true), now);
    let eve = app.seen(EVE).unwrap();
    assert_eq!(eve.seat(), None);
    assert!(eve.hand_row().is_empty());
    assert_eq!(eve.seat_name(Seat::SOUTH), "alice");
    // A watcher's keys move no card.
    app.update(Message::Command(EVE, Command::Confirm), now);
    assert!(app.game.hand().awaits_pass_from(Seat::SOUTH));
}

#[test]
fn a_fifth_person_at_a_full_table_watches() {
    let now = Instant::now();
    let mut app = alice_and_bob(Sharing::default(), now);
    for (id, name) in [(PersonId(4), "carol"), (PersonId(5), "dave"), (PersonId(6), "erin")] {
        app.update(arrival(id, name, None, false), now);
    }
    assert_eq!(person(&app, PersonId(6)).seat, None);
    assert!(person(&app, PersonId(6)).note.as_deref().unwrap().contains("every seat is taken"));
}

#[test]
fn a_seat_waits_for_its_person_for_the_grace_period_then_its_bot_plays() {
    let now = Instant::now();
    let sharing = Sharing { grace: Duration::from_secs(60), ..Sharing::default() };
    let mut app = alice_and_bob(sharing, now);
    let west = Seat::new(1).unwrap();
    app.update(Message::Leave(BOB), now);
    assert!(!app.bot_plays(west, now + Duration::from_secs(59)), "59 s: the seat still waits for bob");
    assert!(app.bot_plays(west, now + Duration::from_secs(60)), "60 s: its bot plays for him");
    assert!(app.next_wakeup(now).is_some_and(|at| at <= now + Duration::from_secs(60)), "the table wakes for it");
    // The bots pass first, in seat order: West's is asked only once bob's grace is over.
    assert_eq!(app.bot_to_ask(now + Duration::from_secs(59)), Seat::new(2));
    assert_eq!(app.bot_to_ask(now + Duration::from_secs(60)), Some(west));
}

#[test]
fn the_same_key_takes_the_seat_back_and_a_name_alone_does_not_take_a_keyed_seat() {
    let now = Instant::now();
    let mut app = alice_and_bob(Sharing::default(), now);
    app.update(Message::Leave(BOB), now);
    app.update(arrival(PersonId(7), "bob", None, false), now);
    assert_ne!(person(&app, PersonId(7)).seat, Seat::new(1), "a name alone does not take bob's keyed seat");
    app.update(arrival(PersonId(8), "robert", Some("SHA256:bob"), false), now);
    assert_eq!(person(&app, PersonId(8)).seat, Seat::new(1), "his key does");
    assert!(person(&app, PersonId(8)).note.as_deref().unwrap().starts_with("Welcome back"));
}

#[test]
fn a_person_without_a_key_comes_back_by_name() {
    let now = Instant::now();
    let mut app = alice_and_bob(Sharing::default(), now);
    app.update(Message::Leave(ALICE), now);
    app.update(arrival(PersonId(9), "alice", None, false), now);
    assert_eq!(person(&app, PersonId(9)).seat, Some(Seat::SOUTH));
}

#[test]
fn the_turn_clock_hands_a_slow_decision_to_the_bot() {
    let now = Instant::now();
    let sharing = Sharing { turn_clock: Some(Duration::from_secs(20)), ..Sharing::default() };
    let mut app = alice_and_bob(sharing, now);
    // The bots pass at once; alice and bob are then waited on.
    while let Some(seat) = app.bot_to_ask(now) {
        let mut bot = Level::Normal.bot(42, seat, Think::Samples(1));
        let action = decide(&app.game, seat, bot.as_mut()).unwrap();
        app.update(Message::BotDecided { generation: app.generation, action }, now);
    }
    assert_eq!(app.waiting_for(now), ["alice", "bob"]);
    assert_eq!(app.bot_to_ask(now + Duration::from_secs(19)), None, "19 s: still theirs");
    let late = now + Duration::from_secs(20);
    app.update(Message::Tick, late);
    assert!(app.bot_to_ask(late).is_some(), "20 s: the bot passes for whoever has not");
}

#[test]
fn undo_and_a_hands_restart_are_off_while_other_people_play() {
    let now = Instant::now();
    let mut app = alice_and_bob(Sharing::default(), now);
    assert!(!app.undo_allowed());
    app.update(Message::Command(ALICE, Command::Undo), now);
    assert_eq!(person(&app, ALICE).note.as_deref(), Some("Undo is off while other people play"));
    app.update(Message::Command(ALICE, Command::Restart), now);
    assert_eq!(person(&app, ALICE).overlay, None);
    app.update(Message::Leave(BOB), now);
    assert!(!app.undo_allowed(), "bob's seat waits for him: alice is not alone");
}

#[test]
fn hints_are_a_table_setting() {
    let now = Instant::now();
    let mut app = alice_and_bob(Sharing { hints: false, ..Sharing::default() }, now);
    app.update(Message::Command(ALICE, Command::Hint), now);
    assert_eq!(person(&app, ALICE).note.as_deref(), Some("Hints are off at this table"));
    assert!(app.take_effects().iter().all(|effect| !matches!(effect, crate::tui::app::Effect::WorkOutHint(..))));
}

#[test]
fn a_note_names_the_seat_as_each_person_sees_it() {
    let now = Instant::now();
    let mut app = alice_and_bob(Sharing::default(), now);
    app.update(Message::Leave(BOB), now);
    assert_eq!(
        person(&app, ALICE).note.as_deref(),
        Some("bob left: their seat waits 60 s, then its bot plays for them")
    );
    app.update(arrival(EVE, "eve", None, true), now);
    assert_eq!(person(&app, EVE).note.as_deref(), Some("Welcome, eve: you are watching"));
}

fn say(app: &mut App, id: PersonId, text: &str, now: Instant) {
    app.update(Message::Command(id, Command::Chat), now);
    for c in text.chars() {
        app.update(Message::Command(id, Command::Typed(c)), now);
    }
    app.update(Message::Command(id, Command::Confirm), now);
}

#[test]
fn a_message_reaches_the_table_with_its_sender_named() {
    let now = Instant::now();
    let mut app = alice_and_bob(Sharing::default(), now);
    say(&mut app, ALICE, "nice trick", now);
    let said = app.chat.back().expect("a message");
    assert_eq!((said.from.as_str(), said.text.as_str()), ("alice", "nice trick"));
    assert_eq!(person(&app, ALICE).chat_line, None, "the chat line closes once sent");
    let bob = app.seen(BOB).unwrap();
    let area = Rect::new(0, 0, 80, 24);
    let mut buffer = ratatui::buffer::Buffer::empty(area);
    view::draw_screen(&mut buffer, area, &bob, now);
    let text: String = buffer.content.iter().map(|cell| cell.symbol()).collect();
    assert!(text.contains("alice: nice trick"), "bob reads it at 80x24");
}

#[test]
fn a_message_carries_no_control_character_and_is_cut_at_its_length() {
    let now = Instant::now();
    let mut app = alice_and_bob(Sharing::default(), now);
    say(&mut app, ALICE, "a\u{1b}[2J\u{7}b\u{9b}c\u{202e}d", now);
    assert_eq!(app.chat.back().unwrap().text, "a[2Jbcd");
    say(&mut app, BOB, &"x".repeat(500), now);
    assert_eq!(app.chat.back().unwrap().text.chars().count(), crate::tui::app::CHAT_LENGTH);
}

#[test]
fn messages_are_rate_limited() {
    let now = Instant::now();
    let mut app = alice_and_bob(Sharing::default(), now);
    for n in 0..3 {
        say(&mut app, ALICE, &format!("message {n}"), now);
    }
    say(&mut app, ALICE, "one too many", now + Duration::from_secs(9));
    assert_eq!(app.chat.len(), 3);
    assert_eq!(person(&app, ALICE).note.as_deref(), Some("Slow down: a few messages every ten seconds"));
    app.update(Message::Command(ALICE, Command::Confirm), now + Duration::from_secs(10));
    assert_eq!(app.chat.back().unwrap().text, "one too many", "ten seconds on, it goes");
}

#[test]
fn a_person_alone_has_nobody_to_message() {
    let h = Harness::new(42, Speed::Instant);
    let mut app = h.app;
    app.update(Message::Command(PersonId::LOCAL, Command::Chat), h.now);
    assert_eq!(app.people[0].chat_line, None);
    assert_eq!(app.people[0].note.as_deref(), Some("Messages are for a table with other people at it"));
}

#[test]
fn a_question_the_turn_clock_answered_for_a_person_is_closed_on_their_screen() {
    let now = Instant::now();
    let start = crate::record::DealCode { seed: 10, hand: 1 };
    let table = table(crate::engine::Preset::ChasseCoeur.rules());
    let sharing = Sharing { turn_clock: Some(Duration::ZERO), ..Sharing::default() };
    let mut app = App::shared(table, start, Speed::Instant, sharing).unwrap();
    for (id, name) in [(ALICE, "alice"), (BOB, "bob"), (PersonId(4), "carol"), (PersonId(5), "dave")] {
        app.update(arrival(id, name, None, false), now);
    }
    let mut asked = 0;
    for step in 0..400u64 {
        let now = now + Duration::from_secs(step);
        app.update(Message::Tick, now);
        let declared = |app: &App, seat| {
            app.log.iter().any(|action| matches!(action, crate::engine::Action::Declare { seat: s, .. } if *s == seat))
        };
        for person in &app.people {
            let seat = person.seat.unwrap();
            if matches!(person.overlay, Some(Overlay::Generale(_))) {
                asked += 1;
                assert!(!declared(&app, seat), "{} was answered for, yet still asked", person.name);
            }
        }
        let Some(seat) = app.bot_to_ask(now) else { continue };
        let mut bot = Level::Normal.bot(10, seat, Think::Samples(1));
        let Some(action) = decide(&app.game, seat, bot.as_mut()) else { continue };
        app.update(Message::BotDecided { generation: app.generation, action }, now);
        if app.game.tricks().len() > 1 {
            break;
        }
    }
    assert!(asked > 0, "someone was asked to declare, so the check ran");
}

#[test]
fn a_table_rebuilt_after_a_failure_is_where_it_was_with_its_people_but_the_one_it_failed_on() {
    let now = Instant::now();
    let sharing = Sharing { turn_clock: Some(Duration::ZERO), ..Sharing::default() };
    let mut app = alice_and_bob(sharing, now);
    app.update(arrival(EVE, "eve", None, true), now);
    for step in 0..60u64 {
        let now = now + Duration::from_secs(step);
        app.update(Message::Tick, now);
        let Some(seat) = app.bot_to_ask(now) else { continue };
        let mut bot = Level::Normal.bot(42, seat, Think::Samples(1));
        let Some(action) = decide(&app.game, seat, bot.as_mut()) else { continue };
        app.update(Message::BotDecided { generation: app.generation, action }, now);
        if app.game.tricks().len() >= 2 && !app.game.hand().trick().is_empty() {
            break;
        }
    }
    assert!(app.game.tricks().len() >= 2, "the game is under way");
    let later = now + Duration::from_secs(100);
    let rebuilt = app.rebuilt_without(Some(BOB), later).unwrap();
    assert_eq!(rebuilt.game.hand().trick(), app.game.hand().trick());
    assert_eq!(rebuilt.game.tricks(), app.game.tricks());
    assert_eq!(rebuilt.log, app.log);
    for seat in Seat::all(4) {
        assert_eq!(rebuilt.game.hand().holding(seat), app.game.hand().holding(seat));
    }
    let ids: Vec<PersonId> = rebuilt.people.iter().map(|person| person.id).collect();
    assert_eq!(ids, [ALICE, EVE], "bob, whose message it failed on, is let go");
    assert!(rebuilt.held_here(Seat::SOUTH), "alice is still here");
    let west = Seat::new(1).unwrap();
    assert!(!rebuilt.held_here(west) && rebuilt.holders[1].is_some(), "bob's seat waits for him");
}
