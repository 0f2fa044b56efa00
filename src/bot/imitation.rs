//! A model of the expert's own choice of card: a linear score over what a
//! card does in the position (does it win the trick, what it carries, how
//! high it stands among the cards still out, whether `hard` would play
//! it), one set of weights each for leading, following and discarding,
//! and the card's chance its softmax. It is trained from records of expert
//! tables (`examples/imitate.rs`), and it reads the others' cards as an
//! expert would have played them.

use super::policy::{self, Skill};
use super::view::SeatView;
use crate::engine::{Card, CardSet, Seat};

mod weights;

/// How many numbers describe one card in one position.
pub const FEATURES: usize = 28;

/// What a decision is: the weights differ for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    /// The first card of a trick.
    Lead = 0,
    /// A card of the suit led.
    Follow = 1,
    /// Void in the suit led: any card.
    Discard = 2,
}

/// The position read once per decision, before each card is described.
pub struct Position<'v, 'a> {
    view: &'v SeatView<'a>,
    situation: Situation,
    unseen: CardSet,
    winning: Option<Card>,
    in_trick: i32,
    later_void: [bool; 4],
    /// The one other seat that has taken every point so far.
    watch: Option<Seat>,
    /// Only this seat has taken points so far.
    mine_only: bool,
    hard: Option<Card>,
    ladies_out: CardSet,
}

impl<'v, 'a> Position<'v, 'a> {
    /// Reads the position of `view` (one seat's, at its turn to play).
    pub fn read(view: &'v SeatView<'a>) -> Position<'v, 'a> {
        let situation = match view.led_suit() {
            None => Situation::Lead,
            Some(led) if !view.legal.of_suit(led).is_empty() => Situation::Follow,
            Some(_) => Situation::Discard,
        };
        let voids = view.voids();
        let mut later_void = [false; 4];
        for seat in view.later_seats() {
            for (suit, void) in later_void.iter_mut().enumerate() {
                *void |= voids[seat][suit];
            }
        }
        let players = view.players();
        let mut scorers = Seat::all(players).filter(|&s| view.points_taken[s] > 0);
        let (first, second) = (scorers.next(), scorers.next());
        let watch = match (first, second) {
            (Some(one), None) if one != view.seat => Some(one),
            _ => None,
        };
        let unseen = view.unseen();
        Position {
            view,
            situation,
            unseen,
            winning: view.trick.winning_card(),
            in_trick: view.value_in_trick(),
            later_void,
            watch,
            mine_only: first == Some(view.seat) && second.is_none(),
            hard: (!without_hard()).then(|| policy::choose_play(view, Skill::HARD)),
            ladies_out: unseen & view.ladies(),
        }
    }

    /// What the decision is.
    pub fn situation(&self) -> Situation {
        self.situation
    }

    /// The numbers that describe playing `card` here.
    pub fn features(&self, card: Card) -> [f32; FEATURES] {
        let view = self.view;
        let suit = card.suit();
        let hearts = view.penalty_suit();
        let rank = card.rank().index() as f32 / 12.0;
        let unseen = self.unseen.of_suit(suit);
        let higher = unseen.above(card).len() as f32;
        let lower = unseen.below(card).len() as f32;
        let mine = view.hand.of_suit(suit);
        let value = view.value(card);
        let wins = match self.winning {
            None => false,
            Some(winning) => !winning.is_joker() && suit == winning.suit() && card.rank() > winning.rank(),
        };
        let winner = view.trick.winner(view.players());
        let lady_out = self.ladies_out.of_suit(suit).highest();
        let trick = view.tricks.len() as f32 / 12.0;
        let ducks_highest =
            self.winning.is_some_and(|w| view.legal.below(w).of_suit(suit).highest() == Some(card) && w.suit() == suit);
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        [
            flag(Some(card) == self.hard),
            rank,
            higher / 13.0,
            lower / 13.0,
            flag(higher == 0.0),
            flag(wins),
            if wins { (self.in_trick + value) as f32 / 13.0 } else { 0.0 },
            value as f32 / 13.0,
            flag(view.ladies().contains(card)),
            flag(suit == hearts),
            mine.len() as f32 / 13.0,
            flag(mine.len() == 1),
            flag(mine.highest() == Some(card)),
            flag(mine.lowest() == Some(card)),
            flag(ducks_highest),
            flag(view.is_last_to_play()),
            flag(self.later_void[suit as usize]),
            flag(lady_out.is_some_and(|lady| card.rank() > lady.rank())),
            flag(lady_out.is_some_and(|lady| card.rank() < lady.rank())),
            flag(self.watch.is_some() && wins),
            flag(self.watch.is_some() && suit == hearts && mine.highest() == Some(card)),
            flag(value > 0 && self.watch.is_some() && winner == self.watch),
            flag(self.mine_only && (wins || (self.situation == Situation::Lead && higher == 0.0))),
            rank * flag(suit == hearts),
            flag(!view.hearts_broken && suit == hearts),
            mine.above(card).len() as f32 / 13.0,
            trick * flag(wins || (self.situation == Situation::Lead && higher == 0.0)),
            trick * rank,
        ]
    }

