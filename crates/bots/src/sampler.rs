//! Dealing the cards a seat cannot see, uniformly among every deal that
//! agrees with what it knows.
//!
//! The unseen cards fall into groups whose cards the same receivers may
//! hold (a suit, which a seat that showed out of it may not hold; the
//! jokers, which anyone may). Each receiver (another seat, or the kitty)
//! needs a number of cards. The number of deals that agree is counted
//! group by group over the receivers' remaining needs; a deal is then drawn
//! group by group, each split of a group chosen in proportion to the number
//! of deals it leaves, and the group's cards dealt to that split at random.
//! Every agreeing deal is equally likely.

use std::collections::HashMap;

use hearts_engine::{Card, CardSet, GameRng};

/// Receivers at most: six other seats and the kitty.
const RECEIVERS: usize = 8;

/// Cards that the same receivers may hold.
#[derive(Clone, Debug)]
pub struct Group {
    /// The cards.
    pub cards: Vec<Card>,
    /// Bit `r` set: receiver `r` may hold them.
    pub eligible: u8,
}

/// What each receiver still needs.
type Needs = [u8; RECEIVERS];

/// A uniform dealer for one set of constraints.
#[derive(Clone, Debug)]
pub struct UniformDeal {
    groups: Vec<Group>,
    needs: Needs,
    receivers: usize,
    /// Deals that agree from group `g` on, by the needs left: every state
    /// the first group can reach.
    ways: HashMap<(usize, Needs), f64>,
}

impl UniformDeal {
    /// The dealer for these groups and needs (one per receiver); `None`
    /// when no deal agrees.
    pub fn new(groups: Vec<Group>, needs: &[usize]) -> Option<UniformDeal> {
        let receivers = needs.len();
        assert!(receivers <= RECEIVERS, "at most {RECEIVERS} receivers");
        let mut state = [0u8; RECEIVERS];
        for (slot, &need) in state.iter_mut().zip(needs) {
            *slot = u8::try_from(need).ok()?;
        }
        let mut deal = UniformDeal { groups, needs: state, receivers, ways: HashMap::new() };
        (deal.count(0, state) > 0.0).then_some(deal)
    }

    /// How many deals agree with the constraints.
    #[cfg(test)]
    fn total(&self) -> f64 {
        self.ways.get(&(0, self.needs)).copied().unwrap_or(0.0)
    }

    /// Deals that agree from group `group` on, given the needs left.
    fn count(&mut self, group: usize, needs: Needs) -> f64 {
        if group == self.groups.len() {
            return if needs.iter().all(|&n| n == 0) { 1.0 } else { 0.0 };
        }
        if let Some(&known) = self.ways.get(&(group, needs)) {
            return known;
        }
        let mut total = 0.0;
        for split in self.splits(group, &needs) {
            let left = subtract(&needs, &split);
            let rest = self.count(group + 1, left);
            if rest > 0.0 {
                total += multinomial(self.groups[group].cards.len(), &split[..self.receivers]) * rest;
            }
        }
        self.ways.insert((group, needs), total);
        total
    }

    /// Every way to split group `group`'s cards among the receivers that
    /// may hold them, none over its need.
    fn splits(&self, group: usize, needs: &Needs) -> Vec<Needs> {
        let size = self.groups[group].cards.len();
        let eligible = self.groups[group].eligible;
        let mut out = Vec::new();
        let mut split = [0u8; RECEIVERS];
        fill(0, size, self.receivers, eligible, needs, &mut split, &mut out);
        out
    }

    /// One deal, uniformly among those that agree: each receiver's cards.
    pub fn sample(&self, rng: &mut GameRng) -> Vec<CardSet> {
        let mut hands = vec![CardSet::EMPTY; self.receivers];
        let mut needs = self.needs;
        for (g, group) in self.groups.iter().enumerate() {
            let weigh = |split: &Needs| {
                let rest = if g + 1 == self.groups.len() {
                    f64::from(u8::from(subtract(&needs, split).iter().all(|&n| n == 0)))
                } else {
                    self.ways.get(&(g + 1, subtract(&needs, split))).copied().unwrap_or(0.0)
                };
                multinomial(group.cards.len(), &split[..self.receivers]) * rest
            };
            let splits = self.splits(g, &needs);
            let weights: Vec<f64> = splits.iter().map(weigh).collect();
            let total: f64 = weights.iter().sum();
            let mut point = rng.unit() * total;
            let mut chosen = splits.len() - 1;
            for (i, &weight) in weights.iter().enumerate() {
                if weight > 0.0 {
                    chosen = i;
                    if point < weight {
                        break;
                    }
                    point -= weight;
                }
            }
            let split = splits[chosen];
            let mut cards = group.cards.clone();
            rng.shuffle(&mut cards);
            let mut next = cards.into_iter();
            for (receiver, &take) in split[..self.receivers].iter().enumerate() {
                for card in next.by_ref().take(usize::from(take)) {
                    hands[receiver].insert(card);
                }
            }
            needs = subtract(&needs, &split);
        }
        hands
    }
}

/// Splits of `left` cards over receivers `r..`, appended to `out`.
fn fill(r: usize, left: usize, receivers: usize, eligible: u8, needs: &Needs, split: &mut Needs, out: &mut Vec<Needs>) {
    if r == receivers {
        if left == 0 {
            out.push(*split);
        }
        return;
    }
    let most = if eligible & (1 << r) != 0 { left.min(usize::from(needs[r])) } else { 0 };
    for take in 0..=most {
        split[r] = take as u8;
        fill(r + 1, left - take, receivers, eligible, needs, split, out);
    }
    split[r] = 0;
}

