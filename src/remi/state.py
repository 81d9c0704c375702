"""The game: an immutable turn state machine that plays any variant end to end.

>>> import remi
>>> game = remi.new_game(remi.variants.get("norwegian"), players=4, seed=7)
>>> game.phase, game.to_act == game.on_turn, len(game.hands[game.to_act])
(<Phase.DRAW: 'draw'>, True, 10)
>>> [str(action) for action in game.legal_actions()]
['draw', 'take']
>>> after = game.apply(remi.actions.DrawStock())
>>> len(after.hands[game.to_act]), len(game.hands[game.to_act])
(11, 10)

``apply`` returns a new state and leaves the old one untouched.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeAlias, cast

import attrs

from remi._engine.listing import LegalActions
from remi._engine.rules import buy_blocked as buy_blocked  # noqa: PLC0414 (for the bots)
from remi._engine.rules import is_down as is_down  # noqa: PLC0414 (for the bots)
from remi._engine.rules import layoff_blocked as layoff_blocked  # noqa: PLC0414 (for the bots)
from remi._engine.rules import may_take_discard as may_take_discard  # noqa: PLC0414 (for the bots)
from remi._engine.rules import own_meld_too_soon as own_meld_too_soon  # noqa: PLC0414 (for the bots)
from remi._engine.rules import refusal_of, verdict_on
from remi._engine.rules import swap_blocked as swap_blocked  # noqa: PLC0414 (for the bots)
from remi._engine.rules import went_down_this_turn as went_down_this_turn  # noqa: PLC0414 (for the bots)
from remi._engine.setup import CardsLike, build_game
from remi._engine.transitions import perform
from remi._engine.values import (
    STATE_DICT,
    DealResult,
    History,
    Phase,
    Plain,
    StateChanges,
    TableMeld,
    evolve,
    history_eq,
    unwind,
    wind,
)
from remi._engine.view import EventLog, PlayerView
from remi._util import printable
from remi.actions import Action
from remi.cards import Card
from remi.contracts import Contract
from remi.errors import IllegalActionError, Reason, RemiError
from remi.melds import Meld
from remi.variant import Variant

if TYPE_CHECKING:  # loaded on first use (see __getattr__ below): `import remi` stays light
    from remi._engine import events
    from remi._engine.events import (
        Bought,
        DealEnded,
        Dealt,
        Discarded,
        DrewStock,
        LaidDown,
        LaidOff,
        Passed,
        StockRebuilt,
        Swapped,
        TookDiscard,
    )

    #: Any event of a deal, as :attr:`PlayerView.history` lists them (each class is documented below).
    #:
    #: .. versionadded:: 0.3.0
    Event: TypeAlias = events.Event

# Phase, TableMeld, DealResult, PlayerView, LegalActions and the events are defined beside the engine
# modules that need them below this one (the rules, the transitions, the listing, the replay), and their
# public home is here: reprs, tracebacks, the docs and pickles name remi.state, whichever module defines them.
# (The events, and the replay that lists them, load on first use: remi._engine.events names its classes'
# home itself.)
for _public in (DealResult, LegalActions, Phase, PlayerView, TableMeld):
    _public.__module__ = __name__

#: The names of :mod:`remi._engine.events` this module (and :mod:`remi`) gives, loaded on first use.
EVENT_NAMES = frozenset({"Bought", "DealEnded", "Dealt", "Discarded", "DrewStock", "Event", "LaidDown", "LaidOff",
                         "Passed", "StockRebuilt", "Swapped", "TookDiscard"})


def __getattr__(name: str) -> Any:
    """Load an event class (or :data:`Event`) on first use, and keep it."""
    if name not in EVENT_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from remi._engine import events  # deferred: `import remi` loads the events with the first history

    value = globals()[name] = getattr(events, name)
    return value
__all__ = [
    "Bought",
    "DealEnded",
    "DealResult",
    "Dealt",
    "Discarded",
    "DrewStock",
    "Event",
    "GameState",
    "LaidDown",
    "LaidOff",
    "LegalActions",
    "Passed",
    "Phase",
    "PlayerView",
    "StockRebuilt",
    "Swapped",
    "TableMeld",
    "TookDiscard",
    "determinize",
    "new_game",
    "position",
]
# The rules' predicates of a seat's standing (is_down, buy_blocked, layoff_blocked, ...) are named here,
# outside __all__, for the layers above the engine (the bots): each answers from a GameState or a
# PlayerView alike, so a bot weighs exactly the rule the engine enforces.


@attrs.frozen(repr=False, slots=False)  # a dict per state: a new state is one dict copy
class GameState(Plain):
    """A position in a match: immutable; :meth:`apply` returns the next one.

    Build one with :func:`new_game`. Every field is public and read-only.

    Attributes:
        variant: The rules in play.
        players: The number of seats, 0 to ``players - 1`` clockwise.
        seed: The seed that fixes every shuffle.
        deal: The deal's number in the match (1-based).
        dealer: The dealer's seat.
        levels: Each seat's contract level, 1-based (in a fixed-round variant, everyone's is the round).
        wins: Deals won by each seat so far.
        scores: Running totals per seat.
        deal_scores: Each finished deal's scores; ``scores`` is their sum.
        hands: Each seat's hand, sorted.
        stock: The stock, top card first.
        discard_pile: The discard pile, top card last.
        table: The melds on the table, in the order laid.
        laid: Per seat, the indices of contract requirements already laid.
        layoffs: Cards each seat has laid off this deal.
        buys: Buys each seat has made this deal.
        rebuilds: Times the stock was rebuilt this deal (N20).
        on_turn: The seat whose turn it is.
        to_act: The seat whose decision it is now (``None`` once the match is over).
        phase: What kind of decision that is.
        buy_queue: In a buy window, the seats still to decide, in priority order.
        discarder: Who discarded the top discard (``None`` for the upcard).
        taken: The discard the player on turn took as their draw this turn, while the
            re-discard rule holds it (N13, E7): ``None`` again once a copy of that card
            leaves the hand by a meld, a lay-off or a swap (copies cannot be told apart).
        turn: Turns started this deal (0 for the first).
        last_deal: How the previous deal ended.
        start: The arguments of :func:`~remi.new_game` that began the match, as
            (name, JSON value) pairs, deeply immutable (JSON arrays as tuples): with
            :attr:`history`, everything a game record needs (see :mod:`remi.notation`).

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       ``start`` is deeply immutable, and ``vars(state)`` (``state.__dict__``) is a
       read-only view: a state cannot be changed in place.
    """

    variant: Variant
    players: int
    seed: int | str
    deal: int
    dealer: int
    levels: tuple[int, ...]
    wins: tuple[int, ...]
    scores: tuple[int, ...]
    deal_scores: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    laid: tuple[frozenset[int], ...]
    layoffs: tuple[int, ...]
    buys: tuple[int, ...]
    rebuilds: int
    on_turn: int
    to_act: int | None
    phase: Phase
    buy_queue: tuple[int, ...]
    discarder: int | None
    taken: Card | None
    turn: int
    last_deal: DealResult | None
    start: tuple[tuple[str, Any], ...] = attrs.field(eq=False, hash=False)
    _history: History = attrs.field(eq=attrs.cmp_using(eq=history_eq), hash=False, alias="history_")

    @property
    def __dict__(self) -> dict[str, Any] | MappingProxyType[str, Any]:  # type: ignore[override]
        """The fields, read-only: a state is immutable.

        Only a state that holds no field yet (inside attrs' ``__init__``, which
        fills it through here) has its dict writable.
        """
        values: dict[str, Any] = STATE_DICT.__get__(self)
        return MappingProxyType(values) if values else values

    # -- reading -------------------------------------------------------------

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions that led here from :func:`new_game`."""
        return unwind(self._history)

    @property
    def is_over(self) -> bool:
        """Whether the match is over."""
        return self.phase is Phase.OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """Who won, once the match is over (ties shared), else ``()``.

        The lowest total, unless the variant's :class:`~remi.Match` part says
        otherwise (the players who completed the last level, say).

        .. versionchanged:: 0.2.0
           Asks the variant's :meth:`Match.winners <remi.Match.winners>` hook.
        """
        if not self.is_over:
            return ()
        deal = self.last_deal
        assert deal is not None  # (a match that is over had a last deal)
        finishers = self.variant.next_levels(deal.levels, deal.winner, deal.went_down)[1]
        return self.variant.match_winners(self.scores, finishers)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the lowest total so far (ties shared), at any point of the match."""
        best = min(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)

    @property
    def round(self) -> int:
        """The round (1-based) in a fixed-round variant; in a levels variant, the lowest level."""
        return min(self.levels)

    def contract(self, seat: int | None = None) -> Contract:
        """The contract ``seat`` (default: the seat to act, or on turn) is playing.

        Raises:
            RemiError: With reason ``NOT_A_SEAT`` if ``seat`` is not a seat of this game.
        """
        if seat is None:
            seat = self.to_act if self.to_act is not None else self.on_turn
        return self.variant.contracts[self.levels[self._seat(seat)] - 1]

    def is_down(self, seat: int) -> bool:
        """Whether ``seat`` has laid its whole contract (the rule :meth:`PlayerView.is_down` asks too).

        Raises:
            RemiError: With reason ``NOT_A_SEAT`` if ``seat`` is not a seat of this game.

        .. versionadded:: 0.3.0
        """
        return is_down(self, self._seat(seat))

    @property
    def down(self) -> tuple[bool, ...]:
        """Per seat, whether its whole contract is on the table (see :meth:`is_down`)."""
        return tuple(is_down(self, seat) for seat in range(self.players))

    def _seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this game (an ``int``, not a ``bool``), else a ``NOT_A_SEAT`` refusal."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise RemiError(f"seat {printable(seat)} does not exist (0 to {self.players - 1})", Reason.NOT_A_SEAT)
        return seat

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: own hand, table, discards, sizes, scores, whose decision it is.

        Raises:
            RemiError: With reason ``NOT_A_SEAT`` if ``seat`` is not a seat of this game.
        """
        seat = self._seat(seat)
        return PlayerView(
            seat=seat,
            variant=self.variant,
            players=self.players,
            phase=self.phase,
            to_act=self.to_act,
            on_turn=self.on_turn,
            dealer=self.dealer,
            deal=self.deal,
            levels=self.levels,
            wins=self.wins,
            scores=self.scores,
            hand=self.hands[seat],
            hand_sizes=tuple(len(hand) for hand in self.hands),
            table=self.table,
            discard_pile=self.discard_pile,
            stock_size=len(self.stock),
            laid=self.laid,
            layoffs=self.layoffs,
            buys=self.buys,
            rebuilds=self.rebuilds,
            buy_queue=self.buy_queue,
            discarder=self.discarder,
            taken=self.taken,
            turn=self.turn,
            last_deal=self.last_deal,
            events=_deal_log(self, seat),
        )

    def __repr__(self) -> str:
        return (
            f"<GameState {self.variant.name} deal {self.deal} {self.phase.value} "
            f"to_act={self.to_act} scores={list(self.scores)}>"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        values = [getattr(self, f.name) for f in attrs.fields(GameState)]
        values[-1] = self.history
        return (_rebuild, (tuple(values),))

    # -- deciding ------------------------------------------------------------

    def legal_actions(self, kinds: Iterable[type[Action]] | type[Action] | None = None) -> LegalActions:
        """Every legal action for ``to_act``, each exactly once: a lazy :class:`LegalActions`.

        Args:
            kinds: List only these action classes (e.g. ``(Discard, LayOff,
                SwapJoker)`` to leave out the lay-downs, which a hand with many
                jokers has by the million); ``in``, ``len``, iteration and
                indexing all respect the filter. Default: every kind.

        Raises:
            RemiError: With reason ``BAD_ARGUMENT`` if a kind is not an action class.

        >>> import remi
        >>> from remi.actions import DrawStock
        >>> game = remi.new_game("english", players=2, seed=3)
        >>> [str(action) for action in game.legal_actions(kinds=DrawStock)]
        ['draw']

        .. versionchanged:: 0.2.0
           The ``kinds`` filter.
        """
        if kinds is None:
            return LegalActions(self)
        return LegalActions(self, kinds)

    def check(self, action: object, *, seat: int | None = None) -> None:
        """Raise the :class:`~remi.IllegalActionError` that :meth:`apply` would raise, if any.

        Args:
            action: The action.
            seat: Who is trying it (default: ``to_act``); another seat is refused
                with ``Reason.NOT_YOUR_TURN``.
        """
        error = refusal_of(self, action, seat)
        if error is not None:
            raise error

    def is_legal(self, action: object, *, seat: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action``."""
        return refusal_of(self, action, seat) is None

    def apply(self, action: Action, *, seat: int | None = None) -> GameState:
        """The state after ``action``; this state is left untouched.

        Raises:
            IllegalActionError: With a ``reason`` and a sentence, if the rules forbid it.
        """
        verdict = verdict_on(self, action, seat)
        if type(verdict) is IllegalActionError:
            raise verdict
        return perform(self, action, verdict)

    # -- serialization ---------------------------------------------------------

    def to_json(self) -> str:
        """The whole state as JSON; :meth:`from_json` reads it back to an equal state.

        The JSON is format 2: its ``format_version`` is ``2``.

        .. versionchanged:: 0.2.0
           Writes format 2 (remi 0.2 wrote format 1).
        """
        from remi._engine.serialize import state_to_json  # deferred: `import remi` loads the format on first use

        return state_to_json(self)

    @classmethod
    def from_json(cls, text: str | bytes, *, variant: Variant | None = None) -> GameState:
        """Read a state written by :meth:`to_json`.

        Exactly the states the engine can reach are read back: after checking
        each field's type, the reader rebuilds the first state from ``start``
        with :func:`~remi.new_game`, replays ``history``, and demands that every
        field equals the replay's.

        Args:
            text: The JSON.
            variant: The variant, when it is not registered under the recorded name
                (a house rule built with :func:`attrs.evolve`, say).

        Raises:
            SerializationError: If the text is malformed or describes a state that
                cannot arise: the sentence names the field (``start``, the index
                of an illegal action in ``history``, or the first field that does
                not follow from them); with reason
                :attr:`~remi.errors.Reason.UNSUPPORTED_FORMAT` if its
                ``format_version`` is not one this remi reads (1 or 2).
            RemiError: If ``variant`` is not a :class:`~remi.Variant` (reason
                ``BAD_ARGUMENT``).

        >>> import remi
        >>> game = remi.new_game("english", players=3, seed=5)
        >>> remi.GameState.from_json(game.to_json()) == game
        True

        .. versionchanged:: 0.2.0
           Reads back only states that the start and the history lead to.

        .. versionchanged:: 0.2.0
           Reads format 2, and format 1 (what remi 0.2 wrote) as before; refuses
           other formats with reason ``UNSUPPORTED_FORMAT``.
        """
        from remi._engine.serialize import state_from_json  # deferred: `import remi` loads the format on first use

        return state_from_json(text, variant, new_game, _FIELDS)


_FIELDS = tuple(f.name for f in attrs.fields(GameState))
#: A state with no field: new states (``new_game``, unpickling) are evolved from it, so that
#: :func:`~remi._engine.values.evolve` is the one place where a state is assembled.
_EMPTY = object.__new__(GameState)


def _deal_log(state: GameState, seat: int) -> EventLog:
    """``seat``'s events of ``state``'s deal, worked out on first use (the replay loads with the first view)."""
    from remi._engine.knowledge import DealLog  # deferred: the replay (and the events) load with the first view

    return DealLog(state, seat)


def _rebuild(values: tuple[Any, ...]) -> GameState:
    """A state from its field values in order, the history as a sequence of actions (pickle)."""
    fields = cast(StateChanges, dict(zip(_FIELDS, values, strict=True)))  # (evolve checks the names)
    fields["_history"] = wind(values[-1])
    return evolve(_EMPTY, fields)


def new_game(
    variant: Variant | str,
    players: int = 4,
    seed: int | str | None = None,
    *,
    deck: CardsLike | None = None,
    hands: Sequence[CardsLike] | None = None,
    stock: CardsLike | None = None,
    discard_pile: CardsLike | None = None,
    dealer: int | None = None,
    round: int | None = None,
    levels: Sequence[int] | None = None,
    wins: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    table: Sequence[TableMeld] = (),
    layoffs: Sequence[int] | None = None,
) -> GameState:
    """Start a match, or any later position of one, at its first decision.

    The player after the dealer is on turn, about to draw (N12). A built
    position must be one that can arise in play at the start of a turn: every
    hand holds a card (a player whose hand empties has gone out, which ends the
    deal; N17, E13), the discard pile holds a card, and the melds on the table
    fit their owners' contracts (see ``table``).

    Args:
        variant: A :class:`~remi.Variant` or a registered variant's name.
        players: The number of seats.
        seed: Fixes the first dealer, every shuffle and every reshuffle: an
            integer strictly between ``-2**128`` and ``2**128``, or a string of at
            most 1000 characters (``None`` picks one at random and records it).
        deck: A stacked deck for the first deal: dealt one card at a time
            clockwise from the dealer's left, then the upcard; the rest is the
            stock, next card on top. It may be a prefix: the cards not given
            follow in seeded random order.
        hands: Instead of ``deck``, each seat's hand outright (any sizes but
            empty).
        stock: With ``hands``, the top of the stock (top card first); the
            remaining cards follow in seeded random order.
        discard_pile: With ``hands``, the discard pile (top card last, at least
            one card); default one card from the rest, as the upcard.
        dealer: The first dealer's seat (default: chosen by the seed, N12).
        round: Start a fixed-round variant at this round (1-based).
        levels: Start a levels variant with each seat on this level (1-based).
        wins: Deals each seat has won so far.
        scores: Totals so far.
        table: Melds on the table, as they lie now (their cards leave the deck
            first; each meld's ``turn`` is ``None``: laid before the position
            began). Each meld was laid by its owner to fill one requirement of
            the owner's contract (sizes exact or minimum as the variant says;
            in a variant whose contract goes down whole, all of it), and may
            since have grown by lay-offs, counted in ``layoffs``. No meld lies
            on the table in an all-in round (N18): going down there goes out.
        layoffs: Cards each seat has laid off this deal (default none): as many
            in all as the melds on the table have grown by, each seat within
            its lay-off quota (E12), and only seats that are down where laying
            off needs that (N16).

    Raises:
        RemiError: If the arguments describe an impossible position
            (reason ``BAD_POSITION``, ``NOT_A_SEAT`` or ``BAD_ARGUMENT``).

    >>> import remi
    >>> game = remi.new_game("norwegian", players=3, seed=1, round=7, dealer=0,
    ...                      hands=["KS", "3S 4S 5S 6S 9H 10H JH QH AD 2D 3D", "2C"],
    ...                      stock="JK")
    >>> game.round, game.contract(1).name, game.to_act
    (7, '4-4-4', 1)

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       The position must be able to arise in play: no empty hand or discard
       pile, table melds that fit their owners' contracts (grown by lay-offs,
       counted in the new ``layoffs`` argument), a bounded seed.
    """
    return build_game(
        _EMPTY, variant, players, seed, deck=deck, hands=hands, stock=stock, discard_pile=discard_pile,
        dealer=dealer, round=round, levels=levels, wins=wins, scores=scores, table=table, layoffs=layoffs,
    )


def position(
    variant: Variant | str,
    players: int = 2,
    *,
    seed: int | str = 0,
    hands: Sequence[CardsLike | None] | None = None,
    table: Sequence[TableMeld | tuple[int, Meld | str]] = (),
    discard_pile: CardsLike | None = None,
    stock: CardsLike | None = None,
    dealer: int | None = None,
    round: int | None = None,
    levels: Sequence[int] | None = None,
    layoffs: Sequence[int] | None = None,
    wins: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
) -> GameState:
    """Build a position that can arise in play from only what the caller cares about.

    For tests, puzzles and tutorials: give the hands and melds that matter, and
    the builder completes the rest from the variant's own deck, seeded:

    * each seat that owns a meld on the table has laid its whole contract: the
      melds it lacks are invented from the deck (naturals, each requirement at
      its exact size), and a contract-level rule (``Contracts.melds_problem``)
      judges the whole contract;
    * the round (or each owner's level) is the first whose contract the given
      melds fit and that is not all-in (N18: going down there goes out);
    * the lay-off counts are the fewest the table implies (a meld laid as one
      requirement, then grown), shared among the seats allowed to lay off
      (E12's quota, N16's down players);
    * a seat whose hand is not given gets a deal's worth of cards, less those
      it has laid on the table; the stock and the discard pile are the rest.

    The state is then built by :func:`new_game` with all of it, so it passes
    every check of a reachable position. Seat 0 is on turn unless ``dealer``
    says otherwise.

    Args:
        variant: A :class:`~remi.Variant` or a registered variant's name.
        players: The number of seats.
        seed: Fixes every card the builder picks, and the match's shuffles.
        hands: Per seat, the hand (card text or cards), or ``None`` to deal it.
        table: Melds on the table: :class:`TableMeld` values (``turn`` ``None``)
            or ``(owner, meld)`` pairs, the meld as a :class:`~remi.Meld` or its
            text (``"set 5C 5D 5H"``). They stay first on the table, in order.
        discard_pile: The discard pile, top card last (default: one card).
        stock: The top of the stock, top card first.
        dealer: The dealer's seat (default: the last, so seat 0 acts first).
        round: In a fixed-round variant, the round (default: found as above).
        levels: In a levels variant, each seat's level (default: found as above).
        layoffs: Cards each seat has laid off this deal (default: found as above).
        wins: Deals each seat has won so far.
        scores: Totals so far.

    Raises:
        RemiError: With reason ``BAD_POSITION`` and a sentence saying what cannot
            be completed (a meld that fits no contract, a deck too short, ...),
            or as :func:`new_game` refuses a bad argument.

    A puzzle: seat 1 is down with a run of hearts; seat 0 holds three nines,
    three clubs, a joker and the 8 of hearts. Can seat 0 go out this turn?

    >>> import remi
    >>> game = remi.position("norwegian", 2, hands=["9S 9H 9D 4C 5C 6C JK 8H", None],
    ...                      table=[(1, "run 4H 5H 6H 7H")], discard_pile="KC", stock="QD")
    >>> game.round, game.contract(0).name, game.is_down(1), game.to_act
    (2, '3-4', True, 0)
    >>> [str(meld) for meld in game.table]  # seat 1's set completes its contract
    ['run 4H 5H 6H 7H (seat 1)', 'set JS JH JD (seat 1)']
    >>> for text in ["draw", "pass", "down set 9S 9H 9D; run 4C 5C 6C JK", "layoff 8H on 0 high", "discard QD"]:
    ...     game = game.apply(remi.parse_action(text))
    >>> game.last_deal.winner
    0

    .. versionadded:: 0.3.0
    """
    from remi._engine.position import build_position  # deferred: only this needs it, so remi imports light

    return build_position(
        _EMPTY, variant, players, seed=seed, hands=hands, table=table, discard_pile=discard_pile, stock=stock,
        dealer=dealer, round=round, levels=levels, layoffs=layoffs, wins=wins, scores=scores,
    )
def determinize(view: PlayerView, seed: int | str) -> GameState:
    """A full state that ``view``'s seat cannot tell from the real one: the hidden cards dealt by ``seed``.

    Everything the seat knows stays as it is: its own hand, the table, the
    discard pile, the size of every hand and of the stock, the scores and the
    turn's progress (whose decision, the taken discard, the buys, the buy
    window). A card the seat saw an opponent pick up (take, buy, or free from a
    meld by a swap) and not play since stays in that opponent's hand; after a
    stock rebuild the stock holds only cards of the rebuild (N20). Every other
    card the seat cannot see is shuffled by ``seed`` among the opponents'
    unknown cards and the stock. The same view and seed give the same state.

    Play continues from the result as from the real state: the seat to act has
    the same legal actions when it is ``view``'s seat. The result is a sample
    to search from, not a record of play: its ``seed`` is ``seed`` (later
    shuffles follow it), its ``start`` records the position dealt, its
    ``history`` is empty (so are its views' histories), its ``deal_scores``
    hold the last deal's row alone, and :meth:`GameState.from_json` refuses
    its JSON (no :func:`new_game` call leads to a position in mid-turn).

    Args:
        view: What the seat knows (:meth:`GameState.view`; its
            :attr:`~PlayerView.history` is read: a view without one keeps
            only the taken discard in the opponent's hand).
        seed: An integer or a string, as for :func:`new_game`.

    Raises:
        RemiError: With reason ``BAD_ARGUMENT`` if ``view`` is not a
            :class:`PlayerView` or ``seed`` is no seed; with reason
            ``BAD_POSITION`` if the view shows more cards than the deck holds.

    >>> import remi
    >>> game = remi.new_game("norwegian", players=3, seed=7)
    >>> taker = game.to_act
    >>> game = game.apply(remi.actions.TakeDiscard())
    >>> sample = remi.determinize(game.view(taker), seed=1)
    >>> sample.hands[taker] == game.hands[taker], sample.table == game.table
    (True, True)
    >>> list(sample.legal_actions()) == list(game.legal_actions())
    True
    >>> other = remi.determinize(game.view((taker + 1) % 3), seed=1)
    >>> game.taken in other.hands[taker]  # seen taken: it stays in the taker's hand
    True

    .. versionadded:: 0.3.0
    """
    from remi._engine.sampling import determinized  # deferred: `import remi` loads the sampler on first use

    return determinized(_EMPTY, view, seed)
