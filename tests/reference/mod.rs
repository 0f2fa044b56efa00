//! A second, independent statement of the rules, written straight from the
//! rule book (docs/rules.md) to judge the engine by: plain lists of cards,
//! one rule per `if`, no card sets, no bit tricks and no code shared with
//! the engine beyond the `Card` and `Rules` data types. It is slow and
//! meant to be.
#![allow(dead_code)]

use hearts_engine::{
    Card, Declaration, FirstLead, KittyTo, MoonRule, PassDirection, PointsTable, Rank, Rules, Scoring, Suit, Teams,
    TieRule,
};

pub mod domino;

/// A card's face value: 2..10, then J 11, Q 12, K 13, A 14.
pub fn face(rank: Rank) -> i32 {
    let ranks = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];
    ranks.iter().position(|&r| r == rank).unwrap() as i32 + 2
}

/// What a card is worth under a points table, from the rule book's list.
pub fn value(card: Card, table: PointsTable) -> i32 {
    // A joker is worth nothing.
    if card.is_joker() {
        return 0;
    }
    let queen_of_spades = card.suit() == Suit::Spades && card.rank() == Rank::Queen;
    let heart = card.suit() == Suit::Hearts;
    match table {
        PointsTable::Standard => {
            if queen_of_spades {
                13
            } else if heart {
                1
            } else {
                0
            }
        }
        PointsTable::SpotHearts => {
            if queen_of_spades {
                13
            } else if heart {
                // 2..10 at face value, J 11, Q 12, K 13, A 14.
                face(card.rank())
            } else {
                0
            }
        }
        PointsTable::BlackMaria => {
            if card.suit() == Suit::Spades && card.rank() == Rank::Queen {
                13
            } else if card.suit() == Suit::Spades && card.rank() == Rank::King {
                10
            } else if card.suit() == Suit::Spades && card.rank() == Rank::Ace {
                7
            } else if heart {
                1
            } else {
                0
            }
        }
        PointsTable::Original => i32::from(heart),
        // Black Jack: the JS 10, each heart 1.
        PointsTable::BlackJack => {
            if card.suit() == Suit::Spades && card.rank() == Rank::Jack {
                10
            } else {
                i32::from(heart)
            }
        }
        // Greek: QS 50, AH 15, KH QH JH 10, the other hearts face value.
        PointsTable::Greek => {
            if queen_of_spades {
                50
            } else if !heart {
                0
            } else if card.rank() == Rank::Ace {
                15
            } else if face(card.rank()) > 10 {
                10
            } else {
                face(card.rank())
            }
        }
        // Chasse Coeur: every queen 13, the other hearts 1.
        PointsTable::ChasseCoeur => {
            if card.rank() == Rank::Queen {
                13
            } else {
                i32::from(heart)
            }
        }
        // Royal: QS 26, hearts 1 (the queens' effects come at scoring).
        PointsTable::Royal => {
            if queen_of_spades {
                26
            } else {
                i32::from(heart)
            }
        }
        // Eagle: hearts only, A 5, K 4, Q 3, J 2, pips 1.
        PointsTable::Eagle => {
            if !heart {
                0
            } else {
                match card.rank() {
                    Rank::Ace => 5,
                    Rank::King => 4,
                    Rank::Queen => 3,
                    Rank::Jack => 2,
                    _ => 1,
                }
            }
        }
    }
}

fn is(card: Card, rank: Rank, suit: Suit) -> bool {
    card.rank() == rank && card.suit() == suit
}

/// What a seat's take scores: the points table, and in Royal the queens'
/// effects: the QH taker scores each heart twice; a taker of the QC and
/// the QS does not score the QS.
pub fn take_points(taken: &[Card], rules: &Rules) -> i32 {
    let plain: i32 = taken.iter().map(|&c| value(c, rules.points)).sum();
    if rules.points != PointsTable::Royal {
        return plain;
    }
    let hearts = taken.iter().filter(|c| !c.is_joker() && c.suit() == Suit::Hearts).count() as i32;
    let has = |rank, suit| taken.iter().any(|&c| is(c, rank, suit));
    let hearts_score = if has(Rank::Queen, Suit::Hearts) { 2 * hearts } else { hearts };
    let queen_score = if has(Rank::Queen, Suit::Spades) && !has(Rank::Queen, Suit::Clubs) { 26 } else { 0 };
    hearts_score + queen_score
}

