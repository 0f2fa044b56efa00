//! Who plays each seat: the built-in bot levels, external programs, and
//! the choices the flags and the rules file's `[bots]` table make.
//!
//! This module only names players; [`crate`] makes them play. It
//! depends on nothing else in the crate, so both the rules loader
//! ([`crate::config`]) and the bots can use it without depending on each
//! other.

use std::fmt;
use std::str::FromStr;

/// The word that starts an external program's seat: `cmd:COMMAND`.
pub const COMMAND_PREFIX: &str = "cmd:";

/// The built-in bots, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal card: a baseline.
    Random,
    /// The lowest safe card; passes its highest cards.
    Easy,
    /// The strategy of the rule book's sources.
    Normal,
    /// Normal plus card counting, moon attempts and game-score awareness.
    Hard,
    /// Search: samples the hidden hands and plays each card out.
    Expert,
    /// `hard` that goes for the moon whenever its hand makes it
    /// plausible: a practice opponent, and the test of a moon defence.
    Shooter,
}

impl Level {
    /// Every level: the strengths weakest first, then the shooter's style.
    pub const ALL: [Level; 6] = [Level::Random, Level::Easy, Level::Normal, Level::Hard, Level::Expert, Level::Shooter];

    /// The level's name as written on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Shooter => "shooter",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a player could not be named.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// Not one of the built-in levels.
    #[error("unknown bot level \"{0}\"; choose one of random, easy, normal, hard, expert, shooter")]
    UnknownLevel(String),
    /// `cmd:` with nothing after it.
    #[error("cmd: needs a command, e.g. cmd:'python3 mybot.py'")]
    EmptyCommand,
    /// A seat name that is not a seat.
    #[error("\"{0}\" names no seat; use level, left, across, right or seat-N")]
    UnknownSeat(String),
    /// Across from South at a table with an odd number of players.
    #[error("a table of {players} has no seat across from South")]
    NoSeatAcross {
        /// Players at the table.
        players: usize,
    },
    /// A seat number beyond the table.
    #[error("seat {seat} is not at a table of {players} (seats 0 to {last})", last = players - 1)]
    SeatOffTable {
        /// The seat as named.
        seat: String,
        /// Players at the table.
        players: usize,
    },
}

impl FromStr for Level {
    type Err = PlayerError;

    fn from_str(text: &str) -> Result<Level, PlayerError> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| PlayerError::UnknownLevel(text.to_string()))
    }
}

/// What plays a seat: a built-in level or an external program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A built-in bot.
    Builtin(Level),
    /// An external program speaking the bot protocol; `fallback` plays
    /// when it fails.
    External {
        /// The shell command.
        command: String,
        /// The built-in bot that stands in for bad or late replies.
        fallback: Level,
    },
}

impl Player {
    /// The player's name in tables and records: the level, or
    /// `cmd:COMMAND`.
    pub fn name(&self) -> String {
        match self {
            Player::Builtin(level) => level.name().to_string(),
            Player::External { command, .. } => format!("{COMMAND_PREFIX}{command}"),
        }
    }

    /// The program this player runs, if it is one.
    pub fn command(&self) -> Option<&str> {
        match self {
            Player::Builtin(_) => None,
            Player::External { command, .. } => Some(command),
        }
    }

    /// The same seat with no program: an external player's built-in
    /// fallback, a built-in player unchanged.
    pub fn without_program(&self) -> Player {
        match self {
            Player::Builtin(level) | Player::External { fallback: level, .. } => Player::Builtin(*level),
        }
    }
}

impl FromStr for Player {
    type Err = PlayerError;

    /// `normal`, or `cmd:COMMAND` for an external bot (falling back to
    /// `normal`).
    fn from_str(text: &str) -> Result<Player, PlayerError> {
        match text.strip_prefix(COMMAND_PREFIX) {
            Some(command) if !command.trim().is_empty() => {
                Ok(Player::External { command: command.trim().to_string(), fallback: Level::Normal })
            }
            Some(_) => Err(PlayerError::EmptyCommand),
            None => Ok(Player::Builtin(text.parse()?)),
        }
    }
}

