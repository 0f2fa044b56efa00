//! Undo at the table: where taking back a person's last card returns the
//! game to, why nothing may be taken back when nothing may, where the hand
//! began (dealing it again), and how many times undo was used.

use hearts_engine::{Card, Game};

use super::Refusal;

/// Why there is nothing to take back: nothing of theirs in this hand yet.
const NOT_YET: &str = "you have not passed or played yet";
/// Why there is nothing to take back: others have moved since.
const OTHERS_MOVED: &str = "other players have played since";
/// Why a pass may not be taken back once exchanged.
const EXCHANGED: &str = "the cards passed to you are in your hand";
/// Why the same card may not be taken back twice.
const TAKEN_BACK: &str = "your last pass or card is taken back already";

/// A game to return to, and how much of the log it had.
#[derive(Clone, Debug)]
pub(crate) struct UndoPoint {
    pub(crate) game: Game,
    pub(crate) log_len: usize,
    /// The card taken back by returning here.
    pub(crate) card: Option<Card>,
}

/// The table's undo.
#[derive(Clone, Debug)]
pub(crate) struct Undo {
    /// Where the next undo returns to: before the person's last card.
    point: Option<UndoPoint>,
    /// Why undo is refused without a point to return to; empty when there
    /// is simply nothing to take back.
    refusal: &'static str,
    /// The hand as dealt, for dealing it again.
    hand_start: UndoPoint,
    /// Undos taken this game.
    taken: u32,
}

impl Undo {
    /// Undo for a game at `game`, whose log is `log_len` long: nothing to
    /// take back yet.
    pub(crate) fn new(game: &Game, log_len: usize) -> Undo {
        Undo {
            point: None,
            refusal: NOT_YET,
            hand_start: UndoPoint { game: game.clone(), log_len, card: None },
            taken: 0,
        }
    }

    /// A person is about to play `card` in `game`: undo returns here.
    pub(crate) fn before_card(&mut self, game: &Game, log_len: usize, card: Card) {
        self.point = Some(UndoPoint { game: game.clone(), log_len, card: Some(card) });
    }

    /// A person passed or played: what they did is theirs to take back.
    pub(crate) fn person_moved(&mut self) {
        self.refusal = "";
    }

    /// Another seat moved: the person's last card stays.
    pub(crate) fn others_moved(&mut self) {
        self.point = None;
        self.refusal = OTHERS_MOVED;
    }

    /// The passes were exchanged: a pass stays made.
    pub(crate) fn exchanged(&mut self) {
        self.refusal = EXCHANGED;
    }

    /// A new hand was dealt in `game`: undo starts afresh.
    pub(crate) fn hand_dealt(&mut self, game: &Game, log_len: usize) {
        self.point = None;
        self.refusal = NOT_YET;
        self.hand_start = UndoPoint { game: game.clone(), log_len, card: None };
    }

    /// The game went back to a point: the same card is not taken back twice.
    pub(crate) fn went_back(&mut self) {
        self.point = None;
        self.refusal = TAKEN_BACK;
    }

    /// Takes the point the next undo returns to, counting the undo, or the
    /// reason there is none.
    pub(crate) fn take(&mut self) -> Result<UndoPoint, Refusal> {
        match self.point.take() {
            Some(point) => {
                self.taken += 1;
                Ok(point)
            }
            None if self.refusal.is_empty() => Err(Refusal::NothingToUndo),
            None => Err(Refusal::CannotUndo(self.refusal)),
        }
    }

    /// Counts a pass taken back before it left.
    pub(crate) fn count_pass_taken_back(&mut self) {
        self.taken += 1;
    }

    /// The hand as dealt.
    pub(crate) fn hand_start(&self) -> &UndoPoint {
        &self.hand_start
    }

    /// Undos taken this game.
    pub(crate) fn taken(&self) -> u32 {
        self.taken
    }

    /// Takes up a saved game's count of undos.
    pub(crate) fn set_taken(&mut self, taken: u32) {
        self.taken = taken;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hearts_engine::{Game, Rules};

    fn undo() -> (Game, Undo) {
        let game = Game::new(Rules::default(), 7).expect("the default rules");
        let undo = Undo::new(&game, 0);
        (game, undo)
    }

    #[test]
    fn nothing_is_taken_back_before_a_person_moves() {
        let (_, mut undo) = undo();
        assert_eq!(undo.take().err(), Some(Refusal::CannotUndo(NOT_YET)));
        assert_eq!(undo.taken(), 0);
    }

    #[test]
    fn a_card_is_taken_back_to_the_game_before_it_and_counted() {
        let (game, mut undo) = undo();
        let card = game.hand().hand_of(hearts_engine::Seat::SOUTH).iter().next().expect("a card");
        undo.before_card(&game, 3, card);
        undo.person_moved();
        let point = undo.take().expect("the card may be taken back");
        assert_eq!((point.log_len, point.card), (3, Some(card)));
        assert_eq!(undo.taken(), 1);
    }

    #[test]
    fn a_card_stays_once_another_seat_has_moved() {
        let (game, mut undo) = undo();
        let card = game.hand().hand_of(hearts_engine::Seat::SOUTH).iter().next().expect("a card");
        undo.before_card(&game, 0, card);
        undo.person_moved();
        undo.others_moved();
        assert_eq!(undo.take().err(), Some(Refusal::CannotUndo(OTHERS_MOVED)));
    }

    #[test]
    fn the_same_card_is_not_taken_back_twice() {
        let (game, mut undo) = undo();
        let card = game.hand().hand_of(hearts_engine::Seat::SOUTH).iter().next().expect("a card");
        undo.before_card(&game, 0, card);
        assert!(undo.take().is_ok());
        undo.went_back();
        assert_eq!(undo.take().err(), Some(Refusal::CannotUndo(TAKEN_BACK)));
    }

    #[test]
    fn a_pass_made_with_nothing_to_return_to_is_nothing_to_undo() {
        let (_, mut undo) = undo();
        undo.person_moved();
        assert_eq!(undo.take().err(), Some(Refusal::NothingToUndo));
        undo.exchanged();
        assert_eq!(undo.take().err(), Some(Refusal::CannotUndo(EXCHANGED)));
    }

    #[test]
    fn a_new_hand_is_where_dealing_again_returns_to() {
        let (game, mut undo) = undo();
        undo.hand_dealt(&game, 52);
        assert_eq!(undo.hand_start().log_len, 52);
        assert_eq!(undo.take().err(), Some(Refusal::CannotUndo(NOT_YET)));
    }
}
