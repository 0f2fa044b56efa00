//! Draws the table from the app's state, and records where it drew what
//! can be clicked. The view never changes the app.
//!
//! ```text
//!  Hearts  Hand 3 · pass across · to 100 · black-lady · seed 1234 · hearts broken
//!                          Across · normal
//!                          3 pts · total 41 · ▒▒ 12
//!   Left · normal                 ┌───┐                  Right · hard
//!   0 pts · total 7               │Q ♠│                  0 pts · total 18
//!   ▒▒ 12                 ┌───┐   └───┘   ┌───┐          ▒▒ 12
//!                         │7 ♣│           │9 ♣│
//!                         └───┘   ┌───┐   └───┘
//!                                 │2 ♣│
//!                                 └───┘
//!  You · 0 pts · total 12                                        [ PASS ]
//!  ┌───┐┌───┐┌───┐ ...   your hand, sorted by suit then rank
//!  Follow clubs                                             (status line)
//!  ←→ move · Enter play · i hint · ? help · q quit           (keys)
//! ```

use std::f64::consts::TAU;
use std::time::Instant;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::engine::{Card, CardSet, GamePhase, HandPhase, MoonScoring, Seat, Suit, TournamentScore};

use super::app::{App, Finish, Overlay, YOU};
use super::input::{Button, Hits};
use super::theme::Theme;

/// The smallest terminal the table fits in.
pub const MIN_WIDTH: u16 = 80;
/// The smallest terminal the table fits in.
pub const MIN_HEIGHT: u16 = 24;

const CARD_WIDTH: u16 = 5;
const CARD_HEIGHT: u16 = 3;
const SEAT_WIDTH: u16 = 24;

/// Draws the whole screen and returns what can be clicked.
pub fn draw(frame: &mut Frame, app: &App, now: Instant) -> Hits {
    let area = frame.area();
    let buf = frame.buffer_mut();
    draw_screen(buf, area, app, now)
}

