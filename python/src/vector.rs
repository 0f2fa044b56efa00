//! Many games stepped at once for training: one learning seat in each,
//! built-in bots in the others, arrays in and out, the GIL released while
//! the games step.

use std::sync::Mutex;

use hearts_bots::record::DealCode;
use hearts_engine::{Rules, Seat};
use numpy::{PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2};
use pyo3::prelude::*;

use crate::encode::{self, Encoding};
use crate::play::{Episode, Play, Reward};
use crate::seats::Seats;
use crate::{encoding_of, episode_of, level_of, reward_of, rules_of, space, think_of, value_error};

/// One game of the batch and the bots in its other seats.
struct Slot {
    play: Play,
    /// The next game's seed: this slot's seeds step by the batch's size.
    next_seed: u64,
    /// The episode ended at the last step: the next step begins another.
    ended: bool,
}

/// What one step writes, each a row or an element per game.
struct Out<'a> {
    observations: &'a mut [f32],
    masks: &'a mut [i8],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    illegal: &'a mut [bool],
}

/// Many games stepped at once.
#[pyclass(module = "hearts_rl._core")]
pub struct Games {
    rules: Rules,
    episode: Episode,
    reward: Reward,
    encoding: Encoding,
    size: usize,
    actions: usize,
    learner: Seat,
    slots: Vec<Slot>,
    /// Each game's opponents (a lock only to make the class `Sync`).
    opponents: Mutex<Vec<Seats>>,
}

impl Games {
    /// Deals slot `i` a new game (or, after a hand's episode, the game's
    /// next hand) and lets the bots play to the learner's first decision.
    fn begin(&mut self, i: usize, seed: Option<u64>) {
        let batch = self.slots.len() as u64;
        let opponents = self.opponents.get_mut().expect("the opponents' lock");
        let slot = &mut self.slots[i];
        let continues = seed.is_none() && self.episode == Episode::Hand && slot.play.next_hand();
        if !continues {
            let seed = seed.unwrap_or(slot.next_seed);
            slot.next_seed = seed.wrapping_add(batch);
            slot.play = Play::new(self.rules, DealCode { seed, hand: 1 }, self.episode, self.reward)
                .expect("checked rules make a game");
        }
        slot.ended = false;
        play_bots(&mut slot.play, &mut opponents[i], self.learner);
    }

    /// Writes slot `i`'s observation and mask for the learner into the
    /// batch's rows.
    fn observe(&self, i: usize, observations: &mut [f32], masks: &mut [i8]) {
        let play = &self.slots[i].play;
        let view = play.view(self.learner);
        let decision = play.to_act().filter(|(seat, _)| *seat == self.learner).map(|(_, d)| d);
        let row = &mut observations[i * self.size..(i + 1) * self.size];
        encode::encode(&view, play.picked(), decision, self.encoding, row);
        play.write_mask(self.learner, &mut masks[i * self.actions..(i + 1) * self.actions]);
    }

    /// Steps every game with its learner's action.
    fn step_all(&mut self, actions: &[i64], out: &mut Out<'_>) {
        let worst = match self.reward {
            Reward::Game => -1.0,
            Reward::Trick | Reward::Hand => -(self.rules.penalty_total() as f32),
        };
        for (i, &action) in actions.iter().enumerate() {
            out.rewards[i] = 0.0;
            out.terminated[i] = false;
            out.illegal[i] = false;
            if self.slots[i].ended {
                self.begin(i, None);
                self.observe(i, out.observations, out.masks);
                continue;
            }
            let learner = self.learner.index();
            let slot = &mut self.slots[i];
            let stepped = usize::try_from(action).map_err(|_| String::new()).and_then(|a| slot.play.step(a));
            match stepped {
                Ok(()) => {
                    out.rewards[i] = slot.play.rewards()[learner];
                    let opponents = self.opponents.get_mut().expect("the opponents' lock");
                    out.rewards[i] += play_bots(&mut slot.play, &mut opponents[i], self.learner);
                    slot.ended = slot.play.is_over();
                }
                Err(_) => {
                    out.rewards[i] = worst;
                    out.illegal[i] = true;
                    slot.ended = true;
                }
            }
            out.terminated[i] = slot.ended;
            self.observe(i, out.observations, out.masks);
        }
    }
}

/// The bots play until the learner is to act or the episode is over; the
/// learner's rewards meanwhile.
fn play_bots(play: &mut Play, bots: &mut Seats, learner: Seat) -> f32 {
    let mut reward = 0.0;
    while let Some((seat, _)) = play.to_act() {
        if seat == learner {
            break;
        }
        let action = bots.decide(play).expect("a bot decides for the seat to act");
        play.act(action).expect("a bot's action is legal");
        reward += play.rewards()[learner.index()];
    }
    reward
}

