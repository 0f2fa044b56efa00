//! The server's state in SQLite (`server.sqlite3` in the data directory):
//! its tables, to resume each one where it was after a restart, even after
//! `kill -9`; every game played there, as a game record; and from those,
//! each person's record per preset.
//!
//! The database is in WAL mode, so readers never wait on the writer and a
//! commit is one append. Each [`Store::save_table`] is one transaction:
//! the table code calls it once per trick. The schema's version is the
//! database's `user_version`; [`MIGRATIONS`] brings an older one up to
//! date and a newer one is refused. Every statement takes its values as
//! parameters, never formatted into SQL.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, ErrorCode, OptionalExtension, TransactionBehavior, params};

use crate::engine::MAX_PLAYERS;
use crate::record::GameRecord;
use crate::tui::save::SavedGame;

/// The server's database file in the data directory.
pub const FILE_NAME: &str = "server.sqlite3";

/// How many games [`Store::games_of`] returns: the newest.
pub const RECENT_GAMES: usize = 50;

/// The longest name kept, in bytes (names are cut to 16 characters before
/// they get here; this bounds what the database holds whatever the caller).
pub const MAX_NAME: usize = 64;

const MAX_CODE: usize = 16;
const MAX_LABEL: usize = 64;
const MAX_KEY: usize = 128;
const MAX_SETTINGS: usize = 64 * 1024;

/// How long a statement waits for another connection's write to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The prefix of a person's seat in a game record: `"player": "human:NAME"`.
const HUMAN: &str = "human:";

/// Each entry brings the schema from version `i` to `i + 1`; the schema's
/// version is the number of entries. A later change appends one.
const MIGRATIONS: &[&str] = &["
    CREATE TABLE tables (
        code TEXT PRIMARY KEY NOT NULL,
        listed INTEGER NOT NULL,
        settings TEXT NOT NULL,
        game TEXT
    );
    CREATE TABLE seats (
        code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        key TEXT,
        PRIMARY KEY (code, seat)
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        label TEXT NOT NULL,
        played_at INTEGER NOT NULL,
        record TEXT NOT NULL
    );
    CREATE TABLE players (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        won INTEGER NOT NULL,
        points INTEGER NOT NULL,
        hands INTEGER NOT NULL,
        PRIMARY KEY (name, game)
    );
"];

/// Why the server's database could not be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file is not a SQLite database, or a damaged one.
    #[error("{}: not a SQLite database ({source}); move it aside to start afresh", path.display())]
    NotADatabase {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// A database written by a newer `hearts`.
    #[error(
        "{}: written by a newer hearts (schema version {found}, this one reads up to {known}); \
         run the newer hearts, or move the file aside to start afresh",
        path.display()
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// The file's schema version.
        found: i64,
        /// The newest version this build reads.
        known: i64,
    },
    /// SQLite refused (a full disk, a lock held too long, no permission).
    #[error("{}: {source}", path.display())]
    Sqlite {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// The data directory could not be made.
    #[error("{}: {source}", path.display())]
    Io {
        /// The directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A stored value that no longer reads as what was stored.
    #[error("{}: {what} does not read: {problem}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Which value, e.g. `table 7Q4K`.
        what: String,
        /// What the parser said.
        problem: String,
    },
    /// A value longer than the store keeps.
    #[error("{what} is {length} bytes long; at most {limit} are kept")]
    TooLong {
        /// Which value.
        what: String,
        /// Its length in bytes.
        length: usize,
        /// The most kept.
        limit: usize,
    },
    /// A seat beyond the table's largest, or given twice.
    #[error("table {code}: seat {seat} is off the table or given twice")]
    BadSeat {
        /// The table.
        code: String,
        /// The seat.
        seat: usize,
    },
    /// `--export` names the database itself, which it would overwrite.
    #[error("--export {}: that is the server's database; name another file", path.display())]
    ExportOverDatabase {
        /// The file asked for.
        path: PathBuf,
    },
    /// The export file could not be written.
    #[error("--export {}: {source}", path.display())]
    Export {
        /// The file asked for.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

/// A table as saved: enough to open it again where it was.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTable {
    /// The join code, the table's key.
    pub code: String,
    /// Whether the lobby lists it.
    pub listed: bool,
    /// The table's settings (grace period, turn clock, hints, bots...),
    /// kept as the caller wrote them.
    pub settings: serde_json::Value,
    /// The game in progress; `None` between games.
    pub game: Option<SavedGame>,
    /// The people seated, by seat.
    pub seated: Vec<Seated>,
}

/// A person's seat at a stored table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    /// The seat's index, 0 = South.
    pub seat: usize,
    /// The person's name.
    pub name: String,
    /// The fingerprint of the public key they offered, if they offered one.
    pub key: Option<String>,
}

/// A game played at the server.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// Its number in the store, for [`Store::game`].
    pub id: i64,
    /// The rules' label (preset).
    pub label: String,
    /// When it was kept, in seconds since 1970.
    pub played_at: i64,
    /// The game.
    pub record: GameRecord,
}

