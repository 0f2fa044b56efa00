//! The heuristic player behind the `normal` and `hard` bots (and the
//! playouts of `expert`). Strategy from the rule book's sources: pass to
//! make voids and shed the high spades, duck under the winning card, smoke
//! out the queen with low spades, dump the queen and high hearts when void,
//! and stop a shooter by taking a point.
//!
//! "The queen" here is each heavy penalty card outside hearts the points
//! table names ([`SeatView::ladies`]): the QS, Black Jack's JS, Chasse
//! Coeur's three black and red queens.
//!
//! `hard` adds card counting (voids shown, where passed cards went), moon
//! attempts when the hand supports one, game-score awareness, and sheds
//! early: it leads a singleton that can lose (a void to discard into
//! later) and, on a trick of a suit still long everywhere, plays its
//! highest safe card while the trick is sure to be clean. It guards
//! against a moon sooner: a seat that has every point and leads hearts is
//! a shooter, and under the hearts of the one seat with every point it
//! ducks with its lowest heart, keeping the highest to take a trick later;
//! void, it keeps that heart off the same seat's tricks too.
//!
//! The expert's playouts use the `hard` player without shedding early or
//! guarding sooner ([`Skill::PLAYOUT`]): with those its estimates were
//! worse (docs/strength.md). Only against a moon of its own do the others
//! in its playouts guard as `hard` does ([`Skill::PLAYOUT_GUARDING`]).
//!
//! With partners both levels play for the team: no points on the partner's
//! trick or in the pass to the partner, a combined team's points counted as
//! one shooter's (the first point is already a threat), and the top heart
//! kept as a stopper. In the auction "hearts" is the suit named.

use super::outlook::Outlook;
use super::view::SeatView;
use hearts_engine::{BySeat, Card, CardSet, MoonScoring, Rank, Seat, Suit, Teams};

/// Which refinements of the heuristic player are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    /// Track voids and passed cards when judging leads.
    pub counting: bool,
    /// Try to shoot the moon with a hand that supports it.
    pub moon_attempts: bool,
    /// Mind the game score: who is about to end the game.
    pub score_aware: bool,
    /// Make voids and shed high cards while tricks are still clean (and
    /// pass hearts later: a high heart goes on a void).
    pub sheds_early: bool,
    /// Read a shooter from its heart leads, and keep the high heart under
    /// the hearts of a seat that has every point.
    pub guards_moon: bool,
    /// Go for the moon with any hand that makes it plausible, not only a
    /// strong one.
    pub moon_eager: bool,
}

impl Skill {
    /// The `normal` bot.
    pub const NORMAL: Skill = Skill {
        counting: false,
        moon_attempts: false,
        score_aware: false,
        sheds_early: false,
        guards_moon: false,
        moon_eager: false,
    };
    /// The `hard` bot.
    pub const HARD: Skill = Skill {
        counting: true,
        moon_attempts: true,
        score_aware: true,
        sheds_early: true,
        guards_moon: true,
        moon_eager: false,
    };
    /// The `shooter` bot: `hard` going for the moon whenever it is plausible.
    pub const SHOOTER: Skill = Skill { moon_eager: true, ..Skill::HARD };
    /// The players in the expert's playouts: `hard` without shedding early
    /// or guarding sooner, which for every seat made the expert's estimates
    /// worse.
    pub const PLAYOUT: Skill = Skill { sheds_early: false, guards_moon: false, ..Skill::HARD };
    /// The others in the expert's playouts while it holds every point:
    /// they guard against its moon as `hard` does.
    pub const PLAYOUT_GUARDING: Skill = Skill { guards_moon: true, ..Skill::PLAYOUT };
}

/// Tricks within which a moon attempt may begin; an eager shooter's.
const MOON_TRICKS: usize = 4;
const EAGER_MOON_TRICKS: usize = 6;

/// Spades lower than the queen that make the queen (and ace and king)
/// safe to keep.
const SPADE_GUARDS: usize = 3;

/// How much less a lead from a singleton that can lose is feared (on the
/// lead's 0..100 scale of the chance to win the trick): the void it makes
/// takes a discard later. Tuned by duplicate play against `normal`.
const VOID_LEAD_BONUS: i32 = 100;

/// A suit is still long everywhere while this many of its cards per seat
/// still to play are out: its trick will be followed, so it stays clean.
const UNSEEN_PER_LATER_SEAT: usize = 3;

