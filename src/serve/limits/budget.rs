//! Budgets refilled by time: a session's input bytes a second, and the
//! tries at table codes of each connection and each address.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::{
    CODE_TRIES_PER_ADDRESS, CODE_TRIES_PER_CONNECTION, CODE_TRY_BACK, INPUT_BYTES_PER_SECOND, MAX_GUESSING_ADDRESSES,
    host,
};

/// Input bytes a session may still send: a bucket refilled at
/// [`INPUT_BYTES_PER_SECOND`], holding at most one second's worth.
#[derive(Debug)]
pub(in crate::serve) struct InputBudget {
    left: f64,
    since: Instant,
}

impl InputBudget {
    /// A full bucket.
    pub(in crate::serve) fn new(now: Instant) -> InputBudget {
        InputBudget { left: f64::from(INPUT_BYTES_PER_SECOND), since: now }
    }

    /// How many of `wanted` bytes may pass now.
    pub(in crate::serve) fn allow(&mut self, wanted: usize, now: Instant) -> usize {
        let rate = f64::from(INPUT_BYTES_PER_SECOND);
        let refill = now.saturating_duration_since(self.since).as_secs_f64() * rate;
        self.left = (self.left + refill).min(rate);
        self.since = now;
        let allowed = (wanted as f64).min(self.left.floor());
        self.left -= allowed;
        allowed as usize
    }
}

/// Tries left: a bucket of at most `most`, one back every `back`.
#[derive(Debug)]
pub(in crate::serve) struct Tries {
    left: f64,
    most: f64,
    back: Duration,
    since: Instant,
}

impl Tries {
    pub(in crate::serve) fn new(most: f64, back: Duration, now: Instant) -> Tries {
        Tries { left: most, most, back, since: now }
    }

    /// A connection's tries at table codes, all left.
    pub(in crate::serve) fn for_connection(now: Instant) -> Tries {
        Tries::new(CODE_TRIES_PER_CONNECTION, CODE_TRY_BACK, now)
    }

    fn refill(&mut self, now: Instant) {
        let back = now.saturating_duration_since(self.since).as_secs_f64() / self.back.as_secs_f64();
        self.left = (self.left + back).min(self.most);
        self.since = now;
    }

    /// Nothing when a try is left, else the wait until there is one.
    pub(in crate::serve) fn wait(&mut self, now: Instant) -> Option<Duration> {
        self.refill(now);
        (self.left < 1.0).then(|| self.back.mul_f64(1.0 - self.left))
    }

    pub(in crate::serve) fn spend(&mut self, now: Instant) {
        self.refill(now);
        self.left = (self.left - 1.0).max(0.0);
    }
}

/// The wrong table codes tried, so that a private table's code cannot be
/// guessed by trying them all: each connection and each address (an IPv6
/// /64) may try a few in a row, then one every [`CODE_TRY_BACK`]. A right
/// code costs nothing, but is not even looked up while its connection
/// must wait.
#[derive(Debug, Default)]
pub(in crate::serve) struct CodeTries {
    by_address: Mutex<HashMap<IpAddr, Tries>>,
}

impl CodeTries {
    /// Nothing when `connection`, from `address`, may try a code now; else
    /// how long it must wait.
    pub(in crate::serve) fn wait(&self, connection: &Mutex<Tries>, address: IpAddr, now: Instant) -> Option<Duration> {
        let address = host(address);
        let own = connection.lock().map_or(Some(CODE_TRY_BACK), |mut tries| tries.wait(now));
        let shared = self
            .by_address
            .lock()
            .map_or(Some(CODE_TRY_BACK), |mut addresses| addresses.get_mut(&address).and_then(|tries| tries.wait(now)));
        own.max(shared)
    }

    /// A code tried from `connection` at `address` named no table.
    pub(in crate::serve) fn wrong(&self, connection: &Mutex<Tries>, address: IpAddr, now: Instant) {
        let address = host(address);
        if let Ok(mut tries) = connection.lock() {
            tries.spend(now);
        }
        let Ok(mut addresses) = self.by_address.lock() else { return };
        let fresh = || Tries::new(CODE_TRIES_PER_ADDRESS, CODE_TRY_BACK, now);
        tries_of(&mut addresses, address, (MAX_GUESSING_ADDRESSES, fresh), now).spend(now);
    }
}

/// The tries of `key` in `remembered`, `fresh` ones for a key not there,
/// where at most `most` keys are remembered: to make room, full buckets
/// (which tell nothing) are forgotten, then one of the rest.
pub(in crate::serve) fn tries_of(
    remembered: &mut HashMap<IpAddr, Tries>,
    key: IpAddr,
    (most, fresh): (usize, impl FnOnce() -> Tries),
    now: Instant,
) -> &mut Tries {
    if remembered.len() >= most && !remembered.contains_key(&key) {
        remembered.retain(|_, tries| {
            tries.refill(now);
            tries.left < tries.most
        });
        let oldest = remembered.iter().min_by_key(|(_, tries)| tries.since).map(|(&oldest, _)| oldest);
        if let Some(oldest) = oldest.filter(|_| remembered.len() >= most) {
            remembered.remove(&oldest);
        }
    }
    remembered.entry(key).or_insert_with(fresh)
}

#[cfg(test)]
mod tests {
    use super::*;

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
