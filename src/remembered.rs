//! The choices remembered between games: the new-game window's, how the
//! cards look, and the line mode's. The terminal keeps them in a file;
//! a launch starts from them where the command line names nothing.

use serde::{Deserialize, Serialize};

use hearts_bots::config::{self, ConfigError, LoadedRules, RawValue, RuleRequest, SearchPaths};
use hearts_bots::players::{BotChoices, Level, Player};
use hearts_engine::Preset;
use hearts_table::pace::Speed;

/// The line mode's choices kept with the new-game window's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct LineModeChoices {
    /// Brief rather than full sentences.
    pub brief: Option<bool>,
    /// Cards written as symbols rather than words.
    pub symbols: Option<bool>,
    /// `hearts` opens in the line mode.
    pub plain: Option<bool>,
}

/// The choices remembered between games (the new-game window's, how the
/// cards look, and the line mode's).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Remembered {
    /// The preset's name.
    pub preset: Option<String>,
    /// The target score.
    pub target: Option<i32>,
    /// How many play.
    pub players: Option<u8>,
    /// The bots of seats 1 and on, by level (a program seat is kept as its
    /// built-in fallback).
    pub bots: Vec<String>,
    /// The pace's name.
    pub pace: Option<String>,
    /// Letters for suits.
    pub ascii: Option<bool>,
    /// The four-colour deck.
    pub four_colour: Option<bool>,
    /// The line mode's choices.
    #[serde(flatten)]
    pub line_mode: LineModeChoices,
}

/// Where the window's choices stand at a launch: under the command line's,
/// each where it names nothing of its own.
impl Remembered {
    /// The rules of a launch: the window's preset, with the target and
    /// players chosen for it, where the command line names no preset, no
    /// rules file and not that option (a rules file found in the usual
    /// places still applies over the preset, as to a `--preset`); the
    /// command line's alone where the window's choices make no game with it.
    pub fn launch_rules(&self, request: &RuleRequest, search: &SearchPaths) -> Result<LoadedRules, ConfigError> {
        let preset = self.preset.as_deref().and_then(|name| name.parse::<Preset>().ok());
        let Some(preset) = preset.filter(|_| request.preset.is_none() && request.file.is_none()) else {
            return config::load(request, search);
        };
        let named = |key: &str| {
            let set_here = |text: &String| text.split_once('=').is_some_and(|(k, _)| k.trim() == key);
            request.flags.iter().any(|(_, k, _)| *k == key) || request.sets.iter().any(set_here)
        };
        let chosen = [("target-score", self.target.map(i64::from)), ("players", self.players.map(i64::from))];
        let window = chosen.into_iter().filter_map(|(key, value)| {
            let value = value.filter(|_| !named(key))?;
            Some(("the new-game window".to_string(), key, RawValue::Integer(value)))
        });
        let under = RuleRequest {
            preset: Some(preset),
            flags: window.chain(request.flags.iter().cloned()).collect(),
            ..request.clone()
        };
        config::load(&under, search).or_else(|_| config::load(request, search))
    }

    /// The bots of a launch's seats (seat 0, you, is left as it is): the
    /// window's, where neither the command line nor the rules file names
    /// any bot.
    pub fn seat_bots(&self, choices: &BotChoices, players: &mut [Player]) {
        if choices.all.is_some() || !choices.seats.is_empty() {
            return;
        }
        for (player, name) in players.iter_mut().skip(1).zip(&self.bots) {
            if let Ok(level) = name.parse::<Level>() {
                *player = Player::Builtin(level);
            }
        }
    }

    /// The pace of a launch: `--speed`'s, else the window's, else normal.
    pub fn launch_speed(&self, flag: Option<Speed>) -> Speed {
        flag.or_else(|| self.pace.as_deref().and_then(Speed::from_name)).unwrap_or_default()
    }

    /// The four-colour deck at a launch: with `--four-colour`, else as the
    /// window last chose.
    pub fn launch_four_colour(&self, flag: bool) -> bool {
        flag || self.four_colour == Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_rules_file() -> SearchPaths {
        SearchPaths { local: std::env::temp_dir().join("hearts-no-such-dir/rules.toml"), user: None }
    }

    fn cancellation_for_nine_to_50() -> Remembered {
        Remembered { preset: Some("cancellation".into()), target: Some(50), players: Some(9), ..Remembered::default() }
    }

    #[test]
    fn a_launch_plays_the_windows_choices_where_the_command_line_names_none() {
        let loaded = cancellation_for_nine_to_50().launch_rules(&RuleRequest::default(), &no_rules_file()).unwrap();
        assert_eq!(loaded.preset, Preset::Cancellation);
        assert_eq!((loaded.rules.players, loaded.rules.target_score), (9, 50));
        let target = RuleRequest {
            flags: vec![("--target".into(), "target-score", RawValue::Integer(80))],
            ..RuleRequest::default()
        };
        let loaded = cancellation_for_nine_to_50().launch_rules(&target, &no_rules_file()).unwrap();
        assert_eq!((loaded.preset, loaded.rules.players, loaded.rules.target_score), (Preset::Cancellation, 9, 80));
        let preset = RuleRequest { preset: Some(Preset::Omnibus), ..RuleRequest::default() };
        let loaded = cancellation_for_nine_to_50().launch_rules(&preset, &no_rules_file()).unwrap();
        assert_eq!(loaded.rules, Preset::Omnibus.rules(), "a preset named is played as it is");
    }

    #[test]
    fn a_launch_whose_flags_make_no_game_with_the_windows_choices_plays_the_flags_alone() {
        let four = RuleRequest {
            flags: vec![("--players".into(), "players", RawValue::Integer(4))],
            ..RuleRequest::default()
        };
        let loaded = cancellation_for_nine_to_50().launch_rules(&four, &no_rules_file()).unwrap();
        assert_eq!((loaded.preset, loaded.rules.players), (Preset::BlackLady, 4));
    }

    #[test]
    fn the_windows_bots_sit_down_unless_the_command_line_or_the_rules_file_names_one() {
        let remembered = Remembered { bots: vec!["hard".into(), "expert".into()], ..Remembered::default() };
        let mut players = vec![Player::Builtin(Level::Normal); 4];
        remembered.seat_bots(&BotChoices::default(), &mut players);
        assert_eq!(players[1..3], [Player::Builtin(Level::Hard), Player::Builtin(Level::Expert)]);
        let mut named = BotChoices::default();
        named.set("right", "easy").unwrap();
        let mut players = named.resolve(4).unwrap();
        remembered.seat_bots(&named, &mut players);
        assert_eq!(players[1], Player::Builtin(Level::Normal), "a bot named anywhere: the window's stand aside");
    }

    #[test]
    fn a_launch_deals_the_four_colour_deck_by_the_flag_else_the_window() {
        let chosen = Remembered { four_colour: Some(true), ..Remembered::default() };
        let declined = Remembered { four_colour: Some(false), ..Remembered::default() };
        assert!(chosen.launch_four_colour(false));
        assert!(declined.launch_four_colour(true), "the flag asks for it");
        assert!(!declined.launch_four_colour(false));
        assert!(!Remembered::default().launch_four_colour(false));
    }

    #[test]
    fn a_launch_paces_by_the_flag_else_the_window() {
        let remembered = Remembered { pace: Some("fast".into()), ..Remembered::default() };
        assert_eq!(remembered.launch_speed(None), Speed::Fast);
        assert_eq!(remembered.launch_speed(Some(Speed::Slow)), Speed::Slow);
        assert_eq!(Remembered::default().launch_speed(None), Speed::Normal);
    }
}
