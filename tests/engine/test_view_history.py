"""``PlayerView.history``: the deal's events, public to every seat, plus the seat's own private ones.

Read back, the events rebuild what the view shows: the seat's hand from its
dealt hand and its own draws, every hand's size, the discard pile, the number
of melds on the table. Every seat sees the same public events; only the seat
itself sees its dealt hand, its draws and its penalty cards.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remi
from remi import (
    Bought,
    DealEnded,
    Dealt,
    Discarded,
    DrewStock,
    Event,
    GameState,
    LaidDown,
    LaidOff,
    Passed,
    Phase,
    PlayerView,
    StockRebuilt,
    Swapped,
    TookDiscard,
)
from remi.cards import DEAD_TWOS, Card, live_twin
from remi.testing.invariants import random_playout

VARIANTS = ("norwegian", "english", "liverpool", "liverpool-project", "shanghai", "shanghai-family", "mayi")
DIES = {live_twin(dead): dead for dead in DEAD_TWOS}


@st.composite
def reachable(draw: st.DrawFn, variant: str) -> GameState:
    """A state of ``variant`` reached by seeded random play: early in the first deal, or deep in the match."""
    chosen = remi.variants.get(variant)
    players = draw(st.integers(chosen.min_players, min(chosen.max_players, 5)))
    seed = draw(st.integers(0, 2**32 - 1))
    actions = draw(st.one_of(st.integers(0, 40), st.integers(40, 900)))
    return random_playout(remi.new_game(chosen, players=players, seed=seed), random.Random(seed), actions)


def public(event: Event) -> Event:
    """``event`` as a seat outside the game sees it: every private card hidden."""
    if isinstance(event, DrewStock):
        return DrewStock(event.seat, None)
    if isinstance(event, Bought):
        return Bought(event.seat, event.card, (None,) * len(event.penalty))
    if isinstance(event, Dealt):
        return attrs.evolve(event, hands=tuple((None,) * len(hand) for hand in event.hands))
    return event


def own_hand(view: PlayerView) -> Counter[Card]:
    """The seat's hand, rebuilt from its dealt hand and its own events."""
    hand: Counter[Card] = Counter()
    for event in view.history:
        seat = getattr(event, "seat", view.seat)
        if isinstance(event, Dealt):
            hand = Counter(card for card in event.hands[view.seat] if card is not None)
        elif seat != view.seat:
            continue
        elif isinstance(event, (DrewStock, TookDiscard)):
            assert event.card is not None
            hand[event.card] += 1
        elif isinstance(event, Bought):
            hand.update(card for card in (event.card, *event.penalty) if card is not None)
        elif isinstance(event, Swapped):
            hand.subtract(event.cards)
            hand.update(event.freed)
        elif isinstance(event, LaidDown):
            hand.subtract(card for meld in event.melds for card in meld.cards)
        elif isinstance(event, (LaidOff, Discarded)):
            hand[event.card] -= 1
    return +hand


def hand_sizes(view: PlayerView) -> list[int]:
    """Every hand's size, counted from the events."""
    sizes = [0] * view.players
    for event in view.history:
        if isinstance(event, Dealt):
            sizes = [len(hand) for hand in event.hands]
        elif isinstance(event, (DrewStock, TookDiscard)):
            sizes[event.seat] += 1
        elif isinstance(event, Bought):
            sizes[event.seat] += 1 + len(event.penalty)
        elif isinstance(event, Swapped):
            sizes[event.seat] += len(event.freed) - len(event.cards)
        elif isinstance(event, LaidDown):
            sizes[event.seat] -= sum(len(meld.cards) for meld in event.melds)
        elif isinstance(event, (LaidOff, Discarded)):
            sizes[event.seat] -= 1
    return sizes


def discard_pile(view: PlayerView) -> list[Card]:
    """The discard pile, rebuilt from the events (a 2 dies on it where the deck says so, S15)."""
    pile: list[Card] = []
    for event in view.history:
        if isinstance(event, Dealt):
            pile = list(event.discard_pile)
        elif isinstance(event, (TookDiscard, Bought)):
            assert pile.pop() == event.card
        elif isinstance(event, Discarded):
            pile.append(DIES.get(event.card, event.card) if view.variant.deck.dead_twos else event.card)
        elif isinstance(event, StockRebuilt):
            assert sorted(pile[:-1], key=lambda card: card.index) == list(event.cards)
            pile = pile[-1:]
    return pile


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_history_rebuilds_what_the_view_shows(variant: str, data: st.DataObject) -> None:
    state = data.draw(reachable(variant))
    views = [state.view(seat) for seat in range(state.players)]
    histories = [view.history for view in views]
    assert all(isinstance(history[0], Dealt) and history[0].dealer == state.dealer for history in histories)
    assert len({tuple(public(event) for event in history) for history in histories}) == 1
    for view in views:
        if state.phase is not Phase.OVER:
            assert own_hand(view) == Counter(view.hand)
            assert hand_sizes(view) == list(view.hand_sizes)
            assert discard_pile(view) == list(view.discard_pile)
        dealt = view.history[0]
        assert isinstance(dealt, Dealt)
        assert len(view.table) == len(dealt.table) + sum(
            len(event.melds) for event in view.history if isinstance(event, LaidDown)
        )
        assert sum(isinstance(event, StockRebuilt) for event in view.history) == view.rebuilds
        assert sum(isinstance(event, Bought) for event in view.history) == sum(view.buys)
        others = [event for event in view.history if getattr(event, "seat", view.seat) != view.seat]
        assert all(event.card is None for event in others if isinstance(event, DrewStock))
        assert all(set(event.penalty) <= {None} for event in others if isinstance(event, Bought))
        assert all(card is None for seat, hand in enumerate(dealt.hands) if seat != view.seat for card in hand)
    if state.phase is Phase.OVER:
        assert state.last_deal is not None
        assert histories[0][-1] == DealEnded(state.last_deal.winner)
    else:
        assert not any(isinstance(event, DealEnded) for event in histories[0])


