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

import enum
import random
from collections.abc import Iterator, Sequence
from operator import attrgetter
from types import MappingProxyType
from typing import Any, overload

import attrs

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
from remi.cards import JOKER, Card, format_cards, shuffled
from remi.contracts import Contract, assign
from remi.errors import IllegalActionError, Reason, RemiError
from remi.melds import End, JokerCap, MeldKind, _to_cards, lay_off, meld_problems, swap_joker
from remi.variant import GoingOut, Schedule, Variant

__all__ = ["DealResult", "GameState", "LegalActions", "Phase", "PlayerView", "TableMeld"]

_J = JOKER.index
_MeldOptions = tuple[tuple[tuple[Card, End | None], ...], tuple[tuple[Card, ...], ...]]
_index = attrgetter("index")


class Phase(enum.Enum):
    """What kind of decision ``state.to_act`` faces.

    .. versionadded:: 0.1.0
    """

    #: The player on turn draws: from the stock or the discard pile.
    DRAW = "draw"
    #: A buy window: ``to_act`` may buy the declined discard or pass (N14).
    BUY = "buy"
    #: The player on turn may go down, lay off, swap jokers, and must discard (or go out).
    PLAY = "play"
    #: The match is over.
    OVER = "over"


@attrs.frozen
class TableMeld:
    """A meld on the table.

    A set's cards are kept sorted, so equal melds compare equal.

    Attributes:
        kind: Set or run.
        cards: The cards (a run low to high, jokers in place); card text is accepted.
        owner: The seat that laid it.
        turn: The deal's turn number when it was laid (for lay-off delays, E11);
            ``None`` for a meld that was on the table before the position began.

    .. versionadded:: 0.1.0
    """

    kind: MeldKind
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    owner: int
    turn: int | None = None
    # what the meld accepts under one variant, computed on first use (see remi._listing.meld_options)
    _options: tuple[Variant, _MeldOptions] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.kind is MeldKind.SET:
            object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_index)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (TableMeld, (self.kind, self.cards, self.owner, self.turn))  # without the cache

    def __str__(self) -> str:
        return f"{self.kind.value} {format_cards(self.cards)} (seat {self.owner})"


@attrs.frozen
class DealResult:
    """How a deal ended.

    Attributes:
        deal: The deal's number in the match (1-based).
        winner: The seat that went out, or ``None`` when the deal ended with no winner:
            the stock ran out (N20, E17) or the variant's ``turn_limit`` was reached.
        scores: What each seat scored this deal.
        hands: What each seat held at the end (revealed for scoring).
        levels: Each seat's contract level (1-based) during the deal.

    .. versionadded:: 0.1.0
    """

    deal: int
    winner: int | None
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    levels: tuple[int, ...]

    @property
    def exhausted(self) -> bool:
        """Whether the deal ended with no winner (stock exhausted, or the turn limit)."""
        return self.winner is None


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


