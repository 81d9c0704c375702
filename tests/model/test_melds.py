"""Melds: validation, lay-offs and joker swaps (remi.melds), checked against the rules."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import remi
from remi import (
    JOKER,
    End,
    IllegalActionError,
    JokerCap,
    Meld,
    MeldKind,
    MeldProblem,
    NotationError,
    Reason,
    RemiError,
    TableMeld,
    Variant,
    parse_card,
    parse_cards,
)
from remi.actions import DrawStock, LayOff, SwapJoker
from remi.cards import Card
from remi.contracts import assign
from remi.melds import MeldRules, lay_off, meld_problems, run_cards, run_start, swap_joker
from remi.testing import cards, hands, meld_candidates

SET, RUN = MeldKind.SET, MeldKind.RUN
NORWEGIAN = remi.variants.get("norwegian")
ENGLISH = remi.variants.get("english")
VARIANTS = {"norwegian": NORWEGIAN, "english": ENGLISH}


def problems(variant: Variant, kind: MeldKind, text: str) -> MeldProblem:
    return variant.meld_problems(kind, parse_cards(text))


def valid(variant: Variant, kind: MeldKind, text: str) -> bool:
    return not problems(variant, kind, text)


def C(text: str) -> Card:
    return parse_card(text)


# -- the reference: the rules written out, independently of remi ---------------


@dataclass(frozen=True)
class Reference:
    """What the rules say a meld is, per variant (N4, N5, N8, N10; E2, E4)."""

    set_min: int
    set_max: int | None
    distinct_suits: bool
    run_min: int
    run_max: int
    cap_naturals: bool  # jokers <= naturals; otherwise only "at least one natural"
    ace_low: bool
    ace_high: bool


REFERENCE = {
    # N4: >= 3, suits may repeat, no upper size; N5: >= 4; N8: A low or high, no wrap, 14 max; N10.
    "norwegian": Reference(3, None, False, 4, 14, True, True, True),
    # E4: 3-4, distinct suits; E2 (as N8); no joker cap, one natural needed.
    "english": Reference(3, 4, True, 4, 14, False, True, True),
}

SIMPLE = (
    MeldProblem.TOO_SHORT
    | MeldProblem.TOO_LONG
    | MeldProblem.MIXED_RANKS
    | MeldProblem.MIXED_SUITS
    | MeldProblem.REPEATED_SUIT
    | MeldProblem.TOO_MANY_JOKERS
    | MeldProblem.NO_NATURAL
)


def allowed_values(ref: Reference) -> set[int]:
    """Run positions as values: 1 is a low ace, 2-13 the ranks, 14 a high ace."""
    return set(range(2, 14)) | ({1} if ref.ace_low else set()) | ({14} if ref.ace_high else set())


def fits(card: Card, value: int) -> bool:
    """Whether ``card`` may stand at run value ``value`` (a joker stands anywhere)."""
    if card.rank is None:
        return True
    return int(card.rank) == value or (int(card.rank) == 1 and value == 14)


def run_starts(ref: Reference, cards_: Sequence[Card]) -> list[int]:
    """Every start value at which the listed cards read as consecutive values, suits ignored."""
    allowed = allowed_values(ref)
    return [
        start
        for start in range(1, 15)
        if all(start + i in allowed and fits(card, start + i) for i, card in enumerate(cards_))
    ]


def goes_round_the_corner(cards_: Sequence[Card]) -> bool:
    """Whether the ranks would be consecutive if K were followed by A (any start)."""
    return any(
        all(
            card.rank is None or (int(card.rank) - 1) % 13 == (start + i) % 13
            for i, card in enumerate(cards_)
        )
        for start in range(13)
    )


def simple_flags(ref: Reference, kind: MeldKind, cards_: Sequence[Card]) -> MeldProblem:
    """The problems the reference can name without judging order."""
    n = len(cards_)
    naturals = [card for card in cards_ if card.is_natural]
    jokers = n - len(naturals)
    flags = MeldProblem(0)
    low, high = (ref.set_min, ref.set_max) if kind is SET else (ref.run_min, ref.run_max)
    if n < low:
        flags |= MeldProblem.TOO_SHORT
    if high is not None and n > high:
        flags |= MeldProblem.TOO_LONG
    if not naturals:
        flags |= MeldProblem.NO_NATURAL
    if ref.cap_naturals and jokers > len(naturals):
        flags |= MeldProblem.TOO_MANY_JOKERS
    if kind is SET:
        if len({card.rank for card in naturals}) > 1:
            flags |= MeldProblem.MIXED_RANKS
        suits = [card.suit for card in naturals]
        if ref.distinct_suits and len(set(suits)) < len(suits):
            flags |= MeldProblem.REPEATED_SUIT
    elif len({card.suit for card in naturals}) > 1:
        flags |= MeldProblem.MIXED_SUITS
    return flags


def reference_valid(ref: Reference, kind: MeldKind, cards_: Sequence[Card]) -> bool:
    if simple_flags(ref, kind, cards_):
        return False
    return kind is SET or bool(run_starts(ref, cards_))


def check_against_reference(name: str, kind: MeldKind, cards_: tuple[Card, ...]) -> MeldProblem:
    ref = REFERENCE[name]
    found = VARIANTS[name].meld_problems(kind, cards_)
    expected_valid = reference_valid(ref, kind, cards_)
    assert (not found) == expected_valid, (kind, remi.format_cards(cards_), found)
    assert found & SIMPLE == simple_flags(ref, kind, cards_), (kind, remi.format_cards(cards_), found)
    order = found & (MeldProblem.GAP | MeldProblem.WRAP)
    if kind is SET or run_starts(ref, cards_):
        assert not order, (kind, remi.format_cards(cards_), found)
    elif len(cards_) <= ref.run_max:
        expected = MeldProblem.WRAP if goes_round_the_corner(cards_) else MeldProblem.GAP
        assert order == expected, (remi.format_cards(cards_), found)
    return found


def test_reference_agrees_with_the_worked_examples() -> None:
    """The reference itself must read the worked examples (NX*, EX*) right, or the property proves nothing."""
    n, e = REFERENCE["norwegian"], REFERENCE["english"]
    assert reference_valid(n, SET, parse_cards("QS QS QH"))
    assert not reference_valid(e, SET, parse_cards("7S 7S 7H"))
    assert reference_valid(n, RUN, parse_cards("7S JK JK 10S"))
    assert not reference_valid(n, RUN, parse_cards("7S JK 9S JK JK"))
    assert reference_valid(n, RUN, parse_cards("JH QH KH AH"))
    assert not reference_valid(n, RUN, parse_cards("QH KH AH 2H"))
    assert reference_valid(n, RUN, parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"))
    assert not reference_valid(n, RUN, parse_cards("7S 8S 9S"))


# -- the property ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["norwegian", "english"])
@settings(max_examples=800, deadline=None)
@given(kind=st.sampled_from(MeldKind), data=st.data())
def test_meld_problems_match_reference_on_candidates(name: str, kind: MeldKind, data: st.DataObject) -> None:
    cards_ = data.draw(meld_candidates(VARIANTS[name], kind))
    check_against_reference(name, kind, cards_)


@pytest.mark.parametrize("name", ["norwegian", "english"])
@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(MeldKind), cards_=hands(max_size=16))
def test_meld_problems_match_reference_on_any_cards(
    name: str, kind: MeldKind, cards_: tuple[Card, ...]
) -> None:
    check_against_reference(name, kind, cards_)


@settings(max_examples=300, deadline=None)
@given(suit=st.sampled_from(remi.Suit), start=st.integers(1, 14), length=st.integers(1, 16), data=st.data())
def test_meld_problems_match_reference_on_suited_sequences(
    suit: remi.Suit, start: int, length: int, data: st.DataObject
) -> None:
    """Straight runs of one suit, some round the corner, some with jokers: order errors in bulk."""
    cards_ = [remi.Card(remi.Rank((start + i - 1) % 13 + 1), suit) for i in range(length)]
    for i in data.draw(st.sets(st.integers(0, length - 1), max_size=length)):
        cards_[i] = JOKER
    for name in ("norwegian", "english"):
        check_against_reference(name, RUN, tuple(cards_))


def test_meld_candidates_hit_valid_and_invalid_and_every_problem() -> None:
    seen = MeldProblem(0)
    counts = {(name, kind): [0, 0] for name in VARIANTS for kind in MeldKind}

    @settings(max_examples=600, deadline=None, derandomize=True, database=None)
    @given(name=st.sampled_from(sorted(VARIANTS)), kind=st.sampled_from(MeldKind), data=st.data())
    def run(name: str, kind: MeldKind, data: st.DataObject) -> None:
        nonlocal seen
        found = VARIANTS[name].meld_problems(kind, data.draw(meld_candidates(VARIANTS[name], kind)))
        seen |= found
        counts[name, kind][bool(found)] += 1

    run()
    for key, (good, bad) in counts.items():
        assert good >= 20 and bad >= 10, (key, good, bad)
    # (neither variant asks for more than one natural, nor has dead twos: TOO_FEW_NATURALS and
    # DEAD_TWO are for other rules)
    others = MeldProblem.TOO_FEW_NATURALS | MeldProblem.DEAD_TWO
    assert seen == MeldProblem(sum(flag.value for flag in MeldProblem)) & ~others, seen


@pytest.mark.parametrize("name", ["norwegian", "english"])
def test_meld_candidates_of_no_kind_draw_both_kinds(name: str) -> None:
    ref = REFERENCE[name]
    kinds_seen: set[MeldKind] = set()

    @settings(max_examples=200, deadline=None, derandomize=True, database=None)
    @given(meld_candidates(VARIANTS[name]))
    def run(cards_: tuple[Card, ...]) -> None:
        assert isinstance(cards_, tuple) and all(isinstance(card, Card) for card in cards_)
        for kind, other in ((SET, RUN), (RUN, SET)):
            if reference_valid(ref, kind, cards_) and not reference_valid(ref, other, cards_):
                kinds_seen.add(kind)

    run()
    assert kinds_seen == set(MeldKind)


# -- every flag is reachable -------------------------------------------------------

REACHING: dict[MeldProblem, tuple[Variant, MeldKind, str]] = {
    MeldProblem.TOO_SHORT: (NORWEGIAN, SET, "QS QH"),
    MeldProblem.TOO_LONG: (ENGLISH, SET, "7S 7H 7D 7C JK"),
    MeldProblem.MIXED_RANKS: (NORWEGIAN, SET, "QS QH KD"),
    MeldProblem.MIXED_SUITS: (NORWEGIAN, RUN, "7S 8S 9H 10S"),
    MeldProblem.REPEATED_SUIT: (ENGLISH, SET, "7S 7S 7H"),
    MeldProblem.GAP: (NORWEGIAN, RUN, "7S 8S 10S JS"),
    MeldProblem.WRAP: (NORWEGIAN, RUN, "QH KH AH 2H"),
    MeldProblem.TOO_MANY_JOKERS: (NORWEGIAN, SET, "QS JK JK"),
    MeldProblem.NO_NATURAL: (ENGLISH, RUN, "JK JK JK JK"),
    MeldProblem.TOO_FEW_NATURALS: (
        attrs.evolve(ENGLISH, name="english-two-naturals", melds=attrs.evolve(ENGLISH.melds, min_naturals=2)),
        SET,
        "7S JK JK",
    ),
    MeldProblem.DEAD_TWO: (remi.variants.get("shanghai-family"), SET, "7S 7H 7D 2C+"),
}


@pytest.mark.parametrize("flag", list(MeldProblem), ids=lambda flag: flag.name)
def test_every_meld_problem_is_reachable(flag: MeldProblem) -> None:
    assert flag in REACHING, f"add an example reaching {flag.name}"
    variant, kind, text = REACHING[flag]
    assert problems(variant, kind, text) == flag


def test_problems_are_reported_together() -> None:
    found = problems(NORWEGIAN, SET, "QS JK JK KH JK")
    assert found == MeldProblem.MIXED_RANKS | MeldProblem.TOO_MANY_JOKERS
    found = problems(ENGLISH, SET, "7S 7S")
    assert found == MeldProblem.TOO_SHORT | MeldProblem.REPEATED_SUIT
    assert problems(NORWEGIAN, RUN, "JK JK") == (
        MeldProblem.TOO_SHORT | MeldProblem.NO_NATURAL | MeldProblem.TOO_MANY_JOKERS
    )
    assert problems(NORWEGIAN, RUN, "") == (MeldProblem.TOO_SHORT | MeldProblem.NO_NATURAL)
    assert not problems(NORWEGIAN, RUN, "7S 8S 9S 10S")
    assert MeldProblem(0) == problems(NORWEGIAN, RUN, "7S 8S 9S 10S")


def test_meld_problems_accepts_text() -> None:
    assert NORWEGIAN.meld_problems(RUN, "7S 8S 9S 10S") == MeldProblem(0)
    assert ENGLISH.meld_problems(SET, "7S 7S 7H") == MeldProblem.REPEATED_SUIT


# -- worked examples (NX*, EX*) ----------------------------------------------------------


def test_NX1_sets() -> None:
    assert valid(NORWEGIAN, SET, "QS QH QD")
    assert valid(NORWEGIAN, SET, "QS QS QH")


def test_NX2_runs() -> None:
    assert valid(NORWEGIAN, RUN, "7S 8S 9S 10S")
    assert problems(NORWEGIAN, RUN, "7S 8S 9H 10S") == MeldProblem.MIXED_SUITS
    assert problems(NORWEGIAN, RUN, "7S 8S 9S") == MeldProblem.TOO_SHORT


def test_NX3_joker_cap() -> None:
    assert valid(NORWEGIAN, SET, "QS QH JK")
    assert problems(NORWEGIAN, SET, "QS JK JK") == MeldProblem.TOO_MANY_JOKERS
    assert valid(NORWEGIAN, RUN, "7S JK JK 10S")
    assert problems(NORWEGIAN, RUN, "7S JK 9S JK JK") == MeldProblem.TOO_MANY_JOKERS


def test_NX4_ace_high_low_no_wrap() -> None:
    assert valid(NORWEGIAN, RUN, "AH 2H 3H 4H")
    assert valid(NORWEGIAN, RUN, "JH QH KH AH")
    assert problems(NORWEGIAN, RUN, "QH KH AH 2H") == MeldProblem.WRAP
    assert valid(NORWEGIAN, RUN, "A♥ 2♥ 3♥ 4♥")


def test_EX1_groups_distinct_suits() -> None:
    assert valid(ENGLISH, SET, "7S 7H 7D")
    assert problems(ENGLISH, SET, "7S 7S 7H") == MeldProblem.REPEATED_SUIT


def test_EX2_runs() -> None:
    assert valid(ENGLISH, RUN, "5H 6H 7H 8H")
    assert valid(ENGLISH, RUN, "AH 2H 3H 4H")
    assert problems(ENGLISH, RUN, "QH KH AH 2H") == MeldProblem.WRAP


def test_EX4_exact_sizes() -> None:
    run = parse_cards("4C 5C 6C 7C 8C")
    assert valid(ENGLISH, RUN, "4C 5C 6C 7C 8C")  # a fine run, just not a "run of 4"
    game1 = ENGLISH.contracts[0]
    assert ENGLISH.contracts.exact_sizes
    assert assign(game1, [(RUN, len(run))], exact=True) is None
    assert assign(game1, [(RUN, len(run)), (SET, 3)], exact=True) is None
    assert assign(game1, [(RUN, 4)], exact=True) == (0,)
    assert assign(game1, [(RUN, len(run))], exact=False) == (0,)  # as a minimum it would do


# -- clauses -------------------------------------------------------------------------


def test_N4_set_no_upper_size_suits_may_repeat() -> None:
    assert valid(NORWEGIAN, SET, "QS QS QH QH QD QD QC QC")
    assert valid(NORWEGIAN, SET, "QS QS QH QH QD QD QC QC JK JK JK")
    assert problems(NORWEGIAN, SET, "QS QH") == MeldProblem.TOO_SHORT
    assert problems(NORWEGIAN, SET, "QS QH KH") == MeldProblem.MIXED_RANKS
    assert NORWEGIAN.melds.set_max is None and not NORWEGIAN.melds.set_distinct_suits


def test_N5_run_of_four_consecutive_one_suit() -> None:
    assert valid(NORWEGIAN, RUN, "2C 3C 4C 5C")
    assert problems(NORWEGIAN, RUN, "2C 3C 4C") == MeldProblem.TOO_SHORT
    assert problems(NORWEGIAN, RUN, "2C 3C 5C 6C") == MeldProblem.GAP
    assert problems(NORWEGIAN, RUN, "5C 4C 3C 2C") == MeldProblem.GAP  # listed low to high
    assert problems(NORWEGIAN, RUN, "2C 3C 3C 4C") == MeldProblem.GAP
    assert problems(NORWEGIAN, RUN, "2C 3D 4C 5C") == MeldProblem.MIXED_SUITS


def test_N8_longest_run_holds_both_aces() -> None:
    whole = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    assert valid(NORWEGIAN, RUN, whole)
    assert valid(NORWEGIAN, RUN, "JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK")
    assert MeldProblem.TOO_LONG in problems(NORWEGIAN, RUN, whole + " 2S")
    assert MeldProblem.TOO_LONG in problems(NORWEGIAN, RUN, "JK " + whole)
    assert MeldProblem.TOO_LONG in problems(NORWEGIAN, RUN, whole + " JK")
    assert problems(NORWEGIAN, RUN, "KS AS 2S 3S") == MeldProblem.WRAP
    assert problems(NORWEGIAN, RUN, "JK AS 2S 3S") == MeldProblem.WRAP  # the joker would be K
    assert problems(NORWEGIAN, RUN, "KS JK 2S 3S") == MeldProblem.WRAP  # K A 2 3
    assert problems(NORWEGIAN, RUN, "KS JK JK JK") == MeldProblem.WRAP | MeldProblem.TOO_MANY_JOKERS
    assert problems(ENGLISH, RUN, "KS JK JK JK") == MeldProblem.WRAP
    assert valid(NORWEGIAN, RUN, "JK JK KS AS")  # Q K A high
    assert valid(ENGLISH, RUN, "JK JK JK AS")  # J Q K A
    assert valid(ENGLISH, RUN, "AS JK JK JK")  # A 2 3 4


def test_N10_joker_cap_holds_after_lay_off() -> None:
    rules = NORWEGIAN.layoff_rules
    assert lay_off(rules, RUN, parse_cards("7S JK JK 10S"), JOKER, End.HIGH) is None
    assert lay_off(rules, RUN, parse_cards("7S JK JK 10S"), JOKER, End.LOW) is None
    assert lay_off(rules, RUN, parse_cards("7S 8S JK 10S"), JOKER, End.HIGH) == parse_cards("7S 8S JK 10S JK")
    two = lay_off(rules, SET, parse_cards("QS QH JK"), JOKER)
    assert two is not None and sorted(two) == sorted(parse_cards("QS QH JK JK"))
    assert lay_off(rules, SET, two, JOKER) is None
    # English has no cap, only one natural needed (and groups stop at four).
    assert lay_off(ENGLISH.layoff_rules, RUN, parse_cards("7S JK JK 10S"), JOKER, End.HIGH) is not None
    assert lay_off(ENGLISH.layoff_rules, SET, parse_cards("7S JK JK"), JOKER) is not None
    assert lay_off(ENGLISH.layoff_rules, SET, parse_cards("7S JK JK JK"), JOKER) is None


def test_N10_cap_on_lay_off_is_a_parameter() -> None:
    loose = attrs.evolve(
        NORWEGIAN, name="norwegian-loose-layoff", melds=attrs.evolve(NORWEGIAN.melds, joker_cap_on_layoff=False)
    )
    assert lay_off(loose.layoff_rules, RUN, parse_cards("7S JK JK 10S"), JOKER, End.HIGH) is not None
    assert loose.meld_problems(RUN, "7S JK JK JK JK") == MeldProblem.TOO_MANY_JOKERS


def test_N10_jokers_may_sit_together() -> None:
    assert valid(NORWEGIAN, RUN, "7S JK JK 10S")
    assert valid(NORWEGIAN, RUN, "JK JK 9S 10S")
    assert valid(NORWEGIAN, RUN, "7S 8S JK JK")


def test_N11_run_swap_needs_exactly_the_card() -> None:
    rules = NORWEGIAN.melds
    meld = parse_cards("2S JK 4S 5S")
    assert swap_joker(rules, RUN, meld, [C("3S")]) == (parse_cards("2S 3S 4S 5S"), (JOKER,))
    assert swap_joker(rules, RUN, meld, [C("3H")]) is None
    assert swap_joker(rules, RUN, meld, [C("4S")]) is None
    assert swap_joker(rules, RUN, meld, [C("6S")]) is None
    assert swap_joker(rules, RUN, meld, [JOKER]) is None
    assert swap_joker(rules, RUN, meld, []) is None
    assert swap_joker(rules, RUN, meld, [C("3S"), C("3S")]) is None


def test_N11_set_swap_never() -> None:
    rules = NORWEGIAN.melds
    for naturals in (["QD"], ["QS"], ["QC"], ["QD", "QC"]):
        assert swap_joker(rules, SET, parse_cards("QS QH JK"), [C(t) for t in naturals]) is None
    assert swap_joker(rules, SET, parse_cards("QS QH QD JK"), [C("QC")]) is None


def test_NX12_set_joker_stays_but_lay_off_is_fine() -> None:
    assert swap_joker(NORWEGIAN.melds, SET, parse_cards("QS QH JK"), [C("QD")]) is None
    laid = lay_off(NORWEGIAN.layoff_rules, SET, parse_cards("QS QH JK"), C("QD"))
    assert laid is not None and sorted(laid) == sorted(parse_cards("QS QH QD JK"))


def test_R1_swap_takes_the_joker_where_it_stands() -> None:
    rules = NORWEGIAN.melds
    assert swap_joker(rules, RUN, parse_cards("7S JK JK 10S"), [C("9S")]) == (parse_cards("7S JK 9S 10S"), (JOKER,))
    assert swap_joker(rules, RUN, parse_cards("7S JK JK 10S"), [C("8S")]) == (parse_cards("7S 8S JK 10S"), (JOKER,))
    assert swap_joker(rules, RUN, parse_cards("JK 2S 3S 4S"), [C("AS")]) == (parse_cards("AS 2S 3S 4S"), (JOKER,))
    assert swap_joker(rules, RUN, parse_cards("JK QS KS AS"), [C("JS")]) == (parse_cards("JS QS KS AS"), (JOKER,))
    assert swap_joker(rules, RUN, parse_cards("JS QS KS JK"), [C("AS")]) == (parse_cards("JS QS KS AS"), (JOKER,))
    assert swap_joker(rules, RUN, parse_cards("2S 3S 4S JK"), [C("5S")]) == (parse_cards("2S 3S 4S 5S"), (JOKER,))
    assert swap_joker(rules, RUN, parse_cards("2S 3S 4S JK"), [C("AS")]) is None  # it stands for 5S
    assert run_cards(rules, parse_cards("2S JK 4S 5S")) == parse_cards("2S 3S 4S 5S")
    assert run_cards(rules, parse_cards("JK JK JK AS")) == parse_cards("JS QS KS AS")
    with pytest.raises(ValueError):
        run_cards(rules, parse_cards("QS KS AS 2S"))


def test_E5_english_run_swap() -> None:
    rules = ENGLISH.melds
    assert swap_joker(rules, RUN, parse_cards("9S JK JS QS"), [C("10S")]) == (parse_cards("9S 10S JS QS"), (JOKER,))
    assert swap_joker(rules, RUN, parse_cards("9S JK JS QS"), [C("10H")]) is None


def test_E6_group_joker_freed_on_completion() -> None:
    rules = ENGLISH.melds
    swap = functools.partial(swap_joker, from_sets=ENGLISH.swaps.from_sets)
    one = swap(rules, SET, parse_cards("7S 7H 7D JK"), [C("7C")])
    assert one == (tuple(sorted(parse_cards("7S 7H 7D 7C"))), (JOKER,))
    both = swap(rules, SET, parse_cards("7S 7H JK JK"), [C("7D"), C("7C")])
    assert both == (tuple(sorted(parse_cards("7S 7H 7D 7C"))), (JOKER, JOKER))
    assert swap(rules, SET, parse_cards("7S 7H JK JK"), [C("7D")]) is None
    assert swap(rules, SET, parse_cards("7S 7H JK JK"), [C("7C")]) is None


def test_EX11_group_swap_needs_the_missing_suit() -> None:
    rules = ENGLISH.melds
    swap = functools.partial(swap_joker, from_sets=ENGLISH.swaps.from_sets)
    assert swap(rules, SET, parse_cards("7S 7H 7D JK"), [C("7S")]) is None
    assert swap(rules, SET, parse_cards("7S 7H 7D JK"), [C("8C")]) is None
    assert swap(rules, SET, parse_cards("7S 7H JK JK"), [C("7D"), C("7D")]) is None
    assert swap(rules, SET, parse_cards("7S 7H 7D"), [C("7C")]) is None  # no joker to free
    assert swap(rules, SET, parse_cards("7S 7H JK"), [C("7D")]) is None  # three naturals: not complete


@settings(max_examples=200, deadline=None)
@given(
    rank=st.sampled_from(remi.Rank),
    suits=st.permutations(list(remi.Suit)),
    kept=st.integers(1, 3),
    jokers=st.integers(1, 3),
    given_cards=st.lists(cards(), max_size=3),
    use_missing=st.booleans(),
)
def test_E6_group_swap_property(
    rank: remi.Rank,
    suits: list[remi.Suit],
    kept: int,
    jokers: int,
    given_cards: list[Card],
    use_missing: bool,
) -> None:
    jokers = min(jokers, 4 - kept)
    group = tuple(sorted([remi.Card(rank, s) for s in suits[:kept]] + [JOKER] * jokers))
    missing = [remi.Card(rank, s) for s in suits[kept:]]
    offered = missing if use_missing else given_cards
    naturals = [card for card in group if card.is_natural] + list(offered)
    completes = (
        len(offered) == jokers
        and all(card.is_natural for card in offered)
        and len(naturals) == 4
        and {card.rank for card in naturals} == {rank}
        and {card.suit for card in naturals} == set(remi.Suit)
    )
    result = swap_joker(ENGLISH.melds, SET, group, offered, from_sets=ENGLISH.swaps.from_sets)
    if completes:
        assert result == (tuple(sorted(naturals)), (JOKER,) * jokers)
    else:
        assert result is None


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(["norwegian", "english"]), natural=cards(), data=st.data())
def test_R1_run_swap_property(name: str, natural: Card, data: st.DataObject) -> None:
    """A natural frees a run's joker exactly when it is the card that joker stands for."""
    ref = REFERENCE[name]
    meld = data.draw(meld_candidates(VARIANTS[name], RUN).filter(lambda m: reference_valid(ref, RUN, m)))
    (start,) = run_starts(ref, meld)
    suit = next(card.suit for card in meld if card.suit is not None)
    stands_for = {
        remi.Card(remi.Rank((start + i - 1) % 13 + 1), suit): i
        for i, card in enumerate(meld)
        if card.is_joker
    }
    result = swap_joker(VARIANTS[name].melds, RUN, meld, [natural])
    if natural in stands_for:
        i = stands_for[natural]
        assert result == ((*meld[:i], natural, *meld[i + 1 :]), (JOKER,))
    else:
        assert result is None


