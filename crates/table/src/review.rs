//! The review of a kept game: at each pass and card one seat made, the
//! expert's estimate of every legal choice from that seat's view at that
//! moment (the same view the bots get, so nothing hidden leaks in), the
//! choice made, and what it cost against the expert's best. Deterministic
//! for a record. A person's timed game is judged by its tournament score,
//! as the game was; every other game by points.

use serde::Serialize;

use hearts_bots::record::{GameRecord, ReplayError};
use hearts_bots::{Advice, Choices, Goal, SeatView, advise, evaluate_plays, evaluate_these_passes};
use hearts_engine::{Action, Card, Rules, Seat};

/// Sampled deals per decision: the expert's own default budget.
pub const REVIEW_SAMPLES: usize = hearts_bots::DEFAULT_SAMPLES;

/// Mixed into the seed of the second measurement of a cost.
const REMEASURE: u64 = 0x9E37_79B9_7F4A_7C15;

/// A cost below this many points is no mistake worth a mark.
pub const NOTABLE_COST: f64 = 0.5;

/// What a review's values and costs count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Points of the hand against the others (near the game's end with the
    /// worth of the chance of winning it).
    Points,
    /// The timed game's tournament score (without the seconds left).
    Tournament,
}

impl Unit {
    /// The unit a seat's review of this record (played under `rules`)
    /// counts in: the tournament score for the person in a timed game,
    /// points otherwise.
    pub fn of(record: &GameRecord, rules: &Rules, seat: Seat) -> Unit {
        let person = record.seats.iter().any(|s| s.seat == seat.index() && s.is_person());
        if person { Unit::of_person(rules) } else { Unit::Points }
    }

    /// The unit a person's decisions under `rules` count in: the
    /// tournament score in a timed game, points otherwise.
    pub fn of_person(rules: &Rules) -> Unit {
        if rules.clock_minutes > 0 { Unit::Tournament } else { Unit::Points }
    }

    /// What the expert estimates for this unit.
    pub fn goal(self) -> Goal {
        match self {
            Unit::Points => Goal::Win,
            Unit::Tournament => Goal::Tournament,
        }
    }

    /// The smallest cost worth a mark: half a point, or what half a point
    /// is worth on the tournament score.
    pub fn notable(self) -> f64 {
        match self {
            Unit::Points => NOTABLE_COST,
            Unit::Tournament => NOTABLE_COST * f64::from(hearts_engine::SCORE_BONUS_PER_POINT),
        }
    }

    /// An amount as a bare figure: points to a tenth, the tournament score
    /// whole.
    pub fn figure(self, amount: f64) -> String {
        match self {
            Unit::Points => format!("{amount:.1}"),
            Unit::Tournament => format!("{amount:.0}"),
        }
    }

    /// An amount for people: "4.2 points", "63 on the tournament score".
    pub fn amount(self, amount: f64) -> String {
        match self {
            Unit::Points => format!("{} points", self.figure(amount)),
            Unit::Tournament => format!("{} on the tournament score", self.figure(amount)),
        }
    }
}

/// One choice's estimate, as reported.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Choice {
    /// The card, or for a pass the cards separated by spaces.
    pub card: String,
    /// Expected points the seat scores for the hand after playing it.
    pub points: f64,
    /// Expected result against the others, in points (their mean score less
    /// the seat's, and near the game's end the worth of the change in its
    /// chance of winning), or in a timed game the expected tournament score:
    /// higher is better.
    pub value: f64,
    /// Expected chance of finishing the game first once the hand is over,
    /// to a thousandth (none under chips).
    pub win_chance: Option<f64>,
}

impl Choice {
    fn new(card: String, points: f64, value: f64, win_chance: Option<f64>) -> Choice {
        let win_chance = win_chance.map(|chance| (chance * 1000.0).round() / 1000.0);
        Choice { card, points: tenths(points), value: tenths(value), win_chance }
    }
}

/// Rounded to a tenth of a point, as reported.
fn tenths(points: f64) -> f64 {
    (points * 10.0).round() / 10.0
}

/// One reviewed decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    /// `pass` or `play`.
    pub kind: &'static str,
    /// The hand's number in the game.
    pub hand: u32,
    /// The trick, 1-based (0 for a pass).
    pub trick: usize,
    /// The seat that decided.
    pub seat: usize,
    /// The card it played (or the cards it passed).
    pub played: String,
    /// The expert's choice.
    pub best: String,
    /// What the choice made cost against the best, in the unit (0 when it
    /// was the best).
    pub cost: f64,
    /// What the values and the cost count.
    pub unit: Unit,
    /// Every legal choice, best first.
    pub choices: Vec<Choice>,
}

