//! `Rules`: every option of the rule book (RULES.md), its defaults, the
//! presets, and the checks that a combination of options makes a game.

use std::fmt;
use std::str::FromStr;

use super::card::{Card, JOKERS, Rank, Suit};
use super::card_set::CardSet;
use super::seat::{BySeat, MAX_PLAYERS, MIN_PLAYERS, Seat};

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

/// Every option of the rule book. Built by [`Rules::default`] or a
/// [`Preset`], changed field by field, then checked by [`Rules::validate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Players at the table, 3 to 7 (`players`, default 4).
    pub players: u8,
    /// Cards taken out so the deck divides evenly (`removed-cards`);
    /// `None` uses the rule book's list for the player count.
    pub removed_cards: Option<CardSet>,
    /// Cards dealt to nobody, for a trick's winner (`kitty`).
    pub kitty: Kitty,
    /// Which trick's winner takes the kitty (`kitty-to`).
    pub kitty_to: KittyTo,
    /// Jokers in the deck, 0 to 4 (`jokers`); `None`: the joker preset's
    /// count, 2 at three or six players and 4 otherwise.
    pub jokers: Option<u8>,
    /// Cards each player passes (`pass-count`, default 3; 0: no passing).
    pub pass_count: u8,
    /// The order of pass directions (`pass-cycle`); `None` uses the rule
    /// book's cycle for the player count.
    pub pass_cycle: Option<PassCycle>,
    /// Who leads the first trick (`first-lead`).
    pub first_lead: FirstLead,
    /// No penalty cards on the first trick (`no-blood`, default true).
    pub no_blood: bool,
    /// Hearts may not be led until broken (`must-break-hearts`, default true).
    pub must_break_hearts: bool,
    /// Playing the queen of spades breaks hearts too (`queen-breaks-hearts`).
    pub queen_breaks_hearts: bool,
    /// The points table (`points`).
    pub points: PointsTable,
    /// The bonus card is worth -10 (`omnibus`).
    pub omnibus: bool,
    /// The Omnibus bonus card (`bonus-card`, default JD).
    pub bonus_card: Card,
    /// What shooting the moon does (`moon`): add-to-others or off under
    /// chips; a combined team's moon goes to the others whatever it says
    /// ([`Rules::moon_in_play`]).
    pub moon: MoonRule,
    /// What a moon is worth (`moon-value`); `None`: the shooter's points,
    /// which is the penalty total (Greek plays 150, Chasse Coeur's silent
    /// Generale 54).
    pub moon_value: Option<i32>,
    /// A declaration before the first lead (`declaration`).
    pub declaration: Declaration,
    /// The shooter must also take the bonus card (`moon-needs-bonus-card`).
    pub moon_needs_bonus_card: bool,
    /// Added to each player who took no trick, when nobody shot the moon
    /// or made a Generale (`no-tricks-bonus`, default 0; some servers use
    /// -5). Not played with chips or in Domino.
    pub no_tricks_bonus: i32,
    /// The game ends after a hand in which someone reached this total
    /// (`target-score`, default 100).
    pub target_score: i32,
    /// The game ends after this many hands; 0 for no limit (`max-hands`).
    pub max_hands: u32,
    /// A tie for the lowest total at the end (`tie`).
    pub tie: TieRule,
    /// A total of exactly 99 after a hand drops to 0 (`sinkhole`).
    pub sinkhole: bool,
    /// A total of exactly 100 after a hand drops to 50 (`reset-at-100`).
    pub reset_at_100: bool,
    /// Minutes on the game clock of the timed tournament mode; 0 for no
    /// clock (`clock-minutes`).
    pub clock_minutes: u32,
    /// How hands are paid for (`scoring`).
    pub scoring: Scoring,
    /// Chips each player starts with under chips or sweepstakes (`chips`,
    /// default 50).
    pub chips: u32,
    /// Partners opposite (`teams`).
    pub teams: Teams,
    /// A round of bids in chips for the right to name the penalty suit
    /// (`auction`).
    pub auction: bool,
    /// Domino Hearts (`domino`): six cards each and the rest a stock; a
    /// player who cannot follow draws until they can; players drop out as
    /// their cards run out; the game ends the moment a total reaches the
    /// target, even in the middle of a hand.
    pub domino: bool,
    /// Cancellation Hearts (`cancellation`): two packs shuffled together;
    /// the same card played twice to a trick cancels (neither copy wins);
    /// a trick with two such pairs, or with every card of the suit led
    /// cancelled, goes to the winner of the next trick.
    pub cancellation: bool,
}

impl Default for Rules {
    /// The rule book's defaults: Black Lady for four players.
    fn default() -> Rules {
        Rules {
            players: 4,
            removed_cards: None,
            kitty: Kitty::Off,
            kitty_to: KittyTo::FirstTrick,
            jokers: Some(0),
            pass_count: 3,
            pass_cycle: None,
            first_lead: FirstLead::LowestClub,
            no_blood: true,
            must_break_hearts: true,
            queen_breaks_hearts: false,
            points: PointsTable::Standard,
            omnibus: false,
            bonus_card: Card::JACK_OF_DIAMONDS,
            moon: MoonRule::AddToOthers,
            moon_value: None,
            declaration: Declaration::None,
            moon_needs_bonus_card: false,
            no_tricks_bonus: 0,
            target_score: 100,
            max_hands: 0,
            tie: TieRule::PlayOn,
            sinkhole: false,
            reset_at_100: false,
            clock_minutes: 0,
            scoring: Scoring::Points,
            chips: 50,
            teams: Teams::Off,
            auction: false,
            domino: false,
            cancellation: false,
        }
    }
}

