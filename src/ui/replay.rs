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
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use hearts_bots::protocol::moon_name;
use hearts_bots::record::{GameRecord, ReplayError};
use hearts_engine::{Action, Card, CardSet, Game, HandPhase, Rules, Seat, Suit, Teams};
use hearts_table::review::Decision;

use super::draw::{BIG_WIDTH, CardSize, covered_corner, draw_card};
use super::fit::{Part, Priority, fit, wrap_units};
use super::window::score_sheet::ScoreSheet;
use crate::theme::Theme;
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

/// Where the buttons were drawn, for clicks.
#[derive(Clone, Debug, Default)]
pub struct Buttons(Vec<(Rect, Move)>);

impl Buttons {
    /// The move a click at (column, row) presses, if any.
    pub fn at(&self, column: u16, row: u16) -> Option<Move> {
        self.0.iter().find(|(rect, _)| rect.contains(Position::new(column, row))).map(|(_, how)| *how)
    }
}

/// Where the score sheet starts when the screen is wide enough to put it
/// beside the hands rather than below them.
const SHEET_FROM_COLUMN: u16 = 84;

/// Where the hands' cards start on a big screen (after the names).
const HANDS_COLUMN: u16 = 24;
/// Columns from one card of the trick to the next on a big screen.
const TRICK_STEP: u16 = 11;

/// The columns a hand of thirteen cards of `size` takes, a column between
/// suits (a longer hand overlaps its cards to stay within them).
fn hands_width(size: CardSize) -> u16 {
    13 * size.width() + 3
}

/// How big the hands and the trick are drawn: as large cards where the
/// screen has room for them, small ones on a big terminal, else as text.
fn card_size(area: Rect, players: usize) -> Option<CardSize> {
    let players16 = players as u16;
    let fits = |size: CardSize| {
        // The hands, a line, the trick's line, its names and cards, and 11 lines below.
        let rows = size.height() * players16 + 1 + 1 + 1 + size.height() + 11;
        area.width >= BIG_WIDTH
            && area.height >= rows
            && area.width >= HANDS_COLUMN + hands_width(size)
            && area.width > TRICK_STEP * players16
    };
    [CardSize::LARGE, CardSize::SMALL].into_iter().find(|&size| fits(size))
}

/// The cards of a suit, highest first.
fn by_suit_high_first(cards: CardSet, suit: Suit) -> Vec<Card> {
    let mut cards: Vec<Card> = cards.of_suit(suit).iter().collect();
    cards.reverse();
    cards
}

/// Cards already played: faint, and struck through where there is no
/// colour to grey them.
fn played_style(theme: Theme) -> Style {
    if theme.color {
        Style::default().fg(Color::DarkGray).add_modifier(Modifier::DIM)
    } else {
        Style::default().add_modifier(Modifier::DIM | Modifier::CROSSED_OUT)
    }
}

/// A hand as cards by suit, highest first, a column between suits; the
/// cards already played faint.
fn draw_hand(buf: &mut Buffer, mut x: u16, y: u16, held: CardSet, played: CardSet, theme: Theme, size: CardSize) {
    let all = held | played;
    let suits = Suit::NOTATION_ORDER.iter().filter(|&&suit| !all.of_suit(suit).is_empty()).count() as u16;
    let count = all.len() as u16;
    // Overlapped, the last card whole, where the hand is longer than thirteen.
    let room = hands_width(size).saturating_sub(suits.saturating_sub(1) + size.width());
    let step = (room / count.saturating_sub(1).max(1)).clamp(3, size.width());
    for suit in Suit::NOTATION_ORDER {
        let cards = by_suit_high_first(all, suit);
        for (i, &card) in cards.iter().enumerate() {
            let (face, frame) = if played.contains(card) {
                (played_style(theme), played_style(theme))
            } else {
                (theme.card_face(card), theme.frame())
            };
            draw_card(buf, x, y, card, face, (frame, theme.card_border()), theme, size);
            let shown = if i + 1 < cards.len() { step } else { size.width() };
            covered_corner(buf, (x, y), card, face, theme, shown);
            x += step;
        }
        if !cards.is_empty() {
            x += size.width() - step + 1;
        }
    }
}

/// The expert's estimate of each choice of a reviewed decision, best
/// first, in at most `room` lines (none when fewer than three fit).
fn estimate_lines(decision: &Decision, theme: Theme, room: usize) -> Vec<Line<'static>> {
    if room < 3 {
        return Vec::new();
    }
    let show = |cards: &str| hearts_table::review::show_cards(cards, |card| theme.card(card));
    let unit = match decision.unit {
        hearts_table::review::Unit::Points => "value",
        hearts_table::review::Unit::Tournament => "tournament score",
    };
    let mut lines = vec![
        Line::raw(""),
        Line::styled(format!(" The expert's estimates ({unit}; points for the hand; chance to win)"), theme.strong()),
    ];
    let shown = decision.choices.len().min(room - 2);
    for choice in &decision.choices[..shown] {
        let style = if choice.card == decision.played { theme.warning() } else { Style::default() };
        let mark = if choice.card == decision.played { "  <- played" } else { "" };
        let value = decision.unit.figure(choice.value);
        let chance = choice.win_chance.map_or_else(String::new, |chance| format!("{:.0}%", chance * 100.0));
        lines.push(Line::styled(
            format!(" {:<14}{value:>9}{:>7.1}{chance:>6}{mark}", show(&choice.card), choice.points),
            style,
        ));
    }
    if shown < decision.choices.len() {
        let _ = lines.pop();
        lines.push(Line::styled(format!(" ... {} more", decision.choices.len() - shown + 1), theme.quiet()));
    }
    lines
}

