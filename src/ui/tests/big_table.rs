//! The table's screen as its one person has it: the big table.

use super::*;

/// Plays a whole game (the hard bot's choices for you, the bots for the
/// others, every question answered with Enter), showing each state between
/// to `look`.
fn play_whole_game(h: &mut Harness, mut look: impl FnMut(&Harness)) {
    for _ in 0..20_000 {
        look(h);
        if h.game().phase() == GamePhase::GameOver || h.table().finish().is_some() {
            return;
        }
        if !h.let_a_bot_act() {
            match &h.you().window {
                Some(_) => h.send(Command::Confirm),
                None if h.sight().is_passing() || h.sight().hand.to_act == Some(YOU) => h.play_as_hard(),
                None => {}
            }
        }
        h.wait(Duration::from_secs(3));
    }
    panic!("the game never ended");
}

/// The cards you may not see now: the others' hands and the passes they
/// have chosen, a widow nobody has shown you, Domino's stock (less the
/// cards you see, for with two packs one copy may be hidden and one seen).
fn hidden_from_you(app: &Harness) -> CardSet {
    let hand = app.game().hand();
    let mut hidden = hand.stock();
    for seat in Seat::all(app.setup().rules.player_count()).skip(1) {
        hidden |= hand.holding(seat) | hand.passed(seat);
    }
    if hand.phase() != HandPhase::Finished && hand.kitty_taker() != Some(YOU) {
        hidden |= hand.kitty();
    }
    let seen = hand.holding(YOU)
        | hand.played()
        | hand.trick().card_set()
        | hand.passed(YOU)
        | hand.received(YOU)
        | hand.taken(YOU)
        | hand.waiting().cards();
    hidden - seen
}

#[test]
fn no_screen_shows_a_card_you_may_not_see_over_whole_games_of_several_presets() {
    use hearts_engine::Preset;
    let tables = [
        (Preset::BlackLady, 4, 3),
        (Preset::Heartsette, 3, 5),
        (Preset::Heartsette, 4, 6),
        (Preset::Auction, 4, 7),
        (Preset::Domino, 4, 8),
        (Preset::Cancellation, 8, 9),
    ];
    for (preset, players, seed) in tables {
        let rules = Rules { players, ..preset.rules() };
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        let mut states = 0;
        play_whole_game(&mut h, |h| {
            states += 1;
            let hidden = hidden_from_you(h);
            for (width, height) in [(80, 24), (120, 36), (200, 60)] {
                let (text, _, _) = h.screen(width, height);
                for card in hidden {
                    let face = h.you().theme.card(card);
                    assert!(!text.contains(&face), "{preset:?} at {width}x{height} shows the hidden {face}:\n{text}");
                }
            }
        });
        assert!(h.game().history().len() > 1, "{preset:?}: a whole game of more than one hand");
        assert!(states > 100, "{preset:?}: {states} states looked at");
    }
}

#[test]
fn a_big_table_shows_each_hand_as_card_backs_the_cards_taken_and_the_passes_you_know() {
    let h = mid_game(4);
    let hand = h.game().hand();
    let theme = h.you().theme;
    for (width, height) in [(120, 36), (200, 60)] {
        let (text, _, _) = h.screen(width, height);
        for seat in Seat::all(4).skip(1) {
            // A fan: the edges of the cards behind, the back of the last.
            let held = hand.hand_of(seat).len();
            let fan = format!("{}▒▒│ {held}", "│".repeat(held));
            assert!(text.contains(&fan), "{width}x{height}: {seat:?}'s {held} cards as {fan}:\n{text}");
            let penalties: Vec<_> =
                hand.taken(seat).iter().filter(|card| h.sight().play.scoring_cards.contains(*card)).collect();
            if !penalties.is_empty() {
                let took = format!("took {}", theme.cards(penalties.into_iter().rev()));
                assert!(text.contains(&took), "{width}x{height}: {took}\n{text}");
            }
        }
        // Hand 2 passes right: you passed to Right; Left passed to you.
        let (right, left) = (Seat::new(3).unwrap(), Seat::new(1).unwrap());
        assert_eq!((hand.pass_target(YOU), hand.pass_target(left)), (right, YOU));
        let yours = format!("you passed {}", theme.cards(hand.passed(YOU)));
        let received = format!("passed you {}", theme.cards(hand.passed(left)));
        for line in [&yours, &received] {
            assert_eq!(text.matches(line.as_str()).count(), 1, "{width}x{height}: {line}\n{text}");
        }
    }
    // 80x24 keeps the brief count.
    let small = h.text();
    assert!(small.contains(&format!("▒▒ {}", hand.hand_of(Seat::new(2).unwrap()).len())), "{small}");
    assert!(!small.contains("passed you") && !small.contains("▒▒│"), "{small}");
}

