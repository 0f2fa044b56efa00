//! The real `hearts` binary in a pseudo-terminal, played as a person
//! would: keys and SGR mouse clicks in, the screen (through a vt100
//! emulator) read back.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};

const ROWS: u16 = 24;
const COLS: u16 = 80;

/// A fresh directory standing in for the player's home.
fn sandbox(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("terminal-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

struct Session {
    screen: Arc<Mutex<vt100::Parser>>,
    output: Arc<Mutex<Vec<u8>>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
}

impl Session {
    fn start(home: &Path, args: &[&str]) -> Session {
        let pty = native_pty_system();
        let pair = pty.openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 }).unwrap();
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_hearts"));
        command.args(args);
        command.cwd(home);
        command.env_clear();
        command.env("HOME", home);
        command.env("TERM", "xterm-256color");
        command.env("PATH", std::env::var_os("PATH").unwrap_or_default());
        let child = pair.slave.spawn_command(command).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(ROWS.try_into().unwrap(), COLS.try_into().unwrap(), 0)));
        let output = Arc::new(Mutex::new(Vec::new()));
        let (screen_in, output_in) = (Arc::clone(&screen), Arc::clone(&output));
        std::thread::spawn(move || {
            let _master = pair.master;
            let mut chunk = [0u8; 8192];
            while let Ok(n) = reader.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                screen_in.lock().unwrap().process(&chunk[..n]);
                output_in.lock().unwrap().extend_from_slice(&chunk[..n]);
            }
        });
        Session { screen, output, writer, child }
    }

    fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    fn row(&self, row: u16) -> String {
        let parser = self.screen.lock().unwrap();
        (0..COLS)
            .map(|col| parser.screen().cell(row, col).map_or(" ".to_string(), |c| c.contents().to_string()))
            .map(|s| if s.is_empty() { " ".to_string() } else { s })
            .collect()
    }

    fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// A left click at a 0-based cell, as an SGR mouse press and release.
    fn click(&mut self, col: u16, row: u16) {
        self.send(&format!("\x1b[<0;{};{}M\x1b[<0;{};{}m", col + 1, row + 1, col + 1, row + 1));
    }

    /// Waits until the screen shows `text`.
    fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if self.text().contains(text) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the screen never showed {text:?}:\n{}", self.text());
    }

    /// Waits for the program to end and returns its exit code.
    fn exit_code(&mut self) -> u32 {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                std::thread::sleep(Duration::from_millis(100));
                return status.exit_code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("hearts did not exit:\n{}", self.text());
    }

    /// The status line: what the game says to do now.
    fn status(&self) -> String {
        self.row(ROWS - 2)
    }

    fn assert_terminal_restored(&self) {
        let parser = self.screen.lock().unwrap();
        assert!(!parser.screen().alternate_screen(), "still on the alternate screen");
        assert_eq!(parser.screen().mouse_protocol_mode(), vt100::MouseProtocolMode::None, "mouse capture left on");
    }
}

fn is_your_turn(status: &str) -> bool {
    // After a refused or dropped card the refusal stands alone ("You must
    // follow diamonds", "Dropped the queued 8♣: you must follow spades").
    let status = status.to_lowercase();
    ["your lead", "follow ", "play any card", "hearts are not broken", "first trick"]
        .iter()
        .any(|words| status.contains(words))
}

