//! Perft: counting the legal play sequences from a position, as chess
//! engines do, to check move generation and measure its speed.

use super::card::Card;
use super::hand::{Hand, HandPhase};

/// The number of legal play sequences of `depth` cards from `hand`; a
/// finished hand counts as one leaf.
pub fn perft(hand: &Hand, depth: u32) -> u64 {
    if !hand.can_undo() {
        return perft_by_copy(hand, depth);
    }
    perft_in_place(&mut { *hand }, depth)
}

/// Perft by playing each card and taking it back: no copy of the hand per
/// node, which was a quarter of the work.
fn perft_in_place(hand: &mut Hand, depth: u32) -> u64 {
    if depth == 0 || hand.phase() != HandPhase::Playing {
        return 1;
    }
    let moves = hand.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for card in moves {
        let undo = hand.play_undoable(card);
        total += perft_in_place(hand, depth - 1);
        hand.unplay(undo);
    }
    total
}

/// Perft by copying the hand for each card: Domino's draws cannot be taken back.
fn perft_by_copy(hand: &Hand, depth: u32) -> u64 {
    if depth == 0 || hand.phase() != HandPhase::Playing {
        return 1;
    }
    let moves = hand.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|card| perft_by_copy(&child(hand, card), depth - 1)).sum()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Preset, Rules};

    /// Counting by taking plays back finds what counting by copying finds,
    /// from the opening and from a position a few tricks in, under every
    /// preset but Domino and Cancellation (counted by copying) and every
    /// table size.
    #[test]
    fn perft_in_place_counts_what_perft_by_copy_counts() {
        for &preset in Preset::ALL.iter().filter(|&&p| !p.rules().domino && !p.rules().cancellation) {
            for &players in preset.player_counts() {
                let rules = Rules { players, ..preset.rules() };
                let mut hand = Hand::ready_to_play(&rules, 3);
                for _ in 0..2 {
                    let depth = 6;
                    assert_eq!(
                        perft_in_place(&mut { hand }, depth),
                        perft_by_copy(&hand, depth),
                        "{preset:?}, {players} players"
                    );
                    for _ in 0..(3 * players) {
                        let card = hand.legal_moves().highest().expect("cards left");
                        hand.play_legal(card);
                    }
                }
            }
        }
    }
}
