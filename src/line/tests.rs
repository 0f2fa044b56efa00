//! The narrator at a local table: what is told, once, in words; what a
//! typed line does; what is refused.

use std::time::{Duration, Instant};

use super::{CardWords, Narrator};
use crate::room::{Room, ToRuntime};
use hearts_bots::Think;
use hearts_bots::players::{Level, Player};
use hearts_bots::record::DealCode;
use hearts_engine::Rules;
use hearts_table::pace::Speed;
use hearts_table::{Message, PersonId, Setup, Table};

/// A local table of seed 7 told to a narrator, with a clock for the bots.
struct LineHarness {
    room: Room,
    now: Instant,
    lines: Vec<String>,
}

impl LineHarness {
    fn new() -> LineHarness {
        LineHarness::at_pace(Speed::Instant)
    }

    fn at_pace(speed: Speed) -> LineHarness {
        let setup = Setup {
            rules: Rules::default(),
            label: "black-lady".into(),
            players: vec![Player::Builtin(Level::Easy); 4],
        };
        let table = Table::local(setup, DealCode { seed: 7, hand: 1 }, speed, Think::Samples(1)).unwrap();
        let narrator = Narrator::new(PersonId::LOCAL, CardWords::default());
        let mut told = LineHarness {
            room: Room::with_narrators(table, Vec::new(), vec![narrator]),
            now: Instant::now(),
            lines: Vec::new(),
        };
        told.settle();
        told
    }

    /// Lets the bots move until the table waits for the person.
    fn settle(&mut self) {
        for _ in 0..200 {
            self.now += Duration::from_secs(5);
            self.room.send(Message::Tick, self.now);
            match self.room.bot_job(self.now) {
                Some(job) => self.room.send(Message::BotDecided(job.run()), self.now),
                None if self.room.next_wakeup(self.now).is_none() => break,
                None => {}
            }
        }
        self.lines.extend(self.room.take_lines(PersonId::LOCAL));
    }

    /// Types a line; the lines told after it.
    fn typed(&mut self, line: &str) -> Vec<String> {
        let from = self.lines.len();
        self.room.type_line(PersonId::LOCAL, line, self.now);
        self.settle();
        self.lines[from..].to_vec()
    }

    /// Lets time pass a little at a time until a line says `text`.
    fn until(&mut self, text: &str) {
        self.until_times(text, 1);
    }

    /// Lets time pass a little at a time until `times` lines say `text`.
    fn until_times(&mut self, text: &str, times: usize) {
        for _ in 0..2000 {
            if self.count(text) >= times {
                return;
            }
            self.now += Duration::from_millis(10);
            self.room.send(Message::Tick, self.now);
            if let Some(job) = self.room.bot_job(self.now) {
                self.room.send(Message::BotDecided(job.run()), self.now);
            }
            self.lines.extend(self.room.take_lines(PersonId::LOCAL));
        }
        panic!("no line said {text}: {:#?}", self.lines);
    }

    fn count(&self, text: &str) -> usize {
        self.lines.iter().filter(|line| line.contains(text)).count()
    }
}

#[test]
fn the_deal_and_the_pass_are_told_in_words() {
    let mut told = LineHarness::new();
    assert_eq!(told.lines[0], "black-lady, 4 players: You, Left, Across and Right.");
    assert!(
        told.lines.contains(
            &"Your cards: Clubs: king. Diamonds: 3, 5, 9. Spades: 6, 8, ace. Hearts: 2, 5, 7, queen, king, ace."
                .to_string()
        ),
        "{:#?}",
        told.lines
    );
    assert_eq!(told.count("Pass three cards to Left"), 1);
    let after = told.typed("pass 3d 5d 9d");
    let said = |line: &str| after.iter().any(|told| told == line);
    assert!(
        said("You pass the three of diamonds, the five of diamonds and the nine of diamonds to Left."),
        "{after:#?}"
    );
    assert!(
        said("You received the ace of clubs, the queen of diamonds and the ten of hearts from Right."),
        "{after:#?}"
    );
    // The hand again, the cards that came marked.
    let hand = "Your cards: Clubs: king, new ace. Diamonds: new queen. Spades: 6, 8, ace. Hearts: 2, 5, 7, new 10, queen, king, ace.";
    assert!(said(hand), "{after:#?}");
    assert_eq!(told.typed("hand"), [hand], "hand marks them too, until the first card");
    assert_eq!(
        told.typed("passed"),
        [
            "You passed the three of diamonds, the five of diamonds and the nine of diamonds to Left.",
            "You received the ace of clubs, the queen of diamonds and the ten of hearts from Right."
        ]
    );
}

