//! The baseline bots: `random` and `easy`.

use super::{Bot, SeatView};
use hearts_engine::{Card, CardBag, CardSet, GameRng};

/// Plays a uniformly random legal card and passes random cards.
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot drawing from `rng`.
    pub fn new(rng: GameRng) -> RandomBot {
        RandomBot { rng }
    }

    fn pick(&mut self, set: CardSet) -> Card {
        let index = self.rng.below(set.len() as u32) as usize;
        set.iter().nth(index).expect("the index is below the set's size")
    }
}

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn pass(&mut self, view: &SeatView<'_>) -> CardBag {
        let mut left = view.hand;
        let mut chosen = CardSet::EMPTY;
        for _ in 0..view.pass.count {
            let card = self.pick(left);
            left.remove(card);
            chosen.insert(card);
        }
        chosen.into()
    }

    fn play(&mut self, view: &SeatView<'_>) -> Card {
        self.pick(view.legal)
    }
}

/// Plays the lowest card that does not take the trick (else the lowest
/// card) and passes its highest cards.
pub struct EasyBot;

impl Bot for EasyBot {
    fn name(&self) -> String {
        "easy".to_string()
    }

    fn pass(&mut self, view: &SeatView<'_>) -> CardBag {
        let mut cards: Vec<Card> = view.hand.iter().collect();
        cards.sort_by_key(|card| std::cmp::Reverse((card.rank(), card.suit())));
        cards.into_iter().take(view.pass.count).collect()
    }

    fn play(&mut self, view: &SeatView<'_>) -> Card {
        let lowest = |set: CardSet| set.iter().min_by_key(|card| (card.rank(), card.suit()));
        let safe = match view.trick.winning_card() {
            Some(winning) if !view.legal.of_suit(winning.suit()).is_empty() => view.legal.below(winning),
            Some(_) => view.legal,
            None => CardSet::EMPTY,
        };
        let choice = if view.led_suit().is_some() && view.legal.of_suit(view.led_suit().unwrap()).is_empty() {
            // Void: throw the highest card.
            view.legal.iter().max_by_key(|card| (view.value(*card), card.rank()))
        } else {
            lowest(safe).or_else(|| lowest(view.legal))
        };
        choice.expect("a bot is only asked when it has a card to play")
    }
}
