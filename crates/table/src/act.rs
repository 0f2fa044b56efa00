//! What people may do at the table, and doing it: each intent is checked
//! against the person's place (a watcher changes nothing of the game; what
//! changes the whole table is for a table that is one person's, or needs
//! everyone's yes) and carried out, or refused with the reason.

use std::time::Instant;

use hearts_bots::{Choices, Level, Think, decide};
use hearts_engine::{Action, Card, CardBag, Game, GamePhase, HandPhase, Seat};

use super::chat::{Chat, Said, clean};
use super::clock::Timed;
use super::pace::Pacing;
use super::proposal::{Proposed, kept};
use super::undo::{Undo, UndoPoint};
use super::{
    DealSecret, Effect, Hint, HintRequest, Intent, Kind, NewGame, Notice, Off, PendingPass, Refusal, Table,
    WorkedOutHint, fresh_deal, secret_deal,
};

/// What a person may do now that changes the whole table: each `Ok`, or
/// the reason it is refused.
#[derive(Clone, Debug, PartialEq)]
pub struct May {
    /// Take back their last pass or card.
    pub undo: Result<(), Refusal>,
    /// Deal the hand again.
    pub restart: Result<(), Refusal>,
    /// Change the pace.
    pub pace: Result<(), Refusal>,
    /// Ask for a hint.
    pub hint: Result<(), Refusal>,
    /// Start a new game at once (else it is proposed to the others).
    pub start_now: bool,
}

impl Table {
    /// What person `p` may do now.
    pub(super) fn may(&self, p: usize) -> May {
        let seated = self.seating.people[p].seat.is_some();
        let mine_alone = |timed_too: bool| {
            if !seated {
                Err(Refusal::Watching)
            } else if timed_too && self.timed.is_some() {
                Err(Refusal::RestartOff(Off::Timed))
            } else if !self.seating.alone() {
                Err(Refusal::RestartOff(Off::Shared))
            } else {
                Ok(())
            }
        };
        let undo = mine_alone(true).map_err(|refusal| match refusal {
            Refusal::RestartOff(off) => Refusal::UndoOff(off),
            other => other,
        });
        let pace = mine_alone(false).map_err(|refusal| match refusal {
            Refusal::RestartOff(_) => Refusal::PaceShared,
            other => other,
        });
        let hint = if self.timed.is_some() {
            Err(Refusal::HintsOff(Off::Timed))
        } else if !self.sharing.hints {
            Err(Refusal::HintsOff(Off::Table))
        } else if !seated {
            Err(Refusal::Watching)
        } else {
            Ok(())
        };
        May {
            undo,
            // Dealt again, a hand shows its cards twice: where anyone may sit down later, never.
            restart: if self.kind == Kind::Shared { Err(Refusal::RestartOff(Off::Served)) } else { mine_alone(true) },
            pace,
            hint,
            start_now: seated && (self.finish.is_some() || self.seating.alone()),
        }
    }

