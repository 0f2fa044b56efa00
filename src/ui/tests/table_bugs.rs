//! Bugs found by playing at the table: the cursor and the cards drawn,
//! the new-game window, the widow's count, and what shows behind the
//! resume offer. (Playing out with points face down is the table's rule,
//! tested on the table.)

use super::*;
use hearts_engine::{Action, Card, PassDirection, Preset};

/// Cancellation at six as its preset plays, where you lead, with a kitty
/// of both copies of `kitty`, the table's clock past its first wait.
fn cancellation_with_a_kitty_twice(hands: [&str; 6], kitty: &str) -> Harness {
    let rules = Rules { players: 6, ..Preset::Cancellation.rules() };
    let holdings = BySeat::new_with(|seat| hands.get(seat.index()).map_or(CardSet::EMPTY, |text| cards(text)));
    let deal = Deal { dealer: Seat::new(5).unwrap(), hands: holdings, kitty: cards(kitty), twice: cards(kitty) };
    let hand = Hand::new(&rules, deal, PassDirection::Hold);
    let mut h = Harness::from_game(rules, Game::from_position(rules, 1, hand, BySeat::splat(0)).unwrap());
    h.wait(Duration::from_secs(1));
    h
}

// ---- one order for drawing, keys, mouse and marks -------------------------

/// One of your cards as the screen shows it.
#[derive(Debug)]
struct Drawn {
    card: Card,
    raised: bool,
    under_cursor: bool,
    /// Drawn as a card you may not play now.
    dimmed: bool,
    /// A cell of its face, where a click lands on it.
    face_at: (u16, u16),
}

/// Your hand as drawn at 80x24, left to right, read from the screen: each
/// card's face is checked against the card its click stands for.
fn your_hand_drawn(h: &Harness) -> Vec<Drawn> {
    let (text, buffer, hits) = h.screen(80, 24);
    let rows: Vec<Vec<char>> = text.lines().map(|line| line.chars().collect()).collect();
    let mut drawn: Vec<Drawn> = hits
        .cards
        .iter()
        .map(|&(rect, card)| {
            let raised = buffer[(rect.x, rect.y)].symbol() == "┌";
            let top = if raised { rect.y } else { rect.y + 1 };
            let face: String = rows[top as usize + 1].iter().skip(rect.x as usize + 1).take(3).collect();
            let (rank, suit) = COLOR.face(card);
            assert_eq!(face, format!("{rank:<2}{suit}"), "the card a click at {rect:?} stands for is the one drawn");
            let under_cursor = buffer[(rect.x, top)].fg == Color::Yellow;
            let dimmed = buffer[(rect.x + 1, top + 1)].bg != Color::White;
            Drawn { card, raised, under_cursor, dimmed, face_at: (rect.x + 1, top + 1) }
        })
        .collect();
    drawn.sort_by_key(|d| d.face_at.0);
    drawn
}

fn the_card_under_the_cursor(h: &Harness) -> Card {
    let drawn = your_hand_drawn(h);
    let under: Vec<Card> = drawn.iter().filter(|d| d.under_cursor).map(|d| d.card).collect();
    assert_eq!(under.len(), 1, "one card is drawn under the cursor: {drawn:?}");
    under[0]
}

fn cards_drawn_raised(h: &Harness) -> Vec<Card> {
    your_hand_drawn(h).iter().filter(|d| d.raised).map(|d| d.card).collect()
}

fn click(at: (u16, u16)) -> crossterm::event::MouseEvent {
    use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    MouseEvent { kind: MouseEventKind::Down(MouseButton::Left), column: at.0, row: at.1, modifiers: KeyModifiers::NONE }
}

/// The joker game of the issue, passing: you hold a joker among hearts and diamonds.
fn joker_game() -> Harness {
    let mut h = Harness::with_rules(Preset::Joker.rules(), 340_662_281, Speed::Instant);
    h.wait(Duration::from_secs(1));
    assert!(h.sight().is_passing());
    assert!(h.sight().cards().iter().any(|card| card.is_joker()), "you hold a joker");
    h
}

