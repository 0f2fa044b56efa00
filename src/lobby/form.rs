//! The new-table window: the table's new-game form (rules, target,
//! players, the bot in each seat, seed, pace) with the settings of a
//! shared table under it (listed or private, the grace period, the turn
//! clock, hints).

use std::time::Duration;

use crate::remembered::Remembered;
use crate::theme::Theme;
use crate::ui::window::new_game::{Field, NewGameForm};
use hearts_table::Setup;
use hearts_table::notice::sentence;
use hearts_table::pace::Speed;
use hearts_table::{MAX_LINE_MODE_CLOCK, Sharing};

/// The grace periods offered, in seconds.
const GRACE_CHOICES: [u64; 6] = [15, 30, 60, 120, 300, 600];

/// The turn clocks offered, in seconds (0: no clock).
const CLOCK_CHOICES: [u64; 7] = [0, 10, 20, 30, 60, 120, 300];

/// What a shared table adds to a game's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TableSettings {
    /// Shown in every lobby; a private table is reached by its code only.
    pub(crate) listed: bool,
    /// The grace period, the turn clock and hints.
    pub(crate) sharing: Sharing,
}

impl Default for TableSettings {
    fn default() -> TableSettings {
        TableSettings { listed: true, sharing: Sharing::default() }
    }
}

/// The table a person asked for in the new-table window.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TableRequest {
    /// Rules, label and the bot of every seat (built-in levels only; seat 0 is the person asking).
    pub(crate) table: Setup,
    /// The bots' pace.
    pub(crate) speed: Speed,
    /// Listed, grace period, turn clock, hints.
    pub(crate) settings: TableSettings,
}

/// A line of the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FormLine {
    /// A line of the new-game form.
    Game(Field),
    /// Listed or private.
    Listed,
    /// The grace period.
    Grace,
    /// The turn clock.
    TurnClock,
    /// How many times the turn clock a person in the line mode has.
    LineModeClock,
    /// Hints on or off.
    Hints,
}

/// What the new-table window holds.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CreateForm {
    game: NewGameForm,
    settings: TableSettings,
    line: usize,
}

impl CreateForm {
    /// The window for a table like `defaults`, at `speed`, for a person
    /// whose cards are drawn with `theme`.
    pub(crate) fn new(defaults: &Setup, speed: Speed, theme: Theme) -> CreateForm {
        let game = NewGameForm::new(defaults, speed, theme, &Remembered::default());
        CreateForm { game, settings: TableSettings::default(), line: 0 }
    }

    /// The lines, top to bottom: the game's (suits as letters and the
    /// four-colour deck are each person's own choice, not the table's),
    /// then the table's.
    pub(crate) fn lines(&self) -> Vec<FormLine> {
        // A served table's seed is nobody's to choose: whoever knew it would know every hand.
        let own = |field: &Field| matches!(field, Field::Ascii | Field::FourColour | Field::Seed);
        let game = self.game.fields().into_iter().filter(|field| !own(field)).map(FormLine::Game);
        let table = [FormLine::Listed, FormLine::Grace, FormLine::TurnClock, FormLine::LineModeClock, FormLine::Hints];
        game.chain(table).collect()
    }

    /// The line under the cursor.
    pub(crate) fn current(&self) -> FormLine {
        let lines = self.lines();
        lines[self.line.min(lines.len() - 1)]
    }

    /// Up or down a line.
    pub(crate) fn move_cursor(&mut self, step: isize) {
        let count = self.lines().len() as isize;
        self.line = (self.line.min(count as usize - 1) as isize + step).rem_euclid(count) as usize;
    }

    /// Puts the cursor on line `index` (a click).
    pub(crate) fn select(&mut self, index: usize) {
        self.line = index.min(self.lines().len() - 1);
    }

    /// The line under the cursor, told to the new-game form when it is one of its own.
    fn game_field(&mut self) -> Option<Field> {
        let FormLine::Game(field) = self.current() else { return None };
        self.game.field = self.game.fields().iter().position(|&f| f == field).unwrap_or(0);
        Some(field)
    }

    /// Left or right: the previous or next value of the line.
    pub(crate) fn change(&mut self, step: isize) {
        if self.game_field().is_some() {
            self.game.change(step);
            return;
        }
        self.game.problem = None;
        let line = self.current();
        let sharing = &mut self.settings.sharing;
        match line {
            FormLine::Game(_) => {}
            FormLine::Listed => self.settings.listed = !self.settings.listed,
            FormLine::Grace => {
                let seconds = step_through(&GRACE_CHOICES, sharing.grace.as_secs(), step);
                sharing.grace = Duration::from_secs(seconds);
            }
            FormLine::TurnClock => {
                let now = sharing.turn_clock.map_or(0, |clock| clock.as_secs());
                let seconds = step_through(&CLOCK_CHOICES, now, step);
                sharing.turn_clock = (seconds > 0).then(|| Duration::from_secs(seconds));
            }
            FormLine::LineModeClock => {
                let times = sharing.line_mode_clock as isize - 1 + step;
                sharing.line_mode_clock = times.rem_euclid(MAX_LINE_MODE_CLOCK as isize) as u32 + 1;
            }
            FormLine::Hints => sharing.hints = !sharing.hints,
        }
    }

    /// A digit typed into the target or the seed.
    pub(crate) fn digit(&mut self, digit: char) {
        if self.game_field().is_some() {
            self.game.digit(digit);
        }
    }

