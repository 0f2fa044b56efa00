//! A table several people share: each sees it from their own seat, a seat
//! waits for its person for the grace period, the turn clock hands a slow
//! decision to the bot (and shows its countdown), what changes the whole
//! table needs everyone's yes, a watcher changes nothing, and nothing on a
//! screen gives away the deal while the game is played.

use super::*;
use hearts_engine::{Action, Card};
use hearts_table::{Arrival, Message, Sharing};

const ALICE: PersonId = PersonId(1);
const BOB: PersonId = PersonId(2);
const EVE: PersonId = PersonId(3);
const CAROL: PersonId = PersonId(4);
const DAN: PersonId = PersonId(5);

/// A shared table and its people, at a test's clock.
struct SharedHarness {
    room: Room,
    now: Instant,
    /// What the room asked of its runtime (the table's effects, what
    /// people's keys asked) since the test last looked.
    to_runtime: Vec<ToRuntime>,
}

impl SharedHarness {
    /// A four-seat table of `seed` with nobody at it.
    fn empty(rules: Rules, seed: u64, sharing: Sharing) -> SharedHarness {
        SharedHarness::of(table(rules), seed, sharing, "W6HZ")
    }

    /// A table of `setup` and `seed` under `code` with nobody at it.
    fn of(setup: Setup, seed: u64, sharing: Sharing, code: &str) -> SharedHarness {
        let start = hearts_bots::record::DealCode { seed, hand: 1 };
        let mut table = Table::shared(setup, start, Speed::Instant, Think::Samples(1), sharing).unwrap();
        table.set_code(code);
        SharedHarness { room: Room::new(table, Vec::new()), now: Instant::now(), to_runtime: Vec::new() }
    }

    /// alexandra-maria and bartholomew-j, long names, sat down at a
    /// private table (a long code) of `setup`, the bots' passes made.
    fn long_names(setup: Setup) -> SharedHarness {
        let mut shared = SharedHarness::of(setup, 42, Sharing::default(), "K7M2QX9PTA");
        shared.arrive(ALICE, "alexandra-maria", None, false);
        shared.arrive(BOB, "bartholomew-j", Some("SHA256:bob"), false);
        shared.bots_act();
        shared
    }

    /// A four-seat table of seed 42 with alice and bob sat down.
    fn alice_and_bob(sharing: Sharing) -> SharedHarness {
        let mut shared = SharedHarness::empty(Rules::default(), 42, sharing);
        shared.arrive(ALICE, "alice", None, false);
        shared.arrive(BOB, "bob", Some("SHA256:bob"), false);
        shared
    }

    /// A four-seat table of seed 42 with alice in the line mode and bob at
    /// a screen, the bots' passes made.
    fn alice_in_lines_and_bob() -> SharedHarness {
        let mut shared = SharedHarness::empty(Rules::default(), 42, Sharing::default());
        let arrival =
            Arrival { id: ALICE, name: "alice".into(), key: None, watch: false, in_lines: false, seat_note: None };
        let narrator = crate::line::narrator::Narrator::new(ALICE, crate::line::cards::CardWords::default());
        shared.room.arrive_in_lines(arrival, narrator, shared.now);
        shared.arrive(BOB, "bob", Some("SHA256:bob"), false);
        shared.bots_act();
        shared
    }

    /// `name` comes in without a key, hearing the table in the line mode.
    fn arrive_listening(&mut self, id: PersonId, name: &str, watch: bool) {
        let arrival = Arrival { id, name: name.into(), key: None, watch, in_lines: true, seat_note: None };
        let narrator = crate::line::narrator::Narrator::new(id, crate::line::cards::CardWords::default());
        self.room.arrive_in_lines(arrival, narrator, self.now);
    }

    fn arrive(&mut self, id: PersonId, name: &str, key: Option<&str>, watch: bool) {
        let arrival = Arrival {
            id,
            name: name.to_string(),
            key: key.map(str::to_string),
            watch,
            in_lines: false,
            seat_note: None,
        };
        self.room.arrive(arrival, Viewer::new(id, COLOR), self.now);
    }

    fn leave(&mut self, id: PersonId) {
        self.room.leave(id, self.now);
    }

    fn press(&mut self, id: PersonId, command: Command) {
        self.room.press(id, command, self.now);
        self.to_runtime.extend(self.room.take_to_runtime());
    }

    /// What the room asked of its runtime since the test last looked.
    fn take_to_runtime(&mut self) -> Vec<ToRuntime> {
        self.to_runtime.extend(self.room.take_to_runtime());
        std::mem::take(&mut self.to_runtime)
    }

    fn type_text(&mut self, id: PersonId, text: &str) {
        for c in text.chars() {
            self.press(id, Command::Typed(c));
        }
    }

    fn say(&mut self, id: PersonId, text: &str) {
        self.press(id, Command::Chat);
        self.type_text(id, text);
        self.press(id, Command::Confirm);
    }

    fn wait(&mut self, duration: Duration) {
        self.now += duration;
        self.room.send(Message::Tick, self.now);
    }

    /// Lets every bot that is to move now move.
    fn bots_act(&mut self) {
        for _ in 0..100 {
            let Some(job) = self.room.bot_job(self.now) else { return };
            self.room.send(Message::BotDecided(job.run()), self.now);
            self.wait(Duration::from_secs(3));
        }
    }

    fn table(&self) -> &Table {
        self.room.table()
    }

    fn sight(&self, id: PersonId) -> Sight<'_> {
        self.room.table().sight(id, self.now).expect("the person is here")
    }

    fn viewer(&self, id: PersonId) -> &Viewer {
        self.room.viewer(id).expect("the person is here")
    }

    fn note(&self, id: PersonId) -> Option<&str> {
        self.viewer(id).note.as_deref()
    }

    fn screen(&self, id: PersonId, width: u16, height: u16) -> String {
        let area = Rect::new(0, 0, width, height);
        let mut buffer = Buffer::empty(area);
        self.room.draw(id, &mut buffer, area, self.now);
        text_of(&buffer)
    }

    fn status(&self, id: PersonId) -> String {
        let sight = self.sight(id);
        let (note, what) = draw::status(&Seen { sight: &sight, viewer: self.viewer(id) });
        note.map_or(what.clone(), |note| format!("{note} · {what}"))
    }

    fn keys(&self, id: PersonId) -> Vec<&'static str> {
        let sight = self.sight(id);
        draw::keys_now(&Seen { sight: &sight, viewer: self.viewer(id) })
    }

    /// Plays on, each person as the hard bot would, until `stop` holds.
    fn play_until(&mut self, stop: impl Fn(&SharedHarness) -> bool) {
        for _ in 0..5000 {
            if stop(self) {
                return;
            }
            self.bots_act();
            for id in self.room.ids() {
                if stop(self) {
                    return;
                }
                self.act_for(id);
            }
            self.wait(Duration::from_secs(3));
        }
        panic!("the condition never came");
    }

    /// One decision of person `id`, by keys, as the hard bot would take it.
    fn act_for(&mut self, id: PersonId) {
        let Some(seat) = self.sight(id).seat else { return };
        match &self.viewer(id).window {
            Some(Window::HandSummary) => return self.press(id, Command::Confirm),
            Some(Window::Generale(_)) => return self.press(id, Command::New),
            Some(Window::GameOver(_)) | Some(_) => return,
            None => {}
        }
        let game = self.table().game().clone();
        let mut adviser = Level::Hard.bot(game.seed(), seat, Think::Samples(1));
        match decide(&game, seat, adviser.as_mut()) {
            Some(Action::Pass { cards, .. }) if self.sight(id).is_passing() => {
                for card in cards.iter() {
                    self.press(id, Command::Card(card));
                }
                self.press(id, Command::Confirm);
            }
            Some(Action::Play { card, .. }) if self.sight(id).plays_now() => self.press(id, Command::Card(card)),
            _ => {}
        }
    }
}

#[test]
fn people_sit_in_the_first_free_seats_and_see_each_other_by_name() {
    let shared = SharedHarness::alice_and_bob(Sharing::default());
    assert_eq!(shared.sight(ALICE).seat, Some(Seat::SOUTH));
    assert_eq!(shared.sight(BOB).seat, Seat::new(1));
    let (south, west) = (Seat::SOUTH, Seat::new(1).unwrap());
    assert_eq!(shared.sight(ALICE).name(west), "bob");
    assert_eq!(shared.sight(BOB).name(south), "alice");
    assert_eq!(shared.sight(BOB).name(west), "You");
}

#[test]
fn a_bot_at_a_shared_table_has_one_name_for_everyone_who_sees_it() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.arrive(EVE, "eve", None, true);
    let (north, east) = (Seat::new(2).unwrap(), Seat::new(3).unwrap());
    // Across from alice, at bob's left, and where a watcher sees it: one name.
    for id in [ALICE, BOB, EVE] {
        assert_eq!(shared.sight(id).name(north), "North");
        assert_eq!(shared.sight(id).name(east), "East");
    }
    assert_eq!(crate::words::seat_word(Seat::new(2).unwrap(), 3), "at Seat 3", "welcomes say the same names");
    assert_eq!(crate::words::seat_word(Seat::SOUTH, 3), "at Seat 1");
    // Hand 1 passes left: alice's pass goes to bob, and bob's to the bot at his left.
    assert!(shared.screen(ALICE, 80, 24).lines().next().unwrap().contains("pass to bob"));
    assert!(shared.screen(BOB, 80, 24).lines().next().unwrap().contains("pass to North"));
    assert!(shared.screen(EVE, 80, 24).lines().next().unwrap().contains("pass left"), "a watcher passes nothing");
}

#[test]
fn each_person_is_drawn_at_the_bottom_of_their_own_screen() {
    let shared = SharedHarness::alice_and_bob(Sharing::default());
    let bob = shared.sight(BOB);
    let west = Seat::new(1).unwrap();
    assert_eq!(bob.place(west), Seat::SOUTH, "bob's own seat is at the bottom");
    assert_eq!(bob.place(Seat::SOUTH).index(), 3, "alice, at bob's right");
    assert_eq!(bob.seat_at(Seat::SOUTH), west);
    let cards: CardSet = bob.cards().into_iter().collect();
    assert_eq!(cards, shared.table().game().hand().holding(west), "bob's hand is West's");
}

