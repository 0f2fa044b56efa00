//! Scoring: what a finished hand is worth to each seat, shooting the moon,
//! the bonus card, the game-total adjustments, and the timed tournament
//! score.

use super::card::{Card, Suit};
use super::card_set::{CardBag, CardSet};
use super::hand::{Bid, Hand, HandPhase};
use super::rules::{MoonRule, ROYAL_DIAMOND_CUT, Rules, Scoring, Teams};
use super::seat::{BySeat, Seat};

/// How a moon shot is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoonScoring {
    /// The shooter scores 0 for penalty cards; everyone else adds the total.
    AddToOthers,
    /// The shooter subtracts the total; everyone else scores 0 for penalty cards.
    SubtractFromShooter,
}

impl MoonScoring {
    /// The scoring a moon rule fixes in advance; `None` where the shooter
    /// chooses or there is no moon.
    pub const fn fixed_by(rule: MoonRule) -> Option<MoonScoring> {
        match rule {
            MoonRule::AddToOthers => Some(MoonScoring::AddToOthers),
            MoonRule::SubtractFromShooter => Some(MoonScoring::SubtractFromShooter),
            MoonRule::ShooterChooses | MoonRule::ShooterPicks | MoonRule::Off => None,
        }
    }
}

/// The bonus card's value to whoever takes it (Omnibus).
pub const BONUS_CARD_VALUE: i32 = -10;

/// What happened in a finished hand, before the moon is applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandResult {
    /// Points each seat took by the points table.
    pub points_taken: BySeat<i32>,
    /// Tricks each seat took.
    pub tricks: BySeat<u8>,
    /// The seat that took the bonus card (Omnibus only).
    pub bonus_taker: Option<Seat>,
    /// The seat that took the queen of spades (`None` when she is not in play).
    pub queen_taker: Option<Seat>,
    /// The seat that took every penalty card (and, where the rules ask, the
    /// bonus card); `None` when nobody did or the moon is off. Under
    /// combined teams, the two partners between them: the team's first seat.
    pub shooter: Option<Seat>,
    /// The points of all penalty cards in play.
    pub penalty_total: i32,
    /// What the moon is worth: `moon-value`, or else the shooter's points
    /// (the penalty total, or Royal's 52 with the queens' effects); twice
    /// that for a combined team's moon.
    pub moon_value: i32,
    /// The hand's declaration and whether the declarer made it.
    pub generale: Option<Generale>,
    /// The seat whose total drops by [`ROYAL_DIAMOND_CUT`] after the hand,
    /// never below zero (the taker of Royal's QD).
    pub total_cut: Option<Seat>,
    /// The auction's winning bid, paid into the pot when the hand is settled.
    pub bid: Option<Bid>,
}

/// A declared Generale: the declarer promised to take every penalty card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Generale {
    /// The seat that declared.
    pub declarer: Seat,
    /// Whether it took every penalty card.
    pub made: bool,
}

