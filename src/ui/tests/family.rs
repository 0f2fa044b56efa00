//! The table's screen as its one person has it: the Hearts family.

use super::*;
use hearts_engine::{Action, PassDirection, Preset};

#[test]
fn the_generale_is_offered_to_you_before_the_first_lead() {
    let (rules, game) = chasse_coeur_game(["AH AS", "2H QS", "3H 2S", "4H 3S"], 3);
    let mut h = Harness::from_game(rules, game);
    h.wait(Duration::from_secs(1));
    assert_eq!(h.you().window, Some(Window::Generale(Button::No)));
    let text = h.text();
    assert!(text.contains("Declare the Generale?"), "{text}");
    assert!(h.status().contains("Declare the Generale, or pass"), "{}", h.status());
    h.send(Command::Yes);
    assert_eq!(h.you().window, None);
    assert_eq!(h.game().hand().declarer(), Some(YOU));
    assert!(h.status().contains("You declared the Generale"), "{}", h.status());
    // South takes everything: 0 to South, 17 (the points in play) to each other seat.
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    assert_eq!(h.game().history()[0].scores.of_table(4), [0, 17, 17, 17]);
    assert!(h.text().contains("You made the Generale! 17 to everyone else"), "{}", h.text());
}

#[test]
fn passing_on_the_generale_asks_the_next_seat_and_a_bots_declaration_is_announced() {
    // West holds the top cards and is asked after South.
    let (rules, game) = chasse_coeur_game(["2H 2S", "AH AS", "3H QS", "4H 3S"], 3);
    let mut h = Harness::from_game(rules, game);
    h.wait(Duration::from_secs(1));
    h.send(Command::New);
    assert_eq!(h.game().hand().to_declare(), Some(Seat::new(1).unwrap()));
    h.let_bots_play();
    assert_eq!(h.game().hand().declarer(), Some(Seat::new(1).unwrap()));
    assert!(h.status().contains("declared the Generale: every point to them"), "{}", h.status());
}

#[test]
fn royal_names_the_queens_at_work_in_the_hand_summary() {
    let rules = Rules { no_blood: false, target_score: 1000, ..hearts_engine::Preset::Royal.rules() };
    let mut h = harness_at(rules, ["2C QD", "4H 2H", "4C 3H", "AC 2D"], 3, [3, 0, 0, 0]);
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    let text = h.text();
    assert!(text.contains("Q♦: -10 for You, total 5 -> 0"), "{text}");
    assert_eq!(h.game().totals()[YOU], 0);
}

#[test]
fn royal_asks_the_shooter_every_time() {
    let rules = Rules { no_blood: false, ..hearts_engine::Preset::Royal.rules() };
    let mut h = harness_at(rules, ["AC AH", "2C QS", "3C 2H", "4C 3H"], 0, [0; 4]);
    h.play_until(|app| app.you().window.is_some());
    assert!(matches!(h.you().window, Some(Window::MoonChoice(_))), "{:?}", h.you().window);
    let text = h.text();
    // The QS 26 and three hearts: 29, nothing doubled.
    assert!(text.contains("You took every point (29)"), "{text}");
    assert!(text.contains("the shooter picks every time"), "{text}");
}

