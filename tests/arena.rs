//! The arena, game records and the bot protocol: seeded runs reproduce,
//! records replay through the engine, and external bots that crash, hang
//! or answer garbage never stop a game.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use hearts_bots::external::External;
use hearts_bots::protocol::{self, Request};
use hearts_bots::record::GameRecord;
use hearts_bots::sim::{Arena, Lineup, Units};
use hearts_bots::{self as bot, Bot, Level, Player, SeatView, Think};
use hearts_engine::{Game, Rules, Seat};

fn arena(units: Units, lineup: Lineup, threads: usize) -> Arena {
    Arena { rules: Rules::default(), seed: 11, units, lineup, threads, think: Think::Samples(4) }
}

fn fixed(levels: [Level; 4]) -> Lineup {
    Lineup::Fixed(levels.into_iter().map(Player::Builtin).collect())
}

fn sandbox(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("arena").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn hearts_binary() -> &'static str {
    env!("CARGO_BIN_EXE_hearts")
}

#[test]
fn a_seeded_run_reproduces_whatever_the_thread_count() {
    let lineup = fixed([Level::Random, Level::Easy, Level::Normal, Level::Hard]);
    let one = arena(Units::Games(12), lineup.clone(), 1).run(false, |_| {}, |_, _| {});
    let two = arena(Units::Games(12), lineup, 2).run(false, |_| {}, |_, _| {});
    assert_eq!(one.hands, two.hands);
    assert_eq!(one.seats, two.seats);
    for (name, stats) in &one.bots {
        let other = &two.bots[name];
        assert_eq!(
            (stats.hands, stats.points, stats.moons_shot, stats.wins),
            (other.hands, other.points, other.moons_shot, other.wins)
        );
    }
    assert!(
        (one.bots["random"].wins + one.bots["normal"].wins + one.bots["easy"].wins + one.bots["hard"].wins - 12.0)
            .abs()
            < 1e-9
    );
}

#[test]
fn a_duplicate_run_seats_each_bot_everywhere_and_normal_beats_random() {
    let lineup =
        Lineup::Duplicate { a: Player::Builtin(Level::Normal), b: Player::Builtin(Level::Random), both_ways: true };
    let report = arena(Units::Hands(300), lineup, 2).run(false, |_| {}, |_, _| {});
    assert_eq!(report.deals, 300);
    // Both ways at four seats: eight tables a deal.
    assert_eq!(report.hands, 300 * 8);
    assert_eq!(report.bots["normal"].hands, report.bots["random"].hands);
    let dup = report.duplicate.expect("a duplicate run compares A and B");
    assert!(dup.ci95.0 < dup.diff && dup.diff < dup.ci95.1);
    assert!(dup.ci95.1 < -3.0, "normal should take far fewer points than random: {dup:?}");
}

#[test]
fn every_recorded_game_replays_through_the_engine_to_the_same_scores() {
    let mut records = Vec::new();
    let lineup = fixed([Level::Hard, Level::Random, Level::Normal, Level::Easy]);
    let rules = Rules { moon: hearts_engine::MoonRule::ShooterChooses, ..Rules::default() };
    let run = Arena { rules, seed: 3, units: Units::Games(20), lineup, threads: 2, think: Think::Samples(4) };
    run.run(true, |record| records.push(serde_json::to_string(record).unwrap()), |_, _| {});
    assert_eq!(records.len(), 20);
    for line in &records {
        let record: GameRecord = serde_json::from_str(line).unwrap();
        let game = record.replay().unwrap_or_else(|e| panic!("game {}: {e}", record.seed));
        assert_eq!(game.totals().of_table(4), record.totals.as_slice());
        assert!(record.finished);
        let hand = &record.hands[0];
        assert_eq!(hand.tricks.len(), 13);
        assert_eq!(hand.dealt.iter().map(Vec::len).sum::<usize>(), 52);
    }
    // A tampered record is caught.
    let mut record: GameRecord = serde_json::from_str(&records[0]).unwrap();
    record.hands[0].scores[0] += 1;
    assert!(record.replay().unwrap_err().to_string().contains("hand 1"));
}

