//! The terminal game: you (South) against bots at a ratatui table.
//!
//! The runtime here owns the terminal, the bots and the files; the
//! [`app`] module holds the game as the player sees it and is the one place
//! its state changes; [`view`] draws it; [`input`] turns keys and clicks
//! into commands. Input arrives from a reader thread and bot decisions
//! from worker threads over one channel, and the loop sleeps until one of
//! them (or the next pace step) arrives, so an idle table uses no CPU.

pub mod app;
pub mod input;
pub mod save;
pub mod stats;
pub mod theme;
pub mod view;

use std::io::{IsTerminal, stdout};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;

use crate::bot::{Bot, Think, decide};
use crate::engine::{Action, Seat};

use app::{App, Effect, Message, Overlay, Speed, Table};
use input::Hits;
use save::Found;
use stats::Stats;
use theme::Theme;

/// How `hearts` (or `hearts play`) was asked to start.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Replay this seed's game instead of a fresh one (skips the resume offer).
    pub seed: Option<u64>,
    /// The bots' pace.
    pub speed: Speed,
    /// Letters instead of suit symbols.
    pub ascii: bool,
    /// Start a new game even if one is saved.
    pub new: bool,
    /// The expert's budget.
    pub think: Think,
}

/// What the loop hears about.
enum Incoming {
    /// A key, click or resize from the terminal.
    Terminal(Event),
    /// A bot's decision, with the bot handed back.
    Decision { game_number: u64, seat: Seat, generation: u64, action: Option<Action>, bot: Box<dyn Bot> },
    /// The terminal could not be read.
    Failed(String),
}

/// Plays at the terminal until the player quits. Files and the terminal
/// are checked before the screen is taken over.
pub fn play(table: Table, options: PlayOptions) -> Result<(), String> {
    if !stdout().is_terminal() {
        return Err("the table needs a terminal; for games without one see `hearts sim`".to_string());
    }
    let dir = save::data_dir();
    let mut notices = Vec::new();
    let saved = match (&dir, options.new || options.seed.is_some()) {
        (Some(dir), false) => match save::read(dir) {
            Found::Nothing => None,
            Found::Game(saved) => Some(saved),
            Found::Corrupt { problem, kept_at } => {
                notices.push(format!(
                    "the saved game could not be read ({problem}); it was kept as {}",
                    kept_at.display()
                ));
                None
            }
        },
        _ => None,
    };
    let theme = Theme::from_environment(options.ascii);
    let seed = options.seed.unwrap_or_else(fresh_seed);
    let mut app = App::new(table.clone(), seed, options.speed, theme).map_err(|e| e.to_string())?;
    if let Some(saved) = &saved {
        app.overlay = Some(Overlay::Resume(saved.describe()));
    }
    if let Some(notice) = notices.first() {
        app.note = Some(format!("Note: {notice}"));
    }
    let stats = dir.as_ref().map(|dir| Stats::read(dir)).transpose().unwrap_or_else(|error| {
        notices.push(format!("statistics are not kept this game: {error}"));
        None
    });
    let mut runtime =
        Runtime { dir, stats_ok: stats.is_some(), table, options, saved, bots: Vec::new(), game_number: 0 };
    app.stats = stats.and_then(|s| s.presets.get(&runtime.table.label).copied()).unwrap_or_default();
    runtime.seat_bots(&app);

    let mut terminal = ratatui::try_init().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let _ = execute!(stdout(), EnableMouseCapture);
    let ratatui_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // ratatui's hook leaves raw mode and the alternate screen; mouse capture is ours to undo.
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui_hook(info);
    }));
    let result = runtime.run(&mut terminal, app);
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    for notice in notices {
        eprintln!("hearts: {notice}");
    }
    result
}

/// A seed for a new game: small enough to read out and type back in.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let mixed = (nanos ^ (u64::from(std::process::id()) << 32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> 20) % 999_999_999 + 1
}

struct Runtime {
    dir: Option<PathBuf>,
    stats_ok: bool,
    table: Table,
    options: PlayOptions,
    saved: Option<Box<save::SavedGame>>,
    /// Each seat's bot; `None` while it thinks (and for your seat).
    bots: Vec<Option<Box<dyn Bot>>>,
    /// Counts games, so a bot coming back from an old game is dropped.
    game_number: u64,
}

