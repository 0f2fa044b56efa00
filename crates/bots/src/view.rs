//! What one seat may know, and nothing more.

use hearts_engine::{
    Bid, BySeat, Card, CardBag, CardSet, Chips, Game, Hand, HandPhase, PassDirection, PointsTable, Rules, Seat, Suit,
    Trick, adjusted_total,
};

/// How much the bots fear Royal's QH: its point and the hearts it doubles.
const ROYAL_DOUBLER_WEIGHT: i32 = 5;
/// How much the bots want Royal's QC: a chance to cancel the QS's 26.
const ROYAL_CANCELLER_WEIGHT: i32 = -8;

/// Everything a seat may know when it decides: its own cards, the cards it
/// passed and received, every card played and by whom, the scores and the
/// rules. Other seats' hands and the kitty are not here, so a bot given a
/// view cannot peek at them.
#[derive(Clone, Copy, Debug)]
pub struct SeatView<'a> {
    /// The rules in play.
    pub rules: &'a Rules,
    /// The seat deciding.
    pub seat: Seat,
    /// The hand's number in the game, 1-based.
    pub hand_number: u32,
    /// The seat that dealt this hand.
    pub dealer: Seat,
    /// The pass of this hand as the seat knows it: where passes go, how many
    /// cards, what it gave and what it got.
    pub pass: PassView,
    /// The seat's cards now.
    pub hand: CardSet,
    /// The tricks completed this hand, in order.
    pub tricks: &'a [Trick],
    /// The trick being played.
    pub trick: Trick,
    /// Every card played to a trick this hand, the current one included.
    pub played: CardSet,
    /// Whether hearts have been broken.
    pub hearts_broken: bool,
    /// Penalty points each seat has taken in tricks this hand (the bonus
    /// card and the face-down kitty not counted).
    pub points_taken: BySeat<i32>,
    /// The cards this seat may play now (empty when it is not playing).
    pub legal: CardSet,
    /// Game totals before this hand.
    pub totals: BySeat<i32>,
    /// What the family's variants add: the kitty (Heartsette's widow), the
    /// Generale, chips and the auction, Domino's stock.
    pub variants: VariantsView,
    /// The voids of every seat when a search already keeps them up to
    /// date ([`Voids`]); `None`: [`SeatView::voids`] reads them off the
    /// tricks.
    pub known_voids: Option<BySeat<[bool; 4]>>,
    /// Two packs: which of the cards above are there twice.
    pub doubles: Doubles,
}

/// The pass of this hand as the seat knows it: where passes go, how many
/// cards, what it gave and what it got.
#[derive(Clone, Copy, Debug)]
pub struct PassView {
    /// This hand's pass direction.
    pub direction: PassDirection,
    /// Cards each seat passes this hand (0 on a hold hand).
    pub count: usize,
    /// The cards this seat passed (empty before it chose).
    pub passed: CardSet,
    /// The seat that receives this seat's pass (none on a hold hand).
    pub target: Option<Seat>,
    /// The cards this seat received (empty before the exchange).
    pub received: CardSet,
    /// The seat whose pass this seat receives (none on a hold hand).
    pub received_from: Option<Seat>,
}

/// What the family's variants add: the kitty (Heartsette's widow), the
/// Generale, chips and the auction, Domino's stock.
#[derive(Clone, Copy, Debug)]
pub struct VariantsView {
    /// How many cards lie face down in the kitty (0 without one, or once won).
    pub kitty_size: usize,
    /// The kitty's cards, once this seat has taken it (Heartsette's widow is
    /// seen by its taker only); empty otherwise.
    pub widow: CardSet,
    /// The seat that declared the Generale this hand, if one did.
    pub declarer: Option<Seat>,
    /// The chips before this hand, where chips are played.
    pub chips: Option<Chips>,
    /// The auction's highest bid so far (the winning bid once it is over).
    pub high_bid: Option<Bid>,
    /// The suit named in the auction: the penalty suit in place of hearts.
    pub named_suit: Option<Suit>,
    /// Cards left in Domino's stock (0 without one). (Bytes, as `held`:
    /// they fit where the view had room, and views are made at every
    /// decision.)
    pub stock_size: u8,
    /// Domino: how many cards each seat holds now (everyone can count
    /// them; draws make it more than the tricks show). Zeros in every
    /// other game, where one card a trick tells.
    pub held: BySeat<u8>,
}

