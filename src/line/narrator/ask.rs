//! What the game asks of this person now, and when they must answer; the
//! help that lists what they may type.

use hearts_engine::{Card, CardBag, CardSet, GamePhase, HandPhase, MoonRule, Seat};
use hearts_table::Sight;
use hearts_table::sight::Question;

use crate::line::cards::{CardWords, and_list};
use hearts_table::notice::sentence;

use super::*;

impl Narrator {
    /// Asks what the game asks of this person now, once; a proposal is
    /// put to them beside it (their turn is still said); they are told
    /// when their turn clock runs low, of the pass they made, and whom
    /// the table waits for once it waits on others.
    pub(super) fn ask(&mut self, sight: &Sight) {
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
    pub(super) fn warn(&mut self, sight: &Sight, asked: Option<Prompted>) {
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
    pub(super) fn tell_waiting(&mut self, sight: &Sight, asked: Option<Prompted>) {
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
    pub(super) fn tell_pass_made(&mut self, sight: &Sight) {
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
    pub(super) fn asked_now(&self, sight: &Sight) -> Option<Prompted> {
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
    pub(super) fn put(&mut self, sight: &Sight, asked: Option<Prompted>) {
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
    pub(super) fn asks_yes_or_no(&self, sight: &Sight) -> bool {
        let asked = self.asked_now(sight);
        let generale = asked == Some(Prompted::Question(sight.hand.number, Question::Generale));
        let vote = sight.proposal.as_ref().is_some_and(|proposal| proposal.asked) && asked.is_none();
        self.offer.is_some() || generale || vote
    }
}

/// The help: first what may be typed now, then the commands of this game
/// (with `all`, every command), a sentence each.
pub(super) fn help(sight: &Sight, asked: Option<Prompted>, vote: bool, all: bool) -> Vec<String> {
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

/// Brief words for a turn: "Your lead.", "Your lead: 2 clubs.", "Your
/// turn, clubs: 3 5 jack.", "Your turn, no clubs."
pub(super) fn brief_turn(sight: &Sight, legal: CardSet, hand: CardBag, w: CardWords) -> String {
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

/// How a proposal is answered: yes or no, or (where the Generale asks yes
/// or no too) agree or decline.
pub(super) fn vote_words(sight: &Sight) -> &'static str {
    match sight.own.as_ref().and_then(|own| own.question) {
        Some(Question::Generale) => "Type agree or decline.",
        _ => "Type yes to agree or no to decline.",
    }
}

/// How long before the turn clock runs out a person is warned.
pub(super) const CLOCK_WARNING: std::time::Duration = std::time::Duration::from_secs(10);

/// The turn clock's time left, after a prompt: " You have 20 seconds."
pub(super) fn clock(sight: &Sight) -> String {
    sight.waiting.turn_left.map(|left| format!(" You have {} seconds.", left.as_secs())).unwrap_or_default()
}