fn subtract(needs: &Needs, split: &Needs) -> Needs {
    std::array::from_fn(|r| needs[r] - split[r])
}

/// n! / (k1! k2! ...), as a float: counts of deals grow past 2^64.
fn multinomial(n: usize, parts: &[u8]) -> f64 {
    let factorial = |k: usize| (1..=k).map(|i| i as f64).product::<f64>();
    factorial(n) / parts.iter().map(|&k| factorial(usize::from(k))).product::<f64>()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// Every deal of the groups' cards that agrees, found one card at a
    /// time: the reference the sampler is judged by.
    fn every_deal(groups: &[Group], needs: &[usize]) -> Vec<Vec<CardSet>> {
        let cards: Vec<(Card, u8)> =
            groups.iter().flat_map(|g| g.cards.iter().map(move |&c| (c, g.eligible))).collect();
        let mut deals = Vec::new();
        let mut hands = vec![CardSet::EMPTY; needs.len()];
        fn place(
            i: usize,
            cards: &[(Card, u8)],
            needs: &[usize],
            hands: &mut Vec<CardSet>,
            deals: &mut Vec<Vec<CardSet>>,
        ) {
            if i == cards.len() {
                if hands.iter().zip(needs).all(|(h, &n)| h.len() == n) {
                    deals.push(hands.clone());
                }
                return;
            }
            let (card, eligible) = cards[i];
            for r in 0..needs.len() {
                if eligible & (1 << r) != 0 && hands[r].len() < needs[r] {
                    hands[r].insert(card);
                    place(i + 1, cards, needs, hands, deals);
                    hands[r].remove(card);
                }
            }
        }
        place(0, &cards, needs, &mut hands, &mut deals);
        deals
    }

    fn check_against_every_deal(groups: Vec<Group>, needs: &[usize], samples: usize) {
        let deals = every_deal(&groups, needs);
        let sampler = UniformDeal::new(groups.clone(), needs).unwrap();
        assert_eq!(sampler.total(), deals.len() as f64, "the count of agreeing deals");
        let cards: Vec<Card> = groups.iter().flat_map(|g| g.cards.clone()).collect();
        let mut rng = GameRng::new(11, 5);
        let mut seen = vec![vec![0usize; needs.len()]; cards.len()];
        for _ in 0..samples {
            let hands = sampler.sample(&mut rng);
            for (r, hand) in hands.iter().enumerate() {
                assert_eq!(hand.len(), needs[r]);
                for (i, &c) in cards.iter().enumerate() {
                    if hand.contains(c) {
                        seen[i][r] += 1;
                    }
                }
            }
            assert!(deals.contains(&hands), "a deal that breaks the constraints: {hands:?}");
        }
        // Each card's chance to be with each receiver: the share of agreeing
        // deals that put it there, within five standard errors.
        for (i, &c) in cards.iter().enumerate() {
            for r in 0..needs.len() {
                let exact = deals.iter().filter(|d| d[r].contains(c)).count() as f64 / deals.len() as f64;
                let found = seen[i][r] as f64 / samples as f64;
                let error = (exact * (1.0 - exact) / samples as f64).sqrt();
                assert!((found - exact).abs() <= 5.0 * error + 1e-9, "{c} with {r}: {found:.4} against {exact:.4}");
            }
        }
    }

    #[test]
    fn a_void_seat_leaves_the_queen_evenly_to_the_others() {
        // The simple case: West (0) showed out of spades; the QS and
        // two hearts go to West, North (1) and East (2), one each. The QS is
        // with North or East half the time each.
        let groups = vec![
            Group { cards: vec![card("QS")], eligible: 0b110 },
            Group { cards: vec![card("2H"), card("3H")], eligible: 0b111 },
        ];
        let sampler = UniformDeal::new(groups.clone(), &[1, 1, 1]).unwrap();
        let mut rng = GameRng::new(3, 1);
        let north = (0..20_000).filter(|_| sampler.sample(&mut rng)[1].contains(card("QS"))).count();
        assert!((9_700..=10_300).contains(&north), "the QS with North {north} times in 20,000");
        check_against_every_deal(groups, &[1, 1, 1], 20_000);
    }

    #[test]
    fn the_sampler_matches_an_exact_count_of_deals() {
        // Three suits, two voids, a joker and a kitty of one (receiver 3).
        let groups = vec![
            Group { cards: vec![card("AS"), card("KS"), card("QS")], eligible: 0b1110 },
            Group { cards: vec![card("2H"), card("5H"), card("9H"), card("AH")], eligible: 0b1101 },
            Group { cards: vec![card("3C"), card("4C")], eligible: 0b1111 },
            Group { cards: vec![Card::joker(0)], eligible: 0b1111 },
        ];
        check_against_every_deal(groups, &[3, 3, 3, 1], 30_000);
    }

    #[test]
    fn no_agreeing_deal_is_none() {
        // Two spades for a single seat that showed out of spades.
        let groups = vec![Group { cards: vec![card("AS"), card("KS")], eligible: 0b10 }];
        assert!(UniformDeal::new(groups, &[2, 0]).is_none());
    }
}
