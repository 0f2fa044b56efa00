//! One hand of Hearts: passing, then tricks until the cards run out.
//!
//! [`Hand`] is `Copy` and never allocates, so a search can copy it, play a
//! card, and drop the copy to undo. Every rule of play lives in
//! [`Hand::restriction`]: it says which cards a seat may play and, for the
//! rest, which rule forbids them.

use super::card::{Card, Suit};
use super::card_set::{CardBag, CardSet};
use super::deal::Deal;
use super::rules::{Declaration, FirstLead, KittyTo, PassDirection, PointsTable, Rules};
use super::seat::{BySeat, Seat};
use super::trick::Trick;

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandPhase {
    /// Players are choosing the cards to pass.
    Passing,
    /// Before the first lead, seats in play order from the leader may
    /// declare (Chasse Coeur's Generale); [`Hand::to_act`] is asked.
    Declaring,
    /// The auction: each seat from the dealer's left to the dealer bids
    /// chips or passes, once; [`Hand::to_act`] is asked.
    Bidding,
    /// The auction's winner ([`Hand::to_act`]) names the penalty suit.
    Naming,
    /// Tricks are being played.
    Playing,
    /// Every card has been played.
    Finished,
}

/// Why a card may not be played. The messages are sentences for the
/// player's status line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// Cards are not being played now (passing, or the hand is over).
    #[error("cards are not being played now")]
    NotPlaying,
    /// Another seat is to play.
    #[error("it is {to_act}'s turn, not {seat}'s")]
    NotYourTurn {
        /// The seat that tried to play.
        seat: Seat,
        /// The seat whose turn it is.
        to_act: Seat,
    },
    /// The card is not in the seat's hand.
    #[error("{card} is not in your hand")]
    NotInHand {
        /// The card tried.
        card: Card,
    },
    /// The first trick is led with the lowest club.
    #[error("the first trick must be led with {card}")]
    MustLeadLowestClub {
        /// The club that must lead.
        card: Card,
    },
    /// The first trick is led with a club (first-lead = any-club).
    #[error("the first trick must be led with a club")]
    MustLeadClub,
    /// A player who holds the suit led must follow it.
    #[error("you must follow {led}")]
    MustFollowSuit {
        /// The suit led.
        led: Suit,
    },
    /// Hearts (or the suit named in the auction) may not be led before
    /// they are broken.
    #[error("{suit} are not broken yet")]
    HeartsNotBroken {
        /// The penalty suit: hearts, or the suit named.
        suit: Suit,
    },
    /// No penalty cards on the first trick (no-blood).
    #[error("no points may be played on the first trick")]
    NoPointsOnFirstTrick,
}

/// Why a declaration was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeclareError {
    /// These rules have no declaration.
    #[error("these rules have no declaration")]
    NoDeclaration,
    /// Declarations are made after passing and before the first lead.
    #[error("you may not declare after the first lead")]
    NotDeclaring,
    /// Another seat is asked now.
    #[error("it is {to_act}'s turn to declare, not {seat}'s")]
    NotYourTurn {
        /// The seat that tried to declare.
        seat: Seat,
        /// The seat asked now.
        to_act: Seat,
    },
}

/// Why a bid (or naming the suit) was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BidError {
    /// These rules have no auction.
    #[error("these rules have no auction")]
    NoAuction,
    /// The bids are made before the first lead, once round the table.
    #[error("the bidding is over")]
    NotBidding,
    /// Another seat is asked now.
    #[error("it is {to_act}'s turn to bid, not {seat}'s")]
    NotYourTurn {
        /// The seat that tried to bid.
        seat: Seat,
        /// The seat asked now.
        to_act: Seat,
    },
    /// A bid must be at least 1 and more than the last bid.
    #[error("the least bid now is {least}, not {bid} (or pass)")]
    TooLow {
        /// The bid tried.
        bid: u32,
        /// The least bid allowed.
        least: u32,
    },
    /// A seat cannot bid more chips than it has.
    #[error("you have {chips} chips: you cannot bid {bid}")]
    MoreThanChips {
        /// The bid tried.
        bid: u32,
        /// The seat's chips.
        chips: i32,
    },
    /// Only the auction's winner names the suit, once the bidding is over.
    #[error("there is no suit for {0} to name now")]
    NotNaming(Seat),
}

/// The winning bid of an auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid {
    /// The highest bidder.
    pub seat: Seat,
    /// The chips bid.
    pub chips: u32,
}

/// Why a pass was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PassError {
    /// Cards are not being passed now.
    #[error("cards are not being passed now")]
    NotPassing,
    /// The seat is not at the table.
    #[error("{0} is not at the table")]
    NoSuchSeat(Seat),
    /// The seat has already passed this hand.
    #[error("{0} has already passed")]
    AlreadyPassed(Seat),
    /// The wrong number of cards.
    #[error("pass {expected} cards, not {given}")]
    WrongCount {
        /// Cards to pass.
        expected: usize,
        /// Cards given.
        given: usize,
    },
    /// A card that is not in the seat's hand.
    #[error("{card} is not in your hand")]
    NotInHand {
        /// The card tried.
        card: Card,
    },
    /// Both copies of a card passed by a seat that holds one (two packs).
    #[error("you hold one {card}, not two")]
    NotTwiceInHand {
        /// The card tried twice.
        card: Card,
    },
}

/// What a successful play led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayOutcome {
    /// The card was played and the next seat is to act.
    Played,
    /// The card completed a trick, which this seat took.
    TrickTaken(Seat),
    /// The card completed a trick nobody won (Cancellation): its cards wait
    /// for the next trick's winner, and its leader leads again.
    TrickRolledOver,
}

/// What a successful pass led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassOutcome {
    /// The pass is held until every seat has chosen.
    Waiting,
    /// Every seat had chosen; the cards changed hands and play begins.
    Exchanged,
}

