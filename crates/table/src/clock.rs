//! The table's clocks: the timed game's clock (with its tournament
//! score once over), the turn clock on the people the table waits for,
//! and how a game ends.

use std::time::{Duration, Instant};

use hearts_engine::{Rules, Seat, TournamentScore};

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

    /// Whether the clock ran out while running.
    pub(crate) fn ran_out(&self, now: Instant) -> bool {
        self.started.is_some() && self.left(now).is_zero()
    }
}

/// A timed game's clock and, once the game is over, its tournament score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Timed {
    pub(crate) clock: Clock,
    pub(crate) score: Option<TournamentScore>,
}

impl Timed {
    /// The timing of a game by `rules`: `None` for an untimed game.
    pub(crate) fn of(rules: &Rules) -> Option<Timed> {
        let minutes = u64::from(rules.clock_minutes);
        (minutes > 0).then(|| Timed { clock: Clock::new(Duration::from_secs(60 * minutes)), score: None })
    }
}

/// The turn clock: since when the table has waited on people for one
/// decision, and the time they asked for on it.
#[derive(Clone, Debug, Default)]
pub(crate) struct TurnClock {
    /// The decision waited for (by its key) and since when.
    waiting_since: Option<(u64, Instant)>,
    /// Time asked for by the seats waited on, for this wait alone.
    time_added: Vec<(Seat, Duration)>,
}

impl TurnClock {
    /// The table waits for the decision `key` at `now` (`None`: for
    /// nothing). The same decision keeps its wait; another starts afresh,
    /// without the time asked for on the last.
    pub(crate) fn wait_for(&mut self, key: Option<u64>, now: Instant) {
        match (self.waiting_since, key) {
            (Some((waited, _)), Some(key)) if waited == key => {}
            _ => {
                self.time_added.clear();
                self.waiting_since = key.map(|key| (key, now));
            }
        }
    }

    /// Nothing is waited for (the game went back, or a new one began).
    pub(crate) fn reset(&mut self) {
        *self = TurnClock::default();
    }

    /// Since when the table has waited, if it waits.
    pub(crate) fn since(&self) -> Option<Instant> {
        self.waiting_since.map(|(_, since)| since)
    }

    /// How long the table has waited at `now`.
    pub(crate) fn waited(&self, now: Instant) -> Duration {
        self.since().map_or(Duration::ZERO, |since| now.saturating_duration_since(since))
    }

    /// Whether `limit` has passed at `now` on the wait for decision `key`.
    pub(crate) fn ran_out(&self, key: u64, limit: Duration, now: Instant) -> bool {
        self.waiting_since.is_some_and(|(waited, since)| waited == key && now >= since + limit)
    }

    /// Gives `seat` `more` time on this wait.
    pub(crate) fn add(&mut self, seat: Seat, more: Duration) {
        self.time_added.push((seat, more));
    }

    /// The time `seat` asked for on this wait.
    pub(crate) fn added(&self, seat: Seat) -> Duration {
        self.time_added.iter().filter(|&&(asked, _)| asked == seat).map(|&(_, added)| added).sum()
    }

    /// Whether `seat` asked for time on this wait already.
    pub(crate) fn has_added(&self, seat: Seat) -> bool {
        self.time_added.iter().any(|&(asked, _)| asked == seat)
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

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: Duration = Duration::from_secs(60);

    #[test]
    fn a_timed_game_runs_its_clock_only_while_started() {
        let now = Instant::now();
        let mut clock = Clock::new(MINUTE);
        assert_eq!(clock.left(now + MINUTE), MINUTE, "a clock not started keeps its time");
        clock.start(now);
        assert_eq!(clock.left(now + Duration::from_secs(20)), Duration::from_secs(40));
        clock.stop(now + Duration::from_secs(20));
        assert_eq!(clock.left(now + MINUTE), Duration::from_secs(40));
        clock.start(now + MINUTE);
        assert!(clock.ran_out(now + 2 * MINUTE));
    }

    #[test]
    fn only_rules_with_minutes_on_the_clock_are_timed() {
        assert_eq!(Timed::of(&Rules::default()), None);
        let rules = Rules { clock_minutes: 5, ..Rules::default() };
        assert_eq!(Timed::of(&rules).map(|timed| timed.clock.left(Instant::now())), Some(5 * MINUTE));
    }

    #[test]
    fn the_turn_clock_runs_from_when_the_wait_for_a_decision_began() {
        let now = Instant::now();
        let mut turn = TurnClock::default();
        turn.wait_for(Some(7), now);
        turn.wait_for(Some(7), now + MINUTE);
        assert_eq!(turn.waited(now + MINUTE), MINUTE, "the same decision keeps its wait");
        assert!(turn.ran_out(7, MINUTE, now + MINUTE));
        assert!(!turn.ran_out(8, MINUTE, now + MINUTE), "the limit is on the decision waited for");
        turn.wait_for(Some(8), now + MINUTE);
        assert_eq!(turn.waited(now + MINUTE), Duration::ZERO, "another decision starts afresh");
        turn.wait_for(None, now + MINUTE);
        assert_eq!(turn.since(), None);
    }

    #[test]
    fn time_asked_for_is_a_seats_own_and_goes_with_its_wait() {
        let now = Instant::now();
        let mut turn = TurnClock::default();
        turn.wait_for(Some(1), now);
        turn.add(Seat::SOUTH, MINUTE);
        assert_eq!(turn.added(Seat::SOUTH), MINUTE);
        assert_eq!(turn.added(Seat::new(1).expect("a second seat")), Duration::ZERO);
        assert!(turn.has_added(Seat::SOUTH) && !turn.has_added(Seat::new(1).expect("a second seat")));
        turn.wait_for(Some(2), now);
        assert_eq!(turn.added(Seat::SOUTH), Duration::ZERO);
    }
}
