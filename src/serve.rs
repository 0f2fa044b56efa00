//! `hearts serve`: the table over SSH, so any `ssh` client is the client.
//!
//! Who may come in ([`access`]), who they are ([`identity`], [`name`]) and
//! which of their sessions is live ([`live`]), the host key ([`host_key`]),
//! which channels are served ([`handler`]), the bounds on what a client may cost
//! ([`limits`]), the tables people sit at ([`table`], each on a thread of
//! its own with the shared [`Table`](hearts_table::Table) and its people's
//! views)
//! and each person's screen ([`session`]), drawn by the terminal table's
//! own view; the server's state in SQLite ([`store`]).

mod access;
mod command;
mod directory;
mod handler;
mod host_key;
pub mod identity;
mod keys;
mod limits;
mod live;
mod lobby_session;
mod lock;
mod name;
mod proxy;
mod saver;
mod session;
mod standing;
pub mod store;
mod table;

use std::io::Write as _;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use russh::server::Config;
use tokio::net::TcpListener;

use crate::cli::ServeArgs;
use crate::files::FileError;
use crate::lobby::TableRequest;
use access::Access;
use directory::{Bounds, Directory, OpenError};
use handler::Client;
use hearts_bots::Think;
use hearts_table::Setup;
use hearts_table::pace::Speed;
use hearts_table::pool::Pool;
use hearts_table::{PersonId, Sharing};
use limits::{CodeTries, Connections, Guarded, Login, Refusal, ScreenCells, Shares};
use live::Registry;
use saver::Saver;
use session::Visitor;
use store::Store;
use table::{Opening, TableHandle};

pub use access::AccessChoice;

/// Why the server could not serve.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// An address other than loopback without an access choice.
    #[error(
        "serve: --listen {0} lets other machines in: choose who may come in with \
         --authorized-keys FILE (their public keys), --password-file FILE (a shared password) \
         or --open (anyone who can reach the port)"
    )]
    NoAccessChoice(SocketAddr),
    /// A file the server needs could not be read or written.
    #[error("serve: {0}")]
    File(#[from] FileError),
    /// The server's database could not be opened or read.
    #[error("serve: {0}")]
    Store(#[from] store::StoreError),
    /// The access file says nothing usable.
    #[error("serve: {}: {problem}", path.display())]
    AccessFile {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: access::AccessProblem,
    },
    /// The host key could not be made or read.
    #[error("serve: the host key {}: {problem}", path.display())]
    HostKey {
        /// The key's file.
        path: PathBuf,
        /// What is wrong.
        problem: host_key::HostKeyProblem,
    },
    /// Another server serves from the same data directory.
    #[error(
        "serve: another hearts serve uses {} ({}); stop it, or give this one a data directory of its own \
         with XDG_DATA_HOME",
        dir.display(),
        holder.map_or_else(|| "its lock is held".to_string(), |pid| format!("process {pid}"))
    )]
    Busy {
        /// The data directory.
        dir: PathBuf,
        /// The process holding it, when it said.
        holder: Option<u32>,
    },
    /// The address could not be listened on, or the runtime not started.
    #[error("serve: {doing}: {source}")]
    Io {
        /// What was being done.
        doing: String,
        /// What the system said.
        source: std::io::Error,
    },
}

/// How `hearts serve` was asked to run.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Where to listen.
    pub listen: SocketAddr,
    /// Who may come in.
    pub access: AccessChoice,
    /// The rules and the bots of each session's table.
    pub table: Setup,
    /// The bots' pace.
    pub speed: Speed,
    /// The expert's budget.
    pub think: Think,
    /// Grace period, turn clock and hints of the tables.
    pub sharing: Sharing,
    /// Tables opened at start.
    pub tables: usize,
    /// How long a person may be idle in the lobby before they are let go.
    pub lobby_idle: Duration,
    /// How long a table opened in the lobby stays open once nobody is there.
    pub close_after: Duration,
    /// Tables one person may have open at once.
    pub tables_per_person: usize,
    /// Load balancers whose connections start with a PROXY protocol v2 header.
    pub proxy_from: Vec<IpAddr>,
}

