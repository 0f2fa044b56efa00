"""A single-agent Gymnasium environment: one seat learns, bots play the others."""

from __future__ import annotations

from typing import Any, Mapping

import gymnasium
import numpy as np
from gymnasium import spaces

from ._rules import Rules, check_choices, parse_deal, render
from .bots import Bot


class HeartsEnv(gymnasium.Env):
    """Hearts from one seat (``seat``, South by default), built-in bots of
    level ``opponents`` in the others. Observations are the seat's
    encoding; ``info["action_mask"]`` says which actions are legal. An
    illegal action ends the episode with ``illegal_reward`` (the worst a
    hand can score, or -1 for rewards per game) and ``info["illegal"]``.
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, preset: str = "black-lady", players: int | None = None,
                 rules: Mapping[str, Any] | None = None, episode: str = "game", reward: str = "hand",
                 observation: str = "info_state", seat: int = 0, opponents: str = "hard",
                 think_ms: int | None = None, samples: int | None = None,
                 render_mode: str | None = None, illegal_reward: float | None = None):
        check_choices(episode, reward, observation)
        self.rules = Rules(preset, players, rules)
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"seat {seat} is not at a table of {self.rules.players}")
        self.seat = seat
        self.episode, self.reward, self.observation_kind = episode, reward, observation
        self.render_mode = render_mode
        self.opponents = Bot(opponents, think_ms, samples)
        self.observation_space = self.rules.observation_space(observation)
        self.action_space = spaces.Discrete(len(self.rules.action_names))
        if illegal_reward is None:
            worst = -self.rules.game(0).penalty_total
            illegal_reward = -1.0 if reward == "game" else float(worst)
        self.illegal_reward = float(illegal_reward)
        self.game = None

    def _play_bots(self) -> float:
        """Bots play until this seat is to act or the episode is over; the
        seat's rewards meanwhile."""
        reward = 0.0
        while (to_act := self.game.to_act()) is not None and to_act[0] != self.seat:
            self.game.step(self.opponents.choose(self.game))
            reward += self.game.rewards()[self.seat]
        return reward

    def _info(self) -> dict[str, Any]:
        to_act = self.game.to_act()
        info: dict[str, Any] = {"action_mask": self.game.mask(self.seat)}
        if to_act is not None:
            info["decision"] = to_act[1]
        return info

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """As the AEC environment's reset: ``seed=N`` deals the game
        ``hearts --seed N`` deals; ``options={"deal": "42/7"}`` that hand."""
        super().reset(seed=seed)
        deal = (options or {}).get("deal")
        if deal is not None:
            self.game = self.rules.game(*parse_deal(deal), self.episode, self.reward, self.observation_kind)
        elif seed is not None:
            self.game = self.rules.game(seed, 1, self.episode, self.reward, self.observation_kind)
        elif not (self.game is not None and self.episode == "hand" and self.game.next_hand()):
            new_seed = int(self.np_random.integers(0, 2**63 - 1))
            self.game = self.rules.game(new_seed, 1, self.episode, self.reward, self.observation_kind)
        self._play_bots()
        return self.game.observe(self.seat), self._info()

    def step(self, action):
        try:
            self.game.step(int(action))
        except ValueError as refusal:
            info = self._info()
            info.update(illegal=True, refusal=str(refusal))
            return self.game.observe(self.seat), self.illegal_reward, True, False, info
        reward = self.game.rewards()[self.seat] + self._play_bots()
        if self.render_mode == "human":
            self.render()
        return self.game.observe(self.seat), float(reward), bool(self.game.over), False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as MaskablePPO asks for them."""
        return self.game.mask(self.seat).astype(bool)

    def render(self):
        return render(self.game, self.render_mode)

    def record(self) -> str:
        """The game so far in the record format (JSON)."""
        return self.game.record_json()


def gym_env(**kwargs: Any) -> HeartsEnv:
    """A single-agent Gymnasium environment (see :class:`HeartsEnv`)."""
    return HeartsEnv(**kwargs)
