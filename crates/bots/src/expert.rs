//! The `expert` bot: determinized search. It deals the cards it cannot see
//! uniformly among the deals consistent with everything its seat knows
//! (voids shown, cards it passed, hand sizes; see `sampler`, and with two
//! packs `two_packs`), weighs each deal by how well the `hard` policy
//! explains the cards the others played from it (inference), plays each
//! legal card out in every sample with the `hard` policy for all seats, and
//! picks the card with the best expected result: the hand's points against
//! the others, and near a game's end its chance of winning it (`outlook`).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::outlook::Outlook;
use super::policy::{self, Skill};
use super::sampler::{Group, UniformDeal};
use super::solver;
use super::two_packs::TwoPackWorlds;
use super::{Bot, SeatView, Voids};
use hearts_engine::{
    BySeat, Card, CardBag, CardSet, Deal, GameRng, Hand, HandPhase, HandResult, MoonRule, MoonScoring, PassDirection,
    Rules, Seat, Suit, Trick, shooter_is_asked,
};

/// Samples per decision when no time budget is given: deterministic for a
/// seed, well inside the 300 ms a decision may take, and where more samples
/// stop buying strength (docs/strength.md).
pub const DEFAULT_SAMPLES: usize = 480;

/// How much the expert searches per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Think {
    /// A fixed number of sampled deals: the same choice for the same seed.
    Samples(usize),
    /// As many samples as fit in the time (`--think MS`); the choice then
    /// depends on the machine's speed.
    Time(Duration),
}

/// What finishing first is worth, in points of one hand, near the end of
/// a game: a hand's value is then its points against the others plus this
/// much for each change in the chance of winning the game ([`Outlook`]).
const GAME_WEIGHT: f64 = 40.0;

/// The game's weight grows from nothing, while this many hands or more are
/// expected to be left, to all of it in the last one: earlier, the points
/// against the others are the better guide (docs/strength.md).
const GAME_HORIZON: f64 = 5.0;

/// Values are summed in thousandths of a point, as whole numbers, so that
/// sums do not depend on how the samples are split between threads.
const MILLI: i64 = 1000;

/// Chances of winning are summed in millionths.
const CHANCE_SCALE: f64 = 1e6;

/// What the expert's estimates measure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Goal {
    /// Winning the game: the hand's points against the others, and near
    /// the end the chance of finishing first (every bot, and the hint).
    #[default]
    Win,
    /// The timed mode's tournament score of the seat
    /// ([`Outlook::tournament_score`]): what a person's timed game is
    /// judged by, so what its review weighs.
    Tournament,
}

/// The search bot.
pub struct Expert {
    seed: u64,
    seat: Seat,
    think: Think,
    decisions: u64,
}

impl Expert {
    /// An expert for `seat`, its samples drawn from the game seed.
    pub fn new(seed: u64, seat: Seat, think: Think) -> Expert {
        Expert { seed, seat, think, decisions: 0 }
    }
}

impl Bot for Expert {
    fn name(&self) -> String {
        "expert".to_string()
    }

    fn pass(&mut self, view: &SeatView<'_>) -> CardBag {
        let candidates = pass_candidates(view);
        if candidates.len() < 2 {
            return policy::choose_pass(view, Skill::HARD).into();
        }
        self.decisions += 1;
        let seed = self.seed ^ (u64::from(view.hand_number) << 20) ^ ((self.seat.index() as u64) << 8);
        let estimates = evaluate_these_passes(view, seed, pass_samples(view.rules), candidates, Goal::Win);
        // The best value; on a tie the earlier candidate (the policy's own first).
        let best = estimates.iter().enumerate().max_by(|(i, a), (j, b)| a.value.total_cmp(&b.value).then(j.cmp(i)));
        best.map_or_else(|| policy::choose_pass(view, Skill::HARD), |(_, estimate)| estimate.cards).into()
    }

    fn play(&mut self, view: &SeatView<'_>) -> Card {
        let legal = view.legal;
        if legal.len() == 1 {
            return legal.lowest().expect("one card");
        }
        self.decisions += 1;
        let stream = (1 << 40) + ((self.seat.index() as u64) << 32) + self.decisions;
        let search = Search::new(view, self.seed ^ (u64::from(view.hand_number) << 20), stream);
        let totals = match self.think {
            Think::Samples(samples) => search.run(0, samples),
            Think::Time(budget) => {
                let start = Instant::now();
                let mut totals = Vec::new();
                let mut next = 0;
                let batch = 16;
                while totals.is_empty() || start.elapsed() < budget {
                    add_into(&mut totals, &search.run(next, batch));
                    next += batch;
                }
                totals
            }
        };
        if totals.iter().all(|total| total.samples == 0) {
            // No deal agrees with the view (a request that contradicts
            // itself): the hard policy decides rather than a blind card.
            return policy::choose_play(view, Skill::HARD);
        }
        let cards: Vec<Card> = legal.iter().collect();
        let best = (0..cards.len()).max_by_key(|&i| (totals[i].utility, std::cmp::Reverse(i)));
        best.map_or_else(|| policy::choose_play(view, Skill::HARD), |i| cards[i])
    }
}

/// Sampled deals the expert plays out for each candidate pass: where more
/// deals stop buying strength (docs/strength.md). One pass in thirteen
/// decisions sets the 95th percentile of their time.
const PASS_SAMPLES: usize = 384;

/// [`PASS_SAMPLES`], halved with two packs: a playout there plays twice the
/// cards, and the whole budget takes eleven players' passes past the time a
/// decision may take.
fn pass_samples(rules: &Rules) -> usize {
    if rules.cancellation { PASS_SAMPLES / 2 } else { PASS_SAMPLES }
}

/// Cards the expert's pass is chosen among: the ones the hard policy most
/// wants to pass.
const PASS_CANDIDATE_CARDS: usize = 6;

/// The passes the expert weighs: every choice of `pass_count` cards among
/// those the hard policy most wants gone, the policy's own pass first.
fn pass_candidates(view: &SeatView<'_>) -> Vec<CardSet> {
    let ranking = policy::pass_ranking(view, Skill::PLAYOUT);
    let pool: Vec<Card> = ranking.iter().copied().take(PASS_CANDIDATE_CARDS.max(view.pass.count)).collect();
    let own: CardSet = ranking.into_iter().take(view.pass.count).collect();
    let mut candidates = vec![own];
    candidates.extend(combinations(&pool, view.pass.count).into_iter().filter(|&cards| cards != own));
    candidates
}

/// The expert's estimate of one legal card from a seat's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardEstimate {
    /// The card.
    pub card: Card,
    /// The points the seat is expected to score for the hand if it plays it.
    pub points: f64,
    /// The expected result against the others, in points, higher the
    /// better: their mean score less this seat's (or its team's), and near
    /// the game's end the worth of the change in its chance of winning;
    /// under chips, in chips; for [`Goal::Tournament`], the expected
    /// tournament score.
    pub value: f64,
    /// The seat's (or its team's) expected chance of finishing the game
    /// first once the hand is over ([`Outlook`]); none under chips.
    pub win_chance: Option<f64>,
}