impl ServeOptions {
    /// The options the command line gives, for tables like `table`.
    pub fn of(args: &ServeArgs, table: Setup, think: Think) -> ServeOptions {
        let access = match (&args.authorized_keys, &args.password_file, args.open) {
            (Some(file), _, _) => AccessChoice::AuthorizedKeys(file.clone()),
            (_, Some(file), _) => AccessChoice::PasswordFile(file.clone()),
            (_, _, true) => AccessChoice::Open,
            _ => AccessChoice::Unchosen,
        };
        let sharing = Sharing {
            grace: Duration::from_secs(args.grace),
            turn_clock: args.turn_clock.filter(|&seconds| seconds > 0).map(Duration::from_secs),
            line_mode_clock: args.line_mode_clock,
            hints: !args.no_hints,
            pause_after: Duration::from_secs(args.pause_after),
        };
        ServeOptions {
            listen: args.listen,
            access,
            table,
            speed: args.speed,
            think,
            sharing,
            tables: args.tables as usize,
            lobby_idle: Duration::from_secs(args.lobby_idle),
            close_after: Duration::from_secs(args.close_after),
            tables_per_person: args.tables_per_person as usize,
            proxy_from: args.proxy_from.clone(),
        }
    }
}

/// What every connection shares.
struct ServerCommon {
    access: Access,
    /// What a table opened without other choices has.
    table: Setup,
    speed: Speed,
    think: Think,
    sharing: Sharing,
    /// How long a person may be idle in the lobby.
    lobby_idle: Duration,
    /// The data directory: the host key and the database.
    dir: PathBuf,
    connections: Connections,
    /// The tables.
    directory: Arc<Directory>,
    next_person: AtomicU64,
    /// Reviews being worked out now (each takes a core for a second or two).
    reviews: AtomicUsize,
    /// The live sessions, by who is in them.
    live: Registry,
    /// Wrong table codes tried, per address.
    code_tries: CodeTries,
    /// The lobby's places, by network.
    lobby: Shares,
    /// The screen cells drawn for everyone.
    screen_cells: Arc<ScreenCells>,
    /// Load balancers whose connections start with a PROXY header.
    proxy_from: Vec<IpAddr>,
}

/// Why a code brought nobody to a table.
#[derive(Debug)]
enum NotFound {
    /// No table has it.
    NoTable,
    /// Too many wrong codes came from this connection or address: it was
    /// not looked up, and the next may be tried after this wait.
    Wait(Duration),
}

impl ServerCommon {
    /// The table with this code, for `visitor`: unless they have tried
    /// too many wrong codes lately.
    fn find_table(&self, code: &str, visitor: &Visitor) -> Result<TableHandle, NotFound> {
        let now = std::time::Instant::now();
        if let Some(wait) = self.code_tries.wait(&visitor.code_tries, visitor.address, now) {
            return Err(NotFound::Wait(wait));
        }
        self.directory.get(code).ok_or_else(|| {
            self.code_tries.wrong(&visitor.code_tries, visitor.address, now);
            NotFound::NoTable
        })
    }

    /// A new person's id at the tables.
    fn person_id(&self) -> PersonId {
        PersonId(self.next_person.fetch_add(1, Ordering::SeqCst))
    }

    /// Opens the table a person asked for in the lobby, marked as opened by
    /// `opener` from the address `from`; its code.
    fn open_requested(&self, request: TableRequest, (opener, from): (String, IpAddr)) -> Result<String, OpenError> {
        let TableRequest { table, speed, settings } = request;
        let (sharing, listed) =
            (Sharing { pause_after: self.sharing.pause_after, ..settings.sharing }, settings.listed);
        let (opener, from) = (Some(opener), Some(from));
        let opening = Opening { table, speed, think: self.think, sharing, listed, opener, from };
        let length = if listed { LISTED_CODE } else { PRIVATE_CODE };
        self.directory.open(opening, None, length).map(|line| line.code)
    }

    /// The server's own table: its rules, bots and settings.
    fn default_opening(&self) -> Opening {
        let (table, speed, think, sharing) = (self.table.clone(), self.speed, self.think, self.sharing);
        Opening { table, speed, think, sharing, listed: true, opener: None, from: None }
    }

    /// A review may start: fewer run than the machine has cores.
    fn start_review(&self) -> bool {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        self.reviews
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |running| (running < cores).then_some(running + 1))
            .is_ok()
    }

    /// A review is done.
    fn end_review(&self) {
        let _ = self.reviews.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |running| running.checked_sub(1));
    }
}