def until_a_buy_window(game: GameState) -> GameState:
    """Draw from the stock and discard the lowest card until a seat is offered the discard."""
    for _ in range(500):
        if game.phase is Phase.BUY:
            return game
        game = game.apply(remi.actions.DrawStock() if game.phase is Phase.DRAW
                          else remi.actions.Discard(game.hands[game.on_turn][0]))
    raise AssertionError("no buy window opened")


def test_a_take_and_a_buy_are_public_and_the_penalty_card_private() -> None:
    game = remi.new_game("mayi", players=3, seed=1)  # May I?: buying after the draw
    taker = game.on_turn
    taken = game.discard_pile[-1]
    game = game.apply(remi.actions.TakeDiscard())
    assert game.view((taker + 1) % 3).history[-1] == TookDiscard(taker, taken)
    game = until_a_buy_window(game.apply(remi.actions.Discard(game.hands[taker][0])))
    offered = game.discard_pile[-1]
    buyer = game.to_act
    assert buyer is not None
    game = game.apply(remi.actions.Buy())
    mine = [event for event in game.view(buyer).history if isinstance(event, Bought)][-1]
    theirs = [event for event in game.view((buyer + 1) % 3).history if isinstance(event, Bought)][-1]
    assert mine.card == theirs.card == offered
    assert None not in mine.penalty and set(theirs.penalty) == {None}
    assert not Counter([*mine.penalty, offered]) - Counter(game.hands[buyer])


def test_passes_are_events_and_the_draw_after_a_window_before_the_draw_comes_last() -> None:
    game = until_a_buy_window(remi.new_game("liverpool", players=3, seed=1))  # buying before the draw
    on_turn = game.on_turn
    passers = []
    while game.phase is Phase.BUY:
        passers.append(game.to_act)
        game = game.apply(remi.actions.Pass())
    history = game.view(on_turn).history
    drawn = history[-1]
    assert isinstance(drawn, DrewStock) and drawn.seat == on_turn
    assert drawn.card is not None and drawn.card in game.hands[on_turn]
    assert history[-len(passers) - 1 : -1] == tuple(Passed(seat) for seat in passers if seat is not None)


def test_event_reprs_paste_back() -> None:
    state = random_playout(remi.new_game("mayi", players=4, seed=3), random.Random(3), 400)
    namespace = {**vars(remi), **vars(remi.cards), **vars(remi.melds)}
    for seat in range(4):
        for event in state.view(seat).history:
            assert eval(repr(event), namespace) == event  # (the repr of a record)


def test_a_pickled_view_keeps_its_history_and_not_the_state() -> None:
    state = random_playout(remi.new_game("norwegian", players=3, seed=5), random.Random(5), 60)
    view = state.view(1)
    data = pickle.dumps(view)
    assert b"GameState" not in data
    back = pickle.loads(data)
    assert back == view and back.history == view.history


def test_a_view_built_by_hand_or_of_an_evolved_state_has_no_history() -> None:
    state = random_playout(remi.new_game("english", players=2, seed=5), random.Random(5), 20)
    fields = {field.name: getattr(state.view(0), field.name) for field in attrs.fields(PlayerView)
              if not field.name.startswith("_")}
    assert PlayerView(**fields).history == ()
    assert PlayerView(**fields, events=state.view(0).history).history == state.view(0).history
    assert attrs.evolve(state, stock=state.stock[::-1]).view(0).history == ()


def test_views_compare_equal_whatever_their_histories() -> None:
    state = remi.new_game("english", players=2, seed=5)
    assert attrs.evolve(state.view(0), events=(DealEnded(None),)) == state.view(0)


def test_the_history_is_the_deal_in_play_only() -> None:
    state = remi.new_game("norwegian", players=2, seed=3)
    rng = random.Random(3)
    while state.deal < 3:
        state = random_playout(state, rng, 1)
    history = state.view(0).history
    assert history == (history[0],) or not any(isinstance(event, DealEnded) for event in history)
    dealt = history[0]
    assert isinstance(dealt, Dealt)
    assert [len(hand) for hand in dealt.hands] == [len(hand) for hand in state.hands] or state.turn > 0
