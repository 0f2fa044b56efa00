//! The options' values: the points tables, pass directions and the pass
//! cycle, the kitty, the moon and the rest of the rule book's choices.

use std::fmt;
use std::str::FromStr;

use crate::card::{Card, Rank, Suit};
use crate::card_set::CardSet;

/// Defines a rule option with a fixed set of kebab-case names.
macro_rules! named_option {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => $text:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// Every value, in the order the rule book lists them.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The kebab-case name used in rules.toml and on the command line.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            /// The accepted names, for error messages: `"a", "b"`.
            pub fn names() -> String {
                $name::ALL.iter().map(|v| format!("\"{}\"", v.name())).collect::<Vec<_>>().join(", ")
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $name {
            type Err = String;
            fn from_str(text: &str) -> Result<$name, String> {
                $name::ALL
                    .iter()
                    .copied()
                    .find(|v| v.name() == text)
                    .ok_or_else(|| format!("one of {}", $name::names()))
            }
        }
    };
}

named_option!(
    /// Who leads the first trick (`first-lead`).
    FirstLead {
        /// The holder of the lowest club in play leads it.
        LowestClub => "lowest-club",
        /// The holder of the lowest club leads, and may lead any club.
        AnyClub => "any-club",
        /// The player left of the dealer leads any card (1887 rules).
        LeftOfDealer => "left-of-dealer",
    }
);

named_option!(
    /// Cards dealt to nobody, lying face down for a trick's winner (`kitty`;
    /// in rules.toml `false`, `true` or `"heartsette"`).
    Kitty {
        /// No kitty: the deck is cut down until it divides.
        Off => "off",
        /// The whole deck is dealt; the cards left over are the kitty.
        Leftover => "leftover",
        /// Heartsette's widow: the rule book's table of hand and widow
        /// sizes (and the 2S out at four players).
        Heartsette => "heartsette",
    }
);

named_option!(
    /// How a hand is paid for (`scoring`).
    Scoring {
        /// A running total of points; the lowest wins.
        Points => "points",
        /// Chips: everyone pays a chip per point into the pot, and the fewest
        /// points take it; the most chips win.
        Chips => "chips",
        /// As chips, but only a player who alone took no points takes the
        /// pot (several share it); otherwise it stays for the next deal.
        Sweepstakes => "sweepstakes",
    }
);

named_option!(
    /// Which trick takes the kitty (`kitty-to`).
    KittyTo {
        /// The first trick's winner.
        FirstTrick => "first-trick",
        /// The last trick's winner.
        LastTrick => "last-trick",
    }
);

named_option!(
    /// A declaration made before the first lead (`declaration`).
    Declaration {
        /// Nobody declares.
        None => "none",
        /// Chasse Coeur's Generale: a promise to take every penalty card.
        Generale => "generale",
    }
);

named_option!(
    /// The points table (`points`): what each card is worth.
    PointsTable {
        /// Each heart 1, the queen of spades 13: 26 in all.
        Standard => "standard",
        /// Hearts at face value (2..10, J 11, Q 12, K 13, A 14), QS 13.
        SpotHearts => "spot-hearts",
        /// QS 13, KS 10, AS 7, each heart 1.
        BlackMaria => "black-maria",
        /// Hearts only, 1 each; the queen of spades is worth nothing.
        Original => "original",
        /// Black Jack: the jack of spades 10, each heart 1 (23 in all).
        BlackJack => "black-jack",
        /// Greek: QS 50, AH 15, KH QH JH 10 each, other hearts their face
        /// value (149 in all).
        Greek => "greek",
        /// Chasse Coeur: each of the four queens 13, the other hearts 1 (64).
        ChasseCoeur => "chasse-coeur",
        /// Royal Hearts: QS 26, each heart 1; the queens' effects (QH
        /// doubles, QC cancels the QS, QD takes 10 off) are applied when a
        /// hand is scored ([`PointsTable::hand_points`]).
        Royal => "royal",
        /// Eagle (1887): hearts only, A 5, K 4, Q 3, J 2, every pip 1 (23).
        Eagle => "eagle",
    }
);