#[test]
fn a_watcher_has_no_hand_and_no_seat_and_their_keys_move_nothing() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.arrive(EVE, "eve", None, true);
    let eve = shared.sight(EVE);
    assert_eq!(eve.seat, None);
    assert!(eve.own.is_none() && eve.cards().is_empty());
    assert_eq!(eve.name(Seat::SOUTH), "alice");
    for command in [Command::Mark, Command::Confirm, Command::Undo, Command::Restart, Command::Speed, Command::Hint] {
        shared.press(EVE, command);
    }
    assert!(shared.table().game().hand().awaits_pass_from(Seat::SOUTH));
    assert_eq!(shared.table().log().len(), 0, "nothing was played for anyone");
}

#[test]
fn at_a_hands_end_the_table_says_once_whom_it_waits_for_and_a_watcher_only_closes_the_scores() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.arrive(EVE, "eve", None, true);
    shared.play_until(|shared| shared.table().game().phase() == GamePhase::HandOver);
    shared.wait(Duration::from_secs(3));
    assert_eq!(shared.viewer(EVE).window, Some(Window::HandSummary));
    assert_eq!(shared.keys(EVE), ["Enter close", "q leave"]);
    assert!(shared.screen(EVE, 80, 24).contains("[ Enter Close ]"), "{}", shared.screen(EVE, 80, 24));
    shared.press(ALICE, Command::Confirm);
    let status = shared.status(ALICE);
    assert!(status.starts_with("Waiting for bob to read the scores, 0:"), "{status}");
    assert_eq!(shared.keys(ALICE), ["t trick", "c played", "s scores", "? help", "q leave"], "no card to play");
    assert_eq!(status.matches("Waiting").count(), 1, "{status}");
    shared.press(EVE, Command::Confirm);
    assert_eq!(shared.viewer(EVE).window, None);
    assert_eq!(shared.table().game().phase(), GamePhase::HandOver, "eve's Enter does not deal the next hand");
}

#[test]
fn how_the_cards_look_is_each_persons_own_and_changes_mid_hand_without_a_proposal() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.arrive(EVE, "eve", None, true);
    shared.bots_act();
    shared.press(BOB, Command::Look);
    let window = shared.screen(BOB, 80, 24);
    assert!(window.contains("nobody else's screen") && window.contains("changes."), "{window}");
    shared.press(BOB, Command::Cancel);
    for id in [BOB, EVE] {
        shared.press(id, Command::Look);
        shared.press(id, Command::Right);
        shared.press(id, Command::Confirm);
    }
    assert!(shared.viewer(BOB).theme.ascii && shared.viewer(EVE).theme.ascii, "a watcher chooses too");
    assert!(!shared.viewer(ALICE).theme.ascii, "alice's screen is as it was");
    assert!(shared.screen(ALICE, 80, 24).contains('♣'), "{}", shared.screen(ALICE, 80, 24));
    let bob = shared.screen(BOB, 80, 24);
    assert!(!bob.contains(['♠', '♥', '♦', '♣']), "{bob}");
    assert!(shared.to_runtime.iter().any(
        |work| matches!(work, ToRuntime::Remember(id, remembered) if *id == BOB && remembered.ascii == Some(true))
    ));
    assert!(shared.sight(ALICE).proposal.is_none(), "no game was proposed");
    assert!(shared.table().game().hand().awaits_pass_from(Seat::SOUTH), "the hand goes on as it was");
}

#[test]
fn a_watcher_cannot_start_a_new_game_mid_pass() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.bots_act();
    shared.arrive(EVE, "eve", None, true);
    let log = shared.table().log().to_vec();
    shared.press(EVE, Command::New);
    assert_eq!(shared.viewer(EVE).window, None, "no new-game window for a watcher");
    assert_eq!(shared.note(EVE), Some("You are watching: the cards are the players'"));
    shared.press(EVE, Command::Confirm);
    // Even the intent itself, whatever sends it, is refused.
    let game = hearts_table::NewGame { setup: shared.table().setup().clone(), deal: None, speed: Speed::Instant };
    shared.room.intend(EVE, hearts_table::Intent::NewGame(Box::new(game)), shared.now);
    assert_eq!(shared.table().log(), log, "the game in progress goes on");
    assert_eq!(shared.table().start().seed, 42);
}

#[test]
fn a_new_game_mid_hand_is_a_proposal_everyone_seated_answers() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.arrive(EVE, "eve", None, true);
    shared.bots_act();
    shared.press(ALICE, Command::New);
    let window = shared.screen(ALICE, 80, 24);
    assert!(window.contains("Propose"), "the window says it proposes: {window}");
    assert!(shared.keys(ALICE).contains(&"Enter propose"), "and so do its keys");
    assert!(window.contains("Seats kept: you, bob."), "people keep their seats: {window}");
    assert!(!window.contains("Pace"), "the pace is the table's, not alice's: {window}");
    let seat_lines: Vec<&str> = window.lines().filter(|line| line.contains("< normal >")).collect();
    assert_eq!(seat_lines.len(), 2, "a level only for each bot's seat: {window}");
    assert!(seat_lines[0].contains("North") && seat_lines[1].contains("East"), "{window}");
    shared.press(ALICE, Command::Confirm);
    assert_eq!(shared.table().start().seed, 42, "nothing changes before the others agree");
    assert_eq!(shared.viewer(BOB).window, Some(Window::Vote), "bob is asked on his own screen");
    assert_eq!(shared.note(BOB), Some("alice proposes a new game of black-lady, the same rules: y / n"));
    assert_eq!(shared.viewer(EVE).window, None, "a watcher is not asked");
    let asked = shared.screen(BOB, 80, 24);
    assert!(asked.contains("alice proposes a new game of black-lady, the same rules."), "{asked}");
    assert!(asked.contains("Agreed: alice. Waiting for: you."), "bob reads himself as you: {asked}");
    shared.press(BOB, Command::New);
    assert_eq!(shared.note(ALICE), Some("bob declined the new game"));
    assert_eq!(shared.table().start().seed, 42);

    shared.press(ALICE, Command::New);
    shared.press(ALICE, Command::Confirm);
    shared.press(BOB, Command::Yes);
    assert_ne!(shared.table().start().seed, 42, "everyone said yes: the new game starts");
    assert_eq!(shared.note(BOB), Some("alice started a new game of black-lady"));
    assert_eq!(shared.note(EVE), Some("alice started a new game of black-lady"), "every action shows who did it");
    assert_eq!(shared.note(ALICE), Some("A new game of black-lady"), "the starter is not told their own name");
}

#[test]
fn a_proposal_waits_for_a_seated_person_who_is_away_until_they_answer_or_their_grace_ends() {
    let mut shared = SharedHarness::alice_and_bob(Sharing { grace: Duration::from_secs(60), ..Sharing::default() });
    shared.bots_act();
    shared.leave(BOB);
    let seed = shared.table().start().seed;
    shared.press(ALICE, Command::New);
    shared.press(ALICE, Command::Confirm);
    assert_eq!(shared.table().start().seed, seed, "bob's game is not thrown away without his yes");
    assert_eq!(shared.sight(ALICE).proposal.map(|proposal| proposal.waiting), Some(vec!["bob (away)".to_string()]));
    assert!(shared.screen(ALICE, 200, 60).contains("waiting for bob (away)"), "{}", shared.screen(ALICE, 200, 60));
    shared.wait(Duration::from_secs(30));
    shared.arrive(BOB, "bob", Some("SHA256:bob"), false);
    assert_eq!(shared.viewer(BOB).window, Some(Window::Vote), "asked as he comes back");
    shared.press(BOB, Command::Yes);
    assert_ne!(shared.table().start().seed, seed, "everyone seated said yes");

    let seed = shared.table().start().seed;
    shared.bots_act();
    shared.leave(BOB);
    shared.press(ALICE, Command::New);
    shared.press(ALICE, Command::Confirm);
    shared.wait(Duration::from_secs(59));
    assert_eq!(shared.table().start().seed, seed, "his seat still waits for him");
    shared.wait(Duration::from_secs(2));
    assert_ne!(shared.table().start().seed, seed, "his grace is over: he is no longer asked");
}

#[test]
fn enter_never_agrees_to_a_proposal_only_its_letter_does() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.bots_act();
    shared.press(ALICE, Command::New);
    shared.press(ALICE, Command::Confirm);
    assert_eq!(shared.viewer(BOB).window, Some(Window::Vote));
    // Bob meant Enter for his pass, or a card: it answers nothing.
    shared.press(BOB, Command::Confirm);
    assert_eq!(shared.viewer(BOB).window, Some(Window::Vote), "still asked");
    assert_eq!(shared.table().start().seed, 42, "no new game");
    assert!(!shared.screen(BOB, 80, 24).contains("Enter"), "no key line or button offers Enter");
    shared.press(BOB, Command::Yes);
    assert_ne!(shared.table().start().seed, 42, "y agrees");
}

#[test]
fn a_proposal_says_what_it_changes_against_the_game_now() {
    let mut shared = SharedHarness::alice_in_lines_and_bob();
    shared.room.take_lines(ALICE);
    let mut setup = shared.table().setup().clone();
    setup.rules.target_score = 30;
    setup.players[3] = Player::Builtin(Level::Expert);
    let game = hearts_table::NewGame { setup, deal: None, speed: Speed::Instant };
    shared.room.intend(BOB, hearts_table::Intent::NewGame(Box::new(game)), shared.now);
    let asked = "bob proposes a new game: target-score 30, not 100; East expert, not normal";
    let said = shared.room.take_lines(ALICE);
    assert!(said.iter().any(|line| line.starts_with(asked)), "{said:#?}");
    let seen = shared.screen(BOB, 80, 24);
    assert!(seen.contains("target-score 30, not 100") && seen.contains("East expert, not normal"), "{seen}");
    // An answer that is neither gets the question's own words (a pass is asked of alice too).
    shared.room.type_line(ALICE, "maybe", shared.now);
    assert_eq!(
        shared.room.take_lines(ALICE),
        ["Type yes or no to the new game proposed; help tells what else you may type now."]
    );
}

