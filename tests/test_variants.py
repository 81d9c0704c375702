"""Variants: the built-in rule tables, card points, validation and the registry."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

import remi
import remi.variants
from remi import (
    Contract,
    GoingOut,
    JokerCap,
    MeldKind,
    Reason,
    Requirement,
    Schedule,
    SetSwap,
    Variant,
    VariantError,
)
from remi.cards import parse_cards
from remi.testing import variants

SET, RUN = MeldKind.SET, MeldKind.RUN
NORWEGIAN = remi.variants.get("norwegian")
ENGLISH = remi.variants.get("english")


@pytest.fixture(autouse=True)
def _fresh_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test sees an empty run-time registry and load cache, restored afterwards."""
    monkeypatch.setattr(remi.variants, "_registered", {})
    monkeypatch.setattr(remi.variants, "_loaded", {})


def requirements(variant: Variant) -> list[list[tuple[MeldKind, int]]]:
    return [[(r.kind, r.size) for r in contract.requirements] for contract in variant.contracts]


# -- Norwegian (§2) --------------------------------------------------------------------


def test_N1_players() -> None:
    assert (NORWEGIAN.min_players, NORWEGIAN.max_players) == (2, 6)
    assert NORWEGIAN.recommended_players == (3, 5)


def test_N2_deck() -> None:
    deck = NORWEGIAN.deck()
    assert (NORWEGIAN.packs, NORWEGIAN.jokers, len(deck)) == (2, 9, 113)
    assert deck.count(remi.JOKER) == 9
    assert all(deck.count(card) == 2 for card in remi.NATURALS)


def test_N3_seven_rounds() -> None:
    assert NORWEGIAN.rounds == 7
    assert NORWEGIAN.schedule is Schedule.ROUNDS


def test_N6_contracts() -> None:
    assert [str(c) for c in NORWEGIAN.contracts] == ["3-3", "3-4", "4-4", "3-3-3", "3-3-4", "3-4-4", "4-4-4"]
    assert requirements(NORWEGIAN) == [
        [(SET, 3), (SET, 3)],
        [(SET, 3), (RUN, 4)],
        [(RUN, 4), (RUN, 4)],
        [(SET, 3), (SET, 3), (SET, 3)],
        [(SET, 3), (SET, 3), (RUN, 4)],
        [(SET, 3), (RUN, 4), (RUN, 4)],
        [(RUN, 4), (RUN, 4), (RUN, 4)],
    ]
    assert not NORWEGIAN.exact_sizes and not NORWEGIAN.piecemeal


def test_N7_deal_sizes() -> None:
    assert NORWEGIAN.deal_sizes == (10, 10, 10, 10, 10, 10, 11)


def test_N18_round_seven_all_in() -> None:
    assert NORWEGIAN.all_in == (False,) * 6 + (True,)
    assert NORWEGIAN.contracts[6].size == NORWEGIAN.deal_sizes[6] + 1  # 11 + 1 drawn = 4+4+4


def test_N9_card_points() -> None:
    expected = {"A": 20, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                "10": 10, "J": 10, "Q": 10, "K": 10}
    for card in remi.NATURALS:
        assert card.rank is not None
        assert NORWEGIAN.card_points(card) == expected[card.rank.label]
    assert NORWEGIAN.card_points(remi.JOKER) == 50


def test_NX15_hand_points() -> None:
    assert NORWEGIAN.hand_points(parse_cards("JK AS KH 10D 9C 2H")) == 101
    assert NORWEGIAN.hand_points(parse_cards("AC AD")) == 40
    assert NORWEGIAN.hand_points(()) == 0


def test_N19_winner_scores_zero() -> None:
    assert [NORWEGIAN.winner_score(wins) for wins in range(1, 8)] == [0] * 7


