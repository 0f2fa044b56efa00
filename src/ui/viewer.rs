//! One person's view of a table: what only they see and do (the cursor,
//! the cards marked to pass, the window open, the message being written,
//! the note on their status line). Keys and clicks come in as
//! [`Command`]s and go out as [`Request`]s: intents for the table, or
//! something for the runtime (leaving, suspending, resuming a save). The
//! table's notices come in and are worded for this person.

use std::time::{Duration, Instant};

use hearts_engine::{Card, CardBag, CardSet, GamePhase, HandPhase, MoonScoring};
use hearts_table::notice::Hint;
use hearts_table::sight::Question;
use hearts_table::{Finish, Intent, Kind, Notice, PersonId, Refusal, Sight};

use crossterm::event::Event;

use super::input::{self, Button, Command, Hits};
use super::window::new_game::{NewGameForm, Starting};
use super::window::record::Record;
use super::window::{Outcome, Window};
use crate::remembered::Remembered;
use crate::request::Request;
use crate::theme::Choice;
use crate::theme::Theme;
use crate::words::words;

/// What one person sees and is doing at the table.
#[derive(Clone, Debug)]
pub struct Viewer {
    /// Who this is to the table.
    pub id: PersonId,
    /// Colours, symbols and how cards are written.
    pub theme: Theme,
    /// Index of the card under the cursor in the hand as drawn.
    pub cursor: usize,
    /// Cards chosen to pass (with two packs, perhaps both copies of one).
    pub marked: CardBag,
    /// The expert's suggestion after the hint key.
    pub hint: CardSet,
    /// The window over the table, if any.
    pub window: Option<Window>,
    /// The played-cards panel is shown.
    pub show_played: bool,
    /// A refusal or note for the status line (set by [`Viewer::set_note`],
    /// which times it).
    pub note: Option<String>,
    /// A note that waits for the one shown to go: what keeps a newcomer's
    /// seat, after their welcome.
    next_note: Option<String>,
    /// Whether the screen is too small to show the table: then only
    /// leaving acts.
    pub too_small: bool,
    /// The new-game window's choices of last time.
    pub remembered: Remembered,
    /// This person's record, for the record window.
    pub record: Record,
    /// The message being written to the table, while the line is open.
    pub chat_line: Option<String>,
    /// Whether the table was last told a window holds play.
    pub holding: bool,
    /// What can be clicked on the screen last drawn for them.
    pub hits: Hits,
    /// When the note came: a note lasts until the next trick is taken.
    note_since: NoteSince,
}

/// The hand and trick the note came at, and the moment, as the view last
/// came in line with the table; `new` when a note was set since (the same
/// words again count as new).
#[derive(Clone, Debug, Default)]
struct NoteSince {
    trick: (u32, usize),
    at: Option<Instant>,
    new: bool,
}

/// How long a note too long for the status line stands in the key line's
/// place before the keys come back.
pub const NOTE_ON_KEY_LINE: Duration = Duration::from_secs(8);

/// How long a note stays at most: it goes with the next trick, or after
/// this while nothing is played (a long pass, a wait on someone).
pub const NOTE_LASTS: Duration = Duration::from_secs(20);

impl Viewer {
    /// A person's view, nothing open yet.
    pub fn new(id: PersonId, theme: Theme) -> Viewer {
        Viewer {
            id,
            theme,
            cursor: 0,
            marked: CardBag::EMPTY,
            hint: CardSet::EMPTY,
            window: None,
            show_played: false,
            note: None,
            next_note: None,
            too_small: false,
            remembered: Remembered::default(),
            record: Record::default(),
            chat_line: None,
            holding: false,
            hits: Hits::default(),
            note_since: NoteSince::default(),
        }
    }

    /// Whether the note came less than [`NOTE_ON_KEY_LINE`] ago (or
    /// since the view last came in line with the table).
    pub fn note_is_fresh(&self, now: Instant) -> bool {
        self.note_since.new || self.note_since.at.is_none_or(|at| now < at + NOTE_ON_KEY_LINE)
    }

