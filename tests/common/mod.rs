//! Helpers shared by the integration tests: card notation in, positions out.
#![allow(dead_code)]

pub mod lines;
pub mod openssh;
pub mod serve;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use hearts_engine::{BySeat, Card, CardSet, Deal, Hand, Rules, Seat};

/// Cards written as in the game: `"AQ7H 2C"`.
pub fn cards(text: &str) -> CardSet {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// One card: `"QS"`.
pub fn card(text: &str) -> Card {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Seat number `n`.
pub fn seat(n: usize) -> Seat {
    Seat::new(n).unwrap()
}

/// Hands in deal notation, in seat order.
pub fn hands(rules: &Rules, deal: &str) -> BySeat<CardSet> {
    Deal::parse_hands(deal, rules.player_count()).unwrap_or_else(|e| panic!("{e}"))
}

/// A position where play starts with these hands; the last seat dealt.
pub fn position(rules: &Rules, deal: &str) -> Hand {
    let dealer = seat(rules.player_count() - 1);
    Hand::from_holdings(rules, hands(rules, deal), dealer)
}

/// Plays cards in order, each by the seat to act, failing loudly.
pub fn play_all(hand: &mut Hand, moves: &str) {
    for text in moves.split_whitespace() {
        let seat = hand.to_act();
        hand.play(seat, card(text)).unwrap_or_else(|e| panic!("{text} by {seat}: {e}"));
    }
}

/// A fresh working directory `group/name` with an empty home inside, so no
/// user rules or saves leak in.
pub fn sandbox(group: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(group).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("home")).unwrap();
    dir
}

/// Runs the real `hearts` in `dir` with `dir/home` as its home.
pub fn hearts(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hearts"))
        .args(args)
        .current_dir(dir)
        .env("HOME", dir.join("home"))
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_DATA_HOME")
        .output()
        .unwrap()
}

/// What a run printed to standard output.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What a run printed to standard error.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
