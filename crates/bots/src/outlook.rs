//! The game's outlook: each side's chance of finishing first, from the
//! totals a hand leaves. The expert weighs the game with it, not only the
//! hand (steering points onto the leader, and away from a player who would
//! end the game while ahead), and every shooter chooses how its moon counts
//! by it.
//!
//! The model is deliberately plain. Each side scores, hand by hand, a fair
//! share of the penalty points with some spread; the game lasts as many
//! more hands as the highest total needs to reach the target at a pace a
//! little above the average (the one who ends it is usually scoring above
//! it); the totals at the end are then normal around where they stand now,
//! and the chance of being lowest is an integral over the others. When the
//! hand ends the game, the chance is exact: 1 for the lowest, shared on a
//! tie. Measured against 2,000 games between `hard` bots, the predicted
//! chances fall within about 0.03 of the rates seen, decile by decile.

use hearts_engine::{
    BySeat, MoonScoring, Rules, SCORE_BONUS_PER_POINT, Seat, TOURNAMENT_PAR, WIN_BONUS_PER_POINT, plays_on_tied,
    reaches_end,
};

/// A seat's points in an average hand, as a share of a fair split of the
/// penalty points: a little above it, for the moons (2,000 games of `hard`
/// bots at Black Lady: 6.8 a hand against 26 / 4 = 6.5).
const MEAN_SHARE: f64 = 1.05;

/// The spread of a seat's points in a hand against its mean (the same
/// games: 7.6 against 6.8).
const SPREAD_PER_MEAN: f64 = 1.1;

/// How far above the mean pace, in spreads, the total that ends the game
/// climbs (fitted to the hands those games lasted).
const LEADER_PACE: f64 = 0.3;

/// Points along the normal curve the chance is summed over.
const NODES: usize = 33;

/// The widest a node lies from the mean, in standard deviations.
const NODE_SPAN: f64 = 6.0;

/// The chances of the game's sides from the totals after one hand.
#[derive(Clone, Debug)]
pub struct Outlook<'a> {
    rules: &'a Rules,
    /// The hand being played, counted from 1.
    hand_number: u32,
    /// A seat's mean points a hand.
    seat_mean: f64,
    /// A side's spread of points a hand.
    side_spread: f64,
    /// The normal curve's points and weights for the sum.
    nodes: [(f64, f64); NODES],
}