/// Draws the replay.
pub fn draw(buf: &mut Buffer, area: Rect, replay: &Replay) -> Buttons {
    let theme = replay.theme;
    let step = &replay.steps[replay.at];
    let game = &step.game;
    let hand = game.hand();
    let players = game.rules().player_count();
    let log = replay.record.hands.get(step.hand);
    let sep = theme.separator();
    let mut lines = Vec::new();
    let trick_number = game.tricks().len() + usize::from(!hand.trick().is_empty());
    lines.push(top_line(replay, trick_number, area.width));
    let played_by = |seat: Seat| -> CardSet {
        let tricks = game.tricks().iter().chain(std::iter::once(hand.trick()));
        tricks.flat_map(|trick| trick.plays(players)).filter(|&(s, _)| s == seat).map(|(_, c)| c).collect()
    };
    // A big screen shows the hands and the trick as cards.
    let size = card_size(area, players);
    let big = size.is_some();
    let size = size.unwrap_or(CardSize::SMALL);
    let mut hands_at = Vec::new();
    let seating = &replay.seating;
    for &seat in &seating.order {
        let held = hand.holding(seat);
        let played = played_by(seat);
        let name = Span::styled(format!(" {:<22}", seating.labels[seat.index()]), theme.strong());
        if big {
            hands_at.push((lines.len() as u16, held, played));
            // The name beside the middle of the cards.
            let above = usize::from(size.height() / 2);
            lines.extend(std::iter::repeat_n(Line::raw(""), above));
            lines.push(Line::from(name));
            lines.extend(std::iter::repeat_n(Line::raw(""), usize::from(size.height()) - above - 1));
            continue;
        }
        let mut spans = vec![name];
        for suit in Suit::NOTATION_ORDER {
            let cards = by_suit_high_first(held | played, suit);
            if cards.is_empty() {
                continue;
            }
            let symbol = Span::styled(theme.suit(suit).to_string(), theme.suit_ink(suit));
            spans.extend([Span::raw(" "), symbol, Span::raw(" ")]);
            for card in cards {
                let style = if played.contains(card) { played_style(theme) } else { Style::default() };
                spans.push(Span::styled(Theme::rank(card.rank()), style));
                spans.push(Span::raw(" "));
            }
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    let trick = if hand.trick().is_empty() { game.tricks().last().copied() } else { Some(*hand.trick()) };
    let mut trick_at = None;
    if let Some(trick) = trick {
        let plays: Vec<String> = trick
            .plays(players)
            .enumerate()
            .map(|(i, (seat, card))| {
                let verb = if i == 0 { " led " } else { " " };
                format!("{}{verb}{}", seating.word(seat), theme.card(card))
            })
            .collect();
        // Each play is whole on its line: eleven of them go on over a second.
        let mut units = plays;
        if let Some(first) = units.first_mut() {
            *first = format!("Trick {trick_number}: {first}");
        }
        let units: Vec<&str> = units.iter().map(String::as_str).collect();
        let width = usize::from(area.width).saturating_sub(2);
        lines.extend(wrap_units(&units, sep, width, 2).into_iter().map(|line| Line::raw(format!(" {line}"))));
        if big {
            trick_at = Some((lines.len() as u16, trick));
            lines.extend(std::iter::repeat_n(Line::raw(""), usize::from(size.height()) + 1));
        }
    } else {
        lines.push(Line::raw(" No card played yet"));
    }
    lines.push(Line::styled(format!(" {}", step.what), theme.warning()));
    match replay.decision_here() {
        Some(decision) => match decision.verdict_showing(|card| theme.card(card)) {
            Some(verdict) => lines.push(Line::styled(format!(" Review: {verdict}"), theme.strong())),
            None => lines.push(Line::styled(" Review: as good as the expert's card", theme.quiet())),
        },
        None => lines.push(Line::raw("")),
    }
    match &replay.reviewing {
        Reviewing::Working(done, total) => lines.push(Line::styled(
            format!(" Reviewing: {done} of {total} tricks; marks appear as the expert judges them"),
            theme.quiet(),
        )),
        Reviewing::Failed(why) => lines.push(Line::styled(format!(" No review: {why}"), theme.warning())),
        Reviewing::Off | Reviewing::Done => {}
    }
    if replay.reviewing == Reviewing::Done && !replay.review.is_empty() {
        let (worst, total) = hearts_table::review::summary(&replay.review, 3);
        let unit = replay.review[0].unit;
        lines.push(Line::styled(format!(" Review: total cost {}", unit.amount(total)), theme.quiet()));
        // The worst mistakes, as many as the width shows whole.
        let mut line = if worst.is_empty() { " No mistakes".to_string() } else { " Worst:".to_string() };
        for (i, d) in worst.iter().enumerate() {
            let entry = format!("{} {} ({})", if i == 0 { "" } else { "," }, d.place(), unit.figure(d.cost));
            if line.len() + entry.len() >= area.width as usize {
                break;
            }
            line += &entry;
        }
        lines.push(Line::styled(line, theme.quiet()));
    }
    // The score sheet up to this hand: beside the rest on a wide screen,
    // below it otherwise.
    let first_number = log.map_or(1, |l| (l.number as usize).saturating_sub(step.hand));
    let sheet = score_sheet(game, seating, first_number);
    let wide = wide_column(game.rules());
    let sheet_width = 8 + wide * sheet.sides.len() as u16;
    let sheet_from = if big { HANDS_COLUMN + hands_width(size) + 2 } else { SHEET_FROM_COLUMN };
    let beside = area.width >= sheet_from + sheet_width;
    let column = if beside { wide } else { sheet_column(sheet.sides.len(), wide, area.width) };
    let above = if beside { 1 } else { lines.len() };
    // The header and the hands below it.
    let room = (area.height as usize).saturating_sub(above + 3);
    let sheet = sheet.lines(room, usize::from(column), theme);
    if beside {
        // The room below goes to the expert's estimate of every choice.
        if let Some(decision) = replay.decision_here() {
            let room = (area.height as usize).saturating_sub(lines.len() + 5);
            lines.extend(estimate_lines(decision, theme, room));
        }
        let right = Rect::new(area.x + sheet_from, area.y + 1, sheet_width, area.height.saturating_sub(3));
        Paragraph::new(sheet).render(right, buf);
    } else {
        lines.extend(sheet);
    }
    Paragraph::new(lines).render(area, buf);
    for (row, held, played) in hands_at {
        draw_hand(buf, area.x + HANDS_COLUMN, area.y + row, held, played, theme, size);
    }
    if let Some((row, trick)) = trick_at {
        for (i, (seat, card)) in trick.plays(players).enumerate() {
            let x = area.x + 1 + TRICK_STEP * i as u16;
            let y = area.y + row;
            buf.set_string(x, y, seating.word(seat), theme.strong());
            draw_card(
                buf,
                x + 1,
                y + 1,
                card,
                theme.card_face(card),
                (theme.frame(), theme.card_border()),
                theme,
                size,
            );
        }
    }

    let mut buttons = Buttons::default();
    let row = area.bottom().saturating_sub(2);
    let mut x = area.x + 1;
    let labels: [(&str, Move); 6] = [
        ("[< card]", Move::Card(-1)),
        ("[card >]", Move::Card(1)),
        ("[< trick]", Move::Trick(-1)),
        ("[trick >]", Move::Trick(1)),
        ("[< hand]", Move::Hand(-1)),
        ("[hand >]", Move::Hand(1)),
    ];
    for (label, how) in labels {
        let width = label.len() as u16;
        if x + width > area.right() {
            break;
        }
        buf.set_string(x, row, label, theme.button(false));
        buttons.0.push((Rect::new(x, row, width, 1), how));
        x += width + 1;
    }
    let keys = if theme.ascii {
        "h l card | k j trick | PgUp PgDn hand | 7 Enter: hand 7 | m mistake | q quit"
    } else {
        "←→ card · ↑↓ trick · PgUp PgDn hand · 7 Enter: hand 7 · m next mistake · q quit"
    };
    let keys = match replay.said {
        Some(said) => format!(" {said}"),
        None if replay.typed.is_empty() => format!(" {keys}"),
        None => format!(" to hand {}_ (Enter goes there)", replay.typed),
    };
    buf.set_string(area.x, area.bottom().saturating_sub(1), keys, theme.quiet());
    buttons
}

/// The top line: where in the game the replay is. The hand, trick and
/// step are always whole; the deal code and the game's place in its file
/// give way on a narrow screen.
fn top_line(replay: &Replay, trick: usize, width: u16) -> Line<'static> {
    let theme = replay.theme;
    let step = &replay.steps[replay.at];
    let game = &step.game;
    let hands = replay.record.hands.len().max(1);
    let parts = [
        Part::new(format!("game {} of {}", replay.number.0, replay.number.1), Priority::Low),
        Part::new(format!("deal {}/{}", game.seed(), game.hand_number()), Priority::High),
        Part::with_short(
            format!("hand {} of {hands}", step.hand + 1),
            format!("hand {}/{hands}", step.hand + 1),
            Priority::High,
        ),
        Part::new(format!("trick {trick}"), Priority::Must),
        Part::new(format!("step {} of {}", replay.at + 1, replay.steps.len()), Priority::Must),
    ];
    const TITLE: &str = " Replay ";
    let room = usize::from(width).saturating_sub(TITLE.len() + 2);
    let shown: Vec<String> = fit(&parts, room, theme.separator(), theme.ellipsis()).into_iter().flatten().collect();
    Line::from(vec![Span::styled(TITLE, theme.strong()), Span::raw(format!(" {}", shown.join(theme.separator())))])
}

/// Each seat's column on a wide screen: a hand's score and the total.
const WIDE_SHEET_COLUMN: u16 = 10;

/// Each team's column on a wide screen.
const WIDE_TEAM_COLUMN: u16 = 14;

/// Each side's column in `width` columns: as wide as fits, up to the wide
/// one, never narrower than a total with a space before it.
fn sheet_column(sides: usize, wide: u16, width: u16) -> u16 {
    let room = usize::from(width).saturating_sub(8);
    (room / sides).clamp(5, usize::from(wide)) as u16
}

/// A side's column on a wide screen: a seat's, or a team's, which holds
/// "You & Across".
fn wide_column(rules: &Rules) -> u16 {
    if rules.teams == Teams::Off { WIDE_SHEET_COLUMN } else { WIDE_TEAM_COLUMN }
}

/// The score sheet up to the step on show, the person's own side first;
/// hands are numbered from `first_hand`.
fn score_sheet<'a>(game: &'a Game, seating: &SeatNames, first_hand: usize) -> ScoreSheet<'a> {
    let rules = game.rules();
    let mut sides: Vec<(usize, Vec<String>)> = Vec::new();
    for &seat in &seating.order {
        let side = rules.side(seat);
        if sides.iter().all(|&(listed, _)| listed != side) {
            sides.push((side, rules.side_seats(side).map(|seat| seating.word(seat)).collect()));
        }
    }
    ScoreSheet { rules, history: game.history(), sides, first_hand }
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
mod tests {
    use super::*;
    use crate::ui::draw::short_name;
    use hearts_bots::players::Level;
    use hearts_engine::Rules;

