"""E6: a joker leaves a group only when the group becomes four naturals of the four suits, never five cards."""

from __future__ import annotations

import attrs

import remi
from remi import MeldKind, MeldRules, Reason, SetSwap
from remi.actions import parse_action
from remi.cards import parse_cards
from remi.melds import swap_joker

#: Custom rules under which a five-card set may lie on the table (no largest set; two decks).
LOOSE_SETS = MeldRules(set_max=None)


def test_E6_a_swap_that_would_leave_a_five_card_set_frees_no_joker() -> None:
    five = swap_joker(LOOSE_SETS, MeldKind.SET, parse_cards("7S 7H 7D 7C JK"), parse_cards("7S"),
                      from_sets=SetSwap.ON_COMPLETION)
    assert five is None
    four = swap_joker(LOOSE_SETS, MeldKind.SET, parse_cards("7S 7H 7D JK"), parse_cards("7C"),
                      from_sets=SetSwap.ON_COMPLETION)
    assert four == (parse_cards("7S 7H 7D 7C"), parse_cards("JK"))


def test_E6_the_engine_refuses_a_swap_that_would_leave_five_cards_under_custom_rules() -> None:
    english = remi.variants.get("english")
    loose = attrs.evolve(english, name="english-loose-sets", melds=attrs.evolve(english.melds, set_max=None))
    game = remi.position(loose, 2, levels=[1, 1], hands=["7S 3D 9H KC", None],
                         table=[(1, "set 7S 7H 7D 7C JK"), (1, "run 4H 5H 6H 7H")])
    game = game.apply(parse_action("draw"))
    swap = parse_action("swap 7S on 0")
    assert not game.is_legal(swap) and swap not in game.legal_actions()
    try:
        game.check(swap)
    except remi.IllegalActionError as error:
        assert error.reason is Reason.BAD_SWAP
    else:
        raise AssertionError("the swap was accepted")
