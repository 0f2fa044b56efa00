//! `hearts perft`: a position from a deal (and moves played), and the count of every line of play from it.

use std::fmt::Write as _;
use std::time::Instant;

use hearts_engine::perft::{divide, perft};
use hearts_engine::{Card, CardSet, Deal, Hand, Rules, Seat};

use super::CommandError;

/// The position perft counts from: the hands, play starting (the last seat
/// dealt), then the given moves.
pub(super) fn perft_position(rules: &Rules, deal: &str, moves: &str) -> Result<Hand, CommandError> {
    let players = rules.player_count();
    let dealer = Seat::new(players - 1).expect("the player count is at most the table size");
    let mut hand =
        if rules.cancellation { two_pack_position(rules, deal, dealer)? } else { position(rules, deal, dealer)? };
    for (i, text) in moves.split_whitespace().enumerate() {
        let card: Card = text.parse()?;
        let seat = hand.to_act();
        hand.play(seat, card).map_err(|error| CommandError::IllegalMove { number: i + 1, seat, card, error })?;
    }
    Ok(hand)
}

/// Every seat holds as many cards as South (`held` counts a seat's cards).
fn even_hands(players: usize, held: impl Fn(Seat) -> usize) -> Result<(), CommandError> {
    let size = held(Seat::SOUTH);
    match Seat::all(players).find(|&seat| held(seat) != size) {
        Some(seat) => Err(CommandError::UnevenHands { seat, held: held(seat), first: Seat::SOUTH, size }),
        None => Ok(()),
    }
}

/// Two packs: a card may be held twice (its rank written twice).
fn two_pack_position(rules: &Rules, deal: &str, dealer: Seat) -> Result<Hand, CommandError> {
    let players = rules.player_count();
    let hands = Deal::parse_bags(deal, players)?;
    even_hands(players, |seat| hands[seat].len())?;
    Ok(Hand::from_cards(rules, hands, dealer))
}

fn position(rules: &Rules, deal: &str, dealer: Seat) -> Result<Hand, CommandError> {
    let players = rules.player_count();
    let hands = Deal::parse_hands(deal, players)?;
    even_hands(players, |seat| hands[seat].len())?;
    let dealt = CardSet::union(hands.of_table(players));
    if let Some(card) = (dealt & rules.removed()).lowest() {
        return Err(CommandError::RemovedCard(card));
    }
    Ok(Hand::from_holdings(rules, hands, dealer))
}

pub(super) fn perft_report(hand: &Hand, depth: u32, show_divide: bool, json: bool) -> String {
    let start = Instant::now();
    let (total, split) = if show_divide || json {
        let split = divide(hand, depth);
        let total = if split.is_empty() { perft(hand, depth) } else { split.iter().map(|(_, n)| n).sum() };
        (total, split)
    } else {
        (perft(hand, depth), Vec::new())
    };
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let nodes_per_sec = (total as f64 / seconds).round();
    if json {
        let split: Vec<String> = split.iter().map(|(card, n)| format!("\"{card}\":{n}")).collect();
        return format!(
            "{{\"depth\":{depth},\"total\":{total},\"divide\":{{{}}},\"nodes_per_sec\":{nodes_per_sec}}}\n",
            split.join(",")
        );
    }
    let mut out = String::new();
    for (card, n) in &split {
        let _ = writeln!(out, "{:>3}  {n}", card.to_string());
    }
    let _ = writeln!(out, "depth {depth}: {total} play sequences");
    let _ = writeln!(out, "{:.1} M nodes/s ({:.3} s)", nodes_per_sec / 1e6, seconds);
    out
}