/// The length of a listed table's code: anyone sees it in the lobby.
const LISTED_CODE: usize = 4;
/// The length of a private table's code: its only lock, one of 32^10
/// (2^50), against a few tries a minute (see [`limits`]).
const PRIVATE_CODE: usize = 10;

/// A table's code: `length` letters and digits that read unambiguously.
fn table_code(length: usize) -> String {
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    let mut bytes = vec![0u8; length];
    // Without the system's randomness the clock mixes well enough for a name.
    if getrandom::fill(&mut bytes).is_err() {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        bytes = nanos.to_le_bytes().iter().copied().cycle().take(length).collect();
    }
    // 256 is a multiple of the alphabet's 32 letters: each is as likely.
    bytes.iter().map(|&byte| char::from(ALPHABET[usize::from(byte) % ALPHABET.len()])).collect()
}

/// Serves until SIGINT or SIGTERM, from the user's data directory.
/// Prints the address and the host key's fingerprint, then the tables.
pub fn run(options: ServeOptions) -> Result<(), ServeError> {
    let access = Access::choose(&options.access, options.listen)?;
    let dir = crate::files::data_dir()?;
    let server = Server::start_with(access, options, dir)?;
    let mut out = std::io::stdout().lock();
    // Whoever started the server reads the port and the fingerprint here; a closed stdout is no reason to stop.
    let _ = writeln!(out, "hearts serve: listening on {}, host key {}", server.address(), server.fingerprint());
    let port = server.address().port();
    let bots = server.shared.table.players.first().map(|player| player.name()).unwrap_or_default();
    for line in tables_told(server.opened(), port, &bots) {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "play: ssh -t -p {port} NAME@HOST");
    let _ = out.flush();
    drop(out);
    server.runtime.block_on(signalled());
    server.stop();
    Ok(())
}

/// What the start tells of the tables open: each listed one with the
/// command that joins it; the private ones only counted, since a private
/// table's code is the lock its opener shares.
fn tables_told(opened: &[Opened], port: u16, bots: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for table in opened.iter().filter(|table| table.listed) {
        let taken_up = if table.taken_up { ", as it was" } else { "" };
        lines.push(format!("table {} ({}, empty seats: {bots} bots{taken_up})", table.code, table.label));
        lines.push(format!("join: ssh -t -p {port} NAME@HOST join {}", table.code));
    }
    let private = opened.iter().filter(|table| !table.listed).count();
    if private > 0 {
        let tables = crate::words::count(private, "private table", "private tables");
        lines.push(format!("and {tables}, not named here"));
    }
    lines
}

/// A server serving: listening, its tables open, until [`Server::stop`]
/// (or until dropped, which stops it the same way).
pub struct Server {
    address: SocketAddr,
    fingerprint: String,
    opened: Vec<Opened>,
    shared: Arc<ServerCommon>,
    saver: Arc<Saver>,
    /// Tells the loop taking connections to stop.
    stopping: Arc<tokio::sync::Notify>,
    /// The thread taking connections.
    accepting: Option<std::thread::JoinHandle<()>>,
    stopped: bool,
    runtime: tokio::runtime::Runtime,
    /// The data directory is this server's while it serves.
    _lock: lock::ServeLock,
}

/// A table the server opened as it started.
#[derive(Clone, Debug)]
pub struct Opened {
    /// Its code (`join CODE`).
    pub code: String,
    /// Its rules' name.
    pub label: String,
    /// Taken up as the last run left it, not new.
    pub taken_up: bool,
    /// Shown in every lobby; a private table's code is its only lock.
    pub listed: bool,
}

impl Server {
    /// Starts serving from the data directory `dir`: checks the access
    /// choice first, takes the directory (one server each), takes up the
    /// tables of the last run and opens new ones up to `options.tables`.
    ///
    /// The server runs a tokio runtime of its own: start it, stop it and
    /// drop it outside any async runtime (from a plain thread), or they
    /// panic.
    pub fn start(options: ServeOptions, dir: PathBuf) -> Result<Server, ServeError> {
        let access = Access::choose(&options.access, options.listen)?;
        Server::start_with(access, options, dir)
    }

