"""Helpers shared by the rule-scenario tests (test_rules_norwegian.py, test_rules_english.py)."""

from __future__ import annotations

from collections import Counter

import pytest

import remi
from remi import GameState, IllegalActionError, MeldKind, Reason, TableMeld, parse_card, parse_cards
from remi.actions import Action
from remi.cards import Card


def C(text: str) -> Card:
    return parse_card(text)


def cards(text: str) -> tuple[Card, ...]:
    """Cards as a sorted tuple, the way hands are kept."""
    return tuple(sorted(parse_cards(text)))


def meld(kind: MeldKind, text: str, owner: int) -> TableMeld:
    return TableMeld(kind, parse_cards(text), owner)


def where(state: GameState, text: str) -> int:
    """The table index of the meld holding exactly these cards."""
    wanted = Counter(parse_cards(text))
    return next(i for i, m in enumerate(state.table) if Counter(m.cards) == wanted)


def leftovers(variant: remi.Variant, *used: str) -> str:
    """Every card of the deck not in ``used`` (texts of cards), as card text."""
    pool = Counter(variant.cards(variant.max_players))
    for text in used:
        pool -= Counter(parse_cards(text))
    return " ".join(str(card) for card in sorted(pool.elements()))


def refused(state: GameState, action: Action, seat: int | None = None) -> Reason:
    """The reason ``action`` is refused; check, apply, is_legal and the listing must all agree."""
    with pytest.raises(IllegalActionError) as checked:
        state.check(action, seat=seat)
    with pytest.raises(IllegalActionError) as applied:
        state.apply(action, seat=seat)
    assert applied.value.reason is checked.value.reason
    assert not state.is_legal(action, seat=seat)
    if seat is None or seat == state.to_act:
        assert action not in list(state.legal_actions())
    return checked.value.reason


def play(state: GameState, *actions: Action) -> GameState:
    """Apply legal actions one after another, checking each is also listed."""
    for action in actions:
        assert state.is_legal(action), f"{action} refused: {why(state, action)}"
        assert action in list(state.legal_actions()), f"{action} legal but not listed"
        state = state.apply(action)
    return state


def why(state: GameState, action: Action) -> str:
    try:
        state.check(action)
    except IllegalActionError as error:
        return f"{error.reason}: {error}"
    return "legal"
