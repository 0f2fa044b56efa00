//! The table's behaviour and screens, as the terminal's one person has
//! them: the table and their view driven by keys, bot decisions and time
//! at chosen instants, drawn into a test buffer and snapshotted.

use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;

use hearts_bots::{Level, Player, Think, decide};
use hearts_engine::{BySeat, CardSet, Deal, Game, GamePhase, Hand, HandPhase, MoonRule, Rules, Seat};

use super::input::{Button, Command, Hits};
use super::window::Window;
use super::{Seen, Viewer, draw};
use crate::room::{Room, ToRuntime};
use crate::theme::Theme;
use hearts_table::pace::Speed;
use hearts_table::{Finish, HintRequest, Message, OwnSight, PersonId, Setup, Sight, Table, YOU};

mod points_told;
mod shared_table;
mod table_bugs;

const COLOR: Theme = Theme { color: true, ascii: false, palette256: true, four_colour: false };

fn table(rules: Rules) -> Setup {
    let players = vec![Player::Builtin(Level::Normal); rules.player_count()];
    Setup { rules, label: "black-lady".to_string(), players }
}

/// A test's clock: each step is far enough apart that every pace wait is over.
struct Harness {
    room: Room,
    now: Instant,
    /// What the room asked of its runtime (the table's effects, what
    /// your keys asked) since the test last looked.
    to_runtime: Vec<ToRuntime>,
}

impl Harness {
    fn new(seed: u64, speed: Speed) -> Harness {
        Harness::with_rules(Rules::default(), seed, speed)
    }

    fn with_rules(rules: Rules, seed: u64, speed: Speed) -> Harness {
        let start = hearts_bots::record::DealCode { seed, hand: 1 };
        Harness::of(Table::local(table(rules), start, speed, Think::Samples(1)).unwrap())
    }

    fn from_game(rules: Rules, game: Game) -> Harness {
        Harness::of(Table::with_game(table(rules), game, Vec::new(), Speed::Instant, Think::Samples(1)))
    }

    fn of(table: Table) -> Harness {
        let you = Viewer::new(PersonId::LOCAL, COLOR);
        Harness { room: Room::new(table, vec![you]), now: Instant::now(), to_runtime: Vec::new() }
    }

    /// The table.
    fn table(&self) -> &Table {
        self.room.table()
    }

    /// The game, whole (a test may look behind the sight).
    fn game(&self) -> &Game {
        self.room.table().game()
    }

    /// The rules and players.
    fn setup(&self) -> &Setup {
        self.room.table().setup()
    }

    /// The person's sight of the table.
    fn sight(&self) -> Sight<'_> {
        self.room.table().sight(PersonId::LOCAL, self.now).expect("the local table seats you")
    }

    /// What only your seat sees.
    fn own(&self) -> OwnSight {
        self.sight().own.expect("you sit at South")
    }

    /// Your view.
    fn you(&self) -> &Viewer {
        self.room.viewer(PersonId::LOCAL).expect("the local table seats you")
    }

    /// Your view, to change.
    fn you_mut(&mut self) -> &mut Viewer {
        self.room.viewer_mut(PersonId::LOCAL).expect("the local table seats you")
    }

    fn send(&mut self, command: Command) {
        self.room.press(PersonId::LOCAL, command, self.now);
        self.collect();
    }

    /// Whether your keys asked to leave the table.
    fn left(&self) -> bool {
        self.to_runtime.iter().any(|work| matches!(work, ToRuntime::Leave(_)))
    }

    /// What the room asked of its runtime since the test last looked.
    fn take_to_runtime(&mut self) -> Vec<ToRuntime> {
        self.collect();
        std::mem::take(&mut self.to_runtime)
    }

    /// The card under your cursor.
    fn cursor_card(&self) -> Option<hearts_engine::Card> {
        let cards = self.sight().cards();
        cards.get(self.you().cursor.min(cards.len().saturating_sub(1))).copied()
    }

    fn wait(&mut self, duration: Duration) {
        self.now += duration;
        self.room.send(Message::Tick, self.now);
        self.collect();
    }

    /// Keeps what the table asked of its runtime, for the test to look at.
    fn collect(&mut self) {
        self.to_runtime.extend(self.room.take_to_runtime());
    }

    /// Lets the bots act (as the runtime would) until the game waits for you
    /// or a window.
    fn let_bots_play(&mut self) {
        for _ in 0..1000 {
            self.let_a_bot_act();
            self.wait(Duration::from_secs(3));
            if self.table().bot_to_ask(self.now).is_none() {
                return;
            }
        }
        panic!("the bots never stopped");
    }

    /// The bot the runtime would ask decides, if one is to; whether one did.
    fn let_a_bot_act(&mut self) -> bool {
        let Some(job) = self.room.bot_job(self.now) else { return false };
        self.room.send(Message::BotDecided(job.run()), self.now);
        self.collect();
        true
    }

    /// The bot whose decision the game waits for decides `action`.
    fn bot_decides(&mut self, action: hearts_engine::Action) {
        self.room.table_mut().bot_decides(action);
        self.room.send(Message::Tick, self.now);
        self.collect();
    }

    /// The hints the table has asked the runtime to work out (other effects
    /// are dropped).
    fn hint_requests(&mut self) -> Vec<HintRequest> {
        self.collect();
        std::mem::take(&mut self.to_runtime)
            .into_iter()
            .filter_map(|effect| match effect {
                ToRuntime::WorkOutHint(_, request) => Some(*request),
                _ => None,
            })
            .collect()
    }

    /// Works out a hint as the runtime's worker does, and sends it back.
    fn deliver(&mut self, request: HintRequest) {
        let worked = Box::new(request.work_out());
        self.room.send(Message::HintWorkedOut(PersonId::LOCAL, worked), self.now);
        self.collect();
    }

    /// Presses the hint key and lets the hint arrive.
    fn ask_hint(&mut self) {
        self.send(Command::Hint);
        for request in self.hint_requests() {
            self.deliver(request);
        }
    }

    /// Plays your turn, or chooses your pass, as the hard bot would, with
    /// clicks on the cards (hints are off in the timed game).
    fn play_as_hard(&mut self) {
        let mut adviser = Level::Hard.bot(self.game().seed(), YOU, Think::Samples(1));
        match decide(self.game(), YOU, adviser.as_mut()) {
            Some(hearts_engine::Action::Pass { cards, .. }) => {
                for card in cards.iter() {
                    self.send(Command::Card(card));
                }
                self.send(Command::Confirm);
            }
            Some(hearts_engine::Action::Play { card, .. }) => self.send(Command::Card(card)),
            _ => {}
        }
    }

    /// Plays on (hints for you, bots for the others) until `stop` holds.
    fn play_until(&mut self, stop: impl Fn(&Harness) -> bool) {
        for _ in 0..5000 {
            if stop(self) {
                return;
            }
            self.let_bots_play();
            if stop(self) {
                return;
            }
            match &self.you().window {
                Some(Window::HandSummary) => self.send(Command::Confirm),
                Some(_) => return,
                None if self.sight().is_passing() => {
                    self.play_as_hard();
                    self.wait(Duration::from_secs(3));
                }
                None => self.play_as_hard(),
            }
        }
        panic!("the condition never came");
    }

    fn screen(&self, width: u16, height: u16) -> (String, Buffer, Hits) {
        let area = Rect::new(0, 0, width, height);
        let mut buffer = Buffer::empty(area);
        let hits = self.room.draw(PersonId::LOCAL, &mut buffer, area, self.now);
        (text_of(&buffer), buffer, hits)
    }

    fn text(&self) -> String {
        self.screen(80, 24).0
    }

    fn keys_now(&self) -> Vec<&'static str> {
        let sight = self.sight();
        draw::keys_now(&Seen { sight: &sight, viewer: self.you() })
    }

    fn status(&self) -> String {
        let sight = self.sight();
        let (note, what) = draw::status(&Seen { sight: &sight, viewer: self.you() });
        note.map_or(what.clone(), |note| format!("{note} · {what}"))
    }
}

fn text_of(buffer: &Buffer) -> String {
    let area = buffer.area;
    (0..area.height)
        .map(|y| (0..area.width).map(|x| buffer[(x, y)].symbol()).collect::<String>().trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

fn cards(text: &str) -> CardSet {
    text.parse().unwrap()
}

// ---- passing -------------------------------------------------------------

#[test]
fn the_status_line_counts_the_cards_marked_to_pass() {
    let mut h = Harness::new(42, Speed::Instant);
    assert_eq!(h.status(), "Choose 3 cards to pass to Left (0 of 3)");
    h.send(Command::Mark);
    assert_eq!(h.status(), "Choose 3 cards to pass to Left (1 of 3)");
    h.send(Command::Mark);
    assert_eq!(h.status(), "Choose 3 cards to pass to Left (0 of 3)", "Space again unmarks");
}

#[test]
fn enter_passes_only_once_the_right_number_is_marked() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::Mark);
    h.send(Command::Confirm);
    assert!(h.sight().is_passing());
    assert_eq!(h.you().note.as_deref(), Some("Mark 3 cards to pass (1 marked)"));
    for _ in 0..2 {
        h.send(Command::Right);
        h.send(Command::Mark);
    }
    let passed = h.you().marked;
    h.send(Command::Confirm);
    h.wait(Duration::from_secs(1));
    assert_eq!(h.game().hand().passed_cards(YOU), passed);
    let received = h.game().hand().received(YOU);
    assert_eq!(h.own().new, received, "received cards are marked in the hand");
}

#[test]
fn a_fourth_card_cannot_be_marked() {
    let mut h = Harness::new(42, Speed::Instant);
    for _ in 0..4 {
        h.send(Command::Mark);
        h.send(Command::Right);
    }
    assert_eq!(h.you().marked.len(), 3);
    assert_eq!(h.you().note.as_deref(), Some("You pass 3 cards; unmark one first"));
}

#[test]
fn clicking_cards_marks_them_and_the_pass_button_passes() {
    let mut h = Harness::new(42, Speed::Normal);
    let (_, _, hits) = h.screen(80, 24);
    for (_, card) in hits.cards.iter().take(3) {
        h.send(Command::Card(*card));
    }
    assert_eq!(h.you().marked.len(), 3);
    let (_, _, hits) = h.screen(80, 24);
    assert!(hits.buttons.iter().any(|(_, b)| *b == Button::Pass));
    h.send(Command::Button(Button::Pass));
    assert!(h.sight().pending_pass().is_some(), "the pass is on its way");
}

#[test]
fn a_click_is_read_on_the_screen_last_shown_to_that_person() {
    use crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let mut h = Harness::new(42, Speed::Normal);
    let click = |rect: Rect| {
        let kind = MouseEventKind::Down(MouseButton::Left);
        Event::Mouse(MouseEvent { kind, column: rect.x + 1, row: rect.y + 1, modifiers: KeyModifiers::NONE })
    };
    let (_, _, hits) = h.screen(80, 24);
    let (rect, card) = hits.cards[0];
    h.room.event(PersonId::LOCAL, &click(rect), h.now);
    assert!(h.you().marked.is_empty(), "nothing was shown to you yet: the click is on nothing");
    let area = Rect::new(0, 0, 80, 24);
    h.room.show(PersonId::LOCAL, &mut Buffer::empty(area), area, h.now);
    h.room.event(PersonId::LOCAL, &click(rect), h.now);
    assert_eq!(h.you().marked.len(), 1);
    assert!(h.you().marked.cards().contains(card), "the card clicked is marked");
}

#[test]
fn undo_takes_back_a_pass_before_the_cards_arrive() {
    let mut h = Harness::new(42, Speed::Normal);
    for _ in 0..3 {
        h.send(Command::Mark);
        h.send(Command::Right);
    }
    let marked = h.you().marked;
    h.send(Command::Confirm);
    assert!(h.status().starts_with("Passing "), "{}", h.status());
    h.send(Command::Undo);
    assert!(h.sight().is_passing());
    assert_eq!(h.you().marked, marked);
    assert_eq!(h.table().undos(), 1);
}

#[test]
fn once_the_passed_cards_arrive_the_pass_cannot_be_undone() {
    let mut h = Harness::new(42, Speed::Instant);
    for _ in 0..3 {
        h.send(Command::Mark);
        h.send(Command::Right);
    }
    h.send(Command::Confirm);
    h.let_bots_play();
    h.send(Command::Undo);
    assert_eq!(h.table().undos(), 0);
    assert!(h.you().note.as_deref().unwrap().starts_with("Can't undo"), "{:?}", h.you().note);
}

#[test]
fn a_hold_hand_says_there_is_no_passing() {
    let mut h = Harness::new(42, Speed::Instant);
    h.play_until(|app| app.game().hand_number() == 4);
    h.let_bots_play();
    assert_eq!(h.game().hand().phase(), HandPhase::Playing);
    assert!(
        h.you().note.as_deref().unwrap_or("").contains("No passing this hand (hold hand)")
            || h.game().hand().tricks_played() > 0
    );
}

// ---- playing -------------------------------------------------------------

/// A seeded game brought to your turn in the first trick's play.
fn at_your_first_play(seed: u64) -> Harness {
    let mut h = Harness::new(seed, Speed::Normal);
    h.play_until(|app| app.game().hand().phase() == HandPhase::Playing);
    h.play_until(|app| app.sight().hand.to_act == Some(YOU) && app.you().window.is_none());
    h.wait(Duration::from_secs(3));
    h
}

#[test]
fn on_your_turn_the_status_says_what_to_do() {
    let h = at_your_first_play(42);
    let hand = h.game().hand();
    let expected = match hand.trick().led_suit() {
        None => "Your lead".to_string(),
        Some(suit) if !hand.holding(YOU).of_suit(suit).is_empty() => format!("Follow {}", suit.name()),
        Some(suit) => format!("You have no {}: play any card", suit.name()),
    };
    assert!(h.status().ends_with(&expected), "{}", h.status());
}

#[test]
fn an_illegal_card_is_refused_with_the_rule_that_forbids_it() {
    for seed in 1..200 {
        let mut h = at_your_first_play(seed);
        let hand = h.game().hand();
        let illegal = hand.holding(YOU) - hand.legal_moves();
        let Some(card) = illegal.lowest() else { continue };
        let expected = hand.check_play(YOU, card).unwrap_err().to_string();
        h.send(Command::Card(card));
        let note = h.you().note.clone().unwrap();
        assert_eq!(note.to_lowercase(), expected.to_lowercase());
        assert!(h.game().hand().holding(YOU).contains(card), "the card stays in the hand");
        return;
    }
    panic!("no seed gave an illegal card on the first trick");
}

#[test]
fn a_card_played_out_of_turn_is_refused_with_the_name_of_the_seat_to_play() {
    let mut h = Harness::new(42, Speed::Normal);
    h.play_until(|app| app.game().hand().phase() == HandPhase::Playing && app.sight().hand.to_act != Some(YOU));
    let to_act = h.sight().name(h.game().hand().to_act());
    let card = h.game().hand().holding(YOU).lowest().unwrap();
    h.room.intend(PersonId::LOCAL, hearts_table::Intent::Play(card), h.now);
    h.collect();
    assert_eq!(h.you().note.as_deref(), Some(format!("It is {to_act}'s turn, not yours").as_str()));
    assert!(!to_act.contains("seat"), "a name, not a seat number: {to_act}");
}

