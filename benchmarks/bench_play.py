"""Random-play throughput of the engine, against python-chess with the same loop in the same run.

Both engines run one loop: list the legal moves, pick one uniformly, apply it.
remi is timed in two styles of listing:

* ``list``: ``legal = list(state.legal_actions())``, then
  ``legal[rng.randrange(len(legal))]`` (what ``random.choice`` does);
* ``index``: ``legal = state.legal_actions()``, then the same ``len`` and
  index on the listing itself.

A seat offered a buy takes it one time in ten (``Buy`` with probability 0.1,
else ``Pass``), in both styles alike. A new match starts when one ends
(``state.is_over``, a field).

python-chess plays random games with ``moves = list(board.legal_moves)`` and
``board.push(moves[rng.randrange(len(moves))])``: its move generator has no
``len`` or indexing, so that is its one style. A chess game ends when its legal
move list is empty (mate or stalemate) or at the seventy-five-move rule
(``board.halfmove_clock >= 150``, an automatic draw read from a field); there
is no ``board.is_game_over()`` call, which would cost the chess side a check
remi's side never pays for.

Each remi slice is followed by a python-chess slice of the same CPU time, and
each style's ratio is taken against the chess slices measured right after
it, so background load affects both sides alike.

With ``--breakdown`` it prints instead where remi's time goes in the ``list``
style: per kind of state (a draw, a buy offer, a turn of a seat that is down,
of one that can go down, of one that cannot) how many were listed, the mean
time of their listing, and each kind's share of all the time, the ``apply``
calls included. A diagnostic for work on speed (each step is timed, which
costs a little), not a figure to compare with python-chess.

Run:  python benchmarks/bench_play.py [--seconds 5] [--variant norwegian:4 --variant english:4] [--json PATH]
      python benchmarks/bench_play.py --breakdown [--seconds 5] [--variant norwegian:4]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import chess

import remi
from remi.actions import Action, Buy, LayDown, Pass

STYLES = ("list", "index")
TARGET = 3.0
SLICES = 5


def remi_slice(variant: remi.Variant, players: int, style: str, seconds: float, seed: int) -> tuple[int, float]:
    """Play random matches for ``seconds`` of CPU time; return (actions, seconds)."""
    rng = random.Random(seed)
    buy, pass_, buying = Buy(), Pass(), remi.Phase.BUY
    listed = style == "list"
    actions = 0
    state = remi.new_game(variant, players=players, seed=seed)
    start = time.process_time()
    while True:
        for _ in range(200):
            if state.is_over:
                state = remi.new_game(variant, players=players, seed=rng.randrange(2**32))
            legal: Any = list(state.legal_actions()) if listed else state.legal_actions()
            action: Action
            if state.phase is buying:
                action = buy if rng.random() < 0.1 else pass_
                assert action in legal
            else:
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action)
            actions += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions, elapsed


def chess_slice(seconds: float, seed: int) -> tuple[int, float]:
    """Random python-chess games for ``seconds`` of CPU time; return (plies, seconds)."""
    rng = random.Random(seed)
    plies = 0
    board = chess.Board()
    start = time.process_time()
    while True:
        for _ in range(200):
            moves = list(board.legal_moves)
            if not moves or board.halfmove_clock >= 150:  # mate, stalemate, or the 75-move rule
                board = chess.Board()
                moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return plies, elapsed


def breakdown(name: str, players: int, seconds: float, seed: int) -> None:
    """Print where the ``list`` style's time goes, per kind of state (see the module's docstring)."""
    variant = remi.variants.get(name)
    rng = random.Random(seed)
    buy, pass_, buying, playing = Buy(), Pass(), remi.Phase.BUY, remi.Phase.PLAY
    counts: dict[str, int] = {}
    times: dict[str, int] = {}
    clock = time.perf_counter_ns
    state = remi.new_game(variant, players=players, seed=seed)
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(200):
            if state.is_over:
                state = remi.new_game(variant, players=players, seed=rng.randrange(2**32))
            before = clock()
            legal = list(state.legal_actions())
            listed = clock() - before
            kind = state.phase.value
            if state.phase is playing:
                seat = state.to_act
                assert seat is not None
                if state.down[seat]:
                    kind = "play, down"
                elif any(type(action) is LayDown for action in legal):
                    kind = "play, can go down"
                else:
                    kind = "play, cannot go down"
            counts[kind] = counts.get(kind, 0) + 1
            times[kind] = times.get(kind, 0) + listed
            action: Action = (buy if rng.random() < 0.1 else pass_) if state.phase is buying else \
                legal[rng.randrange(len(legal))]
            before = clock()
            state = state.apply(action)
            times["apply"] = times.get("apply", 0) + clock() - before
            counts["apply"] = counts.get("apply", 0) + 1
    total = sum(times.values())
    print(f"{name}, {players} players: {counts['apply']:,} actions")
    print(f"  {'listing of':<22} {'states':>8} {'mean us':>9} {'share':>7}")
    for kind in sorted(times, key=lambda k: -times[k]):
        label = "(apply)" if kind == "apply" else kind
        print(f"  {label:<22} {counts[kind]:>8,} {times[kind] / counts[kind] / 1000:>9.1f} "
              f"{100 * times[kind] / total:>6.1f}%")


def measure(name: str, players: int, seconds: float, seed: int) -> list[dict[str, Any]]:
    """Both styles for one variant, each in alternating slices with python-chess; one row per style."""
    variant = remi.variants.get(name)
    totals = {style: [0.0, 0.0, 0.0, 0.0] for style in STYLES}  # remi actions, remi s, chess plies, chess s
    for i in range(SLICES):
        for style in STYLES:
            actions, remi_time = remi_slice(variant, players, style, seconds / SLICES, seed + i)
            plies, chess_time = chess_slice(seconds / SLICES, seed + i)
            total = totals[style]
            total[0] += actions
            total[1] += remi_time
            total[2] += plies
            total[3] += chess_time
    rows = []
    for style, (remi_count, remi_seconds, chess_count, chess_seconds) in totals.items():
        remi_rate, chess_rate = remi_count / remi_seconds, chess_count / chess_seconds
        rows.append({"variant": name, "players": players, "style": style, "remi_per_s": round(remi_rate, 1),
                     "chess_per_s": round(chess_rate, 1), "ratio": round(remi_rate / chess_rate, 3)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="CPU seconds per style for remi, and as many for python-chess (default 5)")
    parser.add_argument("--variant", action="append", metavar="NAME[:PLAYERS]",
                        help="a variant to play, with its number of players (default: norwegian:4 and english:4)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", metavar="PATH", help="also write the figures to PATH as {'play': [...]}")
    parser.add_argument("--breakdown", action="store_true",
                        help="print where remi's time goes per kind of state instead (no python-chess)")
    args = parser.parse_args()
    specs = []
    for spec in args.variant or ["norwegian:4", "english:4"]:
        name, _, players = spec.partition(":")
        if name not in remi.variants.names() or not (players or "4").isdigit():
            parser.error(f"--variant {spec!r}: a variant ({', '.join(remi.variants.names())}) and perhaps "
                         ":PLAYERS, e.g. norwegian:4")
        try:
            remi.new_game(name, players=int(players or 4), seed=0)
        except remi.RemiError as refused:
            parser.error(f"--variant {spec!r}: {refused}")
        specs.append((name, int(players or 4)))
    if args.breakdown:
        for name, players in specs:
            breakdown(name, players, args.seconds, args.seed)
        return
    rows: list[dict[str, Any]] = []
    print(f"remi {remi.__version__}, {'compiled' if remi.compiled else 'pure'} build (remi.compiled)")
    print(f"{'variant':<12} {'players':>7} {'style':<6} {'remi actions/s':>15} {'chess plies/s':>14} {'ratio':>7}")
    for name, players in specs:
        for row in measure(name, players, args.seconds, args.seed):
            rows.append(row)
            print(f"{row['variant']:<12} {row['players']:>7} {row['style']:<6} {row['remi_per_s']:>15,.0f} "
                  f"{row['chess_per_s']:>14,.0f} {row['ratio']:>6.2f}x")
    worst = min(row["ratio"] for row in rows)
    verdict = "met" if worst >= TARGET else "not met yet"
    print(f"target: remi >= {TARGET:.1f}x python-chess in both styles; lowest ratio {worst:.2f}x ({verdict})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"play": rows}, out, indent=2)


if __name__ == "__main__":
    main()
