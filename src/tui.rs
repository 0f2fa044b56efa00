//! The terminal game: you (South) against bots at a ratatui table.
//!
//! The runtime here owns the terminal, the bots and the files; the
//! [`app`] module holds the game as the player sees it and is the one place
//! its state changes; [`view`] draws it; [`input`] turns keys and clicks
//! into commands. Input arrives from a reader thread and bot decisions
//! from worker threads over one channel, and the loop sleeps until one of
//! them (or the next pace step) arrives, so an idle table uses no CPU.

pub mod app;
pub mod fit;
pub mod games;
pub mod input;
pub mod new_game;
pub mod replay;
pub mod save;
pub mod stats;
pub mod theme;
pub mod view;

use std::cell::Cell;
use std::io::{IsTerminal, stdout};
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use signal_hook::consts::{SIGHUP, SIGTERM, SIGTSTP};
use signal_hook::iterator::Signals;

use crate::bot::{Bot, Think, decide};
use crate::engine::{Action, Game, RulesError, Seat};
use crate::players::Level;
use crate::record::{DealCode, GameRecord, ReplayError, SeatRecord};

use crate::pace::Speed;
use app::{App, Effect, Message, NewGameStart, PersonId, ResumeOffer};
use input::Hits;
use save::Found;
use stats::Stats;
use crate::files::{self as store, FileError, GameLock};
use crate::table::{Setup, hint};
use theme::Theme;

/// Why the table could not be played.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Standard output is not a terminal.
    #[error("the table needs a terminal; for games without one see `hearts sim`")]
    NotATerminal,
    /// The terminal could not be set up, drawn on or read.
    #[error("cannot {doing} the terminal: {source}")]
    Terminal {
        /// What was being done: set up, draw on, read.
        doing: &'static str,
        /// What the system said.
        source: std::io::Error,
    },
    /// The rules make no game.
    #[error(transparent)]
    Rules(#[from] RulesError),
}

/// How `hearts` (or `hearts play`) was asked to start.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Play this deal (a seed and its first hand) instead of a fresh game;
    /// skips the resume offer.
    pub deal: Option<DealCode>,
    /// The bots' pace.
    pub speed: Speed,
    /// Letters instead of suit symbols.
    pub ascii: bool,
    /// Start a new game even if one is saved.
    pub new: bool,
    /// The expert's budget.
    pub think: Think,
    /// `--record FILE`: also append every game played here to this file.
    pub record: Option<PathBuf>,
    /// Where the new-game window remembers its choices.
    pub settings: Option<PathBuf>,
}

/// What the loop hears about.
enum Incoming {
    /// A key, click or resize from the terminal.
    Terminal(Event),
    /// A bot's decision, with the bot handed back.
    Decision { game_number: u64, seat: Seat, generation: u64, decided: Decided },
    /// A hint worked out, or why it could not be.
    Hint(PersonId, Result<Box<hint::WorkedOutHint>, String>),
    /// The terminal could not be read.
    Failed(std::io::Error),
    /// SIGTERM or SIGHUP: save and leave.
    Ended,
}

