//! A table with the viewers of the people at it: a key becomes the
//! person's requests, their intents go to the table, and what the table
//! then tells each person reaches their viewer, which comes in line with
//! the table again. People in the line mode have a narrator instead of a
//! viewer: their typed lines go to the table the same way, and what
//! happens comes back as sentences. Both runtimes drive a table this way.
//! The room sits above both views (`crate::ui` and `crate::line`), which
//! know nothing of it.

use std::time::Instant;

use crossterm::event::Event;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::line::Narrator;
use hearts_table::pool::{Pool, caught, panic_message};
use hearts_table::saved::Programs;
use hearts_table::{Arrival, BotJob, Effect, Ended, HintFailure, HintRequest, Intent, Message, PersonId, Table};

use crate::remembered::Remembered;
use crate::request::Request;
use crate::ui::input::{Command, Hits};
use crate::ui::viewer::Viewer;
use crate::ui::{Seen, draw};

/// What a room hands its runtime to carry out, in one list
/// ([`Room::take_to_runtime`]): the table's effects, then what people's
/// keys and typed lines asked of the runtime. A runtime carries out what
/// it has and leaves the rest (a server suspends nobody).
#[derive(Debug)]
pub enum ToRuntime {
    /// Keep the table as it is now (the save file, the server's store).
    Save,
    /// Work out the hint a person asked for off the table's thread
    /// ([`Room::work_out_hint`]).
    WorkOutHint(PersonId, Box<HintRequest>),
    /// A game ended, finished or left for a new one: keep it.
    Ended(Box<Ended>),
    /// A new game has started at the table.
    Started,
    /// The person leaves the table (a game in progress is saved, a seat waits).
    Leave(PersonId),
    /// Give the terminal back and stop until resumed (Ctrl-Z).
    Suspend,
    /// Take up the saved game, starting its programs or not.
    Resume(Programs),
    /// The saved game was declined: keep it with the played games.
    DeclineResume,
    /// Remember the person's choices (the new-game window's, how the cards look).
    Remember(PersonId, Remembered),
}

impl From<Effect> for ToRuntime {
    fn from(effect: Effect) -> ToRuntime {
        match effect {
            Effect::Save => ToRuntime::Save,
            Effect::WorkOutHint(person, request) => ToRuntime::WorkOutHint(person, request),
            Effect::Ended(ended) => ToRuntime::Ended(ended),
            Effect::Started => ToRuntime::Started,
        }
    }
}

impl ToRuntime {
    /// What person `id` asked for, when it is for the runtime (an intent is the table's).
    fn asked(id: PersonId, request: Request) -> Option<ToRuntime> {
        Some(match request {
            Request::Table(_) => return None,
            Request::Leave => ToRuntime::Leave(id),
            Request::Suspend => ToRuntime::Suspend,
            Request::Resume(programs) => ToRuntime::Resume(programs),
            Request::DeclineResume => ToRuntime::DeclineResume,
            Request::Remember(remembered) => ToRuntime::Remember(id, remembered),
        })
    }
}

/// A table and its people's views.
#[derive(Debug)]
pub struct Room {
    table: Table,
    viewers: Vec<Viewer>,
    /// The people in the line mode.
    narrators: Vec<Narrator>,
    /// The people told something since [`Room::take_touched`] last asked:
    /// their screens may have changed though the table's did not.
    touched: Vec<PersonId>,
    /// What people asked of the runtime since [`Room::take_to_runtime`] last took it.
    asked: Vec<ToRuntime>,
}

impl Room {
    /// The room of `table`; `viewers` are those of the people already at it
    /// (the terminal's own person).
    pub fn new(table: Table, viewers: Vec<Viewer>) -> Room {
        Room::with_narrators(table, viewers, Vec::new())
    }