/// Draws into a buffer (the frame's, or a test's).
pub fn draw_screen(buf: &mut Buffer, area: Rect, app: &App, now: Instant) -> Hits {
    let theme = app.theme;
    let mut hits = Hits::default();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(buf, area, theme);
        return hits;
    }
    buf.set_style(area, theme.table());
    let [info, table, you, hand, status, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(16),
        Constraint::Length(1),
        Constraint::Length(CARD_HEIGHT + 1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    info_bar(buf, info, app, now);
    seats(buf, table, app, now);
    trick(buf, table, app, now);
    if app.show_played {
        played_panel(buf, table, app);
    }
    your_line(buf, you, app, &mut hits);
    your_hand(buf, hand, app, now, &mut hits);
    status_line(buf, status, app, now);
    key_line(buf, keys, app);
    if let Some(overlay) = &app.overlay {
        hits.buttons.clear();
        hits.cards.clear();
        draw_overlay(buf, area, app, overlay, &mut hits);
    }
    hits
}

fn too_small(buf: &mut Buffer, area: Rect, theme: Theme) {
    let text = vec![
        Line::styled("Hearts needs a bigger terminal", theme.strong()),
        Line::raw(format!("at least {MIN_WIDTH}x{MIN_HEIGHT}; this one is {}x{}", area.width, area.height)),
        Line::styled("enlarge the window, or press q to quit", theme.quiet()),
    ];
    let height = (text.len() as u16).min(area.height);
    let top = area.y + area.height.saturating_sub(height) / 2;
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(Rect::new(area.x, top, area.width, height), buf);
}

/// The top line: title, hand, pass, target, rules, seed, hearts, and the
/// clock of a timed game at the right. Where the line is too narrow the
/// least important parts go first (rules, seed, target), then the rest
/// shortens; the clock is never dropped.
fn info_bar(buf: &mut Buffer, area: Rect, app: &App, now: Instant) {
    let theme = app.theme;
    let game = &app.game;
    let hand = game.hand();
    let rules = &app.table.rules;
    let pass = match hand.pass_direction() {
        crate::engine::PassDirection::Hold => "hold".to_string(),
        direction if hand.pass_count() == 0 => format!("no pass ({direction})"),
        _ => format!("pass {}", app.table.seat_name(hand.pass_target(YOU)).to_lowercase()),
    };
    let broken = hand.hearts_broken();
    // (text, shorter text); listed from the most to the least important.
    let parts: Vec<(String, String)> = vec![
        (format!("Hand {}", game.hand_number()), format!("H{}", game.hand_number())),
        (pass.clone(), pass),
        (
            if broken { "hearts broken" } else { "hearts not broken" }.to_string(),
            if broken { "broken" } else { "unbroken" }.to_string(),
        ),
        (format!("to {}", rules.target_score), String::new()),
        (format!("deal {}", crate::record::DealCode { seed: game.seed(), hand: game.hand_number() }), String::new()),
        (app.table.label.clone(), String::new()),
    ];
    let clock = app.clock.map(|clock| {
        let left = clock.left(now).as_secs();
        let icon = theme.clock();
        format!(" {icon} {}:{:02} ", left / 60, left % 60)
    });
    let title = " Hearts ";
    let room = (area.width as usize)
        .saturating_sub(title.chars().count() + 1)
        .saturating_sub(clock.as_ref().map_or(0, |c| c.chars().count()));
    let separator = theme.separator();
    let text = fit_parts(&parts, room, separator);
    let mut spans = vec![Span::styled(title, theme.strong()), Span::raw(format!(" {text}"))];
    if let Some(clock) = clock {
        let used: usize = spans.iter().map(|span| span.content.chars().count()).sum();
        let gap = (area.width as usize).saturating_sub(used + clock.chars().count());
        spans.push(Span::raw(" ".repeat(gap)));
        spans.push(Span::styled(clock, theme.strong()));
    }
    Paragraph::new(Line::from(spans)).render(area, buf);
}

/// Joins `parts` within `room` characters: drops parts from the end of
/// the list (the least important) while they do not fit, then uses the
/// shorter forms. An empty shorter form means the part may be dropped.
fn fit_parts(parts: &[(String, String)], room: usize, separator: &str) -> String {
    let join = |texts: Vec<&str>| texts.into_iter().filter(|t| !t.is_empty()).collect::<Vec<_>>().join(separator);
    for keep in (1..=parts.len()).rev() {
        let full = join(parts[..keep].iter().map(|(full, _)| full.as_str()).collect());
        if full.chars().count() <= room {
            return full;
        }
    }
    join(parts.iter().map(|(_, short)| short.as_str()).collect()).chars().take(room).collect()
}

/// Where a seat sits: a unit vector from the table's centre, South at the
/// bottom and the seats going clockwise (Left, then Across, then Right).
fn direction(seat: Seat, players: usize) -> (f64, f64) {
    let angle = TAU * seat.index() as f64 / players as f64;
    // Rounded so that seats opposite each other land on the same row.
    let tidy = |v: f64| (v * 1e6).round() / 1e6;
    (tidy(-angle.sin()), tidy(angle.cos()))
}

fn centre(area: Rect) -> (f64, f64) {
    (f64::from(area.x) + f64::from(area.width) / 2.0, f64::from(area.y) + f64::from(area.height) / 2.0)
}

/// A rectangle of `width` x `height` centred on a point, kept inside `area`.
fn placed(area: Rect, (x, y): (f64, f64), width: u16, height: u16) -> Rect {
    let left = (x - f64::from(width) / 2.0).round().max(f64::from(area.x)) as u16;
    let top = (y - f64::from(height) / 2.0).round().max(f64::from(area.y)) as u16;
    let left = left.min(area.right().saturating_sub(width));
    let top = top.min(area.bottom().saturating_sub(height));
    Rect::new(left, top, width.min(area.width), height.min(area.height))
}

fn seats(buf: &mut Buffer, area: Rect, app: &App, now: Instant) {
    let players = app.players();
    let (cx, cy) = centre(area);
    let reach_x = f64::from(area.width) / 2.0 - f64::from(SEAT_WIDTH) / 2.0 - 1.0;
    let reach_y = f64::from(area.height) / 2.0 - 1.5;
    for seat in Seat::all(players).skip(1) {
        let (dx, dy) = direction(seat, players);
        let rect = placed(area, (cx + dx * reach_x, cy + dy * reach_y), SEAT_WIDTH, 3);
        let lines = seat_lines(app, seat, now);
        let alignment = if dx < -0.3 {
            Alignment::Left
        } else if dx > 0.3 {
            Alignment::Right
        } else {
            Alignment::Center
        };
        Paragraph::new(lines).alignment(alignment).render(rect, buf);
    }
}

fn seat_lines(app: &App, seat: Seat, now: Instant) -> Vec<Line<'static>> {
    let theme = app.theme;
    let hand = app.game.hand();
    let to_act = app.seat_to_act() == Some(seat) && !app.showing_trick(now) && app.overlay.is_none();
    let name_style = if to_act { theme.active() } else { theme.strong() };
    let level = app.table.players.get(seat.index()).map(|p| p.name()).unwrap_or_default();
    let level: String = level.chars().take(12).collect();
    let mut count = format!("{} {}", theme.card_back(), hand.holding(seat).len());
    if hand.phase() == HandPhase::Passing && app.game.phase() == GamePhase::InHand {
        count += theme.separator();
        count += if hand.awaits_pass_from(seat) { "passing" } else { "passed" };
    }
    vec![
        Line::from(vec![
            Span::styled(app.table.seat_name(seat), name_style),
            Span::styled(format!("{}{level}", theme.separator()), theme.quiet()),
        ]),
        Line::raw(format!(
            "{}{}total {}",
            points(app.points_this_hand(seat)),
            app.theme.separator(),
            app.game.totals()[seat]
        )),
        Line::styled(count, theme.quiet()),
    ]
}

