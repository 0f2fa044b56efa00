//! A person in the lobby: a thread of their own with their [`Lobby`], their
//! screen, and a replay of one of their games when they ask for it. From
//! here the screen goes to a table (sit, watch, a new table), and comes
//! back when they leave it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::buffer::Buffer;

use super::directory::{News, OpenError};
use super::limits::Share;
use super::session::{Input, Place, Screen, Visitor};
use super::store::Store;
use super::table::{self, ToTable};
use super::{NotFound, ServerCommon};
use crate::lobby::lines::{self, LobbyLine};
use crate::lobby::{self, Lobby, LobbyEffect, LobbyHits, PastGame, PresetRecord, TableRequest};
use crate::ui::replay::{self, Buttons, Replay, ReviewNews};
use hearts_engine::Seat;

/// What a person's lobby hears about.
pub(super) enum ToLobby {
    /// What the person's connection passes on.
    Input(Input),
    /// What the directory of tables tells every lobby.
    Told(News),
}

/// While a review is worked out, the lobby looks at its progress this often.
const REVIEW_PROGRESS: Duration = Duration::from_millis(100);
/// While a table shows someone away, the lobby is drawn again this often,
/// so that "away 3 min" stays true (a frame that changes nothing sends nothing).
const AWAY_TICK: Duration = Duration::from_secs(20);
/// A person idle in the lobby longer than the server allows (`--lobby-idle`)
/// is let go with these words (at a table, the table's own rules apply).
const IDLE: &str = "you were idle in the lobby too long";

/// Said to a person whose network has all its places in the lobby.
const LOBBY_FULL: &str = "your network has as many people in the lobby as one network may; \
                          join a table by its code (ssh -t HOST join CODE), or try again later";

/// Brings a screen to the lobby on a thread of its own, if its network
/// has a place there left.
pub(super) fn enter(screen: Screen, shared: Arc<ServerCommon>, note: Option<String>) {
    let Some(share) = shared.lobby.take(screen.visitor.address) else {
        return screen.disconnect(LOBBY_FULL);
    };
    let (sender, receiver) = std::sync::mpsc::channel();
    // One change waits at most: the lobby reads the tables as they are when it comes to it.
    let stale = Arc::new(AtomicBool::new(false));
    let told = (sender.clone(), Arc::clone(&stale));
    let number = shared.directory.watch(Box::new(move |news| {
        let (lobby, stale) = &told;
        // A change of some table is read with the next; a close or the server stopping always comes.
        if news != News::TablesChanged || !stale.swap(true, Ordering::SeqCst) {
            let _ = lobby.send(ToLobby::Told(news));
        }
    }));
    screen.route_to(place(&sender));
    let name = format!("lobby of {}", screen.visitor.name);
    let directory = Arc::clone(&shared.directory);
    let spawned = std::thread::Builder::new().name(name).spawn(move || {
        let store = Store::open_in(&shared.dir).ok();
        let hits = LobbyHits::default();
        let canvas = Buffer::default();
        let visit = Visit {
            number,
            sender,
            stale,
            screen: Some(screen),
            shared,
            store,
            viewing: None,
            hits,
            canvas,
            _share: share,
        };
        visit.run(&receiver, note);
    });
    // Without a thread the screen is dropped, and its channel closes.
    if spawned.is_err() {
        directory.unwatch(number);
    }
}

/// The lobby's place on a person's route: their input comes here.
fn place(lobby: &Sender<ToLobby>) -> Place {
    let lobby = lobby.clone();
    Some(Box::new(move |input| lobby.send(ToLobby::Input(input)).is_ok()))
}

/// A replay of one of the person's games, with its review coming in.
struct Viewing {
    replay: Replay,
    buttons: Buttons,
    news: Option<Receiver<ReviewNews>>,
}

struct Visit {
    /// The lobby's number among the directory's watchers.
    number: u64,
    /// A change of the tables waits to be read.
    stale: Arc<AtomicBool>,
    /// Where the person's input comes to this lobby.
    sender: Sender<ToLobby>,
    screen: Option<Screen>,
    shared: Arc<ServerCommon>,
    store: Option<Store>,
    viewing: Option<Viewing>,
    hits: LobbyHits,
    /// Where the screen's frame is drawn before what changed is sent.
    canvas: Buffer,
    /// The person's place in the lobby, given back when they leave it.
    _share: Share,
}

