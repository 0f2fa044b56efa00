//! A player of the line mode that reads its sentences only, never a
//! screen: it answers every prompt, checks that the cards a prompt lists
//! are exactly those the table accepts (a listed card is played; an
//! unlisted card it holds is refused in one sentence), and keeps every
//! byte it was sent.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hearts_engine::{Card, Rank, Suit};

/// How long a line may take to come.
const PATIENCE: Duration = Duration::from_secs(60);

/// What a whole game showed.
#[derive(Debug, Default)]
pub struct Played {
    /// Cards this player played.
    pub cards: usize,
    /// Unlisted cards tried and refused.
    pub refused: usize,
    /// Hands whose scores were read.
    pub hands: usize,
    /// Questions answered: Generale, bids, suits named, moons.
    pub questions: usize,
    /// Passes made.
    pub passes: usize,
}

/// One line-mode player.
pub struct LinePlayer<W: Write> {
    lines: Receiver<String>,
    input: Option<W>,
    raw: Arc<Mutex<Vec<u8>>>,
    /// Every line read, in order.
    pub transcript: Vec<String>,
    seed: u64,
}

impl<W: Write> LinePlayer<W> {
    /// A player reading `output` and typing into `input`.
    pub fn new(output: impl Read + Send + 'static, input: W, seed: u64) -> LinePlayer<W> {
        let (sender, lines) = channel();
        let raw = Arc::new(Mutex::new(Vec::new()));
        let kept = raw.clone();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            let mut line = Vec::new();
            loop {
                line.clear();
                match reader.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        kept.lock().unwrap().extend_from_slice(&line);
                        let text = String::from_utf8_lossy(&line).trim_end_matches(['\r', '\n']).to_string();
                        if sender.send(text).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        LinePlayer { lines, input: Some(input), raw, transcript: Vec::new(), seed }
    }

    /// Every byte read so far.
    pub fn raw(&self) -> Vec<u8> {
        self.raw.lock().unwrap().clone()
    }

    /// The next line, failing the test with the transcript's end if none
    /// comes.
    pub fn next(&mut self) -> String {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => {
                self.transcript.push(line.clone());
                line
            }
            Err(RecvTimeoutError::Timeout) => panic!("no line came; the last were:\n{}", self.tail()),
            Err(RecvTimeoutError::Disconnected) => panic!("the output ended; the last lines were:\n{}", self.tail()),
        }
    }

