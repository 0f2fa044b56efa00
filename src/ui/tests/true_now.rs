//! The table's screen as its one person has it: saying only what is true now.

use super::*;

#[test]
fn the_key_line_lists_only_keys_that_act_now() {
    let mut h = Harness::new(42, Speed::Instant);
    assert!(h.keys_now().contains(&"Space mark"));
    h.play_until(|app| matches!(app.you().window, Some(Window::HandSummary)));
    assert_eq!(h.keys_now(), ["Enter next hand", "q quit"], "a summary lists no play keys");
    assert!(h.text().contains("[ Enter Next hand ]"), "as its button says: {}", h.text());
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    assert_eq!(h.keys_now(), ["n new game", "r replay this seed", "s scores", "S stats", "q quit"]);
    h.send(Command::Help);
    assert_eq!(h.you().window, Some(Window::Help), "the help opens at game over too");
    h.send(Command::Cancel);
    assert!(matches!(h.you().window, Some(Window::GameOver(_))), "and gives the game-over window back");

    let timed = hearts_engine::Preset::Worldwinner.rules();
    let mut h = Harness::with_rules(timed, 42, Speed::Normal);
    h.let_bots_play();
    let keys = h.keys_now();
    assert!(!keys.contains(&"i hint") && keys.contains(&"Space mark"), "{keys:?}");
    h.play_as_hard();
    assert!(h.sight().pending_pass().is_some());
    assert!(!h.keys_now().contains(&"u take back"), "undo is off in the timed game");
    assert!(!h.status().contains("u takes them back"), "{}", h.status());
    let mut untimed = Harness::new(42, Speed::Normal);
    untimed.let_bots_play();
    untimed.play_as_hard();
    assert!(untimed.status().contains("u takes them back"), "{}", untimed.status());
}

#[test]
fn a_refusal_is_not_followed_by_the_same_words() {
    for seed in 1..200 {
        let mut h = at_your_first_play(seed);
        let hand = h.game().hand();
        let Some(led) = hand.trick().led_suit() else { continue };
        let Some(card) = (hand.holding(YOU) - hand.legal_moves() - hand.holding(YOU).of_suit(led)).lowest() else {
            continue;
        };
        if !matches!(hand.check_play(YOU, card), Err(hearts_engine::PlayError::MustFollowSuit { .. })) {
            continue;
        }
        h.send(Command::Card(card));
        let status_row = h.text().lines().nth(22).unwrap().to_string();
        assert!(status_row.contains("You must follow"), "{status_row}");
        assert!(!status_row.contains("· Follow"), "the refusal already says it: {status_row}");
        return;
    }
    panic!("no seed gave a card that must follow suit");
}

#[test]
fn one_point_and_one_hand_are_singular() {
    assert_eq!(draw::points(1), "1 pt");
    assert_eq!(draw::points(0), "0 pts");
    assert_eq!(crate::words::count(1, "hand", "hands"), "1 hand");
    assert_eq!(crate::words::count(2, "hand", "hands"), "2 hands");
}

#[test]
fn ascii_draws_every_screen_in_ascii() {
    let ascii = Theme { color: true, ascii: true, palette256: true, four_colour: false };
    let mut h = Harness::with_rules(Rules { clock_minutes: 10, ..Rules::default() }, 7, Speed::Instant);
    h.you_mut().theme = ascii;
    let mut screens = vec![h.text()];
    for command in
        [Command::Help, Command::Cancel, Command::ScoreSheet, Command::Cancel, Command::Stats, Command::Cancel]
    {
        h.send(command);
        screens.push(h.text());
    }
    h.play_until(|app| matches!(app.you().window, Some(Window::HandSummary)));
    screens.push(h.text());
    h.send(Command::Confirm);
    h.play_until(|app| app.sight().hand.to_act == Some(YOU) && app.game().hand().phase() == HandPhase::Playing);
    screens.push(h.text());
    h.send(Command::PlayedCards);
    screens.push(h.text());
    for screen in screens {
        assert!(screen.is_ascii(), "not ASCII:\n{screen}");
    }
}

#[test]
fn the_help_of_the_timed_game_says_hints_and_undo_are_off() {
    let mut h = Harness::with_rules(hearts_engine::Preset::Worldwinner.rules(), 42, Speed::Instant);
    h.send(Command::Help);
    assert!(h.text().contains("no hints or undo; clock runs on your turns"), "{}", h.text());
}

