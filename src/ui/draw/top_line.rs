//! The top line: the game, the hand and the clock.
//!
//! ```text
//!  Hearts  Hand 3 · pass across · hearts broken · to 100 · deal 1234/3     ⏱ 7:42
//! ```

use super::*;
use hearts_bots::record::DealCode;
use hearts_table::{DealShown, Kind};

/// The top line: title, hand, pass, target, rules, seed, hearts, and the
/// clock of a timed game at the right. Where the line is too narrow the
/// least important parts go first (rules, seed, target), then the rest
/// shortens; the clock is never dropped.
pub(super) fn info_bar(buf: &mut Buffer, area: Rect, app: &Seen<'_>) {
    let theme = app.viewer.theme;
    let rules = app.rules();
    let me = app.seat.unwrap_or(Seat::SOUTH);
    let pass = match app.hand.pass_direction {
        hearts_engine::PassDirection::Hold => "hold".to_string(),
        direction if app.hand.pass_count == 0 => format!("no pass ({direction})"),
        // Alone, a seat's name is where it sits ("pass left"); a shared table names people and bots.
        _ if app.kind == Kind::Shared && app.seat.is_some() => {
            format!("pass to {}", app.name(app.hand.pass_targets[me.index()]))
        }
        // A watcher passes nothing: the hand's direction.
        direction if app.kind == Kind::Shared => format!("pass {direction}"),
        _ => format!("pass {}", app.name(app.hand.pass_targets[me.index()]).to_lowercase()),
    };
    let broken = app.play.hearts_broken;
    let target = if rules.plays_chips() {
        (format!("{} deals", rules.hand_limit()), String::new())
    } else {
        (format!("to {}", rules.target_score), String::new())
    };
    let label = (app.setup.label.clone(), String::new());
    // (text, shorter text); listed from the most to the least important.
    let mut parts: Vec<(String, String)> =
        vec![(format!("Hand {}", app.hand.number), format!("H{}", app.hand.number)), (pass.clone(), pass)];
    match &app.deal {
        // The terminal's own table: the deal code, to play the hand again some day.
        DealShown::Code(code) if app.code.is_none() => {
            let deal = DealCode { seed: code.seed, hand: app.hand.number };
            parts.extend([target, (format!("deal {deal}"), String::new()), label]);
        }
        // A shared table: which game is played comes first, then the code others join by.
        deal => {
            parts.push(label);
            parts.extend(app.code.map(|code| (format!("table {code}"), String::new())));
            parts.push(target);
            if let DealShown::Opened { code, .. } = deal {
                parts.push((format!("deal {code}"), String::new()));
            }
        }
    }
    // Only a rule about breaking makes it worth saying (the named suit's, in the auction).
    if rules.must_break_hearts {
        let state = if broken { "broken" } else { "not broken" };
        let short = if broken { "broken" } else { "unbroken" };
        parts.insert(2, (format!("{} {state}", app.play.penalty_suit.name()), short.to_string()));
    }
    // (A kitty that rolled over with the first trick is among the cards waiting.)
    if app.hand.widow_size > 0 {
        // Every card counts, both copies of a pair (a count of the set would give the pair away).
        let size = app.hand.widow_size;
        let name = app.rules().kitty_name();
        parts.insert(1, (format!("{name} {size}"), format!("{}{size}", name[..1].to_uppercase())));
    }
    if rules.domino {
        // Domino never passes: the stock takes the pass's place.
        let size = app.hand.stock_size;
        parts[1] = (format!("stock {size}"), format!("S{size}"));
    }
    if let Some(chips) = app.scores.chips {
        parts.insert(1, (format!("pot {}", chips.pot), format!("P{}", chips.pot)));
    }
    match (app.hand.named_suit, app.hand.high_bid) {
        (Some(suit), Some(bid)) => {
            let who = app.name(bid.seat);
            let symbol = theme.suit(suit);
            parts.insert(1, (format!("{symbol} named by {who} for {}", bid.chips), format!("{symbol}:{who}")));
        }
        (None, Some(bid)) => {
            let who = app.name(bid.seat);
            parts.insert(1, (format!("high bid {} by {who}", bid.chips), format!("bid {}", bid.chips)));
        }
        _ => {}
    }
    // Two packs: the pairs cancelled in the trick on the table, and the
    // cards of tricks nobody won, waiting for the next winner.
    let cancelled = app.play.trick.cancelled();
    if !cancelled.is_empty() {
        let pairs = theme.cards(cancelled);
        parts.insert(1, (format!("{pairs} cancelled"), format!("{pairs} ✕")));
    }
    let waiting = app.hand.waiting_cards;
    if waiting > 0 {
        parts.insert(1, (format!("{waiting} cards waiting"), format!("+{waiting}")));
    }
    if let Some(declarer) = app.hand.declarer {
        let who = app.name(declarer);
        parts.insert(1, (format!("Generale: {who}"), format!("G:{who}")));
    }
    let clock = app.scores.clock.map(|left| {
        let left = left.as_secs();
        let icon = theme.clock();
        format!(" {icon} {}:{:02} ", left / 60, left % 60)
    });
    let title = " Hearts ";
    let room = (area.width as usize)
        .saturating_sub(title.chars().count() + 1)
        .saturating_sub(clock.as_ref().map_or(0, |c| c.chars().count()));
    let separator = theme.separator();
    // At a shared table the rules' name stays: the table's people change the rules by proposal.
    let kept = if app.code.is_some() {
        parts.iter().position(|part| part.0 == app.setup.label).map_or(0, |at| at + 1)
    } else {
        0
    };
    let text = fit_parts(&parts, room, separator, kept);
    let mut spans = vec![Span::styled(title, theme.strong()), Span::raw(format!(" {text}"))];
    if let Some(clock) = clock {
        let used: usize = spans.iter().map(|span| span.content.chars().count()).sum();
        let gap = (area.width as usize).saturating_sub(used + clock.chars().count());
        spans.push(Span::raw(" ".repeat(gap)));
        spans.push(Span::styled(clock, theme.strong()));
    }
    draw_line(buf, area, &Line::from(spans));
}

/// Joins `parts` within `room` characters: drops parts from the end of
/// the list (the least important) while they do not fit, but shortens the
/// parts that have a shorter form before it drops any of the first `kept`;
/// at last uses only the shorter forms. An empty shorter form means the
/// part may be dropped.
pub(super) fn fit_parts(parts: &[(String, String)], room: usize, separator: &str, kept: usize) -> String {
    let join = |texts: Vec<&str>| texts.into_iter().filter(|t| !t.is_empty()).collect::<Vec<_>>().join(separator);
    let full = |keep: usize| join(parts[..keep].iter().map(|(full, _)| full.as_str()).collect());
    let shortened = |keep: usize| {
        join(
            parts[..keep]
                .iter()
                .map(|(full, short)| if short.is_empty() { full.as_str() } else { short.as_str() })
                .collect(),
        )
    };
    let kept = kept.clamp(1, parts.len().max(1));
    // Down to the parts to keep in full; then those with their shorter forms; then fewer.
    let tries = (kept..=parts.len()).rev().map(full).chain((kept..=parts.len()).rev().map(shortened));
    for text in tries.chain((1..kept).rev().map(full)) {
        if text.chars().count() <= room {
            return text;
        }
    }
    join(parts.iter().map(|(_, short)| short.as_str()).collect()).chars().take(room).collect()
}
