//! Self-play data for a better player inside the expert's playouts: games
//! of four seats, each card chosen as the expert's search ranks it, with
//! the search's value of every legal card kept for each decision (soft
//! targets, not only the card chosen). Passes and the other decisions are
//! the expert bot's own. One line of JSON a game: its record (which
//! replays every position) and its play decisions, each with where it was
//! (the index of its action among the game's actions, `NextHand` included;
//! the hand, from 1; the trick, from 0; the cards already played to it),
//! the seat, and every legal card with its value and the points the seat
//! expects for the hand, best first.
//!
//! ```sh
//! cargo run --release --example selfplay -- --games 200 --seed 1 > selfplay-1.jsonl
//! ```
//!
//! Two processes with other seeds use both cores. The files are data, kept
//! out of the repository.

use std::io::Write;

use hearts_bots::record::{DealCode, GameRecord, SeatRecord};
use hearts_bots::{Choices, DEFAULT_SAMPLES, Goal, Level, Think, advise, decide, seat_to_act};
use hearts_engine::{Action, Game, GamePhase, Rules, Seat};

/// The options: `--games N`, `--seed S` (the first game's), `--samples K`.
struct Options {
    games: u64,
    seed: u64,
    samples: usize,
}

fn options() -> Result<Options, String> {
    let mut options = Options { games: 100, seed: 1, samples: DEFAULT_SAMPLES };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |what: &str| value.parse::<u64>().map_err(|_| format!("{what}: not a number: {value}"));
        match flag.as_str() {
            "--games" => options.games = number("--games")?,
            "--seed" => options.seed = number("--seed")?,
            "--samples" => options.samples = number("--samples")? as usize,
            _ => return Err(format!("unknown option {flag}; the options are --games, --seed and --samples")),
        }
    }
    Ok(options)
}

/// One game of seed `seed`: its record and its play decisions as JSON.
fn game(seed: u64, samples: usize) -> serde_json::Value {
    let rules = Rules::default();
    let mut game = Game::new(rules, seed).expect("the default rules make a game");
    let seats = Seat::all(rules.player_count());
    let mut bots: Vec<_> = seats.clone().map(|seat| Level::Expert.bot(seed, seat, Think::Samples(samples))).collect();
    let (mut actions, mut decisions) = (Vec::new(), Vec::new());
    while game.phase() != GamePhase::GameOver {
        let action = match seat_to_act(&game) {
            Some(seat) => match advise(&game, seat, samples, Goal::Win).map(|advice| advice.choices) {
                Some(Choices::Play(estimates)) => {
                    let cards: Vec<serde_json::Value> = estimates
                        .iter()
                        .map(|estimate| serde_json::json!([estimate.card.to_string(), estimate.value, estimate.points]))
                        .collect();
                    let (hand, trick, led) = (game.hand_number(), game.tricks().len(), game.hand().trick().len());
                    decisions.push(serde_json::json!({
                        "at": actions.len(), "hand": hand, "trick": trick, "played_to_it": led, "seat": seat.index(),
                        "cards": cards,
                    }));
                    Action::Play { seat, card: estimates[0].card }
                }
                _ => decide(&game, seat, bots[seat.index()].as_mut()).expect("a decision for the seat to act"),
            },
            None => Action::NextHand,
        };
        game.apply(action).expect("a legal action");
        actions.push(action);
    }
    let players = seats.map(|seat| SeatRecord {
        seat: seat.index(),
        name: format!("seat {}", seat.index()),
        player: "expert".into(),
    });
    let record = GameRecord::of_actions(rules, DealCode { seed, hand: 1 }, players.collect(), &actions)
        .expect("the game replays");
    serde_json::json!({ "seed": seed, "samples": samples, "record": record, "decisions": decisions })
}

fn main() {
    let options = match options() {
        Ok(options) => options,
        Err(why) => {
            eprintln!("selfplay: {why}");
            std::process::exit(2);
        }
    };
    let mut out = std::io::stdout().lock();
    for seed in options.seed..options.seed + options.games {
        let line = game(seed, options.samples);
        if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}