fn trick(buf: &mut Buffer, area: Rect, app: &App, now: Instant) {
    let players = app.players();
    let trick = app.table_trick(now);
    let winner = if app.showing_trick(now) { trick.winning_card() } else { None };
    let (cx, cy) = centre(area);
    let (reach_x, reach_y) = if players > 4 { (11.0, 4.0) } else { (9.0, 3.0) };
    for (seat, card) in trick.plays(players) {
        let (dx, dy) = direction(seat, players);
        let rect = placed(area, (cx + dx * reach_x, cy + dy * reach_y), CARD_WIDTH, CARD_HEIGHT);
        let frame = if Some(card) == winner { app.theme.marked() } else { app.theme.frame() };
        draw_card(buf, rect.x, rect.y, card, app.theme.card_face(card), frame, app.theme);
    }
    if let Some((cards, at)) = app.pending_pass {
        // Your pass crosses the table, face down, from you to its receiver.
        let target = app.game.hand().pass_target(YOU);
        let delay = app.speed.trick_delay().as_secs_f64().max(1e-3);
        let progress = (1.0 - at.saturating_duration_since(now).as_secs_f64() / delay).clamp(0.0, 1.0);
        let (from, to) = (direction(YOU, players), direction(target, players));
        let along = |a: f64, b: f64| a + (b - a) * progress;
        let point = (cx + along(from.0, to.0) * reach_x, cy + along(from.1, to.1) * reach_y);
        let backs = vec![app.theme.card_back(); cards.len()].join(" ");
        let text = format!("{backs} to {}", app.table.seat_name(target));
        let rect = placed(area, point, text.chars().count() as u16, 1);
        Paragraph::new(Line::styled(text, app.theme.strong())).render(rect, buf);
    }
}

/// One card, five columns by three rows: a frame around rank and suit.
fn draw_card(buf: &mut Buffer, x: u16, y: u16, card: Card, face: Style, frame: Style, theme: Theme) {
    let (top, side, bottom) =
        if theme.ascii { ("+---+", "|", "+---+") } else { ("┌───┐", "│", "└───┘") };
    buf.set_string(x, y, top, frame);
    buf.set_string(x, y + 1, side, frame);
    buf.set_string(x + 1, y + 1, format!("{:<2}{}", Theme::rank(card.rank()), theme.suit(card.suit())), face);
    buf.set_string(x + 4, y + 1, side, frame);
    buf.set_string(x, y + 2, bottom, frame);
}

