//! Property-based fuzzing of every parser and entry point that takes
//! outside data: card and deal notation, rules files and `--set`, saves,
//! game records and bot protocol requests. (The engine's action API has
//! its own target in `fuzz_actions.rs`.) Each target asserts something
//! real: no panic, and a parse that round-trips or a result that keeps its
//! invariants.
//!
//! `HEARTS_FUZZ_CASES=N` sets the cases per target (default 256); the soak
//! run is `HEARTS_FUZZ_CASES=1000000 cargo test --release --test fuzz_inputs`.

use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

use hearts_bots::config::{self, RawValue, RuleRequest, SearchPaths};
use hearts_bots::players::Player;
use hearts_bots::protocol::{self, Request};
use hearts_bots::record::{GameRecord, Recorder, SeatRecord};
use hearts_bots::{self as bot, Level, SeatView, Think};
use hearts_engine::{Action, Card, CardSet, Deal, Game, GamePhase, HandResult, Preset, Rules, Seat};
use hearts_table::Setup;
use hearts_table::saved::{Programs, SavedGame};
use proptest::prelude::*;
use serde_json::{Value, json};

fn cases() -> u32 {
    std::env::var("HEARTS_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(256)
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() }
}

// ---------------------------------------------------------------- JSON mutation

/// One change to a JSON document: follow `path` down (each step picks a
/// child by index), then apply `kind` there.
#[derive(Clone, Debug)]
struct Mutation {
    path: Vec<u16>,
    kind: u8,
    pick: u16,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    (prop::collection::vec(any::<u16>(), 0..6), 0u8..6, any::<u16>()).prop_map(|(path, kind, pick)| Mutation {
        path,
        kind,
        pick,
    })
}

/// Values chosen to sit on the edges: wrong types, huge and negative
/// numbers, cards that are and are not cards.
fn odd_value(pick: u16) -> Value {
    let values = [
        Value::Null,
        json!(true),
        json!(-1),
        json!(0),
        json!(1),
        json!(3),
        json!(7),
        json!(13),
        json!(52),
        json!(99),
        json!(4_294_967_296u64),
        json!(i64::MIN),
        json!(u64::MAX),
        json!(1.5),
        json!("QS"),
        json!("2C"),
        json!("AH"),
        json!("ZZ"),
        json!(""),
        json!("left"),
        json!("cmd:touch PWNED"),
        json!([]),
        json!(["2C", "2C"]),
        json!({}),
    ];
    values[pick as usize % values.len()].clone()
}

/// The node `path` leads to: each step picks a child by index, and the
/// walk stops at a leaf or an empty container.
fn node_at<'a>(value: &'a mut Value, path: &[u16]) -> &'a mut Value {
    let Some((&step, rest)) = path.split_first() else { return value };
    let children = match &*value {
        Value::Array(items) => items.len(),
        Value::Object(members) => members.len(),
        _ => 0,
    };
    if children == 0 {
        return value;
    }
    let index = step as usize % children;
    match value {
        Value::Array(items) => node_at(&mut items[index], rest),
        Value::Object(members) => node_at(members.values_mut().nth(index).expect("index below the length"), rest),
        _ => unreachable!("only containers have children"),
    }
}

fn mutate(value: &mut Value, m: &Mutation) {
    let node = node_at(value, &m.path);
    let pick = m.pick as usize;
    match (m.kind, &mut *node) {
        (1, Value::Array(items)) if !items.is_empty() => drop(items.remove(pick % items.len())),
        (1, Value::Object(members)) if !members.is_empty() => {
            let key = members.keys().nth(pick % members.len()).unwrap().clone();
            members.remove(&key);
        }
        (2, Value::Array(items)) if !items.is_empty() => {
            let item = items[pick % items.len()].clone();
            items.push(item);
        }
        (3, Value::Array(items)) => items.truncate(pick % (items.len() + 1)),
        (4, Value::Array(items)) if items.len() > 1 => {
            let n = items.len();
            items.swap(pick % n, (pick / 7) % n);
        }
        (5, Value::Object(members)) => drop(members.insert(format!("extra{}", pick % 3), odd_value(m.pick))),
        _ => *node = odd_value(m.pick),
    }
}

