//! `CardSet`: a set of cards as one `u64`, so that rules are set arithmetic.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};
use std::str::FromStr;

use super::card::{Card, NotationError, Rank, SUIT_STRIDE, Suit, parse_ranks};

/// A set of cards. Bit `suit * 16 + rank` stands for one card, so each suit
/// is a 16-bit lane and "the cards of a suit" is one mask.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

/// Cards from two packs shuffled together (Cancellation): each card once
/// or twice. Two sets say it all: the cards there at least once, and those
/// there twice (a subset).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CardBag {
    cards: CardSet,
    twice: CardSet,
}

impl CardBag {
    /// No cards.
    pub const EMPTY: CardBag = CardBag { cards: CardSet::EMPTY, twice: CardSet::EMPTY };

    /// `cards` once each, and those of them in `twice` twice.
    pub const fn new(cards: CardSet, twice: CardSet) -> CardBag {
        CardBag { cards, twice: CardSet(twice.0 & cards.0) }
    }

    /// The cards there, once each.
    pub const fn cards(self) -> CardSet {
        self.cards
    }

    /// The cards there twice.
    pub const fn twice(self) -> CardSet {
        self.twice
    }

    /// How many cards, counting both copies.
    pub const fn len(self) -> usize {
        self.cards.len() + self.twice.len()
    }

    /// Whether there are no cards.
    pub const fn is_empty(self) -> bool {
        self.cards.is_empty()
    }

    /// How many copies of `card` are there: 0, 1 or 2.
    pub const fn count(self, card: Card) -> usize {
        self.cards.contains(card) as usize + self.twice.contains(card) as usize
    }

    /// These cards and `other`'s (together never more than two of a card).
    pub const fn plus(self, other: CardBag) -> CardBag {
        let twice = self.twice.0 | other.twice.0 | (self.cards.0 & other.cards.0);
        CardBag { cards: CardSet(self.cards.0 | other.cards.0), twice: CardSet(twice) }
    }

    /// These cards less `other`'s (which are all here).
    pub const fn less(self, other: CardBag) -> CardBag {
        // A card here twice and in `other` once stays once.
        let stays_once = self.twice.0 & other.cards.0 & !other.twice.0;
        CardBag {
            cards: CardSet((self.cards.0 & !other.cards.0) | stays_once),
            twice: CardSet(self.twice.0 & !other.cards.0),
        }
    }

    /// Whether every card of `other` is here, as many times.
    pub const fn includes(self, other: CardBag) -> bool {
        self.cards.is_superset(other.cards) && self.twice.is_superset(other.twice)
    }

    /// The cards in ascending order, a card twice where it is here twice.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        self.cards.iter().flat_map(move |card| std::iter::repeat_n(card, self.count(card)))
    }
}

impl From<CardSet> for CardBag {
    /// Each card once.
    fn from(cards: CardSet) -> CardBag {
        CardBag { cards, twice: CardSet::EMPTY }
    }
}

impl FromIterator<Card> for CardBag {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardBag {
        cards.into_iter().fold(CardBag::EMPTY, |bag, card| bag.plus(CardBag::from(CardSet::single(card))))
    }
}

impl CardBag {
    /// Writes the cards in deal notation as [`CardSet::to_hand_notation`]
    /// does, a rank written twice where the card is here twice
    /// (`AKK2.QJ.T98.765`).
    pub fn to_hand_notation(self) -> String {
        suits_notation(|suit| self.of_suit(suit).iter().collect())
    }

    /// The cards of one suit, both copies where there are two.
    pub fn of_suit(self, suit: Suit) -> CardBag {
        CardBag::new(self.cards.of_suit(suit), self.twice)
    }

