//! One SSH connection: its login, and the one thing it may do, a session
//! channel running the table (drawn on its terminal, or as lines where it
//! has none). Everything else a client
//! may ask for (other commands, subsystems such as sftp, port forwarding,
//! agent and X11 forwarding, a second channel) is refused.

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime};

use russh::keys::PublicKey;
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, PublicKeyOffer, Response, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, ChannelWriteHalf, MethodKind, MethodSet, Pty};

use super::access::{Access, Grant};
use super::command::{Going, SessionRequest, parse_command};
use super::identity::Identity;
use super::limits::{self, Cut, InputBudget, NewestSize, Tries};
use super::live::{self, Live};
use super::lobby_session;
use super::name::{Cleaned, clean};
use super::session::{Input, Output, Route, Screen, Typed, Visitor, pass_on};
use super::table::{self, theme_for};
use super::{NotFound, ServerCommon};

/// One connection's state, as russh calls it.
pub(super) struct Client {
    shared: Arc<ServerCommon>,
    authenticated: Arc<AtomicBool>,
    /// Where the client connects from (what `from=` is matched against).
    peer: IpAddr,
    /// This connection's number among the live sessions.
    number: u64,
    /// Its tries at table codes.
    code_tries: Arc<Mutex<Tries>>,
    /// Ends this connection's stream (a later session takes it over, or its
    /// client stops reading its screen).
    cut: Cut,
    /// The name shown for the SSH user name.
    name: Cleaned,
    /// The fingerprint of the public key the client proved it holds.
    key: Option<String>,
    /// What its key's line allows.
    grant: Grant,
    /// The seat token its session is live under, once it is.
    live: Option<String>,
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
    /// In the line mode, where the end of the client's input means leaving.
    plain: bool,
}

impl Playing {
    /// Passes typed bytes on, unless too many of this person's wait unread
    /// (a flood is dropped here, and never fills the table's queue).
    fn typed(&mut self, data: &[u8]) {
        let allowed = self.budget.allow(data.len(), Instant::now());
        if allowed == 0 || self.pending.load(Ordering::SeqCst) >= limits::INPUT_QUEUE {
            return;
        }
        // Counted until read, or dropped unread wherever it ends up.
        pass_on(&self.route, Input::Bytes(Typed::new(data[..allowed].to_vec(), &self.pending)));
    }

    /// The screen's new size, to whoever has it: one message waits at
    /// most, which takes the newest size when it is read.
    fn resized(&self, columns: u16, rows: u16) {
        if !self.size.set(columns, rows) {
            return;
        }
        pass_on(&self.route, Input::Resized(Arc::clone(&self.size)));
    }
}

impl Client {
    /// A connection from `peer`, numbered `number`, whose stream `cut` ends.
    pub(super) fn new(
        shared: Arc<ServerCommon>,
        authenticated: Arc<AtomicBool>,
        peer: IpAddr,
        (number, cut): (u64, Cut),
    ) -> Client {
        Client {
            shared,
            authenticated,
            peer,
            number,
            code_tries: Arc::new(Mutex::new(Tries::for_connection(Instant::now()))),
            cut,
            name: clean(""),
            key: None,
            grant: Grant::default(),
            live: None,
            channel: None,
        }
    }

    /// The methods a client may try next: a key first everywhere, so that
    /// OpenSSH offers the keys it has.
    fn methods(&self) -> MethodSet {
        let methods: &[MethodKind] = match &self.shared.access {
            Access::Anyone => &[MethodKind::PublicKey, MethodKind::KeyboardInteractive, MethodKind::Password],
            Access::Keys(_) => &[MethodKind::PublicKey],
            // A key is taken once, beside the password.
            Access::Password(_) if self.key.is_some() => &[MethodKind::Password],
            Access::Password(_) => &[MethodKind::PublicKey, MethodKind::Password],
        };
        methods.into()
    }

    fn refused(&self) -> Auth {
        Auth::Reject { proceed_with_methods: Some(self.methods()), partial_success: false }
    }

