//! The command line: subcommands and flags (clap derive types), and how
//! the rule flags become a [`RuleRequest`].

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgGroup, ArgMatches, Args, FromArgMatches, Parser, Subcommand};

use hearts_bots::config::{Flag, OptionFlag, RawValue, RuleRequest, option_flags};
use hearts_bots::players::{BotChoices, PlayerError};
use hearts_engine::Preset;
use hearts_table::pace::Speed;

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
    /// The level of every bot seat: random, easy, normal, hard, expert, shooter.
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

impl PlayArgs {
    /// The deal to start from, if the flags name one.
    pub fn start(&self) -> Option<hearts_bots::record::DealCode> {
        self.deal.or_else(|| self.seed.map(|seed| hearts_bots::record::DealCode { seed, hand: self.hand.unwrap_or(1) }))
    }
}

impl BotFlags {
    /// The choices the flags make.
    pub fn choices(&self) -> Result<BotChoices, BotFlagError> {
        let mut choices = BotChoices { think_ms: self.think, ..BotChoices::default() };
        let player_error = |flag: String| move |error| BotFlagError::Player { flag, error };
        if let Some(level) = &self.bots {
            choices.set("level", level).map_err(player_error("--bots".into()))?;
        }
        for (name, value) in [("left", &self.left), ("across", &self.across), ("right", &self.right)] {
            if let Some(level) = value {
                choices.set(name, level).map_err(player_error(format!("--{name}")))?;
            }
        }
        for text in &self.seats {
            let (seat, player) = text.split_once('=').ok_or_else(|| BotFlagError::SeatWithoutEquals(text.clone()))?;
            choices.set(seat, player).map_err(player_error(format!("--seat {text}")))?;
        }
        Ok(choices)
    }
}

/// A bot flag that names no player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotFlagError {
    /// The flag's player or seat is not one.
    #[error("{flag}: {error}")]
    Player {
        /// The flag as written.
        flag: String,
        /// What is wrong.
        error: PlayerError,
    },
    /// `--seat` without `N=`.
    #[error("--seat {0}: expected N=LEVEL or N=cmd:'COMMAND'")]
    SeatWithoutEquals(String),
}

