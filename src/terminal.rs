//! The terminal game: you (South) against bots at a ratatui table.
//!
//! This runtime owns the terminal, the files (the save, the kept games,
//! the statistics, the new-game window's choices) and a pool for the
//! bots' searches and hints; the game itself is a [`Room`]: the shared
//! table with one person at it. Input arrives from a reader thread and
//! the searches' answers from the pool over one channel, and the loop
//! sleeps until one of them (or the table's next wake-up) arrives, so an
//! idle table uses no CPU.

pub mod games;
pub mod plain;
pub mod remembered;
pub mod replay;
pub mod save;
pub mod stats;

use std::io::{IsTerminal, stdout};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use signal_hook::consts::{SIGHUP, SIGTERM, SIGTSTP};
use signal_hook::iterator::Signals;

use crate::files::{self as store, FileError, GameLock};
use crate::room::{Room, ToRuntime};
use crate::theme::Theme;
use crate::ui::Viewer;
use crate::ui::window::Window;
use crate::ui::window::record::Record;
use crate::ui::window::resume::ResumeOffer;
use hearts_bots::Think;
use hearts_bots::record::DealCode;
use hearts_engine::RulesError;
use hearts_table::pace::Speed;
use hearts_table::pool::{Pool, catching};
use hearts_table::saved::SavedGame;
use hearts_table::{Ended, Job, Message, Note, PersonId, Setup, Table, YOU, fresh_deal};
use save::Found;
use stats::{GameStats, PresetStats, Stats};

/// Why the table could not be played.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Standard output is not a terminal.
    #[error("the table needs a terminal; without one, play in the line mode with --plain, or see `hearts sim`")]
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
    /// The four-colour deck.
    pub four_colour: bool,
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
    /// A key, click or resize from the terminal, or a typed line.
    TerminalInput(TerminalInput),
    /// Work done off the table's thread (a bot's decision, a hint), as
    /// the table's message.
    Table(Message),
    /// The terminal could not be read.
    Failed(std::io::Error),
    /// SIGTERM or SIGHUP: save and leave.
    Ended,
}

/// What the person at this terminal sent.
enum TerminalInput {
    /// A key, click or resize (the full-screen table).
    Event(Event),
    /// A line typed (the line mode).
    Line(String),
}

/// How the table meets the person at this terminal: drawn on the screen
/// and read as keys, or told in sentences and read as lines.
trait Front {
    /// Starts reading the person's input into `sender`.
    fn listen(&mut self, sender: Sender<Incoming>);
    /// Before the first frame.
    fn start(&mut self, room: &mut Room) -> Result<(), TableError>;
    /// Shows the table as it is now.
    fn show(&mut self, room: &mut Room, now: Instant) -> Result<(), TableError>;
    /// Hands the person's input to the room.
    fn input(&mut self, input: TerminalInput, room: &mut Room, now: Instant);
    /// Ctrl-Z: give the terminal back until continued.
    fn suspend(&mut self) -> Result<(), TableError>;
    /// The person leaves (their unfinished game `saved`): last words.
    fn finish(&mut self, room: &mut Room, now: Instant, saved: bool);
}

/// The full-screen table.
struct FullScreen<'a> {
    terminal: &'a mut ratatui::DefaultTerminal,
}

impl Front for FullScreen<'_> {
    fn listen(&mut self, sender: Sender<Incoming>) {
        std::thread::spawn(move || read_terminal(&sender));
    }

    fn start(&mut self, room: &mut Room) -> Result<(), TableError> {
        let size = self.terminal.size().map_err(|source| TableError::Terminal { doing: "measure", source })?;
        if let Some(you) = room.viewer_mut(PersonId::LOCAL) {
            you.resized(size.width, size.height);
        }
        Ok(())
    }

    fn show(&mut self, room: &mut Room, now: Instant) -> Result<(), TableError> {
        self.terminal
            .draw(|frame| {
                let area = frame.area();
                room.show(PersonId::LOCAL, frame.buffer_mut(), area, now);
            })
            .map(|_| ())
            .map_err(|source| TableError::Terminal { doing: "draw on", source })
    }

    fn input(&mut self, input: TerminalInput, room: &mut Room, now: Instant) {
        if let TerminalInput::Event(event) = input {
            room.event(PersonId::LOCAL, &event, now);
        }
    }

    fn suspend(&mut self) -> Result<(), TableError> {
        suspend(self.terminal)
    }

    fn finish(&mut self, _: &mut Room, _: Instant, _: bool) {}
}

