//! The top line: the game, the hand and the clock.
//!
//! ```text
//!  Hearts  Hand 3 · pass across · hearts broken · to 100 · deal 1234/3     ⏱ 7:42
//! ```

use super::*;

/// The top line: title, hand, pass, target, rules, seed, hearts, and the
/// clock of a timed game at the right. Where the line is too narrow the
/// least important parts go first (rules, seed, target), then the rest
/// shortens; the clock is never dropped.
pub(super) fn info_bar(buf: &mut Buffer, area: Rect, app: &Seen, now: Instant) {
    let theme = app.person.theme;
    let game = &app.game;
    let hand = game.hand();
    let rules = &app.table.rules;
    let pass = match hand.pass_direction() {
        crate::engine::PassDirection::Hold => "hold".to_string(),
        direction if hand.pass_count() == 0 => format!("no pass ({direction})"),
        _ => format!("pass {}", app.seat_name(hand.pass_target(app.seat().unwrap_or(Seat::SOUTH))).to_lowercase()),
    };
    let broken = hand.hearts_broken();
    // (text, shorter text); listed from the most to the least important.
    let mut parts: Vec<(String, String)> = vec![
        (format!("Hand {}", game.hand_number()), format!("H{}", game.hand_number())),
        (pass.clone(), pass),
        if rules.plays_chips() {
            (format!("{} deals", rules.hand_limit()), String::new())
        } else {
            (format!("to {}", rules.target_score), String::new())
        },
        (format!("deal {}", crate::record::DealCode { seed: game.seed(), hand: game.hand_number() }), String::new()),
        (app.table.label.clone(), String::new()),
    ];
    // Only a rule about breaking makes it worth saying (the named suit's, in the auction).
    if rules.must_break_hearts {
        let state = if broken { "broken" } else { "not broken" };
        let short = if broken { "broken" } else { "unbroken" };
        parts.insert(2, (format!("{} {state}", hand.penalty_suit().name()), short.to_string()));
    }
    // (A kitty that rolled over with the first trick is among the cards waiting.)
    if !hand.kitty().is_empty() && hand.kitty_taker().is_none() && hand.waiting().is_empty() {
        // Every card counts, both copies of a pair (a count of the set would give the pair away).
        let size = hand.kitty_cards().len();
        parts.insert(1, (format!("widow {size}"), format!("W{size}")));
    }
    if rules.domino {
        // Domino never passes: the stock takes the pass's place.
        let size = hand.stock().len();
        parts[1] = (format!("stock {size}"), format!("S{size}"));
    }
    if let Some(chips) = app.chips_now() {
        parts.insert(1, (format!("pot {}", chips.pot), format!("P{}", chips.pot)));
    }
    match (hand.named_suit(), hand.high_bid()) {
        (Some(suit), Some(bid)) => {
            let who = app.seat_name(bid.seat);
            let symbol = theme.suit(suit);
            parts.insert(1, (format!("{symbol} named by {who} for {}", bid.chips), format!("{symbol}:{who}")));
        }
        (None, Some(bid)) => {
            let who = app.seat_name(bid.seat);
            parts.insert(1, (format!("high bid {} by {who}", bid.chips), format!("bid {}", bid.chips)));
        }
        _ => {}
    }
    // Two packs: the pairs cancelled in the trick on the table, and the
    // cards of tricks nobody won, waiting for the next winner.
    let cancelled = app.table_trick(now).cancelled();
    if !cancelled.is_empty() {
        let pairs = theme.cards(cancelled);
        parts.insert(1, (format!("{pairs} cancelled"), format!("{pairs} ✕")));
    }
    let waiting = hand.waiting().len();
    if waiting > 0 {
        parts.insert(1, (format!("{waiting} cards waiting"), format!("+{waiting}")));
    }
    if let Some(declarer) = hand.declarer() {
        let who = app.seat_name(declarer);
        parts.insert(1, (format!("Generale: {who}"), format!("G:{who}")));
    }
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
pub(super) fn fit_parts(parts: &[(String, String)], room: usize, separator: &str) -> String {
    let join = |texts: Vec<&str>| texts.into_iter().filter(|t| !t.is_empty()).collect::<Vec<_>>().join(separator);
    for keep in (1..=parts.len()).rev() {
        let full = join(parts[..keep].iter().map(|(full, _)| full.as_str()).collect());
        if full.chars().count() <= room {
            return full;
        }
    }
    join(parts.iter().map(|(_, short)| short.as_str()).collect()).chars().take(room).collect()
}
