"""The AEC environment passes PettingZoo's own checks at every preset and
table size, and steps as the rule book says."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import hearts_rl
from conftest import PRESET_TABLES


@pytest.mark.parametrize("preset,players", PRESET_TABLES)
def test_api_test_passes_for_every_preset_at_every_table_size(preset, players):
    api_test(hearts_rl.env(preset=preset, players=players), num_cycles=1000)


@pytest.mark.parametrize("preset,players", PRESET_TABLES)
def test_seed_test_passes_for_every_preset_at_every_table_size(preset, players):
    seed_test(lambda: hearts_rl.env(preset=preset, players=players))


@pytest.mark.parametrize("observation", ["info_state", "compact"])
@pytest.mark.parametrize("episode,reward", [("hand", "trick"), ("game", "hand"), ("game", "game")])
def test_api_test_passes_for_each_episode_reward_and_observation(episode, reward, observation):
    api_test(hearts_rl.env(episode=episode, reward=reward, observation=observation), num_cycles=300)


def random_game(env, seed):
    """Plays ``env`` to its end with uniformly random legal actions."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def test_a_pass_is_chosen_one_card_at_a_time_by_the_seat_passing():
    env = hearts_rl.raw_env()
    env.reset(seed=3)
    assert env.infos[env.agent_selection]["decision"] == "pass"
    first = env.agent_selection
    hand = env.observe(first)["action_mask"].copy()
    assert hand.sum() == 13
    card = int(np.flatnonzero(hand)[0])
    env.step(card)
    assert env.agent_selection == first, "the seat picks all three cards"
    after = env.observe(first)
    assert after["action_mask"][card] == 0, "a card picked cannot be picked again"
    assert after["action_mask"].sum() == 12


def test_trick_rewards_over_a_hand_add_up_to_minus_its_score():
    for seed in range(20):
        env = hearts_rl.raw_env(episode="hand", reward="trick")
        totals = random_game(env, seed)
        (scores,) = env.game.hand_scores()
        assert [totals[agent] for agent in env.possible_agents] == [-score for score in scores], seed


def test_a_trick_reward_comes_when_the_trick_is_taken():
    env = hearts_rl.raw_env(episode="hand", reward="trick", rules={"pass-count": 0})
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    seen = []
    while not env.game.over:
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
        seen.append(sum(env.rewards.values()))
    players = len(env.possible_agents)
    mid_trick = [reward for i, reward in enumerate(seen[:-1]) if (i + 1) % players]
    assert all(reward == 0 for reward in mid_trick), "nothing is paid before a trick is taken"
    assert any(reward < 0 for reward in seen), "some trick took points"


def test_a_game_episode_with_game_rewards_ranks_the_seats():
    env = hearts_rl.env(episode="game", reward="game")
    totals = random_game(env, 5)
    assert sorted(totals.values())[-1] > 0 > sorted(totals.values())[0]
    assert abs(sum(totals.values())) < 1e-6, "placings are zero-sum"


def test_an_illegal_action_is_refused_with_the_rule_it_breaks():
    env = hearts_rl.raw_env(rules={"pass-count": 0})
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError):
        env.step(illegal)
    assert env.observe(env.agent_selection)["action_mask"].tolist() == mask.tolist(), "nothing changed"


def test_the_wrapped_environment_ends_the_game_for_an_illegal_action():
    env = hearts_rl.env()
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    agent = env.agent_selection
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.rewards[agent] == -1
    assert all(env.terminations.values())


def test_render_ansi_shows_the_table():
    env = hearts_rl.raw_env(render_mode="ansi")
    env.reset(seed=42)
    text = env.render()
    assert "Hand 1 (seed 42)" in text and "South" in text and "Trick" in text


def test_rules_options_use_rules_toml_keys_and_a_bad_one_is_named():
    env = hearts_rl.raw_env(preset="omnibus", players=5, rules={"target-score": 50})
    assert env.rules.values["target-score"] == 50 and env.rules.values["omnibus"] is True
    assert len(env.possible_agents) == 5
    with pytest.raises(ValueError, match="target-scor"):
        hearts_rl.raw_env(rules={"target-scor": 50})
    with pytest.raises(ValueError, match="players"):
        hearts_rl.raw_env(players=12)


@pytest.mark.parametrize("preset,players", PRESET_TABLES)
def test_the_voids_observed_are_the_voids_the_tricks_show(preset, players):
    env = hearts_rl.raw_env(preset=preset, players=players, episode="game")
    rng = np.random.default_rng(players)
    env.reset(seed=players)
    steps = 0
    while not env.game.over and steps < 400:
        assert env.game.voids_agree(), (preset, players, steps)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert env.game.voids_agree()


@pytest.mark.parametrize("observation", ["info_state", "compact"])
def test_an_observation_does_not_change_with_cards_the_seat_cannot_see(observation):
    rules = hearts_rl.Rules("black-lady", 4, {"pass-count": 0})
    rng = np.random.default_rng(1)
    deck = [rank + suit for suit in "CDSH" for rank in "23456789TJQKA"]
    compared = 0
    for trial in range(50):
        cards = list(rng.permutation(deck))
        mine, others = cards[:13], cards[13:]
        # Play the same cards in the same order in two deals where the
        # others' unplayed cards differ: the first seat's view must agree.
        game = hearts_rl._core.Game.of_deal(rules.preset, rules.options, [mine, others[:13], others[13:26],
                                            others[26:]], 0, 0, "hand", observation)
        plays = []
        while len(plays) < 8 and not game.over:
            action = int(rng.choice(game.legal_actions()))
            plays.append(action)
            game.step(action)
        seen = game.observe(0)
        names = rules.action_names
        played = {names[a] for a in plays}
        hidden = [c for c in others if c not in played]
        owners = {}
        for seat, hand in enumerate([others[:13], others[13:26], others[26:]], start=1):
            for card in hand:
                owners[card] = seat
        # Swap two unplayed cards between two other seats of the same suit count.
        for a in hidden:
            b = next((c for c in hidden if owners[c] != owners[a] and c[1] == a[1]), None)
            if b is not None:
                break
        else:
            continue
        swapped = [list(others[:13]), list(others[13:26]), list(others[26:])]
        for hand in swapped:
            for i, card in enumerate(hand):
                hand[i] = b if card == a else a if card == b else card
        twin = hearts_rl._core.Game.of_deal(rules.preset, rules.options, [mine] + swapped, 0, 0, "hand", observation)
        for action in plays:
            twin.step(action)
        assert np.array_equal(twin.observe(0), seen), trial
        compared += 1
    assert compared > 40
