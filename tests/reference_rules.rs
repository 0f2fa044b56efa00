//! The engine judged against the reference in `tests/reference`, written
//! from the rule book alone: over seeded games of every preset and player
//! count (and option mixes), at every turn the engine's legal cards are the
//! reference's, every pass direction, moon, score and total agrees, the
//! shooter is asked exactly when the rule book says, and the game ends
//! when it says. The perft counts pinned in `tests/perft.rs` are counted
//! again by the reference.

mod common;
mod reference;

use hearts_engine::{
    Action, Card, Deal, Game, GamePhase, Hand, HandPhase, MoonRule, MoonScoring, PassDirection, Preset, Rules, Seat,
    Suit, Teams,
};
use reference::RefHand;

/// A small generator of our own, so the games depend on nothing else.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The cards of a seat as a sorted list (a card held twice, twice).
fn cards_of(hand: &Hand, seat: Seat) -> Vec<Card> {
    hand.hand_of(seat).iter().collect()
}

/// Plays one whole game with random legal choices, checking the engine
/// against the reference at every step. Returns the hands played.
fn play_checked(rules: Rules, seed: u64) -> u32 {
    let players = rules.player_count();
    let mut game = Game::new(rules, seed).unwrap();
    let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut totals = vec![0; players];
    let mut stacks = vec![rules.chips as i32; players];
    let mut pot = 0;
    let cycle = reference::pass_cycle(&rules);
    loop {
        let hand_index = game.hand_number() - 1;
        let context = format!("{rules:?} seed {seed} hand {}", hand_index + 1);
        // Passing, by the rule book's cycle.
        let direction =
            if rules.pass_count == 0 { PassDirection::Hold } else { cycle[hand_index as usize % cycle.len()] };
        assert_eq!(game.hand().pass_direction(), direction, "{context}");
        let dealer = game.hand().dealer().index();
        let mut holdings: Vec<Vec<Card>> = Seat::all(players).map(|s| cards_of(game.hand(), s)).collect();
        if direction != PassDirection::Hold {
            let mut passes = Vec::new();
            for seat in Seat::all(players) {
                let mut pass = Vec::new();
                // Any of the cards, so both copies of a card held twice may go.
                let mut held = holdings[seat.index()].clone();
                for _ in 0..rules.pass_count {
                    pass.push(held.remove(dice.below(held.len())));
                }
                game.apply(Action::Pass { seat, cards: pass.iter().copied().collect() }).unwrap();
                passes.push(pass);
            }
            for (seat, pass) in passes.iter().enumerate() {
                for card in pass {
                    let at = holdings[seat].iter().position(|c| c == card).unwrap();
                    holdings[seat].remove(at);
                }
                let target = reference::pass_target(seat, direction, players);
                holdings[target].extend(pass.iter().copied());
            }
        }
        let kitty: Vec<Card> = game.hand().kitty_cards().iter().collect();
        let mut reference = RefHand::new(&rules, holdings, kitty, dealer);
        // Declarations: each seat from the leader in play order, until one declares.
        if reference::declarations_open(&rules) {
            for step in 0..players {
                let seat = (reference.to_act + step) % players;
                assert_eq!(game.hand().to_declare().map(Seat::index), Some(seat), "{context}: who declares");
                let generale = dice.below(6) == 0;
                game.apply(Action::Declare { seat: Seat::new(seat).unwrap(), generale }).unwrap();
                if generale {
                    reference.declarer = Some(seat);
                    break;
                }
            }
        }
        assert_eq!(game.hand().to_declare(), None, "{context}: declarations closed");
        // The auction: from the dealer's left to the dealer, each bids more
        // than the last bid (at least 1, at most their chips) or passes.
        if rules.auction {
            let mut high: Option<(usize, u32)> = None;
            for step in 1..=players {
                let seat = (dealer + step) % players;
                assert_eq!(game.hand().to_bid().map(Seat::index), Some(seat), "{context}: who bids");
                let least = high.map_or(1, |(_, chips)| chips + 1);
                let chips = stacks[seat].max(0) as u32;
                let bid = (dice.below(3) == 0 && least <= chips)
                    .then(|| least + dice.below(3) as u32)
                    .filter(|&b| b <= chips);
                if let Some(refused) = least.checked_sub(1) {
                    // A bid below the least is refused and changes nothing.
                    let before = game.clone();
                    assert!(game.apply(Action::Bid { seat: Seat::new(seat).unwrap(), chips: Some(refused) }).is_err());
                    assert_eq!(game, before, "{context}");
                }
                game.apply(Action::Bid { seat: Seat::new(seat).unwrap(), chips: bid }).unwrap();
                if let Some(chips) = bid {
                    high = Some((seat, chips));
                }
            }
            if let Some((winner, _)) = high {
                let suit = Suit::ALL[dice.below(4)];
                game.apply(Action::NameSuit { seat: Seat::new(winner).unwrap(), suit }).unwrap();
                reference.winning_bid = high;
                reference.name_suit(winner, suit);
            }
        }
        for seat in Seat::all(players) {
            let mut held = reference.holdings[seat.index()].clone();
            held.sort();
            assert_eq!(cards_of(game.hand(), seat), held, "{context}: cards after the pass");
        }
        // Play: the engine offers exactly what the rule book allows.
        while !reference.is_over() {
            assert_eq!(game.hand().phase(), HandPhase::Playing, "{context}");
            assert_eq!(game.hand().to_act().index(), reference.to_act, "{context}: who plays");
            let legal = reference.legal();
            let offered: Vec<Card> = game.legal_moves().iter().collect();
            assert_eq!(offered, legal, "{context}: legal cards after {:?}", reference.trick);
            let card = legal[dice.below(legal.len())];
            game.apply(Action::Play { seat: game.hand().to_act(), card }).unwrap();
            reference.play(card);
        }
        // Scoring.
        let asked = reference::shooter_is_asked(&reference, &totals, hand_index);

        assert_eq!(matches!(game.phase(), GamePhase::MoonChoice(_)), asked, "{context}: is the shooter asked?");
        let subtract = match (rules.moon, asked) {
            _ if reference::moon_subtracts_unasked(&rules) => true,
            (MoonRule::ShooterChooses | MoonRule::ShooterPicks, true) => {
                let subtract = dice.below(2) == 0;
                let scoring = if subtract { MoonScoring::SubtractFromShooter } else { MoonScoring::AddToOthers };
                let seat = Seat::new(reference.shooter().unwrap()).unwrap();
                game.apply(Action::ChooseMoon { seat, scoring }).unwrap();
                subtract
            }
            _ => false,
        };
        let record = game.history().last().unwrap();
        let points: Vec<i32> = record.result.points_taken.of_table(players).to_vec();
        assert_eq!(points, reference.points_taken(), "{context}: points taken");
        assert_eq!(record.result.shooter.map(Seat::index), reference.shooter(), "{context}: shooter");
        let scores = reference.scores(subtract);
        assert_eq!(record.scores.of_table(players), scores.as_slice(), "{context}: scores");
        totals = reference::totals_after(&reference, &totals, &scores);
        assert_eq!(game.totals().of_table(players), totals.as_slice(), "{context}: totals");
        let ends = if reference::plays_chips(&rules) {
            let short = reference::pay_chips(&reference, &mut stacks, &mut pot);
            let chips = game.chips().unwrap();
            assert_eq!(chips.stacks.of_table(players), stacks.as_slice(), "{context}: chip stacks");
            assert_eq!(chips.pot, pot, "{context}: the pot");
            reference::chips_game_ends(hand_index + 1, short, &rules)
        } else {
            reference::game_ends(&totals, hand_index + 1, &rules)
        };
        assert_eq!(game.phase() == GamePhase::GameOver, ends, "{context}: does the game end?");
        if ends {
            return hand_index + 1;
        }
        game.apply(Action::NextHand).unwrap();
    }
}