#[test]
fn an_answer_to_a_proposal_puts_its_question_away_and_esc_declines_as_its_keys_say() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.arrive(CAROL, "carol", None, false);
    shared.arrive(EVE, "eve", None, true);
    shared.bots_act();
    shared.press(ALICE, Command::New);
    shared.press(ALICE, Command::Confirm);
    assert_eq!(
        shared.note(EVE),
        Some("alice proposes a new game of black-lady, the same rules"),
        "a watcher is told, not asked"
    );
    assert_eq!(shared.keys(CAROL), ["y agree", "n or Esc decline"]);
    shared.press(BOB, Command::Yes);
    assert_eq!(shared.note(BOB), None, "bob has answered: no \"y / n\" is left");
    assert!(!shared.status(BOB).contains("y / n"), "{}", shared.status(BOB));
    shared.press(CAROL, Command::Cancel);
    assert_eq!(shared.note(CAROL), Some("You declined the new game"));
    for id in [ALICE, BOB, EVE] {
        assert_eq!(shared.note(id), Some("carol declined the new game"));
    }
    assert_eq!(shared.table().start().seed, 42);
}

#[test]
fn the_proposer_may_take_the_proposal_back_with_n() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.bots_act();
    shared.press(ALICE, Command::New);
    shared.press(ALICE, Command::Confirm);
    assert_eq!(shared.note(ALICE), Some("You proposed a new game of black-lady, the same rules: n withdraws it"));
    assert!(shared.keys(ALICE).contains(&"n withdraw"), "{:?}", shared.keys(ALICE));
    shared.press(ALICE, Command::New);
    assert_eq!(shared.note(ALICE), Some("You withdrew your proposal of a new game"));
    assert_eq!(shared.note(BOB), Some("alice withdrew the proposal of a new game"));
    assert_eq!(shared.viewer(BOB).window, None, "bob is no longer asked");
    assert!(!shared.keys(ALICE).contains(&"n withdraw"));
}

#[test]
fn a_note_lasts_until_the_next_trick_is_taken() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.arrive(EVE, "eve", None, true);
    shared.play_until(|shared| shared.sight(EVE).hand.phase == HandPhase::Playing);
    shared.press(EVE, Command::LastTrick);
    assert_eq!(shared.note(EVE), Some("No trick has been taken yet this hand"));
    shared.wait(Duration::from_secs(3));
    assert!(shared.note(EVE).is_some(), "time alone does not take it away");
    shared.play_until(|shared| !shared.sight(EVE).play.tricks.is_empty());
    assert_eq!(shared.note(EVE), None, "a trick later it is gone");
}

#[test]
fn a_game_a_new_game_replaces_is_kept_once_as_unfinished() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.bots_act();
    shared.act_for(ALICE);
    shared.act_for(BOB);
    let ended = |shared: &mut SharedHarness| -> Vec<Option<Finish>> {
        let effects = shared.take_to_runtime();
        effects
            .into_iter()
            .filter_map(|effect| if let ToRuntime::Ended(ended) = effect { Some(ended.finish) } else { None })
            .collect()
    };
    ended(&mut shared);
    shared.press(ALICE, Command::New);
    shared.press(ALICE, Command::Confirm);
    assert_eq!(ended(&mut shared), [], "a proposal ends nothing");
    shared.press(BOB, Command::Yes);
    assert_eq!(ended(&mut shared), [None], "the game the new one replaced, once, unfinished");
    shared.press(ALICE, Command::New);
    shared.press(ALICE, Command::Confirm);
    shared.press(BOB, Command::Yes);
    assert_eq!(ended(&mut shared), [], "nobody had played in the game replaced now: nothing to keep");
}

#[test]
fn a_table_its_people_and_a_watcher_left_sleeps_until_someone_comes() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.bots_act();
    shared.arrive(EVE, "eve", None, true);
    shared.leave(ALICE);
    shared.leave(BOB);
    shared.wait(Duration::from_secs(1));
    shared.leave(EVE);
    for seconds in [0, 1, 30, 61, 600, 3600] {
        shared.wait(Duration::from_secs(seconds));
        let next = shared.table().next_wakeup(shared.now);
        assert!(next.is_none_or(|at| at > shared.now), "{seconds} s on, it wakes at once: {next:?}");
    }
    let played = shared.table().log().len();
    shared.wait(Duration::from_secs(3600));
    assert_eq!(shared.table().log().len(), played, "nothing is played for nobody");
}

#[test]
fn at_game_over_any_seated_person_starts_the_next_game_at_once() {
    let rules = Rules { target_score: 20, ..Rules::default() };
    let mut shared = SharedHarness::empty(rules, 7, Sharing::default());
    shared.arrive(ALICE, "alice", None, false);
    shared.arrive(BOB, "bob", None, false);
    shared.play_until(|shared| shared.table().finish().is_some());
    shared.press(BOB, Command::Confirm);
    assert!(matches!(shared.viewer(BOB).window, Some(Window::GameOver(_))));
    assert!(!shared.screen(BOB, 80, 24).contains("Replay"), "{}", shared.screen(BOB, 80, 24));
    shared.press(BOB, Command::New);
    assert_eq!(shared.keys(BOB), ["up/down line", "arrows change", "Enter start", "Esc cancel"], "on the rules' line");
    shared.press(BOB, Command::Down);
    assert_eq!(shared.keys(BOB), ["up/down line", "arrows change", "digits type", "Enter start", "Esc cancel"]);
    shared.press(BOB, Command::Up);
    shared.press(BOB, Command::Confirm);
    assert_eq!(shared.table().finish(), None, "bob starts the next game for everyone");
    assert_eq!(shared.note(ALICE), Some("bob started a new game of black-lady+"), "to 20: the rules as they were");
}

#[test]
fn a_shared_tables_games_are_dealt_from_secret_seeds_nobody_chooses_or_replays() {
    let rules = Rules { target_score: 20, ..Rules::default() };
    let mut shared = SharedHarness::empty(rules, 7, Sharing::default());
    shared.arrive(ALICE, "alice", None, false);
    shared.arrive(BOB, "bob", None, false);
    shared.press(BOB, Command::New);
    let window = shared.screen(BOB, 80, 24);
    assert!(window.contains("Rules") && !window.contains("Seed"), "no seed to type: {window}");
    shared.press(BOB, Command::Cancel);
    // Even the intent itself, whatever sends it, is refused.
    let chosen = hearts_bots::record::DealCode { seed: 12345, hand: 1 };
    let game =
        hearts_table::NewGame { setup: shared.table().setup().clone(), deal: Some(chosen), speed: Speed::Instant };
    shared.room.intend(BOB, hearts_table::Intent::NewGame(Box::new(game)), shared.now);
    assert_eq!(shared.sight(ALICE).proposal, None, "nothing is proposed");
    assert_eq!(shared.note(BOB), Some("Games here are dealt from a secret seed: a known one shows every hand"));

    shared.play_until(|shared| shared.table().finish().is_some());
    shared.press(BOB, Command::Confirm);
    shared.press(BOB, Command::Restart);
    assert!(shared.table().finish().is_some(), "r replays nothing here");
    assert_eq!(shared.note(BOB), Some("Games here are dealt from a secret seed: a known one shows every hand"));
    shared.press(BOB, Command::New);
    shared.press(BOB, Command::Confirm);
    let seed = shared.table().start().seed;
    // Short seeds (the terminal's, below a billion) could be searched for the one that dealt a hand.
    assert!(seed > u64::from(u32::MAX), "a 64-bit seed, not a short one: {seed}");
}

#[test]
fn a_game_with_fewer_seats_says_so_first_and_tells_the_person_who_loses_theirs() {
    let rules = Rules { players: 5, target_score: 20, ..Rules::default() };
    let mut shared = SharedHarness::empty(rules, 3, Sharing::default());
    for (id, name) in [(ALICE, "alice"), (BOB, "bob"), (PersonId(4), "carol"), (PersonId(5), "dave")] {
        shared.arrive(id, name, None, false);
    }
    shared.arrive(PersonId(6), "erin", None, false);
    assert_eq!(shared.sight(PersonId(6)).seat, Seat::new(4));
    shared.play_until(|shared| shared.table().finish().is_some());
    shared.press(ALICE, Command::Confirm);
    shared.press(ALICE, Command::New);
    shared.press(ALICE, Command::Down);
    shared.press(ALICE, Command::Down);
    shared.press(ALICE, Command::Left);
    shared.press(ALICE, Command::Confirm);
    assert!(matches!(shared.viewer(ALICE).window, Some(Window::ConfirmDrop(_))), "asked first");
    assert!(shared.screen(ALICE, 80, 24).contains("erin"), "{}", shared.screen(ALICE, 80, 24));
    shared.press(ALICE, Command::Yes);
    assert_eq!(shared.table().players(), 4);
    assert_eq!(shared.sight(PersonId(6)).seat, None);
    assert_eq!(
        shared.note(PersonId(6)),
        Some("alice started a new game of black-lady+: it has fewer seats, so you are watching")
    );
}

#[test]
fn a_fifth_person_at_a_full_table_watches() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    for (id, name) in [(PersonId(4), "carol"), (PersonId(5), "dave"), (PersonId(6), "erin")] {
        shared.arrive(id, name, None, false);
    }
    assert_eq!(shared.sight(PersonId(6)).seat, None);
    assert!(shared.note(PersonId(6)).unwrap().contains("every seat is taken"));
}

