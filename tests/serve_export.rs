//! `hearts serve --export FILE`: the real binary writes the games kept in
//! the server's database as JSON Lines game records, and exits without
//! serving; a file it cannot write, or a database it cannot read, is a
//! clear message and exit code 2.

use std::path::{Path, PathBuf};

use hearts::serve::store::{FILE_NAME, Store};
use hearts_bots::record::{GameRecord, Recorder, SeatRecord};
use hearts_bots::{Level, Think, decide, seat_to_act};
use hearts_engine::{Action, Game, GamePhase, Rules, Seat};

mod common;

use common::{hearts, stderr, stdout};

/// The data directory of the sandbox's home.
fn data_dir(dir: &Path) -> PathBuf {
    dir.join("home").join(".local").join("share").join("hearts")
}

/// A whole game between easy bots, with Alice in seat 0.
fn played(seed: u64) -> GameRecord {
    let rules = Rules { target_score: 20, ..Rules::default() };
    let mut game = Game::new(rules, seed).unwrap();
    let player = |seat: usize| if seat == 0 { "human:alice".to_string() } else { "easy".to_string() };
    let seats = (0..4).map(|seat| SeatRecord { seat, name: format!("seat {seat}"), player: player(seat) });
    let mut recorder = Recorder::new(&game, seats.collect());
    let mut bots: Vec<_> = Seat::all(4).map(|seat| Level::Easy.bot(seed, seat, Think::Samples(1))).collect();
    recorder.observe(&game);
    while game.phase() != GamePhase::GameOver {
        let action = match seat_to_act(&game) {
            Some(seat) => decide(&game, seat, bots[seat.index()].as_mut()).unwrap(),
            None => Action::NextHand,
        };
        game.apply(action).unwrap();
        recorder.observe(&game);
    }
    recorder.into_record()
}

#[test]
fn the_stored_games_are_written_as_record_lines_and_the_server_does_not_start() {
    let dir = common::sandbox("serve_export", "written");
    let games = [played(1), played(2)];
    let mut store = Store::open_in(&data_dir(&dir)).unwrap();
    for game in &games {
        store.add_game(game, "standard", &[], None).unwrap();
    }
    drop(store);

    let output = hearts(&dir, &["serve", "--export", "games.jsonl"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "hearts serve: wrote 2 games to games.jsonl\n");
    let text = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    let exported: Vec<GameRecord> = text.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(exported, games);
    for record in &exported {
        record.replay().unwrap();
    }
}

#[test]
fn a_file_that_cannot_be_written_is_named_in_the_error() {
    let dir = common::sandbox("serve_export", "unwritable");
    let output = hearts(&dir, &["serve", "--export", "no-such-dir/games.jsonl"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stdout(&output).is_empty());
    assert!(stderr(&output).contains("--export no-such-dir/games.jsonl"), "{}", stderr(&output));
    assert!(!dir.join("no-such-dir").exists(), "no directory is made where none was asked for");
}

#[test]
fn a_database_that_is_not_one_is_reported() {
    let dir = common::sandbox("serve_export", "garbage");
    std::fs::create_dir_all(data_dir(&dir)).unwrap();
    std::fs::write(data_dir(&dir).join(FILE_NAME), "not a database\n".repeat(500)).unwrap();
    let output = hearts(&dir, &["serve", "--export", "games.jsonl"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("not a SQLite database"), "{}", stderr(&output));
}
