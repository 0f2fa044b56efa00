//! What a line typed in the line mode asks for: a card (`9c`, `10h`,
//! `qs`, `9♣`, `queen of spades`), a pass, an answer to the game's
//! question, or a look at the hand, the trick, the scores.

use hearts_engine::{Card, MoonScoring, Rank, Suit};
use hearts_table::pace::Speed;

use super::cards::rank_word;

/// A typed command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineCommand {
    /// Play this card.
    Card(Card),
    /// Play the joker held (`joker` without its number).
    Joker,
    /// Play the one card of this rank that may be played (`jack`, `10`).
    Rank(Rank),
    /// Pass these cards; no cards: pass in the auction.
    Pass(Vec<Card>),
    /// Bid this many chips.
    Bid(u32),
    /// Name this suit (the auction's winner), or a bare suit word.
    Name(Suit),
    /// How a moon shot counts.
    Moon(MoonScoring),
    /// Yes: declare the Generale, agree to a proposal, resume a saved game.
    Yes,
    /// No: no Generale, decline a proposal, start afresh.
    No,
    /// Agree to the proposal (`true`) or decline it, whatever else asks
    /// yes or no.
    Agree(bool),
    /// Enter alone: read on where the table waits.
    Continue,
    /// The cards held.
    Hand,
    /// The trick on the table.
    Trick,
    /// The last trick taken.
    Last,
    /// The cards played this hand, by suit.
    Played,
    /// The scores.
    Scores,
    /// What the expert would do.
    Hint,
    /// Take back the last card or pass.
    Undo,
    /// The rules in play.
    Rules,
    /// What may be typed now and the commands of this game; with `all`,
    /// every command.
    Help {
        /// Every command, not only this game's.
        all: bool,
    },
    /// The bots' pace by name, or (`None`) the next one.
    Pace(Option<Speed>),
    /// A message to the others.
    Say(String),
    /// A new game of the same rules (proposed where others are seated).
    New,
    /// The same deals again, at game over.
    Replay,
    /// Who is at the table.
    Who,
    /// Cards written as symbols (`Q♠`) or in words; `None` switches.
    Symbols(Option<bool>),
    /// Brief (`true`) or full sentences.
    Brief(bool),
    /// The pass made and the one received, again.
    Passed,
    /// The cards still out: not played, not held.
    Out,
    /// Who leads the trick, or will lead the next.
    Leads,
    /// More time on the turn clock.
    MoreTime,
    /// Give up the seat for good, and watch.
    GiveUp,
    /// Propose to let go the seat of the person of this name, away past their grace.
    Free(String),
    /// Whether `hearts` opens in the line mode from now on.
    DefaultPlain(bool),
    /// Leave.
    Quit,
}

/// The first word of every command (a card is typed as itself).
pub const COMMAND_WORDS: [&str; 35] = [
    "pass", "continue", "hand", "trick", "last", "played", "scores", "who", "hint", "undo", "pace", "rules", "yes",
    "no", "agree", "decline", "bid", "name", "add", "subtract", "say", "new", "replay", "symbols", "help", "quit",
    "brief", "full", "passed", "out", "leads", "time", "default", "give", "free",
];