    fn replay() -> Replay {
        let rules = Rules { target_score: 30, ..Rules::default() };
        let record = hearts_bots::record::bot_game(rules, 9, |_| Level::Normal, &["normal"; 4]);
        Replay::new(record, (1, 1), Theme { color: false, ascii: false, palette256: true, four_colour: false }).unwrap()
    }

    fn text(replay: &Replay) -> String {
        let area = Rect::new(0, 0, 80, 24);
        let mut buffer = Buffer::empty(area);
        draw(&mut buffer, area, replay);
        (0..24).map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect::<String>()).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn every_card_is_a_step_and_the_end_is_the_finished_game() {
        let mut replay = replay();
        // Each hand: dealt, the passes (not on a hold hand), then 52 cards.
        let holds = replay.record.hands.iter().filter(|hand| hand.pass == "hold").count();
        assert_eq!(replay.len(), replay.record.hands.len() * (1 + 1 + 52) - holds);
        replay.go(Move::End);
        assert_eq!(replay.game().phase(), hearts_engine::GamePhase::GameOver);
        assert_eq!(replay.game().totals().of_table(4), replay.record.totals.as_slice());
    }

    #[test]
    fn keys_step_by_card_trick_and_hand_and_back() {
        let mut replay = replay();
        assert!(text(&replay).contains("Hand 1 dealt"));
        replay.go(Move::Card(1));
        assert!(text(&replay).contains("Cards passed"));
        replay.go(Move::Trick(1));
        assert_eq!(replay.game().tricks().len(), 1, "to the end of the first trick");
        replay.go(Move::Trick(1));
        assert_eq!(replay.game().tricks().len(), 2);
        replay.go(Move::Trick(-1));
        assert!(replay.game().tricks().len() < 2);
        replay.go(Move::Hand(1));
        assert_eq!(replay.game().hand_number(), 2);
        assert!(text(&replay).contains("Hand 2 dealt"));
        replay.go(Move::Hand(-1));
        assert_eq!(replay.game().hand_number(), 1);
        replay.go(Move::Card(-1));
        assert_eq!(replay.at, 0, "nothing before the start");
        replay.go(Move::Start);
        assert_eq!(replay.at, 0);
    }

