//! The bot protocol: one JSON object per line each way. A request is one
//! decision from one seat's view, complete in itself; the reply names the
//! cards. Documented in `docs/bot-protocol.md`.

use std::collections::HashMap;
use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};

use super::{Level, SeatView, Think};
use crate::config::{rules_from_json, rules_to_json};
use crate::engine::{BySeat, Card, CardSet, MoonScoring, PassDirection, Rules, Seat, Trick};

/// A decision request: `type` is `pass`, `play` or `moon`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// `pass`, `play` or `moon`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Numbers the requests of one game; a reply may echo it.
    #[serde(default)]
    pub id: u64,
    /// The rules, one member per `rules.toml` option.
    pub rules: serde_json::Value,
    /// The seat deciding (0 = South, clockwise).
    pub seat: usize,
    /// Players at the table.
    pub players: usize,
    /// The hand's number, 1-based.
    pub hand_number: u32,
    /// The seat that dealt.
    pub dealer: usize,
    /// The pass direction of this hand.
    pub pass: String,
    /// Cards to pass (0 on a hold hand).
    pub pass_count: usize,
    /// The seat's cards.
    pub hand: Vec<String>,
    /// The cards this seat passed.
    pub passed: Vec<String>,
    /// Where this seat's pass went.
    pub pass_target: Option<usize>,
    /// The cards it received.
    pub received: Vec<String>,
    /// Whose pass it received.
    pub received_from: Option<usize>,
    /// Completed tricks of this hand.
    pub tricks: Vec<TrickJson>,
    /// The trick in progress.
    pub trick: TrickJson,
    /// Whether hearts are broken.
    pub hearts_broken: bool,
    /// Game totals before this hand, per seat.
    pub scores: Vec<i32>,
    /// Penalty points taken in tricks this hand, per seat.
    pub points_taken: Vec<i32>,
    /// Cards face down in the kitty.
    pub kitty_size: usize,
    /// The cards this seat may play (for `play`).
    pub legal: Vec<String>,
    /// For `moon`: what the moon is worth.
    #[serde(default)]
    pub penalty_total: i32,
}

/// A trick in a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickJson {
    /// The seat that led.
    pub leader: usize,
    /// The cards in play order.
    pub cards: Vec<String>,
    /// Who took it (completed tricks only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<usize>,
}

/// A reply: `cards` for a pass, `card` for a play, `moon` for the moon
/// question. `id` may echo the request's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    /// Echo of the request's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// The cards passed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<String>>,
    /// The card played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// `add-to-others` or `subtract-from-shooter`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moon: Option<String>,
    /// A server's complaint about a bad request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

fn strings(cards: CardSet) -> Vec<String> {
    cards.iter().map(|card| card.to_string()).collect()
}

fn trick_json(trick: &Trick, players: usize, complete: bool) -> TrickJson {
    TrickJson {
        leader: trick.leader().index(),
        cards: trick.cards().iter().map(Card::to_string).collect(),
        winner: if complete { trick.winner(players).map(Seat::index) } else { None },
    }
}

impl Request {
    /// The request for a decision of `kind` from this view.
    pub fn from_view(kind: &str, id: u64, view: &SeatView<'_>, penalty_total: i32) -> Request {
        let players = view.players();
        Request {
            kind: kind.to_string(),
            id,
            rules: rules_to_json(view.rules),
            seat: view.seat.index(),
            players,
            hand_number: view.hand_number,
            dealer: view.dealer.index(),
            pass: view.pass_direction.to_string(),
            pass_count: view.pass_count,
            hand: strings(view.hand),
            passed: strings(view.passed),
            pass_target: view.pass_target.map(Seat::index),
            received: strings(view.received),
            received_from: view.received_from.map(Seat::index),
            tricks: view.tricks.iter().map(|t| trick_json(t, players, true)).collect(),
            trick: trick_json(&view.trick, players, false),
            hearts_broken: view.hearts_broken,
            scores: view.totals.of_table(players).to_vec(),
            points_taken: view.points_taken.of_table(players).to_vec(),
            kitty_size: view.kitty_size,
            legal: strings(view.legal),
            penalty_total,
        }
    }
}

/// A request read back into what a [`SeatView`] borrows.
struct Decoded {
    rules: Rules,
    tricks: Vec<Trick>,
    request: Request,
}

fn card(text: &str) -> Result<Card, String> {
    text.parse().map_err(|_| format!("\"{text}\" is not a card"))
}

fn card_set(texts: &[String]) -> Result<CardSet, String> {
    texts.iter().map(|t| card(t)).collect()
}