    /// Reads deal notation in which a rank written twice is both copies of
    /// the card (two packs; no jokers).
    pub fn from_hand_notation(text: &str) -> Result<CardBag, NotationError> {
        let bad = |why: &str| NotationError::BadHand { text: text.to_string(), why: why.to_string() };
        let parts: Vec<&str> = text.split('.').collect();
        if parts.len() != 4 {
            return Err(bad("a hand has four suits separated by dots (spades.hearts.diamonds.clubs)"));
        }
        let mut bag = CardBag::EMPTY;
        for (&suit, part) in Suit::NOTATION_ORDER.iter().zip(parts) {
            let part = if part == "-" { "" } else { part };
            let ranks = parse_ranks(part).ok_or_else(|| bad(&format!("`{part}` is not a list of ranks")))?;
            for rank in ranks {
                let card = Card::new(rank, suit);
                if bag.twice.contains(card) {
                    return Err(bad(&format!("{card} is written more than twice")));
                }
                bag = bag.plus(CardBag::from(CardSet::single(card)));
            }
        }
        Ok(bag)
    }
}

impl FromStr for CardBag {
    type Err = NotationError;

    /// Reads cards as [`CardSet`] does; a card written twice is there twice
    /// (`7H 7H`, or `7H A7H`), and never more.
    fn from_str(text: &str) -> Result<CardBag, NotationError> {
        let mut bag = CardBag::EMPTY;
        for token in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
            let cards: CardSet = token.parse()?;
            if !(bag.twice & cards).is_empty() {
                return Err(NotationError::BadCard(format!("{token} (a card comes at most twice)")));
            }
            bag = bag.plus(CardBag::from(cards));
        }
        Ok(bag)
    }
}

impl fmt::Display for CardBag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards: Vec<String> = self.iter().map(|card| card.to_string()).collect();
        write!(f, "{}", cards.join(" "))
    }
}

/// The four suits in deal notation's order, each suit's ranks high to low
/// (`cards_of` gives a suit's cards low to high), joined by dots.
fn suits_notation(cards_of: impl Fn(Suit) -> Vec<Card>) -> String {
    let suits: Vec<String> = Suit::NOTATION_ORDER
        .iter()
        .map(|&suit| cards_of(suit).iter().rev().map(|card| card.rank().letter()).collect())
        .collect();
    suits.join(".")
}

