//! The lobby as a person reads and uses it: screens drawn into ratatui's
//! test backend at 80x24 and 200x60, keys and clicks, and what the lobby
//! asks the server to do.

use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

use super::form::TableSettings;
use super::*;
use hearts_bots::players::{Level, Player};
use hearts_engine::{Preset, Rules};
use hearts_table::Sharing;

/// A person known by their name (no key), and their seat's token.
fn person(name: &str) -> SeatSummary {
    SeatSummary { name: name.into(), person: true, away_since: None, holder: Some(format!("name:{name}")) }
}

fn away(name: &str) -> SeatSummary {
    SeatSummary { away_since: Some(Instant::now()), ..person(name) }
}

fn bot(level: &str) -> SeatSummary {
    SeatSummary { name: level.into(), person: false, away_since: None, holder: None }
}

fn table(code: &str, label: &str, seats: Vec<SeatSummary>, playing: bool, hand: u32) -> TableSummary {
    let players = seats.len();
    TableSummary { code: code.into(), label: label.into(), players, seats, playing, hand, listed: true, opener: None }
}

/// Three listed tables and a private one, opened by ivy.
fn tables() -> Vec<TableSummary> {
    vec![
        table("7Q4K", "omnibus", vec![person("alice"), away("bob"), bot("normal"), bot("hard")], true, 3),
        table("K2PX", "black-lady", vec![person("dora"), bot("normal"), bot("normal"), bot("normal")], false, 0),
        table("FULL", "spot-hearts", vec![person("erin"), person("fay"), person("gus"), person("hal")], true, 7),
        TableSummary {
            listed: false,
            opener: Some("name:ivy".into()),
            ..table("S3CR", "greek", vec![person("ivy"), bot("expert")], false, 0)
        },
    ]
}

fn records() -> Vec<PresetRecord> {
    vec![
        PresetRecord { label: "omnibus".into(), games: 12, wins: 5, points_per_hand: 2.3125 },
        PresetRecord { label: "black-lady".into(), games: 3, wins: 1, points_per_hand: 5.1 },
    ]
}

fn games() -> Vec<PastGame> {
    vec![
        PastGame { id: 41, label: "omnibus".into(), when: "2025-05-02 20:31".into(), result: "won, 43 points".into() },
        PastGame {
            id: 17,
            label: "black-lady".into(),
            when: "2025-04-28 18:05".into(),
            result: "2nd, 88 points".into(),
        },
    ]
}

fn defaults() -> Setup {
    Setup { rules: Rules::default(), label: "black-lady".into(), players: vec![Player::Builtin(Level::Normal); 4] }
}

const THEME: Theme = Theme { color: true, ascii: false, palette256: true, four_colour: false };

/// The lobby of carol, a newcomer, with the tables, her record and her games.
fn lobby() -> Lobby {
    let mut lobby = Lobby::new("carol", THEME, defaults(), Speed::Normal);
    lobby.set_tables(tables());
    lobby.set_records(records());
    lobby.set_games(games());
    lobby
}

/// The screen at `width` by `height` as lines of text, and what can be clicked.
fn screen(lobby: &Lobby, width: u16, height: u16) -> (Vec<String>, LobbyHits) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let mut hits = LobbyHits::default();
    terminal
        .draw(|frame| {
            let area = frame.area();
            hits = draw(frame.buffer_mut(), area, lobby);
        })
        .unwrap();
    (lines_of(terminal.backend().buffer()), hits)
}

fn lines_of(buffer: &Buffer) -> Vec<String> {
    let area = buffer.area;
    (0..area.height)
        .map(|y| (0..area.width).map(|x| buffer[(x, y)].symbol()).collect::<String>().trim_end().to_string())
        .collect()
}

fn text(lobby: &Lobby, width: u16, height: u16) -> String {
    screen(lobby, width, height).0.join("\n")
}

/// The line holding `needle`.
fn line_with(lines: &[String], needle: &str) -> String {
    lines
        .iter()
        .find(|line| line.contains(needle))
        .cloned()
        .unwrap_or_else(|| panic!("no line with {needle:?} in\n{}", lines.join("\n")))
}

fn key(lobby: &mut Lobby, code: KeyCode) -> Option<LobbyEffect> {
    lobby.handle(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), &LobbyHits::default())
}

