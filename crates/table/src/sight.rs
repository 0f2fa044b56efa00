//! One person's sight of the table: everything a view may draw for them,
//! and nothing more. What their seat may know of the game comes from its
//! [`SeatView`] (its own hand, its passes, the widow once it took it); the
//! rest is what everyone at the table sees (the tricks, the scores, who
//! sits where, the clocks, the chat). A card their seat may not see is not
//! here, nor is anything that derives one (the deal code of a game in
//! play), so no screen drawn from a sight can show it.

use std::time::{Duration, Instant};

use crate::pace::Speed;
use hearts_bots::SeatView;
use hearts_engine::{
    Bid, BySeat, Card, CardBag, CardSet, Chips, GamePhase, HandPhase, HandRecord, HandResult, MoonRule, PassDirection,
    Rules, Seat, Suit, TournamentScore, Trick, worth_of,
};

use super::act::May;
use super::chat::Chat;
use super::lineup::name_for;
use super::people::Attendee;
use super::proposal::ProposalSight;
use super::{DealShown, Finish, Kind, Setup, Table};

/// How long a new message stands in the key line.
pub const CHAT_SHOWN: Duration = Duration::from_secs(8);

/// One person's sight of the table, in parts: the hand, its play, the
/// scores, the wait on people, and their own seat's.
#[derive(Clone, Debug, PartialEq)]
pub struct Sight<'a> {
    /// Whose table: the terminal's own, or a served one.
    pub kind: Kind,
    /// The seat this person plays, or `None` when they watch.
    pub seat: Option<Seat>,
    /// The rules and the seats' players.
    pub setup: &'a Setup,
    /// The table's code, where people join it by one.
    pub code: Option<&'a str>,
    /// The deal code, or only its commitment while others play.
    pub deal: DealShown,
    /// Each seat's name as this person says it: "You", a person's name,
    /// or where a bot sits from here.
    pub names: Vec<String>,
    /// Who is at each seat.
    pub at_seats: Vec<AtSeat>,
    /// Counts changes to the game (a view's memo of what it drew).
    pub generation: u64,
    /// Where the game is.
    pub phase: GamePhase,
    /// The hand: where it is, the passes, the cards each seat holds, and
    /// the variants' widow, stock and auction.
    pub hand: HandSight,
    /// The play of the hand: the tricks, the trick on the table, and what
    /// each seat is seen to have taken.
    pub play: PlaySight<'a>,
    /// How the game stands: the standings, the hands scored, the timed
    /// game's clock, and how it ended.
    pub scores: ScoreSight<'a>,
    /// The table's wait on its people: for whom, how long, the turn
    /// clock, the grace period, pausing.
    pub waiting: WaitSight,
    /// This person's own part: their hand and decisions.
    pub own: Option<OwnSight>,
    /// Whether no person holds a seat but this one (the table is theirs).
    pub alone: bool,
    /// Whether this person has yet to read the scores of the hand just
    /// scored.
    pub reading_scores: bool,
    /// The messages kept.
    pub chat: &'a Chat,
    /// The new game proposed, if one.
    pub proposal: Option<ProposalSight>,
    /// The pace.
    pub speed: Speed,
    /// What this person may do that changes the whole table.
    pub may: May,
}

/// The hand as a person sees it: where it is, the passes, the cards each
/// seat holds, and the variants' widow, stock and auction.
#[derive(Clone, Debug, PartialEq)]
pub struct HandSight {
    /// The hand's number, from 1.
    pub number: u32,
    /// Where the hand is.
    pub phase: HandPhase,
    /// The seat whose decision the game waits for, if one.
    pub to_act: Option<Seat>,
    /// This hand's pass direction.
    pub pass_direction: PassDirection,
    /// Cards each seat passes this hand.
    pub pass_count: usize,
    /// Where each seat's pass goes.
    pub pass_targets: Vec<Seat>,
    /// The seats still choosing their pass.
    pub choosing_pass: Vec<Seat>,
    /// How many cards each seat holds.
    pub held: Vec<usize>,
    /// The seats out of cards (Domino).
    pub out: Vec<bool>,
    /// Cards face down in the widow (0 once taken, or when it waits with
    /// a trick nobody won).
    pub widow_size: usize,
    /// The widow (the kitty) and who took it, once this person may see
    /// it: its taker at once, everyone when the hand is over.
    pub widow: Option<(Seat, CardBag)>,
    /// Cards in Domino's stock (0 without one).
    pub stock_size: usize,
    /// Cards of tricks nobody won, waiting for the next winner.
    pub waiting_cards: usize,
    /// The seat that declared the Generale.
    pub declarer: Option<Seat>,
    /// The auction's highest bid.
    pub high_bid: Option<Bid>,
    /// The suit named in the auction.
    pub named_suit: Option<Suit>,
    /// Whether this person may play the hand out now: the cards still to
    /// be taken carry no points, and nobody else sits at the table.
    pub can_play_out: bool,
}

