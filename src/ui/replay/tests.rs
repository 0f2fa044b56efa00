//! A replay stepped through, and drawn at 80x24 and on a big screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

use super::draw::{HANDS_COLUMN, card_size};
use super::*;
use crate::ui::draw::{CardSize, short_name};
use hearts_bots::players::Level;
use hearts_engine::Card;
use hearts_engine::Rules;

fn replay() -> Replay {
    let rules = Rules { target_score: 30, ..Rules::default() };
    let record = hearts_bots::testing::bot_game(rules, 9, |_| Level::Normal, &["normal"; 4]);
    Replay::new(record, (1, 1), Theme { color: false, ascii: false, palette256: true, four_colour: false }).unwrap()
}

fn text(replay: &Replay) -> String {
    let area = Rect::new(0, 0, 80, 24);
    let mut buffer = Buffer::empty(area);
    draw(&mut buffer, area, replay);
    (0..24).map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect::<String>()).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_card_is_a_step_and_the_end_is_the_finished_game() {
    let mut replay = replay();
    // Each hand: dealt, the passes (not on a hold hand), then 52 cards.
    let holds = replay.record.hands.iter().filter(|hand| hand.pass == "hold").count();
    assert_eq!(replay.len(), replay.record.hands.len() * (1 + 1 + 52) - holds);
    replay.go(Move::End);
    assert_eq!(replay.game().phase(), hearts_engine::GamePhase::GameOver);
    assert_eq!(replay.game().totals().of_table(4), replay.record.totals.as_slice());
}

#[test]
fn keys_step_by_card_trick_and_hand_and_back() {
    let mut replay = replay();
    assert!(text(&replay).contains("Hand 1 dealt"));
    replay.go(Move::Card(1));
    assert!(text(&replay).contains("Cards passed"));
    replay.go(Move::Trick(1));
    assert_eq!(replay.game().tricks().len(), 1, "to the end of the first trick");
    replay.go(Move::Trick(1));
    assert_eq!(replay.game().tricks().len(), 2);
    replay.go(Move::Trick(-1));
    assert!(replay.game().tricks().len() < 2);
    replay.go(Move::Hand(1));
    assert_eq!(replay.game().hand_number(), 2);
    assert!(text(&replay).contains("Hand 2 dealt"));
    replay.go(Move::Hand(-1));
    assert_eq!(replay.game().hand_number(), 1);
    replay.go(Move::Card(-1));
    assert_eq!(replay.at, 0, "nothing before the start");
    replay.go(Move::Start);
    assert_eq!(replay.at, 0);
}

#[test]
fn you_play_and_take_tricks_in_the_second_person() {
    let replay = replay();
    let said: Vec<&str> = replay.steps.iter().map(|step| step.what.as_str()).collect();
    assert!(said.iter().any(|what| what.starts_with("You play ")), "{said:?}");
    assert!(said.iter().any(|what| what.ends_with("; You take the trick")), "{said:?}");
    assert!(said.iter().any(|what| what.starts_with("Left plays ")), "{said:?}");
    assert!(said.iter().all(|what| !what.contains("You plays") && !what.contains("You takes")), "{said:?}");
}

#[test]
fn every_hand_is_shown_face_up_with_played_cards_dimmed() {
    let mut replay = replay();
    replay.go(Move::Trick(1));
    let screen = text(&replay);
    for name in ["You (normal)", "Left (normal)", "Across (normal)", "Right (normal)"] {
        assert!(screen.contains(name), "{screen}");
    }
    assert!(screen.contains("Trick 1:"), "{screen}");
    assert!(screen.contains("takes the trick"), "{screen}");
}

/// The step of the tenth card, whoever played it, and a review of it:
/// the 2C played where the expert plays the 9S, 4.2 points dearer.
fn tenth_card_costs_4_2(replay: &Replay, choices: Vec<hearts_table::review::Choice>) -> (usize, Decision) {
    let (index, (hand, trick, seat)) =
        replay.steps.iter().enumerate().filter_map(|(i, s)| s.play.map(|p| (i, p))).nth(9).unwrap();
    let decision = Decision {
        kind: "play",
        hand,
        trick,
        seat: seat.index(),
        played: "2C".into(),
        best: "9S".into(),
        cost: 4.2,
        unit: hearts_table::review::Unit::Points,
        choices,
    };
    (index, decision)
}

