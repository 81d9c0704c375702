"""A soak: thousands of random deals checked against the invariants.

Every state keeps the card count and the turn bound; every 25th state, and the
first state of every deal, passes the full ``assert_invariants``. Every deal's
end is checked (one new row of scores, summed into the totals) and, like the
end of every match, must round-trip through JSON, a game record and pickle.
The size comes from the environment variable ``REMI_SOAK_DEALS`` (deals per
variant): CI sets it to thousands (``.ci/run``); a local run plays a hundred.
"""

from __future__ import annotations

import os
import pickle
import random

import pytest

import remi
from remi.testing import assert_invariants

DEALS = int(os.environ.get("REMI_SOAK_DEALS", "100"))
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
    check_round_trips(after)


def check_round_trips(state: remi.GameState) -> None:
    text = state.to_json()
    back = remi.GameState.from_json(text)
    assert back == state and back.to_json() == text and back.history == state.history
    replayed = remi.read_record(remi.write_record(state))
    assert replayed == state and replayed.to_json() == text
    assert pickle.loads(pickle.dumps(state)) == state


@pytest.mark.parametrize("name", ["norwegian", "english"])
def test_thousands_of_random_deals_keep_every_invariant(name: str) -> None:
    rng = random.Random(f"soak/{name}")
    variant = remi.variants.get(name)
    limit = variant.match.turn_limit
    assert limit is not None
    deck = len(variant.cards(variant.max_players))
    finished = actions = deal_ends = matches_over = 0
    while finished < DEALS:
        players = rng.randint(variant.min_players, variant.max_players)
        origin = state = remi.new_game(variant, players=players, seed=rng.randrange(2**32))
        while (
            not state.is_over and len(state.deal_scores) < MATCH_DEALS and finished + len(state.deal_scores) < DEALS
        ):
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            assert action in legal
            before, state = state, state.apply(action)
            actions += 1
            held = sum(len(hand) for hand in state.hands) + sum(len(meld.cards) for meld in state.table)
            assert held + len(state.stock) + len(state.discard_pile) == deck
            assert state.turn < limit  # every deal ends (N20 and the turn limit)
            if len(state.deal_scores) != len(before.deal_scores):
                deal_ends += 1
                check_deal_end(before, state)  # every deal's end, the match's end included
            if actions % 25 == 0 or (state.turn == 0 and state.phase is remi.Phase.DRAW):
                assert_invariants(state, origin)
        if state.is_over:
            matches_over += 1
            assert state.winners and all(state.scores[w] == min(state.scores) for w in state.winners)
        finished += len(state.deal_scores)
    assert deal_ends == finished  # every deal that ended was seen ending, and checked
    if name == "norwegian":
        assert matches_over >= DEALS // 7  # seven rounds a match (N3), each one deal
