//! The bot protocol: one JSON object per line each way. A request is one
//! decision from one seat's view, complete in itself; the reply names the
//! cards. Documented in `docs/bot-protocol.md`.

use std::collections::HashMap;
use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};

use super::{Doubles, Level, PassView, SeatView, Think, VariantsView};
use crate::config::{rules_from_json, rules_to_json};
use hearts_engine::{
    Bid, BySeat, Card, CardBag, CardSet, Chips, MoonScoring, PassDirection, PlaySituation, Rules, Seat, Suit, Trick,
};

/// A decision request: `type` is `pass`, `declare`, `play` or `moon`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// `pass`, `declare`, `play` or `moon`.
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
    /// The kitty's cards, for the seat that took it (Heartsette's widow).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub widow: Vec<String>,
    /// The cards this seat may play (for `play`).
    pub legal: Vec<String>,
    /// For `moon`: what the moon is worth.
    #[serde(default)]
    pub penalty_total: i32,
    /// The seat that declared the Generale this hand, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarer: Option<usize>,
    /// The seat's partner (the seat opposite) when teams are played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partner: Option<usize>,
    /// The auction's highest bid so far (the winning bid once it is over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub high_bid: Option<BidJson>,
    /// The suit the auction's winner named (`"S"`, `"H"`, `"D"` or `"C"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub named_suit: Option<String>,
    /// Under chips: each seat's chips before this hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<Vec<i32>>,
    /// Under chips: the chips in the pot before this hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pot: Option<i32>,
    /// Domino: the cards left in the stock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock: Option<usize>,
    /// Domino: how many cards each seat holds now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held: Option<Vec<usize>>,
}

/// A bid in a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BidJson {
    /// The bidder.
    pub seat: usize,
    /// The chips bid.
    pub chips: u32,
}

/// A trick in a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrickJson {
    /// The seat that led.
    pub leader: usize,
    /// The cards in play order.
    pub cards: Vec<String>,
    /// Who took it (completed tricks only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<usize>,
    /// Domino: the seats out of cards, which sit the trick out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub out: Vec<usize>,
    /// Domino: the seats that drew from the stock before playing to it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drew: Vec<usize>,
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
    /// For `declare`: whether the seat declares the Generale.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declare: Option<bool>,
    /// For `bid`: the chips bid; 0 passes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bid: Option<u32>,
    /// For `name`: the penalty suit named (`"S"`, `"H"`, `"D"` or `"C"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suit: Option<String>,
    /// A server's complaint about a bad request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

fn strings(cards: CardSet) -> Vec<String> {
    cards.iter().map(|card| card.to_string()).collect()
}

/// The cards, a card there twice (two packs) written twice.
fn bag_strings(cards: CardBag) -> Vec<String> {
    cards.iter().map(|card| card.to_string()).collect()
}

/// Cards written one to a string, a card at most twice (both copies, with
/// two packs); `None` if a string is not one card or a card comes more.
pub fn card_bag(texts: &[String]) -> Option<CardBag> {
    card_list("cards", texts, CardSet::DECK | CardSet::JOKERS, 2).ok()
}

fn trick_json(trick: &Trick, players: usize, complete: bool) -> TrickJson {
    TrickJson {
        leader: trick.leader().index(),
        cards: trick.cards().iter().map(Card::to_string).collect(),
        winner: if complete { trick.winner(players).map(Seat::index) } else { None },
        out: Seat::all(players).filter(|&s| trick.sits_out(s)).map(Seat::index).collect(),
        drew: Seat::all(players).filter(|&s| trick.drew(s)).map(Seat::index).collect(),
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
            pass: view.pass.direction.to_string(),
            pass_count: view.pass.count,
            hand: bag_strings(CardBag::new(view.hand, view.doubles.hand)),
            passed: bag_strings(CardBag::new(view.pass.passed, view.doubles.passed)),
            pass_target: view.pass.target.map(Seat::index),
            received: bag_strings(CardBag::new(view.pass.received, view.doubles.received)),
            received_from: view.pass.received_from.map(Seat::index),
            tricks: view.tricks.iter().map(|t| trick_json(t, players, true)).collect(),
            trick: trick_json(&view.trick, players, false),
            hearts_broken: view.hearts_broken,
            scores: view.totals.of_table(players).to_vec(),
            points_taken: view.points_taken.of_table(players).to_vec(),
            kitty_size: view.variants.kitty_size,
            widow: bag_strings(CardBag::new(view.variants.widow, view.doubles.widow)),
            legal: strings(view.legal),
            penalty_total,
            declarer: view.variants.declarer.map(Seat::index),
            partner: view.rules.partner(view.seat).map(Seat::index),
            high_bid: view.variants.high_bid.map(|bid| BidJson { seat: bid.seat.index(), chips: bid.chips }),
            named_suit: view.variants.named_suit.map(|suit| suit.letter().to_string()),
            chips: view.variants.chips.map(|chips| chips.stacks.of_table(players).to_vec()),
            pot: view.variants.chips.map(|chips| chips.pot),
            stock: view.rules.domino.then_some(usize::from(view.variants.stock_size)),
            held: view
                .rules
                .domino
                .then(|| view.variants.held.of_table(players).iter().map(|&n| usize::from(n)).collect()),
        }
    }
}

