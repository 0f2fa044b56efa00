//! What a person's keys ask of the table or the runtime: the one way a
//! viewer and its windows answer.

use hearts_table::Intent;
use hearts_table::saved::Programs;

use crate::remembered::Remembered;

/// What a person's keys ask of the table or the runtime.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// An intent for the table.
    Table(Intent),
    /// Leave the table (a game in progress is saved, a seat waits).
    Leave,
    /// Give the terminal back and stop until resumed (Ctrl-Z).
    Suspend,
    /// Take up the saved game, starting its programs or not.
    Resume(Programs),
    /// The saved game was declined: keep it with the played games.
    DeclineResume,
    /// Remember the new-game window's choices.
    Remember(Remembered),
}
