//! A game stepped one decision at a time, as an environment steps it: a
//! pass is chosen one card at a time, the next hand is dealt by itself,
//! and every step says what each seat was rewarded.

use std::sync::atomic::{AtomicU64, Ordering};

use hearts_bots::record::{DealCode, GameRecord, SeatRecord};
use hearts_bots::sim::record_seat_name;
use hearts_bots::{SeatView, Voids, seat_to_act};
use hearts_engine::{
    Action, BySeat, CardBag, CardSet, Deal, Game, GamePhase, Hand, HandPhase, MAX_PLAYERS, PassDirection, Rules, Seat,
    Suit,
};

use crate::space::{self, BID_PASS, DECLARE, DECLINE, MOON_ADD, MOON_SUBTRACT, NAME_SUIT};

/// What an episode is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Episode {
    /// One hand: it ends when the hand is scored.
    Hand,
    /// A whole game, to its end.
    Game,
}

/// When rewards come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reward {
    /// After every trick, minus the points it took; the hand's end gives
    /// the rest of the hand's reward (moons, bonuses, the kitty).
    Trick,
    /// When a hand is scored: minus its score (chips won, where chips are
    /// played).
    Hand,
    /// When the game ends: its placing, from 1 (alone ahead) to -1.
    Game,
}

/// The decision the seat to act faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Choosing a card to pass.
    Pass,
    /// Declaring the Generale, or not.
    Declare,
    /// Bidding in the auction, or passing.
    Bid,
    /// Naming the penalty suit, having won the auction.
    NameSuit,
    /// Playing a card to the trick.
    Play,
    /// Choosing how a moon counts.
    Moon,
}

impl Decision {
    /// Every decision, in the order the observation's `decision` field lists them.
    pub const ALL: [Decision; 6] =
        [Decision::Pass, Decision::Declare, Decision::Bid, Decision::NameSuit, Decision::Play, Decision::Moon];

    /// The decision's name, as Python is told it.
    pub const fn name(self) -> &'static str {
        match self {
            Decision::Pass => "pass",
            Decision::Declare => "declare",
            Decision::Bid => "bid",
            Decision::NameSuit => "name-suit",
            Decision::Play => "play",
            Decision::Moon => "moon",
        }
    }
}

/// A game and what an environment adds to it.
#[derive(Clone, Debug)]
pub struct Play {
    /// Which game this is, among all made in this process: bots made for
    /// one game are not asked about another.
    id: u64,
    game: Game,
    /// The deal the game began with; `None` for a hand dealt by the caller.
    start: Option<DealCode>,
    actions: Vec<Action>,
    /// The cards the seat passing now has picked so far.
    picked: CardBag,
    /// Every seat's voids this hand, kept card by card: a view would read
    /// them off every trick at every observation.
    voids: Voids,
    episode: Episode,
    reward: Reward,
    /// Trick rewards given this hand, per seat.
    given: [f32; MAX_PLAYERS],
    /// The rewards of the last step, per seat.
    rewards: [f32; MAX_PLAYERS],
    over: bool,
    /// Who played each seat, for the record.
    players: Vec<String>,
}

impl Play {
    /// A game of `rules` from the deal `start` (its seed, and the hand it begins at).
    pub fn new(rules: Rules, start: DealCode, episode: Episode, reward: Reward) -> Result<Play, String> {
        let game = Game::starting_at_hand(rules, start.seed, start.hand - 1).map_err(|error| error.to_string())?;
        Ok(Play::of_game(game, Some(start), episode, reward))
    }

    /// A hand of `rules` dealt as the caller says (the seat leading the
    /// first trick is found as the rules say), played as hand 1 from zero.
    pub fn of_deal(rules: Rules, deal: Deal, pass: PassDirection, reward: Reward) -> Result<Play, String> {
        rules.validate().map_err(|error| error.to_string())?;
        let hand = Hand::new(&rules, deal, pass);
        let game = Game::from_position(rules, 0, hand, BySeat::splat(0)).map_err(|error| error.to_string())?;
        Ok(Play::of_game(game, None, Episode::Hand, reward))
    }

    fn of_game(game: Game, start: Option<DealCode>, episode: Episode, reward: Reward) -> Play {
        let players = game.rules().player_count();
        static GAMES: AtomicU64 = AtomicU64::new(0);
        Play {
            id: GAMES.fetch_add(1, Ordering::Relaxed),
            voids: Voids::new(game.rules(), game.hand().named_suit()),
            game,
            start,
            actions: Vec::new(),
            picked: CardBag::EMPTY,
            episode,
            reward,
            given: [0.0; MAX_PLAYERS],
            rewards: [0.0; MAX_PLAYERS],
            over: false,
            players: vec!["python".to_string(); players],
        }
    }

