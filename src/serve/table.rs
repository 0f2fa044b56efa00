//! A served table: the shared table and its people's views (a
//! [`Room`]) on a thread of its own, with one [`Screen`] per person.
//! Sessions send it what their people type; it draws again the screens a
//! change reaches. The bots' searches and the hints run on the server's
//! pool. A screen that fails or panics ends that person's connection only.
//! How a table is reached (its handle, what it hears) is in `handle`,
//! what the database keeps of a table between runs in `stored`.

use std::collections::HashMap;
use std::net::IpAddr;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;

use crate::remembered::Remembered;
use crate::room::{Room, ToRuntime};
use crate::theme::Theme;
use crate::ui::Viewer;
use crate::ui::input::Command;
use hearts_bots::Think;
use hearts_engine::RulesError;
use hearts_table::pace::Speed;
use hearts_table::pool::Pool;
use hearts_table::saved::SaveError;
use hearts_table::{Ended, Finish, Intent, Job, Message, Note, PersonId, Setup, Sharing, Table, secret_deal};

use super::identity::Identity;
use super::limits::{WATCHERS_PER_TABLE, network};
use super::saver::Saver;
use super::session::{Input, Screen};
use super::store::{Look, Seated, Store, StoreError, StoredTable};
use super::{name, standing};
use crate::line::{CardWords, Narrator};
use crate::lobby::{SeatSummary, TableSummary};

mod handle;
mod stored;

use handle::blank_summary;
pub(super) use handle::{Joining, TableHandle, ToTable, bring_to_table};

use stored::{
    closes_when_empty, empty_since_of, holders_of, nobody_seated_since_of, now_millis, opener_of, provable,
    settings_of, sharing_of, wall_of,
};

/// What a table is opened with.
pub(super) struct Opening {
    /// Rules, label and bots.
    pub(super) table: Setup,
    /// The bots' pace.
    pub(super) speed: Speed,
    /// The expert's budget.
    pub(super) think: Think,
    /// Grace period, turn clock, hints.
    pub(super) sharing: Sharing,
    /// Shown in the lobby.
    pub(super) listed: bool,
    /// Who opened it from the lobby (their private table is listed for them).
    pub(super) opener: Option<String>,
    /// The address it was opened from, for the bound on the tables one
    /// network has open; `None` for the server's own.
    pub(super) from: Option<IpAddr>,
}

/// What a table hears of, or tells, the server around it: installed by
/// whoever opens it.
pub(super) struct TableServices {
    /// The data directory, whose database the table saves itself in.
    pub(super) dir: PathBuf,
    /// The bots' searches and the hints of every table.
    pub(super) pool: Arc<Pool>,
    /// Where the table's state goes to the database.
    pub(super) saver: Arc<Saver>,
    /// Where a person who leaves the table goes: their lobby, with a
    /// note to show there.
    pub(super) leave: Arc<dyn Fn(Screen, Option<String>) + Send + Sync>,
    /// Told when the table's summary changes, and when it closes.
    pub(super) news: Arc<dyn Fn(TableNews) + Send + Sync>,
    /// How long a table opened by a person stays open with nobody there.
    pub(super) close_after: Duration,
}

/// What a table tells the directory.
pub(super) enum TableNews {
    /// Its summary changed.
    Changed,
    /// A game played here was kept: its people's records changed.
    GameKept,
    /// It closed (nobody had been there for a while) or stopped. Its code
    /// is free.
    Closed(String),
}