impl Visit {
    fn run(mut self, receiver: &Receiver<ToLobby>, note: Option<String>) {
        // The cards as this person chose to see them last time (here, or in an earlier session).
        if let Some(screen) = &mut self.screen
            && let Some(Ok(look)) = self.store.as_ref().map(|store| store.look_of(&screen.visitor.identity))
        {
            screen.visitor.theme.ascii |= look.ascii;
            screen.visitor.theme.four_colour |= look.four_colour;
            screen.visitor.brief |= look.brief;
            screen.visitor.symbols |= look.symbols;
        }
        let Some(screen) = &self.screen else { return };
        let visitor = &screen.visitor;
        let mut lobby = Lobby::new(&visitor.name, visitor.theme, self.shared.table.clone(), self.shared.speed)
            .opening_as(&opener(visitor))
            .holding_as(&visitor.holder);
        let plain = screen.is_lines();
        self.refresh(&mut lobby);
        self.refresh_tables(&mut lobby);
        if plain {
            let mut told: Vec<String> = note.map(|note| format!("{note}.")).into_iter().collect();
            told.extend(lines::greeting(&lobby));
            if self.tell(&told).is_err() {
                return self.disconnect("the client does not read its lines");
            }
            // Lines typed at a table after leaving it are this lobby's.
            if !self.read_lines(&mut lobby) {
                return;
            }
        } else if let Some(note) = note {
            lobby.say(note);
        }
        let mut last_key = Instant::now();
        loop {
            if self.draw(&lobby).is_err() {
                return self.disconnect("the client does not read its screen");
            }
            let now = Instant::now();
            if now.duration_since(last_key) >= self.shared.lobby_idle {
                return self.disconnect(IDLE);
            }
            let reviewing = self.viewing.as_ref().is_some_and(|viewing| viewing.news.is_some());
            let idle = (last_key + self.shared.lobby_idle).saturating_duration_since(now);
            let progress = match (reviewing, lobby.someone_away()) {
                (true, _) => REVIEW_PROGRESS,
                (false, true) => AWAY_TICK.min(idle),
                (false, false) => idle,
            };
            // A lone Esc is a key as soon as its wait is over.
            let escape = self.screen.as_ref().and_then(Screen::escape_deadline);
            let wait = escape.map_or(idle, |at| at.saturating_duration_since(now)).min(progress).min(idle);
            match receiver.recv_timeout(wait) {
                Ok(ToLobby::Input(Input::Bytes(typed))) => {
                    last_key = Instant::now();
                    let bytes = &typed.bytes;
                    if plain {
                        match self.screen.as_mut().map(|screen| screen.type_bytes(bytes)) {
                            Some(Ok(())) if self.read_lines(&mut lobby) => continue,
                            Some(Err(_)) => return self.disconnect("the client does not read its lines"),
                            _ => return,
                        }
                    }
                    let events = self.screen.as_mut().map(|screen| screen.typed(bytes, Instant::now()));
                    for event in events.unwrap_or_default() {
                        if !self.event(&mut lobby, &event) {
                            return;
                        }
                    }
                }
                Ok(ToLobby::Input(Input::Resized(size))) => {
                    if let (Some(screen), Some((columns, rows))) = (&mut self.screen, size.take())
                        && screen.resize(columns, rows).is_err()
                    {
                        return self.disconnect("the screen could not be resized");
                    }
                    // A frame of the old size held on would be memory the screen cells do not count.
                    self.canvas = Buffer::default();
                }
                Ok(ToLobby::Input(Input::Gone)) | Err(RecvTimeoutError::Disconnected) => return,
                Ok(ToLobby::Told(News::ServerStops)) => return self.disconnect(super::session::SERVER_STOPS),
                Ok(ToLobby::Told(News::TablesChanged)) => {
                    self.stale.store(false, Ordering::SeqCst);
                    self.refresh_tables(&mut lobby);
                }
                Ok(ToLobby::Told(News::TableClosed)) => {
                    self.refresh_tables(&mut lobby);
                    self.refresh(&mut lobby);
                }
                Ok(ToLobby::Told(News::GameKept)) => self.refresh(&mut lobby),
                Err(RecvTimeoutError::Timeout) => {}
            }
            // A lone Esc whose wait is over is a key, however many messages came meanwhile.
            let flushed = self.screen.as_mut().map(|screen| screen.flush_keys(Instant::now()));
            for event in flushed.unwrap_or_default() {
                if !self.event(&mut lobby, &event) {
                    return;
                }
            }
            self.hear_review();
        }
    }

