"""Benchmark the bots: how fast they decide, and how clearly GreedyBot beats RandomBot.

Usage::

    python benchmarks/bench_bots.py [--games N] [--players N] [--workers N] [--seed S]

Part 1 plays matches between greedy bots and splits the time between the bots'
decisions and the engine (listing legal actions, applying them). Part 2 runs
``remi.simulate`` with greedy and random bots on alternate seats, in both
variants, and prints the per-bot figures (the same as
``remi simulate VARIANT --players N --games N --bots greedy,random``).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import Executor, ProcessPoolExecutor

import remi
from remi.bots import make_bot
from remi.simulation import simulate


def decision_speed(variant: str, players: int, matches: int) -> None:
    bot_time = engine_time = 0.0
    decisions = 0
    for match in range(matches):
        state = remi.new_game(variant, players=players, seed=f"bench/{match}")
        bots = [make_bot("greedy", seat) for seat in range(players)]
        while not state.is_over and len(state.deal_scores) < 20:
            seat = state.to_act
            assert seat is not None
            started = time.perf_counter()
            legal = list(state.legal_actions())
            view = state.view(seat)
            middle = time.perf_counter()
            action = bots[seat].choose(view, legal)
            chosen = time.perf_counter()
            state = state.apply(action)
            ended = time.perf_counter()
            bot_time += chosen - middle
            engine_time += (middle - started) + (ended - chosen)
            decisions += 1
    total = bot_time + engine_time
    print(f"{variant:>9}, {players} greedy bots, {matches} matches: {decisions} decisions, "
          f"{total / matches:.2f} s per match; bot {bot_time / decisions * 1e6:.0f} us, "
          f"engine {engine_time / decisions * 1e6:.0f} us per decision")


def strength(variant: str, players: int, games: int, seed: int, executor: Executor | None) -> None:
    started = time.perf_counter()
    stats = simulate(variant, players, ["greedy", "random"], games, seed, executor)
    elapsed = time.perf_counter() - started
    print(f"{variant}, {players} players, {games} matches, seed {seed} ({elapsed:.1f} s):")
    for bot in stats.by_bot:
        print(f"  {bot.bot:>7}: wins {bot.wins:g} ({bot.win_rate:.1%} per seat), mean total {bot.mean_total:.1f}, "
              f"mean deal score {bot.mean_deal_score:.2f}, deals won {bot.deals_won}")
    print(f"  deals per match {stats.mean_deals:.2f}, stock ran out in {stats.deals_exhausted} of {stats.deals}, "
          f"capped matches {stats.capped}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100, help="matches per variant for the strength figures")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("== decision speed ==")
    for variant in ("norwegian", "english"):
        decision_speed(variant, args.players, 3)
    print("== greedy vs random ==")
    executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for variant in ("norwegian", "english"):
            strength(variant, args.players, args.games, args.seed, executor)
    finally:
        if executor is not None:
            executor.shutdown()


if __name__ == "__main__":
    main()
