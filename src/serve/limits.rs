//! What one client may cost the server: connections, logins under way and
//! their time and attempts, refusals, input per second, screen size,
//! output waiting to be read, and tries at table codes. Every budget is
//! stated here, in one list; here too the connections and the shares a
//! network may hold. The budgets refilled by time are in `budget`, the
//! screens' cells in `cells`, a connection's guarded stream in `stream`.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::MethodKind;
use russh::keys::PrivateKey;
use russh::server::Config;
use tokio::sync::oneshot;

mod budget;
mod cells;
mod stream;

use budget::tries_of;
pub(super) use budget::{CodeTries, InputBudget, Tries};
pub(super) use cells::{Cells, ScreenCells};
pub(super) use stream::{Cut, Guarded};

/// Connections open at once, from everywhere.
pub(super) const MAX_CONNECTIONS: usize = 1024;
/// Connections open at once from one address ([`host`]).
pub(super) const MAX_PER_ADDRESS: usize = 8;
/// Connections open at once from one network ([`network`]): a sixteenth
/// of the server, so that one stranger's network cannot fill it.
pub(super) const MAX_PER_NETWORK: usize = 64;
/// Connections logging in at once, from everywhere (logged in ones do not count).
pub(super) const MAX_LOGINS: usize = 128;
/// Connections logging in at once from one address.
pub(super) const MAX_LOGINS_PER_ADDRESS: usize = 4;
/// Connections logging in at once from one network: however chatty, a
/// flood from one network holds an eighth of the logins, and pushes out
/// its own before anyone else's.
pub(super) const MAX_LOGINS_PER_NETWORK: usize = 16;
/// Connections one network may open in a row; then one more every
/// [`CONNECTION_BACK`]. Each costs the server a key exchange, so a
/// network that connects again and again (refused by some other bound
/// each time, or let in and out) would take the server's core.
const CONNECTIONS_IN_A_ROW: f64 = 32.0;
/// One more connection for a network comes back this often (two a second).
const CONNECTION_BACK: Duration = Duration::from_millis(500);
/// Networks whose recent connections are remembered; past this, those
/// whose buckets are full are forgotten, then one of the rest.
const MAX_CONNECTING_NETWORKS: usize = 4096;
/// People in the lobby at once from one network, idle or not (a lobby
/// screen is the costliest thing a connection holds for nothing).
pub(super) const LOBBY_PER_NETWORK: usize = 16;
/// Refusals being said at once; past this, a refused connection is just
/// closed, so that refusing is no work for a flood.
pub(super) const MAX_REFUSING: usize = 16;
/// The time a refusal waits for its client to close.
pub(super) const REFUSAL_TIME: Duration = Duration::from_secs(2);
/// Time from the connection to a successful login.
pub(super) const LOGIN_TIME: Duration = Duration::from_secs(30);
/// Time from the connection to the client's version line (a client sends
/// it at once; a slow handshake would hold a place for nothing).
pub(super) const VERSION_TIME: Duration = Duration::from_secs(5);
/// Failed login attempts before the connection is closed.
const MAX_LOGIN_ATTEMPTS: usize = 5;
/// The wait after each failed attempt.
const FAILED_LOGIN_DELAY: Duration = Duration::from_secs(1);
/// A connection with no traffic at all is closed after this.
const IDLE_TIME: Duration = Duration::from_secs(3600);
/// A client silent this long is asked whether it is there (an SSH
/// keepalive, which every client answers by itself).
const KEEPALIVE_EVERY: Duration = Duration::from_secs(10);
/// Keepalives unanswered before the connection counts as dropped: a frozen
/// client (a laptop shut, a network gone) is let go within about 30 s, and
/// its seat's grace starts then.
const KEEPALIVES_UNANSWERED: usize = 2;
/// Input bytes per second a session may send (a fast typist with a mouse
/// sends a few hundred); more is dropped.
pub(super) const INPUT_BYTES_PER_SECOND: u32 = 4096;
/// Widest screen drawn; a wider terminal gets a screen this wide.
pub(super) const MAX_COLUMNS: u16 = 320;
/// Tallest screen drawn.
pub(super) const MAX_ROWS: u16 = 120;
/// Screen cells drawn at once for everyone: a cell costs the server about
/// 100 bytes (the frame shown and the one drawn), so screens hold at most
/// about 420 MB. Every screen may have 80x24 ([`FLOOR_CELLS`]) whatever
/// the others hold (1,024 of them are a half of this); a screen gets
/// its own larger size while the cells are there, else 80x24.
pub(super) const SCREEN_CELLS: usize = 4 * 1024 * 1024;
/// The screen everyone gets, whatever others hold.
const FLOOR_CELLS: usize = 80 * 24;
/// Screen bytes waiting for a client's writer past which the client is
/// behind: its next frame is drawn whole and replaces them. (A writer not
/// yet scheduled has a frame or two waiting; a whole 320x120 frame is
/// about 16 KB, an 80x24 one 3 KB.)
pub(super) const BEHIND: usize = 32 * 1024;
/// A screen's bytes go to SSH in pieces this big, so that what SSH holds
/// for a client that does not read is a few pieces ([`SSH_QUEUE`]).
pub(super) const WRITE_PIECE: usize = 8 * 1024;
/// Messages a connection's SSH session holds for it, screens included.
const SSH_QUEUE: usize = 8;
/// A client that takes none of its screen for this long is cut off.
pub(super) const STALLED_OUTPUT: Duration = Duration::from_secs(30);
/// Input messages of one person waiting for their table.
pub(super) const INPUT_QUEUE: usize = 64;
/// Hints waiting for the server's pool, for each core, before more are
/// refused (a hint takes a core for a second or so).
pub(super) const HINTS_PER_CORE: usize = 2;
/// Tables open at once.
pub(super) const MAX_TABLES: usize = 256;
/// People watching one table at once: each change at a table is drawn for
/// everyone there on the table's one thread, so a crowd of watchers would
/// slow the game for its players.
pub(super) const WATCHERS_PER_TABLE: usize = 32;
/// Tables opened from one network ([`network`]) open at once: names are
/// free on an open server, so the bound per person alone would not hold.
pub(super) const TABLES_PER_NETWORK: usize = 8;
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
        // The methods a connection starts with; the handler narrows them by access.
        methods: (&[MethodKind::PublicKey, MethodKind::KeyboardInteractive, MethodKind::Password][..]).into(),
        auth_rejection_time: FAILED_LOGIN_DELAY,
        // OpenSSH asks "none" first just to learn the methods: no wait for that.
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: MAX_LOGIN_ATTEMPTS,
        inactivity_timeout: Some(IDLE_TIME),
        keepalive_interval: Some(KEEPALIVE_EVERY),
        keepalive_max: KEEPALIVES_UNANSWERED,
        // What a client may send ahead of the server reading it.
        window_size: 64 * 1024,
        keys: vec![key],
        nodelay: true,
        channel_buffer_size: SSH_QUEUE,
        ..Config::default()
    }
}