/// Two packs (Cancellation): the cards of a [`SeatView`] there twice; all
/// empty with one pack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Doubles {
    /// Cards of `hand` held twice.
    pub hand: CardSet,
    /// Cards of `passed` passed twice.
    pub passed: CardSet,
    /// Cards of `received` received twice.
    pub received: CardSet,
    /// Cards of `widow` there twice.
    pub widow: CardSet,
}

impl Doubles {
    /// What a view of two packs adds for `seat`: each seat's points with
    /// both copies counted (the kitty's not), the kitty's size counting
    /// both, and the cards there twice. Out of line: a search makes a view
    /// at every decision of a one-pack game.
    #[cold]
    #[inline(never)]
    fn of_hand(rules: &Rules, hand: &Hand, seat: Seat) -> (BySeat<i32>, usize, Doubles) {
        let kitty_taker = hand.kitty_taker();
        let kitty_of = |seat: Seat| if kitty_taker == Some(seat) { hand.kitty_cards() } else { CardBag::EMPTY };
        let points = BySeat::new_with(|s| {
            let taken = hand.taken_cards(s).less(kitty_of(s));
            hand.points(rules.points, taken.cards()) + hand.points(rules.points, taken.twice())
        });
        let kitty_size = if kitty_taker.is_none() { hand.kitty_cards().len() } else { 0 };
        let doubles = Doubles {
            hand: hand.held_twice(seat),
            passed: hand.passed_cards(seat).twice(),
            received: hand.received_cards(seat).twice(),
            widow: kitty_of(seat).twice(),
        };
        (points, kitty_size, doubles)
    }
}

impl<'a> SeatView<'a> {
    /// The view of `seat` in a game.
    pub fn of(game: &'a Game, seat: Seat) -> SeatView<'a> {
        let mut view =
            SeatView::of_hand(game.rules(), game.hand(), game.tricks(), seat, *game.totals(), game.hand_number());
        // Set in place: a view is made at every decision, and a copy costs.
        view.variants.chips = game.chips().copied();
        view
    }

    /// The view of `seat` in a hand whose completed tricks are `tricks`.
    pub fn of_hand(
        rules: &'a Rules,
        hand: &Hand,
        tricks: &'a [Trick],
        seat: Seat,
        totals: BySeat<i32>,
        hand_number: u32,
    ) -> SeatView<'a> {
        let players = rules.player_count();
        let passing = hand.pass_count() > 0;
        let source = Seat::all(players).find(|&other| passing && hand.pass_target(other) == seat);
        let playing = hand.phase() == HandPhase::Playing && hand.to_act() == seat;
        let kitty_taker = hand.kitty_taker();
        let kitty = hand.kitty();
        let mut points_taken = BySeat::splat(0);
        let mut kitty_size = if kitty_taker.is_none() { kitty.len() } else { 0 };
        let mut doubles = Doubles::default();
        if rules.cancellation {
            (points_taken, kitty_size, doubles) = Doubles::of_hand(rules, hand, seat);
        } else {
            for s in Seat::all(players) {
                points_taken[s] = hand.points(rules.points, hand.taken(s) - kitty);
            }
        }
        // Built in place, the last expression: a view is made at every
        // decision of a search.
        SeatView {
            rules,
            seat,
            hand_number,
            dealer: hand.dealer(),
            pass: PassView {
                direction: hand.pass_direction(),
                count: hand.pass_count(),
                passed: hand.passed(seat),
                target: passing.then(|| hand.pass_target(seat)),
                received: hand.received(seat),
                received_from: source,
            },
            hand: hand.holding(seat),
            tricks,
            trick: *hand.trick(),
            played: hand.played(),
            hearts_broken: hand.hearts_broken(),
            points_taken,
            legal: if playing { hand.legal_moves() } else { CardSet::EMPTY },
            totals,
            variants: VariantsView {
                kitty_size,
                widow: if kitty_taker == Some(seat) { hand.kitty() } else { CardSet::EMPTY },
                declarer: hand.declarer(),
                chips: None,
                high_bid: hand.high_bid(),
                named_suit: hand.named_suit(),
                stock_size: if rules.domino { hand.stock().len() as u8 } else { 0 },
                held: if rules.domino { BySeat::new_with(|s| hand.holding(s).len() as u8) } else { BySeat::splat(0) },
            },
            known_voids: None,
            doubles,
        }
    }

    /// The least bid the auction allows now: one more than the highest,
    /// and at least 1.
    pub fn least_bid(&self) -> u32 {
        self.variants.high_bid.map_or(1, |bid| bid.chips + 1)
    }