/// Why a table could not start.
#[derive(Debug, thiserror::Error)]
pub(super) enum StartError {
    /// Its database could not be opened.
    #[error("its database: {0}")]
    Store(Box<StoreError>),
    /// The game stored for it does not replay.
    #[error("table {code} does not replay: {why}")]
    NoReplay {
        /// The table's code.
        code: String,
        /// What stopped the replay.
        why: Box<SaveError>,
    },
    /// Its rules do not make a game.
    #[error("its rules: {0}")]
    Rules(#[from] RulesError),
    /// Its thread could not be started.
    #[error("its thread: {0}")]
    Thread(std::io::Error),
    /// The system gives no randomness to deal a secret seed with.
    #[error("the system gives no randomness to deal with")]
    NoRandomness,
}

/// Opens a table on a thread of its own (the thread is returned, to be
/// joined once the table has stopped), saved in the database of `dir`
/// (a new table, or `stored` taken up where it was).
pub(super) fn open(
    code: String,
    opening: Opening,
    stored: Option<&StoredTable>,
    around: TableServices,
) -> Result<(TableHandle, JoinHandle<()>), StartError> {
    let store = Store::open_in(&around.dir).map_err(|error| StartError::Store(Box::new(error)))?;
    let from = opening.from.map(network);
    let listed = stored.map_or(opening.listed, |stored| stored.listed);
    let opener = stored.map_or(opening.opener, |stored| opener_of(&stored.settings));
    let closes = closes_when_empty(opener.as_deref(), stored.map(|stored| &stored.settings));
    let sharing = stored.map_or(opening.sharing, |stored| sharing_of(&stored.settings, opening.sharing));
    let resumed = stored.and_then(|stored| stored.game.as_ref().map(|saved| (stored, saved)));
    let mut table = match resumed {
        Some((stored, saved)) => {
            let holders = holders_of(stored, Instant::now());
            let mut table = Table::resume_shared(saved, holders, opening.speed, opening.think, sharing)
                .map_err(|why| StartError::NoReplay { code: code.clone(), why: Box::new(why) })?;
            if stored.settings.get("finish").and_then(serde_json::Value::as_str) == Some("out-of-time") {
                table.set_finished(Finish::OutOfTime);
            }
            if let Some(since) = nobody_seated_since_of(&stored.settings, Instant::now()) {
                table.set_nobody_seated_since(since);
            }
            table
        }
        None => {
            // Nobody chooses a served table's seed: whoever knew it would know every hand.
            let start = secret_deal().ok_or(StartError::NoRandomness)?;
            Table::shared(opening.table.clone(), start, opening.speed, opening.think, sharing)?
        }
    };
    table.set_code(&code);
    let (sender, receiver) = std::sync::mpsc::channel();
    let summary = Arc::new(Mutex::new(blank_summary(&code, listed)));
    let open = Arc::new(Mutex::new(true));
    let empty_since = Some(empty_since_of(stored, Instant::now()));
    let mut served = Served {
        open: Arc::clone(&open),
        around,
        empty_since,
        listed,
        opener,
        closes,
        from,
        code: code.clone(),
        store,
        room: Room::new(table, Vec::new()),
        screens: HashMap::new(),
        redraw: Redraw::Everyone,
        canvas: Buffer::default(),
        sender: sender.clone(),
        summary: Arc::clone(&summary),
    };
    served.save_now(Instant::now());
    served.publish();
    let thread = std::thread::Builder::new()
        .name(format!("table {code}"))
        .spawn(move || {
            // However the table ends (closed, stopped, a panic), the directory forgets it.
            let _forget = GoneGuard { news: Arc::clone(&served.around.news), code: served.code.clone() };
            served.run(&receiver);
        })
        .map_err(StartError::Thread)?;
    Ok((TableHandle { code, sender, summary, open, from }, thread))
}

/// Tells the directory its table is gone, when dropped.
struct GoneGuard {
    news: Arc<dyn Fn(TableNews) + Send + Sync>,
    code: String,
}

impl Drop for GoneGuard {
    fn drop(&mut self) {
        (self.news)(TableNews::Closed(std::mem::take(&mut self.code)));
    }
}

/// The screens a change asks to draw again.
#[derive(Debug)]
enum Redraw {
    /// Every person's: something they all see changed (or time passed).
    Everyone,
    /// Only these people's own views changed.
    Some(Vec<PersonId>),
}

impl Redraw {
    fn mark(&mut self, id: PersonId) {
        if let Redraw::Some(ids) = self
            && !ids.contains(&id)
        {
            ids.push(id);
        }
    }
}

/// What the people at a table see in common, to tell a change only one
/// person sees from one everyone does.
#[derive(Debug, PartialEq, Eq)]
struct CommonSight {
    generation: u64,
    people: usize,
    said: Option<Instant>,
    away: Vec<Option<bool>>,
    finished: bool,
    /// Who has agreed to the new game proposed.
    agreed: usize,
}

/// The table's own state on its thread.
struct Served {
    /// The server around the table.
    around: TableServices,
    /// Whether people are brought here still ([`TableHandle::open`]).
    open: Arc<Mutex<bool>>,
    /// Since when nobody has been at the table (a table opened by a person
    /// closes once that is [`TableServices::close_after`] ago).
    empty_since: Option<Instant>,
    /// Shown in the lobby.
    listed: bool,
    /// Who opened it from the lobby.
    opener: Option<String>,
    /// Whether it closes once nobody has been here for a while.
    closes: bool,
    /// The network it was opened from, while this server runs.
    from: Option<IpAddr>,
    code: String,
    /// Where the table is saved after each trick and its games kept.
    store: Store,
    room: Room,
    screens: HashMap<PersonId, Screen>,
    /// The screens to draw before waiting again.
    redraw: Redraw,
    /// Where each screen's frame is drawn before what changed is sent.
    canvas: Buffer,
    sender: Sender<ToTable>,
    summary: Arc<Mutex<TableSummary>>,
}

impl Served {
    fn run(&mut self, receiver: &Receiver<ToTable>) {
        loop {
            self.flush_due_keys(Instant::now());
            self.draw_all();
            self.publish();
            self.ask_bot();
            let now = Instant::now();
            self.note_presence(now);
            let closes = self.closes_at();
            if closes.is_some_and(|at| at <= now) {
                return self.close(receiver);
            }
            let escapes = self.screens.values().filter_map(Screen::escape_deadline);
            let due = self.room.next_wakeup(now);
            let wakeup = due.into_iter().chain(escapes).chain(closes).min();
            let incoming = match wakeup {
                None => receiver.recv().ok(),
                Some(at) => match receiver.recv_timeout(at.saturating_duration_since(Instant::now())) {
                    Ok(incoming) => Some(incoming),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => return,
                },
            };
            match incoming {
                None => self.timed_out(due),
                Some(ToTable::Stop) => {
                    self.save(Instant::now());
                    for (_, screen) in self.screens.drain() {
                        screen.disconnect(super::session::SERVER_STOPS);
                    }
                    return;
                }
                Some(incoming) => self.heard(incoming),
            }
        }
    }