#[test]
fn at_every_table_size_the_big_labels_overlap_neither_each_other_nor_the_trick() {
    for players in [3u8, 4, 5, 6, 7] {
        let h = mid_game(players);
        for (width, height) in [(120, 36), (200, 60)] {
            let (text, _, _) = h.screen(width, height);
            for seat in Seat::all(players as usize).skip(1) {
                let label = format!("{} · normal", h.setup().seat_name(seat));
                assert_eq!(text.matches(&label).count(), 1, "{players} at {width}x{height}: {label}\n{text}");
                let held = h.game().hand().hand_of(seat).len();
                let fan = [format!("▒ {held}"), format!("▒│ {held}")];
                assert!(
                    fan.iter().any(|fan| text.contains(fan)),
                    "{players} at {width}x{height}: {held} backs\n{text}"
                );
            }
            // The notes under the labels are whole (no card of the trick lies over them).
            let hand = h.game().hand();
            let yours = format!("you passed {}", h.you().theme.cards(hand.passed(YOU)));
            assert!(text.contains(&yours), "{players} at {width}x{height}: {yours}\n{text}");
            assert_trick_whole(&h, &text, &format!("{players} at {width}x{height}"));
        }
    }
}

#[test]
fn anothers_widow_counts_in_its_points_only_once_the_hand_is_scored() {
    let rules = hearts_engine::Preset::Heartsette.rules();
    let across = Seat::new(2).unwrap();
    // Penalty points counted by hand: a heart 1, the queen of spades 13.
    let count = |cards: CardSet| {
        cards
            .iter()
            .map(|card| {
                if card == hearts_engine::Card::QUEEN_OF_SPADES {
                    13
                } else {
                    i32::from(card.suit() == hearts_engine::Suit::Hearts)
                }
            })
            .sum::<i32>()
    };
    for seed in 1..60 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        h.play_until(|app| app.game().tricks().len() == 1);
        let hand = h.game().hand();
        let widow = hand.kitty();
        if hand.kitty_taker() != Some(across) || count(widow) == 0 {
            continue;
        }
        let from_tricks: i32 =
            h.game().tricks().iter().filter(|t| t.winner(4) == Some(across)).map(|t| count(t.card_set())).sum();
        let text = h.text();
        let rows: Vec<&str> = text.lines().collect();
        let label = rows.iter().position(|row| row.contains("Across · normal")).unwrap();
        let shown = format!("{} · total", draw::points(from_tricks));
        assert!(rows[label + 1].contains(&shown), "Across took the widow: its points are its tricks' {shown}\n{text}");
        assert_eq!(h.sight().play.points[across.index()], from_tricks);
        h.play_until(|app| app.you().window == Some(Window::HandSummary));
        let taken = h.game().hand().taken(across);
        assert!(taken.is_superset(widow));
        assert_eq!(h.sight().play.points[across.index()], count(taken), "scored: the widow counts");
        return;
    }
    panic!("no seed gave Across a widow with points in it");
}

