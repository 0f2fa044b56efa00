//! Keys and clicks become [`Command`]s, the one vocabulary of the table's
//! screen and the lobby's: one `match` for the keys (a few mean another
//! thing in the lobby, [`KeyMap`]), and a pure hit test of a click against
//! the rectangles the last frame drew (the lobby's is beside its lists).

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use crate::theme::Choice;
use hearts_engine::{Card, Suit};

/// What the person asked for, whatever key or click said it, at the table
/// or in the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Cursor one card left.
    Left,
    /// Cursor one card right.
    Right,
    /// Up: the line above, in a window with lines.
    Up,
    /// Down: the line below.
    Down,
    /// A digit typed (the new-game window's target and seed).
    Digit(char),
    /// Backspace.
    Erase,
    /// Home: the cursor to the first card it may stop on.
    First,
    /// End: the cursor to the last card it may stop on.
    Last,
    /// Space: mark a card to pass, or play the card under the cursor.
    Mark,
    /// Enter: pass, play, continue, or the selected button.
    Confirm,
    /// Esc: close a window, clear marks, drop the queued card.
    Cancel,
    /// `?`: the help window.
    Help,
    /// `q`: quit (asks first mid-game).
    Quit,
    /// Ctrl-C: quit at once.
    ForceQuit,
    /// Ctrl-Z: give the terminal back and stop until resumed.
    Suspend,
    /// `t`: the last trick.
    LastTrick,
    /// `c`: the panel of cards played so far.
    PlayedCards,
    /// `i`: what the bot would do in your place.
    Hint,
    /// `u`: take back your last pass or card.
    Undo,
    /// `s`: the score sheet.
    ScoreSheet,
    /// `S`: statistics.
    Stats,
    /// `r`: deal this hand again; at game over, replay the seed.
    Restart,
    /// `n`: a new game at game over; "no" in a question.
    New,
    /// `y`: "yes" in a question.
    Yes,
    /// `p`: change the pace.
    Speed,
    /// `o`: play the hand out when no points are left.
    PlayOut,
    /// `+`: more time on the turn clock, once a decision.
    MoreTime,
    /// `g`, asked whether to leave a served table: give the seat up for good.
    GiveUp,
    /// `F`: propose to let go the seat of someone away past their grace.
    FreeSeat,
    /// `m`: a message to the others at the table.
    Chat,
    /// `M`: the table's messages.
    ChatHistory,
    /// `v`: how the cards look.
    Look,
    /// A character typed into the message being written, or the lobby's code field.
    Typed(char),
    /// Tab, in the lobby: between the tables and your games.
    Tab,
    /// `w`, in the lobby: watch the table.
    Watch,
    /// `j`, in the lobby: the field to join a table by its code.
    Join,
    /// `r`, in the lobby: replay the game.
    Replay,
    /// `v`, in the lobby: review the game.
    Review,
    /// A click on a row of one of the lobby's lists.
    Row(Row),
    /// A click on one of your cards.
    Card(Card),
    /// A click on a button.
    Button(Button),
    /// A click elsewhere: closes a summary or window.
    Dismiss,
    /// Any other key: only skips a wait.
    Other,
}

/// The buttons the table draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// Send the marked cards.
    Pass,
    /// Play the hand out.
    PlayOut,
    /// Next hand.
    Continue,
    /// Moon: add the points to everyone else.
    MoonAdd,
    /// Moon: subtract them from your score.
    MoonSubtract,
    /// Game over: a new game.
    NewGame,
    /// Game over: the same seed again; in the lobby, replay the chosen game.
    Replay,
    /// Leave.
    Quit,
    /// Take up the saved game.
    Resume,
    /// Take up the saved game and start its programs again.
    RunPrograms,
    /// Start the game the new-game window describes; in the lobby, open
    /// the table it describes, or join the code typed.
    Start,
    /// Yes to a question.
    Yes,
    /// No to a question.
    No,
    /// The auction: name this suit.
    Suit(Suit),
    /// How the cards look: change this line.
    Look(Choice),
    /// The lobby: sit at the chosen table.
    Sit,
    /// The lobby: watch it.
    Watch,
    /// The lobby: open the new-table window.
    NewTable,
    /// The lobby: open the code field.
    Join,
    /// The lobby: show the tables.
    Tables,
    /// The lobby: show your games.
    Games,
    /// The lobby: review the chosen game.
    Review,
    /// The lobby: the keys.
    Help,
    /// The lobby: close the window.
    Close,
}