/// The expert's estimate of every legal card from `view` (the one
/// evaluation the bot, the hint and the review share), measured for
/// `goal`: `samples` sampled deals, each card played out in each.
/// Deterministic for a seed.
pub fn evaluate_plays(view: &SeatView<'_>, seed: u64, samples: usize, goal: Goal) -> Vec<CardEstimate> {
    let search = Search { reports_chance: true, goal, ..Search::new(view, seed, 1 << 44) };
    let totals = search.run(0, samples);
    view.legal
        .iter()
        .zip(totals)
        .map(|(card, total)| {
            let (points, value, win_chance) = total.means(view);
            CardEstimate { card, points, value, win_chance }
        })
        .collect()
}

/// The expert's estimate of every legal card from `view` were `world` the
/// hand as it truly stands: each card played out once in that world, dealt
/// as the search deals each of its worlds (its playouts choose without
/// chance). What the search would make of a position knowing every card: a
/// yardstick for what its worlds hide. No estimates when `world` does not
/// agree with `view`; with two packs, `world` is played out as given.
pub fn evaluate_plays_in_world(view: &SeatView<'_>, world: &Hand, goal: Goal) -> Vec<CardEstimate> {
    let search = Search { reports_chance: true, goal, ..Search::new(view, 0, 0) };
    let dealt = if view.rules.cancellation {
        Some(*world)
    } else {
        let holdings =
            BySeat::new_with(|seat| if seat.index() < view.players() { world.holding(seat) } else { CardSet::EMPTY });
        let left_over = view.unseen() - CardSet::union(holdings.of_table(view.players()));
        search.world(holdings, left_over).map(|(hand, _)| hand)
    };
    let Some(world) = dealt.filter(|world| world.to_act() == view.seat) else { return Vec::new() };
    let mut judge = Judge::new(view, true, goal);
    let mut tricks: Vec<Trick> = Vec::with_capacity(20);
    view.legal
        .iter()
        .map(|card| {
            tricks.clear();
            tricks.extend_from_slice(view.tricks);
            let mut total = Total::default();
            total.add(search.playout(world, card, &mut tricks, &mut judge), FULL_WEIGHT);
            let (points, value, win_chance) = total.means(view);
            CardEstimate { card, points, value, win_chance }
        })
        .collect()
}

/// The expert's estimate of one pass from a seat's view before passing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassEstimate {
    /// The cards passed.
    pub cards: CardSet,
    /// The points the seat is expected to score for the hand.
    pub points: f64,
    /// The expected result (as for cards).
    pub value: f64,
    /// The expected chance of finishing the game first (as for cards).
    pub win_chance: Option<f64>,
}

/// The expert's estimate of every pass the seat could make from `view`
/// (before the exchange): in each of `samples` deals of the cards it
/// cannot see, the other seats pass as the `hard` bot would, and the hand
/// is played out by the `hard` policy for everyone after each pass of this
/// seat's. Every pass is judged on the same deals, for `goal`.
/// Deterministic for a seed.
pub fn evaluate_passes(view: &SeatView<'_>, seed: u64, samples: usize, goal: Goal) -> Vec<PassEstimate> {
    let mine: Vec<Card> = view.hand.iter().collect();
    evaluate_these_passes(view, seed, samples, combinations(&mine, view.pass.count), goal)
}

/// As [`evaluate_passes`], for the passes given only.
pub fn evaluate_these_passes(
    view: &SeatView<'_>,
    seed: u64,
    samples: usize,
    candidates: Vec<CardSet>,
    goal: Goal,
) -> Vec<PassEstimate> {
    let players = view.players();
    let rules = view.rules;
    // Every copy this seat does not hold (with two packs, a card perhaps twice).
    let mine = CardBag::new(view.hand, view.doubles.hand);
    let deck = rules.deck();
    let all = if rules.cancellation { CardBag::new(deck, deck) } else { CardBag::from(deck) };
    let pool: Vec<Card> = all.less(mine).iter().collect();
    let per_seat = mine.len();
    let mut totals = vec![Total::default(); candidates.len()];
    let mut tricks: Vec<Trick> = Vec::with_capacity(20);
    let mut judge = Judge::new(view, true, goal);
    for sample in 0..samples {
        let mut rng = GameRng::new(seed, (1 << 45) + sample as u64);
        let mut pool = pool.clone();
        rng.shuffle(&mut pool);
        let mut hands = BySeat::splat(CardBag::EMPTY);
        let mut rest = pool.into_iter();
        for seat in Seat::all(players) {
            hands[seat] = if seat == view.seat { mine } else { rest.by_ref().take(per_seat).collect() };
        }
        let kitty: CardBag = rest.collect();
        let twice = Seat::all(players).fold(kitty.twice(), |twice, seat| twice | hands[seat].twice());
        let deal = Deal { dealer: view.dealer, hands: hands.map(CardBag::cards), kitty: kitty.cards(), twice };
        let dealt = Hand::new(rules, deal, view.pass.direction);
        // The others choose as the hard bot would, from their own views.
        let passes: Vec<(Seat, CardSet)> = Seat::all(players)
            .filter(|&seat| seat != view.seat)
            .map(|seat| {
                let their = SeatView::of_hand(rules, &dealt, &[], seat, view.totals, view.hand_number);
                (seat, policy::choose_pass(&their, Skill::PLAYOUT))
            })
            .collect();
        for (i, &cards) in candidates.iter().enumerate() {
            let mut hand = dealt;
            let passed = passes.iter().copied().chain(std::iter::once((view.seat, cards)));
            if passed.into_iter().any(|(seat, cards)| hand.pass(seat, cards).is_err()) {
                continue;
            }
            // The playouts after a pass do not foresee a declaration or a bid.
            while let Some(seat) = hand.to_declare() {
                hand.declare(seat, false).ok();
            }
            while let Some(seat) = hand.to_bid() {
                hand.bid(seat, None).ok();
            }
            tricks.clear();
            let result = play_out(hand, rules, view, &mut tricks);
            totals[i].add(judge.outcome(&result), 1);
        }
    }
    candidates
        .into_iter()
        .zip(totals)
        .map(|(cards, total)| {
            let (points, value, win_chance) = total.means(view);
            PassEstimate { cards, points, value, win_chance }
        })
        .collect()
}

/// Every way to choose `count` of `cards`.
fn combinations(cards: &[Card], count: usize) -> Vec<CardSet> {
    if count == 0 {
        return vec![CardSet::EMPTY];
    }
    let mut out = Vec::new();
    for (i, &card) in cards.iter().enumerate() {
        for mut rest in combinations(&cards[i + 1..], count - 1) {
            rest.insert(card);
            out.push(rest);
        }
    }
    out
}