/// Plays at the terminal until the player quits. Files and the terminal
/// are checked before the screen is taken over.
pub fn play(table: Setup, options: PlayOptions) -> Result<(), TableError> {
    if !stdout().is_terminal() {
        return Err(TableError::NotATerminal);
    }
    let mut notices = Vec::new();
    let dir = store::data_dir().map_err(|error| notices.push(format!("games are not saved: {error}"))).ok();
    // One process at a time owns the saved game; a second plays unsaved.
    let (dir, lock, elsewhere) = match dir.as_deref().map(GameLock::take) {
        Some(Ok(Some(lock))) => (dir, Some(lock), false),
        Some(Ok(None)) => (None, None, true),
        Some(Err(error)) => {
            notices.push(format!("games are not saved: {error}"));
            (None, None, false)
        }
        None => (None, None, false),
    };
    // A new game asked for on the command line declines the saved one: it is kept, not offered.
    let declined = options.new || options.deal.is_some();
    let saved = match &dir {
        Some(dir) => match save::read(dir) {
            Found::Nothing => None,
            Found::Game(saved) => Some(saved),
            Found::Corrupt(FileError::Corrupt { problem, kept_at, .. }) => {
                notices.push(format!(
                    "the saved game could not be read ({problem}); it was kept as {}",
                    kept_at.display()
                ));
                None
            }
            Found::Corrupt(error) => {
                notices.push(format!("the saved game could not be read: {error}"));
                None
            }
        },
        None => None,
    };
    let stats = match dir.as_deref().map(Stats::read).transpose() {
        Ok(stats) => stats,
        Err(error @ FileError::Corrupt { .. }) => {
            notices.push(format!("statistics start afresh: {error}"));
            Some(Stats::default())
        }
        Err(error) => {
            notices.push(format!("statistics are not kept this game: {error}"));
            None
        }
    };
    let theme = Theme::from_environment(options.ascii);
    let start = options.deal.unwrap_or_else(fresh_deal);
    let mut app = App::new(table.clone(), start, options.speed, theme)?;
    if let Some(saved) = saved.as_ref().filter(|_| !declined) {
        app.update(Message::OfferResume(ResumeOffer::of(saved)), Instant::now());
    }
    if elsewhere {
        let note = "A game is open in another hearts: this new game will not be saved".to_string();
        app.update(Message::Note(note), Instant::now());
    } else if let Some(notice) = notices.first() {
        app.update(Message::Note(format!("Note: {notice}")), Instant::now());
    }
    let mut runtime = Runtime {
        dir,
        _lock: lock,
        stats_ok: stats.is_some(),
        table,
        options,
        saved,
        bots: Vec::new(),
        game_number: 0,
    };
    let key = Stats::key(&runtime.table.label, &runtime.table.rules, &runtime.table.players);
    let known = stats.and_then(|s| s.presets.get(&key).copied()).unwrap_or_default();
    app.update(Message::Stats(known), Instant::now());
    if let Some(file) = &runtime.options.settings {
        app.update(Message::Remembered(new_game::recall(file)), Instant::now());
    }
    if declined && let Some(saved) = runtime.saved.take() {
        runtime.keep_declined(&saved, &mut app, Instant::now());
    }
    runtime.seat_bots(&app);

    // ratatui installs a hook of its own; ours replaces it so that the
    // terminal is restored once, and not for a bot's caught panic.
    let first_hook = std::panic::take_hook();
    let mut terminal = ratatui::try_init().map_err(|source| TableError::Terminal { doing: "set up", source })?;
    let _ = execute!(stdout(), EnableMouseCapture);
    install_panic_hook(first_hook);
    let result = runtime.run(&mut terminal, app);
    restore_terminal();
    for notice in notices {
        eprintln!("hearts: {notice}");
    }
    result
}

/// Set once the terminal has been given back, so it happens once only.
static RESTORED: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// Set on a bot worker thread: a panic there is caught and reported at
    /// the table, so it must not give the terminal back.
    static CAUGHT_HERE: Cell<bool> = const { Cell::new(false) };
}

/// Leaves mouse capture, raw mode and the alternate screen, once.
fn restore_terminal() {
    if !RESTORED.swap(true, Ordering::SeqCst) {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
    }
}

/// Ctrl-Z: gives the terminal back, stops the process as the shell's job
/// control expects, and takes the terminal again when it continues.
fn suspend(terminal: &mut ratatui::DefaultTerminal) -> Result<(), TableError> {
    restore_terminal();
    // Stops here until SIGCONT (`fg`).
    let _ = signal_hook::low_level::raise(SIGTSTP);
    // `resize` clears the screen and forgets what was drawn, so the next
    // frame is drawn whole (`clear` would ask the terminal for the cursor,
    // racing the input reader for the answer).
    let taken = crossterm::terminal::enable_raw_mode()
        .and_then(|()| execute!(stdout(), crossterm::terminal::EnterAlternateScreen, EnableMouseCapture))
        .and_then(|()| terminal.size())
        .and_then(|size| terminal.resize(ratatui::layout::Rect::new(0, 0, size.width, size.height)));
    RESTORED.store(false, Ordering::SeqCst);
    taken.map_err(|source| TableError::Terminal { doing: "take back", source })
}

