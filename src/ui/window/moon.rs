//! The moon this person shot, where the shooter chooses how it counts.
//!
//! ```text
//!   ╭ You shot the moon! ──────────────────────────────────────╮
//!   │ You took every point (26). How should it count?          │
//!   │  [ +26 to the others ]  [ -26 off your score ]           │
//!   ╰──────────────────────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::{Outcome, buttons, frame};
use crate::request::Request;
use crate::ui::Seen;
use crate::ui::input::{Button, Command, Hits};
use hearts_engine::{MoonRule, MoonScoring};
use hearts_table::{Intent, Question};

/// What a key does to the window.
pub fn key(selected: &mut MoonScoring, command: Command) -> Outcome {
    let choose = |scoring| Outcome::Ask(Request::Table(Intent::ChooseMoon(scoring)));
    match command {
        Command::Left | Command::Right => {
            *selected = match selected {
                MoonScoring::AddToOthers => MoonScoring::SubtractFromShooter,
                MoonScoring::SubtractFromShooter => MoonScoring::AddToOthers,
            };
            Outcome::Stay
        }
        Command::Confirm | Command::Mark => choose(*selected),
        Command::Button(Button::MoonAdd) => choose(MoonScoring::AddToOthers),
        Command::Button(Button::MoonSubtract) => choose(MoonScoring::SubtractFromShooter),
        _ => Outcome::Stay,
    }
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen, selected: MoonScoring, hits: &mut Hits) -> Rect {
    let theme = seen.viewer.theme;
    let points = match seen.own.as_ref().and_then(|own| own.question) {
        Some(Question::Moon { points }) => points,
        _ => seen.rules().penalty_total(),
    };
    let (rect, inner) = frame(buf, area, 60, 7, "You shot the moon!", theme);
    let why = if seen.moon_rule() == MoonRule::ShooterPicks {
        " Under these rules the shooter picks every time."
    } else {
        " Adding to the others would end the game with you behind."
    };
    let text = vec![Line::raw(format!(" You took every point ({points}). How should it count?")), Line::raw(why)];
    Paragraph::new(text).render(inner, buf);
    let add = format!("+{points} to the others");
    let take = format!("-{points} off your score");
    let selected = Some(match selected {
        MoonScoring::AddToOthers => Button::MoonAdd,
        MoonScoring::SubtractFromShooter => Button::MoonSubtract,
    });
    buttons(buf, inner, &[(&add, Button::MoonAdd), (&take, Button::MoonSubtract)], selected, theme, hits);
    rect
}
