//! One person's screen: a painter whose bytes go to their SSH
//! channel, the parser for the keys and clicks they send, what their last
//! frame made clickable, and where their input goes now (the lobby or a
//! table), which the screen carries from one to the other.

use std::io::{self, Write};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use russh::ChannelWriteHalf;
use russh::server::{Handle, Msg};
use tokio::sync::Notify;

use super::identity::Identity;
use super::keys::Keys;
use super::limits::{BEHIND, Cells, Cut, NewestSize, STALLED_OUTPUT, ScreenCells, Tries, WRITE_PIECE};
use crate::room::Room;
use crate::theme::Theme;
use hearts_table::PersonId;
use painter::Painter;

mod painter;

/// Bytes a person typed, counted among theirs waiting to be read until
/// they are dropped: read, or lost with a screen that left meanwhile.
pub(super) struct Typed {
    /// The bytes.
    pub(super) bytes: Vec<u8>,
    waiting: Arc<AtomicUsize>,
}

impl Typed {
    /// `bytes`, counted in `waiting` until dropped.
    pub(super) fn new(bytes: Vec<u8>, waiting: &Arc<AtomicUsize>) -> Typed {
        waiting.fetch_add(1, Ordering::SeqCst);
        Typed { bytes, waiting: Arc::clone(waiting) }
    }
}

