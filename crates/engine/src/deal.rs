//! The seeded deal: which seat deals first and who gets which cards, for
//! every hand of a game, fixed forever by the game seed.
//!
//! The recipe, so any program can reproduce it:
//! 1. The u64 game seed is widened to ChaCha's 32-byte key by four rounds of
//!    SplitMix64, each output stored little-endian.
//! 2. ChaCha8 stream 0 draws the first dealer; stream `k + 1` shuffles the
//!    deck of hand `k` (0-based), so any hand can be dealt on its own.
//! 3. A draw below `n` is Lemire's multiply-and-reject on `next_u32`, so it
//!    is unbiased.
//! 4. The deck is the cards in play in ascending order (clubs, diamonds,
//!    spades, hearts; two to ace; then any jokers, JK1 first; with two
//!    packs, that order and then again), shuffled by
//!    Fisher-Yates from the top
//!    index down, then dealt one at a time clockwise starting left of the
//!    dealer; cards left over form the kitty.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

use super::card::NotationError;
use super::card_set::{CardBag, CardSet};
use super::rules::Rules;
use super::seat::{BySeat, Seat};

/// The game's random source: ChaCha8 keyed by the game seed.
#[derive(Clone, Debug)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    /// The generator for one stream of a game seed.
    pub fn new(seed: u64, stream: u64) -> GameRng {
        let mut state = seed;
        let mut key = [0u8; 32];
        for chunk in key.chunks_exact_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(stream);
        GameRng(rng)
    }

    /// A uniform number in `0..bound` (`bound` > 0), without bias.
    pub fn below(&mut self, bound: u32) -> u32 {
        assert!(bound > 0, "below(0) has no value to return");
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u64::from(self.0.next_u32()) * u64::from(bound);
            if (product as u32) >= threshold {
                return (product >> 32) as u32;
            }
        }
    }

    /// A uniform number in `0.0..1.0`, with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Shuffles a slice in place with Fisher-Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for top in (1..items.len()).rev() {
            let other = self.below(top as u32 + 1) as usize;
            items.swap(top, other);
        }
    }
}

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seat that deals the first hand of the game with this seed.
pub fn first_dealer(seed: u64, players: usize) -> Seat {
    let drawn = GameRng::new(seed, 0).below(players as u32) as usize;
    Seat::new(drawn).expect("a drawn seat is below the player count")
}

/// The seat that deals hand `hand_index` (0-based): the deal passes left.
pub fn dealer_of_hand(seed: u64, players: usize, hand_index: u32) -> Seat {
    first_dealer(seed, players).left(hand_index as usize % players, players)
}

/// The cards each seat is dealt, and the kitty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The seat that dealt.
    pub dealer: Seat,
    /// Each seat's cards.
    pub hands: BySeat<CardSet>,
    /// Cards left face down for the first trick's winner (kitty rule only).
    pub kitty: CardSet,
    /// With two packs: the cards dealt twice to one seat (or lying twice in
    /// the kitty). A card is held twice by at most one seat, so one set
    /// says where: whoever holds the card holds both copies.
    pub twice: CardSet,
}

impl Deal {
    /// Deals hand `hand_index` (0-based) of the game with this seed.
    pub fn for_hand(rules: &Rules, seed: u64, hand_index: u32) -> Deal {
        let players = rules.player_count();
        let dealer = dealer_of_hand(seed, players, hand_index);
        let in_play = rules.deck();
        let pack: Vec<_> = (in_play - CardSet::JOKERS).iter().chain((in_play & CardSet::JOKERS).iter()).collect();
        let mut deck = if rules.cancellation { pack.repeat(2) } else { pack };
        GameRng::new(seed, u64::from(hand_index) + 1).shuffle(&mut deck);
        let dealt = rules.hand_size() * players;
        let mut hands = BySeat::splat(CardSet::EMPTY);
        let mut twice = CardSet::EMPTY;
        let mut give = |to: &mut CardSet, card| {
            if to.contains(card) {
                twice.insert(card);
            }
            to.insert(card);
        };
        for (i, &card) in deck[..dealt].iter().enumerate() {
            give(&mut hands[dealer.left(1 + i, players)], card);
        }
        let mut kitty = CardSet::EMPTY;
        for &card in &deck[dealt..] {
            give(&mut kitty, card);
        }
        Deal { dealer, hands, kitty, twice }
    }

    /// Writes the hands in deal notation, in seat order. Four-player deals
    /// are prefixed `S:` (seat 0 is South and the rest follow clockwise).
    pub fn hands_notation(hands: &BySeat<CardSet>, players: usize) -> String {
        let written: Vec<String> = hands.of_table(players).iter().map(|hand| hand.to_hand_notation()).collect();
        let prefix = if players == 4 { "S:" } else { "" };
        format!("{prefix}{}", written.join(" "))
    }

    /// The cards a seat was dealt, both copies where it was dealt two.
    pub fn bag_of(&self, seat: Seat) -> CardBag {
        CardBag::new(self.hands[seat], self.twice)
    }

    /// Writes two-pack hands in deal notation, in seat order, a rank
    /// written twice where a seat holds both copies.
    pub fn bags_notation(hands: &BySeat<CardBag>, players: usize) -> String {
        let written: Vec<String> = hands.of_table(players).iter().map(|hand| hand.to_hand_notation()).collect();
        written.join(" ")
    }

