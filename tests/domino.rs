//! Domino Hearts: six cards each and a stock, draws to follow, players
//! dropping out, the last holder taking the stock, and the game that ends
//! at 31 in the middle of a hand. One scenario per rule and decision.

mod common;

use common::{card, cards, hands, play_all, seat};
use hearts_engine::{
    Action, BySeat, CardSet, Deal, Event, FirstLead, Game, GamePhase, Hand, HandPhase, HandResult, Kitty, MoonRule,
    PlayError, Preset, Rules, RulesError, Seat,
};

fn domino(players: u8) -> Rules {
    Rules { players, ..Preset::Domino.rules() }
}

/// A Domino position: these hands, the dealer the last seat (so seat 0
/// leads), and every other card of the pack in the stock.
fn position(rules: &Rules, deal: &str) -> Hand {
    Hand::from_holdings(rules, hands(rules, deal), seat(rules.player_count() - 1))
}

/// The stock's cards in the order they are drawn, worked out from the rule
/// that the next card is the one the stock's own cards pick.
fn draw_order(mut stock: CardSet) -> Vec<hearts_engine::Card> {
    let mut order = Vec::new();
    while let Some(next) = stock.scrambled_pick() {
        stock.remove(next);
        order.push(next);
    }
    order
}

#[test]
fn the_preset_is_the_rule_books_domino() {
    let rules = Preset::Domino.rules();
    assert!(rules.domino);
    assert_eq!((rules.pass_count, rules.first_lead, rules.moon), (0, FirstLead::LeftOfDealer, MoonRule::Off));
    assert!(!rules.must_break_hearts && !rules.no_blood);
    assert_eq!(rules.target_score, 31);
    assert_eq!(rules.penalty_total(), 13, "hearts 1 each, no queen");
    assert_eq!(Preset::Domino.player_counts(), [2, 3, 4, 5, 6, 7]);
}

#[test]
fn six_cards_each_and_the_rest_is_the_stock() {
    for players in 2..=7u8 {
        let rules = domino(players);
        assert_eq!(rules.validate(), Ok(()), "{players} players");
        let deal = Deal::for_hand(&rules, 7, 0);
        for s in Seat::all(players as usize) {
            assert_eq!(deal.hands[s].len(), 6);
        }
        let dealt = CardSet::union(deal.hands.of_table(players as usize));
        assert_eq!(deal.kitty, CardSet::DECK - dealt, "the whole pack is in play");
        assert_eq!(rules.stock_size(), 52 - 6 * players as usize);
        assert_eq!(rules.kitty_size(), 0);
        let hand = Hand::new(&rules, deal, rules.pass_direction(0));
        assert_eq!((hand.stock(), hand.kitty()), (deal.kitty, CardSet::EMPTY));
        assert_eq!(hand.phase(), HandPhase::Playing, "no passing");
        assert_eq!(hand.to_act(), deal.dealer.next(players as usize), "left of the dealer leads");
    }
}

#[test]
fn two_players_are_a_table_for_domino_only() {
    assert_eq!(Rules { players: 2, ..Rules::default() }.validate(), Err(RulesError::Players(2)));
    assert_eq!(domino(2).validate(), Ok(()));
    assert!(RulesError::Players(2).to_string().contains("2 to 7 with domino"), "{}", RulesError::Players(2));
    assert_eq!(domino(8).validate(), Err(RulesError::Players(8)));
}

#[test]
fn domino_refuses_what_a_stock_leaves_no_room_for() {
    let refused = |rules: Rules, key: &str| {
        let error = rules.validate().unwrap_err();
        assert!(matches!(error, RulesError::Domino { .. }), "{error}");
        assert_eq!(error.keys(), ["domino", key], "{error}");
    };
    let rules = domino(4);
    refused(Rules { pass_count: 3, ..rules }, "pass-count");
    refused(Rules { kitty: Kitty::Leftover, ..rules }, "kitty");
    refused(Rules { removed_cards: Some(cards("2D 2C")), ..rules }, "removed-cards");
    refused(Rules { jokers: Some(2), ..rules }, "jokers");
    refused(Rules { first_lead: FirstLead::LowestClub, ..rules }, "first-lead");
    refused(Rules { moon: MoonRule::AddToOthers, ..rules }, "moon");
    refused(Rules { must_break_hearts: true, ..rules }, "must-break-hearts");
    refused(Rules { no_blood: true, ..rules }, "no-blood");
    refused(Rules { scoring: hearts_engine::Scoring::Chips, ..rules }, "scoring");
    refused(Rules { teams: hearts_engine::Teams::Combined, ..rules }, "teams");
    refused(Rules { auction: true, ..Preset::Domino.rules() }, "auction");
    refused(Rules { no_tricks_bonus: -5, ..rules }, "no-tricks-bonus");
}

