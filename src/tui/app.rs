//! The game as the player sees it: the engine's [`Game`] plus everything
//! the table adds (cursor, marked cards, queued card, pace, overlays,
//! undo, clock). [`App::update`] is the one place this state changes; the
//! runtime turns key presses, clicks, timer ticks and bot decisions into
//! [`Message`]s and carries out the [`Effect`]s that come back.

use std::time::{Duration, Instant};

use crate::bot::{Choices, Level, decide};
use crate::engine::{
    Action, BONUS_CARD_VALUE, BySeat, Card, CardBag, CardSet, Chips, Event, Game, GamePhase, HandPhase, MoonScoring,
    PassDirection, Seat, Suit, TimedFinish, TournamentScore, Trick,
};

use super::hint::{HintRequest, WorkedOutHint};
use super::input::{Button, Command};
use super::new_game::{NewGameForm, Remembered};
use super::save::{Programs, SaveError, SavedGame};
use super::stats::{GameStats, PresetStats};
use super::table::{Table, seat_name};
use super::theme::Theme;
use crate::pace::Speed;
use crate::record::DealCode;

/// The person's seat.
pub const YOU: Seat = Seat::SOUTH;

/// What happens to the app.
#[derive(Clone, Debug)]
pub enum Message {
    /// The player pressed a key or clicked.
    Command(Command),
    /// A bot decided, for the position numbered `generation`.
    BotDecided {
        /// The position the bot saw.
        generation: u64,
        /// What it does.
        action: Action,
    },
    /// Time passed (a pace step or the clock).
    Tick,
    /// The hint asked for is worked out.
    HintWorkedOut(Box<WorkedOutHint>),
    /// Something the runtime has to say in the status line (a file that
    /// could not be written, a bot that failed).
    Note(String),
    /// An unfinished game was found: offer to resume it.
    OfferResume(ResumeOffer),
    /// The saved game could not be taken up after all.
    ResumeFailed(String),
    /// The statistics for the rules and line-up in play.
    Stats(PresetStats),
    /// The new-game window's choices of last time.
    Remembered(Remembered),
    /// The terminal is this many columns and rows.
    Resized {
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
    },
}

/// What the app asks the runtime to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Write the save file now.
    Save,
    /// Work out a hint off the table's thread and send it back as
    /// [`Message::HintWorkedOut`].
    WorkOutHint(Box<HintRequest>),
    /// The game is over: remove the save and add the game to the statistics.
    Finished(GameStats),
    /// The game is over with no hand completed (the clock ran out): remove
    /// the save, but it is no game played.
    Unplayed,
    /// Start a new game: from this deal, or a fresh seed.
    NewGame(Option<DealCode>),
    /// Take up the saved game, starting its programs or not.
    Resume(Programs),
    /// The saved game was declined: keep it with the played games.
    DeclineResume,
    /// Leave the program.
    Quit,
    /// Give the terminal back and stop until resumed (Ctrl-Z).
    Suspend,
    /// Start the game the new-game window describes, and remember its
    /// choices.
    Start(Box<NewGameStart>),
}

/// What the new-game window starts.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameStart {
    /// Seats, players and rules.
    pub table: Table,
    /// The deal typed, or a fresh one.
    pub deal: Option<DealCode>,
    /// The pace.
    pub speed: Speed,
    /// Letters for suits.
    pub ascii: bool,
    /// The choices to remember.
    pub remembered: Remembered,
}

/// A window over the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    /// The keys.
    Help,
    /// The rules of this game in a few lines (`?` again from the keys).
    Rules,
    /// A completed trick of this hand, by its index (`t` opens the last;
    /// `t` or ← steps back, → forward).
    Trick(usize),
    /// The score sheet.
    ScoreSheet,
    /// Statistics for the rules in play.
    Stats,
    /// "Quit?" mid-game.
    ConfirmQuit,
    /// "Restart this hand?"
    ConfirmRestart,
    /// The hand just scored (the game-over window follows when it ended the game).
    HandSummary,
    /// You shot the moon and choose how it counts.
    MoonChoice(MoonScoring),
    /// Before the first lead: declare the Generale ([`Button::Yes`]) or
    /// pass ([`Button::No`]), the selected button.
    Generale(Button),
    /// The auction, your turn: the bid on offer (Enter bids it, `n`
    /// passes).
    Bid(u32),
    /// You won the auction: the suit to name.
    NameSuit(Suit),
    /// The end: standings and what next.
    GameOver(Button),
    /// An unfinished game was found: resume it or start anew.
    Resume(ResumeOffer),
    /// The new-game window.
    NewGame(Box<NewGameForm>),
}

/// Whether any of `log` is yours: a game worth keeping when left unfinished.
pub fn you_played_in(log: &[Action]) -> bool {
    log.iter().any(|action| match action {
        Action::Pass { seat, .. }
        | Action::Play { seat, .. }
        | Action::Declare { seat, .. }
        | Action::Bid { seat, .. }
        | Action::NameSuit { seat, .. }
        | Action::ChooseMoon { seat, .. } => *seat == YOU,
        Action::NextHand => false,
    })
}

/// What the resume question says about the saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResumeOffer {
    /// Rules, hand, seed and totals in one line.
    pub description: String,
    /// Seats that programs played: (seat name, command). Resuming seats
    /// their fallback unless the person chooses to run them again.
    pub programs: Vec<(String, String)>,
}

impl ResumeOffer {
    /// The offer for a saved game.
    pub fn of(saved: &SavedGame) -> ResumeOffer {
        let seats = saved.players.len();
        let programs = saved
            .programs()
            .into_iter()
            .filter_map(|(seat, command)| Some((seat_name(Seat::new(seat)?, seats), command)));
        ResumeOffer { description: saved.describe(), programs: programs.collect() }
    }
}

impl Overlay {
    /// Overlays that stop the game until they are answered.
    fn holds_play(&self) -> bool {
        !matches!(self, Overlay::Help | Overlay::Rules | Overlay::Trick(_) | Overlay::ScoreSheet | Overlay::Stats)
    }
}

/// Where to return to on undo.
#[derive(Clone, Debug)]
struct UndoPoint {
    game: Game,
    log_len: usize,
    received: CardSet,
    what: String,
}

/// The timed mode's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    left_at_start: Duration,
    started: Option<Instant>,
}

impl Clock {
    /// A clock with this much time, not yet running.
    pub const fn new(left: Duration) -> Clock {
        Clock { left_at_start: left, started: None }
    }

    /// Time left at `now`.
    pub fn left(&self, now: Instant) -> Duration {
        let used = self.started.map_or(Duration::ZERO, |start| now.saturating_duration_since(start));
        self.left_at_start.saturating_sub(used)
    }

    fn start(&mut self, now: Instant) {
        if self.started.is_none() {
            self.started = Some(now);
        }
    }

    fn stop(&mut self, now: Instant) {
        self.left_at_start = self.left(now);
        self.started = None;
    }
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Someone reached the target (or the hand limit).
    Completed,
    /// The timed mode's clock reached 0:00.
    OutOfTime,
}