#[pymethods]
impl Games {
    /// `num_envs` games of `preset` with `options` (JSON); the learner at
    /// seat `learner`, bots of `opponent` in the other seats.
    #[new]
    #[pyo3(signature = (preset, options, num_envs, learner, opponent, episode, reward, observation, think_ms=None, samples=None))]
    #[allow(clippy::too_many_arguments)] // Python's keywords, one each.
    fn new(
        preset: &str,
        options: &str,
        num_envs: usize,
        learner: usize,
        opponent: &str,
        episode: &str,
        reward: &str,
        observation: &str,
        think_ms: Option<u64>,
        samples: Option<usize>,
    ) -> PyResult<Games> {
        let rules = rules_of(preset, options)?;
        let players = rules.player_count();
        let learner = Seat::new(learner)
            .filter(|_| learner < players)
            .ok_or_else(|| value_error(format!("seat {learner} is not at a table of {players}")))?;
        if num_envs == 0 {
            return Err(value_error("num_envs must be at least 1"));
        }
        let (episode, reward, encoding) = (episode_of(episode)?, reward_of(reward)?, encoding_of(observation)?);
        let level = level_of(opponent)?;
        let think = think_of(think_ms, samples);
        let slots = (0..num_envs as u64)
            .map(|i| Slot {
                play: Play::new(rules, DealCode { seed: i, hand: 1 }, episode, reward).expect("checked rules"),
                next_seed: i,
                ended: true,
            })
            .collect();
        Ok(Games {
            rules,
            episode,
            reward,
            encoding,
            size: encode::size(&rules, encoding),
            actions: space::size(&rules),
            learner,
            slots,
            opponents: Mutex::new((0..num_envs).map(|_| Seats::new(level, think)).collect()),
        })
    }

    /// Games in the batch.
    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The observation's length.
    #[getter]
    fn observation_size(&self) -> usize {
        self.size
    }

    /// The action space's size.
    #[getter]
    fn action_size(&self) -> usize {
        self.actions
    }

    /// Deals every game anew: game `i` is the game `hearts --seed` deals
    /// for `seed + i`, and later games of slot `i` step by `num_envs`.
    /// Writes each learner's first observation and mask.
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: u64,
        mut observations: PyReadwriteArray2<'_, f32>,
        mut masks: PyReadwriteArray2<'_, i8>,
    ) -> PyResult<()> {
        let observations = observations.as_slice_mut().map_err(value_error)?;
        let masks = masks.as_slice_mut().map_err(value_error)?;
        self.check(observations.len(), masks.len(), self.slots.len())?;
        py.detach(|| {
            for i in 0..self.slots.len() {
                self.begin(i, Some(seed.wrapping_add(i as u64)));
                self.observe(i, observations, masks);
            }
        });
        Ok(())
    }

    /// Steps every game with its learner's action and writes what came of
    /// it. A game whose episode ended at the last step begins its next
    /// episode instead (its action is not used). An illegal action ends
    /// the episode with the worst reward and marks `illegal`.
    #[allow(clippy::too_many_arguments)] // Arrays in and out, one each.
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        mut observations: PyReadwriteArray2<'_, f32>,
        mut masks: PyReadwriteArray2<'_, i8>,
        mut rewards: PyReadwriteArray1<'_, f32>,
        mut terminated: PyReadwriteArray1<'_, bool>,
        mut illegal: PyReadwriteArray1<'_, bool>,
    ) -> PyResult<()> {
        let actions = actions.as_slice().map_err(value_error)?;
        let observations = observations.as_slice_mut().map_err(value_error)?;
        let masks = masks.as_slice_mut().map_err(value_error)?;
        let n = self.slots.len();
        self.check(observations.len(), masks.len(), actions.len())?;
        let (rewards, terminated, illegal) = (
            rewards.as_slice_mut().map_err(value_error)?,
            terminated.as_slice_mut().map_err(value_error)?,
            illegal.as_slice_mut().map_err(value_error)?,
        );
        if rewards.len() != n || terminated.len() != n || illegal.len() != n {
            return Err(value_error(format!("rewards, terminated and illegal need {n} elements each")));
        }
        let mut out = Out { observations, masks, rewards, terminated, illegal };
        py.detach(|| self.step_all(actions, &mut out));
        Ok(())
    }

    /// The record of slot `i`'s game so far (JSON).
    fn record_json(&self, i: usize) -> PyResult<String> {
        let slot = self.slots.get(i).ok_or_else(|| value_error(format!("no game {i}")))?;
        let record = slot.play.record().ok_or_else(|| value_error("no record"))?;
        serde_json::to_string(&record).map_err(value_error)
    }
}

impl Games {
    /// Arrays of the batch's shape, or a clear error.
    fn check(&self, observations: usize, masks: usize, actions: usize) -> PyResult<()> {
        let n = self.slots.len();
        if observations != n * self.size || masks != n * self.actions || actions != n {
            return Err(value_error(format!(
                "expected {n} actions, observations of {n}x{} and masks of {n}x{}",
                self.size, self.actions
            )));
        }
        Ok(())
    }
}
