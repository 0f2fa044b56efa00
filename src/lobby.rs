//! The lobby that `ssh -t -p PORT NAME@HOST` opens: the listed tables
//! with their rules, who sits where and whether they play; a new table,
//! a seat, a table to watch, a private table joined by its code; and the
//! person's own games (replay, review) and record per preset.
//!
//! Pure state changed by one function, as at the table: the server hands
//! the lobby what it shows ([`Lobby::set_tables`], [`Lobby::set_records`],
//! [`Lobby::set_games`]), keys and clicks become the table's [`Command`]s
//! (a key by `ui::input::key_command` with the lobby's map, a click by
//! [`input`]), [`Lobby::update`] turns them into at most one
//! [`LobbyEffect`] for the server to carry out, and [`view::draw`] draws.

mod form;
mod input;
pub(crate) mod lines;
mod view;

#[cfg(test)]
mod tests;

use std::time::Instant;

use crossterm::event::Event;

use crate::theme::Theme;
use crate::ui::input::{Button, Command, KeyMap, Row, chat_command, key_command};
use hearts_table::Setup;
use hearts_table::pace::Speed;

use form::CreateForm;
pub(crate) use form::TableRequest;
pub(crate) use input::{LobbyHits, mouse_command};
pub(crate) use view::draw;

/// The longest table code the code field takes (a private table's is 10).
const MAX_CODE: usize = 12;

/// A seat at a table, as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SeatSummary {
    /// The person's name, or the bot's level when no person sits there.
    pub(crate) name: String,
    /// A person sits here (else the seat is free, played by its bot).
    pub(crate) person: bool,
    /// Since when the seat's person has been away (a person away keeps
    /// the seat for a while); `None` while they are here, and for a bot's seat.
    pub(crate) away_since: Option<Instant>,
    /// The token the seat is held by (who the person is: their key, else
    /// their name; none for a seat kept from before tokens), never shown:
    /// the lobby knows a person's own seat by it.
    pub(crate) holder: Option<String>,
}

impl SeatSummary {
    /// How the seat's person's absence is told: "away" for under a
    /// minute, then "away 3 min", "away 2 h"; `None` while they are here.
    pub(crate) fn away(&self, now: Instant) -> Option<String> {
        let gone = now.saturating_duration_since(self.away_since?).as_secs();
        Some(match gone {
            0..60 => "away".to_string(),
            60..3600 => format!("away {} min", gone / 60),
            _ => format!("away {} h", gone / 3600),
        })
    }

    /// Whether the person whose seat token is `holder` sits here (or is
    /// away from here), as the table judges it when they join.
    fn held_by(&self, holder: Option<&str>) -> bool {
        self.person
            && holder.is_some_and(|holder| hearts_table::people::holds(self.holder.as_deref(), &self.name, holder))
    }
}

/// A table, as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TableSummary {
    /// The code to join or watch it by.
    pub(crate) code: String,
    /// The rules' name: a preset, marked `+` when changed.
    pub(crate) label: String,
    /// How many play at it.
    pub(crate) players: usize,
    /// Every seat, in the table's order.
    pub(crate) seats: Vec<SeatSummary>,
    /// A game is in progress.
    pub(crate) playing: bool,
    /// The hand being played.
    pub(crate) hand: u32,
    /// Shown in every lobby; a private table is listed only in the lobby of
    /// the person who opened it, and reached by its code.
    pub(crate) listed: bool,
    /// What marks the person who opened it from the lobby ([`Lobby::opening_as`]);
    /// `None` for the server's own tables.
    pub(crate) opener: Option<String>,
}

impl TableSummary {
    /// Whether a seat's person is away.
    fn someone_away(&self) -> bool {
        self.seats.iter().any(|seat| seat.away_since.is_some())
    }

    /// How many seats a newcomer could take: those the bots play.
    pub(crate) fn free_seats(&self) -> usize {
        self.seats.iter().filter(|seat| !seat.person).count()
    }

    /// Whether the person of seat token `holder` may sit here: a free
    /// seat, or their own seat kept for them.
    fn has_room_for(&self, holder: Option<&str>) -> bool {
        self.free_seats() > 0 || self.kept_for(holder)
    }