    /// Goes on to the next hand of the same game after an episode of a
    /// hand; `false` when the game is over (a new game must be dealt).
    pub fn next_hand(&mut self) -> bool {
        if self.game.phase() != GamePhase::HandOver {
            return false;
        }
        self.apply(Action::NextHand);
        self.over = false;
        self.rewards = [0.0; MAX_PLAYERS];
        true
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Which game this is, among all made in this process.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The seed the bots of this game are made with: the game's, mixed
    /// with the hand it began at, as `hearts sim` seeds a single hand's.
    pub fn bot_seed(&self) -> u64 {
        let first = self.start.map_or(1, |start| start.hand);
        self.game.seed() ^ u64::from(first - 1).wrapping_mul(0x9E37_79B9)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.game.rules()
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        self.game.rules().player_count()
    }

    /// Whether the episode is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The rewards of the last step, seat by seat.
    pub fn rewards(&self) -> &[f32] {
        &self.rewards[..self.players()]
    }

    /// The cards picked for the pass under way.
    pub fn picked(&self) -> CardBag {
        self.picked
    }

    /// Names who plays `seat` in the record (`python`, or a bot's level).
    pub fn set_player(&mut self, seat: Seat, player: &str) {
        if let Some(name) = self.players.get_mut(seat.index()) {
            name.clear();
            name.push_str(player);
        }
    }

    /// The seat to act, and what it decides; `None` once the episode is over.
    pub fn to_act(&self) -> Option<(Seat, Decision)> {
        if self.over {
            return None;
        }
        let seat = seat_to_act(&self.game)?;
        let hand = self.game.hand();
        let decision = match self.game.phase() {
            GamePhase::MoonChoice(_) => Decision::Moon,
            _ => match hand.phase() {
                HandPhase::Passing => Decision::Pass,
                HandPhase::Declaring => Decision::Declare,
                HandPhase::Bidding => Decision::Bid,
                HandPhase::Naming => Decision::NameSuit,
                HandPhase::Playing | HandPhase::Finished => Decision::Play,
            },
        };
        Some((seat, decision))
    }

    /// The seat's view, with nothing it may not see.
    pub fn view(&self, seat: Seat) -> SeatView<'_> {
        let mut view = SeatView::of(&self.game, seat);
        view.known_voids = Some(self.voids.by_seat);
        view
    }

    /// Whether the voids kept card by card are those the tricks show.
    pub fn voids_agree(&self) -> bool {
        let hand = self.game.hand();
        let read = Voids::of_tricks(self.rules(), hand.named_suit(), self.game.tricks(), hand.trick());
        read.by_seat == self.voids.by_seat
    }

    /// Keeps an applied action: in the log, and in the voids.
    fn keep(&mut self, action: Action) {
        self.actions.push(action);
        match action {
            Action::Play { .. } => self.voids.note_last(self.game.hand()),
            Action::NameSuit { suit, .. } => self.voids = Voids::new(self.game.rules(), Some(suit)),
            Action::NextHand => self.voids = Voids::new(self.game.rules(), None),
            _ => {}
        }
    }

    /// Writes the mask of the actions `seat` may take now (1 legal, 0 not)
    /// into `mask`, which has the space's size; all 0 when it is not to act.
    pub fn write_mask(&self, seat: Seat, mask: &mut [i8]) {
        mask.fill(0);
        let Some((to_act, decision)) = self.to_act() else { return };
        if to_act != seat {
            return;
        }
        let hand = self.game.hand();
        match decision {
            Decision::Pass => {
                let left = hand.hand_of(seat).less(self.picked);
                for card in left.cards() {
                    mask[space::card_action(card)] = 1;
                }
            }
            Decision::Play => {
                for card in self.game.legal_moves() {
                    mask[space::card_action(card)] = 1;
                }
            }
            Decision::Declare => {
                mask[DECLINE] = 1;
                mask[DECLARE] = 1;
            }
            Decision::NameSuit => mask[NAME_SUIT..NAME_SUIT + 4].fill(1),
            Decision::Moon => {
                mask[MOON_ADD] = 1;
                mask[MOON_SUBTRACT] = 1;
            }
            Decision::Bid => {
                mask[BID_PASS] = 1;
                let view = self.view(seat);
                let most = (view.own_chips() as usize).min(space::most_bid(self.rules()));
                for chips in view.least_bid() as usize..=most {
                    mask[BID_PASS + chips] = 1;
                }
            }
        }
    }

