//! The table's screen as its one person has it: playing.

use super::*;
use hearts_engine::{Card, Preset};

#[test]
fn on_your_turn_the_status_says_what_to_do() {
    let h = at_your_first_play(42);
    let hand = h.game().hand();
    let expected = match hand.trick().led_suit() {
        None => "Your lead".to_string(),
        Some(suit) if !hand.holding(YOU).of_suit(suit).is_empty() => format!("Follow {}", suit.name()),
        Some(suit) => format!("You have no {}: play any card", suit.name()),
    };
    assert!(h.status().ends_with(&expected), "{}", h.status());
}

#[test]
fn an_illegal_card_is_refused_with_the_rule_that_forbids_it() {
    for seed in 1..200 {
        let mut h = at_your_first_play(seed);
        let hand = h.game().hand();
        let illegal = hand.holding(YOU) - hand.legal_moves();
        let Some(card) = illegal.lowest() else { continue };
        let expected = hand.check_play(YOU, card).unwrap_err().to_string();
        h.send(Command::Card(card));
        let note = h.you().note.clone().unwrap();
        assert_eq!(note.to_lowercase(), expected.to_lowercase());
        assert!(h.game().hand().holding(YOU).contains(card), "the card stays in the hand");
        return;
    }
    panic!("no seed gave an illegal card on the first trick");
}

#[test]
fn a_card_played_out_of_turn_is_refused_with_the_name_of_the_seat_to_play() {
    let mut h = Harness::new(42, Speed::Normal);
    h.play_until(|app| app.game().hand().phase() == HandPhase::Playing && app.sight().hand.to_act != Some(YOU));
    let to_act = h.sight().name(h.game().hand().to_act());
    let card = h.game().hand().holding(YOU).lowest().unwrap();
    h.room.intend(PersonId::LOCAL, hearts_table::Intent::Play(card), h.now);
    h.collect();
    assert_eq!(h.you().note.as_deref(), Some(format!("It is {to_act}'s turn, not yours").as_str()));
    assert!(!to_act.contains("seat"), "a name, not a seat number: {to_act}");
}

#[test]
fn a_card_chosen_before_your_turn_is_queued_and_played_when_the_turn_comes() {
    for seed in 1..100 {
        let mut h = Harness::new(seed, Speed::Normal);
        h.play_until(|app| app.game().hand().phase() == HandPhase::Playing && app.sight().hand.to_act != Some(YOU));
        if h.game().hand().tricks_played() > 0 || !h.game().hand().trick().is_empty() {
            continue;
        }
        // A bot leads the first trick: queue a club (legal unless void) before it does.
        let Some(club) = (h.game().hand().holding(YOU) & CardSet::CLUBS).highest() else { continue };
        h.send(Command::Card(club));
        assert_eq!(h.own().queued, Some(club));
        let said = format!("{} queued for your turn", COLOR.card(club));
        assert_eq!(h.status().matches(&said).count(), 1, "said once: {}", h.status());
        h.let_bots_play();
        assert!(
            h.game().hand().played().contains(club) || h.game().tricks().iter().any(|t| t.card_set().contains(club))
        );
        return;
    }
    panic!("no seed had a bot lead while you held a club");
}

#[test]
fn a_queued_card_that_is_illegal_when_the_turn_comes_is_dropped_with_a_note() {
    for seed in 1..200 {
        let mut h = Harness::new(seed, Speed::Normal);
        h.play_until(|app| app.game().hand().phase() == HandPhase::Playing && app.sight().hand.to_act != Some(YOU));
        let hand = h.game().hand();
        if hand.tricks_played() > 0 || hand.holding(YOU).of_suit(hearts_engine::Suit::Clubs).is_empty() {
            continue;
        }
        // A heart cannot be played on the first trick while you hold clubs.
        let Some(heart) = (hand.holding(YOU) & CardSet::HEARTS).lowest() else { continue };
        h.send(Command::Card(heart));
        h.let_bots_play();
        assert!(h.game().hand().holding(YOU).contains(heart));
        assert!(h.you().note.as_deref().unwrap().starts_with(&format!("Dropped the queued {}", COLOR.card(heart))));
        return;
    }
    panic!("no seed fitted");
}

#[test]
fn the_pace_p_chooses_is_kept_for_the_next_game_as_the_new_game_windows_is() {
    let mut h = Harness::new(42, Speed::Normal);
    h.send(Command::Speed);
    assert_eq!(h.table().speed(), Speed::Fast);
    let remembered = h.to_runtime.iter().rev().find_map(|request| match request {
        ToRuntime::Remember(_, remembered) => Some(remembered.clone()),
        _ => None,
    });
    let remembered = remembered.expect("the pace is remembered");
    assert_eq!(remembered.pace.as_deref(), Some("fast"));
    assert_eq!(remembered.launch_speed(None), Speed::Fast, "the next launch starts at it");
}

