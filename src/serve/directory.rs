//! The server's tables: opened under a fresh code (or taken up from the
//! database), found by code, listed, and closed when they say so. Each
//! lobby is told when any table changes, so none polls.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::thread::JoinHandle;
use std::time::Duration;

use hearts_table::pool::Pool;

use super::limits::{TABLES_PER_NETWORK, network};
use super::saver::Saver;
use super::session::Screen;
use super::store::StoredTable;
use super::table::{self, Opening, StartError, TableHandle, TableNews, TableServices, ToTable};
use crate::lobby::TableSummary;

/// How long the server waits for its tables to end as it stops.
const STOP_TIME: Duration = Duration::from_secs(5);

/// Why a table was not opened.
#[derive(Debug, thiserror::Error)]
pub(super) enum OpenError {
    /// The server has all the tables it holds.
    #[error("the server has its {0} tables; try again when one closes")]
    Full(usize),
    /// The opener's network has as many tables open as one may.
    #[error("your network has {0} open, the most one network may")]
    Network(usize),
    /// This person has as many tables open as each may.
    #[error("you have {0} open, the most one person may")]
    Yours(usize),
    /// The table could not start (its database, its thread, a stored game that does not replay).
    #[error("{0}")]
    Failed(#[from] StartError),
    /// A thread failed while it held the list of tables.
    #[error("the list of tables is not readable")]
    Unreadable,
    /// The person's session ended before the table opened.
    #[error("the session has ended")]
    Ended,
}

/// How many tables the directory holds.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bounds {
    /// In all.
    pub(super) tables: usize,
    /// Opened by one person.
    pub(super) per_person: usize,
    /// How long a table opened by a person stays open with nobody there.
    pub(super) close_after: Duration,
}

/// What a lobby watching the directory is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum News {
    /// A table opened or changed.
    TablesChanged,
    /// A table closed: its unfinished game may now be among someone's games.
    TableClosed,
    /// A game was kept: someone's games and record changed.
    GameKept,
    /// The server stops.
    ServerStops,
}

/// Told whenever a table opens, changes or closes, and when the server stops.
type Watcher = Box<dyn Fn(News) + Send>;

/// The server's tables, by code.
pub(super) struct Directory {
    tables: Mutex<HashMap<String, TableHandle>>,
    /// The tables' threads, to join as the server stops (those of tables
    /// closed since are let go as new ones open).
    threads: Mutex<Vec<JoinHandle<()>>>,
    watchers: Mutex<HashMap<u64, Watcher>>,
    next_watcher: AtomicU64,
    bounds: Bounds,
    /// The data directory, where each table saves itself.
    dir: PathBuf,
    /// The bots' searches and the hints of every table.
    pool: Arc<Pool>,
    /// The tables' writer to the database.
    saver: Arc<Saver>,
    /// Where a person who leaves a table goes: their lobby.
    leave: Arc<dyn Fn(Screen, Option<String>) + Send + Sync>,
    /// Itself, for the tables to tell it their news.
    this: Weak<Directory>,
}

impl Directory {
    /// A directory with no tables yet; a person who leaves a table is
    /// handed to `leave`.
    pub(super) fn new(
        bounds: Bounds,
        dir: PathBuf,
        (pool, saver): (Arc<Pool>, Arc<Saver>),
        leave: Arc<dyn Fn(Screen, Option<String>) + Send + Sync>,
    ) -> Arc<Directory> {
        Arc::new_cyclic(|this| Directory {
            tables: Mutex::default(),
            threads: Mutex::default(),
            watchers: Mutex::default(),
            next_watcher: AtomicU64::new(0),
            bounds,
            dir,
            pool,
            saver,
            leave,
            this: this.clone(),
        })
    }

    /// The table with this code.
    pub(super) fn get(&self, code: &str) -> Option<TableHandle> {
        self.tables.lock().ok()?.get(code).cloned()
    }

    /// Every table as the lobby shows it, by code.
    pub(super) fn summaries(&self) -> Vec<TableSummary> {
        let lines: Vec<TableHandle> =
            self.tables.lock().map(|tables| tables.values().cloned().collect()).unwrap_or_default();
        let mut summaries: Vec<TableSummary> = lines.iter().map(TableHandle::summary).collect();
        summaries.sort_by(|a, b| a.code.cmp(&b.code));
        summaries
    }

