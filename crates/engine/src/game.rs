//! A whole game: hands dealt from the seed, running totals, the moon
//! choice, and the end of the game. [`Game::apply`] is the one place a
//! game's state changes.

use super::card::{Card, Suit};
use super::card_set::{CardBag, CardSet};
use super::deal::Deal;
use super::hand::{BidError, DeclareError, Hand, HandPhase, PassError, PassOutcome, PlayError, PlayOutcome};
use super::rules::{MoonRule, PassDirection, Rules, RulesError, TieRule};
use super::score::{Chips, ChipsSettlement, HandResult, MoonScoring};
use super::seat::{BySeat, Seat};
use super::trick::Trick;

/// Something a player (or the table) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A seat chooses the cards it passes.
    Pass {
        /// The seat passing.
        seat: Seat,
        /// The cards passed: with two packs, both copies of a card the
        /// seat holds twice may go.
        cards: CardBag,
    },
    /// A seat plays a card to the trick.
    Play {
        /// The seat playing.
        seat: Seat,
        /// The card played.
        card: Card,
    },
    /// A seat declares (or declines) before the first lead.
    Declare {
        /// The seat asked.
        seat: Seat,
        /// Whether it declares the Generale.
        generale: bool,
    },
    /// A seat bids chips in the auction, or passes (`None`).
    Bid {
        /// The seat bidding.
        seat: Seat,
        /// The chips bid; `None` to pass.
        chips: Option<u32>,
    },
    /// The auction's winner names the penalty suit.
    NameSuit {
        /// The auction's winner.
        seat: Seat,
        /// The suit named.
        suit: Suit,
    },
    /// The shooter answers the shooter-chooses question.
    ChooseMoon {
        /// The shooter.
        seat: Seat,
        /// How the moon counts.
        scoring: MoonScoring,
    },
    /// Deal the next hand after a hand's summary.
    NextHand,
}

/// What an accepted action led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A pass was chosen; others are still choosing.
    PassChosen,
    /// Every pass was in: the cards changed hands and play (or the
    /// declarations) begins.
    CardsExchanged,
    /// A seat declared or declined.
    Declared {
        /// The seat.
        seat: Seat,
        /// Whether it declared.
        generale: bool,
    },
    /// A seat bid (or passed) in the auction.
    Bid {
        /// The seat.
        seat: Seat,
        /// Its bid; `None` for a pass.
        chips: Option<u32>,
    },
    /// The auction's winner named the penalty suit.
    SuitNamed {
        /// The auction's winner.
        seat: Seat,
        /// The suit named.
        suit: Suit,
    },
    /// A card was played and the next seat is to act.
    CardPlayed,
    /// A card completed a trick, taken by this seat.
    TrickTaken(Seat),
    /// A card completed a trick nobody won (Cancellation): its cards wait
    /// for the next trick's winner.
    TrickRolledOver,
    /// The hand ended and the shooter must choose how the moon counts.
    MoonChoiceNeeded(Seat),
    /// The hand was scored; another hand follows.
    HandScored,
    /// The hand was scored and the game is over.
    GameOver,
    /// A new hand was dealt.
    HandDealt,
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The pass breaks a rule.
    #[error(transparent)]
    Pass(#[from] PassError),
    /// The card breaks a rule.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The declaration breaks a rule.
    #[error(transparent)]
    Declare(#[from] DeclareError),
    /// The bid (or the suit named) breaks a rule.
    #[error(transparent)]
    Bid(#[from] BidError),
    /// No moon choice is pending, or this seat is not the one to choose.
    #[error("there is no moon choice for {0} to make")]
    NoMoonChoice(Seat),
    /// The hand is not over yet.
    #[error("the hand is not over yet")]
    HandNotOver,
    /// The game is over.
    #[error("the game is over")]
    GameIsOver,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GamePhase {
    /// A hand is being passed or played.
    InHand,
    /// The hand is over; the shooter chooses how the moon counts.
    MoonChoice(Seat),
    /// The hand is scored; [`Action::NextHand`] deals the next one.
    HandOver,
    /// The game is over.
    GameOver,
}

/// Domino: cards a seat drew from the stock, unable to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Draw {
    /// The trick it drew for (0-based in the hand).
    pub trick: usize,
    /// The seat that drew.
    pub seat: Seat,
    /// The cards drawn.
    pub cards: CardSet,
}

/// Where a completed trick's cards went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrickTake {
    /// The seat that took them; `None` while they wait for the next
    /// trick's winner (two packs).
    pub taker: Option<Seat>,
    /// Every card the taker took with this trick: its own, those of the
    /// tricks that waited for it, and the kitty where it went with it.
    pub cards: CardBag,
    /// Whether the kitty went with it.
    pub kitty: bool,
}

/// One line of the score sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandRecord {
    /// The seat that dealt.
    pub dealer: Seat,
    /// The hand's pass direction.
    pub pass: PassDirection,
    /// What happened in the hand.
    pub result: HandResult,
    /// How a moon shot was scored, if there was one and it counted.
    pub moon: Option<MoonScoring>,
    /// Each seat's score for the hand.
    pub scores: BySeat<i32>,
    /// The game totals before the hand.
    pub totals_before: BySeat<i32>,
    /// What the hand did to the chips, where chips are played.
    pub chips: Option<ChipsSettlement>,
    /// The game totals after the hand (sinkhole and reset applied).
    pub totals: BySeat<i32>,
}

