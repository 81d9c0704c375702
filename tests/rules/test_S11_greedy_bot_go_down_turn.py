"""S11 (``layoffs.on_go_down_turn``): the bots ask the engine's own lay-off rule, the go-down turn included."""

from __future__ import annotations

import attrs

import remi
from remi.actions import SwapJoker, parse_action
from remi.bots import GreedyBot
from remi.state import layoff_blocked

NORWEGIAN = remi.variants.get("norwegian")
#: Norwegian where, as in Shanghai (S11), nobody lays off on the turn they go down; swaps stay allowed.
NO_GO_DOWN_LAYOFF = attrs.evolve(NORWEGIAN, name="norwegian-s11",
                                 layoffs=attrs.evolve(NORWEGIAN.layoffs, on_go_down_turn=False))


def _gone_down(variant: remi.Variant) -> remi.GameState:
    """Seat 0 has just gone down, holding the 5 of hearts a joker of seat 1's run stands for."""
    game = remi.position(variant, 2, round=2, hands=["9C 9D 9S 4S 5S 6S 7S 5H KS", None], stock="3C",
                         table=[(1, "run 4H JK 6H 7H"), (1, "set QS QH QD")])
    game = game.apply(parse_action("draw"))
    while game.phase is remi.Phase.BUY:
        game = game.apply(parse_action("pass"))
    return game.apply(parse_action("down set 9C 9D 9S; run 4S 5S 6S 7S"))


def test_S11_the_greedy_bot_swaps_no_joker_it_could_not_lay_off_on_its_go_down_turn() -> None:
    game = _gone_down(NO_GO_DOWN_LAYOFF)
    view = game.view(0)
    assert layoff_blocked(view, 0) is remi.Reason.GO_DOWN_TURN  # asked from the view, as the engine asks the state
    assert layoff_blocked(game, 0) is remi.Reason.GO_DOWN_TURN
    swap = parse_action("swap 5H on 0")
    assert swap in game.legal_actions()
    assert not isinstance(GreedyBot().choose(view, game.legal_actions()), SwapJoker)


def test_the_greedy_bot_swaps_a_joker_it_lays_off_at_once_where_the_go_down_turn_allows() -> None:
    game = _gone_down(NORWEGIAN)
    assert layoff_blocked(game.view(0), 0) is None
    assert GreedyBot().choose(game.view(0), game.legal_actions()) == parse_action("swap 5H on 0")
