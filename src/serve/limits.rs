//! What one client may cost the server: connections, login time and
//! attempts, input per second, screen size and output waiting to be read.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use russh::MethodKind;
use russh::keys::PrivateKey;
use russh::server::Config;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// Connections open at once, from everywhere.
pub(super) const MAX_CONNECTIONS: usize = 512;
/// Connections open at once from one address.
pub(super) const MAX_PER_ADDRESS: usize = 8;
/// Time from the connection to a successful login.
pub(super) const LOGIN_TIME: Duration = Duration::from_secs(30);
/// Failed login attempts before the connection is closed.
const MAX_LOGIN_ATTEMPTS: usize = 5;
/// The wait after each failed attempt.
const FAILED_LOGIN_DELAY: Duration = Duration::from_secs(1);
/// A connection with no traffic at all is closed after this.
const IDLE_TIME: Duration = Duration::from_secs(3600);
/// Input bytes per second a session may send (a fast typist with a mouse
/// sends a few hundred); more is dropped.
pub(super) const INPUT_BYTES_PER_SECOND: u32 = 4096;
/// Widest screen drawn; a wider terminal gets a screen this wide.
pub(super) const MAX_COLUMNS: u16 = 320;
/// Tallest screen drawn.
pub(super) const MAX_ROWS: u16 = 120;
/// Screen bytes queued for a client that does not read before it is
/// disconnected: a few whole frames of the largest screen.
pub(super) const MAX_QUEUED_OUTPUT: usize = 4 << 20;
/// Input messages of one person waiting for their table.
pub(super) const INPUT_QUEUE: usize = 64;
/// Tables open at once.
pub(super) const MAX_TABLES: usize = 256;
/// Wrong table codes one connection may try in a row; then it waits.
const CODE_TRIES_PER_CONNECTION: f64 = 5.0;
/// Wrong table codes one address may try in a row, over all its connections.
const CODE_TRIES_PER_ADDRESS: f64 = 10.0;
/// One more try comes back this often, for a connection and an address.
const CODE_TRY_BACK: Duration = Duration::from_secs(6);
/// Addresses whose wrong codes are remembered; past this, the ones that
/// have waited longest are forgotten first.
const MAX_GUESSING_ADDRESSES: usize = 4096;

/// The SSH server's settings: the host key and the limits above.
pub(super) fn config(key: PrivateKey) -> Config {
    Config {
        methods: (&[MethodKind::None, MethodKind::Password, MethodKind::PublicKey][..]).into(),
        auth_rejection_time: FAILED_LOGIN_DELAY,
        // OpenSSH asks "none" first just to learn the methods: no wait for that.
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: MAX_LOGIN_ATTEMPTS,
        inactivity_timeout: Some(IDLE_TIME),
        keepalive_interval: Some(Duration::from_secs(60)),
        // What a client may send ahead of the server reading it.
        window_size: 64 * 1024,
        keys: vec![key],
        nodelay: true,
        ..Config::default()
    }
}

/// A screen size as drawn: what the client claims, within the bounds.
pub(super) fn clamp_size(columns: u32, rows: u32) -> (u16, u16) {
    let clamp = |value: u32, max: u16| u16::try_from(value).unwrap_or(max).clamp(1, max);
    (clamp(columns, MAX_COLUMNS), clamp(rows, MAX_ROWS))
}

