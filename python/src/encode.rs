//! Observations: what one seat may know, as numbers. Both encodings are
//! written from the seat's `SeatView` (and the cards it has picked for a
//! pass under way), so an agent cannot see a card its seat may not.
//!
//! Seats are relative: 0 is the observing seat, 1 the next to its left,
//! and so on. Cards are counted in the action space's order (see
//! `space.rs`); with two packs a count may be 2.

use hearts_bots::SeatView;
use hearts_engine::{CardBag, CardSet, Game, Rules, Seat, Suit, Trick};

use crate::play::Decision;
use crate::space::{self, CARD_SLOTS};

/// Which encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Everything the seat has seen, every trick in order.
    InfoState,
    /// The same, but the hand's past tricks only as the cards each seat
    /// has played.
    Compact,
}

/// Where the fields of an encoding are written, or their sizes counted.
struct Out<'a> {
    buf: &'a mut [f32],
    at: usize,
    fields: Option<Vec<(&'static str, usize)>>,
}

impl Out<'_> {
    /// The next field, `size` numbers long, zeroed.
    fn field(&mut self, name: &'static str, size: usize) -> &mut [f32] {
        if let Some(fields) = self.fields.as_mut() {
            fields.push((name, size));
            self.at += size;
            return &mut [];
        }
        let field = &mut self.buf[self.at..self.at + size];
        field.fill(0.0);
        self.at += size;
        field
    }
}

/// The most tricks a hand can have: every card a trick (Domino's draws
/// make it more than a hand's cards).
pub fn max_tricks(rules: &Rules) -> usize {
    if rules.domino { rules.deck_size() } else { rules.hand_size() }
}

/// The encoding's fields, in order: name and length.
pub fn fields(rules: &Rules, encoding: Encoding) -> Vec<(&'static str, usize)> {
    let game = Game::new(*rules, 0).expect("checked rules make a game");
    let view = SeatView::of(&game, Seat::SOUTH);
    let mut out = Out { buf: &mut [], at: 0, fields: Some(Vec::new()) };
    write(&view, CardBag::EMPTY, None, encoding, &mut out);
    out.fields.expect("counted")
}

/// The encoding's length.
pub fn size(rules: &Rules, encoding: Encoding) -> usize {
    fields(rules, encoding).iter().map(|(_, size)| size).sum()
}

/// Writes the seat's observation into `buf` (the encoding's length).
pub fn encode(view: &SeatView<'_>, picked: CardBag, decision: Option<Decision>, encoding: Encoding, buf: &mut [f32]) {
    let mut out = Out { buf, at: 0, fields: None };
    write(view, picked, decision, encoding, &mut out);
}

fn cards_into(field: &mut [f32], cards: CardSet, value: f32) {
    if field.is_empty() {
        return;
    }
    for card in cards {
        field[space::card_action(card)] += value;
    }
}

fn bag_into(field: &mut [f32], bag: CardBag) {
    cards_into(field, bag.cards(), 1.0);
    cards_into(field, bag.twice(), 1.0);
}

