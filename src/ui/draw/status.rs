//! The bottom two lines: what happens now (and why a card was refused),
//! and the keys that act now.
//!
//! ```text
//!  You must follow clubs
//!  ←→ move · Enter play · t trick · c played · i hint · u undo · ? help · q quit
//! ```

use super::*;
use crate::ui::fit::{Part, Priority, cut_to, fit};
use hearts_table::Kind;
use hearts_table::sight::{AtSeat, CHAT_SHOWN};

/// What the status line says: a note (refusal) and what happens now, with
/// what may be done besides.
pub fn status(app: &Seen<'_>) -> (Option<String>, String) {
    let what = asides(app)
        .into_iter()
        .fold(instruction(app), |what, aside| format!("{what}{}{}", app.viewer.theme.separator(), aside.text));
    (app.viewer.note.clone(), what)
}

/// What happens now: on your turn, what you must do, with the turn
/// clock's time left where it runs for you.
fn instruction(app: &Seen<'_>) -> String {
    let mut what = what_now(app);
    if let Some(card) = app.own.as_ref().and_then(|own| own.queued).filter(|_| !app.to_act()) {
        let theme = app.viewer.theme;
        what.push_str(&format!("{}{} queued for your turn", theme.separator(), theme.card(card)));
    }
    match app.waiting.turn_left {
        Some(left) if app.scores.finish.is_none() => {
            let left = left.as_secs();
            format!("{what} ({}:{:02} left)", left / 60, left % 60)
        }
        _ => what,
    }
}

/// What happens now.
fn what_now(app: &Seen<'_>) -> String {
    let theme = app.viewer.theme;
    let name = |seat: Seat| app.name(seat);
    if let Some(finish) = app.scores.finish {
        match finish {
            Finish::OutOfTime => "Time is up: the game is over".to_string(),
            Finish::Completed => "The game is over".to_string(),
        }
    } else if app.waiting.paused {
        "The table waits for its players: nobody seated has been here for a while".to_string()
    } else if let (Some(me), Some((cards, _))) = (app.seat, app.pending_pass()) {
        format!(
            "Passing {} to {}{}",
            theme.cards(cards.iter()),
            name(app.hand.pass_targets[me.index()]),
            theme.ellipsis()
        )
    } else if let (Some(me), Some(cards)) = (app.seat, app.pass_made()) {
        let passed = format!("You passed {} to {}", theme.cards(cards.iter()), name(app.hand.pass_targets[me.index()]));
        match app.waiting_line() {
            Some(waiting) => format!("{passed}; {waiting}"),
            None => passed,
        }
    } else if app.play.showing_trick
        && let Some(last) = app.play.tricks.last()
    {
        // Two packs: a trick no card won waits for the next winner, unless it
        // was the last, which its leader takes.
        let last_trick = app.phase != GamePhase::InHand;
        match last.winner(app.players()).or(last_trick.then(|| last.leader())) {
            Some(seat) if app.is_mine(seat) => "You take the trick".to_string(),
            Some(seat) => format!("{} takes the trick", name(seat)),
            None => {
                format!("Nobody wins the trick: its {} cards wait for the next trick's winner", app.hand.waiting_cards)
            }
        }
    } else if let Some(waiting) = app.waiting_line().filter(|_| !app.is_passing() && !app.to_act()) {
        hearts_table::notice::sentence(&waiting)
    } else {
        match app.phase {
            GamePhase::HandOver => "Hand over: Enter for the next hand".to_string(),
            GamePhase::GameOver => "The game is over".to_string(),
            GamePhase::MoonChoice(seat) if app.is_mine(seat) => "You shot the moon: choose how it counts".to_string(),
            GamePhase::MoonChoice(seat) => format!("{} shot the moon and is choosing how it counts", name(seat)),
            GamePhase::InHand => match app.hand.to_act {
                _ if app.is_passing() => {
                    let need = app.hand.pass_count;
                    let target = name(app.hand.pass_targets[app.seat.unwrap_or(Seat::SOUTH).index()]);
                    if app.viewer.marked.len() == need {
                        format!("Pass {} to {target}: Enter or click PASS", theme.cards(app.viewer.marked.iter()))
                    } else {
                        format!("Choose {need} cards to pass to {target} ({} of {need})", app.viewer.marked.len())
                    }
                }
                Some(seat) if app.is_mine(seat) && app.hand.phase == HandPhase::Bidding => {
                    "Bid for the right to name the suit, or pass".to_string()
                }
                Some(seat) if app.hand.phase == HandPhase::Bidding => format!("{} is bidding", name(seat)),
                Some(seat) if app.is_mine(seat) && app.hand.phase == HandPhase::Naming => {
                    "You won the auction: name the penalty suit".to_string()
                }
                Some(seat) if app.hand.phase == HandPhase::Naming => format!("{} is naming the suit", name(seat)),
                Some(seat) if app.is_mine(seat) && app.hand.phase == HandPhase::Declaring => {
                    "Declare the Generale, or pass".to_string()
                }
                Some(seat) if app.hand.phase == HandPhase::Declaring => {
                    format!("{} is deciding whether to declare the Generale", name(seat))
                }
                Some(seat) if app.is_mine(seat) => match app.play.trick.led_suit() {
                    None => "Your lead".to_string(),
                    Some(suit) if app.own.as_ref().is_some_and(|own| !own.hand.cards().of_suit(suit).is_empty()) => {
                        format!("Follow {}", suit.name())
                    }
                    Some(suit) => format!("You have no {}: play any card", suit.name()),
                },
                Some(seat) => {
                    let bot_for_a_person =
                        matches!(app.at_seats[seat.index()], AtSeat::Person { bot_playing: true, .. });
                    if bot_for_a_person {
                        format!("{}'s bot is playing", name(seat))
                    } else if app.hand.phase == HandPhase::Passing {
                        format!("{} is choosing a pass", name(seat))
                    } else {
                        format!("{} is thinking", name(seat))
                    }
                }
                None => String::new(),
            },
        }
    }
}

