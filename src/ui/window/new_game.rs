//! The new-game window (`n` at the table, New at game over): the preset,
//! the target, the number of players (among the preset's table sizes),
//! the bot in each seat, the seed (blank for a fresh one), the pace,
//! ASCII cards and the four-colour deck. The terminal remembers the
//! choices for next time.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use hearts_bots::players::{Level, Player};
use hearts_bots::record::DealCode;
use hearts_engine::{Preset, Rules, RulesError};
use hearts_table::pace::Speed;

use crate::remembered::{LineModeChoices, Remembered};
use crate::theme::Theme;
use crate::ui::Seen;
use crate::ui::fit::wrap;
use crate::ui::input::{Button, Command, Hits};
use hearts_table::notice::sentence;
use hearts_table::sight::AtSeat;
use hearts_table::{Kind, NewGame, Setup, Sight, fixed_seat_name, seat_name};

use super::{Outcome, Window, buttons, frame};

/// A line of the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The rules preset.
    Preset,
    /// The target score.
    Target,
    /// How many play, among the preset's table sizes.
    Players,
    /// The bot in a seat (1 and on).
    Seat(usize),
    /// The seed, blank for a fresh one.
    Seed,
    /// The bots' pace.
    Pace,
    /// Letters for suits.
    Ascii,
    /// The four-colour deck.
    FourColour,
}

/// What the window holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    /// The preset chosen.
    pub preset: Preset,
    /// The target score.
    pub target: i32,
    /// The player of every seat (seat 0 is you and is not shown): as
    /// many as play.
    pub players: Vec<Player>,
    /// The seed typed, if any.
    pub seed: String,
    /// The pace.
    pub speed: Speed,
    /// Letters for suits.
    pub ascii: bool,
    /// The four-colour deck.
    pub four_colour: bool,
    /// The line the cursor is on.
    pub field: usize,
    /// Why the game asked for cannot start, shown in the window.
    pub problem: Option<String>,
    /// Whether the target has been typed into since the cursor came to
    /// it: the first digit typed replaces it, the next ones go on it.
    typing: bool,
    /// The rules of the game in play, kept when the preset is unchanged.
    base: Rules,
    base_preset: Preset,
    /// The people who keep their seats, by seat (you at seat 0 on the
    /// terminal's own table): their seats are not the window's to fill.
    held: Vec<Option<String>>,
    /// Whether the table is shared: its seats have names the same for
    /// everyone there.
    shared: bool,
    /// Whether the pace is this person's to choose (not where others sit).
    pace: bool,
    /// The line mode's choices remembered, which the window keeps as they are.
    line_mode: LineModeChoices,
}

impl NewGameForm {
    /// The window for a table, its rules from `label`'s preset, with the
    /// remembered choices over them; the cards drawn as `theme` draws them
    /// now.
    pub fn new(table: &Setup, speed: Speed, theme: Theme, remembered: &Remembered) -> NewGameForm {
        let base_preset = table.label.trim_end_matches('+').parse().unwrap_or(Preset::BlackLady);
        let preset = remembered.preset.as_deref().and_then(|p| p.parse().ok()).unwrap_or(base_preset);
        let mut form = NewGameForm {
            preset,
            target: remembered.target.unwrap_or(table.rules.target_score),
            players: table.players.clone(),
            seed: String::new(),
            speed: remembered.pace.as_deref().and_then(Speed::from_name).unwrap_or(speed),
            ascii: remembered.ascii.unwrap_or(theme.ascii),
            four_colour: theme.four_colour,
            field: 0,
            problem: None,
            typing: false,
            base: table.rules,
            base_preset,
            held: vec![Some("You".to_string())],
            shared: false,
            pace: true,
            line_mode: remembered.line_mode,
        };
        let count = remembered.players.unwrap_or(table.rules.players);
        form.seat(form.allowed_count(count));
        for (seat, name) in remembered.bots.iter().enumerate() {
            if let (Some(player), Ok(level)) = (form.players.get_mut(seat + 1), name.parse::<Level>()) {
                *player = Player::Builtin(level);
            }
        }
        form
    }

