//! A trick of this hand (`t`: the last; `t` or ← steps back, → forward).
//!
//! ```text
//!   ╭ Trick 3 of 5 ───────────────────────────╮
//!   │ Left      led 5♥                        │
//!   │ Across        K♥  takes it (2 pts)      │
//!   ╰─────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::{MARGINS, Outcome, Window, frame};
use crate::ui::Seen;
use crate::ui::fit::wrap_units;
use crate::ui::input::Command;
use hearts_table::Sight;

/// What a key does to the window.
pub fn key(index: &mut usize, command: Command, sight: &Sight) -> Outcome {
    match command {
        Command::LastTrick | Command::Left if *index > 0 => *index -= 1,
        Command::Right if *index + 1 < sight.play.tricks.len() => *index += 1,
        Command::Left | Command::Right => {}
        Command::Quit => return Outcome::Open(Window::ConfirmQuit),
        _ => return Outcome::Close,
    }
    Outcome::Stay
}

/// The keys that act on trick `index` of `count`, each as `[earlier,
/// later, close]` words: back only past the first trick, forward only
/// before the last.
fn keys(index: usize, count: usize, [earlier, later, close]: [&'static str; 3]) -> Vec<&'static str> {
    let earlier = (index > 0).then_some(earlier);
    let later = (index + 1 < count).then_some(later);
    earlier.into_iter().chain(later).chain([close]).collect()
}

/// The keys for the key line.
pub fn key_line(index: usize, count: usize) -> Vec<&'static str> {
    keys(index, count, ["t earlier", "right later", "Esc close"])
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen, index: usize) -> Rect {
    const WIDTH: u16 = 44;
    let theme = seen.viewer.theme;
    let tricks = seen.play.tricks;
    let title = format!("Trick {} of {}", index + 1, tricks.len());
    let mut lines = vec![];
    if let Some(trick) = tricks.get(index) {
        let winner = trick.winner(seen.players());
        let points = seen.rules().points.points(trick.card_set());
        for (seat, card) in trick.plays(seen.players()) {
            let lead = if seat == trick.leader() { "led " } else { "    " };
            let mark = match (Some(seat) == winner, points) {
                (true, 0) => "  takes it".to_string(),
                (true, points) => format!("  takes it ({})", crate::ui::draw::points(points)),
                _ => String::new(),
            };
            lines.push(Line::from(vec![
                Span::raw(format!(" {:<10}{lead}", seen.name(seat))),
                Span::styled(theme.card(card), theme.suit_ink(card.suit())),
                Span::styled(mark, theme.strong()),
            ]));
        }
    }
    lines.push(Line::raw(""));
    let keys = keys(index, tricks.len(), ["t or left: earlier", "right: later", "Esc: close"]);
    let room = usize::from(WIDTH.min(area.width)).saturating_sub(MARGINS);
    lines.extend(
        wrap_units(&keys, "   ", room, 0).into_iter().map(|line| Line::styled(format!(" {line}"), theme.quiet())),
    );
    let (rect, inner) = frame(buf, area, WIDTH, lines.len() as u16 + 2, &title, theme);
    Paragraph::new(lines).render(inner, buf);
    rect
}

#[cfg(test)]
mod tests {
    use super::key_line;

    #[test]
    fn the_keys_step_only_where_there_is_a_trick_to_step_to() {
        assert_eq!(key_line(0, 1), ["Esc close"]);
        assert_eq!(key_line(0, 3), ["right later", "Esc close"]);
        assert_eq!(key_line(1, 3), ["t earlier", "right later", "Esc close"]);
        assert_eq!(key_line(2, 3), ["t earlier", "Esc close"]);
    }
}
