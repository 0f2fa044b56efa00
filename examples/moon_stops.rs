//! Could the seat under study have stopped the moons it let through, had
//! it known every card? Reads a record of `hearts sim` at the default
//! rules, the other seats played by levels that choose without chance (so
//! their choices replay exactly, and are checked to), and, for each moon
//! another seat shot, searches every line of play of the studied seat from
//! the first trick, the others answering as their level does. It reports
//! how many moons a line stops; the last decision of the game as played
//! from which one still did, with the shooter's points then; and the
//! points a fresh search of the expert's at its default budget expects
//! there for the card played (its own seed, not the one that chose the
//! card), whether `hard` in every seat still plays the moon out from the
//! true deal after that card, and whether the expert's search stops the
//! moon when shown the true deal at each of the seat's decisions (from the
//! last chance on, and from the hand's first decision), or shown only the
//! shooter's hand (from the first decision): what a defence
//! could still have done, how late, whether the search sees the moon
//! coming, and if not, whether its worlds or its playouts hide it.
//!
//! ```sh
//! hearts sim --hands 1000 --seed 1 --duplicate expert,shooter --threads 2 --record moons.jsonl
//! cargo run --release --example moon_stops -- moons.jsonl expert
//! ```
//! (The pass is taken as made: only the play is searched.)

use std::io::BufRead;

use hearts_bots::record::GameRecord;
use hearts_bots::{Bot, DEFAULT_SAMPLES, Goal, Level, SeatView, Think, evaluate_plays, evaluate_plays_in_world};
use hearts_engine::{Action, Card, Game, Hand, HandPhase, HandResult, Rules, Seat, Trick};

/// Positions searched per question before it is left undecided.
const NODE_LIMIT: u64 = 3_000_000;

/// One hand as it began its play, and who is who in it.
struct Moon<'a> {
    game: &'a Game,
    studied: Seat,
    shooter: Seat,
    bots: Vec<Box<dyn Bot>>,
    nodes: u64,
}

impl Moon<'_> {
    /// Whether some line of the studied seat from `hand` gets a point to a
    /// seat other than the shooter; `None` past the node limit.
    fn stoppable(&mut self, mut hand: Hand, mut tricks: Vec<Trick>) -> Option<bool> {
        loop {
            let rules = self.game.rules();
            let others_scored = Seat::all(rules.player_count())
                .filter(|&seat| seat != self.shooter)
                .any(|seat| !(hand.taken(seat) & hand.penalty_cards()).is_empty());
            if others_scored {
                return Some(true);
            }
            if hand.phase() != HandPhase::Playing {
                return Some(false);
            }
            self.nodes += 1;
            if self.nodes > NODE_LIMIT {
                return None;
            }
            let seat = hand.to_act();
            if seat == self.studied {
                let mut undecided = false;
                for card in hand.legal_moves().iter() {
                    let (next, next_tricks) = played(hand, tricks.clone(), card);
                    match self.stoppable(next, next_tricks) {
                        Some(true) => return Some(true),
                        Some(false) => {}
                        None => undecided = true,
                    }
                }
                return if undecided { None } else { Some(false) };
            }
            let card = self.bots[seat.index()].play(&view_of(self.game, &hand, &tricks, seat));
            (hand, tricks) = played(hand, tricks, card);
        }
    }
}

/// The view of `seat` in `game`'s hand as it stands in `hand`.
fn view_of<'a>(game: &'a Game, hand: &Hand, tricks: &'a [Trick], seat: Seat) -> SeatView<'a> {
    SeatView::of_hand(game.rules(), hand, tricks, seat, *game.totals(), game.hand_number())
}

/// The hand and its completed tricks after `card` is played.
fn played(mut hand: Hand, mut tricks: Vec<Trick>, card: Card) -> (Hand, Vec<Trick>) {
    hand.play(hand.to_act(), card).expect("a legal card");
    if hand.tricks_played() > tricks.len()
        && let Some(trick) = hand.last_trick()
    {
        tricks.push(*trick);
    }
    (hand, tricks)
}