# -- R5 lay-off ends -------------------------------------------------------------------


def test_R5_lay_off_onto_a_run_goes_at_an_end() -> None:
    rules = NORWEGIAN.layoff_rules
    run = parse_cards("5C 6C 7C 8C")
    assert lay_off(rules, RUN, run, C("9C"), End.HIGH) == parse_cards("5C 6C 7C 8C 9C")
    assert lay_off(rules, RUN, run, C("4C"), End.LOW) == parse_cards("4C 5C 6C 7C 8C")
    assert lay_off(rules, RUN, run, C("9C"), End.LOW) is None
    assert lay_off(rules, RUN, run, C("4C"), End.HIGH) is None
    assert lay_off(rules, RUN, run, C("9C")) is None  # a run needs an end
    assert lay_off(rules, RUN, run, C("9D"), End.HIGH) is None
    assert lay_off(rules, RUN, run, JOKER, End.LOW) == parse_cards("JK 5C 6C 7C 8C")
    assert lay_off(rules, RUN, parse_cards("JC QC KC AC"), C("2C"), End.HIGH) is None  # no wrap
    assert lay_off(rules, RUN, parse_cards("2C 3C 4C 5C"), C("AC"), End.LOW) == parse_cards("AC 2C 3C 4C 5C")
    assert lay_off(rules, RUN, parse_cards("JC QC KC"), C("AC"), End.HIGH) == parse_cards("JC QC KC AC")