fn write(view: &SeatView<'_>, picked: CardBag, decision: Option<Decision>, encoding: Encoding, out: &mut Out<'_>) {
    let rules = view.rules;
    let players = view.players();
    let me = view.seat.index();
    let relative = |seat: Seat| (seat.index() + players - me) % players;
    let deck = rules.deck_size() as f32;
    let penalty = rules.penalty_total().max(1) as f32;
    let chips_at_table = space::most_bid(rules).max(1) as f32;
    let doubles = view.doubles;

    let field = out.field("decision", Decision::ALL.len());
    if let (Some(decision), false) = (decision, field.is_empty()) {
        field[Decision::ALL.iter().position(|&d| d == decision).expect("listed")] = 1.0;
    }
    bag_into(out.field("hand", CARD_SLOTS), CardBag::new(view.hand, doubles.hand));
    bag_into(out.field("picked", CARD_SLOTS), picked);
    bag_into(out.field("passed", CARD_SLOTS), CardBag::new(view.pass.passed, doubles.passed));
    bag_into(out.field("received", CARD_SLOTS), CardBag::new(view.pass.received, doubles.received));
    let field = out.field("pass_to", players);
    if let (Some(target), false) = (view.pass.target, field.is_empty()) {
        field[relative(target)] = 1.0;
    }
    let field = out.field("dealer", players);
    if !field.is_empty() {
        field[relative(view.dealer)] = 1.0;
    }
    bag_into(out.field("widow", CARD_SLOTS), CardBag::new(view.variants.widow, doubles.widow));
    let field = out.field("kitty_size", 1);
    if !field.is_empty() {
        field[0] = view.variants.kitty_size as f32 / deck;
    }

    let trick_cards = |field: &mut [f32], trick: &Trick| {
        for (seat, card) in trick.plays(players) {
            field[relative(seat) * CARD_SLOTS + space::card_action(card)] += 1.0;
        }
    };
    match encoding {
        Encoding::InfoState => {
            let most = max_tricks(rules);
            let tricks = view.tricks.iter().chain((!view.trick.is_empty()).then_some(&view.trick));
            let leaders = out.field("trick_leaders", most * players);
            if !leaders.is_empty() {
                for (t, trick) in tricks.clone().take(most).enumerate() {
                    leaders[t * players + relative(trick.leader())] = 1.0;
                }
            }
            let cards = out.field("tricks", most * players * CARD_SLOTS);
            if !cards.is_empty() {
                for (t, trick) in tricks.take(most).enumerate() {
                    let at = t * players * CARD_SLOTS;
                    trick_cards(&mut cards[at..at + players * CARD_SLOTS], trick);
                }
            }
        }
        Encoding::Compact => {
            let played = out.field("played", players * CARD_SLOTS);
            if !played.is_empty() {
                for trick in view.tricks {
                    trick_cards(played, trick);
                }
            }
            let leader = out.field("trick_leader", players);
            if !leader.is_empty() {
                leader[relative(view.trick.leader())] = 1.0;
            }
            let trick = out.field("trick", players * CARD_SLOTS);
            if !trick.is_empty() {
                trick_cards(trick, &view.trick);
            }
        }
    }

    let field = out.field("points_taken", players);
    if !field.is_empty() {
        for seat in Seat::all(players) {
            field[relative(seat)] = view.points_taken[seat] as f32 / penalty;
        }
    }
    let field = out.field("totals", players);
    if !field.is_empty() {
        let target = rules.target_score.max(1) as f32;
        for seat in Seat::all(players) {
            field[relative(seat)] = view.totals[seat] as f32 / target;
        }
    }
    let field = out.field("voids", players * 4);
    if !field.is_empty() {
        let voids = view.voids();
        for seat in Seat::all(players) {
            for (suit, &void) in voids[seat].iter().enumerate() {
                field[relative(seat) * 4 + suit] = f32::from(u8::from(void));
            }
        }
    }
    let field = out.field("hearts_broken", 1);
    if !field.is_empty() {
        field[0] = f32::from(u8::from(view.hearts_broken));
    }

    // The family's extras: zeros where the rules do not play them.
    let field = out.field("declarer", players);
    if let (Some(declarer), false) = (view.variants.declarer, field.is_empty()) {
        field[relative(declarer)] = 1.0;
    }
    let field = out.field("chips", players);
    if let (Some(chips), false) = (view.variants.chips, field.is_empty()) {
        for seat in Seat::all(players) {
            field[relative(seat)] = chips.stacks[seat] as f32 / chips_at_table;
        }
    }
    let field = out.field("high_bid", 1 + players);
    if let (Some(bid), false) = (view.variants.high_bid, field.is_empty()) {
        field[0] = bid.chips as f32 / chips_at_table;
        field[1 + relative(bid.seat)] = 1.0;
    }
    let field = out.field("named_suit", 4);
    if let (Some(suit), false) = (view.variants.named_suit, field.is_empty()) {
        field[Suit::ALL.iter().position(|&s| s == suit).expect("a suit")] = 1.0;
    }
    let field = out.field("stock_size", 1);
    if !field.is_empty() {
        field[0] = f32::from(view.variants.stock_size) / deck;
    }
    let field = out.field("held", players);
    if !field.is_empty() {
        let hand_size = rules.hand_size().max(1) as f32;
        for seat in Seat::all(players) {
            field[relative(seat)] = f32::from(view.variants.held[seat]) / hand_size;
        }
    }
}
