"""Listing the legal actions of a state (private: use ``GameState.legal_actions``).

The listing is lazy: lay-downs come from :mod:`remi._generate` one at a time,
so a caller pays only for what it reads.
"""

from __future__ import annotations

from collections.abc import Iterator

from remi import _generate
from remi.actions import BUY, DRAW, PASS, TAKE, Action, Discard, LayOff, SwapJoker
from remi.cards import CARDS, JOKER, Card
from remi.melds import End, MeldKind, lay_off, run_cards, run_start, swap_joker
from remi.state import GameState, Phase, TableMeld, _counts, _index, _is_down, _MeldOptions, _quota_error
from remi.variant import GoingOut, Variant

__all__ = ["generate_actions", "meld_options"]



def generate_actions(state: GameState) -> Iterator[Action]:
    phase = state.phase
    if phase is Phase.DRAW:
        yield DRAW
        if state.discard_pile:
            yield TAKE
        return
    if phase is Phase.BUY:
        yield PASS
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
    keep = 1 if variant.going_out is GoingOut.DISCARD_REQUIRED else 0
    if len(state.laid[seat]) < len(contract.requirements):
        yield from _generate.laydowns(
            variant.meld_rules,
            contract,
            exact=variant.exact_sizes,
            piecemeal=variant.piecemeal,
            done=state.laid[seat],
            counts=_counts(hand),
            hand_size=len(hand),
            all_in=variant.all_in[level],
            keep=keep,
        )
    if state.table:
        yield from _generate_swaps(state, seat, hand)
        if len(hand) > keep:
            yield from _generate_layoffs(state, seat, hand)
    previous = None
    for card in hand:
        if card is previous:
            continue
        previous = card
        if card is state.taken and not variant.rediscard_taken_card and len(hand) > 1 and hand.count(card) < 2:
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
