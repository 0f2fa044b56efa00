//! `Rules`: every option of the rule book (RULES.md), its defaults, the
//! presets, and the checks that a combination of options makes a game.
//!
//! The options' values are in `options`, the presets in `preset`, the
//! checks in `check`.

use super::card::{Card, JOKERS, Rank, Suit};
use super::card_set::CardSet;
use super::seat::{BySeat, Seat};

mod check;
mod options;
mod preset;

pub use check::RulesError;
pub use options::*;

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
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_kitty_deals_the_whole_deck() {
        let rules = Rules { players: 5, kitty: Kitty::Leftover, ..Rules::default() };
        assert_eq!(rules.validate(), Ok(()));
        assert_eq!(rules.deck(), CardSet::DECK);
        assert_eq!(rules.hand_size(), 10);
    }
}