def test_R5_lay_off_onto_a_set_goes_anywhere() -> None:
    rules = NORWEGIAN.layoff_rules
    laid = lay_off(rules, SET, parse_cards("6S 6H 6D"), C("6S"), End.LOW)
    assert laid is not None and sorted(laid) == sorted(parse_cards("6S 6S 6H 6D"))
    assert lay_off(rules, SET, parse_cards("6S 6H 6D"), C("7S")) is None
    assert lay_off(ENGLISH.layoff_rules, SET, parse_cards("6S 6H 6D"), C("6S")) is None  # E4
    assert lay_off(ENGLISH.layoff_rules, SET, parse_cards("6S 6H 6D 6C"), JOKER) is None  # E4: four at most


@pytest.mark.parametrize("name", ["norwegian", "english"])
@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(MeldKind), card=cards(), end=st.sampled_from(End), data=st.data())
def test_R5_lay_off_matches_reference(
    name: str, kind: MeldKind, card: Card, end: End, data: st.DataObject
) -> None:
    ref = REFERENCE[name]
    meld = data.draw(meld_candidates(VARIANTS[name], kind).filter(lambda m: reference_valid(ref, kind, m)))
    result = lay_off(VARIANTS[name].layoff_rules, kind, meld, card, end)
    if kind is SET:
        ok = reference_valid(ref, SET, (*meld, card))
        assert (result is not None) == ok
        if result is not None:
            assert sorted(result) == sorted((*meld, card))
    else:
        grown = (card, *meld) if end is End.LOW else (*meld, card)
        assert result == (grown if reference_valid(ref, RUN, grown) else None)


