"""PettingZoo environment speed next to the engine's own random play, in remi actions per second.

The same loop in both: pick a uniformly random allowed choice and apply it,
playing first deals of seeded matches, a new match as each deal ends. The
engine lists ``legal_actions()`` and applies one of them; the environment
(``remi.envs.pettingzoo.raw_env``) reads the selected agent's observation and
mask with ``last()`` (so ``observe()`` runs at every step) and steps one of
the allowed indices. Both count remi actions applied: a lay-down, lay-off or
swap the environment builds over several sub-steps counts once (its steps
are printed too). Both run in one process, in alternating slices of CPU
time, so background load affects them alike; the ratio is the figure.

Run:  python benchmarks/bench_env.py [--seconds 10] [--variant norwegian] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import remi
from remi.envs.pettingzoo import raw_env


def engine_slice(variant: remi.Variant, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Random first deals for ``seconds`` of CPU time; return (actions, seconds)."""
    rng = random.Random(seed)
    actions = 0
    state = remi.new_game(variant, players=players, seed=rng.randrange(2**32))
    start = time.process_time()
    while True:
        for _ in range(100):
            if state.deal > 1 or state.is_over:
                state = remi.new_game(variant, players=players, seed=rng.randrange(2**32))
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions, elapsed


def env_slice(variant: remi.Variant, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random agents in the PettingZoo environment for ``seconds`` of CPU time; return (actions, steps, seconds)."""
    rng = random.Random(seed)
    env = raw_env(variant, players, seed=seed, deals=1)
    env.reset()
    actions = steps = 0
    start = time.process_time()
    while True:
        for _ in range(100):
            if all(env.terminations.values()):
                env.reset()
            before = env.game
            observation, _, _, _, _ = env.last()
            allowed = np.flatnonzero(observation["action_mask"])
            env.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
            actions += env.game is not before  # a sub-step leaves the state as it was
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions, steps, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per loop (default 10)")
    parser.add_argument("--variant", default="norwegian")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    variant = remi.variants.get(args.variant)
    slices = 5
    engine_actions = env_actions = env_steps = 0
    engine_time = env_time = 0.0
    for number in range(slices):
        actions, elapsed = engine_slice(variant, args.players, args.seconds / slices, args.seed + number)
        engine_actions, engine_time = engine_actions + actions, engine_time + elapsed
        actions, steps, elapsed = env_slice(variant, args.players, args.seconds / slices, args.seed + number)
        env_actions, env_steps, env_time = env_actions + actions, env_steps + steps, env_time + elapsed
    engine_rate = engine_actions / engine_time
    env_rate = env_actions / env_time
    print(f"remi engine, {args.variant}, {args.players} players: {engine_rate:,.0f} actions/s "
          f"({engine_actions:,} actions in {engine_time:.1f} s CPU)")
    print(f"PettingZoo env with observe():   {env_rate:,.0f} actions/s "
          f"({env_actions:,} actions in {env_steps:,} steps, {env_time:.1f} s CPU)")
    print(f"ratio env / engine:               {env_rate / engine_rate:.2f}x")


if __name__ == "__main__":
    main()