class LegalActions(Sequence[Action]):
    """The legal actions of a state: lazy, exact, each listed once, in bounded memory.

    A read-only :class:`~collections.abc.Sequence` of the actions the seat
    to act may take now:

    * ``action in legal`` is checked by the rules, never by listing, so it is
      cheap whatever the hand (type a lay-down in notation and test it);
    * iteration generates the actions as you read them and keeps at most
      :attr:`KEEP` of them: a hand with millions of lay-downs (Norwegian
      allows unlimited buys, N14) is listed in constant memory;
    * ``len()`` and indexing build the whole list once, up to :attr:`LIMIT`
      actions; for a longer listing they raise a :class:`~remi.RemiError` with
      reason ``TOO_MANY_ACTIONS`` instead of exhausting memory (iterate, narrow
      the listing by kind, or use ``in``);
    * :meth:`only` (or ``state.legal_actions(kinds=...)``) narrows the listing
      to some action classes; ``in``, ``len``, iteration and indexing all
      respect the filter, and the other kinds are never generated.

    The listing holds no reference to the state it lists for, only a copy in
    which the other seats' hands and the stock are placeholders of the same
    sizes and the seed and the match's record are blank: a bot handed the
    listing cannot read hidden cards through it.

    >>> import remi
    >>> from remi.actions import Discard, LayDown
    >>> game = remi.new_game("norwegian", players=2, seed=1, dealer=1,
    ...                      hands=["5C 5D 5H KS KD KH 2D 9C 3S 4H", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"])
    >>> game = game.apply(remi.actions.DRAW)
    >>> game = game.apply(remi.actions.PASS)
    >>> legal = game.legal_actions()
    >>> len(legal), len(legal.only(LayDown)), len(legal.only(Discard))
    (12, 1, 11)
    >>> remi.actions.parse_action("down set 5C 5D 5H; set KS KD KH") in legal
    True

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       Iteration keeps at most :attr:`KEEP` actions; ``len()`` and indexing
       refuse more than :attr:`LIMIT`; the :meth:`only` filter and the
       :attr:`kinds` attribute; the listing no longer exposes the state.
    """

    #: ``len()`` and indexing refuse a listing longer than this (reason ``TOO_MANY_ACTIONS``).
    LIMIT = 100_000
    #: Iteration keeps a listing of at most this many actions, so that reading it again is free.
    KEEP = 2048

    __slots__ = ("_count", "_kinds", "_list", "_state")

    def __init__(self, state: GameState, kinds: Iterable[type[Action]] | type[Action] | None = None) -> None:
        phase = state.phase
        if phase is _PLAY:
            self._state: GameState | None = LegalActions._redact(state)
            self._list: tuple[Action, ...] | None = None
            # the length once an iteration has counted past KEEP (-1: not known; -2: more than LIMIT)
            self._count = -1
        else:  # the small phases need no state: their listing is known now
            self._state = None
            self._list = (_DRAW_OR_TAKE if state.discard_pile else _DRAW_ONLY) if phase is _DRAW else (
                _PASS_OR_BUY if phase is _BUY else ())
        if kinds is None:
            self._kinds: frozenset[type] | None = None
        else:
            self._kinds = wanted = LegalActions._check_kinds(kinds)
            if self._list is not None:
                self._list = tuple(action for action in self._list if type(action) in wanted)

    @staticmethod
    def _check_kinds(kinds: object) -> frozenset[type]:
        chosen = (kinds,) if isinstance(kinds, type) else kinds
        try:
            found: frozenset[Any] = frozenset(chosen)  # type: ignore[call-overload]
        except TypeError:  # not iterable, or holds something unhashable
            found = frozenset()
        if not found or not found <= _ACTION_CLASSES:
            names = ", ".join(sorted(kind.__name__ for kind in _ACTION_CLASSES))
            raise RemiError(f"kinds must be action classes ({names}), got {kinds!r}", Reason.BAD_ARGUMENT)
        return found

    @staticmethod
    def _redact(state: GameState) -> GameState:
        """A copy of ``state`` that the seat to act may see: what the listing needs, no hidden cards."""
        seat = state.to_act
        assert seat is not None
        hidden = _HIDDEN
        values = _get_dict(state).copy()
        hands = values["hands"]
        shown: list[tuple[Any, ...]] = list(map(hidden.__getitem__, map(len, hands)))  # no comprehension: hot
        shown[seat] = hands[seat]
        values["hands"] = tuple(shown)
        values["stock"] = hidden[len(values["stock"])]
        values["seed"] = ""
        values["start"] = ()
        values["_history"] = None
        redacted = object.__new__(GameState)
        _set_dict(redacted, values)
        return redacted

    @property
    def kinds(self) -> frozenset[type] | None:
        """The action classes this listing is narrowed to, or ``None`` for every kind.

        .. versionadded:: 0.2.0
        """
        return self._kinds

    def only(self, *kinds: type[Action]) -> LegalActions:
        """The same listing narrowed to the action classes ``kinds`` (within this one's filter).

        Cheap: nothing is generated until the new listing is read, and the
        kinds left out are never generated.

        Raises:
            RemiError: With reason ``BAD_ARGUMENT`` if a kind is not an action class.

        .. versionadded:: 0.2.0
        """
        wanted = LegalActions._check_kinds(kinds)
        if self._kinds is not None:
            wanted &= self._kinds
        narrowed = object.__new__(LegalActions)
        narrowed._kinds = wanted
        narrowed._count = -1
        narrowed._state = self._state
        narrowed._list = None
        if self._list is not None:  # known already: filter it
            narrowed._list = tuple(action for action in self._list if type(action) in wanted)
        return narrowed

    def __contains__(self, action: object) -> bool:
        state = self._state
        if state is None:  # a small phase: the actions are fieldless, one per class
            return type(action) in map(type, self._list or ())
        if self._kinds is not None and type(action) not in self._kinds:
            return False
        return _check(state, action, None) is None

    def __iter__(self) -> Iterator[Action]:
        if self._list is not None:
            return iter(self._list)
        return self._generate()

    def _generate(self) -> Iterator[Action]:
        assert self._state is not None
        actions = generate_actions(self._state, self._kinds)
        kept: list[Action] = []
        for action in _islice(actions, self.KEEP):
            kept.append(action)
            yield action
        if len(kept) == self.KEEP:
            extra = next(actions, None)
            if extra is not None:  # a long listing: count it, keep nothing
                kept = []
                yield extra
                count = self.KEEP + 1
                for action in actions:
                    count += 1
                    yield action
                self._count = -2 if count > self.LIMIT else count
                return
        self._list = tuple(kept)

    def _too_many(self) -> RemiError:
        assert self._state is not None
        seat = self._state.to_act
        assert seat is not None
        hand = self._state.hands[seat]
        return RemiError(
            f"seat {seat} has more than {self.LIMIT:,} legal actions (a hand of {len(hand)} cards, "
            f"{hand.count(JOKER)} of them jokers, goes down in that many ways): iterate over them, narrow them "
            "by kind (legal.only(Discard, LayOff, SwapJoker) or state.legal_actions(kinds=...)), or test one "
            "with 'action in legal', instead of calling len() or indexing",
            Reason.TOO_MANY_ACTIONS,
        )

    def _materialize(self) -> tuple[Action, ...]:
        found = self._list
        if found is None:
            if self._count == -2:
                raise self._too_many()
            assert self._state is not None
            found = tuple(_islice(generate_actions(self._state, self._kinds), self.LIMIT + 1))
            if len(found) > self.LIMIT:
                self._count = -2
                raise self._too_many()
            self._list = found
        return found

    def __len__(self) -> int:
        """The number of legal actions.

        Raises:
            RemiError: With reason ``TOO_MANY_ACTIONS`` beyond :attr:`LIMIT`.
        """
        return len(self._materialize())

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        """The action at ``index`` (a list for a slice), in listing order.

        Raises:
            RemiError: With reason ``TOO_MANY_ACTIONS`` if the listing is longer than :attr:`LIMIT`.
        """
        if isinstance(index, slice):
            return list(self._materialize()[index])
        return self._materialize()[index]

    def __bool__(self) -> bool:
        if self._list is not None:
            return bool(self._list)
        assert self._state is not None
        return next(generate_actions(self._state, self._kinds), None) is not None

    def count(self, value: object) -> int:
        """How many times ``value`` is listed: 1 if it is legal, else 0 (never generated)."""
        return 1 if value in self else 0

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of ``value`` in the listing (read lazily, up to it).

        Raises:
            ValueError: If ``value`` is not legal (or not between ``start`` and ``stop``).
        """
        if start < 0 or (stop is not None and stop < 0):
            return super().index(value, start, len(self) if stop is None else stop)
        if value in self:
            for position, action in enumerate(_islice(self, start, stop), start):
                if action == value:
                    return position
        raise ValueError(f"{value!r} is not in the listing")

    def __repr__(self) -> str:
        head = self._list
        if head is None and self._count == -1:
            assert self._state is not None
            head = tuple(_islice(generate_actions(self._state, self._kinds), self.KEEP + 1))
            if len(head) <= self.KEEP:
                self._list = head
        if self._list is not None:
            total = f"{len(self._list)} actions"
        elif self._count >= 0:
            total = f"{self._count:,} actions"
        else:
            total = f"more than {self.KEEP if head else self.LIMIT:,} actions"
        shown = [str(action) for action in _islice(head if head is not None else self, 8)]
        more = ", ..." if self._list is None or len(self._list) > 8 else ""
        return f"<LegalActions [{', '.join(shown)}{more}] ({total})>"


_DRAW_OR_TAKE: tuple[Action, ...] = (DRAW, TAKE)
_DRAW_ONLY: tuple[Action, ...] = (DRAW,)
_PASS_OR_BUY: tuple[Action, ...] = (PASS, BUY)
_DRAW, _BUY, _PLAY = Phase.DRAW, Phase.BUY, Phase.PLAY
_ACTION_CLASSES = frozenset({DrawStock, TakeDiscard, Buy, Pass, LayDown, LayOff, SwapJoker, Discard})


class _Placeholders(dict[int, tuple[None, ...]]):
    """What a listing keeps of the cards its seat cannot see: ``None`` placeholders, one tuple per size."""

    def __missing__(self, size: int) -> tuple[None, ...]:
        found = self[size] = (None,) * size
        return found


_HIDDEN = _Placeholders()


from collections.abc import Iterable  # noqa: E402  (the listing's imports, kept beside it)
from itertools import islice as _islice  # noqa: E402

_History = tuple[Any, Action] | None


def _history_eq(a: _History, b: _History) -> bool:
    while a is not None and b is not None:
        if a is b:
            return True
        if a[1] != b[1]:
            return False
        a, b = a[0], b[0]
    return a is None and b is None


def _unwind(history: _History) -> tuple[Action, ...]:
    out: list[Action] = []
    while history is not None:
        out.append(history[1])
        history = history[0]
    out.reverse()
    return tuple(out)


def _wind(actions: Sequence[Action]) -> _History:
    history: _History = None
    for action in actions:
        history = (history, action)
    return history


class _Plain:
    """A plain class: its ``__dict__`` descriptor reaches the real dict of a state (see ``_evolve``)."""


@attrs.frozen(repr=False, slots=False)  # a dict per state: a new state is one dict copy
class GameState(_Plain):
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
    _history: _History = attrs.field(eq=attrs.cmp_using(eq=_history_eq), hash=False, alias="history_")

    @property
    def __dict__(self) -> dict[str, Any] | MappingProxyType[str, Any]:  # type: ignore[override]
        """The fields, read-only: a state is immutable.

        Only a state that holds no field yet (inside attrs' ``__init__``, which
        fills it through here) has its dict writable.
        """
        values: dict[str, Any] = _DICT.__get__(self)
        return MappingProxyType(values) if values else values

    # -- reading -------------------------------------------------------------

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions that led here from :func:`new_game`."""
        return _unwind(self._history)

    @property
    def is_over(self) -> bool:
        """Whether the match is over."""
        return self.phase is Phase.OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once the match is over (ties shared), else ``()``."""
        return self.leaders if self.is_over else ()

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
        """The contract ``seat`` (default: the seat to act, or on turn) is playing."""
        if seat is None:
            seat = self.to_act if self.to_act is not None else self.on_turn
        return self.variant.contracts[self.levels[seat] - 1]

    @property
    def down(self) -> tuple[bool, ...]:
        """Per seat, whether its whole contract is on the table."""
        contracts = self.variant.contracts
        return tuple(
            len(laid) == len(contracts[level - 1].requirements)
            for laid, level in zip(self.laid, self.levels, strict=True)
        )

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: own hand, table, discards, sizes, scores, whose decision it is."""
        if not 0 <= seat < self.players:
            raise RemiError(f"seat {seat} does not exist (0 to {self.players - 1})", Reason.NOT_A_SEAT)
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
            taken=self.taken,
            turn=self.turn,
            last_deal=self.last_deal,
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
        error = _check(self, action, seat)
        if error is not None:
            raise error

    def is_legal(self, action: object, *, seat: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action``."""
        return _check(self, action, seat) is None

    def apply(self, action: Action, *, seat: int | None = None) -> GameState:
        """The state after ``action``; this state is left untouched.

        Raises:
            IllegalActionError: With a ``reason`` and a sentence, if the rules forbid it.
        """
        error = _check(self, action, seat)
        if error is not None:
            raise error
        return _perform(self, action)

    # -- serialization ---------------------------------------------------------

    def to_json(self) -> str:
        """The whole state as JSON; :meth:`from_json` reads it back to an equal state."""
        from remi._serialize import state_to_json

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
                not follow from them).
            RemiError: If ``variant`` is not a :class:`~remi.Variant` (reason
                ``BAD_ARGUMENT``).

        >>> import remi
        >>> game = remi.new_game("english", players=3, seed=5)
        >>> remi.GameState.from_json(game.to_json()) == game
        True

        .. versionchanged:: 0.2.0
           Reads back only states that the start and the history lead to.
        """
        from remi._serialize import state_from_json

        return state_from_json(text, variant)


def _rebuild(values: tuple[Any, ...]) -> GameState:
    """A state from its field values in order, the history as a sequence of actions (pickle, JSON)."""
    fields = dict(zip(_FIELDS, values, strict=True))
    fields["_history"] = _wind(values[-1])
    state = object.__new__(GameState)
    _set_dict(state, fields)
    return state


_FIELDS = tuple(f.name for f in attrs.fields(GameState))
# The real dict of a state: ``state.__dict__`` is a read-only view, so the engine reaches the dict
# through the descriptor of the plain base class (a state's dict is copied once per action).
_DICT = _Plain.__dict__["__dict__"]
_get_dict = _DICT.__get__
_set_dict = _DICT.__set__


def _evolve(state: GameState, changes: dict[str, Any]) -> GameState:
    new = object.__new__(GameState)
    values = _get_dict(state).copy()
    values.update(changes)
    _set_dict(new, values)
    return new


def _replace(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


def _remove(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _add(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted((*hand, *cards), key=_index))


def _holds(hand: tuple[Card, ...], cards: Sequence[Card]) -> bool:
    if len(cards) == 1:
        return cards[0] in hand
    need: dict[Card, int] = {}
    for card in cards:
        need[card] = need.get(card, 0) + 1
    return all(hand.count(card) >= n for card, n in need.items())


def _counts(hand: tuple[Card, ...]) -> list[int]:
    counts = [0] * 53
    for card in hand:
        counts[card.index] += 1
    return counts


# -- chance ------------------------------------------------------------------


def _rng(seed: int | str, *parts: object) -> random.Random:
    return random.Random("remi/" + "/".join(str(p) for p in (seed, *parts)))


def _draw(state: GameState, changes: dict[str, Any], n: int) -> list[Card] | None:
    """Take ``n`` stock cards, rebuilding the stock if needed (N20); ``None`` if impossible."""
    stock = changes.get("stock", state.stock)
    discard = changes.get("discard_pile", state.discard_pile)
    rebuilds = changes.get("rebuilds", state.rebuilds)
    drawn: list[Card] = []
    while len(drawn) < n:
        if not stock:
            if rebuilds >= state.variant.stock_rebuilds or len(discard) < 2:
                return None
            rebuilds += 1
            stock = shuffled(discard[:-1], _rng(state.seed, state.deal, "rebuild", rebuilds))
            discard = discard[-1:]
        take = min(n - len(drawn), len(stock))
        drawn.extend(stock[:take])
        stock = stock[take:]
    changes["stock"] = stock
    changes["discard_pile"] = discard
    changes["rebuilds"] = rebuilds
    return drawn


# -- checking ------------------------------------------------------------------


def _illegal(reason: Reason, message: str) -> IllegalActionError:
    return IllegalActionError(message, reason)


def _check(state: GameState, action: object, seat: int | None) -> IllegalActionError | None:
    if state.phase is Phase.OVER:
        return _illegal(Reason.GAME_OVER, "the match is over")
    actor = state.to_act
    assert actor is not None
    if seat is not None:
        # a bool is an int to Python (True == 1), but never a seat
        if type(seat) is not int or not 0 <= seat < state.players:
            return _illegal(Reason.NOT_A_SEAT, f"seat {seat!r} does not exist (0 to {state.players - 1})")
        if seat != actor:
            if type(action) is Buy and state.phase is Phase.BUY:
                return _buy_refusal(state, seat)
            return _illegal(Reason.NOT_YOUR_TURN, f"it is seat {actor}'s decision, not seat {seat}'s")
    phase = state.phase
    kind = type(action)
    if phase is Phase.DRAW:
        if kind is DrawStock:
            return None
        if kind is TakeDiscard:
            if not state.discard_pile:
                return _illegal(Reason.EMPTY_DISCARD_PILE, "the discard pile is empty")
            return None
        return _wrong_phase(state, action)
    if phase is Phase.BUY:
        if kind is Buy or kind is Pass:
            return None
        return _wrong_phase(state, action)
    if kind is Discard:
        return _check_discard(state, actor, action)  # type: ignore[arg-type]
    if kind is LayOff:
        return _check_layoff(state, actor, action)  # type: ignore[arg-type]
    if kind is LayDown:
        return _check_laydown(state, actor, action)  # type: ignore[arg-type]
    if kind is SwapJoker:
        return _check_swap(state, actor, action)  # type: ignore[arg-type]
    return _wrong_phase(state, action)


def _buy_refusal(state: GameState, seat: int) -> IllegalActionError:
    """Why ``seat``, which is not the one deciding, may not buy the discard now (N14)."""
    variant = state.variant
    actor = state.to_act
    if seat == state.on_turn:
        return _illegal(Reason.ON_TURN_MAY_NOT_BUY,
                        f"seat {seat} is on turn and declined the discard: the others may buy it")
    if seat == state.discarder and not variant.discarder_may_buy:
        return _illegal(Reason.DISCARDER_MAY_NOT_BUY, f"seat {seat} discarded this card and may not buy it back")
    if not variant.down_players_may_buy and _is_down(state, seat):
        return _illegal(Reason.DOWN_MAY_NOT_BUY, f"seat {seat} has gone down, and players who are down may not buy")
    if variant.buy_limit is not None and state.buys[seat] >= variant.buy_limit:
        return _illegal(
            Reason.BUY_LIMIT,
            f"seat {seat} has bought {state.buys[seat]} time{'s' if state.buys[seat] != 1 else ''} this deal, "
            f"the limit",
        )
    if seat in state.buy_queue:
        return _illegal(Reason.NOT_YOUR_TURN, f"seat {actor} has priority for this discard and decides first")
    return _illegal(Reason.NOT_YOUR_TURN, f"seat {seat} has already passed on this discard")


def _rediscard_forbidden(state: GameState, card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether discarding ``card`` from ``hand`` is refused by the re-discard rule (N13, E7).

    The taken discard may go back as the last card, or when another copy is in the hand: copies
    cannot be told apart, and once one leaves by a meld, lay-off or swap, ``taken`` is cleared.
    """
    return (
        card is state.taken and not state.variant.rediscard_taken_card and len(hand) > 1 and hand.count(card) < 2
    )


def _wrong_phase(state: GameState, action: object) -> IllegalActionError:
    if not isinstance(action, (DrawStock, TakeDiscard, Buy, Pass, LayDown, LayOff, SwapJoker, Discard)):
        return _illegal(Reason.WRONG_PHASE, f"{action!r} is not an action")
    expected = {
        Phase.DRAW: "draw from the stock or take the discard",
        Phase.BUY: "buy the discard or pass",
        Phase.PLAY: "go down, lay off, swap a joker or discard",
    }[state.phase]
    if isinstance(action, (Buy, Pass)) and state.phase is not Phase.BUY:
        return _illegal(Reason.CANNOT_BUY, f"no discard is offered for buying now: {expected}")
    return _illegal(Reason.WRONG_PHASE, f"cannot {action} now: seat {state.to_act} must {expected}")


def _check_discard(state: GameState, seat: int, action: Discard) -> IllegalActionError | None:
    hand = state.hands[seat]
    card = action.card
    if card not in hand:
        return _illegal(Reason.CARD_NOT_IN_HAND, f"{card} is not in seat {seat}'s hand")
    if _rediscard_forbidden(state, card, hand):
        return _illegal(
            Reason.CANNOT_REDISCARD, f"{card} was taken from the discard pile this turn and cannot go back"
        )
    return None


def _quota_error(state: GameState, seat: int) -> IllegalActionError | None:
    quota = state.variant.layoff_quota(state.levels[seat] - 1)
    if quota is not None and state.layoffs[seat] >= quota:
        return _illegal(
            Reason.LAYOFF_QUOTA,
            f"seat {seat} may lay off {quota} card{'s' if quota != 1 else ''} this deal "
            f"and has laid off {state.layoffs[seat]}",
        )
    return None


def _check_layoff(state: GameState, seat: int, action: LayOff) -> IllegalActionError | None:
    variant = state.variant
    if not isinstance(action.meld, int) or not 0 <= action.meld < len(state.table):
        return _illegal(Reason.NO_SUCH_MELD, f"there is no meld {action.meld} on the table")
    if variant.layoff_requires_down and not _is_down(state, seat):
        return _illegal(Reason.NOT_DOWN, "a player must lay down their contract before laying off (N16)")
    hand = state.hands[seat]
    if action.card not in hand:
        return _illegal(Reason.CARD_NOT_IN_HAND, f"{action.card} is not in seat {seat}'s hand")
    meld = state.table[action.meld]
    delay = variant.own_meld_layoff_delay * state.players
    if meld.owner == seat and meld.turn is not None and state.turn - meld.turn < delay:
        return _illegal(
            Reason.OWN_MELD_TOO_SOON, "a player may lay off onto their own meld only from their next turn (E11)"
        )
    error = _quota_error(state, seat)
    if error is not None:
        return error
    if meld.kind is MeldKind.SET and action.end is not None:
        return _illegal(Reason.BAD_LAYOFF, "a set has no ends: lay off onto it without naming one")
    if meld.kind is MeldKind.RUN and action.end is None:
        return _illegal(Reason.BAD_LAYOFF, "name the end of the run (low or high) to lay off at")
    if lay_off(variant.layoff_rules, meld.kind, meld.cards, action.card, action.end) is None:
        if (
            variant.layoff_rules.joker_cap is JokerCap.NATURALS
            and lay_off(attrs.evolve(variant.layoff_rules, joker_cap=JokerCap.NONE), meld.kind, meld.cards,
                        action.card, action.end) is not None
        ):
            return _illegal(Reason.JOKER_CAP, "a meld may never hold more jokers than naturals (N10)")
        where = f" at the {action.end.value} end" if action.end is not None else ""
        return _illegal(Reason.BAD_LAYOFF, f"{action.card} does not fit {meld.kind.value} "
                                           f"{format_cards(meld.cards)}{where}")
    return _keep_error(state, len(hand) - 1, _is_down(state, seat))


def _is_down(state: GameState, seat: int) -> bool:
    return len(state.laid[seat]) == len(state.variant.contracts[state.levels[seat] - 1].requirements)


def _cards_to_keep(state: GameState, down: bool) -> int:
    """The fewest cards a seat may hold after a meld or lay-off, being ``down`` after it (N17, E13)."""
    if not down:
        return 2  # N17: only a player whose contract is down can go out: a card to discard and one to keep
    return 1 if state.variant.going_out is GoingOut.DISCARD_REQUIRED else 0


def _keep_error(state: GameState, left: int, down: bool) -> IllegalActionError | None:
    """Refuse a meld or lay-off that would leave ``left`` cards, fewer than the rules keep."""
    if left >= _cards_to_keep(state, down):
        return None
    if not down:
        return _illegal(
            Reason.NOT_DOWN,
            "only a player whose whole contract is down can go out: keep a card to discard and one to hold",
        )
    return _illegal(Reason.MUST_DISCARD_TO_GO_OUT, "going out needs a final discard (E13)")


def _check_laydown(state: GameState, seat: int, action: LayDown) -> IllegalActionError | None:
    variant = state.variant
    level = state.levels[seat] - 1
    contract = variant.contracts[level]
    done = state.laid[seat]
    if len(done) == len(contract.requirements):
        return _illegal(Reason.ALREADY_DOWN, f"seat {seat} has already laid down its contract")
    if not action.melds:
        return _illegal(Reason.CONTRACT_NOT_MET, "a lay-down needs at least one meld")
    if not variant.piecemeal and len(action.melds) != len(contract.requirements):
        return _illegal(
            Reason.CONTRACT_NOT_MET,
            f"the contract {contract} goes down whole, in one turn: {len(contract.requirements)} melds (N15)",
        )
    for meld in action.melds:
        problems = meld_problems(variant.meld_rules, meld.kind, meld.cards)
        if problems:
            names = ", ".join(p.name.lower().replace("_", " ") for p in problems if p.name)
            return _illegal(Reason.INVALID_MELD, f"{meld} is not a valid {meld.kind.value}: {names}")
    cards = action.cards
    hand = state.hands[seat]
    if not _holds(hand, cards):
        return _illegal(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {format_cards(cards)}")
    shapes = [(meld.kind, len(meld.cards)) for meld in action.melds]
    if assign(contract, shapes, exact=variant.exact_sizes, done=done) is None:
        sizes = "exactly" if variant.exact_sizes else "at least"
        return _illegal(
            Reason.CONTRACT_NOT_MET,
            f"these melds do not fulfil the contract {contract} (sizes are {sizes} as stated)",
        )
    if variant.all_in[level] and len(cards) != len(hand):
        return _illegal(Reason.ALL_IN, "this round is all-in: the whole hand must go down, nothing left (N18)")
    return _keep_error(state, len(hand) - len(cards), len(done) + len(action.melds) == len(contract.requirements))


def _check_swap(state: GameState, seat: int, action: SwapJoker) -> IllegalActionError | None:
    variant = state.variant
    if not isinstance(action.meld, int) or not 0 <= action.meld < len(state.table):
        return _illegal(Reason.NO_SUCH_MELD, f"there is no meld {action.meld} on the table")
    if variant.swapper_must_be_down and not _is_down(state, seat):
        return _illegal(Reason.NOT_DOWN, "a player must be down to swap a joker")
    meld = state.table[action.meld]
    if meld.owner == seat and not variant.swap_from_own_melds:
        return _illegal(Reason.SWAP_NOT_ALLOWED, "jokers can be swapped only from opponents' melds (N11)")
    if JOKER not in meld.cards:
        return _illegal(Reason.BAD_SWAP, f"meld {action.meld} holds no joker")
    if meld.kind is MeldKind.SET and variant.meld_rules.set_swap.value == "never":
        return _illegal(Reason.SWAP_NOT_ALLOWED, "a joker in a set can never be swapped (N11)")
    if meld.kind is MeldKind.RUN and not variant.swap_from_runs:
        return _illegal(Reason.SWAP_NOT_ALLOWED, "jokers cannot be swapped out of runs in this variant")
    if not action.cards or not _holds(state.hands[seat], action.cards):
        return _illegal(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {format_cards(action.cards)}")
    if swap_joker(variant.meld_rules, meld.kind, meld.cards, action.cards) is None:
        if meld.kind is MeldKind.SET:
            return _illegal(
                Reason.BAD_SWAP,
                "a joker leaves a group only when the group becomes four naturals of all four suits (E6)",
            )
        return _illegal(Reason.BAD_SWAP, f"{format_cards(action.cards)} is not the card the joker stands for")
    return None


# -- performing ------------------------------------------------------------------


def _perform(state: GameState, action: Action) -> GameState:
    changes: dict[str, Any] = {"_history": (state._history, action)}
    kind = type(action)
    seat = state.to_act
    assert seat is not None
    if kind is DrawStock:
        drawn = _draw(state, changes, 1)
        if drawn is None:
            return _end_deal(state, changes, None)
        changes["hands"] = _replace(state.hands, seat, _add(state.hands[seat], drawn))
        queue = _buy_queue(state, changes)
        if queue:
            changes["phase"] = Phase.BUY
            changes["buy_queue"] = queue
            changes["to_act"] = queue[0]
        else:
            changes["phase"] = Phase.PLAY
        return _evolve(state, changes)
    if kind is TakeDiscard:
        card = state.discard_pile[-1]
        changes["discard_pile"] = state.discard_pile[:-1]
        changes["hands"] = _replace(state.hands, seat, _add(state.hands[seat], (card,)))
        changes["taken"] = card
        changes["phase"] = Phase.PLAY
        return _evolve(state, changes)
    if kind is Pass:
        queue = state.buy_queue[1:]
        changes["buy_queue"] = queue
        if queue:
            changes["to_act"] = queue[0]
        else:
            changes["phase"] = Phase.PLAY
            changes["to_act"] = state.on_turn
        return _evolve(state, changes)
    if kind is Buy:
        card = state.discard_pile[-1]
        changes["discard_pile"] = state.discard_pile[:-1]
        penalty = _draw(state, changes, state.variant.buy_penalty) or []
        changes["hands"] = _replace(state.hands, seat, _add(state.hands[seat], (card, *penalty)))
        changes["buys"] = _replace(state.buys, seat, state.buys[seat] + 1)
        changes["buy_queue"] = ()
        changes["phase"] = Phase.PLAY
        changes["to_act"] = state.on_turn
        return _evolve(state, changes)
    if kind is Discard:
        card = action.card  # type: ignore[union-attr]
        hand = _remove(state.hands[seat], (card,))
        changes["hands"] = _replace(state.hands, seat, hand)
        changes["discard_pile"] = (*state.discard_pile, card)
        changes["discarder"] = seat
        if not hand:
            return _end_deal(state, changes, seat)
        limit = state.variant.turn_limit
        if limit is not None and state.turn + 1 >= limit:
            return _end_deal(state, changes, None)  # the deal's bound: as if the stock ran out
        nxt = (seat + 1) % state.players
        changes.update(on_turn=nxt, to_act=nxt, phase=Phase.DRAW, taken=None, turn=state.turn + 1)
        return _evolve(state, changes)
    if kind is LayDown:
        return _perform_laydown(state, changes, seat, action)  # type: ignore[arg-type]
    if kind is LayOff:
        layoff: LayOff = action  # type: ignore[assignment]
        meld = state.table[layoff.meld]
        cards = lay_off(state.variant.layoff_rules, meld.kind, meld.cards, layoff.card, layoff.end)
        assert cards is not None
        hand = _remove(state.hands[seat], (layoff.card,))
        changes["hands"] = _replace(state.hands, seat, hand)
        changes["table"] = _replace(state.table, layoff.meld, attrs.evolve(meld, cards=cards))
        changes["layoffs"] = _replace(state.layoffs, seat, state.layoffs[seat] + 1)
        if layoff.card is state.taken:
            changes["taken"] = None  # N13: the copy that leaves first counts as the taken one
        if not hand:
            return _end_deal(state, changes, seat)
        return _evolve(state, changes)
    swap: SwapJoker = action  # type: ignore[assignment]
    meld = state.table[swap.meld]
    result = swap_joker(state.variant.meld_rules, meld.kind, meld.cards, swap.cards)
    assert result is not None
    cards, freed = result
    hand = _add(_remove(state.hands[seat], swap.cards), (JOKER,) * freed)
    changes["hands"] = _replace(state.hands, seat, hand)
    changes["table"] = _replace(state.table, swap.meld, attrs.evolve(meld, cards=cards))
    if state.taken is not None and state.taken in swap.cards:
        changes["taken"] = None  # N13: the copy that leaves first counts as the taken one
    return _evolve(state, changes)


def _perform_laydown(state: GameState, changes: dict[str, Any], seat: int, action: LayDown) -> GameState:
    variant = state.variant
    contract = variant.contracts[state.levels[seat] - 1]
    done = state.laid[seat]
    shapes = [(meld.kind, len(meld.cards)) for meld in action.melds]
    fulfilled = assign(contract, shapes, exact=variant.exact_sizes, done=done)
    assert fulfilled is not None
    hand = _remove(state.hands[seat], action.cards)
    changes["hands"] = _replace(state.hands, seat, hand)
    changes["table"] = state.table + tuple(
        TableMeld(meld.kind, meld.cards, seat, state.turn) for meld in action.melds
    )
    changes["laid"] = _replace(state.laid, seat, done | frozenset(fulfilled))
    if state.taken is not None and state.taken in action.cards:
        changes["taken"] = None  # N13: the copy that leaves first counts as the taken one
    if not hand:
        return _end_deal(state, changes, seat)
    return _evolve(state, changes)


def _buy_queue(state: GameState, changes: dict[str, Any]) -> tuple[int, ...]:
    variant = state.variant
    discard = changes.get("discard_pile", state.discard_pile)
    if not variant.buying or not discard:
        return ()
    stock = changes.get("stock", state.stock)
    rebuilds = changes.get("rebuilds", state.rebuilds)
    # N14: a buy needs its penalty card(s); the pile left after the buy may be recycled once (N20)
    available = len(stock) + (max(0, len(discard) - 2) if rebuilds < variant.stock_rebuilds else 0)
    if available < variant.buy_penalty:
        return ()
    queue = []
    for step in range(1, state.players):
        seat = (state.on_turn + step) % state.players
        if seat == state.discarder and not variant.discarder_may_buy:
            continue
        if not variant.down_players_may_buy and _is_down(state, seat):
            continue
        if variant.buy_limit is not None and state.buys[seat] >= variant.buy_limit:
            continue
        queue.append(seat)
    return tuple(queue)


def _end_deal(state: GameState, changes: dict[str, Any], winner: int | None) -> GameState:
    variant = state.variant
    hands = changes.get("hands", state.hands)
    wins = list(state.wins)
    if winner is not None:
        wins[winner] += 1
    deal_scores = tuple(
        variant.winner_score(wins[seat]) if seat == winner else variant.hand_points(hand)
        for seat, hand in enumerate(hands)
    )
    result = DealResult(state.deal, winner, deal_scores, hands, state.levels)
    scores = tuple(a + b for a, b in zip(state.scores, deal_scores, strict=True))
    last = len(variant.contracts)
    if variant.schedule is Schedule.ROUNDS:
        levels = tuple(level + 1 for level in state.levels)
        over = levels[0] > last
    else:
        levels = state.levels
        over = False
        if winner is not None:
            over = levels[winner] == last  # E16: the match ends on a last-level win
            levels = _replace(levels, winner, min(levels[winner] + 1, last))
    common = {
        "_history": changes["_history"],
        "wins": tuple(wins),
        "scores": scores,
        "deal_scores": (*state.deal_scores, deal_scores),
        "last_deal": result,
    }
    if over:
        common.update(
            hands=hands,
            stock=changes.get("stock", state.stock),
            discard_pile=changes.get("discard_pile", state.discard_pile),
            table=changes.get("table", state.table),
            laid=changes.get("laid", state.laid),
            layoffs=changes.get("layoffs", state.layoffs),
            rebuilds=changes.get("rebuilds", state.rebuilds),
            discarder=changes.get("discarder", state.discarder),
            phase=Phase.OVER,
            to_act=None,
            buy_queue=(),
            taken=None,  # nobody is on turn any more: the re-discard rule holds nothing
        )
        return _evolve(state, common)
    dealer = (state.dealer + 1) % state.players
    deck = shuffled(variant.deck(), _rng(state.seed, state.deal + 1, "deal"))
    return _start_deal(state, common, deck, dealer, state.deal + 1, levels)


def _start_deal(
    state: GameState,
    changes: dict[str, Any],
    deck: Sequence[Card],
    dealer: int,
    deal: int,
    levels: tuple[int, ...],
    table: tuple[TableMeld, ...] = (),
    laid: tuple[frozenset[int], ...] | None = None,
    sizes: Sequence[int] | None = None,
    discard_pile: tuple[Card, ...] | None = None,
    layoffs: tuple[int, ...] | None = None,
) -> GameState:
    players = state.players
    variant = state.variant
    if sizes is None:
        sizes = [variant.deal_sizes[level - 1] for level in levels]
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for round_ in range(max(sizes)):
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            if round_ < sizes[seat]:
                hands[seat].append(deck[position])
                position += 1
    if discard_pile is None:
        discard_pile = (deck[position],)
        position += 1
    first = (dealer + 1) % players
    changes.update(
        deal=deal,
        dealer=dealer,
        levels=levels,
        hands=tuple(tuple(sorted(hand, key=_index)) for hand in hands),
        stock=tuple(deck[position:]),
        discard_pile=discard_pile,
        table=table,
        laid=laid if laid is not None else (frozenset(),) * players,
        layoffs=layoffs if layoffs is not None else (0,) * players,
        buys=(0,) * players,
        rebuilds=0,
        on_turn=first,
        to_act=first,
        phase=Phase.DRAW,
        buy_queue=(),
        discarder=None,
        taken=None,
        turn=0,
    )
    return _evolve(state, changes)


# The legal-action listing lives in its own module; it needs the types above.
from remi._listing import generate_actions  # noqa: E402