    /// This seat's chips: the most it may bid (0 where chips are not played).
    pub fn own_chips(&self) -> u32 {
        self.variants.chips.map_or(0, |chips| chips.stacks[self.seat]).max(0) as u32
    }

    /// The penalty suit: hearts, or the suit named in the auction.
    pub fn penalty_suit(&self) -> Suit {
        self.variants.named_suit.unwrap_or(Suit::Hearts)
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        self.rules.player_count()
    }

    /// The cards this seat has not seen: in other hands or the kitty.
    pub fn unseen(&self) -> CardSet {
        self.rules.deck() - self.hand - self.played - self.variants.widow
    }

    /// What a card is worth to whoever takes it, as the bots weigh it: its
    /// penalty points, or the bonus (negative) for the Omnibus card and
    /// Royal's QD. In Royal the QH also doubles its taker's hearts and the
    /// QC cancels the QS, so the QH weighs more than its point and the QC
    /// is worth taking.
    #[inline]
    pub fn value(&self, card: Card) -> i32 {
        if let Some(suit) = self.variants.named_suit {
            // The auction's suit: each of its cards 1, nothing else counts.
            return i32::from(card.suit() == suit && !card.is_joker());
        }
        if self.rules.points == PointsTable::Royal {
            match card {
                hearts_engine::ROYAL_DOUBLER => return ROYAL_DOUBLER_WEIGHT,
                hearts_engine::ROYAL_CANCELLER => return ROYAL_CANCELLER_WEIGHT,
                _ => {}
            }
        }
        let points = self.rules.points.value(card);
        // The bonus card and the QD are worth nothing in the points table.
        if points != 0 {
            points
        } else if self.rules.omnibus && card == self.rules.bonus_card {
            hearts_engine::BONUS_CARD_VALUE
        } else if self.rules.points.total_cutter() == Some(card) {
            -hearts_engine::ROYAL_DIAMOND_CUT
        } else {
            0
        }
    }

    /// The heavy penalty cards outside hearts in play (the QS by default).
    pub fn ladies(&self) -> CardSet {
        self.rules.points.ladies() & self.rules.deck()
    }

    /// What a set of cards is worth to whoever takes it.
    pub fn value_of(&self, cards: CardSet) -> i32 {
        cards.iter().map(|card| self.value(card)).sum()
    }

    /// What the trick in progress gives its winner: its cards' worth and,
    /// with two packs, the second copy of each pair and the tricks no card
    /// won before it, which go with it.
    #[inline]
    pub fn value_in_trick(&self) -> i32 {
        let value = self.value_of(self.trick.card_set());
        if self.rules.cancellation { value + self.value_carried_over() } else { value }
    }

    /// [`SeatView::value_in_trick`]'s part from two packs: out of line, as
    /// a one-pack search asks at every decision.
    #[cold]
    #[inline(never)]
    fn value_carried_over(&self) -> i32 {
        let players = self.players();
        let waiting = self.tricks.iter().rev().take_while(|trick| trick.winner(players).is_none());
        let waiting: i32 =
            waiting.map(|trick| self.value_of(trick.card_set()) + self.value_of(trick.cancelled())).sum();
        self.value_of(self.trick.cancelled()) + waiting
    }

    /// Penalty points each seat took in these tricks (the cards of
    /// `named_suit` 1 each, where the auction named one).
    pub fn points_in_tricks(rules: &Rules, tricks: &[Trick], named_suit: Option<Suit>) -> BySeat<i32> {
        let value = |cards: CardSet| match named_suit {
            Some(suit) => cards.of_suit(suit).len() as i32,
            None => rules.points.points(cards),
        };
        let mut points = BySeat::splat(0);
        // Two packs: a pair counts twice, and a trick no card won waits for
        // the next trick's winner.
        let mut waiting = 0;
        for trick in tricks {
            let worth = value(trick.card_set()) + value(trick.cancelled());
            match trick.winner(rules.player_count()) {
                Some(winner) => {
                    points[winner] += worth + waiting;
                    waiting = 0;
                }
                None => waiting += worth,
            }
        }
        points
    }

    /// For each seat, the suits it has shown out of (played another suit
    /// when that suit was led), and the suits the rules show it did not
    /// hold: see [`Voids`]. A search that keeps them up to date gives them
    /// in `known_voids`; otherwise they are read off the tricks.
    pub fn voids(&self) -> BySeat<[bool; 4]> {
        match self.known_voids {
            Some(voids) => voids,
            None => Voids::of_tricks(self.rules, self.variants.named_suit, self.tricks, &self.trick).by_seat,
        }
    }