/// The play of the hand as a person sees it: the tricks, the trick on the
/// table, and what each seat is seen to have taken.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaySight<'a> {
    /// The tricks completed this hand.
    pub tricks: &'a [Trick],
    /// How each of them was taken, as this person sees it.
    pub takes: Vec<TakeSeen>,
    /// The trick on the table: the one being played, or the one just
    /// taken while it is on show.
    pub trick: Trick,
    /// Whether a finished trick is on show.
    pub showing_trick: bool,
    /// The trick being played, even while the last one is on show (a
    /// card may be led before its show ends).
    pub in_progress: Trick,
    /// Every card played to a trick this hand.
    pub played: CardSet,
    /// Whether the penalty suit has been broken.
    pub hearts_broken: bool,
    /// Hearts, or the suit named in the auction.
    pub penalty_suit: Suit,
    /// The cards that change a score this hand.
    pub scoring_cards: CardSet,
    /// What each seat is seen to have taken this hand (another seat's
    /// widow stays face down until the hand is scored).
    pub taken: Vec<CardBag>,
    /// The points each seat is seen to have taken this hand.
    pub points: Vec<i32>,
}

/// How the game stands: the standings, the hands scored, the timed game's
/// clock, and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreSight<'a> {
    /// Each seat's standing: chips where chips are played, else its total.
    pub standings: BySeat<i32>,
    /// The stacks and the pot, where chips are played.
    pub chips: Option<Chips>,
    /// The hands scored so far.
    pub history: &'a [HandRecord],
    /// The last hand scored, for its summary (every card of it is known).
    pub last_result: Option<HandResult>,
    /// The seats with the best standing.
    pub leaders: Vec<Seat>,
    /// How the game ended.
    pub finish: Option<Finish>,
    /// The timed game's score, once over.
    pub tournament: Option<TournamentScore>,
    /// The timed game's clock: time left.
    pub clock: Option<Duration>,
}

/// The table's wait on its people: for whom, how long, the turn clock,
/// the grace period, pausing.
#[derive(Clone, Debug, PartialEq)]
pub struct WaitSight {
    /// The seats whose people the table waits for.
    pub on: Vec<Seat>,
    /// How long it has waited.
    pub waited: Duration,
    /// The turn clock's time left for this person, when it runs for them.
    pub turn_left: Option<Duration>,
    /// Whether this person may ask for more time now: the clock runs for
    /// them and has not given more on this decision yet.
    pub more_time: bool,
    /// The turn clock's time left for whoever the table waits on (the
    /// least, where several are), when one runs: everyone sees it count
    /// down.
    pub mover_left: Option<Duration>,
    /// Whether the table waits for its people (none seated has been here
    /// for a while).
    pub paused: bool,
    /// The grace period.
    pub grace: Duration,
}

/// Who is at a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AtSeat {
    /// Its bot: nobody holds the seat.
    Bot,
    /// A person, here or away.
    Person {
        /// Their name.
        name: String,
        /// Whether they are here.
        here: bool,
        /// Whether the seat's bot plays for them now (away past the grace
        /// period).
        bot_playing: bool,
    },
}

