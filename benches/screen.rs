//! Server drawing speed: one person's screen of a shared table of four,
//! mid-trick, drawn into a buffer and diffed against the last frame as a
//! session does for each key. Run with `cargo bench --bench screen`.

use std::time::Instant;

use divan::{Bencher, black_box};
use hearts::room::Room;
use hearts::theme::Theme;
use hearts::ui::Viewer;
use hearts::ui::changes::changes;
use hearts::ui::input::Command;
use hearts_bots::record::DealCode;
use hearts_bots::{Level, Player, Think};
use hearts_engine::{GamePhase, HandPhase, Rules};
use hearts_table::pace::Speed;
use hearts_table::{Arrival, Message, PersonId, Setup, Sharing, Table};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

fn main() {
    divan::main();
}

const NAMES: [&str; 4] = ["alice", "bob", "carol", "dave"];

/// Four people at a table, three tricks and two cards into the hand.
fn room_mid_trick() -> Room {
    let rules = Rules::default();
    let setup = Setup { rules, label: "black-lady".to_string(), players: vec![Player::Builtin(Level::Normal); 4] };
    let table =
        Table::shared(setup, DealCode { seed: 7, hand: 1 }, Speed::Instant, Think::Samples(1), Sharing::default())
            .expect("the default rules");
    let mut room = Room::new(table, Vec::new());
    let now = Instant::now();
    let theme = Theme { color: true, ascii: false, palette256: true, four_colour: false };
    for (n, name) in NAMES.iter().enumerate() {
        let id = PersonId(n as u64 + 1);
        let mut viewer = Viewer::new(id, theme);
        viewer.resized(80, 24);
        room.arrive(
            Arrival { id, name: name.to_string(), key: None, watch: false, in_lines: false, seat_note: None },
            viewer,
            now,
        );
    }
    let ids = room.ids();
    for &id in &ids {
        let seat = room.table().people().find(|(who, ..)| *who == id).and_then(|(.., seat)| seat).expect("seated");
        for card in room.table().game().hand().holding(seat).iter().take(3) {
            room.press(id, Command::Card(card), now);
        }
        room.press(id, Command::Confirm, now);
    }
    assert_eq!(room.table().game().hand().phase(), HandPhase::Playing, "everyone passed");
    for _ in 0..14 {
        let game = room.table().game();
        assert_eq!(game.phase(), GamePhase::InHand);
        let seat = game.hand().to_act();
        let card = game.legal_moves().iter().next().expect("a legal card");
        let id = room.table().people().find(|(.., at)| *at == Some(seat)).map(|(id, ..)| id).expect("a person");
        room.press(id, Command::Card(card), now);
        room.send(Message::Tick, now);
    }
    room
}

/// One person's screen drawn into a fresh buffer.
#[divan::bench(args = [(80, 24), (200, 60)])]
fn draw(bencher: Bencher, (width, height): (u16, u16)) {
    let room = room_mid_trick();
    let id = room.ids()[0];
    let area = Rect::new(0, 0, width, height);
    let now = Instant::now();
    bencher.bench_local(|| {
        let mut buffer = Buffer::empty(area);
        room.draw(id, black_box(&mut buffer), area, now);
        buffer
    });
}

/// A key's frame as the server sends it: the screen drawn again after
/// the cursor moved, into a canvas, and the cells that changed found.
#[divan::bench(args = [(80, 24), (200, 60)])]
fn key_frame(bencher: Bencher, (width, height): (u16, u16)) {
    let mut room = room_mid_trick();
    let id = room.ids()[0];
    let area = Rect::new(0, 0, width, height);
    let now = Instant::now();
    let mut shown = Buffer::empty(area);
    let mut canvas = Buffer::empty(area);
    bencher.bench_local(|| {
        room.press(id, Command::Right, now);
        canvas.reset();
        room.draw(id, &mut canvas, area, now);
        changes(&mut shown.content, &canvas.content, area).len()
    });
}

/// The same with ratatui's own diff, as its `Terminal` does, for comparison.
#[divan::bench(args = [(80, 24), (200, 60)])]
fn key_frame_ratatui_diff(bencher: Bencher, (width, height): (u16, u16)) {
    let mut room = room_mid_trick();
    let id = room.ids()[0];
    let area = Rect::new(0, 0, width, height);
    let now = Instant::now();
    let mut last = Buffer::empty(area);
    let mut next = Buffer::empty(area);
    bencher.bench_local(|| {
        room.press(id, Command::Right, now);
        next.reset();
        room.draw(id, &mut next, area, now);
        let changed = last.diff(&next).len();
        std::mem::swap(&mut last, &mut next);
        changed
    });
}
