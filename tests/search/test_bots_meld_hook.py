"""The bots' lay-off fit check asks what the listing asks: the rules of melds and the variant's meld hook."""

from __future__ import annotations

import remi
from remi.actions import LayOff
from remi.cards import JOKER, parse_card
from remi.search_bot import fits_table
from scenario import no_wild_sets


def test_E11_fits_table_honours_the_meld_hook_as_the_listing_does() -> None:
    plain = remi.variants.get("norwegian")
    hooked = no_wild_sets(plain)
    for variant, fits in ((plain, True), (hooked, False)):
        # seat 1 is down with a set of sevens and a set of kings; seat 0, on turn, holds a joker and a seven
        state = remi.position(variant, 2, hands=["JK 7C 4D 9H", None],
                              table=[(1, "set 7S 7H 7D"), (1, "set KS KH KD")])
        view = state.view(0)
        joker_fits = fits_table(view, 0, view.table, JOKER)
        assert joker_fits is fits
        assert fits_table(view, 0, view.table, parse_card("7C"))  # a natural seven fits either way
        # the same answer as the engine's own lay-offs, for a seat that is down (seat 1, after a draw)
        as_seat_one = remi.position(variant, 2, hands=["4C 9S", "JK 8C 2D"], dealer=0,
                                    table=[(1, "set 7S 7H 7D"), (1, "set KS KH KD")])
        as_seat_one = as_seat_one.apply(remi.actions.DRAW)
        while as_seat_one.phase is remi.Phase.BUY:  # (seat 0 declines the discard seat 1 drew over)
            as_seat_one = as_seat_one.apply(remi.actions.PASS)
        listed = {action.card for action in as_seat_one.legal_actions().only(LayOff) if isinstance(action, LayOff)}
        seat_one = as_seat_one.view(1)
        assert (JOKER in listed) is fits is fits_table(seat_one, 1, seat_one.table, JOKER)