/// Royal's QD: the taker's total drops by 10 after the hand, but not below
/// zero (a total already below zero stays).
pub fn royal_cut(total: i32) -> i32 {
    if total >= 10 {
        total - 10
    } else if total >= 0 {
        0
    } else {
        total
    }
}

/// The rule book's pass cycle for a player count.
pub fn pass_cycle(rules: &Rules) -> Vec<PassDirection> {
    if let Some(cycle) = rules.pass_cycle {
        return cycle.directions().to_vec();
    }
    use PassDirection::{Across, Hold, Left, Right};
    if rules.cancellation {
        // Two packs: left, right, hold, at any table size.
        return vec![Left(1), Right(1), Hold];
    }
    match rules.players {
        3 => vec![Left(1), Right(1), Hold],
        4 => vec![Left(1), Right(1), Across, Hold],
        5 => vec![Left(1), Right(1), Left(2), Right(2), Hold],
        6 => vec![Left(1), Right(1), Left(2), Right(2), Across, Hold],
        _ => vec![Left(1), Right(1), Left(2), Right(2), Left(3), Right(3), Hold],
    }
}

/// Where a seat's pass goes: left is clockwise (seat + k), right is seat - k,
/// across is seat + n/2.
pub fn pass_target(seat: usize, direction: PassDirection, players: usize) -> usize {
    match direction {
        PassDirection::Left(k) => (seat + k as usize) % players,
        PassDirection::Right(k) => (seat + players - k as usize % players) % players,
        PassDirection::Across => (seat + players / 2) % players,
        PassDirection::Hold => seat,
    }
}

/// One hand, as the rule book tells it.
#[derive(Clone, Debug)]
pub struct RefHand {
    pub rules: Rules,
    pub players: usize,
    pub holdings: Vec<Vec<Card>>,
    pub kitty: Vec<Card>,
    /// Every card dealt or in the kitty.
    pub in_play: Vec<Card>,
    /// The trick so far: (seat, card) in play order.
    pub trick: Vec<(usize, Card)>,
    pub to_act: usize,
    pub tricks_done: usize,
    pub hearts_broken: bool,
    pub taken: Vec<Vec<Card>>,
    pub tricks_won: Vec<usize>,
    /// The seat that declared the Generale.
    pub declarer: Option<usize>,
    /// The auction's winning bid: (seat, chips).
    pub winning_bid: Option<(usize, u32)>,
    /// The suit the auction's winner named: it replaces hearts everywhere.
    pub named_suit: Option<Suit>,
    /// Cancellation: the cards of tricks nobody won, and how many tricks.
    pub waiting: Vec<Card>,
    pub waiting_tricks: usize,
}

impl RefHand {
    /// A hand dealt as given, play about to start (passing done).
    pub fn new(rules: &Rules, holdings: Vec<Vec<Card>>, kitty: Vec<Card>, dealer: usize) -> RefHand {
        let players = rules.players as usize;
        let mut in_play: Vec<Card> = holdings.iter().flatten().copied().collect();
        in_play.extend(kitty.iter().copied());
        let mut hand = RefHand {
            rules: *rules,
            players,
            holdings,
            kitty,
            in_play,
            trick: Vec::new(),
            to_act: 0,
            tricks_done: 0,
            hearts_broken: false,
            taken: vec![Vec::new(); players],
            tricks_won: vec![0; players],
            declarer: None,
            winning_bid: None,
            named_suit: None,
            waiting: Vec::new(),
            waiting_tricks: 0,
        };
        hand.to_act = hand.first_leader(dealer);
        hand
    }

