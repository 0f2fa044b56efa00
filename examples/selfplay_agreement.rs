//! How often a bot's card is one the expert's search ranks best, on the
//! play decisions of `examples/selfplay.rs`'s files: leads, follows and
//! discards apart; a decision with one legal card is none and is left
//! out. A card tied with the best counts as best. The baseline
//! a learned playout player must beat (issue 55 asks 60% of leads, 70% of
//! follows and discards held out).
//!
//! ```sh
//! cargo run --release --example selfplay_agreement -- hard selfplay-1000.jsonl
//! ```

#[path = "common/selfplay_files.rs"]
mod selfplay_files;

use hearts_bots::{Bot, Level, Think, decide};
use hearts_engine::{Action, Card, Game, Seat};

/// Decisions seen and agreed with, of one kind.
#[derive(Default)]
struct Tally {
    seen: usize,
    agreed: usize,
}

impl Tally {
    fn line(&self, kind: &str) -> String {
        let share = if self.seen == 0 { 0.0 } else { 100.0 * self.agreed as f64 / self.seen as f64 };
        format!("{kind:<9} {:>7} decisions, {share:5.1}% the search's best", self.seen)
    }
}

/// The bot's card at a play decision and whether the search ranks it
/// best (tied with the best counts); `None` for a decision with one legal
/// card, which is none.
fn judge(position: &Game, seat: Seat, bot: &mut dyn Bot, decision: &serde_json::Value) -> Option<(Card, bool)> {
    let cards = decision["cards"].as_array()?;
    if cards.len() < 2 {
        return None;
    }
    let Some(Action::Play { card, .. }) = decide(position, seat, bot) else { return None };
    let value_of = |card: Card| {
        cards.iter().find(|entry| entry[0].as_str() == Some(&card.to_string())).and_then(|entry| entry[1].as_f64())
    };
    let best = cards.first().and_then(|entry| entry[1].as_f64())?;
    Some((card, value_of(card).is_some_and(|value| value >= best - 1e-9)))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((level, files)) = args.split_first() else {
        eprintln!("usage: selfplay_agreement LEVEL FILE...");
        std::process::exit(2);
    };
    let Some(level) = level.parse::<Level>().ok() else {
        eprintln!("selfplay_agreement: not a level: {level}");
        std::process::exit(2);
    };
    let (mut leads, mut follows, mut discards) = (Tally::default(), Tally::default(), Tally::default());
    for game in selfplay_files::games(files, "selfplay_agreement") {
        let mut bots: Vec<_> = Seat::all(game.start.rules().player_count())
            .map(|seat| level.bot(game.seed, seat, Think::Samples(1)))
            .collect();
        game.walk(|position, action, decision| {
            if let (Some(decision), Action::Play { seat, .. }) = (decision, *action)
                && let Some((card, agreed)) = judge(position, seat, bots[seat.index()].as_mut(), decision)
            {
                let tally = match position.hand().trick().led_suit() {
                    None => &mut leads,
                    Some(suit) if card.suit() == suit => &mut follows,
                    Some(_) => &mut discards,
                };
                tally.seen += 1;
                tally.agreed += usize::from(agreed);
            }
        });
    }
    println!("{}", leads.line("leads"));
    println!("{}", follows.line("follows"));
    println!("{}", discards.line("discards"));
}
