"""The PettingZoo AEC environment: every seat an agent, one decision a step."""

from __future__ import annotations

import secrets
from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import _core
from ._rules import Rules, check_choices, parse_deal, render

def env(illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv:
    """The environment as PettingZoo's classic games give it: an illegal
    action (or one outside the space) ends the game with ``illegal_reward``
    for the agent that took it and 0 for the others, and the calls must
    come in order. (The engine refuses the action itself: PettingZoo's
    wrappers for these would check the mask again at every step.)"""
    return wrappers.OrderEnforcingWrapper(raw_env(illegal_reward=illegal_reward, **kwargs))


class raw_env(AECEnv):
    """Hearts, or any game of its family, as an AEC environment.

    Agents are ``player_0`` (South) to ``player_{n-1}``, clockwise. The
    agent to act is the seat the game asks: passes are chosen one card at
    a time, and a seat may act several times in a row. An illegal action
    raises ValueError naming the rule (nothing changes), or, given
    ``illegal_reward``, ends the game with it for that agent and
    ``infos[agent]["illegal"]``. See docs/python.md for the action space,
    the observations and the rewards.
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "hearts_v0", "is_parallelizable": False}

    def __init__(self, preset: str = "black-lady", players: int | None = None,
                 rules: Mapping[str, Any] | None = None, episode: str = "game", reward: str = "hand",
                 observation: str = "info_state", render_mode: str | None = None,
                 illegal_reward: float | None = None):
        super().__init__()
        self.illegal_reward = illegal_reward
        check_choices(episode, reward, observation)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: use 'ansi' or 'human'")
        self.rules = Rules(preset, players, rules)
        self.episode, self.reward, self.observation = episode, reward, observation
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.rules.players)]
        self.agent_name_mapping = {agent: i for i, agent in enumerate(self.possible_agents)}
        actions = len(self.rules.action_names)
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": self.rules.observation_space(observation),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.game: _core.Game | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deals a game: ``seed=N`` deals the game ``hearts --seed N`` deals;
        ``options={"deal": "42/7"}`` begins at that hand of that game. Without
        either, an episode of a hand goes on to the game's next hand (a new
        game once it is over) and an episode of a game deals a new one."""
        deal = (options or {}).get("deal")
        if deal is not None:
            seed_n, hand = parse_deal(deal)
            self.game = self._new_game(seed_n, hand)
        elif seed is not None:
            self.game = self._new_game(int(seed), 1)
        elif not (self.game is not None and self.episode == "hand" and self.game.next_hand()):
            self.game = self._new_game(secrets.randbits(63), 1)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._select()

    def _new_game(self, seed: int, hand: int) -> _core.Game:
        return self.rules.game(seed, hand, self.episode, self.reward, self.observation)

    def _select(self) -> None:
        to_act = self.game.to_act()
        if to_act is not None:
            seat, decision = to_act
            self.agent_selection = self.possible_agents[seat]
            self.infos[self.agent_selection]["decision"] = decision

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        return {"observation": self.game.observe(seat), "action_mask": self.game.mask(seat)}

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        try:
            self.game.step(int(action))
        except (ValueError, OverflowError, TypeError) as refusal:
            if self.illegal_reward is None:
                raise ValueError(str(refusal)) from None
            self.rewards = {a: 0.0 for a in self.agents}
            self.rewards[agent] = float(self.illegal_reward)
            self.infos[agent]["illegal"] = str(refusal)
            self.terminations = {a: True for a in self.agents}
            self._accumulate_rewards()
            return
        rewards = self.game.rewards()
        self.rewards = {a: float(rewards[i]) for i, a in enumerate(self.possible_agents)}
        self.infos[agent].pop("decision", None)
        if self.game.over:
            self.terminations = {a: True for a in self.agents}
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return render(self.game, self.render_mode)

    def record(self) -> str:
        """The game so far in the record format (JSON): save it to a file
        and ``hearts replay FILE`` or ``hearts review FILE`` reads it."""
        return self.game.record_json()

    def close(self) -> None:
        pass