/// Carol's game, as alice (at seat 2) replays it from the lobby.
fn carols_game_seen_by_alice() -> Replay {
    let rules = Rules { target_score: 30, ..Rules::default() };
    let players = ["human:carol", "normal", "human:alice", "hard"];
    let record = hearts_bots::testing::bot_game(rules, 9, |_| Level::Normal, &players);
    let alice = Seat::new(2);
    Replay::seen_from(record, (1, 1), Theme { color: false, ascii: false, palette256: true, four_colour: false }, alice)
        .unwrap()
}

/// A review's decision on the first pass, by `seat`.
fn pass_decision(seat: usize, played: &str) -> Decision {
    Decision {
        kind: "pass",
        hand: 1,
        trick: 0,
        seat,
        played: played.into(),
        best: "AS KS QS".into(),
        cost: 3.5,
        unit: hearts_table::review::Unit::Points,
        choices: Vec::new(),
    }
}

#[test]
fn a_served_game_names_each_seat_by_who_played_it_and_you_are_the_one_replaying() {
    let mut replay = carols_game_seen_by_alice();
    let shown = text(&replay);
    let rows: Vec<&str> = shown.lines().skip(1).take(4).map(str::trim_end).collect();
    // alice's own seat first, as "You", then the seats to her left around the table.
    let names: Vec<&str> = rows.iter().map(|row| row[1..23].trim_end()).collect();
    assert_eq!(names, ["You (alice)", "Left (hard)", "Across (carol)", "Right (normal)"], "{shown}");
    assert!(!shown.contains("You (carol)") && !shown.contains("human:"), "{shown}");
    let header = shown.lines().find(|line| line.trim_start().starts_with("Hand  ")).unwrap_or_default();
    let heads: Vec<&str> = header.split_whitespace().collect();
    assert_eq!(heads, ["Hand", "You", "Left", "carol", "Right"], "{shown}");
    // The pass shown is alice's own, and so is its review; carol's is not hers to see.
    replay.go(Move::Card(1));
    let passed = replay.game().hand().passed(Seat::new(2).unwrap());
    let carols = replay.game().hand().passed(Seat::SOUTH);
    let theme = replay.theme;
    let own = format!("Cards passed (you passed {})", theme.cards(passed));
    assert!(text(&replay).contains(&own), "{}", text(&replay));
    let at = replay.at;
    let reviewed = |seat| {
        let mut replay = carols_game_seen_by_alice().with_review(vec![pass_decision(seat, "2C 3C 4C")]);
        replay.at = at;
        text(&replay)
    };
    assert!(reviewed(2).contains("Review: cost 3.5 points"), "{}", reviewed(2));
    assert!(!reviewed(0).contains("Review: cost"), "carol's pass is no review of alice's: {}", reviewed(0));
    let hers = format!("you passed {}", theme.cards(carols));
    assert!(!text(&replay).contains(&hers), "{}", text(&replay));
    // Whose cards are played is said by name: "carol plays", "You play".
    let said: Vec<&str> = replay.steps.iter().map(|step| step.what.as_str()).collect();
    assert!(said.iter().any(|what| what.starts_with("carol plays ")), "{said:?}");
    assert!(said.iter().any(|what| what.starts_with("You play ")), "{said:?}");
    assert!(said.iter().any(|what| what.starts_with("Left plays ")), "the bot by its place: {said:?}");
}

