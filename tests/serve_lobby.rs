//! The lobby of `hearts serve` and the ends of a session, from the
//! outside: the real binary, russh's client in-process and OpenSSH's own
//! `ssh` in a pseudo-terminal, each reading the bytes the server sends as
//! a terminal would. A lone Esc acts at once and the key after it is a key
//! of its own; a private table is listed for the person who opened it; a
//! game replayed from the lobby names its seats by who played them; `S` at
//! a table shows the person's record here; and a session that ends, idle
//! in the lobby or with the server stopping, gives the terminal back and
//! says why.

mod common;

use std::time::{Duration, Instant};

use common::openssh::Ssh;
use common::serve::{Person, Server, over, terminal_given_back};

#[tokio::test]
async fn a_lone_esc_acts_at_once_and_a_key_after_it_is_a_key_of_its_own() {
    let server = Server::start("serve_lobby", "escape", &["--tables", "2"]);
    let mut alice = Person::comes(&server, "alice", "").await;
    assert!(alice.until(|text| text.contains("Tables (2)")).await, "{}", alice.text());
    let first = cursor_row(&alice.text()).expect("the cursor is on the first table");
    let help = |text: &str| text.contains("Lobby keys");
    // The lobby looks at its tables once a second: a lone Esc does not wait for that.
    let mut slowest = Duration::ZERO;
    for _ in 0..5 {
        alice.press("?").await;
        assert!(alice.until(help).await, "{}", alice.text());
        let pressed = Instant::now();
        alice.press("\u{1b}").await;
        assert!(alice.until(|text| !help(text)).await, "{}", alice.text());
        slowest = slowest.max(pressed.elapsed());
    }
    // The Esc waits 30 ms for the rest of a sequence; the rest is the round trip on a busy machine.
    assert!(slowest < Duration::from_millis(250), "Esc closed the help in {slowest:?} at worst");

    // Esc, then a key a moment later (before the lobby's next look at its tables): both act.
    alice.press("?").await;
    assert!(alice.until(help).await, "{}", alice.text());
    alice.press("\u{1b}").await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    alice.press("j").await;
    let joining = alice.until_within(Duration::from_secs(3), |text| text.contains("Join a table")).await;
    assert!(joining && !help(&alice.text()), "Esc closed the help and j opened the code field:\n{}", alice.text());
    // Esc, then an arrow: the arrow is whole, and moves the cursor to the second table.
    alice.press("\u{1b}").await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    alice.press("\u{1b}[B").await;
    let second = |text: &str| !text.contains("Join a table") && cursor_row(text) == Some(first + 2);
    let moved = alice.until_within(Duration::from_secs(3), second).await;
    assert!(moved, "Esc closed the code field and the cursor went down a table (two lines):\n{}", alice.text());
}

/// The screen row of the lobby's cursor ("> " before a table's code).
fn cursor_row(text: &str) -> Option<usize> {
    text.lines().position(|line| line.trim_start_matches('│').starts_with("> "))
}

