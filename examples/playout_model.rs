//! Issue 55's first early check: can a small model learn the expert's
//! search from its self-play (`examples/selfplay.rs`), closely enough to
//! be the player inside its playouts? Each legal card is described by
//! numbers of what it does in its position (whether it wins the trick and
//! what the trick holds, its points, how many cards still out rank above
//! and below it, its suit in the hand, whether later seats are void there,
//! whether a lady is out above it, whether one other seat has every point
//! and how many), and a model scores it: a linear one and a small MLP
//! (one hidden layer), each with one set of weights for leads, follows and
//! discards. Both learn the search's values as soft targets (each card's
//! share the softmax of its value over a temperature), on every game but
//! each fifth by seed, and are judged on those held out: how often their
//! likeliest card is one the search ranks best (tied with the best
//! counts), beside `hard` on the same decisions.
//!
//! ```sh
//! cargo run --release --example playout_model -- selfplay-1000.jsonl selfplay-5000.jsonl
//! ```

#[path = "common/selfplay_files.rs"]
mod selfplay_files;

use hearts_bots::{Level, SeatView, Skill, Think, choose_play, decide};
use hearts_engine::{Action, Card, CardSet, Game, HandPhase, HandResult, Seat, Suit};

/// Numbers describing one card in one position.
const FEATURES: usize = 37;
/// The MLP's hidden units.
const HIDDEN: usize = 24;
/// The temperature of the soft targets, in points of the search's value.
const TEMPERATURE: f32 = 0.5;

/// What a decision is: the weights differ for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Situation {
    Lead = 0,
    Follow = 1,
    Discard = 2,
}

/// One play decision with two legal cards or more.
struct Decision {
    situation: Situation,
    /// Each legal card's features, in the order of `values`.
    cards: Vec<[f32; FEATURES]>,
    /// The search's value of each.
    values: Vec<f32>,
    /// Whether the search ranks it best (tied with the best counts).
    best: Vec<bool>,
    /// Whether `hard`'s card is one of the best.
    hard_best: bool,
    /// The position just after the card the search chose was played (the
    /// true deal), the seat, and the hand's real value for it.
    after: Game,
    seat: Seat,
    real: f32,
    /// Someone shot the moon in the hand as really played.
    real_moon: bool,
}

/// A finished hand's value for `seat`: the others' mean score less its own
/// (a moon adds its points to everyone else).
fn hand_value(result: &HandResult, seat: Seat, players: usize) -> f32 {
    let score = |s: Seat| match result.shooter {
        Some(shooter) if shooter == s => 0,
        Some(_) => result.penalty_total,
        None => result.points_taken[s],
    };
    let others: i32 = Seat::all(players).filter(|&s| s != seat).map(score).sum();
    others as f32 / (players - 1) as f32 - score(seat) as f32
}

/// Plays the hand of `position` out with `choose` at every seat; its
/// value for `seat`, and whether someone shot the moon.
fn play_out(mut position: Game, seat: Seat, choose: &dyn Fn(&Game, Seat) -> Card) -> (f32, bool) {
    while position.hand().phase() == HandPhase::Playing {
        let to_act = position.hand().to_act();
        let card = choose(&position, to_act);
        if position.apply(Action::Play { seat: to_act, card }).is_err() {
            break;
        }
    }
    let result = HandResult::of(position.hand(), position.rules());
    (hand_value(&result, seat, position.rules().player_count()), result.shooter.is_some())
}