#[test]
fn the_auctions_bid_is_in_the_pot_during_the_hand_and_the_summary_says_who_took_the_pot() {
    let rules = hearts_engine::Preset::Auction.rules();
    for seed in 1..40 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        loop {
            h.play_until(|app| app.you().window.is_some() || app.game().hand().phase() == HandPhase::Playing);
            match h.you().window {
                Some(Window::Bid(_)) => h.send(Command::Button(Button::No)),
                Some(Window::NameSuit(_)) => h.send(Command::Confirm),
                _ => break,
            }
        }
        let Some(bid) = h.game().hand().high_bid() else { continue };
        if bid.seat == YOU {
            continue;
        }
        let text = h.text();
        let top = text.lines().next().unwrap();
        assert!(top.contains(&format!("pot {}", bid.chips)), "the bid is paid into the pot: {top}");
        let bidder = h.setup().seat_name(bid.seat);
        let rows: Vec<&str> = text.lines().collect();
        let label = rows.iter().position(|row| row.contains(&format!("{bidder} · normal"))).unwrap();
        assert!(rows[label + 1].contains(&format!("chips {}", 50 - bid.chips)), "{bidder} paid {}:\n{text}", bid.chips);
        h.play_until(|app| app.you().window == Some(Window::HandSummary));
        // The pot (the bid and every point taken, a chip each) goes to the fewest points.
        let record = h.game().history()[0];
        let scores: Vec<i32> = Seat::all(4).map(|seat| record.scores[seat]).collect();
        let fewest = *scores.iter().min().unwrap();
        let takers: Vec<Seat> = Seat::all(4).filter(|&seat| record.scores[seat] == fewest).collect();
        let pot = bid.chips as i32 + scores.iter().sum::<i32>();
        let summary = h.text();
        let share = pot / takers.len() as i32;
        let who = |seat: Seat| if seat == YOU { "You".to_string() } else { h.setup().seat_name(seat) };
        let said = match takers.as_slice() {
            [one] => format!("{} took the pot: {share} chips", who(*one)),
            _ => format!("shared the pot: {share} chips each"),
        };
        assert!(summary.contains(&said), "{said}\n{summary}");
        if pot % takers.len() as i32 != 0 {
            assert!(summary.contains(&format!("The pot keeps {}", pot % takers.len() as i32)), "{summary}");
        }
        return;
    }
    panic!("no seed had another seat win the auction");
}

#[test]
fn the_hand_summary_lists_every_card_taken_even_after_a_moon() {
    let rules = Rules { moon: MoonRule::AddToOthers, ..Rules::default() };
    let clubs = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
    let hearts = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H";
    let spades = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S";
    let diamonds = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D";
    // Your clubs take every trick: every heart and the queen come to you.
    let mut h = harness_at(rules, [clubs, hearts, spades, diamonds], 3, [0; 4]);
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    assert_eq!(h.game().history()[0].result.shooter, Some(YOU));
    for (width, height) in [(80, 24), (120, 36)] {
        let (text, _, _) = h.screen(width, height);
        for card in cards(&format!("{hearts} QS")) {
            let face = h.you().theme.card(card);
            assert!(
                text.contains(&format!(" {face} ")) || text.contains(&format!(" {face}  ")),
                "{width}x{height}: {face} missing\n{text}"
            );
        }
        assert!(!text.contains(h.you().theme.ellipsis()), "{width}x{height}: nothing cut\n{text}");
    }
}

#[test]
fn the_top_line_speaks_of_breaking_only_where_a_rule_about_it_is_in_force() {
    for &preset in hearts_engine::Preset::ALL {
        let rules = preset.rules();
        let h = Harness::with_rules(rules, 42, Speed::Instant);
        let top = h.text().lines().next().unwrap().to_string();
        assert_eq!(top.contains("hearts not broken"), rules.must_break_hearts, "{preset}: {top}");
    }
    // An auction played with the rule: the suit named is the one to break.
    let rules = Rules { must_break_hearts: true, ..hearts_engine::Preset::Auction.rules() };
    for seed in 1..40 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        h.play_until(|app| app.you().window.is_some() || app.game().hand().phase() == HandPhase::Playing);
        if matches!(h.you().window, Some(Window::Bid(_))) {
            h.send(Command::Cancel);
            h.play_until(|app| app.game().hand().phase() == HandPhase::Playing);
        }
        let Some(suit) = h.game().hand().named_suit() else { continue };
        if suit == hearts_engine::Suit::Hearts || h.game().hand().hearts_broken() {
            continue;
        }
        let top = h.text().lines().next().unwrap().to_string();
        assert!(top.contains(&format!("{} not broken", suit.name())) && !top.contains("hearts"), "{top}");
        return;
    }
    panic!("forty deals never named a suit other than hearts");
}

#[test]
fn your_own_failed_generale_is_told_to_you() {
    // West holds the top cards: your Generale fails.
    let (rules, game) = chasse_coeur_game(["2H 2S", "AH AS", "3H QS", "4H 3S"], 3);
    let mut h = Harness::from_game(rules, game);
    h.wait(Duration::from_secs(1));
    h.send(Command::Yes);
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    let text = h.text();
    let total = h.game().history()[0].result.penalty_total;
    assert!(text.contains(&format!("You declared the Generale and failed: {total} to you")), "{text}");
}

