"""The single-agent and the batched environments pass Gymnasium's checks
and agree with each other and with the AEC environment."""

from __future__ import annotations

import json

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import hearts_rl


@pytest.mark.parametrize("preset,players", [("black-lady", 4), ("omnibus", 5), ("auction", 4), ("domino", 3),
                                            ("cancellation", 6), ("chasse-coeur", 4), ("partnership", 4)])
def test_check_env_passes(preset, players):
    check_env(hearts_rl.gym_env(preset=preset, players=players, opponents="random"), skip_render_check=True)


def test_the_learner_acts_only_at_its_own_seat_and_bots_play_the_rest():
    env = hearts_rl.gym_env(seat=2, opponents="easy")
    observation, info = env.reset(seed=9)
    rng = np.random.default_rng(0)
    steps = 0
    terminated = False
    while not terminated:
        assert env.game.to_act()[0] == 2
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
    assert env.game.to_act() is None
    seats = json.loads(env.record())["seats"]
    assert [seat["player"] for seat in seats] == ["easy", "easy", "python", "easy"]


def test_an_illegal_action_ends_the_episode_with_the_worst_reward():
    env = hearts_rl.gym_env(opponents="random")
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and info["illegal"] and reward == -26.0


def play_vector(env, seed, steps):
    """Steps ``env`` with the first legal action of each game; what it returned."""
    observations, info = env.reset(seed=seed)
    seen = [observations.copy()]
    rewards = []
    for _ in range(steps):
        actions = info["action_mask"].argmax(axis=1)
        observations, reward, terminated, truncated, info = env.step(actions)
        seen.append(observations.copy())
        rewards.append(reward.copy())
    return seen, rewards


def test_the_vector_environment_steps_each_game_as_the_single_environment_does():
    vector = hearts_rl.vector_env(3, opponents="hard", observation="compact", episode="hand")
    seen, rewards = play_vector(vector, 40, 30)
    for i in range(3):
        single = hearts_rl.gym_env(opponents="hard", observation="compact", episode="hand")
        observation, info = single.reset(seed=40 + i)
        assert np.array_equal(observation, seen[0][i])
        for step in range(30):
            observation, reward, terminated, _, info = single.step(int(info["action_mask"].argmax()))
            assert np.array_equal(observation, seen[step + 1][i]), (i, step)
            assert reward == rewards[step][i]
            if terminated:
                break


def test_the_vector_environment_begins_a_new_episode_the_step_after_one_ends():
    vector = hearts_rl.vector_env(2, opponents="random", episode="hand", reward="hand")
    _, info = vector.reset(seed=1)
    ended = 0
    for _ in range(60):
        _, reward, terminated, _, info = vector.step(info["action_mask"].argmax(axis=1))
        if terminated.any():
            ended += 1
            assert (reward[terminated] <= 26).all()
            _, reward, terminated2, _, info = vector.step(info["action_mask"].argmax(axis=1))
            assert not terminated2[terminated].any() and (reward[terminated] == 0).all()
    assert ended > 0


def test_an_illegal_action_in_the_batch_ends_only_its_game():
    vector = hearts_rl.vector_env(2, opponents="random")
    _, info = vector.reset(seed=4)
    actions = info["action_mask"].argmax(axis=1)
    actions[0] = int(np.flatnonzero(info["action_mask"][0] == 0)[0])
    _, reward, terminated, _, info = vector.step(actions)
    assert terminated.tolist() == [True, False] and info["illegal"].tolist() == [True, False]
    assert reward[0] == -26.0