    /// Backspace in the target or the seed.
    pub(crate) fn erase(&mut self) {
        if self.game_field().is_some() {
            self.game.erase();
        }
    }

    /// Why the table asked for cannot start, if it could not.
    pub(crate) fn problem(&self) -> Option<&str> {
        self.game.problem.as_deref()
    }

    /// The table the window asks for; or, kept in the window, why these
    /// rules make no game.
    pub(crate) fn start(&mut self) -> Option<TableRequest> {
        match self.game.start() {
            Ok((mut table, _)) => {
                // Nothing a client chooses starts a program on the server.
                table.players = table.players.iter().map(|player| player.without_program()).collect();
                Some(TableRequest { table, speed: self.game.speed, settings: self.settings })
            }
            Err(error) => {
                self.game.problem = Some(sentence(&error.to_string()));
                None
            }
        }
    }

    /// A line as (label, value).
    pub(crate) fn line(&self, line: FormLine) -> (String, String) {
        let sharing = &self.settings.sharing;
        let (label, value) = match line {
            FormLine::Game(field) => return self.game.line(field),
            FormLine::Listed => {
                ("Lobby", if self.settings.listed { "listed" } else { "private: join by code" }.to_string())
            }
            FormLine::Grace => ("Seat kept for", seconds(sharing.grace)),
            FormLine::TurnClock => {
                ("Turn clock", sharing.turn_clock.map_or_else(|| "off".to_string(), |clock| seconds(clock) + " a move"))
            }
            FormLine::LineModeClock => {
                ("Line mode's clock", format!("{} times the turn clock", sharing.line_mode_clock))
            }
            FormLine::Hints => ("Hints", if sharing.hints { "on" } else { "off" }.to_string()),
        };
        (label.to_string(), value)
    }
}

/// The choice `step` places from `now` among `choices`, round the ends
/// (from a value not among them: the first choice past it).
fn step_through(choices: &[u64], now: u64, step: isize) -> u64 {
    let at = choices.iter().position(|&choice| choice >= now).unwrap_or(0);
    let at = if choices[at] == now || step < 0 { at as isize + step } else { at as isize + step - 1 };
    choices[at.rem_euclid(choices.len() as isize) as usize]
}

/// "45 s", "2 min".
fn seconds(time: Duration) -> String {
    match time.as_secs() {
        seconds if seconds >= 60 && seconds % 60 == 0 => format!("{} min", seconds / 60),
        seconds => format!("{seconds} s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hearts_bots::players::{Level, Player};
    use hearts_engine::Rules;

    const THEME: Theme = Theme { color: true, ascii: false, palette256: true, four_colour: false };

    fn defaults() -> Setup {
        Setup { rules: Rules::default(), label: "black-lady".into(), players: vec![Player::Builtin(Level::Normal); 4] }
    }

    #[test]
    fn a_shared_table_is_listed_keeps_a_seat_a_minute_has_no_clock_and_gives_hints() {
        let request = CreateForm::new(&defaults(), Speed::Normal, THEME).start().unwrap();
        let sharing = Sharing { grace: Duration::from_secs(60), turn_clock: None, hints: true, ..Sharing::default() };
        assert_eq!(request.settings, TableSettings { listed: true, sharing });
        assert_eq!(request.table.label, "black-lady");
        assert_eq!(request.speed, Speed::Normal);
    }

    #[test]
    fn the_table_lines_follow_the_game_lines_and_the_persons_own_choices_are_not_among_them() {
        let form = CreateForm::new(&defaults(), Speed::Normal, THEME);
        let lines = form.lines();
        assert!(!lines.contains(&FormLine::Game(Field::Ascii)));
        assert!(!lines.contains(&FormLine::Game(Field::FourColour)));
        assert_eq!(
            lines[..3],
            [FormLine::Game(Field::Preset), FormLine::Game(Field::Target), FormLine::Game(Field::Players)]
        );
        let table = [FormLine::Listed, FormLine::Grace, FormLine::TurnClock, FormLine::LineModeClock, FormLine::Hints];
        assert_eq!(lines[lines.len() - 5..], table);
    }

    #[test]
    fn the_clock_goes_round_from_off_and_the_grace_period_steps_both_ways() {
        assert_eq!(step_through(&CLOCK_CHOICES, 0, 1), 10);
        assert_eq!(step_through(&CLOCK_CHOICES, 0, -1), 300);
        assert_eq!(step_through(&CLOCK_CHOICES, 300, 1), 0);
        assert_eq!(step_through(&GRACE_CHOICES, 60, 1), 120);
        assert_eq!(step_through(&GRACE_CHOICES, 60, -1), 30);
        assert_eq!(step_through(&GRACE_CHOICES, 45, 1), 60, "from between two choices, the next one up");
        assert_eq!(step_through(&GRACE_CHOICES, 45, -1), 30);
        assert_eq!(seconds(Duration::from_secs(300)), "5 min");
        assert_eq!(seconds(Duration::from_secs(90)), "90 s");
    }

    #[test]
    fn a_table_asked_for_never_runs_a_program_even_where_the_servers_table_does() {
        let mut table = defaults();
        table.players[2] = Player::External { command: "my-bot".into(), fallback: Level::Hard };
        let request = CreateForm::new(&table, Speed::Normal, THEME).start().unwrap();
        assert_eq!(request.table.players[2], Player::Builtin(Level::Hard));
        assert!(request.table.players.iter().all(|player| player.command().is_none()));
    }
}
