"""The GameState API contract: immutability, check/apply/is_legal/listing agreement,
notation round trips, JSON and pickle, refusals of bad arguments, and what a player's view holds."""

from __future__ import annotations

import copy
import itertools
import json
import pickle
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import remi
from remi import End, GameState, IllegalActionError, MeldKind, Phase, Reason, TableMeld, parse_card, parse_cards
from remi.actions import (
    Action,
    Buy,
    Discard,
    DrawStock,
    LayDown,
    LayOff,
    Pass,
    SwapJoker,
    TakeDiscard,
    parse_action,
)

NORWEGIAN = remi.variants.get("norwegian")
ENGLISH = remi.variants.get("english")
SET, RUN = MeldKind.SET, MeldKind.RUN
JK = remi.JOKER


# -- positions ---------------------------------------------------------------------------------------


def _play_position() -> GameState:
    """Norwegian round 2 (3-4), everyone down, seat 0 in its play phase, with lay-offs and swaps available."""
    table = [
        TableMeld(SET, parse_cards("5C 5D 5H"), 0),
        TableMeld(RUN, parse_cards("8C 9C 10C JC"), 0),
        TableMeld(RUN, parse_cards("2S JK 4S 5S"), 1),
        TableMeld(SET, parse_cards("QS QH JK"), 2),
        TableMeld(SET, parse_cards("KC KD KH"), 1),
        TableMeld(RUN, parse_cards("3H 4H 5H 6H"), 2),
    ]
    state = remi.new_game(
        NORWEGIAN, players=3, seed=1, dealer=2, table=table, round=2,
        hands=["3S 5S 6S JK 9D", "2H 3D 5C 9S 10H JD QC KS AH 6C", "7S 7D 9H 10C JS QH KD AC 6H 4C"],
        stock="QD KC 2D", discard_pile="4H",
    )
    state = state.apply(DrawStock())
    while state.phase is Phase.BUY:
        state = state.apply(Pass())
    return state


def _laydown_position() -> GameState:
    """Norwegian round 1, seat 0 not down, several ways to go down."""
    state = remi.new_game(
        NORWEGIAN, players=2, seed=2, dealer=1,
        hands=["5C 5D 5H KS KS JK 2D 9C 9D 3S", "2S 3H 4D 8C 10S JH QD KC 6S 7H"],
        stock="9H", discard_pile="7C",
    )
    state = state.apply(DrawStock())
    while state.phase is Phase.BUY:
        state = state.apply(Pass())
    return state


def _buy_position() -> GameState:
    state = remi.new_game(NORWEGIAN, players=4, seed=3, dealer=3)
    state = state.apply(DrawStock())
    assert state.phase is Phase.BUY
    return state


def _english_position() -> GameState:
    table = [TableMeld(SET, parse_cards("7S 7H JK JK"), 1), TableMeld(RUN, parse_cards("9S JK JS QS"), 1)]
    state = remi.new_game(
        ENGLISH, players=2, seed=4, dealer=1, levels=[1, 2], table=table,
        hands=["7D 7C 10S 4C 5C 6C 7C 2H", "2S 3H 4D 8C"], stock="KH",
    )
    return state.apply(DrawStock())


def _over_position() -> GameState:
    state = remi.new_game(
        NORWEGIAN, players=2, seed=5, dealer=1, round=7,
        hands=["3S 4S 5S 6S 9H 10H JH QH AD 2D 3D", "2S 3H"], stock="4D", discard_pile="KC",
    )
    state = state.apply(DrawStock())
    while state.phase is Phase.BUY:
        state = state.apply(Pass())
    state = state.apply(LayDown("run 3S 4S 5S 6S; run 9H 10H JH QH; run AD 2D 3D 4D"))
    assert state.is_over
    return state


def _taken_position() -> GameState:
    """Norwegian, seat 0 has taken the 7C as its draw (it may not go straight back)."""
    state = remi.new_game(
        NORWEGIAN, players=3, seed=6, dealer=2,
        hands=["2S 5H 9D KC 3H 4D 6C 8S 10H JD", "2H 3D 5C 9S 10H JD QC KS AH 6C", "7S 7D 9H 10C JS QH KD AC 6H 4C"],
        discard_pile="5C 7C",
    )
    return state.apply(TakeDiscard())


