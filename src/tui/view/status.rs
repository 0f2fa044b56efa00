//! The bottom two lines: what happens now (and why a card was refused),
//! and the keys that act now.
//!
//! ```text
//!  You must follow clubs
//!  ←→ move · Enter play · t trick · c played · i hint · u undo · ? help · q quit
//! ```

use super::*;
use crate::tui::fit::{Part, Priority, cut_after_word, fit};

/// What the status line says: a note (refusal) and what happens now, with
/// what may be done besides.
pub fn status(app: &Seen, now: Instant) -> (Option<String>, String) {
    let what = asides(app)
        .into_iter()
        .fold(instruction(app, now), |what, aside| format!("{what}{}{}", app.person.theme.separator(), aside.text));
    (app.person.note.clone(), what)
}

/// What happens now: on your turn, what you must do.
fn instruction(app: &Seen, now: Instant) -> String {
    let theme = app.person.theme;
    let game = &app.game;
    let hand = game.hand();
    let name = |seat: Seat| app.seat_name(seat);
    if let Some(finish) = app.finish {
        match finish {
            Finish::OutOfTime => "Time is up: the game is over".to_string(),
            Finish::Completed => "The game is over".to_string(),
        }
    } else if let (Some(me), Some(pass)) = (app.seat(), app.pending_pass()) {
        format!("Passing {} to {}{}", theme.cards(pass.cards.iter()), name(hand.pass_target(me)), theme.ellipsis())
    } else if app.showing_trick(now)
        && let Some(last) = game.tricks().last()
    {
        // Two packs: a trick no card won waits for the next winner, unless it
        // was the last, which its leader takes.
        let last_trick = game.phase() != GamePhase::InHand;
        match last.winner(app.players()).or(last_trick.then(|| last.leader())) {
            Some(seat) if app.is_mine(seat) => "You take the trick".to_string(),
            Some(seat) => format!("{} takes the trick", name(seat)),
            None => "The trick waits for the next winner".to_string(),
        }
    } else if let Some(waiting) = app.waiting_line(now).filter(|_| !app.is_passing() && !app.to_act()) {
        crate::tui::app::sentence(&waiting)
    } else {
        match game.phase() {
            GamePhase::HandOver => "Hand over: Enter for the next hand".to_string(),
            GamePhase::GameOver => "The game is over".to_string(),
            GamePhase::MoonChoice(seat) if app.is_mine(seat) => "You shot the moon: choose how it counts".to_string(),
            GamePhase::MoonChoice(seat) => format!("{} shot the moon and is choosing how it counts", name(seat)),
            GamePhase::InHand => match app.seat_to_act() {
                _ if app.is_passing() => {
                    let need = hand.pass_count();
                    let target = name(hand.pass_target(app.seat().unwrap_or(Seat::SOUTH)));
                    if app.person.marked.len() == need {
                        format!("Pass {} to {target}: Enter or click PASS", theme.cards(app.person.marked.iter()))
                    } else {
                        format!("Choose {need} cards to pass to {target} ({} of {need})", app.person.marked.len())
                    }
                }
                Some(seat) if app.is_mine(seat) && hand.phase() == HandPhase::Bidding => {
                    "Bid for the right to name the suit, or pass".to_string()
                }
                Some(seat) if hand.phase() == HandPhase::Bidding => format!("{} is bidding", name(seat)),
                Some(seat) if app.is_mine(seat) && hand.phase() == HandPhase::Naming => {
                    "You won the auction: name the penalty suit".to_string()
                }
                Some(seat) if hand.phase() == HandPhase::Naming => format!("{} is naming the suit", name(seat)),
                Some(seat) if app.is_mine(seat) && hand.phase() == HandPhase::Declaring => {
                    "Declare the Generale, or pass".to_string()
                }
                Some(seat) if hand.phase() == HandPhase::Declaring => {
                    format!("{} is deciding whether to declare the Generale", name(seat))
                }
                Some(seat) if app.is_mine(seat) => match hand.trick().led_suit() {
                    None => "Your lead".to_string(),
                    Some(suit) if !hand.holding(seat).of_suit(suit).is_empty() => format!("Follow {}", suit.name()),
                    Some(suit) => format!("You have no {}: play any card", suit.name()),
                },
                Some(seat) => {
                    let queued = app
                        .person
                        .queued
                        .map(|card| format!("{}{} queued", theme.separator(), theme.card(card)))
                        .unwrap_or_default();
                    if hand.phase() == HandPhase::Passing {
                        format!("{} is choosing a pass{queued}", name(seat))
                    } else {
                        format!("{} is thinking{queued}", name(seat))
                    }
                }
                None => String::new(),
            },
        }
    }
}