#[test]
fn question_mark_twice_shows_the_rules_of_this_game() {
    for (preset, expected) in [
        (hearts_engine::Preset::BlackLady, "Points: each heart 1, Q♠ 13"),
        (hearts_engine::Preset::Royal, "Q♦ takes 10 off its taker's total, not below 0"),
        (hearts_engine::Preset::ChasseCoeur, "Generale: before the first lead, promise every point"),
        (hearts_engine::Preset::Greek, "Moon: 150 to everyone else"),
        (hearts_engine::Preset::Joker, "Jokers: 4, played any time"),
        (hearts_engine::Preset::Hoyle1887, "Chips: a chip a point into the pot"),
        (hearts_engine::Preset::Heartsette, "Widow: 3 cards to the first trick's winner"),
        (hearts_engine::Preset::Auction, "Auction: bid chips to name the penalty suit"),
        (hearts_engine::Preset::Partnership, "Partners opposite, one team score; a team moon: 52"),
        (hearts_engine::Preset::Domino, "draw until you can; no cards: you are out  "),
        (hearts_engine::Preset::Cancellation, "Two packs shuffled together (104 cards), 13 each"),
        (hearts_engine::Preset::Cancellation, "the same card played twice to a trick cancels"),
        (hearts_engine::Preset::Auction, "the named suit takes the place of hearts in every rule"),
    ] {
        let mut h = Harness::with_rules(preset.rules(), 42, Speed::Instant);
        h.send(Command::Help);
        assert_eq!(h.you().window, Some(Window::Help));
        h.send(Command::Help);
        assert_eq!(h.you().window, Some(Window::Rules));
        let text = h.text();
        assert!(text.contains(expected), "{preset}:\n{text}");
        if preset == hearts_engine::Preset::ChasseCoeur {
            insta::assert_snapshot!("rules_chasse_coeur", text);
        }
        h.send(Command::Help);
        assert_eq!(h.you().window, None, "a third ? closes it");
    }
}

#[test]
fn the_rules_of_a_partnership_say_a_team_moon_goes_to_the_other_team_whatever_the_moon_rule() {
    let rules = Rules { moon: hearts_engine::MoonRule::ShooterPicks, ..hearts_engine::Preset::Partnership.rules() };
    let mut h = Harness::with_rules(rules, 42, Speed::Instant);
    h.send(Command::Help);
    h.send(Command::Help);
    let text = h.text();
    assert!(text.contains("Moon: the points to everyone else"), "{text}");
    assert!(!text.contains("the shooter picks"), "{text}");
}

#[test]
fn the_widow_is_shown_to_its_taker_only() {
    let mut seen = [false, false];
    for seed in 1..40 {
        let rules = Rules { players: 3, ..hearts_engine::Preset::Heartsette.rules() };
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        assert!(h.text().lines().next().unwrap().contains("widow 4"), "the top line counts the widow");
        h.play_until(|app| app.game().tricks().len() == 1);
        let widow = h.game().hand().kitty();
        let taker = h.game().hand().kitty_taker().expect("the first trick takes the widow");
        let status = h.status();
        if taker == YOU {
            assert!(status.contains(&format!("You took the widow: {}", h.you().theme.cards(widow))), "{status}");
            seen[0] = true;
        } else {
            assert!(status.contains("took the widow (4 cards)"), "{status}");
            assert!(!status.contains(&h.you().theme.cards(widow)), "{status}");
            seen[1] = true;
        }
        assert!(!h.text().lines().next().unwrap().contains("widow"), "taken: no longer on the top line");
        if seen == [true, true] {
            return;
        }
    }
    panic!("forty games never gave the widow to both you and another seat: {seen:?}");
}

#[test]
fn under_chips_the_table_shows_stacks_the_pot_and_a_sheet_in_chips() {
    let rules = hearts_engine::Preset::Hoyle1887.rules();
    let mut h = Harness::with_rules(rules, 5, Speed::Instant);
    let text = h.text();
    assert!(text.lines().next().unwrap().contains("pot 0"), "{text}");
    assert!(text.contains("8 deals"), "{text}");
    assert!(text.contains("chips 50"), "{text}");
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    let text = h.text();
    assert!(text.contains("Chips") && text.contains("Stack"), "{text}");
    let settled = h.game().history()[0].chips.unwrap();
    let you = settled.after.stacks[YOU];
    assert!(text.contains(&format!("{:>+6}{you:>7}", settled.change[YOU])), "{text}");
    h.send(Command::Confirm);
    assert!(h.text().contains(&format!("chips {you}")), "{}", h.text());
}

