//! The hint: the expert's best pass or card for you, by the advice the
//! review judges with ([`hearts_bots::advise`]), so following the hint is
//! never marked a mistake. The search takes a moment, so the table asks
//! for it ([`HintRequest`]) and the runtime works it out on a thread of its
//! own, sending the answer back as a message.

use crate::review::{REVIEW_SAMPLES, Unit};
use hearts_bots::{Advice, advise};
use hearts_engine::{Game, Seat};

/// A hint to work out: the game as it stood when you asked.
#[derive(Clone, Debug, PartialEq)]
pub struct HintRequest {
    /// The game at your decision.
    pub game: Game,
    /// Your seat.
    pub seat: Seat,
}

impl HintRequest {
    /// Searches (this takes a moment: off the table's thread).
    pub fn work_out(self) -> WorkedOutHint {
        // Judged as the review judges the person's decisions.
        let goal = Unit::of_person(self.game.rules()).goal();
        let advice = advise(&self.game, self.seat, REVIEW_SAMPLES, goal);
        WorkedOutHint { game: self.game, seat: self.seat, advice }
    }
}

/// A hint worked out, for the game it was asked in.
#[derive(Clone, Debug, PartialEq)]
pub struct WorkedOutHint {
    /// The game the hint is for.
    pub game: Game,
    /// The seat it is for.
    pub seat: Seat,
    /// The expert's advice (`None` if you had no decision to make).
    pub advice: Option<Advice>,
}

impl WorkedOutHint {
    /// Whether the hint is for the decision you face in `game`: the same
    /// deal, hand, cards in your hand and cards played. The others' passes,
    /// chosen while you choose yours, change nothing you see; anything
    /// else makes the hint stale.
    pub fn fits(&self, game: &Game) -> bool {
        let (asked, now) = (&self.game, game);
        asked.seed() == now.seed()
            && asked.rules() == now.rules()
            && asked.hand_number() == now.hand_number()
            && asked.totals() == now.totals()
            && asked.hand().phase() == now.hand().phase()
            && asked.hand().hand_of(self.seat) == now.hand().hand_of(self.seat)
            && asked.tricks() == now.tricks()
            && asked.hand().trick() == now.hand().trick()
    }
}