/// Open connections, in all and per address.
#[derive(Debug, Default)]
pub(super) struct Connections {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Connections {
    /// A place for one more connection from `address`, or `None` when the
    /// server or that address is full.
    pub(super) fn take(&self, address: IpAddr) -> Option<Slot> {
        let mut open = self.open.lock().ok()?;
        let total: usize = open.values().sum();
        let here = open.get(&address).copied().unwrap_or(0);
        if total >= MAX_CONNECTIONS || here >= MAX_PER_ADDRESS {
            return None;
        }
        open.insert(address, here + 1);
        Some(Slot { open: Arc::clone(&self.open), address })
    }
}

/// One connection's place; given back when dropped.
#[derive(Debug)]
pub(super) struct Slot {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
    address: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Ok(mut open) = self.open.lock()
            && let Some(count) = open.get_mut(&self.address)
        {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// Input bytes a session may still send: a bucket refilled at
/// [`INPUT_BYTES_PER_SECOND`], holding at most one second's worth.
#[derive(Debug)]
pub(super) struct InputBudget {
    left: f64,
    since: Instant,
}

impl InputBudget {
    /// A full bucket.
    pub(super) fn new(now: Instant) -> InputBudget {
        InputBudget { left: f64::from(INPUT_BYTES_PER_SECOND), since: now }
    }

    /// How many of `wanted` bytes may pass now.
    pub(super) fn allow(&mut self, wanted: usize, now: Instant) -> usize {
        let rate = f64::from(INPUT_BYTES_PER_SECOND);
        let refill = now.saturating_duration_since(self.since).as_secs_f64() * rate;
        self.left = (self.left + refill).min(rate);
        self.since = now;
        let allowed = (wanted as f64).min(self.left.floor());
        self.left -= allowed;
        allowed as usize
    }
}

/// Tries left: a bucket of at most `most`, one back every [`CODE_TRY_BACK`].
#[derive(Debug)]
pub(super) struct Tries {
    left: f64,
    most: f64,
    since: Instant,
}

impl Tries {
    fn new(most: f64, now: Instant) -> Tries {
        Tries { left: most, most, since: now }
    }

    /// A connection's tries at table codes, all left.
    pub(super) fn for_connection(now: Instant) -> Tries {
        Tries::new(CODE_TRIES_PER_CONNECTION, now)
    }

    fn refill(&mut self, now: Instant) {
        let back = now.saturating_duration_since(self.since).as_secs_f64() / CODE_TRY_BACK.as_secs_f64();
        self.left = (self.left + back).min(self.most);
        self.since = now;
    }

    /// Nothing when a try is left, else the wait until there is one.
    fn wait(&mut self, now: Instant) -> Option<Duration> {
        self.refill(now);
        (self.left < 1.0).then(|| CODE_TRY_BACK.mul_f64(1.0 - self.left))
    }

    fn spend(&mut self, now: Instant) {
        self.refill(now);
        self.left = (self.left - 1.0).max(0.0);
    }
}

/// The wrong table codes tried, so that a private table's code cannot be
/// guessed by trying them all: each connection and each address may try
/// a few in a row, then one every [`CODE_TRY_BACK`]. A right code costs
/// nothing, but is not even looked up while its connection must wait.
#[derive(Debug, Default)]
pub(super) struct CodeTries {
    by_address: Mutex<HashMap<IpAddr, Tries>>,
}

impl CodeTries {
    /// Nothing when `connection`, from `address`, may try a code now; else
    /// how long it must wait.
    pub(super) fn wait(&self, connection: &Mutex<Tries>, address: IpAddr, now: Instant) -> Option<Duration> {
        let own = connection.lock().map_or(Some(CODE_TRY_BACK), |mut tries| tries.wait(now));
        let shared = self
            .by_address
            .lock()
            .map_or(Some(CODE_TRY_BACK), |mut addresses| addresses.get_mut(&address).and_then(|tries| tries.wait(now)));
        own.max(shared)
    }

    /// A code tried from `connection` at `address` named no table.
    pub(super) fn wrong(&self, connection: &Mutex<Tries>, address: IpAddr, now: Instant) {
        if let Ok(mut tries) = connection.lock() {
            tries.spend(now);
        }
        let Ok(mut addresses) = self.by_address.lock() else { return };
        if addresses.len() >= MAX_GUESSING_ADDRESSES && !addresses.contains_key(&address) {
            // Full buckets tell nothing; then the address that tried longest ago goes.
            addresses.retain(|_, tries| {
                tries.refill(now);
                tries.left < tries.most
            });
            let oldest = addresses.iter().min_by_key(|(_, tries)| tries.since).map(|(&oldest, _)| oldest);
            if let Some(oldest) = oldest.filter(|_| addresses.len() >= MAX_GUESSING_ADDRESSES) {
                addresses.remove(&oldest);
            }
        }
        addresses.entry(address).or_insert_with(|| Tries::new(CODE_TRIES_PER_ADDRESS, now)).spend(now);
    }
}

/// A connection's stream that fails once [`LOGIN_TIME`] has passed
/// without a login, at whatever step the client stopped: russh's own
/// disconnect waits for a key exchange that a stalled client never ends.
pub(super) struct LoginDeadline<S> {
    stream: S,
    deadline: Pin<Box<Sleep>>,
    logged_in: Arc<AtomicBool>,
}

impl<S> LoginDeadline<S> {
    /// `stream`, failing after `time` unless `logged_in` is set by then.
    pub(super) fn new(stream: S, time: Duration, logged_in: Arc<AtomicBool>) -> LoginDeadline<S> {
        LoginDeadline { stream, deadline: Box::pin(tokio::time::sleep(time)), logged_in }
    }

    /// An error once the time is up; until then, wakes the task when it is.
    fn check(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        if !self.logged_in.load(Ordering::SeqCst) && self.deadline.as_mut().poll(cx).is_ready() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "too slow to log in"));
        }
        Ok(())
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for LoginDeadline<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        self.check(cx)?;
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for LoginDeadline<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bytes: &[u8]) -> Poll<io::Result<usize>> {
        self.check(cx)?;
        Pin::new(&mut self.stream).poll_write(cx, bytes)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// A person's newest screen size on its way to their table: however
/// many window changes a client sends, one message at a time waits in the
/// table's queue, and the table takes the newest size when it reads it.
#[derive(Debug, Default)]
pub(super) struct NewestSize(Mutex<Option<(u16, u16)>>);

impl NewestSize {
    /// Keeps `columns` x `rows` as the newest; true when none was waiting,
    /// so the table is to be told.
    pub(super) fn set(&self, columns: u16, rows: u16) -> bool {
        let Ok(mut newest) = self.0.lock() else { return false };
        newest.replace((columns, rows)).is_none()
    }

    /// The newest size, if one waits; the next one set tells the table again.
    pub(super) fn take(&self) -> Option<(u16, u16)> {
        self.0.lock().ok()?.take()
    }
}

#[cfg(test)]
mod tests {
    use russh::keys::ssh_key::private::Ed25519Keypair;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};

    use super::*;

    /// A server that lets nobody in: enough to hold a handshake.
    struct Nobody;

    impl russh::server::Handler for Nobody {
        type Error = russh::Error;
    }

    fn server_config() -> Arc<Config> {
        Arc::new(config(PrivateKey::from(Ed25519Keypair::from_seed(&[7; 32]))))
    }

    /// Both ends of a TCP connection on loopback.
    async fn pair() -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).await.unwrap();
        (client, listener.accept().await.unwrap().0)
    }

    /// Reads until the other end closes (or resets) the connection.
    async fn closed(stream: &mut TcpStream) -> bool {
        let mut buffer = [0; 4096];
        let reading = async { while stream.read(&mut buffer).await.is_ok_and(|n| n > 0) {} };
        tokio::time::timeout(Duration::from_secs(30), reading).await.is_ok()
    }

    #[tokio::test]
    async fn a_handshake_stalled_after_the_version_line_is_closed_at_the_login_deadline() {
        let (mut client, server) = pair().await;
        // The idle limit is an hour, so only the deadline can close it.
        let server = LoginDeadline::new(server, Duration::from_millis(200), Arc::default());
        let serving =
            tokio::spawn(async move { russh::server::run_stream(server_config(), server, Nobody).await?.await });
        client.write_all(b"SSH-2.0-stalled\r\n").await.unwrap();
        assert!(closed(&mut client).await, "the stalled handshake is still open");
        assert!(serving.await.unwrap().is_err(), "the session ended as if it were done");
    }

    #[tokio::test]
    async fn the_deadline_cuts_a_connection_not_logged_in_and_spares_one_that_is() {
        for logged_in in [false, true] {
            let (mut client, server) = pair().await;
            let mut server = LoginDeadline::new(server, Duration::from_millis(1), Arc::new(AtomicBool::new(logged_in)));
            // Past the deadline: this sleep ends after the connection's.
            tokio::time::sleep(Duration::from_millis(20)).await;
            client.write_all(b"hello").await.unwrap();
            let mut read = [0; 5];
            let reading = server.read_exact(&mut read).await;
            let writing = server.write_all(b"again").await;
            if logged_in {
                assert_eq!((reading.unwrap(), &read, writing.unwrap()), (5, b"hello", ()));
            } else {
                assert_eq!(reading.unwrap_err().kind(), io::ErrorKind::TimedOut);
                assert_eq!(writing.unwrap_err().kind(), io::ErrorKind::TimedOut);
            }
        }
    }

    #[test]
    fn a_flood_of_sizes_tells_the_table_once_and_it_takes_the_newest() {
        let newest = NewestSize::default();
        let told = (1..=1000).filter(|&columns| newest.set(columns, 24)).count();
        assert_eq!(told, 1);
        assert_eq!(newest.take(), Some((1000, 24)));
        assert_eq!(newest.take(), None);
        assert!(newest.set(80, 24), "a size after the table took the last one tells it again");
    }

    #[test]
    fn a_huge_window_is_clamped_and_an_empty_one_is_one_cell() {
        assert_eq!(clamp_size(65535, 65535), (MAX_COLUMNS, MAX_ROWS));
        assert_eq!(clamp_size(u32::MAX, 24), (MAX_COLUMNS, 24));
        assert_eq!(clamp_size(0, 0), (1, 1));
        assert_eq!(clamp_size(80, 24), (80, 24));
    }

    #[test]
    fn connections_are_bounded_per_address_and_given_back() {
        let connections = Connections::default();
        let here: IpAddr = "10.0.0.1".parse().unwrap();
        let slots: Vec<_> = (0..MAX_PER_ADDRESS).map(|_| connections.take(here).unwrap()).collect();
        assert!(connections.take(here).is_none());
        assert!(connections.take("10.0.0.2".parse().unwrap()).is_some());
        drop(slots);
        assert!(connections.take(here).is_some());
    }

    #[test]
    fn wrong_codes_are_tried_a_few_in_a_row_then_one_at_a_time_per_connection_and_per_address() {
        let start = Instant::now();
        let tries = CodeTries::default();
        let here: IpAddr = "10.0.0.1".parse().unwrap();
        let guess_until_told_to_wait = |connection: &Mutex<Tries>, now: Instant| {
            let mut wrong = 0;
            while tries.wait(connection, here, now).is_none() {
                tries.wrong(connection, here, now);
                wrong += 1;
            }
            wrong
        };
        let first = Mutex::new(Tries::for_connection(start));
        assert_eq!(guess_until_told_to_wait(&first, start), CODE_TRIES_PER_CONNECTION as usize);
        assert_eq!(tries.wait(&first, here, start), Some(CODE_TRY_BACK));
        // A new connection from the same address has the address's tries left, not more.
        let second = Mutex::new(Tries::for_connection(start));
        let left = (CODE_TRIES_PER_ADDRESS - CODE_TRIES_PER_CONNECTION) as usize;
        assert_eq!(guess_until_told_to_wait(&second, start), left);
        let third = Mutex::new(Tries::for_connection(start));
        assert!(tries.wait(&third, here, start).is_some(), "the address must wait");
        assert!(tries.wait(&third, "10.0.0.2".parse().unwrap(), start).is_none(), "another address need not");
        // Time gives one try back.
        assert_eq!(guess_until_told_to_wait(&third, start + CODE_TRY_BACK), 1);
    }

    #[test]
    fn the_addresses_remembered_are_bounded() {
        let start = Instant::now();
        let tries = CodeTries::default();
        let connection = Mutex::new(Tries::for_connection(start));
        for n in 0..(MAX_GUESSING_ADDRESSES as u32 + 100) {
            tries.wrong(&connection, IpAddr::from(n.to_be_bytes()), start + Duration::from_millis(n.into()));
        }
        assert!(tries.by_address.lock().unwrap().len() <= MAX_GUESSING_ADDRESSES);
    }

    #[test]
    fn input_beyond_the_rate_is_dropped_until_time_refills_it() {
        let start = Instant::now();
        let mut budget = InputBudget::new(start);
        let rate = INPUT_BYTES_PER_SECOND as usize;
        assert_eq!(budget.allow(rate + 100, start), rate);
        assert_eq!(budget.allow(10, start), 0);
        assert_eq!(budget.allow(rate, start + Duration::from_millis(500)), rate / 2);
        assert_eq!(budget.allow(rate * 10, start + Duration::from_secs(60)), rate);
    }
}