/// The cards to pass.
pub fn choose_pass(view: &SeatView<'_>, skill: Skill) -> CardSet {
    pass_ranking(view, skill).into_iter().take(view.pass.count).collect()
}

/// The seat's cards in the order this policy would pass them, the first
/// most wanted gone.
pub fn pass_ranking(view: &SeatView<'_>, skill: Skill) -> Vec<Card> {
    let hand = view.hand;
    if skill.moon_attempts && moon_hand(view, skill) {
        return lowest_first(hand, |card| moon_keep_score(card, hand, view.penalty_suit()));
    }
    let protected = |lady: Card| hand.of_suit(lady.suit()).below(lady).len() >= SPADE_GUARDS;
    // Points passed to a partner stay on the team: keep them, pass the rest.
    let to_partner = view.pass.target.is_some_and(|target| view.is_partner(target));
    let team_moons = view.rules.teams == Teams::Combined && view.rules.moon != hearts_engine::MoonRule::Off;
    // "Hearts" here and below is the penalty suit: the auction may name another.
    let hearts_suit = view.penalty_suit();
    let lowest_heart = hand.of_suit(hearts_suit).lowest();
    let ladies = view.ladies();
    let danger = |card: Card| -> i32 {
        if card.is_joker() {
            return -100; // the safest card there is: keep it
        }
        let rank = card.rank().index() as i32;
        let length = hand.of_suit(card.suit()).len() as i32;
        let value = view.value(card);
        if value < 0 {
            return -50; // the Omnibus bonus card: keep it
        }
        let lady = ladies.of_suit(card.suit()).highest();
        if to_partner && (value > 0 || lady.is_some_and(|lady| card.rank() >= lady.rank())) {
            return -30 + rank;
        }
        if team_moons && card.suit() == hearts_suit {
            // High hearts passed to the other team help the two of them take every point.
            return -10 + rank;
        }
        match card.suit() {
            _ if let Some(lady) = lady
                && card.rank() >= lady.rank() =>
            {
                if protected(lady) {
                    rank - 20
                } else if card == lady {
                    40
                } else {
                    25 + rank
                }
            }
            _ if lady.is_some() => rank - 20,
            suit if suit == hearts_suit && Some(card) == lowest_heart => -15,
            // Shedding early, hearts pass later: a high heart goes on a void.
            suit if suit == hearts_suit && skill.sheds_early => rank - 2 + value.min(5),
            suit if suit == hearts_suit => rank + 2 + value.min(5),
            _ => {
                let voidable = length <= view.pass.count as i32;
                rank + if voidable { 10 - 2 * length } else { 0 }
            }
        }
    };
    highest_first(hand, danger)
}

/// The card to play.
pub fn choose_play(view: &SeatView<'_>, skill: Skill) -> Card {
    let legal = view.legal;
    if let Some(only) = single(legal) {
        return only;
    }
    let jokers = legal & CardSet::JOKERS;
    if jokers.is_empty() {
        return pick(view, skill).0;
    }
    // Jokers are chosen apart: the card is chosen among the others, and a
    // joker takes its place where that card would win a trick with points.
    if jokers == legal {
        return jokers.lowest().expect("a bot is only asked when it has a card to play");
    }
    let others = SeatView { legal: legal - CardSet::JOKERS, ..*view };
    let (choice, table) = pick(&others, skill);
    match jokers.lowest() {
        Some(joker) if !table.shooting && table.threat.is_none() && wins_points(&others, choice) => joker,
        _ => choice,
    }
}

/// The card to play among `view.legal` (no jokers), and the table read.
fn pick(view: &SeatView<'_>, skill: Skill) -> (Card, Reading) {
    let table = Reading::read(view, skill);
    let choice = if table.shooting {
        moon_play(view, &table)
    } else {
        match view.led_suit() {
            // Jokers were led: this card sets the suit, as a lead does.
            None => lead(view, &table),
            Some(led) if !view.legal.of_suit(led).is_empty() => follow(view, &table),
            Some(_) => discard(view, &table),
        }
    };
    (choice, table)
}

/// Whether `card`, played now, takes the trick with points in it.
fn wins_points(view: &SeatView<'_>, card: Card) -> bool {
    let Some(winning) = view.trick.winning_card() else { return false };
    let beats = winning.is_joker() || (card.suit() == winning.suit() && card.rank() > winning.rank());
    beats && view.value_in_trick() + view.value(card) > 0
}