#[test]
fn a_card_chosen_before_your_turn_is_queued_and_played_when_the_turn_comes() {
    for seed in 1..100 {
        let mut h = Harness::new(seed, Speed::Normal);
        h.play_until(|app| app.game().hand().phase() == HandPhase::Playing && app.sight().hand.to_act != Some(YOU));
        if h.game().hand().tricks_played() > 0 || !h.game().hand().trick().is_empty() {
            continue;
        }
        // A bot leads the first trick: queue a club (legal unless void) before it does.
        let Some(club) = (h.game().hand().holding(YOU) & CardSet::CLUBS).highest() else { continue };
        h.send(Command::Card(club));
        assert_eq!(h.own().queued, Some(club));
        let said = format!("{} queued for your turn", COLOR.card(club));
        assert_eq!(h.status().matches(&said).count(), 1, "said once: {}", h.status());
        h.let_bots_play();
        assert!(
            h.game().hand().played().contains(club) || h.game().tricks().iter().any(|t| t.card_set().contains(club))
        );
        return;
    }
    panic!("no seed had a bot lead while you held a club");
}

#[test]
fn a_queued_card_that_is_illegal_when_the_turn_comes_is_dropped_with_a_note() {
    for seed in 1..200 {
        let mut h = Harness::new(seed, Speed::Normal);
        h.play_until(|app| app.game().hand().phase() == HandPhase::Playing && app.sight().hand.to_act != Some(YOU));
        let hand = h.game().hand();
        if hand.tricks_played() > 0 || hand.holding(YOU).of_suit(hearts_engine::Suit::Clubs).is_empty() {
            continue;
        }
        // A heart cannot be played on the first trick while you hold clubs.
        let Some(heart) = (hand.holding(YOU) & CardSet::HEARTS).lowest() else { continue };
        h.send(Command::Card(heart));
        h.let_bots_play();
        assert!(h.game().hand().holding(YOU).contains(heart));
        assert!(h.you().note.as_deref().unwrap().starts_with(&format!("Dropped the queued {}", COLOR.card(heart))));
        return;
    }
    panic!("no seed fitted");
}

#[test]
fn the_pace_p_chooses_is_kept_for_the_next_game_as_the_new_game_windows_is() {
    let mut h = Harness::new(42, Speed::Normal);
    h.send(Command::Speed);
    assert_eq!(h.table().speed(), Speed::Fast);
    let remembered = h.to_runtime.iter().rev().find_map(|request| match request {
        ToRuntime::Remember(_, remembered) => Some(remembered.clone()),
        _ => None,
    });
    let remembered = remembered.expect("the pace is remembered");
    assert_eq!(remembered.pace.as_deref(), Some("fast"));
    assert_eq!(remembered.launch_speed(None), Speed::Fast, "the next launch starts at it");
}

#[test]
fn bots_cards_appear_at_the_pace_and_a_key_skips_the_wait() {
    let mut h = at_your_first_play(42);
    h.play_as_hard();
    let played = h.table().log().len();
    // Left's decision arrives at once but waits for the pace.
    if let Some(seat) = h.table().bot_to_ask(h.now) {
        assert_ne!(seat, YOU);
        let decided = h.room.bot_job(h.now).expect("a bot to ask").run();
        h.room.send(Message::BotDecided(decided), h.now);
        assert_eq!(h.table().log().len(), played, "not before the pace allows");
        h.send(Command::Other);
        assert_eq!(h.table().log().len(), played + 1, "any key skips the wait");
    }
}

#[test]
fn the_hint_marks_the_experts_card_and_names_the_next_best() {
    let mut h = at_your_first_play(42);
    h.ask_hint();
    assert_eq!(h.you().hint.len(), 1);
    let hinted = h.you().hint.lowest().unwrap();
    assert_eq!(h.cursor_card(), Some(hinted));
    assert!(h.game().legal_moves().contains(hinted));
    let note = h.you().note.clone().unwrap();
    assert!(note.starts_with("Hint: play"), "{note}");
    if h.game().legal_moves().len() > 1 {
        assert!(note.contains(" costs "), "{note}");
    }
}

#[test]
fn following_the_hint_is_the_reviews_best_choice_at_the_pass_and_every_card() {
    // A hand played by the hint alone, then reviewed: the review's best
    // choice is the hint at each decision, so nothing is marked a mistake.
    // (Seed 1: the hard bot passes KC AD QS here, not the expert's best.)
    let mut h = Harness::new(1, Speed::Instant);
    let mut hinted = Vec::new();
    for _ in 0..100 {
        h.let_bots_play();
        if !h.game().history().is_empty() {
            break;
        }
        let (passing, choices) = (h.sight().is_passing(), h.game().legal_moves().len());
        h.ask_hint();
        if passing {
            hinted.push(("pass", h.you().hint.to_string()));
            h.send(Command::Confirm);
            h.wait(Duration::from_secs(3));
        } else {
            let card = h.you().hint.lowest().expect("a card hinted");
            if choices > 1 {
                hinted.push(("play", card.to_string()));
            }
            h.send(Command::Card(card));
        }
    }
    assert_eq!(h.game().history().len(), 1, "hand 1 played out");
    assert_eq!(hinted.first().map(|(kind, _)| *kind), Some("pass"), "hand 1 passes left");
    assert!(hinted.len() > 2, "cards with a choice: {hinted:?}");
    let record = h.table().ended_now().record().unwrap();
    let review = hearts_table::review::review(&record, YOU, hearts_table::review::REVIEW_SAMPLES, |_, _| {}).unwrap();
    let best: Vec<(&str, String)> = review.iter().map(|d| (d.kind, d.best.clone())).collect();
    assert_eq!(best, hinted);
    assert!(review.iter().all(|d| d.cost == 0.0 && d.verdict().is_none()), "{review:?}");
}

#[test]
fn the_hint_is_worked_out_off_the_table_and_keys_work_meanwhile() {
    let mut h = at_your_first_play(42);
    h.send(Command::Hint);
    let requests = h.hint_requests();
    assert_eq!(requests.len(), 1, "the search is asked of the runtime, not made here");
    assert_eq!(h.you().hint, CardSet::EMPTY);
    assert!(h.status().contains("Working out a hint"), "{}", h.status());
    h.send(Command::Hint);
    assert!(h.hint_requests().is_empty(), "one search at a time for one position");
    // The table answers keys while the hint is worked out.
    let cursor = h.you().cursor;
    h.send(Command::Right);
    assert_eq!(h.you().cursor, cursor + 1, "Right moved the cursor");
    h.send(Command::Help);
    assert_eq!(h.you().window, Some(Window::Help));
    h.send(Command::Cancel);
    assert_eq!(h.you().window, None);
    h.deliver(requests.into_iter().next().unwrap());
    let hinted = h.you().hint.lowest().expect("the hint arrived");
    assert_eq!(h.cursor_card(), Some(hinted));
    assert!(h.you().note.as_deref().is_some_and(|note| note.starts_with("Hint: play")), "{:?}", h.you().note);
}

#[test]
fn a_pass_hint_still_fits_once_the_others_have_passed_meanwhile() {
    let mut h = Harness::new(42, Speed::Instant);
    assert!(h.sight().is_passing() && h.table().bot_to_ask(h.now).is_some(), "the others are still choosing");
    h.send(Command::Hint);
    let request = h.hint_requests().pop().unwrap();
    h.let_bots_play();
    assert!(
        h.game().hand().awaits_pass_from(YOU) && h.table().bot_to_ask(h.now).is_none(),
        "only you are left to pass"
    );
    h.deliver(request);
    assert_eq!(h.you().hint.len(), 3, "{:?}", h.you().note);
    assert_eq!(h.you().marked.cards(), h.you().hint);
}

#[test]
fn a_hint_for_a_position_the_game_has_left_is_dropped() {
    // A card played while its hint was worked out.
    let mut h = at_your_first_play(42);
    h.send(Command::Hint);
    let late = h.hint_requests().pop().unwrap();
    let card = h.game().legal_moves().lowest().unwrap();
    h.send(Command::Card(card));
    assert!(h.table().log().contains(&hearts_engine::Action::Play { seat: YOU, card }));
    h.deliver(late);
    assert_eq!(h.you().hint, CardSet::EMPTY);
    assert!(!h.you().note.as_deref().unwrap_or_default().starts_with("Hint"), "{:?}", h.you().note);

    // A pass sent while its hint was worked out.
    let mut h = Harness::new(42, Speed::Instant);
    h.let_bots_play();
    assert!(h.sight().is_passing());
    h.send(Command::Hint);
    let late = h.hint_requests().pop().unwrap();
    h.play_as_hard();
    assert!(!h.sight().is_passing(), "the pass is on its way");
    h.deliver(late);
    assert_eq!(
        (h.you().hint, h.you().marked),
        (CardSet::EMPTY, hearts_engine::CardBag::EMPTY),
        "no marks after the pass"
    );
}

#[test]
fn restart_deals_the_hand_again() {
    let mut h = at_your_first_play(42);
    h.play_as_hard();
    h.let_bots_play();
    let hand_number = h.game().hand_number();
    h.send(Command::Restart);
    assert_eq!(h.you().window, Some(Window::ConfirmRestart));
    let played = h.game().hand().played();
    h.send(Command::Confirm);
    assert_eq!(h.game().hand().played(), played, "Enter, pressed for something else, deals nothing again");
    h.send(Command::Yes);
    assert_eq!(h.game().hand_number(), hand_number);
    assert_eq!(h.game().hand().phase(), HandPhase::Passing);
    assert!(h.game().hand().played().is_empty());
}

#[test]
fn a_hand_with_no_points_left_can_be_played_out() {
    let rules = Rules::default();
    let mut h = harness_at(rules, ["2C 3D", "3C 4D", "4C 5D", "5C 6D"], 3, [0; 4]);
    h.wait(Duration::from_secs(1));
    assert!(h.sight().hand.can_play_out);
    assert!(h.status().contains("o plays the hand out"), "{}", h.status());
    h.send(Command::PlayOut);
    assert_eq!(h.game().phase(), GamePhase::HandOver);
    assert_eq!(h.you().window, Some(Window::HandSummary));
}

#[test]
fn in_royal_a_hand_with_the_queen_of_diamonds_left_is_not_played_out() {
    let rules = hearts_engine::Preset::Royal.rules();
    let mut h = harness_at(rules, ["2C 3D", "3C QD", "4C 5D", "5C 6D"], 3, [0; 4]);
    h.wait(Duration::from_secs(1));
    assert!(!h.sight().hand.can_play_out, "the QD still takes 10 off someone's total");
}

/// A table taken up at a hand-made position: four hands (South first),
/// the dealer, and the totals before the hand.
fn harness_at(rules: Rules, hands: [&str; 4], dealer: usize, totals: [i32; 4]) -> Harness {
    let holdings = BySeat::new_with(|seat| hands.get(seat.index()).map_or(CardSet::EMPTY, |text| cards(text)));
    let hand = Hand::from_holdings(&rules, holdings, Seat::new(dealer).unwrap());
    let totals = BySeat::new_with(|seat| totals.get(seat.index()).copied().unwrap_or(0));
    Harness::from_game(rules, Game::from_position(rules, 1, hand, totals).unwrap())
}

#[test]
fn the_shooter_is_asked_how_the_moon_counts_when_it_matters() {
    let rules = Rules { moon: MoonRule::ShooterChooses, no_blood: false, ..Rules::default() };
    let mut h = harness_at(rules, ["AC AH", "2C QS", "3C 2H", "4C 3H"], 0, [80, 50, 90, 90]);
    h.play_until(|app| app.you().window.is_some());
    assert!(matches!(h.you().window, Some(Window::MoonChoice(_))), "{:?}", h.you().window);
    let (text, _, hits) = h.screen(80, 24);
    assert!(text.contains("You shot the moon!"), "{text}");
    assert!(hits.buttons.iter().any(|(_, b)| *b == Button::MoonSubtract));
    h.send(Command::Button(Button::MoonSubtract));
    assert_eq!(h.game().totals()[YOU], 80 - 16);
}

// ---- timed mode ----------------------------------------------------------

#[test]
fn the_timed_game_ends_at_zero_with_the_out_of_time_score() {
    let rules = hearts_engine::Preset::Worldwinner.rules();
    let mut h = Harness::with_rules(rules, 42, Speed::Instant);
    h.play_until(|app| {
        app.game().hand_number() == 2
            && app.game().hand().phase() == HandPhase::Playing
            && app.sight().hand.to_act == Some(YOU)
    });
    h.send(Command::Undo);
    assert_eq!(h.you().note.as_deref(), Some("Undo is off in the timed game"));
    h.send(Command::Hint);
    assert_eq!(h.you().note.as_deref(), Some("Hints are off in the timed game"));
    assert_eq!(h.you().hint, CardSet::EMPTY);
    h.wait(Duration::from_secs(601));
    assert_eq!(h.table().finish(), Some(Finish::OutOfTime));
    let points = h.game().totals()[YOU];
    let score = h.table().tournament().unwrap();
    assert_eq!(score.total(), 50 + 26 * 2 - 2 * points, "hand 1 played, hand 2 in progress");
    assert!(matches!(h.you().window, Some(Window::GameOver(_))));
    assert!(h.text().contains("Time is up"));
}

/// The record the table keeps of the game as it stands, written out as a
/// line of `games.jsonl` and read back as `hearts replay` and `hearts
/// review` read it: it must replay, review and open in the replay.
fn kept_record_reads_back(app: &Harness) -> hearts_bots::record::GameRecord {
    let kept = app.table().ended_now().record().unwrap();
    let line = serde_json::to_string(&kept).unwrap();
    let record: hearts_bots::record::GameRecord = serde_json::from_str(&line).unwrap();
    let replayed = record.replay().unwrap_or_else(|error| panic!("{error}\n{line}"));
    assert_eq!(replayed.totals(), app.game().totals(), "the hands scored, and no more");
    let decisions = hearts_table::review::review(&record, YOU, 8, |_, _| {}).unwrap();
    let reviewed_hands: Vec<u32> = decisions.iter().map(|d| d.hand).collect();
    assert!(reviewed_hands.iter().all(|&hand| hand <= record.hands.len() as u32), "{reviewed_hands:?}");
    super::replay::Replay::new(record.clone(), (1, 1), COLOR).unwrap();
    record
}

#[test]
fn a_timed_game_stopped_by_the_clock_before_any_hand_was_scored_reads_back() {
    let mut h = Harness::with_rules(hearts_engine::Preset::Worldwinner.rules(), 42, Speed::Instant);
    h.let_bots_play();
    h.play_as_hard();
    h.let_bots_play();
    h.wait(Duration::from_secs(601));
    assert_eq!(h.table().finish(), Some(Finish::OutOfTime));
    assert!(h.game().history().is_empty() && !h.table().log().is_empty(), "cards played, no hand scored");
    let record = kept_record_reads_back(&h);
    assert!(record.hands.is_empty());
    assert_eq!((record.totals, record.finished), (vec![0; 4], false));
}

#[test]
fn a_timed_game_stopped_by_the_clock_mid_hand_reads_back() {
    let mut h = Harness::with_rules(hearts_engine::Preset::Worldwinner.rules(), 42, Speed::Instant);
    h.play_until(|app| {
        app.game().hand_number() == 2 && app.game().hand().tricks_played() == 3 && app.sight().hand.to_act == Some(YOU)
    });
    h.wait(Duration::from_secs(601));
    assert_eq!(h.table().finish(), Some(Finish::OutOfTime));
    let record = kept_record_reads_back(&h);
    assert_eq!(record.hands.len(), 1, "hand 2 was not finished: only hand 1 is kept");
    assert_eq!(record.totals, record.hands[0].totals);
    assert!(!record.finished);
}