fn seat(number: usize, players: usize) -> Result<Seat, String> {
    Seat::new(number).filter(|s| s.index() < players).ok_or_else(|| format!("seat {number} is not at the table"))
}

fn trick(json: &TrickJson, players: usize) -> Result<Trick, String> {
    let cards: Vec<Card> = json.cards.iter().map(|t| card(t)).collect::<Result<_, _>>()?;
    if cards.len() > players {
        return Err(format!("a trick of {} cards at a table of {players}", cards.len()));
    }
    Trick::from_cards(seat(json.leader, players)?, &cards).ok_or_else(|| "too many cards in a trick".to_string())
}

impl Decoded {
    fn new(request: Request) -> Result<Decoded, String> {
        let rules = rules_from_json(&request.rules).map_err(|e| e.to_string())?;
        if request.players != rules.player_count() {
            return Err(format!("players is {} but the rules say {}", request.players, rules.player_count()));
        }
        let tricks = request.tricks.iter().map(|t| trick(t, request.players)).collect::<Result<_, _>>()?;
        Ok(Decoded { rules, tricks, request })
    }

    fn view(&self) -> Result<SeatView<'_>, String> {
        let r = &self.request;
        let players = r.players;
        let optional_seat = |n: Option<usize>| n.map(|n| seat(n, players)).transpose();
        let current = trick(&r.trick, players)?;
        let played = self.tricks.iter().chain(std::iter::once(&current)).map(Trick::card_set).collect::<Vec<_>>();
        Ok(SeatView {
            rules: &self.rules,
            seat: seat(r.seat, players)?,
            hand_number: r.hand_number,
            dealer: seat(r.dealer, players)?,
            pass_direction: r.pass.parse::<PassDirection>()?,
            pass_count: r.pass_count,
            hand: card_set(&r.hand)?,
            passed: card_set(&r.passed)?,
            pass_target: optional_seat(r.pass_target)?,
            received: card_set(&r.received)?,
            received_from: optional_seat(r.received_from)?,
            tricks: &self.tricks,
            trick: current,
            played: CardSet::union(&played),
            hearts_broken: r.hearts_broken,
            points_taken: SeatView::points_in_tricks(&self.rules, &self.tricks),
            legal: card_set(&r.legal)?,
            totals: BySeat::new_with(|s| r.scores.get(s.index()).copied().unwrap_or(0)),
            kitty_size: r.kitty_size,
        })
    }
}

/// Answers one request line with a bot of `level` per seat (made on first
/// use); a bad request gets `{"error": ...}`.
pub fn answer(line: &str, level: Level, seed: u64, bots: &mut HashMap<usize, Box<dyn super::Bot>>) -> Reply {
    let outcome = (|| -> Result<Reply, String> {
        let request: Request = serde_json::from_str(line).map_err(|e| format!("not a request: {e}"))?;
        let id = Some(request.id);
        let decoded = Decoded::new(request)?;
        let view = decoded.view()?;
        let bot = bots
            .entry(view.seat.index())
            .or_insert_with(|| level.bot(seed, view.seat, Think::Samples(super::DEFAULT_SAMPLES)));
        let mut reply = Reply { id, ..Reply::default() };
        match decoded.request.kind.as_str() {
            "pass" => {
                if view.pass_count == 0 || view.hand.len() < view.pass_count {
                    return Err("nothing to pass".to_string());
                }
                reply.cards = Some(strings(bot.pass(&view)));
            }
            "play" => {
                if view.legal.is_empty() || !view.hand.is_superset(view.legal) {
                    return Err("legal must be a non-empty part of hand".to_string());
                }
                reply.card = Some(bot.play(&view).to_string());
            }
            "moon" => {
                let scoring = bot.moon(&view, decoded.request.penalty_total);
                reply.moon = Some(moon_name(scoring).to_string());
            }
            other => return Err(format!("unknown request type \"{other}\"")),
        }
        Ok(reply)
    })();
    outcome.unwrap_or_else(|error| Reply { error: Some(error), ..Reply::default() })
}

/// The protocol's name for a moon scoring.
pub fn moon_name(scoring: MoonScoring) -> &'static str {
    match scoring {
        MoonScoring::AddToOthers => "add-to-others",
        MoonScoring::SubtractFromShooter => "subtract-from-shooter",
    }
}

/// `hearts bot --level L`: serves requests from `input` until it closes.
pub fn serve(level: Level, seed: u64, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut bots = HashMap::new();
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = answer(&line, level, seed, &mut bots);
        writeln!(output, "{}", serde_json::to_string(&reply).expect("a reply serializes"))?;
        output.flush()?;
    }
    Ok(())
}
