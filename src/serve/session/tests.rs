use std::sync::Arc;

use ratatui::layout::{Position, Rect, Size};
use ratatui::widgets::Paragraph;
use ratatui::{Terminal, TerminalOptions, Viewport};

use super::{Output, Pipe, ScreenBackend};

/// A screen's terminal whose bytes wait in a pipe the test reads.
fn terminal() -> (Terminal<ScreenBackend>, Arc<Pipe>) {
    let pipe = Arc::new(Pipe::default());
    let output = Output { sink: Vec::new(), pipe: Arc::clone(&pipe), farewell: Arc::default() };
    let size = Size::new(20, 3);
    let backend = ScreenBackend::new(output, size);
    let viewport = Viewport::Fixed(Rect::new(0, 0, size.width, size.height));
    let terminal = Terminal::with_options(backend, TerminalOptions { viewport }).expect("a terminal over a pipe");
    (terminal, pipe)
}

/// The bytes sent since the last call.
fn sent(pipe: &Pipe) -> String {
    let bytes = std::mem::take(&mut pipe.waiting.lock().expect("the pipe").bytes);
    String::from_utf8(bytes).expect("the screen's bytes are text")
}

fn draw(terminal: &mut Terminal<ScreenBackend>, text: &str, cursor: Option<Position>) {
    terminal
        .draw(|frame| {
            frame.render_widget(Paragraph::new(text), frame.area());
            if let Some(cursor) = cursor {
                frame.set_cursor_position(cursor);
            }
        })
        .expect("drawing into a pipe");
}

#[test]
fn a_frame_that_changes_no_cell_sends_nothing() {
    let (mut terminal, pipe) = terminal();
    draw(&mut terminal, "hearts", None);
    assert!(sent(&pipe).contains("hearts"), "the first frame draws the text");
    draw(&mut terminal, "hearts", None);
    assert_eq!(sent(&pipe), "", "the same frame again sends no byte");
    draw(&mut terminal, "hearty", None);
    let changed = sent(&pipe);
    assert!(changed.contains('y') && !changed.contains("heart"), "only the changed cell is sent: {changed:?}");
}

#[test]
fn a_cursor_that_stays_where_it_was_sends_nothing() {
    let (mut terminal, pipe) = terminal();
    let at = Some(Position::new(3, 1));
    draw(&mut terminal, "chat: hi", at);
    let first = sent(&pipe);
    assert!(first.contains("\x1b[?25h"), "the cursor is shown: {first:?}");
    assert!(first.contains("\x1b[2;4H"), "the cursor is put at column 4, row 2: {first:?}");
    draw(&mut terminal, "chat: hi", at);
    assert_eq!(sent(&pipe), "", "the same frame and cursor again sends no byte");
    draw(&mut terminal, "chat: hi!", at);
    let typed = sent(&pipe);
    assert!(typed.contains("\x1b[2;4H"), "drawing a cell moves the terminal's cursor, so it is put back: {typed:?}");
    assert!(!typed.contains("\x1b[?25h"), "the cursor already shows: {typed:?}");
    draw(&mut terminal, "chat: hi!", None);
    assert_eq!(sent(&pipe), "\x1b[?25l", "a frame without a cursor hides it, and sends nothing else");
}

#[test]
fn a_screen_drawn_whole_again_sets_the_cursor_again() {
    let (mut terminal, pipe) = terminal();
    draw(&mut terminal, "hearts", None);
    sent(&pipe);
    // As when a client falls behind: the frames it never got may have shown the cursor.
    terminal.resize(Rect::new(0, 0, 20, 3)).expect("a resize");
    draw(&mut terminal, "hearts", None);
    let whole = sent(&pipe);
    assert!(whole.contains("hearts") && whole.contains("\x1b[?25l"), "drawn whole, cursor hidden again: {whole:?}");
}
