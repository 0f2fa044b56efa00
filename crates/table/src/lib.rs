//! The shared table: a game that the people and bots at it share.
//!
//! The table owns what is shared: the engine's [`Game`], its log, the
//! pace, the timed game's clock and the turn clock, undo, who holds each
//! seat and who is here, the chat, proposals and votes, and the bots,
//! whose decisions it hands out as jobs for the runtime's pool. Its input
//! is what people intend ([`Intent`]), checked against what each may do
//! here; its output to a person is their [`Sight`] of it (their seat's
//! [`SeatView`](hearts_bots::SeatView) and the table's public state: a card
//! their seat may not see is not in it) and the [`Notice`]s made for them.
//! [`Table::update`] is the one place its state changes.
//!
//! No terminal, network or database crate is used here (this crate
//! depends on none): the views above draw sights and turn keys into
//! intents, and the runtimes above them (the terminal, `hearts serve`)
//! carry out the [`Effect`]s. Beside the table: the bots' [`pace`] and
//! the expert's [`review`] of a kept game.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod pace;
pub mod review;

mod act;
pub mod bots;
pub mod chat;
pub mod clock;
pub mod deal;
mod flow;
pub mod hint;
pub mod intent;
mod kept;
pub mod lineup;
pub mod notice;
mod outbox;
pub mod people;
pub mod pool;
mod presence;
pub mod proposal;
pub mod saved;
pub mod sight;
mod undo;

use std::time::{Duration, Instant};

use crate::pace::{Pacing, Speed};
use hearts_bots::Think;
use hearts_bots::record::{DealCode, GameRecord, ReplayError, SeatRecord};
use hearts_engine::{Action, BySeat, CardBag, CardSet, Chips, Game, GamePhase, HandPhase, RulesError, Seat};
use hearts_engine::{TournamentScore, Trick};

pub use bots::{BotJob, Decided};
pub use chat::{Chat, Said};
pub use clock::{Clock, Finish};
pub use deal::{DealSecret, DealShown, fresh_deal, secret_deal};
pub use hint::{HintRequest, WorkedOutHint};
pub use intent::{Intent, NewGame};
pub use lineup::{Setup, fixed_seat_name, seat_name};
pub use notice::{Hint, HintFailure, Job, Note, Notice, Off, Refusal};
pub use people::{Arrival, Holder, PersonId};
pub use sight::{AtSeat, OwnSight, Question, Sight, TakeSeen};

use bots::Bots;
use clock::{Timed, TurnClock};
use kept::Kept;
use outbox::Outbox;
use people::{Attendee, Seating};
use proposal::Proposal;
use saved::{Programs, SaveError, SavedGame};
use undo::Undo;

/// The seat of the terminal's own player, and of a saved game's person.
pub const YOU: Seat = Seat::SOUTH;

/// Whose table this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The terminal's own game: one person, at South, who sees the deal
    /// code and may suspend the program.
    Local,
    /// A served table: people come and go, watch, and share the game.
    Shared,
}

/// How a table with several people behaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sharing {
    /// How long a seat waits for a person who left before its bot plays.
    pub grace: Duration,
    /// How long the table waits for a person's decision before the seat's
    /// bot makes it; `None` waits as long as they are there.
    pub turn_clock: Option<Duration>,
    /// How many times the turn clock a person in the line mode has: they
    /// hear a trick in about 15 s that a screen shows at once.
    pub line_mode_clock: u32,
    /// Whether hints are offered.
    pub hints: bool,
    /// How long the table plays on once no seated person is here, before
    /// it pauses.
    pub pause_after: Duration,
}

impl Default for Sharing {
    fn default() -> Sharing {
        Sharing {
            grace: Duration::from_secs(60),
            turn_clock: None,
            line_mode_clock: LINE_MODE_CLOCK,
            hints: true,
            pause_after: Duration::from_secs(10 * 60),
        }
    }
}

/// How many times the turn clock a person in the line mode has, unless a
/// table says otherwise.
pub const LINE_MODE_CLOCK: u32 = 3;
/// How long a seat is kept for a person who has gone: from the next hand
/// or game after this, it is nobody's, for whoever comes.
pub const SEAT_KEPT: Duration = Duration::from_secs(600);

/// The most times the turn clock a table may give the line mode.
pub const MAX_LINE_MODE_CLOCK: u32 = 5;