#[test]
fn jokers_are_drawn_as_jokers_at_the_right_of_your_hand_in_either_theme() {
    let rules = hearts_engine::Preset::Joker.rules();
    let seed = (1..100)
        .find(|&seed| {
            let deal = hearts_engine::Deal::for_hand(&rules, seed, 0);
            !(deal.hands[YOU] & CardSet::JOKERS).is_empty()
        })
        .expect("some deal gives you a joker");
    let mut h = Harness::with_rules(rules, seed, Speed::Instant);
    let cards = h.sight().cards();
    assert!(cards.last().unwrap().is_joker(), "jokers sit at the right: {cards:?}");
    let text = h.text();
    assert!(text.contains("JK★"), "{text}");
    h.you_mut().theme = Theme { color: true, ascii: true, palette256: true, four_colour: false };
    let text = h.text();
    assert!(text.contains("JK*") && !text.contains('★'), "{text}");
}

#[test]
fn the_generale_question_waits_while_you_read_the_rules_or_think_of_quitting() {
    let (rules, game) = chasse_coeur_game(["AH AS", "2H QS", "3H 2S", "4H 3S"], 3);
    let mut h = Harness::from_game(rules, game);
    h.wait(Duration::from_secs(1));
    h.send(Command::Help);
    h.send(Command::Help);
    assert_eq!(h.you().window, Some(Window::Rules));
    h.send(Command::Cancel);
    h.wait(Duration::from_secs(1));
    assert_eq!(h.you().window, Some(Window::Generale(Button::No)), "asked again");
    h.send(Command::Quit);
    assert_eq!(h.you().window, Some(Window::ConfirmQuit));
    h.send(Command::New);
    h.wait(Duration::from_secs(1));
    assert_eq!(h.you().window, Some(Window::Generale(Button::No)));
    h.send(Command::Right);
    h.send(Command::Confirm);
    assert_eq!(h.game().hand().declarer(), Some(YOU), "arrows then Enter declare");
}

#[test]
fn partners_are_marked_and_the_sheet_and_standings_are_by_team() {
    let rules = hearts_engine::Preset::Partnership.rules();
    let mut h = Harness::with_rules(rules, 3, Speed::Instant);
    assert!(h.text().contains("You · 0 pts · total 0 · with Across"), "your line names your partner: {}", h.text());
    h.play_until(|app| !app.sight().is_passing());
    let text = h.text();
    assert!(text.contains("▒▒ 13 · partner"), "Across is marked: {text}");
    assert!(text.contains("▒▒ 13 · with Right"), "Left's partner is named: {text}");
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    let text = h.text();
    let record = h.game().history()[0];
    let ours = record.scores[YOU];
    assert_eq!(ours, record.result.points_taken[YOU] + record.result.points_taken[Seat::new(2).unwrap()]);
    assert!(text.contains(&format!("You & Across{:>width$}", format!("{ours:+}"), width = 44 - 12 + 6)), "{text}");
    assert!(text.contains("Left & Right"), "{text}");
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    let text = h.text();
    let leaders = h.game().leaders();
    assert_eq!(leaders.len(), 2, "both partners win");
    let headline = if leaders.contains(&YOU) { "You and Across win!" } else { "Left and Right win" };
    assert!(text.contains(headline), "{text}");
    assert!(text.contains("1. You & Across") || text.contains("1. Left & Right"), "{text}");
}

#[test]
fn at_six_the_teams_fit_the_small_and_the_large_table() {
    let rules = Rules { players: 6, teams: hearts_engine::Teams::Individual, ..Rules::default() };
    let mut h = Harness::with_rules(rules, 4, Speed::Instant);
    h.play_until(|app| app.you().window == Some(Window::HandSummary));
    h.send(Command::Confirm);
    h.send(Command::ScoreSheet);
    for (width, height) in [(80, 24), (200, 60)] {
        let text = h.screen(width, height).0;
        assert!(text.contains("You & Across") || text.contains("You+A"), "{width}x{height}: {text}");
        assert!(text.contains("team "), "{width}x{height}: your line has the team total: {text}");
    }
}

