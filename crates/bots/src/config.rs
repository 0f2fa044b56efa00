//! Where the rules come from: built-in defaults, then a preset, then the
//! first rules file found, then command-line flags; last wins. Every
//! mistake names its file, line and key, says what was expected, and ends
//! the program with exit code 2 before the terminal is touched.

use std::fmt;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

use crate::players::{BotChoices, COMMAND_PREFIX, PlayerError};
use hearts_engine::{
    Card, CardSet, Declaration, FirstLead, Kitty, KittyTo, MoonRule, PassCycle, PassDirection, PointsTable, Preset,
    Rules, RulesError, Scoring, Teams, TieRule,
};

/// A rule option's value as written in TOML, before it is checked.
#[derive(Clone, Debug, PartialEq)]
pub enum RawValue {
    /// A whole number.
    Integer(i64),
    /// `true` or `false`.
    Boolean(bool),
    /// A string.
    Text(String),
    /// An array.
    Array(Vec<RawValue>),
    /// Anything else (float, date, table), by its TOML type name.
    Other(&'static str),
}

impl RawValue {
    fn from_toml(value: &DeValue<'_>) -> RawValue {
        match value {
            DeValue::String(text) => RawValue::Text(text.to_string()),
            DeValue::Integer(integer) => i64::from_str_radix(integer.as_str(), integer.radix())
                .map(RawValue::Integer)
                .unwrap_or(RawValue::Other("integer out of range")),
            DeValue::Boolean(flag) => RawValue::Boolean(*flag),
            DeValue::Array(items) => {
                RawValue::Array(items.iter().map(|item| RawValue::from_toml(item.get_ref())).collect())
            }
            other => RawValue::Other(other.type_str()),
        }
    }

    /// Reads a JSON value (from a game record or a bot request).
    fn from_json(value: &serde_json::Value) -> RawValue {
        match value {
            serde_json::Value::String(text) => RawValue::Text(text.clone()),
            serde_json::Value::Bool(flag) => RawValue::Boolean(*flag),
            serde_json::Value::Number(n) => n.as_i64().map_or(RawValue::Other("non-integer number"), RawValue::Integer),
            serde_json::Value::Array(items) => RawValue::Array(items.iter().map(RawValue::from_json).collect()),
            serde_json::Value::Null => RawValue::Other("null"),
            serde_json::Value::Object(_) => RawValue::Other("object"),
        }
    }

    /// Reads a value given on the command line (`--set key=value`): TOML
    /// if it parses as TOML, otherwise a bare string, so `moon=off` works.
    pub fn from_flag(text: &str) -> RawValue {
        match DeValue::parse(text) {
            Ok(value) => RawValue::from_toml(value.get_ref()),
            Err(_) => RawValue::Text(text.to_string()),
        }
    }
}

impl fmt::Display for RawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RawValue::Integer(n) => write!(f, "{n}"),
            RawValue::Boolean(b) => write!(f, "{b}"),
            RawValue::Text(text) => write!(f, "\"{text}\""),
            RawValue::Array(items) => {
                let items: Vec<String> = items.iter().map(ToString::to_string).collect();
                write!(f, "[{}]", items.join(", "))
            }
            RawValue::Other(kind) => write!(f, "a {kind}"),
        }
    }
}

/// One option of the rule book: its key, what it accepts, and how it reads
/// from and writes to [`Rules`].
struct RuleOption {
    key: &'static str,
    expected: &'static str,
    help: &'static str,
    flag: Flag,
    set: fn(&mut Rules, &RawValue) -> Option<()>,
    get: fn(&Rules) -> String,
}

/// How an option is written on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// `--NAME VALUE`, the value read as by `--set`.
    Value {
        /// The flag without its dashes.
        name: &'static str,
        /// The value's placeholder in `--help`.
        value_name: &'static str,
    },
    /// `--NAME A,B,C` (or `--NAME standard`): a list split on commas.
    List {
        /// The flag without its dashes.
        name: &'static str,
        /// The value's placeholder in `--help`.
        value_name: &'static str,
    },
    /// A true-or-false option: `--ON` sets it, `--OFF` clears it.
    Switch {
        /// The flag that sets the option to true, if any.
        on: Option<&'static str>,
        /// The flag that sets the option to false, if any.
        off: Option<&'static str>,
    },
}

/// `--NAME` sets the option to true.
const fn on(name: &'static str) -> Flag {
    Flag::Switch { on: Some(name), off: None }
}

/// `--NAME VALUE`.
const fn value(name: &'static str, value_name: &'static str) -> Flag {
    Flag::Value { name, value_name }
}

fn integer_in<T: TryFrom<i64>>(value: &RawValue, low: i64, high: i64) -> Option<T> {
    match value {
        RawValue::Integer(n) if (low..=high).contains(n) => T::try_from(*n).ok(),
        _ => None,
    }
}

fn boolean(value: &RawValue) -> Option<bool> {
    match value {
        RawValue::Boolean(flag) => Some(*flag),
        _ => None,
    }
}

fn named<T: std::str::FromStr>(value: &RawValue) -> Option<T> {
    match value {
        RawValue::Text(text) => text.parse().ok(),
        _ => None,
    }
}

fn card_list(value: &RawValue) -> Option<CardSet> {
    match value {
        RawValue::Array(items) => items.iter().map(named::<Card>).collect(),
        _ => None,
    }
}

fn quoted_list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.map(|item| format!("\"{item}\"")).collect();
    format!("[{}]", items.join(", "))
}

