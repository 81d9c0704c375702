"""Reading a run's values where 2s are wild or dead (private): what :func:`remi.melds.run_start` needs.

A run's positions stand for values 1 (the low ace) to 14 (the high ace);
``bounds`` are the lowest and highest value a position may take and whether
runs wrap (:func:`remi.melds._bounds`). Where 2s are wild every live 2 in a run
is a wild; a dead 2 (S15) is a natural whose only place is the 2 of its suit.
Card indices: :attr:`remi.Card.index`.
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.cards import DEAD_TWOS, JOKER, Card

_J = JOKER.index
_DEAD = DEAD_TWOS[0].index


def wild_run_start(bounds: tuple[int, int, bool], cards: Sequence[Card]) -> int | None:
    """The first position's value of a run where 2s are wild, or ``None`` (see :func:`remi.melds.run_start`)."""
    n = len(cards)
    first = next((i for i, card in enumerate(cards)
                  if card.index != _J and (card.index % 13 != 1 or card.index > _J)), -1)
    if first < 0:
        return None
    if cards[first].index > _J:
        return dead_run_start(bounds, True, cards)
    lowest, highest, wrap = bounds
    rank = cards[first].index % 13 + 1
    for start in (1 - first, 14 - first) if rank == 1 else (rank - first,):
        if not wrap and (start < lowest or start + n - 1 > highest):
            continue
        for i in range(first, n):
            index = cards[i].index
            if index >= _J:
                if index == _J:
                    continue
                return dead_run_start(bounds, True, cards)  # S15: a dead 2 in the run
            if index % 13 == 1:
                continue
            value = start + i
            rank = index % 13 + 1
            if wrap:
                if (value - 1) % 13 + 1 != rank:
                    break
            elif rank != value and not (rank == 1 and value == 14):  # (the bounds keep forbidden aces out)
                break
        else:
            return start
    return None


def natural_ranks(wild_twos: bool, cards: Sequence[Card]) -> list[tuple[int, int, int]]:
    """Each natural of a run as (position, rank 1–13, suit): a dead 2 (S15) is the 2 of its suit."""
    out = []
    for i, card in enumerate(cards):
        index = card.index
        if index > _J:
            out.append((i, 2, index - _DEAD))
        elif index != _J and not (wild_twos and index % 13 == 1):
            out.append((i, index % 13 + 1, index // 13))
    return out


def dead_run_start(bounds: tuple[int, int, bool], wild_twos: bool, cards: Sequence[Card]) -> int | None:
    """The first position's value of a run that holds a dead 2 (S15), or ``None``."""
    n = len(cards)
    naturals = natural_ranks(wild_twos, cards)
    if not naturals:
        return None
    lowest, highest, wrap = bounds
    first, rank, _ = naturals[0]
    for start in (1 - first, 14 - first) if rank == 1 else (rank - first,):
        if not wrap and (start < lowest or start + n - 1 > highest):
            continue
        if wrap:
            if all((start + i - 1) % 13 + 1 == r for i, r, _ in naturals):
                return start
        elif all(r == start + i or (r == 1 and start + i == 14) for i, r, _ in naturals):
            return start
    return None


def cyclic_consistent(cards: Sequence[Card], wild_twos: bool = False) -> bool:
    """Whether the naturals (live 2s aside where wild) keep one offset round the corner: a wrap, not a gap."""
    offsets = {
        (card.index % 13 - i) % 13
        for i, card in enumerate(cards)
        if card.index != _J and not (wild_twos and card.index % 13 == 1)
    }
    return len(offsets) <= 1
