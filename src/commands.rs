//! The subcommands: `play` (the terminal table, also what `hearts` alone does) and the
//! headless `rules`, `deal`, `sim`, `bot`, `perft`, `stats`, `completions` and `man`. Each
//! returns the text to print, or an error that ends the program with exit code 2.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use std::io::{IsTerminal, Write as _};

use clap::CommandFactory;

use crate::cli::{BotFlagError, Cli, Command, PlayArgs, ServeArgs, SimArgs};
use crate::files::{self as store, FileError};
use crate::line::CardWords;
use crate::remembered::Remembered;
use crate::serve::{ServeError, ServeOptions};
use crate::terminal::games;
use crate::terminal::{self, PlayOptions, TableError, stats::Stats};
use crate::theme::Theme;
use hearts_bots::config::{self, ConfigError, LoadedRules, SearchPaths};
use hearts_bots::players::{BotChoices, Level, Player, PlayerError};
use hearts_bots::protocol;
use hearts_bots::record::GameRecord;
use hearts_bots::sim::{self, Arena, Lineup, Units};
use hearts_engine::perft::{divide, perft};
use hearts_engine::{BySeat, Card, CardBag, CardSet, Deal, Hand, NotationError, PlayError, Preset, Rules, Seat};
use hearts_table::Setup;
use hearts_table::review;