/// On a panic of the main thread (or any thread but a bot worker), give the
/// terminal back before the message is printed, whichever thread it is.
fn install_panic_hook(previous: Box<dyn Fn(&std::panic::PanicHookInfo<'_>) + Sync + Send>) {
    std::panic::set_hook(Box::new(move |info| {
        if CAUGHT_HERE.with(Cell::get) {
            return;
        }
        restore_terminal();
        previous(info);
    }));
}

/// Asks a bot for a seat's action on a worker thread. A bot that panics is
/// dropped, the built-in `normal` bot decides this once, and the panic is
/// reported for the status line.
pub(crate) fn decide_safely(game: &Game, seat: Seat, mut bot: Box<dyn Bot>) -> Decided {
    match caught(|| decide(game, seat, bot.as_mut())) {
        Ok(action) => Decided { action, bot: Some(bot), failure: None },
        Err(payload) => {
            let why = panic_message(payload.as_ref());
            let name = bot.name();
            // The panicking bot may be half-updated: it is dropped, not reused.
            drop(std::panic::catch_unwind(AssertUnwindSafe(move || drop(bot))));
            let mut stand_in = Level::Normal.bot(game.seed(), seat, Think::Samples(1));
            Decided {
                action: decide(game, seat, stand_in.as_mut()),
                bot: None,
                failure: Some(format!("the {name} bot failed ({why}); normal played for it")),
            }
        }
    }
}

/// Works out a hint on a worker thread: a panic in the search is caught
/// and reported, and the terminal stays the table's.
pub(crate) fn work_out_safely(request: hint::HintRequest) -> Result<Box<hint::WorkedOutHint>, String> {
    caught(|| request.work_out()).map(Box::new).map_err(|payload| panic_message(payload.as_ref()))
}

/// Runs `work` on a worker thread, catching a panic (the panic hook leaves
/// the terminal to the table while this thread is inside).
fn caught<T>(work: impl FnOnce() -> T) -> std::thread::Result<T> {
    CAUGHT_HERE.with(|caught| caught.set(true));
    let outcome = std::panic::catch_unwind(AssertUnwindSafe(work));
    CAUGHT_HERE.with(|caught| caught.set(false));
    outcome
}

/// A bot's answer from a worker thread.
pub(crate) struct Decided {
    pub(crate) action: Option<Action>,
    /// The bot, handed back; `None` when it panicked.
    pub(crate) bot: Option<Box<dyn Bot>>,
    /// What went wrong, for the status line.
    pub(crate) failure: Option<String>,
}

/// What a caught panic said.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string())
}

/// A new game: hand 1 of a fresh seed.
pub(crate) fn fresh_deal() -> DealCode {
    DealCode { seed: fresh_seed(), hand: 1 }
}

/// A seed for a new game: small enough to read out and type back in.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let mixed = (nanos ^ (u64::from(std::process::id()) << 32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> 20) % 999_999_999 + 1
}

struct Runtime {
    /// The data directory; `None` when games are not saved.
    dir: Option<PathBuf>,
    /// Held while this process owns the saved game.
    _lock: Option<GameLock>,
    stats_ok: bool,
    table: Setup,
    options: PlayOptions,
    saved: Option<Box<crate::table::saved::SavedGame>>,
    /// Each seat's bot; `None` while it thinks (and for your seat).
    bots: Vec<Option<Box<dyn Bot>>>,
    /// Counts games, so a bot coming back from an old game is dropped.
    game_number: u64,
}