/// The options that govern play, copied out of [`Rules`] so a hand is
/// small and self-contained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct PlayRules {
    players: u8,
    penalty: CardSet,
    pass_count: u8,
    first_lead: FirstLead,
    no_blood: bool,
    must_break_hearts: bool,
    queen_breaks_hearts: bool,
    declaration: bool,
    auction: bool,
    domino: bool,
    two_packs: bool,
    kitty_to_last_trick: bool,
    /// The suit that may not be led before it breaks: hearts, or the suit
    /// named in the auction. (A suit, not its cards: a hand must stay small
    /// to copy.)
    penalty_suit: Suit,
}

/// What the rules of play look at when a seat is to play: its cards, the
/// trick so far, whether it is the first trick and whether hearts are
/// broken. [`Hand`] asks it, and so does anything that knows only one
/// seat's view (a bot protocol request), so the rules live in one place.
#[derive(Clone, Copy, Debug)]
pub struct PlaySituation<'a> {
    /// The cards of the seat to play.
    pub holding: CardSet,
    /// The trick being played.
    pub trick: &'a Trick,
    /// Whether no trick has been completed yet.
    pub first_trick: bool,
    /// Whether hearts (the penalty suit) are broken.
    pub hearts_broken: bool,
    /// The suit named in the auction, where one was.
    pub named_suit: Option<Suit>,
}

impl PlaySituation<'_> {
    /// The cards this seat may play under `rules` (every card of the deck
    /// in play). The seat to lead the first trick holds the lowest club in
    /// play, if any is: that is why it leads.
    pub fn legal(&self, rules: &Rules) -> CardSet {
        let mut play_rules = PlayRules::of(rules, rules.deck());
        if let Some(suit) = self.named_suit {
            play_rules.name_penalty_suit(suit, rules.deck());
        }
        match self.restriction(&play_rules, || (self.holding & CardSet::CLUBS).lowest()) {
            Some((allowed, _)) => allowed,
            None => self.holding,
        }
    }

    /// The rule that limits what may be played, if any: the cards it still
    /// allows and the error for every other card. `lowest_club_in_play` is
    /// asked only when the first trick is led.
    fn restriction(
        &self,
        rules: &PlayRules,
        lowest_club_in_play: impl FnOnce() -> Option<Card>,
    ) -> Option<(CardSet, PlayError)> {
        let holding = self.holding;
        if !self.trick.is_empty() {
            // Only jokers so far leave no suit led: the card is free, as a discard is.
            if let Some(led) = self.trick.led_suit() {
                // A joker may be played at any time, even by a player who could follow.
                let following = holding.of_suit(led);
                if !following.is_empty() {
                    return Some((following | (holding & CardSet::JOKERS), PlayError::MustFollowSuit { led }));
                }
            }
            let clean = holding - rules.penalty;
            return (self.first_trick && rules.no_blood && !clean.is_empty())
                .then_some((clean, PlayError::NoPointsOnFirstTrick));
        }
        if self.first_trick {
            match (rules.first_lead, lowest_club_in_play()) {
                (FirstLead::LowestClub, Some(card)) => {
                    return Some((CardSet::single(card), PlayError::MustLeadLowestClub { card }));
                }
                (FirstLead::AnyClub, Some(_)) => {
                    return Some((holding & CardSet::CLUBS, PlayError::MustLeadClub));
                }
                _ => {}
            }
        }
        if !rules.must_break_hearts || self.hearts_broken {
            return None;
        }
        let not_hearts = holding - CardSet::suit(rules.penalty_suit);
        (!not_hearts.is_empty()).then_some((not_hearts, PlayError::HeartsNotBroken { suit: rules.penalty_suit }))
    }
}

impl PlayRules {
    /// The rules of play for a hand with these cards in play.
    fn of(rules: &Rules, in_play: CardSet) -> PlayRules {
        PlayRules {
            players: rules.players,
            penalty: rules.points.penalty_cards() & in_play,
            pass_count: rules.pass_count,
            first_lead: rules.first_lead,
            no_blood: rules.no_blood,
            must_break_hearts: rules.must_break_hearts,
            queen_breaks_hearts: rules.queen_breaks_hearts,
            declaration: rules.declaration != Declaration::None,
            auction: rules.auction,
            domino: rules.domino,
            two_packs: rules.cancellation,
            kitty_to_last_trick: rules.kitty_to == KittyTo::LastTrick,
            penalty_suit: Suit::Hearts,
        }
    }

    /// An empty trick `leader` leads under these rules.
    #[inline]
    const fn new_trick(&self, leader: Seat) -> Trick {
        if self.two_packs { Trick::of_two_packs(leader) } else { Trick::new(leader) }
    }

    /// The auction named `suit`: its cards in play are the penalty cards
    /// (1 each), and it replaces hearts in every rule. Its namer leads the
    /// first trick with any card (the rule of the first lead gives way).
    fn name_penalty_suit(&mut self, suit: Suit, in_play: CardSet) {
        self.penalty_suit = suit;
        self.penalty = in_play & CardSet::suit(suit);
        self.first_lead = FirstLead::LeftOfDealer;
    }
}

/// What [`Hand::unplay`] restores: the state a play changes, as it was.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    seat: Seat,
    card: Card,
    /// The trick's winning card before this one: all a card changes in a
    /// trick besides its length.
    winning: u8,
    hearts_broken: bool,
    /// When the card completed a trick: its winner, what it had taken, and
    /// the trick before.
    completed: Option<(Seat, CardSet, Option<Trick>)>,
}

