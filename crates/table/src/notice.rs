//! What the table tells a person: typed notices, made for that person's
//! seat (a card they may not see is never in theirs), which each view words
//! in its own way; and the refusals that say which rule or right stood in
//! the way.

use std::time::Duration;

use crate::pace::Speed;
use hearts_engine::{Action, Card, CardBag, CardSet, PlayError, Seat, Suit};

use super::Finish;

/// What the runtime tells everyone at the table of its own work: the
/// files it keeps the game in. The views word it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Another `hearts` has a game open: this one will not be saved.
    OpenElsewhere,
    /// What the runtime found at the start (a file set aside or that could
    /// not be read), as its file layer words it.
    AtStart(String),
    /// A new game began: the unfinished one is kept with the person's games
    /// and its save replaced.
    UnfinishedKept,
    /// A job on the runtime's files could not be done, and the error.
    Failed(Job, String),
}

/// A job of the runtime's on its files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// Saving the game in progress.
    SaveGame,
    /// Saving a served table.
    SaveTable,
    /// Keeping a game that ended with the person's games.
    KeepGame,
    /// Taking up the saved game.
    ReplaySave,
    /// Remembering the new-game form's choices.
    RememberChoices,
    /// Removing a finished game's save.
    RemoveSave,
    /// Counting a finished game in the statistics.
    RecordStatistics,
    /// Saving the game when the program is told to end (SIGTERM).
    SaveOnSigterm,
    /// Keeping how a person sees the cards.
    KeepLook {
        /// The person's name.
        name: String,
    },
}

/// Why a hint could not be worked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintFailure {
    /// Too many hints are being worked out: ask again in a moment.
    Busy,
    /// Working it out failed, with the reason.
    Failed(String),
}