# -- the Meld value ---------------------------------------------------------------------


def test_meld_value_parses_prints_and_pastes_back() -> None:
    namespace: dict[str, object] = {}
    exec("from remi import *", namespace)
    for meld in (Meld(RUN, "2S JK 4S 5S"), Meld.parse("set QH QS JK"), Meld(SET, parse_cards("7S 7H 7D"))):
        assert eval(repr(meld), namespace) == meld
        assert Meld.parse(str(meld)) == meld
    assert str(Meld.parse("SET QH QS JK")) == "set QS QH JK"
    assert Meld(SET, "QH QS") == Meld(SET, "QS QH")
    assert Meld(RUN, "5S 6S") != Meld(RUN, "6S 5S")
    assert hash(Meld(SET, "QH QS")) == hash(Meld(SET, "QS QH"))


def test_meld_value_rejects_bad_input() -> None:
    with pytest.raises(NotationError) as info:
        Meld.parse("heap QS QH QD")
    assert info.value.token == "heap"
    with pytest.raises(NotationError):
        Meld(SET, ["QS"])  # type: ignore[list-item]
    with pytest.raises(NotationError, match="a meld's kind must be a MeldKind, got 'set'"):
        Meld("set", "QS QH QD")  # type: ignore[arg-type]


def test_swap_from_runs_is_a_parameter() -> None:
    no_swaps = attrs.evolve(NORWEGIAN, name="norwegian-no-swaps", swaps=attrs.evolve(NORWEGIAN.swaps, from_runs=False))
    assert swap_joker(no_swaps.melds, RUN, parse_cards("2S JK 4S 5S"), [C("3S")],
                      from_runs=no_swaps.swaps.from_runs) is None


