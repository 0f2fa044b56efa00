//! Invariants over thousands of seeded games, for every preset and player
//! count: over 67,000 games in all.
//!
//! Random legal play drives each game. At every turn every card of the deck
//! is tried: each offered card is accepted and every other card is refused
//! with the state unchanged. At the end of each hand: the right number of
//! tricks, every card played exactly once, and the points add up as
//! RULES.md says.

use hearts_engine::{
    Action, BONUS_CARD_VALUE, Card, CardSet, Event, Game, GamePhase, GameRng, HandPhase, MoonRule, MoonScoring,
    PointsTable, Preset, Rules, Scoring, Seat, Teams, TieRule,
};

/// Plays one whole game with random legal choices, checking as it goes.
/// Returns the finished game.
fn play_checked_game(rules: Rules, seed: u64) -> Game {
    let mut game = Game::new(rules, seed).expect("valid rules");
    let mut rng = GameRng::new(seed, 1 << 40);
    let players = rules.player_count();
    let mut hands_played = 0;
    loop {
        match game.phase() {
            GamePhase::GameOver => return game,
            GamePhase::HandOver => {
                game.apply(Action::NextHand).unwrap();
            }
            GamePhase::MoonChoice(shooter) => {
                let scoring =
                    if rng.below(2) == 0 { MoonScoring::AddToOthers } else { MoonScoring::SubtractFromShooter };
                let event = game.apply(Action::ChooseMoon { seat: shooter, scoring }).unwrap();
                assert!(matches!(event, Event::HandScored | Event::GameOver));
                check_scored_hand(&game);
            }
            GamePhase::InHand => match game.hand().phase() {
                HandPhase::Passing => {
                    let waiting: Vec<Seat> = Seat::all(players).filter(|&s| game.hand().awaits_pass_from(s)).collect();
                    for seat in waiting {
                        let cards = random_subset(&mut rng, game.hand().holding(seat), game.hand().pass_count());
                        game.apply(Action::Pass { seat, cards: cards.into() }).unwrap();
                    }
                    assert!(matches!(
                        game.hand().phase(),
                        HandPhase::Playing | HandPhase::Declaring | HandPhase::Bidding
                    ));
                }
                HandPhase::Declaring => {
                    let seat = game.hand().to_act();
                    // Only the seat asked may declare; a refusal changes nothing.
                    let mut refused = game.clone();
                    let other = seat.next(players);
                    assert!(refused.apply(Action::Declare { seat: other, generale: true }).is_err());
                    assert_eq!(&refused, &game, "a refused declaration changed the game");
                    let generale = rng.below(8) == 0;
                    game.apply(Action::Declare { seat, generale }).unwrap();
                    if generale {
                        assert_eq!(game.hand().declarer(), Some(seat));
                        assert_eq!(game.hand().phase(), HandPhase::Playing, "the first declaration stands");
                    }
                }
                HandPhase::Bidding => {
                    let seat = game.hand().to_act();
                    let least = game.hand().least_bid();
                    let stack = game.chips().unwrap().stacks[seat].max(0) as u32;
                    // A bid of 0, one below the least, one above the bidder's
                    // chips, or by another seat is refused and changes nothing.
                    for (who, chips) in [(seat, 0), (seat, least - 1), (seat, stack + 1), (seat.next(players), least)] {
                        let mut refused = game.clone();
                        assert!(refused.apply(Action::Bid { seat: who, chips: Some(chips) }).is_err(), "{chips}");
                        assert_eq!(refused, game, "a refused bid changed the game");
                    }
                    let bid =
                        (rng.below(3) == 0 && least <= stack).then(|| least + rng.below(3)).filter(|&b| b <= stack);
                    game.apply(Action::Bid { seat, chips: bid }).unwrap();
                    if let Some(chips) = bid {
                        assert_eq!(game.hand().high_bid().map(|b| (b.seat, b.chips)), Some((seat, chips)));
                    }
                }
                HandPhase::Naming => {
                    let seat = game.hand().to_act();
                    assert_eq!(game.hand().high_bid().map(|bid| bid.seat), Some(seat), "the highest bidder names");
                    let suit = hearts_engine::Suit::ALL[rng.below(4) as usize];
                    game.apply(Action::NameSuit { seat, suit }).unwrap();
                    assert_eq!(game.hand().penalty_cards(), game.rules().deck() & CardSet::suit(suit));
                    assert_eq!(game.hand().to_act(), seat, "the auction's winner leads");
                }
                HandPhase::Playing => {
                    check_every_card(&game);
                    let legal = game.legal_moves();
                    let card = legal.iter().nth(rng.below(legal.len() as u32) as usize).unwrap();
                    let seat = game.hand().to_act();
                    let before = game.clone();
                    let event = game.apply(Action::Play { seat, card }).unwrap();
                    if rules.domino {
                        check_domino_step(&before, &game);
                    }
                    if matches!(event, Event::HandScored | Event::GameOver | Event::MoonChoiceNeeded(_)) {
                        check_finished_hand(&game);
                        hands_played += 1;
                        assert!(hands_played < 500, "a game must end");
                    }
                    if matches!(event, Event::HandScored | Event::GameOver) {
                        check_scored_hand(&game);
                    }
                }
                HandPhase::Finished => unreachable!("a finished hand is scored at once"),
            },
        }
    }
}

