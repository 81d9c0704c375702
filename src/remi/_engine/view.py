"""What one seat may know of a state: :class:`PlayerView` (private: use :mod:`remi.state`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import attrs

from remi._engine.rules import is_down
from remi._engine.values import DealResult, Phase, TableMeld
from remi.cards import Card
from remi.contracts import Contract
from remi.variant import Variant

if TYPE_CHECKING:  # (the events load with the first history read: `import remi` stays light)
    from remi._engine.events import Event

__all__ = ["EventLog", "PlayerView"]


class EventLog(Protocol):
    """Where a view finds its :attr:`~PlayerView.history` on first use (the engine's lazy replay)."""

    def events(self) -> tuple[Event, ...]:
        """The seat's events of the deal in play."""
        ...


@attrs.frozen
class PlayerView:
    """What one seat may know: never another hand or the stock order.

    :meth:`GameState.view(seat) <remi.GameState.view>` builds it; a bot
    decides from it alone. Everything in it is public to every seat except
    ``hand``, which is the seat's own.

    Attributes:
        seat: Whose view this is.
        variant: The rules in play.
        players: The number of seats, 0 to ``players - 1`` clockwise.
        phase: What kind of decision is due now (:class:`~remi.Phase`).
        to_act: The seat whose decision it is now (``None`` once the match is over).
        on_turn: The seat whose turn it is (in a buy window, not the one deciding).
        dealer: The dealer's seat.
        deal: The deal's number in the match (1-based).
        levels: Each seat's contract level, 1-based (in a fixed-round variant, everyone's is the round).
        wins: Deals won by each seat so far.
        scores: Running totals per seat.
        hand: This seat's own hand, sorted.
        hand_sizes: How many cards each seat holds (the only thing shown of the other hands).
        table: The melds on the table, in the order laid, each with its owner.
        discard_pile: The discard pile, top card last (every card in it was seen face up).
        stock_size: How many cards the stock holds (never their order).
        laid: Per seat, the indices of the contract's requirements already laid.
        layoffs: Cards each seat has laid off this deal.
        buys: Buys each seat has made this deal.
        rebuilds: Times the stock was rebuilt this deal.
        buy_queue: In a buy window, the seats still to decide, in priority order.
        discarder: Who discarded the top discard (``None`` for the upcard).
        taken: The discard the player on turn took as their draw this turn (seen by
            everyone), else ``None``.
        turn: Turns started this deal (0 for the first).
        last_deal: How the previous deal ended, the hands it revealed included
            (``None`` in the first deal).

    Args:
        events: The :attr:`history` (keyword only, default empty): the events,
            or an object whose ``events()`` method returns them on first use
            (what :meth:`GameState.view <remi.GameState.view>` gives). Views
            compare equal whatever their histories.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Every field documented.

    .. versionchanged:: 0.3.0
       ``discarder``, so that the rules' predicates (who may buy) answer from a view too;
       :attr:`history`, the deal's events as this seat saw them.
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
    discarder: int | None
    taken: Card | None
    turn: int
    last_deal: DealResult | None
    _events: tuple[Event, ...] | EventLog = attrs.field(default=(), eq=False, repr=False, kw_only=True)

    @property
    def history(self) -> tuple[Event, ...]:
        """The deal's events in the order they happened, as this seat saw them.

        The public events of every seat (draws from the stock, their cards
        shown as ``None``; takes, buys with their penalty cards shown as
        ``None``; passes; lay-downs, lay-offs, swaps, discards; stock rebuilds;
        the end of the deal) and this seat's own private ones (the cards it was
        dealt and drew). The first event is :class:`~remi.Dealt`. Once the
        match is over, the last deal's.

        Empty for a view of a state that play did not reach from its start
        (one made with :func:`attrs.evolve`, or by :func:`remi.determinize`),
        and for a view built by hand without ``events``.

        >>> import remi
        >>> game = remi.new_game("english", players=2, seed=3)
        >>> game = game.apply(remi.actions.DrawStock())
        >>> [type(event).__name__ for event in game.view(0).history]
        ['Dealt', 'DrewStock']
        >>> game.view(0).history[1]  # seat 1 drew a card seat 0 did not see
        DrewStock(seat=1, card=None)
        >>> game.view(1).history[1]
        DrewStock(seat=1, card=Card(Rank.FIVE, Suit.HEARTS))

        .. versionadded:: 0.3.0
        """
        events = self._events
        if type(events) is tuple:
            return events
        assert not isinstance(events, tuple)
        return events.events()

    def contract(self, seat: int | None = None) -> Contract:
        """The contract ``seat`` (default: this view's seat) is playing."""
        return self.variant.contracts[self.levels[self.seat if seat is None else seat] - 1]

    def is_down(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: this view's seat) has laid its whole contract."""
        return is_down(self, self.seat if seat is None else seat)