def _capped_position() -> GameState:
    """Norwegian round 2 (3-4), seat 0 down, jokers in hand, melds near the joker cap (N10)."""
    table = [
        TableMeld(RUN, parse_cards("7S JK JK 10S"), 1),
        TableMeld(SET, parse_cards("QS QH JK"), 1),
        TableMeld(SET, parse_cards("5H 5D 5C"), 0),
        TableMeld(RUN, parse_cards("8H 9H 10H JH"), 0),
    ]
    state = remi.new_game(
        NORWEGIAN, players=2, seed=7, dealer=1, table=table, round=2,
        hands=["JK JK 6S 8S 9S QD 5S", "2H 3D"], stock="AS", discard_pile="2C",
    )
    state = state.apply(DrawStock())
    while state.phase is Phase.BUY:
        state = state.apply(Pass())
    return state


def _english_opened_position() -> GameState:
    """English, seat 0 has just laid its run (own-meld lay-off waits) and has a lay-off left elsewhere."""
    table = [TableMeld(RUN, parse_cards("5H 6H 7H 8H"), 1)]
    state = remi.new_game(
        ENGLISH, players=2, seed=8, dealer=1, levels=[5, 1], table=table,
        hands=["3C 4C 5C 6C 7C 8C 9H 4H JK 2S", "2D 3D"], stock="10H",
    )
    state = state.apply(DrawStock())
    return state.apply(LayDown("run 3C 4C 5C 6C 7C"))


POSITIONS = {
    "taken": _taken_position,
    "capped": _capped_position,
    "english-opened": _english_opened_position,
    "start": lambda: remi.new_game(NORWEGIAN, players=4, seed=7),
    "buy": _buy_position,
    "play": _play_position,
    "laydown": _laydown_position,
    "english": _english_position,
    "over": _over_position,
}


@pytest.fixture(params=sorted(POSITIONS))
def position(request: pytest.FixtureRequest) -> GameState:
    state: GameState = POSITIONS[request.param]()
    return state


def _universe(state: GameState) -> Iterator[Action]:
    """Every action of the simple kinds that could conceivably apply (lay-downs aside)."""
    yield DrawStock()
    yield TakeDiscard()
    yield Buy()
    yield Pass()
    for card in remi.CARDS:
        yield Discard(card)
        for meld in range(len(state.table) + 1):
            for end in (None, End.LOW, End.HIGH):
                yield LayOff(card, meld, end)
            if card is not JK:
                yield SwapJoker(meld, (card,))
    for meld in range(len(state.table)):
        for pair in itertools.combinations(remi.NATURALS, 2):
            if pair[0].rank == pair[1].rank:
                yield SwapJoker(meld, pair)


# -- immutability ------------------------------------------------------------------------------------


def test_apply_leaves_the_old_state_untouched(position: GameState) -> None:
    if position.is_over:
        assert list(position.legal_actions()) == []
        return
    before = position.to_json()
    twin = pickle.loads(pickle.dumps(position))
    for action in position.legal_actions():
        after = position.apply(action)
        assert after is not position
        assert after != position
        assert position.to_json() == before
        assert position == twin
    assert position.history == twin.history


def test_a_deal_end_leaves_the_old_state_untouched() -> None:
    state = _over_position()
    last = remi.new_game(
        NORWEGIAN, players=2, seed=5, dealer=1, round=7,
        hands=["3S 4S 5S 6S 9H 10H JH QH AD 2D 3D", "2S 3H"], stock="4D", discard_pile="KC",
    )
    last = last.apply(DrawStock())
    while last.phase is Phase.BUY:
        last = last.apply(Pass())
    before = last.to_json()
    assert last.apply(LayDown("run 3S 4S 5S 6S; run 9H 10H JH QH; run AD 2D 3D 4D")) == state
    assert last.to_json() == before
    assert not last.is_over