fn random_subset(rng: &mut GameRng, from: CardSet, count: usize) -> CardSet {
    let mut cards: Vec<_> = from.iter().collect();
    rng.shuffle(&mut cards);
    cards.into_iter().take(count).collect()
}

/// Every offered card is accepted; every other card, and every card from
/// the wrong seat, is refused and changes nothing.
fn check_every_card(game: &Game) {
    let hand = *game.hand();
    let legal = hand.legal_moves();
    assert!(!legal.is_empty(), "the seat to act always has a legal card");
    assert!(hand.holding(hand.to_act()).is_superset(legal));
    for card in CardSet::DECK | CardSet::JOKERS {
        let mut trial = hand;
        let accepted = trial.play(hand.to_act(), card).is_ok();
        assert_eq!(accepted, legal.contains(card), "{card}: offered and accepted must agree");
        if !accepted {
            assert_eq!(trial, hand, "a refused {card} changed the hand");
        }
        let other = hand.to_act().next(game.rules().player_count());
        assert!(trial.play(other, card).is_err() || accepted);
    }
    let mut refused = game.clone();
    if let Some(card) = (!legal).lowest() {
        let seat = hand.to_act();
        assert!(refused.apply(Action::Play { seat, card }).is_err());
        assert_eq!(&refused, game, "a refused action changed the game");
    }
}

/// Domino, after each card: every card of the pack is in exactly one
/// place; a seat that could not follow drew from the stock until it held
/// a card of the suit led (or the stock ran out), and nobody else drew;
/// the seat to play holds cards.
fn check_domino_step(before: &Game, after: &Game) {
    let players = after.rules().player_count();
    let (was, hand) = (before.hand(), after.hand());
    let mut places: Vec<CardSet> = Seat::all(players).flat_map(|s| [hand.holding(s), hand.taken(s)]).collect();
    places.push(hand.stock());
    places.push(hand.trick().card_set());
    let all = places.iter().fold(CardSet::EMPTY, |all, &set| {
        assert!((all & set).is_empty(), "a card in two places");
        all | set
    });
    assert_eq!(all, CardSet::DECK, "every card of the pack is somewhere");
    if hand.phase() != HandPhase::Playing || after.phase() != GamePhase::InHand {
        return;
    }
    let next = hand.to_act();
    assert!(!hand.holding(next).is_empty(), "the seat to play holds cards");
    let drawn = was.stock() - hand.stock();
    for seat in Seat::all(players).filter(|&s| s != next) {
        assert!((hand.holding(seat) & drawn).is_empty(), "only the seat to play draws");
    }
    assert!(hand.holding(next).is_superset(drawn));
    match hand.trick().led_suit() {
        Some(led) if !drawn.is_empty() => {
            let held_before = was.holding(next);
            assert!(held_before.of_suit(led).is_empty(), "a seat that could follow drew");
            let drawn_led = drawn.of_suit(led).len();
            assert!(drawn_led == 1 || (drawn_led == 0 && hand.stock().is_empty()), "drawing stops at the suit led");
            assert_eq!(after.last_draw(), Some((next, drawn)));
        }
        Some(led) => {
            let stock_left = !hand.stock().is_empty();
            assert!(!(stock_left && hand.holding(next).of_suit(led).is_empty()), "a void seat with a stock draws");
        }
        None => assert!(drawn.is_empty(), "nobody draws to lead"),
    }
    for seat in Seat::all(players) {
        let out = hand.holding(seat).is_empty() && !hand.trick().plays(players).any(|(s, _)| s == seat);
        if out {
            assert!(hand.trick().sits_out(seat) || seat == hand.trick().leader(), "{seat} is out but plays");
        }
    }
}