fn features(view: &SeatView<'_>, card: Card) -> [f32; FEATURES] {
    let situation = situation_of(view);
    let players = view.players();
    let voids = view.voids();
    let mut later_void = [0usize; 4];
    for seat in view.later_seats() {
        for (suit, void) in later_void.iter_mut().enumerate() {
            *void += usize::from(voids[seat][suit]);
        }
    }
    let mut scorers = Seat::all(players).filter(|&s| view.points_taken[s] > 0);
    let (first, second) = (scorers.next(), scorers.next());
    let watch = match (first, second) {
        (Some(one), None) if one != view.seat => Some(one),
        _ => None,
    };
    let mine_only = first == Some(view.seat) && second.is_none();
    let unseen_all = view.unseen();
    let ladies_out = unseen_all & view.ladies();
    let winning = view.trick.winning_card();
    let in_trick = view.value_in_trick();
    let suit = card.suit();
    let hearts = view.penalty_suit();
    let rank = card.rank().index() as f32 / 12.0;
    let unseen = unseen_all.of_suit(suit);
    let higher = unseen.above(card).len() as f32;
    let lower = unseen.below(card).len() as f32;
    let mine: CardSet = view.hand.of_suit(suit);
    let value = view.value(card);
    let wins = match winning {
        None => false,
        Some(winning) => !winning.is_joker() && suit == winning.suit() && card.rank() > winning.rank(),
    };
    let winner = view.trick.winner(players);
    let lady_out = ladies_out.of_suit(suit).highest();
    let trick = view.tricks.len() as f32 / 12.0;
    let ducks_highest =
        winning.is_some_and(|w| w.suit() == suit && view.legal.below(w).of_suit(suit).highest() == Some(card));
    let boss_lead = situation == Situation::Lead && higher == 0.0;
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    let watched_points = watch.map_or(0, |seat| view.points_taken[seat]);
    [
        rank,
        higher / 13.0,
        lower / 13.0,
        flag(higher == 0.0),
        flag(wins),
        if wins { (in_trick + value) as f32 / 13.0 } else { 0.0 },
        value as f32 / 13.0,
        flag(view.ladies().contains(card)),
        flag(suit == hearts),
        mine.len() as f32 / 13.0,
        flag(mine.len() == 1),
        flag(mine.highest() == Some(card)),
        flag(mine.lowest() == Some(card)),
        flag(ducks_highest),
        flag(view.is_last_to_play()),
        flag(later_void[suit as usize] > 0),
        flag(lady_out.is_some_and(|lady| card.rank() > lady.rank())),
        flag(lady_out.is_some_and(|lady| card.rank() < lady.rank())),
        flag(watch.is_some() && wins),
        flag(watch.is_some() && suit == hearts && mine.highest() == Some(card)),
        flag(value > 0 && watch.is_some() && winner == watch),
        flag(mine_only && (wins || boss_lead)),
        rank * flag(suit == hearts),
        flag(!view.hearts_broken && suit == hearts),
        mine.above(card).len() as f32 / 13.0,
        trick * flag(wins || boss_lead),
        trick * rank,
        later_void[suit as usize] as f32 / 3.0,
        in_trick as f32 / 13.0,
        flag(wins && view.is_last_to_play()),
        view.points_taken[view.seat] as f32 / 26.0,
        watched_points as f32 / 26.0,
        flag(suit == Suit::Spades && lady_out.is_some_and(|lady| card.rank() > lady.rank())),
        flag(suit == Suit::Spades),
        flag(suit == Suit::Clubs),
        flag(suit == Suit::Diamonds),
        flag(boss_lead && value == 0),
    ]
}

fn situation_of(view: &SeatView<'_>) -> Situation {
    match view.led_suit() {
        None => Situation::Lead,
        Some(led) if !view.legal.of_suit(led).is_empty() => Situation::Follow,
        Some(_) => Situation::Discard,
    }
}

/// Every decision of the files, with its game's seed.
fn read(files: &[String]) -> Vec<(u64, Decision)> {
    let mut out = Vec::new();
    for game in selfplay_files::games(files, "playout_model") {
        let mut hards: Vec<_> = Seat::all(game.start.rules().player_count())
            .map(|seat| Level::Hard.bot(game.seed, seat, Think::Samples(1)))
            .collect();
        // Each hand's result as really played, by hand number.
        let mut results = Vec::new();
        game.walk(|position, action, _| {
            let mut after = position.clone();
            if after.apply(*action).is_ok()
                && position.hand().phase() != HandPhase::Finished
                && after.hand().phase() == HandPhase::Finished
            {
                results.push(HandResult::of(after.hand(), after.rules()));
            }
        });
        game.walk(|position, action, decision| {
            let (Some(decision), Action::Play { seat, .. }) = (decision, *action) else { return };
            let Some(cards) = decision["cards"].as_array().filter(|cards| cards.len() > 1) else { return };
            let view = SeatView::of(position, seat);
            let mut entries = Vec::new();
            for entry in cards {
                let (Some(card), Some(value)) = (entry[0].as_str(), entry[1].as_f64()) else { continue };
                let Ok(card) = card.parse::<Card>() else { continue };
                entries.push((card, value as f32));
            }
            let top = entries.iter().map(|(_, v)| *v).fold(f32::NEG_INFINITY, f32::max);
            let best: Vec<bool> = entries.iter().map(|(_, v)| *v >= top - 1e-6).collect();
            let hard = match decide(position, seat, hards[seat.index()].as_mut()) {
                Some(Action::Play { card, .. }) => Some(card),
                _ => None,
            };
            let hard_best = entries.iter().zip(&best).any(|((card, _), &b)| b && Some(*card) == hard);
            let mut after = position.clone();
            let (Some(result), true) = (results.get(position.history().len()), after.apply(*action).is_ok()) else {
                return;
            };
            out.push((
                game.seed,
                Decision {
                    situation: situation_of(&view),
                    cards: entries.iter().map(|(card, _)| features(&view, *card)).collect(),
                    values: entries.iter().map(|(_, v)| *v).collect(),
                    best,
                    hard_best,
                    after,
                    seat,
                    real: hand_value(result, seat, position.rules().player_count()),
                    real_moon: result.shooter.is_some(),
                },
            ));
        });
    }
    out
}