#[test]
fn the_played_cards_panel_leaves_every_trick_card_in_view() {
    for players in 3..=7 {
        let rules = Rules { players, ..Rules::default() };
        let mut h = Harness::with_rules(rules, 5, Speed::Normal);
        h.play_until(|app| {
            app.game().hand().phase() == HandPhase::Playing
                && app.game().hand().trick().len() + 1 == app.setup().rules.player_count()
        });
        h.send(Command::PlayedCards);
        let text = h.text();
        for card in h.game().hand().trick().cards() {
            let face = format!("│{:<2}{}│", Theme::rank(card.rank()), h.you().theme.suit(card.suit()));
            assert!(text.contains(&face), "{players} players: {face} hidden:\n{text}");
        }
    }
}

#[test]
fn a_pass_on_its_way_is_drawn_face_down_crossing_to_its_receiver() {
    let mut h = Harness::new(42, Speed::Slow);
    h.let_bots_play();
    h.play_as_hard();
    assert!(h.sight().pending_pass().is_some());
    let position = |h: &Harness| {
        let text = h.text();
        let row = text.lines().position(|line| line.contains("to Left")).expect("the pass is drawn");
        let col = text.lines().nth(row).unwrap().find("▒▒").unwrap();
        (row, col, text.lines().nth(row).unwrap().matches("▒▒").count())
    };
    let (row, col, backs) = position(&h);
    assert_eq!(backs, 3, "three cards, face down");
    h.now += Duration::from_millis(1500);
    let (later_row, later_col, _) = position(&h);
    assert!(
        later_col < col || later_row < row,
        "it moves toward Left: {:?} -> {:?}",
        (row, col),
        (later_row, later_col)
    );
    h.wait(Duration::from_secs(1));
    assert!(!h.text().contains("▒▒ ▒▒ ▒▒ to Left"), "gone once the cards arrive");
}

#[test]
fn the_resume_offer_fits_every_total_inside_its_window() {
    let rules = Rules { players: 7, ..Rules::default() };
    let mut h = Harness::with_rules(rules, 3, Speed::Instant);
    h.play_until(|app| {
        app.game().history().len() == 1 && app.you().window.is_none() && app.game().hand().phase() == HandPhase::Playing
    });
    let players: Vec<hearts_bots::players::Player> =
        vec!["cmd:a-long-program --with flags --and more".parse().unwrap(); 7];
    let table = Setup { rules, label: "black-lady".into(), players };
    let with_program = hearts_table::saved::SavedGame::new(&table, h.table().start(), h.table().log(), 0, None);
    h.you_mut().window = Some(Window::Resume(crate::ui::window::resume::ResumeOffer::of(&with_program)));
    let text = h.text();
    let inside: Vec<&str> = text.lines().filter(|line| line.contains('│')).collect();
    for seat in Seat::all(7) {
        let total = format!("{} {}", h.setup().seat_name(seat), h.game().totals()[seat]);
        assert!(inside.iter().any(|line| line.contains(&total)), "{total} is not inside the window:\n{text}");
    }
    assert!(text.contains("y runs the programs again"), "{text}");
    // A line never breaks between a seat and its total, however long the seed.
    let description = "black-lady, hand 3, seed 442244098: You 0, Left 4, Across 15, Right 7".to_string();
    let offer = crate::ui::window::resume::ResumeOffer { description, programs: Vec::new() };
    h.you_mut().window = Some(Window::Resume(offer));
    let text = h.text();
    assert!(text.lines().any(|line| line.contains("Right 7")), "{text}");
}

#[test]
fn nothing_of_the_new_deal_shows_behind_the_resume_offer() {
    let mut saved_game = Harness::new(11, Speed::Instant);
    saved_game.play_until(|app| app.game().hand().tricks_played() == 2);
    let saved = saved_game.table().saved_game(saved_game.now);
    let mut h = Harness::new(4242, Speed::Instant);
    h.you_mut().window = Some(Window::Resume(crate::ui::window::resume::ResumeOffer::of(&saved)));
    h.room.send(Message::Note(hearts_table::Note::AtStart("statistics start afresh".to_string())), h.now);
    for (width, height) in [(80, 24), (200, 60)] {
        let (text, _, hits) = h.screen(width, height);
        for card in h.sight().cards() {
            let (rank, suit) = COLOR.face(card);
            assert!(!text.contains(&format!("{rank:<2}{suit}")), "{card} of the new deal shows:\n{text}");
        }
        for new_deal in ["▒▒", "deal 4242", "Choose 3 cards", "You ·"] {
            assert!(!text.contains(new_deal), "{new_deal} shows behind the offer:\n{text}");
        }
        assert!(text.contains("statistics start afresh"), "the note stays in view:\n{text}");
        assert!(hits.cards.is_empty());
        assert!(hits.buttons.iter().any(|(_, button)| *button == Button::Resume));
    }
    h.send(Command::New);
    let (rank, suit) = COLOR.face(h.sight().cards()[0]);
    assert!(h.text().contains(&format!("{rank:<2}{suit}")), "declined, the new deal is dealt face up:\n{}", h.text());
}
