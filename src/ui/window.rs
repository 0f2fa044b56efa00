//! The windows a person may have open over the table. Each keeps its
//! state, its keys and its drawing in a file of its own; this file holds
//! what they share: the frame and buttons, what a key does to a window
//! ([`Outcome`]), and the dispatch from the one [`Window`] a person has
//! open to its file.

pub mod bid;
pub mod chat;
pub mod confirm;
pub mod game_over;
pub mod generale;
pub mod help;
pub mod look;
pub mod moon;
pub mod name_suit;
pub mod new_game;
pub mod record;
pub mod resume;
pub mod rules;
pub mod score_sheet;
pub mod summary;
pub mod trick;
pub mod vote;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Widget};

use super::Seen;
use super::fit::wrap;
use super::input::{Button, Command, Hits};
use crate::request::Request;
use crate::theme::{Choice, Theme};
use hearts_table::Sight;

/// A window over the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Window {
    /// The keys.
    Help,
    /// The rules of this game in a few lines (`?` again from the keys).
    Rules,
    /// A completed trick of this hand, by its index.
    Trick(usize),
    /// The score sheet.
    ScoreSheet,
    /// This person's record for the rules in play.
    Record,
    /// The messages of the table, newest at the bottom.
    Chat(chat::ChatHistory),
    /// How the cards look, the line selected.
    Look(Choice),
    /// "Quit?" (or "Leave the table?") mid-game.
    ConfirmQuit,
    /// "Deal this hand again?"
    ConfirmRestart,
    /// The hand just scored (the game-over window follows when it ended
    /// the game).
    HandSummary,
    /// The moon this person shot: how it counts, the selected choice.
    MoonChoice(hearts_engine::MoonScoring),
    /// Before the first lead: declare the Generale ([`Button::Yes`]) or
    /// pass ([`Button::No`]), the selected button.
    Generale(Button),
    /// The auction, this person's turn: the bid on offer.
    Bid(u32),
    /// This person won the auction: the suit to name.
    NameSuit(hearts_engine::Suit),
    /// The end: standings and what next.
    GameOver(Button),
    /// An unfinished game was found: resume it or start anew.
    Resume(resume::ResumeOffer),
    /// The new-game window.
    NewGame(Box<new_game::NewGameForm>),
    /// A new game that would leave seated people without a seat: start
    /// (or propose) it anyway?
    ConfirmDrop(Box<new_game::Starting>),
    /// A new game that would end the one under way: start it anyway?
    ConfirmEnd(Box<new_game::Starting>),
    /// A new game proposed: this person's yes or no.
    Vote,
}

/// What a key does to the window open.
#[derive(Debug)]
pub enum Outcome {
    /// The window stays (perhaps changed).
    Stay,
    /// It closes: back to the table, or to the game-over window.
    Close,
    /// Another window takes its place.
    Open(Window),
    /// It closes, and asks for this.
    Ask(Request),
    /// It closes, and asks for these.
    AskAll(Vec<Request>),
    /// The new-game window opens in its place.
    NewGameForm,
    /// It closes, and the message line opens.
    Write,
    /// It closes, and the game chosen starts (or is proposed).
    Start(Box<new_game::Starting>),
    /// It stays, and the cards look the other way on this choice.
    Restyle(Choice),
}

impl Window {
    /// Whether the window stops a table that is this person's alone until
    /// it is answered.
    pub fn holds_play(&self) -> bool {
        !matches!(
            self,
            Window::Help
                | Window::Rules
                | Window::Trick(_)
                | Window::ScoreSheet
                | Window::Record
                | Window::Chat(_)
                | Window::Look(_)
        )
    }

    /// Whether the window asks the game's question of this person's seat
    /// (it closes once the question is answered, by them or their bot).
    pub fn asks(&self) -> bool {
        matches!(self, Window::Generale(_) | Window::Bid(_) | Window::NameSuit(_) | Window::MoonChoice(_))
    }