/// The thirteen rank bits of one suit lane.
const SUIT_LANE: u64 = (1 << 13) - 1;

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const DECK: CardSet = CardSet(SUIT_LANE * 0x0001_0001_0001_0001);
    /// The thirteen clubs.
    pub const CLUBS: CardSet = CardSet::suit(Suit::Clubs);
    /// The thirteen diamonds.
    pub const DIAMONDS: CardSet = CardSet::suit(Suit::Diamonds);
    /// The thirteen spades.
    pub const SPADES: CardSet = CardSet::suit(Suit::Spades);
    /// The thirteen hearts.
    pub const HEARTS: CardSet = CardSet::suit(Suit::Hearts);
    /// Only the queen of spades.
    pub const QUEEN_OF_SPADES: CardSet = CardSet::single(Card::QUEEN_OF_SPADES);
    /// The four jokers.
    pub const JOKERS: CardSet = CardSet((1 << 13) * 0x0001_0001_0001_0001);
    /// The four queens.
    pub const QUEENS: CardSet = CardSet((1 << Rank::Queen as u8) * 0x0001_0001_0001_0001);

    /// The thirteen cards of a suit.
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(SUIT_LANE << (suit as u8 * SUIT_STRIDE))
    }

    /// The set holding one card.
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// This set and one more card (for constant contexts).
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.index())
    }

    /// The cards of this set not in `other` (`-` for constant contexts).
    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// One card of the set, chosen by a mix of the set's bits (SplitMix64's
    /// finaliser, the result modulo the set's size, counted from the lowest
    /// card): the same set always gives the same card, and sets that differ
    /// by one card give unrelated ones. This is Domino's stock order: what
    /// is drawn next depends only on what is left, so the order needs no
    /// room in a hand and is fixed by the deal. `None` for the empty set.
    pub fn scrambled_pick(self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let mut z = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        self.iter().nth((z % self.len() as u64) as usize)
    }

    /// How many cards are in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the card is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Whether every card of `other` is in this set.
    pub const fn is_superset(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Adds a card.
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.index();
    }

    /// Removes a card.
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.index());
    }

    /// Every card in any of the sets (a table's hands, say).
    pub fn union<'a>(sets: impl IntoIterator<Item = &'a CardSet>) -> CardSet {
        sets.into_iter().fold(CardSet::EMPTY, |all, &set| all | set)
    }

    /// The cards of this set in the given suit.
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & CardSet::suit(suit).0)
    }

    /// The cards of this set in `card`'s suit that rank above it.
    pub const fn above(self, card: Card) -> CardSet {
        let higher = !((2u64 << card.index()) - 1);
        CardSet(self.0 & higher & CardSet::suit(card.suit()).0)
    }

    /// The cards of this set in `card`'s suit that rank below it.
    pub const fn below(self, card: Card) -> CardSet {
        let lower = (1u64 << card.index()) - 1;
        CardSet(self.0 & lower & CardSet::suit(card.suit()).0)
    }

    /// The lowest card (lowest suit in [`Suit::ALL`] order, then rank).
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(self.0.trailing_zeros() as u8) }
    }

    /// The highest card (highest suit in [`Suit::ALL`] order, then rank).
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(63 - self.0.leading_zeros() as u8) }
    }

    /// The cards in ascending order: by suit, then rank.
    pub const fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// Writes one hand in deal notation: `spades.hearts.diamonds.clubs`,
    /// each suit high to low, e.g. `AK2.QJ.T98.765`.
    /// Jokers follow as a fifth group of their numbers: `AK2.QJ.T98.765.12`.
    pub fn to_hand_notation(self) -> String {
        let suits = suits_notation(|suit| self.of_suit(suit).iter().collect());
        let jokers: String =
            (self & CardSet::JOKERS).iter().filter_map(Card::joker_number).map(|n| n.to_string()).collect();
        if jokers.is_empty() { suits } else { format!("{suits}.{jokers}") }
    }

    /// Reads one hand in deal notation (`AK2.QJ.T98.765`; an empty suit may
    /// be left empty or written `-`).
    pub fn from_hand_notation(text: &str) -> Result<CardSet, NotationError> {
        let bad = |why: &str| NotationError::BadHand { text: text.to_string(), why: why.to_string() };
        let mut parts: Vec<&str> = text.split('.').collect();
        let mut set = CardSet::EMPTY;
        if parts.len() == 5 {
            // A fifth group: the jokers' numbers.
            for digit in parts.pop().unwrap_or_default().chars().filter(|&c| c != '-') {
                let joker = super::card::parse_joker(&format!("JK{digit}"))
                    .ok_or_else(|| bad(&format!("`{digit}` is not a joker (1 to 4)")))?;
                if set.contains(joker) {
                    return Err(bad(&format!("{joker} is written twice")));
                }
                set.insert(joker);
            }
        }
        if parts.len() != 4 {
            return Err(bad("a hand has four suits separated by dots (spades.hearts.diamonds.clubs), then any jokers"));
        }
        for (&suit, part) in Suit::NOTATION_ORDER.iter().zip(parts) {
            let part = if part == "-" { "" } else { part };
            let ranks = parse_ranks(part).ok_or_else(|| bad(&format!("`{part}` is not a list of ranks")))?;
            for rank in ranks {
                let card = Card::new(rank, suit);
                if set.contains(card) {
                    return Err(bad(&format!("{card} is written twice")));
                }
                set.insert(card);
            }
        }
        Ok(set)
    }
}

/// Iterator over the cards of a [`CardSet`], lowest first.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;

    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet::single(card)
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for CardSet {
            type Output = CardSet;
            fn $method(self, other: CardSet) -> CardSet {
                CardSet(self.0 $op other.0)
            }
        }
        impl $assign_trait for CardSet {
            fn $assign_method(&mut self, other: CardSet) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, other: CardSet) {
        self.0 &= !other.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// Every card of the deck that is not in the set.
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::DECK.0)
    }
}

impl fmt::Display for CardSet {
    /// Cards separated by spaces, lowest first: `2C 7H QS`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

impl FromStr for CardSet {
    type Err = NotationError;

