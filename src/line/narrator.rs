//! One person's table in sentences: what happened since they last heard
//! (each card played, each trick taken, the hand's scores), what the game
//! asks of them now with the cards they may play, and what their typed
//! commands ask of the table. Every sentence is printed once; nothing is
//! redrawn. What happened is told in `tell`, what is asked in `ask`, and
//! typed lines are read in `typed`.

use std::collections::VecDeque;

use crate::remembered::Remembered;
use crate::request::Request;
use crate::theme::Theme;
use crate::words::words;
use hearts_engine::{Action, Card, CardBag, CardSet, GamePhase, PlayError, Seat};
use hearts_table::notice::Hint;
use hearts_table::sight::{AtSeat, OwnSight, Question};
use hearts_table::{Notice, PersonId, Refusal, Sight};

use super::cards::CardWords;
use hearts_table::notice::sentence;

mod ask;
mod tell;
mod typed;

use ask::{help, vote_words};

/// What this person has been told, so nothing is told twice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Told {
    /// Whether anything has been told yet (one who sits down mid-hand is
    /// told where the game is, not all of it again).
    started: bool,
    /// The hand whose plays are being told.
    hand: u32,
    /// Tricks of that hand told whole.
    tricks: usize,
    /// Cards of the trick in progress told.
    cards: usize,
    /// Whether the penalty suit's breaking was told.
    broken: bool,
    /// The hand whose scores were told.
    scored: u32,
    /// The hand whose auction nobody won was told so.
    unbid: u32,
    /// The last thing asked of them, so it is asked once.
    asked: Option<Prompted>,
    /// Whether the proposal open was put to them.
    vote_put: bool,
    /// Whether they were warned that the turn clock runs out.
    warned: bool,
    /// The hand whose pass they were told they made.
    passed: u32,
    /// Whom the table waited for when last looked at, and whether on
    /// this person too.
    waiting: (Vec<Seat>, bool),
    /// Whether the game's end was told.
    over: bool,
    /// When the newest message told was said.
    said: Option<std::time::Instant>,
}

/// A question put to the person, told once until the table moves on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prompted {
    /// Choose a pass, in this hand.
    Pass(u32),
    /// Play a card: hand, tricks done, cards on the table.
    Play(u32, usize, usize),
    /// Answer the game's question, in this hand.
    Question(u32, Question),
    /// Read the scores of this hand.
    Read(u32),
}

/// One person's table as sentences.
#[derive(Clone, Debug)]
pub struct Narrator {
    /// Who this is to the table.
    pub id: PersonId,
    /// How cards are written.
    pub words: CardWords,
    /// Brief: every card and every trick's points in the fewest words,
    /// nothing read back; else every event in a full sentence.
    pub brief: bool,
    /// The choices kept for next time (brief, symbols, the pace, the mode).
    pub remembered: Remembered,
    /// The saved game offered to take up, until answered.
    pub offer: Option<String>,
    /// Whether the table was last told this person holds play.
    pub holding: bool,
    /// `new` was typed mid-game: typed again next, it leaves the game.
    leaving: bool,
    /// The card this person typed last: in brief it is not read back.
    typed: Option<Card>,
    /// Whether they were told how to ask for the commands.
    greeted: bool,
    /// Cards typed before this person's turn, each with its hand: each is
    /// played as the turn comes, in the order typed (a script types ahead).
    ahead: VecDeque<(u32, String)>,
    /// The card typed ahead last carried out, as typed: if the table
    /// refuses it, the cards typed after it are dropped (they were meant to
    /// follow it, not to stand in for it).
    from_ahead: Option<String>,
    told: Told,
    out: Vec<String>,
}

impl Narrator {
    /// A person's narrator, nothing told yet.
    pub fn new(id: PersonId, words: CardWords) -> Narrator {
        Narrator {
            id,
            words,
            brief: false,
            remembered: Remembered::default(),
            offer: None,
            holding: false,
            leaving: false,
            typed: None,
            greeted: false,
            ahead: VecDeque::new(),
            from_ahead: None,
            told: Told::default(),
            out: Vec::new(),
        }
    }