/// Options of the terminal game (`hearts` or `hearts play`).
#[derive(Debug, Args, Clone, Default)]
pub struct PlayArgs {
    /// Play the game of this seed (the same deals every time); skips the resume offer.
    #[arg(long, conflicts_with = "deal")]
    pub seed: Option<u64>,
    /// With --seed: start at this hand of the seed's game (totals 0).
    #[arg(long, value_name = "K", requires = "seed", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub hand: Option<u32>,
    /// Play from a deal code shown on the table's top line: SEED/HAND, e.g. 42/7.
    #[arg(long, value_name = "SEED/HAND")]
    pub deal: Option<hearts_bots::record::DealCode>,
    /// How fast the bots' cards appear (the p key changes it while playing) [default: the new-game window's last choice, else normal].
    #[arg(long, value_parser = speed_parser())]
    pub speed: Option<Speed>,
    /// Draw suits as S H D C instead of symbols.
    #[arg(long)]
    pub ascii: bool,
    /// The four-colour deck: spades black, hearts red, diamonds blue, clubs green [default: the new-game window's last choice].
    #[arg(long, visible_alias = "four-color")]
    pub four_colour: bool,
    /// Start a new game even if an unfinished one is saved.
    #[arg(long)]
    pub new: bool,
    /// The line mode: the table as sentences and typed commands, for screen readers and scripts (also where TERM is dumb, HEARTS_PLAIN=1, or `default plain` was typed in it).
    #[arg(long, conflicts_with = "screen")]
    pub plain: bool,
    /// The line mode, brief: each card and trick in the fewest words (typed `full` or `brief` switches; kept for next time).
    #[arg(long, conflicts_with = "screen")]
    pub brief: bool,
    /// The full-screen table, where the line mode would be the default.
    #[arg(long)]
    pub screen: bool,
    /// In the line mode, write cards as symbols (Q♠) instead of words.
    #[arg(long, conflicts_with = "screen")]
    pub symbols: bool,
    /// Also append every game played to FILE as a game record (every game is kept in games.jsonl anyway).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play at the terminal table: you (South) against bots (the default).
    Play(PlayArgs),
    /// Print your statistics per rules preset.
    Stats,
    /// The expert's review of a kept game: what each card you played cost against its best.
    Review {
        /// A file of game records (default: every game you played, games.jsonl in the data directory).
        file: Option<PathBuf>,
        /// Which game of the file, 1-based [default: the last].
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        game: Option<u64>,
        /// The seat to review [default: the human's, else 0].
        #[arg(long = "of", value_name = "SEAT")]
        seat: Option<u64>,
        /// One JSON object per decision instead of the report.
        #[arg(long)]
        json: bool,
    },
    /// Step through a kept game: every hand face up, card by card.
    Replay {
        /// A file of game records (default: every game you played, games.jsonl in the data directory).
        file: Option<PathBuf>,
        /// Which game of the file, 1-based [default: the last].
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        game: Option<u64>,
    },
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
    /// Serve the table over SSH: whoever connects with `ssh -t` plays (docs/server.md).
    Serve(ServeArgs),
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
    /// Print the completion script of a shell (README.md tells where to put it).
    Completions {
        /// The shell: bash, zsh, fish, powershell or elvish.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page in roff: `hearts man | man -l -` reads it;
    /// `hearts man sim` prints the page of a subcommand (hearts-sim(1)).
    Man {
        /// The subcommand whose page to print.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(MANUAL_PAGES))]
        subcommand: Option<String>,
    },
}

/// The pages `hearts man NAME` prints: each subcommand's, then the line
/// mode's commands (`plain`).
pub const MANUAL_PAGES: [&str; 13] = [
    "play",
    "stats",
    "review",
    "replay",
    "rules",
    "deal",
    "sim",
    "serve",
    "bot",
    "perft",
    "completions",
    "man",
    "plain",
];

/// Options of `hearts serve`.
#[derive(Debug, Args, Clone)]
#[command(group(ArgGroup::new("access").args(["authorized_keys", "password_file", "open"])))]
pub struct ServeArgs {
    /// Where to listen; an address other than loopback needs one of the access flags.
    #[arg(long, value_name = "ADDRESS:PORT", default_value = "127.0.0.1:2222")]
    pub listen: SocketAddr,
    /// Let in only the holders of these public keys (OpenSSH authorized_keys format).
    #[arg(long, value_name = "FILE")]
    pub authorized_keys: Option<PathBuf>,
    /// Let in whoever gives the password written in FILE (its first line).
    #[arg(long, value_name = "FILE")]
    pub password_file: Option<PathBuf>,
    /// Let in anyone who can reach the port, with no password or key.
    #[arg(long)]
    pub open: bool,
    /// How fast the bots' cards appear.
    #[arg(long, value_parser = speed_parser(), default_value = "normal")]
    pub speed: Speed,
    /// Seconds a seat waits for a person who left before its bot plays for them.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub grace: u64,
    /// Seconds a person has for each decision before the seat's bot makes it (off by default).
    #[arg(long, value_name = "SECONDS")]
    pub turn_clock: Option<u64>,
    /// How many times the turn clock a person in the line mode has (hearing a trick takes about 15 s).
    #[arg(long, value_name = "TIMES", default_value_t = hearts_table::LINE_MODE_CLOCK,
          value_parser = clap::value_parser!(u32).range(1..=hearts_table::MAX_LINE_MODE_CLOCK as i64))]
    pub line_mode_clock: u32,
    /// No hints at the tables.
    #[arg(long)]
    pub no_hints: bool,
    /// Tables to open at start (people also open tables by coming in).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub tables: u64,
    /// Seconds a person may be idle in the lobby before the server lets them go.
    #[arg(long, value_name = "SECONDS", default_value_t = 15 * 60, value_parser = clap::value_parser!(u64).range(1..))]
    pub lobby_idle: u64,
    /// Seconds a table plays on once no seated person is there, before it pauses.
    #[arg(long, value_name = "SECONDS", default_value_t = 10 * 60, value_parser = clap::value_parser!(u64).range(1..))]
    pub pause_after: u64,
    /// Seconds a table opened in the lobby stays open once nobody is there; then it closes, its unfinished game kept.
    #[arg(long, value_name = "SECONDS", default_value_t = 30 * 60, value_parser = clap::value_parser!(u64).range(1..))]
    pub close_after: u64,
    /// A load balancer's address (repeat it): its connections start with a PROXY protocol v2 header, whose client
    /// address every per-address rule counts. From any other address such a header is refused.
    #[arg(long, value_name = "ADDRESS")]
    pub proxy_from: Vec<IpAddr>,
    /// Tables one person may have open at once (opened in the lobby).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub tables_per_person: u64,
    /// Write the server's games to FILE, one game record a line (docs/record-format.md), and exit without serving.
    #[arg(long, value_name = "FILE")]
    pub export: Option<PathBuf>,
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
    /// With --duplicate, compare deal by deal with an earlier run of the same deals (its --record FILE).
    #[arg(long, value_name = "FILE", requires = "duplicate")]
    pub compare: Option<PathBuf>,
}