/// The commands as the manual page lists them: what is typed, and what it
/// does.
pub const COMMANDS: [(&str, &str); 31] = [
    (
        "9c, 10h, qs, 9♣, queen of spades, play qs",
        "Play that card. Typed before your turn, it waits for it, in the order typed.",
    ),
    ("jack, 10", "Play the one card of that rank you may play."),
    (
        "pass 2c qs ah",
        "Pass those cards; also as the game writes them: pass the ace of clubs, the queen of diamonds and the king of diamonds.",
    ),
    ("Enter", "Read on after a hand's scores; elsewhere, say again what is asked."),
    ("hand", "Your cards, by suit; those you received marked new until you play."),
    ("trick", "The cards on the table."),
    ("last", "The last trick and who took it."),
    ("played", "The cards played this hand, by suit."),
    ("cards out", "The cards neither played nor yours."),
    ("who leads", "Who led this trick, or leads the next."),
    ("passed", "The pass you made and the one you received."),
    ("scores", "The standings, and the points taken this hand."),
    ("who", "Who sits where, how many cards each holds, whom the table waits for."),
    ("hint", "What the expert would play or pass."),
    ("undo", "Take back your last card or pass, while the table is yours alone."),
    ("time", "More time on the turn clock, once a decision."),
    ("pace, pace slow", "The bots' next pace, or the one named: slow, normal, fast, instant."),
    ("rules", "The rules in play, in a few sentences."),
    ("yes, no", "Declare the Generale or not; agree to a new game proposed or not; take up a saved game or not."),
    ("agree, decline", "Answer a new game proposed, where the Generale asks yes or no too."),
    ("bid 3, pass", "Bid in the auction, or pass."),
    ("name spades", "Name the penalty suit, having won the auction."),
    ("add, subtract", "How your moon counts, where you choose."),
    ("say MESSAGE", "A message to the table."),
    (
        "new, replay",
        "A new game of the same rules (a proposal where others sit); the same deals again after a game of your own.",
    ),
    (
        "brief, full",
        "Each card and trick in the fewest words, nothing typed read back; or whole sentences. Kept for next time.",
    ),
    ("symbols, symbols off", "Cards written as Q♠, or in words. Kept for next time."),
    (
        "give up",
        "At a served table: give up your seat for good (its bot plays it, the next to come may take it) and watch.",
    ),
    (
        "free NAME",
        "At a served table: propose that the seat of NAME, away past their grace, be its bot's and free for whoever comes.",
    ),
    ("default plain, default screen", "Whether hearts opens in the line mode from now on."),
    ("help, help all, quit", "What you may type now and this game's commands; every command; leave, the game saved."),
];