/// Cancellation's second copies: the cards of which both copies are in one
/// place. A card is held twice by at most one seat (and so for passed and
/// taken), so one set each says where: whoever has the card has both.
/// Empty with one pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
struct Twice {
    held: CardSet,
    passed: CardSet,
    taken: CardSet,
    face_down: CardSet,
    /// The penalty cards of which both copies are in play (all of them in
    /// a game; a position may hold fewer).
    penalty: CardSet,
    /// The seat that took the kitty, with the first trick anyone took (its
    /// cards alone cannot say: another seat may take their twins).
    kitty_taker: Option<Seat>,
}

/// The state of one hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    rules: PlayRules,
    phase: HandPhase,
    dealer: Seat,
    pass: PassDirection,
    holdings: BySeat<CardSet>,
    passed: BySeat<CardSet>,
    taken: BySeat<CardSet>,
    tricks_won: BySeat<u8>,
    /// The kitty, or Domino's stock: the cards the deal left over.
    face_down: CardSet,
    trick: Trick,
    last_trick: Option<Trick>,
    tricks_played: u8,
    to_act: Seat,
    hearts_broken: bool,
    declarer: Option<Seat>,
    high_bid: Option<Bid>,
    named_suit: Option<Suit>,
    twice: Twice,
    /// Cancellation: the cards of tricks nobody won, for the next trick's
    /// winner, and how many tricks they came from.
    waiting: CardBag,
    waiting_tricks: u8,
}

/// Where a card lies that some seats may not see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lies {
    /// In a seat's hand.
    Held(Seat),
    /// Face down: the kitty, or Domino's stock.
    FaceDown,
}

impl Hand {
    /// A hand from a deal: passing in `pass` direction first, unless it is a
    /// hold hand or the rules pass no cards.
    pub fn new(rules: &Rules, deal: Deal, pass: PassDirection) -> Hand {
        let in_play = CardSet::union(deal.hands.of_table(rules.player_count())) | deal.kitty;
        let play_rules = PlayRules::of(rules, in_play);
        let in_play_twice = match rules.cancellation {
            true => Seat::all(rules.player_count())
                .fold(CardBag::new(deal.kitty, deal.twice), |all, seat| {
                    all.plus(CardBag::new(deal.hands[seat], deal.twice))
                })
                .twice(),
            false => CardSet::EMPTY,
        };
        let pass = if rules.pass_count == 0 { PassDirection::Hold } else { pass };
        let mut hand = Hand {
            rules: play_rules,
            phase: HandPhase::Passing,
            dealer: deal.dealer,
            pass,
            holdings: deal.hands,
            passed: BySeat::splat(CardSet::EMPTY),
            taken: BySeat::splat(CardSet::EMPTY),
            tricks_won: BySeat::splat(0),
            face_down: deal.kitty,
            trick: play_rules.new_trick(deal.dealer),
            last_trick: None,
            tricks_played: 0,
            to_act: deal.dealer,
            hearts_broken: false,
            declarer: None,
            high_bid: None,
            named_suit: None,
            twice: Twice {
                held: deal.twice - deal.kitty,
                face_down: deal.twice & deal.kitty,
                penalty: play_rules.penalty & in_play_twice,
                ..Twice::default()
            },
            waiting: CardBag::EMPTY,
            waiting_tricks: 0,
        };
        if pass == PassDirection::Hold {
            hand.start_play();
        }
        hand
    }

    /// A hand whose play starts now with these holdings (passing done,
    /// nobody declared), as for perft positions. The first trick's rules
    /// apply to its first trick. In Domino the cards nobody holds are the
    /// stock.
    pub fn from_holdings(rules: &Rules, holdings: BySeat<CardSet>, dealer: Seat) -> Hand {
        let stock = if rules.domino {
            rules.deck() - CardSet::union(holdings.of_table(rules.player_count()))
        } else {
            CardSet::EMPTY
        };
        let deal = Deal { dealer, hands: holdings, kitty: stock, twice: CardSet::EMPTY };
        Hand::playing_from(rules, deal)
    }

    /// [`Hand::from_holdings`] with two packs: a seat may hold a card twice.
    pub fn from_cards(rules: &Rules, hands: BySeat<CardBag>, dealer: Seat) -> Hand {
        let players = rules.player_count();
        let twice = Seat::all(players).fold(CardSet::EMPTY, |twice, seat| twice | hands[seat].twice());
        let deal = Deal { dealer, hands: hands.map(CardBag::cards), kitty: CardSet::EMPTY, twice };
        Hand::playing_from(rules, deal)
    }

    fn playing_from(rules: &Rules, deal: Deal) -> Hand {
        let mut hand = Hand::new(rules, deal, PassDirection::Hold);
        hand.phase = HandPhase::Playing;
        hand.to_act = hand.trick.leader();
        hand
    }

    /// This hand, fresh from [`Hand::from_holdings`], taken up in the
    /// middle of play, as a search needs it: the stock left, what each
    /// seat has taken and in how many tricks, whether hearts are broken,
    /// and the trick so far (its cards already out of the holdings).
    pub fn resumed(
        mut self,
        stock: CardSet,
        taken: BySeat<CardSet>,
        tricks_won: BySeat<u8>,
        hearts_broken: bool,
        trick: Trick,
    ) -> Hand {
        self.face_down = stock;
        self.taken = taken;
        self.tricks_won = tricks_won;
        self.tricks_played = tricks_won.of_table(self.players()).iter().sum();
        self.hearts_broken = hearts_broken;
        self.to_act = trick.seat_of(trick.len(), self.players());
        self.trick = if self.rules.two_packs { trick.of_two_packs_too() } else { trick };
        self
    }

