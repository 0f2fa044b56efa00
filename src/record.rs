//! Game records: one JSON object per game, written as JSON Lines by
//! `hearts sim --record FILE`. The format is documented in
//! `docs/record-format.md`; [`GameRecord::replay`] plays a record back
//! through the engine.

use serde::{Deserialize, Serialize};

use crate::bot::protocol::moon_name;
use crate::config::{ConfigError, rules_from_json, rules_to_json};
use crate::engine::{Action, BySeat, Card, CardSet, Game, GameError, GamePhase, MoonScoring, Seat};

/// One whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game seed: `hearts --seed N` deals the same cards.
    pub seed: u64,
    /// The rules, one member per `rules.toml` option.
    pub rules: serde_json::Value,
    /// Who sat where, seat 0 first.
    pub seats: Vec<SeatRecord>,
    /// The hands in order.
    pub hands: Vec<HandLog>,
    /// Totals at the end.
    pub totals: Vec<i32>,
    /// The seats with the lowest total at the end (the winners, if the game
    /// finished).
    pub winners: Vec<usize>,
    /// Whether the game reached its end (target score or hand limit).
    pub finished: bool,
}

/// One seat of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The seat number, 0 = South, clockwise.
    pub seat: usize,
    /// The seat's name at the table.
    pub name: String,
    /// What played it: a bot level, `cmd:...` or `human`.
    pub player: String,
}

/// One hand of a record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandLog {
    /// The hand's number, 1-based.
    pub number: u32,
    /// The seat that dealt.
    pub dealer: usize,
    /// The pass direction (`left`, `right`, `across`, `hold`, `2-left`, ...).
    pub pass: String,
    /// Each seat's cards as dealt, before passing.
    pub dealt: Vec<Vec<String>>,
    /// The kitty's cards (empty without the kitty rule).
    pub kitty: Vec<String>,
    /// The cards each seat passed (empty lists on a hold hand).
    pub passed: Vec<Vec<String>>,
    /// Every trick in order.
    pub tricks: Vec<TrickLog>,
    /// Penalty points each seat took (by the points table, before the moon).
    pub points: Vec<i32>,
    /// The seat that shot the moon, if one did and it counted.
    pub moon: Option<MoonLog>,
    /// Each seat's score for the hand.
    pub scores: Vec<i32>,
    /// Running totals after the hand.
    pub totals: Vec<i32>,
}

/// A moon shot in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoonLog {
    /// The shooter's seat.
    pub shooter: usize,
    /// `add-to-others` or `subtract-from-shooter`.
    pub scoring: String,
}

/// One trick in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickLog {
    /// The seat that led.
    pub leader: usize,
    /// The cards in play order from the leader.
    pub cards: Vec<String>,
    /// The seat that took the trick.
    pub winner: usize,
}

