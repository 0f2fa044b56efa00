//! The sessions live now, by who is in them: connecting again with the
//! same key takes over, and the earlier session is closed with the words
//! "you connected again from elsewhere", whatever its client does. A name
//! without a key proves nothing, so it takes over only a session that is
//! gone (a frozen one is let go once it stops answering keepalives); the
//! handler refuses it while the earlier session lives.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::limits::Cut;
use super::session::{Farewell, Input, Route, pass_on};

/// What the earlier session's client is told as it is closed.
pub(super) const TAKEN_OVER: &str = "you connected again from elsewhere";
/// How long a session taken over has to give its terminal back and take
/// its goodbye before its connection is cut (a frozen client takes neither).
const FAREWELL_TIME: Duration = Duration::from_secs(3);

/// One live session.
pub(super) struct Live {
    /// The connection's number, so that it leaves only its own place.
    pub(super) connection: u64,
    /// Where the person's input goes now.
    pub(super) route: Route,
    /// The words its screen's output ends with.
    pub(super) farewell: Farewell,
    /// Ends the connection's stream.
    pub(super) cut: Cut,
}

/// The live sessions by their person's seat token ([`super::identity::Identity::holder`]).
#[derive(Default)]
pub(super) struct Registry {
    live: Mutex<HashMap<String, Live>>,
    next_connection: AtomicU64,
}

impl Registry {
    /// A number for a new connection.
    pub(super) fn connection(&self) -> u64 {
        self.next_connection.fetch_add(1, Ordering::SeqCst)
    }

    /// A session of `who` starts: an earlier one of theirs is taken over,
    /// its person gone from where they were before this call returns, so
    /// that the new session arrives after the old one left.
    pub(super) fn arrive(&self, who: &str, live: Live) {
        let earlier = self.live.lock().ok().and_then(|mut sessions| sessions.insert(who.to_string(), live));
        if let Some(earlier) = earlier {
            earlier.take_over();
        }
    }

    /// Whether a session of `who` is live now.
    pub(super) fn is_live(&self, who: &str) -> bool {
        self.live.lock().is_ok_and(|sessions| sessions.contains_key(who))
    }

    /// `connection`'s session of `who` has ended (a later one keeps its place).
    pub(super) fn leave(&self, who: &str, connection: u64) {
        if let Ok(mut sessions) = self.live.lock()
            && sessions.get(who).is_some_and(|live| live.connection == connection)
        {
            sessions.remove(who);
        }
    }
}

impl Live {
    /// Closes this session for one that took it over: its person leaves
    /// where they are (the table keeps their seat, as after a lost
    /// connection), its screen's output ends with the words, and after
    /// [`FAREWELL_TIME`] its connection is cut if it has not ended.
    fn take_over(self) {
        let _ = self.farewell.set(TAKEN_OVER);
        gone(&self.route);
        let cut = self.cut;
        tokio::spawn(async move {
            tokio::time::sleep(FAREWELL_TIME).await;
            cut.cut();
        });
    }
}

/// Tells the lobby or table a person is at that they are gone.
pub(super) fn gone(route: &Route) {
    pass_on(route, Input::Gone);
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::channel;

    use super::*;
    use crate::serve::session::Place;

    /// A place that passes a person's input on to `heard`, as their table or lobby would.
    fn at(heard: std::sync::mpsc::Sender<Input>) -> Place {
        Some(Box::new(move |input| heard.send(input).is_ok()))
    }

    fn live(connection: u64, place: Place) -> (Live, Farewell, tokio::sync::oneshot::Receiver<()>) {
        let (cut, heard) = Cut::new();
        let farewell = Farewell::default();
        let route = std::sync::Arc::new(Mutex::new(place));
        (Live { connection, route, farewell: std::sync::Arc::clone(&farewell), cut }, farewell, heard)
    }

    #[tokio::test]
    async fn a_second_session_of_a_person_takes_over_the_first() {
        let registry = Registry::default();
        let (first_table, first_heard) = channel();
        let (second_table, second_heard) = channel();
        let (first, first_farewell, _) = live(1, at(first_table));
        registry.arrive("SHA256:abc", first);
        assert!(first_heard.try_recv().is_err(), "the first arrival takes over nobody");
        let (second, second_farewell, _) = live(2, at(second_table));
        registry.arrive("SHA256:abc", second);
        assert!(matches!(first_heard.try_recv(), Ok(Input::Gone)), "the first is gone from its table");
        assert!(second_heard.try_recv().is_err(), "the second stays");
        assert_eq!(first_farewell.get(), Some(&TAKEN_OVER));
        assert_eq!(second_farewell.get(), None);
        // The first connection's end does not remove the second's place.
        registry.leave("SHA256:abc", 1);
        let (third, _, _) = live(3, None);
        registry.arrive("SHA256:abc", third);
        assert_eq!(second_farewell.get(), Some(&TAKEN_OVER), "the second was still registered");
    }

    #[tokio::test]
    async fn other_people_and_ended_sessions_are_left_alone() {
        let registry = Registry::default();
        let (lobby, heard) = channel();
        let (alice, alice_farewell, _) = live(1, at(lobby));
        registry.arrive("SHA256:alice", alice);
        let (bob, _, _) = live(2, None);
        registry.arrive("name:bob", bob);
        assert!(heard.try_recv().is_err());
        assert_eq!(alice_farewell.get(), None);
        registry.leave("SHA256:alice", 1);
        let (again, _, _) = live(3, None);
        registry.arrive("SHA256:alice", again);
        assert_eq!(alice_farewell.get(), None, "an ended session is not taken over");
    }

    #[tokio::test]
    async fn a_session_taken_over_is_cut_after_its_farewell_time() {
        let registry = Registry::default();
        let (first, _, mut heard) = live(1, None);
        registry.arrive("name:carol", first);
        let (second, _, _) = live(2, None);
        registry.arrive("name:carol", second);
        tokio::time::sleep(FAREWELL_TIME - Duration::from_millis(500)).await;
        assert!(heard.try_recv().is_err(), "its client has its farewell time");
        tokio::time::sleep(Duration::from_millis(1000)).await;
        assert!(heard.try_recv().is_ok(), "then its stream is cut");
    }
}
