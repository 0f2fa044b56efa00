//! The end: the standings, the tournament score of a timed game, the deal
//! (opened, with its commitment, where it was sealed), and what next.
//!
//! ```text
//!   ╭ Game over ───────────────────────────────────────────╮
//!   │ You win!                                             │
//!   │ 1. You            41                                 │
//!   │ Seed 1234 · 9 hands                                  │
//!   │  [ n New game ]  [ r Replay this seed ]  [ q Quit ]  │
//!   ╰──────────────────────────────────────────────────────╯
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::score_sheet::side_label;
use super::{Outcome, Window, buttons, frame, wrapped};
use crate::request::Request;
use crate::theme::Theme;
use crate::ui::Seen;
use crate::ui::input::{Button, Command, Hits};
use crate::words::count;
use hearts_engine::{Teams, TournamentScore};
use hearts_table::{DealShown, Finish, Intent, Kind, Sight};

/// What a key does to the window.
pub fn key(selected: &mut Button, command: Command, sight: &Sight) -> Outcome {
    let menu_here = offered(sight);
    let index = menu_here.iter().position(|b| b == selected).unwrap_or(0);
    let step = |by: usize| menu_here[(index + by) % menu_here.len()];
    let menu = |button: Button| match button {
        Button::NewGame => Outcome::NewGameForm,
        Button::Replay => Outcome::Ask(Request::Table(Intent::Replay)),
        Button::Quit => Outcome::Ask(Request::Leave),
        _ => Outcome::Stay,
    };
    if !menu_here.contains(selected) {
        // A watcher's only choice is to leave.
        *selected = Button::Quit;
    }
    match command {
        Command::Left => *selected = step(menu_here.len() - 1),
        Command::Right => *selected = step(1),
        Command::Confirm | Command::Mark => return menu(*selected),
        Command::Button(button) => return menu(button),
        Command::New => return menu(Button::NewGame),
        Command::Restart => return menu(Button::Replay),
        Command::Quit => return menu(Button::Quit),
        Command::ScoreSheet => return Outcome::Open(Window::ScoreSheet),
        Command::Stats => return Outcome::Open(Window::Record),
        Command::Look => return Outcome::Open(Window::Look(crate::theme::Choice::Letters)),
        Command::Help => return Outcome::Open(Window::Help),
        _ => {}
    }
    Outcome::Stay
}

/// The buttons of the window: a watcher may only leave, and where others
/// play there is no replaying the seed (once known, it shows every hand).
fn offered(sight: &Sight) -> &'static [Button] {
    match (sight.seat, sight.kind) {
        (None, _) => &[Button::Quit],
        (Some(_), Kind::Shared) => &[Button::NewGame, Button::Quit],
        (Some(_), Kind::Local) => &[Button::NewGame, Button::Replay, Button::Quit],
    }
}

/// The label of a button of the window.
fn label(button: Button, sight: &Sight) -> &'static str {
    match button {
        Button::NewGame => "n New game",
        Button::Replay => "r Replay this seed",
        _ if sight.seat.is_none() || sight.kind == Kind::Shared => "q Leave",
        _ => "q Quit",
    }
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, app: &Seen<'_>, selected: Button, hits: &mut Hits) -> Rect {
    let theme = app.viewer.theme;
    let rules = app.rules();
    let mut order: Vec<usize> = (0..rules.side_count()).collect();
    let chips = app.scores.chips.is_some();
    order.sort_by_key(|&side| (if chips { -app.side_standing(side) } else { app.side_standing(side) }, side));
    let leaders = app.scores.leaders.clone();
    let mut winning_sides: Vec<usize> = leaders.iter().map(|&seat| rules.side(seat)).collect();
    winning_sides.dedup();
    // A watcher has no side.
    let ours = app.seat.map_or(usize::MAX, |me| rules.side(me));
    let headline = match (winning_sides.as_slice(), rules.teams != Teams::Off) {
        _ if app.scores.history.is_empty() => "No hand was completed: nobody wins".to_string(),
        ([side], false) if *side == ours => "You win!".to_string(),
        ([side], true) if *side == ours => format!("{} win!", app.side_name(ours).replace(" & ", " and ")),
        (sides, _) if sides.contains(&ours) => "You share the win!".to_string(),
        ([side], false) => format!("{} wins", app.side_name(*side)),
        ([side], true) => format!("{} win", app.side_name(*side).replace(" & ", " and ")),
        _ => "A shared win".to_string(),
    };
    let mut lines = vec![Line::styled(format!(" {headline}"), theme.warning()), Line::raw("")];
    for (i, &side) in order.iter().enumerate() {
        let style = if side == ours { theme.strong() } else { Style::default() };
        let name = side_label(app, side, 30);
        let standing = app.side_standing(side);
        // Equal standings share a place: 1, 1, 3.
        let place = order.iter().position(|&other| app.side_standing(other) == standing).unwrap_or(i) + 1;
        lines.push(Line::styled(format!(" {place}. {name:<12}{standing:>5}"), style));
    }
    if let Some(score) = app.scores.tournament {
        lines.push(Line::raw(""));
        lines.extend(tournament_lines(score, theme));
    }
    let hands = count(app.scores.history.len(), "hand", "hands");
    match &app.deal {
        DealShown::Code(code) => lines.push(Line::raw(format!(" Seed {}{}{hands}", code.seed, theme.separator()))),
        DealShown::Opened { code, text, digest } => {
            lines.push(Line::raw(format!(" Deal {code}{}{hands}", theme.separator())));
            lines.push(Line::styled(" Sealed before play as sha256".to_string(), theme.quiet()));
            for half in super::help::digest_halves(digest) {
                lines.push(Line::styled(format!("   {half}"), theme.quiet()));
            }
            lines.extend(wrapped(&format!("of \"{text}\""), 60.min(area.width), theme.quiet()));
        }
        DealShown::Sealed { .. } => lines.push(Line::raw(format!(" {hands}"))),
    }
    let height = lines.len() as u16 + 4;
    let title = if app.scores.finish == Some(Finish::OutOfTime) { "Time is up" } else { "Game over" };
    let (rect, inner) = frame(buf, area, 60, height, title, theme);
    Paragraph::new(lines).render(inner, buf);
    let row: Vec<(&str, Button)> =
        offered(app.sight).iter().map(|&button| (label(button, app.sight), button)).collect();
    buttons(buf, inner, &row, Some(selected), theme, hits);
    rect
}

/// The timed game's tournament score, line by line.
pub fn tournament_lines(score: TournamentScore, theme: Theme) -> Vec<Line<'static>> {
    let total = score.total();
    match score {
        TournamentScore::Completed { score_bonus, time_bonus, win_bonus } => vec![
            Line::raw(format!(" Score bonus 15 x (100 - points) {score_bonus:>8}")),
            Line::raw(format!(" Time bonus  1 a second left     {time_bonus:>8}")),
            Line::raw(format!(" Win bonus   3 x others' points  {win_bonus:>8}")),
            Line::styled(format!(" Tournament score                {total:>8}"), theme.strong()),
        ],
        TournamentScore::OutOfTime { hands_played, points } => vec![
            Line::raw(format!(" Out of time: 50 + 26 x {hands_played} hands - 2 x {points} points")),
            Line::styled(format!(" Tournament score                {total:>8}"), theme.strong()),
        ],
        TournamentScore::Zero => {
            vec![Line::styled(format!(" Tournament score (no hand completed) {total:>4}"), theme.strong())]
        }
    }
}
