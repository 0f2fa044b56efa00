//! The line mode (`hearts --plain`) played as a screen reader's user or a
//! script plays it: sentences read, commands typed, whole games of
//! several presets, and not one escape sequence.

mod common;

use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};

use common::lines::{LinePlayer, Played};
use common::sandbox;

/// `hearts --plain ARGS` in a fresh sandbox, with a player on its pipes.
fn start(name: &str, args: &[&str], seed: u64) -> (Child, LinePlayer<ChildStdin>) {
    start_in(&sandbox("plain", name), args, seed)
}

/// `hearts --plain ARGS` in `dir` (its home `dir/home`), with a player on
/// its pipes.
fn start_in(dir: &Path, args: &[&str], seed: u64) -> (Child, LinePlayer<ChildStdin>) {
    let mut child = plain_in(dir, args).spawn().unwrap();
    let player = LinePlayer::new(child.stdout.take().unwrap(), child.stdin.take().unwrap(), seed);
    (child, player)
}

/// `hearts --plain ARGS` in `dir` (its home `dir/home`), on pipes.
fn plain_in(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hearts"));
    command
        .arg("--plain")
        .args(args)
        .current_dir(dir)
        .env("HOME", dir.join("home"))
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_DATA_HOME")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    command
}

/// Plays a whole game and quits; what was played.
fn whole_game(name: &str, args: &[&str]) -> (Played, LinePlayer<ChildStdin>) {
    let (mut child, mut player) = start(name, args, 7);
    let played = player.play_game();
    player.send("quit");
    assert!(player.ended(), "quit did not end the game:\n{}", player.tail());
    assert!(child.wait().unwrap().success());
    let raw = player.raw();
    assert!(!raw.contains(&0x1b), "an escape sequence was printed");
    (played, player)
}

#[test]
fn a_whole_game_of_black_lady_is_played_from_its_sentences() {
    let (played, player) = whole_game("black-lady", &["--seed", "11", "--speed", "instant", "--bots", "easy"]);
    assert!(played.hands >= 1, "{played:?}");
    assert!(played.passes >= 1 && played.cards >= 13 && played.refused > 0, "{played:?}");
    let text = player.transcript.join("\n");
    assert!(text.contains("Game over after"), "{}", player.tail());
    assert!(text.contains("takes the trick with the"), "{}", player.tail());
    // The last hand's scores come before the end they make.
    let last_scores = player.transcript.iter().rposition(|line| line.ends_with(" is over.")).unwrap();
    let end = player.transcript.iter().position(|line| line.starts_with("Game over after")).unwrap();
    assert!(last_scores < end, "{}", player.tail());
}

#[test]
fn chasse_coeur_asks_for_the_generale_in_words() {
    let (played, _) = whole_game(
        "chasse-coeur",
        &["--preset", "chasse-coeur", "--seed", "5", "--speed", "instant", "--bots", "easy"],
    );
    assert!(played.questions >= 1, "the Generale was never asked: {played:?}");
}

#[test]
fn the_auction_is_bid_and_its_suit_named_in_words() {
    let (played, _) =
        whole_game("auction", &["--preset", "auction", "--seed", "3", "--speed", "instant", "--bots", "easy"]);
    assert!(played.questions >= 1, "no bid was asked: {played:?}");
}

#[test]
fn the_joker_is_listed_and_typed_by_its_number() {
    let (played, player) =
        whole_game("joker", &["--preset", "joker", "--seed", "4", "--speed", "instant", "--bots", "easy"]);
    assert!(played.cards >= 13, "{played:?}");
    let offered = player.transcript.iter().filter(|line| line.contains("You may play: Joker")).count();
    let played_it = player
        .transcript
        .iter()
        .filter(|line| line.starts_with("You play joker") || line.starts_with("You lead joker"))
        .count();
    assert!(offered > 0 && played_it > 0, "the joker was never offered or played:\n{}", player.transcript.join("\n"));
}

#[test]
fn domino_for_two_is_played_with_its_draws_told() {
    let (played, player) = whole_game(
        "domino",
        &["--preset", "domino", "--players", "2", "--seed", "9", "--speed", "instant", "--bots", "easy"],
    );
    assert!(played.cards >= 1, "{played:?}");
    let text = player.transcript.join("\n");
    assert!(text.contains("drew"), "no draw was told:\n{}", player.tail());
}

#[test]
fn a_script_types_its_cards_at_once_and_each_is_played_at_its_turn_before_the_input_ends() {
    let dir = sandbox("plain", "script");
    let mut child = plain_in(&dir, &["--seed", "7", "--speed", "instant", "--new"]).spawn().unwrap();
    // The whole script at once, then the end of the input: the king follows the two of clubs and wins, the ace leads.
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), b"pass 3d 5d 9d\nkc\nac\n").unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let played = text.find("You play the king of clubs.");
    let led = text.find("You lead the ace of clubs.");
    assert!(played.is_some() && played < led, "{text}");
    assert!(text.ends_with("Your game is saved: hearts --plain offers it again.\nGoodbye.\n"), "{text}");
}

#[test]
fn a_game_left_with_quit_is_offered_again_and_taken_up() {
    let dir = sandbox("plain", "resume");
    let run = |args: &[&str]| start_in(&dir, args, 1);
    let (mut first, mut player) = run(&["--seed", "11", "--speed", "instant", "--bots", "easy"]);
    let prompt = player.wait_for("Pass three cards");
    assert!(prompt.contains("to Left"), "{prompt}");
    let cards = player.wait_for_cards();
    player.send(&format!("pass {}", cards.iter().take(3).map(ToString::to_string).collect::<Vec<_>>().join(" ")));
    player.wait_for("You received");
    player.send("quit");
    player.wait_for("Goodbye.");
    assert!(first.wait().unwrap().success());
    let (mut second, mut player) = run(&["--speed", "instant"]);
    let offer = player.wait_for("You have an unfinished game:");
    assert!(offer.contains("seed 11"), "{offer}");
    player.send("yes");
    player.wait_for("Resumed the game of seed 11.");
    player.wait_for("Your cards: ");
    player.send("quit");
    player.wait_for("Goodbye.");
    assert!(second.wait().unwrap().success());
}
