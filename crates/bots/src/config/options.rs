//! The options of the rule book, one row each: its `rules.toml` key, what
//! it accepts, its meaning, its command-line flag, and how it reads from
//! and writes to [`Rules`]; and what is made of the table (the flags, the
//! reference in Markdown, a rules fingerprint, the options changed).

use std::fmt;

use toml::de::DeValue;

use hearts_engine::{
    Card, CardSet, Declaration, FirstLead, Kitty, KittyTo, MoonRule, PassCycle, PassDirection, PointsTable, Preset,
    Rules, Scoring, Teams, TieRule,
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
    pub(super) fn from_toml(value: &DeValue<'_>) -> RawValue {
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
    pub(super) fn from_json(value: &serde_json::Value) -> RawValue {
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
pub(super) struct RuleOption {
    pub(super) key: &'static str,
    pub(super) expected: &'static str,
    pub(super) help: &'static str,
    pub(super) flag: Flag,
    pub(super) set: fn(&mut Rules, &RawValue) -> Option<()>,
    pub(super) get: fn(&Rules) -> String,
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
pub(super) const BOTS_TABLE: &str = "bots";

/// The `moon-value` word for "whatever the shooter's points are".
const PENALTY_TOTAL: &str = "penalty-total";

/// The word that stands for "the rule book's choice for this player count".
const STANDARD: &str = "standard";

pub(super) const OPTIONS: &[RuleOption] = &[
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