named_option!(
    /// What shooting the moon does (`moon`).
    MoonRule {
        /// The shooter scores 0 for penalty cards; everyone else adds the total.
        AddToOthers => "add-to-others",
        /// The shooter subtracts the total; everyone else scores 0.
        SubtractFromShooter => "subtract-from-shooter",
        /// Add to others, unless that ends the game with the shooter not
        /// alone in first place: then the shooter may subtract instead.
        ShooterChooses => "shooter-chooses",
        /// The shooter chooses every time: add to others or subtract (Royal).
        ShooterPicks => "shooter-picks",
        /// No moon: everyone scores what they took.
        Off => "off",
    }
);

named_option!(
    /// Partners (`teams`): at four or six players, seat s and the seat
    /// opposite, s + n/2, play together.
    Teams {
        /// Everyone plays alone.
        Off => "off",
        /// Partners keep one team score from the start; a team that takes
        /// every penalty card between them gives each other team twice a
        /// moon's worth (52).
        Combined => "combined",
        /// Own scores and own moons; when the game ends, partners' totals
        /// are added and the lower team wins.
        Individual => "individual",
    }
);

named_option!(
    /// What happens when the game ends with a tie for the lowest total (`tie`).
    TieRule {
        /// Play more hands until the tie breaks.
        PlayOn => "play-on",
        /// The tied players share the win.
        Share => "share",
    }
);

named_option!(
    /// The named sets of option values (`--preset`).
    Preset {
        /// The rule book's defaults.
        BlackLady => "black-lady",
        /// Black Lady with the jack of diamonds worth -10.
        Omnibus => "omnibus",
        /// Hearts score their face value.
        SpotHearts => "spot-hearts",
        /// QS, KS and AS carry points; passing is to the right only.
        BlackMaria => "black-maria",
        /// Hearts only, no passing.
        Original => "original",
        /// The online game's timed tournament: game to 50 on a 10-minute clock.
        Worldwinner => "worldwinner",
        /// The jack of spades is the penalty card, worth 10.
        BlackJack => "black-jack",
        /// QS 50 and high hearts 10-15; a moon is worth 150; game to 575.
        Greek => "greek",
        /// Four queens worth 13; the Generale may be declared; game to 250.
        ChasseCoeur => "chasse-coeur",
        /// QS 26; the QH doubles hearts, the QC cancels the QS, the QD takes 10 off.
        Royal => "royal",
        /// The 1887 Eagle: hearts only, A 5, K 4, Q 3, J 2, pips 1.
        Eagle => "eagle",
        /// Heartsette: a widow of cards dealt to nobody, for the first trick's winner.
        Heartsette => "heartsette",
        /// Joker Hearts: jokers that may be played any time and never win.
        Joker => "joker",
        /// The 1887 game for chips: hearts only, no passing, no moon.
        Hoyle1887 => "hoyle-1887",
        /// Partners opposite with one team score; a team moon gives each
        /// other team 52.
        Partnership => "partnership",
        /// Foster's 1897 Auction Hearts: one round of bids in chips for the
        /// right to name the penalty suit and lead.
        Auction => "auction",
        /// Domino Hearts: six cards each and a stock to draw from when you
        /// cannot follow; hearts 1 each; the game ends the moment someone
        /// reaches 31. The game for two.
        Domino => "domino",
        /// Cancellation Hearts: two packs for 6 to 11 players; the same
        /// card played twice to a trick cancels, two pairs leave the trick
        /// to the next trick's winner.
        Cancellation => "cancellation",
    }
);

impl PointsTable {
    /// What one card is worth under this table (before any bonus card).
    /// Black Lady's table is answered inline; the others in one call.
    #[inline(always)]
    pub const fn value(self, card: Card) -> i32 {
        if matches!(self, PointsTable::Standard) {
            match card {
                Card::QUEEN_OF_SPADES => 13,
                _ if CardSet::HEARTS.contains(card) => 1,
                _ => 0,
            }
        } else {
            self.other_value(card)
        }
    }

