//! Trains the model of the expert's card choices (`hearts::bot::imitation`)
//! from records of expert tables, reports how often it, `hard` and the
//! playouts' player pick the card the expert picked (on games held out:
//! every fifth), and writes the weights as Rust source.
//!
//! ```sh
//! hearts sim --hands 2000 --seed 700000 --bots expert --threads 2 --record expert.jsonl
//! cargo run --release --example imitate -- expert.jsonl src/bot/imitation/weights.rs
//! ```

use std::io::BufRead;

use hearts::bot::imitation::{FEATURES, Position, Situation, Weights};
use hearts::bot::{SeatView, Skill};
use hearts::engine::{Action, Rules};
use hearts::record::GameRecord;

/// Full-batch steps of Adam.
const STEPS: usize = 400;
const LEARNING_RATE: f32 = 0.05;
/// The weight decay that keeps rare features from running off.
const DECAY: f32 = 1e-4;

/// One decision of the expert's with more than one legal card.
struct Decision {
    situation: Situation,
    /// Each legal card's features, in ascending card order.
    cards: Vec<[f32; FEATURES]>,
    /// Which of them the expert played.
    played: usize,
    /// Whether `hard`, and the playouts' player, would have played it.
    hard_agrees: bool,
    playout_agrees: bool,
}

fn read(path: &str) -> Vec<(usize, Decision)> {
    let fail = |message: String| -> ! {
        eprintln!("{path}: {message}");
        std::process::exit(2);
    };
    let file = std::fs::File::open(path).unwrap_or_else(|error| fail(error.to_string()));
    let mut out = Vec::new();
    for line in std::io::BufReader::new(file).lines() {
        let line = line.unwrap_or_else(|error| fail(error.to_string()));
        let record: GameRecord = serde_json::from_str(&line).unwrap_or_else(|error| fail(error.to_string()));
        // Held out by the deal, not by where the record lies in the file.
        let deal = record.seed as usize + record.hands.first().map_or(0, |hand| hand.number as usize);
        let (mut game, actions) = record.actions().unwrap_or_else(|error| fail(error.to_string()));
        if *game.rules() != Rules::default() {
            fail("the record is not at the default rules".to_string());
        }
        for action in actions {
            if let Action::Play { seat, card } = action
                && record.seats[seat.index()].player == "expert"
                && game.legal_moves().len() > 1
            {
                let view = SeatView::of(&game, seat);
                let position = Position::read(&view);
                let legal: Vec<_> = view.legal.iter().collect();
                out.push((
                    deal,
                    Decision {
                        situation: position.situation(),
                        cards: legal.iter().map(|&c| position.features(c)).collect(),
                        played: legal.iter().position(|&c| c == card).expect("a legal card"),
                        hard_agrees: hearts::bot::choose_play(&view, Skill::HARD) == card,
                        playout_agrees: hearts::bot::choose_play(&view, Skill::PLAYOUT) == card,
                    },
                ));
            }
            game.apply(action).unwrap_or_else(|error| fail(error.to_string()));
        }
    }
    // The same weights from the same records in any order.
    out.sort_by_key(|(deal, _)| *deal);
    out
}

/// The softmax of the cards' scores under `row`.
fn chances(decision: &Decision, row: &[f32; FEATURES]) -> Vec<f32> {
    let scores: Vec<f32> = decision.cards.iter().map(|x| x.iter().zip(row).map(|(a, b)| a * b).sum::<f32>()).collect();
    let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exp: Vec<f32> = scores.iter().map(|s| (s - top).exp()).collect();
    let sum: f32 = exp.iter().sum();
    exp.iter().map(|e| e / sum).collect()
}

/// The index of the likeliest card (the first of equals, as the model plays).
fn likeliest(decision: &Decision, row: &[f32; FEATURES]) -> usize {
    let chances = chances(decision, row);
    let mut best = 0;
    for (i, &c) in chances.iter().enumerate() {
        if c > chances[best] {
            best = i;
        }
    }
    best
}

