//! The windows over the table: help, a trick, the score sheet,
//! statistics, questions, the hand summary, the moon choice, game over and
//! the resume offer, centred, each with its buttons.
//!
//! ```text
//!          ╭ Hand 2 scored ──────────────────────────╮
//!          │           Took                Hand Total │
//!          │ You       Q♥ J♥ 10♥              +7   22 │
//!          │ ...                                      │
//!          │            [ Enter: next hand ]          │
//!          ╰──────────────────────────────────────────╯
//! ```

use super::*;
use crate::engine::{
    Declaration, FirstLead, Generale, HandRecord, Kitty, KittyTo, MoonRule, PointsTable, ROYAL_CANCELLER,
    ROYAL_DIAMOND_CUT, ROYAL_DOUBLER, Rules, Scoring, Teams,
};
use crate::tui::fit::{wrap, wrap_units};

pub(super) fn window(buf: &mut Buffer, area: Rect, width: u16, height: u16, title: &str, theme: Theme) -> (Rect, Rect) {
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

/// The borders and a space either side of a window's text.
const MARGINS: usize = 4;

/// `text` as the lines of a window `width` wide (borders included), broken
/// at spaces with a space either side; a line that starts indented keeps
/// its indent, and what wraps goes two further in.
pub(super) fn wrapped(text: &str, width: u16, style: Style) -> Vec<Line<'static>> {
    let indent = text.len() - text.trim_start().len();
    let room = usize::from(width).saturating_sub(MARGINS + indent);
    wrap(text.trim_start(), room, 2)
        .into_iter()
        .map(|line| Line::styled(format!(" {}{line}", " ".repeat(indent)), style))
        .collect()
}