/// Two packs at the end of a hand: nothing held or waiting, one trick per
/// card in each hand, and both copies of every card taken.
fn check_two_pack_end(game: &Game) {
    let rules = game.rules();
    let hand = game.hand();
    let mut copies = [0; 64];
    let mut tricks = 0;
    for seat in Seat::all(rules.player_count()) {
        assert!(hand.hand_of(seat).is_empty());
        hand.taken_cards(seat).iter().for_each(|card| copies[usize::from(card.index())] += 1);
        tricks += hand.tricks_won(seat);
    }
    assert!(hand.waiting().is_empty(), "a trick nobody won was left waiting");
    assert_eq!(tricks, rules.hand_size(), "one trick per card in each hand");
    for card in CardSet::DECK {
        assert_eq!(copies[usize::from(card.index())], 2, "{card}: both copies taken, once each");
    }
}

/// Domino at the end of a hand: a natural end leaves nobody holding cards
/// and every card taken; otherwise the game ended in the middle of the
/// hand with a total at the target.
fn check_domino_end(game: &Game) {
    let rules = game.rules();
    let hand = game.hand();
    let players = rules.player_count();
    let taken = Seat::all(players).fold(CardSet::EMPTY, |all, s| all | hand.taken(s));
    if Seat::all(players).all(|s| hand.holding(s).is_empty()) {
        assert_eq!(taken, CardSet::DECK, "the last holder took the stock");
        assert!(hand.stock().is_empty());
    } else {
        assert_eq!(game.phase(), GamePhase::GameOver, "a hand stops early only when the game ends");
        assert!(game.totals().of_table(players).iter().any(|&t| t >= rules.target_score));
    }
}

fn check_finished_hand(game: &Game) {
    let rules = game.rules();
    let hand = game.hand();
    let players = rules.player_count();
    if rules.domino {
        return check_domino_end(game);
    }
    if rules.cancellation {
        return check_two_pack_end(game);
    }
    let mut taken = CardSet::EMPTY;
    let mut tricks = 0;
    for seat in Seat::all(players) {
        assert!(hand.holding(seat).is_empty());
        assert!((taken & hand.taken(seat)).is_empty(), "a card was taken twice");
        taken |= hand.taken(seat);
        tricks += hand.tricks_won(seat);
    }
    assert_eq!(tricks, rules.hand_size(), "one trick per card in each hand");
    assert_eq!(taken, rules.deck(), "every card in play is played (or won in the kitty) once");
    assert_eq!(hand.played() | hand.kitty(), rules.deck());
}

