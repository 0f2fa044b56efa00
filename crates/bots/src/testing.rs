//! Helpers for tests here and in the crates above (the `testing`
//! feature): a whole game played by bots, as its record.

use hearts_engine::{Action, Game, GamePhase, Rules, Seat};

use crate::players::Level;
use crate::record::{DealCode, GameRecord, SeatRecord};
use crate::{Think, decide, seat_to_act};

/// A whole game played by bots, as a record (for tests and examples):
/// `level` chooses each seat's bot, and the seats are named as `players`
/// says (the first one may be `human`). Panics if the rules make no game.
pub fn bot_game(rules: Rules, seed: u64, level: impl Fn(Seat) -> Level, players: &[&str]) -> GameRecord {
    let mut game = Game::new(rules, seed).unwrap();
    let seats = Seat::all(rules.player_count());
    let mut bots: Vec<_> = seats.clone().map(|s| level(s).bot(seed, s, Think::Samples(1))).collect();
    let mut actions = Vec::new();
    while game.phase() != GamePhase::GameOver {
        let action = match seat_to_act(&game) {
            Some(seat) => decide(&game, seat, bots[seat.index()].as_mut()).unwrap(),
            None => Action::NextHand,
        };
        game.apply(action).unwrap();
        actions.push(action);
    }
    let seats = seats.map(|s| SeatRecord {
        seat: s.index(),
        name: format!("seat {}", s.index()),
        player: players[s.index()].into(),
    });
    GameRecord::of_actions(rules, DealCode { seed, hand: 1 }, seats.collect(), &actions).unwrap()
}
