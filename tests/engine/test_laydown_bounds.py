"""The fail-fast bounds of the lay-down listing never hide a legal lay-down.

``remi._search.generate.laydowns`` refuses early when cheap counting bounds say a
contract cannot be met (N6, N15: minimum sizes, the whole contract at once).
Here its listing is compared with the plain search without those bounds, on
random hands of every Norwegian contract, including hands built to be close to
a contract (where a wrong bound would hide real lay-downs).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import remi
from remi._search import generate
from remi._search.kernel import candidates
from remi.actions import LayDown
from remi.cards import CARD_SLOTS, CARDS, DEAD_TWOS, Card

NORWEGIAN = remi.variants.get("norwegian")


def _counts(hand: list[Card]) -> list[int]:
    counts = [0] * CARD_SLOTS
    for card in hand:
        counts[card.index] += 1
    return counts


def _unbounded(contract: remi.Contract, hand: list[Card]) -> set[LayDown]:
    plan = sorted(((r.kind, r.size) for r in contract.requirements), key=lambda k: (k[0] is remi.MeldKind.SET, k[1]))
    found = set()
    for melds in generate._walk(NORWEGIAN.melds, plan, _counts(hand), False, len(hand), False, 0):
        found.add(generate._laydown(melds))
    return found


def _near_contract(rng: random.Random, contract: remi.Contract) -> list[Card]:
    """A hand holding most of a contract: melds with a card or two knocked out, plus noise."""
    hand: list[Card] = []
    for req in contract.requirements:
        if req.kind is remi.MeldKind.SET:
            rank = rng.randrange(13)
            hand += [CARDS[rng.randrange(4) * 13 + rank] for _ in range(req.size)]
        else:
            suit, start = rng.randrange(4), rng.randrange(1, 12)
            hand += [CARDS[suit * 13 + (start + i - 1) % 13] for i in range(req.size)]
    rng.shuffle(hand)
    hand = hand[rng.randrange(0, 3) :]
    hand += [CARDS[rng.randrange(52)] for _ in range(rng.randrange(2, 9))]
    hand += [remi.JOKER] * rng.choice([0, 0, 1, 1, 2, 3])
    return hand


@pytest.mark.parametrize("round_", range(1, 7))
def test_N6_bounds_never_hide_a_lay_down(round_: int) -> None:
    contract = NORWEGIAN.contracts[round_ - 1]
    rng = random.Random(round_)
    deck = list(NORWEGIAN.cards(NORWEGIAN.max_players))
    checked_with_laydowns = 0
    for trial in range(300):
        hand = _near_contract(rng, contract) if trial % 2 else rng.sample(deck, rng.randrange(10, 19))
        listed = list(
            generate.laydowns(
                NORWEGIAN.melds, contract, exact=False, piecemeal=False, done=frozenset(),
                counts=_counts(hand), hand_size=len(hand), all_in=False, keep=0,
            )
        )
        assert len(listed) == len(set(listed))
        assert set(listed) == _unbounded(contract, hand), remi.format_cards(sorted(hand))
        checked_with_laydowns += bool(listed)
    assert checked_with_laydowns > 20  # the comparison saw real lay-downs, not only empty lists


def _all_in_hand(rng: random.Random, variant: remi.Variant, contract: remi.Contract) -> list[Card]:
    """A hand that goes down whole under ``contract`` (its melds, then 2s and jokers in them), or nearly."""
    hand = _near_contract(rng, contract)[: sum(r.size for r in contract.requirements)]
    wilds = [remi.JOKER, *(CARDS[suit * 13 + 1] for suit in range(4))]
    hand += [rng.choice(wilds) for _ in range(rng.choice([0, 1, 1, 2]))]
    if rng.random() < 0.5:
        hand.append(CARDS[rng.randrange(52)])
    return hand


def test_M13_all_in_bounds_never_hide_a_lay_down() -> None:
    """M13: the suits-and-ranks bound on all-in hands with sets and runs hides no lay-down.

    A hand of May I?'s last contract (a set and two runs, all in) with five
    wilds once made the listing walk tens of thousands of partial lay-downs
    before it found there was none.
    """
    variant = remi.variants.get("mayi")
    contract = variant.contracts[-1]
    rng = random.Random(13)
    plan = sorted(((r.kind, r.size) for r in contract.requirements), key=lambda k: (k[0] is remi.MeldKind.SET, k[1]))
    checked_with_laydowns = 0
    for _ in range(60):
        hand = _all_in_hand(rng, variant, contract)
        counts = _counts(hand)
        listed = set(
            generate.laydowns(
                variant.melds, contract, exact=False, piecemeal=False, done=frozenset(),
                counts=counts, hand_size=len(hand), all_in=True, keep=0,
            )
        )
        walks = generate._walk(variant.melds, plan, counts, False, len(hand), True, 0)
        walked = {generate._laydown(melds) for melds in walks}
        assert listed == walked, remi.format_cards(sorted(hand))
        checked_with_laydowns += bool(listed)
    assert checked_with_laydowns > 10


def test_M13_a_hand_of_many_ranks_cannot_go_down_whole() -> None:
    """A set and two runs cannot hold naturals of four suits and many ranks: refused before any search."""
    variant = remi.variants.get("mayi")
    hand = remi.parse_cards("2S 2S 5S 9S 10S JS QS 2H 2H 3H 6H 9H 4D 8D 8D JD AC 4C 9C 10C KC JK")
    groups = {(r.kind, r.size): 0 for r in variant.contracts[-1].requirements}
    for r in variant.contracts[-1].requirements:
        groups[(r.kind, r.size)] += 1
    assert not generate._suits_and_ranks_cover(variant.melds, _counts(list(hand)), groups)
    whole = remi.parse_cards("8D 8S 8C 9S 10S JS QS 3H 4H 5H 6H")
    assert generate._suits_and_ranks_cover(variant.melds, _counts(list(whole)), groups)


def _every_all_in_lay_down(variant: remi.Variant, level: int, hand: list[Card]) -> set[LayDown]:
    """Every lay-down of contract ``level`` (0-based) using the whole hand: every candidate meld at every
    requirement, with no bound and no ordering, then the contract-level check (M8's gap)."""
    rules, contract = variant.melds, variant.contracts[level]
    plan = [(r.kind, r.size) for r in contract.requirements]
    counts = _counts(hand)
    chosen: list[tuple[remi.MeldKind, tuple[int, ...]]] = []
    found = set()

    def walk(k: int) -> None:
        if k == len(plan):
            if not any(counts):
                laydown = generate._laydown(chosen)
                if variant.contract_problem(level, laydown.melds) is None:
                    found.add(laydown)
            return
        kind, size = plan[k]
        for cards in list(candidates(rules, counts, kind, size, variant.contracts.exact_sizes)):
            for i in cards:
                counts[i] -= 1
            chosen.append((kind, cards))
            walk(k + 1)
            chosen.pop()
            for i in cards:
                counts[i] += 1

    walk(0)
    return found


def _whole_hand(rng: random.Random, variant: remi.Variant, contract: remi.Contract) -> list[Card]:
    """The melds of ``contract`` (some a card longer), up to three of their cards then replaced by wilds,
    and now and then one card more."""
    hand: list[Card] = []
    for req in contract.requirements:
        size = req.size + (0 if variant.contracts.exact_sizes else rng.choice([0, 0, 1]))
        if req.kind is remi.MeldKind.SET:
            rank = rng.choice([r for r in range(13) if r != 1])
            hand += [CARDS[rng.randrange(4) * 13 + rank] for _ in range(size)]
        else:  # values 3 to 14 (an ace high), which every variant's runs allow
            suit, start = rng.randrange(4), rng.randint(3, 15 - size)
            hand += [CARDS[suit * 13 + (start + i - 1) % 13] for i in range(size)]
    wilds = [remi.JOKER]
    if variant.melds.twos is not remi.Twos.NATURAL:
        wilds += [CARDS[suit * 13 + 1] for suit in range(4)]
    for i in rng.sample(range(len(hand)), rng.choice([0, 1, 2, 3])):
        hand[i] = rng.choice(wilds)
    if rng.random() < 0.25:
        hand.append(CARDS[rng.randrange(52)])
    return hand


def _listed_all_in(variant: remi.Variant, level: int, hand: list[Card]) -> list[LayDown]:
    contract = variant.contracts[level]
    listed = generate.laydowns(
        variant.melds, contract, exact=variant.contracts.exact_sizes, piecemeal=False, done=frozenset(),
        counts=_counts(hand), hand_size=len(hand), all_in=True, keep=0,
        run_gap=variant.contracts.same_suit_run_gap,
    )
    return [laydown for laydown in listed if variant.contract_problem(level, laydown.melds) is None]


@pytest.mark.parametrize(("name", "level"), [("norwegian", 6), ("liverpool", 6), ("mayi", 5), ("shanghai", 5)])
def test_N18_all_in_listing_is_every_cover_of_the_hand(name: str, level: int) -> None:
    """N18, L11, M13: the all-in listing (which walks only into partial lay-downs that some cover
    completes) lists exactly the lay-downs of the whole hand that trying every meld finds.

    Shanghai has no all-in deal, but its meld rules (2s wild but natural in a set of twos, S6; dead
    twos, S15) are listed all-in here too, with a set among the runs.
    """
    variant = remi.variants.get(name)
    contract = variant.contracts[level]
    rng = random.Random(18)
    checked_with_laydowns = 0
    for _ in range(60):
        hand = _whole_hand(rng, variant, contract)
        if name == "shanghai" and rng.random() < 0.2:
            hand.append(rng.choice(DEAD_TWOS))
        listed = _listed_all_in(variant, level, hand)
        assert len(listed) == len(set(listed))
        assert set(listed) == _every_all_in_lay_down(variant, level, hand), remi.format_cards(sorted(hand))
        checked_with_laydowns += bool(listed)
    assert checked_with_laydowns > 20


@pytest.mark.parametrize("text", [
    "3S 4S 5S 6S 9S 10S JS QS KD KC 2D 2C 2H 2S JK JK",  # M8: the spades' two runs touch or overlap
    "3S 4S 5S 6S 7S 9S 10S JS QS KD KC KH 2D 2C 2H JK",  # M7: the set holds three naturals, four wilds are left
])
def test_M13_a_big_hand_with_no_cover_is_refused_after_few_melds(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """M13 (with M7, M8): sixteen cards with six or four wilds and no way to go down whole.

    The listing once tried every pair of runs before finding there was none (1.4 million candidate
    melds drawn for the first hand, eight seconds); walking only where a cover exists, it draws a few
    thousand.
    """
    drawn = 0

    def counting(*args: object, **kwargs: object) -> Iterator[tuple[int, ...]]:
        nonlocal drawn
        for cards in candidates(*args, **kwargs):  # type: ignore[arg-type]
            drawn += 1
            yield cards

    monkeypatch.setattr("remi._search.generate.candidates", counting)
    variant = remi.variants.get("mayi")
    hand = list(remi.parse_cards(text))
    assert _listed_all_in(variant, 5, hand) == []
    assert 0 < drawn < 10_000
