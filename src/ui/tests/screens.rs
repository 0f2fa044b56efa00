//! The table's screen as its one person has it: screens.

use super::*;

#[test]
fn snapshot_passing() {
    let mut h = Harness::new(42, Speed::Normal);
    h.send(Command::Mark);
    h.send(Command::Right);
    h.send(Command::Right);
    h.send(Command::Mark);
    insta::assert_snapshot!("passing", h.text());
}

#[test]
fn snapshot_your_turn() {
    let h = at_your_first_play(42);
    insta::assert_snapshot!("your_turn", h.text());
}

#[test]
fn snapshot_full_trick() {
    for seed in 1..100 {
        let mut h = at_your_first_play(seed);
        if h.game().hand().trick().len() + 1 != h.setup().rules.player_count() {
            continue;
        }
        h.play_as_hard();
        assert!(h.sight().play.showing_trick, "the finished trick stays on the table");
        assert!(h.status().ends_with("takes the trick"), "{}", h.status());
        insta::assert_snapshot!("full_trick", h.text());
        return;
    }
    panic!("no seed had you play last to the first trick");
}

#[test]
fn snapshot_hand_summary() {
    let mut h = Harness::new(42, Speed::Instant);
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    insta::assert_snapshot!("hand_summary", h.text());
}

#[test]
fn snapshot_game_over() {
    let mut h = Harness::new(7, Speed::Instant);
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    insta::assert_snapshot!("game_over", h.text());
}

#[test]
fn snapshot_help() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::Help);
    insta::assert_snapshot!("help", h.text());
}

#[test]
fn snapshot_too_small() {
    let h = Harness::new(42, Speed::Instant);
    let (text, _, hits) = h.screen(60, 20);
    assert!(text.contains("at least 80x24; this one is 60x20"));
    assert_eq!(hits, Hits::default(), "nothing to click");
    insta::assert_snapshot!("too_small", text);
}

#[test]
fn snapshot_no_color() {
    let mut h = Harness::new(42, Speed::Instant);
    h.you_mut().theme = Theme { color: false, ascii: false, palette256: true, four_colour: false };
    h.send(Command::Mark);
    let (text, buffer, _) = h.screen(80, 24);
    for cell in buffer.content() {
        assert!(matches!(cell.fg, Color::Reset) && matches!(cell.bg, Color::Reset), "a coloured cell: {cell:?}");
    }
    let cursor_cell = buffer.content().iter().find(|c| c.modifier.contains(ratatui::style::Modifier::REVERSED));
    assert!(cursor_cell.is_some(), "the cursor shows by reverse video");
    insta::assert_snapshot!("no_color", text);
}

#[test]
fn snapshot_ascii() {
    let mut h = Harness::new(42, Speed::Instant);
    h.you_mut().theme = Theme { color: true, ascii: true, palette256: true, four_colour: false };
    let text = h.text();
    assert!(!text.contains('♠') && !text.contains('♥') && !text.contains('▒'));
    insta::assert_snapshot!("ascii", text);
}

/// Each card of your hand as drawn, by the cells of its face's row:
/// (card, the cells you see of it).
fn your_cards(buffer: &Buffer, hits: &Hits) -> Vec<(hearts_engine::Card, Vec<ratatui::buffer::Cell>)> {
    hits.cards
        .iter()
        .map(|(rect, card)| (*card, (rect.x..rect.right()).map(|x| buffer[(x, rect.y + 2)].clone()).collect()))
        .collect()
}

/// The cells of the suit symbols in the played-cards panel (`c`), top
/// to bottom.
fn played_panel_suits(buffer: &Buffer) -> Vec<ratatui::buffer::Cell> {
    let corner = (1..7).flat_map(|y| (0..30).map(move |x| (x, y)));
    corner.map(|at| buffer[at].clone()).filter(|cell| ["♠", "♥", "♦", "♣"].contains(&cell.symbol())).collect()
}

