//! Writes the tables to the database on a thread of its own, so that no
//! table waits on another's write (SQLite takes one writer at a time). A
//! table hands over its state after each trick; what waits is the newest
//! state of each table, and each turn of the writer saves all of it in
//! one transaction.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;

use super::store::{Store, StoredTable, TableWrite};

/// The tables' writer.
pub(super) struct Saver {
    shared: Arc<Shared>,
    writer: Mutex<Option<JoinHandle<()>>>,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    /// Wakes the writer when something waits, and whoever waits for the
    /// writer to be done.
    changed: Condvar,
}

#[derive(Default)]
struct State {
    /// The newest write of each table, by code, and the order they came in.
    waiting: HashMap<String, TableWrite>,
    order: Vec<String>,
    /// Why a table's last write failed, until the table hears it.
    failures: HashMap<String, String>,
    /// No more writes come: the writer ends once `waiting` is empty.
    finished: bool,
}

impl Saver {
    /// A writer into `store`.
    pub(super) fn start(mut store: Store) -> std::io::Result<Saver> {
        let shared = Arc::new(Shared::default());
        let writer = Arc::clone(&shared);
        let thread = std::thread::Builder::new().name("saver".into()).spawn(move || {
            while let Some(writes) = writer.next() {
                let codes: Vec<String> = writes.iter().map(code_of).collect();
                let failed = store.write_tables(&writes).err().map(|error| error.to_string());
                writer.done(codes, failed);
            }
        })?;
        Ok(Saver { shared, writer: Mutex::new(Some(thread)) })
    }

    /// Saves `table` as it is, in place of any state of it still waiting;
    /// why its last write failed, if it did.
    pub(super) fn save(&self, table: StoredTable) -> Option<String> {
        let code = table.code.clone();
        self.shared.put(code, TableWrite::Save(table))
    }

    /// Forgets the table `code`, after anything of it still waiting.
    pub(super) fn remove(&self, code: &str) {
        self.shared.put(code.to_string(), TableWrite::Remove(code.to_string()));
    }

    /// Writes everything waiting, then stops the writer.
    pub(super) fn finish(&self) {
        self.shared.lock().finished = true;
        self.shared.changed.notify_all();
        let thread = self.writer.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(thread) = thread {
            let _ = thread.join();
        }
    }
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn put(&self, code: String, write: TableWrite) -> Option<String> {
        let mut state = self.lock();
        if state.waiting.insert(code.clone(), write).is_none() {
            state.order.push(code.clone());
        }
        let failure = state.failures.remove(&code);
        drop(state);
        self.changed.notify_all();
        failure
    }

    /// The writes waiting, oldest table first, once there are any; `None`
    /// once finished with nothing left.
    fn next(&self) -> Option<Vec<TableWrite>> {
        let mut state = self.lock();
        loop {
            if !state.order.is_empty() {
                let order = std::mem::take(&mut state.order);
                return Some(order.iter().filter_map(|code| state.waiting.remove(code)).collect());
            }
            if state.finished {
                return None;
            }
            state = self.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn done(&self, codes: Vec<String>, failed: Option<String>) {
        if let Some(why) = failed {
            let mut state = self.lock();
            for code in codes {
                state.failures.insert(code, why.clone());
            }
        }
    }
}

/// The table a write is of.
fn code_of(write: &TableWrite) -> String {
    match write {
        TableWrite::Save(table) => table.code.clone(),
        TableWrite::Remove(code) => code.clone(),
    }
}