def test_N10_N11_N14_N16_parameters() -> None:
    """§5 of the rules, the norwegian column."""
    v = NORWEGIAN
    assert (v.set_min, v.set_max, v.set_distinct_suits) == (3, None, False)
    assert (v.run_min, v.run_max, v.ace_low, v.ace_high, v.run_wrap) == (4, 14, True, True, False)
    assert (v.joker_cap, v.joker_cap_on_layoff) == (JokerCap.NATURALS, True)
    assert (v.swap_from_runs, v.set_swap, v.swap_from_own_melds, v.swapper_must_be_down) == (
        True, SetSwap.NEVER, False, False)
    assert (v.layoff_requires_down, v.own_meld_layoff_delay) == (True, 0)
    assert [v.layoff_quota(level) for level in range(7)] == [None] * 7
    assert v.going_out is GoingOut.DISCARD_OPTIONAL and not v.rediscard_taken_card
    assert (v.buying, v.buy_penalty, v.buy_limit, v.discarder_may_buy, v.down_players_may_buy) == (
        True, 1, None, False, True)
    assert v.stock_rebuilds == 2


# -- English (§3) ------------------------------------------------------------------------


def test_E1_deck_and_players() -> None:
    assert (ENGLISH.packs, ENGLISH.jokers, len(ENGLISH.deck())) == (2, 4, 108)
    assert (ENGLISH.min_players, ENGLISH.max_players) == (2, 6)


def test_E3_deal_ten() -> None:
    assert ENGLISH.deal_sizes == (10,) * 7
    assert ENGLISH.all_in == (False,) * 7


def test_E9_contracts() -> None:
    assert requirements(ENGLISH) == [
        [(RUN, 4), (SET, 3)],
        [(RUN, 4), (SET, 4)],
        [(RUN, 4), (RUN, 4)],
        [(RUN, 5), (SET, 3)],
        [(RUN, 5), (SET, 4)],
        [(RUN, 5), (RUN, 5)],
        [(RUN, 6), (SET, 4)],
    ]
    assert ENGLISH.exact_sizes and ENGLISH.piecemeal


def test_E12_layoff_quota() -> None:
    quotas = [ENGLISH.layoff_quota(level) for level in range(7)]
    assert quotas == [3, 2, 2, 2, 1, 0, 0]
    assert quotas == [10 - contract.size for contract in ENGLISH.contracts]


def test_E14_levels() -> None:
    assert ENGLISH.schedule is Schedule.LEVELS
    assert ENGLISH.rounds == 7


def test_E15_EX14_winner_scores() -> None:
    assert [ENGLISH.winner_score(wins) for wins in range(1, 8)] == [-10, -20, -30, -40, -50, -60, -100]


def test_E15_card_points() -> None:
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                "10": 10, "J": 10, "Q": 10, "K": 10}
    for card in remi.NATURALS:
        assert card.rank is not None
        assert ENGLISH.card_points(card) == expected[card.rank.label]
    assert ENGLISH.card_points(remi.JOKER) == 25


def test_EX13_hand_points() -> None:
    assert ENGLISH.hand_points(parse_cards("JK QD 7C AS")) == 43
    assert ENGLISH.winner_score(1) == -10


def test_E4_E5_E6_E10_E11_E13_parameters() -> None:
    """§5 of the rules, the english column."""
    v = ENGLISH
    assert (v.set_min, v.set_max, v.set_distinct_suits) == (3, 4, True)
    assert (v.run_min, v.run_max, v.ace_low, v.ace_high, v.run_wrap) == (4, 14, True, True, False)
    assert v.joker_cap is JokerCap.NONE
    assert (v.swap_from_runs, v.set_swap, v.swap_from_own_melds, v.swapper_must_be_down) == (
        True, SetSwap.ON_COMPLETION, True, False)
    assert (v.layoff_requires_down, v.own_meld_layoff_delay) == (False, 1)
    assert v.going_out is GoingOut.DISCARD_REQUIRED
    assert not v.buying
    assert v.stock_rebuilds == 2


def test_variants_name_themselves_with_a_version() -> None:
    for name in ("norwegian", "english"):
        variant = remi.variants.get(name)
        assert variant.name == name == str(variant)
        assert variant.version and variant.title
        summary = variant.summary()
        assert variant.title in summary and str(len(variant.deck())) in summary
        assert all(contract.name in summary for contract in variant.contracts)