/// The last decision of the game as played from which some line of the
/// studied seat's still stopped a moon, and what the search made of it.
struct LastChance {
    /// Its trick, from 0.
    trick: usize,
    /// The shooter's points then.
    shooter_points: i32,
    /// The points a search of the expert's expects there for the card played.
    expected: f64,
    /// Whether the moon still comes from the true deal after that card with
    /// `hard` in every seat (the nearest public bot to the players of the
    /// search's playouts).
    on_true_deal: bool,
    /// Whether the search, shown the true deal at each decision of the
    /// seat's from here on, stops the moon.
    stopped_seeing_from_here: bool,
    /// The same from the seat's first decision of the hand.
    stopped_seeing_from_the_start: bool,
    /// Whether the search at its default budget, shown the shooter's hand
    /// only, stops the moon from the seat's first decision of the hand.
    stopped_knowing_the_shooter: bool,
    /// The same shown nothing more than the seat sees (its samples drawn
    /// afresh, so some moons go another way by chance alone).
    stopped_afresh: bool,
}

/// What became of one moon let through.
enum Verdict {
    /// Some line stopped it.
    Stoppable(LastChance),
    /// No line of the studied seat's stops it.
    Sure,
    /// Too many positions to search.
    Undecided,
}

/// The other seats' players in a record, as bots that replay their
/// choices: each a level that chooses without chance. (The studied seat's
/// place holds a bot never asked: its cards are searched, or the record's.)
fn replaying_bots(record: &GameRecord, studied: usize) -> Result<Vec<Box<dyn Bot>>, String> {
    record
        .seats
        .iter()
        .map(|seat| {
            let level = match seat.player.parse::<Level>() {
                _ if seat.seat == studied => Level::Easy,
                Ok(level @ (Level::Easy | Level::Normal | Level::Hard | Level::Shooter)) => level,
                _ => return Err(format!("seat {} is {}: its choices do not replay", seat.seat, seat.player)),
            };
            Ok(level.bot(record.seed, Seat::new(seat.seat).ok_or("a seat out of range")?, Think::Samples(1)))
        })
        .collect()
}

/// What became of the moon `shooter` made in the hand `game` is at the
/// start of, `played_cards` being the hand's cards as played.
fn judge(game: &Game, record: &GameRecord, played_cards: &[Card], studied: Seat, shooter: Seat) -> Verdict {
    let moon =
        || Moon { game, studied, shooter, bots: replaying_bots(record, studied.index()).expect("checked"), nodes: 0 };
    // Whether the moon is stopped from a position when the studied seat
    // plays as `mine` says and the others replay as they did.
    let stopped = |position: (Hand, Vec<Trick>), mut mine: Box<Chooser>| {
        let mut others = replaying_bots(record, studied.index()).expect("checked");
        let choose = |seat: Seat, view: SeatView<'_>, hand: &Hand| {
            if seat == studied { mine(view, hand) } else { others[seat.index()].play(&view) }
        };
        moon_played_out(game, position, choose) != Some(shooter)
    };
    let seeing = |view: SeatView<'_>, hand: &Hand| best_seeing_the_deal(&view, hand);
    // The studied seat's decisions on the line played, each with its card.
    let mut decisions = Vec::new();
    let (mut hand, mut tricks) = (*game.hand(), Vec::new());
    let mut others = replaying_bots(record, studied.index()).expect("checked");
    for &card in played_cards {
        let seat = hand.to_act();
        if seat == studied {
            if hand.legal_moves().len() > 1 {
                decisions.push((hand, tricks.clone(), card));
            }
        } else {
            assert_eq!(
                others[seat.index()].play(&view_of(game, &hand, &tricks, seat)),
                card,
                "the replay left the record"
            );
        }
        (hand, tricks) = played(hand, tricks, card);
    }
    let start = decisions.first().map(|(hand, tricks, _)| (*hand, tricks.clone()));
    // A stop possible from a decision is possible from every one before it:
    // the last chance is the first stoppable decision counting back.
    for (hand, tricks, card) in decisions.into_iter().rev() {
        match moon().stoppable(hand, tricks.clone()) {
            None => return Verdict::Undecided,
            Some(false) => {}
            Some(true) => {
                let estimates =
                    evaluate_plays(&view_of(game, &hand, &tricks, studied), game.seed(), DEFAULT_SAMPLES, Goal::Win);
                let expected = estimates.iter().find(|e| e.card == card).map_or(f64::NAN, |e| e.points);
                let shooter_points = game.rules().points.points(hand.taken(shooter));
                let on_true_deal = moon_with_hard_everywhere(game, played(hand, tricks.clone(), card)) == Some(shooter);
                let first = start.expect("a decision");
                return Verdict::Stoppable(LastChance {
                    trick: hand.tricks_played(),
                    shooter_points,
                    expected,
                    on_true_deal,
                    stopped_seeing_from_here: stopped((hand, tricks), Box::new(seeing)),
                    stopped_seeing_from_the_start: stopped(first.clone(), Box::new(seeing)),
                    stopped_knowing_the_shooter: stopped(
                        first.clone(),
                        Box::new(searching_expert(game.seed(), studied, Some(shooter))),
                    ),
                    stopped_afresh: stopped(first, Box::new(searching_expert(game.seed(), studied, None))),
                });
            }
        }
    }
    Verdict::Sure
}