    /// Cards this seat knows another seat holds: the cards it passed that
    /// have not been played yet.
    pub fn known_elsewhere(&self) -> Option<(Seat, CardSet)> {
        let target = self.pass.target?;
        let still_held = self.pass.passed - self.played;
        (!still_held.is_empty()).then_some((target, still_held))
    }

    /// How many cards `seat` holds now.
    pub fn cards_held_by(&self, seat: Seat) -> usize {
        if self.rules.domino {
            return usize::from(self.variants.held[seat]);
        }
        let in_trick = self.trick.plays(self.players()).filter(|&(s, _)| s == seat).count();
        self.rules.hand_size().saturating_sub(self.tricks.len() + in_trick)
    }

    /// Whether `seat` is this seat's partner.
    pub fn is_partner(&self, seat: Seat) -> bool {
        self.rules.partner(self.seat) == Some(seat)
    }

    /// Whether this seat plays last to the current trick.
    pub fn is_last_to_play(&self) -> bool {
        self.trick.len() + 1 == self.trick.size(self.players())
    }

    /// The seats still to play to the current trick after this one.
    pub fn later_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        let players = self.players();
        (self.trick.len() + 1..self.trick.size(players)).map(move |i| self.trick.seat_of(i, players))
    }

    /// The totals if the hand ended with these hand scores (the Royal QD's
    /// cut is not foreseen).
    pub fn totals_after(&self, scores: &BySeat<i32>) -> BySeat<i32> {
        BySeat::new_with(|seat| adjusted_total(self.totals[seat] + scores[seat], self.rules))
    }

    /// The suit of the card led to the current trick.
    pub fn led_suit(&self) -> Option<Suit> {
        self.trick.led_suit()
    }
}

/// What the play shows about the suits each seat holds, kept card by card:
/// a seat that did not follow the suit led has none of it; a seat that led
/// hearts (the penalty suit) before they broke held nothing else; a seat
/// that threw a penalty card on the first trick under no-blood held only
/// penalty cards, so none of the suits without any. In Domino a seat that
/// drew from the stock was out of the suit led, and the cards it drew may
/// be of any other suit: what it showed before is forgotten. A joker, which
/// may be played at any time, shows nothing.
#[derive(Clone, Copy, Debug)]
pub struct Voids {
    /// The suits each seat is known to be out of.
    pub by_seat: BySeat<[bool; 4]>,
    penalty_suit: Suit,
    /// The penalty cards in play: what no-blood keeps off the first trick.
    penalty: CardSet,
    no_blood: bool,
    queen_breaks_hearts: bool,
    /// Whether hearts must still break before they may be led.
    unbroken: bool,
    players: usize,
}

impl Voids {
    /// Nothing known yet, under these rules (and the suit named, if any).
    pub fn new(rules: &Rules, named_suit: Option<Suit>) -> Voids {
        let penalty = match named_suit {
            Some(suit) => CardSet::suit(suit) & rules.deck(),
            None => rules.penalty_cards(),
        };
        Voids {
            by_seat: BySeat::splat([false; 4]),
            penalty_suit: named_suit.unwrap_or(Suit::Hearts),
            penalty,
            no_blood: rules.no_blood,
            queen_breaks_hearts: rules.queen_breaks_hearts,
            unbroken: rules.must_break_hearts,
            players: rules.player_count(),
        }
    }

    /// What the completed `tricks` and the `trick` in play show.
    pub fn of_tricks(rules: &Rules, named_suit: Option<Suit>, tricks: &[Trick], trick: &Trick) -> Voids {
        let mut voids = Voids::new(rules, named_suit);
        for (number, trick) in tricks.iter().chain(std::iter::once(trick)).enumerate() {
            for position in 0..trick.len() {
                voids.note(trick, position, number);
            }
        }
        voids
    }

    /// Notes the card just played in `hand` (none before the first lead).
    pub fn note_last(&mut self, hand: &Hand) {
        match hand.trick().len() {
            0 => {
                if let Some(trick) = hand.last_trick() {
                    self.note(trick, trick.len() - 1, hand.tricks_played() - 1);
                }
            }
            len => self.note(hand.trick(), len - 1, hand.tricks_played()),
        }
    }

