//! Yes-or-no windows: leaving mid-game, dealing the hand again, and a new
//! game that would leave people without their seats or end the game under
//! way.
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
use crate::request::Request;
use crate::theme::Theme;
use crate::ui::Seen;
use crate::ui::input::{Button, Command, Hits};
use hearts_table::{Intent, Kind, Sight};

/// What a yes-or-no window asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// Whether to leave (quit, at the terminal's own table).
    Leave,
    /// Whether to deal the hand again.
    DealAgain,
    /// Whether to start a game that leaves people without their seats.
    Drop,
    /// Whether to start a game that ends the one under way.
    End,
}

/// The answers of a yes-or-no window, each as its button and as the key
/// line say it: one place, so the two always agree.
pub fn answers(asked: Asked, sight: &Sight) -> [(&'static str, &'static str); 2] {
    let yes = match asked {
        Asked::Leave if sight.kind == Kind::Local => ("y Quit", "y quit"),
        Asked::Leave => ("y Leave", "y leave"),
        Asked::DealAgain => ("y Deal again", "y deal again"),
        Asked::Drop => ("y Go ahead", "y go ahead"),
        Asked::End => ("y New game", "y new game"),
    };
    let no = if sight.seat.is_none() {
        ("n Keep watching", "n keep watching")
    } else {
        ("n Keep playing", "n keep playing")
    };
    [yes, no]
}

/// The buttons of a yes-or-no window.
fn buttons_of(asked: Asked, sight: &Sight) -> [&'static str; 2] {
    answers(asked, sight).map(|(button, _)| button)
}

/// The keys of a yes-or-no window: what yes does. Only its letter (or
/// its button) says yes: Enter, pressed for something else, must not.
fn yes_or_no(command: Command, yes: impl FnOnce() -> Outcome) -> Outcome {
    match command {
        Command::Yes | Command::Button(Button::Yes) => yes(),
        Command::New | Command::Cancel | Command::Button(Button::No) => Outcome::Close,
        _ => Outcome::Stay,
    }
}

/// Whether the window asking whether to leave offers giving the seat up
/// for good: seated at a served table whose game is not over.
pub fn offers_give_up(sight: &Sight) -> bool {
    sight.kind == Kind::Shared && sight.seat.is_some() && sight.scores.finish.is_none()
}

/// What a key does to the window asking whether to leave.
pub fn quit_key(command: Command, sight: &Sight) -> Outcome {
    match command {
        Command::Quit => Outcome::Ask(Request::Leave),
        Command::GiveUp if offers_give_up(sight) => Outcome::Ask(Request::Table(Intent::GiveUpSeat)),
        _ => yes_or_no(command, || Outcome::Ask(Request::Leave)),
    }
}

/// What a key does to the window asking whether to deal again.
pub fn restart_key(command: Command) -> Outcome {
    yes_or_no(command, || Outcome::Ask(Request::Table(Intent::RestartHand)))
}

/// What a key does to a window asking whether to start a game anyway.
pub fn start_key(starting: &Starting, command: Command) -> Outcome {
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
        (Kind::Shared, Some(_)) if seen.scores.finish.is_some() => vec![" Leave the table for the lobby?".to_string()],
        (Kind::Shared, Some(_)) => vec![
            format!(" Leave the table? Your seat waits {} s for you,", seen.waiting.grace.as_secs()),
            " then its bot plays until you come back.".to_string(),
            " g gives it up for good: you watch, and anyone".to_string(),
            " who comes may take it.".to_string(),
        ],
    };
    let title = if seen.kind == Kind::Local { "Quit?" } else { "Leave?" };
    question(buf, area, title, &text, buttons_of(Asked::Leave, seen.sight), theme, hits)
}

/// Draws the window asking whether to deal again.
pub fn restart_draw(buf: &mut Buffer, area: Rect, seen: &Seen, hits: &mut Hits) -> Rect {
    let text = [format!(" Deal hand {} again from the start?", seen.hand.number)];
    question(buf, area, "Deal again?", &text, buttons_of(Asked::DealAgain, seen.sight), seen.viewer.theme, hits)
}

/// Draws the window asking whether to drop people from their seats.
pub fn drop_draw(buf: &mut Buffer, area: Rect, seen: &Seen, starting: &Starting, hits: &mut Hits) -> Rect {
    let players = starting.game.setup.rules.player_count();
    let dropped = starting.dropped(seen.sight).join(", ");
    let text = [format!(" The new game has {players} seats: {dropped}"), " would watch it. Go ahead?".to_string()];
    question(buf, area, "Fewer seats", &text, buttons_of(Asked::Drop, seen.sight), seen.viewer.theme, hits)
}

/// Draws the window asking whether to end the game under way.
pub fn end_draw(buf: &mut Buffer, area: Rect, seen: &Seen, hits: &mut Hits) -> Rect {
    let text = [" Start the new game? This one ends here; it is".to_string(), " kept with your games.".to_string()];
    question(buf, area, "End this game?", &text, buttons_of(Asked::End, seen.sight), seen.viewer.theme, hits)
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
    let (rect, inner) = frame(buf, area, 52, text.len() as u16 + 4, title, theme);
    Paragraph::new(text.iter().map(|line| Line::raw(line.clone())).collect::<Vec<_>>()).render(inner, buf);
    let row = [(yes, Button::Yes), (no, Button::No)];
    buttons(buf, inner, &row, None, theme, hits);
    rect
}
