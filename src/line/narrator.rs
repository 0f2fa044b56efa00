//! One person's table in sentences: what happened since they last heard
//! (each card played, each trick taken, the hand's scores), what the game
//! asks of them now with the cards they may play, and what their typed
//! commands ask of the table. Every sentence is printed once; nothing is
//! redrawn.

use std::collections::VecDeque;

use crate::remembered::Remembered;
use crate::request::Request;
use crate::theme::Theme;
use crate::words::hand::hand_events;
use crate::words::rules::rules_in_brief;
use crate::words::words;
use hearts_engine::{
    Action, Card, CardBag, CardSet, GamePhase, HandPhase, HandRecord, MoonRule, PlayError, Seat, Trick,
};
use hearts_table::intent::NewGame;
use hearts_table::notice::Hint;
use hearts_table::saved::Programs;
use hearts_table::sight::{AtSeat, OwnSight, Question};
use hearts_table::{DealShown, Intent, Kind, Notice, PersonId, Refusal, Sight};

use super::cards::{CardWords, and_list, rank_word};
use super::command::{LineCommand, parse};
use hearts_table::notice::sentence;

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

    /// Tells the plays since last told: a new hand, each card, each trick
    /// taken, the penalty suit broken.
    fn catch_up(&mut self, sight: &Sight) {
        let trick_cards = sight.play.in_progress.len();
        self.tell_messages(sight);
        if !self.told.started {
            self.told.started = true;
            self.told.hand = sight.hand.number;
            self.told.tricks = sight.play.tricks.len();
            self.told.cards = trick_cards;
            self.told.broken = sight.play.hearts_broken;
            // A pass made before they came (back) is not news.
            self.told.passed =
                if sight.own.as_ref().is_some_and(|own| !own.passed.is_empty()) { sight.hand.number } else { 0 };
            self.tell_where(sight);
            return;
        }
        if sight.phase == GamePhase::GameOver && sight.hand.number == self.told.hand && self.told.over {
            return;
        }
        if sight.hand.number != self.told.hand {
            self.told.hand = sight.hand.number;
            self.told.tricks = 0;
            self.told.cards = 0;
            self.told.broken = false;
            self.told.asked = None;
            self.tell_deal(sight);
        }
        // A hand's end taken back by undo is told again when it comes again.
        self.told.scored = self.told.scored.min(sight.scores.history.len() as u32);
        // Undo took cards back: nothing new to tell, and the question again.
        if sight.play.tricks.len() < self.told.tricks
            || (sight.play.tricks.len() == self.told.tricks && trick_cards < self.told.cards)
        {
            self.told.tricks = sight.play.tricks.len();
            self.told.cards = trick_cards;
            self.told.asked = None;
        }
        for index in self.told.tricks..sight.play.tricks.len() {
            let skip = if index == self.told.tricks { self.told.cards } else { 0 };
            self.tell_plays(sight, &sight.play.tricks[index], skip);
            self.tell_taken(sight, index);
            self.told.cards = 0;
        }
        self.told.tricks = sight.play.tricks.len();
        let trick = sight.play.in_progress;
        self.tell_plays(sight, &trick, self.told.cards);
        self.told.cards = trick.len();
        self.tell_broken(sight);
        self.told.broken = sight.play.hearts_broken;
        self.tell_pass_made(sight);
    }

    /// The messages said since the last told; one who has just come is
    /// told none of the earlier ones.
    fn tell_messages(&mut self, sight: &Sight) {
        let newest = sight.chat.newest().map(|said| said.at);
        if self.told.started {
            let fresh: Vec<String> = sight
                .chat
                .messages()
                .iter()
                .filter(|said| self.told.said.is_none_or(|told| said.at > told))
                .map(|said| match said.from.as_str() {
                    "You" => format!("Your message: {}", said.text),
                    from => format!("Message from {from}: {}", said.text),
                })
                .collect();
            for message in fresh {
                self.say(message);
            }
        }
        self.told.said = newest.or(self.told.said);
    }

    /// Where the game is, for one who has just come to it.
    fn tell_where(&mut self, sight: &Sight) {
        let seats: Vec<String> = Seat::all(sight.players()).map(|seat| sight.name(seat)).collect();
        // The screen's "black-lady+" is said in words: a plus is read as "plus".
        let label = match sight.setup.label.strip_suffix('+') {
            Some(preset) => format!("{preset} with house rules"),
            None => sight.setup.label.clone(),
        };
        self.say(format!("{label}, {} players: {}.", sight.players(), and_list(&seats)));
        if !std::mem::replace(&mut self.greeted, true) {
            self.say("Type help for the commands.");
        }
        if sight.phase == GamePhase::GameOver || sight.scores.finish.is_some() {
            return;
        }
        if let DealShown::Sealed { digest } = &sight.deal
            && !self.brief
        {
            self.say(format!("The deals are sealed until the end: sha256 {digest}."));
        }
        self.tell_deal(sight);
        if !sight.play.in_progress.is_empty() {
            self.say(format!("On the table: {}.", self.trick_words(sight, &sight.play.in_progress)));
        }
    }

    /// A new hand: its number and this person's cards.
    fn tell_deal(&mut self, sight: &Sight) {
        let hand = sight.hand.number;
        match (&sight.own, self.brief) {
            // A hand taken up with every card played (at the moon's question) has none to read.
            (Some(own), true) if !own.hand.is_empty() => {
                self.say(format!("Hand {hand}. {}", self.words.by_suit(own.hand.iter())));
            }
            (Some(own), false) if !own.hand.is_empty() => {
                self.say(format!("Hand {hand}."));
                self.say(format!("Your cards: {}", self.words.by_suit(own.hand.iter())));
            }
            _ => self.say(format!("Hand {hand}.")),
        }
    }

    /// The pass this person's seat made this hand and what it received,
    /// asked for again.
    fn tell_passed(&mut self, sight: &Sight) {
        let Some(own) = &sight.own else {
            self.say("You are watching: you pass no cards.");
            return;
        };
        let w = self.words;
        if own.passed.is_empty() {
            self.say(match sight.hand.pass_count {
                0 => "Nothing is passed this hand.".to_string(),
                _ => "You have not passed yet.".to_string(),
            });
            return;
        }
        let to = sight.hand.pass_targets.get(own.seat.index()).map(|&seat| sight.name(seat)).unwrap_or_default();
        self.say(format!("You passed {} to {to}.", w.cards(own.passed.iter())));
        if !own.received.is_empty() {
            let from =
                Seat::all(sight.players()).find(|&seat| sight.hand.pass_targets.get(seat.index()) == Some(&own.seat));
            let from = from.map(|seat| sight.name(seat)).unwrap_or_default();
            self.say(format!("You received {} from {from}.", w.cards(own.received.iter())));
        }
    }

    /// What arrived in the exchange, and the hand with the new cards
    /// marked.
    fn tell_received(&mut self, sight: &Sight, cards: CardBag, from: Seat) {
        let w = self.words;
        let from = sight.name(from);
        let hand = sight.own.as_ref().map(|own| w.marked_by_suit(own.hand.iter(), new_in_hand(own)));
        if self.brief {
            // The cards received are the hand's new ones.
            self.say(format!("From {from}, marked new: {}", hand.unwrap_or_default()));
            return;
        }
        self.say(match cards.len() <= 4 {
            true => format!("You received {} from {from}.", w.cards(cards.iter())),
            false => format!("You received {} cards from {from}: {}", cards.len(), w.by_suit(cards.iter())),
        });
        if let Some(hand) = hand {
            self.say(format!("Your cards: {hand}"));
        }
    }

    /// The cards of `trick` from the `skip`th on, one sentence each.
    /// In brief, a card this person typed is not read back ("Left: 7
    /// clubs."); a seat whose person is away is named as its bot.
    fn tell_plays(&mut self, sight: &Sight, trick: &Trick, skip: usize) {
        let players = sight.players();
        for (index, (seat, card)) in trick.plays(players).enumerate().skip(skip) {
            let mine = sight.is_mine(seat);
            let who = match sight.at_seats.get(seat.index()) {
                _ if mine => "You".to_string(),
                Some(AtSeat::Person { name, bot_playing: true, .. }) => format!("{name}'s bot"),
                _ => sight.name(seat),
            };
            if self.brief {
                // Their own card, typed, is not read back; one their bot played for them is.
                if !(mine && self.typed.take() == Some(card)) {
                    self.say(format!("{who}: {}.", self.words.short(card)));
                }
            } else {
                let verb = match (index, mine) {
                    (0, true) => "lead",
                    (0, false) => "leads",
                    (_, true) => "play",
                    (_, false) => "plays",
                };
                self.say(format!("{who} {verb} {}.", self.words.card(card)));
            }
            if card.suit() == sight.play.penalty_suit && !card.is_joker() {
                self.tell_broken(sight);
            }
        }
    }

    /// The penalty suit broken, once a hand, where the rules wait for it.
    fn tell_broken(&mut self, sight: &Sight) {
        if sight.play.hearts_broken && !self.told.broken && sight.setup.rules.must_break_hearts {
            let suit = sentence(sight.play.penalty_suit.name());
            self.say(if self.brief { format!("{suit} broken.") } else { format!("{suit} are broken.") });
        }
        self.told.broken |= sight.play.hearts_broken;
    }

    /// The pairs the hand's `index`th trick cancelled, who took it, with
    /// what, and what it was worth to them (the table's own count of
    /// their take: bonus cards, both copies, the cards that waited).
    fn tell_taken(&mut self, sight: &Sight, index: usize) {
        let w = self.words;
        let trick = &sight.play.tricks[index];
        let cancelled: Vec<String> = trick.cancelled().iter().map(|card| w.pair(card)).collect();
        if !cancelled.is_empty() {
            self.say(format!("{} cancel.", sentence(&and_list(&cancelled))));
        }
        let Some(take) = sight.play.takes.get(index) else { return };
        let Some(taker) = take.taker else { return };
        let who = if sight.is_mine(taker) { "You take".to_string() } else { format!("{} takes", sight.name(taker)) };
        let kitty = sight.rules().kitty_name();
        // Another's widow is face down: its points come with the hand's scores.
        let face_down =
            if sight.is_mine(taker) || sight.hand.phase == HandPhase::Finished { "" } else { ", face down" };
        if self.brief {
            let mut with = Vec::new();
            if take.waited > 0 {
                with.push(format!("{} waiting cards", take.waited));
            }
            if take.widow {
                with.push(format!("the {kitty}{face_down}"));
            }
            let points = match take.points {
                0 => String::new(),
                1 | -1 => format!(", {} point", take.points),
                points => format!(", {points} points"),
            };
            let with = if with.is_empty() { String::new() } else { format!(" with {}", with.join(" and ")) };
            self.say(format!("{who}{with}{points}."));
            return;
        }
        let with = match (trick.winner(sight.players()), trick.winning_card()) {
            (Some(_), Some(card)) => format!(" with {}", w.card(card)),
            _ => ", as its leader".to_string(),
        };
        let mut waited = match take.waited {
            0 => String::new(),
            cards => format!(" and the {cards} cards that waited"),
        };
        if take.widow {
            waited.push_str(&format!(" and the {kitty}{face_down}"));
        }
        let points = match take.points {
            0 => String::new(),
            1 | -1 => format!(": {} point", take.points),
            points => format!(": {points} points"),
        };
        self.say(format!("{who} the trick{with}{waited}{points}."));
    }

    /// A trick's cards as "Left: the seven of clubs, You: ...".
    fn trick_words(&self, sight: &Sight, trick: &Trick) -> String {
        let plays: Vec<String> = trick
            .plays(sight.players())
            .map(|(seat, card)| format!("{} {}", sight.name(seat), self.words.card(card)))
            .collect();
        plays.join(", ")
    }

    /// The hand's scores, once.
    fn tell_scores(&mut self, sight: &Sight) {
        let Some(record) = sight.scores.history.last() else { return };
        let hand = sight.scores.history.len() as u32;
        if self.told.scored == hand {
            return;
        }
        self.told.scored = hand;
        // What happened (a moon, the widow's points) before the scores it made.
        let events = hand_events(sight, |card| self.words.card(card), record);
        if self.brief {
            self.say(format!("Hand {hand} over."));
        } else {
            self.say(format!("Hand {hand} is over."));
        }
        for event in events {
            self.say(told_of(sight, &event));
        }
        if self.brief {
            self.say(self.score_lines(sight, record).join(" "));
        } else {
            for line in self.score_lines(sight, record) {
                self.say(line);
            }
        }
    }

    /// Each seat's score for a hand and its total (or chips).
    fn score_lines(&self, sight: &Sight, record: &HandRecord) -> Vec<String> {
        Seat::all(sight.players())
            .map(|seat| {
                let name = sight.name(seat);
                match record.chips {
                    Some(settled) => {
                        let change = settled.change[seat];
                        let chips = if change.abs() == 1 { "chip" } else { "chips" };
                        format!("{name}: {change:+} {chips}, {} in all.", settled.after.stacks[seat])
                    }
                    None if self.brief => format!("{name} {}, total {}.", record.scores[seat], record.totals[seat]),
                    None => format!("{name}: {} this hand, {} in all.", record.scores[seat], record.totals[seat]),
                }
            })
            .collect()
    }

    /// The standings, in order.
    fn standings(&self, sight: &Sight) -> String {
        let rules = &sight.setup.rules;
        let mut sides: Vec<(String, i32)> =
            (0..rules.side_count()).map(|side| (sight.side_name(side), sight.side_standing(side))).collect();
        // Chips: the most is best; points: the fewest.
        if sight.scores.chips.is_some() {
            sides.sort_by_key(|&(_, standing)| -standing);
        } else {
            sides.sort_by_key(|&(_, standing)| standing);
        }
        let parts: Vec<String> = sides.iter().map(|(name, standing)| format!("{name} {standing}")).collect();
        parts.join(", ")
    }

    /// The end of the game, once.
    fn tell_game_over(&mut self, sight: &Sight) {
        if self.told.over {
            return;
        }
        // The last hand's scores come before the end they make.
        self.tell_scores(sight);
        self.told.over = true;
        let winners: Vec<String> = sight.scores.leaders.iter().map(|&seat| sight.name(seat)).collect();
        let hands = sight.scores.history.len();
        self.say(format!("Game over after {hands} hand{}.", if hands == 1 { "" } else { "s" }));
        match winners.as_slice() {
            [] => {}
            [one] if sight.scores.leaders.iter().any(|&seat| sight.is_mine(seat)) && one == "You" => {
                self.say("You win!");
            }
            [one] => self.say(format!("{one} wins.")),
            many => self.say(format!("{} share first place.", and_list(many))),
        }
        self.say(format!("Standings: {}.", self.standings(sight)));
        match &sight.deal {
            DealShown::Code(code) => self.say(format!("Seed {}.", code.seed)),
            DealShown::Opened { code, text, digest } => {
                self.say(format!("Seed {}. The deals were sealed as sha256 {digest}, of: {text}", code.seed));
            }
            DealShown::Sealed { .. } => {}
        }
        match (sight.seat, sight.kind) {
            (None, _) => {}
            (Some(_), Kind::Local) => self.say("Type new for a new game, replay for the same deals, or quit."),
            (Some(_), Kind::Shared) => self.say("Type new for a new game, or quit."),
        }
    }

    /// Asks what the game asks of this person now, once; a proposal is
    /// put to them beside it (their turn is still said); they are told
    /// when their turn clock runs low, of the pass they made, and whom
    /// the table waits for once it waits on others.
    fn ask(&mut self, sight: &Sight) {
        if sight.scores.finish.is_some() || sight.phase == GamePhase::GameOver {
            self.tell_game_over(sight);
            return;
        }
        self.told.over = false;
        // Told after the last pass of the auction is heard.
        if sight.setup.rules.auction
            && sight.hand.high_bid.is_none()
            && sight.hand.phase == HandPhase::Playing
            && self.told.unbid != sight.hand.number
        {
            self.told.unbid = sight.hand.number;
            self.say(format!("Nobody bid: {} are the penalty suit.", sight.play.penalty_suit.name()));
        }
        let vote = sight.proposal.as_ref().filter(|proposal| proposal.asked);
        match vote {
            Some(proposal) if !self.told.vote_put => {
                self.told.vote_put = true;
                self.told.asked = None;
                let game = sentence(&proposal.game_words());
                self.say(format!("{game} is proposed. {}", vote_words(sight)));
            }
            Some(_) => {}
            None => self.told.vote_put = false,
        }
        let asked = self.asked_now(sight);
        if asked != self.told.asked {
            self.told.asked = asked;
            self.told.warned = false;
            if asked.is_some() {
                self.put(sight, asked);
            }
        }
        self.warn(sight, asked);
        self.tell_waiting(sight, asked);
    }

    /// Warns once a decision's turn clock is down to its last seconds.
    fn warn(&mut self, sight: &Sight, asked: Option<Prompted>) {
        let low = sight.waiting.turn_left.is_some_and(|left| left <= CLOCK_WARNING && !left.is_zero());
        if asked.is_some() && low && !self.told.warned {
            self.told.warned = true;
            let left = sight.waiting.turn_left.map_or(0, |left| left.as_secs().max(1));
            self.say(match self.brief {
                true => format!("{left} seconds left."),
                false => format!("{left} seconds left: then your bot moves for you."),
            });
        }
    }

    /// Whom the table waits for, once it waits on other people and not on
    /// this one, who plays (a bot's move is quick and not said; a watcher
    /// hears each card as it comes).
    fn tell_waiting(&mut self, sight: &Sight, asked: Option<Prompted>) {
        let others: Vec<Seat> = sight.waiting.on.iter().copied().filter(|&seat| !sight.is_mine(seat)).collect();
        let waits_on_me = asked.is_some() || sight.seat.is_some_and(|seat| sight.waiting.on.contains(&seat));
        if (others.clone(), waits_on_me) == self.told.waiting {
            return;
        }
        self.told.waiting = (others.clone(), waits_on_me);
        if others.is_empty() || waits_on_me || sight.alone || sight.seat.is_none() {
            return;
        }
        let names: Vec<String> = others.iter().map(|&seat| sight.name(seat)).collect();
        let what = if sight.phase == GamePhase::HandOver { " to read the scores" } else { "" };
        let left =
            sight.waiting.mover_left.map(|left| format!(", {} seconds left", left.as_secs())).unwrap_or_default();
        self.say(format!("Waiting for {}{what}{left}.", and_list(&names)));
    }

    /// The pass this person's seat made, once: what went where (made by
    /// them or, its time run out, by their bot).
    fn tell_pass_made(&mut self, sight: &Sight) {
        let Some(own) = &sight.own else { return };
        // On its way, waiting for the others', or exchanged already.
        let made = own.pending_pass.map(|(cards, _)| cards).or((!own.passed.is_empty()).then_some(own.passed));
        let Some(cards) = made.filter(|_| self.told.passed != sight.hand.number) else { return };
        self.told.passed = sight.hand.number;
        let to = sight.hand.pass_targets.get(own.seat.index()).map(|&seat| sight.name(seat)).unwrap_or_default();
        // In brief, the cards typed are not read back.
        self.say(match self.brief {
            true => format!("Passed to {to}."),
            false => format!("You pass {} to {to}.", self.words.cards(cards.iter())),
        });
    }

    /// What the game asks of this person now (a proposal apart).
    fn asked_now(&self, sight: &Sight) -> Option<Prompted> {
        let own = sight.own.as_ref()?;
        if sight.reading_scores {
            return Some(Prompted::Read(sight.hand.number));
        }
        if let Some(question) = own.question {
            return Some(Prompted::Question(sight.hand.number, question));
        }
        if own.passing && own.pending_pass.is_none() {
            return Some(Prompted::Pass(sight.hand.number));
        }
        if sight.hand.to_act == Some(own.seat) && !own.legal.is_empty() && sight.plays_now() {
            let trick_cards = sight.play.in_progress.len();
            return Some(Prompted::Play(sight.hand.number, sight.play.tricks.len(), trick_cards));
        }
        None
    }

    /// Puts a question in words, with the time left where a turn clock runs.
    fn put(&mut self, sight: &Sight, asked: Option<Prompted>) {
        let Some(own) = &sight.own else { return };
        let w = self.words;
        let brief = self.brief;
        let text = match asked {
            None => return,
            Some(Prompted::Read(_)) => {
                let next = if sight.phase == GamePhase::GameOver { "the final standings" } else { "the next hand" };
                match brief {
                    true => format!("Enter for {next}."),
                    false => format!("Press Enter for {next}."),
                }
            }
            Some(Prompted::Pass(_)) => {
                let target = sight.hand.pass_targets.get(own.seat.index()).map(|&seat| sight.name(seat));
                let count = number_word(sight.hand.pass_count);
                let target = target.unwrap_or_default();
                match brief {
                    true => format!("Pass {count} to {target}.{}", clock(sight)),
                    false => format!(
                        "Pass {count} cards to {target}: type pass and the cards, e.g. pass 2c qs ah.{}",
                        clock(sight)
                    ),
                }
            }
            Some(Prompted::Play(..)) if brief => {
                format!("{}{}", brief_turn(sight, own.legal, own.hand, w), clock(sight))
            }
            Some(Prompted::Play(..)) => {
                let lead = if sight.play.in_progress.is_empty() { "Your lead." } else { "Your turn." };
                format!("{lead} You may play: {}{}", w.by_suit(own.legal.iter()), clock(sight))
            }
            Some(Prompted::Question(_, question)) => {
                let asked = match question {
                    Question::Generale => {
                        "Declare the Generale, promising to take every penalty card? Type yes or no.".to_string()
                    }
                    Question::Bid { least, most } => {
                        format!("Your bid: type bid and a number of chips from {least} to {most}, or pass.")
                    }
                    Question::NameSuit { suggested } => format!(
                        "You won the auction: name the penalty suit, e.g. name {}. Your cards: {}",
                        suggested.name(),
                        w.by_suit(own.hand.iter())
                    ),
                    Question::Moon { points } => format!(
                        "You shot the moon! Type add to give everyone else {points}, or subtract to take {points} off your own score."
                    ),
                };
                format!("{asked}{}", clock(sight))
            }
        };
        self.say(text);
    }

    /// Whether only a yes-or-no question waits for this person's answer
    /// (a saved game to take up, a proposal, the Generale): not while a
    /// card, a pass or another answer is theirs to give too.
    fn asks_yes_or_no(&self, sight: &Sight) -> bool {
        let asked = self.asked_now(sight);
        let generale = asked == Some(Prompted::Question(sight.hand.number, Question::Generale));
        let vote = sight.proposal.as_ref().is_some_and(|proposal| proposal.asked) && asked.is_none();
        self.offer.is_some() || generale || vote
    }

    /// Yes or no to the proposal open; the proposer's no takes it back.
    fn vote(&mut self, yes: bool, sight: &Sight) -> Vec<Request> {
        let asked = sight.proposal.as_ref().is_some_and(|proposal| proposal.asked);
        let withdrawn = !yes && sight.proposal.as_ref().is_some_and(|proposal| proposal.mine);
        if asked || withdrawn {
            return vec![Request::Table(Intent::Vote(yes))];
        }
        self.say("Nothing asks yes or no now.");
        Vec::new()
    }

    /// A typed line: what it asks of the table or the runtime; what it
    /// only looks at is told at once.
    pub fn line(&mut self, text: &str, sight: &Sight) -> Vec<Request> {
        let asked_to_confirm = std::mem::take(&mut self.leaving);
        self.from_ahead = None;
        let command = match parse(text) {
            Ok(command) => command,
            // A yes-or-no question wants one of those, not the list of commands.
            Err(why) if why.ends_with("type help for the commands.") && self.asks_yes_or_no(sight) => {
                self.say("Type yes or no.");
                return Vec::new();
            }
            Err(why)
                if why.ends_with("type help for the commands.") && sight.proposal.as_ref().is_some_and(|p| p.asked) =>
            {
                self.say("Type yes or no to the new game proposed; help tells what else you may type now.");
                return Vec::new();
            }
            Err(why) => {
                self.say(why);
                return Vec::new();
            }
        };
        let table = |intent: Intent| vec![Request::Table(intent)];
        let w = self.words;
        let question = sight.own.as_ref().and_then(|own| own.question);
        match command {
            // Yes keeps quiet until the saved game takes the fresh one's place (see `Room::replace`).
            LineCommand::Yes if self.offer.is_some() => return vec![Request::Resume(Programs::Replace)],
            LineCommand::No if self.offer.is_some() => {
                self.offer = None;
                return vec![Request::DeclineResume];
            }
            _ if self.offer.is_some() => {
                self.say("First: type yes to take up your unfinished game, or no to start a new one.");
                return Vec::new();
            }
            LineCommand::Card(_) | LineCommand::Rank(_) | LineCommand::Pass(_) if sight.own.is_none() => {
                self.say("You are watching: you hold no cards.");
            }
            LineCommand::Card(_) | LineCommand::Rank(_) if sight.is_passing() && sight.pending_pass().is_none() => {
                self.say(format!(
                    "Choose your pass first: type pass and {} cards.",
                    number_word(sight.hand.pass_count)
                ));
            }
            LineCommand::Card(_) | LineCommand::Rank(_) | LineCommand::Joker if question.is_some() => {
                let answer = match question {
                    Some(Question::Generale) => "First answer: type yes or no to the Generale.",
                    Some(Question::Bid { .. }) => "First your bid: type bid and a number, or pass.",
                    Some(Question::NameSuit { .. }) => "First name the penalty suit, e.g. name spades.",
                    _ => "First say how your moon counts: add or subtract.",
                };
                self.say(answer);
            }
            LineCommand::Card(_) | LineCommand::Rank(_) | LineCommand::Joker if sight.reading_scores => {
                let next = if sight.phase == GamePhase::GameOver { "the final standings" } else { "the next hand" };
                self.say(format!("The hand is over: press Enter for {next}."));
            }
            LineCommand::Card(_) | LineCommand::Rank(_) | LineCommand::Joker if ahead_of_turn(sight) => {
                // At most a hand's worth waits (what is held before the exchange and what comes in it).
                let held = sight.own.as_ref().map_or(0, |own| own.hand.len())
                    + if sight.is_passing() || sight.pass_made().is_some() { sight.hand.pass_count } else { 0 };
                if self.ahead.len() >= held {
                    self.say("Every card in your hand is typed ahead already: wait for your turn.");
                } else {
                    self.ahead.push_back((sight.hand.number, text.trim().to_string()));
                    let card = match command {
                        LineCommand::Card(card) => w.card(card),
                        LineCommand::Rank(rank) => format!("the {}", rank_word(rank)),
                        _ => "the joker".to_string(),
                    };
                    self.say(format!("Not your turn yet: {card} waits for it."));
                }
            }
            LineCommand::Joker => {
                let held: Vec<Card> =
                    sight.own.iter().flat_map(|own| own.hand.iter()).filter(|card| card.is_joker()).collect();
                match held.as_slice() {
                    [] => self.say("You hold no joker."),
                    [one] => {
                        self.typed = Some(*one);
                        return table(Intent::Play(*one));
                    }
                    many => self.say(format!("Which joker: {}?", w.cards(many.iter().copied()))),
                }
            }
            LineCommand::Card(card) => {
                self.typed = Some(card);
                return table(Intent::Play(card));
            }
            LineCommand::Rank(rank) => {
                let legal = sight.own.as_ref().map_or(CardSet::EMPTY, |own| own.legal);
                let of_rank: Vec<Card> = legal.iter().filter(|card| !card.is_joker() && card.rank() == rank).collect();
                match of_rank.as_slice() {
                    [one] => {
                        self.typed = Some(*one);
                        return table(Intent::Play(*one));
                    }
                    [] if sight.plays_now() => self.say(format!(
                        "You may play no {} now. You may play: {}",
                        rank_word(rank),
                        w.by_suit(legal.iter())
                    )),
                    [] => self.say("No card is played now."),
                    many => {
                        let cards: Vec<String> = many.iter().map(|&card| w.card(card)).collect();
                        self.say(format!("Which {}: {}?", rank_word(rank), or_list(&cards)));
                    }
                }
            }
            LineCommand::Pass(cards) if cards.is_empty() => {
                if matches!(question, Some(Question::Bid { .. })) {
                    return table(Intent::Bid(None));
                }
                self.say(format!("Type pass and {} cards, e.g. pass 2c qs ah.", number_word(sight.hand.pass_count)));
            }
            LineCommand::Pass(cards) => match pass_refused(sight, &cards, w) {
                Some(why) => self.say(why),
                None => return table(Intent::Pass(cards.into_iter().collect::<CardBag>())),
            },
            LineCommand::Bid(chips) => match question {
                Some(Question::Bid { least, most }) if (least..=most).contains(&chips) => {
                    return table(Intent::Bid(Some(chips)));
                }
                Some(Question::Bid { least, most }) => {
                    self.say(format!("A bid is from {least} to {most} chips; or pass."));
                }
                _ => self.say("Nobody asks you to bid now."),
            },
            LineCommand::Name(suit) => match question {
                Some(Question::NameSuit { .. }) => return table(Intent::NameSuit(suit)),
                _ => self.say("Nobody asks you to name a suit now."),
            },
            LineCommand::Moon(scoring) => match question {
                Some(Question::Moon { .. }) => return table(Intent::ChooseMoon(scoring)),
                _ => self.say("You have no moon to count now."),
            },
            LineCommand::Yes | LineCommand::No => {
                let yes = command == LineCommand::Yes;
                // The game's own question first: a proposal open beside it is answered by agree or decline.
                if question == Some(Question::Generale) {
                    return table(Intent::Declare(yes));
                }
                return self.vote(yes, sight);
            }
            LineCommand::Agree(yes) => return self.vote(yes, sight),
            LineCommand::Continue => {
                if sight.reading_scores {
                    return table(Intent::Continue);
                }
                // Enter alone says again what is asked, and hurries the bots.
                self.told.asked = None;
                return table(Intent::SkipWait);
            }
            LineCommand::Hand => match &sight.own {
                Some(own) => self.say(format!("Your cards: {}", w.marked_by_suit(own.hand.iter(), new_in_hand(own)))),
                None => self.say("You are watching: you hold no cards."),
            },
            LineCommand::Trick => {
                if sight.play.in_progress.is_empty() {
                    self.say("No card is on the table.");
                } else {
                    self.say(format!("On the table: {}.", self.trick_words(sight, &sight.play.in_progress)));
                }
            }
            LineCommand::Last => match sight.play.tricks.last() {
                Some(trick) => {
                    let winner = trick.winner(sight.players()).map(|seat| sight.name(seat));
                    let by = winner.map(|name| format!(", taken by {name}")).unwrap_or_default();
                    self.say(format!("Last trick: {}{by}.", self.trick_words(sight, trick)));
                }
                None => self.say("No trick has been taken this hand."),
            },
            LineCommand::Played => {
                let played: CardSet = sight.play.played;
                self.say(format!("Played this hand: {}", w.by_suit(played.iter())));
            }
            LineCommand::Scores => {
                let points: Vec<String> = Seat::all(sight.players())
                    .filter(|&seat| sight.play.points[seat.index()] != 0)
                    .map(|seat| format!("{} {}", sight.name(seat), sight.play.points[seat.index()]))
                    .collect();
                self.say(format!("Hand {}. Standings: {}.", sight.hand.number, self.standings(sight)));
                if !points.is_empty() {
                    self.say(format!("Points taken this hand: {}.", points.join(", ")));
                }
            }
            LineCommand::Hint => return table(Intent::Hint),
            LineCommand::Undo => {
                // Whatever is taken back, the cards typed to follow it are not played.
                let dropped = self.take_ahead();
                if !dropped.is_empty() {
                    self.say(format!("The cards typed ahead are dropped: {dropped}."));
                }
                return table(Intent::Undo);
            }
            LineCommand::Pace(to) => {
                // The pace chosen at a table of one's own is kept for next time, as the screen's p keeps it.
                let next = to.unwrap_or(sight.speed.next());
                if sight.may.pace.is_err() {
                    return table(Intent::Pace(to));
                }
                self.remembered.pace = Some(next.name().to_string());
                return vec![Request::Table(Intent::Pace(Some(next))), Request::Remember(self.remembered.clone())];
            }
            LineCommand::Say(text) => return table(Intent::Say(text)),
            LineCommand::New if !asked_to_confirm && sight.mid_game() => {
                self.leaving = true;
                let again = match sight.may.start_now {
                    true => "Type new again to leave this game for a new one; this game is kept with your games.",
                    false => "Type new again to propose a new game: it starts once everyone seated agrees.",
                };
                self.say(again);
            }
            LineCommand::New => {
                let setup = sight.setup.clone();
                return table(Intent::NewGame(Box::new(NewGame { setup, deal: None, speed: sight.speed })));
            }
            LineCommand::Replay => return table(Intent::Replay),
            LineCommand::Rules => {
                for line in rules_in_brief(&sight.setup.rules, |card| self.words.card(card)) {
                    self.say(full_sentence(&line));
                }
            }
            LineCommand::Symbols(on) => {
                self.words.symbols = on.unwrap_or(!self.words.symbols);
                let said = if self.words.symbols {
                    "Cards are written as symbols, as in Q♠."
                } else {
                    "Cards are written in words."
                };
                self.say(said);
                self.remembered.line_mode.symbols = Some(self.words.symbols);
                return vec![Request::Remember(self.remembered.clone())];
            }
            LineCommand::Brief(on) => {
                self.brief = on;
                self.say(match on {
                    true => "Brief: each card and trick in the fewest words. Type full for whole sentences.",
                    false => "Full: each event in a whole sentence. Type brief for fewer words.",
                });
                self.remembered.line_mode.brief = Some(on);
                return vec![Request::Remember(self.remembered.clone())];
            }
            LineCommand::DefaultPlain(_) if sight.kind == Kind::Shared => {
                self.say(
                    "That is for hearts at your own terminal; here, ssh -T or plain first asks for the line mode.",
                );
            }
            LineCommand::DefaultPlain(on) => {
                self.say(match on {
                    true => "From now on hearts opens in the line mode; hearts --screen opens the table once.",
                    false => {
                        "From now on hearts opens the table on the screen; hearts --plain opens the line mode once."
                    }
                });
                self.remembered.line_mode.plain = Some(on);
                return vec![Request::Remember(self.remembered.clone())];
            }
            LineCommand::Passed => self.tell_passed(sight),
            LineCommand::Out => {
                let held = sight.own.as_ref().map_or(CardSet::EMPTY, |own| own.hand.cards());
                let out = sight.rules().deck() - sight.play.played - held;
                let whose = if sight.own.is_some() { "Not played and not yours" } else { "Not played yet" };
                self.say(format!("{whose}: {}", w.by_suit(out.iter())));
            }
            LineCommand::Leads => {
                let leader = sight.play.in_progress.cards().first().map(|_| sight.play.in_progress.leader());
                self.say(match (leader, sight.hand.to_act) {
                    (Some(seat), _) if sight.is_mine(seat) => "You led this trick.".to_string(),
                    (Some(seat), _) => format!("{} led this trick.", sight.name(seat)),
                    (None, Some(seat)) if sight.is_mine(seat) && sight.hand.phase == HandPhase::Playing => {
                        "You lead.".to_string()
                    }
                    (None, Some(seat)) if sight.hand.phase == HandPhase::Playing => {
                        format!("{} leads.", sight.name(seat))
                    }
                    _ => "No trick is being played.".to_string(),
                });
            }
            LineCommand::MoreTime => return table(Intent::MoreTime),
            LineCommand::GiveUp => return table(Intent::GiveUpSeat),
            LineCommand::Free(name) => {
                match sight.seats_to_let_go().find(|(_, held)| held.to_lowercase() == name.to_lowercase()) {
                    Some((seat, _)) => return table(Intent::FreeSeat(seat)),
                    None => self.say(format!(
                        "Nobody called {name} is away past their grace: no seat of theirs waits to be let go."
                    )),
                }
            }
            LineCommand::Who => {
                let seats: Vec<String> = Seat::all(sight.players())
                    .map(|seat| {
                        let to_pass = if sight.hand.choosing_pass.contains(&seat) { ", choosing a pass" } else { "" };
                        format!("{}{to_pass} ({} cards)", sight.name(seat), sight.hand.held[seat.index()])
                    })
                    .collect();
                self.say(format!("At the table: {}.", and_list(&seats)));
                if let Some(waiting) = sight.waiting_line() {
                    self.say(full_sentence(&waiting));
                }
            }
            LineCommand::Help { all } => {
                let vote = sight.proposal.as_ref().is_some_and(|proposal| proposal.asked);
                let now = self.asked_now(sight);
                for line in help(sight, now, vote, all) {
                    self.say(line);
                }
            }
            LineCommand::Quit => return vec![Request::Leave],
        }
        Vec::new()
    }
}