#[test]
fn the_review_marks_costly_cards_and_m_finds_the_next() {
    let replay = replay();
    // The step of the tenth card, whoever played it, is marked as costly.
    let (index, decision) = tenth_card_costs_4_2(&replay, Vec::new());
    let (hand, trick) = (decision.hand, decision.trick);
    // A timed game's review counts the tournament score; the worst
    // mistakes go on a line of their own, as many as fit whole in 80
    // columns (the third of these would not).
    let timed = |hand: u32, trick: usize, cost: f64| Decision {
        hand,
        trick,
        cost,
        unit: hearts_table::review::Unit::Tournament,
        ..decision.clone()
    };
    let review = vec![timed(hand, trick, 63.0), timed(10, 12, 1234.0), timed(11, 12, 1000.0), timed(12, 12, 999.0)];
    let mut timed = super::tests::replay().with_review(review);
    timed.go(Move::Mistake);
    let shown = text(&timed);
    let line = |text: &str| shown.lines().any(|line| line.trim_end() == text);
    assert!(line(" Review: total cost 3296 on the tournament score"), "{shown}");
    assert!(line(" Worst: hand 10 trick 12 (1234), hand 11 trick 12 (1000)"), "{shown}");
    assert!(shown.contains("Review: cost 63 on the tournament score: the expert plays 9♠ here"), "{shown}");
    let mut replay = replay.with_review(vec![decision]);
    assert!(text(&replay).contains("Review: total cost 4.2 points"), "{}", text(&replay));
    replay.go(Move::Mistake);
    assert_eq!(replay.at, index);
    assert!(text(&replay).contains("Review: cost 4.2 points: the expert plays 9♠ here"), "{}", text(&replay));
    replay.go(Move::Mistake);
    assert_eq!(replay.at, index, "no later mistake: stay");
}

#[test]
fn a_wide_screen_puts_the_score_sheet_beside_and_lists_the_experts_estimates() {
    let replay = replay();
    let choice = |card: &str, points: f64, value: f64| hearts_table::review::Choice {
        card: card.into(),
        points,
        value,
        win_chance: Some(0.25),
    };
    let (index, decision) = tenth_card_costs_4_2(&replay, vec![choice("9S", 0.5, 1.5), choice("2C", 4.7, -2.7)]);
    let mut replay = replay.with_review(vec![decision]);
    replay.go(Move::Mistake);
    assert_eq!(replay.at, index);
    let (width, height) = (200, 60);
    let area = Rect::new(0, 0, width, height);
    let mut buffer = Buffer::empty(area);
    draw(&mut buffer, area, &replay);
    let row = |y: u16| (0..width).map(|x| buffer[(x, y)].symbol()).collect::<String>();
    // The sheet's header on the second row, right of the hands drawn as
    // large cards (thirteen seven wide from column 24, a column between suits).
    let from = 24 + 13 * 7 + 3 + 2;
    let header: String = (from..from + 47).map(|x| buffer[(x, 1)].symbol()).collect();
    assert_eq!(header, " Hand         You      Left    Across     Right", "{}", row(1));
    let screen: Vec<String> = (0..height).map(row).collect();
    let line = |text: &str| screen.iter().any(|line| line.trim_end().ends_with(text));
    assert!(line("The expert's estimates (value; points for the hand; chance to win)"), "{screen:#?}");
    assert!(screen.iter().any(|l| l.starts_with(" 9♠") && l.trim_end().ends_with("1.5    0.5   25%")), "{screen:#?}");
    assert!(line("-2.7    4.7   25%  <- played"), "{screen:#?}");
    // At 80 columns the sheet goes below and there is no room for the list.
    assert!(!text(&replay).contains("The expert's estimates"));
}

#[test]
fn the_replay_opens_before_the_review_is_done_and_the_marks_fill_in_as_they_are_judged() {
    let mut replay = replay();
    let news = replay.review_in_background(Seat::SOUTH, 2);
    // On screen at once: the deal, and the review at work.
    let first = text(&replay);
    assert!(first.contains("Hand 1 dealt") && first.contains("Reviewing: 0 of"), "{first}");
    assert!(!first.contains("total cost"), "{first}");
    replay.go(Move::Trick(1));
    assert_eq!(replay.game().tricks().len(), 1, "the replay moves while the review is made");
    let mut judged = 0;
    for heard in news.iter() {
        let end = matches!(heard, ReviewNews::Done | ReviewNews::Failed(_));
        judged += usize::from(matches!(heard, ReviewNews::Judged(_)));
        replay.hear(heard);
        assert_eq!(replay.review.len(), judged, "each decision is there as soon as it is judged");
        if end {
            break;
        }
    }
    assert_eq!(replay.reviewing, Reviewing::Done);
    let whole = hearts_table::review::review(&replay.record, Seat::SOUTH, 2, |_, _| {}).unwrap();
    assert_eq!(replay.review, whole, "the same review as made in one go");
    assert!(text(&replay).contains("Review: total cost"), "{}", text(&replay));
}

