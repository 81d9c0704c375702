"""``remi.determinize``: a full state dealt from one seat's view, consistent with everything the seat knows.

For reachable states of every built-in variant (early in a deal, and late in a
match, stock rebuilds and buys included), each determinization keeps the seat's
own hand, the table, the discard pile and every hand's and the stock's size;
keeps each card the seat saw an opponent pick up (and not play since) in that
opponent's hand; loses and duplicates no card; passes the invariants; gives the
seat to act the same legal actions; plays on; is the same for the same seed and
differs across seeds when something is hidden.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from itertools import islice

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remi
from remi import (
    Bought,
    Dealt,
    Discarded,
    GameState,
    LaidDown,
    LaidOff,
    Phase,
    PlayerView,
    Reason,
    RemiError,
    Swapped,
    TookDiscard,
)
from remi._engine.sampling import hidden_cards
from remi.actions import Action, LayDown
from remi.cards import Card
from remi.testing.invariants import assert_invariants, card_multiset, random_playout
from remi.testing.reference import NOT_LAYDOWNS

VARIANTS = ("norwegian", "english", "liverpool", "liverpool-project", "shanghai", "shanghai-family", "mayi")


@st.composite
def reachable(draw: st.DrawFn, variant: str) -> GameState:
    """A state of ``variant`` reached by seeded random play: early in the first deal, or deep in the match."""
    chosen = remi.variants.get(variant)
    players = draw(st.integers(chosen.min_players, min(chosen.max_players, 5)))
    seed = draw(st.integers(0, 2**32 - 1))
    actions = draw(st.one_of(st.integers(0, 40), st.integers(40, 900)))
    return random_playout(remi.new_game(chosen, players=players, seed=seed), random.Random(seed), actions)


def held_by_sight(view: PlayerView) -> list[Counter[Card]]:
    """Per seat, the cards ``view``'s seat saw enter its hand and not leave it since (the test's own reading)."""
    held: list[Counter[Card]] = [Counter() for _ in range(view.players)]
    for event in view.history:
        if isinstance(event, Dealt):
            held = [Counter() for _ in range(view.players)]
        entered: tuple[Card, ...] = ()
        left: tuple[Card, ...] = ()
        if isinstance(event, (TookDiscard, Bought)):
            entered = (event.card,)
        elif isinstance(event, Swapped):
            entered, left = event.freed, event.cards
        elif isinstance(event, LaidDown):
            left = tuple(card for meld in event.melds for card in meld.cards)
        elif isinstance(event, (LaidOff, Discarded)):
            left = (event.card,)
        seat = getattr(event, "seat", None)
        if seat is None or seat == view.seat:
            continue
        held[seat] -= Counter(left)  # (a copy seen entering counts first)
        held[seat] += Counter(entered)
    if view.phase is Phase.OVER and view.last_deal is not None:
        held = [Counter(hand) for hand in view.last_deal.hands]
    held[view.seat] = Counter()
    return held


def first_laydowns(state: GameState) -> list[Action]:
    """The first lay-downs listed (a hand full of wilds has millions)."""
    return list(islice(state.legal_actions(kinds=LayDown), 200))


def check_sample(state: GameState, seat: int, sample: GameState) -> None:
    """``sample``, a determinization of ``state.view(seat)``, keeps what ``seat`` knows and plays on."""
    view = state.view(seat)
    assert sample.hands[seat] == state.hands[seat]
    assert sample.table == state.table
    assert sample.discard_pile == state.discard_pile
    assert [len(hand) for hand in sample.hands] == [len(hand) for hand in state.hands]
    assert len(sample.stock) == len(state.stock)
    assert card_multiset(sample) == card_multiset(state)  # no card lost or duplicated
    assert Counter(sample.stock) + sum((Counter(h) for h in sample.hands), Counter()) == Counter(state.stock) + sum(
        (Counter(h) for h in state.hands), Counter()
    )  # the same hidden cards, dead 2s as themselves (S15)
    seen_held = held_by_sight(view)
    if view.phase is not Phase.OVER:  # what the seat could meet: the others' hands and the stock, less cards seen
        others = sum((Counter(hand) for other, hand in enumerate(state.hands) if other != seat), Counter())
        assert Counter(hidden_cards(view)) == others + Counter(state.stock) - sum(seen_held, Counter())
    for other, held in enumerate(seen_held):
        assert not held - Counter(state.hands[other])  # the reading agrees with the real hand
        assert not held - Counter(sample.hands[other]), f"seat {other} lost a card seat {seat} saw it pick up"
    for name in ("deal", "dealer", "levels", "wins", "scores", "laid", "layoffs", "buys", "rebuilds", "on_turn",
                 "to_act", "phase", "buy_queue", "discarder", "taken", "turn", "last_deal", "down"):
        assert getattr(sample, name) == getattr(state, name), name
    assert sample.view(seat) == view
    assert_invariants(sample)
    if state.to_act == seat:
        assert list(sample.legal_actions(kinds=NOT_LAYDOWNS)) == list(state.legal_actions(kinds=NOT_LAYDOWNS))
        assert first_laydowns(sample) == first_laydowns(state)
    if not sample.is_over:
        assert_invariants(random_playout(sample, random.Random(1), 30))


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_determinize_keeps_what_the_seat_knows(variant: str, data: st.DataObject) -> None:
    state = data.draw(reachable(variant))
    seat = data.draw(st.integers(0, state.players - 1))
    seed = data.draw(st.integers(0, 2**64) | st.text(max_size=8))
    check_sample(state, seat, remi.determinize(state.view(seat), seed))


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_determinize_is_deterministic_per_seed_and_varies_across_seeds(variant: str, data: st.DataObject) -> None:
    state = data.draw(reachable(variant))
    seat = data.draw(st.integers(0, state.players - 1))
    view = state.view(seat)
    assert remi.determinize(view, 5) == remi.determinize(view, 5)
    assert remi.determinize(view, "five") == remi.determinize(state.view(seat), "five")
    samples = {(sample.hands, sample.stock) for sample in (remi.determinize(view, seed) for seed in range(20))}
    if len(set(state.stock)) >= 2:  # the stock's order at least is hidden
        assert len(samples) > 1


def test_a_card_seen_taken_stays_with_its_taker_in_every_sample() -> None:
    game = remi.new_game("norwegian", players=4, seed=11)
    taker = game.on_turn
    taken = game.discard_pile[-1]
    game = game.apply(remi.actions.TakeDiscard())
    for watcher in range(4):
        if watcher == taker:
            continue
        for seed in range(30):
            sample = remi.determinize(game.view(watcher), seed)
            assert taken in sample.hands[taker]
            assert sample.taken == taken


def test_after_a_stock_rebuild_the_stock_holds_only_cards_of_the_rebuild() -> None:
    state = remi.new_game("english", players=2, seed=4)
    rng = random.Random(4)
    while state.rebuilds == 0 and not state.is_over:
        state = random_playout(state, rng, 1)
    assert state.rebuilds == 1
    rebuilt = [event for event in state.view(0).history if isinstance(event, remi.StockRebuilt)][-1]
    for seed in range(10):
        sample = remi.determinize(state.view(0), seed)
        assert not Counter(sample.stock) - Counter(rebuilt.cards)
        check_sample(state, 0, sample)


def test_a_finished_match_determinizes_to_its_shown_hands() -> None:
    state = random_playout(remi.new_game("norwegian", players=2, seed=9), random.Random(9), 100_000)
    assert state.is_over
    sample = remi.determinize(state.view(1), 3)
    assert sample.hands == state.hands
    check_sample(state, 1, sample)


def test_a_determinized_state_starts_a_fresh_record() -> None:
    state = random_playout(remi.new_game("shanghai", players=3, seed=2), random.Random(2), 30)
    sample = remi.determinize(state.view(0), 8)
    assert sample.history == () and sample.seed == 8
    assert sample.view(0).history == ()
    assert dict(sample.start)["hands"][0] == remi.format_cards(state.hands[0])
    assert pickle.loads(pickle.dumps(sample)) == sample
    with pytest.raises(remi.SerializationError):  # a position in mid-turn: no new_game call leads there
        GameState.from_json(sample.to_json())


@pytest.mark.parametrize(
    ("view", "seed", "reason"),
    [("not a view", 1, Reason.BAD_ARGUMENT), (None, 1, Reason.BAD_ARGUMENT), ("view", 1.5, Reason.BAD_ARGUMENT)],
)
def test_determinize_refuses_what_is_no_view_or_no_seed(view: object, seed: object, reason: Reason) -> None:
    real = remi.new_game("english", players=2, seed=1).view(0)
    with pytest.raises(RemiError) as caught:
        remi.determinize(real if view == "view" else view, seed)  # type: ignore[arg-type]
    assert caught.value.reason is reason


def test_determinize_refuses_a_view_that_shows_more_cards_than_the_deck() -> None:
    real = remi.new_game("english", players=2, seed=1).view(0)
    doubled = attrs.evolve(real, discard_pile=real.discard_pile + real.hand * 2)
    with pytest.raises(RemiError) as caught:
        remi.determinize(doubled, 1)
    assert caught.value.reason is Reason.BAD_POSITION
