//! An external program at the table: it gets one request line per decision
//! and answers with one line. A crash, a hang or a bad answer is reported
//! and the built-in fallback bot decides instead; the game goes on.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use super::protocol::{Reply, Request, moon_name};
use super::{Bot, SeatView};
use hearts_engine::{Card, CardBag, MoonScoring, Suit};

/// How long an external bot may take to answer.
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(2);

/// A bot program run with `sh -c COMMAND`.
pub struct External {
    command: String,
    process: Option<Running>,
    fallback: Box<dyn Bot>,
    next_id: u64,
    timeout: Duration,
    reports: Vec<String>,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Drop for External {
    fn drop(&mut self) {
        if let Some(mut running) = self.process.take() {
            let _ = running.child.kill();
            let _ = running.child.wait();
        }
    }
}

impl External {
    /// Starts `command`; if it cannot start, every decision falls back
    /// (and the first says why).
    pub fn spawn(command: &str, fallback: Box<dyn Bot>) -> External {
        External::with_timeout(command, fallback, REPLY_TIMEOUT)
    }

    /// As [`External::spawn`] with a reply timeout.
    pub fn with_timeout(command: &str, fallback: Box<dyn Bot>, timeout: Duration) -> External {
        let mut reports = Vec::new();
        let process = match start(command) {
            Ok(running) => Some(running),
            Err(error) => {
                reports.push(format!("could not start `{command}`: {error}; {} plays instead", fallback.name()));
                None
            }
        };
        External { command: command.to_string(), process, fallback, next_id: 0, timeout, reports }
    }

    /// Sends a request and waits for a reply; `None` (with a report) on
    /// any failure.
    fn ask(&mut self, request: &Request) -> Option<Reply> {
        let running = self.process.as_mut()?;
        // Drop answers that came too late for earlier requests.
        while running.lines.try_recv().is_ok() {}
        let line = serde_json::to_string(request).expect("a request serializes");
        if writeln!(running.stdin, "{line}").and_then(|()| running.stdin.flush()).is_err() {
            return self.give_up("it closed its input (exited?)");
        }
        match running.lines.recv_timeout(self.timeout) {
            Ok(text) => match serde_json::from_str::<Reply>(&text) {
                Ok(reply) if reply.id.is_none_or(|id| id == request.id) => Some(reply),
                Ok(reply) => self.complain(&format!("answered request {:?} to request {}", reply.id, request.id)),
                Err(_) => self.complain(&format!("answered garbage: {}", shorten(&text))),
            },
            Err(RecvTimeoutError::Timeout) => {
                self.complain(&format!("did not answer within {} ms", self.timeout.as_millis()))
            }
            Err(RecvTimeoutError::Disconnected) => self.give_up("it exited"),
        }
    }

    fn complain(&mut self, what: &str) -> Option<Reply> {
        self.reports.push(format!("`{}` {what}; {} decides this time", self.command, self.fallback.name()));
        None
    }

    fn give_up(&mut self, why: &str) -> Option<Reply> {
        if let Some(mut running) = self.process.take() {
            let _ = running.child.kill();
            let _ = running.child.wait();
        }
        self.reports.push(format!(
            "`{}` stopped: {why}; {} plays for the rest of the game",
            self.command,
            self.fallback.name()
        ));
        None
    }

    fn request(&mut self, kind: &str, view: &SeatView<'_>, penalty_total: i32) -> Request {
        self.next_id += 1;
        Request::from_view(kind, self.next_id, view, penalty_total)
    }
}

fn start(command: &str) -> std::io::Result<Running> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let stdin = child.stdin.take().expect("stdin was piped");
    let stdout = child.stdout.take().expect("stdout was piped");
    let (sender, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    Ok(Running { child, stdin, lines })
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 60 { text.chars().take(60).collect::<String>() + "…" } else { text.to_string() }
}

impl Bot for External {
    fn name(&self) -> String {
        format!("cmd:{}", self.command)
    }

    fn pass(&mut self, view: &SeatView<'_>) -> CardBag {
        let request = self.request("pass", view, 0);
        if let Some(reply) = self.ask(&request) {
            // A card listed twice is both copies, which only two packs have.
            let held = CardBag::new(view.hand, view.doubles.hand);
            let cards = reply.cards.as_deref().and_then(super::protocol::card_bag);
            match cards {
                Some(bag) if bag.len() == view.pass.count && held.includes(bag) => return bag,
                _ => {
                    self.complain(&format!("passed {:?}, not {} cards of its hand", reply.cards, view.pass.count));
                }
            }
        }
        self.fallback.pass(view)
    }

    fn play(&mut self, view: &SeatView<'_>) -> Card {
        let request = self.request("play", view, 0);
        if let Some(reply) = self.ask(&request) {
            match reply.card.as_deref().map(str::parse::<Card>) {
                Some(Ok(card)) if view.legal.contains(card) => return card,
                _ => {
                    self.complain(&format!("played {:?}, which is not a legal card", reply.card));
                }
            }
        }
        self.fallback.play(view)
    }

    fn declare(&mut self, view: &SeatView<'_>) -> bool {
        let request = self.request("declare", view, 0);
        if let Some(reply) = self.ask(&request) {
            match reply.declare {
                Some(declare) => return declare,
                None => {
                    self.complain("answered the declaration without \"declare\": true or false");
                }
            }
        }
        self.fallback.declare(view)
    }

    fn bid(&mut self, view: &SeatView<'_>) -> Option<u32> {
        let request = self.request("bid", view, 0);
        if let Some(reply) = self.ask(&request) {
            let (least, chips) = (view.least_bid(), view.own_chips());
            match reply.bid {
                Some(0) => return None,
                Some(bid) if bid >= least && bid <= chips => return Some(bid),
                _ => {
                    self.complain(&format!("bid {:?}: 0 passes, a bid is {least} to {chips} chips", reply.bid));
                }
            }
        }
        self.fallback.bid(view)
    }

    fn name_suit(&mut self, view: &SeatView<'_>) -> Suit {
        let request = self.request("name", view, 0);
        if let Some(reply) = self.ask(&request) {
            let named = reply.suit.as_deref().and_then(Suit::from_letter);
            match named {
                Some(suit) => return suit,
                None => {
                    self.complain(&format!("named {:?}, not S, H, D or C", reply.suit));
                }
            }
        }
        self.fallback.name_suit(view)
    }

    fn moon(&mut self, view: &SeatView<'_>, penalty_total: i32) -> MoonScoring {
        let request = self.request("moon", view, penalty_total);
        if let Some(reply) = self.ask(&request) {
            for scoring in [MoonScoring::AddToOthers, MoonScoring::SubtractFromShooter] {
                if reply.moon.as_deref() == Some(moon_name(scoring)) {
                    return scoring;
                }
            }
            self.complain(&format!("answered the moon question with {:?}", reply.moon));
        }
        self.fallback.moon(view, penalty_total)
    }

    fn reports(&mut self) -> Vec<String> {
        std::mem::take(&mut self.reports)
    }
}