    /// What `command` does to the window.
    pub fn key(&mut self, command: Command, sight: &Sight) -> Outcome {
        if command == Command::ForceQuit {
            return Outcome::Ask(Request::Leave);
        }
        match self {
            Window::Help | Window::Rules | Window::ScoreSheet | Window::Record => help::key(self, command, sight),
            Window::Trick(index) => trick::key(index, command, sight),
            Window::Chat(history) => chat::key(history, command, sight),
            Window::Look(selected) => look::key(selected, command),
            Window::ConfirmQuit => confirm::quit_key(command, sight),
            Window::ConfirmRestart => confirm::restart_key(command),
            Window::HandSummary => summary::key(command, sight),
            Window::MoonChoice(selected) => moon::key(selected, command),
            Window::Generale(selected) => generale::key(selected, command),
            Window::Bid(offer) => bid::key(offer, command, sight),
            Window::NameSuit(selected) => name_suit::key(selected, command),
            Window::GameOver(selected) => game_over::key(selected, command, sight),
            Window::Resume(offer) => resume::key(offer, command),
            Window::NewGame(form) => new_game::key(form, command, sight),
            Window::ConfirmDrop(starting) | Window::ConfirmEnd(starting) => confirm::start_key(starting, command),
            Window::Vote => vote::key(command),
        }
    }

    /// Draws the window over the table and notes its buttons.
    pub fn draw(&self, buf: &mut Buffer, area: Rect, seen: &Seen, hits: &mut Hits) {
        let rect = match self {
            Window::Help => help::draw(buf, area, seen),
            Window::Rules => rules::draw(buf, area, seen),
            Window::Trick(index) => trick::draw(buf, area, seen, *index),
            Window::ScoreSheet => score_sheet::draw(buf, area, seen),
            Window::Record => record::draw(buf, area, seen),
            Window::Chat(history) => chat::draw(buf, area, seen, history),
            Window::Look(selected) => look::draw(buf, area, seen, *selected, hits),
            Window::ConfirmQuit => confirm::quit_draw(buf, area, seen, hits),
            Window::ConfirmRestart => confirm::restart_draw(buf, area, seen, hits),
            Window::HandSummary => summary::draw(buf, area, seen, hits),
            Window::MoonChoice(selected) => moon::draw(buf, area, seen, *selected, hits),
            Window::Generale(selected) => generale::draw(buf, area, seen, *selected, hits),
            Window::Bid(offer) => bid::draw(buf, area, seen, *offer, hits),
            Window::NameSuit(selected) => name_suit::draw(buf, area, seen, *selected, hits),
            Window::GameOver(selected) => game_over::draw(buf, area, seen, *selected, hits),
            Window::Resume(offer) => resume::draw(buf, area, seen, offer, hits),
            Window::NewGame(form) => new_game::draw(buf, area, seen, form, hits),
            Window::ConfirmDrop(starting) => confirm::drop_draw(buf, area, seen, starting, hits),
            Window::ConfirmEnd(_) => confirm::end_draw(buf, area, seen, hits),
            Window::Vote => vote::draw(buf, area, seen, hits),
        };
        hits.overlay = Some(rect);
    }

