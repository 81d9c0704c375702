"""Legal actions of huge hands: bounded memory, the ``kinds`` filter, the cap on ``len``, no hidden cards.

Norwegian allows unlimited buys (N14), so a seat that buys every declined
discard can hold dozens of cards; with nine jokers such a hand goes down in
millions of ways. The listing must stay usable: iteration in bounded memory,
the non-lay-down actions cheaply, ``len`` and indexing refused past a cap, and
no path from the listing to the cards its seat may not see.
"""

from __future__ import annotations

import copy
import gc
import itertools
import pickle
import random
import sys
import threading
import tracemalloc
import types
from collections.abc import Callable, Iterator

import pytest

import remi
from remi._engine.listing import _counts, _play_actions
from remi._search import generate
from remi.actions import BUY, DRAW, PASS, TAKE, Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.contracts import Contract
from remi.errors import Reason
from remi.state import LegalActions
from scenario import count_generated

# 36 naturals and all nine jokers: with the drawn K♦, 46 cards in round 6 (a set and two runs)
HUGE_HAND = ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH "
             "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JK JK JK JK JK JK JK JK JK")
OTHERS = ["2C 3C 4C 5C 6C 7C 8C 9C 10C", "JC QC KC AC 2C 3C 4C 5C 6C"]


def every_action(state: remi.GameState) -> list[remi.actions.Action]:
    """The listing of a state in its play phase, generated from the state itself (no redacted copy)."""
    laydowns, others, _ = _play_actions(state, None, None)
    return [*(laydowns or ()), *others]


def huge(seed: int | str = "bounded") -> remi.GameState:
    """Seat 0 in its play phase with 46 cards, 9 of them jokers (a hand that kept buying)."""
    state = remi.new_game("norwegian", players=3, seed=seed, round=6, dealer=2, hands=[HUGE_HAND, *OTHERS],
                          stock="KD", discard_pile="QD")
    state = state.apply(DRAW)
    while state.phase is remi.Phase.BUY:
        state = state.apply(PASS)
    assert state.phase is remi.Phase.PLAY and state.to_act == 0 and len(state.hands[0]) == 46
    return state


def small(seed: int | str = 1) -> remi.GameState:
    """Seat 0 in its play phase (round 2, a set and a run) with a joker on the table to swap for."""
    table = [remi.TableMeld(remi.MeldKind.SET, remi.parse_cards("QH QD QC"), 1),
             remi.TableMeld(remi.MeldKind.RUN, remi.parse_cards("2S JK 4S 5S"), 1)]
    state = remi.new_game("norwegian", players=2, seed=seed, dealer=1, round=2,
                          hands=["3S 9C 9D 9H 5H 6H 7H 8H KD 2H", "2C 3D 6H 9S QD"], stock="6S",
                          discard_pile="KC", table=table)
    state = state.apply(DRAW)
    while state.phase is remi.Phase.BUY:
        state = state.apply(PASS)
    assert state.phase is remi.Phase.PLAY and state.to_act == 0
    return state


# -- bounded memory and the cap -----------------------------------------------------


def test_N14_iterating_a_huge_hand_keeps_memory_bounded() -> None:
    legal = huge().legal_actions()
    tracemalloc.start()
    try:
        read = sum(1 for _ in itertools.islice(legal, 12_000))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert read == 12_000
    # keeping every action read would take about 7 MB here; the listing keeps at most KEEP of them
    assert peak < 3_000_000, f"{peak:,} bytes"


def test_iteration_generates_what_is_read_and_keeps_a_short_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    produced = count_generated(monkeypatch)
    state = huge()
    first = next(iter(state.legal_actions()))  # a partial read of millions generates a few
    distinct = len(set(state.hands[0]))
    assert isinstance(first, LayDown) and produced["laydowns"] <= 8 and produced["others"] >= distinct
    state = small()
    produced.clear()
    legal = state.legal_actions()  # the non-lay-downs are listed now; the counting bounds know a lay-down exists
    assert produced["others"] > 8 and produced["laydowns"] == 0 and legal.only(LayDown)
    every = [action for action in legal]  # iteration alone, no len()
    assert produced.total() == len(every)  # each action generated once
    produced.clear()
    assert len(legal) == len(every) and legal[:] == every and list(legal) == every and list(legal) == every
    assert produced.total() == 0  # kept by the first iteration: len, indexing and iterating again are free


