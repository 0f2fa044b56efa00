//! The built-in bots at a game's seats: one bot of a level for each seat
//! it is asked to play, made for the game's seed, as `hearts sim` makes
//! them, so a game stepped from Python plays as the arena plays it.

use hearts_bots::{Bot, Level, Think, decide};
use hearts_engine::{Action, CardBag, MAX_PLAYERS, Seat};

use crate::play::Play;
use crate::space::{self, BID_PASS, DECLARE, DECLINE, MOON_ADD, MOON_SUBTRACT, NAME_SUIT};

/// A level's bots, one a seat, for one game at a time.
pub struct Seats {
    level: Level,
    think: Think,
    /// The game the bots were made for.
    game: Option<u64>,
    bots: Vec<Option<Box<dyn Bot>>>,
    /// The pass a seat's bot chose this hand (hand number, seat, cards),
    /// given one card at a time.
    pass: Option<(u32, Seat, CardBag)>,
}

impl Seats {
    /// Bots of `level`, thinking as `think` says.
    pub fn new(level: Level, think: Think) -> Seats {
        Seats { level, think, game: None, bots: (0..MAX_PLAYERS).map(|_| None).collect(), pass: None }
    }

    /// The level's name.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The bot of `seat` for this game, made when first asked.
    fn bot(&mut self, play: &Play, seat: Seat) -> &mut Box<dyn Bot> {
        let seed = play.bot_seed();
        if self.game != Some(play.id()) {
            self.bots.iter_mut().for_each(|bot| *bot = None);
            self.game = Some(play.id());
            self.pass = None;
        }
        let (level, think) = (self.level, self.think);
        self.bots[seat.index()].get_or_insert_with(|| level.bot(seed, seat, think))
    }

    /// The engine action the seat to act would take (a whole pass at once);
    /// `None` once the episode is over.
    pub fn decide(&mut self, play: &Play) -> Option<Action> {
        let (seat, _) = play.to_act()?;
        let game = play.game();
        let bot = self.bot(play, seat);
        decide(game, seat, bot.as_mut())
    }

    /// The action (of the space) the seat to act would take: a pass is
    /// given one card at a time, from the pass the bot chose once.
    pub fn choose(&mut self, play: &Play) -> Option<usize> {
        let (seat, _) = play.to_act()?;
        let hand = play.game().hand_number();
        let action = match self.pass {
            Some((h, s, cards)) if h == hand && s == seat && !play.picked().is_empty() => Action::Pass { seat, cards },
            _ => {
                let action = self.decide(play)?;
                if let Action::Pass { cards, .. } = action {
                    self.pass = Some((hand, seat, cards));
                }
                action
            }
        };
        Some(match action {
            Action::Pass { cards, .. } => {
                // The first card of the chosen pass not yet picked (all of
                // them, should an agent have picked others first).
                let left = cards.less(play.picked());
                let card = left
                    .cards()
                    .iter()
                    .next()
                    .or_else(|| play.game().hand().hand_of(seat).less(play.picked()).cards().iter().next())?;
                space::card_action(card)
            }
            Action::Play { card, .. } => space::card_action(card),
            Action::Declare { generale, .. } => {
                if generale {
                    DECLARE
                } else {
                    DECLINE
                }
            }
            Action::Bid { chips, .. } => BID_PASS + chips.map_or(0, |chips| chips as usize),
            Action::NameSuit { suit, .. } => NAME_SUIT + suit.index(),
            Action::ChooseMoon { scoring, .. } => match scoring {
                hearts_engine::MoonScoring::AddToOthers => MOON_ADD,
                hearts_engine::MoonScoring::SubtractFromShooter => MOON_SUBTRACT,
            },
            Action::NextHand => return None,
        })
    }
}