fn check_scored_hand(game: &Game) {
    let rules = game.rules();
    let players = rules.player_count();
    let record = game.history().last().unwrap();
    let result = &record.result;
    // The auction's named suit: each of its cards in the deck is worth 1.
    let total = match game.hand().named_suit() {
        Some(suit) => (rules.deck() & CardSet::suit(suit)).len() as i32,
        None => rules.penalty_total(),
    };
    assert_eq!(result.penalty_total, total);
    // Domino may stop in the middle of a hand: only what was taken counts.
    let all_taken = Seat::all(players).fold(CardSet::EMPTY, |all, s| all | game.hand().taken(s));
    let taken_total = if rules.domino { rules.points.points(all_taken) } else { total };
    if let Some(suit) = game.hand().named_suit() {
        for seat in Seat::all(players) {
            let named = game.hand().taken(seat).of_suit(suit).len() as i32;
            assert_eq!(result.points_taken[seat], named, "one point a card of the named suit");
        }
    }
    let taken_sum = result.points_taken.of_table(players).iter().sum::<i32>();
    let hand = game.hand();
    let taker = |card: Card| Seat::all(players).find(|&s| hand.taken(s).contains(card));
    let royal_extra = if rules.points == PointsTable::Royal {
        // The QH's taker scores its hearts twice; the QC with the QS cancels her 26.
        let doubler = taker("QH".parse().unwrap()).unwrap();
        let doubled = hand.taken(doubler).of_suit(hearts_engine::Suit::Hearts).len() as i32;
        let cancelled = taker("QC".parse().unwrap()) == taker(Card::QUEEN_OF_SPADES);
        doubled - if cancelled { 26 } else { 0 }
    } else {
        0
    };
    assert_eq!(taken_sum, taken_total + royal_extra, "points taken add up");
    let sum: i32 = record.scores.of_table(players).iter().sum();
    let bonus = if rules.omnibus { BONUS_CARD_VALUE } else { 0 };
    let moon = match (rules.moon_value, result.shooter) {
        (Some(value), _) => value,
        (None, Some(shooter)) => result.points_taken[shooter],
        (None, None) => total,
    };
    // A combined team's moon: twice what the two partners took (or moon-value).
    let moon = match result.shooter {
        Some(shooter) if rules.teams == Teams::Combined => {
            let partner = Seat::new((shooter.index() + players / 2) % players).unwrap();
            2 * rules.moon_value.unwrap_or(result.points_taken[shooter] + result.points_taken[partner])
        }
        _ => moon,
    };
    assert_eq!(result.moon_value, moon, "the moon is worth moon-value, or what the shooter took");
    let expected = match (result.generale, result.shooter, record.moon) {
        (Some(generale), _, _) if generale.made => (players as i32 - 1) * total + bonus,
        (Some(generale), _, _) => taken_sum - result.points_taken[generale.declarer] + total + bonus,
        (None, Some(_), Some(MoonScoring::AddToOthers)) => (players as i32 - 1) * moon + bonus,
        (None, Some(_), Some(MoonScoring::SubtractFromShooter)) => -moon + bonus,
        (None, Some(_), None) => unreachable!("a shot is always scored one way or the other when the moon is on"),
        (None, None, _) => {
            let trickless = Seat::all(players).filter(|&s| result.tricks[s] == 0).count() as i32;
            taken_sum + bonus + trickless * rules.no_tricks_bonus
        }
    };
    if rules.teams == Teams::Combined {
        for seat in Seat::all(players) {
            assert_eq!(record.scores[seat], combined_team_score(game, seat), "{seat:?}'s team score");
        }
    } else {
        assert_eq!(sum, expected, "hand scores add up as RULES.md says ({:?})", record.moon);
    }
    if rules.moon == MoonRule::Off {
        assert_eq!(result.shooter, None);
    }
    let previous = game.history().iter().rev().nth(1).map(|r| r.totals).unwrap_or_default();
    for seat in Seat::all(players) {
        let mut raw = previous[seat] + record.scores[seat];
        let qd_side = taker("QD".parse().unwrap())
            .map(|t| if rules.teams == Teams::Combined { t.index() % (players / 2) } else { t.index() });
        let my_side = if rules.teams == Teams::Combined { seat.index() % (players / 2) } else { seat.index() };
        if rules.points == PointsTable::Royal && qd_side == Some(my_side) {
            // The QD takes 10 off, never below zero.
            raw = if raw >= 10 {
                raw - 10
            } else if raw >= 0 {
                0
            } else {
                raw
            };
        }
        let adjusted = if rules.sinkhole && raw == 99 {
            0
        } else if rules.reset_at_100 && raw == 100 {
            50
        } else {
            raw
        };
        assert_eq!(record.totals[seat], adjusted);
        assert_eq!(game.totals()[seat], adjusted);
    }
    if let Some(settled) = record.chips {
        check_chips(game, &settled);
    }
    if game.phase() == GamePhase::GameOver {
        let limit = if rules.max_hands > 0 {
            rules.max_hands
        } else if rules.scoring != Scoring::Points {
            8
        } else {
            0
        };
        let hands = game.history().len() as u32;
        let reached = match record.chips {
            // Chips: the deals run out, or a player could not pay.
            Some(settled) => hands == limit || settled.short,
            None => {
                game.totals().of_table(players).iter().any(|&t| t >= rules.target_score)
                    || (limit > 0 && hands >= limit)
            }
        };
        assert!(reached, "the game ends only at the target or the hand limit");
        if rules.tie == TieRule::PlayOn && record.chips.is_none() {
            let leaders = game.leaders();
            let team = |seat: Seat| if rules.teams == Teams::Off { seat.index() } else { seat.index() % (players / 2) };
            assert!(leaders.iter().all(|&s| team(s) == team(leaders[0])), "play-on ends with one winner");
            if rules.teams != Teams::Off {
                // The lowest team total wins: partners' totals added (each holds the team's when combined).
                let team_total = |t: usize| match rules.teams {
                    Teams::Combined => game.totals()[Seat::new(t).unwrap()],
                    _ => game.totals()[Seat::new(t).unwrap()] + game.totals()[Seat::new(t + players / 2).unwrap()],
                };
                let best = (0..players / 2).map(team_total).min().unwrap();
                assert_eq!(team_total(team(leaders[0])), best);
                assert_eq!(leaders.len(), 2, "both partners win");
            }
        }
    }
}