#[tokio::test]
async fn a_private_table_is_listed_with_its_code_for_the_person_who_opened_it_alone() {
    let server = Server::start("serve_lobby", "private", &[]);
    let mut alice = Person::comes(&server, "alice", "").await;
    assert!(alice.until(|text| text.contains("Tables (1)")).await, "{}", alice.text());
    // n, then up to the "Lobby" line (fifth from the end, round from the top), private, Enter.
    alice.press("n").await;
    assert!(alice.until(|text| text.contains("New table")).await, "{}", alice.text());
    alice.press("\u{1b}[A\u{1b}[A\u{1b}[A\u{1b}[A\u{1b}[A\u{1b}[C").await;
    assert!(alice.until(|text| text.contains("private: join by code")).await, "{}", alice.text());
    alice.press("\r").await;
    assert!(alice.until(|text| text.contains("Welcome, alice")).await, "{}", alice.text());
    // Back in the lobby (q, and q again to confirm): her table is there, private, with its code.
    alice.press("qq").await;
    let listed = |text: &str| text.contains("Tables (2)") && text.contains("private: alice (away)");
    assert!(alice.until(listed).await, "{}", alice.text());
    let code = private_code(&alice.text());
    assert_ne!(code, server.code);

    // bob's lobby lists the server's table alone, even after a few looks at the tables.
    let mut bob = Person::comes(&server, "bob", "").await;
    assert!(bob.until(|text| text.contains("Tables (1)")).await, "{}", bob.text());
    bob.read_for(Duration::from_secs(3)).await;
    assert!(!bob.text().contains(&code) && !bob.text().contains("private"), "{}", bob.text());
    // alice, coming in again once she has gone (her name has no key: it takes over no session that lives), is
    // who opened it: her lobby lists it again.
    alice.session.disconnect(russh::Disconnect::ByApplication, "", "").await.unwrap();
    let mut again = Person::comes(&server, "alice", "").await;
    for _ in 0..50 {
        let seen = |text: &str| text.contains("Tables (2)") || text.contains("is here already");
        if again.until(seen).await && !again.text().contains("is here already") {
            break;
        }
        // Her first session has not ended at the server yet.
        tokio::time::sleep(Duration::from_millis(100)).await;
        again = Person::comes(&server, "alice", "").await;
    }
    assert!(again.until(|text| text.contains("Tables (2)") && text.contains(&code)).await, "{}", again.text());
}

/// The value beside `label` in a window on the screen.
fn figure(text: &str, label: &str) -> Option<String> {
    let line = text.lines().find(|line| line.contains(label))?;
    let after = &line[line.find(label)? + label.len()..];
    after.split_whitespace().next().map(str::to_string)
}

/// The code of the private table listed on a lobby's screen at 80x24 (its
/// seats, marked private, are on the line under its code).
fn private_code(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|line| line.contains("private:")).expect("a private table");
    let row = lines[at - 1].trim_start_matches(['│', ' ', '>']);
    row[..4].to_string()
}

#[tokio::test]
async fn your_record_here_is_at_s_and_a_game_replayed_in_the_lobby_is_seen_from_your_seat() {
    // carol takes South and goes: her seat stays hers, its bot playing for her after a second.
    let server = Server::start("serve_lobby", "record", &["--set", "max-hands=1", "--grace", "1"]);
    let join = format!("join {}", server.code);
    let mut carol = Person::comes(&server, "carol", &join).await;
    assert!(carol.until(|text| text.contains("Welcome, carol: you sit at South")).await, "{}", carol.text());
    drop(carol);
    let mut alice = Person::comes(&server, "alice", &join).await;
    assert!(alice.until(|text| text.contains("Welcome, alice: you sit at West")).await, "{}", alice.text());
    // Before any game: her record here under the table's rules, nothing played yet.
    alice.press("S").await;
    assert!(alice.until(|text| text.contains("Your record here")).await, "{}", alice.text());
    assert_eq!(figure(&alice.text(), "Games played").as_deref(), Some("0"), "{}", alice.text());
    alice.press("\u{1b}").await;
    assert!(alice.until(|text| !text.contains("Your record here")).await, "{}", alice.text());

    let last = alice.play_game().await;
    assert!(over(&last), "the game stopped:\n{last}");
    // The game is over and kept: from the final standings, S now counts it.
    alice.press("\r").await;
    assert!(alice.until(|text| text.contains("Game over")).await, "{}", alice.text());
    alice.press("S").await;
    let counted = |text: &str| figure(text, "Games played").as_deref() == Some("1");
    assert!(alice.until(counted).await, "{}", alice.text());
    let hands = figure(&alice.text(), "Hands played").and_then(|hands| hands.parse::<u32>().ok());
    assert!(hands.is_some_and(|hands| hands > 0), "{}", alice.text());

    // In the lobby, carol's table's game, replayed by alice: alice is You, carol is carol.
    alice.press("q").await;
    assert!(alice.until(|text| text.contains("Your games (1)")).await, "{}", alice.text());
    alice.press("\tr").await;
    assert!(alice.until(|text| text.contains("Replay") && text.contains("You (")).await, "{}", alice.text());
    let text = alice.text();
    assert!(text.contains("You (alice)"), "{text}");
    assert!(text.contains("(carol)") && !text.contains("You (carol)") && !text.contains("human:"), "{text}");
    let rows: Vec<&str> = text.lines().skip(1).take(4).collect();
    assert!(rows[0].contains("You (alice)"), "her own seat is listed first: {text}");
    assert!(rows[3].contains("Right (carol)"), "carol, at South, is on alice's right: {text}");
}

