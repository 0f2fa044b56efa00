//! Game records: one JSON object per game, written as JSON Lines by
//! `hearts sim --record FILE`. The format is documented in
//! `docs/record-format.md`; [`GameRecord::replay`] plays a record back
//! through the engine.

use serde::{Deserialize, Serialize};

use crate::config::{ConfigError, rules_from_json, rules_to_json};
use crate::protocol::moon_name;
use hearts_engine::{Action, BySeat, Card, CardBag, CardSet, Game, GameError, GamePhase, HandPhase, MoonScoring, Seat};

/// A deal code: a game seed and one of its hands, written `42/7` (hand 7
/// of game 42) or `42` (hand 1). `hearts --deal 42/7` plays it; the table
/// shows the code of the hand in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealCode {
    /// The game seed.
    pub seed: u64,
    /// The hand, 1-based.
    pub hand: u32,
}

/// Why text is not a deal code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a deal code: write SEED/HAND, e.g. 42/7 (or just the seed)")]
pub struct DealCodeError(String);

impl std::str::FromStr for DealCode {
    type Err = DealCodeError;

    fn from_str(text: &str) -> Result<DealCode, DealCodeError> {
        let error = || DealCodeError(text.to_string());
        let (seed, hand) = text.trim().split_once('/').unwrap_or((text.trim(), "1"));
        let seed = seed.parse().map_err(|_| error())?;
        let hand = hand.parse().ok().filter(|&hand| hand >= 1).ok_or_else(error)?;
        Ok(DealCode { seed, hand })
    }
}

impl std::fmt::Display for DealCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.seed, self.hand)
    }
}

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

impl SeatRecord {
    /// Whether a person played the seat: `human` at the terminal, or
    /// `human:NAME` at a server.
    pub fn is_person(&self) -> bool {
        self.player == "human" || self.player.starts_with("human:")
    }
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
    /// Domino: the stock as dealt (absent outside Domino).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock: Option<Vec<String>>,
    /// The cards each seat passed (empty lists on a hold hand).
    pub passed: Vec<Vec<String>>,
    /// The seat that declared the Generale, if one did (absent otherwise,
    /// and in records written before declarations existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarer: Option<usize>,
    /// The auction: each seat's bid in chips, `null` for a pass (absent
    /// without an auction).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bids: Option<Vec<Option<u32>>>,
    /// The suit the auction's winner named (absent when nobody bid).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub named_suit: Option<String>,
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
    /// Under chips: what the hand did to the chips (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<ChipsLog>,
}

/// The chips of a hand in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChipsLog {
    /// Each seat's gain or loss of chips.
    pub change: Vec<i32>,
    /// Each seat's chips after the hand.
    pub stacks: Vec<i32>,
    /// The pot after the hand.
    pub pot: i32,
}

impl ChipsLog {
    fn of(settled: &hearts_engine::ChipsSettlement, players: usize) -> ChipsLog {
        ChipsLog {
            change: per_seat(&settled.change, players),
            stacks: per_seat(&settled.after.stacks, players),
            pot: settled.after.pot,
        }
    }
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
    /// The seat whose card won the trick; `null` when no card won it (two
    /// packs: it went to the next trick's winner, or on the last trick to
    /// its leader).
    pub winner: Option<usize>,
    /// Domino: who drew from the stock before playing, and what (absent
    /// when nobody drew, and outside Domino).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drew: Vec<DrawLog>,
}

/// Domino: cards a seat drew, unable to follow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawLog {
    /// The seat that drew.
    pub seat: usize,
    /// The cards drawn, low to high.
    pub cards: Vec<String>,
}

/// Domino: the draws made for trick `t` of the game's current hand.
fn draw_logs(game: &Game, t: usize) -> Vec<DrawLog> {
    let draws = game.draws().iter().filter(|draw| draw.trick == t);
    draws.map(|draw| DrawLog { seat: draw.seat.index(), cards: bag_to_strings(CardBag::from(draw.cards)) }).collect()
}

