//! The line mode at this terminal (`hearts --plain`, or `hearts` with no
//! terminal): the table told in sentences on standard output and played
//! with commands typed on standard input. No escape sequence is printed,
//! so a screen reader speaks each sentence once and a script reads lines.

use std::io::{BufRead, Read, Write};
use std::sync::mpsc::Sender;
use std::time::Instant;

use crate::line::{CardWords, Narrator};
use crate::remembered::Remembered;
use crate::room::Room;
use crate::ui::window::resume::ResumeOffer;
use hearts_table::{PersonId, Setup};

use super::{Front, Incoming, Opened, PlayOptions, TableError, TerminalInput, open};

/// The longest line read; a longer one is cut (nothing typed is that long).
const LONGEST_LINE: usize = 4096;

/// Plays in the line mode until the player quits or standard input ends.
pub fn play_plain(
    setup: Setup,
    options: PlayOptions,
    words: CardWords,
    brief: bool,
    remembered: Remembered,
) -> Result<(), TableError> {
    let Opened { mut runtime, table, notices, elsewhere, declined, record: _ } = open(setup, options)?;
    let mut narrator = Narrator::new(PersonId::LOCAL, words);
    narrator.brief = brief;
    narrator.remembered = remembered;
    if let Some(saved) = runtime.saved.as_ref().filter(|_| !declined) {
        narrator.offer_resume(&ResumeOffer::of(saved).description);
    }
    let mut room = Room::with_narrators(table, Vec::new(), vec![narrator]);
    runtime.greet(&mut room, &notices, elsewhere, declined);
    let result = runtime.run(&mut Lines { out: std::io::stdout() }, room);
    for notice in notices {
        eprintln!("hearts: {notice}");
    }
    result
}

/// Sentences out, lines in.
struct Lines<W: Write> {
    out: W,
}

impl<W: Write> Front for Lines<W> {
    fn listen(&mut self, sender: Sender<Incoming>) {
        std::thread::spawn(move || read_lines(&sender));
    }

    fn start(&mut self, _: &mut Room) -> Result<(), TableError> {
        Ok(())
    }

    fn show(&mut self, room: &mut Room, _: Instant) -> Result<(), TableError> {
        let lines = room.take_lines(PersonId::LOCAL);
        if lines.is_empty() {
            return Ok(());
        }
        let mut text = String::new();
        for line in lines {
            // What was typed comes back in some sentences: no control character of it is printed.
            text.extend(line.chars().filter(|c| !c.is_control()));
            text.push('\n');
        }
        self.out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.flush())
            .map_err(|source| TableError::Terminal { doing: "write to", source })
    }

    fn input(&mut self, input: TerminalInput, room: &mut Room, now: Instant) {
        if let TerminalInput::Line(line) = input {
            room.type_line(PersonId::LOCAL, &line, now);
        }
    }

    fn suspend(&mut self) -> Result<(), TableError> {
        Ok(())
    }

    fn finish(&mut self, room: &mut Room, now: Instant, saved: bool) {
        let _ = self.show(room, now);
        if saved {
            let _ = writeln!(self.out, "Your game is saved: hearts --plain offers it again.");
        }
        let _ = writeln!(self.out, "Goodbye.");
    }
}

/// Reads standard input a line at a time; its end leaves (the game saved).
fn read_lines(sender: &Sender<Incoming>) {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let incoming = match Read::by_ref(&mut input).take(LONGEST_LINE as u64).read_until(b'\n', &mut bytes) {
            Ok(0) => Incoming::Ended,
            Ok(_) => {
                if !bytes.ends_with(b"\n") {
                    // The rest of an overlong line is dropped.
                    let mut rest = Vec::new();
                    if input.read_until(b'\n', &mut rest).is_err() {
                        return;
                    }
                }
                Incoming::TerminalInput(TerminalInput::Line(String::from_utf8_lossy(&bytes).trim_end().to_string()))
            }
            Err(error) => Incoming::Failed(error),
        };
        let stop = matches!(incoming, Incoming::Ended | Incoming::Failed(_));
        if sender.send(incoming).is_err() || stop {
            return;
        }
    }
}