fn played_panel(buf: &mut Buffer, area: Rect, app: &App) {
    let theme = app.theme;
    let played = app.game.hand().played();
    // Narrow enough to stay clear of the trick in the middle at 80 columns.
    let rect = Rect::new(area.x, area.y, 30.min(area.width), 6.min(area.height));
    Clear.render(rect, buf);
    let block = Block::bordered().border_set(theme.card_border()).title(" Played (c) ").style(theme.table());
    let inner = block.inner(rect);
    block.render(rect, buf);
    let lines: Vec<Line> = Suit::NOTATION_ORDER
        .iter()
        .map(|&suit| {
            let mut spans = vec![Span::styled(format!("{} ", theme.suit(suit)), theme.suit_ink(suit))];
            for card in CardSet::suit(suit) {
                // One letter a rank (T for ten) keeps the panel narrow.
                let text = format!("{} ", card.rank().letter());
                spans.push(if played.contains(card) {
                    Span::styled(text, theme.strong())
                } else {
                    Span::styled(if theme.ascii { ". " } else { "· " }, theme.quiet())
                });
            }
            Line::from(spans)
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}

fn your_line(buf: &mut Buffer, area: Rect, app: &App, hits: &mut Hits) {
    let theme = app.theme;
    let to_act = app.seat_to_act() == Some(YOU) && app.overlay.is_none();
    let name_style = if to_act { theme.active() } else { theme.strong() };
    let mut spans = vec![
        Span::styled(" You", name_style),
        Span::raw(format!(
            "{sep}{}{sep}total {}",
            points(app.points_this_hand(YOU)),
            app.game.totals()[YOU],
            sep = app.theme.separator()
        )),
    ];
    // What you passed stays in view for the hand.
    let hand = app.game.hand();
    let passed = hand.passed(YOU);
    if hand.phase() != HandPhase::Passing && !passed.is_empty() {
        let target = app.table.seat_name(hand.pass_target(YOU));
        let text = format!("{}passed {} to {target}", theme.separator(), theme.cards(passed));
        spans.push(Span::styled(text, theme.quiet()));
    }
    let line = Line::from(spans);
    Paragraph::new(line).render(area, buf);
    let mut right = area.right();
    let mut button = |label: &str, which: Button, ready: bool| {
        let width = label.chars().count() as u16;
        right = right.saturating_sub(width + 1);
        let rect = Rect::new(right, area.y, width, 1);
        buf.set_string(rect.x, rect.y, label, theme.button(ready));
        hits.buttons.push((rect, which));
    };
    if app.is_passing() {
        let ready = app.marked.len() == app.game.hand().pass_count();
        button("[ PASS ]", Button::Pass, ready);
    }
    if app.can_play_out() {
        button("[ PLAY OUT ]", Button::PlayOut, true);
    }
}

fn your_hand(buf: &mut Buffer, area: Rect, app: &App, now: Instant, hits: &mut Hits) {
    let theme = app.theme;
    let cards = app.your_cards();
    // The card you played to the trick in progress keeps its place (left
    // empty), so the others do not move under the mouse until the trick ends.
    let trick = app.game.hand().trick();
    let played_now = trick.plays(app.players()).find(|&(seat, _)| seat == YOU).map(|(_, card)| card);
    let mut slots = cards.clone();
    slots.extend(played_now);
    slots.sort();
    if cards.is_empty() {
        return;
    }
    let count = slots.len() as u16;
    let step = (area.width.saturating_sub(2) / count).clamp(3, CARD_WIDTH + 1);
    let width = step * (count - 1) + CARD_WIDTH;
    let left = area.x + area.width.saturating_sub(width) / 2;
    let your_turn = app.seat_to_act() == Some(YOU)
        && app.game.hand().phase() == HandPhase::Playing
        && app.game.phase() == GamePhase::InHand
        && !app.showing_trick(now);
    let legal = if your_turn { app.game.legal_moves() } else { CardSet::DECK };
    let cursor = app.cursor_card();
    for (i, &card) in slots.iter().enumerate() {
        if Some(card) == played_now {
            continue;
        }
        let x = left + step * i as u16;
        let raised = app.marked.contains(card) || app.queued == Some(card);
        let y = if raised { area.y } else { area.y + 1 };
        let face = if legal.contains(card) { theme.card_face(card) } else { theme.dimmed_face(card) };
        let frame = if Some(card) == cursor {
            theme.cursor()
        } else if raised || app.hint.contains(card) || app.received.contains(card) {
            theme.marked()
        } else {
            theme.frame()
        };
        draw_card(buf, x, y, card, face, frame, theme);
        if app.received.contains(card) {
            buf.set_string(x + 1, y + 2, "new", theme.marked());
        } else if app.hint.contains(card) {
            buf.set_string(x + 1, y + 2, "hnt", theme.marked());
        } else if app.queued == Some(card) {
            buf.set_string(x + 1, y + 2, "que", theme.marked());
        }
        // The visible part of a card is what the next card does not cover.
        let visible = if i + 1 < slots.len() { step.min(CARD_WIDTH) } else { CARD_WIDTH };
        hits.cards.push((Rect::new(x, area.y, visible, CARD_HEIGHT + 1), card));
    }
}

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
        format!("Passing {} to {}{}{undo}", theme.cards(cards), name(hand.pass_target(YOU)), theme.ellipsis())
    } else if app.showing_trick(now)
        && let Some(last) = game.tricks().last()
    {
        let winner = last.winner(app.players()).unwrap_or(YOU);
        if winner == YOU { "You take the trick".to_string() } else { format!("{} takes the trick", name(winner)) }
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
                        format!("Pass {} to {target}: Enter or click PASS", theme.cards(app.marked))
                    } else {
                        format!("Choose {need} cards to pass to {target} ({} of {need})", app.marked.len())
                    }
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

fn status_line(buf: &mut Buffer, area: Rect, app: &App, now: Instant) {
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

/// Breaks `text` into lines of at most `width` characters at spaces (a
/// word longer than a line is cut).
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.chars().take(width).collect()),
        }
    }
    lines
}