/// A person's record under one preset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRecord {
    /// The rules' label (preset).
    pub label: String,
    /// Games they sat in, finished or abandoned.
    pub games: u32,
    /// Finished games with their seat among the winners.
    pub wins: u32,
    /// Hands they played.
    pub hands: u32,
    /// Points they scored in those hands.
    pub points: i64,
}

impl PlayerRecord {
    /// Points per hand played; `None` before a first hand.
    pub fn points_per_hand(&self) -> Option<f64> {
        (self.hands > 0).then(|| self.points as f64 / f64::from(self.hands))
    }
}

/// The open database.
#[derive(Debug)]
pub struct Store {
    connection: Connection,
    path: PathBuf,
}

impl Store {
    /// Opens the server's database in the data directory `dir`, making
    /// both when missing.
    pub fn open_in(dir: &Path) -> Result<Store, StoreError> {
        Store::open(&dir.join(FILE_NAME))
    }

    /// Opens (or makes) the database at `path`: WAL, a busy timeout,
    /// foreign keys, and the schema brought up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Io { path: dir.to_path_buf(), source })?;
        }
        let failed = failure(path);
        let mut connection = Connection::open(path).map_err(&failed)?;
        connection.busy_timeout(BUSY_TIMEOUT).map_err(&failed)?;
        connection.pragma_update(None, "foreign_keys", true).map_err(&failed)?;
        connection.pragma_update(None, "journal_mode", "WAL").map_err(&failed)?;
        // In WAL a commit survives the process being killed; only a power cut may lose the last one.
        connection.pragma_update(None, "synchronous", "NORMAL").map_err(&failed)?;
        migrate(&mut connection, path)?;
        Ok(Store { connection, path: path.to_path_buf() })
    }

    /// Saves a table in one transaction, replacing what was saved under
    /// its code.
    pub fn save_table(&mut self, table: &StoredTable) -> Result<(), StoreError> {
        check_length("a table code", &table.code, MAX_CODE)?;
        let settings = serde_json::to_string(&table.settings).expect("a JSON value serialises");
        check_length(&format!("table {}'s settings", table.code), &settings, MAX_SETTINGS)?;
        check_seats(table)?;
        let game = table.game.as_ref().map(|game| serde_json::to_string(game).expect("a saved game serialises"));
        let failed = failure(&self.path);
        let transaction = self.connection.transaction().map_err(&failed)?;
        transaction
            .execute(
                "INSERT INTO tables (code, listed, settings, game) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (code) DO UPDATE SET listed = ?2, settings = ?3, game = ?4",
                params![table.code, table.listed, settings, game],
            )
            .map_err(&failed)?;
        transaction.execute("DELETE FROM seats WHERE code = ?1", [&table.code]).map_err(&failed)?;
        for seated in &table.seated {
            transaction
                .execute(
                    "INSERT INTO seats (code, seat, name, key) VALUES (?1, ?2, ?3, ?4)",
                    params![table.code, seated.seat as i64, seated.name, seated.key],
                )
                .map_err(&failed)?;
        }
        transaction.commit().map_err(&failed)
    }

    /// Every saved table, by code, to open them again after a restart.
    pub fn tables(&mut self) -> Result<Vec<StoredTable>, StoreError> {
        let failed = failure(&self.path);
        let transaction = self.connection.transaction().map_err(&failed)?;
        let rows: Vec<(String, bool, String, Option<String>)> = transaction
            .prepare("SELECT code, listed, settings, game FROM tables ORDER BY code")
            .and_then(|mut statement| {
                statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)))?.collect()
            })
            .map_err(&failed)?;
        let mut seats =
            transaction.prepare("SELECT seat, name, key FROM seats WHERE code = ?1 ORDER BY seat").map_err(&failed)?;
        let mut tables = Vec::with_capacity(rows.len());
        for (code, listed, settings, game) in rows {
            let unreadable = |problem: serde_json::Error| StoreError::Unreadable {
                path: self.path.clone(),
                what: format!("table {code}"),
                problem: problem.to_string(),
            };
            let settings = serde_json::from_str(&settings).map_err(unreadable)?;
            let game = game.map(|game| serde_json::from_str(&game)).transpose().map_err(unreadable)?;
            let seated = seats
                .query_map([&code], |row| {
                    Ok(Seated { seat: row.get::<_, i64>(0)? as usize, name: row.get(1)?, key: row.get(2)? })
                })
                .and_then(Iterator::collect)
                .map_err(&failed)?;
            tables.push(StoredTable { code, listed, settings, game, seated });
        }
        Ok(tables)
    }

    /// Forgets a table; whether there was one under this code.
    pub fn remove_table(&mut self, code: &str) -> Result<bool, StoreError> {
        let removed = self.connection.execute("DELETE FROM tables WHERE code = ?1", [code]);
        removed.map(|count| count > 0).map_err(failure(&self.path))
    }

    /// Keeps a finished or abandoned game, played under the preset `label`.
    /// The people in it are the seats whose player is `human:NAME`.
    pub fn add_game(&mut self, record: &GameRecord, label: &str) -> Result<i64, StoreError> {
        check_length("a preset label", label, MAX_LABEL)?;
        let people = people(record)?;
        let text = serde_json::to_string(record).expect("a record serialises");
        let played_at = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs() as i64);
        let failed = failure(&self.path);
        let transaction = self.connection.transaction().map_err(&failed)?;
        transaction
            .execute(
                "INSERT INTO games (label, played_at, record) VALUES (?1, ?2, ?3)",
                params![label, played_at, text],
            )
            .map_err(&failed)?;
        let id = transaction.last_insert_rowid();
        for person in people {
            transaction
                .execute(
                    // A name twice at one table cannot happen (names are unique there); the first seat counts.
                    "INSERT OR IGNORE INTO players (game, name, won, points, hands) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![id, person.name, person.won, person.points, person.hands],
                )
                .map_err(&failed)?;
        }
        transaction.commit().map_err(&failed)?;
        Ok(id)
    }

    /// The newest [`RECENT_GAMES`] games `name` played, newest first.
    pub fn games_of(&self, name: &str) -> Result<Vec<PlayedGame>, StoreError> {
        let failed = failure(&self.path);
        let rows: Vec<(i64, String, i64, String)> = self
            .connection
            .prepare(
                "SELECT games.id, games.label, games.played_at, games.record
                 FROM players JOIN games ON games.id = players.game
                 WHERE players.name = ?1 ORDER BY games.id DESC LIMIT ?2",
            )
            .and_then(|mut statement| {
                statement
                    .query_map(params![name, RECENT_GAMES as i64], |row| {
                        Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
                    })?
                    .collect()
            })
            .map_err(&failed)?;
        rows.into_iter().map(|(id, label, played_at, record)| self.played(id, label, played_at, &record)).collect()
    }

    /// Game `id`, if the store holds it.
    pub fn game(&self, id: i64) -> Result<Option<PlayedGame>, StoreError> {
        let row: Option<(String, i64, String)> = self
            .connection
            .query_row("SELECT label, played_at, record FROM games WHERE id = ?1", [id], |row| {
                Ok((row.get(0)?, row.get(1)?, row.get(2)?))
            })
            .optional()
            .map_err(failure(&self.path))?;
        row.map(|(label, played_at, record)| self.played(id, label, played_at, &record)).transpose()
    }

    /// `name`'s record under each preset they played, by label.
    pub fn records_of(&self, name: &str) -> Result<Vec<PlayerRecord>, StoreError> {
        self.connection
            .prepare(
                "SELECT games.label, COUNT(*), SUM(players.won), SUM(players.hands), SUM(players.points)
                 FROM players JOIN games ON games.id = players.game
                 WHERE players.name = ?1 GROUP BY games.label ORDER BY games.label",
            )
            .and_then(|mut statement| {
                statement
                    .query_map([name], |row| {
                        Ok(PlayerRecord {
                            label: row.get(0)?,
                            games: row.get(1)?,
                            wins: row.get(2)?,
                            hands: row.get(3)?,
                            points: row.get(4)?,
                        })
                    })?
                    .collect()
            })
            .map_err(failure(&self.path))
    }

    /// Writes every stored game to `file`, oldest first, one game record a
    /// line: the JSON Lines that `hearts replay`, `hearts review` and
    /// `hearts sim --compare` read. Returns how many.
    pub fn export(&self, file: &Path) -> Result<usize, StoreError> {
        let written = |source| StoreError::Export { path: file.to_path_buf(), source };
        let mut out = std::io::BufWriter::new(std::fs::File::create(file).map_err(written)?);
        let mut statement =
            self.connection.prepare("SELECT record FROM games ORDER BY id").map_err(failure(&self.path))?;
        let mut rows = statement.query([]).map_err(failure(&self.path))?;
        let mut count = 0;
        while let Some(row) = rows.next().map_err(failure(&self.path))? {
            let line: String = row.get(0).map_err(failure(&self.path))?;
            writeln!(out, "{line}").map_err(written)?;
            count += 1;
        }
        out.into_inner().map_err(|error| written(error.into_error()))?.sync_all().map_err(written)?;
        Ok(count)
    }

    fn played(&self, id: i64, label: String, played_at: i64, record: &str) -> Result<PlayedGame, StoreError> {
        let record = serde_json::from_str(record).map_err(|problem| StoreError::Unreadable {
            path: self.path.clone(),
            what: format!("game {id}"),
            problem: problem.to_string(),
        })?;
        Ok(PlayedGame { id, label, played_at, record })
    }
}

