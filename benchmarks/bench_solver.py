"""Benchmark remi.solver.solve against a naive exhaustive reference, and check they agree.

Usage::

    python benchmarks/bench_solver.py [--hands N] [--seed S] [--reference-hands M] [--rounds R] [--big-hands B]
                                      [--json PATH]

Random hands are drawn with a seeded ``random.Random`` from the variant's deck,
with the joker count fixed explicitly (0-3, cycling):

* norwegian round 1 (two sets) and round 2 (set + run): 11 cards (10 dealt + 1 drawn);
* norwegian round 7 (three runs, all-in): 12 cards (11 dealt + 1 drawn);
* norwegian round 7 "planted": 12 cards built from three random runs, so that
  the all-in answer is usually yes (random 12-card hands almost never are);
* english games 1 (run 4 + group 3) and 3 (two runs of 4), exact sizes: 11 cards.

Every solver answer is checked against the reference on the first
``--reference-hands`` hands of each category (same None-ness and same points
left; arrangements may differ when tied), and the solver's melds are checked
with ``variant.meld_problems`` and ``remi.assign`` on every hand.

Then big hands, as a seat that keeps buying grows one (Norwegian allows any
number of buys, N14): 30, 40, 50 and 60 cards with all nine jokers, round 6
(a set and two runs), ``--big-hands`` hands of each size; the median and the
slowest solve are printed (a figure, not checked against the reference).

Times are CPU time of this process (``time.process_time``), so other load on
the machine skews them less, with the garbage collector paused while timing (as
``timeit`` does). 'solver h/s' is one pass over all hands, the solver's memo
cleared first (a cold start). The speed ratio compares both on the same
(checked) hands, in ``--rounds`` rounds taken in turn, so that both sides meet
the same machine: each round solves every checked hand from a cold memo, then
runs the reference on its share of them (each checked hand goes through the
reference once in all). The ratio is the reference's total time over the
median round's.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, product

import remi
from remi.cards import Card
from remi.contracts import Contract
from remi.melds import MeldKind
from remi.solver import clear_caches, solve
from remi.variant import Variant

Hand = tuple[Card, ...]


# -- the naive reference -------------------------------------------------------


def _sub_multisets(hand: Counter[Card]) -> list[Hand]:
    """Every distinct sub-multiset of ``hand``, as sorted tuples."""
    cards = sorted(hand)
    subs = []
    for take in product(*(range(hand[c] + 1) for c in cards)):
        subs.append(tuple(c for c, k in zip(cards, take, strict=True) for _ in range(k)))
    return subs


def _run_arrangements(sub: Hand) -> list[Hand]:
    """Every listing of ``sub`` with the naturals in a rotation of rank order and jokers anywhere.

    A valid run lists its naturals in increasing value order: ranks sorted with
    the aces first (ace low), last (ace high), or one at each end (A 2 ... K A),
    or rotated round the corner where wrap-around is allowed; all are rotations
    of the rank-sorted naturals. The jokers may sit at any positions.
    """
    naturals = sorted((c for c in sub if c.is_natural), key=lambda c: (c.rank, c.index))
    jokers = len(sub) - len(naturals)
    out = []
    for rot in range(max(1, len(naturals))):
        seq = naturals[rot:] + naturals[:rot]
        for spots in combinations(range(len(sub)), jokers):
            it = iter(seq)
            out.append(tuple(remi.JOKER if i in spots else next(it) for i in range(len(sub))))
    return out


def naive_points_left(variant: Variant, cards: Sequence[Card], contract: Contract, all_in: bool) -> int | None:
    """The fewest points left after laying ``contract``, by trying every split of the hand.

    For each requirement in turn, every sub-multiset of the cards still in hand
    of an allowed size is tried as that meld, in every arrangement, checked with
    ``variant.meld_problems``. Obviously correct, and slow.
    """
    reqs = contract.requirements
    valid_cache: dict[tuple[MeldKind, Hand], bool] = {}

    def valid(kind: MeldKind, sub: Hand) -> bool:
        key = (kind, sub)
        if key not in valid_cache:
            if kind is MeldKind.SET:
                valid_cache[key] = not variant.meld_problems(kind, sub)
            elif len({c.suit for c in sub if c.is_natural}) > 1:
                valid_cache[key] = False  # MIXED_SUITS whatever the order: skip trying them all
            else:
                valid_cache[key] = any(not variant.meld_problems(kind, a) for a in _run_arrangements(sub))
        return valid_cache[key]

    best: list[int] = []

    def search(i: int, hand: Counter[Card]) -> None:
        if i == len(reqs):
            left = list(hand.elements())
            if not (all_in and left):
                points = variant.hand_points(left)
                if not best or points < best[0]:
                    best[:] = [points]
            return
        req = reqs[i]
        for sub in _sub_multisets(hand):
            size_ok = len(sub) == req.size if variant.contracts.exact_sizes else len(sub) >= req.size
            if size_ok and valid(req.kind, sub):
                search(i + 1, hand - Counter(sub))

    search(0, Counter(cards))
    return best[0] if best else None


# -- hands ---------------------------------------------------------------------


def random_hand(rng: random.Random, variant: Variant, size: int, jokers: int) -> Hand:
    naturals = [c for c in variant.cards(variant.max_players) if c.is_natural]
    return tuple(sorted(rng.sample(naturals, size - jokers))) + (remi.JOKER,) * jokers


def planted_all_in_hand(rng: random.Random, variant: Variant, size: int, jokers: int) -> Hand:
    """Three random runs (lengths summing to ``size``), then ``jokers`` naturals replaced by jokers."""
    lengths = [4, 4, 4]
    for _ in range(size - 12):
        lengths[rng.randrange(3)] += 1
    cards: list[Card] = []
    for length in lengths:
        suit = rng.choice(list(remi.Suit))
        start = rng.randint(1, 15 - length)
        cards += [remi.Card(1 if v == 14 else v, suit) for v in range(start, start + length)]
    for i in rng.sample(range(size), jokers):
        cards[i] = remi.JOKER
    return tuple(sorted(cards))


def check_solution(variant: Variant, cards: Hand, contract: Contract, all_in: bool) -> int | None:
    """Solve, verify the answer's shape, return its points left (or None)."""
    sol = solve(variant, cards, contract, all_in=all_in)
    if sol is None:
        return None
    for meld in sol.melds:
        assert not variant.meld_problems(meld.kind, meld.cards), (cards, meld)
    assert remi.assign(contract, [(m.kind, len(m.cards)) for m in sol.melds], exact=variant.contracts.exact_sizes)
    assert Counter(c for m in sol.melds for c in m.cards) + Counter(sol.left) == Counter(cards)
    assert not (all_in and sol.left)
    assert sol.points_left == variant.hand_points(sol.left)
    return sol.points_left


