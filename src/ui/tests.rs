//! The table's screens, as the terminal's one person has them: the table
//! and their view driven by keys, bot decisions and time at chosen
//! instants, drawn into a test buffer and snapshotted. This file is the
//! helpers (the [`Harness`] and the positions several subjects start
//! from); each subject is a file of `tests/`, its snapshots in
//! `tests/snapshots/`.

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

mod big_table;
mod family;
mod feel;
mod passing;
mod playing;
mod points_told;
mod quitting;
mod screens;
mod shared_table;
mod sizes;
mod smallest;
mod timed;
mod true_now;

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

/// A seeded game brought to your turn in the first trick's play.
fn at_your_first_play(seed: u64) -> Harness {
    let mut h = Harness::new(seed, Speed::Normal);
    h.play_until(|app| app.game().hand().phase() == HandPhase::Playing);
    h.play_until(|app| app.sight().hand.to_act == Some(YOU) && app.you().window.is_none());
    h.wait(Duration::from_secs(3));
    h
}

/// A table taken up at a hand-made position: four hands (South first),
/// the dealer, and the totals before the hand.
fn harness_at(rules: Rules, hands: [&str; 4], dealer: usize, totals: [i32; 4]) -> Harness {
    let holdings = BySeat::new_with(|seat| hands.get(seat.index()).map_or(CardSet::EMPTY, |text| cards(text)));
    let hand = Hand::from_holdings(&rules, holdings, Seat::new(dealer).unwrap());
    let totals = BySeat::new_with(|seat| totals.get(seat.index()).copied().unwrap_or(0));
    Harness::from_game(rules, Game::from_position(rules, 1, hand, totals).unwrap())
}

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