#[test]
fn bots_cards_appear_at_the_pace_and_a_key_skips_the_wait() {
    let mut h = at_your_first_play(42);
    h.play_as_hard();
    let played = h.table().log().len();
    // Left's decision arrives at once but waits for the pace.
    if let Some(seat) = h.table().bot_to_ask(h.now) {
        assert_ne!(seat, YOU);
        let decided = h.room.bot_job(h.now).expect("a bot to ask").run();
        h.room.send(Message::BotDecided(decided), h.now);
        assert_eq!(h.table().log().len(), played, "not before the pace allows");
        h.send(Command::Other);
        assert_eq!(h.table().log().len(), played + 1, "any key skips the wait");
    }
}

#[test]
fn the_hint_marks_the_experts_card_and_names_the_next_best() {
    let mut h = at_your_first_play(42);
    h.ask_hint();
    assert_eq!(h.you().hint.len(), 1);
    let hinted = h.you().hint.lowest().unwrap();
    assert_eq!(h.cursor_card(), Some(hinted));
    assert!(h.game().legal_moves().contains(hinted));
    let note = h.you().note.clone().unwrap();
    assert!(note.starts_with("Hint: play"), "{note}");
    if h.game().legal_moves().len() > 1 {
        assert!(note.contains(" costs "), "{note}");
    }
}

#[test]
fn following_the_hint_is_the_reviews_best_choice_at_the_pass_and_every_card() {
    // A hand played by the hint alone, then reviewed: the review's best
    // choice is the hint at each decision, so nothing is marked a mistake.
    // (Seed 1: the hard bot passes KC AD QS here, not the expert's best.)
    let mut h = Harness::new(1, Speed::Instant);
    let mut hinted = Vec::new();
    for _ in 0..100 {
        h.let_bots_play();
        if !h.game().history().is_empty() {
            break;
        }
        let (passing, choices) = (h.sight().is_passing(), h.game().legal_moves().len());
        h.ask_hint();
        if passing {
            hinted.push(("pass", h.you().hint.to_string()));
            h.send(Command::Confirm);
            h.wait(Duration::from_secs(3));
        } else {
            let card = h.you().hint.lowest().expect("a card hinted");
            if choices > 1 {
                hinted.push(("play", card.to_string()));
            }
            h.send(Command::Card(card));
        }
    }
    assert_eq!(h.game().history().len(), 1, "hand 1 played out");
    assert_eq!(hinted.first().map(|(kind, _)| *kind), Some("pass"), "hand 1 passes left");
    assert!(hinted.len() > 2, "cards with a choice: {hinted:?}");
    let record = h.table().ended_now().record().unwrap();
    let review = hearts_table::review::review(&record, YOU, hearts_table::review::REVIEW_SAMPLES, |_, _| {}).unwrap();
    let best: Vec<(&str, String)> = review.iter().map(|d| (d.kind, d.best.clone())).collect();
    assert_eq!(best, hinted);
    assert!(review.iter().all(|d| d.cost == 0.0 && d.verdict().is_none()), "{review:?}");
}

#[test]
fn the_hint_is_worked_out_off_the_table_and_keys_work_meanwhile() {
    let mut h = at_your_first_play(42);
    h.send(Command::Hint);
    let requests = h.hint_requests();
    assert_eq!(requests.len(), 1, "the search is asked of the runtime, not made here");
    assert_eq!(h.you().hint, CardSet::EMPTY);
    assert!(h.status().contains("Working out a hint"), "{}", h.status());
    h.send(Command::Hint);
    assert!(h.hint_requests().is_empty(), "one search at a time for one position");
    // The table answers keys while the hint is worked out.
    let cursor = h.you().cursor;
    h.send(Command::Right);
    assert_eq!(h.you().cursor, cursor + 1, "Right moved the cursor");
    h.send(Command::Help);
    assert_eq!(h.you().window, Some(Window::Help));
    h.send(Command::Cancel);
    assert_eq!(h.you().window, None);
    h.deliver(requests.into_iter().next().unwrap());
    let hinted = h.you().hint.lowest().expect("the hint arrived");
    assert_eq!(h.cursor_card(), Some(hinted));
    assert!(h.you().note.as_deref().is_some_and(|note| note.starts_with("Hint: play")), "{:?}", h.you().note);
}

