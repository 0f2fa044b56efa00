//! The table as one person sees it: what the view draws. Seats are placed
//! around the table from the person's own seat, which is at the bottom; a
//! watcher sees it from South, with no hand.

use std::ops::Deref;
use std::time::Instant;

use crate::engine::{Card, CardBag, Seat};

use super::{App, PendingPass, Person};

/// One person's sight of a table.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    /// The table.
    pub app: &'a App,
    /// The person looking.
    pub person: &'a Person,
}

impl Deref for Seen<'_> {
    type Target = App;

    fn deref(&self) -> &App {
        self.app
    }
}

impl Seen<'_> {
    /// The seat played, or `None` for a watcher.
    pub fn seat(&self) -> Option<Seat> {
        self.person.seat
    }

    /// Whether `seat` is the one this person plays.
    pub fn is_mine(&self, seat: Seat) -> bool {
        self.person.seat == Some(seat)
    }

    /// Where `seat` is drawn: its place counted clockwise from the bottom
    /// of the screen, which is this person's seat (South for a watcher).
    pub fn place(&self, seat: Seat) -> Seat {
        let players = self.players();
        let from = self.person.seat.map_or(0, Seat::index);
        Seat::new((seat.index() + players - from) % players).unwrap_or(seat)
    }

    /// The seat drawn at `place` (see [`Seen::place`]).
    pub fn seat_at(&self, place: Seat) -> Seat {
        let players = self.players();
        let from = self.person.seat.map_or(0, Seat::index);
        Seat::new((place.index() + from) % players).unwrap_or(place)
    }

    /// A seat's name as this person sees it.
    pub fn seat_name(&self, seat: Seat) -> String {
        self.app.name_for(self.person.seat, seat)
    }

    /// A side's name: "You & Across" for a team, the seat's name alone.
    pub fn side_name(&self, side: usize) -> String {
        let names: Vec<String> = self.side_seats(side).into_iter().map(|seat| self.seat_name(seat)).collect();
        names.join(" & ")
    }

    /// The hand as drawn (see [`App::hand_row`]); nothing for a watcher.
    pub fn hand_row(&self) -> Vec<(Card, Option<usize>)> {
        self.person.seat.map(|seat| self.app.hand_row(seat)).unwrap_or_default()
    }

    /// The cards in the order they are drawn; none for a watcher.
    pub fn your_cards(&self) -> Vec<Card> {
        self.person.seat.map(|seat| self.app.cards_in_row(seat)).unwrap_or_default()
    }

    /// The card under the cursor.
    pub fn cursor_card(&self) -> Option<Card> {
        let cards = self.your_cards();
        cards.get(self.person.cursor.min(cards.len().saturating_sub(1))).copied()
    }

    /// Whether this person chooses their pass now.
    pub fn is_passing(&self) -> bool {
        self.person.seat.is_some_and(|seat| self.app.is_passing(seat))
    }

    /// This person's pass on its way.
    pub fn pending_pass(&self) -> Option<PendingPass> {
        self.person.seat.and_then(|seat| self.app.pending_pass(seat))
    }

    /// Whether the game waits for this person's card or decision.
    pub fn to_act(&self) -> bool {
        self.person.seat.is_some() && self.seat_to_act() == self.person.seat
    }

    /// The cards a seat is seen to have taken this hand (another seat's
    /// widow stays face down until the hand is scored).
    pub fn taken_in_view(&self, seat: Seat) -> CardBag {
        self.app.taken_seen_by(self.person.seat, seat)
    }

    /// The penalty points a seat is seen to have taken this hand.
    pub fn points_this_hand(&self, seat: Seat) -> i32 {
        self.app.points_seen_by(self.person.seat, seat)
    }

    /// "waiting for carol, 0:23" while the table waits on other people.
    pub fn waiting_line(&self, now: Instant) -> Option<String> {
        if self.alone() {
            return None;
        }
        let mine = self.person.seat.and_then(|seat| self.holders[seat.index()].as_ref()).map(|h| h.name.clone());
        let others: Vec<String> =
            self.waiting_for(now).into_iter().filter(|name| Some(name) != mine.as_ref()).collect();
        if others.is_empty() {
            return None;
        }
        let waited = self.waited(now).as_secs();
        Some(format!("waiting for {}, {}:{:02}", others.join(", "), waited / 60, waited % 60))
    }
}