/// Whether a card typed now comes before this person's turn in this hand:
/// the cards are being played, or their pass is made, and it is not their
/// turn (no question or scores in the way).
fn ahead_of_turn(sight: &Sight) -> bool {
    let Some(own) = &sight.own else { return false };
    let pass_made = own.pending_pass.is_some() || sight.pass_made().is_some();
    let before_play = sight.hand.phase == HandPhase::Playing || (sight.hand.phase == HandPhase::Passing && pass_made);
    sight.phase == GamePhase::InHand && before_play && !sight.plays_now() && !sight.reading_scores
}

/// Why a pass cannot be made, in a sentence; `None` when it can.
fn pass_refused(sight: &Sight, cards: &[Card], w: CardWords) -> Option<String> {
    let own = sight.own.as_ref()?;
    if !own.passing || own.pending_pass.is_some() {
        return Some("There is no pass to make now.".to_string());
    }
    if cards.len() != sight.hand.pass_count {
        return Some(format!("A pass is {} cards; you named {}.", number_word(sight.hand.pass_count), cards.len()));
    }
    let bag: CardBag = cards.iter().copied().collect();
    if bag.len() != cards.len() {
        return Some("You named a card more times than you hold it.".to_string());
    }
    if !own.hand.includes(bag) {
        let missing: Vec<Card> = cards.iter().copied().filter(|&card| own.hand.count(card) == 0).collect();
        return Some(match missing.as_slice() {
            [] => "You hold each of those cards only once.".to_string(),
            missing => format!("You do not hold {}.", w.cards(missing.iter().copied())),
        });
    }
    None
}