    /// Opens a table under a fresh code of `code_length`, or takes up a
    /// stored one under its own. A table opened by a person counts
    /// against their bound.
    pub(super) fn open(
        &self,
        opening: Opening,
        stored: Option<&StoredTable>,
        code_length: usize,
    ) -> Result<TableHandle, OpenError> {
        let mut tables = self.tables.lock().map_err(|_| OpenError::Unreadable)?;
        if tables.len() >= self.bounds.tables {
            return Err(OpenError::Full(self.bounds.tables));
        }
        if stored.is_none()
            && let Some(opener) = &opening.opener
        {
            let theirs = tables.values().filter(|line| line.summary().opener.as_ref() == Some(opener)).count();
            if theirs >= self.bounds.per_person {
                return Err(OpenError::Yours(theirs));
            }
        }
        if stored.is_none()
            && let Some(from) = opening.from.map(network)
        {
            let there = tables.values().filter(|line| line.from == Some(from)).count();
            if there >= TABLES_PER_NETWORK {
                return Err(OpenError::Network(there));
            }
        }
        let code = match stored {
            Some(stored) => stored.code.clone(),
            None => std::iter::repeat_with(|| super::table_code(code_length))
                .find(|code| !tables.contains_key(code))
                .unwrap_or_default(),
        };
        let this = self.this.clone();
        let around = TableServices {
            dir: self.dir.clone(),
            pool: Arc::clone(&self.pool),
            saver: Arc::clone(&self.saver),
            leave: Arc::clone(&self.leave),
            news: Arc::new(move |news| {
                if let Some(directory) = this.upgrade() {
                    directory.heard(news);
                }
            }),
            close_after: self.bounds.close_after,
        };
        let (line, thread) = table::open(code.clone(), opening, stored, around)?;
        tables.insert(code, line.clone());
        drop(tables);
        if let Ok(mut threads) = self.threads.lock() {
            threads.retain(|thread| !thread.is_finished());
            threads.push(thread);
        }
        self.tell(News::TablesChanged);
        Ok(line)
    }

    /// Tells `watcher` of every change from now on, until
    /// [`Directory::unwatch`] with the number returned.
    pub(super) fn watch(&self, watcher: Watcher) -> u64 {
        let number = self.next_watcher.fetch_add(1, Ordering::SeqCst);
        if let Ok(mut watchers) = self.watchers.lock() {
            watchers.insert(number, watcher);
        }
        number
    }

    /// Stops telling watcher `number`.
    pub(super) fn unwatch(&self, number: u64) {
        if let Ok(mut watchers) = self.watchers.lock() {
            watchers.remove(&number);
        }
    }

    /// Tells every table and every lobby the server stops, and waits
    /// for each table to have handed its last state to the saver and
    /// ended.
    pub(super) fn stop(&self) {
        let tables: Vec<TableHandle> =
            self.tables.lock().map(|tables| tables.values().cloned().collect()).unwrap_or_default();
        for table in &tables {
            let _ = table.sender.send(ToTable::Stop);
        }
        self.tell(News::ServerStops);
        let threads = self.threads.lock().map(|mut threads| std::mem::take(&mut *threads)).unwrap_or_default();
        // A table stuck on something is not waited for past this: the server still exits.
        let deadline = std::time::Instant::now() + STOP_TIME;
        while threads.iter().any(|thread| !thread.is_finished()) && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        for thread in threads.into_iter().filter(JoinHandle::is_finished) {
            let _ = thread.join();
        }
    }

    fn heard(&self, news: TableNews) {
        match news {
            TableNews::Changed => self.tell(News::TablesChanged),
            TableNews::GameKept => self.tell(News::GameKept),
            TableNews::Closed(code) => {
                if let Ok(mut tables) = self.tables.lock() {
                    tables.remove(&code);
                }
                self.tell(News::TableClosed);
            }
        }
    }

    fn tell(&self, told: News) {
        if let Ok(watchers) = self.watchers.lock() {
            for watcher in watchers.values() {
                watcher(told);
            }
        }
    }
}
