//! A seat's screen never shows a card that seat may not see: whole games of
//! several presets, every seat held by a person and one more watching, each
//! person's screen drawn after every update exactly as `hearts serve` draws
//! it (a ratatui terminal writing bytes), those bytes fed to a terminal
//! emulator, and every card read off the emulated screen checked against
//! what the game says that seat may know at that moment.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::io::{self, Write};
use std::rc::Rc;
use std::time::{Duration, Instant};

use hearts::room::Room;
use hearts::theme::Theme;
use hearts::ui::Viewer as View;
use hearts::ui::input::Command;
use hearts::ui::window::Window;
use hearts_bots::players::Player;
use hearts_bots::record::DealCode;
use hearts_bots::{Level, Think, decide};
use hearts_engine::{Action, Card, CardSet, GamePhase, HandPhase, Preset, Rank, Rules, Seat, Suit};
use hearts_table::pace::Speed;
use hearts_table::{Arrival, Message, PersonId, Setup, Sharing, Table};
use ratatui::backend::CrosstermBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::{Terminal, TerminalOptions, Viewport};

/// The smallest screen (small cards) and the big layout (large cards).
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 36)];
/// A very big screen too: the same large cards, spread wider.
const HUGE: (u16, u16) = (200, 60);
/// How far the table's clock moves between steps: past any pace wait.
const STEP: Duration = Duration::from_millis(600);
/// The most cards a hand is dealt in these games (Heartsette for three):
/// a hand this size or smaller has every card's rank and suit in view.
const ROOM_FOR: usize = 16;

// ---- reading cards off a screen -------------------------------------------

/// A screen as the emulator shows it: one character a cell.
struct Grid {
    rows: Vec<Vec<char>>,
}

impl Grid {
    fn of(screen: &vt100::Screen) -> Grid {
        let (rows, columns) = screen.size();
        let rows = (0..rows.get())
            .map(|row| {
                (0..columns.get())
                    .map(|column| {
                        let cell = screen.cell(row, column).map(|cell| cell.contents()).unwrap_or_default();
                        cell.chars().next().unwrap_or(' ')
                    })
                    .collect()
            })
            .collect();
        Grid { rows }
    }

    /// A screen typed out, one string a row.
    fn from_lines(lines: &[&str]) -> Grid {
        Grid { rows: lines.iter().map(|line| line.chars().collect()).collect() }
    }

    fn at(&self, row: usize, column: usize) -> char {
        self.rows.get(row).and_then(|cells| cells.get(column)).copied().unwrap_or(' ')
    }

    fn text(&self) -> String {
        let lines: Vec<String> =
            self.rows.iter().map(|row| row.iter().collect::<String>().trim_end().to_string()).collect();
        lines.join("\n")
    }

    /// Every card shown: written on one line (`Q♠`, `10♥`, a small card's
    /// `Q ♠`, or `QS`, `10 H` in letters), or a large card's face (the
    /// rank at the top left, the suit in the middle, the rank again at the
    /// bottom right).
    fn cards(&self) -> CardSet {
        let mut cards = CardSet::EMPTY;
        for row in 0..self.rows.len() {
            for column in 0..self.rows[row].len() {
                cards |= self.card_written_at(row, column).into_iter().chain(self.large_card_at(row, column)).collect();
            }
        }
        cards
    }

    /// A rank starting a word, perhaps a space, then a suit ending it.
    fn card_written_at(&self, row: usize, column: usize) -> Option<Card> {
        let starts_word = column == 0 || !self.at(row, column - 1).is_alphanumeric();
        let (rank, width) = rank_at(|i| self.at(row, column + i))?;
        let mut suit_at = column + width;
        if self.at(row, suit_at) == ' ' {
            suit_at += 1;
        }
        let suit = suit_of(self.at(row, suit_at))?;
        let ends_word = !self.at(row, suit_at + 1).is_alphanumeric();
        (starts_word && ends_word).then(|| Card::new(rank, suit))
    }