    /// When the screen next changes with the note: a long note gives the
    /// key line back to the keys, then the note goes.
    pub fn note_goes_at(&self, now: Instant) -> Option<Instant> {
        let at = self.note.as_ref().and(self.note_since.at)?;
        [at + NOTE_ON_KEY_LINE, at + NOTE_LASTS].into_iter().find(|&then| then > now)
    }

    /// Puts `note` on the status line (or takes it away), timed afresh.
    pub fn set_note(&mut self, note: Option<String>) {
        self.note = note;
        self.note_since.new = true;
    }

    /// The command a key or click stands for on the screen last drawn for
    /// them (while they write a message, every character is text); a new
    /// size is taken here and stands for none.
    pub fn command(&mut self, event: &Event) -> Option<Command> {
        match *event {
            Event::Key(key) if self.chat_line.is_some() => input::chat_command(key),
            Event::Key(key) => input::key_command(key, input::KeyMap::Table),
            Event::Mouse(mouse) => input::mouse_command(mouse, &self.hits),
            Event::Resize(width, height) => {
                self.resized(width, height);
                None
            }
            _ => None,
        }
    }

    /// The screen is this many columns and rows.
    pub fn resized(&mut self, width: u16, height: u16) {
        self.too_small = width < super::draw::MIN_WIDTH || height < super::draw::MIN_HEIGHT;
    }

    /// Whether the window open stops a table that is this person's alone.
    pub fn holds_play(&self) -> bool {
        self.window.as_ref().is_some_and(Window::holds_play)
    }

    /// What a key or click asks for.
    pub fn key(&mut self, command: Command, sight: &Sight) -> Vec<Request> {
        if command == Command::Suspend {
            return if sight.kind == Kind::Local { vec![Request::Suspend] } else { Vec::new() };
        }
        let mut asked = Vec::new();
        if sight.alone && sight.seat.is_some() {
            // Any key skips a pace wait (the waits its own move starts stand).
            asked.push(Request::Table(Intent::SkipWait));
        }
        asked.extend(self.act(command, sight));
        asked
    }

    /// What a key or click asks for, beyond skipping a wait.
    fn act(&mut self, command: Command, sight: &Sight) -> Vec<Request> {
        let mut asked = Vec::new();
        if self.too_small {
            // Nothing of the table shows: only leaving acts (the game is saved).
            if matches!(command, Command::Quit | Command::ForceQuit) {
                asked.push(Request::Leave);
            }
            return asked;
        }
        if sight.scores.finish.is_some() && self.window.is_none() {
            // Once the game is over only its window acts: new game, replay, quit.
            self.window = Some(Window::GameOver(Button::NewGame));
        }
        if self.chat_line.is_some() {
            asked.extend(self.chat_key(command));
            return asked;
        }
        if let Some(mut window) = self.window.take() {
            let outcome = window.key(command, sight);
            self.window = Some(window);
            asked.extend(self.carry_out(outcome, sight));
            return asked;
        }
        asked.extend(self.table_key(command, sight));
        asked
    }

