//! What a person's terminal shows, and the bytes that bring it to a new
//! frame. A screen keeps one buffer, what its terminal shows; the frame is
//! drawn into a canvas its holder lends (one for all the screens at a
//! table), so a person costs one buffer, not ratatui's two. The cursor is
//! never shown.

use std::io;

use crossterm::cursor::Hide;
use crossterm::queue;
use crossterm::terminal::{Clear, ClearType};
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::Output;
use crate::ui::changes::changes;

/// Sends frames to one terminal: only the cells that changed.
pub(super) struct Painter {
    out: CrosstermBackend<Output>,
    /// What the terminal shows now, as far as the bytes sent say.
    shown: Buffer,
}

impl Painter {
    /// A painter for a terminal of `area` that shows nothing yet.
    pub(super) fn new(output: Output, area: Rect) -> Painter {
        Painter { out: CrosstermBackend::new(output), shown: Buffer::empty(area) }
    }

    /// Where the bytes go, to send some of the painter's own (the
    /// terminal's modes).
    pub(super) fn out(&mut self) -> &mut CrosstermBackend<Output> {
        &mut self.out
    }

    /// The terminal's area.
    pub(super) fn area(&self) -> Rect {
        self.shown.area
    }

    /// Clears the terminal, now of `area`: the next frame is sent whole.
    pub(super) fn clear(&mut self, area: Rect) -> io::Result<()> {
        queue!(self.out, Clear(ClearType::All), Hide)?;
        Backend::flush(&mut self.out)?;
        // Resized in place; one made smaller gives its memory back, so that what a screen
        // holds is what the server's screen cells count.
        self.shown.resize(area);
        self.shown.reset();
        if self.shown.content.capacity() > self.shown.content.len() {
            self.shown.content.shrink_to_fit();
        }
        Ok(())
    }

    /// Draws a frame into `canvas` with `draw`, and sends what changed.
    pub(super) fn paint<T>(&mut self, canvas: &mut Buffer, draw: impl FnOnce(&mut Buffer, Rect) -> T) -> io::Result<T> {
        let area = self.shown.area;
        canvas.resize(area);
        canvas.reset();
        let drawn = draw(canvas, area);
        let changes = changes(&mut self.shown.content, &canvas.content, area);
        // A frame that changes no cell sends nothing: crossterm's would still reset the colours.
        if !changes.is_empty() {
            self.out.draw(changes.into_iter())?;
            Backend::flush(&mut self.out)?;
        }
        Ok(drawn)
    }
}

#[cfg(test)]
mod tests;