/// Flags that choose the rules: `--preset`, `--rules`, `--set`,
/// `--allow-commands`, and one flag per rules.toml option, declared with
/// the option in [`hearts_bots::config`]'s table (so a new option needs no code here).
#[derive(Debug, Clone, Default)]
pub struct RuleFlags {
    /// `--preset NAME`.
    pub preset: Option<Preset>,
    /// `--rules PATH`: read this rules file instead of ./rules.toml or the user's.
    pub rules_file: Option<PathBuf>,
    /// The option flags given, in command-line order: (flag as written, key, value).
    pub flags: Vec<(String, &'static str, RawValue)>,
    /// `--set key=value` arguments.
    pub sets: Vec<String>,
    /// `--allow-commands`.
    pub allow_commands: bool,
}

const PRESET: &str = "preset";
const RULES_FILE: &str = "rules";
const SET: &str = "set";
const ALLOW_COMMANDS: &str = "allow-commands";

/// A flag's argument: global, so rule flags work before or after the subcommand.
fn rule_arg(name: &'static str) -> Arg {
    Arg::new(name).long(name).global(true).help_heading("Rules")
}

/// The flags of one rules.toml option: (flag name, takes a value).
fn option_args(option: OptionFlag) -> Vec<Arg> {
    let first_line = option.help.split_once(". ").map_or(option.help, |(first, _)| first);
    match option.flag {
        Flag::Value { name, value_name } | Flag::List { name, value_name } => vec![
            rule_arg(name)
                .value_name(value_name)
                .allow_negative_numbers(true)
                .action(ArgAction::Set)
                .help(format!("{}: {first_line}", option.key)),
        ],
        Flag::Switch { on, off } => {
            let mut args = Vec::new();
            if let Some(name) = on {
                args.push(
                    rule_arg(name).action(ArgAction::SetTrue).help(format!("{} = true: {first_line}", option.key)),
                );
            }
            if let Some(name) = off {
                let mut arg = rule_arg(name).action(ArgAction::SetTrue).help(format!("{} = false", option.key));
                if let Some(other) = on {
                    arg = arg.conflicts_with(other);
                }
                args.push(arg);
            }
            args
        }
    }
}

impl Args for RuleFlags {
    fn augment_args(command: clap::Command) -> clap::Command {
        let command = command
            .arg(
                rule_arg(PRESET)
                    .value_name("NAME")
                    .value_parser(|text: &str| text.parse::<Preset>())
                    .help(format!("Start from a preset: {}", preset_names())),
            )
            .arg(
                rule_arg(RULES_FILE)
                    .value_name("PATH")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("Read this rules file instead of ./rules.toml or the user's"),
            )
            .arg(
                rule_arg(SET)
                    .value_name("KEY=VALUE")
                    .action(ArgAction::Append)
                    .help("Set any rules.toml option: --set key=value (repeatable)"),
            )
            .arg(rule_arg(ALLOW_COMMANDS).action(ArgAction::SetTrue).help(
                "Let a rules file other than your own (~/.config/hearts/rules.toml) seat programs (cmd: in [bots])",
            ));
        option_flags().flat_map(option_args).fold(command, clap::Command::arg)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        RuleFlags::augment_args(command)
    }
}

impl FromArgMatches for RuleFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<RuleFlags, clap::Error> {
        let mut flags = RuleFlags {
            preset: matches.get_one::<Preset>(PRESET).copied(),
            rules_file: matches.get_one::<PathBuf>(RULES_FILE).cloned(),
            flags: Vec::new(),
            sets: matches.get_many::<String>(SET).map_or_else(Vec::new, |sets| sets.cloned().collect()),
            allow_commands: matches.get_flag(ALLOW_COMMANDS),
        };
        flags.update_from_arg_matches(matches)?;
        Ok(flags)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        let mut given: Vec<(usize, String, &'static str, RawValue)> = Vec::new();
        let mut note = |name: &str, key, value| {
            let index = matches.index_of(name).unwrap_or(usize::MAX);
            let written = match &value {
                RawValue::Boolean(_) => format!("--{name}"),
                _ => format!("--{name} {}", matches.get_one::<String>(name).map_or("", String::as_str)),
            };
            given.push((index, written, key, value));
        };
        for option in option_flags() {
            match option.flag {
                Flag::Value { name, .. } => {
                    if let Some(text) = matches.get_one::<String>(name) {
                        note(name, option.key, RawValue::from_flag(text));
                    }
                }
                Flag::List { name, .. } => {
                    if let Some(text) = matches.get_one::<String>(name) {
                        note(name, option.key, list(text));
                    }
                }
                Flag::Switch { on, off } => {
                    for (name, value) in [(on, true), (off, false)] {
                        if let Some(name) = name.filter(|name| matches.get_flag(name)) {
                            note(name, option.key, RawValue::Boolean(value));
                        }
                    }
                }
            }
        }
        given.sort_by_key(|(index, ..)| *index);
        self.flags = given.into_iter().map(|(_, written, key, value)| (written, key, value)).collect();
        Ok(())
    }
}

/// Every preset's name, as `--preset` takes it: "black-lady, omnibus, ...".
fn preset_names() -> String {
    Preset::ALL.iter().map(|preset| preset.name()).collect::<Vec<_>>().join(", ")
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
        RuleRequest {
            preset: self.preset,
            file: self.rules_file.clone(),
            flags: self.flags.clone(),
            sets: self.sets.clone(),
            allow_commands: self.allow_commands,
        }
    }
}