/// The rules file's table of bot choices.
const BOTS_TABLE: &str = "bots";

/// The `moon-value` word for "whatever the shooter's points are".
const PENALTY_TOTAL: &str = "penalty-total";

/// The word that stands for "the rule book's choice for this player count".
const STANDARD: &str = "standard";

const OPTIONS: &[RuleOption] = &[
    RuleOption {
        key: "players",
        expected: "an integer from 2 to 11",
        help: "Players at the table, 3 to 7 (2 to 7 with domino, 6 to 11 with cancellation).",
        flag: value("players", "N"),
        set: |r, v| integer_in(v, 2, 11).map(|value| r.players = value),
        get: |r| r.players.to_string(),
    },
    RuleOption {
        key: "removed-cards",
        expected: "\"standard\" or a list of cards such as [\"2D\", \"2C\"]",
        help: "Cards taken out so the deck divides evenly; \"standard\": none for 4 players, 2D for 3, 2D 2C for 5, 2D 2C 2S 3D for 6, 2D 3D 3C for 7.",
        flag: Flag::List { name: "removed-cards", value_name: "CARDS" },
        set: |r, v| {
            r.removed_cards = match v {
                RawValue::Text(text) if text == STANDARD => None,
                _ => Some(card_list(v)?),
            };
            Some(())
        },
        get: |r| match r.removed_cards {
            None => format!("\"{STANDARD}\""),
            Some(cards) => quoted_list(cards.iter().map(|c| c.to_string())),
        },
    },
    RuleOption {
        key: "kitty",
        expected: "true, false or \"heartsette\"",
        help: "Deal the whole deck; the cards left over go, with their points, to the winner of the first trick (or the last: kitty-to). \"heartsette\": the widow table (3 players 16 cards each and 4 in the widow, 4 players 12 and 3 with the 2S out, 5 10 and 2, 6 8 and 4, 7 7 and 3), seen only by its taker.",
        flag: on("kitty"),
        set: |r, v| match v {
            RawValue::Text(text) if text == Kitty::Heartsette.name() => {
                r.kitty = Kitty::Heartsette;
                Some(())
            }
            _ => boolean(v).map(|value| r.kitty = if value { Kitty::Leftover } else { Kitty::Off }),
        },
        get: |r| match r.kitty {
            Kitty::Off => "false".to_string(),
            Kitty::Leftover => "true".to_string(),
            Kitty::Heartsette => format!("\"{}\"", Kitty::Heartsette),
        },
    },
    RuleOption {
        key: "kitty-to",
        expected: "one of \"first-trick\", \"last-trick\"",
        help: "Which trick's winner takes the kitty: the first (the usual rule) or, in some circles, the last.",
        flag: value("kitty-to", "TRICK"),
        set: |r, v| named::<KittyTo>(v).map(|value| r.kitty_to = value),
        get: |r| format!("\"{}\"", r.kitty_to),
    },
    RuleOption {
        key: "jokers",
        expected: "an integer from 0 to 4, or \"standard\"",
        help: "Jokers in the deck: played at any time (even when you could follow suit), never winning a trick, worth nothing; led, the next card sets the suit. \"standard\": 2 at three or six players, else 4. The deck sheds the fewest of 2D 2C 2S 3D 3C 3S 4D 4C 4S 5D to divide.",
        flag: value("jokers", "N"),
        set: |r, v| match v {
            RawValue::Text(text) if text == STANDARD => {
                r.jokers = None;
                Some(())
            }
            _ => integer_in(v, 0, 4).map(|value| r.jokers = Some(value)),
        },
        get: |r| r.jokers.map_or_else(|| format!("\"{STANDARD}\""), |n| n.to_string()),
    },
    RuleOption {
        key: "pass-count",
        expected: "an integer from 0 to 12",
        help: "Cards each player passes; 0 means no passing.",
        flag: value("pass-count", "N"),
        set: |r, v| integer_in(v, 0, 12).map(|value| r.pass_count = value),
        get: |r| r.pass_count.to_string(),
    },
    RuleOption {
        key: "pass-cycle",
        expected: "\"standard\" or a list of directions such as [\"left\", \"right\", \"across\", \"hold\"] (also \"2-left\", \"3-right\", ...)",
        help: "The order of pass directions, repeated; \"standard\" follows the rule book for the player count.",
        flag: Flag::List { name: "pass-cycle", value_name: "LIST" },
        set: |r, v| {
            r.pass_cycle = match v {
                RawValue::Text(text) if text == STANDARD => None,
                RawValue::Array(items) => {
                    let directions: Option<Vec<PassDirection>> = items.iter().map(named).collect();
                    Some(PassCycle::new(&directions?)?)
                }
                _ => return None,
            };
            Some(())
        },
        get: |r| match r.pass_cycle {
            None => format!("\"{STANDARD}\""),
            Some(cycle) => quoted_list(cycle.directions().iter().map(|d| d.to_string())),
        },
    },
    RuleOption {
        key: "first-lead",
        expected: "one of \"lowest-club\", \"any-club\", \"left-of-dealer\"",
        help: "Who leads the first trick: the lowest club, any club by its holder, or the player left of the dealer (any card).",
        flag: value("first-lead", "WHO"),
        set: |r, v| named::<FirstLead>(v).map(|value| r.first_lead = value),
        get: |r| format!("\"{}\"", r.first_lead),
    },
    RuleOption {
        key: "no-blood",
        expected: "true or false",
        help: "No penalty cards on the first trick, unless a player holds nothing else.",
        flag: Flag::Switch { on: Some("no-blood"), off: Some("blood") },
        set: |r, v| boolean(v).map(|value| r.no_blood = value),
        get: |r| r.no_blood.to_string(),
    },
    RuleOption {
        key: "must-break-hearts",
        expected: "true or false",
        help: "Hearts may not be led until a heart has been played, unless the leader holds only hearts.",
        flag: Flag::Switch { on: None, off: Some("hearts-any-time") },
        set: |r, v| boolean(v).map(|value| r.must_break_hearts = value),
        get: |r| r.must_break_hearts.to_string(),
    },
    RuleOption {
        key: "queen-breaks-hearts",
        expected: "true or false",
        help: "Playing the queen of spades breaks hearts too.",
        flag: on("queen-breaks-hearts"),
        set: |r, v| boolean(v).map(|value| r.queen_breaks_hearts = value),
        get: |r| r.queen_breaks_hearts.to_string(),
    },
    RuleOption {
        key: "points",
        expected: "one of \"standard\", \"spot-hearts\", \"black-maria\", \"original\", \"black-jack\", \"greek\", \"chasse-coeur\", \"royal\", \"eagle\"",
        help: "The points table: standard (hearts 1, QS 13), spot-hearts (hearts at face value, QS 13), black-maria (QS 13, KS 10, AS 7, hearts 1), original (hearts only), black-jack (JS 10, hearts 1), greek (QS 50, AH 15, KH QH JH 10, other hearts face value), chasse-coeur (four queens 13, other hearts 1), royal (QS 26, hearts 1; taking the QH doubles your hearts, the QC with the QS cancels it, the QD takes 10 off your total), eagle (hearts only: A 5, K 4, Q 3, J 2, pips 1).",
        flag: value("points", "TABLE"),
        set: |r, v| named::<PointsTable>(v).map(|value| r.points = value),
        get: |r| format!("\"{}\"", r.points),
    },
    RuleOption {
        key: "omnibus",
        expected: "true or false",
        help: "The bonus card is worth -10 to whoever takes it.",
        flag: on("omnibus"),
        set: |r, v| boolean(v).map(|value| r.omnibus = value),
        get: |r| r.omnibus.to_string(),
    },
    RuleOption {
        key: "bonus-card",
        expected: "a card worth no points, such as \"JD\" or \"TD\"",
        help: "The Omnibus bonus card.",
        flag: value("bonus-card", "CARD"),
        set: |r, v| named::<Card>(v).map(|value| r.bonus_card = value),
        get: |r| format!("\"{}\"", r.bonus_card),
    },
    RuleOption {
        key: "moon",
        expected: "one of \"add-to-others\", \"subtract-from-shooter\", \"shooter-chooses\", \"shooter-picks\", \"off\"",
        help: "Shooting the moon: add the penalty total to everyone else, subtract it from the shooter, let the shooter choose where adding would lose the game, let the shooter choose every time, or no moon. Under chips and sweepstakes: add-to-others or off. A combined team's moon always goes to the other teams.",
        flag: value("moon", "RULE"),
        set: |r, v| named::<MoonRule>(v).map(|value| r.moon = value),
        get: |r| format!("\"{}\"", r.moon),
    },
    RuleOption {
        key: "moon-value",
        expected: "\"penalty-total\" or an integer from 1 to 10000",
        help: "What a moon is worth: the shooter's points (penalty-total, 26 by default) or a fixed number (Greek plays 150).",
        flag: value("moon-value", "N"),
        set: |r, v| match v {
            RawValue::Text(text) if text == PENALTY_TOTAL => {
                r.moon_value = None;
                Some(())
            }
            _ => integer_in(v, 1, 10_000).map(|value| r.moon_value = Some(value)),
        },
        get: |r| r.moon_value.map_or_else(|| format!("\"{PENALTY_TOTAL}\""), |value| value.to_string()),
    },
    RuleOption {
        key: "declaration",
        expected: "one of \"none\", \"generale\"",
        help: "A declaration before the first lead: generale (Chasse Coeur: promise to take every penalty card; made, the others score the penalty total; failed, you do). Not with chips or sweepstakes.",
        flag: value("declaration", "WHICH"),
        set: |r, v| named::<Declaration>(v).map(|value| r.declaration = value),
        get: |r| format!("\"{}\"", r.declaration),
    },
    RuleOption {
        key: "moon-needs-bonus-card",
        expected: "true or false",
        help: "With Omnibus, the shooter must also take the bonus card.",
        flag: on("moon-needs-bonus-card"),
        set: |r, v| boolean(v).map(|value| r.moon_needs_bonus_card = value),
        get: |r| r.moon_needs_bonus_card.to_string(),
    },
    RuleOption {
        key: "no-tricks-bonus",
        expected: "an integer from -100 to 100",
        help: "Added to each player who took no trick, when nobody shot the moon or made a Generale (some servers use -5). Not with chips, sweepstakes or domino.",
        flag: value("no-tricks-bonus", "N"),
        set: |r, v| integer_in(v, -100, 100).map(|value| r.no_tricks_bonus = value),
        get: |r| r.no_tricks_bonus.to_string(),
    },
    RuleOption {
        key: "target-score",
        expected: "an integer from 1 to 10000",
        help: "The game ends after a hand in which someone reaches this total; the lowest total wins.",
        flag: value("target", "N"),
        set: |r, v| integer_in(v, 1, 10_000).map(|value| r.target_score = value),
        get: |r| r.target_score.to_string(),
    },
    RuleOption {
        key: "scoring",
        expected: "one of \"points\", \"chips\", \"sweepstakes\"",
        help: "How hands are paid for: a running total of points (lowest wins), chips (a chip per point into the pot, the fewest points take it), or sweepstakes (only a player who took no points takes the pot). With chips the game lasts max-hands deals (8 if unset) or until a player cannot pay; the most chips win.",
        flag: value("scoring", "HOW"),
        set: |r, v| named::<Scoring>(v).map(|value| r.scoring = value),
        get: |r| format!("\"{}\"", r.scoring),
    },
    RuleOption {
        key: "chips",
        expected: "an integer from 1 to 10000",
        help: "Chips each player starts with under chips or sweepstakes (25 and 50 are traditional).",
        flag: value("chips", "N"),
        set: |r, v| integer_in(v, 1, 10_000).map(|value| r.chips = value),
        get: |r| r.chips.to_string(),
    },
    RuleOption {
        key: "teams",
        expected: "one of \"off\", \"combined\", \"individual\"",
        help: "Partners opposite at 4 or 6 players: combined (one team score; a team that takes every penalty card gives each other team 52) or individual (own scores and moons; at the end partners' totals are added and the lower team wins).",
        flag: value("teams", "HOW"),
        set: |r, v| named::<Teams>(v).map(|value| r.teams = value),
        get: |r| format!("\"{}\"", r.teams),
    },
    RuleOption {
        key: "auction",
        expected: "true or false",
        help: "Auction Hearts (4 to 6 players, chips, points = \"original\"): after the deal each seat from the dealer's left may bid chips, more than the last bid, or pass, once; the highest bidder pays the bid into the pot, names the penalty suit (it replaces hearts in every rule) and leads. With no bid, hearts.",
        flag: on("auction"),
        set: |r, v| boolean(v).map(|value| r.auction = value),
        get: |r| r.auction.to_string(),
    },
    RuleOption {
        key: "domino",
        expected: "true or false",
        help: "Domino Hearts (2 to 7 players, no passing, left of the dealer leads, moon off): six cards each and the rest a stock; a player who cannot follow draws until they can; a player out of cards drops out; the last player holding cards takes them and the stock; the game ends the moment a total reaches target-score (31 in the preset), even mid-hand.",
        flag: on("domino"),
        set: |r, v| boolean(v).map(|value| r.domino = value),
        get: |r| r.domino.to_string(),
    },
    RuleOption {
        key: "cancellation",
        expected: "true or false",
        help: "Cancellation Hearts (6 to 11 players, kitty = \"leftover\"): two packs shuffled together; the same card played twice to a trick cancels and neither copy can win; a trick with two such pairs, or with every card of the suit led cancelled, goes to the winner of the next trick (the last trick: to its leader), and its leader leads again. A moon takes every penalty card of both packs.",
        flag: on("cancellation"),
        set: |r, v| boolean(v).map(|value| r.cancellation = value),
        get: |r| r.cancellation.to_string(),
    },
    RuleOption {
        key: "max-hands",
        expected: "an integer from 0 to 1000",
        help: "The game ends after this many hands; 0 for no limit.",
        flag: value("max-hands", "N"),
        set: |r, v| integer_in(v, 0, 1000).map(|value| r.max_hands = value),
        get: |r| r.max_hands.to_string(),
    },
    RuleOption {
        key: "tie",
        expected: "one of \"play-on\", \"share\"",
        help: "A tie for the lowest total at the end: play more hands until it breaks, or share the win.",
        flag: value("tie", "RULE"),
        set: |r, v| named::<TieRule>(v).map(|value| r.tie = value),
        get: |r| format!("\"{}\"", r.tie),
    },
    RuleOption {
        key: "sinkhole",
        expected: "true or false",
        help: "A total of exactly 99 after a hand drops to 0.",
        flag: on("sinkhole"),
        set: |r, v| boolean(v).map(|value| r.sinkhole = value),
        get: |r| r.sinkhole.to_string(),
    },
    RuleOption {
        key: "reset-at-100",
        expected: "true or false",
        help: "A total of exactly 100 after a hand drops to 50.",
        flag: on("reset-at-100"),
        set: |r, v| boolean(v).map(|value| r.reset_at_100 = value),
        get: |r| r.reset_at_100.to_string(),
    },
    RuleOption {
        key: "clock-minutes",
        expected: "an integer from 0 to 600",
        help: "Minutes on the game clock of the timed tournament mode; 0 for no clock.",
        flag: value("clock-minutes", "N"),
        set: |r, v| integer_in(v, 0, 600).map(|value| r.clock_minutes = value),
        get: |r| r.clock_minutes.to_string(),
    },
];

