"""The PettingZoo AEC environment: PettingZoo's API test for every variant and player count, seeds, refusals."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import remi
from remi.envs.pettingzoo import env, raw_env

VARIANTS = [remi.variants.get(name) for name in remi.variants.names()]
CASES = [(variant.name, players) for variant in VARIANTS
         for players in range(max(2, variant.min_players), min(6, variant.max_players) + 1)]


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_api_test_passes(variant: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo suggests Box observations; ours are the usual dict with a mask
        api_test(env(variant=variant, players=players, seed=players), num_cycles=10)


def test_api_test_passes_through_a_whole_episode() -> None:
    game = env(variant="norwegian", players=4, seed=3, deals=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(game, num_cycles=2000)
    game.reset(seed=3)
    steps = play(game, np.random.default_rng(3))
    assert steps < 2000 and not game.agents


def play(game: raw_env, rng: np.random.Generator) -> int:
    """Random agents to the end of the episode; the number of actions played."""
    steps = 0
    for _agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps


def history(seed: int) -> tuple[str, ...]:
    game = env(variant="shanghai", players=3, seed=seed, deals=1)
    game.reset()
    play(game, np.random.default_rng(0))
    return tuple(map(str, game.unwrapped.game.history))


def test_seeded_runs_are_reproducible() -> None:
    assert history(5) == history(5)
    assert history(5) != history(6)


def test_rewards_are_zero_sum_and_the_negated_deal_score() -> None:
    game = env(variant="liverpool", players=3, seed=8, deals=1)
    game.reset()
    totals = dict.fromkeys(game.possible_agents, 0.0)
    rng = np.random.default_rng(8)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        game.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    state = game.unwrapped.game
    scores = state.deal_scores[0]
    assert sum(totals.values()) == pytest.approx(0.0)
    assert [totals[f"player_{seat}"] for seat in range(3)] == pytest.approx(
        [sum(scores) / 3 - score for score in scores])


def test_infos_carry_the_remi_actions() -> None:
    game = raw_env(variant="english", players=2, seed=1, legal_info=True)
    game.reset()
    agent = game.agent_selection
    legal = game.infos[agent]["legal"]
    assert [str(action) for (action,) in legal.values()] == [str(a) for a in game.game.legal_actions()]
    game.step(0)
    assert str(game.infos[agent]["action"]) == "draw"


def test_a_forbidden_action_is_refused_with_a_reason() -> None:
    game = raw_env(variant="norwegian", players=2, seed=1)
    game.reset()
    with pytest.raises(remi.IllegalActionError, match=r"action 2 is not allowed now \(player_\d may play draw"):
        game.step(2)  # buy, in the draw phase


def test_render_shows_the_table_in_card_notation() -> None:
    game = raw_env(variant="norwegian", players=2, seed=1, render_mode="ansi")
    game.reset()
    text = game.render()
    assert text is not None and "deal 1" in text
    seat = game.game.to_act
    assert seat is not None
    assert remi.format_cards(game.game.hands[seat], symbols=True) in text
    with pytest.raises(remi.RemiError, match="render_mode must be one of"):
        raw_env(render_mode="rgb")


def test_env_keeps_pettingzoo_s_order_and_bounds_checks() -> None:
    from pettingzoo.utils import wrappers

    game = env(variant="norwegian", players=2, seed=4)
    plain = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env("norwegian", 2, seed=4)))
    assert isinstance(game, wrappers.OrderEnforcingWrapper)
    assert isinstance(game.env, wrappers.AssertOutOfBoundsWrapper)
    assert str(game) == str(plain) == "remi_v0"
    for name in ("rewards", "terminations", "truncations", "infos", "agent_selection", "agents"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(game, name)
    game.reset()
    plain.reset()
    for _ in range(30):  # the same figures as PettingZoo's own wrappers give, step by step
        observation, reward, terminated, truncated, info = game.last()
        expected = plain.last()
        assert np.array_equal(observation["observation"], expected[0]["observation"])
        assert np.array_equal(observation["action_mask"], expected[0]["action_mask"])
        assert (reward, terminated, truncated, info) == expected[1:]
        assert (game.agent_selection, game.agents, game.rewards, game.terminations) == (
            plain.agent_selection, plain.agents, plain.rewards, plain.terminations)
        action = int(np.flatnonzero(observation["action_mask"])[0])
        game.step(action)
        plain.step(action)
    with pytest.raises(AssertionError, match="not in action space"):
        game.step(int(game.action_space(game.agent_selection).n))  # one past the last action
    with pytest.raises(AssertionError, match="not in action space"):
        game.step(None)  # (None only for an agent that is done)
    assert game.unwrapped.game == plain.unwrapped.game  # refused steps changed nothing


def test_env_s_agent_iter_keeps_pettingzoo_s_order_checks() -> None:
    """``agent_iter()`` yields what PettingZoo's own wrappers' yields, refuses a loop that does not step, and stops
    at the episode's end (and at ``max_iter``)."""
    from pettingzoo.utils import wrappers

    game = env(variant="norwegian", players=2, seed=4, deals=1)
    plain = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env("norwegian", 2, seed=4,
                                                                                     deals=1)))
    game.reset()
    plain.reset()
    ours: list[str] = []
    theirs: list[str] = []
    for looped, agents in ((game, ours), (plain, theirs)):
        for agent in looped.agent_iter():
            agents.append(agent)
            observation, _, terminated, truncated, _ = looped.last()
            looped.step(None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0]))
    assert ours == theirs and len(ours) > 20  # (a whole deal, then each agent stepped once more, done)
    game.reset()
    looping = iter(game.agent_iter())
    next(looping)
    with pytest.raises(AssertionError, match="need to call step"):
        next(looping)
    game.reset()
    stepped = 0
    for _ in game.agent_iter(max_iter=3):
        game.step(int(np.flatnonzero(game.last()[0]["action_mask"])[0]))
        stepped += 1
    assert stepped == 3