/// Who plays each seat, as the rules file's `[bots]` table and the flags
/// say: a level for every bot seat, and seats named one by one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BotChoices {
    /// The player of every bot seat not named.
    pub all: Option<Player>,
    /// Seats named one by one: `left`, `across`, `right` or a seat number.
    pub seats: Vec<(String, Player)>,
    /// `--think MS` for the expert.
    pub think_ms: Option<u64>,
}

impl BotChoices {
    /// Sets one choice: `key` is `level` (every seat), `left`, `across`,
    /// `right` or a seat number (`seat-N` or `N`). Returns the player set.
    pub fn set(&mut self, key: &str, value: &str) -> Result<&Player, PlayerError> {
        let player: Player = value.parse()?;
        let key = key.trim();
        let name = match key {
            "level" | "bots" | "all" => return Ok(self.all.insert(player)),
            "left" | "across" | "right" => key.to_string(),
            _ => {
                let number = key.strip_prefix("seat-").unwrap_or(key);
                let n: usize = number.parse().map_err(|_| PlayerError::UnknownSeat(key.to_string()))?;
                n.to_string()
            }
        };
        self.seats.push((name, player));
        Ok(&self.seats.last().expect("just pushed").1)
    }

    /// Later choices (the flags) over these (the file).
    pub fn then(&self, later: &BotChoices) -> BotChoices {
        let mut seats = self.seats.clone();
        seats.extend(later.seats.iter().cloned());
        BotChoices {
            all: later.all.clone().or_else(|| self.all.clone()),
            seats,
            think_ms: later.think_ms.or(self.think_ms),
        }
    }

    /// The player of every seat at a table of `players` (seat 0 included;
    /// the terminal game seats the person there instead). Unnamed seats
    /// get `all`, else `normal`.
    pub fn resolve(&self, players: usize) -> Result<Vec<Player>, PlayerError> {
        let default = self.all.clone().unwrap_or(Player::Builtin(Level::Normal));
        let mut table = vec![default; players];
        for (name, player) in &self.seats {
            let seat = match name.as_str() {
                "left" => 1,
                "right" => players - 1,
                "across" if players.is_multiple_of(2) => players / 2,
                "across" => return Err(PlayerError::NoSeatAcross { players }),
                number => number.parse::<usize>().unwrap_or(usize::MAX),
            };
            if seat >= players {
                return Err(PlayerError::SeatOffTable { seat: name.clone(), players });
            }
            table[seat] = player.clone();
        }
        Ok(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_seat_names_its_program_and_falls_back_to_normal() {
        let player: Player = "cmd: python3 bot.py ".parse().unwrap();
        assert_eq!(player.command(), Some("python3 bot.py"));
        assert_eq!(player.name(), "cmd:python3 bot.py");
        assert_eq!(player.without_program(), Player::Builtin(Level::Normal));
        assert_eq!("cmd:  ".parse::<Player>(), Err(PlayerError::EmptyCommand));
        assert_eq!("Hard".parse::<Player>(), Ok(Player::Builtin(Level::Hard)));
    }

    #[test]
    fn seats_resolve_by_name_and_number() {
        let mut choices = BotChoices::default();
        choices.set("level", "hard").unwrap();
        choices.set("across", "expert").unwrap();
        choices.set("seat-3", "random").unwrap();
        let table = choices.resolve(4).unwrap();
        assert_eq!(table[1], Player::Builtin(Level::Hard));
        assert_eq!(table[2], Player::Builtin(Level::Expert));
        assert_eq!(table[3], Player::Builtin(Level::Random));
        assert_eq!(choices.resolve(5), Err(PlayerError::NoSeatAcross { players: 5 }));
        choices.set("9", "easy").unwrap();
        assert!(matches!(choices.resolve(4), Err(PlayerError::SeatOffTable { .. })));
        assert_eq!(choices.set("north", "easy"), Err(PlayerError::UnknownSeat("north".into())));
    }
}
