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
pub mod lineup;
pub mod notice;
pub mod people;
pub mod pool;
mod presence;
pub mod proposal;
pub mod saved;
pub mod sight;

use std::time::{Duration, Instant};

use crate::pace::Speed;
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
pub use notice::{Hint, Notice, Off, Refusal};
pub use people::{Arrival, Holder, PersonId};
pub use sight::{AtSeat, Own, Question, Sight, TakeSeen};

use bots::Bots;
use people::Attendee;
use proposal::Proposal;
use saved::{Programs, SaveError, SavedGame};

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
    HintFailed(PersonId, String),
    /// Something the runtime has to say to everyone at the table (a file
    /// that could not be written).
    Note(String),
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

/// Where to return to on undo.
#[derive(Clone, Debug)]
struct UndoPoint {
    game: Game,
    log_len: usize,
    /// The card taken back.
    card: Option<hearts_engine::Card>,
}

/// A table and the people at it.
#[derive(Debug)]
pub struct Table {
    kind: Kind,
    setup: Setup,
    game: Game,
    /// The deal the game started from, and its commitment's salt.
    secret: DealSecret,
    /// Every action since the first deal: what a save replays.
    log: Vec<Action>,
    /// Counts changes to the game, so late bot answers are recognised.
    generation: u64,
    speed: Speed,
    /// The table's code, where people join it by one.
    code: Option<String>,
    /// The earliest time the next bot card may appear.
    next_bot_at: Option<Instant>,
    /// A finished trick stays on the table until then.
    trick_shown_until: Option<Instant>,
    pending_passes: Vec<PendingPass>,
    undo_point: Option<UndoPoint>,
    undo_refusal: &'static str,
    hand_start: UndoPoint,
    undos: u32,
    hints_used: u32,
    clock: Option<Clock>,
    finish: Option<Finish>,
    tournament: Option<TournamentScore>,
    /// A bot's decision waiting for the pace.
    decision: Option<(u64, Action)>,
    /// The hand whose summary has been shown.
    summarised_hand: u32,
    people: Vec<Attendee>,
    /// Who holds each seat; a seat nobody holds is its bot's.
    holders: Vec<Option<Holder>>,
    sharing: Sharing,
    chat: Chat,
    /// Since when the table has waited on people, for the decision keyed
    /// by [`Table::waiting_key`].
    waiting_since: Option<(u64, Instant)>,
    /// Time asked for on the turn clock by the seats waited on, for the
    /// wait that began at `waiting_since` (cleared as another begins).
    time_added: Vec<(Seat, Duration)>,
    /// Since when no seated person has been here (the table pauses after
    /// [`Sharing::pause_after`]).
    nobody_since: Option<Instant>,
    proposal: Option<Proposal>,
    /// Whether a person made a decision in this game.
    people_played: bool,
    bots: Bots,
    think: Think,
    effects: Vec<Effect>,
    notices: Vec<(PersonId, Notice)>,
}

impl Table {
    /// A new game with this seed: you alone at South, against the bots.
    pub fn local(setup: Setup, start: DealCode, speed: Speed, think: Think) -> Result<Table, RulesError> {
        let game = Game::starting_at_hand(setup.rules, start.seed, start.hand - 1)?;
        let mut table = Table::empty(Kind::Local, setup, game, Vec::new(), speed, think);
        table.secret = DealSecret::new(start);
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
        table.secret = DealSecret::new(start);
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
        let clock = (setup.rules.clock_minutes > 0)
            .then(|| Clock::new(Duration::from_secs(60 * u64::from(setup.rules.clock_minutes))));
        let hand_start = UndoPoint { game: game.clone(), log_len: log.len(), card: None };
        // A game given whole (a resumed save sets its own start) began at
        // its current hand as far as anyone knows.
        let secret = DealSecret::new(DealCode { seed: game.seed(), hand: game.hand_number() });
        let seats = setup.rules.player_count();
        let bots = Bots::new(&setup, game.seed(), think);
        Table {
            kind,
            setup,
            game,
            secret,
            log,
            generation: 0,
            speed,
            code: None,
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
            chat: Chat::default(),
            waiting_since: None,
            time_added: Vec::new(),
            nobody_since: None,
            proposal: None,
            people_played: false,
            bots,
            think,
            effects: Vec::new(),
            notices: Vec::new(),
        }
    }

    /// Seats the terminal's own player at South.
    fn seat_local(&mut self) {
        self.holders[YOU.index()] = Some(Holder { name: "You".to_string(), key: None, away_since: None });
        self.people.push(Attendee::new(PersonId::LOCAL, "You", Some(YOU)));
        self.note_hold_hand();
    }

