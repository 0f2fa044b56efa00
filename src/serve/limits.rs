//! What one client may cost the server: connections, login time and
//! attempts, input per second, screen size and output waiting to be read.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::MethodKind;
use russh::keys::PrivateKey;
use russh::server::Config;

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

#[cfg(test)]
mod tests {
    use super::*;

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