/// How the studied seat chooses its card in a position.
type Chooser = dyn FnMut(SeatView<'_>, &Hand) -> Card;

/// The seat that shoots the moon when every seat plays from `hand` (with
/// its completed `tricks`) to the end as `choose` says, if one does.
fn moon_played_out(
    game: &Game,
    (mut hand, mut tricks): (Hand, Vec<Trick>),
    mut choose: impl FnMut(Seat, SeatView<'_>, &Hand) -> Card,
) -> Option<Seat> {
    while hand.phase() == HandPhase::Playing {
        let seat = hand.to_act();
        let card = choose(seat, view_of(game, &hand, &tricks, seat), &hand);
        (hand, tricks) = played(hand, tricks, card);
    }
    HandResult::of(&hand, game.rules()).shooter
}

/// The seat that shoots the moon when `hard` plays every seat from `hand`
/// (with its completed `tricks`) to the end, if one does.
fn moon_with_hard_everywhere(game: &Game, position: (Hand, Vec<Trick>)) -> Option<Seat> {
    let mut bots: Vec<Box<dyn Bot>> = (0..game.rules().player_count())
        .map(|i| Level::Hard.bot(game.seed(), Seat::new(i).expect("a seat"), Think::Samples(1)))
        .collect();
    moon_played_out(game, position, |seat, view, _| bots[seat.index()].play(&view))
}

/// The card a search of the expert's values most knowing every card: as
/// the expert chooses, the best value, the lowest card of equals.
fn best_seeing_the_deal(view: &SeatView<'_>, hand: &Hand) -> Card {
    let estimates = evaluate_plays_in_world(view, hand, Goal::Win);
    let best = (0..estimates.len()).max_by(|&i, &j| estimates[i].value.total_cmp(&estimates[j].value).then(j.cmp(&i)));
    estimates[best.expect("the true deal agrees with the view")].card
}

/// The expert at its default budget for `studied` (drawing its own samples,
/// from the game's `seed`), shown the cards of the seat `shown` too.
fn searching_expert(seed: u64, studied: Seat, shown: Option<Seat>) -> impl FnMut(SeatView<'_>, &Hand) -> Card {
    let mut expert = Level::Expert.bot(seed ^ 0x5EED, studied, Think::Samples(DEFAULT_SAMPLES));
    move |mut view, hand| {
        // A view's passed cards are how a search is told where cards lie
        // (the seat's own pass is forgotten, unless it went to `shown`).
        if let Some(shown) = shown {
            (view.pass.passed, view.pass.target) = (hand.holding(shown), Some(shown));
        }
        expert.play(&view)
    }
}

/// Plays the record's actions into `game` up to the first lead of the hand
/// numbered `number`.
fn to_first_lead(game: &mut Game, actions: &mut impl Iterator<Item = Action>, number: u32) {
    while game.hand().phase() != HandPhase::Playing || game.hand_number() != number {
        game.apply(actions.next().expect("the hand's actions")).expect("a legal action");
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(studied_level)) = (args.next(), args.next()) else {
        eprintln!("usage: moon_stops RECORD.jsonl LEVEL (the level whose seat is studied, e.g. expert)");
        std::process::exit(2);
    };
    let fail = |message: String| -> ! {
        eprintln!("{path}: {message}");
        std::process::exit(2);
    };
    let file = std::fs::File::open(&path).unwrap_or_else(|error| fail(error.to_string()));
    let (mut moons, mut sure, mut undecided) = (0, 0, 0);
    let mut last_chances: Vec<LastChance> = Vec::new();
    for line in std::io::BufReader::new(file).lines() {
        let line = line.unwrap_or_else(|error| fail(error.to_string()));
        let record: GameRecord = serde_json::from_str(&line).unwrap_or_else(|error| fail(error.to_string()));
        let Some(studied) = record.seats.iter().position(|s| s.player == studied_level) else { continue };
        if let Err(message) = replaying_bots(&record, studied) {
            fail(message);
        }
        let (mut game, actions) = record.actions().unwrap_or_else(|error| fail(error.to_string()));
        if *game.rules() != Rules::default() {
            fail("the record is not at the default rules".to_string());
        }
        let mut actions = actions.into_iter();
        for log in &record.hands {
            to_first_lead(&mut game, &mut actions, log.number);
            let cards: Vec<_> =
                log.tricks.iter().flat_map(|t| t.cards.iter().map(|c| c.parse().expect("a card"))).collect();
            if let Some(moon) = &log.moon
                && moon.shooter != studied
            {
                moons += 1;
                let (studied, shooter) =
                    (Seat::new(studied).expect("a seat"), Seat::new(moon.shooter).expect("a seat"));
                match judge(&game, &record, &cards, studied, shooter) {
                    Verdict::Stoppable(last_chance) => last_chances.push(last_chance),
                    Verdict::Sure => sure += 1,
                    Verdict::Undecided => undecided += 1,
                }
            }
            for _ in &cards {
                game.apply(actions.next().expect("the hand's plays")).expect("a legal play");
            }
        }
    }
    let count = |f: &dyn Fn(&LastChance) -> bool| last_chances.iter().filter(|&chance| f(chance)).count();
    println!("moons let through by {studied_level}: {moons}");
    println!("  stoppable knowing every card: {}", last_chances.len());
    println!("    last chance with the shooter at 0 points: {}", count(&|c| c.shooter_points == 0));
    println!("    at 1 to 12 points: {}", count(&|c| (1..13).contains(&c.shooter_points)));
    println!("    at 13 points or more: {}", count(&|c| c.shooter_points >= 13));
    println!("  no line stops it: {sure}");
    println!("  undecided (over {NODE_LIMIT} positions): {undecided}");
    let mut by_trick = vec![0; Rules::default().hand_size()];
    for chance in &last_chances {
        by_trick[chance.trick] += 1;
    }
    println!("  last chance by trick (from 1): {by_trick:?}");
    let expected: Vec<f64> = last_chances.iter().map(|chance| chance.expected).collect();
    let at_most = |limit: f64| expected.iter().filter(|&&points| points <= limit).count();
    println!(
        "  points a search of the expert's expects at the last chance, for the card played: mean {:.1}; 5 or fewer in {}, 10 or fewer in {} (the moon gave the seat 26)",
        expected.iter().sum::<f64>() / expected.len().max(1) as f64,
        at_most(5.0),
        at_most(10.0)
    );
    println!(
        "  the moon still comes from the true deal after the card played, hard in every seat: {} of {}",
        count(&|c| c.on_true_deal),
        last_chances.len()
    );
    println!(
        "  the search, shown the true deal at each decision, stops it: from the last chance on in {}, from the hand's first decision in {}, of {}",
        count(&|c| c.stopped_seeing_from_here),
        count(&|c| c.stopped_seeing_from_the_start),
        last_chances.len()
    );
    println!(
        "  from the hand's first decision, the search at its default budget stops it: shown the shooter's hand in {}, shown nothing more in {} (samples drawn afresh), of {}",
        count(&|c| c.stopped_knowing_the_shooter),
        count(&|c| c.stopped_afresh),
        last_chances.len()
    );
}