#[test]
fn a_big_screen_draws_the_hands_and_the_trick_as_cards_and_the_played_cards_faint() {
    let mut replay = replay();
    replay.go(Move::Trick(1));
    replay.go(Move::Trick(1));
    replay.go(Move::Card(1));
    let game = replay.game();
    let (south, west) = (game.hand().holding(Seat::SOUTH), game.hand().holding(Seat::new(1).unwrap()));
    let played: Vec<Card> =
        game.tricks().iter().flat_map(|t| t.plays(4)).filter(|&(s, _)| s == Seat::SOUTH).map(|(_, c)| c).collect();
    assert_eq!(played.len(), 2, "two tricks played");
    let theme = replay.theme;
    for (width, height, rows) in [(120, 36, 3), (200, 60, 5)] {
        let area = Rect::new(0, 0, width, height);
        let mut buffer = Buffer::empty(area);
        draw(&mut buffer, area, &replay);
        let row = |y: u16| (0..width).map(|x| buffer[(x, y)].symbol()).collect::<String>();
        let named = |name: &str| (0..height).find(|&y| row(y).contains(name)).unwrap();
        // A card of a hand: its rank at the top left, its suit in the
        // row of the hand's name (the cards' middle row).
        let corner = |card: Card, name: &str| {
            let middle = named(name);
            let top = middle + 1 - rows / 2;
            let face = format!("│{:<w$}", Theme::rank(card.rank()), w = if rows == 3 { 2 } else { 5 });
            let cells = |y: u16| row(y).chars().collect::<Vec<_>>();
            let (ranks, suits) = (cells(top), cells(middle));
            (0..usize::from(width) - 7)
                .find(|&x| {
                    ranks[x..].iter().collect::<String>().starts_with(&face)
                        && suits[x..x + 6].contains(&theme.suit(card.suit()))
                })
                .map(|x| (x as u16 + 1, top))
        };
        for card in south.iter().chain(played.iter().copied()) {
            assert!(corner(card, "You (normal)").is_some(), "{width}x{height}: your {card} as a card");
        }
        for card in west.iter() {
            assert!(corner(card, "Left (normal)").is_some(), "{width}x{height}: Left's {card} as a card");
        }
        for card in &played {
            let at = corner(*card, "You (normal)").unwrap();
            assert!(buffer[at].modifier.contains(Modifier::DIM), "{width}x{height}: the played {card} is faint");
        }
        let held = corner(south.iter().next().unwrap(), "You (normal)").unwrap();
        assert!(!buffer[held].modifier.contains(Modifier::DIM), "{width}x{height}: a held card is not");
        // The trick on the table: one card, its player named above it.
        let trick = named("Trick 3:");
        let (seat, card) = game.hand().trick().plays(4).next().unwrap();
        assert!(row(trick + 1).starts_with(&format!(" {}", seat_name(seat, 4))), "{}", row(trick + 1));
        assert!(row(trick + 2 + rows / 2).contains(theme.suit(card.suit())), "{width}x{height}: the trick's {card}");
    }
    // 80 columns keep the hands as text, the played ranks faint.
    let area = Rect::new(0, 0, 80, 24);
    let mut buffer = Buffer::empty(area);
    draw(&mut buffer, area, &replay);
    let you = (0..24)
        .find(|&y| (0..80).map(|x| buffer[(x, y)].symbol()).collect::<String>().starts_with(" You (normal)"))
        .unwrap();
    let faint: String = (0..80)
        .filter(|&x| buffer[(x, you)].modifier.contains(Modifier::DIM))
        .map(|x| buffer[(x, you)].symbol())
        .collect();
    let ranks: String = played.iter().map(|card| Theme::rank(card.rank())).collect();
    let mut faint: Vec<char> = faint.chars().collect();
    let mut ranks: Vec<char> = ranks.chars().collect();
    faint.sort_unstable();
    ranks.sort_unstable();
    assert_eq!(faint, ranks, "only the played cards' ranks are faint");
}

