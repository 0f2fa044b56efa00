//! Arbitrary action sequences thrown at the engine: it never panics, a card
//! is accepted exactly when the reference written from the rule book
//! (`tests/reference`) allows it, a pass exactly when it is a valid pass,
//! and a refused action changes nothing. `HEARTS_SOAK=N` runs N times the
//! cases.

mod reference;

use hearts_engine::{Action, Card, CardSet, Game, GamePhase, HandPhase, MoonScoring, Preset, Rules, Seat, Suit};
use proptest::prelude::*;

/// One fuzzed step: what kind of action, and raw numbers to shape it.
#[derive(Clone, Debug)]
struct Step {
    kind: u8,
    seat: u8,
    bits: u64,
    pick: u16,
}

fn step() -> impl Strategy<Value = Step> {
    (0u8..17, 0u8..8, any::<u64>(), any::<u16>()).prop_map(|(kind, seat, bits, pick)| Step { kind, seat, bits, pick })
}

fn nth(set: CardSet, pick: u16) -> Option<Card> {
    (!set.is_empty()).then(|| set.iter().nth(pick as usize % set.len()).unwrap())
}

/// Turns a step into an action: mostly a card from the hand of the seat to
/// act or a pass from a seat's own cards (so games get far), otherwise
/// anything at all.
fn action_for(game: &Game, step: &Step) -> Action {
    let players = game.rules().player_count();
    let any_seat = Seat::new(step.seat as usize % 7).unwrap();
    let hand = game.hand();
    match step.kind {
        0..=5 => Action::Play {
            seat: hand.to_act(),
            card: nth(game.legal_moves() | hand.holding(hand.to_act()), step.pick).unwrap_or(Card::TWO_OF_CLUBS),
        },
        6 => Action::Play { seat: any_seat, card: nth(CardSet::DECK, step.pick).unwrap() },
        7 | 8 => {
            let seat = Seat::new(step.seat as usize % players).unwrap();
            let cards: CardSet =
                hand.holding(seat).iter().cycle().skip(step.pick as usize % 13).take(hand.pass_count()).collect();
            Action::Pass { seat, cards: cards.into() }
        }
        9 => Action::Pass { seat: any_seat, cards: (CardSet::DECK & step_set(step.bits)).into() },
        10 => Action::NextHand,
        12 => Action::Declare { seat: hand.to_act(), generale: step.bits.is_multiple_of(5) },
        13 => Action::Declare { seat: any_seat, generale: step.bits.is_multiple_of(2) },
        // Bids of 0 to 5 (0 and 1 are often refused), passes, and any seat.
        14 => {
            let chips = (!step.bits.is_multiple_of(3)).then_some((step.pick % 6) as u32);
            Action::Bid { seat: if step.bits.is_multiple_of(7) { any_seat } else { hand.to_act() }, chips }
        }
        15 => Action::Bid { seat: hand.to_act(), chips: Some(step.bits as u32 % 80) },
        16 => Action::NameSuit {
            seat: if step.bits.is_multiple_of(5) { any_seat } else { hand.to_act() },
            suit: Suit::ALL[step.pick as usize % 4],
        },
        _ => {
            let scoring =
                if step.bits.is_multiple_of(2) { MoonScoring::AddToOthers } else { MoonScoring::SubtractFromShooter };
            Action::ChooseMoon { seat: any_seat, scoring }
        }
    }
}

fn step_set(bits: u64) -> CardSet {
    CardSet::DECK.iter().filter(|c| bits & (1 << c.index()) != 0).collect()
}

/// The reference's view of the hand in play.
fn reference_of(game: &Game) -> reference::RefHand {
    let hand = game.hand();
    let players = game.rules().player_count();
    let holdings = Seat::all(players).map(|seat| hand.holding(seat).iter().collect()).collect();
    let played = game.tricks().iter().flat_map(|trick| trick.cards().to_vec()).collect();
    let trick = hand.trick().plays(players).map(|(seat, card)| (seat.index(), card)).collect();
    let to_act = hand.to_act().index();
    reference::RefHand::mid_hand(game.rules(), holdings, played, hand.tricks_played(), trick, to_act, hand.named_suit())
}

/// Whether the rule book allows this action now, judged independently of
/// `Game::apply`.
fn allowed(game: &Game, action: Action) -> bool {
    let hand = game.hand();
    let players = game.rules().player_count();
    match action {
        Action::Play { seat, card } => {
            game.phase() == GamePhase::InHand
                && hand.phase() == HandPhase::Playing
                && seat == hand.to_act()
                && reference_of(game).legal().contains(&card)
        }
        Action::Pass { seat, cards } => {
            game.phase() == GamePhase::InHand
                && hand.phase() == HandPhase::Passing
                && seat.index() < players
                && hand.awaits_pass_from(seat)
                && cards.len() == hand.pass_count()
                && hand.hand_of(seat).includes(cards)
        }
        Action::Bid { seat, chips } => {
            // More than the last bid, at least 1, no more than the bidder's chips.
            let least = hand.high_bid().map_or(1, |bid| bid.chips + 1);
            let stack = game.chips().map_or(0, |chips| chips.stacks[seat]);
            game.phase() == GamePhase::InHand
                && hand.phase() == HandPhase::Bidding
                && seat == hand.to_act()
                && chips.is_none_or(|bid| bid >= least && i64::from(bid) <= i64::from(stack))
        }
        Action::NameSuit { seat, .. } => {
            game.phase() == GamePhase::InHand && hand.phase() == HandPhase::Naming && seat == hand.to_act()
        }
        Action::NextHand => game.phase() == GamePhase::HandOver,
        Action::ChooseMoon { seat, .. } => game.phase() == GamePhase::MoonChoice(seat),
        Action::Declare { seat, .. } => {
            game.phase() == GamePhase::InHand && hand.phase() == HandPhase::Declaring && seat == hand.to_act()
        }
    }
}

/// How many times the usual number of cases to run (`HEARTS_SOAK`).
fn soak() -> u32 {
    std::env::var("HEARTS_SOAK").ok().and_then(|n| n.parse().ok()).unwrap_or(1)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400 * soak(), ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_actions_never_panic_and_agree_with_the_legal_set(
        seed in any::<u64>(),
        preset in 0usize..Preset::ALL.len(),
        table in 0usize..5,
        steps in prop::collection::vec(step(), 1..1500),
    ) {
        let preset = Preset::ALL[preset];
        let players = preset.player_counts()[table % preset.player_counts().len()];
        let rules = Rules { players, ..preset.rules() };
        let mut game = Game::new(rules, seed).unwrap();
        for step in &steps {
            let action = action_for(&game, step);
            let expected = allowed(&game, action);
            let before = game.clone();
            let result = game.apply(action);
            prop_assert_eq!(result.is_ok(), expected, "{:?} -> {:?}", action, result);
            if result.is_err() {
                prop_assert_eq!(&game, &before);
            }
        }
    }
}