/// Reads one typed line; the error is one sentence saying what was not
/// understood.
pub fn parse(line: &str) -> Result<LineCommand, String> {
    let line = line.trim();
    let lower = line.to_lowercase();
    let mut words = lower.split_whitespace();
    let Some(first) = words.next() else { return Ok(LineCommand::Continue) };
    let rest: Vec<&str> = words.collect();
    let alone = |command: LineCommand| {
        if rest.is_empty() { Ok(command) } else { Err(format!("{first} takes nothing after it.")) }
    };
    match first {
        "say" | "/say" => {
            let text = line[first.len()..].trim();
            if text.is_empty() {
                Err("Say what? Type say and your message.".into())
            } else {
                Ok(LineCommand::Say(text.into()))
            }
        }
        "pass" | "p" => match cards(&line[first.len()..])? {
            // Words, but no card among them, are not a pass in the auction.
            passed if passed.is_empty() && !rest.is_empty() => {
                Err(format!("Pass which cards? {} names none.", rest.join(" ")))
            }
            passed => Ok(LineCommand::Pass(passed)),
        },
        "bid" | "b" => match rest.as_slice() {
            [chips] => chips.parse().map(LineCommand::Bid).map_err(|_| format!("{chips} is not a number of chips.")),
            _ => Err("Type bid and a number of chips, e.g. bid 3, or pass.".into()),
        },
        "name" => match rest.as_slice() {
            [suit] => suit_word(suit).map(LineCommand::Name).ok_or_else(|| format!("{suit} is not a suit.")),
            _ => Err("Type name and a suit, e.g. name spades.".into()),
        },
        "c" | "continue" | "next" | "go" => alone(LineCommand::Continue),
        "y" | "yes" | "declare" | "resume" => alone(LineCommand::Yes),
        "n" | "no" => alone(LineCommand::No),
        "agree" => alone(LineCommand::Agree(true)),
        "decline" => alone(LineCommand::Agree(false)),
        "add" => alone(LineCommand::Moon(MoonScoring::AddToOthers)),
        "subtract" | "sub" => alone(LineCommand::Moon(MoonScoring::SubtractFromShooter)),
        "cards" if rest == ["out"] => Ok(LineCommand::Out),
        "h" | "hand" | "cards" => alone(LineCommand::Hand),
        "t" | "trick" => alone(LineCommand::Trick),
        "l" | "last" => alone(LineCommand::Last),
        "played" => alone(LineCommand::Played),
        "s" | "score" | "scores" => alone(LineCommand::Scores),
        "hint" => alone(LineCommand::Hint),
        "u" | "undo" => alone(LineCommand::Undo),
        "rules" => alone(LineCommand::Rules),
        "?" | "help" | "commands" => match rest.as_slice() {
            [] => Ok(LineCommand::Help { all: false }),
            ["all" | "more"] => Ok(LineCommand::Help { all: true }),
            _ => Err("Type help, or help all for every command.".into()),
        },
        "pace" | "speed" => match rest.as_slice() {
            [] => Ok(LineCommand::Pace(None)),
            [name] => Speed::from_name(name)
                .map(|speed| LineCommand::Pace(Some(speed)))
                .ok_or_else(|| format!("{name} is not a pace: slow, normal, fast or instant.")),
            _ => Err("Type pace, or pace and slow, normal, fast or instant.".into()),
        },
        "new" => alone(LineCommand::New),
        "replay" => alone(LineCommand::Replay),
        "who" if rest == ["leads"] => Ok(LineCommand::Leads),
        "who" => alone(LineCommand::Who),
        "leads" | "leader" => alone(LineCommand::Leads),
        "brief" | "short" => alone(LineCommand::Brief(true)),
        "full" | "long" => alone(LineCommand::Brief(false)),
        "passed" => alone(LineCommand::Passed),
        "out" => alone(LineCommand::Out),
        "time" | "wait" => alone(LineCommand::MoreTime),
        "more" if rest == ["time"] => Ok(LineCommand::MoreTime),
        "give" if rest == ["up"] => Ok(LineCommand::GiveUp),
        "give" => Err("Type give up to give up your seat for good and watch.".into()),
        "free" => match line[first.len()..].trim() {
            "" => Err("Free whose seat? Type free and the name of someone away.".into()),
            name => Ok(LineCommand::Free(name.to_string())),
        },
        "default" => match rest.as_slice() {
            ["plain" | "lines" | "line"] => Ok(LineCommand::DefaultPlain(true)),
            ["screen" | "table"] => Ok(LineCommand::DefaultPlain(false)),
            _ => Err("Type default plain to open hearts in the line mode from now on, or default screen.".into()),
        },
        "symbols" => match rest.as_slice() {
            [] => Ok(LineCommand::Symbols(None)),
            ["on"] => Ok(LineCommand::Symbols(Some(true))),
            ["off"] => Ok(LineCommand::Symbols(Some(false))),
            _ => Err("Type symbols, symbols on or symbols off.".into()),
        },
        "q" | "quit" | "exit" | "leave" => alone(LineCommand::Quit),
        "play" if rest.is_empty() => Err("Play which card? Type play and a card, e.g. play qs.".into()),
        "play" => parse(&rest.join(" ")).and_then(|played| match played {
            LineCommand::Card(_) | LineCommand::Joker | LineCommand::Rank(_) => Ok(played),
            _ => Err(format!("{} is not a card: write its rank and then its suit, e.g. qs.", rest.join(" "))),
        }),
        "joker" if rest.is_empty() => Ok(LineCommand::Joker),
        "the" if rest == ["joker"] => Ok(LineCommand::Joker),
        // "the queen", as a card is said.
        "the" if rest.len() == 1 => parse(rest[0]),
        _ => {
            if let Some(suit) = suit_word(first).filter(|_| rest.is_empty()) {
                return Ok(LineCommand::Name(suit));
            }
            if let Ok(card) = card(&lower) {
                return Ok(LineCommand::Card(card));
            }
            if let (Some(rank), []) = (rank_named(first), rest.as_slice()) {
                return Ok(LineCommand::Rank(rank));
            }
            // A rank alone lacks its suit; other short words are cards mistyped.
            if format!("{lower}c").parse::<Card>().is_ok() {
                return Err(format!("{line} is not a card: write its rank and then its suit, e.g. {line}c."));
            }
            if line.chars().count() <= 3 && line.chars().next().is_some_and(|c| c.is_ascii_alphanumeric()) {
                return Err(format!("{line} is not a card: write its rank and then its suit, e.g. qs or 10h."));
            }
            Err(format!("{line} is not a card or a command: type help for the commands."))
        }
    }
}

