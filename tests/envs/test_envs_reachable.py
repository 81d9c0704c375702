"""Every legal action is reachable through the action space, and the mask is exact at every sub-step."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

import remi
import remi.envs.decision
from remi import GameState
from remi.actions import Action, LayDown
from remi.envs.decision import Decision
from remi.envs.encoding import Step, encoding
from remi.testing import game_states

VARIANTS = remi.variants.names()
HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


def reachable(decision: Decision) -> Iterator[Action]:
    """Every remi action some path of allowed steps from ``decision`` leads to; check each step's mask."""
    code = decision.code
    mask = decision.mask()
    assert set(np.flatnonzero(mask)) == set(decision.allowed) and decision.allowed
    for step in range(code.size):
        if step in decision.allowed:
            continue
        with pytest.raises(remi.IllegalActionError, match=f"action {step} is not allowed now"):
            decision.choose(step)
    for step in decision.allowed:
        outcome = decision.choose(step)
        if isinstance(outcome, Decision):
            assert outcome.taken[: len(decision.taken) + 1] == (*decision.taken, step)
            yield from reachable(outcome)
        else:
            yield outcome


def check_exact(state: GameState) -> int:
    """The reachable set is the legal set, both ways; each action's own steps lead to it. The actions checked."""
    code = encoding(state.variant, state.players)
    legal = list(state.legal_actions())
    reached = list(reachable(Decision.start(code, state)))
    assert all(state.is_legal(action) for action in reached)
    assert len(reached) == len(set(reached)) and set(reached) == set(legal), (
        [str(action) for action in set(legal) ^ set(reached)])
    for action in legal:
        outcome: Action | Decision = Decision.start(code, state)
        steps = code.steps(action)
        for position, step in enumerate(steps):
            if not isinstance(outcome, Decision):
                break
            if position < len(outcome.taken):  # a forced step, taken for the agent
                assert outcome.taken[position] == step
                continue
            outcome = outcome.choose(step)
        assert outcome == action, (str(action), [code.name(step) for step in steps])
    return len(legal)


def random_walk(variant: str, players: int, seed: int, states: int) -> Iterator[GameState]:
    """Play-phase states of random play that goes down rarely, so that hands and tables grow varied."""
    rng = random.Random(seed)
    state = remi.new_game(variant, players=players, seed=seed)
    found = 0
    while found < states:
        if state.is_over:
            state = remi.new_game(variant, players=players, seed=rng.randrange(2**32))
        legal = state.legal_actions()
        if state.phase is remi.Phase.PLAY and rng.random() < 0.5:
            found += 1
            yield state
        actions = list(legal.only(*(kind for kind in (remi.actions.Discard, remi.actions.LayOff,
                                                      remi.actions.SwapJoker))))
        laydowns = list(legal.only(LayDown)) if state.phase is remi.Phase.PLAY else []
        if laydowns and (rng.random() < 0.3 or not actions):
            state = state.apply(rng.choice(laydowns))
        elif state.phase is remi.Phase.PLAY:
            state = state.apply(rng.choice(actions))
        else:
            state = state.apply(rng.choice(list(legal)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_action_is_reachable_and_every_allowed_step_leads_to_one(variant: str) -> None:
    low = max(2, remi.variants.get(variant).min_players)
    checked = 0
    for players in (low, 4):
        for state in random_walk(variant, players, seed=players, states=40):
            checked += check_exact(state)
    assert checked > 400


@settings(max_examples=40, deadline=None, suppress_health_check=HEALTH)
@given(state=game_states(max_actions=150))
def test_reachable_set_is_the_legal_set_in_drawn_states(state: GameState) -> None:
    if state.is_over:
        return
    assert check_exact(state) >= 1


def test_a_lay_down_is_built_meld_by_meld() -> None:
    game = remi.new_game("norwegian", players=2, seed=1, dealer=1,
                         hands=["5C 5D 5H 5S KS KD KH 2D 9C 3S", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"])
    game = game.apply(remi.actions.DRAW).apply(remi.actions.PASS)
    code = encoding("norwegian", 2)
    decision = Decision.start(code, game)
    assert Step.GO_DOWN in decision.allowed
    following = decision.choose(Step.GO_DOWN)
    assert isinstance(following, Decision)
    assert [code.name(step) for step in following.taken] == ["go down", "set"]  # both melds are sets: forced
    names = [code.name(step) for step in following.allowed]
    assert len(names) >= 2 and all(name.startswith("meld ") for name in names)  # which set, which cards
    observation = code.observe(game.view(following.seat), following.taken)
    choosing = next(observation[offset:offset + shape[0]] for name, offset, shape in code.layout
                    if name == "choosing")
    assert choosing[0] == 1 and choosing[3] == 1  # going down, building a set


def test_an_illegal_step_is_a_typed_error_naming_it() -> None:
    game = remi.new_game("norwegian", players=2, seed=1)
    decision = Decision.start(encoding("norwegian", 2), game)
    with pytest.raises(remi.IllegalActionError, match=r"action 200 is not allowed now \(seat \d may choose draw"):
        decision.choose(200)
    with pytest.raises(remi.IllegalActionError, match="action 'x' is not allowed"):
        decision.choose("x")  # type: ignore[arg-type]


def test_lay_downs_are_generated_when_the_seat_goes_down() -> None:
    """The first step generates no lay-down; choosing go down generates them: still every one reachable."""
    code = encoding("norwegian", 3)
    going_down = 0
    for state in random_walk("norwegian", 3, seed=9, states=60):
        check_exact(state)
        going_down += Step.GO_DOWN in Decision.start(code, state).allowed
    assert going_down > 0
