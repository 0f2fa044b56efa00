//! The table's screen as its one person has it: play that feels right.

use super::*;

/// Your first turn where some cards may not be played.
fn at_a_restricted_turn() -> Harness {
    for seed in 1..300 {
        let h = at_your_first_play(seed);
        let hand = h.game().hand();
        if hand.legal_moves().len() >= 2 && hand.legal_moves() != hand.holding(YOU) {
            return h;
        }
    }
    panic!("no seed gave a turn with two or more legal cards among illegal ones");
}

#[test]
fn on_your_turn_the_cursor_stops_only_on_cards_you_may_play() {
    let mut h = at_a_restricted_turn();
    let legal = h.game().legal_moves();
    let mut visited = CardSet::EMPTY;
    for _ in 0..30 {
        h.send(Command::Right);
        visited.insert(h.cursor_card().unwrap());
    }
    for _ in 0..30 {
        h.send(Command::Left);
        visited.insert(h.cursor_card().unwrap());
    }
    assert_eq!(visited, legal, "every legal card and nothing else");
    h.send(Command::First);
    assert_eq!(h.cursor_card(), legal.lowest());
    h.send(Command::Last);
    assert_eq!(h.cursor_card(), legal.iter().last());
}

#[test]
fn a_dimmed_red_card_still_reads_as_red() {
    let h = at_a_restricted_turn();
    let hand = h.game().hand();
    let illegal_red = (hand.holding(YOU) - hand.legal_moves())
        .iter()
        .find(|card| matches!(card.suit(), hearts_engine::Suit::Hearts | hearts_engine::Suit::Diamonds));
    let Some(card) = illegal_red else { return };
    let face = COLOR.dimmed_face(card);
    assert_eq!(face.fg, Some(Color::Indexed(88)), "a darker red");
    assert_ne!(face.bg, COLOR.card_face(card).bg, "it is still dimmed");
}

#[test]
fn without_colour_a_card_you_may_not_play_has_a_dashed_outline_not_only_faint_text() {
    for ascii in [false, true] {
        let mut h = at_a_restricted_turn();
        h.you_mut().theme = Theme { color: false, ascii, palette256: true, four_colour: false };
        let (_, buffer, hits) = h.screen(80, 24);
        let legal = h.game().legal_moves();
        let (dashed, plain) = if ascii { (":", "|") } else { ("┆", "│") };
        for (rect, card) in &hits.cards {
            // The left edge of the card's outline, on its rank's row.
            let edge = buffer[(rect.x, rect.y + 2)].symbol().to_string();
            let row = if legal.contains(*card) { plain } else { dashed };
            assert_eq!(edge, row, "{card}: playable {} (ascii {ascii})", legal.contains(*card));
        }
        assert!(hits.cards.iter().any(|(_, card)| !legal.contains(*card)), "a card is not playable");
    }
}

#[test]
fn the_note_says_who_the_received_cards_came_from() {
    let mut h = Harness::new(42, Speed::Instant);
    h.let_bots_play();
    h.play_as_hard();
    h.wait(Duration::from_secs(3));
    let note = h.you().note.clone().unwrap_or_default();
    assert!(
        note.starts_with("You received") && note.ends_with("from Right"),
        "hand 1 passes left, so Right's cards come: {note}"
    );
}

#[test]
fn t_steps_back_through_every_trick_of_the_hand() {
    let mut h = Harness::new(42, Speed::Instant);
    h.play_until(|app| {
        app.game().tricks().len() == 4 && app.sight().hand.to_act == Some(YOU) && app.you().window.is_none()
    });
    h.send(Command::LastTrick);
    assert_eq!(h.you().window, Some(Window::Trick(3)));
    let text = h.text();
    assert!(text.contains("Trick 4 of 4"));
    assert!(text.contains("earlier") && !text.contains("later"), "no trick after the last: {text}");
    for expected in [2, 1, 0] {
        h.send(Command::LastTrick);
        assert_eq!(h.you().window, Some(Window::Trick(expected)));
    }
    h.send(Command::Left);
    assert_eq!(h.you().window, Some(Window::Trick(0)), "there is nothing before the first trick");
    let first = h.game().tricks()[0];
    let text = h.text();
    assert!(text.contains("Trick 1 of 4"), "{text}");
    assert!(text.contains("later") && !text.contains("earlier"), "no trick before the first: {text}");
    let lead = format!("{}led {}", "", h.you().theme.card(first.cards()[0]));
    assert!(text.contains(&lead), "the leader is marked: {text}");
    h.send(Command::Right);
    assert_eq!(h.you().window, Some(Window::Trick(1)));
    h.send(Command::Cancel);
    assert_eq!(h.you().window, None);
    h.send(Command::LastTrick);
    for _ in 0..4 {
        h.send(Command::LastTrick);
    }
    assert_eq!(h.you().window, None, "t past the first trick closes the window");
}

