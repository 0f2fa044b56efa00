//! `hearts bot` takes requests from any program: every request a real game
//! makes is answered, and every request that breaks the rules or itself
//! gets an error reply naming the problem while the server goes on serving.

use std::collections::HashMap;

use hearts_bots::protocol::{self, Request};
use hearts_bots::{self as bot, Level, SeatView, Think};
use hearts_engine::{Action, Game, GamePhase, HandPhase, HandResult, Preset, Rules, Seat};
use serde_json::{Value, json};

/// Every decision of a seeded game as a request line, with the action the
/// game then took.
fn requests_of_a_game(rules: Rules, seed: u64) -> Vec<(String, Action)> {
    let players = rules.player_count();
    let mut game = Game::new(rules, seed).unwrap();
    let mut bots: Vec<_> = Seat::all(players).map(|s| Level::Normal.bot(seed, s, Think::Samples(1))).collect();
    let mut lines = Vec::new();
    loop {
        if game.phase() == GamePhase::HandOver {
            game.apply(Action::NextHand).unwrap();
            continue;
        }
        let Some(seat) = bot::seat_to_act(&game) else { break };
        let view = SeatView::of(&game, seat);
        let (kind, penalty) = match game.phase() {
            GamePhase::MoonChoice(_) => ("moon", HandResult::of(game.hand(), game.rules()).moon_value),
            _ if game.hand().awaits_pass_from(seat) => ("pass", 0),
            _ if game.hand().to_declare() == Some(seat) => ("declare", 0),
            _ if game.hand().to_bid() == Some(seat) => ("bid", 0),
            _ if game.hand().phase() == HandPhase::Naming => ("name", 0),
            _ => ("play", 0),
        };
        let request = Request::from_view(kind, lines.len() as u64, &view, penalty);
        let action = bot::decide(&game, seat, bots[seat.index()].as_mut()).unwrap();
        lines.push((serde_json::to_string(&request).unwrap(), action));
        game.apply(action).unwrap();
    }
    lines
}

#[test]
fn every_request_of_real_games_is_answered_with_a_legal_choice() {
    for preset in Preset::ALL {
        for players in 2..=11 {
            let rules = Rules { players, target_score: 30, ..preset.rules() };
            if rules.validate().is_err() {
                continue;
            }
            let mut served = HashMap::new();
            for (line, action) in requests_of_a_game(rules, 5 + u64::from(players)) {
                let reply = protocol::answer(&line, Level::Normal, 1, &mut served);
                assert_eq!(reply.error, None, "{preset} at {players}: {line}");
                match action {
                    Action::Play { .. } => {
                        let legal = serde_json::from_str::<Value>(&line).unwrap()["legal"].clone();
                        assert!(legal.as_array().unwrap().contains(&json!(reply.card.unwrap())));
                    }
                    Action::Pass { cards, .. } => assert_eq!(reply.cards.unwrap().len(), cards.len()),
                    Action::Declare { .. } => assert!(reply.declare.is_some()),
                    // The served bot bids and names as the game's normal bot did.
                    Action::Bid { chips, .. } => assert_eq!(reply.bid, Some(chips.unwrap_or(0)), "{line}"),
                    Action::NameSuit { suit, .. } => assert_eq!(reply.suit, Some(suit.letter().to_string())),
                    _ => assert!(reply.moon.is_some()),
                }
            }
        }
    }
}

/// A play request from the middle of a hand, as JSON to change.
fn mid_hand_play() -> Value {
    let rules = Rules::default();
    let lines = requests_of_a_game(rules, 31);
    let (line, _) = lines
        .iter()
        .find(|(line, _)| {
            let request: Value = serde_json::from_str(line).unwrap();
            request["type"] == "play"
                && request["tricks"].as_array().unwrap().len() == 4
                && request["trick"]["cards"].as_array().unwrap().len() == 1
        })
        .expect("a fifth trick with one card led");
    serde_json::from_str(line).unwrap()
}

/// The error the server gives for the request after `edit`.
fn error_for(edit: impl FnOnce(&mut Value)) -> String {
    let mut request = mid_hand_play();
    edit(&mut request);
    let reply = protocol::answer(&request.to_string(), Level::Hard, 1, &mut HashMap::new());
    reply.error.unwrap_or_else(|| panic!("accepted: {request}"))
}