/// A row of one of the lobby's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// A table, by its place among the tables shown.
    Table(usize),
    /// One of your games, by its place in the list.
    Game(usize),
    /// A line of the new-table window.
    FormLine(usize),
}

/// Which screen a key is read for: the same key means the same everywhere
/// but where the lobby has its own (`r` replays a game, `v` reviews it,
/// Tab, `w` and `j`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyMap {
    /// The table.
    Table,
    /// The lobby.
    Lobby,
}

/// The command a key press stands for on the screen of `map`; `None`
/// for releases.
pub fn key_command(key: KeyEvent, map: KeyMap) -> Option<Command> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if map == KeyMap::Lobby && !ctrl {
        let lobby = match key.code {
            KeyCode::Tab | KeyCode::BackTab => Some(Command::Tab),
            KeyCode::Char('w') => Some(Command::Watch),
            KeyCode::Char('j') => Some(Command::Join),
            KeyCode::Char('r') => Some(Command::Replay),
            KeyCode::Char('v') => Some(Command::Review),
            _ => None,
        };
        if lobby.is_some() {
            return lobby;
        }
    }
    Some(match key.code {
        KeyCode::Char('c') if ctrl => Command::ForceQuit,
        KeyCode::Char('z') if ctrl => Command::Suspend,
        _ if ctrl => Command::Other,
        KeyCode::Left | KeyCode::Char('h') => Command::Left,
        KeyCode::Right | KeyCode::Char('l') => Command::Right,
        KeyCode::Up => Command::Up,
        KeyCode::Down => Command::Down,
        KeyCode::Char(digit) if digit.is_ascii_digit() => Command::Digit(digit),
        KeyCode::Backspace => Command::Erase,
        KeyCode::Home => Command::First,
        KeyCode::End => Command::Last,
        KeyCode::Char(' ') => Command::Mark,
        KeyCode::Enter => Command::Confirm,
        KeyCode::Esc => Command::Cancel,
        KeyCode::Char('?') | KeyCode::F(1) => Command::Help,
        KeyCode::Char('q') => Command::Quit,
        KeyCode::Char('t') => Command::LastTrick,
        KeyCode::Char('c') => Command::PlayedCards,
        KeyCode::Char('i') => Command::Hint,
        KeyCode::Char('u') => Command::Undo,
        KeyCode::Char('s') => Command::ScoreSheet,
        KeyCode::Char('S') => Command::Stats,
        KeyCode::Char('r') => Command::Restart,
        KeyCode::Char('n') => Command::New,
        KeyCode::Char('y') => Command::Yes,
        KeyCode::Char('p') => Command::Speed,
        KeyCode::Char('o') => Command::PlayOut,
        KeyCode::Char('+') => Command::MoreTime,
        KeyCode::Char('g') => Command::GiveUp,
        KeyCode::Char('F') => Command::FreeSeat,
        KeyCode::Char('m') => Command::Chat,
        KeyCode::Char('M') => Command::ChatHistory,
        KeyCode::Char('v') => Command::Look,
        _ => Command::Other,
    })
}

/// The command a key press stands for while a message (or the lobby's
/// code field) is being written: every character is text.
pub fn chat_command(key: KeyEvent) -> Option<Command> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('c') if ctrl => Command::ForceQuit,
        _ if ctrl => Command::Other,
        KeyCode::Char(typed) => Command::Typed(typed),
        KeyCode::Backspace => Command::Erase,
        KeyCode::Enter => Command::Confirm,
        KeyCode::Esc => Command::Cancel,
        _ => Command::Other,
    })
}