/// The shooter's choice of how its moon counts: whichever leaves this
/// seat's side the better chance of finishing first ([`Outlook`]), and on
/// equal chances the further ahead of the best other.
pub fn choose_moon(view: &SeatView<'_>, penalty_total: i32) -> MoonScoring {
    let shooting = |seat: Seat| seat == view.seat || view.is_partner(seat);
    let totals_each_way = |scoring: MoonScoring| {
        view.totals_after(&BySeat::new_with(|seat| match scoring {
            MoonScoring::AddToOthers if !shooting(seat) => penalty_total,
            MoonScoring::SubtractFromShooter if shooting(seat) => -penalty_total,
            _ => 0,
        }))
    };
    Outlook::new(view.rules, view.hand_number).shooter_choice(view.seat, totals_each_way)
}

/// What the seat reads off the table before choosing a card.
struct Reading {
    skill: Skill,
    /// Cards in other hands or the kitty.
    unseen: CardSet,
    /// Suits each seat has shown out of (only when counting).
    voids: BySeat<[bool; 4]>,
    /// The one other seat that has taken every point so far, when a moon
    /// is still possible for it and it has taken enough (or, guarding,
    /// leads hearts as a shooter) to be worth stopping at a cost.
    threat: Option<Seat>,
    /// That seat at any number of points: not yet worth paying to stop,
    /// but worth keeping a high heart for.
    watch: Option<Seat>,
    /// This seat is going for the moon and nobody else has points yet.
    shooting: bool,
    /// The ladies in play ([`SeatView::ladies`]).
    ladies: CardSet,
    /// The ladies still in someone else's hand (or the kitty).
    ladies_out: CardSet,
}

impl Reading {
    fn read(view: &SeatView<'_>, skill: Skill) -> Reading {
        // A combined team shoots as one: each side's points are read at its
        // first seat (this seat for its own side), and a partner's points
        // are this seat's.
        let points = shooting_points(view);
        let players = view.players();
        let mut scorers = Seat::all(players).filter(|&s| points[s] > 0);
        let (first, second) = (scorers.next(), scorers.next());
        let moon_possible = view.rules.moon != hearts_engine::MoonRule::Off;
        let watch = match (first, second) {
            (Some(one), None) if one != view.seat && !view.is_partner(one) && moon_possible => Some(one),
            _ => None,
        };
        let threat =
            watch.filter(|&one| points[one] >= threat_threshold(view) || (skill.guards_moon && runs_hearts(view, one)));
        let mine_only = second.is_none() && first.is_none_or(|s| s == view.seat);
        let shooting = skill.moon_attempts && moon_possible && mine_only && still_shooting(view, &points, skill);
        // A declared Generale: the declarer must take everything, and the
        // others only have to take one point from it.
        let (threat, shooting) = match view.variants.declarer {
            Some(declarer) if declarer == view.seat => (None, true),
            Some(declarer) => (Some(declarer), false),
            None => (threat, shooting),
        };
        let unseen = view.unseen();
        let ladies = view.ladies();
        Reading {
            skill,
            unseen,
            // While Domino's stock lasts, a seat out of a suit draws and
            // follows: its voids promise no discard.
            voids: if skill.counting && view.variants.stock_size == 0 {
                view.voids()
            } else {
                BySeat::splat([false; 4])
            },
            threat,
            watch,
            shooting,
            ladies,
            ladies_out: unseen & ladies,
        }
    }

    /// The lady of `suit` when it is still out (in someone else's hand).
    fn lady_out(&self, suit: Suit) -> Option<Card> {
        self.ladies_out.of_suit(suit).highest()
    }

    /// Whether some seat still to play is known to be void in `suit`.
    fn later_void(&self, view: &SeatView<'_>, suit: Suit) -> bool {
        view.later_seats().any(|seat| self.voids[seat][suit as usize])
    }

    /// Whether every other seat is known to be out of `suit`, or nobody
    /// else holds one.
    fn suit_exhausted(&self, view: &SeatView<'_>, suit: Suit) -> bool {
        self.unseen.of_suit(suit).is_empty()
            || (self.skill.counting
                && Seat::all(view.players()).filter(|&s| s != view.seat).all(|s| self.voids[s][suit as usize]))
    }
}