/// What may be done besides, least important first to go.
fn asides(app: &Seen<'_>) -> Vec<Part> {
    let mut asides = Vec::new();
    if app.pending_pass().is_some() && app.scores.finish.is_none() && app.may.undo.is_ok() {
        asides.push(Part::with_short("u takes them back", "u undoes", Priority::Low));
    }
    if app.waiting.more_time {
        asides.push(Part::with_short("+ more time", "+ time", Priority::High));
    }
    if app.hand.can_play_out && app.scores.finish.is_none() {
        asides.push(Part::with_short("no points left: o plays the hand out", "o plays out", Priority::Low));
    }
    if let Some(proposal) = app.proposal.as_ref().filter(|proposal| !proposal.asked) {
        let what = if proposal.frees.is_some() { "seat to let go proposed" } else { "new game proposed" };
        let text = format!("{what}: waiting for {}", proposal.waiting.join(", "));
        asides.push(Part::with_short(text, what, Priority::Low));
    }
    asides
}

/// The status line's parts in order, each with its look: what happens now
/// first and whole, then what may be done besides, then the note.
fn status_parts(app: &Seen<'_>) -> Vec<(Part, Style)> {
    let theme = app.viewer.theme;
    let instruction = instruction(app);
    // A refusal often says what the instruction would ("You must follow
    // spades" and "Follow spades"): then the refusal stands in its place.
    match &app.viewer.note {
        Some(note) if note.to_lowercase().contains(&instruction.to_lowercase()) => {
            return vec![(Part::new(note.clone(), Priority::Must), theme.warning())];
        }
        _ => {}
    }
    let mut parts = vec![(Part::new(instruction, Priority::Must), theme.strong())];
    parts.extend(asides(app).into_iter().map(|aside| (aside, theme.quiet())));
    if let Some(note) = &app.viewer.note {
        parts.push((Part::new(note.clone(), Priority::High), theme.warning()));
    }
    parts
}

/// Draws the status line; a note that does not fit whole beside what
/// happens now is returned, to stand on the key line in its place (with
/// no window open, whose keys that line must show).
pub(super) fn status_line(buf: &mut Buffer, area: Rect, app: &Seen<'_>) -> Option<String> {
    let theme = app.viewer.theme;
    let mut parts = status_parts(app);
    let texts: Vec<Part> = parts.iter().map(|(part, _)| part.clone()).collect();
    let room = usize::from(area.width).saturating_sub(1);
    let mut shown = fit(&texts, room, theme.separator(), theme.ellipsis());
    let mut moved = None;
    if let (Some((note, _)), Some(fitted)) = (parts.last(), shown.last())
        && note.priority == Priority::High
        && fitted.as_ref() != Some(&note.text)
        && app.viewer.window.is_none()
    {
        moved = Some(note.text.clone());
        parts.pop();
        let texts: Vec<Part> = parts.iter().map(|(part, _)| part.clone()).collect();
        shown = fit(&texts, room, theme.separator(), theme.ellipsis());
    }
    let mut spans = vec![Span::raw(" ")];
    for ((_, style), text) in parts.iter().zip(shown) {
        let Some(text) = text else { continue };
        if spans.len() > 1 {
            spans.push(Span::raw(theme.separator()));
        }
        spans.push(Span::styled(text, *style));
    }
    draw_line(buf, area, &Line::from(spans));
    moved
}

