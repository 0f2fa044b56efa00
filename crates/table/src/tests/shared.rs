//! A shared table's rules, on the table: a watcher changes nothing of the
//! game, a new game mid-hand is a proposal everyone seated answers, and a
//! seat whose person left waits for them for the grace period before its
//! bot plays, and the turn clock lets a bot move for a person too slow.

use std::time::{Duration, Instant};

use super::super::*;
use hearts_bots::Level;
use hearts_bots::players::Player;
use hearts_engine::{Action, Preset, Rules};

const ANN: PersonId = PersonId(1);
const BOB: PersonId = PersonId(2);
const EVE: PersonId = PersonId(3);

/// A table of four where ann sits at South and bob at West, eve watches,
/// and everyone but bob has passed.
fn ann_and_bob(sharing: Sharing) -> (Table, Instant) {
    let rules = Rules::default();
    let players = vec![Player::Builtin(Level::Normal); rules.player_count()];
    let setup = Setup { rules, label: "black-lady".to_string(), players };
    let now = Instant::now();
    let mut table = Table::shared(setup, DealCode { seed: 5, hand: 1 }, Speed::Instant, Think::Samples(1), sharing)
        .expect("the default rules");
    for (id, name, watch) in [(ANN, "ann", false), (BOB, "bob", false), (EVE, "eve", true)] {
        let arrival = Arrival { id, name: name.to_string(), key: None, watch, in_lines: false, seat_note: None };
        table.update(Message::Arrive(arrival), now);
    }
    let pass = |table: &Table, seat: Seat| {
        let hand = table.game.hand();
        CardBag::from(hand.hand_of(seat).iter().take(hand.pass_count()).collect::<CardSet>())
    };
    let ann_pass = pass(&table, Seat::SOUTH);
    table.update(Message::Intent(ANN, Intent::Pass(ann_pass)), now);
    // The bots of the seats nobody holds pass too: the table waits on bob alone.
    while let Some(job) = table.bot_job(now) {
        table.update(Message::BotDecided(job.run()), now);
    }
    table.take_notices();
    (table, now)
}

fn told(table: &mut Table, id: PersonId) -> Vec<Notice> {
    table.take_notices().into_iter().filter(|(to, _)| *to == id).map(|(_, notice)| notice).collect()
}

fn a_new_game(table: &Table) -> Intent {
    let setup = Setup { rules: Preset::Omnibus.rules(), ..table.setup.clone() };
    Intent::NewGame(Box::new(NewGame { setup, deal: None, speed: Speed::Instant }))
}

#[test]
fn a_watcher_changes_nothing_of_the_game() {
    let (mut table, now) = ann_and_bob(Sharing::default());
    let before = table.game.clone();
    for intent in [Intent::Undo, Intent::Hint, Intent::PlayOut, a_new_game(&table)] {
        table.update(Message::Intent(EVE, intent), now);
        assert_eq!(told(&mut table, EVE), vec![Notice::Refused(Refusal::Watching)]);
    }
    assert_eq!(table.game, before);
    assert!(table.proposal.is_none());
}

#[test]
fn a_new_game_mid_hand_is_proposed_and_starts_once_everyone_seated_says_yes() {
    let (mut table, now) = ann_and_bob(Sharing::default());
    let seed = table.game.seed();
    table.update(Message::Intent(ANN, a_new_game(&table)), now);
    assert!(table.proposal.is_some(), "ann alone may not end a game bob plays");
    assert!(told(&mut table, BOB).iter().any(|notice| matches!(notice, Notice::Proposed { by, .. } if by == "ann")));
    assert_eq!(table.setup.label, "black-lady", "nothing changes before bob answers");
    table.update(Message::Intent(BOB, Intent::Vote(true)), now);
    assert!(table.proposal.is_none());
    assert!(table.setup.rules.omnibus, "the game proposed is under way");
    assert_ne!(table.game.seed(), seed, "a served table deals afresh");
}

#[test]
fn one_no_drops_the_proposal_and_the_game_goes_on() {
    let (mut table, now) = ann_and_bob(Sharing::default());
    table.update(Message::Intent(ANN, a_new_game(&table)), now);
    table.take_notices();
    table.update(Message::Intent(BOB, Intent::Vote(false)), now);
    assert!(table.proposal.is_none());
    assert!(!table.setup.rules.omnibus);
    assert!(told(&mut table, ANN).contains(&Notice::Declined { by: Some("bob".to_string()), freeing: None }));
}

#[test]
fn a_seat_waits_for_its_person_for_the_grace_period_then_its_bot_plays() {
    let grace = Duration::from_secs(60);
    let (mut table, now) = ann_and_bob(Sharing { grace, ..Sharing::default() });
    let west = Seat::new(1).expect("a second seat");
    assert!(table.game.hand().awaits_pass_from(west), "bob has yet to pass");
    table.update(Message::Leave(BOB), now);
    assert!(!table.bot_plays(west, now + grace - Duration::from_secs(1)), "the seat waits for bob");
    assert!(table.bot_plays(west, now + grace), "past the grace, the bot plays for bob");
    table.update(Message::Tick, now + grace);
    let job = table.bot_job(now + grace).expect("west's bot chooses the pass");
    assert_eq!(job.seat(), west);
}

#[test]
fn past_the_turn_clock_the_seats_bot_moves_and_everyone_hears_whose() {
    let clock = Duration::from_secs(20);
    let (mut table, now) = ann_and_bob(Sharing { turn_clock: Some(clock), ..Sharing::default() });
    let west = Seat::new(1).expect("a second seat");
    table.update(Message::Tick, now);
    assert!(table.bot_job(now + clock - Duration::from_secs(1)).is_none(), "bob still has time");
    let later = now + clock;
    table.update(Message::Tick, later);
    let job = table.bot_job(later).expect("the clock ran out on bob");
    assert_eq!(job.seat(), west);
    table.take_notices();
    table.update(Message::BotDecided(job.run()), later);
    let notices = table.take_notices();
    let to = |id: PersonId| notices.iter().filter(move |(to, _)| *to == id).map(|(_, notice)| notice);
    assert!(to(BOB).any(|notice| matches!(notice, Notice::BotActed(Action::Pass { .. }))), "bob hears his bot passed");
    assert!(to(ANN).any(|notice| *notice == Notice::TimedOut { name: "bob".to_string() }), "ann hears whose");
    assert!(!table.game.hand().awaits_pass_from(west));
}

#[test]
fn more_time_is_given_once_a_decision_and_only_to_whoever_is_waited_on() {
    let clock = Duration::from_secs(20);
    let (mut table, now) = ann_and_bob(Sharing { turn_clock: Some(clock), ..Sharing::default() });
    table.update(Message::Tick, now);
    table.update(Message::Intent(ANN, Intent::MoreTime), now);
    assert_eq!(told(&mut table, ANN), vec![Notice::Refused(Refusal::NoClock)], "ann has passed: nobody waits on her");
    table.update(Message::Intent(BOB, Intent::MoreTime), now);
    assert!(
        told(&mut table, ANN)
            .iter()
            .any(|notice| matches!(notice, Notice::MoreTime { by: Some(by), .. } if by == "bob"))
    );
    table.update(Message::Intent(BOB, Intent::MoreTime), now);
    assert_eq!(told(&mut table, BOB), vec![Notice::Refused(Refusal::TimeGiven)]);
    assert!(table.bot_job(now + clock).is_none(), "bob has twice the time now");
    assert!(table.bot_job(now + 2 * clock).is_some());
}