/// Points taken, as a moon counts them: under combined teams each side's
/// points at one seat (this seat for its own side, the first seat of the
/// others), zero at the other partner; otherwise each seat's own.
fn shooting_points(view: &SeatView<'_>) -> BySeat<i32> {
    let rules = view.rules;
    if rules.teams != Teams::Combined {
        return view.points_taken;
    }
    let mine = rules.side(view.seat);
    BySeat::new_with(|seat| {
        let side = rules.side(seat);
        let stands_for_side = if side == mine { seat == view.seat } else { seat.index() == side };
        let team = || view.points_taken[seat] + rules.partner(seat).map_or(0, |partner| view.points_taken[partner]);
        if stands_for_side { team() } else { 0 }
    })
}

/// Whether a trick won by `winner` goes to the shooter `threat` (or, under
/// combined teams, to its partner).
fn goes_to(view: &SeatView<'_>, winner: Option<Seat>, threat: Option<Seat>) -> bool {
    match (winner, threat) {
        (Some(winner), Some(threat)) => {
            winner == threat || (view.rules.teams == Teams::Combined && view.rules.partner(threat) == Some(winner))
        }
        _ => false,
    }
}

/// Whether `seat` leads hearts (the penalty suit) as a shooter does: it
/// leads one now, or led one and won it. Nobody else leads hearts into
/// the points they have taken alone.
fn runs_hearts(view: &SeatView<'_>, seat: Seat) -> bool {
    let hearts = Some(view.penalty_suit());
    let players = view.players();
    let leading_now = view.trick.leader() == seat && view.trick.led_suit() == hearts;
    leading_now
        || view.tricks.iter().any(|t| t.leader() == seat && t.led_suit() == hearts && t.winner(players) == Some(seat))
}

/// Points one seat must have taken alone before the others treat it as a
/// shooter: about half the hand's penalty points.
fn threat_threshold(view: &SeatView<'_>) -> i32 {
    match view.rules.teams {
        // Two partners take every point far more often than one player.
        Teams::Combined => 1,
        Teams::Off | Teams::Individual => (view.rules.penalty_total() / 3).max(4),
    }
}

/// High-card points: A 4, K 3, Q 2, J 1.
fn high_card_points(cards: CardSet) -> usize {
    cards.iter().map(|card| card.rank().index().saturating_sub(8)).sum()
}

/// A hand worth trying the moon with: long hearts headed by the ace, high
/// cards enough to win the tricks that carry points, and each lady held or
/// covered by the ace of her suit. An eager shooter tries with less.
fn moon_hand(view: &SeatView<'_>, skill: Skill) -> bool {
    if skill.moon_eager {
        return plausible_moon_hand(view);
    }
    let hand = view.hand;
    let hearts = hand.of_suit(view.penalty_suit());
    let ace_of_hearts = Card::new(Rank::Ace, view.penalty_suit());
    let queen_covered =
        view.ladies().iter().all(|lady| hand.contains(lady) || hand.contains(Card::new(Rank::Ace, lady.suit())));
    hearts.contains(ace_of_hearts)
        && hearts.len() >= 5
        && high_card_points(hearts) >= 6
        && queen_covered
        && high_card_points(hand) >= 15
}

/// A hand a moon is plausible with: high cards enough to win most tricks
/// (ten high-card points),
/// each lady held or covered by the ace or king of her suit, and the top
/// hearts held (or so few hearts that the others' fall on its winners).
fn plausible_moon_hand(view: &SeatView<'_>) -> bool {
    let hand = view.hand;
    let hearts = hand.of_suit(view.penalty_suit());
    let top = |rank: Rank| hand.contains(Card::new(rank, view.penalty_suit()));
    let covered = |lady: Card| {
        hand.contains(lady)
            || hand.contains(Card::new(Rank::Ace, lady.suit()))
            || hand.contains(Card::new(Rank::King, lady.suit()))
    };
    let top_hearts = top(Rank::Ace) || (hearts.len() <= 2 && top(Rank::King)) || hearts.is_empty();
    view.ladies().iter().all(covered) && top_hearts && high_card_points(hand) >= 10
}