#[test]
fn a_seat_waits_for_its_person_for_the_grace_period_then_its_bot_plays() {
    let sharing = Sharing { grace: Duration::from_secs(60), ..Sharing::default() };
    let mut shared = SharedHarness::alice_and_bob(sharing);
    let now = shared.now;
    shared.leave(BOB);
    assert!(shared.table().next_wakeup(now).is_some_and(|at| at <= now + Duration::from_secs(60)), "it wakes for it");
    // The bots pass first, in seat order: West's is asked only once bob's grace is over.
    assert_eq!(shared.table().bot_to_ask(now + Duration::from_secs(59)), Seat::new(2));
    shared.bots_act();
    shared.now = now + Duration::from_secs(60);
    assert_eq!(shared.table().bot_to_ask(shared.now), Seat::new(1));
    shared.bots_act();
    assert!(shared.status(ALICE).contains("bob"), "{}", shared.status(ALICE));
}

#[test]
fn the_same_key_takes_the_seat_back_and_a_name_alone_does_not_take_a_keyed_seat() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.leave(BOB);
    shared.arrive(PersonId(7), "bob", None, false);
    assert_ne!(shared.sight(PersonId(7)).seat, Seat::new(1), "a name alone does not take bob's keyed seat");
    shared.arrive(PersonId(8), "robert", Some("SHA256:bob"), false);
    assert_eq!(shared.sight(PersonId(8)).seat, Seat::new(1), "his key does");
    assert!(shared.note(PersonId(8)).unwrap().starts_with("Welcome back"));
}

#[test]
fn a_person_without_a_key_comes_back_by_name() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.leave(ALICE);
    shared.arrive(PersonId(9), "alice", None, false);
    assert_eq!(shared.sight(PersonId(9)).seat, Some(Seat::SOUTH));
}

#[test]
fn the_turn_clock_counts_down_for_the_person_it_runs_for_and_says_when_the_bot_acted() {
    let sharing = Sharing { turn_clock: Some(Duration::from_secs(20)), ..Sharing::default() };
    let mut shared = SharedHarness::empty(Rules { pass_count: 0, ..Rules::default() }, 42, sharing);
    shared.arrive(ALICE, "alice", None, false);
    shared.arrive(BOB, "bob", Some("SHA256:bob"), false);
    while !shared.sight(ALICE).plays_now() {
        shared.bots_act();
        shared.act_for(BOB);
    }
    let left = 20 - shared.sight(ALICE).waiting.waited.as_secs();
    assert!(shared.status(ALICE).contains(&format!("(0:{left:02} left)")), "{}", shared.status(ALICE));
    assert!(!shared.status(BOB).contains(" left)"), "the countdown is alice's: {}", shared.status(BOB));
    assert_eq!(shared.table().bot_to_ask(shared.now + Duration::from_secs(left - 1)), None, "still hers");
    shared.wait(Duration::from_secs(left));
    assert_eq!(shared.table().bot_to_ask(shared.now), Some(Seat::SOUTH), "her bot plays for her");
    let held = shared.sight(ALICE).own.unwrap().hand;
    shared.bots_act();
    let note = shared.note(ALICE).unwrap_or_default().to_string();
    let played = note.strip_prefix("Time ran out: your bot played ").expect("the note says which card");
    assert!(held.iter().any(|card| COLOR.card(card) == played), "{note}");
    assert_eq!(shared.note(BOB), Some("Time ran out for alice: their bot moved for them"), "the others hear it");
}

#[test]
fn a_pass_its_bot_chose_before_a_person_sat_down_is_not_made_for_them() {
    let mut shared = SharedHarness::empty(Rules::default(), 42, Sharing::default());
    shared.arrive(ALICE, "alice", None, false);
    // West is nobody's yet: its bot is asked for its pass, and bob sits there while it thinks.
    let west = Seat::SOUTH.next(4);
    let job = shared.room.bot_job(shared.now).expect("a bot chooses a pass");
    assert_eq!(job.seat(), west);
    shared.arrive(BOB, "bob", None, false);
    assert_eq!(shared.sight(BOB).seat, Some(west), "bob sits at West");
    shared.room.send(Message::BotDecided(job.run()), shared.now);
    shared.wait(Duration::from_secs(3));
    assert!(shared.table().game().hand().awaits_pass_from(west), "the pass is bob's to choose");
    assert!(!shared.note(BOB).unwrap_or_default().starts_with("Time ran out"), "and no bot moved for him");
}

#[test]
fn your_pass_is_set_aside_and_said_while_the_others_choose_theirs() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.bots_act();
    let dealt = shared.sight(ALICE).cards();
    let pass: Vec<Card> = dealt.iter().copied().take(3).collect();
    for &card in &pass {
        shared.press(ALICE, Command::Card(card));
    }
    shared.press(ALICE, Command::Confirm);
    shared.wait(Duration::from_secs(3));
    assert!(shared.table().game().hand().awaits_pass_from(Seat::new(1).unwrap()), "bob has not passed");
    let held = shared.sight(ALICE).cards();
    assert_eq!(held.len(), 10, "the three passed are out of her hand");
    assert!(pass.iter().all(|card| !held.contains(card)));
    let status = shared.status(ALICE);
    let cards = COLOR.cards(pass.iter().copied());
    assert!(status.starts_with(&format!("You passed {cards} to bob; waiting for bob")), "{status}");
    assert_eq!(shared.keys(ALICE), ["s scores", "? help", "q leave"], "nothing to play yet");
}

#[test]
fn someone_who_sits_where_a_bot_has_passed_is_told_its_pass() {
    let mut shared = SharedHarness::empty(Rules::default(), 42, Sharing::default());
    shared.arrive(ALICE, "alice", None, false);
    shared.bots_act();
    let west = Seat::new(1).unwrap();
    let passed = shared.table().game().hand().passed_cards(west);
    assert_eq!(passed.len(), 3, "West's bot has passed");
    shared.arrive(BOB, "bob", None, false);
    assert_eq!(shared.sight(BOB).seat, Some(west));
    let cards = COLOR.cards(passed.iter());
    assert_eq!(shared.note(BOB), Some("Welcome, bob: you sit at West; its pass was made before you came"));
    assert_eq!(shared.sight(BOB).cards().len(), 10);
    let status = shared.status(BOB);
    assert!(status.contains(&format!(" · You passed {cards} to North; waiting for alice")), "{status}");
    // Too long to stand beside the status, the welcome takes the key line a while, then the keys are back.
    let keys = |shared: &SharedHarness| shared.screen(BOB, 80, 24).lines().last().unwrap_or_default().to_string();
    assert!(keys(&shared).starts_with(" Welcome, bob"), "{}", keys(&shared));
    shared.wait(Duration::from_secs(9));
    assert!(keys(&shared).contains("? help"), "{}", keys(&shared));
}

#[test]
fn a_table_waiting_on_people_wakes_as_each_whole_second_of_the_wait_passes() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.bots_act();
    assert!(!shared.sight(ALICE).waiting.on.is_empty(), "the table waits for its people's passes");
    let began = shared.now - shared.sight(ALICE).waiting.waited;
    for (waited_ms, next_s) in [(300, 1), (1_700, 2), (2_000, 3), (2_999, 3)] {
        shared.now = began + Duration::from_millis(waited_ms);
        let next = shared.table().next_wakeup(shared.now);
        assert_eq!(next, Some(began + Duration::from_secs(next_s)), "{waited_ms} ms into the wait");
    }
}

#[test]
fn the_turn_clock_runs_for_a_person_alone_at_a_table_too() {
    let sharing = Sharing { turn_clock: Some(Duration::from_secs(20)), ..Sharing::default() };
    let mut shared = SharedHarness::empty(Rules::default(), 42, sharing);
    shared.arrive(ALICE, "alice", None, false);
    shared.bots_act();
    assert!(shared.sight(ALICE).is_passing());
    let next = shared.table().next_wakeup(shared.now).expect("the clock wakes the table");
    assert!(next <= shared.now + Duration::from_secs(20));
    shared.wait(Duration::from_secs(20));
    shared.bots_act();
    assert!(!shared.sight(ALICE).is_passing(), "the bot passed for her");
}

#[test]
fn undo_and_a_hands_restart_are_off_while_other_people_play() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    assert!(shared.sight(ALICE).may.undo.is_err());
    shared.press(ALICE, Command::Undo);
    assert_eq!(shared.note(ALICE), Some("Undo is off while other people play"));
    shared.press(ALICE, Command::Restart);
    assert_eq!(shared.viewer(ALICE).window, None);
    shared.leave(BOB);
    assert!(shared.sight(ALICE).may.undo.is_err(), "bob's seat waits for him: alice is not alone");
}

#[test]
fn a_hand_is_never_dealt_again_at_a_served_table_even_by_one_alone() {
    let mut shared = SharedHarness::empty(Rules::default(), 42, Sharing::default());
    shared.arrive(ALICE, "alice", None, false);
    shared.bots_act();
    assert_eq!(
        shared.sight(ALICE).may.restart,
        Err(hearts_table::Refusal::RestartOff(hearts_table::notice::Off::Served))
    );
    shared.press(ALICE, Command::Restart);
    assert_eq!(shared.viewer(ALICE).window, None, "not even asked");
    assert_eq!(
        shared.note(ALICE),
        Some("Restarting a hand is off at a served table: whoever sits down later would hold cards you saw")
    );
    assert!(shared.sight(ALICE).may.undo.is_ok(), "undo takes back only what nobody else has seen");
}

#[test]
fn a_person_may_give_up_their_seat_for_good_and_the_next_to_come_takes_it() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.bots_act();
    shared.press(BOB, Command::Quit);
    assert!(shared.screen(BOB, 80, 24).contains("g gives it up for good"), "{}", shared.screen(BOB, 80, 24));
    assert!(shared.keys(BOB).contains(&"g give up the seat"));
    shared.press(BOB, Command::GiveUp);
    assert_eq!(shared.sight(BOB).seat, None, "bob watches");
    assert_eq!(shared.table().holders()[1], None, "nobody holds West: its bot plays it");
    assert_eq!(shared.note(BOB), Some("You gave up your seat for good: you are watching"));
    assert_eq!(shared.note(ALICE), Some("bob gave up their seat: its bot plays it, and the next to come may take it"));
    shared.arrive(CAROL, "carol", None, false);
    assert_eq!(shared.sight(CAROL).seat, Seat::new(1), "carol sits at West");
    // A stray g at the table does nothing.
    shared.press(ALICE, Command::GiveUp);
    assert_eq!(shared.sight(ALICE).seat, Some(Seat::SOUTH));
}