/// Plays a hand with hard bots, each decision also asked of the protocol's
/// server, which must make the same choice from the request alone; the
/// number of decisions.
fn round_trip_a_hand(rules: Rules) -> u64 {
    let players = rules.player_count();
    let mut game = Game::new(rules, 21).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = Seat::all(players).map(|s| Level::Hard.bot(21, s, Think::Samples(1))).collect();
    let mut served = HashMap::new();
    let mut decisions = 0;
    while game.phase() == hearts_engine::GamePhase::InHand {
        let seat = bot::seat_to_act(&game).unwrap();
        let view = SeatView::of(&game, seat);
        let kind = if game.hand().awaits_pass_from(seat) { "pass" } else { "play" };
        let line = serde_json::to_string(&Request::from_view(kind, decisions, &view, 0)).unwrap();
        let reply = protocol::answer(&line, Level::Hard, 21, &mut served);
        let action = bot::decide(&game, seat, bots[seat.index()].as_mut()).unwrap();
        match action {
            hearts_engine::Action::Pass { cards, .. } => {
                let sent: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
                assert_eq!(reply.cards, Some(sent));
            }
            hearts_engine::Action::Play { card, .. } => assert_eq!(reply.card, Some(card.to_string())),
            other => panic!("{other:?}"),
        }
        assert_eq!(reply.id, Some(decisions));
        game.apply(action).unwrap();
        decisions += 1;
    }
    decisions
}

#[test]
fn a_request_round_trips_through_the_protocol_to_the_same_choice() {
    assert!(round_trip_a_hand(Rules::default()) >= 52);
    // Two packs: cards held, passed and taken twice, tricks no card won.
    for players in [6, 11] {
        let rules = Rules { players, ..hearts_engine::Preset::Cancellation.rules() };
        assert!(round_trip_a_hand(rules) >= 104 - rules.kitty_size() as u64);
    }
    let mut served = HashMap::new();
    let garbage = protocol::answer("{\"type\":\"play\"", Level::Hard, 21, &mut served);
    assert!(garbage.error.unwrap().contains("not a request"));
}

/// A game position where seat 1 plays, with its view.
fn first_play(game: &mut Game) -> Seat {
    let mut normal: Vec<Box<dyn Bot>> = Seat::all(4).map(|s| Level::Normal.bot(1, s, Think::Samples(1))).collect();
    loop {
        let seat = bot::seat_to_act(game).unwrap();
        if !game.hand().awaits_pass_from(seat) && !game.legal_moves().is_empty() {
            return seat;
        }
        let action = bot::decide(game, seat, normal[seat.index()].as_mut()).unwrap();
        game.apply(action).unwrap();
    }
}

#[test]
fn a_bot_that_crashes_hangs_or_answers_garbage_falls_back_to_the_built_in_bot() {
    let mut game = Game::new(Rules::default(), 4).unwrap();
    let seat = first_play(&mut game);
    let view = SeatView::of(&game, seat);
    let timeout = Duration::from_millis(300);
    for (command, complaint) in [
        ("exit 3", "stopped"),
        ("sleep 30", "did not answer"),
        ("while read line; do echo 'not json'; done", "garbage"),
        ("while read line; do echo '{\"card\":\"ZZ\"}'; done", "not a legal card"),
        ("no-such-program-here", "stopped"),
    ] {
        let mut external = External::with_timeout(command, Level::Normal.bot(1, seat, Think::Samples(1)), timeout);
        let started = Instant::now();
        let card = external.play(&view);
        assert!(started.elapsed() < Duration::from_secs(5), "{command} held the game up");
        assert!(view.legal.contains(card), "{command}: {card} is not legal");
        let reports = external.reports().join("\n");
        assert!(reports.contains(complaint), "{command}: expected `{complaint}` in {reports:?}");
        // The next decision still works.
        assert!(view.legal.contains(external.play(&view)));
    }
}

#[test]
fn a_program_seat_plays_a_two_pack_game_through_the_protocol() {
    let rules = Rules { players: 6, target_score: 30, ..hearts_engine::Preset::Cancellation.rules() };
    let mut game = Game::new(rules, 4).unwrap();
    let program = Seat::new(2).unwrap();
    let command = format!("'{}' bot --level normal", hearts_binary());
    let mut bots: Vec<Box<dyn Bot>> = Seat::all(6).map(|s| Level::Normal.bot(4, s, Think::Samples(1))).collect();
    let fallback = Level::Random.bot(4, program, Think::Samples(1));
    let mut external = External::with_timeout(&command, fallback, Duration::from_secs(10));
    let mut asked = 0;
    while game.phase() != hearts_engine::GamePhase::GameOver {
        if game.phase() == hearts_engine::GamePhase::HandOver {
            game.apply(hearts_engine::Action::NextHand).unwrap();
            continue;
        }
        let seat = bot::seat_to_act(&game).unwrap();
        let bot: &mut dyn Bot = if seat == program { &mut external } else { bots[seat.index()].as_mut() };
        asked += usize::from(seat == program);
        game.apply(bot::decide(&game, seat, bot).unwrap()).unwrap();
    }
    assert!(asked > 30, "{asked} decisions");
    assert_eq!(external.reports(), Vec::<String>::new(), "every reply was taken");
}