/// A rule option as the command line offers it.
#[derive(Clone, Copy, Debug)]
pub struct OptionFlag {
    /// The rules.toml key.
    pub key: &'static str,
    /// What the option means.
    pub help: &'static str,
    /// How it is written on the command line.
    pub flag: Flag,
}

/// Every option's command-line flag, in the order the rule book lists them.
pub fn option_flags() -> impl Iterator<Item = OptionFlag> {
    OPTIONS.iter().map(|option| OptionFlag { key: option.key, help: option.help, flag: option.flag })
}

/// The options as a Markdown table (key, what it accepts, the default,
/// its flags, its meaning): the reference section of `docs/rules.md`.
pub fn options_markdown() -> String {
    let defaults = Rules::default();
    let mut out = String::from("| option | accepts | default | flag | meaning |\n|---|---|---|---|---|\n");
    for option in OPTIONS {
        let flags = match option.flag {
            Flag::Value { name, value_name } | Flag::List { name, value_name } => format!("`--{name} {value_name}`"),
            Flag::Switch { on, off } => {
                let on = on.map(|name| format!("`--{name}`"));
                let off = off.map(|name| format!("`--{name}` (false)"));
                on.into_iter().chain(off).collect::<Vec<_>>().join(", ")
            }
        };
        out.push_str(&format!(
            "| `{}` | {} | `{}` | {flags} | {} |\n",
            option.key,
            option.expected.replace('|', "\\|"),
            (option.get)(&defaults),
            option.help.replace('|', "\\|"),
        ));
    }
    out
}