def test_a_turn_that_cannot_lay_down_is_listed_at_once_and_keeps_no_state(monkeypatch: pytest.MonkeyPatch) -> None:
    state = small()
    produced = count_generated(monkeypatch)
    legal = state.legal_actions(kinds=(SwapJoker, LayOff, Discard))
    assert produced["laydowns"] == 0 and produced["others"] == len(legal) > 8
    assert legal._state is None  # nothing to generate later, so no copy of the state is kept
    produced.clear()
    every = list(legal)
    assert produced.total() == 0 and every == list(legal) and all(action in legal for action in every)
    assert every == [action for action in every_action(state) if not isinstance(action, LayDown)]
    assert remi.actions.parse_action("down set 9C 9D 9H; run 5H 6H 7H 8H") not in legal  # filtered out
    assert Discard(remi.parse_card("QS")) not in legal  # not in the hand


def test_the_read_of_lay_downs_begun_with_the_state_is_handed_on_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state = small()
    expected = list(every_action(state))
    laydowns = [action for action in expected if isinstance(action, LayDown)]
    assert laydowns and len(expected) > len(laydowns)
    produced = count_generated(monkeypatch)
    legal = state.legal_actions()
    assert produced["laydowns"] == 0 and legal  # (the counting bounds told that there is one: none walked to)
    assert list(legal.only(Discard, SwapJoker)) == [a for a in expected if isinstance(a, (Discard, SwapJoker))]
    assert produced["laydowns"] == 0  # the other kinds were listed with the state
    assert list(legal.only(LayDown)) == laydowns
    assert produced["laydowns"] == len(laydowns)  # the narrowed listing took the read begun: nothing twice
    produced.clear()
    assert list(legal) == expected  # the read was taken: the listing generates its lay-downs anew
    assert produced["laydowns"] == len(laydowns) and produced["others"] == 0


Reader = Callable[[LegalActions], list[remi.actions.Action]]


def read_at_once(legal: LegalActions, readers: list[Reader]) -> list[list[remi.actions.Action] | BaseException]:
    """What each reader gets from ``legal``, all of them in threads started together, reads interleaved
    (the thread switch interval made tiny); a reader that raised gets its error."""
    start = threading.Barrier(len(readers))
    results: list[list[remi.actions.Action] | BaseException] = [[] for _ in readers]

    def read(i: int) -> None:
        start.wait()
        try:
            results[i] = readers[i](legal)
        except BaseException as error:  # (compared below, so that a failure names the reader)
            results[i] = error

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=read, args=(i,)) for i in range(len(readers))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    return results


def test_one_listing_read_from_several_threads_gives_every_reader_the_whole_listing() -> None:
    """Threads reading one listing at once each get all of it: the read begun goes to one reader only,
    the others generate their own."""
    state = remi.new_game("norwegian", players=2, seed=1, dealer=1, round=2,
                          hands=["5C 5D 5H 6H 7H 8H KS KD KH 9C 9D 9H JK JK JK", "2C 3D 6H 9S QD"],
                          stock="6S", discard_pile="KC").apply(DRAW)
    while state.phase is remi.Phase.BUY:
        state = state.apply(PASS)
    expected = every_action(state)
    laydowns = [action for action in expected if isinstance(action, LayDown)]
    assert len(laydowns) > 1000
    readers: list[Reader] = [
        list,
        list,
        lambda legal: list(legal.only(LayDown)),
        lambda legal: [legal[i] for i in range(len(legal))],
        lambda legal: [action for action in expected if action in legal],
        lambda legal: list(legal.only(LayDown, Discard)),
    ]
    wanted = [expected, expected, laydowns, expected, expected,
              [action for action in expected if isinstance(action, (LayDown, Discard))]]
    for _ in range(3):
        legal = state.legal_actions()
        assert read_at_once(legal, readers) == wanted
        assert list(legal) == expected


