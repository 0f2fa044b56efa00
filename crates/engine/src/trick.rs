//! One trick: the cards played to it in order, and who is winning it.

use super::card::{Card, SUIT_STRIDE, Suit};
use super::card_set::CardSet;
use super::seat::{MAX_PLAYERS, Seat};

/// [`Trick`]'s winning index when no card wins: two pairs are cancelled, or
/// every card of the suit led.
const NOBODY_WINS: u8 = u8::MAX;

/// The cards played to one trick, in play order from the leader. In
/// Domino, seats that have run out of cards sit the trick out: play goes
/// round the others. With two packs (Cancellation) the same card can be
/// played twice: the pair cancels, neither copy can win, and two pairs
/// leave the trick to nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    leader: Seat,
    cards: [Card; MAX_PLAYERS],
    len: u8,
    /// The index of the winning card so far, or [`NOBODY_WINS`].
    winning: u8,
    /// Whether two packs are played: a card may come twice.
    two_packs: bool,
    /// How many cards have been played twice.
    pairs: u8,
    /// Seats sitting this trick out, one bit per seat.
    out: u16,
    /// Seats that drew from the stock before playing to this trick.
    drew: u16,
}

impl Trick {
    /// An empty trick that `leader` will lead.
    pub const fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            cards: [Card::TWO_OF_CLUBS; MAX_PLAYERS],
            len: 0,
            winning: 0,
            two_packs: false,
            pairs: 0,
            out: 0,
            drew: 0,
        }
    }

    /// An empty trick of a game of two packs, which `leader` will lead.
    pub const fn of_two_packs(leader: Seat) -> Trick {
        Trick { two_packs: true, ..Trick::new(leader) }
    }

    /// This trick, of a game of two packs.
    pub const fn of_two_packs_too(self) -> Trick {
        Trick { two_packs: true, ..self }
    }

    /// An empty trick that `leader` will lead and the `out` seats (never
    /// the leader) sit out.
    pub fn skipping(leader: Seat, out: impl IntoIterator<Item = Seat>) -> Trick {
        let out = out.into_iter().filter(|&seat| seat != leader).fold(0, |bits, seat| bits | 1 << seat.index());
        Trick { out, ..Trick::new(leader) }
    }

    /// Whether `seat` sits this trick out (Domino: out of cards).
    pub const fn sits_out(&self, seat: Seat) -> bool {
        self.out & (1 << seat.index()) != 0
    }

    /// Whether `seat` drew from Domino's stock before playing to this
    /// trick (unable to follow, it drew until it could).
    pub const fn drew(&self, seat: Seat) -> bool {
        self.drew & (1 << seat.index()) != 0
    }

    /// Notes that `seat` drew from the stock before playing to this trick.
    pub fn mark_drew(&mut self, seat: Seat) {
        self.drew |= 1 << seat.index();
    }

    /// How many cards the trick takes at a table of `players`: one from
    /// every seat that does not sit it out.
    #[inline]
    pub const fn size(&self, players: usize) -> usize {
        // Nobody out is every game but Domino: no bit count on that path.
        if self.out == 0 { players } else { players - self.out.count_ones() as usize }
    }

    /// Whether every seat that plays to the trick has played.
    pub const fn is_complete(&self, players: usize) -> bool {
        self.len as usize == self.size(players)
    }

    /// A trick as played so far: `leader` and then `cards` in play order.
    /// `None` when more cards are given than a table has seats.
    pub fn from_cards(leader: Seat, cards: &[Card]) -> Option<Trick> {
        Trick::new(leader).with_cards(cards)
    }

    /// This trick with `cards` played to it in order; `None` when more
    /// cards are given than a table has seats. A card given twice makes it
    /// a trick of two packs.
    pub fn with_cards(self, cards: &[Card]) -> Option<Trick> {
        let mut trick = self;
        if cards.len() > MAX_PLAYERS {
            return None;
        }
        let all: Vec<Card> = trick.cards().iter().chain(cards).copied().collect();
        trick.two_packs |= all.iter().enumerate().any(|(i, card)| all[..i].contains(card));
        for &card in cards {
            trick.push(card);
        }
        Some(trick)
    }

    /// The seat that led (or will lead) the trick.
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards played so far, in play order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The cards played so far, as a set (a card played twice is in it once).
    pub fn card_set(&self) -> CardSet {
        self.cards().iter().copied().collect()
    }

    /// The cards played twice to this trick (two packs): each pair cancels.
    pub fn cancelled(&self) -> CardSet {
        if self.pairs == 0 {
            return CardSet::EMPTY;
        }
        let mut once = CardSet::EMPTY;
        let mut twice = CardSet::EMPTY;
        for &card in self.cards() {
            if once.contains(card) {
                twice.insert(card);
            }
            once.insert(card);
        }
        twice
    }

    /// Whether nobody can win this trick: two pairs cancelled, or every card
    /// of the suit led cancelled (two packs only).
    pub const fn nobody_wins(&self) -> bool {
        self.len > 0 && self.winning == NOBODY_WINS
    }

    /// How many cards have been played.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether nobody has played yet.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The suit led: the first card's, or after jokers the first card's
    /// that is not a joker; `None` before the lead (or while only jokers
    /// have been played).
    #[inline]
    pub fn led_suit(&self) -> Option<Suit> {
        match self.cards().first() {
            None => None,
            Some(first) if !first.is_joker() => Some(first.suit()),
            Some(_) => self.cards().iter().find(|card| !card.is_joker()).map(|card| card.suit()),
        }
    }

    /// The seat that played the `index`-th card (0 is the leader), going
    /// round the seats that do not sit out.
    pub const fn seat_of(&self, index: usize, players: usize) -> Seat {
        if self.out == 0 {
            return self.leader.left(index, players);
        }
        let (mut seat, mut to_go) = (self.leader, index);
        while to_go > 0 {
            seat = seat.next(players);
            if !self.sits_out(seat) {
                to_go -= 1;
            }
        }
        seat
    }

    /// The cards played, each with the seat that played it.
    pub fn plays(&self, players: usize) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.cards().iter().enumerate().map(move |(i, &card)| (self.seat_of(i, players), card))
    }

    /// The card that wins so far: the highest of the suit led (a trick of
    /// jokers only: the leader's; with two packs, the highest not played
    /// twice, and none once [`Trick::nobody_wins`]).
    pub fn winning_card(&self) -> Option<Card> {
        (self.len > 0 && !self.nobody_wins()).then(|| self.cards[self.winning as usize])
    }

    /// The seat that wins so far.
    pub fn winner(&self, players: usize) -> Option<Seat> {
        (self.len > 0 && !self.nobody_wins()).then(|| self.seat_of(self.winning as usize, players))
    }

    /// Adds the next card (the caller has checked it is legal and the trick
    /// is not full).
    #[inline]
    pub fn push(&mut self, card: Card) {
        if self.two_packs {
            return self.push_with_two_packs(card);
        }
        self.push_one_pack(card);
    }

    /// [`Trick::push`] where one pack is played, for the engine's own
    /// one-pack play, which has already asked.
    #[inline]
    pub(crate) fn push_one_pack(&mut self, card: Card) {
        debug_assert!(!self.two_packs, "two packs push through Trick::push");
        if self.len > 0 {
            let best = self.cards[self.winning as usize];
            let (new, old) = (card.index(), best.index());
            // Same lane and a higher bit is the same suit and a higher rank,
            // but a joker sits above the ace and never wins; the first card
            // after led jokers takes the lead.
            let beats = if best.is_joker() {
                !card.is_joker()
            } else {
                new / SUIT_STRIDE == old / SUIT_STRIDE && new > old && !card.is_joker()
            };
            if beats {
                self.winning = self.len;
            }
        }
        self.cards[self.len as usize] = card;
        self.len += 1;
    }

    /// Where the winning card so far stands (for [`Trick::take_back`]).
    pub(crate) const fn winning(&self) -> u8 {
        self.winning
    }

    /// Takes back the last card pushed (one pack), `winning` as it was
    /// before it.
    #[inline]
    pub(crate) fn take_back(&mut self, winning: u8) {
        self.len -= 1;
        // The slot as a new trick has it, so equal tricks compare equal.
        self.cards[self.len as usize] = Card::TWO_OF_CLUBS;
        self.winning = winning;
    }

    /// [`Trick::push`] with two packs: the second copy of a card cancels
    /// the pair, and the highest card of the suit led played once wins.
    /// Out of line: one pack never comes here.
    #[inline(never)]
    fn push_with_two_packs(&mut self, card: Card) {
        if self.cards().contains(&card) {
            self.pairs += 1;
        }
        self.cards[self.len as usize] = card;
        self.len += 1;
        self.winning = if self.pairs >= 2 { NOBODY_WINS } else { self.highest_uncancelled() };
    }

    /// The index of the highest card of the suit led played once, or
    /// [`NOBODY_WINS`] (two packs only; no jokers are played with two).
    fn highest_uncancelled(&self) -> u8 {
        let cancelled = self.cancelled();
        let led = self.led_suit();
        let mut best: Option<usize> = None;
        for (index, &card) in self.cards().iter().enumerate() {
            let counts = Some(card.suit()) == led && !cancelled.contains(card);
            if counts && best.is_none_or(|b| card.rank() > self.cards[b].rank()) {
                best = Some(index);
            }
        }
        best.map_or(NOBODY_WINS, |index| index as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trick_of(cards: &str) -> Trick {
        let mut trick = Trick::new(Seat::SOUTH);
        for card in cards.split_whitespace() {
            trick.push(card.parse().unwrap());
        }
        trick
    }

    #[test]
    fn highest_card_of_the_suit_led_wins() {
        // 001's example 1: 5D led, 7D 9D QD follow: the queen takes it.
        let trick = trick_of("5D 7D 9D QD");
        assert_eq!(trick.winning_card(), Some("QD".parse().unwrap()));
        assert_eq!(trick.winner(4), Seat::new(3));
    }

    #[test]
    fn a_higher_card_of_another_suit_does_not_win() {
        // 001's example 2: 5D led, 9D QD AS: the ace of spades is off-suit.
        let trick = trick_of("5D 9D QD AS");
        assert_eq!(trick.winning_card(), Some("QD".parse().unwrap()));
        assert_eq!(trick.winner(4), Seat::new(2));
    }

    #[test]
    fn a_joker_never_wins_and_the_first_card_after_led_jokers_sets_the_suit() {
        let trick = trick_of("JK1 5D AS 7D");
        assert_eq!(trick.led_suit(), Some(Suit::Diamonds));
        assert_eq!(trick.winning_card(), Some("7D".parse().unwrap()));
        let trick = trick_of("5D JK2 JK3 4D");
        assert_eq!(trick.winner(4), Some(Seat::SOUTH));
        let jokers = trick_of("JK1 JK2 JK3");
        assert_eq!((jokers.led_suit(), jokers.winner(3)), (None, Some(Seat::SOUTH)), "jokers only: the leader's");
    }

    #[test]
    fn play_goes_round_the_seats_that_sit_out() {
        let trick = Trick::skipping(Seat::new(1).unwrap(), [Seat::new(2).unwrap(), Seat::new(0).unwrap()])
            .with_cards(&["5D".parse().unwrap(), "9D".parse().unwrap()])
            .unwrap();
        assert_eq!(trick.size(5), 3);
        assert_eq!(trick.seat_of(1, 5), Seat::new(3).unwrap(), "seat 2 is out");
        assert_eq!(trick.seat_of(2, 5), Seat::new(4).unwrap());
        assert_eq!(trick.winner(5), Seat::new(3));
        assert!(!trick.is_complete(5));
        assert!(Trick::skipping(Seat::SOUTH, [Seat::SOUTH]).size(2) == 2, "the leader never sits out");
    }

    #[test]
    fn the_leader_wins_when_nobody_follows_higher() {
        let trick = trick_of("TC AH QS 2D");
        assert_eq!(trick.winner(4), Some(Seat::SOUTH));
        assert_eq!(trick.led_suit(), Some(Suit::Clubs));
        assert_eq!(trick.card_set().len(), 4);
    }
}
