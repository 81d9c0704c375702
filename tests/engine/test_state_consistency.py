"""Every state round-trips, and only states that can arise in play are accepted.

``GameState.from_json`` and ``remi.read_record`` replay the history from the
start, so they accept exactly the states the engine reaches; ``remi.new_game``
builds exactly the positions that can arise at the start of a turn (N15-N18,
E9-E13). States are immutable all the way down.
"""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import remi
from remi import GameState, MeldKind, Phase, Reason, TableMeld
from remi.actions import Discard, DrawStock, LayDown, Pass, parse_action

NORWEGIAN = remi.variants.get("norwegian")
ENGLISH = remi.variants.get("english")
SET, RUN = MeldKind.SET, MeldKind.RUN
#: Norwegian, but lay-offs may take a meld over the joker cap (a house rule, N10).
CAP_OFF = attrs.evolve(NORWEGIAN, name="norwegian-cap-off",
                       melds=attrs.evolve(NORWEGIAN.melds, joker_cap_on_layoff=False))


def play(state: GameState, *notations: str) -> GameState:
    for notation in notations:
        state = state.apply(parse_action(notation))
    return state


def round_trips(state: GameState) -> None:
    """JSON, record and pickle all give the state back."""
    variant = None if state.variant.name in ("norwegian", "english") else state.variant
    text = state.to_json()
    back = GameState.from_json(text, variant=variant)
    assert back == state and back.history == state.history and back.start == state.start
    assert back.to_json() == text
    again = remi.read_record(remi.write_record(state), variant=variant)
    assert again == state and again.to_json() == text
    assert pickle.loads(pickle.dumps(state)) == state


def refusal(text: str, variant: remi.Variant | None = None) -> str:
    with pytest.raises(remi.SerializationError) as error:
        GameState.from_json(text, variant=variant)
    return str(error.value)


def edited(state: GameState, **changes: Any) -> str:
    data = json.loads(state.to_json())
    data.update(changes)
    return json.dumps(data)


def built_refusal(**kwargs: Any) -> str:
    with pytest.raises(remi.RemiError) as error:
        remi.new_game(**{"players": 2, "seed": 1, "dealer": 1, **kwargs})
    assert error.value.reason is Reason.BAD_POSITION
    return str(error.value)


# -- positions ---------------------------------------------------------------------------------------


def finished() -> GameState:
    """Round 7 (all-in, N18): seat 1 takes the joker and goes out with three runs; the match is over."""
    state = remi.new_game(
        "norwegian", players=3, seed=1, round=7, dealer=0,
        hands=["KS", "3S 4S 5S 6S 9H 10H JH QH AD 2D 3D", "2C"], discard_pile="JK",
    )
    return play(state, "take", "down run 3S 4S 5S 6S; run 9H 10H JH QH; run AD 2D 3D JK")


def after_a_deal() -> GameState:
    """Round 1: seat 1 draws 9C, lays two sets and discards the 9C: out; deal 2 begins."""
    state = remi.new_game(
        NORWEGIAN, players=3, seed=2, dealer=0,
        hands=["2H 3H 4H", "5C 5D 5H KS KH KD", "7S 8D"], stock="9C", discard_pile="QD",
    )
    state = play(state, "draw")
    while state.phase is Phase.BUY:
        state = state.apply(Pass())
    state = play(state, "down set 5C 5D 5H; set KS KH KD", "discard 9C")
    assert state.deal == 2 and state.last_deal is not None and state.last_deal.winner == 1
    return state


def english_grown() -> GameState:
    """English: seat 0's run 4 has grown by a card that seat 1 laid off (E9, E10, E12); seat 1 plays."""
    state = remi.new_game(
        ENGLISH, players=3, seed=3, dealer=0, levels=[1, 1, 2],
        hands=["2S 3D", "9C 9D 9H 4H 5H 6H 7H KS", "JS QD"],
        table=[TableMeld(RUN, "4C 5C 6C 7C 8C", 0)], layoffs=[0, 1, 0], stock="2C",
    )
    return play(state, "draw")


def buy_window() -> GameState:
    state = play(remi.new_game(NORWEGIAN, players=3, seed=4, dealer=2), "draw")
    assert state.phase is Phase.BUY
    return state


POSITIONS: dict[str, Callable[[], GameState]] = {
    "finished": finished,
    "after a deal": after_a_deal,
    "english grown": english_grown,
    "buy window": buy_window,
    "start": lambda: remi.new_game(ENGLISH, players=2, seed=5),
}