/// Where the last frame drew what can be clicked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hits {
    /// Your cards, in drawing order (a later card covers an earlier one).
    pub cards: Vec<(Rect, Card)>,
    /// Buttons.
    pub buttons: Vec<(Rect, Button)>,
    /// A window over the table: clicks outside its buttons dismiss it.
    pub overlay: Option<Rect>,
}

/// The command a mouse event stands for, given what the last frame drew.
pub fn mouse_command(event: MouseEvent, hits: &Hits) -> Option<Command> {
    if event.kind != MouseEventKind::Down(MouseButton::Left) {
        return None;
    }
    let at = Position::new(event.column, event.row);
    if let Some((_, button)) = hits.buttons.iter().find(|(rect, _)| rect.contains(at)) {
        return Some(Command::Button(*button));
    }
    if hits.overlay.is_some() {
        return Some(Command::Dismiss);
    }
    // The topmost card is the last one drawn there.
    hits.cards.iter().rev().find(|(rect, _)| rect.contains(at)).map(|(_, card)| Command::Card(*card))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn click(column: u16, row: u16) -> MouseEvent {
        MouseEvent { kind: MouseEventKind::Down(MouseButton::Left), column, row, modifiers: KeyModifiers::NONE }
    }

    fn key_command_at_table(key: KeyEvent) -> Option<Command> {
        key_command(key, KeyMap::Table)
    }

    #[test]
    fn arrows_and_vi_keys_move_along_the_hand() {
        assert_eq!(key_command_at_table(press(KeyCode::Left)), Some(Command::Left));
        assert_eq!(key_command_at_table(press(KeyCode::Char('h'))), Some(Command::Left));
        assert_eq!(key_command_at_table(press(KeyCode::Right)), Some(Command::Right));
        assert_eq!(key_command_at_table(press(KeyCode::Char('l'))), Some(Command::Right));
    }

    #[test]
    fn space_marks_enter_confirms_esc_cancels() {
        assert_eq!(key_command_at_table(press(KeyCode::Char(' '))), Some(Command::Mark));
        assert_eq!(key_command_at_table(press(KeyCode::Enter)), Some(Command::Confirm));
        assert_eq!(key_command_at_table(press(KeyCode::Esc)), Some(Command::Cancel));
    }

    #[test]
    fn ctrl_c_quits_at_once_and_q_asks() {
        assert_eq!(
            key_command_at_table(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(Command::ForceQuit)
        );
        assert_eq!(key_command_at_table(press(KeyCode::Char('q'))), Some(Command::Quit));
        assert_eq!(key_command_at_table(press(KeyCode::Char('c'))), Some(Command::PlayedCards));
    }

    #[test]
    fn every_listed_key_has_its_command() {
        let table = [
            ('?', Command::Help),
            ('t', Command::LastTrick),
            ('i', Command::Hint),
            ('u', Command::Undo),
            ('s', Command::ScoreSheet),
            ('S', Command::Stats),
            ('r', Command::Restart),
            ('n', Command::New),
            ('y', Command::Yes),
            ('p', Command::Speed),
            ('o', Command::PlayOut),
            ('+', Command::MoreTime),
            ('g', Command::GiveUp),
            ('F', Command::FreeSeat),
            ('v', Command::Look),
            ('m', Command::Chat),
            ('M', Command::ChatHistory),
        ];
        for (key, command) in table {
            assert_eq!(key_command_at_table(press(KeyCode::Char(key))), Some(command), "key {key}");
        }
    }

    #[test]
    fn other_keys_only_skip_waits_and_releases_do_nothing() {
        assert_eq!(key_command_at_table(press(KeyCode::Char('z'))), Some(Command::Other));
        let mut release = press(KeyCode::Enter);
        release.kind = KeyEventKind::Release;
        assert_eq!(key_command_at_table(release), None);
    }

    #[test]
    fn the_lobby_reads_the_same_keys_but_its_own_five() {
        let lobby = |code| key_command(press(code), KeyMap::Lobby);
        assert_eq!(lobby(KeyCode::Char('r')), Some(Command::Replay));
        assert_eq!(lobby(KeyCode::Char('v')), Some(Command::Review));
        assert_eq!(lobby(KeyCode::Char('w')), Some(Command::Watch));
        assert_eq!(lobby(KeyCode::Char('j')), Some(Command::Join));
        assert_eq!(lobby(KeyCode::Tab), Some(Command::Tab));
        for (code, command) in [
            (KeyCode::Enter, Command::Confirm),
            (KeyCode::Esc, Command::Cancel),
            (KeyCode::Up, Command::Up),
            (KeyCode::Char('n'), Command::New),
            (KeyCode::Char('g'), Command::GiveUp),
            (KeyCode::Char('y'), Command::Yes),
            (KeyCode::Char('?'), Command::Help),
            (KeyCode::Char('q'), Command::Quit),
            (KeyCode::Char('7'), Command::Digit('7')),
        ] {
            assert_eq!(lobby(code), Some(command), "{code:?}");
            assert_eq!(key_command_at_table(press(code)), Some(command), "{code:?}");
        }
        assert_eq!(
            key_command_at_table(press(KeyCode::Char('w'))),
            Some(Command::Other),
            "w only skips a wait at the table"
        );
        let ctrl_r = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL);
        assert_eq!(key_command(ctrl_r, KeyMap::Lobby), Some(Command::Other));
    }

    #[test]
    fn while_writing_every_character_is_text_and_enter_and_esc_keep_their_meaning() {
        assert_eq!(chat_command(press(KeyCode::Char('q'))), Some(Command::Typed('q')));
        assert_eq!(chat_command(press(KeyCode::Char('7'))), Some(Command::Typed('7')));
        assert_eq!(chat_command(press(KeyCode::Enter)), Some(Command::Confirm));
        assert_eq!(chat_command(press(KeyCode::Esc)), Some(Command::Cancel));
        assert_eq!(chat_command(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Command::ForceQuit));
    }

    fn hand_of_three() -> Hits {
        let cards: Vec<Card> = ["2C", "7D", "QS"].iter().map(|c| c.parse().unwrap()).collect();
        Hits {
            // Overlapping cards four columns apart, five wide, as the hand row draws them.
            cards: cards.iter().enumerate().map(|(i, &card)| (Rect::new(10 + 4 * i as u16, 20, 5, 3), card)).collect(),
            buttons: vec![(Rect::new(60, 18, 8, 1), Button::Pass)],
            overlay: None,
        }
    }

    #[test]
    fn a_click_on_a_card_picks_the_card_on_top() {
        let hits = hand_of_three();
        assert_eq!(mouse_command(click(10, 21), &hits), Some(Command::Card("2C".parse().unwrap())));
        // Column 14 is under both 2C (10..15) and 7D (14..19): 7D is drawn over it.
        assert_eq!(mouse_command(click(14, 21), &hits), Some(Command::Card("7D".parse().unwrap())));
        assert_eq!(mouse_command(click(22, 22), &hits), Some(Command::Card("QS".parse().unwrap())));
        assert_eq!(mouse_command(click(23, 22), &hits), None);
        assert_eq!(mouse_command(click(12, 19), &hits), None);
    }

    #[test]
    fn a_click_on_the_pass_button_passes() {
        assert_eq!(mouse_command(click(63, 18), &hand_of_three()), Some(Command::Button(Button::Pass)));
    }

    #[test]
    fn a_click_over_a_window_dismisses_it_unless_it_hits_a_button() {
        let mut hits = hand_of_three();
        hits.overlay = Some(Rect::new(5, 5, 40, 10));
        hits.buttons = vec![(Rect::new(10, 12, 10, 1), Button::Continue)];
        assert_eq!(mouse_command(click(11, 12), &hits), Some(Command::Button(Button::Continue)));
        assert_eq!(mouse_command(click(11, 21), &hits), Some(Command::Dismiss));
    }

    #[test]
    fn only_left_presses_count() {
        let mut event = click(10, 21);
        event.kind = MouseEventKind::Up(MouseButton::Left);
        assert_eq!(mouse_command(event, &hand_of_three()), None);
        event.kind = MouseEventKind::Down(MouseButton::Right);
        assert_eq!(mouse_command(event, &hand_of_three()), None);
    }
}