    /// This hand with two cards changed places, each where the other lay:
    /// a deal that a seat seeing neither place cannot tell from this one
    /// (what privacy checks compare). `None` where a card does not lie
    /// there, lies there twice, is chosen to pass, or the other place has
    /// its twin already (two packs).
    pub fn with_swapped(&self, (a, from): (Card, Lies), (b, to): (Card, Lies)) -> Option<Hand> {
        let cards_at = |place: Lies| match place {
            Lies::Held(seat) => self.holdings[seat],
            Lies::FaceDown => self.face_down,
        };
        if cards_at(from).contains(b) || cards_at(to).contains(a) {
            return None;
        }
        let lies = |card: Card, place: Lies| match place {
            Lies::Held(seat) => {
                (seat.index() < self.players()).then_some(())?;
                let single = !self.twice.held.contains(card) && !self.passed[seat].contains(card);
                (self.holdings[seat].contains(card) && single).then_some(())
            }
            Lies::FaceDown => (self.face_down.contains(card) && !self.twice.face_down.contains(card)).then_some(()),
        };
        lies(a, from)?;
        lies(b, to)?;
        let mut hand = *self;
        for (card, place, other) in [(a, from, b), (b, to, a)] {
            let cards = match place {
                Lies::Held(seat) => &mut hand.holdings[seat],
                Lies::FaceDown => &mut hand.face_down,
            };
            cards.remove(card);
            cards.insert(other);
        }
        Some(hand)
    }

    fn players(&self) -> usize {
        self.rules.players as usize
    }

    /// Whether [`Hand::play_undoable`] can take plays back: not in Domino
    /// (draws) nor with two packs (tricks that roll over).
    pub(crate) const fn can_undo(&self) -> bool {
        !self.rules.domino && !self.rules.two_packs
    }

    fn start_play(&mut self) {
        let players = self.players();
        let left_of_dealer = self.dealer.next(players);
        let leader = match (self.rules.first_lead, self.lowest_club_in_play()) {
            (FirstLead::LeftOfDealer, _) | (_, None) => left_of_dealer,
            // With two packs two seats may hold it: the first of them from the dealer's left.
            (_, Some(club)) => (0..players)
                .map(|steps| left_of_dealer.left(steps, players))
                .find(|&seat| self.holdings[seat].contains(club))
                .expect("a club in play is in some hand"),
        };
        self.trick = self.rules.new_trick(leader);
        self.to_act = leader;
        self.phase = if self.rules.declaration { HandPhase::Declaring } else { HandPhase::Playing };
        if self.rules.auction {
            // The bids go round from the dealer's left to the dealer.
            self.phase = HandPhase::Bidding;
            self.to_act = self.dealer.next(self.players());
        }
    }

    fn lowest_club_in_play(&self) -> Option<Card> {
        (CardSet::union(self.holdings.of_table(self.players())) & CardSet::CLUBS).lowest()
    }

    /// The seat holding a card, if any (with two packs: the first seat in
    /// seat order that holds a copy).
    pub fn holder_of(&self, card: Card) -> Option<Seat> {
        Seat::all(self.players()).find(|&seat| self.holdings[seat].contains(card))
    }

    /// Where the hand stands.
    pub const fn phase(&self) -> HandPhase {
        self.phase
    }

    /// The seat that dealt.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }

    /// This hand's pass direction (hold when nothing is passed).
    pub const fn pass_direction(&self) -> PassDirection {
        self.pass
    }

    /// Cards each seat passes this hand (0 on a hold hand).
    pub const fn pass_count(&self) -> usize {
        if matches!(self.pass, PassDirection::Hold) { 0 } else { self.rules.pass_count as usize }
    }

    /// The seat that receives `seat`'s pass.
    #[inline]
    pub fn pass_target(&self, seat: Seat) -> Seat {
        seat.left(self.pass.offset(self.players()), self.players())
    }

    /// The cards a seat holds now (with two packs, a card held twice is in
    /// it once: see [`Hand::held_twice`]).
    pub fn holding(&self, seat: Seat) -> CardSet {
        self.holdings[seat]
    }

    /// The cards of which a seat holds both copies (two packs; else empty).
    pub fn held_twice(&self, seat: Seat) -> CardSet {
        self.twice.held & self.holdings[seat]
    }

    /// Every card a seat holds, both copies where it holds two.
    pub fn hand_of(&self, seat: Seat) -> CardBag {
        CardBag::new(self.holdings[seat], self.twice.held)
    }

    /// The cards a seat chose to pass (empty until it has chosen).
    pub fn passed(&self, seat: Seat) -> CardSet {
        self.passed[seat]
    }

    /// The cards a seat chose to pass, both copies where it passes two.
    pub fn passed_cards(&self, seat: Seat) -> CardBag {
        CardBag::new(self.passed[seat], self.twice.passed)
    }

    /// The cards a seat received in the exchange (empty before it).
    #[inline]
    pub fn received(&self, seat: Seat) -> CardSet {
        if self.phase == HandPhase::Passing { CardSet::EMPTY } else { self.passed[self.pass_source(seat)] }
    }

    /// The cards a seat received, both copies where it received two
    /// (empty before the exchange).
    pub fn received_cards(&self, seat: Seat) -> CardBag {
        if self.phase == HandPhase::Passing { CardBag::EMPTY } else { self.passed_cards(self.pass_source(seat)) }
    }

    /// The seat whose pass `seat` receives.
    #[inline]
    fn pass_source(&self, seat: Seat) -> Seat {
        seat.right(self.pass.offset(self.players()), self.players())
    }

    /// Whether a seat still has to choose its pass.
    pub fn awaits_pass_from(&self, seat: Seat) -> bool {
        self.phase == HandPhase::Passing && seat.index() < self.players() && self.passed[seat].is_empty()
    }

    /// The cards a seat has taken in tricks (with the kitty, once won; with
    /// two packs, a card taken twice is in it once: see [`Hand::taken_cards`]).
    pub fn taken(&self, seat: Seat) -> CardSet {
        self.taken[seat]
    }

    /// Every card a seat has taken, both copies where it took two.
    pub fn taken_cards(&self, seat: Seat) -> CardBag {
        CardBag::new(self.taken[seat], self.twice.taken)
    }

