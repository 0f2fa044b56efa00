//! The windows a person may have open over the table, and the offer to
//! resume a saved game.

use crate::engine::{Action, MoonScoring, Seat, Suit};

use super::YOU;
use crate::tui::input::Button;
use crate::tui::new_game::NewGameForm;
use crate::table::saved::SavedGame;
use crate::table::seat_name;

/// A window over the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    /// The keys.
    Help,
    /// The rules of this game in a few lines (`?` again from the keys).
    Rules,
    /// A completed trick of this hand, by its index (`t` opens the last;
    /// `t` or ← steps back, → forward).
    Trick(usize),
    /// The score sheet.
    ScoreSheet,
    /// Statistics for the rules in play.
    Stats,
    /// "Quit?" mid-game.
    ConfirmQuit,
    /// "Restart this hand?"
    ConfirmRestart,
    /// The hand just scored (the game-over window follows when it ended the game).
    HandSummary,
    /// You shot the moon and choose how it counts.
    MoonChoice(MoonScoring),
    /// Before the first lead: declare the Generale ([`Button::Yes`]) or
    /// pass ([`Button::No`]), the selected button.
    Generale(Button),
    /// The auction, your turn: the bid on offer (Enter bids it, `n`
    /// passes).
    Bid(u32),
    /// You won the auction: the suit to name.
    NameSuit(Suit),
    /// The end: standings and what next.
    GameOver(Button),
    /// An unfinished game was found: resume it or start anew.
    Resume(ResumeOffer),
    /// The new-game window.
    NewGame(Box<NewGameForm>),
}

/// Whether any of `log` is yours: a game worth keeping when left unfinished.
pub fn you_played_in(log: &[Action]) -> bool {
    log.iter().any(|action| match action {
        Action::Pass { seat, .. }
        | Action::Play { seat, .. }
        | Action::Declare { seat, .. }
        | Action::Bid { seat, .. }
        | Action::NameSuit { seat, .. }
        | Action::ChooseMoon { seat, .. } => *seat == YOU,
        Action::NextHand => false,
    })
}

/// What the resume question says about the saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResumeOffer {
    /// Rules, hand, seed and totals in one line.
    pub description: String,
    /// Seats that programs played: (seat name, command). Resuming seats
    /// their fallback unless the person chooses to run them again.
    pub programs: Vec<(String, String)>,
}

impl ResumeOffer {
    /// The offer for a saved game.
    pub fn of(saved: &SavedGame) -> ResumeOffer {
        let seats = saved.players.len();
        let programs = saved
            .programs()
            .into_iter()
            .filter_map(|(seat, command)| Some((seat_name(Seat::new(seat)?, seats), command)));
        ResumeOffer { description: saved.describe(), programs: programs.collect() }
    }
}

impl Overlay {
    /// Windows that stop the game until they are answered.
    pub(super) fn holds_play(&self) -> bool {
        !matches!(self, Overlay::Help | Overlay::Rules | Overlay::Trick(_) | Overlay::ScoreSheet | Overlay::Stats)
    }
}
