//! One SSH connection: its login, and the one thing it may do, a session
//! channel with a terminal running the table. Everything else a client
//! may ask for (other commands, subsystems such as sftp, port forwarding,
//! agent and X11 forwarding, a second channel) is refused.

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use russh::keys::PublicKey;
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, PublicKeyOffer, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, ChannelWriteHalf, MethodKind, MethodSet, Pty};

use super::limits::{self, Cut, InputBudget, NewestSize, Tries};
use super::lobby_session::{self, ToLobby};
use super::name::safe_name;
use super::session::{Output, Place, Route, Screen, Visitor};
use super::table::{self, ToTable, theme_for};
use super::{NotFound, Shared};

/// Said to a session that asked for no terminal (`ssh HOST` piped, or `ssh -T`).
pub(super) const NO_TERMINAL: &str = "hearts: the table needs a terminal: connect with ssh -t";
/// Said when the server has no room for another table.
const NO_ROOM: &str = "hearts: every table is full and no more can be opened here; try again later";

/// One connection's state, as russh calls it.
pub(super) struct Client {
    shared: Arc<Shared>,
    authenticated: Arc<AtomicBool>,
    /// Where the client connects from.
    address: IpAddr,
    /// Its tries at table codes.
    code_tries: Arc<Mutex<Tries>>,
    /// Cuts the connection off (its screen's writer does, when it stops reading).
    cut: Cut,
    /// The name shown for the SSH user name.
    name: String,
    /// The fingerprint of the public key the client logged in with.
    key: Option<String>,
    /// The session channel; a connection gets one.
    channel: Option<Open>,
}

/// The session channel and what it asked for.
struct Open {
    id: ChannelId,
    /// Where the screen goes; taken when the table starts.
    writer: Option<ChannelWriteHalf<Msg>>,
    /// The terminal's size (clamped) and type, once asked for.
    pty: Option<(u16, u16, String)>,
    /// The table, once started.
    playing: Option<Playing>,
}

/// A person's screen is up: where their input goes.
struct Playing {
    route: Route,
    /// Their messages the lobby or table has yet to read.
    pending: Arc<AtomicUsize>,
    budget: InputBudget,
    size: Arc<NewestSize>,
}

impl Playing {
    /// Passes typed bytes on, unless too many of this person's wait unread
    /// (a flood is dropped here, and never fills the table's queue).
    fn typed(&mut self, data: &[u8]) {
        let allowed = self.budget.allow(data.len(), Instant::now());
        if allowed == 0 || self.pending.load(Ordering::SeqCst) >= limits::INPUT_QUEUE {
            return;
        }
        self.pending.fetch_add(1, Ordering::SeqCst);
        let bytes = data[..allowed].to_vec();
        let sent = match self.route.lock().as_deref() {
            Ok(Place::Lobby(lobby)) => lobby.send(ToLobby::Bytes(bytes)).is_ok(),
            Ok(Place::Table(table, id)) => table.send(ToTable::Bytes(*id, bytes)).is_ok(),
            _ => false,
        };
        if !sent {
            self.pending.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// The screen's new size, to whoever has it: one message waits at
    /// most, which takes the newest size when it is read.
    fn resized(&self, columns: u16, rows: u16) {
        if !self.size.set(columns, rows) {
            return;
        }
        let size = Arc::clone(&self.size);
        match self.route.lock().as_deref() {
            Ok(Place::Lobby(lobby)) => drop(lobby.send(ToLobby::Resized(size))),
            Ok(Place::Table(table, id)) => drop(table.send(ToTable::Resized(*id, size))),
            _ => {}
        }
    }

    /// The connection is gone: whoever has the screen lets it go.
    fn gone(&self) {
        match self.route.lock().as_deref() {
            Ok(Place::Lobby(lobby)) => drop(lobby.send(ToLobby::Gone)),
            Ok(Place::Table(table, id)) => drop(table.send(ToTable::Gone(*id))),
            _ => {}
        }
    }
}

/// Where a session goes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Going {
    /// The lobby.
    Lobby,
    /// Sit at this table.
    Join(String),
    /// Watch this table.
    Watch(String),
}

/// What a client may run: `join CODE` and `watch CODE`; else the one
/// sentence that tells the person what they may run.
fn parse_command(command: &[u8]) -> Result<Going, String> {
    let text = String::from_utf8_lossy(command);
    let words: Vec<&str> = text.split_whitespace().collect();
    let code_like = |code: &str| (1..=12).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphanumeric());
    match words.as_slice() {
        ["join", code] if code_like(code) => Ok(Going::Join(code.to_ascii_uppercase())),
        ["watch", code] if code_like(code) => Ok(Going::Watch(code.to_ascii_uppercase())),
        [verb @ ("join" | "watch")] => Err(format!("hearts: {verb} needs a table's code, as in {verb} 7Q4K")),
        ["join" | "watch", code] => {
            Err(format!("hearts: `{}` is not a table's code: a code is letters and digits", shown(code)))
        }
        [verb @ ("join" | "watch"), ..] => Err(format!("hearts: {verb} takes one table's code, as in {verb} 7Q4K")),
        [] => Err(format!("hearts: an empty command; {COMMANDS}")),
        [verb, ..] => {
            let near = ["join", "watch"].into_iter().find(|known| distance(&verb.to_ascii_lowercase(), known) <= 2);
            let guess = near.map(|known| format!(" (did you mean {known}?)")).unwrap_or_default();
            Err(format!("hearts: unknown command `{}`; {COMMANDS}{guess}", shown(verb)))
        }
    }
}