    /// Cancellation: the cards of tricks nobody won, waiting for the next
    /// trick's winner (empty otherwise).
    pub const fn waiting(&self) -> CardBag {
        self.waiting
    }

    /// How many tricks a seat has taken.
    pub fn tricks_won(&self, seat: Seat) -> usize {
        self.tricks_won[seat] as usize
    }

    /// The tricks each seat has won.
    pub const fn tricks_by_seat(&self) -> BySeat<u8> {
        self.tricks_won
    }

    /// The seat that has taken the kitty (Heartsette's widow), once one has.
    pub fn kitty_taker(&self) -> Option<Seat> {
        let kitty = self.kitty();
        if kitty.is_empty() {
            return None;
        }
        if self.rules.two_packs {
            return self.twice.kitty_taker;
        }
        Seat::all(self.players()).find(|&seat| self.taken[seat].is_superset(kitty))
    }

    /// The kitty: cards lying face down until the first (or, by `kitty-to`,
    /// the last) trick's winner takes them (empty without a kitty; with two
    /// packs a card there twice is in it once: see [`Hand::kitty_cards`]).
    pub const fn kitty(&self) -> CardSet {
        if self.rules.domino { CardSet::EMPTY } else { self.face_down }
    }

    /// The kitty's cards, both copies where two lie there.
    pub const fn kitty_cards(&self) -> CardBag {
        CardBag::new(self.kitty(), self.twice.face_down)
    }

    /// Domino's stock: the cards left to draw (empty without Domino). The
    /// next card drawn is [`CardSet::scrambled_pick`] of the stock.
    pub const fn stock(&self) -> CardSet {
        if self.rules.domino { self.face_down } else { CardSet::EMPTY }
    }

    /// Whether a seat is out of the hand: in Domino, out of cards while
    /// others still hold some.
    pub fn is_out(&self, seat: Seat) -> bool {
        self.rules.domino && self.phase == HandPhase::Playing && self.holdings[seat].is_empty()
    }

    /// The trick being played.
    pub const fn trick(&self) -> &Trick {
        &self.trick
    }

    /// The last completed trick.
    pub const fn last_trick(&self) -> Option<&Trick> {
        self.last_trick.as_ref()
    }

    /// Completed tricks so far.
    pub const fn tricks_played(&self) -> usize {
        self.tricks_played as usize
    }

    /// Whether the first trick is being played.
    pub const fn is_first_trick(&self) -> bool {
        self.tricks_played == 0
    }

    /// The seat to play next (meaningful while playing).
    pub const fn to_act(&self) -> Seat {
        self.to_act
    }

    /// The seat that declared this hand, if one did.
    pub const fn declarer(&self) -> Option<Seat> {
        self.declarer
    }

    /// The seat asked to declare now, while declarations are open.
    pub fn to_declare(&self) -> Option<Seat> {
        (self.phase == HandPhase::Declaring).then_some(self.to_act)
    }

    /// `seat` declares (`generale`) or declines. The first declaration
    /// stands and play begins; otherwise the next seat is asked, and after
    /// the last one play begins. On error nothing changes.
    pub fn declare(&mut self, seat: Seat, generale: bool) -> Result<(), DeclareError> {
        if !self.rules.declaration {
            return Err(DeclareError::NoDeclaration);
        }
        if self.phase != HandPhase::Declaring {
            return Err(DeclareError::NotDeclaring);
        }
        if seat != self.to_act {
            return Err(DeclareError::NotYourTurn { seat, to_act: self.to_act });
        }
        let next = seat.next(self.players());
        if generale {
            self.declarer = Some(seat);
        }
        if generale || next == self.trick.leader() {
            self.phase = HandPhase::Playing;
            self.to_act = self.trick.leader();
        } else {
            self.to_act = next;
        }
        Ok(())
    }

    /// The highest bid so far in the auction (the winning bid once the
    /// bidding is over).
    pub const fn high_bid(&self) -> Option<Bid> {
        self.high_bid
    }

    /// The suit named in the auction, once it is named.
    pub const fn named_suit(&self) -> Option<Suit> {
        self.named_suit
    }

    /// The penalty suit: hearts, or the suit named in the auction.
    pub const fn penalty_suit(&self) -> Suit {
        self.rules.penalty_suit
    }

    /// The seat asked to bid now, while the auction is open.
    pub fn to_bid(&self) -> Option<Seat> {
        (self.phase == HandPhase::Bidding).then_some(self.to_act)
    }

    /// The least bid `seat` may make now: one more than the highest bid,
    /// and at least 1.
    pub fn least_bid(&self) -> u32 {
        self.high_bid.map_or(1, |bid| bid.chips + 1)
    }

    /// `seat` bids `chips` (`None`: passes). After the dealer, the highest
    /// bidder names the suit; with no bid play begins with hearts. On error
    /// nothing changes. (The bidder's chips are checked by the game.)
    pub fn bid(&mut self, seat: Seat, chips: Option<u32>) -> Result<(), BidError> {
        if !self.rules.auction {
            return Err(BidError::NoAuction);
        }
        if self.phase != HandPhase::Bidding {
            return Err(BidError::NotBidding);
        }
        if seat != self.to_act {
            return Err(BidError::NotYourTurn { seat, to_act: self.to_act });
        }
        if let Some(bid) = chips {
            let least = self.least_bid();
            if bid < least {
                return Err(BidError::TooLow { bid, least });
            }
            self.high_bid = Some(Bid { seat, chips: bid });
        }
        if seat != self.dealer {
            self.to_act = seat.next(self.players());
            return Ok(());
        }
        match self.high_bid {
            Some(Bid { seat: winner, .. }) => {
                self.phase = HandPhase::Naming;
                self.to_act = winner;
            }
            None => {
                self.phase = HandPhase::Playing;
                self.to_act = self.trick.leader();
            }
        }
        Ok(())
    }