#[test]
fn the_bot_command_serves_the_protocol_and_sits_at_the_table() {
    let dir = sandbox("seat");
    let command = format!("cmd:{} bot --level normal", hearts_binary());
    let output = Command::new(hearts_binary())
        .args(["sim", "--games", "3", "--seed", "5", "--json", "--seat", &format!("1={command}")])
        .current_dir(&dir)
        .env("HOME", &dir)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.stderr.is_empty(), "complaints: {}", String::from_utf8_lossy(&output.stderr));
    let external: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let builtin = Command::new(hearts_binary())
        .args(["sim", "--games", "3", "--seed", "5", "--json"])
        .current_dir(&dir)
        .env("HOME", &dir)
        .output()
        .unwrap();
    let builtin: serde_json::Value = serde_json::from_slice(&builtin.stdout).unwrap();
    // The served normal bot plays exactly as the built-in one.
    let seat_points = |report: &serde_json::Value| report["seats"][1]["points_per_hand"].as_f64().unwrap();
    assert_eq!(seat_points(&external), seat_points(&builtin));
    assert_eq!(external["hands"], builtin["hands"]);
}

#[test]
fn the_example_bot_in_the_docs_plays_whole_games() {
    let examples = Path::new(hearts_binary()).parent().unwrap().join("examples").join("first_legal_bot");
    if !examples.exists() {
        // `cargo test` builds examples; a filtered run (`--test arena`) does not.
        let profile = Path::new(hearts_binary()).parent().unwrap().file_name().unwrap();
        let mut build = Command::new(env!("CARGO"));
        build.args(["build", "--example", "first_legal_bot"]);
        if profile == "release" {
            build.arg("--release");
        }
        let built = build.status().unwrap();
        assert!(built.success());
    }
    assert!(examples.exists(), "the example is built at {}", examples.display());
    let dir = sandbox("example");
    let output = Command::new(hearts_binary())
        .args(["sim", "--games", "2", "--json", "--seat", &format!("2=cmd:{}", examples.display())])
        .current_dir(&dir)
        .env("HOME", &dir)
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(output.stderr.is_empty(), "complaints: {}", String::from_utf8_lossy(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(report["bots"].as_object().unwrap().keys().any(|name| name.contains("first_legal_bot")));
}

#[test]
fn sim_json_has_the_documented_fields_and_records_go_to_a_file() {
    let dir = sandbox("json");
    let output = Command::new(hearts_binary())
        .args(["sim", "--hands", "40", "--duplicate", "hard,normal", "--json", "--record", "games.jsonl"])
        .current_dir(&dir)
        .env("HOME", &dir)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    for key in ["hands", "deals", "hands_per_sec", "bots", "duplicate"] {
        assert!(report.get(key).is_some(), "missing {key}");
    }
    assert_eq!(report["deals"], 40);
    assert_eq!(report["hands"], 160);
    let hard = &report["bots"]["hard"];
    for key in ["points_per_hand", "hands", "moons_shot"] {
        assert!(hard.get(key).is_some(), "missing bots.hard.{key}");
    }
    for key in ["p50", "p95", "max"] {
        assert!(hard["decision_ms"][key].as_f64().is_some(), "missing decision_ms.{key}");
    }
    let dup = &report["duplicate"];
    assert_eq!((dup["a"].as_str(), dup["b"].as_str()), (Some("hard"), Some("normal")));
    assert!(dup["ci95"][0].as_f64().unwrap() <= dup["diff"].as_f64().unwrap());
    for pass in ["left", "right", "across", "hold"] {
        assert_eq!(dup["by_pass"][pass]["deals"], 10, "{pass}");
        assert!(dup["by_pass"][pass]["ci95"][1].as_f64().is_some(), "{pass}");
    }
    let lines = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 160);
    for line in lines.lines() {
        let record: GameRecord = serde_json::from_str(line).unwrap();
        assert_eq!(record.hands.len(), 1);
    }
}

#[test]
fn bad_bot_choices_are_refused_with_exit_code_2() {
    let dir = sandbox("bad");
    for (args, fragment) in [
        (vec!["sim", "--hands", "1", "--bots", "genius"], "unknown bot level"),
        (vec!["sim", "--hands", "1", "--seat", "9=normal"], "seat 9"),
        (vec!["sim", "--hands", "1", "--duplicate", "normal"], "two bots"),
        (vec!["sim", "--hands", "1", "--players", "5", "--across", "hard"], "across"),
    ] {
        let output = Command::new(hearts_binary()).args(&args).current_dir(&dir).env("HOME", &dir).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(fragment), "{args:?}: {stderr}");
    }
}

