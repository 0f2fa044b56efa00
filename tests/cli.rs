//! The real `hearts` binary: where rules come from, and every bad-input
//! path ending in a clear message and exit code 2.

use std::path::{Path, PathBuf};

mod common;

use common::{hearts, stderr, stdout};

fn sandbox(name: &str) -> PathBuf {
    common::sandbox("cli", name)
}

/// Runs and expects exit code 2 with an error containing every fragment.
fn fails_with(dir: &Path, args: &[&str], fragments: &[&str]) {
    let output = hearts(dir, args);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
    assert!(stdout(&output).is_empty(), "{args:?} printed to stdout on error");
    for fragment in fragments {
        assert!(stderr(&output).contains(fragment), "{args:?}: expected `{fragment}` in:\n{}", stderr(&output));
    }
}

/// The `key = value` lines of printed rules (the comments say where values
/// came from, which differs between sources).
fn settings(toml: &str) -> Vec<String> {
    toml.lines().filter(|line| !line.starts_with('#') && !line.is_empty()).map(String::from).collect()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn printed_rules_load_back_to_the_same_rules() {
    let dir = sandbox("round_trip");
    let printed = hearts(&dir, &["--preset", "black-maria", "--omnibus", "--players", "5", "--kitty", "rules"]);
    assert!(printed.status.success(), "{}", stderr(&printed));
    write(&dir, "printed.toml", &stdout(&printed));
    let reloaded = hearts(&dir, &["--rules", "printed.toml", "rules"]);
    assert_eq!(settings(&stdout(&reloaded)), settings(&stdout(&printed)));
    assert!(settings(&stdout(&printed)).contains(&"players = 5".to_string()));
}

#[test]
fn the_repository_rules_file_is_the_defaults_with_every_option_commented() {
    let dir = sandbox("repo_rules");
    let repo_rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules.toml");
    let text = std::fs::read_to_string(&repo_rules).unwrap();
    let defaults = hearts(&dir, &["rules"]);
    for line in settings(&stdout(&defaults)) {
        assert!(text.contains(&format!("# {line}\n")), "rules.toml lacks `# {line}`");
    }
    let from_repo = hearts(&dir, &["--rules", repo_rules.to_str().unwrap(), "rules"]);
    assert_eq!(settings(&stdout(&from_repo)), settings(&stdout(&defaults)));
}

#[test]
fn a_local_rules_file_beats_the_users_and_flags_beat_both() {
    let dir = sandbox("precedence");
    write(&dir, "home/.config/hearts/rules.toml", "target-score = 77\nplayers = 3\n");
    assert!(settings(&stdout(&hearts(&dir, &["rules"]))).contains(&"target-score = 77".into()));
    write(&dir, "rules.toml", "target-score = 60\n");
    let local = settings(&stdout(&hearts(&dir, &["rules"])));
    assert!(local.contains(&"target-score = 60".into()));
    assert!(local.contains(&"players = 4".into()), "only the first file found is read");
    let flagged = settings(&stdout(&hearts(&dir, &["--target", "50", "rules"])));
    assert!(flagged.contains(&"target-score = 50".into()));
    let set = settings(&stdout(&hearts(&dir, &["--target", "50", "--set", "target-score=40", "rules"])));
    assert!(set.contains(&"target-score = 40".into()), "--set comes last");
}

#[test]
fn a_rules_file_overrides_the_preset() {
    let dir = sandbox("preset_then_file");
    write(&dir, "rules.toml", "omnibus = false\n");
    let out = settings(&stdout(&hearts(&dir, &["--preset", "omnibus", "rules"])));
    assert!(out.contains(&"omnibus = false".into()));
    let out = settings(&stdout(&hearts(&dir, &["--preset", "spot-hearts", "rules"])));
    assert!(out.contains(&"points = \"spot-hearts\"".into()));
}

#[test]
fn flags_name_their_options() {
    let dir = sandbox("flags");
    let args = [
        "--blood",
        "--moon",
        "off",
        "--queen-breaks-hearts",
        "--hearts-any-time",
        "--first-lead",
        "any-club",
        "--no-tricks-bonus",
        "-5",
        "--pass-cycle",
        "right,hold",
        "--tie",
        "share",
        "--sinkhole",
        "--reset-at-100",
        "--max-hands",
        "8",
        "rules",
    ];
    let out = settings(&stdout(&hearts(&dir, &args)));
    for expected in [
        "no-blood = false",
        "moon = \"off\"",
        "queen-breaks-hearts = true",
        "must-break-hearts = false",
        "first-lead = \"any-club\"",
        "no-tricks-bonus = -5",
        "pass-cycle = [\"right\", \"hold\"]",
        "tie = \"share\"",
        "sinkhole = true",
        "reset-at-100 = true",
        "max-hands = 8",
    ] {
        assert!(out.contains(&expected.to_string()), "missing {expected} in {out:?}");
    }
}

#[test]
fn an_unknown_key_names_file_line_and_key() {
    let dir = sandbox("unknown_key");
    write(&dir, "rules.toml", "players = 4\n\nomnibuss = true\n");
    fails_with(&dir, &["rules"], &["rules.toml:3", "unknown key `omnibuss`", "omnibus"]);
}

#[test]
fn a_wrong_type_names_file_line_key_and_what_was_expected() {
    let dir = sandbox("wrong_type");
    write(&dir, "rules.toml", "target-score = \"fifty\"\n");
    fails_with(&dir, &["rules"], &["rules.toml:1", "key `target-score`", "expected an integer from 1 to 10000"]);
}

#[test]
fn an_out_of_range_value_is_refused() {
    let dir = sandbox("out_of_range");
    write(&dir, "rules.toml", "# comment\nplayers = 12\n");
    fails_with(&dir, &["rules"], &["rules.toml:2", "key `players`", "2 to 11", "found 12"]);
}

#[test]
fn a_toml_syntax_error_names_line_and_column() {
    let dir = sandbox("syntax");
    write(&dir, "rules.toml", "players = 4\nmoon = add-to-others\n");
    fails_with(&dir, &["rules"], &["rules.toml:2:", "not valid TOML"]);
}

#[test]
fn a_contradiction_names_the_keys_and_their_sources() {
    let dir = sandbox("contradiction");
    write(&dir, "rules.toml", "players = 5\nremoved-cards = [\"2D\", \"2C\", \"2S\", \"3D\"]\n");
    fails_with(
        &dir,
        &["rules"],
        &["do not divide among 5 players", "removed-cards: set by rules.toml:2", "players: set by rules.toml:1"],
    );
    fails_with(&dir, &["--players", "6", "--kitty", "rules"], &["kitty", "removed-cards"]);
    fails_with(&dir, &["--rules", "/dev/null", "--moon-needs-bonus-card", "rules"], &["needs omnibus = true"]);
}

#[test]
fn the_family_options_print_reload_and_explain_bad_combinations() {
    let dir = sandbox("family");
    let presets = [
        "black-jack",
        "greek",
        "chasse-coeur",
        "royal",
        "eagle",
        "heartsette",
        "joker",
        "hoyle-1887",
        "partnership",
        "auction",
        "domino",
    ];
    for preset in presets {
        let printed = hearts(&dir, &["--preset", preset, "rules"]);
        assert!(printed.status.success(), "{preset}: {}", stderr(&printed));
        write(&dir, "printed.toml", &stdout(&printed));
        let reloaded = hearts(&dir, &["--rules", "printed.toml", "rules"]);
        assert_eq!(settings(&stdout(&reloaded)), settings(&stdout(&printed)), "{preset}");
    }
    let greek = settings(&stdout(&hearts(&dir, &["--preset", "greek", "rules"])));
    assert!(greek.contains(&"moon-value = 150".to_string()), "{greek:?}");
    let chasse = settings(&stdout(&hearts(&dir, &["--preset", "chasse-coeur", "rules"])));
    assert!(chasse.contains(&"declaration = \"generale\"".to_string()), "{chasse:?}");
    write(&dir, "rules.toml", "moon = \"off\"\nmoon-value = 150\n");
    fails_with(
        &dir,
        &["rules", "--check", "rules.toml"],
        &["moon-value = 150 has no effect", "moon-value: set by rules.toml:2", "moon: set by rules.toml:1"],
    );
    write(&dir, "rules.toml", "moon-value = 0\n");
    fails_with(&dir, &["rules"], &["rules.toml:1", "moon-value", "penalty-total"]);
    write(&dir, "rules.toml", "players = 5\nteams = \"combined\"\n");
    fails_with(
        &dir,
        &["rules", "--check", "rules.toml"],
        &["4 or 6 players, not 5", "teams: set by rules.toml:2", "players: set by rules.toml:1"],
    );
    write(&dir, "rules.toml", "auction = true\n");
    fails_with(&dir, &["rules", "--check", "rules.toml"], &["auction = true needs", "auction: set by rules.toml:1"]);
    write(&dir, "rules.toml", "domino = true\n");
    fails_with(
        &dir,
        &["rules", "--check", "rules.toml"],
        &["domino = true needs pass-count = 0", "domino: set by rules.toml:1"],
    );
    write(&dir, "rules.toml", "players = 2\n");
    fails_with(
        &dir,
        &["rules", "--check", "rules.toml"],
        &["from 3 to 7 (2 to 7 with domino = true, 6 to 11 with cancellation = true), not 2"],
    );
    write(&dir, "rules.toml", "teams = \"pairs\"\n");
    fails_with(&dir, &["rules"], &["rules.toml:1", "teams", "\"combined\""]);
    write(&dir, "rules.toml", "declaration = \"slam\"\n");
    fails_with(&dir, &["rules"], &["rules.toml:1", "declaration", "\"generale\""]);
    write(&dir, "rules.toml", "players = 5\nkitty = true\njokers = 2\n");
    fails_with(
        &dir,
        &["rules", "--check", "rules.toml"],
        &["jokers = 2 cannot be played with a kitty", "jokers: set by rules.toml:3", "kitty: set by rules.toml:2"],
    );
    // Every new option prints and reloads.
    let mixed = ["--jokers", "3", "--scoring", "sweepstakes", "--chips", "25", "--kitty-to", "last-trick", "rules"];
    let printed = hearts(
        &dir,
        &["--rules", "/dev/null", "--set", "moon-value=40"].iter().chain(&mixed).copied().collect::<Vec<_>>(),
    );
    assert!(printed.status.success(), "{}", stderr(&printed));
    let settings_printed = settings(&stdout(&printed));
    for line in
        ["jokers = 3", "scoring = \"sweepstakes\"", "chips = 25", "kitty-to = \"last-trick\"", "moon-value = 40"]
    {
        assert!(settings_printed.contains(&line.to_string()), "{line} in {settings_printed:?}");
    }
    write(&dir, "printed.toml", &stdout(&printed));
    let reloaded = hearts(&dir, &["--rules", "printed.toml", "rules"]);
    assert_eq!(settings(&stdout(&reloaded)), settings_printed);
    let widow = settings(&stdout(&hearts(&dir, &["--rules", "/dev/null", "--set", "kitty=\"heartsette\"", "rules"])));
    assert!(widow.contains(&"kitty = \"heartsette\"".to_string()), "{widow:?}");
}

#[test]
fn chips_and_domino_refuse_what_they_cannot_score_naming_both_keys() {
    let dir = sandbox("corners");
    fails_with(
        &dir,
        &["--preset", "royal", "--scoring", "chips", "rules"],
        &[
            "needs moon = \"add-to-others\"",
            "--moon add-to-others",
            "moon: set by preset royal",
            "scoring: set by flag",
        ],
    );
    let fixed = hearts(&dir, &["--preset", "royal", "--scoring", "chips", "--moon", "add-to-others", "rules"]);
    assert!(fixed.status.success(), "{}", stderr(&fixed));
    fails_with(
        &dir,
        &["--scoring", "sweepstakes", "--no-tricks-bonus", "-5", "rules"],
        &[
            "no-tricks-bonus = -5 cannot be played with scoring = \"sweepstakes\"",
            "no-tricks-bonus: set by flag",
            "scoring: set by flag",
        ],
    );
    fails_with(
        &dir,
        &["--preset", "chasse-coeur", "--scoring", "chips", "rules"],
        &[
            "declaration = \"generale\" cannot be played with scoring = \"chips\"",
            "declaration: set by preset chasse-coeur",
        ],
    );
    write(&dir, "rules.toml", "no-tricks-bonus = -5\n");
    fails_with(
        &dir,
        &["--preset", "domino", "rules"],
        &[
            "domino = true needs no-tricks-bonus = 0",
            "domino: set by preset domino",
            "no-tricks-bonus: set by rules.toml:1",
        ],
    );
}

#[test]
fn a_missing_rules_file_is_an_error() {
    let dir = sandbox("missing");
    fails_with(&dir, &["--rules", "nowhere.toml", "rules"], &["nowhere.toml", "cannot read"]);
}

#[test]
fn bad_flags_and_sets_are_refused() {
    let dir = sandbox("bad_flags");
    fails_with(&dir, &["--players", "12", "rules"], &["flag --players 12", "key `players`"]);
    fails_with(&dir, &["--moon", "sideways", "rules"], &["key `moon`", "shooter-chooses"]);
    fails_with(&dir, &["--set", "moon", "rules"], &["--set moon", "key=value"]);
    fails_with(&dir, &["--set", "colour=red", "rules"], &["unknown key `colour`"]);
    fails_with(&dir, &["--set", "bonus-card=QS", "--omnibus", "rules"], &["bonus-card QS is a penalty card"]);
    fails_with(&dir, &["--preset", "bridge", "rules"], &["one of \"black-lady\""]);
    fails_with(&dir, &["--pass-cycle", "left,sideways", "rules"], &["key `pass-cycle`"]);
}

#[test]
fn rules_check_validates_a_file() {
    let dir = sandbox("check");
    write(&dir, "good.toml", "omnibus = true\n");
    let ok = hearts(&dir, &["rules", "--check", "good.toml"]);
    assert!(ok.status.success());
    assert!(stdout(&ok).contains("good.toml: ok"));
    write(&dir, "bad.toml", "kitty = 1\n");
    fails_with(
        &dir,
        &["rules", "--check", "bad.toml"],
        &["bad.toml:1", "key `kitty`", "true, false or \"heartsette\""],
    );
}

#[test]
fn deal_prints_the_seeded_hands() {
    let dir = sandbox("deal");
    let out = hearts(&dir, &["deal", "--seed", "42", "--hand", "1"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "seed 42: 4 players, preset black-lady\nhand 1: dealer N (seat 2), pass left\n\
         S:KQT3.875.986.754 A94.AJ93.74.KQJ3 82.KT2.AKJ3.AT62 J765.Q64.QT52.98\n"
    );
    let cycle = stdout(&hearts(&dir, &["deal", "--seed", "42"]));
    assert_eq!(cycle.lines().filter(|l| l.starts_with("hand ")).count(), 4);
    assert!(cycle.contains("hand 4: dealer W (seat 1), pass hold"));
    let kitty = stdout(&hearts(&dir, &["--players", "5", "--kitty", "deal", "--seed", "7", "--hand", "1"]));
    assert!(kitty.contains("kitty: 9D 3H"), "{kitty}");
    // Domino for two: six cards each and the stock in the order it is drawn.
    let domino = stdout(&hearts(&dir, &["--preset", "domino", "--players", "2", "deal", "--seed", "7", "--hand", "1"]));
    assert!(domino.contains("2.J.Q62.3 AQJ5.K7..\nstock, in drawing order: TC 8D 5H 4D TD 7D 2C"), "{domino}");
    let perft = hearts(
        &dir,
        &["--preset", "domino", "--players", "2", "perft", "--deal", "2.J.Q62.3 AQJ5.K7..", "--depth", "4"],
    );
    assert!(stdout(&perft).contains("depth 4: "), "{}", stderr(&perft));
    fails_with(&dir, &["deal", "--seed", "x"], &["--seed"]);
}

#[test]
fn perft_json_is_one_object_whose_divide_sums_to_the_total() {
    let dir = sandbox("perft_json");
    let deal = "S:AK...2 -.32..3 Q.4..4 -..65.5";
    let out = hearts(&dir, &["perft", "--deal", deal, "--moves", "2C 3C 4C 5C", "--depth", "4", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1);
    assert!(text.starts_with("{\"depth\":4,\"total\":16,\"divide\":{\"5D\":8,\"6D\":8},\"nodes_per_sec\":"), "{text}");
    assert!(text.trim_end().ends_with('}'));
}

#[test]
fn perft_prints_a_table_and_its_speed() {
    let dir = sandbox("perft_table");
    let out = hearts(&dir, &["perft", "--deal", "S:AK...2 -.32..3 Q.4..4 -..65.5", "--depth", "8", "--divide"]);
    let text = stdout(&out);
    assert!(text.contains(" 2C  16\n"), "{text}");
    assert!(text.contains("depth 8: 16 play sequences"), "{text}");
    assert!(text.contains("nodes/s"), "{text}");
}

#[test]
fn perft_refuses_bad_positions_and_names_an_illegal_move_and_its_rule() {
    let dir = sandbox("perft_bad");
    let deal = "S:AK...2 -.32..3 Q.4..4 -..65.5";
    fails_with(
        &dir,
        &["perft", "--deal", deal, "--moves", "2C 3H", "--depth", "1"],
        &["move 2 (3H by seat 1)", "you must follow clubs"],
    );
    fails_with(
        &dir,
        &["perft", "--deal", deal, "--moves", "3C", "--depth", "1"],
        &["move 1 (3C by seat 0)", "3C is not in your hand"],
    );
    fails_with(&dir, &["perft", "--deal", deal, "--moves", "2C 3X", "--depth", "1"], &["`3X` is not a card"]);
    fails_with(&dir, &["perft", "--deal", "S:AK...2 -.32..3 Q.4..4", "--depth", "1"], &["3 hands given for 4 players"]);
    fails_with(&dir, &["perft", "--deal", "S:AK...2 -.32..3 Q.4..4 -..6.5", "--depth", "1"], &["same number of cards"]);
    fails_with(&dir, &["perft", "--deal", "S:AK...2 -.32..3 Q.4..4 -..65.2", "--depth", "1"], &["2C is in two hands"]);
    fails_with(&dir, &["--players", "3", "perft", "--deal", "A..2. K..3. Q..4.", "--depth", "1"], &["2D is removed"]);
}

#[test]
fn help_lists_the_subcommands() {
    let dir = sandbox("help");
    let out = hearts(&dir, &["--help"]);
    assert!(out.status.success());
    for word in ["rules", "deal", "perft", "--preset", "--set"] {
        assert!(stdout(&out).contains(word), "help lacks {word}");
    }
}

#[test]
fn stats_prints_the_record_per_preset() {
    let dir = sandbox("stats");
    let empty = stdout(&hearts(&dir, &["stats"]));
    assert!(empty.starts_with("No games finished yet.\n\n0 games kept in "), "{empty}");
    let data = dir.join("home/.local/share/hearts");
    std::fs::create_dir_all(&data).unwrap();
    let record = r#"{"presets": {"omnibus": {"games": 4, "wins": 1, "hands": 40, "points": 200, "game-points": 300,
        "moons": 2, "queens": 9, "undos": 5}}}"#;
    std::fs::write(data.join("stats.json"), record).unwrap();
    let out = stdout(&hearts(&dir, &["stats"]));
    for expected in ["omnibus", "Games", "1 (25%)", "Points per hand", "5.0", "Points per game", "75.0", "Undos"] {
        assert!(out.contains(expected), "{expected} missing from\n{out}");
    }
}