/// A game of Hearts from its seed to its winners.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    seed: u64,
    hand_index: u32,
    hand: Hand,
    tricks: Vec<Trick>,
    takes: Vec<TrickTake>,
    totals: BySeat<i32>,
    chips: Option<Chips>,
    bids: BySeat<Option<u32>>,
    last_draw: Option<(Seat, CardSet)>,
    draws: Vec<Draw>,
    history: Vec<HandRecord>,
    phase: GamePhase,
}

impl Game {
    /// A new game under checked rules, its first hand dealt from the seed.
    pub fn new(rules: Rules, seed: u64) -> Result<Game, RulesError> {
        rules.validate()?;
        Ok(Game {
            hand: Game::deal(&rules, seed, 0),
            rules,
            seed,
            hand_index: 0,
            tricks: Vec::new(),
            takes: Vec::new(),
            totals: BySeat::splat(0),
            chips: rules.plays_chips().then(|| Chips::new(&rules)),
            bids: BySeat::splat(None),
            last_draw: None,
            draws: Vec::new(),
            history: Vec::new(),
            phase: GamePhase::InHand,
        })
    }

    /// A game whose first hand is hand `hand_index` (0-based) of the
    /// seed's deals, from zero points: how the arena plays single hands.
    pub fn starting_at_hand(rules: Rules, seed: u64, hand_index: u32) -> Result<Game, RulesError> {
        let mut game = Game::new(rules, seed)?;
        game.hand_index = hand_index;
        game.hand = Game::deal(&game.rules, seed, hand_index);
        Ok(game)
    }

    /// A game taken up at a given hand and totals (for puzzles, analysis and
    /// tests): `hand` is played as hand 1, and later hands are dealt from
    /// the seed as hands 2, 3, ...
    pub fn from_position(rules: Rules, seed: u64, hand: Hand, totals: BySeat<i32>) -> Result<Game, RulesError> {
        rules.validate()?;
        Ok(Game {
            rules,
            seed,
            hand_index: 0,
            hand,
            tricks: Vec::new(),
            takes: Vec::new(),
            totals,
            chips: rules.plays_chips().then(|| Chips::new(&rules)),
            bids: BySeat::splat(None),
            last_draw: None,
            draws: Vec::new(),
            history: Vec::new(),
            phase: GamePhase::InHand,
        })
    }

    /// This game with the hand in play replaced (a position looked at with
    /// other cards where they may not be seen: see [`Hand::with_swapped`]).
    pub fn with_hand(&self, hand: Hand) -> Game {
        Game { hand, ..self.clone() }
    }

    fn deal(rules: &Rules, seed: u64, hand_index: u32) -> Hand {
        Hand::new(rules, Deal::for_hand(rules, seed, hand_index), rules.pass_direction(hand_index))
    }

    /// The rules in play.
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The game seed.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The current hand's number, 1-based.
    pub const fn hand_number(&self) -> u32 {
        self.hand_index + 1
    }

