"""Tests for remi.search_bot: the draw and the buy are searched, so rollouts can overrule a policy that errs there."""

from __future__ import annotations

from collections.abc import Sequence

import remi
from remi.actions import BUY, DRAW, PASS, TAKE, Action
from remi.bots import GreedyBot
from remi.search_bot import SearchBot
from remi.state import Phase, PlayerView

#: Seat 0's hand: the king on the discard pile completes two sets (kings and fives), the deal's contract.
HAND_AWAITING_A_KING = "5C 5D 5H KS KD 2D 9C 3S 4H 8C"
OTHER_HAND = "2H 3H 4H 5S 6S 7D 8D 9H 10H JH"


class NeverPicksUp(GreedyBot):
    """The greedy bot, except that it always draws from the stock and never buys: a policy that errs there."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Draw where drawing is legal, pass where passing is; the greedy choice otherwise."""
        if view.phase is Phase.DRAW and DRAW in legal:
            return DRAW
        if view.phase is Phase.BUY and PASS in legal:
            return PASS
        return super().choose(view, legal)


def test_a_take_is_chosen_when_the_sampled_worlds_clearly_favour_it() -> None:
    game = remi.new_game("norwegian", players=2, seed=1, dealer=1, hands=[HAND_AWAITING_A_KING, OTHER_HAND],
                         discard_pile="KH")
    view, legal = game.view(0), game.legal_actions()
    assert NeverPicksUp().choose(view, legal) == DRAW  # the policy alone would draw
    # taking scores about 0.15 more than drawing over the worlds (a deal won is 1): 512 worlds each tell them apart
    bot = SearchBot(3, policy=NeverPicksUp, iterations=1024)
    assert bot.choose(view, legal) == TAKE  # the king goes down at once: the rollouts say so
    assert bot.rollouts >= 2


def test_the_policys_draw_stands_where_the_discard_is_no_use() -> None:
    game = remi.new_game("norwegian", players=2, seed=1, dealer=1, hands=[HAND_AWAITING_A_KING, OTHER_HAND],
                         discard_pile="7H")
    view, legal = game.view(0), game.legal_actions()
    bot = SearchBot(3, policy=GreedyBot, iterations=48)
    assert GreedyBot().choose(view, legal) == DRAW
    assert bot.choose(view, legal) == DRAW  # a challenger must beat the policy's choice clearly


def test_N14_a_buy_is_searched_against_passing() -> None:
    # seat 0 draws from the stock; seat 1, whose two sets the king completes, may buy it out of turn (N14)
    game = remi.new_game("norwegian", players=3, seed=1, dealer=2,
                         hands=[OTHER_HAND, HAND_AWAITING_A_KING, "2S 3S 4S 6C 7C 8S 9S 10S JS QS"],
                         discard_pile="KH")
    game = game.apply(DRAW)
    assert game.phase is Phase.BUY and game.to_act == 1
    view, legal = game.view(1), game.legal_actions()
    assert NeverPicksUp().choose(view, legal) == PASS  # the policy alone would pass
    bot = SearchBot(3, policy=NeverPicksUp, iterations=48)
    assert bot._candidates(view, legal, PASS) == [PASS, BUY]  # buying is weighed against passing
    assert bot.choose(view, legal) in legal
    assert bot.rollouts >= 2 * 2  # both played out, in at least two worlds each