    /// The room of `table` with people at it in both modes.
    pub fn with_narrators(table: Table, viewers: Vec<Viewer>, narrators: Vec<Narrator>) -> Room {
        let mut room = Room { table, viewers, narrators, touched: Vec::new(), asked: Vec::new() };
        room.settle(Instant::now());
        room
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The table, to set up a position for a test.
    #[cfg(test)]
    pub(crate) fn table_mut(&mut self) -> &mut Table {
        &mut self.table
    }

    /// A person's view.
    pub fn viewer(&self, id: PersonId) -> Option<&Viewer> {
        self.viewers.iter().find(|viewer| viewer.id == id)
    }

    /// A person's view, to change what is theirs alone (their theme, their
    /// record, a window the runtime opens).
    pub fn viewer_mut(&mut self, id: PersonId) -> Option<&mut Viewer> {
        self.viewers.iter_mut().find(|viewer| viewer.id == id)
    }

    /// A line-mode person's narrator, to change it.
    pub fn narrator_mut(&mut self, id: PersonId) -> Option<&mut Narrator> {
        self.narrators.iter_mut().find(|narrator| narrator.id == id)
    }

    /// The sentences a line-mode person has yet to be shown.
    pub fn take_lines(&mut self, id: PersonId) -> Vec<String> {
        self.narrator_mut(id).map(Narrator::take_lines).unwrap_or_default()
    }

    /// How many cards a line-mode person typed ahead wait for turns that
    /// come without another line from them.
    pub fn typed_ahead(&self, id: PersonId, now: Instant) -> usize {
        let narrator = self.narrators.iter().find(|narrator| narrator.id == id);
        match (narrator, self.table.sight(id, now)) {
            (Some(narrator), Some(sight)) => narrator.typed_ahead(&sight),
            _ => 0,
        }
    }

    /// Every person's id, in the order they came.
    pub fn ids(&self) -> Vec<PersonId> {
        self.viewers.iter().map(|viewer| viewer.id).chain(self.narrators.iter().map(|narrator| narrator.id)).collect()
    }

    /// A line-mode person typed a line: its intents go to the table; what
    /// is for the runtime waits in [`Room::take_to_runtime`].
    pub fn type_line(&mut self, id: PersonId, line: &str, now: Instant) {
        let Some(index) = self.narrators.iter().position(|narrator| narrator.id == id) else { return };
        if let Some(sight) = self.table.sight(id, now) {
            let requests = self.narrators[index].line(line, &sight);
            self.carry_out(id, requests, now);
        }
    }

    /// A person pressed a key or clicked: their intents go to the table;
    /// what is for the runtime (leaving, suspending, remembering) waits in
    /// [`Room::take_to_runtime`].
    pub fn press(&mut self, id: PersonId, command: Command, now: Instant) {
        let Some(index) = self.viewers.iter().position(|viewer| viewer.id == id) else { return };
        if let Some(sight) = self.table.sight(id, now) {
            let requests = self.viewers[index].key(command, &sight);
            self.carry_out(id, requests, now);
        }
    }

    /// A person's requests: their intents go to the table; what is for the
    /// runtime is kept for it.
    fn carry_out(&mut self, id: PersonId, requests: Vec<Request>, now: Instant) {
        let skipped = requests.contains(&Request::Table(Intent::SkipWait));
        // The key's intents all reach the table before anyone's view comes
        // in line with it: a view must not act on the table as it was
        // halfway through one key.
        for request in requests {
            match request {
                Request::Table(intent) => self.table.update(Message::Intent(id, intent), now),
                other => self.asked.extend(ToRuntime::asked(id, other)),
            }
        }
        if skipped {
            // The game moves on from the waits the key cut short.
            self.table.update(Message::Tick, now);
        }
        self.settle(now);
    }

    /// A person's intent, heard by the table.
    pub fn intend(&mut self, id: PersonId, intent: Intent, now: Instant) {
        self.table.update(Message::Intent(id, intent), now);
        self.settle(now);
    }

    /// A message for the table (time passing, a bot's decision, a hint, a
    /// note).
    pub fn send(&mut self, message: Message, now: Instant) {
        self.table.update(message, now);
        self.settle(now);
    }

    /// A person comes to the table with their view.
    pub fn arrive(&mut self, arrival: Arrival, viewer: Viewer, now: Instant) {
        self.viewers.retain(|other| other.id != arrival.id);
        self.viewers.push(viewer);
        self.send(Message::Arrive(arrival), now);
    }

    /// A person comes to the table in the line mode.
    pub fn arrive_in_lines(&mut self, arrival: Arrival, narrator: Narrator, now: Instant) {
        self.narrators.retain(|other| other.id != arrival.id);
        self.narrators.push(narrator);
        self.send(Message::Arrive(Arrival { in_lines: true, ..arrival }), now);
    }

    /// A person goes; their seat waits for them.
    pub fn leave(&mut self, id: PersonId, now: Instant) {
        self.viewers.retain(|viewer| viewer.id != id);
        self.narrators.retain(|narrator| narrator.id != id);
        self.send(Message::Leave(id), now);
    }

    /// A room of `table` with this room's people, their views as they are,
    /// but `without` (the table was set up again without them).
    pub fn with_table(&self, table: Table, without: Option<PersonId>) -> Room {
        let kept = |id: &PersonId| Some(*id) != without;
        let viewers = self.viewers.iter().filter(|viewer| kept(&viewer.id)).cloned().collect();
        let narrators = self.narrators.iter().filter(|narrator| kept(&narrator.id)).cloned().collect();
        Room::with_narrators(table, viewers, narrators)
    }

    /// Puts another table in this one's place (a saved game taken up), the
    /// people's views kept.
    pub fn replace(&mut self, table: Table, now: Instant) {
        self.table = table;
        for viewer in &mut self.viewers {
            viewer.holding = false;
        }
        for narrator in &mut self.narrators {
            narrator.holding = false;
            narrator.restart();
        }
        self.settle(now);
    }

    /// The people told something (a notice, a window opened for them)
    /// since the last call.
    pub fn take_touched(&mut self) -> Vec<PersonId> {
        std::mem::take(&mut self.touched)
    }

    /// What the runtime is to carry out, in one list: the table's effects
    /// first, then what people asked of it.
    pub fn take_to_runtime(&mut self) -> Vec<ToRuntime> {
        let mut work: Vec<ToRuntime> = self.table.take_effects().into_iter().map(ToRuntime::from).collect();
        work.append(&mut self.asked);
        work
    }

    /// The bot job to run now, if one.
    pub fn bot_job(&mut self, now: Instant) -> Option<BotJob> {
        self.table.bot_job(now)
    }

    /// Hands the bot whose decision the game waits for to `pool`, if one
    /// is to decide at `now` and none thinks: the one path of a bot move
    /// in both runtimes. The decision comes back through `back` as the
    /// message for [`Room::send`].
    pub fn ask_bot(&mut self, pool: &Pool, back: impl FnOnce(Message) + Send + 'static, now: Instant) {
        if let Some(job) = self.table.bot_job(now) {
            pool.run(move || back(Message::BotDecided(job.run())));
        }
    }

    /// Works out the hint `person` asked for on `pool`, unless `per_worker`
    /// jobs a worker wait there already (then the person is told it is
    /// busy): the one path of a hint in both runtimes. The hint comes back
    /// through `back` as the message for [`Room::send`].
    pub fn work_out_hint(
        &mut self,
        (pool, per_worker): (&Pool, usize),
        person: PersonId,
        request: Box<HintRequest>,
        back: impl FnOnce(Message) + Send + 'static,
        now: Instant,
    ) {
        let asked = pool.try_run(per_worker, move || {
            back(match caught(|| request.work_out()) {
                Ok(worked) => Message::HintWorkedOut(person, Box::new(worked)),
                Err(payload) => Message::HintFailed(person, HintFailure::Failed(panic_message(payload.as_ref()))),
            });
        });
        if asked.is_err() {
            self.send(Message::HintFailed(person, HintFailure::Busy), now);
        }
    }

    /// When the table next needs time to pass, or a screen changes with it.
    pub fn next_wakeup(&self, now: Instant) -> Option<Instant> {
        // A long note on someone's key line gives it back to the keys: their screen changes then.
        let notes = self.viewers.iter().filter_map(|viewer| viewer.note_goes_at(now));
        self.table.next_wakeup(now).into_iter().chain(notes).min()
    }

    /// Draws a person's screen into `buf`; what can be clicked on it.
    pub fn draw(&self, id: PersonId, buf: &mut Buffer, area: Rect, now: Instant) -> Hits {
        let (Some(sight), Some(viewer)) = (self.table.sight(id, now), self.viewer(id)) else {
            return Hits::default();
        };
        draw::draw_screen(buf, area, &Seen { sight: &sight, viewer }, now)
    }

    /// Draws a person's screen for them to see: their viewer keeps what
    /// can be clicked on it, for their next click.
    pub fn show(&mut self, id: PersonId, buf: &mut Buffer, area: Rect, now: Instant) {
        let hits = self.draw(id, buf, area, now);
        if let Some(viewer) = self.viewer_mut(id) {
            viewer.hits = hits;
        }
    }

    /// The command one of a person's events (a key, a click, a new size)
    /// stands for on their screen, if any.
    pub fn command(&mut self, id: PersonId, event: &Event) -> Option<Command> {
        self.viewer_mut(id)?.command(event)
    }

    /// One of a person's events, as their viewer reads it: the one way in
    /// of a key or click at both runtimes.
    pub fn event(&mut self, id: PersonId, event: &Event, now: Instant) {
        if let Some(command) = self.command(id, event) {
            self.press(id, command, now);
        }
    }

    /// Each person hears what the table told them and comes in line with
    /// it; a window that now holds play (or no longer does) is told to the
    /// table, until nothing more changes.
    fn settle(&mut self, now: Instant) {
        for _ in 0..8 {
            let notices = self.table.take_notices();
            for (id, notice) in &notices {
                if let (Some(viewer), Some(sight)) =
                    (self.viewers.iter_mut().find(|viewer| viewer.id == *id), self.table.sight(*id, now))
                {
                    viewer.hear(notice, &sight);
                    if !self.touched.contains(id) {
                        self.touched.push(*id);
                    }
                }
                if let (Some(narrator), Some(sight)) =
                    (self.narrators.iter_mut().find(|narrator| narrator.id == *id), self.table.sight(*id, now))
                {
                    narrator.hear(notice, &sight);
                    if !self.touched.contains(id) {
                        self.touched.push(*id);
                    }
                }
            }
            // A card typed ahead is played as its turn comes, as if typed now.
            let mut typed_ahead = Vec::new();
            for narrator in &mut self.narrators {
                if let Some(sight) = self.table.sight(narrator.id, now) {
                    narrator.sync(&sight);
                    typed_ahead.extend(narrator.play_ahead(&sight).into_iter().map(|request| (narrator.id, request)));
                }
            }
            let played_ahead = !typed_ahead.is_empty();
            for (id, request) in typed_ahead {
                if let Request::Table(intent) = request {
                    self.table.update(Message::Intent(id, intent), now);
                }
            }
            let mut holds = Vec::new();
            for viewer in &mut self.viewers {
                if let Some(sight) = self.table.sight(viewer.id, now) {
                    let window = viewer.window.clone();
                    viewer.sync(&sight, now);
                    if viewer.window != window && !self.touched.contains(&viewer.id) {
                        self.touched.push(viewer.id);
                    }
                }
                if viewer.holds_play() != viewer.holding {
                    viewer.holding = viewer.holds_play();
                    holds.push((viewer.id, viewer.holding));
                }
            }
            for narrator in &mut self.narrators {
                if narrator.holds_play() != narrator.holding {
                    narrator.holding = narrator.holds_play();
                    holds.push((narrator.id, narrator.holding));
                }
            }
            if holds.is_empty() && notices.is_empty() && !played_ahead {
                return;
            }
            for (id, hold) in holds {
                self.table.update(Message::Intent(id, Intent::Hold(hold)), now);
            }
        }
    }
}