def test_every_short_sequence_near_the_corners_against_reference() -> None:
    """Exhaustive, no sampling luck: 4-card sequences of ranks near both corners, and jokers."""
    pool = [*parse_cards("AS 2S 3S 4S 5S 10S JS QS KS AH"), JOKER]
    for cards_ in itertools.product(pool, repeat=4):
        for name in ("norwegian", "english"):
            check_against_reference(name, RUN, cards_)


# -- jokers never stand for an ace the rules forbid ---------------------------------------

ACE_HIGH_ONLY = attrs.evolve(
    NORWEGIAN, name="norwegian-ace-high-only", melds=attrs.evolve(NORWEGIAN.melds, ace_low=False)
)
ACE_LOW_ONLY = attrs.evolve(
    NORWEGIAN, name="norwegian-ace-low-only", melds=attrs.evolve(NORWEGIAN.melds, ace_high=False)
)


def test_joker_may_not_be_a_forbidden_low_ace() -> None:
    """``JK 2S 3S 4S``: the joker is in the low ace's place, which ace_low=False forbids."""
    rules = ACE_HIGH_ONLY.melds
    assert problems(ACE_HIGH_ONLY, RUN, "JK 2S 3S 4S") == MeldProblem.WRAP  # as "AS 2S 3S 4S" is
    assert problems(ACE_HIGH_ONLY, RUN, "AS 2S 3S 4S") == MeldProblem.WRAP
    assert problems(ACE_HIGH_ONLY, RUN, "JK JK 3S 4S") == MeldProblem.WRAP
    assert problems(ACE_HIGH_ONLY, RUN, "JK JK JK 4S 5S 6S") == MeldProblem.WRAP
    assert valid(ACE_HIGH_ONLY, RUN, "JK 3S 4S 5S")  # the joker is 2S
    assert valid(ACE_HIGH_ONLY, RUN, "JS QS KS JK")  # the joker is the high ace
    assert valid(ACE_HIGH_ONLY, RUN, "2S 3S 4S JK")
    assert run_start(rules, parse_cards("JK 2S 3S 4S")) is None
    assert run_start(rules, parse_cards("JK 3S 4S 5S")) == 2
    with pytest.raises(ValueError):
        run_cards(rules, parse_cards("JK 2S 3S 4S"))
    assert swap_joker(rules, RUN, parse_cards("JK 2S 3S 4S"), [C("AS")]) is None
    assert valid(NORWEGIAN, RUN, "JK 2S 3S 4S")  # with the ace low allowed it is fine


