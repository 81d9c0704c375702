"""A variant is checked when it is built: every field's type and range, and rules that can never work.

Each refusal is a :class:`~remi.VariantError` (reason ``BAD_VARIANT``) whose sentence starts with the
variant's name and names the field (or the round) at fault — never a ``TypeError`` in the middle of a game.
"""

from __future__ import annotations

import time
from typing import Any

import attrs
import pytest

import remi
import remi.variant
from remi import Contract, GoingOut, JokerCap, Reason, Schedule, SetSwap, Variant, VariantError
from remi.melds import MeldRules
from remi.variants.english import EnglishVariant

NORWEGIAN = remi.variants.get("norwegian")
ENGLISH = remi.variants.get("english")


def refused(variant: Variant, **changes: Any) -> str:
    """The message of the VariantError that building ``variant`` with ``changes`` raises."""
    with pytest.raises(VariantError) as info:
        attrs.evolve(variant, **changes)
    assert type(info.value) is VariantError
    assert info.value.reason is Reason.BAD_VARIANT
    return str(info.value)


# -- every field: a wrong type and an out-of-range value --------------------------------------------

ANY_BOOL = [1, None]  # bools are not ints, and not optional
ANY_ENUM = ["rounds", None]

#: For every field of Variant: values of a wrong type, and values of the right type out of range.
FIELDS: dict[str, tuple[list[Any], list[Any]]] = {
    "name": ([5, None], ["", "two words"]),
    "version": ([1, None], ["", "  "]),
    "title": ([5, None], []),  # any text is a title
    "packs": (["2", 2.0, None, True], [-1, 9, 10**6]),
    "jokers": (["9", 9.0, None, True], [-1, 65, 10**6]),
    "min_players": (["2", 2.0, None], [1, -1]),
    "max_players": (["6", 6.0, None], [1]),
    "recommended_players": (["3-5", None, (3.0, 5.0), (3,)], [(1, 5), (5, 3)]),
    "schedule": (ANY_ENUM, []),
    "contracts": ([None, "3-3", (("set 3", "set 3"),) * 7], [()]),
    "deal_sizes": ([None, 10, (10.0,) * 7, ("10",) * 7], [(0,) * 7, (10,) * 6, (-1,) * 7]),
    "all_in": ([None, True, (0,) * 7, (None,) * 7], [(False,) * 6]),
    "exact_sizes": (ANY_BOOL, []),
    "piecemeal": (ANY_BOOL, []),
    "set_min": (["3", 3.0, None], [1, 0]),
    "set_max": (["4", 4.5], [2]),
    "set_distinct_suits": (ANY_BOOL, []),
    "run_min": (["4", 4.0, None], [1, 15]),
    "run_max": (["14", 14.0, None], [3, 15]),
    "ace_low": (ANY_BOOL, []),
    "ace_high": (ANY_BOOL, []),
    "run_wrap": (ANY_BOOL, []),
    "joker_cap": ([*ANY_ENUM, "naturals"], []),
    "joker_cap_on_layoff": (ANY_BOOL, []),
    "swap_from_runs": (ANY_BOOL, []),
    "set_swap": ([*ANY_ENUM, "never"], []),
    "swap_from_own_melds": (ANY_BOOL, []),
    "swapper_must_be_down": (ANY_BOOL, []),
    "layoff_requires_down": (ANY_BOOL, []),
    "own_meld_layoff_delay": (["0", 1.0, None], [-1]),
    "going_out": ([*ANY_ENUM, "discard-optional"], []),
    "rediscard_taken_card": (ANY_BOOL, []),
    "buying": (ANY_BOOL, []),
    "buy_penalty": (["1", 1.0, None], [-1]),
    "buy_limit": (["1", 1.5, True], [-1]),
    "discarder_may_buy": (ANY_BOOL, []),
    "down_players_may_buy": (ANY_BOOL, []),
    "stock_rebuilds": (["2", 2.0, None], [-1]),
    "turn_limit": (["100", 10.0, True], [0, -5]),
    "joker_points": (["50", 50.0, None, True], [10**6, -(10**6)]),
    "rank_points": ([None, "20,2,3", (20.0,) + (2,) * 12, ("20",) * 13, (None,) * 13],
                    [(1, 2, 3), (10**6,) * 13]),
}