#[tokio::test]
async fn the_server_stopping_gives_every_terminal_back_and_says_so() {
    // The binary at SIGTERM, and `Server::stop` in this process.
    for (name, binary) in [("stop", true), ("stop-in-process", false)] {
        let mut server = if binary {
            Server::start_process("serve_lobby", name, &[])
        } else {
            Server::start("serve_lobby", name, &[])
        };
        let mut lobby = Person::comes(&server, "alice", "").await;
        assert!(lobby.until(|text| text.contains("Tables (1)")).await, "{}", lobby.text());
        let mut seated = Person::comes(&server, "bob", &format!("join {}", server.code)).await;
        assert!(seated.until(|text| text.contains("Welcome, bob")).await, "{}", seated.text());
        assert!(server.terminate(), "{name}: a stopped server exits cleanly");
        for person in [&mut lobby, &mut seated] {
            person.until_closed().await;
            assert!(person.given_back(), "{name}: {:?}", String::from_utf8_lossy(&person.bytes));
            let said = "hearts: the server is stopping; every table is saved as it is";
            assert!(person.text().contains(said), "{name}: {}", person.text());
        }
    }
}

#[test]
fn a_person_idle_in_the_lobby_is_let_go_with_the_terminal_given_back_and_told_why() {
    let server = Server::start("serve_lobby", "idle", &["--lobby-idle", "2"]);
    let mut ssh = Ssh::run(server.port, &server.dir, "alice", &["-o", "PubkeyAuthentication=no"], None, "");
    ssh.shows("Tables (1)");
    assert!(ssh.screen.lock().unwrap().screen().alternate_screen(), "the lobby is on the alternate screen");
    ssh.exit_code();
    let screen = ssh.screen.lock().unwrap();
    let said = String::from_utf8_lossy(&ssh.output.lock().unwrap()).into_owned();
    assert!(terminal_given_back(screen.screen()), "{said:?}");
    let text = screen.screen().contents();
    assert!(text.contains("hearts: you were idle in the lobby too long"), "{text}\n{said:?}");
    let words = said.rfind("hearts: you were idle").unwrap();
    assert!(said[..words].contains("\u{1b}[?1049l"), "the alternate screen is left before the words: {said:?}");
}

/// `person` opens a table from the lobby with the new-game window's
/// choices as they are, and sits at it.
async fn opens_a_table(person: &mut Person, name: &str) {
    asks_for_a_table(person).await;
    assert!(person.until(|text| text.contains(&format!("Welcome, {name}"))).await, "{}", person.text());
}

/// The person asks the lobby for a new table of the server's rules.
async fn asks_for_a_table(person: &mut Person) {
    person.press("n").await;
    assert!(person.until(|text| text.contains("New table")).await, "{}", person.text());
    person.press("\r").await;
}