#[test]
fn with_jokers_space_marks_the_card_drawn_under_the_cursor() {
    let mut h = joker_game();
    let held = h.sight().cards().len();
    for _ in 0..held {
        let under = the_card_under_the_cursor(&h);
        h.send(Command::Mark);
        assert_eq!(cards_drawn_raised(&h), vec![under], "Space marks the card the cursor is drawn on");
        assert_eq!(h.you().marked.cards(), CardSet::single(under));
        h.send(Command::Mark);
        h.send(Command::Right);
    }
}

#[test]
fn with_jokers_the_cursor_walks_the_hand_left_to_right_as_drawn() {
    let mut h = joker_game();
    let drawn: Vec<Card> = your_hand_drawn(&h).iter().map(|d| d.card).collect();
    let mut walked = vec![the_card_under_the_cursor(&h)];
    for _ in 1..drawn.len() {
        h.send(Command::Right);
        walked.push(the_card_under_the_cursor(&h));
    }
    assert_eq!(walked, drawn);
    assert!(drawn.last().unwrap().is_joker(), "the joker is drawn at the right: {drawn:?}");
    assert!(your_hand_drawn(&h).iter().all(|d| !d.dimmed), "while passing no card is dimmed, the joker neither");
}

#[test]
fn with_jokers_a_card_marked_by_mouse_is_drawn_raised() {
    let mut h = joker_game();
    let drawn = your_hand_drawn(&h);
    for card in drawn.iter().rev().take(3) {
        let (_, _, hits) = h.screen(80, 24);
        let command = super::super::input::mouse_command(click(card.face_at), &hits).unwrap();
        h.send(command);
        assert!(cards_drawn_raised(&h).contains(&card.card), "{} clicked: {:?}", card.card, your_hand_drawn(&h));
    }
    assert_eq!(cards_drawn_raised(&h).len(), 3);
}

#[test]
fn with_jokers_enter_plays_the_card_drawn_under_the_cursor_and_the_cursor_reaches_the_joker() {
    let mut h = joker_game();
    h.play_until(|app| {
        app.sight().hand.to_act == Some(YOU)
            && app.game().hand().phase() == HandPhase::Playing
            && app.game().legal_moves().len() >= 3
            && app.game().legal_moves().iter().any(|card| card.is_joker())
    });
    let legal = h.game().legal_moves();
    let mut visited = CardSet::EMPTY;
    for _ in 0..20 {
        h.send(Command::Right);
        let under = the_card_under_the_cursor(&h);
        assert!(legal.contains(under), "the cursor stops on cards you may play, not {under}");
        visited.insert(under);
    }
    assert_eq!(visited, legal, "Right reaches every card you may play, the joker too");
    while !the_card_under_the_cursor(&h).is_joker() {
        h.send(Command::Right);
    }
    let joker = the_card_under_the_cursor(&h);
    h.send(Command::Confirm);
    let played = h.game().hand().trick().plays(4).find(|&(seat, _)| seat == YOU).map(|(_, card)| card);
    let taken_at_once = h.game().tricks().last().is_some_and(|trick| trick.card_set().contains(joker));
    assert!(played == Some(joker) || taken_at_once, "Enter plays the joker drawn under the cursor");
}

// ---- the cursor at the start of your turn ---------------------------------

#[test]
fn every_turn_starts_with_the_cursor_on_a_card_you_may_play() {
    let mut h = Harness::new(957_132_899, Speed::Instant);
    h.let_bots_play();
    h.play_as_hard();
    h.wait(Duration::from_secs(3));
    let mut turns = 0;
    while h.game().hand_number() == 1 && h.game().phase() == GamePhase::InHand {
        h.let_bots_play();
        if h.sight().hand.to_act != Some(YOU) {
            break;
        }
        let under = the_card_under_the_cursor(&h);
        assert!(h.game().legal_moves().contains(under), "turn {turns}: the cursor starts on {under}, dimmed");
        assert!(!your_hand_drawn(&h).iter().any(|d| d.under_cursor && d.dimmed));
        // Play the rightmost card you may play, as End and Enter do.
        h.send(Command::Last);
        h.send(Command::Confirm);
        assert_eq!(h.you().note, None, "Enter played the card under the cursor");
        turns += 1;
    }
    assert_eq!(turns, 13, "every turn of the hand was played");
}