/// Domino: the engine against the reference card by card (draws, players
/// out, the last holder and the stock), and the game ending the moment a
/// total with the points taken so far reaches the target (ties for fewest
/// play on). Returns the hands played.
fn play_checked_domino(rules: Rules, seed: u64) -> u32 {
    use reference::domino::RefDomino;
    let players = rules.player_count();
    let mut game = Game::new(rules, seed).unwrap();
    let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut totals = vec![0; players];
    loop {
        let context = format!("{rules:?} seed {seed} hand {}", game.hand_number());
        let hand = game.hand();
        let holdings = Seat::all(players).map(|s| cards_of(hand, s)).collect();
        let stock: Vec<Card> = hand.stock().iter().collect();
        assert_eq!(stock.len() + 6 * players, 52, "{context}: six each, the rest the stock");
        let mut reference = RefDomino::new(&rules, holdings, stock, hand.dealer().index());
        let mut ended = false;
        while !reference.over {
            assert_eq!(game.hand().to_act().index(), reference.to_act, "{context}: who plays");
            let legal = reference.legal();
            assert_eq!(game.legal_moves().iter().collect::<Vec<_>>(), legal, "{context}: legal cards");
            let card = legal[dice.below(legal.len())];
            game.apply(Action::Play { seat: game.hand().to_act(), card }).unwrap();
            reference.play(card);
            let drawn: hearts_engine::CardSet = reference.drawn.iter().copied().collect();
            let engine_drawn = game.last_draw().map(|(_, cards)| cards).unwrap_or_default();
            assert_eq!(engine_drawn, drawn, "{context}: the draw");
            for seat in Seat::all(players) {
                let mut held = reference.holdings[seat.index()].clone();
                held.sort();
                assert_eq!(cards_of(game.hand(), seat), held, "{context}: {seat} holds");
            }
            if reference.trick_just_taken() {
                let points = reference.points_taken();
                let now: Vec<i32> = (0..players).map(|s| totals[s] + points[s]).collect();
                if reference::game_ends(&now, 0, &rules) {
                    ended = true;
                    break;
                }
            }
        }
        let record = game.history().last().unwrap();
        let points = reference.points_taken();
        assert_eq!(record.result.points_taken.of_table(players), points.as_slice(), "{context}: points");
        for seat in 0..players {
            totals[seat] += points[seat];
        }
        assert_eq!(game.totals().of_table(players), totals.as_slice(), "{context}: totals");
        let ends = ended || reference::game_ends(&totals, game.hand_number(), &rules);
        assert_eq!(game.phase() == GamePhase::GameOver, ends, "{context}: does the game end?");
        if ends {
            return game.hand_number();
        }
        game.apply(Action::NextHand).unwrap();
    }
}

