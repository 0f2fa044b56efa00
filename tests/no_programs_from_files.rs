//! `hearts` runs in any directory: a file the person did not write
//! themselves (./rules.toml, a `--rules` file, a save, a record) never
//! starts a program. Only the command line, the user's own rules file, or
//! `--allow-commands` may seat a `cmd:` player.

use std::path::{Path, PathBuf};

/// The program the hostile files name: it leaves a mark if it ever runs.
const PAYLOAD: &str = "cmd:touch PWNED; cat >/dev/null";

mod common;

use common::{hearts, stderr};

fn sandbox(name: &str) -> PathBuf {
    common::sandbox("no-programs", name)
}

fn pwned(dir: &Path) -> bool {
    dir.join("PWNED").exists() || dir.join("home").join("PWNED").exists()
}

/// Runs `args` in `dir` and expects exit 2, an error naming `place` and
/// `key` and saying how to allow it, and no program run.
fn refused(dir: &Path, args: &[&str], place: &str, key: &str) {
    let output = hearts(dir, args);
    let error = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {error}");
    assert!(error.contains(place), "{args:?}: expected {place} in: {error}");
    assert!(error.contains(&format!("`{key}`")), "{args:?}: expected {key} in: {error}");
    assert!(error.contains("would start a program") && error.contains("--allow-commands"), "{error}");
    assert!(!pwned(dir), "{args:?} ran the program");
}

#[test]
fn a_rules_file_in_the_working_directory_may_not_start_a_program() {
    let dir = sandbox("local");
    std::fs::write(dir.join("rules.toml"), format!("[bots]\nleft = \"{PAYLOAD}\"\n")).unwrap();
    refused(&dir, &[], "rules.toml:2", "bots.left");
    refused(&dir, &["play", "--new"], "rules.toml:2", "bots.left");
    refused(&dir, &["sim", "--games", "1"], "rules.toml:2", "bots.left");
    refused(&dir, &["rules", "--check", "rules.toml"], "rules.toml:2", "bots.left");
}

#[test]
fn a_numbered_seat_is_refused_as_well() {
    let dir = sandbox("seat-2");
    std::fs::write(
        dir.join("rules.toml"),
        format!("players = 4\n\n[bots]\nlevel = \"hard\"\nseat-2 = \"{PAYLOAD}\"\n"),
    )
    .unwrap();
    refused(&dir, &["sim", "--hands", "1"], "rules.toml:5", "bots.seat-2");
}

#[test]
fn a_rules_file_named_with_rules_may_not_start_a_program() {
    let dir = sandbox("named");
    std::fs::write(dir.join("house.toml"), format!("[bots]\nlevel = \"{PAYLOAD}\"\n")).unwrap();
    refused(&dir, &["--rules", "house.toml", "sim", "--games", "1"], "house.toml:2", "bots.level");
}

#[test]
fn the_users_own_rules_file_may_seat_a_program() {
    let dir = sandbox("users-own");
    let config = dir.join("home/.config/hearts");
    std::fs::create_dir_all(&config).unwrap();
    // The program marks the directory and exits; the fallback plays on.
    std::fs::write(config.join("rules.toml"), "[bots]\nleft = \"cmd:touch PWNED\"\n").unwrap();
    let output = hearts(&dir, &["sim", "--hands", "1", "--threads", "1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(pwned(&dir), "the user's own file is trusted");
}

#[test]
fn allow_commands_lets_the_working_directory_file_seat_a_program() {
    let dir = sandbox("allowed");
    std::fs::write(dir.join("rules.toml"), "[bots]\nleft = \"cmd:touch PWNED\"\n").unwrap();
    let output = hearts(&dir, &["--allow-commands", "sim", "--hands", "1", "--threads", "1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(pwned(&dir));
}

#[test]
fn a_program_named_on_the_command_line_runs() {
    let dir = sandbox("flag");
    let output = hearts(&dir, &["sim", "--hands", "1", "--threads", "1", "--left", "cmd:touch PWNED"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(pwned(&dir));
}

#[test]
fn a_saved_game_with_a_program_seat_resumes_with_built_in_bots_unless_asked() {
    use hearts_bots::players::{Level, Player};
    use hearts_table::Setup;
    use hearts_table::saved::{Programs, SavedGame};

    let table = Setup {
        rules: hearts_engine::Rules::default(),
        label: "black-lady".into(),
        players: vec![
            Player::Builtin(Level::Normal),
            PAYLOAD.parse().unwrap(),
            Player::Builtin(Level::Hard),
            Player::Builtin(Level::Normal),
        ],
    };
    let saved = SavedGame::new(&table, hearts_bots::record::DealCode { seed: 5, hand: 1 }, &[], 0, None);
    assert_eq!(saved.programs(), vec![(1, "touch PWNED; cat >/dev/null".to_string())]);
    let (resumed, _) = saved.replay(Programs::Replace).unwrap();
    assert_eq!(resumed.players[1], Player::Builtin(Level::Normal), "the fallback takes the seat");
    assert_eq!(resumed.players[2], Player::Builtin(Level::Hard));
    let (asked, _) = saved.replay(Programs::Run).unwrap();
    assert_eq!(asked.players[1], table.players[1], "only the person's word brings the program back");
}

#[test]
fn a_record_naming_a_program_replays_without_running_it() {
    use hearts_bots::record::{GameRecord, Recorder, SeatRecord};
    use hearts_bots::{Level, Think, decide, seat_to_act};
    use hearts_engine::{Game, Rules, Seat};

    let dir = sandbox("record");
    let rules = Rules { target_score: 30, ..Rules::default() };
    let mut game = Game::new(rules, 11).unwrap();
    let seats =
        (0..4).map(|seat| SeatRecord { seat, name: format!("seat {seat}"), player: PAYLOAD.to_string() }).collect();
    let mut recorder = Recorder::new(&game, seats);
    let mut bots: Vec<_> = Seat::all(4).map(|seat| Level::Easy.bot(11, seat, Think::Samples(1))).collect();
    recorder.observe(&game);
    while let Some(seat) = seat_to_act(&game) {
        let action = decide(&game, seat, bots[seat.index()].as_mut()).unwrap();
        game.apply(action).unwrap();
        recorder.observe(&game);
        if game.phase() == hearts_engine::GamePhase::HandOver {
            game.apply(hearts_engine::Action::NextHand).unwrap();
            recorder.observe(&game);
        }
    }
    let line = serde_json::to_string(recorder.record()).unwrap();
    let read: GameRecord = serde_json::from_str(&line).unwrap();
    std::env::set_current_dir(&dir).unwrap();
    assert_eq!(read.replay().unwrap().totals(), game.totals());
    assert!(!pwned(&dir));
}