#[test]
fn the_auction_asks_your_bid_then_the_suit_and_the_top_line_names_it() {
    let rules = hearts_engine::Preset::Auction.rules();
    let mut named_by_you = false;
    for seed in 1..40 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        h.play_until(|app| app.you().window.is_some() || app.game().hand().phase() == HandPhase::Playing);
        let Some(Window::Bid(offer)) = h.you().window else { continue };
        let least = h.game().hand().least_bid();
        assert_eq!(offer, least, "the offer starts at the least bid");
        let text = h.text();
        assert!(text.contains("The auction") && text.contains(&format!("Your bid: < {least} >")), "{text}");
        assert!(text.contains("You have 50 chips"), "{text}");
        h.send(Command::Left);
        assert_eq!(h.you().window, Some(Window::Bid(least)), "never below the least bid");
        h.send(Command::Right);
        h.send(Command::Right);
        h.send(Command::Confirm);
        assert_eq!(h.game().bids()[YOU], Some(least + 2));
        h.play_until(|app| app.you().window.is_some() || app.game().hand().phase() == HandPhase::Playing);
        let winner = h.game().hand().high_bid().unwrap().seat;
        if winner == YOU {
            let Some(Window::NameSuit(first)) = h.you().window else { panic!("{:?}", h.you().window) };
            let text = h.text();
            assert!(text.contains("Name the penalty suit") && text.contains("♠ spades"), "{text}");
            h.send(Command::Right);
            h.send(Command::Confirm);
            let expected =
                hearts_engine::Suit::ALL[(hearts_engine::Suit::ALL.iter().position(|&s| s == first).unwrap() + 1) % 4];
            assert_eq!(h.game().hand().named_suit(), Some(expected));
            let top = h.text().lines().next().unwrap().to_string();
            let symbol = h.you().theme.suit(expected);
            assert!(top.contains(&format!("{symbol} named by You for {}", least + 2)), "{top}");
            assert!(!top.contains("broken"), "the auction has no rule about breaking: {top}");
            named_by_you = true;
            break;
        }
    }
    assert!(named_by_you, "forty deals never let you win the auction");
}

#[test]
fn domino_for_two_shows_the_stock_your_draws_and_the_end_at_31() {
    let rules = Rules { players: 2, ..hearts_engine::Preset::Domino.rules() };
    let mut h = Harness::with_rules(rules, 3, Speed::Instant);
    for (width, height) in [(80, 24), (200, 60)] {
        let (text, _, hits) = h.screen(width, height);
        let top = text.lines().next().unwrap();
        assert!(top.contains("stock 40"), "{width}x{height}: {top}");
        assert_eq!(text.matches("Across ·").count(), 1, "{width}x{height}: one opponent, opposite\n{text}");
        assert!(!text.contains("Left ·"), "{text}");
        assert_eq!(hits.cards.len(), 6, "six cards each");
    }
    h.play_until(|app| app.you().note.as_deref().is_some_and(|note| note.starts_with("You drew")));
    let note = h.you().note.clone().unwrap();
    let (seat, drawn) = h.game().last_draw().unwrap();
    assert_eq!(seat, YOU);
    assert!(note.contains(&h.you().theme.cards(drawn)), "{note}");
    let stock = h.game().hand().stock().len();
    assert!(note.contains(&format!("({stock} left in the stock)")), "{note}");
    let top = h.text().lines().next().unwrap().to_string();
    assert!(top.contains(&format!("stock {stock}")), "{top}");
    h.play_until(|app| matches!(app.you().window, Some(Window::GameOver(_))));
    assert!(h.game().totals().of_table(2).iter().any(|&t| t >= 31));
    let text = h.text();
    assert!(text.contains("win") || text.contains("Win"), "{text}");
}