/// `hearts serve --export FILE`: the games of the server whose data
/// directory is `dir`, written to `file`. A server that never ran has
/// none: the file is written empty and no database is made.
pub fn export_games(dir: &Path, file: &Path) -> Result<usize, StoreError> {
    let database = dir.join(FILE_NAME);
    let same = |name: String| {
        let (ours, theirs) = (std::fs::canonicalize(dir.join(name)), std::fs::canonicalize(file));
        matches!((ours, theirs), (Ok(ours), Ok(theirs)) if ours == theirs)
    };
    if [FILE_NAME.to_string(), format!("{FILE_NAME}-wal"), format!("{FILE_NAME}-shm")].into_iter().any(same) {
        return Err(StoreError::ExportOverDatabase { path: file.to_path_buf() });
    }
    if database.exists() {
        Store::open(&database)?.export(file)
    } else {
        std::fs::write(file, "").map_err(|source| StoreError::Export { path: file.to_path_buf(), source })?;
        Ok(0)
    }
}

/// Turns SQLite's errors on `path` into the store's: a file that is not a
/// database (or a damaged one) is told apart.
fn failure(path: &Path) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |source| match source.sqlite_error_code() {
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => {
            StoreError::NotADatabase { path: path.to_path_buf(), source }
        }
        _ => StoreError::Sqlite { path: path.to_path_buf(), source },
    }
}

