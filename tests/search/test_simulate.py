"""Tests for remi.simulate: consistent statistics, determinism, executors, the deal cap."""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, ClassVar

import attrs
import pytest

import remi
from remi.simulation import (
    DEFAULT_MAX_DEALS,
    MatchResult,
    Statistics,
    _summarize,
    bot_seed,
    match_seed,
    play_match,
    seat_bots,
    simulate,
)


@pytest.fixture(scope="module")
def mixed() -> Statistics:
    return simulate("norwegian", 3, ["greedy", "random"], games=4, seed=7)


def test_statistics_are_consistent(mixed: Statistics) -> None:
    stats = mixed
    assert stats.games == len(stats.matches) == 4
    assert stats.bots == ("greedy", "random", "greedy")
    assert sum(seat.wins for seat in stats.seats) == pytest.approx(stats.games)
    assert sum(bot.wins for bot in stats.by_bot) == pytest.approx(stats.games)
    assert [match.index for match in stats.matches] == list(range(4))
    assert stats.deals == sum(match.deals for match in stats.matches) == 4 * 7  # seven rounds each
    assert stats.deals_out + stats.deals_exhausted == stats.deals
    assert sum(seat.deals_won for seat in stats.seats) == stats.deals_out
    assert stats.actions == sum(match.actions for match in stats.matches)
    assert stats.mean_actions_per_deal == pytest.approx(stats.actions / stats.deals)
    assert stats.max_actions_per_deal == max(match.max_actions_per_deal for match in stats.matches)
    assert stats.capped == 0 and stats.max_deals == DEFAULT_MAX_DEALS
    for seat in stats.seats:
        totals = [match.totals[seat.seat] for match in stats.matches]
        assert seat.mean_total == pytest.approx(sum(totals) / stats.games)
        assert seat.mean_deal_score == pytest.approx(sum(totals) / stats.deals)
        assert seat.win_rate == pytest.approx(seat.wins / stats.games)
    greedy = stats.bot("greedy")
    assert greedy.seats == (0, 2)
    assert greedy.wins == pytest.approx(stats.seats[0].wins + stats.seats[2].wins)
    assert greedy.win_rate_per_seat == pytest.approx(greedy.wins / (stats.games * 2))
    won = sum(1 for match in stats.matches if {0, 2} & set(match.winners))
    assert greedy.win_rate == pytest.approx(won / stats.games)
    assert greedy.mean_total == pytest.approx((stats.seats[0].mean_total + stats.seats[2].mean_total) / 2)
    with pytest.raises(KeyError):
        stats.bot("nobody")


def test_each_match_is_scored_by_its_lowest_total(mixed: Statistics) -> None:
    for match in mixed.matches:
        assert match.winners == tuple(s for s, total in enumerate(match.totals) if total == min(match.totals))
        assert not match.capped and match.deals == 7
        assert match.seed == match_seed(7, match.index)


def test_shared_wins_count_fractionally() -> None:
    tie = MatchResult(index=0, seed="x", bots=("greedy", "greedy"), totals=(5, 5), winners=(0, 1), deals=1,
                      deals_won=(0, 0), deals_exhausted=1, actions=10, max_actions_per_deal=10, capped=False)
    stats = _summarize("norwegian", 2, ("greedy", "greedy"), 1, 0, None, [tie])
    assert [seat.wins for seat in stats.seats] == [0.5, 0.5]
    assert stats.shared_wins == 1 and stats.bot("greedy").wins == 1.0


def test_to_dict_is_json(mixed: Statistics) -> None:
    data = json.loads(json.dumps(mixed.to_dict()))
    assert data["games"] == 4
    assert data["variant"] == "norwegian"
    assert set(data["by_bot"]) == {"greedy", "random"}
    assert data["deals"]["total"] == 28
    assert "matches" not in data
    full = json.loads(json.dumps(mixed.to_dict(matches=True)))
    assert len(full["matches"]) == 4 and full["matches"][0]["totals"] == list(mixed.matches[0].totals)