/// A combined team's score for the hand, worked out from the cards each
/// partner took: a team that took every penalty card between them gives
/// each other team twice a moon's worth (or takes it off its own score);
/// otherwise the partners' points, no-trick bonuses and the bonus card
/// added up.
fn combined_team_score(game: &Game, seat: Seat) -> i32 {
    let rules = game.rules();
    let players = rules.player_count();
    let hand = game.hand();
    let record = game.history().last().unwrap();
    let partner = |s: Seat| Seat::new((s.index() + players / 2) % players).unwrap();
    let team_taken = |s: Seat| hand.taken(s) | hand.taken(partner(s));
    let mut moon_cards = rules.penalty_cards();
    if rules.moon_needs_bonus_card && Seat::all(players).any(|s| hand.taken(s).contains(rules.bonus_card)) {
        moon_cards.insert(rules.bonus_card);
    }
    let points = |s: Seat| rules.points.hand_points(hand.taken(s));
    let shooters = Seat::all(players).find(|&s| rules.moon != MoonRule::Off && team_taken(s).is_superset(moon_cards));
    let ours = |s: Option<Seat>| s.is_some_and(|s| s == seat || s == partner(seat));
    let bonus = if rules.omnibus && team_taken(seat).contains(rules.bonus_card) { BONUS_CARD_VALUE } else { 0 };
    match shooters {
        Some(shooter) => {
            let worth = 2 * rules.moon_value.unwrap_or(points(shooter) + points(partner(shooter)));
            let score = match (ours(Some(shooter)), record.moon) {
                (true, Some(MoonScoring::SubtractFromShooter)) => -worth,
                (false, Some(MoonScoring::AddToOthers)) => worth,
                _ => 0,
            };
            score + bonus
        }
        None => {
            let trickless = [seat, partner(seat)].iter().filter(|&&s| hand.tricks_won(s) == 0).count() as i32;
            points(seat) + points(partner(seat)) + trickless * rules.no_tricks_bonus + bonus
        }
    }
}

