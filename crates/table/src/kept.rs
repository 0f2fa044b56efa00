//! What the table keeps of its game for a save and a record: the deal it
//! started from (with its commitment's salt), every action since, the
//! hints asked for, and whether a person made any of its decisions.

use hearts_engine::{Action, Seat};

use super::DealSecret;

/// The game as kept.
#[derive(Clone, Debug)]
pub(crate) struct Kept {
    /// The deal the game started from, and its commitment's salt.
    pub(crate) secret: DealSecret,
    /// Every action since the first deal: what a save replays.
    pub(crate) log: Vec<Action>,
    /// Hints asked for this game.
    pub(crate) hints: u32,
    /// Whether a person made a decision in this game.
    pub(crate) people_played: bool,
}

impl Kept {
    /// A game begun from `secret`'s deal, with `log` played so far.
    pub(crate) fn new(secret: DealSecret, log: Vec<Action>) -> Kept {
        Kept { secret, log, hints: 0, people_played: false }
    }

    /// Notes whether the people at `seats` made any of the log's decisions
    /// (a game taken up from a save).
    pub(crate) fn note_people_at(&mut self, seats: &[Seat]) {
        self.people_played = a_person_played(&self.log, seats);
    }
}

/// Whether any of `log` was decided at one of `seats` (a person's).
fn a_person_played(log: &[Action], seats: &[Seat]) -> bool {
    log.iter().any(|action| action_seat(*action).is_some_and(|seat| seats.contains(&seat)))
}

/// The seat an action is of; `None` for dealing the next hand.
pub(crate) fn action_seat(action: Action) -> Option<Seat> {
    match action {
        Action::Pass { seat, .. }
        | Action::Play { seat, .. }
        | Action::Declare { seat, .. }
        | Action::Bid { seat, .. }
        | Action::NameSuit { seat, .. }
        | Action::ChooseMoon { seat, .. } => Some(seat),
        Action::NextHand => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hearts_bots::record::DealCode;
    use hearts_engine::{Card, Rank, Suit};

    fn kept(log: Vec<Action>, seats: &[Seat]) -> Kept {
        let mut kept = Kept::new(DealSecret::new(DealCode { seed: 1, hand: 1 }), log);
        kept.note_people_at(seats);
        kept
    }

    #[test]
    fn a_game_is_a_persons_once_they_made_one_of_its_decisions() {
        let east = Seat::new(1).expect("a second seat");
        let card = Card::new(Rank::Two, Suit::Clubs);
        let log = vec![Action::Play { seat: east, card }, Action::NextHand];
        assert!(kept(log.clone(), &[east]).people_played);
        assert!(!kept(log, &[Seat::SOUTH]).people_played, "the bots' moves are nobody's");
        assert!(!kept(vec![Action::NextHand], &[Seat::SOUTH]).people_played, "dealing is nobody's decision");
    }
}