    #[test]
    fn you_play_and_take_tricks_in_the_second_person() {
        let replay = replay();
        let said: Vec<&str> = replay.steps.iter().map(|step| step.what.as_str()).collect();
        assert!(said.iter().any(|what| what.starts_with("You play ")), "{said:?}");
        assert!(said.iter().any(|what| what.ends_with("; You take the trick")), "{said:?}");
        assert!(said.iter().any(|what| what.starts_with("Left plays ")), "{said:?}");
        assert!(said.iter().all(|what| !what.contains("You plays") && !what.contains("You takes")), "{said:?}");
    }

    #[test]
    fn every_hand_is_shown_face_up_with_played_cards_dimmed() {
        let mut replay = replay();
        replay.go(Move::Trick(1));
        let screen = text(&replay);
        for name in ["You (normal)", "Left (normal)", "Across (normal)", "Right (normal)"] {
            assert!(screen.contains(name), "{screen}");
        }
        assert!(screen.contains("Trick 1:"), "{screen}");
        assert!(screen.contains("takes the trick"), "{screen}");
    }

    /// The step of the tenth card, whoever played it, and a review of it:
    /// the 2C played where the expert plays the 9S, 4.2 points dearer.
    fn tenth_card_costs_4_2(replay: &Replay, choices: Vec<hearts_table::review::Choice>) -> (usize, Decision) {
        let (index, (hand, trick, seat)) =
            replay.steps.iter().enumerate().filter_map(|(i, s)| s.play.map(|p| (i, p))).nth(9).unwrap();
        let decision = Decision {
            kind: "play",
            hand,
            trick,
            seat: seat.index(),
            played: "2C".into(),
            best: "9S".into(),
            cost: 4.2,
            unit: hearts_table::review::Unit::Points,
            choices,
        };
        (index, decision)
    }