# -- house rules and validation -------------------------------------------------------


def test_house_rule_by_evolve() -> None:
    house = attrs.evolve(NORWEGIAN, name="norwegian-no-buy", buying=False)
    assert not house.buying and NORWEGIAN.buying
    assert house.contracts == NORWEGIAN.contracts
    english_house = attrs.evolve(ENGLISH, name="english-five-jokers", jokers=5)
    assert type(english_house) is type(ENGLISH)
    assert [english_house.layoff_quota(level) for level in range(7)] == [3, 2, 2, 2, 1, 0, 0]
    assert len(english_house.deck()) == 109


def test_variant_built_from_scratch() -> None:
    variant = Variant(
        name="two-sets",
        jokers=2,
        contracts=[Contract([Requirement(SET, 3), Requirement(SET, 3)])],
        deal_sizes=[7],
        all_in=[False],
    )
    assert variant.contracts == (Contract.of("set 3", "set 3"),)
    assert variant.deal_sizes == (7,) and variant.all_in == (False,)
    assert len(variant.deck()) == 106


def bad(variant: Variant, match: str, **changes: Any) -> VariantError:
    with pytest.raises(VariantError, match=match) as info:
        attrs.evolve(variant, **changes)
    assert info.value.reason is Reason.BAD_VARIANT
    return info.value


@pytest.mark.parametrize("limit", [0, -5, 2.5, True, "100"])
def test_N20_turn_limit_must_be_positive(limit: object) -> None:
    bad(NORWEGIAN, "turn_limit", turn_limit=limit)


def test_N20_turn_limit_may_be_lifted() -> None:
    assert attrs.evolve(NORWEGIAN, name="endless", turn_limit=None).turn_limit is None
    assert NORWEGIAN.turn_limit == 1000


def test_deal_too_big_for_the_deck() -> None:
    bad(NORWEGIAN, "deck has 113", deal_sizes=(30,) * 7)
    bad(NORWEGIAN, "deck has 113", deal_sizes=(10,) * 6 + (19,))  # 6 x 19 = 114
    attrs.evolve(NORWEGIAN, deal_sizes=(10,) * 6 + (18,))  # 108 dealt + upcard + stock fits
    bad(ENGLISH, "deck has 108", deal_sizes=(18,) * 7)


def test_deal_leaves_an_upcard_and_a_stock_card() -> None:
    one_pack: dict[str, Any] = {"packs": 1, "max_players": 4, "deal_sizes": (13,) * 7}
    attrs.evolve(NORWEGIAN, jokers=2, **one_pack)  # 52 dealt, upcard, one stock card
    bad(NORWEGIAN, "deck has 53", jokers=1, **one_pack)  # 52 dealt, upcard, no stock


def test_deal_check_uses_max_players() -> None:
    attrs.evolve(NORWEGIAN, max_players=4, deal_sizes=(25,) * 7)
    bad(NORWEGIAN, "6 players", deal_sizes=(25,) * 7)


def test_bad_player_range() -> None:
    bad(NORWEGIAN, r"min_players must be an integer of at least 2, got 1", min_players=1)
    bad(NORWEGIAN, r"max_players must be an integer of at least min_players \(5\), got 4", min_players=5, max_players=4)
    bad(NORWEGIAN, "min_players", min_players=-1)


def test_requirement_outside_allowed_sizes() -> None:
    bad(NORWEGIAN, "outside the allowed sizes", run_min=5)
    bad(ENGLISH, "outside the allowed sizes", contracts=(Contract.of("run 4", "set 5"),) * 7)
    bad(NORWEGIAN, "outside the allowed sizes", run_max=4, contracts=(Contract.of("run 5"),) * 7)


def test_mismatched_lengths() -> None:
    bad(NORWEGIAN, "deal_sizes has 6 entries for 7 contracts", deal_sizes=(10,) * 6)
    bad(NORWEGIAN, "all_in has 8 entries", all_in=(False,) * 8)
    bad(NORWEGIAN, "rank_points", rank_points=(1, 2, 3))