/// Whether this seat is (still) on a moon attempt: nobody else has taken a
/// point, and either the hand is a moon hand or it has taken points and
/// still holds the top of the hearts left.
fn still_shooting(view: &SeatView<'_>, points: &BySeat<i32>, skill: Skill) -> bool {
    let others_scored = Seat::all(view.players()).any(|s| s != view.seat && points[s] > 0);
    if others_scored || view.hand.is_empty() {
        return false;
    }
    let unseen = view.unseen();
    let hearts = view.hand.of_suit(view.penalty_suit());
    let unseen_hearts = unseen.of_suit(view.penalty_suit());
    let top_heart = match (hearts.highest(), unseen_hearts.highest()) {
        (Some(mine), Some(theirs)) => mine.rank() > theirs.rank(),
        (_, None) => true,
        (None, Some(_)) => false,
    };
    let ladies = view.ladies();
    let queen_safe = (unseen & ladies).iter().all(|lady| {
        view.hand.contains(Card::new(Rank::Ace, lady.suit())) || view.hand.contains(Card::new(Rank::King, lady.suit()))
    });
    let taken_many = points[view.seat] >= view.rules.penalty_total() / 3;
    let queen_taken = ((unseen | view.hand) & ladies).is_empty();
    if points[view.seat] > 0 {
        top_heart && queen_safe && (taken_many || queen_taken)
    } else {
        let begun_within = if skill.moon_eager { EAGER_MOON_TRICKS } else { MOON_TRICKS };
        view.tricks.len() < begun_within && moon_hand(view, skill) && top_heart
    }
}

fn moon_keep_score(card: Card, hand: CardSet, hearts: Suit) -> i32 {
    let rank = card.rank().index() as i32;
    let length = hand.of_suit(card.suit()).len() as i32;
    if card.suit() == hearts { rank + 20 } else { rank + length }
}

/// Plays to take every point: lead the surest winner, win tricks that
/// carry points (or may), lose clean tricks cheaply, and never throw a
/// point card away.
fn moon_play(view: &SeatView<'_>, table: &Reading) -> Card {
    let legal = view.legal;
    match (view.led_suit(), view.trick.winning_card()) {
        (None, _) => best_by(legal, |card| {
            let above = table.unseen.above(card).len() as i32;
            let length = view.hand.of_suit(card.suit()).len() as i32;
            -(above * 40) + length * 2 + card.rank().index() as i32
        }),
        (Some(led), Some(winning)) if !legal.of_suit(led).is_empty() => {
            let in_trick = view.value_in_trick();
            let winners = legal.above(winning);
            if view.is_last_to_play() && in_trick <= 0 {
                // A clean trick: lose it with the lowest card, keep the winners.
                return legal.lowest_rank().unwrap_or(winning);
            }
            winners.highest().or_else(|| legal.lowest_rank()).unwrap_or(winning)
        }
        _ => best_by(legal, |card| {
            -(moon_keep_score(card, view.hand, view.penalty_suit()) + 40 * view.value(card).max(0))
        }),
    }
}

/// Choosing a lead: the card least likely to win, with the queen in mind.
fn lead(view: &SeatView<'_>, table: &Reading) -> Card {
    // A shooter has every point so far: a heart nobody can beat takes one.
    let top_heart = view.legal.of_suit(view.penalty_suit()).highest();
    if table.threat.is_some()
        && let Some(heart) = top_heart
        && table.unseen.of_suit(view.penalty_suit()).above(heart).is_empty()
    {
        return heart;
    }
    let ladies = table.ladies;
    let domino_bonus = domino_lead_bonus(view, table);
    let score = |card: Card| -> i32 {
        let suit = card.suit();
        let unseen = table.unseen.of_suit(suit);
        let higher = unseen.above(card).len() as i32;
        let lower = unseen.below(card).len() as i32;
        // Chance-like measure of winning the trick, 0..=100.
        let mut risk = if higher == 0 { 100 } else { 100 * lower / (lower + higher) };
        if table.suit_exhausted(view, suit) {
            risk = 100 + view.rules.penalty_total();
        }
        let lady_out = table.lady_out(suit);
        match suit {
            _ if ladies.contains(card) => risk += 200,
            _ if lady_out.is_some_and(|lady| card.rank() > lady.rank()) => risk += 150,
            _ if lady_out.is_some_and(|lady| card.rank() < lady.rank())
                && (view.hand & ladies).of_suit(suit).is_empty() =>
            {
                risk -= 25
            }
            suit if suit == view.penalty_suit() => risk += 10 + view.value(card),
            _ => {}
        }
        if table.skill.counting {
            let someone_void = Seat::all(view.players()).any(|s| s != view.seat && table.voids[s][suit as usize]);
            if someone_void && higher == 0 {
                risk += 50;
            } else if someone_void {
                risk += 15;
            }
            if let Some((holder, cards)) = view.known_elsewhere() {
                // Lead low into the seat we passed a lady to.
                if let Some(lady) = (cards & ladies).of_suit(suit).highest()
                    && holder != view.seat
                {
                    risk -= if card.rank() < lady.rank() { 20 } else { 0 };
                }
            }
        }
        if view.value(card) < 0 {
            risk += 40; // keep the bonus card for a trick we can win cheaply
        }
        if table.skill.sheds_early && higher > 0 && suit != view.penalty_suit() && view.hand.of_suit(suit).len() == 1 {
            risk -= VOID_LEAD_BONUS;
        }
        risk -= domino_bonus[suit as usize];
        risk * 16 + card.rank().index() as i32
    };
    best_by(view.legal, |card| -score(card))
}