# -- check / apply / is_legal / the listing ----------------------------------------------------------


def test_legal_actions_supports_in_len_iter_and_indexing(position: GameState) -> None:
    legal = position.legal_actions()
    listed = list(legal)
    assert len(legal) == len(listed)
    assert list(legal) == listed  # iterating again gives the same
    for i, action in enumerate(listed):
        assert legal[i] == action
        assert action in legal
    assert bool(legal) == bool(listed)
    assert len(set(listed)) == len(listed)  # each exactly once
    assert "actions" in repr(legal)
    if listed:
        with pytest.raises(IndexError):
            legal[len(listed)]


def test_every_listed_action_applies(position: GameState) -> None:
    for action in position.legal_actions():
        assert position.is_legal(action)
        position.check(action)
        position.apply(action)


def test_listing_agrees_with_is_legal_on_every_simple_action(position: GameState) -> None:
    listed = {a for a in position.legal_actions() if not isinstance(a, LayDown)}
    legal = {a for a in _universe(position) if position.is_legal(a)}
    assert listed == legal


def test_listing_holds_every_legal_lay_down() -> None:
    state = _laydown_position()
    listed = {a for a in state.legal_actions() if isinstance(a, LayDown)}
    assert LayDown("set 5C 5D 5H; set KS KS JK") in listed
    assert LayDown("set 9C 9D 9H; set KS KS JK") in listed
    assert LayDown("set 5C 5D 5H; set 9C 9D 9H JK") in listed
    assert all(state.is_legal(a) for a in listed)
    assert not state.is_legal(LayDown("set 5C 5D 5H; set 9C 9D 9H; set KS KS JK"))


def test_check_raises_exactly_what_apply_raises() -> None:
    play, buy, start = _play_position(), _buy_position(), remi.new_game(NORWEGIAN, players=4, seed=7)
    cases: list[tuple[GameState, Any, int | None]] = [
        (start, Discard(start.hands[start.to_act or 0][0]), None),
        (start, Buy(), None),
        (start, DrawStock(), (start.on_turn + 1) % 4),
        (start, DrawStock(), 9),
        (start, "draw", None),
        (buy, DrawStock(), None),
        (buy, Pass(), buy.on_turn),
        (play, Discard(parse_card("AS")), None),
        (play, LayOff(parse_card("3S"), 2, End.LOW), None),
        (play, LayOff(parse_card("6S"), 9, End.LOW), None),
        (play, SwapJoker(3, parse_cards("QD")), None),
        (play, SwapJoker(2, parse_cards("4S")), None),
        (play, LayDown("set 9D 9D JK"), None),
        (_over_position(), DrawStock(), None),
    ]
    for state, action, seat in cases:
        with pytest.raises(IllegalActionError) as checked:
            state.check(action, seat=seat)
        with pytest.raises(IllegalActionError) as applied:
            state.apply(action, seat=seat)
        assert type(applied.value) is type(checked.value)
        assert applied.value.reason is checked.value.reason
        assert str(applied.value) == str(checked.value)
        assert str(checked.value)  # a sentence
        assert not state.is_legal(action, seat=seat)
        assert isinstance(checked.value, remi.RemiError)
        assert isinstance(checked.value, ValueError)


def test_seat_not_to_act_is_refused_with_not_your_turn() -> None:
    for state in (_play_position(), _buy_position(), remi.new_game(ENGLISH, players=3, seed=1)):
        actor = state.to_act
        assert actor is not None
        for action in state.legal_actions():
            assert state.is_legal(action, seat=actor)
            for seat in range(state.players):
                if seat != actor:
                    with pytest.raises(IllegalActionError) as error:
                        state.apply(action, seat=seat)
                    assert error.value.reason is Reason.NOT_YOUR_TURN
            with pytest.raises(IllegalActionError) as error:
                state.check(action, seat=state.players)
            assert error.value.reason is Reason.NOT_A_SEAT
            break


def test_apply_with_the_right_seat_equals_apply_without() -> None:
    state = _buy_position()
    assert state.apply(Pass(), seat=state.to_act) == state.apply(Pass())


