//! Lines of text drawn as ratatui's `Paragraph` draws them when it neither
//! wraps, scrolls nor styles its area, at a fraction of the cost: it
//! styles every cell of its area first, and measures each character four
//! times. Every frame of the table is mostly such lines.

use ratatui::buffer::CellWidth;
use ratatui::text::StyledGrapheme;

use super::*;

/// Draws `lines` from the top of `area`, one a row, each cut at the
/// area's width and placed by its own alignment, else by `alignment`.
pub(crate) fn draw_lines(buf: &mut Buffer, area: Rect, lines: &[Line<'_>], alignment: Alignment) {
    let area = area.intersection(buf.area);
    let mut kept: Vec<(&str, Style, u16)> = Vec::new();
    for (row, line) in lines.iter().take(usize::from(area.height)).enumerate() {
        kept.clear();
        let mut width = 0;
        for (symbol, style) in graphemes(line) {
            let columns = symbol.cell_width();
            // A character of no width or wider than the whole area is left out; one that overflows ends the line.
            if columns == 0 || columns > area.width {
                continue;
            }
            if width + columns > area.width {
                break;
            }
            width += columns;
            kept.push((symbol, style, columns));
        }
        let mut x = area.x
            + match line.alignment.unwrap_or(alignment) {
                Alignment::Center => (area.width / 2).saturating_sub(width / 2),
                Alignment::Right => area.width.saturating_sub(width),
                Alignment::Left => 0,
            };
        let y = area.y + row as u16;
        for &(symbol, style, columns) in &kept {
            if let Some(cell) = buf.cell_mut((x, y)) {
                cell.set_symbol(symbol).set_style(style);
            }
            x += columns;
        }
    }
}

/// Draws one line at the top of `area`, from its left.
pub(crate) fn draw_line(buf: &mut Buffer, area: Rect, line: &Line<'_>) {
    draw_lines(buf, area, std::slice::from_ref(line), Alignment::Left);
}

/// The line's characters as ratatui's `Line::styled_graphemes` gives
/// them (control characters left out), a byte at a time for plain ASCII.
fn graphemes<'a>(line: &'a Line<'a>) -> impl Iterator<Item = (&'a str, Style)> {
    line.spans.iter().flat_map(move |span| {
        let style = Style::default().patch(line.style).patch(span.style);
        let text: &str = &span.content;
        let plain = text.is_ascii();
        let ascii = plain.then(|| {
            (0..text.len()).filter(|&i| !text.as_bytes()[i].is_ascii_control()).map(move |i| (&text[i..=i], style))
        });
        let other =
            (!plain).then(|| span.styled_graphemes(line.style).map(|StyledGrapheme { symbol, style }| (symbol, style)));
        ascii.into_iter().flatten().chain(other.into_iter().flatten())
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use ratatui::style::{Color, Modifier};

    use super::*;

    /// Pieces of text of every kind: plain, several bytes, wide, combining
    /// (after a letter, and alone at a span's start), zero-width joiners and
    /// spaces, emoji (one with VS16), control characters.
    const PIECES: [&str; 13] = [
        "ab",
        " ",
        "♠♥",
        "あい",
        "e\u{301}",
        "\u{301}",
        "\u{200d}",
        "\u{200b}",
        "😀",
        "❤\u{FE0F}",
        "\t",
        "x\r\ny",
        "Q♠ ",
    ];

    fn line() -> impl Strategy<Value = Line<'static>> {
        let span = (prop::collection::vec(0..PIECES.len(), 1..4), 0..3usize).prop_map(|(pieces, style)| {
            let text: String = pieces.iter().map(|&n| PIECES[n]).collect();
            let style = [Style::new(), Style::new().fg(Color::Red), Style::new().add_modifier(Modifier::BOLD)][style];
            Span::styled(text, style)
        });
        (prop::collection::vec(span, 0..5), 0..4usize, 0..2usize).prop_map(|(spans, alignment, style)| {
            let line = Line::from(spans).style([Style::new(), Style::new().bg(Color::Blue)][style]);
            match alignment {
                0 => line,
                1 => line.left_aligned(),
                2 => line.centered(),
                _ => line.right_aligned(),
            }
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The reference is ratatui's own `Paragraph`, over a buffer already drawn on.
        #[test]
        fn lines_are_drawn_as_a_paragraph_draws_them(
            lines in prop::collection::vec(line(), 0..4),
            (x, y, width, height) in (0..20u16, 0..8u16, 0..14u16, 0..5u16),
            alignment in 0..3usize,
        ) {
            let alignment = [Alignment::Left, Alignment::Center, Alignment::Right][alignment];
            let mut background = Buffer::empty(Rect::new(0, 0, 16, 6));
            background.set_string(0, 0, "the table below".repeat(7), Style::new().fg(Color::Green));
            for row in 1..6 {
                background.set_string(0, row, "♣ ♦ ".repeat(4), Style::new().bg(Color::Black));
            }
            let area = Rect::new(x, y, width, height);
            let mut expected = background.clone();
            Paragraph::new(lines.clone()).alignment(alignment).render(area, &mut expected);
            let mut drawn = background;
            draw_lines(&mut drawn, area, &lines, alignment);
            prop_assert_eq!(drawn, expected);
        }
    }
}