#[test]
fn a_whole_seeded_game_with_keys_alone() {
    let home = sandbox("keys");
    let mut game = Session::start(&home, &["--seed", "7", "--speed", "instant", "--new", "--record", "copy.jsonl"]);
    game.wait_for("deal 7/1");
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut hands_seen = 0;
    loop {
        assert!(Instant::now() < deadline, "the game did not end:\n{}", game.text());
        let text = game.text();
        let status = game.status();
        if text.contains("Game over") {
            break;
        }
        if text.contains("Enter Next hand") || text.contains("Enter Final standings") {
            hands_seen += 1;
            game.send("\r");
        } else if status.contains("Choose 3 cards to pass") {
            // The hint marks the bot's pass; Enter sends it.
            game.send("i");
            game.wait_for("Pass ");
            game.send("\r");
        } else if is_your_turn(&status) {
            game.send("i");
            std::thread::sleep(Duration::from_millis(20));
            game.send("\r");
        }
        std::thread::sleep(Duration::from_millis(40));
    }
    assert!(hands_seen >= 2, "several hands were summarised");
    let text = game.text();
    assert!(text.contains("Seed 7"), "{text}");
    assert!(text.contains(" wins") || text.contains("You win") || text.contains("share"), "{text}");
    game.send("q");
    assert_eq!(game.exit_code(), 0);
    game.assert_terminal_restored();
    assert!(!home.join(".local/share/hearts/game.json").exists(), "a finished game leaves no save");
    let stats = std::fs::read_to_string(home.join(".local/share/hearts/stats.json")).unwrap();
    assert!(stats.contains("\"games\": 1"), "{stats}");
    // The game is kept as a record that replays, with the person at seat 0.
    let kept = std::fs::read_to_string(home.join(".local/share/hearts/games.jsonl")).unwrap();
    assert_eq!(kept.lines().count(), 1);
    let record: hearts_bots::record::GameRecord = serde_json::from_str(kept.lines().next().unwrap()).unwrap();
    assert_eq!((record.seed, record.seats[0].player.as_str(), record.finished), (7, "human", true));
    record.replay().expect("the kept game replays");
    assert_eq!(std::fs::read_to_string(home.join("copy.jsonl")).unwrap(), kept, "--record writes the same line");

    // And it can be stepped through with `hearts replay`.
    let mut replay = Session::start(&home, &["replay"]);
    replay.wait_for("game 1 of 1");
    replay.wait_for("Hand 1 dealt");
    // It opens at once: the expert's review fills in while you look.
    assert!(replay.text().contains("Reviewing:"), "{}", replay.text());
    replay.send("\x1b[C");
    replay.wait_for("Cards passed");
    replay.send("\x1b[B");
    // The first trick's winner ("You take" or "Left takes").
    replay.wait_for("the trick");
    replay.send("\x1b[F");
    replay.wait_for("Hand     ");
    replay.send("q");
    assert_eq!(replay.exit_code(), 0);
    replay.assert_terminal_restored();
}

/// The columns of the cards in your hand, read off the screen's card row.
fn hand_columns(game: &Session) -> Vec<u16> {
    let line: Vec<char> = game.row(ROWS - 4).chars().collect();
    (0..line.len().saturating_sub(4)).filter(|&i| line[i] == '│' && line[i + 4] == '│').map(|i| i as u16).collect()
}

#[test]
fn a_hand_played_with_mouse_clicks() {
    let home = sandbox("mouse");
    let mut game = Session::start(&home, &["--seed", "42", "--speed", "instant", "--new"]);
    game.wait_for("Choose 3 cards to pass to Left (0 of 3)");
    let columns = hand_columns(&game);
    assert_eq!(columns.len(), 13, "13 cards:\n{}", game.text());
    for (n, &col) in columns.iter().take(3).enumerate() {
        game.click(col + 2, ROWS - 4);
        game.wait_for(&format!("({} of 3)", n + 1).replace("(3 of 3)", "Enter or click PASS"));
    }
    let pass_row = game.row(ROWS - 7);
    let byte = pass_row.find("[ PASS ]").expect("a PASS button");
    let pass_col = pass_row[..byte].chars().count() as u16;
    game.click(pass_col + 3, ROWS - 7);
    game.wait_for("You received");
    let deadline = Instant::now() + Duration::from_secs(60);
    while !game.text().contains("Hand 1 scored") {
        assert!(Instant::now() < deadline, "the hand did not end:\n{}", game.text());
        if is_your_turn(&game.status()) {
            // Click the cards from the left until one is accepted (the others are refused with a reason).
            let before = hand_columns(&game).len();
            for col in hand_columns(&game) {
                game.click(col + 2, ROWS - 3);
                std::thread::sleep(Duration::from_millis(60));
                if hand_columns(&game).len() < before || !is_your_turn(&game.status()) {
                    break;
                }
            }
        }
        std::thread::sleep(Duration::from_millis(40));
    }
    // A click anywhere dismisses the summary and deals hand 2.
    game.click(2, 1);
    game.wait_for("Hand 2 · pass right");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);
    game.assert_terminal_restored();
    assert!(home.join(".local/share/hearts/game.json").exists(), "Ctrl-C keeps the game saved");
}