def test_joker_may_not_be_a_forbidden_high_ace() -> None:
    rules = ACE_LOW_ONLY.melds
    assert problems(ACE_LOW_ONLY, RUN, "JS QS KS JK") == MeldProblem.WRAP  # as "JS QS KS AS" is
    assert problems(ACE_LOW_ONLY, RUN, "JS QS KS AS") == MeldProblem.WRAP
    assert problems(ACE_LOW_ONLY, RUN, "QS JK JK JK") == MeldProblem.WRAP | MeldProblem.TOO_MANY_JOKERS
    assert problems(ACE_LOW_ONLY, RUN, "JK JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS") == MeldProblem.WRAP
    assert valid(ACE_LOW_ONLY, RUN, "JK 2S 3S 4S")  # the joker is the low ace
    assert valid(ACE_LOW_ONLY, RUN, "JK JS QS KS")
    assert valid(ACE_LOW_ONLY, RUN, "JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")  # 13 cards, A to K
    assert run_start(rules, parse_cards("JS QS KS JK")) is None
    assert swap_joker(rules, RUN, parse_cards("JS QS KS JK"), [C("AS")]) is None
    assert run_cards(rules, parse_cards("JK 2S 3S 4S")) == parse_cards("AS 2S 3S 4S")


def test_lay_off_never_puts_a_joker_where_an_ace_is_forbidden() -> None:
    low_off, high_off = ACE_HIGH_ONLY.layoff_rules, ACE_LOW_ONLY.layoff_rules
    run = parse_cards("2S 3S 4S 5S")
    assert lay_off(low_off, RUN, run, JOKER, End.LOW) is None
    assert lay_off(low_off, RUN, run, C("AS"), End.LOW) is None
    assert lay_off(low_off, RUN, run, JOKER, End.HIGH) == parse_cards("2S 3S 4S 5S JK")
    assert lay_off(NORWEGIAN.layoff_rules, RUN, run, JOKER, End.LOW) == parse_cards("JK 2S 3S 4S 5S")
    court = parse_cards("10S JS QS KS")
    assert lay_off(high_off, RUN, court, JOKER, End.HIGH) is None
    assert lay_off(high_off, RUN, court, C("AS"), End.HIGH) is None
    assert lay_off(high_off, RUN, court, JOKER, End.LOW) == parse_cards("JK 10S JS QS KS")
    assert lay_off(NORWEGIAN.layoff_rules, RUN, court, JOKER, End.HIGH) == parse_cards("10S JS QS KS JK")