Category = tuple[str, Variant, int, bool, Callable[[random.Random, Variant, int, int], Hand], int]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per category for the solver")
    parser.add_argument("--reference-hands", type=int, default=100,
                        help="hands per category also run through the naive reference")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds of the ratio's timing: the solver on every checked hand, then the reference on"
                             " a share of them")
    parser.add_argument("--big-hands", type=int, default=5, help="hands of each big size (30 to 60 cards)")
    parser.add_argument("--json", metavar="PATH", help="also write each category's ratio to PATH as {'solver': [...]}")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error(f"--rounds must be at least 1, not {args.rounds}")
    nor = remi.variants.get("norwegian")
    eng = remi.variants.get("english")
    categories: list[Category] = [
        ("norwegian r1 two sets, 11 cards", nor, 0, False, random_hand, 11),
        ("norwegian r2 set+run, 11 cards", nor, 1, False, random_hand, 11),
        ("norwegian r7 all-in, 12 cards", nor, 6, True, random_hand, 12),
        ("norwegian r7 all-in planted, 12", nor, 6, True, planted_all_in_hand, 12),
        ("english g1 run4+group3, 11 cards", eng, 0, False, random_hand, 11),
        ("english g3 two runs of 4, 11", eng, 2, False, random_hand, 11),
    ]
    rng = random.Random(args.seed)
    print(f"seed {args.seed}; {args.hands} hands per category, {args.reference_hands} checked by the reference;"
          " CPU time, cold solver memo")
    print(f"'solver h/s' is over all hands; 'ratio' compares the two on the checked hands only, the solver's"
          f" median of {args.rounds} cold rounds taken in turn with the reference")
    header = f"{'category':34} {'solved':>7} {'solver h/s':>11} {'naive h/s':>10} {'ratio':>8}"
    print(header)
    print("-" * len(header))
    total_solver = total_naive = 0.0
    total_checked = 0
    mismatches = 0
    speedups = []
    clock = time.process_time
    for name, variant, index, all_in, make, size in categories:
        contract = variant.contracts[index]
        hands = [make(rng, variant, size, i % 4) for i in range(args.hands)]
        clear_caches()  # a cold start for every category
        times = []
        gc.collect()
        gc.disable()  # as timeit does: no collector pauses from earlier garbage inside the timings
        for hand in hands:
            start = clock()
            solve(variant, hand, contract, all_in=all_in)
            times.append(clock() - start)
        gc.enable()
        answers = [check_solution(variant, hand, contract, all_in) for hand in hands]
        checked = hands[: args.reference_hands]
        solver_checked, naive_time, expected = timed_rounds(variant, checked, contract, all_in, args.rounds)
        for hand, got, want in zip(checked, answers, expected, strict=False):
            if got != want:
                mismatches += 1
                print(f"  MISMATCH {remi.format_cards(hand)}: solver {got}, reference {want}")
        naive_rate = len(checked) / naive_time if checked else float("nan")
        ratio = naive_time / solver_checked if checked else float("nan")
        solved = sum(a is not None for a in answers)
        print(f"{name:34} {solved:>7} {len(hands) / sum(times):>11.0f} {naive_rate:>10.1f} {ratio:>7.0f}x")
        variant_name, _, category = name.partition(" ")
        speedups.append({"variant": variant_name, "category": category, "speedup": round(ratio, 1)})
        total_solver += solver_checked
        total_naive += naive_time
        total_checked += len(checked)
    print("-" * len(header))
    print(f"checked {total_checked} hands against the reference: {mismatches} mismatches")
    if total_checked:
        print(f"overall on the checked hands: solver {total_checked / total_solver:.0f} hands/s, "
              f"naive {total_checked / total_naive:.1f} hands/s, "
              f"ratio {total_naive / total_solver:.0f}x")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"solver": speedups}, out, indent=2)
    big_hands(nor, args.big_hands, args.seed)
    return 1 if mismatches else 0