#[test]
fn quit_mid_game_and_resume_it() {
    let home = sandbox("resume");
    let mut game = Session::start(&home, &["--seed", "42", "--speed", "instant", "--new"]);
    game.wait_for("Choose 3 cards");
    game.send("i");
    game.wait_for("Pass ");
    game.send("\r");
    game.wait_for("You received");
    game.send("q");
    game.wait_for("Quit now?");
    game.send("y");
    assert_eq!(game.exit_code(), 0);
    game.assert_terminal_restored();
    assert!(home.join(".local/share/hearts/game.json").exists());

    let mut again = Session::start(&home, &["--speed", "instant"]);
    again.wait_for("You have an unfinished game");
    assert!(again.text().contains("seed 42"), "{}", again.text());
    again.send("\r");
    again.wait_for("Resumed the game of seed 42");
    assert!(!again.text().contains("Choose 3 cards"), "the pass was kept");
    again.send("\x03");
    assert_eq!(again.exit_code(), 0);
}

#[test]
fn a_corrupt_save_is_reported_and_kept_aside() {
    let home = sandbox("corrupt");
    let data = home.join(".local/share/hearts");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("game.json"), "{ this is not a save").unwrap();
    let mut game = Session::start(&home, &["--speed", "instant"]);
    game.wait_for("could not be read");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);
    assert_eq!(std::fs::read_to_string(data.join("game.corrupt-1.json")).unwrap(), "{ this is not a save");
    let output = String::from_utf8_lossy(&game.output.lock().unwrap()).to_string();
    assert!(output.contains("game.corrupt-1.json"), "the path is printed after the table closes");
}

#[test]
fn a_bad_rules_file_is_reported_before_the_terminal_is_touched() {
    let home = sandbox("bad-rules");
    std::fs::write(home.join("rules.toml"), "target-score = 100\nomnibuss = true\n").unwrap();
    let mut game = Session::start(&home, &[]);
    assert_eq!(game.exit_code(), 2);
    let output = String::from_utf8_lossy(&game.output.lock().unwrap()).to_string();
    assert!(output.contains("rules.toml:2"), "{output}");
    assert!(output.contains("omnibuss"), "{output}");
    assert!(!output.contains("\x1b[?1049h"), "the alternate screen was never entered");
}

#[test]
fn a_saved_program_seat_is_not_started_again_without_the_players_word() {
    let home = sandbox("resume-program");
    let data = home.join(".local/share/hearts");
    std::fs::create_dir_all(&data).unwrap();
    // A save as hearts writes it, with Left played by a program.
    let save = serde_json::json!({
        "version": 1,
        "rules": {},
        "label": "black-lady",
        "players": ["you", "cmd:touch PWNED; cat >/dev/null", "normal", "normal"],
        "seed": 42,
        "actions": [],
        "undos": 0,
        "clock-ms-left": null
    });
    std::fs::write(data.join("game.json"), save.to_string()).unwrap();
    let mut game = Session::start(&home, &["--speed", "instant"]);
    game.wait_for("You have an unfinished game");
    let text = game.text();
    assert!(text.contains("Left was the program: touch PWNED"), "{text}");
    assert!(text.contains("y runs the programs again"), "{text}");
    game.send("\r");
    game.wait_for("Resumed the game of seed 42");
    game.wait_for("Choose 3 cards");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);
    assert!(!home.join("PWNED").exists(), "Enter resumes with the built-in bot in the program's seat");
    let resaved = std::fs::read_to_string(data.join("game.json")).unwrap();
    assert!(!resaved.contains("cmd:"), "the game goes on with the built-in bot, and is saved so: {resaved}");

    std::fs::write(data.join("game.json"), save.to_string()).unwrap();
    let mut asked = Session::start(&home, &["--speed", "instant"]);
    asked.wait_for("You have an unfinished game");
    asked.send("y");
    asked.wait_for("Resumed the game of seed 42");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !home.join("PWNED").exists() {
        assert!(Instant::now() < deadline, "y starts the program again");
        std::thread::sleep(Duration::from_millis(20));
    }
    asked.send("\x03");
    assert_eq!(asked.exit_code(), 0);
}