    /// Carol's game, as alice (at seat 2) replays it from the lobby.
    fn carols_game_seen_by_alice() -> Replay {
        let rules = Rules { target_score: 30, ..Rules::default() };
        let players = ["human:carol", "normal", "human:alice", "hard"];
        let record = hearts_bots::record::bot_game(rules, 9, |_| Level::Normal, &players);
        let alice = Seat::new(2);
        Replay::seen_from(
            record,
            (1, 1),
            Theme { color: false, ascii: false, palette256: true, four_colour: false },
            alice,
        )
        .unwrap()
    }

    /// A review's decision on the first pass, by `seat`.
    fn pass_decision(seat: usize, played: &str) -> Decision {
        Decision {
            kind: "pass",
            hand: 1,
            trick: 0,
            seat,
            played: played.into(),
            best: "AS KS QS".into(),
            cost: 3.5,
            unit: hearts_table::review::Unit::Points,
            choices: Vec::new(),
        }
    }

    #[test]
    fn a_served_game_names_each_seat_by_who_played_it_and_you_are_the_one_replaying() {
        let mut replay = carols_game_seen_by_alice();
        let shown = text(&replay);
        let rows: Vec<&str> = shown.lines().skip(1).take(4).map(str::trim_end).collect();
        // alice's own seat first, as "You", then the seats to her left around the table.
        let names: Vec<&str> = rows.iter().map(|row| row[1..23].trim_end()).collect();
        assert_eq!(names, ["You (alice)", "Left (hard)", "Across (carol)", "Right (normal)"], "{shown}");
        assert!(!shown.contains("You (carol)") && !shown.contains("human:"), "{shown}");
        let header = shown.lines().find(|line| line.trim_start().starts_with("Hand  ")).unwrap_or_default();
        let heads: Vec<&str> = header.split_whitespace().collect();
        assert_eq!(heads, ["Hand", "You", "Left", "carol", "Right"], "{shown}");
        // The pass shown is alice's own, and so is its review; carol's is not hers to see.
        replay.go(Move::Card(1));
        let passed = replay.game().hand().passed(Seat::new(2).unwrap());
        let carols = replay.game().hand().passed(Seat::SOUTH);
        let theme = replay.theme;
        let own = format!("Cards passed (you passed {})", theme.cards(passed));
        assert!(text(&replay).contains(&own), "{}", text(&replay));
        let at = replay.at;
        let reviewed = |seat| {
            let mut replay = carols_game_seen_by_alice().with_review(vec![pass_decision(seat, "2C 3C 4C")]);
            replay.at = at;
            text(&replay)
        };
        assert!(reviewed(2).contains("Review: cost 3.5 points"), "{}", reviewed(2));
        assert!(!reviewed(0).contains("Review: cost"), "carol's pass is no review of alice's: {}", reviewed(0));
        let hers = format!("you passed {}", theme.cards(carols));
        assert!(!text(&replay).contains(&hers), "{}", text(&replay));
        // Whose cards are played is said by name: "carol plays", "You play".
        let said: Vec<&str> = replay.steps.iter().map(|step| step.what.as_str()).collect();
        assert!(said.iter().any(|what| what.starts_with("carol plays ")), "{said:?}");
        assert!(said.iter().any(|what| what.starts_with("You play ")), "{said:?}");
        assert!(said.iter().any(|what| what.starts_with("Left plays ")), "the bot by its place: {said:?}");
    }

    #[test]
    fn the_review_marks_costly_cards_and_m_finds_the_next() {
        let replay = replay();
        // The step of the tenth card, whoever played it, is marked as costly.
        let (index, decision) = tenth_card_costs_4_2(&replay, Vec::new());
        let (hand, trick) = (decision.hand, decision.trick);
        // A timed game's review counts the tournament score; the worst
        // mistakes go on a line of their own, as many as fit whole in 80
        // columns (the third of these would not).
        let timed = |hand: u32, trick: usize, cost: f64| Decision {
            hand,
            trick,
            cost,
            unit: hearts_table::review::Unit::Tournament,
            ..decision.clone()
        };
        let review = vec![timed(hand, trick, 63.0), timed(10, 12, 1234.0), timed(11, 12, 1000.0), timed(12, 12, 999.0)];
        let mut timed = super::tests::replay().with_review(review);
        timed.go(Move::Mistake);
        let shown = text(&timed);
        let line = |text: &str| shown.lines().any(|line| line.trim_end() == text);
        assert!(line(" Review: total cost 3296 on the tournament score"), "{shown}");
        assert!(line(" Worst: hand 10 trick 12 (1234), hand 11 trick 12 (1000)"), "{shown}");
        assert!(shown.contains("Review: cost 63 on the tournament score: the expert plays 9♠ here"), "{shown}");
        let mut replay = replay.with_review(vec![decision]);
        assert!(text(&replay).contains("Review: total cost 4.2 points"), "{}", text(&replay));
        replay.go(Move::Mistake);
        assert_eq!(replay.at, index);
        assert!(text(&replay).contains("Review: cost 4.2 points: the expert plays 9♠ here"), "{}", text(&replay));
        replay.go(Move::Mistake);
        assert_eq!(replay.at, index, "no later mistake: stay");
    }