/// Domino, while the stock lasts: whoever ends holding cards takes the
/// stock, and a seat that cannot follow draws. So lead from length (it
/// keeps this seat from running out of a suit and drawing later), and,
/// counting, into a suit another seat has shown out of (it must draw).
/// The bonus for each suit, worked out once per lead (the voids are read
/// once, not for every card).
fn domino_lead_bonus(view: &SeatView<'_>, table: &Reading) -> [i32; 4] {
    if view.variants.stock_size == 0 {
        return [0; 4];
    }
    let voids = if table.skill.counting { Some(view.voids()) } else { None };
    Suit::ALL.map(|suit| {
        let length = view.hand.of_suit(suit).len() as i32;
        let mut bonus = 100 * (length - 1);
        if let Some(voids) = voids {
            let players = view.players();
            let forced =
                Seat::all(players).filter(|&s| s != view.seat && view.cards_held_by(s) > 0 && voids[s][suit as usize]);
            bonus += 250 * forced.count() as i32;
        }
        bonus
    })
}

/// Two packs, following a trick no card wins: with two pairs cancelled
/// nobody ever will, so the highest card goes safely; with every card of
/// the suit led cancelled the next one played once wins, so the lowest.
fn follow_with_nobody_winning(view: &SeatView<'_>) -> Card {
    let legal = view.legal;
    let card = if view.trick.cancelled().len() >= 2 { legal.highest() } else { legal.lowest() };
    card.expect("a legal card")
}

/// Following suit: duck under the winning card when possible.
fn follow(view: &SeatView<'_>, table: &Reading) -> Card {
    let legal = view.legal;
    let Some(winning) = view.trick.winning_card() else {
        return follow_with_nobody_winning(view);
    };
    let in_trick = view.value_in_trick();
    // Two packs: the other copy of the winning card cancels it and leaves
    // the trick (and its points) to someone else.
    if legal.contains(winning) && in_trick > 0 {
        let mut cancelled = view.trick;
        cancelled.push(winning);
        if cancelled.winner(view.players()) != Some(view.seat) {
            return winning;
        }
    }
    let under = legal.below(winning);
    let over = legal.above(winning);
    let not_queen = |set: CardSet| set - table.ladies;

    if let Some(threat) = table.threat
        && goes_to(view, view.trick.winner(view.players()), Some(threat))
        && in_trick > 0
        && let Some(card) = not_queen(over).lowest()
    {
        return card; // take the point away from the shooter
    }
    let bonus_in_trick = in_trick < 0;
    if table.skill.sheds_early
        && in_trick == 0
        && !view.is_last_to_play()
        && let Some(card) = safe_high_card(view, table, winning.suit())
    {
        return card;
    }
    if view.is_last_to_play() {
        let take = |cards: CardSet| {
            // Winning anyway: shed the highest card that adds no points.
            let clean = cards.iter().filter(|&c| view.value(c) <= 0).max_by_key(|c| c.rank());
            clean.or_else(|| cards.highest())
        };
        if in_trick <= 0 && !over.is_empty() {
            // A clean trick (or the bonus card) is ours for the taking.
            if let Some(card) = take(over)
                && in_trick + view.value(card) <= 0
            {
                return card;
            }
        }
        if let Some(card) = under.highest() {
            return card;
        }
        return take(over).unwrap_or(winning);
    }
    if let Some(card) = under.highest() {
        // Duck, but do not throw the bonus card under someone else's win;
        // under the hearts of a seat with every point, keep the high heart
        // to take a trick from it later.
        let keep_high = view.value(card) < 0
            || (table.skill.guards_moon && table.watch.is_some() && winning.suit() == view.penalty_suit());
        let card = if keep_high { under.lowest().unwrap_or(card) } else { card };
        if !(bonus_in_trick && view.value(card) < 0) {
            return card;
        }
    }
    // Must go over (or chose to): the lowest card that is not the queen, so
    // a later player may still overtake.
    let led = winning.suit();
    let spade_danger = table.lady_out(led).is_some() && table.later_void(view, led);
    let candidates = not_queen(over);
    if spade_danger || candidates.is_empty() {
        return over.lowest_rank().or_else(|| legal.lowest_rank()).unwrap_or(winning);
    }
    candidates.lowest_rank().unwrap_or(winning)
}