impl Preset {
    /// The table sizes the preset is played at.
    pub fn player_counts(self) -> &'static [u8] {
        match self {
            Preset::Partnership => &[4, 6],
            Preset::Auction => &[4, 5, 6],
            Preset::Domino => &[2, 3, 4, 5, 6, 7],
            Preset::Cancellation => &[6, 7, 8, 9, 10, 11],
            _ => &[3, 4, 5, 6, 7],
        }
    }

    /// The rules this preset stands for.
    pub fn rules(self) -> Rules {
        let defaults = Rules::default();
        match self {
            Preset::BlackLady => defaults,
            Preset::Omnibus => Rules { omnibus: true, ..defaults },
            Preset::SpotHearts => Rules { points: PointsTable::SpotHearts, ..defaults },
            Preset::BlackMaria => Rules {
                points: PointsTable::BlackMaria,
                pass_cycle: PassCycle::new(&[PassDirection::Right(1)]),
                ..defaults
            },
            Preset::Original => Rules { points: PointsTable::Original, pass_count: 0, ..defaults },
            Preset::Worldwinner => Rules { no_blood: true, target_score: 50, clock_minutes: 10, ..defaults },
            Preset::BlackJack => Rules { points: PointsTable::BlackJack, ..defaults },
            // Decided: 100 scaled by the penalty total, 149/26.
            Preset::Greek => Rules { points: PointsTable::Greek, moon_value: Some(150), target_score: 575, ..defaults },
            // Decided, as for the 1887 game: no passing, left of dealer
            // leads anything, hearts any time, no no-blood, game to 250.
            Preset::ChasseCoeur => Rules {
                points: PointsTable::ChasseCoeur,
                pass_count: 0,
                first_lead: FirstLead::LeftOfDealer,
                must_break_hearts: false,
                no_blood: false,
                declaration: Declaration::Generale,
                moon_value: Some(SILENT_GENERALE),
                target_score: 250,
                ..defaults
            },
            Preset::Royal => Rules { points: PointsTable::Royal, moon: MoonRule::ShooterPicks, ..defaults },
            Preset::Eagle => Rules { points: PointsTable::Eagle, ..defaults },
            Preset::Heartsette => Rules { kitty: Kitty::Heartsette, ..defaults },
            Preset::Joker => Rules { jokers: None, ..defaults },
            Preset::Hoyle1887 => Rules {
                points: PointsTable::Original,
                scoring: Scoring::Chips,
                pass_count: 0,
                first_lead: FirstLead::LeftOfDealer,
                must_break_hearts: false,
                no_blood: false,
                moon: MoonRule::Off,
                ..defaults
            },
            Preset::Partnership => Rules { teams: Teams::Combined, ..defaults },
            // Decided: the 1887 game it grew from (no passing, left of the
            // dealer leads when nobody bids, any card any time, no moon).
            Preset::Auction => Rules { auction: true, ..Preset::Hoyle1887.rules() },
            // The rule book's Domino: no passing, left of the dealer leads
            // anything, hearts any time, 1 a heart, no moon, game to 31.
            Preset::Domino => Rules {
                domino: true,
                points: PointsTable::Original,
                pass_count: 0,
                first_lead: FirstLead::LeftOfDealer,
                must_break_hearts: false,
                no_blood: false,
                moon: MoonRule::Off,
                target_score: 31,
                ..defaults
            },
            // The rule book's Cancellation: Black Lady's cards twice over,
            // the cards left over a kitty for the first trick's winner,
            // passing left, right, hold (the pass cycle of two packs).
            Preset::Cancellation => Rules { cancellation: true, players: 8, kitty: Kitty::Leftover, ..defaults },
        }
    }
}

/// Hands a game of chips lasts when `max-hands` does not say.
pub const CHIPS_HANDS: u32 = 8;

/// Cards dealt to each player in Domino; the rest are the stock.
pub const DOMINO_HAND_SIZE: usize = 6;

/// The fewest players of every game but Domino.
const MIN_PLAYERS_BUT_DOMINO: usize = 3;

/// The most players of a game with one pack.
pub const MAX_ONE_PACK_PLAYERS: usize = 7;

/// The fewest players of Cancellation (two packs).
const MIN_TWO_PACK_PLAYERS: usize = 6;

/// What a silent Generale (every penalty card taken without declaring)
/// gives each other player in Chasse Coeur.
pub const SILENT_GENERALE: i32 = 54;