    /// A lone Esc whose wait is over is a key, even while messages keep
    /// coming (the wait for one would otherwise never time out).
    fn flush_due_keys(&mut self, now: Instant) {
        let due: Vec<PersonId> = self
            .screens
            .iter()
            .filter(|(_, screen)| screen.escape_deadline().is_some_and(|at| at <= now))
            .map(|(&id, _)| id)
            .collect();
        for id in due {
            let events = self.screens.get_mut(&id).map(|screen| screen.flush_keys(now)).unwrap_or_default();
            self.keys(id, &events);
        }
    }

    /// Notes since when nobody (seated or watching) has been here.
    fn note_presence(&mut self, now: Instant) {
        match (self.screens.is_empty(), self.empty_since) {
            (true, None) => {
                self.empty_since = Some(now);
                // Kept at once: the close counts from now across a restart, and an empty table saves no more.
                self.save(now);
            }
            (false, Some(_)) => self.empty_since = None,
            _ => {}
        }
    }

    /// When the table closes if nobody comes: once nobody has been at it
    /// for [`TableServices::close_after`], where it closes at all.
    fn closes_at(&self) -> Option<Instant> {
        self.closes.then_some(self.empty_since? + self.around.close_after)
    }

    /// Closes the table: its unfinished game is kept as unfinished, it is
    /// forgotten by the database and the directory, and whoever was on
    /// their way here goes back to their lobby.
    fn close(&mut self, receiver: &Receiver<ToTable>) {
        let table = self.room.table();
        if table.finish().is_none() && !table.log().is_empty() {
            let ended = table.ended_now();
            self.keep(&ended);
        }
        self.around.saver.remove(&self.code);
        (self.around.news)(TableNews::Closed(self.code.clone()));
        // Nobody is brought here from now on: the Joins waiting are the last.
        *self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = false;
        let mut joiners: Vec<Screen> = Vec::new();
        while let Ok(incoming) = receiver.try_recv() {
            match incoming {
                ToTable::Join(joining) => joiners.push(joining.screen),
                ToTable::Input(id, input) => {
                    let Some(screen) = joiners.iter_mut().find(|screen| screen.id == id) else { continue };
                    match input {
                        Input::Bytes(_) => {}
                        Input::Resized(newest) => {
                            if let Some((columns, rows)) = newest.take() {
                                let _ = screen.resize(columns, rows);
                            }
                        }
                        Input::Gone => {}
                    }
                }
                _ => {}
            }
        }
        for screen in joiners {
            (self.around.leave)(screen, Some(format!("Table {} has closed", self.code)));
        }
    }

    /// Runs `change` on the room and carries out what it asks for; a
    /// change by one person that leaves what everyone sees alike redraws
    /// their screen alone. A panic is the table failing: see [`Served::recover`].
    fn change(&mut self, own: Option<PersonId>, change: impl FnOnce(&mut Room, Instant)) {
        let now = Instant::now();
        let before = self.shape();
        let changed = std::panic::catch_unwind(AssertUnwindSafe(|| {
            change(&mut self.room, now);
            self.room.take_to_runtime()
        }));
        let Ok(work) = changed else {
            self.recover(own, now);
            return;
        };
        for work in work {
            self.carry_out(work, now);
        }
        match own {
            Some(id) if self.shape() == before => {
                // What everyone sees is as it was: the person's screen, and those of whoever was told something.
                self.redraw.mark(id);
                for touched in self.room.take_touched() {
                    self.redraw.mark(touched);
                }
            }
            _ => {
                self.room.take_touched();
                self.redraw = Redraw::Everyone;
            }
        }
    }

    /// Keeps a person's choices: at a served table, how they see the cards.
    fn remember(&mut self, id: PersonId, remembered: &Remembered, now: Instant) {
        // What the choices leave unsaid (a pace remembered, say) stays as the person has it.
        let Some(visitor) = self.screens.get(&id).map(|screen| &screen.visitor) else { return };
        let (theme, line_mode) = (visitor.theme, remembered.line_mode);
        let now_kept =
            Look { ascii: theme.ascii, four_colour: theme.four_colour, brief: visitor.brief, symbols: visitor.symbols };
        let look = Look {
            ascii: remembered.ascii.unwrap_or(theme.ascii),
            four_colour: remembered.four_colour.unwrap_or(theme.four_colour),
            brief: line_mode.brief.unwrap_or(visitor.brief),
            symbols: line_mode.symbols.unwrap_or(visitor.symbols),
        };
        if look != now_kept {
            self.keep_look(id, look, now);
        }
    }