impl Drop for Typed {
    fn drop(&mut self) {
        self.waiting.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What a person's connection passes on to whoever has their screen.
pub(super) enum Input {
    /// Bytes they typed.
    Bytes(Typed),
    /// Their window changed size: the newest size (clamped) waits in the cell.
    Resized(Arc<NewestSize>),
    /// Their connection is gone.
    Gone,
}

/// Where a person's input goes now, installed by whoever has their screen
/// (their lobby, a table): it says whether the input was taken. `None`
/// once the screen is closed.
pub(super) type Place = Option<Box<dyn Fn(Input) -> bool + Send>>;

/// A person's place, shared by the connection (which sends their input)
/// and whoever has their screen (which moves them).
pub(super) type Route = Arc<Mutex<Place>>;

/// Passes `input` on to wherever the person is; whether it was taken.
pub(super) fn pass_on(route: &Route, input: Input) -> bool {
    route.lock().ok().and_then(|place| place.as_ref().map(|send| send(input))).unwrap_or(false)
}

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
    /// The line mode told brief, as they chose it.
    pub(super) brief: bool,
    /// The line mode writes cards as symbols, as they chose it.
    pub(super) symbols: bool,
    /// Where they connect from.
    pub(super) address: IpAddr,
    /// Their connection's tries at table codes.
    pub(super) code_tries: Arc<Mutex<Tries>>,
    /// Their key's forced command brought them (`command="watch CODE"`):
    /// as under sshd, the session is that command and ends with it, never
    /// going on to the lobby.
    pub(super) forced: bool,
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

/// Sends the screen's bytes as the client takes them, a piece at a time.
/// Once the screen is dropped, whichever way the session ends, the
/// terminal is given back (the alternate screen left, mouse reports off,
/// the cursor shown). Then the channel closes; with a farewell, the person
/// is told why in a line of their terminal, and the connection ends with
/// the same words. A client that takes nothing for [`STALLED_OUTPUT`] is
/// cut off.
async fn write_out(pipe: Arc<Pipe>, writer: ChannelWriteHalf<Msg>, cut: Cut, (farewell, handle): (Farewell, Handle)) {
    'sending: loop {
        // Taken whole: what the screen adds meanwhile waits in the pipe, where a newer whole frame replaces it.
        let (bytes, closed) = match pipe.waiting.lock() {
            Ok(mut waiting) => {
                waiting.kept = 0;
                (std::mem::take(&mut waiting.bytes), waiting.closed)
            }
            Err(_) => return,
        };
        if bytes.is_empty() {
            if closed {
                break;
            }
            tokio::select! {
                () = pipe.ready.notified() => continue,
                () = pipe.abort.notified() => break,
            }
        }
        for piece in bytes.chunks(WRITE_PIECE) {
            tokio::select! {
                written = tokio::time::timeout(STALLED_OUTPUT, writer.data_bytes(piece.to_vec())) => match written {
                    Ok(Ok(())) => {}
                    Ok(Err(_)) => return,
                    Err(_) => {
                        cut.cut();
                        return;
                    }
                },
                // A client given up on is not waited for: what it left unread is dropped.
                () = pipe.abort.notified() => break 'sending,
            }
        }
    }
    let mut back = Vec::new();
    if !pipe.plain.load(Ordering::SeqCst) {
        let _ = give_back(&mut back);
    }
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
    if pipe.plain.load(Ordering::SeqCst) {
        back.extend_from_slice(format!("hearts: {why}\n").as_bytes());
    } else {
        back.extend_from_slice(farewell_line(why).as_bytes());
    }
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

/// The bytes that give a client's terminal back: mouse reports off, the
/// cursor shown, the alternate screen left.
fn give_back(out: &mut impl Write) -> io::Result<()> {
    execute!(out, DisableMouseCapture, Show, LeaveAlternateScreen)
}

/// The screen's bytes on their way to the writer.
#[derive(Debug, Default)]
struct Pipe {
    waiting: Mutex<Waiting>,
    /// Tells the writer that bytes wait, or that the screen is gone.
    ready: Notify,
    /// Tells the writer to stop at once, dropping what waits.
    abort: Notify,
    /// The line mode's: no terminal was taken, so none is given back.
    plain: AtomicBool,
}

impl Pipe {
    /// More than [`BEHIND`] bytes wait for the writer: its client is behind.
    fn behind(&self) -> bool {
        self.waiting.lock().is_ok_and(|waiting| waiting.bytes.len() > BEHIND)
    }

    /// What waits now is to be sent whatever frames follow it.
    fn keep(&self) {
        if let Ok(mut waiting) = self.waiting.lock() {
            waiting.kept = waiting.bytes.len();
        }
    }

    /// The next bytes start a whole frame: they replace the frames that wait.
    fn replace_next(&self) {
        if let Ok(mut waiting) = self.waiting.lock() {
            waiting.replace = true;
        }
    }
}

#[derive(Debug, Default)]
struct Waiting {
    /// Bytes the writer has yet to take.
    bytes: Vec<u8>,
    /// How many of them change the terminal's modes (the alternate
    /// screen, the mouse): those are sent even when the frames after them
    /// are replaced.
    kept: usize,
    /// The screen is dropped: the writer sends what waits, then closes.
    closed: bool,
    /// The next bytes start a whole frame: they replace the frames that wait.
    replace: bool,
}

/// The terminal's side of the channel: a frame is gathered, then put in
/// the pipe at `flush`. Once more than [`BEHIND`] bytes wait for the
/// writer (its client is behind), the screen is drawn whole and the
/// newest whole frame replaces what waits: a slow client sees the current
/// screen, and what waits for it stays within a frame past [`BEHIND`].
pub(super) struct Output {
    sink: Vec<u8>,
    pipe: Arc<Pipe>,
    /// Set, the connection ends with these words once the screen is dropped.
    farewell: Farewell,
}

impl Output {
    /// The output to a channel of the connection `handle`: its writer task
    /// is started here. A client that stops taking bytes is cut off with `cut`.
    pub(super) fn to(writer: ChannelWriteHalf<Msg>, cut: Cut, handle: Handle) -> Output {
        let pipe = Arc::new(Pipe::default());
        let farewell = Farewell::default();
        tokio::spawn(write_out(Arc::clone(&pipe), writer, cut, (Arc::clone(&farewell), handle)));
        Output { sink: Vec::new(), pipe, farewell }
    }

    /// Where to say why the connection ends, once its screen is dropped.
    pub(super) fn farewell(&self) -> Farewell {
        Arc::clone(&self.farewell)
    }
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
        let mut waiting = self.pipe.waiting.lock().map_err(|_| io::Error::other("the screen's pipe failed"))?;
        if std::mem::take(&mut waiting.replace) {
            let kept = waiting.kept;
            waiting.bytes.truncate(kept);
        }
        waiting.bytes.append(&mut self.sink);
        drop(waiting);
        self.pipe.ready.notify_one();
        Ok(())
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        if let Ok(mut waiting) = self.pipe.waiting.lock() {
            waiting.closed = true;
        }
        self.pipe.ready.notify_one();
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
    painter: Painter,
    keys: Keys,
    /// Where the screen's bytes wait for the writer (to stop it, for a client given up on).
    pipe: Arc<Pipe>,
    /// Why the connection ends once the screen is dropped, if it is to.
    farewell: Farewell,
    /// The line mode's typing, for a person in it.
    lines: Option<LineInput>,
    /// The cells its screen holds of the server's.
    cells: Option<Cells>,
}

/// What a line-mode person is typing.
#[derive(Debug, Default)]
struct LineInput {
    /// The line so far.
    line: Vec<u8>,
    /// Their client has a terminal of ours: typing is echoed, and a line
    /// ends in CR LF.
    echo: bool,
    /// An escape sequence (an arrow key) being skipped.
    escape: Escape,
    /// Lines typed whole, not yet read.
    ended: std::collections::VecDeque<String>,
    /// The first bytes of a character of several, until it is whole.
    partial: Vec<u8>,
}

/// Where an escape sequence being skipped is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Escape {
    /// Not in one.
    #[default]
    None,
    /// After ESC.
    Started,
    /// After ESC [ or ESC O: until a final byte.
    Sequence,
}

/// The longest line a line-mode person may type; the rest is dropped.
const LONGEST_LINE: usize = 512;
/// The most lines waiting to be read; more typed at once are dropped.
const MOST_LINES: usize = 16;

impl LineInput {
    /// Takes typed bytes: the lines they end, and what to echo.
    fn typed(&mut self, bytes: &[u8]) -> (Vec<String>, Vec<u8>) {
        let (mut lines, mut echo) = (Vec::new(), Vec::new());
        for &byte in bytes {
            // A control key ends an escape sequence cut short: Enter or Ctrl-C after a stray ESC [ still counts.
            if self.escape != Escape::None && byte < 0x20 && byte != 0x1b {
                self.escape = Escape::None;
            }
            match (self.escape, byte) {
                (Escape::Started, b'[' | b'O') => self.escape = Escape::Sequence,
                (Escape::Started, _) => self.escape = Escape::None,
                (Escape::Sequence, 0x40..=0x7e) => self.escape = Escape::None,
                (Escape::Sequence, _) => {}
                (Escape::None, 0x1b) => self.escape = Escape::Started,
                (Escape::None, b'\r' | b'\n') => {
                    // Enter is CR from a terminal, LF from a pipe; the other is ignored (CR LF is one line end).
                    if (byte == b'\n') == self.echo {
                        continue;
                    }
                    lines.push(String::from_utf8_lossy(&std::mem::take(&mut self.line)).into_owned());
                    self.partial.clear();
                    echo.extend_from_slice(b"\r\n");
                }
                (Escape::None, 0x7f | 0x08) => {
                    // Back over one character, however many bytes it took.
                    while let Some(last) = self.line.pop() {
                        if last & 0xc0 != 0x80 {
                            echo.extend_from_slice(b"\x08 \x08");
                            break;
                        }
                    }
                }
                // Ctrl-C, or Ctrl-D on an empty line: leave.
                (Escape::None, 0x03) => {
                    self.line.clear();
                    lines.push("quit".to_string());
                    echo.extend_from_slice(b"\r\n");
                }
                // Ctrl-D on an empty line leaves the table (or the lobby).
                (Escape::None, 0x04) if self.echo && self.line.is_empty() => {
                    lines.push("quit".to_string());
                    echo.extend_from_slice(b"\r\n");
                }
                // The end of a pipe's input: its last line, then leave the table and the lobby.
                (Escape::None, 0x04) if !self.echo => {
                    if !self.line.is_empty() {
                        lines.push(String::from_utf8_lossy(&std::mem::take(&mut self.line)).into_owned());
                    }
                    lines.extend(["quit".to_string(), "quit".to_string()]);
                }
                (Escape::None, 0x00..=0x1f) => {}
                (Escape::None, 0x20..=0x7e) if self.line.len() < LONGEST_LINE => {
                    self.line.push(byte);
                    echo.push(byte);
                }
                (Escape::None, 0x80..) => self.typed_beyond_ascii(byte, &mut echo),
                (Escape::None, _) => {}
            }
        }
        if !self.echo {
            echo.clear();
        }
        (lines, echo)
    }

