//! The bots' pace at the table: how long their cards and finished tricks
//! stay in view. The command line names it; the table keeps time by it
//! ([`Pacing`]), holding a bot's decision until its time comes.

use std::time::{Duration, Instant};

use hearts_engine::Action;

/// How fast the bots' cards appear.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Speed {
    /// A second a card, two seconds a trick.
    Slow,
    /// Half a second a card, a second a trick.
    #[default]
    Normal,
    /// A fifth of a second a card, half a second a trick.
    Fast,
    /// No waiting at all.
    Instant,
}

impl Speed {
    /// The pause before a bot's card appears.
    pub const fn card_delay(self) -> Duration {
        Duration::from_millis(match self {
            Speed::Slow => 1000,
            Speed::Normal => 500,
            Speed::Fast => 200,
            Speed::Instant => 0,
        })
    }

    /// How long a finished trick (or a pass on its way) stays on the table.
    pub const fn trick_delay(self) -> Duration {
        Duration::from_millis(match self {
            Speed::Slow => 2000,
            Speed::Normal => 1000,
            Speed::Fast => 500,
            Speed::Instant => 0,
        })
    }

    /// The next speed, for the pace key.
    pub const fn next(self) -> Speed {
        match self {
            Speed::Slow => Speed::Normal,
            Speed::Normal => Speed::Fast,
            Speed::Fast => Speed::Instant,
            Speed::Instant => Speed::Slow,
        }
    }

    /// Every speed, slowest first.
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// The speed a name stands for, as `--speed` takes it.
    pub fn from_name(name: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|speed| speed.name() == name)
    }

    /// What the speed means, for the command line's help.
    pub const fn description(self) -> &'static str {
        match self {
            Speed::Slow => "A second a card, two seconds a trick",
            Speed::Normal => "Half a second a card, a second a trick",
            Speed::Fast => "A fifth of a second a card, half a second a trick",
            Speed::Instant => "No waiting at all",
        }
    }

    /// The speed's name, as `--speed` takes it.
    pub const fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }
}

/// The table's pace: when the next bot card may appear, how long a trick
/// just taken stays on show, and the bot's decision waiting for its time.
#[derive(Clone, Debug)]
pub(crate) struct Pacing {
    speed: Speed,
    /// The earliest time the next bot card may appear.
    next_bot_at: Option<Instant>,
    /// A finished trick stays on the table until then.
    trick_shown_until: Option<Instant>,
    /// A bot's decision (for the game's generation given) waiting for the pace.
    decision: Option<(u64, Action)>,
}

impl Pacing {
    /// The pace `speed`, nothing waiting.
    pub(crate) fn new(speed: Speed) -> Pacing {
        Pacing { speed, next_bot_at: None, trick_shown_until: None, decision: None }
    }

    /// The speed.
    pub(crate) fn speed(&self) -> Speed {
        self.speed
    }

    /// Changes the speed from the next wait on.
    pub(crate) fn set_speed(&mut self, speed: Speed) {
        self.speed = speed;
    }

    /// A card or a bid was made at `now`: the next bot waits a card's time.
    pub(crate) fn card_shown(&mut self, now: Instant) {
        self.next_bot_at = Some(now + self.speed.card_delay());
    }

    /// A trick was taken at `now`: it stays on show, and the bots wait,
    /// a trick's time.
    pub(crate) fn trick_shown(&mut self, now: Instant) {
        let until = now + self.speed.trick_delay();
        self.trick_shown_until = Some(until);
        self.next_bot_at = Some(until);
    }

    /// When a pass sent at `now` leaves (undo takes it back until then).
    pub(crate) fn pass_leaves(&self, now: Instant) -> Instant {
        now + self.speed.trick_delay()
    }

    /// Ends every wait at `now` (a key pressed to skip them).
    pub(crate) fn skip(&mut self, now: Instant) {
        self.next_bot_at = self.next_bot_at.map(|at| at.min(now));
        self.trick_shown_until = self.trick_shown_until.map(|at| at.min(now));
    }