    /// The sentences to print, each a line, oldest first.
    pub fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.out)
    }

    /// Offers the saved game described to be taken up.
    pub fn offer_resume(&mut self, description: &str) {
        self.offer = Some(description.to_string());
        self.say(format!("You have an unfinished game: {description}."));
        self.say("Type yes to take it up, or no to start a new game.");
    }

    /// Another game is at the table (a new one, or a saved one taken up):
    /// it is told from where it stands, as to one just come.
    pub fn restart(&mut self) {
        self.told = Told { said: self.told.said, ..Told::default() };
        self.offer = None;
        self.ahead.clear();
    }

    /// Plays the card typed ahead whose turn has come, if any: what it asks
    /// of the table. One typed for a hand that is over is dropped, and the
    /// person told.
    pub fn play_ahead(&mut self, sight: &Sight) -> Vec<Request> {
        if !sight.plays_now() {
            return Vec::new();
        }
        while let Some((hand, line)) = self.ahead.pop_front() {
            if hand == sight.hand.number {
                let requests = self.line(&line, sight);
                // Typed long before, it is read back as it goes, in brief too.
                self.typed = None;
                if requests.is_empty() {
                    // Not played (a rank no card of which may go, or more than one): the cards typed to follow it are not either.
                    let dropped = self.take_ahead();
                    if !dropped.is_empty() {
                        self.say(format!(
                            "{line}, typed ahead, is not played, nor the cards typed after it: {dropped}."
                        ));
                    }
                    return requests;
                }
                self.from_ahead = Some(line);
                return requests;
            }
            self.say(format!("{line}, typed during hand {hand}, is dropped: that hand is over."));
        }
        Vec::new()
    }

    /// How many cards typed ahead wait for turns that will come without
    /// another line: none while the game asks something else of the person
    /// (a pass, a question, the scores read) or is over.
    pub fn typed_ahead(&self, sight: &Sight) -> usize {
        let asked_first =
            matches!(self.asked_now(sight), Some(Prompted::Pass(_) | Prompted::Question(..) | Prompted::Read(_)));
        let over = sight.scores.finish.is_some() || sight.phase == GamePhase::GameOver || sight.own.is_none();
        if asked_first || over { 0 } else { self.ahead.len() }
    }

    /// Drops the cards typed ahead: them as typed, listed.
    fn take_ahead(&mut self) -> String {
        let lines: Vec<String> = self.ahead.drain(..).map(|(_, line)| line).collect();
        lines.join(", ")
    }

    /// Whether the table must wait for this person: they have yet to say
    /// whether to take up their saved game.
    pub fn holds_play(&self) -> bool {
        self.offer.is_some()
    }

    fn say(&mut self, sentence: impl Into<String>) {
        self.out.push(sentence.into());
    }

    /// The theme the table's shared wordings use: letters or symbols, no
    /// colour.
    fn theme(&self) -> Theme {
        Theme { color: false, ascii: !self.words.symbols, palette256: false, four_colour: false }
    }

    /// Hears what the table told this person: what happened before it is
    /// told first.
    pub fn hear(&mut self, notice: &Notice, sight: &Sight) {
        if self.offer.is_some() {
            return;
        }
        // A welcome comes before the table it welcomes to; a new game is told afresh; a hand's
        // scores come before the next hand where it is dealt at once (nobody seated reads them).
        let told_later = matches!(notice, Notice::Welcome { .. } | Notice::NewGame { .. } | Notice::Resumed { .. })
            || (matches!(notice, Notice::HandScored) && sight.hand.number != self.told.hand);
        if !told_later {
            self.catch_up(sight);
        }
        if matches!(notice, Notice::Refused(_)) {
            // The card typed was not played: one of the same later is not theirs to keep quiet about.
            self.typed = None;
        }
        let refused_ahead = match (notice, self.from_ahead.take()) {
            (Notice::Refused(_), typed) => typed,
            _ => None,
        };
        let w = self.words;
        let text = match notice {
            Notice::HandScored => {
                self.tell_scores(sight);
                return;
            }
            Notice::GameOver(_) => {
                self.tell_game_over(sight);
                return;
            }
            Notice::DealtAgain { hand } => {
                self.told.hand = 0;
                self.told.asked = None;
                self.told.passed = 0;
                format!("Hand {hand} is dealt again.")
            }
            Notice::NewGame { .. } | Notice::Resumed { .. } => {
                self.restart();
                match words(notice, sight, self.theme()) {
                    Some(Some(text)) => told_of(sight, &text),
                    _ => format!("A new game of {}.", sight.setup.label),
                }
            }
            Notice::Received { cards, from } => {
                self.tell_received(sight, *cards, *from);
                return;
            }
            Notice::TrickRolledOver { cards } => match self.brief {
                true => format!("Nobody takes: {cards} cards wait."),
                false => format!("Nobody wins the trick: its cards wait for the next trick's winner, {cards} now."),
            },
            Notice::BotActed(action) => match action {
                Action::Play { card, .. } => format!("Time ran out: your bot played {}.", w.card(*card)),
                Action::Pass { cards, .. } => format!("Time ran out: your bot passed {}.", w.cards(cards.iter())),
                _ => "Time ran out: your bot moved for you.".to_string(),
            },
            Notice::MoreTime { by, left } => {
                // Their own new end is warned of again.
                self.told.warned &= by.is_some();
                let left = left.as_secs();
                match by {
                    Some(by) => format!("{by} asked for more time: {left} seconds left."),
                    None => format!("You have more time: {left} seconds left."),
                }
            }
            Notice::Drew { seat, count, left, cards: Some(cards) } if sight.is_mine(*seat) => {
                format!("You could not follow and drew {count}, {left} left in the stock: {}", few(w, cards.iter()))
            }
            Notice::WidowTaken { seat, cards: Some(cards), .. } if sight.is_mine(*seat) => {
                format!("You took the {}: {}", sight.rules().kitty_name(), few(w, cards.iter()))
            }
            Notice::Refused(Refusal::Play(PlayError::NotInHand { card })) => {
                format!("You do not hold {}.", w.card(*card))
            }
            Notice::PassTakenBack { cards } => {
                self.told.asked = None;
                self.told.passed = 0;
                format!("You took back your pass of {}.", w.cards(cards.iter()))
            }
            Notice::CardTakenBack { card } => {
                self.told.asked = None;
                format!("You took back {}.", w.card(*card))
            }
            Notice::QueueDropped { card, why } => format!("{} was not played: {why}", sentence(&w.card(*card))),
            Notice::Hint(Hint::Pass(cards)) => format!("Hint: pass {}.", w.cards(cards.iter())),
            Notice::Hint(Hint::Play { best, runner_up }) => {
                let runner_up = runner_up
                    .map(|(card, cost)| match cost {
                        cost if cost < 0.05 => format!(" {} would do as well.", sentence(&w.card(card))),
                        cost => format!(" {} would cost {cost:.1} points more.", sentence(&w.card(card))),
                    })
                    .unwrap_or_default();
                format!("Hint: play {}.{runner_up}", w.card(*best))
            }
            Notice::Proposed { .. } if sight.proposal.as_ref().is_some_and(|p| p.asked) => {
                let asked = words(notice, sight, self.theme()).flatten().unwrap_or_default();
                let asked = asked.trim_end_matches(": y / n");
                self.told.vote_put = true;
                // What else is asked of them is said again after it: a proposal does not hide a turn.
                self.told.asked = None;
                format!("{asked}. {}", vote_words(sight))
            }
            Notice::Refused(Refusal::Play(error)) if sight.plays_now() => {
                // The rule, then what may be played: the prompt may have scrolled past.
                let legal = sight.own.as_ref().map_or(CardSet::EMPTY, |own| own.legal);
                format!("{} You may play: {}", full_sentence(&error.to_string()), w.by_suit(legal.iter()))
            }
            Notice::Note(_) => {
                // A note from the runtime comes after what was asked: it is asked again after it.
                self.told.asked = None;
                match words(notice, sight, self.theme()) {
                    Some(Some(text)) => told_of(sight, &text),
                    _ => return,
                }
            }
            // These begin with the name of someone who no longer holds a seat: kept as they wrote it.
            Notice::SeatFreed { .. } | Notice::GaveUp { name: Some(_) } => match words(notice, sight, self.theme()) {
                Some(Some(text)) => format!("{text}."),
                _ => return,
            },
            _ => match words(notice, sight, self.theme()) {
                Some(Some(text)) => told_of(sight, &text),
                _ => return,
            },
        };
        self.say(text);
        if let Notice::Welcome { seat_note: Some(note), .. } = notice {
            self.say(format!("{note}."));
        }
        if let Some(typed) = refused_ahead {
            let dropped = self.take_ahead();
            self.say(match dropped.is_empty() {
                true => format!("{typed}, typed ahead, is not played."),
                false => format!("{typed}, typed ahead, is not played, nor the cards typed after it: {dropped}."),
            });
        }
    }

    /// Comes in line with the table: tells what happened, then what is
    /// asked of this person now.
    pub fn sync(&mut self, sight: &Sight) {
        if self.offer.is_some() {
            return;
        }
        self.catch_up(sight);
        self.ask(sight);
    }
}

