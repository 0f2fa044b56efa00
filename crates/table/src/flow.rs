//! The flow of the game at the table: passes leaving after their pace
//! step, bots' decisions applied as the pace allows, tricks left on show,
//! hands scored and summarised, the timed game's clock, and what each
//! person is told of each event.

use std::time::Instant;

use hearts_engine::{
    Action, CardBag, CardSet, Event, GamePhase, HandPhase, PassDirection, Seat, TimedFinish, TournamentScore, worth_of,
};

use super::clock::Timed;
use super::kept::action_seat;
use super::notice::sentence;
use super::{Effect, Finish, Notice, PersonId, Table};

impl Table {
    /// Moves the game on as far as it can go at `now`: sends a pass whose
    /// time has come, plays a queued card, applies a bot's decision once
    /// the pace allows, scores and summarises hands, runs the clock out.
    pub(super) fn advance(&mut self, now: Instant) {
        loop {
            if self.finish.is_some() || self.held(now) {
                return;
            }
            if self.timed.is_some_and(|timed| timed.clock.ran_out(now)) {
                self.end(Finish::OutOfTime, now);
                return;
            }
            if let Some(index) = self.pending_passes.iter().position(|pass| pass.at <= now) {
                let pass = self.pending_passes.remove(index);
                self.apply(Action::Pass { seat: pass.seat, cards: pass.cards }, now);
                continue;
            }
            if !self.pending_passes.is_empty() && self.seating.alone() {
                return;
            }
            if self.pacing.showing_trick(now) {
                return;
            }
            self.pacing.clear_trick();
            match self.game.phase() {
                GamePhase::HandOver | GamePhase::GameOver => {
                    if self.summarised_hand != self.game.hand_number() {
                        self.summarised_hand = self.game.hand_number();
                        self.tell_all(Notice::HandScored);
                        if self.game.phase() == GamePhase::GameOver {
                            self.end(Finish::Completed, now);
                            return;
                        }
                    }
                    let overdue = |table: &Table| table.waiting_for(now).iter().all(|&seat| table.overdue(seat, now));
                    if self.game.phase() == GamePhase::HandOver && (self.all_done_with_hand() || overdue(self)) {
                        self.next_hand(now);
                        continue;
                    }
                    return;
                }
                GamePhase::MoonChoice(seat) if !self.bot_plays(seat, now) => return,
                _ => {}
            }
            if self.game.hand().phase() == HandPhase::Passing
                && let Some((generation, action)) = self.pacing.take_decision()
            {
                // Passes are chosen all at once: a bot's may come while a person still chooses. A
                // pass chosen before a person sat down in its seat is not made for them.
                let still_the_bots = action_seat(action).is_none_or(|seat| self.bot_plays(seat, now));
                if generation == self.generation && still_the_bots {
                    self.apply_bots(action, now);
                    continue;
                }
            }
            let Some(seat) = self.seat_to_act() else { return };
            if !self.bot_plays(seat, now) {
                if self.play_queued(seat, now) {
                    continue;
                }
                return;
            }
            let paced = self.game.hand().phase() == HandPhase::Playing;
            if paced && self.pacing.bot_waits(now) {
                return;
            }
            match self.pacing.take_decision() {
                Some((generation, action)) if generation == self.generation => self.apply_bots(action, now),
                _ => return,
            }
        }
    }

    /// The hand's summary is read: the next hand is dealt.
    fn next_hand(&mut self, now: Instant) {
        let hand = self.game.hand_number();
        for person in &mut self.seating.people {
            person.done_with_hand = hand;
        }
        self.free_long_away_seats(now);
        self.apply(Action::NextHand, now);
    }

    /// The game waits on the person in `seat`: plays the card they queued,
    /// if it may be played. Whether the game moved on.
    fn play_queued(&mut self, seat: Seat, now: Instant) -> bool {
        let Some(p) = self.seating.person_in(seat) else { return false };
        let hand = self.game.hand();
        if hand.phase() != HandPhase::Playing {
            return false;
        }
        let Some(card) = self.seating.people[p].queued.take() else { return false };
        match hand.check_play(seat, card) {
            Ok(()) => {
                self.play_theirs(p, seat, card, now);
                self.tell(p, Notice::QueuePlayed);
                true
            }
            Err(why) => {
                self.tell(p, Notice::QueueDropped { card, why });
                false
            }
        }
    }

    /// Person `p` plays `card` from `seat`: what undo goes back to is kept.
    pub(super) fn play_theirs(&mut self, p: usize, seat: Seat, card: hearts_engine::Card, now: Instant) {
        self.undo.before_card(&self.game, self.kept.log.len(), card);
        self.seating.people[p].queued = None;
        self.apply_theirs(Action::Play { seat, card }, now);
        self.undo.person_moved();
    }