/// The rules as a short fingerprint: the preset, then every option that
/// differs from it as `key=value` (`black-lady target-score=50`).
pub fn fingerprint(preset: Preset, rules: &Rules) -> String {
    let base = preset.rules();
    let changed = OPTIONS.iter().filter(|option| (option.get)(rules) != (option.get)(&base));
    let parts: Vec<String> = changed.map(|option| format!("{}={}", option.key, (option.get)(rules))).collect();
    std::iter::once(preset.to_string()).chain(parts).collect::<Vec<_>>().join(" ")
}

/// The options whose values differ between two sets of rules, in the
/// order the rule book lists them: each key with its value in `from` and
/// in `to`, as rules.toml writes them.
pub fn changed_options(from: &Rules, to: &Rules) -> Vec<(&'static str, String, String)> {
    OPTIONS
        .iter()
        .map(|option| (option.key, (option.get)(from), (option.get)(to)))
        .filter(|(_, before, after)| before != after)
        .collect()
}

/// The option keys, in the order the rule book lists them.
pub fn option_keys() -> impl Iterator<Item = &'static str> {
    OPTIONS.iter().map(|option| option.key)
}

/// Where an option's value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The built-in default.
    Default,
    /// A preset.
    Preset(Preset),
    /// A line of a rules file.
    File {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
    },
    /// A command-line flag, as written.
    Flag(String),
    /// A member of a rules object in JSON (a save, a record, a bot request).
    Json,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Default => f.write_str("the default"),
            Origin::Preset(preset) => write!(f, "preset {preset}"),
            Origin::File { path, line } => write!(f, "{}:{line}", path.display()),
            Origin::Flag(flag) => write!(f, "flag {flag}"),
            Origin::Json => f.write_str("the rules object"),
        }
    }
}

