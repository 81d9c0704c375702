"""E8: a contract may go down one meld at a time; a seat that laid only part of it has not gone down."""

from __future__ import annotations

import remi
from remi.actions import parse_action


def test_E8_a_seat_that_laid_part_of_its_contract_did_not_go_down() -> None:
    game = remi.position(
        "english", 2, levels=[1, 1], stock="3S 5H",
        hands=["4C 5C 6C 7C KD QD 9H 9S 2D 3H", "QS"],
        table=[(1, "run 8S 9S 10S JS"), (1, "set KH KS KC")],
    )
    for text in ["draw", "down run 4C 5C 6C 7C", "discard KD"]:
        game = game.apply(parse_action(text))
    assert len(game.laid[0]) == 1 and not game.is_down(0) and game.down == (False, True)
    for text in ["draw", "layoff QS on 0 high", "discard 5H"]:
        game = game.apply(parse_action(text))
    result = game.last_deal
    assert result is not None and result.winner == 1
    assert result.went_down == (False, True)