/// A row of buttons along the bottom line of `inner`.
pub(super) fn buttons(
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

pub(super) fn draw_overlay(buf: &mut Buffer, area: Rect, app: &Seen, overlay: &Overlay, hits: &mut Hits) {
    let theme = app.person.theme;
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
        Overlay::Rules => {
            const WIDTH: u16 = 72;
            let lines: Vec<Line> = rules_in_brief(&app.table.rules, theme)
                .iter()
                .flat_map(|line| wrapped(line, WIDTH.min(area.width), Style::default()))
                .collect();
            let title = format!("This game: {}", app.table.label);
            let (rect, inner) = window(buf, area, WIDTH, lines.len() as u16 + 2, &title, theme);
            Paragraph::new(lines).render(inner, buf);
            rect
        }
        Overlay::Trick(index) => {
            let tricks = app.game.tricks();
            let title = format!("Trick {} of {}", index + 1, tricks.len());
            const WIDTH: u16 = 44;
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
                        Span::raw(format!(" {:<10}{lead}", app.seat_name(seat))),
                        Span::styled(theme.card(card), theme.suit_ink(card.suit())),
                        Span::styled(mark, theme.strong()),
                    ]));
                }
            }
            lines.push(Line::raw(""));
            let keys = ["t or left: earlier", "right: later", "Esc: close"];
            let room = usize::from(WIDTH.min(area.width)).saturating_sub(MARGINS);
            lines.extend(
                wrap_units(&keys, "   ", room, 0)
                    .into_iter()
                    .map(|line| Line::styled(format!(" {line}"), theme.quiet())),
            );
            let (rect, inner) = window(buf, area, WIDTH, lines.len() as u16 + 2, &title, theme);
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
            let key = crate::tui::stats::Stats::key(&app.table.label, &app.table.rules, &app.table.players);
            let lines: Vec<Line> = wrap(&key, 40, 0)
                .into_iter()
                .map(|part| Line::styled(format!(" {part}"), theme.strong()))
                .chain(
                    app.person
                        .stats
                        .lines()
                        .into_iter()
                        .map(|(label, value)| Line::raw(format!(" {label:<24}{value:>10}"))),
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
            let rules = &app.table.rules;
            let points = if app.game.hand().phase() == HandPhase::Finished {
                crate::engine::HandResult::of(app.game.hand(), rules).moon_value
            } else {
                rules.penalty_total()
            };
            let (rect, inner) = window(buf, area, 60, 7, "You shot the moon!", theme);
            let why = if rules.moon == crate::engine::MoonRule::ShooterPicks {
                " Under these rules the shooter picks every time."
            } else {
                " Adding to the others would end the game with you behind."
            };
            let text =
                vec![Line::raw(format!(" You took every point ({points}). How should it count?")), Line::raw(why)];
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
        Overlay::Generale(selected) => {
            let points = app.table.rules.penalty_total();
            let (rect, inner) = window(buf, area, 60, 7, "The Generale", theme);
            let text = vec![
                Line::raw(" Declare the Generale? You promise to take every point."),
                Line::raw(format!(" Made: you score 0, the others {points}. Failed: you {points}.")),
            ];
            Paragraph::new(text).render(inner, buf);
            let row = [("y Declare", Button::Yes), ("n Pass", Button::No)];
            buttons(buf, inner, &row, Some(*selected), theme, hits);
            rect
        }
        Overlay::Bid(offer) => {
            let hand = app.game.hand();
            let (rect, inner) = window(buf, area, 60, 9, "The auction", theme);
            let high = match hand.high_bid() {
                Some(bid) => format!(" Highest bid: {} by {}.", bid.chips, app.seat_name(bid.seat)),
                None => " Nobody has bid yet.".to_string(),
            };
            let text = vec![
                Line::raw(" Bid chips for the right to name the penalty suit and"),
                Line::raw(" lead; the winner pays the bid into the pot."),
                Line::raw(format!("{high} You have {} chips.", app.seat().map_or(0, |me| app.chips_of(me)))),
                Line::styled(format!(" Your bid: < {offer} >"), theme.strong()),
            ];
            Paragraph::new(text).render(inner, buf);
            let bid = format!("Enter: bid {offer}");
            let row = [(bid.as_str(), Button::Yes), ("n Pass", Button::No)];
            buttons(buf, inner, &row, Some(Button::Yes), theme, hits);
            rect
        }
        Overlay::NameSuit(selected) => {
            let (rect, inner) = window(buf, area, 60, 7, "Name the penalty suit", theme);
            let bid = app.game.hand().high_bid().map_or(0, |bid| bid.chips);
            let text = vec![
                Line::raw(format!(" You won the auction for {bid}: each card of the suit you")),
                Line::raw(" name is worth 1, and it replaces hearts in every rule."),
            ];
            Paragraph::new(text).render(inner, buf);
            let labels: Vec<String> =
                Suit::ALL.iter().map(|&suit| format!("{} {}", theme.suit(suit), suit.name())).collect();
            let row: Vec<(&str, Button)> =
                labels.iter().zip(Suit::ALL).map(|(label, suit)| (label.as_str(), Button::Suit(suit))).collect();
            buttons(buf, inner, &row, Some(Button::Suit(*selected)), theme, hits);
            rect
        }
        Overlay::GameOver(selected) => game_over(buf, area, app, *selected, hits),
        Overlay::NewGame(form) => {
            let fields = form.fields();
            const WIDTH: u16 = 50;
            let below = match &form.problem {
                Some(problem) => wrap(problem, usize::from(WIDTH) - 4, 0)
                    .into_iter()
                    .map(|line| Line::styled(format!(" {line}"), theme.warning()))
                    .collect(),
                None => vec![Line::styled(" The choices are kept for next time.", theme.quiet())],
            };
            let height = (fields.len() + 4 + below.len()) as u16;
            let (rect, inner) = window(buf, area, WIDTH, height, "New game", theme);
            let current = form.current();
            let mut lines: Vec<Line> = fields
                .iter()
                .map(|&field| {
                    let (label, value) = form.line(field);
                    let (mark, style) =
                        if field == current { ("> ", theme.active()) } else { ("  ", Style::default()) };
                    Line::from(vec![
                        Span::raw(format!(" {mark}{label:<18}")),
                        Span::styled(format!("< {value} >"), style),
                    ])
                })
                .collect();
            lines.push(Line::raw(""));
            lines.extend(below);
            Paragraph::new(lines).render(inner, buf);
            buttons(
                buf,
                inner,
                &[("Start", Button::Start), ("Esc Cancel", Button::No)],
                Some(Button::Start),
                theme,
                hits,
            );
            rect
        }
        Overlay::Resume(offer) => {
            const WIDTH: u16 = 70;
            let room = usize::from(WIDTH.min(area.width)) - 3;
            let mut text = vec![Line::raw(" You have an unfinished game:")];
            let wrapped = |line: &str, style: Style| {
                wrap(line, room, 0).into_iter().map(move |part| Line::styled(format!(" {part}"), style))
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
pub(super) fn question(
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
pub(super) const SHEET_HAND_COLUMN: usize = 7;

/// The width of each side's column in the score sheet: up to 14 (12 for
/// a seat alone), narrower so that the whole sheet fits in `room` columns
/// (never below what a total needs; below [`SCORE_AND_TOTAL`] a column
/// shows the total alone).
pub(super) fn sheet_column(sides: usize, teams: bool, room: u16) -> usize {
    let inner = (room as usize).saturating_sub(3 + SHEET_HAND_COLUMN);
    (inner / sides).clamp(6, if teams { 14 } else { 12 })
}

/// The narrowest column that holds a hand's score and the total after it.
const SCORE_AND_TOTAL: usize = 9;

/// The width of a window holding the score sheet, borders included.
pub(super) fn sheet_width(app: &Seen, room: u16) -> u16 {
    let rules = &app.table.rules;
    let sides = rules.side_count();
    // The borders and a blank column before the right one.
    (3 + SHEET_HAND_COLUMN + sheet_column(sides, rules.teams != Teams::Off, room) * sides) as u16
}

/// A side's name in at most `width` characters: "You & Across", or the
/// seats' short names ("You+A") where the full name does not fit.
pub(super) fn side_label(app: &Seen, side: usize, width: usize) -> String {
    let full = app.side_name(side);
    if full.chars().count() <= width {
        return full;
    }
    let short: Vec<String> = app.side_seats(side).into_iter().map(|seat| short_name(&app.seat_name(seat))).collect();
    short.join("+").chars().take(width).collect()
}

/// The score sheet: one row per hand, each side's (seat's or team's)
/// score and running total, the last `rows` hands when there are more, in
/// columns that fit `room`.
pub(super) fn score_sheet(app: &Seen, rows: usize, room: u16) -> Vec<Line<'static>> {
    let theme = app.person.theme;
    let rules = &app.table.rules;
    let sides = rules.side_count();
    let column = sheet_column(sides, rules.teams != Teams::Off, room);
    let mut header = format!(" {:<6}", "Hand");
    for side in 0..sides {
        let name = side_label(app, side, column - 1);
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
        for side in 0..sides {
            let shot = record.result.shooter.is_some_and(|shooter| rules.side(shooter) == side);
            let moon = if shot && record.moon.is_some() { theme.moon() } else { "" };
            let (score, standing) = match record.chips {
                Some(settled) => {
                    (rules.side_total(&settled.change, side), rules.side_total(&settled.after.stacks, side))
                }
                None => (rules.side_total(&record.scores, side), rules.side_total(&record.totals, side)),
            };
            let cell = if column < SCORE_AND_TOTAL {
                // Eleven seats in 80 columns: the totals alone.
                format!("{moon}{standing}")
            } else {
                format!("{moon}{score:+} {standing:>3}")
            };
            row += &format!("{cell:>column$}");
        }
        lines.push(Line::raw(row));
    }
    if history.is_empty() {
        lines.push(Line::styled(" No hand has been scored yet", theme.quiet()));
    }
    lines
}

pub(super) fn hand_summary(buf: &mut Buffer, area: Rect, app: &Seen, hits: &mut Hits) -> Rect {
    let theme = app.person.theme;
    let players = app.players();
    let Some(record) = app.game.history().last() else {
        return window(buf, area, 40, 4, "Hand over", theme).0;
    };
    let hand = app.game.hand();
    let rules = &app.table.rules;
    let scoring = app.scoring_cards();
    let (gain, standing) = if record.chips.is_some() { ("Chips", "Stack") } else { ("Hand", "Total") };
    let mut lines = vec![Line::styled(format!(" {:<10}{:<34}{gain:>6}{standing:>7}", "", "Took"), theme.strong())];
    for seat in Seat::all(players) {
        let taken = hand.taken_cards(seat).iter().filter(|&card| scoring.contains(card));
        // With two packs a card taken twice is shown twice.
        let mut shown: Vec<Card> = taken.collect();
        shown.reverse();
        // The whole list, on as many lines as it takes (a moon's is long).
        let mut took = wrap(&theme.cards(shown), 33, 0);
        if took == [""] {
            took = vec!["-".to_string()];
        }
        let (score, total) = match record.chips {
            Some(settled) => (settled.change[seat], settled.after.stacks[seat].to_string()),
            // A combined team's score is on the team's line: here what the seat took.
            None if rules.teams == Teams::Combined => (record.result.points_taken[seat], String::new()),
            None => (record.scores[seat], record.totals[seat].to_string()),
        };
        for (i, part) in took.into_iter().enumerate() {
            let name = if i == 0 { app.seat_name(seat) } else { String::new() };
            let mut spans = vec![Span::raw(format!(" {name:<10}{part:<34}"))];
            if i == 0 {
                spans.push(Span::styled(format!("{score:>+6}{total:>7}"), theme.strong()));
            }
            lines.push(Line::from(spans));
        }
    }
    if rules.teams != Teams::Off {
        for side in 0..rules.side_count() {
            let score = rules.side_total(&record.scores, side);
            let total = rules.side_total(&record.totals, side);
            let name = side_label(app, side, 43);
            lines.push(Line::styled(format!(" {name:<44}{score:>+6}{total:>7}"), theme.strong()));
        }
    }
    let width = 66.max(sheet_width(app, area.width));
    for line in hand_events(app, record) {
        lines.extend(wrapped(&line, width.min(area.width), theme.warning()));
    }
    lines.push(Line::raw(""));
    let room = area.height.saturating_sub(lines.len() as u16 + 5) as usize;
    lines.extend(score_sheet(app, room, area.width));
    let height = lines.len() as u16 + 4;
    let game_over = app.game.phase() == GamePhase::GameOver || app.finish.is_some();
    let (rect, inner) = window(buf, area, width, height, &format!("Hand {} scored", app.game.hand_number()), theme);
    Paragraph::new(lines).render(inner, buf);
    let label = if game_over { "Enter: final standings" } else { "Enter: next hand" };
    buttons(buf, inner, &[(label, Button::Continue)], Some(Button::Continue), theme, hits);
    rect
}

/// The rules in play in a few short lines, for the rules window (each
/// wrapped there to its width).
pub(super) fn rules_in_brief(rules: &Rules, theme: Theme) -> Vec<String> {
    let c = |text: &str| theme.card(text.parse().expect("a card"));
    let mut lines = vec![];
    let mut game = format!("{} players, game to {}", rules.players, rules.target_score);
    if rules.plays_chips() {
        game = format!("{} players, {} chips each, {} deals", rules.players, rules.chips, rules.hand_limit());
    } else if rules.max_hands > 0 {
        game += &format!(" or {} hands", rules.max_hands);
    }
    if rules.clock_minutes > 0 {
        game += &format!(", {}-minute clock", rules.clock_minutes);
    }
    game += if rules.plays_chips() { ": the most chips wins" } else { ": the lowest total wins" };
    if rules.tie == crate::engine::TieRule::Share && !rules.plays_chips() {
        game += " (ties share the win)";
    }
    lines.push(game);
    lines.push(deck_in_brief(rules, theme));
    lines.push(match rules.points {
        PointsTable::Standard => format!("Points: each heart 1, {} 13", c("QS")),
        PointsTable::SpotHearts => format!("Points: hearts at face value (J 11 .. A 14), {} 13", c("QS")),
        PointsTable::BlackMaria => format!("Points: {} 13, {} 10, {} 7, each heart 1", c("QS"), c("KS"), c("AS")),
        PointsTable::Original => "Points: each heart 1".to_string(),
        PointsTable::BlackJack => format!("Points: {} 10, each heart 1", c("JS")),
        PointsTable::Greek => format!(
            "Points: {} 50, {} 15, {} {} {} 10, the other hearts their face value",
            c("QS"),
            c("AH"),
            c("KH"),
            c("QH"),
            c("JH")
        ),
        PointsTable::ChasseCoeur => "Points: every queen 13, the other hearts 1".to_string(),
        PointsTable::Royal => format!("Points: {} 26, each heart 1", c("QS")),
        PointsTable::Eagle => "Points: hearts only, A 5, K 4, Q 3, J 2, others 1".to_string(),
    });
    if rules.points == PointsTable::Royal {
        lines.push(format!("{} doubles its taker's hearts; {} with {} cancels her", c("QH"), c("QC"), c("QS")));
        lines.push(format!("{} takes 10 off its taker's total, not below 0", c("QD")));
    }
    if let Some(bonus) = rules.bonus_card() {
        lines.push(format!("{} is worth -10 to its taker", theme.card(bonus)));
    }
    match rules.scoring {
        Scoring::Points => {}
        Scoring::Chips => lines.push("Chips: a chip a point into the pot; the fewest points take it".to_string()),
        Scoring::Sweepstakes => lines.push("Sweepstakes: a chip a point; only a clean hand takes the pot".to_string()),
    }
    if rules.joker_count() > 0 {
        lines.push(format!("Jokers: {}, played any time, never winning, worth 0", rules.joker_count()));
        lines.push("  a joker led: the first other card sets the suit".to_string());
    }
    if rules.kitty != Kitty::Off {
        let trick = if rules.kitty_to == KittyTo::LastTrick { "last" } else { "first" };
        lines.push(format!("Widow: {} cards to the {trick} trick's winner, seen by it only", rules.kitty_size()));
    }
    if rules.cancellation {
        lines.push("Cancelling: the same card played twice to a trick cancels, and neither copy wins".to_string());
        lines.push(
            "  two pairs, or every card of the suit led cancelled: nobody wins the trick; its cards go to the next \
             trick's winner, and its leader leads again"
                .to_string(),
        );
    }
    let worth = rules.moon_value.map_or_else(|| "the points".to_string(), |value| value.to_string());
    let moon = if rules.declaration == Declaration::Generale {
        "Silent Generale (every point, not declared)"
    } else if rules.cancellation {
        "Moon (every point of both packs)"
    } else {
        "Moon"
    };
    lines.push(match rules.moon_in_play() {
        MoonRule::AddToOthers => format!("{moon}: {worth} to everyone else"),
        MoonRule::SubtractFromShooter => format!("{moon}: {worth} off the shooter"),
        MoonRule::ShooterChooses => format!("{moon}: {worth} to the others, or off the shooter to stay first"),
        MoonRule::ShooterPicks => format!("{moon}: the shooter picks: {worth} to the others or off"),
        MoonRule::Off => "No moon: everyone scores what they took".to_string(),
    });
    if rules.auction {
        lines.push("Auction: bid chips to name the penalty suit (1 a card) and lead".to_string());
        lines.push("  the named suit takes the place of hearts in every rule; no bid: hearts".to_string());
    }
    if rules.domino {
        lines.push(format!("Domino: the other {} cards are the stock", rules.stock_size()));
        lines.push("  cannot follow: draw until you can; no cards: you are out".to_string());
        lines.push(format!("  last holder takes the stock; game ends at {} mid-hand", rules.target_score));
    }
    match rules.teams {
        Teams::Off => {}
        Teams::Combined => lines.push(format!(
            "Partners opposite, one team score; a team moon: {} to each other team",
            rules.moon_value.unwrap_or(rules.penalty_total()) * 2
        )),
        Teams::Individual => lines.push("Partners opposite, own scores; the lower team total wins".to_string()),
    }
    if rules.declaration == Declaration::Generale {
        let total = rules.penalty_total();
        lines.push("Generale: before the first lead, promise every point".to_string());
        lines.push(format!("  made: {total} to each other player; failed: {total} to you"));
    }
    let passing = if rules.pass_count == 0 {
        "No passing".to_string()
    } else {
        let cycle: Vec<String> = rules.pass_cycle().directions().iter().map(ToString::to_string).collect();
        format!("Pass {}: {}", rules.pass_count, cycle.join(", "))
    };
    let lowest = theme.card(rules.deck().of_suit(Suit::Clubs).lowest().unwrap_or(Card::TWO_OF_CLUBS));
    let lead = match rules.first_lead {
        FirstLead::LowestClub if rules.cancellation => format!("the {lowest} nearest the dealer's left leads"),
        FirstLead::LowestClub => format!("the {lowest} leads"),
        FirstLead::AnyClub => format!("the {lowest}'s holder leads any club"),
        FirstLead::LeftOfDealer => "left of the dealer leads".to_string(),
    };
    lines.push(format!("{passing}; {lead}"));
    let suit = if rules.auction { "the penalty suit" } else { "hearts" };
    let mut play = vec![if !rules.must_break_hearts {
        format!("{suit} may be led any time")
    } else if rules.queen_breaks_hearts {
        format!("{suit} may be led once a heart or the {} is played", c("QS"))
    } else {
        format!("{suit} may be led once a heart is played")
    }];
    play.push(if rules.no_blood { "no points on the first trick" } else { "points on the first trick" }.to_string());
    lines.push(sentence_case(&play.join("; ")));
    lines
}

/// The deck in brief: the packs, the cards each and the cards taken out.
fn deck_in_brief(rules: &Rules, theme: Theme) -> String {
    let each = rules.hand_size();
    let mut deck = if rules.pack_count() == 2 {
        format!("Two packs shuffled together ({} cards), {each} each", rules.deck_size())
    } else {
        format!("{} cards, {each} each", rules.deck_size())
    };
    let removed = rules.removed();
    if !removed.is_empty() {
        deck += &format!("; {} taken out", theme.cards(removed));
    }
    deck
}

fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The sentences under a hand's scores: a moon, a Generale, and Royal's
/// queens at work.
fn hand_events(app: &Seen, record: &HandRecord) -> Vec<String> {
    let rules = &app.table.rules;
    let theme = app.person.theme;
    let who = |seat: Seat| app.seat_name(seat);
    let result = &record.result;
    let mut lines = Vec::new();
    if let (Some(bid), Some(suit)) = (result.bid, app.game.hand().named_suit()) {
        let bidder = who(bid.seat);
        lines.push(format!("{bidder} paid {} into the pot to name {}", bid.chips, suit.name()));
    }
    if let Some(settled) = record.chips {
        let takers: Vec<Seat> = Seat::all(app.players()).filter(|&seat| settled.from_pot[seat] > 0).collect();
        let names: Vec<String> = takers.iter().map(|&seat| who(seat)).collect();
        match (names.split_last(), takers.first()) {
            (Some((only, [])), Some(&seat)) => {
                let chips = count(settled.from_pot[seat] as usize, "chip", "chips");
                lines.push(format!("{only} took the pot: {chips}"));
            }
            (Some((last, others)), Some(&seat)) => {
                let chips = count(settled.from_pot[seat] as usize, "chip", "chips");
                lines.push(format!("{} and {last} shared the pot: {chips} each", others.join(", ")));
            }
            _ => {}
        }
        let pot = settled.after.pot;
        if pot > 0 {
            lines.push(format!("The pot keeps {pot} for the next deal"));
        }
        if settled.short {
            lines.push("A player could not pay in full: the game ends".to_string());
        }
    }
    if let (Some(shooter), Some(moon)) = (result.shooter, record.moon) {
        let team = rules.teams == Teams::Combined;
        let how = match (moon, team) {
            (MoonScoring::AddToOthers, false) => format!("{} to everyone else", result.moon_value),
            (MoonScoring::AddToOthers, true) => format!("{} to each other team", result.moon_value),
            (MoonScoring::SubtractFromShooter, _) => format!("-{} off their score", result.moon_value),
        };
        let what = if rules.declaration == Declaration::Generale { "made a silent Generale" } else { "shot the moon" };
        let shooters = match rules.partner(shooter) {
            Some(partner) if team => format!("{} and {}", who(shooter), app.seat_name(partner)),
            _ => who(shooter),
        };
        lines.push(format!("{shooters} {what}! {how}"));
    }
    if let Some(Generale { declarer, made }) = result.generale {
        let total = result.penalty_total;
        lines.push(if made {
            format!("{} made the Generale! {total} to everyone else", who(declarer))
        } else {
            let whom = if app.is_mine(declarer) { "you" } else { "them" };
            format!("{} declared the Generale and failed: {total} to {whom}", who(declarer))
        });
    }
    if rules.points == PointsTable::Royal {
        let hand = app.game.hand();
        let taker = |card: Card| Seat::all(app.players()).find(|&seat| hand.taken(seat).contains(card));
        if let Some(seat) = taker(ROYAL_DOUBLER) {
            lines.push(format!("{}: {}'s hearts count twice", theme.card(ROYAL_DOUBLER), who(seat)));
        }
        if let Some(seat) = taker(ROYAL_CANCELLER).filter(|&seat| Some(seat) == taker(Card::QUEEN_OF_SPADES)) {
            let queen = theme.card(Card::QUEEN_OF_SPADES);
            lines.push(format!("{}: {}'s {queen} does not count", theme.card(ROYAL_CANCELLER), who(seat)));
        }
        if let (Some(seat), Some(cutter)) = (result.total_cut, rules.points.total_cutter()) {
            let uncut = record.totals_before[seat] + record.scores[seat];
            lines.push(format!(
                "{}: -{ROYAL_DIAMOND_CUT} for {}, total {uncut} -> {}",
                theme.card(cutter),
                who(seat),
                record.totals[seat]
            ));
        }
    }
    lines
}

pub(super) fn game_over(buf: &mut Buffer, area: Rect, app: &Seen, selected: Button, hits: &mut Hits) -> Rect {
    let theme = app.person.theme;
    let rules = &app.table.rules;
    let mut order: Vec<usize> = (0..rules.side_count()).collect();
    let chips = app.game.chips().is_some();
    order.sort_by_key(|&side| (if chips { -app.side_standing(side) } else { app.side_standing(side) }, side));
    let leaders = app.game.leaders();
    let mut winning_sides: Vec<usize> = leaders.iter().map(|&seat| rules.side(seat)).collect();
    winning_sides.dedup();
    // A watcher has no side.
    let ours = app.seat().map_or(usize::MAX, |me| rules.side(me));
    let headline = match (winning_sides.as_slice(), rules.teams != Teams::Off) {
        _ if app.game.history().is_empty() => "No hand was completed: nobody wins".to_string(),
        ([side], false) if *side == ours => "You win!".to_string(),
        ([side], true) if *side == ours => format!("{} win!", app.side_name(ours).replace(" & ", " and ")),
        (sides, _) if sides.contains(&ours) => "You share the win!".to_string(),
        ([side], false) => format!("{} wins", app.side_name(*side)),
        ([side], true) => format!("{} win", app.side_name(*side).replace(" & ", " and ")),
        _ => "A shared win".to_string(),
    };
    let mut lines = vec![Line::styled(format!(" {headline}"), theme.warning()), Line::raw("")];
    for (i, &side) in order.iter().enumerate() {
        let style = if side == ours { theme.strong() } else { Style::default() };
        let name = side_label(app, side, 30);
        let standing = app.side_standing(side);
        // Equal standings share a place: 1, 1, 3.
        let place = order.iter().position(|&other| app.side_standing(other) == standing).unwrap_or(i) + 1;
        lines.push(Line::styled(format!(" {place}. {name:<12}{standing:>5}"), style));
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

pub(super) fn tournament_lines(score: TournamentScore, theme: Theme) -> Vec<Line<'static>> {
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