    /// The auction's winner names the penalty suit and leads.
    pub fn name_suit(&mut self, seat: Seat, suit: Suit) -> Result<(), BidError> {
        if self.phase != HandPhase::Naming || seat != self.to_act {
            return Err(BidError::NotNaming(seat));
        }
        let in_play = CardSet::union(self.holdings.of_table(self.players())) | self.face_down;
        self.rules.name_penalty_suit(suit, in_play);
        self.named_suit = Some(suit);
        self.trick = self.rules.new_trick(seat);
        self.phase = HandPhase::Playing;
        Ok(())
    }

    /// Whether a heart (or, with queen-breaks-hearts, the queen of spades)
    /// has been played.
    pub const fn hearts_broken(&self) -> bool {
        self.hearts_broken
    }

    /// Every card played to a trick so far, the current one included
    /// (once a Domino hand is over, also the last holder's cards and the
    /// stock it took).
    #[inline]
    pub fn played(&self) -> CardSet {
        if self.rules.two_packs {
            return self.played_from_two_packs();
        }
        let taken = CardSet::union(self.taken.of_table(self.players()));
        (taken - self.kitty()) | self.trick.card_set()
    }

    /// [`Hand::played`] with two packs: counted copy by copy, since a card
    /// of the kitty may have a twin that was played. Out of line: views
    /// ask at every decision of a search.
    #[cold]
    #[inline(never)]
    fn played_from_two_packs(&self) -> CardSet {
        let mut gone = self.waiting;
        for seat in Seat::all(self.players()) {
            gone = gone.plus(self.taken_cards(seat));
        }
        // Once the first trick is over the kitty went with it.
        if self.tricks_played > 0 {
            gone = gone.less(self.kitty_cards());
        }
        gone.cards() | self.trick.card_set()
    }

    /// What `cards` are worth this hand: by the points table, or one a
    /// card of the suit named in the auction.
    #[inline]
    pub fn points(&self, table: PointsTable, cards: CardSet) -> i32 {
        match self.named_suit {
            Some(_) => (cards & self.rules.penalty).len() as i32,
            None => table.points(cards),
        }
    }

    /// The penalty cards in play this hand (dealt or in the kitty; with two
    /// packs, once each: see [`Hand::penalty_in_play`]).
    pub const fn penalty_cards(&self) -> CardSet {
        self.rules.penalty
    }

    /// The penalty cards in play, both copies where two are.
    pub const fn penalty_in_play(&self) -> CardBag {
        CardBag::new(self.rules.penalty, self.twice.penalty)
    }

    /// The cards the seat to act may play; empty when nobody is to play.
    pub fn legal_moves(&self) -> CardSet {
        if self.phase != HandPhase::Playing {
            return CardSet::EMPTY;
        }
        let holding = self.holdings[self.to_act];
        match self.restriction(holding) {
            Some((allowed, _)) => allowed,
            None => holding,
        }
    }

    /// The rule of play that limits what `holding` may play now, if any:
    /// the cards it still allows and the error for every other card.
    fn restriction(&self, holding: CardSet) -> Option<(CardSet, PlayError)> {
        let situation = PlaySituation {
            holding,
            trick: &self.trick,
            first_trick: self.is_first_trick(),
            hearts_broken: self.hearts_broken,
            named_suit: self.named_suit,
        };
        situation.restriction(&self.rules, || self.lowest_club_in_play())
    }

    /// Checks that `seat` may play `card` now, naming the rule if not.
    pub fn check_play(&self, seat: Seat, card: Card) -> Result<(), PlayError> {
        if self.phase != HandPhase::Playing {
            return Err(PlayError::NotPlaying);
        }
        if seat != self.to_act {
            return Err(PlayError::NotYourTurn { seat, to_act: self.to_act });
        }
        let holding = self.holdings[seat];
        if !holding.contains(card) {
            return Err(PlayError::NotInHand { card });
        }
        match self.restriction(holding) {
            Some((allowed, error)) if !allowed.contains(card) => Err(error),
            _ => Ok(()),
        }
    }

    /// Plays a card for `seat`. On error nothing changes.
    pub fn play(&mut self, seat: Seat, card: Card) -> Result<PlayOutcome, PlayError> {
        self.check_play(seat, card)?;
        Ok(self.play_legal(card))
    }

    /// Plays `card`, one of [`Hand::legal_moves`], for the seat to act,
    /// without asking the rules again: what a search does with the cards it
    /// was given. (A card that is not legal is the caller's mistake; debug
    /// builds stop on it.)
    pub fn play_legal(&mut self, card: Card) -> PlayOutcome {
        debug_assert!(self.legal_moves().contains(card), "{card} is not a legal card now");
        let seat = self.to_act;
        if self.rules.domino {
            return self.play_domino(seat, card);
        }
        if self.rules.two_packs {
            return self.play_two_packs(seat, card);
        }
        let players = self.players();
        self.holdings[seat].remove(card);
        self.note_breaking(card);
        self.trick.push_one_pack(card);
        if self.trick.len() < players {
            self.to_act = seat.next(players);
            return PlayOutcome::Played;
        }
        // One pack: a full trick always has a winner.
        let winner = self.trick.seat_of(self.trick.winning() as usize, players);
        let mut won = self.trick.card_set();
        let last = self.holdings[winner].is_empty();
        if (self.tricks_played == 0 && !self.rules.kitty_to_last_trick) || (last && self.rules.kitty_to_last_trick) {
            won |= self.face_down;
        }
        self.take_trick(winner, won);
        self.trick = Trick::new(winner);
        self.to_act = winner;
        if last {
            self.phase = HandPhase::Finished;
        }
        PlayOutcome::TrickTaken(winner)
    }