#[test]
fn brief_tells_each_card_and_trick_in_the_fewest_words_and_reads_nothing_back() {
    let mut told = LineHarness::new();
    told.room.type_line(PersonId::LOCAL, "brief", told.now);
    let asked = told.room.take_to_runtime();
    let kept =
        asked.iter().any(|work| matches!(work, ToRuntime::Remember(_, kept) if kept.line_mode.brief == Some(true)));
    assert!(kept, "brief is kept for next time: {asked:?}");
    told.lines.extend(told.room.take_lines(PersonId::LOCAL));
    let after = told.typed("pass 3d 5d 9d");
    assert_eq!(after[0], "Passed to Left.", "the cards typed are not read back");
    assert!(after[1].starts_with("From Right, marked new: Clubs: king, new ace."), "{after:#?}");
    assert!(after.contains(&"Across: 2 clubs.".to_string()), "{after:#?}");
    assert_eq!(after.last().unwrap(), "Your turn, clubs: king ace.");
    let played = told.typed("kc");
    assert!(!played.iter().any(|line| line.contains("king clubs")), "your card is not read back: {played:#?}");
    assert!(played.iter().any(|line| line.starts_with("You take")), "{played:#?}");
    assert_eq!(played.last().unwrap(), "Your lead.");
    assert_eq!(told.typed("full"), ["Full: each event in a whole sentence. Type brief for fewer words."]);
    assert_eq!(told.typed("ac")[0], "You lead the ace of clubs.", "and full sentences again");
}

#[test]
fn the_cards_out_and_who_leads_are_told_on_request() {
    let mut told = LineHarness::new();
    told.typed("pass 3d 5d 9d");
    assert_eq!(told.typed("who leads"), ["Across led this trick."]);
    let out = told.typed("cards out");
    // The two and four of clubs were played; the king and ace are yours.
    assert!(
        out[0].starts_with("Not played and not yours: Clubs: 3, 5, 6, 7, 8, 9, 10, jack, queen. Diamonds: 2,"),
        "{out:#?}"
    );
}

#[test]
fn each_card_played_is_told_once_and_the_prompt_lists_what_may_be_played() {
    let mut told = LineHarness::new();
    told.typed("pass 3d 5d 9d");
    assert_eq!(told.count("Across leads the two of clubs."), 1, "{:#?}", told.lines);
    let prompt = told.lines.last().unwrap().clone();
    assert_eq!(prompt, "Your turn. You may play: Clubs: king, ace.");
    let refused = told.typed("ah");
    assert_eq!(refused, ["You must follow clubs. You may play: Clubs: king, ace."], "the rule, and what you may play");
    let played = told.typed("kc");
    assert_eq!(played[0], "You play the king of clubs.");
    assert_eq!(told.count("You play the king of clubs."), 1);
    assert!(told.lines.iter().any(|line| line.contains("the trick with")), "{:#?}", told.lines);
}

/// Types `lines` at once, as a script does, before the bots move.
fn typed_at_once(told: &mut LineHarness, lines: &[&str]) {
    for line in lines {
        told.room.type_line(PersonId::LOCAL, line, told.now);
    }
    told.lines.extend(told.room.take_lines(PersonId::LOCAL));
}

#[test]
fn cards_typed_ahead_wait_for_their_turns_in_the_order_typed() {
    let mut told = LineHarness::at_pace(Speed::Normal);
    // Before the passes arrive: the king follows the two of clubs and takes the trick; the ace leads the next.
    typed_at_once(&mut told, &["pass 3d 5d 9d", "kc", "ac"]);
    assert_eq!(told.count("Not your turn yet: the king of clubs waits for it."), 1, "{:#?}", told.lines);
    assert_eq!(told.count("Not your turn yet: the ace of clubs waits for it."), 1, "{:#?}", told.lines);
    assert_eq!(told.room.typed_ahead(PersonId::LOCAL, told.now), 2, "both wait for turns that will come");
    told.until("You lead the ace of clubs.");
    assert_eq!(told.room.typed_ahead(PersonId::LOCAL, told.now), 0);
    let played = told.lines.iter().position(|line| line == "You play the king of clubs.");
    let led = told.lines.iter().position(|line| line == "You lead the ace of clubs.");
    assert!(played.is_some() && played < led, "in the order typed: {:#?}", told.lines);
    assert_eq!(told.count("turn, not yours"), 0, "{:#?}", told.lines);
}