    /// Keeps how a person sees the cards: for this session's next tables
    /// and its lobby, and (where the person is known) the next sessions.
    fn keep_look(&mut self, id: PersonId, look: Look, now: Instant) {
        let Some(screen) = self.screens.get_mut(&id) else { return };
        screen.visitor.theme.ascii = look.ascii;
        screen.visitor.theme.four_colour = look.four_colour;
        screen.visitor.brief = look.brief;
        screen.visitor.symbols = look.symbols;
        if let Err(error) = self.store.set_look(&screen.visitor.identity, look) {
            let name = &screen.visitor.name;
            let job = Job::KeepLook { name: name.clone() };
            self.room.send(Message::Note(Note::Failed(job, error.to_string())), now);
        }
    }

    /// The person leaves the table for the lobby; their seat waits for
    /// them as after a lost connection.
    fn leave(&mut self, id: PersonId, now: Instant) {
        let last_words = self.room.take_lines(id);
        let_go(&mut self.room, id, now);
        if let Some(mut screen) = self.screens.remove(&id) {
            // A line-mode person is told what their last lines asked before the lobby greets them.
            let told = screen.tell(&last_words);
            if let (Ok(()), Ok(screen)) = (told, screen.fresh()) {
                (self.around.leave)(screen, None);
            }
        }
        self.save(now);
        self.redraw = Redraw::Everyone;
    }

    /// The table failed (a panic) on a message: it is set up again from its
    /// actions, and the person whose message it was is let go (their seat
    /// waits for them). If even that fails, everyone here is let go.
    fn recover(&mut self, own: Option<PersonId>, now: Instant) {
        self.redraw = Redraw::Everyone;
        if let Some(screen) = own.and_then(|id| self.screens.remove(&id)) {
            screen.disconnect("the table failed on your move");
        }
        let rebuilt = std::panic::catch_unwind(AssertUnwindSafe(|| self.room.table().rebuilt_without(own, now)));
        match rebuilt {
            Ok(Ok(table)) => {
                self.room = self.room.with_table(table, own);
                self.save(now);
            }
            _ => {
                for (_, screen) in self.screens.drain() {
                    screen.disconnect("the table failed");
                }
            }
        }
    }

    /// What every screen at the table shows in common: when it changes,
    /// every screen is drawn again.
    fn shape(&self) -> CommonSight {
        let table = self.room.table();
        CommonSight {
            generation: table.generation(),
            people: self.room.ids().len(),
            said: table.chat().newest().map(|said| said.at),
            away: table.holders().iter().map(|holder| holder.as_ref().map(|h| h.away_since.is_some())).collect(),
            finished: table.finish().is_some(),
            agreed: table.agreed(),
        }
    }

    /// Nothing arrived in time: the table's own time, `due` then, has
    /// come (or a lone Esc's wait is over: [`Served::flush_due_keys`]
    /// takes it as the loop goes round).
    fn timed_out(&mut self, due: Option<Instant>) {
        let now = Instant::now();
        // The wake-up asked for is due (asked again now, it would be a later one).
        if due.is_some_and(|at| at <= now) {
            self.change(None, |room, now| {
                room.send(Message::Tick, now);
            });
        }
    }

    /// A person's keys and clicks, each read as the table stands when it
    /// comes (a key that opens the chat line makes the next ones text).
    fn keys(&mut self, id: PersonId, events: &[crossterm::event::Event]) {
        for event in events {
            // An event that stands for nothing changes nothing: no screen is drawn again for it.
            let Some(command) = self.room.command(id, event) else { continue };
            self.press(id, command);
        }
    }

    fn press(&mut self, id: PersonId, command: Command) {
        self.change(Some(id), |room, now| room.press(id, command, now));
    }

    fn heard(&mut self, incoming: ToTable) {
        let now = Instant::now();
        match incoming {
            ToTable::Join(joining) => self.join(*joining),
            ToTable::GiveUp(token) => {
                self.change(None, |room, now| {
                    room.send(Message::GiveUpHeld(token), now);
                });
                self.save(now);
            }
            ToTable::Input(id, Input::Bytes(typed)) if self.screens.get(&id).is_some_and(Screen::is_lines) => {
                let typed = match self.screens.get_mut(&id) {
                    Some(screen) => screen.type_bytes(&typed.bytes),
                    None => Ok(()),
                };
                if typed.is_err() {
                    return self.drop_screen(id, "the client does not read its lines");
                }
                // Once they leave for the lobby, the lines they typed after that wait for the lobby.
                while let Some(line) = self.screens.get_mut(&id).and_then(Screen::next_line) {
                    self.change(Some(id), |room, now| room.type_line(id, &line, now));
                }
            }
            ToTable::Input(id, Input::Bytes(typed)) => {
                let events = match self.screens.get_mut(&id) {
                    Some(screen) => screen.typed(&typed.bytes, now),
                    None => Vec::new(),
                };
                self.keys(id, &events);
            }
            ToTable::Input(id, Input::Resized(newest)) => {
                if let (Some(screen), Some((columns, rows))) = (self.screens.get_mut(&id), newest.take()) {
                    match screen.resize(columns, rows) {
                        Ok(()) => {
                            // The size drawn, which the server's screen cells may hold below the one asked for.
                            let (columns, rows) = screen.size();
                            if let Some(viewer) = self.room.viewer_mut(id) {
                                viewer.resized(columns, rows);
                            }
                            self.redraw.mark(id);
                        }
                        Err(_) => self.drop_screen(id, "the screen could not be resized"),
                    }
                }
            }
            ToTable::Input(id, Input::Gone) => {
                self.screens.remove(&id);
                self.change(None, |room, now| {
                    let_go(room, id, now);
                });
                // The seat is kept for them across a restart too.
                self.save(now);
            }
            ToTable::Table(message) => {
                // A hint is for the person who asked; a bot's move, for everyone.
                let person = match &message {
                    Message::HintWorkedOut(id, _) | Message::HintFailed(id, _) => Some(*id),
                    _ => None,
                };
                self.change(person, |room, now| {
                    room.send(message, now);
                });
            }
            ToTable::Stop => {}
        }
    }