/// The terminal game's state.
#[derive(Debug)]
pub struct App {
    /// Seats, players and rules.
    pub table: Table,
    /// The game itself.
    pub game: Game,
    /// The deal the game started from: its seed and first hand.
    pub start: DealCode,
    /// Every action since the first deal: what a save replays.
    pub log: Vec<Action>,
    /// Counts changes to the game, so late bot answers are recognised.
    pub generation: u64,
    /// Index of the card under the cursor in your sorted hand.
    pub cursor: usize,
    /// Cards chosen to pass (with two packs, perhaps both copies of one).
    pub marked: CardBag,
    /// A card chosen before your turn, played when the turn comes.
    pub queued: Option<Card>,
    /// Cards you received this hand, marked until your first play.
    pub received: CardSet,
    /// The bot's suggestion after the hint key.
    pub hint: CardSet,
    /// The window over the table, if any.
    pub overlay: Option<Overlay>,
    /// The played-cards panel is shown.
    pub show_played: bool,
    /// A refusal or note for the status line.
    pub note: Option<String>,
    /// How fast bots play.
    pub speed: Speed,
    /// The earliest time the next bot card may appear.
    next_bot_at: Option<Instant>,
    /// A finished trick stays on the table until then.
    pub trick_shown_until: Option<Instant>,
    /// Your pass on its way, sent at the instant given (undo takes it back).
    pub pending_pass: Option<(CardBag, Instant)>,
    undo_point: Option<UndoPoint>,
    undo_refusal: &'static str,
    hand_start: UndoPoint,
    /// Undos taken this game.
    pub undos: u32,
    /// Hints asked for this game.
    pub hints_used: u32,
    /// The position (by `generation`) of the hint being worked out.
    hint_asked: Option<u64>,
    /// The timed mode's clock.
    pub clock: Option<Clock>,
    /// How the game ended, once it has.
    pub finish: Option<Finish>,
    /// The tournament score of a timed game, once it is over.
    pub tournament: Option<TournamentScore>,
    /// A bot's decision waiting for the pace.
    decision: Option<(u64, Action)>,
    /// The hand whose summary has been shown.
    summarised_hand: u32,
    /// Statistics for the rules in play, for the stats overlay.
    pub stats: PresetStats,
    /// Whether the terminal is too small to show the table: then only
    /// quitting acts.
    pub too_small: bool,
    /// The new-game window's choices of last time.
    pub remembered: Remembered,
    /// How cards are written in notes.
    pub theme: Theme,
    effects: Vec<Effect>,
}

impl App {
    /// A new game with this seed.
    pub fn new(table: Table, start: DealCode, speed: Speed, theme: Theme) -> Result<App, crate::engine::RulesError> {
        let game = Game::starting_at_hand(table.rules, start.seed, start.hand - 1)?;
        let mut app = App::with_game(table, game, Vec::new(), speed, theme);
        app.start = start;
        Ok(app)
    }

    pub(crate) fn with_game(table: Table, game: Game, log: Vec<Action>, speed: Speed, theme: Theme) -> App {
        let clock = (table.rules.clock_minutes > 0)
            .then(|| Clock::new(Duration::from_secs(60 * u64::from(table.rules.clock_minutes))));
        let hand_start =
            UndoPoint { game: game.clone(), log_len: log.len(), received: CardSet::EMPTY, what: String::new() };
        // A game given whole (a resumed save sets its own start) began at
        // its current hand as far as anyone knows.
        let start = DealCode { seed: game.seed(), hand: game.hand_number() };
        let mut app = App {
            table,
            game,
            start,
            log,
            generation: 0,
            cursor: 0,
            marked: CardBag::EMPTY,
            queued: None,
            received: CardSet::EMPTY,
            hint: CardSet::EMPTY,
            overlay: None,
            show_played: false,
            note: None,
            speed,
            next_bot_at: None,
            trick_shown_until: None,
            pending_pass: None,
            undo_point: None,
            undo_refusal: "you have not passed or played yet",
            hand_start,
            undos: 0,
            hints_used: 0,
            hint_asked: None,
            clock,
            finish: None,
            tournament: None,
            decision: None,
            summarised_hand: 0,
            stats: PresetStats::default(),
            theme,
            effects: Vec::new(),
            too_small: false,
            remembered: Remembered::default(),
        };
        app.note_hold_hand();
        app
    }

    /// Takes up a saved game: its rules, seats and every action replayed.
    pub fn resume(saved: &SavedGame, programs: Programs, speed: Speed, theme: Theme) -> Result<App, SaveError> {
        let (table, game) = saved.replay(programs)?;
        let mut app = App::with_game(table, game, saved.parsed_actions()?, speed, theme);
        app.start = DealCode { seed: saved.seed, hand: saved.first_hand };
        app.undos = saved.undos;
        app.hints_used = saved.hints;
        if let (Some(clock), Some(ms)) = (&mut app.clock, saved.clock_ms_left) {
            *clock = Clock::new(Duration::from_millis(ms));
        }
        app.received = app.game.hand().received(YOU) & app.game.hand().holding(YOU);
        if app.game.hand().tricks_played() > 0 || app.game.hand().trick().plays(app.players()).any(|(s, _)| s == YOU) {
            app.received = CardSet::EMPTY;
        }
        app.hand_start =
            UndoPoint { game: app.game.clone(), log_len: app.log.len(), received: app.received, what: String::new() };
        app.note = Some(format!("Resumed the game of seed {}", app.game.seed()));
        Ok(app)
    }

    /// Whether this game is worth keeping when it is left unfinished: you
    /// passed or played at least once.
    pub fn you_have_played(&self) -> bool {
        you_played_in(&self.log)
    }

    /// What the save file should hold now.
    pub fn saved_game(&self, now: Instant) -> SavedGame {
        let mut saved = SavedGame::new(&self.table, self.start, &self.log, self.undos, self.clock.map(|c| c.left(now)));
        saved.hints = self.hints_used;
        saved
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.table.rules.player_count()
    }

    /// Your hand as it is drawn, left to right: by suit then rank, any
    /// jokers at the right; with two packs a card you hold twice is there
    /// twice, side by side. Each card has its position in
    /// [`App::your_cards`] (what the cursor counts); the card you played
    /// to the trick in progress keeps its place with none, so the others
    /// do not move under the mouse until the trick ends.
    pub fn hand_row(&self) -> Vec<(Card, Option<usize>)> {
        let mut held = self.game.hand().hand_of(YOU);
        if let Some((passing, _)) = self.pending_pass {
            held = held.less(passing);
        }
        let trick = self.game.hand().trick();
        let played = trick.plays(self.players()).find(|&(seat, _)| seat == YOU).map(|(_, card)| card);
        let mut row: Vec<(Card, bool)> =
            held.iter().map(|card| (card, true)).chain(played.map(|c| (c, false))).collect();
        row.sort_by_key(|&(card, _)| (card.is_joker(), card));
        let mut positions = 0..;
        row.into_iter().map(|(card, in_hand)| (card, in_hand.then(|| positions.next()).flatten())).collect()
    }

    /// Your hand in the order it is drawn (see [`App::hand_row`]).
    pub fn your_cards(&self) -> Vec<Card> {
        self.hand_row().into_iter().filter_map(|(card, position)| position.map(|_| card)).collect()
    }

    /// The card under the cursor.
    pub fn cursor_card(&self) -> Option<Card> {
        let cards = self.your_cards();
        cards.get(self.cursor.min(cards.len().saturating_sub(1))).copied()
    }

    /// The effects to carry out, oldest first.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The seat whose decision the game waits for, if it is a bot's and
    /// nothing stands in the way: the runtime asks that bot.
    pub fn bot_to_ask(&self) -> Option<Seat> {
        if self.finish.is_some() || self.overlay.as_ref().is_some_and(Overlay::holds_play) {
            return None;
        }
        self.seat_to_act().filter(|&seat| seat != YOU && self.decision.is_none())
    }