    /// Lets the client in as `user`.
    fn admitted(&mut self, user: &str) -> Auth {
        self.name = clean(user);
        Auth::Accept
    }

    /// What this key may do, if it may come in by itself.
    fn key_grant(&self, key: &PublicKey) -> Option<Grant> {
        self.shared.access.key_grant(key, self.peer, SystemTime::now())
    }

    /// Our open channel with this id.
    fn open(&mut self, channel: ChannelId) -> Option<&mut Open> {
        self.channel.as_mut().filter(|open| open.id == channel)
    }

    /// Opens the person's screen on the channel, if it has a terminal, in
    /// the lobby or at a table; a channel without one, or a table that is
    /// not there, is told so and closed. An earlier session of the same
    /// person is taken over first.
    fn start(
        &mut self,
        channel: ChannelId,
        request: SessionRequest,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        let Some(open) = self.channel.as_mut().filter(|open| open.id == channel && open.playing.is_none()) else {
            return session.channel_failure(channel);
        };
        session.channel_success(channel)?;
        // Without a terminal (`ssh -T`, a pipe, a key's no-pty), or asked for, the table comes as lines.
        let plain = open.pty.is_none() || request.plain;
        let (columns, rows, term) = open.pty.clone().unwrap_or((80, 24, String::new()));
        let (code, watch) = match &request.going {
            Going::Help => return say_and_close(session, channel, super::command::HELP, 0),
            Going::Lobby => (None, false),
            Going::Join(code) => (Some(code.as_str()), false),
            Going::Watch(code) => (Some(code.as_str()), true),
        };
        let identity = Identity::of(self.key.clone(), &self.name);
        let holder = identity.holder(request.also);
        let visitor = Visitor {
            name: self.name.shown.clone(),
            identity: identity.clone(),
            holder: holder.clone(),
            theme: theme_for(&term),
            brief: false,
            symbols: false,
            address: self.peer,
            code_tries: Arc::clone(&self.code_tries),
            forced: self.grant.command.is_some(),
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
        // Anyone may type a name: a keyless one does not throw out a session of it that still answers.
        if matches!(identity, Identity::Name(_)) && self.shared.live.is_live(&holder) {
            return say_and_close(session, channel, &name_in_use(&self.name.shown), 1);
        }
        let Some(writer) = open.writer.take() else { return session.channel_failure(channel) };
        let pending = Arc::new(AtomicUsize::new(0));
        let route: Route = Arc::new(std::sync::Mutex::new(None));
        let output = Output::to(writer, self.cut.clone(), session.handle());
        let farewell = output.farewell();
        let routes = Arc::clone(&route);
        let screen = if plain {
            Screen::open_lines(visitor, output, open.pty.is_some(), routes)
        } else {
            match Screen::open(visitor, output, ((columns, rows), &self.shared.screen_cells), routes) {
                Ok(screen) => screen,
                Err(_) => return session.channel_failure(channel),
            }
        };
        if identity.is_known() {
            // The earlier session's person leaves before this one arrives anywhere.
            let live = Live { connection: self.number, route: Arc::clone(&route), farewell, cut: self.cut.clone() };
            self.shared.live.arrive(&holder, live);
            self.live = Some(holder);
        }
        match table {
            None => lobby_session::enter(screen, Arc::clone(&self.shared), None),
            Some(table) => {
                if let Some(screen) = table::bring_to_table(screen, &table, watch, self.shared.person_id()) {
                    let closed = format!("Table {} has closed", table.code);
                    lobby_or_end(screen, Arc::clone(&self.shared), Some(closed));
                }
            }
        }
        let budget = InputBudget::new(Instant::now());
        open.playing = Some(Playing { route, pending, budget, size: Arc::default(), plain });
        Ok(())
    }

    /// Tells the lobby or table the person is at that they are gone.
    fn stop(&mut self) {
        if let Some(playing) = self.channel.as_mut().and_then(|open| open.playing.take()) {
            live::gone(&playing.route);
        }
        if let Some(holder) = self.live.take() {
            self.shared.live.leave(&holder, self.number);
        }
    }
}

/// Where a person goes from a table: their lobby, unless a key's forced
/// command brought them, whose session ends with the table as sshd's
/// would with its command.
pub(super) fn lobby_or_end(screen: Screen, shared: Arc<ServerCommon>, note: Option<String>) {
    if screen.visitor.forced {
        screen.close();
    } else {
        lobby_session::enter(screen, shared, note);
    }
}

/// Why a keyless person may not come in as `name` now.
fn name_in_use(name: &str) -> String {
    format!(
        "hearts: {name} is here already, in a session that answers; a name without a key takes over only a session \
         that has gone (about 30 s after it stops answering). Connect with a key (ssh -i) to be known by it anywhere"
    )
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

    async fn auth_none(&mut self, _: &str) -> Result<Auth, Self::Error> {
        // Nobody comes in by "none": OpenSSH offers its keys only to a server that asks for one.
        Ok(self.refused())
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _: &str,
        _: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        // An open server's way in without a key and with no prompt: accepted at once, asking nothing.
        if self.shared.access.admits_anyone() {
            return Ok(self.admitted(user));
        }
        Ok(self.refused())
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        if self.shared.access.admits_password(password) {
            return Ok(self.admitted(user));
        }
        Ok(self.refused())
    }

    async fn auth_publickey_offered(&mut self, _: &str, offer: PublicKeyOffer<'_>) -> Result<Auth, Self::Error> {
        let wanted = match &self.shared.access {
            // Beside a password, any key is taken (once), to know its holder by.
            Access::Password(_) => self.key.is_none(),
            _ => self.key_grant(offer.public_key).is_some(),
        };
        Ok(if wanted { Auth::Accept } else { self.refused() })
    }

    async fn auth_publickey(&mut self, user: &str, key: VerifiedPublicKey<'_>) -> Result<Auth, Self::Error> {
        let fingerprint = key.public_key.fingerprint(russh::keys::HashAlg::Sha256).to_string();
        if let Access::Password(_) = &self.shared.access {
            if self.key.is_none() {
                // Known by the key now; the password still lets them in.
                self.key = Some(fingerprint);
                return Ok(Auth::Reject { proceed_with_methods: Some(self.methods()), partial_success: true });
            }
            return Ok(self.refused());
        }
        match self.key_grant(key.public_key) {
            Some(grant) => {
                (self.key, self.grant) = (Some(fingerprint), grant);
                Ok(self.admitted(user))
            }
            None => Ok(self.refused()),
        }
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
        let no_pty = self.grant.no_pty;
        match self.open(channel).filter(|open| open.playing.is_none() && !no_pty) {
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
        // A key's forced command holds for a plain ssh too.
        let request =
            self.grant.command.clone().unwrap_or(SessionRequest { going: Going::Lobby, also: false, plain: false });
        self.start(channel, request, session)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // A key's forced command holds whatever the client asked to run.
        let asked = self.grant.command.clone().map_or_else(|| parse_command(command), Ok);
        match (asked, self.open(channel)) {
            (Ok(request), Some(_)) => self.start(channel, request, session),
            // The sentence comes on the channel the person sees, with exit
            // status 2: a failure reply would leave OpenSSH to say only
            // "exec request failed".
            (Err(refusal), Some(open)) if open.playing.is_none() => {
                session.channel_success(channel)?;
                say_and_close(session, channel, &refusal.to_string(), 2)
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

    async fn channel_eof(&mut self, channel: ChannelId, _: &mut Session) -> Result<(), Self::Error> {
        // The end of a line-mode client's input (Ctrl-D at `ssh -T`, a script's last line) reads as Ctrl-D.
        if let Some(playing) = self.open(channel).and_then(|open| open.playing.as_mut()).filter(|playing| playing.plain)
        {
            playing.typed(&[0x04]);
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