    /// A large card whose top left corner is here: `┌───` (or `+---`;
    /// a card that may not be played without colour: `┌┄┄┄`, `....`),
    /// then `10 `, `  ♥` below it (the next card in a hand may cover the
    /// rest).
    fn large_card_at(&self, row: usize, column: usize) -> Option<Card> {
        const SEEN: usize = 3;
        let lines: &[char] = match self.at(row, column) {
            '┌' => &['─', '┄'],
            '+' => &['-'],
            '.' => &['.'],
            _ => return None,
        };
        let (rank, width) = rank_at(|i| self.at(row + 1, column + 1 + i))?;
        let suit = suit_of(self.at(row + 2, column + SEEN))?;
        let framed = lines.iter().any(|&line| (1..=SEEN).all(|i| self.at(row, column + i) == line));
        let blank_after_rank = (1 + width..=SEEN).all(|i| self.at(row + 1, column + i) == ' ');
        let blank_before_suit = (1..SEEN).all(|i| self.at(row + 2, column + i) == ' ');
        (framed && blank_after_rank && blank_before_suit).then(|| Card::new(rank, suit))
    }
}

/// The rank written at the start of `at(0), at(1), ...`, and its width.
fn rank_at(at: impl Fn(usize) -> char) -> Option<(Rank, usize)> {
    if at(0) == '1' && at(1) == '0' {
        return Some((Rank::Ten, 2));
    }
    let rank = match at(0) {
        '2' => Rank::Two,
        '3' => Rank::Three,
        '4' => Rank::Four,
        '5' => Rank::Five,
        '6' => Rank::Six,
        '7' => Rank::Seven,
        '8' => Rank::Eight,
        '9' => Rank::Nine,
        'J' => Rank::Jack,
        'Q' => Rank::Queen,
        'K' => Rank::King,
        'A' => Rank::Ace,
        _ => return None,
    };
    Some((rank, 1))
}

/// A suit as a symbol or a letter.
fn suit_of(c: char) -> Option<Suit> {
    match c {
        '♠' | 'S' => Some(Suit::Spades),
        '♥' | 'H' => Some(Suit::Hearts),
        '♦' | 'D' => Some(Suit::Diamonds),
        '♣' | 'C' => Some(Suit::Clubs),
        _ => None,
    }
}

// ---- what a seat may see, from the game alone --------------------------------

/// The cards `viewer` (a seat, or `None` for a watcher) may not see now:
/// the other seats' hands (a chosen pass is still its passer's until the
/// exchange), Domino's stock, and the widow until its taker took it (and,
/// to everyone else, until the hand is scored); less what the viewer knows
/// (its own hand, what it passed and to whom, every card played, the
/// widow it took).
fn hidden_from(table: &Table, viewer: Option<Seat>) -> CardSet {
    let hand = table.game().hand();
    let scored = hand.phase() == HandPhase::Finished;
    let taker = hand.kitty_taker();
    let mut hidden = hand.stock();
    for seat in Seat::all(table.players()).filter(|&seat| Some(seat) != viewer) {
        hidden |= hand.holding(seat);
    }
    if !scored && (taker.is_none() || taker != viewer) {
        hidden |= hand.kitty();
    }
    let mut known = hand.played();
    if let Some(me) = viewer {
        known |= hand.holding(me) | hand.passed(me);
        if taker == Some(me) {
            known |= hand.kitty();
        }
    }
    hidden - known
}

/// One person as the check sees them: where they sit, and whether a
/// window covers their table.
#[derive(Clone, Copy)]
struct Looker<'a> {
    room: &'a Room,
    id: PersonId,
    now: Instant,
}

impl Looker<'_> {
    fn seat(&self) -> Option<Seat> {
        self.room.table().sight(self.id, self.now).and_then(|sight| sight.seat)
    }
}

/// The cards `seat` must see in its hand now: all it holds but a pass on
/// its way, once play or passing is under way and no window covers them.
fn own_hand_in_view(looker: Looker) -> CardSet {
    let Some(me) = looker.seat() else { return CardSet::EMPTY };
    let table = looker.room.table();
    let hand = table.game().hand();
    let covered = looker.room.viewer(looker.id).is_some_and(|view| view.window.is_some());
    if covered || table.game().phase() != GamePhase::InHand || hand.holding(me).len() > ROOM_FOR {
        return CardSet::EMPTY;
    }
    let sight = table.sight(looker.id, looker.now).expect("the person is here");
    let on_its_way = sight.pending_pass().map_or(CardSet::EMPTY, |(cards, _)| cards.cards());
    hand.holding(me) - on_its_way
}

