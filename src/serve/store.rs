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
//!
//! Here: the schema, opening and migrating, the checks on what is written,
//! and how each person sees the cards. The tables' saves are in `tables`,
//! the games and records in `games`, the export in `export`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OptionalExtension, TransactionBehavior, params};

use super::identity::Identity;
use hearts_bots::record::GameRecord;
use hearts_engine::MAX_PLAYERS;
use hearts_table::saved::SavedGame;

mod export;
mod games;
mod tables;

pub use export::export_games;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Scratch;
    use hearts_bots::players::Level;
    use hearts_bots::record::{HandLog, SeatRecord};
    use hearts_engine::Rules;
    use serde_json::json;
    use std::net::IpAddr;

    fn scratch(name: &str) -> Scratch {
        Scratch::made(&format!("server-store-{name}"))
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
        let scratch = scratch("modes");
        let dir = scratch.join("hearts");
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
        let dir = scratch("read_back");
        let mut store = Store::open_in(&dir).unwrap();
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
                hearts_bots::testing::bot_game(rules, seed, |_| Level::Easy, &["human:alice", "easy", "easy", "easy"])
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
        let (empty_dir, none) = (scratch("export_mode_empty"), scratch("export_mode_none"));
        let empty = empty_dir.join("games.jsonl");
        export_games(&none, &empty).unwrap();
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
        let dir = scratch("records");
        let mut store = Store::open_in(&dir).unwrap();
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
        let dir = scratch("games_of");
        let mut store = Store::open_in(&dir).unwrap();
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
        let dir = scratch("by_identity");
        let mut store = Store::open_in(&dir).unwrap();
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
        let dir = scratch("bounds");
        let mut store = Store::open_in(&dir).unwrap();
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