    /// Whether the person of seat token `holder` has a seat here kept for
    /// them while they are away.
    pub(crate) fn kept_for(&self, holder: Option<&str>) -> bool {
        self.seats.iter().any(|seat| seat.away_since.is_some() && seat.held_by(holder))
    }
}

/// A person's record under one set of rules.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PresetRecord {
    /// The rules' name.
    pub(crate) label: String,
    /// Games finished.
    pub(crate) games: u32,
    /// Games won (a shared win counts).
    pub(crate) wins: u32,
    /// Points taken in an average hand.
    pub(crate) points_per_hand: f64,
}

/// One of the person's finished games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PastGame {
    /// The game's number in the server's records.
    pub(crate) id: i64,
    /// The rules' name.
    pub(crate) label: String,
    /// When it was played, as the server writes it.
    pub(crate) when: String,
    /// How it went, as the server writes it ("won, 43 points").
    pub(crate) result: String,
}

/// What the lobby asks the server to do.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum LobbyEffect {
    /// Sit at the table with this code (the first free seat, or the person's own).
    Sit(String),
    /// Watch the table with this code.
    Watch(String),
    /// Open a table, the person at its seat 0.
    Create(Box<TableRequest>),
    /// Replay the game with this id.
    Replay(i64),
    /// Review the game with this id.
    Review(i64),
    /// Give up the seat kept for the person at the table with this code.
    GiveUp(String),
    /// Leave.
    Quit,
}

/// Which list the cursor is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Focus {
    /// The tables.
    Tables,
    /// The person's games.
    Games,
}

/// A window over the lobby.
#[derive(Clone, Debug, PartialEq)]
enum LobbyWindow {
    /// The keys.
    Help,
    /// The new-table window.
    Create(Box<CreateForm>),
    /// The code field, with what is typed so far.
    Join(String),
    /// Whether to give up the seat kept at the table of this code.
    GiveUp(String),
}

/// One person's lobby.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Lobby {
    name: String,
    /// What marks the tables this person opened (who they are).
    opener: Option<String>,
    /// The token this session's seats are held by (a second seat's, in a
    /// session opened for one): the lobby knows the person's kept seat by it.
    holder: Option<String>,
    theme: Theme,
    defaults: Setup,
    speed: Speed,
    tables: Vec<TableSummary>,
    records: Vec<PresetRecord>,
    games: Vec<PastGame>,
    focus: Focus,
    table_cursor: usize,
    game_cursor: usize,
    window: Option<LobbyWindow>,
    note: Option<String>,
}

impl Lobby {
    /// Whether a table listed here has a seat whose person is away.
    pub(crate) fn someone_away(&self) -> bool {
        self.tables.iter().any(TableSummary::someone_away)
    }

    /// The lobby of the person called `name`, drawn with `theme`; a new
    /// table starts from the rules and bots of `defaults` at `speed`.
    pub(crate) fn new(name: &str, theme: Theme, defaults: Setup, speed: Speed) -> Lobby {
        Lobby {
            name: name.to_string(),
            opener: None,
            holder: None,
            theme,
            defaults,
            speed,
            tables: Vec::new(),
            records: Vec::new(),
            games: Vec::new(),
            focus: Focus::Tables,
            table_cursor: 0,
            game_cursor: 0,
            window: None,
            note: None,
        }
    }

    /// The lobby of a person whom `opener` marks: the tables they open
    /// carry it, and their private tables are listed here for them.
    pub(crate) fn opening_as(mut self, opener: &str) -> Lobby {
        self.opener = Some(opener.to_string());
        self
    }

    /// The lobby of a session whose seats are held by `holder`.
    pub(crate) fn holding_as(mut self, holder: &str) -> Lobby {
        self.holder = Some(holder.to_string());
        self
    }

    /// The tables as they stand now: the listed ones, and the private
    /// ones this person opened (no one else's); the cursor stays on the
    /// table it was on.
    pub(crate) fn set_tables(&mut self, tables: Vec<TableSummary>) {
        let chosen = self.tables.get(self.table_cursor).map(|table| table.code.clone());
        self.tables = tables.into_iter().filter(|table| table.listed || self.opened(table)).collect();
        let kept = chosen.and_then(|code| self.tables.iter().position(|table| table.code == code));
        self.table_cursor = kept.unwrap_or(self.table_cursor).min(self.tables.len().saturating_sub(1));
    }