    /// When the app next needs a [`Message::Tick`]: the end of a pace step,
    /// a pass on its way, or the clock's next second.
    pub fn next_wakeup(&self, now: Instant) -> Option<Instant> {
        let mut wakeups = vec![];
        wakeups.extend(self.trick_shown_until);
        // A pass in flight is drawn moving: a frame every tenth of a second.
        wakeups.extend(self.pending_pass.map(|(_, at)| at.min(now + Duration::from_millis(100))));
        if self.decision.is_some() {
            wakeups.extend(self.next_bot_at);
        }
        if let Some(clock) = self.clock.filter(|c| c.started.is_some()) {
            let left = clock.left(now);
            let to_next_second = left - Duration::from_secs(left.as_secs());
            wakeups.push(now + if to_next_second.is_zero() { Duration::from_secs(1) } else { to_next_second });
        }
        wakeups.into_iter().min().map(|at| at.max(now))
    }

    /// The seat to act: bots pass before you (their passes are hidden
    /// anyway), then play goes round the table.
    pub fn seat_to_act(&self) -> Option<Seat> {
        let hand = self.game.hand();
        match self.game.phase() {
            GamePhase::InHand => match hand.phase() {
                HandPhase::Passing => Seat::all(self.players())
                    .filter(|&seat| seat != YOU)
                    .find(|&seat| hand.awaits_pass_from(seat))
                    .or_else(|| (hand.awaits_pass_from(YOU) && self.pending_pass.is_none()).then_some(YOU)),
                HandPhase::Declaring | HandPhase::Bidding | HandPhase::Naming | HandPhase::Playing => {
                    Some(hand.to_act())
                }
                HandPhase::Finished => None,
            },
            GamePhase::MoonChoice(seat) => Some(seat),
            GamePhase::HandOver | GamePhase::GameOver => None,
        }
    }

    /// Whether a finished trick is on show at `now`.
    pub fn showing_trick(&self, now: Instant) -> bool {
        self.trick_shown_until.is_some_and(|until| now < until)
    }

    /// The trick to draw in the middle: the one in progress, or the one
    /// just taken while it is on show.
    pub fn table_trick(&self, now: Instant) -> Trick {
        match self.game.tricks().last() {
            Some(last) if self.showing_trick(now) => *last,
            _ => *self.game.hand().trick(),
        }
    }

    /// A seat's place in the game: its chips where chips are played, else
    /// its total.
    pub fn standing(&self, seat: Seat) -> i32 {
        self.chips_now().map_or(self.game.totals()[seat], |chips| chips.stacks[seat])
    }

    /// The stacks and the pot as the table sees them: the auction's winner
    /// has paid the bid into the pot (the engine counts it when the hand is
    /// settled).
    pub fn chips_now(&self) -> Option<Chips> {
        let mut chips = *self.game.chips()?;
        let hand = self.game.hand();
        if let Some(bid) = hand.named_suit().and(hand.high_bid()).filter(|_| self.game.phase() == GamePhase::InHand) {
            let paid = (bid.chips as i32).min(chips.stacks[bid.seat]).max(0);
            chips.stacks[bid.seat] -= paid;
            chips.pot += paid;
        }
        Some(chips)
    }

    /// The cards that change a score this hand: the rules' (penalty cards,
    /// bonus card, Royal's queens), or the suit named in the auction.
    pub fn scoring_cards(&self) -> CardSet {
        let hand = self.game.hand();
        match hand.named_suit() {
            Some(_) => hand.penalty_cards(),
            None => self.table.rules.scoring_cards(),
        }
    }

    /// A seat's chips (0 where chips are not played).
    pub fn chips_of(&self, seat: Seat) -> u32 {
        self.game.chips().map_or(0, |chips| chips.stacks[seat].max(0) as u32)
    }

    /// The seats of a side (a team of partners, or one seat alone).
    pub fn side_seats(&self, side: usize) -> Vec<Seat> {
        self.table.rules.side_seats(side).collect()
    }

    /// A side's name: "You & Across" for a team, the seat's name alone.
    pub fn side_name(&self, side: usize) -> String {
        let names: Vec<String> = self.side_seats(side).into_iter().map(|seat| self.table.seat_name(seat)).collect();
        names.join(" & ")
    }

    /// A side's standing: a seat's, a combined team's total, or the sum of
    /// individual partners' totals.
    pub fn side_standing(&self, side: usize) -> i32 {
        let standings = BySeat::new_with(|seat| self.standing(seat));
        self.table.rules.side_total(&standings, side)
    }