CASES = [
    pytest.param(field, value, id=f"{field}={value!r}"[:60])
    for field, (wrong, out_of_range) in FIELDS.items()
    for value in (*wrong, *out_of_range)
]


def test_every_field_is_covered() -> None:
    """A new field of Variant needs its wrong-type and out-of-range cases here."""
    assert {field.name for field in attrs.fields(Variant) if field.init} == set(FIELDS)
    for field, (wrong, _) in FIELDS.items():
        assert wrong, field


@pytest.mark.parametrize(("field", "value"), CASES)
def test_field_is_checked_when_built(field: str, value: Any) -> None:
    message = refused(NORWEGIAN, **{field: value})
    if field == "name":
        assert message.startswith("a variant needs a name without spaces")
    else:
        assert message.startswith("norwegian: ")
        assert field in message


@pytest.mark.parametrize(("field", "value"), [(f, v) for f, v in (
    ("packs", 8), ("jokers", 64), ("jokers", 0), ("min_players", 3), ("set_max", None), ("set_max", 5),
    ("run_min", 3), ("run_max", 13), ("own_meld_layoff_delay", 2), ("buy_penalty", 0), ("buy_limit", 0),
    ("buy_limit", None), ("stock_rebuilds", 0), ("turn_limit", None), ("joker_points", 0),
    ("joker_points", -5), ("rank_points", (0,) * 13), ("recommended_players", [2, 2]), ("title", "House"),
    ("deal_sizes", [10] * 6 + [11]), ("all_in", [False] * 7), ("contracts", list(NORWEGIAN.contracts)),
)])
def test_values_at_the_bounds_are_accepted(field: str, value: Any) -> None:
    variant = attrs.evolve(NORWEGIAN, **{field: value})
    expected = tuple(value) if isinstance(value, list) else value
    assert getattr(variant, field) == expected


def test_packs_zero_keeps_its_sentence() -> None:
    assert refused(NORWEGIAN, packs=0) == "norwegian: at least one pack is needed"


def test_deck_bounds_are_checked_before_the_deck_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """``packs=10**6`` once took 29 s and 1 GB: the bound must come before any card is made."""

    def no_deck(packs: int, jokers: int) -> tuple[remi.Card, ...]:
        raise AssertionError("the deck was built before its size was checked")

    monkeypatch.setattr(remi.variant, "full_deck", no_deck)
    began = time.perf_counter()
    assert "packs must be an integer from 1 to 8, got 1000000" in refused(NORWEGIAN, packs=10**6)
    assert "jokers must be an integer from 0 to 64, got 1000000" in refused(NORWEGIAN, jokers=10**6)
    monkeypatch.undo()  # a deck within the bounds is cheap; a huge deal is then refused at once
    assert "deal_sizes: dealing 1000000000 cards" in refused(NORWEGIAN, deal_sizes=(10**9,) * 7)
    assert time.perf_counter() - began < 1.0


def test_deal_sizes_none_is_a_variant_error_not_a_type_error() -> None:
    assert refused(NORWEGIAN, deal_sizes=None).startswith("norwegian: deal_sizes must be a sequence")
    with pytest.raises(VariantError, match="deal_sizes"):
        Variant(name="x", contracts=[Contract.of("set 3")], deal_sizes=None, all_in=[False])  # type: ignore[arg-type]


def test_card_points_of_the_wrong_type_never_reach_a_game() -> None:
    """String, None and float points once crashed at the end of a deal."""
    for value in ("50", None, 50.0):
        assert "joker_points" in refused(NORWEGIAN, joker_points=value)
        assert "rank_points for 7" in refused(NORWEGIAN, rank_points=(20, 2, 3, 4, 5, 6, value, 8, 9, 10, 10, 10, 10))