impl Runtime {
    fn seat_bots(&mut self, app: &App) {
        self.game_number += 1;
        self.bots = (0..app.table.players.len())
            .map(|i| Seat::new(i).filter(|_| i > 0).map(|seat| self.bot_for(app, seat)))
            .collect();
    }

    /// A fresh bot for a seat of the table.
    fn bot_for(&self, app: &App, seat: Seat) -> Box<dyn Bot> {
        app.table.players[seat.index()].bot(app.game.seed(), seat, self.options.think)
    }

    fn run(&mut self, terminal: &mut ratatui::DefaultTerminal, mut app: App) -> Result<(), TableError> {
        let (sender, receiver) = mpsc::channel();
        let reader = sender.clone();
        std::thread::spawn(move || read_terminal(&reader));
        let listener = sender.clone();
        match Signals::new([SIGTERM, SIGHUP]) {
            Ok(mut signals) => {
                std::thread::spawn(move || {
                    if signals.forever().next().is_some() {
                        let _ = listener.send(Incoming::Ended);
                    }
                });
            }
            Err(error) => app.update(Message::Note(format!("SIGTERM will not save the game: {error}")), Instant::now()),
        }
        let mut hits = Hits::default();
        let size = terminal.size().map_err(|source| TableError::Terminal { doing: "measure", source })?;
        let mut resized = Message::Resized { person: PersonId::LOCAL, width: size.width, height: size.height };
        app.update(resized.clone(), Instant::now());
        let mut thinking: Option<Seat> = None;
        loop {
            let now = Instant::now();
            terminal
                .draw(|frame| {
                    if let Some(you) = app.seen(PersonId::LOCAL) {
                        hits = view::draw(frame, &you, now);
                    }
                })
                .map_err(|source| TableError::Terminal { doing: "draw on", source })?;
            if thinking.is_none()
                && let Some(seat) = app.bot_to_ask(now)
                && let Some(bot) = self.bots.get_mut(seat.index()).and_then(Option::take)
            {
                thinking = Some(seat);
                let game = app.game.clone();
                let generation = app.generation;
                let game_number = self.game_number;
                let sender: Sender<Incoming> = sender.clone();
                std::thread::spawn(move || {
                    let decided = decide_safely(&game, seat, bot);
                    let _ = sender.send(Incoming::Decision { game_number, seat, generation, decided });
                });
            }
            let message = match next_incoming(&receiver, app.next_wakeup(Instant::now())) {
                None => Some(Message::Tick),
                Some(Incoming::Failed(source)) => return Err(TableError::Terminal { doing: "read", source }),
                Some(Incoming::Ended) => {
                    if app.finish.is_none() && !app.log.is_empty() {
                        self.save(&mut app, Instant::now());
                    }
                    return Ok(());
                }
                Some(Incoming::Terminal(Event::Key(key))) => {
                    input::key_command(key).map(|command| Message::Command(PersonId::LOCAL, command))
                }
                Some(Incoming::Terminal(Event::Mouse(mouse))) => {
                    input::mouse_command(mouse, &hits).map(|command| Message::Command(PersonId::LOCAL, command))
                }
                Some(Incoming::Terminal(Event::Resize(width, height))) => {
                    resized = Message::Resized { person: PersonId::LOCAL, width, height };
                    Some(resized.clone())
                }
                Some(Incoming::Terminal(_)) => None,
                Some(Incoming::Hint(person, Ok(worked))) => Some(Message::HintWorkedOut(person, worked)),
                Some(Incoming::Hint(_, Err(why))) => Some(Message::Note(format!("The hint failed: {why}"))),
                Some(Incoming::Decision { game_number, seat, generation, decided }) => {
                    if game_number != self.game_number {
                        continue;
                    }
                    self.bots[seat.index()] = Some(decided.bot.unwrap_or_else(|| self.bot_for(&app, seat)));
                    if let Some(failure) = decided.failure {
                        app.update(Message::Note(format!("{}: {failure}", app.table.seat_name(seat))), Instant::now());
                    }
                    thinking = None;
                    decided.action.map(|action| Message::BotDecided { generation, action })
                }
            };
            let Some(message) = message else { continue };
            let now = Instant::now();
            app.update(message, now);
            for effect in app.take_effects() {
                match effect {
                    Effect::Save => self.save(&mut app, now),
                    Effect::WorkOutHint(person, request) => {
                        let sender = sender.clone();
                        std::thread::spawn(move || {
                            let _ = sender.send(Incoming::Hint(person, work_out_safely(*request)));
                        });
                    }
                    Effect::Finished(game) => self.finished(&mut app, Some(game)),
                    Effect::Unplayed => self.finished(&mut app, None),
                    Effect::NewGame(seed) => {
                        if app.finish.is_none() && app.you_have_played() {
                            // The unfinished game is abandoned: keep it.
                            self.keep(&mut app);
                        }
                        let (stats, theme) = local_view(&app);
                        let start = seed.unwrap_or_else(fresh_deal);
                        app = App::new(self.table.clone(), start, app.speed, theme)?;
                        app.update(Message::Stats(stats), now);
                        app.update(resized.clone(), now);
                        self.seat_bots(&app);
                        thinking = None;
                    }
                    Effect::Start(start) => {
                        let NewGameStart { table, deal, speed, ascii, remembered } = *start;
                        let theme = Theme { ascii, ..local_view(&app).1 };
                        // No choice made in the window ends the program: a game that
                        // cannot start leaves the one in play as it was.
                        let started = match App::new(table.clone(), deal.unwrap_or_else(fresh_deal), speed, theme) {
                            Ok(started) => started,
                            Err(error) => {
                                app.update(Message::Note(format!("That game cannot start: {error}")), now);
                                continue;
                            }
                        };
                        if app.finish.is_none() && app.you_have_played() {
                            // The unfinished game is abandoned: keep it.
                            self.keep(&mut app);
                        }
                        self.table = table;
                        app = started;
                        if let Some(file) = &self.options.settings
                            && let Err(error) = new_game::remember(file, &remembered)
                        {
                            app.update(Message::Note(format!("Could not remember the choices: {error}")), now);
                        }
                        let key = Stats::key(&self.table.label, &self.table.rules, &self.table.players);
                        let known = Stats::read_or_default(self.dir.as_deref(), &key);
                        app.update(Message::Stats(known), now);
                        app.update(Message::Remembered(remembered), now);
                        app.update(resized.clone(), now);
                        self.seat_bots(&app);
                        thinking = None;
                    }
                    Effect::DeclineResume => {
                        if let Some(saved) = self.saved.take() {
                            self.keep_declined(&saved, &mut app, now);
                        }
                    }
                    Effect::Resume(programs) => {
                        let Some(saved) = self.saved.take() else { continue };
                        let (stats, theme) = local_view(&app);
                        match App::resume(&saved, programs, app.speed, theme) {
                            Ok(resumed) => {
                                self.table = resumed.table.clone();
                                app = resumed;
                                app.update(Message::Stats(stats), now);
                                app.update(resized.clone(), now);
                                app.update(resized.clone(), now);
                                self.seat_bots(&app);
                                thinking = None;
                            }
                            Err(error) => app.update(Message::ResumeFailed(error.to_string()), now),
                        }
                    }
                    Effect::Suspend => {
                        if app.finish.is_none() && !app.log.is_empty() {
                            self.save(&mut app, now);
                        }
                        suspend(terminal)?;
                    }
                    Effect::Quit(_) => {
                        if app.finish.is_none() && !app.log.is_empty() {
                            self.save(&mut app, now);
                        }
                        return Ok(());
                    }
                }
            }
        }
    }