    /// The legal actions of the seat to act, in order.
    pub fn legal_actions(&self) -> Vec<usize> {
        let Some((seat, _)) = self.to_act() else { return Vec::new() };
        let mut mask = vec![0; space::size(self.rules())];
        self.write_mask(seat, &mut mask);
        mask.iter().enumerate().filter(|(_, legal)| **legal == 1).map(|(action, _)| action).collect()
    }

    /// The seat to act takes `action`. An illegal action changes nothing
    /// and says which rule it breaks.
    pub fn step(&mut self, action: usize) -> Result<(), String> {
        self.rewards = [0.0; MAX_PLAYERS];
        let Some((seat, decision)) = self.to_act() else {
            return Err("the episode is over: reset it".to_string());
        };
        let picked_before = self.picked;
        let engine_action = match (decision, space::card_of(action)) {
            (Decision::Pass, Some(card)) => {
                let picked = self.picked.plus(CardBag::new(CardSet::single(card), CardSet::EMPTY));
                if picked.count(card) > self.game.hand().hand_of(seat).count(card) {
                    return Err(format!("{card} is not in {}'s hand to pass", record_seat_name(seat, self.players())));
                }
                self.picked = picked;
                if picked.len() < self.game.hand().pass_count() {
                    return Ok(());
                }
                Action::Pass { seat, cards: picked }
            }
            (Decision::Play, Some(card)) => Action::Play { seat, card },
            (Decision::Declare, _) if action == DECLINE || action == DECLARE => {
                Action::Declare { seat, generale: action == DECLARE }
            }
            (Decision::NameSuit, _) if (NAME_SUIT..NAME_SUIT + 4).contains(&action) => {
                Action::NameSuit { seat, suit: Suit::ALL[action - NAME_SUIT] }
            }
            (Decision::Moon, _) if space::moon_of(action).is_some() => {
                Action::ChooseMoon { seat, scoring: space::moon_of(action).expect("a moon action") }
            }
            (Decision::Bid, _) if action >= BID_PASS && action < space::size(self.rules()) => {
                Action::Bid { seat, chips: (action > BID_PASS).then(|| (action - BID_PASS) as u32) }
            }
            _ => {
                let what = space::names(self.rules()).get(action).cloned().unwrap_or_else(|| action.to_string());
                return Err(format!("{what} (action {action}) is not a choice when the decision is {decision:?}"));
            }
        };
        // A refused pass takes back only the card picked last.
        self.act(engine_action).inspect_err(|_| self.picked = picked_before)
    }

    /// The seat to act takes a whole engine action at once (a bot's pass
    /// is all its cards).
    pub fn act(&mut self, action: Action) -> Result<(), String> {
        self.rewards = [0.0; MAX_PLAYERS];
        if self.over {
            return Err("the episode is over: reset it".to_string());
        }
        let before = (self.game.takes().len(), self.game.history().len());
        self.game.apply(action).map_err(|error| error.to_string())?;
        self.picked = CardBag::EMPTY;
        self.keep(action);
        self.after(before);
        Ok(())
    }

    /// Applies an action the environment takes itself (dealing the next hand).
    fn apply(&mut self, action: Action) {
        self.game.apply(action).expect("the environment's own action is legal");
        self.keep(action);
    }

    /// Rewards and the episode's end after an action, given how many
    /// tricks had been taken and hands scored before it.
    fn after(&mut self, (takes_before, hands_before): (usize, usize)) {
        let players = self.players();
        if self.reward == Reward::Trick && self.game.takes().len() > takes_before {
            let hand = self.game.hand();
            for take in &self.game.takes()[takes_before..] {
                if let Some(taker) = take.taker {
                    let table = self.game.rules().points;
                    let points = hand.points(table, take.cards.cards()) + hand.points(table, take.cards.twice());
                    self.rewards[taker.index()] -= points as f32;
                    self.given[taker.index()] -= points as f32;
                }
            }
        }
        if self.game.history().len() > hands_before {
            let entry = *self.game.history().last().expect("a hand was scored");
            for seat in Seat::all(players) {
                let hand_reward = match entry.chips {
                    Some(settled) => settled.change[seat] as f32,
                    None => -(entry.scores[seat] as f32),
                };
                match self.reward {
                    Reward::Trick => self.rewards[seat.index()] += hand_reward - self.given[seat.index()],
                    Reward::Hand => self.rewards[seat.index()] += hand_reward,
                    Reward::Game => {}
                }
            }
            self.given = [0.0; MAX_PLAYERS];
            if self.game.phase() == GamePhase::GameOver {
                if self.reward == Reward::Game {
                    let placing = placing(&self.game);
                    self.rewards[..players].copy_from_slice(&placing[..players]);
                }
                self.over = true;
            } else if self.episode == Episode::Hand {
                self.over = true;
            } else {
                self.apply(Action::NextHand);
            }
        }
    }

