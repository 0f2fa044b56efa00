//! One SSH session's table: the terminal table's [`App`] against bots,
//! driven as the local game drives it (bots decide on worker threads, the
//! loop sleeps until input, a bot or the pace wakes it) and drawn by the
//! table's own view into a ratatui terminal whose bytes go to the channel.
//!
//! The loop runs on a thread of its own, so a panic ends this session
//! only. Served games are not saved or recorded yet.

use std::io::{self, Write};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use russh::ChannelWriteHalf;
use russh::server::{Handle, Msg};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

use super::Shared;
use super::keys::Decoder;
use super::limits::MAX_QUEUED_OUTPUT;
use crate::bot::{Bot, Think};
use crate::engine::Seat;
use crate::pace::Speed;
use crate::tui::app::{App, Effect, Message, NewGameStart};
use crate::tui::hint::WorkedOutHint;
use crate::tui::input::{self, Hits};
use crate::tui::table::Table;
use crate::tui::theme::{Theme, has_256_colours};
use crate::tui::{Decided, decide_safely, fresh_deal, view, work_out_safely};

/// How long an Esc waits for the rest of an escape sequence.
const ESCAPE_WAIT: Duration = Duration::from_millis(30);

/// What a session's loop hears about.
pub(super) enum Incoming {
    /// Bytes the client typed (within the input limit).
    Bytes(Vec<u8>),
    /// The client's terminal changed size (clamped).
    Resized {
        /// Columns.
        columns: u16,
        /// Rows.
        rows: u16,
    },
    /// A bot's decision, with the bot handed back.
    Decision { game_number: u64, seat: Seat, generation: u64, decided: Decided },
    /// The hint, worked out off the loop's thread, or why it failed.
    Hint(Result<Box<WorkedOutHint>, String>),
    /// The connection is gone.
    Closed,
    /// The server stops: give the terminal back.
    Ended,
}

/// What a session's table starts from.
pub(super) struct Setup {
    /// The player's name (made safe).
    pub(super) name: String,
    /// The screen's columns.
    pub(super) columns: u16,
    /// The screen's rows.
    pub(super) rows: u16,
    /// The client's `TERM`.
    pub(super) term: String,
    /// A word for the status line at the start.
    pub(super) note: Option<String>,
    /// Rules and bots.
    pub(super) table: Table,
    /// The bots' pace.
    pub(super) speed: Speed,
    /// The expert's budget.
    pub(super) think: Think,
}

/// Starts a session's table on a thread of its own, its screen written to
/// `writer`. A table that fails, panics or is not read is disconnected.
pub(super) fn start(
    setup: Setup,
    input: Receiver<Incoming>,
    sender: SyncSender<Incoming>,
    writer: ChannelWriteHalf<Msg>,
    handle: Handle,
    shared: Arc<Shared>,
) {
    let (out, outgoing) = tokio::sync::mpsc::unbounded_channel();
    let queued = Arc::new(AtomicUsize::new(0));
    tokio::spawn(write_out(outgoing, writer, Arc::clone(&queued)));
    let id = shared.next_session.fetch_add(1, Ordering::SeqCst);
    if let Ok(mut sessions) = shared.sessions.lock() {
        sessions.insert(id, sender.clone());
    }
    let runtime = tokio::runtime::Handle::current();
    let sessions = Arc::clone(&shared);
    let spawned = std::thread::Builder::new().name(format!("session {id}")).spawn(move || {
        let output = Output { sink: Vec::new(), out, queued };
        let played = std::panic::catch_unwind(AssertUnwindSafe(|| play(setup, &input, &sender, output)));
        if !matches!(played, Ok(Ok(()))) {
            runtime.spawn(async move {
                let _ = handle
                    .disconnect(russh::Disconnect::ByApplication, "the table stopped".into(), String::new())
                    .await;
            });
        }
        forget(&sessions.sessions, id);
    });
    if spawned.is_err() {
        forget(&shared.sessions, id);
    }
}

