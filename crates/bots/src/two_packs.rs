//! The expert's worlds with two packs (Cancellation): the cards a seat
//! cannot see are copies, a card perhaps twice, dealt to the other seats
//! and the kitty so that every seat keeps the suits it showed out of.
//!
//! With up to ten other seats the exact count the one-pack sampler draws
//! from grows too large, so a world starts from a deal that honours the
//! voids (the scarcest cards placed first) and is then shuffled by random
//! swaps between receivers that both may hold the swapped cards. Each swap
//! is as likely as its reverse, so the deals drift towards all agreeing
//! deals alike; a few swaps per card leave little of the start.

use hearts_engine::{BySeat, Card, CardBag, CardSet, Deal, GameRng, Hand, PassDirection, Seat};

use super::SeatView;

/// Random swaps per card dealt, after the first deal.
const SWAPS_PER_CARD: usize = 6;

/// What one decision's worlds share: the cards to deal, to whom, and what
/// is fixed.
pub struct TwoPackWorlds<'a> {
    view: &'a SeatView<'a>,
    /// The copies nobody can be seen to hold: dealt anew in each world.
    pool: Vec<Card>,
    /// The other seats in seat order, then the kitty.
    receivers: Vec<Option<Seat>>,
    /// How many of the pool's cards each receiver gets.
    needs: Vec<usize>,
    /// The suits each receiver may hold (bit by suit index).
    allowed: Vec<u8>,
    /// Cards known to be with a seat: this seat's pass, not yet played.
    known: BySeat<CardBag>,
    /// Cards each seat played this hand, to rebuild the hand as dealt.
    played_by: BySeat<CardBag>,
}

/// One copy of `card`.
fn one(card: Card) -> CardBag {
    CardBag::from(CardSet::single(card))
}

impl<'a> TwoPackWorlds<'a> {
    /// The worlds of `view`; `None` when its counts do not add up.
    pub fn new(view: &'a SeatView<'a>) -> Option<TwoPackWorlds<'a>> {
        let players = view.players();
        let deck = view.rules.deck();
        let mine = CardBag::new(view.hand, view.doubles.hand);
        let widow = CardBag::new(view.variants.widow, view.doubles.widow);
        let mut played = CardBag::EMPTY;
        let mut played_by = BySeat::splat(CardBag::EMPTY);
        for trick in view.tricks.iter().chain(std::iter::once(&view.trick)) {
            for (seat, card) in trick.plays(players) {
                played_by[seat] = played_by[seat].plus(one(card));
                played = played.plus(one(card));
            }
        }
        let both_packs = CardBag::new(deck, deck);
        let seen = [mine, played, widow];
        let unseen = seen.iter().try_fold(both_packs, |left, &bag| left.includes(bag).then(|| left.less(bag)))?;
        // The copies this seat passed that are still out: at least as many
        // as it passed less those of the card played since.
        let mut known = BySeat::splat(CardBag::EMPTY);
        if let Some(target) = view.pass.target {
            let passed = CardBag::new(view.pass.passed, view.doubles.passed);
            for card in passed.cards() {
                let out = passed.count(card).saturating_sub(played.count(card)).min(unseen.count(card));
                for _ in 0..out {
                    known[target] = known[target].plus(one(card));
                }
            }
        }
        let fixed = known.of_table(players).iter().fold(CardBag::EMPTY, |all, &bag| all.plus(bag));
        let pool: Vec<Card> = unseen.less(fixed).iter().collect();
        let voids = view.voids();
        let mut receivers: Vec<Option<Seat>> = Seat::all(players).filter(|&s| s != view.seat).map(Some).collect();
        let mut needs = Vec::with_capacity(receivers.len() + 1);
        for &seat in &receivers {
            let seat = seat.expect("a seat");
            needs.push(view.cards_held_by(seat).checked_sub(known[seat].len())?);
        }
        receivers.push(None);
        needs.push(pool.len().checked_sub(needs.iter().sum())?);
        let allowed = receivers
            .iter()
            .map(|seat| match seat {
                Some(seat) => (0..4).filter(|&suit| !voids[*seat][suit]).fold(0u8, |bits, suit| bits | 1 << suit),
                None => 0b1111,
            })
            .collect();
        Some(TwoPackWorlds { view, pool, receivers, needs, allowed, known, played_by })
    }

    /// A hand as it stands now in one world; `None` when no deal honours
    /// the voids (or the world cannot be replayed).
    pub fn sample_hand(&self, rng: &mut GameRng) -> Option<Hand> {
        let dealt = self.deal(rng)?;
        let view = self.view;
        let players = view.players();
        let mut hands = self.played_by;
        hands[view.seat] = hands[view.seat].plus(CardBag::new(view.hand, view.doubles.hand));
        let mut kitty = CardBag::new(view.variants.widow, view.doubles.widow);
        for (receiver, cards) in self.receivers.iter().zip(dealt) {
            match receiver {
                Some(seat) => hands[*seat] = hands[*seat].plus(self.known[*seat]).plus(cards),
                None => kitty = kitty.plus(cards),
            }
        }
        let twice = Seat::all(players).fold(kitty.twice(), |twice, seat| twice | hands[seat].twice());
        let deal = Deal { dealer: view.dealer, hands: hands.map(CardBag::cards), kitty: kitty.cards(), twice };
        let mut hand = Hand::new(view.rules, deal, PassDirection::Hold);
        for trick in view.tricks.iter().chain(std::iter::once(&view.trick)) {
            for (seat, card) in trick.plays(players) {
                hand.play(seat, card).ok()?;
            }
        }
        Some(hand)
    }

    /// The pool dealt to the receivers: see [`deal_keeping_voids`].
    fn deal(&self, rng: &mut GameRng) -> Option<Vec<CardBag>> {
        deal_keeping_voids(&self.pool, &self.needs, &self.allowed, rng)
    }
}