@pytest.mark.parametrize("kinds", [None, (Discard, LayOff, SwapJoker), LayDown])
def test_a_listing_pickles_and_copies_whether_or_not_it_began_reading(kinds: type | tuple[type, ...] | None) -> None:
    state = small()
    expected = list(state.legal_actions(kinds=kinds))
    copies: list[Callable[[LegalActions], LegalActions]] = [
        lambda legal: pickle.loads(pickle.dumps(legal)), copy.deepcopy, copy.copy]
    for copied in copies:
        legal = state.legal_actions(kinds=kinds)
        twin = copied(legal)
        assert list(twin) == expected and len(twin) == len(expected) and twin.kinds == legal.kinds
        assert list(legal) == expected  # the original reads on as if never copied
        assert all(action in twin for action in expected)


def test_N14_len_and_indexing_refuse_more_than_the_limit_with_what_to_do_instead() -> None:
    legal = huge().legal_actions()
    with pytest.raises(remi.RemiError) as refused:
        len(legal)
    assert refused.value.reason is Reason.TOO_MANY_ACTIONS
    message = str(refused.value)
    assert f"more than {LegalActions.LIMIT:,} legal actions" in message
    assert "iterate" in message and "kinds=" in message and "action in legal" in message
    for read in (lambda: legal[0], lambda: legal[-1], lambda: legal[:3]):  # known now: refused at once
        with pytest.raises(remi.RemiError, match="more than 100,000"):
            read()
    # iteration, `in` and the filtered listing still work on the same hand
    assert next(iter(legal)) in legal
    assert Discard(remi.parse_card("KD")) in legal
    assert "more than" in repr(legal)


def test_N14_the_non_laydown_actions_of_a_huge_hand_are_listed_cheaply() -> None:
    state = huge()
    rest = state.legal_actions(kinds=(Discard, LayOff, SwapJoker))
    hand = state.hands[0]
    assert len(rest) == len(set(hand))  # no table: one discard per distinct card
    assert list(rest) == [Discard(card) for card in sorted(set(hand), key=lambda c: c.index)]
    assert rest[0] == Discard(hand[0])
    laydowns = state.legal_actions(kinds=LayDown)
    first = list(itertools.islice(laydowns, 3))
    assert all(isinstance(action, LayDown) for action in first) and len(set(first)) == 3
    assert first[0] in laydowns and first[0] not in rest and Discard(hand[0]) not in laydowns


# -- the kinds filter ----------------------------------------------------------------


def test_the_kinds_filter_holds_for_in_len_iteration_and_indexing() -> None:
    state = small()
    every = list(state.legal_actions())
    kinds = {type(action) for action in every}
    assert kinds == {LayDown, SwapJoker, Discard}
    for chosen in [(LayDown,), (SwapJoker, Discard), (Discard, LayOff), (LayOff,), (DrawStock,)]:
        expected = [action for action in every if isinstance(action, chosen)]
        legal = state.legal_actions(kinds=chosen)
        assert legal.kinds == frozenset(chosen)
        assert list(legal) == expected and len(legal) == len(expected) and legal[:] == expected
        assert [legal[i] for i in range(len(legal))] == expected
        assert all((action in legal) == isinstance(action, chosen) for action in every)
        assert bool(legal) == bool(expected)
        assert state.legal_actions().only(*chosen)[:] == expected
    # a single class is accepted, and only() narrows within the filter
    assert state.legal_actions(kinds=Discard)[:] == state.legal_actions(kinds=[Discard])[:]
    assert state.legal_actions(kinds=(LayDown, Discard)).only(Discard, SwapJoker)[:] == [
        action for action in every if isinstance(action, Discard)]


