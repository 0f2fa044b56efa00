//! The hint: the expert's best pass or card for you, by the advice the
//! review judges with ([`crate::bot::advise`]), so following the hint is
//! never marked a mistake. The search takes a moment, so the table asks
//! for it ([`HintRequest`]) and the runtime works it out on a thread of its
//! own, sending the answer back as a message.

use crate::bot::{Advice, advise};
use crate::engine::Game;
use crate::review::{REVIEW_SAMPLES, Unit};

use super::app::YOU;

/// A hint to work out: the game as it stood when you asked.
#[derive(Clone, Debug, PartialEq)]
pub struct HintRequest {
    /// The game at your decision.
    pub game: Game,
}

impl HintRequest {
    /// Searches (this takes a moment: off the table's thread).
    pub fn work_out(self) -> WorkedOutHint {
        // Judged as the review judges the person's decisions.
        let goal = Unit::of_person(self.game.rules()).goal();
        let advice = advise(&self.game, YOU, REVIEW_SAMPLES, goal);
        WorkedOutHint { game: self.game, advice }
    }
}

/// A hint worked out, for the game it was asked in.
#[derive(Clone, Debug, PartialEq)]
pub struct WorkedOutHint {
    /// The game the hint is for: if the table's game is no longer this one,
    /// the hint is stale.
    pub game: Game,
    /// The expert's advice (`None` if you had no decision to make).
    pub advice: Option<Advice>,
}