/// The records of a duplicate run, as `--record` writes them.
fn recorded(arena: &Arena) -> (hearts_bots::sim::Report, Vec<GameRecord>) {
    let mut records = Vec::new();
    let report = arena.run(true, |record| records.push(record.clone()), |_, _| {});
    (report, records)
}

/// Every hand of `records` rescored: A's seats (by the layout) take `a`
/// points, the others `b`.
fn rescored(mut records: Vec<GameRecord>, layout: &hearts_bots::sim::Layout, a: i32, b: i32) -> Vec<GameRecord> {
    for (record, a_seats) in records.iter_mut().zip(layout.iter().cycle()) {
        for hand in &mut record.hands {
            hand.scores = a_seats.iter().map(|&is_a| if is_a { a } else { b }).collect();
        }
    }
    records
}

#[test]
fn compare_pairs_each_deal_with_the_same_deal_of_the_earlier_run() {
    let duplicate = |a: Level, b: Level, both_ways: bool| Lineup::Duplicate {
        a: Player::Builtin(a),
        b: Player::Builtin(b),
        both_ways,
    };
    let hard_normal = arena(Units::Hands(30), duplicate(Level::Hard, Level::Normal, false), 2);
    let layout = hard_normal.layout();
    // One A a table, in seat 0, 1, 2, 3 in turn.
    assert_eq!(layout.len(), 4);
    for (table, a_seats) in layout.iter().enumerate() {
        assert_eq!(a_seats.iter().filter(|&&a| a).count(), 1);
        assert!(a_seats[table]);
    }
    let (report, before) = recorded(&hard_normal);

    // The earlier run's figure over the same deals is the arena's own.
    let (_, again) = recorded(&hard_normal);
    let same = hearts_bots::sim::compare::compare(&before, &again, &layout).unwrap();
    assert_eq!(same.deals, 30);
    assert!((same.before - report.duplicate.unwrap().diff).abs() < 1e-9);
    assert_eq!((same.change, same.ci95), (0.0, (0.0, 0.0)));

    // Worked by hand: A took 10 and B 2 in every hand (A - B = 8 on every
    // deal); now A takes 4 and B 6 (-2): a change of -10 on every deal.
    let was = rescored(before.clone(), &layout, 10, 2);
    let now = rescored(before.clone(), &layout, 4, 6);
    let c = hearts_bots::sim::compare::compare(&was, &now, &layout).unwrap();
    assert_eq!((c.deals, c.before, c.now, c.change, c.ci95), (30, 8.0, -2.0, -10.0, (-10.0, -10.0)));

    // Only the deals both runs played are paired.
    let c = hearts_bots::sim::compare::compare(&was[..40], &now, &layout).unwrap();
    assert_eq!(c.deals, 10);

    // A deal dealt otherwise is not the same deal.
    let mut other = before.clone();
    other[0].hands[0].dealt.swap(0, 1);
    let error = hearts_bots::sim::compare::compare(&other, &before, &layout).unwrap_err();
    assert!(error.contains("seed 11, hand 1 was dealt other cards"), "{error}");

    // Both ways, B holds the single seat at the last four tables.
    let both = arena(Units::Hands(3), duplicate(Level::Hard, Level::Normal, true), 1).layout();
    assert_eq!(both.len(), 8);
    assert!(both[4..].iter().all(|a_seats| a_seats.iter().filter(|&&a| a).count() == 3));
}