/// The keys that do something now, for the bottom line: only what this
/// person may do here.
pub fn keys_now(app: &Seen<'_>) -> Vec<&'static str> {
    let shared = app.kind == Kind::Shared;
    let quit = if shared { "q leave" } else { "q quit" };
    let over = app.scores.finish.is_some() && matches!(app.viewer.window, None | Some(Window::GameOver(_)));
    let mut keys: Vec<&str> = match &app.viewer.window {
        _ if over && app.seat.is_none() => vec!["s scores", "m message", "q leave"],
        _ if over && shared => vec!["n new game", "s scores", "S record", "q leave"],
        _ if over => vec!["n new game", "r replay this seed", "s scores", "S stats", "q quit"],
        Some(window) => window.keys(app.sight),
        None if app.seat.is_none() => vec!["t trick", "c played", "s scores", "m message", "M messages"],
        None if app.is_passing() => vec!["arrows move", "Space mark", "Enter pass", "i hint", "s scores"],
        None if app.pending_pass().is_some() => vec!["u take back", "s scores"],
        None if app.pass_made().is_some() => vec!["s scores"],
        // Between hands there is no card to move to or play.
        None if app.phase != GamePhase::InHand => vec!["t trick", "c played", "s scores"],
        None => vec!["arrows move", "Enter play", "t trick", "c played", "i hint", "u undo"],
    };
    if app.may.hint.is_err() {
        keys.retain(|key| !key.starts_with("i "));
    }
    if app.play.tricks.is_empty() {
        keys.retain(|key| *key != "t trick");
    }
    if app.viewer.window.is_none() && app.proposal.as_ref().is_some_and(|proposal| proposal.mine) {
        keys.push("n withdraw");
    }
    if app.may.undo.is_err() {
        keys.retain(|key| !key.starts_with("u "));
    }
    if shared {
        for key in &mut keys {
            if *key == "q quit" {
                *key = "q leave";
            }
        }
    }
    let may_propose = shared && app.seat.is_some() && app.proposal.is_none() && app.viewer.window.is_none();
    if may_propose && app.seats_to_let_go().next().is_some() {
        keys.push("F free seat");
    }
    if app.viewer.window.is_none() && app.scores.finish.is_none() {
        keys.extend(["? help", quit]);
    }
    keys
}

/// Draws the keys that act now, or a long note in their place until the
/// note goes (`?` lists the keys meanwhile).
pub(super) fn key_line(buf: &mut Buffer, area: Rect, app: &Seen<'_>, note: Option<String>, now: Instant) {
    let theme = app.viewer.theme;
    if let Some(line) = &app.viewer.chat_line {
        // The message being written, its end in view; a full one says so, since more keys add nothing.
        let sep = theme.separator();
        let full =
            if line.chars().count() >= hearts_table::chat::CHAT_LENGTH { format!("full{sep}") } else { String::new() };
        let tail = format!("{sep}{full}Enter send{sep}Esc cancel");
        let room = usize::from(area.width).saturating_sub(7 + tail.chars().count());
        let shown: String = line.chars().skip(line.chars().count().saturating_sub(room)).collect();
        let spans = vec![
            Span::styled(" Say: ", theme.strong()),
            Span::raw(format!("{shown}_")),
            Span::styled(tail, theme.quiet()),
        ];
        draw_line(buf, area, &Line::from(spans));
        return;
    }
    // A window's keys come first: a message waits in the history (M) meanwhile.
    let fresh = app.chat.newest().filter(|said| now < said.at + CHAT_SHOWN && app.viewer.window.is_none());
    if let Some(said) = fresh {
        // A message too long for the line is cut at a word; `M` reads it whole.
        let room = usize::from(area.width).saturating_sub(said.from.chars().count() + 3);
        let text = if said.text.chars().count() <= room {
            said.text.clone()
        } else {
            let more = " (M)";
            format!("{}{more}", cut_to(&said.text, room.saturating_sub(more.len()), theme.ellipsis()))
        };
        let line = Line::from(vec![Span::styled(format!(" {}: ", said.from), theme.strong()), Span::raw(text)]);
        draw_line(buf, area, &line);
        return;
    }
    // A long note stands in the keys' place for a while; `?` lists them meanwhile.
    if let Some(note) = note.filter(|_| app.viewer.note_is_fresh(now)) {
        let room = usize::from(area.width).saturating_sub(1);
        let shown = if note.chars().count() <= room { note } else { cut_to(&note, room, app.viewer.theme.ellipsis()) };
        draw_line(buf, area, &Line::styled(format!(" {shown}"), app.viewer.theme.warning()));
        return;
    }
    let keys: Vec<String> = keys_now(app)
        .into_iter()
        .map(|key| key.replacen("arrows", if app.viewer.theme.ascii { "h l" } else { "←→" }, 1))
        .collect();
    let line = format!(" {}", keys.join(app.viewer.theme.separator()));
    draw_line(buf, area, &Line::styled(line, app.viewer.theme.quiet()));
}