// ---------------------------------------------------------------- sample data

/// A few seeded games at different tables: every decision as a request
/// line, the records, and saves taken at points through them.
struct Samples {
    requests: Vec<String>,
    records: Vec<Value>,
    saves: Vec<Value>,
}

fn samples() -> &'static Samples {
    static SAMPLES: OnceLock<Samples> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        let mut samples = Samples { requests: Vec::new(), records: Vec::new(), saves: Vec::new() };
        let tables = [
            Rules { target_score: 30, ..Rules::default() },
            Rules { players: 3, moon: hearts_engine::MoonRule::ShooterChooses, target_score: 30, ..Rules::default() },
            Rules {
                players: 5,
                kitty: hearts_engine::Kitty::Leftover,
                omnibus: true,
                target_score: 30,
                ..Rules::default()
            },
            Rules { players: 7, target_score: 30, ..Preset::BlackMaria.rules() },
            Rules { target_score: 30, ..Preset::Partnership.rules() },
            Rules { max_hands: 3, ..Preset::Auction.rules() },
            Rules { players: 2, ..Preset::Domino.rules() },
            Rules { players: 5, target_score: 15, ..Preset::Domino.rules() },
        ];
        for (i, rules) in tables.into_iter().enumerate() {
            sample_game(rules, 100 + i as u64, &mut samples);
        }
        samples
    })
}

fn sample_game(rules: Rules, seed: u64, samples: &mut Samples) {
    let players = rules.player_count();
    let mut game = Game::new(rules, seed).unwrap();
    let mut bots: Vec<_> = Seat::all(players).map(|s| Level::Normal.bot(seed, s, Think::Samples(1))).collect();
    let seats = (0..players).map(|seat| SeatRecord { seat, name: format!("seat {seat}"), player: "normal".into() });
    let mut recorder = Recorder::new(&game, seats.collect());
    let mut log = Vec::new();
    let table = Setup {
        rules,
        label: "fuzz".into(),
        players: (0..players).map(|_| "normal".parse::<Player>().unwrap()).collect(),
    };
    recorder.observe(&game);
    loop {
        let action = if game.phase() == GamePhase::HandOver {
            Action::NextHand
        } else if let Some(seat) = bot::seat_to_act(&game) {
            let view = SeatView::of(&game, seat);
            let kind = match game.phase() {
                GamePhase::MoonChoice(_) => "moon",
                _ if game.hand().awaits_pass_from(seat) => "pass",
                _ if game.hand().to_declare() == Some(seat) => "declare",
                _ if game.hand().to_bid() == Some(seat) => "bid",
                _ if game.hand().phase() == hearts_engine::HandPhase::Naming => "name",
                _ => "play",
            };
            let penalty = if kind == "moon" { HandResult::of(game.hand(), game.rules()).penalty_total } else { 0 };
            let request = Request::from_view(kind, log.len() as u64, &view, penalty);
            samples.requests.push(serde_json::to_string(&request).unwrap());
            bot::decide(&game, seat, bots[seat.index()].as_mut()).unwrap()
        } else {
            break;
        };
        game.apply(action).unwrap();
        log.push(action);
        recorder.observe(&game);
        if log.len() % 37 == 0 {
            samples.saves.push(
                serde_json::to_value(SavedGame::new(
                    &table,
                    hearts_bots::record::DealCode { seed, hand: 1 },
                    &log,
                    0,
                    None,
                ))
                .unwrap(),
            );
        }
    }
    samples.records.push(serde_json::to_value(recorder.record()).unwrap());
}

// ---------------------------------------------------------------- rules text

const KEYS: &[&str] = &[
    "players",
    "removed-cards",
    "kitty",
    "pass-count",
    "pass-cycle",
    "first-lead",
    "no-blood",
    "must-break-hearts",
    "queen-breaks-hearts",
    "points",
    "omnibus",
    "bonus-card",
    "moon",
    "moon-needs-bonus-card",
    "no-tricks-bonus",
    "target-score",
    "max-hands",
    "tie",
    "sinkhole",
    "reset-at-100",
    "clock-minutes",
    "moon-value",
    "declaration",
    "kitty-to",
    "jokers",
    "scoring",
    "chips",
    "teams",
    "auction",
    "player",
    "bots",
    "level",
    "left",
    "seat-2",
    "think-ms",
    "",
];