#[test]
fn playing_needs_a_terminal() {
    let dir = sandbox("no-terminal");
    fails_with(&dir, &["--seed", "3"], &["needs a terminal"]);
    fails_with(&dir, &["play"], &["needs a terminal"]);
}

#[test]
fn unreadable_statistics_are_reported_and_kept_aside() {
    let dir = sandbox("corrupt_stats");
    let data = dir.join("home/.local/share/hearts");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("stats.json"), "{\"presets\": {\"black-lady\": {\"games\": \"many\"}}}").unwrap();
    fails_with(&dir, &["stats"], &["stats.json could not be read", "stats.corrupt-1.json"]);
    assert!(!data.join("stats.json").exists());
    let kept = std::fs::read_to_string(data.join("stats.corrupt-1.json")).unwrap();
    assert!(kept.contains("many"), "kept as it was: {kept}");
    let again = hearts(&dir, &["stats"]);
    assert!(again.status.success());
    assert!(stdout(&again).contains("No games finished yet"));
}

#[test]
fn stats_counts_the_kept_games_and_reports_lines_that_are_not_records() {
    let dir = sandbox("kept_games");
    let data = dir.join("home/.local/share/hearts");
    std::fs::create_dir_all(&data).unwrap();
    let sim = hearts(&dir, &["sim", "--games", "2", "--record", "two.jsonl", "--target", "30"]);
    assert!(sim.status.success(), "{}", stderr(&sim));
    let two = std::fs::read_to_string(dir.join("two.jsonl")).unwrap();
    std::fs::write(data.join("games.jsonl"), format!("{two}{{\"seed\": 4, \"rul")).unwrap();
    let output = hearts(&dir, &["stats"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("2 games kept in"), "{text}");
    assert!(text.contains("line 3") && text.contains("games.corrupt-1.jsonl"), "{text}");
    assert_eq!(std::fs::read_to_string(data.join("games.jsonl")).unwrap(), two, "the good lines stay");
    assert!(std::fs::read_to_string(data.join("games.corrupt-1.jsonl")).unwrap().ends_with("\"rul"));
}

#[test]
fn replay_says_when_there_is_no_game_to_replay() {
    let dir = sandbox("replay_none");
    fails_with(&dir, &["replay"], &["no games kept yet: play one first"]);
    fails_with(&dir, &["review"], &["no games kept yet: play one first"]);
    // A game played and left unfinished is not kept yet: saying "play one" would be wrong.
    let data = dir.join("home/.local/share/hearts");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("game.json"), "{}").unwrap();
    fails_with(&dir, &["review"], &["your unfinished game is kept once it ends"]);
    std::fs::remove_file(data.join("game.json")).unwrap();
    write(&dir, "bad.jsonl", "{\"seed\": 1}\n");
    fails_with(&dir, &["replay", "bad.jsonl"], &["bad.jsonl:1: not a game record"]);
    let sim = hearts(&dir, &["sim", "--games", "2", "--record", "two.jsonl", "--target", "30"]);
    assert!(sim.status.success());
    fails_with(&dir, &["replay", "two.jsonl", "--game", "3"], &["--game 3: there are 2 games"]);
    fails_with(&dir, &["replay", "two.jsonl"], &["needs a terminal"]);
}

