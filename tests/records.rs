//! A game record is checked field by field when it is replayed: each field
//! the format documents, changed by hand, is reported with its hand and
//! path, and a short or malformed record is an error, never a panic.

use hearts_bots::record::{GameRecord, Recorder, ReplayError, SeatRecord};
use hearts_bots::{Level, Think, decide, seat_to_act};
use hearts_engine::{Action, Game, GamePhase, MoonRule, Rules, Seat};
use serde_json::{Value, json};

/// A whole recorded game between easy bots.
fn recorded(rules: Rules, seed: u64) -> GameRecord {
    let players = rules.player_count();
    let mut game = Game::new(rules, seed).unwrap();
    let seats = (0..players).map(|seat| SeatRecord { seat, name: format!("seat {seat}"), player: "easy".into() });
    let mut recorder = Recorder::new(&game, seats.collect());
    let mut bots: Vec<_> = Seat::all(players).map(|seat| Level::Easy.bot(seed, seat, Think::Samples(1))).collect();
    recorder.observe(&game);
    loop {
        if let Some(seat) = seat_to_act(&game) {
            let action = decide(&game, seat, bots[seat.index()].as_mut()).unwrap();
            game.apply(action).unwrap();
        } else if game.phase() == GamePhase::HandOver {
            game.apply(Action::NextHand).unwrap();
        } else {
            break;
        }
        recorder.observe(&game);
    }
    recorder.into_record()
}

fn base() -> Value {
    serde_json::to_value(recorded(Rules { target_score: 40, ..Rules::default() }, 3)).unwrap()
}

/// Changes the record with `edit` and returns the replay error.
fn replay_error(edit: impl FnOnce(&mut Value)) -> ReplayError {
    let mut value = base();
    edit(&mut value);
    let record: GameRecord = serde_json::from_value(value).expect("still a record in shape");
    record.replay().expect_err("the change is caught")
}

/// The error names the hand and field and says `fragment`.
fn caught(edit: impl FnOnce(&mut Value), hand: Option<u32>, field: &str) -> String {
    let error = replay_error(edit);
    let (got_hand, got_field) = match &error {
        ReplayError::Malformed { hand, field, .. } | ReplayError::Mismatch { hand, field, .. } => {
            (*hand, field.clone())
        }
        ReplayError::Refused { hand, field, .. } => (Some(*hand), field.clone()),
        other => panic!("unexpected {other}"),
    };
    assert_eq!((got_hand, got_field.as_str()), (hand, field), "{error}");
    error.to_string()
}

#[test]
fn an_untouched_record_replays_to_its_totals() {
    let record = recorded(Rules { target_score: 40, ..Rules::default() }, 3);
    assert!(record.hands.len() >= 2, "several hands");
    let game = record.replay().unwrap();
    assert_eq!(game.phase(), GamePhase::GameOver);
}

