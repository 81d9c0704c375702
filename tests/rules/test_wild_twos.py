"""Wild twos and the natural minimum (remi.melds, the lay-down generator, the meld options), against the rules.

The meld rules below mirror the contract-rummy variants: Shanghai (S6-S9: 2s wild except in a set of
twos; wilds capped at lay-down only; ace low or high, never both, no wrap), May I? (M4-M7: every 2
wild, never natural; the ace high only, runs 3 to A; wilds capped at lay-down only) and Liverpool
(L4, L5: no cap, one natural; the house rule: melds of wilds only). The property tests check
``meld_problems`` against :func:`remi.testing.brute_force_valid`, a brute force over every reading
of the wilds written from the rules alone, and the lay-down generator against a brute force over
every sub-multiset of small hands.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import remi
from remi import (
    CARDS,
    JOKER,
    End,
    JokerCap,
    Meld,
    MeldKind,
    MeldProblem,
    TableMeld,
    VariantError,
    parse_card,
    parse_cards,
)
from remi._engine.listing import meld_options
from remi._search import generate
from remi.actions import LayDown
from remi.cards import CARD_SLOTS, Card
from remi.contracts import Contract, assign
from remi.melds import MeldRules, SetSwap, Twos, is_wild, lay_off, meld_problems, run_cards, run_start, swap_joker
from remi.testing import assert_invariants, brute_force_valid, meld_candidates

SET, RUN = MeldKind.SET, MeldKind.RUN
LOW, HIGH = End.LOW, End.HIGH

#: Shanghai (S6-S9): 2s wild except in a set of twos; no more wilds than naturals at lay-down only.
SHANGHAI = MeldRules(
    twos=Twos.WILD_EXCEPT_SETS, joker_cap=JokerCap.NATURALS, joker_cap_on_layoff=False,
    ace_low=True, ace_high=True, run_wrap=False, run_max=13, set_min=3, run_min=4,
)
#: House shanghai-family (S8): a set's naturals differ in suit when laid; lay-offs may repeat one.
SHANGHAI_FAMILY = attrs.evolve(SHANGHAI, set_distinct_suits=True, distinct_suits_on_layoff=False)
#: May I? (M4-M7): every 2 wild; runs 3 to A (at most 12); the cap at lay-down only.
MAYI = MeldRules(
    twos=Twos.WILD, joker_cap=JokerCap.NATURALS, joker_cap_on_layoff=False,
    ace_low=False, ace_high=True, run_max=12, set_min=3, run_min=4,
)
#: Liverpool (L4, L5): no cap, one natural, 13 cards at most in a run.
LIVERPOOL = MeldRules(joker_cap=JokerCap.NONE, run_max=13, min_naturals=1)
#: The Liverpool house rule: melds of wilds only.
LIVERPOOL_HOUSE = attrs.evolve(LIVERPOOL, min_naturals=0)
#: Contract rummy: every meld keeps two naturals.
TWO_NATURALS = MeldRules(joker_cap=JokerCap.NONE, min_naturals=2)

NORWEGIAN = remi.variants.get("norwegian")


def C(text: str) -> Card:
    return parse_card(text)


def problems(rules: MeldRules, kind: MeldKind, text: str) -> MeldProblem:
    return meld_problems(rules, kind, parse_cards(text))


def valid(rules: MeldRules, kind: MeldKind, text: str) -> bool:
    return not problems(rules, kind, text)


def sorted_cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


# -- the rules' fields ------------------------------------------------------------------------


def test_twos_default_to_natural_and_one_natural() -> None:
    rules = MeldRules()
    assert rules.twos is Twos.NATURAL and rules.min_naturals == 1
    assert not is_wild(rules, C("2H")) and is_wild(rules, JOKER)
    assert is_wild(SHANGHAI, C("2H")) and is_wild(MAYI, C("2C")) and not is_wild(MAYI, C("3C"))
    assert valid(rules, RUN, "2S 3S 4S 5S") and valid(rules, SET, "2S 2H 2D")
    assert problems(rules, RUN, "2H JK JK 5H") == MeldProblem(0)  # 2 naturals, 2 jokers


def test_the_variant_carries_twos_and_the_natural_minimum() -> None:
    melds = attrs.evolve(NORWEGIAN.melds, twos=Twos.WILD_EXCEPT_SETS, min_naturals=2)
    wild = attrs.evolve(NORWEGIAN, name="norwegian-wild-twos", melds=melds,
                        swaps=attrs.evolve(NORWEGIAN.swaps, twos=True))
    assert wild.melds.twos is Twos.WILD_EXCEPT_SETS and wild.melds.min_naturals == 2
    assert wild.layoff_rules.twos is Twos.WILD_EXCEPT_SETS and wild.swaps.twos
    assert NORWEGIAN.melds.twos is Twos.NATURAL and NORWEGIAN.melds.min_naturals == 1 and not NORWEGIAN.swaps.twos
    assert wild.fingerprint != NORWEGIAN.fingerprint
    bad: list[dict[str, Any]] = [{"twos": "wild"}, {"min_naturals": 4}, {"min_naturals": True}]
    for change in bad:
        with pytest.raises(VariantError, match=next(iter(change))):
            attrs.evolve(NORWEGIAN.melds, **change)
    with pytest.raises(VariantError, match="twos"):
        attrs.evolve(NORWEGIAN.swaps, twos=1)  # type: ignore[arg-type]


# -- Shanghai -------------------------------------------------------------------------------------


def test_SX1_sets_with_wild_twos() -> None:
    assert valid(SHANGHAI, SET, "7S 7H 2D")
    assert valid(SHANGHAI, SET, "7S 7H JK 2C")
    assert valid(SHANGHAI, SET, "2S 2H 2D")  # a set of twos: its 2s are naturals (S6)
    assert valid(SHANGHAI, SET, "2S 2H JK")
    assert problems(SHANGHAI, SET, "7S JK JK") == MeldProblem.TOO_MANY_JOKERS  # S7
    assert problems(SHANGHAI, SET, "7S 2H JK") == MeldProblem.TOO_MANY_JOKERS  # a 2 is a wild too
    assert problems(SHANGHAI, SET, "2S JK JK") == MeldProblem.TOO_MANY_JOKERS  # one natural 2, two jokers
    assert problems(SHANGHAI, SET, "7S 7H 8D 2C") == MeldProblem.MIXED_RANKS
    # 4S 4S 4D: a set in shanghai; in shanghai-family it cannot go down, but 4S may be laid off later (S8)
    assert valid(SHANGHAI, SET, "4S 4S 4D")
    assert problems(SHANGHAI_FAMILY, SET, "4S 4S 4D") == MeldProblem.REPEATED_SUIT
    assert valid(SHANGHAI_FAMILY, SET, "4S 4D 2S")  # a wild's printed suit does not count
    grown = lay_off(SHANGHAI_FAMILY.for_layoffs(), SET, sorted_cards("4S 4H 4D"), C("4S"))
    assert grown == sorted_cards("4S 4S 4H 4D")


def test_SX2_runs_with_wild_twos() -> None:
    assert valid(SHANGHAI, RUN, "5C 6C 2S 8C")
    assert run_cards(SHANGHAI, parse_cards("5C 6C 2S 8C")) == parse_cards("5C 6C 7C 8C")  # the 2 as 7C
    assert valid(SHANGHAI, RUN, "9D JK JK QD")
    assert problems(SHANGHAI, RUN, "5C JK JK JK") == MeldProblem.TOO_MANY_JOKERS
    assert problems(SHANGHAI, RUN, "5C 2D JK 2H") == MeldProblem.TOO_MANY_JOKERS
    assert problems(SHANGHAI, RUN, "KH AH 2H 3H") == MeldProblem.WRAP  # whatever the 2 stands for (S9)
    assert problems(SHANGHAI, RUN, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS") == MeldProblem.TOO_LONG
    # on a later turn a third wild may be laid off onto the table's 5C 6C JK JK (S7: the cap binds at lay-down)
    table = parse_cards("5C 6C JK JK")
    layoffs = SHANGHAI.for_layoffs()
    assert lay_off(layoffs, RUN, table, C("2D"), HIGH) == parse_cards("5C 6C JK JK 2D")
    assert lay_off(layoffs, RUN, table, JOKER, LOW) == parse_cards("JK 5C 6C JK JK")
    assert lay_off(SHANGHAI, RUN, table, C("2D"), HIGH) is None  # as if the cap bound lay-offs too
    assert problems(SHANGHAI, RUN, "5C 6C JK JK 2D") == MeldProblem.TOO_MANY_JOKERS  # not at lay-down


def test_S6_a_two_in_a_run_is_wild_even_in_its_own_place() -> None:
    assert valid(SHANGHAI, RUN, "AH 2H 3H 4H")
    assert run_start(SHANGHAI, parse_cards("AH 2H 3H 4H")) == 1
    assert run_cards(SHANGHAI, parse_cards("AH 2H 3H 4H")) == parse_cards("AH 2H 3H 4H")
    # it counts as a wild: one natural and three wilds
    assert problems(SHANGHAI, RUN, "2H JK JK 5H") == MeldProblem.TOO_MANY_JOKERS
    assert valid(SHANGHAI, RUN, "AH 2H JK 4H")  # two naturals, two wilds
    assert valid(SHANGHAI, RUN, "2S 3H 4H 5H")  # any 2 stands for 2H
    assert problems(SHANGHAI, RUN, "2H 3S 4S 5S 6H") == MeldProblem.MIXED_SUITS
    assert valid(SHANGHAI, RUN, "JK 2D 3D 4D 5D")  # A 2 3 4 5, the ace low


def test_SX6_redeem_a_wild_from_a_run() -> None:
    """A natural redeems the joker or the live 2 standing for it (S13); never a wild in a set."""
    redeem = functools.partial(swap_joker, twos=True)
    meld, freed = redeem(SHANGHAI, RUN, parse_cards("5C 6C JK 8C"), [C("7C")]) or ((), ())
    assert meld == parse_cards("5C 6C 7C 8C") and freed == (JOKER,)
    assert redeem(SHANGHAI, RUN, parse_cards("5C 6C JK 8C"), [C("3C")]) is None
    assert redeem(SHANGHAI, RUN, parse_cards("5C 6C JK 8C"), [C("2D")]) is None  # a live 2
    assert redeem(SHANGHAI, RUN, parse_cards("5C 6C 2S 8C"), [C("7C")]) == (
        parse_cards("5C 6C 7C 8C"), (C("2S"),))
    assert redeem(SHANGHAI, SET, sorted_cards("7S 7H JK"), [C("7D")]) is None
    # a 2 in its own place stands for the 2 of its suit, which is a wild: nothing redeems it
    assert redeem(SHANGHAI, RUN, parse_cards("AH 2H 3H 4H"), [C("2H")]) is None
    # several wilds: the natural frees the one standing for it
    assert redeem(SHANGHAI, RUN, parse_cards("5C 2D JK 8C"), [C("7C")]) == (
        parse_cards("5C 2D 7C 8C"), (JOKER,))


# -- May I? ----------------------------------------------------------------------------------------


def test_MX1_sets_every_two_wild() -> None:
    assert valid(MAYI, SET, "9C 9C 9D")
    assert valid(MAYI, SET, "9C 9D 2H")
    assert problems(MAYI, SET, "9C JK 2H") == MeldProblem.TOO_MANY_JOKERS  # 2 wilds, 1 natural
    assert problems(MAYI, SET, "2C 2D 2H") == MeldProblem.NO_NATURAL | MeldProblem.TOO_MANY_JOKERS  # all wild
    assert problems(MAYI, SET, "2C 2D 2H 9S 9S 9S") == MeldProblem(0)  # three 9s and three wilds


def test_MX2_runs_ace_high_only() -> None:
    assert valid(MAYI, RUN, "3D 4D 5D 6D")
    assert valid(MAYI, RUN, "JH QH KH AH")
    assert valid(MAYI, RUN, "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD")  # 12 cards
    assert problems(MAYI, RUN, "AS 3S 4S 5S") == MeldProblem.GAP
    assert problems(MAYI, RUN, "2S 3S 4S 5S") == MeldProblem.WRAP  # no run position stands for a 2 (M5)
    # a wild below a 3 or above an ace is illegal
    assert problems(MAYI, RUN, "JK 3S 4S 5S") == MeldProblem.WRAP
    assert problems(MAYI, RUN, "2H 3S 4S 5S") == MeldProblem.WRAP
    assert problems(MAYI, RUN, "QH KH AH JK") == MeldProblem.WRAP
    assert problems(MAYI, RUN, "JK 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD") == MeldProblem.TOO_LONG
    assert valid(MAYI, RUN, "JK 4S 5S 6S")  # the joker is 3S
    assert valid(MAYI, RUN, "JK JK KS AS")  # J Q K A
    assert lay_off(MAYI.for_layoffs(), RUN, parse_cards("3D 4D 5D 6D"), JOKER, LOW) is None
    assert lay_off(MAYI.for_layoffs(), RUN, parse_cards("3D 4D 5D 6D"), C("2D"), LOW) is None
    assert lay_off(MAYI.for_layoffs(), RUN, parse_cards("JH QH KH AH"), C("2C"), HIGH) is None
    assert lay_off(MAYI.for_layoffs(), RUN, parse_cards("JH QH KH AH"), C("2C"), LOW) == parse_cards("2C JH QH KH AH")


def test_MX4_wild_twos_laid_off_beyond_the_cap() -> None:
    layoffs = MAYI.for_layoffs()
    first = lay_off(layoffs, SET, sorted_cards("7S 7D 2H"), C("2C"))
    assert first == sorted_cards("7S 7D 2H 2C")
    assert lay_off(layoffs, SET, first, C("2D")) == sorted_cards("7S 7D 2H 2C 2D")  # 2 naturals, 3 wilds
    assert lay_off(MAYI, SET, first, C("2D")) is None  # the cap, were it to bind lay-offs


def test_MX6_only_jokers_are_swapped() -> None:
    swap = functools.partial(swap_joker, twos=False)
    meld, freed = swap(MAYI, RUN, parse_cards("5S JK 7S 8S"), [C("6S")]) or ((), ())
    assert meld == parse_cards("5S 6S 7S 8S") and freed == (JOKER,)
    assert swap(MAYI, RUN, parse_cards("5S 2C 7S 8S"), [C("6S")]) is None
    assert swap(MAYI, SET, sorted_cards("9C 9D JK"), [C("9H")]) is None
    assert swap(MAYI, RUN, parse_cards("5S JK 7S 8S"), [C("2C")]) is None


# -- Liverpool ---------------------------------------------------------------------------------------


def test_LX1_sets_and_the_all_wild_house_rule() -> None:
    for rules in (LIVERPOOL, LIVERPOOL_HOUSE):
        assert valid(rules, SET, "7S 7S 7H")
        assert valid(rules, SET, "KS KH KD KC")
        assert valid(rules, SET, "AH JK AC")
        assert problems(rules, SET, "KS KH") == MeldProblem.TOO_SHORT
    assert problems(LIVERPOOL, SET, "JK JK JK") == MeldProblem.NO_NATURAL  # L5
    assert valid(LIVERPOOL_HOUSE, SET, "JK JK JK")
    assert problems(LIVERPOOL_HOUSE, SET, "JK JK") == MeldProblem.TOO_SHORT


def test_LX2_runs_and_the_all_wild_house_rule() -> None:
    for rules in (LIVERPOOL, LIVERPOOL_HOUSE):
        assert valid(rules, RUN, "10C JC QC KC AC")
        assert valid(rules, RUN, "AD 2D 3D 4D")
        assert problems(rules, RUN, "KC AC 2C 3C") == MeldProblem.WRAP
        assert problems(rules, RUN, "2H JK 5H 6H") == MeldProblem.GAP  # one joker fills one place
        assert valid(rules, RUN, "7S JK JK JK")  # no cap
        assert problems(rules, RUN, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS") == MeldProblem.TOO_LONG
    assert problems(LIVERPOOL, RUN, "JK JK JK JK") == MeldProblem.NO_NATURAL
    house = LIVERPOOL_HOUSE
    assert valid(house, RUN, "JK JK JK JK") and valid(house, RUN, "JK " * 12 + "JK")
    assert problems(house, RUN, "JK JK JK") == MeldProblem.TOO_SHORT
    assert problems(house, RUN, "JK " * 13 + "JK") == MeldProblem.TOO_LONG
    # a run of wilds only stands for no definite cards: no start, no represented cards, nothing to swap
    assert run_start(house, parse_cards("JK JK JK JK")) is None
    with pytest.raises(ValueError):
        run_cards(house, parse_cards("JK JK JK JK"))
    assert swap_joker(house, RUN, parse_cards("JK JK JK JK"), [C("5S")]) is None
    # a natural laid off fixes the values
    assert lay_off(house, RUN, parse_cards("JK JK JK JK"), C("5S"), HIGH) == parse_cards("JK JK JK JK 5S")
    assert lay_off(house, RUN, parse_cards("JK JK JK JK"), C("3S"), HIGH) is None  # it would need a value 0
    assert lay_off(house, RUN, parse_cards("JK JK JK JK"), C("KS"), LOW) is None  # K A 2 3 4: round the corner
    assert lay_off(house, SET, parse_cards("JK JK JK"), C("7D")) == sorted_cards("7D JK JK JK")


def test_a_run_of_wilds_only_needs_a_place_in_the_sequence() -> None:
    ace_low_only = MeldRules(joker_cap=JokerCap.NONE, min_naturals=0, ace_high=False)
    assert valid(ace_low_only, RUN, "JK " * 12 + "JK")  # A to K
    assert problems(ace_low_only, RUN, "JK " * 13 + "JK") == MeldProblem.WRAP  # 14 places: two aces
    wild = MeldRules(joker_cap=JokerCap.NONE, min_naturals=0, twos=Twos.WILD, ace_low=False)
    assert valid(wild, RUN, "2S 2H JK 2D") and valid(wild, RUN, "JK " * 11 + "JK")  # 3 to A
    assert problems(wild, RUN, "JK " * 12 + "JK") == MeldProblem.WRAP
    assert problems(MeldRules(min_naturals=0), RUN, "JK JK JK JK") == MeldProblem.TOO_MANY_JOKERS  # the cap


# -- two naturals ---------------------------------------------------------------------------------------


def test_min_naturals_two_needs_two_naturals() -> None:
    assert problems(TWO_NATURALS, SET, "7S JK JK") == MeldProblem.TOO_FEW_NATURALS
    assert problems(TWO_NATURALS, SET, "JK JK JK") == MeldProblem.NO_NATURAL
    assert valid(TWO_NATURALS, SET, "7S 7H JK JK JK")
    assert problems(TWO_NATURALS, RUN, "7S JK JK JK") == MeldProblem.TOO_FEW_NATURALS
    assert valid(TWO_NATURALS, RUN, "7S JK JK 10S")
    wild = attrs.evolve(TWO_NATURALS, twos=Twos.WILD, ace_low=False)
    assert problems(wild, SET, "7S 2H 2D") == MeldProblem.TOO_FEW_NATURALS
    assert problems(wild, RUN, "7S 2S 2H JK") == MeldProblem.TOO_FEW_NATURALS
    three = MeldRules(min_naturals=3, joker_cap=JokerCap.NONE)
    assert problems(three, SET, "7S 7H JK") == MeldProblem.TOO_FEW_NATURALS
    assert valid(three, SET, "7S 7H 7D JK JK")


# -- lay-offs and swaps ------------------------------------------------------------------------------


def test_a_set_of_twos_stays_a_set_of_twos() -> None:
    loose = SHANGHAI.for_layoffs()
    assert lay_off(loose, SET, sorted_cards("2S 2H 2D"), C("2C")) == sorted_cards("2S 2H 2D 2C")
    assert lay_off(loose, SET, sorted_cards("2S 2H 2D"), JOKER) == sorted_cards("2S 2H 2D JK")
    # 2S 2H 2D 7C would pass as a set of sevens with three wild 2s: refused
    assert lay_off(loose, SET, sorted_cards("2S 2H 2D"), C("7C")) is None
    assert lay_off(loose, SET, sorted_cards("2S 2H JK"), C("7C")) is None
    assert lay_off(loose, SET, sorted_cards("7S 7H 2D"), C("2C")) == sorted_cards("7S 7H 2D 2C")


def test_set_swaps_on_completion_free_wild_twos_only_when_asked() -> None:
    rules = attrs.evolve(SHANGHAI, set_distinct_suits=True)
    on = functools.partial(swap_joker, from_sets=SetSwap.ON_COMPLETION)
    assert on(rules, SET, sorted_cards("7S 7H 7D 2C"), [C("7C")]) is None
    assert on(rules, SET, sorted_cards("7S 7H 7D 2C"), [C("7C")], twos=True) == (
        sorted_cards("7S 7H 7D 7C"), (C("2C"),))
    assert on(rules, SET, sorted_cards("7S 7H 2D JK"), [C("7D"), C("7C")], twos=True) == (
        sorted_cards("7S 7H 7D 7C"), (C("2D"), JOKER))
    assert on(rules, SET, sorted_cards("7S 7H 2D JK"), [C("7D"), C("7C")]) is None  # the 2 stays
    # a set's wilds are never swapped by a 2 (nor in a set of twos)
    assert on(rules, SET, sorted_cards("2S 2H 2D JK"), [C("2C")], twos=True) is None


def test_swap_joker_returns_the_freed_cards() -> None:
    rules = MeldRules()
    assert swap_joker(rules, RUN, parse_cards("5C JK 7C 8C"), [C("6C")]) == (parse_cards("5C 6C 7C 8C"), (JOKER,))
    assert swap_joker(rules, RUN, parse_cards("5C JK 7C 8C"), [C("6C")], from_runs=False) is None
    assert swap_joker(rules, RUN, parse_cards("5C 2C 7C 8C"), [C("6C")], twos=True) is None  # 2s natural here


def test_M5_wild_twos_have_no_place_for_a_two_so_no_low_ace_nor_wrap() -> None:
    for change in ({"ace_low": True}, {"run_wrap": True}):
        with pytest.raises(remi.VariantError, match=r"under Twos\.WILD runs start at 3") as info:
            attrs.evolve(MAYI, **change)  # type: ignore[arg-type]
        assert info.value.reason is remi.Reason.BAD_VARIANT
    assert attrs.evolve(MAYI, twos=Twos.WILD_EXCEPT_SETS, ace_low=True).ace_low  # the 2's place is back


# -- the property: meld_problems against the brute force --------------------------------------------

def _meld_rules(aces: tuple[bool, bool], twos: Twos, run_wrap: bool, **rest: Any) -> MeldRules:
    """Meld rules as drawn, but with neither a low ace nor wrap-around under Twos.WILD (it refuses them)."""
    if twos is Twos.WILD:
        aces, run_wrap = (False, True), False
    return MeldRules(ace_low=aces[0], ace_high=aces[1], twos=twos, run_wrap=run_wrap, **rest)


RULES = st.builds(
    _meld_rules,
    st.sampled_from([(True, True), (False, True), (True, False)]),
    twos=st.sampled_from(Twos),
    min_naturals=st.integers(0, 2),
    joker_cap=st.sampled_from(JokerCap),
    set_min=st.integers(2, 4),
    set_max=st.sampled_from([None, 4, 6]),
    set_distinct_suits=st.booleans(),
    run_min=st.integers(2, 5),
    run_max=st.integers(5, 14),
    run_wrap=st.booleans(),
).filter(lambda rules: rules.set_max is None or rules.set_max >= rules.set_min)

#: Cards near the corners and the 2s, where wild twos and aces meet.
POOL = parse_cards("AS 2S 3S 4S 5S 6S 10S JS QS KS AH 2H 3H KH 2D 7D 7S 7H 2C JK")

#: The problems that need no reading of the order: counts, ranks and suits.
COUNTED = (MeldProblem.TOO_SHORT | MeldProblem.TOO_LONG | MeldProblem.TOO_MANY_JOKERS | MeldProblem.NO_NATURAL
           | MeldProblem.TOO_FEW_NATURALS | MeldProblem.MIXED_RANKS | MeldProblem.MIXED_SUITS
           | MeldProblem.REPEATED_SUIT)


def counted_problems(rules: MeldRules, kind: MeldKind, cards_: Sequence[Card]) -> MeldProblem:
    """The counted problems, written out from the rules."""
    twos_natural = rules.twos is Twos.NATURAL or (
        kind is SET and rules.twos is Twos.WILD_EXCEPT_SETS
        and any(card.rank == 2 for card in cards_) and all(card.rank in (None, 2) for card in cards_))
    # a dead 2 (S15) is a natural
    naturals = [card for card in cards_ if card.is_natural and (twos_natural or card.rank != 2 or card.is_dead)]
    wilds = len(cards_) - len(naturals)
    found = MeldProblem(0)
    low, high = (rules.set_min, rules.set_max) if kind is SET else (rules.run_min, rules.run_max)
    if len(cards_) < low:
        found |= MeldProblem.TOO_SHORT
    if high is not None and len(cards_) > high:
        found |= MeldProblem.TOO_LONG
    if rules.joker_cap is JokerCap.NATURALS and wilds > len(naturals):
        found |= MeldProblem.TOO_MANY_JOKERS
    if not naturals and rules.min_naturals:
        found |= MeldProblem.NO_NATURAL
    elif len(naturals) < rules.min_naturals:
        found |= MeldProblem.TOO_FEW_NATURALS
    if kind is SET:
        if len({card.rank for card in naturals}) > 1:
            found |= MeldProblem.MIXED_RANKS
        suits = [card.suit for card in naturals]
        if rules.set_distinct_suits and len(set(suits)) < len(suits):
            found |= MeldProblem.REPEATED_SUIT
    elif len({card.suit for card in naturals}) > 1:
        found |= MeldProblem.MIXED_SUITS
    return found


def check(rules: MeldRules, kind: MeldKind, cards_: Sequence[Card]) -> None:
    found = meld_problems(rules, kind, cards_)
    assert (not found) == brute_force_valid(rules, kind, cards_), (rules, kind, remi.format_cards(cards_), found)
    assert found & COUNTED == counted_problems(rules, kind, cards_), (rules, kind, remi.format_cards(cards_), found)
    if kind is RUN and not found and any(card.is_natural and not is_wild(rules, card) for card in cards_):
        represented = run_cards(rules, cards_)
        for card, stands_for in zip(cards_, represented, strict=True):
            # (a dead 2 stands for the live 2 of its suit, S15)
            live = remi.Card(card.rank, card.suit) if card.is_dead else card
            assert is_wild(rules, card) or live is stands_for
        if rules.twos is Twos.WILD:
            assert all(card.rank != 2 for card in represented)  # M5: no place stands for a 2


@st.composite
def straights(draw: st.DrawFn) -> tuple[Card, ...]:
    """Mostly straight runs of one suit with wilds (jokers and 2s) put in, sometimes spoilt."""
    suit = draw(st.sampled_from(remi.Suit))
    length = draw(st.integers(1, 14))
    start = draw(st.sampled_from([1, 2, 3, 15 - length, draw(st.integers(1, 14))]))
    cards_ = [remi.Card(remi.Rank((start + i - 1) % 13 + 1), suit) for i in range(length)]
    for i in draw(st.sets(st.integers(0, length - 1), max_size=4)):
        cards_[i] = draw(st.sampled_from([JOKER, *parse_cards("2S 2H 2D 2C")]))
    if draw(st.integers(0, 4)) == 0:
        cards_[draw(st.integers(0, length - 1))] = draw(st.sampled_from(CARDS))
    return tuple(cards_)


@settings(max_examples=1500, deadline=None)
@given(rules=RULES, kind=st.sampled_from(MeldKind), cards_=st.lists(st.sampled_from(POOL), max_size=7))
@example(rules=MAYI, kind=SET, cards_=parse_cards("2C 2D 2H"))
@example(rules=SHANGHAI, kind=SET, cards_=parse_cards("2C 2D JK"))
@example(rules=LIVERPOOL_HOUSE, kind=RUN, cards_=parse_cards("JK JK JK JK"))
def test_meld_problems_match_the_brute_force_on_small_card_lists(
    rules: MeldRules, kind: MeldKind, cards_: list[Card]
) -> None:
    check(rules, kind, cards_)


@settings(max_examples=1000, deadline=None)
@given(rules=RULES, cards_=straights())
@example(rules=MAYI, cards_=parse_cards("2S 3S 4S 5S"))
@example(rules=SHANGHAI, cards_=parse_cards("AH 2H 3H 4H"))
@example(rules=attrs.evolve(SHANGHAI, run_wrap=True), cards_=parse_cards("QS KS AS 2S"))
def test_meld_problems_match_the_brute_force_on_straights(rules: MeldRules, cards_: tuple[Card, ...]) -> None:
    check(rules, RUN, cards_)


@settings(max_examples=600, deadline=None)
@given(rules=RULES, kind=st.sampled_from(MeldKind), data=st.data())
def test_lay_offs_and_swaps_keep_a_meld_valid(rules: MeldRules, kind: MeldKind, data: st.DataObject) -> None:
    """A lay-off is allowed exactly when the grown meld is valid (a set of twos aside); a swap frees a
    wild for the natural it stands for, leaving a valid meld."""
    cards_ = data.draw(st.lists(st.sampled_from(POOL), min_size=2, max_size=6) if kind is SET else straights())
    if kind is SET:
        cards_ = sorted(cards_)
    if not brute_force_valid(rules, kind, cards_):
        return
    twos_set = kind is SET and rules.twos is Twos.WILD_EXCEPT_SETS and any(c.rank == 2 for c in cards_) and all(
        c.rank in (None, 2) for c in cards_)
    for card in (*POOL, *parse_cards("8S 9S 4H")):
        for end in (LOW, HIGH) if kind is RUN else (None,):
            grown = lay_off(rules, kind, cards_, card, end)
            wanted = tuple(sorted((*cards_, card))) if kind is SET else (
                (card, *cards_) if end is LOW else (*cards_, card))
            refused_twos_set = twos_set and card.rank not in (None, 2)
            assert grown == (wanted if brute_force_valid(rules, kind, wanted) and not refused_twos_set else None)
        for twos in (False, True):
            swapped = swap_joker(rules, kind, cards_, [card], twos=twos)
            if swapped is None:
                continue
            meld, freed = swapped
            assert kind is RUN and len(freed) == 1 and not is_wild(rules, card)
            assert freed[0] is JOKER or (twos and is_wild(rules, freed[0]))
            assert brute_force_valid(rules, RUN, meld) and run_cards(rules, meld) == run_cards(rules, cards_)


@pytest.mark.parametrize("rules", [SHANGHAI, SHANGHAI_FAMILY, MAYI, LIVERPOOL_HOUSE, TWO_NATURALS],
                         ids=["shanghai", "shanghai-family", "mayi", "liverpool-house", "two-naturals"])
def test_meld_candidates_of_wild_variants_agree_with_the_brute_force(rules: MeldRules) -> None:
    variant = variant_of(rules)
    seen = MeldProblem(0)
    counts = [0, 0]

    @settings(max_examples=300, deadline=None, derandomize=True, database=None)
    @given(kind=st.sampled_from(MeldKind), data=st.data())
    def run(kind: MeldKind, data: st.DataObject) -> None:
        nonlocal seen
        cards_ = data.draw(meld_candidates(variant, kind))
        check(rules, kind, cards_)
        found = meld_problems(rules, kind, cards_)
        seen |= found
        counts[bool(found)] += 1

    run()
    assert counts[0] >= 60 and counts[1] >= 30, counts
    assert MeldProblem.TOO_MANY_JOKERS in seen or rules.joker_cap is JokerCap.NONE


# -- variants with these rules -------------------------------------------------------------------------


def variant_of(rules: MeldRules, *, swap_twos: bool = False) -> remi.Variant:
    """A Norwegian variant with these meld rules (four jokers, two packs)."""
    return attrs.evolve(NORWEGIAN, name="norwegian-test", deck=remi.Deck(packs=2, jokers=4), melds=rules,
                        swaps=attrs.evolve(NORWEGIAN.swaps, twos=swap_twos))


def test_meld_options_offer_wild_twos() -> None:
    shanghai = variant_of(SHANGHAI, swap_twos=True)
    layoffs, swaps = meld_options(shanghai, TableMeld(RUN, parse_cards("5C 6C 2S 8C"), 0))
    assert set(layoffs) == {(card, end) for card in (C("4C"), C("9C"), *parse_cards("2S 2H 2D 2C"), JOKER)
                            for end in (LOW, HIGH)} - {(C("4C"), HIGH), (C("9C"), LOW)}
    assert swaps == ((C("7C"),),)
    mayi = variant_of(MAYI)
    layoffs, swaps = meld_options(mayi, TableMeld(RUN, parse_cards("5C 6C 2S 8C"), 0))
    assert swaps == () and (C("2D"), HIGH) in layoffs
    layoffs, swaps = meld_options(mayi, TableMeld(RUN, parse_cards("5C JK 2S 8C"), 0))
    assert swaps == ((C("6C"),),)
    layoffs, swaps = meld_options(mayi, TableMeld(RUN, parse_cards("JC QC KC AC"), 0))
    assert {card for card, _ in layoffs} == {*parse_cards("10C 2S 2H 2D 2C"), JOKER}
    assert all(end is LOW for _, end in layoffs)
    layoffs, _ = meld_options(shanghai, TableMeld(SET, parse_cards("2S 2H 2D"), 0))
    assert {card for card, _ in layoffs} == {*parse_cards("2S 2H 2D 2C"), JOKER}
    layoffs, _ = meld_options(mayi, TableMeld(SET, parse_cards("7S 7D 2H"), 0))
    assert {card for card, _ in layoffs} == {*parse_cards("7S 7H 7D 7C 2S 2H 2D 2C"), JOKER}
    house = variant_of(LIVERPOOL_HOUSE)
    layoffs, swaps = meld_options(house, TableMeld(RUN, parse_cards("JK JK JK JK"), 0))
    assert swaps == () and (JOKER, LOW) in layoffs and (C("5S"), HIGH) in layoffs and (C("KS"), LOW) not in layoffs
    layoffs, _ = meld_options(house, TableMeld(SET, parse_cards("JK JK JK"), 0))
    assert len(layoffs) == 53


def test_table_melds_are_checked_by_the_table_rule() -> None:
    """S7: a table meld may hold more wilds than naturals after lay-offs."""
    shanghai = variant_of(SHANGHAI)
    table = [TableMeld(SET, parse_cards("5D 5H 5S"), 0), TableMeld(RUN, parse_cards("5C 6C JK JK 2D"), 0)]
    state = remi.new_game(shanghai, players=2, seed=1, round=2, dealer=1, hands=["9D 9H", "KD 3C"],
                          table=table, layoffs=[1, 0], discard_pile="4S")
    assert_invariants(state)


# -- the lay-down generator against a brute force ------------------------------------------------------


def run_orders(rules: MeldRules, cards_: Sequence[Card]) -> set[tuple[Card, ...]]:
    """Every listing of ``cards_`` that could be a run: naturals by rank (an ace low or high), wilds anywhere."""
    naturals = sorted((card for card in cards_ if not is_wild(rules, card)), key=lambda card: card.index % 13)
    wilds = [card for card in cards_ if is_wild(rules, card)]
    if len({card.suit for card in naturals}) > 1:
        return set()
    aces = [card for card in naturals if card.rank == 1]
    others = naturals[len(aces) :]
    out = set()
    for low in range(len(aces) + 1):
        base = aces[:low] + others + aces[low:]
        for places in itertools.combinations(range(len(cards_)), len(wilds)):
            for order in set(itertools.permutations(wilds)):
                rest, extra = iter(base), iter(order)
                out.add(tuple(next(extra) if i in places else next(rest) for i in range(len(cards_))))
    return out


def sub_multisets(hand: Sequence[Card], least: int) -> Iterator[tuple[Card, ...]]:
    counts = sorted(Counter(hand).items())
    for choice in itertools.product(*(range(n + 1) for _, n in counts)):
        if sum(choice) >= least:
            yield tuple(card for (card, _), k in zip(counts, choice, strict=True) for _ in range(k))


def test_an_all_in_lay_down_lists_no_run_longer_than_the_longest_allowed() -> None:
    """All-in puts every card left into the last run: not when that run would be too long (plain rules too)."""
    hand = remi.parse_cards("3H 4H 5H 6H 7H 8H")
    counts = [0] * CARD_SLOTS
    for card in hand:
        counts[card.index] += 1
    for run_max, expected in ((6, [LayDown((Meld(RUN, hand),))]), (5, [])):
        listed = list(generate.laydowns(MeldRules(run_max=run_max), Contract.of("run 4"), exact=False,
                                         piecemeal=False, done=frozenset(), counts=counts, hand_size=len(hand),
                                         all_in=True, keep=0))
        assert listed == expected, run_max


def brute_force_laydowns(
    rules: MeldRules, contract: Contract, hand: Sequence[Card], *, exact: bool, all_in: bool, keep: int
) -> set[LayDown]:
    least = min(req.size for req in contract.requirements)
    melds = []
    for sub in sub_multisets(hand, least):
        if brute_force_valid(rules, SET, sub):
            melds.append(remi.Meld(SET, sub))
        melds.extend(remi.Meld(RUN, order) for order in run_orders(rules, sub) if brute_force_valid(rules, RUN, order))
    counts = Counter(hand)
    found = set()
    for chosen in itertools.combinations_with_replacement(melds, len(contract.requirements)):
        need = Counter(card for meld in chosen for card in meld.cards)
        used = sum(need.values())
        if any(counts[card] < n for card, n in need.items()) or len(hand) - used < keep:
            continue
        if all_in and used != len(hand):
            continue
        if assign(contract, [(meld.kind, len(meld.cards)) for meld in chosen], exact=exact) is not None:
            found.add(LayDown(chosen))
    return found


CONTRACTS = [Contract.of("set 3", "set 3"), Contract.of("set 3", "run 4"), Contract.of("run 4", "run 4"),
             Contract.of("run 3", "set 3"), Contract.of("run 4"), Contract.of("set 3", "set 4")]
HAND_POOL = parse_cards("AS 2S 3S 4S 5S 6S QS KS 2H 2D 7H 7D 7S 7S AH 3H 4H 2C JK JK 9C 9C 9D")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=RULES.filter(lambda rules: not rules.run_wrap),
    contract=st.sampled_from(CONTRACTS),
    hand=st.lists(st.sampled_from(range(len(HAND_POOL))), min_size=5, max_size=8, unique=True),
    exact=st.booleans(),
    all_in=st.booleans(),
    keep=st.integers(0, 1),
)
@example(rules=MeldRules(run_min=3), contract=Contract.of("run 3", "set 3"), hand=[16, 18, 19, 10, 20, 21, 22],
         exact=False, all_in=False, keep=0)  # 4H JK JK 7H 9C 9C 9D: a run of 4 has no 3-card window within the cap
@example(rules=MeldRules(twos=Twos.WILD, min_naturals=0, joker_cap=JokerCap.NONE, set_min=2, run_min=2, run_max=5,
                         ace_low=False),
         contract=Contract.of("run 4"), hand=[8, 9, 10, 15, 16, 1], exact=False, all_in=True,
         keep=0)  # 2S 2H 3H 4H 7H 2D all in: six cards, but a run holds at most five
@example(rules=MeldRules(twos=Twos.WILD, min_naturals=1, joker_cap=JokerCap.NATURALS, set_min=2, run_min=2, run_max=5,
                         ace_low=False, set_distinct_suits=True),
         contract=Contract.of("set 3", "set 3"), hand=[10, 11, 12, 13, 1, 18], exact=False, all_in=False,
         keep=0)  # 2S 7S 7S 7H 7D JK: two sets of sevens, each with a 7S (suits differ within a set, not across)
def test_lay_downs_equal_the_brute_force(
    rules: MeldRules, contract: Contract, hand: list[int], exact: bool, all_in: bool, keep: int
) -> None:
    for req in contract.requirements:  # a variant refuses a contract its meld rules cannot fit
        low, high = (rules.set_min, rules.set_max) if req.kind is SET else (rules.run_min, rules.run_max)
        assume(low <= req.size and (high is None or req.size <= high))
    cards_ = sorted(HAND_POOL[i] for i in hand)
    counts = [0] * CARD_SLOTS
    for card in cards_:
        counts[card.index] += 1
    listed = list(generate.laydowns(rules, contract, exact=exact, piecemeal=False, done=frozenset(),
                                     counts=counts, hand_size=len(cards_), all_in=all_in,
                                     keep=0 if all_in else keep))
    assert len(listed) == len(set(listed)), "a lay-down is listed twice"
    expected = brute_force_laydowns(rules, contract, cards_, exact=exact, all_in=all_in, keep=0 if all_in else keep)
    assert set(listed) == expected, (set(listed) - expected, expected - set(listed))
    assert counts == [cards_.count(card) for card in CARDS]  # the counts are restored


TWO_RUNS = [Contract.of("run 4", "run 4"), Contract.of("run 3", "run 3", "set 3"), Contract.of("run 3", "run 4")]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=RULES.filter(lambda rules: not rules.run_wrap and rules.run_min <= 3),
    contract=st.sampled_from(TWO_RUNS),
    hand=st.lists(st.sampled_from(range(len(HAND_POOL))), min_size=6, max_size=10, unique=True),
    gap=st.integers(1, 3),
    all_in=st.booleans(),
)
@example(rules=MAYI, contract=Contract.of("run 3", "run 3", "set 3"), hand=[0, 2, 3, 4, 5, 6, 7, 19, 10, 11, 12],
         gap=2, all_in=False)  # AS 3S 4S 5S 6S QS KS JK 7H 7D 7S: spade runs, some too close
def test_M8_runs_too_close_are_dropped_in_the_search_exactly(
    rules: MeldRules, contract: Contract, hand: list[int], gap: int, all_in: bool
) -> None:
    """The search's early drop (``run_gap``) lists exactly the lay-downs the contract-level check accepts."""
    assume(all(rules.run_min <= req.size and (rules.set_max is None or req.size <= rules.set_max)
               and (req.kind is MeldKind.RUN or rules.set_min <= req.size) for req in contract.requirements))
    cards_ = sorted(HAND_POOL[i] for i in hand)
    counts = [0] * CARD_SLOTS
    for card in cards_:
        counts[card.index] += 1

    def listed(run_gap: int) -> list[LayDown]:
        return list(generate.laydowns(rules, contract, exact=False, piecemeal=False, done=frozenset(),
                                       counts=counts, hand_size=len(cards_), all_in=all_in, keep=0, run_gap=run_gap))

    check = remi.Contracts(contracts=(contract,), deal_sizes=(11,), same_suit_run_gap=gap)
    accepted = [found for found in listed(0) if check.melds_problem(0, found.melds, rules) is None]
    assert listed(gap) == accepted