impl<'a> Outlook<'a> {
    /// The outlook of hand `hand_number` (counted from 1) under `rules`.
    pub fn new(rules: &'a Rules, hand_number: u32) -> Outlook<'a> {
        let players = rules.player_count() as f64;
        let seats_per_side = players / rules.side_count() as f64;
        let seat_mean = MEAN_SHARE * f64::from(rules.penalty_total().max(1)) / players;
        let step = 2.0 * NODE_SPAN / (NODES - 1) as f64;
        let nodes = std::array::from_fn(|k| {
            let z = -NODE_SPAN + step * k as f64;
            (z, step * (-z * z / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt())
        });
        Outlook {
            rules,
            hand_number,
            seat_mean,
            side_spread: SPREAD_PER_MEAN * seat_mean * seats_per_side.sqrt(),
            nodes,
        }
    }

    /// The chance that `side` finishes the game first (its share of it
    /// when sides tie) if this hand leaves these totals.
    pub fn win_chance(&self, totals: &BySeat<i32>, side: usize) -> f64 {
        let rules = self.rules;
        let side_totals: Vec<f64> = (0..rules.side_count()).map(|s| f64::from(rules.side_total(totals, s))).collect();
        if reaches_end(rules, totals, self.hand_number) && !plays_on_tied(rules, totals) {
            let lowest = side_totals.iter().copied().fold(f64::INFINITY, f64::min);
            let first = side_totals.iter().filter(|&&total| total == lowest).count();
            return if side_totals[side] == lowest { 1.0 / first as f64 } else { 0.0 };
        }
        let hands = self.hands_left(totals);
        // The others' totals against this side's, in spreads of the rest of
        // the game (the mean pace is the same for all, so it drops out).
        let sigma = self.side_spread * hands.sqrt();
        let mine = side_totals[side];
        let gaps: Vec<f64> = side_totals
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != side)
            .map(|(_, &total)| (total - mine) / sigma)
            .collect();
        // This side's luck is z; each other side ends above it with
        // chance Phi(gap - z).
        let chance: f64 = self
            .nodes
            .iter()
            .map(|&(z, weight)| weight * gaps.iter().map(|&gap| normal_cdf(gap - z)).product::<f64>())
            .sum();
        chance.clamp(0.0, 1.0)
    }

    /// The timed mode's tournament score `side` can expect if this hand
    /// leaves these totals, less the seconds left on the clock (no card
    /// changes them): 15 for each point its total ends under 100, and, if
    /// it ends lowest or tied for lowest, 3 for each point the others end
    /// with. Exact when the hand ends the game; otherwise every total grows
    /// at the mean pace for the hands expected to be left, and the win
    /// bonus is weighed by the chance of finishing first.
    pub fn tournament_score(&self, totals: &BySeat<i32>, side: usize) -> f64 {
        let rules = self.rules;
        let sides = rules.side_count();
        let mine = f64::from(rules.side_total(totals, side));
        let others: Vec<f64> =
            (0..sides).filter(|&s| s != side).map(|s| f64::from(rules.side_total(totals, s))).collect();
        let score_bonus = |mine: f64| f64::from(SCORE_BONUS_PER_POINT) * (f64::from(TOURNAMENT_PAR) - mine);
        let win_bonus = |others: f64| f64::from(WIN_BONUS_PER_POINT) * others;
        if reaches_end(rules, totals, self.hand_number) && !plays_on_tied(rules, totals) {
            let lowest = others.iter().all(|&other| mine <= other);
            return score_bonus(mine) + if lowest { win_bonus(others.iter().sum()) } else { 0.0 };
        }
        let seats_per_side = rules.player_count() as f64 / sides as f64;
        let growth = self.hands_left(totals) * self.seat_mean * seats_per_side;
        let others_at_end = others.iter().map(|other| other + growth).sum();
        score_bonus(mine + growth) + win_bonus(others_at_end) * self.win_chance(totals, side)
    }

    /// How many more hands the game is expected to last after one that
    /// leaves these totals (at least one: the model's horizon).
    pub fn hands_left(&self, totals: &BySeat<i32>) -> f64 {
        let rules = self.rules;
        let highest = Seat::all(rules.player_count()).map(|seat| totals[seat]).max().unwrap_or(0);
        let pace = self.seat_mean * (1.0 + LEADER_PACE * SPREAD_PER_MEAN);
        let hands = (f64::from(rules.target_score - highest) / pace).ceil().max(1.0);
        match rules.hand_limit() {
            0 => hands,
            limit => hands.min(f64::from(limit.saturating_sub(self.hand_number).max(1))),
        }
    }

    /// How the shooter's side would have its moon count, given the hand's
    /// scores each way and the totals before it: the higher chance of
    /// finishing first, and on equal chances the wider lead over the best
    /// other side.
    pub fn shooter_choice(&self, shooter: Seat, totals_each_way: impl Fn(MoonScoring) -> BySeat<i32>) -> MoonScoring {
        let rules = self.rules;
        let side = rules.side(shooter);
        let judge = |scoring: MoonScoring| {
            let totals = totals_each_way(scoring);
            let side_total = |s: usize| rules.side_total(&totals, s);
            let best_other = (0..rules.side_count()).filter(|&s| s != side).map(side_total).min().unwrap_or(0);
            (self.win_chance(&totals, side), best_other - side_total(side))
        };
        let (subtract, add) = (judge(MoonScoring::SubtractFromShooter), judge(MoonScoring::AddToOthers));
        if subtract.0.total_cmp(&add.0).then(subtract.1.cmp(&add.1)).is_gt() {
            MoonScoring::SubtractFromShooter
        } else {
            MoonScoring::AddToOthers
        }
    }
}

/// The standard normal distribution function, from the complementary error
/// function's Chebyshev fit (Numerical Recipes' `erfcc`, error below 1.2e-7).
fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 { 1.0 - erfc / 2.0 } else { erfc / 2.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Level, Think};
    use hearts_engine::{Action, Game, GamePhase, Preset, TieRule};

    fn totals(values: &[i32]) -> BySeat<i32> {
        BySeat::new_with(|seat| values.get(seat.index()).copied().unwrap_or(0))
    }

    fn chances(outlook: &Outlook<'_>, values: &[i32]) -> Vec<f64> {
        (0..values.len()).map(|side| outlook.win_chance(&totals(values), side)).collect()
    }