# -- notation ----------------------------------------------------------------------------------------


def test_str_round_trips_through_parse_action(position: GameState) -> None:
    actions: list[Action] = list(position.legal_actions())
    actions += [
        DrawStock(), TakeDiscard(), Buy(), Pass(), Discard(JK), Discard(parse_card("10D")),
        LayOff(parse_card("QD"), 3, None), LayOff(JK, 0, End.LOW), LayOff(parse_card("AS"), 12, End.HIGH),
        SwapJoker(0, parse_cards("7D 7C")), SwapJoker(4, parse_cards("3S")),
        LayDown("set 5C 5D 5H; run AS 2S JK 4S"), LayDown("run JK 10H JH QH KH AH"),
    ]
    for action in actions:
        text = str(action)
        assert parse_action(text) == action, text
        assert parse_action(text.upper()) == action
        assert parse_action(f"  {text}  ") == action


@pytest.mark.parametrize(
    "text",
    [
        "", "   ", "dance", "draw now", "buy 1", "discard", "discard XX", "discard 9C 9D", "down",
        "down foo 5C", "down set 5C 5X 5H", "down set 5C 5D 5H;", "layoff 9C on x", "layoff 9C on 2 middle",
        "layoff 9C", "layoff on 0", "layoff 9C 9D on 0", "swap on 0", "swap 3S on", "swap 3S on 0 1", "swap 3S",
        "layoff 9C on -1", "discard 11S",
    ],
)
def test_malformed_action_text_raises_notation_error(text: str) -> None:
    with pytest.raises(remi.NotationError) as error:
        parse_action(text)
    assert error.value.reason is Reason.BAD_NOTATION
    assert isinstance(error.value, remi.RemiError)


def test_parse_action_refuses_non_text() -> None:
    for value in (5, None, b"draw", ["draw"]):
        with pytest.raises(remi.NotationError):
            parse_action(value)  # type: ignore[arg-type]


def test_a_meld_without_cards_is_malformed_notation() -> None:
    with pytest.raises(remi.NotationError):
        parse_action("down set")


# -- JSON --------------------------------------------------------------------------------------------


def test_json_round_trip(position: GameState) -> None:
    text = position.to_json()
    again = GameState.from_json(text)
    assert again == position
    assert again.history == position.history
    assert again.to_json() == text
    assert GameState.from_json(text.encode()) == position
    if not position.is_over:
        action = next(iter(position.legal_actions()))
        assert again.apply(action) == position.apply(action)


@pytest.mark.parametrize("text", ["", "nope", "{", "[]", "{}", "null", "42", '"remi"', '{"format": "remi-state"}'])
def test_from_json_refuses_what_is_not_a_state(text: str) -> None:
    with pytest.raises(remi.SerializationError) as error:
        GameState.from_json(text)
    assert isinstance(error.value, remi.RemiError)
    assert isinstance(error.value, ValueError)


def test_from_json_refuses_bytes_that_are_not_text() -> None:
    with pytest.raises(remi.SerializationError):
        GameState.from_json(b"\xff\xfe\x00")


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if prefix:
        yield prefix
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _paths(value, (*prefix, i))


JUNK: list[Any] = [None, True, 1.5, -1, 10**30, "x", "", [], {}, [1], ["QS"], {"a": 1}, "QS QS QS"]


@pytest.mark.parametrize("make", [_play_position, _buy_position, _over_position, _english_position])
def test_from_json_with_wrong_types_raises_only_serialization_error(make: Any) -> None:
    base = json.loads(make().to_json())
    for path in list(_paths(base)):
        for junk in [*JUNK, "delete"]:
            data = copy.deepcopy(base)
            parent = data
            for key in path[:-1]:
                parent = parent[key]
            if junk == "delete":
                del parent[path[-1]]
            else:
                parent[path[-1]] = junk
            try:
                GameState.from_json(json.dumps(data))
            except remi.SerializationError:
                pass
            except Exception as error:  # pragma: no cover - this is the failure being tested for
                pytest.fail(f"{path} = {junk!r}: {type(error).__name__}: {error}")