/// What is wrong with a screen shown to `looker`: a card they may not
/// see, or a card of their own hand missing.
fn check(looker: Looker, grid: &Grid) -> Result<(), String> {
    let shown = grid.cards();
    let leaked = shown & hidden_from(looker.room.table(), looker.seat());
    if !leaked.is_empty() {
        return Err(format!("shows {leaked}, which it may not see"));
    }
    let missing = own_hand_in_view(looker) - shown;
    if !missing.is_empty() {
        return Err(format!("does not show {missing} of its own hand"));
    }
    Ok(())
}

// ---- the bytes a person receives -------------------------------------------

/// The bytes sent to a client, as they are written.
#[derive(Clone, Default)]
struct Wire(Rc<RefCell<Vec<u8>>>);

impl Write for Wire {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// One person's screen: drawn as the server draws it, into bytes, and read
/// back through a terminal emulator as their client would show it.
struct Screen {
    terminal: Terminal<CrosstermBackend<Wire>>,
    wire: Wire,
    emulator: vt100::Parser,
    size: (u16, u16),
}

impl Screen {
    fn new((columns, rows): (u16, u16)) -> Screen {
        let area = Rect::new(0, 0, columns, rows);
        let wire = Wire::default();
        let backend = CrosstermBackend::new(wire.clone());
        let terminal = Terminal::with_options(backend, TerminalOptions { viewport: Viewport::Fixed(area) }).unwrap();
        let emulator = vt100::Parser::new(rows.try_into().unwrap(), columns.try_into().unwrap(), 0);
        Screen { terminal, wire, emulator, size: (columns, rows) }
    }

    /// The next frame for `looker`, with `extra` drawn over it, as the
    /// client shows it.
    fn show(&mut self, looker: Looker, extra: impl FnOnce(&mut Buffer)) -> Grid {
        self.terminal
            .draw(|frame| {
                let area = frame.area();
                looker.room.draw(looker.id, frame.buffer_mut(), area, looker.now);
                extra(frame.buffer_mut());
            })
            .unwrap();
        let bytes = std::mem::take(&mut *self.wire.0.borrow_mut());
        self.emulator.process(&bytes);
        Grid::of(self.emulator.screen())
    }
}

/// A person at the table with their screens of each size.
struct Viewer {
    id: PersonId,
    screens: Vec<Screen>,
}

// ---- whole games ---------------------------------------------------------------

/// One game to watch.
struct Watched {
    preset: Preset,
    players: u8,
    seed: u64,
    hands: u32,
    speed: Speed,
    huge: bool,
}

/// Counts of what was checked, and the moments screens were checked at,
/// so a game that showed nothing, or never came to the moment a test is
/// about, fails.
#[derive(Default)]
struct Checked {
    frames: usize,
    own_cards_seen: usize,
    cards_seen_by_watcher: usize,
    moments: BTreeSet<Moment>,
}

/// A moment worth checking the screens at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Moment {
    /// A person's pass crosses the table (the app holds it for a pace step).
    PassOnItsWay,
    /// Some seats have chosen their pass, and the cards are not exchanged.
    PassChosen,
    /// The widow lies face down.
    WidowFaceDown,
    /// A seat took the widow, and the hand is not scored yet.
    WidowTaken,
    /// Domino: a seat drew from the stock this hand.
    Drawn,
    /// Seats declare, or not, before the first lead (the Generale).
    Declaring,
    /// Seats bid in the auction, or its winner names the suit.
    Bidding,
    /// The hand's summary is open.
    HandSummary,
    /// Someone looks back at a trick or at the score sheet.
    LookingBack,
    /// The game is over.
    GameOver,
}

