//! People coming and going: a seat taken back by the person who held it,
//! a seat waiting for the grace period, the table waiting (and its turn
//! clock running) on the people whose decision it needs, and a table
//! pausing once no seated person has been here for a while.

use std::time::{Duration, Instant};

use hearts_engine::{GamePhase, HandPhase, Seat};

use super::people::Attendee;
use super::{Arrival, Holder, Notice, PersonId, SEAT_KEPT, Table};

impl Table {
    /// A person comes in: back to the seat they hold, to the first seat
    /// nobody holds, or to watch when they asked to or every seat is held.
    pub(super) fn arrive(&mut self, arrival: Arrival, now: Instant) {
        if self.seating.index_of(arrival.id).is_some() {
            return;
        }
        let (seat, own) = (self.seat_for(&arrival), self.own_seat(&arrival));
        let Arrival { id, name, key, watch, in_lines, seat_note } = arrival;
        let mut person = Attendee::new(id, &name, seat);
        person.in_lines = in_lines;
        // Coming in while a hand's scores are read, they read them too.
        let reading = self.game.phase() == GamePhase::HandOver && self.summarised_hand == self.game.hand_number();
        person.done_with_hand = if reading { self.summarised_hand - 1 } else { self.summarised_hand };
        if let Some(seat) = seat {
            self.tell_all(Notice::Arrived { name: name.clone(), seat, back: own.is_some() });
            self.seating.holders[seat.index()] = Some(Holder { name: name.clone(), key, away_since: None });
        }
        self.seating.people.push(person);
        let p = self.seating.people.len() - 1;
        let seat_note = seat_note.filter(|_| seat.is_some());
        self.tell(p, Notice::Welcome { name, seat, back: own.is_some(), asked_to_watch: watch, seat_note });
        self.watch_presence(now);
    }

    /// The seat `arrival` would take: the one they hold, else the first
    /// nobody holds; none when they ask to watch or every seat is held.
    pub fn seat_for(&self, arrival: &Arrival) -> Option<Seat> {
        if arrival.watch {
            return None;
        }
        let free = || (0..self.seating.holders.len()).find(|&i| self.seating.holders[i].is_none());
        self.own_seat(arrival).or_else(free).and_then(Seat::new)
    }

    /// The seat `arrival` holds and is away from, by index.
    fn own_seat(&self, arrival: &Arrival) -> Option<usize> {
        let (name, key) = (&arrival.name, arrival.key.as_deref());
        (0..self.seating.holders.len())
            .find(|&i| self.seating.holders[i].as_ref().is_some_and(|h| h.away_since.is_some() && h.is(name, key)))
    }

    /// How many people here watch.
    pub fn watchers(&self) -> usize {
        self.seating.watchers()
    }

    /// A person goes: their seat waits for them for the grace period.
    pub(super) fn leave(&mut self, id: PersonId, now: Instant) {
        let Some(p) = self.seating.index_of(id) else { return };
        let person = self.seating.people.remove(p);
        self.recount_votes(now);
        let Some(seat) = person.seat else { return };
        if let Some(holder) = &mut self.seating.holders[seat.index()] {
            holder.away_since = Some(now);
        }
        self.tell_all(Notice::Left { name: person.name, grace: self.sharing.grace });
    }

    /// Person `p` gives up their seat for good and watches: nobody holds
    /// it any more, so its bot plays it and the next to come takes it.
    pub(super) fn give_up_seat(&mut self, p: usize, now: Instant) {
        let Some(seat) = self.seating.people[p].seat.take() else { return };
        self.seating.holders[seat.index()] = None;
        let person = &mut self.seating.people[p];
        (person.queued, person.hint_asked) = (None, None);
        self.tell_of(p, |name| Notice::GaveUp { name });
        self.recount_votes(now);
        self.watch_presence(now);
    }

    /// The person away who holds a seat by `token` gives it up from
    /// elsewhere: nobody holds it, its bot plays it, and the next to come
    /// may take it. A seat whose person is here is given up at the table.
    pub(super) fn give_up_held(&mut self, token: &str, now: Instant) {
        let held = |holder: &Option<Holder>| {
            holder.as_ref().is_some_and(|h| h.away_since.is_some() && h.key.as_deref() == Some(token))
        };
        let Some(index) = self.seating.holders.iter().position(held) else { return };
        let name = self.seating.holders[index].take().map(|holder| holder.name);
        self.tell_all(Notice::GaveUp { name });
        self.recount_votes(now);
        self.watch_presence(now);
    }

    /// At a new hand or game, each seat whose person has been away longer
    /// than [`SEAT_KEPT`] is nobody's any more: its bot plays it, and the
    /// next to come may take it.
    pub(super) fn free_long_away_seats(&mut self, now: Instant) {
        for index in 0..self.seating.holders.len() {
            let Some(holder) = &self.seating.holders[index] else { continue };
            if holder.away_since.is_some_and(|left| now >= left + SEAT_KEPT) {
                let name = holder.name.clone();
                self.seating.holders[index] = None;
                self.tell_all(Notice::SeatFreed { name, kept: Some(SEAT_KEPT) });
            }
        }
    }

    /// What the table waits on: the position, where the passes of a hand
    /// count as one decision (each person's clock runs from the same start).
    pub(super) fn waiting_key(&self) -> u64 {
        let passing = self.game.phase() == GamePhase::InHand && self.game.hand().phase() == HandPhase::Passing;
        if passing { u64::from(self.game.hand_number()) | 1 << 63 } else { self.generation }
    }

    /// The seats of the people whose decision the table waits for now
    /// (still waited on when the turn clock has run out: the clock holds
    /// until the bot has moved).
    pub(super) fn waiting_for(&self, now: Instant) -> Vec<Seat> {
        if self.finish.is_some() {
            return Vec::new();
        }
        let mut seats: Vec<Seat> = match self.game.phase() {
            GamePhase::InHand if self.game.hand().phase() == HandPhase::Passing => {
                Seat::all(self.players()).filter(|&seat| self.is_passing(seat)).collect()
            }
            GamePhase::HandOver => Seat::all(self.players())
                .filter(|&seat| {
                    self.seating
                        .person_in(seat)
                        .is_some_and(|p| self.seating.people[p].done_with_hand < self.game.hand_number())
                })
                .collect(),
            _ => self.seat_to_act().into_iter().collect(),
        };
        seats.retain(|&seat| !self.gone(seat, now) && self.seating.holders[seat.index()].is_some());
        seats
    }

    /// How long the table has waited on the people it waits for.
    pub(super) fn waited(&self, now: Instant) -> Duration {
        self.turn.waited(now)
    }

    /// Starts the turn clock when the table comes to wait on a person.
    pub(super) fn start_waiting(&mut self, now: Instant) {
        let waits = !self.waiting_for(now).is_empty();
        self.turn.wait_for(waits.then(|| self.waiting_key()), now);
    }

    /// Notes since when no seated person has been here, so the table
    /// pauses after [`super::Sharing::pause_after`] and plays on when one
    /// comes back.
    pub(super) fn watch_presence(&mut self, now: Instant) {
        self.seating.note_presence(now);
    }
}
