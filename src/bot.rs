//! Bots: the [`Bot`] trait, the [`SeatView`] a bot decides from, and the
//! levels from `random` to `expert`. A bot sees a view only, so it cannot
//! peek at other hands.

mod expert;
pub mod external;
mod policy;
pub mod protocol;
mod simple;
mod view;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

pub use expert::{DEFAULT_SAMPLES, Expert, Think};
pub use policy::Skill;
pub use view::SeatView;

use crate::engine::{Action, Card, CardSet, Game, GamePhase, GameRng, HandPhase, HandResult, MoonScoring, Seat};

/// A player that is not a person: it chooses passes, plays and, when the
/// rules ask, how its moon counts.
pub trait Bot: Send {
    /// A short name for tables and records, e.g. `normal`.
    fn name(&self) -> String;
    /// The cards to pass: exactly `view.pass_count` of `view.hand`.
    fn pass(&mut self, view: &SeatView<'_>) -> CardSet;
    /// The card to play: one of `view.legal`.
    fn play(&mut self, view: &SeatView<'_>) -> Card;
    /// How this seat's moon counts under `shooter-chooses`.
    fn moon(&mut self, view: &SeatView<'_>, penalty_total: i32) -> MoonScoring {
        policy::choose_moon(view, penalty_total)
    }
    /// Problems since the last call (an external bot's bad or late
    /// replies), for the caller to show.
    fn reports(&mut self) -> Vec<String> {
        Vec::new()
    }
}

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
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [Level::Random, Level::Easy, Level::Normal, Level::Hard, Level::Expert];

    /// The level's name as written on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// A bot of this level for `seat` in the game with this seed. Its
    /// randomness comes from the seed alone, so a seeded game replays.
    pub fn bot(self, seed: u64, seat: Seat, think: Think) -> Box<dyn Bot> {
        let rng = bot_rng(seed, seat);
        match self {
            Level::Random => Box::new(simple::RandomBot::new(rng)),
            Level::Easy => Box::new(simple::EasyBot),
            Level::Normal => Box::new(Heuristic { skill: Skill::NORMAL, name: "normal" }),
            Level::Hard => Box::new(Heuristic { skill: Skill::HARD, name: "hard" }),
            Level::Expert => Box::new(Expert::new(seed, seat, think)),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        Level::ALL.into_iter().find(|level| level.name().eq_ignore_ascii_case(text.trim())).ok_or_else(|| {
            let names: Vec<&str> = Level::ALL.iter().map(|level| level.name()).collect();
            format!("unknown bot level \"{text}\"; choose one of {}", names.join(", "))
        })
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
            Player::External { command, .. } => format!("cmd:{command}"),
        }
    }

    /// A bot for `seat` of the game with `seed`.
    pub fn bot(&self, seed: u64, seat: Seat, think: Think) -> Box<dyn Bot> {
        match self {
            Player::Builtin(level) => level.bot(seed, seat, think),
            Player::External { command, fallback } => {
                Box::new(external::External::spawn(command, fallback.bot(seed, seat, think)))
            }
        }
    }
}

impl std::str::FromStr for Player {
    type Err = String;

    /// `normal`, or `cmd:COMMAND` for an external bot (falling back to
    /// `normal`).
    fn from_str(text: &str) -> Result<Player, String> {
        match text.strip_prefix("cmd:") {
            Some(command) if !command.trim().is_empty() => {
                Ok(Player::External { command: command.trim().to_string(), fallback: Level::Normal })
            }
            Some(_) => Err("cmd: needs a command, e.g. cmd:'python3 mybot.py'".to_string()),
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
    /// `right` or a seat number (`seat-N` or `N`).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let player: Player = value.parse()?;
        let key = key.trim();
        match key {
            "level" | "bots" | "all" => self.all = Some(player),
            "left" | "across" | "right" => self.seats.push((key.to_string(), player)),
            _ => {
                let number = key.strip_prefix("seat-").unwrap_or(key);
                let n: usize = number
                    .parse()
                    .map_err(|_| format!("\"{key}\" names no seat; use level, left, across, right or seat-N"))?;
                self.seats.push((n.to_string(), player));
            }
        }
        Ok(())
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
    pub fn resolve(&self, players: usize) -> Result<Vec<Player>, String> {
        let default = self.all.clone().unwrap_or(Player::Builtin(Level::Normal));
        let mut table = vec![default; players];
        for (name, player) in &self.seats {
            let seat = match name.as_str() {
                "left" => 1,
                "right" => players - 1,
                "across" if players.is_multiple_of(2) => players / 2,
                "across" => return Err(format!("a table of {players} has no seat across from South")),
                number => number.parse::<usize>().unwrap_or(usize::MAX),
            };
            if seat >= players {
                return Err(format!("seat {name} is not at a table of {players} (seats 0 to {})", players - 1));
            }
            table[seat] = player.clone();
        }
        Ok(table)
    }

    /// The expert's budget.
    pub fn think(&self) -> Think {
        think_from_millis(self.think_ms)
    }
}

/// The random stream of a seat's bot: far from the streams the deals use.
fn bot_rng(seed: u64, seat: Seat) -> GameRng {
    GameRng::new(seed, (1 << 48) + seat.index() as u64)
}

/// The `normal` and `hard` bots: the heuristic player at a skill.
struct Heuristic {
    skill: Skill,
    name: &'static str,
}

impl Bot for Heuristic {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn pass(&mut self, view: &SeatView<'_>) -> CardSet {
        policy::choose_pass(view, self.skill)
    }

    fn play(&mut self, view: &SeatView<'_>) -> Card {
        policy::choose_play(view, self.skill)
    }
}

/// The seat that must act next in a game, if any: the lowest seat still to
/// pass, the seat to play, or the shooter asked how its moon counts.
pub fn seat_to_act(game: &Game) -> Option<Seat> {
    let hand = game.hand();
    match game.phase() {
        GamePhase::InHand => match hand.phase() {
            HandPhase::Passing => Seat::all(game.rules().player_count()).find(|&s| hand.awaits_pass_from(s)),
            HandPhase::Playing => Some(hand.to_act()),
            HandPhase::Finished => None,
        },
        GamePhase::MoonChoice(seat) => Some(seat),
        GamePhase::HandOver | GamePhase::GameOver => None,
    }
}

/// Asks `bot` for `seat`'s next action in `game` (a pass, a play or a moon
/// choice); `None` when the seat has nothing to do.
pub fn decide(game: &Game, seat: Seat, bot: &mut dyn Bot) -> Option<Action> {
    let view = SeatView::of(game, seat);
    match game.phase() {
        GamePhase::InHand if game.hand().awaits_pass_from(seat) => Some(Action::Pass { seat, cards: bot.pass(&view) }),
        GamePhase::InHand if !view.legal.is_empty() => Some(Action::Play { seat, card: bot.play(&view) }),
        GamePhase::MoonChoice(shooter) if shooter == seat => {
            let penalty_total = HandResult::of(game.hand(), game.rules()).penalty_total;
            Some(Action::ChooseMoon { seat, scoring: bot.moon(&view, penalty_total) })
        }
        _ => None,
    }
}

/// How long the expert may think, from `--think MS`.
pub fn think_from_millis(millis: Option<u64>) -> Think {
    match millis {
        Some(ms) => Think::Time(Duration::from_millis(ms)),
        None => Think::Samples(DEFAULT_SAMPLES),
    }
}