    /// The rule book's first lead: the holder of the lowest club leads,
    /// unless the rules say left of the dealer (or no club is held).
    /// A hand taken up in the middle: the cards still held, the tricks
    /// completed (their cards in `played`), and the trick being played.
    pub fn mid_hand(
        rules: &Rules,
        holdings: Vec<Vec<Card>>,
        played: Vec<Card>,
        tricks_done: usize,
        trick: Vec<(usize, Card)>,
        to_act: usize,
        named_suit: Option<Suit>,
    ) -> RefHand {
        let players = rules.players as usize;
        let everything_played = played.iter().chain(trick.iter().map(|(_, card)| card));
        // Hearts (or the suit named in the auction) break when one has been
        // played (or, by the option, the queen of spades).
        let hearts = named_suit.unwrap_or(Suit::Hearts);
        let hearts_broken = everything_played.into_iter().any(|card| {
            (!card.is_joker() && card.suit() == hearts)
                || (rules.queen_breaks_hearts && card.suit() == Suit::Spades && card.rank() == Rank::Queen)
        });
        RefHand {
            rules: *rules,
            players,
            holdings,
            kitty: Vec::new(),
            in_play: Vec::new(),
            trick,
            to_act,
            tricks_done,
            hearts_broken,
            taken: vec![Vec::new(); players],
            tricks_won: vec![0; players],
            declarer: None,
            winning_bid: None,
            named_suit,
            waiting: Vec::new(),
            waiting_tricks: 0,
        }
    }

    /// The auction's winner names `suit` and leads the first trick.
    pub fn name_suit(&mut self, seat: usize, suit: Suit) {
        self.named_suit = Some(suit);
        self.to_act = seat;
    }

    /// Hearts, or the suit named in the auction.
    pub fn penalty_suit(&self) -> Suit {
        self.named_suit.unwrap_or(Suit::Hearts)
    }

    fn first_leader(&self, dealer: usize) -> usize {
        let left_of_dealer = (dealer + 1) % self.players;
        if self.rules.first_lead == FirstLead::LeftOfDealer {
            return left_of_dealer;
        }
        match self.lowest_club_held() {
            // With two packs two seats may hold it: the first from the dealer's left.
            Some(club) => (1..=self.players)
                .map(|step| (dealer + step) % self.players)
                .find(|&seat| self.holdings[seat].contains(&club))
                .unwrap(),
            None => left_of_dealer,
        }
    }

    fn lowest_club_held(&self) -> Option<Card> {
        let clubs =
            self.holdings.iter().flatten().copied().filter(|card| !card.is_joker() && card.suit() == Suit::Clubs);
        clubs.min_by_key(|card| card.rank())
    }

    fn is_penalty(&self, card: Card) -> bool {
        match self.named_suit {
            // Each card of the named suit is worth 1, and nothing else.
            Some(suit) => !card.is_joker() && card.suit() == suit,
            None => value(card, self.rules.points) > 0,
        }
    }

    pub fn is_over(&self) -> bool {
        self.holdings.iter().all(Vec::is_empty)
    }

    /// The cards the seat to act may play, sorted.
    pub fn legal(&self) -> Vec<Card> {
        let mut cards = self.legal_unsorted();
        cards.sort();
        // Two copies of a card are one choice.
        cards.dedup();
        cards
    }

    fn legal_unsorted(&self) -> Vec<Card> {
        let hand = &self.holdings[self.to_act];
        let first_trick = self.tricks_done == 0;
        let jokers: Vec<Card> = hand.iter().copied().filter(|c| c.is_joker()).collect();
        if !self.trick.is_empty() {
            // The suit led is the first card's that is not a joker.
            if let Some(&(_, led)) = self.trick.iter().find(|(_, c)| !c.is_joker()) {
                // Follow suit if you can; a joker may be played at any time.
                let mut following: Vec<Card> =
                    hand.iter().copied().filter(|c| !c.is_joker() && c.suit() == led.suit()).collect();
                if !following.is_empty() {
                    following.extend(jokers);
                    return following;
                }
            }
            // No blood on the first trick, unless every card held is a penalty card.
            if first_trick && self.rules.no_blood {
                let clean: Vec<Card> = hand.iter().copied().filter(|&c| !self.is_penalty(c)).collect();
                if !clean.is_empty() {
                    return clean;
                }
            }
            return hand.clone();
        }
        // The auction's winner leads any card to the first trick.
        if first_trick && self.named_suit.is_none() {
            match self.rules.first_lead {
                FirstLead::LowestClub => {
                    if let Some(club) = self.lowest_club_held() {
                        return vec![club];
                    }
                }
                FirstLead::AnyClub => {
                    if self.lowest_club_held().is_some() {
                        return hand.iter().copied().filter(|c| !c.is_joker() && c.suit() == Suit::Clubs).collect();
                    }
                }
                FirstLead::LeftOfDealer => {}
            }
        }
        // Hearts may not be led before they break, unless only hearts are held.
        if self.rules.must_break_hearts && !self.hearts_broken {
            let not_hearts: Vec<Card> =
                hand.iter().copied().filter(|c| c.is_joker() || c.suit() != self.penalty_suit()).collect();
            if !not_hearts.is_empty() {
                return not_hearts;
            }
        }
        hand.clone()
    }

