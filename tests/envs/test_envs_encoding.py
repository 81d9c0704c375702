"""The shared encoding of the learning environments: the mask is exact, the observation leaks nothing."""

from __future__ import annotations

import random

import attrs
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remi
from remi import GameState
from remi.actions import Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.envs.decision import Decision
from remi.envs.encoding import Episode, Step, encoding
from remi.testing import game_states, hidden_shuffle

HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
SIMPLE = {DrawStock: 0, TakeDiscard: 1, Buy: 2, Pass: 3}


def props(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, suppress_health_check=HEALTH)


@props(40)
@given(state=game_states(max_actions=120))
def test_each_first_step_names_its_remi_actions_kind(state: GameState) -> None:
    """Draw, take, buy, pass and discards are one step each; the others begin with their kind's step."""
    code = encoding(state.variant, state.players)
    if state.is_over:
        return
    decision = Decision.start(code, state)
    assert set(np.flatnonzero(decision.mask())) == set(decision.allowed)
    for step in decision.allowed:
        for action in decision.outcomes(step):
            assert state.is_legal(action)
            assert code.steps(action)[0] == step == code.first_step(action)
            if isinstance(action, (DrawStock, TakeDiscard, Buy, Pass)):
                assert step == SIMPLE[type(action)]
            elif isinstance(action, LayDown):
                assert code.name(step) == "go down"
            elif isinstance(action, LayOff):
                assert step == code.layoff_index(action.card)
            elif isinstance(action, SwapJoker):
                assert step == code.swap_index(action.cards[0])
            else:
                assert isinstance(action, Discard) and step == code.discard_index(action.card)


@props(40)
@given(state=game_states(max_actions=120), data=st.data())
def test_observation_depends_only_on_what_the_seat_may_see(state: GameState, data: st.DataObject) -> None:
    code = encoding(state.variant, state.players)
    seat = data.draw(st.integers(0, state.players - 1), label="seat")
    other = hidden_shuffle(state, seat, random.Random(data.draw(st.integers(0, 2**32 - 1), label="shuffle")))
    assert other.hands != state.hands or other.stock != state.stock or state.players == 1 or not other.stock
    seen = code.observe(state.view(seat))
    assert seen.shape == code.shape and seen.dtype == np.float32
    assert np.array_equal(seen, code.observe(other.view(seat)))
    if state.to_act == seat:  # and so does the mask, and what each action stands for
        assert Decision.start(code, other).allowed == Decision.start(code, state).allowed


def test_observation_layout_counts_the_hand_and_the_seats() -> None:
    game = remi.new_game("english", players=3, seed=4)
    code = encoding("english", 3)
    seat = game.to_act
    assert seat is not None
    observation = code.observe(game.view(seat))
    pieces = {name: observation[offset:offset + int(np.prod(shape))].reshape(shape)
              for name, offset, shape in code.layout}
    assert sum(len(pieces[name].ravel()) for name in pieces) == code.shape[0]
    for card in set(game.hands[seat]):
        assert pieces["hand"][code.cards.index(card)] == game.hands[seat].count(card)
    assert pieces["hand"].sum() == len(game.hands[seat])
    assert pieces["discard_top"][code.cards.index(game.discard_pile[-1])] == 1
    sizes = pieces["seats"][:, 0]
    assert list(sizes) == [len(game.hands[(seat + k) % 3]) for k in range(3)]
    assert pieces["phase"].tolist() == [1, 0, 0, 0]
    assert pieces["contract"][0] == 1 and pieces["contract"].sum() == 1


def test_a_third_party_variant_gets_its_own_encoding() -> None:
    norwegian = remi.variants.get("norwegian")
    house = attrs.evolve(norwegian, name="norwegian-no-jokers", deck=remi.Deck(packs=2, jokers=0),
                         contracts=attrs.evolve(norwegian.contracts, contracts=norwegian.contracts.contracts[:2],
                                                deal_sizes=(10, 10), going_out=norwegian.contracts.going_out[:2]))
    code = encoding(house, 3)
    assert len(code.cards) == 52 and remi.JOKER not in code.cards
    assert code.size == len(Step) + code.meld_slots + 4 * 52
    assert code.meld_slots == 3 * 2  # three seats, two melds per contract
    episode = Episode.start(house, 3, 5, "match", None)
    rng = random.Random(5)
    while not episode.over:
        episode.apply(rng.choice(list(episode.state.legal_actions())))
    assert episode.state.is_over and sum(episode.returns) == pytest.approx(0.0)
    winners = episode.state.winners
    assert [episode.returns[seat] > 0 for seat in range(3)] == [seat in winners for seat in range(3)]


def test_deal_rewards_are_the_negated_scores_made_zero_sum() -> None:
    episode = Episode.start(remi.variants.get("norwegian"), 3, 11, "deal", 1)
    rng = random.Random(11)
    while not episode.over:
        episode.apply(rng.choice(list(episode.state.legal_actions())))
    scores = episode.state.last_deal.scores if episode.state.last_deal else ()
    mean = sum(scores) / 3
    assert episode.returns == pytest.approx([mean - score for score in scores])
    assert episode.state.deal == 2  # one deal, then the episode ends


def test_bad_arguments_are_refused_with_a_reason() -> None:
    with pytest.raises(remi.RemiError, match="played by 2 to 6 players") as caught:
        encoding("norwegian", 9)
    assert caught.value.reason is remi.Reason.BAD_ARGUMENT
    with pytest.raises(remi.RemiError, match="reward must be one of deal, match"):
        Episode.start(remi.variants.get("norwegian"), 3, 1, "points", None)
    with pytest.raises(remi.RemiError, match="deals must be a positive integer"):
        Episode.start(remi.variants.get("norwegian"), 3, 1, "deal", 0)
    size = encoding("norwegian", 3).size
    with pytest.raises(remi.RemiError, match=f"an action is an integer from 0 to {size - 1}"):
        encoding("norwegian", 3).name(size)
    with pytest.raises(remi.VariantError, match="unknown variant"):
        encoding("klondike", 3)


def test_S15_dead_twos_get_action_ids_only_where_the_variant_has_them() -> None:
    shanghai, family = encoding("shanghai", 3), encoding("shanghai-family", 3)
    assert len(shanghai.cards) == 53 and not any(card.is_dead for card in shanghai.cards)
    assert family.cards == (*shanghai.cards, *remi.cards.DEAD_TWOS)
    assert family.size == shanghai.size + 4 * 4
    dead = remi.parse_card("2D+")
    assert family.name(family.discard_index(dead)) == "discard 2D+"
    with pytest.raises(remi.RemiError):
        shanghai.discard_index(dead)
    state = remi.new_game("shanghai-family", players=3, seed=2, dealer=2,
                          hands=["2D+ 9D 3S", "4H 5H 9C", "KS QS 7C"], stock="KD")
    state = state.apply(DrawStock())
    while state.phase is remi.Phase.BUY:
        state = state.apply(Pass())
    decision = Decision.start(family, state)
    assert decision.choose(family.discard_index(dead)) == Discard(dead)
    observation = family.observe(state.view(0))
    hand = next(observation[offset:offset + shape[0]] for name, offset, shape in family.layout if name == "hand")
    assert hand[family.cards.index(dead)] == 1  # the dead 2 in a slot of its own
    assert hand[family.cards.index(remi.parse_card("2D"))] == 0
