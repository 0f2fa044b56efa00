//! The table's screen as its one person has it: fitting the smallest terminal.

use super::*;

/// Each seat's score and total of the last hand, as the sheet writes them.
fn last_scores(app: &Harness) -> Vec<String> {
    let record = app.game().history().last().unwrap();
    Seat::all(app.setup().rules.player_count())
        .map(|seat| format!("{:+} {:>3}", record.scores[seat], record.totals[seat]))
        .collect()
}

#[test]
fn at_80x24_the_top_line_keeps_the_clock_and_whole_words_at_every_table_size() {
    for players in 3..=7 {
        let rules = Rules { players, clock_minutes: 10, ..Rules::default() };
        let h = Harness::with_rules(rules, 42, Speed::Instant);
        let top = h.text().lines().next().unwrap().to_string();
        assert!(top.contains("⏱ 10:00"), "{players} players: {top}");
        assert!(top.contains("Hand 1") && top.contains("hearts not broken"), "{players} players: {top}");
        assert!(top.chars().count() <= 80);
        let mut ascii = Harness::with_rules(rules, 42, Speed::Instant);
        ascii.you_mut().theme = Theme { color: true, ascii: true, palette256: true, four_colour: false };
        let top = ascii.text().lines().next().unwrap().to_string();
        assert!(top.is_ascii() && top.contains("time 10:00"), "{top}");
    }
}

#[test]
fn at_80x24_the_score_sheet_and_the_hand_summary_show_every_seat_and_total() {
    for players in 3..=7 {
        let rules = Rules { players, ..Rules::default() };
        let mut h = Harness::with_rules(rules, 11, Speed::Instant);
        h.play_until(|app| matches!(app.you().window, Some(Window::HandSummary)) && app.game().history().len() == 2);
        let summary = h.text();
        for (seat, scores) in Seat::all(players as usize).zip(last_scores(&h)) {
            assert!(summary.contains(&scores), "{players} players, summary lacks {scores} of {seat}:\n{summary}");
        }
        h.send(Command::Confirm);
        h.send(Command::ScoreSheet);
        let sheet = h.text();
        for scores in last_scores(&h) {
            assert!(sheet.contains(&scores), "{players} players, sheet lacks {scores}:\n{sheet}");
        }
        for seat in Seat::all(players as usize) {
            let name = h.setup().seat_name(seat);
            assert!(sheet.contains(&name), "{players} players, sheet lacks {name}:\n{sheet}");
        }
    }
}

#[test]
fn while_the_terminal_is_too_small_only_quitting_acts() {
    let mut h = Harness::new(42, Speed::Instant);
    h.you_mut().resized(60, 20);
    for command in [Command::Mark, Command::Right, Command::Help, Command::ScoreSheet, Command::Hint, Command::Restart]
    {
        h.send(command);
    }
    h.send(Command::Confirm);
    assert!(h.you().marked.is_empty(), "nothing was marked");
    assert_eq!(h.you().window, None, "no invisible window opened");
    assert_eq!(h.you().cursor, 0);
    assert!(h.take_to_runtime().is_empty());
    assert!(h.screen(60, 20).0.contains("Hearts needs a bigger terminal"));
    h.send(Command::Quit);
    assert!(h.left(), "q leaves (the terminal saves the game as it goes)");
    h.you_mut().resized(80, 24);
    h.send(Command::Mark);
    assert_eq!(h.you().marked.len(), 1, "keys act again once the terminal is big enough");
}