impl Decision {
    /// "cost 4.2 points: the expert plays 9S here", or `None` when the
    /// card played was as good.
    pub fn verdict(&self) -> Option<String> {
        self.verdict_showing(|card| card.to_string())
    }

    /// The verdict with the expert's cards shown by `show` ("9♠").
    pub fn verdict_showing(&self, show: impl Fn(Card) -> String) -> Option<String> {
        let verb = if self.is_pass() { "passes" } else { "plays" };
        let best = show_cards(&self.best, show);
        self.costly().then(|| format!("cost {}: the expert {verb} {best} here", self.unit.amount(self.cost)))
    }

    /// Whether the decision was a pass (not a card played).
    pub fn is_pass(&self) -> bool {
        self.kind == "pass"
    }

    /// Where it was: "hand 3 trick 5", or "hand 3 pass".
    pub fn place(&self) -> String {
        if self.is_pass() {
            format!("hand {} pass", self.hand)
        } else {
            format!("hand {} trick {}", self.hand, self.trick)
        }
    }

    /// Whether the choice cost enough to be marked.
    pub fn costly(&self) -> bool {
        self.cost >= self.unit.notable()
    }
}

/// Cards as a review writes them ("8S AS QH"), each shown by `show`.
pub fn show_cards(cards: &str, show: impl Fn(Card) -> String) -> String {
    let shown: Vec<String> =
        cards.split_whitespace().map(|text| text.parse().map_or_else(|_| text.to_string(), &show)).collect();
    shown.join(" ")
}

/// The seat a review looks at: the first person's (`human`, or
/// `human:NAME` at a server), else seat 0.
pub fn reviewed_seat(record: &GameRecord) -> Seat {
    let seat = record.seats.iter().find(|seat| seat.is_person()).map_or(0, |seat| seat.seat);
    Seat::new(seat).unwrap_or(Seat::SOUTH)
}

/// Reviews every pass and card `seat` made in the record, calling
/// `progress` with (done, total) as it goes. Each decision is judged by the
/// expert's advice ([`advise`]) for the position, as the hint gives it.
pub fn review(
    record: &GameRecord,
    seat: Seat,
    samples: usize,
    progress: impl FnMut(usize, usize),
) -> Result<Vec<Decision>, ReplayError> {
    let mut decisions = Vec::new();
    review_each(record, seat, samples, |decision| decisions.push(decision), progress)?;
    Ok(decisions)
}

/// Reviews as [`review`] does, handing each decision to `found` as soon as
/// it is judged (the replay shows them while the rest are worked out).
pub fn review_each(
    record: &GameRecord,
    seat: Seat,
    samples: usize,
    mut found: impl FnMut(Decision),
    mut progress: impl FnMut(usize, usize),
) -> Result<(), ReplayError> {
    let (mut game, actions) = record.actions()?;
    let unit = Unit::of(record, game.rules(), seat);
    let total = record.hands.iter().map(|hand| hand.tricks.len()).sum::<usize>();
    let mut done = 0;
    for action in actions {
        let (number, tricks) = (game.hand_number(), game.tricks().len());
        let yours = match action {
            Action::Pass { seat: by, .. } => by == seat,
            Action::Play { seat: by, .. } => by == seat && game.legal_moves().len() > 1,
            _ => false,
        };
        if yours && let Some(advice) = advise(&game, seat, samples, unit.goal()) {
            let view = SeatView::of(&game, seat);
            if let Some(decision) = judge(&view, &advice, action, number, tricks + 1, unit) {
                found(decision);
            }
        }
        game.apply(action).expect("checked by the record's actions");
        if matches!(action, Action::Play { .. }) && game.tricks().len() > tricks {
            done += 1;
            progress(done, total);
        }
    }
    Ok(())
}