/// Chips: none made or lost (the stacks and the pot always hold what the
/// players started with), no stack below zero, and the hand paid as the
/// rule book says, worked out here from the hand's scores.
fn check_chips(game: &Game, settled: &hearts_engine::ChipsSettlement) {
    let rules = game.rules();
    let players = rules.player_count();
    let record = game.history().last().unwrap();
    let after = settled.after;
    let stacks: i32 = after.stacks.of_table(players).iter().sum();
    assert_eq!(stacks + after.pot, players as i32 * rules.chips as i32, "chips are neither made nor lost");
    assert!(after.stacks.of_table(players).iter().all(|&n| n >= 0) && after.pot >= 0);
    let before = game.history().iter().rev().nth(1).and_then(|r| r.chips).map(|c| c.after);
    let (mut stacks, mut pot) = match before {
        Some(chips) => (chips.stacks.of_table(players).to_vec(), chips.pot),
        None => (vec![rules.chips as i32; players], 0),
    };
    let mut short = false;
    let mut pay = |stacks: &mut Vec<i32>, seat: usize, amount: i32| {
        let paid = amount.min(stacks[seat]).max(0);
        short |= paid < amount;
        stacks[seat] -= paid;
        paid
    };
    if let Some(bid) = game.hand().high_bid() {
        // The auction's winner pays the bid into the pot first.
        assert!(
            bid.chips >= 1 && i64::from(bid.chips) <= i64::from(stacks[bid.seat.index()]),
            "a bid the bidder can pay"
        );
        pot += pay(&mut stacks, bid.seat.index(), bid.chips as i32);
    }
    if let Some(shooter) = record.result.shooter.map(Seat::index) {
        // Each other player pays the shooter an equal share; the pot the rest.
        let worth = record.result.moon_value;
        let share = worth / (players as i32 - 1);
        for seat in (0..players).filter(|&s| s != shooter) {
            let paid = pay(&mut stacks, seat, share);
            stacks[shooter] += paid;
        }
        let rest = (worth - share * (players as i32 - 1)).min(pot);
        pot -= rest;
        stacks[shooter] += rest;
    } else {
        // Everyone pays their points into the pot.
        let scores = record.result.scores(rules, None);
        for seat in 0..players {
            pot += pay(&mut stacks, seat, scores[Seat::new(seat).unwrap()].max(0));
        }
        let score = |seat: usize| scores[Seat::new(seat).unwrap()];
        let fewest = (0..players).map(score).min().unwrap();
        let takers: Vec<usize> = if rules.scoring == Scoring::Sweepstakes {
            (0..players).filter(|&s| score(s) <= 0).collect()
        } else {
            (0..players).filter(|&s| score(s) == fewest).collect()
        };
        if !takers.is_empty() {
            let share = pot / takers.len() as i32;
            for &seat in &takers {
                stacks[seat] += share;
            }
            pot -= share * takers.len() as i32;
        }
    }
    assert_eq!(after.stacks.of_table(players), stacks.as_slice(), "stacks after the hand");
    assert_eq!(after.pot, pot, "the pot after the hand");
    assert_eq!(settled.short, short, "whether someone could not pay");
    assert_eq!(game.chips(), Some(&after));
}

/// How many times more games to play than `cargo test` does: set
/// `HEARTS_SOAK=40` for a long soak (best with `--release`).
fn soak_factor() -> u64 {
    std::env::var("HEARTS_SOAK").ok().and_then(|value| value.parse().ok()).unwrap_or(1)
}

fn run(rules: Rules, games: u64, first_seed: u64) {
    let games = games * soak_factor();
    let first_seed = first_seed * soak_factor();
    for seed in first_seed..first_seed + games {
        let game = play_checked_game(rules, seed);
        assert_eq!(game.phase(), GamePhase::GameOver);
        if seed == first_seed {
            // Same seed, same game: every deal, play and score again.
            assert_eq!(play_checked_game(rules, seed), game, "{rules:?} seed {seed} replays differently");
        }
    }
}