/// Why the rules could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// A rules file could not be read.
    #[error("{}: cannot read the rules file: {reason}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// A rules file is not valid TOML.
    #[error("{}:{line}:{column}: not valid TOML: {message}", path.display())]
    Syntax {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the TOML parser said.
        message: String,
    },
    /// A key that is not a rule option.
    #[error("{origin}: unknown key `{key}`; the rule options are: {}", option_keys().collect::<Vec<_>>().join(", "))]
    UnknownKey {
        /// Where it was written.
        origin: Origin,
        /// The key.
        key: String,
    },
    /// A value of the wrong type or out of range.
    #[error("{origin}: key `{key}`: expected {expected}, found {found}")]
    BadValue {
        /// Where it was written.
        origin: Origin,
        /// The key.
        key: &'static str,
        /// What the option accepts.
        expected: &'static str,
        /// What was written.
        found: String,
    },
    /// A `--set` argument without `=`.
    #[error("--set {0}: expected key=value, e.g. --set moon=off")]
    BadSet(String),
    /// Rules in JSON that are not an object.
    #[error("the rules must be a JSON object of rules.toml keys, not {0}")]
    NotAnObject(String),
    /// A bad entry in the `[bots]` table.
    #[error("{origin}: key `{key}`: {problem} (found {found})")]
    BadBots {
        /// Where it was written.
        origin: Origin,
        /// The key, `bots.NAME`.
        key: String,
        /// What is wrong.
        problem: BotsProblem,
        /// What was written.
        found: String,
    },
    /// The `[bots]` table of a file the user may not have written names a
    /// program to run.
    #[error(
        "{origin}: key `{key}`: \"{COMMAND_PREFIX}{command}\" would start a program, and hearts starts programs \
         only when you ask for them: this file could have come with a download or a cloned repository. \
         To run it, give --allow-commands, name the seat on the command line (--seat N=cmd:'...'), \
         or move the line to your own rules file{}",
        user_file.as_ref().map_or(String::new(), |path| format!(" ({})", path.display()))
    )]
    CommandNotAllowed {
        /// Where it was written.
        origin: Origin,
        /// The key, `bots.NAME`.
        key: String,
        /// The program it names.
        command: String,
        /// The user's own rules file, where commands are allowed.
        user_file: Option<PathBuf>,
    },
    /// Options that do not make a game together.
    #[error("these rules do not make a game: {error}{}", list_origins(origins))]
    Contradiction {
        /// The engine's explanation.
        error: RulesError,
        /// The keys involved and where each value came from.
        origins: Vec<(&'static str, Origin)>,
    },
}

/// What is wrong with an entry of the `[bots]` table.
#[derive(Debug, thiserror::Error)]
pub enum BotsProblem {
    /// The player or seat is not one.
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// `think-ms` is not a positive number.
    #[error("expected a number of milliseconds above 0")]
    ThinkMs,
    /// A seat's value is not text.
    #[error("expected a bot level (random, easy, normal, hard, expert, shooter) or \"cmd:COMMAND\"")]
    NotAPlayer,
}