def _edited(state: GameState, **changes: Any) -> str:
    data = json.loads(state.to_json())
    data.update(changes)
    return json.dumps(data)


def test_from_json_refuses_cards_that_do_not_make_the_deck() -> None:
    state = _play_position()
    data = json.loads(state.to_json())
    stock = data["stock"].split()
    for bad in (" ".join(stock[1:]), " ".join([*stock, "QS"]), " ".join(["JK", *stock[1:]])):
        with pytest.raises(remi.SerializationError):
            GameState.from_json(_edited(state, stock=bad))
    hands = list(data["hands"])
    hands[0] = hands[0] + " JK"
    with pytest.raises(remi.SerializationError):
        GameState.from_json(_edited(state, hands=hands))


@pytest.mark.parametrize("phase", ["dance", "DRAW", "", "overr"])
def test_from_json_refuses_a_bad_phase(phase: str) -> None:
    with pytest.raises(remi.SerializationError):
        GameState.from_json(_edited(_play_position(), phase=phase))


def test_from_json_refuses_to_act_inconsistent_with_the_phase() -> None:
    play, buy, over = _play_position(), _buy_position(), _over_position()
    bad = [
        _edited(play, to_act=(play.on_turn + 1) % 3),  # draw/play: to_act is the player on turn
        _edited(play, to_act=None),  # only a finished match has nobody to act
        _edited(over, to_act=0),
        _edited(buy, to_act=buy.buy_queue[-1]),  # a buy window: to_act heads the queue
        _edited(buy, buy_queue=[]),
        _edited(play, to_act=7),
    ]
    for text in bad:
        with pytest.raises(remi.SerializationError):
            GameState.from_json(text)


def test_from_json_refuses_the_player_on_turn_deciding_a_buy() -> None:
    buy = _buy_position()
    text = _edited(buy, buy_queue=[buy.on_turn, *buy.buy_queue], to_act=buy.on_turn)
    with pytest.raises(remi.SerializationError):
        GameState.from_json(text)


@pytest.mark.parametrize(
    "what",
    ["buy queue outside a buy window", "taken card before the draw", "down without melds", "norwegian rounds differ",
     "too many rebuilds"],
)
def test_from_json_refuses_other_inconsistent_states(what: str) -> None:
    play = _play_position()
    start = remi.new_game(NORWEGIAN, players=3, seed=4, dealer=2)
    text = {
        "buy queue outside a buy window": _edited(play, buy_queue=[1, 2]),
        "taken card before the draw": _edited(start, taken=str(start.hands[0][0])),
        "down without melds": _edited(start, laid=[[0, 1], [], []]),
        "norwegian rounds differ": _edited(start, levels=[1, 2, 1]),
        "too many rebuilds": _edited(start, rebuilds=(NORWEGIAN.match.stock_rebuilds or 0) + 3),
    }[what]
    with pytest.raises(remi.SerializationError):
        GameState.from_json(text)


def test_from_json_refuses_a_variant_that_does_not_match() -> None:
    with pytest.raises(remi.SerializationError):
        GameState.from_json(_play_position().to_json(), variant=ENGLISH)
    with pytest.raises(remi.SerializationError):
        GameState.from_json(_edited(_play_position(), variant={"name": "nonesuch", "version": "1"}))


# -- pickling, repr, determinism, history ------------------------------------------------------------


def test_pickle_round_trip(position: GameState) -> None:
    again = pickle.loads(pickle.dumps(position))
    assert again == position
    assert again.history == position.history
    assert again.to_json() == position.to_json()
    if not position.is_over:
        action = next(iter(position.legal_actions()))
        assert again.apply(action) == position.apply(action)


def test_errors_pickle_with_their_reason() -> None:
    with pytest.raises(IllegalActionError) as caught:
        _play_position().apply(Buy())
    again = pickle.loads(pickle.dumps(caught.value))
    assert type(again) is IllegalActionError
    assert again.reason is caught.value.reason
    assert str(again) == str(caught.value)
    with pytest.raises(remi.NotationError) as notation:
        parse_action("discard XX")
    copy_ = pickle.loads(pickle.dumps(notation.value))
    assert (copy_.token, copy_.position, copy_.reason) == (notation.value.token, notation.value.position,
                                                          Reason.BAD_NOTATION)