    /// The window for a shared table: its people keep their seats, and
    /// only the bots' seats are chosen here.
    pub fn shared_by(mut self, sight: &Sight) -> NewGameForm {
        self.shared = true;
        self.held = sight
            .at_seats
            .iter()
            .map(|at| match at {
                AtSeat::Person { name, .. } => Some(name.clone()),
                AtSeat::Bot => None,
            })
            .collect();
        if let Some(seat) = sight.seat.and_then(|seat| self.held.get_mut(seat.index())) {
            *seat = Some("you".to_string());
        }
        // The table's pace is its people's: the new game keeps it.
        self.pace = sight.alone;
        if !self.pace {
            self.speed = sight.speed;
        }
        self.field = self.field.min(self.fields().len() - 1);
        self
    }

    /// The people who keep their seats in a game of the window's size.
    fn keeping(&self) -> Vec<&str> {
        let mut people: Vec<&str> = self.held.iter().take(self.players.len()).flatten().map(String::as_str).collect();
        people.sort_by_key(|&name| name != "you");
        people
    }

    /// `count` if the preset is played at that size, else the size of
    /// its own rules, else its nearest size.
    fn allowed_count(&self, count: u8) -> u8 {
        let sizes = self.preset.player_counts();
        let own = self.preset.rules().players;
        let nearest = sizes.iter().copied().min_by_key(|&size| size.abs_diff(count)).unwrap_or(own);
        [count, own].into_iter().find(|size| sizes.contains(size)).unwrap_or(nearest)
    }

    /// Seats `count` players: seats added take the level of the last bot
    /// (never its program), seats removed go.
    fn seat(&mut self, count: u8) {
        let newcomer = self.players.last().map_or(Player::Builtin(Level::Normal), Player::without_program);
        self.players.resize(usize::from(count), newcomer);
    }

    /// How many play.
    pub fn count(&self) -> u8 {
        self.players.len() as u8
    }

    /// The lines of the window, top to bottom.
    pub fn fields(&self) -> Vec<Field> {
        let held = |seat: &usize| self.held.get(*seat).is_some_and(Option::is_some);
        let seats = (0..self.players.len()).filter(|seat| !held(seat)).map(Field::Seat);
        [Field::Preset, Field::Target, Field::Players]
            .into_iter()
            .chain(seats)
            // Where others play, a seed someone chose would show them every hand.
            .chain((!self.shared).then_some(Field::Seed))
            .chain(self.pace.then_some(Field::Pace))
            .chain([Field::Ascii, Field::FourColour])
            .collect()
    }

    /// The field under the cursor.
    pub fn current(&self) -> Field {
        let fields = self.fields();
        fields[self.field.min(fields.len() - 1)]
    }

    /// Up or down a line.
    pub fn move_cursor(&mut self, step: isize) {
        let count = self.fields().len() as isize;
        self.field = (self.field as isize + step).rem_euclid(count) as usize;
        self.typing = false;
    }

