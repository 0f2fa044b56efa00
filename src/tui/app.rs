//! A table: the engine's [`Game`] and everything the table adds to it
//! (the pace, the clock, undo, who holds which seat, the bots' decisions
//! waiting to be shown), and the people at it, each with their own view
//! ([`Person`]: cursor, marked cards, the window open, the note).
//! [`App::update`] is the one place this state changes; a runtime turns
//! key presses, clicks, timer ticks and bot decisions into [`Message`]s
//! and carries out the [`Effect`]s that come back. The terminal's own
//! game is a table with one person, you, at South; `hearts serve` seats
//! people who come in over SSH.

mod overlay;
mod person;
mod seen;

use std::time::{Duration, Instant};

use crate::bot::{Choices, Level, decide};
use crate::engine::{
    Action, BySeat, Card, CardBag, CardSet, Chips, Event, Game, GamePhase, HandPhase, MoonScoring, PassDirection, Seat,
    Suit, TimedFinish, TournamentScore, Trick,
};

use crate::table::hint::{HintRequest, WorkedOutHint};
use super::input::{Button, Command};
use super::new_game::{NewGameForm, Remembered};
use crate::table::saved::{Programs, SaveError, SavedGame};
use super::stats::{GameStats, PresetStats};
use crate::table::Setup;
use super::theme::Theme;
use crate::pace::Speed;
use crate::record::DealCode;

pub use crate::table::clock::{Clock, Finish};
pub use overlay::{Overlay, ResumeOffer, you_played_in};
pub use person::{Holder, Person, PersonId};
pub use seen::Seen;

/// The seat of the terminal's own player, and of a saved game's person.
pub const YOU: Seat = Seat::SOUTH;

/// The longest message to the table, in characters.
pub const CHAT_LENGTH: usize = 120;
/// Messages the table keeps for showing.
const CHAT_KEPT: usize = 20;
/// Messages a person may send in [`CHAT_WINDOW`].
const CHAT_BURST: usize = 3;
/// The window of the rate limit.
const CHAT_WINDOW: Duration = Duration::from_secs(10);
/// How long a new message stands in the key line.
pub const CHAT_SHOWN: Duration = Duration::from_secs(8);

/// A message to the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// Who said it.
    pub from: String,
    /// What, made safe to show.
    pub text: String,
    /// When.
    pub at: Instant,
}

/// Whether `c` may go to another person's terminal: printable characters
/// and letters, never a control character or an escape sequence's byte.
pub fn shows_safely(c: char) -> bool {
    c == ' ' || c.is_ascii_graphic() || (!c.is_ascii() && (c.is_alphanumeric() || "♠♥♦♣…·–—’“”".contains(c)))
}

/// What happens at the table.
#[derive(Clone, Debug)]
pub enum Message {
    /// A person pressed a key or clicked.
    Command(PersonId, Command),
    /// A bot decided, for the position numbered `generation`.
    BotDecided {
        /// The position the bot saw.
        generation: u64,
        /// What it does.
        action: Action,
    },
    /// Time passed (a pace step, a clock, a grace period).
    Tick,
    /// The hint a person asked for is worked out.
    HintWorkedOut(PersonId, Box<WorkedOutHint>),
    /// Something the runtime has to say to everyone at the table (a file
    /// that could not be written, a bot that failed).
    Note(String),
    /// An unfinished game was found: offer to resume it.
    OfferResume(ResumeOffer),
    /// The saved game could not be taken up after all.
    ResumeFailed(String),
    /// The statistics for the rules and line-up in play.
    Stats(PresetStats),
    /// The new-game window's choices of last time.
    Remembered(Remembered),
    /// A person's screen is this many columns and rows.
    Resized {
        /// Whose screen.
        person: PersonId,
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
    },
    /// A person comes to the table: to sit (their seat if they held one,
    /// else the first free seat, else they watch) or to watch.
    Arrive(Box<Arrival>),
    /// A person left or lost the connection: their seat waits for them
    /// for the grace period, then its bot plays until they come back.
    Leave(PersonId),
}

/// Who comes to the table.
#[derive(Clone, Debug)]
pub struct Arrival {
    /// Their id for the table's messages.
    pub id: PersonId,
    /// Their name, already safe to show.
    pub name: String,
    /// Their public key's fingerprint, when they offered one.
    pub key: Option<String>,
    /// Only to watch.
    pub watch: bool,
    /// How their terminal shows cards.
    pub theme: Theme,
    /// Their screen's size.
    pub size: (u16, u16),
}

/// How a table with several people behaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sharing {
    /// How long a seat waits for a person who left before its bot plays.
    pub grace: Duration,
    /// How long the table waits for a person's decision before the seat's
    /// bot makes it; `None` waits as long as they are there.
    pub turn_clock: Option<Duration>,
    /// Whether hints are offered.
    pub hints: bool,
}

impl Default for Sharing {
    fn default() -> Sharing {
        Sharing { grace: Duration::from_secs(60), turn_clock: None, hints: true }
    }
}

/// What the table asks the runtime to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Write the save file now.
    Save,
    /// Work out a hint off the table's thread and send it back as
    /// [`Message::HintWorkedOut`].
    WorkOutHint(PersonId, Box<HintRequest>),
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
    /// This person leaves the table.
    Quit(PersonId),
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
    pub table: Setup,
    /// The deal typed, or a fresh one.
    pub deal: Option<DealCode>,
    /// The pace.
    pub speed: Speed,
    /// Letters for suits.
    pub ascii: bool,
    /// The choices to remember.
    pub remembered: Remembered,
}

/// Where to return to on undo.
#[derive(Clone, Debug)]
struct UndoPoint {
    game: Game,
    log_len: usize,
    received: CardSet,
    what: String,
}

/// A pass on its way, sent at the instant given (undo takes it back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingPass {
    /// Whose pass.
    pub seat: Seat,
    /// The cards.
    pub cards: CardBag,
    /// When they leave.
    pub at: Instant,
}

/// A table and the people at it.
#[derive(Debug)]
pub struct App {
    /// Seats, players and rules.
    pub table: Setup,
    /// The game itself.
    pub game: Game,
    /// The deal the game started from: its seed and first hand.
    pub start: DealCode,
    /// Every action since the first deal: what a save replays.
    pub log: Vec<Action>,
    /// Counts changes to the game, so late bot answers are recognised.
    pub generation: u64,
    /// How fast bots play.
    pub speed: Speed,
    /// The earliest time the next bot card may appear.
    next_bot_at: Option<Instant>,
    /// A finished trick stays on the table until then.
    pub trick_shown_until: Option<Instant>,
    /// Passes on their way.
    pub pending_passes: Vec<PendingPass>,
    undo_point: Option<UndoPoint>,
    undo_refusal: &'static str,
    hand_start: UndoPoint,
    /// Undos taken this game.
    pub undos: u32,
    /// Hints asked for this game.
    pub hints_used: u32,
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
    /// The people here now, each with their view.
    pub people: Vec<Person>,
    /// Who holds each seat; a seat nobody holds is its bot's.
    pub holders: Vec<Option<Holder>>,
    /// The grace period, the turn clock and hints.
    pub sharing: Sharing,
    /// The last messages people sent to the table, oldest first.
    pub chat: std::collections::VecDeque<Said>,
    /// Since when the table has waited on a person's decision, for the
    /// decision keyed by [`App::waiting_key`].
    waiting_since: Option<(u64, Instant)>,
    effects: Vec<Effect>,
}

impl App {
    /// A new game with this seed: you alone at South, against the bots.
    pub fn new(table: Setup, start: DealCode, speed: Speed, theme: Theme) -> Result<App, crate::engine::RulesError> {
        let mut app = App::shared(table, start, speed, Sharing::default())?;
        app.seat_local(theme);
        Ok(app)
    }

    /// A new game at a table nobody sits at yet: people arrive by
    /// [`Message::Arrive`].
    pub fn shared(
        table: Setup,
        start: DealCode,
        speed: Speed,
        sharing: Sharing,
    ) -> Result<App, crate::engine::RulesError> {
        let game = Game::starting_at_hand(table.rules, start.seed, start.hand - 1)?;
        let mut app = App::empty(table, game, Vec::new(), speed);
        app.start = start;
        app.sharing = sharing;
        Ok(app)
    }

    /// The next game at this table (new rules, or the same), with the
    /// people here and the seats they hold kept where the table still has
    /// them; a person whose seat is gone watches.
    pub fn next_game(&self, table: Setup, start: DealCode, speed: Speed) -> Result<App, crate::engine::RulesError> {
        let mut next = App::shared(table, start, speed, self.sharing)?;
        let seats = next.holders.len();
        for (index, holder) in self.holders.iter().enumerate().take(seats) {
            next.holders[index] = holder.clone();
        }
        for person in &self.people {
            let seat = person.seat.filter(|seat| seat.index() < seats);
            let mut fresh = Person::new(person.id, &person.name, seat, person.theme);
            fresh.too_small = person.too_small;
            fresh.remembered = person.remembered.clone();
            fresh.note = Some(format!("New game: seed {}", start.seed));
            next.people.push(fresh);
        }
        next.note_hold_hand();
        Ok(next)
    }

