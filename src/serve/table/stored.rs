//! A table as the database keeps it between runs: its settings and
//! clocks as JSON (the grace period, turn clock, hints, how the game
//! ended, and when each person away left, as wall-clock times so that a
//! restart keeps counting), who held each seat, and who opened it.

use std::time::{Duration, Instant};

use hearts_table::{Finish, Holder, Sharing, Table};

use crate::serve::identity::Identity;
use crate::serve::store::StoredTable;

/// A table's settings and clocks as the database keeps them: the grace
/// period, turn clock and hints, how the game ended, and when each person
/// away left (in milliseconds since 1970, so a restart keeps counting).
pub(super) fn settings_of(table: &Table, now: Instant) -> serde_json::Value {
    let sharing = table.sharing();
    let wall = now_millis();
    let away: serde_json::Map<String, serde_json::Value> = table
        .holders()
        .iter()
        .enumerate()
        .filter_map(|(seat, holder)| {
            let left = holder.as_ref()?.away_since?;
            Some((seat.to_string(), serde_json::Value::from(wall_of(left, now, wall))))
        })
        .collect();
    let finish = table.finish().map(|finish| match finish {
        Finish::Completed => "completed",
        Finish::OutOfTime => "out-of-time",
    });
    let nobody_seated = table.nobody_seated_since().map(|since| wall_of(since, now, wall));
    serde_json::json!({
        "nobody-seated-since-ms": nobody_seated,
        "grace-seconds": sharing.grace.as_secs(),
        "turn-clock-seconds": sharing.turn_clock.map(|clock| clock.as_secs()),
        "line-mode-clock": sharing.line_mode_clock,
        "hints": sharing.hints,
        "finish": finish,
        "away-since-ms": away,
    })
}

/// An instant before `now` as the wall clock (milliseconds since 1970)
/// read `wall` at `now`.
pub(super) fn wall_of(at: Instant, now: Instant, wall: u64) -> u64 {
    wall.saturating_sub(now.saturating_duration_since(at).as_millis() as u64)
}

/// The instant a wall-clock time kept in the database (milliseconds since
/// 1970) was, with the wall clock reading `wall` at `now`: [`wall_of`]
/// the other way.
fn instant_of(wall_ms: u64, now: Instant, wall: u64) -> Instant {
    now.checked_sub(Duration::from_millis(wall.saturating_sub(wall_ms))).unwrap_or(now)
}

/// When the last seated person left a stored table, if it was kept.
pub(super) fn nobody_seated_since_of(settings: &serde_json::Value, now: Instant) -> Option<Instant> {
    let left = settings.get("nobody-seated-since-ms").and_then(serde_json::Value::as_u64)?;
    Some(instant_of(left, now, now_millis()))
}

/// Since when nobody has been at a table being opened: a stored table
/// keeps counting from when its last person left, restart or not.
pub(super) fn empty_since_of(stored: Option<&StoredTable>, now: Instant) -> Instant {
    let left = stored.and_then(|stored| stored.settings.get("empty-since-ms")).and_then(serde_json::Value::as_u64);
    left.map_or(now, |left| instant_of(left, now, now_millis()))
}

/// Whether a table closes once nobody is at it: one a person opened does,
/// and so does one stored before its opener was kept (it may be anyone's,
/// and would otherwise stay for ever); the server's own tables stay.
pub(super) fn closes_when_empty(opener: Option<&str>, stored: Option<&serde_json::Value>) -> bool {
    let kept = stored.and_then(|settings| settings.get("closes")).and_then(serde_json::Value::as_bool);
    kept.unwrap_or(opener.is_some() || stored.is_some_and(|settings| settings.get("opener").is_none()))
}

/// Whether a seat's holder token can ever be shown again: a key, a name
/// (or no token, a seat saved before tokens, held by its name); not the
/// random token of someone nobody can know again.
pub(super) fn provable(token: Option<&str>) -> bool {
    token.is_none_or(|token| Identity::of_holder(token).is_known())
}

/// Who opened a stored table from the lobby, as its settings keep it.
pub(super) fn opener_of(settings: &serde_json::Value) -> Option<String> {
    settings.get("opener").and_then(serde_json::Value::as_str).map(str::to_string)
}

/// The wall clock in milliseconds since 1970.
pub(super) fn now_millis() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_millis() as u64)
}

/// A stored table's settings, each missing one as `default` has it.
pub(super) fn sharing_of(settings: &serde_json::Value, default: Sharing) -> Sharing {
    let seconds = |key: &str| settings.get(key).and_then(serde_json::Value::as_u64).map(Duration::from_secs);
    Sharing {
        grace: seconds("grace-seconds").unwrap_or(default.grace),
        turn_clock: match settings.get("turn-clock-seconds") {
            Some(serde_json::Value::Null) => None,
            Some(_) => seconds("turn-clock-seconds"),
            None => default.turn_clock,
        },
        line_mode_clock: settings
            .get("line-mode-clock")
            .and_then(serde_json::Value::as_u64)
            .and_then(|times| u32::try_from(times).ok())
            .filter(|times| (1..=hearts_table::MAX_LINE_MODE_CLOCK).contains(times))
            .unwrap_or(default.line_mode_clock),
        hints: settings.get("hints").and_then(serde_json::Value::as_bool).unwrap_or(default.hints),
        pause_after: default.pause_after,
    }
}

/// Who held each seat of a stored table, each away since they left (a
/// seat whose leaving was not kept counts from `now`); a seat held by
/// someone nobody can know again is nobody's now.
pub(super) fn holders_of(stored: &StoredTable, now: Instant) -> Vec<Option<Holder>> {
    let seats = stored.seated.iter().map(|seated| seated.seat + 1).max().unwrap_or(0);
    let away = stored.settings.get("away-since-ms");
    let wall = now_millis();
    let mut holders = vec![None; seats];
    for seated in stored.seated.iter().filter(|seated| provable(seated.key.as_deref())) {
        let left = away.and_then(|away| away.get(seated.seat.to_string())).and_then(serde_json::Value::as_u64);
        let away_since = Some(left.map_or(now, |left| instant_of(left, now, wall)));
        holders[seated.seat] = Some(Holder { name: seated.name.clone(), key: seated.key.clone(), away_since });
    }
    holders
}