    /// Applies a person's own decision.
    pub(super) fn apply_theirs(&mut self, action: Action, now: Instant) {
        self.kept.people_played = true;
        self.apply(action, now);
    }

    /// Applies a bot's decision; a person here whose seat it was is told
    /// the bot acted for them (the turn clock ran out).
    fn apply_bots(&mut self, action: Action, now: Instant) {
        let seat = action_seat(action);
        if let Some(p) = seat.filter(|&seat| self.seating.held_here(seat)).and_then(|seat| self.seating.person_in(seat))
        {
            self.seating.people[p].queued = None;
            self.tell(p, Notice::BotActed(action));
            // The others hear whose bot it was, not only the card.
            let (id, name) = (self.seating.people[p].id, self.seating.people[p].name.clone());
            let others: Vec<PersonId> =
                self.seating.people.iter().map(|person| person.id).filter(|&other| other != id).collect();
            self.outbox
                .notices
                .extend(others.into_iter().map(|other| (other, Notice::TimedOut { name: name.clone() })));
        }
        self.apply(action, now);
    }

    /// The timed game's clock counts the people's thinking only: it runs
    /// while the game waits for a pass, card or moon choice of someone
    /// here, and stands still while bots think and cards are shown.
    pub(super) fn run_clock(&mut self, now: Instant) {
        let theirs = self.finish.is_none() && (0..self.seating.people.len()).any(|p| self.awaits(p, now));
        if let Some(Timed { clock, .. }) = &mut self.timed {
            if theirs { clock.start(now) } else { clock.stop(now) }
        }
    }

    /// Whether the game waits for person `p`'s decision now.
    fn awaits(&self, p: usize, now: Instant) -> bool {
        let Some(seat) = self.seating.people[p].seat else { return false };
        let on_table = !self.pacing.showing_trick(now) && !self.seating.people[p].holding;
        let moon = self.game.phase() == GamePhase::MoonChoice(seat);
        let generale = self.game.phase() == GamePhase::InHand && self.game.hand().to_declare() == Some(seat);
        moon || generale || (on_table && (self.is_passing(seat) || self.plays_now(Some(seat))))
    }

    /// Whether every person here in a seat has closed the summary of the
    /// hand just scored (a person gone does not hold the table).
    fn all_done_with_hand(&self) -> bool {
        let hand = self.game.hand_number();
        self.seating.people.iter().all(|person| person.seat.is_none() || person.done_with_hand >= hand)
    }

    /// The game is over: score a timed game, stop the clock, keep the game.
    fn end(&mut self, finish: Finish, now: Instant) {
        self.finish = Some(finish);
        let totals = *self.game.totals();
        let you = super::YOU;
        let points = totals[you];
        let opponents_points = Seat::all(self.players()).filter(|&s| s != you).map(|s| totals[s]).sum();
        let lowest = self.game.leaders().contains(&you);
        let hands_completed = self.game.history().len() as u32;
        let mid_hand = self.game.phase() == GamePhase::InHand;
        if let Some(Timed { clock, score }) = &mut self.timed {
            clock.stop(now);
            let timed = match finish {
                Finish::Completed => TimedFinish::Completed {
                    points,
                    opponents_points,
                    lowest,
                    seconds_left: clock.left(now).as_secs() as u32,
                },
                Finish::OutOfTime => TimedFinish::OutOfTime { points, hands_completed, mid_hand },
            };
            *score = Some(TournamentScore::of(timed));
        }
        self.proposal = None;
        self.tell_all(Notice::GameOver(finish));
        self.outbox.effect(Effect::Ended(Box::new(self.ended(Some(finish)))));
        self.outbox.effect(Effect::Save);
    }