/// With jokers, the fewest cards from the rule book's list (2D 2C 2S 3D 3C
/// 3S 4D 4C 4S 5D) that make the deck divide.
pub fn joker_removed_cards(players: usize, jokers: usize) -> CardSet {
    use Rank::{Five, Four, Three, Two};
    use Suit::{Clubs, Diamonds, Spades};
    const LIST: [(Rank, Suit); 10] = [
        (Two, Diamonds),
        (Two, Clubs),
        (Two, Spades),
        (Three, Diamonds),
        (Three, Clubs),
        (Three, Spades),
        (Four, Diamonds),
        (Four, Clubs),
        (Four, Spades),
        (Five, Diamonds),
    ];
    let extra = (52 + jokers) % players;
    LIST.iter().take(extra).map(|&(rank, suit)| Card::new(rank, suit)).collect()
}

/// The cards the rule book removes for a player count.
pub const fn standard_removed_cards(players: usize) -> CardSet {
    // Constants, not parsed or collected: bots ask for the deck at every decision.
    const TWO_D: Card = Card::new(Rank::Two, Suit::Diamonds);
    const TWO_C: Card = Card::new(Rank::Two, Suit::Clubs);
    const TWO_S: Card = Card::new(Rank::Two, Suit::Spades);
    const THREE_D: Card = Card::new(Rank::Three, Suit::Diamonds);
    const THREE_C: Card = Card::new(Rank::Three, Suit::Clubs);
    match players {
        3 => CardSet::EMPTY.with(TWO_D),
        5 => CardSet::EMPTY.with(TWO_D).with(TWO_C),
        6 => CardSet::EMPTY.with(TWO_D).with(TWO_C).with(TWO_S).with(THREE_D),
        7 => CardSet::EMPTY.with(TWO_D).with(THREE_D).with(THREE_C),
        _ => CardSet::EMPTY,
    }
}

/// A combination of options that does not make a game. Each names the
/// option keys at fault so the caller can point at them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// `players` outside 3..=7 (2..=7 with Domino, 6..=11 with
    /// Cancellation).
    #[error(
        "players must be from {MIN_PLAYERS_BUT_DOMINO} to {MAX_ONE_PACK_PLAYERS} ({MIN_PLAYERS} to \
         {MAX_ONE_PACK_PLAYERS} with domino = true, {MIN_TWO_PACK_PLAYERS} to {MAX_PLAYERS} with \
         cancellation = true), not {0}"
    )]
    Players(u8),
    /// The deck left after removing cards does not divide among the players.
    #[error(
        "{deck} cards (52 less removed-cards {removed}) do not divide among {players} players; \
         remove {remainder} more, or set kitty = true"
    )]
    DeckDoesNotDivide {
        /// Players at the table.
        players: u8,
        /// Cards in the deck after removal.
        deck: usize,
        /// The removed cards.
        removed: String,
        /// How many more cards would have to go.
        remainder: usize,
    },
    /// A kitty deals the full deck (Heartsette: its own table), so a
    /// removed-card list contradicts it.
    #[error("a kitty deals the whole deck (Heartsette: its own table), so removed-cards must not be set")]
    KittyWithRemovedCards,
    /// `pass-count` leaves too few cards.
    #[error("pass-count must be less than the {hand_size} cards each player holds, not {pass_count}")]
    PassCount {
        /// The pass count asked for.
        pass_count: u8,
        /// Cards dealt to each player.
        hand_size: usize,
    },
    /// A pass direction that has no seat at this table.
    #[error("pass-cycle: \"{direction}\" names no other seat at a table of {players}")]
    PassDirection {
        /// The direction.
        direction: PassDirection,
        /// Players at the table.
        players: u8,
    },
    /// The bonus card must be worth nothing in the points table.
    #[error("bonus-card {0} is a penalty card under these points; choose a card worth 0 (e.g. JD or TD)")]
    BonusCardIsPenalty(Card),
    /// The bonus card was removed from the deck.
    #[error("bonus-card {0} is among the removed cards")]
    BonusCardRemoved(Card),
    /// moon-needs-bonus-card without a bonus card.
    #[error("moon-needs-bonus-card = true needs omnibus = true (there is no bonus card otherwise)")]
    MoonNeedsBonusWithoutOmnibus,
    /// A lowest-club lead with no club left in the deck.
    #[error("first-lead = \"{0}\" needs at least one club in the deck")]
    NoClubs(FirstLead),
    /// The deck holds no penalty card.
    #[error("the deck holds no penalty card under points = \"{0}\"")]
    NoPenaltyCards(PointsTable),
    /// A target score that ends the game before it starts.
    #[error("target-score must be at least 1, not {0}")]
    TargetScore(i32),
    /// Jokers with a kitty: the kitty deals the whole deck already.
    #[error("jokers = {0} cannot be played with a kitty: the kitty deals the whole deck; drop one of them")]
    JokersWithKitty(usize),
    /// Teams at a table without seats opposite.
    #[error("teams = \"{teams}\" needs partners opposite: 4 or 6 players, not {players}")]
    TeamsNeedPartners {
        /// The teams option.
        teams: Teams,
        /// Players at the table.
        players: u8,
    },
    /// Teams with chips: chips are paid seat by seat.
    #[error("teams = \"{0}\" cannot be played with chips: chips are paid seat by seat; drop one of them")]
    TeamsWithChips(Teams),
    /// A team score with a declaration made by one player.
    #[error(
        "teams = \"combined\" cannot be played with declaration = \"generale\": the Generale is one player's promise; use teams = \"individual\""
    )]
    CombinedTeamsWithGenerale,
    /// The auction outside its table or its scoring.
    #[error("auction = true needs {needs}")]
    Auction {
        /// What the auction needs that these rules lack.
        needs: &'static str,
        /// The option keys at fault.
        keys: &'static [&'static str],
    },
    /// Domino with an option it does not play with.
    #[error("domino = true needs {needs}")]
    Domino {
        /// What Domino needs that these rules lack.
        needs: &'static str,
        /// The option keys at fault.
        keys: &'static [&'static str],
    },
    /// Cancellation with an option it does not play with.
    #[error("cancellation = true needs {needs}")]
    Cancellation {
        /// What Cancellation needs that these rules lack.
        needs: &'static str,
        /// The option keys at fault.
        keys: &'static [&'static str],
    },
    /// A moon value where there is no moon.
    #[error("moon-value = {0} has no effect with moon = \"off\"; remove it, or choose a moon rule")]
    MoonValueWithoutMoon(i32),
    /// A no-tricks bonus under chips: chips are paid by penalty points.
    #[error(
        "no-tricks-bonus = {bonus} cannot be played with scoring = \"{scoring}\": chips are paid by penalty \
         points, and a points bonus has no meaning there; set no-tricks-bonus = 0"
    )]
    NoTricksBonusWithChips {
        /// The bonus asked for.
        bonus: i32,
        /// Chips or sweepstakes.
        scoring: Scoring,
    },
    /// A moon under chips that is not the chips payment to the shooter.
    #[error(
        "scoring = \"{scoring}\" needs moon = \"add-to-others\" or \"off\", not \"{moon}\": chips pay a moon \
         to its shooter one way only (--moon add-to-others)"
    )]
    MoonWithChips {
        /// The moon rule asked for.
        moon: MoonRule,
        /// Chips or sweepstakes.
        scoring: Scoring,
    },
    /// The Generale under chips: it is a points-scoring device.
    #[error(
        "declaration = \"generale\" cannot be played with scoring = \"{0}\": the Generale scores points, not \
         chips; set declaration = \"none\""
    )]
    GeneraleWithChips(Scoring),
}

