"""A soak: thousands of random deals checked against the invariants.

Every state keeps the card count and the turn bound; every 100th state, and the
first state of every deal, passes the full ``assert_invariants``. Every deal's
end is checked (one new row of scores, summed into the totals); the end of each
match's first deal and the end of the first match must round-trip through
JSON, a game record and pickle, and every match's end through pickle (a JSON
or record round trip replays the whole match: checking every deal's end would
take the soak past CI's time).
Every built-in variant is soaked. The size comes from the environment variable
``REMI_SOAK_DEALS``, the deals of the whole soak, shared evenly among the
variants (with a floor per variant): CI sets it (``.ci/run``); a local run
plays a few hundred.
"""

from __future__ import annotations

import os
import pickle
import random

import pytest

import remi
from remi.actions import Action, Buy, Pass
from remi.testing import assert_invariants, random_action

#: The built-in variants, each soaked in turn.
VARIANTS = remi.variants.names()
#: The fewest deals any variant is soaked for.
FLOOR = 20
DEALS = max(FLOOR, int(os.environ.get("REMI_SOAK_DEALS", "210")) // len(VARIANTS))
#: Deals a match may last here (English matches between random players rarely end).
MATCH_DEALS = 10


def check_deal_end(before: remi.GameState, after: remi.GameState) -> None:
    """``after`` is the state right after a deal ended (the next deal's start, or the match's end)."""
    assert len(after.deal_scores) == len(before.deal_scores) + 1
    result = after.last_deal
    assert result is not None and result.deal == before.deal
    assert after.deal_scores[-1] == result.scores
    assert after.scores == tuple(a + b for a, b in zip(before.scores, result.scores, strict=True))
    if result.winner is not None:
        assert result.hands[result.winner] == ()
        assert after.wins[result.winner] == before.wins[result.winner] + 1
    else:
        assert after.wins == before.wins
    assert after.is_over or (after.deal == before.deal + 1 and after.turn == 0 and after.phase is remi.Phase.DRAW)
    if len(after.deal_scores) == 1:
        check_round_trips(after)


def check_round_trips(state: remi.GameState) -> None:
    text = state.to_json()
    back = remi.GameState.from_json(text)
    assert back == state and back.to_json() == text and back.history == state.history
    replayed = remi.read_record(remi.write_record(state))
    assert replayed == state and replayed.to_json() == text
    assert pickle.loads(pickle.dumps(state)) == state


def match_winners(state: remi.GameState) -> tuple[int, ...]:
    """A finished match's winners: the lowest total, ties shared; under ``Match.finisher_wins``
    (shanghai-family) the lowest total among the seats that completed the last level."""
    among: tuple[int, ...] = tuple(range(state.players))
    result = state.last_deal
    assert result is not None
    if state.variant.match.finisher_wins:
        among = state.variant.next_levels(result.levels, result.winner, result.went_down)[1]
        assert among, "a finished match has finishers"
    best = min(state.scores[seat] for seat in among)
    return tuple(seat for seat in among if state.scores[seat] == best)


BUY, PASS = Buy(), Pass()


@pytest.mark.parametrize("name", VARIANTS)
def test_thousands_of_random_deals_keep_every_invariant(name: str) -> None:
    rng = random.Random(f"soak/{name}")
    variant = remi.variants.get(name)
    limit = variant.match.turn_limit
    assert limit is not None
    finished = actions = deal_ends = matches_over = matches = 0
    while finished < DEALS:
        players = rng.randint(variant.min_players, variant.max_players)
        origin = state = remi.new_game(variant, players=players, seed=rng.randrange(2**32))
        deck = len(variant.cards(players))
        while (
            not state.is_over and len(state.deal_scores) < MATCH_DEALS and finished + len(state.deal_scores) < DEALS
        ):
            if state.phase is remi.Phase.BUY:
                # a seat offered the discard buys it one time in ten: buying at every other chance
                # grows May I? hands (three buys a deal) into deals of thousands of actions
                action: Action = BUY if rng.random() < 0.1 and BUY in state.legal_actions() else PASS
            else:
                action = random_action(state, rng)
            assert action in state.legal_actions()
            before, state = state, state.apply(action)
            actions += 1
            held = sum(len(hand) for hand in state.hands) + sum(len(meld.cards) for meld in state.table)
            assert held + len(state.stock) + len(state.discard_pile) == deck
            assert state.turn < limit  # every deal ends (N20 and the turn limit)
            if len(state.deal_scores) != len(before.deal_scores):
                deal_ends += 1
                check_deal_end(before, state)  # every deal's end, the match's end included
            if actions % 100 == 0 or (state.turn == 0 and state.phase is remi.Phase.DRAW):
                assert_invariants(state, origin)
        if matches == 0:  # the first match's end (a round trip replays the whole match: once is enough)
            check_round_trips(state)
        assert pickle.loads(pickle.dumps(state)) == state
        matches += 1
        if state.is_over:
            matches_over += 1
            assert state.winners == match_winners(state)
        finished += len(state.deal_scores)
    assert deal_ends == finished  # every deal that ended was seen ending, and checked
    if variant.match.schedule is remi.Schedule.ROUNDS and variant.rounds <= MATCH_DEALS:
        assert matches_over >= DEALS // variant.rounds  # one deal a round (N3, L2, S5, M2)