    fn start_with(access: Access, options: ServeOptions, dir: PathBuf) -> Result<Server, ServeError> {
        crate::files::private_dir(&dir)?;
        let lock = lock::ServeLock::take(&dir)?;
        let key = host_key::load_or_make(&dir)?;
        let fingerprint = key.public_key().fingerprint(russh::keys::HashAlg::Sha256).to_string();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .map_err(|source| ServeError::Io { doing: "start".into(), source })?;
        let listen = options.listen;
        let listener = runtime
            .block_on(TcpListener::bind(listen))
            .map_err(|source| ServeError::Io { doing: format!("listen on {listen}"), source })?;
        let address = listener.local_addr().map_err(|source| ServeError::Io { doing: "listen".into(), source })?;
        let mut store = Store::open_in(&dir)?;
        let stored = store.tables()?;
        // The saver starts last: nothing after it fails before the server exists, and a server dropped stops it.
        let saver =
            Arc::new(Saver::start(store).map_err(|source| ServeError::Io { doing: "start the saver".into(), source })?);
        let bounds = Bounds {
            tables: limits::MAX_TABLES,
            per_person: options.tables_per_person,
            close_after: options.close_after,
        };
        let new = options.tables.max(1).saturating_sub(stored.len());
        let shared = Arc::new_cyclic(|this: &Weak<ServerCommon>| {
            let this = this.clone();
            // A person who leaves a table goes back to their lobby (or, brought by a forced command, away).
            let leave = Arc::new(move |screen, note| {
                if let Some(shared) = this.upgrade() {
                    handler::lobby_or_end(screen, shared, note);
                }
            });
            let directory =
                Directory::new(bounds, dir.clone(), (Arc::new(Pool::for_cores("search")), Arc::clone(&saver)), leave);
            ServerCommon {
                access,
                table: options.table,
                speed: options.speed,
                think: options.think,
                sharing: options.sharing,
                lobby_idle: options.lobby_idle,
                dir,
                connections: Connections::default(),
                directory,
                next_person: AtomicU64::new(0),
                reviews: AtomicUsize::new(0),
                live: Registry::default(),
                code_tries: CodeTries::default(),
                lobby: Shares::new(limits::LOBBY_PER_NETWORK),
                screen_cells: Arc::default(),
                proxy_from: options.proxy_from.iter().map(IpAddr::to_canonical).collect(),
            }
        });
        let stopping = Arc::new(tokio::sync::Notify::new());
        let mut server = Server {
            address,
            fingerprint,
            opened: Vec::new(),
            shared: Arc::clone(&shared),
            saver,
            stopping: Arc::clone(&stopping),
            accepting: None,
            stopped: false,
            runtime,
            _lock: lock,
        };
        // The tables of the last run first, where they were; then new ones up to the number asked for.
        for stored in stored.iter().map(Some).chain(std::iter::repeat_n(None, new)) {
            // A table that cannot open stops the start; the server, dropped, closes those already open.
            let line = shared.directory.open(shared.default_opening(), stored, LISTED_CODE).map_err(|problem| {
                ServeError::Io { doing: "open a table".into(), source: std::io::Error::other(problem) }
            })?;
            let summary = line.summary();
            let (label, listed) = (summary.label, summary.listed);
            server.opened.push(Opened { code: line.code, label, taken_up: stored.is_some(), listed });
        }
        let config = Arc::new(limits::config(key));
        let runtime = server.runtime.handle().clone();
        // A thread of its own, not a task among the sessions': a flood of them does not slow the taking of connections.
        let accepting = std::thread::Builder::new()
            .name("accept".into())
            .spawn(move || runtime.block_on(accept(&listener, &config, &shared, &stopping)))
            .map_err(|source| ServeError::Io { doing: "start taking connections".into(), source })?;
        server.accepting = Some(accepting);
        Ok(server)
    }

    /// Where it listens.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The host key's fingerprint (`SHA256:...`).
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// The tables it opened as it started, the last run's first.
    pub fn opened(&self) -> &[Opened] {
        &self.opened
    }

    /// Stops: takes no more connections, tells every table and lobby, waits
    /// for the tables to end (each hands its last state to the saver) and
    /// for the saver's last write.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if std::mem::replace(&mut self.stopped, true) {
            return;
        }
        self.stopping.notify_one();
        if let Some(accepting) = self.accepting.take() {
            let _ = accepting.join();
        }
        self.runtime.block_on(stop_sessions(&self.shared));
        self.saver.finish();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.halt();
    }
}

/// Waits for SIGINT or SIGTERM.
async fn signalled() {
    let Ok(mut terminate) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) else {
        return;
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate.recv() => {}
    }
}