#[test]
fn a_second_hearts_neither_resumes_nor_overwrites_the_open_game() {
    let home = sandbox("two-at-once");
    let mut first = Session::start(&home, &["--seed", "42", "--speed", "instant", "--new"]);
    first.wait_for("Choose 3 cards");
    first.send("i");
    first.wait_for("Pass ");
    first.send("\r");
    first.wait_for("You received");
    let save = home.join(".local/share/hearts/game.json");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !save.exists() {
        assert!(Instant::now() < deadline, "the first game is saved after the pass");
        std::thread::sleep(Duration::from_millis(20));
    }
    let saved = std::fs::read_to_string(&save).unwrap();

    let mut second = Session::start(&home, &["--seed", "9", "--speed", "instant"]);
    second.wait_for("A game is open in another hearts");
    second.send("i");
    second.wait_for("Pass ");
    second.send("\r");
    second.wait_for("You received");
    second.send("\x03");
    assert_eq!(second.exit_code(), 0);
    assert_eq!(std::fs::read_to_string(&save).unwrap(), saved, "the second process wrote nothing");

    first.send("\x03");
    assert_eq!(first.exit_code(), 0);
    assert!(std::fs::read_to_string(&save).unwrap().contains("\"seed\": 42"));
}

#[test]
fn a_data_directory_that_cannot_be_written_is_reported_and_the_game_plays_on() {
    let home = sandbox("unwritable");
    std::fs::create_dir_all(home.join(".local/share")).unwrap();
    // A file where the data directory should be: nothing can be saved there.
    std::fs::write(home.join(".local/share/hearts"), "not a directory").unwrap();
    let mut game = Session::start(&home, &["--seed", "42", "--speed", "instant"]);
    game.wait_for("games are not saved");
    game.send("i");
    game.wait_for("Pass ");
    game.send("\r");
    game.wait_for("You received");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);
    game.assert_terminal_restored();
    assert_eq!(std::fs::read_to_string(home.join(".local/share/hearts")).unwrap(), "not a directory");
}

/// Sends a signal to the game, as `kill -SIGNAL PID` would.
fn signal(game: &Session, name: &str) {
    let pid = game.child.process_id().expect("the game has a process id");
    let status = std::process::Command::new("sh").arg("-c").arg(format!("kill -{name} {pid}")).status().unwrap();
    assert!(status.success());
}

/// Starts a seeded game and passes, so there is something to save.
fn game_after_the_pass(home: &Path) -> Session {
    let mut game = Session::start(home, &["--seed", "42", "--speed", "instant", "--new"]);
    game.wait_for("Choose 3 cards");
    game.send("i");
    game.wait_for("Pass ");
    game.send("\r");
    game.wait_for("You received");
    game
}

#[test]
fn sigterm_and_sighup_restore_the_terminal_and_save_the_game() {
    for name in ["TERM", "HUP"] {
        let home = sandbox(&format!("signal-{name}"));
        let mut game = game_after_the_pass(&home);
        let save = home.join(".local/share/hearts/game.json");
        let _ = std::fs::remove_file(&save);
        signal(&game, name);
        assert_eq!(game.exit_code(), 0, "SIG{name}");
        game.assert_terminal_restored();
        let saved = std::fs::read_to_string(&save).unwrap_or_else(|_| panic!("SIG{name} saves the game"));
        assert!(saved.contains("\"seed\": 42"), "{saved}");
    }
}