    /// Plays a card the rules allow.
    pub fn play(&mut self, card: Card) {
        assert!(self.legal().contains(&card), "the reference refuses {card}");
        let seat = self.to_act;
        // One copy: with two packs the other may still be held.
        let at = self.holdings[seat].iter().position(|&c| c == card).unwrap();
        self.holdings[seat].remove(at);
        let queen_of_spades = !card.is_joker() && card.suit() == Suit::Spades && card.rank() == Rank::Queen;
        let heart = !card.is_joker() && card.suit() == self.penalty_suit();
        if heart || (self.rules.queen_breaks_hearts && queen_of_spades) {
            self.hearts_broken = true;
        }
        self.trick.push((seat, card));
        if self.trick.len() < self.players {
            self.to_act = (seat + 1) % self.players;
            return;
        }
        // The highest card of the suit led wins; jokers never do, and a trick
        // of jokers only goes to its leader.
        // With two packs a card played twice cancels: neither copy wins,
        // and with two such pairs nobody wins at all.
        let played_twice = |card: Card| self.trick.iter().filter(|&&(_, c)| c == card).count() == 2;
        let pairs = self.trick.iter().filter(|&&(_, c)| played_twice(c)).count() / 2;
        let winner = match self.trick.iter().find(|(_, c)| !c.is_joker()) {
            Some(&(_, first)) => {
                let led = first.suit();
                let in_suit = self.trick.iter().filter(|(_, c)| !c.is_joker() && c.suit() == led && !played_twice(*c));
                in_suit.max_by_key(|(_, c)| c.rank()).map(|&(seat, _)| seat).filter(|_| pairs < 2)
            }
            None => Some(self.trick[0].0),
        };
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        let last_trick = self.holdings.iter().all(Vec::is_empty);
        let leader = self.trick[0].0;
        let first_trick = self.tricks_done == 0;
        self.tricks_done += 1;
        self.trick.clear();
        let winner = match winner {
            Some(winner) => winner,
            // The last trick goes to its leader; any other waits for the
            // next trick's winner, and its leader leads again.
            None if last_trick => leader,
            None => {
                self.waiting.extend(cards);
                self.waiting_tricks += 1;
                if first_trick {
                    let kitty = std::mem::take(&mut self.kitty);
                    self.waiting.extend(kitty);
                }
                self.to_act = leader;
                return;
            }
        };
        self.taken[winner].extend(cards);
        let waiting = std::mem::take(&mut self.waiting);
        self.taken[winner].extend(waiting);
        self.tricks_won[winner] += std::mem::take(&mut self.waiting_tricks);
        // The kitty goes to the first trick's winner, or with kitty-to =
        // "last-trick" to the last trick's.
        let to_last = self.rules.kitty_to == KittyTo::LastTrick;
        if (first_trick && !to_last) || (last_trick && to_last) {
            let kitty = std::mem::take(&mut self.kitty);
            self.taken[winner].extend(kitty);
        }
        self.tricks_won[winner] += 1;
        self.to_act = winner;
    }

    /// Penalty points each seat took, by the points table and its effects.
    pub fn points_taken(&self) -> Vec<i32> {
        if self.named_suit.is_some() {
            return self
                .taken
                .iter()
                .map(|cards| cards.iter().filter(|&&c| self.is_penalty(c)).count() as i32)
                .collect();
        }
        self.taken.iter().map(|cards| take_points(cards, &self.rules)).collect()
    }

    /// Royal: the seat that took the QD.
    pub fn diamond_queen_taker(&self) -> Option<usize> {
        if self.rules.points != PointsTable::Royal {
            return None;
        }
        (0..self.players).find(|&seat| self.taken[seat].iter().any(|&c| is(c, Rank::Queen, Suit::Diamonds)))
    }