#[test]
fn every_field_of_a_hand_is_checked() {
    let message = caught(
        |r| r["hands"][0]["dealer"] = json!((r["hands"][0]["dealer"].as_u64().unwrap() + 1) % 4),
        Some(1),
        "dealer",
    );
    assert!(message.starts_with("hand 1: dealer: the record says"), "{message}");
    caught(|r| r["hands"][1]["pass"] = json!("left"), Some(2), "pass");
    caught(|r| r["hands"][1]["number"] = json!(3), Some(3), "number");
    caught(|r| r["hands"][0]["dealt"].as_array_mut().unwrap().pop().map(drop).unwrap(), Some(1), "dealt");
    caught(
        |r| {
            let card = r["hands"][0]["dealt"][1][0].clone();
            r["hands"][0]["dealt"][2].as_array_mut().unwrap().push(card);
        },
        Some(1),
        "dealt[2]",
    );
    caught(|r| r["hands"][0]["dealt"][3][0] = json!("ZZ"), Some(1), "dealt[3]");
    caught(|r| r["hands"][0]["kitty"] = json!(["2C"]), Some(1), "kitty");
    caught(|r| r["hands"][0]["passed"][1].as_array_mut().unwrap().truncate(2), Some(1), "passed[1]");
    caught(|r| r["hands"][0]["tricks"][3]["leader"] = json!(9), Some(1), "tricks[3].leader");
    caught(
        |r| {
            let leader = r["hands"][0]["tricks"][3]["leader"].as_u64().unwrap();
            r["hands"][0]["tricks"][3]["leader"] = json!((leader + 1) % 4);
        },
        Some(1),
        "tricks[3].leader",
    );
    caught(|r| r["hands"][0]["tricks"][3]["cards"].as_array_mut().unwrap().truncate(3), Some(1), "tricks[3].cards");
    caught(
        |r| {
            let winner = r["hands"][0]["tricks"][5]["winner"].as_u64().unwrap();
            r["hands"][0]["tricks"][5]["winner"] = json!((winner + 1) % 4);
        },
        Some(1),
        "tricks[5].winner",
    );
    let message = caught(|r| r["hands"][0]["tricks"].as_array_mut().unwrap().truncate(12), Some(1), "tricks");
    assert!(message.contains("not over"), "{message}");
    caught(|r| r["hands"][0]["points"][0] = json!(99), Some(1), "points");
    caught(|r| r["hands"][0]["moon"] = json!({"shooter": 0, "scoring": "add-to-others"}), Some(1), "moon");
    caught(|r| r["hands"][0]["scores"][1] = json!(-5), Some(1), "scores");
    caught(|r| r["hands"][1]["totals"] = json!([0, 0, 0]), Some(2), "totals");
}

#[test]
fn a_trick_played_out_of_order_is_refused_by_the_rule_it_breaks() {
    let message = caught(
        |r| {
            let cards = r["hands"][0]["tricks"][0]["cards"].as_array_mut().unwrap();
            cards.swap(0, 1);
        },
        Some(1),
        "tricks[0].cards[0]",
    );
    assert!(message.contains("refused"), "{message}");
}

#[test]
fn the_games_end_is_checked() {
    caught(|r| r["totals"][0] = json!(1000), None, "totals");
    caught(|r| r["winners"] = json!([0, 1, 2, 3]), None, "winners");
    caught(|r| r["finished"] = json!(false), None, "finished");
    caught(|r| r["seats"].as_array_mut().unwrap().pop().map(drop).unwrap(), None, "seats");
    caught(
        |r| {
            let first = r["hands"][0].clone();
            r["hands"].as_array_mut().unwrap().push(first);
        },
        Some(1),
        "number",
    );
}

#[test]
fn a_moon_choice_is_checked_under_shooter_chooses() {
    // Find a recorded moon under shooter-chooses and change its scoring name.
    let rules = Rules { moon: MoonRule::ShooterChooses, target_score: 100, ..Rules::default() };
    let with_moon =
        (0..400).map(|seed| recorded(rules, seed)).find(|record| record.hands.iter().any(|hand| hand.moon.is_some()));
    let Some(record) = with_moon else { panic!("easy bots shoot the moon in some game of 400") };
    let index = record.hands.iter().position(|hand| hand.moon.is_some()).unwrap();
    let mut value = serde_json::to_value(&record).unwrap();
    value["hands"][index]["moon"]["scoring"] = json!("sideways");
    let error = serde_json::from_value::<GameRecord>(value).unwrap().replay().unwrap_err();
    assert!(error.to_string().contains("\"sideways\" is not a moon scoring"), "{error}");
}

#[test]
fn the_family_presets_record_and_replay() {
    use hearts_engine::Preset;
    for preset in [
        Preset::BlackJack,
        Preset::Greek,
        Preset::ChasseCoeur,
        Preset::Royal,
        Preset::Eagle,
        Preset::Heartsette,
        Preset::Hoyle1887,
        Preset::Partnership,
    ] {
        let rules = Rules { max_hands: 3, ..preset.rules() };
        let record = recorded(rules, 11);
        assert_eq!(record.hands.len(), 3, "{preset}");
        let json = serde_json::to_string(&record).unwrap();
        let again: GameRecord = serde_json::from_str(&json).unwrap();
        again.replay().unwrap_or_else(|error| panic!("{preset}: {error}"));
    }
}

