"""The Gymnasium environment: Gymnasium's checker, registration, seeds, the mask, and the training example."""

from __future__ import annotations

import importlib.util
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import remi
from locations import EXAMPLES
from remi.envs.gymnasium import RemiEnv

EXAMPLE = EXAMPLES / "rl_reinforce.py"


@pytest.mark.parametrize("variant", ["norwegian", "english", "mayi"])
def test_check_env_passes(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the observation has no finite bounds (scores), which Gymnasium notes
        check_env(RemiEnv(variant, players=3, seed=1))


@pytest.mark.parametrize(("name", "variant"), [("remi/Norwegian-v0", "norwegian"), ("remi/English-v0", "english")])
def test_the_registered_environments_are_made_by_name(name: str, variant: str) -> None:
    env = gymnasium.make(name)
    assert isinstance(env.unwrapped, RemiEnv) and env.unwrapped.code.variant.name == variant
    observation, info = env.reset(seed=4)
    assert observation.shape == env.observation_space.shape and info["action_mask"].any()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)


def rollout(env: RemiEnv, seed: int) -> tuple[list[float], tuple[str, ...]]:
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards, done = [], False
    while not done:
        _, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert not truncated
        rewards.append(reward)
    return rewards, tuple(map(str, env.game.history))


def test_seeded_runs_are_reproducible() -> None:
    first = rollout(RemiEnv("norwegian", players=3, deals=1), 9)
    assert first == rollout(RemiEnv("norwegian", players=3, deals=1), 9)
    assert first[1] != rollout(RemiEnv("norwegian", players=3, deals=1), 10)[1]


def test_the_learner_is_rewarded_its_share_of_the_zero_sum_deal_reward() -> None:
    env = RemiEnv("liverpool", players=3, opponents=["greedy", "random"], seat=1, deals=1)
    rewards, _ = rollout(env, 2)
    scores = env.game.deal_scores[0]
    assert sum(rewards) == pytest.approx(sum(scores) / 3 - scores[1])
    assert all(action is not None for action in env.game.history)


def test_the_mask_is_the_learner_s_and_maps_to_legal_actions() -> None:
    env = RemiEnv("shanghai", players=4, seed=3, legal_info=True)
    _, info = env.reset()
    for _ in range(30):
        assert env.game.to_act == env.seat
        assert set(np.flatnonzero(info["action_mask"])) == set(info["legal"])
        assert np.array_equal(env.action_masks(), info["action_mask"])
        assert all(env.game.is_legal(action) for actions in info["legal"].values() for action in actions)
        index = min(info["legal"])
        _, _, done, _, info = env.step(index)
        if done:
            break


def test_a_forbidden_action_ends_the_episode_with_the_worst_reward() -> None:
    env = RemiEnv("norwegian", players=2, seed=1)
    _, info = env.reset()
    forbidden = next(i for i in range(env.code.size) if not info["action_mask"][i])
    _, reward, terminated, _, info = env.step(forbidden)
    assert terminated and info["illegal"]
    assert reward == -env.code.reward_bound("deal") < 0


def test_bad_arguments_are_refused_with_a_reason() -> None:
    with pytest.raises(remi.RemiError, match="unknown bot 'clever'"):
        RemiEnv(opponents="clever")
    with pytest.raises(remi.RemiError, match="one per other seat"):
        RemiEnv(players=3, opponents=["greedy"])
    with pytest.raises(remi.RemiError, match="seat must be a seat from 0 to 3"):
        RemiEnv(seat=4)


def test_the_training_example_beats_random_play() -> None:
    spec = importlib.util.spec_from_file_location("rl_reinforce", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    random_play, trained = example.train(episodes=40, seed=1)
    print(f"random {random_play:+.1f}, trained {trained:+.1f}")
    assert trained > random_play + 5