    /// Whether this person opened `table`.
    fn opened(&self, table: &TableSummary) -> bool {
        self.opener.is_some() && table.opener == self.opener
    }

    /// The person's record per preset.
    pub(crate) fn set_records(&mut self, records: Vec<PresetRecord>) {
        self.records = records;
    }

    /// The person's finished games, the newest first.
    pub(crate) fn set_games(&mut self, games: Vec<PastGame>) {
        let chosen = self.games.get(self.game_cursor).map(|game| game.id);
        self.games = games;
        let kept = chosen.and_then(|id| self.games.iter().position(|game| game.id == id));
        self.game_cursor = kept.unwrap_or(self.game_cursor).min(self.games.len().saturating_sub(1));
    }

    /// Something the server has to say ("table 7Q4K is full"), shown until the next key.
    pub(crate) fn say(&mut self, note: impl Into<String>) {
        self.note = Some(note.into());
    }

    /// Whether the code field is open: every printable key is then text.
    pub(crate) fn typing(&self) -> bool {
        matches!(self.window, Some(LobbyWindow::Join(_)))
    }

    /// Turns a key or click from the session into a command, and applies it.
    pub(crate) fn handle(&mut self, event: &Event, hits: &LobbyHits) -> Option<LobbyEffect> {
        let command = match event {
            Event::Key(key) if self.typing() => chat_command(*key),
            Event::Key(key) => key_command(*key, KeyMap::Lobby),
            Event::Mouse(mouse) => mouse_command(*mouse, hits),
            _ => None,
        };
        command.and_then(|command| self.update(command))
    }

    /// The one place the lobby changes: a command in, what the server
    /// should do out.
    pub(crate) fn update(&mut self, command: Command) -> Option<LobbyEffect> {
        if command == Command::ForceQuit {
            return Some(LobbyEffect::Quit);
        }
        self.note = None;
        match self.window.take() {
            None => self.list_command(command),
            Some(LobbyWindow::Help) => match command {
                Command::Quit => Some(LobbyEffect::Quit),
                Command::Help
                | Command::Cancel
                | Command::Confirm
                | Command::Dismiss
                | Command::Button(Button::Close) => None,
                _ => {
                    self.window = Some(LobbyWindow::Help);
                    None
                }
            },
            Some(LobbyWindow::Create(form)) => self.create_command(form, command),
            Some(LobbyWindow::Join(code)) => self.join_command(code, command),
            // Only y gives the seat up; any other key keeps it.
            Some(LobbyWindow::GiveUp(code)) => (command == Command::Yes).then_some(LobbyEffect::GiveUp(code)),
        }
    }

    fn list_command(&mut self, command: Command) -> Option<LobbyEffect> {
        match command {
            Command::Up => self.move_cursor(-1),
            Command::Down => self.move_cursor(1),
            Command::First => self.move_cursor(isize::MIN),
            Command::Last => self.move_cursor(isize::MAX),
            Command::Tab => {
                self.focus = if self.focus == Focus::Tables { Focus::Games } else { Focus::Tables };
            }
            Command::Button(Button::Tables) => self.focus = Focus::Tables,
            Command::Button(Button::Games) => self.focus = Focus::Games,
            Command::Row(Row::Table(index)) if index < self.tables.len() => {
                self.focus = Focus::Tables;
                self.table_cursor = index;
            }
            Command::Row(Row::Game(index)) if index < self.games.len() => {
                self.focus = Focus::Games;
                self.game_cursor = index;
            }
            Command::Confirm if self.focus == Focus::Games => return self.game_effect(LobbyEffect::Replay),
            Command::Confirm | Command::Button(Button::Sit) => return self.sit(),
            Command::Watch | Command::Button(Button::Watch) => return self.watch(),
            Command::GiveUp => self.ask_give_up(),
            Command::Replay | Command::Button(Button::Replay) => {
                return self.game_effect(LobbyEffect::Replay);
            }
            Command::Review | Command::Button(Button::Review) => {
                return self.game_effect(LobbyEffect::Review);
            }
            Command::New | Command::Button(Button::NewTable) => {
                self.window =
                    Some(LobbyWindow::Create(Box::new(CreateForm::new(&self.defaults, self.speed, self.theme))));
            }
            Command::Join | Command::Button(Button::Join) => {
                self.window = Some(LobbyWindow::Join(String::new()));
            }
            Command::Help | Command::Button(Button::Help) => self.window = Some(LobbyWindow::Help),
            Command::Quit | Command::Button(Button::Quit) => return Some(LobbyEffect::Quit),
            _ => {}
        }
        None
    }

