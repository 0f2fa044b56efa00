//! Golden deals: a seed fixes the first dealer and every deal, forever.
//! If one of these fails, numbered games that people share would change:
//! fix the code, never the table.

use hearts::engine::{CardSet, Deal, Rules};

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
    let rules = Rules { players: 5, kitty: true, ..Rules::default() };
    let deal = Deal::for_hand(&rules, 7, 0);
    assert_eq!(
        Deal::hands_notation(&deal.hands, 5),
        "Q83.J.T5.T986 95.Q64.QJ873. J72.A97.4.J74 A.52.A6.AQ532 KT64.KT8.K2.K"
    );
    assert_eq!(deal.kitty, "9D 3H".parse::<CardSet>().unwrap());
}

#[test]
fn the_same_seed_deals_the_same_game_twice() {
    let rules = Rules::default();
    for hand_index in 0..8 {
        assert_eq!(Deal::for_hand(&rules, 2026, hand_index), Deal::for_hand(&rules, 2026, hand_index));
    }
    assert_ne!(Deal::for_hand(&rules, 2026, 0).hands, Deal::for_hand(&rules, 2027, 0).hands);
}

/// The recipe in `src/engine/deal.rs`, step by step: the deck in ascending
/// order, shuffled by stream `k + 1`, dealt one card at a time clockwise
/// from the dealer's left.
#[test]
fn the_documented_recipe_reproduces_the_deal() {
    use hearts::engine::{GameRng, Seat, first_dealer};
    let rules = Rules { players: 5, ..Rules::default() };
    let (seed, hand_index) = (2026, 3);
    let mut deck: Vec<_> = rules.deck().iter().collect();
    GameRng::new(seed, u64::from(hand_index) + 1).shuffle(&mut deck);
    let dealer = first_dealer(seed, 5).left(hand_index as usize, 5);
    let deal = Deal::for_hand(&rules, seed, hand_index);
    assert_eq!(deal.dealer, dealer);
    for (i, card) in deck.into_iter().enumerate() {
        let seat: Seat = dealer.left(1 + i % 5, 5);
        assert!(deal.hands[seat].contains(card), "card {i} ({card}) goes to {seat}");
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