#[test]
fn the_four_colour_deck_draws_every_suit_in_its_own_colour_at_16_and_256_colours() {
    use hearts_engine::Suit;
    // In 16 colours no green reads on a card's white: clubs stay black there.
    for (palette256, blue, green) in
        [(false, Color::Blue, Color::Black), (true, Color::Indexed(25), Color::Indexed(28))]
    {
        let mut h = Harness::new(42, Speed::Instant);
        let theme = Theme { color: true, ascii: false, palette256, four_colour: true };
        h.you_mut().theme = theme;
        h.you_mut().show_played = true;
        let (_, buffer, hits) = h.screen(80, 24);
        let ink = |suit| match suit {
            Suit::Spades => Color::Black,
            Suit::Hearts => Color::Red,
            Suit::Diamonds => blue,
            Suit::Clubs => green,
        };
        let mut suits = Vec::new();
        for (card, cells) in your_cards(&buffer, &hits) {
            // The frame, the rank (two columns) and the suit: `│Q ♦│`.
            let (rank, symbol) = (&cells[1], &cells[3]);
            assert_eq!(symbol.symbol(), theme.suit(card.suit()).to_string(), "{card}: its symbol beside its rank");
            for cell in [rank, symbol] {
                assert_eq!((cell.fg, cell.bg), (ink(card.suit()), Color::White), "{card} at 256 colours: {palette256}");
            }
            suits.push(card.suit());
        }
        for suit in Suit::NOTATION_ORDER {
            assert!(suits.contains(&suit), "the hand holds {suit:?}, so the test sees its colour");
        }
        // The played-cards panel: each suit's symbol in its ink, on white
        // so that green clubs read on the green felt.
        let panel = played_panel_suits(&buffer);
        assert_eq!(panel.len(), 4, "a line a suit");
        for (cell, suit) in panel.into_iter().zip(Suit::NOTATION_ORDER) {
            assert_eq!(
                (cell.symbol(), cell.fg, cell.bg),
                (theme.suit(suit).to_string().as_str(), ink(suit), Color::White)
            );
        }
    }
}

#[test]
fn without_the_four_colour_deck_diamonds_stay_red_and_clubs_black_in_both_palettes() {
    use hearts_engine::Suit;
    for palette256 in [false, true] {
        let mut h = Harness::new(42, Speed::Instant);
        h.you_mut().theme = Theme { color: true, ascii: false, palette256, four_colour: false };
        h.you_mut().show_played = true;
        let (_, buffer, hits) = h.screen(80, 24);
        for (card, cells) in your_cards(&buffer, &hits) {
            let ink = match card.suit() {
                Suit::Hearts | Suit::Diamonds => Color::Red,
                Suit::Spades | Suit::Clubs => Color::Black,
            };
            assert_eq!(cells[3].fg, ink, "{card}");
        }
        let panel = played_panel_suits(&buffer);
        let inks: Vec<_> = panel.iter().map(|cell| (cell.symbol(), cell.fg)).collect();
        // Clubs and spades in the felt's text colour; hearts and diamonds a red that reads on the
        // felt, where the palette has one (in 16 colours the symbol alone tells them).
        let (text, red) = match palette256 {
            true => (Color::Indexed(231), Color::Indexed(217)),
            false => (Color::White, Color::White),
        };
        assert_eq!(inks, [("♠", text), ("♥", red), ("♦", red), ("♣", text)]);
    }
}

#[test]
fn under_no_color_the_four_colour_deck_is_monochrome_and_every_card_shows_its_suit() {
    for ascii in [false, true] {
        let mut h = Harness::new(42, Speed::Instant);
        let theme = Theme { color: false, ascii, palette256: true, four_colour: true };
        h.you_mut().theme = theme;
        let (_, buffer, hits) = h.screen(80, 24);
        for cell in buffer.content() {
            assert!(cell.fg == Color::Reset && cell.bg == Color::Reset, "a coloured cell: {cell:?}");
        }
        assert_eq!(hits.cards.len(), 13);
        for (card, cells) in your_cards(&buffer, &hits) {
            let face: String = cells.iter().map(|cell| cell.symbol()).collect();
            let rank = crate::theme::Theme::rank(card.rank());
            let written = format!("{rank:<2}{}", theme.suit(card.suit()));
            assert!(face.contains(&written), "{card} drawn as {face}");
        }
    }
}