    fn move_cursor(&mut self, step: isize) {
        let (cursor, len) = match self.focus {
            Focus::Tables => (&mut self.table_cursor, self.tables.len()),
            Focus::Games => (&mut self.game_cursor, self.games.len()),
        };
        *cursor = cursor.saturating_add_signed(step).min(len.saturating_sub(1));
    }

    /// The table under the cursor (the cursor goes there first, so the
    /// person sees which table a key acted on).
    fn chosen_table(&mut self) -> Option<&TableSummary> {
        if self.focus != Focus::Tables {
            self.focus = Focus::Tables;
            return None;
        }
        let table = self.tables.get(self.table_cursor);
        if table.is_none() {
            self.note = Some("No table is open: n opens one, j joins a private table by its code".into());
        }
        table
    }

    fn sit(&mut self) -> Option<LobbyEffect> {
        let holder = self.holder.clone();
        let table = self.chosen_table()?;
        if table.has_room_for(holder.as_deref()) {
            return Some(LobbyEffect::Sit(table.code.clone()));
        }
        let full = format!("Table {} is full: w watches it", table.code);
        self.note = Some(full);
        None
    }

    /// Asks whether to give up the seat kept at the table under the cursor.
    fn ask_give_up(&mut self) {
        let holder = self.holder.clone();
        let Some(table) = self.chosen_table() else { return };
        let code = table.code.clone();
        if table.kept_for(holder.as_deref()) {
            self.window = Some(LobbyWindow::GiveUp(code));
        } else {
            self.note = Some(format!("No seat is kept for you at {code}"));
        }
    }

    fn watch(&mut self) -> Option<LobbyEffect> {
        self.chosen_table().map(|table| LobbyEffect::Watch(table.code.clone()))
    }

    /// `effect` for the game under the cursor.
    fn game_effect(&mut self, effect: fn(i64) -> LobbyEffect) -> Option<LobbyEffect> {
        if self.focus != Focus::Games {
            self.focus = Focus::Games;
            return None;
        }
        let game = self.games.get(self.game_cursor);
        if game.is_none() {
            self.note = Some("No game of yours has finished here yet".into());
        }
        game.map(|game| effect(game.id))
    }

    fn create_command(&mut self, mut form: Box<CreateForm>, command: Command) -> Option<LobbyEffect> {
        match command {
            Command::Up => form.move_cursor(-1),
            Command::Down => form.move_cursor(1),
            Command::Left => form.change(-1),
            Command::Right | Command::Mark => form.change(1),
            Command::Digit(digit) => form.digit(digit),
            Command::Erase => form.erase(),
            Command::Row(Row::FormLine(index)) if form.lines().get(index) == Some(&form.current()) => {
                form.change(1);
            }
            Command::Row(Row::FormLine(index)) => form.select(index),
            Command::Confirm | Command::Button(Button::Start) => {
                // The window stays open, saying why, when the rules make no game.
                if let Some(request) = form.start() {
                    return Some(LobbyEffect::Create(Box::new(request)));
                }
            }
            Command::Cancel | Command::Button(Button::Close) => return None,
            Command::Quit => return Some(LobbyEffect::Quit),
            _ => {}
        }
        self.window = Some(LobbyWindow::Create(form));
        None
    }

    fn join_command(&mut self, mut code: String, command: Command) -> Option<LobbyEffect> {
        match command {
            Command::Typed(c) | Command::Digit(c) if c.is_ascii_alphanumeric() && code.len() < MAX_CODE => {
                code.push(c.to_ascii_uppercase());
            }
            Command::Erase => {
                code.pop();
            }
            Command::Confirm | Command::Button(Button::Start) if !code.is_empty() => {
                return Some(LobbyEffect::Sit(code));
            }
            Command::Cancel | Command::Dismiss | Command::Button(Button::Close) => return None,
            _ => {}
        }
        self.window = Some(LobbyWindow::Join(code));
        None
    }
}
