"""S11: a lay-down must leave a card in hand; one that is only part of the contract leaves two (N17's reason)."""

from __future__ import annotations

import attrs

import remi
from remi import Reason
from remi.actions import parse_action

SHANGHAI = remi.variants.get("shanghai")
#: Shanghai with contracts laid a meld at a time (custom rules): a part lay-down may empty the hand.
PIECEMEAL = attrs.evolve(SHANGHAI, name="shanghai-piecemeal",
                         contracts=attrs.evolve(SHANGHAI.contracts, piecemeal=True))


def _reason(game: remi.GameState, text: str) -> Reason:
    """Why ``text`` is refused now (the listing agrees)."""
    action = parse_action(text)
    assert not game.is_legal(action) and action not in game.legal_actions()
    try:
        game.check(action)
    except remi.IllegalActionError as error:
        return error.reason
    raise AssertionError(f"{text} was accepted")


def _drawn(variant: remi.Variant, hand: str, top: str) -> remi.GameState:
    """Seat 0 on turn, after drawing ``top`` (every seat asked to buy the discard passed)."""
    game = remi.position(variant, 2, round=1, hands=[hand, None], stock=top, discard_pile="KC")
    game = game.apply(parse_action("draw"))
    while game.phase is remi.Phase.BUY:
        game = game.apply(parse_action("pass"))
    return game


def test_S11_a_part_laydown_that_empties_the_hand_is_refused_as_not_down() -> None:
    game = _drawn(PIECEMEAL, "5C 5D", "5H")
    assert _reason(game, "down set 5C 5D 5H") is Reason.NOT_DOWN  # not down after it: a card to discard, one to hold


def test_S11_a_whole_laydown_that_empties_the_hand_is_refused_as_keep_a_card() -> None:
    game = _drawn(SHANGHAI, "5C 5D 9S 9H 9D", "5H")
    assert _reason(game, "down set 5C 5D 5H; set 9S 9H 9D") is Reason.MUST_KEEP_A_CARD