/// Plays a hand to its end with the hard policy for every seat, and the
/// last few tricks exactly ([`solver`]). The voids are read off the tricks
/// once, then kept up to date card by card, rather than read again at every
/// decision.
fn play_out(mut hand: Hand, rules: &Rules, view: &SeatView<'_>, tricks: &mut Vec<Trick>) -> HandResult {
    let mut voids = Voids::of_tricks(rules, hand.named_suit(), tricks, hand.trick());
    while hand.phase() == HandPhase::Playing {
        if solver::can_solve(&hand, rules) {
            return solver::solve(&hand, rules).0;
        }
        let seat = hand.to_act();
        let mut seat_view = SeatView::of_hand(rules, &hand, tricks, seat, view.totals, view.hand_number);
        seat_view.known_voids = Some(voids.by_seat);
        let choice = policy::choose_play(&seat_view, playout_skill(&hand, view, seat));
        hand.play_legal(choice);
        record_trick(&hand, tricks);
        voids.note_last(&hand);
    }
    HandResult::of(&hand, rules)
}

/// How `seat` plays in the deciding seat's playouts: the playout policy,
/// and for the others also `hard`'s guard against a moon while the deciding
/// seat's side holds every point taken, so that the expert does not count
/// on moons that `hard` would not let through. The others guard only against
/// the deciding seat, so that it does not count on them to stop someone
/// else's moon.
fn playout_skill(hand: &Hand, view: &SeatView<'_>, seat: Seat) -> Skill {
    let deciding_side = |s: Seat| s == view.seat || view.is_partner(s);
    if deciding_side(seat) {
        return Skill::PLAYOUT;
    }
    let only_deciding_side_scored = Seat::all(view.players())
        .filter(|&s| !deciding_side(s))
        .all(|s| (hand.taken(s) & hand.penalty_cards()).is_empty());
    if only_deciding_side_scored { Skill::PLAYOUT_GUARDING } else { Skill::PLAYOUT }
}

/// How one playout ended for the deciding seat, in thousandths of a point
/// (and millionths of its chance of winning the game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Outcome {
    value: i64,
    points: i64,
    chance: i64,
}

/// Sums over samples for one card, each sample counted by its world's
/// weight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Total {
    utility: i64,
    points: i64,
    chance: i64,
    samples: i64,
}

impl Total {
    fn add(&mut self, outcome: Outcome, weight: i64) {
        self.utility += outcome.value * weight;
        self.points += outcome.points * weight;
        self.chance += outcome.chance * weight;
        self.samples += weight;
    }

    /// The mean points, the mean value in points against the other sides
    /// (the utility is scaled by sides - 1 to stay whole), and the mean
    /// chance of winning the game (none under chips).
    fn means(&self, view: &SeatView<'_>) -> (f64, f64, Option<f64>) {
        let n = self.samples.max(1) as f64;
        let scale = (view.rules.side_count() as f64 - 1.0).max(1.0);
        let chance = view.variants.chips.is_none().then(|| self.chance as f64 / CHANCE_SCALE / n);
        (self.points as f64 / n, self.utility as f64 / MILLI as f64 / n / scale, chance)
    }
}

fn add_into(totals: &mut Vec<Total>, more: &[Total]) {
    if totals.is_empty() {
        totals.extend_from_slice(more);
    } else {
        for (total, add) in totals.iter_mut().zip(more) {
            total.utility += add.utility;
            total.points += add.points;
            total.chance += add.chance;
            total.samples += add.samples;
        }
    }
}

/// One decision's search: what is fixed, and how to deal the rest.
struct Search<'a> {
    view: &'a SeatView<'a>,
    seed: u64,
    stream: u64,
    /// Cards each other seat must hold (passed there by this seat).
    known: BySeat<CardSet>,
    /// Cards each seat holds now (this seat's hand; others' counts).
    counts: BySeat<usize>,
    /// The other seats, in seat order.
    others: Vec<Seat>,
    /// How many of the pool's cards each other seat (in seat order) and
    /// then the kitty receive; `None` when the counts do not add up.
    needs: Option<Vec<usize>>,
    /// The receivers grouped by the suits they showed out of: receivers
    /// alike may hold the same cards, so a deal is drawn class by class
    /// (uniformly among those that agree with the voids) and each class's
    /// cards are then shared out among its members at random.
    classes: Vec<Vec<usize>>,
    /// The uniform dealer over the classes; `None` when no deal agrees.
    uniform: Option<UniformDeal>,
    /// Cards each seat played this hand, to rebuild the hand as dealt.
    played_by: BySeat<CardSet>,
    /// With two packs, the worlds are dealt copy by copy instead.
    two_packs: Option<TwoPackWorlds<'a>>,
    /// Whether to sum the chance of winning the game even where it does
    /// not weigh in the choice (for the hint and the review).
    reports_chance: bool,
    /// What the playouts are judged by.
    goal: Goal,
}