#[tokio::test]
async fn a_table_nobody_is_at_closes_and_its_unfinished_game_is_kept() {
    let server = Server::start("serve_lobby", "close", &["--close-after", "2"]);
    let mut alice = Person::comes(&server, "alice", "").await;
    assert!(alice.until(|text| text.contains("Tables (1)")).await, "{}", alice.text());
    opens_a_table(&mut alice, "alice").await;
    // She passes three cards: the game is partly hers.
    assert!(alice.until(|text| text.contains("(0 of 3)")).await, "{}", alice.text());
    alice.press(" \u{1b}[C \u{1b}[C \r").await;
    assert!(alice.until(|text| text.contains("You received")).await, "{}", alice.text());
    alice.press("qq").await;
    assert!(alice.until(|text| text.contains("Tables (2)")).await, "{}", alice.text());
    // Two seconds with nobody there: the table closes, its game among hers, unfinished, and her lobby says both.
    let closed = |text: &str| text.contains("Tables (1)") && text.contains("Your games (1)");
    assert!(alice.until(closed).await, "{}", alice.text());
    // The server's own table stays open with nobody at it.
    let mut bob = Person::comes(&server, "bob", &format!("watch {}", server.code)).await;
    assert!(bob.until(|text| text.contains("Welcome, bob")).await, "{}", bob.text());
}

#[tokio::test]
async fn a_person_may_have_a_bounded_number_of_tables_open() {
    let server = Server::start("serve_lobby", "bound", &["--tables-per-person", "1"]);
    let mut alice = Person::comes(&server, "alice", "").await;
    assert!(alice.until(|text| text.contains("Tables (1)")).await, "{}", alice.text());
    opens_a_table(&mut alice, "alice").await;
    alice.press("qq").await;
    assert!(alice.until(|text| text.contains("Tables (2)")).await, "{}", alice.text());
    asks_for_a_table(&mut alice).await;
    let refused = |text: &str| text.contains("you have 1 open, the most one person may");
    assert!(alice.until(refused).await, "{}", alice.text());
    // bob is someone else: his table opens.
    let mut bob = Person::comes(&server, "bob", "").await;
    assert!(bob.until(|text| text.contains("Tables (2)")).await, "{}", bob.text());
    opens_a_table(&mut bob, "bob").await;
    // alice's lobby shows his table as soon as it opens.
    assert!(alice.until(|text| text.contains("Tables (3)")).await, "{}", alice.text());
}

#[tokio::test]
async fn a_persons_tables_count_against_their_bound_across_a_restart() {
    let args = ["--tables-per-person", "1"];
    let server = Server::start_process("serve_lobby", "bound-restart", &args);
    let mut alice = Person::comes(&server, "alice", "").await;
    assert!(alice.until(|text| text.contains("Tables (1)")).await, "{}", alice.text());
    opens_a_table(&mut alice, "alice").await;
    // Saved with its opener the moment it opened: killed now, the server takes it up as hers.
    drop(alice);
    let server = server.killed_and_started_again(&args);
    assert_eq!(server.codes.len(), 2, "the table she opened is taken up");
    let mut alice = Person::comes(&server, "alice", "").await;
    assert!(alice.until(|text| text.contains("Tables (2)")).await, "{}", alice.text());
    asks_for_a_table(&mut alice).await;
    let refused = |text: &str| text.contains("you have 1 open, the most one person may");
    assert!(alice.until(refused).await, "{}", alice.text());
}

#[tokio::test]
async fn one_network_may_have_a_bounded_number_of_tables_open_whatever_names_it_uses() {
    let server = Server::start("serve_lobby", "network", &[]);
    for n in 0..8 {
        let name = format!("p{n}");
        let mut person = Person::comes(&server, &name, "").await;
        assert!(person.until(|text| text.contains(&format!("Tables ({})", n + 1))).await, "{}", person.text());
        opens_a_table(&mut person, &name).await;
    }
    let mut ninth = Person::comes(&server, "p8", "").await;
    assert!(ninth.until(|text| text.contains("Tables (9)")).await, "{}", ninth.text());
    asks_for_a_table(&mut ninth).await;
    let refused = |text: &str| text.contains("your network has 8 open, the most one network may");
    assert!(ninth.until(refused).await, "{}", ninth.text());
}