// ---- quitting and the end ------------------------------------------------

#[test]
fn q_asks_before_quitting_mid_game() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::Quit);
    assert_eq!(h.you().window, Some(Window::ConfirmQuit));
    assert!(h.take_to_runtime().is_empty());
    h.send(Command::New);
    assert_eq!(h.you().window, None);
    h.send(Command::Quit);
    h.send(Command::Confirm);
    assert!(!h.left(), "only y quits: Enter does not");
    h.send(Command::Yes);
    assert!(h.left());
}

#[test]
fn a_whole_game_ends_with_standings_and_a_menu() {
    let mut h = Harness::new(7, Speed::Instant);
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    assert_eq!(h.table().finish(), Some(Finish::Completed));
    assert!(h.game().totals().of_table(4).iter().any(|&t| t >= 100));
    let effects = h.take_to_runtime();
    assert!(effects.iter().any(|e| matches!(e, ToRuntime::Ended(ended) if ended.finish == Some(Finish::Completed))));
    h.send(Command::Restart);
    assert_eq!(h.table().start(), hearts_bots::record::DealCode { seed: 7, hand: 1 }, "r replays the seed");
    assert_eq!((h.table().finish(), h.game().hand_number(), h.table().log().len()), (None, 1, 0));
}

// ---- screens -------------------------------------------------------------

#[test]
fn snapshot_passing() {
    let mut h = Harness::new(42, Speed::Normal);
    h.send(Command::Mark);
    h.send(Command::Right);
    h.send(Command::Right);
    h.send(Command::Mark);
    insta::assert_snapshot!("passing", h.text());
}

#[test]
fn snapshot_your_turn() {
    let h = at_your_first_play(42);
    insta::assert_snapshot!("your_turn", h.text());
}

#[test]
fn snapshot_full_trick() {
    for seed in 1..100 {
        let mut h = at_your_first_play(seed);
        if h.game().hand().trick().len() + 1 != h.setup().rules.player_count() {
            continue;
        }
        h.play_as_hard();
        assert!(h.sight().play.showing_trick, "the finished trick stays on the table");
        assert!(h.status().ends_with("takes the trick"), "{}", h.status());
        insta::assert_snapshot!("full_trick", h.text());
        return;
    }
    panic!("no seed had you play last to the first trick");
}

#[test]
fn snapshot_hand_summary() {
    let mut h = Harness::new(42, Speed::Instant);
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    insta::assert_snapshot!("hand_summary", h.text());
}

#[test]
fn snapshot_game_over() {
    let mut h = Harness::new(7, Speed::Instant);
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    insta::assert_snapshot!("game_over", h.text());
}

#[test]
fn snapshot_help() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::Help);
    insta::assert_snapshot!("help", h.text());
}

#[test]
fn snapshot_too_small() {
    let h = Harness::new(42, Speed::Instant);
    let (text, _, hits) = h.screen(60, 20);
    assert!(text.contains("at least 80x24; this one is 60x20"));
    assert_eq!(hits, Hits::default(), "nothing to click");
    insta::assert_snapshot!("too_small", text);
}

#[test]
fn snapshot_no_color() {
    let mut h = Harness::new(42, Speed::Instant);
    h.you_mut().theme = Theme { color: false, ascii: false, palette256: true, four_colour: false };
    h.send(Command::Mark);
    let (text, buffer, _) = h.screen(80, 24);
    for cell in buffer.content() {
        assert!(matches!(cell.fg, Color::Reset) && matches!(cell.bg, Color::Reset), "a coloured cell: {cell:?}");
    }
    let cursor_cell = buffer.content().iter().find(|c| c.modifier.contains(ratatui::style::Modifier::REVERSED));
    assert!(cursor_cell.is_some(), "the cursor shows by reverse video");
    insta::assert_snapshot!("no_color", text);
}

#[test]
fn snapshot_ascii() {
    let mut h = Harness::new(42, Speed::Instant);
    h.you_mut().theme = Theme { color: true, ascii: true, palette256: true, four_colour: false };
    let text = h.text();
    assert!(!text.contains('♠') && !text.contains('♥') && !text.contains('▒'));
    insta::assert_snapshot!("ascii", text);
}

/// Each card of your hand as drawn, by the cells of its face's row:
/// (card, the cells you see of it).
fn your_cards(buffer: &Buffer, hits: &Hits) -> Vec<(hearts_engine::Card, Vec<ratatui::buffer::Cell>)> {
    hits.cards
        .iter()
        .map(|(rect, card)| (*card, (rect.x..rect.right()).map(|x| buffer[(x, rect.y + 2)].clone()).collect()))
        .collect()
}

/// The cells of the suit symbols in the played-cards panel (`c`), top
/// to bottom.
fn played_panel_suits(buffer: &Buffer) -> Vec<ratatui::buffer::Cell> {
    let corner = (1..7).flat_map(|y| (0..30).map(move |x| (x, y)));
    corner.map(|at| buffer[at].clone()).filter(|cell| ["♠", "♥", "♦", "♣"].contains(&cell.symbol())).collect()
}

#[test]
fn the_four_colour_deck_draws_every_suit_in_its_own_colour_at_16_and_256_colours() {
    use hearts_engine::Suit;
    // In 16 colours no green reads on a card's white: clubs stay black there.
    for (palette256, blue, green) in
        [(false, Color::Blue, Color::Black), (true, Color::Indexed(25), Color::Indexed(28))]
    {
        let mut h = Harness::new(42, Speed::Instant);
        let theme = Theme { color: true, ascii: false, palette256, four_colour: true };
        h.you_mut().theme = theme;
        h.you_mut().show_played = true;
        let (_, buffer, hits) = h.screen(80, 24);
        let ink = |suit| match suit {
            Suit::Spades => Color::Black,
            Suit::Hearts => Color::Red,
            Suit::Diamonds => blue,
            Suit::Clubs => green,
        };
        let mut suits = Vec::new();
        for (card, cells) in your_cards(&buffer, &hits) {
            // The frame, the rank (two columns) and the suit: `│Q ♦│`.
            let (rank, symbol) = (&cells[1], &cells[3]);
            assert_eq!(symbol.symbol(), theme.suit(card.suit()).to_string(), "{card}: its symbol beside its rank");
            for cell in [rank, symbol] {
                assert_eq!((cell.fg, cell.bg), (ink(card.suit()), Color::White), "{card} at 256 colours: {palette256}");
            }
            suits.push(card.suit());
        }
        for suit in Suit::NOTATION_ORDER {
            assert!(suits.contains(&suit), "the hand holds {suit:?}, so the test sees its colour");
        }
        // The played-cards panel: each suit's symbol in its ink, on white
        // so that green clubs read on the green felt.
        let panel = played_panel_suits(&buffer);
        assert_eq!(panel.len(), 4, "a line a suit");
        for (cell, suit) in panel.into_iter().zip(Suit::NOTATION_ORDER) {
            assert_eq!(
                (cell.symbol(), cell.fg, cell.bg),
                (theme.suit(suit).to_string().as_str(), ink(suit), Color::White)
            );
        }
    }
}

#[test]
fn without_the_four_colour_deck_diamonds_stay_red_and_clubs_black_in_both_palettes() {
    use hearts_engine::Suit;
    for palette256 in [false, true] {
        let mut h = Harness::new(42, Speed::Instant);
        h.you_mut().theme = Theme { color: true, ascii: false, palette256, four_colour: false };
        h.you_mut().show_played = true;
        let (_, buffer, hits) = h.screen(80, 24);
        for (card, cells) in your_cards(&buffer, &hits) {
            let ink = match card.suit() {
                Suit::Hearts | Suit::Diamonds => Color::Red,
                Suit::Spades | Suit::Clubs => Color::Black,
            };
            assert_eq!(cells[3].fg, ink, "{card}");
        }
        let panel = played_panel_suits(&buffer);
        let inks: Vec<_> = panel.iter().map(|cell| (cell.symbol(), cell.fg)).collect();
        // Clubs and spades in the felt's text colour; hearts and diamonds a red that reads on the
        // felt, where the palette has one (in 16 colours the symbol alone tells them).
        let (text, red) = match palette256 {
            true => (Color::Indexed(231), Color::Indexed(217)),
            false => (Color::White, Color::White),
        };
        assert_eq!(inks, [("♠", text), ("♥", red), ("♦", red), ("♣", text)]);
    }
}

#[test]
fn under_no_color_the_four_colour_deck_is_monochrome_and_every_card_shows_its_suit() {
    for ascii in [false, true] {
        let mut h = Harness::new(42, Speed::Instant);
        let theme = Theme { color: false, ascii, palette256: true, four_colour: true };
        h.you_mut().theme = theme;
        let (_, buffer, hits) = h.screen(80, 24);
        for cell in buffer.content() {
            assert!(cell.fg == Color::Reset && cell.bg == Color::Reset, "a coloured cell: {cell:?}");
        }
        assert_eq!(hits.cards.len(), 13);
        for (card, cells) in your_cards(&buffer, &hits) {
            let face: String = cells.iter().map(|cell| cell.symbol()).collect();
            let rank = crate::theme::Theme::rank(card.rank());
            let written = format!("{rank:<2}{}", theme.suit(card.suit()));
            assert!(face.contains(&written), "{card} drawn as {face}");
        }
    }
}

#[test]
fn a_hand_too_long_for_whole_faces_still_shows_every_cards_rank_and_suit() {
    // Twenty cards at 80 columns: each shows three columns of itself.
    let rules = Rules::default();
    let high = |card: hearts_engine::Card| card.rank().index() >= 8;
    let low: Vec<_> = CardSet::DECK.iter().filter(|&card| !high(card)).collect();
    let holdings = BySeat::new_with(|seat| match seat.index() {
        0 => CardSet::DECK.iter().filter(|&card| high(card)).collect(),
        n => low.iter().enumerate().filter(|(i, _)| i % 3 + 1 == n).map(|(_, &card)| card).collect(),
    });
    let hand = Hand::from_holdings(&rules, holdings, Seat::new(3).unwrap());
    let mut h = Harness::from_game(rules, Game::from_position(rules, 1, hand, BySeat::new_with(|_| 0)).unwrap());
    let four = Theme { four_colour: true, ..COLOR };
    let mono = Theme { color: false, ..four };
    for theme in [COLOR, four, mono, Theme { ascii: true, ..mono }] {
        h.you_mut().theme = theme;
        let (_, buffer, hits) = h.screen(80, 24);
        assert_eq!(hits.cards.len(), 20);
        for (card, cells) in your_cards(&buffer, &hits) {
            let shown: String = cells.iter().map(|cell| cell.symbol()).collect();
            // Whole, `10♥` or `Q ♥`; covered, the rank in one letter: `T♥`, `Q♥`.
            let suit = theme.suit(card.suit());
            let whole = format!("{:<2}{suit}", Theme::rank(card.rank()));
            let covered = format!("{}{suit}", card.rank().letter());
            assert!(shown.contains(&whole) || shown.contains(&covered), "{card}: {shown}");
            if theme.four_colour && theme.color {
                let inked = cells.iter().find(|cell| cell.symbol() == suit.to_string()).unwrap();
                assert_eq!(inked.fg, four.card_face(card).fg.unwrap(), "{card}: its suit in its colour");
            }
        }
    }
}

/// The look the keys last asked to remember, if any.
fn last_remembered_look(h: &Harness) -> Option<(Option<bool>, Option<bool>)> {
    h.to_runtime.iter().rev().find_map(|request| match request {
        ToRuntime::Remember(_, remembered) => Some((remembered.ascii, remembered.four_colour)),
        _ => None,
    })
}

#[test]
fn v_changes_how_the_cards_look_at_once_and_keeps_it_for_next_time() {
    let mut h = Harness::new(42, Speed::Instant);
    let before = h.text();
    assert!(before.contains('♣') && !before.contains("< no >"), "{before}");
    h.send(Command::Look);
    assert_eq!(h.you().window, Some(Window::Look(crate::theme::Choice::Letters)));
    let text = h.text();
    assert!(text.contains("How the cards look") && text.contains("Suits as letters"), "{text}");
    assert_eq!(h.keys_now(), vec!["up/down line", "arrows change", "Enter done"]);

    h.send(Command::Right);
    assert!(h.you().theme.ascii, "letters from now on");
    let text = h.text();
    assert!(!text.contains(['♠', '♥', '♦', '♣']), "the table behind the window in letters: {text}");
    assert_eq!(last_remembered_look(&h), Some((Some(true), Some(false))));

    h.send(Command::Down);
    h.send(Command::Mark);
    assert!(h.you().theme.four_colour, "Space changes the line too");
    assert_eq!(last_remembered_look(&h), Some((Some(true), Some(true))));
    h.send(Command::Left);
    assert!(!h.you().theme.four_colour, "and back");
    assert_eq!(last_remembered_look(&h), Some((Some(true), Some(false))));

    h.send(Command::Confirm);
    assert_eq!(h.you().window, None, "Enter closes it");
    assert!(h.you().theme.ascii, "the look stays once the window closes");
    assert!(h.sight().is_passing(), "nothing of the game changed");
    assert!(h.you().marked.is_empty());
}

#[test]
fn in_letters_the_help_names_the_arrows_within_its_key_column() {
    let mut h = Harness::new(42, Speed::Instant);
    h.you_mut().theme = Theme { color: true, ascii: true, palette256: true, four_colour: false };
    h.send(Command::Help);
    let text = h.text();
    assert!(text.contains(" h l, arrows move along your hand (Home, End: to the ends) "), "{text}");
}

#[test]
fn a_click_on_a_line_of_the_look_window_changes_it() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::Look);
    let (_, _, hits) = h.screen(80, 24);
    let four = crate::theme::Choice::FourColour;
    let (_, button) = hits.buttons.iter().find(|(_, button)| *button == Button::Look(four)).expect("its line");
    h.send(Command::Button(*button));
    assert!(h.you().theme.four_colour);
    assert_eq!(h.you().window, Some(Window::Look(four)), "the window stays for the next change");
    h.send(Command::Cancel);
    assert_eq!(h.you().window, None, "Esc closes it");
}

#[test]
fn the_four_colour_deck_chosen_in_the_new_game_window_shows_at_once_and_is_remembered() {
    let mut h = Harness::new(42, Speed::Instant);
    assert!(!h.you().theme.four_colour);
    h.send(Command::New);
    let Some(Window::NewGame(form)) = &h.you().window else { panic!("the new-game window") };
    assert_eq!(form.fields().last(), Some(&super::window::new_game::Field::FourColour));
    assert!(h.text().contains("Four-colour deck") && h.text().contains("< no >"), "{}", h.text());
    // The seed, for a deal with every suit; then up from the top to the last line.
    for _ in 0..6 {
        h.send(Command::Down);
    }
    h.send(Command::Digit('4'));
    h.send(Command::Digit('2'));
    for _ in 0..7 {
        h.send(Command::Up);
    }
    h.send(Command::Right);
    assert!(h.text().contains("< yes >"), "{}", h.text());
    h.send(Command::Confirm);
    assert!(h.you().theme.four_colour, "the table draws four colours from the new game on");
    let remembered = h.to_runtime.iter().find_map(|request| match request {
        ToRuntime::Remember(_, remembered) => Some(remembered.clone()),
        _ => None,
    });
    assert_eq!(remembered.and_then(|remembered| remembered.four_colour), Some(true));
    assert_eq!(h.table().start(), hearts_bots::record::DealCode { seed: 42, hand: 1 });
    let (_, buffer, hits) = h.screen(80, 24);
    let club = your_cards(&buffer, &hits).into_iter().find(|(card, _)| card.suit() == hearts_engine::Suit::Clubs);
    let (_, cells) = club.expect("a club in the hand of seed 42");
    assert_eq!(cells[3].fg, Color::Indexed(28), "the club drawn green");
    // Open again, the window shows the deck as it is.
    h.send(Command::New);
    let Some(Window::NewGame(form)) = &h.you().window else { panic!("the new-game window") };
    assert!(form.four_colour);
}