#[test]
fn a_card_typed_ahead_that_is_refused_drops_the_cards_typed_after_it() {
    let mut told = LineHarness::at_pace(Speed::Normal);
    typed_at_once(&mut told, &["pass 3d 5d 9d", "ah", "kc"]);
    told.until("You must follow clubs.");
    told.until("ah, typed ahead, is not played, nor the cards typed after it: kc.");
    let refused = told.lines.iter().position(|line| line.starts_with("You must follow clubs."));
    let dropped = told.lines.iter().position(|line| line.starts_with("ah, typed ahead"));
    assert_eq!(dropped, refused.map(|at| at + 1), "the rule first, then what it stopped: {:#?}", told.lines);
    assert_eq!(told.count("You play the king of clubs."), 0, "the king was meant to follow the ace, not replace it");
    assert_eq!(told.typed("kc").first().map(String::as_str), Some("You play the king of clubs."));
}

#[test]
fn undo_drops_the_cards_typed_ahead_whether_or_not_it_takes_a_card_back() {
    let mut told = LineHarness::at_pace(Speed::Normal);
    told.typed("pass 3d 5d 9d");
    told.until("Your turn. You may play: Clubs: king, ace.");
    typed_at_once(&mut told, &["kc", "ac", "undo"]);
    assert_eq!(told.count("The cards typed ahead are dropped: ac."), 1, "{:#?}", told.lines);
    assert_eq!(told.count("You took back the king of clubs."), 1, "{:#?}", told.lines);
    // Once another has played nothing is taken back, and still the card typed ahead goes.
    told.typed("kc");
    told.until("Your lead.");
    told.room.type_line(PersonId::LOCAL, "ac", told.now);
    told.until_times("Left plays", 2);
    typed_at_once(&mut told, &["qd", "undo"]);
    assert_eq!(told.count("The cards typed ahead are dropped: qd."), 1, "{:#?}", told.lines);
    assert_eq!(told.count("Can't undo"), 1, "{:#?}", told.lines);
    told.settle();
    assert_eq!(told.count("the queen of diamonds."), 0, "{:#?}", told.lines);
}

#[test]
fn a_card_where_none_is_played_is_refused_in_a_sentence() {
    let mut told = LineHarness::at_pace(Speed::Normal);
    // The table hears a card during the pass, whatever sends it.
    told.room.intend(PersonId::LOCAL, hearts_table::Intent::Play("KC".parse().unwrap()), told.now);
    told.lines.extend(told.room.take_lines(PersonId::LOCAL));
    assert_eq!(told.count("No card is played now."), 1, "{:#?}", told.lines);
}

#[test]
fn a_wrong_pass_is_refused_in_one_sentence_and_changes_nothing() {
    let mut told = LineHarness::new();
    assert_eq!(
        told.typed("pass 2c 3c 4c"),
        ["You do not hold the two of clubs, the three of clubs and the four of clubs."]
    );
    assert_eq!(told.typed("pass 3d 5d"), ["A pass is three cards; you named 2."]);
    assert_eq!(told.typed("kc"), ["Choose your pass first: type pass and three cards."]);
    assert_eq!(told.typed("bid 3"), ["Nobody asks you to bid now."]);
}

#[test]
fn a_message_is_told_with_who_said_it() {
    let mut told = LineHarness::new();
    let said = told.typed("say good luck, all");
    assert_eq!(said, ["Your message: good luck, all"]);
}

#[test]
fn new_mid_game_asks_to_be_typed_again() {
    let mut told = LineHarness::new();
    told.typed("pass 3d 5d 9d");
    assert_eq!(
        told.typed("new"),
        ["Type new again to leave this game for a new one; this game is kept with your games."]
    );
    assert!(told.typed("hand")[0].starts_with("Your cards:"), "another command drops the question");
    told.typed("new");
    let fresh = told.typed("new");
    assert!(fresh.iter().any(|line| line == "Hand 1."), "{fresh:#?}");
}

#[test]
fn a_card_led_while_the_last_trick_is_on_show_is_told_at_once() {
    let mut told = LineHarness::at_pace(Speed::Normal);
    told.typed("pass 3d 5d 9d");
    told.until("Your turn. You may play: Clubs: king, ace.");
    told.room.type_line(PersonId::LOCAL, "kc", told.now);
    told.until("You take the trick with the king of clubs.");
    assert!(told.room.table().sight(PersonId::LOCAL, told.now).unwrap().play.showing_trick, "the trick is on show");
    told.room.type_line(PersonId::LOCAL, "ac", told.now);
    let said = told.room.take_lines(PersonId::LOCAL);
    assert_eq!(said.first().map(String::as_str), Some("You lead the ace of clubs."), "{said:#?}");
}

