"""Many games stepped at once in Rust, following Gymnasium's vector API."""

from __future__ import annotations

import secrets
from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import _core
from ._rules import Rules, check_choices


class HeartsVectorEnv(VectorEnv):
    """``num_envs`` games, each with one learning seat (``seat``) and
    built-in bots of level ``opponents`` in the others, stepped together
    in Rust with the GIL released.

    ``reset(seed=N)`` deals game ``i`` the game ``hearts --seed N+i``
    deals. A game whose episode ended begins the next one at the
    following step, whose action for it is not used (Gymnasium's
    next-step autoreset); its next game's seed is its last plus
    ``num_envs``. ``infos["action_mask"]`` holds each game's legal
    actions; an illegal action ends that episode with the worst reward
    and sets ``infos["illegal"]``. With ``copy=False`` the arrays returned
    are overwritten by the next step.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int, preset: str = "black-lady", players: int | None = None,
                 rules: Mapping[str, Any] | None = None, episode: str = "game", reward: str = "hand",
                 observation: str = "info_state", seat: int = 0, opponents: str = "random",
                 think_ms: int | None = None, samples: int | None = None, copy: bool = True):
        check_choices(episode, reward, observation)
        self.rules = Rules(preset, players, rules)
        self._games = _core.Games(self.rules.preset, self.rules.options, int(num_envs), int(seat), opponents,
                                  episode, reward, observation, think_ms, samples)
        self.num_envs = int(num_envs)
        self.copy = copy
        size, actions = self._games.observation_size, self._games.action_size
        self.single_observation_space = self.rules.observation_space(observation)
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._observations = np.zeros((self.num_envs, size), dtype=np.float32)
        self._masks = np.zeros((self.num_envs, actions), dtype=np.int8)
        self._rewards = np.zeros(self.num_envs, dtype=np.float32)
        self._terminated = np.zeros(self.num_envs, dtype=bool)
        self._truncated = np.zeros(self.num_envs, dtype=bool)
        self._illegal = np.zeros(self.num_envs, dtype=bool)

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def reset(self, *, seed: int | list[int] | None = None, options: dict | None = None):
        if isinstance(seed, (list, tuple)):
            seed = seed[0]
        if seed is None:
            seed = secrets.randbits(63)
        self._games.reset(int(seed), self._observations, self._masks)
        return self._out(self._observations), {"action_mask": self._out(self._masks)}

    def step(self, actions):
        actions = np.ascontiguousarray(actions, dtype=np.int64).reshape(self.num_envs)
        self._games.step(actions, self._observations, self._masks, self._rewards, self._terminated, self._illegal)
        infos = {"action_mask": self._out(self._masks), "illegal": self._out(self._illegal)}
        return (self._out(self._observations), self._out(self._rewards), self._out(self._terminated),
                self._out(self._truncated), infos)

    def record(self, index: int) -> str:
        """Game ``index``'s record so far (JSON)."""
        return self._games.record_json(index)


def vector_env(num_envs: int, **kwargs: Any) -> HeartsVectorEnv:
    """A batched environment (see :class:`HeartsVectorEnv`)."""
    return HeartsVectorEnv(num_envs, **kwargs)
