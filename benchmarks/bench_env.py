"""PettingZoo environment speed next to the engine's own random play, in remi actions per second.

The same loop in each: pick a uniformly random allowed choice and apply it,
playing first deals of seeded matches, a new match as each deal ends. The
engine lists ``legal_actions()`` and applies one of them; the environment
reads the selected agent's observation and mask with ``last()`` (so
``observe()`` runs at every step) and steps one of the allowed indices. The
environment is measured twice: unwrapped (``remi.envs.pettingzoo.raw_env``)
and as ``remi.envs.pettingzoo.env()`` gives it, inside PettingZoo's order and
bounds checks. All count remi actions applied: a lay-down, lay-off or swap
the environment builds over several sub-steps counts once (its steps are
printed too). All run in one process, in alternating slices of CPU time, so
background load affects them alike; the ratios are the figures.

``--loop agent-iter`` writes both loops as their users usually do instead:
the engine picks with ``random.choice(list(legal))``; the environment runs
PettingZoo's idiom, ``for agent in env.agent_iter()`` with ``last()``, a
``random.choice`` of ``np.flatnonzero(mask)``, ``None`` for an agent that is
done, and ``reset(seed=...)`` for each episode.

Run:  python benchmarks/bench_env.py [--seconds 10] [--variant norwegian] [--players 4] [--loop agent-iter]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import remi
from remi.envs.pettingzoo import env, raw_env


def engine_slice(variant: remi.Variant, players: int, seconds: float, seed: int, *,
                 agent_iter: bool = False) -> tuple[int, float]:
    """Random first deals for ``seconds`` of CPU time; return (actions, seconds).

    ``agent_iter``: pick with ``random.choice(list(legal))`` (else by an index below ``len(legal)``).
    """
    rng = random.Random(seed)
    actions = 0
    state = remi.new_game(variant, players=players, seed=rng.randrange(2**32))
    start = time.process_time()
    while True:
        for _ in range(100):
            if state.deal > 1 or state.is_over:
                state = remi.new_game(variant, players=players, seed=rng.randrange(2**32))
            legal = state.legal_actions()
            state = state.apply(rng.choice(list(legal)) if agent_iter else legal[rng.randrange(len(legal))])
            actions += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions, elapsed


def env_slice(variant: remi.Variant, players: int, seconds: float, seed: int, *,
              wrapped: bool = False) -> tuple[int, int, float]:
    """Random agents in the PettingZoo environment for ``seconds`` of CPU time; return (actions, steps, seconds).

    ``wrapped``: the environment ``env()`` gives (PettingZoo's checks around it), else ``raw_env``.
    """
    rng = random.Random(seed)
    game = (env if wrapped else raw_env)(variant, players, seed=seed, deals=1)
    game.reset()
    inside = game.unwrapped  # (what the agents act on: to count the remi actions applied)
    actions = steps = 0
    start = time.process_time()
    while True:
        for _ in range(100):
            if all(game.terminations.values()):
                game.reset()
            before = inside.game
            observation, _, _, _, _ = game.last()
            allowed = np.flatnonzero(observation["action_mask"])
            game.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
            actions += inside.game is not before  # a sub-step leaves the state as it was
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions, steps, elapsed


def agent_iter_slice(variant: remi.Variant, players: int, seconds: float, seed: int, *,
                     wrapped: bool = False) -> tuple[int, int, float]:
    """As :func:`env_slice`, in PettingZoo's ``agent_iter()`` idiom (see the module); episodes run to their end."""
    rng = random.Random(seed)
    game = (env if wrapped else raw_env)(variant, players, deals=1)
    inside = game.unwrapped
    actions = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game.reset(seed=rng.randrange(2**31))
        for _ in game.agent_iter():
            observation, _, termination, truncation, _ = game.last()
            choice = None if termination or truncation else int(rng.choice(np.flatnonzero(
                observation["action_mask"])))
            before = inside.game
            game.step(choice)
            steps += 1
            actions += inside.game is not before
    return actions, steps, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per loop (default 10)")
    parser.add_argument("--variant", default="norwegian")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--loop", choices=("index", "agent-iter"), default="index",
                        help="how the loops pick and step (default index; see the module)")
    args = parser.parse_args()
    iterating = args.loop == "agent-iter"
    playing = agent_iter_slice if iterating else env_slice
    variant = remi.variants.get(args.variant)
    slices = 5
    engine_actions, engine_time = 0, 0.0
    counts = {"raw_env": [0, 0], "env()": [0, 0]}  # actions, steps
    seconds = {"raw_env": 0.0, "env()": 0.0}
    for number in range(slices):
        actions, elapsed = engine_slice(variant, args.players, args.seconds / slices, args.seed + number,
                                        agent_iter=iterating)
        engine_actions, engine_time = engine_actions + actions, engine_time + elapsed
        for name, totals in counts.items():
            actions, steps, elapsed = playing(variant, args.players, args.seconds / slices, args.seed + number,
                                              wrapped=name == "env()")
            totals[0] += actions
            totals[1] += steps
            seconds[name] += elapsed
    engine_rate = engine_actions / engine_time
    print(f"remi engine, {args.variant}, {args.players} players, {args.loop} loop: {engine_rate:,.0f} actions/s "
          f"({engine_actions:,} actions in {engine_time:.1f} s CPU)")
    for name, (actions, steps) in counts.items():
        print(f"PettingZoo {name:7s} with observe(): {actions / seconds[name]:,.0f} actions/s "
              f"({actions:,} actions in {steps:,} steps, {seconds[name]:.1f} s CPU)")
    for name, (actions, _) in counts.items():
        print(f"ratio {name} / engine: {actions / seconds[name] / engine_rate:.2f}x")

if __name__ == "__main__":
    main()