    /// Carries out person `p`'s intent, or tells them why not.
    pub(super) fn intent(&mut self, p: usize, intent: Intent, now: Instant) {
        let seat = self.seating.people[p].seat;
        let for_players = !matches!(intent, Intent::Say(_) | Intent::Hold(_) | Intent::Continue);
        if seat.is_none() && for_players {
            if !matches!(intent, Intent::SkipWait) {
                self.tell(p, Notice::Refused(Refusal::Watching));
            }
            return;
        }
        if let Err(refusal) = self.checked(p, &intent, now) {
            self.tell(p, Notice::Refused(refusal));
            return;
        }
        let seat = seat.unwrap_or(super::YOU);
        match intent {
            Intent::SkipWait => self.skip_waits(now),
            Intent::Hold(on) => self.seating.people[p].holding = on,
            Intent::Pass(cards) => self.pass(p, seat, cards, now),
            Intent::Play(card) => self.play(p, seat, card, now),
            Intent::Queue(card) => self.queue(p, seat, card, now),
            Intent::Declare(generale) => {
                if self.game.hand().to_declare() == Some(seat) {
                    self.apply_theirs(Action::Declare { seat, generale }, now);
                }
            }
            Intent::Bid(chips) => {
                if self.game.hand().to_bid() == Some(seat) {
                    self.apply_theirs(Action::Bid { seat, chips }, now);
                }
            }
            Intent::NameSuit(suit) => {
                if self.game.hand().phase() == HandPhase::Naming && self.game.hand().to_act() == seat {
                    self.apply_theirs(Action::NameSuit { seat, suit }, now);
                }
            }
            Intent::ChooseMoon(scoring) => {
                if self.game.phase() == GamePhase::MoonChoice(seat) {
                    self.apply_theirs(Action::ChooseMoon { seat, scoring }, now);
                }
            }
            Intent::Continue => self.continue_after_scores(p),
            Intent::Undo => self.undo(p, seat),
            Intent::RestartHand => self.restart_hand(),
            Intent::PlayOut => self.play_out(now),
            Intent::Pace(to) => {
                let speed = to.unwrap_or(self.pacing.speed().next());
                self.pacing.set_speed(speed);
                self.tell_all(Notice::Paced { speed });
            }
            Intent::Hint => self.hint(p, seat),
            Intent::Say(text) => self.say(p, &text, now),
            Intent::NewGame(game) => {
                if self.may(p).start_now {
                    self.start_game(Some(self.seating.people[p].id), *game, now);
                } else {
                    self.propose(p, Proposed::Game(*game), now);
                }
            }
            Intent::Replay => {
                let game = NewGame {
                    setup: self.setup.clone(),
                    deal: Some(self.kept.secret.code),
                    speed: self.pacing.speed(),
                };
                self.start_game(Some(self.seating.people[p].id), game, now);
            }
            Intent::Vote(yes) => self.vote(p, yes, now),
            Intent::MoreTime => self.more_time(p, now),
            Intent::GiveUpSeat => self.give_up_seat(p, now),
            Intent::FreeSeat(seat) => {
                let name =
                    self.seating.holders[seat.index()].as_ref().map(|holder| holder.name.clone()).unwrap_or_default();
                self.propose(p, Proposed::FreeSeat(seat, name), now);
            }
        }
    }