/// A card as typed: `9c`, `10h`, `qs`, `9♣`, `jk1`, or in words: `queen
/// of spades`, `the 10 of hearts`.
pub fn card(text: &str) -> Result<Card, String> {
    match cards(text)?.as_slice() {
        [card] => Ok(*card),
        _ => Err(format!("{} is not a card: write its rank and suit, e.g. 9c, 10h, qs.", text.trim())),
    }
}

/// Cards as typed, or as the game itself writes them: `3d 5d 9d`, `3♦,
/// 5♦, 9♦`, `the ace of clubs, the queen of diamonds and the king of
/// diamonds`, `ace of clubs queen of diamonds`.
pub fn cards(text: &str) -> Result<Vec<Card>, String> {
    let lower = text.to_lowercase().replace([',', '.', ';'], " ");
    let words: Vec<&str> = lower.split_whitespace().filter(|word| !matches!(*word, "and" | "the" | "&")).collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let (card, used) = card_at(&words[at..])
            .ok_or_else(|| format!("{} is not a card: write its rank and suit, e.g. 9c, 10h, qs.", words[at]))?;
        found.push(card);
        at += used;
    }
    Ok(found)
}

/// The card the words begin with, and how many words it takes: `qs`,
/// `joker 2`, `queen of spades`.
fn card_at(words: &[&str]) -> Option<(Card, usize)> {
    let first = *words.first()?;
    if let Ok(card) = first.parse::<Card>() {
        return Some((card, 1));
    }
    let joker = |n: &str| format!("JK{n}").parse::<Card>().ok();
    match words {
        ["joker" | "jk", n, ..] if joker(n).is_some() => return joker(n).map(|card| (card, 2)),
        _ => {}
    }
    if let Some(card) = first.strip_prefix("joker").and_then(joker) {
        return Some((card, 1));
    }
    match words {
        [rank, "of", suit, ..] => Some((Card::new(rank_named(rank)?, suit_word(suit)?), 3)),
        _ => None,
    }
}

/// A rank in a word or as a number: `jack`, `ten`, `10`, `7`.
fn rank_named(word: &str) -> Option<Rank> {
    Rank::ALL.into_iter().find(|&rank| rank_word(rank) == word).or_else(|| {
        let number: usize = word.parse().ok().filter(|n| (2..=10).contains(n))?;
        Some(Rank::ALL[number - 2])
    })
}

