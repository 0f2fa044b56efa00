//! One person at a table: where they sit (or that they watch) and what
//! only they see (cursor, marked cards, the window open, the note).

use std::time::Instant;

use crate::engine::{Card, CardBag, CardSet, Seat};

use super::Overlay;
use crate::tui::new_game::Remembered;
use crate::tui::stats::PresetStats;
use crate::tui::theme::Theme;

/// Who a message comes from: one person at the table, for as long as
/// they are there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PersonId(pub u64);

impl PersonId {
    /// The one person at the terminal's own table.
    pub const LOCAL: PersonId = PersonId(0);
}

/// What one person sees and is doing at the table.
#[derive(Clone, Debug)]
pub struct Person {
    /// Who this is to the table's messages.
    pub id: PersonId,
    /// The name shown to the others.
    pub name: String,
    /// The seat played, or `None` for a watcher.
    pub seat: Option<Seat>,
    /// Index of the card under the cursor in the hand as drawn.
    pub cursor: usize,
    /// Cards chosen to pass (with two packs, perhaps both copies of one).
    pub marked: CardBag,
    /// A card chosen before the turn, played when the turn comes.
    pub queued: Option<Card>,
    /// Cards received this hand, marked until the first play.
    pub received: CardSet,
    /// The bot's suggestion after the hint key.
    pub hint: CardSet,
    /// The position (by generation) of the hint being worked out.
    pub(super) hint_asked: Option<u64>,
    /// The window over the table, if any.
    pub overlay: Option<Overlay>,
    /// The played-cards panel is shown.
    pub show_played: bool,
    /// A refusal or note for the status line.
    pub note: Option<String>,
    /// Whether the screen is too small to show the table: then only
    /// leaving acts.
    pub too_small: bool,
    /// The new-game window's choices of last time.
    pub remembered: Remembered,
    /// Colours, symbols and how cards are written in notes.
    pub theme: Theme,
    /// Statistics for the rules in play, for the stats window.
    pub stats: PresetStats,
    /// The hand whose summary this person has closed (ready for the next).
    pub(super) done_with_hand: u32,
    /// The message being written to the table, while the chat line is open.
    pub chat_line: Option<String>,
    /// When this person's last messages were sent, for the rate limit.
    pub(super) said_at: std::collections::VecDeque<Instant>,
}

impl Person {
    /// A person arriving at the table, in `seat` or watching.
    pub fn new(id: PersonId, name: &str, seat: Option<Seat>, theme: Theme) -> Person {
        Person {
            id,
            name: name.to_string(),
            seat,
            cursor: 0,
            marked: CardBag::EMPTY,
            queued: None,
            received: CardSet::EMPTY,
            hint: CardSet::EMPTY,
            hint_asked: None,
            overlay: None,
            show_played: false,
            note: None,
            too_small: false,
            remembered: Remembered::default(),
            theme,
            stats: PresetStats::default(),
            done_with_hand: 0,
            chat_line: None,
            said_at: std::collections::VecDeque::new(),
        }
    }

    /// Forgets what belonged to the hand just ended.
    pub(super) fn new_hand(&mut self) {
        self.marked = CardBag::EMPTY;
        self.received = CardSet::EMPTY;
        self.hint = CardSet::EMPTY;
        self.queued = None;
        self.cursor = 0;
        self.note = None;
    }
}

/// Who holds a seat: a person, here or gone for a while.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    /// The name the person came with.
    pub name: String,
    /// Their public key's fingerprint, when they offered one.
    pub key: Option<String>,
    /// Since when they have been gone; `None` while they are here.
    pub away_since: Option<Instant>,
}

impl Holder {
    /// Whether a person arriving with `name` and `key` is this holder
    /// coming back: the same key when one was offered, else the same name.
    pub fn is(&self, name: &str, key: Option<&str>) -> bool {
        match (&self.key, key) {
            (Some(held), Some(offered)) => held == offered,
            (Some(_), None) => false,
            (None, _) => self.name == name,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_holder_with_a_key_is_known_by_the_key_not_the_name() {
        let holder = Holder { name: "carol".into(), key: Some("SHA256:abc".into()), away_since: None };
        assert!(holder.is("someone else", Some("SHA256:abc")));
        assert!(!holder.is("carol", Some("SHA256:xyz")));
        assert!(!holder.is("carol", None), "a key was offered: the name alone does not take the seat");
    }

    #[test]
    fn a_holder_without_a_key_is_known_by_the_name() {
        let holder = Holder { name: "bob".into(), key: None, away_since: None };
        assert!(holder.is("bob", None));
        assert!(holder.is("bob", Some("SHA256:new")));
        assert!(!holder.is("bobby", None));
    }
}