    fn join(&mut self, joining: Joining) {
        let Joining { mut arrival, mut theme, mut screen } = joining;
        let table = self.room.table();
        if table.seat_for(&arrival).is_none() && table.watchers() >= WATCHERS_PER_TABLE {
            let full = format!("Table {} has {WATCHERS_PER_TABLE} people watching, the most it takes", self.code);
            return (self.around.leave)(screen, Some(full));
        }
        arrival.name = unique_name(self.room.table(), &arrival.name, arrival.key.as_deref().unwrap_or_default());
        // How they chose to see and hear the table, where they came straight here and not by the lobby.
        if let Ok(look) = self.store.look_of(&screen.visitor.identity) {
            let visitor = &mut screen.visitor;
            visitor.theme.ascii |= look.ascii;
            visitor.theme.four_colour |= look.four_colour;
            visitor.brief |= look.brief;
            visitor.symbols |= look.symbols;
            theme = visitor.theme;
        }
        if screen.is_lines() {
            let mut narrator = Narrator::new(arrival.id, CardWords { symbols: screen.visitor.symbols });
            narrator.brief = screen.visitor.brief;
            self.screens.insert(arrival.id, screen);
            let id = arrival.id;
            self.change(None, |room, now| {
                room.arrive_in_lines(arrival, narrator, now);
            });
            self.save(Instant::now());
            self.redraw = Redraw::Everyone;
            // Lines typed in the lobby after the one that brought them here are the table's.
            while let Some(line) = self.screens.get_mut(&id).and_then(Screen::next_line) {
                self.change(Some(id), |room, now| room.type_line(id, &line, now));
            }
            return;
        }
        let mut viewer = Viewer::new(arrival.id, theme);
        let (columns, rows) = screen.size();
        viewer.resized(columns, rows);
        viewer.record = standing::record(&self.store, &screen.visitor.identity, &self.room.table().setup().label);
        self.screens.insert(arrival.id, screen);
        self.change(None, |room, now| {
            room.arrive(arrival, viewer, now);
        });
        self.save(Instant::now());
        // The newcomer's screen is drawn whole, and the others show who came.
        self.redraw = Redraw::Everyone;
    }

    /// Draws the screens a change reached; a screen that fails or panics
    /// loses its person.
    fn draw_all(&mut self) {
        let now = Instant::now();
        let ids: Vec<PersonId> = match std::mem::replace(&mut self.redraw, Redraw::Some(Vec::new())) {
            Redraw::Everyone => self.screens.keys().copied().collect(),
            Redraw::Some(ids) => ids,
        };
        // Sentences are told as they come, whatever was marked to draw.
        let told: Vec<PersonId> =
            self.screens.iter().filter(|(_, screen)| screen.is_lines()).map(|(&id, _)| id).collect();
        for id in told {
            let sentences = self.room.take_lines(id);
            let Some(screen) = self.screens.get_mut(&id) else { continue };
            if screen.tell(&sentences).is_err() {
                self.drop_screen(id, "the client does not read its lines");
            }
        }
        for id in ids {
            let Some(screen) = self.screens.get_mut(&id).filter(|screen| !screen.is_lines()) else { continue };
            let (room, canvas) = (&mut self.room, &mut self.canvas);
            let drawn = std::panic::catch_unwind(AssertUnwindSafe(|| screen.draw(canvas, room, id, now)));
            if !matches!(drawn, Ok(Ok(()))) {
                let why = if drawn.is_err() { "the screen failed" } else { "the client does not read its screen" };
                self.drop_screen(id, why);
            }
        }
        // The canvas is no larger than the largest screen here, which the server's screen cells count
        // (a table nobody looks at keeps none: one the size of the largest screen is 1.8 MiB).
        let largest = self.screens.values().map(|screen| screen.size()).map(|(w, h)| usize::from(w) * usize::from(h));
        if self.canvas.content.capacity() > largest.max().unwrap_or(0) {
            self.canvas = Buffer::default();
        }
    }

    /// Ends a person's connection; the table goes on without them.
    fn drop_screen(&mut self, id: PersonId, why: &'static str) {
        if let Some(screen) = self.screens.remove(&id) {
            screen.disconnect(why);
        }
        self.change(None, |room, now| {
            let_go(room, id, now);
        });
    }