#[test]
fn a_seat_whose_person_has_been_away_past_the_limit_is_free_from_the_next_hand() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.bots_act();
    shared.leave(BOB);
    shared.wait(hearts_table::SEAT_KEPT - Duration::from_secs(1));
    shared.arrive(CAROL, "carol", None, false);
    assert_eq!(shared.sight(CAROL).seat, Some(Seat::new(2).unwrap()), "bob's seat is still kept: carol sits at North");
    shared.arrive(DAN, "dan", None, false);
    shared.arrive(EVE, "eve", None, false);
    assert_eq!(shared.sight(EVE).seat, None, "every seat is held: eve watches");
    shared.wait(Duration::from_secs(2));
    assert!(shared.table().holders()[1].is_some(), "mid-hand it stays bob's");
    shared.play_until(|shared| shared.table().game().hand_number() == 2);
    assert_eq!(shared.table().holders()[1], None, "at the next hand it is nobody's");
    shared.leave(EVE);
    shared.arrive(EVE, "eve", None, false);
    assert_eq!(shared.sight(EVE).seat, Seat::new(1), "the next to come takes it");
}

#[test]
fn the_table_says_when_a_seat_kept_too_long_is_free() {
    let sharing = Sharing { turn_clock: Some(Duration::ZERO), ..Sharing::default() };
    let mut shared = SharedHarness::empty(Rules::default(), 42, sharing);
    shared.arrive_listening(ALICE, "alice", false);
    shared.arrive(BOB, "bob", None, false);
    shared.leave(BOB);
    shared.wait(hearts_table::SEAT_KEPT);
    while shared.table().game().hand_number() < 2 {
        shared.bots_act();
        shared.wait(Duration::from_secs(3));
    }
    let said = shared.room.take_lines(ALICE);
    let freed = "bob has been away over 10 minutes: their seat is free for whoever comes.";
    assert!(said.iter().any(|line| line == freed), "{said:#?}");
}

#[test]
fn in_the_line_mode_give_up_gives_the_seat_up() {
    let mut shared = SharedHarness::alice_in_lines_and_bob();
    let now = shared.now;
    shared.room.type_line(ALICE, "give up", now);
    assert_eq!(shared.sight(ALICE).seat, None);
    assert!(
        shared.room.take_lines(ALICE).iter().any(|line| line == "You gave up your seat for good: you are watching.")
    );
}

#[test]
fn hints_are_a_table_setting() {
    let mut shared = SharedHarness::alice_and_bob(Sharing { hints: false, ..Sharing::default() });
    shared.press(ALICE, Command::Hint);
    assert_eq!(shared.note(ALICE), Some("Hints are off at this table"));
    assert!(shared.take_to_runtime().iter().all(|effect| !matches!(effect, ToRuntime::WorkOutHint(..))));
}

#[test]
fn a_note_names_the_seat_as_each_person_sees_it() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.leave(BOB);
    assert_eq!(shared.note(ALICE), Some("bob left: their seat waits 60 s, then its bot plays for them"));
    shared.arrive(EVE, "eve", None, true);
    assert_eq!(shared.note(EVE), Some("Welcome, eve: you are watching"));
}

#[test]
fn waiting_names_the_reader_too() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.wait(Duration::from_secs(23));
    assert_eq!(shared.sight(ALICE).waiting_line().as_deref(), Some("waiting for you, bob, 0:23"));
}

#[test]
fn the_line_being_written_names_its_two_keys() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.press(ALICE, Command::Chat);
    shared.type_text(ALICE, "hi");
    let screen = shared.screen(ALICE, 80, 24);
    let line = screen.lines().find(|line| line.contains("Say:")).unwrap_or_default().trim_end();
    assert!(line.ends_with("Say: hi_ · Enter send · Esc cancel"), "{screen}");
    shared.type_text(ALICE, &"x".repeat(200));
    let screen = shared.screen(ALICE, 80, 24);
    assert!(screen.contains("x_ · full · Enter send · Esc cancel"), "a full message says so: {screen}");
}

#[test]
fn a_message_reaches_the_table_with_its_sender_named() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.say(ALICE, "nice trick");
    let said = shared.table().chat().newest().expect("a message");
    assert_eq!((said.from.as_str(), said.text.as_str()), ("alice", "nice trick"));
    assert_eq!(shared.viewer(ALICE).chat_line, None, "the chat line closes once sent");
    assert!(shared.screen(BOB, 80, 24).contains("alice: nice trick"), "bob reads it at 80x24");
    // With a window open its keys keep the bottom line.
    shared.press(BOB, Command::ScoreSheet);
    let screen = shared.screen(BOB, 80, 24);
    assert!(screen.lines().last().unwrap_or_default().contains("Esc close"), "{screen}");
}

#[test]
fn a_message_shows_controls_replaced_and_is_cut_at_its_length() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.say(ALICE, "a\u{9b}b\u{202e}c 🙂");
    assert_eq!(shared.table().chat().newest().unwrap().text, "a\u{FFFD}b\u{FFFD}c 🙂", "nothing vanishes unseen");
    shared.say(BOB, &"x".repeat(500));
    assert_eq!(shared.table().chat().newest().unwrap().text.chars().count(), hearts_table::chat::CHAT_LENGTH);
}

#[test]
fn messages_are_rate_limited() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    for n in 0..3 {
        shared.say(ALICE, &format!("message {n}"));
    }
    shared.now += Duration::from_secs(9);
    shared.say(ALICE, "one too many");
    assert_eq!(shared.table().chat().messages().len(), 3);
    assert_eq!(shared.note(ALICE), Some("Slow down: a few messages every ten seconds"));
}

#[test]
fn chat_at_a_shared_table_never_sends_its_letters_to_the_game_even_alone() {
    let mut shared = SharedHarness::empty(Rules::default(), 42, Sharing::default());
    shared.arrive(ALICE, "alice", None, false);
    shared.bots_act();
    let cursor = shared.viewer(ALICE).cursor;
    shared.press(ALICE, Command::Chat);
    assert!(shared.viewer(ALICE).chat_line.is_some(), "alone, she may still write to the table");
    shared.type_text(ALICE, "hello ql");
    assert_eq!(shared.viewer(ALICE).cursor, cursor, "h and l move no cursor");
    assert_eq!(shared.viewer(ALICE).window, None, "q opens no window");
    shared.press(ALICE, Command::Confirm);
    assert_eq!(shared.table().chat().newest().unwrap().text, "hello ql");
}

#[test]
fn the_newest_messages_show_in_the_side_panel_and_the_history_holds_them_all() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    for n in 0..30 {
        shared.now += Duration::from_secs(10);
        shared.say(if n % 2 == 0 { ALICE } else { BOB }, &format!("message number {n} with some words to wrap"));
    }
    let big = shared.screen(BOB, 200, 60);
    assert!(big.contains("message number 29"), "the newest in the side panel:\n{big}");
    shared.press(BOB, Command::ChatHistory);
    let history = shared.screen(BOB, 80, 24);
    assert!(history.contains("Messages (30)") && history.contains("message number 29"), "{history}");
    shared.press(BOB, Command::Up);
    let window: Vec<String> = shared.screen(BOB, 80, 24).lines().take(23).map(str::to_string).collect();
    assert!(!window.join("\n").contains("message number 29") && window.join("\n").contains("message number 9 "));
    shared.press(BOB, Command::Cancel);
    assert_eq!(shared.viewer(BOB).window, None);
}

#[test]
fn a_long_message_is_cut_at_a_word_on_the_key_line() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.say(ALICE, &"word ".repeat(30));
    let text = shared.screen(BOB, 80, 24);
    let line = text.lines().nth(23).unwrap();
    assert!(line.starts_with(" alice: word") && line.ends_with("(M)"), "{line}");
}

#[test]
fn a_message_of_one_long_word_shows_in_part_on_the_key_line_and_whole_in_the_history() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    let word = "A".repeat(120);
    shared.say(ALICE, &word);
    let text = shared.screen(BOB, 80, 24);
    let line = text.lines().nth(23).unwrap();
    assert!(line.starts_with(" alice: AAAAAAAAAA") && line.ends_with("(M)"), "{line}");
    shared.press(BOB, Command::ChatHistory);
    let history = shared.screen(BOB, 80, 24);
    let letters = |text: &str| text.split(|c| c != 'A').filter(|run| run.len() >= 5).map(str::len).sum::<usize>();
    assert_eq!(letters(&history), 120, "every letter, over as many lines as it takes:\n{history}");
    shared.press(BOB, Command::Cancel);
    shared.wait(Duration::from_secs(60));
    let big = shared.screen(BOB, 200, 60);
    assert_eq!(letters(&big), 120, "and in the side panel, once the key line has its keys back:\n{big}");
}

#[test]
fn the_deal_is_sealed_while_others_play_and_opened_at_the_end() {
    let rules = Rules { target_score: 20, ..Rules::default() };
    let mut shared = SharedHarness::empty(rules, 4242, Sharing::default());
    shared.arrive(ALICE, "alice", None, false);
    shared.arrive(EVE, "eve", None, true);
    for id in [ALICE, EVE] {
        for size in [(80, 24), (200, 60)] {
            let text = shared.screen(id, size.0, size.1);
            assert!(!text.contains("4242"), "the seed shows while the game is played:\n{text}");
        }
    }
    let hearts_table::DealShown::Sealed { digest } = shared.sight(EVE).deal else { panic!("the deal is sealed") };
    shared.press(EVE, Command::Help);
    assert!(shared.screen(EVE, 80, 24).contains(&digest[..16]), "the commitment is shown");
    shared.press(EVE, Command::Cancel);
    shared.play_until(|shared| shared.table().finish().is_some());
    let hearts_table::DealShown::Opened { code, text, digest: opened } = shared.sight(EVE).deal else {
        panic!("the deal is opened at the end")
    };
    assert_eq!((code.seed, opened), (4242, digest.clone()));
    use sha2::Digest;
    let check: String = sha2::Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(check, digest, "the text shown at the end is what was committed to");
}