impl Runtime {
    fn seat_bots(&mut self, app: &App) {
        self.game_number += 1;
        let seed = app.game.seed();
        self.bots = app
            .table
            .players
            .iter()
            .enumerate()
            .map(|(i, player)| {
                let seat = Seat::new(i).expect("a seat at the table");
                (i > 0).then(|| player.bot(seed, seat, self.options.think))
            })
            .collect();
    }

    fn run(&mut self, terminal: &mut ratatui::DefaultTerminal, mut app: App) -> Result<(), String> {
        let (sender, receiver) = mpsc::channel();
        let reader = sender.clone();
        std::thread::spawn(move || read_terminal(&reader));
        let mut hits = Hits::default();
        let mut thinking: Option<Seat> = None;
        loop {
            let now = Instant::now();
            terminal.draw(|frame| hits = view::draw(frame, &app, now)).map_err(|e| format!("cannot draw: {e}"))?;
            if thinking.is_none()
                && let Some(seat) = app.bot_to_ask()
                && let Some(bot) = self.bots.get_mut(seat.index()).and_then(Option::take)
            {
                thinking = Some(seat);
                let game = app.game.clone();
                let generation = app.generation;
                let game_number = self.game_number;
                let sender: Sender<Incoming> = sender.clone();
                std::thread::spawn(move || {
                    let mut bot = bot;
                    let action = decide(&game, seat, bot.as_mut());
                    let _ = sender.send(Incoming::Decision { game_number, seat, generation, action, bot });
                });
            }
            let message = match next_incoming(&receiver, app.next_wakeup(Instant::now())) {
                None => Some(Message::Tick),
                Some(Incoming::Failed(error)) => return Err(error),
                Some(Incoming::Terminal(Event::Key(key))) => input::key_command(key).map(Message::Command),
                Some(Incoming::Terminal(Event::Mouse(mouse))) => {
                    input::mouse_command(mouse, &hits).map(Message::Command)
                }
                Some(Incoming::Terminal(_)) => None,
                Some(Incoming::Decision { game_number, seat, generation, action, bot }) => {
                    if game_number != self.game_number {
                        continue;
                    }
                    self.bots[seat.index()] = Some(bot);
                    thinking = None;
                    action.map(|action| Message::BotDecided { generation, action })
                }
            };
            let Some(message) = message else { continue };
            let now = Instant::now();
            app.update(message, now);
            for effect in app.take_effects() {
                match effect {
                    Effect::Save => self.save(&mut app, now),
                    Effect::Finished(game) => self.finished(&mut app, game),
                    Effect::NewGame(seed) => {
                        let stats = app.stats;
                        let seed = seed.unwrap_or_else(fresh_seed);
                        app = App::new(self.table.clone(), seed, app.speed, app.theme).map_err(|e| e.to_string())?;
                        app.stats = stats;
                        self.seat_bots(&app);
                        thinking = None;
                    }
                    Effect::Resume => {
                        let Some(saved) = self.saved.take() else { continue };
                        match App::resume(&saved, app.speed, app.theme) {
                            Ok(resumed) => {
                                let stats = app.stats;
                                self.table = resumed.table.clone();
                                app = resumed;
                                app.stats = stats;
                                self.seat_bots(&app);
                                thinking = None;
                            }
                            Err(error) => {
                                app.overlay = None;
                                app.note = Some(format!("The saved game does not replay: {error}"));
                            }
                        }
                    }
                    Effect::Quit => {
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
            app.note = Some(format!("Could not save the game: {error}"));
        }
    }

    fn finished(&self, app: &mut App, game: stats::GameStats) {
        let Some(dir) = &self.dir else { return };
        if let Err(error) = save::remove(dir) {
            app.note = Some(format!("Could not remove the finished game's save: {error}"));
        }
        if self.stats_ok {
            match Stats::record(dir, &app.table.label, game) {
                Ok(entry) => app.stats = entry,
                Err(error) => app.note = Some(format!("Could not record statistics: {error}")),
            }
        }
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
            Ok(event) => Incoming::Terminal(event),
            Err(error) => Incoming::Failed(format!("cannot read the terminal: {error}")),
        };
        let failed = matches!(incoming, Incoming::Failed(_));
        if sender.send(incoming).is_err() || failed {
            return;
        }
    }
}

#[cfg(test)]
mod tests;