#[test]
fn hearts_and_diamonds_are_red_clubs_and_spades_black() {
    let h = Harness::new(42, Speed::Instant);
    let (_, buffer, hits) = h.screen(80, 24);
    for (rect, card) in &hits.cards {
        let cell = &buffer[(rect.x + 3, rect.y + 2)];
        let red = matches!(card.suit(), hearts_engine::Suit::Hearts | hearts_engine::Suit::Diamonds);
        assert_eq!(cell.fg == Color::Red, red, "{card}");
    }
}

#[test]
fn every_table_size_lays_out_without_overlapping_seats() {
    for players in 3..=7 {
        let rules = Rules { players: players as u8, ..Rules::default() };
        let h = Harness::with_rules(rules, 5, Speed::Instant);
        let (text, _, hits) = h.screen(80, 24);
        for seat in hearts_engine::Seat::all(players).skip(1) {
            let name = hearts_table::seat_name(seat, players);
            assert_eq!(text.matches(&format!("{name} ·")).count(), 1, "{players} players: {name}\n{text}");
        }
        assert_eq!(hits.cards.len(), h.sight().cards().len());
    }
}

#[test]
fn card_hit_rectangles_match_the_cards_drawn() {
    let h = Harness::new(42, Speed::Instant);
    let (text, _, hits) = h.screen(80, 24);
    let rows: Vec<&str> = text.lines().collect();
    for (rect, card) in &hits.cards {
        let label = format!("{:<2}{}", Theme::rank(card.rank()), COLOR.suit(card.suit()));
        let row: String = rows[rect.y as usize + 2].chars().skip(rect.x as usize + 1).take(3).collect();
        assert_eq!(row, label, "card {card} at {rect:?}");
    }
}

#[test]
fn the_score_sheet_and_statistics_open_with_their_keys_and_close_with_esc() {
    let mut h = Harness::new(42, Speed::Instant);
    h.play_until(|app| app.game().hand_number() == 2);
    h.send(Command::ScoreSheet);
    let text = h.text();
    assert!(text.contains("Score sheet"), "{text}");
    let row = text.lines().find(|line| line.contains("│ 1 ")).expect("a row for hand 1");
    let totals = h.game().totals();
    assert!(row.contains(&format!("{:>3}", totals[YOU])), "{row}");
    h.send(Command::Cancel);
    assert_eq!(h.you().window, None);
    h.you_mut().record = super::window::record::Record {
        title: "Statistics".into(),
        heading: "black-lady".into(),
        lines: vec![("Points per hand".into(), "5.0".into())],
    };
    h.send(Command::Stats);
    let text = h.text();
    assert!(text.contains("Statistics") && text.contains("Points per hand") && text.contains("5.0"), "{text}");
}

#[test]
fn a_timed_game_that_runs_out_before_any_hand_is_complete_has_no_winner_and_is_no_game_played() {
    let rules = hearts_engine::Preset::Worldwinner.rules();
    let mut h = Harness::with_rules(rules, 42, Speed::Instant);
    h.let_bots_play();
    h.play_as_hard();
    h.let_bots_play();
    h.wait(Duration::from_secs(601));
    assert_eq!(h.table().finish(), Some(Finish::OutOfTime));
    assert!(!h.table().ended_now().won(YOU), "all totals are 0, but nobody won");
    let effects = h.take_to_runtime();
    let ended = effects.iter().find_map(|e| match e {
        ToRuntime::Ended(ended) => Some(ended),
        _ => None,
    });
    let ended = ended.expect("the game is kept");
    assert_eq!(ended.finish, Some(Finish::OutOfTime));
    assert!(ended.game.history().is_empty(), "no hand completed: the terminal counts it as no game played");
    let text = h.text();
    assert!(text.contains("No hand was completed: nobody wins"), "{text}");
    assert!(!text.contains("win!"), "{text}");
    assert_eq!(h.table().tournament().map(|score| score.total()), Some(0));
}

#[test]
fn once_the_game_is_over_nothing_deals_again_but_replay_or_new() {
    let mut h = Harness::new(7, Speed::Instant);
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    h.take_to_runtime();
    let totals = *h.game().totals();
    let hands = h.game().history().len();
    // Open the score sheet from the game-over window and close it with Enter.
    h.send(Command::ScoreSheet);
    assert_eq!(h.you().window, Some(Window::ScoreSheet));
    h.send(Command::Confirm);
    assert!(matches!(h.you().window, Some(Window::GameOver(_))), "closing a window returns to the game-over window");
    // Even with no window open, table keys do nothing to the finished game.
    h.you_mut().window = None;
    for command in [Command::Undo, Command::PlayOut, Command::Hint, Command::Cancel, Command::Left] {
        h.send(command);
        assert!(h.take_to_runtime().is_empty(), "{command:?}");
        assert_eq!((*h.game().totals(), h.game().history().len()), (totals, hands), "{command:?}");
        assert!(matches!(h.you().window, Some(Window::GameOver(_))), "{command:?}");
        h.you_mut().window = None;
    }
    h.send(Command::Restart);
    assert_ne!(h.you().window, Some(Window::ConfirmRestart), "the hand is not dealt again");
    assert_eq!(h.game().history().len(), 0, "r is 'Replay this seed': the game starts again");
    assert_eq!(h.table().start(), hearts_bots::record::DealCode { seed: 7, hand: 1 });
}

// ---- fitting the smallest terminal ----------------------------------------

/// Each seat's score and total of the last hand, as the sheet writes them.
fn last_scores(app: &Harness) -> Vec<String> {
    let record = app.game().history().last().unwrap();
    Seat::all(app.setup().rules.player_count())
        .map(|seat| format!("{:+} {:>3}", record.scores[seat], record.totals[seat]))
        .collect()
}

#[test]
fn at_80x24_the_top_line_keeps_the_clock_and_whole_words_at_every_table_size() {
    for players in 3..=7 {
        let rules = Rules { players, clock_minutes: 10, ..Rules::default() };
        let h = Harness::with_rules(rules, 42, Speed::Instant);
        let top = h.text().lines().next().unwrap().to_string();
        assert!(top.contains("⏱ 10:00"), "{players} players: {top}");
        assert!(top.contains("Hand 1") && top.contains("hearts not broken"), "{players} players: {top}");
        assert!(top.chars().count() <= 80);
        let mut ascii = Harness::with_rules(rules, 42, Speed::Instant);
        ascii.you_mut().theme = Theme { color: true, ascii: true, palette256: true, four_colour: false };
        let top = ascii.text().lines().next().unwrap().to_string();
        assert!(top.is_ascii() && top.contains("time 10:00"), "{top}");
    }
}

#[test]
fn at_80x24_the_score_sheet_and_the_hand_summary_show_every_seat_and_total() {
    for players in 3..=7 {
        let rules = Rules { players, ..Rules::default() };
        let mut h = Harness::with_rules(rules, 11, Speed::Instant);
        h.play_until(|app| matches!(app.you().window, Some(Window::HandSummary)) && app.game().history().len() == 2);
        let summary = h.text();
        for (seat, scores) in Seat::all(players as usize).zip(last_scores(&h)) {
            assert!(summary.contains(&scores), "{players} players, summary lacks {scores} of {seat}:\n{summary}");
        }
        h.send(Command::Confirm);
        h.send(Command::ScoreSheet);
        let sheet = h.text();
        for scores in last_scores(&h) {
            assert!(sheet.contains(&scores), "{players} players, sheet lacks {scores}:\n{sheet}");
        }
        for seat in Seat::all(players as usize) {
            let name = h.setup().seat_name(seat);
            assert!(sheet.contains(&name), "{players} players, sheet lacks {name}:\n{sheet}");
        }
    }
}

#[test]
fn while_the_terminal_is_too_small_only_quitting_acts() {
    let mut h = Harness::new(42, Speed::Instant);
    h.you_mut().resized(60, 20);
    for command in [Command::Mark, Command::Right, Command::Help, Command::ScoreSheet, Command::Hint, Command::Restart]
    {
        h.send(command);
    }
    h.send(Command::Confirm);
    assert!(h.you().marked.is_empty(), "nothing was marked");
    assert_eq!(h.you().window, None, "no invisible window opened");
    assert_eq!(h.you().cursor, 0);
    assert!(h.take_to_runtime().is_empty());
    assert!(h.screen(60, 20).0.contains("Hearts needs a bigger terminal"));
    h.send(Command::Quit);
    assert!(h.left(), "q leaves (the terminal saves the game as it goes)");
    h.you_mut().resized(80, 24);
    h.send(Command::Mark);
    assert_eq!(h.you().marked.len(), 1, "keys act again once the terminal is big enough");
}

// ---- saying only what is true now -----------------------------------------

#[test]
fn the_key_line_lists_only_keys_that_act_now() {
    let mut h = Harness::new(42, Speed::Instant);
    assert!(h.keys_now().contains(&"Space mark"));
    h.play_until(|app| matches!(app.you().window, Some(Window::HandSummary)));
    assert_eq!(h.keys_now(), ["Enter next hand", "q quit"], "a summary lists no play keys");
    assert!(h.text().contains("[ Enter Next hand ]"), "as its button says: {}", h.text());
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    assert_eq!(h.keys_now(), ["n new game", "r replay this seed", "s scores", "S stats", "q quit"]);
    h.send(Command::Help);
    assert_eq!(h.you().window, Some(Window::Help), "the help opens at game over too");
    h.send(Command::Cancel);
    assert!(matches!(h.you().window, Some(Window::GameOver(_))), "and gives the game-over window back");

    let timed = hearts_engine::Preset::Worldwinner.rules();
    let mut h = Harness::with_rules(timed, 42, Speed::Normal);
    h.let_bots_play();
    let keys = h.keys_now();
    assert!(!keys.contains(&"i hint") && keys.contains(&"Space mark"), "{keys:?}");
    h.play_as_hard();
    assert!(h.sight().pending_pass().is_some());
    assert!(!h.keys_now().contains(&"u take back"), "undo is off in the timed game");
    assert!(!h.status().contains("u takes them back"), "{}", h.status());
    let mut untimed = Harness::new(42, Speed::Normal);
    untimed.let_bots_play();
    untimed.play_as_hard();
    assert!(untimed.status().contains("u takes them back"), "{}", untimed.status());
}

#[test]
fn a_refusal_is_not_followed_by_the_same_words() {
    for seed in 1..200 {
        let mut h = at_your_first_play(seed);
        let hand = h.game().hand();
        let Some(led) = hand.trick().led_suit() else { continue };
        let Some(card) = (hand.holding(YOU) - hand.legal_moves() - hand.holding(YOU).of_suit(led)).lowest() else {
            continue;
        };
        if !matches!(hand.check_play(YOU, card), Err(hearts_engine::PlayError::MustFollowSuit { .. })) {
            continue;
        }
        h.send(Command::Card(card));
        let status_row = h.text().lines().nth(22).unwrap().to_string();
        assert!(status_row.contains("You must follow"), "{status_row}");
        assert!(!status_row.contains("· Follow"), "the refusal already says it: {status_row}");
        return;
    }
    panic!("no seed gave a card that must follow suit");
}

#[test]
fn one_point_and_one_hand_are_singular() {
    assert_eq!(draw::points(1), "1 pt");
    assert_eq!(draw::points(0), "0 pts");
    assert_eq!(crate::words::count(1, "hand", "hands"), "1 hand");
    assert_eq!(crate::words::count(2, "hand", "hands"), "2 hands");
}

#[test]
fn ascii_draws_every_screen_in_ascii() {
    let ascii = Theme { color: true, ascii: true, palette256: true, four_colour: false };
    let mut h = Harness::with_rules(Rules { clock_minutes: 10, ..Rules::default() }, 7, Speed::Instant);
    h.you_mut().theme = ascii;
    let mut screens = vec![h.text()];
    for command in
        [Command::Help, Command::Cancel, Command::ScoreSheet, Command::Cancel, Command::Stats, Command::Cancel]
    {
        h.send(command);
        screens.push(h.text());
    }
    h.play_until(|app| matches!(app.you().window, Some(Window::HandSummary)));
    screens.push(h.text());
    h.send(Command::Confirm);
    h.play_until(|app| app.sight().hand.to_act == Some(YOU) && app.game().hand().phase() == HandPhase::Playing);
    screens.push(h.text());
    h.send(Command::PlayedCards);
    screens.push(h.text());
    for screen in screens {
        assert!(screen.is_ascii(), "not ASCII:\n{screen}");
    }
}

#[test]
fn the_help_of_the_timed_game_says_hints_and_undo_are_off() {
    let mut h = Harness::with_rules(hearts_engine::Preset::Worldwinner.rules(), 42, Speed::Instant);
    h.send(Command::Help);
    assert!(h.text().contains("no hints or undo; clock runs on your turns"), "{}", h.text());
}

#[test]
fn the_played_cards_panel_leaves_every_trick_card_in_view() {
    for players in 3..=7 {
        let rules = Rules { players, ..Rules::default() };
        let mut h = Harness::with_rules(rules, 5, Speed::Normal);
        h.play_until(|app| {
            app.game().hand().phase() == HandPhase::Playing
                && app.game().hand().trick().len() + 1 == app.setup().rules.player_count()
        });
        h.send(Command::PlayedCards);
        let text = h.text();
        for card in h.game().hand().trick().cards() {
            let face = format!("│{:<2}{}│", Theme::rank(card.rank()), h.you().theme.suit(card.suit()));
            assert!(text.contains(&face), "{players} players: {face} hidden:\n{text}");
        }
    }
}

#[test]
fn a_pass_on_its_way_is_drawn_face_down_crossing_to_its_receiver() {
    let mut h = Harness::new(42, Speed::Slow);
    h.let_bots_play();
    h.play_as_hard();
    assert!(h.sight().pending_pass().is_some());
    let position = |h: &Harness| {
        let text = h.text();
        let row = text.lines().position(|line| line.contains("to Left")).expect("the pass is drawn");
        let col = text.lines().nth(row).unwrap().find("▒▒").unwrap();
        (row, col, text.lines().nth(row).unwrap().matches("▒▒").count())
    };
    let (row, col, backs) = position(&h);
    assert_eq!(backs, 3, "three cards, face down");
    h.now += Duration::from_millis(1500);
    let (later_row, later_col, _) = position(&h);
    assert!(
        later_col < col || later_row < row,
        "it moves toward Left: {:?} -> {:?}",
        (row, col),
        (later_row, later_col)
    );
    h.wait(Duration::from_secs(1));
    assert!(!h.text().contains("▒▒ ▒▒ ▒▒ to Left"), "gone once the cards arrive");
}