    /// Each legal card's score under `weights` (higher: likelier).
    fn scores(&self, weights: &Weights) -> impl Iterator<Item = (Card, f32)> + '_ {
        let row = weights[self.situation as usize];
        self.view.legal.iter().map(move |card| {
            let features = self.features(card);
            (card, features.iter().zip(row.iter()).map(|(x, w)| x * w).sum())
        })
    }
}

/// One row of weights per [`Situation`].
pub type Weights = [[f32; FEATURES]; 3];

/// The weights trained from expert tables (`examples/imitate.rs`).
pub const TRAINED: Weights = weights::TRAINED;

/// Screening: the model without `hard`'s card (HEARTS_WITHOUT_HARD).
pub fn without_hard() -> bool {
    static CELL: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *CELL.get_or_init(|| std::env::var("HEARTS_WITHOUT_HARD").is_ok())
}

/// The weights in use.
pub fn trained() -> &'static Weights {
    if without_hard() { &weights::WITHOUT_HARD } else { &weights::TRAINED }
}

/// The card the model finds likeliest (the lowest of equals).
pub fn choose(view: &SeatView<'_>, weights: &Weights) -> Card {
    let position = Position::read(view);
    let mut best: Option<(Card, f32)> = None;
    for (card, score) in position.scores(weights) {
        if best.is_none_or(|(_, top)| score > top) {
            best = Some((card, score));
        }
    }
    best.expect("a seat asked to play has a legal card").0
}

/// How likely the model finds `card` beside its likeliest card: 1 for the
/// likeliest, less for the others (the ratio of their chances).
pub fn likelihood(view: &SeatView<'_>, card: Card, weights: &Weights) -> f64 {
    Position::read(view).likelihood(card, weights)
}

impl Position<'_, '_> {
    /// How likely the model finds `card` beside its likeliest card.
    pub fn likelihood(&self, card: Card, weights: &Weights) -> f64 {
        let mut top = f32::NEG_INFINITY;
        let mut this = f32::NEG_INFINITY;
        for (c, score) in self.scores(weights) {
            top = top.max(score);
            if c == card {
                this = score;
            }
        }
        f64::from(this - top).exp()
    }

    /// The log of the model's chance of `card` (its softmax).
    pub fn log_chance(&self, card: Card, weights: &Weights) -> f64 {
        let scores: Vec<(Card, f32)> = self.scores(weights).collect();
        let top = scores.iter().map(|&(_, s)| s).fold(f32::NEG_INFINITY, f32::max);
        let sum: f64 = scores.iter().map(|&(_, s)| f64::from(s - top).exp()).sum();
        let this = scores.iter().find(|&&(c, _)| c == card).map_or(f32::NEG_INFINITY, |&(_, s)| s);
        f64::from(this - top) - sum.ln()
    }

    /// The card `hard` would play here.
    pub fn hard_choice(&self) -> Card {
        self.hard.unwrap_or_else(|| policy::choose_play(self.view, Skill::HARD))
    }
}
