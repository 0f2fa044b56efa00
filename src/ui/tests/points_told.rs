//! Every point told right: over whole games of every preset, what the line
//! mode says each trick was worth, and what the screen's list of this
//! hand's tricks shows, add up for each seat to what the engine scored
//! the seat's take at the hand's end (the moon, a declaration and the
//! no-tricks bonus are told apart, with the scores).

use std::collections::HashMap;

use super::*;
use crate::line::cards::CardWords;
use crate::line::narrator::Narrator;
use hearts_engine::{BONUS_CARD_VALUE, HandRecord, Preset, Teams};
use hearts_table::{Arrival, Sharing};

const ALICE: PersonId = PersonId(1);
const BOB: PersonId = PersonId(2);
const EVE: PersonId = PersonId(3);

/// What a seat's take was worth at the hand's end, before the moon: the
/// engine's own tally of the hand (independent of what any view told).
fn take_worth(record: &HandRecord, seat: Seat) -> i32 {
    let bonus = if record.result.bonus_taker == Some(seat) { BONUS_CARD_VALUE } else { 0 };
    record.result.points_taken[seat] + bonus
}

/// The points a line says someone took, and who: "Left takes the trick
/// with ...: 3 points.", "You take the trick ...", in brief "Left takes,
/// 3 points.", "You take.", "bob took the stock: 5 cards, 4 points",
/// "alice took the widow: ..., 2 points" (whether it is the widow).
fn points_said(line: &str) -> Option<(String, i32, bool)> {
    let taken =
        [" take the trick", " takes the trick", " takes.", " take.", " takes,", " take,", " takes with", " take with"];
    let (who, widow) = if let Some((who, _)) = taken.iter().find_map(|verb| line.split_once(verb)) {
        (who, false)
    } else if let Some((who, _)) = line.split_once(" and took the stock") {
        (who.split(' ').next().unwrap_or(who), false)
    } else if let Some((who, _)) = line.split_once(" took the widow: ").or(line.split_once(" took the kitty: ")) {
        (who, true)
    } else {
        return None;
    };
    let tail =
        [line.rfind(": "), line.rfind(", "), line.rfind("; ")].into_iter().flatten().max().map(|at| &line[at + 2..]);
    let points = match tail {
        Some(tail)
            if tail.trim_end_matches('.').ends_with("point") || tail.trim_end_matches('.').ends_with("points") =>
        {
            let number = tail.split(' ').next().unwrap_or("0");
            number.parse().unwrap_or_else(|_| panic!("points in {line}"))
        }
        _ => 0,
    };
    Some((who.to_string(), points, widow))
}

/// The points a trick row of the screen's side panel shows, and its
/// taker, one of `names`: " 3 Left      led 5♥  → Right 2".
fn points_shown(row: &str, names: &[String]) -> Option<(String, i32)> {
    let (_, after) = row.split_once(" → ")?;
    let taker = names.iter().filter(|name| after.starts_with(name.as_str())).max_by_key(|name| name.len())?;
    let points = after[taker.len()..].trim();
    Some((taker.clone(), if points.is_empty() { 0 } else { points.parse().unwrap_or_else(|_| panic!("{row}")) }))
}

/// A served table of these rules with alice seated in the line mode, bob
/// seated at a 200x60 screen and eve watching in the line mode, brief; every
/// decision of theirs runs out the turn clock to their bot.
fn table_of(label: &str, rules: Rules, seed: u64) -> (Room, Instant) {
    let players = vec![Player::Builtin(Level::Easy); rules.player_count()];
    let setup = Setup { rules, label: label.to_string(), players };
    let sharing = Sharing { turn_clock: Some(Duration::from_secs(1)), ..Sharing::default() };
    let start = hearts_bots::record::DealCode { seed, hand: 1 };
    let table = Table::shared(setup, start, Speed::Instant, Think::Samples(1), sharing).unwrap();
    let mut room = Room::new(table, Vec::new());
    let now = Instant::now();
    let arrival = |id, name: &str, watch| Arrival {
        id,
        name: name.to_string(),
        key: None,
        watch,
        in_lines: false,
        seat_note: None,
    };
    room.arrive_in_lines(arrival(ALICE, "alice", false), Narrator::new(ALICE, CardWords::default()), now);
    room.arrive(arrival(BOB, "bob", false), Viewer::new(BOB, COLOR), now);
    let mut brief = Narrator::new(EVE, CardWords::default());
    brief.brief = true;
    room.arrive_in_lines(arrival(EVE, "eve", true), brief, now);
    (room, now)
}

/// Each listener's sums of what they were told, by name, for the hand
/// being told.
#[derive(Default)]
struct Heard {
    hand: u32,
    sums: HashMap<String, i32>,
    /// The no-tricks bonuses told, by name.
    bonuses: HashMap<String, i32>,
    /// The hand's end has been told: its events follow.
    over: bool,
    /// Hands checked.
    checked: usize,
}

