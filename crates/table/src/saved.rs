//! A game in progress as it is kept: the rules, the seats, the seed and
//! every action, replayed through the engine when it is taken up again. A
//! seat that a program played is taken up by its built-in fallback unless
//! the person says to run the program again.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use hearts_bots::config::{ConfigError, rules_from_json, rules_to_json};
use hearts_bots::players::{Level, Player, PlayerError};
use hearts_bots::protocol::moon_name;
use hearts_bots::record::DealCode;
use hearts_engine::{Action, Card, CardBag, Game, GameError, MoonScoring, RulesError, Seat};

use super::Setup;

/// Why a save does not replay.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// A save format this version does not read.
    #[error("save format {0} is not {VERSION}")]
    Version(u32),
    /// The rules do not load.
    #[error("rules: {0}")]
    Rules(#[from] ConfigError),
    /// The rules load but make no game.
    #[error("rules: {0}")]
    Invalid(#[from] RulesError),
    /// Not one player per seat.
    #[error("{named} players named for a table of {players}")]
    PlayerCount {
        /// Players named.
        named: usize,
        /// Seats at the table.
        players: usize,
    },
    /// A seat's player is not one.
    #[error("player {name}: {error}")]
    Player {
        /// The name saved.
        name: String,
        /// What is wrong with it.
        error: PlayerError,
    },
    /// Hands are numbered from 1.
    #[error("first-hand is 0; hands are numbered from 1")]
    FirstHand,
    /// An action that is not written as one.
    #[error("action {number}: \"{text}\" is not an action")]
    Unreadable {
        /// 1-based position.
        number: usize,
        /// The text saved.
        text: String,
    },
    /// An action the engine refuses.
    #[error("action {number} ({text}): {error}")]
    Refused {
        /// 1-based position.
        number: usize,
        /// The text saved.
        text: String,
        /// The rule it breaks.
        error: GameError,
    },
}

/// Whether taking up a saved game starts the programs that played some of
/// its seats. A save is a file like any other: running what it names needs
/// the person's word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Programs {
    /// Seat each program's built-in fallback instead.
    Replace,
    /// Start the programs again (the person said so).
    Run,
}

/// The save format's version; another version is not read.
const VERSION: u32 = 1;

/// An unfinished game as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SavedGame {
    /// The save format's version.
    pub version: u32,
    /// The rules, as rules.toml keys.
    pub rules: serde_json::Value,
    /// The rules' label (preset).
    pub label: String,
    /// The player of every seat, seat 0 being you.
    pub players: Vec<String>,
    /// The game seed.
    pub seed: u64,
    /// The hand of the seed the game started at (1 unless `--deal 42/7`).
    #[serde(default = "first_hand")]
    pub first_hand: u32,
    /// Every action since the first deal: `pass SEAT CARDS`, `play SEAT CARD`,
    /// `moon SEAT SCORING`, `next`.
    pub actions: Vec<String>,
    /// Undos taken.
    pub undos: u32,
    /// Hints asked for.
    #[serde(default)]
    pub hints: u32,
    /// The timed game's clock, in milliseconds left.
    pub clock_ms_left: Option<u64>,
    /// The salt of the deal's seal, in hex: the seal shown before a
    /// restart is the one opened at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
}

/// Saves from before `first-hand` was written started at hand 1.
fn first_hand() -> u32 {
    1
}