def test_the_kinds_filter_in_the_draw_and_buy_phases() -> None:
    state = remi.new_game("norwegian", players=3, seed=2, dealer=0, hands=["2C 3D 6H", "4S 5S 9H", "KD KC 8S"],
                          discard_pile="7D")
    assert state.legal_actions(kinds=TakeDiscard)[:] == [TAKE]
    assert DRAW not in state.legal_actions(kinds=TakeDiscard)
    assert state.legal_actions(kinds=(DrawStock, Discard))[:] == [DRAW]
    state = state.apply(DRAW)
    assert state.phase is remi.Phase.BUY
    assert state.legal_actions(kinds=Buy)[:] == [BUY] and PASS not in state.legal_actions(kinds=Buy)
    assert state.legal_actions(kinds=Pass).only(Pass, Buy)[:] == [PASS]
    assert state.legal_actions(kinds=LayDown)[:] == [] and not state.legal_actions(kinds=LayDown)


@pytest.mark.parametrize("kinds", [str, [int], [], "LayDown", [[Discard]], 3, [remi.Card]])
def test_the_kinds_filter_refuses_what_is_not_an_action_class(kinds: object) -> None:
    state = small()
    with pytest.raises(remi.RemiError, match="kinds must be action classes") as refused:
        state.legal_actions(kinds=kinds)  # type: ignore[arg-type]
    assert refused.value.reason is Reason.BAD_ARGUMENT
    with pytest.raises(remi.RemiError, match="kinds must be action classes"):
        state.legal_actions().only(*(kinds if isinstance(kinds, list) else [kinds]))


def test_count_and_index_read_no_further_than_needed() -> None:
    state = small()
    every = list(state.legal_actions())
    legal = state.legal_actions()
    for position, action in enumerate(every):
        assert legal.count(action) == 1 and legal.index(action) == position
    assert legal.count(BUY) == 0
    with pytest.raises(ValueError, match="not in the listing"):
        legal.index(BUY)
    many = huge().legal_actions()
    first = next(iter(many))
    assert many.index(first) == 0 and many.count(first) == 1  # found lazily: no len()


def test_repr_never_lists_a_huge_hand() -> None:
    assert repr(small().legal_actions()).endswith(f"({len(list(small().legal_actions()))} actions)>")
    text = repr(huge().legal_actions())
    assert text.startswith("<LegalActions [down ") and text.endswith(f"(more than {LegalActions.KEEP:,} actions)>")


# -- no hidden cards -----------------------------------------------------------------


def reachable(root: object, limit: int = 300_000) -> Iterator[object]:
    """Every object reachable from ``root`` through ``gc.get_referents``, skipping modules, types and
    the module dictionaries functions point to (bounded)."""
    module_dicts = {id(vars(module)) for module in list(sys.modules.values()) if module is not None}
    seen = {id(root)}
    todo = [root]
    while todo:
        item = todo.pop()
        yield item
        for ref in gc.get_referents(item):
            if id(ref) in seen or isinstance(ref, (types.ModuleType, type)) or id(ref) in module_dicts:
                continue
            seen.add(id(ref))
            assert len(seen) < limit, "the walk found too much"
            todo.append(ref)


def assert_hides(state: remi.GameState, legal: object) -> None:
    seat = state.to_act
    hidden = [hand for other, hand in enumerate(state.hands) if other != seat]
    assert all(hidden) and state.stock
    secrets = [*hidden, state.stock]
    for item in reachable(legal):
        assert not any(item is secret for secret in secrets), "a hidden tuple is reachable"
        if isinstance(item, tuple) and item:
            assert item not in secrets, f"a copy of a hidden tuple is reachable: {item!r}"
        if isinstance(item, str):
            assert str(state.seed) not in item, "the seed is reachable"
        assert not isinstance(item, remi.GameState) or item.seed != state.seed


