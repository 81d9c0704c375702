"""N13 (and E7): the discard taken as the draw may not go straight back, on the paths the other tests miss."""

from __future__ import annotations

import remi
from remi import Reason
from remi.actions import Discard, parse_action
from remi.cards import parse_card


def _refusal(game: remi.GameState, text: str) -> Reason | None:
    """The reason ``text`` is refused now (the check and the listing agree), or ``None`` if it is legal."""
    action = parse_action(text)
    listed = action in game.legal_actions()
    if game.is_legal(action):
        assert listed
        return None
    assert not listed
    try:
        game.check(action)
    except remi.IllegalActionError as error:
        return error.reason
    raise AssertionError(f"{text} is neither legal nor refused")


def test_N13_the_taken_card_may_not_go_back_from_a_two_card_hand() -> None:
    game = remi.position("norwegian", 2, hands=["5C", None], discard_pile="KD")
    game = game.apply(parse_action("take"))
    assert len(game.hands[0]) == 2 and game.taken is parse_card("KD")
    assert _refusal(game, "discard KD") is Reason.CANNOT_REDISCARD
    assert _refusal(game, "discard 5C") is None
    assert Discard(parse_card("KD")) not in list(game.legal_actions())


def test_N13_the_taken_card_stays_blocked_after_going_down_without_it() -> None:
    game = remi.position("norwegian", 2, round=1, hands=["5C 5D 5H 8S 8H 8D KS", None], discard_pile="QC")
    game = game.apply(parse_action("take"))
    game = game.apply(parse_action("down set 5C 5D 5H; set 8S 8H 8D"))
    assert game.is_down(0) and game.taken is parse_card("QC")
    assert _refusal(game, "discard QC") is Reason.CANNOT_REDISCARD
    assert _refusal(game, "discard KS") is None


def test_N13_the_taken_card_is_free_again_once_it_went_down() -> None:
    game = remi.position("norwegian", 2, round=1, hands=["5C 5D 8S 8H 8D KS", None], discard_pile="5H")
    game = game.apply(parse_action("take"))
    game = game.apply(parse_action("down set 5C 5D 5H; set 8S 8H 8D"))
    assert game.taken is None
    assert _refusal(game, "discard KS") is None