    /// Left or right: the previous or next value of the field.
    pub fn change(&mut self, step: isize) {
        let cycle = |index: usize, len: usize| (index as isize + step).rem_euclid(len as isize) as usize;
        self.problem = None;
        match self.current() {
            Field::Preset => {
                let index = Preset::ALL.iter().position(|&p| p == self.preset).unwrap_or(0);
                self.preset = Preset::ALL[cycle(index, Preset::ALL.len())];
                self.target = self.preset.rules().target_score;
                self.seat(self.allowed_count(self.count()));
            }
            Field::Players => {
                let sizes = self.preset.player_counts();
                let index = sizes.iter().position(|&size| size == self.count()).unwrap_or(0);
                self.seat(sizes[cycle(index, sizes.len())]);
            }
            Field::Target => self.target = (self.target + 10 * step as i32).clamp(10, 10_000),
            Field::Seat(seat) => {
                // A program seat stays a program until a level is chosen.
                let index = match &self.players[seat] {
                    Player::Builtin(level) => Level::ALL.iter().position(|l| l == level).unwrap_or(2),
                    Player::External { .. } => 2,
                };
                self.players[seat] = Player::Builtin(Level::ALL[cycle(index, Level::ALL.len())]);
            }
            Field::Seed => {}
            Field::Pace => {
                self.speed = if step > 0 { self.speed.next() } else { (0..3).fold(self.speed, |s, _| s.next()) };
            }
            Field::Ascii => self.ascii = !self.ascii,
            Field::FourColour => self.four_colour = !self.four_colour,
        }
    }

    /// Whether the line under the cursor takes digits (the target, the seed).
    pub fn takes_digits(&self) -> bool {
        matches!(self.current(), Field::Target | Field::Seed)
    }

    /// A digit typed into the target or the seed.
    pub fn digit(&mut self, digit: char) {
        self.problem = None;
        match self.current() {
            Field::Target => {
                // The first digit replaces the number shown; typing past the largest target starts it again.
                let single = digit.to_digit(10).map_or(0, |d| d as i32);
                let typed = format!("{}{digit}", self.target);
                let longer = typed.parse::<i32>().map_or(single, |t| if t > 10_000 { single } else { t });
                self.target = if self.typing { longer } else { single };
                self.typing = true;
            }
            Field::Seed if self.seed.len() < 19 => self.seed.push(digit),
            _ => {}
        }
    }

    /// Backspace in the target or the seed.
    pub fn erase(&mut self) {
        match self.current() {
            Field::Target => {
                self.target /= 10;
                self.typing = true;
            }
            Field::Seed => {
                self.seed.pop();
            }
            _ => {}
        }
    }

    /// The table and deal the form starts: the preset's rules (the game in
    /// play's own if the preset is unchanged) with the target and players
    /// set; or why these rules make no game.
    pub fn start(&self) -> Result<(Setup, Option<DealCode>), RulesError> {
        let mut rules = if self.preset == self.base_preset { self.base } else { self.preset.rules() };
        rules.players = self.count();
        rules.target_score = self.target;
        rules.validate()?;
        let changed = rules != self.preset.rules();
        let label = format!("{}{}", self.preset, if changed { "+" } else { "" });
        let deal = self.seed.parse().ok().map(|seed| DealCode { seed, hand: 1 });
        Ok((Setup { rules, label, players: self.players.clone() }, deal))
    }

    /// What to remember of the form.
    pub fn remembered(&self) -> Remembered {
        Remembered {
            preset: Some(self.preset.to_string()),
            target: Some(self.target),
            players: Some(self.count()),
            // A program is never remembered: the file could start it later.
            bots: self.players.iter().skip(1).map(|p| p.without_program().name()).collect(),
            pace: Some(self.speed.name().to_string()),
            ascii: Some(self.ascii),
            four_colour: Some(self.four_colour),
            line_mode: self.line_mode,
        }
    }

    /// A bot seat's name: where it sits from you, or at a shared table
    /// its name for everyone.
    fn seat_name(&self, seat: usize) -> String {
        let players = self.players.len();
        let name = if self.shared { fixed_seat_name } else { seat_name };
        hearts_engine::Seat::new(seat).map_or_else(String::new, |seat| name(seat, players))
    }

    /// A line of the window as (label, value).
    pub fn line(&self, field: Field) -> (String, String) {
        match field {
            Field::Preset => ("Rules".into(), self.preset.to_string()),
            Field::Target => ("Target".into(), self.target.to_string()),
            Field::Players => ("Players".into(), self.count().to_string()),
            Field::Seat(seat) => (self.seat_name(seat), self.players[seat].name()),
            Field::Seed => ("Seed".into(), if self.seed.is_empty() { "(fresh)".into() } else { self.seed.clone() }),
            Field::Pace => ("Pace".into(), self.speed.name().into()),
            Field::Ascii => ("Suits as letters".into(), yes_or_no(self.ascii)),
            Field::FourColour => ("Four-colour deck".into(), yes_or_no(self.four_colour)),
        }
    }
}