impl RulesError {
    /// The option keys this error is about, most relevant first.
    pub fn keys(&self) -> &'static [&'static str] {
        match self {
            RulesError::Players(_) => &["players"],
            RulesError::DeckDoesNotDivide { .. } => &["removed-cards", "players"],
            RulesError::KittyWithRemovedCards => &["kitty", "removed-cards"],
            RulesError::PassCount { .. } => &["pass-count", "players"],
            RulesError::PassDirection { .. } => &["pass-cycle", "players"],
            RulesError::BonusCardIsPenalty(_) => &["bonus-card", "points"],
            RulesError::BonusCardRemoved(_) => &["bonus-card", "removed-cards"],
            RulesError::MoonNeedsBonusWithoutOmnibus => &["moon-needs-bonus-card", "omnibus"],
            RulesError::NoClubs(_) => &["removed-cards", "first-lead"],
            RulesError::NoPenaltyCards(_) => &["removed-cards", "points"],
            RulesError::TargetScore(_) => &["target-score"],
            RulesError::MoonValueWithoutMoon(_) => &["moon-value", "moon"],
            RulesError::JokersWithKitty(_) => &["jokers", "kitty"],
            RulesError::TeamsNeedPartners { .. } => &["teams", "players"],
            RulesError::TeamsWithChips(_) => &["teams", "scoring"],
            RulesError::CombinedTeamsWithGenerale => &["teams", "declaration"],
            RulesError::NoTricksBonusWithChips { .. } => &["no-tricks-bonus", "scoring"],
            RulesError::MoonWithChips { .. } => &["moon", "scoring"],
            RulesError::GeneraleWithChips(_) => &["declaration", "scoring"],
            RulesError::Auction { keys, .. }
            | RulesError::Domino { keys, .. }
            | RulesError::Cancellation { keys, .. } => keys,
        }
    }
}

impl Rules {
    /// Players at the table as a count.
    pub const fn player_count(&self) -> usize {
        self.players as usize
    }

    /// The cards out of play: none with a kitty (the 2S at four players of
    /// Heartsette), else the option's list or the rule book's list for the
    /// player count.
    pub fn removed(&self) -> CardSet {
        if self.domino || self.cancellation {
            // What the deal leaves over is the stock: nothing comes out.
            return CardSet::EMPTY;
        }
        match self.kitty {
            Kitty::Leftover => CardSet::EMPTY,
            Kitty::Heartsette if self.players == 4 => CardSet::single(Card::new(Rank::Two, Suit::Spades)),
            Kitty::Heartsette => CardSet::EMPTY,
            Kitty::Off => self.removed_cards.unwrap_or_else(|| match self.joker_count() {
                0 => standard_removed_cards(self.player_count()),
                jokers => joker_removed_cards(self.player_count(), jokers),
            }),
        }
    }