def test_lay_downs_use_each_two_apart() -> None:
    """A lay-down using 2S as a wild differs from one using 2H; every arrangement of the wilds is one."""
    rules = MAYI
    hand = parse_cards("5C 6C 8C 2S 2H 9D 9H 9S")
    counts = [0] * CARD_SLOTS
    for card in hand:
        counts[card.index] += 1
    listed = set(generate.laydowns(
        rules, Contract.of("set 3", "run 4"), exact=True, piecemeal=False, done=frozenset(), counts=counts,
        hand_size=len(hand), all_in=False, keep=0))
    assert LayDown("set 9D 9H 9S; run 5C 6C 2S 8C") in listed
    assert LayDown("set 9D 9H 9S; run 5C 6C 2H 8C") in listed
    assert LayDown("set 9H 9S 2S; run 5C 6C 2H 8C") in listed
    assert LayDown("set 9H 9S 2H; run 5C 6C 2S 8C") in listed
    assert LayDown("set 9D 9H 9S; run 5C 2S 2H 8C") in listed  # two wilds, two naturals
    assert LayDown("set 9D 9H 9S; run 5C 2H 2S 8C") in listed
    assert LayDown("set 9D 2S 2H; run 5C 6C 8C JK") not in listed  # (no joker in the hand)
    assert not any(meld.cards.count(C("2S")) + meld.cards.count(C("2H")) > 2 for action in listed
                   for meld in action.melds)