/// Brings the schema up to date in one transaction, or refuses a newer one.
fn migrate(connection: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let failed = failure(path);
    let known = MIGRATIONS.len() as i64;
    let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate).map_err(&failed)?;
    let found: i64 = transaction.pragma_query_value(None, "user_version", |row| row.get(0)).map_err(&failed)?;
    if found > known {
        return Err(StoreError::Newer { path: path.to_path_buf(), found, known });
    }
    for migration in &MIGRATIONS[found.max(0) as usize..] {
        transaction.execute_batch(migration).map_err(&failed)?;
    }
    transaction.pragma_update(None, "user_version", known).map_err(&failed)?;
    transaction.commit().map_err(&failed)
}

fn check_length(what: &str, text: &str, limit: usize) -> Result<(), StoreError> {
    if text.len() > limit {
        return Err(StoreError::TooLong { what: what.to_string(), length: text.len(), limit });
    }
    Ok(())
}

/// Seats on the table, each once, with names and keys of bounded length.
fn check_seats(table: &StoredTable) -> Result<(), StoreError> {
    let mut taken = [false; MAX_PLAYERS];
    for seated in &table.seated {
        let bad = || StoreError::BadSeat { code: table.code.clone(), seat: seated.seat };
        let slot = taken.get_mut(seated.seat).ok_or_else(bad)?;
        if std::mem::replace(slot, true) {
            return Err(bad());
        }
        check_length("a name", &seated.name, MAX_NAME)?;
        if let Some(key) = &seated.key {
            check_length("a key fingerprint", key, MAX_KEY)?;
        }
    }
    Ok(())
}

/// A person's part in a game record.
struct Person<'a> {
    name: &'a str,
    won: bool,
    points: i64,
    hands: u32,
}

/// The people (seats played by `human:NAME`) of a record: whether they won
/// a finished game, and the points they scored over its hands.
fn people(record: &GameRecord) -> Result<Vec<Person<'_>>, StoreError> {
    let people = record.seats.iter().filter_map(|seat| Some((seat.seat, seat.player.strip_prefix(HUMAN)?)));
    people
        .map(|(seat, name)| {
            check_length("a name", name, MAX_NAME)?;
            Ok(Person {
                name,
                won: record.finished && record.winners.contains(&seat),
                points: record.hands.iter().map(|hand| i64::from(hand.scores.get(seat).copied().unwrap_or(0))).sum(),
                hands: record.hands.len() as u32,
            })
        })
        .collect()
}
