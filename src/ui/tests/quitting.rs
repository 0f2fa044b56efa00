//! The table's screen as its one person has it: quitting and the end.

use super::*;

#[test]
fn q_asks_before_quitting_mid_game() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::Quit);
    assert_eq!(h.you().window, Some(Window::ConfirmQuit));
    assert!(h.take_to_runtime().is_empty());
    h.send(Command::New);
    assert_eq!(h.you().window, None);
    h.send(Command::Quit);
    h.send(Command::Confirm);
    assert!(!h.left(), "only y quits: Enter does not");
    h.send(Command::Yes);
    assert!(h.left());
}

#[test]
fn a_whole_game_ends_with_standings_and_a_menu() {
    let mut h = Harness::new(7, Speed::Instant);
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    assert_eq!(h.table().finish(), Some(Finish::Completed));
    assert!(h.game().totals().of_table(4).iter().any(|&t| t >= 100));
    let effects = h.take_to_runtime();
    assert!(effects.iter().any(|e| matches!(e, ToRuntime::Ended(ended) if ended.finish == Some(Finish::Completed))));
    h.send(Command::Restart);
    assert_eq!(h.table().start(), hearts_bots::record::DealCode { seed: 7, hand: 1 }, "r replays the seed");
    assert_eq!((h.table().finish(), h.game().hand_number(), h.table().log().len()), (None, 1, 0));
}
