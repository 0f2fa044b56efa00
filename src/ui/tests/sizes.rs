//! The table's screen as its one person has it: every size.

use super::*;

#[test]
fn with_eight_to_eleven_players_every_label_is_whole_and_every_card_of_the_trick_shows() {
    for players in 8u8..=11 {
        let rules = Rules { players, ..hearts_engine::Preset::Cancellation.rules() };
        let mut h = Harness::with_rules(rules, 5, Speed::Normal);
        // Your turn with every other seat's card on the table.
        h.play_until(|app| {
            let trick = app.game().hand().trick().len() + 1 == usize::from(players);
            (trick && app.sight().hand.to_act == Some(YOU) && app.you().window.is_none())
                || app.game().hand_number() == 4
        });
        assert!(h.game().hand_number() < 4, "{players} players: no such turn in three hands");
        h.wait(Duration::from_secs(3));
        for (width, height) in [(80, 24), (120, 36), (120, 40), (200, 60)] {
            let (text, _, _) = h.screen(width, height);
            for seat in Seat::all(usize::from(players)).skip(1) {
                let label = format!("{} · normal", h.setup().seat_name(seat));
                assert_eq!(text.matches(&label).count(), 1, "{players} at {width}x{height}: {label}\n{text}");
            }
            assert_trick_whole(&h, &text, &format!("{players} at {width}x{height}"));
            if width == 80 {
                // No card lies over a seat's points (nor yours).
                let points = text.matches(" pts · total ").count();
                assert_eq!(points, usize::from(players), "{players} at {width}x{height}:\n{text}");
            }
        }
    }
}

#[test]
fn snapshot_layouts_at_80x24_120x36_and_200x60_for_3_4_and_7_players() {
    for players in [3u8, 4, 7] {
        let h = mid_game(players);
        for (width, height) in [(80, 24), (120, 36), (200, 60)] {
            let (text, _, _) = h.screen(width, height);
            insta::assert_snapshot!(format!("layout_{players}p_{width}x{height}"), text);
        }
    }
}

#[test]
fn a_big_terminal_draws_large_cards_and_the_side_panel() {
    let h = mid_game(4);
    let (small, _, small_hits) = h.screen(80, 24);
    let (big, _, big_hits) = h.screen(200, 60);
    assert!(!small.contains("This hand") && big.contains("This hand") && big.contains("Scores"));
    let height = |hits: &Hits| hits.cards[0].0.height;
    assert_eq!((height(&small_hits), height(&big_hits)), (4, 6), "cards three rows tall, then five");
    // Every trick of the hand so far is listed with its leader.
    for (i, trick) in h.game().tricks().iter().enumerate() {
        let row = format!("{:>2} {:<9} led", i + 1, h.setup().seat_name(trick.leader()));
        assert!(big.contains(&row), "{row} missing:\n{big}");
    }
}

#[test]
fn resizing_between_sizes_leaves_nothing_behind() {
    let h = mid_game(4);
    let (before, _, _) = h.screen(120, 36);
    let (_, _, _) = h.screen(200, 60);
    let (after, _, _) = h.screen(120, 36);
    assert_eq!(before, after, "each frame is drawn whole from the state");
}

#[test]
fn n_opens_the_new_game_window_and_enter_starts_what_it_says() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::New);
    assert!(matches!(h.you().window, Some(Window::NewGame(_))), "n at the table");
    assert!(h.text().contains("New game") && h.text().contains("Target"), "{}", h.text());
    h.send(Command::Down);
    for _ in 0..3 {
        h.send(Command::Erase);
    }
    h.send(Command::Digit('5'));
    h.send(Command::Digit('0'));
    h.send(Command::Down);
    h.send(Command::Down);
    h.send(Command::Right);
    h.send(Command::Confirm);
    assert_eq!(h.setup().rules.target_score, 50);
    assert_eq!(h.setup().players[1], Player::Builtin(Level::Hard));
    let remembered = h.to_runtime.iter().find_map(|request| match request {
        ToRuntime::Remember(_, remembered) => Some(remembered.clone()),
        _ => None,
    });
    assert_eq!(remembered.and_then(|remembered| remembered.target), Some(50));
    assert!(h.take_to_runtime().iter().any(|effect| matches!(effect, ToRuntime::Started)), "the new game started");

    let mut again = Harness::new(42, Speed::Instant);
    again.send(Command::New);
    again.send(Command::Cancel);
    assert_eq!(again.you().window, None, "Esc closes it");
    again.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    again.send(Command::New);
    assert!(matches!(again.you().window, Some(Window::NewGame(_))), "New at game over opens it too");
}

#[test]
fn enter_in_the_new_game_window_mid_game_asks_and_only_y_ends_the_game_under_way() {
    let mut h = mid_game(4);
    let seed = h.table().start().seed;
    h.send(Command::New);
    h.send(Command::Confirm);
    assert!(matches!(h.you().window, Some(Window::ConfirmEnd(_))), "Enter chose the game, it did not end this one");
    assert!(h.text().contains("This one ends here") && h.text().contains("y new game"), "{}", h.text());
    h.send(Command::Confirm);
    assert!(matches!(h.you().window, Some(Window::ConfirmEnd(_))), "Enter again says no yes");
    assert_eq!(h.table().start().seed, seed);
    h.send(Command::Cancel);
    assert_eq!(h.you().window, None, "n or Esc keeps playing");
    assert_eq!(h.table().start().seed, seed);

    h.send(Command::New);
    h.send(Command::Confirm);
    h.send(Command::Yes);
    assert_ne!(h.table().start().seed, seed, "y starts the new game");
}

#[test]
fn at_80x24_no_window_covers_the_top_line_at_any_table_size() {
    for players in 3..=7 {
        let timed = Rules { players, clock_minutes: 10, ..Rules::default() };
        let mut h = Harness::with_rules(timed, 3, Speed::Instant);
        h.play_until(|app| app.game().tricks().len() == 2 && app.you().window.is_none());
        let windows = [
            Window::Help,
            Window::ScoreSheet,
            Window::Record,
            Window::Trick(0),
            Window::ConfirmQuit,
            Window::ConfirmRestart,
            Window::MoonChoice(hearts_engine::MoonScoring::AddToOthers),
            Window::GameOver(Button::NewGame),
        ];
        for window in windows {
            h.you_mut().window = Some(window.clone());
            let text = h.text();
            let top = text.lines().next().unwrap();
            assert!(top.starts_with(" Hearts") && top.contains('⏱'), "{players} players, {window:?}:\n{text}");
            assert!(text.contains('╰'), "{players} players, {window:?}: the window's bottom edge is drawn");
        }
        h.send(Command::Cancel);
        h.you_mut().window = None;
        h.send(Command::New);
        let text = h.text();
        assert!(text.lines().next().unwrap().starts_with(" Hearts"), "new game window:\n{text}");
    }
}