    /// The seat that took every penalty card in play, whatever the moon rule.
    fn took_everything(&self) -> Option<usize> {
        let needed: Vec<Card> = self.in_play.iter().copied().filter(|&c| self.is_penalty(c)).collect();
        let copies = |cards: &[Card], card: &Card| cards.iter().filter(|&c| c == card).count();
        (0..self.players)
            .find(|&seat| needed.iter().all(|card| copies(&self.taken[seat], card) >= copies(&needed, card)))
    }

    pub fn penalty_total(&self) -> i32 {
        if self.named_suit.is_some() {
            return self.in_play.iter().filter(|&&c| self.is_penalty(c)).count() as i32;
        }
        self.in_play.iter().map(|&c| value(c, self.rules.points)).sum()
    }

    fn bonus_card(&self) -> Option<Card> {
        (self.rules.omnibus && self.in_play.contains(&self.rules.bonus_card)).then_some(self.rules.bonus_card)
    }

    /// The seats a seat scores with: itself, and its partner opposite
    /// under combined teams.
    fn scoring_side(&self, seat: usize) -> Vec<usize> {
        if self.rules.teams == Teams::Combined { vec![seat, partner(seat, self.players)] } else { vec![seat] }
    }

    /// The seat that took every penalty card in play (and the bonus card,
    /// where the rules ask for it), when the moon is played. A combined
    /// team shoots together: its first seat is named.
    pub fn shooter(&self) -> Option<usize> {
        if self.rules.moon == MoonRule::Off || self.declarer.is_some() {
            return None;
        }
        let mut needed: Vec<Card> = self.in_play.iter().copied().filter(|&c| self.is_penalty(c)).collect();
        if self.rules.moon_needs_bonus_card
            && let Some(card) = self.bonus_card()
        {
            needed.push(card);
        }
        // Every copy of every card: with two packs a moon takes both.
        let copies = |cards: &[Card], card: &Card| cards.iter().filter(|&c| c == card).count();
        (0..self.players).find(|&seat| {
            let side: Vec<Card> =
                self.scoring_side(seat).iter().flat_map(|&member| self.taken[member].clone()).collect();
            needed.iter().all(|card| copies(&side, card) >= copies(&needed, card))
        })
    }

    /// Each seat's score for the hand, the moon counted as `subtract` says.
    pub fn scores(&self, subtract: bool) -> Vec<i32> {
        let mut scores = self.points_taken();
        if let Some(declarer) = self.declarer {
            // The Generale: made, the declarer 0 and the others the penalty
            // total; failed, the declarer the penalty total, the others what they took.
            let made = self.took_everything() == Some(declarer);
            for (seat, score) in scores.iter_mut().enumerate() {
                if made {
                    *score = if seat == declarer { 0 } else { self.penalty_total() };
                } else if seat == declarer {
                    *score = self.penalty_total();
                }
            }
            // A made Generale counts as a moon (no bonus); after a failed
            // one the no-tricks bonus goes to each player who took no trick.
            if !made {
                for (seat, score) in scores.iter_mut().enumerate() {
                    if self.tricks_won[seat] == 0 {
                        *score += self.rules.no_tricks_bonus;
                    }
                }
            }
            if let Some(card) = self.bonus_card() {
                let taker = (0..self.players).find(|&seat| self.taken[seat].contains(&card)).unwrap();
                scores[taker] -= 10;
            }
            return scores;
        }
        let shooter = self.shooter();
        if let Some(shooter) = shooter {
            // The moon is worth moon-value, or else what the shooter took;
            // a combined team's moon twice what the team took.
            let side = self.scoring_side(shooter);
            let took: i32 = side.iter().map(|&member| self.points_taken()[member]).sum();
            let mut total = self.rules.moon_value.unwrap_or(took);
            if self.rules.teams == Teams::Combined {
                total *= 2;
            }
            for (seat, score) in scores.iter_mut().enumerate() {
                *score = match (side.contains(&seat), subtract) {
                    (true, false) => 0,
                    (true, true) => -total,
                    (false, false) => total,
                    (false, true) => 0,
                };
            }
            if let Some(card) = self.bonus_card() {
                let taker = (0..self.players).find(|&seat| self.taken[seat].contains(&card)).unwrap();
                for member in self.scoring_side(taker) {
                    scores[member] -= 10;
                }
            }
            return scores;
        }
        if let Some(card) = self.bonus_card() {
            let taker = (0..self.players).find(|&seat| self.taken[seat].contains(&card)).unwrap();
            scores[taker] -= 10;
        }
        for (seat, score) in scores.iter_mut().enumerate() {
            if self.tricks_won[seat] == 0 {
                *score += self.rules.no_tricks_bonus;
            }
        }
        if self.rules.teams == Teams::Combined {
            // One team score, held by both partners.
            let own = scores.clone();
            for (seat, score) in scores.iter_mut().enumerate() {
                *score = own[seat] + own[partner(seat, self.players)];
            }
        }
        scores
    }
}