    #[test]
    fn a_wide_screen_puts_the_score_sheet_beside_and_lists_the_experts_estimates() {
        let replay = replay();
        let choice = |card: &str, points: f64, value: f64| hearts_table::review::Choice {
            card: card.into(),
            points,
            value,
            win_chance: Some(0.25),
        };
        let (index, decision) = tenth_card_costs_4_2(&replay, vec![choice("9S", 0.5, 1.5), choice("2C", 4.7, -2.7)]);
        let mut replay = replay.with_review(vec![decision]);
        replay.go(Move::Mistake);
        assert_eq!(replay.at, index);
        let (width, height) = (200, 60);
        let area = Rect::new(0, 0, width, height);
        let mut buffer = Buffer::empty(area);
        draw(&mut buffer, area, &replay);
        let row = |y: u16| (0..width).map(|x| buffer[(x, y)].symbol()).collect::<String>();
        // The sheet's header on the second row, right of the hands drawn as
        // large cards (thirteen seven wide from column 24, a column between suits).
        let from = 24 + 13 * 7 + 3 + 2;
        let header: String = (from..from + 47).map(|x| buffer[(x, 1)].symbol()).collect();
        assert_eq!(header, " Hand         You      Left    Across     Right", "{}", row(1));
        let screen: Vec<String> = (0..height).map(row).collect();
        let line = |text: &str| screen.iter().any(|line| line.trim_end().ends_with(text));
        assert!(line("The expert's estimates (value; points for the hand; chance to win)"), "{screen:#?}");
        assert!(
            screen.iter().any(|l| l.starts_with(" 9♠") && l.trim_end().ends_with("1.5    0.5   25%")),
            "{screen:#?}"
        );
        assert!(line("-2.7    4.7   25%  <- played"), "{screen:#?}");
        // At 80 columns the sheet goes below and there is no room for the list.
        assert!(!text(&replay).contains("The expert's estimates"));
    }

    #[test]
    fn the_replay_opens_before_the_review_is_done_and_the_marks_fill_in_as_they_are_judged() {
        let mut replay = replay();
        let news = replay.review_in_background(Seat::SOUTH, 2);
        // On screen at once: the deal, and the review at work.
        let first = text(&replay);
        assert!(first.contains("Hand 1 dealt") && first.contains("Reviewing: 0 of"), "{first}");
        assert!(!first.contains("total cost"), "{first}");
        replay.go(Move::Trick(1));
        assert_eq!(replay.game().tricks().len(), 1, "the replay moves while the review is made");
        let mut judged = 0;
        for heard in news.iter() {
            let end = matches!(heard, ReviewNews::Done | ReviewNews::Failed(_));
            judged += usize::from(matches!(heard, ReviewNews::Judged(_)));
            replay.hear(heard);
            assert_eq!(replay.review.len(), judged, "each decision is there as soon as it is judged");
            if end {
                break;
            }
        }
        assert_eq!(replay.reviewing, Reviewing::Done);
        let whole = hearts_table::review::review(&replay.record, Seat::SOUTH, 2, |_, _| {}).unwrap();
        assert_eq!(replay.review, whole, "the same review as made in one go");
        assert!(text(&replay).contains("Review: total cost"), "{}", text(&replay));
    }

    #[test]
    fn a_big_screen_draws_the_hands_and_the_trick_as_cards_and_the_played_cards_faint() {
        let mut replay = replay();
        replay.go(Move::Trick(1));
        replay.go(Move::Trick(1));
        replay.go(Move::Card(1));
        let game = replay.game();
        let (south, west) = (game.hand().holding(Seat::SOUTH), game.hand().holding(Seat::new(1).unwrap()));
        let played: Vec<Card> =
            game.tricks().iter().flat_map(|t| t.plays(4)).filter(|&(s, _)| s == Seat::SOUTH).map(|(_, c)| c).collect();
        assert_eq!(played.len(), 2, "two tricks played");
        let theme = replay.theme;
        for (width, height, rows) in [(120, 36, 3), (200, 60, 5)] {
            let area = Rect::new(0, 0, width, height);
            let mut buffer = Buffer::empty(area);
            draw(&mut buffer, area, &replay);
            let row = |y: u16| (0..width).map(|x| buffer[(x, y)].symbol()).collect::<String>();
            let named = |name: &str| (0..height).find(|&y| row(y).contains(name)).unwrap();
            // A card of a hand: its rank at the top left, its suit in the
            // row of the hand's name (the cards' middle row).
            let corner = |card: Card, name: &str| {
                let middle = named(name);
                let top = middle + 1 - rows / 2;
                let face = format!("│{:<w$}", Theme::rank(card.rank()), w = if rows == 3 { 2 } else { 5 });
                let cells = |y: u16| row(y).chars().collect::<Vec<_>>();
                let (ranks, suits) = (cells(top), cells(middle));
                (0..usize::from(width) - 7)
                    .find(|&x| {
                        ranks[x..].iter().collect::<String>().starts_with(&face)
                            && suits[x..x + 6].contains(&theme.suit(card.suit()))
                    })
                    .map(|x| (x as u16 + 1, top))
            };
            for card in south.iter().chain(played.iter().copied()) {
                assert!(corner(card, "You (normal)").is_some(), "{width}x{height}: your {card} as a card");
            }
            for card in west.iter() {
                assert!(corner(card, "Left (normal)").is_some(), "{width}x{height}: Left's {card} as a card");
            }
            for card in &played {
                let at = corner(*card, "You (normal)").unwrap();
                assert!(buffer[at].modifier.contains(Modifier::DIM), "{width}x{height}: the played {card} is faint");
            }
            let held = corner(south.iter().next().unwrap(), "You (normal)").unwrap();
            assert!(!buffer[held].modifier.contains(Modifier::DIM), "{width}x{height}: a held card is not");
            // The trick on the table: one card, its player named above it.
            let trick = named("Trick 3:");
            let (seat, card) = game.hand().trick().plays(4).next().unwrap();
            assert!(row(trick + 1).starts_with(&format!(" {}", seat_name(seat, 4))), "{}", row(trick + 1));
            assert!(
                row(trick + 2 + rows / 2).contains(theme.suit(card.suit())),
                "{width}x{height}: the trick's {card}"
            );
        }
        // 80 columns keep the hands as text, the played ranks faint.
        let area = Rect::new(0, 0, 80, 24);
        let mut buffer = Buffer::empty(area);
        draw(&mut buffer, area, &replay);
        let you = (0..24)
            .find(|&y| (0..80).map(|x| buffer[(x, y)].symbol()).collect::<String>().starts_with(" You (normal)"))
            .unwrap();
        let faint: String = (0..80)
            .filter(|&x| buffer[(x, you)].modifier.contains(Modifier::DIM))
            .map(|x| buffer[(x, you)].symbol())
            .collect();
        let ranks: String = played.iter().map(|card| Theme::rank(card.rank())).collect();
        let mut faint: Vec<char> = faint.chars().collect();
        let mut ranks: Vec<char> = ranks.chars().collect();
        faint.sort_unstable();
        ranks.sort_unstable();
        assert_eq!(faint, ranks, "only the played cards' ranks are faint");
    }

