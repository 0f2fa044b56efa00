//! How the cards look (`v`): letters for suits and the four-colour deck,
//! each person's own, changed at once at any table (a shared one too,
//! where the new-game window is a proposal) and kept for next time.
//!
//! ```text
//!   ╭ How the cards look ──────────────────────╮
//!   │ > Suits as letters    < no >             │
//!   │   Four-colour deck    < yes >            │
//!   │                                          │
//!   │ Kept for next time.                      │
//!   │               [ Enter Done ]             │
//!   ╰──────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::{Outcome, buttons, frame, wrapped};
use crate::theme::Choice;
use crate::ui::Seen;
use crate::ui::input::{Button, Command, Hits};
use hearts_table::Kind;

/// What a key does to the window, the line under the cursor in `selected`.
pub fn key(selected: &mut Choice, command: Command) -> Outcome {
    let at = Choice::ALL.iter().position(|choice| choice == selected).unwrap_or(0);
    let step = |by: usize| Choice::ALL[(at + by) % Choice::ALL.len()];
    match command {
        Command::Up => *selected = step(Choice::ALL.len() - 1),
        Command::Down => *selected = step(1),
        Command::Left | Command::Right | Command::Mark => return Outcome::Restyle(*selected),
        Command::Button(Button::Look(choice)) => {
            *selected = choice;
            return Outcome::Restyle(choice);
        }
        Command::Look | Command::Confirm | Command::Cancel | Command::Dismiss | Command::Button(_) => {
            return Outcome::Close;
        }
        _ => {}
    }
    Outcome::Stay
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen, selected: Choice, hits: &mut Hits) -> Rect {
    const WIDTH: u16 = 46;
    let theme = seen.viewer.theme;
    let mut lines: Vec<Line> = Choice::ALL
        .iter()
        .map(|&choice| {
            let value = if choice.chosen(theme) { "yes" } else { "no" };
            let (mark, style) = if choice == selected { ("> ", theme.active()) } else { ("  ", Style::default()) };
            Line::from(vec![
                Span::raw(format!(" {mark}{:<20}", choice.label())),
                Span::styled(format!("< {value} >"), style),
            ])
        })
        .collect();
    lines.push(Line::raw(""));
    let width = WIDTH.min(area.width);
    if theme.four_colour && !theme.color {
        lines.extend(wrapped("This terminal shows no colour: the suits' signs tell them apart.", width, theme.quiet()));
    }
    let kept = match seen.kind {
        Kind::Shared => "Yours alone: nobody else's screen changes. Kept for your next tables.",
        Kind::Local => "Kept for next time.",
    };
    lines.extend(wrapped(kept, width, theme.quiet()));
    let (rect, inner) = frame(buf, area, WIDTH, lines.len() as u16 + 3, "How the cards look", theme);
    Paragraph::new(lines).render(inner, buf);
    // A click on a line changes it.
    for (row, &choice) in (inner.y..inner.bottom()).zip(&Choice::ALL) {
        hits.buttons.push((Rect::new(inner.x, row, inner.width, 1), Button::Look(choice)));
    }
    buttons(buf, inner, &[("Enter Done", Button::Yes)], Some(Button::Yes), theme, hits);
    rect
}
