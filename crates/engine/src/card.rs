//! Suits, ranks and cards, with the text notation players type.
//!
//! A card is written rank then suit: `QS`, `TD`. Input also accepts `10D`,
//! lower case and the suit symbols `♠ ♥ ♦ ♣` (and their hollow forms).

use std::fmt;
use std::str::FromStr;

/// One of the four suits, in the order the table sorts them: clubs,
/// diamonds, spades, hearts (black and red alternate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// ♣
    Clubs,
    /// ♦
    Diamonds,
    /// ♠
    Spades,
    /// ♥
    Hearts,
}

impl Suit {
    /// Every suit, in sort order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts];
    /// The suits in the order deal notation writes them: spades, hearts,
    /// diamonds, clubs.
    pub const NOTATION_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// Position of the suit in [`Suit::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in card notation: `C`, `D`, `S` or `H`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
        }
    }

    /// The suit symbol: `♣ ♦ ♠ ♥`.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
        }
    }

    /// The plural English name, as a player says it: "clubs".
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
        }
    }

    /// Reads a suit letter or symbol, in either case.
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            _ => None,
        }
    }

    /// Reads a suit written alone as its letter or symbol (`"S"`, `"♠"`).
    pub fn from_letter(text: &str) -> Option<Suit> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_char(c),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rank, from two (low) to ace (high).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// 2
    Two,
    /// 3
    Three,
    /// 4
    Four,
    /// 5
    Five,
    /// 6
    Six,
    /// 7
    Seven,
    /// 8
    Eight,
    /// 9
    Nine,
    /// 10, written `T`
    Ten,
    /// J
    Jack,
    /// Q
    Queen,
    /// K
    King,
    /// A, the highest rank
    Ace,
}

impl Rank {
    /// Every rank, low to high.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// Position in [`Rank::ALL`]: two is 0, ace is 12.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The face value used by Spot Hearts: 2..10, J 11, Q 12, K 13, A 14.
    pub const fn face_value(self) -> i32 {
        self as i32 + 2
    }

    /// The character used in card notation: `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn letter(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// Reads a rank character in either case (`T` for ten; `10` is
    /// handled by the card parser).
    pub fn from_char(c: char) -> Option<Rank> {
        let index = "23456789TJQKA".find(c.to_ascii_uppercase())?;
        Some(Rank::ALL[index])
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One playing card, or one of up to four jokers.
///
/// Stored as the bit position it takes in a [`crate::CardSet`]:
/// `suit * 16 + rank`, so that each suit is one 16-bit lane of a `u64`.
/// Joker `k` (0..4) takes bit 13 of lane `k`, above the ace, outside every
/// suit: it has no suit or rank of its own (see [`Card::is_joker`]). Jokers
/// are written `JK1` to `JK4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// Bits given to each suit in a card's index (13 used, 3 spare).
pub(crate) const SUIT_STRIDE: u8 = 16;

impl Card {
    /// The queen of spades: 13 points in the default table.
    pub const QUEEN_OF_SPADES: Card = Card::new(Rank::Queen, Suit::Spades);
    /// The jack of diamonds: the default Omnibus bonus card.
    pub const JACK_OF_DIAMONDS: Card = Card::new(Rank::Jack, Suit::Diamonds);
    /// The two of clubs: leads the first trick in a four-player game.
    pub const TWO_OF_CLUBS: Card = Card::new(Rank::Two, Suit::Clubs);

    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * SUIT_STRIDE + rank as u8)
    }

    /// Joker number `n` (0 to 3), written `JK1` to `JK4`.
    pub const fn joker(n: u8) -> Card {
        Card((n % JOKERS) * SUIT_STRIDE + JOKER_BIT)
    }

    /// Whether this is a joker: no suit, no rank, never wins a trick.
    pub const fn is_joker(self) -> bool {
        self.0 % SUIT_STRIDE == JOKER_BIT
    }

    /// The card at a bit position (a joker's too); `None` for a spare one.
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 4 * SUIT_STRIDE && index % SUIT_STRIDE <= JOKER_BIT { Some(Card(index)) } else { None }
    }

    /// The bit position of this card in a card set.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's suit. A joker has none: this is the lane it is stored
    /// in, so ask [`Card::is_joker`] first wherever jokers can be.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 / SUIT_STRIDE) as usize]
    }

    /// The card's rank. A joker has none and answers two, the lowest.
    pub const fn rank(self) -> Rank {
        // One lookup, no branch: the bits above the ace read as two.
        const BY_BIT: [Rank; SUIT_STRIDE as usize] = {
            let mut ranks = [Rank::Two; SUIT_STRIDE as usize];
            let mut i = 0;
            while i < 13 {
                ranks[i] = Rank::ALL[i];
                i += 1;
            }
            ranks
        };
        BY_BIT[(self.0 % SUIT_STRIDE) as usize]
    }

    /// Which joker this is, 1 to 4 (as written); `None` for other cards.
    pub const fn joker_number(self) -> Option<u8> {
        if self.is_joker() { Some(self.0 / SUIT_STRIDE + 1) } else { None }
    }

    /// The card written with its suit symbol, e.g. `Q♠` (a joker `JK1`).
    pub fn symbol_string(self) -> String {
        match self.joker_number() {
            Some(n) => format!("JK{n}"),
            None => format!("{}{}", self.rank().letter(), self.suit().symbol()),
        }
    }
}

