"""One predicate per rule of a seat's standing, and each answers alike from the state and from any seat's view."""

from __future__ import annotations

import random

import pytest

import remi
from remi.state import (
    buy_blocked,
    is_down,
    layoff_blocked,
    may_take_discard,
    own_meld_too_soon,
    swap_blocked,
    went_down_this_turn,
)

BUILT_INS = ("english", "liverpool", "liverpool-project", "mayi", "norwegian", "shanghai", "shanghai-family")


def _standing(position: remi.GameState | remi.PlayerView, seat: int) -> tuple[object, ...]:
    """Everything the predicates say of ``seat`` in ``position``."""
    return (
        is_down(position, seat), went_down_this_turn(position, seat), buy_blocked(position, seat),
        layoff_blocked(position, seat), swap_blocked(position, seat), may_take_discard(position, seat),
        tuple(own_meld_too_soon(position, seat, meld.owner, meld.turn) for meld in position.table),
    )


@pytest.mark.parametrize("name", BUILT_INS)
def test_the_predicates_answer_alike_from_the_state_and_from_every_view(name: str) -> None:
    game = remi.new_game(name, players=3, seed=11)
    chooser = random.Random(name)
    seen_down = False
    for _ in range(400):
        if game.phase is remi.Phase.OVER:
            break
        for seat in range(game.players):
            expected = _standing(game, seat)
            assert all(_standing(game.view(viewer), seat) == expected for viewer in range(game.players))
            assert game.is_down(seat) is expected[0] and game.view(seat).is_down() is expected[0]
            seen_down = seen_down or expected[0]
        legal = list(game.legal_actions().only(remi.actions.DrawStock, remi.actions.TakeDiscard, remi.actions.Buy,
                                               remi.actions.Pass, remi.actions.LayOff, remi.actions.SwapJoker,
                                               remi.actions.Discard))
        laydowns = game.legal_actions().only(remi.actions.LayDown)
        first = next(iter(laydowns), None)
        game = game.apply(first if first is not None else chooser.choice(legal))
    assert seen_down, "the walk never reached a seat that is down"