#[test]
fn a_domino_player_out_of_cards_is_shown_out() {
    let rules = Rules { players: 5, ..hearts_engine::Preset::Domino.rules() };
    for seed in 1..30 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        h.play_until(|app| {
            let hand = app.game().hand();
            app.game().phase() != GamePhase::InHand || Seat::all(5).skip(1).any(|s| hand.is_out(s))
        });
        let hand = *h.game().hand();
        let Some(out) = Seat::all(5).skip(1).find(|&s| hand.is_out(s)) else { continue };
        let text = h.text();
        assert!(text.contains("out of cards"), "{text}");
        assert!(hand.trick().is_empty() || hand.trick().sits_out(out) || hand.trick().plays(5).any(|(s, _)| s == out));
        return;
    }
    panic!("nobody ran out of cards in thirty deals");
}

#[test]
fn a_domino_hand_that_ends_says_who_took_the_stock() {
    let rules = Rules { players: 3, ..hearts_engine::Preset::Domino.rules() };
    for seed in 1..40 {
        let mut h = Harness::with_rules(rules, seed, Speed::Instant);
        h.play_until(|app| {
            app.game().phase() == GamePhase::GameOver
                || app.you().note.as_deref().is_some_and(|note| note.contains("and took the stock"))
        });
        let Some(note) = h.you().note.clone().filter(|note| note.contains("and took the stock")) else {
            continue;
        };
        let hand = *h.game().hand();
        let played = h.game().tricks().iter().fold(CardSet::EMPTY, |all, trick| all | trick.card_set());
        let (taker, extra) = Seat::all(3)
            .map(|s| (s, hand.taken(s) - played))
            .find(|(_, extra)| !extra.is_empty())
            .expect("someone took the stock");
        let hearts = extra.of_suit(hearts_engine::Suit::Hearts).len();
        let who = if taker == YOU { "You".to_string() } else { h.setup().seat_name(taker) };
        assert!(note.starts_with(&who), "{note}");
        assert!(note.ends_with(&format!("took the stock: {} cards, {hearts} points", extra.len())), "{note}");
        return;
    }
    panic!("no hand ended with the stock taken in forty games");
}

/// A Cancellation table of `players` from a seed where you are dealt a
/// card twice.
fn two_pack_table(players: u8) -> Harness {
    let rules = Rules { players, ..hearts_engine::Preset::Cancellation.rules() };
    let seed = (1..).find(|&seed| !Deal::for_hand(&rules, seed, 0).bag_of(YOU).twice().is_empty()).unwrap();
    Harness::with_rules(rules, seed, Speed::Instant)
}

#[test]
fn eleven_seats_fit_80_by_24_and_200_by_60_each_named_once() {
    let mut h = two_pack_table(11);
    h.let_bots_play();
    for (width, height) in [(80, 24), (200, 60)] {
        let (text, _, _) = h.screen(width, height);
        for seat in Seat::all(11).skip(1) {
            let label = format!("{} · normal", h.setup().seat_name(seat));
            assert_eq!(text.matches(&label).count(), 1, "{width}x{height} {label}:\n{text}");
        }
        assert!(text.contains("5th left") && text.contains("5th right"), "{text}");
    }
}

#[test]
fn a_card_dealt_twice_is_in_your_hand_twice() {
    for players in [6, 11] {
        let mut h = two_pack_table(players);
        h.let_bots_play();
        let held = h.game().hand().hand_of(YOU);
        assert!(!held.twice().is_empty());
        let (_, _, hits) = h.screen(80, 24);
        assert_eq!(hits.cards.len(), held.len(), "{players} players: one card drawn per copy");
        assert_eq!(h.sight().cards(), held.iter().collect::<Vec<_>>());
    }
}