    /// A key with no window open.
    fn table_key(&mut self, command: Command, sight: &Sight) -> Vec<Request> {
        let intent = |intent| vec![Request::Table(intent)];
        match command {
            Command::Left => self.move_cursor(sight, -1),
            Command::Right => self.move_cursor(sight, 1),
            Command::First => self.cursor_to_end(sight, false),
            Command::Last => self.cursor_to_end(sight, true),
            Command::Mark => return self.mark_or_play(sight, self.cursor_card(sight), true),
            Command::Confirm if sight.is_passing() => return self.pass(sight),
            Command::Confirm => return self.mark_or_play(sight, self.cursor_card(sight), false),
            Command::Card(card) => {
                if let Some(index) = sight.cards().iter().position(|&c| c == card) {
                    self.cursor = index;
                    return self.mark_or_play(sight, Some(card), false);
                }
            }
            Command::Button(Button::Pass) => return self.pass(sight),
            Command::Button(Button::PlayOut) | Command::PlayOut => return intent(Intent::PlayOut),
            Command::MoreTime => return intent(Intent::MoreTime),
            // A proposal: the others are asked, and the proposer may withdraw it.
            Command::FreeSeat => match sight.seats_to_let_go().next() {
                Some((seat, _)) => return intent(Intent::FreeSeat(seat)),
                None => self.set_note(Some(Refusal::NobodysSeat.to_string())),
            },
            // Giving the seat up is asked in the window q opens, never by one stray key.
            Command::GiveUp => {}
            // Esc puts away the played-cards panel first, as it closes a window.
            Command::Cancel if self.show_played => self.show_played = false,
            Command::Cancel => {
                self.marked = CardBag::EMPTY;
                self.hint = CardSet::EMPTY;
                let queued = sight.own.as_ref().and_then(|own| own.queued);
                self.set_note(queued.map(|card| format!("Dropped the queued {}", self.theme.card(card))));
                if queued.is_some() {
                    return intent(Intent::Queue(None));
                }
            }
            Command::Help => self.window = Some(Window::Help),
            Command::LastTrick => match sight.play.tricks.len() {
                0 => self.set_note(Some("No trick has been taken yet this hand".to_string())),
                taken => self.window = Some(Window::Trick(taken - 1)),
            },
            Command::ScoreSheet => self.window = Some(Window::ScoreSheet),
            Command::Stats => self.window = Some(Window::Record),
            Command::PlayedCards => self.show_played = !self.show_played,
            Command::Hint => match &sight.may.hint {
                Ok(()) => return intent(Intent::Hint),
                Err(refusal) => self.set_note(Some(refusal.to_string())),
            },
            Command::Undo => match &sight.may.undo {
                Ok(()) => return intent(Intent::Undo),
                Err(refusal) => self.set_note(Some(refusal.to_string())),
            },
            Command::Restart => match &sight.may.restart {
                Ok(()) => self.window = Some(Window::ConfirmRestart),
                Err(Refusal::Watching) => self.set_note(Some("You are watching".to_string())),
                Err(refusal) => self.set_note(Some(refusal.to_string())),
            },
            Command::Speed => match &sight.may.pace {
                Ok(()) => {
                    // The pace chosen holds for the next games too, as the new-game window's does.
                    let next = sight.speed.next();
                    self.remembered.pace = Some(next.name().to_string());
                    return vec![Request::Table(Intent::Pace(Some(next))), Request::Remember(self.remembered.clone())];
                }
                Err(refusal) => self.set_note(Some(refusal.to_string())),
            },
            Command::Quit if sight.scores.finish.is_some() => return vec![Request::Leave],
            Command::Quit => self.window = Some(Window::ConfirmQuit),
            Command::ForceQuit => return vec![Request::Leave],
            Command::New if sight.seat.is_none() => self.set_note(Some(Refusal::Watching.to_string())),
            // The proposer's `n` takes their proposal back.
            Command::New if sight.proposal.as_ref().is_some_and(|proposal| proposal.mine) => {
                return intent(Intent::Vote(false));
            }
            Command::New => self.open_new_game(sight),
            Command::Chat if sight.kind == Kind::Local => {
                self.set_note(Some("Messages are for a table with other people at it".to_string()));
            }
            Command::Chat => self.chat_line = Some(String::new()),
            Command::ChatHistory if sight.kind == Kind::Shared => self.window = Some(Window::Chat(Default::default())),
            Command::Look => self.window = Some(Window::Look(Choice::Letters)),
            Command::Yes
            | Command::Typed(_)
            | Command::Button(_)
            | Command::Dismiss
            | Command::Other
            | Command::Suspend
            | Command::ChatHistory
            | Command::Up
            | Command::Down
            | Command::Digit(_)
            | Command::Erase
            // The lobby's own commands: the table's key map never gives them.
            | Command::Tab
            | Command::Watch
            | Command::Join
            | Command::Replay
            | Command::Review
            | Command::Row(_) => {}
        }
        Vec::new()
    }

    /// A key while the person writes a message: text, Backspace, Enter
    /// sends, Esc gives up. Nothing typed here reaches the game.
    fn chat_key(&mut self, command: Command) -> Vec<Request> {
        let Some(line) = &mut self.chat_line else { return Vec::new() };
        match command {
            Command::Typed(c) if line.chars().count() < hearts_table::chat::CHAT_LENGTH => {
                // A control character shows as what stands for it, on this screen too.
                line.push(if c.is_control() { hearts_table::chat::REPLACEMENT } else { c });
            }
            Command::Erase => {
                line.pop();
            }
            Command::Cancel => self.chat_line = None,
            Command::ForceQuit => return vec![Request::Leave],
            Command::Confirm => {
                let text = std::mem::take(line);
                self.chat_line = None;
                if !text.trim().is_empty() {
                    return vec![Request::Table(Intent::Say(text))];
                }
            }
            _ => {}
        }
        Vec::new()
    }