fn softmax(scores: &[f32]) -> Vec<f32> {
    let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exp: Vec<f32> = scores.iter().map(|s| (s - top).exp()).collect();
    let sum: f32 = exp.iter().sum();
    exp.iter().map(|e| e / sum).collect()
}

/// The soft target: each card's share of the softmax of its value.
fn target(decision: &Decision) -> Vec<f32> {
    let scaled: Vec<f32> = decision.values.iter().map(|v| v / TEMPERATURE).collect();
    softmax(&scaled)
}

/// A model scores each card by its features; the likeliest is its choice.
trait Model {
    fn scores(&self, cards: &[[f32; FEATURES]]) -> Vec<f32>;
}

/// The index of the highest score (the first of equals).
fn likeliest(scores: &[f32]) -> usize {
    let mut choice = 0;
    for (i, &score) in scores.iter().enumerate() {
        if score > scores[choice] {
            choice = i;
        }
    }
    choice
}

struct Linear([f32; FEATURES]);

impl Model for Linear {
    fn scores(&self, cards: &[[f32; FEATURES]]) -> Vec<f32> {
        cards.iter().map(|x| x.iter().zip(&self.0).map(|(a, b)| a * b).sum()).collect()
    }
}

/// One hidden layer of rectified units, then one output.
struct Mlp {
    w1: Vec<[f32; FEATURES]>,
    b1: Vec<f32>,
    w2: Vec<f32>,
}

impl Mlp {
    fn hidden(&self, x: &[f32; FEATURES]) -> Vec<f32> {
        self.w1
            .iter()
            .zip(&self.b1)
            .map(|(row, b)| (row.iter().zip(x).map(|(w, a)| w * a).sum::<f32>() + b).max(0.0))
            .collect()
    }
}

impl Model for Mlp {
    fn scores(&self, cards: &[[f32; FEATURES]]) -> Vec<f32> {
        cards.iter().map(|x| self.hidden(x).iter().zip(&self.w2).map(|(h, w)| h * w).sum()).collect()
    }
}

/// Adam over a flat vector of parameters.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    step: i32,
    rate: f32,
}

impl Adam {
    fn new(size: usize, rate: f32) -> Adam {
        Adam { m: vec![0.0; size], v: vec![0.0; size], step: 0, rate }
    }

    fn apply(&mut self, params: &mut [f32], gradient: &[f32]) {
        self.step += 1;
        let (beta1, beta2) = (0.9f32, 0.999f32);
        for k in 0..params.len() {
            let g = gradient[k];
            self.m[k] = beta1 * self.m[k] + (1.0 - beta1) * g;
            self.v[k] = beta2 * self.v[k] + (1.0 - beta2) * g * g;
            let m_hat = self.m[k] / (1.0 - beta1.powi(self.step));
            let v_hat = self.v[k] / (1.0 - beta2.powi(self.step));
            params[k] -= self.rate * m_hat / (v_hat.sqrt() + 1e-8);
        }
    }
}

fn train_linear(decisions: &[&Decision]) -> Linear {
    let mut row = [0.0f32; FEATURES];
    let mut adam = Adam::new(FEATURES, 0.05);
    let targets: Vec<Vec<f32>> = decisions.iter().map(|d| target(d)).collect();
    for _ in 0..300 {
        let mut gradient = [0.0f32; FEATURES];
        let model = Linear(row);
        for (decision, target) in decisions.iter().zip(&targets) {
            let chances = softmax(&model.scores(&decision.cards));
            for (j, x) in decision.cards.iter().enumerate() {
                let error = chances[j] - target[j];
                for k in 0..FEATURES {
                    gradient[k] += error * x[k];
                }
            }
        }
        for g in &mut gradient {
            *g /= decisions.len() as f32;
        }
        adam.apply(&mut row, &gradient);
    }
    Linear(row)
}

