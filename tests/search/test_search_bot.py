"""Tests for remi.search_bot: the search bot's registry names, budget, sampling and legal, reproducible play."""

from __future__ import annotations

import io
from collections.abc import Callable

import numpy as np
import pytest

import remi
from remi.actions import TAKE, Action, Discard
from remi.bots import Bot, GreedyBot, make_bot
from remi.cards import Card
from remi.cli import main
from remi.envs.gymnasium import RemiEnv
from remi.search_bot import DEFAULT_ITERATIONS, LEVELS, SearchBot, deal_value
from remi.simulation import simulate
from remi.state import GameState, PlayerView, determinize


class RecordingSampler:
    """Samples with :func:`remi.determinize` and keeps every world it dealt, for the test to inspect."""

    def __init__(self) -> None:
        self.worlds: list[GameState] = []

    def __call__(self, view: PlayerView, seed: int | str) -> GameState:
        world = determinize(view, seed)
        self.worlds.append(world)
        return world


def small(seed: int | str = 0, sampler: Callable[[PlayerView, int | str], GameState] | None = None) -> SearchBot:
    """A search bot with a small budget, to keep the tests quick."""
    return SearchBot(seed, policy=GreedyBot, iterations=12, sampler=sampler)


def first_choice_with_candidates(bot: SearchBot, state: GameState, *, limit: int = 400) -> GameState:
    """Play ``state`` on with greedy bots until the seat to act has a real choice between candidates."""
    greedy = GreedyBot()
    for _ in range(limit):
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        legal = state.legal_actions()
        if len(bot._candidates(view, legal, greedy.choose(view, legal))) > 1:
            return state
        state = state.apply(greedy.choose(view, legal))
    raise AssertionError("no decision with two candidates")


# -- the registry and the budget ---------------------------------------------------------------


def test_the_search_bot_is_registered_with_its_levels() -> None:
    for level, iterations in LEVELS.items():
        bot = make_bot(f"search:{level}", seed=3)
        assert isinstance(bot, SearchBot) and isinstance(bot, Bot)
        assert bot.iterations == iterations and bot.seed == 3
    plain = make_bot("search")
    assert isinstance(plain, SearchBot) and plain.iterations == DEFAULT_ITERATIONS == LEVELS["normal"]
    assert LEVELS["easy"] < LEVELS["normal"] < LEVELS["hard"]
    assert plain.time_limit is None  # no time limit by default: play depends on the seed alone


@pytest.mark.parametrize(("arguments", "match"), [
    ({"iterations": 0}, "iterations must be an integer of at least 1"),
    ({"iterations": True}, "iterations must be an integer"),
    ({"candidates": 1}, "candidates must be an integer of at least 2"),
    ({"time_limit": 0}, "time_limit must be a positive number"),
    ({"time_limit": "1"}, "time_limit must be a positive number"),
])
def test_a_bad_budget_is_refused(arguments: dict[str, object], match: str) -> None:
    with pytest.raises(remi.RemiError, match=match) as info:
        SearchBot(0, policy=GreedyBot, **arguments)  # type: ignore[arg-type]
    assert info.value.reason is remi.Reason.BAD_ARGUMENT


def test_a_bad_seed_is_refused() -> None:
    with pytest.raises(remi.RemiError, match="seed") as info:
        SearchBot(1.5, policy=GreedyBot)  # type: ignore[arg-type]
    assert info.value.reason is remi.Reason.BAD_ARGUMENT


def test_no_legal_action_is_refused() -> None:
    game = remi.new_game("norwegian", players=2, seed=1)
    with pytest.raises(remi.RemiError, match="no legal action") as info:
        small().choose(game.view(game.to_act or 0), [])
    assert info.value.reason is remi.Reason.GAME_OVER


def test_deal_value_rewards_going_out_and_a_points_lead() -> None:
    won = remi.DealResult(deal=1, winner=1, scores=(300, 0, 40), hands=((), (), ()), levels=(1, 1, 1))
    assert deal_value(won, 1) > deal_value(won, 2) > deal_value(won, 0)
    assert deal_value(None, 0) == 0.0


# -- sampling ----------------------------------------------------------------------------------


def taken_and_kept(seed: int) -> tuple[GameState, Card] | None:
    """Seat 1 takes the upcard (greedy play after it), then seat 0 must choose: the state, and the card seat 1 holds."""
    game = remi.new_game("norwegian", players=2, seed=seed, dealer=0)
    upcard = game.discard_pile[-1]
    if not game.is_legal(TAKE):
        return None
    game = game.apply(TAKE)
    greedy = GreedyBot()
    while game.to_act == 1:
        game = game.apply(greedy.choose(game.view(1), game.legal_actions()))
    return (game, upcard) if upcard in game.hands[1] and game.to_act == 0 else None


