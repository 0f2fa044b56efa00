//! The bots' pace at the table: how long their cards and finished tricks
//! stay in view. The command line names it; the table keeps time by it.

use std::time::Duration;

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