/// Takes connections until told to stop.
async fn accept(
    listener: &TcpListener,
    config: &Arc<Config>,
    shared: &Arc<ServerCommon>,
    stopping: &tokio::sync::Notify,
) {
    let refusing = Arc::new(AtomicUsize::new(0));
    loop {
        let (socket, peer) = tokio::select! {
            () = stopping.notified() => return,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of descriptors or the like: wait a little rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        // An IPv4 balancer reaches a server listening on [::] as ::ffff:a.b.c.d.
        if shared.proxy_from.contains(&peer.ip().to_canonical()) {
            // A load balancer's connection: the client it names is known once its header is read.
            let (config, shared, refusing) = (Arc::clone(config), Arc::clone(shared), Arc::clone(&refusing));
            tokio::spawn(async move {
                let mut socket = socket;
                let header = tokio::time::timeout(limits::VERSION_TIME, proxy::read_header(&mut socket)).await;
                let client = match header {
                    Ok(Ok(proxy::Origin::Client(client))) => client,
                    Ok(Ok(proxy::Origin::Local)) => peer.ip(),
                    Ok(Err(_)) | Err(_) => return,
                };
                admit(socket, client, (&config, &shared, &refusing));
            });
        } else {
            admit(socket, peer.ip(), (config, shared, &refusing));
        }
    }
}

/// Takes a connection from `client`, or refuses it (told why while fewer
/// than [`limits::MAX_REFUSING`] refusals are being said).
fn admit(
    socket: tokio::net::TcpStream,
    client: IpAddr,
    (config, shared, refusing): (&Arc<Config>, &Arc<ServerCommon>, &Arc<AtomicUsize>),
) {
    let (login, heard_cut) = Login::new();
    let slot = match shared.connections.take(client, &login) {
        Ok(slot) => slot,
        Err(refusal) => {
            let taken = refusing.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |now| {
                (now < limits::MAX_REFUSING).then_some(now + 1)
            });
            // Past the budget the connection is closed unsaid.
            if taken.is_ok() {
                let refusing = Arc::clone(refusing);
                tokio::spawn(async move {
                    refuse(socket, refusal).await;
                    refusing.fetch_sub(1, Ordering::SeqCst);
                });
            }
            return;
        }
    };
    let number = shared.live.connection();
    let handler = Client::new(Arc::clone(shared), Arc::clone(&login.done), client, (number, login.cut.clone()));
    let config = Arc::clone(config);
    tokio::spawn(async move {
        let _slot = slot;
        let times = (limits::VERSION_TIME, limits::LOGIN_TIME);
        let socket = Guarded::new(socket, times, login, heard_cut);
        let Ok(session) = russh::server::run_stream(config, socket, handler).await else { return };
        let _ = session.await;
    });
}

/// Tells a client why it is refused, before any key exchange, and waits
/// a moment for it to close.
async fn refuse(mut socket: tokio::net::TcpStream, refusal: Refusal) {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let said = async {
        socket.write_all(&limits::refusal(&refusal.sentence())).await?;
        socket.shutdown().await?;
        // Closing with the client's bytes unread would reset the connection, and the sentence might be lost.
        let mut unread = [0u8; 1024];
        while socket.read(&mut unread).await? > 0 {}
        Ok::<(), std::io::Error>(())
    };
    let _ = tokio::time::timeout(limits::REFUSAL_TIME, said).await;
}

/// Tells every table and lobby the server stops, waits for the tables to
/// end (each hands its last state to the saver), and gives the people's
/// terminals a moment to be given back.
async fn stop_sessions(shared: &Arc<ServerCommon>) {
    let directory = Arc::clone(&shared.directory);
    let _ = tokio::task::spawn_blocking(move || directory.stop()).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_names_the_listed_tables_and_only_counts_the_private_ones() {
        let table =
            |code: &str, listed: bool| Opened { code: code.into(), label: "omnibus".into(), taken_up: true, listed };
        let lines =
            tables_told(&[table("7Q4K", true), table("R2MCQN8HXP", false), table("ZZ99ZZ99ZZ", false)], 2222, "normal");
        assert_eq!(
            lines,
            [
                "table 7Q4K (omnibus, empty seats: normal bots, as it was)",
                "join: ssh -t -p 2222 NAME@HOST join 7Q4K",
                "and 2 private tables, not named here",
            ]
        );
    }
}