/// Deals `pool` so that receiver `r` gets `needs[r]` cards of the suits in
/// `allowed[r]` (bit by suit index): a first deal that places the
/// scarcest cards first, then random swaps that keep to the suits. `None`
/// when the first deal runs out of room.
fn deal_keeping_voids(pool: &[Card], needs: &[usize], allowed: &[u8], rng: &mut GameRng) -> Option<Vec<CardBag>> {
    let suit_bit = |card: Card| 1u8 << card.suit() as u8;
    let takers = |card: Card| allowed.iter().filter(|&&bits| bits & suit_bit(card) != 0).count();
    let mut cards = pool.to_vec();
    rng.shuffle(&mut cards);
    // The scarcest cards first (those fewest receivers may hold), each to
    // a receiver that may hold it, chosen by the room it has left.
    cards.sort_by_key(|&card| takers(card));
    let mut room = needs.to_vec();
    let mut owner: Vec<usize> = Vec::with_capacity(cards.len());
    for &card in &cards {
        let open = |r: &usize| room[*r] > 0 && allowed[*r] & suit_bit(card) != 0;
        let total: usize = (0..room.len()).filter(open).map(|r| room[r]).sum();
        if total == 0 {
            return None;
        }
        let mut point = rng.below(total as u32) as usize;
        let receiver = (0..room.len()).filter(open).find(|&r| {
            let hit = point < room[r];
            point = point.saturating_sub(room[r]);
            hit
        })?;
        room[receiver] -= 1;
        owner.push(receiver);
    }
    for _ in 0..SWAPS_PER_CARD * cards.len() {
        let (a, b) = (rng.below(cards.len() as u32) as usize, rng.below(cards.len() as u32) as usize);
        let (ra, rb) = (owner[a], owner[b]);
        if ra != rb && allowed[rb] & suit_bit(cards[a]) != 0 && allowed[ra] & suit_bit(cards[b]) != 0 {
            owner.swap(a, b);
        }
    }
    let mut dealt = vec![CardBag::EMPTY; needs.len()];
    for (&card, &receiver) in cards.iter().zip(&owner) {
        dealt[receiver] = dealt[receiver].plus(one(card));
    }
    Some(dealt)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Level, Think, decide, seat_to_act};
    use hearts_engine::{Game, GamePhase, HandPhase, Preset, Rules, Suit};

    /// The play decisions of a seeded two-pack hand, each as the game
    /// stood; `visit` sees the game and the seat to play.
    fn each_play(players: u8, seed: u64, mut visit: impl FnMut(&Game, Seat)) {
        let rules = Rules { players, ..Preset::Cancellation.rules() };
        let mut game = Game::new(rules, seed).unwrap();
        let mut bots: Vec<_> =
            Seat::all(players.into()).map(|s| Level::Normal.bot(seed, s, Think::Samples(1))).collect();
        while game.phase() == GamePhase::InHand {
            let seat = seat_to_act(&game).unwrap();
            if game.hand().phase() == HandPhase::Playing {
                visit(&game, seat);
            }
            let action = decide(&game, seat, bots[seat.index()].as_mut()).unwrap();
            game.apply(action).unwrap();
        }
    }

    #[test]
    fn worlds_keep_every_count_every_void_and_the_cards_passed() {
        let (mut drawn, mut made) = (0u64, 0);
        for players in [6, 8, 11] {
            each_play(players, 5, |game, seat| {
                let view = SeatView::of(game, seat);
                let worlds = TwoPackWorlds::new(&view).expect("the counts add up");
                let known = view.known_elsewhere();
                let mut rng = GameRng::new(9, drawn);
                for _ in 0..4 {
                    drawn += 1;
                    let Some(world) = worlds.sample_hand(&mut rng) else { continue };
                    made += 1;
                    assert_eq!(world.hand_of(seat), game.hand().hand_of(seat), "this seat's own cards");
                    assert_eq!(world.played(), game.hand().played());
                    for other in Seat::all(players.into()) {
                        assert_eq!(world.hand_of(other).len(), game.hand().hand_of(other).len());
                        for suit in Suit::ALL {
                            if view.voids()[other][suit as usize] {
                                assert!(
                                    world.holding(other).of_suit(suit).is_empty(),
                                    "{other} showed out of {suit:?}"
                                );
                            }
                        }
                    }
                    if let Some((target, cards)) = known {
                        assert!(world.holding(target).is_superset(cards), "what this seat passed is still there");
                    }
                }
            });
        }
        assert!(made * 10 >= drawn * 8, "most draws make a world: {made} of {drawn}");
    }

    #[test]
    fn with_several_voids_each_agreeing_deal_comes_as_often_as_an_exact_count_says() {
        // Six cards, two of each of three suits (a pair of twins among the
        // hearts), to three receivers of two each: A has shown out of hearts,
        // B of spades, C of nothing. By hand: with h hearts and s spades at
        // C, B takes h clubs and A takes s, so the ways are C(2,h) C(2,s)
        // 2!/(h! s! (2-h-s)!): 1 + 4 + 4 + 1 + 1 + 8 = 19 of the 90 ways to
        // share six copies two by two. Listed by brute force here, and
        // compared card by card with the sampler's shares.
        let pool: Vec<Card> = ["AH", "AH", "KS", "QS", "2C", "3C"].iter().map(|t| t.parse().unwrap()).collect();
        let hearts = 1 << Suit::Hearts as u8;
        let spades = 1 << Suit::Spades as u8;
        let allowed = [0b1111 & !hearts, 0b1111 & !spades, 0b1111];
        let needs = [2, 2, 2];
        // Every assignment of the six copies (by position) to receivers.
        let mut exact = [[0.0f64; 3]; 6];
        let mut total = 0.0;
        for code in 0..3usize.pow(6) {
            let owner: Vec<usize> = (0..6).map(|i| code / 3usize.pow(i) % 3).collect();
            let fits = (0..3).all(|r| owner.iter().filter(|&&o| o == r).count() == needs[r])
                && pool.iter().zip(&owner).all(|(card, &r)| allowed[r] & (1 << card.suit() as u8) != 0);
            if fits {
                total += 1.0;
                for (i, &r) in owner.iter().enumerate() {
                    exact[i][r] += 1.0;
                }
            }
        }
        assert_eq!(total, 19.0, "19 of the 90 ways keep both voids");
        let mut rng = GameRng::new(7, 7);
        let samples = 6000;
        // How often each receiver gets the AH, the KS and the 2C (copies counted).
        let mut seen = [[0.0f64; 3]; 3];
        for _ in 0..samples {
            let dealt = deal_keeping_voids(&pool, &needs, &allowed, &mut rng).expect("a deal");
            for (r, bag) in dealt.iter().enumerate() {
                for (k, text) in ["AH", "KS", "2C"].iter().enumerate() {
                    seen[k][r] += bag.count(text.parse().unwrap()) as f64;
                }
            }
        }
        for (k, text) in ["AH", "KS", "2C"].iter().enumerate() {
            let card: Card = text.parse().unwrap();
            for r in 0..3 {
                // The copies of the card it gets, on average over the deals.
                let expected: f64 = (0..6).filter(|&i| pool[i] == card).map(|i| exact[i][r] / total).sum();
                let share = seen[k][r] / samples as f64;
                assert!((share - expected).abs() < 0.03, "{card} with receiver {r}: {share:.3}, not {expected:.3}");
            }
        }
    }

    #[test]
    fn a_suit_a_seat_showed_out_of_is_shared_by_the_others_as_their_room_says() {
        // Worked by hand: with one seat void in a suit and no other void,
        // every deal that agrees gives that seat only other cards, and the
        // rest are shared among the others at random; so a card of the suit
        // (one copy unseen) goes to another seat in proportion to the cards
        // that seat is still to be dealt, and never to the void seat.
        let mut checked = false;
        each_play(6, 3, |game, seat| {
            let view = SeatView::of(game, seat);
            let voids = view.voids();
            let void_seats: Vec<(Seat, usize)> = Seat::all(6)
                .filter(|&s| s != seat)
                .flat_map(|s| (0..4).filter(move |&suit| voids[s][suit]).map(move |suit| (s, suit)))
                .collect();
            if checked || void_seats.len() != 1 || view.variants.kitty_size > 0 || !view.trick.is_empty() {
                return;
            }
            let (void_seat, suit) = void_seats[0];
            let worlds = TwoPackWorlds::new(&view).unwrap();
            let card = worlds.pool.iter().copied().find(|card| card.suit() as usize == suit);
            let Some(card) = card else { return };
            let copies = worlds.pool.iter().filter(|&&c| c == card).count();
            if copies != 1 {
                return;
            }
            let room: Vec<(Seat, usize)> =
                worlds.receivers.iter().zip(&worlds.needs).filter_map(|(r, &n)| r.map(|s| (s, n))).collect();
            let others: usize = room.iter().filter(|(s, _)| *s != void_seat).map(|(_, n)| n).sum();
            let mut rng = GameRng::new(4, 4);
            let samples = 3000;
            let mut with = BySeat::splat(0usize);
            let mut made = 0;
            for _ in 0..samples {
                let Some(dealt) = worlds.deal(&mut rng) else { continue };
                made += 1;
                for (receiver, cards) in worlds.receivers.iter().zip(dealt) {
                    if let Some(s) = receiver
                        && cards.count(card) > 0
                    {
                        with[*s] += 1;
                    }
                }
            }
            for &(s, need) in &room {
                let expected = if s == void_seat { 0.0 } else { need as f64 / others as f64 };
                let share = with[s] as f64 / made as f64;
                let error = (expected * (1.0 - expected) / made as f64).sqrt();
                assert!(
                    (share - expected).abs() <= 5.0 * error + 1e-9,
                    "{card} with {s}: {share:.3}, not {expected:.3}"
                );
            }
            checked = true;
        });
        assert!(checked, "a position with one void was found");
    }
}
