//! `hearts_rl._core`: the engine and the bots of `hearts`, for Python.
//! The Python package (`hearts_rl/`) builds its environments on these
//! classes: `Game` (one game stepped a decision at a time), `Bot` (a
//! built-in bot choosing for the seat to act) and `Games` (many games
//! stepped at once, with bots in every seat but the learner's).

mod encode;
mod play;
mod seats;
mod space;
mod vector;

use std::sync::Mutex;

use hearts_bots::config::rules_of_preset;
use hearts_bots::record::DealCode;
use hearts_bots::{Level, Think, think_from_millis};
use hearts_engine::{BySeat, Card, CardSet, Deal, PassDirection, Preset, Rules, Seat};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::encode::Encoding;
use crate::play::{Episode, Play, Reward};
use crate::seats::Seats;

fn value_error(message: impl ToString) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// The rules of a preset with options over it: `options` is a JSON object
/// of rules.toml's keys.
fn rules_of(preset: &str, options: &str) -> PyResult<Rules> {
    let preset: Preset = preset.parse().map_err(|expected| value_error(format!("preset \"{preset}\": {expected}")))?;
    let options: serde_json::Value = serde_json::from_str(options).map_err(value_error)?;
    rules_of_preset(Some(preset), &options).map_err(value_error)
}

fn encoding_of(name: &str) -> PyResult<Encoding> {
    match name {
        "info_state" => Ok(Encoding::InfoState),
        "compact" => Ok(Encoding::Compact),
        _ => Err(value_error(format!("observation \"{name}\": use \"info_state\" or \"compact\""))),
    }
}

fn episode_of(name: &str) -> PyResult<Episode> {
    match name {
        "hand" => Ok(Episode::Hand),
        "game" => Ok(Episode::Game),
        _ => Err(value_error(format!("episode \"{name}\": use \"hand\" or \"game\""))),
    }
}

fn reward_of(name: &str) -> PyResult<Reward> {
    match name {
        "trick" => Ok(Reward::Trick),
        "hand" => Ok(Reward::Hand),
        "game" => Ok(Reward::Game),
        _ => Err(value_error(format!("reward \"{name}\": use \"trick\", \"hand\" or \"game\""))),
    }
}

fn seat_of(play: &Play, seat: usize) -> PyResult<Seat> {
    Seat::new(seat)
        .filter(|_| seat < play.players())
        .ok_or_else(|| value_error(format!("seat {seat} is not at a table of {}", play.players())))
}

/// The rules as rules.toml's keys and values, as JSON.
#[pyfunction]
fn rules_json(preset: &str, options: &str) -> PyResult<String> {
    Ok(hearts_bots::config::rules_to_json(&rules_of(preset, options)?).to_string())
}

/// Every preset's name and the table sizes it is played at.
#[pyfunction]
fn presets() -> Vec<(String, Vec<u8>)> {
    Preset::ALL.iter().map(|preset| (preset.name().to_string(), preset.player_counts().to_vec())).collect()
}

/// The action space's size and each action's name.
#[pyfunction]
fn action_names(preset: &str, options: &str) -> PyResult<Vec<String>> {
    Ok(space::names(&rules_of(preset, options)?))
}

/// An encoding's fields: name and length, in order.
#[pyfunction]
fn observation_fields(preset: &str, options: &str, observation: &str) -> PyResult<Vec<(String, usize)>> {
    let rules = rules_of(preset, options)?;
    Ok(encode::fields(&rules, encoding_of(observation)?)
        .into_iter()
        .map(|(name, size)| (name.to_string(), size))
        .collect())
}

/// One game, stepped one decision at a time.
#[pyclass(module = "hearts_rl._core")]
struct Game {
    play: Play,
    rules: Rules,
    encoding: Encoding,
    size: usize,
}

#[pymethods]
impl Game {
    /// A game of `preset` with `options` (JSON) from deal `seed`/`hand`.
    #[new]
    fn new(
        preset: &str,
        options: &str,
        seed: u64,
        hand: u32,
        episode: &str,
        reward: &str,
        observation: &str,
    ) -> PyResult<Game> {
        let rules = rules_of(preset, options)?;
        if hand == 0 {
            return Err(value_error("hands are numbered from 1"));
        }
        let play =
            Play::new(rules, DealCode { seed, hand }, episode_of(episode)?, reward_of(reward)?).map_err(value_error)?;
        let encoding = encoding_of(observation)?;
        Ok(Game { play, rules, encoding, size: encode::size(&rules, encoding) })
    }

