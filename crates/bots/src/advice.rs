//! The expert's advice at one decision of a game: every pass or legal card
//! of the seat, estimated from its view and ranked best first. The hint at
//! the table and the review of a kept game both take it from here, with the
//! same seed and samples for the same position, so following the hint is
//! never marked a mistake.

use super::SeatView;
use super::expert::{CardEstimate, Goal, PassEstimate, evaluate_passes, evaluate_plays};
use hearts_engine::{Game, GamePhase, HandPhase, Seat};

/// Sampled deals per pass: every pass of three is judged on each, so fewer
/// than for a card.
pub const PASS_SAMPLES: usize = 40;

/// Mixed into a pass's seed, so it differs from the first trick's.
const PASS_STREAM: u64 = 0x5A55;

/// The expert's advice for one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The search's seed: a second measurement mixes something into it.
    pub seed: u64,
    /// Sampled deals per choice.
    pub samples: usize,
    /// Every choice, best first.
    pub choices: Choices,
}

/// Every choice of a decision, best first.
#[derive(Clone, Debug, PartialEq)]
pub enum Choices {
    /// Every pass of the seat's hand (ties in the order the passes are
    /// listed).
    Pass(Vec<PassEstimate>),
    /// Every legal card (ties lowest card first).
    Play(Vec<CardEstimate>),
}

/// The expert's advice for `seat` in `game` now, measured for `goal` on
/// `samples` deals a card (at most [`PASS_SAMPLES`] a pass); `None` when
/// the seat has no pass to choose or card to play. Deterministic for a
/// position: the seed comes from the game's seed, the hand's number and the
/// tricks played.
pub fn advise(game: &Game, seat: Seat, samples: usize, goal: Goal) -> Option<Advice> {
    let hand = game.hand();
    if game.phase() != GamePhase::InHand {
        return None;
    }
    let seed = game.seed() ^ (u64::from(game.hand_number()) << 40);
    let view = SeatView::of(game, seat);
    if hand.phase() == HandPhase::Passing && hand.awaits_pass_from(seat) {
        let (seed, samples) = (seed ^ PASS_STREAM, samples.min(PASS_SAMPLES));
        let mut estimates = evaluate_passes(&view, seed, samples, goal);
        estimates.sort_by(|a, b| b.value.total_cmp(&a.value));
        return Some(Advice { seed, samples, choices: Choices::Pass(estimates) });
    }
    if hand.phase() == HandPhase::Playing && hand.to_act() == seat && !view.legal.is_empty() {
        let seed = seed ^ ((game.tricks().len() as u64) << 8);
        let mut estimates = evaluate_plays(&view, seed, samples, goal);
        estimates.sort_by(|a, b| b.value.total_cmp(&a.value).then(a.card.cmp(&b.card)));
        return Some(Advice { seed, samples, choices: Choices::Play(estimates) });
    }
    None
}