/// Whether a game is under way that `new` would leave unfinished.
/// A few cards in words, or many by suit (a draw of fifteen is too long to
/// listen to card by card).
fn few(words: CardWords, cards: impl Iterator<Item = Card>) -> String {
    let cards: Vec<Card> = cards.collect();
    if cards.len() <= 4 { format!("{}.", words.cards(cards)) } else { words.by_suit(cards) }
}

/// The cards received in the exchange still held, until the first card is
/// played (with two packs, as many copies as came).
fn new_in_hand(own: &OwnSight) -> CardBag {
    own.new.iter().fold(CardBag::EMPTY, |new, card| {
        let copies = own.received.count(card).min(own.hand.count(card));
        (0..copies).fold(new, |new, _| new.plus(CardBag::from(CardSet::single(card))))
    })
}

/// Words joined as a question offers them: "a or b", "a, b or c".
fn or_list(words: &[String]) -> String {
    match words {
        [rest @ .., last] if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => words.join(""),
    }
}

/// "three" for 3, up to ten; digits past that.
fn number_word(n: usize) -> String {
    const WORDS: [&str; 11] = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    WORDS.get(n).map_or_else(|| n.to_string(), |word| (*word).to_string())
}

/// A note about the table as a sentence, where one who begins it keeps
/// their name as they wrote it ("bob declined", never "Bob declined":
/// names are told apart by how they look).
fn told_of(sight: &Sight, text: &str) -> String {
    let text = text.trim();
    let begins_with_name = sight.at_seats.iter().any(|at| match at {
        AtSeat::Person { name, .. } => {
            text.strip_prefix(name.as_str()).is_some_and(|rest| rest.starts_with([' ', ':', ',', '\'']))
        }
        AtSeat::Bot => false,
    });
    match begins_with_name {
        true if text.ends_with(['.', '!', '?', '…']) => text.to_string(),
        true => format!("{text}."),
        false => full_sentence(text),
    }
}

/// A status-line note as a sentence: a capital and a full stop.
fn full_sentence(text: &str) -> String {
    let text = sentence(text.trim());
    if text.ends_with(['.', '!', '?', '…']) { text } else { format!("{text}.") }
}