#[test]
fn equal_totals_at_the_end_share_a_place() {
    // Right takes both hearts and passes 100; You and Left stay level at 50.
    let rules = Rules { tie: hearts_engine::TieRule::Share, moon: MoonRule::Off, no_blood: false, ..Rules::default() };
    let mut h = harness_at(rules, ["2C 2H", "3C 3H", "4C 4H", "5C 5H"], 3, [50, 50, 70, 97]);
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    let text = h.text();
    for place in [" 1. You", " 1. Left", " 3. Across", " 4. Right"] {
        assert!(text.contains(place), "{place}:\n{text}");
    }
}

/// Each side's total after the last hand, as the side panel should show it.
fn totals_now(h: &Harness) -> Vec<String> {
    let rules = &h.setup().rules;
    let totals = h.game().history().last().unwrap().totals;
    (0..rules.side_count()).map(|side| rules.side_total(&totals, side).to_string()).collect()
}

#[test]
fn the_side_panel_shows_every_seats_total_at_every_table_size() {
    let games = [
        Rules { players: 3, ..Rules::default() },
        Rules { players: 4, ..Rules::default() },
        Rules { players: 7, ..Rules::default() },
        Rules { players: 11, ..hearts_engine::Preset::Cancellation.rules() },
    ];
    for rules in games {
        let mut h = Harness::with_rules(rules, 7, Speed::Instant);
        h.play_until(|app| app.game().history().len() == 2 && app.you().window.is_none());
        let (_, buffer, _) = h.screen(120, 36);
        // The panel's rows, inside its borders.
        let panel: Vec<String> = (0..36u16)
            .map(|y| (81..119u16).map(|x| buffer[(x, y)].symbol()).collect::<String>().trim_end().to_string())
            .collect();
        let totals = totals_now(&h);
        let across = panel.iter().any(|row| {
            let tokens: Vec<&str> = row.split_whitespace().collect();
            tokens.first() == Some(&"2") && tokens[1..] == totals.iter().map(String::as_str).collect::<Vec<_>>()[..]
        });
        let down = Seat::all(h.setup().rules.player_count()).zip(&totals).all(|(seat, total)| {
            let name = h.setup().seat_name(seat);
            panel.iter().any(|row| row.trim_start().starts_with(&name) && row.ends_with(&format!(" {total}")))
        });
        assert!(across || down, "{} players: totals {totals:?} not all shown:\n{}", rules.players, panel.join("\n"));
        if rules.players == 11 {
            // The score sheet at 80x24 (3 to 7: see the test above): the totals alone, every seat's.
            h.send(Command::ScoreSheet);
            let sheet = h.text();
            let shown = sheet.lines().any(|line| {
                let inside = line.split('│').nth(1).unwrap_or("");
                let tokens: Vec<&str> = inside.split_whitespace().collect();
                tokens.first() == Some(&"2") && tokens[1..] == totals.iter().map(String::as_str).collect::<Vec<_>>()[..]
            });
            assert!(shown, "totals {totals:?}:\n{sheet}");
        }
    }
}

/// The rows of a window whose text runs into its right border (the
/// column inside the border is not blank): text cut off at the edge.
fn rows_cut_at_the_border(buffer: &Buffer, window: Rect) -> Vec<String> {
    let inside = window.right().saturating_sub(2);
    (window.y + 1..window.bottom().saturating_sub(1))
        .filter(|&y| !buffer[(inside, y)].symbol().trim().is_empty())
        .map(|y| (window.x..window.right()).map(|x| buffer[(x, y)].symbol()).collect())
        .collect()
}

#[test]
fn every_window_keeps_its_text_whole_at_80x24_for_every_preset_and_table_size() {
    for &preset in hearts_engine::Preset::ALL {
        for &players in preset.player_counts() {
            let rules = Rules { players, ..preset.rules() };
            let mut h = Harness::with_rules(rules, 3, Speed::Instant);
            h.play_until(|app| app.you().window == Some(Window::HandSummary));
            for (width, height) in [(80, 24), (100, 30)] {
                let (text, buffer, hits) = h.screen(width, height);
                let cut = rows_cut_at_the_border(&buffer, hits.overlay.unwrap());
                assert!(cut.is_empty(), "{preset}, {players} players, hand summary at {width}: cut {cut:#?}\n{text}");
            }
            h.play_until(|app| {
                app.game().history().len() == 1 && app.game().tricks().len() == 1 && app.you().window.is_none()
            });
            for keys in
                [&[Command::Help][..], &[Command::Help, Command::Help], &[Command::LastTrick], &[Command::ScoreSheet]]
            {
                for &key in keys {
                    h.send(key);
                }
                for (width, height) in [(80, 24), (100, 30)] {
                    let (text, buffer, hits) = h.screen(width, height);
                    let window = hits.overlay.unwrap_or_else(|| panic!("{preset} {players}: {keys:?} opened nothing"));
                    let cut = rows_cut_at_the_border(&buffer, window);
                    assert!(cut.is_empty(), "{preset}, {players} players, {keys:?} at {width}: cut {cut:#?}\n{text}");
                }
                h.send(Command::Cancel);
            }
        }
    }
}