/// Whether a rules file may name programs to run (`cmd:` seats).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Programs {
    /// The user's own file, or `--allow-commands`.
    Allowed,
    /// Any other file; the user's own file is named in the error.
    Refused {
        /// Where the user's own rules file would be.
        user_file: Option<PathBuf>,
    },
}

fn list_origins(origins: &[(&'static str, Origin)]) -> String {
    origins.iter().map(|(key, origin)| format!("\n  {key}: set by {origin}")).collect()
}

/// The rules a command runs with, and where each option's value came from.
#[derive(Clone, Debug)]
pub struct LoadedRules {
    /// The effective rules, checked.
    pub rules: Rules,
    /// The preset they started from.
    pub preset: Preset,
    /// The rules file read, if any.
    pub file: Option<PathBuf>,
    /// Who plays the bot seats, from the file's `[bots]` table.
    pub bots: BotChoices,
    origins: Vec<(&'static str, Origin)>,
}

impl LoadedRules {
    /// Starts from a preset, every option marked as coming from it.
    fn new(preset: Option<Preset>) -> LoadedRules {
        let origin = preset.map_or(Origin::Default, Origin::Preset);
        LoadedRules {
            rules: preset.unwrap_or(Preset::BlackLady).rules(),
            preset: preset.unwrap_or(Preset::BlackLady),
            file: None,
            bots: BotChoices::default(),
            origins: OPTIONS.iter().map(|option| (option.key, origin.clone())).collect(),
        }
    }

    /// Where an option's value came from.
    pub fn origin(&self, key: &str) -> Option<&Origin> {
        self.origins.iter().find(|(k, _)| *k == key).map(|(_, origin)| origin)
    }

    /// Sets one option, recording where the value came from.
    fn set(&mut self, key: &str, value: &RawValue, origin: Origin) -> Result<(), ConfigError> {
        let Some(option) = OPTIONS.iter().find(|option| option.key == key) else {
            return Err(ConfigError::UnknownKey { origin, key: key.to_string() });
        };
        let mut rules = self.rules;
        if (option.set)(&mut rules, value).is_none() {
            return Err(ConfigError::BadValue {
                origin,
                key: option.key,
                expected: option.expected,
                found: value.to_string(),
            });
        }
        self.rules = rules;
        if let Some(entry) = self.origins.iter_mut().find(|(k, _)| *k == option.key) {
            entry.1 = origin;
        }
        Ok(())
    }

    /// Applies a rules file's text.
    fn apply_file(&mut self, path: &Path, text: &str, programs: &Programs) -> Result<(), ConfigError> {
        let table = DeTable::parse(text).map_err(|error| {
            let (line, column) = error.span().map_or((1, 1), |span| line_and_column(text, span.start));
            ConfigError::Syntax { path: path.to_path_buf(), line, column, message: error.message().trim().to_string() }
        })?;
        let mut entries: Vec<_> = table.get_ref().iter().collect();
        entries.sort_by_key(|(key, _)| key.span().start);
        for (key, value) in entries {
            let (line, _) = line_and_column(text, key.span().start);
            let origin = Origin::File { path: path.to_path_buf(), line };
            if let (BOTS_TABLE, DeValue::Table(bots)) = (key.get_ref().as_ref(), value.get_ref()) {
                self.apply_bots_table(path, text, bots, programs)?;
                continue;
            }
            self.set(key.get_ref(), &RawValue::from_toml(value.get_ref()), origin)?;
        }
        self.file = Some(path.to_path_buf());
        Ok(())
    }

    /// Reads the `[bots]` table: `level`, `left`, `across`, `right`,
    /// `seat-N` (bot names or `cmd:...`) and `think-ms`. A `cmd:` seat
    /// is refused unless `programs` allows it.
    fn apply_bots_table(
        &mut self,
        path: &Path,
        text: &str,
        table: &DeTable<'_>,
        programs: &Programs,
    ) -> Result<(), ConfigError> {
        for (key, value) in table.iter() {
            let (line, _) = line_and_column(text, key.span().start);
            let origin = Origin::File { path: path.to_path_buf(), line };
            let name = key.get_ref().as_ref();
            let raw = RawValue::from_toml(value.get_ref());
            let outcome = match (name, &raw) {
                ("think-ms", RawValue::Integer(ms)) if *ms > 0 => {
                    self.bots.think_ms = Some(*ms as u64);
                    Ok(None)
                }
                ("think-ms", _) => Err(BotsProblem::ThinkMs),
                (_, RawValue::Text(player)) => {
                    self.bots.set(name, player).map(|p| p.command().map(str::to_string)).map_err(BotsProblem::from)
                }
                _ => Err(BotsProblem::NotAPlayer),
            };
            let key = format!("{BOTS_TABLE}.{name}");
            match (outcome, programs) {
                (Err(problem), _) => {
                    return Err(ConfigError::BadBots { origin, key, problem, found: raw.to_string() });
                }
                (Ok(Some(command)), Programs::Refused { user_file }) => {
                    return Err(ConfigError::CommandNotAllowed { origin, key, command, user_file: user_file.clone() });
                }
                (Ok(_), _) => {}
            }
        }
        Ok(())
    }

    /// Checks that the options make a game, naming where the culprits came from.
    fn validate(&self) -> Result<(), ConfigError> {
        self.rules.validate().map_err(|error| ConfigError::Contradiction {
            origins: error
                .keys()
                .iter()
                .map(|key| (*key, self.origin(key).cloned().unwrap_or(Origin::Default)))
                .collect(),
            error,
        })
    }

    /// The rules as a TOML document that loads back to the same rules, each
    /// option with its meaning and where its value came from.
    pub fn to_toml(&self) -> String {
        let mut out = String::from("# The effective rules of hearts. Load them back with --rules FILE.\n");
        for option in OPTIONS {
            let origin = self.origin(option.key).map_or(String::new(), |o| format!(" (from {o})"));
            out.push_str(&format!("\n# {}{origin}\n{} = {}\n", option.help, option.key, (option.get)(&self.rules)));
        }
        out
    }
}

/// The rules as a JSON object, one member per option key (as in
/// `rules.toml`), for game records and the bot protocol.
pub fn rules_to_json(rules: &Rules) -> serde_json::Value {
    let document: String = OPTIONS.iter().map(|option| format!("{} = {}\n", option.key, (option.get)(rules))).collect();
    let table: toml::Table = toml::from_str(&document).expect("printed rules are valid TOML");
    serde_json::to_value(table).expect("a TOML table converts to JSON")
}

/// Reads rules written by [`rules_to_json`]: options missing from the
/// object keep their defaults; unknown keys and bad values are errors.
pub fn rules_from_json(value: &serde_json::Value) -> Result<Rules, ConfigError> {
    rules_of_preset(None, value)
}

/// A preset's rules with the options of a JSON object over them (keys as
/// in `rules.toml`); unknown keys and bad values are errors, as is a
/// combination that makes no game.
pub fn rules_of_preset(preset: Option<Preset>, value: &serde_json::Value) -> Result<Rules, ConfigError> {
    let serde_json::Value::Object(members) = value else {
        return Err(ConfigError::NotAnObject(value.to_string()));
    };
    let mut loaded = LoadedRules::new(preset);
    for (key, value) in members {
        loaded.set(key, &RawValue::from_json(value), Origin::Json)?;
    }
    loaded.validate()?;
    Ok(loaded.rules)
}

fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.chars().rev().take_while(|&c| c != '\n').count() + 1;
    (line, column)
}

/// Everything the command line says about the rules.
#[derive(Clone, Debug, Default)]
pub struct RuleRequest {
    /// `--preset`.
    pub preset: Option<Preset>,
    /// `--rules PATH`: the rules file to read instead of looking for one.
    pub file: Option<PathBuf>,
    /// Flags in the order they apply: (flag as written, key, value).
    pub flags: Vec<(String, &'static str, RawValue)>,
    /// `--set key=value` arguments, applied after the flags.
    pub sets: Vec<String>,
    /// `--allow-commands`: any rules file may seat a program (`cmd:`).
    pub allow_commands: bool,
}

/// Where to look for a rules file when `--rules` is not given.
#[derive(Clone, Debug)]
pub struct SearchPaths {
    /// The working directory's `rules.toml`.
    pub local: PathBuf,
    /// `rules.toml` in the user's config directory, if there is one.
    pub user: Option<PathBuf>,
}

impl SearchPaths {
    /// `./rules.toml`, then `$XDG_CONFIG_HOME/hearts/rules.toml` (or
    /// `~/.config/hearts/rules.toml`).
    pub fn from_environment() -> SearchPaths {
        let config_home = std::env::var_os("XDG_CONFIG_HOME")
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".config")));
        SearchPaths {
            local: PathBuf::from("rules.toml"),
            user: config_home.map(|dir| dir.join("hearts").join("rules.toml")),
        }
    }

    fn first_existing(&self) -> Option<PathBuf> {
        std::iter::once(Some(&self.local))
            .chain(std::iter::once(self.user.as_ref()))
            .flatten()
            .find(|p| p.is_file())
            .cloned()
    }
}