#[test]
fn compare_refuses_a_run_of_other_deals_or_another_shape() {
    let dir = sandbox("compare");
    let sim = |args: &[&str]| {
        let output = Command::new(hearts_binary()).arg("sim").args(args).current_dir(&dir).env("HOME", &dir).output();
        output.unwrap()
    };
    let first = sim(&["--hands", "12", "--seed", "5", "--duplicate", "hard,normal", "--record", "a.jsonl"]);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));

    let same = sim(&["--hands", "12", "--seed", "5", "--duplicate", "hard,normal", "--compare", "a.jsonl", "--json"]);
    assert!(same.status.success(), "{}", String::from_utf8_lossy(&same.stderr));
    let report: serde_json::Value = serde_json::from_slice(&same.stdout).unwrap();
    let compare = &report["compare"];
    assert_eq!(compare["deals"], 12);
    assert_eq!(compare["change"], 0.0);
    assert_eq!(compare["before"], report["duplicate"]["diff"]);

    let table = sim(&["--hands", "12", "--seed", "5", "--duplicate", "normal,normal", "--compare", "a.jsonl"]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains("against a.jsonl, deal by deal (12 deals)"), "{text}");

    for (args, fragment) in [
        (vec!["--hands", "12", "--seed", "6", "--duplicate", "hard,normal"], "none of this run's deals"),
        (vec!["--hands", "12", "--seed", "5", "--duplicate", "hard,normal", "--both-ways"], "8"),
        (vec!["--hands", "12", "--seed", "5", "--duplicate", "hard,normal", "--players", "5"], "5"),
        (
            vec!["--hands", "12", "--seed", "5", "--duplicate", "hard,normal", "--pass-count", "0"],
            "pass-count = 3 there, 0 here",
        ),
    ] {
        let output = sim(&[args.as_slice(), &["--compare", "a.jsonl"]].concat());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("--compare a.jsonl") && stderr.contains(fragment), "{args:?}: {stderr}");
    }
    std::fs::write(dir.join("bad.jsonl"), "not json\n").unwrap();
    let output = sim(&["--hands", "2", "--duplicate", "hard,normal", "--compare", "bad.jsonl"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("bad.jsonl:1: not a game record"));
    let output = sim(&["--hands", "2", "--compare", "a.jsonl"]);
    assert_eq!(output.status.code(), Some(2), "--compare needs --duplicate");
}

#[test]
fn a_duplicate_run_splits_a_minus_b_by_pass_direction() {
    let lineup =
        Lineup::Duplicate { a: Player::Builtin(Level::Hard), b: Player::Builtin(Level::Normal), both_ways: false };
    let run = arena(Units::Hands(60), lineup.clone(), 2);
    let (report, records) = recorded(&run);
    let dup = report.duplicate.expect("a duplicate run");
    let names: Vec<&str> = dup.by_pass.iter().map(|share| share.pass.as_str()).collect();
    assert_eq!(names, ["left", "right", "across", "hold"]);

    // From the records: each single hand's deal has one direction, so the
    // directions' deals add up to the run's and their mean is the run's.
    let layout = run.layout();
    for share in &dup.by_pass {
        let diffs: Vec<f64> = records
            .chunks(layout.len())
            .filter(|tables| tables[0].hands[0].pass == share.pass)
            .map(|tables| {
                let (mut a, mut b) = (0.0, 0.0);
                for (record, a_seats) in tables.iter().zip(&layout) {
                    for (&score, &is_a) in record.hands[0].scores.iter().zip(a_seats) {
                        if is_a { a += f64::from(score) } else { b += f64::from(score) / 3.0 }
                    }
                }
                (a - b) / layout.len() as f64
            })
            .collect();
        assert_eq!(share.deals, diffs.len());
        let mean = diffs.iter().sum::<f64>() / diffs.len() as f64;
        assert!((share.diff - mean).abs() < 1e-9, "{}: {} against {mean}", share.pass, share.diff);
        assert!(share.ci95.0 < share.diff && share.diff < share.ci95.1);
    }
    assert_eq!(dup.by_pass.iter().map(|share| share.deals).sum::<usize>(), 60);
    let weighted: f64 = dup.by_pass.iter().map(|share| share.diff * share.deals as f64).sum::<f64>() / 60.0;
    assert!((weighted - dup.diff).abs() < 1e-9);

    // Every hand held: no split to show.
    let held = Arena { rules: Rules { pass_count: 0, ..Rules::default() }, ..arena(Units::Hands(8), lineup, 1) };
    assert!(held.run(false, |_| {}, |_, _| {}).duplicate.unwrap().by_pass.is_empty());
}