#[test]
fn pace_and_a_name_sets_that_pace() {
    let mut told = LineHarness::at_pace(Speed::Normal);
    assert_eq!(told.typed("pace slow"), ["Speed: slow."]);
    assert_eq!(told.room.table().speed(), Speed::Slow);
    assert_eq!(told.typed("pace"), ["Speed: normal."], "pace alone steps on");
    assert_eq!(told.typed("pace crawl"), ["crawl is not a pace: slow, normal, fast or instant."]);
}

#[test]
fn symbols_switches_how_cards_are_written() {
    let mut told = LineHarness::new();
    assert_eq!(told.typed("symbols"), ["Cards are written as symbols, as in Q♠."]);
    assert!(told.typed("hand")[0].contains('♣'), "the hand in symbols");
    assert_eq!(told.typed("symbols off"), ["Cards are written in words."]);
    assert!(!told.typed("hand")[0].contains('♣'), "and in words again");
}

#[test]
fn the_rules_are_told_in_words_not_the_screens_short_forms() {
    let mut told = LineHarness::new();
    let rules = told.typed("rules");
    assert!(rules.iter().any(|line| line.contains("the queen of spades 13")), "{rules:#?}");
    assert!(rules.iter().any(|line| line.contains("the two of clubs leads")), "{rules:#?}");
    assert!(
        !rules.iter().any(|line| line.contains("QS") || line.contains("2C") || line.contains("the the")),
        "{rules:#?}"
    );
}

#[test]
fn the_face_value_and_eagle_tables_name_their_cards_in_words_too() {
    use crate::words::rules::rules_in_brief;
    use hearts_engine::PointsTable;
    let words = CardWords::default();
    for (points, told) in [
        (PointsTable::SpotHearts, "hearts at face value (the jack of hearts 11 .. the ace of hearts 14)"),
        (PointsTable::Eagle, "the ace of hearts 5, the king of hearts 4, the queen of hearts 3, the jack of hearts 2"),
    ] {
        let rules = Rules { points, ..Rules::default() };
        let lines = rules_in_brief(&rules, |card| words.card(card));
        assert!(lines.iter().any(|line| line.contains(told)), "{points:?}: {lines:#?}");
    }
}

#[test]
fn cancelled_pairs_are_named_and_the_cards_that_waited_go_with_the_next_trick() {
    use hearts_engine::{BySeat, CardBag, Game, Hand, Preset, Seat};
    let rules = Rules { players: 6, ..Preset::Cancellation.rules() };
    // Every card is forced: the clubs cancel in two pairs, then your king of
    // diamonds takes the hearts thrown on it and the clubs that waited.
    let texts = ["2C KD", "2C 3H", "8C 4H", "8C 5H", "3C 6H", "4C 7H"];
    let hands = BySeat::new_with(|seat| texts.get(seat.index()).map_or(CardBag::EMPTY, |text| text.parse().unwrap()));
    let hand = Hand::from_cards(&rules, hands, Seat::new(5).unwrap());
    let game = Game::from_position(rules, 1, hand, BySeat::splat(0)).unwrap();
    let setup = Setup { rules, label: "cancellation".into(), players: vec![Player::Builtin(Level::Easy); 6] };
    let table = Table::with_game(setup, game, Vec::new(), Speed::Instant, Think::Samples(1));
    let narrator = Narrator::new(PersonId::LOCAL, CardWords::default());
    let mut told = LineHarness {
        room: Room::with_narrators(table, Vec::new(), vec![narrator]),
        now: Instant::now(),
        lines: Vec::new(),
    };
    told.settle();
    told.typed("2c");
    told.typed("kd");
    let cancelled = "The two twos of clubs and the two eights of clubs cancel.";
    assert_eq!(told.count(cancelled), 1, "{:#?}", told.lines);
    let taken = "You take the trick with the king of diamonds and the 6 cards that waited: 5 points.";
    assert_eq!(told.count(taken), 1, "{:#?}", told.lines);
}

