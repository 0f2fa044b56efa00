//! One person's screen: a ratatui terminal whose bytes go to their SSH
//! channel, the parser for the keys and clicks they send, what their last
//! frame made clickable, and where their input goes now (the lobby or a
//! table), which the screen carries from one to the other.

use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Frame, Terminal, TerminalOptions, Viewport};
use russh::ChannelWriteHalf;
use russh::server::{Handle, Msg};
use tokio::sync::Notify;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

use super::identity::Identity;
use super::keys::Keys;
use super::limits::MAX_QUEUED_OUTPUT;
use super::lobby_session::ToLobby;
use super::table::ToTable;
use crate::table::PersonId;
use crate::ui::Room;
use crate::ui::input::{self, Command, Hits};
use crate::ui::theme::Theme;

/// Where a person's input goes now.
pub(super) enum Place {
    /// Their lobby's thread.
    Lobby(Sender<ToLobby>),
    /// Their table's thread, as this person.
    Table(Sender<ToTable>, PersonId),
    /// Nowhere: the screen is closed.
    Gone,
}

/// A person's place, shared by the connection (which sends their input)
/// and whoever has their screen (which moves them).
pub(super) type Route = Arc<Mutex<Place>>;

/// Who a connection is: what the lobby and the tables know of them.
#[derive(Clone, Debug)]
pub(super) struct Visitor {
    /// Their name, made safe.
    pub(super) name: String,
    /// Who they are: their key, their name, or nobody known.
    pub(super) identity: Identity,
    /// What holds a seat they take ([`Identity::holder`]).
    pub(super) holder: String,
    /// How their terminal shows cards.
    pub(super) theme: Theme,
}

/// Why a connection is to end once its screen is dropped, if it is: the
/// words its person is told, on their screen and as the disconnect's.
pub(super) type Farewell = Arc<OnceLock<&'static str>>;

/// Said to everyone as the server stops (SIGINT, SIGTERM).
pub(super) const SERVER_STOPS: &str = "the server is stopping; every table is saved as it is";
/// Said when the thread that has a person's screen fails (a panic in
/// their lobby or at their table).
const SCREEN_FAILED: &str = "the server failed while serving you";
/// How long the end of a session waits for its client to take the
/// terminal back and the words; a client that reads nothing is not
/// waited for longer.
const GOODBYE_TIME: Duration = Duration::from_secs(3);

/// Sends the screen's bytes as the client's window allows. Once the screen
/// is dropped, whichever way the session ends, the terminal is given back
/// (the alternate screen left, mouse reports off, the cursor shown). Then
/// the channel closes; with a farewell, the person is told why in a line of
/// their terminal, and the connection ends with the same words.
pub(super) async fn write_out(
    mut outgoing: UnboundedReceiver<Vec<u8>>,
    writer: ChannelWriteHalf<Msg>,
    (queued, abort): (Arc<AtomicUsize>, Arc<Notify>),
    (farewell, handle): (Farewell, Handle),
) {
    loop {
        // A client given up on (it does not read) is not waited for: what it left unread is dropped.
        let bytes = tokio::select! {
            bytes = outgoing.recv() => bytes,
            () = abort.notified() => break,
        };
        let Some(bytes) = bytes else { break };
        let sent = bytes.len();
        tokio::select! {
            written = writer.data_bytes(bytes) => {
                if written.is_err() {
                    return;
                }
            }
            () = abort.notified() => break,
        }
        queued.fetch_sub(sent, Ordering::SeqCst);
    }
    let mut back = Vec::new();
    let _ = give_back(&mut back);
    let Some(why) = farewell.get() else {
        let closed = async {
            let _ = writer.data_bytes(back).await;
            let _ = writer.exit_status(0).await;
            let _ = writer.eof().await;
            let _ = writer.close().await;
        };
        let _ = tokio::time::timeout(GOODBYE_TIME, closed).await;
        return;
    };
    back.extend_from_slice(farewell_line(why).as_bytes());
    let told = async {
        let _ = writer.data_bytes(back).await;
        // OpenSSH drops output it holds when a disconnect comes with it. A global request it must
        // refuse is answered only after it wrote what came before, so it is the round trip to wait.
        let _ = handle.forward_tcpip(String::new(), 0).await;
    };
    let _ = tokio::time::timeout(GOODBYE_TIME, told).await;
    let _ = handle.disconnect(russh::Disconnect::ByApplication, why.to_string(), String::new()).await;
}