    /// Jokers in play.
    pub fn joker_count(&self) -> usize {
        match self.jokers {
            Some(count) => usize::from(count.min(JOKERS)),
            None if matches!(self.players, 3 | 6) => 2,
            None => 4,
        }
    }

    /// The jokers in play, `JK1` first.
    pub fn joker_cards(&self) -> CardSet {
        (0..self.joker_count() as u8).map(Card::joker).collect()
    }

    /// Packs shuffled together: 2 for Cancellation, else 1.
    pub const fn pack_count(&self) -> usize {
        if self.cancellation { 2 } else { 1 }
    }

    /// How many cards are dealt (with the kitty or stock): the deck, once
    /// for each pack.
    pub fn deck_size(&self) -> usize {
        self.deck().len() * self.pack_count()
    }

    /// The cards that are dealt (and the kitty, if any), jokers included;
    /// with two packs, each of them twice.
    #[inline]
    pub fn deck(&self) -> CardSet {
        if let (Kitty::Off, None, Some(0), false) = (self.kitty, self.removed_cards, self.jokers, self.domino) {
            // The plain game, asked for at every bot decision: no lookups.
            return CardSet::DECK.minus(standard_removed_cards(self.player_count()));
        }
        (CardSet::DECK - self.removed()) | self.joker_cards()
    }

    /// Cards dealt to each player: the deck divided evenly (what is left
    /// over is the kitty), or Heartsette's table.
    pub fn hand_size(&self) -> usize {
        match (self.kitty, self.players) {
            (Kitty::Heartsette, 3) => 16,
            (Kitty::Heartsette, 4) => 12,
            (Kitty::Heartsette, 5) => 10,
            (Kitty::Heartsette, 6) => 8,
            (Kitty::Heartsette, 7) => 7,
            _ if self.domino => DOMINO_HAND_SIZE,
            _ => self.deck_size() / self.player_count(),
        }
    }

    /// The most hands the game lasts: `max-hands`, or 8 under chips
    /// (decided); 0 for no limit.
    pub fn hand_limit(&self) -> u32 {
        match (self.max_hands, self.scoring) {
            (0, Scoring::Chips | Scoring::Sweepstakes) => CHIPS_HANDS,
            (limit, _) => limit,
        }
    }

    /// Whether chips are played (chips or sweepstakes).
    pub fn plays_chips(&self) -> bool {
        self.scoring != Scoring::Points
    }

    /// The moon rule that scores this game's moons: `moon`, except that a
    /// combined team's moon always goes to each other team, whatever
    /// `moon` says (there is none with `moon = "off"`).
    pub fn moon_in_play(&self) -> MoonRule {
        match (self.teams, self.moon) {
            (Teams::Combined, MoonRule::Off) | (Teams::Off | Teams::Individual, _) => self.moon,
            (Teams::Combined, _) => MoonRule::AddToOthers,
        }
    }