    fn save(&self, app: &mut App, now: Instant) {
        if let Some(dir) = &self.dir
            && let Err(error) = save::write(dir, &app.saved_game(now))
        {
            app.update(Message::Note(format!("Could not save the game: {error}")), now);
        }
    }

    /// Keeps a saved game the player declined to resume, if they had
    /// played in it, before its save is replaced.
    fn keep_declined(&self, saved: &crate::table::saved::SavedGame, app: &mut App, now: Instant) {
        let (Ok((table, _)), Ok(log)) = (saved.replay(crate::table::saved::Programs::Replace), saved.parsed_actions()) else {
            return;
        };
        if app::you_played_in(&log)
            && let Err(error) = self.keep_record(&table, DealCode { seed: saved.seed, hand: saved.first_hand }, &log)
        {
            app.update(Message::Note(error), now);
        }
    }

    /// Appends the game to `games.jsonl` (and the `--record` file).
    fn keep(&self, app: &mut App) {
        if let Err(error) = self.keep_record(&app.table, app.start, &app.log) {
            app.update(Message::Note(error), Instant::now());
        }
    }

    /// Appends the game played at `table` from `start` by `log` as a
    /// record; the error is a note for the status line.
    fn keep_record(&self, table: &Setup, start: DealCode, log: &[Action]) -> Result<(), String> {
        let record = game_record(table, start, log).map_err(|error| format!("Could not keep the game: {error}"))?;
        let files = self.dir.as_deref().map(games::path).into_iter().chain(self.options.record.clone());
        for file in files {
            games::append(&file, &record).map_err(|error| format!("Could not keep the game: {error}"))?;
        }
        Ok(())
    }