#[test]
fn small_cards_that_overlap_each_show_their_suit() {
    // Three players hold seventeen cards: as small cards they overlap.
    let rules = Rules { players: 3, target_score: 30, ..Rules::default() };
    let record = hearts_bots::testing::bot_game(rules, 9, |_| Level::Normal, &["normal"; 3]);
    let theme = Theme { color: true, ascii: false, palette256: true, four_colour: true };
    let replay = Replay::new(record, (1, 1), theme).unwrap();
    let area = Rect::new(0, 0, 120, 30);
    assert_eq!(card_size(area, 3), Some(CardSize::SMALL));
    let mut buffer = Buffer::empty(area);
    draw(&mut buffer, area, &replay);
    let symbols = ["♠", "♥", "♦", "♣"];
    let mut hands = 0;
    for y in 0..area.height {
        let row: String = (0..area.width).map(|x| buffer[(x, y)].symbol()).collect();
        if !row.contains("(normal)") {
            continue;
        }
        hands += 1;
        let suits: Vec<_> = (HANDS_COLUMN..area.width)
            .map(|x| &buffer[(x, y)])
            .filter(|cell| symbols.contains(&cell.symbol()))
            .collect();
        assert_eq!(suits.len(), 17, "every card of the hand shows its suit: {row}");
        assert!(suits.iter().all(|cell| cell.bg == Color::White), "each on its card's face");
    }
    assert_eq!(hands, 3);
}

#[test]
fn a_hand_number_and_enter_jump_to_that_hand() {
    let mut replay = replay();
    replay.go(Move::Digit('3'));
    assert!(text(&replay).contains("to hand 3_"));
    replay.go(Move::Enter);
    assert_eq!(replay.game().hand_number(), 3);
    assert!(text(&replay).contains("Hand 3 dealt"));
    replay.go(Move::Digit('9'));
    replay.go(Move::Digit('9'));
    replay.go(Move::Enter);
    assert_eq!(replay.game().hand_number(), 3, "no hand 99: stay");
    replay.go(Move::Enter);
    assert_eq!(replay.game().tricks().len(), 1, "Enter alone goes to the end of the trick");
}

#[test]
fn clicks_on_the_buttons_move_too() {
    let mut replay = replay();
    let area = Rect::new(0, 0, 80, 24);
    let mut buffer = Buffer::empty(area);
    let buttons = draw(&mut buffer, area, &replay);
    let (rect, _) = buttons.0.iter().find(|(_, how)| *how == Move::Hand(1)).unwrap();
    let how = buttons.at(rect.x + 1, rect.y).unwrap();
    replay.go(how);
    assert_eq!(replay.game().hand_number(), 2);
    assert_eq!(buttons.at(0, 0), None);
}

fn text_at(replay: &Replay, width: u16, height: u16) -> Vec<String> {
    let area = Rect::new(0, 0, width, height);
    let mut buffer = Buffer::empty(area);
    draw(&mut buffer, area, replay);
    (0..height).map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect::<String>()).collect()
}

#[test]
fn at_80_columns_the_top_line_keeps_the_hand_trick_and_step_whole() {
    let rules = Rules { target_score: 30, ..Rules::default() };
    let record = hearts_bots::testing::bot_game(rules, 340_662_281_123, |_| Level::Normal, &["normal"; 4]);
    let mut replay =
        Replay::new(record, (12, 34), Theme { color: false, ascii: false, palette256: true, four_colour: false })
            .unwrap();
    replay.go(Move::End);
    let steps = replay.len();
    let hands = replay.record.hands.len();
    for width in [80, 200] {
        let top = text_at(&replay, width, 24)[0].clone();
        for part in [format!("hand {hands} of {hands}"), "trick 13".to_string(), format!("step {steps} of {steps}")] {
            assert!(top.contains(&format!("{part} ")) || top.trim_end().ends_with(&part), "{part}: {top}");
        }
    }
    let wide = text_at(&replay, 200, 24)[0].clone();
    assert!(wide.contains("game 12 of 34") && wide.contains("deal 340662281123/"), "{wide}");
}

