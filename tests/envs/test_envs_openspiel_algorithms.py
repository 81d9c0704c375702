"""OpenSpiel's own algorithms on python_remi: MCCFR, ISMCTS, MCTS; small chance nodes; perfect recall; typed errors."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import attrs
import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

import remi
from remi.envs.openspiel import CHANCE_OUTCOMES, RemiState, register

register()


@pytest.fixture(autouse=True)
def _own_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The variants a test registers stay in that test."""
    monkeypatch.setattr(remi.variants, "_registered", dict(remi.variants._registered))


def short_variant() -> remi.Variant:
    """Norwegian's first two contracts with one pack, no jokers, 7-card hands, deals of at most 30 turns."""
    norwegian = remi.variants.get("norwegian")
    return attrs.evolve(
        norwegian, name="remi-test-short-search", deck=remi.Deck(packs=1, jokers=0),
        contracts=attrs.evolve(norwegian.contracts, contracts=norwegian.contracts.contracts[:2], deal_sizes=(7, 7),
                               going_out=norwegian.contracts.going_out[:2]),
        match=attrs.evolve(norwegian.match, turn_limit=30), references=())


def past_chance(state: pyspiel.State, rng: np.random.RandomState) -> pyspiel.State:
    """``state`` after its chance nodes, each outcome drawn by ``rng``."""
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
    return state


def play_randomly(state: pyspiel.State, rng: np.random.RandomState, actions: int) -> pyspiel.State:
    """``state`` after up to ``actions`` random legal actions (stopping at the end)."""
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


# chance nodes


@pytest.mark.parametrize("seeds", [0, 1, 16, 1024, 1025, 1500, 70_000])
def test_every_chance_node_has_at_most_1024_outcomes_summing_to_one(seeds: int) -> None:
    game = pyspiel.load_game("python_remi", {"players": 2, "seeds": seeds})
    assert game.max_chance_outcomes() <= CHANCE_OUTCOMES
    rng = np.random.RandomState(seeds)
    for _ in range(3):
        state, nodes = game.new_initial_state(), 0
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert 1 <= len(outcomes) <= game.max_chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(int(rng.choice([o for o, _ in outcomes], p=[p for _, p in outcomes])))
            nodes += 1
        assert nodes == (7 if seeds == 0 else max(1, math.ceil(math.log(seeds, CHANCE_OUTCOMES))))
        assert 0 <= state.episode.state.seed < (seeds or 1 << 64)


def test_the_chance_nodes_draw_every_seed_uniformly() -> None:
    game = pyspiel.load_game("python_remi", {"players": 2, "seeds": 1500})
    seen = {}
    for high, p_high in game.new_initial_state().chance_outcomes():
        state = game.new_initial_state()
        state.apply_action(high)
        for low, p_low in state.chance_outcomes():
            seen[high * CHANCE_OUTCOMES + low] = p_high * p_low
    assert sorted(seen) == list(range(1500))
    assert all(p == pytest.approx(1 / 1500) for p in seen.values())


def test_the_default_game_reaches_seeds_far_beyond_one_chance_node() -> None:
    game = pyspiel.load_game("python_remi", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    assert state.episode.state.seed == (1 << 64) - 1
    assert state.episode.state == remi.new_game("norwegian", players=2, seed=(1 << 64) - 1)


@pytest.mark.parametrize("variant", ["norwegian", "shanghai"])
def test_random_simulation_test_with_serialization_passes_over_the_chance_nodes(variant: str) -> None:
    game = pyspiel.load_game("python_remi", {"variant": variant, "players": 2})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_state_deserializes_to_the_same_match() -> None:
    game = pyspiel.load_game("python_remi", {"players": 3})
    state = play_randomly(past_chance(game.new_initial_state(), np.random.RandomState(5)),
                          np.random.RandomState(5), 40)
    again = game.deserialize_state(state.serialize())
    assert again.episode.state == state.episode.state
    assert again.information_state_string(1) == state.information_state_string(1)


# illegal actions


def test_an_illegal_action_id_raises_a_typed_error_naming_it() -> None:
    game = pyspiel.load_game("python_remi", {"players": 2})
    state = past_chance(game.new_initial_state(), np.random.RandomState(1))
    with pytest.raises(remi.IllegalActionError, match=r"action id 100 \(.*\) is not legal now") as caught:
        state.apply_action(100)
    assert caught.value.reason is remi.Reason.ILLEGAL
    with pytest.raises(remi.IllegalActionError, match=r"action id 100000 is not an action"):
        state.apply_action(100_000)


def test_a_chance_outcome_out_of_range_raises_a_typed_error() -> None:
    game = pyspiel.load_game("python_remi", {"players": 2, "seeds": 10})
    with pytest.raises(remi.IllegalActionError, match="chance outcome 10 is not an outcome"):
        game.new_initial_state().apply_action(10)


# information states with perfect recall


def test_the_game_declares_an_information_state_string() -> None:
    game = pyspiel.load_game("python_remi", {"players": 2})
    assert game.get_type().provides_information_state_string
    assert not game.get_type().provides_information_state_tensor


def test_a_seat_recalls_its_own_draws_and_sees_others_as_unknown() -> None:
    game = pyspiel.load_game("python_remi", {"players": 2, "seeds": 8})
    state = game.new_initial_state()
    state.apply_action(3)
    seat = state.current_player()
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(seat, a) == "draw"))
    drawn = state.episode.state.view(seat).history[-1].card
    assert drawn is not None
    assert f"DrewStock({seat},{drawn})" in state.information_state_string(seat)
    assert f"DrewStock({seat},?)" in state.information_state_string(1 - seat)