    /// Tells the directory how the table looks.
    fn publish(&self) {
        let table = self.room.table();
        let setup = table.setup();
        let seats = table
            .holders()
            .iter()
            .enumerate()
            .map(|(seat, holder)| match holder {
                Some(holder) => SeatSummary {
                    name: holder.name.clone(),
                    person: true,
                    away_since: holder.away_since,
                    holder: holder.key.clone(),
                },
                None => SeatSummary { name: setup.players[seat].name(), person: false, away_since: None, holder: None },
            })
            .collect();
        let summary = TableSummary {
            code: self.code.clone(),
            label: setup.label.clone(),
            players: table.players(),
            seats,
            playing: table.playing(),
            hand: table.game().hand_number(),
            listed: self.listed,
            opener: self.opener.clone(),
        };
        let changed = match self.summary.lock() {
            Ok(mut published) if *published != summary => {
                *published = summary;
                true
            }
            _ => false,
        };
        if changed {
            (self.around.news)(TableNews::Changed);
        }
    }

    /// Gives the bot to move its search on the server's pool, if one is to
    /// move and none thinks.
    fn ask_bot(&mut self) {
        let sender = self.sender.clone();
        self.room.ask_bot(&self.around.pool, move |message| drop(sender.send(ToTable::Table(message))), Instant::now());
    }

    /// Carries out what the room asks of the server.
    fn carry_out(&mut self, work: ToRuntime, now: Instant) {
        match work {
            ToRuntime::WorkOutHint(id, request) => {
                let sender = self.sender.clone();
                let back = move |message| drop(sender.send(ToTable::Table(message)));
                let pool = (&*self.around.pool, super::limits::HINTS_PER_CORE);
                self.room.work_out_hint(pool, id, request, back, now);
            }
            ToRuntime::Save | ToRuntime::Started => self.save(now),
            ToRuntime::Ended(ended) => self.keep(&ended),
            ToRuntime::Remember(id, remembered) => self.remember(id, &remembered, now),
            ToRuntime::Leave(id) => self.leave(id, now),
            // The terminal's own: a served table has no saved game to take up, nor a terminal to give back.
            ToRuntime::Suspend | ToRuntime::Resume(_) | ToRuntime::DeclineResume => {}
        }
    }

    /// Hands the table as it is now, game over included, to the saver.
    fn save(&mut self, now: Instant) {
        let failed = self.around.saver.save(self.stored(now));
        self.saved(failed, now);
    }

    /// Saves the table as it is now and waits until it is written.
    fn save_now(&mut self, now: Instant) {
        let failed = self.around.saver.save_now(self.stored(now));
        self.saved(failed, now);
    }

    fn saved(&mut self, failed: Option<Arc<StoreError>>, now: Instant) {
        if let Some(error) = failed {
            self.room.send(Message::Note(Note::Failed(Job::SaveTable, error.to_string())), now);
        }
    }

    /// The table as the database keeps it.
    fn stored(&self, now: Instant) -> StoredTable {
        let table = self.room.table();
        let mut settings = settings_of(table, now);
        settings["opener"] = self.opener.clone().into();
        settings["closes"] = self.closes.into();
        settings["empty-since-ms"] = self.empty_since.map(|since| wall_of(since, now, now_millis())).into();
        StoredTable {
            code: self.code.clone(),
            listed: self.listed,
            settings,
            game: Some(table.saved_game(now)),
            seated: table
                .holders()
                .iter()
                .enumerate()
                .filter_map(|(seat, holder)| {
                    holder.as_ref().map(|h| Seated { seat, name: h.name.clone(), key: h.key.clone() })
                })
                .collect(),
        }
    }

    /// The network most of the seated people here play from, the first
    /// seat's on a tie; with nobody seated here, the one the table was
    /// opened from. A game is kept under it.
    fn network_of_players(&self) -> Option<IpAddr> {
        let mut networks: Vec<(IpAddr, usize)> = Vec::new();
        let mut seated: Vec<_> = self.room.table().people().filter_map(|(id, _, seat)| Some((seat?, id))).collect();
        seated.sort_by_key(|&(seat, _)| seat.index());
        for (_, id) in seated {
            let Some(screen) = self.screens.get(&id) else { continue };
            let there = network(screen.visitor.address);
            match networks.iter_mut().find(|(network, _)| *network == there) {
                Some((_, count)) => *count += 1,
                None => networks.push((there, 1)),
            }
        }
        let most = networks.iter().map(|&(_, count)| count).max();
        networks.iter().find(|&&(_, count)| Some(count) == most).map(|&(network, _)| network).or(self.from)
    }

