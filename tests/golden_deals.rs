//! Golden deals: a seed fixes the first dealer and every deal, forever.
//! If one of these fails, numbered games that people share would change:
//! fix the code, never the table.

use hearts_engine::{CardSet, Deal, Rules};

/// (players, seed, hand index, dealer, hands in deal notation)
const GOLDEN: &[(u8, u64, u32, usize, &str)] = &[
    (4, 0, 0, 0, "S:T54.A5432.JT.653 QJ6.J96.K42.KT87 AK93.Q7.9853.J94 872.KT8.AQ76.AQ2"),
    (4, 1, 0, 1, "S:Q94.J96.A963.K62 T.AQ843.Q82.J743 KJ7.K72.J75.T985 A86532.T5.KT4.AQ"),
    (4, 1, 1, 2, "S:J32.J743.8532.A5 T6.6.AK6.KQ98764 9754.QT852.J9.J3 AKQ8.AK9.QT74.T2"),
    (4, 42, 0, 2, "S:KQT3.875.986.754 A94.AJ93.74.KQJ3 82.KT2.AKJ3.AT62 J765.Q64.QT52.98"),
    (4, u64::MAX, 0, 1, "S:AKJ9.T8.Q.AK9765 QT73.QJ6.J765.Q4 642.932.AT832.83 85.AK754.K94.JT2"),
    (3, 7, 0, 0, "T762.J83.QJ65.AKQ873 A93.AKT5.A98743.T642 KQJ854.Q97642.KT.J95"),
    (5, 7, 0, 1, "QT7.AJ9.T5.J5 J.532.A.AQ643 A65.8.KQ93.K7 K93.KT.J76.98 842.Q764.84.T"),
    (6, 7, 0, 1, "9.J9.KQJT.T KQJ.64..974 T83.5.54.63 A64.72.6.J5 7.QT3.9.KQ8 5.AK8.A87.A"),
    (7, 7, 0, 2, "T83.9.9.AK A.K3.J.QT4 K.A84.6.62 9742.2.A.7 QJ6.75.KQ. 5.Q6.T85.9 .JT.74.J85"),
];

#[test]
fn seeds_deal_exactly_the_pinned_hands() {
    for &(players, seed, hand_index, dealer, hands) in GOLDEN {
        let rules = Rules { players, ..Rules::default() };
        let deal = Deal::for_hand(&rules, seed, hand_index);
        assert_eq!(deal.dealer.index(), dealer, "dealer for seed {seed} hand {hand_index}, {players} players");
        assert_eq!(
            Deal::hands_notation(&deal.hands, players as usize),
            hands,
            "deal for seed {seed} hand {hand_index}, {players} players"
        );
    }
}

#[test]
fn a_kitty_deal_is_pinned_too() {
    let rules = Rules { players: 5, kitty: hearts_engine::Kitty::Leftover, ..Rules::default() };
    let deal = Deal::for_hand(&rules, 7, 0);
    assert_eq!(
        Deal::hands_notation(&deal.hands, 5),
        "Q83.J.T5.T986 95.Q64.QJ873. J72.A97.4.J74 A.52.A6.AQ532 KT64.KT8.K2.K"
    );
    assert_eq!(deal.kitty, "9D 3H".parse::<CardSet>().unwrap());
}

#[test]
fn a_joker_deal_is_pinned_too() {
    let rules = Rules { players: 3, ..hearts_engine::Preset::Joker.rules() };
    let deal = Deal::for_hand(&rules, 7, 0);
    assert_eq!(Deal::hands_notation(&deal.hands, 3), PINNED_JOKER_3);
    let four = Deal::for_hand(&Rules { players: 4, ..rules }, 7, 0);
    assert_eq!(Deal::hands_notation(&four.hands, 4), PINNED_JOKER_4);
}

