//! The command line: subcommands and flags (clap derive types), and how
//! the rule flags become a [`RuleRequest`].

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::bot::BotChoices;
use crate::config::{RawValue, RuleRequest};
use crate::engine::Preset;
use crate::tui::app::Speed;

/// Hearts for the terminal: a rules engine, seeded deals and tools for
/// people who study the game.
#[derive(Debug, Parser)]
#[command(name = "hearts", version)]
#[command(after_help = "Rules come from the defaults, then --preset, then the first rules file found \
(--rules PATH, else ./rules.toml, else ~/.config/hearts/rules.toml), then the flags; last wins.")]
pub struct Cli {
    /// What to do; without a command, play at the terminal table.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// How to play at the table (`hearts` alone plays).
    #[command(flatten)]
    pub play: PlayArgs,
    /// The house rules.
    #[command(flatten)]
    pub rules: RuleFlags,
    /// Who plays the bot seats.
    #[command(flatten)]
    pub bots: BotFlags,
}

/// Flags that choose the bots (over the rules file's `[bots]` table).
#[derive(Debug, Args, Default)]
pub struct BotFlags {
    /// The level of every bot seat: random, easy, normal, hard, expert.
    #[arg(long, global = true, value_name = "LEVEL")]
    pub bots: Option<String>,
    /// The bot at Left (seat 1).
    #[arg(long, global = true, value_name = "LEVEL")]
    pub left: Option<String>,
    /// The bot Across (seat 2 of 4).
    #[arg(long, global = true, value_name = "LEVEL")]
    pub across: Option<String>,
    /// The bot at Right (the last seat).
    #[arg(long, global = true, value_name = "LEVEL")]
    pub right: Option<String>,
    /// One seat's player: N=LEVEL or N=cmd:'COMMAND' for a program speaking the bot protocol.
    #[arg(long = "seat", global = true, value_name = "N=PLAYER")]
    pub seats: Vec<String>,
    /// The expert's time per decision in milliseconds (default: a fixed number of samples, so games replay).
    #[arg(long, global = true, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub think: Option<u64>,
}

impl BotFlags {
    /// The choices the flags make.
    pub fn choices(&self) -> Result<BotChoices, String> {
        let mut choices = BotChoices { think_ms: self.think, ..BotChoices::default() };
        if let Some(level) = &self.bots {
            choices.set("level", level).map_err(|e| format!("--bots: {e}"))?;
        }
        for (name, value) in [("left", &self.left), ("across", &self.across), ("right", &self.right)] {
            if let Some(level) = value {
                choices.set(name, level).map_err(|e| format!("--{name}: {e}"))?;
            }
        }
        for text in &self.seats {
            let (seat, player) =
                text.split_once('=').ok_or_else(|| format!("--seat {text}: expected N=LEVEL or N=cmd:'COMMAND'"))?;
            choices.set(seat, player).map_err(|e| format!("--seat {text}: {e}"))?;
        }
        Ok(choices)
    }
}