    fn draw(&mut self, lobby: &Lobby) -> Result<(), super::session::Broken> {
        let Some(screen) = self.screen.as_mut().filter(|screen| !screen.is_lines()) else { return Ok(()) };
        match &mut self.viewing {
            Some(viewing) => {
                let replay = &viewing.replay;
                viewing.buttons = screen.render(&mut self.canvas, |buf, area| replay::draw(buf, area, replay))?;
            }
            None => self.hits = screen.render(&mut self.canvas, |buf, area| lobby::draw(buf, area, lobby))?,
        }
        Ok(())
    }

    /// One key or click; false once the person has left the lobby.
    fn event(&mut self, lobby: &mut Lobby, event: &Event) -> bool {
        if let Some(viewing) = &mut self.viewing {
            let how = match event {
                Event::Key(key) if key.kind != KeyEventKind::Release => {
                    match replay::key_move(key.code, key.modifiers.contains(KeyModifiers::CONTROL)) {
                        None => {
                            self.viewing = None;
                            return true;
                        }
                        Some(how) => how,
                    }
                }
                Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                    viewing.buttons.at(mouse.column, mouse.row)
                }
                _ => None,
            };
            if let Some(how) = how {
                viewing.replay.go(how);
            }
            return true;
        }
        match lobby.handle(event, &self.hits) {
            None => true,
            Some(LobbyEffect::Quit) => {
                if let Some(screen) = self.screen.take() {
                    screen.close();
                }
                false
            }
            Some(LobbyEffect::Sit(code)) => self.go_to(lobby, &code, false),
            Some(LobbyEffect::Watch(code)) => self.go_to(lobby, &code, true),
            Some(LobbyEffect::GiveUp(code)) => {
                lobby.say(self.give_up(&code));
                true
            }
            Some(LobbyEffect::Create(request)) => match self.opened(*request) {
                Ok(code) => self.go_to(lobby, &code, false),
                Err(why) => {
                    lobby.say(format!("The table cannot open: {why}"));
                    true
                }
            },
            Some(LobbyEffect::Replay(id)) => {
                self.view(lobby, id, false);
                true
            }
            Some(LobbyEffect::Review(id)) => {
                self.view(lobby, id, true);
                true
            }
        }
    }

    /// Sentences for a line-mode person.
    fn tell(&mut self, sentences: &[String]) -> Result<(), super::session::Broken> {
        match &mut self.screen {
            Some(screen) => screen.tell(sentences),
            None => Ok(()),
        }
    }

    /// Reads the lines typed; false once the person has left the lobby.
    fn read_lines(&mut self, lobby: &mut Lobby) -> bool {
        while let Some(text) = self.screen.as_mut().and_then(Screen::next_line) {
            if !self.line(lobby, &text) {
                return false;
            }
        }
        true
    }

    /// One line typed in the line mode's lobby; false once the person has
    /// left the lobby.
    fn line(&mut self, lobby: &mut Lobby, text: &str) -> bool {
        let (stayed, said) = match lines::line(lobby, text) {
            LobbyLine::Say(sentences) => (true, sentences),
            LobbyLine::Quit => {
                let _ = self.tell(&["Goodbye.".to_string()]);
                if let Some(screen) = self.screen.take() {
                    screen.close();
                }
                return false;
            }
            LobbyLine::Sit(code) => self.go_to_said(&code, false),
            LobbyLine::Watch(code) => self.go_to_said(&code, true),
            LobbyLine::GiveUp(code) => (true, vec![format!("{}.", self.give_up(&code))]),
            LobbyLine::Create(request) => match self.opened(*request) {
                Ok(code) => self.go_to_said(&code, false),
                Err(why) => (true, vec![format!("The table cannot open: {why}.")]),
            },
        };
        if stayed && self.tell(&said).is_err() {
            if let Some(screen) = self.screen.take() {
                screen.disconnect("the client does not read its lines");
            }
            return false;
        }
        stayed
    }

    /// Gives up the seat kept for this person at the table of `code`:
    /// what to tell them.
    fn give_up(&mut self, code: &str) -> String {
        let Some(visitor) = self.screen.as_ref().map(|screen| &screen.visitor) else { return String::new() };
        match self.shared.find_table(code, visitor) {
            Ok(table) if !table.summary().kept_for(Some(&visitor.holder)) => {
                format!("No seat is kept for you at {code}")
            }
            Ok(table) => {
                let _ = table.sender.send(ToTable::GiveUp(visitor.holder.clone()));
                format!("You gave up your seat at {code}: its bot plays it, and the next to come may take it")
            }
            Err(NotFound::NoTable) => format!("There is no table {code}"),
            Err(NotFound::Wait(wait)) => format!("Too many wrong codes: wait {} s", wait.as_secs() + 1),
        }
    }

    /// [`Visit::go_to`] for the line mode: whether the person stayed, and
    /// what to tell them.
    fn go_to_said(&mut self, code: &str, watch: bool) -> (bool, Vec<String>) {
        match self.go_to_table(code, watch) {
            Ok(stayed) => (stayed, Vec::new()),
            Err(why) => (true, vec![format!("{why}.")]),
        }
    }

    /// Takes the screen to a table; false once it has gone there.
    fn go_to(&mut self, lobby: &mut Lobby, code: &str, watch: bool) -> bool {
        match self.go_to_table(code, watch) {
            Ok(stayed) => stayed,
            Err(why) => {
                lobby.say(why);
                true
            }
        }
    }

    /// Takes the screen to a table: false once it has gone there; what
    /// to tell the person when it could not.
    fn go_to_table(&mut self, code: &str, watch: bool) -> Result<bool, String> {
        let Some(visitor) = self.screen.as_ref().map(|screen| &screen.visitor) else { return Ok(false) };
        let table = match self.shared.find_table(code, visitor) {
            Ok(table) => table,
            Err(NotFound::NoTable) => return Err(format!("There is no table {code}")),
            Err(NotFound::Wait(wait)) => {
                return Err(format!("Too many wrong codes: wait {} s and try again", wait.as_secs() + 1));
            }
        };
        let Some(screen) = self.screen.take() else { return Ok(false) };
        let Ok(screen) = screen.fresh() else { return Ok(false) };
        match table::bring_to_table(screen, &table, watch, self.shared.person_id()) {
            None => Ok(false),
            Some(screen) => {
                // The table has stopped: the screen, and the person's keys, stay in the lobby.
                screen.route_to(place(&self.sender));
                self.screen = Some(screen);
                Err(format!("Table {code} has closed"))
            }
        }
    }

    /// Opens the table a person asked for, marked as theirs (a private
    /// table is listed in their lobby); its code.
    fn opened(&self, request: TableRequest) -> Result<String, OpenError> {
        let Some(visitor) = self.screen.as_ref().map(|screen| &screen.visitor) else {
            return Err(OpenError::Ended);
        };
        self.shared.open_requested(request, (opener(visitor), visitor.address))
    }

    /// Opens a replay of game `id`, reviewed when asked (one review at a
    /// time per server core, as they are heavy). The game is found by who
    /// the person is: their seat is "You", and only their seat is reviewed.
    fn view(&mut self, lobby: &mut Lobby, id: i64, review: bool) {
        let Some(screen) = &self.screen else { return };
        let identity = &screen.visitor.identity;
        let played = self.store.as_ref().and_then(|store| store.game_of(id, identity).ok().flatten());
        let Some(played) = played else {
            lobby.say("That game is not kept any more");
            return;
        };
        let seat = played.seat.and_then(Seat::new);
        let Ok(mut replay) = Replay::seen_from(played.record, (1, 1), screen.visitor.theme, seat) else {
            lobby.say("That game does not replay");
            return;
        };
        let news = match (review, seat) {
            (true, Some(seat)) if self.shared.start_review() => {
                Some(replay.review_in_background(seat, hearts_table::review::REVIEW_SAMPLES))
            }
            (true, Some(_)) => {
                lobby.say("The server is reviewing other games: try again in a moment");
                return;
            }
            (true, None) => {
                lobby.say("You did not play in that game");
                return;
            }
            (false, _) => None,
        };
        self.viewing = Some(Viewing { replay, buttons: Buttons::default(), news });
    }

    /// Takes in the review's news; a finished review frees its place.
    fn hear_review(&mut self) {
        let Some(viewing) = &mut self.viewing else { return };
        let Some(news) = &viewing.news else { return };
        let mut ended = false;
        while let Ok(heard) = news.try_recv() {
            ended |= matches!(heard, ReviewNews::Done | ReviewNews::Failed(_));
            viewing.replay.hear(heard);
        }
        if ended {
            viewing.news = None;
            self.shared.end_review();
        }
    }

    /// The tables as they stand.
    fn refresh_tables(&self, lobby: &mut Lobby) {
        lobby.set_tables(self.shared.directory.summaries());
    }

    /// The person's record and their games as they stand (they change
    /// only at a table: the lobby reads them as the person comes in).
    fn refresh(&mut self, lobby: &mut Lobby) {
        let (Some(store), Some(screen)) = (&self.store, &self.screen) else { return };
        let identity = &screen.visitor.identity;
        if let Ok(records) = store.records_of(identity) {
            lobby.set_records(
                records
                    .into_iter()
                    .map(|record| PresetRecord {
                        points_per_hand: record.points_per_hand().unwrap_or(0.0),
                        label: record.label,
                        games: record.games,
                        wins: record.wins,
                    })
                    .collect(),
            );
        }
        if let Ok(games) = store.games_of(identity) {
            lobby.set_games(games.into_iter().map(past_game).collect());
        }
    }

    fn disconnect(mut self, why: &'static str) {
        if let Some(screen) = self.screen.take() {
            screen.disconnect(why);
        }
    }
}