#[test]
fn a_long_note_gives_way_to_the_whole_instruction_at_80_columns() {
    let rules = Rules { players: 11, ..hearts_engine::Preset::Cancellation.rules() };
    let mut h = Harness::with_rules(rules, 5, Speed::Instant);
    h.play_until(|app| {
        app.game().hand().phase() == HandPhase::Playing
            && app.game().hand().trick().led_suit().is_some()
            && app.sight().hand.to_act == Some(YOU)
            && app.you().window.is_none()
    });
    h.you_mut()
        .set_note(Some("Nobody wins the trick: its cards wait for the next trick's winner (22 now)".to_string()));
    let sight = h.sight();
    let (note, what) = draw::status(&Seen { sight: &sight, viewer: h.you() });
    assert!(note.is_some() && (what.starts_with("Follow ") || what.starts_with("You have no ")), "{what}");
    let text = h.text();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[22], format!(" {what}"), "the instruction first and whole:\n{text}");
    assert_eq!(
        rows[23], " Nobody wins the trick: its cards wait for the next trick's winner (22 now)",
        "the note, too long to stand beside it, whole on the key line until it goes"
    );
    h.you_mut().set_note(None);
    assert!(h.text().lines().nth(23).unwrap().contains("Enter play"), "the keys come back when the note goes");
}

#[test]
fn a_person_alone_at_the_terminal_has_nobody_to_message() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::Chat);
    assert_eq!(h.you().chat_line, None);
    assert_eq!(h.you().note.as_deref(), Some("Messages are for a table with other people at it"));
}

#[test]
fn a_note_asks_for_a_wake_up_when_it_gives_the_key_line_back_and_the_same_note_again_is_new() {
    let mut h = Harness::new(42, Speed::Instant);
    h.send(Command::LastTrick);
    assert_eq!(h.you().note.as_deref(), Some("No trick has been taken yet this hand"));
    let goes = h.now + crate::ui::viewer::NOTE_ON_KEY_LINE;
    assert_eq!(h.room.next_wakeup(h.now), Some(goes), "nothing else waits: the note's end wakes the table");
    h.now = goes + Duration::from_secs(1);
    assert!(!h.you().note_is_fresh(h.now));
    h.send(Command::LastTrick);
    assert!(h.you().note_is_fresh(h.now), "asked again, the same words are news");
}

#[test]
fn a_window_lies_over_the_table_not_over_the_side_panels_scores() {
    let mut h = Harness::new(42, Speed::Instant);
    for (width, height) in [(120, 40), (200, 60)] {
        let (before, _, _) = h.screen(width, height);
        h.send(Command::New);
        let (with_window, _, _) = h.screen(width, height);
        let side = |text: &str| -> Vec<String> {
            let side_width = usize::from(super::draw::SIDE_WIDTH);
            // Below the top line and above the status and key lines, which span the screen.
            let rows: Vec<&str> = text.lines().collect();
            rows[1..rows.len() - 2].iter().map(|line| line.chars().rev().take(side_width).collect()).collect()
        };
        assert_eq!(side(&with_window), side(&before), "{width}x{height}:\n{with_window}");
        assert!(with_window.contains("New game"), "{with_window}");
        h.send(Command::Cancel);
    }
}

#[test]
fn a_note_goes_with_the_next_trick_or_after_a_while_when_nothing_is_played() {
    let mut h = Harness::new(42, Speed::Normal);
    h.you_mut().set_note(Some("Hints are off at this table".to_string()));
    h.wait(Duration::from_secs(1));
    assert!(h.you().note.is_some(), "read at leisure");
    assert!(h.sight().is_passing(), "nothing is played while you choose your pass");
    h.wait(crate::ui::viewer::NOTE_LASTS);
    assert_eq!(h.you().note, None, "it does not stand for the whole pass");
}