    /// [`PointsTable::value`] for every table but Black Lady's.
    #[inline(never)]
    const fn other_value(self, card: Card) -> i32 {
        // Masks, not suits: a joker is in no suit.
        let is_heart = CardSet::HEARTS.contains(card);
        let is_spade = CardSet::SPADES.contains(card);
        let rank = card.rank();
        match self {
            PointsTable::SpotHearts => match card {
                Card::QUEEN_OF_SPADES => 13,
                _ if is_heart => rank.face_value(),
                _ => 0,
            },
            PointsTable::BlackMaria => match rank {
                Rank::Queen if is_spade => 13,
                Rank::King if is_spade => 10,
                Rank::Ace if is_spade => 7,
                _ if is_heart => 1,
                _ => 0,
            },
            PointsTable::Original => {
                if is_heart {
                    1
                } else {
                    0
                }
            }
            PointsTable::BlackJack => match rank {
                Rank::Jack if is_spade => 10,
                _ if is_heart => 1,
                _ => 0,
            },
            PointsTable::Greek => match rank {
                Rank::Queen if is_spade => 50,
                Rank::Ace if is_heart => 15,
                Rank::King | Rank::Queen | Rank::Jack if is_heart => 10,
                _ if is_heart => rank.face_value(),
                _ => 0,
            },
            PointsTable::ChasseCoeur => match rank {
                Rank::Queen => 13,
                _ if is_heart => 1,
                _ => 0,
            },
            PointsTable::Royal => match rank {
                Rank::Queen if is_spade => 26,
                _ if is_heart => 1,
                _ => 0,
            },
            PointsTable::Eagle => match rank {
                _ if !is_heart => 0,
                Rank::Ace => 5,
                Rank::King => 4,
                Rank::Queen => 3,
                Rank::Jack => 2,
                _ => 1,
            },
            PointsTable::Standard => match card {
                Card::QUEEN_OF_SPADES => 13,
                _ if is_heart => 1,
                _ => 0,
            },
        }
    }

    /// The penalty cards: every card with a positive value.
    pub fn penalty_cards(self) -> CardSet {
        match self {
            PointsTable::Standard | PointsTable::SpotHearts => CardSet::HEARTS | CardSet::QUEEN_OF_SPADES,
            PointsTable::BlackMaria => {
                CardSet::HEARTS
                    | CardSet::QUEEN_OF_SPADES
                    | CardSet::single(Card::new(Rank::King, Suit::Spades))
                    | CardSet::single(Card::new(Rank::Ace, Suit::Spades))
            }
            PointsTable::Original | PointsTable::Eagle => CardSet::HEARTS,
            PointsTable::BlackJack => CardSet::HEARTS | CardSet::single(Card::new(Rank::Jack, Suit::Spades)),
            PointsTable::Greek | PointsTable::Royal => CardSet::HEARTS | CardSet::QUEEN_OF_SPADES,
            PointsTable::ChasseCoeur => CardSet::HEARTS | CardSet::QUEENS,
        }
    }

    /// The sum of the values of a set of cards. Counted by suit masks
    /// rather than card by card: the bots and playouts call this often.
    #[inline(always)]
    pub fn points(self, cards: CardSet) -> i32 {
        let hearts = cards.of_suit(Suit::Hearts);
        let queen = if cards.contains(Card::QUEEN_OF_SPADES) { 13 } else { 0 };
        if self == PointsTable::Standard {
            return hearts.len() as i32 + queen;
        }
        self.other_points(cards, hearts, queen)
    }

    /// [`PointsTable::points`] for every table but Black Lady's.
    #[inline(never)]
    fn other_points(self, cards: CardSet, hearts: CardSet, queen: i32) -> i32 {
        match self {
            PointsTable::Standard => hearts.len() as i32 + queen,
            PointsTable::SpotHearts => hearts.iter().map(|card| card.rank().face_value()).sum::<i32>() + queen,
            PointsTable::BlackMaria => {
                let spade = |rank, value| if cards.contains(Card::new(rank, Suit::Spades)) { value } else { 0 };
                hearts.len() as i32 + queen + spade(Rank::King, 10) + spade(Rank::Ace, 7)
            }
            PointsTable::Original => hearts.len() as i32,
            // The family's tables, card by card.
            _ => (cards & self.penalty_cards()).iter().map(|card| self.other_value(card)).sum(),
        }
    }

    /// The heavy penalty cards outside hearts, that the play turns on: the
    /// QS (JS in Black Jack; the QS, QC and QD in Chasse Coeur). Bots keep
    /// them guarded, flush them out and dump them.
    pub const fn ladies(self) -> CardSet {
        match self {
            PointsTable::Original | PointsTable::Eagle => CardSet::EMPTY,
            PointsTable::BlackJack => CardSet::single(Card::new(Rank::Jack, Suit::Spades)),
            PointsTable::ChasseCoeur => CardSet::QUEENS.minus(CardSet::HEARTS),
            _ => CardSet::QUEEN_OF_SPADES,
        }
    }