/// Turns a request's Black Lady game into an auction for chips (the
/// same deal, passing and play rules).
fn make_auction(request: &mut Value) {
    let rules = Rules {
        auction: true,
        points: hearts_engine::PointsTable::Original,
        scoring: hearts_engine::Scoring::Chips,
        ..Rules::default()
    };
    request["rules"] = hearts_bots::config::rules_to_json(&rules);
    request["chips"] = json!([50, 50, 50, 50]);
    request["pot"] = json!(0);
}

/// A change to a request.
type Edit = Box<dyn FnOnce(&mut Value)>;

fn hand_cards(request: &Value) -> Vec<Value> {
    request["hand"].as_array().unwrap().clone()
}

#[test]
fn bad_requests_get_an_error_naming_the_problem() {
    assert_eq!(
        protocol::answer(&mid_hand_play().to_string(), Level::Hard, 1, &mut HashMap::new()).error,
        None,
        "the untouched request is answered"
    );
    let cases: Vec<(&str, Edit)> = vec![
        ("unknown field `mood`", Box::new(|r| r["mood"] = json!("sunny"))),
        ("missing field `hand`", Box::new(|r| drop(r.as_object_mut().unwrap().remove("hand")))),
        ("unknown request type", Box::new(|r| r["type"] = json!("auction"))),
        ("type: these rules have no auction", Box::new(|r| r["type"] = json!("bid"))),
        ("high_bid: these rules have no auction", Box::new(|r| r["high_bid"] = json!({"seat": 1, "chips": 2}))),
        ("named_suit: only the auction's winner names a suit", Box::new(|r| r["named_suit"] = json!("S"))),
        (
            "the auction is over before the first lead",
            Box::new(|r| {
                r["type"] = json!("bid");
                make_auction(r);
            }),
        ),
        (
            "named_suit: \"X\" is not S, H, D or C",
            Box::new(|r| {
                make_auction(r);
                r["high_bid"] = json!({"seat": 1, "chips": 2});
                r["named_suit"] = json!("X");
            }),
        ),
        (
            "high_bid: a bid is at least 1 chip",
            Box::new(|r| {
                make_auction(r);
                r["high_bid"] = json!({"seat": 1, "chips": 0});
                r["named_suit"] = json!("S");
            }),
        ),
        ("type: these rules have no declaration", Box::new(|r| r["type"] = json!("declare"))),
        ("declarer: these rules have no declaration", Box::new(|r| r["declarer"] = json!(1))),
        ("partner: the partner is the seat opposite", Box::new(|r| r["partner"] = json!(2))),
        (
            "partner: the partner is the seat opposite",
            Box::new(|r| {
                // Seat 3's partner is seat 1.
                r["rules"]["teams"] = json!("combined");
                r["partner"] = json!(0);
            }),
        ),
        (
            "declarations are made before the first lead",
            Box::new(|r| {
                r["type"] = json!("declare");
                r["rules"]["declaration"] = json!("generale");
            }),
        ),
        ("tricks: 14 tricks in a hand of 13", Box::new(|r| r["tricks"] = json!(vec![r["tricks"][0].clone(); 14]))),
        (
            "listed twice",
            Box::new(|r| {
                let first = r["hand"][0].clone();
                r["hand"].as_array_mut().unwrap().push(first);
            }),
        ),
        (
            "both held and played",
            Box::new(|r| {
                let played = r["tricks"][0]["cards"][1].clone();
                r["hand"].as_array_mut().unwrap()[0] = played;
            }),
        ),
        ("played twice", Box::new(|r| r["trick"]["cards"][0] = r["tricks"][1]["cards"][2].clone())),
        (
            "but the rules deal 13",
            Box::new(|r| {
                let received = r["received"].as_array().unwrap().clone();
                r["hand"].as_array_mut().unwrap().retain(|card| received.contains(card));
            }),
        ),
        ("not in the deck", Box::new(|r| r["rules"]["removed-cards"] = json!(hand_cards(r)[..4]))),
        ("legal: the rules allow", Box::new(|r| r["legal"] = json!(hand_cards(r)[..1]))),
        ("seat 9 is not at a table of 4", Box::new(|r| r["seat"] = json!(9))),
        (
            "the last trick's winner leads",
            Box::new(|r| {
                let leader = r["trick"]["leader"].as_u64().unwrap();
                r["trick"]["leader"] = json!((leader + 1) % 4);
            }),
        ),
        (
            "hearts_broken",
            Box::new(|r| {
                let broken = r["hearts_broken"].as_bool().unwrap();
                r["hearts_broken"] = json!(!broken);
            }),
        ),
        ("is not a card", Box::new(|r| r["legal"][0] = json!("1X"))),
        ("rules: the rules object: unknown key `colour`", Box::new(|r| r["rules"]["colour"] = json!("red"))),
        ("rules: the rules must be a JSON object", Box::new(|r| r["rules"] = json!([1, 2]))),
        (
            "turn",
            Box::new(|r| {
                let seat = r["seat"].as_u64().unwrap();
                r["seat"] = json!((seat + 1) % 4);
                r["pass_target"] = Value::Null;
                r["received_from"] = Value::Null;
            }),
        ),
        (
            "pass_target: not where this hand's pass goes",
            Box::new(|r| {
                let target = r["pass_target"].as_u64().unwrap();
                r["pass_target"] = json!((target + 1) % 4);
            }),
        ),
    ];
    for (fragment, edit) in cases {
        let error = error_for(edit);
        assert!(error.contains(fragment), "expected `{fragment}` in: {error}");
        assert!(!error.contains("key=value"), "{error}");
    }
}

