//! Where the rules come from: built-in defaults, then a preset, then the
//! first rules file found, then command-line flags; last wins. Every
//! mistake names its file, line and key, says what was expected, and ends
//! the program with exit code 2 before the terminal is touched. The
//! options' table is in `options` (each key, what it accepts, its flag),
//! the rules' JSON form in `json`.

use std::fmt;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

mod json;
mod options;

pub use json::{rules_from_json, rules_of_preset, rules_to_json};
use options::{BOTS_TABLE, OPTIONS};
pub use options::{
    Flag, OptionFlag, RawValue, changed_options, fingerprint, option_flags, option_keys, options_markdown,
};

use crate::players::{BotChoices, COMMAND_PREFIX, PlayerError};
use hearts_engine::{Preset, Rules, RulesError};

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
    use hearts_engine::MoonRule;

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