/// What only this person's seat sees.
#[derive(Clone, Debug, PartialEq)]
pub struct OwnSight {
    /// The seat.
    pub seat: Seat,
    /// The hand as drawn, left to right (see [`hand_row`]); each card with
    /// its position among the cards the cursor counts, the card played to
    /// the trick in progress keeping its place with none.
    pub row: Vec<(Card, Option<usize>)>,
    /// The cards held now (a pass made is out of them, though the game
    /// exchanges it only once every seat has passed).
    pub hand: CardBag,
    /// The cards that may be played now (empty when not their turn).
    pub legal: CardSet,
    /// Whether they choose their pass now.
    pub passing: bool,
    /// The cards they passed (both copies where two).
    pub passed: CardBag,
    /// The cards passed to them, once exchanged.
    pub received: CardBag,
    /// The cards received still marked as new (until they first play).
    pub new: CardSet,
    /// Their pass on its way, and when it arrives.
    pub pending_pass: Option<(CardBag, Instant)>,
    /// The card queued for their turn.
    pub queued: Option<Card>,
    /// The question the game asks them now.
    pub question: Option<Question>,
    /// Their chips (0 where chips are not played).
    pub chips: u32,
}

/// A question the game asks this person's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Declare the Generale?
    Generale,
    /// A bid in the auction, from the least allowed to all their chips.
    Bid {
        /// The least bid allowed.
        least: u32,
        /// The most they may bid.
        most: u32,
    },
    /// The suit to name, with the one the bots would name.
    NameSuit {
        /// The suggestion.
        suggested: Suit,
    },
    /// How the moon they shot counts.
    Moon {
        /// Its points.
        points: i32,
    },
}