#[test]
fn a_record_without_declarations_replays_as_before_and_a_made_up_one_is_caught() {
    // Records written before declarations existed have no `declarer`.
    let text = serde_json::to_string(&recorded(Rules { target_score: 40, ..Rules::default() }, 3)).unwrap();
    assert!(!text.contains("declarer"));
    serde_json::from_str::<GameRecord>(&text).unwrap().replay().unwrap();
    // Under Chasse Coeur, a declarer off the table, or one the game never
    // had, is reported with the hand.
    let rules = Rules { max_hands: 2, ..hearts_engine::Preset::ChasseCoeur.rules() };
    let record = serde_json::to_value(recorded(rules, 5)).unwrap();
    assert_eq!(record["hands"][0].get("declarer"), None, "nobody declared in this game");
    let mut off_table = record.clone();
    off_table["hands"][0]["declarer"] = json!(6);
    let error = serde_json::from_value::<GameRecord>(off_table).unwrap().replay().unwrap_err();
    assert!(error.to_string().starts_with("hand 1: declarer: seat 6 is not at a table of 4"), "{error}");
    let mut made_up = record;
    made_up["hands"][0]["declarer"] = json!(2);
    let error = serde_json::from_value::<GameRecord>(made_up).unwrap().replay().unwrap_err();
    assert!(error.to_string().starts_with("hand 1: "), "{error}");
    // Black Lady has no declaration: a declarer there is refused outright.
    let mut value = base();
    value["hands"][0]["declarer"] = json!(1);
    let error = serde_json::from_value::<GameRecord>(value).unwrap().replay().unwrap_err();
    assert!(error.to_string().contains("hand 1: declarer"), "{error}");
}

#[test]
fn a_domino_game_records_its_stock_and_draws_and_replays() {
    let rules = Rules { players: 2, ..hearts_engine::Preset::Domino.rules() };
    let record = recorded(rules, 11);
    let first = &record.hands[0];
    let stock = first.stock.as_ref().expect("the stock as dealt");
    assert_eq!(stock.len(), 40);
    assert!(first.kitty.is_empty());
    let draws: usize = record.hands.iter().flat_map(|h| &h.tricks).map(|t| t.drew.len()).sum();
    assert!(draws > 0, "a game for two draws");
    let game = record.clone().replay().unwrap();
    assert_eq!(game.phase(), GamePhase::GameOver);
    assert!(game.totals().of_table(2).iter().any(|&t| t >= 31));
    // A draw changed by hand, and a stock card moved, are both caught.
    let mut value = serde_json::to_value(&record).unwrap();
    let (h, t) = record
        .hands
        .iter()
        .enumerate()
        .find_map(|(h, hand)| hand.tricks.iter().position(|t| !t.drew.is_empty()).map(|t| (h, t)))
        .unwrap();
    value["hands"][h]["tricks"][t]["drew"][0]["seat"] = json!(9);
    let edited: GameRecord = serde_json::from_value(value).unwrap();
    let error = edited.replay().unwrap_err().to_string();
    assert!(error.contains(&format!("tricks[{t}].drew")), "{error}");
    let mut value = serde_json::to_value(&record).unwrap();
    value["hands"][0]["stock"].as_array_mut().unwrap().pop();
    let edited: GameRecord = serde_json::from_value(value).unwrap();
    let error = edited.replay().unwrap_err().to_string();
    assert!(error.contains("stock"), "{error}");
}

