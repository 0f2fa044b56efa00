//! The subcommands: `play` (the terminal table, also what `hearts` alone does) and the
//! headless `rules`, `deal`, `sim`, `bot`, `perft`, `stats`, `completions` and `man`. Each
//! returns the text to print, or an error that ends the program with exit code 2.
//! `run` dispatches; the headless commands' work is in `arena` (`sim`),
//! `deal`, `docs` (`completions`, `man`), `perft` and `records` (`replay`,
//! `review`).

use std::fmt::Write as _;
use std::path::PathBuf;

use std::io::IsTerminal;

use crate::cli::{BotFlagError, Cli, Command, PlayArgs, ServeArgs};
use crate::files::{self as store, FileError};
use crate::line::CardWords;
use crate::remembered::Remembered;
use crate::serve::{ServeError, ServeOptions};
use crate::terminal::games;
use crate::terminal::{self, PlayOptions, TableError, stats::Stats};
use crate::theme::Theme;
use hearts_bots::config::{self, ConfigError, LoadedRules, SearchPaths};
use hearts_bots::players::{BotChoices, Level, PlayerError};
use hearts_bots::protocol;
use hearts_engine::{Card, NotationError, PlayError, Seat};
use hearts_table::Setup;
use hearts_table::review;

mod arena;
mod deal;
mod docs;
mod perft;
mod records;

use arena::simulate;
use deal::deals;
use docs::{completions, manual};
use perft::{perft_position, perft_report};
use records::{pick_record, progress_on_stderr, review_report, seat_of};

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
