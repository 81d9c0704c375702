"""The search kernel over card counts (``remi._kernel``) against the meld rules.

The listing, the solver and the planner take their run windows and candidate
melds from the kernel; these tests hold it to :meth:`remi.Variant.meld_problems`,
which knows nothing of it.
"""

from __future__ import annotations

import attrs
import pytest

import remi
from remi._kernel import candidates, counts_of, run_windows
from remi.cards import CARDS
from remi.melds import MeldKind

VARIANTS = [remi.variants.get(name) for name in remi.variants.names()]
WRAP = attrs.evolve(VARIANTS[0], name="wrap", melds=attrs.evolve(VARIANTS[0].melds, run_wrap=True))


@pytest.mark.parametrize("variant", [*VARIANTS, WRAP], ids=lambda v: v.name)
def test_N8_every_run_window_holds_a_valid_run(variant: remi.Variant) -> None:
    """Each window, filled with one suit's naturals (wild 2s as they come), is a valid run; none is missing."""
    rules = variant.melds
    low, high = rules.run_min, min(rules.run_max, 14)
    windows = set(run_windows(rules, low, high))
    for start in range(1, 15):
        for length in range(low, high + 1):
            cards = [CARDS[13 + (start + i - 1) % 13] for i in range(length)]  # hearts
            valid = not variant.meld_problems(MeldKind.RUN, cards)
            if (start, length) in windows:
                assert valid, (start, length)
            elif start + length - 1 <= 14 and not any(card.rank == 2 for card in cards):
                assert not valid, (start, length)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_listed_candidates_are_valid_melds_each_once(variant: remi.Variant) -> None:
    """Every candidate the kernel lists for a hand is a valid meld of its kind, listed once."""
    hand = remi.parse_cards("AH 2H 3H 4H 5H 5S 5D 5C KH KS 2C JK JK")
    counts = counts_of(hand)
    for kind in (MeldKind.SET, MeldKind.RUN):
        size = variant.melds.set_min if kind is MeldKind.SET else variant.melds.run_min
        found = list(candidates(variant.melds, counts, kind, size, False))
        assert found
        assert len(found) == len(set(found))
        for cards in found:
            meld = [CARDS[i] for i in cards]
            assert not variant.meld_problems(kind, meld), (kind, meld)
            assert all(meld.count(card) <= hand.count(card) for card in meld)