    /// Reads cards separated by spaces or commas. A token may hold several
    /// ranks of one suit: `AQ7H 2C` is the ace, queen and seven of hearts
    /// and the two of clubs.
    fn from_str(text: &str) -> Result<CardSet, NotationError> {
        let mut set = CardSet::EMPTY;
        for token in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
            if let Some(joker) = super::card::parse_joker(token) {
                set.insert(joker);
                continue;
            }
            let bad = || NotationError::BadCard(token.to_string());
            let suit_char = token.chars().last().ok_or_else(bad)?;
            let suit = Suit::from_char(suit_char).ok_or_else(bad)?;
            let ranks = parse_ranks(&token[..token.len() - suit_char.len_utf8()]).ok_or_else(bad)?;
            if ranks.is_empty() {
                return Err(bad());
            }
            set |= ranks.into_iter().map(|rank: Rank| Card::new(rank, suit)).collect();
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn above_and_below_stay_within_the_suit() {
        let set: CardSet = "AQ72S KH 3D".parse().unwrap();
        let queen = Card::QUEEN_OF_SPADES;
        assert_eq!(set.above(queen), "AS".parse().unwrap());
        assert_eq!(set.below(queen), "72S".parse().unwrap());
        assert_eq!(set.above("AS".parse().unwrap()), CardSet::EMPTY);
        assert_eq!(set.below("2S".parse().unwrap()), CardSet::EMPTY);
    }

    fn cards(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn the_deck_has_52_cards_and_each_suit_13() {
        assert_eq!(CardSet::DECK.len(), 52);
        for suit in Suit::ALL {
            assert_eq!(CardSet::suit(suit).len(), 13);
            assert!(CardSet::suit(suit).iter().all(|c| c.suit() == suit));
        }
        assert_eq!((CardSet::CLUBS | CardSet::DIAMONDS | CardSet::SPADES | CardSet::HEARTS), CardSet::DECK);
    }

    #[test]
    fn set_arithmetic() {
        let hand = cards("AQ7H 2C QS");
        assert_eq!(hand.len(), 5);
        assert_eq!(hand & CardSet::HEARTS, cards("AH QH 7H"));
        assert_eq!(hand - CardSet::HEARTS, cards("2C QS"));
        assert_eq!((!hand).len(), 47);
        assert!(hand.is_superset(cards("QS 7H")));
        assert_eq!(hand.lowest(), Some(Card::TWO_OF_CLUBS));
        assert_eq!(hand.highest(), Some("AH".parse().unwrap()));
        assert_eq!(hand.iter().len(), 5);
        assert_eq!(hand.to_string(), "2C QS 7H QH AH");
    }

    #[test]
    fn hand_notation_round_trips() {
        let hand = CardSet::from_hand_notation("AK2.QJ.T98.765").unwrap();
        assert_eq!(hand, cards("AK2S QJH T98D 765C"));
        assert_eq!(hand.to_hand_notation(), "AK2.QJ.T98.765");
        let void = CardSet::from_hand_notation("A.-..2").unwrap();
        assert_eq!(void.to_hand_notation(), "A...2");
        let jokers = CardSet::from_hand_notation("A...2.13").unwrap();
        assert_eq!(jokers, cards("AS 2C JK1 JK3"));
        assert_eq!(jokers.to_hand_notation(), "A...2.13");
        assert!(CardSet::from_hand_notation("A...2.5").is_err());
        assert_eq!(cards("QS JK2").len(), 2);
        assert!((CardSet::DECK & CardSet::JOKERS).is_empty(), "jokers are outside the 52 cards");
        assert!(Suit::ALL.iter().all(|&suit| CardSet::JOKERS.of_suit(suit).is_empty()), "and outside every suit");
    }

    #[test]
    fn hand_notation_rejects_bad_hands() {
        for text in ["AK2.QJ.T98", "AK2.QJ.T98.765.9", "AK2.QJ.T98.765.11", "A.K.Q.J.2.3", "AX.QJ.T9.7", "AA...", ""] {
            assert!(CardSet::from_hand_notation(text).is_err(), "{text}");
        }
    }
}