#[test]
fn domino_plays_by_the_rule_book_at_every_table_size() {
    let mut hands = 0;
    for players in 2..=7 {
        for tie in [hearts_engine::TieRule::PlayOn, hearts_engine::TieRule::Share] {
            let rules = Rules { players, tie, ..Preset::Domino.rules() };
            for seed in 0..games_per_table() * 3 {
                hands += play_checked_domino(rules, seed * 37 + u64::from(players));
            }
        }
    }
    assert!(hands > 300, "{hands} hands checked");
}

fn games_per_table() -> u64 {
    std::env::var("HEARTS_SOAK").ok().and_then(|n| n.parse::<u64>().ok()).map_or(12, |n| n * 120)
}

#[test]
fn every_preset_and_table_size_plays_by_the_rule_book() {
    let mut hands = 0;
    for &preset in Preset::ALL {
        for players in 3..=11 {
            let rules = Rules { players, target_score: 60, ..preset.rules() };
            // Domino's draws have their own reference game, below.
            if rules.validate().is_err() || rules.domino {
                continue;
            }
            for seed in 0..games_per_table() {
                hands += play_checked(rules, seed * 31 + u64::from(players));
            }
        }
    }
    assert!(hands > 1000, "{hands} hands checked");
}

#[test]
fn option_mixes_play_by_the_rule_book() {
    let mixes = [
        Rules { no_blood: false, queen_breaks_hearts: true, ..Rules::default() },
        Rules { must_break_hearts: false, first_lead: hearts_engine::FirstLead::AnyClub, ..Rules::default() },
        Rules {
            first_lead: hearts_engine::FirstLead::LeftOfDealer,
            kitty: hearts_engine::Kitty::Leftover,
            players: 5,
            ..Rules::default()
        },
        Rules { omnibus: true, moon_needs_bonus_card: true, no_tricks_bonus: -5, ..Rules::default() },
        Rules {
            moon: MoonRule::ShooterChooses,
            target_score: 40,
            tie: hearts_engine::TieRule::Share,
            ..Rules::default()
        },
        Rules { moon: MoonRule::SubtractFromShooter, sinkhole: true, reset_at_100: true, ..Rules::default() },
        Rules { moon: MoonRule::Off, max_hands: 5, pass_count: 2, ..Rules::default() },
        Rules {
            kitty: hearts_engine::Kitty::Leftover,
            players: 7,
            omnibus: true,
            points: hearts_engine::PointsTable::BlackMaria,
            ..Rules::default()
        },
        Rules { pass_count: 0, players: 6, points: hearts_engine::PointsTable::SpotHearts, ..Rules::default() },
        Rules {
            players: 3,
            kitty: hearts_engine::Kitty::Heartsette,
            kitty_to: hearts_engine::KittyTo::LastTrick,
            ..Rules::default()
        },
        Rules {
            players: 6,
            kitty: hearts_engine::Kitty::Leftover,
            kitty_to: hearts_engine::KittyTo::LastTrick,
            points: hearts_engine::PointsTable::Royal,
            moon: MoonRule::ShooterPicks,
            ..Rules::default()
        },
        Rules {
            players: 5,
            points: hearts_engine::PointsTable::ChasseCoeur,
            declaration: hearts_engine::Declaration::Generale,
            omnibus: true,
            no_tricks_bonus: -5,
            ..Rules::default()
        },
        Rules { scoring: hearts_engine::Scoring::Sweepstakes, chips: 30, max_hands: 10, ..Rules::default() },
        Rules { jokers: Some(1), players: 5, points: hearts_engine::PointsTable::BlackMaria, ..Rules::default() },
        Rules { jokers: Some(3), players: 7, no_blood: false, omnibus: true, ..Rules::default() },
        Rules { scoring: hearts_engine::Scoring::Chips, chips: 12, players: 6, omnibus: true, ..Rules::default() },
        Rules {
            points: hearts_engine::PointsTable::Greek,
            moon_value: Some(150),
            moon: MoonRule::ShooterChooses,
            target_score: 300,
            ..Rules::default()
        },
        Rules { teams: Teams::Individual, players: 6, moon: MoonRule::ShooterChooses, ..Rules::default() },
        Rules { teams: Teams::Combined, omnibus: true, no_tricks_bonus: -5, target_score: 40, ..Rules::default() },
        Rules { teams: Teams::Combined, players: 6, ..Preset::Royal.rules() },
        // A combined team's moon goes to the other teams whatever the moon rule says.
        Rules {
            teams: Teams::Combined,
            moon: MoonRule::SubtractFromShooter,
            must_break_hearts: false,
            ..Rules::default()
        },
        Rules { teams: Teams::Combined, moon: MoonRule::ShooterChooses, target_score: 40, ..Rules::default() },
        // The no-tricks bonus after a failed Generale.
        Rules { teams: Teams::Individual, no_tricks_bonus: -5, ..Preset::ChasseCoeur.rules() },
        // A joker led before hearts break, and the lowest club in a widow.
        Rules { jokers: Some(2), players: 6, first_lead: hearts_engine::FirstLead::AnyClub, ..Rules::default() },
        Rules { players: 5, first_lead: hearts_engine::FirstLead::AnyClub, ..Preset::Heartsette.rules() },
        // The auction with the rules that name hearts: breaking and no-blood follow the named suit.
        Rules {
            must_break_hearts: true,
            no_blood: true,
            first_lead: hearts_engine::FirstLead::LowestClub,
            pass_count: 3,
            ..Preset::Auction.rules()
        },
        Rules {
            players: 6,
            scoring: hearts_engine::Scoring::Sweepstakes,
            chips: 20,
            jokers: Some(2),
            ..Preset::Auction.rules()
        },
    ];
    for rules in mixes {
        rules.validate().unwrap();
        for seed in 0..games_per_table() * 2 {
            play_checked(rules, seed);
        }
    }
}