# -- 1. a finished match reads back ------------------------------------------------------------------


def test_N18_a_finished_match_reads_back_from_its_own_json() -> None:
    state = finished()
    assert state.is_over and state.taken is None  # the taken joker went down with the runs
    assert state.discarder is None
    round_trips(state)


def test_E16_a_match_that_ends_by_a_discard_names_its_discarder() -> None:
    state = remi.new_game(ENGLISH, players=2, seed=6, dealer=1, levels=[7, 3], wins=[6, 2],
                          hands=["4C 5C 6C 7C 8C 9C KS KH KD KC", "2S 3H"], stock="2D", discard_pile="QH")
    state = play(state, "draw", "down run 4C 5C 6C 7C 8C 9C; set KS KH KD KC", "discard 2D")
    assert state.is_over and state.taken is None and state.discarder == 0
    assert state.last_deal is not None and state.last_deal.winner == 0
    round_trips(state)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_position_round_trips(name: str) -> None:
    round_trips(POSITIONS[name]())


# -- 2. only reachable states are read back ----------------------------------------------------------


def test_from_json_refuses_a_finished_match_on_deal_1_of_7() -> None:
    start = remi.new_game(NORWEGIAN, players=3, seed=4, dealer=2)
    message = refusal(edited(start, phase="over", to_act=None))
    assert message.startswith("'phase' does not follow from 'start' and 'history'")


def test_from_json_refuses_a_buy_window_with_an_empty_discard_pile() -> None:
    state = buy_window()
    data = json.loads(state.to_json())
    seat = state.to_act
    assert seat is not None
    data["hands"][seat] += " " + data["discard_pile"]  # the deck stays whole: the card went to a hand
    data["discard_pile"] = ""
    assert "'hands' does not follow" in refusal(json.dumps(data))


def test_E7_from_json_refuses_a_buy_window_in_english() -> None:
    state = play(remi.new_game(ENGLISH, players=3, seed=4, dealer=2), "draw")
    message = refusal(edited(state, phase="buy", to_act=1, buy_queue=[1, 2]))
    assert message.startswith("'phase' does not follow") and "'buy'" in message


def test_N15_from_json_refuses_melds_of_a_seat_that_has_not_laid_them() -> None:
    state = remi.new_game(NORWEGIAN, players=2, seed=1, dealer=1, round=2, hands=["2C 3D", "4H 5S"],
                          table=[TableMeld(SET, "QS QH QD", 0), TableMeld(RUN, "5C 6C 7C 8C", 0)])
    assert state.laid[0] == frozenset({0, 1})
    assert refusal(edited(state, laid=[[], []])).startswith("'laid' does not follow")


@pytest.mark.parametrize(
    ("field", "value"),
    [("buys", [1, 0, 0]), ("layoffs", [4, 0, 0]), ("rebuilds", 3), ("turn", 1000), ("turn", 999),
     ("discarder", 1), ("taken", "QS"), ("deal", 2), ("dealer", 0), ("levels", [2, 1, 1]), ("wins", [1, 0, 0])],
)
def test_from_json_refuses_counts_that_do_not_follow(field: str, value: Any) -> None:
    state = remi.new_game(ENGLISH, players=3, seed=4, dealer=2)
    assert refusal(edited(state, **{field: value})).startswith(f"{field!r} does not follow")


def test_N19_from_json_refuses_scores_that_are_not_the_start_plus_the_deals() -> None:
    state = after_a_deal()
    scores = list(state.scores)
    assert refusal(edited(state, scores=[scores[0] + 1, *scores[1:]])).startswith("'scores' does not follow")
    rows = [list(row) for row in state.deal_scores]
    rows[0][0] += 1
    assert refusal(edited(state, deal_scores=rows)).startswith("'deal_scores' does not follow")


def test_from_json_refuses_a_history_that_does_not_lead_to_the_state() -> None:
    state = after_a_deal()
    history = [str(action) for action in state.history]
    message = refusal(edited(state, history=history[:-1]))
    assert "does not follow from 'start' and 'history'" in message
    message = refusal(edited(state, history=["buy", *history]))
    assert message.startswith("'history' action 0 (buy) cannot be played there")
    message = refusal(edited(state, history=[*history[:2], "discard", *history[2:]]))
    assert message.startswith("'history' action 2")