/// Hints waiting for the pool, for each of its workers, before more are
/// refused.
const HINTS_PER_WORKER: usize = 2;

/// Plays at the terminal until the player quits. Files and the terminal
/// are checked before the screen is taken over.
pub fn play(setup: Setup, options: PlayOptions) -> Result<(), TableError> {
    if !stdout().is_terminal() {
        return Err(TableError::NotATerminal);
    }
    let Opened { mut runtime, table, notices, elsewhere, declined, record } = open(setup, options)?;
    let theme = Theme { four_colour: runtime.options.four_colour, ..Theme::from_environment(runtime.options.ascii) };
    let mut you = Viewer::new(PersonId::LOCAL, theme);
    you.record = record;
    if let Some(file) = &runtime.options.settings {
        you.remembered = remembered::recall(file);
    }
    if let Some(saved) = runtime.saved.as_ref().filter(|_| !declined) {
        you.window = Some(Window::Resume(ResumeOffer::of(saved)));
    }
    let mut room = Room::new(table, vec![you]);
    runtime.greet(&mut room, &notices, elsewhere, declined);

    // ratatui installs a hook of its own; ours replaces it so that the
    // terminal is restored once, and not for a search's caught panic.
    let first_hook = std::panic::take_hook();
    let mut terminal = ratatui::try_init().map_err(|source| TableError::Terminal { doing: "set up", source })?;
    let _ = execute!(stdout(), EnableMouseCapture);
    install_panic_hook(first_hook);
    let result = runtime.run(&mut FullScreen { terminal: &mut terminal }, room);
    restore_terminal();
    for notice in notices {
        eprintln!("hearts: {notice}");
    }
    result
}

/// A game at this terminal with its files open, before anyone sits down.
struct Opened {
    runtime: Runtime,
    table: Table,
    /// What could not be read or kept, to tell.
    notices: Vec<String>,
    /// Another `hearts` owns the saved game.
    elsewhere: bool,
    /// The command line asked for a new game: the saved one is not offered.
    declined: bool,
    /// The player's record for the rules in play.
    record: Record,
}

/// Opens the data directory, the saved game and the statistics, and sets
/// the table; what could not be opened is told, not fatal.
fn open(setup: Setup, options: PlayOptions) -> Result<Opened, TableError> {
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
    let start = options.deal.unwrap_or_else(fresh_deal);
    let table = Table::local(setup.clone(), start, options.speed, options.think)?;
    let key = Stats::key(&setup.label, &setup.rules, &setup.players);
    let record = record_of(&key, stats.as_ref().and_then(|s| s.presets.get(&key).copied()).unwrap_or_default());
    let runtime = Runtime { dir, _lock: lock, stats_ok: stats.is_some(), options, saved, pool: Pool::new(2, "search") };
    Ok(Opened { runtime, table, notices, elsewhere, declined, record })
}

/// The record window of the terminal's own statistics for `key`.
fn record_of(key: &str, stats: PresetStats) -> Record {
    let lines = stats.lines().into_iter().map(|(label, value)| (label.to_string(), value)).collect();
    Record { title: "Statistics of finished games".to_string(), heading: key.to_string(), lines }
}

/// Set once the terminal has been given back, so it happens once only.
static RESTORED: AtomicBool = AtomicBool::new(false);

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