/// `--speed`: one of the pace's names (the table's crate knows no command line).
fn speed_parser() -> impl clap::builder::TypedValueParser<Value = Speed> {
    use clap::builder::TypedValueParser;
    let values = Speed::ALL.map(|speed| clap::builder::PossibleValue::new(speed.name()).help(speed.description()));
    clap::builder::PossibleValuesParser::new(values)
        .map(|name| Speed::from_name(&name).expect("a name the parser accepted"))
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
    fn every_subcommand_has_a_manual_page_and_every_page_a_subcommand() {
        let command = Cli::command();
        let names: Vec<&str> = command.get_subcommands().map(clap::Command::get_name).collect();
        assert_eq!([&names[..], &["plain"]].concat(), MANUAL_PAGES);
    }

    #[test]
    fn rule_flags_work_before_or_after_the_subcommand() {
        let before = Cli::parse_from(["hearts", "--omnibus", "--players", "5", "rules"]);
        let after = Cli::parse_from(["hearts", "rules", "--omnibus", "--players", "5"]);
        assert_eq!(before.rules.request().flags, after.rules.request().flags);
        assert_eq!(after.rules.request().flags.len(), 2);
    }

    #[test]
    fn the_four_colour_deck_is_asked_for_in_either_spelling() {
        for flag in ["--four-colour", "--four-color"] {
            assert!(Cli::parse_from(["hearts", flag]).play.four_colour, "{flag}");
            let Some(Command::Play(args)) = Cli::parse_from(["hearts", "play", flag]).command else { panic!("{flag}") };
            assert!(args.four_colour, "hearts play {flag}");
        }
        assert!(!Cli::parse_from(["hearts"]).play.four_colour);
    }

    #[test]
    fn list_flags_split_on_commas() {
        let cli = Cli::parse_from(["hearts", "rules", "--pass-cycle", "left,hold", "--removed-cards", "standard"]);
        let flags = cli.rules.request().flags;
        assert_eq!(flags[0].2, RawValue::Array(vec![RawValue::Text("left".into()), RawValue::Text("hold".into())]));
        assert_eq!(flags[1].2, RawValue::Text("standard".into()));
    }
}
