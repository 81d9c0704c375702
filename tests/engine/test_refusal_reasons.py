"""Refusals name their own cause: the seat argument, and the error classes' defaults."""

from __future__ import annotations

from typing import Any

import pytest

import remi
from remi import IllegalActionError, Reason
from remi.actions import DrawStock


@pytest.mark.parametrize("seat", [True, False, 1.0, "0", -1, 4])
def test_a_seat_must_be_a_seat_number(seat: Any) -> None:
    """``apply(seat=True)`` was accepted as seat 1 (True == 1): a bool is never a seat."""
    state = remi.new_game("norwegian", players=4, seed=3)
    for attempt in (state.check, state.apply):
        with pytest.raises(IllegalActionError) as refused:
            attempt(DrawStock(), seat=seat)
        assert refused.value.reason is Reason.NOT_A_SEAT
        assert repr(seat) in str(refused.value)
    assert not state.is_legal(DrawStock(), seat=seat)


def test_the_seat_to_act_given_explicitly_is_accepted() -> None:
    state = remi.new_game("norwegian", players=4, seed=3)
    assert state.to_act is not None
    assert state.apply(DrawStock(), seat=state.to_act) == state.apply(DrawStock())