/// Why a request cannot be answered. The server replies with the message
/// and goes on serving.
#[derive(Debug, thiserror::Error)]
pub enum RequestError {
    /// Not a request object (not JSON, a missing or unknown field, a wrong type).
    #[error("not a request: {0}")]
    NotARequest(String),
    /// The rules object does not load.
    #[error("rules: {0}")]
    Rules(#[from] crate::config::ConfigError),
    /// `type` is not one of the six.
    #[error("unknown request type \"{0}\"; expected pass, declare, bid, name, play or moon")]
    UnknownType(String),
    /// A field that contradicts the rules or the rest of the request.
    #[error("{field}: {problem}")]
    Inconsistent {
        /// The field, e.g. `tricks[2].cards`.
        field: String,
        /// What is wrong with it.
        problem: String,
    },
}

fn inconsistent(field: impl Into<String>, problem: impl Into<String>) -> RequestError {
    RequestError::Inconsistent { field: field.into(), problem: problem.into() }
}

/// A list of cards, each a card of the deck in play, each listed at most
/// `copies` times (once; twice with two packs).
fn card_list(field: &str, texts: &[String], deck: CardSet, copies: usize) -> Result<CardBag, RequestError> {
    let mut cards = CardBag::EMPTY;
    for text in texts {
        let card: Card = text.parse().map_err(|_| inconsistent(field, format!("\"{text}\" is not a card")))?;
        if !deck.contains(card) {
            return Err(inconsistent(field, format!("{card} is not in the deck under these rules")));
        }
        if cards.count(card) == copies {
            return Err(inconsistent(field, format!("{card} is listed {}", more_than(copies))));
        }
        cards = cards.plus(CardBag::from(CardSet::single(card)));
    }
    Ok(cards)
}

/// The cards `a` and `b` hold more than `copies` times between them.
fn too_many(a: CardBag, b: CardBag, copies: usize) -> CardSet {
    match copies {
        1 => a.cards() & b.cards(),
        _ => (a.twice() & b.cards()) | (a.cards() & b.twice()),
    }
}

/// "twice" where one copy of a card is in play, "three times" where two.
fn more_than(copies: usize) -> &'static str {
    if copies == 1 { "twice" } else { "three times" }
}

fn seat(field: &str, number: usize, players: usize) -> Result<Seat, RequestError> {
    Seat::new(number)
        .filter(|s| s.index() < players)
        .ok_or_else(|| inconsistent(field, format!("seat {number} is not at a table of {players}")))
}

/// A request checked against its rules and itself, read back into what a
/// [`SeatView`] borrows.
struct Decoded {
    rules: Rules,
    tricks: Vec<Trick>,
    trick: Trick,
    request: Request,
    high_bid: Option<Bid>,
    named_suit: Option<Suit>,
}

