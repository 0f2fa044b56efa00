"""An independent check: OpenSpiel's `hearts` deals 1,000 hands, random
legal play goes through both, and the package's Black Lady agrees on every
legal action and on every hand's points."""

from __future__ import annotations

import random

import pytest

import hearts_rl

pyspiel = pytest.importorskip("pyspiel")

#: OpenSpiel's defaults in rules.toml's words: pass three, 2C leads, no
#: points on the first trick, hearts broken before they lead (the queen
#: breaks them too), no JD bonus, a moon adds 26 to the others.
RULES = {"pass-count": 3, "first-lead": "lowest-club", "no-blood": True, "must-break-hearts": True,
         "queen-breaks-hearts": True, "omnibus": False, "moon": "add-to-others", "no-tricks-bonus": 0}
PASS_OFFSETS = {"No Pass": 0, "Left": 1, "Across": 2, "Right": 3}
HANDS = 1000


def names_to_ours():
    rules = hearts_rl.Rules("black-lady", 4, RULES)
    return {name: action for action, name in enumerate(rules.action_names) if name}


def test_openspiel_and_the_package_agree_on_legal_actions_and_points_of_1000_hands():
    game = pyspiel.load_game("hearts")
    ours_of = names_to_ours()
    rng = random.Random(2026)
    compared_decisions = 0
    for hand_number in range(HANDS):
        state = game.new_initial_state()
        direction = rng.choice(state.chance_outcomes())[0]
        offset = PASS_OFFSETS[state.action_to_string(direction)]
        state.apply_action(direction)
        dealt = []
        while state.is_chance_node():
            card = rng.choice(state.chance_outcomes())[0]
            dealt.append(card)
            state.apply_action(card)
        # OpenSpiel deals round the table from player 0; its seats go clockwise as ours do.
        hands = [[state.action_to_string(card) for card in dealt[seat::4]] for seat in range(4)]
        ours = hearts_rl.Rules("black-lady", 4, RULES)
        package = hearts_rl._core.Game.of_deal(ours.preset, ours.options, hands, offset, 0, "hand", "compact")
        while not state.is_terminal():
            seat, _ = package.to_act()
            assert seat == state.current_player(), hand_number
            theirs = sorted(ours_of[state.action_to_string(a)] for a in state.legal_actions())
            assert sorted(package.legal_actions()) == theirs, (hand_number, state.action_to_string(
                state.legal_actions()[0]))
            compared_decisions += 1
            action = rng.choice(state.legal_actions())
            package.step(ours_of[state.action_to_string(action)])
            state.apply_action(action)
        assert package.over and package.to_act() is None
        (scores,) = package.hand_scores()
        # OpenSpiel returns 26 less each player's points.
        assert [26 - score for score in scores] == list(state.returns()), hand_number
    assert compared_decisions > HANDS * 60
