//! The line mode over SSH: a session without a terminal (`ssh -T`) is told
//! the table in sentences and plays by typed commands, in the lobby and at
//! a table, beside people with terminals; `plain` with a terminal echoes
//! what is typed. OpenSSH's own client on pipes, and russh's in-process.

mod common;

use std::process::{Child, ChildStdin, Command, Stdio};

use common::lines::LinePlayer;
use common::serve::{Person, Server, over};

/// OpenSSH's `ssh -T` to the server as `user` running `command` (empty:
/// the lobby), on pipes, with a line player on them.
fn ssh_without_a_terminal(server: &Server, user: &str, command: &str) -> (Child, LinePlayer<ChildStdin>) {
    let mut ssh = Command::new("ssh");
    ssh.args(["-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]);
    ssh.args(["-o", "LogLevel=ERROR", "-o", "PubkeyAuthentication=no", "-T", "-p", &server.port.to_string()]);
    ssh.arg(format!("{user}@127.0.0.1"));
    if !command.is_empty() {
        ssh.arg(command);
    }
    ssh.env_clear().env("HOME", &server.dir).env("PATH", std::env::var_os("PATH").unwrap_or_default());
    let mut child = ssh
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("this test needs OpenSSH's ssh on the PATH (Debian: apt-get install openssh-client)");
    let player = LinePlayer::new(child.stdout.take().unwrap(), child.stdin.take().unwrap(), 3);
    (child, player)
}

#[test]
fn a_session_without_a_terminal_plays_a_whole_game_from_the_lobby_in_sentences() {
    let server = Server::start("serve_plain", "whole", &["--set", "max-hands=2"]);
    let (mut ssh, mut player) = ssh_without_a_terminal(&server, "dora", "");
    player.wait_for("Welcome to the hearts lobby, dora.");
    let listed = player.wait_for(&format!("Table {}:", server.code));
    assert!(listed.contains("black-lady") && listed.contains("4 free seats"), "{listed}");
    player.send(&format!("join {}", server.code));
    player.wait_for("Welcome, dora: you sit at South.");
    let played = player.play_game();
    assert!(played.cards >= 20 && played.hands >= 1, "{played:?}");
    player.send("quit");
    player.wait_for("Welcome to the hearts lobby, dora.");
    player.send("quit");
    player.wait_for("Goodbye.");
    assert!(player.ended(), "quit in the lobby did not end the session:\n{}", player.tail());
    assert!(ssh.wait().unwrap().success());
    assert!(!player.raw().contains(&0x1b), "an escape sequence was sent:\n{}", player.tail());
}

#[test]
fn one_person_in_the_line_mode_and_three_with_terminals_play_one_game() {
    let server = Server::start("serve_plain", "mixed", &["--set", "max-hands=2"]);
    let join = format!("join {}", server.code);
    let (mut ssh, mut line_player) = ssh_without_a_terminal(&server, "erin", &join);
    line_player.wait_for("Welcome, erin: you sit at South.");
    let line_game = std::thread::spawn(move || {
        let played = line_player.play_game();
        line_player.send("quit");
        (played, line_player)
    });
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let lasts: Vec<String> = runtime.block_on(async {
        let mut games = Vec::new();
        for name in ["alice", "bob", "carol"] {
            let mut person = Person::comes(&server, name, &join).await;
            // Seated: the welcome, unless a note of the game (cards received) came before the first frame.
            let seated = |text: &str| text.contains(&format!("Welcome, {name}")) || text.contains(" You · ");
            assert!(person.until(seated).await, "{}", person.text());
            games.push(tokio::spawn(async move { person.play_game().await }));
        }
        let mut lasts = Vec::new();
        for game in games {
            lasts.push(game.await.unwrap());
        }
        lasts
    });
    for last in &lasts {
        assert!(over(last), "every person with a terminal reaches the end:\n{last}");
        assert!(last.contains("erin"), "the line-mode person is at the table by name:\n{last}");
    }
    let (played, mut line_player) = line_game.join().unwrap();
    assert!(played.cards >= 20, "{played:?}");
    let text = line_player.transcript.join("\n");
    for name in ["alice", "bob", "carol"] {
        assert!(text.contains(&format!("{name} plays")) || text.contains(&format!("{name} leads")), "{name}:\n{text}");
    }
    line_player.wait_for("Welcome to the hearts lobby, erin.");
    line_player.send("quit");
    assert!(line_player.ended());
    assert!(ssh.wait().unwrap().success());
    assert!(!line_player.raw().contains(&0x1b), "an escape sequence was sent");
}

#[tokio::test]
async fn plain_with_a_terminal_echoes_what_is_typed_and_takes_no_screen() {
    let server = Server::start("serve_plain", "echo", &[]);
    let mut person = Person::comes(&server, "fay", &format!("plain join {}", server.code)).await;
    assert!(person.until(|text| text.contains("Pass three cards")).await, "{}", person.text());
    person.press("hand\r").await;
    assert!(person.until(|text| text.lines().any(|line| line.trim_end() == "hand")).await, "{}", person.text());
    assert!(person.until(|text| text.matches("Your cards:").count() >= 2).await, "{}", person.text());
    assert!(!person.screen.screen().alternate_screen(), "the line mode took the screen over");
    assert!(!person.bytes.contains(&0x1b), "an escape sequence was sent");
    assert!(String::from_utf8_lossy(&person.bytes).contains("\r\n"), "a terminal's lines end in CR LF");
}

#[test]
fn the_end_of_a_scripts_input_ends_its_session() {
    let server = Server::start("serve_plain", "eof", &[]);
    let (mut ssh, mut player) = ssh_without_a_terminal(&server, "gus", &format!("join {}", server.code));
    player.wait_for("Welcome, gus: you sit at South.");
    player.send("say off I go");
    player.close();
    player.wait_for("Message from gus: off I go");
    player.wait_for("Welcome to the hearts lobby, gus.");
    player.wait_for("Goodbye.");
    assert!(player.ended(), "the session outlived its input:\n{}", player.tail());
    assert!(ssh.wait().unwrap().success());
}

#[test]
fn a_flood_of_lines_is_cut_to_a_few_and_the_rest_dropped() {
    let server = Server::start("serve_plain", "flood", &[]);
    let (mut ssh, mut player) = ssh_without_a_terminal(&server, "hal", "");
    player.wait_for("Welcome to the hearts lobby, hal.");
    player.send(&"help\n".repeat(200));
    player.wait_for("Too many lines at once: the rest were dropped.");
    player.send("quit");
    player.wait_for("Goodbye.");
    assert!(player.ended());
    assert!(ssh.wait().unwrap().success());
    let helps = player.transcript.iter().filter(|line| line.starts_with("Type tables to list")).count();
    assert!(helps <= 17, "{helps} answers to one message");
}

#[test]
fn the_family_is_played_over_ssh_without_a_terminal() {
    let games: [(&str, &[&str]); 3] = [
        ("chasse-coeur", &["--preset", "chasse-coeur", "--set", "max-hands=2"]),
        ("auction", &["--preset", "auction", "--set", "max-hands=2"]),
        ("domino", &["--preset", "domino", "--players", "2"]),
    ];
    for (name, args) in games {
        let server = Server::start("serve_plain", name, args);
        let (mut ssh, mut player) = ssh_without_a_terminal(&server, "ida", &format!("join {}", server.code));
        player.wait_for("Welcome, ida:");
        let played = player.play_game();
        assert!(played.cards >= 1, "{name}: {played:?}");
        if name != "domino" {
            assert!(played.questions >= 1, "{name}: no question was asked: {played:?}");
        }
        player.send("quit");
        player.wait_for("Welcome to the hearts lobby, ida.");
        player.send("quit");
        assert!(player.ended(), "{name}:\n{}", player.tail());
        assert!(ssh.wait().unwrap().success(), "{name}");
        assert!(!player.raw().contains(&0x1b), "{name}: an escape sequence was sent");
    }
}