impl Decoded {
    /// Checks everything a bot relies on: seats on the table, cards of the
    /// deck each in one place, tricks that chain and fit the hand, a hand of
    /// the size the rules give, hearts broken as the tricks show, and the
    /// legal cards the rules allow.
    fn new(request: Request) -> Result<Decoded, RequestError> {
        let rules = rules_from_json(&request.rules)?;
        let players = rules.player_count();
        let r = &request;
        if !matches!(r.kind.as_str(), "pass" | "declare" | "bid" | "name" | "play" | "moon") {
            return Err(RequestError::UnknownType(r.kind.clone()));
        }
        if r.players != players {
            return Err(inconsistent("players", format!("{} but the rules say {players}", r.players)));
        }
        let me = seat("seat", r.seat, players)?;
        seat("dealer", r.dealer, players)?;
        if r.scores.len() != players || r.points_taken.len() != players {
            return Err(inconsistent(
                "scores",
                format!("scores and points_taken need one number per seat ({players})"),
            ));
        }
        if r.hand_number == 0 {
            return Err(inconsistent("hand_number", "hands are numbered from 1"));
        }
        let direction: PassDirection = r.pass.parse().map_err(|e: String| inconsistent("pass", e))?;
        let expected =
            if rules.pass_count == 0 { PassDirection::Hold } else { rules.pass_direction(r.hand_number - 1) };
        if direction != expected {
            return Err(inconsistent("pass", format!("hand {} passes {expected} under these rules", r.hand_number)));
        }
        let pass_count = if direction == PassDirection::Hold { 0 } else { usize::from(rules.pass_count) };
        if r.pass_count != pass_count {
            return Err(inconsistent("pass_count", format!("{} but this hand passes {pass_count}", r.pass_count)));
        }
        let target = (pass_count > 0).then(|| me.left(direction.offset(players), players));
        let source = (pass_count > 0).then(|| me.right(direction.offset(players), players));
        if r.pass_target.is_some_and(|n| Some(n) != target.map(Seat::index)) {
            return Err(inconsistent("pass_target", "not where this hand's pass goes"));
        }
        if r.received_from.is_some_and(|n| Some(n) != source.map(Seat::index)) {
            return Err(inconsistent("received_from", "not where this hand's pass comes from"));
        }

        let deck = rules.deck();
        let copies = rules.pack_count();
        let hand = card_list("hand", &r.hand, deck, copies)?;
        let passed = card_list("passed", &r.passed, deck, copies)?;
        let received = card_list("received", &r.received, deck, copies)?;
        let legal = card_list("legal", &r.legal, deck, 1)?.cards();
        let hand_size = rules.hand_size();
        // Domino's draws make more tricks than cards dealt: two cards a trick at least.
        let most_tricks = if rules.domino { deck.len() / 2 } else { hand_size };
        if r.tricks.len() > most_tricks {
            return Err(inconsistent("tricks", format!("{} tricks in a hand of {hand_size}", r.tricks.len())));
        }
        let mut played = CardBag::EMPTY;
        let mut tricks = Vec::with_capacity(r.tricks.len());
        let mut next_leader = None;
        for (i, json) in r.tricks.iter().enumerate() {
            let field = format!("tricks[{i}]");
            let trick = trick(&field, json, &rules, deck, &mut played, next_leader)?;
            if !trick.is_complete(players) {
                let size = trick.size(players);
                return Err(inconsistent(field, format!("{} cards in a completed trick of {size}", trick.len())));
            }
            // Two packs: with no card winning, the leader leads again.
            let winner = trick.winner(players);
            if json.winner.is_some_and(|w| Some(w) != winner.map(Seat::index)) {
                let why = winner.map_or("no card won it".to_string(), |winner| format!("{winner} took it"));
                return Err(inconsistent(format!("{field}.winner"), why));
            }
            next_leader = Some(winner.unwrap_or(trick.leader()));
            tricks.push(trick);
        }
        let current = trick("trick", &r.trick, &rules, deck, &mut played, next_leader)?;
        if current.len() >= current.size(players) {
            return Err(inconsistent("trick", format!("{} cards in a trick still being played", current.len())));
        }
        let clash = too_many(hand, played, copies);
        if !clash.is_empty() {
            let how = if copies == 1 { "both held and played" } else { "held and played three times" };
            return Err(inconsistent("hand", format!("{clash} {how}")));
        }
        if !(too_many(passed, hand, copies) | too_many(passed, received, copies)).is_empty() {
            return Err(inconsistent("passed", "a passed card is still held or came back"));
        }
        if !hand.plus(played).includes(received) {
            return Err(inconsistent("received", "a received card is neither held nor played"));
        }
        let high_bid = match r.high_bid {
            Some(_) if !rules.auction => return Err(inconsistent("high_bid", "these rules have no auction")),
            Some(BidJson { seat: bidder, chips }) => {
                if chips == 0 {
                    return Err(inconsistent("high_bid", "a bid is at least 1 chip"));
                }
                Some(Bid { seat: seat("high_bid.seat", bidder, players)?, chips })
            }
            None => None,
        };
        let named_suit = match &r.named_suit {
            Some(_) if high_bid.is_none() => {
                return Err(inconsistent("named_suit", "only the auction's winner names a suit"));
            }
            Some(text) => Some(
                Suit::from_letter(text)
                    .ok_or_else(|| inconsistent("named_suit", format!("\"{text}\" is not S, H, D or C")))?,
            ),
            None => None,
        };
        if rules.auction && high_bid.is_some() && named_suit.is_none() && !played.is_empty() {
            return Err(inconsistent("named_suit", "the auction's winner names the suit before the first lead"));
        }
        let penalty_suit = named_suit.unwrap_or(Suit::Hearts);
        let broken = played.cards().iter().any(|card| {
            (card.suit() == penalty_suit && !card.is_joker())
                || (rules.queen_breaks_hearts && card == Card::QUEEN_OF_SPADES)
        });
        if r.hearts_broken != broken {
            return Err(inconsistent("hearts_broken", format!("the tricks say {broken}")));
        }
        let kitty_room = rules.kitty_size();
        if r.kitty_size > kitty_room {
            return Err(inconsistent("kitty_size", format!("at most {kitty_room} cards are left over")));
        }
        let widow = card_list("widow", &r.widow, deck, copies)?;
        if !widow.is_empty() && (widow.len() != kitty_room || r.kitty_size != 0 || tricks.is_empty()) {
            return Err(inconsistent("widow", format!("the widow is the {kitty_room} cards taken with a trick")));
        }
        let clash = too_many(widow, hand, copies) | too_many(widow, played, copies) | too_many(widow, passed, copies);
        if !clash.is_empty() {
            return Err(inconsistent("widow", "a widow card is also held, played or passed"));
        }
        let my_plays = tricks.len() + usize::from(current.plays(players).any(|(s, _)| s == me));
        if rules.domino {
            domino_counts(r, me, hand.cards(), played.cards(), deck)?;
        } else if r.stock.is_some() || r.held.is_some() {
            return Err(inconsistent("stock", "only Domino has a stock"));
        } else if hand.len() + my_plays != hand_size {
            return Err(inconsistent(
                "hand",
                format!("{} cards held and {my_plays} played, but the rules deal {hand_size}", hand.len()),
            ));
        }
        match (&r.chips, r.pot, rules.plays_chips()) {
            (Some(stacks), Some(pot), true) => {
                if stacks.len() != players || stacks.iter().chain([&pot]).any(|&n| !(0..=1_000_000).contains(&n)) {
                    return Err(inconsistent(
                        "chips",
                        format!("one stack of 0 or more per seat ({players}), and a pot"),
                    ));
                }
            }
            (None, None, false) => {}
            (_, _, true) => return Err(inconsistent("chips", "chips are played: give chips and pot")),
            (_, _, false) => return Err(inconsistent("chips", "these rules play for points, not chips")),
        }
        if r.partner != rules.partner(me).map(Seat::index) {
            return Err(inconsistent("partner", "the partner is the seat opposite under teams, and absent otherwise"));
        }
        let declaration = rules.declaration != hearts_engine::Declaration::None;
        if let Some(declarer) = r.declarer {
            seat("declarer", declarer, players)?;
            if !declaration {
                return Err(inconsistent("declarer", "these rules have no declaration"));
            }
        }
        match r.kind.as_str() {
            "declare" => {
                if !declaration {
                    return Err(inconsistent("type", "these rules have no declaration"));
                }
                if !played.is_empty() || r.declarer.is_some() {
                    return Err(inconsistent("type", "declarations are made before the first lead, once"));
                }
                if pass_count > 0 && passed.len() != pass_count {
                    return Err(inconsistent("passed", format!("this hand passes {pass_count} cards")));
                }
            }
            "bid" | "name" => {
                if !rules.auction {
                    return Err(inconsistent("type", "these rules have no auction"));
                }
                if !played.is_empty() || named_suit.is_some() {
                    return Err(inconsistent("type", "the auction is over before the first lead"));
                }
                if r.kind == "name" && high_bid.is_none_or(|bid| bid.seat != me) {
                    return Err(inconsistent("type", "only the auction's winner names the suit"));
                }
            }
            "pass" => {
                if pass_count == 0 || !played.is_empty() || !passed.is_empty() {
                    return Err(inconsistent("type", "nothing to pass now"));
                }
            }
            "play" => {
                let to_play = current.seat_of(current.len(), players);
                if to_play != me || hand.is_empty() {
                    return Err(inconsistent("seat", format!("it is {to_play}'s turn")));
                }
                if pass_count > 0 && passed.len() != pass_count {
                    return Err(inconsistent("passed", format!("this hand passes {pass_count} cards")));
                }
                let situation = PlaySituation {
                    holding: hand.cards(),
                    trick: &current,
                    first_trick: tricks.is_empty(),
                    hearts_broken: broken,
                    named_suit,
                };
                let allowed = situation.legal(&rules);
                if legal != allowed {
                    return Err(inconsistent("legal", format!("the rules allow {allowed}")));
                }
            }
            _ => {
                if !hand.is_empty() || !(-10_000..=10_000).contains(&r.penalty_total) {
                    return Err(inconsistent("type", "the moon is asked once every card is played"));
                }
            }
        }
        Ok(Decoded { rules, tricks, trick: current, request, high_bid, named_suit })
    }