def test_repr_names_the_variant_the_deal_and_the_phase(position: GameState) -> None:
    text = repr(position)
    assert position.variant.name in text
    assert f"deal {position.deal}" in text
    assert position.phase.value in text
    assert not any(str(card) in text.split() for card in position.hands[0])  # no hidden cards in a repr


def test_same_seed_and_actions_give_the_same_state() -> None:
    def run(seed: int) -> GameState:
        state = remi.new_game(NORWEGIAN, players=3, seed=seed)
        for _ in range(300):
            if state.phase is Phase.DRAW:
                state = state.apply(DrawStock())
            elif state.phase is Phase.BUY:
                state = state.apply(Buy() if state.to_act == 2 else Pass())
            else:
                state = state.apply(Discard(state.hands[state.on_turn][0]))
        return state

    assert run(8).to_json() == run(8).to_json()
    assert run(8) == run(8)
    assert run(8).to_json() != run(9).to_json()


def test_history_lists_the_actions_applied() -> None:
    state = remi.new_game(NORWEGIAN, players=3, seed=10, dealer=2)
    assert state.history == ()
    done: list[Action] = []
    for _ in range(12):
        action = next(iter(state.legal_actions()))
        if isinstance(action, LayDown):
            action = Discard(state.hands[state.to_act or 0][0])
        state = state.apply(action)
        done.append(action)
    assert state.history == tuple(done)


# -- new_game arguments ------------------------------------------------------------------------------


FULL = " ".join(str(card) for card in NORWEGIAN.cards(NORWEGIAN.max_players))

BAD_ARGUMENTS: dict[str, dict[str, Any]] = {
    "one player": {"players": 1},
    "seven players": {"players": 7},
    "players not an int": {"players": "4"},
    "players a bool": {"players": True},
    "seed a float": {"seed": 1.5},
    "seed a bool": {"seed": True},
    "seed a list": {"seed": [1]},
    "dealer out of range": {"dealer": 4},
    "dealer negative": {"dealer": -1},
    "dealer not an int": {"dealer": "0"},
    "round 0": {"round": 0},
    "round 8": {"round": 8},
    "round not an int": {"round": "1"},
    "levels for norwegian": {"levels": [1, 1, 1, 1]},
    "three QS in the hands": {"hands": ["QS QS", "QS", "", ""]},
    "ten jokers in the hands": {"hands": ["JK JK JK JK JK", "JK JK JK JK JK", "", ""]},
    "a card over-used between hand and stock": {"hands": ["QS QS", "", "", ""], "stock": "QS"},
    "a card over-used between hand and pile": {"hands": ["QS QS", "", "", ""], "discard_pile": "QS"},
    "hands for the wrong number of seats": {"hands": ["QS", "QH"]},
    "a bad card in a hand": {"hands": ["QX", "", "", ""]},
    "no card left for the upcard": {"hands": [FULL, "", "", ""]},
    "a stacked deck with three QS": {"deck": "QS QS QS"},
    "deck and hands": {"deck": "QS", "hands": ["QH", "", "", ""]},
    "stock without hands": {"stock": "QS"},
    "an invalid table meld": {"table": [TableMeld(SET, parse_cards("QS QH"), 0)]},
    "a table meld owned by no seat": {"table": [TableMeld(SET, parse_cards("QS QH QD"), 4)]},
    "a table meld that is not a TableMeld": {"table": ["set QS QH QD"]},
    "negative wins": {"wins": [-1, 0, 0, 0]},
    "scores for the wrong number of seats": {"scores": [1]},
    "an unknown variant": {"variant": "nonesuch"},
    "a variant that is not one": {"variant": 5},
    "hands that are not card text": {"hands": [1, 2, 3, 4]},
}