def test_from_json_refuses_an_unknown_or_misordered_start() -> None:
    state = after_a_deal()
    data = json.loads(state.to_json())
    data["start"].append(["bogus", 1])
    assert refusal(json.dumps(data)).startswith("'start' describes no position: unknown start argument 'bogus'")
    data = json.loads(state.to_json())
    data["start"][2], data["start"][3] = data["start"][3], data["start"][2]
    assert refusal(json.dumps(data)).startswith("'start' is not as new_game records it")
    data = json.loads(state.to_json())
    data["start"][0][1] = "english"
    assert refusal(json.dumps(data)).startswith("'start'")


def test_from_json_refuses_unknown_fields() -> None:
    data = json.loads(after_a_deal().to_json())
    data["bonus"] = 1
    assert "unknown fields: 'bonus'" in refusal(json.dumps(data))


@pytest.mark.parametrize("text", ["[" * 100_000, '{"format": "remi-state", "a": ' + "[" * 100_000, '{"a":' * 50_000])
def test_from_json_refuses_deeply_nested_json_with_a_typed_error(text: str) -> None:
    assert "nested too deeply" in refusal(text)


def test_from_json_refuses_a_deeply_nested_start_value() -> None:
    data = json.loads(remi.new_game(NORWEGIAN, players=2, seed=1).to_json())
    data["start"].append(["hands", [[[["2C"]]]]])
    assert "nested too deeply" in refusal(json.dumps(data))


def test_from_json_refuses_a_variant_argument_that_is_not_a_variant() -> None:
    with pytest.raises(remi.RemiError) as error:
        GameState.from_json(finished().to_json(), variant="norwegian")  # type: ignore[arg-type]
    assert error.value.reason is Reason.BAD_ARGUMENT


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if prefix:
        yield prefix
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _paths(value, (*prefix, i))


JUNK: list[Any] = [
    None, True, False, 0, 1, -1, 2, 1.5, 10**30, -(10**30), "x", "", "JK", "QS QS QS", "draw", "over", [], {}, [0],
    [1, 2], ["QS"], [[]], {"a": 1}, [[[[[[[[1]]]]]]]],
]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_fuzzed_json_is_refused_with_serialization_error_or_reads_back_equal(name: str) -> None:
    """Every field mutated (wrong types, out of range, nulls, missing or extra keys): the reader refuses
    with a SerializationError, or the mutation did not change the state."""
    state = POSITIONS[name]()
    base = json.loads(state.to_json())
    expected = state.to_json()
    accepted = 0
    for path in list(_paths(base)):
        for junk in [*JUNK, "<delete>", "<extra key>"]:
            data = copy.deepcopy(base)
            parent = data
            for key in path[:-1]:
                parent = parent[key]
            if junk == "<delete>":
                del parent[path[-1]]
            elif junk == "<extra key>":
                if not isinstance(parent[path[-1]], dict):
                    continue
                parent[path[-1]]["extra"] = 1
            else:
                parent[path[-1]] = junk
            try:
                back = GameState.from_json(json.dumps(data))
            except remi.SerializationError as error:
                assert str(error)
            except Exception as error:  # pragma: no cover - this is the failure being tested for
                pytest.fail(f"{path} = {junk!r}: {type(error).__name__}: {error}")
            else:
                # what was read is what the JSON says (another start may lead to an equal state)
                assert back == state or json.loads(back.to_json()) == data, (path, junk)
                assert back == GameState.from_json(back.to_json())
                accepted += back.to_json() != expected
    assert accepted <= 2


# -- 3. and 4. table melds as they lie: laid as a requirement, then grown by lay-offs -----------------


def test_N10_a_meld_over_the_joker_cap_by_lay_offs_reads_back_when_the_cap_spares_lay_offs() -> None:
    state = remi.new_game(CAP_OFF, players=2, seed=1, dealer=1, round=2,
                          hands=["QS QH JK 5S 6S 7S 8S JK JK 9D 2C", "2H 3H"], stock="4D 3C KD")
    state = play(state, "draw")
    while state.phase is Phase.BUY:
        state = state.apply(Pass())
    state = play(state, "down set QS QH JK; run 5S 6S 7S 8S", "layoff JK on 0", "layoff JK on 0")
    assert str(state.table[0]) == "set QS QH JK JK JK (seat 0)" and state.layoffs == (2, 0)
    round_trips(state)
    table = [TableMeld(meld.kind, meld.cards, meld.owner) for meld in state.table]
    built = remi.new_game(CAP_OFF, players=2, seed=1, round=2, hands=["9D 2C", "2H 3H"], table=table,
                          layoffs=[2, 0])
    assert [meld.cards for meld in built.table] == [meld.cards for meld in state.table]
    assert built.laid == state.laid
    round_trips(built)
    # grown by two cards, not none: the set was laid with at most one joker per natural
    assert "hold 1 or 2 laid-off cards" in built_refusal(variant=CAP_OFF, round=2, table=table)
    # where the cap holds after lay-offs too, no such meld can lie on the table
    assert "too many jokers" in built_refusal(variant=NORWEGIAN, round=2, table=table, layoffs=[2, 0])