#[test]
fn a_cancelled_pair_and_the_cards_waiting_are_named_in_the_top_line() {
    let rules = Rules { players: 6, ..hearts_engine::Preset::Cancellation.rules() };
    let mut h = Harness::with_rules(rules, 3, Speed::Instant);
    h.play_until(|app| !app.game().hand().trick().cancelled().is_empty());
    let pair = h.game().hand().trick().cancelled();
    let top = h.text().lines().next().unwrap().to_string();
    assert!(top.contains(&format!("{} cancelled", h.you().theme.cards(pair))), "{top}");
    h.play_until(|app| !app.game().hand().waiting().is_empty());
    let waiting = h.game().hand().waiting().len();
    let top = h.text().lines().next().unwrap().to_string();
    assert!(top.contains(&format!("{waiting} cards waiting")), "{top}");
    assert!(!top.contains("widow"), "the kitty waits with the first trick: {top}");
}

#[test]
fn marking_a_card_held_twice_again_passes_both_copies() {
    let mut h = two_pack_table(8);
    h.let_bots_play();
    assert!(h.sight().is_passing());
    let hand = *h.game().hand();
    let double = hand.held_twice(YOU).lowest().unwrap();
    let single = (hand.holding(YOU) - hand.held_twice(YOU)).lowest().unwrap();
    h.send(Command::Card(double));
    assert_eq!(h.you().marked.count(double), 1);
    let again = format!("You hold two {}: mark it again to pass both", h.you().theme.card(double));
    assert_eq!(h.you().note.as_deref(), Some(again.as_str()));
    h.send(Command::Card(double));
    assert_eq!(h.you().marked.count(double), 2);
    h.send(Command::Card(double));
    assert!(h.you().marked.is_empty(), "a third mark lets both copies go");
    h.send(Command::Card(double));
    h.send(Command::Card(double));
    h.send(Command::Card(single));
    let marked = h.you().marked;
    let prompt = format!("Pass {} to", h.you().theme.cards(marked.iter()));
    assert!(h.text().contains(&prompt), "{prompt}:\n{}", h.text());
    h.send(Command::Confirm);
    h.wait(Duration::from_secs(1));
    let passed = h.game().hand().passed_cards(YOU);
    assert_eq!((passed.count(double), passed.count(single), passed.len()), (2, 1, 3));
    assert_eq!(h.game().hand().hand_of(YOU).count(double), 0, "both copies left your hand");
    let summary = format!("passed {} to", h.you().theme.cards(passed.iter()));
    assert!(h.text().contains(&summary), "{summary}:\n{}", h.text());
}

#[test]
fn a_trick_no_card_won_is_shown_as_nobody_taking_it() {
    let rules = Rules { players: 6, ..hearts_engine::Preset::Cancellation.rules() };
    let mut h = Harness::with_rules(rules, 3, Speed::Normal);
    let just_rolled_over = |app: &Harness| {
        let last = app.game().tricks().last();
        app.game().hand().trick().is_empty() && last.is_some_and(|trick| trick.winner(6).is_none())
    };
    for _ in 0..2000 {
        if !h.let_a_bot_act() && (h.sight().is_passing() || h.sight().hand.to_act == Some(YOU)) {
            h.play_as_hard();
        }
        if just_rolled_over(&h) && h.sight().play.showing_trick {
            // Said once, with how many cards wait: the status line says it, no note says it again.
            let text = h.screen(200, 60).0;
            let waiting = h.game().hand().waiting().len();
            let said = format!("Nobody wins the trick: its {waiting} cards wait for the next trick's winner");
            assert_eq!(text.matches("Nobody wins the trick").count(), 1, "{text}");
            assert!(text.contains(&said), "{said}:\n{text}");
            assert!(!text.contains("take the trick") && !text.contains("takes the trick"), "{text}");
            return;
        }
        h.wait(Duration::from_secs(3));
        if h.you().window.is_some() {
            h.send(Command::Confirm);
        }
    }
    panic!("no trick rolled over");
}

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