def timed_rounds(
    variant: Variant, checked: list[Hand], contract: Contract, all_in: bool, rounds: int
) -> tuple[float, float, list[int | None]]:
    """The solver's median time on ``checked`` (from a cold memo), the reference's, and the reference's answers.

    Taken in ``rounds`` turns, so that a machine whose speed drifts slows both
    alike: each round solves every hand of ``checked``, its memo cleared first,
    then runs the reference on every ``rounds``-th hand (a different share each
    round, so each hand goes through the reference once in all).
    """
    clock = time.process_time
    solver_times = []
    naive_time = 0.0
    expected: list[int | None] = [None] * len(checked)
    for turn in range(rounds):
        clear_caches()
        gc.collect()
        gc.disable()  # as timeit does: no collector pauses from earlier garbage inside the timings
        start = clock()
        for hand in checked:
            solve(variant, hand, contract, all_in=all_in)
        solver_times.append(clock() - start)
        start = clock()
        share = [(i, naive_points_left(variant, checked[i], contract, all_in))
                 for i in range(turn, len(checked), rounds)]
        naive_time += clock() - start
        gc.enable()
        for i, points in share:
            expected[i] = points
    solver_times.sort()
    return solver_times[len(solver_times) // 2], naive_time, expected


def big_hands(variant: Variant, count: int, seed: int) -> None:
    """Print the solver's time on hands of 30 to 60 cards with nine jokers (round 6, a set and two runs)."""
    if count < 1:
        return
    contract = variant.contracts[5]
    print()
    print(f"big hands (N14: a seat that keeps buying): round 6 ({contract}), 9 jokers, {count} hands per size,"
          " CPU time, cold solver memo")
    header = f"{'cards':>5} {'median s':>9} {'slowest s':>10} {'points left (median)':>21}"
    print(header)
    print("-" * len(header))
    rng = random.Random(seed)
    clock = time.process_time
    for size in (30, 40, 50, 60):
        times = []
        left = []
        for _ in range(count):
            hand = random_hand(rng, variant, size, 9)
            clear_caches()
            gc.collect()
            gc.disable()
            start = clock()
            solution = solve(variant, hand, contract)
            times.append(clock() - start)
            gc.enable()
            left.append(-1 if solution is None else solution.points_left)
        times.sort()
        left.sort()
        print(f"{size:>5} {times[len(times) // 2]:>9.3f} {times[-1]:>10.3f} {left[len(left) // 2]:>21}")


if __name__ == "__main__":
    sys.exit(main())
