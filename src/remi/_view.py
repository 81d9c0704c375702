"""What one seat may know of a state: :class:`PlayerView` (private: use :mod:`remi.state`)."""

from __future__ import annotations

import attrs

from remi._values import DealResult, Phase, TableMeld
from remi.cards import Card
from remi.contracts import Contract
from remi.variant import Variant

__all__ = ["PlayerView"]


@attrs.frozen
class PlayerView:
    """What one seat may know: never another hand or the stock order.

    .. versionadded:: 0.1.0
    """

    seat: int
    variant: Variant
    players: int
    phase: Phase
    to_act: int | None
    on_turn: int
    dealer: int
    deal: int
    levels: tuple[int, ...]
    wins: tuple[int, ...]
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[TableMeld, ...]
    discard_pile: tuple[Card, ...]
    stock_size: int
    laid: tuple[frozenset[int], ...]
    layoffs: tuple[int, ...]
    buys: tuple[int, ...]
    rebuilds: int
    buy_queue: tuple[int, ...]
    taken: Card | None
    turn: int
    last_deal: DealResult | None

    def contract(self, seat: int | None = None) -> Contract:
        """The contract ``seat`` (default: this view's seat) is playing."""
        return self.variant.contracts[self.levels[self.seat if seat is None else seat] - 1]

    def is_down(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: this view's seat) has laid its whole contract."""
        seat = self.seat if seat is None else seat
        return len(self.laid[seat]) == len(self.contract(seat).requirements)
