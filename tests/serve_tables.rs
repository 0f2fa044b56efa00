//! Tables shared over SSH: several people at one table, each from their
//! own client, seats kept for people who come back, and bots that step in
//! for people gone or too slow. The real binary, russh's client in-process.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::serve::{Person, Server, over};

#[tokio::test]
async fn four_people_play_a_whole_game_at_one_table() {
    let server = Server::start("serve_tables", "four", &["--set", "max-hands=2"]);
    let join = format!("join {}", server.code);
    let mut players = Vec::new();
    for name in ["alice", "bob", "carol", "dave"] {
        let mut player = Person::comes(&server, name, &join).await;
        assert!(player.until(|text| text.contains(&format!("Welcome, {name}"))).await, "{}", player.text());
        players.push(player);
    }
    // Each sees the others by name around the table.
    for player in &mut players {
        let everyone =
            |text: &str| ["alice", "bob", "carol", "dave"].iter().filter(|n| text.contains(**n)).count() >= 3;
        assert!(player.until(everyone).await, "{}", player.text());
    }
    let games: Vec<_> = players
        .into_iter()
        .map(|player| {
            tokio::spawn(async move {
                let mut player = player;
                player.play_game().await
            })
        })
        .collect();
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
    let server = Server::start("serve_tables", "back", &[]);
    let join = format!("join {}", server.code);
    let mut alice = Person::comes(&server, "alice", &join).await;
    assert!(alice.until(|text| text.contains("Welcome, alice: you sit at South")).await, "{}", alice.text());
    let mut bob = Person::comes(&server, "bob", &join).await;
    assert!(bob.until(|text| text.contains("Welcome, bob: you sit at West")).await, "{}", bob.text());
    drop(bob);
    assert!(alice.until(|text| text.contains("bob left")).await, "{}", alice.text());
    let mut carol = Person::comes(&server, "carol", &join).await;
    assert!(
        carol.until(|text| text.contains("Welcome, carol: you sit at North")).await,
        "bob's seat is kept for him: {}",
        carol.text()
    );
    let mut bob = Person::comes(&server, "bob", &join).await;
    assert!(bob.until(|text| text.contains("Welcome back, bob")).await, "{}", bob.text());
    assert!(bob.text().contains("(at West)"), "{}", bob.text());
    assert!(alice.until(|text| text.contains("bob is back")).await, "{}", alice.text());
}

#[tokio::test]
async fn after_the_grace_period_the_seat_of_a_person_gone_is_played_by_its_bot() {
    let server = Server::start("serve_tables", "grace", &["--grace", "1", "--set", "max-hands=1"]);
    let join = format!("join {}", server.code);
    let alice = Person::comes(&server, "alice", &join).await;
    let mut bob = Person::comes(&server, "bob", &join).await;
    assert!(bob.until(|text| text.contains("Welcome, bob")).await, "{}", bob.text());
    drop(alice);
    // The game cannot end unless alice's seat passes and plays its cards.
    let last = bob.play_game().await;
    assert!(over(&last), "{last}");
}

#[tokio::test]
async fn the_turn_clock_lets_the_bot_play_for_a_person_who_does_not_move() {
    let server = Server::start("serve_tables", "clock", &["--turn-clock", "1", "--set", "max-hands=1"]);
    let join = format!("join {}", server.code);
    let mut idle = Person::comes(&server, "idle", &join).await;
    let mut bob = Person::comes(&server, "bob", &join).await;
    let last = bob.play_game().await;
    assert!(over(&last), "{last}");
    assert!(idle.until(over).await, "the idle person, still here, sees the end: {}", idle.text());
}

#[tokio::test]
async fn a_watcher_sees_the_table_and_no_hand() {
    let server = Server::start("serve_tables", "watch", &[]);
    let mut alice = Person::comes(&server, "alice", &format!("join {}", server.code)).await;
    assert!(alice.until(|text| text.contains("Welcome, alice")).await);
    let mut watcher = Person::comes(&server, "eve", &format!("watch {}", server.code)).await;
    assert!(watcher.until(|text| text.contains("you are watching")).await, "{}", watcher.text());
    assert!(watcher.text().contains("alice"), "{}", watcher.text());
}