/// The moments the table is at now.
fn moments(room: &Room, now: Instant) -> Vec<Moment> {
    let table = room.table();
    let game = table.game();
    let hand = game.hand();
    let in_hand = game.phase() == GamePhase::InHand;
    let passing = in_hand && hand.phase() == HandPhase::Passing;
    let scored = hand.phase() == HandPhase::Finished;
    let ids = room.ids();
    let open = |window: fn(&Window) -> bool| {
        ids.iter().any(|&id| room.viewer(id).is_some_and(|view| view.window.as_ref().is_some_and(window)))
    };
    let summary = open(|window| *window == Window::HandSummary);
    let looking_back = open(|window| matches!(window, Window::Trick(_) | Window::ScoreSheet));
    let on_its_way = ids.iter().any(|&id| table.sight(id, now).is_some_and(|sight| sight.pending_pass().is_some()));
    [
        (on_its_way, Moment::PassOnItsWay),
        (passing && Seat::all(table.players()).any(|seat| !hand.passed(seat).is_empty()), Moment::PassChosen),
        (!hand.kitty().is_empty() && hand.kitty_taker().is_none(), Moment::WidowFaceDown),
        (!scored && hand.kitty_taker().is_some(), Moment::WidowTaken),
        (in_hand && !game.draws().is_empty(), Moment::Drawn),
        (in_hand && hand.phase() == HandPhase::Declaring, Moment::Declaring),
        (in_hand && matches!(hand.phase(), HandPhase::Bidding | HandPhase::Naming), Moment::Bidding),
        (summary, Moment::HandSummary),
        (looking_back, Moment::LookingBack),
        (table.finish().is_some(), Moment::GameOver),
    ]
    .into_iter()
    .filter_map(|(now, moment)| now.then_some(moment))
    .collect()
}

/// How the `index`th person's terminal shows cards: symbols or letters, in
/// colour or not.
fn theme_of(index: usize) -> Theme {
    Theme { color: index % 3 != 2, ascii: index % 2 == 1, palette256: index % 4 < 2, four_colour: false }
}

struct SharedTable {
    room: Room,
    now: Instant,
    viewers: Vec<Viewer>,
    label: String,
    checked: Checked,
    /// How many tricks had been taken when seat 1 last opened a window.
    browsed_at: usize,
}

impl SharedTable {
    fn new(game: &Watched) -> SharedTable {
        let rules = Rules { players: game.players, max_hands: game.hands, ..game.preset.rules() };
        let label = format!("{} for {} (seed {})", game.preset.name(), game.players, game.seed);
        let players = vec![Player::Builtin(Level::Normal); rules.player_count()];
        let setup = Setup { rules, label: game.preset.name().to_string(), players };
        // The turn clock at zero: a seat's bot moves for whoever the table waits on.
        let sharing = Sharing { turn_clock: Some(Duration::ZERO), ..Sharing::default() };
        let start = DealCode { seed: game.seed, hand: 1 };
        let table = Table::shared(setup, start, game.speed, Think::Samples(1), sharing).unwrap();
        let mut sizes = SIZES.to_vec();
        if game.huge {
            sizes.push(HUGE);
        }
        let mut table = SharedTable {
            room: Room::new(table, Vec::new()),
            now: Instant::now(),
            viewers: Vec::new(),
            label,
            checked: Checked::default(),
            browsed_at: 0,
        };
        let people = usize::from(game.players);
        // Everyone sits down, and one more watches.
        for index in 0..=people {
            let id = PersonId(index as u64 + 1);
            let arrival = Arrival {
                id,
                name: format!("p{index}"),
                key: None,
                watch: index == people,
                in_lines: false,
                seat_note: None,
            };
            let mut view = View::new(id, theme_of(index));
            let (columns, rows) = sizes[index % sizes.len()];
            view.resized(columns, rows);
            table.viewers.push(Viewer { id, screens: sizes.iter().map(|&size| Screen::new(size)).collect() });
            table.room.arrive(arrival, view, table.now);
            table.look();
        }
        // The watcher keeps the played-cards panel open.
        let watcher = table.viewers[people].id;
        table.press(watcher, Command::PlayedCards);
        table
    }

