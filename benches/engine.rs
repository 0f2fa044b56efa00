//! Engine speed: move generation (perft), copy-and-play as a search does,
//! and whole random games. Run with `cargo bench`.

use divan::{Bencher, black_box};
use hearts_engine::perft::perft;
use hearts_engine::{Action, Deal, Event, Game, GamePhase, GameRng, Hand, HandPhase, PassDirection, Rules, Seat};

fn main() {
    divan::main();
}

fn opening(seed: u64) -> Hand {
    let rules = Rules::default();
    Hand::new(&rules, Deal::for_hand(&rules, seed, 0), PassDirection::Hold)
}

/// Perft from the opening of a seeded deal: legal-move generation plus a
/// play taken back at every node.
#[divan::bench(args = [6, 8, 10])]
fn perft_opening(bencher: Bencher, depth: u32) {
    let hand = opening(42);
    bencher
        .counter(divan::counter::ItemsCount::new(perft(&hand, depth) as usize))
        .bench(|| perft(black_box(&hand), depth));
}

/// One hand played out by copying the position and playing the lowest
/// legal card, as a playout in a search does.
#[divan::bench]
fn playout_one_hand(bencher: Bencher) {
    let hand = opening(7);
    bencher.counter(divan::counter::ItemsCount::new(52usize)).bench(|| {
        let mut position = *black_box(&hand);
        while let Some(card) = position.legal_moves().lowest() {
            position.play(position.to_act(), card).unwrap();
        }
        position
    });
}

/// A whole game to 100 with random legal passes and plays through
/// `Game::apply`, scoring included.
#[divan::bench]
fn random_game(bencher: Bencher) {
    let mut seed = 0;
    bencher.bench_local(|| {
        seed += 1;
        let mut game = Game::new(Rules::default(), seed).unwrap();
        let mut rng = GameRng::new(seed, 99);
        loop {
            match game.phase() {
                GamePhase::GameOver => break game.history().len(),
                GamePhase::HandOver => {
                    game.apply(Action::NextHand).unwrap();
                }
                GamePhase::MoonChoice(_) => unreachable!("the default moon rule never asks"),
                GamePhase::InHand => {
                    if game.hand().phase() == HandPhase::Passing {
                        for seat in Seat::all(4) {
                            let cards = game.hand().holding(seat).iter().take(3).collect();
                            game.apply(Action::Pass { seat, cards }).unwrap();
                        }
                    }
                    let legal = game.legal_moves();
                    let card = legal.iter().nth(rng.below(legal.len() as u32) as usize).unwrap();
                    let seat = game.hand().to_act();
                    if let Event::GameOver = game.apply(Action::Play { seat, card }).unwrap() {
                        break game.history().len();
                    }
                }
            }
        }
    });
}