fn forget(sessions: &Mutex<std::collections::HashMap<u64, SyncSender<Incoming>>>, id: u64) {
    if let Ok(mut sessions) = sessions.lock() {
        sessions.remove(&id);
    }
}

/// Sends the screen's bytes as the client's window allows, then closes
/// the channel once the table is done.
async fn write_out(mut outgoing: UnboundedReceiver<Vec<u8>>, writer: ChannelWriteHalf<Msg>, queued: Arc<AtomicUsize>) {
    while let Some(bytes) = outgoing.recv().await {
        let sent = bytes.len();
        if writer.data_bytes(bytes).await.is_err() {
            return;
        }
        queued.fetch_sub(sent, Ordering::SeqCst);
    }
    let _ = writer.exit_status(0).await;
    let _ = writer.eof().await;
    let _ = writer.close().await;
}

/// The terminal's side of the channel: a frame is gathered, then queued
/// whole at `flush`, and refused once too much waits unread.
struct Output {
    sink: Vec<u8>,
    out: UnboundedSender<Vec<u8>>,
    /// Bytes queued and not yet taken by the client.
    queued: Arc<AtomicUsize>,
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.sink.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.sink.is_empty() {
            return Ok(());
        }
        let size = self.sink.len();
        if self.queued.load(Ordering::SeqCst) + size > MAX_QUEUED_OUTPUT {
            return Err(io::Error::other("the client does not read its screen"));
        }
        self.queued.fetch_add(size, Ordering::SeqCst);
        self.out.send(std::mem::take(&mut self.sink)).map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))
    }
}

/// The table and its bots.
struct Game {
    app: App,
    table: Table,
    think: Think,
    /// Each seat's bot; `None` while it thinks (and for the player's seat).
    bots: Vec<Option<Box<dyn Bot>>>,
    /// Counts games, so a bot coming back from an old game is dropped.
    game_number: u64,
    thinking: bool,
}

impl Game {
    fn new(table: Table, app: App, think: Think, game_number: u64) -> Game {
        let bots = (0..table.players.len())
            .map(|i| Seat::new(i).filter(|_| i > 0).map(|seat| table.players[i].bot(app.game.seed(), seat, think)))
            .collect();
        Game { app, table, think, bots, game_number, thinking: false }
    }

    /// A new game at this table, as the one before it was drawn.
    fn restart(&mut self, table: Table, app: App, size: Message, now: Instant) {
        let mut next = Game::new(table, app, self.think, self.game_number + 1);
        next.app.update(Message::Stats(self.app.stats), now);
        next.app.update(size, now);
        *self = next;
    }

