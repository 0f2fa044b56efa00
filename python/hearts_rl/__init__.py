"""hearts_rl: Hearts and its whole family as PettingZoo and Gymnasium
environments, built from the engine and bots of ``hearts``.

- :func:`env` / :class:`raw_env`: every seat an agent (PettingZoo AEC).
- :func:`gym_env`: one seat learns, built-in bots play the others.
- :func:`vector_env`: many games stepped at once in Rust.
- :func:`bot`: the built-in bots, ``random`` to ``expert``.
- :func:`arena`: duplicate deals between any two agents.

See docs/python.md for the action space, the observations and the rewards.
"""

from ._rules import Rules, presets
from .aec import env, raw_env
from .arena import ArenaResult, arena
from .bots import LEVELS, Bot, bot
from .gym import HeartsEnv, gym_env
from .vector import HeartsVectorEnv, vector_env

__all__ = [
    "LEVELS", "ArenaResult", "Bot", "HeartsEnv", "HeartsVectorEnv", "Rules",
    "arena", "bot", "env", "gym_env", "presets", "raw_env", "vector_env",
]
