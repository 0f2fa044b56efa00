//! The timed game's clock, and how a game ends.

use std::time::{Duration, Instant};

/// The timed mode's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    left_at_start: Duration,
    pub(crate) started: Option<Instant>,
}

impl Clock {
    /// A clock with this much time, not yet running.
    pub const fn new(left: Duration) -> Clock {
        Clock { left_at_start: left, started: None }
    }

    /// Time left at `now`.
    pub fn left(&self, now: Instant) -> Duration {
        let used = self.started.map_or(Duration::ZERO, |start| now.saturating_duration_since(start));
        self.left_at_start.saturating_sub(used)
    }

    pub(crate) fn start(&mut self, now: Instant) {
        if self.started.is_none() {
            self.started = Some(now);
        }
    }

    pub(crate) fn stop(&mut self, now: Instant) {
        self.left_at_start = self.left(now);
        self.started = None;
    }
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Someone reached the target (or the hand limit).
    Completed,
    /// The timed mode's clock reached 0:00.
    OutOfTime,
}