/// A small deterministic generator for the MLP's first weights and its batches.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 40) as f32 / (1u64 << 24) as f32) - 0.5
    }
}

fn train_mlp(decisions: &[&Decision]) -> Mlp {
    let mut random = Lcg(55);
    let scale = (2.0 / FEATURES as f32).sqrt() * 2.0;
    // Parameters flat: w1 (HIDDEN x FEATURES), b1 (HIDDEN), w2 (HIDDEN).
    let size = HIDDEN * FEATURES + 2 * HIDDEN;
    let mut params: Vec<f32> = (0..size).map(|_| random.next() * scale).collect();
    let mut adam = Adam::new(size, 0.003);
    let targets: Vec<Vec<f32>> = decisions.iter().map(|d| target(d)).collect();
    let mut order: Vec<usize> = (0..decisions.len()).collect();
    let unpack = |params: &[f32]| Mlp {
        w1: (0..HIDDEN).map(|h| std::array::from_fn(|k| params[h * FEATURES + k])).collect(),
        b1: params[HIDDEN * FEATURES..HIDDEN * FEATURES + HIDDEN].to_vec(),
        w2: params[HIDDEN * FEATURES + HIDDEN..].to_vec(),
    };
    for _epoch in 0..12 {
        for i in (1..order.len()).rev() {
            let j = ((random.next() + 0.5) * (i + 1) as f32) as usize % (i + 1);
            order.swap(i, j);
        }
        for batch in order.chunks(256) {
            let model = unpack(&params);
            let mut gradient = vec![0.0f32; size];
            for &index in batch {
                let decision = decisions[index];
                let hidden: Vec<Vec<f32>> = decision.cards.iter().map(|x| model.hidden(x)).collect();
                let scores: Vec<f32> =
                    hidden.iter().map(|h| h.iter().zip(&model.w2).map(|(a, w)| a * w).sum()).collect();
                let chances = softmax(&scores);
                for (j, x) in decision.cards.iter().enumerate() {
                    let error = chances[j] - targets[index][j];
                    for h in 0..HIDDEN {
                        gradient[HIDDEN * FEATURES + HIDDEN + h] += error * hidden[j][h];
                        if hidden[j][h] > 0.0 {
                            let back = error * model.w2[h];
                            gradient[HIDDEN * FEATURES + h] += back;
                            for k in 0..FEATURES {
                                gradient[h * FEATURES + k] += back * x[k];
                            }
                        }
                    }
                }
            }
            for g in &mut gradient {
                *g /= batch.len() as f32;
            }
            adam.apply(&mut params, &gradient);
        }
    }
    unpack(&params)
}

/// The likeliest card at `seat`'s turn in `position` of the model for
/// its situation (lead, follow, discard).
fn model_card(models: [&dyn Model; 3], position: &Game, seat: Seat) -> Card {
    let view = SeatView::of(position, seat);
    let legal: Vec<Card> = view.legal.iter().collect();
    let cards: Vec<[f32; FEATURES]> = legal.iter().map(|&card| features(&view, card)).collect();
    legal[likeliest(&models[situation_of(&view) as usize].scores(&cards))]
}

/// The errors of the hand's value after each decision's chosen card,
/// played out by `choose`, against the hand as really played: the mean
/// absolute and the root mean square over all decisions, and the mean
/// absolute over those in hands where someone really shot the moon and
/// those where nobody did (the same decisions for every player); and how
/// many of the playouts ended in a moon.
fn playout_error(decisions: &[&Decision], choose: &dyn Fn(&Game, Seat, Seat) -> Card) -> [f64; 5] {
    let (mut absolute, mut squared, mut shot) = (0.0f64, 0.0f64, 0usize);
    let (mut moon, mut moons, mut quiet, mut quiets) = (0.0f64, 0usize, 0.0f64, 0usize);
    for decision in decisions {
        let deciding = decision.seat;
        let (value, moon_shot) =
            play_out(decision.after.clone(), deciding, &|position, seat| choose(position, seat, deciding));
        shot += usize::from(moon_shot);
        let error = f64::from(value - decision.real);
        absolute += error.abs();
        squared += error * error;
        if decision.real_moon {
            moon += error.abs();
            moons += 1;
        } else {
            quiet += error.abs();
            quiets += 1;
        }
    }
    let n = decisions.len().max(1) as f64;
    [absolute / n, (squared / n).sqrt(), moon / moons.max(1) as f64, quiet / quiets.max(1) as f64, shot as f64]
}