impl HandResult {
    /// Tallies a finished hand.
    pub fn of(hand: &Hand, rules: &Rules) -> HandResult {
        debug_assert_eq!(hand.phase(), HandPhase::Finished, "only a finished hand is scored");
        let players = rules.player_count();
        let bonus_card = rules.bonus_card();
        let bonus_taker = bonus_card.and_then(|card| Seat::all(players).find(|&seat| hand.taken(seat).contains(card)));
        let penalty = hand.penalty_cards();
        let mut moon_cards = penalty;
        if rules.moon_needs_bonus_card
            && let Some(card) = bonus_card
            && bonus_taker.is_some()
        {
            moon_cards.insert(card);
        }
        // With two packs a moon is every penalty card of both (kept off the
        // one-pack path: a search scores every playout).
        let penalty_twice = hand.penalty_in_play().twice();
        let took_all = match rules.cancellation {
            true => {
                let both_packs = CardBag::new(moon_cards, penalty_twice);
                Seat::all(players).find(|&seat| hand.taken_cards(seat).includes(both_packs))
            }
            false => Seat::all(players).find(|&seat| hand.taken(seat).is_superset(moon_cards)),
        };
        let generale = hand.declarer().map(|declarer| Generale { declarer, made: took_all == Some(declarer) });
        let combined = rules.teams == Teams::Combined;
        // A combined team shoots together; the first seat found is the team's first.
        let side_taken =
            |seat: Seat| hand.taken(seat) | rules.partner(seat).map_or(CardSet::EMPTY, |partner| hand.taken(partner));
        let shooting_side = match combined {
            true => Seat::all(players).find(|&seat| side_taken(seat).is_superset(moon_cards)),
            false => took_all,
        };
        let shooter = if rules.moon == MoonRule::Off || generale.is_some() { None } else { shooting_side };
        // A plain loop over the table's seats: a search scores every playout.
        let mut points_taken = BySeat::splat(0);
        for seat in Seat::all(players) {
            points_taken[seat] = points_of(rules, hand.named_suit(), hand.taken_cards(seat));
        }
        let penalty_total = match rules.cancellation {
            true => hand.points(rules.points, penalty) + hand.points(rules.points, penalty_twice),
            false => hand.points(rules.points, penalty),
        };
        let taker_of = |card: Card| Seat::all(players).find(|&seat| hand.taken(seat).contains(card));
        let moon_value = match (rules.moon_value, shooter) {
            (Some(value), _) => value,
            (None, None) => penalty_total,
            (None, Some(shooter)) if combined => {
                points_taken[shooter] + rules.partner(shooter).map_or(0, |partner| points_taken[partner])
            }
            (None, Some(shooter)) => points_taken[shooter],
        };
        HandResult {
            points_taken,
            tricks: hand.tricks_by_seat(),
            bonus_taker,
            queen_taker: taker_of(Card::QUEEN_OF_SPADES),
            shooter,
            penalty_total,
            moon_value: if combined && shooter.is_some() { 2 * moon_value } else { moon_value },
            generale,
            total_cut: rules.points.total_cutter().and_then(taker_of),
            bid: hand.named_suit().and(hand.high_bid()),
        }
    }

    /// Each seat's score for the hand. `moon` says how a moon shot counts;
    /// with `None` a shot is scored as taken. Under combined teams each
    /// partner holds the team's score.
    pub fn scores(&self, rules: &Rules, moon: Option<MoonScoring>) -> BySeat<i32> {
        let players = rules.player_count();
        let total = self.moon_value;
        let combined = rules.teams == Teams::Combined;
        let same_side = |a: Seat, b: Seat| a == b || (combined && rules.partner(a) == Some(b));
        let mut scores = self.points_taken;
        if let Some(Generale { declarer, made }) = self.generale {
            for seat in Seat::all(players) {
                scores[seat] = match (seat == declarer, made) {
                    (true, true) => 0,
                    (false, true) | (true, false) => self.penalty_total,
                    (false, false) => self.points_taken[seat],
                };
            }
            // A made Generale is a moon: the bonus goes only with a failed one.
            if !made {
                for seat in Seat::all(players).filter(|&seat| self.tricks[seat] == 0) {
                    scores[seat] += rules.no_tricks_bonus;
                }
            }
            if let Some(taker) = self.bonus_taker {
                scores[taker] += BONUS_CARD_VALUE;
            }
            return scores;
        }
        match (self.shooter, moon) {
            (Some(shooter), Some(scoring)) => {
                // Scored side by side: a combined team's score is each partner's.
                for seat in Seat::all(players) {
                    scores[seat] = match (same_side(seat, shooter), scoring) {
                        (true, MoonScoring::AddToOthers) | (false, MoonScoring::SubtractFromShooter) => 0,
                        (false, MoonScoring::AddToOthers) => total,
                        (true, MoonScoring::SubtractFromShooter) => -total,
                    };
                }
                if let Some(taker) = self.bonus_taker {
                    for seat in Seat::all(players).filter(|&seat| same_side(seat, taker)) {
                        scores[seat] += BONUS_CARD_VALUE;
                    }
                }
                return scores;
            }
            _ => {
                for seat in Seat::all(players).filter(|&seat| self.tricks[seat] == 0) {
                    scores[seat] += rules.no_tricks_bonus;
                }
            }
        }
        if let Some(taker) = self.bonus_taker {
            scores[taker] += BONUS_CARD_VALUE;
        }
        if combined {
            BySeat::new_with(|seat| rules.partner(seat).map_or(scores[seat], |partner| scores[seat] + scores[partner]))
        } else {
            scores
        }
    }
}

