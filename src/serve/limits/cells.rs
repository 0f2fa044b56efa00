//! The screen cells drawn for everyone: each screen holds what it takes
//! beyond 80x24 of one budget, and is drawn at 80x24 when it is spent.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{FLOOR_CELLS, MAX_CONNECTIONS, SCREEN_CELLS};

/// The screen cells drawn for everyone ([`SCREEN_CELLS`]): what each
/// screen holds beyond 80x24 is counted here.
#[derive(Debug, Default)]
pub(in crate::serve) struct ScreenCells {
    beyond_floor: AtomicUsize,
}

impl ScreenCells {
    /// The size a screen of `columns` x `rows` is drawn at, and its cells:
    /// its own size, or at most 80x24 when the server's screens hold
    /// all the cells it would take beyond that.
    pub(in crate::serve) fn grant(self: &Arc<ScreenCells>, (columns, rows): (u16, u16)) -> (Cells, (u16, u16)) {
        let beyond = (usize::from(columns) * usize::from(rows)).saturating_sub(FLOOR_CELLS);
        let most = SCREEN_CELLS - FLOOR_CELLS * MAX_CONNECTIONS;
        let taken = self
            .beyond_floor
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |held| (held + beyond <= most).then_some(held + beyond))
            .is_ok();
        let (held, size) = if taken { (beyond, (columns, rows)) } else { (0, (columns.min(80), rows.min(24))) };
        (Cells { pool: Arc::clone(self), held }, size)
    }
}

/// One screen's cells beyond 80x24; given back when dropped.
#[derive(Debug)]
pub(in crate::serve) struct Cells {
    pool: Arc<ScreenCells>,
    held: usize,
}

impl Cells {
    /// Gives these cells back and asks for those of `size` (see [`ScreenCells::grant`]).
    pub(in crate::serve) fn regrant(&mut self, size: (u16, u16)) -> (u16, u16) {
        let (cells, granted) = {
            self.give_back();
            self.pool.grant(size)
        };
        *self = cells;
        granted
    }

    fn give_back(&mut self) {
        self.pool.beyond_floor.fetch_sub(std::mem::take(&mut self.held), Ordering::SeqCst);
    }
}

impl Drop for Cells {
    fn drop(&mut self) {
        self.give_back();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::limits::{MAX_COLUMNS, MAX_ROWS};

    #[test]
    fn screens_get_their_size_while_the_cells_are_there_and_80x24_always() {
        let pool = Arc::new(ScreenCells::default());
        let mut big = Vec::new();
        loop {
            let (cells, size) = pool.grant((MAX_COLUMNS, MAX_ROWS));
            if size != (MAX_COLUMNS, MAX_ROWS) {
                assert_eq!(size, (80, 24), "past the budget a screen is 80x24");
                break;
            }
            big.push(cells);
        }
        // The large screens, and every other connection at 80x24.
        let large = usize::from(MAX_COLUMNS) * usize::from(MAX_ROWS);
        let drawn = big.len() * large + (MAX_CONNECTIONS - big.len()) * FLOOR_CELLS;
        assert!(drawn <= SCREEN_CELLS, "{drawn} cells drawn");
        assert!(big.len() >= 50, "only {} large screens", big.len());
        assert_eq!(pool.grant((60, 20)).1, (60, 20), "a small screen is its own size still");
        drop(big.pop());
        assert_eq!(pool.grant((200, 60)).1, (200, 60), "a screen given back makes room");
        let (mut resized, _) = pool.grant((80, 24));
        let (_room_taken, _) = pool.grant((MAX_COLUMNS, MAX_ROWS));
        let largest = (MAX_COLUMNS, MAX_ROWS);
        assert_eq!(resized.regrant(largest), (80, 24), "a resize asks again, and finds no room");
        drop(big);
        assert_eq!(resized.regrant(largest), largest);
    }
}