    /// Carries out what a key did to the window open.
    fn carry_out(&mut self, outcome: Outcome, sight: &Sight) -> Vec<Request> {
        match outcome {
            Outcome::Stay => Vec::new(),
            Outcome::Close => {
                self.close_window(sight);
                Vec::new()
            }
            Outcome::Open(window) => {
                self.window = Some(window);
                Vec::new()
            }
            Outcome::Ask(request) => self.carry_out(Outcome::AskAll(vec![request]), sight),
            Outcome::AskAll(requests) => {
                if self.window == Some(Window::Vote) {
                    // Answered: the note asking "y / n" goes with its window.
                    self.set_note(None);
                }
                self.close_window(sight);
                if requests.contains(&Request::DeclineResume) {
                    self.set_note(Some(crate::words::note_words(&hearts_table::Note::UnfinishedKept)));
                }
                requests
            }
            Outcome::NewGameForm => {
                self.open_new_game(sight);
                Vec::new()
            }
            Outcome::Write => {
                self.window = None;
                self.chat_line = Some(String::new());
                Vec::new()
            }
            Outcome::Restyle(choice) => {
                self.theme = choice.toggled(self.theme);
                self.remembered.ascii = Some(self.theme.ascii);
                self.remembered.four_colour = Some(self.theme.four_colour);
                vec![Request::Remember(self.remembered.clone())]
            }
            Outcome::Start(starting) => {
                self.close_window(sight);
                let Starting { game, ascii, four_colour, remembered } = *starting;
                self.theme.ascii = ascii;
                self.theme.four_colour = four_colour;
                self.remembered = remembered.clone();
                vec![Request::Remember(remembered), Request::Table(Intent::NewGame(Box::new(game)))]
            }
        }
    }

    /// Closes the window: back to the table, or to the game-over window
    /// once the game is over (nothing else may act then).
    fn close_window(&mut self, sight: &Sight) {
        self.window = sight.scores.finish.map(|_| Window::GameOver(Button::NewGame));
    }

    fn open_new_game(&mut self, sight: &Sight) {
        let form = NewGameForm::new(sight.setup, sight.speed, self.theme, &self.remembered);
        let form = if sight.kind == Kind::Shared { form.shared_by(sight) } else { form };
        self.window = Some(Window::NewGame(Box::new(form)));
    }

    /// The card under the cursor.
    fn cursor_card(&self, sight: &Sight) -> Option<Card> {
        let cards = sight.cards();
        cards.get(self.cursor.min(cards.len().saturating_sub(1))).copied()
    }

    /// Moves the cursor `step` cards along the hand; on this person's turn
    /// it skips the cards they may not play (they stay in view, dimmed).
    fn move_cursor(&mut self, sight: &Sight, step: isize) {
        let cards = sight.cards();
        let count = cards.len() as isize;
        if count == 0 {
            return;
        }
        let allowed = sight.cursor_stops();
        let mut at = self.cursor.min(cards.len() - 1) as isize;
        for _ in 0..count {
            at = (at + step).rem_euclid(count);
            if allowed.contains(cards[at as usize]) {
                break;
            }
        }
        self.cursor = at as usize;
    }

    /// Home and End: the first or last card the cursor may stop on.
    fn cursor_to_end(&mut self, sight: &Sight, last: bool) {
        let allowed = sight.cursor_stops();
        let cards = sight.cards();
        let mut stops = cards.iter().enumerate().filter(|(_, card)| allowed.contains(**card)).map(|(i, _)| i);
        let found = if last { stops.next_back() } else { stops.next() };
        if let Some(index) = found {
            self.cursor = index;
        }
    }