/// On a panic of the main thread (or any thread but a search's), give the
/// terminal back before the message is printed, whichever thread it is.
fn install_panic_hook(previous: Box<dyn Fn(&std::panic::PanicHookInfo<'_>) + Sync + Send>) {
    std::panic::set_hook(Box::new(move |info| {
        if catching() {
            return;
        }
        restore_terminal();
        previous(info);
    }));
}

struct Runtime {
    /// The data directory; `None` when games are not saved.
    dir: Option<PathBuf>,
    /// Held while this process owns the saved game.
    _lock: Option<GameLock>,
    stats_ok: bool,
    options: PlayOptions,
    saved: Option<Box<SavedGame>>,
    pool: Pool,
}

impl Runtime {
    /// Tells the first of what could not be opened, and keeps a saved
    /// game the command line declined.
    fn greet(&mut self, room: &mut Room, notices: &[String], elsewhere: bool, declined: bool) {
        let now = Instant::now();
        if elsewhere {
            room.send(Message::Note(Note::OpenElsewhere), now);
        } else if let Some(notice) = notices.first() {
            room.send(Message::Note(Note::AtStart(notice.clone())), now);
        }
        if declined && let Some(saved) = self.saved.take() {
            self.keep_declined(&saved, room);
        }
    }

    fn run(&mut self, front: &mut impl Front, mut room: Room) -> Result<(), TableError> {
        let (sender, receiver) = mpsc::channel();
        front.listen(sender.clone());
        let listener = sender.clone();
        match Signals::new([SIGTERM, SIGHUP]) {
            Ok(mut signals) => {
                std::thread::spawn(move || {
                    if signals.forever().next().is_some() {
                        let _ = listener.send(Incoming::Ended);
                    }
                });
            }
            Err(error) => {
                room.send(Message::Note(Note::Failed(Job::SaveOnSigterm, error.to_string())), Instant::now());
            }
        }
        front.start(&mut room)?;
        // Standard input has ended, but cards typed ahead wait for their turns: a script's last lines.
        let mut input_ended = false;
        loop {
            if input_ended && room.typed_ahead(PersonId::LOCAL, Instant::now()) == 0 {
                let now = Instant::now();
                self.save(&mut room, now);
                let saved = self.saves(&room);
                front.finish(&mut room, now, saved);
                return Ok(());
            }
            let now = Instant::now();
            if let Err(error) = front.show(&mut room, now) {
                self.save(&mut room, now);
                return Err(error);
            }
            let back = sender.clone();
            room.ask_bot(&self.pool, move |message| drop(back.send(Incoming::Table(message))), now);
            let now_or_later = next_incoming(&receiver, room.next_wakeup(Instant::now()));
            let now = Instant::now();
            match now_or_later {
                None => room.send(Message::Tick, now),
                Some(Incoming::Failed(source)) => {
                    self.save(&mut room, now);
                    return Err(TableError::Terminal { doing: "read", source });
                }
                Some(Incoming::Ended) if room.typed_ahead(PersonId::LOCAL, now) > 0 => input_ended = true,
                Some(Incoming::Ended) => {
                    self.save(&mut room, now);
                    let saved = self.saves(&room);
                    front.finish(&mut room, now, saved);
                    return Ok(());
                }
                Some(Incoming::TerminalInput(input)) => front.input(input, &mut room, now),
                Some(Incoming::Table(message)) => room.send(message, now),
            }
            for work in room.take_to_runtime() {
                match work {
                    ToRuntime::Leave(_) => {
                        self.save(&mut room, now);
                        let saved = self.saves(&room);
                        front.finish(&mut room, now, saved);
                        return Ok(());
                    }
                    ToRuntime::Suspend => {
                        self.save(&mut room, now);
                        front.suspend()?;
                    }
                    other => self.carry_out(other, &mut room, &sender, now),
                }
            }
        }
    }

    /// Carries out what the room asks for but leaving and suspending.
    fn carry_out(&mut self, work: ToRuntime, room: &mut Room, sender: &Sender<Incoming>, now: Instant) {
        match work {
            ToRuntime::Leave(_) | ToRuntime::Suspend => {}
            ToRuntime::Save => self.save(room, now),
            ToRuntime::WorkOutHint(person, request) => {
                let back = sender.clone();
                let back = move |message| drop(back.send(Incoming::Table(message)));
                room.work_out_hint((&self.pool, HINTS_PER_WORKER), person, request, back, now);
            }
            ToRuntime::Ended(ended) => self.ended(room, &ended),
            ToRuntime::Started => self.read_record(room),
            ToRuntime::Resume(programs) => {
                let Some(saved) = self.saved.take() else { return };
                match Table::resume_local(&saved, programs, room.table().speed(), self.options.think) {
                    Ok(resumed) => {
                        room.replace(resumed, now);
                        self.read_record(room);
                    }
                    Err(error) => {
                        if let Some(you) = room.viewer_mut(PersonId::LOCAL) {
                            you.window = None;
                        }
                        if let Some(you) = room.narrator_mut(PersonId::LOCAL) {
                            you.offer = None;
                        }
                        room.send(Message::Note(Note::Failed(Job::ReplaySave, error.to_string())), now);
                    }
                }
            }
            ToRuntime::DeclineResume => {
                if let Some(saved) = self.saved.take() {
                    self.keep_declined(&saved, room);
                }
            }
            ToRuntime::Remember(_, remembered) => {
                if let Some(file) = &self.options.settings
                    && let Err(error) = remembered::remember(file, &remembered)
                {
                    room.send(Message::Note(Note::Failed(Job::RememberChoices, error.to_string())), now);
                }
            }
        }
    }

    /// Whether leaving now keeps the game to take up again.
    fn saves(&self, room: &Room) -> bool {
        self.dir.is_some() && room.table().finish().is_none() && !room.table().log().is_empty()
    }

    /// Saves the game in progress (a finished one has no save).
    fn save(&self, room: &mut Room, now: Instant) {
        let table = room.table();
        if table.finish().is_some() || table.log().is_empty() {
            return;
        }
        if let Some(dir) = &self.dir
            && let Err(error) = save::write(dir, &table.saved_game(now))
        {
            room.send(Message::Note(Note::Failed(Job::SaveGame, error.to_string())), now);
        }
    }

    /// The record window's statistics for the rules now in play.
    fn read_record(&self, room: &mut Room) {
        let setup = room.table().setup().clone();
        let key = Stats::key(&setup.label, &setup.rules, &setup.players);
        let known = Stats::read_or_default(self.dir.as_deref(), &key);
        if let Some(you) = room.viewer_mut(PersonId::LOCAL) {
            you.record = record_of(&key, known);
        }
    }

    /// Keeps a saved game the player declined to resume, if they had
    /// played in it, before its save is replaced.
    fn keep_declined(&self, saved: &SavedGame, room: &mut Room) {
        let Ok(table) =
            Table::resume_local(saved, hearts_table::saved::Programs::Replace, Speed::Instant, Think::Samples(1))
        else {
            return;
        };
        if table.people_played() {
            let note = match self.keep_record(&table.ended_now()) {
                Ok(()) => Note::UnfinishedKept,
                Err(error) => Note::Failed(Job::KeepGame, error),
            };
            room.send(Message::Note(note), Instant::now());
        }
    }

    /// A game ended: keep it; a finished one's save goes and it counts in
    /// the statistics if a hand was completed.
    fn ended(&self, room: &mut Room, ended: &Ended) {
        let now = Instant::now();
        if ended.finish.is_none() && !ended.people_played {
            return;
        }
        if let Err(error) = self.keep_record(ended) {
            room.send(Message::Note(Note::Failed(Job::KeepGame, error)), now);
        }
        if ended.finish.is_none() {
            return;
        }
        let Some(dir) = &self.dir else { return };
        if let Err(error) = save::remove(dir) {
            room.send(Message::Note(Note::Failed(Job::RemoveSave, error.to_string())), now);
        }
        if !ended.game.history().is_empty() && self.stats_ok {
            let tournament = ended.tournament.map(|score| score.total());
            let game = GameStats::of(&ended.game, YOU, ended.undos, ended.won(YOU), ended.hints, tournament);
            let key = Stats::key(&ended.setup.label, &ended.setup.rules, &ended.setup.players);
            match Stats::record(dir, &key, game) {
                Ok(entry) => {
                    if let Some(you) = room.viewer_mut(PersonId::LOCAL) {
                        you.record = record_of(&key, entry);
                    }
                }
                Err(error) => room.send(Message::Note(Note::Failed(Job::RecordStatistics, error.to_string())), now),
            }
        }
    }

    /// Appends the game to `games.jsonl` (and the `--record` file); the
    /// error, for a note.
    fn keep_record(&self, ended: &Ended) -> Result<(), String> {
        let record = ended.record().map_err(|error| error.to_string())?;
        let files = self.dir.as_deref().map(games::path).into_iter().chain(self.options.record.clone());
        for file in files {
            games::append(&file, &record).map_err(|error| error.to_string())?;
        }
        Ok(())
    }
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
            Ok(event) => Incoming::TerminalInput(TerminalInput::Event(event)),
            Err(error) => Incoming::Failed(error),
        };
        let failed = matches!(incoming, Incoming::Failed(_));
        if sender.send(incoming).is_err() || failed {
            return;
        }
    }
}
