//! `hearts replay`: a kept game stepped through card by card, every hand
//! face up (cards already played dimmed), the trick in the middle and the
//! score sheet alongside. [`Replay`] is the model (one step a position of
//! the game); [`draw`] draws it; the terminal and the lobby drive it.
//!
//! ```text
//!  Replay  game 3 of 12 · deal 42/2 · hand 2 of 9 · trick 5 · card 3/4
//!  You (human)     ♣ 2 9 K · ♦ 4 · ♠ Q · ♥ A 7 3
//!  Left (normal)   ♣ 5 · ♦ J 10 ...
//!  ...
//!  Trick 5   Left led 9♣ · Across 2♣ · Right K♣
//!  Right takes the trick (2 pts)                 Hand  You  Left ...
//!                                                1     3    13  ...
//!  [◀ card] [card ▶] [◀ trick] [trick ▶] [◀ hand] [hand ▶]
//!  ←→ card · ↑↓ trick · PgUp PgDn hand · Home End · q quit
//! ```

use std::sync::mpsc::{self, Receiver};

use crossterm::event::KeyCode;

use hearts_bots::protocol::moon_name;
use hearts_bots::record::{GameRecord, ReplayError};
use hearts_engine::{Action, Game, HandPhase, Seat};
use hearts_table::review::Decision;

use crate::theme::Theme;

mod draw;
pub use draw::{Buttons, draw};
use hearts_table::seat_name;

/// One position of the replayed game.
#[derive(Clone, Debug)]
struct Step {
    /// The game after this step's action.
    game: Game,
    /// Which hand of the record (0-based).
    hand: usize,
    /// What just happened, in words.
    what: String,
    /// The card played at this step: (hand number, trick, seat).
    play: Option<(u32, usize, Seat)>,
}

/// How the replay names the seats, and whose it is.
#[derive(Clone, Debug)]
struct SeatNames {
    /// The seat of the person replaying it, "You"; `None` for someone who
    /// did not play in it.
    own: Option<Seat>,
    /// Each seat as sentences name it ("You", "carol", "Left"), by index.
    words: Vec<String>,
    /// Each seat's name beside its hand ("You (alice)", "Left (normal)").
    labels: Vec<String>,
    /// The seats in the order they are listed: the person's own first.
    order: Vec<Seat>,
}

impl SeatNames {
    /// At the terminal: seat 0 is "You", each other seat is named by its
    /// place from there, each labelled with what played it.
    fn at_home(record: &GameRecord, players: usize) -> SeatNames {
        let words: Vec<String> = Seat::all(players).map(|seat| seat_name(seat, players)).collect();
        let labels =
            Seat::all(players).map(|seat| format!("{} ({})", words[seat.index()], player(record, seat))).collect();
        SeatNames { own: Some(Seat::SOUTH), words, labels, order: Seat::all(players).collect() }
    }

    /// For the person who played `own` (`None`: someone who did not play):
    /// the people by the names they played under, the bots by their place
    /// from `own`; the person's own seat is "You" and is listed first.
    fn seen_from(record: &GameRecord, players: usize, own: Option<Seat>) -> SeatNames {
        let from = own.unwrap_or(Seat::SOUTH);
        let place = |seat: Seat| match Seat::new((seat.index() + players - from.index()) % players) {
            Some(place) if place.index() > 0 => seat_name(place, players),
            _ if own.is_some() => "You".to_string(),
            _ => "South".to_string(),
        };
        let mut words = Vec::new();
        let mut labels = Vec::new();
        for seat in Seat::all(players) {
            let played_by = player(record, seat);
            let name = played_by.strip_prefix("human:");
            let word = match name {
                _ if Some(seat) == own => "You".to_string(),
                Some(name) => name.to_string(),
                None => place(seat),
            };
            labels.push(format!("{} ({})", place(seat), name.unwrap_or(played_by)));
            words.push(word);
        }
        let order = (0..players).filter_map(|i| Seat::new((from.index() + i) % players)).collect();
        SeatNames { own, words, labels, order }
    }

    /// A seat as sentences name it.
    fn word(&self, seat: Seat) -> String {
        self.words.get(seat.index()).cloned().unwrap_or_default()
    }
}

/// What played `seat` in `record`: a bot's level, `human` or `human:NAME`.
fn player(record: &GameRecord, seat: Seat) -> &str {
    record.seats.get(seat.index()).map_or("", |s| s.player.as_str())
}