    /// What a seat's whole take of a hand scores, the table's effects
    /// included: in Royal a taker of the QH scores each heart twice, and a
    /// taker of both the QC and the QS does not score the QS. Other tables
    /// have no effects: this is [`PointsTable::points`].
    pub fn hand_points(self, taken: CardSet) -> i32 {
        if self != PointsTable::Royal {
            return self.points(taken);
        }
        let hearts = taken.of_suit(Suit::Hearts).len() as i32;
        let doubled = if taken.contains(ROYAL_DOUBLER) { 2 } else { 1 };
        let queen = taken.contains(Card::QUEEN_OF_SPADES) && !taken.contains(ROYAL_CANCELLER);
        hearts * doubled + if queen { self.value(Card::QUEEN_OF_SPADES) } else { 0 }
    }

    /// The card that takes [`ROYAL_DIAMOND_CUT`] off its taker's total after
    /// the hand: the QD in Royal, none elsewhere.
    pub fn total_cutter(self) -> Option<Card> {
        (self == PointsTable::Royal).then_some(Card::new(Rank::Queen, Suit::Diamonds))
    }
}

/// Royal: the taker of this card scores each heart twice.
pub const ROYAL_DOUBLER: Card = Card::new(Rank::Queen, Suit::Hearts);
/// Royal: the taker of this card and the QS does not score the QS.
pub const ROYAL_CANCELLER: Card = Card::new(Rank::Queen, Suit::Clubs);
/// Royal: what the QD takes off its taker's total after the hand.
pub const ROYAL_DIAMOND_CUT: i32 = 10;

/// Where a hand's cards are passed: `steps` seats left or right, across,
/// or not at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PassDirection {
    /// To the seat this many places clockwise ("left", "2-left").
    Left(u8),
    /// To the seat this many places counter-clockwise ("right", "2-right").
    Right(u8),
    /// To the seat opposite (even player counts only).
    Across,
    /// No passing this hand.
    Hold,
}

impl PassDirection {
    /// How many seats clockwise the cards travel at a table of `players`;
    /// 0 for a hold hand.
    pub const fn offset(self, players: usize) -> usize {
        match self {
            PassDirection::Left(steps) => steps as usize % players,
            PassDirection::Right(steps) => (players - steps as usize % players) % players,
            PassDirection::Across => players / 2,
            PassDirection::Hold => 0,
        }
    }

    /// Whether this direction names a real, distinct seat at the table.
    pub const fn is_valid_for(self, players: usize) -> bool {
        match self {
            PassDirection::Left(steps) | PassDirection::Right(steps) => steps >= 1 && (steps as usize) < players,
            PassDirection::Across => players.is_multiple_of(2),
            PassDirection::Hold => true,
        }
    }
}

impl fmt::Display for PassDirection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PassDirection::Left(1) => f.write_str("left"),
            PassDirection::Right(1) => f.write_str("right"),
            PassDirection::Left(steps) => write!(f, "{steps}-left"),
            PassDirection::Right(steps) => write!(f, "{steps}-right"),
            PassDirection::Across => f.write_str("across"),
            PassDirection::Hold => f.write_str("hold"),
        }
    }
}

impl FromStr for PassDirection {
    type Err = String;

    fn from_str(text: &str) -> Result<PassDirection, String> {
        let expected =
            || "\"left\", \"right\", \"across\", \"hold\", or \"N-left\" / \"N-right\" (e.g. \"2-left\")".to_string();
        match text {
            "left" => return Ok(PassDirection::Left(1)),
            "right" => return Ok(PassDirection::Right(1)),
            "across" => return Ok(PassDirection::Across),
            "hold" => return Ok(PassDirection::Hold),
            _ => {}
        }
        let (steps, side) = text.split_once('-').ok_or_else(expected)?;
        let steps: u8 = steps.parse().map_err(|_| expected())?;
        match side {
            "left" => Ok(PassDirection::Left(steps)),
            "right" => Ok(PassDirection::Right(steps)),
            _ => Err(expected()),
        }
    }
}