#[test]
fn the_code_of_the_table_is_on_its_screen() {
    let shared = SharedHarness::alice_and_bob(Sharing::default());
    let top = shared.screen(ALICE, 120, 36).lines().next().unwrap().to_string();
    assert!(top.contains("table W6HZ"), "{top}");
    let top = shared.screen(ALICE, 80, 24).lines().next().unwrap().to_string();
    assert!(top.contains("black-lady"), "at 80x24 the rules' name stays: {top}");
}

#[test]
fn a_private_tables_long_code_is_on_its_screen_at_every_size() {
    let mut shared = SharedHarness::long_names(table(Rules::default()));
    let top = shared.screen(ALICE, 200, 60).lines().next().unwrap().to_string();
    assert!(top.contains("table K7M2QX9PTA") && top.contains("black-lady"), "{top}");
    let top = shared.screen(ALICE, 80, 24).lines().next().unwrap().to_string();
    assert!(top.contains("black-lady"), "at 80x24 the rules' name stays: {top}");
    shared.press(ALICE, Command::Help);
    let help = shared.screen(ALICE, 80, 24);
    assert!(help.contains("K7M2QX9PTA"), "the help names the code at 80x24: {help}");
}

#[test]
fn at_80x24_every_presets_changed_name_stays_on_a_full_top_line() {
    for &preset in hearts_engine::Preset::ALL {
        let rules = Rules { clock_minutes: 10, ..preset.rules() };
        let label = format!("{}+", preset.name());
        let players = vec![Player::Builtin(Level::Normal); rules.player_count()];
        let shared = SharedHarness::long_names(Setup { rules, label: label.clone(), players });
        let top = shared.screen(ALICE, 80, 24).lines().next().unwrap().to_string();
        assert!(top.contains(&label), "{preset:?}: the rules' name stays: {top}");
        assert!(top.chars().count() <= 80, "{top}");
    }
}

#[test]
fn the_help_says_where_ctrl_c_goes_and_coming_back_claims_no_more_than_the_seat() {
    let mut shared = SharedHarness::alice_and_bob(Sharing { grace: Duration::from_secs(1), ..Sharing::default() });
    shared.arrive(EVE, "eve", None, true);
    for id in [ALICE, EVE] {
        shared.press(id, Command::Help);
        let help = shared.screen(id, 80, 24);
        assert!(!help.contains("leave the server"), "Ctrl-C at a table goes to the lobby: {help}");
        assert!(help.contains("Ctrl-C"), "{help}");
        shared.press(id, Command::Cancel);
    }
    // bob goes; past his grace his bot plays for him; he comes back.
    shared.leave(BOB);
    shared.wait(Duration::from_secs(2));
    shared.bots_act();
    shared.arrive(BOB, "bob", Some("SHA256:bob"), false);
    let note = shared.note(BOB).unwrap_or_default().to_string();
    assert!(note.starts_with("Welcome back, bob") && !note.contains("as you left it"), "{note}");
}

#[test]
fn a_shared_table_has_its_own_words() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.arrive(EVE, "eve", None, true);
    shared.press(ALICE, Command::Help);
    let help = shared.screen(ALICE, 80, 24);
    assert!(!help.contains("Ctrl-Z") && !help.contains("suspend"), "{help}");
    assert!(help.contains("leave the table (your seat waits for you)"), "{help}");
    shared.press(ALICE, Command::Cancel);
    shared.press(ALICE, Command::Quit);
    let quit = shared.screen(ALICE, 80, 24);
    assert!(quit.contains("Leave the table? Your seat waits 60 s for you,") && !quit.contains("resume"), "{quit}");
    assert_eq!(
        shared.keys(ALICE),
        ["y leave", "n keep playing", "g give up the seat"],
        "the keys say what the buttons and the text say"
    );
    shared.press(EVE, Command::Quit);
    let watcher = shared.screen(EVE, 80, 24);
    assert!(watcher.contains("Stop watching") && watcher.contains("n Keep watching"), "{watcher}");
    assert_eq!(shared.keys(EVE), ["y leave", "n keep watching"]);
    shared.press(EVE, Command::Cancel);
    assert_eq!(
        shared.keys(EVE),
        ["c played", "s scores", "m message", "M messages", "? help", "q leave"],
        "no trick taken yet: no t"
    );
    assert!(!shared.keys(ALICE).iter().any(|key| key.starts_with("u ")), "undo is not alice's here");
}

#[test]
fn a_bot_playing_for_someone_away_is_named_as_theirs() {
    let mut shared = SharedHarness::alice_and_bob(Sharing { grace: Duration::from_secs(1), ..Sharing::default() });
    shared.leave(BOB);
    shared.now += Duration::from_secs(2);
    shared.play_until(|shared| {
        shared.sight(ALICE).hand.to_act == Seat::new(1)
            && shared.sight(ALICE).phase == GamePhase::InHand
            && shared.sight(ALICE).hand.phase == HandPhase::Playing
    });
    assert!(shared.status(ALICE).contains("bob's bot is playing"), "{}", shared.status(ALICE));
}

#[test]
fn a_table_nobody_seated_is_at_pauses_and_says_so() {
    let sharing = Sharing { pause_after: Duration::from_secs(600), ..Sharing::default() };
    let mut shared = SharedHarness::alice_and_bob(sharing);
    shared.arrive(EVE, "eve", None, true);
    shared.leave(ALICE);
    shared.leave(BOB);
    shared.wait(Duration::from_secs(599));
    shared.bots_act();
    let played = shared.table().log().len();
    assert!(played > 0, "the bots play on for a while");
    shared.wait(Duration::from_secs(2));
    assert!(shared.status(EVE).contains("The table waits for its players"), "{}", shared.status(EVE));
    assert_eq!(shared.room.bot_job(shared.now).map(|job| job.seat()), None);
    let before = shared.table().log().len();
    shared.wait(Duration::from_secs(3600));
    assert_eq!(shared.table().log().len(), before, "nothing is played for nobody");
    assert_eq!(shared.table().next_wakeup(shared.now), None, "a paused table sleeps");
    shared.arrive(ALICE, "alice", None, false);
    assert!(shared.room.bot_job(shared.now).is_some() || shared.sight(ALICE).is_passing(), "she is back: play goes on");
}

#[test]
fn a_question_the_turn_clock_answered_for_a_person_is_closed_on_their_screen() {
    let sharing = Sharing { turn_clock: Some(Duration::ZERO), ..Sharing::default() };
    let mut shared = SharedHarness::empty(hearts_engine::Preset::ChasseCoeur.rules(), 10, sharing);
    for (id, name) in [(ALICE, "alice"), (BOB, "bob"), (PersonId(4), "carol"), (PersonId(5), "dave")] {
        shared.arrive(id, name, None, false);
    }
    let mut asked = 0;
    for _ in 0..400u64 {
        shared.wait(Duration::from_secs(1));
        let declared = |shared: &SharedHarness, seat| {
            shared.table().log().iter().any(|action| matches!(action, Action::Declare { seat: s, .. } if *s == seat))
        };
        for id in shared.room.ids() {
            let seat = shared.sight(id).seat.unwrap();
            if matches!(shared.viewer(id).window, Some(Window::Generale(_))) {
                asked += 1;
                assert!(!declared(&shared, seat), "{id:?} was answered for, yet still asked");
            }
        }
        let Some(job) = shared.room.bot_job(shared.now) else { continue };
        shared.room.send(Message::BotDecided(job.run()), shared.now);
        if shared.table().game().tricks().len() > 1 {
            break;
        }
    }
    assert!(asked > 0, "someone was asked to declare, so the check ran");
}

#[test]
fn a_table_rebuilt_after_a_failure_is_where_it_was_with_its_people_but_the_one_it_failed_on() {
    let sharing = Sharing { turn_clock: Some(Duration::ZERO), ..Sharing::default() };
    let mut shared = SharedHarness::alice_and_bob(sharing);
    shared.arrive(EVE, "eve", None, true);
    for _ in 0..60u64 {
        shared.wait(Duration::from_secs(1));
        let Some(job) = shared.room.bot_job(shared.now) else { continue };
        shared.room.send(Message::BotDecided(job.run()), shared.now);
        let game = shared.table().game();
        if game.tricks().len() >= 2 && !game.hand().trick().is_empty() {
            break;
        }
    }
    let table = shared.table();
    assert!(table.game().tricks().len() >= 2, "the game is under way");
    let rebuilt = table.rebuilt_without(Some(BOB), shared.now + Duration::from_secs(100)).unwrap();
    assert_eq!(rebuilt.game(), table.game());
    assert_eq!(rebuilt.log(), table.log());
    let ids: Vec<PersonId> = rebuilt.people().map(|(id, _, _)| id).collect();
    assert_eq!(ids, [ALICE, EVE], "bob, whose message it failed on, is let go");
    let holders = rebuilt.holders();
    assert!(holders[0].as_ref().is_some_and(|h| h.away_since.is_none()), "alice is still here");
    assert!(holders[1].as_ref().is_some_and(|h| h.away_since.is_some()), "bob's seat waits for him");
}