    /// The current (or just finished) hand.
    pub const fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The tricks completed in the current (or just finished) hand, in order.
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks
    }

    /// Where the cards of each of [`Game::tricks`] went, in the same order.
    pub fn takes(&self) -> &[TrickTake] {
        &self.takes
    }

    /// Where the game stands.
    pub const fn phase(&self) -> GamePhase {
        self.phase
    }

    /// Game totals after the hands scored so far.
    pub const fn totals(&self) -> &BySeat<i32> {
        &self.totals
    }

    /// The chips (stacks and pot) after the hands scored so far, where
    /// chips are played.
    pub const fn chips(&self) -> Option<&Chips> {
        self.chips.as_ref()
    }

    /// What each seat bid in this hand's auction; `None` for a pass (or
    /// not asked yet).
    pub const fn bids(&self) -> &BySeat<Option<u32>> {
        &self.bids
    }

    /// Domino: the cards the seat now to play drew from the stock because
    /// it could not follow, after the last card played (`None` when nobody
    /// drew).
    pub const fn last_draw(&self) -> Option<(Seat, CardSet)> {
        self.last_draw
    }

    /// Domino: every draw of the current (or just finished) hand, in order.
    pub fn draws(&self) -> &[Draw] {
        &self.draws
    }

    /// The score sheet: one record per scored hand.
    pub fn history(&self) -> &[HandRecord] {
        &self.history
    }

    /// The seats in the lead (the lowest total; the most chips where chips
    /// are played; with teams, both partners of the lowest team total):
    /// the winners once the game is over.
    pub fn leaders(&self) -> Vec<Seat> {
        match &self.chips {
            Some(chips) => leading_seats(&self.rules, &BySeat::new_with(|seat| -chips.stacks[seat])),
            None => leading_seats(&self.rules, &self.totals),
        }
    }

    /// The cards the seat to act may play now.
    pub fn legal_moves(&self) -> CardSet {
        if self.phase == GamePhase::InHand { self.hand.legal_moves() } else { CardSet::EMPTY }
    }

    /// Applies an action. On error the game is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Event, GameError> {
        match action {
            Action::Pass { seat, cards } => {
                self.require_in_hand(PassError::NotPassing.into())?;
                Ok(match self.hand.pass_cards(seat, cards)? {
                    PassOutcome::Waiting => Event::PassChosen,
                    PassOutcome::Exchanged => Event::CardsExchanged,
                })
            }
            Action::Declare { seat, generale } => {
                self.require_in_hand(DeclareError::NotDeclaring.into())?;
                self.hand.declare(seat, generale)?;
                Ok(Event::Declared { seat, generale })
            }
            Action::Bid { seat, chips } => {
                self.require_in_hand(BidError::NotBidding.into())?;
                let stack = self.chips.map_or(i32::MAX, |chips| chips.stacks[seat]);
                if let Some(bid) = chips
                    && i64::from(bid) > i64::from(stack)
                    && self.hand.to_bid() == Some(seat)
                {
                    return Err(BidError::MoreThanChips { bid, chips: stack }.into());
                }
                self.hand.bid(seat, chips)?;
                self.bids[seat] = chips;
                Ok(Event::Bid { seat, chips })
            }
            Action::NameSuit { seat, suit } => {
                self.require_in_hand(BidError::NotNaming(seat).into())?;
                self.hand.name_suit(seat, suit)?;
                Ok(Event::SuitNamed { seat, suit })
            }
            Action::Play { seat, card } => {
                self.require_in_hand(PlayError::NotPlaying.into())?;
                let stock = self.hand.stock();
                let before = self.hand;
                let outcome = self.hand.play(seat, card)?;
                if self.rules.domino {
                    self.note_draw(stock, outcome);
                }
                let completed = outcome != PlayOutcome::Played;
                if let (true, Some(trick)) = (completed, self.hand.last_trick()) {
                    self.tricks.push(*trick);
                    self.takes.push(take_of(&self.rules, &before, &self.hand, trick, outcome));
                }
                if matches!(outcome, PlayOutcome::TrickTaken(_)) && self.ends_mid_hand() {
                    self.hand.stop();
                }
                match outcome {
                    PlayOutcome::Played => Ok(Event::CardPlayed),
                    PlayOutcome::TrickTaken(winner) if self.hand.phase() != HandPhase::Finished => {
                        Ok(Event::TrickTaken(winner))
                    }
                    PlayOutcome::TrickTaken(_) => Ok(self.finish_hand()),
                    PlayOutcome::TrickRolledOver => Ok(Event::TrickRolledOver),
                }
            }
            Action::ChooseMoon { seat, scoring } => {
                if self.phase != GamePhase::MoonChoice(seat) {
                    return Err(GameError::NoMoonChoice(seat));
                }
                let result = HandResult::of(&self.hand, &self.rules);
                Ok(self.score_hand(result, Some(scoring)))
            }
            Action::NextHand => match self.phase {
                GamePhase::HandOver => {
                    self.hand_index += 1;
                    self.hand = Game::deal(&self.rules, self.seed, self.hand_index);
                    self.tricks.clear();
                    self.takes.clear();
                    self.bids = BySeat::splat(None);
                    self.last_draw = None;
                    self.draws.clear();
                    self.phase = GamePhase::InHand;
                    Ok(Event::HandDealt)
                }
                GamePhase::GameOver => Err(GameError::GameIsOver),
                _ => Err(GameError::HandNotOver),
            },
        }
    }

    /// Domino: what the stock lost (from `stock`) went to the seat now to
    /// play, which could not follow.
    fn note_draw(&mut self, stock: CardSet, outcome: PlayOutcome) {
        let drawn = stock - self.hand.stock();
        let next = self.hand.to_act();
        self.last_draw = (outcome == PlayOutcome::Played && !drawn.is_empty()).then_some((next, drawn));
        if let Some((seat, cards)) = self.last_draw {
            self.draws.push(Draw { trick: self.tricks.len(), seat, cards });
        }
    }

    /// Domino: whether the game ends now, in the middle of the hand,
    /// because a total with the points taken so far reaches the target
    /// (and the lead is not tied under play-on, which plays on).
    fn ends_mid_hand(&self) -> bool {
        if !self.rules.domino || self.hand.phase() != HandPhase::Playing {
            return false;
        }
        let mut stopped = self.hand;
        stopped.stop();
        let result = HandResult::of(&stopped, &self.rules);
        let totals = self.totals_after(&result, None);
        let players = self.rules.player_count();
        let reached = totals.of_table(players).iter().any(|&total| total >= self.rules.target_score);
        reached && !plays_on_tied(&self.rules, &totals)
    }

    /// Passes and plays belong to a hand in progress; otherwise `refusal`.
    fn require_in_hand(&self, refusal: GameError) -> Result<(), GameError> {
        match self.phase {
            GamePhase::InHand => Ok(()),
            GamePhase::GameOver => Err(GameError::GameIsOver),
            GamePhase::MoonChoice(_) | GamePhase::HandOver => Err(refusal),
        }
    }

    /// Scores the finished hand, or stops to ask the shooter first.
    fn finish_hand(&mut self) -> Event {
        let result = HandResult::of(&self.hand, &self.rules);
        // Chips play only add-to-others or no moon: they pay the shooter, with nothing to choose.
        match (self.rules.moon_in_play(), result.shooter) {
            (MoonRule::ShooterPicks, Some(shooter)) => {
                self.phase = GamePhase::MoonChoice(shooter);
                Event::MoonChoiceNeeded(shooter)
            }
            (MoonRule::ShooterChooses, Some(shooter)) => {
                let if_added = self.totals_after(&result, Some(MoonScoring::AddToOthers));
                if shooter_is_asked(&self.rules, &if_added, self.history.len() as u32 + 1, shooter) {
                    self.phase = GamePhase::MoonChoice(shooter);
                    Event::MoonChoiceNeeded(shooter)
                } else {
                    self.score_hand(result, Some(MoonScoring::AddToOthers))
                }
            }
            (rule, _) => self.score_hand(result, MoonScoring::fixed_by(rule)),
        }
    }

    fn totals_after(&self, result: &HandResult, moon: Option<MoonScoring>) -> BySeat<i32> {
        result.totals_after(&self.totals, &result.scores(&self.rules, moon), &self.rules)
    }

    /// Whether these totals (after the current hand) reach an end.
    fn ends_game(&self, totals: &BySeat<i32>) -> bool {
        reaches_end(&self.rules, totals, self.history.len() as u32 + 1)
    }

    fn score_hand(&mut self, result: HandResult, moon: Option<MoonScoring>) -> Event {
        let moon = result.shooter.and(moon);
        let totals = self.totals_after(&result, moon);
        let chips = self.chips.map(|chips| chips.settle(&result, &self.rules));
        // Under chips a player who could not pay ends the game.
        let ends = self.ends_game(&totals) || chips.is_some_and(|settled| settled.short);
        self.history.push(HandRecord {
            dealer: self.hand.dealer(),
            pass: self.hand.pass_direction(),
            result,
            moon,
            scores: result.scores(&self.rules, moon),
            totals_before: self.totals,
            totals,
            chips,
        });
        self.totals = totals;
        if let Some(settled) = chips {
            self.chips = Some(settled.after);
        }
        // Chips end at their limit (or a player who cannot pay), tied or not.
        if ends && !(self.chips.is_none() && plays_on_tied(&self.rules, &totals)) {
            self.phase = GamePhase::GameOver;
            Event::GameOver
        } else {
            self.phase = GamePhase::HandOver;
            Event::HandScored
        }
    }
}