def test_N10_a_run_grows_one_card_at_a_time_within_the_cap() -> None:
    run = TableMeld(RUN, "2S JK JK 5S 6S JK JK 9S", 0)  # four jokers, four naturals: valid as laid
    other = TableMeld(SET, "QS QH QD", 0)
    built = remi.new_game(NORWEGIAN, players=2, seed=1, round=2, table=[run, other])
    assert built.layoffs == (0, 0)
    # laid shorter, it could never have grown: every way out of a valid window first adds a joker (N10)
    assert "hold 0 laid-off cards" in built_refusal(variant=NORWEGIAN, round=2, table=[run, other], layoffs=[1, 0])
    assert remi.new_game(CAP_OFF, players=2, seed=1, round=2, table=[run, other], layoffs=[2, 0]).layoffs == (2, 0)


def test_N6_a_longer_meld_fills_a_norwegian_minimum_as_laid_or_grown() -> None:
    table = [TableMeld(SET, "QS QH QD QC", 0), TableMeld(RUN, "5C 6C 7C 8C 9C", 0)]
    for layoffs in ([0, 0], [1, 0], [2, 0]):
        state = remi.new_game(NORWEGIAN, players=2, seed=1, round=2, table=table, layoffs=layoffs)
        assert state.down == (True, False) and list(state.layoffs) == layoffs
        round_trips(state)
    assert "hold 0 or 1 or 2 laid-off cards" in built_refusal(variant=NORWEGIAN, round=2, table=table,
                                                              layoffs=[3, 0])


def test_E9_a_built_english_meld_fills_its_requirement_with_exactly_its_size() -> None:
    run = TableMeld(RUN, "4C 5C 6C 7C 8C", 0)
    # game 1 asks for a run of exactly 4 (E9): this run is a run of 4 and one lay-off
    assert "hold 1 laid-off card" in built_refusal(variant=ENGLISH, levels=[1, 1], table=[run])
    state = remi.new_game(ENGLISH, players=2, seed=1, dealer=1, levels=[1, 1], table=[run], layoffs=[0, 1])
    assert state.laid == (frozenset({0}), frozenset()) and state.down == (False, False)
    round_trips(state)
    # game 4 asks for a run of exactly 5: as laid
    assert remi.new_game(ENGLISH, players=2, seed=1, levels=[4, 1], table=[run]).laid[0] == frozenset({0})
    assert "hold 0 laid-off cards" in built_refusal(variant=ENGLISH, levels=[4, 1], table=[run], layoffs=[1, 0])
    # game 6 asks for runs of 5, but a group is not a run
    group = TableMeld(SET, "KS KH KD", 0)
    assert "do not fit its contract two runs of 5" in built_refusal(variant=ENGLISH, levels=[6, 1], table=[group])
    # two runs of 4 where game 1 asks for a run and a group
    runs = [run, TableMeld(RUN, "9H 10H JH QH", 0)]
    assert "do not fit" in built_refusal(variant=ENGLISH, levels=[1, 1], table=runs, layoffs=[0, 1])


def test_E12_built_lay_offs_stay_within_each_seats_quota() -> None:
    run = TableMeld(RUN, "3C 4C 5C 6C 7C 8C", 0)  # game 6: run of 5, grown by one
    other = TableMeld(RUN, "3H 4H 5H 6H 7H", 0)
    assert "may lay off 0 cards a deal, not 1 (E12)" in built_refusal(
        variant=ENGLISH, levels=[6, 1], table=[run, other], layoffs=[1, 0]
    )
    state = remi.new_game(ENGLISH, players=2, seed=1, levels=[6, 1], table=[run, other], layoffs=[0, 1])
    assert state.down == (True, False)  # E10: the lay-off came from a seat that has not opened
    assert "may lay off 3 cards a deal, not 4 (E12)" in built_refusal(variant=ENGLISH, levels=[6, 1],
                                                                       layoffs=[0, 4])