/// The expert's playout player: the others guard against the deciding
/// seat's moon while it holds every point taken.
fn old_player(position: &Game, seat: Seat, deciding: Seat) -> Card {
    let view = SeatView::of(position, seat);
    let hand = position.hand();
    let only_deciding_scored =
        Seat::all(view.players()).filter(|&s| s != deciding).all(|s| (hand.taken(s) & hand.penalty_cards()).is_empty());
    let skill = if seat != deciding && only_deciding_scored { Skill::PLAYOUT_GUARDING } else { Skill::PLAYOUT };
    choose_play(&view, skill)
}

/// The share of decisions whose likeliest card the search ranks best.
fn agreement(decisions: &[&Decision], model: &dyn Model) -> f64 {
    let agreed = decisions.iter().filter(|d| d.best[likeliest(&model.scores(&d.cards))]).count();
    100.0 * agreed as f64 / decisions.len().max(1) as f64
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: playout_model FILE...");
        std::process::exit(2);
    }
    let decisions = read(&files);
    println!("{} decisions of two legal cards or more", decisions.len());
    println!("{:<9} {:>8} {:>8} {:>7} {:>7} {:>7} {:>7}", "", "train", "held", "hard", "linear", "mlp", "mlp-in");
    // By situation, in the order of `Situation`.
    let mut models: Vec<(Linear, Mlp)> = Vec::new();
    for situation in [Situation::Lead, Situation::Follow, Situation::Discard] {
        let of = |held_out: bool| -> Vec<&Decision> {
            decisions
                .iter()
                .filter(|(seed, d)| d.situation == situation && (seed % 5 == 0) == held_out)
                .map(|(_, d)| d)
                .collect()
        };
        let (train, held) = (of(false), of(true));
        let linear = train_linear(&train);
        let mlp = train_mlp(&train);
        let hard = 100.0 * held.iter().filter(|d| d.hard_best).count() as f64 / held.len().max(1) as f64;
        println!(
            "{:<9} {:>8} {:>8} {:>6.1}% {:>6.1}% {:>6.1}% {:>6.1}%",
            format!("{situation:?}"),
            train.len(),
            held.len(),
            hard,
            agreement(&held, &linear),
            agreement(&held, &mlp),
            agreement(&train, &mlp),
        );
        models.push((linear, mlp));
    }
    // The playout error, on the decisions held out: every seat played by
    // the old player, by the linear model, by the MLP.
    let held: Vec<&Decision> = decisions.iter().filter(|(seed, _)| seed % 5 == 0).map(|(_, d)| d).collect();
    let linears: [&dyn Model; 3] = [&models[0].0, &models[1].0, &models[2].0];
    let mlps: [&dyn Model; 3] = [&models[0].1, &models[1].1, &models[2].1];
    let linear = |position: &Game, seat: Seat, _: Seat| model_card(linears, position, seat);
    let mlp = |position: &Game, seat: Seat, _: Seat| model_card(mlps, position, seat);
    // The MLP, but the old player while one seat holds every point taken (a moon in the air).
    let guarded = |position: &Game, seat: Seat, deciding: Seat| {
        let hand = position.hand();
        let scorers = Seat::all(position.rules().player_count())
            .filter(|&s| !(hand.taken(s) & hand.penalty_cards()).is_empty())
            .count();
        if scorers == 1 { old_player(position, seat, deciding) } else { mlp(position, seat, deciding) }
    };
    let real_moons = held.iter().filter(|d| d.real_moon).count();
    println!(
        "playout error against the hand as played, {} decisions held out ({real_moons} in hands with a moon): mean absolute, root mean square, mean absolute in hands with a moon, without; playouts ending in a moon",
        held.len()
    );
    for (name, choose) in [
        ("old", &old_player as &dyn Fn(&Game, Seat, Seat) -> Card),
        ("linear", &linear),
        ("mlp", &mlp),
        ("mlp+old", &guarded),
    ] {
        let [absolute, root, moon, quiet, shot] = playout_error(&held, choose);
        println!("{name:<9} {absolute:.3} {root:.3} {moon:.3} {quiet:.3} {shot}");
    }
}