def test_its_samples_keep_a_card_seen_picked_up_in_the_takers_hand() -> None:
    # seat 1 takes the upcard in full view and keeps it; seat 0's search never deals that card elsewhere
    found = next(filter(None, map(taken_and_kept, range(40))))
    game, upcard = found
    sampler = RecordingSampler()
    bot = SearchBot(5, policy=GreedyBot, iterations=16, sampler=sampler)
    assert bot.choose(game.view(0), game.legal_actions()) in game.legal_actions()
    assert len(sampler.worlds) >= 2, "the bot sampled no worlds"
    for world in sampler.worlds:
        assert upcard in world.hands[1]  # seen picked up, never played: still the taker's
        assert world.hands[0] == game.hands[0]  # its own hand, as it is
        assert world.table == game.table and world.discard_pile == game.discard_pile
        assert [len(hand) for hand in world.hands] == [len(hand) for hand in game.hands]
        assert len(world.stock) == len(game.stock)
    # the other hidden cards are dealt differently from world to world
    assert len({world.hands[1] for world in sampler.worlds}) > 1


# -- play ----------------------------------------------------------------------------------------


def test_equal_seeds_and_views_give_equal_choices_and_different_seeds_may_differ() -> None:
    game = first_choice_with_candidates(small(), remi.new_game("norwegian", players=2, seed=6))
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    choices = {str(small(seed).choose(view, game.legal_actions())) for seed in range(4)}
    assert all(choice in {str(a) for a in game.legal_actions()} for choice in choices)
    assert small(1).choose(view, game.legal_actions()) == small(1).choose(view, list(game.legal_actions()))


def test_a_decision_with_a_choice_spends_its_budget_and_a_lay_off_none() -> None:
    bot = small()
    game = first_choice_with_candidates(bot, remi.new_game("norwegian", players=2, seed=8))
    seat = game.to_act
    assert seat is not None
    bot.choose(game.view(seat), game.legal_actions())
    assert 2 <= bot.rollouts <= bot.iterations + len(LEVELS) * 4


def test_a_time_limit_still_gives_a_legal_choice() -> None:
    game = first_choice_with_candidates(small(), remi.new_game("english", players=3, seed=2))
    seat = game.to_act
    assert seat is not None
    bot = SearchBot(0, policy=GreedyBot, iterations=10_000, time_limit=0.01)
    assert bot.choose(game.view(seat), game.legal_actions()) in game.legal_actions()
    assert bot.rollouts < 10_000


@pytest.mark.parametrize(("variant", "players"), [("norwegian", 2), ("english", 2), ("liverpool", 3)])
def test_it_plays_a_deal_legally_through_simulate(variant: str, players: int) -> None:
    stats = simulate(variant, players, ["search:easy", "greedy"], 1, seed=3, max_deals=1)
    assert stats.deals == 1 and stats.actions > 0
    assert stats.bot("search:easy").seats[0] == 0


def test_a_discard_choice_weighs_several_discards() -> None:
    bot = small()
    game = remi.new_game("norwegian", players=2, seed=9)
    greedy = GreedyBot()
    while game.phase is not remi.Phase.PLAY:
        game = game.apply(greedy.choose(game.view(game.to_act or 0), game.legal_actions()))
    seat = game.to_act
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions()
    preferred = greedy.choose(view, legal)
    candidates: list[Action] = bot._candidates(view, legal, preferred)
    if isinstance(preferred, Discard):
        assert candidates[0] == preferred and len(candidates) == bot.candidates
        assert all(isinstance(action, Discard) for action in candidates)
    assert len(set(candidates)) == len(candidates)


# -- the applications ------------------------------------------------------------------------


def test_the_gymnasium_environment_takes_search_opponents() -> None:
    env = RemiEnv("norwegian", players=2, opponents="search:easy", seed=1)
    env.reset(seed=1)
    for _ in range(6):
        mask = env.action_masks()
        _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(mask)[0]))
        assert not truncated
        if terminated:
            break
    assert isinstance(env._bots[1], SearchBot)
    env.close()


def test_remi_play_takes_a_search_bot(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "norwegian", "--players", "2", "--seed", "3", "--bot", "search:easy", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "you, and search:easy bots in seat 1" in out


def test_remi_play_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "norwegian", "--bot", "clever"]) == 2
    assert "unknown bot 'clever'" in capsys.readouterr().err