/// The review of one decision from `view`: the pass or card `made` against
/// the expert's `advice` (`None` if they are not of one kind). The best of
/// many noisy estimates looks better than it is, so the cost is measured
/// again, on fresh deals, between the best and the choice made.
fn judge(view: &SeatView<'_>, advice: &Advice, made: Action, hand: u32, trick: usize, unit: Unit) -> Option<Decision> {
    let again = advice.seed ^ REMEASURE;
    let goal = unit.goal();
    let (kind, trick, played, best, cost, choices) = match (&advice.choices, made) {
        (Choices::Pass(estimates), Action::Pass { cards, .. }) => {
            let passed = cards.cards();
            let best = estimates[0].cards;
            let cost = if best == passed {
                0.0
            } else {
                let both = evaluate_these_passes(view, again, advice.samples * 4, vec![best, passed], goal);
                (both[0].value - both[1].value).max(0.0)
            };
            let choices =
                estimates.iter().map(|e| Choice::new(e.cards.to_string(), e.points, e.value, e.win_chance)).collect();
            ("pass", 0, passed.to_string(), best.to_string(), cost, choices)
        }
        (Choices::Play(estimates), Action::Play { card: played, .. }) => {
            let best = estimates[0].card;
            let cost = if best == played {
                0.0
            } else {
                let remeasured = evaluate_plays(view, again, advice.samples, goal);
                let value = |card: Card| remeasured.iter().find(|e| e.card == card).map_or(0.0, |e| e.value);
                (value(best) - value(played)).max(0.0)
            };
            let choices =
                estimates.iter().map(|e| Choice::new(e.card.to_string(), e.points, e.value, e.win_chance)).collect();
            ("play", trick, played.to_string(), best.to_string(), cost, choices)
        }
        _ => return None,
    };
    Some(Decision { kind, hand, trick, seat: view.seat.index(), played, best, cost: tenths(cost), unit, choices })
}