#[test]
fn the_resume_offer_fits_every_total_inside_its_window() {
    let rules = Rules { players: 7, ..Rules::default() };
    let mut h = Harness::with_rules(rules, 3, Speed::Instant);
    h.play_until(|app| {
        app.game().history().len() == 1 && app.you().window.is_none() && app.game().hand().phase() == HandPhase::Playing
    });
    let players: Vec<hearts_bots::players::Player> =
        vec!["cmd:a-long-program --with flags --and more".parse().unwrap(); 7];
    let table = Setup { rules, label: "black-lady".into(), players };
    let with_program = hearts_table::saved::SavedGame::new(&table, h.table().start(), h.table().log(), 0, None);
    h.you_mut().window = Some(Window::Resume(super::window::resume::ResumeOffer::of(&with_program)));
    let text = h.text();
    let inside: Vec<&str> = text.lines().filter(|line| line.contains('│')).collect();
    for seat in Seat::all(7) {
        let total = format!("{} {}", h.setup().seat_name(seat), h.game().totals()[seat]);
        assert!(inside.iter().any(|line| line.contains(&total)), "{total} is not inside the window:\n{text}");
    }
    assert!(text.contains("y runs the programs again"), "{text}");
    // A line never breaks between a seat and its total, however long the seed.
    let description = "black-lady, hand 3, seed 442244098: You 0, Left 4, Across 15, Right 7".to_string();
    let offer = super::window::resume::ResumeOffer { description, programs: Vec::new() };
    h.you_mut().window = Some(Window::Resume(offer));
    let text = h.text();
    assert!(text.lines().any(|line| line.contains("Right 7")), "{text}");
}

// ---- play that feels right ------------------------------------------------

/// Your first turn where some cards may not be played.
fn at_a_restricted_turn() -> Harness {
    for seed in 1..300 {
        let h = at_your_first_play(seed);
        let hand = h.game().hand();
        if hand.legal_moves().len() >= 2 && hand.legal_moves() != hand.holding(YOU) {
            return h;
        }
    }
    panic!("no seed gave a turn with two or more legal cards among illegal ones");
}

#[test]
fn on_your_turn_the_cursor_stops_only_on_cards_you_may_play() {
    let mut h = at_a_restricted_turn();
    let legal = h.game().legal_moves();
    let mut visited = CardSet::EMPTY;
    for _ in 0..30 {
        h.send(Command::Right);
        visited.insert(h.cursor_card().unwrap());
    }
    for _ in 0..30 {
        h.send(Command::Left);
        visited.insert(h.cursor_card().unwrap());
    }
    assert_eq!(visited, legal, "every legal card and nothing else");
    h.send(Command::First);
    assert_eq!(h.cursor_card(), legal.lowest());
    h.send(Command::Last);
    assert_eq!(h.cursor_card(), legal.iter().last());
}

#[test]
fn a_dimmed_red_card_still_reads_as_red() {
    let h = at_a_restricted_turn();
    let hand = h.game().hand();
    let illegal_red = (hand.holding(YOU) - hand.legal_moves())
        .iter()
        .find(|card| matches!(card.suit(), hearts_engine::Suit::Hearts | hearts_engine::Suit::Diamonds));
    let Some(card) = illegal_red else { return };
    let face = COLOR.dimmed_face(card);
    assert_eq!(face.fg, Some(Color::Indexed(88)), "a darker red");
    assert_ne!(face.bg, COLOR.card_face(card).bg, "it is still dimmed");
}

#[test]
fn without_colour_a_card_you_may_not_play_has_a_dashed_outline_not_only_faint_text() {
    for ascii in [false, true] {
        let mut h = at_a_restricted_turn();
        h.you_mut().theme = Theme { color: false, ascii, palette256: true, four_colour: false };
        let (_, buffer, hits) = h.screen(80, 24);
        let legal = h.game().legal_moves();
        let (dashed, plain) = if ascii { (":", "|") } else { ("┆", "│") };
        for (rect, card) in &hits.cards {
            // The left edge of the card's outline, on its rank's row.
            let edge = buffer[(rect.x, rect.y + 2)].symbol().to_string();
            let row = if legal.contains(*card) { plain } else { dashed };
            assert_eq!(edge, row, "{card}: playable {} (ascii {ascii})", legal.contains(*card));
        }
        assert!(hits.cards.iter().any(|(_, card)| !legal.contains(*card)), "a card is not playable");
    }
}

#[test]
fn the_note_says_who_the_received_cards_came_from() {
    let mut h = Harness::new(42, Speed::Instant);
    h.let_bots_play();
    h.play_as_hard();
    h.wait(Duration::from_secs(3));
    let note = h.you().note.clone().unwrap_or_default();
    assert!(
        note.starts_with("You received") && note.ends_with("from Right"),
        "hand 1 passes left, so Right's cards come: {note}"
    );
}

#[test]
fn t_steps_back_through_every_trick_of_the_hand() {
    let mut h = Harness::new(42, Speed::Instant);
    h.play_until(|app| {
        app.game().tricks().len() == 4 && app.sight().hand.to_act == Some(YOU) && app.you().window.is_none()
    });
    h.send(Command::LastTrick);
    assert_eq!(h.you().window, Some(Window::Trick(3)));
    let text = h.text();
    assert!(text.contains("Trick 4 of 4"));
    assert!(text.contains("earlier") && !text.contains("later"), "no trick after the last: {text}");
    for expected in [2, 1, 0] {
        h.send(Command::LastTrick);
        assert_eq!(h.you().window, Some(Window::Trick(expected)));
    }
    h.send(Command::Left);
    assert_eq!(h.you().window, Some(Window::Trick(0)), "there is nothing before the first trick");
    let first = h.game().tricks()[0];
    let text = h.text();
    assert!(text.contains("Trick 1 of 4"), "{text}");
    assert!(text.contains("later") && !text.contains("earlier"), "no trick before the first: {text}");
    let lead = format!("{}led {}", "", h.you().theme.card(first.cards()[0]));
    assert!(text.contains(&lead), "the leader is marked: {text}");
    h.send(Command::Right);
    assert_eq!(h.you().window, Some(Window::Trick(1)));
    h.send(Command::Cancel);
    assert_eq!(h.you().window, None);
    h.send(Command::LastTrick);
    for _ in 0..4 {
        h.send(Command::LastTrick);
    }
    assert_eq!(h.you().window, None, "t past the first trick closes the window");
}

#[test]
fn what_you_passed_stays_in_view_for_the_hand() {
    let mut h = Harness::new(42, Speed::Instant);
    h.let_bots_play();
    h.play_as_hard();
    h.play_until(|app| app.game().tricks().len() == 3);
    let passed = h.game().hand().passed(YOU);
    assert_eq!(passed.len(), 3);
    let text = h.text();
    let you_row = text.lines().find(|line| line.starts_with(" You")).unwrap().to_string();
    assert!(you_row.contains(&format!("passed {} to Left", h.you().theme.cards(passed))), "{you_row}");
}

#[test]
fn a_game_started_from_a_deal_code_deals_that_hand_and_saves_and_replays_from_it() {
    let start = hearts_bots::record::DealCode { seed: 42, hand: 7 };
    let table = Table::local(table(Rules::default()), start, Speed::Instant, Think::Samples(1)).unwrap();
    let dealt = hearts_engine::Deal::for_hand(&Rules::default(), 42, 6);
    assert_eq!(table.game().hand().holding(YOU), dealt.hands[YOU], "hand 7 of game 42");
    assert_eq!(table.game().totals()[YOU], 0);
    let mut h = Harness::of(table);
    h.play_until(|app| app.game().history().len() == 1 && app.you().window.is_none());
    let saved = h.table().saved_game(h.now);
    assert_eq!(saved.first_hand, 7);
    let programs = hearts_table::saved::Programs::Replace;
    let resumed = Table::resume_local(&saved, programs, Speed::Instant, Think::Samples(1)).unwrap();
    assert_eq!(resumed.game(), h.game());
    assert_eq!(resumed.start(), start);
    let record = hearts_bots::record::GameRecord::of_actions(Rules::default(), start, Vec::new(), h.table().log());
    assert_eq!(record.unwrap().hands[0].number, 7);
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    h.you_mut().window = Some(Window::GameOver(Button::Replay));
    h.send(Command::Confirm);
    assert_eq!((h.table().start(), h.game().hand_number()), (start, 7), "replay starts at hand 7 again");
}

#[test]
fn your_cards_keep_their_places_until_the_trick_ends() {
    for seed in 1..100 {
        let mut h = at_your_first_play(seed);
        // You must not be last to the trick, so it goes on after your card.
        if h.game().hand().trick().len() + 1 == h.setup().rules.player_count() {
            continue;
        }
        let (_, _, before) = h.screen(80, 24);
        let card = h.game().legal_moves().lowest().unwrap();
        h.send(Command::Card(card));
        assert!(h.game().hand().trick().cards().contains(&card));
        let (_, _, after) = h.screen(80, 24);
        let place = |hits: &Hits, card| hits.cards.iter().find(|(_, c)| *c == card).map(|(rect, _)| rect.x);
        for &(_, other) in &after.cards {
            assert_eq!(place(&after, other), place(&before, other), "{other} moved while the trick goes on");
        }
        assert_eq!(after.cards.len() + 1, before.cards.len());
        return;
    }
    panic!("no seed had you play before the end of the trick");
}

#[test]
fn hints_asked_for_are_counted_in_the_finished_games_statistics() {
    let mut h = Harness::with_rules(Rules { target_score: 20, ..Rules::default() }, 7, Speed::Instant);
    h.let_bots_play();
    h.ask_hint();
    h.ask_hint();
    assert_eq!(h.table().hints_used(), 2);
    assert_eq!(h.table().saved_game(h.now).hints, 2, "saved with the game");
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    let finished = h.take_to_runtime().into_iter().find_map(|effect| match effect {
        ToRuntime::Ended(ended) if ended.finish.is_some() => Some(ended),
        _ => None,
    });
    assert_eq!(finished.map(|ended| ended.hints), Some(2));
}

// ---- every size -----------------------------------------------------------

/// The table in the middle of hand 2, at a size and table size.
fn mid_game(players: u8) -> Harness {
    let mut h = Harness::with_rules(Rules { players, ..Rules::default() }, 21, Speed::Normal);
    h.play_until(|app| {
        app.game().hand_number() == 2
            && app.game().tricks().len() == 3
            && app.sight().hand.to_act == Some(YOU)
            && app.you().window.is_none()
    });
    h.wait(Duration::from_secs(3));
    h
}

/// Every card of the trick on the screen `text` is whole: its two
/// corners are drawn.
fn assert_trick_whole(h: &Harness, text: &str, context: &str) {
    let players = h.setup().rules.player_count();
    for (_, card) in h.game().hand().trick().plays(players) {
        let face = Theme::rank(card.rank());
        let small = format!("│{face:<2}{}│", h.you().theme.suit(card.suit()));
        let large = format!("│{face:<5}│");
        assert!(text.contains(&small) || text.contains(&large), "{context}: {card}\n{text}");
    }
}

#[test]
fn with_eight_to_eleven_players_every_label_is_whole_and_every_card_of_the_trick_shows() {
    for players in 8u8..=11 {
        let rules = Rules { players, ..hearts_engine::Preset::Cancellation.rules() };
        let mut h = Harness::with_rules(rules, 5, Speed::Normal);
        // Your turn with every other seat's card on the table.
        h.play_until(|app| {
            let trick = app.game().hand().trick().len() + 1 == usize::from(players);
            (trick && app.sight().hand.to_act == Some(YOU) && app.you().window.is_none())
                || app.game().hand_number() == 4
        });
        assert!(h.game().hand_number() < 4, "{players} players: no such turn in three hands");
        h.wait(Duration::from_secs(3));
        for (width, height) in [(80, 24), (120, 36), (120, 40), (200, 60)] {
            let (text, _, _) = h.screen(width, height);
            for seat in Seat::all(usize::from(players)).skip(1) {
                let label = format!("{} · normal", h.setup().seat_name(seat));
                assert_eq!(text.matches(&label).count(), 1, "{players} at {width}x{height}: {label}\n{text}");
            }
            assert_trick_whole(&h, &text, &format!("{players} at {width}x{height}"));
            if width == 80 {
                // No card lies over a seat's points (nor yours).
                let points = text.matches(" pts · total ").count();
                assert_eq!(points, usize::from(players), "{players} at {width}x{height}:\n{text}");
            }
        }
    }
}

#[test]
fn snapshot_layouts_at_80x24_120x36_and_200x60_for_3_4_and_7_players() {
    for players in [3u8, 4, 7] {
        let h = mid_game(players);
        for (width, height) in [(80, 24), (120, 36), (200, 60)] {
            let (text, _, _) = h.screen(width, height);
            insta::assert_snapshot!(format!("layout_{players}p_{width}x{height}"), text);
        }
    }
}

#[test]
fn a_big_terminal_draws_large_cards_and_the_side_panel() {
    let h = mid_game(4);
    let (small, _, small_hits) = h.screen(80, 24);
    let (big, _, big_hits) = h.screen(200, 60);
    assert!(!small.contains("This hand") && big.contains("This hand") && big.contains("Scores"));
    let height = |hits: &Hits| hits.cards[0].0.height;
    assert_eq!((height(&small_hits), height(&big_hits)), (4, 6), "cards three rows tall, then five");
    // Every trick of the hand so far is listed with its leader.
    for (i, trick) in h.game().tricks().iter().enumerate() {
        let row = format!("{:>2} {:<9} led", i + 1, h.setup().seat_name(trick.leader()));
        assert!(big.contains(&row), "{row} missing:\n{big}");
    }
}

#[test]
fn resizing_between_sizes_leaves_nothing_behind() {
    let h = mid_game(4);
    let (before, _, _) = h.screen(120, 36);
    let (_, _, _) = h.screen(200, 60);
    let (after, _, _) = h.screen(120, 36);
    assert_eq!(before, after, "each frame is drawn whole from the state");
}

#[test]
fn n_opens_the_new_game_window_and_enter_starts_what_it_says() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::New);
    assert!(matches!(h.you().window, Some(Window::NewGame(_))), "n at the table");
    assert!(h.text().contains("New game") && h.text().contains("Target"), "{}", h.text());
    h.send(Command::Down);
    for _ in 0..3 {
        h.send(Command::Erase);
    }
    h.send(Command::Digit('5'));
    h.send(Command::Digit('0'));
    h.send(Command::Down);
    h.send(Command::Down);
    h.send(Command::Right);
    h.send(Command::Confirm);
    assert_eq!(h.setup().rules.target_score, 50);
    assert_eq!(h.setup().players[1], Player::Builtin(Level::Hard));
    let remembered = h.to_runtime.iter().find_map(|request| match request {
        ToRuntime::Remember(_, remembered) => Some(remembered.clone()),
        _ => None,
    });
    assert_eq!(remembered.and_then(|remembered| remembered.target), Some(50));
    assert!(h.take_to_runtime().iter().any(|effect| matches!(effect, ToRuntime::Started)), "the new game started");

    let mut again = Harness::new(42, Speed::Instant);
    again.send(Command::New);
    again.send(Command::Cancel);
    assert_eq!(again.you().window, None, "Esc closes it");
    again.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    again.send(Command::New);
    assert!(matches!(again.you().window, Some(Window::NewGame(_))), "New at game over opens it too");
}