impl SavedGame {
    /// The save of a game in progress.
    pub fn new(table: &Setup, start: DealCode, log: &[Action], undos: u32, clock: Option<Duration>) -> SavedGame {
        SavedGame {
            version: VERSION,
            rules: rules_to_json(&table.rules),
            label: table.label.clone(),
            players: table
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| if i == 0 { "you".into() } else { p.name() })
                .collect(),
            seed: start.seed,
            first_hand: start.hand,
            actions: log.iter().map(|&action| action_text(action)).collect(),
            undos,
            hints: 0,
            clock_ms_left: clock.map(|left| left.as_millis() as u64),
            salt: None,
        }
    }

    /// The actions as the engine takes them.
    pub fn parsed_actions(&self) -> Result<Vec<Action>, SaveError> {
        self.actions
            .iter()
            .enumerate()
            .map(|(i, text)| {
                parse_action(text).ok_or_else(|| SaveError::Unreadable { number: i + 1, text: text.clone() })
            })
            .collect()
    }

    /// The programs that played seats of this game: (seat, command).
    pub fn programs(&self) -> Vec<(usize, String)> {
        let programs = self.players.iter().enumerate().skip(1);
        programs.filter_map(|(seat, name)| Some((seat, name.parse::<Player>().ok()?.command()?.to_string()))).collect()
    }

    /// The table and the game this save describes, every action replayed
    /// and checked by the engine; seats that programs played get their
    /// fallback unless `programs` says to run them.
    pub fn replay(&self, programs: Programs) -> Result<(Setup, Game), SaveError> {
        if self.version != VERSION {
            return Err(SaveError::Version(self.version));
        }
        let rules = rules_from_json(&self.rules)?;
        if self.players.len() != rules.player_count() {
            return Err(SaveError::PlayerCount { named: self.players.len(), players: rules.player_count() });
        }
        let mut players = vec![Player::Builtin(Level::Normal)];
        for name in &self.players[1..] {
            let player: Player = name.parse().map_err(|error| SaveError::Player { name: name.clone(), error })?;
            players.push(match programs {
                Programs::Run => player,
                Programs::Replace => player.without_program(),
            });
        }
        if self.first_hand == 0 {
            return Err(SaveError::FirstHand);
        }
        let mut game = Game::starting_at_hand(rules, self.seed, self.first_hand - 1)?;
        for (i, action) in self.parsed_actions()?.into_iter().enumerate() {
            game.apply(action).map_err(|error| SaveError::Refused {
                number: i + 1,
                text: self.actions[i].clone(),
                error,
            })?;
        }
        Ok((Setup { rules, label: self.label.clone(), players }, game))
    }

    /// A one-line description for the resume question.
    pub fn describe(&self) -> String {
        match self.replay(Programs::Replace) {
            Ok((table, game)) => {
                // A game of chips stands by its stacks, not by points.
                let standing = |seat: Seat| match game.chips() {
                    Some(chips) => format!("{} chips", chips.stacks[seat]),
                    None => game.totals()[seat].to_string(),
                };
                let totals: Vec<String> = Seat::all(table.rules.player_count())
                    .map(|seat| format!("{} {}", table.seat_name(seat), standing(seat)))
                    .collect();
                format!("{}, hand {}, seed {}: {}", table.label, game.hand_number(), game.seed(), totals.join(", "))
            }
            Err(error) => error.to_string(),
        }
    }
}

fn action_text(action: Action) -> String {
    match action {
        Action::Pass { seat, cards } => format!("pass {} {}", seat.index(), cards.to_string().replace(' ', ",")),
        Action::Play { seat, card } => format!("play {} {card}", seat.index()),
        Action::ChooseMoon { seat, scoring } => format!("moon {} {}", seat.index(), moon_name(scoring)),
        Action::Declare { seat, generale } => {
            format!("declare {} {}", seat.index(), if generale { "generale" } else { "none" })
        }
        Action::Bid { seat, chips: Some(chips) } => format!("bid {} {chips}", seat.index()),
        Action::Bid { seat, chips: None } => format!("bid {} pass", seat.index()),
        Action::NameSuit { seat, suit } => format!("name {} {}", seat.index(), suit.letter()),
        Action::NextHand => "next".to_string(),
    }
}

/// Reads an action as [`action_text`] writes it.
fn parse_action(text: &str) -> Option<Action> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let seat = |word: &str| word.parse::<usize>().ok().and_then(Seat::new);
    match words.as_slice() {
        ["next"] => Some(Action::NextHand),
        ["pass", s, cards] => Some(Action::Pass { seat: seat(s)?, cards: cards.parse::<CardBag>().ok()? }),
        ["play", s, card] => Some(Action::Play { seat: seat(s)?, card: card.parse::<Card>().ok()? }),
        ["declare", s, "generale"] => Some(Action::Declare { seat: seat(s)?, generale: true }),
        ["declare", s, "none"] => Some(Action::Declare { seat: seat(s)?, generale: false }),
        ["bid", s, "pass"] => Some(Action::Bid { seat: seat(s)?, chips: None }),
        ["bid", s, chips] => Some(Action::Bid { seat: seat(s)?, chips: Some(chips.parse().ok()?) }),
        ["name", s, suit] => Some(Action::NameSuit { seat: seat(s)?, suit: hearts_engine::Suit::from_letter(suit)? }),
        ["moon", s, "add-to-others"] => Some(Action::ChooseMoon { seat: seat(s)?, scoring: MoonScoring::AddToOthers }),
        ["moon", s, "subtract-from-shooter"] => {
            Some(Action::ChooseMoon { seat: seat(s)?, scoring: MoonScoring::SubtractFromShooter })
        }
        _ => None,
    }
}