/// A screen size as drawn: what the client claims, within the bounds.
pub(super) fn clamp_size(columns: u32, rows: u32) -> (u16, u16) {
    let clamp = |value: u32, max: u16| u16::try_from(value).unwrap_or(max).clamp(1, max);
    (clamp(columns, MAX_COLUMNS), clamp(rows, MAX_ROWS))
}

/// Why a connection was not taken; the person is told in one sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// [`MAX_CONNECTIONS`] are open.
    ServerFull,
    /// [`MAX_PER_ADDRESS`] are open from the client's address.
    AddressFull,
    /// [`MAX_PER_NETWORK`] are open from the client's network.
    NetworkFull,
    /// [`MAX_LOGINS_PER_ADDRESS`] are logging in from the client's address.
    LoginsFromAddress,
    /// [`MAX_LOGINS_PER_NETWORK`] are logging in from the client's network.
    LoginsFromNetwork,
    /// The client's network has connected [`CONNECTIONS_IN_A_ROW`] times lately.
    NetworkTooFast,
}

impl Refusal {
    /// What the person is told.
    pub(super) fn sentence(self) -> String {
        match self {
            Refusal::ServerFull => {
                format!("hearts: the server is full ({MAX_CONNECTIONS} connections); try again in a few minutes")
            }
            Refusal::AddressFull => format!(
                "hearts: your address has {MAX_PER_ADDRESS} connections here, the most it may; close one and try again"
            ),
            Refusal::NetworkFull => {
                format!("hearts: your network has {MAX_PER_NETWORK} connections here, the most it may; try again later")
            }
            Refusal::LoginsFromAddress => {
                "hearts: too many logins at once from your address; try again in a moment".to_string()
            }
            Refusal::LoginsFromNetwork => {
                "hearts: too many logins at once from your network; try again in a moment".to_string()
            }
            Refusal::NetworkTooFast => {
                "hearts: too many connections from your network lately; try again in a few seconds".to_string()
            }
        }
    }
}

