//! The table's screen as its one person has it: passing.

use super::*;

#[test]
fn the_status_line_counts_the_cards_marked_to_pass() {
    let mut h = Harness::new(42, Speed::Instant);
    assert_eq!(h.status(), "Choose 3 cards to pass to Left (0 of 3)");
    h.send(Command::Mark);
    assert_eq!(h.status(), "Choose 3 cards to pass to Left (1 of 3)");
    h.send(Command::Mark);
    assert_eq!(h.status(), "Choose 3 cards to pass to Left (0 of 3)", "Space again unmarks");
}

#[test]
fn enter_passes_only_once_the_right_number_is_marked() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::Mark);
    h.send(Command::Confirm);
    assert!(h.sight().is_passing());
    assert_eq!(h.you().note.as_deref(), Some("Mark 3 cards to pass (1 marked)"));
    for _ in 0..2 {
        h.send(Command::Right);
        h.send(Command::Mark);
    }
    let passed = h.you().marked;
    h.send(Command::Confirm);
    h.wait(Duration::from_secs(1));
    assert_eq!(h.game().hand().passed_cards(YOU), passed);
    let received = h.game().hand().received(YOU);
    assert_eq!(h.own().new, received, "received cards are marked in the hand");
}

#[test]
fn a_fourth_card_cannot_be_marked() {
    let mut h = Harness::new(42, Speed::Instant);
    for _ in 0..4 {
        h.send(Command::Mark);
        h.send(Command::Right);
    }
    assert_eq!(h.you().marked.len(), 3);
    assert_eq!(h.you().note.as_deref(), Some("You pass 3 cards; unmark one first"));
}

#[test]
fn clicking_cards_marks_them_and_the_pass_button_passes() {
    let mut h = Harness::new(42, Speed::Normal);
    let (_, _, hits) = h.screen(80, 24);
    for (_, card) in hits.cards.iter().take(3) {
        h.send(Command::Card(*card));
    }
    assert_eq!(h.you().marked.len(), 3);
    let (_, _, hits) = h.screen(80, 24);
    assert!(hits.buttons.iter().any(|(_, b)| *b == Button::Pass));
    h.send(Command::Button(Button::Pass));
    assert!(h.sight().pending_pass().is_some(), "the pass is on its way");
}

#[test]
fn a_click_is_read_on_the_screen_last_shown_to_that_person() {
    use crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let mut h = Harness::new(42, Speed::Normal);
    let click = |rect: Rect| {
        let kind = MouseEventKind::Down(MouseButton::Left);
        Event::Mouse(MouseEvent { kind, column: rect.x + 1, row: rect.y + 1, modifiers: KeyModifiers::NONE })
    };
    let (_, _, hits) = h.screen(80, 24);
    let (rect, card) = hits.cards[0];
    h.room.event(PersonId::LOCAL, &click(rect), h.now);
    assert!(h.you().marked.is_empty(), "nothing was shown to you yet: the click is on nothing");
    let area = Rect::new(0, 0, 80, 24);
    h.room.show(PersonId::LOCAL, &mut Buffer::empty(area), area, h.now);
    h.room.event(PersonId::LOCAL, &click(rect), h.now);
    assert_eq!(h.you().marked.len(), 1);
    assert!(h.you().marked.cards().contains(card), "the card clicked is marked");
}

#[test]
fn undo_takes_back_a_pass_before_the_cards_arrive() {
    let mut h = Harness::new(42, Speed::Normal);
    for _ in 0..3 {
        h.send(Command::Mark);
        h.send(Command::Right);
    }
    let marked = h.you().marked;
    h.send(Command::Confirm);
    assert!(h.status().starts_with("Passing "), "{}", h.status());
    h.send(Command::Undo);
    assert!(h.sight().is_passing());
    assert_eq!(h.you().marked, marked);
    assert_eq!(h.table().undos(), 1);
}

#[test]
fn once_the_passed_cards_arrive_the_pass_cannot_be_undone() {
    let mut h = Harness::new(42, Speed::Instant);
    for _ in 0..3 {
        h.send(Command::Mark);
        h.send(Command::Right);
    }
    h.send(Command::Confirm);
    h.let_bots_play();
    h.send(Command::Undo);
    assert_eq!(h.table().undos(), 0);
    assert!(h.you().note.as_deref().unwrap().starts_with("Can't undo"), "{:?}", h.you().note);
}

#[test]
fn a_hold_hand_says_there_is_no_passing() {
    let mut h = Harness::new(42, Speed::Instant);
    h.play_until(|app| app.game().hand_number() == 4);
    h.let_bots_play();
    assert_eq!(h.game().hand().phase(), HandPhase::Playing);
    assert!(
        h.you().note.as_deref().unwrap_or("").contains("No passing this hand (hold hand)")
            || h.game().hand().tricks_played() > 0
    );
}
