"""Memory: bytes per retained state along a match, and the peak memory of ``simulate``.

Part 1 plays seeded random matches (a uniformly random legal action at every
step; a seat offered a buy takes it one time in ten) and keeps every state in
a list, as a program that keeps a game's history does (up to ``--states``
states: random English deals can run to many thousands of actions). ``tracemalloc`` counts
the bytes allocated from the first state to the last (the states share what
did not change: hands, melds, the record), divided by the number of states.

Part 2 runs ``remi.simulate`` with random bots and a process pool of 2 workers,
each run in a fresh process, for ``--matches`` matches and for a quarter of
that. It prints the peak resident memory (``ru_maxrss``) of the workers and of
the process that gathers the results: the peaks must not grow with the number
of matches.

Run:  python benchmarks/bench_memory.py [--games 2] [--states 2000] [--matches 1000] [--deals 1] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tracemalloc
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import remi
from remi.actions import Action, Buy, Pass

WORKERS = 2


def bytes_per_state(name: str, players: int, seed: int, most: int) -> tuple[int, float]:
    """Play one random match keeping every state, up to ``most``; return (states, bytes allocated per state)."""
    rng = random.Random(seed)
    buy, pass_ = Buy(), Pass()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        state = remi.new_game(name, players=players, seed=seed)
        kept = [state]
        while not state.is_over and len(kept) < most:
            legal = state.legal_actions()
            action: Action
            if state.phase is remi.Phase.BUY:
                action = buy if rng.random() < 0.1 else pass_
            else:
                action = legal[rng.randrange(len(legal))]
            del legal  # not part of the history
            state = state.apply(action)
            kept.append(state)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return len(kept), grown / len(kept)


def simulate_peaks(matches: int, deals: int, seed: int) -> tuple[float, float]:
    """In this process: simulate ``matches`` with 2 workers; return (gatherer MiB, largest worker MiB)."""
    with ProcessPoolExecutor(max_workers=WORKERS) as pool:
        stats = remi.simulate("norwegian", 4, ["random"], matches, seed=seed, executor=pool, max_deals=deals)
    assert stats.games == matches
    kib = 1024  # ru_maxrss is in KiB on Linux
    return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / kib,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / kib)


def fresh_simulate_peaks(matches: int, deals: int, seed: int) -> tuple[float, float]:
    """:func:`simulate_peaks` in a fresh interpreter, so that each figure is that run's own peak."""
    done = subprocess.run([sys.executable, __file__, "--_simulate", str(matches), "--deals", str(deals),
                           "--seed", str(seed)], check=True, capture_output=True, text=True)
    gatherer, worker = json.loads(done.stdout.splitlines()[-1])
    return gatherer, worker


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="seeded matches per variant in part 1 (default 2)")
    parser.add_argument("--states", type=int, default=2000,
                        help="states kept per match in part 1 at most (default 2000; random English deals run long)")
    parser.add_argument("--matches", type=int, default=1000, help="matches simulated in part 2 (default 1000)")
    parser.add_argument("--deals", type=int, default=1, help="deals per simulated match at most (default 1)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", metavar="PATH", help="also write the figures to PATH as {'memory': {...}}")
    parser.add_argument("--_simulate", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args._simulate is not None:
        print(json.dumps(simulate_peaks(args._simulate, args.deals, args.seed)))
        return
    report: dict[str, Any] = {"states": [], "simulate": []}
    print(f"bytes per retained state along a match, its first {args.states:,} states at most"
          " (tracemalloc; every state kept in a list)")
    print(f"{'variant':<12} {'players':>7} {'seed':>6} {'states':>7} {'bytes/state':>12}")
    for name in ("norwegian", "english"):
        for seed in range(args.seed, args.seed + args.games):
            states, per_state = bytes_per_state(name, 4, seed, args.states)
            report["states"].append({"variant": name, "players": 4, "seed": seed, "states": states,
                                     "bytes_per_state": round(per_state)})
            print(f"{name:<12} {4:>7} {seed:>6} {states:>7} {per_state:>12,.0f}")
    print()
    print(f"peak memory of remi.simulate('norwegian', 4 players, random bots, at most {args.deals} deal(s) a match)"
          f" with {WORKERS} worker processes, each run in a fresh process")
    print(f"{'matches':>8} {'gatherer MiB':>13} {'largest worker MiB':>19}")
    for matches in (max(1, args.matches // 4), args.matches):
        gatherer, worker = fresh_simulate_peaks(matches, args.deals, args.seed)
        report["simulate"].append({"matches": matches, "workers": WORKERS, "gatherer_mib": round(gatherer, 1),
                                   "worker_mib": round(worker, 1)})
        print(f"{matches:>8} {gatherer:>13.1f} {worker:>19.1f}")
    small, large = report["simulate"]
    growth = max(large["gatherer_mib"] - small["gatherer_mib"], large["worker_mib"] - small["worker_mib"])
    print(f"growth from {small['matches']} to {large['matches']} matches: {growth:+.1f} MiB")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"memory": report}, out, indent=2)


if __name__ == "__main__":
    main()