    /// Takes up a saved game: its rules, seats and every action replayed,
    /// you at South.
    pub fn resume_local(saved: &SavedGame, programs: Programs, speed: Speed, think: Think) -> Result<Table, SaveError> {
        let (setup, game) = saved.replay(programs)?;
        let mut table = Table::with_game(setup, game, saved.parsed_actions()?, speed, think);
        table.secret =
            DealSecret::restored(DealCode { seed: saved.seed, hand: saved.first_hand }, saved.salt.as_deref());
        table.undos = saved.undos;
        table.hints_used = saved.hints;
        table.people_played = flow::a_person_played(&table.log, &[YOU]);
        if let (Some(clock), Some(ms)) = (&mut table.clock, saved.clock_ms_left) {
            *clock = Clock::new(Duration::from_millis(ms));
        }
        table.hand_start = UndoPoint { game: table.game.clone(), log_len: table.log.len(), card: None };
        table.notices.retain(|_| false);
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
        table.secret =
            DealSecret::restored(DealCode { seed: saved.seed, hand: saved.first_hand }, saved.salt.as_deref());
        table.sharing = sharing;
        table.hints_used = saved.hints;
        for (index, holder) in holders.into_iter().enumerate().take(table.holders.len()) {
            table.holders[index] = holder;
        }
        let seats: Vec<Seat> = table.held_seats();
        table.people_played = flow::a_person_played(&table.log, &seats);
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
        let mut table = Table::resume_shared(&saved, self.holders.clone(), self.speed, self.think, self.sharing)?;
        table.secret = self.secret;
        table.code = self.code.clone();
        table.chat = self.chat.clone();
        table.summarised_hand = self.summarised_hand;
        table.finish = self.finish;
        for person in self.people.iter().filter(|person| Some(person.id) != leaving) {
            table.people.push(person.clone());
        }
        if let Some(seat) = leaving.and_then(|id| self.people.iter().find(|p| p.id == id)).and_then(|p| p.seat)
            && let Some(holder) = table.holders.get_mut(seat.index()).and_then(Option::as_mut)
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
        self.nobody_since
    }

    /// Takes up when the last seated person left, as kept across a
    /// restart, so that the pause counts from then.
    pub fn set_nobody_seated_since(&mut self, since: Instant) {
        self.nobody_since = Some(since);
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
        self.secret.code
    }

    /// Every action since the first deal.
    pub fn log(&self) -> &[Action] {
        &self.log
    }

    /// The pace.
    pub fn speed(&self) -> Speed {
        self.speed
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
        &self.holders
    }

    /// The people here: their ids, names and seats (`None`: watching).
    pub fn people(&self) -> impl Iterator<Item = (PersonId, &str, Option<Seat>)> {
        self.people.iter().map(|person| (person.id, person.name.as_str(), person.seat))
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
        self.finish.is_none() && self.game.phase() != GamePhase::GameOver && !self.log.is_empty()
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.setup.rules.player_count()
    }

    /// What the save should hold now.
    pub fn saved_game(&self, now: Instant) -> SavedGame {
        let mut saved =
            SavedGame::new(&self.setup, self.secret.code, &self.log, self.undos, self.clock.map(|c| c.left(now)));
        saved.hints = self.hints_used;
        saved.salt = Some(self.secret.salt());
        saved
    }

    /// Whether the game is worth keeping when it is left unfinished: a
    /// person passed or played at least once.
    pub fn people_played(&self) -> bool {
        self.people_played
    }

    /// The effects to carry out, oldest first.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The notices made since the last call, each for one person, oldest
    /// first.
    pub fn take_notices(&mut self) -> Vec<(PersonId, Notice)> {
        std::mem::take(&mut self.notices)
    }