#[test]
fn a_heartsette_deal_is_pinned_too() {
    let rules = hearts_engine::Preset::Heartsette.rules();
    let rules = Rules { players: 3, ..rules };
    let deal = Deal::for_hand(&rules, 7, 0);
    assert_eq!(deal.kitty.len(), 4, "three players leave a widow of four");
    assert_eq!(Deal::hands_notation(&deal.hands, 3), PINNED_HEARTSETTE_3);
    assert_eq!(deal.kitty, PINNED_HEARTSETTE_3_WIDOW.parse::<CardSet>().unwrap());
    let four = Deal::for_hand(&Rules { players: 4, ..rules }, 7, 0);
    assert_eq!((four.kitty.len(), four.hands[hearts_engine::Seat::SOUTH].len()), (3, 12));
    assert!(!CardSet::union(four.hands.of_table(4)).contains("2S".parse().unwrap()));
    assert!(!four.kitty.contains("2S".parse().unwrap()), "the 2S is out at four players");
}

#[test]
fn the_same_seed_deals_the_same_game_twice() {
    let rules = Rules::default();
    for hand_index in 0..8 {
        assert_eq!(Deal::for_hand(&rules, 2026, hand_index), Deal::for_hand(&rules, 2026, hand_index));
    }
    assert_ne!(Deal::for_hand(&rules, 2026, 0).hands, Deal::for_hand(&rules, 2027, 0).hands);
}

/// The recipe documented in `src/engine/deal.rs`, implemented a second
/// time from that text alone (only the ChaCha8 generator is borrowed):
/// SplitMix64 widens the seed into the key, stream 0 draws the first
/// dealer, stream k + 1 shuffles hand k's deck, draws below n use Lemire's
/// multiply-and-reject, Fisher-Yates runs from the top index down, and the
/// cards go one at a time clockwise from the dealer's left.
mod recipe {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{RngCore, SeedableRng};

    pub fn generator(seed: u64, stream: u64) -> ChaCha8Rng {
        let mut state = seed;
        let mut key = [0u8; 32];
        for i in 0..4 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            key[i * 8..i * 8 + 8].copy_from_slice(&z.to_le_bytes());
        }
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(stream);
        rng
    }

    /// Lemire: multiply a 32-bit draw by n, reject the low part below 2^32 mod n.
    pub fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
        let threshold = (u64::from(u32::MAX) + 1 - u64::from(n)) % u64::from(n);
        loop {
            let product = u64::from(rng.next_u32()) * u64::from(n);
            if product % (1 << 32) >= threshold {
                return (product >> 32) as u32;
            }
        }
    }

    /// The deal of hand `k`: (dealer, each seat's cards as written, kitty).
    /// `per_seat`: cards each (the rest is the kitty); `None` deals the
    /// deck out evenly.
    pub fn deal(
        seed: u64,
        k: u32,
        players: usize,
        deck: Vec<String>,
        per_seat: Option<usize>,
    ) -> (usize, Vec<Vec<String>>, Vec<String>) {
        let first_dealer = below(&mut generator(seed, 0), players as u32) as usize;
        let dealer = (first_dealer + k as usize) % players;
        let mut deck = deck;
        let mut rng = generator(seed, u64::from(k) + 1);
        for top in (1..deck.len()).rev() {
            let other = below(&mut rng, top as u32 + 1) as usize;
            deck.swap(top, other);
        }
        let per_seat = per_seat.unwrap_or(deck.len() / players);
        let mut hands = vec![Vec::new(); players];
        for (i, card) in deck.iter().take(per_seat * players).enumerate() {
            hands[(dealer + 1 + i) % players].push(card.clone());
        }
        (dealer, hands, deck[per_seat * players..].to_vec())
    }
}

/// The deck in ascending order as the recipe describes it: clubs, diamonds,
/// spades, hearts; two to ace; less the removed cards.
fn ascending_deck(removed: &[&str]) -> Vec<String> {
    let mut deck = Vec::new();
    for suit in ["C", "D", "S", "H"] {
        for rank in ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"] {
            let card = format!("{rank}{suit}");
            if !removed.contains(&card.as_str()) {
                deck.push(card);
            }
        }
    }
    deck
}

