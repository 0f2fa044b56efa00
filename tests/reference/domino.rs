//! Domino Hearts from the rule book: six cards each and a stock; a player
//! who cannot follow draws one card at a time until they can; a player out
//! of cards drops out; the next holder clockwise leads for a winner with
//! none; when one player still holds cards they take them and the stock
//! (nobody: the last trick's winner takes it).

use super::{face, take_points};
use hearts_engine::{Card, Rules, Suit};

/// The stock's next card, as the rule book states the order: number the
/// cards clubs, diamonds, spades, hearts (16 places a suit, two first), mix
/// the sum of 2^number with SplitMix64's finaliser, and count that many
/// places (modulo the stock's size) up from the stock's lowest card.
pub fn next_from_stock(stock: &[Card]) -> Card {
    let number = |card: &Card| {
        let suit = [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts].iter().position(|&s| s == card.suit());
        suit.unwrap() as u64 * 16 + (face(card.rank()) - 2) as u64
    };
    let mut sorted = stock.to_vec();
    sorted.sort_by_key(number);
    let bits: u64 = sorted.iter().map(|card| 1u64 << number(card)).sum();
    let mut z = bits.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    sorted[(z % sorted.len() as u64) as usize]
}

/// A Domino hand by the rule book.
#[derive(Clone, Debug)]
pub struct RefDomino {
    pub rules: Rules,
    pub players: usize,
    pub holdings: Vec<Vec<Card>>,
    pub stock: Vec<Card>,
    /// The seats playing to this trick, in play order from its leader.
    pub in_trick: Vec<usize>,
    pub trick: Vec<(usize, Card)>,
    pub to_act: usize,
    pub taken: Vec<Vec<Card>>,
    pub over: bool,
    /// The cards the seat to act drew before playing to this trick.
    pub drawn: Vec<Card>,
}

impl RefDomino {
    pub fn new(rules: &Rules, holdings: Vec<Vec<Card>>, stock: Vec<Card>, dealer: usize) -> RefDomino {
        let players = rules.player_count();
        let leader = (dealer + 1) % players;
        let mut hand = RefDomino {
            rules: *rules,
            players,
            holdings,
            stock,
            in_trick: Vec::new(),
            trick: Vec::new(),
            to_act: leader,
            taken: vec![Vec::new(); players],
            over: false,
            drawn: Vec::new(),
        };
        hand.start_trick(leader);
        hand
    }

    fn start_trick(&mut self, leader: usize) {
        self.in_trick = (0..self.players)
            .map(|step| (leader + step) % self.players)
            .filter(|&seat| !self.holdings[seat].is_empty())
            .collect();
        self.trick.clear();
        self.to_act = leader;
    }

    /// The cards the seat to act may play: any card to lead; otherwise the
    /// suit led if it holds one, else anything.
    pub fn legal(&self) -> Vec<Card> {
        let held = &self.holdings[self.to_act];
        let mut legal: Vec<Card> = match self.trick.first() {
            None => held.clone(),
            Some((_, led)) => {
                let follow: Vec<Card> = held.iter().copied().filter(|c| c.suit() == led.suit()).collect();
                if follow.is_empty() { held.clone() } else { follow }
            }
        };
        legal.sort();
        legal
    }

    pub fn play(&mut self, card: Card) {
        let seat = self.to_act;
        self.holdings[seat].retain(|&c| c != card);
        self.trick.push((seat, card));
        self.drawn.clear();
        if self.trick.len() < self.in_trick.len() {
            self.to_act = self.in_trick[self.trick.len()];
            let led = self.trick[0].1.suit();
            while !self.holdings[self.to_act].iter().any(|c| c.suit() == led) && !self.stock.is_empty() {
                let card = next_from_stock(&self.stock);
                self.stock.retain(|&c| c != card);
                self.holdings[self.to_act].push(card);
                self.drawn.push(card);
            }
            return;
        }
        let led = self.trick[0].1.suit();
        let (winner, _) =
            *self.trick.iter().filter(|(_, c)| c.suit() == led).max_by_key(|(_, c)| face(c.rank())).unwrap();
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        self.taken[winner].extend(cards);
        let holders: Vec<usize> = (0..self.players).filter(|&s| !self.holdings[s].is_empty()).collect();
        if holders.len() >= 2 {
            let leader = (0..self.players)
                .map(|step| (winner + step) % self.players)
                .find(|&s| !self.holdings[s].is_empty())
                .unwrap();
            self.start_trick(leader);
        } else {
            let taker = holders.first().copied().unwrap_or(winner);
            let rest: Vec<Card> = self.holdings[taker].drain(..).chain(self.stock.drain(..)).collect();
            self.taken[taker].extend(rest);
            self.trick.clear();
            self.over = true;
        }
    }

    /// Whether the last card completed a trick.
    pub fn trick_just_taken(&self) -> bool {
        self.trick.is_empty()
    }

    pub fn points_taken(&self) -> Vec<i32> {
        self.taken.iter().map(|taken| take_points(taken, &self.rules)).collect()
    }
}

/// Counts play sequences `depth` cards deep; a finished hand is one leaf.
pub fn perft(hand: &RefDomino, depth: u32) -> u64 {
    if depth == 0 || hand.over {
        return 1;
    }
    hand.legal()
        .into_iter()
        .map(|card| {
            let mut next = hand.clone();
            next.play(card);
            perft(&next, depth - 1)
        })
        .sum()
}
