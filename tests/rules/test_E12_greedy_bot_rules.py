"""The greedy bot weighs the rules the engine enforces: E12's quota, and the fallback lay-down's points."""

from __future__ import annotations

import remi
from remi.actions import DRAW, TAKE, Action, Discard, parse_action
from remi.bots import GreedyBot


def _english(layoffs: list[int]) -> remi.GameState:
    """English game 1: seat 1 is down with a run grown by 3 lay-offs; the top discard fits its high end."""
    return remi.position(
        "english", 2, levels=[1, 1], layoffs=layoffs, discard_pile="JS",
        hands=["2C 3D 7H 9C 5D QH 4C AD 6D 8H", None],
        table=[(1, "run 4S 5S 6S 7S 8S 9S 10S"), (1, "set KH KD KC")],
    )


def test_E12_the_greedy_bot_does_not_take_a_card_to_lay_off_once_its_quota_is_used() -> None:
    used = _english([3, 0])  # game 1's quota is 3, all used by seat 0
    assert remi.state.layoff_blocked(used.view(0), 0) is remi.Reason.LAYOFF_QUOTA
    assert GreedyBot().choose(used.view(0), used.legal_actions()) == DRAW
    free = _english([0, 3])  # the same table, the lay-offs seat 1's: seat 0 may still lay the jack off
    assert GreedyBot().choose(free.view(0), free.legal_actions()) == TAKE


def test_greedy_bot_falls_back_on_the_listed_laydown_that_leaves_the_fewest_points() -> None:
    game = remi.position("norwegian", 2, round=1, hands=["KC KD KH KS 5C 5D 5H 5S 9D 3C", None], stock="7H")
    game = game.apply(parse_action("draw"))
    while game.phase is remi.Phase.BUY:
        game = game.apply(parse_action("pass"))
    # the solver's lay-down (both sets of four) is not offered: the bot picks among those listed
    three_kings = parse_action("down set KC KD KH; set 5C 5D 5H")
    four_kings = parse_action("down set KC KD KH KS; set 5C 5D 5H")
    legal: list[Action] = [three_kings, four_kings, *(Discard(card) for card in game.hands[0])]
    assert all(game.is_legal(action) for action in legal)
    assert GreedyBot().choose(game.view(0), legal) == four_kings  # 7H 9D 3C 5S left, not the king too
