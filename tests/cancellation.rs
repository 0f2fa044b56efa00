//! Cancellation Hearts: two packs for six to eleven players, identical
//! cards that cancel, tricks nobody wins rolling over to the next trick's
//! winner, the kitty, and the moon of both packs. One scenario per rule and
//! decision of the rule book.

mod common;

use common::{card, cards, play_all, seat};
use hearts_engine::{
    Action, BySeat, CardBag, CardSet, Deal, FirstLead, Game, GamePhase, Hand, HandPhase, HandResult, Kitty,
    PassDirection, PassError, PlayOutcome, PointsTable, Preset, Rules, RulesError, Seat, Teams, TrickTake, worth_of,
};

fn cancellation(players: u8) -> Rules {
    Rules { players, ..Preset::Cancellation.rules() }
}

/// Hands with two packs, one text per seat in seat order (a card written
/// twice is held twice).
fn bags(texts: &[&str]) -> BySeat<CardBag> {
    let mut hands = BySeat::splat(CardBag::EMPTY);
    for (i, text) in texts.iter().enumerate() {
        hands[seat(i)] = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    hands
}

/// A position of six players where play starts with these hands; seat 5
/// dealt, so seat 0 is the first to the dealer's left.
fn position(texts: &[&str]) -> Hand {
    let rules = cancellation(6);
    Hand::from_cards(&rules, bags(texts), seat(5))
}

#[test]
fn the_preset_is_the_rule_books_cancellation() {
    let rules = Preset::Cancellation.rules();
    assert!(rules.cancellation);
    assert_eq!(rules.validate(), Ok(()));
    assert_eq!(rules.kitty, Kitty::Leftover, "the cards left over are a kitty");
    assert_eq!(rules.pack_count(), 2);
    assert_eq!(rules.penalty_total(), 52, "26 hearts and two queens of spades");
    assert_eq!(rules.target_score, 100);
    assert_eq!(rules.pass_count, 3);
    assert_eq!(rules.first_lead, FirstLead::LowestClub);
    let cycle: Vec<_> = (0..4).map(|hand| rules.pass_direction(hand)).collect();
    assert_eq!(cycle, [PassDirection::Left(1), PassDirection::Right(1), PassDirection::Hold, PassDirection::Left(1)]);
    assert_eq!(Preset::Cancellation.player_counts(), [6, 7, 8, 9, 10, 11]);
}

#[test]
fn six_to_eleven_players_share_both_packs_and_the_rest_is_the_kitty() {
    for players in 6..=11u8 {
        let rules = cancellation(players);
        assert_eq!(rules.validate(), Ok(()), "{players} players");
        // Worked by hand: 104 cards dealt round, the remainder face down.
        let (each, kitty) = (104 / players as usize, 104 % players as usize);
        assert_eq!((rules.hand_size(), rules.kitty_size()), (each, kitty), "{players} players");
        for seed in [1, 2, 3] {
            let deal = Deal::for_hand(&rules, seed, 0);
            let mut copies = [0usize; 64];
            let mut count =
                |set: CardSet, times: usize| set.iter().for_each(|c| copies[usize::from(c.index())] += times);
            for s in Seat::all(players as usize) {
                let held = CardBag::new(deal.hands[s], deal.twice);
                assert_eq!(held.len(), each, "{players} players, {s}");
                count(held.cards(), 1);
                count(held.twice(), 1);
            }
            let kitty = CardBag::new(deal.kitty, deal.twice);
            assert_eq!(kitty.len(), kitty_len(players), "{players} players");
            count(kitty.cards(), 1);
            count(kitty.twice(), 1);
            for c in CardSet::DECK {
                assert_eq!(copies[usize::from(c.index())], 2, "{c}: every card of both packs is dealt once");
            }
        }
    }
}

fn kitty_len(players: u8) -> usize {
    104 % players as usize
}

#[test]
fn cancellation_seats_six_to_eleven_and_one_pack_at_most_seven() {
    assert_eq!(cancellation(5).validate(), Err(RulesError::Players(5)));
    assert_eq!(cancellation(12).validate(), Err(RulesError::Players(12)));
    assert_eq!(Rules { players: 8, ..Rules::default() }.validate(), Err(RulesError::Players(8)));
    let message = RulesError::Players(12).to_string();
    assert!(message.contains("6 to 11 with cancellation"), "{message}");
}

#[test]
fn cancellation_refuses_what_two_copies_of_a_card_leave_no_room_for() {
    let refused = |rules: Rules, key: &str| {
        let error = rules.validate().unwrap_err();
        assert!(matches!(error, RulesError::Cancellation { .. }), "{error}");
        assert_eq!(error.keys(), ["cancellation", key], "{error}");
    };
    let rules = cancellation(8);
    refused(Rules { kitty: Kitty::Off, ..rules }, "kitty");
    refused(Rules { points: PointsTable::Royal, ..rules }, "points");
    refused(Rules { omnibus: true, ..rules }, "omnibus");
    refused(Rules { teams: Teams::Combined, ..Rules { players: 6, ..rules } }, "teams");
    refused(Rules { jokers: Some(2), ..rules }, "jokers");
    assert_eq!(Rules { points: PointsTable::BlackMaria, ..rules }.validate(), Ok(()), "other tables add up");
}

#[test]
fn the_first_holder_of_a_two_of_clubs_from_the_dealers_left_leads_it() {
    let rules = cancellation(6);
    // Seats 1 and 4 hold a 2C; seat 2 deals, so seat 4 comes first.
    let hands = bags(&["3C", "2C", "4C", "5C", "2C", "6C"]);
    let hand = Hand::from_cards(&rules, hands, seat(2));
    assert_eq!(hand.to_act(), seat(4));
    let hand = Hand::from_cards(&rules, hands, seat(4));
    assert_eq!(hand.to_act(), seat(1), "seat 4 deals: seat 5, 0, then 1");
}

#[test]
fn a_seat_may_hold_and_play_both_copies_of_a_card() {
    let mut hand = position(&["2C 9D 9D", "3C TD JD", "4C 2D 3D", "5C 4D 5D", "6C 6D 7D", "7C 8D QD"]);
    assert_eq!(hand.holding(seat(0)), cards("2C 9D"));
    assert_eq!(hand.held_twice(seat(0)), cards("9D"));
    assert_eq!(hand.hand_of(seat(0)).len(), 3);
    play_all(&mut hand, "2C 3C 4C 5C 6C 7C");
    assert_eq!(hand.to_act(), seat(5));
    play_all(&mut hand, "QD 9D");
    assert_eq!(hand.holding(seat(0)), cards("9D"), "one 9D is left");
    assert_eq!(hand.held_twice(seat(0)), CardSet::EMPTY);
}

#[test]
fn a_single_cancelled_pair_cannot_win_and_the_highest_card_played_once_does() {
    // 2C led; the two 9C cancel; 7C is the highest club played once.
    let mut hand = position(&["2C 2D", "9C 3D", "9C 4D", "7C 5D", "3C 6D", "4C 7D"]);
    play_all(&mut hand, "2C 9C");
    assert_eq!(hand.trick().winner(6), Some(seat(1)), "9C wins while it is alone");
    play_all(&mut hand, "9C");
    assert_eq!(hand.trick().cancelled(), cards("9C"));
    assert_eq!(hand.trick().winner(6), Some(seat(0)), "with both 9C cancelled, 2C is the best club");
    play_all(&mut hand, "7C 3C");
    let last = hand.play(seat(5), card("4C")).unwrap();
    assert_eq!(last, PlayOutcome::TrickTaken(seat(3)));
    assert_eq!(hand.taken_cards(seat(3)), "2C 9C 9C 7C 3C 4C".parse().unwrap());
    assert_eq!(hand.to_act(), seat(3), "the winner leads");
}

#[test]
fn a_pair_that_is_not_winning_changes_nothing() {
    let mut hand = position(&["2C 2D", "KC 3D", "5D 4D", "5D 6D", "3C 7D", "4C 8D"]);
    // Seats 2 and 3 hold no club: their 5Ds cancel, and KC still wins.
    play_all(&mut hand, "2C KC 5D 5D 3C 4C");
    assert_eq!(hand.last_trick().unwrap().cancelled(), cards("5D"));
    assert_eq!(hand.tricks_won(seat(1)), 1);
}

#[test]
fn two_pairs_leave_the_trick_to_the_next_tricks_winner_and_its_leader_leads_again() {
    let mut hand = position(&["2C KD 2H", "2C 3D 3H", "8C 4D 4H", "8C 5D 5H", "3C 6D 6H", "4C 7D 7H"]);
    play_all(&mut hand, "2C 2C 8C 8C 3C");
    assert!(hand.trick().nobody_wins(), "two pairs: nobody, though 4C could still come");
    assert_eq!(hand.play(seat(5), card("4C")), Ok(PlayOutcome::TrickRolledOver));
    assert_eq!(hand.to_act(), seat(0), "its leader leads again");
    assert_eq!(hand.waiting().len(), 6);
    assert!(Seat::all(6).all(|s| hand.taken(s).is_empty()));
    assert_eq!(hand.tricks_played(), 1);
    // The next trick's winner takes both tricks' cards, and both tricks.
    play_all(&mut hand, "KD 3D 4D 5D 6D 7D");
    assert_eq!(hand.taken_cards(seat(0)).len(), 12);
    assert_eq!(hand.taken_cards(seat(0)).twice(), cards("2C 8C"));
    assert_eq!(hand.tricks_won(seat(0)), 2);
    assert!(hand.waiting().is_empty());
}

#[test]
fn the_game_says_where_each_tricks_cards_went_the_waiting_ones_with_the_next_winners() {
    let hand = position(&["2C KD 2H", "2C 3H 3S", "8C 4H 4S", "8C 5H 5S", "3C 6H 6S", "4C 7H 7S"]);
    let mut game = Game::from_position(cancellation(6), 1, hand, BySeat::splat(0)).unwrap();
    let mut play = |moves: &str| {
        for text in moves.split_whitespace() {
            let seat = game.hand().to_act();
            game.apply(Action::Play { seat, card: card(text) }).unwrap();
        }
    };
    // Two pairs of clubs: nobody takes the first trick, its cards wait.
    play("2C 2C 8C 8C 3C 4C");
    // Seat 0 leads again: its KD takes the hearts thrown on it, and the clubs that waited.
    play("KD 3H 4H 5H 6H 7H");
    let takes = game.takes();
    assert_eq!(takes.len(), 2);
    assert_eq!(takes[0], TrickTake { taker: None, cards: CardBag::EMPTY, kitty: false });
    let all: CardBag = "2C 2C 8C 8C 3C 4C KD 3H 4H 5H 6H 7H".parse().unwrap();
    assert_eq!(takes[1], TrickTake { taker: Some(seat(0)), cards: all, kitty: false });
    assert_eq!(worth_of(game.rules(), None, takes[1].cards), 5, "five hearts, a point each");
}

#[test]
fn three_pairs_are_two_or_more_and_nobody_wins_though_a_card_was_played_once() {
    // Seven players: 2C, 8C and 9C each come twice, and the AC once.
    let rules = cancellation(7);
    let hands = bags(&["2C KD", "2C 3D", "8C 4D", "8C 5D", "9C 6D", "9C 7D", "AC 8D"]);
    let mut hand = Hand::from_cards(&rules, hands, seat(6));
    play_all(&mut hand, "2C 2C 8C 8C 9C 9C");
    assert_eq!(hand.trick().cancelled(), cards("2C 8C 9C"));
    assert_eq!(hand.play(seat(6), card("AC")), Ok(PlayOutcome::TrickRolledOver), "the AC does not win");
    assert_eq!(hand.to_act(), seat(0), "its leader leads again");
    assert_eq!(hand.waiting().len(), 7);
}

#[test]
fn a_trick_whose_every_card_of_the_suit_led_cancels_rolls_over() {
    // Seat 1 wins the first trick and leads 6S; seat 2 cancels it with the
    // other 6S; nobody else has a spade: one pair, but no spade is left to win.
    let mut hand = position(&["2C 2D 3H", "AC 6S 9D", "3C 6S TD", "4C 3D JD", "5C 4D QD", "6C 5D KD"]);
    play_all(&mut hand, "2C AC 3C 4C 5C 6C");
    assert_eq!(hand.to_act(), seat(1));
    play_all(&mut hand, "6S 6S 3D 4D 5D");
    assert!(hand.trick().nobody_wins());
    assert_eq!(hand.play(seat(0), card("2D")), Ok(PlayOutcome::TrickRolledOver));
    assert_eq!(hand.to_act(), seat(1));
    // Seat 1 leads again, from what it has left.
    play_all(&mut hand, "9D TD JD QD KD");
    let outcome = hand.play(seat(0), card("3H")).unwrap();
    assert_eq!(outcome, PlayOutcome::TrickTaken(seat(5)), "KD wins the last trick and the one before");
    assert_eq!(hand.taken_cards(seat(5)).len(), 12);
    assert_eq!(hand.phase(), HandPhase::Finished);
}

#[test]
fn a_last_trick_nobody_wins_goes_to_its_leader() {
    let mut hand = position(&["2C 5H", "3C 5H", "4C 7H", "5C 7H", "6C 8H", "7C 9H"]);
    play_all(&mut hand, "2C 3C 4C 5C 6C 7C");
    assert_eq!(hand.to_act(), seat(5));
    play_all(&mut hand, "9H 5H 5H 7H 7H");
    assert_eq!(hand.play(seat(4), card("8H")), Ok(PlayOutcome::TrickTaken(seat(5))), "two pairs; its leader takes it");
    assert_eq!(hand.phase(), HandPhase::Finished);
    let rules = cancellation(6);
    let result = HandResult::of(&hand, &rules);
    assert_eq!(result.points_taken[seat(5)], 6, "5H 5H 7H 7H 8H 9H");
}

#[test]
fn the_kitty_goes_to_the_first_tricks_winner_and_rolls_over_with_it() {
    let rules = cancellation(6);
    let hands = bags(&["2C 9D", "2C TD", "8C JD", "8C QD", "3C KD", "4C AD"]);
    let kitty: CardBag = "QS 5H 5H".parse().unwrap();
    let twice = kitty.twice();
    let deal = Deal { dealer: seat(5), hands: hands.map(|b| b.cards()), kitty: kitty.cards(), twice };
    let mut hand = Hand::new(&rules, deal, PassDirection::Hold);
    assert_eq!(hand.kitty_cards(), kitty);
    play_all(&mut hand, "2C 2C 8C 8C 3C 4C");
    assert_eq!(hand.waiting().len(), 9, "the first trick's six cards and the kitty's three");
    assert_eq!(hand.kitty_taker(), None, "nobody won the first trick");
    play_all(&mut hand, "9D TD JD QD KD AD");
    assert_eq!(hand.kitty_taker(), Some(seat(5)), "the next trick's winner");
    assert_eq!(hand.taken_cards(seat(5)).len(), 15);
    let result = HandResult::of(&hand, &rules);
    assert_eq!(result.points_taken[seat(5)], 15, "QS 13, two 5H");
}

#[test]
fn the_kitty_is_the_first_takers_even_when_another_seat_takes_its_twins() {
    let rules = cancellation(6);
    let hands = bags(&["2C AD", "3C JD", "8C QD", "7C KD", "5C 9D", "4C 6D"]);
    let deal = Deal { dealer: seat(5), hands: hands.map(|b| b.cards()), kitty: cards("9D"), twice: CardSet::EMPTY };
    let mut hand = Hand::new(&rules, deal, PassDirection::Hold);
    // West's 8C takes the first trick and the kitty's 9D with it.
    play_all(&mut hand, "2C 3C 8C 7C 5C 4C");
    assert_eq!(hand.kitty_taker(), Some(seat(2)));
    assert!(!hand.played().contains(card("9D")), "the kitty's 9D was taken, not played; its twin is still held");
    // South's AD takes the other 9D: South now holds a copy of every kitty
    // card, but the kitty is still West's.
    play_all(&mut hand, "QD KD 9D 6D AD JD");
    assert_eq!(hand.kitty_taker(), Some(seat(2)));
    assert!(hand.played().contains(card("9D")), "the twin of a kitty card was played");
}

#[test]
fn a_moon_takes_every_penalty_card_of_both_packs() {
    let rules = cancellation(6);
    // The penalty cards in play: QS once, 2H twice. Seat 5 takes them all,
    // though the two 2H cancel each other (AD wins the trick).
    let mut hand = position(&["2C QS", "3C 2H", "4C 2H", "5C 3D", "6C 4D", "AC AD"]);
    play_all(&mut hand, "2C 3C 4C 5C 6C AC AD QS 2H 2H 3D 4D");
    let result = HandResult::of(&hand, &rules);
    assert_eq!(result.penalty_total, 15);
    assert_eq!(result.shooter, Some(seat(5)), "QS and both 2H");
}

#[test]
fn a_moon_missing_one_copy_is_no_moon() {
    let rules = cancellation(6);
    let mut hand = position(&["2C QS 7S", "3C QS 8S", "4C 2H 9S", "5C 3D 2H", "6C 4D TS", "AC AD 6S"]);
    play_all(&mut hand, "2C 3C 4C 5C 6C AC");
    play_all(&mut hand, "AD QS QS 2H 3D 4D");
    assert_eq!(hand.taken_cards(seat(5)).len(), 12);
    // Seat 5 leads 6S; TS wins and takes the other 2H.
    play_all(&mut hand, "6S 7S 8S 9S 2H TS");
    let result = HandResult::of(&hand, &rules);
    assert_eq!(result.shooter, None, "one 2H went to seat 4");
    assert_eq!(result.points_taken[seat(5)], 27, "both queens and a 2H");
    assert_eq!(result.points_taken[seat(4)], 1);
    assert_eq!(result.points_taken.of_table(6).iter().sum::<i32>(), 28);
}

#[test]
fn both_copies_of_a_card_may_be_passed_but_not_a_copy_you_lack() {
    let rules = cancellation(6);
    let hands = bags(&["2C 9D 9D QS", "3C TD JD 2H", "4C 2D 3D 3H", "5C 4D 5D 4H", "6C 6D 7D 5H", "7C 8D QD 6H"]);
    let twice = hands[seat(0)].twice();
    let deal = Deal { dealer: seat(5), hands: hands.map(|b| b.cards()), kitty: CardSet::EMPTY, twice };
    let mut hand = Hand::new(&Rules { pass_count: 2, ..rules }, deal, PassDirection::Left(1));
    assert_eq!(hand.pass_cards(seat(1), "TD TD".parse().unwrap()), Err(PassError::NotTwiceInHand { card: card("TD") }));
    hand.pass_cards(seat(0), "9D 9D".parse().unwrap()).unwrap();
    for (s, pass) in [(1, "TD JD"), (2, "2D 3D"), (3, "4D 5D"), (4, "6D 7D"), (5, "8D QD")] {
        hand.pass(seat(s), cards(pass)).unwrap();
    }
    assert_eq!(hand.hand_of(seat(1)), "3C 9D 9D 2H".parse().unwrap(), "both 9D went left");
    assert_eq!(hand.hand_of(seat(0)), "2C 8D QD QS".parse().unwrap());
}

#[test]
fn a_two_pack_game_plays_to_its_end() {
    for players in 6..=11u8 {
        let rules = cancellation(players);
        let mut game = Game::new(rules, 9).unwrap();
        let mut plays = 0;
        while game.phase() != GamePhase::GameOver && plays < 20_000 {
            let seat = game.hand().to_act();
            let action = match game.hand().phase() {
                HandPhase::Passing => {
                    let seat = Seat::all(players as usize).find(|&s| game.hand().awaits_pass_from(s)).unwrap();
                    // The three lowest, both copies where the lowest are held twice.
                    let pass: CardBag = game.hand().hand_of(seat).iter().take(3).collect();
                    hearts_engine::Action::Pass { seat, cards: pass }
                }
                HandPhase::Playing => {
                    plays += 1;
                    hearts_engine::Action::Play { seat, card: game.hand().legal_moves().highest().unwrap() }
                }
                _ => hearts_engine::Action::NextHand,
            };
            let action = if game.phase() == GamePhase::HandOver { hearts_engine::Action::NextHand } else { action };
            game.apply(action).unwrap_or_else(|e| panic!("{players} players: {e}"));
        }
        assert_eq!(game.phase(), GamePhase::GameOver, "{players} players");
        assert!(game.totals().of_table(players as usize).iter().any(|&t| t >= 100));
    }
}

#[test]
fn deal_notation_writes_a_card_held_twice_as_its_rank_twice() {
    let hands = Deal::parse_bags("AA2.-.-.3 K.-.-.4 2.-.-.5", 3).unwrap();
    assert_eq!(hands[seat(0)], "AS AS 2S 3C".parse().unwrap());
    assert_eq!(Deal::bags_notation(&hands, 3), "AA2...3 K...4 2...5");
    let refused = Deal::parse_bags("AA.-.-.- A.-.-.- -.-.-.-", 3).unwrap_err();
    assert!(refused.to_string().contains("AS is dealt more than twice"), "{refused}");
    let refused = Deal::parse_bags("AAA.-.-.- -.-.-.- -.-.-.-", 3).unwrap_err();
    assert!(refused.to_string().contains("more than twice"), "{refused}");
}