    /// Plays `card` as [`Hand::play_legal`] does and returns what
    /// [`Hand::unplay`] needs to take it back: a search that walks a tree
    /// of plays undoes each one instead of copying the whole hand for it.
    /// Not for Domino, whose draws cannot be taken back this way.
    #[inline(always)]
    pub fn play_undoable(&mut self, card: Card) -> Undo {
        debug_assert!(self.can_undo(), "a Domino draw or a rolled-over trick cannot be undone");
        let seat = self.to_act;
        let completes = self.trick.len() + 1 == self.players();
        let completed = completes.then(|| {
            let mut trick = self.trick;
            trick.push_one_pack(card);
            let winner = trick.seat_of(trick.winning() as usize, self.players());
            (winner, self.taken[winner], self.last_trick)
        });
        let undo = Undo { seat, card, winning: self.trick.winning(), hearts_broken: self.hearts_broken, completed };
        self.play_legal(card);
        undo
    }

    /// Takes back the play `undo` came from, the last one made.
    #[inline(always)]
    pub fn unplay(&mut self, undo: Undo) {
        if let Some((winner, taken, last_trick)) = undo.completed {
            self.taken[winner] = taken;
            self.tricks_won[winner] -= 1;
            self.tricks_played -= 1;
            self.trick = self.last_trick.expect("the trick just completed");
            self.last_trick = last_trick;
        }
        self.holdings[undo.seat].insert(undo.card);
        self.trick.take_back(undo.winning);
        self.hearts_broken = undo.hearts_broken;
        self.to_act = undo.seat;
        self.phase = HandPhase::Playing;
    }

    /// A heart (the penalty suit), or the queen where she breaks hearts too.
    #[inline]
    fn note_breaking(&mut self, card: Card) {
        let breaks = CardSet::suit(self.rules.penalty_suit).contains(card);
        if breaks || (self.rules.queen_breaks_hearts && card == Card::QUEEN_OF_SPADES) {
            self.hearts_broken = true;
        }
    }

    /// `winner` takes the trick just completed, with `won` its cards (and
    /// any kitty that goes with it).
    #[inline]
    fn take_trick(&mut self, winner: Seat, won: CardSet) {
        self.taken[winner] |= won;
        self.tricks_won[winner] += 1;
        self.tricks_played += 1;
        self.last_trick = Some(self.trick);
    }

    /// A play with two packs (checked): a seat may hold a card twice, and a
    /// trick nobody wins (two pairs cancelled, or every card of the suit
    /// led) waits for the next trick's winner while its leader leads again;
    /// the last trick, nobody winning it, goes to its leader. The kitty
    /// joins the first trick's cards. Out of line, as Domino's.
    #[cold]
    #[inline(never)]
    fn play_two_packs(&mut self, seat: Seat, card: Card) -> PlayOutcome {
        let players = self.players();
        if self.twice.held.contains(card) {
            self.twice.held.remove(card);
        } else {
            self.holdings[seat].remove(card);
        }
        self.note_breaking(card);
        self.trick.push(card);
        if self.trick.len() < players {
            self.to_act = seat.next(players);
            return PlayOutcome::Played;
        }
        let mut cards = self.trick.cards().iter().copied().collect::<CardBag>().plus(self.waiting);
        if self.tricks_played == 0 {
            cards = cards.plus(self.kitty_cards());
        }
        let leader = self.trick.leader();
        let last = self.holdings[leader].is_empty();
        self.tricks_played += 1;
        self.last_trick = Some(self.trick);
        let winner = self.trick.winner(players);
        let outcome = match winner.or(last.then_some(leader)) {
            Some(taker) => {
                // The first cards anyone takes carry the kitty.
                self.twice.kitty_taker = self.twice.kitty_taker.or(Some(taker));
                self.twice.taken |= cards.twice() | (self.taken[taker] & cards.cards());
                self.taken[taker] |= cards.cards();
                self.tricks_won[taker] += 1 + self.waiting_tricks;
                self.waiting = CardBag::EMPTY;
                self.waiting_tricks = 0;
                PlayOutcome::TrickTaken(taker)
            }
            None => {
                self.waiting = cards;
                self.waiting_tricks += 1;
                PlayOutcome::TrickRolledOver
            }
        };
        let next = winner.unwrap_or(leader);
        self.trick = self.rules.new_trick(next);
        self.to_act = next;
        if last {
            self.phase = HandPhase::Finished;
        }
        outcome
    }

    /// A Domino play (checked): play goes round the seats that still hold
    /// cards, and the next to play may have to draw. Out of line, so Black
    /// Lady's play stays as small as it was.
    #[cold]
    #[inline(never)]
    fn play_domino(&mut self, seat: Seat, card: Card) -> PlayOutcome {
        let players = self.players();
        self.holdings[seat].remove(card);
        self.note_breaking(card);
        self.trick.push(card);
        if !self.trick.is_complete(players) {
            self.to_act = self.trick.seat_of(self.trick.len(), players);
            self.draw_to_follow();
            return PlayOutcome::Played;
        }
        let winner = self.trick.winner(players).expect("a full trick has a winner");
        self.take_trick(winner, self.trick.card_set());
        self.next_domino_trick(winner);
        PlayOutcome::TrickTaken(winner)
    }

    /// Domino: the seat to play, unable to follow, draws from the stock
    /// one card at a time until it can (or the stock runs out).
    fn draw_to_follow(&mut self) {
        let Some(led) = self.trick.led_suit() else { return };
        let seat = self.to_act;
        while self.holdings[seat].of_suit(led).is_empty() {
            let Some(card) = self.face_down.scrambled_pick() else { return };
            self.face_down.remove(card);
            self.holdings[seat].insert(card);
            self.trick.mark_drew(seat);
        }
    }

