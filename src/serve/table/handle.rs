//! How a table is reached: the handle the directory keeps of a running
//! table, what it hears, and bringing a person's screen to it.

use std::net::IpAddr;
use std::sync::mpsc::{SendError, Sender};
use std::sync::{Arc, Mutex};

use crate::lobby::TableSummary;
use crate::theme::Theme;
use hearts_table::{Arrival, Message, PersonId};

use super::super::identity::Identity;
use super::super::session::{Input, Screen};

/// What a table hears about.
pub(in crate::serve) enum ToTable {
    /// A person comes to the table.
    Join(Box<Joining>),
    /// What a person's connection passes on.
    Input(PersonId, Input),
    /// Work done off the table's thread (a bot's decision, a hint), as
    /// the table's message.
    Table(Message),
    /// A person away gives up, from their lobby, the seat held by this token.
    GiveUp(String),
    /// The server stops: give every terminal back.
    Stop,
}

/// A person coming to a table, with their screen.
pub(in crate::serve) struct Joining {
    /// Who: their id, name, key and whether they only watch.
    pub(in crate::serve) arrival: Arrival,
    /// How their terminal shows cards.
    pub(in crate::serve) theme: Theme,
    /// Their screen, routed to the table.
    pub(in crate::serve) screen: Screen,
}

/// A running table, as the directory keeps it.
#[derive(Clone)]
pub(in crate::serve) struct TableHandle {
    /// The code people join it by.
    pub(in crate::serve) code: String,
    /// Where its messages go.
    pub(in crate::serve) sender: Sender<ToTable>,
    /// What it looks like from outside.
    pub(in crate::serve) summary: Arc<Mutex<TableSummary>>,
    /// Whether people are brought to it still: false once it closes.
    pub(in crate::serve) open: Arc<Mutex<bool>>,
    /// The network a person opened it from, while this server runs.
    pub(in crate::serve) from: Option<IpAddr>,
}

impl TableHandle {
    /// What the table looks like now.
    pub(in crate::serve) fn summary(&self) -> TableSummary {
        self.summary.lock().map_or_else(|_| blank_summary(&self.code, false), |summary| summary.clone())
    }
}

/// Takes a person's screen to `table`, to sit or to watch. The screen
/// comes back when the table has closed or stopped, for the caller to
/// route again.
pub(in crate::serve) fn bring_to_table(
    mut screen: Screen,
    table: &TableHandle,
    watch: bool,
    id: PersonId,
) -> Option<Screen> {
    // Sent under the table's own lock: once it closes, nobody is brought to it.
    let open = table.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if !*open {
        return Some(screen);
    }
    screen.id = id;
    let visitor = &screen.visitor;
    // A seat is held by who the person is: their key, their name if it is theirs, or no one again.
    let seat_note = what_keeps_the_seat(&visitor.identity).map(str::to_string);
    let (name, key) = (visitor.name.clone(), Some(visitor.holder.clone()));
    let arrival = Arrival { id, name, key, watch, in_lines: false, seat_note };
    let theme = visitor.theme;
    // Routed and sent under one lock: a takeover's Gone for this person then reaches the table after the Join.
    let route = Arc::clone(&screen.route);
    let mut place = route.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let sender = table.sender.clone();
    *place = Some(Box::new(move |input| sender.send(ToTable::Input(id, input)).is_ok()));
    let sent = table.sender.send(ToTable::Join(Box::new(Joining { arrival, theme, screen })));
    drop(place);
    drop(open);
    let Err(SendError(ToTable::Join(joining))) = sent else {
        return None;
    };
    let Joining { screen, .. } = *joining;
    Some(screen)
}

/// A table's summary before it has published one.
pub(super) fn blank_summary(code: &str, listed: bool) -> TableSummary {
    TableSummary {
        code: code.to_string(),
        label: String::new(),
        players: 0,
        seats: Vec::new(),
        playing: false,
        hand: 0,
        listed,
        opener: None,
    }
}

/// What a person who sits down without a key is told keeps their seat:
/// their name alone, or nothing at all (a name cleaning changed); a key
/// keeps it for them alone, and they are told nothing.
fn what_keeps_the_seat(identity: &Identity) -> Option<&'static str> {
    match identity {
        Identity::Key(_) => None,
        Identity::Name(_) => Some("Your name alone keeps this seat; with a key (ssh -i) only you can reclaim it"),
        Identity::Anonymous => Some("This seat is not kept if you leave; with a key (ssh -i) it waits for you"),
    }
}