/// A game chosen in the window, on its way to start (or to be proposed).
#[derive(Clone, Debug, PartialEq)]
pub struct Starting {
    /// The game.
    pub game: NewGame,
    /// Letters for suits, from now on.
    pub ascii: bool,
    /// The four-colour deck, from now on.
    pub four_colour: bool,
    /// The choices to remember.
    pub remembered: Remembered,
}

impl Starting {
    /// The people holding seats the new game does not have.
    pub fn dropped(&self, sight: &Sight) -> Vec<String> {
        sight
            .at_seats
            .iter()
            .skip(self.game.setup.rules.player_count())
            .filter_map(|at| match at {
                AtSeat::Person { name, .. } => Some(name.clone()),
                AtSeat::Bot => None,
            })
            .collect()
    }
}

/// What a key does to the window.
pub fn key(form: &mut NewGameForm, command: Command, sight: &Sight) -> Outcome {
    match command {
        Command::Up => form.move_cursor(-1),
        Command::Down => form.move_cursor(1),
        Command::Left => form.change(-1),
        Command::Right | Command::Mark => form.change(1),
        Command::Digit(digit) => form.digit(digit),
        Command::Erase => form.erase(),
        Command::Confirm | Command::Button(Button::Start) => match form.start() {
            Ok((setup, deal)) => {
                let game = NewGame { setup, deal, speed: form.speed };
                let (ascii, four_colour) = (form.ascii, form.four_colour);
                let starting = Starting { game, ascii, four_colour, remembered: form.remembered() };
                // Enter chose the game; only y may throw away seats or the game under way.
                if !starting.dropped(sight).is_empty() {
                    return Outcome::Open(Window::ConfirmDrop(Box::new(starting)));
                }
                if sight.may.start_now && sight.mid_game() {
                    return Outcome::Open(Window::ConfirmEnd(Box::new(starting)));
                }
                return Outcome::Start(Box::new(starting));
            }
            // The window stays open and says why.
            Err(error) => form.problem = Some(sentence(&error.to_string())),
        },
        Command::Cancel | Command::Button(Button::No) => return Outcome::Close,
        Command::Quit => return Outcome::Open(Window::ConfirmQuit),
        _ => {}
    }
    Outcome::Stay
}

/// Draws the window over the table; its rectangle.
pub fn draw(buf: &mut Buffer, area: Rect, seen: &Seen, form: &NewGameForm, hits: &mut Hits) -> Rect {
    const WIDTH: u16 = 50;
    let theme = seen.viewer.theme;
    let fields = form.fields();
    let below = match &form.problem {
        Some(problem) => wrap(problem, usize::from(WIDTH) - 4, 0)
            .into_iter()
            .map(|line| Line::styled(format!(" {line}"), theme.warning()))
            .collect(),
        None if seen.kind == Kind::Shared => {
            let mut said = format!("Seats kept: {}.", form.keeping().join(", "));
            if !seen.may.start_now {
                said.push_str(" Everyone seated is asked to agree.");
            }
            wrap(&said, usize::from(WIDTH) - 4, 0)
                .into_iter()
                .map(|line| Line::styled(format!(" {line}"), theme.quiet()))
                .collect()
        }
        None => vec![Line::styled(" The choices are kept for next time.", theme.quiet())],
    };
    let height = (fields.len() + 4 + below.len()) as u16;
    let (rect, inner) = frame(buf, area, WIDTH, height, "New game", theme);
    let current = form.current();
    let mut lines: Vec<Line> = fields
        .iter()
        .map(|&field| {
            let (label, value) = form.line(field);
            let (mark, style) = if field == current { ("> ", theme.active()) } else { ("  ", Style::default()) };
            Line::from(vec![Span::raw(format!(" {mark}{label:<18}")), Span::styled(format!("< {value} >"), style)])
        })
        .collect();
    lines.push(Line::raw(""));
    lines.extend(below);
    Paragraph::new(lines).render(inner, buf);
    // Every button names its key, as the other windows' do.
    let start = if seen.may.start_now { "Enter Start" } else { "Enter Propose" };
    buttons(buf, inner, &[(start, Button::Start), ("Esc Cancel", Button::No)], Some(Button::Start), theme, hits);
    rect
}

