//! Who sits at the table and what the seats are called: what a game is
//! started from and what a save remembers, without the app around it.

use hearts_bots::players::Player;
use hearts_engine::{Rules, Seat};

use super::{Kind, Table};

/// Who sits at the table and under which rules: what a game is started
/// from, and what a save remembers.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The rules in play.
    pub rules: Rules,
    /// The rules' name for the info bar and statistics: a preset, marked
    /// `+` when a file or flags changed it.
    pub label: String,
    /// The player of every seat; seat 0 (you) is ignored.
    pub players: Vec<Player>,
}

impl Setup {
    /// The name of a seat as the table shows it: You, Left, Across, Right.
    pub fn seat_name(&self, seat: Seat) -> String {
        seat_name(seat, self.rules.player_count())
    }
}

/// A seat's name at a table of `players`: You, Left, Across, Right at four;
/// "2nd left" and the like at bigger tables.
pub fn seat_name(seat: Seat, players: usize) -> String {
    let index = seat.index();
    let from_right = players - index;
    match (index, players) {
        (0, _) => "You".to_string(),
        // Two players (Domino) sit face to face.
        (1, 2) => "Across".to_string(),
        (1, _) => "Left".to_string(),
        _ if from_right == 1 => "Right".to_string(),
        _ if players.is_multiple_of(2) && index == players / 2 => "Across".to_string(),
        _ if index <= players / 2 => format!("{} left", ordinal(index)),
        _ => format!("{} right", ordinal(from_right)),
    }
}

/// A seat's name the same for everyone at a table of `players`: South,
/// West, North, East at four (play goes South, West, North, East);
/// "Seat 1" to "Seat 11" otherwise, counted the way play goes from seat 1.
pub fn fixed_seat_name(seat: Seat, players: usize) -> String {
    const COMPASS: [&str; 4] = ["South", "West", "North", "East"];
    match COMPASS.get(seat.index()) {
        Some(name) if players == 4 => name.to_string(),
        _ => format!("Seat {}", seat.index() + 1),
    }
}

fn ordinal(n: usize) -> &'static str {
    match n {
        2 => "2nd",
        3 => "3rd",
        4 => "4th",
        _ => "5th",
    }
}

/// A seat's name as a person in `viewer` (`None`: watching) says it:
/// "You", a person's name, or where a bot sits from there.
pub(super) fn name_for(table: &Table, viewer: Option<Seat>, seat: Seat) -> String {
    if viewer == Some(seat) {
        return "You".to_string();
    }
    if let Some(holder) = table.seating.holders.get(seat.index()).and_then(Option::as_ref) {
        return holder.name.clone();
    }
    let players = table.players();
    if table.kind == Kind::Shared {
        // Everyone at a shared table calls a bot by one name, so what is said of it is said of one seat.
        return fixed_seat_name(seat, players);
    }
    let from = viewer.unwrap_or(Seat::SOUTH);
    match Seat::new((seat.index() + players - from.index()) % players) {
        Some(place) if place.index() > 0 => seat_name(place, players),
        _ => "South".to_string(),
    }
}
