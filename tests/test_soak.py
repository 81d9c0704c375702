"""A soak: thousands of random deals checked against the invariants.

Every state keeps the card count and the turn bound; every 25th state, and the
first state of every deal, passes the full ``assert_invariants``. The size
comes from the environment variable ``REMI_SOAK_DEALS`` (deals per variant):
CI sets it to thousands (``.ci/run``); a local run plays a hundred.
"""

from __future__ import annotations

import os
import random

import pytest

import remi
from remi.testing import assert_invariants

DEALS = int(os.environ.get("REMI_SOAK_DEALS", "100"))


@pytest.mark.parametrize("name", ["norwegian", "english"])
def test_thousands_of_random_deals_keep_every_invariant(name: str) -> None:
    rng = random.Random(f"soak/{name}")
    variant = remi.variants.get(name)
    limit = variant.turn_limit
    assert limit is not None
    deck = len(variant.deck())
    finished = actions = 0
    while finished < DEALS:
        players = rng.randint(variant.min_players, variant.max_players)
        origin = state = remi.new_game(variant, players=players, seed=rng.randrange(2**32))
        # at most ten deals a match (English matches between random players rarely end)
        while not state.is_over and len(state.deal_scores) < 10 and finished + len(state.deal_scores) < DEALS:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            assert action in legal
            state = state.apply(action)
            actions += 1
            held = sum(len(hand) for hand in state.hands) + sum(len(meld.cards) for meld in state.table)
            assert held + len(state.stock) + len(state.discard_pile) == deck
            assert state.turn < limit  # every deal ends (N20 and the turn limit)
            if actions % 25 == 0 or (state.turn == 0 and state.phase is remi.Phase.DRAW):
                assert_invariants(state, origin)
            if actions % 499 == 0:
                assert remi.GameState.from_json(state.to_json()) == state
        finished += len(state.deal_scores)
    assert finished >= DEALS