    /// One person's sight of the table at `now`; `None` for a person not here.
    pub fn sight(&self, id: PersonId, now: Instant) -> Option<Sight<'_>> {
        let person = self.people.iter().find(|person| person.id == id)?;
        Some(Sight::of(self, person, now))
    }

    /// Handles one message at `now`.
    pub fn update(&mut self, message: Message, now: Instant) {
        // Skipping a wait moves nothing by itself: what the key then does
        // comes first, and the game moves on after it.
        let moves_on = !matches!(message, Message::Intent(_, Intent::SkipWait));
        match message {
            Message::Intent(id, intent) => {
                if let Some(p) = self.index_of(id) {
                    self.intent(p, intent, now);
                }
            }
            Message::BotDecided(mut decided) => {
                if self.bots.back(&mut decided) {
                    if let Some(failure) = decided.failure.take() {
                        self.tell_all(Notice::Note(format!(
                            "{}: {failure}",
                            lineup::name_for(self, None, decided.seat)
                        )));
                    }
                    if let Some(action) = decided.action
                        && decided.generation == self.generation
                    {
                        self.decision = Some((decided.generation, action));
                    }
                }
            }
            Message::Tick => {}
            Message::HintWorkedOut(id, worked) => {
                if let Some(p) = self.index_of(id) {
                    self.show_hint(p, *worked);
                }
            }
            Message::HintFailed(id, why) => {
                if let Some(p) = self.index_of(id) {
                    self.people[p].hint_asked = None;
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
        if self.finish.is_some() || self.held(now) || self.decision.is_some() {
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
        wakeups.extend(self.trick_shown_until);
        // A pass in flight is drawn moving: a frame every tenth of a second.
        wakeups.extend(self.pending_passes.iter().map(|pass| pass.at.min(now + Duration::from_millis(100))));
        if self.decision.is_some() && moving {
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
        wakeups.extend(self.chat.newest().map(|said| said.at + sight::CHAT_SHOWN).filter(|&at| at > now));
        if self.finish.is_none()
            && let Some((_, since)) = self.waiting_since
        {
            if !self.alone() || self.sharing.turn_clock.is_some() {
                // "waiting for carol, 0:23" and the turn clock count on: the next whole second since it began.
                let waited = now.saturating_duration_since(since).as_secs();
                wakeups.push(since + Duration::from_secs(waited + 1));
            }
            for seat in self.waiting_for(now) {
                wakeups.extend(self.turn_limit(seat).map(|limit| since + limit).filter(|&at| at > now));
            }
        }
        // The table pauses once nobody seated has been here for a while.
        wakeups.extend(self.nobody_since.map(|since| since + self.sharing.pause_after).filter(|&at| at > now));
        // Past wake-ups are of no use: what they were for has happened.
        wakeups.into_iter().filter(|&at| at > now || moving).min().map(|at| at.max(now))
    }

    /// Where a person is among the people here.
    fn index_of(&self, id: PersonId) -> Option<usize> {
        self.people.iter().position(|person| person.id == id)
    }

    /// The person here playing `seat`, by index.
    fn person_in(&self, seat: Seat) -> Option<usize> {
        self.people.iter().position(|person| person.seat == Some(seat))
    }

    /// The seats people hold.
    fn held_seats(&self) -> Vec<Seat> {
        Seat::all(self.players()).filter(|seat| self.holders[seat.index()].is_some()).collect()
    }

    /// Whether the person holding `seat` is here.
    fn held_here(&self, seat: Seat) -> bool {
        self.holders.get(seat.index()).is_some_and(|holder| holder.as_ref().is_some_and(|h| h.away_since.is_none()))
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
        match self.holders.get(seat.index()).and_then(Option::as_ref) {
            None => true,
            Some(Holder { away_since: Some(left), .. }) => now >= *left + self.sharing.grace,
            Some(_) => false,
        }
    }

    /// Whether the turn clock ran out on `seat`'s part of the decision the
    /// table waits for (each seat's pass has a clock of its own length).
    fn overdue(&self, seat: Seat, now: Instant) -> bool {
        match (self.turn_limit(seat), self.waiting_since) {
            (Some(limit), Some((key, since))) => key == self.waiting_key() && now >= since + limit,
            _ => false,
        }
    }

    /// The turn clock's limit on `seat`'s decision: the table's clock,
    /// [`Sharing::line_mode_clock`] times over where its person hears the
    /// table in the line mode, and the time they asked for. `None` where
    /// no turn clock runs.
    fn turn_limit(&self, seat: Seat) -> Option<Duration> {
        let clock = self.sharing.turn_clock?;
        let in_lines = self.person_in(seat).is_some_and(|p| self.people[p].in_lines);
        let times = if in_lines { self.sharing.line_mode_clock.max(1) } else { 1 };
        let added = self.time_added.iter().filter(|&&(asked, _)| asked == seat).map(|&(_, added)| added).sum();
        Some(clock * times + added)
    }

    /// The time left on the turn clock for `seat`'s decision, while the
    /// table waits for it.
    fn turn_left(&self, seat: Seat, now: Instant) -> Option<Duration> {
        let waited_on = self.waiting_since.is_some() && self.waiting_for(now).contains(&seat);
        self.turn_limit(seat).filter(|_| waited_on).map(|limit| limit.saturating_sub(self.waited(now)))
    }

    /// Whether at most one person holds a seat: undo, restarting a hand,
    /// the pace and playing out are theirs alone.
    fn alone(&self) -> bool {
        self.holders.iter().flatten().count() <= 1
    }

    /// Whether the game stops: nobody is at the table, the table has
    /// paused, or a window that must be answered is open while one person
    /// alone sits there.
    fn held(&self, now: Instant) -> bool {
        self.people.is_empty()
            || self.paused(now)
            || self.alone() && self.people.iter().any(|person| person.seat.is_some() && person.holding)
    }

    /// Whether the table waits for its people: no seated person has been
    /// here for the pause time.
    fn paused(&self, now: Instant) -> bool {
        self.nobody_since.is_some_and(|since| now >= since + self.sharing.pause_after)
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
    fn showing_trick(&self, now: Instant) -> bool {
        self.trick_shown_until.is_some_and(|until| now < until)
    }

    /// The trick to draw in the middle: the one in progress, or the one
    /// just taken while it is on show.
    fn table_trick(&self, now: Instant) -> Trick {
        match self.game.tricks().last() {
            Some(last) if self.showing_trick(now) => *last,
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
        let id = self.people[p].id;
        self.notices.push((id, notice));
    }

    /// The same notice for everyone here.
    fn tell_all(&mut self, notice: Notice) {
        for person in &self.people {
            self.notices.push((person.id, notice.clone()));
        }
    }

    /// Tells everyone here what person `p` did: the others with their
    /// name, they themselves with `None` (they read "you").
    fn tell_of(&mut self, p: usize, notice: impl Fn(Option<String>) -> Notice) {
        let (id, name) = (self.people[p].id, &self.people[p].name);
        let notices: Vec<(PersonId, Notice)> =
            self.people.iter().map(|person| (person.id, notice((person.id != id).then(|| name.clone())))).collect();
        self.notices.extend(notices);
    }

    /// A notice for each person, as their seat may know it (`None`: none).
    fn tell_each(&mut self, say: impl Fn(&Table, Option<Seat>) -> Option<Notice>) {
        let notices: Vec<(PersonId, Notice)> =
            self.people.iter().filter_map(|person| say(self, person.seat).map(|notice| (person.id, notice))).collect();
        self.notices.extend(notices);
    }

    /// The record's seats: the terminal's person `human` at South, a served
    /// table's people `human:NAME`, the others their bots.
    fn record_seats(&self) -> Vec<SeatRecord> {
        Seat::all(self.players())
            .map(|seat| {
                let holder = self.holders[seat.index()].as_ref();
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
            start: self.secret.code,
            log: self.log.clone(),
            game: self.game.clone(),
            finish,
            tournament: self.tournament,
            undos: self.undos,
            hints: self.hints_used,
            people_played: self.people_played,
            keys: self.holders.iter().map(|holder| holder.as_ref().and_then(|h| h.key.clone())).collect(),
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
            secret: self.secret,
            log: self.log.clone(),
            generation: self.generation,
            speed: self.speed,
            code: self.code.clone(),
            next_bot_at: self.next_bot_at,
            trick_shown_until: self.trick_shown_until,
            pending_passes: self.pending_passes.clone(),
            undo_point: self.undo_point.clone(),
            undo_refusal: self.undo_refusal,
            hand_start: self.hand_start.clone(),
            undos: self.undos,
            hints_used: self.hints_used,
            clock: self.clock,
            finish: self.finish,
            tournament: self.tournament,
            decision: self.decision,
            summarised_hand: self.summarised_hand,
            people: self.people.clone(),
            holders: self.holders.clone(),
            sharing: self.sharing,
            chat: self.chat.clone(),
            waiting_since: self.waiting_since,
            time_added: self.time_added.clone(),
            nobody_since: self.nobody_since,
            proposal: self.proposal.clone(),
            people_played: self.people_played,
            bots: Bots::new(&self.setup, self.game.seed(), self.think),
            think: self.think,
            effects: Vec::new(),
            notices: Vec::new(),
        }
    }

    /// The bot of the seat to act decides `action` (a test's chosen play).
    pub fn bot_decides(&mut self, action: Action) {
        self.decision = Some((self.generation, action));
    }

    /// Undos taken this game.
    pub fn undos(&self) -> u32 {
        self.undos
    }

    /// Hints asked for this game.
    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }

    /// The timed game's clock.
    pub fn clock(&self) -> Option<Clock> {
        self.clock
    }

    /// The tournament score of a timed game, once over.
    pub fn tournament(&self) -> Option<TournamentScore> {
        self.tournament
    }
}