#[test]
fn enter_in_the_new_game_window_mid_game_asks_and_only_y_ends_the_game_under_way() {
    let mut h = mid_game(4);
    let seed = h.table().start().seed;
    h.send(Command::New);
    h.send(Command::Confirm);
    assert!(matches!(h.you().window, Some(Window::ConfirmEnd(_))), "Enter chose the game, it did not end this one");
    assert!(h.text().contains("This one ends here") && h.text().contains("y new game"), "{}", h.text());
    h.send(Command::Confirm);
    assert!(matches!(h.you().window, Some(Window::ConfirmEnd(_))), "Enter again says no yes");
    assert_eq!(h.table().start().seed, seed);
    h.send(Command::Cancel);
    assert_eq!(h.you().window, None, "n or Esc keeps playing");
    assert_eq!(h.table().start().seed, seed);

    h.send(Command::New);
    h.send(Command::Confirm);
    h.send(Command::Yes);
    assert_ne!(h.table().start().seed, seed, "y starts the new game");
}

#[test]
fn at_80x24_no_window_covers_the_top_line_at_any_table_size() {
    for players in 3..=7 {
        let timed = Rules { players, clock_minutes: 10, ..Rules::default() };
        let mut h = Harness::with_rules(timed, 3, Speed::Instant);
        h.play_until(|app| app.game().tricks().len() == 2 && app.you().window.is_none());
        let windows = [
            Window::Help,
            Window::ScoreSheet,
            Window::Record,
            Window::Trick(0),
            Window::ConfirmQuit,
            Window::ConfirmRestart,
            Window::MoonChoice(hearts_engine::MoonScoring::AddToOthers),
            Window::GameOver(Button::NewGame),
        ];
        for window in windows {
            h.you_mut().window = Some(window.clone());
            let text = h.text();
            let top = text.lines().next().unwrap();
            assert!(top.starts_with(" Hearts") && top.contains('⏱'), "{players} players, {window:?}:\n{text}");
            assert!(text.contains('╰'), "{players} players, {window:?}: the window's bottom edge is drawn");
        }
        h.send(Command::Cancel);
        h.you_mut().window = None;
        h.send(Command::New);
        let text = h.text();
        assert!(text.lines().next().unwrap().starts_with(" Hearts"), "new game window:\n{text}");
    }
}

// ---- the Hearts family ---------------------------------------------------

/// A Chasse Coeur hand about to be declared on: East dealt, so South is
/// asked first; `deal` in seat order.
fn chasse_coeur_game(deal: [&str; 4], dealer: usize) -> (Rules, Game) {
    let rules = hearts_engine::Preset::ChasseCoeur.rules();
    let hands = BySeat::new_with(|seat| deal.get(seat.index()).map_or(CardSet::EMPTY, |text| cards(text)));
    let deal =
        hearts_engine::Deal { dealer: Seat::new(dealer).unwrap(), hands, kitty: CardSet::EMPTY, twice: CardSet::EMPTY };
    let hand = Hand::new(&rules, deal, hearts_engine::PassDirection::Hold);
    (rules, Game::from_position(rules, 1, hand, BySeat::splat(0)).unwrap())
}

#[test]
fn the_generale_is_offered_to_you_before_the_first_lead() {
    let (rules, game) = chasse_coeur_game(["AH AS", "2H QS", "3H 2S", "4H 3S"], 3);
    let mut h = Harness::from_game(rules, game);
    h.wait(Duration::from_secs(1));
    assert_eq!(h.you().window, Some(Window::Generale(Button::No)));
    let text = h.text();
    assert!(text.contains("Declare the Generale?"), "{text}");
    assert!(h.status().contains("Declare the Generale, or pass"), "{}", h.status());
    h.send(Command::Yes);
    assert_eq!(h.you().window, None);
    assert_eq!(h.game().hand().declarer(), Some(YOU));
    assert!(h.status().contains("You declared the Generale"), "{}", h.status());
    // South takes everything: 0 to South, 17 (the points in play) to each other seat.
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    assert_eq!(h.game().history()[0].scores.of_table(4), [0, 17, 17, 17]);
    assert!(h.text().contains("You made the Generale! 17 to everyone else"), "{}", h.text());
}

#[test]
fn passing_on_the_generale_asks_the_next_seat_and_a_bots_declaration_is_announced() {
    // West holds the top cards and is asked after South.
    let (rules, game) = chasse_coeur_game(["2H 2S", "AH AS", "3H QS", "4H 3S"], 3);
    let mut h = Harness::from_game(rules, game);
    h.wait(Duration::from_secs(1));
    h.send(Command::New);
    assert_eq!(h.game().hand().to_declare(), Some(Seat::new(1).unwrap()));
    h.let_bots_play();
    assert_eq!(h.game().hand().declarer(), Some(Seat::new(1).unwrap()));
    assert!(h.status().contains("declared the Generale: every point to them"), "{}", h.status());
}

#[test]
fn royal_names_the_queens_at_work_in_the_hand_summary() {
    let rules = Rules { no_blood: false, target_score: 1000, ..hearts_engine::Preset::Royal.rules() };
    let mut h = harness_at(rules, ["2C QD", "4H 2H", "4C 3H", "AC 2D"], 3, [3, 0, 0, 0]);
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    let text = h.text();
    assert!(text.contains("Q♦: -10 for You, total 5 -> 0"), "{text}");
    assert_eq!(h.game().totals()[YOU], 0);
}

#[test]
fn royal_asks_the_shooter_every_time() {
    let rules = Rules { no_blood: false, ..hearts_engine::Preset::Royal.rules() };
    let mut h = harness_at(rules, ["AC AH", "2C QS", "3C 2H", "4C 3H"], 0, [0; 4]);
    h.play_until(|app| app.you().window.is_some());
    assert!(matches!(h.you().window, Some(Window::MoonChoice(_))), "{:?}", h.you().window);
    let text = h.text();
    // The QS 26 and three hearts: 29, nothing doubled.
    assert!(text.contains("You took every point (29)"), "{text}");
    assert!(text.contains("the shooter picks every time"), "{text}");
}

#[test]
fn question_mark_twice_shows_the_rules_of_this_game() {
    for (preset, expected) in [
        (hearts_engine::Preset::BlackLady, "Points: each heart 1, Q♠ 13"),
        (hearts_engine::Preset::Royal, "Q♦ takes 10 off its taker's total, not below 0"),
        (hearts_engine::Preset::ChasseCoeur, "Generale: before the first lead, promise every point"),
        (hearts_engine::Preset::Greek, "Moon: 150 to everyone else"),
        (hearts_engine::Preset::Joker, "Jokers: 4, played any time"),
        (hearts_engine::Preset::Hoyle1887, "Chips: a chip a point into the pot"),
        (hearts_engine::Preset::Heartsette, "Widow: 3 cards to the first trick's winner"),
        (hearts_engine::Preset::Auction, "Auction: bid chips to name the penalty suit"),
        (hearts_engine::Preset::Partnership, "Partners opposite, one team score; a team moon: 52"),
        (hearts_engine::Preset::Domino, "draw until you can; no cards: you are out  "),
        (hearts_engine::Preset::Cancellation, "Two packs shuffled together (104 cards), 13 each"),
        (hearts_engine::Preset::Cancellation, "the same card played twice to a trick cancels"),
        (hearts_engine::Preset::Auction, "the named suit takes the place of hearts in every rule"),
    ] {
        let mut h = Harness::with_rules(preset.rules(), 42, Speed::Instant);
        h.send(Command::Help);
        assert_eq!(h.you().window, Some(Window::Help));
        h.send(Command::Help);
        assert_eq!(h.you().window, Some(Window::Rules));
        let text = h.text();
        assert!(text.contains(expected), "{preset}:\n{text}");
        if preset == hearts_engine::Preset::ChasseCoeur {
            insta::assert_snapshot!("rules_chasse_coeur", text);
        }
        h.send(Command::Help);
        assert_eq!(h.you().window, None, "a third ? closes it");
    }
}

#[test]
fn the_rules_of_a_partnership_say_a_team_moon_goes_to_the_other_team_whatever_the_moon_rule() {
    let rules = Rules { moon: hearts_engine::MoonRule::ShooterPicks, ..hearts_engine::Preset::Partnership.rules() };
    let mut h = Harness::with_rules(rules, 42, Speed::Instant);
    h.send(Command::Help);
    h.send(Command::Help);
    let text = h.text();
    assert!(text.contains("Moon: the points to everyone else"), "{text}");
    assert!(!text.contains("the shooter picks"), "{text}");
}

#[test]
fn the_widow_is_shown_to_its_taker_only() {
    let mut seen = [false, false];
    for seed in 1..40 {
        let rules = Rules { players: 3, ..hearts_engine::Preset::Heartsette.rules() };
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        assert!(h.text().lines().next().unwrap().contains("widow 4"), "the top line counts the widow");
        h.play_until(|app| app.game().tricks().len() == 1);
        let widow = h.game().hand().kitty();
        let taker = h.game().hand().kitty_taker().expect("the first trick takes the widow");
        let status = h.status();
        if taker == YOU {
            assert!(status.contains(&format!("You took the widow: {}", h.you().theme.cards(widow))), "{status}");
            seen[0] = true;
        } else {
            assert!(status.contains("took the widow (4 cards)"), "{status}");
            assert!(!status.contains(&h.you().theme.cards(widow)), "{status}");
            seen[1] = true;
        }
        assert!(!h.text().lines().next().unwrap().contains("widow"), "taken: no longer on the top line");
        if seen == [true, true] {
            return;
        }
    }
    panic!("forty games never gave the widow to both you and another seat: {seen:?}");
}

#[test]
fn under_chips_the_table_shows_stacks_the_pot_and_a_sheet_in_chips() {
    let rules = hearts_engine::Preset::Hoyle1887.rules();
    let mut h = Harness::with_rules(rules, 5, Speed::Instant);
    let text = h.text();
    assert!(text.lines().next().unwrap().contains("pot 0"), "{text}");
    assert!(text.contains("8 deals"), "{text}");
    assert!(text.contains("chips 50"), "{text}");
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    let text = h.text();
    assert!(text.contains("Chips") && text.contains("Stack"), "{text}");
    let settled = h.game().history()[0].chips.unwrap();
    let you = settled.after.stacks[YOU];
    assert!(text.contains(&format!("{:>+6}{you:>7}", settled.change[YOU])), "{text}");
    h.send(Command::Confirm);
    assert!(h.text().contains(&format!("chips {you}")), "{}", h.text());
}

#[test]
fn jokers_are_drawn_as_jokers_at_the_right_of_your_hand_in_either_theme() {
    let rules = hearts_engine::Preset::Joker.rules();
    let seed = (1..100)
        .find(|&seed| {
            let deal = hearts_engine::Deal::for_hand(&rules, seed, 0);
            !(deal.hands[YOU] & CardSet::JOKERS).is_empty()
        })
        .expect("some deal gives you a joker");
    let mut h = Harness::with_rules(rules, seed, Speed::Instant);
    let cards = h.sight().cards();
    assert!(cards.last().unwrap().is_joker(), "jokers sit at the right: {cards:?}");
    let text = h.text();
    assert!(text.contains("JK★"), "{text}");
    h.you_mut().theme = Theme { color: true, ascii: true, palette256: true, four_colour: false };
    let text = h.text();
    assert!(text.contains("JK*") && !text.contains('★'), "{text}");
}

#[test]
fn the_generale_question_waits_while_you_read_the_rules_or_think_of_quitting() {
    let (rules, game) = chasse_coeur_game(["AH AS", "2H QS", "3H 2S", "4H 3S"], 3);
    let mut h = Harness::from_game(rules, game);
    h.wait(Duration::from_secs(1));
    h.send(Command::Help);
    h.send(Command::Help);
    assert_eq!(h.you().window, Some(Window::Rules));
    h.send(Command::Cancel);
    h.wait(Duration::from_secs(1));
    assert_eq!(h.you().window, Some(Window::Generale(Button::No)), "asked again");
    h.send(Command::Quit);
    assert_eq!(h.you().window, Some(Window::ConfirmQuit));
    h.send(Command::New);
    h.wait(Duration::from_secs(1));
    assert_eq!(h.you().window, Some(Window::Generale(Button::No)));
    h.send(Command::Right);
    h.send(Command::Confirm);
    assert_eq!(h.game().hand().declarer(), Some(YOU), "arrows then Enter declare");
}

#[test]
fn partners_are_marked_and_the_sheet_and_standings_are_by_team() {
    let rules = hearts_engine::Preset::Partnership.rules();
    let mut h = Harness::with_rules(rules, 3, Speed::Instant);
    assert!(h.text().contains("You · 0 pts · total 0 · with Across"), "your line names your partner: {}", h.text());
    h.play_until(|app| !app.sight().is_passing());
    let text = h.text();
    assert!(text.contains("▒▒ 13 · partner"), "Across is marked: {text}");
    assert!(text.contains("▒▒ 13 · with Right"), "Left's partner is named: {text}");
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    let text = h.text();
    let record = h.game().history()[0];
    let ours = record.scores[YOU];
    assert_eq!(ours, record.result.points_taken[YOU] + record.result.points_taken[Seat::new(2).unwrap()]);
    assert!(text.contains(&format!("You & Across{:>width$}", format!("{ours:+}"), width = 44 - 12 + 6)), "{text}");
    assert!(text.contains("Left & Right"), "{text}");
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    let text = h.text();
    let leaders = h.game().leaders();
    assert_eq!(leaders.len(), 2, "both partners win");
    let headline = if leaders.contains(&YOU) { "You and Across win!" } else { "Left and Right win" };
    assert!(text.contains(headline), "{text}");
    assert!(text.contains("1. You & Across") || text.contains("1. Left & Right"), "{text}");
}

#[test]
fn at_six_the_teams_fit_the_small_and_the_large_table() {
    let rules = Rules { players: 6, teams: hearts_engine::Teams::Individual, ..Rules::default() };
    let mut h = Harness::with_rules(rules, 4, Speed::Instant);
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    h.send(Command::Confirm);
    h.send(Command::ScoreSheet);
    for (width, height) in [(80, 24), (200, 60)] {
        let text = h.screen(width, height).0;
        assert!(text.contains("You & Across") || text.contains("You+A"), "{width}x{height}: {text}");
        assert!(text.contains("team "), "{width}x{height}: your line has the team total: {text}");
    }
}

#[test]
fn the_auction_asks_your_bid_then_the_suit_and_the_top_line_names_it() {
    let rules = hearts_engine::Preset::Auction.rules();
    let mut named_by_you = false;
    for seed in 1..40 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        h.play_until(|app| app.you().window.is_some() || app.game().hand().phase() == HandPhase::Playing);
        let Some(Window::Bid(offer)) = h.you().window else { continue };
        let least = h.game().hand().least_bid();
        assert_eq!(offer, least, "the offer starts at the least bid");
        let text = h.text();
        assert!(text.contains("The auction") && text.contains(&format!("Your bid: < {least} >")), "{text}");
        assert!(text.contains("You have 50 chips"), "{text}");
        h.send(Command::Left);
        assert_eq!(h.you().window, Some(Window::Bid(least)), "never below the least bid");
        h.send(Command::Right);
        h.send(Command::Right);
        h.send(Command::Confirm);
        assert_eq!(h.game().bids()[YOU], Some(least + 2));
        h.play_until(|app| app.you().window.is_some() || app.game().hand().phase() == HandPhase::Playing);
        let winner = h.game().hand().high_bid().unwrap().seat;
        if winner == YOU {
            let Some(Window::NameSuit(first)) = h.you().window else { panic!("{:?}", h.you().window) };
            let text = h.text();
            assert!(text.contains("Name the penalty suit") && text.contains("♠ spades"), "{text}");
            h.send(Command::Right);
            h.send(Command::Confirm);
            let expected =
                hearts_engine::Suit::ALL[(hearts_engine::Suit::ALL.iter().position(|&s| s == first).unwrap() + 1) % 4];
            assert_eq!(h.game().hand().named_suit(), Some(expected));
            let top = h.text().lines().next().unwrap().to_string();
            let symbol = h.you().theme.suit(expected);
            assert!(top.contains(&format!("{symbol} named by You for {}", least + 2)), "{top}");
            assert!(!top.contains("broken"), "the auction has no rule about breaking: {top}");
            named_by_you = true;
            break;
        }
    }
    assert!(named_by_you, "forty deals never let you win the auction");
}

