//! The words a table is told in, shared by both views (the screen and the
//! line mode) and below them: the table's notices for the person reading
//! them (their own seat is "you", the others by name or by where they sit
//! from here), the rules in brief, and what happened in a hand.

pub mod hand;
pub mod rules;

use hearts_engine::{Action, Seat};
use hearts_table::notice::{Hint, HintFailure, Job, Note, Notice, sentence};
use hearts_table::{Finish, Kind, Sight, fixed_seat_name};

use crate::theme::Theme;

/// "1 hand", "3 hands".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What the runtime says of its own work, in words.
pub fn note_words(note: &Note) -> String {
    match note {
        Note::OpenElsewhere => "A game is open in another hearts: this new game will not be saved".to_string(),
        Note::AtStart(what) => format!("Note: {what}"),
        Note::UnfinishedKept => {
            "New game: the unfinished one is kept with your games and its save replaced".to_string()
        }
        Note::Failed(job, error) => {
            let what = match job {
                Job::SaveGame => "Could not save the game".to_string(),
                Job::SaveTable => "Could not save the table".to_string(),
                Job::KeepGame => "Could not keep the game".to_string(),
                Job::ReplaySave => "The saved game does not replay".to_string(),
                Job::RememberChoices => "Could not remember the choices".to_string(),
                Job::RemoveSave => "Could not remove the finished game's save".to_string(),
                Job::RecordStatistics => "Could not record statistics".to_string(),
                Job::SaveOnSigterm => "SIGTERM will not save the game".to_string(),
                Job::KeepLook { name } => format!("Could not keep how {name} sees the cards"),
            };
            format!("{what}: {error}")
        }
    }
}

/// What a notice does to the status line's note: `Some(Some(text))` puts
/// it there, `Some(None)` clears it, `None` leaves it.
pub fn words(notice: &Notice, sight: &Sight, theme: Theme) -> Option<Option<String>> {
    let name = |seat: Seat| sight.name(seat);
    let text = match notice {
        Notice::Refused(refusal) => refusal.to_string(),
        Notice::Note(note) => note_words(note),
        Notice::BotFailed { name, failure } => format!("{name}: {failure}"),
        Notice::Welcome { name, seat: Some(seat), back, .. } => seated_welcome(name, *seat, *back, sight),
        Notice::Welcome { name, seat: None, asked_to_watch: true, .. } => format!("Welcome, {name}: you are watching"),
        Notice::Welcome { name, seat: None, .. } => {
            format!("Welcome, {name}: every seat is taken, so you are watching")
        }
        Notice::Arrived { name, back: true, .. } => format!("{name} is back"),
        Notice::Arrived { name, seat, .. } => format!("{name} sits down {}", seat_word(*seat, sight.players())),
        Notice::GaveUp { name: Some(name) } => {
            format!("{name} gave up their seat: its bot plays it, and the next to come may take it")
        }
        Notice::SeatFreed { name, kept: Some(kept) } => {
            format!("{name} has been away over {} minutes: their seat is free for whoever comes", kept.as_secs() / 60)
        }
        Notice::SeatFreed { name, kept: None } => {
            format!("As the table agreed, {name}'s seat is its bot's: free for whoever comes")
        }
        Notice::GaveUp { name: None } => "You gave up your seat for good: you are watching".to_string(),
        Notice::Left { name, grace } => {
            format!("{name} left: their seat waits {} s, then its bot plays for them", grace.as_secs())
        }
        Notice::NewGame { .. } if sight.kind == Kind::Local => return Some(None),
        Notice::NewGame { by, seat_lost, .. } => {
            let who = by.as_deref().map_or_else(|| "A new game".to_string(), |by| format!("{by} started a new game"));
            let label = &sight.setup.label;
            if *seat_lost {
                format!("{who} of {label}: it has fewer seats, so you are watching")
            } else {
                format!("{who} of {label}")
            }
        }
        Notice::Proposed { by, .. } if sight.proposal.as_ref().is_some_and(|p| p.asked) => {
            format!("{by} proposes {}: y / n", proposed(sight))
        }
        Notice::Proposed { by, .. } if sight.proposal.is_some() && sight.seat.is_none() => {
            format!("{by} proposes {}", proposed(sight))
        }
        Notice::Proposed { .. } if sight.proposal.as_ref().is_some_and(|proposal| proposal.mine) => {
            format!("You proposed {}: n withdraws it", proposed(sight))
        }
        Notice::Proposed { .. } => return None,
        Notice::Declined { by, freeing } => {
            let what = freeing.as_ref().map_or("the new game".to_string(), |name| format!("letting {name}'s seat go"));
            format!("{} declined {what}", by.as_deref().unwrap_or("You"))
        }
        Notice::Withdrawn { by, freeing } => {
            let what = freeing.as_ref().map_or("a new game".to_string(), |name| format!("letting {name}'s seat go"));
            match by {
                Some(by) => format!("{by} withdrew the proposal of {what}"),
                None => format!("You withdrew your proposal of {what}"),
            }
        }
        Notice::Resumed { seed } => format!("Resumed the game of seed {seed}"),
        Notice::Rebuilt => "The table stumbled and was set up again where it was".to_string(),
        Notice::NoPassing { hold } => {
            format!("No passing this hand ({})", if *hold { "hold hand" } else { "no passing in these rules" })
        }
        Notice::HandDealt | Notice::Exchanged | Notice::QueuePlayed => return Some(None),
        Notice::DealtAgain { hand } => format!("Hand {hand} dealt again"),
        Notice::Received { cards, from } => {
            format!("You received {} from {}", theme.cards(cards.iter()), name(*from))
        }
        Notice::Drew { seat, count, left, cards: Some(cards) } if sight.is_mine(*seat) => {
            format!("You drew {count}: {} ({left} left in the stock)", theme.cards(cards.iter()))
        }
        Notice::Drew { seat, count, left, .. } => {
            let cards = if *count == 1 { "card" } else { "cards" };
            format!("{} could not follow and drew {count} {cards} ({left} left)", name(*seat))
        }
        Notice::StockTaken { seat, won_last_trick, cards, points } => {
            let why = if *won_last_trick { "won the last trick" } else { "held the last cards" };
            format!("{} {why} and took the stock: {cards} cards, {points} points", name(*seat))
        }
        Notice::EndsMidHand { target } => format!("{target} reached: the game ends in the middle of the hand"),
        Notice::WidowTaken { seat, cards: Some(cards), .. } if sight.is_mine(*seat) => {
            format!("You took the {}: {}", sight.rules().kitty_name(), theme.cards(cards.iter()))
        }
        Notice::WidowTaken { seat, count, .. } => {
            format!("{} took the {} ({count} cards)", name(*seat), sight.rules().kitty_name())
        }
        Notice::Declared { seat, points } => {
            let whom = if sight.is_mine(*seat) { "you" } else { "them" };
            format!("{} declared the Generale: every point to {whom}, or {points} for failing", name(*seat))
        }
        Notice::Bid { seat, chips: Some(chips) } => format!("{} bid {chips}", name(*seat)),
        Notice::Bid { seat, chips: None } => format!("{} did not bid", name(*seat)),
        Notice::SuitNamed { seat, suit } => {
            let leads = if sight.is_mine(*seat) { "you lead" } else { "leads" };
            format!("{} named {}: each is worth 1, and {leads}", name(*seat), suit.name())
        }
        // The status line says it while the trick is shown, with the cards waiting.
        Notice::TrickRolledOver { .. } => return Some(None),
        Notice::HandScored | Notice::GameOver(Finish::Completed | Finish::OutOfTime) => return None,
        Notice::PlayedOut => "Played out: no points were left".to_string(),
        Notice::PassTakenBack { cards } => format!("Took back your pass of {}", theme.cards(cards.iter())),
        Notice::CardTakenBack { card } => format!("Took back your {}", theme.card(*card)),
        Notice::QueueDropped { card, why } => {
            format!("Dropped the queued {}: {}", theme.card(*card), why.to_string().trim_end_matches('.'))
        }
        Notice::HintWorking => format!("Working out a hint{}", theme.ellipsis()),
        Notice::Hint(Hint::Pass(cards)) => format!("Hint: pass {}", theme.cards(cards.iter())),
        Notice::Hint(Hint::Play { best, runner_up }) => {
            let runner_up =
                runner_up.map(|(card, cost)| format!("; {} costs {cost:.1}", theme.card(card))).unwrap_or_default();
            format!("Hint: play {}{runner_up}", theme.card(*best))
        }
        Notice::HintFailed(HintFailure::Busy) => "The hint failed: too many are being worked out".to_string(),
        Notice::HintFailed(HintFailure::Failed(why)) => format!("The hint failed: {why}"),
        Notice::Paced { speed } => format!("Speed: {}", speed.name()),
        Notice::ActionFailed(why) => sentence(why),
        Notice::BotActed(action) => match action {
            Action::Play { card, .. } => format!("Time ran out: your bot played {}", theme.card(*card)),
            Action::Pass { cards, .. } => format!("Time ran out: your bot passed {}", theme.cards(cards.iter())),
            _ => "Time ran out: your bot moved for you".to_string(),
        },
        Notice::TimedOut { name } => format!("Time ran out for {name}: their bot moved for them"),
        Notice::MoreTime { by: Some(by), left } => format!("{by} asked for more time: {} left", clock_words(*left)),
        Notice::MoreTime { by: None, left } => format!("You have more time: {} left", clock_words(*left)),
    };
    Some(Some(text))
}