/// A kept game, stepped through.
#[derive(Debug)]
pub struct Replay {
    record: GameRecord,
    /// The seats' names, and whose replay it is.
    seating: SeatNames,
    /// Which game of the file (1-based) and how many there are.
    number: (usize, usize),
    steps: Vec<Step>,
    /// The step on show.
    pub at: usize,
    /// The look.
    pub theme: Theme,
    /// The expert's review of one seat's cards, as far as it is made.
    review: Vec<Decision>,
    /// How far the review is.
    reviewing: Reviewing,
    /// A hand number being typed.
    typed: String,
    /// What the last key could not do, said until the next.
    said: Option<&'static str>,
}

/// What the review, worked out beside the replay, reports.
#[derive(Debug)]
pub enum ReviewNews {
    /// One more decision judged.
    Judged(Decision),
    /// Tricks reviewed so far, of all.
    Progress(usize, usize),
    /// The review is complete.
    Done,
    /// The review could not be made.
    Failed(String),
}

/// How far the review is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Reviewing {
    /// No review was asked for.
    Off,
    /// Being worked out: tricks done, of all.
    Working(usize, usize),
    /// Complete.
    Done,
    /// It could not be made, and why.
    Failed(String),
}

/// What a key or click asks of the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// One card forward or back.
    Card(isize),
    /// To the end of this trick (or the last), or back to the previous one.
    Trick(isize),
    /// To the start of the next or previous hand.
    Hand(isize),
    /// The very start or end.
    Start,
    /// The very end.
    End,
    /// The next card the review marks as costly.
    Mistake,
    /// A digit of a hand number to jump to.
    Digit(char),
    /// Enter: to the hand typed, else to the end of the trick.
    Enter,
}

impl Replay {
    /// Steps through `record` (game `number.0` of `number.1` in its file)
    /// as the terminal's own game: seat 0 is "You". The record is checked
    /// first: one that does not replay is an error.
    pub fn new(record: GameRecord, number: (usize, usize), theme: Theme) -> Result<Replay, ReplayError> {
        Replay::with_seating(record, number, theme, SeatNames::at_home)
    }

    /// Steps through a game played at a server, replayed by the person
    /// who played seat `own` (`None`: by someone who did not play in it).
    /// Each seat is named by who played it: that person's seat is "You"
    /// and listed first, the others by the names they played under, the
    /// bots by their place from `own`; the pass shown is `own`'s.
    pub fn seen_from(
        record: GameRecord,
        number: (usize, usize),
        theme: Theme,
        own: Option<Seat>,
    ) -> Result<Replay, ReplayError> {
        Replay::with_seating(record, number, theme, |record, players| SeatNames::seen_from(record, players, own))
    }

