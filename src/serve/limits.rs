//! What one client may cost the server: connections, login time and
//! attempts, input per second, screen size and output waiting to be read.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
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
/// Hints waiting for the server's pool, for each core, before more are
/// refused (a hint takes a core for a second or so).
pub(super) const HINTS_PER_CORE: usize = 2;
/// Tables open at once.
pub(super) const MAX_TABLES: usize = 256;

/// The SSH server's settings: the host key and the limits above.
pub(super) fn config(key: PrivateKey) -> Config {
    Config {
        // The methods a connection starts with; the handler narrows them by access.
        methods: (&[MethodKind::PublicKey, MethodKind::KeyboardInteractive, MethodKind::Password][..]).into(),
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

/// A connection's stream that fails once [`LOGIN_TIME`] has passed
/// without a login, at whatever step the client stopped (russh's own
/// disconnect waits for a key exchange that a stalled client never ends),
/// or once the server [cuts](Cut) it (a client that reads nothing never
/// lets a goodbye through).
pub(super) struct Guarded<S> {
    stream: S,
    deadline: Pin<Box<Sleep>>,
    logged_in: Arc<AtomicBool>,
    cut: Arc<Cut>,
}

impl<S> Guarded<S> {
    /// `stream`, failing after `time` unless `logged_in` is set by then,
    /// and whenever `cut` is.
    pub(super) fn new(stream: S, time: Duration, logged_in: Arc<AtomicBool>, cut: Arc<Cut>) -> Guarded<S> {
        Guarded { stream, deadline: Box::pin(tokio::time::sleep(time)), logged_in, cut }
    }

    /// An error once the time is up or the stream cut; until then, wakes
    /// the task `side` (0 reading, 1 writing) when either comes.
    fn check(&mut self, cx: &mut Context<'_>, side: usize) -> io::Result<()> {
        self.cut.check(cx, side)?;
        if !self.logged_in.load(Ordering::SeqCst) && self.deadline.as_mut().poll(cx).is_ready() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "too slow to log in"));
        }
        Ok(())
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Guarded<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        self.check(cx, 0)?;
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Guarded<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bytes: &[u8]) -> Poll<io::Result<usize>> {
        self.check(cx, 1)?;
        Pin::new(&mut self.stream).poll_write(cx, bytes)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.cut.check(cx, 1)?;
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// The server's word to end one connection's stream now, whatever state
/// the client left it in.
#[derive(Debug, Default)]
pub(super) struct Cut {
    cut: AtomicBool,
    /// The tasks waiting to read and to write, woken by the cut.
    waiting: Mutex<[Option<Waker>; 2]>,
}

impl Cut {
    /// Ends the stream: its next read or write fails, and one waiting now wakes to fail.
    pub(super) fn cut(&self) {
        self.cut.store(true, Ordering::SeqCst);
        let waiting = self.waiting.lock().map(|mut waiting| std::mem::take(&mut *waiting)).unwrap_or_default();
        waiting.into_iter().flatten().for_each(Waker::wake);
    }

    /// An error once cut; until then, the task waiting on `side` (0
    /// reading, 1 writing) is woken by the cut.
    pub(super) fn check(&self, cx: &mut Context<'_>, side: usize) -> io::Result<()> {
        let cut = || io::Error::new(io::ErrorKind::ConnectionAborted, "closed by the server");
        if self.cut.load(Ordering::SeqCst) {
            return Err(cut());
        }
        if let Ok(mut waiting) = self.waiting.lock()
            && let Some(slot) = waiting.get_mut(side)
            && !slot.as_ref().is_some_and(|waker| waker.will_wake(cx.waker()))
        {
            *slot = Some(cx.waker().clone());
        }
        // A cut between the first look and the waker being kept would otherwise wake no one.
        if self.cut.load(Ordering::SeqCst) { Err(cut()) } else { Ok(()) }
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
        let server = Guarded::new(server, Duration::from_millis(200), Arc::default(), Arc::default());
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
            let flag = Arc::new(AtomicBool::new(logged_in));
            let mut server = Guarded::new(server, Duration::from_millis(1), flag, Arc::default());
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

    #[tokio::test]
    async fn a_cut_ends_a_stream_that_waits_on_a_client_that_sends_nothing() {
        let (_client, server) = pair().await;
        let cut = Arc::new(Cut::default());
        let mut server =
            Guarded::new(server, Duration::from_secs(3600), Arc::new(AtomicBool::new(true)), Arc::clone(&cut));
        let waiting = tokio::spawn(async move {
            let mut read = [0; 1];
            server.read(&mut read).await
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiting.is_finished(), "nothing came, nothing was cut");
        cut.cut();
        let read = tokio::time::timeout(Duration::from_secs(10), waiting).await.expect("the cut woke the reader");
        assert_eq!(read.unwrap().unwrap_err().kind(), io::ErrorKind::ConnectionAborted);
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
