"""Listing the legal actions of a state (private: use ``GameState.legal_actions``).

The listing is lazy: lay-downs come from :mod:`remi._generate` one at a time,
so a caller pays only for what it reads, and it keeps nothing it has yielded:
a hand with millions of lay-downs is listed in constant memory. ``kinds``
narrows it to some action classes, skipping the others without generating them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from remi import _generate
from remi.actions import (
    BUY,
    DRAW,
    PASS,
    TAKE,
    Action,
    Buy,
    Discard,
    DrawStock,
    LayDown,
    LayOff,
    Pass,
    SwapJoker,
    TakeDiscard,
)
from remi.cards import CARDS, JOKER, Card
from remi.melds import End, MeldKind, lay_off, run_cards, run_start, swap_joker
from remi.state import (
    GameState,
    Phase,
    TableMeld,
    _cards_to_keep,
    _counts,
    _index,
    _is_down,
    _MeldOptions,
    _quota_error,
    _rediscard_forbidden,
)
from remi.variant import Variant

__all__ = ["generate_actions", "meld_options"]


def generate_actions(state: GameState, kinds: Collection[type] | None = None) -> Iterator[Action]:
    """The legal actions of ``state`` one at a time, only of the classes in ``kinds`` if given."""
    phase = state.phase
    if phase is Phase.DRAW:
        if kinds is None or DrawStock in kinds:
            yield DRAW
        if state.discard_pile and (kinds is None or TakeDiscard in kinds):
            yield TAKE
        return
    if phase is Phase.BUY:
        if kinds is None or Pass in kinds:
            yield PASS
        if kinds is None or Buy in kinds:
            yield BUY
        return
    if phase is Phase.OVER:
        return
    seat = state.to_act
    assert seat is not None
    variant = state.variant
    hand = state.hands[seat]
    level = state.levels[seat] - 1
    contract = variant.contracts[level]
    missing = len(contract.requirements) - len(state.laid[seat])
    if missing and (kinds is None or LayDown in kinds):
        laydowns = _generate.laydowns(
            variant.meld_rules,
            contract,
            exact=variant.exact_sizes,
            piecemeal=variant.piecemeal,
            done=state.laid[seat],
            counts=_counts(hand),
            hand_size=len(hand),
            all_in=variant.all_in[level],
            keep=_cards_to_keep(state, True),
        )
        if variant.piecemeal:  # a part of the contract must leave the cards of a player not down (N17)
            most = len(hand) - _cards_to_keep(state, False)
            laydowns = (found for found in laydowns if len(found.melds) == missing or len(found.cards) <= most)
        yield from laydowns
    if state.table:
        if kinds is None or SwapJoker in kinds:
            yield from _generate_swaps(state, seat, hand)
        if len(hand) > _cards_to_keep(state, not missing) and (kinds is None or LayOff in kinds):
            yield from _generate_layoffs(state, seat, hand)
    if kinds is not None and Discard not in kinds:
        return
    previous = None
    for card in hand:
        if card is previous:
            continue
        previous = card
        if _rediscard_forbidden(state, card, hand):
            continue
        yield _DISCARDS[card]


_DISCARDS = {card: Discard(card) for card in CARDS}


def meld_options(variant: Variant, meld: TableMeld) -> _MeldOptions:
    """What a meld accepts: lay-offs (card, end) and swaps (naturals), whoever holds the cards."""
    cached = meld._options
    if cached is not None and cached[0] is variant:
        return cached[1]
    rules, layoff_rules, cards = variant.meld_rules, variant.layoff_rules, meld.cards
    layoffs: list[tuple[Card, End | None]] = []
    swaps: list[tuple[Card, ...]] = []
    if meld.kind is MeldKind.SET:
        offset = next(card.index % 13 for card in cards if card is not JOKER)
        for card in (*(CARDS[suit * 13 + offset] for suit in range(4)), JOKER):
            if lay_off(layoff_rules, MeldKind.SET, cards, card) is not None:
                layoffs.append((card, None))
        missing = tuple(CARDS[suit * 13 + offset] for suit in range(4)
                        if all(card.index // 13 != suit for card in cards if card is not JOKER))
        if JOKER in cards and missing and swap_joker(rules, MeldKind.SET, cards, missing) is not None:
            swaps.append(missing)
    else:
        start = run_start(rules, cards)
        assert start is not None
        suit = next(card.index // 13 for card in cards if card is not JOKER)
        low = CARDS[suit * 13 + (start - 2) % 13]
        high = CARDS[suit * 13 + (start + len(cards) - 1) % 13]
        for card in sorted({low, high, JOKER}, key=_index):
            for end in (End.LOW, End.HIGH):
                if lay_off(layoff_rules, MeldKind.RUN, cards, card, end) is not None:
                    layoffs.append((card, end))
        if JOKER in cards and variant.swap_from_runs:
            stands_for = run_cards(rules, cards)
            for position, card in enumerate(cards):
                if card is JOKER and (stands_for[position],) not in swaps:
                    swaps.append((stands_for[position],))
    found = (tuple(layoffs), tuple(swaps))
    object.__setattr__(meld, "_options", (variant, found))
    return found


def _generate_swaps(state: GameState, seat: int, hand: tuple[Card, ...]) -> Iterator[SwapJoker]:
    variant = state.variant
    if variant.swapper_must_be_down and not _is_down(state, seat):
        return
    held = bytearray(53)
    for card in hand:
        held[card.index] += 1
    for index, meld in enumerate(state.table):
        if meld.owner == seat and not variant.swap_from_own_melds:
            continue
        for naturals in meld_options(variant, meld)[1]:
            if all(held[card.index] for card in naturals):
                yield SwapJoker(index, naturals)


def _generate_layoffs(state: GameState, seat: int, hand: tuple[Card, ...]) -> Iterator[LayOff]:
    variant = state.variant
    if variant.layoff_requires_down and not _is_down(state, seat):
        return
    if _quota_error(state, seat) is not None:
        return
    held = bytearray(53)
    for card in hand:
        held[card.index] = 1
    delay = variant.own_meld_layoff_delay * state.players
    for index, meld in enumerate(state.table):
        if meld.owner == seat and meld.turn is not None and state.turn - meld.turn < delay:
            continue
        for card, end in meld_options(variant, meld)[0]:
            if held[card.index]:
                yield LayOff(card, index, end)