/// What the commands are, as a refusal says it.
const COMMANDS: &str = "the commands are join CODE and watch CODE";

/// A word the client sent, fit to be shown in a sentence: printable
/// ASCII only (no escape sequence reaches the terminal), and short.
fn shown(word: &str) -> String {
    let printable: String = word.chars().filter(char::is_ascii_graphic).take(24).collect();
    if word.chars().count() > 24 { format!("{printable}...") } else { printable }
}

/// The edit distance between two words (insertions, deletions,
/// substitutions), for "did you mean"; a long word is far from everything.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().take(32).collect(), b.chars().collect());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(x != y));
            diagonal = above;
        }
    }
    row[b.len()]
}

impl Client {
    pub(super) fn new(shared: Arc<Shared>, authenticated: Arc<AtomicBool>, address: IpAddr, cut: Cut) -> Client {
        let code_tries = Arc::new(Mutex::new(Tries::for_connection(Instant::now())));
        Client { shared, authenticated, address, code_tries, cut, name: String::new(), key: None, channel: None }
    }

    /// The methods a refused client may try next.
    fn methods(&self) -> MethodSet {
        let methods: &[MethodKind] = match &self.shared.access {
            super::Access::Anyone => &[MethodKind::None, MethodKind::Password, MethodKind::PublicKey],
            super::Access::Keys(_) => &[MethodKind::PublicKey],
            super::Access::Password(_) => &[MethodKind::Password],
        };
        methods.into()
    }

    fn decide(&mut self, user: &str, admitted: bool) -> Auth {
        if admitted {
            self.name = safe_name(user);
            Auth::Accept
        } else {
            Auth::Reject { proceed_with_methods: Some(self.methods()), partial_success: false }
        }
    }

    fn admits_key(&mut self, user: &str, key: &PublicKey) -> Auth {
        let admitted = self.shared.access.admits_key(key);
        self.decide(user, admitted)
    }

    /// Remembers a verified key: the person is known by it when they come back.
    fn verified(&mut self, key: &PublicKey) {
        self.key = Some(key.fingerprint(russh::keys::HashAlg::Sha256).to_string());
    }

    /// Our open channel with this id.
    fn open(&mut self, channel: ChannelId) -> Option<&mut Open> {
        self.channel.as_mut().filter(|open| open.id == channel)
    }