/// How many jokers a game may use.
pub const JOKERS: u8 = 4;
/// The bit a joker takes in its lane: the first one above the ace.
const JOKER_BIT: u8 = 13;

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.joker_number() {
            Some(n) => write!(f, "JK{n}"),
            None => write!(f, "{}{}", self.rank().letter(), self.suit().letter()),
        }
    }
}

/// Reads `JK1` .. `JK4` (any case).
pub(crate) fn parse_joker(text: &str) -> Option<Card> {
    let rest = text.trim().strip_prefix("JK").or_else(|| text.trim().strip_prefix("jk"))?;
    match rest.parse::<u8>() {
        Ok(n @ 1..=JOKERS) => Some(Card::joker(n - 1)),
        _ => None,
    }
}

/// Why a piece of card notation could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text is not a card such as `QS`, `TD` or `10♦`.
    #[error("`{0}` is not a card (write rank then suit, e.g. QS, TD, 10D, 2♣)")]
    BadCard(String),
    /// The text is not a hand such as `AK2.QJ.T98.765`.
    #[error("`{text}` is not a hand: {why}")]
    BadHand {
        /// The hand as written.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// The text is not a deal such as `S:AK2.QJ.T98.765 ...`.
    #[error("not a deal: {0}")]
    BadDeal(String),
}

/// Splits a card token into rank characters and a suit, handling `10`.
pub(crate) fn parse_ranks(text: &str) -> Option<Vec<Rank>> {
    let mut ranks = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '1' && chars.peek() == Some(&'0') {
            chars.next();
            ranks.push(Rank::Ten);
        } else {
            ranks.push(Rank::from_char(c)?);
        }
    }
    Some(ranks)
}

impl FromStr for Card {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Card, NotationError> {
        if let Some(joker) = parse_joker(text) {
            return Ok(joker);
        }
        let bad = || NotationError::BadCard(text.to_string());
        let trimmed = text.trim();
        let suit_char = trimmed.chars().last().ok_or_else(bad)?;
        let suit = Suit::from_char(suit_char).ok_or_else(bad)?;
        let rank_text = &trimmed[..trimmed.len() - suit_char.len_utf8()];
        match parse_ranks(rank_text).as_deref() {
            Some([rank]) => Ok(Card::new(*rank, suit)),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suit_alone_is_read_from_its_letter_or_symbol() {
        assert_eq!(Suit::from_letter("S"), Some(Suit::Spades));
        assert_eq!(Suit::from_letter("♥"), Some(Suit::Hearts));
        assert_eq!(Suit::from_letter("X"), None);
        assert_eq!(Suit::from_letter("SH"), None);
        assert_eq!(Suit::from_letter(""), None);
    }

    #[test]
    fn cards_are_written_rank_then_suit() {
        assert_eq!(Card::QUEEN_OF_SPADES.to_string(), "QS");
        assert_eq!(Card::new(Rank::Ten, Suit::Diamonds).to_string(), "TD");
        assert_eq!(Card::TWO_OF_CLUBS.symbol_string(), "2♣");
    }

    #[test]
    fn input_accepts_ten_lower_case_and_symbols() {
        let ten = Card::new(Rank::Ten, Suit::Diamonds);
        for text in ["TD", "td", "10D", "10d", "T♦", "10♢", " TD "] {
            assert_eq!(text.parse::<Card>(), Ok(ten), "{text}");
        }
        assert_eq!("q♠".parse::<Card>(), Ok(Card::QUEEN_OF_SPADES));
    }

    #[test]
    fn malformed_cards_are_refused() {
        for text in ["", "Q", "QX", "1D", "11D", "QQS", "S", "♠"] {
            assert!(text.parse::<Card>().is_err(), "{text}");
        }
    }

    #[test]
    fn every_card_round_trips_through_its_index() {
        for suit in Suit::ALL {
            for rank in Rank::ALL {
                let card = Card::new(rank, suit);
                assert_eq!(card.suit(), suit);
                assert_eq!(card.rank(), rank);
                assert_eq!(Card::from_index(card.index()), Some(card));
                assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            }
        }
        assert_eq!(Card::from_index(14), None);
        assert_eq!(Card::from_index(64), None);
    }

    #[test]
    fn jokers_are_written_jk1_to_jk4_and_have_no_suit() {
        for n in 0..JOKERS {
            let joker = Card::joker(n);
            assert!(joker.is_joker());
            assert_eq!(joker.to_string(), format!("JK{}", n + 1));
            assert_eq!(joker.to_string().parse::<Card>(), Ok(joker));
            assert_eq!(Card::from_index(joker.index()), Some(joker));
        }
        assert!("JK5".parse::<Card>().is_err());
        assert!("JK0".parse::<Card>().is_err());
        assert!(!Card::QUEEN_OF_SPADES.is_joker());
    }
}
