//! Reading the files of `examples/selfplay.rs`, for the examples that
//! study them: each game's start, its actions, and the play decisions
//! logged with the search's values.

use std::io::BufRead;

use hearts_bots::record::GameRecord;
use hearts_engine::{Action, Game};

/// One game of a self-play file.
pub struct SelfPlayGame {
    /// The game's seed.
    pub seed: u64,
    /// The game as dealt.
    pub start: Game,
    /// Every action, `NextHand` included.
    pub actions: Vec<Action>,
    /// The play decisions, each with `at`, the index of its action.
    pub decisions: Vec<serde_json::Value>,
}

/// Every whole game of `files`, in order; a line cut short by a run still
/// writing is skipped. A file that cannot be read ends `program` (exit 2).
pub fn games(files: &[String], program: &str) -> Vec<SelfPlayGame> {
    let mut games = Vec::new();
    for file in files {
        let Ok(opened) = std::fs::File::open(file) else {
            eprintln!("{program}: cannot read {file}");
            std::process::exit(2);
        };
        for line in std::io::BufReader::new(opened).lines().map_while(Result::ok) {
            let Ok(game) = serde_json::from_str::<serde_json::Value>(&line) else { continue };
            let Ok(record) = serde_json::from_value::<GameRecord>(game["record"].clone()) else { continue };
            let Ok((start, actions)) = record.actions() else { continue };
            let decisions = game["decisions"].as_array().cloned().unwrap_or_default();
            games.push(SelfPlayGame { seed: record.seed, start, actions, decisions });
        }
    }
    games
}

impl SelfPlayGame {
    /// Walks the game: `visit` sees each position before its action is
    /// applied, with the action and the decision logged at it, if any.
    pub fn walk(&self, mut visit: impl FnMut(&Game, &Action, Option<&serde_json::Value>)) {
        let mut wanted = self.decisions.iter().peekable();
        let mut position = self.start.clone();
        for (at, action) in self.actions.iter().enumerate() {
            let decision = wanted.next_if(|decision| decision["at"].as_u64() == Some(at as u64));
            visit(&position, action, decision);
            if position.apply(*action).is_err() {
                break;
            }
        }
    }
}