/// Ctrl-Z gives the terminal back (alternate screen and mouse off) and
/// stops the process; when it continues the table is drawn again. Here the
/// game runs in a session of its own with no job control, where the kernel
/// discards the stop, so it continues at once: the test reads the terminal
/// being given back and taken again from the bytes written.
#[test]
fn ctrl_z_gives_the_terminal_back_and_takes_it_again_on_continuing() {
    let home = sandbox("suspend");
    let mut game = game_after_the_pass(&home);
    let before = game.output.lock().unwrap().len();
    game.send("\x1a");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let output = String::from_utf8_lossy(&game.output.lock().unwrap()[before..]).to_string();
        let left = output.find("\x1b[?1049l");
        let mouse_off = output.find("\x1b[?1000l");
        let back = left.and_then(|at| output[at..].find("\x1b[?1049h"));
        if let (Some(_), Some(_), Some(_)) = (left, mouse_off, back) {
            break;
        }
        assert!(Instant::now() < deadline, "Ctrl-Z did not give the terminal back and take it again: {output:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    game.wait_for("deal 42/1");
    assert!(game.screen.lock().unwrap().screen().alternate_screen());
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);
    game.assert_terminal_restored();
}

#[test]
fn a_deal_code_starts_the_seeds_game_at_that_hand() {
    for args in [&["--seed", "42", "--hand", "7"][..], &["--deal", "42/7"][..]] {
        let home = sandbox("deal-code");
        let mut full: Vec<&str> = args.to_vec();
        full.extend(["--speed", "instant"]);
        let mut game = Session::start(&home, &full);
        game.wait_for("deal 42/7");
        let text = game.text();
        assert!(text.contains("Hand 7"), "{text}");
        assert!(text.contains("total 0"), "totals start at 0: {text}");
        game.send("\x03");
        assert_eq!(game.exit_code(), 0);
    }
}

#[test]
fn the_new_game_window_starts_the_game_chosen_and_remembers_it() {
    let home = sandbox("new-game");
    let mut game = Session::start(&home, &["--seed", "42", "--speed", "instant", "--new"]);
    game.wait_for("Choose 3 cards");
    game.send("n");
    game.wait_for("New game");
    game.send("\x1b[B");
    game.send("\x7f\x7f\x7f50");
    game.wait_for("< 50 >");
    game.send("\r");
    game.wait_for("to 50");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);
    let remembered = std::fs::read_to_string(home.join(".config/hearts/new-game.json")).unwrap();
    assert!(remembered.contains("\"target\": 50"), "{remembered}");
    let kept = std::fs::read_to_string(home.join(".local/share/hearts/games.jsonl")).unwrap_or_default();
    assert_eq!(kept.lines().count(), 0, "a game with no action is not kept");

    let mut next = Session::start(&home, &["--seed", "1", "--speed", "instant", "--new"]);
    next.wait_for("Choose 3 cards");
    next.send("n");
    next.wait_for("< 50 >");
    next.send("\x03");
    assert_eq!(next.exit_code(), 0);
}

#[test]
fn a_declined_saved_game_is_kept_with_the_played_games() {
    let home = sandbox("declined");
    let mut game = game_after_the_pass(&home);
    game.send("q");
    game.wait_for("Quit now?");
    game.send("y");
    assert_eq!(game.exit_code(), 0);
    let mut again = Session::start(&home, &["--speed", "instant"]);
    again.wait_for("You have an unfinished game");
    again.send("n");
    again.wait_for("kept with your games");
    again.send("\x03");
    assert_eq!(again.exit_code(), 0);
    let kept = std::fs::read_to_string(home.join(".local/share/hearts/games.jsonl")).unwrap();
    let record: hearts_bots::record::GameRecord = serde_json::from_str(kept.lines().next().unwrap()).unwrap();
    assert_eq!((record.seed, record.finished), (42, false));
}

#[test]
fn a_saved_game_left_for_hearts_new_is_kept_with_the_played_games() {
    let home = sandbox("declined-by-new");
    let mut game = game_after_the_pass(&home);
    game.send("q");
    game.wait_for("Quit now?");
    game.send("y");
    assert_eq!(game.exit_code(), 0);
    let mut again = Session::start(&home, &["--speed", "instant", "--new"]);
    again.wait_for("Choose 3 cards");
    assert!(!again.text().contains("unfinished game"), "--new offers nothing:\n{}", again.text());
    again.send("\x03");
    assert_eq!(again.exit_code(), 0);
    let kept = std::fs::read_to_string(home.join(".local/share/hearts/games.jsonl")).unwrap();
    let record: hearts_bots::record::GameRecord = serde_json::from_str(kept.lines().next().unwrap()).unwrap();
    assert_eq!((record.seed, record.finished), (42, false));
}