impl HandResult {
    /// The game totals after this hand: each total plus its score, the
    /// Royal QD's cut (never below zero), then sinkhole and reset-at-100.
    pub fn totals_after(&self, before: &BySeat<i32>, scores: &BySeat<i32>, rules: &Rules) -> BySeat<i32> {
        // A combined team's total is cut as one.
        let cut = |seat: Seat| match rules.teams {
            Teams::Combined => self.total_cut.is_some_and(|cutter| rules.side(cutter) == rules.side(seat)),
            Teams::Off | Teams::Individual => self.total_cut == Some(seat),
        };
        BySeat::new_with(|seat| {
            let total = before[seat] + scores[seat];
            let total = if cut(seat) { cut_total(total) } else { total };
            adjusted_total(total, rules)
        })
    }
}

/// What a take of `taken` scores by the points table: the table's effects
/// on the whole take (Royal's), both copies where two packs are played,
/// or, where the auction named a suit, a card a point of that suit. This
/// is [`HandResult::points_taken`] for a seat's whole take; the bonus card
/// is apart (see [`worth_of`]).
#[inline]
fn points_of(rules: &Rules, named_suit: Option<Suit>, taken: CardBag) -> i32 {
    // (Tables whose effects act on the whole take, Royal's, are not played
    // with two packs: a second copy adds its plain points.)
    match named_suit {
        Some(suit) => taken.cards().of_suit(suit).len() as i32,
        None if rules.cancellation => rules.points.hand_points(taken.cards()) + rules.points.points(taken.twice()),
        None => rules.points.hand_points(taken.cards()),
    }
}

/// What a take of `taken` is worth to its taker before the hand's end:
/// its points ([`points_of`]) and the bonus card's -10 where it is in it.
/// The moon, a declaration and the no-tricks bonus are settled only when
/// the hand is scored.
pub fn worth_of(rules: &Rules, named_suit: Option<Suit>, taken: CardBag) -> i32 {
    let bonus = rules.bonus_card().is_some_and(|card| taken.cards().contains(card));
    points_of(rules, named_suit, taken) + if bonus { BONUS_CARD_VALUE } else { 0 }
}

/// The chips on the table: each seat's stack and the pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chips {
    /// Each seat's chips.
    pub stacks: BySeat<i32>,
    /// Chips in the pot, carried over from deal to deal until taken.
    pub pot: i32,
}

/// What one hand did to the chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChipsSettlement {
    /// Each seat's gain (or loss) of chips.
    pub change: BySeat<i32>,
    /// The chips after the hand.
    pub after: Chips,
    /// The chips each seat took out of the pot.
    pub from_pot: BySeat<i32>,
    /// Some player could not pay in full: the game ends after this hand.
    pub short: bool,
}

impl Chips {
    /// Every seat with the rules' starting chips, the pot empty.
    pub fn new(rules: &Rules) -> Chips {
        let players = rules.player_count();
        let start = rules.chips as i32;
        Chips { stacks: BySeat::new_with(|seat| if seat.index() < players { start } else { 0 }), pot: 0 }
    }

    /// Pays for a hand. A moon (with the moon on): each other player pays
    /// the shooter the moon's points / (n - 1), rounded down, and the pot
    /// the rest. Otherwise each player pays their hand score (never below
    /// 0) into the pot, and the pot goes, shared, to the fewest points
    /// (chips) or to those who took none (sweepstakes; kept if everyone
    /// took some); odd chips stay in the pot. A player who cannot pay in
    /// full pays what they have.
    pub fn settle(&self, result: &HandResult, rules: &Rules) -> ChipsSettlement {
        let players = rules.player_count();
        let seats = || Seat::all(players);
        let mut stacks = self.stacks;
        let mut pot = self.pot;
        let mut short = false;
        let mut taken = BySeat::new_with(|_| 0);
        let mut pay = |stacks: &mut BySeat<i32>, seat: Seat, amount: i32| {
            let paid = amount.min(stacks[seat]).max(0);
            short |= paid < amount;
            stacks[seat] -= paid;
            paid
        };
        if let Some(bid) = result.bid {
            // The auction's winner pays the bid into the pot first.
            pot += pay(&mut stacks, bid.seat, bid.chips as i32);
        }
        match result.shooter {
            Some(shooter) => {
                let worth = result.moon_value;
                let others = players as i32 - 1;
                let each = worth / others;
                for seat in seats().filter(|&seat| seat != shooter) {
                    stacks[shooter] += pay(&mut stacks, seat, each);
                }
                let from_pot = (worth - each * others).min(pot);
                pot -= from_pot;
                stacks[shooter] += from_pot;
                taken[shooter] = from_pot;
            }
            None => {
                let scores = result.scores(rules, None);
                for seat in seats() {
                    pot += pay(&mut stacks, seat, scores[seat].max(0));
                }
                let fewest = seats().map(|seat| scores[seat]).min().unwrap_or(0);
                let takers: Vec<Seat> = match rules.scoring {
                    Scoring::Sweepstakes => seats().filter(|&seat| scores[seat] <= 0).collect(),
                    _ => seats().filter(|&seat| scores[seat] == fewest).collect(),
                };
                if !takers.is_empty() {
                    let share = pot / takers.len() as i32;
                    for &seat in &takers {
                        stacks[seat] += share;
                        taken[seat] = share;
                    }
                    pot -= share * takers.len() as i32;
                }
            }
        }
        let change = BySeat::new_with(|seat| stacks[seat] - self.stacks[seat]);
        ChipsSettlement { change, after: Chips { stacks, pot }, from_pot: taken, short }
    }
}

