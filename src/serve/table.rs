//! A served table: the shared [`App`] on a thread of its own with its bots
//! and one [`Screen`] per person. Sessions send it what their people type;
//! it draws each person's screen after every change. A screen that fails
//! or panics ends that person's connection only.

use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, RecvTimeoutError, SendError, Sender};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use std::time::Duration;

use crate::bot::{Bot, Think};
use crate::engine::{GamePhase, Seat};
use crate::pace::Speed;
use crate::record::{DealCode, GameRecord, ReplayError, SeatRecord};
use crate::tui::app::{App, Arrival, Effect, Holder, Message, NewGameStart, PersonId, Sharing};
use crate::tui::hint::WorkedOutHint;
use crate::tui::table::Table;
use crate::tui::theme::Theme;
use crate::tui::{Decided, decide_safely, fresh_deal, work_out_safely};

use super::identity::{self, Identity};
use super::limits::NewestSize;
use super::lobby::{SeatSummary, TableSummary};
use super::session::{Place, Screen};
use super::store::{Seated, Store, StoredTable};
use super::{Shared, name};

/// What a table hears about.
pub(super) enum ToTable {
    /// A person comes to the table.
    Join(Box<Joining>),
    /// Bytes a person typed.
    Bytes(PersonId, Vec<u8>),
    /// A person's screen changed size: the newest size (clamped) waits in the cell.
    Resized(PersonId, Arc<NewestSize>),
    /// A person's connection is gone.
    Gone(PersonId),
    /// A bot's decision, with the bot handed back.
    Decision { game_number: u64, seat: Seat, generation: u64, decided: Decided },
    /// A hint worked out, or why it failed.
    Hint(PersonId, Result<Box<WorkedOutHint>, String>),
    /// The server stops: give every terminal back.
    Stop,
}

/// A person coming to a table, with their screen.
pub(super) struct Joining {
    /// Who: their id, name, key and whether they only watch.
    pub(super) arrival: Arrival,
    /// Their screen, routed to the table.
    pub(super) screen: Screen,
}

/// A running table, as the directory keeps it.
#[derive(Clone)]
pub(super) struct TableLine {
    /// The code people join it by.
    pub(super) code: String,
    /// Where its messages go.
    pub(super) sender: Sender<ToTable>,
    /// What it looks like from outside.
    pub(super) summary: Arc<Mutex<TableSummary>>,
}

impl TableLine {
    /// What the table looks like now.
    pub(super) fn summary(&self) -> TableSummary {
        self.summary.lock().map_or_else(|_| blank(&self.code, false), |summary| summary.clone())
    }
}

/// Takes a person's screen to `table`, to sit or to watch. The screen
/// comes back when the table has stopped, for the caller to route again.
pub(super) fn bring(mut screen: Screen, table: &TableLine, watch: bool, id: PersonId) -> Option<Screen> {
    screen.id = id;
    let visitor = &screen.visitor;
    let arrival = Arrival {
        id,
        name: visitor.name.clone(),
        // A seat is held by who the person is: their key, their name if it is theirs, or no one again.
        key: Some(visitor.holder.clone()),
        watch,
        theme: visitor.theme,
        size: screen.size,
    };
    // Routed and sent under one lock: a takeover's Gone for this person then reaches the table after the Join.
    let route = Arc::clone(&screen.route);
    let mut place = route.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    *place = Place::Table(table.sender.clone(), id);
    let sent = table.sender.send(ToTable::Join(Box::new(Joining { arrival, screen })));
    drop(place);
    let Err(SendError(ToTable::Join(joining))) = sent else {
        return None;
    };
    let Joining { screen, .. } = *joining;
    Some(screen)
}

/// A table's summary before it has published one.
fn blank(code: &str, listed: bool) -> TableSummary {
    TableSummary {
        code: code.to_string(),
        label: String::new(),
        players: 0,
        seats: Vec::new(),
        playing: false,
        hand: 0,
        listed,
    }
}