    /// Steps through `record`, its seats named by `seating` (of the record
    /// and its number of players).
    fn with_seating(
        record: GameRecord,
        number: (usize, usize),
        theme: Theme,
        seating: impl FnOnce(&GameRecord, usize) -> SeatNames,
    ) -> Result<Replay, ReplayError> {
        let (mut game, actions) = record.actions()?;
        let players = game.rules().player_count();
        let seating = seating(&record, players);
        let name = |seat: Seat| seating.word(seat);
        // "You play", "Left plays", "carol passes".
        let does = |seat: Seat, verb: &str| {
            let ending = if Some(seat) == seating.own {
                ""
            } else if verb.ends_with('s') {
                "es"
            } else {
                "s"
            };
            format!("{} {verb}{ending}", name(seat))
        };
        let dealt = |game: &Game, hand: usize| {
            let dealer = name(game.hand().dealer());
            let what = format!("Hand {} dealt by {dealer}; pass {}", game.hand_number(), game.hand().pass_direction());
            Step { game: game.clone(), hand, what, play: None }
        };
        let mut steps = Vec::new();
        let mut hand = 0;
        if !record.hands.is_empty() {
            steps.push(dealt(&game, hand));
        }
        for action in actions {
            let (number, trick) = (game.hand_number(), game.tricks().len() + 1);
            game.apply(action).expect("checked by the record's actions");
            match action {
                Action::NextHand => {
                    hand += 1;
                    steps.push(dealt(&game, hand));
                }
                Action::Pass { .. } if game.hand().phase() == HandPhase::Passing => {}
                Action::Pass { .. } => {
                    let step = match seating.own {
                        Some(own) => {
                            let yours = game.hand().passed(own);
                            let what = format!("Cards passed (you passed {})", theme.cards(yours));
                            // Trick 0 stands for the pass in the review.
                            Step { game: game.clone(), hand, what, play: Some((number, 0, own)) }
                        }
                        None => Step { game: game.clone(), hand, what: "Cards passed".to_string(), play: None },
                    };
                    steps.push(step);
                }
                Action::Play { seat, card } => {
                    let mut what = format!("{} {}", does(seat, "play"), theme.card(card));
                    if game.tricks().len() == trick
                        && let Some(winner) = game.tricks().last().and_then(|t| t.winner(players))
                    {
                        what += &format!("; {} the trick", does(winner, "take"));
                    }
                    steps.push(Step { game: game.clone(), hand, what, play: Some((number, trick, seat)) });
                }
                Action::ChooseMoon { seat, scoring } => {
                    let what = format!("{} shot the moon ({})", name(seat), moon_name(scoring));
                    steps.push(Step { game: game.clone(), hand, what, play: None });
                }
                Action::Declare { seat, generale: true } => {
                    let what = format!("{} the Generale", does(seat, "declare"));
                    steps.push(Step { game: game.clone(), hand, what, play: None });
                }
                Action::Declare { .. } => {}
                Action::Bid { seat, chips } => {
                    let what = match chips {
                        Some(chips) => format!("{} {chips}", does(seat, "bid")),
                        None => format!("{} the auction", does(seat, "pass")),
                    };
                    steps.push(Step { game: game.clone(), hand, what, play: None });
                }
                Action::NameSuit { seat, suit } => {
                    let what = format!("{} {}", does(seat, "name"), suit.name());
                    steps.push(Step { game: game.clone(), hand, what, play: None });
                }
            }
        }
        if steps.is_empty() {
            steps.push(Step { game, hand: 0, what: "No hand was played".to_string(), play: None });
        }
        Ok(Replay {
            record,
            seating,
            number,
            steps,
            at: 0,
            theme,
            review: Vec::new(),
            reviewing: Reviewing::Off,
            typed: String::new(),
            said: None,
        })
    }

    /// Marks the reviewed seat's costly cards (see [`hearts_table::review`]).
    pub fn with_review(mut self, review: Vec<Decision>) -> Replay {
        self.review = review;
        self.reviewing = Reviewing::Done;
        self
    }

    /// Takes in what the review being worked out reports: each decision's
    /// mark appears as soon as it is judged.
    pub fn hear(&mut self, news: ReviewNews) {
        match news {
            ReviewNews::Judged(decision) => self.review.push(decision),
            ReviewNews::Progress(done, total) => self.reviewing = Reviewing::Working(done, total),
            ReviewNews::Done => self.reviewing = Reviewing::Done,
            ReviewNews::Failed(why) => self.reviewing = Reviewing::Failed(why),
        }
    }

    /// Starts the expert's review of `seat`'s cards on a thread of its own,
    /// `samples` deals a decision; its news comes on the channel returned.
    pub fn review_in_background(&mut self, seat: Seat, samples: usize) -> Receiver<ReviewNews> {
        let (sender, news) = mpsc::channel();
        let record = self.record.clone();
        let tricks = record.hands.iter().map(|hand| hand.tricks.len()).sum();
        self.review.clear();
        self.reviewing = Reviewing::Working(0, tricks);
        std::thread::spawn(move || {
            // A closed channel (the replay was left) just goes unheard.
            let judged = |decision| drop(sender.send(ReviewNews::Judged(decision)));
            let progress = |done, total| drop(sender.send(ReviewNews::Progress(done, total)));
            let end = match hearts_table::review::review_each(&record, seat, samples, judged, progress) {
                Ok(()) => ReviewNews::Done,
                Err(error) => ReviewNews::Failed(error.to_string()),
            };
            let _ = sender.send(end);
        });
        news
    }

    /// The review of the card played at the step on show, if any.
    fn decision_here(&self) -> Option<&Decision> {
        let (hand, trick, seat) = self.steps[self.at].play?;
        self.review.iter().find(|d| d.hand == hand && d.trick == trick && d.seat == seat.index())
    }