/// "1 hand", "3 hands".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Points in a hand: "1 pt", "0 pts".
pub fn points(n: i32) -> String {
    format!("{n} {}", if n == 1 { "pt" } else { "pts" })
}

/// The keys that do something now, for the bottom line.
pub fn keys_now(app: &App) -> Vec<&'static str> {
    let mut keys: Vec<&str> = match &app.overlay {
        _ if app.finish.is_some() && matches!(app.overlay, None | Some(Overlay::GameOver(_))) => {
            vec!["n new game", "r replay this seed", "s scores", "S stats", "q quit"]
        }
        Some(Overlay::Trick(_)) => vec!["t earlier", "arrows step", "Esc close"],
        Some(Overlay::Help | Overlay::ScoreSheet | Overlay::Stats) => vec!["Esc close"],
        Some(Overlay::ConfirmQuit | Overlay::ConfirmRestart) => vec!["y yes", "n no"],
        Some(Overlay::HandSummary) => vec!["Enter continue", "s scores", "q quit"],
        Some(Overlay::MoonChoice(_)) => vec!["arrows choose", "Enter confirm"],
        Some(Overlay::Resume(offer)) if !offer.programs.is_empty() => {
            vec!["Enter resume", "y run the programs", "n new game", "q quit"]
        }
        Some(Overlay::Resume(_)) => vec!["Enter resume", "n new game", "q quit"],
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

fn key_line(buf: &mut Buffer, area: Rect, app: &App) {
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
    ("r", "deal this hand again (asks first)"),
    ("?", "this help; any key skips a wait"),
    ("q", "quit (asks first; the game is saved)"),
    ("Ctrl-C", "quit at once (the game is saved)"),
    ("Ctrl-Z", "suspend to the shell (fg comes back)"),
    ("", "a card chosen before your turn is queued"),
];

fn window(buf: &mut Buffer, area: Rect, width: u16, height: u16, title: &str, theme: Theme) -> (Rect, Rect) {
    let width = width.min(area.width);
    let height = height.min(area.height);
    let rect = Rect::new(area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height);
    Clear.render(rect, buf);
    let style = if theme.color { theme.table() } else { Style::default() };
    let block = Block::bordered().border_set(theme.border()).title(format!(" {title} ")).style(style);
    let inner = block.inner(rect);
    block.render(rect, buf);
    (rect, inner)
}

/// A row of buttons along the bottom line of `inner`.
fn buttons(
    buf: &mut Buffer,
    inner: Rect,
    row: &[(&str, Button)],
    selected: Option<Button>,
    theme: Theme,
    hits: &mut Hits,
) {
    let total: u16 =
        row.iter().map(|(label, _)| label.chars().count() as u16 + 4).sum::<u16>() + 2 * (row.len() as u16 - 1);
    let mut x = inner.x + inner.width.saturating_sub(total) / 2;
    let y = inner.bottom().saturating_sub(1);
    for &(label, button) in row {
        let text = format!("[ {label} ]");
        let width = text.chars().count() as u16;
        buf.set_string(x, y, &text, theme.button(selected == Some(button)));
        hits.buttons.push((Rect::new(x, y, width, 1), button));
        x += width + 2;
    }
}

fn draw_overlay(buf: &mut Buffer, area: Rect, app: &App, overlay: &Overlay, hits: &mut Hits) {
    let theme = app.theme;
    let rect = match overlay {
        Overlay::Help => {
            let (rect, inner) = window(buf, area, 62, KEYS.len() as u16 + 3, "Keys", theme);
            let lines: Vec<Line> = KEYS
                .iter()
                .map(|&(key, what)| match key {
                    // The timed game says what it takes away instead of the queue note.
                    "" if app.clock.is_some() => ("timed game", "no hints or undo; clock runs on your turns"),
                    _ => (key, what),
                })
                .map(|(key, what)| {
                    let key = if theme.ascii { key.replace("← →", "Left Right") } else { key.to_string() };
                    Line::from(vec![Span::styled(format!(" {key:<12}"), theme.strong()), Span::raw(what)])
                })
                .collect();
            Paragraph::new(lines).render(inner, buf);
            rect
        }
        Overlay::Trick(index) => {
            let tricks = app.game.tricks();
            let title = format!("Trick {} of {}", index + 1, tricks.len());
            let (rect, inner) = window(buf, area, 44, app.players() as u16 + 5, &title, theme);
            let mut lines = vec![];
            if let Some(trick) = tricks.get(*index) {
                let winner = trick.winner(app.players());
                let points = app.table.rules.points.points(trick.card_set());
                for (seat, card) in trick.plays(app.players()) {
                    let lead = if seat == trick.leader() { "led " } else { "    " };
                    let mark = match (Some(seat) == winner, points) {
                        (true, 0) => "  takes it".to_string(),
                        (true, points) => format!("  takes it ({})", self::points(points)),
                        _ => String::new(),
                    };
                    lines.push(Line::from(vec![
                        Span::raw(format!(" {:<10}{lead}", app.table.seat_name(seat))),
                        Span::styled(theme.card(card), theme.suit_ink(card.suit())),
                        Span::styled(mark, theme.strong()),
                    ]));
                }
            }
            lines.push(Line::raw(""));
            lines.push(Line::styled(" t or left: earlier   right: later   Esc: close", theme.quiet()));
            Paragraph::new(lines).render(inner, buf);
            rect
        }
        Overlay::ScoreSheet => {
            let sheet = score_sheet(app, area.height.saturating_sub(6) as usize, area.width);
            let width = sheet_width(app, area.width).max(40);
            let (rect, inner) = window(buf, area, width, sheet.len() as u16 + 2, "Score sheet", theme);
            Paragraph::new(sheet).render(inner, buf);
            rect
        }
        Overlay::Stats => {
            let key = super::stats::Stats::key(&app.table.label, &app.table.rules, &app.table.players);
            let lines: Vec<Line> = wrap_words(&key, 40)
                .into_iter()
                .map(|part| Line::styled(format!(" {part}"), theme.strong()))
                .chain(
                    app.stats.lines().into_iter().map(|(label, value)| Line::raw(format!(" {label:<24}{value:>10}"))),
                )
                .collect();
            let (rect, inner) = window(buf, area, 44, lines.len() as u16 + 2, "Statistics", theme);
            Paragraph::new(lines).render(inner, buf);
            rect
        }
        Overlay::ConfirmQuit => {
            let text =
                [" Quit now? The game is saved, and `hearts`".to_string(), " offers to resume it next time.".into()];
            question(buf, area, "Quit?", &text, "y Quit", theme, hits)
        }
        Overlay::ConfirmRestart => {
            let text = [format!(" Deal hand {} again from the start?", app.game.hand_number())];
            question(buf, area, "Deal again?", &text, "y Deal again", theme, hits)
        }
        Overlay::HandSummary => hand_summary(buf, area, app, hits),
        Overlay::MoonChoice(selected) => {
            let total = app.game.hand().penalty_cards();
            let points = app.table.rules.points.points(total);
            let (rect, inner) = window(buf, area, 60, 7, "You shot the moon!", theme);
            let text = vec![
                Line::raw(format!(" You took every point ({points}). How should it count?")),
                Line::raw(" Adding to the others would end the game with you behind."),
            ];
            Paragraph::new(text).render(inner, buf);
            let add = format!("+{points} to the others");
            let take = format!("-{points} off your score");
            let selected = Some(match selected {
                MoonScoring::AddToOthers => Button::MoonAdd,
                MoonScoring::SubtractFromShooter => Button::MoonSubtract,
            });
            buttons(buf, inner, &[(&add, Button::MoonAdd), (&take, Button::MoonSubtract)], selected, theme, hits);
            rect
        }
        Overlay::GameOver(selected) => game_over(buf, area, app, *selected, hits),
        Overlay::Resume(offer) => {
            const WIDTH: u16 = 70;
            let room = usize::from(WIDTH.min(area.width)) - 3;
            let mut text = vec![Line::raw(" You have an unfinished game:")];
            let wrapped = |line: &str, style: Style| {
                wrap_words(line, room).into_iter().map(move |part| Line::styled(format!(" {part}"), style))
            };
            text.extend(wrapped(&offer.description, theme.strong()));
            for (seat, command) in offer.programs.iter().take(3) {
                text.extend(wrapped(&format!("{seat} was the program: {command}"), theme.warning()));
            }
            let choices: &[(&str, Button)] = if offer.programs.is_empty() {
                text.push(Line::raw(" Enter resumes it; n starts a new one."));
                &[("Resume", Button::Resume), ("n New game", Button::NewGame)]
            } else {
                text.push(Line::raw(" Enter resumes with built-in bots in their seats;"));
                text.push(Line::raw(" y runs the programs again; n starts a new game."));
                &[("Resume", Button::Resume), ("y Run programs", Button::RunPrograms), ("n New game", Button::NewGame)]
            };
            // Borders, a blank line and the buttons around the text.
            let (rect, inner) = window(buf, area, WIDTH, text.len() as u16 + 4, "Unfinished game", theme);
            Paragraph::new(text).render(inner, buf);
            buttons(buf, inner, choices, Some(Button::Resume), theme, hits);
            rect
        }
    };
    hits.overlay = Some(rect);
}

/// A yes/no window: `text`, then the yes button and "n Keep playing".
fn question(
    buf: &mut Buffer,
    area: Rect,
    title: &str,
    text: &[String],
    yes: &str,
    theme: Theme,
    hits: &mut Hits,
) -> Rect {
    let (rect, inner) = window(buf, area, 52, 6, title, theme);
    Paragraph::new(text.iter().map(|line| Line::raw(line.clone())).collect::<Vec<_>>()).render(inner, buf);
    let row = [(yes, Button::Yes), ("n Keep playing", Button::No)];
    buttons(buf, inner, &row, Some(Button::Yes), theme, hits);
    rect
}

/// The hand number's column of the score sheet, with its leading space.
const SHEET_HAND_COLUMN: usize = 7;

/// The width of each seat's column in the score sheet: up to 12, narrower
/// so that the whole sheet fits in `room` columns (never below what a
/// score and total need).
fn sheet_column(players: usize, room: u16) -> usize {
    let inner = (room as usize).saturating_sub(2 + SHEET_HAND_COLUMN);
    (inner / players).clamp(9, 12)
}

/// The width of a window holding the score sheet, borders included.
fn sheet_width(app: &App, room: u16) -> u16 {
    let players = app.players();
    (2 + SHEET_HAND_COLUMN + sheet_column(players, room) * players) as u16
}

/// The score sheet: one row per hand, each seat's score and running total,
/// the last `rows` hands when there are more, in columns that fit `room`.
fn score_sheet(app: &App, rows: usize, room: u16) -> Vec<Line<'static>> {
    let theme = app.theme;
    let players = app.players();
    let column = sheet_column(players, room);
    let mut header = format!(" {:<6}", "Hand");
    for seat in Seat::all(players) {
        let name: String = app.table.seat_name(seat).chars().take(column - 1).collect();
        header += &format!("{name:>column$}");
    }
    let mut lines = vec![Line::styled(header, theme.strong())];
    let history = app.game.history();
    let skip = history.len().saturating_sub(rows.saturating_sub(2).max(1));
    if skip > 0 {
        lines.push(Line::styled(format!(" ({} earlier)", count(skip, "hand", "hands")), theme.quiet()));
    }
    for (i, record) in history.iter().enumerate().skip(skip) {
        let mut row = format!(" {:<6}", i + 1);
        for seat in Seat::all(players) {
            let moon = if record.result.shooter == Some(seat) && record.moon.is_some() { theme.moon() } else { "" };
            row += &format!("{:>column$}", format!("{moon}{:+} {:>3}", record.scores[seat], record.totals[seat]));
        }
        lines.push(Line::raw(row));
    }
    if history.is_empty() {
        lines.push(Line::styled(" No hand has been scored yet", theme.quiet()));
    }
    lines
}