#[test]
fn what_you_passed_stays_in_view_for_the_hand() {
    let mut h = Harness::new(42, Speed::Instant);
    h.let_bots_play();
    h.play_as_hard();
    h.play_until(|app| app.game().tricks().len() == 3);
    let passed = h.game().hand().passed(YOU);
    assert_eq!(passed.len(), 3);
    let text = h.text();
    let you_row = text.lines().find(|line| line.starts_with(" You")).unwrap().to_string();
    assert!(you_row.contains(&format!("passed {} to Left", h.you().theme.cards(passed))), "{you_row}");
}

#[test]
fn a_game_started_from_a_deal_code_deals_that_hand_and_saves_and_replays_from_it() {
    let start = hearts_bots::record::DealCode { seed: 42, hand: 7 };
    let table = Table::local(table(Rules::default()), start, Speed::Instant, Think::Samples(1)).unwrap();
    let dealt = hearts_engine::Deal::for_hand(&Rules::default(), 42, 6);
    assert_eq!(table.game().hand().holding(YOU), dealt.hands[YOU], "hand 7 of game 42");
    assert_eq!(table.game().totals()[YOU], 0);
    let mut h = Harness::of(table);
    h.play_until(|app| app.game().history().len() == 1 && app.you().window.is_none());
    let saved = h.table().saved_game(h.now);
    assert_eq!(saved.first_hand, 7);
    let programs = hearts_table::saved::Programs::Replace;
    let resumed = Table::resume_local(&saved, programs, Speed::Instant, Think::Samples(1)).unwrap();
    assert_eq!(resumed.game(), h.game());
    assert_eq!(resumed.start(), start);
    let record = hearts_bots::record::GameRecord::of_actions(Rules::default(), start, Vec::new(), h.table().log());
    assert_eq!(record.unwrap().hands[0].number, 7);
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    h.you_mut().window = Some(Window::GameOver(Button::Replay));
    h.send(Command::Confirm);
    assert_eq!((h.table().start(), h.game().hand_number()), (start, 7), "replay starts at hand 7 again");
}

#[test]
fn your_cards_keep_their_places_until_the_trick_ends() {
    for seed in 1..100 {
        let mut h = at_your_first_play(seed);
        // You must not be last to the trick, so it goes on after your card.
        if h.game().hand().trick().len() + 1 == h.setup().rules.player_count() {
            continue;
        }
        let (_, _, before) = h.screen(80, 24);
        let card = h.game().legal_moves().lowest().unwrap();
        h.send(Command::Card(card));
        assert!(h.game().hand().trick().cards().contains(&card));
        let (_, _, after) = h.screen(80, 24);
        let place = |hits: &Hits, card| hits.cards.iter().find(|(_, c)| *c == card).map(|(rect, _)| rect.x);
        for &(_, other) in &after.cards {
            assert_eq!(place(&after, other), place(&before, other), "{other} moved while the trick goes on");
        }
        assert_eq!(after.cards.len() + 1, before.cards.len());
        return;
    }
    panic!("no seed had you play before the end of the trick");
}

#[test]
fn hints_asked_for_are_counted_in_the_finished_games_statistics() {
    let mut h = Harness::with_rules(Rules { target_score: 20, ..Rules::default() }, 7, Speed::Instant);
    h.let_bots_play();
    h.ask_hint();
    h.ask_hint();
    assert_eq!(h.table().hints_used(), 2);
    assert_eq!(h.table().saved_game(h.now).hints, 2, "saved with the game");
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    let finished = h.take_to_runtime().into_iter().find_map(|effect| match effect {
        ToRuntime::Ended(ended) if ended.finish.is_some() => Some(ended),
        _ => None,
    });
    assert_eq!(finished.map(|ended| ended.hints), Some(2));
}
