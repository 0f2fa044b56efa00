//! The table's bots, driven the same way wherever the table runs: the
//! table hands out one decision at a time as a [`BotJob`] (the bot goes
//! with it), the runtime runs the job on its pool, and the answer comes
//! back with the bot as a [`Decided`]. A bot that panics is dropped and
//! the built-in `normal` bot decides in its place that once.

use hearts_bots::players::Level;
use hearts_bots::{Bot, Think, decide};
use hearts_engine::{Action, Game, Seat};

use super::Setup;
use super::pool::{caught, panic_message};

/// Each seat's bot, made when the seat first needs one (a person's seat
/// may, when the person is away or the turn clock runs out).
pub(crate) struct Bots {
    /// `None` before the seat's bot is needed, and while it thinks.
    seats: Vec<Option<Box<dyn Bot>>>,
    setup: Setup,
    seed: u64,
    /// Counts games, so a bot coming back from an old game is dropped.
    game_number: u64,
    /// A bot thinks now.
    pub(crate) thinking: bool,
    think: Think,
}

impl std::fmt::Debug for Bots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bots").field("game_number", &self.game_number).field("thinking", &self.thinking).finish()
    }
}

impl Bots {
    /// The bots of a game of `seed`, none made yet.
    pub(crate) fn new(setup: &Setup, seed: u64, think: Think) -> Bots {
        let seats = (0..setup.rules.player_count()).map(|_| None).collect();
        Bots { seats, setup: setup.clone(), seed, game_number: 0, thinking: false, think }
    }

    /// The bots of the next game at the table (an answer from a bot of the
    /// last one is then dropped).
    pub(crate) fn next_game(&mut self, setup: &Setup, seed: u64) {
        let game_number = self.game_number + 1;
        *self = Bots { game_number, ..Bots::new(setup, seed, self.think) };
    }

    /// The job asking `seat`'s bot for its decision in `game`; `None` while
    /// a bot thinks.
    pub(crate) fn job(&mut self, game: &Game, seat: Seat, generation: u64) -> Option<BotJob> {
        if self.thinking {
            return None;
        }
        let place = self.seats.get_mut(seat.index())?;
        let bot = match place.take() {
            Some(bot) => bot,
            None => self.setup.players.get(seat.index())?.bot(self.seed, seat, self.think),
        };
        self.thinking = true;
        Some(BotJob { game_number: self.game_number, seat, generation, game: game.clone(), bot })
    }

    /// The bot is back from its job: whether the answer is for this game.
    pub(crate) fn back(&mut self, decided: &mut Decided) -> bool {
        if decided.game_number != self.game_number {
            return false;
        }
        self.thinking = false;
        // A bot that failed is made afresh when next needed.
        if let Some(place) = self.seats.get_mut(decided.seat.index()) {
            *place = decided.bot.take();
        }
        true
    }
}

/// A bot's decision to make, off the table's thread.
pub struct BotJob {
    game_number: u64,
    seat: Seat,
    generation: u64,
    game: Game,
    bot: Box<dyn Bot>,
}

impl BotJob {
    /// The seat deciding.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Decides (a search may take a while). A bot that panics is dropped
    /// and `normal` decides for it this once.
    pub fn run(self) -> Decided {
        let BotJob { game_number, seat, generation, game, mut bot } = self;
        match caught(|| decide(&game, seat, bot.as_mut())) {
            Ok(action) => Decided { game_number, seat, generation, action, bot: Some(bot), failure: None },
            Err(payload) => {
                let why = panic_message(payload.as_ref());
                let name = bot.name();
                // The panicking bot may be half-updated: it is dropped, not reused.
                drop(caught(move || drop(bot)));
                let mut stand_in = Level::Normal.bot(game.seed(), seat, Think::Samples(1));
                Decided {
                    game_number,
                    seat,
                    generation,
                    action: decide(&game, seat, stand_in.as_mut()),
                    bot: None,
                    failure: Some(format!("the {name} bot failed ({why}); normal played for it")),
                }
            }
        }
    }
}

/// A bot's answer, with the bot handed back.
pub struct Decided {
    game_number: u64,
    /// The seat that decided.
    pub seat: Seat,
    /// The position the bot saw.
    pub(crate) generation: u64,
    /// What it does.
    pub(crate) action: Option<Action>,
    /// The bot; `None` when it panicked.
    bot: Option<Box<dyn Bot>>,
    /// What went wrong, for the people at the table.
    pub(crate) failure: Option<String>,
}

impl std::fmt::Debug for Decided {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Decided")
            .field("seat", &self.seat)
            .field("generation", &self.generation)
            .field("action", &self.action)
            .field("failure", &self.failure)
            .finish()
    }
}