#[test]
fn the_server_keeps_serving_after_bad_lines() {
    let good = mid_hand_play().to_string();
    let input = format!("not json at all\n{{\"type\":\"play\"}}\n\n{good}\n[1,2,3]\n{good}\n");
    let mut output = Vec::new();
    protocol::serve(Level::Normal, 1, input.as_bytes(), &mut output).unwrap();
    let replies: Vec<Value> =
        String::from_utf8(output).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(replies.len(), 5, "one reply per non-empty line");
    assert!(replies[0]["error"].as_str().unwrap().contains("not a request"));
    assert!(replies[1]["error"].as_str().unwrap().contains("missing field"));
    assert!(replies[2]["card"].is_string());
    assert!(replies[3]["error"].is_string());
    assert_eq!(replies[4], replies[2]);
}

/// Domino requests carry the stock, every seat's count of cards, and the
/// seats that sat a trick out or drew; each must agree with the rest.
#[test]
fn domino_requests_carry_the_stock_and_the_draws_and_are_checked() {
    let rules = Rules { players: 3, ..Preset::Domino.rules() };
    let lines = requests_of_a_game(rules, 8);
    let requests: Vec<Value> = lines.iter().map(|(line, _)| serde_json::from_str(line).unwrap()).collect();
    let with_draws = requests
        .iter()
        .find(|r| r["tricks"].as_array().unwrap().iter().any(|t| t.get("drew").is_some()))
        .expect("a game of three draws from the stock");
    assert!(with_draws["stock"].as_u64().unwrap() < 34 && with_draws["held"].as_array().unwrap().len() == 3);
    let answer = |request: &Value| {
        protocol::answer(&request.to_string(), Level::Normal, 1, &mut HashMap::new()).error.unwrap_or_default()
    };
    assert_eq!(answer(with_draws), "");
    let mut more_stock = with_draws.clone();
    more_stock["stock"] = json!(with_draws["stock"].as_u64().unwrap() + 1);
    assert!(answer(&more_stock).starts_with("stock:"), "{}", answer(&more_stock));
    let mut no_counts = with_draws.clone();
    no_counts.as_object_mut().unwrap().remove("held");
    assert!(answer(&no_counts).starts_with("stock:"), "{}", answer(&no_counts));
    let mut wrong_count = with_draws.clone();
    let seat = with_draws["seat"].as_u64().unwrap() as usize;
    wrong_count["held"][seat] = json!(with_draws["held"][seat].as_u64().unwrap() + 1);
    assert!(answer(&wrong_count).starts_with("held:"), "{}", answer(&wrong_count));
    // Outside Domino nobody draws or sits out.
    let (line, _) = &requests_of_a_game(Rules { target_score: 20, ..Rules::default() }, 3)[20];
    let mut drew: Value = serde_json::from_str(line).unwrap();
    drew["tricks"][0]["drew"] = json!([1]);
    assert!(answer(&drew).contains("only Domino"), "{}", answer(&drew));
}

#[test]
fn domino_counts_too_big_to_add_are_an_error_not_a_panic() {
    let rules = Rules { players: 2, ..Preset::Domino.rules() };
    let (line, _) = &requests_of_a_game(rules, 4)[3];
    let mut request: Value = serde_json::from_str(line).unwrap();
    request["stock"] = json!(u64::MAX);
    let reply = protocol::answer(&request.to_string(), Level::Normal, 1, &mut HashMap::new());
    assert!(reply.error.as_deref().is_some_and(|e| e.starts_with("stock:")), "{reply:?}");
}

