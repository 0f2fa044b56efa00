//! Who is at a table: the people here now (each seated or watching) and
//! who holds each seat, here or gone for a while.

use std::collections::VecDeque;
use std::time::Instant;

use hearts_engine::{Card, Seat};

/// Who a message comes from: one person at the table, for as long as
/// they are there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PersonId(pub u64);

impl PersonId {
    /// The one person at the terminal's own table.
    pub const LOCAL: PersonId = PersonId(0);
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
    /// coming back: a seat held by a key is taken back by that key only,
    /// a seat held by a name alone by that name.
    pub fn is(&self, name: &str, key: Option<&str>) -> bool {
        match (&self.key, key) {
            (Some(held), offered) => offered == Some(held.as_str()),
            (None, _) => self.name == name,
        }
    }
}

/// Who comes to the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// Their id for the table's messages.
    pub id: PersonId,
    /// Their name, already safe to show.
    pub name: String,
    /// Their public key's fingerprint, when they offered one.
    pub key: Option<String>,
    /// Only to watch.
    pub watch: bool,
    /// They hear the table in the line mode (the turn clock may give them
    /// longer: [`super::Sharing::line_mode_clock`]).
    pub in_lines: bool,
    /// A sentence the runtime adds to their welcome when they sit (a
    /// server says what keeps the seat of a person without a key).
    pub seat_note: Option<String>,
}

/// A person at the table as the table knows them: where they sit and what
/// of theirs the table keeps (their view is their own, above the table).
#[derive(Clone, Debug)]
pub(crate) struct Attendee {
    pub(crate) id: PersonId,
    pub(crate) name: String,
    /// The seat played, or `None` for a watcher.
    pub(crate) seat: Option<Seat>,
    /// The hand whose summary this person has closed (ready for the next).
    pub(crate) done_with_hand: u32,
    /// A card chosen before the turn, played when the turn comes.
    pub(crate) queued: Option<Card>,
    /// The position (by generation) of the hint being worked out.
    pub(crate) hint_asked: Option<u64>,
    /// A window that must be answered is open on their screen.
    pub(crate) holding: bool,
    /// When this person's last messages were sent, for the rate limit.
    pub(crate) said_at: VecDeque<Instant>,
    /// They hear the table in the line mode.
    pub(crate) in_lines: bool,
}

impl Attendee {
    pub(crate) fn new(id: PersonId, name: &str, seat: Option<Seat>) -> Attendee {
        Attendee {
            id,
            name: name.to_string(),
            seat,
            done_with_hand: 0,
            queued: None,
            hint_asked: None,
            holding: false,
            said_at: VecDeque::new(),
            in_lines: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_held_by_a_key_is_taken_back_by_that_key_only() {
        let holder = Holder { name: "carol".into(), key: Some("SHA256:abc".into()), away_since: None };
        assert!(holder.is("someone else", Some("SHA256:abc")));
        assert!(!holder.is("carol", Some("SHA256:xyz")));
        assert!(!holder.is("carol", None), "a key was offered: the name alone does not take the seat");
    }

    #[test]
    fn a_seat_held_by_a_name_alone_is_taken_back_by_that_name() {
        let holder = Holder { name: "bob".into(), key: None, away_since: None };
        assert!(holder.is("bob", None));
        assert!(holder.is("bob", Some("SHA256:new")));
        assert!(!holder.is("bobby", None));
    }
}