def test_N16_built_lay_offs_come_from_seats_that_are_down() -> None:
    table = [TableMeld(SET, "QS QH QD QC", 0), TableMeld(SET, "5C 5D 5H", 0)]
    assert "seat 1 has laid off 1 card but is not down (N16)" in built_refusal(
        variant=NORWEGIAN, table=table, layoffs=[0, 1]
    )
    assert remi.new_game(NORWEGIAN, players=2, seed=1, table=table, layoffs=[1, 0]).layoffs == (1, 0)


def test_N15_a_norwegian_owner_of_melds_has_laid_its_whole_contract() -> None:
    sets = [TableMeld(SET, "QS QH QD", 1), TableMeld(SET, "5C 5D 5H", 1)]
    assert remi.new_game(NORWEGIAN, players=2, seed=1, table=sets).down == (False, True)
    assert "goes down whole, 2 melds at once (N15)" in built_refusal(variant=NORWEGIAN, table=sets[:1])
    extra = [*sets, TableMeld(SET, "9C 9D 9H", 1)]
    assert "3 melds cannot be its contract 3-3" in built_refusal(variant=NORWEGIAN, table=extra)
    # round 2 asks for a set and a run, not two sets (N6)
    assert "do not fit its contract 3-4" in built_refusal(variant=NORWEGIAN, round=2, table=sets)


def test_E8_an_english_owner_of_melds_may_have_laid_part_of_its_contract() -> None:
    group = TableMeld(SET, "KS KH KD", 0)
    state = remi.new_game(ENGLISH, players=2, seed=1, levels=[1, 1], table=[group])
    assert state.laid[0] == frozenset({1}) and state.down == (False, False)
    two = [TableMeld(SET, "KS KH KD", 0), TableMeld(SET, "7S 7H 7D", 0)]
    assert "do not fit" in built_refusal(variant=ENGLISH, levels=[1, 1], table=two)


def test_N18_no_meld_lies_on_the_table_in_an_all_in_round() -> None:
    runs = [TableMeld(RUN, "3S 4S 5S 6S", 0), TableMeld(RUN, "9H 10H JH QH", 0), TableMeld(RUN, "AD 2D 3D 4D", 0)]
    assert "is all-in: going down there goes out (N18)" in built_refusal(variant=NORWEGIAN, round=7, table=runs)
    assert remi.new_game(NORWEGIAN, players=2, seed=1, round=6, table=[*runs[:2], TableMeld(SET, "KS KH KD", 0)])


def test_built_table_melds_were_laid_before_the_position_began() -> None:
    table = [TableMeld(SET, "QS QH QD", 0, turn=3), TableMeld(SET, "5C 5D 5H", 0)]
    assert "turn None" in built_refusal(variant=NORWEGIAN, table=table)


def test_new_game_refuses_a_table_that_leaves_too_few_cards_to_deal() -> None:
    jokers = [2, 2, 2, 1, 1, 1]  # all nine
    table = [
        TableMeld(SET, f"{rank}S {rank}H {rank}D {rank}C " * 2 + "JK " * extra, seat)
        for rank, extra, seat in zip("234567", jokers, [0, 0, 1, 1, 2, 2], strict=True)
    ]
    assert remi.new_game(NORWEGIAN, players=6, seed=1, table=table[:4]).down == (True, True) + (False,) * 4
    message = built_refusal(variant=NORWEGIAN, players=6, table=table)
    assert message == "dealing the hands and the upcard needs 61 cards, but 56 are left off the table"


# -- 5. hands that can arise -------------------------------------------------------------------------

#: What new_game's refusal of a position that cannot arise in play ends with.
REACHABLE_HINT = " (build a reachable one with remi.position(...))"


def test_N17_a_built_position_has_no_empty_hand() -> None:
    message = built_refusal(variant=NORWEGIAN, hands=["", "2C 3D"])
    assert message == "seat 0's hand is empty: only a player whose contract is down can go out (N17)" + REACHABLE_HINT
    table = [TableMeld(SET, "QS QH QD", 1), TableMeld(SET, "5C 5D 5H", 1)]
    message = built_refusal(variant=NORWEGIAN, hands=["2C", ""], table=table)
    assert message == "seat 1's hand is empty: it would have gone out, which ends the deal" + REACHABLE_HINT
    assert remi.new_game(NORWEGIAN, players=2, seed=1, hands=["2C", "3D"], table=table).down == (False, True)