fn hand_summary(buf: &mut Buffer, area: Rect, app: &App, hits: &mut Hits) -> Rect {
    let theme = app.theme;
    let players = app.players();
    let Some(record) = app.game.history().last() else {
        return window(buf, area, 40, 4, "Hand over", theme).0;
    };
    let hand = app.game.hand();
    let rules = &app.table.rules;
    let mut scoring = rules.penalty_cards();
    if let Some(bonus) = rules.bonus_card() {
        scoring.insert(bonus);
    }
    let mut lines = vec![Line::styled(format!(" {:<10}{:<34}{:>6}{:>7}", "", "Took", "Hand", "Total"), theme.strong())];
    for seat in Seat::all(players) {
        let taken = hand.taken(seat) & scoring;
        let mut cards: Vec<Span> = vec![Span::raw(format!(" {:<10}", app.table.seat_name(seat)))];
        let mut shown: Vec<Card> = taken.into_iter().collect();
        shown.reverse();
        let mut text = String::new();
        for card in &shown {
            if text.chars().count() + 4 > 32 {
                text += theme.ellipsis();
                break;
            }
            text += &format!("{} ", theme.card(*card));
        }
        if shown.is_empty() {
            text = "-".to_string();
        }
        cards.push(Span::raw(format!("{text:<34}")));
        cards.push(Span::styled(format!("{:>+6}{:>7}", record.scores[seat], record.totals[seat]), theme.strong()));
        lines.push(Line::from(cards));
    }
    if let (Some(shooter), Some(moon)) = (record.result.shooter, record.moon) {
        let who = if shooter == YOU { "You".to_string() } else { app.table.seat_name(shooter) };
        let how = match moon {
            MoonScoring::AddToOthers => format!("{} to everyone else", record.result.penalty_total),
            MoonScoring::SubtractFromShooter => format!("-{} off their score", record.result.penalty_total),
        };
        lines.push(Line::styled(format!(" {who} shot the moon! {how}"), theme.warning()));
    }
    lines.push(Line::raw(""));
    let room = area.height.saturating_sub(lines.len() as u16 + 5) as usize;
    lines.extend(score_sheet(app, room, area.width));
    let height = lines.len() as u16 + 4;
    let game_over = app.game.phase() == GamePhase::GameOver || app.finish.is_some();
    let (rect, inner) = window(
        buf,
        area,
        66.max(sheet_width(app, area.width)),
        height,
        &format!("Hand {} scored", app.game.hand_number()),
        theme,
    );
    Paragraph::new(lines).render(inner, buf);
    let label = if game_over { "Enter: final standings" } else { "Enter: next hand" };
    buttons(buf, inner, &[(label, Button::Continue)], Some(Button::Continue), theme, hits);
    rect
}