/// A total after the Royal QD: 10 less, but a total that would go below
/// zero becomes 0 (and one already below zero is left alone).
pub fn cut_total(total: i32) -> i32 {
    (total - ROYAL_DIAMOND_CUT).max(total.min(0))
}

/// A game total after a hand, with sinkhole and reset-at-100 applied.
pub fn adjusted_total(total: i32, rules: &Rules) -> i32 {
    match total {
        99 if rules.sinkhole => 0,
        100 if rules.reset_at_100 => 50,
        _ => total,
    }
}

/// How a timed tournament game ended, for the human's tournament score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimedFinish {
    /// Someone reached the target before the clock ran out.
    Completed {
        /// Your final total.
        points: i32,
        /// The other players' final totals added up.
        opponents_points: i32,
        /// Whether you had, or tied for, the lowest total.
        lowest: bool,
        /// Whole seconds left on the clock.
        seconds_left: u32,
    },
    /// The clock ran out before anyone reached the target.
    OutOfTime {
        /// Your total when the clock ran out.
        points: i32,
        /// Hands completed.
        hands_completed: u32,
        /// Whether a hand was in progress (it counts as played).
        mid_hand: bool,
    },
    /// You quit before the game ended.
    Quit,
}

/// The timed mode's score bonus: this much for each point a completed
/// game's total ends under [`TOURNAMENT_PAR`].
pub const SCORE_BONUS_PER_POINT: i32 = 15;

/// The total the score bonus counts down from.
pub const TOURNAMENT_PAR: i32 = 100;

/// The timed mode's win bonus: this much for each point the opponents end
/// with, for a player who ends with (or tied for) the lowest total.
pub const WIN_BONUS_PER_POINT: i32 = 3;

/// The tournament standings score of the timed mode (001), by its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentScore {
    /// A completed game: score bonus + time bonus + win bonus.
    Completed {
        /// 15 x (100 - your points).
        score_bonus: i32,
        /// One point per second left on the clock.
        time_bonus: i32,
        /// 3 x the opponents' points if you had or tied for the lowest total.
        win_bonus: i32,
    },
    /// The clock ran out: 50 + 26 x hands played - 2 x your points.
    OutOfTime {
        /// Hands played, the one in progress included.
        hands_played: u32,
        /// Your total.
        points: i32,
    },
    /// Quit, or the clock ran out before one hand was complete.
    Zero,
}

impl TournamentScore {
    /// The score for a finish.
    pub fn of(finish: TimedFinish) -> TournamentScore {
        match finish {
            TimedFinish::Completed { points, opponents_points, lowest, seconds_left } => TournamentScore::Completed {
                score_bonus: SCORE_BONUS_PER_POINT * (TOURNAMENT_PAR - points),
                time_bonus: seconds_left as i32,
                win_bonus: if lowest { WIN_BONUS_PER_POINT * opponents_points } else { 0 },
            },
            TimedFinish::OutOfTime { hands_completed: 0, .. } | TimedFinish::Quit => TournamentScore::Zero,
            TimedFinish::OutOfTime { points, hands_completed, mid_hand } => {
                TournamentScore::OutOfTime { hands_played: hands_completed + u32::from(mid_hand), points }
            }
        }
    }