// ---- the widow's count ----------------------------------------------------

/// Cancellation at eleven: 104 cards, 9 each, 5 in the kitty; a seed whose
/// kitty holds both copies of a card.
fn eleven_with_a_pair_in_the_kitty() -> Harness {
    let rules = Rules { players: 11, ..Preset::Cancellation.rules() };
    let seed = (1..2000)
        .find(|&seed| {
            let deal = Deal::for_hand(&rules, seed, 0);
            !(deal.twice & deal.kitty).is_empty()
        })
        .expect("some deal puts a pair in the kitty");
    let mut h = Harness::with_rules(rules, seed, Speed::Instant);
    h.wait(Duration::from_secs(1));
    h
}

#[test]
fn the_top_line_counts_every_card_of_the_widow_a_pair_as_two() {
    let h = eleven_with_a_pair_in_the_kitty();
    let (text, _, _) = h.screen(200, 60);
    let top = text.lines().next().unwrap();
    assert!(top.contains("kitty 5"), "104 cards less 11 hands of 9 leave 5: {top}");
}

#[test]
fn the_note_of_the_widow_taken_counts_both_copies_of_a_pair() {
    let mut h = cancellation_with_a_kitty_twice(["2C 3C", "4C 5C", "6C 7C", "8C 9C", "TC JC", "QC KC"], "5H");
    let (text, _, _) = h.screen(200, 60);
    assert!(text.lines().next().unwrap().contains("kitty 2"), "Cancellation's leftover cards are its kitty: {text}");
    h.send(Command::Card("2C".parse().unwrap()));
    for (seat, card) in [(1, "4C"), (2, "6C"), (3, "8C"), (4, "TC"), (5, "QC")] {
        let action = Action::Play { seat: Seat::new(seat).unwrap(), card: card.parse().unwrap() };
        h.bot_decides(action);
        h.wait(Duration::from_secs(3));
    }
    assert_eq!(h.game().hand().kitty_taker(), Seat::new(5), "QC wins the first trick and the kitty");
    assert_eq!(h.you().note.as_deref(), Some("Right took the kitty (2 cards)"));
}

// ---- the resume offer -----------------------------------------------------

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

// ---- the new-game window --------------------------------------------------

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

#[test]
fn the_kitty_that_waited_with_a_trick_nobody_won_is_told_taken_with_the_next() {
    let mut h = cancellation_with_a_kitty_twice(["2C KD", "2C 3D", "8C 4D", "8C 5D", "3C 6D", "4C 7D"], "5H");
    // Two pairs of clubs: nobody takes the first trick, and the kitty waits with it.
    h.send(Command::Card("2C".parse().unwrap()));
    for (seat, card) in [(1, "2C"), (2, "8C"), (3, "8C"), (4, "3C"), (5, "4C")] {
        h.bot_decides(Action::Play { seat: Seat::new(seat).unwrap(), card: card.parse().unwrap() });
        h.wait(Duration::from_secs(3));
    }
    assert_eq!(h.game().hand().kitty_taker(), None);
    h.send(Command::Card("KD".parse().unwrap()));
    for (seat, card) in [(1, "3D"), (2, "4D"), (3, "5D"), (4, "6D"), (5, "7D")] {
        h.bot_decides(Action::Play { seat: Seat::new(seat).unwrap(), card: card.parse().unwrap() });
        h.wait(Duration::from_secs(3));
    }
    assert_eq!(h.game().hand().kitty_taker(), Some(YOU), "your KD took both tricks and the kitty");
    let takes = &h.sight().play.takes;
    assert!(takes[1].widow && takes[1].waited == 6 && takes[1].points == 2, "{takes:?}");
    assert_eq!(h.you().note.as_deref(), Some("You took the kitty: 5♥ 5♥"), "told, though the first trick waited");
}