/// The biggest mistakes of a review, worst first, and the total cost.
pub fn summary(decisions: &[Decision], most: usize) -> (Vec<&Decision>, f64) {
    let mut costly: Vec<&Decision> = decisions.iter().filter(|d| d.costly()).collect();
    costly.sort_by(|a, b| b.cost.total_cmp(&a.cost));
    // Folded from 0.0: a sum of nothing is -0.0, shown as "-0.0 points".
    let total = decisions.iter().map(|d| d.cost).fold(0.0, |sum, cost| sum + cost);
    costly.truncate(most);
    (costly, tenths(total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hearts_engine::{BySeat, CardSet, Deal, Hand, PassDirection, Rules, Trick};

    /// Hands in deal notation (South first, then clockwise), the last seat
    /// dealing, and cards played in order from the first lead.
    fn position(rules: &Rules, deal: &str, moves: &str) -> (Hand, Vec<Trick>) {
        let hands = Deal::parse_hands(deal, 4).unwrap();
        let dealer = Seat::new(3).unwrap();
        let mut hand =
            Hand::new(rules, Deal { dealer, hands, kitty: CardSet::EMPTY, twice: CardSet::EMPTY }, PassDirection::Hold);
        let mut tricks = Vec::new();
        for text in moves.split_whitespace() {
            let before = hand.tricks_played();
            hand.play(hand.to_act(), text.parse().unwrap()).unwrap();
            if hand.tricks_played() > before {
                tricks.push(*hand.last_trick().unwrap());
            }
        }
        (hand, tricks)
    }

    /// The expert's estimates for the seat to act, best first.
    fn ranked(rules: &Rules, hand: &Hand, tricks: &[Trick]) -> Vec<hearts_bots::CardEstimate> {
        let view = SeatView::of_hand(rules, hand, tricks, hand.to_act(), BySeat::splat(0), 1);
        let mut estimates = evaluate_plays(&view, 7, 60, Goal::Win);
        estimates.sort_by(|a, b| b.value.total_cmp(&a.value));
        estimates
    }

    #[test]
    fn a_forced_duck_under_a_trick_of_points_is_the_best_card() {
        // Left won the clubs and leads KH (hearts may be led at any time
        // here); Across, void in hearts, throws QS on it. Right holds AH and
        // 2H: the ace takes the trick with 15 points, the two ducks.
        let rules = Rules { must_break_hearts: false, ..Rules::default() };
        let deal = "S:765432.876543.-.2 -.KQJT9.8765432.A Q.-.T9.KQJT987653 AKJT98.A2.AKQJ.4";
        let (hand, tricks) = position(&rules, deal, "2C AC 3C 4C KH QS");
        let estimates = ranked(&rules, &hand, &tricks);
        assert_eq!(estimates[0].card.to_string(), "2H", "{estimates:?}");
        let ace = estimates.iter().find(|e| e.card.to_string() == "AH").unwrap();
        assert!(estimates[0].value - ace.value > 10.0, "{estimates:?}");
        assert!(ace.points >= 15.0, "the ace takes the trick and its points: {estimates:?}");
    }

    #[test]
    fn a_safe_queen_dump_is_the_best_card() {
        // Left leads 9D and Across takes it with AD; Right, void in
        // diamonds, holds QS with only 2S: kept, the queen is a liability.
        let rules = Rules::default();
        let deal = "S:AKJT987.2.-.KQJT2 6543.-.98765432.A -.9876543.AKQJT.3 Q2.AKQJT.-.987654";
        let (hand, tricks) = position(&rules, deal, "2C AC 3C 4C 9D AD");
        let estimates = ranked(&rules, &hand, &tricks);
        assert_eq!(estimates[0].card.to_string(), "QS", "{estimates:?}");
    }

    #[test]
    fn the_reviewed_seat_is_the_first_person_at_home_or_at_a_server() {
        use hearts_bots::players::Level;
        let rules = Rules { target_score: 26, ..Rules::default() };
        let players = ["normal", "human:bob", "human:carol", "normal"];
        let record = hearts_bots::testing::bot_game(rules, 4, |_| Level::Normal, &players);
        assert_eq!(reviewed_seat(&record), Seat::new(1).unwrap(), "bob, the first person seated");
        let bots = hearts_bots::testing::bot_game(rules, 4, |_| Level::Normal, &["normal"; 4]);
        assert_eq!(reviewed_seat(&bots), Seat::SOUTH, "nobody: seat 0");
    }

    #[test]
    fn a_review_is_the_same_every_time_and_names_the_cost() {
        use hearts_bots::players::Level;
        let rules = Rules { target_score: 26, ..Rules::default() };
        // South plays randomly, so it makes mistakes to find.
        let level = |s: Seat| if s == Seat::SOUTH { Level::Random } else { Level::Normal };
        let record = hearts_bots::testing::bot_game(rules, 4, level, &["human", "normal", "normal", "normal"]);
        assert_eq!(reviewed_seat(&record), Seat::SOUTH);
        let first = review(&record, Seat::SOUTH, 30, |_, _| {}).unwrap();
        let again = review(&record, Seat::SOUTH, 30, |_, _| {}).unwrap();
        assert_eq!(first, again, "deterministic for a record");
        assert!(first.iter().any(|d| d.kind == "pass" && d.trick == 0 && d.choices.len() == 286), "C(13,3) passes");
        assert!(first.iter().any(|d| d.kind == "play"));
        for decision in &first {
            assert!(decision.cost >= 0.0);
            assert_eq!(decision.best, decision.choices[0].card);
            assert!(decision.choices.iter().any(|c| c.card == decision.played));
            assert_eq!(decision.verdict().is_some(), decision.cost >= NOTABLE_COST);
            assert_eq!(decision.unit, Unit::Points);
        }
        let (worst, total) = summary(&first, 3);
        assert!(worst.len() <= 3 && worst.windows(2).all(|w| w[0].cost >= w[1].cost));
        assert!(total >= worst.iter().map(|d| d.cost).sum::<f64>() - 0.1);
    }

    #[test]
    fn a_timed_game_is_reviewed_by_the_persons_tournament_score() {
        use hearts_bots::players::Level;
        let rules = Rules { target_score: 26, ..hearts_engine::Preset::Worldwinner.rules() };
        let level = |s: Seat| if s == Seat::SOUTH { Level::Random } else { Level::Normal };
        let record = hearts_bots::testing::bot_game(rules, 5, level, &["human", "normal", "normal", "normal"]);
        assert_eq!(Unit::of(&record, &rules, Seat::SOUTH), Unit::Tournament);
        // A bot's seat has no tournament score: its review counts points.
        assert_eq!(Unit::of(&record, &rules, Seat::new(1).unwrap()), Unit::Points);
        let decisions = review(&record, Seat::SOUTH, 20, |_, _| {}).unwrap();
        assert!(decisions.iter().any(|d| d.kind == "play"));
        for decision in &decisions {
            assert_eq!(decision.unit, Unit::Tournament);
            // An expected score: under 15 x 100 plus 3 x three players' 26 and
            // the game's longest run, and no lower than a lost game's floor.
            for choice in &decision.choices {
                assert!(choice.value > 0.0 && choice.value < 1_500.0 + 3.0 * 3.0 * 60.0, "{decision:?}");
            }
            // Half a point is worth 7.5 on the tournament score.
            assert_eq!(decision.verdict().is_some(), decision.cost >= 7.5, "{decision:?}");
            if let Some(verdict) = decision.verdict() {
                assert!(
                    verdict.ends_with(&format!(
                        "on the tournament score: the expert {} {} here",
                        if decision.kind == "pass" { "passes" } else { "plays" },
                        decision.best
                    )),
                    "{verdict}"
                );
            }
        }
        assert!(decisions.iter().any(|d| d.verdict().is_some()), "random play costs something");
    }
}
