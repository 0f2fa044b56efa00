//! The pure rules engine: cards, deals, passing, tricks, scoring and the
//! game. No terminal, files, clock or global randomness: randomness enters
//! only through the game seed.

mod card;
mod card_set;
mod deal;
mod game;
mod hand;
pub mod perft;
mod rules;
mod score;
mod seat;
mod trick;

pub use card::{Card, NotationError, Rank, Suit};
pub use card_set::{CardSet, CardSetIter};
pub use deal::{Deal, GameRng, dealer_of_hand, first_dealer};
pub use game::{Action, Event, Game, GameError, GamePhase, HandRecord};
pub use hand::{DeclareError, Hand, HandPhase, PassError, PassOutcome, PlayError, PlayOutcome, PlaySituation};
pub use rules::{
    Declaration, FirstLead, MAX_PASS_CYCLE, MoonRule, PassCycle, PassDirection, PointsTable, Preset, ROYAL_CANCELLER,
    ROYAL_DIAMOND_CUT, ROYAL_DOUBLER, Rules, RulesError, SILENT_GENERALE, TieRule, standard_removed_cards,
};
pub use score::{
    BONUS_CARD_VALUE, Generale, HandResult, MoonScoring, TimedFinish, TournamentScore, adjusted_total, cut_total,
};
pub use seat::{BySeat, MAX_PLAYERS, MIN_PLAYERS, Seat};
pub use trick::Trick;
