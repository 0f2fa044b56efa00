//! The table's own rules, on the table: undo, the timed game's clock and
//! what a timed game turns off, at the terminal's own table (you at South
//! against bots), driven by intents and time alone.

use std::time::{Duration, Instant};

use super::super::*;
use hearts_bots::Level;
use hearts_bots::players::Player;
use hearts_engine::{Card, HandPhase, Preset, Rules};

/// You at South against `normal` bots, with the clock in the test's hand.
struct Local {
    table: Table,
    now: Instant,
}

impl Local {
    fn new(rules: Rules, seed: u64, speed: Speed) -> Local {
        let players = vec![Player::Builtin(Level::Normal); rules.player_count()];
        let setup = Setup { rules, label: "test".to_string(), players };
        let table = Table::local(setup, DealCode { seed, hand: 1 }, speed, Think::Samples(1)).unwrap();
        Local { table, now: Instant::now() }
    }

    fn intend(&mut self, intent: Intent) {
        self.table.update(Message::Intent(PersonId::LOCAL, intent), self.now);
    }

    /// Time passes.
    fn wait(&mut self, time: Duration) {
        self.now += time;
        self.table.update(Message::Tick, self.now);
    }

    /// One bot decision, if one is due now.
    fn bot_acts(&mut self) -> bool {
        match self.table.bot_job(self.now) {
            Some(job) => {
                self.table.update(Message::BotDecided(job.run()), self.now);
                true
            }
            None => false,
        }
    }

    /// The bots decide and time passes until the game waits for you.
    fn until_yours(&mut self) {
        for _ in 0..500 {
            if self.table.waiting_for(self.now).contains(&YOU) {
                return;
            }
            if !self.bot_acts() {
                self.wait(Duration::from_millis(100));
            }
        }
        panic!("the game never came back to you");
    }

    /// The notices made for you since last asked.
    fn told(&mut self) -> Vec<Notice> {
        self.table.take_notices().into_iter().map(|(_, notice)| notice).collect()
    }

    /// Your lowest cards, as many as a pass takes.
    fn a_pass(&self) -> CardBag {
        let hand = self.table.game.hand();
        CardBag::from(hand.hand_of(YOU).iter().take(hand.pass_count()).collect::<CardSet>())
    }

    /// A card you may play now.
    fn a_card(&self) -> Card {
        self.table.game.hand().legal_moves().iter().next().expect("a legal card")
    }
}

#[test]
fn undo_takes_back_a_pass_while_it_is_on_its_way() {
    let mut local = Local::new(Rules::default(), 42, Speed::Normal);
    let pass = local.a_pass();
    local.intend(Intent::Pass(pass));
    assert!(local.table.pending_pass(YOU).is_some(), "the pass is on its way");
    local.told();
    local.intend(Intent::Undo);
    assert_eq!(local.table.pending_pass(YOU), None);
    assert!(local.table.is_passing(YOU), "you choose your pass again");
    assert_eq!(local.told(), vec![Notice::PassTakenBack { cards: pass }]);
    assert_eq!(local.table.undo.taken(), 1);
}

#[test]
fn a_pass_whose_cards_have_arrived_stays_made() {
    let mut local = Local::new(Rules::default(), 42, Speed::Instant);
    local.intend(Intent::Pass(local.a_pass()));
    // The bots pass, the cards change hands, and nobody has played yet.
    while local.table.game.hand().phase() == HandPhase::Passing {
        if !local.bot_acts() {
            local.wait(Duration::from_millis(100));
        }
    }
    assert!(local.table.game.hand().received(YOU).len() == 3 && local.table.game.hand().trick().is_empty());
    local.told();
    local.intend(Intent::Undo);
    let refused = Notice::Refused(Refusal::CannotUndo("the cards passed to you are in your hand"));
    assert_eq!(local.told(), vec![refused]);
    assert_eq!(local.table.undo.taken(), 0);
}

#[test]
fn undo_takes_back_your_card_until_another_seat_plays() {
    for seed in 1..50 {
        let mut local = Local::new(Rules::default(), seed, Speed::Instant);
        local.intend(Intent::Pass(local.a_pass()));
        local.until_yours();
        let trick = local.table.game.hand().trick().len();
        if trick + 1 >= local.table.players() {
            continue; // your card would end the trick
        }
        let before = local.table.game.clone();
        let card = local.a_card();
        local.intend(Intent::Play(card));
        assert_ne!(local.table.game, before);
        local.told();
        local.intend(Intent::Undo);
        assert_eq!(local.table.game, before, "the game is back where it was");
        assert_eq!(local.told(), vec![Notice::CardTakenBack { card }]);
        local.intend(Intent::Play(card));
        assert!(local.bot_acts(), "the next seat is a bot's");
        local.told();
        local.intend(Intent::Undo);
        assert_eq!(local.told(), vec![Notice::Refused(Refusal::CannotUndo("other players have played since"))]);
        assert_eq!(local.table.undo.taken(), 1);
        return;
    }
    panic!("no seed gave a trick your card would not end");
}