    #[test]
    fn the_normal_distribution_function_matches_its_table() {
        for (x, table) in [(0.0, 0.5), (1.0, 0.841_345), (-1.0, 0.158_655), (1.96, 0.975_002), (-3.0, 0.001_350)] {
            assert!((normal_cdf(x) - table).abs() < 1e-6, "Phi({x}) = {} against {table}", normal_cdf(x));
        }
    }

    #[test]
    fn sides_level_on_points_have_equal_chances_and_the_chances_add_up_to_one() {
        for players in 3..=7 {
            let rules = Rules { players: players as u8, ..Rules::default() };
            let outlook = Outlook::new(&rules, 1);
            let level = chances(&outlook, &vec![0; players]);
            for chance in &level {
                assert!((chance - 1.0 / players as f64).abs() < 1e-4, "{players} players: {level:?}");
            }
            for values in [vec![10, 40, 25, 70, 3, 55, 61], vec![90, 85, 60, 99, 20, 0, 41]] {
                let sum: f64 = chances(&outlook, &values[..players]).iter().sum();
                assert!((sum - 1.0).abs() < 1e-3, "{players} players, {values:?}: sum {sum}");
            }
        }
    }

    #[test]
    fn fewer_points_is_a_better_chance_and_a_lead_counts_more_near_the_end() {
        let rules = Rules::default();
        let outlook = Outlook::new(&rules, 3);
        let spread = chances(&outlook, &[20, 30, 40, 50]);
        assert!(spread.windows(2).all(|pair| pair[0] > pair[1]), "{spread:?}");
        let early = outlook.win_chance(&totals(&[0, 10, 10, 10]), 0);
        let late = outlook.win_chance(&totals(&[80, 90, 90, 90]), 0);
        assert!(late > early + 0.1, "ten points ahead: {early} early, {late} near the end");
    }

    #[test]
    fn a_hand_that_ends_the_game_decides_it() {
        let rules = Rules::default();
        let outlook = Outlook::new(&rules, 8);
        assert_eq!(chances(&outlook, &[100, 40, 55, 41]), vec![0.0, 1.0, 0.0, 0.0]);
        // Tied for first: under play-on the game goes on, so both still
        // have a chance (a little under a half each); ended, they share it.
        let on = chances(&outlook, &[100, 40, 55, 40]);
        assert!(on[0] < 0.01 && on[2] < 0.2 && (on[1] - on[3]).abs() < 1e-9 && on[1] > 0.4, "{on:?}");
        let shared = Rules { tie: TieRule::Share, ..Rules::default() };
        assert_eq!(chances(&Outlook::new(&shared, 8), &[100, 40, 55, 40]), vec![0.0, 0.5, 0.0, 0.5]);
    }

    #[test]
    fn the_hand_limit_ends_the_game_whatever_the_totals() {
        let rules = Rules { max_hands: 5, ..Rules::default() };
        assert_eq!(chances(&Outlook::new(&rules, 5), &[20, 10, 30, 12]), vec![0.0, 1.0, 0.0, 0.0]);
        let one_more = chances(&Outlook::new(&rules, 4), &[20, 10, 30, 12]);
        assert!(one_more[1] > 0.4 && one_more[1] < 0.9, "{one_more:?}");
    }

    #[test]
    fn the_shooter_subtracts_only_where_adding_would_lose_the_game() {
        let rules = Rules::default();
        let outlook = Outlook::new(&rules, 6);
        let each_way = |start: [i32; 4]| {
            move |scoring: MoonScoring| {
                totals(&match scoring {
                    MoonScoring::AddToOthers => [start[0], start[1] + 26, start[2] + 26, start[3] + 26],
                    MoonScoring::SubtractFromShooter => [start[0] - 26, start[1], start[2], start[3]],
                })
            }
        };
        // Early on adding widens the lead more than subtracting.
        assert_eq!(outlook.shooter_choice(Seat::SOUTH, each_way([30, 20, 25, 40])), MoonScoring::AddToOthers);
        // Adding would put Across past 100 with South behind Left: subtract.
        assert_eq!(outlook.shooter_choice(Seat::SOUTH, each_way([60, 20, 80, 40])), MoonScoring::SubtractFromShooter);
    }

