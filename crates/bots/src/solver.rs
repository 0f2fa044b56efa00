//! The last tricks of a hand played exactly in one world: with every card
//! seen, each seat in turn plays the card that leaves it the lowest score
//! for the hand, knowing the others will do the same (max-n search; ties go
//! to the lowest card). The expert uses it in place of the policy's playout
//! once few cards are left, where the tree is small and the policy's
//! rules of thumb cost the most.

use hearts_engine::{BySeat, Hand, HandPhase, HandResult, MoonRule, MoonScoring, Rules};

/// The expert solves the rest of a hand exactly once no seat holds more
/// than this many cards (at most 16 lines of play at four players: every
/// playout ends with it, so it must stay cheap).
pub const SOLVE_FROM_CARDS: usize = 2;

/// How a moon counts when the search scores a finished hand: the rule's
/// fixed scoring, or adding to the others where the shooter may choose.
pub fn moon_scoring(rules: &Rules) -> Option<MoonScoring> {
    match rules.moon_in_play() {
        MoonRule::ShooterChooses => Some(MoonScoring::AddToOthers),
        rule => MoonScoring::fixed_by(rule),
    }
}

/// Whether the rest of `hand` is small enough to solve exactly (never in
/// Domino, whose stock keeps the hand open, nor with two packs, whose
/// tricks nobody wins are not taken back).
pub fn can_solve(hand: &Hand, rules: &Rules) -> bool {
    let players = rules.player_count();
    !rules.domino
        && !rules.cancellation
        && hand.phase() == HandPhase::Playing
        && hearts_engine::Seat::all(players).all(|seat| hand.holding(seat).len() <= SOLVE_FROM_CARDS)
}

/// Plays the rest of `hand` exactly and returns how it ends, with each
/// seat's score for the hand.
pub fn solve(hand: &Hand, rules: &Rules) -> (HandResult, BySeat<i32>) {
    let mut end = None;
    let scores = solve_in_place(&mut { *hand }, rules, &mut end);
    (end.expect("a solved hand ends"), scores)
}

/// [`solve`], trying each card and taking it back rather than copying the
/// hand for it. Only the scores go up the tree; the best line's ending is
/// written to `end`, so a node moves a few words rather than a result.
fn solve_in_place(hand: &mut Hand, rules: &Rules, end: &mut Option<HandResult>) -> BySeat<i32> {
    if hand.phase() != HandPhase::Playing {
        let result = HandResult::of(hand, rules);
        let scores = result.scores(rules, moon_scoring(rules));
        *end = Some(result);
        return scores;
    }
    let seat = hand.to_act();
    let mut best: Option<BySeat<i32>> = None;
    for card in hand.legal_moves() {
        let undo = hand.play_undoable(card);
        let mut line_end = None;
        let scores = solve_in_place(hand, rules, &mut line_end);
        hand.unplay(undo);
        if best.is_none_or(|kept| scores[seat] < kept[seat]) {
            best = Some(scores);
            *end = line_end;
        }
    }
    best.expect("the seat to play has a legal card")
}

#[cfg(test)]
mod tests {
    use super::*;
    use hearts_engine::{Deal, Seat};

    fn position(rules: &Rules, deal: &str) -> Hand {
        let holdings = Deal::parse_hands(deal, 4).unwrap();
        Hand::from_holdings(rules, holdings, Seat::new(3).unwrap())
    }

    #[test]
    fn the_leader_keeps_its_high_heart_for_a_trick_it_cannot_win() {
        // South leads with 2H 9H against 3H, 4H, 5H and three low clubs.
        // Leading the 9H wins four hearts and then the 2H wins a fifth: 5.
        // Leading the 2H gives East the four hearts; East's 6C comes back,
        // South throws the 9H and West's 8C takes it: South 0, West 1, East 4.
        let rules = Rules { no_blood: false, must_break_hearts: false, moon: MoonRule::Off, ..Rules::default() };
        let hand = position(&rules, "S:-.92.-.- -.3.-.8 -.4.-.7 -.5.-.6");
        let (end, scores) = solve(&hand, &rules);
        assert_eq!(scores.of_table(4), [0, 1, 0, 4]);
        assert_eq!(end.points_taken.of_table(4), [0, 1, 0, 4]);
        assert!(can_solve(&hand, &rules));
    }

    #[test]
    fn the_queen_goes_to_the_seat_that_must_win_the_diamonds() {
        // South: KS 3D. West: 2S 4D. North: QS 5S. East: 7D 6D.
        // South leads the 3D: East wins the diamonds with either card and
        // North, out of diamonds, throws the QS there or on East's next
        // diamond, which East also wins: East 13. South leading the KS
        // changes nothing for North (it keeps the queen for East's
        // diamonds), so South is never hurt; all told only East scores.
        let rules = Rules { no_blood: false, must_break_hearts: false, moon: MoonRule::Off, ..Rules::default() };
        let hand = position(&rules, "S:K.-.3.- 2.-.4.- Q5.-.-.- -.-.76.-");
        let (end, scores) = solve(&hand, &rules);
        assert_eq!(scores.of_table(4), [0, 0, 0, 13]);
        assert_eq!(end.queen_taker, Seat::new(3));
    }
}