    /// Opens the person's screen on the channel, if it has a terminal, in
    /// the lobby or at a table; a channel without one, or a table that is
    /// not there, is told so and closed.
    fn start(&mut self, channel: ChannelId, going: Going, session: &mut Session) -> Result<(), russh::Error> {
        let Some(open) = self.channel.as_mut().filter(|open| open.id == channel && open.playing.is_none()) else {
            return session.channel_failure(channel);
        };
        session.channel_success(channel)?;
        let Some((columns, rows, term)) = open.pty.clone() else {
            return say_and_close(session, channel, NO_TERMINAL, 1);
        };
        let (code, watch) = match &going {
            Going::Lobby => (None, false),
            Going::Join(code) => (Some(code.as_str()), false),
            Going::Watch(code) => (Some(code.as_str()), true),
        };
        let visitor = Visitor {
            name: self.name.clone(),
            key: self.key.clone(),
            theme: theme_for(&term),
            address: self.address,
            code_tries: Arc::clone(&self.code_tries),
        };
        let table = match code.map(|code| (code, self.shared.find_table(code, &visitor))) {
            None => None,
            Some((_, Ok(table))) => Some(table),
            Some((code, Err(NotFound::NoTable))) => {
                return say_and_close(session, channel, &format!("hearts: there is no table {code} here"), 1);
            }
            Some((_, Err(NotFound::Wait(wait)))) => {
                let seconds = wait.as_secs() + 1;
                let wait = format!("hearts: too many wrong table codes from here; wait {seconds} s and try again");
                return say_and_close(session, channel, &wait, 1);
            }
        };
        let Some(writer) = open.writer.take() else { return session.channel_failure(channel) };
        let pending = Arc::new(AtomicUsize::new(0));
        let route: Route = Arc::new(std::sync::Mutex::new(Place::Gone));
        let connection = (session.handle(), tokio::runtime::Handle::current());
        let screen = match Screen::open(
            visitor,
            Output::to(writer, self.cut.clone()),
            (columns, rows),
            (Arc::clone(&pending), Arc::clone(&route)),
            connection,
        ) {
            Ok(screen) => screen,
            Err(_) => return session.channel_failure(channel),
        };
        match table {
            None => lobby_session::enter(screen, Arc::clone(&self.shared), None),
            Some(table) => {
                if table::bring(screen, &table, watch, self.shared.person_id()).is_some() {
                    return say_and_close(session, channel, NO_ROOM, 1);
                }
            }
        }
        let budget = InputBudget::new(Instant::now());
        open.playing = Some(Playing { route, pending, budget, size: Arc::default() });
        Ok(())
    }

    /// Tells the lobby or table the person is at that they are gone.
    fn stop(&mut self) {
        if let Some(playing) = self.channel.as_mut().and_then(|open| open.playing.take()) {
            playing.gone();
        }
    }
}

/// Writes one line to the channel and closes it with `status`.
fn say_and_close(session: &mut Session, channel: ChannelId, line: &str, status: u32) -> Result<(), russh::Error> {
    session.data(channel, format!("{line}\r\n").into_bytes())?;
    session.exit_status_request(channel, status)?;
    session.eof(channel)?;
    session.close(channel)
}

impl Drop for Client {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Handler for Client {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        let admitted = self.shared.access.admits_anyone();
        Ok(self.decide(user, admitted))
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        let admitted = self.shared.access.admits_password(password);
        Ok(self.decide(user, admitted))
    }

    async fn auth_publickey_offered(&mut self, user: &str, offer: PublicKeyOffer<'_>) -> Result<Auth, Self::Error> {
        Ok(self.admits_key(user, offer.public_key))
    }

    async fn auth_publickey(&mut self, user: &str, key: VerifiedPublicKey<'_>) -> Result<Auth, Self::Error> {
        let auth = self.admits_key(user, key.public_key);
        if matches!(auth, Auth::Accept) {
            self.verified(key.public_key);
        }
        Ok(auth)
    }