#[test]
fn at_80_columns_the_sheet_shows_every_seat_of_eleven() {
    let rules = Rules { players: 11, target_score: 30, ..hearts_engine::Preset::Cancellation.rules() };
    let record = hearts_bots::testing::bot_game(rules, 5, |_| Level::Normal, &["normal"; 11]);
    let mut replay =
        Replay::new(record, (1, 1), Theme { color: false, ascii: false, palette256: true, four_colour: false })
            .unwrap();
    replay.go(Move::End);
    let screen = text_at(&replay, 80, 24);
    let header = screen.iter().find(|line| line.starts_with(" Hand ")).expect("the sheet's header");
    let names: Vec<&str> = header.split_whitespace().skip(1).collect();
    assert_eq!(names.len(), 11, "{screen:#?}");
    for (seat, shown) in Seat::all(11).zip(names) {
        let name = seat_name(seat, 11);
        assert!(shown == name || shown == short_name(&name), "{name} as {shown}: {screen:#?}");
    }
    let totals: Vec<String> = replay.record.totals.iter().map(ToString::to_string).collect();
    // A total is marked where its seat shot the moon in the hand.
    let total = |cell: &str| cell.trim_start_matches(|c: char| !c.is_ascii_digit() && c != '-').to_string();
    let last = screen.iter().find(|line| line.split_whitespace().skip(1).map(total).eq(totals.clone()));
    assert!(last.is_some(), "no row with the totals {totals:?}:\n{}", screen.join("\n"));
}

#[test]
fn a_partnership_game_is_replayed_with_the_tables_sheet_one_column_a_team() {
    let rules = hearts_engine::Preset::Partnership.rules();
    let record = hearts_bots::testing::bot_game(rules, 3, |_| Level::Normal, &["normal"; 4]);
    let mut replay =
        Replay::new(record, (1, 1), Theme { color: false, ascii: true, palette256: true, four_colour: false }).unwrap();
    replay.go(Move::End);
    let screen = text_at(&replay, 80, 24);
    let header = screen.iter().position(|line| line.starts_with(" Hand ")).expect("the sheet's header");
    // A combined team's total is each partner's: yours and Across's, then Left's and Right's.
    let (ours, theirs) = (replay.record.totals[0], replay.record.totals[1]);
    let total = |cell: &str| cell.trim_start_matches(|c: char| !c.is_ascii_digit() && c != '-').to_string();
    let last: Vec<String> = screen[header + 1..]
        .iter()
        .take_while(|line| !line.trim().is_empty())
        .last()
        .expect("a hand's row")
        .split_whitespace()
        .skip(1)
        .map(total)
        .collect();
    assert_eq!(last.len(), 4, "a score and a total for each of two teams: {}", screen.join("\n"));
    assert_eq!((last[1].clone(), last[3].clone()), (ours.to_string(), theirs.to_string()), "{}", screen.join("\n"));
}

#[test]
fn at_80_columns_every_card_of_an_eleven_player_trick_is_shown_whole() {
    let rules = Rules { players: 11, target_score: 30, ..hearts_engine::Preset::Cancellation.rules() };
    let record = hearts_bots::testing::bot_game(rules, 5, |_| Level::Normal, &["normal"; 11]);
    let mut replay =
        Replay::new(record, (1, 1), Theme { color: false, ascii: false, palette256: true, four_colour: false })
            .unwrap();
    replay.go(Move::Trick(1));
    let trick = *replay.game().tricks().first().expect("a trick played");
    let screen = text_at(&replay, 80, 24).join("\n");
    for (seat, card) in trick.plays(11) {
        let (name, card) = (seat_name(seat, 11), replay.theme.card(card));
        let shown = [format!("{name} {card}"), format!("{name} led {card}")];
        assert!(shown.iter().any(|play| screen.contains(play)), "{name}'s {card} missing:\n{screen}");
    }
}

#[test]
fn m_past_the_last_mistake_says_there_is_none_later() {
    let replay = replay();
    let (index, decision) = tenth_card_costs_4_2(&replay, Vec::new());
    let mut replay = replay.with_review(vec![decision]);
    replay.go(Move::Mistake);
    assert_eq!(replay.at, index);
    assert!(!text(&replay).contains("No later mistake"));
    replay.go(Move::Mistake);
    assert_eq!(replay.at, index, "no later mistake: stay");
    assert!(text(&replay).contains("No later mistake in the review"), "{}", text(&replay));
    replay.go(Move::Card(1));
    assert!(!text(&replay).contains("No later mistake"), "said once, until the next key");
}