def test_sequences_may_be_any_iterable() -> None:
    variant = attrs.evolve(NORWEGIAN, name="lists", deal_sizes=iter([10] * 6 + [11]), all_in=[False] * 6 + [True],
                           contracts=list(NORWEGIAN.contracts), rank_points=list(NORWEGIAN.rank_points),
                           recommended_players=[3, 5])
    assert variant.deal_sizes == NORWEGIAN.deal_sizes and variant.recommended_players == (3, 5)
    assert variant.contracts == NORWEGIAN.contracts and variant.all_in == NORWEGIAN.all_in


# -- the meld rules a variant holds ----------------------------------------------------------------

RULE_FIELDS: dict[str, tuple[list[Any], list[Any]]] = {
    "set_min": (["3", 3.0, None, True], [1]),
    "set_max": (["4", 4.0], [2]),
    "set_distinct_suits": (ANY_BOOL, []),
    "run_min": (["4", 4.0, None], [1, 15]),
    "run_max": (["14", 14.0, None], [3, 15]),
    "ace_low": (ANY_BOOL, []),
    "ace_high": (ANY_BOOL, []),
    "run_wrap": (ANY_BOOL, []),
    "joker_cap": (["none", None], []),
    "swap_from_runs": (ANY_BOOL, []),
    "set_swap": (["never", None], []),
}


def test_every_meld_rule_is_covered() -> None:
    assert {field.name for field in attrs.fields(MeldRules)} == set(RULE_FIELDS)


@pytest.mark.parametrize(("field", "value"), [
    pytest.param(field, value, id=f"{field}={value!r}")
    for field, (wrong, out_of_range) in RULE_FIELDS.items()
    for value in (*wrong, *out_of_range)
])
def test_meld_rules_are_checked_when_built(field: str, value: Any) -> None:
    with pytest.raises(VariantError) as info:
        MeldRules(**{field: value})
    assert info.value.reason is Reason.BAD_VARIANT
    assert str(info.value).startswith(f"meld rules: {field} ")


def test_meld_rules_need_an_ace() -> None:
    with pytest.raises(VariantError, match="ace_low and ace_high are both False"):
        MeldRules(ace_low=False, ace_high=False)
    assert "ace must be low, high or both" in refused(NORWEGIAN, ace_low=False, ace_high=False)


# -- rules that can never work ----------------------------------------------------------------------


def test_N18_all_in_round_with_a_required_discard_is_refused() -> None:
    """All-in means no discard (N18); a required discard (E13) would refuse every lay-down of the round."""
    message = refused(NORWEGIAN, going_out=GoingOut.DISCARD_REQUIRED)
    assert message == (
        "norwegian: round 7 (4-4-4) is all-in (the whole hand goes down, with no discard), but going_out "
        "requires a final discard: nobody could ever go down in that round"
    )
    message = refused(ENGLISH, all_in=(False, False, True, False, False, False, False))
    assert message.startswith("english: level 3 (two runs of 4) is all-in")
    # Without the all-in round the same rules are fine: buying grows a hand past the 12 cards of 4-4-4.
    house = attrs.evolve(NORWEGIAN, name="norwegian-discard", going_out=GoingOut.DISCARD_REQUIRED, all_in=(False,) * 7)
    assert house.going_out is GoingOut.DISCARD_REQUIRED