fn train(decisions: &[&Decision]) -> [f32; FEATURES] {
    let mut row = [0.0f32; FEATURES];
    let without_hard = std::env::var("WITHOUT_HARD").is_ok();
    row[0] = if without_hard { 0.0 } else { 1.0 };
    let (mut m, mut v) = ([0.0f32; FEATURES], [0.0f32; FEATURES]);
    let (beta1, beta2) = (0.9f32, 0.999f32);
    for step in 1..=STEPS {
        let mut gradient = [0.0f32; FEATURES];
        for decision in decisions {
            let chances = chances(decision, &row);
            for (j, x) in decision.cards.iter().enumerate() {
                let error = chances[j] - if j == decision.played { 1.0 } else { 0.0 };
                for k in 0..FEATURES {
                    gradient[k] += error * x[k];
                }
            }
        }
        for k in 0..FEATURES {
            if k == 0 && without_hard {
                continue;
            }
            let g = gradient[k] / decisions.len() as f32 + DECAY * row[k];
            m[k] = beta1 * m[k] + (1.0 - beta1) * g;
            v[k] = beta2 * v[k] + (1.0 - beta2) * g * g;
            let m_hat = m[k] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[k] / (1.0 - beta2.powi(step as i32));
            row[k] -= LEARNING_RATE * m_hat / (v_hat.sqrt() + 1e-8);
        }
    }
    row
}

fn report(name: &str, decisions: &[&Decision], row: &[f32; FEATURES]) {
    let n = decisions.len().max(1) as f64;
    let share = |f: &dyn Fn(&Decision) -> bool| decisions.iter().filter(|d| f(d)).count() as f64 / n * 100.0;
    let loss: f64 = decisions.iter().map(|d| -f64::from(chances(d, row)[d.played].max(1e-9)).ln()).sum::<f64>() / n;
    // The weighting the expert reads the others by today: `hard`'s card
    // twice as likely as each other card.
    let surprise_loss: f64 = decisions
        .iter()
        .map(|d| {
            let total = 1.0 + (d.cards.len() as f64 - 1.0) / 2.0;
            -(if d.hard_agrees { 1.0 / total } else { 0.5 / total }).ln()
        })
        .sum::<f64>()
        / n;
    println!(
        "{name:>8}: {:>6} decisions; the expert's card: model {:.1}%, hard {:.1}%, playouts {:.1}%; log loss: model {loss:.3}, hard's card twice as likely {surprise_loss:.3}",
        decisions.len(),
        share(&|d| likeliest(d, row) == d.played),
        share(&|d| d.hard_agrees),
        share(&|d| d.playout_agrees),
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(path), out) = (args.next(), args.next()) else {
        eprintln!("usage: imitate RECORD.jsonl [WEIGHTS.rs]");
        std::process::exit(2);
    };
    let decisions = read(&path);
    let mut weights: Weights = [[0.0; FEATURES]; 3];
    for situation in [Situation::Lead, Situation::Follow, Situation::Discard] {
        let of = |held_out: bool| -> Vec<&Decision> {
            decisions
                .iter()
                .filter(|(game, d)| d.situation == situation && (game % 5 == 0) == held_out)
                .map(|(_, d)| d)
                .collect()
        };
        let row = train(&of(false));
        println!("{situation:?}");
        report("trained", &of(false), &row);
        report("held out", &of(true), &row);
        println!("  weights {row:?}");
        weights[situation as usize] = row;
    }
    if let Some(out) = out {
        let rows: Vec<String> = weights
            .iter()
            .map(|row| format!("    [{}],\n", row.iter().map(|w| format!("{w:.5}")).collect::<Vec<_>>().join(", ")))
            .collect();
        let text = format!(
            "//! Written by `cargo run --release --example imitate`; not edited by hand.\n\nuse super::Weights;\n\npub(super) const TRAINED: Weights = [\n{}];\n",
            rows.concat()
        );
        std::fs::write(&out, text).unwrap_or_else(|error| {
            eprintln!("{out}: {error}");
            std::process::exit(2);
        });
    }
}
