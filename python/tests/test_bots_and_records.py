"""The built-in bots from Python, records that hearts reads, and deals
that are the ones hearts deals."""

from __future__ import annotations

import json
import subprocess

import numpy as np
import pytest

import hearts_rl


def bot_game(env, level, seed):
    """Every seat of ``env`` played by a bot of ``level``."""
    bot = hearts_rl.bot(level)
    env.reset(seed=seed)
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else bot.act(env, agent))
    return env


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_a_game_stepped_here_is_the_record_hearts_sim_makes_of_it(level, hearts_binary, tmp_path):
    seed = 7 if level == "hard" else 3
    env = bot_game(hearts_rl.env(), level, seed)
    ours = json.loads(env.unwrapped.record())
    path = tmp_path / "sim.jsonl"
    subprocess.run([str(hearts_binary), "sim", "--games", "1", "--seed", str(seed), "--bots", level,
                    "--threads", "1", "--record", str(path)], check=True, capture_output=True)
    theirs = json.loads(path.read_text().splitlines()[0])
    assert ours == theirs


RANKS = "AKQJT98765432"


def notation(dealt):
    """Seats' cards in hearts' deal notation: S:spades.hearts.diamonds.clubs, seat after seat."""
    seats = []
    for cards in dealt:
        suits = []
        for suit in "SHDC":
            ranks = sorted((card[0] for card in cards if card[1] == suit), key=RANKS.index)
            suits.append("".join(ranks))
        seats.append(".".join(suits))
    return "S:" + " ".join(seats)


def printed_deal(hearts_binary, seed, hand):
    out = subprocess.run([str(hearts_binary), "deal", "--seed", str(seed), "--hand", str(hand)], check=True,
                         capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if line.startswith("S:")][0]


def test_reset_with_a_seed_deals_the_game_hearts_deals(hearts_binary):
    env = bot_game(hearts_rl.env(), "normal", 42)
    hands = json.loads(env.unwrapped.record())["hands"]
    assert len(hands) > 2
    for hand in hands[:3]:
        assert notation(hand["dealt"]) == printed_deal(hearts_binary, 42, hand["number"])


def test_a_deal_code_replays_that_hand(hearts_binary):
    env = hearts_rl.env(episode="hand")
    bot = hearts_rl.bot("easy")
    env.reset(options={"deal": "42/7"})
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else bot.act(env, agent))
    (hand,) = json.loads(env.unwrapped.record())["hands"]
    assert notation(hand["dealt"]) == printed_deal(hearts_binary, 42, 7)


def test_the_python_arena_reports_what_hearts_sim_reports(hearts_binary):
    result = hearts_rl.arena("normal", "random", deals=6, seed=11, units="hands")
    printed = subprocess.run([str(hearts_binary), "sim", "--hands", "6", "--seed", "11", "--duplicate",
                              "normal,random", "--threads", "1", "--json"], check=True, capture_output=True,
                             text=True).stdout
    sim = json.loads(printed)["duplicate"]
    assert result.diff == pytest.approx(sim["diff"])
    assert result.ci95[0] == pytest.approx(sim["ci95"][0]) and result.ci95[1] == pytest.approx(sim["ci95"][1])


def test_a_python_agent_plays_in_the_arena():
    def lowest(observation, game):
        return int(np.flatnonzero(observation["action_mask"])[0])

    result = hearts_rl.arena(lowest, "random", deals=4, seed=1, units="hands")
    assert result.a == "lowest" and result.hands == 4 * 4 * 1 and result.ci95[0] <= result.diff <= result.ci95[1]


def test_hearts_review_reads_the_record_of_a_game_played_here(hearts_binary, tmp_path):
    env = hearts_rl.env(episode="hand")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    path = tmp_path / "games.jsonl"
    path.write_text(env.unwrapped.record() + "\n")
    out = subprocess.run([str(hearts_binary), "review", str(path), "--of", "0", "--json"], check=True,
                         capture_output=True, text=True).stdout
    decisions = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert {decision["kind"] for decision in decisions} == {"pass", "play"}, out[:500]
    assert all(decision["seat"] == 0 for decision in decisions) and len(decisions) >= 10


def test_a_hand_dealt_by_hand_must_be_a_deal():
    rules = hearts_rl.Rules("black-lady", 4)
    hands = [["2C", "3C"], ["4C"], ["5C"], ["6C"]]
    with pytest.raises(ValueError, match="a hand of 2 cards"):
        hearts_rl._core.Game.of_deal(rules.preset, rules.options, hands, 1, 0, "hand", "compact")
    clubs = [rank + "C" for rank in "23456789TJQKA"]
    with pytest.raises(ValueError, match="dealt twice"):
        hearts_rl._core.Game.of_deal(rules.preset, rules.options, [clubs, ["2C"], [], []], 1, 0, "hand", "compact")