def test_forbidden_ace_joker_cannot_reach_the_table() -> None:
    """Before the fix the lay-off was legal; swapping the ace in then broke ``legal_actions``."""
    variant = attrs.evolve(
        ACE_HIGH_ONLY, name="norwegian-ace-high-only-no-buy", buying=attrs.evolve(ACE_HIGH_ONLY.buying, enabled=False)
    )

    def table(run: str) -> list[TableMeld]:  # round 2, "3-4": both seats are down
        return [
            TableMeld(SET, parse_cards("5C 5D 5H"), 0),
            TableMeld(RUN, parse_cards("7H 8H 9H 10H"), 0),
            TableMeld(SET, parse_cards("KC KD KH"), 1),
            TableMeld(RUN, parse_cards(run), 1),
        ]

    state = remi.new_game(variant, players=2, seed=1, round=2, hands=["JK AS 9D", "6C 7C 8D 9C QC"],
                          stock="8C", discard_pile="4C", dealer=1, table=table("2S 3S 4S 5S"))
    state = state.apply(DrawStock())
    with pytest.raises(IllegalActionError) as info:
        state.check(LayOff(JOKER, 3, End.LOW))
    assert info.value.reason is Reason.BAD_LAYOFF
    listed = list(state.legal_actions())
    assert LayOff(JOKER, 3, End.HIGH) in listed
    assert not any(isinstance(action, LayOff) and action.meld == 3 and action.end is End.LOW for action in listed)
    assert not any(isinstance(action, SwapJoker) for action in listed)
    with pytest.raises(RemiError, match="JK 2S 3S 4S") as refused_table:
        remi.new_game(variant, players=2, seed=1, round=2, table=table("JK 2S 3S 4S"))
    assert refused_table.value.reason is Reason.BAD_POSITION


# The property: meld_problems against a brute force over what each joker could be.

RUN_RULES = st.builds(
    lambda aces, **rest: MeldRules(ace_low=aces[0], ace_high=aces[1], **rest),
    st.sampled_from([(True, True), (False, True), (True, False)]),
    run_min=st.integers(2, 5),
    run_max=st.integers(5, 14),
    run_wrap=st.booleans(),
    joker_cap=st.sampled_from(JokerCap),
)