    /// Asks the next bot on a worker thread, if one is to move and none thinks.
    fn ask_bot(&mut self, sender: &SyncSender<Incoming>) {
        if self.thinking {
            return;
        }
        let Some(seat) = self.app.bot_to_ask() else { return };
        let Some(bot) = self.bots.get_mut(seat.index()).and_then(Option::take) else { return };
        self.thinking = true;
        let game = self.app.game.clone();
        let (generation, game_number, sender) = (self.app.generation, self.game_number, sender.clone());
        std::thread::spawn(move || {
            let decided = decide_safely(&game, seat, bot);
            let _ = sender.send(Incoming::Decision { game_number, seat, generation, decided });
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
            let note = format!("{}: {failure}", self.table.seat_name(seat));
            self.app.update(Message::Note(note), Instant::now());
        }
        decided.action.map(|action| Message::BotDecided { generation, action })
    }
}

/// Why a session's loop stopped early.
type Stopped = Box<dyn std::error::Error + Send + Sync>;

fn play(
    setup: Setup,
    input: &Receiver<Incoming>,
    sender: &SyncSender<Incoming>,
    output: Output,
) -> Result<(), Stopped> {
    let area = Rect::new(0, 0, setup.columns, setup.rows);
    let mut terminal =
        Terminal::with_options(CrosstermBackend::new(output), TerminalOptions { viewport: Viewport::Fixed(area) })?;
    execute!(terminal.backend_mut(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
    let theme = Theme { color: true, ascii: false, palette256: has_256_colours(Some(&setup.term), None) };
    let mut size = Message::Resized { width: setup.columns, height: setup.rows };
    let now = Instant::now();
    let mut game =
        Game::new(setup.table.clone(), App::new(setup.table, fresh_deal(), setup.speed, theme)?, setup.think, 0);
    game.app.update(size.clone(), now);
    let welcome = setup.note.unwrap_or_else(|| format!("Welcome, {}: you play South against bots", setup.name));
    game.app.update(Message::Note(welcome), now);
    let mut decoder = Decoder::default();
    let mut hits = Hits::default();
    let mut escape_until: Option<Instant> = None;
    'table: loop {
        let now = Instant::now();
        terminal.draw(|frame| hits = view::draw(frame, &game.app, now))?;
        game.ask_bot(sender);
        let wakeup = [game.app.next_wakeup(now), escape_until].into_iter().flatten().min();
        let incoming = match wakeup {
            None => input.recv().ok(),
            Some(at) => match input.recv_timeout(at.saturating_duration_since(Instant::now())) {
                Ok(incoming) => Some(incoming),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Incoming::Closed),
            },
        };
        let messages = match incoming {
            None if escape_until.take().is_some() => commands(&decoder.flush(), &hits),
            None => vec![Message::Tick],
            Some(Incoming::Bytes(bytes)) => {
                escape_until = Some(Instant::now() + ESCAPE_WAIT);
                commands(&decoder.decode(&bytes), &hits)
            }
            Some(Incoming::Resized { columns, rows }) => {
                terminal.resize(Rect::new(0, 0, columns, rows))?;
                size = Message::Resized { width: columns, height: rows };
                vec![size.clone()]
            }
            Some(Incoming::Decision { game_number, seat, generation, decided }) => {
                game.decided(game_number, seat, generation, decided).into_iter().collect()
            }
            Some(Incoming::Hint(Ok(worked))) => vec![Message::HintWorkedOut(worked)],
            Some(Incoming::Hint(Err(why))) => vec![Message::Note(format!("The hint failed: {why}"))],
            Some(Incoming::Closed) => return Ok(()),
            Some(Incoming::Ended) => break 'table,
        };
        for message in messages {
            let now = Instant::now();
            game.app.update(message, now);
            for effect in game.app.take_effects() {
                match effect {
                    Effect::Quit => break 'table,
                    Effect::WorkOutHint(request) => {
                        let sender = sender.clone();
                        std::thread::spawn(move || {
                            let _ = sender.send(Incoming::Hint(work_out_safely(*request)));
                        });
                    }
                    Effect::NewGame(deal) => {
                        let app = App::new(game.table.clone(), deal.unwrap_or_else(fresh_deal), game.app.speed, theme)?;
                        game.restart(game.table.clone(), app, size.clone(), now);
                    }
                    Effect::Start(start) => {
                        let NewGameStart { table, deal, speed, ascii, .. } = *start;
                        let app =
                            App::new(table.clone(), deal.unwrap_or_else(fresh_deal), speed, Theme { ascii, ..theme })?;
                        game.restart(table, app, size.clone(), now);
                    }
                    // Nothing is saved or recorded for a served game yet, there is
                    // no saved game to resume, and Ctrl-Z has no shell to go back to.
                    Effect::Save
                    | Effect::Finished(_)
                    | Effect::Unplayed
                    | Effect::Resume(_)
                    | Effect::DeclineResume
                    | Effect::Suspend => {}
                }
            }
        }
    }
    execute!(terminal.backend_mut(), DisableMouseCapture, Show, LeaveAlternateScreen)?;
    Ok(())
}

/// The table's commands for decoded keys and clicks.
fn commands(events: &[Event], hits: &Hits) -> Vec<Message> {
    events
        .iter()
        .filter_map(|event| match *event {
            Event::Key(key) => input::key_command(key),
            Event::Mouse(mouse) => input::mouse_command(mouse, hits),
            _ => None,
        })
        .map(Message::Command)
        .collect()
}