/// The most hands a pass cycle may name.
pub const MAX_PASS_CYCLE: usize = 12;

/// The order of pass directions, repeated hand after hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PassCycle {
    directions: [PassDirection; MAX_PASS_CYCLE],
    len: u8,
}

impl PassCycle {
    /// A cycle of the given directions; `None` if empty or longer than
    /// [`MAX_PASS_CYCLE`].
    pub fn new(directions: &[PassDirection]) -> Option<PassCycle> {
        if directions.is_empty() || directions.len() > MAX_PASS_CYCLE {
            return None;
        }
        let mut cycle = PassCycle { directions: [PassDirection::Hold; MAX_PASS_CYCLE], len: directions.len() as u8 };
        cycle.directions[..directions.len()].copy_from_slice(directions);
        Some(cycle)
    }

    /// The rule book's cycle for a player count.
    pub fn standard(players: usize) -> PassCycle {
        use PassDirection::{Across, Hold, Left, Right};
        let directions: &[PassDirection] = match players {
            // Two players play Domino, which passes nothing.
            2 => &[Hold],
            3 => &[Left(1), Right(1), Hold],
            4 => &[Left(1), Right(1), Across, Hold],
            5 => &[Left(1), Right(1), Left(2), Right(2), Hold],
            6 => &[Left(1), Right(1), Left(2), Right(2), Across, Hold],
            _ => &[Left(1), Right(1), Left(2), Right(2), Left(3), Right(3), Hold],
        };
        PassCycle::new(directions).expect("standard cycles are short and non-empty")
    }

    /// The cycle of two packs (Cancellation, decided): left, right, hold,
    /// at every table size.
    pub fn two_packs() -> PassCycle {
        use PassDirection::{Hold, Left, Right};
        PassCycle::new(&[Left(1), Right(1), Hold]).expect("a short, non-empty cycle")
    }

    /// The directions in order.
    pub fn directions(&self) -> &[PassDirection] {
        &self.directions[..self.len as usize]
    }

    /// The direction of the hand with this 0-based number.
    pub fn for_hand(&self, hand_index: u32) -> PassDirection {
        self.directions[hand_index as usize % self.len as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_of_a_set_are_the_sum_of_its_card_values() {
        let sets: [CardSet; 4] =
            [CardSet::DECK, "AKQS 2H TH JD".parse().unwrap(), "AKH".parse().unwrap(), CardSet::EMPTY];
        for table in PointsTable::ALL {
            for set in sets {
                let by_card: i32 = set.iter().map(|card| table.value(card)).sum();
                assert_eq!(table.points(set), by_card, "{table:?} {set}");
                let positive: CardSet = set.iter().filter(|&card| table.value(card) > 0).collect();
                assert_eq!(table.penalty_cards() & set, positive, "{table:?} {set}");
            }
        }
    }

    #[test]
    fn points_tables_value_cards_as_the_rule_book_says() {
        let value = |table: PointsTable, card: &str| table.value(card.parse().unwrap());
        assert_eq!(value(PointsTable::Standard, "QS"), 13);
        assert_eq!(value(PointsTable::Standard, "AH"), 1);
        assert_eq!(value(PointsTable::Standard, "KS"), 0);
        assert_eq!(value(PointsTable::SpotHearts, "2H"), 2);
        assert_eq!(value(PointsTable::SpotHearts, "TH"), 10);
        assert_eq!(value(PointsTable::SpotHearts, "JH"), 11);
        assert_eq!(value(PointsTable::SpotHearts, "AH"), 14);
        assert_eq!(value(PointsTable::BlackMaria, "KS"), 10);
        assert_eq!(value(PointsTable::BlackMaria, "AS"), 7);
        assert_eq!(value(PointsTable::BlackMaria, "5H"), 1);
        assert_eq!(value(PointsTable::Original, "QS"), 0);
    }

    #[test]
    fn pass_directions_parse_and_print() {
        for text in ["left", "right", "across", "hold", "2-left", "3-right"] {
            assert_eq!(text.parse::<PassDirection>().unwrap().to_string(), text);
        }
        assert!("sideways".parse::<PassDirection>().is_err());
        assert_eq!(PassDirection::Right(1).offset(4), 3);
        assert_eq!(PassDirection::Across.offset(6), 3);
    }
}