/// What happens at the table.
#[derive(Debug)]
pub enum Message {
    /// A person means to do something.
    Intent(PersonId, Intent),
    /// A bot decided (its job came back).
    BotDecided(Decided),
    /// Time passed (a pace step, a clock, a grace period).
    Tick,
    /// The hint a person asked for is worked out.
    HintWorkedOut(PersonId, Box<WorkedOutHint>),
    /// The hint a person asked for could not be worked out.
    HintFailed(PersonId, HintFailure),
    /// Something the runtime has to say to everyone at the table (a file
    /// that could not be written).
    Note(Note),
    /// A person comes to the table: to sit (their seat if they held one,
    /// else the first free seat, else they watch) or to watch.
    Arrive(Arrival),
    /// A person left or lost the connection: their seat waits for them
    /// for the grace period, then its bot plays until they come back.
    Leave(PersonId),
    /// A person away gives up, from elsewhere (the lobby), the seat held
    /// by this token ([`Arrival::key`]).
    GiveUpHeld(String),
}

/// What the table asks its runtime to do.
#[derive(Debug)]
pub enum Effect {
    /// Keep the table as it is now (the save file, the server's store).
    Save,
    /// Work out a hint off the table's thread and send it back as
    /// [`Message::HintWorkedOut`].
    WorkOutHint(PersonId, Box<HintRequest>),
    /// A game ended, finished or left for a new one: keep it.
    Ended(Box<Ended>),
    /// A new game has started at the table.
    Started,
}

/// A game that ended at the table, as it is kept.
#[derive(Clone, Debug)]
pub struct Ended {
    /// Its rules and players.
    pub setup: Setup,
    /// The deal it started from.
    pub start: DealCode,
    /// Every action.
    pub log: Vec<Action>,
    /// The game as it ended.
    pub game: Game,
    /// How it ended; `None` when a new game took its place unfinished.
    pub finish: Option<Finish>,
    /// The timed game's score.
    pub tournament: Option<TournamentScore>,
    /// Undos taken.
    pub undos: u32,
    /// Hints asked for.
    pub hints: u32,
    /// Whether a person made any of its decisions (else there is nothing
    /// of anyone's to keep).
    pub people_played: bool,
    /// Each seat's person's key, where a person held it (the token the
    /// runtime knows them by).
    pub keys: Vec<Option<String>>,
    seats: Vec<SeatRecord>,
}

impl Ended {
    /// The game record: each person's seat `human` (the terminal's) or
    /// `human:NAME` (a served table's), the others their bots.
    pub fn record(&self) -> Result<GameRecord, ReplayError> {
        GameRecord::of_actions(self.setup.rules, self.start, self.seats.clone(), &self.log)
    }

    /// Whether the person at `seat` won: had or shared the best standing.
    /// A game that ended before any hand was complete has no winner.
    pub fn won(&self, seat: Seat) -> bool {
        !self.game.history().is_empty() && self.game.leaders().contains(&seat)
    }
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
pub struct Table {
    kind: Kind,
    setup: Setup,
    game: Game,
    /// The deal, the log and the counts a save and a record keep.
    kept: Kept,
    /// Counts changes to the game, so late bot answers are recognised.
    generation: u64,
    pacing: Pacing,
    /// The table's code, where people join it by one.
    code: Option<String>,
    pending_passes: Vec<PendingPass>,
    undo: Undo,
    /// The timed game's clock and score; `None` for an untimed game.
    timed: Option<Timed>,
    finish: Option<Finish>,
    /// The hand whose summary has been shown.
    summarised_hand: u32,
    seating: Seating,
    sharing: Sharing,
    chat: Chat,
    /// The wait on people, for the decision keyed by [`Table::waiting_key`].
    turn: TurnClock,
    proposal: Option<Proposal>,
    bots: Bots,
    think: Think,
    outbox: Outbox,
}

impl Table {
    /// A new game with this seed: you alone at South, against the bots.
    pub fn local(setup: Setup, start: DealCode, speed: Speed, think: Think) -> Result<Table, RulesError> {
        let game = Game::starting_at_hand(setup.rules, start.seed, start.hand - 1)?;
        let mut table = Table::empty(Kind::Local, setup, game, Vec::new(), speed, think);
        table.kept.secret = DealSecret::new(start);
        table.seat_local();
        Ok(table)
    }

