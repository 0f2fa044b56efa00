//! Perft: counting the legal play sequences from a position, as chess
//! engines do, to check move generation and measure its speed.

use super::card::Card;
use super::hand::{Hand, HandPhase};

/// The number of legal play sequences of `depth` cards from `hand`; a
/// finished hand counts as one leaf.
pub fn perft(hand: &Hand, depth: u32) -> u64 {
    if depth == 0 || hand.phase() != HandPhase::Playing {
        return 1;
    }
    let moves = hand.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|card| perft(&child(hand, card), depth - 1)).sum()
}

/// The count under each first move, in card order.
pub fn divide(hand: &Hand, depth: u32) -> Vec<(Card, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    hand.legal_moves().iter().map(|card| (card, perft(&child(hand, card), depth - 1))).collect()
}

fn child(hand: &Hand, card: Card) -> Hand {
    let mut next = *hand;
    next.play_legal(card);
    next
}