/// Following a clean trick of `led` that everyone still to play will
/// follow (nobody shown out, enough of the suit still out): the highest
/// card worth nothing that stays under any lady of the suit still out.
/// It goes now, while it costs nothing, rather than win a trick with
/// points later. The first trick under no-blood is the plainest case.
fn safe_high_card(view: &SeatView<'_>, table: &Reading, led: Suit) -> Option<Card> {
    let later = view.later_seats().count();
    let long_everywhere = table.unseen.of_suit(led).len() >= later * UNSEEN_PER_LATER_SEAT;
    if led == view.penalty_suit() || table.later_void(view, led) || !long_everywhere {
        return None;
    }
    let lady = table.lady_out(led);
    let safe = |card: Card| {
        view.value(card) == 0 && !table.ladies.contains(card) && lady.is_none_or(|lady| card.rank() < lady.rank())
    };
    view.legal.iter().filter(|&card| safe(card)).max_by_key(|card| card.rank())
}

/// Void in the suit led: throw the most dangerous card, unless that would
/// feed a shooter or end the game badly.
fn discard(view: &SeatView<'_>, table: &Reading) -> Card {
    let winner = view.trick.winner(view.players());
    let feeding_shooter = goes_to(view, winner, table.threat);
    let feeding_partner = winner.is_some_and(|winner| view.is_partner(winner));
    if feeding_partner
        && table.threat.is_some()
        && let Some(point) = view.legal.iter().filter(|&card| view.value(card) > 0).min_by_key(|&c| view.value(c))
    {
        // The other team has every point: one on the partner's trick stops the moon.
        return point;
    }
    let ending_badly = table.skill.score_aware && winner.is_some_and(|w| game_would_end_badly(view, table, w));
    let hand = view.hand;
    // The highest heart left stops a moon: a team of two shoots often, so
    // against a team it is kept while anything else can go. Guarding, the
    // highest heart (the top one left, or the next) is kept off the trick
    // of the one seat with every point so far.
    let hearts = view.penalty_suit();
    let guarding = table.skill.guards_moon && goes_to(view, winner, table.watch);
    let stopper = hand.of_suit(hearts).highest().filter(|&top| {
        let above = table.unseen.of_suit(hearts).above(top).len();
        view.rules.moon != hearts_engine::MoonRule::Off
            && match view.rules.teams {
                Teams::Combined => above == 0,
                Teams::Off | Teams::Individual => guarding && above <= 1,
            }
    });
    let score = |card: Card| -> i32 {
        let rank = card.rank().index() as i32;
        let value = view.value(card);
        let lady_out = table.lady_out(card.suit());
        let mut danger = match card.suit() {
            _ if value < 0 => -100,
            _ if table.ladies.contains(card) => 200,
            _ if lady_out.is_some_and(|lady| card.rank() > lady.rank()) => 120 + rank,
            suit if suit == view.penalty_suit() => 40 + rank + value,
            suit => {
                let length = hand.of_suit(suit).len() as i32;
                rank * 2 + (6 - length).max(0) * 2
            }
        };
        if value > 0 && (feeding_shooter || feeding_partner || ending_badly) {
            // Forced to feed a shooter: the fewest points and the lowest
            // first, the stoppers last.
            danger = -400 - value * 20 - rank;
        }
        if Some(card) == stopper {
            danger -= 300;
        }
        danger
    };
    best_by(view.legal, score)
}

