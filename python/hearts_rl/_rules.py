"""The rules an environment plays (a preset, a table size and rules.toml's options), what it
observes and offers, deal codes, and the table as text."""

from __future__ import annotations

import json
from typing import Any, Mapping

import numpy as np
from gymnasium import spaces

from . import _core


class Rules:
    """A preset with options over it, checked by the engine.

    ``options`` uses rules.toml's keys (``{"moon": "add-to-others",
    "pass-count": 4}``); ``players`` is the ``players`` key. A bad key or
    value raises ValueError naming it.
    """

    def __init__(self, preset: str = "black-lady", players: int | None = None,
                 options: Mapping[str, Any] | None = None):
        merged = dict(options or {})
        if players is not None:
            merged["players"] = int(players)
        self.preset = preset
        self.options = json.dumps(merged)
        #: Every option's value, as rules.toml would write it.
        self.values: dict[str, Any] = json.loads(_core.rules_json(preset, self.options))
        self.players: int = int(self.values["players"])
        #: The name of each action, by index.
        self.action_names: list[str] = _core.action_names(preset, self.options)

    def fields(self, observation: str) -> list[tuple[str, int]]:
        """The observation's fields, in order: name and length."""
        return [tuple(field) for field in _core.observation_fields(self.preset, self.options, observation)]

    def observation_space(self, observation: str) -> spaces.Box:
        """The space of one seat's observation in this encoding."""
        size = sum(length for _, length in self.fields(observation))
        return spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32)

    def game(self, seed: int, hand: int = 1, episode: str = "game", reward: str = "hand",
             observation: str = "info_state") -> _core.Game:
        """A game of these rules from deal ``seed``/``hand``."""
        return _core.Game(self.preset, self.options, int(seed), int(hand), episode, reward, observation)


EPISODES = ("hand", "game")
REWARDS = ("trick", "hand", "game")
OBSERVATIONS = ("info_state", "compact")


def check_choices(episode: str, reward: str, observation: str) -> None:
    """Raises ValueError naming an episode, reward or observation no environment offers."""
    for name, value, allowed in (("episode", episode, EPISODES), ("reward", reward, REWARDS),
                                 ("observation", observation, OBSERVATIONS)):
        if value not in allowed:
            raise ValueError(f"{name}={value!r}: use one of {', '.join(allowed)}")


def presets() -> dict[str, list[int]]:
    """Every preset and the table sizes it is played at."""
    return {name: list(counts) for name, counts in _core.presets()}


def parse_deal(code: str) -> tuple[int, int]:
    """A deal code ``SEED/HAND`` (or ``SEED``, hand 1), as ``hearts`` writes it."""
    seed, _, hand = str(code).strip().partition("/")
    try:
        seed_n, hand_n = int(seed), int(hand or 1)
    except ValueError:
        raise ValueError(f"deal code {code!r}: write SEED/HAND, e.g. 42/7") from None
    if seed_n < 0 or hand_n < 1:
        raise ValueError(f"deal code {code!r}: the seed is 0 or more and hands are numbered from 1")
    return seed_n, hand_n


def render(game: _core.Game | None, mode: str | None) -> str | None:
    """An environment's render: the table as text ("ansi"), printed ("human"), or nothing."""
    if mode is None:
        return None
    text = game.render() if game is not None else "No game yet: reset the environment.\n"
    if mode == "human":
        print(text)
        return None
    return text