/// Why a command could not do its job.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// The rules could not be loaded.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Card or deal notation could not be read.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// `--deal` hands of different sizes.
    #[error("--deal: every hand must hold the same number of cards: {seat} holds {held}, {first} holds {size}")]
    UnevenHands {
        /// The seat whose hand differs.
        seat: Seat,
        /// Cards it holds.
        held: usize,
        /// The first seat.
        first: Seat,
        /// Cards the first seat holds.
        size: usize,
    },
    /// `--deal` holds a card these rules take out of the deck.
    #[error("--deal: {0} is removed from the deck under these rules")]
    RemovedCard(Card),
    /// A bot flag names no player.
    #[error(transparent)]
    BotFlag(#[from] BotFlagError),
    /// The players do not fit the table.
    #[error(transparent)]
    Seats(#[from] PlayerError),
    /// `--duplicate` is not two players.
    #[error("--duplicate {0}: expected two bots, e.g. hard,normal")]
    DuplicatePair(String),
    /// `--duplicate` names a player that is not one.
    #[error("--duplicate: {0}")]
    DuplicatePlayer(PlayerError),
    /// `--record FILE` could not be written.
    #[error("--record {}: {source}", path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// `--compare FILE` could not be read, or is not a run like this one.
    #[error("--compare {}: {problem}", path.display())]
    Compare {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// `hearts bot`: the pipes failed.
    #[error("bot: {0}")]
    Protocol(std::io::Error),
    /// The terminal table could not run.
    #[error(transparent)]
    Table(#[from] TableError),
    /// `hearts serve` could not serve.
    #[error(transparent)]
    Serve(#[from] ServeError),
    /// The server's database could not be read, or `--export` not written.
    #[error("serve: {0}")]
    Store(#[from] crate::serve::store::StoreError),
    /// The statistics could not be read.
    #[error(transparent)]
    Stats(#[from] FileError),
    /// No game records to replay or review.
    #[error("no games kept{}", .0.as_ref().map_or_else(|| " yet: play one first".to_string(), |p| format!(" in {}", p.display())))]
    NoGames(Option<PathBuf>),
    /// No game is kept yet, but one is saved unfinished.
    #[error("no games kept yet: your unfinished game is kept once it ends, or once a new game replaces it")]
    OnlyUnfinished,
    /// `--game N` beyond the file.
    #[error("--game {index}: there are {count} games")]
    NoSuchGame {
        /// The game asked for.
        index: usize,
        /// Games in the file.
        count: usize,
    },
    /// A records file that could not be read.
    #[error("cannot read {}: {source}", path.display())]
    ReadRecords {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// `--of SEAT` names a seat the game does not have.
    #[error("--of {seat}: the game has {players} seats, numbered from 0 to {}", players.saturating_sub(1))]
    NoSuchSeat {
        /// The seat asked for.
        seat: u64,
        /// Seats at the game's table.
        players: usize,
    },
    /// A line of a records file that is not a game record.
    #[error("{}:{line}: not a game record: {problem}", path.display())]
    NotARecord {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// What the parser said.
        problem: String,
    },
    /// A record that does not replay.
    #[error(transparent)]
    Replay(#[from] hearts_bots::record::ReplayError),
    /// A move in `--moves` breaks a rule.
    #[error("--moves: move {number} ({card} by {seat}) is illegal: {error}")]
    IllegalMove {
        /// 1-based position in the list.
        number: usize,
        /// The seat whose turn it was.
        seat: Seat,
        /// The card.
        card: Card,
        /// The rule it breaks.
        error: PlayError,
    },
}

/// Runs the command the command line names.
pub fn run(cli: &Cli, search: &SearchPaths) -> Result<String, CommandError> {
    let mut request = cli.rules.request();
    let command = cli.command.as_ref();
    match command.unwrap_or(&Command::Play(cli.play.clone())) {
        Command::Play(args) => {
            // The new-game window keeps its choices beside the user's rules file.
            let settings = search.user.as_ref().and_then(|file| file.parent()).map(std::path::Path::to_path_buf);
            let remembered = settings
                .as_deref()
                .map(terminal::remembered::remembered_path)
                .map(|f| terminal::remembered::recall(&f));
            let remembered = remembered.unwrap_or_default();
            let loaded = remembered.launch_rules(&request, search)?;
            let choices = loaded.bots.then(&cli.bots.choices()?);
            play(&loaded, &choices, args, settings, &remembered)?;
            Ok(String::new())
        }
        Command::Stats => {
            let dir = store::data_dir()?;
            let mut out = Stats::read(&dir)?.render();
            let (kept, problem) = games::read(&dir);
            let games = crate::words::count(kept.len(), "game", "games");
            let _ = writeln!(out, "\n{games} kept in {}", games::path(&dir).display());
            if let Some(problem) = problem {
                let _ = writeln!(out, "note: {problem}");
            }
            Ok(out)
        }
        Command::Replay { file, game } => {
            let (record, index, count) = pick_record(file.as_deref(), *game)?;
            if !std::io::stdout().is_terminal() {
                return Err(TableError::NotATerminal.into());
            }
            let seat = review::reviewed_seat(&record);
            let theme = Theme { four_colour: cli.play.four_colour, ..Theme::from_environment(cli.play.ascii) };
            // The review fills in while the replay is on screen.
            let replay = crate::ui::replay::Replay::new(record, (index, count), theme)?;
            terminal::replay::run(replay, Some(seat))?;
            Ok(String::new())
        }
        Command::Review { file, game, seat, json } => {
            let (record, _, _) = pick_record(file.as_deref(), *game)?;
            let seat = match seat {
                Some(number) => seat_of(&record, *number)?,
                None => review::reviewed_seat(&record),
            };
            let decisions = review::review(&record, seat, review::REVIEW_SAMPLES, progress_on_stderr("reviewing"))?;
            Ok(if *json {
                decisions.iter().map(|d| serde_json::to_string(d).expect("a decision serialises") + "\n").collect()
            } else {
                review_report(&decisions)
            })
        }
        Command::Rules { check: Some(path) } => {
            request.file = Some(path.clone());
            let loaded = config::load(&request, search)?;
            Ok(format!("{}: ok ({} players, preset {})\n", path.display(), loaded.rules.players, loaded.preset))
        }
        Command::Rules { check: None } => Ok(config::load(&request, search)?.to_toml()),
        Command::Deal { seed, hand, hands } => {
            let loaded = config::load(&request, search)?;
            let cycle = loaded.rules.pass_cycle().directions().len() as u32;
            let range = match (hand, hands) {
                (Some(k), _) => *k - 1..*k,
                (None, count) => 0..count.unwrap_or(cycle),
            };
            Ok(deals(&loaded, *seed, range))
        }
        Command::Sim(args) => {
            let loaded = config::load(&request, search)?;
            let choices = loaded.bots.then(&cli.bots.choices()?);
            simulate(&loaded, &choices, args)
        }
        Command::Serve(ServeArgs { export: Some(file), .. }) => {
            let count = crate::serve::store::export_games(&store::data_dir()?, file)?;
            let games = crate::words::count(count, "game", "games");
            Ok(format!("hearts serve: wrote {games} to {}\n", file.display()))
        }
        Command::Serve(args) => {
            crate::serve::run(serve_options(cli, args, search)?)?;
            Ok(String::new())
        }
        Command::Bot { level, seed } => {
            let level: Level = level.parse()?;
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            protocol::serve(level, *seed, stdin, stdout).map_err(CommandError::Protocol)?;
            Ok(String::new())
        }
        Command::Perft { deal, moves, depth, divide, json } => {
            let loaded = config::load(&request, search)?;
            let hand = perft_position(&loaded.rules, deal, moves)?;
            Ok(perft_report(&hand, *depth, *divide, *json))
        }
        Command::Completions { shell } => Ok(completions(*shell)),
        Command::Man { subcommand } => Ok(manual(subcommand.as_deref())),
    }
}

/// `hearts completions SHELL`: the shell's completion script, made from
/// the command line's own definitions.
fn completions(shell: clap_complete::Shell) -> String {
    use clap::builder::PossibleValuesParser;
    // The script offers the names these flags take; the command line itself
    // still reads a program seat (cmd:...) in them.
    let levels: Vec<&str> = Level::ALL.iter().map(|level| level.name()).collect();
    let seats: Vec<String> = (1..hearts_engine::MAX_PLAYERS)
        .flat_map(|seat| levels.iter().map(move |level| format!("{seat}={level}")))
        .collect();
    let mut command = Cli::command()
        .mut_arg("preset", |arg| arg.value_parser(PossibleValuesParser::new(Preset::ALL.iter().map(|p| p.name()))))
        .mut_arg("seats", |arg| arg.value_parser(PossibleValuesParser::new(seats)));
    for flag in ["bots", "left", "across", "right"] {
        command = command.mut_arg(flag, |arg| arg.value_parser(PossibleValuesParser::new(levels.clone())));
    }
    let name = command.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    String::from_utf8(script).expect("the command line's words are UTF-8")
}

/// `hearts man`: the manual page of the command line, in roff, its
/// subcommands listed in a section of their own as the pages `hearts man
/// NAME` prints (hearts-NAME(1)).
fn manual(subcommand: Option<&str>) -> String {
    if subcommand == Some("plain") {
        return line_mode_manual();
    }
    let mut page = Vec::new();
    // `hearts help` is not a page of its own: `--help` says the same.
    let mut hearts = Cli::command().disable_help_subcommand(true);
    // Built, a subcommand carries the global options (the rules, the bots) and its display name, hearts-NAME.
    hearts.build();
    let found = subcommand.and_then(|name| hearts.find_subcommand(name).cloned());
    let command = found.map_or(hearts, |found| found.version(env!("CARGO_PKG_VERSION")));
    let title = command.get_display_name().unwrap_or(command.get_name()).to_uppercase();
    // The synopsis says what `--help` says; listed one by one, sixty options would hide their values.
    let usage = command.clone().render_usage().to_string();
    let command = command.override_usage(usage.trim_start_matches("Usage: ").to_string());
    let man = clap_mangen::Man::new(command).title(title);
    man.render(&mut page).expect("writing to memory does not fail");
    let mut page = String::from_utf8(page).expect("the command line's words are UTF-8");
    if subcommand.is_none() {
        page.push_str(
            ".SH \"SEE ALSO\"\nhearts\\-plain(7): the line mode's commands, for screen readers and scripts\n",
        );
    }
    page
}

/// `hearts man plain`: the line mode's page, hearts-plain(7), its table
/// of commands the one the code keeps ([`crate::line::command::COMMANDS`]).
fn line_mode_manual() -> String {
    // roff: a leading dot or quote would be a request, a hyphen is \-.
    let roff = |text: &str| text.replace('\\', "\\e").replace('-', "\\-");
    let mut page = format!(".TH HEARTS-PLAIN 7 \"\" \"hearts {}\"\n", env!("CARGO_PKG_VERSION"));
    page.push_str(
        ".SH NAME\nhearts\\-plain \\- the line mode of hearts: the table as sentences, commands typed as words\n",
    );
    page.push_str(
        ".SH SYNOPSIS\n\\fBhearts \\-\\-plain\\fR [\\fB\\-\\-brief\\fR] [\\fB\\-\\-symbols\\fR] [OPTIONS]\n.br\n",
    );
    page.push_str("\\fBssh \\-T\\fR HOST [\\fBjoin\\fR|\\fBwatch\\fR CODE]\n");
    page.push_str(".SH DESCRIPTION\n");
    page.push_str(&roff(
        "Each event is one line, printed once: the deal, the pass, each card, each trick taken and its points, \
         the scores. When the game waits for you a line says what to do. Nothing but text is printed. \
         Type help for what you may type now. HEARTS_PLAIN=1, a dumb TERM, or default plain make the line \
         mode the default; hearts --screen opens the table once.",
    ));
    page.push_str("\n.SH COMMANDS\n");
    for (typed, does) in crate::line::command::COMMANDS {
        page.push_str(&format!(".TP\n\\fB{}\\fR\n{}\n", roff(typed), roff(does)));
    }
    page.push_str(".SH \"SEE ALSO\"\nhearts(1), hearts\\-serve(1)\n");
    page
}

/// Game `game` (1-based, default the last) of a records file, or of the
/// kept games: (record, its number, how many there are).
fn pick_record(file: Option<&std::path::Path>, game: Option<u64>) -> Result<(GameRecord, usize, usize), CommandError> {
    let records = match file {
        Some(path) => read_records(path)?,
        None => {
            let (records, problem) = games::read(&store::data_dir()?);
            if let Some(problem) = problem {
                eprintln!("hearts: {problem}");
            }
            records
        }
    };
    let count = records.len();
    if count == 0 {
        let saved = file.is_none() && store::data_dir().is_ok_and(|dir| terminal::save::save_path(&dir).exists());
        return Err(if saved {
            CommandError::OnlyUnfinished
        } else {
            CommandError::NoGames(file.map(std::path::Path::to_path_buf))
        });
    }
    let index = game.map_or(count, |n| n as usize);
    let record = records.into_iter().nth(index - 1).ok_or(CommandError::NoSuchGame { index, count })?;
    Ok((record, index, count))
}

/// Seat `number` of the game `record` holds.
fn seat_of(record: &GameRecord, number: u64) -> Result<Seat, CommandError> {
    let players = record.seats.len();
    usize::try_from(number)
        .ok()
        .filter(|&index| index < players)
        .and_then(Seat::new)
        .ok_or(CommandError::NoSuchSeat { seat: number, players })
}

/// A progress callback that draws a bar on stderr when it is a terminal.
fn progress_on_stderr(what: &'static str) -> impl FnMut(usize, usize) {
    let show = std::io::stderr().is_terminal();
    move |done, total| {
        if show {
            eprint!("\r{what} {}", progress_bar(done as u64, total as u64, "tricks"));
            if done == total {
                eprintln!();
            }
        }
    }
}

/// The review for people: the costly cards, the biggest mistakes and the total.
fn review_report(decisions: &[review::Decision]) -> String {
    // Cards as the table writes them (10♠), not as records keep them (TS).
    let theme = crate::theme::Theme { color: false, ascii: false, palette256: false, four_colour: false };
    let show = |cards: &str| review::show_cards(cards, |card| theme.card(card));
    let mut out = String::new();
    for decision in decisions {
        if let Some(verdict) = decision.verdict_showing(|card| theme.card(card)) {
            let verb = if decision.is_pass() { "passed" } else { "played" };
            let _ = writeln!(out, "{}: you {verb} {}, {verdict}", decision.place(), show(&decision.played));
        }
    }
    let (worst, total) = review::summary(decisions, 5);
    let unit = decisions.first().map_or(review::Unit::Points, |d| d.unit);
    let choices = if decisions.len() == 1 { "choice" } else { "choices" };
    let gap = if out.is_empty() { "" } else { "\n" };
    let _ = writeln!(out, "{gap}{} {choices} reviewed; total cost {}", decisions.len(), unit.amount(total));
    if !worst.is_empty() {
        let _ = writeln!(out, "Biggest mistakes:");
        for d in worst {
            let (played, best) = (show(&d.played), show(&d.best));
            let _ = writeln!(out, "  {}: {played} instead of {best} ({})", d.place(), unit.amount(d.cost));
        }
    }
    out
}

/// The game records of a file the person named: every line must read.
fn read_records(path: &std::path::Path) -> Result<Vec<GameRecord>, CommandError> {
    let text = std::fs::read_to_string(path)
        .map_err(|source| CommandError::ReadRecords { path: path.to_path_buf(), source })?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line).map_err(|error| CommandError::NotARecord {
                path: path.to_path_buf(),
                line: i + 1,
                problem: error.to_string(),
            })
        })
        .collect()
}

/// `hearts sim`: plays the arena and returns the table or JSON.
fn simulate(loaded: &LoadedRules, choices: &BotChoices, args: &SimArgs) -> Result<String, CommandError> {
    let players = loaded.rules.player_count();
    let lineup = match &args.duplicate {
        Some(pair) => {
            let (a, b) = pair.split_once(',').ok_or_else(|| CommandError::DuplicatePair(pair.clone()))?;
            let parse = |text: &str| text.trim().parse::<Player>().map_err(CommandError::DuplicatePlayer);
            Lineup::Duplicate { a: parse(a)?, b: parse(b)?, both_ways: args.both_ways }
        }
        None => Lineup::Fixed(choices.resolve(players)?),
    };
    let units = match (args.games, args.hands) {
        (Some(n), _) => Units::Games(n),
        (None, Some(n)) => Units::Hands(n),
        (None, None) => Units::Hands(1000),
    };
    let threads =
        args.threads.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |n| n as usize);
    let arena = Arena { rules: loaded.rules, seed: args.seed, units, lineup, threads, think: choices.think() };
    // Read before playing, so that a wrong file does not cost a long run.
    let before = match &args.compare {
        Some(path) => Some(read_records(path).map_err(|error| match error {
            CommandError::Record { path, source } => CommandError::Compare { path, problem: source.to_string() },
            other => other,
        })?),
        None => None,
    };
    let mut now = Vec::new();
    let mut writer = match &args.record {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|source| CommandError::Record { path: path.clone(), source })?,
        )),
        None => None,
    };
    let mut write_error = None;
    let show_progress = std::io::stderr().is_terminal();
    let mut report = arena.run(
        writer.is_some() || before.is_some(),
        |record| {
            if before.is_some() {
                now.push(record.clone());
            }
            if let Some(out) = writer.as_mut()
                && write_error.is_none()
                && let Err(e) = writeln!(out, "{}", serde_json::to_string(record).expect("a record serializes"))
            {
                write_error = Some(e);
            }
        },
        |done, total| {
            if show_progress {
                eprint!("\r{}", progress_bar(done, total, "deals"));
                if done == total {
                    eprintln!();
                }
            }
        },
    );
    if let Some(out) = writer.as_mut() {
        let flushed = out.flush();
        if let Some(e) = write_error.or(flushed.err()) {
            return Err(CommandError::Record { path: args.record.clone().unwrap_or_default(), source: e });
        }
    }
    if let (Some(before), Some(path)) = (&before, &args.compare) {
        let comparison = sim::compare::compare(before, &now, &arena.layout())
            .map_err(|problem| CommandError::Compare { path: path.clone(), problem })?;
        report.compared = Some((path.display().to_string(), comparison));
    }
    Ok(if args.json { format!("{}\n", sim::render_json(&report)) } else { sim::render_table(&report) })
}

/// `[#########.........]  45% 450/1000 deals`, counting `units`.
fn progress_bar(done: u64, total: u64, units: &str) -> String {
    const WIDTH: u64 = 30;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
    let percent = (done * 100).checked_div(total).unwrap_or(100);
    format!(
        "[{}{}] {percent:>3}% {done}/{total} {units}",
        "#".repeat(filled as usize),
        ".".repeat((WIDTH - filled) as usize)
    )
}

fn deal_seat_label(seat: Seat, players: usize) -> String {
    if players == 4 { format!("{} (seat {})", seat.compass_letter(), seat.index()) } else { seat.to_string() }
}

/// The deals of hands in `range` (0-based) of the seeded game.
fn deals(loaded: &LoadedRules, seed: u64, range: std::ops::Range<u32>) -> String {
    let rules = &loaded.rules;
    let players = rules.player_count();
    let mut out = format!("seed {seed}: {players} players, preset {}\n", loaded.preset);
    for hand_index in range {
        let deal = Deal::for_hand(rules, seed, hand_index);
        let _ = writeln!(
            out,
            "hand {}: dealer {}, pass {}",
            hand_index + 1,
            deal_seat_label(deal.dealer, players),
            rules.pass_direction(hand_index)
        );
        if rules.cancellation {
            let _ = writeln!(out, "{}", Deal::bags_notation(&BySeat::new_with(|seat| deal.bag_of(seat)), players));
        } else {
            let _ = writeln!(out, "{}", Deal::hands_notation(&deal.hands, players));
        }
        if rules.domino {
            // The stock in the order it will be drawn.
            let (mut stock, mut order) = (deal.kitty, Vec::new());
            while let Some(card) = stock.scrambled_pick() {
                stock.remove(card);
                order.push(card.to_string());
            }
            let _ = writeln!(out, "stock, in drawing order: {}", order.join(" "));
        } else if !deal.kitty.is_empty() {
            let _ = writeln!(out, "kitty: {}", CardBag::new(deal.kitty, deal.twice));
        }
    }
    out
}

/// The position perft counts from: the hands, play starting (the last seat
/// dealt), then the given moves.
fn perft_position(rules: &Rules, deal: &str, moves: &str) -> Result<Hand, CommandError> {
    let players = rules.player_count();
    let dealer = Seat::new(players - 1).expect("the player count is at most the table size");
    let mut hand =
        if rules.cancellation { two_pack_position(rules, deal, dealer)? } else { position(rules, deal, dealer)? };
    for (i, text) in moves.split_whitespace().enumerate() {
        let card: Card = text.parse()?;
        let seat = hand.to_act();
        hand.play(seat, card).map_err(|error| CommandError::IllegalMove { number: i + 1, seat, card, error })?;
    }
    Ok(hand)
}

/// Every seat holds as many cards as South (`held` counts a seat's cards).
fn even_hands(players: usize, held: impl Fn(Seat) -> usize) -> Result<(), CommandError> {
    let size = held(Seat::SOUTH);
    match Seat::all(players).find(|&seat| held(seat) != size) {
        Some(seat) => Err(CommandError::UnevenHands { seat, held: held(seat), first: Seat::SOUTH, size }),
        None => Ok(()),
    }
}

/// Two packs: a card may be held twice (its rank written twice).
fn two_pack_position(rules: &Rules, deal: &str, dealer: Seat) -> Result<Hand, CommandError> {
    let players = rules.player_count();
    let hands = Deal::parse_bags(deal, players)?;
    even_hands(players, |seat| hands[seat].len())?;
    Ok(Hand::from_cards(rules, hands, dealer))
}

fn position(rules: &Rules, deal: &str, dealer: Seat) -> Result<Hand, CommandError> {
    let players = rules.player_count();
    let hands = Deal::parse_hands(deal, players)?;
    even_hands(players, |seat| hands[seat].len())?;
    let dealt = CardSet::union(hands.of_table(players));
    if let Some(card) = (dealt & rules.removed()).lowest() {
        return Err(CommandError::RemovedCard(card));
    }
    Ok(Hand::from_holdings(rules, hands, dealer))
}

fn perft_report(hand: &Hand, depth: u32, show_divide: bool, json: bool) -> String {
    let start = Instant::now();
    let (total, split) = if show_divide || json {
        let split = divide(hand, depth);
        let total = if split.is_empty() { perft(hand, depth) } else { split.iter().map(|(_, n)| n).sum() };
        (total, split)
    } else {
        (perft(hand, depth), Vec::new())
    };
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let nodes_per_sec = (total as f64 / seconds).round();
    if json {
        let split: Vec<String> = split.iter().map(|(card, n)| format!("\"{card}\":{n}")).collect();
        return format!(
            "{{\"depth\":{depth},\"total\":{total},\"divide\":{{{}}},\"nodes_per_sec\":{nodes_per_sec}}}\n",
            split.join(",")
        );
    }
    let mut out = String::new();
    for (card, n) in &split {
        let _ = writeln!(out, "{:>3}  {n}", card.to_string());
    }
    let _ = writeln!(out, "depth {depth}: {total} play sequences");
    let _ = writeln!(out, "{:.1} M nodes/s ({:.3} s)", nodes_per_sec / 1e6, seconds);
    out
}

/// How `hearts serve` is to run, from its command line: the rules and bots
/// of its tables as the other commands load them.
pub fn serve_options(cli: &Cli, args: &ServeArgs, search: &SearchPaths) -> Result<ServeOptions, CommandError> {
    let loaded = config::load(&cli.rules.request(), search)?;
    let choices = loaded.bots.then(&cli.bots.choices()?);
    Ok(ServeOptions::of(args, table(&loaded, &choices)?, choices.think()))
}

/// The table the rules and the bot choices make: its rules, their name, its
/// players (settled before the terminal is touched).
fn table(loaded: &LoadedRules, choices: &BotChoices) -> Result<Setup, CommandError> {
    let players = choices.resolve(loaded.rules.player_count())?;
    let changed = loaded.rules != loaded.preset.rules();
    let label = format!("{}{}", loaded.preset, if changed { "+" } else { "" });
    Ok(Setup { rules: loaded.rules, label, players })
}

fn play(
    loaded: &LoadedRules,
    choices: &BotChoices,
    args: &PlayArgs,
    settings: Option<PathBuf>,
    remembered: &Remembered,
) -> Result<(), CommandError> {
    let mut table = table(loaded, choices)?;
    remembered.seat_bots(choices, &mut table.players);
    let options = PlayOptions {
        deal: args.start(),
        speed: remembered.launch_speed(args.speed),
        ascii: args.ascii || remembered.ascii == Some(true),
        four_colour: remembered.launch_four_colour(args.four_colour),
        new: args.new,
        think: choices.think(),
        record: args.record.clone(),
        settings: settings.map(|dir| terminal::remembered::remembered_path(&dir)),
    };
    let plain_var = std::env::var("HEARTS_PLAIN").ok();
    let term = std::env::var("TERM").ok();
    if opens_in_lines(args, remembered, plain_var.as_deref(), term.as_deref()) {
        let line_mode = &remembered.line_mode;
        let words = CardWords { symbols: args.symbols || line_mode.symbols == Some(true) };
        let brief = args.brief || line_mode.brief == Some(true);
        return Ok(terminal::plain::play_plain(table, options, words, brief, remembered.clone())?);
    }
    Ok(terminal::play(table, options)?)
}

/// Whether `hearts` opens in the line mode: asked for on the command line
/// (`--plain`, `--brief`, `--symbols`; `--screen` for the table), else by
/// `HEARTS_PLAIN` (1 or 0), a dumb terminal, or `default plain` typed in
/// the line mode.
fn opens_in_lines(args: &PlayArgs, remembered: &Remembered, plain_var: Option<&str>, term: Option<&str>) -> bool {
    let flag = |value: &str| match value.trim().to_ascii_lowercase().as_str() {
        "1" | "yes" | "true" | "on" => Some(true),
        "0" | "no" | "false" | "off" => Some(false),
        _ => None,
    };
    if args.screen {
        return false;
    }
    if args.plain || args.brief || args.symbols {
        return true;
    }
    plain_var.and_then(flag).or((term == Some("dumb")).then_some(true)).or(remembered.line_mode.plain).unwrap_or(false)
}

#[cfg(test)]
mod line_mode_tests {
    use super::*;
    use crate::remembered::LineModeChoices;

    fn args(flags: &[&str]) -> PlayArgs {
        use clap::Parser;
        let cli = Cli::try_parse_from(std::iter::once("hearts").chain(flags.iter().copied())).unwrap();
        cli.play
    }

    #[test]
    fn the_line_mode_opens_where_asked_for_or_made_the_default_and_the_screen_where_asked_for() {
        let plain = Remembered {
            line_mode: LineModeChoices { plain: Some(true), ..LineModeChoices::default() },
            ..Remembered::default()
        };
        let none = Remembered::default();
        let xterm = Some("xterm-256color");
        assert!(!opens_in_lines(&args(&[]), &none, None, xterm), "the table by default");
        for flag in ["--plain", "--brief", "--symbols"] {
            assert!(opens_in_lines(&args(&[flag]), &none, None, xterm), "{flag}");
        }
        assert!(opens_in_lines(&args(&[]), &plain, None, xterm), "default plain typed once");
        assert!(opens_in_lines(&args(&[]), &none, Some("1"), xterm), "HEARTS_PLAIN=1");
        assert!(opens_in_lines(&args(&[]), &none, None, Some("dumb")), "a dumb terminal");
        assert!(!opens_in_lines(&args(&["--screen"]), &plain, Some("1"), Some("dumb")), "--screen wins");
        assert!(!opens_in_lines(&args(&[]), &plain, Some("0"), xterm), "HEARTS_PLAIN=0 over the remembered default");
    }
}