/// Open connections, in all and per address, and those still logging in.
#[derive(Debug, Default)]
pub(super) struct Connections {
    open: Arc<Mutex<Open>>,
}

/// The open connections, oldest first, and each network's recent ones.
#[derive(Debug, Default)]
struct Open {
    entries: Vec<Entry>,
    next: u64,
    /// Connections each network may still open in a row.
    arrivals: HashMap<IpAddr, Tries>,
}

#[derive(Debug)]
struct Entry {
    id: u64,
    /// The client's address, as [`host`] counts it.
    host: IpAddr,
    /// The client's network, as [`network`] counts it.
    network: IpAddr,
    login: Login,
}

/// A connection's login as the server follows it: whether it is done,
/// when the client last sent anything, and the way to cut it off.
#[derive(Clone, Debug)]
pub(super) struct Login {
    /// Set once the client has logged in.
    pub(super) done: Arc<AtomicBool>,
    /// When the client last sent a byte, while it logs in.
    heard: Arc<Mutex<Instant>>,
    /// Bytes the client has sent while it logs in.
    said: Arc<AtomicUsize>,
    /// Cuts the connection.
    pub(super) cut: Cut,
}

/// The longest version line a client may send (RFC 4253, 4.2): a client
/// that has sent more has begun the key exchange.
const VERSION_LINE: usize = 255;

impl Login {
    /// A login starting now, and what its stream hears a cut by.
    pub(super) fn new() -> (Login, oneshot::Receiver<()>) {
        let (cut, heard_cut) = Cut::new();
        let login =
            Login { done: Arc::default(), heard: Arc::new(Mutex::new(Instant::now())), said: Arc::default(), cut };
        (login, heard_cut)
    }

    fn under_way(&self) -> bool {
        !self.done.load(Ordering::SeqCst)
    }

    /// How long the client has said nothing.
    fn silent(&self, now: Instant) -> Duration {
        self.heard.lock().map_or(Duration::ZERO, |heard| now.saturating_duration_since(*heard))
    }

    /// The client sent `bytes` just now.
    fn heard(&self, bytes: usize) {
        self.said.fetch_add(bytes, Ordering::SeqCst);
        if let Ok(mut heard) = self.heard.lock() {
            *heard = Instant::now();
        }
    }

    /// Whether the client has sent more than a version line: a real client
    /// is then in the key exchange, waiting on the server as much as not.
    fn begun(&self) -> bool {
        self.said.load(Ordering::SeqCst) > VERSION_LINE
    }
}

/// The address a client is counted by: an IPv6 address's /64 (one
/// machine or household has a whole one), else the address itself.
pub(super) fn host(address: IpAddr) -> IpAddr {
    prefix(address, 64, 32)
}

/// The network a client is counted in, for the shares no one network may
/// exceed: an IPv4 /24 and an IPv6 /48. A /48 is the most a registry
/// hands one site, so one stranger may hold a whole one (and every /56
/// of it); a /24 is the smallest block routed on the internet.
pub(super) fn network(address: IpAddr) -> IpAddr {
    prefix(address, 48, 24)
}

/// `address` with only its first `v6` or `v4` bits (an IPv4 address
/// mapped into IPv6 counts as IPv4).
fn prefix(address: IpAddr, v6: u32, v4: u32) -> IpAddr {
    let v4_of = |v4_address: std::net::Ipv4Addr| {
        IpAddr::V4((u32::from(v4_address) & !(u32::MAX.checked_shr(v4).unwrap_or(0))).into())
    };
    match address {
        IpAddr::V6(v6_address) => match v6_address.to_ipv4_mapped() {
            Some(mapped) => v4_of(mapped),
            None => IpAddr::V6((u128::from(v6_address) & !(u128::MAX.checked_shr(v6).unwrap_or(0))).into()),
        },
        IpAddr::V4(v4_address) => v4_of(v4_address),
    }
}

