"""The parts of a game state, below every module that reads or makes states.

The enums and small values a state holds (:class:`Phase`, :class:`TableMeld`,
:class:`DealResult`), its history (a linked list of actions), and
:func:`evolve`, the one place where a state object is assembled (private:
use the names from :mod:`remi.state`).

A transition writes the fields it changes into a :class:`StateChanges`, a
typed dict whose keys are the state's fields: mypy refuses a key that is no
field (or a value of the wrong type), and :func:`evolve` refuses one at run
time, so a misspelled field can never pass silently.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from operator import attrgetter
from typing import Any, TypedDict, TypeVar

import attrs

from remi.actions import Action
from remi.cards import Card, format_cards
from remi.melds import End, MeldKind, as_cards
from remi.variant import Variant

__all__ = ["DealResult", "Phase", "TableMeld"]

MeldOptions = tuple[tuple[tuple[Card, End | None], ...], tuple[tuple[Card, ...], ...]]
by_index = attrgetter("index")


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
    cards: tuple[Card, ...] = attrs.field(converter=as_cards)
    owner: int
    turn: int | None = None
    # what the meld accepts under one variant, computed on first use (see remi._engine.listing.meld_options)
    _options: tuple[Variant, MeldOptions] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.kind is MeldKind.SET:
            object.__setattr__(self, "cards", tuple(sorted(self.cards, key=by_index)))

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
        went_down: Per seat, whether its whole contract was down when the deal ended.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       ``went_down``.
    """

    deal: int
    winner: int | None
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    levels: tuple[int, ...]
    went_down: tuple[bool, ...] = ()

    @property
    def exhausted(self) -> bool:
        """Whether the deal ended with no winner (stock exhausted, or the turn limit)."""
        return self.winner is None


History = tuple[Any, Action] | None


class StateChanges(TypedDict, total=False):
    """The fields of a state that a transition sets, each typed as on ``GameState`` (any subset of them).

    One key per field of :class:`remi.state.GameState` (the tests check that the two agree).
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
    start: tuple[tuple[str, Any], ...]
    _history: History


#: The names of a state's fields: the only names :func:`evolve` accepts.
STATE_FIELDS: frozenset[str] = StateChanges.__optional_keys__


def history_eq(a: History, b: History) -> bool:
    """Whether two histories hold the same actions (shared tails compared once)."""
    while a is not None and b is not None:
        if a is b:
            return True
        if a[1] != b[1]:
            return False
        a, b = a[0], b[0]
    return a is None and b is None


def unwind(history: History) -> tuple[Action, ...]:
    """The actions of a history, first to last."""
    out: list[Action] = []
    while history is not None:
        out.append(history[1])
        history = history[0]
    out.reverse()
    return tuple(out)


def wind(actions: Sequence[Action]) -> History:
    """The history of ``actions``, first to last."""
    history: History = None
    for action in actions:
        history = (history, action)
    return history


class Plain:
    """A plain class: its ``__dict__`` descriptor reaches the real dict of a state (see ``evolve``)."""


# The real dict of a state: ``state.__dict__`` is a read-only view, so the engine reaches the dict
# through the descriptor of the plain base class (a state's dict is copied once per action).
STATE_DICT = Plain.__dict__["__dict__"]
_get_dict = STATE_DICT.__get__
_set_dict = STATE_DICT.__set__

_State = TypeVar("_State", bound=Plain)


def evolve(state: _State, changes: StateChanges) -> _State:
    """A new state of ``state``'s class: its fields, updated with ``changes`` (the one place a state is assembled).

    A state is evolved from another by every transition, the listing's redacted
    copy, and, from an empty state, by ``new_game`` and unpickling.

    Raises:
        TypeError: If ``changes`` names something that is not a field of a state
            (a misspelling in the engine: mypy refuses it too).
    """
    if not changes.keys() <= STATE_FIELDS:  # (a C-level subset test: a few hash probes per action)
        unknown = ", ".join(sorted(repr(name) for name in changes.keys() - STATE_FIELDS))
        raise TypeError(f"a game state has no field {unknown}")
    new = object.__new__(type(state))
    values = _get_dict(state).copy()
    values.update(changes)
    _set_dict(new, values)
    return new