#[test]
fn the_timed_clock_counts_your_thinking_and_not_the_bots_pace() {
    let mut local = Local::new(Preset::Worldwinner.rules(), 42, Speed::Slow);
    let left = |local: &Local| local.table.timed.expect("a timed game").clock.left(local.now);
    local.wait(Duration::from_millis(1));
    let start = left(&local);
    local.wait(Duration::from_secs(5));
    assert_eq!(start - left(&local), Duration::from_secs(5), "your pass counts");
    let thinking = left(&local);
    local.intend(Intent::Pass(local.a_pass()));
    // The pass on its way and the bots' cards at the slow pace.
    local.until_yours();
    assert_eq!(local.table.game.hand().phase(), HandPhase::Playing);
    assert_eq!(left(&local), thinking, "the bots' pace and the pass in flight cost you nothing");
}

#[test]
fn a_timed_game_has_no_undo_and_no_hints() {
    let mut local = Local::new(Preset::Worldwinner.rules(), 42, Speed::Instant);
    local.intend(Intent::Undo);
    local.intend(Intent::Hint);
    let refused = vec![Notice::Refused(Refusal::UndoOff(Off::Timed)), Notice::Refused(Refusal::HintsOff(Off::Timed))];
    assert_eq!(local.told(), refused);
}

/// The hint asked for, handed to the runtime to work out.
fn hint_requested(local: &mut Local) -> Box<HintRequest> {
    local.intend(Intent::Hint);
    let request = local.table.take_effects().into_iter().find_map(|effect| match effect {
        Effect::WorkOutHint(_, request) => Some(request),
        _ => None,
    });
    request.expect("the hint is handed to the runtime to work out")
}

/// The hint asked for, worked out as the runtime would (off the table's
/// thread) and taken back to the table: what you are told.
fn hint_for(local: &mut Local) -> Vec<Notice> {
    local.told();
    let request = hint_requested(local);
    local.table.update(Message::HintWorkedOut(PersonId::LOCAL, Box::new(request.work_out())), local.now);
    local.told()
}

#[test]
fn a_hint_is_worked_out_off_the_table_and_counted() {
    let mut local = Local::new(Rules::default(), 42, Speed::Instant);
    let told = hint_for(&mut local);
    assert_eq!(told.first(), Some(&Notice::HintWorking));
    assert!(matches!(told.last(), Some(Notice::Hint(Hint::Pass(cards))) if cards.len() == 3), "{told:?}");
    assert_eq!(local.table.kept.hints, 1);
}

#[test]
fn a_hint_asked_again_while_it_is_worked_out_is_asked_once() {
    let mut local = Local::new(Rules::default(), 42, Speed::Instant);
    local.intend(Intent::Hint);
    local.intend(Intent::Hint);
    let asked = local.table.take_effects().into_iter().filter(|effect| matches!(effect, Effect::WorkOutHint(..)));
    assert_eq!(asked.count(), 1);
    assert_eq!(local.table.kept.hints, 1);
}

#[test]
fn a_hint_for_a_position_the_game_has_left_is_dropped() {
    let mut local = Local::new(Rules::default(), 42, Speed::Instant);
    let worked = hint_requested(&mut local).work_out();
    local.intend(Intent::Pass(local.a_pass()));
    local.told();
    local.table.update(Message::HintWorkedOut(PersonId::LOCAL, Box::new(worked)), local.now);
    assert!(!local.told().iter().any(|notice| matches!(notice, Notice::Hint(_))), "the pass is on its way");
}

#[test]
fn a_hint_not_worked_out_is_told_why() {
    let mut local = Local::new(Rules::default(), 42, Speed::Instant);
    local.intend(Intent::Hint);
    local.told();
    local.table.update(Message::HintFailed(PersonId::LOCAL, HintFailure::Busy), local.now);
    assert_eq!(local.told(), vec![Notice::HintFailed(HintFailure::Busy)]);
}