fn game_over(buf: &mut Buffer, area: Rect, app: &App, selected: Button, hits: &mut Hits) -> Rect {
    let theme = app.theme;
    let players = app.players();
    let totals = app.game.totals();
    let mut order: Vec<Seat> = Seat::all(players).collect();
    order.sort_by_key(|&seat| (totals[seat], seat.index()));
    let leaders = app.game.leaders();
    let headline = match (leaders.as_slice(), app.finish) {
        _ if app.game.history().is_empty() => "No hand was completed: nobody wins".to_string(),
        ([YOU], _) => "You win!".to_string(),
        (l, _) if l.contains(&YOU) => "You share the win!".to_string(),
        ([seat], _) => format!("{} wins", app.table.seat_name(*seat)),
        _ => "A shared win".to_string(),
    };
    let mut lines = vec![Line::styled(format!(" {headline}"), theme.warning()), Line::raw("")];
    for (place, seat) in order.iter().enumerate() {
        let style = if *seat == YOU { theme.strong() } else { Style::default() };
        lines.push(Line::styled(
            format!(" {}. {:<12}{:>5}", place + 1, app.table.seat_name(*seat), totals[*seat]),
            style,
        ));
    }
    if let Some(score) = app.tournament {
        lines.push(Line::raw(""));
        lines.extend(tournament_lines(score, theme));
    }
    let hands = count(app.game.history().len(), "hand", "hands");
    lines.push(Line::raw(format!(" Seed {}{}{hands}", app.game.seed(), theme.separator())));
    let height = lines.len() as u16 + 4;
    let title = if app.finish == Some(Finish::OutOfTime) { "Time is up" } else { "Game over" };
    let (rect, inner) = window(buf, area, 60, height, title, theme);
    Paragraph::new(lines).render(inner, buf);
    let row = [("n New game", Button::NewGame), ("r Replay this seed", Button::Replay), ("q Quit", Button::Quit)];
    buttons(buf, inner, &row, Some(selected), theme, hits);
    rect
}

fn tournament_lines(score: TournamentScore, theme: Theme) -> Vec<Line<'static>> {
    let total = score.total();
    match score {
        TournamentScore::Completed { score_bonus, time_bonus, win_bonus } => vec![
            Line::raw(format!(" Score bonus 15 x (100 - points) {score_bonus:>8}")),
            Line::raw(format!(" Time bonus  1 a second left     {time_bonus:>8}")),
            Line::raw(format!(" Win bonus   3 x others' points  {win_bonus:>8}")),
            Line::styled(format!(" Tournament score                {total:>8}"), theme.strong()),
        ],
        TournamentScore::OutOfTime { hands_played, points } => vec![
            Line::raw(format!(" Out of time: 50 + 26 x {hands_played} hands - 2 x {points} points")),
            Line::styled(format!(" Tournament score                {total:>8}"), theme.strong()),
        ],
        TournamentScore::Zero => {
            vec![Line::styled(format!(" Tournament score (no hand completed) {total:>4}"), theme.strong())]
        }
    }
}