impl Connections {
    /// A place for one more connection from `address`, following `login`;
    /// refused when the server, the address or its network is full, or
    /// the address or network has too many logins under way. When too
    /// many are under way in all, one is cut for this one, as OpenSSH's
    /// MaxStartups drops some: of the network with the most, the one
    /// silent longest. A flood pushes out its own, however chatty, never
    /// the busy login of a person from a network with fewer.
    pub(super) fn take(&self, address: IpAddr, login: &Login) -> Result<Slot, Refusal> {
        self.take_at(address, login, Instant::now())
    }

    /// [`Connections::take`] at the time `now`.
    fn take_at(&self, address: IpAddr, login: &Login, now: Instant) -> Result<Slot, Refusal> {
        let (host, network) = (host(address), network(address));
        let Ok(mut open) = self.open.lock() else { return Err(Refusal::ServerFull) };
        if open.entries.len() >= MAX_CONNECTIONS {
            return Err(Refusal::ServerFull);
        }
        let here = || open.entries.iter().filter(|entry| entry.host == host);
        let near = || open.entries.iter().filter(|entry| entry.network == network);
        if here().count() >= MAX_PER_ADDRESS {
            return Err(Refusal::AddressFull);
        }
        if near().count() >= MAX_PER_NETWORK {
            return Err(Refusal::NetworkFull);
        }
        if here().filter(|entry| entry.login.under_way()).count() >= MAX_LOGINS_PER_ADDRESS {
            return Err(Refusal::LoginsFromAddress);
        }
        if near().filter(|entry| entry.login.under_way()).count() >= MAX_LOGINS_PER_NETWORK {
            return Err(Refusal::LoginsFromNetwork);
        }
        if !open.arrive(network, now) {
            return Err(Refusal::NetworkTooFast);
        }
        if open.entries.iter().filter(|entry| entry.login.under_way()).count() >= MAX_LOGINS {
            open.push_out(now);
        }
        let id = open.next;
        open.next += 1;
        open.entries.push(Entry { id, host, network, login: login.clone() });
        Ok(Slot { open: Arc::clone(&self.open), id })
    }
}

impl Open {
    /// Whether `network` may open one more connection now; if so, it is counted.
    fn arrive(&mut self, network: IpAddr, now: Instant) -> bool {
        let fresh = || Tries::new(CONNECTIONS_IN_A_ROW, CONNECTION_BACK, now);
        let tries = tries_of(&mut self.arrivals, network, (MAX_CONNECTING_NETWORKS, fresh), now);
        if tries.wait(now).is_some() {
            return false;
        }
        tries.spend(now);
        true
    }

    /// Cuts a login under way: of the network with the most, and of its
    /// address with the most, one that has not begun the key exchange (a
    /// slow handshake's version line and no more) before one that has,
    /// then the one silent longest.
    fn push_out(&mut self, now: Instant) {
        let (mut networks, mut hosts) = (HashMap::<IpAddr, usize>::new(), HashMap::<IpAddr, usize>::new());
        for entry in self.entries.iter().filter(|entry| entry.login.under_way()) {
            *networks.entry(entry.network).or_default() += 1;
            *hosts.entry(entry.host).or_default() += 1;
        }
        let victim = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, entry)| entry.login.under_way())
            .max_by_key(|&(index, entry)| {
                let login = &entry.login;
                let (near, here) = (networks.get(&entry.network), hosts.get(&entry.host));
                (near, here, !login.begun(), login.silent(now), std::cmp::Reverse(index))
            })
            .map(|(index, _)| index);
        if let Some(index) = victim {
            self.entries.remove(index).login.cut.cut();
        }
    }
}

/// One connection's place; given back when dropped.
#[derive(Debug)]
pub(super) struct Slot {
    open: Arc<Mutex<Open>>,
    id: u64,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Ok(mut open) = self.open.lock() {
            open.entries.retain(|entry| entry.id != self.id);
        }
    }
}