/// A table to deal for: players, the cards removed, the kitty, the cards
/// each (when not the deck divided evenly), and the jokers.
type Table = (u8, &'static [&'static str], hearts_engine::Kitty, Option<usize>, u8);

#[test]
fn a_second_implementation_of_the_documented_recipe_deals_the_same_cards() {
    use hearts_engine::Kitty::{Heartsette, Leftover, Off};
    // Heartsette's rows are the rule book's table: cards each, the rest the widow.
    // The joker rows: the jokers follow the cards, JK1 first, and the
    // fewest cards of 2D 2C 2S 3D ... leave so the deck divides.
    let tables: [Table; 16] = [
        (4, &[], Off, None, 0),
        (3, &["2D"], Off, None, 0),
        (5, &["2D", "2C"], Off, None, 0),
        (6, &["2D", "2C", "2S", "3D"], Off, None, 0),
        (7, &["2D", "3D", "3C"], Off, None, 0),
        (5, &[], Leftover, None, 0),
        (3, &[], Heartsette, Some(16), 0),
        (4, &["2S"], Heartsette, Some(12), 0),
        (5, &[], Heartsette, Some(10), 0),
        (6, &[], Heartsette, Some(8), 0),
        (7, &[], Heartsette, Some(7), 0),
        (3, &[], Off, None, 2),
        (4, &[], Off, None, 4),
        (5, &["2D"], Off, None, 4),
        (6, &[], Off, None, 2),
        (4, &["2D", "2C", "2S"], Off, None, 3),
    ];
    for (players, removed, kitty, per_seat, jokers) in tables {
        let rules = Rules { players, kitty, jokers: Some(jokers), ..Rules::default() };
        for seed in [0, 1, 42, 2026, u64::MAX] {
            for k in 0..6 {
                let mut deck = ascending_deck(removed);
                deck.extend((1..=jokers).map(|n| format!("JK{n}")));
                let (dealer, hands, left_over) = recipe::deal(seed, k, players as usize, deck, per_seat);
                let deal = Deal::for_hand(&rules, seed, k);
                assert_eq!(deal.dealer.index(), dealer, "dealer: {players} players, seed {seed}, hand {k}");
                for (seat, cards) in hands.iter().enumerate() {
                    let cards: CardSet = cards.join(" ").parse().unwrap();
                    assert_eq!(deal.hands[hearts_engine::Seat::new(seat).unwrap()], cards, "seat {seat}, seed {seed}");
                }
                assert_eq!(deal.kitty, left_over.join(" ").parse::<CardSet>().unwrap_or(CardSet::EMPTY));
            }
        }
    }
}

#[test]
fn a_removed_card_list_overrides_the_rule_books() {
    // 002's list for six players.
    let removed: CardSet = "2D 3D 3C 4C".parse().unwrap();
    let rules = Rules { players: 6, removed_cards: Some(removed), ..Rules::default() };
    assert_eq!(rules.validate(), Ok(()));
    let deal = Deal::for_hand(&rules, 9, 0);
    let dealt = CardSet::union(deal.hands.of_table(6));
    assert_eq!(dealt, CardSet::DECK - removed);
    assert!(dealt.contains("2C".parse().unwrap()) && dealt.contains("2S".parse().unwrap()));
}

/// Game 7's first Heartsette deal at three players: 16 cards each.
const PINNED_HEARTSETTE_3: &str = "Q9842.KQT942.K.J653 AKJT7.AJ6.QJ5.AKQ97 653.875.AT86432.T42";
/// And its widow of four.
const PINNED_HEARTSETTE_3_WIDOW: &str = "8C 7D 9D 3H";