    /// A new game at a table nobody sits at yet: people arrive by
    /// [`Message::Arrive`].
    pub fn shared(
        setup: Setup,
        start: DealCode,
        speed: Speed,
        think: Think,
        sharing: Sharing,
    ) -> Result<Table, RulesError> {
        let game = Game::starting_at_hand(setup.rules, start.seed, start.hand - 1)?;
        let mut table = Table::empty(Kind::Shared, setup, game, Vec::new(), speed, think);
        table.kept.secret = DealSecret::new(start);
        table.sharing = sharing;
        Ok(table)
    }

    /// A game given whole, you alone at South.
    pub fn with_game(setup: Setup, game: Game, log: Vec<Action>, speed: Speed, think: Think) -> Table {
        let mut table = Table::empty(Kind::Local, setup, game, log, speed, think);
        table.seat_local();
        table
    }

    fn empty(kind: Kind, setup: Setup, game: Game, log: Vec<Action>, speed: Speed, think: Think) -> Table {
        let timed = Timed::of(&setup.rules);
        let undo = Undo::new(&game, log.len());
        // A game given whole (a resumed save sets its own start) began at
        // its current hand as far as anyone knows.
        let secret = DealSecret::new(DealCode { seed: game.seed(), hand: game.hand_number() });
        let seats = setup.rules.player_count();
        let bots = Bots::new(&setup, game.seed(), think);
        Table {
            kind,
            setup,
            game,
            kept: Kept::new(secret, log),
            generation: 0,
            pacing: Pacing::new(speed),
            code: None,
            pending_passes: Vec::new(),
            undo,
            timed,
            finish: None,
            summarised_hand: 0,
            seating: Seating::new(seats),
            sharing: Sharing::default(),
            chat: Chat::default(),
            turn: TurnClock::default(),
            proposal: None,
            bots,
            think,
            outbox: Outbox::default(),
        }
    }

    /// Seats the terminal's own player at South.
    fn seat_local(&mut self) {
        self.seating.holders[YOU.index()] = Some(Holder { name: "You".to_string(), key: None, away_since: None });
        self.seating.people.push(Attendee::new(PersonId::LOCAL, "You", Some(YOU)));
        self.note_hold_hand();
    }

    /// Takes up a saved game: its rules, seats and every action replayed,
    /// you at South.
    pub fn resume_local(saved: &SavedGame, programs: Programs, speed: Speed, think: Think) -> Result<Table, SaveError> {
        let (setup, game) = saved.replay(programs)?;
        let mut table = Table::with_game(setup, game, saved.parsed_actions()?, speed, think);
        table.kept.secret =
            DealSecret::restored(DealCode { seed: saved.seed, hand: saved.first_hand }, saved.salt.as_deref());
        table.undo.set_taken(saved.undos);
        table.kept.hints = saved.hints;
        table.kept.note_people_at(&[YOU]);
        if let (Some(timed), Some(ms)) = (&mut table.timed, saved.clock_ms_left) {
            timed.clock = Clock::new(Duration::from_millis(ms));
        }
        table.undo.hand_dealt(&table.game, table.kept.log.len());
        table.outbox.notices.retain(|_| false);
        table.tell_all(Notice::Resumed { seed: table.game.seed() });
        Ok(table)
    }

    /// Takes up a shared table's saved game with nobody at it yet; the
    /// seats its people held wait for them (each from when they left).
    pub fn resume_shared(
        saved: &SavedGame,
        holders: Vec<Option<Holder>>,
        speed: Speed,
        think: Think,
        sharing: Sharing,
    ) -> Result<Table, SaveError> {
        let (setup, game) = saved.replay(Programs::Replace)?;
        let mut table = Table::empty(Kind::Shared, setup, game, saved.parsed_actions()?, speed, think);
        table.kept.secret =
            DealSecret::restored(DealCode { seed: saved.seed, hand: saved.first_hand }, saved.salt.as_deref());
        table.sharing = sharing;
        table.kept.hints = saved.hints;
        for (index, holder) in holders.into_iter().enumerate().take(table.seating.holders.len()) {
            table.seating.holders[index] = holder;
        }
        let seats: Vec<Seat> = table.seating.held_seats();
        table.kept.note_people_at(&seats);
        if table.game.phase() == GamePhase::GameOver {
            // A finished game comes back finished, at its end.
            table.summarised_hand = table.game.hand_number();
            table.finish = Some(Finish::Completed);
        }
        Ok(table)
    }