fn keys(lobby: &mut Lobby, codes: &[KeyCode]) -> Vec<LobbyEffect> {
    codes.iter().filter_map(|&code| key(lobby, code)).collect()
}

fn click(lobby: &mut Lobby, hits: &LobbyHits, column: u16, row: u16) -> Option<LobbyEffect> {
    let mouse =
        MouseEvent { kind: MouseEventKind::Down(MouseButton::Left), column, row, modifiers: KeyModifiers::NONE };
    lobby.handle(&Event::Mouse(mouse), hits)
}

/// The words of a line, one space apart.
fn words(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where the text `needle` starts on the screen.
fn spot(lines: &[String], needle: &str) -> (u16, u16) {
    for (y, line) in lines.iter().enumerate() {
        if let Some(at) = line.find(needle) {
            return (line[..at].chars().count() as u16, y as u16);
        }
    }
    panic!("{needle:?} is not on the screen:\n{}", lines.join("\n"));
}

#[test]
fn at_80x24_each_table_shows_its_code_rules_game_and_who_sits_where() {
    let (lines, _) = screen(&lobby(), 80, 24);
    println!("{}", lines.join("\n"));
    assert!(lines[0].contains("Hearts  Lobby · carol · 3 tables · 7 people seated"), "{}", lines[0]);
    let first = line_with(&lines, "7Q4K");
    assert!(first.starts_with("│> 7Q4K"), "the cursor starts on the first table: {first}");
    for part in ["omnibus", "playing, hand 3", "2 of 4 seats free"] {
        assert!(first.contains(part), "{part} in {first}");
    }
    let seats = line_with(&lines, "alice");
    assert!(seats.starts_with("│    alice · bob (away) · normal bot · hard bot  "), "the seats under it: {seats}");
    let second = line_with(&lines, "K2PX");
    assert!(second.contains("black-lady") && second.contains("waiting") && second.contains("3 of 4 seats free"));
    assert!(line_with(&lines, "FULL").contains("full"));
    assert!(line_with(&lines, "Tables (3)").contains("Your games (2)"));
    assert!(lines[22].contains("Table 7Q4K, omnibus: Enter sits you at a free seat, w watches"), "{}", lines[22]);
    assert!(lines[23].contains("Enter sit") && lines[23].contains("q quit"), "{}", lines[23]);
}

#[test]
fn at_200x60_the_tables_take_a_line_each_and_the_record_and_games_stand_beside_them() {
    let (lines, _) = screen(&lobby(), 200, 60);
    println!("{}", lines.join("\n"));
    let head = line_with(&lines, "Code");
    for column in ["Rules", "Game", "Free", "Seats", "│ Rules", "Games", "Wins", "Points a hand"] {
        assert!(head.contains(column), "{column} in {head}");
    }
    let row = line_with(&lines, "7Q4K");
    for part in ["omnibus", "playing, hand 3", "2 of 4", "alice · bob (away) · normal bot · hard bot"] {
        assert!(row.contains(part), "{part} in {row}");
    }
    assert!(words(&row).ends_with("│ omnibus 12 5 2.31 │"), "the record beside it: {row}");
    assert!(words(&line_with(&lines, "K2PX")).ends_with("│ black-lady 3 1 5.10 │"));
    let game = line_with(&lines, "2025-05-02 20:31");
    assert!(game.contains("omnibus") && game.contains("won, 43 points"), "{game}");
}

#[test]
fn at_80x24_your_record_per_preset_and_your_games_are_a_tab_away() {
    let mut lobby = lobby();
    assert_eq!(key(&mut lobby, KeyCode::Tab), None);
    let (lines, _) = screen(&lobby, 80, 24);
    println!("{}", lines.join("\n"));
    assert!(
        line_with(&lines, "Points a hand").contains("Games") && line_with(&lines, "Points a hand").contains("Wins")
    );
    assert!(lines.iter().any(|line| words(line) == "│ omnibus 12 5 2.31 │"));
    assert!(lines.iter().any(|line| words(line) == "│ black-lady 3 1 5.10 │"));
    let game = line_with(&lines, "2025-05-02 20:31");
    assert!(game.starts_with("│> ") && game.contains("omnibus") && game.contains("won, 43 points"), "{game}");
    assert!(lines[22].contains("omnibus, 2025-05-02 20:31: r replays it, v reviews it"), "{}", lines[22]);
}

#[test]
fn enter_on_the_second_row_sits_at_that_tables_code_and_w_watches() {
    let mut lobby = lobby();
    assert_eq!(keys(&mut lobby, &[KeyCode::Down, KeyCode::Enter]), [LobbyEffect::Sit("K2PX".into())]);
    assert_eq!(key(&mut lobby, KeyCode::Char('w')), Some(LobbyEffect::Watch("K2PX".into())));
    assert_eq!(keys(&mut lobby, &[KeyCode::Up, KeyCode::Char('w')]), [LobbyEffect::Watch("7Q4K".into())]);
    assert_eq!(keys(&mut lobby, &[KeyCode::End, KeyCode::Char('w')]), [LobbyEffect::Watch("FULL".into())]);
    assert_eq!(keys(&mut lobby, &[KeyCode::Home, KeyCode::Char('w')]), [LobbyEffect::Watch("7Q4K".into())]);
}

#[test]
fn a_full_table_is_watched_not_sat_at_but_a_seat_kept_for_you_is_yours_again() {
    let mut lobby = lobby();
    assert_eq!(keys(&mut lobby, &[KeyCode::End, KeyCode::Enter]), []);
    let screen = text(&lobby, 80, 24);
    assert!(screen.contains("Table FULL is full: w watches it"));
    let buttons = screen.lines().last().unwrap_or_default();
    assert!(!buttons.contains("Enter sit") && buttons.contains("w watch"), "no seat to offer: {buttons}");
    assert_eq!(key(&mut lobby, KeyCode::Char('w')), Some(LobbyEffect::Watch("FULL".into())));

    let mut bob = Lobby::new("bob", THEME, defaults(), Speed::Normal).holding_as("name:bob");
    let mut full = tables();
    full[0].seats[2] = person("jo");
    full[0].seats[3] = person("kim");
    bob.set_tables(full);
    assert!(text(&bob, 80, 24).contains("your seat is kept for you, Enter takes it back"));
    assert_eq!(key(&mut bob, KeyCode::Enter), Some(LobbyEffect::Sit("7Q4K".into())));
}

#[test]
fn a_kept_seat_is_known_by_who_holds_it_not_by_the_name_a_person_comes_with() {
    let mut full = tables();
    // dave's key holds the seat he took while logged in as alice.
    full[0].seats = vec![person("alice"), away("bob"), person("jo"), person("kim")];
    full[0].seats[1] = SeatSummary { name: "alice 2".into(), holder: Some("SHA256:dave".into()), ..away("alice 2") };
    let mut dave = Lobby::new("dave", THEME, defaults(), Speed::Normal).holding_as("SHA256:dave");
    dave.set_tables(full.clone());
    assert!(text(&dave, 80, 24).contains("your seat is kept for you, Enter takes it back"), "{}", text(&dave, 80, 24));
    assert_eq!(key(&mut dave, KeyCode::Enter), Some(LobbyEffect::Sit("7Q4K".into())));

    // Someone else logged in as alice 2 is not offered it, nor is a session of dave's second seat.
    for holder in ["SHA256:eve", "second:SHA256:dave"] {
        let mut other = Lobby::new("alice 2", THEME, defaults(), Speed::Normal).holding_as(holder);
        other.set_tables(full.clone());
        let screen = text(&other, 80, 24);
        assert!(screen.contains("Table 7Q4K, omnibus, is full: w watches it"), "{holder}: {screen}");
        assert_eq!(key(&mut other, KeyCode::Enter), None);
    }

    // A seat kept from before seats had tokens is its name's, as at the table.
    full[0].seats[1] = SeatSummary { holder: None, ..away("bob") };
    let mut bob = Lobby::new("bob", THEME, defaults(), Speed::Normal).holding_as("name:bob");
    bob.set_tables(full);
    assert!(text(&bob, 80, 24).contains("your seat is kept for you, Enter takes it back"), "{}", text(&bob, 80, 24));
}

#[test]
fn the_new_table_window_returns_the_rules_bots_pace_and_table_settings_chosen() {
    let mut lobby = lobby();
    assert_eq!(key(&mut lobby, KeyCode::Char('n')), None);
    let (lines, _) = screen(&lobby, 80, 24);
    println!("{}", lines.join("\n"));
    for line in
        ["Rules", "Target", "Players", "Left", "Pace", "Lobby", "Seat kept for", "Turn clock", "Line mode", "Hints"]
    {
        line_with(&lines, line);
    }
    assert!(line_with(&lines, "Seat kept for").contains("< 1 min >"));
    assert!(line_with(&lines, "Turn clock").contains("< off >"));
    assert!(!lines.iter().any(|line| line.contains("Suits as letters") || line.contains("Four-colour")));
    assert!(!lines.iter().any(|line| line.contains("Seed")), "a served table's seed is nobody's to choose");
    // Omnibus, to 50, a hard bot on the left, fast, private, two minutes' grace, 20 s a move (four times
    // that in the line mode), no hints.
    let mut presses = vec![KeyCode::Right, KeyCode::Down, KeyCode::Backspace, KeyCode::Backspace, KeyCode::Backspace];
    presses.extend([KeyCode::Char('5'), KeyCode::Char('0'), KeyCode::Down, KeyCode::Down, KeyCode::Right]);
    presses.extend([KeyCode::Down, KeyCode::Down, KeyCode::Down, KeyCode::Right]);
    presses.extend([KeyCode::Down, KeyCode::Char(' '), KeyCode::Down, KeyCode::Right, KeyCode::Down, KeyCode::Right]);
    presses.extend([KeyCode::Right, KeyCode::Down, KeyCode::Right, KeyCode::Down, KeyCode::Left]);
    assert_eq!(keys(&mut lobby, &presses), []);
    let screen_now = text(&lobby, 80, 24);
    println!("{screen_now}");
    assert!(screen_now.contains("private: join by code") && screen_now.contains("< 2 min >"));
    let Some(LobbyEffect::Create(request)) = key(&mut lobby, KeyCode::Enter) else { panic!("Enter creates the table") };
    assert_eq!(request.table.label, "omnibus+");
    assert_eq!(request.table.rules, Rules { target_score: 50, ..Preset::Omnibus.rules() });
    assert_eq!(request.table.players[1], Player::Builtin(Level::Hard));
    assert_eq!(request.speed, Speed::Fast);
    assert_eq!(
        request.settings,
        TableSettings {
            listed: false,
            sharing: Sharing {
                grace: Duration::from_secs(120),
                turn_clock: Some(Duration::from_secs(20)),
                line_mode_clock: 4,
                hints: false,
                ..Sharing::default()
            }
        }
    );
    assert_eq!(lobby.window, None, "the window closes once the table is asked for");
}

#[test]
fn esc_closes_every_window_and_q_leaves() {
    let mut lobby = lobby();
    for opener in [KeyCode::Char('?'), KeyCode::Char('n'), KeyCode::Char('j')] {
        key(&mut lobby, opener);
        assert!(lobby.window.is_some(), "{opener:?} opens a window");
        assert_eq!(key(&mut lobby, KeyCode::Esc), None);
        assert_eq!(lobby.window, None, "Esc closes what {opener:?} opened");
    }
    assert_eq!(key(&mut lobby, KeyCode::Char('q')), Some(LobbyEffect::Quit));
    key(&mut lobby, KeyCode::Char('j'));
    let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert_eq!(
        lobby.handle(&ctrl_c, &LobbyHits::default()),
        Some(LobbyEffect::Quit),
        "Ctrl-C even while typing a code"
    );
}

#[test]
fn the_help_window_lists_the_lobby_keys() {
    let mut lobby = lobby();
    key(&mut lobby, KeyCode::Char('?'));
    let screen = text(&lobby, 80, 24);
    println!("{screen}");
    for line in ["Lobby keys", "watch the table", "join a table by its code", "replay / review"] {
        assert!(screen.contains(line), "{line}");
    }
}

#[test]
fn a_private_table_is_not_listed_but_j_and_its_code_sit_there() {
    let mut lobby = lobby();
    let (lines, _) = screen(&lobby, 200, 60);
    assert!(!lines.iter().any(|line| line.contains("S3CR") || line.contains("ivy")));
    assert_eq!(key(&mut lobby, KeyCode::Char('j')), None);
    assert!(lobby.typing());
    let typed: Vec<KeyCode> = "s3cr".chars().map(KeyCode::Char).collect();
    assert_eq!(keys(&mut lobby, &typed), [], "q, w, n and the like are letters of the code here");
    let screen = text(&lobby, 80, 24);
    println!("{screen}");
    assert!(screen.contains("Code: S3CR____"));
    assert_eq!(key(&mut lobby, KeyCode::Enter), Some(LobbyEffect::Sit("S3CR".into())));
    assert!(!lobby.typing());
}

#[test]
fn a_private_table_is_listed_with_its_code_in_its_openers_lobby_only() {
    let mut tables = tables();
    let mine = TableSummary {
        listed: false,
        opener: Some("SHA256:carols-key".into()),
        ..table("P7VTR2MCQN", "omnibus", vec![bot("hard"), bot("normal"), bot("normal"), bot("normal")], false, 0)
    };
    tables.push(mine);
    let mut carol = Lobby::new("carol", THEME, defaults(), Speed::Normal).opening_as("SHA256:carols-key");
    carol.set_tables(tables.clone());
    for (width, height) in [(80, 24), (200, 60)] {
        let (lines, _) = screen(&carol, width, height);
        let row = line_with(&lines, "P7VTR2MCQN");
        assert!(row.contains("omnibus"), "a private table's code of ten shows whole: {row}");
        assert!(lines.iter().any(|line| line.contains("private: hard bot")), "{lines:#?}");
        assert!(!lines.iter().any(|line| line.contains("S3CR")), "ivy's private table is hers alone: {lines:#?}");
    }
    assert_eq!(keys(&mut carol, &[KeyCode::End, KeyCode::Enter]), [LobbyEffect::Sit("P7VTR2MCQN".into())]);
    let status = text(&carol, 80, 24);
    assert!(status.contains("private table P7VTR2MCQN"), "{status}");
    // Nobody else sees it: not dora, not a person nobody knows, not someone whose name is carol's.
    for (name, opener) in [("dora", Some("name:dora")), ("carol", Some("name:carol")), ("eve", None)] {
        let lobby = Lobby::new(name, THEME, defaults(), Speed::Normal);
        let mut lobby = match opener {
            Some(opener) => lobby.opening_as(opener),
            None => lobby,
        };
        lobby.set_tables(tables.clone());
        let (lines, _) = screen(&lobby, 200, 60);
        assert!(!lines.iter().any(|line| line.contains("P7VT") || line.contains("private")), "{name}: {lines:#?}");
    }
    // ivy sees hers.
    let mut ivy = Lobby::new("ivy", THEME, defaults(), Speed::Normal).opening_as("name:ivy");
    ivy.set_tables(tables);
    assert!(text(&ivy, 80, 24).contains("S3CR"));
}

#[test]
fn the_code_field_takes_letters_and_digits_only_and_no_more_than_a_code_holds() {
    let mut lobby = lobby();
    key(&mut lobby, KeyCode::Char('j'));
    assert_eq!(key(&mut lobby, KeyCode::Enter), None, "nothing typed: nothing to join");
    let typed: Vec<KeyCode> = "q-w\u{1b}n7abcdefghij".chars().map(KeyCode::Char).collect();
    keys(&mut lobby, &typed);
    keys(&mut lobby, &[KeyCode::Backspace, KeyCode::Char('z')]);
    assert_eq!(key(&mut lobby, KeyCode::Enter), Some(LobbyEffect::Sit("QWN7ABCDEFGZ".into())));
}

#[test]
fn an_empty_lobby_says_how_to_open_a_table() {
    let mut lobby = Lobby::new("carol", THEME, defaults(), Speed::Normal);
    for (width, height) in [(80, 24), (200, 60)] {
        let screen = text(&lobby, width, height);
        println!("{screen}");
        assert!(screen.contains("No table is open yet."));
        assert!(screen.contains("n opens a new table"));
        assert!(screen.contains("j joins a private table by its code"));
    }
    assert_eq!(key(&mut lobby, KeyCode::Enter), None);
    assert!(text(&lobby, 80, 24).contains("No table is open: n opens one"));
    assert_eq!(key(&mut lobby, KeyCode::Char('n')), None);
    assert!(matches!(lobby.window, Some(LobbyWindow::Create(_))));
}

#[test]
fn a_hostile_name_is_drawn_without_its_escape_characters() {
    let mut lobby = Lobby::new("\u{1b}[31mmal\u{7}", THEME, defaults(), Speed::Normal);
    let hostile = "\u{1b}]0;pwned\u{7}\u{9b}2Jeve\u{202e}\r\n";
    let seats = vec![person(hostile), away(hostile), bot(hostile), bot("normal")];
    lobby.set_tables(vec![table("\u{1b}[2J", hostile, seats, true, 1)]);
    lobby.set_games(vec![PastGame { id: 1, label: hostile.into(), when: hostile.into(), result: hostile.into() }]);
    lobby.set_records(vec![PresetRecord { label: hostile.into(), games: 1, wins: 0, points_per_hand: f64::NAN }]);
    lobby.say(hostile);
    for (width, height) in [(80, 24), (200, 60)] {
        let (lines, _) = screen(&lobby, width, height);
        println!("{}", lines.join("\n"));
        let screen = lines.join("\n");
        assert!(!screen.chars().any(|c| c.is_control() && c != '\n'), "a control character reached the screen");
        assert!(!screen.contains('\u{202e}'));
        assert!(screen.contains("]0;pwned2Jeve"), "what is printable is still shown");
        assert!(screen.contains("[31mmal"));
        let bytes = bytes_sent(&lobby, width, height);
        assert!(!bytes.windows(2).any(|pair| pair == b"\x1b]"), "no operating system command starts");
        assert!(!bytes.contains(&0x07) && !bytes.contains(&b'\r'), "no bell, no carriage return");
        assert!(!String::from_utf8_lossy(&bytes).contains(['\u{9b}', '\u{202e}']));
    }
}

#[test]
fn names_lose_control_characters_and_invisible_marks_and_keep_single_spaces() {
    assert_eq!(view::clean("a\u{1b}[2J\u{202e}b\u{200b}\r\n  c\u{7}\u{9b}d"), "a[2Jb cd");
    assert_eq!(view::clean("Zoë Ng ♥"), "Zoë Ng ♥");
}

/// The bytes a terminal would be sent for the lobby's screen.
fn bytes_sent(lobby: &Lobby, width: u16, height: u16) -> Vec<u8> {
    let area = ratatui::layout::Rect::new(0, 0, width, height);
    let options = ratatui::TerminalOptions { viewport: ratatui::Viewport::Fixed(area) };
    let mut bytes = Vec::new();
    let mut terminal = Terminal::with_options(ratatui::backend::CrosstermBackend::new(&mut bytes), options).unwrap();
    terminal.draw(|frame| drop(draw(frame.buffer_mut(), area, lobby))).unwrap();
    drop(terminal);
    bytes
}

#[test]
fn r_and_v_replay_and_review_the_chosen_game_and_enter_replays_it() {
    let mut lobby = lobby();
    assert_eq!(key(&mut lobby, KeyCode::Char('r')), None, "from the tables, r shows your games first");
    assert_eq!(lobby.focus, Focus::Games);
    assert_eq!(key(&mut lobby, KeyCode::Char('r')), Some(LobbyEffect::Replay(41)));
    assert_eq!(keys(&mut lobby, &[KeyCode::Down, KeyCode::Char('v')]), [LobbyEffect::Review(17)]);
    assert_eq!(key(&mut lobby, KeyCode::Enter), Some(LobbyEffect::Replay(17)));
    assert_eq!(key(&mut lobby, KeyCode::Char('w')), None, "w goes back to the tables");
    assert_eq!(key(&mut lobby, KeyCode::Char('w')), Some(LobbyEffect::Watch("7Q4K".into())));
}

#[test]
fn clicks_choose_a_row_press_buttons_and_switch_lists() {
    let mut lobby = lobby();
    let (lines, hits) = screen(&lobby, 80, 24);
    let (x, y) = spot(&lines, "alice · bob");
    assert_eq!(click(&mut lobby, &hits, x, y), None, "a click on the seats line chooses that table");
    let (x, y) = spot(&lines, "K2PX");
    assert_eq!(click(&mut lobby, &hits, x, y), None);
    let (x, y) = spot(&lines, "Enter sit ");
    assert_eq!(click(&mut lobby, &hits, x, y), Some(LobbyEffect::Sit("K2PX".into())));
    let (x, y) = spot(&lines, "w watch ");
    assert_eq!(click(&mut lobby, &hits, x + 1, y), Some(LobbyEffect::Watch("K2PX".into())));
    let (x, y) = spot(&lines, "Your games (2)");
    assert_eq!(click(&mut lobby, &hits, x, y), None);
    assert_eq!(lobby.focus, Focus::Games);

    let (lines, hits) = screen(&lobby, 200, 60);
    let (x, y) = spot(&lines, "2025-04-28");
    click(&mut lobby, &hits, x, y);
    let (x, y) = spot(&lines, "v review ");
    assert_eq!(click(&mut lobby, &hits, x, y), Some(LobbyEffect::Review(17)));
    let (x, y) = spot(&lines, "FULL");
    click(&mut lobby, &hits, x, y);
    assert_eq!(lobby.focus, Focus::Tables);
    assert_eq!(key(&mut lobby, KeyCode::Char('w')), Some(LobbyEffect::Watch("FULL".into())));
}

#[test]
fn in_the_new_table_window_a_click_chooses_a_line_again_changes_it_and_create_creates() {
    let mut lobby = lobby();
    key(&mut lobby, KeyCode::Char('n'));
    let (lines, hits) = screen(&lobby, 80, 24);
    let (x, y) = spot(&lines, "Hints");
    click(&mut lobby, &hits, x, y);
    click(&mut lobby, &hits, x, y);
    let (x, y) = spot(&lines, "Create");
    let Some(LobbyEffect::Create(request)) = click(&mut lobby, &hits, x, y) else { panic!("Create creates") };
    assert!(!request.settings.sharing.hints);
    key(&mut lobby, KeyCode::Char('n'));
    let (lines, hits) = screen(&lobby, 80, 24);
    assert_eq!(click(&mut lobby, &hits, 0, 0), None, "a click beside the window leaves the choices be");
    assert!(lobby.window.is_some());
    let (x, y) = spot(&lines, "Esc Cancel");
    click(&mut lobby, &hits, x, y);
    assert_eq!(lobby.window, None);
}

#[test]
fn the_cursor_stays_on_its_table_when_tables_open_and_close() {
    let mut lobby = lobby();
    key(&mut lobby, KeyCode::Down);
    let mut changed = tables();
    changed.insert(0, table("NEW1", "greek", vec![bot("normal"); 4], false, 0));
    lobby.set_tables(changed);
    assert_eq!(key(&mut lobby, KeyCode::Char('w')), Some(LobbyEffect::Watch("K2PX".into())));
    lobby.set_tables(tables().into_iter().take(1).collect());
    assert_eq!(
        key(&mut lobby, KeyCode::Char('w')),
        Some(LobbyEffect::Watch("7Q4K".into())),
        "its table gone, the last one"
    );
}

#[test]
fn the_list_scrolls_to_keep_the_cursor_in_view() {
    let mut lobby = lobby();
    let many: Vec<TableSummary> =
        (0..30).map(|i| table(&format!("T{i:03}"), "omnibus", vec![bot("normal"); 4], false, 0)).collect();
    lobby.set_tables(many);
    key(&mut lobby, KeyCode::End);
    let screen = text(&lobby, 80, 24);
    assert!(screen.contains("> T029") && !screen.contains("T000"), "{screen}");
}

#[test]
fn long_names_are_cut_with_an_ellipsis_and_eleven_seats_fit_80_columns() {
    let mut lobby = lobby();
    let names: Vec<SeatSummary> = (0..11).map(|i| person(&format!("{}{i:x}", "w".repeat(15)))).collect();
    lobby.set_tables(vec![table("BIG1", "cancellation", names, true, 2)]);
    let (lines, _) = screen(&lobby, 80, 24);
    println!("{}", lines.join("\n"));
    let seats = line_with(&lines, "www");
    assert_eq!(seats.matches('…').count(), 11, "every name cut: {seats}");
    assert!(seats.ends_with('│'), "the row keeps within the border: {seats}");
    let (lines, _) = screen(&lobby, 200, 60);
    println!("{}", lines.join("\n"));
    assert!(line_with(&lines, "BIG1").contains("cancellation"));
}

#[test]
fn a_screen_smaller_than_80x24_says_so() {
    let screen = text(&lobby(), 60, 20);
    assert!(screen.contains("The lobby needs a bigger terminal") && screen.contains("this one is 60x20"));
}

#[test]
fn without_colour_or_symbols_the_lobby_still_reads() {
    let mut lobby = lobby();
    lobby.theme = Theme { color: false, ascii: true, palette256: false, four_colour: false };
    let (lines, _) = screen(&lobby, 80, 24);
    println!("{}", lines.join("\n"));
    assert!(lines[0].contains("Lobby | carol | 3 tables"));
    assert!(line_with(&lines, "alice").contains("alice | bob (away) | normal bot | hard bot"));
    assert!(lines[1].starts_with("+ Tables (3)"));
}

#[test]
fn at_120x36_the_tables_keep_two_lines_each_so_names_stay_whole_beside_the_record() {
    let (lines, _) = screen(&lobby(), 120, 36);
    println!("{}", lines.join("\n"));
    assert!(line_with(&lines, "alice").contains("│    alice · bob (away) · normal bot · hard bot   "));
    assert!(words(&line_with(&lines, "7Q4K")).ends_with("│ Rules Games Wins Pts/hand│"));
    assert!(words(&line_with(&lines, "alice")).ends_with("│ omnibus 12 5 2.31│"));
    assert!(words(&line_with(&lines, "K2PX")).ends_with("│ black-lady 3 1 5.10│"));
    assert!(line_with(&lines, "2025-05-02 20:31").contains("omnibus"));
    assert!(lines.iter().any(|line| line.contains("│    won, 43 points")), "the result under its game");
}

#[test]
fn before_any_game_ends_the_record_says_so_whole_at_every_size() {
    let mut lobby = lobby();
    lobby.set_records(Vec::new());
    for (width, height) in [(120, 36), (120, 40), (200, 60), (80, 24)] {
        if width == 80 {
            key(&mut lobby, KeyCode::Tab);
        }
        let (lines, _) = screen(&lobby, width, height);
        let whole = lines.iter().any(|line| line.contains("Your games, wins"))
            && lines.iter().any(|line| line.contains("ends."));
        assert!(whole, "{width}x{height}:\n{}", lines.join("\n"));
    }
}

#[test]
fn a_window_open_in_the_lobby_has_its_own_keys_on_the_bottom_line() {
    let mut lobby = lobby();
    key(&mut lobby, KeyCode::Char('n'));
    let screen = text(&lobby, 80, 24);
    let bottom = screen.lines().last().unwrap_or_default();
    assert!(bottom.contains("Enter create") && !bottom.contains("Enter sit"), "{bottom}");
    key(&mut lobby, KeyCode::Esc);
    assert!(text(&lobby, 80, 24).lines().last().unwrap_or_default().contains("Enter sit"));
}

#[test]
fn a_seat_away_says_for_how_long_in_minutes_then_hours() {
    let now = Instant::now();
    let away_for = |seconds: u64| SeatSummary { away_since: Some(now - Duration::from_secs(seconds)), ..person("bob") };
    assert_eq!(person("bob").away(now), None, "a person here is not away");
    assert_eq!(away_for(59).away(now).as_deref(), Some("away"));
    assert_eq!(away_for(3 * 60 + 5).away(now).as_deref(), Some("away 3 min"));
    assert_eq!(away_for(2 * 3600 + 60).away(now).as_deref(), Some("away 2 h"));
}

#[test]
fn a_seat_kept_for_you_is_given_up_from_the_lobby_with_g_then_only_y() {
    let mut bob = Lobby::new("bob", THEME, defaults(), Speed::Normal).holding_as("name:bob");
    bob.set_tables(tables());
    // Asked first: any key but y keeps the seat.
    assert_eq!(key(&mut bob, KeyCode::Char('g')), None);
    let asked = text(&bob, 80, 24);
    assert!(asked.contains("Give up your seat at 7Q4K for good?"), "{asked}");
    assert!(asked.contains("y gives it up; any other key keeps it"), "{asked}");
    assert_eq!(key(&mut bob, KeyCode::Enter), None, "Enter is no yes");
    assert!(!text(&bob, 80, 24).contains("Give up your seat"), "the question is put away");
    assert_eq!(keys(&mut bob, &[KeyCode::Char('g'), KeyCode::Char('y')]), [LobbyEffect::GiveUp("7Q4K".into())]);
    // A table where nothing is kept for this person: said so, nothing asked.
    assert_eq!(keys(&mut bob, &[KeyCode::Down, KeyCode::Char('g')]), []);
    assert!(text(&bob, 80, 24).contains("No seat is kept for you at K2PX"), "{}", text(&bob, 80, 24));
    assert_eq!(key(&mut bob, KeyCode::Char('y')), None);
}