def straight(ranks: Sequence[int], rules: MeldRules) -> bool:
    """Whether naturals of these ranks (1 = ace … 13 = king), in this order, are consecutive under ``rules``.

    Values run 1 (the low ace) to 14 (the high ace); with wrap, ranks follow each other round the corner.
    """
    if rules.run_wrap:
        return any(all((rank - 1 - start - i) % 13 == 0 for i, rank in enumerate(ranks)) for start in range(13))
    allowed = set(range(2, 14)) | ({1} if rules.ace_low else set()) | ({14} if rules.ace_high else set())
    for start in range(1, 15):
        values = (start + i for i in range(len(ranks)))
        if all(v in allowed and (rank == v or (rank == 1 and v == 14)) for v, rank in zip(values, ranks, strict=True)):
            return True
    return False


def brute_force(rules: MeldRules, cards_: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every way of reading the jokers as naturals that makes a naturals-only run valid under ``rules``.

    Each joker is tried as every card of the naturals' suit (a card of another suit would mix
    suits, so trying it could never succeed).
    """
    naturals = [card for card in cards_ if card.is_natural]
    jokers = len(cards_) - len(naturals)
    if not naturals or not rules.run_min <= len(cards_) <= rules.run_max:
        return []
    if rules.joker_cap is JokerCap.NATURALS and jokers > len(naturals):
        return []
    suit = naturals[0].suit
    assert suit is not None
    if any(card.suit is not suit for card in naturals):
        return []
    found = []
    for choice in itertools.product(remi.Rank, repeat=jokers):
        picks = iter(choice)
        read = tuple(card if card.is_natural else remi.Card(next(picks), suit) for card in cards_)
        if straight([int(card.rank) for card in read if card.rank is not None], rules):
            found.append(read)
    return found


@st.composite
def run_candidates(draw: st.DrawFn, max_jokers: int = 3) -> tuple[Card, ...]:
    """Mostly straight sequences of one suit, with a few jokers, sometimes spoilt.

    A third start at the low ace or the two, a third end at the high ace or the king, and the
    jokers are often at the ends: that is where a joker may stand for an ace the rules forbid.
    """
    suit = draw(st.sampled_from(remi.Suit))
    length = draw(st.integers(1, 15))
    anchor = draw(st.sampled_from(["low", "high", "anywhere"]))
    if anchor == "anywhere":
        start = draw(st.integers(1, 14))
    else:  # from the low ace or the two; up to the high ace or the king
        start = draw(st.sampled_from([1, 2] if anchor == "low" else [15 - length, 14 - length]))
    cards_ = [remi.Card(remi.Rank((start + i - 1) % 13 + 1), suit) for i in range(length)]
    jokers = draw(st.sets(st.integers(0, length - 1), max_size=min(max_jokers, length)))
    if len(jokers) < max_jokers and draw(st.booleans()):
        jokers.add(draw(st.sampled_from([0, length - 1])))
    for i in jokers:
        cards_[i] = JOKER
    if draw(st.integers(0, 4)) == 0:
        cards_[draw(st.integers(0, length - 1))] = draw(cards().filter(lambda card: card.is_natural))
    return tuple(cards_)


@settings(max_examples=250, deadline=None)
@given(rules=RUN_RULES, cards_=run_candidates())
@example(rules=MeldRules(ace_low=False), cards_=parse_cards("JK 2S 3S 4S"))
@example(rules=MeldRules(ace_high=False), cards_=parse_cards("JS QS KS JK"))
def test_run_validity_matches_brute_force_over_jokers(rules: MeldRules, cards_: tuple[Card, ...]) -> None:
    readings = brute_force(rules, cards_)
    assert len(readings) <= 1, readings  # runs are positional: a valid run has one reading
    found = meld_problems(rules, RUN, cards_)
    assert (not found) == bool(readings), (rules, remi.format_cards(cards_), found)
    if readings:
        assert run_cards(rules, cards_) == readings[0]
        start = run_start(rules, cards_)
        assert start is not None
        if not rules.run_wrap:
            assert (1 if rules.ace_low else 2) <= start <= start + len(cards_) - 1 <= (14 if rules.ace_high else 13)


@settings(max_examples=150, deadline=None)
@given(rules=RUN_RULES, cards_=run_candidates(max_jokers=2))
@example(rules=MeldRules(ace_low=False), cards_=parse_cards("2S 3S 4S 5S"))
@example(rules=MeldRules(ace_high=False), cards_=parse_cards("10S JS QS KS"))
def test_lay_offs_and_swaps_keep_a_run_valid(rules: MeldRules, cards_: tuple[Card, ...]) -> None:
    """Whatever lay-off or swap is allowed leaves a valid run, read the same way (brute force again)."""
    readings = brute_force(rules, cards_)
    if not readings:
        return
    suit = next(card.suit for card in cards_ if card.suit is not None)
    candidates = [*(remi.Card(rank, suit) for rank in remi.Rank), JOKER]
    for card in candidates:
        for end in End:
            grown = lay_off(rules, RUN, cards_, card, end)
            if grown is not None:
                assert grown == ((card, *cards_) if end is End.LOW else (*cards_, card))
                grown_readings = brute_force(rules, grown)
                assert len(grown_readings) == 1, (rules, remi.format_cards(grown))
                assert grown_readings[0][1:] == readings[0] if end is End.LOW else grown_readings[0][:-1] == readings[0]
                assert not meld_problems(rules, RUN, grown)
        swapped = swap_joker(rules, RUN, cards_, [card])
        if swapped is not None:
            assert swapped[1] == (JOKER,) and card.is_natural
            assert brute_force(rules, swapped[0]) == readings, (rules, remi.format_cards(swapped[0]))
            assert card in [readings[0][i] for i, held in enumerate(cards_) if held.is_joker]
        elif card.is_natural:
            assert card not in [readings[0][i] for i, held in enumerate(cards_) if held.is_joker]