    fn view(&self) -> SeatView<'_> {
        let r = &self.request;
        let players = r.players;
        let on_table = |n: usize| Seat::new(n).filter(|s| s.index() < players);
        let cards = |texts: &[String]| texts.iter().filter_map(|t| t.parse::<Card>().ok()).collect::<CardSet>();
        let twice = |texts: &[String]| card_bag(texts).map_or(CardSet::EMPTY, CardBag::twice);
        let played = self.tricks.iter().chain(std::iter::once(&self.trick)).map(Trick::card_set).collect::<Vec<_>>();
        SeatView {
            rules: &self.rules,
            seat: on_table(r.seat).expect("checked"),
            hand_number: r.hand_number,
            dealer: on_table(r.dealer).expect("checked"),
            pass: PassView {
                direction: r.pass.parse::<PassDirection>().expect("checked"),
                count: r.pass_count,
                passed: cards(&r.passed),
                target: r.pass_target.and_then(on_table),
                received: cards(&r.received),
                received_from: r.received_from.and_then(on_table),
            },
            hand: cards(&r.hand),
            tricks: &self.tricks,
            trick: self.trick,
            played: CardSet::union(&played),
            hearts_broken: r.hearts_broken,
            points_taken: SeatView::points_in_tricks(&self.rules, &self.tricks, self.named_suit),
            legal: cards(&r.legal),
            totals: BySeat::new_with(|s| r.scores.get(s.index()).copied().unwrap_or(0)),
            variants: VariantsView {
                kitty_size: r.kitty_size,
                widow: cards(&r.widow),
                declarer: r.declarer.and_then(on_table),
                chips: r.chips.as_ref().zip(r.pot).map(|(stacks, pot)| Chips {
                    stacks: BySeat::new_with(|s| stacks.get(s.index()).copied().unwrap_or(0)),
                    pot,
                }),
                high_bid: self.high_bid,
                named_suit: self.named_suit,
                stock_size: r.stock.unwrap_or(0).min(255) as u8,
                held: BySeat::new_with(|s| {
                    r.held.as_ref().and_then(|held| held.get(s.index())).map_or(0, |&n| n.min(255) as u8)
                }),
            },
            known_voids: None,
            doubles: Doubles {
                hand: twice(&r.hand),
                passed: twice(&r.passed),
                received: twice(&r.received),
                widow: twice(&r.widow),
            },
        }
    }
}