#[test]
fn the_leader_leads_any_card_and_hearts_need_no_breaking() {
    let rules = domino(2);
    let hand = position(&rules, "A.AK.-.- -.Q.-.AK");
    assert_eq!(hand.legal_moves(), cards("AS AH KH"));
}

#[test]
fn a_player_who_cannot_follow_draws_until_a_card_of_the_suit_led_then_must_play_it() {
    let rules = domino(2);
    let mut hand = position(&rules, "-.-.-.2 A.-.-.-");
    let stock = hand.stock();
    let order = draw_order(stock);
    let first_club = order.iter().position(|c| c.suit() == hearts_engine::Suit::Clubs).unwrap();
    let drawn: CardSet = order[..=first_club].iter().copied().collect();
    hand.play(seat(0), card("2C")).unwrap();
    assert_eq!(hand.holding(seat(1)), cards("AS") | drawn, "North drew {drawn}");
    assert_eq!(hand.stock(), stock - drawn);
    assert_eq!(hand.legal_moves(), CardSet::single(order[first_club]), "the club drawn must follow");
    assert!(hand.trick().drew(seat(1)) && !hand.trick().drew(seat(0)));
    let error = hand.play(seat(1), card("AS")).unwrap_err();
    assert_eq!(error, PlayError::MustFollowSuit { led: hearts_engine::Suit::Clubs });
}

#[test]
fn the_game_tells_who_drew_what() {
    let rules = domino(2);
    let hand = position(&rules, "-.-.-.2 A.-.-.-");
    let order = draw_order(hand.stock());
    let first_club = order.iter().position(|c| c.suit() == hearts_engine::Suit::Clubs).unwrap();
    let mut game = Game::from_position(rules, 1, hand, BySeat::splat(0)).unwrap();
    assert_eq!(game.last_draw(), None);
    game.apply(Action::Play { seat: seat(0), card: card("2C") }).unwrap();
    let drawn: CardSet = order[..=first_club].iter().copied().collect();
    assert_eq!(game.last_draw(), Some((seat(1), drawn)));
}

#[test]
fn with_the_stock_empty_a_player_who_cannot_follow_plays_any_card() {
    let rules = domino(2);
    // Every card is dealt: there is no stock to draw from.
    let mut hand = position(&rules, "AKQJT98765432.-.-.AKQJT98765432 -.AKQJT98765432.AKQJT98765432.-");
    assert!(hand.stock().is_empty());
    hand.play(seat(0), card("2C")).unwrap();
    assert_eq!(hand.legal_moves(), hand.holding(seat(1)));
    assert!(!hand.trick().drew(seat(1)));
}

#[test]
fn a_player_out_of_cards_drops_out_and_the_next_holder_leads_for_a_winner_with_none() {
    let rules = domino(3);
    let mut hand = position(&rules, "-.-.-.A -.-.5.2 -.-.64.3");
    play_all(&mut hand, "AC 2C 3C");
    // South won with its last card: West, next round, leads.
    assert_eq!(hand.phase(), HandPhase::Playing);
    assert_eq!((hand.to_act(), hand.trick().leader()), (seat(1), seat(1)));
    assert!(hand.trick().sits_out(seat(0)));
    assert!(hand.is_out(seat(0)) && !hand.is_out(seat(1)));
    assert_eq!(hand.trick().size(3), 2, "two players left in the trick");
    hand.play(seat(1), card("5D")).unwrap();
    assert_eq!(hand.to_act(), seat(2), "South is skipped");
    hand.play(seat(2), card("6D")).unwrap();
    assert_eq!(hand.last_trick().unwrap().winner(3), Some(seat(2)));
}

#[test]
fn the_last_player_holding_cards_takes_them_and_the_stock() {
    let rules = domino(3);
    let mut hand = position(&rules, "-.-.-.A -.-.5.2 -.-.64.3");
    let stock = hand.stock();
    play_all(&mut hand, "AC 2C 3C 5D 6D");
    // Only East holds a card (the 4D): the hand is over.
    assert_eq!(hand.phase(), HandPhase::Finished);
    assert_eq!(hand.taken(seat(2)), cards("5D 6D 4D") | stock);
    assert!(hand.stock().is_empty() && hand.holding(seat(2)).is_empty());
    let result = HandResult::of(&hand, &rules);
    assert_eq!(result.points_taken.of_table(3), [0, 0, 13], "every heart was in the stock");
}

#[test]
fn when_the_last_cards_go_together_the_last_tricks_winner_takes_the_stock() {
    // Decided: nobody holds cards, so the stock goes with the last trick.
    let rules = domino(2);
    let mut hand = position(&rules, "-.-.-.A -.-.-.2");
    let stock = hand.stock();
    play_all(&mut hand, "AC 2C");
    assert_eq!(hand.phase(), HandPhase::Finished);
    assert_eq!(hand.taken(seat(0)), cards("AC 2C") | stock);
}