#[test]
fn domino_for_two_shows_the_stock_your_draws_and_the_end_at_31() {
    let rules = Rules { players: 2, ..hearts_engine::Preset::Domino.rules() };
    let mut h = Harness::with_rules(rules, 3, Speed::Instant);
    for (width, height) in [(80, 24), (200, 60)] {
        let (text, _, hits) = h.screen(width, height);
        let top = text.lines().next().unwrap();
        assert!(top.contains("stock 40"), "{width}x{height}: {top}");
        assert_eq!(text.matches("Across ·").count(), 1, "{width}x{height}: one opponent, opposite\n{text}");
        assert!(!text.contains("Left ·"), "{text}");
        assert_eq!(hits.cards.len(), 6, "six cards each");
    }
    h.play_until(|app| app.you().note.as_deref().is_some_and(|note| note.starts_with("You drew")));
    let note = h.you().note.clone().unwrap();
    let (seat, drawn) = h.game().last_draw().unwrap();
    assert_eq!(seat, YOU);
    assert!(note.contains(&h.you().theme.cards(drawn)), "{note}");
    let stock = h.game().hand().stock().len();
    assert!(note.contains(&format!("({stock} left in the stock)")), "{note}");
    let top = h.text().lines().next().unwrap().to_string();
    assert!(top.contains(&format!("stock {stock}")), "{top}");
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    assert!(h.game().totals().of_table(2).iter().any(|&t| t >= 31));
    let text = h.text();
    assert!(text.contains("win") || text.contains("Win"), "{text}");
}

#[test]
fn a_domino_player_out_of_cards_is_shown_out() {
    let rules = Rules { players: 5, ..hearts_engine::Preset::Domino.rules() };
    for seed in 1..30 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        h.play_until(|app| {
            let hand = app.game().hand();
            app.game().phase() != GamePhase::InHand || Seat::all(5).skip(1).any(|s| hand.is_out(s))
        });
        let hand = *h.game().hand();
        let Some(out) = Seat::all(5).skip(1).find(|&s| hand.is_out(s)) else { continue };
        let text = h.text();
        assert!(text.contains("out of cards"), "{text}");
        assert!(hand.trick().is_empty() || hand.trick().sits_out(out) || hand.trick().plays(5).any(|(s, _)| s == out));
        return;
    }
    panic!("nobody ran out of cards in thirty deals");
}

#[test]
fn a_domino_hand_that_ends_says_who_took_the_stock() {
    let rules = Rules { players: 3, ..hearts_engine::Preset::Domino.rules() };
    for seed in 1..40 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        h.play_until(|app| {
            app.game().phase() == GamePhase::GameOver
                || app.you().note.as_deref().is_some_and(|note| note.contains("and took the stock"))
        });
        let Some(note) = h.you().note.clone().filter(|note| note.contains("and took the stock")) else {
            continue;
        };
        let hand = *h.game().hand();
        let played = h.game().tricks().iter().fold(CardSet::EMPTY, |all, trick| all | trick.card_set());
        let (taker, extra) = Seat::all(3)
            .map(|s| (s, hand.taken(s) - played))
            .find(|(_, extra)| !extra.is_empty())
            .expect("someone took the stock");
        let hearts = extra.of_suit(hearts_engine::Suit::Hearts).len();
        let who = if taker == YOU { "You".to_string() } else { h.setup().seat_name(taker) };
        assert!(note.starts_with(&who), "{note}");
        assert!(note.ends_with(&format!("took the stock: {} cards, {hearts} points", extra.len())), "{note}");
        return;
    }
    panic!("no hand ended with the stock taken in forty games");
}

/// A Cancellation table of `players` from a seed where you are dealt a
/// card twice.
fn two_pack_table(players: u8) -> Harness {
    let rules = Rules { players, ..hearts_engine::Preset::Cancellation.rules() };
    let seed = (1..).find(|&seed| !Deal::for_hand(&rules, seed, 0).bag_of(YOU).twice().is_empty()).unwrap();
    Harness::with_rules(rules, seed, Speed::Instant)
}

#[test]
fn eleven_seats_fit_80_by_24_and_200_by_60_each_named_once() {
    let mut h = two_pack_table(11);
    h.let_bots_play();
    for (width, height) in [(80, 24), (200, 60)] {
        let (text, _, _) = h.screen(width, height);
        for seat in Seat::all(11).skip(1) {
            let label = format!("{} · normal", h.setup().seat_name(seat));
            assert_eq!(text.matches(&label).count(), 1, "{width}x{height} {label}:\n{text}");
        }
        assert!(text.contains("5th left") && text.contains("5th right"), "{text}");
    }
}

#[test]
fn a_card_dealt_twice_is_in_your_hand_twice() {
    for players in [6, 11] {
        let mut h = two_pack_table(players);
        h.let_bots_play();
        let held = h.game().hand().hand_of(YOU);
        assert!(!held.twice().is_empty());
        let (_, _, hits) = h.screen(80, 24);
        assert_eq!(hits.cards.len(), held.len(), "{players} players: one card drawn per copy");
        assert_eq!(h.sight().cards(), held.iter().collect::<Vec<_>>());
    }
}

#[test]
fn a_cancelled_pair_and_the_cards_waiting_are_named_in_the_top_line() {
    let rules = Rules { players: 6, ..hearts_engine::Preset::Cancellation.rules() };
    let mut h = Harness::with_rules(rules, 3, Speed::Instant);
    h.play_until(|app| !app.game().hand().trick().cancelled().is_empty());
    let pair = h.game().hand().trick().cancelled();
    let top = h.text().lines().next().unwrap().to_string();
    assert!(top.contains(&format!("{} cancelled", h.you().theme.cards(pair))), "{top}");
    h.play_until(|app| !app.game().hand().waiting().is_empty());
    let waiting = h.game().hand().waiting().len();
    let top = h.text().lines().next().unwrap().to_string();
    assert!(top.contains(&format!("{waiting} cards waiting")), "{top}");
    assert!(!top.contains("widow"), "the kitty waits with the first trick: {top}");
}

#[test]
fn marking_a_card_held_twice_again_passes_both_copies() {
    let mut h = two_pack_table(8);
    h.let_bots_play();
    assert!(h.sight().is_passing());
    let hand = *h.game().hand();
    let double = hand.held_twice(YOU).lowest().unwrap();
    let single = (hand.holding(YOU) - hand.held_twice(YOU)).lowest().unwrap();
    h.send(Command::Card(double));
    assert_eq!(h.you().marked.count(double), 1);
    let again = format!("You hold two {}: mark it again to pass both", h.you().theme.card(double));
    assert_eq!(h.you().note.as_deref(), Some(again.as_str()));
    h.send(Command::Card(double));
    assert_eq!(h.you().marked.count(double), 2);
    h.send(Command::Card(double));
    assert!(h.you().marked.is_empty(), "a third mark lets both copies go");
    h.send(Command::Card(double));
    h.send(Command::Card(double));
    h.send(Command::Card(single));
    let marked = h.you().marked;
    let prompt = format!("Pass {} to", h.you().theme.cards(marked.iter()));
    assert!(h.text().contains(&prompt), "{prompt}:\n{}", h.text());
    h.send(Command::Confirm);
    h.wait(Duration::from_secs(1));
    let passed = h.game().hand().passed_cards(YOU);
    assert_eq!((passed.count(double), passed.count(single), passed.len()), (2, 1, 3));
    assert_eq!(h.game().hand().hand_of(YOU).count(double), 0, "both copies left your hand");
    let summary = format!("passed {} to", h.you().theme.cards(passed.iter()));
    assert!(h.text().contains(&summary), "{summary}:\n{}", h.text());
}

#[test]
fn a_trick_no_card_won_is_shown_as_nobody_taking_it() {
    let rules = Rules { players: 6, ..hearts_engine::Preset::Cancellation.rules() };
    let mut h = Harness::with_rules(rules, 3, Speed::Normal);
    let just_rolled_over = |app: &Harness| {
        let last = app.game().tricks().last();
        app.game().hand().trick().is_empty() && last.is_some_and(|trick| trick.winner(6).is_none())
    };
    for _ in 0..2000 {
        if !h.let_a_bot_act() && (h.sight().is_passing() || h.sight().hand.to_act == Some(YOU)) {
            h.play_as_hard();
        }
        if just_rolled_over(&h) && h.sight().play.showing_trick {
            // Said once, with how many cards wait: the status line says it, no note says it again.
            let text = h.screen(200, 60).0;
            let waiting = h.game().hand().waiting().len();
            let said = format!("Nobody wins the trick: its {waiting} cards wait for the next trick's winner");
            assert_eq!(text.matches("Nobody wins the trick").count(), 1, "{text}");
            assert!(text.contains(&said), "{said}:\n{text}");
            assert!(!text.contains("take the trick") && !text.contains("takes the trick"), "{text}");
            return;
        }
        h.wait(Duration::from_secs(3));
        if h.you().window.is_some() {
            h.send(Command::Confirm);
        }
    }
    panic!("no trick rolled over");
}

// ---- the big table ----------------------------------------------------------

/// Plays a whole game (the hard bot's choices for you, the bots for the
/// others, every question answered with Enter), showing each state between
/// to `look`.
fn play_whole_game(h: &mut Harness, mut look: impl FnMut(&Harness)) {
    for _ in 0..20_000 {
        look(h);
        if h.game().phase() == GamePhase::GameOver || h.table().finish().is_some() {
            return;
        }
        if !h.let_a_bot_act() {
            match &h.you().window {
                Some(_) => h.send(Command::Confirm),
                None if h.sight().is_passing() || h.sight().hand.to_act == Some(YOU) => h.play_as_hard(),
                None => {}
            }
        }
        h.wait(Duration::from_secs(3));
    }
    panic!("the game never ended");
}

/// The cards you may not see now: the others' hands and the passes they
/// have chosen, a widow nobody has shown you, Domino's stock (less the
/// cards you see, for with two packs one copy may be hidden and one seen).
fn hidden_from_you(app: &Harness) -> CardSet {
    let hand = app.game().hand();
    let mut hidden = hand.stock();
    for seat in Seat::all(app.setup().rules.player_count()).skip(1) {
        hidden |= hand.holding(seat) | hand.passed(seat);
    }
    if hand.phase() != HandPhase::Finished && hand.kitty_taker() != Some(YOU) {
        hidden |= hand.kitty();
    }
    let seen = hand.holding(YOU)
        | hand.played()
        | hand.trick().card_set()
        | hand.passed(YOU)
        | hand.received(YOU)
        | hand.taken(YOU)
        | hand.waiting().cards();
    hidden - seen
}

#[test]
fn no_screen_shows_a_card_you_may_not_see_over_whole_games_of_several_presets() {
    use hearts_engine::Preset;
    let tables = [
        (Preset::BlackLady, 4, 3),
        (Preset::Heartsette, 3, 5),
        (Preset::Heartsette, 4, 6),
        (Preset::Auction, 4, 7),
        (Preset::Domino, 4, 8),
        (Preset::Cancellation, 8, 9),
    ];
    for (preset, players, seed) in tables {
        let rules = Rules { players, ..preset.rules() };
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        let mut states = 0;
        play_whole_game(&mut h, |h| {
            states += 1;
            let hidden = hidden_from_you(h);
            for (width, height) in [(80, 24), (120, 36), (200, 60)] {
                let (text, _, _) = h.screen(width, height);
                for card in hidden {
                    let face = h.you().theme.card(card);
                    assert!(!text.contains(&face), "{preset:?} at {width}x{height} shows the hidden {face}:\n{text}");
                }
            }
        });
        assert!(h.game().history().len() > 1, "{preset:?}: a whole game of more than one hand");
        assert!(states > 100, "{preset:?}: {states} states looked at");
    }
}

#[test]
fn a_big_table_shows_each_hand_as_card_backs_the_cards_taken_and_the_passes_you_know() {
    let h = mid_game(4);
    let hand = h.game().hand();
    let theme = h.you().theme;
    for (width, height) in [(120, 36), (200, 60)] {
        let (text, _, _) = h.screen(width, height);
        for seat in Seat::all(4).skip(1) {
            // A fan: the edges of the cards behind, the back of the last.
            let held = hand.hand_of(seat).len();
            let fan = format!("{}▒▒│ {held}", "│".repeat(held));
            assert!(text.contains(&fan), "{width}x{height}: {seat:?}'s {held} cards as {fan}:\n{text}");
            let penalties: Vec<_> =
                hand.taken(seat).iter().filter(|card| h.sight().play.scoring_cards.contains(*card)).collect();
            if !penalties.is_empty() {
                let took = format!("took {}", theme.cards(penalties.into_iter().rev()));
                assert!(text.contains(&took), "{width}x{height}: {took}\n{text}");
            }
        }
        // Hand 2 passes right: you passed to Right; Left passed to you.
        let (right, left) = (Seat::new(3).unwrap(), Seat::new(1).unwrap());
        assert_eq!((hand.pass_target(YOU), hand.pass_target(left)), (right, YOU));
        let yours = format!("you passed {}", theme.cards(hand.passed(YOU)));
        let received = format!("passed you {}", theme.cards(hand.passed(left)));
        for line in [&yours, &received] {
            assert_eq!(text.matches(line.as_str()).count(), 1, "{width}x{height}: {line}\n{text}");
        }
    }
    // 80x24 keeps the brief count.
    let small = h.text();
    assert!(small.contains(&format!("▒▒ {}", hand.hand_of(Seat::new(2).unwrap()).len())), "{small}");
    assert!(!small.contains("passed you") && !small.contains("▒▒│"), "{small}");
}

#[test]
fn at_every_table_size_the_big_labels_overlap_neither_each_other_nor_the_trick() {
    for players in [3u8, 4, 5, 6, 7] {
        let h = mid_game(players);
        for (width, height) in [(120, 36), (200, 60)] {
            let (text, _, _) = h.screen(width, height);
            for seat in Seat::all(players as usize).skip(1) {
                let label = format!("{} · normal", h.setup().seat_name(seat));
                assert_eq!(text.matches(&label).count(), 1, "{players} at {width}x{height}: {label}\n{text}");
                let held = h.game().hand().hand_of(seat).len();
                let fan = [format!("▒ {held}"), format!("▒│ {held}")];
                assert!(
                    fan.iter().any(|fan| text.contains(fan)),
                    "{players} at {width}x{height}: {held} backs\n{text}"
                );
            }
            // The notes under the labels are whole (no card of the trick lies over them).
            let hand = h.game().hand();
            let yours = format!("you passed {}", h.you().theme.cards(hand.passed(YOU)));
            assert!(text.contains(&yours), "{players} at {width}x{height}: {yours}\n{text}");
            assert_trick_whole(&h, &text, &format!("{players} at {width}x{height}"));
        }
    }
}