def test_E13_contract_that_fills_the_hand_needs_buying_when_a_discard_is_required() -> None:
    base = Variant(name="tight", going_out=GoingOut.DISCARD_REQUIRED, contracts=[Contract.of("set 3", "set 3")],
                   deal_sizes=[6], all_in=[False])  # 6 + 1 drawn = 3 + 3 + one discard
    message = refused(base, deal_sizes=[5])
    assert message == (
        "tight: round 1 (set 3 + set 3) needs 6 cards and a final discard, but a hand holds 6 "
        "(and cannot grow without buying): nobody could ever go out"
    )
    assert attrs.evolve(base, deal_sizes=[5], buying=True).buying  # a buy adds two cards
    assert "nobody could ever go out" in refused(base, deal_sizes=[5], buying=True, buy_limit=0)
    assert attrs.evolve(base, deal_sizes=[5], going_out=GoingOut.DISCARD_OPTIONAL).deal_sizes == (5,)


def test_N18_all_in_round_whose_melds_cannot_hold_a_hand_is_refused() -> None:
    one_run = Variant(name="one-run", contracts=[Contract.of("run 4")], deal_sizes=[13], all_in=[True])
    message = refused(one_run, deal_sizes=[14])
    assert message == (
        "one-run: round 1 (run 4) is all-in, but its melds hold at most 14 cards and a hand holds 15: "
        "nobody could ever lay down the whole hand"
    )
    assert "at most 13 cards and a hand holds 14" in refused(one_run, ace_high=False)
    # Exact sizes: the hand must be exactly the contract.
    assert "at most 12 cards and a hand holds 13" in refused(NORWEGIAN, exact_sizes=True, deal_sizes=(10,) * 6 + (12,))
    assert attrs.evolve(NORWEGIAN, name="norwegian-exact", exact_sizes=True).exact_sizes  # 11 + 1 = 4 + 4 + 4
    # Where lay-offs may come before going down, a hand can shrink to fit.
    shrinking = attrs.evolve(one_run, deal_sizes=[14], layoff_requires_down=False)
    assert shrinking.deal_sizes == (14,)


def test_run_longer_than_the_aces_allow_is_refused() -> None:
    message = refused(NORWEGIAN, ace_high=False, contracts=(Contract.of("run 14"),) * 7, deal_sizes=(13,) * 7,
                      all_in=(False,) * 7)
    assert message == (
        "norwegian: contract 1 (run 14) asks for a run 14, but under these rules no run can hold more than 13 cards"
    )
    wrap = attrs.evolve(NORWEGIAN, name="wrap", run_wrap=True, ace_high=False,
                        contracts=(Contract.of("run 14"),) * 7, deal_sizes=(13,) * 7, all_in=(False,) * 7)
    assert wrap.run_wrap  # round the corner, fourteen cards fit


def test_set_bigger_than_the_deck_allows_is_refused() -> None:
    groups: dict[str, Any] = {
        "contracts": [Contract.of("set 5")], "deal_sizes": [10], "all_in": [False], "set_distinct_suits": True
    }
    message = refused(Variant(name="groups", jokers=1, **groups), jokers=0)
    assert message == (
        "groups: contract 1 (set 5) asks for a set 5, but under these rules no set can hold more than 4 cards"
    )
    assert Variant(name="groups", jokers=1, **groups).jokers == 1  # four suits and a joker
    # Two packs hold 8 of a rank; with the joker cap, 8 jokers more at most.
    capped = Variant(name="capped", jokers=9, max_players=3, contracts=[Contract.of("set 16")], deal_sizes=[15],
                     all_in=[False])
    assert "no set can hold more than 16 cards" in refused(capped, contracts=[Contract.of("set 17")], deal_sizes=[16])
    assert "no set can hold more than 8 cards" in refused(capped, packs=1)
    assert attrs.evolve(capped, joker_cap=JokerCap.NONE, contracts=[Contract.of("set 17")], deal_sizes=[16]).jokers == 9


def test_deal_bigger_than_the_deck_is_refused() -> None:
    assert refused(NORWEGIAN, deal_sizes=(19,) * 7) == (
        "norwegian: deal_sizes: dealing 19 cards to 6 players needs 116 cards (with the upcard and a stock card), "
        "but the deck has 113"
    )


# -- hooks are called when the variant is built -----------------------------------------------------