/// The help: first what may be typed now, then the commands of this game
/// (with `all`, every command), a sentence each.
fn help(sight: &Sight, asked: Option<Prompted>, vote: bool, all: bool) -> Vec<String> {
    let rules = sight.rules();
    let mut lines = vec![match asked {
        _ if vote => "Now: type yes or no to the new game proposed.".to_string(),
        Some(Prompted::Play(..)) => "Now: type a card you may play, e.g. qs, 10h or queen of spades.".to_string(),
        Some(Prompted::Pass(_)) => {
            format!("Now: type pass and {} cards, e.g. pass 2c qs ah.", number_word(sight.hand.pass_count))
        }
        Some(Prompted::Read(_)) => "Now: press Enter to read on.".to_string(),
        Some(Prompted::Question(_, Question::Generale)) => "Now: type yes or no to the Generale.".to_string(),
        Some(Prompted::Question(_, Question::Bid { .. })) => {
            "Now: type bid and a number, e.g. bid 3, or pass.".to_string()
        }
        Some(Prompted::Question(_, Question::NameSuit { .. })) => {
            "Now: name the penalty suit, e.g. name spades.".to_string()
        }
        Some(Prompted::Question(_, Question::Moon { .. })) => "Now: type add or subtract.".to_string(),
        None if sight.own.is_none() => "You are watching: nothing is asked of you.".to_string(),
        None => "Nothing is asked of you now: a card typed now waits for your turn.".to_string(),
    }];
    lines.push("hand, trick, last, played, scores and who tell what is on the table.".to_string());
    lines.push("hint asks the expert; undo takes back your last card or pass; say and a message talks.".to_string());
    if all || rules.auction {
        lines.push("In the auction: bid 3, or pass; the winner names the suit, e.g. name spades.".to_string());
    }
    if all || rules.declaration != hearts_engine::Declaration::None {
        lines.push("yes or no declares the Generale, or not.".to_string());
    }
    if all || matches!(rules.moon_in_play(), MoonRule::ShooterChooses | MoonRule::ShooterPicks) {
        lines
            .push("After a moon you shot: add gives the others its points, subtract takes them off yours.".to_string());
    }
    if all {
        lines.extend(
            [
                "A card may be typed as 9c, 10h, qs, 9♣ or queen of spades, or as a rank alone when one card has it.",
                "Typed before your turn, a card waits for it.",
                "cards out tells the cards neither played nor yours; who leads, who led the trick; passed, your pass.",
                "time asks for more time on the turn clock, once a decision.",
                "brief tells each card and trick in the fewest words; full in whole sentences.",
                "pace steps the bots' speed on; pace slow, normal, fast or instant sets it.",
                "symbols writes cards as Q♠; symbols off in words again.",
                "new starts a new game (a proposal where others sit); replay plays the same deals again after a game.",
                "agree or decline answers a new game proposed; default plain opens hearts in this mode from now on.",
                "Enter alone reads on after the scores, or says again what is asked.",
            ]
            .map(str::to_string),
        );
    }
    lines.push(match all {
        true => "rules tells the rules; quit leaves, saving the game.".to_string(),
        false => "rules tells the rules; quit leaves; help all lists every command.".to_string(),
    });
    lines
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

/// How a proposal is answered: yes or no, or (where the Generale asks yes
/// or no too) agree or decline.
fn vote_words(sight: &Sight) -> &'static str {
    match sight.own.as_ref().and_then(|own| own.question) {
        Some(Question::Generale) => "Type agree or decline.",
        _ => "Type yes to agree or no to decline.",
    }
}