    /// The table rebuilt from its actions, with its people but `leaving`
    /// (whose seat then waits for them): what a server does when the table
    /// failed on that person's message, since the state it was left in
    /// cannot be trusted.
    pub fn rebuilt_without(&self, leaving: Option<PersonId>, now: Instant) -> Result<Table, SaveError> {
        let saved = self.saved_game(now);
        let mut table =
            Table::resume_shared(&saved, self.seating.holders.clone(), self.pacing.speed(), self.think, self.sharing)?;
        table.kept.secret = self.kept.secret;
        table.code = self.code.clone();
        table.chat = self.chat.clone();
        table.summarised_hand = self.summarised_hand;
        table.finish = self.finish;
        for person in self.seating.people.iter().filter(|person| Some(person.id) != leaving) {
            table.seating.people.push(person.clone());
        }
        if let Some(seat) = leaving.and_then(|id| self.seating.people.iter().find(|p| p.id == id)).and_then(|p| p.seat)
            && let Some(holder) = table.seating.holders.get_mut(seat.index()).and_then(Option::as_mut)
        {
            holder.away_since = Some(now);
        }
        table.tell_all(Notice::Rebuilt);
        Ok(table)
    }

    /// Marks the game ended as it did before a restart (the timed game's
    /// clock ran out: its actions alone do not say so).
    pub fn set_finished(&mut self, finish: Finish) {
        self.finish = Some(finish);
        self.summarised_hand = self.game.hand_number();
    }

    /// Since when no seated person has been here, if none is (the table
    /// pauses [`Sharing::pause_after`] later).
    pub fn nobody_seated_since(&self) -> Option<Instant> {
        self.seating.nobody_since()
    }

    /// Takes up when the last seated person left, as kept across a
    /// restart, so that the pause counts from then.
    pub fn set_nobody_seated_since(&mut self, since: Instant) {
        self.seating.set_nobody_since(since);
    }

    /// Sets the code people join this table by (shown to them).
    pub fn set_code(&mut self, code: &str) {
        self.code = Some(code.to_string());
    }

    /// The table's code.
    pub fn code(&self) -> Option<&str> {
        self.code.as_deref()
    }

    /// Whose table this is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The rules and the seats' players.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The game, whole: for the runtime (records, statistics), never for a
    /// view, which reads sights.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The deal the game started from.
    pub fn start(&self) -> DealCode {
        self.kept.secret.code
    }

    /// Every action since the first deal.
    pub fn log(&self) -> &[Action] {
        &self.kept.log
    }

    /// The pace.
    pub fn speed(&self) -> Speed {
        self.pacing.speed()
    }

    /// The grace period, turn clock, hints and pausing.
    pub fn sharing(&self) -> Sharing {
        self.sharing
    }

    /// How the game ended, once it has.
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// Counts changes to the game.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Who holds each seat.
    pub fn holders(&self) -> &[Option<Holder>] {
        &self.seating.holders
    }

    /// The people here: their ids, names and seats (`None`: watching).
    pub fn people(&self) -> impl Iterator<Item = (PersonId, &str, Option<Seat>)> {
        self.seating.people.iter().map(|person| (person.id, person.name.as_str(), person.seat))
    }

    /// How many have agreed to the new game proposed (0 without one).
    pub fn agreed(&self) -> usize {
        self.proposal.as_ref().map_or(0, |proposal| proposal.yes.len())
    }

    /// The messages kept.
    pub fn chat(&self) -> &Chat {
        &self.chat
    }

    /// Whether a game is under way: begun, not over.
    pub fn playing(&self) -> bool {
        self.finish.is_none() && self.game.phase() != GamePhase::GameOver && !self.kept.log.is_empty()
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.setup.rules.player_count()
    }

    /// What the save should hold now.
    pub fn saved_game(&self, now: Instant) -> SavedGame {
        let mut saved = SavedGame::new(
            &self.setup,
            self.kept.secret.code,
            &self.kept.log,
            self.undo.taken(),
            self.timed.map(|t| t.clock.left(now)),
        );
        saved.hints = self.kept.hints;
        saved.salt = Some(self.kept.secret.salt());
        saved
    }