    fn looker(&self, id: PersonId) -> Looker<'_> {
        Looker { room: &self.room, id, now: self.now }
    }

    /// A person's key, then every person's screen checked.
    fn press(&mut self, id: PersonId, command: Command) {
        self.room.press(id, command, self.now);
        self.look();
    }

    /// A message to the table, then every person's screen checked.
    fn send(&mut self, message: Message) {
        self.room.send(message, self.now);
        self.look();
    }

    /// Draws every person's screens and checks each.
    fn look(&mut self) {
        self.checked.moments.extend(moments(&self.room, self.now));
        let looking: Vec<PersonId> = self.viewers.iter().map(|viewer| viewer.id).collect();
        for (index, id) in looking.into_iter().enumerate() {
            let looker = Looker { room: &self.room, id, now: self.now };
            for screen in &mut self.viewers[index].screens {
                let grid = screen.show(looker, |_| {});
                if let Err(wrong) = check(looker, &grid) {
                    panic!(
                        "{}: hand {}, {id:?} at {:?}, {}x{}: the screen {wrong}\n{}",
                        self.label,
                        self.room.table().game().hand_number(),
                        looker.seat(),
                        screen.size.0,
                        screen.size.1,
                        grid.text()
                    );
                }
                let shown = grid.cards();
                self.checked.frames += 1;
                self.checked.own_cards_seen += (shown & own_hand_in_view(looker)).len();
                if looker.seat().is_none() {
                    self.checked.cards_seen_by_watcher += shown.len();
                }
            }
        }
    }

    /// The seat's bot's choice, as the person in it would make it.
    fn advice(&self, seat: Seat) -> Option<Action> {
        let game = self.room.table().game();
        let mut bot = Level::Normal.bot(game.seed(), seat, Think::Samples(1));
        decide(game, seat, bot.as_mut())
    }

    /// People answer the windows that wait for them (the summary, the
    /// Generale, a bid, the suit to name, the moon); those at even seats
    /// also pass and play by their own clicks; the person at seat 1 looks
    /// at the last trick or the score sheet once a trick is taken.
    fn people_act(&mut self) {
        for index in 0..self.viewers.len() {
            let id = self.viewers[index].id;
            let Some(seat) = self.looker(id).seat() else { continue };
            let window = self.room.viewer(id).and_then(|view| view.window.clone());
            let command = match &window {
                Some(
                    Window::HandSummary
                    | Window::Generale(_)
                    | Window::Bid(_)
                    | Window::NameSuit(_)
                    | Window::MoonChoice(_),
                ) => Some(Command::Confirm),
                Some(Window::Trick(_) | Window::ScoreSheet) => Some(Command::Cancel),
                Some(_) => None,
                None if seat.index() == 1 => self.browse(),
                None => None,
            };
            if let Some(command) = command {
                self.press(id, command);
                continue;
            }
            let by_hand = seat.index() % 2 == 0 && window.is_none();
            let sight = self.room.table().sight(id, self.now).expect("the person is here");
            let (passing, playing) = (sight.is_passing(), sight.plays_now());
            if !by_hand || !(passing || playing) {
                continue;
            }
            match self.advice(seat) {
                Some(Action::Pass { cards, .. }) => {
                    for card in cards.iter() {
                        self.press(id, Command::Card(card));
                    }
                    self.press(id, Command::Confirm);
                }
                Some(Action::Play { card, .. }) => self.press(id, Command::Card(card)),
                _ => {}
            }
        }
    }

    /// The window to look at once a trick more is taken: the last trick,
    /// then the score sheet, in turn.
    fn browse(&mut self) -> Option<Command> {
        let taken = self.room.table().game().tricks().len();
        if taken == 0 || taken == self.browsed_at {
            return None;
        }
        self.browsed_at = taken;
        Some(if taken % 2 == 1 { Command::LastTrick } else { Command::ScoreSheet })
    }

    /// The bot the table asks for decides, if one is asked.
    fn a_bot_acts(&mut self) {
        if let Some(job) = self.room.bot_job(self.now) {
            self.send(Message::BotDecided(job.run()));
        }
    }

    /// Plays the game to its end, checking every screen after each update.
    fn play(mut self) -> Checked {
        for _ in 0..20_000 {
            if self.room.table().finish().is_some() {
                return self.checked;
            }
            self.people_act();
            self.a_bot_acts();
            self.now += STEP;
            self.send(Message::Tick);
        }
        panic!("{}: the game never ended", self.label);
    }
}

/// Plays `games` through, checking every screen, and makes sure they came
/// to each of the `moments` at least once.
fn watch_whole_games(games: &[Watched], must_come: &[Moment]) {
    let mut came = BTreeSet::new();
    for game in games {
        let label = format!("{} for {} (seed {})", game.preset.name(), game.players, game.seed);
        let checked = SharedTable::new(game).play();
        assert!(checked.frames > 100, "{label}: only {} frames", checked.frames);
        assert!(checked.own_cards_seen > 100, "{label}: the people hardly saw their own cards");
        assert!(checked.cards_seen_by_watcher > 10, "{label}: the watcher saw no card played");
        came.extend(checked.moments);
    }
    for moment in must_come {
        assert!(came.contains(moment), "the games never came to {moment:?}");
    }
}