/// The combinations the rule book refuses (its corners of the mixes) are
/// refused, each with an error naming both keys, and their neighbours are
/// games.
#[test]
fn the_corners_the_rule_book_refuses_are_refused_naming_both_keys() {
    use hearts_engine::{Declaration, Scoring};
    let mut refused = 0;
    let mut candidates = Vec::new();
    for scoring in [Scoring::Points, Scoring::Chips, Scoring::Sweepstakes] {
        for &moon in MoonRule::ALL {
            for declaration in [Declaration::None, Declaration::Generale] {
                for no_tricks_bonus in [0, -5] {
                    candidates.push(Rules { scoring, moon, declaration, no_tricks_bonus, ..Rules::default() });
                }
            }
        }
    }
    candidates.extend([0, -5, 5].map(|no_tricks_bonus| Rules { no_tricks_bonus, ..Preset::Domino.rules() }));
    for rules in candidates {
        let expected = reference::corner_refusals(&rules);
        match rules.validate() {
            Ok(()) => assert!(expected.is_empty(), "{rules:?} should be refused: {expected:?}"),
            Err(error) => {
                assert!(
                    expected.iter().any(|keys| keys[..] == *error.keys()),
                    "{rules:?}: {error} ({:?})",
                    error.keys()
                );
                refused += 1;
            }
        }
    }
    // Under chips and sweepstakes only add-to-others and off, with neither bonus nor Generale, are games.
    assert_eq!(refused, 2 * (5 * 2 * 2 - 2) + 2, "every combination of a corner is refused");
}