#[tokio::test]
async fn how_a_person_chose_to_see_the_cards_is_theirs_in_their_next_session() {
    let server = Server::start("serve_lobby", "look", &[]);
    let mut alice = Person::comes(&server, "alice", "").await;
    assert!(alice.until(|text| text.contains("Tables (1)")).await, "{}", alice.text());
    opens_a_table(&mut alice, "alice").await;
    assert!(alice.text().contains("┌───┐"), "cards drawn with lines to begin with: {}", alice.text());
    // Alone at her table, n starts a new game: up from the top round to "Suits as letters", the
    // last line but one, switched on, Enter.
    alice.press("n").await;
    assert!(alice.until(|text| text.contains("Suits as letters")).await, "{}", alice.text());
    alice.press(&"\u{1b}[A".repeat(2)).await;
    assert!(alice.until(|text| text.contains("> Suits as letters")).await, "{}", alice.text());
    alice.press("\u{1b}[C\r").await;
    assert!(alice.until(|text| text.contains("+---+")).await, "letters and ASCII frames now: {}", alice.text());
    drop(alice);
    // A new session, as the same person (by name): the lobby's table comes in letters too.
    let mut again = Person::comes(&server, "alice", "").await;
    assert!(again.until(|text| text.contains("Tables (")).await, "{}", again.text());
    again.press(&format!("j{}\r", server.code)).await;
    assert!(again.until(|text| text.contains("+---+")).await, "kept for her: {}", again.text());
    // The pace, hers to change alone at her table, is remembered without touching her look.
    again.press("p").await;
    assert!(again.until(|text| text.contains("Speed:")).await, "{}", again.text());
    assert!(again.text().contains("+---+"), "letters still: {}", again.text());
    // `v` changes it back at once, mid-hand, with no new game.
    again.press("v").await;
    assert!(again.until(|text| text.contains("How the cards look")).await, "{}", again.text());
    again.press("\u{1b}[C\r").await;
    assert!(again.until(|text| text.contains("┌───┐")).await, "symbols again: {}", again.text());
    // Someone else sees the cards as their own terminal does.
    let mut bob = Person::comes(&server, "bob", &format!("watch {}", server.code)).await;
    assert!(bob.until(|text| text.contains("Welcome, bob")).await, "{}", bob.text());
    assert!(!bob.text().contains("+---+"), "{}", bob.text());
}

#[tokio::test]
async fn a_person_in_the_lobby_gives_up_the_seat_kept_for_them_and_the_table_is_told() {
    let server = Server::start("serve_lobby", "give-up", &[]);
    let join = format!("join {}", server.code);
    let mut alice = Person::comes(&server, "alice", &join).await;
    assert!(alice.until(|text| text.contains("Welcome, alice")).await, "{}", alice.text());
    let mut bob = Person::comes(&server, "bob", &join).await;
    assert!(bob.until(|text| text.contains("Welcome, bob")).await, "{}", bob.text());
    // bob leaves for the lobby: his seat is kept, and the lobby says so.
    bob.press("q").await;
    assert!(bob.until(|text| text.contains("Leave the table?")).await, "{}", bob.text());
    bob.press("y").await;
    assert!(bob.until(|text| text.contains("Tables (1)") && text.contains("bob (away")).await, "{}", bob.text());
    bob.press("g").await;
    assert!(bob.until(|text| text.contains("Give up your seat at")).await, "{}", bob.text());
    bob.press("y").await;
    assert!(bob.until(|text| text.contains("You gave up your seat at")).await, "{}", bob.text());
    let told = "bob gave up their seat: its bot plays it, and the next to come may take it";
    assert!(alice.until(|text| text.contains(told)).await, "{}", alice.text());
    assert!(bob.until(|text| !text.contains("bob (away")).await, "the lobby still keeps his seat: {}", bob.text());
}
