"""Duplicate deals between any two agents, as ``hearts sim --duplicate`` plays them."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Union


from ._rules import Rules
from .bots import Bot

#: An agent: a bot's level, a :class:`Bot`, or a function of an
#: observation (the dict an AEC environment gives) and the game that
#: returns a legal action.
Agent = Union[str, Bot, Callable[[dict, Any], int]]


@dataclass
class ArenaResult:
    """A minus B in points per hand (negative: A takes fewer, so A is
    stronger), its mean over deals and the 95% interval."""

    a: str
    b: str
    deals: int
    hands: int
    diff: float
    ci95: tuple[float, float]
    #: Each deal's difference, in deal order.
    per_deal: list[float] = field(repr=False, default_factory=list)


def _name(agent: Agent) -> str:
    if isinstance(agent, str):
        return agent
    if isinstance(agent, Bot):
        return agent.level
    return getattr(agent, "__name__", type(agent).__name__)


def _player(agent: Agent) -> Callable[[Any, int, str], int]:
    """The agent as a function of the game, the seat and the observation kind."""
    if isinstance(agent, str):
        agent = Bot(agent)
    if isinstance(agent, Bot):
        return lambda game, seat, kind: agent.choose(game)

    def policy(game, seat, kind):
        game.set_player(seat, _name(agent))
        return int(agent({"observation": game.observe(seat), "action_mask": game.mask(seat)}, game))

    return policy


def arena(a: Agent, b: Agent, deals: int = 100, preset: str = "black-lady", players: int | None = None,
          rules: Mapping[str, Any] | None = None, seed: int = 0, units: str = "games",
          both_ways: bool = False, observation: str = "info_state",
          on_record: Callable[[str], None] | None = None) -> ArenaResult:
    """Plays ``deals`` duplicate deals: each deal once with A in each seat
    (with teams, as each team) against B in the others, and with
    ``both_ways`` B against A as well. ``units="games"`` plays whole games
    (deal ``d`` is the game ``hearts --seed seed+d`` deals);
    ``units="hands"`` plays hand ``d+1`` of game ``seed`` alone. Returns A's
    points per hand minus B's over each deal, averaged, with its 95%
    interval, as ``hearts sim --duplicate A,B`` reports it.
    ``on_record`` receives each game's record (JSON) in order."""
    if units not in ("games", "hands"):
        raise ValueError(f"units={units!r}: use 'games' or 'hands'")
    table_rules = Rules(preset, players, rules)
    players_n = table_rules.players
    pairs = [(True, a, b), (False, b, a)] if both_ways else [(True, a, b)]
    sides = table_rules.game(seed).sides()
    side_count = len(set(sides))
    tables = []
    for one_is_a, one, rest in pairs:
        for ours in range(side_count):
            seats = [one if sides[s] == ours else rest for s in range(players_n)]
            a_seats = [(sides[s] == ours) == one_is_a for s in range(players_n)]
            tables.append((seats, a_seats))
    diffs, hands = [], 0
    for deal in range(deals):
        points = [[0, 0], [0, 0]]  # A's and B's points and hands
        for seats, a_seats in tables:
            if units == "games":
                game = table_rules.game(seed + deal, 1, "game", "hand", observation)
            else:
                game = table_rules.game(seed, deal + 1, "hand", "hand", observation)
            movers = [_player(agent) for agent in seats]
            while (to_act := game.to_act()) is not None:
                seat = to_act[0]
                game.step(movers[seat](game, seat, observation))
            for scores in game.hand_scores():
                hands += 1
                for seat, score in enumerate(scores):
                    side = 0 if a_seats[seat] else 1
                    points[side][0] += score
                    points[side][1] += 1
            if on_record is not None:
                on_record(game.record_json())
        if points[0][1] and points[1][1]:
            diffs.append(points[0][0] / points[0][1] - points[1][0] / points[1][1])
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(variance / max(n, 1))
    return ArenaResult(_name(a), _name(b), deals, hands, mean, (mean - half, mean + half), diffs)


__all__ = ["Agent", "ArenaResult", "arena"]