#[test]
fn a_hand_too_long_for_whole_faces_still_shows_every_cards_rank_and_suit() {
    // Twenty cards at 80 columns: each shows three columns of itself.
    let rules = Rules::default();
    let high = |card: hearts_engine::Card| card.rank().index() >= 8;
    let low: Vec<_> = CardSet::DECK.iter().filter(|&card| !high(card)).collect();
    let holdings = BySeat::new_with(|seat| match seat.index() {
        0 => CardSet::DECK.iter().filter(|&card| high(card)).collect(),
        n => low.iter().enumerate().filter(|(i, _)| i % 3 + 1 == n).map(|(_, &card)| card).collect(),
    });
    let hand = Hand::from_holdings(&rules, holdings, Seat::new(3).unwrap());
    let mut h = Harness::from_game(rules, Game::from_position(rules, 1, hand, BySeat::new_with(|_| 0)).unwrap());
    let four = Theme { four_colour: true, ..COLOR };
    let mono = Theme { color: false, ..four };
    for theme in [COLOR, four, mono, Theme { ascii: true, ..mono }] {
        h.you_mut().theme = theme;
        let (_, buffer, hits) = h.screen(80, 24);
        assert_eq!(hits.cards.len(), 20);
        for (card, cells) in your_cards(&buffer, &hits) {
            let shown: String = cells.iter().map(|cell| cell.symbol()).collect();
            // Whole, `10♥` or `Q ♥`; covered, the rank in one letter: `T♥`, `Q♥`.
            let suit = theme.suit(card.suit());
            let whole = format!("{:<2}{suit}", Theme::rank(card.rank()));
            let covered = format!("{}{suit}", card.rank().letter());
            assert!(shown.contains(&whole) || shown.contains(&covered), "{card}: {shown}");
            if theme.four_colour && theme.color {
                let inked = cells.iter().find(|cell| cell.symbol() == suit.to_string()).unwrap();
                assert_eq!(inked.fg, four.card_face(card).fg.unwrap(), "{card}: its suit in its colour");
            }
        }
    }
}

/// The look the keys last asked to remember, if any.
fn last_remembered_look(h: &Harness) -> Option<(Option<bool>, Option<bool>)> {
    h.to_runtime.iter().rev().find_map(|request| match request {
        ToRuntime::Remember(_, remembered) => Some((remembered.ascii, remembered.four_colour)),
        _ => None,
    })
}

#[test]
fn v_changes_how_the_cards_look_at_once_and_keeps_it_for_next_time() {
    let mut h = Harness::new(42, Speed::Instant);
    let before = h.text();
    assert!(before.contains('♣') && !before.contains("< no >"), "{before}");
    h.send(Command::Look);
    assert_eq!(h.you().window, Some(Window::Look(crate::theme::Choice::Letters)));
    let text = h.text();
    assert!(text.contains("How the cards look") && text.contains("Suits as letters"), "{text}");
    assert_eq!(h.keys_now(), vec!["up/down line", "arrows change", "Enter done"]);

    h.send(Command::Right);
    assert!(h.you().theme.ascii, "letters from now on");
    let text = h.text();
    assert!(!text.contains(['♠', '♥', '♦', '♣']), "the table behind the window in letters: {text}");
    assert_eq!(last_remembered_look(&h), Some((Some(true), Some(false))));

    h.send(Command::Down);
    h.send(Command::Mark);
    assert!(h.you().theme.four_colour, "Space changes the line too");
    assert_eq!(last_remembered_look(&h), Some((Some(true), Some(true))));
    h.send(Command::Left);
    assert!(!h.you().theme.four_colour, "and back");
    assert_eq!(last_remembered_look(&h), Some((Some(true), Some(false))));

    h.send(Command::Confirm);
    assert_eq!(h.you().window, None, "Enter closes it");
    assert!(h.you().theme.ascii, "the look stays once the window closes");
    assert!(h.sight().is_passing(), "nothing of the game changed");
    assert!(h.you().marked.is_empty());
}

#[test]
fn in_letters_the_help_names_the_arrows_within_its_key_column() {
    let mut h = Harness::new(42, Speed::Instant);
    h.you_mut().theme = Theme { color: true, ascii: true, palette256: true, four_colour: false };
    h.send(Command::Help);
    let text = h.text();
    assert!(text.contains(" h l, arrows move along your hand (Home, End: to the ends) "), "{text}");
}

#[test]
fn a_click_on_a_line_of_the_look_window_changes_it() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::Look);
    let (_, _, hits) = h.screen(80, 24);
    let four = crate::theme::Choice::FourColour;
    let (_, button) = hits.buttons.iter().find(|(_, button)| *button == Button::Look(four)).expect("its line");
    h.send(Command::Button(*button));
    assert!(h.you().theme.four_colour);
    assert_eq!(h.you().window, Some(Window::Look(four)), "the window stays for the next change");
    h.send(Command::Cancel);
    assert_eq!(h.you().window, None, "Esc closes it");
}