def test_contract_bigger_than_a_hand() -> None:
    bad(NORWEGIAN, r"needs 12 cards but a hand holds 11", deal_sizes=(10,) * 7)  # 4-4-4 from 10 + 1
    bad(ENGLISH, "needs 14 cards", contracts=(Contract.of("run 14"),) * 7)


def test_set_and_run_bounds() -> None:
    bad(ENGLISH, r"set_max must be None or an integer of at least set_min \(3\), got 2", set_max=2)
    bad(NORWEGIAN, r"run_max must be an integer from run_min \(4\) to 14, got 3", run_max=3)
    bad(NORWEGIAN, "set_min must be an integer of at least 2, got 1", set_min=1)


def test_ace_must_be_low_or_high() -> None:
    bad(NORWEGIAN, "ace", ace_low=False, ace_high=False)
    attrs.evolve(NORWEGIAN, ace_low=False)
    attrs.evolve(NORWEGIAN, ace_high=False)


@pytest.mark.parametrize("field", ["packs", "jokers", "min_players", "max_players", "own_meld_layoff_delay",
                                   "buy_penalty", "stock_rebuilds"])
def test_negative_params(field: str) -> None:
    bad(NORWEGIAN, field, **{field: -1})


def test_other_impossible_configs() -> None:
    bad(NORWEGIAN, "pack", packs=0)
    bad(NORWEGIAN, "deal size", deal_sizes=(10,) * 6 + (0,))
    bad(NORWEGIAN, "contract", contracts=(), deal_sizes=(), all_in=())
    with pytest.raises(VariantError, match="name"):
        attrs.evolve(NORWEGIAN, name="two words")
    with pytest.raises(VariantError, match="name"):
        attrs.evolve(NORWEGIAN, name="")


# -- the registry --------------------------------------------------------------------------


def test_get_and_names() -> None:
    assert remi.variants.names() == ("english", "norwegian")
    assert remi.variants.get("norwegian") is remi.variants.get("norwegian")
    assert remi.variants.DEFAULT in remi.variants.names()
    from remi.variants import english, norwegian

    assert remi.variants.get("english") is english.ENGLISH
    assert remi.variants.get("norwegian") is norwegian.NORWEGIAN


def test_unknown_variant() -> None:
    with pytest.raises(VariantError) as info:
        remi.variants.get("canasta")
    assert info.value.reason is Reason.UNKNOWN_VARIANT
    assert "canasta" in str(info.value) and "norwegian" in str(info.value)


def test_register_at_run_time() -> None:
    house = attrs.evolve(NORWEGIAN, name="house")
    assert remi.variants.register(house) is house
    assert remi.variants.names() == ("english", "house", "norwegian")
    assert remi.variants.get("house") is house
    with pytest.raises(VariantError, match="already registered"):
        remi.variants.register(attrs.evolve(NORWEGIAN, name="house", buying=False))
    with pytest.raises(VariantError, match="already registered"):
        remi.variants.register(attrs.evolve(NORWEGIAN, buying=False))  # "norwegian" is a built-in
    replacement = attrs.evolve(house, buying=False)
    remi.variants.register(replacement, replace=True)
    assert remi.variants.get("house") is replacement
    with pytest.raises(VariantError):
        remi.variants.register("house")  # type: ignore[arg-type]


def test_registrations_do_not_leak_between_tests() -> None:
    assert "house" not in remi.variants.names()


@settings(max_examples=30, deadline=None)
@given(variants())
def test_variants_strategy_draws_registered_values(variant: Variant) -> None:
    assert remi.variants.get(variant.name) is variant


def test_variants_strategy_includes_run_time_registrations() -> None:
    house = remi.variants.register(attrs.evolve(NORWEGIAN, name="house"))
    seen: set[str] = set()

    @settings(max_examples=60, deadline=None, derandomize=True, database=None)
    @given(variants())
    def draw(variant: Variant) -> None:
        seen.add(variant.name)

    draw()
    assert seen == {"english", "house", "norwegian"}
    assert remi.variants.get("house") is house