    /// The table as text, every hand face up: for a person watching an
    /// environment, never for an agent.
    pub fn render(&self) -> String {
        let game = &self.game;
        let hand = game.hand();
        let players = self.players();
        let mut text = format!("Hand {} (seed {}), pass {}", game.hand_number(), game.seed(), hand.pass_direction());
        match self.to_act() {
            Some((seat, decision)) => {
                text.push_str(&format!("; {} to {}\n", record_seat_name(seat, players), decision.name()));
            }
            None => text.push_str("; the episode is over\n"),
        }
        for seat in Seat::all(players) {
            let held = hand.hand_of(seat);
            let cards: Vec<String> = Suit::NOTATION_ORDER
                .iter()
                .map(|&suit| {
                    let of_suit = held.of_suit(suit);
                    let ranks: String = high_first(of_suit.cards());
                    let twice: String = high_first(of_suit.twice());
                    format!("{}:{ranks}{twice}", suit.letter())
                })
                .collect();
            let jokers: Vec<String> = held.cards().iter().filter(|c| c.is_joker()).map(|c| c.to_string()).collect();
            let view = self.view(seat);
            text.push_str(&format!(
                "{:<8} {} {} | taken {} | total {}\n",
                record_seat_name(seat, players),
                cards.join(" "),
                jokers.join(" "),
                view.points_taken[seat],
                game.totals()[seat],
            ));
        }
        let trick: Vec<String> = hand
            .trick()
            .plays(players)
            .map(|(seat, card)| format!("{} {card}", record_seat_name(seat, players)))
            .collect();
        text.push_str(&format!("Trick: {}\n", if trick.is_empty() { "-".to_string() } else { trick.join(", ") }));
        text
    }

    /// The game so far as a record, which `hearts replay` and `hearts
    /// review` read; `None` for a hand the caller dealt.
    pub fn record(&self) -> Option<GameRecord> {
        let start = self.start?;
        let players = self.players();
        let seats = Seat::all(players)
            .map(|seat| SeatRecord {
                seat: seat.index(),
                name: record_seat_name(seat, players),
                player: self.players[seat.index()].clone(),
            })
            .collect();
        Some(GameRecord::of_actions(*self.rules(), start, seats, &self.actions).expect("the game's own actions replay"))
    }
}

/// The ranks of some cards, highest first.
fn high_first(cards: CardSet) -> String {
    let mut ranks: Vec<char> = cards.iter().map(|card| card.rank().letter()).collect();
    ranks.reverse();
    ranks.into_iter().collect()
}

/// Each seat's placing at a game's end: seats behind it less seats ahead
/// of it, over the others (1: alone ahead; -1: alone behind); partners
/// share their side's.
pub fn placing(game: &Game) -> [f32; MAX_PLAYERS] {
    let rules = game.rules();
    let players = rules.player_count();
    // Higher is better: chips held, or fewer points.
    let standing: BySeat<i64> = match game.chips() {
        Some(chips) => BySeat::new_with(|seat| i64::from(chips.stacks[seat])),
        None => BySeat::new_with(|seat| -i64::from(rules.side_total(game.totals(), rules.side(seat)))),
    };
    let mut placing = [0.0; MAX_PLAYERS];
    let others = (rules.side_count() - 1).max(1) as f32;
    for seat in Seat::all(players) {
        let rivals = |better: bool| {
            (0..rules.side_count())
                .filter(|&side| side != rules.side(seat))
                .filter_map(|side| rules.side_seats(side).next())
                .filter(
                    |&rival| if better { standing[rival] > standing[seat] } else { standing[rival] < standing[seat] },
                )
                .count() as f32
        };
        placing[seat.index()] = (rivals(false) - rivals(true)) / others;
    }
    placing
}