use Moment::*;

#[test]
fn black_lady_screens_show_no_card_their_seat_may_not_see() {
    watch_whole_games(
        &[
            Watched { preset: Preset::BlackLady, players: 4, seed: 1, hands: 4, speed: Speed::Fast, huge: true },
            Watched { preset: Preset::BlackLady, players: 4, seed: 2, hands: 2, speed: Speed::Instant, huge: false },
        ],
        &[PassOnItsWay, PassChosen, HandSummary, LookingBack, GameOver],
    );
}

#[test]
fn omnibus_screens_show_no_card_their_seat_may_not_see() {
    watch_whole_games(
        &[Watched { preset: Preset::Omnibus, players: 4, seed: 3, hands: 3, speed: Speed::Fast, huge: false }],
        &[PassOnItsWay, PassChosen, HandSummary, GameOver],
    );
}

#[test]
fn no_screen_shows_the_widow_but_its_takers_before_the_hand_is_scored() {
    watch_whole_games(
        &[
            Watched { preset: Preset::Heartsette, players: 4, seed: 4, hands: 3, speed: Speed::Fast, huge: false },
            Watched { preset: Preset::Heartsette, players: 3, seed: 5, hands: 2, speed: Speed::Instant, huge: false },
        ],
        &[PassChosen, WidowFaceDown, WidowTaken, HandSummary],
    );
}

#[test]
fn no_screen_shows_dominos_stock_or_the_other_hand() {
    watch_whole_games(
        &[
            Watched { preset: Preset::Domino, players: 2, seed: 6, hands: 3, speed: Speed::Fast, huge: false },
            Watched { preset: Preset::Domino, players: 2, seed: 7, hands: 3, speed: Speed::Instant, huge: false },
        ],
        &[Drawn, HandSummary, GameOver],
    );
}

#[test]
fn eleven_at_cancellation_see_no_card_of_each_others_hands_or_the_kitty() {
    watch_whole_games(
        &[Watched { preset: Preset::Cancellation, players: 11, seed: 8, hands: 1, speed: Speed::Instant, huge: false }],
        &[PassChosen, WidowFaceDown, WidowTaken],
    );
}

#[test]
fn bidders_at_auction_see_no_card_of_each_others_hands() {
    watch_whole_games(
        &[Watched { preset: Preset::Auction, players: 5, seed: 9, hands: 2, speed: Speed::Fast, huge: false }],
        &[Bidding, HandSummary],
    );
}

#[test]
fn declarers_at_chasse_coeur_see_no_card_of_each_others_hands() {
    watch_whole_games(
        &[Watched { preset: Preset::ChasseCoeur, players: 4, seed: 10, hands: 2, speed: Speed::Instant, huge: false }],
        &[Declaring, HandSummary],
    );
}

// ---- the check can fail ----------------------------------------------------------

#[test]
fn cards_are_read_in_every_way_the_table_writes_them() {
    let grid = Grid::from_lines(&[
        " You received Q♠ 10♥ from Left · passed KS 10H to Right",
        " ┌───┐┌───┐ +---+  ┌─────┐ +-----+",
        " │2 ♣││10♦│ |J C|  │A    │ |10   |",
        " └───┘└───┘ +---+  │  ♥  │ |  D  |",
        "                   │    A│ |   10|",
        "                   └─────┘ +-----+",
        " ┌┄┄┄┄┄┐ .......",
        " ┆5    ┆ :9    :",
        " ┆  ♠  ┆ :  C  :",
    ]);
    assert_eq!(grid.cards(), "QS TH KS 2C TD JC AH 5S 9C".parse::<CardSet>().unwrap(), "dashed and dotted too");
}

#[test]
fn words_that_look_like_cards_are_not_read_as_cards() {
    let grid = Grid::from_lines(&[
        " [ PASS ]  KEYS  2 Stop  seed 42 · Hand 3 | to 100",
        " ♣ 2 3 · · 6 7 T J Q K A",
        " ╭─────────────╮",
        " │A hand       │",
        " │  S          │",
    ]);
    assert_eq!(grid.cards(), CardSet::EMPTY, "{}", grid.text());
}