impl<'a> Search<'a> {
    fn new(view: &'a SeatView<'a>, seed: u64, stream: u64) -> Search<'a> {
        let players = view.players();
        let mut known = BySeat::splat(CardSet::EMPTY);
        if let Some((holder, cards)) = view.known_elsewhere() {
            known[holder] = cards;
        }
        let counts = BySeat::new_with(|seat| if seat.index() < players { view.cards_held_by(seat) } else { 0 });
        let mut played_by = BySeat::splat(CardSet::EMPTY);
        for trick in view.tricks.iter().chain(std::iter::once(&view.trick)) {
            for (seat, card) in trick.plays(players) {
                played_by[seat].insert(card);
            }
        }
        let fixed = CardSet::union(known.of_table(players));
        let pool: Vec<Card> = (view.unseen() - fixed).iter().collect();
        let voids = view.voids();
        let others: Vec<Seat> = Seat::all(players).filter(|&s| s != view.seat).collect();
        let needs: Option<Vec<usize>> = others.iter().map(|&s| counts[s].checked_sub(known[s].len())).collect();
        let needs = needs.and_then(|mut needs| {
            let kitty = pool.len().checked_sub(needs.iter().sum())?;
            needs.push(kitty);
            Some(needs)
        });
        // The kitty shows no void; a joker may be held by anyone.
        let pattern = |receiver: usize| others.get(receiver).map_or([false; 4], |&s| voids[s]);
        let mut patterns: Vec<[bool; 4]> = Vec::new();
        let mut classes: Vec<Vec<usize>> = Vec::new();
        for receiver in 0..=others.len() {
            match patterns.iter().position(|&p| p == pattern(receiver)) {
                Some(class) => classes[class].push(receiver),
                None => {
                    patterns.push(pattern(receiver));
                    classes.push(vec![receiver]);
                }
            }
        }
        // (Two packs deal their own worlds, for up to ten other seats.)
        let uniform = needs.as_ref().filter(|_| !view.rules.cancellation).and_then(|needs| {
            let eligible = |void: Option<usize>| {
                patterns
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| void.is_none_or(|suit| !p[suit]))
                    .fold(0u8, |b, (c, _)| b | 1 << c)
            };
            let mut groups: Vec<Group> = Suit::ALL
                .iter()
                .map(|&suit| Group {
                    cards: pool.iter().copied().filter(|c| !c.is_joker() && c.suit() == suit).collect(),
                    eligible: eligible(Some(suit as usize)),
                })
                .collect();
            groups.push(Group {
                cards: pool.iter().copied().filter(|c| c.is_joker()).collect(),
                eligible: eligible(None),
            });
            groups.retain(|group| !group.cards.is_empty());
            let class_needs: Vec<usize> =
                classes.iter().map(|members| members.iter().map(|&r| needs[r]).sum()).collect();
            UniformDeal::new(groups, &class_needs)
        });
        let two_packs = if view.rules.cancellation { TwoPackWorlds::new(view) } else { None };
        Search {
            view,
            seed,
            stream,
            known,
            counts,
            others,
            needs,
            classes,
            uniform,
            played_by,
            two_packs,
            reports_chance: false,
            goal: Goal::Win,
        }
    }

    /// Plays samples `first..first + count` and returns, per legal card in
    /// ascending order, the summed utility. Samples run on both cores; each
    /// sample has its own random stream, so the sums do not depend on the
    /// split.
    fn run(&self, first: usize, count: usize) -> Vec<Total> {
        let cards = self.view.legal.len();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 2);
        if threads == 1 || count < 8 {
            return self.run_range(first, first + count, cards);
        }
        let middle = first + count / 2;
        std::thread::scope(|scope| {
            let other = scope.spawn(|| self.run_range(middle, first + count, cards));
            let mut totals = self.run_range(first, middle, cards);
            add_into(&mut totals, &other.join().expect("search thread"));
            totals
        })
    }

    fn run_range(&self, from: usize, to: usize, cards: usize) -> Vec<Total> {
        let mut totals = vec![Total::default(); cards];
        let mut tricks: Vec<Trick> = Vec::with_capacity(20);
        let mut judge = Judge::new(self.view, self.reports_chance, self.goal);
        for sample in from..to {
            let mut rng = GameRng::new(self.seed, self.stream.wrapping_add((sample as u64) << 8));
            let Some((hand, weight)) = self.sample_hand(&mut rng) else { continue };
            for (i, card) in self.view.legal.iter().enumerate() {
                tricks.clear();
                tricks.extend_from_slice(self.view.tricks);
                totals[i].add(self.playout(hand, card, &mut tricks, &mut judge), weight);
            }
        }
        totals
    }

    /// A hand as it stands now in one world consistent with what the seat
    /// knows, and how much that world counts ([`world_weight`]); `None`
    /// when the draw failed the constraints.
    fn sample_hand(&self, rng: &mut GameRng) -> Option<(Hand, i64)> {
        let view = self.view;
        if view.rules.cancellation {
            return Some((self.two_packs.as_ref()?.sample_hand(rng)?, FULL_WEIGHT));
        }
        let mut holdings = self.known;
        holdings[view.seat] = view.hand;
        let dealt = self.deal(rng)?;
        for (&seat, &cards) in self.others.iter().zip(&dealt) {
            holdings[seat] |= cards;
        }
        self.world(holdings, dealt[self.others.len()])
    }

    /// The hand as it stands now were these the seats' holdings and
    /// `left_over` the kitty's unseen cards, rebuilt from the deal as the
    /// search deals every world (no pass, so no seat in it knows where its
    /// passed cards went), and how much that world counts; `None` when it
    /// does not agree with the view.
    fn world(&self, holdings: BySeat<CardSet>, left_over: CardSet) -> Option<(Hand, i64)> {
        let view = self.view;
        let players = view.players();
        if Seat::all(players).any(|s| holdings[s].len() != self.counts[s]) {
            return None;
        }
        // The kitty: what the deal left over, or the widow this seat took.
        let kitty = left_over | view.variants.widow;
        if view.rules.domino {
            return Some((self.domino_hand(holdings, kitty), FULL_WEIGHT));
        }
        let dealt = BySeat::new_with(|seat| holdings[seat] | self.played_by[seat]);
        let mut hand = Hand::new(
            view.rules,
            Deal { dealer: view.dealer, hands: dealt, kitty, twice: CardSet::EMPTY },
            PassDirection::Hold,
        );
        // Declarations as they were made: the first declarer stands.
        while let Some(seat) = hand.to_declare() {
            hand.declare(seat, view.variants.declarer == Some(seat)).ok()?;
        }
        // The auction as it ended: the winning bid, and the suit named.
        while let Some(seat) = hand.to_bid() {
            let winning = view.variants.high_bid.filter(|bid| bid.seat == seat && view.variants.named_suit.is_some());
            hand.bid(seat, winning.map(|bid| bid.chips)).ok()?;
        }
        if let (HandPhase::Naming, Some(suit)) = (hand.phase(), view.variants.named_suit) {
            hand.name_suit(hand.to_act(), suit).ok()?;
        }
        // The play so far, again, counting the others' cards that the hard
        // policy would not have played from this world's hands.
        // (The voids are kept card by card, as in a playout.)
        let mut surprises = 0;
        let mut replayed: Vec<Trick> = Vec::with_capacity(view.tricks.len());
        let mut voids = Voids::of_tricks(view.rules, hand.named_suit(), &replayed, hand.trick());
        for trick in view.tricks.iter().chain(std::iter::once(&view.trick)) {
            for (seat, card) in trick.plays(players) {
                if seat != view.seat && hand.legal_moves().len() > 1 {
                    let mut theirs =
                        SeatView::of_hand(view.rules, &hand, &replayed, seat, view.totals, view.hand_number);
                    theirs.known_voids = Some(voids.by_seat);
                    surprises += u32::from(policy::choose_play(&theirs, Skill::HARD) != card);
                }
                hand.play(seat, card).ok()?;
                record_trick(&hand, &mut replayed);
                voids.note_last(&hand);
            }
        }
        Some((hand, world_weight(surprises)))
    }

    /// Domino's hand in this world, taken up where it stands: draws cannot
    /// be replayed from a deal, since the stock's order depends on its
    /// cards, which differ from world to world.
    fn domino_hand(&self, holdings: BySeat<CardSet>, stock: CardSet) -> Hand {
        let view = self.view;
        let players = view.players();
        let mut taken = BySeat::splat(CardSet::EMPTY);
        let mut tricks_won = BySeat::splat(0);
        for trick in view.tricks {
            let winner = trick.winner(players).expect("a completed trick has a winner");
            taken[winner] |= trick.card_set();
            tricks_won[winner] += 1;
        }
        Hand::from_holdings(view.rules, holdings, view.dealer).resumed(
            stock,
            taken,
            tricks_won,
            view.hearts_broken,
            view.trick,
        )
    }

    /// One deal of the pool, uniformly among those that agree with the
    /// voids shown: each other seat's cards, then the kitty's.
    fn deal(&self, rng: &mut GameRng) -> Option<Vec<CardSet>> {
        let (needs, uniform) = (self.needs.as_ref()?, self.uniform.as_ref()?);
        let mut dealt = vec![CardSet::EMPTY; needs.len()];
        for (members, cards) in self.classes.iter().zip(uniform.sample(rng)) {
            let mut cards: Vec<Card> = cards.iter().collect();
            rng.shuffle(&mut cards);
            let mut cards = cards.into_iter();
            for &receiver in members {
                dealt[receiver] = cards.by_ref().take(needs[receiver]).collect();
            }
        }
        Some(dealt)
    }

    /// Plays `card` for this seat, then the rest of the hand with the hard
    /// policy for everyone; how the hand ends for this seat.
    fn playout(&self, mut hand: Hand, card: Card, tricks: &mut Vec<Trick>, judge: &mut Judge<'_>) -> Outcome {
        let view = self.view;
        let rules: &Rules = view.rules;
        if hand.play(view.seat, card).is_err() {
            return Outcome { value: -(1 << 30), points: 0, chance: 0 };
        }
        record_trick(&hand, tricks);
        judge.outcome(&play_out(hand, rules, view, tricks))
    }
}

