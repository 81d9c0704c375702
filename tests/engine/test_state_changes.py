"""A transition writes only fields a state has: a misspelled field is refused, never ignored.

Every new state is assembled by ``remi._engine.values.evolve`` from a
``StateChanges`` (a typed dict of the state's fields: mypy refuses an unknown
key); ``evolve`` refuses one at run time too. The legality checks are found by
lookup in ``remi._engine.rules.CHECKS``.
"""

from __future__ import annotations

import random
import typing

import attrs
import pytest

import remi
from remi import IllegalActionError, Reason
from remi._engine.rules import CHECKS
from remi._engine.transitions import _TRANSITIONS
from remi._engine.values import STATE_FIELDS, StateChanges, evolve
from remi.actions import Action, Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.cards import parse_card
from remi.state import GameState, Phase

FIVE_OF_HEARTS = parse_card("5H")
ACTION_CLASSES = (DrawStock, TakeDiscard, Buy, Pass, LayDown, LayOff, SwapJoker, Discard)


def test_a_misspelled_field_is_refused() -> None:
    game = remi.new_game("shanghai", players=4, seed=2)
    misspelled = typing.cast(StateChanges, {"buy_qeue": (1,)})  # (the cast hides it from mypy, not from evolve)
    with pytest.raises(TypeError, match="no field 'buy_qeue'"):
        evolve(game, misspelled)


def test_a_misspelled_field_beside_real_ones_is_refused_and_the_state_is_untouched() -> None:
    game = remi.new_game("norwegian", players=3, seed=4)
    before = game.to_json()
    changes = typing.cast(StateChanges, {"phase": Phase.BUY, "buy_queue": (1,), "to_akt": 1})
    with pytest.raises(TypeError, match="'to_akt'"):
        evolve(game, changes)
    assert game.to_json() == before


def test_a_real_field_is_changed_and_the_others_are_kept() -> None:
    game = remi.new_game("english", players=2, seed=9)
    changed = evolve(game, {"buy_queue": (1,)})
    assert changed.buy_queue == (1,)
    assert game.buy_queue == ()
    assert all(
        getattr(changed, field.name) == getattr(game, field.name)
        for field in attrs.fields(GameState)
        if field.name not in ("buy_queue", "_history")
    )


def test_the_typed_changes_name_exactly_the_fields_of_a_state() -> None:
    fields = {field.name: field.type for field in attrs.fields(GameState)}
    assert set(fields) == STATE_FIELDS
    typed = {name: hint.__forward_arg__ for name, hint in StateChanges.__annotations__.items()}
    assert typed == fields  # the same names, each with the same type


@pytest.mark.parametrize("name", ["norwegian", "english", "liverpool", "shanghai", "mayi"])
def test_every_state_of_random_play_holds_exactly_the_fields(name: str) -> None:
    rng = random.Random(name)
    game = remi.new_game(name, players=4, seed=11)
    for _ in range(300):
        assert vars(game).keys() == STATE_FIELDS
        if game.is_over:
            break
        legal = list(game.legal_actions())
        game = game.apply(rng.choice(legal))


def test_every_action_class_has_a_transition() -> None:
    assert set(_TRANSITIONS) == set(ACTION_CLASSES)


def test_the_rules_table_holds_one_check_per_phase_and_action_the_phase_allows() -> None:
    allowed: dict[Phase, set[type[Action]]] = {
        Phase.DRAW: {DrawStock, TakeDiscard},
        Phase.BUY: {Buy, Pass},
        Phase.PLAY: {LayDown, LayOff, SwapJoker, Discard},
    }
    assert set(CHECKS) == {(phase, kind) for phase, kinds in allowed.items() for kind in kinds}


@pytest.mark.parametrize("name", ["norwegian", "mayi"])
def test_an_action_the_phase_has_no_check_for_is_refused(name: str) -> None:
    rng = random.Random(name)
    game = remi.new_game(name, players=4, seed=5)
    seen: set[Phase] = set()
    samples: dict[type[Action], Action] = {
        DrawStock: DrawStock(),
        TakeDiscard: TakeDiscard(),
        Buy: Buy(),
        Pass: Pass(),
        LayOff: LayOff(FIVE_OF_HEARTS, 0, None),
        SwapJoker: SwapJoker(0, (FIVE_OF_HEARTS,)),
        Discard: Discard(FIVE_OF_HEARTS),
    }
    while not game.is_over and len(seen) < 3:
        seen.add(game.phase)
        for kind, action in samples.items():
            if (game.phase, kind) not in CHECKS:
                with pytest.raises(IllegalActionError) as refused:
                    game.apply(action)
                assert refused.value.reason in (Reason.WRONG_PHASE, Reason.CANNOT_BUY)
        game = game.apply(rng.choice(list(game.legal_actions())))
    assert seen == {Phase.DRAW, Phase.BUY, Phase.PLAY}
