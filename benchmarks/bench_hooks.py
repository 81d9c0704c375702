"""How much a refusing hook costs a listing: the ratio to the built-in rules' time on the same hand.

The case of issue 23: May I?, contract 4 ("three sets"), 8 wilds in hand (jokers and 2s), hands of
30 to 42 cards. A listing is ``state.legal_actions()``: it finds the turn's first lay-down (or that
there is none) and every other action. Three rules on the same hands:

* ``built-in``: May I? itself;
* ``meld hook``: a :meth:`remi.MeldRules.meld_problem` that refuses every meld holding a wild
  (most candidate melds of such a hand);
* ``prefix-closed``: a :meth:`remi.Contracts.melds_problem` that refuses every lay-down, with
  :attr:`remi.Contracts.prefix_closed`;
* ``prefix, most``: a prefix-closed contract rule that refuses every lay-down holding a wild
  (it allows no melds at all, so the walk prunes meld by meld).

Each listing is timed cold (the first, on fresh rules) and warm (the best of ``--repeat``).

The bound to hold: each hooked listing at most 3x the built-in rules' time. Run::

    PYTHONPATH=src python benchmarks/bench_hooks.py [--sizes 30 36 42] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

import attrs

import remi
from remi.actions import DRAW, PASS, LayDown
from remi.melds import Meld, MeldRules, is_wild
from remi.parts import Contracts
from remi.solver import clear_caches

MAYI = remi.variants.get("mayi")
#: Contract 4 of May I?, "three sets".
LEVEL = 4
WILDS = 8


class NoWilds(MeldRules):
    """A house rule that refuses every meld holding a wild."""

    def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
        """Refuse a meld with a wild."""
        if any(is_wild(self, card) for card in meld.cards):
            return "no wilds (house rule)"
        return None


@attrs.frozen(kw_only=True)
class Nothing(Contracts):
    """A prefix-closed contract rule that refuses every lay-down."""

    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        """Refuse every melds."""
        return "nothing goes down (house rule)"


@attrs.frozen(kw_only=True)
class NoWildMelds(Contracts):
    """A prefix-closed contract rule that refuses every lay-down holding a wild."""

    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        """Refuse melds holding a wild."""
        if any(is_wild(rules, card) for meld in melds for card in meld.cards):
            return "no wilds (house rule)"
        return None


def variants() -> dict[str, remi.Variant]:
    """The three rules compared, by label."""
    meld_hook = attrs.evolve(MAYI, name="mayi-no-wilds", melds=NoWilds(**attrs.asdict(MAYI.melds, recurse=False)))
    fields = {field.name: getattr(MAYI.contracts, field.name) for field in attrs.fields(Contracts)}
    contracts = Nothing(**{**fields, "prefix_closed": True})
    prefix = attrs.evolve(MAYI, name="mayi-nothing", contracts=contracts)
    most = attrs.evolve(MAYI, name="mayi-no-wild-melds", contracts=NoWildMelds(**{**fields, "prefix_closed": True}))
    return {"built-in": MAYI, "meld hook": meld_hook, "prefix-closed": prefix, "prefix, most": most}


def position(variant: remi.Variant, size: int, seed: int) -> remi.GameState:
    """Seat 0 to play, holding ``size`` cards of which :data:`WILDS` are wild, at contract :data:`LEVEL`."""
    rng = random.Random(seed)
    deck = list(variant.cards(3))
    wild = [card for card in deck if card is remi.JOKER or card.rank is remi.Rank.TWO][:WILDS]
    naturals = [card for card in deck if card is not remi.JOKER and card.rank is not remi.Rank.TWO]
    hand = sorted(rng.sample(naturals, size - WILDS) + wild)
    rest = list(deck)
    for card in hand:
        rest.remove(card)
    others = [" ".join(map(str, rest[:11])), " ".join(map(str, rest[11:22]))]
    state = remi.new_game(variant, players=3, seed=1, dealer=2, round=LEVEL,
                          hands=[" ".join(map(str, hand[:-1])), *others], stock=str(hand[-1]))
    state = state.apply(DRAW)
    while state.to_act != 0:
        state = state.apply(PASS)
    return state


def listing_times(state: remi.GameState, repeat: int) -> tuple[float, float, bool]:
    """The first (cold) and best (warm) times of ``repeat`` listings of ``state``; whether a lay-down is listed."""
    times = []
    found = False
    for _ in range(repeat):
        clear_caches()
        start = time.perf_counter()
        legal = state.legal_actions()
        found = bool(legal.only(LayDown))
        times.append(time.perf_counter() - start)
    return times[0], min(times), found


def main(argv: Sequence[str] | None = None) -> None:
    """Print, per hand size, each rule's listing time and its ratio to the built-in rules'."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[30, 36, 42])
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args(argv)
    rules = variants()
    print(f"{'cards':>5} {'rules':<14} {'cold s':>8} {'ratio':>6} {'warm s':>8} {'ratio':>6} lay-down")
    for size in arguments.sizes:
        base: tuple[float, float] | None = None
        for label, variant in rules.items():
            cold, warm, found = listing_times(position(variant, size, seed=size), arguments.repeat)
            base = base or (cold, warm)
            print(f"{size:>5} {label:<14} {cold:8.4f} {cold / base[0]:6.2f} {warm:8.4f} {warm / base[1]:6.2f} "
                  f"{'yes' if found else 'no'}")


if __name__ == "__main__":
    main()