/// Options of the terminal game (`hearts` or `hearts play`).
#[derive(Debug, Args, Clone, Default)]
pub struct PlayArgs {
    /// Play the game of this seed (the same deals every time); skips the resume offer.
    #[arg(long)]
    pub seed: Option<u64>,
    /// How fast the bots' cards appear (the p key changes it while playing).
    #[arg(long, value_enum, default_value = "normal")]
    pub speed: Speed,
    /// Draw suits as S H D C instead of symbols.
    #[arg(long)]
    pub ascii: bool,
    /// Start a new game even if an unfinished one is saved.
    #[arg(long)]
    pub new: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play at the terminal table: you (South) against bots (the default).
    Play(PlayArgs),
    /// Print your statistics per rules preset.
    Stats,
    /// Print the effective rules as TOML (loadable with --rules), or check a rules file.
    Rules {
        /// Check this rules file (with any preset and flags given) instead of printing.
        #[arg(long, value_name = "FILE")]
        check: Option<PathBuf>,
    },
    /// Print the deals of a seeded game in deal notation.
    Deal {
        /// The game seed.
        #[arg(long)]
        seed: u64,
        /// Print only this hand (1-based).
        #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
        hand: Option<u32>,
        /// How many hands to print from the first [default: one pass cycle].
        #[arg(long, value_name = "N", conflicts_with = "hand", value_parser = clap::value_parser!(u32).range(1..=1000))]
        hands: Option<u32>,
    },
    /// Play bots against each other with no terminal and report their strength.
    Sim(SimArgs),
    /// Serve a built-in bot over stdin/stdout, one JSON object per line (docs/bot-protocol.md).
    Bot {
        /// The bot's level.
        #[arg(long, default_value = "normal")]
        level: String,
        /// Seed of the bot's own random choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Count the legal play sequences from a position (move-generation check and speed).
    Perft {
        /// The hands, in deal notation: "S:AK2.QJ.T98.765 ..." (play starts, passing done).
        #[arg(long, value_name = "DEAL")]
        deal: String,
        /// Cards already played from the start, in order: "2C 5C ...".
        #[arg(long, value_name = "MOVES", default_value = "")]
        moves: String,
        /// How many cards deep to count.
        #[arg(long, value_name = "D")]
        depth: u32,
        /// Also give the count under each first move.
        #[arg(long)]
        divide: bool,
        /// Print one JSON object and nothing else.
        #[arg(long)]
        json: bool,
    },
}

/// Options of `hearts sim`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// Play this many whole games (game k is the one --seed S+k deals).
    #[arg(long, value_name = "N", conflicts_with = "hands", required_unless_present = "hands")]
    pub games: Option<u64>,
    /// Play this many single hands (hand k of the seed's deals, from 0 points).
    #[arg(long, value_name = "N")]
    pub hands: Option<u64>,
    /// The first seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Duplicate: A in each seat against B in the others, e.g. normal,random.
    #[arg(long, value_name = "A,B")]
    pub duplicate: Option<String>,
    /// With --duplicate, also B in each seat against A.
    #[arg(long, requires = "duplicate")]
    pub both_ways: bool,
    /// Worker threads [default: the machine's cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write every game as a line of JSON to FILE (see docs/record-format.md).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// Flags that choose the rules. Each names an option of rules.toml.
#[derive(Debug, Args, Default)]
pub struct RuleFlags {
    /// Start from a preset: black-lady, omnibus, spot-hearts, black-maria, original, worldwinner.
    #[arg(long, global = true, value_name = "NAME", value_parser = parse_preset)]
    pub preset: Option<Preset>,
    /// Read this rules file instead of ./rules.toml or the user's.
    #[arg(long = "rules", global = true, value_name = "PATH")]
    pub rules_file: Option<PathBuf>,
    /// players: 3 to 7.
    #[arg(long, global = true, value_name = "N")]
    pub players: Option<i64>,
    /// target-score: the game ends when someone reaches it.
    #[arg(long, global = true, value_name = "N")]
    pub target: Option<i64>,
    /// max-hands: end the game after N hands (0: no limit).
    #[arg(long, global = true, value_name = "N")]
    pub max_hands: Option<i64>,
    /// omnibus: the bonus card (JD) is worth -10.
    #[arg(long, global = true)]
    pub omnibus: bool,
    /// bonus-card: the Omnibus card, e.g. TD.
    #[arg(long, global = true, value_name = "CARD")]
    pub bonus_card: Option<String>,
    /// no-blood: no penalty cards on the first trick.
    #[arg(long, global = true, conflicts_with = "blood")]
    pub no_blood: bool,
    /// no-blood = false: penalty cards may fall on the first trick.
    #[arg(long, global = true)]
    pub blood: bool,
    /// queen-breaks-hearts: the queen of spades breaks hearts.
    #[arg(long, global = true)]
    pub queen_breaks_hearts: bool,
    /// must-break-hearts = false: hearts may be led at any time.
    #[arg(long, global = true)]
    pub hearts_any_time: bool,
    /// moon: add-to-others, subtract-from-shooter, shooter-chooses or off.
    #[arg(long, global = true, value_name = "RULE")]
    pub moon: Option<String>,
    /// moon-needs-bonus-card: the shooter must take the bonus card too.
    #[arg(long, global = true)]
    pub moon_needs_bonus_card: bool,
    /// points: standard, spot-hearts, black-maria or original.
    #[arg(long, global = true, value_name = "TABLE")]
    pub points: Option<String>,
    /// first-lead: lowest-club, any-club or left-of-dealer.
    #[arg(long, global = true, value_name = "WHO")]
    pub first_lead: Option<String>,
    /// pass-count: cards passed each hand (0: no passing).
    #[arg(long, global = true, value_name = "N")]
    pub pass_count: Option<i64>,
    /// pass-cycle: directions separated by commas, e.g. left,right,across,hold.
    #[arg(long, global = true, value_name = "LIST")]
    pub pass_cycle: Option<String>,
    /// removed-cards: cards separated by commas, e.g. 2D,2C (or "standard").
    #[arg(long, global = true, value_name = "CARDS")]
    pub removed_cards: Option<String>,
    /// kitty: deal the whole deck; leftovers go to the first trick's winner.
    #[arg(long, global = true)]
    pub kitty: bool,
    /// no-tricks-bonus: added to each player who took no trick, e.g. -5.
    #[arg(long, global = true, value_name = "N", allow_negative_numbers = true)]
    pub no_tricks_bonus: Option<i64>,
    /// tie: play-on or share.
    #[arg(long, global = true, value_name = "RULE")]
    pub tie: Option<String>,
    /// sinkhole: a total of exactly 99 drops to 0.
    #[arg(long, global = true)]
    pub sinkhole: bool,
    /// reset-at-100: a total of exactly 100 drops to 50.
    #[arg(long = "reset-at-100", global = true)]
    pub reset_at_100: bool,
    /// clock-minutes: the timed mode's game clock (0: none).
    #[arg(long, global = true, value_name = "N")]
    pub clock_minutes: Option<i64>,
    /// Set any rules.toml option: --set key=value (repeatable).
    #[arg(long = "set", global = true, value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
}

fn parse_preset(text: &str) -> Result<Preset, String> {
    text.parse()
}

fn list(text: &str) -> RawValue {
    if text == "standard" {
        return RawValue::Text(text.to_string());
    }
    RawValue::Array(
        text.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|item| !item.is_empty())
            .map(|item| RawValue::Text(item.to_string()))
            .collect(),
    )
}