/// Random play almost never shoots the moon. To check the moon rules on
/// real shots, give one seat the top cards of every suit and let it play
/// its highest card each time while the others play at random.
#[test]
fn moons_score_by_the_rule_book() {
    let mut moons = 0;
    let mut team_moons = 0;
    for moon in [MoonRule::AddToOthers, MoonRule::SubtractFromShooter, MoonRule::ShooterChooses] {
        for (omnibus, teams) in
            [(false, Teams::Off), (true, Teams::Off), (false, Teams::Combined), (true, Teams::Combined)]
        {
            let rules = Rules { moon, omnibus, teams, target_score: 30, ..Rules::default() };
            for seed in 0..40 {
                let mut deal = Deal::for_hand(&rules, seed, 0);
                // Seat 0 gets the ace, king and queen of every suit and the jack of hearts.
                let strong: hearts_engine::CardSet = "AKQC AKQD AKQS AKQJH".parse().unwrap();
                for seat in Seat::all(4).skip(1) {
                    let swap_in = deal.hands[seat] & strong;
                    let swap_out: Vec<Card> = (deal.hands[Seat::SOUTH] - strong).iter().take(swap_in.len()).collect();
                    deal.hands[seat] = (deal.hands[seat] - swap_in) | swap_out.iter().copied().collect();
                    deal.hands[Seat::SOUTH] = (deal.hands[Seat::SOUTH] - swap_out.iter().copied().collect()) | swap_in;
                }
                if teams == Teams::Combined {
                    // Partners: North takes the top spades (and the queen) from South.
                    let north = Seat::new(2).unwrap();
                    let spades: hearts_engine::CardSet = "AKQS".parse().unwrap();
                    let back: Vec<Card> = (deal.hands[north] - strong).iter().take(3).collect();
                    deal.hands[north] = (deal.hands[north] - back.iter().copied().collect()) | spades;
                    deal.hands[Seat::SOUTH] = (deal.hands[Seat::SOUTH] - spades) | back.iter().copied().collect();
                }
                let hand = Hand::new(&rules, deal, PassDirection::Hold);
                let mut dice = Dice(seed + 7);
                let holdings = Seat::all(4).map(|s| cards_of(&hand, s)).collect();
                let mut reference = RefHand::new(&rules, holdings, Vec::new(), deal.dealer.index());
                let mut engine = hand;
                while !reference.is_over() {
                    let legal = reference.legal();
                    assert_eq!(engine.legal_moves().iter().collect::<Vec<_>>(), legal);
                    // Seat 0 (and its partner) plays its highest card; the others at random.
                    let card = if reference.to_act == 0 || (teams == Teams::Combined && reference.to_act == 2) {
                        *legal.last().unwrap()
                    } else {
                        legal[dice.below(legal.len())]
                    };
                    engine.play(engine.to_act(), card).unwrap();
                    reference.play(card);
                }
                let result = hearts_engine::HandResult::of(&engine, &rules);
                assert_eq!(result.shooter.map(Seat::index), reference.shooter(), "{moon:?} seed {seed}");
                moons += usize::from(reference.shooter().is_some());
                // A team moon where the partner took some of the points.
                let partner_took = |c: &Card| engine.taken(Seat::new(2).unwrap()).contains(*c);
                team_moons += usize::from(
                    teams == Teams::Combined
                        && reference.shooter().is_some()
                        && rules.penalty_cards().iter().any(|c| partner_took(&c)),
                );
                for subtract in [false, true] {
                    let scoring = if subtract { MoonScoring::SubtractFromShooter } else { MoonScoring::AddToOthers };
                    let scores = result.scores(&rules, result.shooter.map(|_| scoring));
                    assert_eq!(scores.of_table(4), reference.scores(subtract).as_slice(), "{moon:?} seed {seed}");
                }
            }
        }
    }
    assert!(moons >= 20, "only {moons} moons were shot");
    assert!(team_moons >= 5, "only {team_moons} team moons were shot with both partners' help");
}

