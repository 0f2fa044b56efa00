//! The offer to take up an unfinished game, alone on an empty table (the
//! terminal's own table, at start).
//!
//! ```text
//!   ╭ Unfinished game ─────────────────────────────────────────────────╮
//!   │ You have an unfinished game:                                     │
//!   │ black-lady, hand 3, seed 1234: You 12, Left 30, ...              │
//!   │ Enter resumes it; n starts a new one.                            │
//!   │          [ Enter Resume ]  [ n New game ]                        │
//!   ╰──────────────────────────────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::{Outcome, buttons, frame};
use crate::request::Request;
use crate::ui::Seen;
use crate::ui::fit::{wrap, wrap_units};
use crate::ui::input::{Button, Command, Hits};
use hearts_engine::Seat;
use hearts_table::saved::{Programs, SavedGame};
use hearts_table::seat_name;

/// What the resume question says about the saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResumeOffer {
    /// Rules, hand, seed and totals in one line.
    pub description: String,
    /// Seats that programs played: (seat name, command). Resuming seats
    /// their fallback unless the person chooses to run them again.
    pub programs: Vec<(String, String)>,
}

impl ResumeOffer {
    /// The offer for a saved game.
    pub fn of(saved: &SavedGame) -> ResumeOffer {
        let seats = saved.players.len();
        let programs = saved
            .programs()
            .into_iter()
            .filter_map(|(seat, command)| Some((seat_name(Seat::new(seat)?, seats), command)));
        ResumeOffer { description: saved.describe(), programs: programs.collect() }
    }
}

/// What a key does to the window.
pub fn key(offer: &ResumeOffer, command: Command) -> Outcome {
    match command {
        Command::Confirm | Command::Button(Button::Resume) => Outcome::Ask(Request::Resume(Programs::Replace)),
        Command::Yes | Command::Button(Button::RunPrograms) if !offer.programs.is_empty() => {
            Outcome::Ask(Request::Resume(Programs::Run))
        }
        Command::Yes => Outcome::Ask(Request::Resume(Programs::Replace)),
        Command::New | Command::Cancel | Command::Button(Button::NewGame) => Outcome::Ask(Request::DeclineResume),
        Command::Quit => Outcome::Ask(Request::Leave),
        _ => Outcome::Stay,
    }
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen, offer: &ResumeOffer, hits: &mut Hits) -> Rect {
    const WIDTH: u16 = 70;
    let theme = seen.viewer.theme;
    let room = usize::from(WIDTH.min(area.width)) - 3;
    let mut text = vec![Line::raw(" You have an unfinished game:")];
    let wrapped = |line: &str, style: Style| {
        wrap(line, room, 0).into_iter().map(move |part| Line::styled(format!(" {part}"), style))
    };
    // A line breaks between the parts of the description, never inside one ("Right 7").
    let parts: Vec<&str> = offer.description.split_inclusive(", ").map(str::trim_end).collect();
    let description = wrap_units(&parts, " ", room, 0);
    text.extend(description.into_iter().map(|part| Line::styled(format!(" {part}"), theme.strong())));
    for (seat, command) in offer.programs.iter().take(3) {
        text.extend(wrapped(&format!("{seat} was the program: {command}"), theme.warning()));
    }
    let choices: &[(&str, Button)] = if offer.programs.is_empty() {
        text.push(Line::raw(" Enter resumes it; n starts a new one."));
        &[("Enter Resume", Button::Resume), ("n New game", Button::NewGame)]
    } else {
        text.push(Line::raw(" Enter resumes with built-in bots in their seats;"));
        text.push(Line::raw(" y runs the programs again; n starts a new game."));
        &[("Enter Resume", Button::Resume), ("y Run programs", Button::RunPrograms), ("n New game", Button::NewGame)]
    };
    // Borders, a blank line and the buttons around the text.
    let (rect, inner) = frame(buf, area, WIDTH, text.len() as u16 + 4, "Unfinished game", theme);
    Paragraph::new(text).render(inner, buf);
    buttons(buf, inner, choices, Some(Button::Resume), theme, hits);
    rect
}