/// Why a record does not replay.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The rules in the record do not load.
    #[error("the record's rules: {0}")]
    Rules(#[from] ConfigError),
    /// The rules load but do not make a game.
    #[error("the record's rules: {0}")]
    Invalid(#[from] crate::engine::RulesError),
    /// A card is not card notation.
    #[error("hand {hand}: \"{card}\" is not a card")]
    Card {
        /// The hand's number.
        hand: u32,
        /// The text.
        card: String,
    },
    /// The engine refused a recorded action.
    #[error("hand {hand}: {action:?} was refused: {error}")]
    Refused {
        /// The hand's number.
        hand: u32,
        /// The action.
        action: Action,
        /// The engine's reason.
        error: GameError,
    },
    /// The record disagrees with what the engine computes.
    #[error("hand {hand}: the record says {what}")]
    Mismatch {
        /// The hand's number.
        hand: u32,
        /// What differs.
        what: String,
    },
}

fn cards_to_strings(cards: CardSet) -> Vec<String> {
    cards.iter().map(|card| card.to_string()).collect()
}

fn per_seat<T: Copy>(values: &BySeat<T>, players: usize) -> Vec<T> {
    values.of_table(players).to_vec()
}

/// Writes a record while a game is played: call [`Recorder::observe`]
/// before each action and after the last one.
#[derive(Debug)]
pub struct Recorder {
    record: GameRecord,
    dealt: Option<(u32, Vec<Vec<String>>, Vec<String>)>,
}

impl Recorder {
    /// Starts a record of `game` (not yet begun) with the seats' players.
    pub fn new(game: &Game, seats: Vec<SeatRecord>) -> Recorder {
        Recorder {
            record: GameRecord {
                seed: game.seed(),
                rules: rules_to_json(game.rules()),
                seats,
                hands: Vec::new(),
                totals: Vec::new(),
                winners: Vec::new(),
                finished: false,
            },
            dealt: None,
        }
    }

    /// Notes the cards as dealt at the start of each hand and the hand's
    /// log once it has been scored.
    pub fn observe(&mut self, game: &Game) {
        let players = game.rules().player_count();
        let hand = game.hand();
        let number = game.hand_number();
        if self.dealt.as_ref().is_none_or(|(n, _, _)| *n != number) {
            // Before any action of the hand, holdings are the dealt cards.
            let dealt = Seat::all(players).map(|s| cards_to_strings(hand.holding(s) | hand.passed(s))).collect();
            self.dealt = Some((number, dealt, cards_to_strings(hand.kitty())));
        }
        let scored = matches!(game.phase(), GamePhase::HandOver | GamePhase::GameOver);
        if scored && self.record.hands.last().is_none_or(|h| h.number != number) {
            let Some(entry) = game.history().last() else { return };
            let (_, dealt, kitty) = self.dealt.clone().unwrap_or_default();
            self.record.hands.push(HandLog {
                number,
                dealer: entry.dealer.index(),
                pass: entry.pass.to_string(),
                dealt,
                kitty,
                passed: Seat::all(players).map(|s| cards_to_strings(hand.passed(s))).collect(),
                tricks: game
                    .tricks()
                    .iter()
                    .map(|trick| TrickLog {
                        leader: trick.leader().index(),
                        cards: trick.cards().iter().map(Card::to_string).collect(),
                        winner: trick.winner(players).map_or(0, Seat::index),
                    })
                    .collect(),
                points: per_seat(&entry.result.points_taken, players),
                moon: entry.result.shooter.zip(entry.moon).map(|(shooter, scoring)| MoonLog {
                    shooter: shooter.index(),
                    scoring: moon_name(scoring).to_string(),
                }),
                scores: per_seat(&entry.scores, players),
                totals: per_seat(&entry.totals, players),
            });
            self.record.totals = per_seat(game.totals(), players);
            self.record.winners = game.leaders().iter().map(|s| s.index()).collect();
            self.record.finished = game.phase() == GamePhase::GameOver;
        }
    }

    /// The record so far.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The finished record.
    pub fn into_record(self) -> GameRecord {
        self.record
    }
}

impl GameRecord {
    /// Plays the record back through the engine from its seed and rules,
    /// checking that every action is accepted and the dealt cards, tricks,
    /// scores and totals come out as recorded. Returns the replayed game.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let rules = rules_from_json(&self.rules)?;
        let players = rules.player_count();
        let first_hand = self.hands.first().map_or(0, |hand| hand.number.saturating_sub(1));
        let mut game = Game::starting_at_hand(rules, self.seed, first_hand)?;
        for log in &self.hands {
            let number = log.number;
            let mismatch = |what: String| ReplayError::Mismatch { hand: number, what };
            let parse = |text: &String| -> Result<Card, ReplayError> {
                text.parse().map_err(|_| ReplayError::Card { hand: number, card: text.clone() })
            };
            let parse_set = |texts: &Vec<String>| -> Result<CardSet, ReplayError> { texts.iter().map(parse).collect() };
            let apply = |game: &mut Game, action: Action| {
                game.apply(action).map_err(|error| ReplayError::Refused { hand: number, action, error })
            };
            for seat in Seat::all(players) {
                let dealt = parse_set(&log.dealt[seat.index()])?;
                if dealt != game.hand().holding(seat) {
                    return Err(mismatch(format!("seat {} was dealt {dealt}", seat.index())));
                }
            }
            for seat in Seat::all(players) {
                let cards = parse_set(&log.passed[seat.index()])?;
                if !cards.is_empty() {
                    apply(&mut game, Action::Pass { seat, cards })?;
                }
            }
            for trick in &log.tricks {
                for (i, text) in trick.cards.iter().enumerate() {
                    let seat = Seat::new(trick.leader).map(|leader| leader.left(i, players));
                    let seat = seat.ok_or_else(|| mismatch(format!("leader {}", trick.leader)))?;
                    apply(&mut game, Action::Play { seat, card: parse(text)? })?;
                }
            }
            if let (GamePhase::MoonChoice(seat), Some(moon)) = (game.phase(), &log.moon) {
                let scoring = if moon.scoring == "subtract-from-shooter" {
                    MoonScoring::SubtractFromShooter
                } else {
                    MoonScoring::AddToOthers
                };
                apply(&mut game, Action::ChooseMoon { seat, scoring })?;
            }
            let entry = game.history().last().ok_or_else(|| mismatch("a hand that did not finish".into()))?;
            if per_seat(&entry.scores, players) != log.scores || per_seat(&entry.totals, players) != log.totals {
                return Err(mismatch(format!("scores {:?} and totals {:?}", log.scores, log.totals)));
            }
            if game.phase() == GamePhase::HandOver && number < self.hands.last().map_or(0, |h| h.number) {
                apply(&mut game, Action::NextHand)?;
            }
        }
        Ok(game)
    }
}