impl<'a> Sight<'a> {
    /// Person `person`'s sight of `table` at `now`.
    pub(super) fn of(table: &'a Table, person: &Attendee, now: Instant) -> Sight<'a> {
        let game = &table.game;
        let hand = game.hand();
        let players = table.players();
        let me = person.seat;
        let seats = || Seat::all(players);
        let p = table.seating.people.iter().position(|other| other.id == person.id).unwrap_or(0);
        let over = table.finish.is_some() || game.phase() == GamePhase::GameOver;
        let open = table.kind == Kind::Local || over;
        let waiting_for = table.waiting_for(now);
        let waited = table.waited(now);
        // Where several are waited on (the passes), the soonest a bot would move.
        let mover_left = waiting_for.iter().filter_map(|&seat| table.turn_left(seat, now)).min();
        let turn_left = me.and_then(|seat| table.turn_left(seat, now));
        let more_time = me.is_some_and(|seat| turn_left.is_some() && !table.turn.has_added(seat));
        let reading = table.game.phase() == GamePhase::HandOver && table.summarised_hand == game.hand_number();
        Sight {
            kind: table.kind,
            seat: me,
            setup: &table.setup,
            code: table.code.as_deref(),
            deal: table.kept.secret.shown(open, table.kind == Kind::Shared),
            names: seats().map(|seat| name_for(table, me, seat)).collect(),
            at_seats: seats().map(|seat| at_seat(table, seat, now)).collect(),
            generation: table.generation,
            phase: game.phase(),
            hand: HandSight {
                number: game.hand_number(),
                phase: hand.phase(),
                to_act: table.seat_to_act(),
                pass_direction: hand.pass_direction(),
                pass_count: hand.pass_count(),
                pass_targets: seats().map(|seat| hand.pass_target(seat)).collect(),
                choosing_pass: seats()
                    .filter(|&seat| {
                        game.phase() == GamePhase::InHand
                            && hand.phase() == HandPhase::Passing
                            && hand.awaits_pass_from(seat)
                    })
                    .collect(),
                held: seats().map(|seat| hand.hand_of(seat).len()).collect(),
                out: seats().map(|seat| hand.is_out(seat)).collect(),
                widow_size: if hand.kitty_taker().is_none() && hand.waiting().is_empty() {
                    hand.kitty_cards().len()
                } else {
                    0
                },
                widow: hand
                    .kitty_taker()
                    .filter(|&taker| me == Some(taker) || hand.phase() == HandPhase::Finished)
                    .map(|taker| (taker, hand.kitty_cards())),
                stock_size: hand.stock().len(),
                waiting_cards: hand.waiting().len(),
                declarer: hand.declarer(),
                high_bid: hand.high_bid(),
                named_suit: hand.named_suit(),
                can_play_out: table.can_play_out() && table.seating.alone(),
            },
            play: PlaySight {
                tricks: game.tricks(),
                takes: takes_seen_by(table, me),
                trick: table.table_trick(now),
                showing_trick: table.pacing.showing_trick(now),
                in_progress: *hand.trick(),
                played: hand.played(),
                hearts_broken: hand.hearts_broken(),
                penalty_suit: hand.penalty_suit(),
                scoring_cards: table.scoring_cards(),
                taken: seats().map(|seat| table.taken_seen_by(me, seat)).collect(),
                points: seats().map(|seat| table.points_seen_by(me, seat)).collect(),
            },
            scores: ScoreSight {
                standings: table.standings(),
                chips: table.chips_now(),
                history: game.history(),
                last_result: (hand.phase() == HandPhase::Finished).then(|| HandResult::of(hand, &table.setup.rules)),
                leaders: if over { game.leaders() } else { Vec::new() },
                finish: table.finish,
                tournament: table.timed.and_then(|timed| timed.score),
                clock: table.timed.map(|timed| timed.clock.left(now)),
            },
            waiting: WaitSight {
                on: waiting_for,
                waited,
                turn_left,
                more_time,
                mover_left,
                paused: table.paused(now),
                grace: table.sharing.grace,
            },
            own: me.map(|seat| own(table, person, seat)),
            alone: table.seating.alone(),
            reading_scores: reading && person.done_with_hand < game.hand_number(),
            chat: &table.chat,
            proposal: table.proposal_seen_by(person.id, now),
            speed: table.pacing.speed(),
            may: table.may(p),
        }
    }

    /// The rules in play.
    pub fn rules(&self) -> &Rules {
        &self.setup.rules
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.setup.rules.player_count()
    }

    /// Whether `seat` is the one this person plays.
    pub fn is_mine(&self, seat: Seat) -> bool {
        self.seat == Some(seat)
    }

    /// A seat's name as this person says it.
    pub fn name(&self, seat: Seat) -> String {
        self.names.get(seat.index()).cloned().unwrap_or_default()
    }

    /// Where `seat` is drawn: its place counted clockwise from the bottom
    /// of the screen, which is this person's seat (South for a watcher).
    pub fn place(&self, seat: Seat) -> Seat {
        let players = self.players();
        let from = self.seat.map_or(0, Seat::index);
        Seat::new((seat.index() + players - from) % players).unwrap_or(seat)
    }

    /// The seat drawn at `place` (see [`Sight::place`]).
    pub fn seat_at(&self, place: Seat) -> Seat {
        let players = self.players();
        let from = self.seat.map_or(0, Seat::index);
        Seat::new((place.index() + from) % players).unwrap_or(place)
    }

    /// The seats of a side (a team of partners, or one seat alone).
    pub fn side_seats(&self, side: usize) -> Vec<Seat> {
        self.setup.rules.side_seats(side).collect()
    }

    /// A side's name: "You & Across" for a team, the seat's name alone.
    pub fn side_name(&self, side: usize) -> String {
        let names: Vec<String> = self.side_seats(side).into_iter().map(|seat| self.name(seat)).collect();
        names.join(" & ")
    }

    /// A side's standing: a seat's, a combined team's total, or the sum of
    /// individual partners' totals.
    pub fn side_standing(&self, side: usize) -> i32 {
        self.setup.rules.side_total(&self.scores.standings, side)
    }

    /// What a standing counts: `chips` or `total`.
    pub fn standing_word(&self) -> &'static str {
        if self.scores.chips.is_some() { "chips" } else { "total" }
    }

    /// The seats whose person is away past their grace (their bot plays
    /// for them), with the person's name: those the table may agree to let go.
    pub fn seats_to_let_go(&self) -> impl Iterator<Item = (Seat, &str)> {
        self.at_seats.iter().enumerate().filter_map(|(index, at)| match at {
            AtSeat::Person { name, here: false, bot_playing: true } => Some((Seat::new(index)?, name.as_str())),
            _ => None,
        })
    }

    /// Whether this person chooses their pass now.
    pub fn is_passing(&self) -> bool {
        self.own.as_ref().is_some_and(|own| own.passing)
    }

    /// This person's pass on its way.
    pub fn pending_pass(&self) -> Option<(CardBag, Instant)> {
        self.own.as_ref().and_then(|own| own.pending_pass)
    }

    /// The pass this person's seat has made (by them or by its bot),
    /// waiting for the others' before the cards change hands.
    pub fn pass_made(&self) -> Option<CardBag> {
        let own = self.own.as_ref()?;
        let waiting = self.phase == GamePhase::InHand && self.hand.phase == HandPhase::Passing;
        (waiting && !own.passed.is_empty()).then_some(own.passed)
    }