/// Domino's counts: a stock and every seat's cards, adding up to the pack
/// with the cards played, and this seat's own count its hand's.
fn domino_counts(r: &Request, me: Seat, hand: CardSet, played: CardSet, deck: CardSet) -> Result<(), RequestError> {
    let (Some(stock), Some(held)) = (r.stock, &r.held) else {
        return Err(inconsistent("stock", "Domino requests give the stock and the cards each seat holds"));
    };
    if held.len() != r.players || held[me.index()] != hand.len() {
        return Err(inconsistent("held", "one count per seat, and this seat's is its hand's"));
    }
    // Counts come from anyone: added without overflow.
    let counted = held.iter().try_fold(stock, |sum, &n| sum.checked_add(n)).and_then(|n| n.checked_add(played.len()));
    if counted != Some(deck.len()) {
        return Err(inconsistent("stock", "the stock, the cards held and the cards played make the pack"));
    }
    Ok(())
}

/// One trick of a request: its leader (the last trick's winner, or in
/// Domino for a winner out of cards the next seat holding some), the
/// seats sitting out and those that drew (Domino only), cards of the deck
/// not played before.
fn trick(
    field: &str,
    json: &TrickJson,
    rules: &Rules,
    deck: CardSet,
    played: &mut CardBag,
    leader: Option<Seat>,
) -> Result<Trick, RequestError> {
    let players = rules.player_count();
    let first = seat(&format!("{field}.leader"), json.leader, players)?;
    if !rules.domino && leader.is_some_and(|leader| leader != first) {
        return Err(inconsistent(format!("{field}.leader"), "the last trick's winner leads"));
    }
    let shows_draws = !json.out.is_empty() || !json.drew.is_empty();
    if shows_draws && !rules.domino {
        return Err(inconsistent(format!("{field}.out"), "only Domino's players run out and draw"));
    }
    let out: Vec<Seat> =
        json.out.iter().map(|&n| seat(&format!("{field}.out"), n, players)).collect::<Result<_, _>>()?;
    if out.contains(&first) || out.len() + 2 > players {
        return Err(inconsistent(format!("{field}.out"), "the leader and one other seat at least play"));
    }
    // The leader in Domino: the winner, or the next seat clockwise still in.
    if rules.domino
        && let Some(winner) = leader
        && (0..players).map(|steps| winner.left(steps, players)).find(|seat| !out.contains(seat)) != Some(first)
    {
        return Err(inconsistent(format!("{field}.leader"), "the last trick's winner (or the next seat in) leads"));
    }
    if json.cards.len() > players {
        return Err(inconsistent(
            format!("{field}.cards"),
            format!("{} cards at a table of {players}", json.cards.len()),
        ));
    }
    let copies = rules.pack_count();
    let cards = card_list(&format!("{field}.cards"), &json.cards, deck, copies)?;
    let clash = too_many(cards, *played, copies);
    if !clash.is_empty() {
        return Err(inconsistent(format!("{field}.cards"), format!("{clash} played {}", more_than(copies))));
    }
    *played = played.plus(cards);
    let in_order: Vec<Card> = json.cards.iter().filter_map(|t| t.parse().ok()).collect();
    let empty = Trick::skipping(first, out);
    let empty = if rules.cancellation { empty.of_two_packs_too() } else { empty };
    let mut trick = empty.with_cards(&in_order).expect("no more cards than players");
    if in_order.len() > trick.size(players) {
        return Err(inconsistent(format!("{field}.cards"), "more cards than seats in the trick"));
    }
    for &n in &json.drew {
        let drawer = seat(&format!("{field}.drew"), n, players)?;
        if drawer == first || trick.sits_out(drawer) {
            return Err(inconsistent(format!("{field}.drew"), "only a seat following the lead draws"));
        }
        trick.mark_drew(drawer);
    }
    Ok(trick)
}

