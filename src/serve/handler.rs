//! One SSH connection: its login, and the one thing it may do, a session
//! channel with a terminal running the table. Everything else a client
//! may ask for (other commands, subsystems such as sftp, port forwarding,
//! agent and X11 forwarding, a second channel) is refused.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::time::Instant;

use russh::keys::PublicKey;
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, PublicKeyOffer, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, ChannelWriteHalf, MethodKind, MethodSet, Pty};

use super::Shared;
use super::limits::{self, InputBudget};
use super::name::safe_name;
use super::session::{self, Incoming, Setup};

/// Said to a session that asked for no terminal (`ssh HOST` piped, or `ssh -T`).
pub(super) const NO_TERMINAL: &str = "hearts: the table needs a terminal: connect with ssh -t";
/// Said to a command other than `join CODE` or `watch CODE`.
pub(super) const UNKNOWN_COMMAND: &str = "hearts: the commands are join CODE and watch CODE; without one, you play";

/// One connection's state, as russh calls it.
pub(super) struct Client {
    shared: Arc<Shared>,
    authenticated: Arc<AtomicBool>,
    /// The name shown for the SSH user name.
    name: String,
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

/// A running table's input side.
struct Playing {
    input: SyncSender<Incoming>,
    budget: InputBudget,
}

/// What a client may run: `join CODE` and `watch CODE`.
fn known_command(command: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(command) else { return false };
    let words: Vec<&str> = text.split_whitespace().collect();
    let code_like = |code: &str| (1..=12).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphanumeric());
    matches!(words.as_slice(), ["join" | "watch", code] if code_like(code))
}

impl Client {
    pub(super) fn new(shared: Arc<Shared>, authenticated: Arc<AtomicBool>) -> Client {
        Client { shared, authenticated, name: String::new(), channel: None }
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

    /// Our open channel with this id.
    fn open(&mut self, channel: ChannelId) -> Option<&mut Open> {
        self.channel.as_mut().filter(|open| open.id == channel)
    }

    /// Starts the table on the channel, if it has a terminal; a channel
    /// without one is told so and closed.
    fn start(&mut self, channel: ChannelId, note: Option<String>, session: &mut Session) -> Result<(), russh::Error> {
        let Some(open) = self.channel.as_mut().filter(|open| open.id == channel && open.playing.is_none()) else {
            return session.channel_failure(channel);
        };
        session.channel_success(channel)?;
        let (Some((columns, rows, term)), Some(writer)) = (open.pty.clone(), open.writer.take()) else {
            return say_and_close(session, channel, NO_TERMINAL);
        };
        let (input, receiver) = std::sync::mpsc::sync_channel(limits::INPUT_QUEUE);
        let setup = Setup {
            name: self.name.clone(),
            columns,
            rows,
            term,
            note,
            table: self.shared.table.clone(),
            speed: self.shared.speed,
            think: self.shared.think,
        };
        session::start(setup, receiver, input.clone(), writer, session.handle(), Arc::clone(&self.shared));
        open.playing = Some(Playing { input, budget: InputBudget::new(Instant::now()) });
        Ok(())
    }

    /// Tells the table, if one runs, that its connection is gone.
    fn stop(&mut self) {
        if let Some(playing) = self.channel.as_mut().and_then(|open| open.playing.take()) {
            tell(playing.input, Incoming::Closed);
        }
    }
}

/// Sends `incoming`; when the queue is full (a flood), waits for room off
/// the async threads, since this one must arrive.
fn tell(input: SyncSender<Incoming>, incoming: Incoming) {
    if let Err(TrySendError::Full(incoming)) = input.try_send(incoming) {
        tokio::task::spawn_blocking(move || input.send(incoming));
    }
}

/// Writes one line to the channel and closes it.
fn say_and_close(session: &mut Session, channel: ChannelId, line: &str) -> Result<(), russh::Error> {
    session.data(channel, format!("{line}\r\n").into_bytes())?;
    session.exit_status_request(channel, 1)?;
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
        Ok(self.admits_key(user, key.public_key))
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
                tell(playing.input.clone(), Incoming::Resized { columns, rows });
            }
        }
        Ok(())
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), Self::Error> {
        self.start(channel, None, session)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if known_command(command) && self.open(channel).is_some() {
            let note = "Tables to join come later: this table is yours alone".to_string();
            return self.start(channel, Some(note), session);
        }
        session.channel_failure(channel)?;
        if self.open(channel).is_some_and(|open| open.playing.is_none()) {
            say_and_close(session, channel, UNKNOWN_COMMAND)?;
        }
        Ok(())
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
            let allowed = playing.budget.allow(data.len(), Instant::now());
            // A flood beyond the rate, or beyond what the table has yet to read, is dropped.
            if allowed > 0 {
                let _ = playing.input.try_send(Incoming::Bytes(data[..allowed].to_vec()));
            }
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
        assert!(known_command(b"join 7Q4K"));
        assert!(known_command(b"watch 7Q4K"));
        for refused in [&b"ls"[..], b"join", b"join 7Q4K now", b"join ../../etc", b"sh -c join", b"join \xff", b""] {
            assert!(!known_command(refused), "{}", String::from_utf8_lossy(refused));
        }
    }
}