    /// A single hand dealt by the caller: `hands` are each seat's cards
    /// (as `QS`, `TH`, ...), `pass` how many seats to the left the cards
    /// go (0: a hold hand), `dealer` the seat that dealt.
    #[staticmethod]
    fn of_deal(
        preset: &str,
        options: &str,
        hands: Vec<Vec<String>>,
        pass: usize,
        dealer: usize,
        reward: &str,
        observation: &str,
    ) -> PyResult<Game> {
        let rules = rules_of(preset, options)?;
        let players = rules.player_count();
        if hands.len() != players {
            return Err(value_error(format!("{} hands for a table of {players}", hands.len())));
        }
        let mut holdings = BySeat::splat(CardSet::EMPTY);
        let mut dealt = CardSet::EMPTY;
        for (seat, cards) in Seat::all(players).zip(&hands) {
            for card in cards {
                let card = card.parse::<Card>().map_err(value_error)?;
                if dealt.contains(card) || !rules.deck().contains(card) {
                    return Err(value_error(format!("{card} is dealt twice, or is not in this deck")));
                }
                dealt.insert(card);
                holdings[seat].insert(card);
            }
            if holdings[seat].len() != rules.hand_size() {
                return Err(value_error(format!(
                    "a hand of {} cards; the rules deal {}",
                    holdings[seat].len(),
                    rules.hand_size()
                )));
            }
        }
        if rules.kitty_size() > 0 || rules.domino || rules.cancellation {
            return Err(value_error("a hand dealt by hand has no kitty, stock or second pack"));
        }
        let dealer = Seat::new(dealer)
            .filter(|_| dealer < players)
            .ok_or_else(|| value_error("the dealer is not at the table"))?;
        let pass = match pass % players {
            0 => PassDirection::Hold,
            n if 2 * n == players => PassDirection::Across,
            n => PassDirection::Left(n as u8),
        };
        let deal = Deal { dealer, hands: holdings, kitty: CardSet::EMPTY, twice: CardSet::EMPTY };
        let play = Play::of_deal(rules, deal, pass, reward_of(reward)?).map_err(value_error)?;
        let encoding = encoding_of(observation)?;
        Ok(Game { play, rules, encoding, size: encode::size(&rules, encoding) })
    }

    /// Players at the table.
    #[getter]
    fn players(&self) -> usize {
        self.play.players()
    }

    /// The action space's size.
    #[getter]
    fn action_size(&self) -> usize {
        space::size(&self.rules)
    }

    /// The observation's length.
    #[getter]
    fn observation_size(&self) -> usize {
        self.size
    }

    /// The points of every penalty card in play (26 by default).
    #[getter]
    fn penalty_total(&self) -> i32 {
        self.rules.penalty_total()
    }