/// Games to save in tests, here and in the terminal's saves (the
/// `testing` feature).
#[cfg(any(test, feature = "testing"))]
pub mod test_games {
    use super::*;
    use hearts_bots::{Think, decide};

    /// Black Lady for four normal bots.
    pub fn table() -> Setup {
        Setup {
            rules: hearts_engine::Rules::default(),
            label: "black-lady".into(),
            players: vec![Player::Builtin(Level::Normal); 4],
        }
    }

    /// Seed 77 played by normal bots for `actions` actions, and its log.
    pub fn played_game(actions: usize) -> (Game, Vec<Action>) {
        let mut game = Game::new(table().rules, 77).unwrap();
        let mut bots: Vec<_> = Seat::all(4).map(|s| Level::Normal.bot(77, s, Think::Samples(1))).collect();
        let mut log = Vec::new();
        while log.len() < actions {
            let seat = hearts_bots::seat_to_act(&game).unwrap();
            let action = decide(&game, seat, bots[seat.index()].as_mut()).unwrap();
            game.apply(action).unwrap();
            log.push(action);
        }
        (game, log)
    }
}

#[cfg(test)]
mod tests {
    use super::test_games::{played_game, table};
    use super::*;

    #[test]
    fn every_kind_of_action_is_written_and_read_back() {
        use hearts_engine::{MoonScoring, Suit};
        let seat = Seat::new(2).unwrap();
        for action in [
            Action::Pass { seat, cards: "QS AH KH".parse::<CardBag>().unwrap() },
            Action::Play { seat, card: "TD".parse().unwrap() },
            Action::Declare { seat, generale: true },
            Action::Declare { seat, generale: false },
            Action::Bid { seat, chips: Some(7) },
            Action::Bid { seat, chips: None },
            Action::NameSuit { seat, suit: Suit::Spades },
            Action::ChooseMoon { seat, scoring: MoonScoring::SubtractFromShooter },
            Action::NextHand,
        ] {
            assert_eq!(parse_action(&action_text(action)), Some(action), "{}", action_text(action));
        }
        assert_eq!(parse_action("bid 2 lots"), None);
        assert_eq!(parse_action("name 2 X"), None);
    }

    #[test]
    fn a_chips_game_is_described_by_its_stacks() {
        let rules = hearts_engine::Preset::Hoyle1887.rules();
        let setup = Setup { rules, label: "hoyle-1887".into(), players: vec![Player::Builtin(Level::Normal); 4] };
        let mut game = Game::new(rules, 5).unwrap();
        let mut bots: Vec<_> = Seat::all(4).map(|s| Level::Normal.bot(5, s, hearts_bots::Think::Samples(1))).collect();
        let mut log = Vec::new();
        while game.hand_number() < 2 {
            let action = match hearts_bots::seat_to_act(&game) {
                Some(seat) => hearts_bots::decide(&game, seat, bots[seat.index()].as_mut()).unwrap(),
                None => Action::NextHand,
            };
            game.apply(action).unwrap();
            log.push(action);
        }
        let stacks = game.chips().expect("chips are played").stacks;
        let described = SavedGame::new(&setup, DealCode { seed: 5, hand: 1 }, &log, 2, None).describe();
        let south = format!("You {} chips", stacks[Seat::SOUTH]);
        assert!(described.contains(&south), "{described}");
    }

    #[test]
    fn a_save_replays_to_the_same_game() {
        let (game, log) = played_game(40);
        let saved = SavedGame::new(&table(), DealCode { seed: 77, hand: 1 }, &log, 2, None);
        let (restored_table, restored) = saved.replay(Programs::Replace).unwrap();
        assert_eq!(restored, game);
        assert_eq!(restored_table, table());
    }
}