/// Where the cards of `trick` went, the play that completed it having
/// turned `before` into `after`. Domino's last holder takes its own cards
/// and the stock after the last trick: that is not the trick's.
fn take_of(rules: &Rules, before: &Hand, after: &Hand, trick: &Trick, outcome: PlayOutcome) -> TrickTake {
    let PlayOutcome::TrickTaken(taker) = outcome else {
        return TrickTake { taker: None, cards: CardBag::EMPTY, kitty: false };
    };
    let kitty = !before.kitty_cards().is_empty() && before.kitty_taker().is_none() && after.kitty_taker().is_some();
    let cards = match rules.domino {
        true => trick.cards().iter().copied().collect(),
        false => after.taken_cards(taker).less(before.taken_cards(taker)),
    };
    TrickTake { taker: Some(taker), cards, kitty }
}

/// Whether these totals after hand `hand_number` (counted from 1) reach
/// an end: the target score (not under chips) or the hand limit.
pub fn reaches_end(rules: &Rules, totals: &BySeat<i32>, hand_number: u32) -> bool {
    let limit = rules.hand_limit();
    let reached =
        !rules.plays_chips() && totals.of_table(rules.player_count()).iter().any(|&total| total >= rules.target_score);
    reached || (limit > 0 && hand_number >= limit)
}