    /// A game given whole, you alone at South.
    pub(crate) fn with_game(table: Setup, game: Game, log: Vec<Action>, speed: Speed, theme: Theme) -> App {
        let mut app = App::empty(table, game, log, speed);
        app.seat_local(theme);
        app
    }

    fn empty(table: Setup, game: Game, log: Vec<Action>, speed: Speed) -> App {
        let clock = (table.rules.clock_minutes > 0)
            .then(|| Clock::new(Duration::from_secs(60 * u64::from(table.rules.clock_minutes))));
        let hand_start =
            UndoPoint { game: game.clone(), log_len: log.len(), received: CardSet::EMPTY, what: String::new() };
        // A game given whole (a resumed save sets its own start) began at
        // its current hand as far as anyone knows.
        let start = DealCode { seed: game.seed(), hand: game.hand_number() };
        let seats = table.rules.player_count();
        App {
            table,
            game,
            start,
            log,
            generation: 0,
            speed,
            next_bot_at: None,
            trick_shown_until: None,
            pending_passes: Vec::new(),
            undo_point: None,
            undo_refusal: "you have not passed or played yet",
            hand_start,
            undos: 0,
            hints_used: 0,
            clock,
            finish: None,
            tournament: None,
            decision: None,
            summarised_hand: 0,
            people: Vec::new(),
            holders: vec![None; seats],
            sharing: Sharing::default(),
            chat: std::collections::VecDeque::new(),
            waiting_since: None,
            effects: Vec::new(),
        }
    }

    /// Seats the terminal's own player at South.
    fn seat_local(&mut self, theme: Theme) {
        self.holders[YOU.index()] = Some(Holder { name: "You".to_string(), key: None, away_since: None });
        self.people.push(Person::new(PersonId::LOCAL, "You", Some(YOU), theme));
        self.note_hold_hand();
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
        let hand = app.game.hand();
        let mut received = hand.received(YOU) & hand.holding(YOU);
        if hand.tricks_played() > 0 || hand.trick().plays(app.players()).any(|(s, _)| s == YOU) {
            received = CardSet::EMPTY;
        }
        app.hand_start = UndoPoint { game: app.game.clone(), log_len: app.log.len(), received, what: String::new() };
        for person in &mut app.people {
            person.received = received;
            person.note = Some(format!("Resumed the game of seed {}", app.game.seed()));
        }
        Ok(app)
    }

    /// The table rebuilt from its actions, with its people but `leaving`
    /// (whose seat then waits for them): what a server does when the table
    /// failed on that person's message, since the state it was left in
    /// cannot be trusted.
    pub fn rebuilt_without(&self, leaving: Option<PersonId>, now: Instant) -> Result<App, SaveError> {
        let saved = self.saved_game(now);
        let mut app = App::resume_shared(&saved, self.holders.clone(), self.speed, self.sharing, now)?;
        app.chat = self.chat.clone();
        for person in self.people.iter().filter(|person| Some(person.id) != leaving) {
            if let Some(holder) =
                person.seat.and_then(|seat| app.holders.get_mut(seat.index())).and_then(Option::as_mut)
            {
                holder.away_since = None;
            }
            let mut kept = person.clone();
            kept.note = Some("The table stumbled and was set up again where it was".to_string());
            app.people.push(kept);
        }
        app.summarised_hand = self.summarised_hand;
        Ok(app)
    }

    /// Takes up a shared table's saved game with nobody at it yet; the
    /// seats its people held wait for them from `now` for the grace period.
    pub fn resume_shared(
        saved: &SavedGame,
        holders: Vec<Option<Holder>>,
        speed: Speed,
        sharing: Sharing,
        now: Instant,
    ) -> Result<App, SaveError> {
        let (table, game) = saved.replay(Programs::Replace)?;
        let mut app = App::empty(table, game, saved.parsed_actions()?, speed);
        app.start = DealCode { seed: saved.seed, hand: saved.first_hand };
        app.sharing = sharing;
        app.hints_used = saved.hints;
        for (index, holder) in holders.into_iter().enumerate().take(app.holders.len()) {
            app.holders[index] = holder.map(|holder| Holder { away_since: Some(now), ..holder });
        }
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

    /// The table as one person here sees it, for drawing.
    pub fn seen(&self, id: PersonId) -> Option<Seen<'_>> {
        self.people.iter().find(|person| person.id == id).map(|person| Seen { app: self, person })
    }

    /// Where a person is in [`App::people`].
    fn index_of(&self, id: PersonId) -> Option<usize> {
        self.people.iter().position(|person| person.id == id)
    }

    /// The person here playing `seat`, by index.
    fn person_in(&self, seat: Seat) -> Option<usize> {
        self.people.iter().position(|person| person.seat == Some(seat))
    }

    /// Whether the person holding `seat` is here.
    pub fn held_here(&self, seat: Seat) -> bool {
        self.holders.get(seat.index()).is_some_and(|holder| holder.as_ref().is_some_and(|h| h.away_since.is_none()))
    }

    /// Whether a bot makes `seat`'s decisions at `now`: nobody holds the
    /// seat, its person has been gone longer than the grace period, or
    /// the turn clock ran out on them.
    pub fn bot_plays(&self, seat: Seat, now: Instant) -> bool {
        self.gone(seat, now) || self.overdue(now)
    }

    /// Whether nobody holds `seat`, or its person has been gone longer
    /// than the grace period.
    fn gone(&self, seat: Seat, now: Instant) -> bool {
        match self.holders.get(seat.index()).and_then(Option::as_ref) {
            None => true,
            Some(Holder { away_since: Some(left), .. }) => now >= *left + self.sharing.grace,
            Some(_) => false,
        }
    }

    /// Whether the turn clock ran out on the decision the table waits for.
    fn overdue(&self, now: Instant) -> bool {
        match (self.sharing.turn_clock, self.waiting_since) {
            (Some(limit), Some((key, since))) => key == self.waiting_key() && now >= since + limit,
            _ => false,
        }
    }

    /// Whether at most one person holds a seat: undo and restarting a hand
    /// are theirs alone.
    pub fn alone(&self) -> bool {
        self.holders.iter().flatten().count() <= 1
    }

    /// A seat's name as a person in `viewer` (`None`: watching) sees it:
    /// "You", a person's name, or where a bot sits from there.
    pub fn name_for(&self, viewer: Option<Seat>, seat: Seat) -> String {
        if viewer == Some(seat) {
            return "You".to_string();
        }
        if let Some(holder) = self.holders.get(seat.index()).and_then(Option::as_ref) {
            return holder.name.clone();
        }
        let players = self.players();
        let from = viewer.unwrap_or(Seat::SOUTH);
        match Seat::new((seat.index() + players - from.index()) % players) {
            Some(place) if place.index() > 0 => crate::table::seat_name(place, players),
            _ => "South".to_string(),
        }
    }

    /// The people whose decision the table waits for now, by name.
    pub fn waiting_for(&self, now: Instant) -> Vec<String> {
        let mut seats: Vec<Seat> = match self.game.phase() {
            GamePhase::InHand if self.game.hand().phase() == HandPhase::Passing => Seat::all(self.players())
                .filter(|&seat| self.game.hand().awaits_pass_from(seat) && self.pending_pass(seat).is_none())
                .collect(),
            GamePhase::HandOver if self.finish.is_none() => Seat::all(self.players())
                .filter(|&seat| {
                    self.person_in(seat).is_some_and(|p| self.people[p].done_with_hand < self.game.hand_number())
                })
                .collect(),
            _ => self.seat_to_act().into_iter().collect(),
        };
        // Still waited on when the turn clock has run out: the clock holds until the bot has moved.
        seats.retain(|&seat| !self.gone(seat, now));
        seats.into_iter().filter_map(|seat| self.holders[seat.index()].as_ref().map(|h| h.name.clone())).collect()
    }

    /// How long the table has waited on the people it waits for.
    pub fn waited(&self, now: Instant) -> Duration {
        self.waiting_since.map_or(Duration::ZERO, |(_, since)| now.saturating_duration_since(since))
    }

    /// The pass on its way from `seat`, if any.
    pub fn pending_pass(&self, seat: Seat) -> Option<PendingPass> {
        self.pending_passes.iter().copied().find(|pass| pass.seat == seat)
    }