/// Checks what a listener heard against the engine's tally of each hand,
/// once the hand's scores and what happened in it are told (at the next
/// hand or the game's end).
fn hear(heard: &mut Heard, lines: &[String], table: &Table, names: &[String], me: Option<Seat>, what: &str) {
    let (records, rules) = (table.game().history(), table.setup().rules);
    for line in lines {
        // "Hand 2." (in brief "Hand 2. Clubs: ..."); not "Hand 1 is over." nor "Hand 1 over. ...".
        let next_hand = line.strip_prefix("Hand ").and_then(|rest| rest.split_once('.')?.0.parse::<u32>().ok());
        if heard.over && (next_hand.is_some() || line.starts_with("Game over")) {
            heard.over = false;
            let record = &records[heard.hand as usize - 1];
            for (index, name) in names.iter().enumerate() {
                let seat = Seat::new(index).unwrap();
                let name = if me == Some(seat) { "You" } else { name.as_str() };
                let told = heard.sums.get(name).copied().unwrap_or(0);
                assert_eq!(told, take_worth(record, seat), "{what}, hand {}: {name}", heard.hand);
                // Where nothing else changes the score, what was told is the score.
                let bonus = heard.bonuses.get(name).copied().unwrap_or(0);
                let plain = record.result.shooter.is_none() && record.result.generale.is_none();
                if plain && rules.teams == Teams::Off && record.chips.is_none() {
                    assert_eq!(told + bonus, record.scores[seat], "{what}, hand {}: {name}'s score", heard.hand);
                }
            }
            heard.checked += 1;
        }
        if let Some(hand) = next_hand {
            heard.hand = hand;
            heard.sums.clear();
            heard.bonuses.clear();
        }
        if let Some((who, bonus)) = line.split_once(" took no trick: ") {
            *heard.bonuses.entry(who.to_string()).or_default() += bonus.trim_end_matches('.').parse::<i32>().unwrap();
        }
        if let Some((who, points, widow)) = points_said(line) {
            // The widow's taker heard its points with the trick that took it.
            if !(widow && who == "You") {
                *heard.sums.entry(who).or_default() += points;
            }
        }
        let hand = heard.hand;
        heard.over |= line == &format!("Hand {hand} is over.") || line.starts_with(&format!("Hand {hand} over."));
    }
}

#[test]
fn the_points_told_trick_by_trick_add_up_to_each_seats_take_in_both_views() {
    let mut games: Vec<(String, Rules)> =
        Preset::ALL.iter().map(|preset| (preset.name().to_string(), preset.rules())).collect();
    games.push(("no-tricks bonus".to_string(), Rules { no_tricks_bonus: -5, ..Rules::default() }));
    for (i, (preset, rules)) in games.into_iter().enumerate() {
        let (mut room, mut now) = table_of(&preset, rules, 400 + i as u64);
        let (mut alice, mut eve) = (Heard::default(), Heard::default());
        let mut screen_checked = 0;
        let mut stock_noted: Option<(String, i32)> = None;
        let mut last_note = String::new();
        for _ in 0..20_000 {
            now += Duration::from_secs(2);
            room.send(Message::Tick, now);
            if let Some(job) = room.bot_job(now) {
                room.send(Message::BotDecided(job.run()), now);
            }
            let (alice_lines, eve_lines) = (room.take_lines(ALICE), room.take_lines(EVE));
            let table = room.table();
            let names = |id| {
                let sight = table.sight(id, now).unwrap();
                Seat::all(sight.players()).map(|seat| sight.name(seat)).collect::<Vec<_>>()
            };
            let (alice_names, eve_names) = (names(ALICE), names(EVE));
            hear(&mut alice, &alice_lines, table, &alice_names, Some(Seat::SOUTH), &format!("{preset} to alice"));
            hear(&mut eve, &eve_lines, table, &eve_names, None, &format!("{preset} to eve"));
            // Domino's stock, taken after the last trick, is a note on bob's screen.
            let note = room.viewer(BOB).and_then(|bob| bob.note.clone()).unwrap_or_default();
            if note != last_note
                && let (true, Some((who, points, _))) = (note.contains("took the stock"), points_said(&note))
            {
                stock_noted = Some((who, points));
            }
            last_note = note;
            // The screen: bob's list of the hand's tricks, once it is scored.
            let records = room.table().game().history();
            if records.len() > screen_checked {
                let record = *records.last().unwrap();
                let area = Rect::new(0, 0, 200, 60);
                let mut buf = Buffer::empty(area);
                room.draw(BOB, &mut buf, area, now);
                let sight = room.table().sight(BOB, now).unwrap();
                let mut names: Vec<String> = Seat::all(sight.players()).map(|seat| sight.name(seat)).collect();
                names.push("waits".to_string());
                let shown: Vec<(String, i32)> = (0..area.height)
                    .map(|y| (120..area.width).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>())
                    .filter_map(|row| points_shown(row.trim_end_matches([' ', '│']), &names))
                    .collect();
                assert_eq!(shown.len(), sight.play.tricks.len(), "{preset}: every trick on bob's screen");
                let stock = stock_noted.take();
                for (seat, name) in Seat::all(sight.players()).zip(&names) {
                    let total: i32 = shown.iter().filter(|(taker, _)| taker == name).map(|(_, points)| points).sum();
                    let stock = stock.as_ref().filter(|(taker, _)| taker == name).map_or(0, |(_, points)| *points);
                    assert_eq!(total + stock, take_worth(&record, seat), "{preset} on bob's screen: {name}");
                }
                screen_checked = records.len();
            }
            if room.table().game().phase() == GamePhase::GameOver {
                break;
            }
        }
        assert!(alice.checked > 1 && eve.checked > 1 && screen_checked > 1, "{preset}: whole hands were told");
    }
}