    /// A turn starts with the cursor on a card that may be played: the one
    /// nearest to where it was when that card is dimmed.
    fn keep_cursor_on_a_stop(&mut self, sight: &Sight) {
        let (allowed, cards) = (sight.cursor_stops(), sight.cards());
        let at = self.cursor.min(cards.len().saturating_sub(1));
        if cards.get(at).is_some_and(|&card| allowed.contains(card)) {
            return;
        }
        let stops = cards.iter().enumerate().filter(|(_, card)| allowed.contains(**card)).map(|(i, _)| i);
        if let Some(nearest) = stops.min_by_key(|&i| i.abs_diff(at)) {
            self.cursor = nearest;
        }
    }

    /// Space (or a click): while passing, mark or unmark; while playing,
    /// play the card or queue it.
    fn mark_or_play(&mut self, sight: &Sight, card: Option<Card>, from_space: bool) -> Vec<Request> {
        let Some(card) = card else { return Vec::new() };
        if sight.is_passing() {
            self.toggle_mark(sight, card);
        } else if sight.phase == GamePhase::InHand && sight.hand.phase == HandPhase::Playing {
            return self.play_or_queue(sight, card);
        } else if from_space {
            self.set_note(None);
        }
        Vec::new()
    }

    /// Marks `card` or unmarks it. A card held twice (two packs) is
    /// marked once, then both copies, then neither.
    fn toggle_mark(&mut self, sight: &Sight, card: Card) {
        let Some(own) = &sight.own else { return };
        let need = sight.hand.pass_count;
        let one = CardBag::from(CardSet::single(card));
        let held = own.hand.count(card);
        let marked = self.marked.count(card);
        let room = self.marked.len() < need;
        if marked < held && room {
            self.marked = self.marked.plus(one);
            self.set_note(
                (held == 2 && marked == 0)
                    .then(|| format!("You hold two {}: mark it again to pass both", self.theme.card(card))),
            );
        } else if marked > 0 {
            self.marked = (0..marked).fold(self.marked, |bag, _| bag.less(one));
            self.set_note(None);
        } else {
            self.set_note(Some(format!("You pass {need} cards; unmark one first")));
        }
    }

    /// Sends the marked cards on their way.
    fn pass(&mut self, sight: &Sight) -> Vec<Request> {
        if !sight.is_passing() {
            return Vec::new();
        }
        let need = sight.hand.pass_count;
        if self.marked.len() != need {
            self.set_note(Some(format!("Mark {need} cards to pass ({} marked)", self.marked.len())));
            return Vec::new();
        }
        let cards = std::mem::replace(&mut self.marked, CardBag::EMPTY);
        self.hint = CardSet::EMPTY;
        self.set_note(None);
        self.cursor = 0;
        vec![Request::Table(Intent::Pass(cards))]
    }

    fn play_or_queue(&mut self, sight: &Sight, card: Card) -> Vec<Request> {
        let Some(own) = &sight.own else {
            self.set_note(Some(Refusal::Watching.to_string()));
            return Vec::new();
        };
        if !sight.to_act() {
            if own.queued == Some(card) {
                self.set_note(Some(format!("Unqueued {}", self.theme.card(card))));
                return vec![Request::Table(Intent::Queue(None))];
            }
            // The status line says what is queued for as long as it is.
            self.set_note(None);
            return vec![Request::Table(Intent::Queue(Some(card)))];
        }
        self.hint = CardSet::EMPTY;
        self.set_note(None);
        vec![Request::Table(Intent::Play(card))]
    }