/// The bytes that refuse a connection with `sentence` before any key
/// exchange: the server's version line and an SSH disconnect message in
/// the clear (RFC 4253, 11.1), which OpenSSH shows as "Received disconnect
/// from HOST port PORT:12: SENTENCE". It costs no cryptography.
pub(super) fn refusal(sentence: &str) -> Vec<u8> {
    /// SSH_MSG_DISCONNECT, and its reason SSH_DISCONNECT_TOO_MANY_CONNECTIONS.
    const DISCONNECT: u8 = 1;
    const TOO_MANY_CONNECTIONS: u32 = 12;
    let text = sentence.as_bytes();
    let mut payload = vec![DISCONNECT];
    payload.extend(TOO_MANY_CONNECTIONS.to_be_bytes());
    payload.extend(u32::try_from(text.len()).unwrap_or(0).to_be_bytes());
    payload.extend(text);
    // The language tag: none.
    payload.extend(0u32.to_be_bytes());
    // A packet is a multiple of 8 bytes long with at least 4 of padding.
    let padding = 4 + (8 - (4 + 1 + payload.len() + 4) % 8) % 8;
    let length = u32::try_from(1 + payload.len() + padding).unwrap_or(0);
    let mut bytes = b"SSH-2.0-hearts\r\n".to_vec();
    bytes.extend(length.to_be_bytes());
    bytes.push(padding as u8);
    bytes.extend(payload);
    bytes.extend(std::iter::repeat_n(0, padding));
    bytes
}

/// Places in something shared (the lobby) that each network ([`network`])
/// may hold at most `most` of at once.
#[derive(Debug)]
pub(super) struct Shares {
    most: usize,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Shares {
    /// No places held; each network may hold `most`.
    pub(super) fn new(most: usize) -> Shares {
        Shares { most, held: Arc::default() }
    }

    /// A place for a client at `address`, unless its network holds all its own.
    pub(super) fn take(&self, address: IpAddr) -> Option<Share> {
        let network = network(address);
        let mut held = self.held.lock().ok()?;
        let count = held.entry(network).or_default();
        (*count < self.most).then(|| {
            *count += 1;
            Share { held: Arc::clone(&self.held), network }
        })
    }
}

/// One place of [`Shares`]; given back when dropped.
#[derive(Debug)]
pub(super) struct Share {
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
    network: IpAddr,
}

impl Drop for Share {
    fn drop(&mut self) {
        let Ok(mut held) = self.held.lock() else { return };
        if let Some(count) = held.get_mut(&self.network) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                held.remove(&self.network);
            }
        }
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
    use super::*;

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

    /// A place from `address`, with its login.
    fn place(connections: &Connections, address: &str) -> (Result<Slot, Refusal>, Login) {
        let (login, _) = Login::new();
        (connections.take(address.parse().unwrap(), &login), login)
    }

    fn cut_off(login: &Login) -> bool {
        login.cut.0.lock().unwrap().is_none()
    }