#[test]
fn the_hearts_family_at_the_real_table() {
    // Chasse Coeur: before the first lead you are asked about the Generale.
    let home = sandbox("family-generale");
    let mut game = Session::start(&home, &["--preset", "chasse-coeur", "--seed", "3", "--speed", "instant", "--new"]);
    game.wait_for("Declare the Generale?");
    game.send("n");
    let deadline = Instant::now() + Duration::from_secs(20);
    while game.text().contains("Declare the Generale?") && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!game.text().contains("Declare the Generale?"), "n passes:\n{}", game.text());
    game.send("??");
    game.wait_for("Generale: before the first lead, promise every point");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);
    game.assert_terminal_restored();

    // Jokers are drawn as jokers in your hand.
    let rules = hearts_engine::Preset::Joker.rules();
    let seed = (1..100u64)
        .find(|&seed| {
            let deal = hearts_engine::Deal::for_hand(&rules, seed, 0);
            !(deal.hands[hearts_engine::Seat::SOUTH] & hearts_engine::CardSet::JOKERS).is_empty()
        })
        .unwrap();
    let home = sandbox("family-joker");
    let mut game =
        Session::start(&home, &["--preset", "joker", "--seed", &seed.to_string(), "--speed", "instant", "--new"]);
    game.wait_for("JK★");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);

    // Partners: your line names your partner.
    let home = sandbox("family-partners");
    let mut game = Session::start(&home, &["--preset", "partnership", "--seed", "5", "--speed", "instant", "--new"]);
    game.wait_for("with Across");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);

    // The auction: a window asks your bid; the right arrow raises it, Enter bids.
    let home = sandbox("family-auction");
    let mut game = Session::start(&home, &["--preset", "auction", "--seed", "1", "--speed", "instant", "--new"]);
    game.wait_for("Your bid: < 1 >");
    game.send("\x1b[C");
    game.wait_for("Your bid: < 2 >");
    game.send("\r");
    // Nobody outbids you on this seed's deal: you name the suit (Enter takes
    // the one offered), shown on the top line.
    game.wait_for("Name the penalty suit");
    game.send("\r");
    game.wait_for("named by You for 2");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);
    game.assert_terminal_restored();

    // Domino for two: the stock on the top line, the other player across,
    // and a card that does not follow refused with the rule.
    let home = sandbox("family-domino");
    let mut game =
        Session::start(&home, &["--preset", "domino", "--players", "2", "--seed", "3", "--speed", "instant", "--new"]);
    game.wait_for("stock 40");
    game.wait_for("Across · normal");
    // Across leads a spade; a click on your first card, the 5♦, is refused.
    game.wait_for("Follow spades");
    let first = hand_columns(&game)[0];
    game.click(first + 2, ROWS - 3);
    game.wait_for("must follow spades");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);
    game.assert_terminal_restored();

    // Chips: the pot on the top line and chips beside each name.
    let home = sandbox("family-chips");
    let mut game = Session::start(&home, &["--preset", "hoyle-1887", "--seed", "5", "--speed", "instant", "--new"]);
    game.wait_for("pot 0");
    game.wait_for("chips 50");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);
    game.assert_terminal_restored();
}

/// The rows of the window whose title row holds `title` whose text runs
/// into the right border (the column inside it is not blank).
fn window_rows_cut_at_the_border(game: &Session, title: &str) -> Vec<String> {
    let rows: Vec<Vec<char>> = (0..ROWS).map(|row| game.row(row).chars().collect()).collect();
    let Some(top) = rows.iter().position(|row| row.iter().collect::<String>().contains(title)) else {
        return vec![format!("no window {title:?}")];
    };
    let left = rows[top].iter().position(|&c| c == '╭').unwrap();
    let right = rows[top].iter().rposition(|&c| c == '╮').unwrap();
    rows[top + 1..]
        .iter()
        .take_while(|row| row[left] != '╰')
        .filter(|row| row[right - 1] != ' ')
        .map(|row| row[left..=right].iter().collect())
        .collect()
}