impl RuleFlags {
    /// The rule request these flags make.
    pub fn request(&self) -> RuleRequest {
        let mut flags: Vec<(String, &'static str, RawValue)> = Vec::new();
        let mut add = |flag: &str, key: &'static str, value: RawValue| flags.push((flag.to_string(), key, value));
        let text = |s: &String| RawValue::Text(s.clone());
        if let Some(n) = self.players {
            add(&format!("--players {n}"), "players", RawValue::Integer(n));
        }
        if let Some(n) = self.target {
            add(&format!("--target {n}"), "target-score", RawValue::Integer(n));
        }
        if let Some(n) = self.max_hands {
            add(&format!("--max-hands {n}"), "max-hands", RawValue::Integer(n));
        }
        if self.omnibus {
            add("--omnibus", "omnibus", RawValue::Boolean(true));
        }
        if let Some(card) = &self.bonus_card {
            add(&format!("--bonus-card {card}"), "bonus-card", text(card));
        }
        if self.no_blood {
            add("--no-blood", "no-blood", RawValue::Boolean(true));
        }
        if self.blood {
            add("--blood", "no-blood", RawValue::Boolean(false));
        }
        if self.queen_breaks_hearts {
            add("--queen-breaks-hearts", "queen-breaks-hearts", RawValue::Boolean(true));
        }
        if self.hearts_any_time {
            add("--hearts-any-time", "must-break-hearts", RawValue::Boolean(false));
        }
        if let Some(moon) = &self.moon {
            add(&format!("--moon {moon}"), "moon", text(moon));
        }
        if self.moon_needs_bonus_card {
            add("--moon-needs-bonus-card", "moon-needs-bonus-card", RawValue::Boolean(true));
        }
        if let Some(points) = &self.points {
            add(&format!("--points {points}"), "points", text(points));
        }
        if let Some(lead) = &self.first_lead {
            add(&format!("--first-lead {lead}"), "first-lead", text(lead));
        }
        if let Some(n) = self.pass_count {
            add(&format!("--pass-count {n}"), "pass-count", RawValue::Integer(n));
        }
        if let Some(cycle) = &self.pass_cycle {
            add(&format!("--pass-cycle {cycle}"), "pass-cycle", list(cycle));
        }
        if let Some(cards) = &self.removed_cards {
            add(&format!("--removed-cards {cards}"), "removed-cards", list(cards));
        }
        if self.kitty {
            add("--kitty", "kitty", RawValue::Boolean(true));
        }
        if let Some(n) = self.no_tricks_bonus {
            add(&format!("--no-tricks-bonus {n}"), "no-tricks-bonus", RawValue::Integer(n));
        }
        if let Some(tie) = &self.tie {
            add(&format!("--tie {tie}"), "tie", text(tie));
        }
        if self.sinkhole {
            add("--sinkhole", "sinkhole", RawValue::Boolean(true));
        }
        if self.reset_at_100 {
            add("--reset-at-100", "reset-at-100", RawValue::Boolean(true));
        }
        if let Some(n) = self.clock_minutes {
            add(&format!("--clock-minutes {n}"), "clock-minutes", RawValue::Integer(n));
        }
        RuleRequest { preset: self.preset, file: self.rules_file.clone(), flags, sets: self.sets.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn rule_flags_work_before_or_after_the_subcommand() {
        let before = Cli::parse_from(["hearts", "--omnibus", "--players", "5", "rules"]);
        let after = Cli::parse_from(["hearts", "rules", "--omnibus", "--players", "5"]);
        assert_eq!(before.rules.request().flags, after.rules.request().flags);
        assert_eq!(after.rules.request().flags.len(), 2);
    }

    #[test]
    fn list_flags_split_on_commas() {
        let cli = Cli::parse_from(["hearts", "rules", "--pass-cycle", "left,hold", "--removed-cards", "standard"]);
        let flags = cli.rules.request().flags;
        assert_eq!(flags[0].2, RawValue::Array(vec![RawValue::Text("left".into()), RawValue::Text("hold".into())]));
        assert_eq!(flags[1].2, RawValue::Text("standard".into()));
    }
}
