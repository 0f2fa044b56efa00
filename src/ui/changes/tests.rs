use std::num::NonZeroU16;

use proptest::prelude::*;
use ratatui::buffer::{Buffer, CellDiffOption};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

use super::{changes, same};

/// Symbols of every width: narrow, several bytes, wide, an emoji with
/// VS16 (whose trailing column ratatui treats apart), and an empty one.
const SYMBOLS: [&str; 8] = ["a", "b", " ", "─", "♠", "あ", "❤\u{FE0F}", "😀"];

/// One thing drawn into a buffer: text at a place in a style, or a cell
/// given a diff option.
#[derive(Clone, Debug)]
enum Stroke {
    Text { x: u16, y: u16, symbols: Vec<usize>, fg: usize, bg: usize, modifier: usize },
    Option { x: u16, y: u16, option: usize },
}

fn stroke() -> impl Strategy<Value = Stroke> {
    prop_oneof![
        8 => (0..12u16, 0..3u16, prop::collection::vec(0..SYMBOLS.len(), 1..6), 0..3usize, 0..3usize, 0..3usize)
            .prop_map(|(x, y, symbols, fg, bg, modifier)| Stroke::Text { x, y, symbols, fg, bg, modifier }),
        // Not in the last column: ratatui's diff reads past the buffer for a forced width there.
        1 => (0..11u16, 0..3u16, 0..3usize).prop_map(|(x, y, option)| Stroke::Option { x, y, option }),
    ]
}

fn canvas(strokes: &[Stroke]) -> Buffer {
    let mut buffer = Buffer::empty(Rect::new(0, 0, 12, 3));
    for stroke in strokes {
        match stroke {
            Stroke::Text { x, y, symbols, fg, bg, modifier } => {
                let text: String = symbols.iter().map(|&n| SYMBOLS[n]).collect();
                let style = Style::new()
                    .fg([Color::Reset, Color::Red, Color::Blue][*fg])
                    .bg([Color::Reset, Color::Green, Color::Black][*bg])
                    .add_modifier([Modifier::empty(), Modifier::REVERSED, Modifier::BOLD][*modifier]);
                buffer.set_stringn(*x, *y, text, 12, style);
            }
            Stroke::Option { x, y, option } => {
                let option = [
                    CellDiffOption::Skip,
                    CellDiffOption::AlwaysUpdate,
                    CellDiffOption::ForcedWidth(NonZeroU16::new(2).expect("two")),
                ][*option];
                buffer[(*x, *y)].set_diff_option(option);
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