    /// The game is over: keep it, remove its save, and count it in the
    /// statistics if a hand was completed (`game`).
    fn finished(&self, app: &mut App, game: Option<stats::GameStats>) {
        self.keep(app);
        let Some(dir) = &self.dir else { return };
        if let Err(error) = save::remove(dir) {
            app.update(Message::Note(format!("Could not remove the finished game's save: {error}")), Instant::now());
        }
        if let Some(game) = game
            && self.stats_ok
        {
            let key = Stats::key(&app.table.label, &app.table.rules, &app.table.players);
            match Stats::record(dir, &key, game) {
                Ok(entry) => app.update(Message::Stats(entry), Instant::now()),
                Err(error) => {
                    app.update(Message::Note(format!("Could not record statistics: {error}")), Instant::now())
                }
            }
        }
    }
}

/// The statistics and the theme of the terminal's own person.
fn local_view(app: &App) -> (stats::PresetStats, Theme) {
    app.seen(PersonId::LOCAL).map_or_else(
        || (stats::PresetStats::default(), Theme::from_environment(false)),
        |you| (you.person.stats, you.person.theme),
    )
}

/// The record the table keeps of the game played at `table` from `start`
/// by `log`, finished or not: the person at seat 0.
pub fn game_record(table: &Setup, start: DealCode, log: &[Action]) -> Result<GameRecord, ReplayError> {
    let players = table.rules.player_count();
    let seats = Seat::all(players)
        .map(|seat| SeatRecord {
            seat: seat.index(),
            name: table.seat_name(seat),
            player: if seat == app::YOU { "human".to_string() } else { table.players[seat.index()].name() },
        })
        .collect();
    GameRecord::of_actions(table.rules, start, seats, log)
}

/// The next thing to handle, waiting at most until `deadline`; `None`
/// when the deadline passes first.
fn next_incoming(receiver: &Receiver<Incoming>, deadline: Option<Instant>) -> Option<Incoming> {
    match deadline {
        None => receiver.recv().ok(),
        Some(deadline) => {
            let wait = deadline.saturating_duration_since(Instant::now());
            receiver.recv_timeout(wait.max(Duration::from_millis(1))).ok()
        }
    }
}

/// Reads terminal events until the program ends (blocking: no polling).
fn read_terminal(sender: &Sender<Incoming>) {
    loop {
        let incoming = match event::read() {
            Ok(event) => Incoming::Terminal(event),
            Err(error) => Incoming::Failed(error),
        };
        let failed = matches!(incoming, Incoming::Failed(_));
        if sender.send(incoming).is_err() || failed {
            return;
        }
    }
}

#[cfg(test)]
mod tests;
