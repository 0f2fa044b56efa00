//! `hearts deal`: the deals of a seeded game, hand by hand.

use std::fmt::Write as _;

use hearts_bots::config::LoadedRules;
use hearts_engine::{BySeat, CardBag, Deal, Seat};

fn deal_seat_label(seat: Seat, players: usize) -> String {
    if players == 4 { format!("{} (seat {})", seat.compass_letter(), seat.index()) } else { seat.to_string() }
}

/// The deals of hands in `range` (0-based) of the seeded game.
pub(super) fn deals(loaded: &LoadedRules, seed: u64, range: std::ops::Range<u32>) -> String {
    let rules = &loaded.rules;
    let players = rules.player_count();
    let mut out = format!("seed {seed}: {players} players, preset {}\n", loaded.preset);
    for hand_index in range {
        let deal = Deal::for_hand(rules, seed, hand_index);
        let _ = writeln!(
            out,
            "hand {}: dealer {}, pass {}",
            hand_index + 1,
            deal_seat_label(deal.dealer, players),
            rules.pass_direction(hand_index)
        );
        if rules.cancellation {
            let _ = writeln!(out, "{}", Deal::bags_notation(&BySeat::new_with(|seat| deal.bag_of(seat)), players));
        } else {
            let _ = writeln!(out, "{}", Deal::hands_notation(&deal.hands, players));
        }
        if rules.domino {
            // The stock in the order it will be drawn.
            let (mut stock, mut order) = (deal.kitty, Vec::new());
            while let Some(card) = stock.scrambled_pick() {
                stock.remove(card);
                order.push(card.to_string());
            }
            let _ = writeln!(out, "stock, in drawing order: {}", order.join(" "));
        } else if !deal.kitty.is_empty() {
            let _ = writeln!(out, "kitty: {}", CardBag::new(deal.kitty, deal.twice));
        }
    }
    out
}