#[test]
fn the_played_cards_panel_writes_ten_as_10_and_closes_with_esc() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.arrive(EVE, "eve", None, true);
    let ten_played = |shared: &SharedHarness| shared.sight(EVE).play.played.contains("10♠".parse().unwrap());
    shared.play_until(ten_played);
    shared.press(EVE, Command::PlayedCards);
    let screen = shared.screen(EVE, 80, 24);
    let spades = screen.lines().find(|line| line.contains("│♠ ")).unwrap_or_else(|| panic!("{screen}"));
    assert!(spades.contains(" 10 "), "{spades}");
    assert!(!screen.contains(" T "), "{screen}");
    shared.press(EVE, Command::Cancel);
    assert!(!shared.screen(EVE, 80, 24).contains("Played (c)"), "Esc put the panel away");
}

#[test]
fn a_long_message_in_the_side_panel_is_read_from_its_sender_on() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.say(BOB, "hi is North the one who took all those hearts in the last hand or was it East?");
    // Once the key line has let the message go, only the panel shows it.
    shared.wait(Duration::from_secs(9));
    let screen = shared.screen(ALICE, 200, 60);
    let panel: Vec<&str> = screen.lines().filter(|line| line.contains("│ bob: hi is")).collect();
    assert_eq!(panel.len(), 1, "the sender and the start of the message: {screen}");
    assert!(screen.contains("East?"), "and its end: {screen}");
}

#[test]
fn someone_who_sits_down_after_a_hand_is_told_the_seats_points_are_theirs() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.play_until(|shared| {
        shared.table().game().hand_number() == 2 && shared.sight(ALICE).scores.standings[Seat::new(2).unwrap()] > 0
    });
    let north = Seat::new(2).unwrap();
    let points = shared.sight(ALICE).scores.standings[north];
    shared.arrive(CAROL, "carol", None, false);
    assert_eq!(shared.sight(CAROL).seat, Some(north));
    let note = shared.note(CAROL).unwrap_or_default();
    let said = if points == 1 { "1 point".to_string() } else { format!("{points} points") };
    assert!(note.starts_with(&format!("Welcome, carol: you sit at North and take on its {said}")), "{note}");
}

#[test]
fn someone_who_sits_down_at_a_finished_table_sits_for_the_next_game_not_in_its_scores() {
    let rules = Rules { target_score: 20, ..Rules::default() };
    let mut shared = SharedHarness::empty(rules, 7, Sharing::default());
    shared.arrive(ALICE, "alice", None, false);
    shared.arrive(BOB, "bob", None, false);
    shared.play_until(|shared| shared.table().finish().is_some());
    shared.arrive(CAROL, "carol", None, false);
    let note = shared.note(CAROL).unwrap_or_default();
    assert_eq!(note, "Welcome, carol: you sit at North for the next game; n starts it");
}

#[test]
fn playing_out_is_not_offered_where_others_sit() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.play_until(|shared| {
        let sight = shared.sight(ALICE);
        sight.hand.phase == HandPhase::Playing
            && sight.play.points.iter().sum::<i32>() == 26
            && sight.play.tricks.len() < 13
    });
    let screen = shared.screen(ALICE, 80, 24);
    assert!(!screen.contains("PLAY OUT") && !screen.contains("o plays"), "{screen}");
}

#[test]
fn the_line_mode_keeps_a_name_that_begins_a_sentence_as_its_person_wrote_it() {
    let mut shared = SharedHarness::alice_in_lines_and_bob();
    shared.room.type_line(ALICE, "new", shared.now);
    shared.room.type_line(ALICE, "new", shared.now);
    shared.room.take_lines(ALICE);
    shared.press(BOB, Command::New);
    let said = shared.room.take_lines(ALICE);
    assert!(said.contains(&"bob declined the new game.".to_string()), "{said:#?}");
}

#[test]
fn in_the_line_mode_the_proposers_no_takes_the_proposal_back() {
    let mut shared = SharedHarness::alice_in_lines_and_bob();
    shared.room.take_lines(ALICE);
    shared.room.type_line(ALICE, "new", shared.now);
    shared.room.type_line(ALICE, "new", shared.now);
    let said = shared.room.take_lines(ALICE);
    assert!(
        said.iter().any(|line| line.contains("You proposed a new game of black-lady, the same rules: n withdraws it")),
        "{said:#?}"
    );
    assert_eq!(shared.viewer(BOB).window, Some(Window::Vote));
    shared.room.type_line(ALICE, "n", shared.now);
    let said = shared.room.take_lines(ALICE);
    assert!(said.iter().any(|line| line.contains("You withdrew your proposal")), "{said:#?}");
    assert_eq!(shared.viewer(BOB).window, None, "bob is no longer asked");
}

/// Alice (in the line mode) passes the first three cards she holds.
fn alice_passes(shared: &mut SharedHarness) {
    let hand = shared.sight(ALICE).own.unwrap().hand;
    let cards: Vec<String> = hand.iter().take(3).map(|card| card.to_string().to_lowercase()).collect();
    shared.room.type_line(ALICE, &format!("pass {}", cards.join(" ")), shared.now);
}

/// Lets the bots and bob play on until it is alice's turn to play a card.
fn until_alices_turn(shared: &mut SharedHarness) {
    for _ in 0..200 {
        if shared.sight(ALICE).plays_now() {
            return;
        }
        shared.bots_act();
        shared.act_for(BOB);
        shared.wait(Duration::from_secs(1));
    }
    panic!("alice's turn never came");
}

#[test]
fn in_the_line_mode_the_table_says_whom_it_waits_for_after_your_move() {
    let mut shared = SharedHarness::alice_in_lines_and_bob();
    shared.room.take_lines(ALICE);
    alice_passes(&mut shared);
    shared.wait(Duration::from_secs(3));
    let said = shared.room.take_lines(ALICE);
    assert!(said.iter().any(|line| line == "Waiting for bob."), "{said:#?}");
}

#[test]
fn in_the_line_mode_a_proposal_open_does_not_hide_your_turn() {
    let mut shared = SharedHarness::alice_in_lines_and_bob();
    alice_passes(&mut shared);
    let game = hearts_table::NewGame { setup: shared.table().setup().clone(), deal: None, speed: Speed::Instant };
    shared.room.intend(BOB, hearts_table::Intent::NewGame(Box::new(game)), shared.now);
    shared.room.take_lines(ALICE);
    until_alices_turn(&mut shared);
    assert!(shared.sight(ALICE).proposal.is_some(), "the proposal is still open");
    let said = shared.room.take_lines(ALICE);
    assert!(said.iter().any(|line| line.starts_with("Your turn") || line.starts_with("Your lead")), "{said:#?}");
}

#[test]
fn the_turn_clock_gives_the_line_mode_longer_warns_before_it_runs_out_and_more_time_is_asked_for() {
    let sharing = Sharing { turn_clock: Some(Duration::from_secs(20)), ..Sharing::default() };
    let mut shared = SharedHarness::empty(Rules::default(), 42, sharing);
    shared.arrive_listening(ALICE, "alice", false);
    shared.arrive(BOB, "bob", Some("SHA256:bob"), false);
    let said = shared.room.take_lines(ALICE);
    // Three times the table's 20 s: a trick takes about 15 s to hear.
    assert!(
        said.iter().any(|line| line.starts_with("Pass three cards") && line.ends_with("You have 60 seconds.")),
        "{said:#?}"
    );
    assert_eq!(
        shared.sight(BOB).waiting.turn_left,
        Some(Duration::from_secs(20)),
        "bob, at a screen, has the table's own"
    );
    shared.act_for(BOB);
    shared.bots_act();
    shared.wait(Duration::from_secs(51) - shared.sight(ALICE).waiting.waited);
    assert_eq!(shared.room.take_lines(ALICE), ["9 seconds left: then your bot moves for you."]);
    shared.room.type_line(ALICE, "time", shared.now);
    assert_eq!(shared.room.take_lines(ALICE), ["You have more time: 69 seconds left."]);
    assert_eq!(shared.note(BOB), Some("alice asked for more time: 1:09 left"));
    assert!(shared.status(BOB).contains("waiting for alice, 1:09 left"), "bob sees it too: {}", shared.status(BOB));
    shared.room.type_line(ALICE, "time", shared.now);
    assert_eq!(shared.room.take_lines(ALICE), ["You had more time for this decision already."]);
    // Warned again before the new end.
    shared.wait(Duration::from_secs(59));
    assert_eq!(shared.room.take_lines(ALICE), ["10 seconds left: then your bot moves for you."]);
    shared.wait(Duration::from_secs(9));
    assert_eq!(shared.table().bot_to_ask(shared.now), None, "still hers");
    shared.wait(Duration::from_secs(1));
    assert_eq!(shared.table().bot_to_ask(shared.now), Some(Seat::SOUTH), "then her bot passes for her");
}

#[test]
fn each_seats_pass_has_its_own_clock_and_its_own_time_asked_for() {
    let sharing = Sharing { turn_clock: Some(Duration::from_secs(30)), ..Sharing::default() };
    let mut shared = SharedHarness::empty(Rules::default(), 42, sharing);
    shared.arrive_listening(ALICE, "alice", false);
    shared.arrive(BOB, "bob", Some("SHA256:bob"), false);
    shared.bots_act();
    // alice passes in good time: bob's clock is his own, not cut short by hers ending.
    alice_passes(&mut shared);
    shared.wait(Duration::from_secs(20) - shared.sight(BOB).waiting.waited);
    assert_eq!(shared.table().bot_to_ask(shared.now), None, "bob still has 10 s");
    assert_eq!(shared.sight(BOB).waiting.turn_left, Some(Duration::from_secs(10)));
    // bob's time asked for is his: alice's is refused only for hers.
    shared.room.intend(BOB, hearts_table::Intent::MoreTime, shared.now);
    assert_eq!(shared.sight(BOB).waiting.turn_left, Some(Duration::from_secs(40)));
    shared.wait(Duration::from_secs(40));
    assert_eq!(shared.table().bot_to_ask(shared.now), Some(Seat::new(1).unwrap()), "then his bot passes");
}