    /// The refusal of an intent this person may not have now, if any.
    fn checked(&self, p: usize, intent: &Intent, now: Instant) -> Result<(), Refusal> {
        let may = self.may(p);
        match intent {
            Intent::Undo => may.undo,
            Intent::RestartHand => may.restart,
            Intent::Pace(_) => may.pace,
            Intent::Hint => may.hint,
            Intent::PlayOut if !self.can_play_out() => Err(Refusal::PlayOutNotYet),
            Intent::PlayOut if !self.seating.alone() => Err(Refusal::PlayOutShared),
            Intent::Replay if self.finish.is_none() => Err(Refusal::NotOver),
            Intent::Replay if self.kind == Kind::Shared => Err(Refusal::DealChosen),
            Intent::NewGame(game) if game.deal.is_some() && self.kind == Kind::Shared => Err(Refusal::DealChosen),
            Intent::NewGame(_) | Intent::Replay => match &self.proposal {
                Some(proposal) => Err(Refusal::ProposalPending(proposal.by_name.clone())),
                None => Ok(()),
            },
            Intent::Vote(_) if self.proposal.is_none() => Err(Refusal::NoProposal),
            Intent::GiveUpSeat if self.kind == Kind::Local => Err(Refusal::GiveUpLocal),
            Intent::FreeSeat(_) if self.seating.people[p].seat.is_none() => Err(Refusal::Watching),
            Intent::FreeSeat(_) if self.proposal.is_some() => {
                Err(Refusal::ProposalPending(self.proposal.as_ref().map(|p| p.by_name.clone()).unwrap_or_default()))
            }
            Intent::FreeSeat(seat) => match self.seating.holders.get(seat.index()).and_then(Option::as_ref) {
                None => Err(Refusal::NobodysSeat),
                Some(holder) if holder.away_since.is_none() || !self.gone(*seat, now) => {
                    Err(Refusal::SeatWaits(holder.name.clone()))
                }
                Some(_) => Ok(()),
            },
            Intent::MoreTime => match self.seating.people[p].seat.filter(|&seat| self.turn_left(seat, now).is_some()) {
                None => Err(Refusal::NoClock),
                Some(seat) if self.turn.has_added(seat) => Err(Refusal::TimeGiven),
                Some(_) => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// Person `p` asks for more time on the decision the table waits on
    /// from them: as much again as the clock gave it; everyone is told.
    fn more_time(&mut self, p: usize, now: Instant) {
        let Some(seat) = self.seating.people[p].seat else { return };
        let Some(limit) = self.turn_limit(seat) else { return };
        self.turn.add(seat, limit);
        let left = self.turn_left(seat, now).unwrap_or_default();
        self.tell_of(p, |by| Notice::MoreTime { by, left });
    }

    /// Any key or click ends a pace wait, where the table is one person's.
    fn skip_waits(&mut self, now: Instant) {
        if self.seating.alone() {
            self.pacing.skip(now);
        }
    }

    /// Sends `seat`'s pass on its way; it leaves after a pace step, during
    /// which undo takes it back.
    fn pass(&mut self, p: usize, seat: Seat, cards: CardBag, now: Instant) {
        let hand = self.game.hand();
        let valid = cards.len() == hand.pass_count() && hand.hand_of(seat).includes(cards);
        if !self.is_passing(seat) || !valid {
            return;
        }
        self.pending_passes.push(PendingPass { seat, cards, at: self.pacing.pass_leaves(now) });
        self.seating.people[p].hint_asked = None;
        self.kept.people_played = true;
        self.undo.person_moved();
    }

    fn play(&mut self, p: usize, seat: Seat, card: Card, now: Instant) {
        let hand = self.game.hand();
        if !self.plays_now(Some(seat)) {
            let playing = self.game.phase() == GamePhase::InHand && hand.phase() == HandPhase::Playing;
            let refusal = match playing {
                true => Refusal::NotYourTurn(super::lineup::name_for(self, Some(seat), hand.to_act())),
                false => Refusal::NoCardNow,
            };
            self.tell(p, Notice::Refused(refusal));
            return;
        }
        match hand.check_play(seat, card) {
            Ok(()) => self.play_theirs(p, seat, card, now),
            Err(error) => self.tell(p, Notice::Refused(Refusal::Play(error))),
        }
    }

    /// A card for `seat`'s turn, played when it comes (at once if it is
    /// their turn now); `None` drops the card queued.
    fn queue(&mut self, p: usize, seat: Seat, card: Option<Card>, now: Instant) {
        match card {
            Some(card) if self.plays_now(Some(seat)) => self.play(p, seat, card, now),
            Some(card) if self.game.hand().phase() == HandPhase::Playing => self.seating.people[p].queued = Some(card),
            _ => self.seating.people[p].queued = None,
        }
    }

    /// Person `p` has read the hand's scores.
    fn continue_after_scores(&mut self, p: usize) {
        self.seating.people[p].done_with_hand = self.game.hand_number();
    }

    /// Asks for a hint: worked out off the table's thread, so the table
    /// goes on meanwhile.
    fn hint(&mut self, p: usize, seat: Seat) {
        if !self.is_passing(seat) && !self.plays_now(Some(seat)) {
            self.tell(p, Notice::Refused(Refusal::HintNotNow));
            return;
        }
        self.tell(p, Notice::HintWorking);
        if self.seating.people[p].hint_asked != Some(self.generation) {
            self.seating.people[p].hint_asked = Some(self.generation);
            self.kept.hints += 1;
            let request = HintRequest { game: self.game.clone(), seat };
            self.outbox.effect(Effect::WorkOutHint(self.seating.people[p].id, Box::new(request)));
        }
    }

    /// Shows the hint worked out, unless the game has moved on since it
    /// was asked for (or the pass is already on its way).
    pub(super) fn show_hint(&mut self, p: usize, worked: WorkedOutHint) {
        let seat = self.seating.people[p].seat;
        let current = seat == Some(worked.seat) && (self.is_passing(worked.seat) || self.plays_now(seat));
        if self.seating.people[p].hint_asked.is_none() || !worked.fits(&self.game) || !current {
            return;
        }
        self.seating.people[p].hint_asked = None;
        let hint = match worked.advice.map(|advice| advice.choices) {
            Some(Choices::Pass(estimates)) => estimates.first().map(|best| Hint::Pass(best.cards)),
            Some(Choices::Play(estimates)) => estimates.first().map(|best| Hint::Play {
                best: best.card,
                runner_up: estimates.get(1).map(|next| (next.card, best.value - next.value)),
            }),
            None => None,
        };
        if let Some(hint) = hint {
            self.tell(p, Notice::Hint(hint));
        }
    }

    fn undo(&mut self, p: usize, seat: Seat) {
        if let Some(index) = self.pending_passes.iter().position(|pass| pass.seat == seat) {
            let pass = self.pending_passes.remove(index);
            self.undo.count_pass_taken_back();
            self.tell(p, Notice::PassTakenBack { cards: pass.cards });
            return;
        }
        match self.undo.take() {
            Ok(point) => {
                self.restore(&point);
                if let Some(card) = point.card {
                    self.tell(p, Notice::CardTakenBack { card });
                }
            }
            Err(refusal) => self.tell(p, Notice::Refused(refusal)),
        }
    }

    fn restart_hand(&mut self) {
        let start = self.undo.hand_start().clone();
        self.restore(&start);
        self.tell_all(Notice::DealtAgain { hand: self.game.hand_number() });
        self.note_hold_hand();
    }

    fn restore(&mut self, point: &UndoPoint) {
        self.game = point.game.clone();
        self.kept.log.truncate(point.log_len);
        self.generation += 1;
        self.pacing.stop();
        self.pending_passes.clear();
        // A pass dealt again is another wait: its clock and any time asked for start afresh.
        self.turn.reset();
        self.undo.went_back();
        for person in &mut self.seating.people {
            person.queued = None;
            person.hint_asked = None;
        }
    }

    /// Plays the hand out at once when no points are left in it.
    fn play_out(&mut self, now: Instant) {
        let mut player = Level::Easy.bot(self.game.seed(), super::YOU, Think::Samples(1));
        while self.game.phase() == GamePhase::InHand {
            let seat = self.game.hand().to_act();
            let Some(action) = decide(&self.game, seat, player.as_mut()) else { break };
            self.apply(action, now);
        }
        self.pacing.clear_trick();
        self.tell_all(Notice::PlayedOut);
    }

    /// A message to the table from person `p`.
    fn say(&mut self, p: usize, text: &str, now: Instant) {
        let text = clean(text);
        if text.is_empty() {
            return;
        }
        if !Chat::may_send(&mut self.seating.people[p].said_at, now) {
            self.tell(p, Notice::Refused(Refusal::ChatTooFast));
            return;
        }
        self.seating.people[p].said_at.push_back(now);
        let from = self.seating.people[p].name.clone();
        self.chat.keep(Said { from, text, at: now });
    }

    /// Starts `game` at this table (started by `by`, or by the table): the
    /// game left unfinished is kept, the people keep the seats the new
    /// game has, and those whose seat it lacks watch it.
    pub(super) fn start_game(&mut self, by: Option<super::PersonId>, game: NewGame, now: Instant) {
        let NewGame { setup, deal, speed } = game;
        let start = match (deal, self.kind) {
            (Some(deal), _) => Ok(deal),
            (None, Kind::Local) => Ok(fresh_deal()),
            (None, Kind::Shared) => secret_deal().ok_or_else(|| "the system gives no randomness to deal".to_string()),
        };
        let started = start.and_then(|start| {
            Game::starting_at_hand(setup.rules, start.seed, start.hand.max(1) - 1)
                .map(|game| (start, game))
                .map_err(|error| error.to_string())
        });
        let (start, started) = match started {
            Ok(started) => started,
            Err(error) => {
                if let Some(p) = by.and_then(|id| self.seating.index_of(id)) {
                    self.tell(p, Notice::Refused(Refusal::CannotStart(error)));
                }
                return;
            }
        };
        if self.finish.is_none() && self.kept.people_played {
            self.outbox.effect(super::Effect::Ended(Box::new(self.ended(None))));
        }
        let players = setup.rules.player_count();
        let by_name = by.and_then(|id| self.seating.index_of(id)).map(|p| self.seating.people[p].name.clone());
        self.bots.next_game(&setup, start.seed);
        self.timed = Timed::of(&setup.rules);
        self.setup = setup;
        self.game = started;
        self.kept.secret = DealSecret::new(start);
        self.kept.log.clear();
        self.generation += 1;
        self.pacing = Pacing::new(speed);
        self.pending_passes.clear();
        self.undo = Undo::new(&self.game, 0);
        self.kept.hints = 0;
        self.finish = None;
        self.summarised_hand = 0;
        self.turn.reset();
        self.proposal = None;
        self.kept.people_played = false;
        self.seating.holders.resize(players, None);
        self.free_long_away_seats(now);
        let seed = (self.kind == Kind::Local).then_some(start.seed);
        for p in 0..self.seating.people.len() {
            let seat_lost = self.seating.people[p].seat.is_some_and(|seat| !kept(seat, players));
            let person = &mut self.seating.people[p];
            if seat_lost {
                person.seat = None;
            }
            person.done_with_hand = 0;
            person.queued = None;
            person.hint_asked = None;
            // The one who started it is told so as "you", not by their own name.
            let by_name = by_name.clone().filter(|_| by != Some(self.seating.people[p].id));
            self.tell(p, Notice::NewGame { by: by_name, seed, seat_lost });
        }
        self.note_hold_hand();
        self.outbox.effect(super::Effect::Started);
        self.outbox.effect(super::Effect::Save);
        self.watch_presence(now);
    }
}