/// The pinned perft counts of `tests/perft.rs`, counted by the reference.
#[test]
fn the_reference_counts_the_pinned_perft_positions_the_same() {
    let rules = Rules::default();
    let from_notation = |rules: &Rules, deal: &str| {
        let hand = common::position(rules, deal);
        let holdings = Seat::all(rules.player_count()).map(|s| cards_of(&hand, s)).collect();
        RefHand::new(rules, holdings, Vec::new(), rules.player_count() - 1)
    };
    let counts = |hand: &RefHand, depths: std::ops::RangeInclusive<u32>| -> Vec<u64> {
        depths.map(|depth| reference::perft(hand, depth)).collect()
    };
    assert_eq!(
        counts(&from_notation(&rules, "S:-.-.3.2 -.-.5.4 -.-.76.- -.A.8.-"), 1..=9),
        [1, 1, 2, 2, 2, 2, 2, 2, 2]
    );
    assert_eq!(
        counts(&from_notation(&rules, "S:AK...2 -.32..3 Q.4..4 -..65.5"), 1..=12),
        [1, 1, 1, 1, 2, 4, 8, 16, 16, 16, 16, 16]
    );
    let bloody = Rules { no_blood: false, ..Rules::default() };
    assert_eq!(reference::perft(&from_notation(&bloody, "S:-.-.3.2 -.-.5.4 -.2.76.- -.A.8.-"), 4), 6);
    let deal = Deal::for_hand(&rules, 42, 3);
    let hand = Hand::new(&rules, deal, PassDirection::Hold);
    let holdings = Seat::all(4).map(|s| cards_of(&hand, s)).collect();
    let seeded = RefHand::new(&rules, holdings, Vec::new(), deal.dealer.index());
    assert_eq!(reference::perft(&seeded, 6), 608);
    assert_eq!(reference::perft(&seeded, 10), 78_696);
}

/// Domino's perft, draws and players out included, counted again by the
/// reference.
#[test]
fn the_reference_counts_domino_positions_the_same() {
    use reference::domino::{RefDomino, perft};
    for (players, deal) in
        [(2, "2.J.Q62.3 AQJ5.K7.."), (3, "-.-.-.A -.-.5.2 -.-.64.3"), (3, "A2.-.-.K -.5.3.4 Q.-.-.53")]
    {
        let rules = Rules { players, ..Preset::Domino.rules() };
        let hand = common::position(&rules, deal);
        let holdings = Seat::all(players as usize).map(|s| cards_of(&hand, s)).collect();
        let stock: Vec<Card> = hand.stock().iter().collect();
        let reference = RefDomino::new(&rules, holdings, stock, players as usize - 1);
        for depth in 1..=7 {
            assert_eq!(hearts_engine::perft::perft(&hand, depth), perft(&reference, depth), "{deal} depth {depth}");
        }
    }
}