impl Drop for Visit {
    fn drop(&mut self) {
        self.shared.directory.unwatch(self.number);
        if self.viewing.as_ref().is_some_and(|viewing| viewing.news.is_some()) {
            self.shared.end_review();
        }
    }
}

/// What marks the tables a person opens as theirs: who they are as the
/// store keeps it, or for a person nobody knows, this session's own token.
fn opener(visitor: &Visitor) -> String {
    visitor.identity.stored().unwrap_or_else(|| visitor.holder.clone())
}

/// A kept game as the person's list shows it.
fn past_game(game: super::store::PlayedGame) -> PastGame {
    let record = &game.record;
    let result = match game.seat {
        Some(seat) if record.finished && record.winners.contains(&seat) => {
            format!("won, {} points", record.totals.get(seat).copied().unwrap_or(0))
        }
        Some(seat) if record.finished => format!("lost, {} points", record.totals.get(seat).copied().unwrap_or(0)),
        Some(_) => "left unfinished".to_string(),
        None => String::new(),
    };
    let days = game.played_at / 86_400;
    let (year, month, day) = civil_date(days);
    PastGame { id: game.id, label: game.label, when: format!("{year}-{month:02}-{day:02}"), result }
}

/// The calendar date of a day counted from 1970-01-01 (the proleptic
/// Gregorian calendar, as `date -u` gives it).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn days_since_1970_are_calendar_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        // 2000-02-29, a leap day of a century leap year, and the day after it.
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(11_017), (2000, 3, 1));
        // 2026-11-25 is day 20,782.
        assert_eq!(civil_date(20_782), (2026, 11, 25));
    }
}
