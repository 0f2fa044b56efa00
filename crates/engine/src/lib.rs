//! The pure rules engine: cards, deals, passing, tricks, scoring and the
//! game. No terminal, files, clock or global randomness: randomness enters
//! only through the game seed.
//!
//! # Where the Hearts family lives
//!
//! - A points table ([`PointsTable`]) values cards; a table's effects on a
//!   whole take (Royal's QH and QC) are [`PointsTable::hand_points`], and
//!   effects on the game total (Royal's QD) are [`HandResult::totals_after`].
//! - A declaration (Chasse Coeur's Generale) is a hand phase,
//!   [`HandPhase::Declaring`], between the exchange and the first lead, with
//!   its own action ([`Action::Declare`]); scoring reads [`Hand::declarer`].
//! - Jokers take spare bits of the suit lanes (each lane has 13 ranks in 16
//!   bits), outside every suit mask: `of_suit` never sees them, so following
//!   suit is unchanged; [`Trick`] learns that the first non-joker sets the
//!   suit led and that a trick of jokers goes to its leader.
//! - Chips (and sweepstakes) are a scoring layer in [`Game`]: stacks and a
//!   pot beside the totals, settled from a [`HandResult`]; the hand itself
//!   does not change.
//! - The auction is two more hand phases before the first lead,
//!   [`HandPhase::Bidding`] and [`HandPhase::Naming`] ([`Action::Bid`],
//!   [`Action::NameSuit`]); the named suit is stored in the hand's rules of
//!   play where hearts are named otherwise (breaking, no-blood, penalty
//!   cards), and the winning bid is paid when the chips are settled.
//! - Teams (partnerships) are a map from seat to side ([`Rules::side`])
//!   read by scoring and the game end; hands and tricks stay per seat.
//! - Domino's stock lies where a kitty would (the two never meet), drawn
//!   in an order its own cards fix ([`CardSet::scrambled_pick`]), so the
//!   hand needs no room for the order. Drawing is part of a play: the seat
//!   that comes to play and cannot follow draws ([`Hand::stock`]). A
//!   [`Trick`] knows the seats that sit it out (out of cards) and those
//!   that drew; the game checks its end after every trick.
//!
//! - A second pack (Cancellation) keeps the one-bit-per-card sets: a seat's
//!   set says which cards it holds at least once, and one more set per
//!   place (held, passed, taken, the kitty) says which of them are there
//!   twice; [`CardBag`] is that pair as a value. A card is held twice by at
//!   most one seat, so one set per place is enough. [`Trick`] counts the
//!   pairs played; a trick no card wins waits in the hand for the next
//!   winner ([`Hand::waiting`]). The one-pack play asks once whether two
//!   packs are played and goes on as before (two-pack play is out of
//!   line), so Black Lady pays only for longer per-seat arrays (eleven
//!   seats: a `Copy` hand of 456 bytes rather than 256).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

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

pub use card::{Card, JOKERS, NotationError, Rank, Suit};
pub use card_set::{CardBag, CardSet, CardSetIter};
pub use deal::{Deal, GameRng, dealer_of_hand, first_dealer};
pub use game::{
    Action, Draw, Event, Game, GameError, GamePhase, HandRecord, TrickTake, plays_on_tied, reaches_end,
    shooter_is_asked,
};
pub use hand::{
    Bid, BidError, DeclareError, Hand, HandPhase, Lies, PassError, PassOutcome, PlayError, PlayOutcome, PlaySituation,
    Undo,
};
pub use rules::{
    CHIPS_HANDS, Declaration, FirstLead, Kitty, KittyTo, MAX_PASS_CYCLE, MoonRule, PassCycle, PassDirection,
    PointsTable, Preset, ROYAL_CANCELLER, ROYAL_DIAMOND_CUT, ROYAL_DOUBLER, Rules, RulesError, SILENT_GENERALE,
    Scoring, Teams, TieRule, standard_removed_cards,
};
pub use score::{
    BONUS_CARD_VALUE, Chips, ChipsSettlement, Generale, HandResult, MoonScoring, SCORE_BONUS_PER_POINT, TOURNAMENT_PAR,
    TimedFinish, TournamentScore, WIN_BONUS_PER_POINT, adjusted_total, cut_total, worth_of,
};
pub use seat::{BySeat, MAX_PLAYERS, MIN_PLAYERS, Seat};
pub use trick::Trick;