    /// Keeps a game that ended, if a person played in it.
    fn keep(&mut self, ended: &Ended) {
        if !ended.people_played {
            return;
        }
        // Each seat's person as the store finds their games again.
        let who: Vec<Identity> =
            ended.keys.iter().map(|key| key.as_deref().map_or(Identity::Anonymous, Identity::of_holder)).collect();
        let network = self.network_of_players();
        let kept = ended.record().map_err(|error| error.to_string()).and_then(|record| {
            self.store.add_game(&record, &ended.setup.label, &who, network).map_err(|error| error.to_string())
        });
        match kept {
            Ok(_) => {
                standing::refresh(&mut self.room, &self.screens, &self.store);
                (self.around.news)(TableNews::GameKept);
            }
            Err(error) => {
                self.room.send(Message::Note(Note::Failed(Job::KeepGame, error.to_string())), Instant::now());
            }
        }
    }
}

/// Person `id` goes: their seat waits for them, unless it is held by
/// someone nobody can know again, whose seat is given up at once.
fn let_go(room: &mut Room, id: PersonId, now: Instant) {
    let table = room.table();
    let seat = table.people().find(|&(person, _, _)| person == id).and_then(|(_, _, seat)| seat);
    let holder = seat.and_then(|seat| table.holders()[seat.index()].as_ref());
    if holder.is_some_and(|holder| !provable(holder.key.as_deref())) {
        room.intend(id, Intent::GiveUpSeat, now);
    }
    room.leave(id, now);
}

/// A name nobody else at the table goes by, nor one that looks like it
/// ([`name::skeleton`]): "bob", else "bob 2". Coming back to one's own
/// seat (held by `holder`) keeps its name.
fn unique_name(table: &Table, name: &str, holder: &str) -> String {
    let mut holders = table.holders().iter().flatten();
    if let Some(own) =
        holders.find(|h| h.away_since.is_some() && hearts_table::people::holds(h.key.as_deref(), &h.name, holder))
    {
        return own.name.clone();
    }
    let taken = |candidate: &str| {
        let looks = name::skeleton(candidate);
        table.holders().iter().flatten().any(|h| name::skeleton(&h.name) == looks)
            || table.people().any(|(_, person, _)| name::skeleton(person) == looks)
            || looks == name::skeleton("You")
    };
    let stem: String = name.chars().take(name::MAX_NAME - 3).collect();
    std::iter::once(name.to_string())
        .chain((2..).map(|n| format!("{stem} {n}")))
        .find(|candidate| !taken(candidate))
        .unwrap_or_else(|| name.to_string())
}

/// The theme for a client's terminal type.
pub(super) fn theme_for(term: &str) -> Theme {
    Theme { color: true, ascii: false, palette256: crate::theme::has_256_colours(Some(term), None), four_colour: false }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;
    use hearts_bots::players::{Level, Player};
    use hearts_engine::{Rules, Seat};
    use hearts_table::Arrival;

    fn arrive(app: &mut Table, id: u64, name: &str, holder: &str) {
        let key = Some(holder.to_string());
        let arrival =
            Arrival { id: PersonId(id), name: name.into(), key, watch: false, in_lines: false, seat_note: None };
        app.update(Message::Arrive(arrival), Instant::now());
    }

    fn table() -> Table {
        let setup = Setup {
            rules: Rules::default(),
            label: "black-lady".into(),
            players: vec![Player::Builtin(Level::Normal); 4],
        };
        let start = hearts_bots::record::DealCode { seed: 1, hand: 1 };
        Table::shared(setup, start, Speed::Instant, Think::Samples(1), Sharing::default()).unwrap()
    }

    #[test]
    fn a_table_closes_when_empty_if_a_person_opened_it_or_nobody_knows_who_did() {
        let opened = serde_json::json!({"opener": "name:alice"});
        let the_servers = serde_json::json!({"opener": null});
        let from_before_openers = serde_json::json!({"hints": true});
        assert!(closes_when_empty(Some("name:alice"), None), "a person's new table");
        assert!(!closes_when_empty(None, None), "the server's new table");
        assert!(closes_when_empty(opener_of(&opened).as_deref(), Some(&opened)));
        assert!(!closes_when_empty(opener_of(&the_servers).as_deref(), Some(&the_servers)));
        assert!(closes_when_empty(opener_of(&from_before_openers).as_deref(), Some(&from_before_openers)));
        // Saved again, it says so itself, though its opener is still unknown.
        let saved_again = serde_json::json!({"opener": null, "closes": true});
        assert!(closes_when_empty(opener_of(&saved_again).as_deref(), Some(&saved_again)));
    }

    #[test]
    fn a_seats_grace_counts_from_when_its_person_left_across_a_restart() {
        let mut app = table();
        let left = Instant::now();
        arrive(&mut app, 1, "bob", "name:bob");
        app.update(Message::Leave(PersonId(1)), left);
        let saved_at = left + Duration::from_secs(40);
        let stored = StoredTable {
            code: "W6HZ".into(),
            listed: true,
            settings: settings_of(&app, saved_at),
            game: Some(app.saved_game(saved_at)),
            seated: vec![Seated { seat: 0, name: "bob".into(), key: Some("name:bob".into()) }],
        };
        // The server comes back five seconds later (its clock starts anew).
        let restarted = Instant::now() + Duration::from_secs(5);
        let holders = holders_of(&stored, restarted);
        let away = holders[0].as_ref().and_then(|holder| holder.away_since).expect("bob is away");
        let gone_for = restarted.duration_since(away);
        assert!(gone_for >= Duration::from_millis(39_900), "40 s already passed before the restart: {gone_for:?}");
    }

    #[test]
    fn a_seat_nobody_can_prove_to_hold_is_given_up_as_its_person_goes_and_across_a_restart() {
        let mut room = Room::new(table(), Vec::new());
        let now = Instant::now();
        for (id, name, holder) in [(1, "sq", "anonymous:0123456789abcdef"), (2, "bob", "name:bob")] {
            let arrival = Arrival {
                id: PersonId(id),
                name: name.into(),
                key: Some(holder.into()),
                watch: false,
                in_lines: false,
                seat_note: None,
            };
            room.arrive_in_lines(arrival, Narrator::new(PersonId(id), CardWords::default()), now);
        }
        let_go(&mut room, PersonId(1), now);
        let_go(&mut room, PersonId(2), now);
        let table = room.table();
        assert_eq!(table.holders()[0], None, "the anonymous person's seat is free for the next to come");
        assert!(table.holders()[1].as_ref().is_some_and(|holder| holder.away_since == Some(now)), "bob's waits");

        let stored = StoredTable {
            code: "W6HZ".into(),
            listed: true,
            settings: serde_json::json!({}),
            game: None,
            seated: vec![
                Seated { seat: 0, name: "sq".into(), key: Some("anonymous:0123456789abcdef".into()) },
                Seated { seat: 1, name: "bob".into(), key: Some("name:bob".into()) },
            ],
        };
        let holders = holders_of(&stored, now);
        assert_eq!(holders[0], None, "a token nobody can show again holds nothing after a restart");
        assert_eq!(holders[1].as_ref().map(|holder| holder.name.as_str()), Some("bob"));
    }

    #[test]
    fn a_tables_pause_counts_from_when_its_last_seated_person_left_across_a_restart() {
        let mut app = table();
        let left = Instant::now();
        arrive(&mut app, 1, "bob", "name:bob");
        app.update(Message::Leave(PersonId(1)), left);
        assert_eq!(app.nobody_seated_since(), Some(left));
        let settings = settings_of(&app, left + Duration::from_secs(40));
        // The server comes back five seconds later (its clock starts anew).
        let restarted = Instant::now() + Duration::from_secs(5);
        let since = nobody_seated_since_of(&settings, restarted).expect("kept");
        let gone_for = restarted.duration_since(since);
        assert!(gone_for >= Duration::from_millis(39_900), "40 s already passed before the restart: {gone_for:?}");
        arrive(&mut app, 2, "carol", "name:carol");
        assert_eq!(nobody_seated_since_of(&settings_of(&app, Instant::now()), restarted), None, "carol is seated");
    }

    #[test]
    fn names_are_unique_at_a_table_and_a_person_coming_back_keeps_theirs() {
        let mut app = table();
        arrive(&mut app, 1, "bob", "name:bob");
        assert_eq!(unique_name(&app, "bob", "name:bob"), "bob 2", "bob is here: a second bob is another person");
        assert_eq!(unique_name(&app, "You", "name:You"), "You 2", "nobody goes by the table's word for oneself");
        assert_eq!(unique_name(&app, "alice", "name:alice"), "alice");
        arrive(&mut app, 2, "bob 2", "SHA256:bobs-key");
        assert_eq!(unique_name(&app, "bob", "name:bob"), "bob 3");
        app.update(Message::Leave(PersonId(1)), Instant::now());
        assert_eq!(unique_name(&app, "bob", "name:bob"), "bob", "bob, back to the seat he holds");
        assert_eq!(unique_name(&app, &"x".repeat(16), "name:x").chars().count(), 16);
    }

    #[test]
    fn names_that_look_alike_are_one_name_and_look_alikes_take_no_seat() {
        let mut app = table();
        arrive(&mut app, 1, "alice", "SHA256:alices-key");
        assert_eq!(unique_name(&app, "\u{430}lice", "name:\u{430}lice"), "\u{430}lice 2", "a Cyrillic а");
        assert_eq!(unique_name(&app, "ALICE", "name:ALICE"), "ALICE 2");
        assert_eq!(unique_name(&app, "Y0u", "name:Y0u"), "Y0u 2");
        app.update(Message::Leave(PersonId(1)), Instant::now());
        // Away, alice's seat is her key's: her name, or a name cleaned into hers, does not take it.
        assert_eq!(unique_name(&app, "alice", "name:alice"), "alice 2");
        assert_eq!(unique_name(&app, "alice", "anonymous:0123456789abcdef"), "alice 2");
        assert_eq!(unique_name(&app, "al", "SHA256:alices-key"), "alice", "her key takes it, with her name");
        arrive(&mut app, 2, "alice 2", "anonymous:0123456789abcdef");
        let seated = |app: &Table, id| app.people().find(|(p, _, _)| *p == PersonId(id)).and_then(|(_, _, seat)| seat);
        assert_ne!(seated(&app, 2).map(Seat::index), Some(0), "the look-alike sat elsewhere");
        arrive(&mut app, 3, "alice", "SHA256:alices-key");
        assert_eq!(seated(&app, 3).map(Seat::index), Some(0), "alice is back in her seat");
    }
}