const VALUES: &[&str] = &[
    "3",
    "4",
    "7",
    "0",
    "-5",
    "100",
    "99999999999999999999",
    "true",
    "false",
    "\"standard\"",
    "\"off\"",
    "\"shooter-chooses\"",
    "\"spot-hearts\"",
    "\"any-club\"",
    "\"share\"",
    "\"JD\"",
    "\"QS\"",
    "\"hard\"",
    "\"cmd:touch PWNED\"",
    "[\"2D\", \"2C\"]",
    "[\"left\", \"hold\"]",
    "[\"2-left\", \"across\"]",
    "[]",
    "1.5",
    "{ a = 1 }",
    "\"",
    "[",
    "1979-05-27",
    "\"heartsette\"",
    "\"generale\"",
    "\"last-trick\"",
    "\"sweepstakes\"",
    "\"chips\"",
    "\"penalty-total\"",
    "\"shooter-picks\"",
    "\"royal\"",
    "\"JK1\"",
    "2",
    "\"combined\"",
    "\"individual\"",
    "\"original\"",
];

/// A rules file made of plausible lines, with junk among them.
fn rules_text() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        6 => (0..KEYS.len(), 0..VALUES.len()).prop_map(|(k, v)| format!("{} = {}", KEYS[k], VALUES[v])),
        1 => Just("[bots]".to_string()),
        1 => "\\PC{0,20}",
    ];
    prop::collection::vec(line, 0..12).prop_map(|lines| lines.join("\n"))
}

fn no_search() -> SearchPaths {
    SearchPaths { local: "no-such-dir/rules.toml".into(), user: None }
}