/// Something that happened at the table, as one person is told it.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// What this person asked for was refused, and why.
    Refused(Refusal),
    /// A note from the runtime for everyone (a file that could not be
    /// written).
    Note(Note),
    /// A seat's bot failed; the built-in `normal` bot decided in its place.
    BotFailed {
        /// The seat's name.
        name: String,
        /// What went wrong.
        failure: String,
    },
    /// This person has come to the table.
    Welcome {
        /// Their name.
        name: String,
        /// Their seat, or `None` when they watch.
        seat: Option<Seat>,
        /// Whether the seat was theirs already.
        back: bool,
        /// They asked to watch (else every seat was taken).
        asked_to_watch: bool,
        /// What the runtime adds when they sit ([`super::Arrival::seat_note`]).
        seat_note: Option<String>,
    },
    /// Someone else has sat down.
    Arrived {
        /// Their name.
        name: String,
        /// Their seat.
        seat: Seat,
        /// Whether they came back to the seat they held.
        back: bool,
    },
    /// Someone seated has left: their seat waits for them.
    Left {
        /// Their name.
        name: String,
        /// How long the seat waits before its bot plays.
        grace: Duration,
    },
    /// Someone gave up their seat for good: its bot plays it, and the
    /// next person to come may take it.
    GaveUp {
        /// Their name; `None` to them.
        name: Option<String>,
    },
    /// A seat's person was away longer than the table keeps a seat, or
    /// the table agreed to let it go: it is free for whoever comes.
    SeatFreed {
        /// Who held it.
        name: String,
        /// How long it was kept; `None` where the table agreed to let it go.
        kept: Option<Duration>,
    },
    /// A new game has started at this table.
    NewGame {
        /// Who started it, where it was someone else here.
        by: Option<String>,
        /// Its seed, where the table shows it.
        seed: Option<u64>,
        /// This person's seat in it: lost when the new game has fewer
        /// seats than theirs.
        seat_lost: bool,
    },
    /// Someone proposed a new game: everyone seated answers.
    Proposed {
        /// Who proposed it.
        by: String,
        /// The rules' name.
        label: String,
        /// How many would play.
        players: usize,
        /// People whose seats the new game does not have.
        dropped: Vec<String>,
    },
    /// Someone said no to the proposal: it is dropped.
    Declined {
        /// Who said no; `None` to them.
        by: Option<String>,
        /// Whose seat it would have let go; `None` for a new game.
        freeing: Option<String>,
    },
    /// The proposer took the proposal back (or left).
    Withdrawn {
        /// The proposer; `None` to them.
        by: Option<String>,
        /// Whose seat it would have let go; `None` for a new game.
        freeing: Option<String>,
    },
    /// The game was taken up again from its save.
    Resumed {
        /// Its seed.
        seed: u64,
    },
    /// The table failed and was set up again from its actions.
    Rebuilt,
    /// A hand without passing has been dealt.
    NoPassing {
        /// A hold hand (else the rules never pass).
        hold: bool,
    },
    /// A hand has been dealt.
    HandDealt,
    /// The hand was dealt again from its start.
    DealtAgain {
        /// The hand's number.
        hand: u32,
    },
    /// The passes were exchanged: what this seat received.
    Received {
        /// The cards.
        cards: CardBag,
        /// The seat they came from.
        from: Seat,
    },
    /// The passes were exchanged (to a watcher).
    Exchanged,
    /// Domino: a seat could not follow and drew.
    Drew {
        /// Who drew.
        seat: Seat,
        /// How many cards.
        count: usize,
        /// Cards left in the stock.
        left: usize,
        /// The cards, for the seat that drew them only.
        cards: Option<CardBag>,
    },
    /// Domino: the hand ended and a seat took the stock.
    StockTaken {
        /// Who took it.
        seat: Seat,
        /// By winning the last trick (else by holding the last cards).
        won_last_trick: bool,
        /// How many cards.
        cards: usize,
        /// Their points.
        points: i32,
    },
    /// Domino: the target was reached in the middle of the hand.
    EndsMidHand {
        /// The target.
        target: i32,
    },
    /// A seat took the widow with a trick.
    WidowTaken {
        /// Who took it.
        seat: Seat,
        /// How many cards.
        count: usize,
        /// The cards, for their taker only.
        cards: Option<CardBag>,
    },
    /// A seat declared the Generale.
    Declared {
        /// Who declared.
        seat: Seat,
        /// What failing costs.
        points: i32,
    },
    /// A bid in the auction, or a pass.
    Bid {
        /// Who bid.
        seat: Seat,
        /// The chips, or `None` for a pass.
        chips: Option<u32>,
    },
    /// The auction's winner named the penalty suit.
    SuitNamed {
        /// Who named it.
        seat: Seat,
        /// The suit.
        suit: Suit,
    },
    /// Two packs: nobody won the trick; its cards wait for the next one.
    TrickRolledOver {
        /// Cards waiting now.
        cards: usize,
    },
    /// The hand has been scored: its summary is to be read.
    HandScored,
    /// The game is over.
    GameOver(Finish),
    /// The hand was played out at once.
    PlayedOut,
    /// This person's pass was taken back.
    PassTakenBack {
        /// Its cards, marked again.
        cards: CardBag,
    },
    /// This person's card was taken back.
    CardTakenBack {
        /// The card.
        card: Card,
    },
    /// The card queued for this person's turn was played.
    QueuePlayed,
    /// The card queued for this person's turn could not be played.
    QueueDropped {
        /// The card.
        card: Card,
        /// The rule it breaks.
        why: PlayError,
    },
    /// The hint asked for is being worked out.
    HintWorking,
    /// The hint.
    Hint(Hint),
    /// The hint could not be worked out.
    HintFailed(HintFailure),
    /// The pace changed.
    Paced {
        /// The new pace.
        speed: Speed,
    },
    /// The engine refused an action (a bot's, or one replayed).
    ActionFailed(String),
    /// The turn clock ran out on this person: the seat's bot acted.
    BotActed(Action),
    /// The turn clock ran out on someone else: their bot moved for them.
    TimedOut {
        /// Whose time ran out.
        name: String,
    },
    /// Someone asked for more time on the turn clock.
    MoreTime {
        /// Who asked; `None` to them.
        by: Option<String>,
        /// The time they have now.
        left: Duration,
    },
}