/// What you must do on your turn to play, as the status line should say it whole.
fn play_instructions() -> Vec<String> {
    let mut all = vec!["Your lead".to_string()];
    for suit in ["clubs", "diamonds", "spades", "hearts"] {
        all.push(format!("Follow {suit}"));
        all.push(format!("You have no {suit}: play any card"));
    }
    all
}

/// Plays one preset at 80x24 until your second turn to play, reading the
/// screen on the way: the status line's instruction, the rules and trick
/// windows, every seat's points.
fn read_a_preset_at_80x24(preset: &str, players: u8) -> Result<(), String> {
    let home = sandbox(&format!("whole-{preset}-{players}"));
    let players_arg = players.to_string();
    let args = ["--preset", preset, "--players", &players_arg, "--seed", "11", "--speed", "fast", "--new"];
    let mut game = Session::start(&home, &args);
    let what = format!("{preset} at {players}");
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut turns = 0;
    while turns < 2 {
        if Instant::now() > deadline {
            return Err(format!("{what}: never came to your second turn:\n{}", game.text()));
        }
        std::thread::sleep(Duration::from_millis(50));
        let (text, status) = (game.text(), game.status());
        let first = status.trim().split(" · ").next().unwrap_or("").to_string();
        if text.contains("Declare the Generale?") || text.contains("Your bid:") {
            game.send("n");
        } else if text.contains("Name the penalty suit") {
            game.send("\r");
        } else if status.contains("Choose ") && status.contains(" to pass to ") {
            if !(first.starts_with("Choose ") && first.ends_with(" of 3)")) {
                return Err(format!("{what}: the pass instruction is not whole: {status:?}"));
            }
            // Three cards marked with the keys alone (the timed game has no hint).
            game.send(" \x1b[C \x1b[C \x1b[C\r");
            std::thread::sleep(Duration::from_millis(300));
        } else if status.contains("You must") || status.contains("not broken") || status.contains("first trick") {
            // A card refused: the next one.
            game.send("\x1b[C\r");
            std::thread::sleep(Duration::from_millis(300));
        } else if play_instructions().contains(&first) && !text.contains('╭') {
            turns += 1;
            let shown = text.matches(" pts · ").count() + text.matches(" pt · ").count();
            if shown != usize::from(players) {
                return Err(format!("{what}: {shown} seats' points shown, not {players}:\n{text}"));
            }
            game.send("??");
            game.wait_for("This game:");
            // The whole window drawn, not the first of its lines.
            std::thread::sleep(Duration::from_millis(200));
            let cut = window_rows_cut_at_the_border(&game, "This game:");
            if !cut.is_empty() {
                return Err(format!("{what}: the rules window cuts {cut:#?}"));
            }
            game.send("\x1b");
            // (Esc and a key at once would read as Alt and that key.)
            std::thread::sleep(Duration::from_millis(150));
            if turns == 2 {
                game.send("t");
                game.wait_for(" of ");
                std::thread::sleep(Duration::from_millis(200));
                let cut = window_rows_cut_at_the_border(&game, "Trick ");
                if !cut.is_empty() {
                    return Err(format!("{what}: the trick window cuts {cut:#?}"));
                }
                game.send("\x1b");
            } else {
                // A card played (the next if refused), and on until it has left your hand.
                let hand = game.row(ROWS - 4);
                game.send("\r");
                let until = Instant::now() + Duration::from_secs(10);
                while game.row(ROWS - 4) == hand {
                    if Instant::now() > until {
                        return Err(format!("{what}: Enter played no card:\n{}", game.text()));
                    }
                    std::thread::sleep(Duration::from_millis(200));
                    if game.row(ROWS - 4) == hand && game.status().contains("ust ") {
                        game.send("\x1b[C\r");
                    }
                }
            }
        } else if status.trim_start().starts_with("Your lead") || status.trim_start().starts_with("Follow") {
            return Err(format!("{what}: an instruction cut or unknown: {status:?}"));
        }
    }
    game.send("\x03");
    match game.exit_code() {
        0 => Ok(()),
        code => Err(format!("{what}: exit {code}")),
    }
}