    /// Whether the game is worth keeping when it is left unfinished: a
    /// person passed or played at least once.
    pub fn people_played(&self) -> bool {
        self.kept.people_played
    }

    /// The effects to carry out, oldest first.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        self.outbox.take_effects()
    }

    /// The notices made since the last call, each for one person, oldest
    /// first.
    pub fn take_notices(&mut self) -> Vec<(PersonId, Notice)> {
        self.outbox.take_notices()
    }

    /// One person's sight of the table at `now`; `None` for a person not here.
    pub fn sight(&self, id: PersonId, now: Instant) -> Option<Sight<'_>> {
        let person = self.seating.people.iter().find(|person| person.id == id)?;
        Some(Sight::of(self, person, now))
    }

    /// Handles one message at `now`.
    pub fn update(&mut self, message: Message, now: Instant) {
        // Skipping a wait moves nothing by itself: what the key then does
        // comes first, and the game moves on after it.
        let moves_on = !matches!(message, Message::Intent(_, Intent::SkipWait));
        match message {
            Message::Intent(id, intent) => {
                if let Some(p) = self.seating.index_of(id) {
                    self.intent(p, intent, now);
                }
            }
            Message::BotDecided(mut decided) => {
                if self.bots.back(&mut decided) {
                    if let Some(failure) = decided.failure.take() {
                        let name = lineup::name_for(self, None, decided.seat);
                        self.tell_all(Notice::BotFailed { name, failure });
                    }
                    if let Some(action) = decided.action
                        && decided.generation == self.generation
                    {
                        self.pacing.hold(decided.generation, action);
                    }
                }
            }
            Message::Tick => {}
            Message::HintWorkedOut(id, worked) => {
                if let Some(p) = self.seating.index_of(id) {
                    self.show_hint(p, *worked);
                }
            }
            Message::HintFailed(id, why) => {
                if let Some(p) = self.seating.index_of(id) {
                    self.seating.people[p].hint_asked = None;
                    self.tell(p, Notice::HintFailed(why));
                }
            }
            Message::Note(note) => self.tell_all(Notice::Note(note)),
            Message::Arrive(arrival) => self.arrive(arrival, now),
            Message::Leave(id) => self.leave(id, now),
            Message::GiveUpHeld(token) => self.give_up_held(&token, now),
        }
        if !moves_on {
            return;
        }
        // A proposal waiting only for someone away starts once their grace is over.
        self.recount_votes(now);
        self.advance(now);
        self.run_clock(now);
        self.start_waiting(now);
        self.watch_presence(now);
    }

    /// The job asking the bot whose decision the game waits for, if one is
    /// to decide at `now` and none thinks: the runtime runs it and sends
    /// back [`Message::BotDecided`].
    pub fn bot_job(&mut self, now: Instant) -> Option<BotJob> {
        let seat = self.bot_to_ask(now)?;
        self.bots.job(&self.game, seat, self.generation)
    }

    /// The seat whose decision the game waits for, if a bot makes it at
    /// `now` and nothing stands in the way.
    pub fn bot_to_ask(&self, now: Instant) -> Option<Seat> {
        if self.finish.is_some() || self.held(now) || self.pacing.holds_decision() {
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
    /// step, a pass on its way, a clock's next second, a grace period, the
    /// turn clock, pausing. `None`: nothing will happen by itself.
    pub fn next_wakeup(&self, now: Instant) -> Option<Instant> {
        let mut wakeups = vec![];
        let moving = !self.held(now);
        wakeups.extend(self.pacing.wakeups(moving));
        // A pass in flight is drawn moving: a frame every tenth of a second.
        wakeups.extend(self.pending_passes.iter().map(|pass| pass.at.min(now + Duration::from_millis(100))));
        let next_second = |left: Duration| {
            let to_next_second = left - Duration::from_secs(left.as_secs());
            now + if to_next_second.is_zero() { Duration::from_secs(1) } else { to_next_second }
        };
        if let Some(clock) = self.timed.map(|timed| timed.clock).filter(|c| c.started.is_some()) {
            wakeups.push(next_second(clock.left(now)));
        }
        for holder in self.seating.holders.iter().flatten() {
            wakeups.extend(holder.away_since.map(|left| left + self.sharing.grace).filter(|&at| at > now));
        }
        // A message stands in the key line for a while, then the keys come back.
        wakeups.extend(self.chat.newest().map(|said| said.at + sight::CHAT_SHOWN).filter(|&at| at > now));
        if self.finish.is_none()
            && let Some(since) = self.turn.since()
        {
            if !self.seating.alone() || self.sharing.turn_clock.is_some() {
                // "waiting for carol, 0:23" and the turn clock count on: the next whole second since it began.
                let waited = now.saturating_duration_since(since).as_secs();
                wakeups.push(since + Duration::from_secs(waited + 1));
            }
            for seat in self.waiting_for(now) {
                wakeups.extend(self.turn_limit(seat).map(|limit| since + limit).filter(|&at| at > now));
            }
        }
        // The table pauses once nobody seated has been here for a while.
        wakeups
            .extend(self.seating.nobody_since().map(|since| since + self.sharing.pause_after).filter(|&at| at > now));
        // Past wake-ups are of no use: what they were for has happened.
        wakeups.into_iter().filter(|&at| at > now || moving).min().map(|at| at.max(now))
    }

    /// Whether a bot makes `seat`'s decisions at `now`: nobody holds the
    /// seat, its person has been gone longer than the grace period, or
    /// the turn clock ran out on them.
    fn bot_plays(&self, seat: Seat, now: Instant) -> bool {
        self.gone(seat, now) || self.overdue(seat, now)
    }

    /// Whether nobody holds `seat`, or its person has been gone longer
    /// than the grace period.
    fn gone(&self, seat: Seat, now: Instant) -> bool {
        self.seating.gone(seat, now, self.sharing.grace)
    }

    /// Whether the turn clock ran out on `seat`'s part of the decision the
    /// table waits for (each seat's pass has a clock of its own length).
    fn overdue(&self, seat: Seat, now: Instant) -> bool {
        self.turn_limit(seat).is_some_and(|limit| self.turn.ran_out(self.waiting_key(), limit, now))
    }

    /// The turn clock's limit on `seat`'s decision: the table's clock,
    /// [`Sharing::line_mode_clock`] times over where its person hears the
    /// table in the line mode, and the time they asked for. `None` where
    /// no turn clock runs.
    fn turn_limit(&self, seat: Seat) -> Option<Duration> {
        let clock = self.sharing.turn_clock?;
        let in_lines = self.seating.person_in(seat).is_some_and(|p| self.seating.people[p].in_lines);
        let times = if in_lines { self.sharing.line_mode_clock.max(1) } else { 1 };
        Some(clock * times + self.turn.added(seat))
    }

    /// The time left on the turn clock for `seat`'s decision, while the
    /// table waits for it.
    fn turn_left(&self, seat: Seat, now: Instant) -> Option<Duration> {
        let waited_on = self.turn.since().is_some() && self.waiting_for(now).contains(&seat);
        self.turn_limit(seat).filter(|_| waited_on).map(|limit| limit.saturating_sub(self.waited(now)))
    }

    /// Whether the game stops: nobody is at the table, the table has
    /// paused, or a window that must be answered is open while one person
    /// alone sits there.
    fn held(&self, now: Instant) -> bool {
        self.seating.people.is_empty()
            || self.paused(now)
            || self.seating.alone() && self.seating.people.iter().any(|person| person.seat.is_some() && person.holding)
    }

    /// Whether the table waits for its people: no seated person has been
    /// here for the pause time.
    fn paused(&self, now: Instant) -> bool {
        self.seating.nobody_since().is_some_and(|since| now >= since + self.sharing.pause_after)
    }

    /// The pass on its way from `seat`, if any.
    fn pending_pass(&self, seat: Seat) -> Option<PendingPass> {
        self.pending_passes.iter().copied().find(|pass| pass.seat == seat)
    }

    /// The seat to act: bots (and the seats of people gone) pass before
    /// the people here (bots' passes are hidden anyway), then play goes
    /// round the table.
    fn seat_to_act(&self) -> Option<Seat> {
        let hand = self.game.hand();
        match self.game.phase() {
            GamePhase::InHand => match hand.phase() {
                HandPhase::Passing => {
                    let awaits = |seat: &Seat| hand.awaits_pass_from(*seat) && self.pending_pass(*seat).is_none();
                    let seats = || Seat::all(self.players());
                    seats().filter(|&seat| !self.seating.held_here(seat)).find(awaits).or_else(|| seats().find(awaits))
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

    /// The trick to draw in the middle: the one in progress, or the one
    /// just taken while it is on show.
    fn table_trick(&self, now: Instant) -> Trick {
        match self.game.tricks().last() {
            Some(last) if self.pacing.showing_trick(now) => *last,
            _ => *self.game.hand().trick(),
        }
    }

    /// A seat's place in the game: its chips where chips are played, else
    /// its total.
    fn standing(&self, seat: Seat) -> i32 {
        self.chips_now().map_or(self.game.totals()[seat], |chips| chips.stacks[seat])
    }

    /// The stacks and the pot as the table sees them: the auction's winner
    /// has paid the bid into the pot (the engine counts it when the hand is
    /// settled).
    fn chips_now(&self) -> Option<Chips> {
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
    fn scoring_cards(&self) -> CardSet {
        let hand = self.game.hand();
        match hand.named_suit() {
            Some(_) => hand.penalty_cards(),
            None => self.setup.rules.scoring_cards(),
        }
    }

    /// Whether the cards still to be taken carry no points, so the hand
    /// can be played out at once. (Which cards are still to be taken is no
    /// secret: every card not yet taken or on the table.)
    fn can_play_out(&self) -> bool {
        let hand = self.game.hand();
        let held = Seat::all(self.players()).fold(CardSet::EMPTY, |cards, seat| cards | hand.holding(seat));
        let face_down = if hand.kitty_taker().is_none() { hand.kitty() } else { CardSet::EMPTY };
        let still_to_take = held | hand.trick().card_set() | hand.stock() | face_down | hand.waiting().cards();
        self.game.phase() == GamePhase::InHand
            && hand.phase() == HandPhase::Playing
            && self.setup.rules.no_tricks_bonus == 0
            && (still_to_take & self.scoring_cards()).is_empty()
            && !held.is_empty()
    }

    /// Whether `seat` chooses its pass now.
    fn is_passing(&self, seat: Seat) -> bool {
        self.game.phase() == GamePhase::InHand
            && self.game.hand().phase() == HandPhase::Passing
            && self.game.hand().awaits_pass_from(seat)
            && self.pending_pass(seat).is_none()
    }

    /// Whether it is `seat`'s turn to play a card.
    fn plays_now(&self, seat: Option<Seat>) -> bool {
        self.game.phase() == GamePhase::InHand
            && self.game.hand().phase() == HandPhase::Playing
            && seat.is_some()
            && self.seat_to_act() == seat
    }

    /// The cards `seat` is seen by `viewer` to have taken this hand:
    /// another seat's widow stays face down in its pile until the hand is
    /// scored.
    fn taken_seen_by(&self, viewer: Option<Seat>, seat: Seat) -> CardBag {
        let hand = self.game.hand();
        let taken = hand.taken_cards(seat);
        let hidden = viewer != Some(seat) && hand.phase() != HandPhase::Finished && hand.kitty_taker() == Some(seat);
        if hidden { taken.less(hand.kitty_cards()) } else { taken }
    }

    /// The penalty points `viewer` sees `seat` has taken in the hand so far
    /// (another seat's widow counts once the hand is scored).
    fn points_seen_by(&self, viewer: Option<Seat>, seat: Seat) -> i32 {
        hearts_engine::worth_of(&self.setup.rules, self.game.hand().named_suit(), self.taken_seen_by(viewer, seat))
    }

    /// Each seat's standing.
    fn standings(&self) -> BySeat<i32> {
        BySeat::new_with(|seat| self.standing(seat))
    }

    /// A notice for one person, by index.
    fn tell(&mut self, p: usize, notice: Notice) {
        let id = self.seating.people[p].id;
        self.outbox.notices.push((id, notice));
    }

    /// The same notice for everyone here.
    fn tell_all(&mut self, notice: Notice) {
        for person in &self.seating.people {
            self.outbox.notices.push((person.id, notice.clone()));
        }
    }

    /// Tells everyone here what person `p` did: the others with their
    /// name, they themselves with `None` (they read "you").
    fn tell_of(&mut self, p: usize, notice: impl Fn(Option<String>) -> Notice) {
        let (id, name) = (self.seating.people[p].id, &self.seating.people[p].name);
        let notices: Vec<(PersonId, Notice)> = self
            .seating
            .people
            .iter()
            .map(|person| (person.id, notice((person.id != id).then(|| name.clone()))))
            .collect();
        self.outbox.notices.extend(notices);
    }

    /// A notice for each person, as their seat may know it (`None`: none).
    fn tell_each(&mut self, say: impl Fn(&Table, Option<Seat>) -> Option<Notice>) {
        let notices: Vec<(PersonId, Notice)> = self
            .seating
            .people
            .iter()
            .filter_map(|person| say(self, person.seat).map(|notice| (person.id, notice)))
            .collect();
        self.outbox.notices.extend(notices);
    }

    /// The record's seats: the terminal's person `human` at South, a served
    /// table's people `human:NAME`, the others their bots.
    fn record_seats(&self) -> Vec<SeatRecord> {
        Seat::all(self.players())
            .map(|seat| {
                let holder = self.seating.holders[seat.index()].as_ref();
                let bot = || self.setup.players[seat.index()].name();
                let (name, player) = match self.kind {
                    Kind::Local => {
                        let player = if seat == YOU { "human".to_string() } else { bot() };
                        (self.setup.seat_name(seat), player)
                    }
                    Kind::Shared => {
                        (lineup::name_for(self, None, seat), holder.map_or_else(bot, |h| format!("human:{}", h.name)))
                    }
                };
                SeatRecord { seat: seat.index(), name, player }
            })
            .collect()
    }

    /// The game as it stands now, for keeping (a save declined, a table
    /// closed with its game unfinished).
    pub fn ended_now(&self) -> Ended {
        self.ended(self.finish)
    }

    /// The game as it ends now, for keeping.
    fn ended(&self, finish: Option<Finish>) -> Ended {
        Ended {
            setup: self.setup.clone(),
            start: self.kept.secret.code,
            log: self.kept.log.clone(),
            game: self.game.clone(),
            finish,
            tournament: self.timed.and_then(|timed| timed.score),
            undos: self.undo.taken(),
            hints: self.kept.hints,
            people_played: self.kept.people_played,
            keys: self.seating.holders.iter().map(|holder| holder.as_ref().and_then(|h| h.key.clone())).collect(),
            seats: self.record_seats(),
        }
    }
}

#[cfg(test)]
mod tests;

/// Hooks for tests, here and in the crates above (the `testing` feature):
/// a bot told what to decide, counters read back.
#[cfg(any(test, feature = "testing"))]
impl Table {
    /// This table with another game in its place, all else as it is: the
    /// same table as far as anyone here can tell when the game differs
    /// only in cards they may not see.
    pub fn with_game_for_test(&self, game: Game) -> Table {
        Table {
            kind: self.kind,
            setup: self.setup.clone(),
            game,
            kept: self.kept.clone(),
            generation: self.generation,
            pacing: self.pacing.clone(),
            code: self.code.clone(),
            pending_passes: self.pending_passes.clone(),
            undo: self.undo.clone(),
            timed: self.timed,
            finish: self.finish,
            summarised_hand: self.summarised_hand,
            seating: self.seating.clone(),
            sharing: self.sharing,
            chat: self.chat.clone(),
            turn: self.turn.clone(),
            proposal: self.proposal.clone(),
            bots: Bots::new(&self.setup, self.game.seed(), self.think),
            think: self.think,
            outbox: Outbox::default(),
        }
    }

    /// The bot of the seat to act decides `action` (a test's chosen play).
    pub fn bot_decides(&mut self, action: Action) {
        self.pacing.hold(self.generation, action);
    }

    /// Undos taken this game.
    pub fn undos(&self) -> u32 {
        self.undo.taken()
    }

    /// Hints asked for this game.
    pub fn hints_used(&self) -> u32 {
        self.kept.hints
    }

    /// The timed game's clock.
    pub fn clock(&self) -> Option<Clock> {
        self.timed.map(|timed| timed.clock)
    }

    /// The tournament score of a timed game, once over.
    pub fn tournament(&self) -> Option<TournamentScore> {
        self.timed.and_then(|timed| timed.score)
    }
}
