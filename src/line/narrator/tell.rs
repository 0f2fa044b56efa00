//! What happened, told once: the deal, the passes, each card played, each
//! trick taken, the hand's scores and the game's end.

use crate::words::hand::hand_events;
use hearts_engine::{CardBag, GamePhase, HandPhase, HandRecord, Seat, Trick};
use hearts_table::sight::AtSeat;
use hearts_table::{DealShown, Kind, Sight};

use crate::line::cards::and_list;
use hearts_table::notice::sentence;

use super::*;

impl Narrator {
    /// Tells the plays since last told: a new hand, each card, each trick
    /// taken, the penalty suit broken.
    pub(super) fn catch_up(&mut self, sight: &Sight) {
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
    pub(super) fn tell_messages(&mut self, sight: &Sight) {
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
    pub(super) fn tell_where(&mut self, sight: &Sight) {
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
    pub(super) fn tell_deal(&mut self, sight: &Sight) {
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
    pub(super) fn tell_passed(&mut self, sight: &Sight) {
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
    pub(super) fn tell_received(&mut self, sight: &Sight, cards: CardBag, from: Seat) {
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
    pub(super) fn tell_plays(&mut self, sight: &Sight, trick: &Trick, skip: usize) {
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
    pub(super) fn tell_broken(&mut self, sight: &Sight) {
        if sight.play.hearts_broken && !self.told.broken && sight.setup.rules.must_break_hearts {
            let suit = sentence(sight.play.penalty_suit.name());
            self.say(if self.brief { format!("{suit} broken.") } else { format!("{suit} are broken.") });
        }
        self.told.broken |= sight.play.hearts_broken;
    }

    /// The pairs the hand's `index`th trick cancelled, who took it, with
    /// what, and what it was worth to them (the table's own count of
    /// their take: bonus cards, both copies, the cards that waited).
    pub(super) fn tell_taken(&mut self, sight: &Sight, index: usize) {
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
    pub(super) fn trick_words(&self, sight: &Sight, trick: &Trick) -> String {
        let plays: Vec<String> = trick
            .plays(sight.players())
            .map(|(seat, card)| format!("{} {}", sight.name(seat), self.words.card(card)))
            .collect();
        plays.join(", ")
    }

    /// The hand's scores, once.
    pub(super) fn tell_scores(&mut self, sight: &Sight) {
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
    pub(super) fn score_lines(&self, sight: &Sight, record: &HandRecord) -> Vec<String> {
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
    pub(super) fn standings(&self, sight: &Sight) -> String {
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
    pub(super) fn tell_game_over(&mut self, sight: &Sight) {
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
}