    /// A seat's hand as it is drawn, left to right: by suit then rank, any
    /// jokers at the right; with two packs a card held twice is there
    /// twice, side by side. Each card has its position among the cards
    /// the cursor counts; the card the seat played to the trick in
    /// progress keeps its place with none, so the others do not move
    /// under the mouse until the trick ends.
    pub fn hand_row(&self, seat: Seat) -> Vec<(Card, Option<usize>)> {
        let mut held = self.game.hand().hand_of(seat);
        if let Some(pass) = self.pending_pass(seat) {
            held = held.less(pass.cards);
        }
        let trick = self.game.hand().trick();
        let played = trick.plays(self.players()).find(|&(s, _)| s == seat).map(|(_, card)| card);
        let mut row: Vec<(Card, bool)> =
            held.iter().map(|card| (card, true)).chain(played.map(|c| (c, false))).collect();
        row.sort_by_key(|&(card, _)| (card.is_joker(), card));
        let mut positions = 0..;
        row.into_iter().map(|(card, in_hand)| (card, in_hand.then(|| positions.next()).flatten())).collect()
    }

    /// A seat's cards in the order they are drawn (see [`App::hand_row`]).
    pub fn cards_in_row(&self, seat: Seat) -> Vec<Card> {
        self.hand_row(seat).into_iter().filter_map(|(card, position)| position.map(|_| card)).collect()
    }

    /// The cards of person `p` in the order they are drawn; none for a watcher.
    fn cards_of(&self, p: usize) -> Vec<Card> {
        self.people[p].seat.map(|seat| self.cards_in_row(seat)).unwrap_or_default()
    }

    /// The card under person `p`'s cursor.
    fn cursor_card_of(&self, p: usize) -> Option<Card> {
        let cards = self.cards_of(p);
        cards.get(self.people[p].cursor.min(cards.len().saturating_sub(1))).copied()
    }

    /// The effects to carry out, oldest first.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Whether the game stops: nobody is at the table, or a window that
    /// must be answered is open while one person alone sits there.
    fn held(&self) -> bool {
        // A table nobody is at waits for them.
        self.people.is_empty()
            || self.alone()
                && self
                    .people
                    .iter()
                    .any(|person| person.seat.is_some() && person.overlay.as_ref().is_some_and(Overlay::holds_play))
    }

    /// The seat whose decision the game waits for, if a bot makes it at
    /// `now` and nothing stands in the way: the runtime asks that bot.
    pub fn bot_to_ask(&self, now: Instant) -> Option<Seat> {
        if self.finish.is_some() || self.held() || self.decision.is_some() {
            return None;
        }
        let hand = self.game.hand();
        if self.game.phase() == GamePhase::InHand && hand.phase() == HandPhase::Passing {
            return Seat::all(self.players()).find(|&seat| {
                hand.awaits_pass_from(seat) && self.pending_pass(seat).is_none() && self.bot_plays(seat, now)
            });
        }
        self.seat_to_act().filter(|&seat| self.bot_plays(seat, now))
    }

    /// When the table next needs a [`Message::Tick`]: the end of a pace
    /// step, a pass on its way, a clock's next second, a grace period or
    /// the turn clock running out.
    pub fn next_wakeup(&self, now: Instant) -> Option<Instant> {
        let mut wakeups = vec![];
        wakeups.extend(self.trick_shown_until);
        // A pass in flight is drawn moving: a frame every tenth of a second.
        wakeups.extend(self.pending_passes.iter().map(|pass| pass.at.min(now + Duration::from_millis(100))));
        if self.decision.is_some() {
            wakeups.extend(self.next_bot_at);
        }
        let next_second = |left: Duration| {
            let to_next_second = left - Duration::from_secs(left.as_secs());
            now + if to_next_second.is_zero() { Duration::from_secs(1) } else { to_next_second }
        };
        if let Some(clock) = self.clock.filter(|c| c.started.is_some()) {
            wakeups.push(next_second(clock.left(now)));
        }
        for holder in self.holders.iter().flatten() {
            wakeups.extend(holder.away_since.map(|left| left + self.sharing.grace).filter(|&at| at > now));
        }
        // A message stands in the key line for a while, then the keys come back.
        wakeups.extend(self.chat.back().map(|said| said.at + CHAT_SHOWN).filter(|&at| at > now));
        if !self.alone()
            && self.finish.is_none()
            && let Some((_, since)) = self.waiting_since
        {
            // "waiting for carol, 0:23" counts on.
            wakeups.push(next_second(now.saturating_duration_since(since)));
            wakeups.extend(self.sharing.turn_clock.map(|limit| since + limit).filter(|&at| at > now));
        }
        wakeups.into_iter().min().map(|at| at.max(now))
    }

