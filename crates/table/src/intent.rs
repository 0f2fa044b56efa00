//! What a person at the table means to do: a card, a pass, an answer, a
//! word to the others, a new game. Whatever key, click or typed word said
//! it, the table hears the same intent and checks it against what that
//! person may do here.

use crate::pace::Speed;
use hearts_bots::record::DealCode;
use hearts_engine::{Card, CardBag, MoonScoring, Seat, Suit};

use super::Setup;

/// What a person means to do at the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    /// Pass these cards (they leave after a pace step, until which undo
    /// takes them back).
    Pass(CardBag),
    /// Play this card now.
    Play(Card),
    /// Play this card when the turn comes (`None`: drop the one queued).
    Queue(Option<Card>),
    /// Declare the Generale, or not.
    Declare(bool),
    /// Bid these chips in the auction, or pass.
    Bid(Option<u32>),
    /// Name the penalty suit, having won the auction.
    NameSuit(Suit),
    /// How the moon just shot counts.
    ChooseMoon(MoonScoring),
    /// Done reading the hand's scores: ready for the next hand.
    Continue,
    /// Take back the last pass or card.
    Undo,
    /// Deal this hand again.
    RestartHand,
    /// Play the hand out at once (no points are left in it).
    PlayOut,
    /// A pace by name, or (`None`) the next one: slow, normal, fast, instant.
    Pace(Option<Speed>),
    /// Any key: ends a pace wait where the table is one person's.
    SkipWait,
    /// A window that must be answered is open (or closed) on this
    /// person's screen: a table that is theirs alone waits for it.
    Hold(bool),
    /// What the expert would do in this person's place.
    Hint,
    /// A message to the others.
    Say(String),
    /// A new game: started at once where this person may, else proposed
    /// to everyone seated.
    NewGame(Box<NewGame>),
    /// The same deals again, at game over.
    Replay,
    /// Yes or no to the proposal on the table.
    Vote(bool),
    /// More time on the turn clock for the decision the table waits on
    /// from this person (once a decision).
    MoreTime,
    /// Give up the seat for good: its bot plays it, the next person to
    /// come may take it, and this person watches.
    GiveUpSeat,
    /// Propose to let go the seat of a person away past their grace: once
    /// everyone seated here agrees, nobody holds it, its bot plays it and
    /// the next person to come may take it.
    FreeSeat(Seat),
}

/// A game to start at the table.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// The rules and the seats' players.
    pub setup: Setup,
    /// The deal to start from, or a fresh one.
    pub deal: Option<DealCode>,
    /// The bots' pace.
    pub speed: Speed,
}
