"""A fixed workload to count instructions under callgrind: wall-clock timings here swing by ±20%.

Three parts, each the same work on every run (seeded, no clock read):

* ``play``: seeded random play (list, pick uniformly, apply; a buy taken one time in ten) for
  ``--actions`` actions in each of the seven built-in variants, 4 players;
* ``solver``: :func:`remi.solve` on seeded hands of Norwegian rounds 1, 2 and 7 and English
  contracts 1 and 3, and :func:`remi.solver.contract_hint` on the Norwegian ones;
* ``bots``: greedy bots playing whole deals (``simulate`` with ``max_deals=1``) in Norwegian and English.

Run (the count is callgrind's ``Collected`` line; ``PYTHONHASHSEED=0`` fixes set and dict orders)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/instructions.py [--part play|solver|bots|all]

Without valgrind it runs the same work and prints what it did, a check that the workload is the same.
"""

from __future__ import annotations

import argparse
import random

import remi
from remi.actions import Action, Buy, Pass
from remi.solver import contract_hint, solve

VARIANTS = ("norwegian", "english", "liverpool", "liverpool-project", "shanghai", "shanghai-family", "mayi")


def play(actions: int) -> int:
    """Random play of ``actions`` actions per variant; the number of actions applied."""
    done = 0
    for name in VARIANTS:
        rng = random.Random(name)
        game = remi.new_game(name, players=4, seed=1)
        for _ in range(actions):
            if game.is_over:
                game = remi.new_game(name, players=4, seed=rng.randrange(1 << 30))
            legal = list(game.legal_actions())
            action: Action
            if Buy() in legal and Pass() in legal:
                action = Buy() if rng.random() < 0.1 else Pass()
            else:
                action = legal[rng.randrange(len(legal))]
            game = game.apply(action)
            done += 1
    return done


def hands(name: str, level: int, count: int, seed: int) -> list[tuple[remi.Card, ...]]:
    """``count`` seeded hands of the size dealt at ``level`` (plus the drawn card)."""
    variant = remi.variants.get(name)
    deck = list(variant.cards(4))
    rng = random.Random(seed)
    size = variant.contracts.deal_sizes[level - 1] + 1
    return [tuple(rng.sample(deck, size)) for _ in range(count)]


def solver(count: int) -> int:
    """Solve ``count`` hands in each category; the number of hands that went down."""
    down = 0
    for name, level in (("norwegian", 1), ("norwegian", 2), ("norwegian", 7), ("english", 1), ("english", 3)):
        variant = remi.variants.get(name)
        contract = variant.contracts[level - 1]
        for hand in hands(name, level, count, seed=level):
            all_in = name == "norwegian" and level == 7  # N18: round 7 goes down whole
            if solve(variant, hand, contract, all_in=all_in) is not None:
                down += 1
            if name == "norwegian" and not all_in:
                contract_hint(variant, hand, contract)
    return down


def bots(games: int) -> int:
    """Greedy bots play ``games`` one-deal matches per variant; the number of actions applied."""
    from remi.simulation import simulate  # only this part needs it: the others stay light

    total = 0
    for name, players in (("norwegian", 4), ("english", 3)):
        stats = simulate(name, players, ["greedy"], games=games, seed=3, max_deals=1)
        total += sum(match.actions for match in stats.matches)
    return total


def main() -> None:
    """Run the parts asked for and print what each did."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("play", "solver", "bots", "all"), default="all")
    parser.add_argument("--actions", type=int, default=1500, help="actions per variant in the play part")
    parser.add_argument("--hands", type=int, default=300, help="hands per category in the solver part")
    parser.add_argument("--games", type=int, default=6, help="one-deal matches per variant in the bots part")
    args = parser.parse_args()
    if args.part in ("play", "all"):
        print("play:", play(args.actions), "actions")
    if args.part in ("solver", "all"):
        print("solver:", solver(args.hands), "hands went down")
    if args.part in ("bots", "all"):
        print("bots:", bots(args.games), "actions")


if __name__ == "__main__":
    main()