    /// Reads two-pack hands in deal notation, one per seat in seat order:
    /// no card more than twice among them.
    pub fn parse_bags(text: &str, players: usize) -> Result<BySeat<CardBag>, NotationError> {
        let bad = |why: String| NotationError::BadDeal(why);
        let written: Vec<&str> = text.split_whitespace().collect();
        if written.len() != players {
            return Err(bad(format!("{} hands given for {players} players", written.len())));
        }
        let mut hands = BySeat::splat(CardBag::EMPTY);
        let mut seen = CardBag::EMPTY;
        for (i, text) in written.into_iter().enumerate() {
            let hand = CardBag::from_hand_notation(text)?;
            if let Some(card) = (hand.cards() & seen.twice()).lowest().or((hand.twice() & seen.cards()).lowest()) {
                return Err(bad(format!("{card} is dealt more than twice")));
            }
            seen = seen.plus(hand);
            hands[Seat::new(i).expect("one hand per seat")] = hand;
        }
        Ok(hands)
    }

    /// Reads hands in deal notation: one hand per seat separated by spaces,
    /// in seat order; for four players an optional `S:`, `W:`, `N:` or `E:`
    /// prefix names the seat of the first hand and the rest follow clockwise.
    /// The hands must not share a card.
    pub fn parse_hands(text: &str, players: usize) -> Result<BySeat<CardSet>, NotationError> {
        let bad = |why: String| NotationError::BadDeal(why);
        let text = text.trim();
        let (first_seat, body) = match text.split_once(':') {
            Some((prefix, body)) => {
                if players != 4 {
                    return Err(bad(format!("the seat prefix `{prefix}:` is for four players only")));
                }
                let seat = Seat::all(4)
                    .find(|seat| prefix.eq_ignore_ascii_case(&seat.compass_letter().to_string()))
                    .ok_or_else(|| bad(format!("`{prefix}` is not a seat: use S, W, N or E")))?;
                (seat, body)
            }
            None => (Seat::SOUTH, text),
        };
        let written: Vec<&str> = body.split_whitespace().collect();
        if written.len() != players {
            return Err(bad(format!("{} hands given for {players} players", written.len())));
        }
        let mut hands = BySeat::splat(CardSet::EMPTY);
        let mut seen = CardSet::EMPTY;
        for (i, text) in written.into_iter().enumerate() {
            let hand = CardSet::from_hand_notation(text)?;
            if let Some(card) = (hand & seen).lowest() {
                return Err(bad(format!("{card} is in two hands")));
            }
            seen |= hand;
            hands[first_seat.left(i, players)] = hand;
        }
        Ok(hands)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_in_range_and_uses_every_value() {
        let mut rng = GameRng::new(7, 0);
        let mut seen = [0u32; 5];
        for _ in 0..5_000 {
            seen[rng.below(5) as usize] += 1;
        }
        assert!(seen.iter().all(|&count| (850..1150).contains(&count)), "{seen:?}");
    }

    #[test]
    fn streams_and_seeds_differ() {
        let mut a = GameRng::new(1, 0);
        let mut b = GameRng::new(1, 1);
        let mut c = GameRng::new(2, 0);
        let draws = |rng: &mut GameRng| (0..8).map(|_| rng.below(1000)).collect::<Vec<_>>();
        let (a, b, c) = (draws(&mut a), draws(&mut b), draws(&mut c));
        assert_ne!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn a_deal_gives_every_card_in_play_once() {
        for players in 3..=7u8 {
            let rules = Rules { players, ..Rules::default() };
            let deal = Deal::for_hand(&rules, 99, 3);
            let mut all = CardSet::EMPTY;
            for seat in Seat::all(players as usize) {
                assert_eq!(deal.hands[seat].len(), rules.hand_size());
                assert!((all & deal.hands[seat]).is_empty());
                all |= deal.hands[seat];
            }
            assert_eq!(all, rules.deck());
            assert!(deal.kitty.is_empty());
        }
    }

    #[test]
    fn the_deal_passes_left_each_hand() {
        let first = first_dealer(42, 4);
        for hand in 0..8 {
            assert_eq!(dealer_of_hand(42, 4, hand), first.left(hand as usize, 4));
        }
    }

    #[test]
    fn deal_notation_round_trips_and_honours_the_prefix() {
        let deal = Deal::for_hand(&Rules::default(), 5, 0);
        let text = Deal::hands_notation(&deal.hands, 4);
        assert!(text.starts_with("S:"));
        assert_eq!(Deal::parse_hands(&text, 4), Ok(deal.hands));
        let hands = Deal::parse_hands("W:A... K... Q... J...", 4).unwrap();
        assert_eq!(hands[Seat::new(1).unwrap()].to_string(), "AS");
        assert_eq!(hands[Seat::SOUTH].to_string(), "JS");
    }

    #[test]
    fn bad_deal_notation_is_refused() {
        assert!(Deal::parse_hands("A... K... Q...", 4).is_err());
        assert!(Deal::parse_hands("X:A... K... Q... J...", 4).is_err());
        assert!(Deal::parse_hands("A... A... Q... J...", 4).is_err());
        assert!(Deal::parse_hands("S:A... K... Q...", 3).is_err());
    }
}