/// The weight of a world in which nothing the others played surprises the
/// hard policy (a power of two, so weights stay whole).
const FULL_WEIGHT: i64 = 1 << 16;

/// How much a world counts, by how many of the others' cards this hand the
/// hard policy would have played otherwise from that world's hands: each
/// surprise halves it, as the world is less likely the real one (a player
/// who threw a heart where it could have dropped the QS probably has no
/// QS). Halving measured best against `hard` (docs/strength.md); a floor
/// keeps every world in.
fn world_weight(surprises: u32) -> i64 {
    FULL_WEIGHT >> surprises.min(16)
}

/// Keeps `tricks` up with the hand: the trick just completed, if one was.
fn record_trick(hand: &Hand, tricks: &mut Vec<Trick>) {
    if hand.tricks_played() > tricks.len()
        && let Some(trick) = hand.last_trick()
    {
        tricks.push(*trick);
    }
}

/// How good a finished hand is for the deciding seat, in thousandths of a
/// point (whole, so sums do not depend on the order they are added in).
struct Judge<'a> {
    view: &'a SeatView<'a>,
    outlook: Outlook<'a>,
    /// The seat's chance of finishing first as the hand began.
    chance_before: f64,
    /// What a change in that chance is worth in points, scaled as the value.
    game_weight: f64,
    /// Whether to work out the chance of winning where it weighs nothing.
    reports_chance: bool,
    /// What the hand is judged by.
    goal: Goal,
    /// The game term and the chance of totals already judged: few hands'
    /// ends differ.
    game_terms: HashMap<BySeat<i32>, (i64, i64)>,
}