#[tokio::test]
async fn an_unknown_table_code_is_told_so_and_closed() {
    let server = Server::start("serve_tables", "unknown", &[]);
    let mut nobody = Person::comes(&server, "alice", "join ZZZZ").await;
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
    let server = Server::start_process("serve_tables", "kill", &["--tables", "2"]);
    assert_eq!(server.codes.len(), 2, "two tables open");
    let (first, second) = (server.codes[0].clone(), server.codes[1].clone());
    let mut alice = Person::comes(&server, "alice", &format!("join {first}")).await;
    assert!(alice.until(|text| text.contains("(0 of 3)")).await, "{}", alice.text());
    alice.press(" \u{1b}[C \u{1b}[C \r").await;
    // The pass is made and the cards exchanged: the table was saved then.
    assert!(alice.until(|text| text.contains("You received")).await, "{}", alice.text());
    let held = hand_cards(&alice.text());
    assert_eq!(held.len(), 13, "{}", alice.text());
    let mut bob = Person::comes(&server, "bob", &format!("join {second}")).await;
    assert!(bob.until(|text| text.contains("Welcome, bob")).await, "{}", bob.text());

    let server = server.killed_and_started_again(&[]);
    let mut codes = server.codes.clone();
    codes.sort();
    let mut before = [first.clone(), second.clone()];
    before.sort();
    assert_eq!(codes, before, "the same tables under the same codes");
    drop((alice, bob));
    let mut alice = Person::comes(&server, "alice", &format!("join {first}")).await;
    assert!(alice.until(|text| text.contains("Welcome back, alice")).await, "{}", alice.text());
    assert_eq!(hand_cards(&alice.text()), held, "the hand after the pass, as it was:\n{}", alice.text());
    let mut bob = Person::comes(&server, "bob", &format!("join {second}")).await;
    assert!(bob.until(|text| text.contains("Welcome back, bob")).await, "{}", bob.text());
}

#[tokio::test]
async fn a_message_reaches_the_others_without_its_escape_sequences() {
    let server = Server::start("serve_tables", "chat", &[]);
    let join = format!("join {}", server.code);
    let mut alice = Person::comes(&server, "alice", &join).await;
    let mut bob = Person::comes(&server, "bob", &join).await;
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
    let mut server = Server::start_process("serve_tables", "term", &[]);
    let mut alice = Person::comes(&server, "alice", &format!("join {}", server.code)).await;
    assert!(alice.until(|text| text.contains("(0 of 3)")).await, "{}", alice.text());
    let killed = Command::new("kill").args(["-TERM", &server.child().id().to_string()]).status().unwrap();
    assert!(killed.success());
    let status = server.child().wait().unwrap();
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
    let server = Server::start_process("serve_tables", "over", &["--preset", "omnibus", "--set", "max-hands=1"]);
    let join = format!("join {}", server.code);
    let mut alice = Person::comes(&server, "alice", &join).await;
    let last = alice.play_game().await;
    assert!(over(&last), "{last}");
    // Stopped, not killed: a kill may land before the saver has the last trick.
    let server = server.terminated_and_started_again(&[]);
    let mut alice = Person::comes(&server, "alice", &join).await;
    assert!(alice.until(|text| text.contains("Welcome back, alice")).await, "her seat is kept: {}", alice.text());
    assert!(alice.until(|text| text.contains("Game over")).await, "the game is over still: {}", alice.text());
    assert!(alice.text().contains("omnibus"), "the rules are the table's, not the server's: {}", alice.text());
}

#[tokio::test]
async fn a_watcher_cannot_throw_the_game_away_and_a_new_game_mid_hand_is_asked_of_everyone() {
    let server = Server::start("serve_tables", "proposal", &[]);
    let join = format!("join {}", server.code);
    let mut alice = Person::comes(&server, "alice", &join).await;
    let mut bob = Person::comes(&server, "bob", &join).await;
    assert!(alice.until(|text| text.contains("bob sits down")).await, "{}", alice.text());
    assert!(bob.until(|text| text.contains("Welcome, bob")).await, "{}", bob.text());
    let mut eve = Person::comes(&server, "eve", &format!("watch {}", server.code)).await;
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

#[tokio::test]
async fn the_longest_message_is_read_whole_in_the_history_at_80x24() {
    let server = Server::start("serve_tables", "history", &[]);
    let join = format!("join {}", server.code);
    let mut alice = Person::comes(&server, "alice", &join).await;
    let mut bob = Person::comes(&server, "bob", &join).await;
    assert!(alice.until(|text| text.contains("bob sits down")).await, "{}", alice.text());
    // 119 characters in words (a message is at most 120), ending with a word that shows the end came through.
    let words: Vec<String> = (1..=23).map(|n| format!("w{n:03}")).collect();
    let message = format!("{} tail", words.join(" "));
    assert_eq!(message.len(), 119);
    alice.press("m").await;
    assert!(alice.until(|text| text.contains("Say:")).await, "{}", alice.text());
    alice.press(&format!("{message}\r")).await;
    assert!(bob.until(|text| text.contains("alice:")).await, "{}", bob.text());
    bob.press("M").await;
    // The history's own rows: the key line below it shows the newest message for a while too.
    let history = |text: &str| {
        let rows: Vec<&str> = text.lines().skip_while(|row| !row.contains("Messages (")).skip(1).collect();
        rows.into_iter().take_while(|row| !row.contains('╰')).collect::<Vec<_>>().join("\n")
    };
    assert!(bob.until(|text| history(text).contains("tail")).await, "the end is in the history:\n{}", bob.text());
    let shown = history(&bob.text());
    for word in &words {
        assert!(shown.contains(word.as_str()), "{word} is missing from the history:\n{shown}");
    }
    assert!(shown.lines().filter(|row| row.contains("w0")).count() >= 2, "wrapped over rows:\n{shown}");
}