    /// The keys that act in the window, for the key line.
    pub fn keys(&self, sight: &Sight) -> Vec<&'static str> {
        match self {
            Window::Trick(index) => trick::key_line(*index, sight.play.tricks.len()),
            Window::Help => vec!["? the rules of this game", "Esc close"],
            Window::Rules | Window::ScoreSheet | Window::Record => vec!["Esc close"],
            Window::Chat(_) => vec!["up/down scroll", "m write", "Esc close"],
            Window::Look(_) => vec!["up/down line", "arrows change", "Enter done"],
            Window::ConfirmQuit => {
                let give_up = confirm::offers_give_up(sight).then_some("g give up the seat");
                confirm::answers(confirm::Asked::Leave, sight).map(|(_, key)| key).into_iter().chain(give_up).collect()
            }
            Window::ConfirmRestart => confirm::answers(confirm::Asked::DealAgain, sight).map(|(_, key)| key).to_vec(),
            Window::ConfirmDrop(_) => confirm::answers(confirm::Asked::Drop, sight).map(|(_, key)| key).to_vec(),
            Window::ConfirmEnd(_) => confirm::answers(confirm::Asked::End, sight).map(|(_, key)| key).to_vec(),
            // The summary shows the score sheet itself; its Enter says what its button says.
            Window::HandSummary => match summary::enter_does(sight) {
                summary::EnterDoes::FinalStandings => vec!["Enter final standings", "q quit"],
                summary::EnterDoes::Close => vec!["Enter close", "q quit"],
                summary::EnterDoes::NextHand => vec!["Enter next hand", "q quit"],
            },
            Window::MoonChoice(_) => vec!["arrows choose", "Enter confirm"],
            Window::Generale(_) => vec!["y declare", "n pass", "arrows choose", "Enter confirm", "? help", "q quit"],
            Window::Bid(_) => vec!["arrows change", "Enter bid", "n pass", "? help", "q quit"],
            Window::NameSuit(_) => vec!["arrows choose", "Enter name", "? help", "q quit"],
            Window::Resume(offer) if !offer.programs.is_empty() => {
                vec!["Enter resume", "y run the programs", "n new game", "q quit"]
            }
            Window::Resume(_) => vec!["Enter resume", "n new game", "q quit"],
            Window::NewGame(form) => {
                let typed = form.takes_digits().then_some("digits type");
                let enter = if sight.may.start_now { "Enter start" } else { "Enter propose" };
                ["up/down line", "arrows change"].into_iter().chain(typed).chain([enter, "Esc cancel"]).collect()
            }
            Window::GameOver(_) if sight.seat.is_none() => vec!["s scores", "q leave"],
            Window::GameOver(_) if sight.kind == hearts_table::Kind::Shared => vec!["n new game", "q leave"],
            Window::GameOver(_) => vec!["n new game", "r replay this seed", "q quit"],
            Window::Vote => vec!["y agree", "n or Esc decline"],
        }
    }
}

/// A centred window `width` x `height` (within `area`) with a title; its
/// rectangle and the inside of its border.
pub fn frame(buf: &mut Buffer, area: Rect, width: u16, height: u16, title: &str, theme: Theme) -> (Rect, Rect) {
    let width = width.min(area.width);
    let height = height.min(area.height);
    let rect = Rect::new(area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height);
    Clear.render(rect, buf);
    let style = if theme.color { theme.table() } else { Style::default() };
    let block = Block::bordered().border_set(theme.border()).title(format!(" {title} ")).style(style);
    let inner = block.inner(rect);
    block.render(rect, buf);
    (rect, inner)
}

/// The borders and a space either side of a window's text.
pub const MARGINS: usize = 4;

/// `text` as the lines of a window `width` wide (borders included), broken
/// at spaces with a space either side; a line that starts indented keeps
/// its indent, and what wraps goes two further in.
pub fn wrapped(text: &str, width: u16, style: Style) -> Vec<Line<'static>> {
    let indent = text.len() - text.trim_start().len();
    let room = usize::from(width).saturating_sub(MARGINS + indent);
    wrap(text.trim_start(), room, 2)
        .into_iter()
        .map(|line| Line::styled(format!(" {}{line}", " ".repeat(indent)), style))
        .collect()
}

/// A row of buttons along the bottom line of `inner`.
pub fn buttons(
    buf: &mut Buffer,
    inner: Rect,
    row: &[(&str, Button)],
    selected: Option<Button>,
    theme: Theme,
    hits: &mut Hits,
) {
    let total: u16 =
        row.iter().map(|(label, _)| label.chars().count() as u16 + 4).sum::<u16>() + 2 * (row.len() as u16 - 1);
    let mut x = inner.x + inner.width.saturating_sub(total) / 2;
    let y = inner.bottom().saturating_sub(1);
    for &(label, button) in row {
        let text = format!("[ {label} ]");
        let width = text.chars().count() as u16;
        buf.set_string(x, y, &text, theme.button(selected == Some(button)));
        hits.buttons.push((Rect::new(x, y, width, 1), button));
        x += width + 2;
    }
}

/// Help or quit over a question that must be answered (the Generale, a
/// bid, the suit to name): the question comes back once these windows
/// close. Any other key leaves it asked.
pub fn step_aside(command: Command) -> Outcome {
    match command {
        Command::Help => Outcome::Open(Window::Help),
        Command::Quit => Outcome::Open(Window::ConfirmQuit),
        _ => Outcome::Stay,
    }
}
