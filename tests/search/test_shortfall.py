"""The wild shortfall bound (``remi._search.shortfall``): it never refuses a hand that holds its melds.

The lay-down listing refuses a hand at once where the wilds it holds cannot
fill the places its naturals leave open. The bound must only ever relax the
rules: a hand built from valid melds (plus any other cards) always passes it,
for the requirements those melds meet.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi._search.kernel import counts_of
from remi._search.shortfall import NEVER, runs_shortfall, sets_shortfall, wilds_suffice
from remi.cards import Card, parse_cards
from remi.melds import MeldKind
from remi.testing import hands, meld_candidates

VARIANTS = [remi.variants.get(name) for name in remi.variants.names()]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_shortfall_never_refuses_a_hand_that_holds_its_melds(variant: remi.Variant, data: st.DataObject) -> None:
    """Valid melds of the variant, and any other cards: the hand's wilds suffice for those melds' requirements."""
    rules = variant.melds
    melds: list[tuple[MeldKind, tuple[Card, ...]]] = []
    for _ in range(data.draw(st.integers(1, 4), label="melds")):
        kind = data.draw(st.sampled_from(MeldKind), label="kind")
        cards = data.draw(meld_candidates(variant, kind), label="meld")
        if not variant.meld_problems(kind, cards):
            melds.append((kind, cards))
    extra = data.draw(hands(max_size=6, variant=variant), label="other cards")
    hand = [card for _, cards in melds for card in cards] + list(extra)
    counts = counts_of(hand)
    if not melds or rules.min_naturals < 1 or any(card.is_dead for card in hand):
        return  # (the listing asks the bound only where every meld keeps a natural and no 2 is dead: S15)
    groups = Counter((kind, len(cards)) for kind, cards in melds)
    assert wilds_suffice(rules, dict(groups), counts), melds


def _counts(text: str) -> list[int]:
    return counts_of(parse_cards(text))


def test_shortfall_of_two_runs_sharing_a_suit_counts_the_second_copies() -> None:
    """Two runs of one suit share a place only where two copies are held; a third needs a wild a place."""
    rules = remi.variants.get("shanghai").melds
    held_twice = _counts("4H 4H 5H 5H 6H 6H 7H 7H")
    assert runs_shortfall(rules, held_twice, 4, 2, 2) == 0
    assert runs_shortfall(rules, held_twice, 4, 2, 3) == 4  # the suit's 8 naturals fill 8 of 12 places
    held_once = _counts("4H 5H 6H 7H 8H 9H")
    assert runs_shortfall(rules, held_once, 4, 2, 2) == 2  # 4-7 and 6-9 share 6 and 7, or 4-7 and 8-J
    assert runs_shortfall(rules, _counts("KS KS"), 4, 2, 1) == NEVER  # one natural place in every window


def test_shortfall_of_sets_takes_the_cheapest_ranks() -> None:
    """Sets lack what their ranks' copies leave open, the cheapest ranks first, and need the cap's naturals."""
    counts = _counts("7S 7H 7D 9S 9H KS")
    assert sets_shortfall(counts, 3, 2, 1) == 0
    assert sets_shortfall(counts, 3, 2, 2) == 1
    assert sets_shortfall(counts, 3, 2, 3) == NEVER  # the king alone keeps too few naturals


def test_S7_three_runs_of_four_refused_by_the_wilds_alone() -> None:
    """A Shanghai hand of 18 cards and four wilds that cannot make three runs of four: refused without a search."""
    shanghai = remi.variants.get("shanghai")
    hand = _counts("KS KS 2H 2H 3H 6H 9H 9D 10D 2C 3C 6C 8C 9C QC KC KC JK")
    assert not wilds_suffice(shanghai.melds, {(MeldKind.RUN, 4): 3}, hand)
    assert wilds_suffice(shanghai.melds, {(MeldKind.RUN, 4): 2}, hand)
