"""Random-play throughput of the engine, against python-chess in the same run.

Norwegian Remi, 4 players: at every step the benchmark asks for
``legal_actions()`` and applies a uniformly random one, except that a seat
offered a buy takes it one time in ten. python-chess plays random games the
same way (``list(board.legal_moves)``, random choice, ``push``, until the game
is over). Both are timed in alternating slices of CPU time, so background load
affects them alike.

Run:  python benchmarks/bench_play.py [--seconds 10] [--variant norwegian] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import time

import remi
from remi.actions import Action, Buy, Pass


def remi_slice(variant: remi.Variant, players: int, seconds: float, seed: int) -> tuple[int, float, int]:
    """Play random matches for ``seconds`` of CPU time; return (actions, seconds, deals)."""
    rng = random.Random(seed)
    buy, pass_ = Buy(), Pass()
    actions = deals = 0
    state = remi.new_game(variant, players=players, seed=seed)
    start = time.process_time()
    while True:
        for _ in range(200):
            if state.is_over:
                deals += state.deal
                state = remi.new_game(variant, players=players, seed=rng.randrange(2**32))
            legal = state.legal_actions()
            action: Action
            if state.phase is remi.Phase.BUY:
                action = buy if rng.random() < 0.1 else pass_
                assert action in legal
            else:
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action)
            actions += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions, elapsed, deals


def chess_slice(seconds: float, seed: int) -> tuple[int, float]:
    """Random python-chess games for ``seconds`` of CPU time; return (plies, seconds)."""
    import chess

    rng = random.Random(seed)
    plies = 0
    board = chess.Board()
    start = time.process_time()
    while True:
        for _ in range(200):
            if board.is_game_over():
                board = chess.Board()
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return plies, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per engine (default 10)")
    parser.add_argument("--variant", default="norwegian")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    variant = remi.variants.get(args.variant)
    slices = 5
    remi_actions = chess_plies = deals = 0
    remi_time = chess_time = 0.0
    for i in range(slices):
        a, t, d = remi_slice(variant, args.players, args.seconds / slices, args.seed + i)
        remi_actions, remi_time, deals = remi_actions + a, remi_time + t, deals + d
        p, t = chess_slice(args.seconds / slices, args.seed + i)
        chess_plies, chess_time = chess_plies + p, chess_time + t
    remi_rate = remi_actions / remi_time
    chess_rate = chess_plies / chess_time
    print(f"remi {args.variant}, {args.players} players: {remi_rate:,.0f} actions/s "
          f"({remi_actions:,} actions in {remi_time:.1f} s CPU)")
    print(f"python-chess random play:     {chess_rate:,.0f} plies/s ({chess_plies:,} plies in {chess_time:.1f} s CPU)")
    print(f"ratio remi / python-chess:    {remi_rate / chess_rate:.2f}x (target 2.00x)")


if __name__ == "__main__":
    main()
