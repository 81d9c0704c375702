"""One comma rule for every notation: a comma may separate two cards of a list, once; anywhere else it is refused.

Card lists are a meld's cards (``down``, :meth:`Meld.parse`), a swap's naturals and card text
(:func:`parse_cards`, a hand). Every action prints in a form that parses back to it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remi import Card, JokerDestination, Meld, NotationError
from remi.actions import (
    BUY,
    DRAW,
    PASS,
    TAKE,
    Action,
    Discard,
    LayDown,
    LayOff,
    SwapJoker,
    parse_action,
)
from remi.cards import format_cards, parse_cards
from remi.melds import End, MeldKind
from remi.testing.strategies import cards, hands

FAST = settings(max_examples=200, deadline=None)
MELD_NUMBERS = st.integers(min_value=0, max_value=10**9 - 1)


@st.composite
def actions(draw: st.DrawFn) -> Action:
    """Any action, as a value (whether it is legal anywhere does not matter to the notation)."""
    kind = draw(st.sampled_from(("simple", "discard", "layoff", "swap", "down")))
    if kind == "simple":
        simple: tuple[Action, ...] = (DRAW, TAKE, BUY, PASS)
        return draw(st.sampled_from(simple))
    if kind == "discard":
        return Discard(draw(cards(dead_twos=True)))
    if kind == "layoff":
        return LayOff(draw(cards(dead_twos=True)), draw(MELD_NUMBERS), draw(st.sampled_from((None, *End))))
    if kind == "swap":
        naturals = draw(hands(min_size=1, max_size=4))
        return SwapJoker(draw(MELD_NUMBERS), naturals, draw(st.sampled_from((None, *JokerDestination))))
    melds = draw(st.lists(st.tuples(st.sampled_from(MeldKind), hands(min_size=1, max_size=6)), min_size=1,
                          max_size=3))
    return LayDown(tuple(Meld(meld_kind, meld_cards) for meld_kind, meld_cards in melds))


@FAST
@given(actions())
def test_every_action_prints_in_a_form_that_parses_back(action: Action) -> None:
    assert parse_action(str(action)) == action


@FAST
@given(actions(), st.data())
def test_a_comma_added_where_no_two_cards_meet_is_refused(action: Action, data: st.DataObject) -> None:
    text = str(action)
    # every place that is not between two cards of a list: the ends, and next to a keyword or number
    places = [0, len(text)] + [at for at, char in enumerate(text) if char == " " and not _between_cards(text, at)]
    at = data.draw(st.sampled_from(places))
    with pytest.raises(NotationError, match="stray comma at position"):
        parse_action(text[:at] + "," + text[at:])


def _between_cards(text: str, at: int) -> bool:
    """Whether the space at ``at`` separates two cards of a card list (where a comma is welcome)."""
    before = text[:at].split()[-1:]
    after = text[at + 1 :].split()[:1]
    return bool(before and after) and _is_card(before[0]) and _is_card(after[0].removesuffix(";"))


def _is_card(word: str) -> bool:
    try:
        return len(parse_cards(word)) == 1
    except NotationError:
        return False


@FAST
@given(hands(min_size=2, max_size=8), st.data())
def test_single_commas_between_cards_parse_and_stray_ones_do_not(
    hand: tuple[Card, ...], data: st.DataObject
) -> None:
    words = format_cards(hand).split()
    separators = data.draw(st.lists(st.sampled_from((" ", ",", ", ", " ,", " , ")), min_size=len(words) - 1,
                                    max_size=len(words) - 1))
    text = words[0] + "".join(sep + word for sep, word in zip(separators, words[1:], strict=True))
    assert parse_cards(text) == hand
    assert Meld.parse("set " + text) == Meld(MeldKind.SET, hand)
    stray = data.draw(st.sampled_from(("," + text, text + ",", text + " , ", words[0] + ",, " + " ".join(words[1:]),
                                       words[0] + ", , " + " ".join(words[1:]))))
    with pytest.raises(NotationError, match="stray comma"):
        parse_cards(stray)


@pytest.mark.parametrize(
    ("text", "position"),
    [("5C,", 2), (",5C", 0), ("5C,,5D", 2), ("5C , , 5D", 3), (" , ", 1), ("5C 5D ,", 6), (",", 0)],
)
def test_parse_cards_refuses_a_stray_comma_naming_its_position(text: str, position: int) -> None:
    with pytest.raises(NotationError, match=f"stray comma at position {position}") as caught:
        parse_cards(text)
    assert (caught.value.token, caught.value.position) == (",", position)


@pytest.mark.parametrize("text", ["set 5C 5D 5H,", "set 5C,,5D 5H", "run 4S, ,5S 6S"])
def test_a_meld_with_a_stray_comma_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match="stray comma"):
        Meld.parse(text)


@pytest.mark.parametrize(
    "text",
    ["discard KC,,", "discard KC,", "layoff 9C, on 2 high", "layoff 9C on 2,", "swap 5D on 0 to low,",
     "swap 5D on 0, to low", "swap 5D on 0 to, low", "swap 5D,,6D on 0", "down set 5C 5D 5H,;run 4S 5S 6S 7S"],
)
def test_parse_action_refuses_every_stray_comma(text: str) -> None:
    with pytest.raises(NotationError, match="stray comma"):
        parse_action(text)


def test_commas_between_cards_are_read_everywhere_cards_are_listed() -> None:
    assert parse_action("swap 5D,6D on 0 to low") == SwapJoker(0, "5D 6D", JokerDestination.LOW_END)
    assert parse_action("down set 5C, 5D ,5H") == LayDown("set 5C 5D 5H")
    assert parse_cards("7S,8S , 9S") == parse_cards("7S 8S 9S")