/// Whether a JSON list of cards names a card twice.
fn lists_a_card_twice(list: &Value) -> bool {
    let cards = list.as_array().unwrap();
    cards.iter().enumerate().any(|(i, card)| cards[..i].contains(card))
}

#[test]
fn two_pack_requests_list_both_copies_and_tricks_no_card_won_and_are_answered() {
    let (mut passed_twice, mut held_twice, mut rolled_over) = (0, 0, 0);
    for players in [6u8, 8, 11] {
        let rules = Rules { players, target_score: 40, ..Preset::Cancellation.rules() };
        let seed = 40 + u64::from(players);
        let mut game = Game::new(rules, seed).unwrap();
        let mut bots: Vec<_> =
            Seat::all(players.into()).map(|s| Level::Normal.bot(seed, s, Think::Samples(1))).collect();
        let mut served = HashMap::new();
        let mut id = 0;
        while game.phase() != GamePhase::GameOver {
            if game.phase() == GamePhase::HandOver {
                game.apply(Action::NextHand).unwrap();
                continue;
            }
            let seat = bot::seat_to_act(&game).unwrap();
            let view = SeatView::of(&game, seat);
            let passing = game.hand().awaits_pass_from(seat);
            let kind = match game.phase() {
                GamePhase::MoonChoice(_) => "moon",
                _ if passing => "pass",
                _ => "play",
            };
            let line = serde_json::to_string(&Request::from_view(kind, id, &view, 52)).unwrap();
            id += 1;
            let reply = protocol::answer(&line, Level::Normal, 1, &mut served);
            assert_eq!(reply.error, None, "{players} players: {line}");
            let request: Value = serde_json::from_str(&line).unwrap();
            held_twice += usize::from(lists_a_card_twice(&request["hand"]));
            passed_twice += usize::from(lists_a_card_twice(&request["passed"]));
            rolled_over += request["tricks"].as_array().unwrap().iter().filter(|t| t["winner"].is_null()).count();
            // The three lowest cards go, both copies where the lowest are held twice.
            let action = match passing {
                true => Action::Pass { seat, cards: game.hand().hand_of(seat).iter().take(3).collect() },
                false => bot::decide(&game, seat, bots[seat.index()].as_mut()).unwrap(),
            };
            game.apply(action).unwrap();
        }
    }
    assert!(held_twice > 0 && passed_twice > 0 && rolled_over > 0, "{held_twice} {passed_twice} {rolled_over}");
}

/// A two-pack play request from the middle of a hand whose seat holds a
/// card twice.
fn two_pack_play() -> Value {
    let rules = Rules { players: 8, ..Preset::Cancellation.rules() };
    let lines = requests_of_a_game(rules, 12);
    let (line, _) = lines
        .iter()
        .find(|(line, _)| {
            let request: Value = serde_json::from_str(line).unwrap();
            request["type"] == "play"
                && request["tricks"].as_array().unwrap().len() >= 2
                && lists_a_card_twice(&request["hand"])
        })
        .expect("a play with a card held twice");
    serde_json::from_str(line).unwrap()
}

#[test]
fn a_two_pack_request_may_list_a_card_twice_but_not_three_times() {
    let mut served = HashMap::new();
    let request = two_pack_play();
    assert_eq!(protocol::answer(&request.to_string(), Level::Hard, 1, &mut served).error, None);
    let mut three = request.clone();
    let cards = three["hand"].as_array().unwrap();
    let double = cards.iter().enumerate().find(|(i, card)| cards[..*i].contains(card)).unwrap().1.clone();
    three["hand"].as_array_mut().unwrap().push(double);
    let error = protocol::answer(&three.to_string(), Level::Hard, 1, &mut served).error.unwrap();
    assert!(error.contains("is listed three times"), "{error}");
    // A trick's winner must be the card that won it: no card, where none did.
    let mut wrong = request.clone();
    let first = wrong["tricks"][0]["winner"].clone();
    wrong["tricks"][0]["winner"] = json!((first.as_u64().unwrap_or(0) + 1) % 8);
    let error = protocol::answer(&wrong.to_string(), Level::Hard, 1, &mut served).error.unwrap();
    assert!(error.starts_with("tricks[0].winner"), "{error}");
}
