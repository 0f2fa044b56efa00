//! Draws a replay: the hands face up, the trick, the score sheet, the
//! expert's review, the buttons and the keys; where the buttons went, for
//! clicks.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use hearts_engine::{Card, CardSet, Game, Rules, Seat, Suit, Teams};
use hearts_table::review::Decision;

use super::{Move, Replay, Reviewing, SeatNames};
use crate::theme::Theme;
use crate::ui::draw::{BIG_WIDTH, CardSize, covered_corner, draw_card};
use crate::ui::fit::{Part, Priority, fit, wrap_units};
use crate::ui::window::score_sheet::ScoreSheet;

/// Where the buttons were drawn, for clicks.
#[derive(Clone, Debug, Default)]
pub struct Buttons(pub(super) Vec<(Rect, Move)>);

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
pub(super) const HANDS_COLUMN: u16 = 24;
/// Columns from one card of the trick to the next on a big screen.
const TRICK_STEP: u16 = 11;

/// The columns a hand of thirteen cards of `size` takes, a column between
/// suits (a longer hand overlaps its cards to stay within them).
fn hands_width(size: CardSize) -> u16 {
    13 * size.width() + 3
}

/// How big the hands and the trick are drawn: as large cards where the
/// screen has room for them, small ones on a big terminal, else as text.
pub(super) fn card_size(area: Rect, players: usize) -> Option<CardSize> {
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