    #[test]
    fn small_cards_that_overlap_each_show_their_suit() {
        // Three players hold seventeen cards: as small cards they overlap.
        let rules = Rules { players: 3, target_score: 30, ..Rules::default() };
        let record = hearts_bots::record::bot_game(rules, 9, |_| Level::Normal, &["normal"; 3]);
        let theme = Theme { color: true, ascii: false, palette256: true, four_colour: true };
        let replay = Replay::new(record, (1, 1), theme).unwrap();
        let area = Rect::new(0, 0, 120, 30);
        assert_eq!(card_size(area, 3), Some(CardSize::SMALL));
        let mut buffer = Buffer::empty(area);
        draw(&mut buffer, area, &replay);
        let symbols = ["♠", "♥", "♦", "♣"];
        let mut hands = 0;
        for y in 0..area.height {
            let row: String = (0..area.width).map(|x| buffer[(x, y)].symbol()).collect();
            if !row.contains("(normal)") {
                continue;
            }
            hands += 1;
            let suits: Vec<_> = (HANDS_COLUMN..area.width)
                .map(|x| &buffer[(x, y)])
                .filter(|cell| symbols.contains(&cell.symbol()))
                .collect();
            assert_eq!(suits.len(), 17, "every card of the hand shows its suit: {row}");
            assert!(suits.iter().all(|cell| cell.bg == Color::White), "each on its card's face");
        }
        assert_eq!(hands, 3);
    }

    #[test]
    fn a_hand_number_and_enter_jump_to_that_hand() {
        let mut replay = replay();
        replay.go(Move::Digit('3'));
        assert!(text(&replay).contains("to hand 3_"));
        replay.go(Move::Enter);
        assert_eq!(replay.game().hand_number(), 3);
        assert!(text(&replay).contains("Hand 3 dealt"));
        replay.go(Move::Digit('9'));
        replay.go(Move::Digit('9'));
        replay.go(Move::Enter);
        assert_eq!(replay.game().hand_number(), 3, "no hand 99: stay");
        replay.go(Move::Enter);
        assert_eq!(replay.game().tricks().len(), 1, "Enter alone goes to the end of the trick");
    }

