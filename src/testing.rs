//! What the crate's tests share.

use hearts_bots::record::{DealCode, GameRecord, SeatRecord};
use hearts_engine::{Action, Game, GamePhase, Seat};

/// A whole game played by bots, as a record, for tests across the crate:
/// `level` chooses each seat's bot, and the seats named `players` (the
/// first one may be `human`).
pub(crate) fn bot_game(
    rules: hearts_engine::Rules,
    seed: u64,
    level: impl Fn(Seat) -> hearts_bots::players::Level,
    players: &[&str],
) -> GameRecord {
    use hearts_bots::{Think, decide, seat_to_act};
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