/// A total after a hand: sinkhole and reset-at-100 change only exact values.
pub fn adjusted(total: i32, rules: &Rules) -> i32 {
    if rules.sinkhole && total == 99 {
        0
    } else if rules.reset_at_100 && total == 100 {
        50
    } else {
        total
    }
}

/// The totals after a hand: each total plus its score, Royal's QD cut for
/// its taker, then sinkhole and reset-at-100.
pub fn totals_after(hand: &RefHand, totals: &[i32], scores: &[i32]) -> Vec<i32> {
    let cut = hand.diamond_queen_taker().map(|taker| hand.scoring_side(taker)).unwrap_or_default();
    (0..hand.players)
        .map(|seat| {
            let total = totals[seat] + scores[seat];
            let total = if cut.contains(&seat) { royal_cut(total) } else { total };
            adjusted(total, &hand.rules)
        })
        .collect()
}

/// Whether seats are asked to declare before the first lead: in play
/// order from the leader, until one declares.
pub fn declarations_open(rules: &Rules) -> bool {
    rules.declaration == Declaration::Generale
}

/// Whether chips are played.
pub fn plays_chips(rules: &Rules) -> bool {
    rules.scoring != Scoring::Points
}

/// The corners of the mixes the rule book refuses, each as the two keys its
/// error names: under chips or sweepstakes the no-tricks bonus, a moon
/// other than add-to-others or off, and the Generale; in Domino the
/// no-tricks bonus.
pub fn corner_refusals(rules: &Rules) -> Vec<[&'static str; 2]> {
    let mut refused = Vec::new();
    if plays_chips(rules) {
        if rules.no_tricks_bonus != 0 {
            refused.push(["no-tricks-bonus", "scoring"]);
        }
        if rules.moon != MoonRule::AddToOthers && rules.moon != MoonRule::Off {
            refused.push(["moon", "scoring"]);
        }
        if rules.declaration == Declaration::Generale {
            refused.push(["declaration", "scoring"]);
        }
    }
    if rules.domino && rules.no_tricks_bonus != 0 {
        refused.push(["domino", "no-tricks-bonus"]);
    }
    refused
}

/// Pays for a hand in chips: a moon is paid to the shooter (each other
/// player an equal share rounded down, the pot the rest); otherwise each
/// player pays their score into the pot, which goes to the fewest points
/// (chips) or to the players with none (sweepstakes), shared, odd chips
/// staying. Returns whether someone could not pay in full.
pub fn pay_chips(hand: &RefHand, stacks: &mut [i32], pot: &mut i32) -> bool {
    let mut short = false;
    let mut pay = |stacks: &mut [i32], seat: usize, amount: i32| {
        let paid = amount.min(stacks[seat]).max(0);
        if paid < amount {
            short = true;
        }
        stacks[seat] -= paid;
        paid
    };
    let others = hand.players as i32 - 1;
    if let Some((bidder, chips)) = hand.winning_bid {
        // The auction's winner pays the bid into the pot.
        *pot += pay(stacks, bidder, chips as i32);
    }
    if let Some(shooter) = hand.shooter() {
        let worth = hand.rules.moon_value.unwrap_or(hand.points_taken()[shooter]);
        for seat in (0..hand.players).filter(|&s| s != shooter) {
            let paid = pay(stacks, seat, worth / others);
            stacks[shooter] += paid;
        }
        let rest = (worth - worth / others * others).min(*pot);
        *pot -= rest;
        stacks[shooter] += rest;
        return short;
    }
    // Scores as taken: with no shooter the moon does not enter.
    let scores = hand.scores(false);
    for (seat, &score) in scores.iter().enumerate() {
        *pot += pay(stacks, seat, score.max(0));
    }
    let fewest = *scores.iter().min().unwrap();
    let sweepstakes = hand.rules.scoring == Scoring::Sweepstakes;
    let takers: Vec<usize> = (0..hand.players)
        .filter(|&seat| if sweepstakes { scores[seat] <= 0 } else { scores[seat] == fewest })
        .collect();
    if !takers.is_empty() {
        let share = *pot / takers.len() as i32;
        for &seat in &takers {
            stacks[seat] += share;
        }
        *pot -= share * takers.len() as i32;
    }
    short
}