#[test]
fn review_prints_each_decision_as_json_and_is_the_same_every_time() {
    let dir = sandbox("review");
    let sim = hearts(&dir, &["sim", "--games", "1", "--record", "one.jsonl", "--target", "26", "--bots", "random"]);
    assert!(sim.status.success(), "{}", stderr(&sim));
    let first = hearts(&dir, &["review", "one.jsonl", "--json"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let again = hearts(&dir, &["review", "one.jsonl", "--json"]);
    assert_eq!(stdout(&first), stdout(&again), "deterministic for a record");
    let lines: Vec<serde_json::Value> = stdout(&first).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(lines.len() >= 10, "one object per decision of seat 0");
    for line in &lines {
        assert_eq!(line["seat"], 0);
        let choices = line["choices"].as_array().unwrap();
        assert!(choices.len() >= 2, "only real choices are reviewed");
        assert_eq!(line["best"], choices[0]["card"]);
        assert!(line["cost"].as_f64().unwrap() >= 0.0);
        assert_eq!(line["unit"], "points", "a game with no clock counts points");
    }
    let report = stdout(&hearts(&dir, &["review", "one.jsonl"]));
    assert!(report.contains("choices reviewed; total cost") && report.contains(" points"), "{report}");
    // Without a file, the last of the games kept.
    let data = dir.join("home/.local/share/hearts");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::copy(dir.join("one.jsonl"), data.join("games.jsonl")).unwrap();
    assert_eq!(stdout(&hearts(&dir, &["review"])), report, "the kept game's review");
    // A pass is named as one, not as a trick 0.
    assert!(!report.contains("trick 0"), "{report}");
    let passes = lines.iter().filter(|d| d["kind"] == "pass" && d["cost"].as_f64().unwrap() >= 0.5).count();
    assert_eq!(report.matches("pass: you passed").count(), passes, "{report}");
}

#[test]
fn a_persons_timed_game_is_reviewed_by_the_tournament_score() {
    let dir = sandbox("timed_review");
    let args = ["sim", "--preset", "worldwinner", "--target", "26", "--games", "1", "--bots", "random"];
    let sim = hearts(&dir, &[&args[..], &["--record", "bots.jsonl"]].concat());
    assert!(sim.status.success(), "{}", stderr(&sim));
    // The same game as the table keeps it: South is the person.
    let record = std::fs::read_to_string(dir.join("bots.jsonl")).unwrap();
    let south = r#"{"seat":0,"name":"South","player":"random"}"#;
    assert!(record.contains(south), "{record}");
    write(&dir, "mine.jsonl", &record.replacen(south, r#"{"seat":0,"name":"South","player":"human"}"#, 1));
    let review = hearts(&dir, &["review", "mine.jsonl", "--json"]);
    assert!(review.status.success(), "{}", stderr(&review));
    for line in stdout(&review).lines() {
        let decision: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(decision["unit"], "tournament", "{line}");
    }
    let report = stdout(&hearts(&dir, &["review", "mine.jsonl"]));
    assert!(report.contains("total cost") && report.contains("on the tournament score"), "{report}");
    // A bot's seat in it has no tournament score.
    let left = stdout(&hearts(&dir, &["review", "mine.jsonl", "--of", "1", "--json"]));
    assert!(left.lines().all(|line| line.contains(r#""unit":"points""#)), "{left}");
}

#[test]
fn the_expert_reviews_the_passes_and_plays_of_a_two_pack_game() {
    let dir = sandbox("two_packs_review");
    let sim = hearts(
        &dir,
        &["--preset", "cancellation", "sim", "--bots", "hard", "--hands", "2", "--seed", "3", "--record", "two.jsonl"],
    );
    assert!(sim.status.success(), "{}", stderr(&sim));
    let review = hearts(&dir, &["review", "two.jsonl", "--json"]);
    assert!(review.status.success(), "{}", stderr(&review));
    let decisions: Vec<serde_json::Value> =
        stdout(&review).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    // The game's one hand passes left: its pass, then the cards played.
    let kinds: Vec<&str> = decisions.iter().map(|d| d["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds[0], "pass", "{kinds:?}");
    assert_eq!(kinds.iter().filter(|&&kind| kind == "pass").count(), 1, "{kinds:?}");
    assert!(kinds.iter().filter(|&&kind| kind == "play").count() >= 2, "{kinds:?}");
}

#[test]
fn every_preset_deals_counts_and_plays_headless() {
    let dir = sandbox("every_preset");
    for &preset in hearts_engine::Preset::ALL {
        let name = preset.to_string();
        let dealt = hearts(&dir, &["--preset", &name, "deal", "--seed", "3", "--hand", "1"]);
        assert!(dealt.status.success(), "{name}: {}", stderr(&dealt));
        // The hands are the line after "hand 1: ...".
        let deal = stdout(&dealt).lines().nth(2).unwrap().to_string();
        let perft = hearts(&dir, &["--preset", &name, "perft", "--deal", &deal, "--depth", "3", "--json"]);
        assert!(perft.status.success(), "{name}: {}", stderr(&perft));
        assert!(stdout(&perft).contains("\"depth\":3"), "{name}: {}", stdout(&perft));
        let sim = hearts(&dir, &["--preset", &name, "sim", "--bots", "normal", "--hands", "10", "--seed", "3"]);
        assert!(sim.status.success(), "{name}: {}", stderr(&sim));
        assert!(stdout(&sim).contains("10 deals"), "{name}: {}", stdout(&sim));
    }
}

#[test]
fn review_and_replay_of_a_missing_file_name_the_file_and_no_option() {
    let dir = sandbox("review_missing");
    for command in ["review", "replay"] {
        let output = hearts(&dir, &[command, "/nonexistent"]);
        assert_eq!(output.status.code(), Some(2), "{command}: {}", stderr(&output));
        let error = stderr(&output);
        assert!(error.contains("cannot read /nonexistent"), "{command}: {error}");
        assert!(!error.contains("--record"), "{command}: no --record was given: {error}");
    }
}

/// A one-hand game record of `preset` at `players`, written to `file`.
fn one_hand_record(dir: &Path, preset: &str, players: &str, file: &str) {
    let args = ["--preset", preset, "--players", players, "sim", "--bots", "easy", "--hands", "1", "--record", file];
    let sim = hearts(dir, &args);
    assert!(sim.status.success(), "{}", stderr(&sim));
}

#[test]
fn review_of_reaches_every_seat_of_an_eleven_player_table() {
    let dir = sandbox("review_of_eleven");
    one_hand_record(&dir, "cancellation", "11", "eleven.jsonl");
    let review = hearts(&dir, &["review", "eleven.jsonl", "--of", "10", "--json"]);
    assert!(review.status.success(), "{}", stderr(&review));
    let decisions: Vec<serde_json::Value> =
        stdout(&review).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert!(!decisions.is_empty(), "seat 10 played a hand with choices");
    assert!(decisions.iter().all(|decision| decision["seat"] == 10), "{decisions:?}");
}

#[test]
fn review_of_a_seat_beyond_the_table_is_an_error() {
    let dir = sandbox("review_of_beyond");
    one_hand_record(&dir, "black-lady", "4", "four.jsonl");
    fails_with(&dir, &["review", "four.jsonl", "--of", "4"], &["--of 4", "4 seats", "0 to 3"]);
    one_hand_record(&dir, "cancellation", "11", "eleven.jsonl");
    fails_with(&dir, &["review", "eleven.jsonl", "--of", "11"], &["--of 11", "11 seats", "0 to 10"]);
}

#[test]
fn help_lists_every_preset_and_no_other() {
    let dir = sandbox("help_presets");
    let help = stdout(&hearts(&dir, &["--help"]));
    // The --preset paragraph: from its flag to the blank line after it.
    let paragraph: String = help
        .lines()
        .skip_while(|line| !line.trim_start().starts_with("--preset"))
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let listed = paragraph.split_once("Start from a preset:").map_or("", |(_, names)| names);
    let mut listed: Vec<&str> = listed.split([',', ' ']).filter(|name| !name.is_empty()).collect();
    let mut known: Vec<String> = hearts_engine::Preset::ALL.iter().map(|preset| preset.to_string()).collect();
    listed.sort_unstable();
    known.sort_unstable();
    assert_eq!(listed, known, "{paragraph}");
    assert!(listed.contains(&"cancellation"));
}

#[test]
fn a_game_stopped_before_any_hand_was_scored_is_reviewed_as_nothing_to_review() {
    let dir = sandbox("review_no_hand");
    one_hand_record(&dir, "worldwinner", "4", "one.jsonl");
    let line = std::fs::read_to_string(dir.join("one.jsonl")).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    record["hands"] = serde_json::json!([]);
    record["finished"] = serde_json::json!(false);
    // As the table kept a timed game whose clock ran out in its first hand.
    record["totals"] = serde_json::json!([]);
    record["winners"] = serde_json::json!([]);
    write(&dir, "timed_out.jsonl", &format!("{record}\n"));
    let review = hearts(&dir, &["review", "timed_out.jsonl"]);
    assert!(review.status.success(), "{}", stderr(&review));
    assert_eq!(stdout(&review).trim(), "0 choices reviewed; total cost 0.0 points");
}

#[test]
fn stats_counts_one_kept_game_in_the_singular() {
    let dir = sandbox("one_kept_game");
    let data = dir.join("home/.local/share/hearts");
    std::fs::create_dir_all(&data).unwrap();
    let sim = hearts(&dir, &["sim", "--games", "1", "--record", "one.jsonl", "--target", "30"]);
    assert!(sim.status.success(), "{}", stderr(&sim));
    std::fs::copy(dir.join("one.jsonl"), data.join("games.jsonl")).unwrap();
    let text = stdout(&hearts(&dir, &["stats"]));
    assert!(text.contains("\n1 game kept in "), "{text}");
}

/// What `hearts ARGS` printed, having succeeded.
fn printed(dir: &Path, args: &[&str]) -> String {
    let output = hearts(dir, args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    stdout(&output)
}

#[test]
fn completions_come_from_the_command_lines_own_definitions() {
    let dir = sandbox("completions");
    let bash = printed(&dir, &["completions", "bash"]);
    for word in ["serve", "replay", "review", "completions", "man", "--seed", "--preset", "--listen"] {
        assert!(bash.contains(word), "the bash script lacks {word}");
    }
    assert!(bash.contains("complete -F _hearts"), "the bash script registers its function for hearts");
    // The names a flag takes are offered, not the files of the directory.
    let offered = |flag: &str| {
        let case = bash.split(&format!("                {flag})\n")).nth(1).expect("the flag has a case");
        case.lines().next().unwrap_or_default().to_string()
    };
    assert!(offered("--preset").contains("compgen -W \"black-lady omnibus"), "{}", offered("--preset"));
    assert!(offered("--bots").contains("random easy normal hard expert shooter"), "{}", offered("--bots"));
    assert!(offered("--left").contains("expert"), "{}", offered("--left"));
    assert!(offered("--seat").contains("1=random"), "{}", offered("--seat"));
    for (shell, mark) in [
        ("zsh", "#compdef hearts"),
        ("fish", "complete -c hearts"),
        ("powershell", "Register-ArgumentCompleter -Native -CommandName 'hearts'"),
    ] {
        let script = printed(&dir, &["completions", shell]);
        assert!(script.contains(mark), "the {shell} script lacks `{mark}`:\n{script}");
        assert!(
            script.contains("--seed") && script.contains("serve"),
            "the {shell} script names the flags and commands"
        );
    }
}

#[test]
fn an_unknown_shell_is_refused_naming_the_shells() {
    let dir = sandbox("completions_unknown");
    fails_with(&dir, &["completions", "tcsh"], &["invalid value 'tcsh'", "bash", "zsh", "fish", "powershell"]);
    fails_with(&dir, &["completions"], &["<SHELL>"]);
}

#[test]
fn the_manual_page_is_roff_with_the_options_and_the_subcommands() {
    let dir = sandbox("man");
    let page = printed(&dir, &["man"]);
    // Only roff's definitions of its own strings may come before the title.
    let before: Vec<&str> = page.lines().take_while(|line| !line.starts_with(".TH ")).collect();
    assert!(before.iter().all(|line| line.starts_with(".ie ") || line.starts_with(".el ")), "{before:?}");
    let title = page.lines().find(|line| line.starts_with(".TH ")).expect("a .TH line");
    assert!(title.starts_with(".TH HEARTS 1 "), "{title}");
    // roff writes a hyphen as `\-`.
    for text in [".SH SYNOPSIS", ".SH OPTIONS", r"\fB\-\-seed\fR", r"\fB\-\-preset\fR", ".SH SUBCOMMANDS"] {
        assert!(page.contains(text), "the page lacks {text}");
    }
    let synopsis = page.split(".SH SYNOPSIS\n").nth(1).and_then(|rest| rest.lines().next());
    assert_eq!(synopsis, Some(r"\fBhearts\fR [OPTIONS] [COMMAND]"), "the synopsis is the usage line of --help");
    let subcommands = page.split(".SH SUBCOMMANDS").nth(1).unwrap();
    for name in ["play", "serve", "replay", "completions", "man"] {
        assert!(subcommands.contains(&format!(r"hearts\-{name}(1)")), "the subcommands lack {name}");
        // Each page it names is there to print.
        let own = printed(&dir, &["man", name]);
        let title = own.lines().find(|line| line.starts_with(".TH ")).expect("a .TH line");
        assert!(title.starts_with(&format!(".TH HEARTS-{} 1 ", name.to_uppercase())), "{title}");
        assert!(own.contains(&format!(r"hearts\-{name}")), "the page of {name}:\n{own}");
    }
    assert!(!subcommands.contains(r"hearts\-help(1)"), "help is --help, not a page");
    let serve = printed(&dir, &["man", "serve"]);
    assert!(serve.contains(r"\fB\-\-listen\fR"), "a subcommand's page has its options");
    assert!(serve.contains(".SH SYNOPSIS\n\\fBhearts serve\\fR [OPTIONS]\n"), "and its own usage line:\n{serve}");
    assert!(page.contains("hearts\\-plain(7)"), "the page points to the line mode's");
    let plain = printed(&dir, &["man", "plain"]);
    assert!(plain.starts_with(".TH HEARTS-PLAIN 7 "), "{plain}");
    for command in ["cards out", "who leads", "brief, full", "default plain", "pass 2c qs ah", "time"] {
        let listed = plain.lines().any(|line| line.starts_with("\\fB") && line.contains(command));
        assert!(listed, "the line mode's page lacks {command}");
    }
    let play = printed(&dir, &["man", "play"]);
    assert!(play.contains(r"\fB\-\-players\fR") && play.contains(r"\fB\-\-think\fR"), "and the global ones:\n{play}");
}
