//! Yes-or-no windows: leaving mid-game, dealing the hand again, and a new
//! game that would leave people without their seats.
//!
//! ```text
//!   ╭ Quit? ───────────────────────────────────────────╮
//!   │ Quit now? The game is saved, and `hearts`        │
//!   │ offers to resume it next time.                   │
//!   │        [ y Quit ]  [ n Keep playing ]            │
//!   ╰──────────────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::new_game::Starting;
use super::{Outcome, buttons, frame};
use crate::table::{Intent, Kind};
use crate::ui::Seen;
use crate::ui::input::{Button, Command, Hits};
use crate::ui::theme::Theme;
use crate::ui::viewer::Request;

/// The keys of a yes-or-no window: what yes does.
fn yes_or_no(command: Command, yes: impl FnOnce() -> Outcome) -> Outcome {
    match command {
        Command::Yes | Command::Confirm | Command::Button(Button::Yes) => yes(),
        Command::New | Command::Cancel | Command::Button(Button::No) => Outcome::Close,
        _ => Outcome::Stay,
    }
}

/// What a key does to the window asking whether to leave.
pub fn quit_key(command: Command) -> Outcome {
    match command {
        Command::Quit => Outcome::Ask(Request::Leave),
        _ => yes_or_no(command, || Outcome::Ask(Request::Leave)),
    }
}

/// What a key does to the window asking whether to deal again.
pub fn restart_key(command: Command) -> Outcome {
    yes_or_no(command, || Outcome::Ask(Request::Table(Intent::RestartHand)))
}

/// What a key does to the window asking whether to drop people from their seats.
pub fn drop_key(starting: &Starting, command: Command) -> Outcome {
    yes_or_no(command, || Outcome::Start(Box::new(starting.clone())))
}

/// Draws the window asking whether to leave.
pub fn quit_draw(buf: &mut Buffer, area: Rect, seen: &Seen, hits: &mut Hits) -> Rect {
    let theme = seen.viewer.theme;
    let text: Vec<String> = match (seen.kind, seen.seat) {
        (Kind::Local, _) => {
            vec![" Quit now? The game is saved, and `hearts`".to_string(), " offers to resume it next time.".into()]
        }
        (Kind::Shared, None) => vec![" Stop watching and go back to the lobby?".to_string()],
        (Kind::Shared, Some(_)) if seen.finish.is_some() => vec![" Leave the table for the lobby?".to_string()],
        (Kind::Shared, Some(_)) => vec![
            format!(" Leave the table? Your seat waits {} s for you,", seen.grace.as_secs()),
            " then its bot plays until you come back.".to_string(),
        ],
    };
    let (title, yes) = if seen.kind == Kind::Local { ("Quit?", "y Quit") } else { ("Leave?", "y Leave") };
    let no = if seen.seat.is_none() { "n Keep watching" } else { "n Keep playing" };
    question(buf, area, title, &text, [yes, no], theme, hits)
}

/// Draws the window asking whether to deal again.
pub fn restart_draw(buf: &mut Buffer, area: Rect, seen: &Seen, hits: &mut Hits) -> Rect {
    let text = [format!(" Deal hand {} again from the start?", seen.hand_number)];
    question(buf, area, "Deal again?", &text, ["y Deal again", "n Keep playing"], seen.viewer.theme, hits)
}

/// Draws the window asking whether to drop people from their seats.
pub fn drop_draw(buf: &mut Buffer, area: Rect, seen: &Seen, starting: &Starting, hits: &mut Hits) -> Rect {
    let players = starting.game.setup.rules.player_count();
    let dropped = starting.dropped(seen.sight).join(", ");
    let text = [format!(" The new game has {players} seats: {dropped}"), " would watch it. Go ahead?".to_string()];
    question(buf, area, "Fewer seats", &text, ["y Go ahead", "n Keep playing"], seen.viewer.theme, hits)
}

/// A yes/no window: `text`, then the yes and no buttons.
pub fn question(
    buf: &mut Buffer,
    area: Rect,
    title: &str,
    text: &[String],
    [yes, no]: [&str; 2],
    theme: Theme,
    hits: &mut Hits,
) -> Rect {
    let (rect, inner) = frame(buf, area, 52, 6, title, theme);
    Paragraph::new(text.iter().map(|line| Line::raw(line.clone())).collect::<Vec<_>>()).render(inner, buf);
    let row = [(yes, Button::Yes), (no, Button::No)];
    buttons(buf, inner, &row, Some(Button::Yes), theme, hits);
    rect
}
