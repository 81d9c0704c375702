"""The search kernel over card counts (``remi._search.kernel``) against the meld rules.

The listing, the solver and the planner take their run windows and candidate
melds from the kernel; these tests hold it to :meth:`remi.Variant.meld_problems`,
which knows nothing of it.
"""

from __future__ import annotations

import attrs
import pytest

import remi
from remi._search.kernel import all_in_set, candidates, counts_of, run_windows, wild_count
from remi._search.scored import run_line, scored_rules, scored_runs, scored_sets, suit_bits, window_naturals
from remi.cards import CARDS
from remi.melds import MeldKind

VARIANTS = [remi.variants.get(name) for name in remi.variants.names()]
WRAP = attrs.evolve(VARIANTS[0], name="wrap", melds=attrs.evolve(VARIANTS[0].melds, run_wrap=True))
SHORT_SETS = attrs.evolve(VARIANTS[0], name="short-sets", melds=attrs.evolve(VARIANTS[0].melds, set_max=4))


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


@pytest.mark.parametrize("variant", [*VARIANTS, WRAP], ids=lambda v: v.name)
def test_N8_window_naturals_bounds_every_valid_run(variant: remi.Variant) -> None:
    """The quick reject is sound: a valid run's naturals fill some window of its fewest places but for its wilds.

    Every valid run of hearts (wilds where 2s are wild, and up to two jokers in
    place of naturals) is checked with ``meld_problems``, which knows nothing of
    the line; its counts must pass :func:`remi._search.scored.window_naturals`.
    """
    rules = variant.melds
    line = run_line(rules)
    low, high = rules.run_min, min(rules.run_max, 14)
    checked = 0
    for start in range(1, 15):
        for length in range(low, high + 1):
            cards = [CARDS[13 + (start + i - 1) % 13] for i in range(length)]
            for holes in [(), (0,), (length - 1,), (1, length - 2)]:
                run = [remi.JOKER if i in holes else card for i, card in enumerate(cards)]
                if variant.meld_problems(MeldKind.RUN, run):
                    continue
                counts = counts_of(run)
                wilds = wild_count(rules, counts)
                bits = suit_bits(line, counts, 1)
                assert bits, run
                assert window_naturals(line, bits, low) >= max(1, low - wilds), run
                checked += 1
    assert checked


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_scored_candidates_are_valid_melds(variant: remi.Variant) -> None:
    """Every scored run and set the kernel gives the solver, its wilds made jokers, is a valid meld."""
    rules = variant.melds
    if rules.twos is not remi.Twos.NATURAL:
        return  # (there the solver counts 2s among the wilds: its own vector, tested with the solver)
    points = tuple(variant.card_points(card) for card in CARDS)
    s = scored_rules(rules, points, points[52])
    hand = remi.parse_cards("AH 2H 3H 5H 6H 7H 9H QH KH 7S 7D 7C 7C JK JK")
    counts = counts_of(hand)
    found = 0
    for low in range(rules.run_min, min(rules.run_max, 8) + 1):
        for _, key, cards in scored_runs(s, 1, tuple(counts[13:26]), counts[52], low, rules.run_max, -1):
            _, _, neg_first, last, *positions = key  # the naturals' places; jokers everywhere else
            naturals = dict(zip(positions, cards, strict=False))
            meld = [CARDS[naturals.get(v, 52)] for v in range(-neg_first, last + 1)]
            assert not variant.meld_problems(MeldKind.RUN, meld), (key, meld)
            assert len(meld) >= low and len(meld) == len(cards), (key, meld)
            found += 1
    for _, key, cards in scored_sets(s, counts, 6, rules.set_min, rules.set_max or 8):
        meld = [CARDS[c] for c in cards]
        assert not variant.meld_problems(MeldKind.SET, meld), (key, meld)
        found += 1
    assert found


@pytest.mark.parametrize("variant", [*VARIANTS, SHORT_SETS], ids=lambda v: v.name)
def test_all_in_set_is_the_candidates_that_take_every_card_left(variant: remi.Variant) -> None:
    """The last set of an all-in lay-down: exactly the candidates using every card left, none enumerated to waste."""
    rules = variant.melds
    hands = ["7S 7H 7D", "7S 7H JK", "7S 7H 7D 7C 7S JK 2D", "7S 7H 8D", "2S 2H 2D", "2S 2H JK", "7S 7H 2D 2C JK JK",
             "JK JK JK", "KS KH KD KC JK", "KS KH KD KC KS KH KD KC"]
    if variant.deck.dead_twos:
        hands.append("7S 7H 2D+")
    for text in hands:
        counts = counts_of(remi.parse_cards(text))
        total = sum(counts)
        for size in (3, 4):
            for exact in (False, True):
                expected = [meld for meld in candidates(rules, counts, MeldKind.SET, size, exact) if len(meld) == total]
                assert list(all_in_set(rules, counts, size, exact)) == expected, (text, size, exact)