    /// What [`App::standing`] counts: `chips` or `total`.
    pub fn standing_word(&self) -> &'static str {
        if self.game.chips().is_some() { "chips" } else { "total" }
    }

    /// Whether the cards still to be taken carry no points, so the hand
    /// can be played out at once.
    pub fn can_play_out(&self) -> bool {
        self.game.phase() == GamePhase::InHand
            && self.game.hand().phase() == HandPhase::Playing
            && self.table.rules.no_tricks_bonus == 0
            && (self.cards_still_to_take() & self.scoring_cards()).is_empty()
            && !self.cards_held().is_empty()
    }

    /// Every card still in a player's hand.
    fn cards_held(&self) -> CardSet {
        let hand = self.game.hand();
        Seat::all(self.players()).fold(CardSet::EMPTY, |cards, seat| cards | hand.holding(seat))
    }

    /// Every card of the hand nobody has taken yet: the hands, the trick on
    /// the table, Domino's stock, a widow or kitty still face down, and
    /// Cancellation's cards waiting for the next trick's winner.
    fn cards_still_to_take(&self) -> CardSet {
        let hand = self.game.hand();
        let face_down = if hand.kitty_taker().is_none() { hand.kitty() } else { CardSet::EMPTY };
        self.cards_held() | hand.trick().card_set() | hand.stock() | face_down | hand.waiting().cards()
    }

    /// Handles one message at `now`.
    pub fn update(&mut self, message: Message, now: Instant) {
        match message {
            Message::Command(command) => {
                self.skip_waits(now);
                self.command(command, now);
            }
            Message::BotDecided { generation, action } => {
                if generation == self.generation {
                    self.decision = Some((generation, action));
                }
            }
            Message::Tick => {}
            Message::HintWorkedOut(worked) => self.show_hint(*worked),
            Message::Note(note) => self.note = Some(note),
            Message::OfferResume(offer) => self.overlay = Some(Overlay::Resume(offer)),
            Message::ResumeFailed(why) => {
                self.overlay = None;
                self.note = Some(format!("The saved game does not replay: {why}"));
            }
            Message::Stats(stats) => self.stats = stats,
            Message::Remembered(remembered) => self.remembered = remembered,
            Message::Resized { width, height } => {
                self.too_small = width < super::view::MIN_WIDTH || height < super::view::MIN_HEIGHT;
            }
        }
        self.advance(now);
        self.run_clock(now);
    }

    /// Any key or click ends a pace wait.
    fn skip_waits(&mut self, now: Instant) {
        self.next_bot_at = self.next_bot_at.map(|at| at.min(now));
        self.trick_shown_until = self.trick_shown_until.map(|at| at.min(now));
    }

    /// Closes a window: back to the table, or to the game-over window
    /// once the game is over (nothing else may act then).
    fn close_window(&mut self) {
        self.overlay = self.finish.map(|_| Overlay::GameOver(Button::NewGame));
    }

    fn command(&mut self, command: Command, now: Instant) {
        if command == Command::Suspend {
            self.effects.push(Effect::Suspend);
            return;
        }
        if self.too_small {
            // Nothing of the table shows: only leaving acts (the game is saved).
            if matches!(command, Command::Quit | Command::ForceQuit) {
                if self.finish.is_none() {
                    self.effects.push(Effect::Save);
                }
                self.effects.push(Effect::Quit);
            }
            return;
        }
        if self.finish.is_some() && self.overlay.is_none() {
            // Once the game is over only its window acts: new game, replay, quit.
            self.overlay = Some(Overlay::GameOver(Button::NewGame));
        }
        if let Some(overlay) = self.overlay.clone() {
            self.overlay_command(overlay, command, now);
            return;
        }
        match command {
            Command::Left => self.move_cursor(-1),
            Command::Right => self.move_cursor(1),
            Command::First => self.cursor_to_end(false),
            Command::Last => self.cursor_to_end(true),
            Command::Mark => self.mark_or_play(self.cursor_card(), true, now),
            Command::Confirm => self.confirm(now),
            Command::Card(card) => self.choose(card, now),
            Command::Button(Button::Pass) => self.pass(now),
            Command::Button(Button::PlayOut) | Command::PlayOut => self.play_out(now),
            Command::Cancel => {
                self.marked = CardBag::EMPTY;
                self.hint = CardSet::EMPTY;
                if let Some(card) = self.queued.take() {
                    self.note = Some(format!("Dropped the queued {}", self.theme.card(card)));
                } else {
                    self.note = None;
                }
            }
            Command::Help => self.overlay = Some(Overlay::Help),
            Command::LastTrick => match self.game.tricks().len() {
                0 => self.note = Some("No trick has been taken yet this hand".to_string()),
                taken => self.overlay = Some(Overlay::Trick(taken - 1)),
            },
            Command::ScoreSheet => self.overlay = Some(Overlay::ScoreSheet),
            Command::Stats => self.overlay = Some(Overlay::Stats),
            Command::PlayedCards => self.show_played = !self.show_played,
            Command::Hint => self.hint(),
            Command::Undo => self.undo(),
            Command::Restart => {
                if self.clock.is_some() {
                    self.note = Some("Restarting a hand is off in the timed game".to_string());
                } else {
                    self.overlay = Some(Overlay::ConfirmRestart);
                }
            }
            Command::Speed => {
                self.speed = self.speed.next();
                self.note = Some(format!("Speed: {}", self.speed.name()));
            }
            Command::Quit => {
                if self.finish.is_some() {
                    self.effects.push(Effect::Quit);
                } else {
                    self.overlay = Some(Overlay::ConfirmQuit);
                }
            }
            Command::ForceQuit => self.effects.push(Effect::Quit),
            Command::New => self.open_new_game(),
            Command::Yes
            | Command::Button(_)
            | Command::Dismiss
            | Command::Other
            | Command::Suspend
            | Command::Up
            | Command::Down
            | Command::Digit(_)
            | Command::Erase => {}
        }
    }

    /// Help or quit over a question that must be answered (the Generale,
    /// a bid, the suit to name): the question comes back once these
    /// windows close. Any other key leaves it asked.
    fn step_aside(&mut self, command: Command) {
        match command {
            Command::Help => self.overlay = Some(Overlay::Help),
            Command::Quit => self.overlay = Some(Overlay::ConfirmQuit),
            _ => {}
        }
    }

    fn overlay_command(&mut self, overlay: Overlay, command: Command, now: Instant) {
        if command == Command::ForceQuit {
            self.effects.push(Effect::Quit);
            return;
        }
        match overlay {
            Overlay::Trick(index) => match command {
                Command::LastTrick | Command::Left if index > 0 => self.overlay = Some(Overlay::Trick(index - 1)),
                Command::Right if index + 1 < self.game.tricks().len() => {
                    self.overlay = Some(Overlay::Trick(index + 1));
                }
                Command::Left | Command::Right => {}
                Command::Quit => self.overlay = Some(Overlay::ConfirmQuit),
                _ => self.close_window(),
            },
            Overlay::Help if command == Command::Help => self.overlay = Some(Overlay::Rules),
            Overlay::Help | Overlay::Rules | Overlay::ScoreSheet | Overlay::Stats => match command {
                // The key that opened a window closes it; so do Esc, Enter and a click.
                Command::Help
                | Command::LastTrick
                | Command::ScoreSheet
                | Command::Stats
                | Command::Cancel
                | Command::Confirm
                | Command::Dismiss
                | Command::Button(_) => self.close_window(),
                Command::Quit if self.finish.is_some() => self.effects.push(Effect::Quit),
                Command::Quit => self.overlay = Some(Overlay::ConfirmQuit),
                _ => {}
            },
            Overlay::ConfirmQuit => match command {
                Command::Yes | Command::Confirm | Command::Quit | Command::Button(Button::Yes) => {
                    if self.finish.is_none() {
                        self.effects.push(Effect::Save);
                    }
                    self.effects.push(Effect::Quit);
                }
                Command::New | Command::Cancel | Command::Button(Button::No) => self.close_window(),
                _ => {}
            },
            Overlay::ConfirmRestart => match command {
                Command::Yes | Command::Confirm | Command::Button(Button::Yes) => {
                    self.overlay = None;
                    self.restart_hand();
                }
                Command::New | Command::Cancel | Command::Button(Button::No) => self.overlay = None,
                _ => {}
            },
            Overlay::HandSummary => match command {
                Command::Confirm | Command::Mark | Command::Dismiss | Command::Button(Button::Continue) => {
                    self.overlay = None;
                    if self.game.phase() == GamePhase::HandOver {
                        self.apply(Action::NextHand, now);
                    } else {
                        self.overlay = Some(Overlay::GameOver(Button::NewGame));
                    }
                }
                Command::ScoreSheet | Command::Help | Command::Stats => {}
                Command::Quit => self.overlay = Some(Overlay::ConfirmQuit),
                _ => {}
            },
            Overlay::MoonChoice(selected) => {
                let choose = |scoring| Action::ChooseMoon { seat: YOU, scoring };
                match command {
                    Command::Left | Command::Right => {
                        let other = match selected {
                            MoonScoring::AddToOthers => MoonScoring::SubtractFromShooter,
                            MoonScoring::SubtractFromShooter => MoonScoring::AddToOthers,
                        };
                        self.overlay = Some(Overlay::MoonChoice(other));
                    }
                    Command::Confirm | Command::Mark => {
                        self.overlay = None;
                        self.apply(choose(selected), now);
                    }
                    Command::Button(Button::MoonAdd) => {
                        self.overlay = None;
                        self.apply(choose(MoonScoring::AddToOthers), now);
                    }
                    Command::Button(Button::MoonSubtract) => {
                        self.overlay = None;
                        self.apply(choose(MoonScoring::SubtractFromShooter), now);
                    }
                    _ => {}
                }
            }
            Overlay::Generale(selected) => {
                let declare = |generale| Action::Declare { seat: YOU, generale };
                let answer = match command {
                    Command::Left | Command::Right => {
                        let other = if selected == Button::Yes { Button::No } else { Button::Yes };
                        self.overlay = Some(Overlay::Generale(other));
                        None
                    }
                    Command::Confirm | Command::Mark => Some(selected == Button::Yes),
                    Command::Yes | Command::Button(Button::Yes) => Some(true),
                    Command::New | Command::Cancel | Command::Button(Button::No) => Some(false),
                    _ => {
                        self.step_aside(command);
                        None
                    }
                };
                if let Some(generale) = answer {
                    self.overlay = None;
                    self.apply(declare(generale), now);
                }
            }
            Overlay::Bid(offer) => {
                let least = self.game.hand().least_bid();
                let most = self.chips_of(YOU).max(least);
                let answer = match command {
                    Command::Left | Command::Down => {
                        self.overlay = Some(Overlay::Bid(offer.saturating_sub(1).max(least)));
                        None
                    }
                    Command::Right | Command::Up => {
                        self.overlay = Some(Overlay::Bid((offer + 1).min(most)));
                        None
                    }
                    Command::Confirm | Command::Mark | Command::Yes | Command::Button(Button::Yes) => Some(Some(offer)),
                    Command::New | Command::Cancel | Command::Button(Button::No) => Some(None),
                    _ => {
                        self.step_aside(command);
                        None
                    }
                };
                if let Some(chips) = answer {
                    self.overlay = None;
                    self.apply(Action::Bid { seat: YOU, chips }, now);
                }
            }
            Overlay::NameSuit(selected) => {
                let index = Suit::ALL.iter().position(|&suit| suit == selected).unwrap_or(0);
                let answer = match command {
                    Command::Left => {
                        self.overlay = Some(Overlay::NameSuit(Suit::ALL[(index + 3) % 4]));
                        None
                    }
                    Command::Right => {
                        self.overlay = Some(Overlay::NameSuit(Suit::ALL[(index + 1) % 4]));
                        None
                    }
                    Command::Confirm | Command::Mark => Some(selected),
                    Command::Button(Button::Suit(suit)) => Some(suit),
                    _ => {
                        self.step_aside(command);
                        None
                    }
                };
                if let Some(suit) = answer {
                    self.overlay = None;
                    self.apply(Action::NameSuit { seat: YOU, suit }, now);
                }
            }
            Overlay::GameOver(selected) => {
                const MENU: [Button; 3] = [Button::NewGame, Button::Replay, Button::Quit];
                let index = MENU.iter().position(|&b| b == selected).unwrap_or(0);
                match command {
                    Command::Left => self.overlay = Some(Overlay::GameOver(MENU[(index + 2) % 3])),
                    Command::Right => self.overlay = Some(Overlay::GameOver(MENU[(index + 1) % 3])),
                    Command::Confirm | Command::Mark => self.menu(selected),
                    Command::Button(button) => self.menu(button),
                    Command::New => self.menu(Button::NewGame),
                    Command::Restart => self.menu(Button::Replay),
                    Command::Quit => self.menu(Button::Quit),
                    Command::ScoreSheet => self.overlay = Some(Overlay::ScoreSheet),
                    Command::Stats => self.overlay = Some(Overlay::Stats),
                    _ => {}
                }
            }
            Overlay::NewGame(form) => self.new_game_command(form, command),
            Overlay::Resume(offer) => match command {
                Command::Confirm | Command::Button(Button::Resume) => {
                    self.effects.push(Effect::Resume(Programs::Replace));
                }
                Command::Yes | Command::Button(Button::RunPrograms) if !offer.programs.is_empty() => {
                    self.effects.push(Effect::Resume(Programs::Run));
                }
                Command::Yes => self.effects.push(Effect::Resume(Programs::Replace)),
                Command::New | Command::Cancel | Command::Button(Button::NewGame) => {
                    self.overlay = None;
                    self.effects.push(Effect::DeclineResume);
                    self.note =
                        Some("New game: the unfinished one is kept with your games and its save replaced".to_string());
                }
                Command::Quit => self.effects.push(Effect::Quit),
                _ => {}
            },
        }
    }

    fn open_new_game(&mut self) {
        let form = NewGameForm::new(&self.table, self.speed, self.theme.ascii, &self.remembered);
        self.overlay = Some(Overlay::NewGame(Box::new(form)));
    }

    fn new_game_command(&mut self, mut form: Box<NewGameForm>, command: Command) {
        match command {
            Command::Up => form.move_cursor(-1),
            Command::Down => form.move_cursor(1),
            Command::Left => form.change(-1),
            Command::Right | Command::Mark => form.change(1),
            Command::Digit(digit) => form.digit(digit),
            Command::Erase => form.erase(),
            Command::Confirm | Command::Button(Button::Start) => match form.start() {
                Ok((table, deal)) => {
                    let remembered = form.remembered();
                    let start = NewGameStart { table, deal, speed: form.speed, ascii: form.ascii, remembered };
                    self.effects.push(Effect::Start(Box::new(start)));
                    return;
                }
                // The window stays open and says why.
                Err(error) => form.problem = Some(sentence(&error.to_string())),
            },
            Command::Cancel | Command::Button(Button::No) => {
                self.close_window();
                return;
            }
            Command::Quit => {
                self.overlay = Some(Overlay::ConfirmQuit);
                return;
            }
            _ => {}
        }
        self.overlay = Some(Overlay::NewGame(form));
    }

    fn menu(&mut self, button: Button) {
        match button {
            Button::NewGame => self.open_new_game(),
            Button::Replay => self.effects.push(Effect::NewGame(Some(self.start))),
            Button::Quit => self.effects.push(Effect::Quit),
            _ => {}
        }
    }

    /// Moves the cursor `step` cards along your hand; on your turn it skips
    /// the cards you may not play (they stay in view, dimmed).
    fn move_cursor(&mut self, step: isize) {
        let cards = self.your_cards();
        let count = cards.len() as isize;
        if count == 0 {
            return;
        }
        let allowed = self.cursor_stops();
        let mut at = self.cursor.min(cards.len() - 1) as isize;
        for _ in 0..count {
            at = (at + step).rem_euclid(count);
            if allowed.contains(cards[at as usize]) {
                break;
            }
        }
        self.cursor = at as usize;
    }

    /// Home and End: the first or last card the cursor may stop on.
    fn cursor_to_end(&mut self, last: bool) {
        let allowed = self.cursor_stops();
        let cards = self.your_cards();
        let mut stops = cards.iter().enumerate().filter(|(_, card)| allowed.contains(**card)).map(|(i, _)| i);
        let found = if last { stops.next_back() } else { stops.next() };
        if let Some(index) = found {
            self.cursor = index;
        }
    }

    /// Your turn starts with the cursor on a card you may play: the one
    /// nearest to where it was when that card is dimmed.
    fn keep_cursor_on_a_stop(&mut self) {
        let (allowed, cards) = (self.cursor_stops(), self.your_cards());
        let at = self.cursor.min(cards.len().saturating_sub(1));
        if cards.get(at).is_some_and(|&card| allowed.contains(card)) {
            return;
        }
        let stops = cards.iter().enumerate().filter(|(_, card)| allowed.contains(**card)).map(|(i, _)| i);
        if let Some(nearest) = stops.min_by_key(|&i| i.abs_diff(at)) {
            self.cursor = nearest;
        }
    }

    /// The cards the cursor stops on: the legal ones on your turn, else all.
    fn cursor_stops(&self) -> CardSet {
        let your_turn = self.game.phase() == GamePhase::InHand
            && self.game.hand().phase() == HandPhase::Playing
            && self.seat_to_act() == Some(YOU);
        if your_turn { self.game.legal_moves() } else { CardSet::DECK | CardSet::JOKERS }
    }

    /// A click on a card: the cursor moves there, then it is marked or played.
    fn choose(&mut self, card: Card, now: Instant) {
        if let Some(index) = self.your_cards().iter().position(|&c| c == card) {
            self.cursor = index;
            self.mark_or_play(Some(card), false, now);
        }
    }

    /// Space (or a click): while passing, mark or unmark; while playing,
    /// play the card or queue it.
    fn mark_or_play(&mut self, card: Option<Card>, from_space: bool, now: Instant) {
        let Some(card) = card else { return };
        if self.is_passing() {
            self.toggle_mark(card);
        } else if self.game.phase() == GamePhase::InHand && self.game.hand().phase() == HandPhase::Playing {
            self.play_or_queue(card, now);
        } else if from_space {
            self.note = None;
        }
    }

    /// Whether you are choosing your pass now.
    pub fn is_passing(&self) -> bool {
        self.game.phase() == GamePhase::InHand
            && self.game.hand().phase() == HandPhase::Passing
            && self.game.hand().awaits_pass_from(YOU)
            && self.pending_pass.is_none()
    }

    /// Marks `card` or unmarks it. A card held twice (two packs) is
    /// marked once, then both copies, then neither.
    fn toggle_mark(&mut self, card: Card) {
        let need = self.game.hand().pass_count();
        let one = CardBag::from(CardSet::single(card));
        let (marked, held) = (self.marked.count(card), self.game.hand().hand_of(YOU).count(card));
        let room = self.marked.len() < need;
        if marked < held && room {
            self.marked = self.marked.plus(one);
            self.note = (held == 2 && marked == 0)
                .then(|| format!("You hold two {}: mark it again to pass both", self.theme.card(card)));
        } else if marked > 0 {
            self.marked = (0..marked).fold(self.marked, |bag, _| bag.less(one));
            self.note = None;
        } else {
            self.note = Some(format!("You pass {need} cards; unmark one first"));
        }
    }

    fn confirm(&mut self, now: Instant) {
        if self.is_passing() {
            self.pass(now);
        } else {
            self.mark_or_play(self.cursor_card(), false, now);
        }
    }

    /// Sends your marked cards on their way; they leave after a pace step,
    /// during which undo takes them back.
    fn pass(&mut self, now: Instant) {
        if !self.is_passing() {
            return;
        }
        let need = self.game.hand().pass_count();
        if self.marked.len() != need {
            self.note = Some(format!("Mark {need} cards to pass ({} marked)", self.marked.len()));
            return;
        }
        self.pending_pass = Some((self.marked, now + self.speed.trick_delay()));
        self.marked = CardBag::EMPTY;
        self.hint = CardSet::EMPTY;
        self.undo_refusal = "";
        self.note = None;
        self.cursor = 0;
    }

    fn play_or_queue(&mut self, card: Card, now: Instant) {
        let hand = self.game.hand();
        if hand.to_act() != YOU {
            if self.queued == Some(card) {
                self.queued = None;
                self.note = Some(format!("Unqueued {}", self.theme.card(card)));
            } else {
                self.queued = Some(card);
                self.note = Some(format!("{} queued: it plays when your turn comes", self.theme.card(card)));
            }
            return;
        }
        match hand.check_play(YOU, card) {
            Ok(()) => self.play_yours(card, now),
            Err(error) => self.note = Some(sentence(&error.to_string())),
        }
    }

    fn play_yours(&mut self, card: Card, now: Instant) {
        self.undo_point = Some(UndoPoint {
            game: self.game.clone(),
            log_len: self.log.len(),
            received: self.received,
            what: self.theme.card(card),
        });
        self.received = CardSet::EMPTY;
        self.hint = CardSet::EMPTY;
        self.queued = None;
        self.note = None;
        self.apply(Action::Play { seat: YOU, card }, now);
        self.undo_refusal = "";
        let count = self.your_cards().len();
        self.cursor = self.cursor.min(count.saturating_sub(1));
    }

    /// Asks for the hint: worked out off this thread, so the table goes on
    /// answering keys meanwhile.
    fn hint(&mut self) {
        if !self.hints_allowed() {
            self.note = Some("Hints are off in the timed game".to_string());
            return;
        }
        let your_play = self.game.hand().phase() == HandPhase::Playing && self.seat_to_act() == Some(YOU);
        if !self.is_passing() && !your_play {
            self.note = Some("A hint is for your pass or your turn".to_string());
            return;
        }
        self.note = Some(format!("Working out a hint{}", self.theme.ellipsis()));
        if self.hint_asked != Some(self.generation) {
            self.hint_asked = Some(self.generation);
            self.hints_used += 1;
            self.effects.push(Effect::WorkOutHint(Box::new(HintRequest { game: self.game.clone() })));
        }
    }

    /// Shows the hint worked out, unless the game has moved on since it
    /// was asked for (or your pass is already on its way).
    fn show_hint(&mut self, worked: WorkedOutHint) {
        let your_play = self.game.hand().phase() == HandPhase::Playing && self.seat_to_act() == Some(YOU);
        if self.hint_asked.is_none() || !worked.fits(&self.game) || !(self.is_passing() || your_play) {
            return;
        }
        self.hint_asked = None;
        match worked.advice.map(|advice| advice.choices) {
            Some(Choices::Pass(estimates)) => {
                let Some(cards) = estimates.first().map(|best| best.cards) else { return };
                self.hint = cards;
                self.marked = cards.into();
                self.note = Some(format!("Hint: pass {}", self.theme.cards(cards.iter())));
            }
            Some(Choices::Play(estimates)) => {
                let Some(best) = estimates.first().map(|best| best.card) else { return };
                self.hint = CardSet::single(best);
                if let Some(index) = self.your_cards().iter().position(|&c| c == best) {
                    self.cursor = index;
                }
                let runner_up = estimates
                    .get(1)
                    .map(|e| format!("; {} costs {:.1}", self.theme.card(e.card), estimates[0].value - e.value));
                self.note = Some(format!("Hint: play {}{}", self.theme.card(best), runner_up.unwrap_or_default()));
            }
            None => {}
        }
    }

    fn undo(&mut self) {
        if !self.undo_allowed() {
            self.note = Some("Undo is off in the timed game".to_string());
            return;
        }
        if let Some((cards, _)) = self.pending_pass.take() {
            self.marked = cards;
            self.undos += 1;
            self.note = Some(format!("Took back your pass of {}", self.theme.cards(cards.iter())));
            return;
        }
        match self.undo_point.take() {
            Some(point) => {
                self.restore(&point);
                self.undos += 1;
                self.note = Some(format!("Took back your {}", point.what));
            }
            None if self.undo_refusal.is_empty() => self.note = Some("Nothing to undo".to_string()),
            None => self.note = Some(format!("Can't undo: {}", self.undo_refusal)),
        }
    }

    fn restart_hand(&mut self) {
        let start = self.hand_start.clone();
        self.restore(&start);
        self.marked = CardBag::EMPTY;
        self.note = Some(format!("Hand {} dealt again", self.game.hand_number()));
        self.note_hold_hand();
    }

    fn restore(&mut self, point: &UndoPoint) {
        self.game = point.game.clone();
        self.log.truncate(point.log_len);
        self.received = point.received;
        self.generation += 1;
        self.decision = None;
        self.queued = None;
        self.hint = CardSet::EMPTY;
        self.pending_pass = None;
        self.trick_shown_until = None;
        self.next_bot_at = None;
        self.undo_point = None;
        self.undo_refusal = "you have not passed or played since";
    }

    /// Plays the hand out at once when no points are left in it.
    fn play_out(&mut self, now: Instant) {
        if !self.can_play_out() {
            self.note = Some("Playing out is offered once no points are left in the hand".to_string());
            return;
        }
        let mut player = Level::Easy.bot(self.game.seed(), YOU, crate::bot::Think::Samples(1));
        while self.game.phase() == GamePhase::InHand {
            let seat = self.game.hand().to_act();
            let Some(action) = decide(&self.game, seat, player.as_mut()) else { break };
            self.apply(action, now);
        }
        self.trick_shown_until = None;
        self.received = CardSet::EMPTY;
        self.note = Some("Played out: no points were left".to_string());
    }

    /// Applies an action to the game and updates the table around it.
    fn apply(&mut self, action: Action, now: Instant) {
        let event = match self.game.apply(action) {
            Ok(event) => event,
            Err(error) => {
                self.note = Some(sentence(&error.to_string()));
                return;
            }
        };
        self.log.push(action);
        self.generation += 1;
        self.decision = None;
        let by_you = matches!(action, Action::Pass { seat: YOU, .. } | Action::Play { seat: YOU, .. });
        if !by_you && !matches!(action, Action::Pass { .. }) {
            self.undo_point = None;
            self.undo_refusal = "other players have played since";
        }
        match event {
            Event::PassChosen => {}
            Event::CardsExchanged => {
                self.received = self.game.hand().received(YOU);
                self.undo_refusal = "the cards passed to you are in your hand";
                let from = self.table.seat_name(
                    Seat::all(self.players()).find(|&s| self.game.hand().pass_target(s) == YOU).unwrap_or(YOU),
                );
                let received = self.game.hand().received_cards(YOU);
                self.note = Some(format!("You received {} from {from}", self.theme.cards(received.iter())));
                self.effects.push(Effect::Save);
            }
            Event::CardPlayed => {
                self.note_draw();
                self.next_bot_at = Some(now + self.speed.card_delay());
            }
            Event::Declared { seat, generale } => {
                if generale {
                    let who = if seat == YOU { "You".to_string() } else { self.table.seat_name(seat) };
                    let points = self.table.rules.penalty_total();
                    self.note = Some(format!(
                        "{who} declared the Generale: every point to {}, or {points} for failing",
                        if seat == YOU { "you" } else { "them" }
                    ));
                }
                self.next_bot_at = Some(now + self.speed.card_delay());
                self.effects.push(Effect::Save);
            }
            Event::Bid { seat, chips } => {
                let who = if seat == YOU { "You".to_string() } else { self.table.seat_name(seat) };
                self.note = Some(match chips {
                    Some(chips) => format!("{who} bid {chips}"),
                    None => format!("{who} did not bid"),
                });
                self.next_bot_at = Some(now + self.speed.card_delay());
                self.effects.push(Effect::Save);
            }
            Event::SuitNamed { seat, suit } => {
                let (who, leads) =
                    if seat == YOU { ("You".to_string(), "you lead") } else { (self.table.seat_name(seat), "leads") };
                self.note = Some(format!("{who} named {}: each is worth 1, and {leads}", suit.name()));
                self.next_bot_at = Some(now + self.speed.card_delay());
                self.effects.push(Effect::Save);
            }
            Event::TrickRolledOver => {
                let cards = self.game.hand().waiting().len();
                self.note =
                    Some(format!("Nobody wins the trick: its cards wait for the next trick's winner ({cards} now)"));
                let until = now + self.speed.trick_delay();
                self.trick_shown_until = Some(until);
                self.next_bot_at = Some(until);
                self.effects.push(Effect::Save);
            }
            Event::TrickTaken(_) | Event::HandScored | Event::GameOver | Event::MoonChoiceNeeded(_) => {
                self.note_widow_taken();
                self.note_stock_taken();
                let until = now + self.speed.trick_delay();
                self.trick_shown_until = Some(until);
                self.next_bot_at = Some(until);
                self.effects.push(Effect::Save);
            }
            Event::HandDealt => {
                self.marked = CardBag::EMPTY;
                self.received = CardSet::EMPTY;
                self.hint = CardSet::EMPTY;
                self.queued = None;
                self.cursor = 0;
                self.undo_point = None;
                self.undo_refusal = "you have not passed or played yet";
                self.hand_start = UndoPoint {
                    game: self.game.clone(),
                    log_len: self.log.len(),
                    received: CardSet::EMPTY,
                    what: String::new(),
                };
                self.note = None;
                self.note_hold_hand();
                self.effects.push(Effect::Save);
            }
        }
    }

    /// Domino: the seat now to play could not follow and drew. You see
    /// your cards; of the others, how many.
    fn note_draw(&mut self) {
        let Some((seat, drawn)) = self.game.last_draw() else { return };
        let count = drawn.len();
        let left = self.game.hand().stock().len();
        self.note = Some(if seat == YOU {
            format!("You drew {count}: {} ({left} left in the stock)", self.theme.cards(drawn))
        } else {
            let cards = if count == 1 { "card" } else { "cards" };
            format!("{} could not follow and drew {count} {cards} ({left} left)", self.table.seat_name(seat))
        });
    }

    /// Domino: the hand ended with one player holding cards, who took them
    /// and the stock; or the game ended in the middle of the hand.
    fn note_stock_taken(&mut self) {
        let hand = self.game.hand();
        if !self.table.rules.domino || hand.phase() != HandPhase::Finished {
            return;
        }
        let played: CardSet = self.game.tricks().iter().fold(CardSet::EMPTY, |all, trick| all | trick.card_set());
        let Some(taker) = Seat::all(self.players()).find(|&s| !(hand.taken(s) - played).is_empty()) else {
            let cards_left = Seat::all(self.players()).any(|s| !hand.holding(s).is_empty());
            if self.game.phase() == GamePhase::GameOver && cards_left {
                let target = self.table.rules.target_score;
                self.note = Some(format!("{target} reached: the game ends in the middle of the hand"));
            }
            return;
        };
        let cards = hand.taken(taker) - played;
        let hearts = hand.points(self.table.rules.points, cards);
        let who = if taker == YOU { "You".to_string() } else { self.table.seat_name(taker) };
        // What the stock still held: as dealt, less every card drawn. The
        // rest of what the taker took was its own hand.
        let dealt = crate::engine::Deal::for_hand(&self.table.rules, self.game.seed(), self.game.hand_number() - 1);
        let stock_left = self.game.draws().iter().fold(dealt.kitty, |stock, draw| stock - draw.cards);
        let why = if (cards - stock_left).is_empty() { "won the last trick" } else { "held the last cards" };
        self.note = Some(format!("{who} {why} and took the stock: {} cards, {hearts} points", cards.len()));
    }

    /// The trick just taken carried the kitty: its taker alone sees it.
    fn note_widow_taken(&mut self) {
        let hand = self.game.hand();
        let Some(taker) = hand.kitty_taker() else { return };
        let just_now = match self.table.rules.kitty_to {
            crate::engine::KittyTo::FirstTrick => self.game.tricks().len() == 1,
            crate::engine::KittyTo::LastTrick => hand.phase() == HandPhase::Finished,
        };
        if !just_now || self.game.tricks().last().and_then(|t| t.winner(self.players())) != Some(taker) {
            return;
        }
        let kitty = hand.kitty_cards();
        self.note = Some(if taker == YOU {
            format!("You took the widow: {}", self.theme.cards(kitty.iter()))
        } else {
            format!("{} took the widow ({} cards)", self.table.seat_name(taker), kitty.len())
        });
    }

    fn note_hold_hand(&mut self) {
        let hand = self.game.hand();
        if hand.phase() == HandPhase::Playing && hand.tricks_played() == 0 && hand.trick().is_empty() {
            let why = if self.table.rules.pass_count == 0 || hand.pass_direction() != PassDirection::Hold {
                "no passing in these rules"
            } else {
                "hold hand"
            };
            self.note = Some(format!("No passing this hand ({why})"));
        }
    }

    /// Moves the game on as far as it can go at `now`: sends a pass whose
    /// time has come, plays a queued card, applies a bot's decision once
    /// the pace allows, opens summaries, runs the clock out.
    fn advance(&mut self, now: Instant) {
        loop {
            if self.finish.is_some() || self.overlay.as_ref().is_some_and(Overlay::holds_play) {
                return;
            }
            if self.clock.is_some_and(|clock| clock.started.is_some() && clock.left(now).is_zero()) {
                self.end(Finish::OutOfTime, now);
                return;
            }
            if let Some((cards, at)) = self.pending_pass {
                if now < at {
                    return;
                }
                self.pending_pass = None;
                self.apply(Action::Pass { seat: YOU, cards }, now);
                continue;
            }
            if self.showing_trick(now) {
                return;
            }
            self.trick_shown_until = None;
            match self.game.phase() {
                GamePhase::HandOver | GamePhase::GameOver => {
                    if self.summarised_hand != self.game.hand_number() {
                        self.summarised_hand = self.game.hand_number();
                        self.overlay = Some(Overlay::HandSummary);
                        if self.game.phase() == GamePhase::GameOver {
                            self.end(Finish::Completed, now);
                        }
                    }
                    return;
                }
                GamePhase::MoonChoice(YOU) => {
                    self.overlay = Some(Overlay::MoonChoice(MoonScoring::AddToOthers));
                    return;
                }
                _ => {}
            }
            let Some(seat) = self.seat_to_act() else { return };
            if seat == YOU && self.game.hand().to_declare() == Some(YOU) {
                // Asked once no other window is open.
                if self.overlay.is_none() {
                    self.overlay = Some(Overlay::Generale(Button::No));
                }
                return;
            }
            if seat == YOU && self.game.hand().to_bid() == Some(YOU) {
                if self.overlay.is_none() {
                    self.overlay = Some(Overlay::Bid(self.game.hand().least_bid()));
                }
                return;
            }
            if seat == YOU && self.game.hand().phase() == HandPhase::Naming {
                if self.overlay.is_none() {
                    let best = crate::bot::SeatView::of(&self.game, YOU);
                    self.overlay = Some(Overlay::NameSuit(crate::bot::suggested_suit(&best)));
                }
                return;
            }
            if seat == YOU {
                if self.game.hand().phase() == HandPhase::Playing
                    && let Some(card) = self.queued.take()
                {
                    match self.game.hand().check_play(YOU, card) {
                        Ok(()) => {
                            self.play_yours(card, now);
                            continue;
                        }
                        Err(error) => {
                            self.note = Some(format!(
                                "Dropped the queued {}: {}",
                                self.theme.card(card),
                                error.to_string().trim_end_matches('.')
                            ));
                        }
                    }
                }
                self.keep_cursor_on_a_stop();
                return;
            }
            let paced = self.game.hand().phase() == HandPhase::Playing;
            if paced && self.next_bot_at.is_some_and(|at| now < at) {
                return;
            }
            match self.decision.take() {
                Some((generation, action)) if generation == self.generation => {
                    self.apply(action, now);
                }
                _ => return,
            }
        }
    }

    /// The timed game's clock counts your thinking only: it runs while the
    /// game waits for your pass, card or moon choice, and stands still
    /// while bots think and cards are shown.
    fn run_clock(&mut self, now: Instant) {
        let yours = self.finish.is_none() && self.awaits_you(now);
        if let Some(clock) = &mut self.clock {
            if yours { clock.start(now) } else { clock.stop(now) }
        }
    }

    /// Whether the game waits for your decision now.
    fn awaits_you(&self, now: Instant) -> bool {
        let on_table = !self.showing_trick(now) && self.overlay.as_ref().is_none_or(|o| !o.holds_play());
        let moon = self.game.phase() == GamePhase::MoonChoice(YOU);
        let generale = self.game.phase() == GamePhase::InHand && self.game.hand().to_declare() == Some(YOU);
        moon || generale
            || (on_table
                && (self.is_passing()
                    || (self.game.hand().phase() == HandPhase::Playing && self.seat_to_act() == Some(YOU))))
    }

    /// Whether hints are offered: not in the timed game, as in the online
    /// game it copies.
    pub fn hints_allowed(&self) -> bool {
        self.clock.is_none()
    }

    /// Whether undo is offered: not in the timed game.
    pub fn undo_allowed(&self) -> bool {
        self.clock.is_none()
    }

    /// The game is over: score a timed game, stop the clock, tell the runtime.
    fn end(&mut self, finish: Finish, now: Instant) {
        self.finish = Some(finish);
        let totals = *self.game.totals();
        let points = totals[YOU];
        let opponents_points = Seat::all(self.players()).filter(|&s| s != YOU).map(|s| totals[s]).sum();
        let lowest = self.game.leaders().contains(&YOU);
        let hands_completed = self.game.history().len() as u32;
        let mid_hand = self.game.phase() == GamePhase::InHand;
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
            let timed = match finish {
                Finish::Completed => TimedFinish::Completed {
                    points,
                    opponents_points,
                    lowest,
                    seconds_left: clock.left(now).as_secs() as u32,
                },
                Finish::OutOfTime => TimedFinish::OutOfTime { points, hands_completed, mid_hand },
            };
            self.tournament = Some(TournamentScore::of(timed));
        }
        if finish == Finish::OutOfTime {
            self.overlay = Some(Overlay::GameOver(Button::NewGame));
        }
        if hands_completed > 0 {
            let tournament = self.tournament.map(|score| score.total());
            let won = self.finish_won();
            let game = GameStats::of(&self.game, YOU, self.undos, won, self.hints_used, tournament);
            self.effects.push(Effect::Finished(game));
        } else {
            // No hand was completed: nobody won, and it is no game played.
            self.effects.push(Effect::Unplayed);
        }
    }

    /// Whether you won (had or shared the lowest total at the end). A game
    /// that ended before any hand was complete has no winner.
    pub fn finish_won(&self) -> bool {
        !self.game.history().is_empty() && self.game.leaders().contains(&YOU)
    }

    /// The cards a seat is seen to have taken this hand: another seat's
    /// widow stays face down in its pile until the hand is scored.
    pub fn taken_in_view(&self, seat: Seat) -> CardBag {
        let hand = self.game.hand();
        let taken = hand.taken_cards(seat);
        let hidden = seat != YOU && hand.phase() != HandPhase::Finished && hand.kitty_taker() == Some(seat);
        if hidden { taken.less(hand.kitty_cards()) } else { taken }
    }

    /// The penalty points each seat is seen to have taken in the hand so
    /// far (another seat's widow counts once the hand is scored).
    pub fn points_this_hand(&self, seat: Seat) -> i32 {
        let rules = &self.table.rules;
        let hand = self.game.hand();
        let taken = self.taken_in_view(seat).cards();
        let bonus = rules.bonus_card().is_some_and(|card| taken.contains(card));
        hand.points(rules.points, taken) + if bonus { BONUS_CARD_VALUE } else { 0 }
    }
}

/// An error message as a sentence: capital first letter.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
