//! The cells of a new frame to send to a terminal that shows the last:
//! the cells ratatui's own diff finds, found faster for a screen that
//! mostly stays the same (ratatui measures every cell's width before it
//! compares), with the last frame brought up to the new one on the way.

use ratatui::buffer::{Cell, CellDiffOption, CellWidth};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

/// Modifiers that show on a blank cell (as ratatui counts them).
const VISIBLE_ON_BLANK: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::SLOW_BLINK)
    .union(Modifier::RAPID_BLINK)
    .union(Modifier::CROSSED_OUT);

/// The cells of `next` to send to a terminal that shows `shown`, in order:
/// the same cells ratatui's own diff finds, wide characters and their
/// trailing columns included. `shown` becomes `next` on the way. A cell
/// that did not change is passed after one comparison, its width measured
/// only when its symbol is more than one byte.
pub fn changes<'a>(shown: &mut [Cell], next: &'a [Cell], area: Rect) -> Vec<(u16, u16, &'a Cell)> {
    let len = next.len().min(shown.len());
    let columns = usize::from(area.width.max(1));
    let cell_at = |index: usize| ((index % columns) as u16 + area.x, (index / columns) as u16 + area.y, &next[index]);
    let mut found = Vec::new();
    let mut i = 0;
    while i < len {
        let current = &next[i];
        let step = match current.diff_option {
            CellDiffOption::Skip => 1,
            _ if is_skip(current) => 1,
            CellDiffOption::ForcedWidth(width) => {
                if !same(current, &shown[i]) {
                    found.push(cell_at(i));
                }
                usize::from(width.get()).max(1)
            }
            CellDiffOption::None | CellDiffOption::AlwaysUpdate => {
                let unchanged = current.diff_option == CellDiffOption::None && same(current, &shown[i]);
                if unchanged && current.symbol().len() == 1 {
                    // The common case: one column, nothing to send, nothing to copy.
                    i += 1;
                    continue;
                }
                let width = usize::from(width_of(current));
                if unchanged {
                    // A wide character that stayed: its trailing columns are passed with it.
                    width.max(1)
                } else {
                    found.push(cell_at(i));
                    let previous = &shown[i];
                    let previous_width = usize::from(width_of(previous));
                    if width > 1 && current.symbol().contains('\u{FE0F}') {
                        // An emoji whose terminal may not clear its trailing column: what changed there is sent.
                        trailing(shown, next, (i + 1, (i + width).min(len)), false, |j| found.push(cell_at(j)))
                    } else if width > 1 {
                        width
                    } else if previous_width > width
                        && (previous.bg != Color::Reset || previous.modifier.intersects(VISIBLE_ON_BLANK))
                    {
                        // A wide character's style may stay on the columns it took: they are all sent again.
                        trailing(shown, next, (i + 1, i + previous_width), true, |j| found.push(cell_at(j)))
                    } else {
                        1
                    }
                }
            }
        };
        let end = (i + step).min(len);
        for (shown, next) in shown[i..end].iter_mut().zip(&next[i..end]) {
            shown.clone_from(next);
        }
        i = end;
    }
    found
}

/// Sends the trailing columns `from..end` after a wide character at
/// `from - 1`: all of them (`force`), or those whose symbol changed. How
/// far the character and the columns sent reach from it.
fn trailing(
    shown: &[Cell],
    next: &[Cell],
    (from, end): (usize, usize),
    force: bool,
    mut send: impl FnMut(usize),
) -> usize {
    let len = next.len().min(shown.len());
    let mut end = end.min(len);
    let mut j = from;
    while j < end {
        let cell = &next[j];
        if !is_skip(cell) && (force || shown[j].symbol() != cell.symbol()) {
            send(j);
        }
        j += usize::from(width_of(cell)).max(1);
        end = end.max(j).min(len);
    }
    end.max(from) - (from - 1)
}

/// Whether two cells look the same: ratatui's equality, without the
/// call to compare symbols of a few bytes.
#[allow(deprecated)]
fn same(a: &Cell, b: &Cell) -> bool {
    let (symbol, other) = (a.symbol().as_bytes(), b.symbol().as_bytes());
    a.fg == b.fg
        && a.bg == b.bg
        && a.modifier == b.modifier
        && a.underline_color == b.underline_color
        && a.diff_option == b.diff_option
        && a.skip == b.skip
        && symbol.len() == other.len()
        && symbol.iter().zip(other).all(|(x, y)| x == y)
}

/// The columns a cell takes, as ratatui counts them: one for a one-byte
/// symbol, which most are, without looking it up.
fn width_of(cell: &Cell) -> u16 {
    match cell.diff_option {
        CellDiffOption::ForcedWidth(width) => width.get(),
        _ if cell.symbol().len() == 1 => 1,
        _ => cell.symbol().cell_width(),
    }
}

/// Whether the cell is left out of the diff.
#[allow(deprecated)]
fn is_skip(cell: &Cell) -> bool {
    matches!(cell.diff_option, CellDiffOption::Skip) || (cell.skip && matches!(cell.diff_option, CellDiffOption::None))
}

#[cfg(test)]
mod tests;
