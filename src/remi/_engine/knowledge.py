"""What each seat has seen of the deal in play: its events, replayed from the state's actions (private).

A state keeps only its actions (``GameState.history``); the events of the
deal in play are worked out from them when asked for, so that ``apply`` pays
nothing for them: :class:`DealLog` replays the deal's actions from the deal's
first state once, on first use, and remembers the result.

The deal's first state is rebuilt from what the state holds: the match's
``start`` for the first deal, else the seeded deck of the deal's number (as
the engine dealt it). Which of the actions belong to the deal follows from the
turn counter: the deal holds ``turn`` discards that did not end it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import attrs

from remi._engine.events import (
    Bought,
    DealEnded,
    Dealt,
    Discarded,
    DrewStock,
    Event,
    LaidDown,
    LaidOff,
    Passed,
    StockRebuilt,
    Swapped,
    TookDiscard,
)
from remi._engine.rules import verdict_on
from remi._engine.setup import build_game, game_from_start
from remi._engine.transitions import perform, seeded_rng, start_deal
from remi._engine.values import Phase, by_index
from remi.actions import Action, Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.cards import Card, shuffled
from remi.errors import IllegalActionError, RemiError

if TYPE_CHECKING:
    from remi.state import GameState

__all__ = ["DealLog", "deal_events", "seen_by"]

#: The fields that must agree between a state and the replay of its deal (all but ``start`` and the history).
_POSITION = (
    "deal", "dealer", "levels", "hands", "stock", "discard_pile", "table", "laid", "layoffs", "buys", "rebuilds",
    "on_turn", "to_act", "phase", "buy_queue", "discarder", "taken", "turn",
)


class DealLog:
    """One seat's events of the deal in play, worked out from a state on first use.

    A view holds one, so that building a view costs nothing more; pickling it
    pickles the seat's events alone (a tuple), never the state.
    """

    __slots__ = ("_events", "_seat", "_state")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state: GameState | None = state
        self._seat = seat
        self._events: tuple[Event, ...] | None = None

    def events(self) -> tuple[Event, ...]:
        """The seat's events, replayed on the first call."""
        if self._events is None:
            assert self._state is not None
            self._events = tuple(seen_by(event, self._seat) for event in deal_events(self._state))
            self._state = None  # the state is no longer needed (nor kept where a bot could reach it)
        return self._events

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self.events(),))


def seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` saw it: the cards only another seat saw are ``None``."""
    if type(event) is DrewStock and event.seat != seat:
        return DrewStock(event.seat, None)
    if type(event) is Bought and event.seat != seat:
        return Bought(event.seat, event.card, (None,) * len(event.penalty))
    if type(event) is Dealt:
        hands = tuple(hand if index == seat else (None,) * len(hand) for index, hand in enumerate(event.hands))
        return attrs.evolve(event, hands=hands)
    return event


def deal_events(state: GameState) -> tuple[Event, ...]:
    """The events of ``state``'s deal in play (the last deal, once the match is over), every card shown.

    Empty for a state that play did not reach from its ``start`` (one made
    with :func:`attrs.evolve`, or by :func:`remi.determinize`).
    """
    first = _deal_first_state(state)
    if first is None:
        return ()
    actions = state.history
    for begin in _deal_beginnings(state, actions):
        events = _replay(first, actions[begin:], state)
        if events is not None:
            return events
    return ()


def _deal_first_state(state: GameState) -> GameState | None:
    """The state at the first decision of ``state``'s deal, rebuilt as the engine dealt it (``None``: cannot be)."""
    if state.deal == 1:
        empty = object.__new__(type(state))
        try:
            return game_from_start(state.start, state.variant, partial(build_game, empty))
        except RemiError:
            return None
    deck = shuffled(state.variant.cards(state.players), seeded_rng(state.seed, state.deal, "deal"))
    return start_deal(state, {"_history": None}, deck, state.dealer, state.deal, state.levels)


def _deal_beginnings(state: GameState, actions: Sequence[Action]) -> range:
    """Where the deal's actions may begin in ``actions``: after the discards of earlier turns, before this deal's.

    The deal holds ``turn`` discards that did not end it (and, once the match
    is over, maybe the discard that ended it); the deal began after the
    discard before those, within the actions that end the last deal's final
    turn and begin this deal's first.
    """
    if state.deal == 1:
        return range(1)
    needed = state.turn + (1 if state.phase is Phase.OVER and actions and type(actions[-1]) is Discard else 0)
    index = len(actions)
    while needed:
        index -= 1
        if index < 0:
            return range(0)
        if type(actions[index]) is Discard:
            needed -= 1
    low = index - 1
    while low >= 0 and type(actions[low]) is not Discard:
        low -= 1
    return range(low + 1, index + 1)


def _replay(first: GameState, actions: Sequence[Action], target: GameState) -> tuple[Event, ...] | None:
    """The events of playing ``actions`` from ``first``, if they are legal and lead to ``target`` (else ``None``)."""
    events: list[Event] = [_dealt(first)]
    state = first
    last = len(actions) - 1
    for position, action in enumerate(actions):
        verdict = verdict_on(state, action, None)
        if type(verdict) is IllegalActionError:
            return None
        after = perform(state, action, verdict)
        ended = after.deal != state.deal or after.phase is Phase.OVER
        if ended and position != last:
            return None
        events.extend(_events_of(state, action, after, ended))
        state = after
    if any(getattr(state, name) != getattr(target, name) for name in _POSITION):
        return None
    return tuple(events)


def _dealt(first: GameState) -> Dealt:
    """The deal's first event: the hands as dealt, the discard pile, the table."""
    return Dealt(first.dealer, first.hands, first.discard_pile, first.table)


def _gained(before: Sequence[Card], after: Sequence[Card]) -> tuple[Card, ...]:
    """The cards ``after`` holds beyond ``before`` (a hand before and after an action), sorted."""
    return tuple(sorted((Counter(after) - Counter(before)).elements(), key=by_index))


def _events_of(before: GameState, action: Action, after: GameState, ended: bool) -> list[Event]:
    """The events of one action, from the states before and after it (``ended``: it ended the deal)."""
    seat = before.to_act
    assert seat is not None
    hands = after.last_deal.hands if ended and after.last_deal is not None else after.hands
    kind = type(action)
    if kind is DrawStock:
        events: list[Event] = [DrewStock(seat, card) for card in _gained(before.hands[seat], hands[seat])]
    elif kind is Pass or kind is Buy:
        events = _buy_window_events(before, action, hands, seat)
    else:
        events = [_play_event(before, action, hands, seat)]
    if not ended and after.rebuilds > before.rebuilds:
        _add_rebuild(events, before, action, after)
    if ended:
        assert after.last_deal is not None
        events.append(DealEnded(after.last_deal.winner))
    return events


def _buy_window_events(
    before: GameState, action: Action, hands: Sequence[tuple[Card, ...]], seat: int
) -> list[Event]:
    """A pass or a buy, then the draw of the player on turn if it closed a window opened before the draw."""
    events: list[Event] = []
    on_turn = before.on_turn
    if type(action) is Buy:
        card = before.discard_pile[-1]
        gained = Counter(_gained(before.hands[seat], hands[seat]))
        gained[card] -= 1
        events.append(Bought(seat, card, tuple(sorted(gained.elements(), key=by_index))))
    else:
        events.append(Passed(seat))
    if seat != on_turn:  # the player on turn draws now if buying came before the draw
        events.extend(DrewStock(on_turn, card) for card in _gained(before.hands[on_turn], hands[on_turn]))
    return events


def _play_event(before: GameState, action: Action, hands: Sequence[tuple[Card, ...]], seat: int) -> Event:
    """The event of a take, a lay-down, a lay-off, a swap or a discard by ``seat``."""
    if type(action) is TakeDiscard:
        return TookDiscard(seat, before.discard_pile[-1])
    if type(action) is LayDown:
        return LaidDown(seat, action.melds)
    if type(action) is LayOff:
        return LaidOff(seat, action.card, action.meld, action.end)
    if type(action) is SwapJoker:
        return Swapped(seat, action.meld, action.cards, _gained(before.hands[seat], hands[seat]))
    assert type(action) is Discard
    return Discarded(seat, action.card)


def _add_rebuild(events: list[Event], before: GameState, action: Action, after: GameState) -> None:
    """Add the stock's rebuild (N20) to an action's ``events``: before its draw, or after it (rebuilt at once)."""
    moved = Counter(before.discard_pile) - Counter(after.discard_pile)
    if type(action) is Buy:
        moved[before.discard_pile[-1]] -= 1
    rebuilt = StockRebuilt(tuple(sorted((+moved).elements(), key=by_index)))
    if type(action) is DrawStock and not before.variant.match.rebuild_at_once:
        events.insert(0, rebuilt)
    elif type(action) is DrawStock:
        events.append(rebuilt)
    else:  # during a buy's penalty or the draw after the window: before the draw of the player on turn
        events.insert(1, rebuilt)
