"""The built-in bots of hearts, as opponents and baselines."""

from __future__ import annotations

from typing import Any

from . import _core

LEVELS = ("random", "easy", "normal", "hard", "expert", "shooter")


class Bot:
    """A built-in bot: ``random``, ``easy``, ``normal``, ``hard``,
    ``expert`` or ``shooter``.

    ``bot.act(env)`` (or ``bot(env)``) is the action the agent to act
    would take, chosen from that seat's view alone: its own cards, what
    it passed and received, the cards played, the scores. Each game gets
    its own bots, seeded from the game's seed, so a seeded game replays.
    The expert searches ``samples`` worlds (its default), or thinks
    ``think_ms`` milliseconds.
    """

    def __init__(self, level: str, think_ms: int | None = None, samples: int | None = None):
        self.level = level
        self._bot = _core.Bot(level, think_ms, samples)

    def choose(self, game: _core.Game) -> int:
        """The action the seat to act in ``game`` would take."""
        action = self._bot.choose(game)
        if action is None:
            raise ValueError("the episode is over: nobody is to act")
        seat, _ = game.to_act()
        game.set_player(seat, self.level)
        return action

    def act(self, env: Any, agent: str | None = None) -> int:
        """The action for ``env``'s agent to act (an AEC or Gymnasium
        environment of this package)."""
        raw = env.unwrapped
        if agent is not None and getattr(raw, "agent_selection", agent) != agent:
            raise ValueError(f"{agent} is not the agent to act ({raw.agent_selection} is)")
        return self.choose(raw.game)

    __call__ = act

    def __repr__(self) -> str:
        return f"hearts_rl.bot({self.level!r})"


def bot(level: str = "expert", think_ms: int | None = None, samples: int | None = None) -> Bot:
    """A built-in bot (see :class:`Bot`)."""
    return Bot(level, think_ms, samples)
