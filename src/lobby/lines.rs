//! The lobby in the line mode: the same choices as the lobby's screen,
//! typed as words (`tables`, `join CODE`, `watch CODE`, `new [PRESET]`,
//! `games`, `help`, `quit`) and answered in sentences.

use hearts_engine::Preset;
use hearts_table::Setup;

use super::form::{TableRequest, TableSettings};
use super::{Lobby, TableSummary};

/// What a typed line asks of the lobby.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum LobbyLine {
    /// Sentences to tell the person.
    Say(Vec<String>),
    /// Sit at the table of this code.
    Sit(String),
    /// Watch the table of this code.
    Watch(String),
    /// Open this table and sit at it.
    Create(Box<TableRequest>),
    /// Give up the seat kept at the table of this code.
    GiveUp(String),
    /// Leave the server.
    Quit,
}

/// The lobby's greeting: who they are and what they may type.
pub(crate) fn greeting(lobby: &Lobby) -> Vec<String> {
    let mut lines = vec![format!("Welcome to the hearts lobby, {}.", lobby.name)];
    lines.extend(tables(lobby));
    lines.push(HELP.to_string());
    lines
}

const HELP: &str = "Type tables to list the tables, join CODE to sit at one, watch CODE to watch one, new or new PRESET \
to open a table, give up CODE to give up a seat kept for you, games for your kept games, or quit.";

/// Reads a line typed in the lobby.
pub(crate) fn line(lobby: &Lobby, text: &str) -> LobbyLine {
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let code_like = |code: &str| (1..=12).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphanumeric());
    match words.as_slice() {
        [] => LobbyLine::Say(vec![HELP.to_string()]),
        ["tables" | "t" | "list"] => LobbyLine::Say(tables(lobby)),
        ["join" | "sit", code] if code_like(code) => LobbyLine::Sit(code.to_ascii_uppercase()),
        ["watch", code] if code_like(code) => LobbyLine::Watch(code.to_ascii_uppercase()),
        ["give", "up", code] if code_like(code) => LobbyLine::GiveUp(code.to_ascii_uppercase()),
        ["give", ..] => LobbyLine::Say(vec!["Type give up and a table's code, e.g. give up 7Q4K.".to_string()]),
        ["join" | "sit" | "watch", ..] => {
            LobbyLine::Say(vec!["Type join or watch and a table's code, e.g. join 7Q4K.".to_string()])
        }
        ["new"] => LobbyLine::Create(Box::new(request(lobby.defaults.clone(), lobby))),
        ["new", name] => match Preset::ALL.iter().find(|preset| preset.to_string() == *name) {
            Some(&preset) => LobbyLine::Create(Box::new(request(of_preset(preset, &lobby.defaults), lobby))),
            None => {
                let names: Vec<String> = Preset::ALL.iter().map(ToString::to_string).collect();
                LobbyLine::Say(vec![format!("`{name}` is not a preset; the presets are {}.", names.join(", "))])
            }
        },
        ["games" | "g"] => LobbyLine::Say(games(lobby)),
        ["help" | "?"] => LobbyLine::Say(vec![HELP.to_string()]),
        ["quit" | "q" | "exit"] => LobbyLine::Quit,
        _ => LobbyLine::Say(vec![format!("That is not a lobby command. {HELP}")]),
    }
}

/// A new table of `setup` at the lobby's pace, listed.
fn request(table: Setup, lobby: &Lobby) -> TableRequest {
    TableRequest { table, speed: lobby.speed, settings: TableSettings::default() }
}

/// A preset's table with the server's bots in every seat.
fn of_preset(preset: Preset, defaults: &Setup) -> Setup {
    let rules = preset.rules();
    let bot = defaults.players.get(1).or(defaults.players.first()).cloned();
    let players = bot.map(|bot| vec![bot; rules.player_count()]).unwrap_or_else(|| defaults.players.clone());
    Setup { rules, label: preset.to_string(), players }
}

/// The tables this person may see, a sentence each.
fn tables(lobby: &Lobby) -> Vec<String> {
    if lobby.tables.is_empty() {
        return vec!["No table is open: type new to open one.".to_string()];
    }
    lobby.tables.iter().map(table_words).collect()
}

/// One table in words.
fn table_words(table: &TableSummary) -> String {
    let now = std::time::Instant::now();
    let people: Vec<String> = table
        .seats
        .iter()
        .filter(|seat| seat.person)
        .map(|seat| match seat.away(now) {
            Some(away) => format!("{} ({away})", seat.name),
            None => seat.name.clone(),
        })
        .collect();
    let who = match people.as_slice() {
        [] => "nobody seated".to_string(),
        people => format!("seated: {}", people.join(", ")),
    };
    let state = if table.playing { format!("hand {}", table.hand) } else { "not started".to_string() };
    let free = table.free_seats();
    format!(
        "Table {}: {}, {} players, {who}; {free} free seat{}; {state}.",
        table.code,
        table.label,
        table.players,
        if free == 1 { "" } else { "s" }
    )
}

/// The person's kept games, a sentence each.
fn games(lobby: &Lobby) -> Vec<String> {
    if lobby.games.is_empty() {
        return vec!["You have no kept games here yet.".to_string()];
    }
    lobby
        .games
        .iter()
        .map(|game| {
            let result = if game.result.is_empty() { String::new() } else { format!(", {}", game.result) };
            format!("Game {}: {} on {}{result}.", game.id, game.label, game.when)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::Theme;
    use hearts_bots::players::{Level, Player};
    use hearts_engine::Rules;
    use hearts_table::pace::Speed;

    fn lobby() -> Lobby {
        let defaults = Setup {
            rules: Rules::default(),
            label: "black-lady".into(),
            players: vec![Player::Builtin(Level::Hard); 4],
        };
        Lobby::new(
            "alice",
            Theme { color: false, ascii: true, palette256: false, four_colour: false },
            defaults,
            Speed::Normal,
        )
    }

    #[test]
    fn the_lobby_is_played_with_words() {
        let lobby = lobby();
        assert_eq!(line(&lobby, "join 7q4k"), LobbyLine::Sit("7Q4K".into()));
        assert_eq!(line(&lobby, "watch 7Q4K"), LobbyLine::Watch("7Q4K".into()));
        assert_eq!(line(&lobby, "give up 7q4k"), LobbyLine::GiveUp("7Q4K".into()));
        assert_eq!(line(&lobby, "quit"), LobbyLine::Quit);
        assert!(matches!(line(&lobby, "tables"), LobbyLine::Say(lines) if lines[0].starts_with("No table is open")));
    }

    #[test]
    fn a_new_table_takes_the_servers_rules_or_a_presets() {
        let lobby = lobby();
        let LobbyLine::Create(request) = line(&lobby, "new") else { panic!("no table") };
        assert_eq!(request.table.label, "black-lady");
        let LobbyLine::Create(request) = line(&lobby, "new domino") else { panic!("no table") };
        assert_eq!(request.table.label, "domino");
        assert_eq!(request.table.players.len(), request.table.rules.player_count());
        assert!(matches!(line(&lobby, "new nonsense"), LobbyLine::Say(lines) if lines[0].contains("not a preset")));
    }
}