    /// Whether a finished trick is on show at `now`.
    pub(crate) fn showing_trick(&self, now: Instant) -> bool {
        self.trick_shown_until.is_some_and(|until| now < until)
    }

    /// The trick taken is off the table.
    pub(crate) fn clear_trick(&mut self) {
        self.trick_shown_until = None;
    }

    /// Whether the next bot card must still wait at `now`.
    pub(crate) fn bot_waits(&self, now: Instant) -> bool {
        self.next_bot_at.is_some_and(|at| now < at)
    }

    /// Nothing waits any more, no decision either (the game went back, or
    /// a new one began).
    pub(crate) fn stop(&mut self) {
        *self = Pacing::new(self.speed);
    }

    /// Holds a bot's decision, made for the game's `generation`, for its time.
    pub(crate) fn hold(&mut self, generation: u64, action: Action) {
        self.decision = Some((generation, action));
    }

    /// Takes the decision held, if any.
    pub(crate) fn take_decision(&mut self) -> Option<(u64, Action)> {
        self.decision.take()
    }

    /// Whether a bot's decision is held.
    pub(crate) fn holds_decision(&self) -> bool {
        self.decision.is_some()
    }

    /// Drops the decision held (the game moved on without it).
    pub(crate) fn drop_decision(&mut self) {
        self.decision = None;
    }

    /// When a wait ends: the trick on show, and the next bot card once a
    /// decision is held and `moving`.
    pub(crate) fn wakeups(&self, moving: bool) -> impl Iterator<Item = Instant> {
        let bot = self.next_bot_at.filter(|_| self.decision.is_some() && moving);
        self.trick_shown_until.into_iter().chain(bot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trick_taken_stays_on_show_for_a_tricks_time_and_the_bots_wait_as_long() {
        let now = Instant::now();
        let mut pacing = Pacing::new(Speed::Normal);
        pacing.trick_shown(now);
        assert!(pacing.showing_trick(now + Duration::from_millis(999)));
        assert!(pacing.bot_waits(now + Duration::from_millis(999)));
        assert!(!pacing.showing_trick(now + Duration::from_secs(1)));
        assert!(!pacing.bot_waits(now + Duration::from_secs(1)));
    }

    #[test]
    fn a_bot_card_waits_a_cards_time_after_the_last() {
        let now = Instant::now();
        let mut pacing = Pacing::new(Speed::Slow);
        pacing.card_shown(now);
        assert!(pacing.bot_waits(now + Duration::from_millis(999)));
        assert!(!pacing.bot_waits(now + Duration::from_secs(1)));
        assert!(!pacing.showing_trick(now));
    }

    #[test]
    fn skipping_ends_every_wait_at_once() {
        let now = Instant::now();
        let mut pacing = Pacing::new(Speed::Slow);
        pacing.trick_shown(now);
        pacing.skip(now);
        assert!(!pacing.showing_trick(now));
        assert!(!pacing.bot_waits(now));
    }

    #[test]
    fn at_instant_speed_nothing_waits() {
        let now = Instant::now();
        let mut pacing = Pacing::new(Speed::Instant);
        pacing.trick_shown(now);
        assert!(!pacing.showing_trick(now));
        assert_eq!(pacing.pass_leaves(now), now);
    }

    #[test]
    fn the_next_bot_card_wakes_the_table_only_once_a_decision_is_held() {
        let now = Instant::now();
        let mut pacing = Pacing::new(Speed::Normal);
        pacing.card_shown(now);
        assert_eq!(pacing.wakeups(true).count(), 0);
        pacing.hold(1, Action::NextHand);
        assert_eq!(pacing.wakeups(true).collect::<Vec<_>>(), vec![now + Duration::from_millis(500)]);
        assert_eq!(pacing.wakeups(false).count(), 0, "a table held still wakes for nothing of the bots'");
        assert_eq!(pacing.take_decision(), Some((1, Action::NextHand)));
        assert!(!pacing.holds_decision());
    }
}