#[test]
fn a_two_pack_game_records_both_copies_and_replays() {
    let rules = Rules { players: 11, max_hands: 3, ..hearts_engine::Preset::Cancellation.rules() };
    let record = recorded(rules, 4);
    let json = serde_json::to_value(&record).unwrap();
    // Every card of both packs is dealt once: 104 cards, each twice.
    let hand = &json["hands"][0];
    let seats: Vec<Vec<String>> = serde_json::from_value(hand["dealt"].clone()).unwrap();
    let kitty: Vec<String> = serde_json::from_value(hand["kitty"].clone()).unwrap();
    let mut dealt: Vec<String> = seats.into_iter().flatten().chain(kitty).collect();
    dealt.sort();
    assert_eq!(dealt.len(), 104);
    assert!(dealt.chunks(2).all(|pair| pair[0] == pair[1]), "each card twice");
    dealt.dedup();
    assert_eq!(dealt.len(), 52);
    let again: GameRecord = serde_json::from_value(json).unwrap();
    again.replay().unwrap();
    // A card listed three times is more than two packs hold.
    let mut value = serde_json::to_value(&record).unwrap();
    let card = value["hands"][0]["dealt"][0][0].clone();
    value["hands"][0]["dealt"][0].as_array_mut().unwrap().extend([card.clone(), card]);
    let error = serde_json::from_value::<GameRecord>(value).unwrap().replay().unwrap_err();
    assert!(error.to_string().contains("more often than the packs hold it"), "{error}");
}

/// Every action of a whole game between easy bots.
fn actions_of_a_game(rules: Rules, seed: u64) -> Vec<Action> {
    let mut game = Game::new(rules, seed).unwrap();
    let mut bots: Vec<_> =
        Seat::all(rules.player_count()).map(|seat| Level::Easy.bot(seed, seat, Think::Samples(1))).collect();
    let mut actions = Vec::new();
    while game.phase() != GamePhase::GameOver {
        let action = match seat_to_act(&game) {
            Some(seat) => decide(&game, seat, bots[seat.index()].as_mut()).unwrap(),
            None => Action::NextHand,
        };
        game.apply(action).unwrap();
        actions.push(action);
    }
    actions
}

#[test]
fn a_game_stopped_at_any_point_is_recorded_as_a_record_that_reads_back() {
    // What the table keeps of a game left (or timed out) after any action:
    // the hands scored so far, which replay (and open in `hearts replay`)
    // in any preset, even before the first hand is over.
    for &preset in hearts_engine::Preset::ALL {
        let rules = Rules { max_hands: 2, ..preset.rules() };
        let players = rules.player_count();
        let seats: Vec<SeatRecord> =
            (0..players).map(|seat| SeatRecord { seat, name: format!("seat {seat}"), player: "easy".into() }).collect();
        let actions = actions_of_a_game(rules, 5);
        let start = hearts_bots::record::DealCode { seed: 5, hand: 1 };
        for stop in 0..=actions.len() {
            let kept = GameRecord::of_actions(rules, start, seats.clone(), &actions[..stop]).unwrap();
            let line = serde_json::to_string(&kept).unwrap();
            let record: GameRecord = serde_json::from_str(&line).unwrap();
            let game = record.replay().unwrap_or_else(|error| panic!("{preset}, stopped after {stop}: {error}"));
            assert_eq!(record.hands.len(), game.history().len(), "{preset}, stopped after {stop}");
            assert_eq!(record.totals.len(), players, "{preset}, stopped after {stop}: a total for every seat");
            hearts::ui::replay::Replay::new(
                record,
                (1, 1),
                hearts::theme::Theme { color: false, ascii: true, palette256: false, four_colour: false },
            )
            .unwrap_or_else(|error| panic!("{preset}, stopped after {stop}: the replay: {error}"));
        }
    }
}

#[test]
fn a_record_of_no_hand_scored_written_before_such_records_had_totals_reads_back() {
    // Earlier versions wrote a game stopped before its first hand was
    // scored with empty totals and winners.
    let mut value = serde_json::to_value(recorded(Rules::default(), 3)).unwrap();
    value["hands"] = json!([]);
    value["totals"] = json!([]);
    value["winners"] = json!([]);
    value["finished"] = json!(false);
    let record: GameRecord = serde_json::from_value(value.clone()).unwrap();
    let game = record.replay().unwrap();
    assert!(game.history().is_empty());
    // Made-up totals are still caught.
    value["totals"] = json!([0, 0, 5, 0]);
    let record: GameRecord = serde_json::from_value(value).unwrap();
    assert!(record.replay().unwrap_err().to_string().starts_with("totals: the record says [0, 0, 5, 0]"));
}