    /// The game's seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.play.game().seed()
    }

    /// The hand's number in the game, 1-based.
    #[getter]
    fn hand_number(&self) -> u32 {
        self.play.game().hand_number()
    }

    /// Whether the episode is over.
    #[getter]
    fn over(&self) -> bool {
        self.play.is_over()
    }

    /// The seat to act and its decision (`pass`, `declare`, `bid`,
    /// `name-suit`, `play`, `moon`); `None` once the episode is over.
    fn to_act(&self) -> Option<(usize, &'static str)> {
        self.play.to_act().map(|(seat, decision)| (seat.index(), decision.name()))
    }

    /// The rewards of the last step, seat by seat.
    fn rewards(&self) -> Vec<f32> {
        self.play.rewards().to_vec()
    }

    /// The game totals, seat by seat (chips where chips are played).
    fn totals(&self) -> Vec<i32> {
        let game = self.play.game();
        Seat::all(self.play.players())
            .map(|seat| game.chips().map_or(game.totals()[seat], |chips| chips.stacks[seat]))
            .collect()
    }

    /// Whether the voids the observations carry (kept card by card) are
    /// those the tricks show: a check for the tests.
    fn voids_agree(&self) -> bool {
        self.play.voids_agree()
    }

    /// Each scored hand's scores, seat by seat, in order.
    fn hand_scores(&self) -> Vec<Vec<i32>> {
        let players = self.play.players();
        self.play.game().history().iter().map(|entry| entry.scores.of_table(players).to_vec()).collect()
    }

    /// Each seat's side: its own number, or its team's.
    fn sides(&self) -> Vec<usize> {
        Seat::all(self.play.players()).map(|seat| self.rules.side(seat)).collect()
    }

    /// The seat's observation, with nothing it may not see.
    fn observe<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = seat_of(&self.play, seat)?;
        let mut buf = vec![0.0; self.size];
        let view = self.play.view(seat);
        let decision = self.play.to_act().filter(|(s, _)| *s == seat).map(|(_, d)| d);
        encode::encode(&view, self.play.picked(), decision, self.encoding, &mut buf);
        Ok(PyArray1::from_vec(py, buf))
    }

    /// The seat's mask of legal actions (int8, 1 legal).
    fn mask<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let seat = seat_of(&self.play, seat)?;
        let mut mask = vec![0; space::size(&self.rules)];
        self.play.write_mask(seat, &mut mask);
        Ok(PyArray1::from_vec(py, mask))
    }

    /// The legal actions of the seat to act.
    fn legal_actions(&self) -> Vec<usize> {
        self.play.legal_actions()
    }

    /// The seat to act takes `action`; an illegal one raises ValueError
    /// naming the rule and changes nothing.
    fn step(&mut self, action: usize) -> PyResult<()> {
        self.play.step(action).map_err(value_error)
    }

    /// After an episode of a hand: deals the game's next hand; `False`
    /// when the game is over.
    fn next_hand(&mut self) -> bool {
        self.play.next_hand()
    }

    /// Names who plays `seat` in the record.
    fn set_player(&mut self, seat: usize, player: &str) -> PyResult<()> {
        let seat = seat_of(&self.play, seat)?;
        self.play.set_player(seat, player);
        Ok(())
    }

    /// The game so far in the record format (JSON), which `hearts replay`
    /// and `hearts review` read.
    fn record_json(&self) -> PyResult<String> {
        let record = self.play.record().ok_or_else(|| value_error("a hand dealt by hand has no record"))?;
        serde_json::to_string(&record).map_err(value_error)
    }

    /// The table as text: every hand (this is the environment's view, not
    /// a seat's), the trick, the points and the totals.
    fn render(&self) -> String {
        self.play.render()
    }
}

/// A built-in bot: `random`, `easy`, `normal`, `hard`, `expert` or
/// `shooter`. It chooses for the seat to act from that seat's view alone.
#[pyclass(module = "hearts_rl._core")]
struct Bot {
    seats: Mutex<Seats>,
}

fn think_of(think_ms: Option<u64>, samples: Option<usize>) -> Think {
    match samples {
        Some(samples) => Think::Samples(samples),
        None => think_from_millis(think_ms),
    }
}

fn level_of(level: &str) -> PyResult<Level> {
    level.parse().map_err(value_error)
}

#[pymethods]
impl Bot {
    /// A bot of `level`; the expert thinks `think_ms` milliseconds, or
    /// searches `samples` worlds (its default when neither is given).
    #[new]
    #[pyo3(signature = (level, think_ms=None, samples=None))]
    fn new(level: &str, think_ms: Option<u64>, samples: Option<usize>) -> PyResult<Bot> {
        Ok(Bot { seats: Mutex::new(Seats::new(level_of(level)?, think_of(think_ms, samples))) })
    }

    /// The bot's level.
    #[getter]
    fn level(&self) -> String {
        self.seats.lock().expect("a bot's lock").level().name().to_string()
    }

    /// The action the seat to act in `game` would take; `None` once the
    /// episode is over. The game's state is not changed.
    fn choose(&self, py: Python<'_>, game: &Game) -> Option<usize> {
        let play = &game.play;
        py.detach(|| self.seats.lock().expect("a bot's lock").choose(play))
    }
}

#[pymodule]
fn _core(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Game>()?;
    module.add_class::<Bot>()?;
    module.add_class::<vector::Games>()?;
    module.add_function(wrap_pyfunction!(rules_json, module)?)?;
    module.add_function(wrap_pyfunction!(presets, module)?)?;
    module.add_function(wrap_pyfunction!(action_names, module)?)?;
    module.add_function(wrap_pyfunction!(observation_fields, module)?)?;
    Ok(())
}