def test_results_depend_only_on_the_seed(mixed: Statistics) -> None:
    again = simulate("norwegian", 3, "greedy,random", games=4, seed=7)
    assert again == mixed
    assert again.to_dict() == mixed.to_dict()
    other = simulate("norwegian", 3, ["greedy", "random"], games=4, seed=8)
    assert other.matches != mixed.matches


def test_results_do_not_depend_on_the_executor(mixed: Statistics) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = simulate("norwegian", 3, ["greedy", "random"], games=4, seed=7, executor=pool)
    assert parallel == mixed
    assert json.dumps(parallel.to_dict(matches=True)) == json.dumps(mixed.to_dict(matches=True))
    with ThreadPoolExecutor(max_workers=3) as threads:
        threaded = simulate("norwegian", 3, ["greedy", "random"], games=4, seed=7, executor=threads)
    assert threaded == mixed


def test_a_match_is_one_match_of_the_simulation(mixed: Statistics) -> None:
    alone = play_match("norwegian", mixed.bots, match_seed(7, 2), index=2)
    assert alone == mixed.matches[2]


def test_the_deal_cap_is_reported_and_matches_are_scored_as_they_stand() -> None:
    # English matches between random bots essentially never end: the cap stops them
    stats = simulate("english", 2, ["random"], games=2, seed=3, max_deals=2)
    assert stats.capped == 2
    assert stats.deals == 4 and all(match.deals == 2 and match.capped for match in stats.matches)
    assert stats.to_dict()["capped"] == 2
    for match in stats.matches:
        assert match.winners == tuple(s for s, total in enumerate(match.totals) if total == min(match.totals))
    assert sum(seat.wins for seat in stats.seats) == pytest.approx(2)


def test_the_cap_does_not_touch_matches_that_end_first() -> None:
    stats = simulate("norwegian", 2, ["greedy"], games=1, seed=3, max_deals=7)
    assert stats.capped == 0 and stats.deals == 7
    capped = simulate("norwegian", 2, ["greedy"], games=1, seed=3, max_deals=3)
    assert capped.capped == 1 and capped.deals == 3


def test_no_cap_plays_to_the_end() -> None:
    result = play_match("norwegian", ["greedy", "random"], "s", max_deals=None)
    assert result.deals == 7 and not result.capped


