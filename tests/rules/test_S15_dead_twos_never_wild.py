"""S15: a dead 2, of any suit, is a natural 2: never wild, in a set or in a run."""

from __future__ import annotations

import pytest

import remi
from remi import MeldKind
from remi.cards import DEAD_TWOS, Card, parse_cards
from remi.melds import is_wild

FAMILY = remi.variants.get("shanghai-family")


@pytest.mark.parametrize("dead", DEAD_TWOS, ids=str)
def test_S15_a_dead_two_of_any_suit_is_never_wild(dead: Card) -> None:
    live = parse_cards(str(dead).rstrip("+"))[0]
    assert is_wild(FAMILY.melds, live) and not is_wild(FAMILY.melds, dead)
    # a live 2 stands for the 6 of clubs; the dead one cannot
    assert not FAMILY.meld_problems(MeldKind.RUN, (*parse_cards("4C 5C"), live, *parse_cards("7C")))
    assert FAMILY.meld_problems(MeldKind.RUN, (*parse_cards("4C 5C"), dead, *parse_cards("7C")))
    # nor does it fill a set
    assert FAMILY.meld_problems(MeldKind.SET, (*parse_cards("9S 9H"), dead))
