//! Who is at a table: the people here now (each seated or watching) and
//! who holds each seat, here or gone for a while.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

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

/// How a seat token held by a name (not a key) starts; a key's
/// fingerprint starts with `SHA256:`, so the two never meet.
pub const NAME_TOKEN: &str = "name:";

/// Whether the person with seat token `holder` holds a seat held by
/// `held_by` under `held_name`: the same token; a seat saved before seats
/// had tokens (`held_by` empty) is its name's.
pub fn holds(held_by: Option<&str>, held_name: &str, holder: &str) -> bool {
    match held_by {
        Some(token) => token == holder,
        None => holder.strip_prefix(NAME_TOKEN) == Some(held_name),
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

/// Who is at a table and who holds its seats.
#[derive(Clone, Debug)]
pub(crate) struct Seating {
    /// The people here now, in the order they came.
    pub(crate) people: Vec<Attendee>,
    /// Who holds each seat; a seat nobody holds is its bot's.
    pub(crate) holders: Vec<Option<Holder>>,
    /// Since when no seated person has been here.
    nobody_since: Option<Instant>,
}

impl Seating {
    /// A table of `seats` seats, nobody at it.
    pub(crate) fn new(seats: usize) -> Seating {
        Seating { people: Vec::new(), holders: vec![None; seats], nobody_since: None }
    }

    /// Where a person is among the people here.
    pub(crate) fn index_of(&self, id: PersonId) -> Option<usize> {
        self.people.iter().position(|person| person.id == id)
    }

    /// The person here playing `seat`, by index.
    pub(crate) fn person_in(&self, seat: Seat) -> Option<usize> {
        self.people.iter().position(|person| person.seat == Some(seat))
    }

    /// The seats people hold, here or away.
    pub(crate) fn held_seats(&self) -> Vec<Seat> {
        (0..self.holders.len()).filter(|&i| self.holders[i].is_some()).filter_map(Seat::new).collect()
    }

    /// Whether the person holding `seat` is here.
    pub(crate) fn held_here(&self, seat: Seat) -> bool {
        self.holders.get(seat.index()).is_some_and(|holder| holder.as_ref().is_some_and(|h| h.away_since.is_none()))
    }

    /// Whether nobody holds `seat`, or its person has been gone longer
    /// than `grace` at `now`.
    pub(crate) fn gone(&self, seat: Seat, now: Instant, grace: Duration) -> bool {
        match self.holders.get(seat.index()).and_then(Option::as_ref) {
            None => true,
            Some(Holder { away_since: Some(left), .. }) => now >= *left + grace,
            Some(_) => false,
        }
    }

    /// Whether at most one person holds a seat.
    pub(crate) fn alone(&self) -> bool {
        self.holders.iter().flatten().count() <= 1
    }

    /// How many people here watch.
    pub(crate) fn watchers(&self) -> usize {
        self.people.iter().filter(|person| person.seat.is_none()).count()
    }

    /// Notes at `now` whether a seated person is here: since when nobody
    /// seated has been, kept from the first moment until one comes back.
    pub(crate) fn note_presence(&mut self, now: Instant) {
        let someone_seated = self.people.iter().any(|person| person.seat.is_some());
        match (someone_seated, self.nobody_since) {
            (true, _) => self.nobody_since = None,
            (false, None) => self.nobody_since = Some(now),
            (false, Some(_)) => {}
        }
    }

    /// Since when no seated person has been here, if none is.
    pub(crate) fn nobody_since(&self) -> Option<Instant> {
        self.nobody_since
    }

    /// Takes up when the last seated person left (kept across a restart).
    pub(crate) fn set_nobody_since(&mut self, since: Instant) {
        self.nobody_since = Some(since);
    }
}

#[cfg(test)]
mod tests {

    use super::*;

    fn seating_of(holders: &[Option<&str>]) -> Seating {
        let mut seating = Seating::new(holders.len());
        for (index, name) in holders.iter().enumerate() {
            seating.holders[index] = name.map(|name| Holder { name: name.into(), key: None, away_since: None });
        }
        seating
    }

    #[test]
    fn a_seat_is_gone_to_its_bot_once_its_person_is_away_past_the_grace_period() {
        let now = Instant::now();
        let grace = Duration::from_secs(60);
        let mut seating = seating_of(&[Some("ann"), None, None, None]);
        let south = Seat::SOUTH;
        assert!(!seating.gone(south, now, grace));
        assert!(seating.gone(Seat::new(1).expect("a seat"), now, grace), "a seat nobody holds is its bot's");
        seating.holders[0].as_mut().expect("held").away_since = Some(now);
        assert!(!seating.held_here(south));
        assert!(!seating.gone(south, now + grace - Duration::from_millis(1), grace));
        assert!(seating.gone(south, now + grace, grace));
    }

    #[test]
    fn a_table_is_one_persons_while_at_most_one_seat_is_held() {
        assert!(seating_of(&[None, None, None, None]).alone());
        assert!(seating_of(&[Some("ann"), None, None, None]).alone());
        let two = seating_of(&[Some("ann"), None, Some("bob"), None]);
        assert!(!two.alone());
        assert_eq!(two.held_seats(), vec![Seat::SOUTH, Seat::new(2).expect("a seat")]);
    }

    #[test]
    fn the_table_notes_since_when_nobody_seated_is_here() {
        let now = Instant::now();
        let mut seating = seating_of(&[Some("ann"), None, None, None]);
        seating.note_presence(now);
        assert_eq!(seating.nobody_since(), Some(now), "nobody is here at all");
        seating.people.push(Attendee::new(PersonId(1), "watcher", None));
        seating.note_presence(now + Duration::from_secs(5));
        assert_eq!(seating.nobody_since(), Some(now), "a watcher does not count, and the first moment is kept");
        assert_eq!(seating.watchers(), 1);
        seating.people.push(Attendee::new(PersonId(2), "ann", Some(Seat::SOUTH)));
        seating.note_presence(now + Duration::from_secs(9));
        assert_eq!(seating.nobody_since(), None);
        assert_eq!(seating.person_in(Seat::SOUTH), Some(1));
        assert_eq!(seating.index_of(PersonId(1)), Some(0));
    }

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

    #[test]
    fn a_seat_is_held_by_its_token_and_an_old_tokenless_one_by_its_name() {
        assert!(holds(Some("SHA256:abc"), "alice", "SHA256:abc"));
        assert!(!holds(Some("SHA256:abc"), "alice", "name:alice"), "a key-held seat is the key's only");
        assert!(!holds(Some("name:alice"), "alice", "second:name:alice"));
        assert!(holds(None, "alice", "name:alice"));
        assert!(!holds(None, "alice", "SHA256:abc"));
        assert!(!holds(None, "alice", "anonymous:00ab"));
    }
}