/// What may be done besides, least important first to go.
fn asides(app: &Seen) -> Vec<Part> {
    let mut asides = Vec::new();
    if app.pending_pass().is_some() && app.finish.is_none() && app.undo_allowed() {
        asides.push(Part::with_short("u takes them back", "u undoes", Priority::Low));
    }
    if app.can_play_out() && app.finish.is_none() {
        asides.push(Part::with_short("no points left: o plays the hand out", "o plays out", Priority::Low));
    }
    asides
}

/// The status line's parts in order, each with its look: what happens now
/// first and whole, then what may be done besides, then the note.
fn status_parts(app: &Seen, now: Instant) -> Vec<(Part, Style)> {
    let theme = app.person.theme;
    let instruction = instruction(app, now);
    // A refusal often says what the instruction would ("You must follow
    // spades" and "Follow spades"): then the refusal stands in its place.
    match &app.person.note {
        Some(note) if note.to_lowercase().contains(&instruction.to_lowercase()) => {
            return vec![(Part::new(note.clone(), Priority::Must), theme.warning())];
        }
        _ => {}
    }
    let mut parts = vec![(Part::new(instruction, Priority::Must), theme.strong())];
    parts.extend(asides(app).into_iter().map(|aside| (aside, theme.quiet())));
    if let Some(note) = &app.person.note {
        parts.push((Part::new(note.clone(), Priority::High), theme.warning()));
    }
    parts
}

/// Draws the status line; a note that does not fit whole beside what
/// happens now is returned, to stand on the key line in its place (with
/// no window open, whose keys that line must show).
pub(super) fn status_line(buf: &mut Buffer, area: Rect, app: &Seen, now: Instant) -> Option<String> {
    let theme = app.person.theme;
    let mut parts = status_parts(app, now);
    let texts: Vec<Part> = parts.iter().map(|(part, _)| part.clone()).collect();
    let room = usize::from(area.width).saturating_sub(1);
    let mut shown = fit(&texts, room, theme.separator(), theme.ellipsis());
    let mut moved = None;
    if let (Some((note, _)), Some(fitted)) = (parts.last(), shown.last())
        && note.priority == Priority::High
        && fitted.as_ref() != Some(&note.text)
        && app.person.overlay.is_none()
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
    Paragraph::new(Line::from(spans)).render(area, buf);
    moved
}

/// The keys that do something now, for the bottom line.
pub fn keys_now(app: &Seen) -> Vec<&'static str> {
    let mut keys: Vec<&str> = match &app.person.overlay {
        _ if app.finish.is_some() && matches!(app.person.overlay, None | Some(Overlay::GameOver(_))) => {
            vec!["n new game", "r replay this seed", "s scores", "S stats", "q quit"]
        }
        Some(Overlay::Trick(_)) => vec!["t earlier", "arrows step", "Esc close"],
        Some(Overlay::Help) => vec!["? the rules of this game", "Esc close"],
        Some(Overlay::Rules | Overlay::ScoreSheet | Overlay::Stats) => vec!["Esc close"],
        Some(Overlay::ConfirmQuit | Overlay::ConfirmRestart) => vec!["y yes", "n no"],
        Some(Overlay::HandSummary) => vec!["Enter continue", "s scores", "q quit"],
        Some(Overlay::MoonChoice(_)) => vec!["arrows choose", "Enter confirm"],
        Some(Overlay::Generale(_)) => vec!["y declare", "n pass", "arrows choose", "Enter confirm", "? help", "q quit"],
        Some(Overlay::Bid(_)) => vec!["arrows change", "Enter bid", "n pass", "? help", "q quit"],
        Some(Overlay::NameSuit(_)) => vec!["arrows choose", "Enter name", "? help", "q quit"],
        Some(Overlay::Resume(offer)) if !offer.programs.is_empty() => {
            vec!["Enter resume", "y run the programs", "n new game", "q quit"]
        }
        Some(Overlay::Resume(_)) => vec!["Enter resume", "n new game", "q quit"],
        Some(Overlay::NewGame(_)) => vec!["up/down line", "arrows change", "digits type", "Enter start", "Esc cancel"],
        Some(Overlay::GameOver(_)) => vec!["n new game", "r replay this seed", "q quit"],
        None if app.is_passing() => vec!["arrows move", "Space mark", "Enter pass", "i hint", "s scores"],
        None if app.pending_pass().is_some() => vec!["u take back", "s scores"],
        None => vec!["arrows move", "Enter play", "t trick", "c played", "i hint", "u undo"],
    };
    if !app.hints_allowed() {
        keys.retain(|key| !key.starts_with("i "));
    }
    if !app.undo_allowed() {
        keys.retain(|key| !key.starts_with("u "));
    }
    if app.person.overlay.is_none() && app.finish.is_none() {
        keys.extend(["? help", "q quit"]);
    }
    keys
}