/// Loads the effective rules: defaults, preset, the first rules file
/// found, then flags and `--set`; last wins. Only the user's own rules
/// file (or any, with `--allow-commands`) may seat a program.
pub fn load(request: &RuleRequest, search: &SearchPaths) -> Result<LoadedRules, ConfigError> {
    let file = match request.file.clone().or_else(|| search.first_existing()) {
        Some(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|error| ConfigError::Read { path: path.clone(), reason: error.to_string() })?;
            Some((path, text))
        }
        None => None,
    };
    load_with(request, search, file.as_ref().map(|(path, text)| (path.as_path(), text.as_str())))
}

/// As [`load`], with the rules file (its path and text) already read.
pub fn load_with(
    request: &RuleRequest,
    search: &SearchPaths,
    file: Option<(&Path, &str)>,
) -> Result<LoadedRules, ConfigError> {
    let mut loaded = LoadedRules::new(request.preset);
    if let Some((path, text)) = file {
        let users_own = request.file.is_none() && search.user.as_deref() == Some(path);
        let programs = if users_own || request.allow_commands {
            Programs::Allowed
        } else {
            Programs::Refused { user_file: search.user.clone() }
        };
        loaded.apply_file(path, text, &programs)?;
    }
    for (flag, key, value) in &request.flags {
        loaded.set(key, value, Origin::Flag(flag.clone()))?;
    }
    for text in &request.sets {
        let (key, value) = text.split_once('=').ok_or_else(|| ConfigError::BadSet(text.clone()))?;
        loaded.set(key.trim(), &RawValue::from_flag(value.trim()), Origin::Flag(format!("--set {text}")))?;
    }
    loaded.validate()?;
    Ok(loaded)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from_text(text: &str) -> Result<LoadedRules, ConfigError> {
        let mut loaded = LoadedRules::new(None);
        loaded.apply_file(Path::new("rules.toml"), text, &Programs::Allowed)?;
        loaded.validate()?;
        Ok(loaded)
    }

    #[test]
    fn an_empty_file_gives_the_defaults() {
        assert_eq!(from_text("").unwrap().rules, Rules::default());
    }

    #[test]
    fn every_option_can_be_set_from_a_file() {
        let text = r#"
            players = 5
            removed-cards = ["2D", "2C"]
            kitty = false
            pass-count = 2
            pass-cycle = ["left", "2-right", "hold"]
            first-lead = "any-club"
            no-blood = false
            must-break-hearts = false
            queen-breaks-hearts = true
            points = "spot-hearts"
            omnibus = true
            bonus-card = "TD"
            moon = "shooter-chooses"
            moon-needs-bonus-card = true
            no-tricks-bonus = -5
            target-score = 50
            max-hands = 8
            tie = "share"
            sinkhole = true
            reset-at-100 = true
            clock-minutes = 10
        "#;
        let rules = from_text(text).unwrap().rules;
        assert_eq!(rules.players, 5);
        assert_eq!(rules.pass_cycle().directions().len(), 3);
        assert_eq!(rules.bonus_card, "TD".parse().unwrap());
        assert_eq!(rules.moon, MoonRule::ShooterChooses);
        assert_eq!((rules.no_tricks_bonus, rules.target_score, rules.max_hands, rules.clock_minutes), (-5, 50, 8, 10));
        assert!(rules.sinkhole && rules.reset_at_100 && rules.queen_breaks_hearts && !rules.no_blood);
    }

    #[test]
    fn printed_rules_load_back_to_the_same_rules() {
        for &preset in Preset::ALL {
            let loaded = LoadedRules::new(Some(preset));
            assert_eq!(from_text(&loaded.to_toml()).unwrap().rules, loaded.rules, "{preset}");
        }
        let custom = from_text(
            "players = 6\npass-cycle = [\"across\", \"hold\"]\nremoved-cards = [\"2D\", \"3D\", \"3C\", \"4C\"]",
        )
        .unwrap();
        assert_eq!(from_text(&custom.to_toml()).unwrap().rules, custom.rules);
    }

    #[test]
    fn an_unknown_key_names_the_line_and_the_key() {
        let error = from_text("players = 4\nplayer = 5\n").unwrap_err().to_string();
        assert!(error.starts_with("rules.toml:2: unknown key `player`"), "{error}");
        assert!(error.contains("players, removed-cards"), "{error}");
    }

    #[test]
    fn a_wrong_type_says_what_was_expected() {
        let error = from_text("\n\nomnibus = \"yes\"\n").unwrap_err().to_string();
        assert_eq!(error, "rules.toml:3: key `omnibus`: expected true or false, found \"yes\"");
        let error = from_text("players = 12").unwrap_err().to_string();
        assert_eq!(error, "rules.toml:1: key `players`: expected an integer from 2 to 11, found 12");
        let error = from_text("moon = \"sideways\"").unwrap_err().to_string();
        assert!(error.contains("expected one of \"add-to-others\""), "{error}");
        let error = from_text("removed-cards = [\"2D\", \"ZZ\"]").unwrap_err().to_string();
        assert!(error.contains("key `removed-cards`"), "{error}");
    }

    #[test]
    fn a_syntax_error_names_line_and_column() {
        let error = from_text("players = 4\nmoon = \n").unwrap_err();
        assert!(matches!(error, ConfigError::Syntax { line: 2, .. }), "{error}");
    }

    #[test]
    fn a_contradiction_names_every_key_and_where_it_was_set() {
        let error = from_text("players = 5\nremoved-cards = [\"2D\"]\n").unwrap_err().to_string();
        assert!(error.contains("51 cards"), "{error}");
        assert!(error.contains("removed-cards: set by rules.toml:2"), "{error}");
        assert!(error.contains("players: set by rules.toml:1"), "{error}");
    }

    #[test]
    fn rules_survive_a_trip_through_json() {
        for preset in Preset::ALL {
            for players in 2..=7 {
                let mut rules = preset.rules();
                rules.players = players;
                if rules.validate().is_err() {
                    continue;
                }
                assert_eq!(rules_from_json(&rules_to_json(&rules)).unwrap(), rules, "{preset:?} at {players}");
            }
        }
        let bad = serde_json::json!({"players": "four"});
        assert!(rules_from_json(&bad).unwrap_err().to_string().contains("players"));
    }

    #[test]
    fn the_bots_table_chooses_players_and_names_bad_entries() {
        let loaded = from_text("players = 4\n[bots]\nlevel = \"hard\"\nleft = \"expert\"\nthink-ms = 100\n").unwrap();
        let table = loaded.bots.resolve(4).unwrap();
        assert_eq!(table[1].name(), "expert");
        assert_eq!(table[2].name(), "hard");
        assert_eq!(loaded.bots.think_ms, Some(100));
        let error = from_text("[bots]\nleft = \"genius\"\n").unwrap_err().to_string();
        assert!(error.contains("rules.toml:2") && error.contains("bots.left") && error.contains("genius"), "{error}");
    }

    #[test]
    fn set_values_need_no_quotes_for_words() {
        assert_eq!(RawValue::from_flag("off"), RawValue::Text("off".into()));
        assert_eq!(RawValue::from_flag("5"), RawValue::Integer(5));
        assert_eq!(RawValue::from_flag("true"), RawValue::Boolean(true));
        assert_eq!(RawValue::from_flag("[\"2D\"]"), RawValue::Array(vec![RawValue::Text("2D".into())]));
    }
}