    /// Notes the card at `position` of `trick`, the hand's trick number
    /// `number` (0 for the first), given in play order.
    pub fn note(&mut self, trick: &Trick, position: usize, number: usize) {
        let card = trick.cards()[position];
        let Some(led) = trick.led_suit() else { return };
        let seat = trick.seat_of(position, self.players);
        if position == 0 && self.unbroken && !card.is_joker() && card.suit() == self.penalty_suit {
            self.by_seat[seat] = [true; 4];
            self.by_seat[seat][self.penalty_suit as usize] = false;
        }
        if trick.drew(seat) {
            self.by_seat[seat] = [false; 4];
            self.by_seat[seat][led as usize] = true;
        }
        if card.is_joker() {
            return;
        }
        if card.suit() != led {
            self.by_seat[seat][led as usize] = true;
            if number == 0 && self.no_blood && self.penalty.contains(card) {
                for suit in Suit::ALL.into_iter().filter(|&suit| self.penalty.of_suit(suit).is_empty()) {
                    self.by_seat[seat][suit as usize] = true;
                }
            }
        }
        if card.suit() == self.penalty_suit || (self.queen_breaks_hearts && card == Card::QUEEN_OF_SPADES) {
            self.unbroken = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hearts_engine::{Action, Game, GamePhase, Preset};

    #[test]
    fn a_trick_carries_the_points_of_the_tricks_nobody_won_before_it() {
        // Six players, two packs. The clubs trick and then the diamonds
        // trick each cancel two pairs, so nobody wins them; the 5H and 6H
        // thrown on the diamonds wait for the spades trick's winner.
        let rules = Rules { players: 6, ..Preset::Cancellation.rules() };
        let texts = ["2C KD AS", "2C KD 2S", "8C 3D 3S", "8C 3D 4S", "3C 5H 5S", "4C 6H 6S"];
        let hands = BySeat::new_with(|seat| texts.get(seat.index()).map_or(CardBag::EMPTY, |t| t.parse().unwrap()));
        let mut hand = Hand::from_cards(&rules, hands, Seat::new(5).unwrap());
        let mut tricks = Vec::new();
        for card in "2C 2C 8C 8C 3C 4C KD KD 3D 3D 5H 6H AS".split_whitespace() {
            hand.play(hand.to_act(), card.parse().unwrap()).unwrap();
            if hand.tricks_played() > tricks.len() {
                tricks.push(*hand.last_trick().unwrap());
            }
        }
        assert_eq!(hand.waiting().len(), 12);
        let view = SeatView::of_hand(&rules, &hand, &tricks, Seat::new(1).unwrap(), BySeat::splat(0), 1);
        assert_eq!(view.value_of(view.trick.card_set()), 0, "the AS alone is worth nothing");
        assert_eq!(view.value_in_trick(), 2, "but whoever wins it takes the 5H and 6H waiting");
    }

    #[test]
    fn voids_kept_card_by_card_are_the_voids_read_off_the_tricks() {
        let tables = [
            Rules::default(),
            Rules { players: 5, no_blood: true, queen_breaks_hearts: true, ..Rules::default() },
            Preset::Joker.rules(),
            Rules { players: 3, ..Preset::Domino.rules() },
            Preset::Auction.rules(),
        ];
        let mut compared = 0;
        for rules in tables {
            for seed in 0..20 {
                let mut game = Game::new(rules, seed).unwrap();
                let mut bots: Vec<_> = Seat::all(rules.player_count())
                    .map(|seat| crate::Level::Normal.bot(seed, seat, crate::Think::Samples(1)))
                    .collect();
                let mut kept: Option<Voids> = None;
                while game.phase() == GamePhase::InHand {
                    let Some(seat) = crate::seat_to_act(&game) else { break };
                    let action = crate::decide(&game, seat, bots[seat.index()].as_mut()).unwrap();
                    let playing = game.hand().phase() == HandPhase::Playing;
                    if playing && kept.is_none() {
                        kept = Some(Voids::new(game.rules(), game.hand().named_suit()));
                    }
                    game.apply(action).unwrap();
                    if let (Some(voids), Action::Play { .. }) = (kept.as_mut(), action) {
                        voids.note_last(game.hand());
                        if game.phase() == GamePhase::InHand {
                            let view = SeatView::of(&game, game.hand().to_act());
                            assert_eq!(voids.by_seat, view.voids(), "{rules:?} seed {seed}");
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 3000, "{compared} decisions compared");
    }
}