/// Draws the keys that act now, or a long note in their place until the
/// note goes (`?` lists the keys meanwhile).
pub(super) fn key_line(buf: &mut Buffer, area: Rect, app: &Seen, note: Option<String>, now: Instant) {
    let theme = app.person.theme;
    if let Some(line) = &app.person.chat_line {
        // The message being written, its end in view.
        let tail = format!("{}: Enter send{}Esc cancel", theme.separator(), theme.separator());
        let room = usize::from(area.width).saturating_sub(7 + tail.chars().count());
        let shown: String = line.chars().skip(line.chars().count().saturating_sub(room)).collect();
        let spans = vec![
            Span::styled(" Say: ", theme.strong()),
            Span::raw(format!("{shown}_")),
            Span::styled(tail, theme.quiet()),
        ];
        Paragraph::new(Line::from(spans)).render(area, buf);
        return;
    }
    if let Some(said) = app.chat.back().filter(|said| now < said.at + crate::tui::app::CHAT_SHOWN) {
        let line =
            Line::from(vec![Span::styled(format!(" {}: ", said.from), theme.strong()), Span::raw(said.text.clone())]);
        Paragraph::new(line).render(area, buf);
        return;
    }
    if let Some(note) = note {
        let room = usize::from(area.width).saturating_sub(1);
        let shown = if note.chars().count() <= room {
            note
        } else {
            cut_after_word(&note, room, app.person.theme.ellipsis()).unwrap_or_default()
        };
        Paragraph::new(Line::styled(format!(" {shown}"), app.person.theme.warning())).render(area, buf);
        return;
    }
    let keys: Vec<String> = keys_now(app)
        .into_iter()
        .map(|key| key.replacen("arrows", if app.person.theme.ascii { "h l" } else { "←→" }, 1))
        .collect();
    let line = format!(" {}", keys.join(app.person.theme.separator()));
    Paragraph::new(Line::styled(line, app.person.theme.quiet())).render(area, buf);
}

/// The keys, as the help window and the README list them.
pub const KEYS: [(&str, &str); 20] = [
    ("← → or h l", "move along your hand (Home, End: to the ends)"),
    ("Space", "mark a card to pass / play the card"),
    ("Enter", "pass, play, continue, choose"),
    ("click", "mark or play a card, press a button"),
    ("Esc", "close a window, clear marks and queue"),
    ("i", "hint: what the expert would do"),
    ("u", "undo your last pass or card"),
    ("t", "the last trick; again for earlier ones"),
    ("c", "cards played so far, by suit"),
    ("s", "score sheet"),
    ("S", "statistics for these rules"),
    ("o", "play out a hand with no points left"),
    ("p", "pace: slow, normal, fast, instant"),
    ("m", "a message to the others at a shared table"),
    ("r / n", "deal this hand again (asks) / a new game"),
    ("?", "this help; again: the rules of this game"),
    ("q", "quit (asks first; the game is saved)"),
    ("Ctrl-C", "quit at once (the game is saved)"),
    ("Ctrl-Z", "suspend to the shell (fg comes back)"),
    ("", "early cards queue up; any key skips a wait"),
];