fn yes_or_no(on: bool) -> String {
    if on { "yes" } else { "no" }.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Theme = Theme { color: true, ascii: false, palette256: true, four_colour: false };

    fn table() -> Setup {
        Setup { rules: Rules::default(), label: "black-lady".into(), players: vec![Player::Builtin(Level::Normal); 4] }
    }

    #[test]
    fn the_form_changes_preset_target_bots_seed_pace_letters_and_colours() {
        let mut form = NewGameForm::new(&table(), Speed::Normal, PLAIN, &Remembered::default());
        assert_eq!(form.fields().len(), 3 + 3 + 4);
        form.change(1);
        assert_eq!(form.preset, Preset::ALL[1]);
        form.move_cursor(1);
        form.digit('5');
        form.digit('0');
        assert_eq!(form.target, 50, "the first digit typed replaces the target shown, not 1005");
        form.erase();
        form.digit('7');
        assert_eq!(form.target, 57, "once typing, digits go on the number");
        form.move_cursor(1);
        form.move_cursor(-1);
        form.digit('9');
        assert_eq!(form.target, 9, "the cursor came back: the number is typed afresh");
        form.erase();
        form.digit('5');
        form.digit('0');
        form.move_cursor(2);
        form.change(1);
        assert_eq!(form.players[1], Player::Builtin(Level::Hard));
        form.move_cursor(3);
        assert_eq!(form.current(), Field::Seed);
        for digit in "4207".chars() {
            form.digit(digit);
        }
        form.erase();
        form.move_cursor(1);
        form.change(1);
        assert_eq!(form.speed, Speed::Fast);
        form.move_cursor(1);
        form.change(1);
        assert!(form.ascii);
        form.move_cursor(1);
        assert_eq!(form.line(form.current()), ("Four-colour deck".into(), "no".into()));
        form.change(1);
        assert!(form.four_colour);
        assert_eq!(form.line(Field::FourColour).1, "yes");
        let (table, deal) = form.start().unwrap();
        assert_eq!(deal, Some(DealCode { seed: 420, hand: 1 }));
        assert_eq!(table.rules.target_score, 50);
        assert_eq!(table.players[1], Player::Builtin(Level::Hard));
        assert!(table.label.starts_with(&Preset::ALL[1].to_string()));
    }

    #[test]
    fn the_four_colour_deck_shows_as_the_table_draws_it_and_is_remembered() {
        let four = Theme { four_colour: true, ..PLAIN };
        assert!(!NewGameForm::new(&table(), Speed::Normal, PLAIN, &Remembered::default()).four_colour);
        let mut form = NewGameForm::new(&table(), Speed::Normal, four, &Remembered::default());
        assert!(form.four_colour, "the window opens on the deck the table shows");
        assert_eq!(form.remembered().four_colour, Some(true));
        form.field = form.fields().len() - 1;
        form.change(-1);
        assert_eq!(form.remembered().four_colour, Some(false));
        let text = serde_json::to_string(&form.remembered()).unwrap();
        assert!(text.contains("\"four-colour\":false"), "{text}");
    }

    #[test]
    fn a_blank_seed_means_a_fresh_game_and_unchanged_rules_are_kept() {
        let custom =
            Setup { rules: Rules { omnibus: true, ..Rules::default() }, label: "black-lady+".into(), ..table() };
        let form = NewGameForm::new(&custom, Speed::Normal, PLAIN, &Remembered::default());
        let (table, deal) = form.start().unwrap();
        assert_eq!(deal, None);
        assert!(table.rules.omnibus, "the rules in play are kept while the preset is the same");
    }

    /// The window with the cursor on the preset, showing `preset`.
    fn choosing(preset: Preset) -> NewGameForm {
        let mut form = NewGameForm::new(&table(), Speed::Normal, PLAIN, &Remembered::default());
        while form.preset != preset {
            form.change(1);
        }
        form
    }

    #[test]
    fn the_player_count_follows_the_presets_table_sizes() {
        let mut form = choosing(Preset::Cancellation);
        assert_eq!(form.count(), 8, "four cannot play Cancellation: its own eight sit down");
        assert_eq!(form.players.len(), 8, "a seat line for each of them");
        form.move_cursor(2);
        assert_eq!(form.current(), Field::Players);
        let mut sizes = vec![];
        for _ in 0..6 {
            form.change(1);
            sizes.push(form.count());
        }
        assert_eq!(sizes, [9, 10, 11, 6, 7, 8], "Cancellation is played by 6 to 11");
        form.change(-1);
        form.change(-1);
        assert_eq!(form.count(), 6);
        let mut partnership = choosing(Preset::Partnership);
        partnership.move_cursor(2);
        partnership.change(1);
        assert_eq!(partnership.count(), 6, "partners sit at 4 or 6");
    }

    #[test]
    fn every_preset_starts_at_every_table_size_the_window_offers() {
        for &preset in Preset::ALL {
            let mut form = choosing(preset);
            form.move_cursor(2);
            for _ in 0..preset.player_counts().len() {
                let (table, _) = form.start().unwrap_or_else(|error| panic!("{preset} at {}: {error}", form.count()));
                assert_eq!(table.rules.players, form.count());
                assert_eq!(table.players.len(), usize::from(form.count()));
                form.change(1);
            }
        }
    }

    #[test]
    fn the_player_count_is_remembered_and_kept_within_the_presets_sizes() {
        let mut form = choosing(Preset::Cancellation);
        form.move_cursor(2);
        form.change(1);
        let remembered = form.remembered();
        assert_eq!(remembered.players, Some(9));
        let again = NewGameForm::new(&table(), Speed::Normal, PLAIN, &remembered);
        assert_eq!((again.preset, again.count()), (Preset::Cancellation, 9));
        // A file from before the count was kept, or edited by hand.
        let unfit = Remembered { players: Some(4), ..remembered };
        assert_eq!(NewGameForm::new(&table(), Speed::Normal, PLAIN, &unfit).count(), 8);
    }

    #[test]
    fn rules_that_make_no_game_are_refused_with_the_reason() {
        // Rules kept from the game in play: the 2D out divides 51 among three only.
        let rules = Rules { players: 3, removed_cards: Some("2D".parse().unwrap()), ..Rules::default() };
        let players = vec![Player::Builtin(Level::Normal); 3];
        let three = Setup { rules, label: "black-lady+".into(), players };
        let mut form = NewGameForm::new(&three, Speed::Normal, PLAIN, &Remembered::default());
        form.move_cursor(2);
        form.change(1);
        assert_eq!(form.count(), 4);
        let error = form.start().unwrap_err().to_string();
        assert!(error.contains("do not divide among 4 players"), "{error}");
    }

    #[test]
    fn a_target_of_zero_is_refused_not_quietly_made_one() {
        let mut form = NewGameForm::new(&table(), Speed::Normal, PLAIN, &Remembered::default());
        form.move_cursor(1);
        form.digit('0');
        assert_eq!(form.target, 0);
        let error = form.start().unwrap_err().to_string();
        assert!(error.contains("target"), "{error}");
    }
}