/// Loaded rules print as TOML that loads back to the same rules.
fn round_trips(loaded: &config::LoadedRules) -> Result<(), TestCaseError> {
    let printed = loaded.to_toml();
    let again = config::load_with(&RuleRequest::default(), &no_search(), Some((Path::new("printed.toml"), &printed)));
    prop_assert!(again.is_ok(), "printed rules do not load: {:?}\n{printed}", again.err());
    prop_assert_eq!(again.unwrap().rules, loaded.rules);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn card_notation_never_panics_and_round_trips(text in "\\PC{0,8}", tokenish in "(10|[2-9TJQKAtjqka]|JK|jk)[CDSHcdsh♣♦♠♥0-6]{0,2}") {
        for text in [&text, &tokenish] {
            if let Ok(card) = text.parse::<Card>() {
                prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            }
            if let Ok(cards) = text.parse::<CardSet>() {
                prop_assert_eq!(cards.to_string().parse::<CardSet>(), Ok(cards));
            }
        }
    }

    #[test]
    fn card_sets_and_deals_round_trip_through_notation(bits in any::<u64>(), seed in any::<u64>(), players in 3u8..=7, text in "\\PC{0,60}") {
        let cards: CardSet = CardSet::DECK.iter().filter(|card| bits >> card.index() & 1 == 1).collect();
        prop_assert_eq!(cards.to_string().parse::<CardSet>(), Ok(cards));
        let rules = Rules { players, ..Rules::default() };
        let deal = Deal::for_hand(&rules, seed, 0);
        let written = Deal::hands_notation(&deal.hands, rules.player_count());
        prop_assert_eq!(Deal::parse_hands(&written, rules.player_count()), Ok(deal.hands));
        let _ = Deal::parse_hands(&text, rules.player_count());
        let _ = Deal::parse_hands(&format!("S:{text}"), rules.player_count());
    }

    #[test]
    fn rules_files_never_panic_and_what_loads_round_trips(text in rules_text(), allow in any::<bool>()) {
        let request = RuleRequest { allow_commands: allow, ..RuleRequest::default() };
        if let Ok(loaded) = config::load_with(&request, &no_search(), Some((Path::new("rules.toml"), &text))) {
            prop_assert!(loaded.rules.validate().is_ok());
            let mut players = loaded.bots.all.iter().chain(loaded.bots.seats.iter().map(|(_, player)| player));
            prop_assert!(allow || players.all(|player| player.command().is_none()), "a program seated from a file");
            round_trips(&loaded)?;
        }
    }

    #[test]
    fn set_arguments_never_panic_and_what_loads_round_trips(
        sets in prop::collection::vec((0..KEYS.len(), 0..VALUES.len(), "\\PC{0,6}", any::<bool>()), 0..5)
    ) {
        let sets: Vec<String> = sets
            .into_iter()
            .map(|(k, v, junk, bare)| if bare { format!("{}{junk}", KEYS[k]) } else { format!("{}={}", KEYS[k], VALUES[v].trim_matches('"')) })
            .collect();
        let request = RuleRequest { sets, flags: vec![("--players 5".into(), "players", RawValue::Integer(5))], ..RuleRequest::default() };
        if let Ok(loaded) = config::load_with(&request, &no_search(), None) {
            round_trips(&loaded)?;
        }
    }

    #[test]
    fn saves_never_panic_and_what_replays_is_a_legal_game(which in any::<u16>(), changes in prop::collection::vec(mutation(), 0..4)) {
        let saves = &samples().saves;
        let mut value = saves[which as usize % saves.len()].clone();
        for change in &changes {
            mutate(&mut value, change);
        }
        if let Ok(saved) = serde_json::from_value::<SavedGame>(value) {
            let _ = saved.describe();
            if let Ok((table, game)) = saved.replay(Programs::Replace) {
                prop_assert!(table.players.iter().all(|p| p.command().is_none()), "no program without the player's word");
                let again = saved.replay(Programs::Replace).unwrap().1;
                prop_assert_eq!(again, game);
            }
        }
    }

    #[test]
    fn records_never_panic_and_untouched_ones_replay(which in any::<u16>(), changes in prop::collection::vec(mutation(), 0..4)) {
        let records = &samples().records;
        let original = &records[which as usize % records.len()];
        let mut value = original.clone();
        for change in &changes {
            mutate(&mut value, change);
        }
        if let Ok(record) = serde_json::from_value::<GameRecord>(value.clone()) {
            let replayed = record.replay();
            if &value == original {
                prop_assert!(replayed.is_ok(), "{:?}", replayed.err());
            }
        }
    }

    #[test]
    fn protocol_requests_never_panic_and_answers_are_legal(which in any::<u16>(), changes in prop::collection::vec(mutation(), 0..4)) {
        let requests = &samples().requests;
        let mut value: Value = serde_json::from_str(&requests[which as usize % requests.len()]).unwrap();
        for change in &changes {
            mutate(&mut value, change);
        }
        let reply = protocol::answer(&value.to_string(), Level::Normal, 3, &mut HashMap::new());
        let listed = |field: &str| -> Vec<String> {
            value[field].as_array().map_or_else(Vec::new, |items| items.iter().filter_map(|v| v.as_str().map(String::from)).collect())
        };
        if let Some(card) = &reply.card {
            prop_assert!(listed("legal").contains(card), "{card} is not among the legal cards of {value}");
        }
        if let Some(cards) = &reply.cards {
            prop_assert_eq!(Some(cards.len() as u64), value["pass_count"].as_u64());
            prop_assert!(cards.iter().all(|card| listed("hand").contains(card)));
        }
        if let Some(bid) = reply.bid {
            // 0 passes; a bid beats the highest and fits the bidder's chips.
            let least = value["high_bid"]["chips"].as_u64().map_or(1, |chips| chips + 1);
            let chips = value["chips"][value["seat"].as_u64().unwrap_or(0) as usize].as_u64().unwrap_or(0);
            prop_assert!(bid == 0 || (u64::from(bid) >= least && u64::from(bid) <= chips), "bid {bid} in {value}");
        }
        if let Some(suit) = &reply.suit {
            prop_assert!(["S", "H", "D", "C"].contains(&suit.as_str()));
        }
        let answered = [reply.card.is_some(), reply.cards.is_some(), reply.moon.is_some(), reply.declare.is_some()];
        let auction = [reply.bid.is_some(), reply.suit.is_some()];
        prop_assert!(reply.error.is_some() || answered.iter().chain(&auction).any(|&yes| yes));
    }
}