def test_every_decision_of_a_seat_has_its_own_information_state() -> None:
    # perfect recall: the history only grows, so no information state comes back within an episode
    game = pyspiel.load_game("python_remi", {"players": 3})
    rng = np.random.RandomState(7)
    state = past_chance(game.new_initial_state(), rng)
    seen: set[tuple[int, str]] = set()
    while not state.is_terminal():
        key = (state.current_player(), state.information_state_string())
        assert key not in seen
        seen.add(key)
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(seen) > 50


def test_the_information_state_recalls_earlier_deals() -> None:
    remi.variants.register(short_variant(), replace=True)
    game = pyspiel.load_game("python_remi", {"variant": "remi-test-short-search", "players": 2, "deals": 2})
    rng = np.random.RandomState(2)
    state = past_chance(game.new_initial_state(), rng)
    first = state.information_state_string(0)
    while state.episode.state.deal == 1:
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert not state.is_terminal()  # two deals
    later = state.information_state_string(0)
    assert "||" in later and first.split(" | ", 1)[1] in later


def test_a_resampled_state_has_the_same_information_state_for_its_seat() -> None:
    game = pyspiel.load_game("python_remi", {"players": 3})
    rng = np.random.RandomState(11)
    state = play_randomly(past_chance(game.new_initial_state(), rng), rng, 30)
    seat = state.current_player()
    hidden = set()
    for _ in range(4):
        sampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert isinstance(sampled, RemiState) and sampled.episode is not None
        assert sampled.information_state_string(seat) == state.information_state_string(seat)
        assert sampled.legal_actions() == state.legal_actions() and sampled.returns() == state.returns()
        assert sampled.episode.state.hands[seat] == state.episode.state.hands[seat]
        hidden.add(sampled.episode.state.hands[(seat + 1) % 3])
        play_randomly(sampled, rng, 20)  # play goes on from a sample
    assert len(hidden) > 1


# the algorithms


def test_outcome_sampling_mccfr_runs_20_iterations_on_a_real_deal() -> None:
    game = pyspiel.load_game("python_remi", {"variant": "norwegian", "players": 2})
    np.random.seed(0)  # outcome sampling draws from numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    state = past_chance(game.new_initial_state(), np.random.RandomState(0))
    probabilities = solver.average_policy().action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
    tables = solver._infostates  # the solver's table is what it learnt
    assert len(tables) > 100
    assert all(np.isfinite(regrets).all() and np.isfinite(average).all() for regrets, average in tables.values())


def test_ismcts_with_20_simulations_plays_whole_games_against_random() -> None:
    remi.variants.register(short_variant(), replace=True)
    game = pyspiel.load_game("python_remi", {"variant": "remi-test-short-search", "players": 2})
    rng = np.random.RandomState(4)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 20, random_state=rng)
    for bot_seat in (0, 1):
        state, searched = past_chance(game.new_initial_state(), rng), 0
        while not state.is_terminal():
            if state.current_player() == bot_seat:
                state.apply_action(int(bot.step(state)))
                searched += 1
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert searched > 5 and sum(state.returns()) == pytest.approx(0.0)


def test_mcts_accepts_the_terminal_reward_game_and_plays() -> None:
    game = pyspiel.load_game("python_remi", {"players": 2, "reward_model": "terminal"})
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
    rng = np.random.RandomState(6)
    bot = mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = past_chance(game.new_initial_state(), rng)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_mcts_refuses_the_default_game_with_rewards_at_every_step() -> None:
    game = pyspiel.load_game("python_remi", {"players": 2})
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    with pytest.raises(ValueError, match="terminal rewards"):
        mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1))


def test_terminal_rewards_come_at_the_end_only() -> None:
    game = pyspiel.load_game("python_remi", {"players": 2, "reward_model": "terminal", "seeds": 4})
    rng = np.random.RandomState(8)
    state = past_chance(game.new_initial_state(), rng)
    while not state.is_terminal():
        assert state.rewards() == [0.0, 0.0]
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.rewards() == state.returns() and state.returns() != [0.0, 0.0]


def test_a_bad_reward_model_is_refused() -> None:
    with pytest.raises(remi.RemiError, match="reward_model must be one of rewards, terminal"):
        pyspiel.load_game("python_remi", {"reward_model": "sparse"})


def test_the_search_example_runs_its_two_algorithms() -> None:
    path = Path(__file__).resolve().parents[2] / "examples" / "openspiel_search.py"
    spec = importlib.util.spec_from_file_location("openspiel_search_example", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    remi.variants.register(short_variant(), replace=True)
    game = pyspiel.load_game("python_remi", {"variant": "remi-test-short-search", "players": 2})
    reward = example.play_ismcts_against_random(game, 3, np.random.RandomState(1))
    assert math.isfinite(reward)
    assert example.run_mccfr(game, 2) > 10


def test_a_child_state_and_a_resampled_child_play_on() -> None:
    # pyspiel's child() clones the state: the clone must still start the match and resample
    game = pyspiel.load_game("python_remi", {"players": 2, "seeds": 2000})
    state = game.new_initial_state().child(1).child(3)
    assert state.episode.state == remi.new_game("norwegian", players=2, seed=1 * CHANCE_OUTCOMES + 3)
    child = state.child(state.legal_actions()[0])
    sampled = child.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.information_state_string(0) == child.information_state_string(0)
    after = sampled.child(sampled.legal_actions()[0])
    assert not after.is_chance_node() and after.information_state_string(0) != child.information_state_string(0)