/// How long before the turn clock runs out a person is warned.
const CLOCK_WARNING: std::time::Duration = std::time::Duration::from_secs(10);

/// Brief words for a turn: "Your lead.", "Your lead: 2 clubs.", "Your
/// turn, clubs: 3 5 jack.", "Your turn, no clubs."
fn brief_turn(sight: &Sight, legal: CardSet, hand: CardBag, w: CardWords) -> String {
    let jokers = legal.iter().filter(|card| card.is_joker()).count();
    let or_joker = if jokers > 0 { ", or a joker" } else { "" };
    let plain: Vec<Card> = legal.iter().filter(|card| !card.is_joker()).collect();
    match (sight.play.in_progress.led_suit(), plain.as_slice()) {
        (_, [one]) if jokers == 0 => {
            let whose = if sight.play.in_progress.is_empty() { "Your lead" } else { "Your turn" };
            format!("{whose}: {}.", w.short(*one))
        }
        (None, _) => "Your lead.".to_string(),
        (Some(led), cards) if cards.iter().all(|card| card.suit() == led) && !cards.is_empty() => {
            let ranks: Vec<String> = cards.iter().map(|&card| w.rank(card)).collect();
            format!("Your turn, {}: {}{or_joker}.", led.name(), ranks.join(" "))
        }
        (Some(led), _) => {
            let void = hand.iter().all(|card| card.is_joker() || card.suit() != led);
            match void {
                true => format!("Your turn, no {}.", led.name()),
                false => format!("Your turn. You may play: {}", w.by_suit(legal.iter())),
            }
        }
    }
}

/// The turn clock's time left, after a prompt: " You have 20 seconds."
fn clock(sight: &Sight) -> String {
    sight.waiting.turn_left.map(|left| format!(" You have {} seconds.", left.as_secs())).unwrap_or_default()
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
