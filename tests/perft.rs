//! Perft: counts verified by hand on small endings, and self-consistency
//! (the divide sums to the total) on real deals.

mod common;

use common::position;
use hearts_engine::perft::{divide, perft};
use hearts_engine::{Deal, Hand, PassDirection, Preset, Rules};

#[test]
fn one_card_each_is_one_sequence_and_a_finished_hand_is_one_leaf() {
    let hand = position(&Rules::default(), "S:-.-.-.2 -.-.-.3 -.-.-.4 -.-.-.5");
    for depth in 0..=6 {
        assert_eq!(perft(&hand, depth), 1, "depth {depth}");
    }
}

/// South leads 2C, West follows 4C; North may shed 6D or 7D (no-blood
/// keeps nothing else out: it has no penalty card); East must shed 8D, not
/// AH. West leads 5D next and every play is forced: 2 sequences.
#[test]
fn no_blood_narrows_the_first_trick() {
    let hand = position(&Rules::default(), "S:-.-.3.2 -.-.5.4 -.-.76.- -.A.8.-");
    let counts: Vec<u64> = (1..=9).map(|depth| perft(&hand, depth)).collect();
    assert_eq!(counts, [1, 1, 2, 2, 2, 2, 2, 2, 2]);
}

/// The first trick is all clubs and East wins it with 5C. East then leads a
/// diamond (2 ways: hearts are unbroken), and the other three, void in
/// diamonds, each discard one of two cards: 2 x 2 x 2 x 2 = 16. The last
/// trick is forced.
#[test]
fn discards_multiply_after_the_first_trick() {
    let hand = position(&Rules::default(), "S:AK...2 -.32..3 Q.4..4 -..65.5");
    let counts: Vec<u64> = (1..=12).map(|depth| perft(&hand, depth)).collect();
    assert_eq!(counts, [1, 1, 1, 1, 2, 4, 8, 16, 16, 16, 16, 16]);
}

/// Without no-blood, North and East may also throw their hearts on the
/// first trick: North 3 ways, East 2.
#[test]
fn without_no_blood_the_first_trick_opens_up() {
    let bloody = Rules { no_blood: false, ..Rules::default() };
    let hand = position(&bloody, "S:-.-.3.2 -.-.5.4 -.2.76.- -.A.8.-");
    assert_eq!(perft(&hand, 4), 3 * 2);
    let hand = position(&bloody, "S:-.-.3.2 -.-.5.4 -.-.76.- -.A.8.-");
    assert_eq!(perft(&hand, 4), 2 * 2);
}

#[test]
fn the_divide_sums_to_the_total_on_real_deals() {
    for &preset in Preset::ALL {
        for players in [3u8, 4, 5, 6, 7].into_iter().filter(|n| preset.player_counts().contains(n)) {
            let rules = Rules { players, ..preset.rules() };
            let deal = Deal::for_hand(&rules, 5, 0);
            let mut hand = Hand::new(&rules, deal, PassDirection::Hold);
            // Perft counts cards: nobody declares.
            while let Some(seat) = hand.to_declare() {
                hand.declare(seat, false).unwrap();
            }
            // Nor bids: the hand is played with hearts.
            while let Some(seat) = hand.to_bid() {
                hand.bid(seat, None).unwrap();
            }
            for depth in [1, 3, 5] {
                let split = divide(&hand, depth);
                let sum: u64 = split.iter().map(|(_, n)| n).sum();
                assert_eq!(sum, perft(&hand, depth), "{preset}, {players} players, depth {depth}");
                let mut child = hand;
                if let Some(&(card, n)) = split.first() {
                    child.play(hand.to_act(), card).unwrap();
                    assert_eq!(perft(&child, depth - 1), n);
                }
            }
        }
    }
}

/// A pinned count on a seeded deal guards move generation against change.
#[test]
fn a_seeded_deal_has_a_pinned_count() {
    let rules = Rules::default();
    let hand = Hand::new(&rules, Deal::for_hand(&rules, 42, 3), PassDirection::Hold);
    assert_eq!(perft(&hand, 6), 608);
    assert_eq!(perft(&hand, 10), 78_696);
}