    #[test]
    fn connections_are_bounded_per_address_and_given_back() {
        let connections = Connections::default();
        let mut slots = Vec::new();
        for _ in 0..MAX_PER_ADDRESS {
            let (slot, login) = place(&connections, "10.0.0.1");
            login.done.store(true, Ordering::SeqCst);
            slots.push(slot.unwrap());
        }
        assert_eq!(place(&connections, "10.0.0.1").0.unwrap_err(), Refusal::AddressFull);
        assert!(place(&connections, "10.0.0.2").0.is_ok());
        drop(slots);
        assert!(place(&connections, "10.0.0.1").0.is_ok());
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_64() {
        let connections = Connections::default();
        let held: Vec<_> =
            (0..MAX_LOGINS_PER_ADDRESS).map(|n| place(&connections, &format!("2001:db8::{n}"))).collect();
        assert!(held.iter().all(|(slot, _)| slot.is_ok()));
        assert_eq!(place(&connections, "2001:db8::ff:1").0.unwrap_err(), Refusal::LoginsFromAddress);
        assert!(place(&connections, "2001:db8:0:1::1").0.is_ok(), "another /64 has places of its own");
        assert_eq!(host("::ffff:10.0.0.1".parse().unwrap()), "10.0.0.1".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn a_network_is_an_ipv4_24_or_an_ipv6_48() {
        let network_of = |address: &str| network(address.parse().unwrap()).to_string();
        assert_eq!(network_of("203.0.113.77"), "203.0.113.0");
        assert_eq!(network_of("::ffff:203.0.113.77"), "203.0.113.0");
        assert_eq!(network_of("2001:db8:aa:bb:cc::1"), "2001:db8:aa::");
        assert_eq!(host("2001:db8:aa:bb:cc::1".parse().unwrap()).to_string(), "2001:db8:aa:bb::");
    }

    #[test]
    fn one_network_holds_its_share_of_connections_and_no_more() {
        let connections = Connections::default();
        let mut slots = Vec::new();
        let start = Instant::now();
        // One a second: slower than a network may connect in a row.
        let at = |n: usize| start + Duration::from_secs(n as u64);
        for n in 0..MAX_PER_NETWORK {
            let (login, _) = Login::new();
            login.done.store(true, Ordering::SeqCst);
            slots.push(connections.take_at(format!("2001:db8:7:{n:x}::1").parse().unwrap(), &login, at(n)).unwrap());
        }
        let (login, _) = Login::new();
        let refused = connections.take_at("2001:db8:7:ffff::1".parse().unwrap(), &login, at(MAX_PER_NETWORK));
        assert_eq!(refused.unwrap_err(), Refusal::NetworkFull);
        assert!(place(&connections, "2001:db8:8::1").0.is_ok(), "the next /48 has its own share");
    }

    #[test]
    fn a_network_connects_32_times_in_a_row_then_twice_a_second() {
        let connections = Connections::default();
        let start = Instant::now();
        // Each connection closes at once (its slot dropped): only the pace counts.
        let take = |address: &str, at: Instant| {
            let (login, _) = Login::new();
            login.done.store(true, Ordering::SeqCst);
            connections.take_at(address.parse().unwrap(), &login, at).map(drop)
        };
        for n in 0..32 {
            assert!(take(&format!("198.51.100.{}", n % 4), start).is_ok(), "connection {n}");
        }
        assert_eq!(take("198.51.100.9", start), Err(Refusal::NetworkTooFast));
        assert!(take("198.51.101.9", start).is_ok(), "another network connects as it likes");
        assert!(take("198.51.100.9", start + CONNECTION_BACK).is_ok(), "one more after half a second");
        assert_eq!(take("198.51.100.9", start + CONNECTION_BACK), Err(Refusal::NetworkTooFast));
        assert!(take("198.51.100.9", start + CONNECTION_BACK * 2).is_ok());
    }

    #[test]
    fn a_network_holds_its_share_of_the_lobby_and_gets_it_back_as_people_leave() {
        let lobby = Shares::new(LOBBY_PER_NETWORK);
        let mut here: Vec<Share> =
            (0..LOBBY_PER_NETWORK).map(|n| lobby.take(format!("198.51.100.{n}").parse().unwrap()).unwrap()).collect();
        assert!(lobby.take("198.51.100.200".parse().unwrap()).is_none(), "one network past its share");
        assert!(lobby.take("198.51.101.1".parse().unwrap()).is_some(), "another network has its own");
        here.pop();
        assert!(lobby.take("198.51.100.200".parse().unwrap()).is_some(), "a place given back is taken again");
        drop(here);
        assert!(lobby.held.lock().unwrap().len() <= 1, "networks with no one are forgotten");
    }

    #[test]
    fn a_chatty_flood_from_one_network_never_pushes_out_a_person_typing_elsewhere() {
        let connections = Connections::default();
        // The person has sent their version line and key exchange, and now types a password in silence.
        let person = place(&connections, "192.0.2.10");
        person.1.heard(21 + 1500);
        // 140 addresses of one /24, one login each, never silent, reconnecting when cut or refused.
        let mut flood = Vec::new();
        let mut refused = 0;
        for round in 0..10 {
            for n in 0..140 {
                match place(&connections, &format!("198.51.100.{n}")) {
                    (Ok(slot), login) => {
                        login.heard(21 + 32 * 1024 + round);
                        flood.push((slot, login));
                    }
                    (Err(refusal), _) => {
                        assert!(matches!(refusal, Refusal::LoginsFromNetwork | Refusal::NetworkTooFast), "{refusal:?}");
                        refused += 1;
                    }
                }
            }
        }
        let held = flood.iter().filter(|(_, login)| !cut_off(login)).count();
        assert_eq!(held, MAX_LOGINS_PER_NETWORK, "the flood holds its network's share");
        assert!(refused > 0);
        assert!(!cut_off(&person.1), "the silent person was pushed out");
        // Floods from eight such networks fill the logins; a ninth pushes out theirs, not the person's.
        let mut floods = Vec::new();
        for net in 0..9 {
            for n in 0..MAX_LOGINS_PER_NETWORK {
                let (slot, login) = place(&connections, &format!("198.18.{net}.{n}"));
                login.heard(40_000);
                floods.push((slot, login));
            }
        }
        assert!(!cut_off(&person.1), "a person from a network with one login was pushed out by floods");
    }

    #[test]
    fn logins_under_way_are_bounded_per_address_and_a_flood_pushes_out_its_own() {
        let connections = Connections::default();
        let mut held = Vec::new();
        for _ in 0..MAX_LOGINS_PER_ADDRESS {
            held.push(place(&connections, "10.0.0.1"));
        }
        assert_eq!(place(&connections, "10.0.0.1").0.unwrap_err(), Refusal::LoginsFromAddress);
        // A login that ends frees its address's place for another.
        held[0].1.done.store(true, Ordering::SeqCst);
        held.push(place(&connections, "10.0.0.1"));
        assert!(held.last().unwrap().0.is_ok());
        // A flood from many addresses, one login each, fills the server's logins.
        for n in 0..MAX_LOGINS - MAX_LOGINS_PER_ADDRESS {
            let (slot, login) = place(&connections, &format!("10.1.{n}.1"));
            held.push((Ok(slot.unwrap()), login));
        }
        // A person, and one more, each push out a login of the address with the most: 10.0.0.1's.
        let person = place(&connections, "10.2.0.1");
        assert!(person.0.is_ok(), "a person gets a place");
        assert!(place(&connections, "10.3.0.1").0.is_ok());
        let cut: Vec<usize> = (0..held.len()).filter(|&i| cut_off(&held[i].1)).collect();
        assert_eq!(cut, [1, 2], "the logins from 10.0.0.1 still under way, the oldest first");
        // Addresses with one each: the one silent longest goes, never the person who just spoke.
        std::thread::sleep(Duration::from_millis(5));
        person.1.heard(21);
        for n in 0..MAX_LOGINS {
            assert!(place(&connections, &format!("10.4.{n}.1")).0.is_ok());
            if !cut_off(&person.1) {
                person.1.heard(1);
            }
        }
        assert!(!cut_off(&person.1), "the person's busy login was pushed out");
    }

    #[test]
    fn a_login_in_its_key_exchange_outlasts_fresh_version_lines_though_it_waits_on_the_server() {
        let connections = Connections::default();
        let mut held = Vec::new();
        // A person whose client sent its version line and key exchange, then waits on the server.
        let person = place(&connections, "10.2.0.1");
        person.1.heard(21 + 1500);
        for n in 0..MAX_LOGINS - 1 {
            held.push(place(&connections, &format!("10.1.{n}.1")));
        }
        std::thread::sleep(Duration::from_millis(5));
        // A slow-handshake flood, one login an address, each new one having just sent a version line.
        for n in 0..4 * MAX_LOGINS {
            let (slot, login) = place(&connections, &format!("10.{}.{}.1", 5 + n / 256, n % 256));
            login.heard(21);
            held.push((Ok(slot.unwrap()), login));
        }
        assert!(!cut_off(&person.1), "the person in the key exchange was pushed out by version lines");
    }

    #[test]
    fn the_server_full_is_refused_before_anything_else() {
        let connections = Connections::default();
        let mut slots = Vec::new();
        for n in 0..MAX_CONNECTIONS {
            let (slot, login) = place(&connections, &format!("10.{}.{}.1", n / 256, n % 256));
            login.done.store(true, Ordering::SeqCst);
            slots.push(slot.unwrap());
        }
        assert_eq!(place(&connections, "10.9.9.9").0.unwrap_err(), Refusal::ServerFull);
    }

    #[test]
    fn a_refusal_is_a_version_line_and_a_disconnect_packet_in_the_clear() {
        let sentence = Refusal::AddressFull.sentence();
        let bytes = refusal(&sentence);
        let packet = bytes.strip_prefix(b"SSH-2.0-hearts\r\n".as_slice()).unwrap();
        let length = u32::from_be_bytes(packet[..4].try_into().unwrap()) as usize;
        assert_eq!((packet.len(), packet.len() % 8), (4 + length, 0));
        let padding = usize::from(packet[4]);
        assert!(padding >= 4);
        let payload = &packet[5..4 + length - padding];
        assert_eq!(payload[0], 1, "SSH_MSG_DISCONNECT");
        assert_eq!(u32::from_be_bytes(payload[1..5].try_into().unwrap()), 12);
        let text_length = u32::from_be_bytes(payload[5..9].try_into().unwrap()) as usize;
        assert_eq!(&payload[9..9 + text_length], sentence.as_bytes());
        assert_eq!(&payload[9 + text_length..], [0, 0, 0, 0], "no language tag");
    }
}