#[test]
fn a_rank_alone_plays_the_one_card_of_that_rank_that_may_be_played() {
    let mut told = LineHarness::new();
    told.typed("pass 3d 5d 9d");
    assert_eq!(told.typed("queen"), ["You may play no queen now. You may play: Clubs: king, ace."]);
    assert_eq!(told.typed("king")[0], "You play the king of clubs.");
}

#[test]
fn the_hints_own_words_make_a_pass() {
    let mut told = LineHarness::new();
    let after = told.typed("pass the three of diamonds, the five of diamonds and the nine of diamonds");
    assert!(after.iter().any(|line| line.starts_with("You received")), "{after:#?}");
}

#[test]
fn help_says_first_what_may_be_typed_now_and_only_this_games_commands() {
    let mut told = LineHarness::new();
    assert_eq!(told.lines[1], "Type help for the commands.", "said once, at the start");
    let help = told.typed("help");
    assert_eq!(help[0], "Now: type pass and three cards, e.g. pass 2c qs ah.");
    assert!(!help.iter().any(|line| line.contains("auction") || line.contains("moon")), "{help:#?}");
    assert!(help.last().unwrap().contains("help all"), "{help:#?}");
    let words: usize = help.iter().map(|line| line.split_whitespace().count()).sum();
    assert!(words <= 60, "a short help: {words} words");
    let all = told.typed("help all");
    assert!(all.iter().any(|line| line.contains("auction")) && all.len() > help.len(), "{all:#?}");
    told.typed("pass 3d 5d 9d");
    assert_eq!(told.typed("help")[0], "Now: type a card you may play, e.g. qs, 10h or queen of spades.");
}

#[test]
fn a_rank_typed_ahead_that_cannot_be_played_drops_the_cards_typed_after_it() {
    let mut told = LineHarness::at_pace(Speed::Normal);
    typed_at_once(&mut told, &["pass 3d 5d 9d", "queen", "kc"]);
    told.until("queen, typed ahead, is not played, nor the cards typed after it: kc.");
    assert_eq!(
        told.count("You play the king of clubs."),
        0,
        "the king was meant to follow the queen: {:#?}",
        told.lines
    );
}

#[test]
fn a_pass_taken_back_and_made_again_is_said_again() {
    let mut told = LineHarness::at_pace(Speed::Normal);
    // Typed at once, before the pass is on its way: undo takes it back.
    typed_at_once(&mut told, &["pass 3d 5d 9d", "undo", "pass 3d 5d ah"]);
    let passed = "You pass the three of diamonds, the five of diamonds and the nine of diamonds to Left.";
    assert_eq!(told.count(passed), 1, "{:#?}", told.lines);
    assert_eq!(told.count("You took back your pass"), 1, "{:#?}", told.lines);
    let again = "You pass the three of diamonds, the five of diamonds and the ace of hearts to Left.";
    assert_eq!(told.count(again), 1, "{:#?}", told.lines);
}

#[test]
fn at_the_offer_of_a_saved_game_anything_but_yes_or_no_is_asked_again() {
    let mut told = LineHarness::new();
    told.room.narrator_mut(PersonId::LOCAL).unwrap().offer_resume("black-lady, hand 3");
    told.lines.extend(told.room.take_lines(PersonId::LOCAL));
    assert_eq!(told.typed("maybe"), ["Type yes or no."]);
}

#[test]
fn a_note_from_the_runtime_is_followed_by_what_is_asked_again() {
    let mut told = LineHarness::new();
    told.room.send(Message::Note(hearts_table::Note::UnfinishedKept), told.now);
    let said = told.room.take_lines(PersonId::LOCAL);
    assert_eq!(
        said.first().map(String::as_str),
        Some("New game: the unfinished one is kept with your games and its save replaced.")
    );
    assert!(said.last().is_some_and(|line| line.starts_with("Pass three cards to Left")), "{said:#?}");
}

#[test]
fn rules_changed_from_a_preset_are_said_in_words_not_with_a_plus() {
    let setup =
        Setup { rules: Rules::default(), label: "black-lady+".into(), players: vec![Player::Builtin(Level::Easy); 4] };
    let table = Table::local(setup, DealCode { seed: 7, hand: 1 }, Speed::Instant, Think::Samples(1)).unwrap();
    let mut room = Room::with_narrators(table, Vec::new(), vec![Narrator::new(PersonId::LOCAL, CardWords::default())]);
    let said = room.take_lines(PersonId::LOCAL);
    assert_eq!(said[0], "black-lady with house rules, 4 players: You, Left, Across and Right.");
}
