//! The server's state in SQLite (`server.sqlite3` in the data directory):
//! its tables, to resume each one where it was after a restart, even after
//! `kill -9`; the games played there, as game records, the newest
//! [`KEPT_PER_PERSON`] of each person and [`KEPT_IN_ALL`] in all; and
//! from those, each person's
//! record per preset. A person is found by their [`Identity`] (their key,
//! else their name when it is theirs), never by the name a record shows.
//!
//! The database is in WAL mode, so readers never wait on the writer and a
//! commit is one append. Each [`Store::write_tables`] is one transaction:
//! the tables' saves that wait, each table as it is after its latest trick
//! (the server's saver writes them). The schema's version is the
//! database's `user_version`; [`MIGRATIONS`] brings an older one up to
//! date and a newer one is refused. Every statement takes its values as
//! parameters, never formatted into SQL.

use std::io::Write as _;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, ErrorCode, OptionalExtension, TransactionBehavior, params};

use super::identity::Identity;
use hearts_bots::record::GameRecord;
use hearts_engine::MAX_PLAYERS;
use hearts_table::saved::SavedGame;

/// The server's database file in the data directory.
pub const FILE_NAME: &str = "server.sqlite3";

/// How many games [`Store::games_of`] returns: the newest.
pub const RECENT_GAMES: usize = 50;

/// How many games are kept per person: when a game is added, a person's
/// older ones leave their list and record, and a game no person's list
/// holds any more is dropped.
pub const KEPT_PER_PERSON: usize = 500;

/// How many games are kept of the people of one network (an IPv4 /24 or
/// IPv6 /48): a tenth of all, so that names made up one after another
/// from one network push out that network's games, not everyone's.
pub const KEPT_PER_NETWORK: usize = 2_000;

/// How many games are kept in all, whoever played them (keyless people's
/// games, in no one's list, included): past it, the oldest go first. A
/// game's record is a few kilobytes to some tens, so the games stay
/// within a few hundred megabytes however many names come and go.
pub const KEPT_IN_ALL: usize = 20_000;

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
const MIGRATIONS: &[&str] = &[
    "
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
",
    "
    -- Who each person is (their key's fingerprint, else name:NAME); games kept
    -- before this know no one, and stay in the export but in nobody's list.
    ALTER TABLE players ADD COLUMN identity TEXT;
    CREATE INDEX players_by_identity ON players (identity, game);
",
    "
    -- How each person chose to see the cards, where it is not the default.
    CREATE TABLE looks (
        identity TEXT PRIMARY KEY NOT NULL,
        ascii INTEGER NOT NULL,
        four_colour INTEGER NOT NULL
    );
",
    "
    -- How each person chose to hear the table in the line mode.
    ALTER TABLE looks ADD COLUMN brief INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE looks ADD COLUMN symbols INTEGER NOT NULL DEFAULT 0;
",
    "
    -- The network its people played from, so that one network's games are bounded.
    ALTER TABLE games ADD COLUMN network TEXT;
    CREATE INDEX games_by_network ON games (network, id);
",
];

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

/// One change to the stored tables.
#[derive(Clone, Debug, PartialEq)]
pub enum TableWrite {
    /// Save this table as it is (in place of what was saved before).
    Save(Box<StoredTable>),
    /// Forget the table with this code.
    Remove(String),
}

/// Why a table was not saved: the database failed, or the table was
/// refused before it was written (too long a field, a seat out of range).
enum Failure {
    Sql(rusqlite::Error),
    Refused(StoreError),
}

/// Writes `table` within `transaction`, in place of what was saved of it.
fn save_in(transaction: &rusqlite::Transaction, table: &StoredTable) -> Result<(), Failure> {
    check_length("a table code", &table.code, MAX_CODE).map_err(Failure::Refused)?;
    let settings = serde_json::to_string(&table.settings).expect("a JSON value serialises");
    check_length(&format!("table {}'s settings", table.code), &settings, MAX_SETTINGS).map_err(Failure::Refused)?;
    check_seats(table).map_err(Failure::Refused)?;
    let game = table.game.as_ref().map(|game| serde_json::to_string(game).expect("a saved game serialises"));
    transaction
        .execute(
            "INSERT INTO tables (code, listed, settings, game) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (code) DO UPDATE SET listed = ?2, settings = ?3, game = ?4",
            params![table.code, table.listed, settings, game],
        )
        .map_err(Failure::Sql)?;
    transaction.execute("DELETE FROM seats WHERE code = ?1", [&table.code]).map_err(Failure::Sql)?;
    for seated in &table.seated {
        transaction
            .execute(
                "INSERT INTO seats (code, seat, name, key) VALUES (?1, ?2, ?3, ?4)",
                params![table.code, seated.seat as i64, seated.name, seated.key],
            )
            .map_err(Failure::Sql)?;
    }
    Ok(())
}

/// A person's seat at a stored table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    /// The seat's index, 0 = South.
    pub seat: usize,
    /// The person's name.
    pub name: String,
    /// Who holds the seat: their key's fingerprint, `name:NAME`, or a
    /// token of a person nobody knows (older tables: `None`, held by the name).
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
    /// The seat of the person it was found for ([`Store::games_of`],
    /// [`Store::game_of`]); `None` from [`Store::game`].
    pub seat: Option<usize>,
}

/// How a person chose to see the cards: kept from one session to the next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    /// Letters for suits.
    pub ascii: bool,
    /// The four-colour deck.
    pub four_colour: bool,
    /// The line mode told brief.
    pub brief: bool,
    /// The line mode writes cards as symbols.
    pub symbols: bool,
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

