//! `hearts replay` and `hearts review` at the terminal: a kept game
//! stepped through with the keys and the mouse, the review filling in
//! beside it while the expert works it out.

use std::io::stdout;
use std::time::Duration;

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton};
use crossterm::event::{KeyModifiers, MouseEventKind};
use crossterm::execute;

use super::TableError;
use crate::ui::replay::{Buttons, Replay, draw, key_move};
use hearts_engine::Seat;

/// How often the replay looks for news of the review while it is made.
const REVIEW_POLL: Duration = Duration::from_millis(100);

/// Runs the replay at the terminal until `q`. With a seat to review, the
/// replay opens at once and the expert's review fills in beside it.
pub fn run(mut replay: Replay, review: Option<Seat>) -> Result<(), TableError> {
    let news = review.map(|seat| replay.review_in_background(seat, hearts_table::review::REVIEW_SAMPLES));
    let mut terminal = ratatui::try_init().map_err(|source| TableError::Terminal { doing: "set up", source })?;
    let _ = execute!(stdout(), EnableMouseCapture);
    let result = (|| -> Result<(), TableError> {
        let mut buttons = Buttons::default();
        loop {
            if let Some(news) = &news {
                while let Ok(heard) = news.try_recv() {
                    replay.hear(heard);
                }
            }
            terminal
                .draw(|frame| {
                    let area = frame.area();
                    buttons = draw(frame.buffer_mut(), area, &replay);
                })
                .map_err(|source| TableError::Terminal { doing: "draw on", source })?;
            let read = |source| TableError::Terminal { doing: "read", source };
            // While the review is made, wake now and then to show its news.
            if replay.is_reviewing() && !event::poll(REVIEW_POLL).map_err(read)? {
                continue;
            }
            let how = match event::read().map_err(read)? {
                Event::Key(key) if key.kind != KeyEventKind::Release => {
                    match key_move(key.code, key.modifiers.contains(KeyModifiers::CONTROL)) {
                        None => return Ok(()),
                        Some(how) => how,
                    }
                }
                Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                    buttons.at(mouse.column, mouse.row)
                }
                _ => None,
            };
            if let Some(how) = how {
                replay.go(how);
            }
        }
    })();
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}