/// Whether a game of chips ends after `hands` deals: at `max-hands` (8 when
/// unset) or when a player could not pay.
pub fn chips_game_ends(hands: u32, short: bool, rules: &Rules) -> bool {
    let limit = if rules.max_hands > 0 { rules.max_hands } else { 8 };
    short || hands >= limit
}

/// The seat opposite.
pub fn partner(seat: usize, players: usize) -> usize {
    (seat + players / 2) % players
}

/// The totals the game is won on: each player's, or each team's (seats
/// 0..n/2 stand for their teams): a combined team's total is held by both
/// partners, individual partners' totals are added.
pub fn winning_totals(totals: &[i32], rules: &Rules) -> Vec<i32> {
    let players = totals.len();
    match rules.teams {
        Teams::Off => totals.to_vec(),
        Teams::Combined => totals[..players / 2].to_vec(),
        Teams::Individual => (0..players / 2).map(|seat| totals[seat] + totals[partner(seat, players)]).collect(),
    }
}

/// Whether the game ends after `hands` hands with these totals.
pub fn game_ends(totals: &[i32], hands: u32, rules: &Rules) -> bool {
    let reached = totals.iter().any(|&t| t >= rules.target_score) || (rules.max_hands > 0 && hands >= rules.max_hands);
    let sides = winning_totals(totals, rules);
    let lowest = *sides.iter().min().unwrap();
    let tied = sides.iter().filter(|&&t| t == lowest).count() > 1;
    reached && !(tied && rules.tie == TieRule::PlayOn)
}

/// Whether a moon is taken off the shooter with nobody asked: under
/// `subtract-from-shooter`, except for a combined team's moon, which always
/// goes to each other team.
pub fn moon_subtracts_unasked(rules: &Rules) -> bool {
    rules.moon == MoonRule::SubtractFromShooter && rules.teams != Teams::Combined
}

/// Whether the shooter is asked how the moon counts (shooter-chooses):
/// adding would end the game with the shooter not alone in first place.
/// Never under chips (add-to-others or no moon there) nor for a combined
/// team's moon (always added to each other team).
pub fn shooter_is_asked(hand: &RefHand, totals: &[i32], hands: u32) -> bool {
    let Some(shooter) = hand.shooter() else { return false };
    if plays_chips(&hand.rules) || hand.rules.teams == Teams::Combined {
        return false;
    }
    if hand.rules.moon == MoonRule::ShooterPicks {
        return true;
    }
    if hand.rules.moon != MoonRule::ShooterChooses {
        return false;
    }
    let added = totals_after(hand, totals, &hand.scores(false));
    let sides = winning_totals(&added, &hand.rules);
    let lowest = *sides.iter().min().unwrap();
    let shooter_side = if hand.rules.teams == Teams::Off { shooter } else { shooter % (hand.players / 2) };
    let alone_first = sides[shooter_side] == lowest && sides.iter().filter(|&&t| t == lowest).count() == 1;
    game_ends(&added, hands + 1, &hand.rules) && !alone_first
}

/// Counts play sequences `depth` cards deep; a finished hand is one leaf.
pub fn perft(hand: &RefHand, depth: u32) -> u64 {
    if depth == 0 || hand.is_over() {
        return 1;
    }
    hand.legal()
        .into_iter()
        .map(|card| {
            let mut next = hand.clone();
            next.play(card);
            perft(&next, depth - 1)
        })
        .sum()
}