/// Every preset at every player count it is played at, 1,000 games each.
fn presets_at(players: u8) {
    for &preset in Preset::ALL.iter().filter(|preset| preset.player_counts().contains(&players)) {
        let rules = Rules { players, ..preset.rules() };
        run(rules, 1_000, u64::from(players) * 1_000_000 + preset as u64 * 10_000);
    }
}

#[test]
fn presets_with_2_players() {
    presets_at(2);
}

#[test]
fn presets_with_3_players() {
    presets_at(3);
}

#[test]
fn presets_with_4_players() {
    presets_at(4);
}

#[test]
fn presets_with_5_players() {
    presets_at(5);
}

#[test]
fn presets_with_6_players() {
    presets_at(6);
}

#[test]
fn presets_with_7_players() {
    presets_at(7);
}

#[test]
fn presets_with_8_players() {
    presets_at(8);
}

#[test]
fn presets_with_9_players() {
    presets_at(9);
}

#[test]
fn presets_with_10_players() {
    presets_at(10);
}

#[test]
fn presets_with_11_players() {
    presets_at(11);
}

/// The options no preset sets: 18 x 250 = 4,500 games.
#[test]
fn options_beyond_the_presets() {
    use hearts_engine::FirstLead;
    let base = Rules::default();
    let variants = [
        Rules { players: 5, kitty: hearts_engine::Kitty::Leftover, ..base },
        Rules { players: 7, kitty: hearts_engine::Kitty::Leftover, omnibus: true, ..base },
        Rules { queen_breaks_hearts: true, must_break_hearts: false, ..base },
        Rules { first_lead: FirstLead::AnyClub, no_blood: false, ..base },
        Rules { first_lead: FirstLead::LeftOfDealer, players: 3, ..base },
        Rules { moon: MoonRule::ShooterChooses, target_score: 30, ..base },
        Rules { moon: MoonRule::SubtractFromShooter, omnibus: true, moon_needs_bonus_card: true, ..base },
        Rules { moon: MoonRule::Off, no_tricks_bonus: -5, tie: TieRule::Share, ..base },
        Rules { sinkhole: true, reset_at_100: true, max_hands: 8, ..base },
        Rules { omnibus: true, bonus_card: "TD".parse().unwrap(), pass_count: 1, players: 6, ..base },
        // Chips with the moon on, few chips (players go broke), and sweepstakes.
        Rules { scoring: Scoring::Chips, chips: 25, ..base },
        Rules { scoring: Scoring::Sweepstakes, chips: 50, max_hands: 12, players: 5, ..base },
        Rules { scoring: Scoring::Chips, chips: 10, points: PointsTable::Royal, players: 3, ..base },
        // Partners: each team scoring, with the options that touch a moon or a total.
        Rules { teams: Teams::Individual, players: 6, moon: MoonRule::ShooterChooses, target_score: 40, ..base },
        Rules { teams: Teams::Combined, omnibus: true, moon_needs_bonus_card: true, tie: TieRule::Share, ..base },
        Rules { teams: Teams::Combined, players: 6, moon: MoonRule::SubtractFromShooter, ..Preset::Royal.rules() },
        Rules { teams: Teams::Individual, ..Preset::ChasseCoeur.rules() },
        // The auction with passing, breaking and no-blood: the named suit takes hearts' place.
        Rules { pass_count: 3, must_break_hearts: true, no_blood: true, chips: 12, ..Preset::Auction.rules() },
    ];
    for (i, rules) in variants.into_iter().enumerate() {
        run(rules, 250, 90_000_000 + i as u64 * 1_000);
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    for seed in [1, 2, 3] {
        assert_eq!(play_checked_game(Rules::default(), seed), play_checked_game(Rules::default(), seed));
    }
    assert_ne!(play_checked_game(Rules::default(), 1), play_checked_game(Rules::default(), 2));
}