/// What a table is opened with.
pub(super) struct Opening {
    /// Rules, label and bots.
    pub(super) table: Table,
    /// The bots' pace.
    pub(super) speed: Speed,
    /// The expert's budget.
    pub(super) think: Think,
    /// Grace period, turn clock, hints.
    pub(super) sharing: Sharing,
    /// Shown in the lobby.
    pub(super) listed: bool,
}

/// Opens a table on a thread of its own, saved in the database of `dir`
/// (a new table, or `stored` taken up where it was).
pub(super) fn open(
    code: String,
    opening: Opening,
    stored: Option<&StoredTable>,
    deal: Option<DealCode>,
    shared: Arc<Shared>,
) -> Result<TableLine, String> {
    let store = Store::open_in(&shared.dir).map_err(|error| error.to_string())?;
    let listed = stored.map_or(opening.listed, |stored| stored.listed);
    let sharing = stored.map_or(opening.sharing, |stored| sharing_of(&stored.settings, opening.sharing));
    let resumed = stored.and_then(|stored| stored.game.as_ref().map(|saved| (stored, saved)));
    let app = match resumed {
        Some((stored, saved)) => App::resume_shared(saved, holders_of(stored), opening.speed, sharing, Instant::now())
            .map_err(|error| format!("table {code} does not replay: {error}"))?,
        None => App::shared(opening.table.clone(), deal.unwrap_or_else(fresh_deal), opening.speed, sharing)
            .map_err(|error| error.to_string())?,
    };
    let table = app.table.clone();
    let (sender, receiver) = std::sync::mpsc::channel();
    let summary = Arc::new(Mutex::new(blank(&code, listed)));
    let mut served = Served {
        shared,
        listed,
        code: code.clone(),
        store,
        app,
        table,
        think: opening.think,
        bots: Vec::new(),
        game_number: 0,
        thinking: false,
        screens: HashMap::new(),
        redraw: Redraw::Everyone,
        sender: sender.clone(),
        summary: Arc::clone(&summary),
    };
    served.seat_bots();
    served.save(Instant::now());
    served.publish();
    std::thread::Builder::new()
        .name(format!("table {code}"))
        .spawn(move || served.run(&receiver))
        .map_err(|error| error.to_string())?;
    Ok(TableLine { code, sender, summary })
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
struct Shape {
    generation: u64,
    seed: u64,
    people: usize,
    passes: usize,
    said: Option<Instant>,
    away: Vec<Option<bool>>,
}

/// The table's own state on its thread.
struct Served {
    /// The server: where a person who leaves goes back to the lobby.
    shared: Arc<Shared>,
    /// Shown in the lobby.
    listed: bool,
    code: String,
    /// Where the table is saved after each trick and its games kept.
    store: Store,
    app: App,
    table: Table,
    think: Think,
    /// Each seat's bot; `None` while it thinks.
    bots: Vec<Option<Box<dyn Bot>>>,
    /// Counts games, so a bot coming back from an old game is dropped.
    game_number: u64,
    thinking: bool,
    screens: HashMap<PersonId, Screen>,
    /// The screens to draw before waiting again.
    redraw: Redraw,
    sender: Sender<ToTable>,
    summary: Arc<Mutex<TableSummary>>,
}

impl Served {
    fn seat_bots(&mut self) {
        self.game_number += 1;
        self.thinking = false;
        let seed = self.app.game.seed();
        self.bots = (0..self.table.players.len())
            .map(|i| Seat::new(i).map(|seat| self.table.players[i].bot(seed, seat, self.think)))
            .collect();
    }

    fn run(&mut self, receiver: &Receiver<ToTable>) {
        loop {
            self.draw_all();
            self.publish();
            self.ask_bot();
            let now = Instant::now();
            let escapes = self.screens.values().filter_map(Screen::escape_deadline);
            let wakeup = self.app.next_wakeup(now).into_iter().chain(escapes).min();
            let incoming = match wakeup {
                None => receiver.recv().ok(),
                Some(at) => match receiver.recv_timeout(at.saturating_duration_since(Instant::now())) {
                    Ok(incoming) => Some(incoming),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => return,
                },
            };
            match incoming {
                None => self.timed_out(),
                Some(ToTable::Stop) => {
                    self.save(Instant::now());
                    for (_, screen) in self.screens.drain() {
                        screen.close();
                    }
                    return;
                }
                Some(incoming) => {
                    for message in self.heard(incoming) {
                        self.update(message);
                    }
                }
            }
        }
    }

    /// One message to the table, and what it asks for carried out.
    fn update(&mut self, message: Message) {
        let now = Instant::now();
        let before = self.shape();
        let own = match &message {
            Message::Command(id, _) | Message::Resized { person: id, .. } | Message::HintWorkedOut(id, _) => Some(*id),
            _ => None,
        };
        let updated = std::panic::catch_unwind(AssertUnwindSafe(|| {
            self.app.update(message, now);
            self.app.take_effects()
        }));
        let effects = match updated {
            Ok(effects) => effects,
            Err(_) => {
                self.recover(own, now);
                return;
            }
        };
        for effect in effects {
            self.carry_out(effect, now);
        }
        match own {
            // A key that changed only its person's view redraws only their screen.
            Some(id) if self.shape() == before => self.redraw.mark(id),
            _ => self.redraw = Redraw::Everyone,
        }
    }

    /// The table failed (a panic) on a message: it is set up again from its
    /// actions, and the person whose message it was is let go (their seat
    /// waits for them). If even that fails, everyone here is let go.
    fn recover(&mut self, own: Option<PersonId>, now: Instant) {
        self.redraw = Redraw::Everyone;
        if let Some(screen) = own.and_then(|id| self.screens.remove(&id)) {
            screen.disconnect("the table failed on your move");
        }
        let rebuilt = std::panic::catch_unwind(AssertUnwindSafe(|| self.app.rebuilt_without(own, now)));
        match rebuilt {
            Ok(Ok(app)) => {
                self.app = app;
                self.seat_bots();
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
    fn shape(&self) -> Shape {
        let app = &self.app;
        Shape {
            generation: app.generation,
            seed: app.game.seed(),
            people: app.people.len(),
            passes: app.pending_passes.len(),
            said: app.chat.back().map(|said| said.at),
            away: app.holders.iter().map(|holder| holder.as_ref().map(|h| h.away_since.is_some())).collect(),
        }
    }

    /// Nothing arrived in time: keys held for an escape sequence, or a tick.
    fn timed_out(&mut self) {
        let now = Instant::now();
        let held: Vec<(PersonId, Vec<crossterm::event::Event>)> =
            self.screens.iter_mut().map(|(&id, screen)| (id, screen.flush_keys(now))).collect();
        for (id, events) in held {
            self.keys(id, &events);
        }
        self.update(Message::Tick);
    }

    /// A person's keys and clicks, each read as the table stands when it
    /// comes (a key that opens the chat line makes the next ones text).
    fn keys(&mut self, id: PersonId, events: &[crossterm::event::Event]) {
        for event in events {
            let chatting = self.app.people.iter().any(|person| person.id == id && person.chat_line.is_some());
            let Some(message) = self.screens.get(&id).and_then(|screen| screen.message(event, chatting)) else {
                continue;
            };
            self.update(message);
        }
    }

    fn heard(&mut self, incoming: ToTable) -> Vec<Message> {
        let now = Instant::now();
        match incoming {
            ToTable::Join(joining) => self.join(*joining),
            ToTable::Bytes(id, bytes) => {
                let events = match self.screens.get_mut(&id) {
                    Some(screen) => {
                        screen.pending.fetch_sub(1, Ordering::SeqCst);
                        screen.typed(&bytes, now)
                    }
                    None => Vec::new(),
                };
                self.keys(id, &events);
                Vec::new()
            }
            ToTable::Resized(id, newest) => match (self.screens.get_mut(&id), newest.take()) {
                (Some(screen), Some((columns, rows))) => match screen.resize(columns, rows) {
                    Ok(resized) => vec![resized],
                    Err(_) => self.drop_screen(id, "the screen could not be resized"),
                },
                _ => Vec::new(),
            },
            ToTable::Gone(id) => {
                self.screens.remove(&id);
                self.app.update(Message::Leave(id), now);
                // The seat is kept for them across a restart too.
                self.save(now);
                self.redraw = Redraw::Everyone;
                Vec::new()
            }
            ToTable::Decision { game_number, seat, generation, decided } => {
                self.decided(game_number, seat, generation, decided).into_iter().collect()
            }
            ToTable::Hint(id, Ok(worked)) => vec![Message::HintWorkedOut(id, worked)],
            ToTable::Hint(_, Err(why)) => vec![Message::Note(format!("The hint failed: {why}"))],
            ToTable::Stop => Vec::new(),
        }
    }

    fn join(&mut self, joining: Joining) -> Vec<Message> {
        let Joining { mut arrival, screen } = joining;
        arrival.name = unique_name(&self.app, &arrival.name, arrival.key.as_deref().unwrap_or_default());
        let now = Instant::now();
        self.screens.insert(arrival.id, screen);
        self.app.update(Message::Arrive(Box::new(arrival)), now);
        self.save(now);
        // The newcomer's screen is drawn whole, and the others show who came.
        self.redraw = Redraw::Everyone;
        Vec::new()
    }

    /// Draws every screen; a screen that fails or panics loses its person.
    fn draw_all(&mut self) {
        let now = Instant::now();
        let ids: Vec<PersonId> = match std::mem::replace(&mut self.redraw, Redraw::Some(Vec::new())) {
            Redraw::Everyone => self.screens.keys().copied().collect(),
            Redraw::Some(ids) => ids,
        };
        for id in ids {
            let Some(seen) = self.app.seen(id) else { continue };
            let Some(screen) = self.screens.get_mut(&id) else { continue };
            let drawn = std::panic::catch_unwind(AssertUnwindSafe(|| screen.draw(&seen, now)));
            if !matches!(drawn, Ok(Ok(()))) {
                let why = if drawn.is_err() { "the screen failed" } else { "the client does not read its screen" };
                for message in self.drop_screen(id, why) {
                    self.update(message);
                }
            }
        }
    }

    /// Ends a person's connection; the table goes on without them.
    fn drop_screen(&mut self, id: PersonId, why: &'static str) -> Vec<Message> {
        if let Some(screen) = self.screens.remove(&id) {
            screen.disconnect(why);
        }
        vec![Message::Leave(id)]
    }

    /// Tells the directory how the table looks.
    fn publish(&self) {
        let app = &self.app;
        let seats = app
            .holders
            .iter()
            .enumerate()
            .map(|(seat, holder)| match holder {
                Some(holder) => {
                    SeatSummary { name: holder.name.clone(), person: true, connected: holder.away_since.is_none() }
                }
                None => SeatSummary { name: app.table.players[seat].name(), person: false, connected: false },
            })
            .collect();
        let summary = TableSummary {
            code: self.code.clone(),
            label: app.table.label.clone(),
            players: app.players(),
            seats,
            playing: app.finish.is_none() && app.game.phase() != GamePhase::GameOver && !app.log.is_empty(),
            hand: app.game.hand_number(),
            listed: self.listed,
        };
        if let Ok(mut shared) = self.summary.lock() {
            *shared = summary;
        }
    }

    /// Asks the next bot on a worker thread, if one is to move and none thinks.
    fn ask_bot(&mut self) {
        if self.thinking {
            return;
        }
        let Some(seat) = self.app.bot_to_ask(Instant::now()) else { return };
        let Some(bot) = self.bots.get_mut(seat.index()).and_then(Option::take) else { return };
        self.thinking = true;
        let game = self.app.game.clone();
        let (generation, game_number, sender) = (self.app.generation, self.game_number, self.sender.clone());
        std::thread::spawn(move || {
            let decided = decide_safely(&game, seat, bot);
            let _ = sender.send(ToTable::Decision { game_number, seat, generation, decided });
        });
    }

    /// The bot's decision as a message; `None` for an old game's.
    fn decided(&mut self, game_number: u64, seat: Seat, generation: u64, decided: Decided) -> Option<Message> {
        if game_number != self.game_number {
            return None;
        }
        self.thinking = false;
        let bot =
            decided.bot.unwrap_or_else(|| self.table.players[seat.index()].bot(self.app.game.seed(), seat, self.think));
        self.bots[seat.index()] = Some(bot);
        if let Some(failure) = decided.failure {
            self.app.update(Message::Note(format!("Seat {}: {failure}", seat.index() + 1)), Instant::now());
            self.redraw = Redraw::Everyone;
        }
        decided.action.map(|action| Message::BotDecided { generation, action })
    }

    fn carry_out(&mut self, effect: Effect, now: Instant) {
        match effect {
            Effect::Quit(id) => {
                // The person leaves the table for the lobby; their seat waits for them as after a lost connection.
                self.app.update(Message::Leave(id), now);
                if let Some(screen) = self.screens.remove(&id).and_then(|screen| screen.fresh().ok()) {
                    super::lobby_session::enter(screen, Arc::clone(&self.shared), None);
                }
                self.save(now);
            }
            Effect::WorkOutHint(id, request) => {
                let sender = self.sender.clone();
                std::thread::spawn(move || {
                    let _ = sender.send(ToTable::Hint(id, work_out_safely(*request)));
                });
            }
            Effect::NewGame(deal) => self.new_game(self.table.clone(), deal, self.app.speed, now),
            Effect::Start(start) => {
                let NewGameStart { table, deal, speed, .. } = *start;
                self.new_game(table, deal, speed, now);
            }
            Effect::Save => self.save(now),
            Effect::Finished(_) | Effect::Unplayed => {
                self.keep();
                self.save(now);
            }
            // There is no saved game to offer at a served table, and
            // Ctrl-Z has no shell to go back to.
            Effect::Resume(_) | Effect::DeclineResume | Effect::Suspend => {}
        }
    }

    /// A new game at the same table, its people kept in their seats; an
    /// unfinished game left for it is kept with the games played.
    fn new_game(&mut self, table: Table, deal: Option<DealCode>, speed: Speed, now: Instant) {
        match self.app.next_game(table.clone(), deal.unwrap_or_else(fresh_deal), speed) {
            Ok(next) => {
                if self.app.finish.is_none() {
                    self.keep();
                }
                self.app = next;
                self.table = table;
                self.seat_bots();
                self.save(now);
            }
            Err(error) => self.app.update(Message::Note(format!("That game cannot start: {error}")), now),
        }
    }

    /// Saves the table as it is now: one transaction.
    fn save(&mut self, now: Instant) {
        let app = &self.app;
        let stored = StoredTable {
            code: self.code.clone(),
            listed: self.listed,
            settings: settings_of(app.sharing),
            game: app.finish.is_none().then(|| app.saved_game(now)),
            seated: app
                .holders
                .iter()
                .enumerate()
                .filter_map(|(seat, holder)| {
                    holder.as_ref().map(|h| Seated { seat, name: h.name.clone(), key: h.key.clone() })
                })
                .collect(),
        };
        if let Err(error) = self.store.save_table(&stored) {
            self.app.update(Message::Note(format!("Could not save the table: {error}")), now);
        }
    }

    /// Keeps the game as a record, if a person played in it.
    fn keep(&mut self) {
        let app = &self.app;
        if app.log.is_empty() || app.holders.iter().all(Option::is_none) {
            return;
        }
        // Each seat's person as the store finds their games again.
        let who: Vec<Identity> = app
            .holders
            .iter()
            .map(|holder| {
                holder.as_ref().and_then(|h| h.key.as_deref()).map_or(Identity::Anonymous, Identity::of_holder)
            })
            .collect();
        let kept = served_record(app)
            .map_err(|error| error.to_string())
            .and_then(|record| self.store.add_game(&record, &app.table.label, &who).map_err(|error| error.to_string()));
        if let Err(error) = kept {
            self.app.update(Message::Note(format!("Could not keep the game: {error}")), Instant::now());
        }
    }
}

/// The record of a game at a served table: each person's seat is
/// `human:NAME`, the others their bots.
pub(super) fn served_record(app: &App) -> Result<GameRecord, ReplayError> {
    let seats = Seat::all(app.players())
        .map(|seat| {
            let holder = app.holders[seat.index()].as_ref();
            SeatRecord {
                seat: seat.index(),
                name: app.name_for(None, seat),
                player: holder.map_or_else(|| app.table.players[seat.index()].name(), |h| format!("human:{}", h.name)),
            }
        })
        .collect();
    GameRecord::of_actions(app.table.rules, app.start, seats, &app.log)
}

/// A table's settings as the database keeps them.
fn settings_of(sharing: Sharing) -> serde_json::Value {
    serde_json::json!({
        "grace-seconds": sharing.grace.as_secs(),
        "turn-clock-seconds": sharing.turn_clock.map(|clock| clock.as_secs()),
        "hints": sharing.hints,
    })
}

/// A stored table's settings, each missing one as `default` has it.
fn sharing_of(settings: &serde_json::Value, default: Sharing) -> Sharing {
    let seconds = |key: &str| settings.get(key).and_then(serde_json::Value::as_u64).map(Duration::from_secs);
    Sharing {
        grace: seconds("grace-seconds").unwrap_or(default.grace),
        turn_clock: match settings.get("turn-clock-seconds") {
            Some(serde_json::Value::Null) => None,
            Some(_) => seconds("turn-clock-seconds"),
            None => default.turn_clock,
        },
        hints: settings.get("hints").and_then(serde_json::Value::as_bool).unwrap_or(default.hints),
    }
}

/// Who held each seat of a stored table.
fn holders_of(stored: &StoredTable) -> Vec<Option<Holder>> {
    let seats = stored.seated.iter().map(|seated| seated.seat + 1).max().unwrap_or(0);
    let mut holders = vec![None; seats];
    for seated in &stored.seated {
        holders[seated.seat] = Some(Holder { name: seated.name.clone(), key: seated.key.clone(), away_since: None });
    }
    holders
}

/// A name nobody else at the table goes by, nor one that looks like it
/// ([`name::skeleton`]): "bob", else "bob 2". Coming back to one's own
/// seat (held by `holder`) keeps its name.
fn unique_name(app: &App, name: &str, holder: &str) -> String {
    let mut holders = app.holders.iter().flatten();
    if let Some(own) = holders.find(|h| h.away_since.is_some() && identity::holds(h.key.as_deref(), &h.name, holder)) {
        return own.name.clone();
    }
    let taken = |candidate: &str| {
        let looks = name::skeleton(candidate);
        app.holders.iter().flatten().any(|h| name::skeleton(&h.name) == looks)
            || app.people.iter().any(|p| name::skeleton(&p.name) == looks)
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
    Theme { color: true, ascii: false, palette256: crate::tui::theme::has_256_colours(Some(term), None) }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;
    use crate::engine::Rules;
    use crate::players::{Level, Player};

    fn arrive(app: &mut App, id: u64, name: &str, holder: &str) {
        let theme = Theme { color: false, ascii: true, palette256: false };
        let key = Some(holder.to_string());
        let arrival = Arrival { id: PersonId(id), name: name.into(), key, watch: false, theme, size: (80, 24) };
        app.update(Message::Arrive(Box::new(arrival)), Instant::now());
    }

    fn table() -> App {
        let table = Table {
            rules: Rules::default(),
            label: "black-lady".into(),
            players: vec![Player::Builtin(Level::Normal); 4],
        };
        App::shared(table, DealCode { seed: 1, hand: 1 }, Speed::Instant, Sharing::default()).unwrap()
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
        let seated = |app: &App, id| app.people.iter().find(|p| p.id == PersonId(id)).and_then(|p| p.seat);
        assert_ne!(seated(&app, 2).map(Seat::index), Some(0), "the look-alike sat elsewhere");
        arrive(&mut app, 3, "alice", "SHA256:alices-key");
        assert_eq!(seated(&app, 3).map(Seat::index), Some(0), "alice is back in her seat");
    }
}
