//! The table's screen as its one person has it: timed mode.

use super::*;

#[test]
fn the_timed_game_ends_at_zero_with_the_out_of_time_score() {
    let rules = hearts_engine::Preset::Worldwinner.rules();
    let mut h = Harness::with_rules(rules, 42, Speed::Instant);
    h.play_until(|app| {
        app.game().hand_number() == 2
            && app.game().hand().phase() == HandPhase::Playing
            && app.sight().hand.to_act == Some(YOU)
    });
    h.send(Command::Undo);
    assert_eq!(h.you().note.as_deref(), Some("Undo is off in the timed game"));
    h.send(Command::Hint);
    assert_eq!(h.you().note.as_deref(), Some("Hints are off in the timed game"));
    assert_eq!(h.you().hint, CardSet::EMPTY);
    h.wait(Duration::from_secs(601));
    assert_eq!(h.table().finish(), Some(Finish::OutOfTime));
    let points = h.game().totals()[YOU];
    let score = h.table().tournament().unwrap();
    assert_eq!(score.total(), 50 + 26 * 2 - 2 * points, "hand 1 played, hand 2 in progress");
    assert!(matches!(h.you().window, Some(Window::GameOver(_))));
    assert!(h.text().contains("Time is up"));
}

/// The record the table keeps of the game as it stands, written out as a
/// line of `games.jsonl` and read back as `hearts replay` and `hearts
/// review` read it: it must replay, review and open in the replay.
fn kept_record_reads_back(app: &Harness) -> hearts_bots::record::GameRecord {
    let kept = app.table().ended_now().record().unwrap();
    let line = serde_json::to_string(&kept).unwrap();
    let record: hearts_bots::record::GameRecord = serde_json::from_str(&line).unwrap();
    let replayed = record.replay().unwrap_or_else(|error| panic!("{error}\n{line}"));
    assert_eq!(replayed.totals(), app.game().totals(), "the hands scored, and no more");
    let decisions = hearts_table::review::review(&record, YOU, 8, |_, _| {}).unwrap();
    let reviewed_hands: Vec<u32> = decisions.iter().map(|d| d.hand).collect();
    assert!(reviewed_hands.iter().all(|&hand| hand <= record.hands.len() as u32), "{reviewed_hands:?}");
    crate::ui::replay::Replay::new(record.clone(), (1, 1), COLOR).unwrap();
    record
}

#[test]
fn a_timed_game_stopped_by_the_clock_before_any_hand_was_scored_reads_back() {
    let mut h = Harness::with_rules(hearts_engine::Preset::Worldwinner.rules(), 42, Speed::Instant);
    h.let_bots_play();
    h.play_as_hard();
    h.let_bots_play();
    h.wait(Duration::from_secs(601));
    assert_eq!(h.table().finish(), Some(Finish::OutOfTime));
    assert!(h.game().history().is_empty() && !h.table().log().is_empty(), "cards played, no hand scored");
    let record = kept_record_reads_back(&h);
    assert!(record.hands.is_empty());
    assert_eq!((record.totals, record.finished), (vec![0; 4], false));
}

#[test]
fn a_timed_game_stopped_by_the_clock_mid_hand_reads_back() {
    let mut h = Harness::with_rules(hearts_engine::Preset::Worldwinner.rules(), 42, Speed::Instant);
    h.play_until(|app| {
        app.game().hand_number() == 2 && app.game().hand().tricks_played() == 3 && app.sight().hand.to_act == Some(YOU)
    });
    h.wait(Duration::from_secs(601));
    assert_eq!(h.table().finish(), Some(Finish::OutOfTime));
    let record = kept_record_reads_back(&h);
    assert_eq!(record.hands.len(), 1, "hand 2 was not finished: only hand 1 is kept");
    assert_eq!(record.totals, record.hands[0].totals);
    assert!(!record.finished);
}