/// Answers one request line with a bot of `level` per seat (made on first
/// use); a bad request gets `{"error": ...}` naming the problem.
pub fn answer(line: &str, level: Level, seed: u64, bots: &mut HashMap<usize, Box<dyn super::Bot>>) -> Reply {
    let outcome = (|| -> Result<Reply, RequestError> {
        let request: Request =
            serde_json::from_str(line).map_err(|error| RequestError::NotARequest(error.to_string()))?;
        let id = Some(request.id);
        let decoded = Decoded::new(request)?;
        let view = decoded.view();
        let bot = bots
            .entry(view.seat.index())
            .or_insert_with(|| level.bot(seed, view.seat, Think::Samples(super::DEFAULT_SAMPLES)));
        let mut reply = Reply { id, ..Reply::default() };
        match decoded.request.kind.as_str() {
            "pass" => reply.cards = Some(bag_strings(bot.pass(&view))),
            "play" => reply.card = Some(bot.play(&view).to_string()),
            "declare" => reply.declare = Some(bot.declare(&view)),
            "bid" => reply.bid = Some(bot.bid(&view).unwrap_or(0)),
            "name" => reply.suit = Some(bot.name_suit(&view).letter().to_string()),
            _ => reply.moon = Some(moon_name(bot.moon(&view, decoded.request.penalty_total)).to_string()),
        }
        Ok(reply)
    })();
    outcome.unwrap_or_else(|error| Reply { error: Some(error.to_string()), ..Reply::default() })
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