    /// What the cards dealt to nobody are called: Heartsette's widow, or
    /// the kitty.
    pub fn kitty_name(&self) -> &'static str {
        if self.kitty == Kitty::Heartsette { "widow" } else { "kitty" }
    }

    /// Cards in the kitty: what the deal leaves over (Domino's is a stock,
    /// not a kitty).
    pub fn kitty_size(&self) -> usize {
        if self.domino { 0 } else { self.left_over() }
    }

    /// Cards in Domino's stock at the start of a hand (0 without Domino).
    pub fn stock_size(&self) -> usize {
        if self.domino { self.left_over() } else { 0 }
    }

    fn left_over(&self) -> usize {
        self.deck_size() - self.hand_size() * self.player_count()
    }

    /// The effective pass cycle: the option's, or the rule book's for the
    /// player count (with two packs: left, right, hold).
    pub fn pass_cycle(&self) -> PassCycle {
        self.pass_cycle.unwrap_or_else(|| match self.cancellation {
            true => PassCycle::two_packs(),
            false => PassCycle::standard(self.player_count()),
        })
    }

    /// The pass direction of the hand with this 0-based number; hold when
    /// `pass-count` is 0.
    pub fn pass_direction(&self, hand_index: u32) -> PassDirection {
        if self.pass_count == 0 { PassDirection::Hold } else { self.pass_cycle().for_hand(hand_index) }
    }

    /// The penalty cards in play.
    pub fn penalty_cards(&self) -> CardSet {
        self.points.penalty_cards() & self.deck()
    }

    /// Every card in play that changes a score: the penalty cards, the
    /// bonus card, and Royal's QC and QD.
    pub fn scoring_cards(&self) -> CardSet {
        let mut cards = self.penalty_cards();
        if let Some(bonus) = self.bonus_card() {
            cards.insert(bonus);
        }
        if let Some(cutter) = self.points.total_cutter() {
            cards = cards.with(cutter).with(ROYAL_CANCELLER);
        }
        cards & self.deck()
    }

    /// The points of all penalty cards in play (26 by default; 52 with two
    /// packs).
    pub fn penalty_total(&self) -> i32 {
        self.points.points(self.penalty_cards()) * self.pack_count() as i32
    }

    /// The Omnibus bonus card, when Omnibus is played.
    pub fn bonus_card(&self) -> Option<Card> {
        self.omnibus.then_some(self.bonus_card)
    }

    /// The seat's partner (the seat opposite) when teams are played.
    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        match self.teams {
            Teams::Off => None,
            Teams::Combined | Teams::Individual => Some(seat.left(self.player_count() / 2, self.player_count())),
        }
    }

    /// The side a seat plays for, numbered from 0: its team (the lower of
    /// the two partners' seat numbers), or the seat itself.
    pub fn side(&self, seat: Seat) -> usize {
        match self.teams {
            Teams::Off => seat.index(),
            Teams::Combined | Teams::Individual => seat.index() % (self.player_count() / 2),
        }
    }

    /// How many sides play: the teams, or the players.
    pub fn side_count(&self) -> usize {
        match self.teams {
            Teams::Off => self.player_count(),
            Teams::Combined | Teams::Individual => self.player_count() / 2,
        }
    }

    /// The seats of a side, in seat order.
    pub fn side_seats(&self, side: usize) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.player_count()).filter(move |&seat| self.side(seat) == side)
    }

    /// A side's figure from per-seat figures (scores or totals): the
    /// seat's own, a combined team's (each partner holds the team's), or
    /// the sum of individual partners'.
    pub fn side_total(&self, per_seat: &BySeat<i32>, side: usize) -> i32 {
        match self.teams {
            Teams::Off | Teams::Combined => self.side_seats(side).next().map_or(0, |seat| per_seat[seat]),
            Teams::Individual => self.side_seats(side).map(|seat| per_seat[seat]).sum(),
        }
    }

    /// Checks that the options make a game.
    pub fn validate(&self) -> Result<(), RulesError> {
        let players = self.player_count();
        let seats = match (self.domino, self.cancellation) {
            (_, true) => MIN_TWO_PACK_PLAYERS..=MAX_PLAYERS,
            (true, false) => MIN_PLAYERS..=MAX_ONE_PACK_PLAYERS,
            (false, false) => MIN_PLAYERS_BUT_DOMINO..=MAX_ONE_PACK_PLAYERS,
        };
        if !seats.contains(&players) {
            return Err(RulesError::Players(self.players));
        }
        if self.domino {
            self.validate_domino()?;
        }
        if self.cancellation {
            self.validate_cancellation()?;
        }
        if self.kitty != Kitty::Off && self.removed_cards.is_some() {
            return Err(RulesError::KittyWithRemovedCards);
        }
        if self.kitty != Kitty::Off && self.joker_count() > 0 {
            return Err(RulesError::JokersWithKitty(self.joker_count()));
        }
        let deck = self.deck_size();
        if self.kitty == Kitty::Off && !self.domino && !deck.is_multiple_of(players) {
            return Err(RulesError::DeckDoesNotDivide {
                players: self.players,
                deck,
                removed: if self.removed().is_empty() { "none".to_string() } else { self.removed().to_string() },
                remainder: deck % players,
            });
        }
        let hand_size = self.hand_size();
        if self.pass_count as usize >= hand_size {
            return Err(RulesError::PassCount { pass_count: self.pass_count, hand_size });
        }
        if let Some(direction) = self.pass_cycle().directions().iter().find(|d| !d.is_valid_for(players)) {
            return Err(RulesError::PassDirection { direction: *direction, players: self.players });
        }
        if self.omnibus {
            if self.points.value(self.bonus_card) > 0 {
                return Err(RulesError::BonusCardIsPenalty(self.bonus_card));
            }
            if !self.deck().contains(self.bonus_card) {
                return Err(RulesError::BonusCardRemoved(self.bonus_card));
            }
        } else if self.moon_needs_bonus_card {
            return Err(RulesError::MoonNeedsBonusWithoutOmnibus);
        }
        if self.first_lead != FirstLead::LeftOfDealer && (self.deck() & CardSet::CLUBS).is_empty() {
            return Err(RulesError::NoClubs(self.first_lead));
        }
        if self.penalty_cards().is_empty() {
            return Err(RulesError::NoPenaltyCards(self.points));
        }
        if self.target_score < 1 {
            return Err(RulesError::TargetScore(self.target_score));
        }
        if let (Some(value), MoonRule::Off) = (self.moon_value, self.moon) {
            return Err(RulesError::MoonValueWithoutMoon(value));
        }
        if self.plays_chips() {
            self.validate_chips()?;
        }
        if self.auction {
            let refusal = |needs, keys| Err(RulesError::Auction { needs, keys });
            if !(4..=6).contains(&self.players) {
                return refusal("4 to 6 players", &["auction", "players"]);
            }
            if !self.plays_chips() {
                return refusal(
                    "scoring = \"chips\" or \"sweepstakes\": bids are paid in chips",
                    &["auction", "scoring"],
                );
            }
            if self.points != PointsTable::Original {
                return refusal(
                    "points = \"original\": each card of the named suit is worth 1, and nothing else",
                    &["auction", "points"],
                );
            }
            if self.omnibus {
                return refusal("omnibus = false: the bonus card could be in the named suit", &["auction", "omnibus"]);
            }
            if self.declaration != Declaration::None {
                return refusal("declaration = \"none\"", &["auction", "declaration"]);
            }
        }
        if self.teams != Teams::Off {
            if !matches!(self.players, 4 | 6) {
                return Err(RulesError::TeamsNeedPartners { teams: self.teams, players: self.players });
            }
            if self.plays_chips() {
                return Err(RulesError::TeamsWithChips(self.teams));
            }
            if self.teams == Teams::Combined && self.declaration != Declaration::None {
                return Err(RulesError::CombinedTeamsWithGenerale);
            }
        }
        Ok(())
    }
}