    #[test]
    fn a_timed_game_that_ends_scores_as_the_online_game_does() {
        // The online game's first example: 25 points against 32, 41 and 58
        // scores 1,125 + 393 with the seconds left; the second, 30 against
        // 15, 34 and 51, only its score bonus of 1,050.
        let rules = Preset::Worldwinner.rules();
        let outlook = Outlook::new(&rules, 6);
        assert_eq!(outlook.tournament_score(&totals(&[25, 32, 41, 58]), 0), 1_125.0 + 393.0);
        assert_eq!(outlook.tournament_score(&totals(&[30, 15, 34, 51]), 0), 1_050.0);
        // Tied for lowest in a game that ends on a tie still earns the win bonus.
        let shared = Rules { tie: TieRule::Share, ..rules };
        let outlook = Outlook::new(&shared, 6);
        assert_eq!(outlook.tournament_score(&totals(&[20, 20, 30, 50]), 1), 1_200.0 + 3.0 * 100.0);
    }

    #[test]
    fn a_timed_game_that_goes_on_is_worth_more_with_fewer_points_and_a_lead() {
        let rules = Preset::Worldwinner.rules();
        let outlook = Outlook::new(&rules, 2);
        let score = |values: &[i32]| outlook.tournament_score(&totals(values), 0);
        // Each point taken costs the score bonus's 15 and some of the
        // chance of the win bonus.
        assert!(score(&[10, 10, 10, 10]) > score(&[11, 10, 10, 10]) + 15.0);
        // Points the others take raise the win bonus and the chance of it.
        assert!(score(&[10, 20, 10, 10]) > score(&[10, 10, 10, 10]));
        // Level, the expected score is the score bonus at the mean pace and
        // a quarter of the win bonus on the others' expected points.
        let level = score(&[10, 10, 10, 10]);
        let growth = outlook.hands_left(&totals(&[10, 10, 10, 10])) * 1.05 * 26.0 / 4.0;
        let expected = 15.0 * (100.0 - 10.0 - growth) + 3.0 * 3.0 * (10.0 + growth) / 4.0;
        assert!((level - expected).abs() < 0.5, "{level} against {expected}");
    }

    /// Whole games between `normal` bots: each side's predicted chance after
    /// every hand against who went on to win, decile by decile.
    #[test]
    fn the_chances_agree_with_who_wins_real_games() {
        let rules = Preset::BlackLady.rules();
        // (predicted sum, wins, count) by decile of the prediction.
        let mut deciles = [(0.0, 0.0, 0u32); 10];
        for seed in 0..400 {
            let mut game = Game::new(rules, 9_000 + seed).expect("default rules");
            let mut bots: Vec<_> = Seat::all(4).map(|seat| Level::Normal.bot(seed, seat, Think::Samples(1))).collect();
            let mut predictions: Vec<(usize, f64)> = Vec::new();
            loop {
                match game.phase() {
                    GamePhase::GameOver => break,
                    GamePhase::HandOver => {
                        let hand_number = game.history().len() as u32;
                        let outlook = Outlook::new(&rules, hand_number);
                        let totals = game.history().last().expect("a hand was scored").totals;
                        predictions.extend((0..4).map(|side| (side, outlook.win_chance(&totals, side))));
                        game.apply(Action::NextHand).expect("the hand is over");
                    }
                    GamePhase::InHand | GamePhase::MoonChoice(_) => {
                        let seat = crate::seat_to_act(&game).expect("someone acts");
                        let action = crate::decide(&game, seat, bots[seat.index()].as_mut()).expect("a decision");
                        game.apply(action).expect("the bot plays legally");
                    }
                }
            }
            let winners = game.leaders();
            for (side, chance) in predictions {
                let won =
                    if winners.iter().any(|seat| seat.index() == side) { 1.0 / winners.len() as f64 } else { 0.0 };
                let decile = &mut deciles[((chance * 10.0) as usize).min(9)];
                *decile = (decile.0 + chance, decile.1 + won, decile.2 + 1);
            }
        }
        for (decile, &(predicted, won, count)) in deciles.iter().enumerate() {
            if count < 100 {
                continue;
            }
            let (predicted, seen) = (predicted / f64::from(count), won / f64::from(count));
            // Five standard errors of the rate seen, and a little for the model.
            let allowed = 5.0 * (seen * (1.0 - seen) / f64::from(count)).sqrt() + 0.03;
            assert!(
                (predicted - seen).abs() < allowed,
                "decile {decile}: predicted {predicted:.3}, won {seen:.3} of {count}"
            );
        }
    }
}