    /// The next step whose card cost something, after the one on show.
    fn next_mistake(&self) -> Option<usize> {
        let costly = |step: &Step| {
            step.play.is_some_and(|(hand, trick, seat)| {
                self.review
                    .iter()
                    .any(|d| d.hand == hand && d.trick == trick && d.seat == seat.index() && d.verdict().is_some())
            })
        };
        (self.at + 1..self.steps.len()).find(|&i| costly(&self.steps[i]))
    }

    /// Whether the review is being worked out now.
    pub fn is_reviewing(&self) -> bool {
        matches!(self.reviewing, Reviewing::Working(..))
    }

    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether there is nothing to step through (never: a game has a start).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The game at the step on show.
    pub fn game(&self) -> &Game {
        &self.steps[self.at].game
    }

    /// Moves through the game.
    pub fn go(&mut self, how: Move) {
        self.said = None;
        let how = match how {
            Move::Digit(digit) => {
                if self.typed.len() < 4 {
                    self.typed.push(digit);
                }
                return;
            }
            Move::Enter => match std::mem::take(&mut self.typed).parse::<u32>() {
                Ok(number) => {
                    let hand = self.record.hands.iter().position(|log| log.number == number);
                    if let Some(at) = hand.and_then(|h| self.steps.iter().position(|step| step.hand == h)) {
                        self.at = at;
                    }
                    return;
                }
                Err(_) => Move::Trick(1),
            },
            other => {
                self.typed.clear();
                other
            }
        };
        let last = self.steps.len() - 1;
        let trick_count = |step: &Step| (step.hand, step.game.tricks().len());
        self.at = match how {
            Move::Card(step) => self.at.saturating_add_signed(step).min(last),
            Move::Start => 0,
            Move::Mistake => self.next_mistake().unwrap_or_else(|| {
                self.said = Some("No later mistake in the review");
                self.at
            }),
            Move::Digit(_) | Move::Enter => self.at,
            Move::End => last,
            Move::Trick(1) => {
                let now = trick_count(&self.steps[self.at]);
                (self.at + 1..=last).find(|&i| trick_count(&self.steps[i]) > now).unwrap_or(last)
            }
            Move::Trick(_) => {
                let now = trick_count(&self.steps[self.at]);
                let earlier = (0..self.at).rev().find(|&i| trick_count(&self.steps[i]) < now);
                earlier.map_or(0, |i| {
                    let target = trick_count(&self.steps[i]);
                    (0..=i).rev().take_while(|&j| trick_count(&self.steps[j]) == target).last().unwrap_or(i)
                })
            }
            Move::Hand(1) => {
                let hand = self.steps[self.at].hand;
                (self.at..=last).find(|&i| self.steps[i].hand > hand).unwrap_or(last)
            }
            Move::Hand(_) => {
                let hand = self.steps[self.at].hand;
                let target = if self.steps[self.at].hand > 0 && self.at_hand_start() { hand - 1 } else { hand };
                self.steps.iter().position(|step| step.hand == target).unwrap_or(0)
            }
        };
    }

    fn at_hand_start(&self) -> bool {
        self.at == 0 || self.steps[self.at - 1].hand != self.steps[self.at].hand
    }
}

/// The move a key asks for; `None` to quit, `Some(None)` for no move.
pub fn key_move(code: KeyCode, control: bool) -> Option<Option<Move>> {
    Some(Some(match code {
        KeyCode::Char('q') | KeyCode::Esc => return None,
        KeyCode::Char('c') if control => return None,
        KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => Move::Card(1),
        KeyCode::Left | KeyCode::Char('h') => Move::Card(-1),
        KeyCode::Down | KeyCode::Char('j') => Move::Trick(1),
        KeyCode::Enter => Move::Enter,
        KeyCode::Char(digit) if digit.is_ascii_digit() => Move::Digit(digit),
        KeyCode::Up | KeyCode::Char('k') => Move::Trick(-1),
        KeyCode::PageDown | KeyCode::Char('n') => Move::Hand(1),
        KeyCode::PageUp | KeyCode::Char('p') => Move::Hand(-1),
        KeyCode::Home => Move::Start,
        KeyCode::End => Move::End,
        KeyCode::Char('m') => Move::Mistake,
        _ => return Some(None),
    }))
}

#[cfg(test)]
mod tests;