    /// Applies an action to the game and updates the table around it.
    pub(super) fn apply(&mut self, action: Action, now: Instant) {
        let event = match self.game.apply(action) {
            Ok(event) => event,
            Err(error) => {
                self.tell_all(Notice::ActionFailed(sentence(&error.to_string())));
                return;
            }
        };
        self.kept.log.push(action);
        self.generation += 1;
        self.pacing.drop_decision();
        let by_a_person = match action {
            Action::Pass { seat, .. } | Action::Play { seat, .. } => self.seating.held_here(seat),
            _ => false,
        };
        if !by_a_person && !matches!(action, Action::Pass { .. }) {
            self.undo.others_moved();
        }
        if let Some(p) = action_seat(action).and_then(|seat| self.seating.person_in(seat)) {
            self.seating.people[p].queued = None;
        }
        match event {
            Event::PassChosen => {}
            Event::CardsExchanged => {
                self.undo.exchanged();
                self.tell_each(|table, seat| {
                    let Some(seat) = seat else { return Some(Notice::Exchanged) };
                    let hand = table.game.hand();
                    let from = Seat::all(table.players()).find(|&s| hand.pass_target(s) == seat).unwrap_or(seat);
                    Some(Notice::Received { cards: hand.received_cards(seat), from })
                });
                self.outbox.effect(Effect::Save);
            }
            Event::CardPlayed => {
                self.note_draw();
                self.pacing.card_shown(now);
            }
            Event::Declared { seat, generale } => {
                if generale {
                    self.tell_all(Notice::Declared { seat, points: self.setup.rules.penalty_total() });
                }
                self.pacing.card_shown(now);
                self.outbox.effect(Effect::Save);
            }
            Event::Bid { seat, chips } => {
                self.tell_all(Notice::Bid { seat, chips });
                self.pacing.card_shown(now);
                self.outbox.effect(Effect::Save);
            }
            Event::SuitNamed { seat, suit } => {
                self.tell_all(Notice::SuitNamed { seat, suit });
                self.pacing.card_shown(now);
                self.outbox.effect(Effect::Save);
            }
            Event::TrickRolledOver => {
                self.tell_all(Notice::TrickRolledOver { cards: self.game.hand().waiting().len() });
                self.pacing.trick_shown(now);
                self.outbox.effect(Effect::Save);
            }
            Event::TrickTaken(_) | Event::HandScored | Event::GameOver | Event::MoonChoiceNeeded(_) => {
                self.note_widow_taken();
                self.note_stock_taken();
                self.pacing.trick_shown(now);
                self.outbox.effect(Effect::Save);
            }
            Event::HandDealt => {
                self.tell_all(Notice::HandDealt);
                for person in &mut self.seating.people {
                    person.queued = None;
                    person.hint_asked = None;
                }
                self.undo.hand_dealt(&self.game, self.kept.log.len());
                self.note_hold_hand();
                self.outbox.effect(Effect::Save);
            }
        }
    }

    /// Domino: the seat now to play could not follow and drew. Its player
    /// sees the cards; the others, how many.
    fn note_draw(&mut self) {
        let Some((seat, drawn)) = self.game.last_draw() else { return };
        let count = drawn.len();
        let left = self.game.hand().stock().len();
        self.tell_each(|_, viewer| {
            let cards = (viewer == Some(seat)).then(|| CardBag::from(drawn));
            Some(Notice::Drew { seat, count, left, cards })
        });
    }

    /// Domino: the hand ended with one player holding cards, who took them
    /// and the stock; or the game ended in the middle of the hand.
    fn note_stock_taken(&mut self) {
        let hand = self.game.hand();
        if !self.setup.rules.domino || hand.phase() != HandPhase::Finished {
            return;
        }
        let played: CardSet = self.game.tricks().iter().fold(CardSet::EMPTY, |all, trick| all | trick.card_set());
        let Some(taker) = Seat::all(self.players()).find(|&s| !(hand.taken(s) - played).is_empty()) else {
            let cards_left = Seat::all(self.players()).any(|s| !hand.holding(s).is_empty());
            if self.game.phase() == GamePhase::GameOver && cards_left {
                self.tell_all(Notice::EndsMidHand { target: self.setup.rules.target_score });
            }
            return;
        };
        let cards = hand.taken(taker) - played;
        // What the stock added to the taker's take, by the hand's scoring.
        let rules = &self.setup.rules;
        let whole = hand.taken_cards(taker);
        let suit = hand.named_suit();
        let points = worth_of(rules, suit, whole) - worth_of(rules, suit, whole.less(CardBag::from(cards)));
        // What the stock still held: as dealt, less every card drawn. The
        // rest of what the taker took was its own hand.
        let dealt = hearts_engine::Deal::for_hand(&self.setup.rules, self.game.seed(), self.game.hand_number() - 1);
        let stock_left = self.game.draws().iter().fold(dealt.kitty, |stock, draw| stock - draw.cards);
        let won_last_trick = (cards - stock_left).is_empty();
        self.tell_all(Notice::StockTaken { seat: taker, won_last_trick, cards: cards.len(), points });
    }

    /// The trick just taken carried the kitty: its taker alone sees it.
    fn note_widow_taken(&mut self) {
        let hand = self.game.hand();
        // The trick just taken carried it (with two packs, perhaps after the first trick waited).
        let Some(taker) = self.game.takes().last().filter(|take| take.kitty).and_then(|take| take.taker) else {
            return;
        };
        let kitty = hand.kitty_cards();
        self.tell_each(|_, viewer| {
            let cards = (viewer == Some(taker)).then_some(kitty);
            Some(Notice::WidowTaken { seat: taker, count: kitty.len(), cards })
        });
    }

    /// A hand without passing has begun: everyone is told why.
    pub(super) fn note_hold_hand(&mut self) {
        let hand = self.game.hand();
        if hand.phase() == HandPhase::Playing && hand.tricks_played() == 0 && hand.trick().is_empty() {
            let hold = self.setup.rules.pass_count != 0 && hand.pass_direction() == PassDirection::Hold;
            self.tell_all(Notice::NoPassing { hold });
        }
    }
}
