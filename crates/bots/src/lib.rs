//! Bots: the [`Bot`] trait, the [`SeatView`] a bot decides from, and the
//! levels from `random` to `expert`. A bot sees a view only, so it cannot
//! peek at other hands.
//!
//! Beside them, what a game is set up and kept with: the [`players`] a seat
//! may be, the rules a game is played by ([`config`]: presets, rules.toml,
//! flags), the [`record`] of a game, and the duplicate arena ([`sim`]).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod config;
pub mod players;
pub mod record;
pub mod sim;
#[cfg(any(test, feature = "testing"))]
pub mod testing;

mod advice;
mod expert;
pub mod external;
mod outlook;
mod policy;
pub mod protocol;
mod sampler;
mod simple;
mod solver;
mod two_packs;
mod view;

use std::time::Duration;

pub use advice::{Advice, Choices, PASS_SAMPLES, advise};
pub use expert::{
    CardEstimate, DEFAULT_SAMPLES, Expert, Goal, PassEstimate, Think, evaluate_passes, evaluate_plays,
    evaluate_plays_in_world, evaluate_these_passes,
};
pub use policy::{Skill, choose_play};
pub use view::{Doubles, PassView, SeatView, VariantsView, Voids};

pub use crate::players::{BotChoices, Level, Player, PlayerError};

use hearts_engine::{Action, Card, CardBag, Game, GamePhase, GameRng, HandPhase, HandResult, MoonScoring, Seat, Suit};

/// A player that is not a person: it chooses passes, plays and, when the
/// rules ask, how its moon counts.
pub trait Bot: Send {
    /// A short name for tables and records, e.g. `normal`.
    fn name(&self) -> String;
    /// The cards to pass: exactly `view.pass.count` of `view.hand` (with
    /// two packs, both copies of a card held twice may go).
    fn pass(&mut self, view: &SeatView<'_>) -> CardBag;
    /// The card to play: one of `view.legal`.
    fn play(&mut self, view: &SeatView<'_>) -> Card;
    /// Whether to declare the Generale (asked before the first lead, where
    /// the rules have a declaration).
    fn declare(&mut self, view: &SeatView<'_>) -> bool {
        policy::choose_declaration(view)
    }
    /// The auction bid in chips, or `None` to pass (asked in turn from the
    /// dealer's left, where the rules have an auction).
    fn bid(&mut self, view: &SeatView<'_>) -> Option<u32> {
        policy::choose_bid(view)
    }
    /// The penalty suit to name, having won the auction.
    fn name_suit(&mut self, view: &SeatView<'_>) -> Suit {
        policy::choose_suit(view)
    }
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

impl Level {
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
            Level::Shooter => Box::new(Heuristic { skill: Skill::SHOOTER, name: "shooter" }),
        }
    }
}

impl Player {
    /// A bot for `seat` of the game with `seed`; an external player's
    /// program starts here, and nowhere else.
    pub fn bot(&self, seed: u64, seat: Seat, think: Think) -> Box<dyn Bot> {
        match self {
            Player::Builtin(level) => level.bot(seed, seat, think),
            Player::External { command, fallback } => {
                Box::new(external::External::spawn(command, fallback.bot(seed, seat, think)))
            }
        }
    }
}

impl BotChoices {
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

    fn pass(&mut self, view: &SeatView<'_>) -> CardBag {
        policy::choose_pass(view, self.skill).into()
    }

    fn play(&mut self, view: &SeatView<'_>) -> Card {
        policy::choose_play(view, self.skill)
    }
}

/// The suit the bots would name in the auction from this view: the
/// table's first choice for you.
pub fn suggested_suit(view: &SeatView<'_>) -> Suit {
    policy::choose_suit(view)
}

/// The seat that must act next in a game, if any: the lowest seat still to
/// pass, the seat to play, or the shooter asked how its moon counts.
pub fn seat_to_act(game: &Game) -> Option<Seat> {
    let hand = game.hand();
    match game.phase() {
        GamePhase::InHand => match hand.phase() {
            HandPhase::Passing => Seat::all(game.rules().player_count()).find(|&s| hand.awaits_pass_from(s)),
            HandPhase::Declaring | HandPhase::Bidding | HandPhase::Naming | HandPhase::Playing => Some(hand.to_act()),
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
        GamePhase::InHand if game.hand().to_declare() == Some(seat) => {
            Some(Action::Declare { seat, generale: bot.declare(&view) })
        }
        GamePhase::InHand if game.hand().to_bid() == Some(seat) => Some(Action::Bid { seat, chips: bot.bid(&view) }),
        GamePhase::InHand if game.hand().phase() == HandPhase::Naming && game.hand().to_act() == seat => {
            Some(Action::NameSuit { seat, suit: bot.name_suit(&view) })
        }
        GamePhase::InHand if !view.legal.is_empty() => Some(Action::Play { seat, card: bot.play(&view) }),
        GamePhase::MoonChoice(shooter) if shooter == seat => {
            let worth = HandResult::of(game.hand(), game.rules()).moon_value;
            Some(Action::ChooseMoon { seat, scoring: bot.moon(&view, worth) })
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