/// Game 7's first deal of the joker preset at three players (two jokers,
/// 18 cards each) and at four (four jokers, 14 each).
const PINNED_JOKER_3: &str = "Q7.AK854.K765.KQ98743 KJ832.QT976.J8432.J2.1 AT9654.J32.AQT9.AT65.2";
const PINNED_JOKER_4: &str = "S:QT9.8.AJ974.A64.23 754.T9764.Q63.J.14 32.AK532.52.KQ832 AKJ86.QJ.KT8.T975";

#[test]
fn a_domino_deal_and_its_stock_order_are_pinned_too() {
    // Six cards each; the stock is drawn in the order its own cards give.
    let draw_order = |mut stock: CardSet| {
        let mut order = Vec::new();
        while let Some(card) = stock.scrambled_pick() {
            stock.remove(card);
            order.push(card.to_string());
        }
        order.join(" ")
    };
    let two = Rules { players: 2, ..hearts_engine::Preset::Domino.rules() };
    let deal = Deal::for_hand(&two, 7, 0);
    assert_eq!(deal.dealer.index(), 0);
    assert_eq!(Deal::hands_notation(&deal.hands, 2), "2.J.Q62.3 AQJ5.K7..");
    assert_eq!(
        draw_order(deal.kitty),
        "TC 8D 5H 4D TD 7D 2C 9H 7S 5C 3H 3D QC AD 8C KD 9C 3S JD KC TH 9D 4C KS 7C 4H AH TS 8H QH 9S 4S 8S 6C 6S 6H \
         JC 2H 5D AC"
    );
    let four = Rules { players: 4, ..two };
    let deal = Deal::for_hand(&four, 42, 0);
    assert_eq!(Deal::hands_notation(&deal.hands, 4), "S:KQ3.8.86. 4.A9.7.KQ 2.T.KJ.A2 6.Q6.T5.8");
    assert_eq!(
        draw_order(deal.kitty),
        "7H TC AD TS 9C JS 6C 8S 9S 9D 5C JH AS QD 5S 4C 3C 5H 2H 3D 2D JC 7S 4H 3H KH 7C 4D"
    );
}

#[test]
fn a_two_pack_deal_is_pinned_too() {
    use hearts_engine::{BySeat, CardBag, Preset};
    let bags = |deal: &Deal| BySeat::new_with(|seat| deal.bag_of(seat));
    let eight = Rules { players: 8, ..Preset::Cancellation.rules() };
    let deal = Deal::for_hand(&eight, 7, 0);
    assert_eq!(deal.dealer.index(), 2);
    assert_eq!(
        Deal::bags_notation(&bags(&deal), 8),
        "KJ5.87.QT74.T974 J932.QT64.KT.KJ5 87544.QT97.A85.7 KQ9.AKJ5.A952.65 \
         3.J9643.982.AKQ8 QT7.532.KJ63.T22 AA6.K8.Q743.Q984 T862.A2.J6.AJ633"
    );
    assert!(deal.kitty.is_empty(), "eight players share 104 cards evenly");
    let eleven = Rules { players: 11, ..eight };
    let deal = Deal::for_hand(&eleven, 7, 0);
    assert_eq!(deal.dealer.index(), 3);
    assert_eq!(
        Deal::bags_notation(&bags(&deal), 11),
        "97.9876..J54 KQ.T22.87.87 J5.4.44.K632 AQ4.QJ83.J6. 73.5.J5.T842 T88.KJ9.Q.KQ \
         .A6.K753.A73 653.KT.A6.65 T2.AQ.QT92.T A2.75.98.QJ9 J96.3.AKT32."
    );
    assert_eq!(CardBag::new(deal.kitty, deal.twice), "9C AC 4S KS 4H".parse().unwrap());
    // The notation reads back to the same hands.
    assert_eq!(Deal::parse_bags(&Deal::bags_notation(&bags(&deal), 11), 11), Ok(bags(&deal)));
}
