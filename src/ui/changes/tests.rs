use std::num::NonZeroU16;

use proptest::prelude::*;
use ratatui::buffer::{Buffer, CellDiffOption};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

use super::{changes, same};

/// Symbols of every width: narrow, several bytes, wide, and an emoji
/// with VS16 (whose trailing column ratatui treats apart); empty cells
/// come from [`Stroke::Odd`].
const SYMBOLS: [&str; 8] = ["a", "b", " ", "─", "♠", "あ", "❤\u{FE0F}", "😀"];

/// One thing drawn into a buffer: text at a place in a style, or a cell
/// given a diff option.
#[derive(Clone, Debug)]
enum Stroke {
    Text {
        x: u16,
        y: u16,
        symbols: Vec<usize>,
        fg: usize,
        bg: usize,
        modifier: usize,
    },
    Option {
        x: u16,
        y: u16,
        option: usize,
    },
    /// A cell made empty (no symbol) or marked to skip by the old flag.
    Odd {
        x: u16,
        y: u16,
        skip: bool,
    },
}

fn stroke() -> impl Strategy<Value = Stroke> {
    prop_oneof![
        8 => (0..12u16, 0..3u16, prop::collection::vec(0..SYMBOLS.len(), 1..6), 0..3usize, 0..3usize, 0..3usize)
            .prop_map(|(x, y, symbols, fg, bg, modifier)| Stroke::Text { x, y, symbols, fg, bg, modifier }),
        // Not in the buffer's last cell: ratatui's diff reads past the buffer for a forced width there.
        1 => (0..12u16, 0..3u16, 0..5usize)
            .prop_filter("not the last cell", |&(x, y, _)| (x, y) != (11, 2))
            .prop_map(|(x, y, option)| Stroke::Option { x, y, option }),
        1 => (0..12u16, 0..3u16, any::<bool>()).prop_map(|(x, y, skip)| Stroke::Odd { x, y, skip }),
    ]
}

/// The area the buffers cover: not at the origin, as a part of a screen may be.
const AREA: Rect = Rect { x: 3, y: 2, width: 12, height: 3 };

#[allow(deprecated)]
fn canvas(strokes: &[Stroke]) -> Buffer {
    let mut buffer = Buffer::empty(AREA);
    for stroke in strokes {
        match stroke {
            Stroke::Text { x, y, symbols, fg, bg, modifier } => {
                let text: String = symbols.iter().map(|&n| SYMBOLS[n]).collect();
                let style = Style::new()
                    .fg([Color::Reset, Color::Red, Color::Blue][*fg])
                    .bg([Color::Reset, Color::Green, Color::Black][*bg])
                    .add_modifier([Modifier::empty(), Modifier::REVERSED, Modifier::BOLD][*modifier]);
                buffer.set_stringn(AREA.x + *x, AREA.y + *y, text, 12, style);
            }
            Stroke::Option { x, y, option } => {
                let forced = |width| CellDiffOption::ForcedWidth(NonZeroU16::new(width).expect("a width"));
                let option =
                    [CellDiffOption::Skip, CellDiffOption::AlwaysUpdate, forced(1), forced(2), forced(3)][*option];
                buffer[(AREA.x + *x, AREA.y + *y)].set_diff_option(option);
            }
            Stroke::Odd { x, y, skip } => {
                let cell = &mut buffer[(AREA.x + *x, AREA.y + *y)];
                if *skip {
                    cell.skip = true;
                } else {
                    cell.set_symbol("");
                }
            }
        }
    }
    buffer
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The reference is ratatui's own diff, which the painter replaces
    /// because it measures every cell's width before comparing.
    #[test]
    fn the_cells_sent_are_those_ratatuis_diff_sends_and_the_terminal_then_shows_the_frame(
        before in prop::collection::vec(stroke(), 0..8),
        after in prop::collection::vec(stroke(), 0..8),
    ) {
        let shown = canvas(&before);
        let next = canvas(&after);
        for (a, b) in shown.content.iter().zip(&next.content) {
            prop_assert_eq!(same(a, b), a == b, "{:?} against {:?}", a, b);
        }
        let expected: Vec<_> = shown.diff(&next).into_iter().map(|(x, y, cell)| (x, y, cell.clone())).collect();
        let mut painted = shown.clone();
        let sent: Vec<_> = changes(&mut painted.content, &next.content, next.area)
            .into_iter()
            .map(|(x, y, cell)| (x, y, cell.clone()))
            .collect();
        prop_assert_eq!(sent, expected);
        prop_assert_eq!(painted, next);
    }
}