    /// The total standings score.
    pub fn total(&self) -> i32 {
        match *self {
            TournamentScore::Completed { score_bonus, time_bonus, win_bonus } => score_bonus + time_bonus + win_bonus,
            TournamentScore::OutOfTime { hands_played, points } => 50 + 26 * hands_played as i32 - 2 * points,
            TournamentScore::Zero => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PointsTable, Preset};

    fn bag(text: &str) -> CardBag {
        text.parse().unwrap()
    }

    #[test]
    fn a_take_is_worth_its_points_and_the_bonus_cards_minus_ten() {
        // Omnibus: the queen of hearts 1, the jack of diamonds -10.
        let omnibus = Preset::Omnibus.rules();
        assert_eq!(worth_of(&omnibus, None, bag("QH JD QD TD")), 1 - 10);
        assert_eq!(points_of(&omnibus, None, bag("QH JD QD TD")), 1, "the bonus card is not a point");
        assert_eq!(worth_of(&Rules::default(), None, bag("QH JD QD TD")), 1, "no bonus card without Omnibus");
    }

    #[test]
    fn with_two_packs_each_copy_is_worth_its_points() {
        // Cancellation: both queens of spades 13 each, two 5H and a 2H.
        let cancellation = Preset::Cancellation.rules();
        assert_eq!(worth_of(&cancellation, None, bag("QS QS 5H 5H 2H JC")), 13 + 13 + 3);
    }

    #[test]
    fn royal_counts_the_whole_take_and_a_named_suit_a_card_a_point() {
        let royal = Rules { points: PointsTable::Royal, ..Rules::default() };
        assert_eq!(worth_of(&royal, None, bag("2H 3H")), 2);
        assert_eq!(worth_of(&royal, None, bag("2H 3H QH")), 6, "the queen of hearts doubles every heart taken");
        assert_eq!(worth_of(&royal, None, bag("QS QC")), 0, "the queen of clubs cancels the queen of spades");
        assert_eq!(worth_of(&Rules::default(), Some(Suit::Clubs), bag("2C AC QS 5H")), 2, "clubs named: 1 a club");
    }

    #[test]
    fn tournament_example_1_scores_1648() {
        // marylou999: 25 points, opponents 32, 41, 58, 2:10 left.
        let finish =
            TimedFinish::Completed { points: 25, opponents_points: 32 + 41 + 58, lowest: true, seconds_left: 130 };
        let score = TournamentScore::of(finish);
        assert_eq!(score, TournamentScore::Completed { score_bonus: 1125, time_bonus: 130, win_bonus: 393 });
        assert_eq!(score.total(), 1648);
    }

    #[test]
    fn tournament_example_2_scores_1235() {
        // bigsteve1234: 30 points, opponents 15, 34, 51 (not lowest), 3:05 left.
        let finish =
            TimedFinish::Completed { points: 30, opponents_points: 15 + 34 + 51, lowest: false, seconds_left: 185 };
        assert_eq!(TournamentScore::of(finish).total(), 1235);
    }

    #[test]
    fn tournament_example_3_scores_148_not_the_printed_150() {
        // slowsammy666 runs out of time in the middle of the 7th hand with 42.
        let finish = TimedFinish::OutOfTime { points: 42, hands_completed: 6, mid_hand: true };
        assert_eq!(TournamentScore::of(finish), TournamentScore::OutOfTime { hands_played: 7, points: 42 });
        assert_eq!(TournamentScore::of(finish).total(), 148);
    }

    #[test]
    fn quitting_or_no_complete_hand_scores_zero() {
        assert_eq!(TournamentScore::of(TimedFinish::Quit).total(), 0);
        let early = TimedFinish::OutOfTime { points: 3, hands_completed: 0, mid_hand: true };
        assert_eq!(TournamentScore::of(early).total(), 0);
    }

    #[test]
    fn sinkhole_and_reset_at_100_change_only_exact_totals() {
        let sinkhole = Rules { sinkhole: true, ..Rules::default() };
        assert_eq!(adjusted_total(99, &sinkhole), 0);
        assert_eq!(adjusted_total(98, &sinkhole), 98);
        assert_eq!(adjusted_total(100, &sinkhole), 100);
        let reset = Rules { reset_at_100: true, ..Rules::default() };
        assert_eq!(adjusted_total(100, &reset), 50);
        assert_eq!(adjusted_total(101, &reset), 101);
        assert_eq!(adjusted_total(99, &Rules::default()), 99);
    }
}
