//! A typed line read as a command to the table, and a yes or no to a
//! question.

use crate::request::Request;
use crate::words::rules::rules_in_brief;
use hearts_engine::{Card, CardBag, CardSet, GamePhase, HandPhase, Seat};
use hearts_table::intent::NewGame;
use hearts_table::saved::Programs;
use hearts_table::sight::Question;
use hearts_table::{Intent, Kind, Sight};

use crate::line::cards::{CardWords, and_list, rank_word};
use crate::line::command::{LineCommand, parse};

use super::*;

impl Narrator {
    /// Yes or no to the proposal open; the proposer's no takes it back.
    pub(super) fn vote(&mut self, yes: bool, sight: &Sight) -> Vec<Request> {
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
pub(super) fn ahead_of_turn(sight: &Sight) -> bool {
    let Some(own) = &sight.own else { return false };
    let pass_made = own.pending_pass.is_some() || sight.pass_made().is_some();
    let before_play = sight.hand.phase == HandPhase::Playing || (sight.hand.phase == HandPhase::Passing && pass_made);
    sight.phase == GamePhase::InHand && before_play && !sight.plays_now() && !sight.reading_scores
}

/// Why a pass cannot be made, in a sentence; `None` when it can.
pub(super) fn pass_refused(sight: &Sight, cards: &[Card], w: CardWords) -> Option<String> {
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