def test_progress_is_reported_in_match_order() -> None:
    seen: list[tuple[int, int]] = []
    simulate("english", 2, ["greedy"], games=3, seed=1, max_deals=1, progress=lambda done, total: seen.append(
        (done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_seat_bots_repeat_the_names() -> None:
    assert seat_bots(["greedy", "random"], 5) == ("greedy", "random", "greedy", "random", "greedy")
    assert seat_bots("random", 2) == ("random", "random")
    assert seat_bots(" greedy , random ", 2) == ("greedy", "random")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "played by 2 to 6 players"),
        ({"players": 7}, "played by 2 to 6 players"),
        ({"games": 0}, "games must be an integer of at least 1"),
        ({"bots": ["greedy", "clever"]}, "unknown bot 'clever'"),
        ({"bots": []}, "at least one bot"),
        ({"max_deals": 0}, "max_deals must be"),
        ({"seed": 1.5}, "seed must be"),
        ({"executor": 4}, "executor must be a concurrent.futures.Executor"),
        ({"executor": "ProcessPoolExecutor"}, "executor must be"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"variant": "norwegian", "players": 2, "bots": ["greedy"], "games": 1, "seed": 0}
    arguments.update(kwargs)
    with pytest.raises(remi.RemiError, match=message):
        simulate(**arguments)  # type: ignore[arg-type]


def test_unknown_variants_are_refused() -> None:
    with pytest.raises(remi.VariantError, match="unknown variant"):
        simulate("klondike", 2, ["greedy"], 1)


def test_house_variants_travel_to_worker_processes() -> None:
    norwegian = remi.variants.get("norwegian")
    house = attrs.evolve(norwegian, name="norwegian-no-buy", buying=attrs.evolve(norwegian.buying, enabled=False))
    here = simulate(house, 2, ["greedy", "random"], games=2, seed=5)
    with ProcessPoolExecutor(max_workers=2) as pool:
        there = simulate(house, 2, ["greedy", "random"], games=2, seed=5, executor=pool)
    assert here == there and here.variant == "norwegian-no-buy"


def test_house_variants_with_hook_parts_travel_to_worker_processes() -> None:
    """English Remi's lay-off quota and winner's score are hooks of part subclasses: they travel too."""
    english = remi.variants.get("english")
    house = attrs.evolve(english, name="english-five-jokers", deck=attrs.evolve(english.deck, jokers=5))
    here = simulate(house, 2, ["greedy", "random"], games=1, seed=3)
    with ProcessPoolExecutor(max_workers=2) as pool:
        there = simulate(house, 2, ["greedy", "random"], games=1, seed=3, executor=pool)
    assert here == there and here.variant == "english-five-jokers"


def test_greedy_beats_random_in_norwegian() -> None:
    stats = simulate("norwegian", 2, ["greedy", "random"], games=8, seed=2024)
    greedy, rand = stats.bot("greedy"), stats.bot("random")
    assert greedy.wins >= 7
    assert greedy.mean_total * 3 < rand.mean_total
    assert greedy.mean_deal_score < rand.mean_deal_score
    assert greedy.deals_won > stats.deals // 2


def test_greedy_beats_random_in_english() -> None:
    stats = simulate("english", 3, ["greedy", "random", "random"], games=3, seed=2024, max_deals=40)
    greedy, rand = stats.bot("greedy"), stats.bot("random")
    assert greedy.wins == 3
    assert greedy.mean_total < rand.mean_total - 100


def test_a_runaway_deal_is_reported_not_hung(monkeypatch: pytest.MonkeyPatch) -> None:
    # the module itself (``remi.simulate`` may name the function once the package exports it)
    module = importlib.import_module("remi.simulation")
    monkeypatch.setattr(module, "_DEAL_ACTION_LIMIT", 5)
    with pytest.raises(remi.RemiError, match="did not end after 5 actions"):
        play_match("english", ["random", "random"], seed=1)


def test_a_bot_returning_an_illegal_action_stops_the_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    bots = importlib.import_module("remi.bots")

    class Cheat:
        def __init__(self, seed: int | str = 0) -> None:
            pass

        def choose(self, view: remi.PlayerView, legal: object) -> remi.actions.Action:
            return remi.actions.BUY  # never legal in the draw phase

    monkeypatch.setitem(bots._BOTS, "cheat", Cheat)
    with pytest.raises(remi.IllegalActionError):
        simulate("norwegian", 2, ["cheat"], games=1, seed=0)


# -- what the bots are given --------------------------------------------------------------


class _Spy:
    """A bot that records its seed and what it is handed, and plays like a greedy bot."""

    made: ClassVar[list[str | int]] = []
    handed: ClassVar[list[object]] = []

    def __init__(self, seed: int | str = 0) -> None:
        _Spy.made.append(seed)
        self._greedy = remi.bots.GreedyBot()

    def choose(self, view: remi.PlayerView, legal: object) -> remi.actions.Action:
        if len(_Spy.handed) < 50:
            _Spy.handed.append(legal)
        return self._greedy.choose(view, legal)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", ["match-seed-8675309", 987654321, -424242])
def test_bots_cannot_recover_the_match_seed_from_their_own(seed: int | str, monkeypatch: pytest.MonkeyPatch) -> None:
    bots = importlib.import_module("remi.bots")
    monkeypatch.setitem(bots._BOTS, "spy", _Spy)
    _Spy.made.clear()
    play_match("norwegian", ["spy", "spy", "spy"], seed=seed, max_deals=1)
    first = list(_Spy.made)
    assert first == [bot_seed(seed, seat) for seat in range(3)]
    assert len(set(first)) == 3  # a different seed for every seat
    for made in first:
        assert isinstance(made, str) and str(seed).lstrip("-") not in made and "seat" not in made
        with pytest.raises(ValueError, match="invalid literal"):  # nothing in it to rebuild a deal from
            int(made, 10)
    _Spy.made.clear()
    play_match("norwegian", ["spy", "spy", "spy"], seed=seed, max_deals=1)
    assert _Spy.made == first  # deterministic


def test_bot_seeds_are_one_way_digests_separated_by_seat_and_type() -> None:
    assert bot_seed(7, 0) == bot_seed(7, 0)
    assert len({bot_seed(7, seat) for seat in range(6)}) == 6
    assert bot_seed(7, 0) != bot_seed("7", 0) != bot_seed("sim/7/0", 0)
    assert all(len(bot_seed(seed, 1)) == 32 and int(bot_seed(seed, 1), 16) >= 0 for seed in (0, "x", 2**100))


def test_play_match_hands_the_bots_the_lazy_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    bots = importlib.import_module("remi.bots")
    monkeypatch.setitem(bots._BOTS, "spy", _Spy)
    _Spy.handed.clear()
    play_match("english", ["spy", "spy"], seed=3, max_deals=1)
    assert _Spy.handed and all(isinstance(legal, remi.LegalActions) for legal in _Spy.handed)


def test_a_bot_in_every_seat_wins_every_match() -> None:
    """A bot's win rate is per bot: in every seat, it won every match (the per-seat figure is 1 / seats)."""
    stats = simulate("english", 2, ["greedy"], games=2, seed=5, max_deals=2)
    greedy = stats.bot("greedy")
    assert greedy.seats == (0, 1)
    assert greedy.win_rate == 1.0
    assert greedy.win_rate_per_seat == pytest.approx(0.5)
    assert stats.to_dict()["by_bot"]["greedy"]["win_rate"] == 1.0


class Crashing:
    """A bot that raises on its first decision."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed

    def choose(self, view: remi.PlayerView, legal: Sequence[remi.actions.Action]) -> remi.actions.Action:
        raise ZeroDivisionError("no idea")


class Lawless:
    """A bot that answers with no action at all."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed

    def choose(self, view: remi.PlayerView, legal: Sequence[remi.actions.Action]) -> Any:
        return "draw"


@pytest.mark.parametrize(("bot", "error", "says"), [
    ("test-crashing", remi.RemiError, "failed: ZeroDivisionError: no idea"),
    ("test-lawless", remi.IllegalActionError, "chose 'draw'"),
])
def test_a_bot_error_names_the_bot_seat_match_and_seed(
    bot: str, error: type[Exception], says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    registry = importlib.import_module("remi.bots")
    monkeypatch.setattr(registry, "_BOTS", dict(registry._BOTS))  # the registry is as it was after the test
    remi.register_bot("test-crashing", Crashing, replace=True)
    remi.register_bot("test-lawless", Lawless, replace=True)
    game = remi.new_game("norwegian", players=3, seed="m-4")
    seat = game.to_act
    assert seat is not None
    seats = ["greedy", "greedy", "greedy"]
    seats[seat] = bot
    with pytest.raises(error, match=f"bot '{bot}' at seat {seat} of match 4 \\(seed 'm-4'\\)") as raised:
        play_match("norwegian", seats, "m-4", index=4)
    assert says in str(raised.value)


def test_shanghai_family_matches_are_won_among_the_finishers() -> None:
    """A finished match's winners are the variant's (shanghai-family: the finishers with the lowest total,
    not simply the lowest total): play_match reports what the final state says."""
    bots = ["greedy", "random"]
    result = play_match("shanghai-family", bots, "f-1", max_deals=None)
    state = remi.new_game("shanghai-family", players=2, seed="f-1")
    seats = [remi.make_bot(name, bot_seed("f-1", seat)) for seat, name in enumerate(bots)]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(seats[seat].choose(state.view(seat), state.legal_actions()))
    assert not result.capped and result.totals == state.scores
    assert result.winners == state.winners
