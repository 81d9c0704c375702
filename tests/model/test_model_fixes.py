"""Small defects of the model modules: a meld kind given as text, the longest run's constant, stray commas."""

from __future__ import annotations

import pytest

import remi.melds
from remi.actions import Discard, LayDown, LayOff, SwapJoker, parse_action
from remi.cards import parse_card, parse_cards
from remi.errors import NotationError, Reason, RemiError, VariantError
from remi.melds import End, MeldKind, MeldRules, SetSwap, lay_off, meld_problems, swap_joker

# -- a meld's kind must be a MeldKind -------------------------------------------------------------


@pytest.mark.parametrize("kind", ["set", "run", MeldKind.SET.value, None, 0])
def test_meld_problems_refuses_a_kind_that_is_not_a_meld_kind(kind: object) -> None:
    with pytest.raises(NotationError, match="a meld's kind must be a MeldKind") as caught:
        meld_problems(MeldRules(), kind, parse_cards("7S 7H 7D"))  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_NOTATION
    assert isinstance(caught.value, RemiError)


@pytest.mark.parametrize("end", [None, End.LOW, End.HIGH])
def test_lay_off_refuses_a_kind_that_is_not_a_meld_kind(end: End | None) -> None:
    with pytest.raises(NotationError, match="'set'"):
        lay_off(MeldRules(), "set", parse_cards("7S 7H 7D"), parse_card("7C"), end)  # type: ignore[arg-type]


def test_swap_joker_refuses_a_kind_that_is_not_a_meld_kind() -> None:
    with pytest.raises(NotationError, match="'set'"):
        swap_joker(MeldRules(), "set", parse_cards("7S 7H JK"), parse_cards("7D"),  # type: ignore[arg-type]
                   from_sets=SetSwap.ON_COMPLETION)


def test_a_meld_kind_still_judges_as_before() -> None:
    rules = MeldRules()
    assert not meld_problems(rules, MeldKind.SET, parse_cards("7S 7H 7D"))
    assert meld_problems(rules, MeldKind.RUN, parse_cards("7S 7H 7D"))
    assert lay_off(rules, MeldKind.SET, parse_cards("7S 7H 7D"), parse_card("7C")) is not None
    assert lay_off(rules, MeldKind.RUN, parse_cards("5C 6C 7C 8C"), parse_card("9C")) is None  # no end given


# -- the longest run is one constant ---------------------------------------------------------------


def test_run_max_refusal_names_the_longest_run_constant(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remi.melds, "LONGEST_RUN", 13)
    with pytest.raises(VariantError, match=r"run_max must be an integer from run_min \(4\) to 13, got 14"):
        MeldRules(run_max=14)


def test_run_max_default_is_the_longest_run() -> None:
    assert MeldRules().run_max == remi.melds.LONGEST_RUN


# -- commas in an action's notation ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("discard KC,,", 10),
        ("discard KC,", 10),
        ("discard ,KC", 8),
        ("discard,KC", 7),
        ("draw,", 4),
        ("layoff 9C, on 2 high", 9),
        ("layoff 9C on 2,", 14),
        ("layoff 9C on 2, high", 14),
        ("layoff 9C on, 2", 12),
        ("swap 3S, on 0", 7),
        ("swap ,3S on 0", 5),
        ("swap 3S,,4S on 0", 7),
        ("swap 3S on 0,", 12),
        ("down ,set 5C 5D 5H", 5),
        ("down set,5C 5D 5H", 8),
        ("down set 5C 5D 5H,", 17),
        ("down set 5C 5D 5H, ; run 4S 5S 6S 7S", 17),
        ("down set 5C 5D 5H;,;run 4S 5S 6S 7S", 18),
    ],
)
def test_parse_action_refuses_a_stray_comma_naming_its_position(text: str, position: int) -> None:
    with pytest.raises(NotationError, match=f"stray comma at position {position}") as caught:
        parse_action(text)
    assert caught.value.position == position
    assert caught.value.token == ","


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("discard KC", Discard(parse_card("KC"))),
        ("layoff 9C on 2 high", LayOff(parse_card("9C"), 2, End.HIGH)),
        ("swap 3S, 4S on 0", SwapJoker(0, parse_cards("3S 4S"))),
        ("swap 3S,4S on 0", SwapJoker(0, parse_cards("3S 4S"))),
        ("down set 5C, 5D, 5H; run 4S,5S , 6S 7S", LayDown("set 5C 5D 5H; run 4S 5S 6S 7S")),
    ],
)
def test_parse_action_keeps_commas_between_the_cards_of_a_list(text: str, expected: object) -> None:
    assert parse_action(text) == expected


def test_lay_down_text_refuses_a_trailing_comma() -> None:
    with pytest.raises(NotationError, match="stray comma at position 12"):
        LayDown("set 5C 5D 5H,")