@pytest.mark.parametrize("case", sorted(BAD_ARGUMENTS))
def test_new_game_refuses_bad_arguments_with_a_reason(case: str) -> None:
    kwargs: dict[str, Any] = {"variant": NORWEGIAN, "players": 4, "seed": 1}
    kwargs.update(BAD_ARGUMENTS[case])
    with pytest.raises(remi.RemiError) as error:
        remi.new_game(**kwargs)
    assert isinstance(error.value.reason, Reason)
    assert str(error.value)


def test_new_game_with_an_empty_discard_pile_builds_it_or_refuses_it() -> None:
    try:
        state = remi.new_game(NORWEGIAN, players=2, seed=1, dealer=1, hands=["QS 2C", "QH 3D"], discard_pile="")
    except remi.RemiError as error:
        assert isinstance(error.reason, Reason)
    else:
        assert state.discard_pile == ()
        with pytest.raises(IllegalActionError) as refused:
            state.apply(TakeDiscard())
        assert refused.value.reason is Reason.EMPTY_DISCARD_PILE


def test_new_game_refusal_reasons() -> None:
    def reason(**kwargs: Any) -> Reason:
        with pytest.raises(remi.RemiError) as error:
            remi.new_game(**{"variant": NORWEGIAN, "players": 4, "seed": 1, **kwargs})
        return error.value.reason

    assert reason(dealer=4) is Reason.NOT_A_SEAT
    assert reason(round=8) is Reason.BAD_POSITION
    assert reason(levels=[1, 1, 1, 1]) is Reason.BAD_POSITION
    assert reason(hands=["QS QS", "QS", "", ""]) is Reason.BAD_POSITION
    assert reason(variant="nonesuch") is Reason.UNKNOWN_VARIANT
    assert reason(variant=ENGLISH, round=1) is Reason.BAD_POSITION
    assert reason(variant=ENGLISH, levels=[8, 1, 1, 1]) is Reason.BAD_POSITION
    assert reason(variant=ENGLISH, levels=[1, 1]) is Reason.BAD_POSITION


def test_new_game_conserves_the_deck() -> None:
    for variant in (NORWEGIAN, ENGLISH):
        for players in range(2, 7):
            state = remi.new_game(variant, players=players, seed=players)
            everything = Counter(state.stock) + Counter(state.discard_pile)
            for hand in state.hands:
                everything.update(hand)
            assert everything == Counter(variant.cards(variant.max_players))


def test_new_game_accepts_a_variant_or_its_name() -> None:
    assert remi.new_game("english", players=3, seed=1) == remi.new_game(ENGLISH, players=3, seed=1)


# -- views -------------------------------------------------------------------------------------------


def test_view_holds_the_own_hand_and_only_sizes_of_others() -> None:
    state = _play_position()
    for seat in range(state.players):
        view = state.view(seat)
        assert view.seat == seat
        assert view.hand == state.hands[seat]
        assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
        assert view.stock_size == len(state.stock)
        assert view.table == state.table
        assert view.discard_pile == state.discard_pile
        assert view.to_act == state.to_act
        assert not hasattr(view, "hands")
        assert not hasattr(view, "stock")
        assert view.contract() == state.contract(seat)
    with pytest.raises(remi.RemiError) as error:
        state.view(3)
    assert error.value.reason is Reason.NOT_A_SEAT


def test_view_does_not_depend_on_what_the_seat_cannot_see() -> None:
    common: dict[str, Any] = {"players": 3, "seed": 6, "dealer": 2, "discard_pile": "4H"}
    one = remi.new_game(NORWEGIAN, hands=["5C 5D 5H", "2S 3S 4S", "9D 9H"], stock="KC QC", **common)
    two = remi.new_game(NORWEGIAN, hands=["5C 5D 5H", "KC QC 4S", "9D 9H"], stock="2S 3S", **common)
    assert one != two
    # the rest of the stock follows in seeded order: same for both, so only the swapped cards differ
    assert one.view(0) == two.view(0)
    assert one.view(2) == two.view(2)
    assert one.view(1) != two.view(1)
