"""Whether a seat may go down, told by the counting bounds without walking (``generate.some_laydown``).

Where the bounds answer, the answer must be the walk's: a lay-down exists
exactly where the walk yields one. The witnesses carried from hand to hand
(the melds found for an earlier hand) must never change an answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi._search import generate
from remi._search.kernel import counts_of
from remi.actions import LayDown
from remi.cards import Card, parse_cards
from remi.testing import hands
from scenario import no_wild_sets

VARIANTS = {name: remi.variants.get(name) for name in ("norwegian", "english", "liverpool", "shanghai", "mayi")}


def answers(variant: remi.Variant, level: int, hand: tuple[Card, ...], keep: int) -> tuple[bool | None, bool]:
    """What ``some_laydown`` tells for ``hand`` at contract ``level``, and whether the walk yields a lay-down."""
    contracts = variant.contracts
    fields = {"exact": contracts.exact_sizes, "piecemeal": contracts.piecemeal, "done": frozenset(),
              "hand_size": len(hand), "all_in": False, "keep": keep}
    counts = counts_of(hand)
    told = generate.some_laydown(variant.melds, contracts[level], counts=counts, **fields)  # type: ignore[arg-type]
    assert counts == counts_of(hand)  # restored
    walked = next(generate.laydowns(variant.melds, contracts[level], counts=counts, **fields), None)  # type: ignore[arg-type]
    return told, walked is not None


@settings(max_examples=400, deadline=None)
@given(name=st.sampled_from(sorted(VARIANTS)), data=st.data())
def test_some_laydown_agrees_with_the_walk_hand_after_hand(name: str, data: st.DataObject) -> None:
    """A few hands in a row at one contract (witnesses carried between them): each answer is the walk's."""
    variant = VARIANTS[name]
    level = data.draw(st.integers(0, len(variant.contracts) - 2), label="level")  # (not the all-in last ones)
    keep = data.draw(st.sampled_from((0, 1)), label="keep")
    hand = list(data.draw(hands(min_size=6, max_size=16, variant=variant), label="hand"))
    for _ in range(data.draw(st.integers(1, 4), label="turns")):
        told, walked = answers(variant, level, tuple(hand), keep)
        assert told is None or told == walked, (hand, told, walked)
        generate._WITNESSES.clear()  # the same answer without any witness
        assert answers(variant, level, tuple(hand), keep)[0] == told
        # the next turn: a card drawn, a card discarded
        hand.append(data.draw(hands(min_size=1, max_size=1, variant=variant), label="drawn")[0])
        hand.pop(data.draw(st.integers(0, len(hand) - 1), label="discarded"))


def test_a_hand_that_still_holds_the_melds_found_before_goes_down_without_a_search() -> None:
    """The witness of the last hand answers for a hand holding it; a hand without it is searched again."""
    norwegian = VARIANTS["norwegian"]
    contract = norwegian.contracts[0]  # 3-3: two sets

    def told(cards: Sequence[Card]) -> bool | None:
        return generate.some_laydown(norwegian.melds, contract, exact=False, piecemeal=False, done=frozenset(),
                                     counts=counts_of(cards), hand_size=len(cards), all_in=False, keep=1)

    generate._WITNESSES.clear()
    before = parse_cards("7S 7H 7D 9C 9D 9S 2H 5C KD JS")
    assert told(before) is True
    searched: list[object] = []
    real = generate._feasible

    def counted(*args: Any, **kwargs: Any) -> bool:
        searched.append(args)
        return real(*args, **kwargs)

    generate._feasible = counted
    try:
        after = [*before[:-1], *parse_cards("4H")]  # the jack of spades out, a four of hearts in: the sets stay
        assert told(after) is True and not searched
        broken = [*(card for card in after if str(card) != "9S"), *parse_cards("QC")]
        assert told(broken) is False  # (no witness held: the bounds refuse it)
    finally:
        generate._feasible = real
    assert answers(norwegian, 0, tuple(after), 1) == (True, True)
    assert answers(norwegian, 0, tuple(broken), 1) == (False, False)



def test_a_meld_hook_leaves_the_answer_to_the_walk_and_its_listing() -> None:
    """Under a meld hook the bounds and the kept melds never answer: the listing walks, asking the hook.

    The same hand goes down under the plain rules (a witness is kept for it) and cannot under the
    hook, which refuses its only second set.
    """
    plain = VARIANTS["norwegian"]
    hooked = no_wild_sets(plain)
    hand = parse_cards("7S 7H 7D 9C 9D JK 2H 5C KD JS 4H")
    assert answers(plain, 0, tuple(hand), 1) == (True, True)
    assert answers(hooked, 0, tuple(hand), 1) == (None, False)
    for variant, goes_down in ((plain, True), (hooked, False)):
        state = remi.new_game(variant, players=2, seed=1, dealer=1, hands=["7S 7H 7D 9C 9D JK 2H 5C KD JS",
                              "2C 3D 6H 9S QD 4S 5S 6S 8H 10H"], stock="4H", discard_pile="KC")
        state = state.apply(remi.actions.DRAW)
        while state.phase is remi.Phase.BUY:
            state = state.apply(remi.actions.PASS)
        laydowns = state.legal_actions().only(LayDown)
        assert bool(laydowns) is goes_down and (len(list(laydowns)) > 0) is goes_down