#[test]
fn anothers_widow_counts_in_its_points_only_once_the_hand_is_scored() {
    let rules = hearts_engine::Preset::Heartsette.rules();
    let across = Seat::new(2).unwrap();
    // Penalty points counted by hand: a heart 1, the queen of spades 13.
    let count = |cards: CardSet| {
        cards
            .iter()
            .map(|card| {
                if card == hearts_engine::Card::QUEEN_OF_SPADES {
                    13
                } else {
                    i32::from(card.suit() == hearts_engine::Suit::Hearts)
                }
            })
            .sum::<i32>()
    };
    for seed in 1..60 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        h.play_until(|app| app.game().tricks().len() == 1);
        let hand = h.game().hand();
        let widow = hand.kitty();
        if hand.kitty_taker() != Some(across) || count(widow) == 0 {
            continue;
        }
        let from_tricks: i32 =
            h.game().tricks().iter().filter(|t| t.winner(4) == Some(across)).map(|t| count(t.card_set())).sum();
        let text = h.text();
        let rows: Vec<&str> = text.lines().collect();
        let label = rows.iter().position(|row| row.contains("Across · normal")).unwrap();
        let shown = format!("{} · total", draw::points(from_tricks));
        assert!(rows[label + 1].contains(&shown), "Across took the widow: its points are its tricks' {shown}\n{text}");
        assert_eq!(h.sight().play.points[across.index()], from_tricks);
        h.play_until(|app| app.you().window == Some(Window::HandSummary));
        let taken = h.game().hand().taken(across);
        assert!(taken.is_superset(widow));
        assert_eq!(h.sight().play.points[across.index()], count(taken), "scored: the widow counts");
        return;
    }
    panic!("no seed gave Across a widow with points in it");
}

#[test]
fn the_auctions_bid_is_in_the_pot_during_the_hand_and_the_summary_says_who_took_the_pot() {
    let rules = hearts_engine::Preset::Auction.rules();
    for seed in 1..40 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        loop {
            h.play_until(|app| app.you().window.is_some() || app.game().hand().phase() == HandPhase::Playing);
            match h.you().window {
                Some(Window::Bid(_)) => h.send(Command::Button(Button::No)),
                Some(Window::NameSuit(_)) => h.send(Command::Confirm),
                _ => break,
            }
        }
        let Some(bid) = h.game().hand().high_bid() else { continue };
        if bid.seat == YOU {
            continue;
        }
        let text = h.text();
        let top = text.lines().next().unwrap();
        assert!(top.contains(&format!("pot {}", bid.chips)), "the bid is paid into the pot: {top}");
        let bidder = h.setup().seat_name(bid.seat);
        let rows: Vec<&str> = text.lines().collect();
        let label = rows.iter().position(|row| row.contains(&format!("{bidder} · normal"))).unwrap();
        assert!(rows[label + 1].contains(&format!("chips {}", 50 - bid.chips)), "{bidder} paid {}:\n{text}", bid.chips);
        h.play_until(|app| app.you().window == Some(Window::HandSummary));
        // The pot (the bid and every point taken, a chip each) goes to the fewest points.
        let record = h.game().history()[0];
        let scores: Vec<i32> = Seat::all(4).map(|seat| record.scores[seat]).collect();
        let fewest = *scores.iter().min().unwrap();
        let takers: Vec<Seat> = Seat::all(4).filter(|&seat| record.scores[seat] == fewest).collect();
        let pot = bid.chips as i32 + scores.iter().sum::<i32>();
        let summary = h.text();
        let share = pot / takers.len() as i32;
        let who = |seat: Seat| if seat == YOU { "You".to_string() } else { h.setup().seat_name(seat) };
        let said = match takers.as_slice() {
            [one] => format!("{} took the pot: {share} chips", who(*one)),
            _ => format!("shared the pot: {share} chips each"),
        };
        assert!(summary.contains(&said), "{said}\n{summary}");
        if pot % takers.len() as i32 != 0 {
            assert!(summary.contains(&format!("The pot keeps {}", pot % takers.len() as i32)), "{summary}");
        }
        return;
    }
    panic!("no seed had another seat win the auction");
}

#[test]
fn the_hand_summary_lists_every_card_taken_even_after_a_moon() {
    let rules = Rules { moon: MoonRule::AddToOthers, ..Rules::default() };
    let clubs = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
    let hearts = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H";
    let spades = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S";
    let diamonds = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D";
    // Your clubs take every trick: every heart and the queen come to you.
    let mut h = harness_at(rules, [clubs, hearts, spades, diamonds], 3, [0; 4]);
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    assert_eq!(h.game().history()[0].result.shooter, Some(YOU));
    for (width, height) in [(80, 24), (120, 36)] {
        let (text, _, _) = h.screen(width, height);
        for card in cards(&format!("{hearts} QS")) {
            let face = h.you().theme.card(card);
            assert!(
                text.contains(&format!(" {face} ")) || text.contains(&format!(" {face}  ")),
                "{width}x{height}: {face} missing\n{text}"
            );
        }
        assert!(!text.contains(h.you().theme.ellipsis()), "{width}x{height}: nothing cut\n{text}");
    }
}

#[test]
fn the_top_line_speaks_of_breaking_only_where_a_rule_about_it_is_in_force() {
    for &preset in hearts_engine::Preset::ALL {
        let rules = preset.rules();
        let h = Harness::with_rules(rules, 42, Speed::Instant);
        let top = h.text().lines().next().unwrap().to_string();
        assert_eq!(top.contains("hearts not broken"), rules.must_break_hearts, "{preset}: {top}");
    }
    // An auction played with the rule: the suit named is the one to break.
    let rules = Rules { must_break_hearts: true, ..hearts_engine::Preset::Auction.rules() };
    for seed in 1..40 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        h.play_until(|app| app.you().window.is_some() || app.game().hand().phase() == HandPhase::Playing);
        if matches!(h.you().window, Some(Window::Bid(_))) {
            h.send(Command::Cancel);
            h.play_until(|app| app.game().hand().phase() == HandPhase::Playing);
        }
        let Some(suit) = h.game().hand().named_suit() else { continue };
        if suit == hearts_engine::Suit::Hearts || h.game().hand().hearts_broken() {
            continue;
        }
        let top = h.text().lines().next().unwrap().to_string();
        assert!(top.contains(&format!("{} not broken", suit.name())) && !top.contains("hearts"), "{top}");
        return;
    }
    panic!("forty deals never named a suit other than hearts");
}

#[test]
fn your_own_failed_generale_is_told_to_you() {
    // West holds the top cards: your Generale fails.
    let (rules, game) = chasse_coeur_game(["2H 2S", "AH AS", "3H QS", "4H 3S"], 3);
    let mut h = Harness::from_game(rules, game);
    h.wait(Duration::from_secs(1));
    h.send(Command::Yes);
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    let text = h.text();
    let total = h.game().history()[0].result.penalty_total;
    assert!(text.contains(&format!("You declared the Generale and failed: {total} to you")), "{text}");
}

#[test]
fn equal_totals_at_the_end_share_a_place() {
    // Right takes both hearts and passes 100; You and Left stay level at 50.
    let rules = Rules { tie: hearts_engine::TieRule::Share, moon: MoonRule::Off, no_blood: false, ..Rules::default() };
    let mut h = harness_at(rules, ["2C 2H", "3C 3H", "4C 4H", "5C 5H"], 3, [50, 50, 70, 97]);
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    let text = h.text();
    for place in [" 1. You", " 1. Left", " 3. Across", " 4. Right"] {
        assert!(text.contains(place), "{place}:\n{text}");
    }
}

/// Each side's total after the last hand, as the side panel should show it.
fn totals_now(h: &Harness) -> Vec<String> {
    let rules = &h.setup().rules;
    let totals = h.game().history().last().unwrap().totals;
    (0..rules.side_count()).map(|side| rules.side_total(&totals, side).to_string()).collect()
}

#[test]
fn the_side_panel_shows_every_seats_total_at_every_table_size() {
    let games = [
        Rules { players: 3, ..Rules::default() },
        Rules { players: 4, ..Rules::default() },
        Rules { players: 7, ..Rules::default() },
        Rules { players: 11, ..hearts_engine::Preset::Cancellation.rules() },
    ];
    for rules in games {
        let mut h = Harness::with_rules(rules, 7, Speed::Instant);
        h.play_until(|app| app.game().history().len() == 2 && app.you().window.is_none());
        let (_, buffer, _) = h.screen(120, 36);
        // The panel's rows, inside its borders.
        let panel: Vec<String> = (0..36u16)
            .map(|y| (81..119u16).map(|x| buffer[(x, y)].symbol()).collect::<String>().trim_end().to_string())
            .collect();
        let totals = totals_now(&h);
        let across = panel.iter().any(|row| {
            let tokens: Vec<&str> = row.split_whitespace().collect();
            tokens.first() == Some(&"2") && tokens[1..] == totals.iter().map(String::as_str).collect::<Vec<_>>()[..]
        });
        let down = Seat::all(h.setup().rules.player_count()).zip(&totals).all(|(seat, total)| {
            let name = h.setup().seat_name(seat);
            panel.iter().any(|row| row.trim_start().starts_with(&name) && row.ends_with(&format!(" {total}")))
        });
        assert!(across || down, "{} players: totals {totals:?} not all shown:\n{}", rules.players, panel.join("\n"));
        if rules.players == 11 {
            // The score sheet at 80x24 (3 to 7: see the test above): the totals alone, every seat's.
            h.send(Command::ScoreSheet);
            let sheet = h.text();
            let shown = sheet.lines().any(|line| {
                let inside = line.split('│').nth(1).unwrap_or("");
                let tokens: Vec<&str> = inside.split_whitespace().collect();
                tokens.first() == Some(&"2") && tokens[1..] == totals.iter().map(String::as_str).collect::<Vec<_>>()[..]
            });
            assert!(shown, "totals {totals:?}:\n{sheet}");
        }
    }
}

/// The rows of a window whose text runs into its right border (the
/// column inside the border is not blank): text cut off at the edge.
fn rows_cut_at_the_border(buffer: &Buffer, window: Rect) -> Vec<String> {
    let inside = window.right().saturating_sub(2);
    (window.y + 1..window.bottom().saturating_sub(1))
        .filter(|&y| !buffer[(inside, y)].symbol().trim().is_empty())
        .map(|y| (window.x..window.right()).map(|x| buffer[(x, y)].symbol()).collect())
        .collect()
}

#[test]
fn every_window_keeps_its_text_whole_at_80x24_for_every_preset_and_table_size() {
    for &preset in hearts_engine::Preset::ALL {
        for &players in preset.player_counts() {
            let rules = Rules { players, ..preset.rules() };
            let mut h = Harness::with_rules(rules, 3, Speed::Instant);
            h.play_until(|app| app.you().window == Some(Window::HandSummary));
            for (width, height) in [(80, 24), (100, 30)] {
                let (text, buffer, hits) = h.screen(width, height);
                let cut = rows_cut_at_the_border(&buffer, hits.overlay.unwrap());
                assert!(cut.is_empty(), "{preset}, {players} players, hand summary at {width}: cut {cut:#?}\n{text}");
            }
            h.play_until(|app| {
                app.game().history().len() == 1 && app.game().tricks().len() == 1 && app.you().window.is_none()
            });
            for keys in
                [&[Command::Help][..], &[Command::Help, Command::Help], &[Command::LastTrick], &[Command::ScoreSheet]]
            {
                for &key in keys {
                    h.send(key);
                }
                for (width, height) in [(80, 24), (100, 30)] {
                    let (text, buffer, hits) = h.screen(width, height);
                    let window = hits.overlay.unwrap_or_else(|| panic!("{preset} {players}: {keys:?} opened nothing"));
                    let cut = rows_cut_at_the_border(&buffer, window);
                    assert!(cut.is_empty(), "{preset}, {players} players, {keys:?} at {width}: cut {cut:#?}\n{text}");
                }
                h.send(Command::Cancel);
            }
        }
    }
}

#[test]
fn a_long_note_gives_way_to_the_whole_instruction_at_80_columns() {
    let rules = Rules { players: 11, ..hearts_engine::Preset::Cancellation.rules() };
    let mut h = Harness::with_rules(rules, 5, Speed::Instant);
    h.play_until(|app| {
        app.game().hand().phase() == HandPhase::Playing
            && app.game().hand().trick().led_suit().is_some()
            && app.sight().hand.to_act == Some(YOU)
            && app.you().window.is_none()
    });
    h.you_mut()
        .set_note(Some("Nobody wins the trick: its cards wait for the next trick's winner (22 now)".to_string()));
    let sight = h.sight();
    let (note, what) = draw::status(&Seen { sight: &sight, viewer: h.you() });
    assert!(note.is_some() && (what.starts_with("Follow ") || what.starts_with("You have no ")), "{what}");
    let text = h.text();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[22], format!(" {what}"), "the instruction first and whole:\n{text}");
    assert_eq!(
        rows[23], " Nobody wins the trick: its cards wait for the next trick's winner (22 now)",
        "the note, too long to stand beside it, whole on the key line until it goes"
    );
    h.you_mut().set_note(None);
    assert!(h.text().lines().nth(23).unwrap().contains("Enter play"), "the keys come back when the note goes");
}

#[test]
fn a_person_alone_at_the_terminal_has_nobody_to_message() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::Chat);
    assert_eq!(h.you().chat_line, None);
    assert_eq!(h.you().note.as_deref(), Some("Messages are for a table with other people at it"));
}

#[test]
fn a_note_asks_for_a_wake_up_when_it_gives_the_key_line_back_and_the_same_note_again_is_new() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::LastTrick);
    assert_eq!(h.you().note.as_deref(), Some("No trick has been taken yet this hand"));
    let goes = h.now + super::viewer::NOTE_ON_KEY_LINE;
    assert_eq!(h.room.next_wakeup(h.now), Some(goes), "nothing else waits: the note's end wakes the table");
    h.now = goes + Duration::from_secs(1);
    assert!(!h.you().note_is_fresh(h.now));
    h.send(Command::LastTrick);
    assert!(h.you().note_is_fresh(h.now), "asked again, the same words are news");
}

#[test]
fn a_window_lies_over_the_table_not_over_the_side_panels_scores() {
    let mut h = Harness::new(42, Speed::Instant);
    for (width, height) in [(120, 40), (200, 60)] {
        let (before, _, _) = h.screen(width, height);
        h.send(Command::New);
        let (with_window, _, _) = h.screen(width, height);
        let side = |text: &str| -> Vec<String> {
            let side_width = usize::from(super::draw::SIDE_WIDTH);
            // Below the top line and above the status and key lines, which span the screen.
            let rows: Vec<&str> = text.lines().collect();
            rows[1..rows.len() - 2].iter().map(|line| line.chars().rev().take(side_width).collect()).collect()
        };
        assert_eq!(side(&with_window), side(&before), "{width}x{height}:\n{with_window}");
        assert!(with_window.contains("New game"), "{with_window}");
        h.send(Command::Cancel);
    }
}

#[test]
fn a_note_goes_with_the_next_trick_or_after_a_while_when_nothing_is_played() {
    let mut h = Harness::new(42, Speed::Normal);
    h.you_mut().set_note(Some("Hints are off at this table".to_string()));
    h.wait(Duration::from_secs(1));
    assert!(h.you().note.is_some(), "read at leisure");
    assert!(h.sight().is_passing(), "nothing is played while you choose your pass");
    h.wait(super::viewer::NOTE_LASTS);
    assert_eq!(h.you().note, None, "it does not stand for the whole pass");
}