    /// A byte of a character beyond ASCII: kept (and echoed) once the
    /// character is whole, unless it is a control (C1, such as CSI) or
    /// not UTF-8 at all, which are dropped: nothing typed comes back as a
    /// control byte.
    fn typed_beyond_ascii(&mut self, byte: u8, echo: &mut Vec<u8>) {
        self.partial.push(byte);
        match std::str::from_utf8(&self.partial) {
            Ok(character) => {
                let control = character.chars().any(char::is_control);
                if !control && self.line.len() + self.partial.len() <= LONGEST_LINE {
                    self.line.extend_from_slice(&self.partial);
                    echo.extend_from_slice(&self.partial);
                }
                self.partial.clear();
            }
            // Not yet whole: wait for the rest.
            Err(error) if error.error_len().is_none() => {}
            Err(_) => self.partial.clear(),
        }
    }
}

/// Why a screen stopped: its client is gone, or does not read.
pub(super) type Broken = io::Error;

impl Screen {
    /// A screen of `columns` x `rows` on `output`, taken over for the
    /// game: that size if the server's `cells` have room for it.
    pub(super) fn open(
        visitor: Visitor,
        output: Output,
        (size, cells): ((u16, u16), &Arc<ScreenCells>),
        route: Route,
    ) -> Result<Screen, Broken> {
        let (cells, (columns, rows)) = cells.grant(size);
        let pipe = Arc::clone(&output.pipe);
        let farewell = output.farewell();
        let mut painter = Painter::new(output, Rect::new(0, 0, columns, rows));
        execute!(painter.out(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
        pipe.keep();
        Ok(Screen {
            id: PersonId(0),
            visitor,
            route,
            painter,
            keys: Keys::default(),
            pipe,
            farewell,
            lines: None,
            cells: Some(cells),
        })
    }

    /// A line-mode "screen" on `output`: no terminal is taken over;
    /// sentences are written a line each. `echo`: the client has a
    /// terminal (`ssh HOST plain`), so what is typed is echoed.
    pub(super) fn open_lines(visitor: Visitor, output: Output, echo: bool, route: Route) -> Screen {
        let pipe = Arc::clone(&output.pipe);
        pipe.plain.store(true, Ordering::SeqCst);
        let farewell = output.farewell();
        Screen {
            id: PersonId(0),
            visitor,
            route,
            painter: Painter::new(output, Rect::new(0, 0, 1, 1)),
            keys: Keys::default(),
            pipe,
            farewell,
            lines: Some(LineInput { echo, ..LineInput::default() }),
            cells: None,
        }
    }

    /// Whether this person is in the line mode.
    pub(super) fn is_lines(&self) -> bool {
        self.lines.is_some()
    }

    /// Takes a line-mode person's bytes: the lines they end wait for
    /// [`Screen::next_line`] (what they type is echoed where their client
    /// has a terminal).
    pub(super) fn type_bytes(&mut self, bytes: &[u8]) -> Result<(), Broken> {
        let Some(input) = &mut self.lines else { return Ok(()) };
        let (lines, mut echo) = input.typed(bytes);
        // What one message may ask is bounded, and so is what it makes the server write back.
        let room = MOST_LINES.saturating_sub(input.ended.len());
        if lines.len() > room {
            let end: &[u8] = if input.echo { b"\r\n" } else { b"\n" };
            echo.extend_from_slice(b"Too many lines at once: the rest were dropped.");
            echo.extend_from_slice(end);
        }
        input.ended.extend(lines.into_iter().take(room));
        if !echo.is_empty() {
            self.painter.out().write_all(&echo)?;
            self.painter.out().flush()?;
        }
        Ok(())
    }

    /// The next line typed and not yet read; lines typed at a table after
    /// leaving it are read by the lobby.
    pub(super) fn next_line(&mut self) -> Option<String> {
        self.lines.as_mut().and_then(|input| input.ended.pop_front())
    }

    /// Writes sentences, a line each, to a line-mode person.
    pub(super) fn tell(&mut self, sentences: &[String]) -> Result<(), Broken> {
        if sentences.is_empty() {
            return Ok(());
        }
        let end = if self.lines.as_ref().is_some_and(|input| input.echo) { "\r\n" } else { "\n" };
        let mut text = String::new();
        for sentence in sentences {
            // Nothing a table says carries a control character; a name or message would be cleaned already.
            text.extend(sentence.chars().filter(|c| !c.is_control()));
            text.push_str(end);
        }
        if self.pipe.waiting.lock().is_ok_and(|waiting| waiting.bytes.len() > BEHIND) {
            return Err(io::Error::other("the client does not read its lines"));
        }
        self.painter.out().write_all(text.as_bytes())?;
        self.painter.out().flush()
    }

    /// Draws the table as this person sees it, in `canvas` (lent by the
    /// table to each of its screens in turn).
    pub(super) fn draw(
        &mut self,
        canvas: &mut Buffer,
        room: &mut Room,
        id: PersonId,
        now: Instant,
    ) -> Result<(), Broken> {
        self.whole_if_behind()?;
        self.painter.paint(canvas, |buf, area| room.show(id, buf, area, now))?;
        Ok(())
    }

    /// Draws something other than a table (the lobby, a replay), in `canvas`.
    pub(super) fn render<T>(
        &mut self,
        canvas: &mut Buffer,
        draw: impl FnOnce(&mut Buffer, Rect) -> T,
    ) -> Result<T, Broken> {
        self.whole_if_behind()?;
        self.painter.paint(canvas, draw)
    }

    /// While the client is behind, the next frame is drawn whole from a
    /// cleared screen, to replace what waits.
    fn whole_if_behind(&mut self) -> Result<(), Broken> {
        if self.pipe.behind() && self.lines.is_none() {
            self.pipe.replace_next();
            self.painter.clear(self.painter.area())?;
        }
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
        if self.lines.is_some() {
            return Ok(self);
        }
        self.painter.clear(self.painter.area())?;
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

    /// The screen's size: columns, rows.
    pub(super) fn size(&self) -> (u16, u16) {
        let area = self.painter.area();
        (area.width, area.height)
    }

    /// The screen's new size, if the server's cells have room for it.
    pub(super) fn resize(&mut self, columns: u16, rows: u16) -> Result<(), Broken> {
        let Some(cells) = &mut self.cells else { return Ok(()) };
        let (columns, rows) = cells.regrant((columns, rows));
        self.painter.clear(Rect::new(0, 0, columns, rows))?;
        Ok(())
    }

    /// The person leaves: their terminal is given back and the channel
    /// closes once its bytes are sent.
    pub(super) fn close(self) {
        self.route_to(None);
    }

    /// Ends the connection for `why` (idle, the server stopping, a client
    /// that does not read, a screen or table that failed): what waits
    /// unsent is dropped, the terminal is given back and the person told
    /// `why` in a line on it, and the connection ends with those words.
    /// An earlier farewell (the session was taken over) keeps its words.
    pub(super) fn disconnect(self, why: &'static str) {
        let _ = self.farewell.set(why);
        self.route_to(None);
        self.pipe.abort.notify_one();
    }
}

impl Drop for Screen {
    /// A screen dropped by a panic (its lobby's or table's thread failing)
    /// still says why.
    fn drop(&mut self) {
        if std::thread::panicking() {
            let _ = self.farewell.set(SCREEN_FAILED);
            self.pipe.abort.notify_one();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::{LineInput, Typed};

    #[test]
    fn typed_bytes_wait_counted_until_dropped_wherever_they_end() {
        let waiting = Arc::new(AtomicUsize::new(0));
        let typed = Typed::new(b"kc".to_vec(), &waiting);
        assert_eq!(waiting.load(Ordering::SeqCst), 1);
        // Read, or lost at a table its person has just left: either way it no longer counts.
        drop(typed);
        assert_eq!(waiting.load(Ordering::SeqCst), 0);
    }

    fn typed(echo: bool, bytes: &[u8]) -> (Vec<String>, Vec<u8>) {
        LineInput { echo, ..LineInput::default() }.typed(bytes)
    }

    #[test]
    fn a_pipe_ends_lines_at_lf_and_a_terminal_at_cr() {
        assert_eq!(typed(false, b"hand\r\nkc\n").0, ["hand", "kc"]);
        assert_eq!(typed(true, b"hand\rkc\r\n").0, ["hand", "kc"]);
    }

    #[test]
    fn a_terminal_sees_what_it_types_and_its_backspaces() {
        let (lines, echo) = typed(true, b"kd\x7fc\r");
        assert_eq!(lines, ["kc"]);
        assert_eq!(echo, b"kd\x08 \x08c\r\n");
        assert!(typed(false, b"kc\n").1.is_empty(), "a pipe is not echoed");
    }

    #[test]
    fn arrow_keys_and_other_controls_are_left_out_and_enter_after_a_stray_escape_counts() {
        assert_eq!(typed(true, b"\x1b[Ak\x1bOBc\x07\r").0, ["kc"]);
        assert_eq!(typed(true, b"kc\x1b[\r").0, ["kc"]);
    }

    #[test]
    fn ctrl_c_and_the_end_of_input_leave() {
        assert_eq!(typed(true, b"k\x03").0, ["quit"]);
        assert_eq!(typed(true, b"\x04").0, ["quit"]);
        assert!(typed(true, b"k\x04").0.is_empty(), "Ctrl-D mid-line is nothing");
        // A pipe's end: its last line, then out of the table and out of the lobby.
        assert_eq!(typed(false, b"say bye\x04").0, ["say bye", "quit", "quit"]);
    }

    #[test]
    fn no_control_byte_typed_comes_back_and_letters_beyond_ascii_do() {
        // C1 CSI raw and as UTF-8, a stray continuation byte, then "é" and "♥" sent a byte at a time.
        let (lines, echo) = typed(true, b"a\x9b2J\xc2\x9b2Jb\x80c\xc3\xa9\xe2\x99\xa5\r");
        assert_eq!(lines, ["a2J2Jbcé♥"]);
        assert_eq!(echo, "a2J2Jbcé♥\r\n".as_bytes());
        let mut input = LineInput { echo: true, ..LineInput::default() };
        let (_, first) = input.typed(b"\xe2\x99");
        let (lines, rest) = input.typed(b"\xa5\r");
        assert_eq!((first, lines), (Vec::new(), vec!["♥".to_string()]), "echoed once whole");
        assert_eq!(rest, "♥\r\n".as_bytes());
    }

    #[test]
    fn a_line_is_at_most_512_bytes() {
        let long = vec![b'a'; 2000];
        let (lines, _) = typed(false, &[long.as_slice(), b"\n"].concat());
        assert_eq!(lines[0].len(), 512);
    }
}