    /// The seat to act: bots (and the seats of people gone) pass before
    /// the people here (bots' passes are hidden anyway), then play goes
    /// round the table.
    pub fn seat_to_act(&self) -> Option<Seat> {
        let hand = self.game.hand();
        match self.game.phase() {
            GamePhase::InHand => match hand.phase() {
                HandPhase::Passing => {
                    let awaits = |seat: &Seat| hand.awaits_pass_from(*seat) && self.pending_pass(*seat).is_none();
                    let seats = || Seat::all(self.players());
                    seats().filter(|&seat| !self.held_here(seat)).find(awaits).or_else(|| seats().find(awaits))
                }
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

    /// Whether `seat` chooses its pass now.
    pub fn is_passing(&self, seat: Seat) -> bool {
        self.game.phase() == GamePhase::InHand
            && self.game.hand().phase() == HandPhase::Passing
            && self.game.hand().awaits_pass_from(seat)
            && self.pending_pass(seat).is_none()
    }

    /// Whether person `p` chooses their pass now.
    fn passing(&self, p: usize) -> bool {
        self.people[p].seat.is_some_and(|seat| self.is_passing(seat))
    }

    /// Whether it is person `p`'s turn to play a card.
    fn their_play(&self, p: usize) -> bool {
        self.game.phase() == GamePhase::InHand
            && self.game.hand().phase() == HandPhase::Playing
            && self.people[p].seat.is_some()
            && self.seat_to_act() == self.people[p].seat
    }

    /// Handles one message at `now`.
    pub fn update(&mut self, message: Message, now: Instant) {
        match message {
            Message::Command(id, command) => {
                if let Some(p) = self.index_of(id) {
                    self.skip_waits(now);
                    self.command(p, command, now);
                }
            }
            Message::BotDecided { generation, action } => {
                if generation == self.generation {
                    self.decision = Some((generation, action));
                }
            }
            Message::Tick => {}
            Message::HintWorkedOut(id, worked) => {
                if let Some(p) = self.index_of(id) {
                    self.show_hint(p, *worked);
                }
            }
            Message::Note(note) => self.tell_all(&note),
            Message::OfferResume(offer) => {
                self.for_everyone(|person| person.overlay = Some(Overlay::Resume(offer.clone())))
            }
            Message::ResumeFailed(why) => {
                let note = format!("The saved game does not replay: {why}");
                self.for_everyone(|person| {
                    person.overlay = None;
                    person.note = Some(note.clone());
                });
            }
            Message::Stats(stats) => self.for_everyone(|person| person.stats = stats),
            Message::Remembered(remembered) => self.for_everyone(|person| person.remembered = remembered.clone()),
            Message::Resized { person, width, height } => {
                if let Some(p) = self.index_of(person) {
                    self.people[p].too_small = width < super::view::MIN_WIDTH || height < super::view::MIN_HEIGHT;
                }
            }
            Message::Arrive(arrival) => self.arrive(*arrival),
            Message::Leave(id) => self.leave(id, now),
        }
        self.advance(now);
        self.run_clock(now);
        self.start_waiting(now);
    }

    fn for_everyone(&mut self, mut change: impl FnMut(&mut Person)) {
        self.people.iter_mut().for_each(&mut change);
    }

    /// The same note for everyone here.
    fn tell_all(&mut self, note: &str) {
        self.for_everyone(|person| person.note = Some(note.to_string()));
    }

    /// A note for each person, as their seat sees it (`None` clears theirs).
    fn tell_each(&mut self, say: impl Fn(&App, Option<Seat>) -> Option<String>) {
        let notes: Vec<Option<String>> = self.people.iter().map(|person| say(self, person.seat)).collect();
        for (person, note) in self.people.iter_mut().zip(notes) {
            person.note = note;
        }
    }

    /// A person comes in: back to the seat they hold, to the first seat
    /// nobody holds, or to watch when they asked to or every seat is held.
    fn arrive(&mut self, arrival: Arrival) {
        let Arrival { id, name, key, watch, theme, size } = arrival;
        if self.index_of(id).is_some() {
            return;
        }
        let own = (0..self.holders.len())
            .find(|&i| self.holders[i].as_ref().is_some_and(|h| h.away_since.is_some() && h.is(&name, key.as_deref())));
        let free = || (0..self.holders.len()).find(|&i| self.holders[i].is_none());
        let seat = if watch { None } else { own.or_else(free).and_then(Seat::new) };
        let mut person = Person::new(id, &name, seat, theme);
        person.done_with_hand = self.summarised_hand;
        person.note = Some(match seat {
            Some(seat) if own.is_some() => {
                format!("Welcome back, {name}: your seat is as you left it ({})", self.seat_word(seat))
            }
            Some(seat) => format!("Welcome, {name}: you sit {}", self.seat_word(seat)),
            None if watch => format!("Welcome, {name}: you are watching"),
            None => format!("Welcome, {name}: every seat is taken, so you are watching"),
        });
        if let Some(seat) = seat {
            let arrived = format!("{name} sits down {}", self.seat_word(seat));
            let rejoined = format!("{name} is back");
            self.tell_all(if own.is_some() { &rejoined } else { &arrived });
            self.holders[seat.index()] = Some(Holder { name: name.clone(), key, away_since: None });
            person.received = CardSet::EMPTY;
        }
        self.people.push(person);
        let p = self.people.len() - 1;
        let (width, height) = size;
        self.people[p].too_small = width < super::view::MIN_WIDTH || height < super::view::MIN_HEIGHT;
        self.reopen_windows(p);
    }

    /// Where a seat is, for the welcome: "at South", "at seat 3".
    fn seat_word(&self, seat: Seat) -> String {
        match (seat.index(), self.players()) {
            (0, _) => "at South".to_string(),
            (1, 4) => "at West".to_string(),
            (2, 4) => "at North".to_string(),
            (3, 4) => "at East".to_string(),
            (index, _) => format!("at seat {}", index + 1),
        }
    }

    /// A person coming to a table in the middle of a hand sees the windows
    /// it is showing: the summary of the hand just scored, the end.
    fn reopen_windows(&mut self, p: usize) {
        if self.finish.is_some() {
            self.people[p].overlay = Some(Overlay::GameOver(Button::NewGame));
        } else if self.game.phase() == GamePhase::HandOver && self.summarised_hand == self.game.hand_number() {
            self.people[p].done_with_hand = self.summarised_hand.saturating_sub(1);
            self.people[p].overlay = Some(Overlay::HandSummary);
        }
    }

    /// A person goes: their seat waits for them for the grace period.
    fn leave(&mut self, id: PersonId, now: Instant) {
        let Some(p) = self.index_of(id) else { return };
        let person = self.people.remove(p);
        let Some(seat) = person.seat else { return };
        if let Some(holder) = &mut self.holders[seat.index()] {
            holder.away_since = Some(now);
        }
        let grace = self.sharing.grace.as_secs();
        self.tell_all(&format!("{} left: their seat waits {grace} s, then its bot plays for them", person.name));
    }

    /// What the table waits on: the position, where the passes of a hand
    /// count as one decision (each person's clock runs from the same start).
    fn waiting_key(&self) -> u64 {
        let passing = self.game.phase() == GamePhase::InHand && self.game.hand().phase() == HandPhase::Passing;
        if passing { u64::from(self.game.hand_number()) | 1 << 63 } else { self.generation }
    }

    /// Starts the turn clock when the table comes to wait on a person.
    fn start_waiting(&mut self, now: Instant) {
        let waits = !self.waiting_for(now).is_empty();
        match self.waiting_since {
            Some((key, _)) if waits && key == self.waiting_key() => {}
            _ if waits => self.waiting_since = Some((self.waiting_key(), now)),
            _ => self.waiting_since = None,
        }
    }

    /// Any key or click ends a pace wait.
    fn skip_waits(&mut self, now: Instant) {
        if self.alone() {
            self.next_bot_at = self.next_bot_at.map(|at| at.min(now));
            self.trick_shown_until = self.trick_shown_until.map(|at| at.min(now));
        }
    }

    /// Closes a person's window: back to the table, or to the game-over
    /// window once the game is over (nothing else may act then).
    fn close_window(&mut self, p: usize) {
        self.people[p].overlay = self.finish.map(|_| Overlay::GameOver(Button::NewGame));
    }

    fn command(&mut self, p: usize, command: Command, now: Instant) {
        if command == Command::Suspend {
            self.effects.push(Effect::Suspend);
            return;
        }
        let id = self.people[p].id;
        if self.people[p].too_small {
            // Nothing of the table shows: only leaving acts (the game is saved).
            if matches!(command, Command::Quit | Command::ForceQuit) {
                if self.finish.is_none() {
                    self.effects.push(Effect::Save);
                }
                self.effects.push(Effect::Quit(id));
            }
            return;
        }
        if self.finish.is_some() && self.people[p].overlay.is_none() {
            // Once the game is over only its window acts: new game, replay, quit.
            self.people[p].overlay = Some(Overlay::GameOver(Button::NewGame));
        }
        if self.people[p].chat_line.is_some() {
            self.chat_command(p, command, now);
            return;
        }
        if let Some(overlay) = self.people[p].overlay.clone() {
            self.overlay_command(p, overlay, command, now);
            return;
        }
        match command {
            Command::Left => self.move_cursor(p, -1),
            Command::Right => self.move_cursor(p, 1),
            Command::First => self.cursor_to_end(p, false),
            Command::Last => self.cursor_to_end(p, true),
            Command::Mark => self.mark_or_play(p, self.cursor_card_of(p), true, now),
            Command::Confirm => self.confirm(p, now),
            Command::Card(card) => self.choose(p, card, now),
            Command::Button(Button::Pass) => self.pass(p, now),
            Command::Button(Button::PlayOut) | Command::PlayOut => self.play_out(p, now),
            Command::Cancel => {
                let person = &mut self.people[p];
                person.marked = CardBag::EMPTY;
                person.hint = CardSet::EMPTY;
                let theme = person.theme;
                person.note = person.queued.take().map(|card| format!("Dropped the queued {}", theme.card(card)));
            }
            Command::Help => self.people[p].overlay = Some(Overlay::Help),
            Command::LastTrick => match self.game.tricks().len() {
                0 => self.people[p].note = Some("No trick has been taken yet this hand".to_string()),
                taken => self.people[p].overlay = Some(Overlay::Trick(taken - 1)),
            },
            Command::ScoreSheet => self.people[p].overlay = Some(Overlay::ScoreSheet),
            Command::Stats => self.people[p].overlay = Some(Overlay::Stats),
            Command::PlayedCards => self.people[p].show_played = !self.people[p].show_played,
            Command::Hint => self.hint(p),
            Command::Undo => self.undo(p),
            Command::Restart => {
                if self.clock.is_some() {
                    self.people[p].note = Some("Restarting a hand is off in the timed game".to_string());
                } else if !self.alone() {
                    self.people[p].note = Some("Restarting a hand is off while other people play".to_string());
                } else if self.people[p].seat.is_none() {
                    self.people[p].note = Some("You are watching".to_string());
                } else {
                    self.people[p].overlay = Some(Overlay::ConfirmRestart);
                }
            }
            Command::Speed => {
                if self.alone() {
                    self.speed = self.speed.next();
                    let note = format!("Speed: {}", self.speed.name());
                    self.people[p].note = Some(note);
                } else {
                    self.people[p].note = Some("The pace is the table's while other people play".to_string());
                }
            }
            Command::Quit => {
                if self.finish.is_some() {
                    self.effects.push(Effect::Quit(id));
                } else {
                    self.people[p].overlay = Some(Overlay::ConfirmQuit);
                }
            }
            Command::ForceQuit => self.effects.push(Effect::Quit(id)),
            Command::New => self.open_new_game(p),
            Command::Chat if self.people.len() < 2 => {
                self.people[p].note = Some("Messages are for a table with other people at it".to_string());
            }
            Command::Chat => self.people[p].chat_line = Some(String::new()),
            Command::Yes
            | Command::Typed(_)
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

    /// A key while the person writes a message: text, Backspace, Enter
    /// sends, Esc gives up.
    fn chat_command(&mut self, p: usize, command: Command, now: Instant) {
        let person = &mut self.people[p];
        let Some(line) = &mut person.chat_line else { return };
        match command {
            Command::Typed(c) if shows_safely(c) && line.chars().count() < CHAT_LENGTH => line.push(c),
            Command::Erase => {
                line.pop();
            }
            Command::Cancel => person.chat_line = None,
            Command::ForceQuit => self.effects.push(Effect::Quit(person.id)),
            Command::Confirm => {
                while person.said_at.front().is_some_and(|&at| now.saturating_duration_since(at) >= CHAT_WINDOW) {
                    person.said_at.pop_front();
                }
                let text = line.trim().to_string();
                if text.is_empty() {
                    person.chat_line = None;
                } else if person.said_at.len() >= CHAT_BURST {
                    person.note = Some("Slow down: a few messages every ten seconds".to_string());
                } else {
                    person.said_at.push_back(now);
                    person.chat_line = None;
                    if self.chat.len() == CHAT_KEPT {
                        self.chat.pop_front();
                    }
                    self.chat.push_back(Said { from: person.name.clone(), text, at: now });
                }
            }
            _ => {}
        }
    }

    /// Help or quit over a question that must be answered (the Generale,
    /// a bid, the suit to name): the question comes back once these
    /// windows close. Any other key leaves it asked.
    fn step_aside(&mut self, p: usize, command: Command) {
        match command {
            Command::Help => self.people[p].overlay = Some(Overlay::Help),
            Command::Quit => self.people[p].overlay = Some(Overlay::ConfirmQuit),
            _ => {}
        }
    }

    /// Person `p`'s answer to their seat's question, once they answer.
    fn answer(&mut self, p: usize, action: impl FnOnce(Seat) -> Action, now: Instant) {
        self.people[p].overlay = None;
        if let Some(seat) = self.people[p].seat {
            self.apply(action(seat), now);
        }
    }

    fn overlay_command(&mut self, p: usize, overlay: Overlay, command: Command, now: Instant) {
        let id = self.people[p].id;
        if command == Command::ForceQuit {
            self.effects.push(Effect::Quit(id));
            return;
        }
        let set = |app: &mut App, overlay: Overlay| app.people[p].overlay = Some(overlay);
        match overlay {
            Overlay::Trick(index) => match command {
                Command::LastTrick | Command::Left if index > 0 => set(self, Overlay::Trick(index - 1)),
                Command::Right if index + 1 < self.game.tricks().len() => set(self, Overlay::Trick(index + 1)),
                Command::Left | Command::Right => {}
                Command::Quit => set(self, Overlay::ConfirmQuit),
                _ => self.close_window(p),
            },
            Overlay::Help if command == Command::Help => set(self, Overlay::Rules),
            Overlay::Help | Overlay::Rules | Overlay::ScoreSheet | Overlay::Stats => match command {
                // The key that opened a window closes it; so do Esc, Enter and a click.
                Command::Help
                | Command::LastTrick
                | Command::ScoreSheet
                | Command::Stats
                | Command::Cancel
                | Command::Confirm
                | Command::Dismiss
                | Command::Button(_) => self.close_window(p),
                Command::Quit if self.finish.is_some() => self.effects.push(Effect::Quit(id)),
                Command::Quit => set(self, Overlay::ConfirmQuit),
                _ => {}
            },
            Overlay::ConfirmQuit => match command {
                Command::Yes | Command::Confirm | Command::Quit | Command::Button(Button::Yes) => {
                    if self.finish.is_none() {
                        self.effects.push(Effect::Save);
                    }
                    self.effects.push(Effect::Quit(id));
                }
                Command::New | Command::Cancel | Command::Button(Button::No) => self.close_window(p),
                _ => {}
            },
            Overlay::ConfirmRestart => match command {
                Command::Yes | Command::Confirm | Command::Button(Button::Yes) => {
                    self.people[p].overlay = None;
                    self.restart_hand();
                }
                Command::New | Command::Cancel | Command::Button(Button::No) => self.people[p].overlay = None,
                _ => {}
            },
            Overlay::HandSummary => match command {
                Command::Confirm | Command::Mark | Command::Dismiss | Command::Button(Button::Continue) => {
                    self.people[p].overlay = None;
                    self.people[p].done_with_hand = self.game.hand_number();
                    if self.game.phase() == GamePhase::GameOver {
                        self.people[p].overlay = Some(Overlay::GameOver(Button::NewGame));
                    } else if !self.all_done_with_hand() {
                        let waiting = self.waiting_for(now).join(", ");
                        self.people[p].note = Some(format!("Waiting for {waiting} to read the scores"));
                    }
                }
                Command::ScoreSheet | Command::Help | Command::Stats => {}
                Command::Quit => set(self, Overlay::ConfirmQuit),
                _ => {}
            },
            Overlay::MoonChoice(selected) => {
                let choose = |scoring| move |seat| Action::ChooseMoon { seat, scoring };
                match command {
                    Command::Left | Command::Right => {
                        let other = match selected {
                            MoonScoring::AddToOthers => MoonScoring::SubtractFromShooter,
                            MoonScoring::SubtractFromShooter => MoonScoring::AddToOthers,
                        };
                        set(self, Overlay::MoonChoice(other));
                    }
                    Command::Confirm | Command::Mark => self.answer(p, choose(selected), now),
                    Command::Button(Button::MoonAdd) => self.answer(p, choose(MoonScoring::AddToOthers), now),
                    Command::Button(Button::MoonSubtract) => {
                        self.answer(p, choose(MoonScoring::SubtractFromShooter), now);
                    }
                    _ => {}
                }
            }
            Overlay::Generale(selected) => {
                let answer = match command {
                    Command::Left | Command::Right => {
                        let other = if selected == Button::Yes { Button::No } else { Button::Yes };
                        set(self, Overlay::Generale(other));
                        None
                    }
                    Command::Confirm | Command::Mark => Some(selected == Button::Yes),
                    Command::Yes | Command::Button(Button::Yes) => Some(true),
                    Command::New | Command::Cancel | Command::Button(Button::No) => Some(false),
                    _ => {
                        self.step_aside(p, command);
                        None
                    }
                };
                if let Some(generale) = answer {
                    self.answer(p, |seat| Action::Declare { seat, generale }, now);
                }
            }
            Overlay::Bid(offer) => {
                let least = self.game.hand().least_bid();
                let most = self.people[p].seat.map_or(least, |seat| self.chips_of(seat).max(least));
                let answer = match command {
                    Command::Left | Command::Down => {
                        set(self, Overlay::Bid(offer.saturating_sub(1).max(least)));
                        None
                    }
                    Command::Right | Command::Up => {
                        set(self, Overlay::Bid((offer + 1).min(most)));
                        None
                    }
                    Command::Confirm | Command::Mark | Command::Yes | Command::Button(Button::Yes) => Some(Some(offer)),
                    Command::New | Command::Cancel | Command::Button(Button::No) => Some(None),
                    _ => {
                        self.step_aside(p, command);
                        None
                    }
                };
                if let Some(chips) = answer {
                    self.answer(p, |seat| Action::Bid { seat, chips }, now);
                }
            }
            Overlay::NameSuit(selected) => {
                let index = Suit::ALL.iter().position(|&suit| suit == selected).unwrap_or(0);
                let answer = match command {
                    Command::Left => {
                        set(self, Overlay::NameSuit(Suit::ALL[(index + 3) % 4]));
                        None
                    }
                    Command::Right => {
                        set(self, Overlay::NameSuit(Suit::ALL[(index + 1) % 4]));
                        None
                    }
                    Command::Confirm | Command::Mark => Some(selected),
                    Command::Button(Button::Suit(suit)) => Some(suit),
                    _ => {
                        self.step_aside(p, command);
                        None
                    }
                };
                if let Some(suit) = answer {
                    self.answer(p, |seat| Action::NameSuit { seat, suit }, now);
                }
            }
            Overlay::GameOver(selected) => {
                const MENU: [Button; 3] = [Button::NewGame, Button::Replay, Button::Quit];
                let index = MENU.iter().position(|&b| b == selected).unwrap_or(0);
                match command {
                    Command::Left => set(self, Overlay::GameOver(MENU[(index + 2) % 3])),
                    Command::Right => set(self, Overlay::GameOver(MENU[(index + 1) % 3])),
                    Command::Confirm | Command::Mark => self.menu(p, selected),
                    Command::Button(button) => self.menu(p, button),
                    Command::New => self.menu(p, Button::NewGame),
                    Command::Restart => self.menu(p, Button::Replay),
                    Command::Quit => self.menu(p, Button::Quit),
                    Command::ScoreSheet => set(self, Overlay::ScoreSheet),
                    Command::Stats => set(self, Overlay::Stats),
                    _ => {}
                }
            }
            Overlay::NewGame(form) => self.new_game_command(p, form, command),
            Overlay::Resume(offer) => match command {
                Command::Confirm | Command::Button(Button::Resume) => {
                    self.effects.push(Effect::Resume(Programs::Replace));
                }
                Command::Yes | Command::Button(Button::RunPrograms) if !offer.programs.is_empty() => {
                    self.effects.push(Effect::Resume(Programs::Run));
                }
                Command::Yes => self.effects.push(Effect::Resume(Programs::Replace)),
                Command::New | Command::Cancel | Command::Button(Button::NewGame) => {
                    self.people[p].overlay = None;
                    self.effects.push(Effect::DeclineResume);
                    self.people[p].note =
                        Some("New game: the unfinished one is kept with your games and its save replaced".to_string());
                }
                Command::Quit => self.effects.push(Effect::Quit(id)),
                _ => {}
            },
        }
    }

    fn open_new_game(&mut self, p: usize) {
        let person = &self.people[p];
        let form = NewGameForm::new(&self.table, self.speed, person.theme.ascii, &person.remembered);
        self.people[p].overlay = Some(Overlay::NewGame(Box::new(form)));
    }

    fn new_game_command(&mut self, p: usize, mut form: Box<NewGameForm>, command: Command) {
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
                self.close_window(p);
                return;
            }
            Command::Quit => {
                self.people[p].overlay = Some(Overlay::ConfirmQuit);
                return;
            }
            _ => {}
        }
        self.people[p].overlay = Some(Overlay::NewGame(form));
    }

    fn menu(&mut self, p: usize, button: Button) {
        match button {
            Button::NewGame => self.open_new_game(p),
            Button::Replay => self.effects.push(Effect::NewGame(Some(self.start))),
            Button::Quit => self.effects.push(Effect::Quit(self.people[p].id)),
            _ => {}
        }
    }

    /// Moves person `p`'s cursor `step` cards along their hand; on their
    /// turn it skips the cards they may not play (they stay in view, dimmed).
    fn move_cursor(&mut self, p: usize, step: isize) {
        let cards = self.cards_of(p);
        let count = cards.len() as isize;
        if count == 0 {
            return;
        }
        let allowed = self.cursor_stops(p);
        let mut at = self.people[p].cursor.min(cards.len() - 1) as isize;
        for _ in 0..count {
            at = (at + step).rem_euclid(count);
            if allowed.contains(cards[at as usize]) {
                break;
            }
        }
        self.people[p].cursor = at as usize;
    }

    /// Home and End: the first or last card the cursor may stop on.
    fn cursor_to_end(&mut self, p: usize, last: bool) {
        let allowed = self.cursor_stops(p);
        let cards = self.cards_of(p);
        let mut stops = cards.iter().enumerate().filter(|(_, card)| allowed.contains(**card)).map(|(i, _)| i);
        let found = if last { stops.next_back() } else { stops.next() };
        if let Some(index) = found {
            self.people[p].cursor = index;
        }
    }

    /// A turn starts with the cursor on a card that may be played: the one
    /// nearest to where it was when that card is dimmed.
    fn keep_cursor_on_a_stop(&mut self, p: usize) {
        let (allowed, cards) = (self.cursor_stops(p), self.cards_of(p));
        let at = self.people[p].cursor.min(cards.len().saturating_sub(1));
        if cards.get(at).is_some_and(|&card| allowed.contains(card)) {
            return;
        }
        let stops = cards.iter().enumerate().filter(|(_, card)| allowed.contains(**card)).map(|(i, _)| i);
        if let Some(nearest) = stops.min_by_key(|&i| i.abs_diff(at)) {
            self.people[p].cursor = nearest;
        }
    }

    /// The cards the cursor stops on: the legal ones on their turn, else all.
    fn cursor_stops(&self, p: usize) -> CardSet {
        if self.their_play(p) { self.game.legal_moves() } else { CardSet::DECK | CardSet::JOKERS }
    }

    /// A click on a card: the cursor moves there, then it is marked or played.
    fn choose(&mut self, p: usize, card: Card, now: Instant) {
        if let Some(index) = self.cards_of(p).iter().position(|&c| c == card) {
            self.people[p].cursor = index;
            self.mark_or_play(p, Some(card), false, now);
        }
    }

    /// Space (or a click): while passing, mark or unmark; while playing,
    /// play the card or queue it.
    fn mark_or_play(&mut self, p: usize, card: Option<Card>, from_space: bool, now: Instant) {
        let Some(card) = card else { return };
        if self.passing(p) {
            self.toggle_mark(p, card);
        } else if self.game.phase() == GamePhase::InHand && self.game.hand().phase() == HandPhase::Playing {
            self.play_or_queue(p, card, now);
        } else if from_space {
            self.people[p].note = None;
        }
    }

    /// Marks `card` or unmarks it. A card held twice (two packs) is
    /// marked once, then both copies, then neither.
    fn toggle_mark(&mut self, p: usize, card: Card) {
        let Some(seat) = self.people[p].seat else { return };
        let need = self.game.hand().pass_count();
        let one = CardBag::from(CardSet::single(card));
        let held = self.game.hand().hand_of(seat).count(card);
        let person = &mut self.people[p];
        let marked = person.marked.count(card);
        let room = person.marked.len() < need;
        if marked < held && room {
            person.marked = person.marked.plus(one);
            person.note = (held == 2 && marked == 0)
                .then(|| format!("You hold two {}: mark it again to pass both", person.theme.card(card)));
        } else if marked > 0 {
            person.marked = (0..marked).fold(person.marked, |bag, _| bag.less(one));
            person.note = None;
        } else {
            person.note = Some(format!("You pass {need} cards; unmark one first"));
        }
    }

    fn confirm(&mut self, p: usize, now: Instant) {
        if self.passing(p) {
            self.pass(p, now);
        } else {
            self.mark_or_play(p, self.cursor_card_of(p), false, now);
        }
    }

    /// Sends person `p`'s marked cards on their way; they leave after a
    /// pace step, during which undo takes them back.
    fn pass(&mut self, p: usize, now: Instant) {
        let Some(seat) = self.people[p].seat.filter(|_| self.passing(p)) else { return };
        let need = self.game.hand().pass_count();
        let person = &mut self.people[p];
        if person.marked.len() != need {
            person.note = Some(format!("Mark {need} cards to pass ({} marked)", person.marked.len()));
            return;
        }
        self.pending_passes.push(PendingPass { seat, cards: person.marked, at: now + self.speed.trick_delay() });
        person.marked = CardBag::EMPTY;
        person.hint = CardSet::EMPTY;
        person.note = None;
        person.cursor = 0;
        self.undo_refusal = "";
    }

    fn play_or_queue(&mut self, p: usize, card: Card, now: Instant) {
        let Some(seat) = self.people[p].seat else {
            self.people[p].note = Some("You are watching: the cards are the players'".to_string());
            return;
        };
        let hand = self.game.hand();
        if hand.to_act() != seat {
            let person = &mut self.people[p];
            if person.queued == Some(card) {
                person.queued = None;
                person.note = Some(format!("Unqueued {}", person.theme.card(card)));
            } else {
                person.queued = Some(card);
                person.note = Some(format!("{} queued: it plays when your turn comes", person.theme.card(card)));
            }
            return;
        }
        match hand.check_play(seat, card) {
            Ok(()) => self.play_theirs(p, seat, card, now),
            Err(error) => self.people[p].note = Some(sentence(&error.to_string())),
        }
    }

    fn play_theirs(&mut self, p: usize, seat: Seat, card: Card, now: Instant) {
        self.undo_point = Some(UndoPoint {
            game: self.game.clone(),
            log_len: self.log.len(),
            received: self.people[p].received,
            what: self.people[p].theme.card(card),
        });
        let person = &mut self.people[p];
        person.received = CardSet::EMPTY;
        person.hint = CardSet::EMPTY;
        person.queued = None;
        person.note = None;
        self.apply(Action::Play { seat, card }, now);
        self.undo_refusal = "";
        let count = self.cards_of(p).len();
        self.people[p].cursor = self.people[p].cursor.min(count.saturating_sub(1));
    }

    /// Whether hints are offered: not in the timed game, as in the online
    /// game it copies, nor where the table turned them off.
    pub fn hints_allowed(&self) -> bool {
        self.clock.is_none() && self.sharing.hints
    }

    /// Whether undo is offered: not in the timed game, nor while other
    /// people play at the table.
    pub fn undo_allowed(&self) -> bool {
        self.clock.is_none() && self.alone()
    }

    /// Asks for the hint: worked out off this thread, so the table goes on
    /// answering keys meanwhile.
    fn hint(&mut self, p: usize) {
        if !self.hints_allowed() {
            let why = if self.clock.is_some() { "in the timed game" } else { "at this table" };
            self.people[p].note = Some(format!("Hints are off {why}"));
            return;
        }
        let Some(seat) = self.people[p].seat.filter(|_| self.passing(p) || self.their_play(p)) else {
            self.people[p].note = Some("A hint is for your pass or your turn".to_string());
            return;
        };
        let person = &mut self.people[p];
        person.note = Some(format!("Working out a hint{}", person.theme.ellipsis()));
        if person.hint_asked != Some(self.generation) {
            person.hint_asked = Some(self.generation);
            self.hints_used += 1;
            let request = HintRequest { game: self.game.clone(), seat };
            self.effects.push(Effect::WorkOutHint(person.id, Box::new(request)));
        }
    }

    /// Shows the hint worked out, unless the game has moved on since it
    /// was asked for (or the pass is already on its way).
    fn show_hint(&mut self, p: usize, worked: WorkedOutHint) {
        let current = (self.passing(p) || self.their_play(p)) && self.people[p].seat == Some(worked.seat);
        if self.people[p].hint_asked.is_none() || !worked.fits(&self.game) || !current {
            return;
        }
        self.people[p].hint_asked = None;
        match worked.advice.map(|advice| advice.choices) {
            Some(Choices::Pass(estimates)) => {
                let Some(cards) = estimates.first().map(|best| best.cards) else { return };
                let person = &mut self.people[p];
                person.hint = cards;
                person.marked = cards.into();
                person.note = Some(format!("Hint: pass {}", person.theme.cards(cards.iter())));
            }
            Some(Choices::Play(estimates)) => {
                let Some(best) = estimates.first().map(|best| best.card) else { return };
                let position = self.cards_of(p).iter().position(|&c| c == best);
                let person = &mut self.people[p];
                person.hint = CardSet::single(best);
                if let Some(index) = position {
                    person.cursor = index;
                }
                let theme = person.theme;
                let runner_up = estimates
                    .get(1)
                    .map(|e| format!("; {} costs {:.1}", theme.card(e.card), estimates[0].value - e.value));
                person.note = Some(format!("Hint: play {}{}", theme.card(best), runner_up.unwrap_or_default()));
            }
            None => {}
        }
    }

    fn undo(&mut self, p: usize) {
        if !self.undo_allowed() {
            let why = if self.clock.is_some() { "in the timed game" } else { "while other people play" };
            self.people[p].note = Some(format!("Undo is off {why}"));
            return;
        }
        let Some(seat) = self.people[p].seat else { return };
        if let Some(index) = self.pending_passes.iter().position(|pass| pass.seat == seat) {
            let pass = self.pending_passes.remove(index);
            self.undos += 1;
            let person = &mut self.people[p];
            person.marked = pass.cards;
            person.note = Some(format!("Took back your pass of {}", person.theme.cards(pass.cards.iter())));
            return;
        }
        match self.undo_point.take() {
            Some(point) => {
                self.restore(&point);
                self.undos += 1;
                self.people[p].note = Some(format!("Took back your {}", point.what));
            }
            None if self.undo_refusal.is_empty() => self.people[p].note = Some("Nothing to undo".to_string()),
            None => self.people[p].note = Some(format!("Can't undo: {}", self.undo_refusal)),
        }
    }

    fn restart_hand(&mut self) {
        let start = self.hand_start.clone();
        self.restore(&start);
        let note = format!("Hand {} dealt again", self.game.hand_number());
        self.for_everyone(|person| {
            person.marked = CardBag::EMPTY;
            person.note = Some(note.clone());
        });
        self.note_hold_hand();
    }

    fn restore(&mut self, point: &UndoPoint) {
        self.game = point.game.clone();
        self.log.truncate(point.log_len);
        self.generation += 1;
        self.decision = None;
        self.pending_passes.clear();
        self.trick_shown_until = None;
        self.next_bot_at = None;
        self.undo_point = None;
        self.undo_refusal = "you have not passed or played since";
        self.for_everyone(|person| {
            person.received = point.received;
            person.queued = None;
            person.hint = CardSet::EMPTY;
        });
    }

    /// Plays the hand out at once when no points are left in it.
    fn play_out(&mut self, p: usize, now: Instant) {
        if !self.can_play_out() {
            self.people[p].note = Some("Playing out is offered once no points are left in the hand".to_string());
            return;
        }
        if !self.alone() {
            self.people[p].note = Some("Playing out is off while other people play".to_string());
            return;
        }
        let mut player = Level::Easy.bot(self.game.seed(), YOU, crate::bot::Think::Samples(1));
        while self.game.phase() == GamePhase::InHand {
            let seat = self.game.hand().to_act();
            let Some(action) = decide(&self.game, seat, player.as_mut()) else { break };
            self.apply(action, now);
        }
        self.trick_shown_until = None;
        self.for_everyone(|person| {
            person.received = CardSet::EMPTY;
            person.note = Some("Played out: no points were left".to_string());
        });
    }

    /// Applies an action to the game and updates the table around it.
    fn apply(&mut self, action: Action, now: Instant) {
        let event = match self.game.apply(action) {
            Ok(event) => event,
            Err(error) => {
                let note = sentence(&error.to_string());
                self.tell_all(&note);
                return;
            }
        };
        self.log.push(action);
        self.generation += 1;
        self.decision = None;
        let by_a_person = match action {
            Action::Pass { seat, .. } | Action::Play { seat, .. } => self.held_here(seat),
            _ => false,
        };
        if !by_a_person && !matches!(action, Action::Pass { .. }) {
            self.undo_point = None;
            self.undo_refusal = "other players have played since";
        }
        if let Action::Play { seat, .. }
        | Action::Pass { seat, .. }
        | Action::Declare { seat, .. }
        | Action::Bid { seat, .. }
        | Action::NameSuit { seat, .. }
        | Action::ChooseMoon { seat, .. } = action
            && let Some(p) = self.person_in(seat)
        {
            // When a bot moved for them (the turn clock), their own choice is void and its question answered.
            let person = &mut self.people[p];
            person.queued = None;
            if matches!(action, Action::Pass { .. }) {
                person.marked = CardBag::EMPTY;
            }
            let asked = matches!(
                person.overlay,
                Some(Overlay::Generale(_) | Overlay::Bid(_) | Overlay::NameSuit(_) | Overlay::MoonChoice(_))
            );
            if asked {
                person.overlay = None;
            }
        }
        match event {
            Event::PassChosen => {}
            Event::CardsExchanged => {
                let hand = self.game.hand();
                let received: Vec<CardSet> =
                    self.people.iter().map(|p| p.seat.map_or(CardSet::EMPTY, |s| hand.received(s))).collect();
                for (person, cards) in self.people.iter_mut().zip(received) {
                    person.received = cards;
                }
                self.undo_refusal = "the cards passed to you are in your hand";
                self.tell_each(|app, seat| {
                    let seat = seat?;
                    let hand = app.game.hand();
                    let from = Seat::all(app.players()).find(|&s| hand.pass_target(s) == seat).unwrap_or(seat);
                    let theme = app.theme_of(seat);
                    let received = hand.received_cards(seat);
                    Some(format!(
                        "You received {} from {}",
                        theme.cards(received.iter()),
                        app.name_for(Some(seat), from)
                    ))
                });
                self.effects.push(Effect::Save);
            }
            Event::CardPlayed => {
                self.note_draw();
                self.next_bot_at = Some(now + self.speed.card_delay());
            }
            Event::Declared { seat, generale } => {
                if generale {
                    let points = self.table.rules.penalty_total();
                    self.tell_each(|app, viewer| {
                        let yours = viewer == Some(seat);
                        Some(format!(
                            "{} declared the Generale: every point to {}, or {points} for failing",
                            app.name_for(viewer, seat),
                            if yours { "you" } else { "them" }
                        ))
                    });
                }
                self.next_bot_at = Some(now + self.speed.card_delay());
                self.effects.push(Effect::Save);
            }
            Event::Bid { seat, chips } => {
                self.tell_each(|app, viewer| {
                    let who = app.name_for(viewer, seat);
                    Some(match chips {
                        Some(chips) => format!("{who} bid {chips}"),
                        None => format!("{who} did not bid"),
                    })
                });
                self.next_bot_at = Some(now + self.speed.card_delay());
                self.effects.push(Effect::Save);
            }
            Event::SuitNamed { seat, suit } => {
                self.tell_each(|app, viewer| {
                    let leads = if viewer == Some(seat) { "you lead" } else { "leads" };
                    Some(format!("{} named {}: each is worth 1, and {leads}", app.name_for(viewer, seat), suit.name()))
                });
                self.next_bot_at = Some(now + self.speed.card_delay());
                self.effects.push(Effect::Save);
            }
            Event::TrickRolledOver => {
                let cards = self.game.hand().waiting().len();
                self.tell_all(&format!(
                    "Nobody wins the trick: its cards wait for the next trick's winner ({cards} now)"
                ));
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
                self.for_everyone(Person::new_hand);
                self.undo_point = None;
                self.undo_refusal = "you have not passed or played yet";
                self.hand_start = UndoPoint {
                    game: self.game.clone(),
                    log_len: self.log.len(),
                    received: CardSet::EMPTY,
                    what: String::new(),
                };
                self.note_hold_hand();
                self.effects.push(Effect::Save);
            }
        }
    }

    /// How the person in `seat` writes cards (the table's default for a seat nobody here plays).
    fn theme_of(&self, seat: Seat) -> Theme {
        self.person_in(seat).map_or(Theme { color: false, ascii: false, palette256: false }, |p| self.people[p].theme)
    }

    /// Domino: the seat now to play could not follow and drew. Its player
    /// sees the cards; the others, how many.
    fn note_draw(&mut self) {
        let Some((seat, drawn)) = self.game.last_draw() else { return };
        let count = drawn.len();
        let left = self.game.hand().stock().len();
        self.tell_each(|app, viewer| {
            Some(if viewer == Some(seat) {
                format!("You drew {count}: {} ({left} left in the stock)", app.theme_of(seat).cards(drawn))
            } else {
                let cards = if count == 1 { "card" } else { "cards" };
                format!("{} could not follow and drew {count} {cards} ({left} left)", app.name_for(viewer, seat))
            })
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
                self.tell_all(&format!("{target} reached: the game ends in the middle of the hand"));
            }
            return;
        };
        let cards = hand.taken(taker) - played;
        let hearts = hand.points(self.table.rules.points, cards);
        // What the stock still held: as dealt, less every card drawn. The
        // rest of what the taker took was its own hand.
        let dealt = crate::engine::Deal::for_hand(&self.table.rules, self.game.seed(), self.game.hand_number() - 1);
        let stock_left = self.game.draws().iter().fold(dealt.kitty, |stock, draw| stock - draw.cards);
        let why = if (cards - stock_left).is_empty() { "won the last trick" } else { "held the last cards" };
        self.tell_each(|app, viewer| {
            Some(format!(
                "{} {why} and took the stock: {} cards, {hearts} points",
                app.name_for(viewer, taker),
                cards.len()
            ))
        });
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
        self.tell_each(|app, viewer| {
            Some(if viewer == Some(taker) {
                format!("You took the widow: {}", app.theme_of(taker).cards(kitty.iter()))
            } else {
                format!("{} took the widow ({} cards)", app.name_for(viewer, taker), kitty.len())
            })
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
            self.tell_all(&format!("No passing this hand ({why})"));
        }
    }

    /// Whether every person here in a seat has closed the summary of the
    /// hand just scored (a person gone does not hold the table).
    fn all_done_with_hand(&self) -> bool {
        let hand = self.game.hand_number();
        self.people.iter().all(|person| person.seat.is_none() || person.done_with_hand >= hand)
    }

    /// Moves the game on as far as it can go at `now`: sends a pass whose
    /// time has come, plays a queued card, applies a bot's decision once
    /// the pace allows, opens summaries, runs the clock out.
    fn advance(&mut self, now: Instant) {
        loop {
            if self.finish.is_some() || self.held() {
                return;
            }
            if self.clock.is_some_and(|clock| clock.started.is_some() && clock.left(now).is_zero()) {
                self.end(Finish::OutOfTime, now);
                return;
            }
            if let Some(index) = self.pending_passes.iter().position(|pass| pass.at <= now) {
                let pass = self.pending_passes.remove(index);
                self.apply(Action::Pass { seat: pass.seat, cards: pass.cards }, now);
                continue;
            }
            if !self.pending_passes.is_empty() && self.alone() {
                return;
            }
            if self.showing_trick(now) {
                return;
            }
            self.trick_shown_until = None;
            match self.game.phase() {
                GamePhase::HandOver | GamePhase::GameOver => {
                    if self.summarised_hand != self.game.hand_number() {
                        self.summarised_hand = self.game.hand_number();
                        self.for_everyone(|person| person.overlay = Some(Overlay::HandSummary));
                        if self.game.phase() == GamePhase::GameOver {
                            self.end(Finish::Completed, now);
                            return;
                        }
                    }
                    if self.game.phase() == GamePhase::HandOver && (self.all_done_with_hand() || self.overdue(now)) {
                        self.next_hand(now);
                        continue;
                    }
                    return;
                }
                GamePhase::MoonChoice(seat) if !self.bot_plays(seat, now) => {
                    if let Some(p) = self.person_in(seat)
                        && !matches!(self.people[p].overlay, Some(Overlay::MoonChoice(_)))
                    {
                        self.people[p].overlay = Some(Overlay::MoonChoice(MoonScoring::AddToOthers));
                    }
                    return;
                }
                _ => {}
            }
            if self.game.hand().phase() == HandPhase::Passing
                && let Some((generation, action)) = self.decision.take()
            {
                // Passes are chosen all at once: a bot's may come while a person still chooses.
                if generation == self.generation {
                    self.apply(action, now);
                    continue;
                }
            }
            let Some(seat) = self.seat_to_act() else { return };
            if !self.bot_plays(seat, now) {
                if let Some(p) = self.person_in(seat)
                    && self.ask(p, seat, now)
                {
                    continue;
                }
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

    /// The hand's summary is read: the next hand is dealt, and anyone
    /// still reading it has it closed.
    fn next_hand(&mut self, now: Instant) {
        let hand = self.game.hand_number();
        self.for_everyone(|person| {
            if person.overlay == Some(Overlay::HandSummary) {
                person.overlay = None;
            }
            person.done_with_hand = hand;
        });
        self.apply(Action::NextHand, now);
    }

    /// The game waits on person `p` in `seat`: asks their question (the
    /// Generale, a bid, the suit to name), or plays the card they queued.
    /// Whether the game moved on.
    fn ask(&mut self, p: usize, seat: Seat, now: Instant) -> bool {
        let hand = self.game.hand();
        let open = self.people[p].overlay.is_none();
        if hand.to_declare() == Some(seat) {
            // Asked once no other window is open.
            if open {
                self.people[p].overlay = Some(Overlay::Generale(Button::No));
            }
            return false;
        }
        if hand.to_bid() == Some(seat) {
            if open {
                self.people[p].overlay = Some(Overlay::Bid(hand.least_bid()));
            }
            return false;
        }
        if hand.phase() == HandPhase::Naming {
            if open {
                let best = crate::bot::SeatView::of(&self.game, seat);
                self.people[p].overlay = Some(Overlay::NameSuit(crate::bot::suggested_suit(&best)));
            }
            return false;
        }
        if hand.phase() == HandPhase::Playing
            && let Some(card) = self.people[p].queued.take()
        {
            match hand.check_play(seat, card) {
                Ok(()) => {
                    self.play_theirs(p, seat, card, now);
                    return true;
                }
                Err(error) => {
                    let theme = self.people[p].theme;
                    self.people[p].note = Some(format!(
                        "Dropped the queued {}: {}",
                        theme.card(card),
                        error.to_string().trim_end_matches('.')
                    ));
                }
            }
        }
        self.keep_cursor_on_a_stop(p);
        false
    }

    /// The timed game's clock counts the people's thinking only: it runs
    /// while the game waits for a pass, card or moon choice of someone
    /// here, and stands still while bots think and cards are shown.
    fn run_clock(&mut self, now: Instant) {
        let theirs = self.finish.is_none() && (0..self.people.len()).any(|p| self.awaits(p, now));
        if let Some(clock) = &mut self.clock {
            if theirs { clock.start(now) } else { clock.stop(now) }
        }
    }

    /// Whether the game waits for person `p`'s decision now.
    fn awaits(&self, p: usize, now: Instant) -> bool {
        let Some(seat) = self.people[p].seat else { return false };
        let on_table = !self.showing_trick(now) && self.people[p].overlay.as_ref().is_none_or(|o| !o.holds_play());
        let moon = self.game.phase() == GamePhase::MoonChoice(seat);
        let generale = self.game.phase() == GamePhase::InHand && self.game.hand().to_declare() == Some(seat);
        moon || generale || (on_table && (self.passing(p) || self.their_play(p)))
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
            self.for_everyone(|person| person.overlay = Some(Overlay::GameOver(Button::NewGame)));
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

    /// Whether you (South) won: had or shared the lowest total at the end.
    /// A game that ended before any hand was complete has no winner.
    pub fn finish_won(&self) -> bool {
        !self.game.history().is_empty() && self.game.leaders().contains(&YOU)
    }

    /// The cards `seat` is seen by `viewer` to have taken this hand:
    /// another seat's widow stays face down in its pile until the hand is
    /// scored.
    pub fn taken_seen_by(&self, viewer: Option<Seat>, seat: Seat) -> CardBag {
        let hand = self.game.hand();
        let taken = hand.taken_cards(seat);
        let hidden = viewer != Some(seat) && hand.phase() != HandPhase::Finished && hand.kitty_taker() == Some(seat);
        if hidden { taken.less(hand.kitty_cards()) } else { taken }
    }

    /// The penalty points `viewer` sees `seat` has taken in the hand so far
    /// (another seat's widow counts once the hand is scored).
    pub fn points_seen_by(&self, viewer: Option<Seat>, seat: Seat) -> i32 {
        let rules = &self.table.rules;
        let hand = self.game.hand();
        let taken = self.taken_seen_by(viewer, seat).cards();
        let bonus = rules.bonus_card().is_some_and(|card| taken.contains(card));
        hand.points(rules.points, taken) + if bonus { crate::engine::BONUS_CARD_VALUE } else { 0 }
    }
}

/// A message as a sentence: capital first letter.
pub(crate) fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
