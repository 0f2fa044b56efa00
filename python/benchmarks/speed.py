"""Steps a second, random legal play, each step with the observation and
the mask (a benchmark, not a test). Run it on one core, beside OpenSpiel:

    taskset -c 0 python benchmarks/speed.py

Prints one line per measurement: the AEC environment (as ``env()`` wraps
it, and raw), OpenSpiel's ``hearts`` doing the same work through pyspiel
(information-state tensor and legal actions each step), the vector
environment at two batch sizes and both encodings, and the expert's
decisions a second from Python.
"""

from __future__ import annotations

import argparse
import os
import time

# One core: numpy's BLAS threads would otherwise spin beside the games.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

import hearts_rl


def aec_steps(make, seconds: float) -> float:
    env = make()
    rng = np.random.default_rng(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def openspiel_steps(seconds: float) -> float:
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def vector_steps(num_envs: int, observation: str, seconds: float) -> float:
    """Counts the time in ``step`` only: choosing the random actions (in
    numpy, batch by batch) is the agent's work, not the environment's."""
    env = hearts_rl.vector_env(num_envs, observation=observation, opponents="random", copy=False)
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, stepping = 0, 0.0
    while stepping < seconds:
        # A random legal action per game: the highest of mask plus noise.
        actions = (info["action_mask"] + rng.random(info["action_mask"].shape, dtype=np.float32)).argmax(axis=1)
        began = time.perf_counter()
        _, _, _, _, info = env.step(actions)
        stepping += time.perf_counter() - began
        steps += num_envs
    return steps / stepping


def expert_decisions(seconds: float) -> float:
    env = hearts_rl.raw_env(episode="hand")
    expert = hearts_rl.bot("expert")
    decisions, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        while not env.game.over:
            env.step(expert.act(env))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per measurement")
    args = parser.parse_args()
    s = args.seconds
    rows = [
        ("AEC env (env(), info_state)", lambda: aec_steps(lambda: hearts_rl.env(), s)),
        ("AEC env (raw_env, info_state)", lambda: aec_steps(lambda: hearts_rl.raw_env(), s)),
        ("AEC env (raw_env, compact)", lambda: aec_steps(lambda: hearts_rl.raw_env(observation="compact"), s)),
        ("OpenSpiel hearts (pyspiel)", lambda: openspiel_steps(s)),
        ("vector env, 64 games, info_state", lambda: vector_steps(64, "info_state", s)),
        ("vector env, 64 games, compact", lambda: vector_steps(64, "compact", s)),
        ("vector env, 1024 games, compact", lambda: vector_steps(1024, "compact", s)),
        ("expert decisions", lambda: expert_decisions(s)),
    ]
    for name, measure in rows:
        print(f"{name:36} {measure():>12,.0f} a second", flush=True)


if __name__ == "__main__":
    main()
