//! The bottom two lines: what happens now (and why a card was refused),
//! and the keys that act now.
//!
//! ```text
//!  You must follow clubs
//!  ←→ move · Enter play · t trick · c played · i hint · u undo · ? help · q quit
//! ```

use super::*;

/// What the status line says: a note (refusal) and what happens now.
pub fn status(app: &App, now: Instant) -> (Option<String>, String) {
    let theme = app.theme;
    let game = &app.game;
    let hand = game.hand();
    let name = |seat: Seat| app.table.seat_name(seat);
    let what = if let Some(finish) = app.finish {
        match finish {
            Finish::OutOfTime => "Time is up: the game is over".to_string(),
            Finish::Completed => "The game is over".to_string(),
        }
    } else if let Some((cards, _)) = app.pending_pass {
        let undo = if app.undo_allowed() { " (u takes them back)" } else { "" };
        format!("Passing {} to {}{}{undo}", theme.cards(cards.iter()), name(hand.pass_target(YOU)), theme.ellipsis())
    } else if app.showing_trick(now)
        && let Some(last) = game.tricks().last()
    {
        // Two packs: a trick no card won waits for the next winner, unless it
        // was the last, which its leader takes.
        let last_trick = game.phase() != GamePhase::InHand;
        match last.winner(app.players()).or(last_trick.then(|| last.leader())) {
            Some(YOU) => "You take the trick".to_string(),
            Some(seat) => format!("{} takes the trick", name(seat)),
            None => "The trick waits for the next winner".to_string(),
        }
    } else {
        match game.phase() {
            GamePhase::HandOver => "Hand over: Enter for the next hand".to_string(),
            GamePhase::GameOver => "The game is over".to_string(),
            GamePhase::MoonChoice(YOU) => "You shot the moon: choose how it counts".to_string(),
            GamePhase::MoonChoice(seat) => format!("{} shot the moon and is choosing how it counts", name(seat)),
            GamePhase::InHand => match app.seat_to_act() {
                _ if app.is_passing() => {
                    let need = hand.pass_count();
                    let target = name(hand.pass_target(YOU));
                    if app.marked.len() == need {
                        format!("Pass {} to {target}: Enter or click PASS", theme.cards(app.marked.iter()))
                    } else {
                        format!("Choose {need} cards to pass to {target} ({} of {need})", app.marked.len())
                    }
                }
                Some(YOU) if hand.phase() == HandPhase::Bidding => {
                    "Bid for the right to name the suit, or pass".to_string()
                }
                Some(seat) if hand.phase() == HandPhase::Bidding => format!("{} is bidding", name(seat)),
                Some(YOU) if hand.phase() == HandPhase::Naming => {
                    "You won the auction: name the penalty suit".to_string()
                }
                Some(seat) if hand.phase() == HandPhase::Naming => format!("{} is naming the suit", name(seat)),
                Some(YOU) if hand.phase() == HandPhase::Declaring => "Declare the Generale, or pass".to_string(),
                Some(seat) if hand.phase() == HandPhase::Declaring => {
                    format!("{} is deciding whether to declare the Generale", name(seat))
                }
                Some(YOU) => match hand.trick().led_suit() {
                    None => "Your lead".to_string(),
                    Some(suit) if !hand.holding(YOU).of_suit(suit).is_empty() => format!("Follow {}", suit.name()),
                    Some(suit) => format!("You have no {}: play any card", suit.name()),
                },
                Some(seat) => {
                    let queued = app
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
    };
    let what = if app.can_play_out() && app.finish.is_none() {
        format!("{what}{}no points left: o plays the hand out", app.theme.separator())
    } else {
        what
    };
    (app.note.clone(), what)
}

pub(super) fn status_line(buf: &mut Buffer, area: Rect, app: &App, now: Instant) {
    let theme = app.theme;
    let (note, what) = status(app, now);
    let mut spans = vec![Span::raw(" ")];
    // A refusal often says what the status would ("You must follow spades"
    // and "Follow spades"): then the status is left out.
    let repeats = note.as_ref().is_some_and(|note| note.to_lowercase().contains(&what.to_lowercase()));
    if let Some(note) = note {
        spans.push(Span::styled(note, theme.warning()));
        if !repeats {
            spans.push(Span::raw(theme.separator()));
        }
    }
    if !repeats {
        spans.push(Span::styled(what, theme.strong()));
    }
    Paragraph::new(Line::from(spans)).render(area, buf);
}

/// The keys that do something now, for the bottom line.
pub fn keys_now(app: &App) -> Vec<&'static str> {
    let mut keys: Vec<&str> = match &app.overlay {
        _ if app.finish.is_some() && matches!(app.overlay, None | Some(Overlay::GameOver(_))) => {
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
        None if app.pending_pass.is_some() => vec!["u take back", "s scores"],
        None => vec!["arrows move", "Enter play", "t trick", "c played", "i hint", "u undo"],
    };
    if !app.hints_allowed() {
        keys.retain(|key| !key.starts_with("i "));
    }
    if !app.undo_allowed() {
        keys.retain(|key| !key.starts_with("u "));
    }
    if app.overlay.is_none() && app.finish.is_none() {
        keys.extend(["? help", "q quit"]);
    }
    keys
}

pub(super) fn key_line(buf: &mut Buffer, area: Rect, app: &App) {
    let keys: Vec<String> = keys_now(app)
        .into_iter()
        .map(|key| key.replacen("arrows", if app.theme.ascii { "h l" } else { "←→" }, 1))
        .collect();
    let line = format!(" {}", keys.join(app.theme.separator()));
    Paragraph::new(Line::styled(line, app.theme.quiet())).render(area, buf);
}

/// The keys, as the help window and the README list them.
pub const KEYS: [(&str, &str); 19] = [
    ("← → or h l", "move along your hand (Home, End: to the ends)"),
    ("Space", "mark a card to pass / play the card"),
    ("Enter", "pass, play, continue, choose"),
    ("click", "mark or play a card, press a button"),
    ("Esc", "close a window, clear marks and queue"),
    ("i", "hint: what the bot would do"),
    ("u", "undo your last pass or card"),
    ("t", "the last trick; again for earlier ones"),
    ("c", "cards played so far, by suit"),
    ("s", "score sheet"),
    ("S", "statistics for these rules"),
    ("o", "play out a hand with no points left"),
    ("p", "pace: slow, normal, fast, instant"),
    ("r / n", "deal this hand again (asks) / a new game"),
    ("?", "this help; again: the rules of this game"),
    ("q", "quit (asks first; the game is saved)"),
    ("Ctrl-C", "quit at once (the game is saved)"),
    ("Ctrl-Z", "suspend to the shell (fg comes back)"),
    ("", "early cards queue up; any key skips a wait"),
];
