//! A fixed set of worker threads for the searches a table asks for (the
//! bots' decisions, hints), so that a server's work is bounded by its
//! cores, not by how many tables or people ask at once. A panic in a job
//! is caught there and reported; it never ends the program.

use std::cell::Cell;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};

type Job = Box<dyn FnOnce() + Send>;

/// Worker threads taking jobs in turn.
#[derive(Debug)]
pub struct Pool {
    sender: Mutex<Sender<Job>>,
    /// Jobs given and not yet finished.
    busy: Arc<AtomicUsize>,
    workers: usize,
}

/// A job refused because too many wait already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Busy;

impl Pool {
    /// A pool of `workers` threads (at least one), named after `name`.
    pub fn new(workers: usize, name: &str) -> Pool {
        let workers = workers.max(1);
        let (sender, receiver) = std::sync::mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        let busy = Arc::new(AtomicUsize::new(0));
        for number in 0..workers {
            let receiver = Arc::clone(&receiver);
            let busy = Arc::clone(&busy);
            // Without a thread the pool has fewer workers; with none, jobs wait unanswered, which the table reports.
            let _ = std::thread::Builder::new().name(format!("{name} {number}")).spawn(move || work(&receiver, &busy));
        }
        Pool { sender: Mutex::new(sender), busy, workers }
    }

    /// A pool with a worker for each core.
    pub fn for_cores(name: &str) -> Pool {
        Pool::new(std::thread::available_parallelism().map_or(1, usize::from), name)
    }

    /// Runs `job` when a worker is free.
    pub fn run(&self, job: impl FnOnce() + Send + 'static) {
        self.busy.fetch_add(1, Ordering::SeqCst);
        let sent = self.sender.lock().map(|sender| sender.send(Box::new(job)).is_ok()).unwrap_or(false);
        if !sent {
            self.busy.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Runs `job` unless `per_worker` jobs for each worker are given and
    /// unfinished already: work that may be refused (a hint) is refused
    /// before it makes the rest wait.
    pub fn try_run(&self, per_worker: usize, job: impl FnOnce() + Send + 'static) -> Result<(), Busy> {
        if self.busy.load(Ordering::SeqCst) >= self.workers * per_worker {
            return Err(Busy);
        }
        self.run(job);
        Ok(())
    }
}

fn work(receiver: &Mutex<Receiver<Job>>, busy: &AtomicUsize) {
    loop {
        let job = match receiver.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        // A job reports its own failure (it catches its panics); one that does not is dropped here.
        let _ = caught(job);
        busy.fetch_sub(1, Ordering::SeqCst);
    }
}

thread_local! {
    /// Set while a job runs: a panic there is caught and reported, so a
    /// panic hook must not give the terminal back for it.
    static CAUGHT_HERE: Cell<bool> = const { Cell::new(false) };
}

/// Whether this thread is inside [`caught`] now: a panic here is caught.
pub fn catching() -> bool {
    CAUGHT_HERE.with(Cell::get)
}

/// Runs `work`, catching a panic.
pub fn caught<T>(work: impl FnOnce() -> T) -> std::thread::Result<T> {
    let outer = CAUGHT_HERE.with(|caught| caught.replace(true));
    let outcome = std::panic::catch_unwind(AssertUnwindSafe(work));
    CAUGHT_HERE.with(|caught| caught.set(outer));
    outcome
}

/// What a caught panic said.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn jobs_run_and_a_panic_in_one_leaves_the_workers_working() {
        let pool = Pool::new(1, "test");
        let (done, finished) = std::sync::mpsc::channel();
        pool.run(|| panic!("a failing search"));
        pool.run(move || done.send(7).unwrap());
        assert_eq!(finished.recv_timeout(Duration::from_secs(10)), Ok(7));
    }

    #[test]
    fn work_that_may_be_refused_is_refused_once_enough_waits() {
        let pool = Pool::new(1, "test");
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let wait = Mutex::new(wait);
        pool.run(move || {
            let _ = wait.lock().unwrap().recv();
        });
        assert_eq!(pool.try_run(2, || ()), Ok(()));
        assert_eq!(pool.try_run(2, || ()), Err(Busy), "two jobs for the one worker are given already");
        release.send(()).unwrap();
    }
}