impl Rules {
    /// The refusals of chips (and sweepstakes): chips are paid by penalty
    /// points, and a moon only by the chips payment to its shooter.
    fn validate_chips(&self) -> Result<(), RulesError> {
        let scoring = self.scoring;
        if self.no_tricks_bonus != 0 {
            return Err(RulesError::NoTricksBonusWithChips { bonus: self.no_tricks_bonus, scoring });
        }
        if !matches!(self.moon, MoonRule::AddToOthers | MoonRule::Off) {
            return Err(RulesError::MoonWithChips { moon: self.moon, scoring });
        }
        if self.declaration != Declaration::None {
            return Err(RulesError::GeneraleWithChips(scoring));
        }
        Ok(())
    }

    /// Cancellation's refusals: what two copies of a card leave no room for.
    fn validate_cancellation(&self) -> Result<(), RulesError> {
        let refusal = |needs, keys| Err(RulesError::Cancellation { needs, keys });
        if self.domino {
            return refusal("domino = false: one game at a time", &["cancellation", "domino"]);
        }
        if self.kitty != Kitty::Leftover {
            return refusal(
                "kitty = \"leftover\": the cards left over go to the first trick's winner",
                &["cancellation", "kitty"],
            );
        }
        if self.kitty_to != KittyTo::FirstTrick {
            return refusal("kitty-to = \"first-trick\"", &["cancellation", "kitty-to"]);
        }
        if self.joker_count() > 0 {
            return refusal("jokers = 0", &["cancellation", "jokers"]);
        }
        if self.points == PointsTable::Royal {
            return refusal(
                "a points table other than \"royal\": its queens act on the whole take, once",
                &["cancellation", "points"],
            );
        }
        if self.omnibus {
            return refusal("omnibus = false: there would be two bonus cards", &["cancellation", "omnibus"]);
        }
        if self.declaration != Declaration::None {
            return refusal("declaration = \"none\"", &["cancellation", "declaration"]);
        }
        if self.auction {
            return refusal("auction = false", &["cancellation", "auction"]);
        }
        if self.teams != Teams::Off {
            return refusal("teams = \"off\": partners sit at 4 or 6", &["cancellation", "teams"]);
        }
        Ok(())
    }

    /// Domino's refusals: what a stock and players dropping out leave no
    /// room for.
    fn validate_domino(&self) -> Result<(), RulesError> {
        let refusal = |needs, keys| Err(RulesError::Domino { needs, keys });
        if self.pass_count != 0 {
            return refusal(
                "pass-count = 0: nothing is passed before the stock is drawn from",
                &["domino", "pass-count"],
            );
        }
        if self.kitty != Kitty::Off {
            return refusal("kitty = false: the cards left over are the stock", &["domino", "kitty"]);
        }
        if self.removed_cards.is_some() {
            return refusal("no removed-cards: the cards left over are the stock", &["domino", "removed-cards"]);
        }
        if self.joker_count() > 0 {
            return refusal("jokers = 0", &["domino", "jokers"]);
        }
        if self.first_lead != FirstLead::LeftOfDealer {
            return refusal(
                "first-lead = \"left-of-dealer\": the lowest club may lie in the stock",
                &["domino", "first-lead"],
            );
        }
        if self.moon != MoonRule::Off {
            return refusal("moon = \"off\": the game may end before the hand does", &["domino", "moon"]);
        }
        if self.must_break_hearts || self.no_blood || self.queen_breaks_hearts {
            let keys: &'static [&'static str] = match (self.must_break_hearts, self.no_blood) {
                (true, _) => &["domino", "must-break-hearts"],
                (_, true) => &["domino", "no-blood"],
                _ => &["domino", "queen-breaks-hearts"],
            };
            return refusal("hearts any time: must-break-hearts, no-blood and queen-breaks-hearts false", keys);
        }
        if self.plays_chips() {
            return refusal("scoring = \"points\": the game ends at a total, mid-hand", &["domino", "scoring"]);
        }
        if self.no_tricks_bonus != 0 {
            return refusal(
                "no-tricks-bonus = 0: the game may end mid-hand, before anyone knows who took no trick",
                &["domino", "no-tricks-bonus"],
            );
        }
        if self.teams != Teams::Off {
            return refusal("teams = \"off\"", &["domino", "teams"]);
        }
        if self.declaration != Declaration::None {
            return refusal("declaration = \"none\"", &["domino", "declaration"]);
        }
        if self.auction {
            return refusal("auction = false", &["domino", "auction"]);
        }
        Ok(())
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

