"""The frameworks' conventions: SB3's defaults, rendering, bounds, normalized observations, infos, typed errors."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

import remi
from remi.envs.decision import Decision
from remi.envs.encoding import Observer, encoding
from remi.envs.gymnasium import RemiEnv
from remi.envs.pettingzoo import env, raw_env


def test_gymnasium_make_with_rgb_array_works_as_sb3_calls_it() -> None:
    """SB3's make_vec_env calls gymnasium.make(id, render_mode="rgb_array") and retries only on TypeError."""
    made = gymnasium.make("remi/Norwegian-v0", render_mode="rgb_array")
    made.reset(seed=1)
    picture = made.render()
    assert isinstance(picture, np.ndarray) and picture.dtype == np.uint8 and picture.ndim == 3
    assert picture.shape[2] == 3 and picture.std() > 0
    assert made.metadata["render_fps"] > 0 and "rgb_array" in made.metadata["render_modes"]


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_make_vec_runs_both_ways(mode: str) -> None:
    vec = gymnasium.make_vec("remi/English-v0", num_envs=2, vectorization_mode=mode, render_mode="rgb_array")
    try:
        observations, infos = vec.reset(seed=3)
        assert observations.shape == (2, *encoding("english", 4).shape)
        assert "legal" not in infos
        for _ in range(5):
            masks = infos["action_mask"]
            actions = np.array([int(np.flatnonzero(mask)[0]) for mask in masks])
            observations, _, _, _, infos = vec.step(actions)
            assert vec.single_observation_space.contains(observations[0])
    finally:
        vec.close()


def test_info_legal_only_when_asked_for() -> None:
    plain = RemiEnv("norwegian", players=2, seed=1)
    _, info = plain.reset()
    assert set(info) == {"action_mask"}
    asking = RemiEnv("norwegian", players=2, seed=1, legal_info=True)
    _, info = asking.reset()
    reached = [str(action) for actions in info["legal"].values() for action in actions]
    assert sorted(reached) == sorted(str(action) for action in asking.game.legal_actions())
    assert all(type(step) is int for step in info["legal"])


@pytest.mark.parametrize("normalized", [False, True])
def test_observations_stay_within_finite_bounds(normalized: bool) -> None:
    made = RemiEnv("mayi", players=3, seed=2, deals=2, normalized=normalized)
    space = made.observation_space
    assert isinstance(space, gymnasium.spaces.Box)
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all()
    if normalized:
        assert space.low.min() == -1 and space.high.max() == 1
    observation, info = made.reset()
    rng = random.Random(2)
    done = False
    while not done:
        assert space.contains(observation), np.flatnonzero((observation < space.low) | (observation > space.high))
        observation, _, done, _, info = made.step(rng.choice(list(np.flatnonzero(info["action_mask"]))))


def test_check_env_passes_without_warnings_about_bounds() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(RemiEnv("norwegian", players=2, seed=4))
    assert not [warning for warning in caught if "bound" in str(warning.message).lower()]


def test_a_step_after_the_end_raises_a_typed_error() -> None:
    made = RemiEnv("norwegian", players=2, seed=1, deals=1)
    _, info = made.reset()
    forbidden = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = made.step(forbidden)
    assert terminated and info["illegal"] and reward == made.illegal_reward
    with pytest.raises(remi.RemiError, match="the episode is over") as caught:
        made.step(0)
    assert caught.value.reason is remi.Reason.GAME_OVER


def test_reward_scale_scales_the_rewards_and_the_illegal_penalty() -> None:
    def total(scale: float) -> float:
        made = RemiEnv("norwegian", players=2, opponents="random", seed=5, deals=1, reward_scale=scale)
        _, info = made.reset()
        rng = random.Random(5)
        result, done = 0.0, False
        while not done:
            _, reward, done, _, info = made.step(rng.choice(list(np.flatnonzero(info["action_mask"]))))
            result += reward
        return result

    assert total(0.01) == pytest.approx(total(1.0) / 100)
    assert RemiEnv(reward_scale=0.01).illegal_reward == pytest.approx(-encoding("norwegian", 4).reward_bound("deal")
                                                                      / 100)
    with pytest.raises(remi.RemiError, match="reward_scale must be a positive number"):
        RemiEnv(reward_scale=0)


def test_the_observer_gives_the_encoding_s_observation_at_every_step() -> None:
    code = encoding("liverpool", 3)
    observer = Observer(code)
    normalized = Observer(code, normalized=True)
    state = remi.new_game("liverpool", players=3, seed=6)
    rng = random.Random(6)
    decision = Decision.start(code, state)
    for _ in range(400):
        if state.is_over:
            break
        for seat in range(3):
            taken = decision.taken if seat == decision.seat else ()
            expected = code.observe(state.view(seat), taken)
            assert np.array_equal(observer.observe(state, seat, taken), expected)
            assert np.allclose(normalized.observe(state, seat, taken),
                               code.observe(state.view(seat), taken, normalized=True))
        outcome = decision.choose(rng.choice(decision.allowed))
        if isinstance(outcome, Decision):
            decision = outcome
            continue
        state = state.apply(outcome)
        if not state.is_over:
            decision = Decision.start(code, state)


def test_pettingzoo_seed_and_render_tests_pass() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(variant="english", players=3, seed=1), num_cycles=100)
        render_test(lambda render_mode=None: env(variant="norwegian", players=2, seed=1, render_mode=render_mode))


def test_pettingzoo_terminate_illegal_option_ends_the_episode() -> None:
    game = env(variant="norwegian", players=2, seed=1, illegal_reward=-1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(variant="norwegian", players=2, seed=1, illegal_reward=-1.0), num_cycles=20)
        game.reset()
        observation, *_ = game.last()
        forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
        culprit = game.agent_selection
        game.step(forbidden)
    assert all(game.terminations.values())
    assert game.rewards[culprit] == -1.0


def test_pettingzoo_sub_steps_keep_the_agent_selected() -> None:
    game = raw_env(variant="norwegian", players=2, seed=1, legal_info=True)
    game.reset()
    rng = random.Random(1)
    sub_steps = 0
    for _ in range(3000):
        if all(game.terminations.values()):
            break
        agent = game.agent_selection
        before = game.game
        mask = game.observe(agent)["action_mask"]
        game.step(int(rng.choice(list(np.flatnonzero(mask)))))
        if game.game is before:  # a sub-step: no remi action yet
            sub_steps += 1
            assert game.agent_selection == agent and game.rewards[agent] == 0.0 and "action" not in game.infos[agent]
    assert sub_steps > 0