/// A table of four, everyone seated and one watching, before the first pass.
fn fresh_table() -> SharedTable {
    SharedTable::new(&Watched {
        preset: Preset::BlackLady,
        players: 4,
        seed: 11,
        hands: 1,
        speed: Speed::Instant,
        huge: false,
    })
}

#[test]
fn a_card_of_another_hand_drawn_on_a_screen_is_caught_from_the_bytes() {
    let table = fresh_table();
    let hand = table.room.table().game().hand();
    let north = Seat::new(2).unwrap();
    let leaked = hand.holding(north).highest().unwrap();
    for (index, viewer) in table.viewers.iter().enumerate() {
        let seen = table.looker(viewer.id);
        if seen.seat() == Some(north) {
            continue;
        }
        let theme = table.room.viewer(viewer.id).unwrap().theme;
        for size in SIZES {
            let mut screen = Screen::new(size);
            let honest = screen.show(seen, |_| {});
            assert_eq!(check(seen, &honest), Ok(()), "person {index} at {size:?}");
            // The leak in a note, then on a small card, then on a large one.
            let written = theme.card(leaked);
            let note = screen.show(seen, |buf| {
                buf.set_string(2, 1, format!("North holds {written}"), Style::default());
            });
            assert!(check(seen, &note).unwrap_err().contains(&leaked.to_string()), "{}", note.text());
            let (rank, suit) = theme.face(leaked);
            let small = screen.show(seen, |buf| {
                buf.set_string(2, 2, "┌───┐", Style::default());
                buf.set_string(2, 3, format!("│{rank:<2}{suit}│"), Style::default());
                buf.set_string(2, 4, "└───┘", Style::default());
            });
            assert!(check(seen, &small).is_err(), "{}", small.text());
            let large = screen.show(seen, |buf| {
                let (top, side) = if theme.ascii { ("+-----+", "|") } else { ("┌─────┐", "│") };
                buf.set_string(2, 2, top, Style::default());
                buf.set_string(2, 3, format!("{side}{rank:<5}{side}"), Style::default());
                buf.set_string(2, 4, format!("{side}{suit:^5}{side}"), Style::default());
                buf.set_string(2, 5, format!("{side}{rank:>5}{side}"), Style::default());
                buf.set_string(2, 6, top, Style::default());
            });
            assert!(check(seen, &large).is_err(), "{}", large.text());
        }
    }
}

#[test]
fn a_hand_missing_from_its_own_screen_is_caught() {
    let table = fresh_table();
    let seen = table.looker(table.viewers[0].id);
    let mut screen = Screen::new((80, 24));
    let blanked = screen.show(seen, |buf| {
        let area = buf.area;
        buf.set_string(0, area.height - 5, " ".repeat(usize::from(area.width)), Style::default());
        buf.set_string(0, area.height - 4, " ".repeat(usize::from(area.width)), Style::default());
        buf.set_string(0, area.height - 3, " ".repeat(usize::from(area.width)), Style::default());
    });
    assert!(check(seen, &blanked).unwrap_err().contains("of its own hand"), "{}", blanked.text());
}

#[test]
fn the_other_seats_and_the_watcher_may_not_see_a_pass_before_it_arrives() {
    let mut table = fresh_table();
    let (south, west) = (Seat::SOUTH, Seat::new(1).unwrap());
    let Some(Action::Pass { cards, .. }) = table.advice(south) else { panic!("South passes first") };
    let id = table.viewers[0].id;
    for card in cards.iter() {
        table.press(id, Command::Card(card));
    }
    table.press(id, Command::Confirm);
    table.now += STEP;
    table.send(Message::Tick);
    let game = table.room.table().game();
    assert!(!game.hand().passed(south).is_empty(), "South's pass is chosen, not yet exchanged");
    assert!(game.hand().awaits_pass_from(west), "the others have not passed yet");
    let passed = cards.cards();
    let shared = table.room.table();
    assert_eq!(hidden_from(shared, Some(west)) & passed, passed, "its receiver may not see it yet");
    assert_eq!(hidden_from(shared, None) & passed, passed, "nor may the watcher");
    assert_eq!(hidden_from(shared, Some(south)) & passed, CardSet::EMPTY, "its passer knows it");
}