/// The expert's advice for this person's decision.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// The pass to make.
    Pass(CardSet),
    /// The card to play, and the next best with what it costs more.
    Play {
        /// The best card.
        best: Card,
        /// The next best, and how much worse it is.
        runner_up: Option<(Card, f64)>,
    },
}

/// Why the table did not do what a person asked.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// A watcher asked to change the game.
    #[error("You are watching: the cards are the players'")]
    Watching,
    /// The card breaks a rule.
    #[error("{}", sentence(&.0.to_string()))]
    Play(PlayError),
    /// A card before this person's turn, where it cannot wait for it: the
    /// name of the seat to play.
    #[error("It is {0}'s turn, not yours")]
    NotYourTurn(String),
    /// A card while no card is played (a pass, the scores, a question).
    #[error("No card is played now")]
    NoCardNow,
    /// No undo where the table is timed or shared.
    #[error("Undo is off {0}")]
    UndoOff(Off),
    /// Nothing has been passed or played to take back.
    #[error("Nothing to undo")]
    NothingToUndo,
    /// Taking back is no longer possible, and why.
    #[error("Can't undo: {0}")]
    CannotUndo(&'static str),
    /// No dealing again where the table is timed or shared.
    #[error("Restarting a hand is off {0}")]
    RestartOff(Off),
    /// The pace belongs to the table while others play.
    #[error("The pace is the table's while other people play")]
    PaceShared,
    /// Points are left in the hand.
    #[error("Playing out is offered once no points are left in the hand")]
    PlayOutNotYet,
    /// Playing out is for a table that is one person's.
    #[error("Playing out is off while other people play")]
    PlayOutShared,
    /// Hints are off here.
    #[error("Hints are off {0}")]
    HintsOff(Off),
    /// Nothing for a hint to advise on.
    #[error("A hint is for your pass or your turn")]
    HintNotNow,
    /// Too many hints are being worked out at once.
    #[error("The hints are busy: ask again in a moment")]
    HintsBusy,
    /// Too many messages at once.
    #[error("Slow down: a few messages every ten seconds")]
    ChatTooFast,
    /// The game asked for cannot start.
    #[error("That game cannot start: {0}")]
    CannotStart(String),
    /// A deal chosen (a seed typed, or the last game's again) where others
    /// play: whoever knows the seed knows every hand.
    #[error("Games here are dealt from a secret seed: a known one shows every hand")]
    DealChosen,
    /// A proposal already waits for answers.
    #[error("{0}'s proposal waits for everyone's answer")]
    ProposalPending(String),
    /// There is no proposal to answer.
    #[error("There is no proposal to answer")]
    NoProposal,
    /// The game is not over.
    #[error("The game is not over yet")]
    NotOver,
    /// More time, where no turn clock runs for this person.
    #[error("No clock runs for you now: take your time")]
    NoClock,
    /// A seat given up at the terminal's own table, which is its player's.
    #[error("The seat at your own table is yours: q quits, and the game is saved")]
    GiveUpLocal,
    /// More time, asked for twice in one decision.
    #[error("You had more time for this decision already")]
    TimeGiven,
    /// A seat to let go whose person is here, or away within their grace.
    #[error("{0}'s seat waits for them: it may be let go once their bot plays for them")]
    SeatWaits(String),
    /// A seat to let go that nobody holds.
    #[error("Nobody is away past their grace: no seat waits to be let go")]
    NobodysSeat,
}

/// What turns a table-wide action off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Off {
    /// The timed game.
    Timed,
    /// Other people play at the table.
    Shared,
    /// The table's settings.
    Table,
    /// A served table, where anyone may sit down later.
    Served,
}

impl std::fmt::Display for Off {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Off::Timed => "in the timed game",
            Off::Shared => "while other people play",
            Off::Table => "at this table",
            Off::Served => "at a served table: whoever sits down later would hold cards you saw",
        })
    }
}

/// A message as a sentence: capital first letter.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