@attrs.frozen(kw_only=True)
class NegativeQuota(EnglishVariant):
    def layoff_quota(self, level: int) -> int | None:
        return -1 if level == 4 else 1


@attrs.frozen(kw_only=True)
class TextQuota(EnglishVariant):
    def layoff_quota(self, level: int) -> int | None:
        return "2"  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class BoolQuota(EnglishVariant):
    def layoff_quota(self, level: int) -> int | None:
        return True


@attrs.frozen(kw_only=True)
class FailingQuota(EnglishVariant):
    def layoff_quota(self, level: int) -> int | None:
        return (3, 2)[level]


@attrs.frozen(kw_only=True)
class FloatScore(EnglishVariant):
    def winner_score(self, wins: int) -> int:
        return -10.5 * wins  # type: ignore[return-value]


def parameters(variant: Variant) -> dict[str, Any]:
    return {field.name: getattr(variant, field.name) for field in attrs.fields(type(variant)) if field.init}


@pytest.mark.parametrize(("cls", "expected"), [
    (NegativeQuota, "english: layoff_quota(4) must return a non-negative integer or None, got -1"),
    (TextQuota, "english: layoff_quota(0) must return a non-negative integer or None, got '2'"),
    (BoolQuota, "english: layoff_quota(0) must return a non-negative integer or None, got True"),
    (FailingQuota, "english: layoff_quota(2) failed: IndexError: tuple index out of range"),
    (FloatScore, "english: winner_score(1) must return an integer, got -10.5"),
])
def test_E12_E15_hook_results_are_checked_when_built(cls: type[Variant], expected: str) -> None:
    with pytest.raises(VariantError) as info:
        cls(**parameters(ENGLISH))
    assert info.value.reason is Reason.BAD_VARIANT
    assert str(info.value) == expected


# -- nothing reasonable is refused --------------------------------------------------------------------

HOUSE_RULES: dict[str, tuple[Variant, dict[str, Any]]] = {
    "norwegian-no-buy": (NORWEGIAN, {"buying": False}),
    "norwegian-ace-high-only": (NORWEGIAN, {"ace_low": False}),
    "norwegian-ace-low-only": (NORWEGIAN, {"ace_high": False}),
    "norwegian-wrap": (NORWEGIAN, {"run_wrap": True}),
    "norwegian-four-players": (NORWEGIAN, {"max_players": 4}),
    "norwegian-no-jokers": (NORWEGIAN, {"jokers": 0}),
    "norwegian-wild": (NORWEGIAN, {"joker_cap": JokerCap.NONE, "joker_cap_on_layoff": False}),
    "norwegian-one-buy": (NORWEGIAN, {"buy_limit": 1, "buy_penalty": 2}),
    "norwegian-three-packs": (NORWEGIAN, {"packs": 3, "jokers": 12, "max_players": 8}),
    "norwegian-levels": (NORWEGIAN, {"schedule": Schedule.LEVELS}),
    "english-buying": (ENGLISH, {"buying": True, "buy_limit": 3}),
    "english-capped": (ENGLISH, {"joker_cap": JokerCap.NATURALS, "set_max": 5}),
    "english-no-group-swap": (ENGLISH, {"set_swap": SetSwap.NEVER}),
    "english-optional-discard": (ENGLISH, {"going_out": GoingOut.DISCARD_OPTIONAL}),
}


@pytest.mark.parametrize("name", sorted(HOUSE_RULES))
def test_reasonable_house_rules_are_accepted(name: str) -> None:
    base, changes = HOUSE_RULES[name]
    variant = attrs.evolve(base, name=name, **changes)
    assert variant.name == name and type(variant) is type(base)
    for field, value in changes.items():
        assert getattr(variant, field) == value


def test_built_ins_are_accepted_as_built() -> None:
    for name in ("norwegian", "english"):
        variant = remi.variants.get(name)
        assert attrs.evolve(variant) == variant
        assert type(variant)(**parameters(variant)) == variant
