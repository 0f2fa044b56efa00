//! Seats around the table and one value per seat.

use std::fmt;
use std::ops::{Index, IndexMut};

/// The most players a table seats.
pub const MAX_PLAYERS: usize = 11;
/// The fewest players a table seats: two, for Domino; every other game
/// needs three ([`crate::Rules::validate`]).
pub const MIN_PLAYERS: usize = 2;

/// A seat, numbered 0..n-1 in clockwise play order. Seat 0 is the human
/// (South) in the terminal game; "left" of a seat is the next one clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Seat(u8);

impl Seat {
    /// Seat 0: South, the human in the terminal game.
    pub const SOUTH: Seat = Seat(0);

    /// The seat with this number; `None` beyond [`MAX_PLAYERS`].
    pub const fn new(number: usize) -> Option<Seat> {
        if number < MAX_PLAYERS { Some(Seat(number as u8)) } else { None }
    }

    /// The seat's number, 0-based.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat `steps` places clockwise (to the left) at a table of `players`.
    pub const fn left(self, steps: usize, players: usize) -> Seat {
        Seat(((self.0 as usize + steps) % players) as u8)
    }

    /// The seat `steps` places counter-clockwise (to the right).
    pub const fn right(self, steps: usize, players: usize) -> Seat {
        Seat(((self.0 as usize + players - steps % players) % players) as u8)
    }

    /// The next seat clockwise.
    pub const fn next(self, players: usize) -> Seat {
        self.left(1, players)
    }

    /// The seats of a table of `players`, in play order from seat 0.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..players.min(MAX_PLAYERS) as u8).map(Seat)
    }

    /// The four-player compass letter (`S W N E`), used by deal notation.
    pub const fn compass_letter(self) -> char {
        match self.0 {
            0 => 'S',
            1 => 'W',
            2 => 'N',
            _ => 'E',
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// One value for each seat (hands, points, passes). Holds room for
/// [`MAX_PLAYERS`] so it stays `Copy` and allocation-free; seats beyond the
/// table's player count keep their default value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct BySeat<T>([T; MAX_PLAYERS]);

impl<T> BySeat<T> {
    /// A value for each seat, computed from the seat.
    pub fn new_with(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(std::array::from_fn(|i| f(Seat(i as u8))))
    }

    /// Applies `f` to every value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }

    /// The values of the first `players` seats.
    pub fn of_table(&self, players: usize) -> &[T] {
        &self.0[..players]
    }
}

impl<T: Copy> BySeat<T> {
    /// The same value for every seat.
    pub const fn splat(value: T) -> BySeat<T> {
        BySeat([value; MAX_PLAYERS])
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn left_is_clockwise_and_right_counter_clockwise() {
        let south = Seat::SOUTH;
        assert_eq!(south.next(4), Seat(1));
        assert_eq!(south.left(2, 4), Seat(2));
        assert_eq!(south.right(1, 4), Seat(3));
        assert_eq!(Seat(2).right(3, 5), Seat(4));
        assert_eq!(Seat(6).next(7), Seat(0));
    }

    #[test]
    fn by_seat_indexes_by_seat() {
        let mut points = BySeat::splat(0);
        points[Seat(2)] += 13;
        assert_eq!(points.of_table(4), &[0, 0, 13, 0]);
        assert_eq!(BySeat::new_with(|s| s.index()).of_table(3), &[0, 1, 2]);
    }
}
