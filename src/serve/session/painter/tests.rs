use std::sync::Arc;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget};

use super::super::{Output, Pipe};
use super::Painter;

/// A painter for a 20x3 terminal whose bytes wait in a pipe the test reads.
fn painter() -> (Painter, Arc<Pipe>) {
    let pipe = Arc::new(Pipe::default());
    let output = Output { sink: Vec::new(), pipe: Arc::clone(&pipe), farewell: Arc::default() };
    (Painter::new(output, Rect::new(0, 0, 20, 3)), pipe)
}

/// The bytes sent since the last call.
fn sent(pipe: &Pipe) -> String {
    let bytes = std::mem::take(&mut pipe.waiting.lock().expect("the pipe").bytes);
    String::from_utf8(bytes).expect("the screen's bytes are text")
}

fn paint(painter: &mut Painter, canvas: &mut Buffer, text: &str) {
    painter.paint(canvas, |buf, area| Paragraph::new(text).render(area, buf)).expect("painting into a pipe");
}

#[test]
fn a_frame_that_changes_no_cell_sends_nothing() {
    let (mut painter, pipe) = painter();
    let mut canvas = Buffer::default();
    paint(&mut painter, &mut canvas, "hearts");
    assert!(sent(&pipe).contains("hearts"), "the first frame draws the text");
    paint(&mut painter, &mut canvas, "hearts");
    assert_eq!(sent(&pipe), "", "the same frame again sends no byte");
    paint(&mut painter, &mut canvas, "hearty");
    let changed = sent(&pipe);
    assert!(changed.contains('y') && !changed.contains("heart"), "only the changed cell is sent: {changed:?}");
}

#[test]
fn a_canvas_lent_to_screens_of_other_sizes_draws_each_at_its_own() {
    let (mut small, small_pipe) = painter();
    let pipe = Arc::new(Pipe::default());
    let output = Output { sink: Vec::new(), pipe: Arc::clone(&pipe), farewell: Arc::default() };
    let mut wide = Painter::new(output, Rect::new(0, 0, 40, 5));
    let mut canvas = Buffer::default();
    let area = wide.paint(&mut canvas, |_, area| area).expect("painting");
    assert_eq!(area, Rect::new(0, 0, 40, 5));
    paint(&mut small, &mut canvas, "hearts");
    assert!(sent(&small_pipe).contains("hearts"));
    paint(&mut wide, &mut canvas, "x");
    paint(&mut small, &mut canvas, "hearts");
    assert_eq!(sent(&small_pipe), "", "what another screen drew in the canvas is not this one's");
    sent(&pipe);
}

#[test]
fn a_screen_cleared_is_sent_whole_with_the_cursor_hidden() {
    let (mut painter, pipe) = painter();
    let mut canvas = Buffer::default();
    paint(&mut painter, &mut canvas, "hearts");
    sent(&pipe);
    // As when a client falls behind: the frames it never got are replaced by a whole one.
    painter.clear(Rect::new(0, 0, 20, 3)).expect("a clear");
    paint(&mut painter, &mut canvas, "hearts");
    let whole = sent(&pipe);
    assert!(whole.starts_with("\x1b[2J\x1b[?25l"), "the screen is cleared, the cursor hidden: {whole:?}");
    assert!(whole.contains("hearts"), "and the frame drawn whole: {whole:?}");
}

#[test]
fn a_screen_cleared_to_a_new_size_is_drawn_whole_at_that_size() {
    let (mut painter, pipe) = painter();
    let mut canvas = Buffer::default();
    paint(&mut painter, &mut canvas, "hearts");
    sent(&pipe);
    painter.clear(Rect::new(0, 0, 6, 2)).expect("a clear");
    let area = painter.paint(&mut canvas, |buf, area| {
        Paragraph::new("spades and\nclubs").render(area, buf);
        area
    });
    assert_eq!(area.expect("painting"), Rect::new(0, 0, 6, 2), "the frame is drawn at the new size");
    let whole = sent(&pipe);
    assert!(whole.contains("spades") && !whole.contains("spades "), "cut at the new width: {whole:?}");
    assert!(whole.contains("\x1b[2;1H"), "and both rows sent: {whole:?}");
}
