//! Tables shared over SSH: several people at one table, each from their
//! own client, seats kept for people who come back, and bots that step in
//! for people gone or too slow. The real binary, russh's client in-process.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use russh::ChannelMsg;
use russh::client::{self, Handle};
use russh::keys::PublicKeyOrCertificate;

/// A server started for one test, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    /// The code of the first table opened at start.
    code: String,
    /// Every table's code, as printed at start.
    codes: Vec<String>,
    dir: PathBuf,
}

impl Server {
    fn start(name: &str, args: &[&str]) -> Server {
        let dir = std::env::temp_dir().join(format!("hearts-tables-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Server::start_in(dir, args)
    }

    /// A server on the data directory `dir`; the codes of the tables it
    /// opens (or takes up) are read from what it prints.
    fn start_in(dir: PathBuf, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hearts"))
            .arg("serve")
            .args(["--listen", "127.0.0.1:0", "--speed", "instant"])
            .args(args)
            .env("XDG_DATA_HOME", &dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().unwrap().unwrap();
        let port = first
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split(',').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no port in {first:?}"));
        let mut codes = Vec::new();
        for line in lines.map(Result::unwrap) {
            if line.starts_with("play:") {
                break;
            }
            if let Some(code) = line.strip_prefix("join: ").and_then(|join| join.rsplit(' ').next()) {
                assert!(line.contains(&format!("join {code}")) && code.len() == 4, "{line}");
                codes.push(code.to_string());
            } else {
                assert!(line.starts_with("table "), "{line}");
            }
        }
        let code = codes.first().cloned().expect("a table is opened at start");
        Server { child, port, code, codes, dir }
    }

    /// Kills the server at once (no chance to save), then starts it again
    /// on the same data directory.
    fn killed_and_started_again(mut self, args: &[&str]) -> Server {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        let dir = std::mem::replace(&mut self.dir, PathBuf::new());
        Server::start_in(dir, args)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if !self.dir.as_os_str().is_empty() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// A client that trusts any host key (the test has just seen it made).
struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// One person at a table: their connection, channel and screen.
struct Player {
    _session: Handle<Trusting>,
    channel: russh::Channel<client::Msg>,
    screen: vt100::Parser,
    /// Every byte the server sent.
    bytes: Vec<u8>,
}

impl Player {
    /// `user` comes in with `command` (`join CODE`, `watch CODE`) on an 80x24 terminal.
    async fn comes(server: &Server, user: &str, command: &str) -> Player {
        let config = Arc::new(client::Config::default());
        let mut session = client::connect(config, ("127.0.0.1", server.port), Trusting).await.expect("connects");
        // An open server asks for a key first, then lets a client without one in with no prompt.
        let login = session.authenticate_keyboard_interactive_start(user, None).await.unwrap();
        assert!(matches!(login, client::KeyboardInteractiveAuthResponse::Success));
        let channel = session.channel_open_session().await.unwrap();
        channel.request_pty(false, "xterm-256color", 80, 24, 0, 0, &[]).await.unwrap();
        channel.exec(false, command).await.unwrap();
        let size = |n: u16| std::num::NonZero::new(n).unwrap();
        Player { _session: session, channel, screen: vt100::Parser::new(size(24), size(80), 0), bytes: Vec::new() }
    }

    fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// Reads the screen until `done` holds for it; false if the channel
    /// closes or a minute passes first.
    async fn until(&mut self, done: impl Fn(&str) -> bool) -> bool {
        let reading = async {
            while !done(&self.text()) {
                match self.channel.wait().await {
                    Some(ChannelMsg::Data { data }) => {
                        self.screen.process(&data);
                        self.bytes.extend_from_slice(&data);
                    }
                    Some(_) => {}
                    None => return false,
                }
            }
            true
        };
        tokio::time::timeout(Duration::from_secs(60), reading).await.unwrap_or(false)
    }

    async fn press(&mut self, keys: &str) {
        self.channel.data(keys.as_bytes()).await.unwrap();
    }

    /// Plays as a person reading the screen would, until the game is
    /// over: marks the first three cards to pass, plays the card under
    /// the cursor (a turn starts on a card that may be played), closes
    /// each hand's summary. What the last screen showed.
    async fn play_game(mut self) -> String {
        let mut answered = String::new();
        loop {
            let waiting_on = answered.clone();
            let moved = self.until(|text| text != waiting_on && (over(text) || keys_for(text).is_some())).await;
            let text = self.text();
            if !moved || over(&text) {
                return text;
            }
            if let Some(keys) = keys_for(&text) {
                self.press(keys).await;
            }
            answered = text;
        }
    }
}

/// The game-over window is up.
fn over(text: &str) -> bool {
    text.contains("The game is over")
}

/// What a person presses on this screen, if it waits on them.
fn keys_for(text: &str) -> Option<&'static str> {
    if text.contains("(0 of 3)") {
        return Some(" \u{1b}[C \u{1b}[C ");
    }
    let ours = ["Enter or click PASS", "Your lead", "Follow ", "play any card", "Enter continue", "shot the moon"];
    ours.iter().any(|cue| text.contains(cue)).then_some("\r")
}

#[tokio::test]
async fn four_people_play_a_whole_game_at_one_table() {
    let server = Server::start("four", &["--set", "max-hands=2"]);
    let join = format!("join {}", server.code);
    let mut players = Vec::new();
    for name in ["alice", "bob", "carol", "dave"] {
        let mut player = Player::comes(&server, name, &join).await;
        assert!(player.until(|text| text.contains(&format!("Welcome, {name}"))).await, "{}", player.text());
        players.push(player);
    }
    // Each sees the others by name around the table.
    for player in &mut players {
        let everyone =
            |text: &str| ["alice", "bob", "carol", "dave"].iter().filter(|n| text.contains(**n)).count() >= 3;
        assert!(player.until(everyone).await, "{}", player.text());
    }
    let games: Vec<_> = players.into_iter().map(|player| tokio::spawn(player.play_game())).collect();
    for game in games {
        let last = game.await.unwrap();
        assert!(over(&last), "every person reaches the end of the game:\n{last}");
    }
    // The game is kept, each seat its person's.
    let file = server.dir.join("games.jsonl");
    let exported = Command::new(env!("CARGO_BIN_EXE_hearts"))
        .args(["serve", "--export"])
        .arg(&file)
        .env("XDG_DATA_HOME", &server.dir)
        .output()
        .unwrap();
    assert!(exported.status.success(), "{}", String::from_utf8_lossy(&exported.stderr));
    let text = std::fs::read_to_string(&file).unwrap();
    let record: serde_json::Value = serde_json::from_str(text.lines().next().expect("one game kept")).unwrap();
    let players: Vec<&str> =
        record["seats"].as_array().unwrap().iter().map(|s| s["player"].as_str().unwrap()).collect();
    assert_eq!(players, ["human:alice", "human:bob", "human:carol", "human:dave"]);
    assert_eq!(record["finished"], true);
}

#[tokio::test]
async fn a_person_who_comes_back_takes_their_seat_where_the_game_is() {
    let server = Server::start("back", &[]);
    let join = format!("join {}", server.code);
    let mut alice = Player::comes(&server, "alice", &join).await;
    assert!(alice.until(|text| text.contains("Welcome, alice: you sit at South")).await, "{}", alice.text());
    let mut bob = Player::comes(&server, "bob", &join).await;
    assert!(bob.until(|text| text.contains("Welcome, bob: you sit at West")).await, "{}", bob.text());
    drop(bob);
    assert!(alice.until(|text| text.contains("bob left")).await, "{}", alice.text());
    let mut carol = Player::comes(&server, "carol", &join).await;
    assert!(
        carol.until(|text| text.contains("Welcome, carol: you sit at North")).await,
        "bob's seat is kept for him: {}",
        carol.text()
    );
    let mut bob = Player::comes(&server, "bob", &join).await;
    assert!(bob.until(|text| text.contains("Welcome back, bob")).await, "{}", bob.text());
    assert!(bob.text().contains("(at West)"), "{}", bob.text());
    assert!(alice.until(|text| text.contains("bob is back")).await, "{}", alice.text());
}

#[tokio::test]
async fn after_the_grace_period_the_seat_of_a_person_gone_is_played_by_its_bot() {
    let server = Server::start("grace", &["--grace", "1", "--set", "max-hands=1"]);
    let join = format!("join {}", server.code);
    let alice = Player::comes(&server, "alice", &join).await;
    let mut bob = Player::comes(&server, "bob", &join).await;
    assert!(bob.until(|text| text.contains("Welcome, bob")).await, "{}", bob.text());
    drop(alice);
    // The game cannot end unless alice's seat passes and plays its cards.
    let last = bob.play_game().await;
    assert!(over(&last), "{last}");
}

#[tokio::test]
async fn the_turn_clock_lets_the_bot_play_for_a_person_who_does_not_move() {
    let server = Server::start("clock", &["--turn-clock", "1", "--set", "max-hands=1"]);
    let join = format!("join {}", server.code);
    let mut idle = Player::comes(&server, "idle", &join).await;
    let bob = Player::comes(&server, "bob", &join).await;
    let last = bob.play_game().await;
    assert!(over(&last), "{last}");
    assert!(idle.until(over).await, "the idle person, still here, sees the end: {}", idle.text());
}

#[tokio::test]
async fn a_watcher_sees_the_table_and_no_hand() {
    let server = Server::start("watch", &[]);
    let mut alice = Player::comes(&server, "alice", &format!("join {}", server.code)).await;
    assert!(alice.until(|text| text.contains("Welcome, alice")).await);
    let mut watcher = Player::comes(&server, "eve", &format!("watch {}", server.code)).await;
    assert!(watcher.until(|text| text.contains("you are watching")).await, "{}", watcher.text());
    assert!(watcher.text().contains("alice"), "{}", watcher.text());
}

#[tokio::test]
async fn an_unknown_table_code_is_told_so_and_closed() {
    let server = Server::start("unknown", &[]);
    let mut nobody = Player::comes(&server, "alice", "join ZZZZ").await;
    assert!(nobody.until(|text| text.contains("there is no table ZZZZ here")).await, "{}", nobody.text());
}

/// The cards of the hand drawn at the bottom of an 80x24 screen, in order.
fn hand_cards(text: &str) -> Vec<String> {
    let rows: Vec<&str> = text.lines().collect();
    // The card faces' rows: the hand is the last cards drawn.
    let bottom = rows[rows.len().saturating_sub(6)..]
        .iter()
        .filter(|row| row.contains('│'))
        .copied()
        .collect::<Vec<_>>()
        .join("\n");
    let mut cards = Vec::new();
    for (i, c) in bottom.char_indices() {
        if "♠♥♦♣".contains(c) {
            let before: String = bottom[..i].chars().rev().take(3).collect::<String>().chars().rev().collect();
            let rank: String = before.trim().chars().rev().take_while(|r| r.is_ascii_alphanumeric()).collect();
            cards.push(format!("{}{c}", rank.chars().rev().collect::<String>()));
        }
    }
    cards
}

#[tokio::test]
async fn a_server_killed_with_9_takes_up_every_table_where_it_was() {
    let server = Server::start("kill", &["--tables", "2"]);
    assert_eq!(server.codes.len(), 2, "two tables open");
    let (first, second) = (server.codes[0].clone(), server.codes[1].clone());
    let mut alice = Player::comes(&server, "alice", &format!("join {first}")).await;
    assert!(alice.until(|text| text.contains("(0 of 3)")).await, "{}", alice.text());
    alice.press(" \u{1b}[C \u{1b}[C \r").await;
    // The pass is made and the cards exchanged: the table was saved then.
    assert!(alice.until(|text| text.contains("You received")).await, "{}", alice.text());
    let held = hand_cards(&alice.text());
    assert_eq!(held.len(), 13, "{}", alice.text());
    let mut bob = Player::comes(&server, "bob", &format!("join {second}")).await;
    assert!(bob.until(|text| text.contains("Welcome, bob")).await, "{}", bob.text());

    let server = server.killed_and_started_again(&[]);
    let mut codes = server.codes.clone();
    codes.sort();
    let mut before = [first.clone(), second.clone()];
    before.sort();
    assert_eq!(codes, before, "the same tables under the same codes");
    drop((alice, bob));
    let mut alice = Player::comes(&server, "alice", &format!("join {first}")).await;
    assert!(alice.until(|text| text.contains("Welcome back, alice")).await, "{}", alice.text());
    assert_eq!(hand_cards(&alice.text()), held, "the hand after the pass, as it was:\n{}", alice.text());
    let mut bob = Player::comes(&server, "bob", &format!("join {second}")).await;
    assert!(bob.until(|text| text.contains("Welcome back, bob")).await, "{}", bob.text());
}

#[tokio::test]
async fn a_message_reaches_the_others_without_its_escape_sequences() {
    let server = Server::start("chat", &[]);
    let join = format!("join {}", server.code);
    let mut alice = Player::comes(&server, "alice", &join).await;
    let mut bob = Player::comes(&server, "bob", &join).await;
    assert!(alice.until(|text| text.contains("bob sits down")).await, "{}", alice.text());
    alice.press("m").await;
    assert!(alice.until(|text| text.contains("Say:")).await, "{}", alice.text());
    // An escape sequence that would retitle bob's terminal, and one that would clear it.
    alice.press("hi \u{1b}]0;pwned\u{7}bob \u{1b}[2J!\r").await;
    assert!(bob.until(|text| text.contains("alice: hi")).await, "{}", bob.text());
    let osc = bob.bytes.windows(2).any(|pair| pair == b"\x1b]");
    assert!(!osc && !bob.bytes.contains(&7), "no operating-system command or bell reaches bob's terminal");
    assert!(bob.text().contains("Hand 1"), "and bob's screen was not cleared: {}", bob.text());
}

#[tokio::test]
async fn sigterm_saves_every_table_and_gives_the_terminals_back() {
    let mut server = Server::start("term", &[]);
    let mut alice = Player::comes(&server, "alice", &format!("join {}", server.code)).await;
    assert!(alice.until(|text| text.contains("(0 of 3)")).await, "{}", alice.text());
    let killed = Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let status = server.child.wait().unwrap();
    assert!(status.success(), "a stopped server exits cleanly: {status:?}");
    // alice's terminal is handed back: the alternate screen is left.
    let left = alice.until(|_| false).await;
    assert!(!left, "the channel closes");
    assert!(alice.bytes.windows(8).any(|w| w == b"\x1b[?1049l"), "the alternate screen is left");
    let dir = std::mem::replace(&mut server.dir, PathBuf::new());
    let again = Server::start_in(dir, &[]);
    assert_eq!(again.codes, [server.code.clone()], "the table is there again");
}

#[tokio::test]
async fn a_table_at_game_over_comes_back_from_a_restart_with_its_rules_and_seats() {
    let server = Server::start("over", &["--preset", "omnibus", "--set", "max-hands=1"]);
    let join = format!("join {}", server.code);
    let alice = Player::comes(&server, "alice", &join).await;
    let last = alice.play_game().await;
    assert!(over(&last), "{last}");
    let server = server.killed_and_started_again(&[]);
    let mut alice = Player::comes(&server, "alice", &join).await;
    assert!(alice.until(|text| text.contains("Welcome back, alice")).await, "her seat is kept: {}", alice.text());
    assert!(alice.until(|text| text.contains("Game over")).await, "the game is over still: {}", alice.text());
    assert!(alice.text().contains("omnibus"), "the rules are the table's, not the server's: {}", alice.text());
}

#[tokio::test]
async fn a_watcher_cannot_throw_the_game_away_and_a_new_game_mid_hand_is_asked_of_everyone() {
    let server = Server::start("proposal", &[]);
    let join = format!("join {}", server.code);
    let mut alice = Player::comes(&server, "alice", &join).await;
    let mut bob = Player::comes(&server, "bob", &join).await;
    assert!(alice.until(|text| text.contains("bob sits down")).await, "{}", alice.text());
    assert!(bob.until(|text| text.contains("Welcome, bob")).await, "{}", bob.text());
    let mut eve = Player::comes(&server, "eve", &format!("watch {}", server.code)).await;
    assert!(eve.until(|text| text.contains("you are watching")).await, "{}", eve.text());
    eve.press("n\r").await;
    assert!(eve.until(|text| text.contains("You are watching: the cards are the players'")).await, "{}", eve.text());
    assert!(!bob.text().contains("New game"), "nothing reached bob: {}", bob.text());
    // alice asks for a new game in the middle of the hand: bob is asked on his own screen.
    alice.press("n").await;
    assert!(alice.until(|text| text.contains("Propose")).await, "{}", alice.text());
    alice.press("\r").await;
    assert!(bob.until(|text| text.contains("alice proposes a new game")).await, "{}", bob.text());
    bob.press("n").await;
    assert!(alice.until(|text| text.contains("bob declined the new game")).await, "{}", alice.text());
}