#[test]
fn at_80x24_every_preset_shows_the_whole_instruction_whole_windows_and_every_seat() {
    use hearts_engine::Preset;
    let games: Vec<(Preset, u8)> = Preset::ALL
        .iter()
        .enumerate()
        .map(|(i, &preset)| {
            let allowed = preset.player_counts();
            let wanted = if preset == Preset::Cancellation { 11 } else { [3, 4, 7][i % 3] };
            let players = if allowed.contains(&wanted) { wanted } else { allowed[0].max(3) };
            (preset, players)
        })
        .collect();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = games
            .chunks(6)
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|&(p, n)| read_a_preset_at_80x24(&p.to_string(), n).err())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        runs.into_iter().flat_map(|run| run.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_new_game_window_seats_cancellation_at_its_own_sizes_and_never_ends_the_program() {
    let home = sandbox("new-game-cancellation");
    let mut game = Session::start(&home, &["--seed", "42", "--speed", "instant", "--new"]);
    game.wait_for("Choose 3 cards");
    game.send("n");
    game.wait_for("New game");
    // Left from the first preset: the last, Cancellation, for 6 to 11.
    game.send("\x1b[D");
    game.wait_for("< cancellation >");
    game.wait_for("< 8 >");
    game.send("\r");
    game.wait_for("3rd left");
    assert!(game.text().contains("Choose 3 cards"), "a game of eight is dealt:\n{}", game.text());
    // The choice is remembered: the window opens on it and starts it again.
    game.send("n");
    game.wait_for("< cancellation >");
    game.send("\x1b[B\x1b[B\x1b[C");
    game.wait_for("< 9 >");
    game.send("\r");
    game.wait_for("4th left");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0, "the program ended only when asked:\n{}", game.text());
}

#[test]
fn the_next_launch_plays_the_new_game_windows_choices_unless_a_flag_says_otherwise() {
    let home = sandbox("new-game-next-launch");
    let mut game = Session::start(&home, &["--seed", "42", "--speed", "instant", "--new"]);
    game.wait_for("Choose 3 cards");
    game.send("n");
    game.wait_for("New game");
    // Omnibus to 50, for five.
    game.send("\x1b[C");
    game.wait_for("< omnibus >");
    game.send("\x1b[B\x7f\x7f\x7f50");
    game.wait_for("< 50 >");
    game.send("\x1b[B\x1b[C");
    game.wait_for("< 5 >");
    game.send("\r");
    game.wait_for("to 50");
    game.send("\x03");
    assert_eq!(game.exit_code(), 0);

    let mut next = Session::start(&home, &["--seed", "7", "--speed", "instant", "--new"]);
    next.wait_for("Choose 3 cards");
    let text = next.text();
    assert!(text.contains("to 50") && text.contains("2nd left") && text.contains("omnibus+"), "{text}");
    next.send("\x03");
    assert_eq!(next.exit_code(), 0);

    let mut flagged = Session::start(&home, &["--seed", "7", "--speed", "instant", "--new", "--target", "80"]);
    flagged.wait_for("Choose 3 cards");
    let text = flagged.text();
    assert!(text.contains("to 80") && text.contains("2nd left"), "the flag's target, the window's table: {text}");
    flagged.send("\x03");
    assert_eq!(flagged.exit_code(), 0);

    let mut preset = Session::start(&home, &["--seed", "7", "--speed", "instant", "--new", "--preset", "black-lady"]);
    preset.wait_for("Choose 3 cards");
    let text = preset.text();
    assert!(text.contains("to 100") && !text.contains("2nd left"), "a preset named is played as it is: {text}");
    preset.send("\x03");
    assert_eq!(preset.exit_code(), 0);
}