/// The line a person sees on their terminal, given back, as their session
/// ends for `why`.
fn farewell_line(why: &str) -> String {
    format!("\rhearts: {why}\r\n")
}

/// The terminal's side of the channel: a frame is gathered, then queued
/// whole at `flush`, and refused once too much waits unread. The terminal
/// is given back once it is dropped (see [`write_out`]).
pub(super) struct Output {
    sink: Vec<u8>,
    out: UnboundedSender<Vec<u8>>,
    /// Bytes queued and not yet taken by the client.
    queued: Arc<AtomicUsize>,
    /// Tells the writer to stop at once, dropping what waits.
    abort: Arc<Notify>,
    /// Set, the connection ends with these words once the screen is dropped.
    farewell: Farewell,
}

impl Output {
    /// The output to a channel of the connection `handle`: its writer task is started here.
    pub(super) fn to(writer: ChannelWriteHalf<Msg>, handle: Handle) -> Output {
        let (out, outgoing) = tokio::sync::mpsc::unbounded_channel();
        let queued = Arc::new(AtomicUsize::new(0));
        let abort = Arc::new(Notify::new());
        let farewell = Farewell::default();
        let ending = (Arc::clone(&farewell), handle);
        tokio::spawn(write_out(outgoing, writer, (Arc::clone(&queued), Arc::clone(&abort)), ending));
        Output { sink: Vec::new(), out, queued, abort, farewell }
    }

    /// Where to say why the connection ends, once its screen is dropped.
    pub(super) fn farewell(&self) -> Farewell {
        Arc::clone(&self.farewell)
    }
}

/// The bytes that give a client's terminal back: mouse reports off, the
/// cursor shown, the alternate screen left.
fn give_back(out: &mut impl Write) -> io::Result<()> {
    execute!(out, DisableMouseCapture, Show, LeaveAlternateScreen)
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
        // A closed connection drops the frame: the lobby or table hears it is gone from the connection itself.
        let _ = self.out.send(std::mem::take(&mut self.sink));
        Ok(())
    }
}

/// One person's screen.
pub(super) struct Screen {
    /// Whose: their id at the table they are at.
    pub(super) id: PersonId,
    /// Who they are.
    pub(super) visitor: Visitor,
    /// Where their input goes.
    pub(super) route: Route,
    /// The screen's size.
    pub(super) size: (u16, u16),
    terminal: Terminal<CrosstermBackend<Output>>,
    hits: Hits,
    keys: Keys,
    /// Messages of this person still waiting for the table.
    pub(super) pending: Arc<AtomicUsize>,
    /// Stops the writer of a client given up on.
    abort: Arc<Notify>,
    /// Why the connection ends once the screen is dropped, if it is to.
    farewell: Farewell,
}

/// Why a screen stopped: its client is gone, or does not read.
pub(super) type Broken = io::Error;