    async fn auth_succeeded(&mut self, _: &mut Session) -> Result<(), Self::Error> {
        self.authenticated.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
            return Ok(());
        }
        // Input arrives through `data` below; the read half would only fill up unread.
        let (_, writer) = channel.split();
        self.channel = Some(Open { id: writer.id(), writer: Some(writer), pty: None, playing: None });
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match self.open(channel).filter(|open| open.playing.is_none()) {
            Some(open) => {
                let (columns, rows) = limits::clamp_size(columns, rows);
                let term: String = term.chars().filter(char::is_ascii_graphic).take(64).collect();
                open.pty = Some((columns, rows, term));
                session.channel_success(channel)
            }
            None => session.channel_failure(channel),
        }
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(open) = self.open(channel) {
            let (columns, rows) = limits::clamp_size(columns, rows);
            if let Some((old_columns, old_rows, _)) = &mut open.pty {
                (*old_columns, *old_rows) = (columns, rows);
            }
            if let Some(playing) = &open.playing {
                playing.resized(columns, rows);
            }
        }
        Ok(())
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), Self::Error> {
        self.start(channel, Going::Lobby, session)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let going = parse_command(command);
        match (going, self.open(channel)) {
            (Ok(going), Some(_)) => self.start(channel, going, session),
            // The sentence comes on the channel the person sees, with exit
            // status 2: a failure reply would leave OpenSSH to say only
            // "exec request failed".
            (Err(refusal), Some(open)) if open.playing.is_none() => {
                session.channel_success(channel)?;
                say_and_close(session, channel, &refusal, 2)
            }
            _ => session.channel_failure(channel),
        }
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _: bool,
        _: &str,
        _: &str,
        _: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn data(&mut self, channel: ChannelId, data: &[u8], _: &mut Session) -> Result<(), Self::Error> {
        if let Some(playing) = self.open(channel).and_then(|open| open.playing.as_mut()) {
            playing.typed(data);
        }
        Ok(())
    }

    async fn channel_close(&mut self, channel: ChannelId, _: &mut Session) -> Result<(), Self::Error> {
        if self.open(channel).is_some() {
            self.stop();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_join_and_watch_with_a_code_are_commands() {
        assert_eq!(parse_command(b"join 7Q4K"), Ok(Going::Join("7Q4K".into())));
        assert_eq!(parse_command(b"watch 7q4k"), Ok(Going::Watch("7Q4K".into())));
        for refused in [&b"ls"[..], b"join", b"join 7Q4K now", b"join ../../etc", b"sh -c join", b"join \xff", b""] {
            assert!(parse_command(refused).is_err(), "{}", String::from_utf8_lossy(refused));
        }
    }

    #[test]
    fn a_refusal_is_one_sentence_that_says_what_was_meant() {
        let refusal = |typed: &[u8]| parse_command(typed).unwrap_err();
        assert_eq!(
            refusal(b"joni W6HZ"),
            "hearts: unknown command `joni`; the commands are join CODE and watch CODE (did you mean join?)"
        );
        assert!(refusal(b"WACH 7Q4K").ends_with("(did you mean watch?)"));
        assert_eq!(refusal(b"ls -la"), "hearts: unknown command `ls`; the commands are join CODE and watch CODE");
        assert_eq!(refusal(b"join"), "hearts: join needs a table's code, as in join 7Q4K");
        // What the client typed never reaches the terminal raw.
        let escape = refusal(b"\x1b]0;pwned\x07 x");
        assert!(escape.is_ascii() && !escape.contains('\x1b') && !escape.contains('\x07'), "{escape:?}");
        assert!(refusal(&[b'x'; 5000]).len() < 200);
    }

    #[test]
    fn edit_distance_counts_single_changes() {
        assert_eq!(distance("joni", "join"), 2);
        assert_eq!(distance("jion", "join"), 2);
        assert_eq!(distance("jon", "join"), 1);
        assert_eq!(distance("watch", "watch"), 0);
        assert_eq!(distance("ls", "watch"), 5);
    }
}