#[test]
fn a_pass_hint_still_fits_once_the_others_have_passed_meanwhile() {
    let mut h = Harness::new(42, Speed::Instant);
    assert!(h.sight().is_passing() && h.table().bot_to_ask(h.now).is_some(), "the others are still choosing");
    h.send(Command::Hint);
    let request = h.hint_requests().pop().unwrap();
    h.let_bots_play();
    assert!(
        h.game().hand().awaits_pass_from(YOU) && h.table().bot_to_ask(h.now).is_none(),
        "only you are left to pass"
    );
    h.deliver(request);
    assert_eq!(h.you().hint.len(), 3, "{:?}", h.you().note);
    assert_eq!(h.you().marked.cards(), h.you().hint);
}

#[test]
fn a_hint_for_a_position_the_game_has_left_is_dropped() {
    // A card played while its hint was worked out.
    let mut h = at_your_first_play(42);
    h.send(Command::Hint);
    let late = h.hint_requests().pop().unwrap();
    let card = h.game().legal_moves().lowest().unwrap();
    h.send(Command::Card(card));
    assert!(h.table().log().contains(&hearts_engine::Action::Play { seat: YOU, card }));
    h.deliver(late);
    assert_eq!(h.you().hint, CardSet::EMPTY);
    assert!(!h.you().note.as_deref().unwrap_or_default().starts_with("Hint"), "{:?}", h.you().note);

    // A pass sent while its hint was worked out.
    let mut h = Harness::new(42, Speed::Instant);
    h.let_bots_play();
    assert!(h.sight().is_passing());
    h.send(Command::Hint);
    let late = h.hint_requests().pop().unwrap();
    h.play_as_hard();
    assert!(!h.sight().is_passing(), "the pass is on its way");
    h.deliver(late);
    assert_eq!(
        (h.you().hint, h.you().marked),
        (CardSet::EMPTY, hearts_engine::CardBag::EMPTY),
        "no marks after the pass"
    );
}

#[test]
fn restart_deals_the_hand_again() {
    let mut h = at_your_first_play(42);
    h.play_as_hard();
    h.let_bots_play();
    let hand_number = h.game().hand_number();
    h.send(Command::Restart);
    assert_eq!(h.you().window, Some(Window::ConfirmRestart));
    let played = h.game().hand().played();
    h.send(Command::Confirm);
    assert_eq!(h.game().hand().played(), played, "Enter, pressed for something else, deals nothing again");
    h.send(Command::Yes);
    assert_eq!(h.game().hand_number(), hand_number);
    assert_eq!(h.game().hand().phase(), HandPhase::Passing);
    assert!(h.game().hand().played().is_empty());
}

#[test]
fn a_hand_with_no_points_left_can_be_played_out() {
    let rules = Rules::default();
    let mut h = harness_at(rules, ["2C 3D", "3C 4D", "4C 5D", "5C 6D"], 3, [0; 4]);
    h.wait(Duration::from_secs(1));
    assert!(h.sight().hand.can_play_out);
    assert!(h.status().contains("o plays the hand out"), "{}", h.status());
    h.send(Command::PlayOut);
    assert_eq!(h.game().phase(), GamePhase::HandOver);
    assert_eq!(h.you().window, Some(Window::HandSummary));
}

#[test]
fn in_royal_a_hand_with_the_queen_of_diamonds_left_is_not_played_out() {
    let rules = hearts_engine::Preset::Royal.rules();
    let mut h = harness_at(rules, ["2C 3D", "3C QD", "4C 5D", "5C 6D"], 3, [0; 4]);
    h.wait(Duration::from_secs(1));
    assert!(!h.sight().hand.can_play_out, "the QD still takes 10 off someone's total");
}

#[test]
fn the_shooter_is_asked_how_the_moon_counts_when_it_matters() {
    let rules = Rules { moon: MoonRule::ShooterChooses, no_blood: false, ..Rules::default() };
    let mut h = harness_at(rules, ["AC AH", "2C QS", "3C 2H", "4C 3H"], 0, [80, 50, 90, 90]);
    h.play_until(|app| app.you().window.is_some());
    assert!(matches!(h.you().window, Some(Window::MoonChoice(_))), "{:?}", h.you().window);
    let (text, _, hits) = h.screen(80, 24);
    assert!(text.contains("You shot the moon!"), "{text}");
    assert!(hits.buttons.iter().any(|(_, b)| *b == Button::MoonSubtract));
    h.send(Command::Button(Button::MoonSubtract));
    assert_eq!(h.game().totals()[YOU], 80 - 16);
}

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