impl<'a> Judge<'a> {
    fn new(view: &'a SeatView<'a>, reports_chance: bool, goal: Goal) -> Judge<'a> {
        let outlook = Outlook::new(view.rules, view.hand_number);
        let chance_before = outlook.win_chance(&view.totals, view.rules.side(view.seat));
        let nearness = ((GAME_HORIZON - outlook.hands_left(&view.totals)) / (GAME_HORIZON - 1.0)).clamp(0.0, 1.0);
        let game_weight = nearness * GAME_WEIGHT * (view.rules.side_count() - 1) as f64 * MILLI as f64;
        Judge { view, outlook, chance_before, game_weight, reports_chance, goal, game_terms: HashMap::new() }
    }

    /// The hand's value against the others (the others' average score
    /// minus the seat's, scaled by sides - 1 to stay whole) with the change
    /// in its chance of winning the game weighed in near the end, or for
    /// the tournament its expected score (scaled alike); the seat's score;
    /// and its chance of winning the game.
    fn outcome(&mut self, result: &HandResult) -> Outcome {
        let view = self.view;
        let rules = view.rules;
        let players = view.players();
        let me = view.seat;
        if let Some(chips) = view.variants.chips {
            // Chips: the seat's gain against the others' mean gain.
            let change = chips.settle(result, rules).change;
            let others: i64 = Seat::all(players).filter(|&s| s != me).map(|s| i64::from(change[s])).sum();
            let scores = result.scores(rules, solver::moon_scoring(rules));
            let value = (i64::from(change[me]) * (players as i64 - 1) - others) * MILLI;
            return Outcome { value, points: i64::from(scores[me]), chance: 0 };
        }
        let scores = result.scores(rules, self.moon_scoring(result));
        let points = i64::from(scores[me]);
        // Sides: the players, or the teams (a team's score is both partners').
        let mine = rules.side(me);
        if self.goal == Goal::Tournament {
            let (score, chance) = self.game_terms(view.totals_after(&scores), mine);
            return Outcome { value: score, points, chance };
        }
        let sides = rules.side_count();
        let side_score = |side: usize| i64::from(rules.side_total(&scores, side));
        let others: i64 = (0..sides).filter(|&side| side != mine).map(side_score).sum();
        let hand = others - side_score(mine) * (sides as i64 - 1);
        let (game, chance) = if self.game_weight == 0.0 && !self.reports_chance {
            (0, 0)
        } else {
            self.game_terms(view.totals_after(&scores), mine)
        };
        Outcome { value: hand * MILLI + game, points, chance }
    }

    /// The game term (for the tournament, the expected tournament score,
    /// scaled as the value) and the chance of winning (in millionths) of
    /// `side` if the hand leaves these totals, each worked out once.
    fn game_terms(&mut self, totals: BySeat<i32>, side: usize) -> (i64, i64) {
        let (outlook, chance_before, game_weight) = (&self.outlook, self.chance_before, self.game_weight);
        let others = self.view.rules.side_count() as f64 - 1.0;
        let goal = self.goal;
        *self.game_terms.entry(totals).or_insert_with(|| {
            let chance = outlook.win_chance(&totals, side);
            let term = match goal {
                Goal::Win => (chance - chance_before) * game_weight,
                Goal::Tournament => outlook.tournament_score(&totals, side) * others * MILLI as f64,
            };
            (term.round() as i64, (chance * CHANCE_SCALE).round() as i64)
        })
    }

    /// How a moon in this result counts: as the rule fixes it, or as its
    /// shooter would choose where the rule lets it.
    fn moon_scoring(&self, result: &HandResult) -> Option<MoonScoring> {
        let rules = self.view.rules;
        let totals_each_way = |scoring| self.view.totals_after(&result.scores(rules, Some(scoring)));
        match (rules.moon_in_play(), result.shooter) {
            (MoonRule::ShooterPicks, Some(shooter)) => Some(self.outlook.shooter_choice(shooter, totals_each_way)),
            (MoonRule::ShooterChooses, Some(shooter))
                if shooter_is_asked(
                    rules,
                    &totals_each_way(MoonScoring::AddToOthers),
                    self.view.hand_number,
                    shooter,
                ) =>
            {
                Some(self.outlook.shooter_choice(shooter, totals_each_way))
            }
            _ => solver::moon_scoring(rules),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hearts_engine::{Game, Rules, Suit};

    #[test]
    fn a_void_seat_leaves_the_queen_to_either_other_seat_alike() {
        // South leads the 2S and West shows out with the 4H. Six cards are
        // unseen, two to each other seat: the QS cannot be West's, and of the
        // 60 deals that agree, 30 give her to North and 30 to East.
        let deal = "S:32.2.-.- -.654.-.- Q4.7.-.- 5.98.-.-";
        let holdings = hearts_engine::Deal::parse_hands(deal, 4).unwrap();
        // A deck of just these twelve cards, three to a hand.
        let rules = Rules {
            removed_cards: Some(CardSet::DECK - CardSet::union(holdings.of_table(4))),
            pass_count: 0,
            first_lead: hearts_engine::FirstLead::LeftOfDealer,
            no_blood: false,
            must_break_hearts: false,
            ..Rules::default()
        };
        rules.validate().unwrap();
        let mut hand = Hand::from_holdings(&rules, holdings, Seat::new(3).unwrap());
        for text in ["2S", "4H", "4S", "5S"] {
            hand.play(hand.to_act(), text.parse().unwrap()).unwrap();
        }
        let tricks = [*hand.last_trick().unwrap()];
        let view = SeatView::of_hand(&rules, &hand, &tricks, Seat::SOUTH, BySeat::splat(0), 1);
        let search = Search::new(&view, 1, 1);
        let queen = Card::QUEEN_OF_SPADES;
        let mut rng = GameRng::new(5, 5);
        let mut with_north = 0;
        let samples = 4000;
        for _ in 0..samples {
            let (world, _) = search.sample_hand(&mut rng).expect("every sample agrees");
            assert!(!world.holding(Seat::new(1).unwrap()).contains(queen), "West showed out of spades");
            with_north += usize::from(world.holding(Seat::new(2).unwrap()).contains(queen));
        }
        // Half, within five standard errors (0.5 * 0.5 / 4000).
        let share = with_north as f64 / samples as f64;
        assert!(
            (share - 0.5).abs() < 5.0 * (0.25 / samples as f64).sqrt(),
            "the QS with North in {share:.3} of samples"
        );
    }

    /// A view of `seat` after `moves` from these hands (a deck of just
    /// these cards), with the tricks completed so far.
    fn view_after<'a>(
        rules: &'a Rules,
        hand: &mut Hand,
        moves: &str,
        tricks: &'a mut Vec<hearts_engine::Trick>,
        seat: usize,
    ) -> SeatView<'a> {
        for text in moves.split_whitespace() {
            hand.play(hand.to_act(), text.parse().unwrap()).unwrap();
            if hand.tricks_played() > tricks.len() {
                tricks.push(*hand.last_trick().unwrap());
            }
        }
        SeatView::of_hand(rules, hand, tricks, Seat::new(seat).unwrap(), BySeat::splat(0), 1)
    }

    /// These rules with no passing, South leading any card to the first
    /// trick and any card playable on it, hearts too.
    fn open_lead(rules: Rules) -> Rules {
        Rules {
            pass_count: 0,
            first_lead: hearts_engine::FirstLead::LeftOfDealer,
            no_blood: false,
            must_break_hearts: false,
            ..rules
        }
    }

    fn small_deck(deal: &str, rules: Rules) -> (Rules, Hand) {
        let holdings = hearts_engine::Deal::parse_hands(deal, 4).unwrap();
        let rules = Rules { removed_cards: Some(CardSet::DECK - CardSet::union(holdings.of_table(4))), ..rules };
        (rules, Hand::from_holdings(&rules, holdings, Seat::new(3).unwrap()))
    }

    #[test]
    fn a_penalty_card_thrown_on_the_first_trick_under_no_blood_says_the_rest_are_penalty_cards() {
        // West cannot follow the 2C and throws the 5H: under no-blood it had
        // only penalty cards, so its other two are the 6H and the QS, never
        // a diamond, in every world.
        let (rules, mut hand) = small_deck("S:-.-.32.2 Q.65.-.- -.-.54.3 -.-.76.4", Rules::default());
        let mut tricks = Vec::new();
        let view = view_after(&rules, &mut hand, "2C 5H 3C 4C", &mut tricks, 0);
        assert!(view.voids()[Seat::new(1).unwrap()][Suit::Diamonds as usize]);
        let search = Search::new(&view, 1, 1);
        let mut rng = GameRng::new(9, 9);
        for _ in 0..200 {
            let (world, _) = search.sample_hand(&mut rng).expect("every world agrees with the rules' facts");
            assert_eq!(world.holding(Seat::new(1).unwrap()), "QS 6H".parse().unwrap());
        }
    }

    #[test]
    fn a_heart_led_before_hearts_broke_says_the_leader_held_only_hearts() {
        // North wins the first trick with the AC and leads the 2H before
        // hearts are broken: its last card is a heart, the 3H, in every world.
        let (rules, mut hand) =
            small_deck("S:-.-.43.2 -.-.65.3 -.32.-.A -.-.87.4", Rules { no_blood: false, ..Rules::default() });
        let mut tricks = Vec::new();
        let view = view_after(&rules, &mut hand, "2C 3C AC 4C 2H", &mut tricks, 3);
        let north = Seat::new(2).unwrap();
        assert_eq!(view.voids()[north], [true, true, true, false], "void in clubs, diamonds and spades");
        let search = Search::new(&view, 1, 1);
        let mut rng = GameRng::new(9, 9);
        for _ in 0..200 {
            let (world, _) = search.sample_hand(&mut rng).expect("every world agrees with the rules' facts");
            assert_eq!(world.holding(north), "3H".parse().unwrap());
        }
    }

    #[test]
    fn a_seat_that_threw_a_heart_where_it_could_drop_the_queen_probably_has_no_queen() {
        // South leads the 2D; West shows out with the 4H, then North and East
        // follow. Of the deals that agree, 24 in 60 give West the QS; but
        // holding her, West would have dropped her on South's trick, so
        // those worlds count for less.
        let (rules, mut hand) = small_deck("S:-.-.52.2 -.4.-.53 Q.-.6.4 -.-.87.6", open_lead(Rules::default()));
        let mut tricks = Vec::new();
        let view = view_after(&rules, &mut hand, "2D 4H 6D 7D", &mut tricks, 0);
        let search = Search::new(&view, 1, 1);
        let west = Seat::new(1).unwrap();
        let mut rng = GameRng::new(4, 4);
        let (mut worlds, mut with_west, mut weight, mut weight_with_west) = (0, 0, 0, 0);
        for _ in 0..3000 {
            let (world, world_weight) = search.sample_hand(&mut rng).expect("every sample agrees");
            let has_queen = world.holding(west).contains(Card::QUEEN_OF_SPADES);
            worlds += 1;
            weight += world_weight;
            if has_queen {
                with_west += 1;
                weight_with_west += world_weight;
            }
        }
        let drawn = f64::from(with_west) / f64::from(worlds);
        let weighed = weight_with_west as f64 / weight as f64;
        assert!((drawn - 0.4).abs() < 0.05, "drawn uniformly: the QS with West in {drawn:.3} of worlds");
        // Every world giving West the QS is a surprise, and none of the
        // others (West's only heart was the one to throw): 4 x 1/2 against
        // 6 x 1 + 4 x 1/2, a quarter.
        assert!((weighed - 0.25).abs() < 0.05, "weighed by West's play: {weighed:.3} against {drawn:.3}");
    }

    /// The estimate of the card named.
    fn estimate_of(estimates: &[CardEstimate], card: &str) -> CardEstimate {
        let card: Card = card.parse().unwrap();
        *estimates.iter().find(|e| e.card == card).unwrap()
    }

    /// West will lead the QS to South's KS and 3S, the deck's only penalty
    /// card (so no moon), under these rules.
    fn queen_led_at_88(rules: Rules) -> (Rules, Hand) {
        small_deck("S:K3.-.-.2 Q.-.6.5 4.-.7.3 5.-.8.4", open_lead(Rules { moon: MoonRule::Off, ..rules }))
    }

    /// South's view, last to play to West's QS, with the totals at 40, 88,
    /// 45 and 50.
    fn view_of_queen_led_at_88<'a>(
        rules: &'a Rules,
        hand: &mut Hand,
        tricks: &'a mut Vec<hearts_engine::Trick>,
    ) -> SeatView<'a> {
        let mut view = view_after(rules, hand, "2C 5C 3C 4C QS 4S 5S", tricks, 0);
        view.totals = BySeat::new_with(|seat| [40, 88, 45, 50].get(seat.index()).copied().unwrap_or(0));
        view
    }

    #[test]
    fn near_the_end_the_expert_leaves_the_queen_to_the_player_she_puts_out() {
        // West leads the QS; South, last to play, holds the KS and the 3S.
        // West is at 88: the queen ends the game with South lowest (40), so
        // ducking wins it outright, while the KS costs 13 and the game goes on.
        // (The deck's only penalty card is the queen: no moon here.)
        let (rules, mut hand) = queen_led_at_88(Rules::default());
        let mut tricks = Vec::new();
        let view = view_of_queen_led_at_88(&rules, &mut hand, &mut tricks);
        let estimates = evaluate_plays(&view, 1, 20, Goal::Win);
        let (duck, king) = (estimate_of(&estimates, "3S"), estimate_of(&estimates, "KS"));
        assert_eq!(duck.win_chance, Some(1.0), "{estimates:?}");
        let king_chance = king.win_chance.unwrap();
        assert!(king_chance > 0.05 && king_chance < 0.8, "{estimates:?}");
        assert_eq!((duck.points, king.points), (0.0, 13.0));
        assert!(duck.value > king.value + 13.0, "the game counts beyond the points: {estimates:?}");
        assert_eq!(Expert::new(1, Seat::SOUTH, Think::Samples(20)).play(&view), duck.card);
    }

    #[test]
    fn for_the_tournament_a_card_is_worth_the_timed_score_it_leads_to() {
        // The position above with the clock on. Ducking ends the game in
        // every world with South lowest at 40 against 101, 45 and 50:
        // 15 x (100 - 40) + 3 x 196 = 1,488. The KS costs 13 points of the
        // score bonus (15 each) and the likely win bonus with the game going on.
        let (rules, mut hand) = queen_led_at_88(Rules { clock_minutes: 10, ..Rules::default() });
        let mut tricks = Vec::new();
        let view = view_of_queen_led_at_88(&rules, &mut hand, &mut tricks);
        let estimates = evaluate_plays(&view, 1, 20, Goal::Tournament);
        let (duck, king) = (estimate_of(&estimates, "3S"), estimate_of(&estimates, "KS"));
        assert_eq!(duck.value, 1_488.0, "{estimates:?}");
        assert!(king.value < duck.value - 15.0 * 13.0 - 3.0 * 101.0, "{estimates:?}");
    }

    #[test]
    fn the_expert_stops_a_moon_with_the_ace_of_hearts() {
        // West took the QS on the first trick and leads the KH; South, last
        // to play, holds the AH and the 3H and passed West the AD. Ducking
        // lets West take the trick, lead the AD and collect the AH South
        // must throw on it: every penalty card, 18 to South. The ace costs
        // South the trick's 4 points and the 3H it must then lead into its
        // own trick, 5 in all, and stops the moon.
        let (rules, mut hand) = small_deck("S:-.A3.-.2 -.K.A.A Q.4.6.- -.5.7.3", open_lead(Rules::default()));
        let mut tricks = Vec::new();
        let mut view = view_after(&rules, &mut hand, "2C AC QS 3C KH 4H 5H", &mut tricks, 0);
        view.pass.passed = "AD".parse().unwrap();
        view.pass.target = Some(Seat::new(1).unwrap());
        let estimates = evaluate_plays(&view, 1, 30, Goal::Win);
        let (ace, duck) = (estimate_of(&estimates, "AH"), estimate_of(&estimates, "3H"));
        assert_eq!((ace.points, duck.points), (5.0, 18.0), "{estimates:?}");
        assert!(ace.value > duck.value + 5.0, "{estimates:?}");
        assert_eq!(Expert::new(1, Seat::SOUTH, Think::Samples(30)).play(&view), ace.card);
    }

    /// South keeps one of AS and 2S for the last trick, after
    /// [`EXIT_PLAYS`]; East holds the 5S. (No moon: with two penalty
    /// cards in the deck, taking both would be one.)
    fn exit_deal() -> (Rules, Hand) {
        small_deck("S:A2.-.-.2 -.3.5.A -.4.6.3 5.-.7.4", open_lead(Rules { moon: MoonRule::Off, ..Rules::default() }))
    }

    /// West wins the clubs and leads the 5D; South, out of diamonds, is to play.
    const EXIT_PLAYS: &str = "2C AC 3C 4C 5D 6D 7D";

    #[test]
    fn knowing_every_card_the_search_counts_what_the_true_deal_gives_each_card() {
        // East does hold the 5S: it wins the diamonds and leads it, so the
        // AS kept takes West's 3H and North's 4H, and the AS thrown now
        // takes nothing.
        let (rules, mut hand) = exit_deal();
        let mut tricks = Vec::new();
        let view = view_after(&rules, &mut hand, EXIT_PLAYS, &mut tricks, 0);
        let estimates = evaluate_plays_in_world(&view, &hand, Goal::Win);
        let (high, exit) = (estimate_of(&estimates, "AS"), estimate_of(&estimates, "2S"));
        assert_eq!((high.points, exit.points), (0.0, 2.0), "{estimates:?}");
        assert!(high.value > exit.value, "{estimates:?}");
    }

    #[test]
    fn the_expert_keeps_a_low_card_to_exit_with() {
        // If the 5S is East's (East wins the diamonds and must lead it), the
        // 2S ducks under it and the AS would take the two hearts the others
        // throw on it.
        let (rules, mut hand) = exit_deal();
        let mut tricks = Vec::new();
        let view = view_after(&rules, &mut hand, EXIT_PLAYS, &mut tricks, 0);
        let estimates = evaluate_plays(&view, 1, 30, Goal::Win);
        let (high, exit) = (estimate_of(&estimates, "AS"), estimate_of(&estimates, "2S"));
        // Throwing the ace takes nothing; keeping it takes the hearts
        // whenever East holds the 5S (a third of the deals South can see).
        assert_eq!(high.points, 0.0, "{estimates:?}");
        assert!(exit.points > 0.3 && exit.points < 1.1, "{estimates:?}");
        assert!(high.value > exit.value, "{estimates:?}");
        assert_eq!(Expert::new(1, Seat::SOUTH, Think::Samples(30)).play(&view), high.card);
    }

    #[test]
    fn in_the_playouts_the_others_guard_against_the_deciding_seats_moon_only() {
        // South took three of the four hearts (too few for West's policy to
        // call it a threat) and leads the AD; West, out of diamonds, holds
        // the last heart (the AH) and two high clubs. Keeping the AH off
        // South's trick, West wins the clubs South leads next and takes a
        // trick with it: no moon. In North's playouts South's moon is not
        // West's to stop, and West throws the AH on the diamond.
        let (rules, mut hand) = small_deck("S:-.5.A.98 -.A2.-.AK -.3.2.43 2.-.3.65", open_lead(Rules::default()));
        let mut tricks = Vec::new();
        let view = view_after(&rules, &mut hand, "5H 2H 3H 2S AD", &mut tricks, 0);
        let (west, north) = (Seat::new(1).unwrap(), Seat::new(2).unwrap());
        assert_eq!(playout_skill(&hand, &view, west), Skill::PLAYOUT_GUARDING);
        assert_eq!(playout_skill(&hand, &view, Seat::SOUTH), Skill::PLAYOUT);
        let done = view.tricks.to_vec();
        let guarded = play_out(hand, &rules, &view, &mut done.clone());
        assert_eq!(guarded.shooter, None);
        assert_eq!((guarded.points_taken[Seat::SOUTH], guarded.points_taken[west]), (3, 1));

        let norths = SeatView::of_hand(&rules, &hand, &done, north, BySeat::splat(0), 1);
        assert_eq!(playout_skill(&hand, &norths, west), Skill::PLAYOUT);
        let unguarded = play_out(hand, &rules, &norths, &mut done.clone());
        assert_eq!(unguarded.shooter, Some(Seat::SOUTH));
    }

    #[test]
    fn with_no_world_to_agree_the_expert_plays_as_hard_does() {
        // A view that contradicts itself, as a bot protocol request may: it
        // says East passed North the 5D, yet North led a heart before they
        // broke, so held only hearts. No deal agrees; the hard policy decides.
        let (rules, mut hand) =
            small_deck("S:-.-.43.2 -.-.65.3 -.32.-.A -.-.87.4", Rules { no_blood: false, ..Rules::default() });
        let mut tricks = Vec::new();
        let mut view = view_after(&rules, &mut hand, "2C 3C AC 4C 2H", &mut tricks, 3);
        view.pass.passed = "5D".parse().unwrap();
        view.pass.target = Some(Seat::new(2).unwrap());
        let search = Search::new(&view, 1, 1);
        assert!((0..50).all(|n| search.sample_hand(&mut GameRng::new(n, n)).is_none()), "no world agrees");
        let mut expert = Expert::new(1, Seat::new(3).unwrap(), Think::Samples(20));
        let hard = policy::choose_play(&view, Skill::HARD);
        assert_ne!(hard, view.legal.lowest().unwrap(), "the test tells the two apart");
        assert_eq!(expert.play(&view), hard);
    }

    #[test]
    fn samples_respect_hand_sizes_voids_and_known_cards() {
        use hearts_engine::{Kitty, Preset};
        let tables = [
            Rules::default(),
            // A declaration is replayed in every sample; the widow's taker
            // deals it to the kitty it knows.
            Preset::ChasseCoeur.rules(),
            Rules { players: 3, kitty: Kitty::Heartsette, ..Rules::default() },
        ];
        for rules in tables {
            let players = rules.player_count();
            let mut game = Game::new(rules, 7).unwrap();
            // Play the game to the middle of a hand with the normal policy.
            let mut steps = 0;
            while steps < 20 {
                let seat = crate::seat_to_act(&game).unwrap();
                let mut bot = crate::Level::Normal.bot(7, seat, Think::Samples(1));
                let action = crate::decide(&game, seat, bot.as_mut()).unwrap();
                game.apply(action).unwrap();
                if game.hand().phase() == HandPhase::Playing {
                    steps += 1;
                }
            }
            // The widow's taker, if it is to play, else the seat to act.
            let seat = game.hand().to_act();
            let view = SeatView::of(&game, seat);
            let search = Search::new(&view, 1, 1);
            let mut rng = GameRng::new(3, 3);
            let mut accepted = 0;
            for _ in 0..200 {
                let Some((hand, _)) = search.sample_hand(&mut rng) else { continue };
                accepted += 1;
                assert_eq!(hand.holding(seat), view.hand);
                assert_eq!(hand.trick(), &view.trick);
                assert_eq!(hand.declarer(), view.variants.declarer);
                if !view.variants.widow.is_empty() {
                    assert_eq!(hand.kitty(), view.variants.widow);
                }
                for other in Seat::all(players) {
                    assert_eq!(hand.holding(other).len(), view.cards_held_by(other));
                    for suit in Suit::ALL {
                        if view.voids()[other][suit as usize] {
                            assert!(hand.holding(other).of_suit(suit).is_empty());
                        }
                    }
                }
                if let Some((holder, cards)) = view.known_elsewhere() {
                    assert!(hand.holding(holder).is_superset(cards));
                }
            }
            assert_eq!(accepted, 200, "{rules:?}: every sample meets the constraints");
        }
    }
}