/// Whether these totals leave sides tied for first under play-on, so the
/// game goes on though it reached its end.
pub fn plays_on_tied(rules: &Rules, totals: &BySeat<i32>) -> bool {
    let leaders = leading_seats(rules, totals);
    let tied = leaders.iter().any(|&seat| rules.side(seat) != rules.side(leaders[0]));
    tied && rules.tie == TieRule::PlayOn
}

/// Whether the shooter of hand `hand_number` is asked how the moon counts
/// under `shooter-chooses`, given the totals if it went to the others:
/// only when that would end the game with the shooter's side not alone in
/// first place (a tie for first under play-on does not end it).
pub fn shooter_is_asked(rules: &Rules, if_added: &BySeat<i32>, hand_number: u32, shooter: Seat) -> bool {
    let leaders = leading_seats(rules, if_added);
    let shooter_alone_first = leaders.iter().all(|&seat| rules.side(seat) == rules.side(shooter));
    reaches_end(rules, if_added, hand_number) && !plays_on_tied(rules, if_added) && !shooter_alone_first
}

/// The seats of the sides (players, or teams) with the lowest total.
fn leading_seats(rules: &Rules, totals: &BySeat<i32>) -> Vec<Seat> {
    let side_total = |seat: Seat| rules.side_total(totals, rules.side(seat));
    let players = rules.player_count();
    let lowest = Seat::all(players).map(side_total).min().unwrap_or(0);
    Seat::all(players).filter(|&seat| side_total(seat) == lowest).collect()
}