/// Why a record does not replay: the first field that disagrees with the
/// game its seed and rules make, with the hand and the field's path.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The rules in the record do not load.
    #[error("the record's rules: {0}")]
    Rules(#[from] ConfigError),
    /// The rules load but do not make a game.
    #[error("the record's rules: {0}")]
    Invalid(#[from] hearts_engine::RulesError),
    /// A field that is not what the format says (a wrong length, a seat
    /// off the table, a card that is not a card).
    #[error("{}{field}: {problem}", at_hand(*hand))]
    Malformed {
        /// The hand's number, if the field is in a hand.
        hand: Option<u32>,
        /// The field's path, e.g. `tricks[3].cards`.
        field: String,
        /// What is wrong.
        problem: String,
    },
    /// The engine refused a recorded pass or play.
    #[error("{}{field}: {action:?} was refused: {error}", at_hand(Some(*hand)))]
    Refused {
        /// The hand's number.
        hand: u32,
        /// The field's path.
        field: String,
        /// The action.
        action: Action,
        /// The engine's reason.
        error: GameError,
    },
    /// The record disagrees with what the engine computes.
    #[error("{}{field}: the record says {recorded}, the game gives {replayed}", at_hand(*hand))]
    Mismatch {
        /// The hand's number, if the field is in a hand.
        hand: Option<u32>,
        /// The field's path.
        field: String,
        /// What the record says.
        recorded: String,
        /// What the replayed game says.
        replayed: String,
    },
}

fn at_hand(hand: Option<u32>) -> String {
    hand.map_or_else(String::new, |number| format!("hand {number}: "))
}

fn bag_to_strings(cards: CardBag) -> Vec<String> {
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
        let players = game.rules().player_count();
        Recorder {
            record: GameRecord {
                seed: game.seed(),
                rules: rules_to_json(game.rules()),
                seats,
                hands: Vec::new(),
                // A game stopped before its first hand was scored ends as it began.
                totals: per_seat(game.totals(), players),
                winners: game.leaders().iter().map(|s| s.index()).collect(),
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
            // (With two packs a card dealt twice is listed twice.)
            let dealt =
                Seat::all(players).map(|s| bag_to_strings(hand.hand_of(s).plus(hand.passed_cards(s)))).collect();
            // The cards left face down: the kitty, or Domino's stock.
            let face_down = hand.kitty_cards().plus(CardBag::from(hand.stock()));
            self.dealt = Some((number, dealt, bag_to_strings(face_down)));
        }
        let scored = matches!(game.phase(), GamePhase::HandOver | GamePhase::GameOver);
        if scored && self.record.hands.last().is_none_or(|h| h.number != number) {
            let Some(entry) = game.history().last() else { return };
            let (_, dealt, face_down) = self.dealt.clone().unwrap_or_default();
            let domino = game.rules().domino;
            let (kitty, stock) = if domino { (Vec::new(), Some(face_down)) } else { (face_down, None) };
            self.record.hands.push(HandLog {
                number,
                dealer: entry.dealer.index(),
                pass: entry.pass.to_string(),
                dealt,
                kitty,
                stock,
                passed: Seat::all(players).map(|s| bag_to_strings(hand.passed_cards(s))).collect(),
                declarer: hand.declarer().map(Seat::index),
                bids: game.rules().auction.then(|| Seat::all(players).map(|s| game.bids()[s]).collect()),
                named_suit: hand.named_suit().map(|suit| suit.letter().to_string()),
                tricks: game
                    .tricks()
                    .iter()
                    .enumerate()
                    .map(|(t, trick)| TrickLog {
                        leader: trick.leader().index(),
                        cards: trick.cards().iter().map(Card::to_string).collect(),
                        winner: trick.winner(players).map(Seat::index),
                        drew: draw_logs(game, t),
                    })
                    .collect(),
                points: per_seat(&entry.result.points_taken, players),
                moon: entry.result.shooter.zip(entry.moon).map(|(shooter, scoring)| MoonLog {
                    shooter: shooter.index(),
                    scoring: moon_name(scoring).to_string(),
                }),
                scores: per_seat(&entry.scores, players),
                totals: per_seat(&entry.totals, players),
                chips: entry.chips.as_ref().map(|settled| ChipsLog::of(settled, players)),
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
    /// The record of a game played from a deal (its seed and first hand) by
    /// these actions (a game at the table, finished or not): every hand
    /// scored so far.
    pub fn of_actions(
        rules: hearts_engine::Rules,
        start: DealCode,
        seats: Vec<SeatRecord>,
        actions: &[Action],
    ) -> Result<GameRecord, ReplayError> {
        let mut game = Game::starting_at_hand(rules, start.seed, start.hand - 1)?;
        let mut recorder = Recorder::new(&game, seats);
        recorder.observe(&game);
        for (i, &action) in actions.iter().enumerate() {
            let hand = game.hand_number();
            let field = format!("actions[{i}]");
            game.apply(action).map_err(|error| ReplayError::Refused { hand, field, action, error })?;
            recorder.observe(&game);
        }
        Ok(recorder.into_record())
    }

    /// Plays the record back through the engine from its seed and rules and
    /// checks every field it documents against the game: seats, each hand's
    /// number, dealer, pass, dealt cards, kitty, passes, every trick's
    /// leader, cards and winner, points, moon, scores and totals, then the
    /// game's totals, winners and whether it finished. The first
    /// disagreement is the error. Returns the replayed game.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.walk().map(|(_, end, _)| end)
    }

    /// The record as the engine's actions (checked as [`GameRecord::replay`]
    /// checks it) and the game, not yet begun, that they are played into.
    pub fn actions(&self) -> Result<(Game, Vec<Action>), ReplayError> {
        self.walk().map(|(start, _, actions)| (start, actions))
    }

    /// Checks and plays the record: the game at its start, at its end, and
    /// every action between.
    fn walk(&self) -> Result<(Game, Game, Vec<Action>), ReplayError> {
        let rules = rules_from_json(&self.rules)?;
        let players = rules.player_count();
        let seat_numbers: Vec<usize> = self.seats.iter().map(|seat| seat.seat).collect();
        if seat_numbers != (0..players).collect::<Vec<_>>() {
            return Err(malformed(
                None,
                "seats",
                format!("expected seats 0 to {} in order, found {seat_numbers:?}", players - 1),
            ));
        }
        let first_hand = self.hands.first().map_or(0, |hand| hand.number.saturating_sub(1));
        let start = Game::starting_at_hand(rules, self.seed, first_hand)?;
        let mut game = start.clone();
        let mut actions = Vec::new();
        for (i, log) in self.hands.iter().enumerate() {
            if i > 0 {
                if game.phase() != GamePhase::HandOver {
                    return Err(malformed(Some(log.number), "number", "a hand after the game ended".to_string()));
                }
                game.apply(Action::NextHand).map_err(|error| ReplayError::Refused {
                    hand: log.number,
                    field: "number".into(),
                    action: Action::NextHand,
                    error,
                })?;
                actions.push(Action::NextHand);
            }
            replay_hand(&mut game, log, &mut actions)?;
        }
        let game_field = |field: &str, recorded: String, replayed: String| {
            (recorded != replayed).then(|| ReplayError::Mismatch {
                hand: None,
                field: field.into(),
                recorded,
                replayed,
            })
        };
        if self.written_without_its_start() {
            return Ok((start, game, actions));
        }
        let winners: Vec<usize> = game.leaders().iter().map(|s| s.index()).collect();
        let checks = [
            game_field("totals", format!("{:?}", self.totals), format!("{:?}", per_seat(game.totals(), players))),
            game_field("winners", format!("{:?}", self.winners), format!("{winners:?}")),
            game_field("finished", self.finished.to_string(), (game.phase() == GamePhase::GameOver).to_string()),
        ];
        match checks.into_iter().flatten().next() {
            Some(error) => Err(error),
            None => Ok((start, game, actions)),
        }
    }

    /// Whether this is a game stopped before any hand was scored, as
    /// records were written before they gave such a game's totals and
    /// winners (empty lists): it still reads back.
    fn written_without_its_start(&self) -> bool {
        self.hands.is_empty() && self.totals.is_empty() && self.winners.is_empty() && !self.finished
    }
}

fn malformed(hand: Option<u32>, field: impl Into<String>, problem: String) -> ReplayError {
    ReplayError::Malformed { hand, field: field.into(), problem }
}

/// One hand's log checked against the game and played into it, each
/// action also added to `actions`.
fn replay_hand(game: &mut Game, log: &HandLog, actions: &mut Vec<Action>) -> Result<(), ReplayError> {
    let players = game.rules().player_count();
    let number = log.number;
    let hand_of = Some(number);
    let mismatch = |field: String, recorded: String, replayed: String| ReplayError::Mismatch {
        hand: hand_of,
        field,
        recorded,
        replayed,
    };
    let check = |field: &str, recorded: String, replayed: String| {
        if recorded == replayed { Ok(()) } else { Err(mismatch(field.to_string(), recorded, replayed)) }
    };
    // A list of cards, each once (at most twice with two packs).
    let two_packs = game.rules().cancellation;
    let card_list = |field: String, texts: &[String]| -> Result<CardBag, ReplayError> {
        let mut cards = CardBag::EMPTY;
        for text in texts {
            let card: Card =
                text.parse().map_err(|_| malformed(hand_of, field.clone(), format!("\"{text}\" is not a card")))?;
            if cards.twice().contains(card) || (!two_packs && cards.cards().contains(card)) {
                return Err(malformed(hand_of, field, format!("{card} is listed more often than the packs hold it")));
            }
            cards = cards.plus(CardBag::from(CardSet::single(card)));
        }
        Ok(cards)
    };
    let per_seat_list = |field: &str, lists: &[Vec<String>]| -> Result<Vec<CardBag>, ReplayError> {
        if lists.len() != players {
            return Err(malformed(hand_of, field, format!("{} lists for {players} seats", lists.len())));
        }
        lists.iter().enumerate().map(|(seat, texts)| card_list(format!("{field}[{seat}]"), texts)).collect()
    };
    let seat_field = |field: String, value: usize| {
        Seat::new(value)
            .filter(|seat| seat.index() < players)
            .ok_or_else(|| malformed(hand_of, field, format!("seat {value} is not at a table of {players}")))
    };

    check("number", number.to_string(), game.hand_number().to_string())?;
    let hand = *game.hand();
    check("dealer", log.dealer.to_string(), hand.dealer().index().to_string())?;
    check("pass", log.pass.clone(), hand.pass_direction().to_string())?;
    let dealt = per_seat_list("dealt", &log.dealt)?;
    for seat in Seat::all(players) {
        let field = format!("dealt[{}]", seat.index());
        check(&field, dealt[seat.index()].to_string(), hand.hand_of(seat).to_string())?;
    }
    check("kitty", card_list("kitty".into(), &log.kitty)?.to_string(), hand.kitty_cards().to_string())?;
    let stock = log.stock.as_ref().map(|stock| card_list("stock".into(), stock).map(CardBag::cards)).transpose()?;
    let dealt_stock = game.rules().domino.then(|| hand.stock());
    check("stock", format!("{stock:?}"), format!("{dealt_stock:?}"))?;

    let passed = per_seat_list("passed", &log.passed)?;
    for seat in Seat::all(players) {
        let bag = passed[seat.index()];
        let field = format!("passed[{}]", seat.index());
        if hand.pass_count() == 0 {
            check(&field, bag.to_string(), String::new())?;
            continue;
        }
        let action = Action::Pass { seat, cards: bag };
        game.apply(action).map_err(|error| ReplayError::Refused { hand: number, field, action, error })?;
        actions.push(action);
    }

    if let Some(declarer) = log.declarer {
        seat_field("declarer".into(), declarer)?;
    }
    while let Some(seat) = game.hand().to_declare() {
        let action = Action::Declare { seat, generale: log.declarer == Some(seat.index()) };
        let field = "declarer".to_string();
        game.apply(action).map_err(|error| ReplayError::Refused { hand: number, field, action, error })?;
        actions.push(action);
    }
    check("declarer", format!("{:?}", log.declarer), format!("{:?}", game.hand().declarer().map(Seat::index)))?;

    let bids = match (&log.bids, game.rules().auction) {
        (Some(bids), true) if bids.len() == players => bids.clone(),
        (Some(bids), true) => {
            return Err(malformed(hand_of, "bids", format!("{} bids at a table of {players}", bids.len())));
        }
        (None, true) => {
            return Err(malformed(hand_of, "bids", "the rules have an auction: give each seat's bid".into()));
        }
        (Some(_), false) => return Err(malformed(hand_of, "bids", "these rules have no auction".into())),
        (None, false) => Vec::new(),
    };
    while let Some(seat) = game.hand().to_bid() {
        let action = Action::Bid { seat, chips: bids[seat.index()] };
        let field = format!("bids[{}]", seat.index());
        game.apply(action).map_err(|error| ReplayError::Refused { hand: number, field, action, error })?;
        actions.push(action);
    }
    if game.hand().phase() == HandPhase::Naming {
        let seat = game.hand().to_act();
        let text = log.named_suit.clone().unwrap_or_default();
        let suit = hearts_engine::Suit::from_letter(&text)
            .ok_or_else(|| malformed(hand_of, "named_suit", format!("\"{text}\" is not S, H, D or C")))?;
        let action = Action::NameSuit { seat, suit };
        let field = "named_suit".to_string();
        game.apply(action).map_err(|error| ReplayError::Refused { hand: number, field, action, error })?;
        actions.push(action);
    }
    let named = game.hand().named_suit().map(|suit| suit.letter().to_string());
    check("named_suit", format!("{:?}", log.named_suit), format!("{named:?}"))?;

    for (t, trick) in log.tricks.iter().enumerate() {
        if game.phase() != GamePhase::InHand || game.hand().phase() != HandPhase::Playing {
            return Err(malformed(hand_of, format!("tricks[{t}]"), "a trick after the hand's last".to_string()));
        }
        let leader = seat_field(format!("tricks[{t}].leader"), trick.leader)?;
        check(&format!("tricks[{t}].leader"), leader.index().to_string(), game.hand().to_act().index().to_string())?;
        let field = format!("tricks[{t}].cards");
        // In Domino the seats out of cards sit the trick out.
        let size = game.hand().trick().size(players);
        if trick.cards.len() != size {
            return Err(malformed(hand_of, field, format!("{} cards in a trick of {size}", trick.cards.len())));
        }
        card_list(field.clone(), &trick.cards)?;
        for (i, text) in trick.cards.iter().enumerate() {
            let card: Card = text.parse().expect("checked above");
            let action = Action::Play { seat: game.hand().to_act(), card };
            let field = format!("{field}[{i}]");
            game.apply(action).map_err(|error| ReplayError::Refused { hand: number, field, action, error })?;
            actions.push(action);
        }
        let won = game.tricks().last().and_then(|trick| trick.winner(players)).map(Seat::index);
        check(&format!("tricks[{t}].winner"), format!("{:?}", trick.winner), format!("{won:?}"))?;
        check(&format!("tricks[{t}].drew"), format!("{:?}", trick.drew), format!("{:?}", draw_logs(game, t)))?;
    }
    let moon_choice = match log.moon.as_ref().map(|moon| moon.scoring.as_str()) {
        None => None,
        Some("add-to-others") => Some(MoonScoring::AddToOthers),
        Some("subtract-from-shooter") => Some(MoonScoring::SubtractFromShooter),
        Some(other) => return Err(malformed(hand_of, "moon.scoring", format!("\"{other}\" is not a moon scoring"))),
    };
    if let GamePhase::MoonChoice(seat) = game.phase() {
        let Some(scoring) = moon_choice else {
            return Err(malformed(hand_of, "moon", "the shooter's choice is missing".to_string()));
        };
        let action = Action::ChooseMoon { seat, scoring };
        game.apply(action).map_err(|error| ReplayError::Refused {
            hand: number,
            field: "moon".into(),
            action,
            error,
        })?;
        actions.push(action);
    }
    let Some(entry) = game.history().last().filter(|_| game.phase() != GamePhase::InHand) else {
        let left = game.hand().holding(game.hand().to_act()).len();
        return Err(malformed(hand_of, "tricks", format!("the hand is not over: {left} cards still to play")));
    };
    let moon = entry
        .result
        .shooter
        .zip(entry.moon)
        .map(|(shooter, scoring)| MoonLog { shooter: shooter.index(), scoring: moon_name(scoring).to_string() });
    check("moon", format!("{:?}", log.moon), format!("{moon:?}"))?;
    check("points", format!("{:?}", log.points), format!("{:?}", per_seat(&entry.result.points_taken, players)))?;
    check("scores", format!("{:?}", log.scores), format!("{:?}", per_seat(&entry.scores, players)))?;
    check("totals", format!("{:?}", log.totals), format!("{:?}", per_seat(&entry.totals, players)))?;
    let chips = entry.chips.as_ref().map(|settled| ChipsLog::of(settled, players));
    check("chips", format!("{:?}", log.chips), format!("{chips:?}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_codes_read_and_write_seed_slash_hand() {
        assert_eq!("42/7".parse(), Ok(DealCode { seed: 42, hand: 7 }));
        assert_eq!(" 42 ".parse(), Ok(DealCode { seed: 42, hand: 1 }));
        assert_eq!(DealCode { seed: 42, hand: 7 }.to_string(), "42/7");
        for bad in ["", "x/2", "42/0", "42/", "/3", "42/7/1", "-1/2"] {
            assert!(bad.parse::<DealCode>().is_err(), "{bad}");
        }
    }
}