    /// What the table tells this person.
    pub fn hear(&mut self, notice: &Notice, sight: &Sight) {
        match notice {
            Notice::HandScored => self.window = Some(Window::HandSummary),
            Notice::GameOver(Finish::OutOfTime) => self.window = Some(Window::GameOver(Button::NewGame)),
            Notice::HandDealt | Notice::DealtAgain { .. } => {
                self.marked = CardBag::EMPTY;
                self.hint = CardSet::EMPTY;
                self.cursor = 0;
                if self.window == Some(Window::HandSummary) {
                    self.window = None;
                }
            }
            Notice::NewGame { .. } | Notice::Resumed { .. } => {
                self.marked = CardBag::EMPTY;
                self.hint = CardSet::EMPTY;
                self.cursor = 0;
                self.window = None;
                self.show_played = false;
            }
            Notice::PassTakenBack { cards } => self.marked = *cards,
            Notice::CardTakenBack { .. } | Notice::QueuePlayed => self.hint = CardSet::EMPTY,
            Notice::Hint(Hint::Pass(cards)) => {
                self.hint = *cards;
                self.marked = (*cards).into();
            }
            Notice::Hint(Hint::Play { best, .. }) => {
                self.hint = CardSet::single(*best);
                if let Some(index) = sight.cards().iter().position(|c| c == best) {
                    self.cursor = index;
                }
            }
            // One who comes back to a proposal made while they were away is asked it then.
            Notice::Proposed { .. } | Notice::Welcome { .. }
                if sight.proposal.as_ref().is_some_and(|proposal| proposal.asked) =>
            {
                self.window = Some(Window::Vote);
            }
            Notice::Declined { .. } | Notice::Withdrawn { .. } if self.window == Some(Window::Vote) => {
                self.window = None;
            }
            Notice::Refused(Refusal::CannotStart(why)) => {
                if let Some(Window::NewGame(form)) = &mut self.window {
                    form.problem = Some(format!("That game cannot start: {why}"));
                }
            }
            _ => {}
        }
        if let Some(note) = words(notice, sight, self.theme) {
            self.set_note(note);
        }
        if let Notice::Welcome { seat_note: Some(note), .. } = notice {
            self.next_note = Some(note.clone());
        }
    }

    /// Brings the view in line with the table after a change: the
    /// question the game asks this person opens (and closes once answered,
    /// by them or their bot), the scores of a hand they came in on, the
    /// end, the cursor on a card they may play.
    pub fn sync(&mut self, sight: &Sight, now: Instant) {
        let question = sight.own.as_ref().and_then(|own| own.question);
        if self.window.as_ref().is_some_and(Window::asks) && !asks_now(self.window.as_ref(), question) {
            self.window = None;
        }
        match question {
            Some(Question::Moon { .. }) if !matches!(self.window, Some(Window::MoonChoice(_))) => {
                self.window = Some(Window::MoonChoice(MoonScoring::AddToOthers));
            }
            Some(asked) if self.window.is_none() => {
                self.window = Some(match asked {
                    Question::Generale => Window::Generale(Button::No),
                    Question::Bid { least, .. } => Window::Bid(least),
                    Question::NameSuit { suggested } => Window::NameSuit(suggested),
                    Question::Moon { .. } => Window::MoonChoice(MoonScoring::AddToOthers),
                });
            }
            _ => {}
        }
        if self.window.is_none() && sight.scores.finish.is_some() {
            self.window = Some(Window::GameOver(Button::NewGame));
        }
        if self.window.is_none() && sight.reading_scores {
            self.window = Some(Window::HandSummary);
        }
        if self.window == Some(Window::Vote) && !sight.proposal.as_ref().is_some_and(|proposal| proposal.asked) {
            self.window = None;
        }
        let trick = (sight.hand.number, sight.play.tricks.len());
        let stale = self.note_since.at.is_some_and(|at| now >= at + NOTE_LASTS);
        if self.note_since.new {
            self.note_since = NoteSince { trick, at: Some(now), new: false };
        } else if self.note.is_some() && (self.note_since.trick != trick || stale) {
            self.note = self.next_note.take();
            self.note_since = NoteSince { trick, at: Some(now), new: false };
        }
        if !sight.is_passing() {
            self.marked = CardBag::EMPTY;
        }
        if sight.plays_now() {
            self.keep_cursor_on_a_stop(sight);
        }
        self.cursor = self.cursor.min(sight.cards().len().saturating_sub(1));
    }
}

/// Whether the question window open is the question asked now.
fn asks_now(window: Option<&Window>, question: Option<Question>) -> bool {
    matches!(
        (window, question),
        (Some(Window::Generale(_)), Some(Question::Generale))
            | (Some(Window::Bid(_)), Some(Question::Bid { .. }))
            | (Some(Window::NameSuit(_)), Some(Question::NameSuit { .. }))
            | (Some(Window::MoonChoice(_)), Some(Question::Moon { .. }))
    )
}