#[test]
fn when_everyone_still_holding_cards_plays_the_last_to_one_trick_its_winner_takes_the_stock() {
    // West plays its only card to the first trick and is out; South and
    // North then play their last cards together, with the stock still full.
    let rules = domino(3);
    let mut hand = position(&rules, "-.-.-.AK -.-.-.2 -.-.-.43");
    let stock = hand.stock();
    play_all(&mut hand, "AC 2C 3C");
    assert!(hand.is_out(seat(1)));
    assert_eq!(hand.phase(), HandPhase::Playing, "two players still hold cards");
    play_all(&mut hand, "KC 4C");
    assert_eq!(hand.phase(), HandPhase::Finished);
    assert_eq!(hand.taken(seat(0)), cards("AC 2C 3C KC 4C") | stock);
    assert!(hand.stock().is_empty());
}

#[test]
fn hearts_score_one_each_and_the_queen_nothing() {
    let rules = domino(2);
    let mut hand = position(&rules, "Q.-.-.A -.5.-.2");
    // North cannot follow clubs... it holds the 2C: it follows.
    play_all(&mut hand, "AC 2C");
    let taken = hand.taken(seat(0));
    assert_eq!(rules.points.points(taken | cards("QS 5H 9H")), 2);
}

#[test]
fn the_game_ends_the_moment_a_total_reaches_31_in_the_middle_of_a_hand() {
    let rules = domino(2);
    // South leads the AH, North follows with the 3H: South takes 2 and has 31.
    let hand = position(&rules, "2.A.-.- 5.3.-.-");
    let mut game = Game::from_position(rules, 1, hand, BySeat::new_with(|s| [29, 0][s.index().min(1)])).unwrap();
    game.apply(Action::Play { seat: seat(0), card: card("AH") }).unwrap();
    let event = game.apply(Action::Play { seat: seat(1), card: card("3H") }).unwrap();
    assert_eq!(event, Event::GameOver, "the hand is not played out");
    assert_eq!(game.phase(), GamePhase::GameOver);
    assert_eq!(game.totals().of_table(2), [31, 0]);
    assert_eq!(game.leaders(), [seat(1)], "fewest wins");
    assert_eq!(game.hand().holding(seat(0)), cards("2S"), "cards still held do not count");
    assert_eq!(game.history()[0].scores.of_table(2), [2, 0]);
}

#[test]
fn a_tie_for_fewest_at_31_plays_on_until_it_breaks() {
    let rules = domino(3);
    // East takes three hearts on the first trick (33), but South and West
    // are tied on 0: play goes on. South then takes three hearts and West
    // alone has the fewest: the game ends after that trick.
    let hand = position(&rules, "-.A2.-.2 -.63.-.3 -.54.-.4");
    let mut game = Game::from_position(rules, 1, hand, BySeat::new_with(|s| [0, 0, 30][s.index().min(2)])).unwrap();
    let mut last = Event::CardPlayed;
    for (s, c) in [(0, "2H"), (1, "3H"), (2, "4H")] {
        last = game.apply(Action::Play { seat: seat(s), card: card(c) }).unwrap();
    }
    assert_eq!(last, Event::TrickTaken(seat(2)), "tied for fewest: the hand goes on");
    for (s, c) in [(2, "5H"), (0, "AH"), (1, "6H")] {
        last = game.apply(Action::Play { seat: seat(s), card: card(c) }).unwrap();
    }
    assert_eq!(last, Event::GameOver);
    assert_eq!(game.totals().of_table(3), [3, 0, 33]);
    assert_eq!(game.leaders(), [seat(1)]);
}

#[test]
fn a_whole_game_for_two_ends_at_31_with_every_card_accounted_for() {
    let rules = domino(2);
    let mut game = Game::new(rules, 2024).unwrap();
    let mut bots = hearts_bots::Level::Normal;
    let _ = &mut bots;
    let mut seen_draw = false;
    while game.phase() != GamePhase::GameOver {
        if game.phase() == GamePhase::HandOver {
            game.apply(Action::NextHand).unwrap();
            continue;
        }
        let hand = *game.hand();
        let seat = hand.to_act();
        let card = game.legal_moves().lowest().unwrap();
        game.apply(Action::Play { seat, card }).unwrap();
        seen_draw |= game.last_draw().is_some();
        if game.phase() == GamePhase::InHand {
            let now = game.hand();
            let players = 2;
            let held: usize = Seat::all(players).map(|s| now.holding(s).len()).sum();
            let taken: usize = Seat::all(players).map(|s| now.taken(s).len()).sum();
            assert_eq!(held + taken + now.trick().len() + now.stock().len(), 52);
        }
    }
    assert!(seen_draw, "a game for two draws from the stock");
    assert!(game.totals().of_table(2).iter().any(|&t| t >= 31));
}