    /// Domino, after a trick: with two or more players still holding
    /// cards, the winner leads (or, out of cards, the next seat clockwise
    /// that has some) and the seats out of cards sit the trick out.
    /// Otherwise the hand is over: the last holder adds its cards and the
    /// stock to its tricks (nobody holding any: the winner takes the stock).
    fn next_domino_trick(&mut self, winner: Seat) {
        let players = self.players();
        let holds = |hand: &Hand, seat: Seat| !hand.holdings[seat].is_empty();
        let mut holders = Seat::all(players).filter(|&seat| holds(self, seat));
        match (holders.next(), holders.next()) {
            (Some(_), Some(_)) => {
                let leader = (0..players).map(|steps| winner.left(steps, players)).find(|&seat| holds(self, seat));
                let leader = leader.expect("two seats hold cards");
                let out = Seat::all(players).filter(|&seat| !holds(self, seat));
                self.trick = Trick::skipping(leader, out);
                self.to_act = leader;
            }
            (last, _) => {
                let taker = last.unwrap_or(winner);
                self.taken[taker] |= self.holdings[taker] | self.face_down;
                self.holdings[taker] = CardSet::EMPTY;
                self.face_down = CardSet::EMPTY;
                self.trick = Trick::new(winner);
                self.to_act = winner;
                self.phase = HandPhase::Finished;
            }
        }
    }

    /// Ends the hand now, before its cards run out: Domino's game ends the
    /// moment a total reaches the target. What was taken stays taken.
    pub(crate) fn stop(&mut self) {
        self.phase = HandPhase::Finished;
    }

    /// Chooses `seat`'s pass. Once every seat has chosen, all the cards
    /// change hands at once and play begins. On error nothing changes.
    /// (With two packs a seat may pass both copies of a card: see
    /// [`Hand::pass_cards`].)
    pub fn pass(&mut self, seat: Seat, cards: CardSet) -> Result<PassOutcome, PassError> {
        self.pass_cards(seat, CardBag::from(cards))
    }

    /// Chooses `seat`'s pass, both copies of a card where `cards` has two.
    pub fn pass_cards(&mut self, seat: Seat, cards: CardBag) -> Result<PassOutcome, PassError> {
        if self.phase != HandPhase::Passing {
            return Err(PassError::NotPassing);
        }
        if seat.index() >= self.players() {
            return Err(PassError::NoSuchSeat(seat));
        }
        if !self.passed[seat].is_empty() {
            return Err(PassError::AlreadyPassed(seat));
        }
        let expected = self.pass_count();
        if cards.len() != expected {
            return Err(PassError::WrongCount { expected, given: cards.len() });
        }
        if let Some(card) = (cards.cards() - self.holdings[seat]).lowest() {
            return Err(PassError::NotInHand { card });
        }
        if let Some(card) = (cards.twice() - self.held_twice(seat)).lowest() {
            return Err(PassError::NotTwiceInHand { card });
        }
        self.passed[seat] = cards.cards();
        self.twice.passed |= cards.twice();
        if Seat::all(self.players()).any(|seat| self.passed[seat].is_empty()) {
            return Ok(PassOutcome::Waiting);
        }
        let after: BySeat<CardBag> = BySeat::new_with(|seat| {
            let source = self.pass_source(seat);
            self.hand_of(seat).less(self.passed_cards(seat)).plus(self.passed_cards(source))
        });
        self.twice.held = CardSet::EMPTY;
        for seat in Seat::all(self.players()) {
            self.holdings[seat] = after[seat].cards();
            self.twice.held |= after[seat].twice();
        }
        self.start_play();
        Ok(PassOutcome::Exchanged)
    }
}

#[cfg(test)]
impl Hand {
    /// The first hand of `seed`'s deal with no pass, nobody declaring and
    /// nobody bidding: the first card is next.
    pub(crate) fn ready_to_play(rules: &Rules, seed: u64) -> Hand {
        let mut hand = Hand::new(rules, Deal::for_hand(rules, seed, 0), PassDirection::Hold);
        while let Some(seat) = hand.to_declare() {
            hand.declare(seat, false).expect("the seat asked may decline");
        }
        while hand.phase() == HandPhase::Bidding {
            hand.bid(hand.to_act(), None).expect("the seat asked may pass");
        }
        hand
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_is_small_enough_to_copy_in_a_search() {
        // Past 256 bytes a copy goes through memcpy: eleven seats (three
        // BySeat<CardSet> of 88 bytes) pushed it to 456, and the expert's
        // instruction count rose 8.6% with it. Keep it from growing further.
        assert!(std::mem::size_of::<Hand>() <= 456, "{}", std::mem::size_of::<Hand>());
    }

    /// Every card played and taken back leaves the hand exactly as it was,
    /// at every point of whole hands under every preset but Domino and
    /// Cancellation (whose draws and rolled-over tricks are not undone) and
    /// every table size it allows.
    #[test]
    fn a_play_taken_back_leaves_the_hand_as_it_was() {
        use crate::{GameRng, Preset};
        let mut checked = 0;
        for &preset in Preset::ALL.iter().filter(|&&p| !p.rules().domino && !p.rules().cancellation) {
            for &players in preset.player_counts() {
                let rules = Rules { players, ..preset.rules() };
                for seed in 0..20 {
                    let mut hand = Hand::ready_to_play(&rules, seed);
                    let mut rng = GameRng::new(seed, 9);
                    while hand.phase() == HandPhase::Playing {
                        let moves: Vec<Card> = hand.legal_moves().iter().collect();
                        for &card in &moves {
                            let before = hand;
                            let undo = hand.play_undoable(card);
                            assert_ne!(hand, before);
                            hand.unplay(undo);
                            assert_eq!(hand, before, "{preset:?} {players} players, seed {seed}: {card} taken back");
                            checked += 1;
                        }
                        hand.play_legal(moves[rng.below(moves.len() as u32) as usize]);
                    }
                }
            }
        }
        assert!(checked > 50_000, "{checked}");
    }
}
