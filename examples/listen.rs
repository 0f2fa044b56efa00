//! How long the line mode takes to listen to: plays whole games at the
//! terminal's own table in the line mode, the person at South typing what
//! the `hard` bot would choose (as a script would type it), and counts the
//! words told per hand. With `--out FILE` it also writes everything told,
//! a sentence a line, for a speech engine to read aloud and time:
//!
//! ```sh
//! cargo run --release --example listen -- --preset black-lady --games 2 --out told.txt
//! cargo run --release --example listen -- --preset omnibus --brief --games 2 --out told.txt
//! espeak-ng -s 175 -f told.txt -w told.wav && soxi -D told.wav
//! ```
//!
//! Prints the hands played, the words told per hand (mean, and the share
//! of each kind of sentence), and the lines.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use hearts::line::{CardWords, Narrator};
use hearts::room::Room;
use hearts_bots::players::Player;
use hearts_bots::record::DealCode;
use hearts_bots::{Level, Think, decide};
use hearts_engine::{Action, GamePhase, MoonScoring, Preset, Seat};
use hearts_table::pace::Speed;
use hearts_table::{Message, PersonId, Setup, Table};

/// What was told over the games.
#[derive(Default)]
struct Told {
    hands: usize,
    lines: Vec<String>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| args.iter().position(|arg| arg == flag).and_then(|at| args.get(at + 1)).cloned();
    let preset: Preset = value("--preset").map_or(Preset::BlackLady, |name| name.parse().expect("a preset"));
    let games: u64 = value("--games").map_or(1, |n| n.parse().expect("a number of games"));
    let seed: u64 = value("--seed").map_or(1, |n| n.parse().expect("a seed"));
    let brief = args.iter().any(|arg| arg == "--brief");
    let mut told = Told::default();
    for game in 0..games {
        play(preset, seed + game, brief, &mut told);
    }
    let words: usize = told.lines.iter().map(|line| line.split_whitespace().count()).sum();
    let mode = if brief { "brief" } else { "full" };
    println!("{preset}, {mode}: {} games, {} hands, {} lines", games, told.hands, told.lines.len());
    println!("words a hand: {:.0}", words as f64 / told.hands.max(1) as f64);
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for line in &told.lines {
        *kinds.entry(kind(line)).or_default() += line.split_whitespace().count();
    }
    let mut kinds: Vec<(&str, usize)> = kinds.into_iter().collect();
    kinds.sort_by_key(|&(_, words)| std::cmp::Reverse(words));
    for (kind, count) in kinds {
        println!("  {kind:<24} {:>5.1}%", 100.0 * count as f64 / words.max(1) as f64);
    }
    if let Some(file) = value("--out") {
        std::fs::write(&file, told.lines.join("\n") + "\n").expect("the file is written");
    }
}

/// What kind of sentence a line is, for the shares.
fn kind(line: &str) -> &'static str {
    match line {
        _ if line.starts_with("Your turn") || line.starts_with("Your lead") => "your turn",
        _ if line.contains(" take") => "a trick taken",
        _ if line.starts_with("You play") || line.starts_with("You lead") => "your own card",
        _ if line.contains(" plays ") || line.contains(" leads ") || line.contains(": ") && line.len() < 24 => {
            "another's card"
        }
        _ if line.starts_with("Your cards") || line.starts_with("Hand ") && line.len() < 10 => "the deal",
        _ if line.starts_with("Pass") || line.contains("received") || line.starts_with("From ") => "the pass",
        _ => "scores and the rest",
    }
}

/// Plays one game of `seed`, South typing the hard bot's choices.
fn play(preset: Preset, seed: u64, brief: bool, told: &mut Told) {
    let rules = preset.rules();
    let players = vec![Player::Builtin(Level::Hard); rules.player_count()];
    let setup = Setup { rules, label: preset.to_string(), players };
    let table = Table::local(setup, DealCode { seed, hand: 1 }, Speed::Instant, Think::Samples(1)).expect("rules");
    let mut narrator = Narrator::new(PersonId::LOCAL, CardWords::default());
    narrator.brief = brief;
    let mut room = Room::with_narrators(table, Vec::new(), vec![narrator]);
    let mut south = Level::Hard.bot(seed, Seat::SOUTH, Think::Samples(1));
    let mut now = Instant::now();
    for _ in 0..100_000 {
        now += Duration::from_secs(2);
        room.send(Message::Tick, now);
        if let Some(job) = room.bot_job(now) {
            room.send(Message::BotDecided(job.run()), now);
        }
        told.lines.extend(room.take_lines(PersonId::LOCAL));
        let game = room.table().game();
        if game.phase() == GamePhase::GameOver {
            break;
        }
        let sight = room.table().sight(PersonId::LOCAL, now).expect("South is seated");
        let typed = if sight.reading_scores {
            Some(String::new())
        } else {
            decide(game, Seat::SOUTH, south.as_mut()).filter(|_| sight.to_act() || sight.is_passing()).map(typed)
        };
        if let Some(line) = typed {
            room.type_line(PersonId::LOCAL, &line, now);
            told.lines.extend(room.take_lines(PersonId::LOCAL));
        }
    }
    told.hands += room.table().game().history().len();
}

/// An action as a person types it.
fn typed(action: Action) -> String {
    let card = |card: hearts_engine::Card| card.to_string().to_lowercase();
    match action {
        Action::Pass { cards, .. } => {
            let cards: Vec<String> = cards.iter().map(card).collect();
            format!("pass {}", cards.join(" "))
        }
        Action::Play { card: played, .. } => card(played),
        Action::Declare { generale, .. } => (if generale { "yes" } else { "no" }).to_string(),
        Action::Bid { chips: Some(chips), .. } => format!("bid {chips}"),
        Action::Bid { chips: None, .. } => "pass".to_string(),
        Action::NameSuit { suit, .. } => format!("name {}", suit.name()),
        Action::ChooseMoon { scoring: MoonScoring::AddToOthers, .. } => "add".to_string(),
        Action::ChooseMoon { .. } => "subtract".to_string(),
        Action::NextHand => String::new(),
    }
}