    #[test]
    fn clicks_on_the_buttons_move_too() {
        let mut replay = replay();
        let area = Rect::new(0, 0, 80, 24);
        let mut buffer = Buffer::empty(area);
        let buttons = draw(&mut buffer, area, &replay);
        let (rect, _) = buttons.0.iter().find(|(_, how)| *how == Move::Hand(1)).unwrap();
        let how = buttons.at(rect.x + 1, rect.y).unwrap();
        replay.go(how);
        assert_eq!(replay.game().hand_number(), 2);
        assert_eq!(buttons.at(0, 0), None);
    }
    fn text_at(replay: &Replay, width: u16, height: u16) -> Vec<String> {
        let area = Rect::new(0, 0, width, height);
        let mut buffer = Buffer::empty(area);
        draw(&mut buffer, area, replay);
        (0..height).map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect::<String>()).collect()
    }

    #[test]
    fn at_80_columns_the_top_line_keeps_the_hand_trick_and_step_whole() {
        let rules = Rules { target_score: 30, ..Rules::default() };
        let record = hearts_bots::record::bot_game(rules, 340_662_281_123, |_| Level::Normal, &["normal"; 4]);
        let mut replay =
            Replay::new(record, (12, 34), Theme { color: false, ascii: false, palette256: true, four_colour: false })
                .unwrap();
        replay.go(Move::End);
        let steps = replay.len();
        let hands = replay.record.hands.len();
        for width in [80, 200] {
            let top = text_at(&replay, width, 24)[0].clone();
            for part in [format!("hand {hands} of {hands}"), "trick 13".to_string(), format!("step {steps} of {steps}")]
            {
                assert!(top.contains(&format!("{part} ")) || top.trim_end().ends_with(&part), "{part}: {top}");
            }
        }
        let wide = text_at(&replay, 200, 24)[0].clone();
        assert!(wide.contains("game 12 of 34") && wide.contains("deal 340662281123/"), "{wide}");
    }

    #[test]
    fn at_80_columns_the_sheet_shows_every_seat_of_eleven() {
        let rules = Rules { players: 11, target_score: 30, ..hearts_engine::Preset::Cancellation.rules() };
        let record = hearts_bots::record::bot_game(rules, 5, |_| Level::Normal, &["normal"; 11]);
        let mut replay =
            Replay::new(record, (1, 1), Theme { color: false, ascii: false, palette256: true, four_colour: false })
                .unwrap();
        replay.go(Move::End);
        let screen = text_at(&replay, 80, 24);
        let header = screen.iter().find(|line| line.starts_with(" Hand ")).expect("the sheet's header");
        let names: Vec<&str> = header.split_whitespace().skip(1).collect();
        assert_eq!(names.len(), 11, "{screen:#?}");
        for (seat, shown) in Seat::all(11).zip(names) {
            let name = seat_name(seat, 11);
            assert!(shown == name || shown == short_name(&name), "{name} as {shown}: {screen:#?}");
        }
        let totals: Vec<String> = replay.record.totals.iter().map(ToString::to_string).collect();
        // A total is marked where its seat shot the moon in the hand.
        let total = |cell: &str| cell.trim_start_matches(|c: char| !c.is_ascii_digit() && c != '-').to_string();
        let last = screen.iter().find(|line| line.split_whitespace().skip(1).map(total).eq(totals.clone()));
        assert!(last.is_some(), "no row with the totals {totals:?}:\n{}", screen.join("\n"));
    }

    #[test]
    fn a_partnership_game_is_replayed_with_the_tables_sheet_one_column_a_team() {
        let rules = hearts_engine::Preset::Partnership.rules();
        let record = hearts_bots::record::bot_game(rules, 3, |_| Level::Normal, &["normal"; 4]);
        let mut replay =
            Replay::new(record, (1, 1), Theme { color: false, ascii: true, palette256: true, four_colour: false })
                .unwrap();
        replay.go(Move::End);
        let screen = text_at(&replay, 80, 24);
        let header = screen.iter().position(|line| line.starts_with(" Hand ")).expect("the sheet's header");
        // A combined team's total is each partner's: yours and Across's, then Left's and Right's.
        let (ours, theirs) = (replay.record.totals[0], replay.record.totals[1]);
        let total = |cell: &str| cell.trim_start_matches(|c: char| !c.is_ascii_digit() && c != '-').to_string();
        let last: Vec<String> = screen[header + 1..]
            .iter()
            .take_while(|line| !line.trim().is_empty())
            .last()
            .expect("a hand's row")
            .split_whitespace()
            .skip(1)
            .map(total)
            .collect();
        assert_eq!(last.len(), 4, "a score and a total for each of two teams: {}", screen.join("\n"));
        assert_eq!((last[1].clone(), last[3].clone()), (ours.to_string(), theirs.to_string()), "{}", screen.join("\n"));
    }

    #[test]
    fn at_80_columns_every_card_of_an_eleven_player_trick_is_shown_whole() {
        let rules = Rules { players: 11, target_score: 30, ..hearts_engine::Preset::Cancellation.rules() };
        let record = hearts_bots::record::bot_game(rules, 5, |_| Level::Normal, &["normal"; 11]);
        let mut replay =
            Replay::new(record, (1, 1), Theme { color: false, ascii: false, palette256: true, four_colour: false })
                .unwrap();
        replay.go(Move::Trick(1));
        let trick = *replay.game().tricks().first().expect("a trick played");
        let screen = text_at(&replay, 80, 24).join("\n");
        for (seat, card) in trick.plays(11) {
            let (name, card) = (seat_name(seat, 11), replay.theme.card(card));
            let shown = [format!("{name} {card}"), format!("{name} led {card}")];
            assert!(shown.iter().any(|play| screen.contains(play)), "{name}'s {card} missing:\n{screen}");
        }
    }

    #[test]
    fn m_past_the_last_mistake_says_there_is_none_later() {
        let replay = replay();
        let (index, decision) = tenth_card_costs_4_2(&replay, Vec::new());
        let mut replay = replay.with_review(vec![decision]);
        replay.go(Move::Mistake);
        assert_eq!(replay.at, index);
        assert!(!text(&replay).contains("No later mistake"));
        replay.go(Move::Mistake);
        assert_eq!(replay.at, index, "no later mistake: stay");
        assert!(text(&replay).contains("No later mistake in the review"), "{}", text(&replay));
        replay.go(Move::Card(1));
        assert!(!text(&replay).contains("No later mistake"), "said once, until the next key");
    }
}