    /// Whether the game waits for this person's card or decision.
    pub fn to_act(&self) -> bool {
        self.seat.is_some() && self.hand.to_act == self.seat
    }

    /// Whether it is this person's turn to play a card.
    pub fn plays_now(&self) -> bool {
        self.to_act() && self.phase == GamePhase::InHand && self.hand.phase == HandPhase::Playing
    }

    /// The cards in the order they are drawn; none for a watcher.
    pub fn cards(&self) -> Vec<Card> {
        self.own
            .as_ref()
            .map(|own| own.row.iter().filter_map(|&(card, position)| position.map(|_| card)).collect())
            .unwrap_or_default()
    }

    /// The cards the cursor stops on: the legal ones on their turn, else
    /// all.
    pub fn cursor_stops(&self) -> CardSet {
        match &self.own {
            Some(own) if self.plays_now() => own.legal,
            _ => CardSet::DECK | CardSet::JOKERS,
        }
    }

    /// "waiting for you, carol, 0:23" while the table waits on people,
    /// where others share the table ("... to read the scores" between hands).
    pub fn waiting_line(&self) -> Option<String> {
        if self.alone || self.waiting.on.is_empty() {
            return None;
        }
        let mut names: Vec<String> = Vec::new();
        if self.seat.is_some_and(|seat| self.waiting.on.contains(&seat)) {
            names.push("you".to_string());
        }
        names.extend(self.waiting.on.iter().filter(|&&seat| !self.is_mine(seat)).map(|&seat| self.name(seat)));
        let what = if self.phase == GamePhase::HandOver { " to read the scores" } else { "" };
        // Where a turn clock runs, everyone sees the time it leaves; else how long the table has waited.
        let (time, left) = match self.waiting.mover_left {
            Some(left) => (left.as_secs(), " left"),
            None => (self.waiting.waited.as_secs(), ""),
        };
        Some(format!("waiting for {}{what}, {}:{:02}{left}", names.join(", "), time / 60, time % 60))
    }

    /// What a take of `taken` is worth to its taker this hand, by the
    /// engine's scoring (the moon and the hand's bonuses aside).
    pub fn worth(&self, taken: CardBag) -> i32 {
        worth_of(&self.setup.rules, self.hand.named_suit, taken)
    }

    /// Whether a game is under way: something played and the game not over,
    /// so that a new one would end it.
    pub fn mid_game(&self) -> bool {
        self.scores.finish.is_none()
            && self.phase != GamePhase::GameOver
            && (self.hand.number > 1 || !self.play.played.is_empty())
    }

    /// The moon scorings a shooter may choose from under these rules.
    pub fn moon_rule(&self) -> MoonRule {
        self.setup.rules.moon
    }
}

/// A completed trick as one person sees it taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakeSeen {
    /// Who took its cards; `None` while they wait for the next trick's
    /// winner (two packs).
    pub taker: Option<Seat>,
    /// What they were worth to the taker by the hand's scoring, as far as
    /// this person sees (another seat's widow counts once the hand is
    /// scored); in Royal, what the trick changed in the taker's whole take.
    pub points: i32,
    /// Cards of earlier tricks nobody won that went with it.
    pub waited: usize,
    /// Whether the widow (the kitty) went with it: its points are in
    /// `points` only for its taker until the hand is scored.
    pub widow: bool,
}

/// How each completed trick of the hand was taken, as `viewer` sees it:
/// each take's worth is what it added to its taker's take by the engine's
/// own scoring, so the tricks told add up to the hand's points.
fn takes_seen_by(table: &Table, viewer: Option<Seat>) -> Vec<TakeSeen> {
    let rules = &table.setup.rules;
    let hand = table.game.hand();
    let kitty = hand.kitty_cards();
    let mut taken = BySeat::splat(CardBag::EMPTY);
    let tricks = table.game.tricks().iter().zip(table.game.takes());
    tricks
        .map(|(trick, take)| {
            let Some(taker) = take.taker else { return TakeSeen { taker: None, points: 0, waited: 0, widow: false } };
            let widow_hidden = take.kitty && viewer != Some(taker) && hand.phase() != HandPhase::Finished;
            let seen = if widow_hidden { take.cards.less(kitty) } else { take.cards };
            let before = worth_of(rules, hand.named_suit(), taken[taker]);
            taken[taker] = taken[taker].plus(seen);
            let with_it = trick.len() + if take.kitty { kitty.len() } else { 0 };
            TakeSeen {
                taker: Some(taker),
                points: worth_of(rules, hand.named_suit(), taken[taker]) - before,
                waited: take.cards.len().saturating_sub(with_it),
                widow: take.kitty,
            }
        })
        .collect()
}