/// Whether points given to `winner` now would push it to the target while
/// this seat is not the lowest of the others.
fn game_would_end_badly(view: &SeatView<'_>, table: &Reading, winner: Seat) -> bool {
    let points = view.points_taken;
    let heaviest = table.ladies.iter().map(|lady| view.value(lady)).max().unwrap_or(0);
    let projected = view.totals[winner] + points[winner] + view.value_in_trick() + heaviest;
    if projected < view.rules.target_score {
        return false;
    }
    let mine = view.totals[view.seat] + points[view.seat];
    let rival = |s: Seat| s != view.seat && s != winner && !view.is_partner(s);
    Seat::all(view.players()).filter(|&s| rival(s)).any(|s| view.totals[s] + points[s] < mine)
}

/// Whether to declare the Generale: only with a hand that should win every
/// trick. In each suit, the cards below its top run (the cards no unseen
/// card beats, counted down from the top) are losers; declare with none,
/// or one in a strong hand.
pub fn choose_declaration(view: &SeatView<'_>) -> bool {
    let hand = view.hand;
    let unseen = view.unseen();
    let losers: usize = Suit::ALL
        .iter()
        .map(|&suit| {
            let mut cards: Vec<Card> = hand.of_suit(suit).iter().collect();
            cards.reverse();
            let top_run = cards.iter().take_while(|&&card| unseen.above(card).is_empty()).count();
            cards.len() - top_run
        })
        .sum();
    losers == 0 || (losers == 1 && high_card_points(hand) >= 22)
}

/// How many penalty points the seat expects to take if `suit` is the
/// penalty suit, in tenths: each card of the suit it holds may win a trick
/// of that suit (the higher, the likelier), and each such trick carries a
/// card from every player.
fn suit_risk(view: &SeatView<'_>, suit: Suit) -> u32 {
    let players = view.players() as u32;
    view.hand
        .of_suit(suit)
        .iter()
        .map(|card| card.rank().index() as u32)
        .map(|rank| rank * rank * players * 10 / 144)
        .sum()
}

/// The suit this seat would name: the one it expects to take fewest of.
pub fn choose_suit(view: &SeatView<'_>) -> Suit {
    *Suit::ALL.iter().min_by_key(|&&suit| (suit_risk(view, suit), suit != Suit::Hearts)).expect("four suits")
}

/// The auction bid: a chip for every point and a half that naming its best
/// suit saves against hearts beyond the first three, when that beats the
/// last bid and the seat has the chips; otherwise a pass. Hands with no
/// suit much safer than hearts pass.
pub fn choose_bid(view: &SeatView<'_>) -> Option<u32> {
    let saving = suit_risk(view, Suit::Hearts).saturating_sub(suit_risk(view, choose_suit(view)));
    let bid = saving.saturating_sub(30) / 15;
    (bid >= view.least_bid() && bid <= view.own_chips()).then_some(bid)
}

/// The one card of a set of one.
fn single(set: CardSet) -> Option<Card> {
    if set.len() == 1 { set.lowest() } else { None }
}

/// The card with the highest score (the lowest card on ties).
fn best_by(set: CardSet, score: impl Fn(Card) -> i32) -> Card {
    let mut best: Option<(i32, Card)> = None;
    for card in set {
        let s = score(card);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, card));
        }
    }
    best.map(|(_, card)| card).expect("a bot is only asked when it has a card to play")
}

/// The cards, highest score first (on equal scores, the higher rank).
fn highest_first(set: CardSet, score: impl Fn(Card) -> i32) -> Vec<Card> {
    let mut cards: Vec<Card> = set.iter().collect();
    cards.sort_by_cached_key(|&card| std::cmp::Reverse((score(card), card.rank())));
    cards
}

/// The cards, lowest score first (on equal scores, the lower rank).
fn lowest_first(set: CardSet, score: impl Fn(Card) -> i32) -> Vec<Card> {
    let mut cards: Vec<Card> = set.iter().collect();
    cards.sort_by_cached_key(|&card| (score(card), card.rank()));
    cards
}

/// Ranking helpers on card sets that only bots need.
trait ByRank {
    /// The lowest-ranked card, whatever its suit.
    fn lowest_rank(self) -> Option<Card>;
}

impl ByRank for CardSet {
    fn lowest_rank(self) -> Option<Card> {
        self.iter().min_by_key(|card| card.rank())
    }
}