/// A time on the clock as the table shows it: "0:40".
fn clock_words(time: std::time::Duration) -> String {
    let seconds = time.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The welcome of a person who sits down: back at their seat, at a
/// finished game's seat for the next game, or taking on a seat's points.
fn seated_welcome(name: &str, seat: Seat, back: bool, sight: &Sight) -> String {
    if back {
        // Its bot may have played while they were away: the seat is theirs again, not as it was.
        return format!("Welcome back, {name}: your seat is yours again ({})", seat_word(seat, sight.players()));
    }
    // A finished game's scores are its players': a newcomer sits for the next one.
    if sight.scores.finish.is_some() {
        return format!("Welcome, {name}: you sit {} for the next game; n starts it", seat_word(seat, sight.players()));
    }
    let mut welcome = format!("Welcome, {name}: you sit {}", seat_word(seat, sight.players()));
    // The seat's score so far is the newcomer's now.
    match sight.scores.standings[seat] {
        _ if sight.scores.chips.is_some() => {}
        0 => {}
        1 => welcome.push_str(" and take on its 1 point"),
        points => welcome.push_str(&format!(" and take on its {points} points")),
    }
    // The status line says which cards: the welcome says they were not this person's choice.
    if sight.pass_made().is_some() {
        welcome.push_str("; its pass was made before you came");
    }
    welcome
}

/// Where a seat is, for a welcome: "at South", "at Seat 3", as the
/// shared table names its seats.
pub fn seat_word(seat: Seat, players: usize) -> String {
    format!("at {}", fixed_seat_name(seat, players))
}

/// The game proposed at the table, in a few words.
fn proposed(sight: &Sight) -> String {
    sight.proposal.as_ref().map(|proposal| proposal.game_words()).unwrap_or_default()
}