/// Makes the database file its owner's only before SQLite opens it: new,
/// empty and 0600 (SQLite makes its `-wal` and `-shm` files with the
/// database's mode), or an older one narrowed with its `-wal` and `-shm`.
fn owner_only(path: &Path) -> std::io::Result<()> {
    crate::files::owner_only().write(true).create(true).truncate(false).open(path)?;
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut file = path.as_os_str().to_owned();
        file.push(suffix);
        match crate::files::narrow(Path::new(&file)) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => return Err(error),
            _ => {}
        }
    }
    Ok(())
}

/// The open database: one connection. It may move to another thread but
/// not be shared; a thread of its own may open another, since WAL and the
/// busy timeout let connections share the file.
#[derive(Debug)]
pub struct Store {
    connection: Connection,
    path: PathBuf,
    /// [`KEPT_IN_ALL`], or fewer where a test says so.
    kept_in_all: usize,
    /// [`KEPT_PER_NETWORK`], or fewer where a test says so.
    kept_per_network: usize,
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
            // Made its owner's only (0700), as the server's data directory is.
            let mut maker = std::fs::DirBuilder::new();
            std::os::unix::fs::DirBuilderExt::mode(maker.recursive(true), 0o700);
            maker.create(dir).map_err(|source| StoreError::Io { path: dir.to_path_buf(), source })?;
        }
        owner_only(path).map_err(|source| StoreError::Io { path: path.to_path_buf(), source })?;
        let failed = failure(path);
        let mut connection = Connection::open(path).map_err(&failed)?;
        connection.busy_timeout(BUSY_TIMEOUT).map_err(&failed)?;
        connection.pragma_update(None, "foreign_keys", true).map_err(&failed)?;
        connection.pragma_update(None, "journal_mode", "WAL").map_err(&failed)?;
        // In WAL a commit survives the process being killed; only a power cut may lose the last one.
        connection.pragma_update(None, "synchronous", "NORMAL").map_err(&failed)?;
        migrate(&mut connection, path)?;
        Ok(Store { connection, path: path.to_path_buf(), kept_in_all: KEPT_IN_ALL, kept_per_network: KEPT_PER_NETWORK })
    }

    /// Saves a table in one transaction, replacing what was saved under
    /// its code.
    pub fn save_table(&mut self, table: &StoredTable) -> Result<(), StoreError> {
        match self.write_tables(std::slice::from_ref(&TableWrite::Save(Box::new(table.clone()))))?.pop() {
            Some((_, refused)) => Err(refused),
            None => Ok(()),
        }
    }

    /// Saves and forgets tables, in order, in one transaction. A table
    /// refused (too long a field, a seat out of range) is left as it was
    /// and returned with why; the others are written. A failure of the
    /// database writes none of them.
    pub fn write_tables(&mut self, writes: &[TableWrite]) -> Result<Vec<(String, StoreError)>, StoreError> {
        let failed = failure(&self.path);
        let transaction = self.connection.transaction_with_behavior(TransactionBehavior::Immediate).map_err(&failed)?;
        let mut refused = Vec::new();
        for write in writes {
            match write {
                TableWrite::Save(table) => match save_in(&transaction, table) {
                    Ok(()) => {}
                    Err(Failure::Sql(error)) => return Err(failed(error)),
                    Err(Failure::Refused(why)) => refused.push((table.code.clone(), why)),
                },
                TableWrite::Remove(code) => {
                    transaction.execute("DELETE FROM tables WHERE code = ?1", [code]).map_err(&failed)?;
                }
            }
        }
        transaction.commit().map_err(&failed)?;
        Ok(refused)
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
                    Ok(Seated { seat: usize::from(row.get::<_, u8>(0)?), name: row.get(1)?, key: row.get(2)? })
                })
                .and_then(Iterator::collect)
                .map_err(&failed)?;
            tables.push(StoredTable { code, listed, settings, game, seated });
        }
        Ok(tables)
    }

    /// Keeps a finished or abandoned game, played under the preset `label`.
    /// The people in it are the seats whose player is `human:NAME`; `who`
    /// says who each seat's person is (a seat past its end: nobody known).
    /// Each person's games past their newest [`KEPT_PER_PERSON`] go, and
    /// those of the people's `network` (as the server counts networks)
    /// past its newest [`KEPT_PER_NETWORK`].
    pub fn add_game(
        &mut self,
        record: &GameRecord,
        label: &str,
        who: &[Identity],
        network: Option<IpAddr>,
    ) -> Result<i64, StoreError> {
        check_length("a preset label", label, MAX_LABEL)?;
        let people = people(record, who)?;
        let text = serde_json::to_string(record).expect("a record serialises");
        let played_at = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs() as i64);
        let failed = failure(&self.path);
        let transaction = self.connection.transaction().map_err(&failed)?;
        transaction
            .execute(
                "INSERT INTO games (label, played_at, record, network) VALUES (?1, ?2, ?3, ?4)",
                params![label, played_at, text, network.map(|network| network.to_string())],
            )
            .map_err(&failed)?;
        let id = transaction.last_insert_rowid();
        for person in &people {
            transaction
                .execute(
                    // A name twice at one table cannot happen (names are unique there); the first seat counts.
                    "INSERT OR IGNORE INTO players (game, name, won, points, hands, identity)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![id, person.name, person.won, person.points, person.hands, person.identity],
                )
                .map_err(&failed)?;
        }
        for identity in people.iter().filter_map(|person| person.identity.as_deref()) {
            forget_past_the_newest(&transaction, identity).map_err(&failed)?;
        }
        if let Some(network) = network {
            transaction
                .execute(
                    "DELETE FROM games WHERE network = ?1 AND id <= (SELECT id FROM games WHERE network = ?1
                     ORDER BY id DESC LIMIT 1 OFFSET ?2)",
                    params![network.to_string(), self.kept_per_network as i64],
                )
                .map_err(&failed)?;
        }
        // Past the ceiling in all, the oldest games go, whosever they are (their people's rows with them).
        transaction
            .execute(
                "DELETE FROM games WHERE id <= (SELECT id FROM games ORDER BY id DESC LIMIT 1 OFFSET ?1)",
                [self.kept_in_all as i64],
            )
            .map_err(&failed)?;
        transaction.commit().map_err(&failed)?;
        Ok(id)
    }

    /// The newest [`RECENT_GAMES`] games of `who`, newest first, each
    /// with their seat; none for a person nobody knows.
    pub fn games_of(&self, who: &Identity) -> Result<Vec<PlayedGame>, StoreError> {
        let Some(identity) = who.stored() else { return Ok(Vec::new()) };
        let rows: Vec<(i64, String, i64, String, String)> = self
            .connection
            .prepare(
                "SELECT games.id, games.label, games.played_at, games.record, players.name
                 FROM players JOIN games ON games.id = players.game
                 WHERE players.identity = ?1 ORDER BY players.game DESC LIMIT ?2",
            )
            .and_then(|mut statement| {
                statement
                    .query_map(params![identity, RECENT_GAMES as i64], |row| {
                        Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?))
                    })?
                    .collect()
            })
            .map_err(failure(&self.path))?;
        rows.into_iter()
            .map(|(id, label, played_at, record, name)| self.played(id, label, played_at, &record, Some(&name)))
            .collect()
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
        row.map(|(label, played_at, record)| self.played(id, label, played_at, &record, None)).transpose()
    }

    /// Game `id` with the seat of `who` in it, if they played it.
    pub fn game_of(&self, id: i64, who: &Identity) -> Result<Option<PlayedGame>, StoreError> {
        let Some(identity) = who.stored() else { return Ok(None) };
        let row: Option<(String, i64, String, String)> = self
            .connection
            .query_row(
                "SELECT games.label, games.played_at, games.record, players.name
                 FROM players JOIN games ON games.id = players.game
                 WHERE players.game = ?1 AND players.identity = ?2",
                params![id, identity],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
            )
            .optional()
            .map_err(failure(&self.path))?;
        row.map(|(label, played_at, record, name)| self.played(id, label, played_at, &record, Some(&name))).transpose()
    }

    /// The record of `who` under each preset they played, by label; none
    /// for a person nobody knows.
    pub fn records_of(&self, who: &Identity) -> Result<Vec<PlayerRecord>, StoreError> {
        let Some(identity) = who.stored() else { return Ok(Vec::new()) };
        self.connection
            .prepare(
                "SELECT games.label, COUNT(*), SUM(players.won), SUM(players.hands), SUM(players.points)
                 FROM players JOIN games ON games.id = players.game
                 WHERE players.identity = ?1 GROUP BY games.label ORDER BY games.label",
            )
            .and_then(|mut statement| {
                statement
                    .query_map([identity], |row| {
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

    /// How `who` chose to see the cards; the default for a person nobody
    /// knows or who never chose.
    pub fn look_of(&self, who: &Identity) -> Result<Look, StoreError> {
        let Some(identity) = who.stored() else { return Ok(Look::default()) };
        self.connection
            .query_row("SELECT ascii, four_colour, brief, symbols FROM looks WHERE identity = ?1", [identity], |row| {
                Ok(Look { ascii: row.get(0)?, four_colour: row.get(1)?, brief: row.get(2)?, symbols: row.get(3)? })
            })
            .optional()
            .map(Option::unwrap_or_default)
            .map_err(failure(&self.path))
    }

    /// Keeps how `who` chose to see the cards (a default look keeps no
    /// row); nothing for a person nobody knows.
    pub fn set_look(&mut self, who: &Identity, look: Look) -> Result<(), StoreError> {
        let Some(identity) = who.stored() else { return Ok(()) };
        check_length("a key", &identity, MAX_KEY + MAX_NAME)?;
        let done = if look == Look::default() {
            self.connection.execute("DELETE FROM looks WHERE identity = ?1", [&identity])
        } else {
            self.connection.execute(
                "INSERT INTO looks (identity, ascii, four_colour, brief, symbols) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (identity) DO UPDATE SET ascii = ?2, four_colour = ?3, brief = ?4, symbols = ?5",
                params![identity, look.ascii, look.four_colour, look.brief, look.symbols],
            )
        };
        done.map(|_| ()).map_err(failure(&self.path))
    }

    /// Writes every stored game to `file`, oldest first, one game record a
    /// line: the JSON Lines that `hearts replay`, `hearts review` and
    /// `hearts sim --compare` read. Returns how many.
    pub fn export(&self, file: &Path) -> Result<usize, StoreError> {
        let written = |source| StoreError::Export { path: file.to_path_buf(), source };
        let mut out = std::io::BufWriter::new(create_owner_only(file).map_err(written)?);
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

    /// A stored game read back; with the seat of the person whose name in it is `name`.
    fn played(
        &self,
        id: i64,
        label: String,
        played_at: i64,
        record: &str,
        name: Option<&str>,
    ) -> Result<PlayedGame, StoreError> {
        let record: GameRecord = serde_json::from_str(record).map_err(|problem| StoreError::Unreadable {
            path: self.path.clone(),
            what: format!("game {id}"),
            problem: problem.to_string(),
        })?;
        let seat = name.and_then(|name| {
            record.seats.iter().find(|seat| seat.player.strip_prefix(HUMAN) == Some(name)).map(|seat| seat.seat)
        });
        Ok(PlayedGame { id, label, played_at, record, seat })
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
        create_owner_only(file).map_err(|source| StoreError::Export { path: file.to_path_buf(), source })?;
        Ok(0)
    }
}

/// An export file, emptied, that only its owner may read: it holds every
/// game, the hands of people who are not the exporter included.
fn create_owner_only(file: &Path) -> std::io::Result<std::fs::File> {
    let out = crate::files::owner_only().write(true).create(true).truncate(true).open(file)?;
    crate::files::narrow(file)?;
    Ok(out)
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

/// Forgets the games of the person stored as `identity` past their
/// newest [`KEPT_PER_PERSON`], and the games that leaves in no one's list.
fn forget_past_the_newest(transaction: &rusqlite::Transaction<'_>, identity: &str) -> rusqlite::Result<()> {
    let old: Vec<i64> = transaction
        .prepare("SELECT game FROM players WHERE identity = ?1 ORDER BY game DESC LIMIT -1 OFFSET ?2")?
        .query_map(params![identity, KEPT_PER_PERSON as i64], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    for game in old {
        transaction.execute("DELETE FROM players WHERE game = ?1 AND identity = ?2", params![game, identity])?;
        // Its people's rows go with it (ON DELETE CASCADE).
        transaction.execute(
            "DELETE FROM games WHERE id = ?1
             AND NOT EXISTS (SELECT 1 FROM players WHERE game = ?1 AND identity IS NOT NULL)",
            [game],
        )?;
    }
    Ok(())
}

/// A person's part in a game record.
struct Person<'a> {
    name: &'a str,
    /// Who they are, as stored; `None` for nobody known.
    identity: Option<String>,
    won: bool,
    points: i64,
    hands: u32,
}

/// The people (seats played by `human:NAME`) of a record, who each is
/// (`who`, by seat), whether they won a finished game, and the points they
/// scored over its hands.
fn people<'a>(record: &'a GameRecord, who: &[Identity]) -> Result<Vec<Person<'a>>, StoreError> {
    let people = record.seats.iter().filter_map(|seat| Some((seat.seat, seat.player.strip_prefix(HUMAN)?)));
    people
        .map(|(seat, name)| {
            check_length("a name", name, MAX_NAME)?;
            let identity = who.get(seat).and_then(Identity::stored);
            if let Some(identity) = &identity {
                check_length("an identity", identity, MAX_KEY)?;
            }
            Ok(Person {
                name,
                identity,
                won: record.finished && record.winners.contains(&seat),
                points: record.hands.iter().map(|hand| i64::from(hand.scores.get(seat).copied().unwrap_or(0))).sum(),
                hands: record.hands.len() as u32,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hearts_bots::players::Level;
    use hearts_bots::record::{HandLog, SeatRecord};
    use hearts_engine::Rules;
    use serde_json::json;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hearts-server-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn saved_game(actions: &[&str]) -> SavedGame {
        SavedGame {
            version: 1,
            rules: hearts_bots::config::rules_to_json(&Rules::default()),
            label: "standard".into(),
            players: vec!["you".into(), "normal".into(), "human:bob".into(), "hard".into()],
            seed: 42,
            first_hand: 1,
            actions: actions.iter().map(|action| action.to_string()).collect(),
            undos: 0,
            hints: 2,
            clock_ms_left: None,
            salt: None,
        }
    }

    fn table(code: &str) -> StoredTable {
        StoredTable {
            code: code.into(),
            listed: true,
            settings: json!({ "grace-seconds": 60, "turn-clock": null, "hints": true, "bots": "normal" }),
            game: Some(saved_game(&["pass 0 2C 3C 4C", "pass 1 AS KS QS"])),
            seated: vec![
                Seated { seat: 0, name: "alice".into(), key: Some("SHA256:abcdef".into()) },
                Seated { seat: 2, name: "bob".into(), key: None },
            ],
        }
    }

    #[test]
    fn a_persons_look_is_kept_until_they_choose_again_and_nobody_known_keeps_none() {
        let dir = scratch("looks");
        let alice = Identity::Key("SHA256:alice".into());
        let chosen = Look { ascii: false, four_colour: true, brief: true, symbols: false };
        {
            let mut store = Store::open_in(&dir).unwrap();
            assert_eq!(store.look_of(&alice).unwrap(), Look::default());
            store.set_look(&alice, chosen).unwrap();
            store.set_look(&Identity::Anonymous, chosen).unwrap();
            assert_eq!(store.look_of(&Identity::Anonymous).unwrap(), Look::default());
        }
        let mut store = Store::open_in(&dir).unwrap();
        assert_eq!(store.look_of(&alice).unwrap(), chosen, "kept across a restart");
        assert_eq!(
            store.look_of(&Identity::Name("alice".into())).unwrap(),
            Look::default(),
            "the key's, not the name's"
        );
        store.set_look(&alice, Look::default()).unwrap();
        assert_eq!(store.look_of(&alice).unwrap(), Look::default());
        let rows: i64 = store.connection.query_row("SELECT COUNT(*) FROM looks", [], |row| row.get(0)).unwrap();
        assert_eq!(rows, 0, "the default keeps no row");
    }

    #[test]
    fn the_database_its_log_and_its_directory_are_the_owners_only() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        let dir = scratch("modes").join("hearts");
        let mut store = Store::open_in(&dir).unwrap();
        store.save_table(&table("7Q4K")).unwrap();
        assert_eq!(mode(&dir), 0o700);
        for file in ["server.sqlite3", "server.sqlite3-wal", "server.sqlite3-shm"] {
            assert_eq!(mode(&dir.join(file)), 0o600, "{file}");
        }
        drop(store);
        // A database an older server left open to everyone is narrowed when opened, and so its new log.
        std::fs::set_permissions(dir.join("server.sqlite3"), std::fs::Permissions::from_mode(0o644)).unwrap();
        let mut store = Store::open_in(&dir).unwrap();
        store.save_table(&table("Z9Z9")).unwrap();
        assert_eq!((mode(&dir.join("server.sqlite3")), mode(&dir.join("server.sqlite3-wal"))), (0o600, 0o600));
    }

    /// A hand that scored `scores`; the rest of the log is left empty.
    fn hand(number: u32, scores: &[i32]) -> HandLog {
        HandLog {
            number,
            dealer: 0,
            pass: "left".into(),
            dealt: Vec::new(),
            kitty: Vec::new(),
            stock: None,
            passed: Vec::new(),
            declarer: None,
            bids: None,
            named_suit: None,
            tricks: Vec::new(),
            points: scores.to_vec(),
            moon: None,
            scores: scores.to_vec(),
            totals: Vec::new(),
            chips: None,
        }
    }

    /// A game record made by hand: who played each seat, each hand's scores.
    fn game(players: [&str; 4], hands: &[[i32; 4]], winners: &[usize], finished: bool) -> GameRecord {
        GameRecord {
            seed: 7,
            rules: hearts_bots::config::rules_to_json(&Rules::default()),
            seats: players
                .iter()
                .enumerate()
                .map(|(seat, player)| SeatRecord { seat, name: format!("seat {seat}"), player: player.to_string() })
                .collect(),
            hands: hands.iter().zip(1..).map(|(scores, number)| hand(number, scores)).collect(),
            totals: (0..4).map(|seat| hands.iter().map(|scores| scores[seat]).sum()).collect(),
            winners: winners.to_vec(),
            finished,
        }
    }

    /// Each seat's person known by their name: `human:NAME` is `Name(NAME)`.
    fn named(record: &GameRecord) -> Vec<Identity> {
        let of =
            |player: &str| player.strip_prefix(HUMAN).map_or(Identity::Anonymous, |name| Identity::Name(name.into()));
        record.seats.iter().map(|seat| of(&seat.player)).collect()
    }

    fn name(name: &str) -> Identity {
        Identity::Name(name.into())
    }

    /// A direct connection, to look at the file without the store's help.
    fn raw(path: &Path) -> Connection {
        Connection::open(path).unwrap()
    }

    #[test]
    fn a_saved_table_reads_back_equal() {
        let mut store = Store::open_in(&scratch("read_back")).unwrap();
        let between_games = StoredTable { game: None, listed: false, ..table("Z9Z9") };
        store.save_table(&table("7Q4K")).unwrap();
        store.save_table(&between_games).unwrap();
        assert_eq!(store.tables().unwrap(), [table("7Q4K"), between_games]);
    }

    #[test]
    fn saving_a_table_again_replaces_it() {
        let dir = scratch("replace");
        let mut store = Store::open_in(&dir).unwrap();
        store.save_table(&table("7Q4K")).unwrap();
        let later = StoredTable {
            game: Some(saved_game(&["pass 0 2C 3C 4C", "pass 1 AS KS QS", "pass 2 5D 6D 7D"])),
            seated: vec![Seated { seat: 1, name: "carol".into(), key: None }],
            ..table("7Q4K")
        };
        store.save_table(&later).unwrap();
        assert_eq!(store.tables().unwrap(), [later], "one table under the code, with the latest seats");
        let seats: i64 = raw(&dir.join(FILE_NAME)).query_row("SELECT COUNT(*) FROM seats", [], |r| r.get(0)).unwrap();
        assert_eq!(seats, 1, "the earlier seats are gone");
    }

    #[test]
    fn each_save_is_committed_so_tables_survive_a_server_that_never_closed() {
        let dir = scratch("survive");
        let mut store = Store::open_in(&dir).unwrap();
        store.save_table(&table("7Q4K")).unwrap();
        store.save_table(&table("AB12")).unwrap();
        // As after kill -9: the connection is never closed and the log never checkpointed.
        std::mem::forget(store);
        let mut reopened = Store::open_in(&dir).unwrap();
        assert_eq!(reopened.tables().unwrap(), [table("7Q4K"), table("AB12")]);
    }

    #[test]
    fn a_removed_table_is_gone_with_its_seats() {
        let dir = scratch("remove");
        let mut store = Store::open_in(&dir).unwrap();
        store.save_table(&table("7Q4K")).unwrap();
        store.save_table(&table("AB12")).unwrap();
        let removed = store.write_tables(&[TableWrite::Remove("7Q4K".into())]).unwrap();
        assert!(removed.is_empty(), "nothing refused");
        assert_eq!(store.tables().unwrap(), [table("AB12")]);
        let seats: Vec<String> = raw(&dir.join(FILE_NAME))
            .prepare("SELECT DISTINCT code FROM seats")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(seats, ["AB12"]);
    }

    #[test]
    fn the_database_is_in_wal_mode() {
        let dir = scratch("wal");
        drop(Store::open_in(&dir).unwrap());
        let mode: String = raw(&dir.join(FILE_NAME)).pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
        assert_eq!(mode, "wal");
    }

    #[test]
    fn a_database_from_a_newer_hearts_is_refused() {
        let dir = scratch("newer");
        drop(Store::open_in(&dir).unwrap());
        raw(&dir.join(FILE_NAME)).pragma_update(None, "user_version", 99).unwrap();
        let error = Store::open_in(&dir).unwrap_err();
        assert!(matches!(error, StoreError::Newer { found: 99, known: 5, .. }), "{error}");
        assert!(error.to_string().contains("newer hearts"), "{error}");
        let version: i64 = raw(&dir.join(FILE_NAME)).pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        assert_eq!(version, 99, "the file is left as it was");
    }

    #[test]
    fn a_file_that_is_not_a_database_is_reported_and_kept() {
        let dir = scratch("garbage");
        let garbage = "these are not the pages of a database\n".repeat(200);
        std::fs::write(dir.join(FILE_NAME), &garbage).unwrap();
        let error = Store::open_in(&dir).unwrap_err();
        assert!(matches!(error, StoreError::NotADatabase { .. }), "{error}");
        assert!(error.to_string().contains("not a SQLite database"), "{error}");
        assert_eq!(std::fs::read_to_string(dir.join(FILE_NAME)).unwrap(), garbage);
    }

    #[test]
    fn an_exported_game_is_a_record_line_that_replays() {
        let dir = scratch("export");
        let mut store = Store::open_in(&dir).unwrap();
        let rules = Rules { target_score: 20, ..Rules::default() };
        let played: Vec<GameRecord> = (5..7)
            .map(|seed| {
                hearts_bots::record::bot_game(rules, seed, |_| Level::Easy, &["human:alice", "easy", "easy", "easy"])
            })
            .collect();
        for record in &played {
            store.add_game(record, "standard", &named(record), None).unwrap();
        }
        let file = dir.join("export.jsonl");
        assert_eq!(store.export(&file).unwrap(), 2);
        let text = std::fs::read_to_string(&file).unwrap();
        let records: Vec<GameRecord> = text.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
        assert_eq!(records, played, "one line a game, oldest first");
        for record in &records {
            record.replay().unwrap();
        }
    }

    #[test]
    fn exporting_a_server_that_never_ran_writes_no_games_and_makes_no_database() {
        let dir = scratch("export_empty");
        let file = dir.join("export.jsonl");
        assert_eq!(export_games(&dir, &file).unwrap(), 0);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "");
        assert!(!dir.join(FILE_NAME).exists());
    }

    #[test]
    fn an_export_is_its_owners_only_new_or_written_over() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        let dir = scratch("export_mode");
        let mut store = Store::open_in(&dir).unwrap();
        store.save_table(&table("7Q4K")).unwrap();
        let (fresh, older) = (dir.join("fresh.jsonl"), dir.join("older.jsonl"));
        std::fs::write(&older, "old").unwrap();
        std::fs::set_permissions(&older, std::fs::Permissions::from_mode(0o644)).unwrap();
        for file in [&fresh, &older] {
            export_games(&dir, file).unwrap();
            assert_eq!(mode(file.as_path()), 0o600, "{}", file.display());
        }
        let empty = scratch("export_mode_empty").join("games.jsonl");
        export_games(&scratch("export_mode_none"), &empty).unwrap();
        assert_eq!(mode(&empty), 0o600);
    }

    #[test]
    fn exporting_over_the_database_is_refused() {
        let dir = scratch("export_over");
        let mut store = Store::open_in(&dir).unwrap();
        store.save_table(&table("7Q4K")).unwrap();
        let error = export_games(&dir, &dir.join(".").join(FILE_NAME)).unwrap_err();
        assert!(matches!(error, StoreError::ExportOverDatabase { .. }), "{error}");
        assert_eq!(store.tables().unwrap(), [table("7Q4K")]);
    }

    #[test]
    fn records_per_preset_count_games_wins_and_points_per_hand() {
        let mut store = Store::open_in(&scratch("records")).unwrap();
        // Alice wins a finished standard game: 5 + 0 points over 2 hands; Bob takes 13 + 0.
        let first = game(["human:alice", "easy", "human:bob", "easy"], &[[5, 0, 13, 8], [0, 26, 0, 0]], &[0], true);
        // Alice in seat 1 of another standard game, lost: 2 points in 1 hand.
        let second = game(["easy", "human:alice", "easy", "easy"], &[[1, 2, 3, 20]], &[0], true);
        // An abandoned omnibus game: Alice leads, but an unfinished game is no win. 10 points in 1 hand.
        let third = game(["human:alice", "easy", "easy", "easy"], &[[10, 6, 0, 10]], &[0], false);
        store.add_game(&first, "standard", &named(&first), None).unwrap();
        store.add_game(&second, "standard", &named(&second), None).unwrap();
        store.add_game(&third, "omnibus", &named(&third), None).unwrap();

        let alice = store.records_of(&name("alice")).unwrap();
        assert_eq!(
            alice,
            [
                PlayerRecord { label: "omnibus".into(), games: 1, wins: 0, hands: 1, points: 10 },
                PlayerRecord { label: "standard".into(), games: 2, wins: 1, hands: 3, points: 7 },
            ]
        );
        assert_eq!(alice[0].points_per_hand(), Some(10.0));
        assert!((alice[1].points_per_hand().unwrap() - 7.0 / 3.0).abs() < 1e-12);
        let bob = store.records_of(&name("bob")).unwrap();
        assert_eq!(bob, [PlayerRecord { label: "standard".into(), games: 1, wins: 0, hands: 2, points: 13 }]);
        assert_eq!(bob[0].points_per_hand(), Some(6.5));
        assert_eq!(store.records_of(&name("carol")).unwrap(), []);
        assert_eq!(store.records_of(&name("easy")).unwrap(), [], "bots are nobody's record");
        assert_eq!(store.records_of(&Identity::Anonymous).unwrap(), [], "nobody known has no record");
    }

    #[test]
    fn a_persons_games_come_newest_first_and_only_the_recent_ones() {
        let mut store = Store::open_in(&scratch("games_of")).unwrap();
        let mut ids = Vec::new();
        for seed in 0..RECENT_GAMES as u64 + 2 {
            let played = GameRecord { seed, ..game(["human:alice", "easy", "easy", "easy"], &[], &[0], false) };
            ids.push(store.add_game(&played, "standard", &named(&played), None).unwrap());
        }
        let theirs = game(["easy", "easy", "human:bob", "easy"], &[[0, 0, 26, 0]], &[0], true);
        let bobs = store.add_game(&theirs, "omnibus", &named(&theirs), None).unwrap();

        let alice = store.games_of(&name("alice")).unwrap();
        let seeds: Vec<u64> = alice.iter().map(|played| played.record.seed).collect();
        let newest: Vec<u64> = (2..RECENT_GAMES as u64 + 2).rev().collect();
        assert_eq!(seeds, newest);
        assert_eq!(alice[0].id, *ids.last().unwrap());
        let bob = store.games_of(&name("bob")).unwrap();
        assert_eq!(bob.len(), 1);
        assert_eq!(
            (bob[0].id, bob[0].label.as_str(), &bob[0].record, bob[0].seat),
            (bobs, "omnibus", &theirs, Some(2))
        );
        assert_eq!(store.game(bobs).unwrap(), Some(PlayedGame { seat: None, ..bob[0].clone() }));
        assert_eq!(store.game_of(bobs, &name("bob")).unwrap(), Some(bob[0].clone()));
        assert_eq!(store.game_of(bobs, &name("alice")).unwrap(), None, "not alice's game");
        assert_eq!(store.game(bobs + 1).unwrap(), None);
    }

    #[test]
    fn a_persons_games_are_found_by_who_they_are_not_by_the_name_shown() {
        let mut store = Store::open_in(&scratch("by_identity")).unwrap();
        let alices_key = Identity::Key("SHA256:alice".into());
        // Two people shown as "alice" in different games: one with a key, one without.
        let keyed = game(["human:alice", "easy", "easy", "easy"], &[[5, 7, 7, 7]], &[0], true);
        let named_only = game(["easy", "human:alice", "easy", "easy"], &[[13, 13, 0, 0]], &[2], true);
        let keyed_id = store.add_game(&keyed, "standard", std::slice::from_ref(&alices_key), None).unwrap();
        let named_id = store.add_game(&named_only, "standard", &named(&named_only), None).unwrap();
        let ids = |games: Vec<PlayedGame>| games.iter().map(|game| (game.id, game.seat)).collect::<Vec<_>>();
        assert_eq!(ids(store.games_of(&alices_key).unwrap()), [(keyed_id, Some(0))]);
        assert_eq!(ids(store.games_of(&name("alice")).unwrap()), [(named_id, Some(1))]);
        assert_eq!(store.records_of(&alices_key).unwrap()[0].wins, 1);
        assert_eq!(store.records_of(&name("alice")).unwrap()[0].wins, 0);
        assert_eq!(store.game_of(keyed_id, &name("alice")).unwrap(), None, "the name does not open the key's game");
        // A seat of a person nobody knows is in the game, in nobody's list.
        let stranger = game(["human:guest", "easy", "easy", "easy"], &[[1, 2, 3, 20]], &[0], true);
        let strangers = store.add_game(&stranger, "standard", &[Identity::Anonymous], None).unwrap();
        assert_eq!(store.games_of(&name("guest")).unwrap(), []);
        assert!(store.game(strangers).unwrap().is_some());
    }

    #[test]
    fn each_person_keeps_their_newest_games_and_a_game_nobody_keeps_goes() {
        let dir = scratch("bounded");
        let mut store = Store::open_in(&dir).unwrap();
        let (alice, bob) = (Identity::Key("SHA256:alice".into()), name("bob"));
        let mut ids = Vec::new();
        for seed in 0..KEPT_PER_PERSON as u64 + 3 {
            // Bob sits in the first game only.
            let players = if seed == 0 {
                ["human:alice", "human:bob", "easy", "easy"]
            } else {
                ["human:alice", "easy", "easy", "easy"]
            };
            let played = GameRecord { seed, ..game(players, &[[1, 1, 1, 23]], &[0], true) };
            ids.push(store.add_game(&played, "standard", &[alice.clone(), bob.clone()], None).unwrap());
        }
        let records = store.records_of(&alice).unwrap();
        assert_eq!(records[0].games as usize, KEPT_PER_PERSON, "her record counts the games kept");
        assert!(store.game_of(ids[0], &alice).unwrap().is_none(), "her oldest games left her list");
        assert!(store.game_of(ids[3], &alice).unwrap().is_some());
        assert!(store.game(ids[0]).unwrap().is_some(), "bob's list still holds the first game");
        assert_eq!(store.games_of(&bob).unwrap().len(), 1);
        assert_eq!(store.game(ids[1]).unwrap(), None, "a game nobody's list holds is dropped");
        assert_eq!(store.game(ids[2]).unwrap(), None);
        let games: i64 = raw(&dir.join(FILE_NAME)).query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0)).unwrap();
        assert_eq!(games as usize, KEPT_PER_PERSON + 1);
    }

    #[test]
    fn past_the_ceiling_in_all_the_oldest_games_go_keyless_ones_included() {
        let dir = scratch("ceiling");
        let mut store = Store::open_in(&dir).unwrap();
        store.kept_in_all = 5;
        let alice = Identity::Key("SHA256:alice".into());
        let mut ids = Vec::new();
        for seed in 0..8 {
            // Keyless strangers' games, in no one's list, and one of alice's among them.
            let (players, who) = match seed {
                3 => (["human:alice", "easy", "easy", "easy"], vec![alice.clone()]),
                _ => (["human:guest", "easy", "easy", "easy"], vec![Identity::Anonymous]),
            };
            let played = GameRecord { seed, ..game(players, &[[1, 1, 1, 23]], &[0], true) };
            ids.push(store.add_game(&played, "standard", &who, None).unwrap());
        }
        let games: i64 = raw(&dir.join(FILE_NAME)).query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0)).unwrap();
        assert_eq!(games, 5);
        assert_eq!(store.game(ids[2]).unwrap(), None, "the oldest went first");
        assert!(store.game(ids[3]).unwrap().is_some() && store.game(ids[7]).unwrap().is_some());
        assert_eq!(store.records_of(&alice).unwrap()[0].games, 1);
    }

    #[test]
    fn one_networks_games_past_its_ceiling_go_oldest_first_and_no_one_elses() {
        let dir = scratch("network-ceiling");
        let mut store = Store::open_in(&dir).unwrap();
        store.kept_per_network = 3;
        let (rotating, friends): (IpAddr, IpAddr) = ("198.51.100.0".parse().unwrap(), "203.0.113.0".parse().unwrap());
        let friends_game =
            GameRecord { seed: 99, ..game(["human:amy", "easy", "easy", "easy"], &[[1, 1, 1, 23]], &[0], true) };
        let kept = store.add_game(&friends_game, "standard", &[Identity::Anonymous], Some(friends)).unwrap();
        let mut ids = Vec::new();
        for seed in 0..6 {
            // A new name each game, from one network.
            let named = format!("human:n{seed}");
            let played =
                GameRecord { seed, ..game([named.as_str(), "easy", "easy", "easy"], &[[1, 1, 1, 23]], &[0], true) };
            ids.push(store.add_game(&played, "standard", &[Identity::Anonymous], Some(rotating)).unwrap());
        }
        assert!(ids[..3].iter().all(|&id| store.game(id).unwrap().is_none()), "the network's oldest went");
        assert!(ids[3..].iter().all(|&id| store.game(id).unwrap().is_some()), "its newest three stay");
        assert!(store.game(kept).unwrap().is_some(), "another network's game stays");
    }

    #[test]
    fn a_database_of_the_first_schema_is_brought_up_to_date_and_keeps_its_games() {
        let dir = scratch("migrate");
        let path = dir.join(FILE_NAME);
        let record = game(["human:alice", "easy", "easy", "easy"], &[[1, 2, 3, 20]], &[0], true);
        {
            let old = raw(&path);
            old.execute_batch(MIGRATIONS[0]).unwrap();
            old.pragma_update(None, "user_version", 1).unwrap();
            let text = serde_json::to_string(&record).unwrap();
            old.execute("INSERT INTO games (label, played_at, record) VALUES ('standard', 0, ?1)", [text]).unwrap();
            old.execute("INSERT INTO players (game, name, won, points, hands) VALUES (1, 'alice', 1, 1, 1)", [])
                .unwrap();
            old.execute("INSERT INTO tables (code, listed, settings) VALUES ('7Q4K', 1, '{}')", []).unwrap();
            old.execute("INSERT INTO seats (code, seat, name, key) VALUES ('7Q4K', 0, 'bob', NULL)", []).unwrap();
        }
        let mut store = Store::open_in(&dir).unwrap();
        let version: i64 = raw(&path).pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        assert_eq!(version, MIGRATIONS.len() as i64);
        assert_eq!(store.game(1).unwrap().map(|game| game.record), Some(record.clone()), "the game is kept");
        assert_eq!(store.games_of(&name("alice")).unwrap(), [], "but it knows no one: a name does not claim it");
        let seated = &store.tables().unwrap()[0].seated;
        assert_eq!(seated, &[Seated { seat: 0, name: "bob".into(), key: None }]);
        let file = dir.join("export.jsonl");
        assert_eq!(store.export(&file).unwrap(), 1);
        // And the next game of hers is hers.
        store.add_game(&record, "standard", &[name("alice")], None).unwrap();
        assert_eq!(store.games_of(&name("alice")).unwrap().len(), 1);
    }

    #[test]
    fn names_are_values_never_sql() {
        let dir = scratch("quoting");
        let mut store = Store::open_in(&dir).unwrap();
        let name = "x'); DROP TABLE games; --";
        let played = game([&format!("human:{name}"), "easy", "easy", "easy"], &[[1, 2, 3, 20]], &[0], true);
        store.add_game(&played, "standard", &named(&played), None).unwrap();
        let odd = StoredTable { seated: vec![Seated { seat: 0, name: name.into(), key: None }], ..table("'--") };
        store.save_table(&odd).unwrap();
        assert_eq!(store.games_of(&Identity::Name(name.into())).unwrap()[0].record, played);
        assert_eq!(store.tables().unwrap(), [odd]);
    }

    #[test]
    fn oversized_values_and_impossible_seats_are_refused_before_anything_is_written() {
        let mut store = Store::open_in(&scratch("bounds")).unwrap();
        let long_name = "n".repeat(MAX_NAME + 1);
        let seated = |seat, name: &str| vec![Seated { seat, name: name.into(), key: None }];
        let refused = [
            StoredTable { code: "C".repeat(MAX_CODE + 1), ..table("7Q4K") },
            StoredTable { seated: seated(0, &long_name), ..table("7Q4K") },
            StoredTable { seated: seated(MAX_PLAYERS, "alice"), ..table("7Q4K") },
            StoredTable { seated: [seated(1, "alice"), seated(1, "bob")].concat(), ..table("7Q4K") },
            StoredTable { settings: json!("s".repeat(MAX_SETTINGS)), ..table("7Q4K") },
        ];
        for table in &refused {
            assert!(store.save_table(table).is_err(), "{table:?}");
        }
        let name_too_long = game([&format!("human:{long_name}"), "easy", "easy", "easy"], &[], &[0], false);
        let refused = store.add_game(&name_too_long, "standard", &named(&name_too_long), None);
        assert!(matches!(refused, Err(StoreError::TooLong { .. })));
        let long_label = "L".repeat(MAX_LABEL + 1);
        assert!(matches!(
            store.add_game(&game(["easy"; 4], &[], &[0], false), &long_label, &[], None),
            Err(StoreError::TooLong { .. })
        ));
        assert_eq!(store.tables().unwrap(), []);
        assert_eq!(store.game(1).unwrap(), None);
    }
}
