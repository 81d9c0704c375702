"""The OpenSpiel game python_remi: OpenSpiel's random simulation test, parameters, chance and observations."""

from __future__ import annotations

import attrs
import numpy as np
import pyspiel
import pytest

import remi
from remi.envs.encoding import encoding
from remi.envs.openspiel import register

register()


@pytest.fixture(autouse=True)
def _own_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The variants a test registers stay in that test."""
    monkeypatch.setattr(remi.variants, "_registered", dict(remi.variants._registered))


def small_variant() -> remi.Variant:
    """A third-party variant: two contracts of Norwegian, no jokers, deals of at most 30 turns."""
    norwegian = remi.variants.get("norwegian")
    return attrs.evolve(
        norwegian, name="remi-test-short", deck=remi.Deck(packs=1, jokers=0),
        contracts=attrs.evolve(norwegian.contracts, contracts=norwegian.contracts.contracts[:2], deal_sizes=(7, 7),
                               going_out=norwegian.contracts.going_out[:2]),
        match=attrs.evolve(norwegian.match, turn_limit=30), references=())


def test_random_simulation_test_passes() -> None:
    game = pyspiel.load_game("python_remi", {"variant": "norwegian", "players": 3, "seeds": 32})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_simulation_test_passes_on_a_third_party_variant_for_the_whole_match() -> None:
    remi.variants.register(small_variant(), replace=True)
    game = pyspiel.load_game("python_remi", {"variant": "remi-test-short", "players": 2, "reward": "match",
                                             "deals": 5, "seeds": 8})
    assert game.max_game_length() > 0 and game.max_utility() == 1.0
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_is_declared_as_the_frameworks_expect() -> None:
    game = pyspiel.load_game("python_remi", {"variant": "english", "players": 4})
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    code = encoding("english", 4)
    assert game.num_distinct_actions() == code.size and game.num_players() == 4
    assert game.observation_tensor_shape() == list(code.shape)


def test_the_chance_node_seeds_the_match() -> None:
    game = pyspiel.load_game("python_remi", {"players": 3, "seeds": 100})
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [seed for seed, _ in outcomes] == list(range(100)) and sum(p for _, p in outcomes) == pytest.approx(1)
    state.apply_action(42)
    assert state.episode is not None
    dealt = remi.new_game("norwegian", players=3, seed=42)
    assert state.episode.state == dealt
    seat = state.current_player()
    assert seat == dealt.to_act
    assert np.array_equal(np.array(state.observation_tensor(seat)),
                          encoding("norwegian", 3).observe(dealt.view(seat)))
    assert "draw" in [state.action_to_string(a) for a in state.legal_actions()]


def test_a_public_observer_does_not_see_the_hand() -> None:
    game = pyspiel.load_game("python_remi", {"players": 2, "seeds": 4})
    state = game.new_initial_state()
    state.apply_action(1)
    public = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                              private_info=pyspiel.PrivateInfoType.NONE))
    private = game.make_py_observer()
    seat = state.current_player()
    public.set_from(state, seat)
    private.set_from(state, seat)
    assert not public.dict["hand"].any() and private.dict["hand"].sum() == len(state.episode.state.hands[seat])
    assert "cards" in public.string_from(state, seat)


def test_a_variant_without_a_turn_limit_is_refused() -> None:
    remi.variants.register(attrs.evolve(small_variant(), name="remi-test-endless",
                                        match=attrs.evolve(small_variant().match, turn_limit=None)), replace=True)
    with pytest.raises(remi.RemiError, match="OpenSpiel needs a bounded game"):
        pyspiel.load_game("python_remi", {"variant": "remi-test-endless", "players": 2})
