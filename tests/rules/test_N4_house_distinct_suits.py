"""N4 with a house rule that a set's suits differ: two sets of one rank may still share a suit.

Norwegian Remi lets a set repeat suits (N4). A house variant that forbids it within a set does
not forbid two sets of one rank each holding a copy of one suit (two decks). The lay-down walk's
counting bound once counted one copy a suit there, and so missed ``set 7S 7H JK; set 7S 7D JK``.
"""

from __future__ import annotations

import attrs

import remi
from remi import parse_action
from remi.actions import LayDown

NORWEGIAN = remi.variants.get("norwegian")
HOUSE = attrs.evolve(NORWEGIAN, name="norwegian-distinct-suits",
                     melds=attrs.evolve(NORWEGIAN.melds, set_distinct_suits=True))
HAND = "7S 7S 7H 7D JK JK 3C 5D 9H"


def _after_the_draw() -> remi.GameState:
    """Seat 0 to play in round 1 (two sets of 3), holding :data:`HAND` and the king of hearts drawn."""
    state = remi.new_game(HOUSE, players=2, seed=1, dealer=1, round=1, hands=[HAND, "4C 6C 8C 10C JC AC 4H 6H 8H"],
                          stock="KH")
    state = state.apply(parse_action("draw"))
    while state.phase is not remi.Phase.PLAY:
        state = state.apply(parse_action("pass"))
    return state


def test_N4_house_distinct_suits_two_sets_of_one_rank_may_each_hold_a_copy_of_one_suit() -> None:
    state = _after_the_draw()
    listed = {str(action) for action in state.legal_actions(kinds=LayDown)}
    assert listed == {"down set 7S 7H JK; set 7S 7D JK"}  # the one way: each set a 7S, a joker and another suit
    assert state.is_legal(parse_action("down set 7S 7H JK; set 7S 7D JK"))


def test_N4_house_distinct_suits_a_set_repeating_a_suit_is_refused() -> None:
    state = _after_the_draw()
    assert not state.is_legal(parse_action("down set 7S 7S JK; set 7H 7D JK"))