/// Who is at `seat` of `table` at `now`.
fn at_seat(table: &Table, seat: Seat, now: Instant) -> AtSeat {
    match table.seating.holders.get(seat.index()).and_then(Option::as_ref) {
        None => AtSeat::Bot,
        Some(holder) => AtSeat::Person {
            name: holder.name.clone(),
            here: holder.away_since.is_none(),
            bot_playing: table.gone(seat, now),
        },
    }
}

/// What only `person`'s `seat` sees: from its seat view and the table's
/// own record of their pass and queued card.
fn own(table: &Table, person: &Attendee, seat: Seat) -> OwnSight {
    let game = &table.game;
    let view = SeatView::of(game, seat);
    let hand = game.hand();
    let played_this_hand = hand.tricks_played() > 0 || hand.trick().plays(table.players()).any(|(s, _)| s == seat);
    let question = if game.phase() == GamePhase::MoonChoice(seat) {
        let points = if hand.phase() == HandPhase::Finished {
            HandResult::of(hand, &table.setup.rules).moon_value
        } else {
            table.setup.rules.penalty_total()
        };
        Some(Question::Moon { points })
    } else if game.phase() != GamePhase::InHand {
        None
    } else if hand.to_declare() == Some(seat) {
        Some(Question::Generale)
    } else if hand.to_bid() == Some(seat) {
        let least = view.least_bid();
        Some(Question::Bid { least, most: view.own_chips().max(least) })
    } else if hand.phase() == HandPhase::Naming && hand.to_act() == seat {
        Some(Question::NameSuit { suggested: hearts_bots::suggested_suit(&view) })
    } else {
        None
    };
    let pending = table.pending_pass(seat);
    let passing = table.is_passing(seat);
    OwnSight {
        seat,
        row: hand_row(table, seat),
        hand: held_now(table, seat),
        legal: if table.plays_now(Some(seat)) { view.legal } else { CardSet::EMPTY },
        passing,
        passed: hand.passed_cards(seat),
        received: hand.received_cards(seat),
        new: if played_this_hand { CardSet::EMPTY } else { view.pass.received & view.hand },
        pending_pass: pending.map(|pass| (pass.cards, pass.at)),
        queued: person.queued,
        question,
        chips: view.own_chips(),
    }
}

/// A seat's hand as it is drawn, left to right: by suit then rank, any
/// jokers at the right; with two packs a card held twice is there twice,
/// side by side; a pass made or on its way is out of it. Each card has its
/// position among the cards the cursor counts; the card the seat played
/// to the trick in progress keeps its place with none, so the others do
/// not move under the mouse until the trick ends.
fn hand_row(table: &Table, seat: Seat) -> Vec<(Card, Option<usize>)> {
    let mut held = held_now(table, seat);
    if let Some(pass) = table.pending_pass(seat) {
        held = held.less(pass.cards);
    }
    let trick = table.game.hand().trick();
    let played = trick.plays(table.players()).find(|&(s, _)| s == seat).map(|(_, card)| card);
    let mut row: Vec<(Card, bool)> = held.iter().map(|card| (card, true)).chain(played.map(|c| (c, false))).collect();
    row.sort_by_key(|&(card, _)| (card.is_joker(), card));
    let mut positions = 0..;
    row.into_iter().map(|(card, in_hand)| (card, in_hand.then(|| positions.next()).flatten())).collect()
}

/// The cards a seat holds: a pass made is set aside while the others
/// choose theirs, though the game exchanges it only when all have.
fn held_now(table: &Table, seat: Seat) -> CardBag {
    let hand = table.game.hand();
    if hand.phase() == HandPhase::Passing {
        hand.hand_of(seat).less(hand.passed_cards(seat))
    } else {
        hand.hand_of(seat)
    }
}