#[test]
fn the_four_colour_deck_chosen_in_the_new_game_window_shows_at_once_and_is_remembered() {
    let mut h = Harness::new(42, Speed::Instant);
    assert!(!h.you().theme.four_colour);
    h.send(Command::New);
    let Some(Window::NewGame(form)) = &h.you().window else { panic!("the new-game window") };
    assert_eq!(form.fields().last(), Some(&crate::ui::window::new_game::Field::FourColour));
    assert!(h.text().contains("Four-colour deck") && h.text().contains("< no >"), "{}", h.text());
    // The seed, for a deal with every suit; then up from the top to the last line.
    for _ in 0..6 {
        h.send(Command::Down);
    }
    h.send(Command::Digit('4'));
    h.send(Command::Digit('2'));
    for _ in 0..7 {
        h.send(Command::Up);
    }
    h.send(Command::Right);
    assert!(h.text().contains("< yes >"), "{}", h.text());
    h.send(Command::Confirm);
    assert!(h.you().theme.four_colour, "the table draws four colours from the new game on");
    let remembered = h.to_runtime.iter().find_map(|request| match request {
        ToRuntime::Remember(_, remembered) => Some(remembered.clone()),
        _ => None,
    });
    assert_eq!(remembered.and_then(|remembered| remembered.four_colour), Some(true));
    assert_eq!(h.table().start(), hearts_bots::record::DealCode { seed: 42, hand: 1 });
    let (_, buffer, hits) = h.screen(80, 24);
    let club = your_cards(&buffer, &hits).into_iter().find(|(card, _)| card.suit() == hearts_engine::Suit::Clubs);
    let (_, cells) = club.expect("a club in the hand of seed 42");
    assert_eq!(cells[3].fg, Color::Indexed(28), "the club drawn green");
    // Open again, the window shows the deck as it is.
    h.send(Command::New);
    let Some(Window::NewGame(form)) = &h.you().window else { panic!("the new-game window") };
    assert!(form.four_colour);
}

#[test]
fn hearts_and_diamonds_are_red_clubs_and_spades_black() {
    let h = Harness::new(42, Speed::Instant);
    let (_, buffer, hits) = h.screen(80, 24);
    for (rect, card) in &hits.cards {
        let cell = &buffer[(rect.x + 3, rect.y + 2)];
        let red = matches!(card.suit(), hearts_engine::Suit::Hearts | hearts_engine::Suit::Diamonds);
        assert_eq!(cell.fg == Color::Red, red, "{card}");
    }
}

#[test]
fn every_table_size_lays_out_without_overlapping_seats() {
    for players in 3..=7 {
        let rules = Rules { players: players as u8, ..Rules::default() };
        let h = Harness::with_rules(rules, 5, Speed::Instant);
        let (text, _, hits) = h.screen(80, 24);
        for seat in hearts_engine::Seat::all(players).skip(1) {
            let name = hearts_table::seat_name(seat, players);
            assert_eq!(text.matches(&format!("{name} ·")).count(), 1, "{players} players: {name}\n{text}");
        }
        assert_eq!(hits.cards.len(), h.sight().cards().len());
    }
}

#[test]
fn card_hit_rectangles_match_the_cards_drawn() {
    let h = Harness::new(42, Speed::Instant);
    let (text, _, hits) = h.screen(80, 24);
    let rows: Vec<&str> = text.lines().collect();
    for (rect, card) in &hits.cards {
        let label = format!("{:<2}{}", Theme::rank(card.rank()), COLOR.suit(card.suit()));
        let row: String = rows[rect.y as usize + 2].chars().skip(rect.x as usize + 1).take(3).collect();
        assert_eq!(row, label, "card {card} at {rect:?}");
    }
}

#[test]
fn the_score_sheet_and_statistics_open_with_their_keys_and_close_with_esc() {
    let mut h = Harness::new(42, Speed::Instant);
    h.play_until(|app| app.game().hand_number() == 2);
    h.send(Command::ScoreSheet);
    let text = h.text();
    assert!(text.contains("Score sheet"), "{text}");
    let row = text.lines().find(|line| line.contains("│ 1 ")).expect("a row for hand 1");
    let totals = h.game().totals();
    assert!(row.contains(&format!("{:>3}", totals[YOU])), "{row}");
    h.send(Command::Cancel);
    assert_eq!(h.you().window, None);
    h.you_mut().record = crate::ui::window::record::Record {
        title: "Statistics".into(),
        heading: "black-lady".into(),
        lines: vec![("Points per hand".into(), "5.0".into())],
    };
    h.send(Command::Stats);
    let text = h.text();
    assert!(text.contains("Statistics") && text.contains("Points per hand") && text.contains("5.0"), "{text}");
}

