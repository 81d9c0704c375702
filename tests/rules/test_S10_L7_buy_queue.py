"""S10, L7: who is asked to buy. The buy queue's fast path (everyone eligible) must not skip a rule that bars."""

from __future__ import annotations

import attrs

import remi
from remi import Phase, Reason
from remi.actions import parse_action


def _unlimited(name: str, *, down_players_may_buy: bool | None = None) -> remi.Variant:
    """The built-in ``name`` with no buy limit (and down players let buy or not): only the other rules can bar."""
    variant = remi.variants.get(name)
    buying = attrs.evolve(variant.buying, limit=None)
    if down_players_may_buy is not None:
        buying = attrs.evolve(buying, down_players_may_buy=down_players_may_buy)
    return attrs.evolve(variant, name=f"{name}-unlimited", buying=buying)


def test_S10_L7_a_down_player_is_not_asked_to_buy_where_the_discarder_may_buy() -> None:
    variant = _unlimited("shanghai")
    assert variant.buying.discarder_may_buy and not variant.buying.down_players_may_buy
    game = remi.position(variant, 3, seed=2, table=[(2, "set 9S 9H 9D")], discard_pile="KC")
    assert game.is_down(2) and not game.is_down(1)
    game = game.apply(parse_action("draw"))  # S10: the discard is offered before the draw
    assert game.phase is Phase.BUY and game.buy_queue == (1,)
    try:
        game.check(parse_action("buy"), seat=2)
    except remi.IllegalActionError as error:
        assert error.reason is Reason.DOWN_MAY_NOT_BUY
    else:
        raise AssertionError("a down player was let buy")


def test_S10_L7_the_discarder_is_asked_where_it_may_buy_back() -> None:
    variant = _unlimited("shanghai", down_players_may_buy=True)
    game = remi.position(variant, 3, seed=2, table=[(2, "set 9S 9H 9D")], discard_pile="KC")
    game = game.apply(parse_action("draw"))
    assert game.buy_queue == (1, 2)  # everyone is eligible: the fast path


def test_L7_the_discarder_may_not_buy_back_though_down_players_may() -> None:
    variant = _unlimited("liverpool", down_players_may_buy=True)
    game = remi.position(variant, 3, seed=2)
    game = _settled(game.apply(parse_action("draw")))
    game = game.apply(parse_action(f"discard {game.hands[0][0]}"))
    game = game.apply(parse_action("draw"))  # seat 1 draws: seat 0's discard is offered to seats 2 and 0
    assert game.phase is Phase.BUY and game.buy_queue == (2,)


def _settled(game: remi.GameState) -> remi.GameState:
    """``game`` once every seat asked has passed on the discard offered."""
    while game.phase is Phase.BUY:
        game = game.apply(parse_action("pass"))
    return game