/// A suit named in a word: `spades`, `spade`, `s`, `♠`.
fn suit_word(word: &str) -> Option<Suit> {
    Suit::ALL.into_iter().find(|suit| word == suit.name() || Some(word) == suit.name().strip_suffix('s')).or_else(
        || {
            let mut chars = word.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Suit::from_char(c),
                _ => None,
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str) -> Card {
        text.parse().expect("a card")
    }

    #[test]
    fn a_card_is_typed_as_rank_and_suit_in_any_case_or_in_words() {
        for (typed, card) in [("9c", "9C"), ("10h", "TH"), ("QS", "QS"), ("9♣", "9C"), ("queen of spades", "QS")] {
            assert_eq!(parse(typed), Ok(LineCommand::Card(c(card))), "{typed}");
        }
        assert_eq!(parse("10 of hearts"), Ok(LineCommand::Card(c("TH"))));
        for joker in ["joker 2", "jk2", "joker2", "the joker 2"] {
            assert_eq!(parse(joker), Ok(LineCommand::Card(Card::joker(1))), "{joker}");
        }
    }

    #[test]
    fn a_pass_names_its_cards() {
        assert_eq!(parse("pass 2c qs ah"), Ok(LineCommand::Pass(vec![c("2C"), c("QS"), c("AH")])));
        assert_eq!(parse("pass"), Ok(LineCommand::Pass(Vec::new())));
        assert!(parse("pass 2c zz").unwrap_err().contains("zz is not a card"));
    }

    #[test]
    fn questions_are_answered_in_words() {
        assert_eq!(parse("bid 4"), Ok(LineCommand::Bid(4)));
        assert_eq!(parse("name spades"), Ok(LineCommand::Name(Suit::Spades)));
        assert_eq!(parse("hearts"), Ok(LineCommand::Name(Suit::Hearts)));
        assert_eq!(parse("yes"), Ok(LineCommand::Yes));
        assert_eq!(parse("subtract"), Ok(LineCommand::Moon(MoonScoring::SubtractFromShooter)));
        assert_eq!(parse(""), Ok(LineCommand::Continue));
    }

    #[test]
    fn a_pass_may_be_written_as_the_game_writes_cards() {
        let three = Ok(LineCommand::Pass(vec![c("AC"), c("QD"), c("KD")]));
        for typed in [
            "pass ace of clubs queen of diamonds king of diamonds",
            "pass the ace of clubs, the queen of diamonds and the king of diamonds.",
            "pass A♣, Q♦, K♦",
            "pass ac, qd and kd",
            "pass ace of clubs, QD, the king of diamonds",
        ] {
            assert_eq!(parse(typed), three, "{typed}");
        }
        assert!(parse("pass ace of clubs queen").unwrap_err().contains("queen is not a card"));
    }

    #[test]
    fn a_rank_alone_asks_for_the_one_card_of_that_rank() {
        assert_eq!(parse("jack"), Ok(LineCommand::Rank(Rank::Jack)));
        assert_eq!(parse("10"), Ok(LineCommand::Rank(Rank::Ten)));
        assert_eq!(parse("play ten"), Ok(LineCommand::Rank(Rank::Ten)));
        assert_eq!(parse("4"), Ok(LineCommand::Rank(Rank::Four)));
        assert!(parse("11").is_err() && parse("1").is_err());
    }

    #[test]
    fn pace_steps_on_or_is_named() {
        assert_eq!(parse("pace"), Ok(LineCommand::Pace(None)));
        assert_eq!(parse("pace slow"), Ok(LineCommand::Pace(Some(Speed::Slow))));
        assert_eq!(parse("speed Instant"), Ok(LineCommand::Pace(Some(Speed::Instant))));
        assert_eq!(parse("pace crawl"), Err("crawl is not a pace: slow, normal, fast or instant.".to_string()));
    }

    #[test]
    fn the_manual_pages_table_names_every_command() {
        for word in COMMAND_WORDS {
            let listed = COMMANDS.iter().any(|(typed, _)| typed.split([',', ' ']).any(|part| part == word));
            assert!(listed || word == "continue", "{word} is not in the manual's table");
        }
    }

    #[test]
    fn every_command_word_is_a_command() {
        for word in COMMAND_WORDS {
            let typed = match word {
                "bid" => "bid 3".to_string(),
                "name" => "name spades".to_string(),
                "say" => "say hello".to_string(),
                "default" => "default plain".to_string(),
                "give" => "give up".to_string(),
                "free" => "free bob".to_string(),
                word => word.to_string(),
            };
            assert!(parse(&typed).is_ok(), "{typed}");
        }
    }

    #[test]
    fn play_and_a_card_plays_the_card() {
        assert_eq!(parse("play 8s"), Ok(LineCommand::Card("8S".parse().unwrap())));
        assert_eq!(parse("play queen of spades"), Ok(LineCommand::Card("QS".parse().unwrap())));
        assert_eq!(parse("play hand"), Err("hand is not a card: write its rank and then its suit, e.g. qs.".into()));
        assert_eq!(parse("play"), Err("Play which card? Type play and a card, e.g. play qs.".into()));
    }

    #[test]
    fn a_message_keeps_its_case() {
        assert_eq!(parse("say Good Luck"), Ok(LineCommand::Say("Good Luck".into())));
    }

    #[test]
    fn what_is_not_understood_says_so_in_one_sentence() {
        let error = parse("dance").unwrap_err();
        assert_eq!(error, "dance is not a card or a command: type help for the commands.");
        assert_eq!(parse("K").unwrap_err(), "K is not a card: write its rank and then its suit, e.g. Kc.");
        // Only a rank is completed with a suit: a mistyped card gets a real example.
        for mistyped in ["x", "zz", "1s", "ds", "qq"] {
            let error = parse(mistyped).unwrap_err();
            assert_eq!(error, format!("{mistyped} is not a card: write its rank and then its suit, e.g. qs or 10h."));
        }
        assert!(parse("hand now").is_err());
        assert!(parse("bid lots").is_err());
    }
}