    fn cards(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn every_player_count_has_a_deck_that_divides() {
        for players in 3..=7 {
            let rules = Rules { players, ..Rules::default() };
            assert_eq!(rules.validate(), Ok(()), "{players} players");
            assert_eq!(rules.deck().len() % players as usize, 0);
        }
    }

    #[test]
    fn removed_cards_follow_the_rule_book() {
        let removed = |players| Rules { players, ..Rules::default() }.removed();
        assert_eq!(removed(3), cards("2D"));
        assert_eq!(removed(4), CardSet::EMPTY);
        assert_eq!(removed(5), cards("2D 2C"));
        assert_eq!(removed(6), cards("2D 2C 2S 3D"));
        assert_eq!(removed(7), cards("2D 3D 3C"));
    }

    #[test]
    fn the_default_penalty_total_is_26() {
        assert_eq!(Rules::default().penalty_total(), 26);
        assert_eq!(Preset::SpotHearts.rules().penalty_total(), 104 + 13);
        assert_eq!(Preset::BlackMaria.rules().penalty_total(), 13 + 10 + 7 + 13);
        assert_eq!(Preset::Original.rules().penalty_total(), 13);
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
    fn pass_cycles_follow_the_rule_book() {
        let cycle = |players| {
            let rules = Rules { players, ..Rules::default() };
            rules.pass_cycle().directions().iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
        };
        assert_eq!(cycle(3), "left right hold");
        assert_eq!(cycle(4), "left right across hold");
        assert_eq!(cycle(5), "left right 2-left 2-right hold");
        assert_eq!(cycle(6), "left right 2-left 2-right across hold");
        assert_eq!(cycle(7), "left right 2-left 2-right 3-left 3-right hold");
    }

    #[test]
    fn pass_count_zero_means_every_hand_is_held() {
        let rules = Rules { pass_count: 0, ..Rules::default() };
        assert!((0..8).all(|hand| rules.pass_direction(hand) == PassDirection::Hold));
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

    #[test]
    fn contradictions_are_refused_with_their_keys() {
        let five_with_four_removed =
            Rules { players: 5, removed_cards: Some(cards("2D 2C 2S 3D")), ..Rules::default() };
        let error = five_with_four_removed.validate().unwrap_err();
        assert_eq!(error.keys(), ["removed-cards", "players"]);
        assert!(error.to_string().contains("do not divide among 5 players"), "{error}");

        let across_for_five =
            Rules { players: 5, pass_cycle: PassCycle::new(&[PassDirection::Across]), ..Rules::default() };
        assert!(matches!(across_for_five.validate(), Err(RulesError::PassDirection { .. })));

        let queen_bonus = Rules { omnibus: true, bonus_card: Card::QUEEN_OF_SPADES, ..Rules::default() };
        assert_eq!(queen_bonus.validate(), Err(RulesError::BonusCardIsPenalty(Card::QUEEN_OF_SPADES)));

        let moon_bonus = Rules { moon_needs_bonus_card: true, ..Rules::default() };
        assert_eq!(moon_bonus.validate(), Err(RulesError::MoonNeedsBonusWithoutOmnibus));

        let kitty_and_removed =
            Rules { kitty: Kitty::Leftover, removed_cards: Some(CardSet::EMPTY), ..Rules::default() };
        assert_eq!(kitty_and_removed.validate(), Err(RulesError::KittyWithRemovedCards));

        assert_eq!(Rules { players: 8, ..Rules::default() }.validate(), Err(RulesError::Players(8)));
        assert!(Rules { pass_count: 13, ..Rules::default() }.validate().is_err());
    }

    #[test]
    fn a_kitty_deals_the_whole_deck() {
        let rules = Rules { players: 5, kitty: Kitty::Leftover, ..Rules::default() };
        assert_eq!(rules.validate(), Ok(()));
        assert_eq!(rules.deck(), CardSet::DECK);
        assert_eq!(rules.hand_size(), 10);
    }

    #[test]
    fn presets_are_valid_and_distinct() {
        for &preset in Preset::ALL {
            assert_eq!(preset.rules().validate(), Ok(()), "{preset}");
            for players in MIN_PLAYERS as u8..=MAX_PLAYERS as u8 {
                let valid = Rules { players, ..preset.rules() }.validate().is_ok();
                assert_eq!(valid, preset.player_counts().contains(&players), "{preset} at {players}");
            }
        }
        assert_eq!(Preset::BlackLady.rules(), Rules::default());
        assert!(Preset::Omnibus.rules().omnibus);
        assert_eq!(Preset::BlackMaria.rules().pass_direction(1), PassDirection::Right(1));
        assert_eq!(Preset::Original.rules().pass_direction(0), PassDirection::Hold);
        let worldwinner = Preset::Worldwinner.rules();
        assert_eq!((worldwinner.target_score, worldwinner.clock_minutes), (50, 10));
    }
}