def test_E13_a_built_english_position_has_no_empty_hand() -> None:
    message = built_refusal(variant=ENGLISH, levels=[1, 1], hands=["2C 3D", ""])
    # its own clause
    assert message == "seat 1's hand is empty: only a player whose contract is down can go out (E13)" + REACHABLE_HINT


def test_a_built_position_has_a_discard_to_take() -> None:
    assert "discard pile is empty" in built_refusal(variant=NORWEGIAN, hands=["2C", "3D"], discard_pile="")


# -- 6. seeds ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "seed",
    [10**5000, 2**128, -(2**128), "x" * 1001, 1.0, b"seed", [1], True],
    ids=["10**5000", "2**128", "-2**128", "1001 characters", "float", "bytes", "list", "bool"],
)
def test_new_game_refuses_a_seed_out_of_range_with_a_typed_error(seed: Any) -> None:
    with pytest.raises(remi.RemiError) as error:
        remi.new_game(NORWEGIAN, players=2, seed=seed)
    assert error.value.reason is Reason.BAD_ARGUMENT
    assert str(error.value).startswith("seed ")


@pytest.mark.parametrize(
    "seed", [0, -1, 2**128 - 1, -(2**128) + 1, "", "x" * 1000, "seed/7"],
    ids=["0", "-1", "2**128-1", "-2**128+1", "empty", "1000 characters", "text"],
)
def test_new_game_accepts_a_seed_in_range(seed: int | str) -> None:
    state = remi.new_game(NORWEGIAN, players=2, seed=seed)
    assert state.seed == seed
    round_trips(play(state, "draw"))


def test_from_json_refuses_a_seed_out_of_range() -> None:
    state = remi.new_game(NORWEGIAN, players=2, seed=1)
    assert refusal(edited(state, seed=10**40)).startswith("'seed' must be an integer strictly between")
    data = json.loads(state.to_json())
    data["start"][3][1] = "s" * 1001
    assert refusal(json.dumps(data)).startswith("'start' describes no position: seed text must be at most")


# -- 7. immutability ---------------------------------------------------------------------------------


def test_start_is_deeply_immutable_and_writes_the_same_json_and_record() -> None:
    state = english_grown()
    for _, value in state.start:
        hash(value)  # tuples and scalars all the way down
    start = json.loads(state.to_json())["start"]
    assert start == [
        ["variant", "english"], ["version", ENGLISH.version], ["players", 3], ["seed", 3], ["dealer", 0],
        ["levels", [1, 1, 2]], ["hands", ["2S 3D", "9C 9D 9H 4H 5H 6H 7H KS", "JS QD"]], ["stock", "2C"],
        ["table", [[0, "run 4C 5C 6C 7C 8C", None]]], ["layoffs", [0, 1, 0]],
    ]
    record = remi.write_record(state)
    assert '[Levels [1, 1, 2]]' in record and '[Table [[0, "run 4C 5C 6C 7C 8C", null]]]' in record
    with pytest.raises(TypeError):
        state.start[5][1][0] = 5


def test_the_dict_of_a_state_is_read_only() -> None:
    state = english_grown()
    before = state.to_json()
    with pytest.raises(TypeError):
        state.__dict__["hands"] = ()  # type: ignore[index]
    with pytest.raises(TypeError):
        vars(state)["turn"] = 5
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.turn = 5  # type: ignore[misc]
    assert state.to_json() == before
    assert dict(vars(state))["turn"] == state.turn


def test_a_state_still_works_with_attrs_pickle_and_copy() -> None:
    state = english_grown()
    assert [field.name for field in attrs.fields(GameState)][:2] == ["variant", "players"]
    assert attrs.asdict(state, recurse=False)["hands"] == state.hands
    assert "GameState english" in repr(state)
    other = attrs.evolve(state, turn=state.turn)
    assert other == state and other is not state
    assert attrs.evolve(state, turn=7).turn == 7
    for twin in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert twin == state and twin.history == state.history and twin.start == state.start
        assert twin.apply(DrawStock() if twin.phase is Phase.DRAW else Discard(twin.hands[1][0])).players == 3


def test_apply_and_lay_downs_still_build_new_states() -> None:
    state = english_grown()
    after = state.apply(LayDown("set 9C 9D 9H"))
    assert after.laid[1] == frozenset({1}) and state.laid[1] == frozenset()
    assert after.start is state.start
