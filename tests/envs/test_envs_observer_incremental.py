"""The incremental observer gives exactly the encoding's observation, at every sub-step, for every seat and variant."""

from __future__ import annotations

import random

import numpy as np
import pytest

import remi
from remi.actions import Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.envs.decision import Decision
from remi.envs.encoding import Observer, Step, encoding

VARIANTS = remi.variants.names()


def player_counts(name: str) -> list[int]:
    """The fewest players of the variant, and 4 where it allows them."""
    variant = remi.variants.get(name)
    return sorted({variant.min_players, min(4, variant.max_players)})


@pytest.mark.parametrize("name", VARIANTS)
def test_the_observer_matches_the_view_s_observation_over_whole_deals(name: str) -> None:
    for players in player_counts(name):
        code = encoding(name, players)
        observer, normalized = Observer(code), Observer(code, normalized=True)
        rng = random.Random(players)
        state = remi.new_game(name, players=players, seed=players)
        decision = Decision.start(code, state)
        deals_seen = {state.deal}
        for _ in range(4000):
            if state.deal > 2:
                break
            for seat in rng.sample(range(players), players):  # seats observed in changing orders
                taken = decision.taken if seat == decision.seat else ()
                expected = code.observe(state.view(seat), taken)
                assert np.array_equal(observer.observe(state, seat, taken), expected), (name, players, seat)
                assert np.allclose(normalized.observe(state, seat, taken),
                                   code.observe(state.view(seat), taken, normalized=True))
            # (no buys: a hand grown by many buys goes down in millions of ways, too many to walk through)
            outcome = decision.choose(rng.choice([step for step in decision.allowed if step != Step.BUY]))
            if isinstance(outcome, Decision):
                decision = outcome
                continue
            state = state.apply(outcome)
            if state.is_over:
                break
            deals_seen.add(state.deal)
            decision = Decision.start(code, state)
        assert len(deals_seen) > 1  # the walk crossed a new deal: the pile starts afresh


def test_the_observer_returns_a_new_array_each_time() -> None:
    code = encoding("norwegian", 2)
    observer = Observer(code)
    state = remi.new_game("norwegian", players=2, seed=3)
    first = observer.observe(state, 0)
    first[:] = -7
    assert np.array_equal(observer.observe(state, 0), code.observe(state.view(0)))


def test_the_observer_refuses_a_seat_that_is_not_at_the_table() -> None:
    observer = Observer(encoding("norwegian", 2))
    with pytest.raises(remi.RemiError):
        observer.observe(remi.new_game("norwegian", players=2, seed=3), 2)


def _states_of_a_match(name: str, players: int, seed: int, count: int) -> list[remi.GameState]:
    """Up to ``count`` states of a match played at random, buys included (a lay-down: the first listed, if any)."""
    rng = random.Random(seed)
    state = remi.new_game(name, players=players, seed=seed)
    states = [state]
    while len(states) < count and not state.is_over:
        legal = state.legal_actions()
        laydown = next(iter(legal.only(LayDown)), None)  # (never all of them: a hand grown by buys has millions)
        choices = [*legal.only(*NOT_LAYDOWNS), *([laydown] if laydown is not None else [])]
        state = state.apply(rng.choice(choices))
        states.append(state)
    return states


NOT_LAYDOWNS = (DrawStock, TakeDiscard, Pass, Buy, LayOff, SwapJoker, Discard)


@pytest.mark.parametrize("name", ["norwegian", "english", "shanghai"])
def test_the_observer_matches_the_view_s_observation_for_states_in_any_order(name: str) -> None:
    # states of three matches, observed by one observer in a shuffled order: whatever it kept from the
    # state it saw last (the hand, the pile, the table, the match's figures, buys among them) must never
    # leak into the next
    players = 3
    code = encoding(name, players)
    observer = Observer(code)
    states = [state for seed in (1, 2, 3) for state in _states_of_a_match(name, players, seed, 150)]
    rng = random.Random(name)
    for state in rng.sample(states, len(states)):
        seat = rng.randrange(players)
        expected = code.observe(state.view(seat))
        assert np.array_equal(observer.observe(state, seat), expected), (name, seat, state)