def ruled(seed: int | str = 1) -> remi.GameState:
    """Seat 0 of May I? able to lay down: its contracts have a contract-level rule (M8), read per lay-down."""
    state = remi.new_game("mayi", players=3, seed=seed, dealer=2,
                          hands=["5C 5D 5H KS KD KH 9C 3S 4H 7D 8S", "6C 7C 8C 9D 10D JD QD 4S 5S 6S 7H",
                                 "2C 3D 6H 9S QC 8H 7S 4C 6D JH 10C"])
    while state.phase is not remi.Phase.PLAY:
        state = state.apply(DRAW if state.phase is remi.Phase.DRAW else PASS)
    assert state.variant.contract_rule and state.to_act == 0
    return state


@pytest.mark.parametrize("build", [small, huge, ruled])
def test_the_listing_reaches_neither_other_hands_nor_the_stock_nor_the_seed(
    build: Callable[[str], remi.GameState],
) -> None:
    state = build("secret-seed-1357")
    legal = state.legal_actions()
    assert legal._pending  # lay-downs are listed lazily, and a read of them has begun
    assert_hides(state, legal)
    list(itertools.islice(legal, 50))  # reading it changes nothing
    assert_hides(state, legal)
    assert_hides(state, legal.only(Discard))
    assert_hides(state, state.legal_actions(kinds=LayDown))


def test_the_listing_in_the_draw_and_buy_phases_holds_no_state() -> None:
    state = remi.new_game("norwegian", players=4, seed="secret-seed-2468")
    for _ in range(2):
        assert state.phase in (remi.Phase.DRAW, remi.Phase.BUY)
        assert_hides(state, state.legal_actions())
        state = state.apply(DRAW if state.phase is remi.Phase.DRAW else PASS)


def test_the_listing_still_answers_from_its_redacted_copy() -> None:
    state = small()
    legal = state.legal_actions()
    assert list(legal) == list(every_action(state))
    for action in every_action(state):
        assert action in legal and state.is_legal(action)
    assert Discard(remi.parse_card("QS")) not in legal  # not in the hand


# -- lay-downs listed once without remembering them -----------------------------------


@pytest.mark.parametrize("piecemeal", [False, True])
@pytest.mark.parametrize("requirements", [("set 3", "set 4"), ("set 3", "set 4", "run 4"), ("run 4", "run 5", "set 3")])
def test_laydowns_meeting_requirements_several_ways_are_listed_once(piecemeal: bool,
                                                                    requirements: tuple[str, ...]) -> None:
    """Requirements of one kind with different sizes: a lay-down is listed once, with no set of those seen."""
    rules = remi.variants.get("norwegian").melds
    contract = Contract.of(*requirements)
    groups: dict[tuple[remi.MeldKind, int], int] = {}
    for req in contract.requirements:
        groups[(req.kind, req.size)] = groups.get((req.kind, req.size), 0) + 1
    keys = sorted(groups, key=lambda k: (k[0] is remi.MeldKind.SET, k[1]))
    deck = list(remi.variants.get("norwegian").cards(4))
    for trial in range(25):
        rng = random.Random(trial)
        hand = tuple(sorted(rng.sample(deck, rng.randrange(9, 15)), key=lambda c: c.index))
        counts = _counts(hand)
        listed = list(generate.laydowns(rules, contract, exact=False, piecemeal=piecemeal, done=frozenset(),
                                         counts=counts[:], hand_size=len(hand), all_in=False, keep=1))
        assert len(listed) == len(set(listed))
        choices = ([c for c in itertools.product(*(range(groups[k] + 1) for k in keys)) if any(c)] if piecemeal
                   else [tuple(groups[k] for k in keys)])
        everything = set()
        for choice in choices:
            plan = [key for key, n in zip(keys, choice, strict=True) for _ in range(n)]
            for melds in generate._walk(rules, plan, counts[:], False, len(hand), False, 1):
                everything.add(generate._laydown(melds))
        assert set(listed) == everything