    /// Whether the output has ended (after reading what is left).
    pub fn ended(&mut self) -> bool {
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => self.transcript.push(line),
                Err(RecvTimeoutError::Disconnected) => return true,
                Err(RecvTimeoutError::Timeout) => return false,
            }
        }
    }

    /// The last lines read.
    pub fn tail(&self) -> String {
        let from = self.transcript.len().saturating_sub(40);
        self.transcript[from..].join("\n")
    }

    /// Types a line.
    pub fn send(&mut self, text: &str) {
        let input = self.input.as_mut().expect("the input is open");
        input.write_all(format!("{text}\n").as_bytes()).unwrap();
        input.flush().unwrap();
    }

    /// Closes the input: its end reaches the program.
    pub fn close(&mut self) {
        self.input = None;
    }

    /// Reads lines until one starts with `prefix`; that line.
    pub fn wait_for(&mut self, prefix: &str) -> String {
        loop {
            let line = self.next();
            if line.starts_with(prefix) {
                return line;
            }
        }
    }

    fn random(&mut self, below: usize) -> usize {
        self.seed = self.seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.seed >> 33) % below.max(1) as u64) as usize
    }

    /// The cards held, as the next line that lists them says.
    pub fn wait_for_cards(&mut self) -> Vec<Card> {
        self.send("hand");
        let line = self.wait_for("Your cards: ");
        cards_listed(&line["Your cards: ".len()..])
    }

    /// The cards held, asked for with `hand`.
    fn hand(&mut self) -> Vec<Card> {
        self.send("hand");
        let line = self.wait_for("Your cards: ");
        cards_listed(&line["Your cards: ".len()..])
    }

    /// A card typed as a person might: `qs`, `10h`, `9♣`.
    fn typed(&mut self, card: Card) -> String {
        if let Some(n) = card.joker_number() {
            return if self.random(2) == 0 { format!("joker {n}") } else { format!("jk{n}") };
        }
        let rank = match card.rank() {
            Rank::Ten => "10".to_string(),
            rank => rank.letter().to_ascii_lowercase().to_string(),
        };
        match self.random(3) {
            0 => format!("{rank}{}", card.suit().letter().to_ascii_lowercase()),
            1 => format!("{rank}{}", card.suit().symbol()),
            _ => format!("{}{}", rank.to_uppercase(), card.suit().letter()),
        }
    }

    /// Plays until the game is over (the line offering a new game); what
    /// it did.
    pub fn play_game(&mut self) -> Played {
        let mut played = Played::default();
        loop {
            let line = self.next();
            if let Some(list) =
                line.strip_prefix("Your lead. You may play: ").or(line.strip_prefix("Your turn. You may play: "))
            {
                let legal = cards_listed(list);
                let hand = self.hand();
                assert!(!legal.is_empty(), "a prompt with no card: {line}");
                for card in &legal {
                    assert!(hand.contains(card), "{card} is offered but not held: {line}\n{}", self.tail());
                }
                let unlisted: Vec<Card> = hand.iter().copied().filter(|card| !legal.contains(card)).collect();
                if !unlisted.is_empty() {
                    let card = unlisted[self.random(unlisted.len())];
                    let typed = self.typed(card);
                    self.send(&typed);
                    let refusal = self.next();
                    assert!(
                        !refusal.starts_with("You play") && !refusal.starts_with("You lead") && refusal.ends_with('.'),
                        "{card} was not listed but was not refused: {refusal}\n{}",
                        self.tail()
                    );
                    played.refused += 1;
                }
                let card = legal[self.random(legal.len())];
                let typed = self.typed(card);
                self.send(&typed);
                let words = format!("{}.", card_words(card));
                loop {
                    let next = self.next();
                    if next.starts_with("You ") && next.ends_with(&words) {
                        break;
                    }
                    // The question asked again after news (someone sat down) before the card came to the
                    // table lists it still; a listed card refused would never be played, and `next` says so.
                    if let Some((_, list)) = next.split_once("You may play: ") {
                        let listed = cards_listed(list).contains(&card);
                        assert!(listed, "{card} was listed but not played\n{}", self.tail());
                    }
                }
                played.cards += 1;
            } else if line.starts_with("Pass ") && line.contains("type pass and the cards") {
                let count = ["one", "two", "three", "four", "five", "six"]
                    .iter()
                    .position(|word| line.starts_with(&format!("Pass {word} ")))
                    .expect("a pass count")
                    + 1;
                let mut hand = self.hand();
                let mut pass = Vec::new();
                for _ in 0..count {
                    pass.push(hand.remove(self.random(hand.len())));
                }
                let typed: Vec<String> = pass.iter().map(|&card| self.typed(card)).collect();
                self.send(&format!("pass {}", typed.join(" ")));
                played.passes += 1;
            } else if line.starts_with("Declare the Generale") {
                let yes = self.random(4) == 0;
                self.send(if yes { "yes" } else { "no" });
                played.questions += 1;
            } else if let Some(rest) = line.strip_prefix("Your bid: type bid and a number of chips from ") {
                let least: u32 = rest.split_whitespace().next().unwrap().parse().unwrap();
                let answer = if self.random(2) == 0 { "pass".to_string() } else { format!("bid {least}") };
                self.send(&answer);
                played.questions += 1;
            } else if line.starts_with("You won the auction: name the penalty suit") {
                let suit = ["spades", "hearts", "diamonds", "clubs"][self.random(4)];
                self.send(&format!("name {suit}"));
                played.questions += 1;
            } else if line.starts_with("You shot the moon!") {
                let answer = if self.random(2) == 0 { "add" } else { "subtract" };
                self.send(answer);
                played.questions += 1;
            } else if line.starts_with("Press Enter for ") {
                self.send("");
                played.hands += 1;
            } else if line.starts_with("Type new for a new game") {
                return played;
            }
        }
    }
}

/// A card in words, as the line mode says it.
pub fn card_words(card: Card) -> String {
    if let Some(n) = card.joker_number() {
        return format!("joker {n}");
    }
    const WORDS: [&str; 13] =
        ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"];
    format!("the {} of {}", WORDS[card.rank().index()], card.suit().name())
}

/// The cards of a list such as "Clubs: 2, 9, king. Hearts: new ace."
pub fn cards_listed(text: &str) -> Vec<Card> {
    let mut cards = Vec::new();
    for part in text.split('.').map(str::trim).filter(|part| !part.is_empty() && *part != "none") {
        if part.to_lowercase().starts_with("joker ") {
            for joker in part.split(", ") {
                let n: u8 = joker.rsplit(' ').next().and_then(|n| n.parse().ok()).expect("a joker's number");
                cards.push(Card::joker(n - 1));
            }
            continue;
        }
        let (suit, ranks) = part.split_once(": ").unwrap_or_else(|| panic!("not a suit's list: {part}"));
        let suit = Suit::ALL.into_iter().find(|s| s.name() == suit.to_lowercase()).expect("a suit");
        for rank in ranks.split(", ") {
            // The hand after an exchange marks the cards received: "new ace".
            let rank = match rank.trim_start_matches("new ") {
                "jack" => Rank::Jack,
                "queen" => Rank::Queen,
                "king" => Rank::King,
                "ace" => Rank::Ace,
                digits => Rank::ALL[digits.parse::<usize>().expect("a rank") - 2],
            };
            cards.push(Card::new(rank, suit));
        }
    }
    cards
}