# -- entry-point plugins ----------------------------------------------------------------------

THREE_SETS = """
import attrs

from remi import Contract
from remi.variants.norwegian import NORWEGIAN

THREE_SETS = attrs.evolve(
    NORWEGIAN,
    name="three-sets",
    title="Three sets every round (house rule)",
    contracts=(Contract.of("set 3", "set 3", "set 3", name="3-3-3"),),
    deal_sizes=(10,),
    all_in=(False,),
)
"""


@pytest.fixture
def plugin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A sys.path folder to install fake distributions into; their modules are forgotten afterwards."""
    before = set(sys.modules)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in set(sys.modules) - before:
        if name.startswith("remi_plugin_"):
            del sys.modules[name]


def install(folder: Path, dist: str, modules: dict[str, str], entry_points: dict[str, str]) -> None:
    """Write a minimal installed distribution: modules plus a .dist-info with entry points."""
    for module, source in modules.items():
        (folder / f"{module}.py").write_text(textwrap.dedent(source))
    info = folder / f"{dist}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
    lines = "".join(f"{name} = {target}\n" for name, target in entry_points.items())
    (info / "entry_points.txt").write_text("[remi.variants]\n" + lines)


def test_entry_point_plugin_is_discovered(plugin_dir: Path) -> None:
    install(plugin_dir, "remi_plugin_three_sets", {"remi_plugin_three_sets": THREE_SETS},
            {"three-sets": "remi_plugin_three_sets:THREE_SETS"})
    assert remi.variants.names() == ("english", "norwegian", "three-sets")
    variant = remi.variants.get("three-sets")
    assert variant is sys.modules["remi_plugin_three_sets"].THREE_SETS
    assert remi.variants.get("three-sets") is variant
    assert isinstance(variant, Variant)
    assert [str(c) for c in variant.contracts] == ["3-3-3"]
    assert not variant.meld_problems(SET, "QS QS JK")
    assert remi.variants.get("norwegian") is NORWEGIAN


def test_entry_point_plugin_reaches_the_variants_strategy(plugin_dir: Path) -> None:
    install(plugin_dir, "remi_plugin_strategy", {"remi_plugin_strategy": THREE_SETS},
            {"three-sets": "remi_plugin_strategy:THREE_SETS"})
    seen: set[str] = set()

    @settings(max_examples=60, deadline=None, derandomize=True, database=None)
    @given(variants())
    def draw(variant: Variant) -> None:
        seen.add(variant.name)

    draw()
    assert seen == {"english", "norwegian", "three-sets"}


BROKEN = {
    "raises": ("raise RuntimeError('boom')\n", "{module}:VARIANT", "failed to load"),
    "not-a-variant": ("VARIANT = 42\n", "{module}:VARIANT", "not a Variant"),
    "missing-attribute": ("OTHER = 1\n", "{module}:VARIANT", "failed to load"),
    "missing-module": ("", "remi_plugin_nowhere:VARIANT", "failed to load"),
    "misnamed": (THREE_SETS, "{module}:THREE_SETS", "names itself 'three-sets'"),
    "bad-config": ("import attrs\nfrom remi.variants.norwegian import NORWEGIAN\n"
                   "VARIANT = attrs.evolve(NORWEGIAN, name='bad-config', packs=0)\n",
                   "{module}:VARIANT", "pack"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_plugin_is_a_variant_error(plugin_dir: Path, case: str) -> None:
    source, target, message = BROKEN[case]
    module = "remi_plugin_" + case.replace("-", "_")
    install(plugin_dir, module, {module: source}, {case: target.format(module=module)})
    assert case in remi.variants.names()
    with pytest.raises(VariantError, match=message) as info:
        remi.variants.get(case)
    assert info.value.reason is Reason.BAD_VARIANT
    # The rest of the registry still works.
    assert remi.variants.get("norwegian") is NORWEGIAN
    with pytest.raises(VariantError):
        variants()