#[test]
fn a_timed_game_that_runs_out_before_any_hand_is_complete_has_no_winner_and_is_no_game_played() {
    let rules = hearts_engine::Preset::Worldwinner.rules();
    let mut h = Harness::with_rules(rules, 42, Speed::Instant);
    h.let_bots_play();
    h.play_as_hard();
    h.let_bots_play();
    h.wait(Duration::from_secs(601));
    assert_eq!(h.table().finish(), Some(Finish::OutOfTime));
    assert!(!h.table().ended_now().won(YOU), "all totals are 0, but nobody won");
    let effects = h.take_to_runtime();
    let ended = effects.iter().find_map(|e| match e {
        ToRuntime::Ended(ended) => Some(ended),
        _ => None,
    });
    let ended = ended.expect("the game is kept");
    assert_eq!(ended.finish, Some(Finish::OutOfTime));
    assert!(ended.game.history().is_empty(), "no hand completed: the terminal counts it as no game played");
    let text = h.text();
    assert!(text.contains("No hand was completed: nobody wins"), "{text}");
    assert!(!text.contains("win!"), "{text}");
    assert_eq!(h.table().tournament().map(|score| score.total()), Some(0));
}

#[test]
fn once_the_game_is_over_nothing_deals_again_but_replay_or_new() {
    let mut h = Harness::new(7, Speed::Instant);
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    h.take_to_runtime();
    let totals = *h.game().totals();
    let hands = h.game().history().len();
    // Open the score sheet from the game-over window and close it with Enter.
    h.send(Command::ScoreSheet);
    assert_eq!(h.you().window, Some(Window::ScoreSheet));
    h.send(Command::Confirm);
    assert!(matches!(h.you().window, Some(Window::GameOver(_))), "closing a window returns to the game-over window");
    // Even with no window open, table keys do nothing to the finished game.
    h.you_mut().window = None;
    for command in [Command::Undo, Command::PlayOut, Command::Hint, Command::Cancel, Command::Left] {
        h.send(command);
        assert!(h.take_to_runtime().is_empty(), "{command:?}");
        assert_eq!((*h.game().totals(), h.game().history().len()), (totals, hands), "{command:?}");
        assert!(matches!(h.you().window, Some(Window::GameOver(_))), "{command:?}");
        h.you_mut().window = None;
    }
    h.send(Command::Restart);
    assert_ne!(h.you().window, Some(Window::ConfirmRestart), "the hand is not dealt again");
    assert_eq!(h.game().history().len(), 0, "r is 'Replay this seed': the game starts again");
    assert_eq!(h.table().start(), hearts_bots::record::DealCode { seed: 7, hand: 1 });
}

/// The words inside the window's frame, its lines joined.
fn window_words(text: &str) -> String {
    let inside = text.lines().filter_map(|line| {
        let (_, rest) = line.split_once('│')?;
        Some(rest.rsplit_once('│').map_or(rest, |(inner, _)| inner).trim().to_string())
    });
    inside.collect::<Vec<_>>().join(" ")
}

#[test]
fn rules_that_make_no_game_stay_in_the_new_game_window_with_the_reason() {
    // A game of three with the 2D out, as a rules file may set it: 51 cards.
    let rules = Rules { players: 3, removed_cards: Some(cards("2D")), ..Rules::default() };
    let mut h = Harness::with_rules(rules, 7, Speed::Instant);
    h.send(Command::New);
    h.send(Command::Down);
    h.send(Command::Down);
    h.send(Command::Right);
    h.send(Command::Confirm);
    assert!(h.take_to_runtime().iter().all(|effect| !matches!(effect, ToRuntime::Started)));
    assert!(matches!(h.you().window, Some(Window::NewGame(_))), "the window stays open");
    let words = window_words(&h.text());
    assert!(words.contains("51 cards") && words.contains("do not divide among 4 players"), "{}", h.text());
    h.send(Command::Left);
    assert!(window_words(&h.text()).contains("kept for next time"), "a change clears the reason");
    h.send(Command::Confirm);
    let effects = h.take_to_runtime();
    assert!(effects.iter().any(|effect| matches!(effect, ToRuntime::Started)), "three can play: {effects:?}");
}