#[test]
fn at_the_screen_plus_asks_for_more_time_once_a_decision_and_the_status_line_offers_it() {
    let sharing = Sharing { turn_clock: Some(Duration::from_secs(30)), ..Sharing::default() };
    let mut shared = SharedHarness::alice_and_bob(sharing);
    shared.bots_act();
    let bottom = shared.screen(BOB, 80, 24);
    assert!(bottom.contains("+ more time") || bottom.contains("+ time"), "{bottom}");
    let before = shared.sight(BOB).waiting.turn_left.expect("bob's clock runs while he chooses a pass");
    shared.press(BOB, Command::MoreTime);
    assert_eq!(shared.sight(BOB).waiting.turn_left, Some(before + Duration::from_secs(30)), "as long again");
    assert_eq!(shared.note(ALICE).map(|note| note.starts_with("bob asked for more time")), Some(true));
    assert!(!shared.sight(BOB).waiting.more_time, "once a decision");
    let after = shared.screen(BOB, 80, 24);
    assert!(!after.contains("+ more time") && !after.contains("+ time"), "{after}");
}

#[test]
fn in_the_line_mode_the_seal_is_said_as_the_game_starts_and_opened_at_its_end() {
    let rules = Rules { target_score: 20, ..Rules::default() };
    let sharing = Sharing { turn_clock: Some(Duration::ZERO), ..Sharing::default() };
    let mut shared = SharedHarness::empty(rules, 7, sharing);
    shared.arrive_listening(ALICE, "alice", false);
    shared.arrive(BOB, "bob", None, false);
    let hearts_table::DealShown::Sealed { digest } = shared.sight(ALICE).deal else {
        panic!("a served game is sealed")
    };
    assert_eq!(digest.len(), 64);
    let said = shared.room.take_lines(ALICE);
    assert!(said.contains(&format!("The deals are sealed until the end: sha256 {digest}.")), "{said:#?}");
    for _ in 0..5000 {
        if shared.table().finish().is_some() {
            break;
        }
        shared.bots_act();
        shared.wait(Duration::from_secs(3));
    }
    let said = shared.room.take_lines(ALICE);
    let seed = shared.table().start().seed;
    let opened = format!("Seed {seed}. The deals were sealed as sha256 {digest}, of: hearts deal {seed}/1 salt ");
    assert!(said.iter().any(|line| line.starts_with(&opened)), "{said:#?}");
}

#[test]
fn in_the_line_mode_a_bot_playing_for_someone_away_is_named_as_their_bot() {
    let mut shared = SharedHarness::alice_and_bob(Sharing { grace: Duration::from_secs(1), ..Sharing::default() });
    shared.arrive_listening(EVE, "eve", true);
    shared.leave(BOB);
    shared.wait(Duration::from_secs(2));
    shared.play_until(|shared| shared.table().game().tricks().len() >= 2);
    let said = shared.room.take_lines(EVE);
    assert!(said.iter().any(|line| line.starts_with("bob's bot plays")), "{said:#?}");
    assert!(!said.iter().any(|line| line.starts_with("bob plays")), "{said:#?}");
}

#[test]
fn the_help_shows_every_key_whole_at_80x24_for_everyone() {
    let mut shared = SharedHarness::empty(Rules::default(), 42, Sharing::default());
    shared.arrive(ALICE, "alice", None, false);
    let check = |shared: &mut SharedHarness, id: PersonId, who: &str| {
        shared.press(id, Command::Help);
        let screen = shared.screen(id, 80, 24);
        let sight = shared.sight(id);
        for (key, what) in crate::ui::window::help::keys_here(&sight) {
            assert!(screen.contains(what), "{who}: {key} {what} is not shown whole:\n{screen}");
        }
        assert!(screen.contains("╰────"), "{who}: the window's foot shows:\n{screen}");
        shared.press(id, Command::Cancel);
    };
    check(&mut shared, ALICE, "alice alone");
    shared.arrive(BOB, "bob", None, false);
    check(&mut shared, ALICE, "alice beside bob");
    shared.arrive(EVE, "eve", None, true);
    check(&mut shared, EVE, "eve watching");
}

#[test]
fn the_table_may_agree_to_let_go_the_seat_of_someone_away_past_their_grace() {
    let mut shared = SharedHarness::alice_and_bob(Sharing { grace: Duration::from_secs(60), ..Sharing::default() });
    shared.arrive(CAROL, "carol", Some("SHA256:carol"), false);
    shared.bots_act();
    shared.leave(BOB);
    // Within his grace, his seat waits for him: nothing to propose.
    shared.press(ALICE, Command::FreeSeat);
    assert_eq!(shared.note(ALICE), Some("Nobody is away past their grace: no seat waits to be let go"));
    assert!(!shared.keys(ALICE).contains(&"F free seat"));
    shared.wait(Duration::from_secs(61));
    assert!(shared.keys(ALICE).contains(&"F free seat"), "the key line offers it once his bot plays for him");
    // A proposal: carol is asked, and one no keeps the seat bob's.
    shared.press(ALICE, Command::FreeSeat);
    assert_eq!(
        shared.note(CAROL),
        Some("alice proposes that bob's seat be its bot's, free for whoever comes next: y / n")
    );
    assert_eq!(shared.viewer(CAROL).window, Some(Window::Vote));
    shared.press(CAROL, Command::New);
    assert_eq!(shared.note(ALICE), Some("carol declined letting bob's seat go"));
    assert!(shared.table().holders()[1].is_some(), "the seat is still bob's");
    // Everyone seated says yes: nobody holds it, and the next to come sits there.
    shared.press(ALICE, Command::FreeSeat);
    shared.press(CAROL, Command::Yes);
    assert!(shared.table().holders()[1].is_none(), "the seat is nobody's");
    let told = "As the table agreed, bob's seat is its bot's: free for whoever comes";
    assert_eq!(shared.note(ALICE), Some(told));
    shared.arrive(DAN, "dan", None, false);
    assert_eq!(shared.sight(DAN).seat.map(Seat::index), Some(1), "dan sits in bob's old seat");
    // bob, back, finds his seat taken: he is a newcomer, at the seat still free.
    shared.arrive(BOB, "bob", Some("SHA256:bob"), false);
    assert_eq!(shared.sight(BOB).seat.map(Seat::index), Some(3));
}

#[test]
fn a_watcher_may_not_propose_to_let_a_seat_go() {
    let mut shared = SharedHarness::alice_and_bob(Sharing { grace: Duration::from_secs(60), ..Sharing::default() });
    shared.arrive(EVE, "eve", None, true);
    shared.bots_act();
    shared.leave(BOB);
    shared.wait(Duration::from_secs(61));
    shared.press(EVE, Command::FreeSeat);
    assert!(shared.sight(ALICE).proposal.is_none(), "a watcher proposed");
    assert!(shared.table().holders()[1].is_some());
}

#[test]
fn in_the_line_mode_free_and_a_name_proposes_to_let_that_seat_go() {
    let mut shared = SharedHarness::alice_in_lines_and_bob();
    shared.leave(BOB);
    shared.wait(Duration::from_secs(61));
    shared.room.take_lines(ALICE);
    let now = shared.now;
    shared.room.type_line(ALICE, "free zed", now);
    let said = shared.room.take_lines(ALICE);
    let nobody = "Nobody called zed is away past their grace: no seat of theirs waits to be let go.";
    assert!(said.iter().any(|line| line == nobody), "{said:#?}");
    // alice is the only one seated here: her proposal is the table's.
    shared.room.type_line(ALICE, "free Bob", now);
    assert!(shared.table().holders()[1].is_none(), "bob's seat is nobody's");
    let said = shared.room.take_lines(ALICE);
    let freed = "As the table agreed, bob's seat is its bot's: free for whoever comes.";
    assert!(said.iter().any(|line| line == freed), "{said:#?}");
}

#[test]
fn a_person_away_gives_up_their_seat_from_elsewhere_and_only_an_away_holders_token_does() {
    let mut shared = SharedHarness::alice_and_bob(Sharing::default());
    shared.bots_act();
    let now = shared.now;
    // bob is here: his token from elsewhere gives up nothing (he does that at the table).
    shared.room.send(Message::GiveUpHeld("SHA256:bob".into()), now);
    assert!(shared.table().holders()[1].is_some(), "bob is here: his seat stays his");
    shared.leave(BOB);
    shared.room.send(Message::GiveUpHeld("SHA256:someone".into()), now);
    assert!(shared.table().holders()[1].is_some(), "another token gives up nothing");
    shared.room.send(Message::GiveUpHeld("SHA256:bob".into()), now);
    assert!(shared.table().holders()[1].is_none(), "bob, away, gave his seat up");
    assert_eq!(shared.note(ALICE), Some("bob gave up their seat: its bot plays it, and the next to come may take it"));
}

#[test]
fn a_proposal_to_let_a_seat_go_frees_only_the_person_it_named() {
    let mut shared = SharedHarness::alice_and_bob(Sharing { grace: Duration::from_secs(60), ..Sharing::default() });
    shared.arrive(CAROL, "carol", Some("SHA256:carol"), false);
    shared.bots_act();
    shared.leave(BOB);
    shared.wait(Duration::from_secs(61));
    shared.press(ALICE, Command::FreeSeat);
    // Meanwhile bob gives the seat up himself, and dan takes it and steps away.
    let now = shared.now;
    shared.room.send(Message::GiveUpHeld("SHA256:bob".into()), now);
    shared.arrive(DAN, "dan", Some("SHA256:dan"), false);
    assert_eq!(shared.sight(DAN).seat.map(Seat::index), Some(1));
    shared.leave(DAN);
    shared.press(CAROL, Command::Yes);
    // dan, seated when asked, is waited for until his grace ends; then everyone seated has said yes.
    shared.wait(Duration::from_secs(61));
    assert!(shared.sight(ALICE).proposal.is_none(), "the proposal was settled");
    let held = shared.table().holders()[1].as_ref().map(|holder| holder.name.clone());
    assert_eq!(held.as_deref(), Some("dan"), "the table agreed to let bob's seat go, not dan's");
}
