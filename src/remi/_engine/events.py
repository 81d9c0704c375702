"""The events of a deal, as a seat sees them (private: use the names from :mod:`remi.state`).

:attr:`PlayerView.history <remi.PlayerView.history>` lists them in the order
they happened. Each is a small frozen record; a card the seat did not see is
``None`` (another seat's draw from the stock, its buy's penalty card, its hand
as dealt).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from remi._engine.values import TableMeld
from remi.cards import Card
from remi.melds import End, Meld

__all__ = [
    "Bought",
    "DealEnded",
    "Dealt",
    "Discarded",
    "DrewStock",
    "Event",
    "LaidDown",
    "LaidOff",
    "Passed",
    "StockRebuilt",
    "Swapped",
    "TookDiscard",
]


@attrs.frozen
class Dealt:
    """The deal began: the hands dealt, the upcard turned (or a built position laid out).

    Attributes:
        dealer: The dealer's seat.
        hands: Each seat's hand as dealt, sorted; ``None`` for each card the seat
            viewing did not see (every hand but its own).
        discard_pile: The discard pile, top card last (the upcard).
        table: The melds on the table (a position built with ``new_game(table=...)``; else empty).

    .. versionadded:: 0.3.0
    """

    dealer: int
    hands: tuple[tuple[Card | None, ...], ...]
    discard_pile: tuple[Card, ...]
    table: tuple[TableMeld, ...] = ()


@attrs.frozen
class DrewStock:
    """A seat drew the top card of the stock.

    Attributes:
        seat: Who drew.
        card: The card; ``None`` unless the seat viewing drew it.

    .. versionadded:: 0.3.0
    """

    seat: int
    card: Card | None


@attrs.frozen
class TookDiscard:
    """A seat took the top discard as its draw (N13: seen by everyone).

    Attributes:
        seat: Who took it.
        card: The card.

    .. versionadded:: 0.3.0
    """

    seat: int
    card: Card


@attrs.frozen
class Passed:
    """A seat declined to buy the discard offered in a buy window (N14).

    Attributes:
        seat: Who passed.

    .. versionadded:: 0.3.0
    """

    seat: int


@attrs.frozen
class Bought:
    """A seat bought the top discard, with penalty card(s) from the stock (N14).

    Attributes:
        seat: Who bought.
        card: The discard bought (seen by everyone).
        penalty: The penalty card(s), each ``None`` unless the seat viewing bought.

    .. versionadded:: 0.3.0
    """

    seat: int
    card: Card
    penalty: tuple[Card | None, ...]


@attrs.frozen
class StockRebuilt:
    """The stock ran out and was rebuilt from the discard pile under its top card (N20).

    Attributes:
        cards: The cards shuffled into the new stock, sorted (everyone saw
            them in the pile; their order in the stock is hidden).

    .. versionadded:: 0.3.0
    """

    cards: tuple[Card, ...]


@attrs.frozen
class LaidDown:
    """A seat laid melds of its contract down onto the table.

    Attributes:
        seat: Who laid them.
        melds: The melds, in the order they joined the table.

    .. versionadded:: 0.3.0
    """

    seat: int
    melds: tuple[Meld, ...]


@attrs.frozen
class LaidOff:
    """A seat laid a card off onto a meld on the table.

    Attributes:
        seat: Who laid it off.
        card: The card.
        meld: The meld's index on the table.
        end: The run's end it went to (``None`` for a set).

    .. versionadded:: 0.3.0
    """

    seat: int
    card: Card
    meld: int
    end: End | None


@attrs.frozen
class Swapped:
    """A seat put natural card(s) into a meld and took the joker(s) they stand for.

    Attributes:
        seat: Who swapped.
        meld: The meld's index on the table.
        cards: The naturals put in.
        freed: The jokers taken into the hand (seen by everyone).

    .. versionadded:: 0.3.0
    """

    seat: int
    meld: int
    cards: tuple[Card, ...]
    freed: tuple[Card, ...]


@attrs.frozen
class Discarded:
    """A seat discarded a card, ending its turn.

    Attributes:
        seat: Who discarded.
        card: The card as it left the hand (a 2 that dies on the pile, S15, is shown live here).

    .. versionadded:: 0.3.0
    """

    seat: int
    card: Card


@attrs.frozen
class DealEnded:
    """The deal ended: a seat went out, or nobody did (the stock ran out, or the turn limit).

    Attributes:
        winner: The seat that went out, or ``None``.

    .. versionadded:: 0.3.0
    """

    winner: int | None


#: Any event of a deal.
Event: TypeAlias = (
    Dealt | DrewStock | TookDiscard | Passed | Bought | StockRebuilt | LaidDown | LaidOff | Swapped | Discarded
    | DealEnded
)

# The events' public home is remi.state (which loads this module on first use, see its __getattr__):
# reprs, tracebacks, the docs and pickles name remi.state.
for _name in __all__:
    if _name != "Event":  # (a union, not a class)
        globals()[_name].__module__ = "remi.state"
