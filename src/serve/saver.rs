//! Writes the tables to the database on a thread of its own, so that no
//! table waits on another's write (SQLite takes one writer at a time). A
//! table hands over its state after each trick; what waits is the newest
//! state of each table, and each turn of the writer saves all of it in
//! one transaction.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use super::store::{Store, StoreError, StoredTable, TableWrite};

/// The first wait before writing again after the database failed.
const RETRY_FIRST: Duration = Duration::from_millis(100);
/// The longest wait between tries.
const RETRY_MOST: Duration = Duration::from_secs(10);

/// The tables' writer.
pub(super) struct Saver {
    shared: Arc<SaverQueue>,
    writer: Mutex<Option<JoinHandle<()>>>,
}

#[derive(Default)]
struct SaverQueue {
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
    failures: HashMap<String, Arc<StoreError>>,
    /// No more writes come: the writer ends once `waiting` is empty.
    finished: bool,
    /// The writer is writing what it last took.
    writing: bool,
}

impl Saver {
    /// A writer into `store`.
    pub(super) fn start(mut store: Store) -> std::io::Result<Saver> {
        let shared = Arc::new(SaverQueue::default());
        let writer = Arc::clone(&shared);
        let thread = std::thread::Builder::new().name("saver".into()).spawn(move || {
            let mut retry = RETRY_FIRST;
            while let Some(writes) = writer.next() {
                match store.write_tables(&writes) {
                    Ok(refused) => {
                        writer.failed(refused.into_iter().map(|(code, why)| (code, Arc::new(why))).collect());
                        writer.written();
                        retry = RETRY_FIRST;
                    }
                    Err(failed) => {
                        // The database failed (a full disk, say): the writes wait again, unless newer ones came.
                        let failed = Arc::new(failed);
                        writer.failed(writes.iter().map(|write| (code_of(write), Arc::clone(&failed))).collect());
                        writer.again(writes);
                        writer.written();
                        std::thread::sleep(retry);
                        retry = (retry * 2).min(RETRY_MOST);
                    }
                }
            }
        })?;
        Ok(Saver { shared, writer: Mutex::new(Some(thread)) })
    }

    /// Saves `table` as it is, in place of any state of it still waiting;
    /// why its last write failed, if it did.
    pub(super) fn save(&self, table: StoredTable) -> Option<Arc<StoreError>> {
        let code = table.code.clone();
        self.shared.put(code, TableWrite::Save(Box::new(table)))
    }

    /// Saves `table` as it is and waits until it is written: a table
    /// being opened is in the database before anyone is told its code.
    pub(super) fn save_now(&self, table: StoredTable) -> Option<Arc<StoreError>> {
        let code = table.code.clone();
        let earlier = self.save(table);
        let mut state = self.shared.lock();
        // Written, or failed (it is tried again later, but the table is not held up for it).
        while (state.waiting.contains_key(&code) || state.writing) && !state.failures.contains_key(&code) {
            state = self.shared.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
        earlier.or_else(|| state.failures.remove(&code))
    }

    /// Forgets the table `code`, after anything of it still waiting (and
    /// why its last write failed: nobody is left to hear it).
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

impl SaverQueue {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn put(&self, code: String, write: TableWrite) -> Option<Arc<StoreError>> {
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
                state.writing = true;
                return Some(order.iter().filter_map(|code| state.waiting.remove(code)).collect());
            }
            if state.finished {
                return None;
            }
            state = self.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// The writer is done with what it took.
    fn written(&self) {
        self.lock().writing = false;
        self.changed.notify_all();
    }

    /// Puts back writes that failed, each unless a newer one of its table
    /// waits (the writer tries them again). Once finished, they are given up.
    fn again(&self, writes: Vec<TableWrite>) {
        let mut state = self.lock();
        if state.finished {
            return;
        }
        for write in writes {
            let code = code_of(&write);
            if !state.waiting.contains_key(&code) {
                state.waiting.insert(code.clone(), write);
                state.order.push(code);
            }
        }
    }

    /// Keeps why these tables' writes failed, for each table to hear.
    fn failed(&self, failures: Vec<(String, Arc<StoreError>)>) {
        if !failures.is_empty() {
            self.lock().failures.extend(failures);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::store::Seated;
    use crate::testing::Scratch;

    fn table(code: &str, note: &str) -> StoredTable {
        StoredTable {
            code: code.into(),
            listed: true,
            settings: serde_json::json!({ "note": note }),
            game: None,
            seated: vec![Seated { seat: 0, name: "alice".into(), key: None }],
        }
    }

    fn note_of(stored: &[StoredTable], code: &str) -> Option<String> {
        let table = stored.iter().find(|table| table.code == code)?;
        table.settings["note"].as_str().map(str::to_string)
    }

    #[test]
    fn each_table_is_written_as_last_handed_over_and_a_removal_after_its_saves_wins() {
        let dir = Scratch::new("saver");
        let saver = Saver::start(Store::open_in(&dir).unwrap()).unwrap();
        for n in 0..50 {
            assert!(saver.save(table("AAAA", &format!("trick {n}"))).is_none());
        }
        assert!(saver.save(table("BBBB", "kept")).is_none());
        assert!(saver.save(table("CCCC", "soon gone")).is_none());
        saver.remove("CCCC");
        saver.finish();
        let stored = Store::open_in(&dir).unwrap().tables().unwrap();
        assert_eq!(note_of(&stored, "AAAA").as_deref(), Some("trick 49"), "the newest state of each table");
        assert_eq!(note_of(&stored, "BBBB").as_deref(), Some("kept"));
        assert_eq!(note_of(&stored, "CCCC"), None, "removed after its save");
    }

    #[test]
    fn a_table_refused_is_told_so_at_its_next_save_and_the_others_are_written() {
        let dir = Scratch::new("saver-refused");
        let saver = Saver::start(Store::open_in(&dir).unwrap()).unwrap();
        let mut huge = table("HUGE", "");
        huge.settings = serde_json::json!({ "note": "x".repeat(100_000) });
        assert!(saver.save(huge).is_none());
        assert!(saver.save(table("FINE", "written")).is_none());
        // The writer takes what waits at once; wait for it to have tried the two.
        let tried = || saver.shared.lock().failures.contains_key("HUGE");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !tried() && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let told = saver.save(table("HUGE", "small now"));
        assert!(told.is_some_and(|why| why.to_string().contains("settings")), "the refusal is heard");
        saver.finish();
        let stored = Store::open_in(&dir).unwrap().tables().unwrap();
        assert_eq!(note_of(&stored, "FINE").as_deref(), Some("written"));
        assert_eq!(note_of(&stored, "HUGE").as_deref(), Some("small now"));
    }
}
