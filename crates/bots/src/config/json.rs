//! The rules as a JSON object, one member per option key, for game records
//! and the bot protocol.

use hearts_engine::{Preset, Rules};

use super::options::OPTIONS;
use super::{ConfigError, LoadedRules, Origin, RawValue};

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