impl Screen {
    /// A screen of `columns` x `rows` on `output`, taken over for the game.
    pub(super) fn open(
        visitor: Visitor,
        output: Output,
        (columns, rows): (u16, u16),
        (pending, route): (Arc<AtomicUsize>, Route),
    ) -> Result<Screen, Broken> {
        let abort = Arc::clone(&output.abort);
        let farewell = output.farewell();
        let area = Rect::new(0, 0, columns, rows);
        let mut terminal =
            Terminal::with_options(CrosstermBackend::new(output), TerminalOptions { viewport: Viewport::Fixed(area) })?;
        execute!(terminal.backend_mut(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
        Ok(Screen {
            id: PersonId(0),
            visitor,
            route,
            size: (columns, rows),
            terminal,
            hits: Hits::default(),
            keys: Keys::default(),
            pending,
            abort,
            farewell,
        })
    }

    /// Draws the table as this person sees it.
    pub(super) fn draw(&mut self, room: &Room, id: PersonId, now: Instant) -> Result<(), Broken> {
        let hits = &mut self.hits;
        self.terminal.draw(|frame| {
            let area = frame.area();
            *hits = room.draw(id, frame.buffer_mut(), area, now);
        })?;
        Ok(())
    }

    /// Draws something other than a table (the lobby, a replay).
    pub(super) fn render(&mut self, draw: impl FnOnce(&mut Frame)) -> Result<(), Broken> {
        self.terminal.draw(draw)?;
        Ok(())
    }

    /// Sends the person's input here from now on.
    pub(super) fn route_to(&self, place: Place) {
        if let Ok(mut route) = self.route.lock() {
            *route = place;
        }
    }

    /// The screen as a new place finds it: the last frame forgotten, so
    /// the next is drawn whole.
    pub(super) fn fresh(mut self) -> Result<Screen, Broken> {
        let (columns, rows) = self.size;
        // Resizing clears the screen and the last frame (`clear` would ask the client where its cursor is).
        self.terminal.resize(Rect::new(0, 0, columns, rows))?;
        self.hits = Hits::default();
        Ok(self)
    }

    /// The keys and clicks in bytes the person typed at `now` (a lone Esc
    /// waits a moment for the rest of its sequence: see [`Keys::typed`]).
    pub(super) fn typed(&mut self, bytes: &[u8], now: Instant) -> Vec<Event> {
        self.keys.typed(bytes, now)
    }

    /// When a lone Esc becomes a key, if one waits: whoever has the
    /// screen wakes then to call [`Screen::flush_keys`].
    pub(super) fn escape_deadline(&self) -> Option<Instant> {
        self.keys.deadline()
    }

    /// The keys held back for an escape sequence that did not come.
    pub(super) fn flush_keys(&mut self, now: Instant) -> Vec<Event> {
        self.keys.flush(now)
    }

    /// The command a key or click stands for: while the person writes a
    /// message (`chatting`) every character is text.
    pub(super) fn command(&self, event: &Event, chatting: bool) -> Option<Command> {
        match *event {
            Event::Key(key) if chatting => input::chat_command(key),
            Event::Key(key) => input::key_command(key),
            Event::Mouse(mouse) => input::mouse_command(mouse, &self.hits),
            _ => None,
        }
    }

    /// The screen's new size.
    pub(super) fn resize(&mut self, columns: u16, rows: u16) -> Result<(), Broken> {
        self.terminal.resize(Rect::new(0, 0, columns, rows))?;
        self.size = (columns, rows);
        Ok(())
    }

    /// The person leaves: their terminal is given back and the channel
    /// closes once its bytes are sent.
    pub(super) fn close(self) {
        self.route_to(Place::Gone);
    }

    /// Ends the connection for `why` (idle, the server stopping, a client
    /// that does not read, a screen or table that failed): what waits
    /// unsent is dropped, the terminal is given back and the person told
    /// `why` in a line on it, and the connection ends with those words.
    /// An earlier farewell (the session was taken over) keeps its words.
    pub(super) fn disconnect(self, why: &'static str) {
        let _ = self.farewell.set(why);
        self.route_to(Place::Gone);
        self.abort.notify_one();
    }
}

impl Drop for Screen {
    /// A screen dropped by a panic (its lobby's or table's thread failing)
    /// still says why.
    fn drop(&mut self) {
        if std::thread::panicking() {
            let _ = self.farewell.set(SCREEN_FAILED);
            self.abort.notify_one();
        }
    }
}
