"""Variants: the built-in rule tables, card points, validation and the registry."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

import remi
import remi.variants
from remi import (
    Buying,
    Contract,
    Contracts,
    Deck,
    Drawing,
    GoingOut,
    JokerCap,
    LayOffs,
    Match,
    MeldKind,
    MeldRules,
    Reason,
    Requirement,
    Schedule,
    Scoring,
    SetSwap,
    Swaps,
    SwapWho,
    Variant,
    VariantError,
)
from remi.cards import parse_cards
from remi.testing import variants
from remi.variants.english import EnglishLayOffs, EnglishScoring

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


def with_part(variant: Variant, name: str, **changes: Any) -> dict[str, Any]:
    """The keyword that replaces the part ``name`` of ``variant`` by one with ``changes``."""
    return {name: attrs.evolve(getattr(variant, name), **changes)}


#: The variants installed as entry points: remi's own (norwegian, english and more).
BUILT_INS = frozenset(ep.name for ep in entry_points(group=remi.variants.ENTRY_POINT_GROUP))


# -- Norwegian (N1–N20) --------------------------------------------------------------------


def test_N1_players() -> None:
    assert (NORWEGIAN.min_players, NORWEGIAN.max_players) == (2, 6)
    assert NORWEGIAN.recommended_players == (3, 5)


def test_N2_deck() -> None:
    assert NORWEGIAN.deck == Deck(packs=2, jokers=9)
    for players in range(2, 7):
        deck = NORWEGIAN.cards(players)
        assert len(deck) == 113
        assert deck.count(remi.JOKER) == 9
        assert all(deck.count(card) == 2 for card in remi.NATURALS)


def test_N3_seven_rounds() -> None:
    assert NORWEGIAN.rounds == 7 == len(NORWEGIAN.contracts)
    assert NORWEGIAN.match.schedule is Schedule.ROUNDS


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
    assert not NORWEGIAN.contracts.exact_sizes and not NORWEGIAN.contracts.piecemeal


def test_N7_deal_sizes() -> None:
    assert NORWEGIAN.contracts.deal_sizes == (10, 10, 10, 10, 10, 10, 11)


def test_N18_round_seven_all_in() -> None:
    assert NORWEGIAN.contracts.going_out == (GoingOut.DISCARD_OPTIONAL,) * 6 + (GoingOut.ALL_IN,)
    assert NORWEGIAN.contracts[6].size == NORWEGIAN.contracts.deal_sizes[6] + 1  # 11 + 1 drawn = 4+4+4


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
    """The meld rules of the norwegian page (N4, N5, N8, N10)."""
    v = NORWEGIAN
    m = v.melds
    assert (m.set_min, m.set_max, m.set_distinct_suits) == (3, None, False)
    assert (m.run_min, m.run_max, m.ace_low, m.ace_high, m.run_wrap) == (4, 14, True, True, False)
    assert (m.joker_cap, m.joker_cap_on_layoff) == (JokerCap.NATURALS, True)
    assert v.swaps == Swaps(from_runs=True, from_sets=SetSwap.NEVER, from_own_melds=False, who=SwapWho.ANYONE)
    assert (v.layoffs.requires_down, v.layoffs.own_meld_delay) == (True, 0)
    assert type(v.layoffs) is LayOffs
    assert [v.layoff_quota(level) for level in range(7)] == [None] * 7
    assert not v.drawing.rediscard_taken_card
    b = v.buying
    assert (b.enabled, b.penalty, b.limit, b.discarder_may_buy, b.down_players_may_buy) == (True, 1, None, False, True)
    assert v.match.stock_rebuilds == 2


# -- English (E1–E17) ------------------------------------------------------------------------


def test_E1_deck_and_players() -> None:
    assert (ENGLISH.deck.packs, ENGLISH.deck.jokers, ENGLISH.deck.by_players) == (2, 4, ())
    assert all(len(ENGLISH.cards(players)) == 108 for players in range(2, 7))
    assert (ENGLISH.min_players, ENGLISH.max_players) == (2, 6)


def test_E3_deal_ten() -> None:
    assert ENGLISH.contracts.deal_sizes == (10,) * 7
    assert GoingOut.ALL_IN not in ENGLISH.contracts.going_out


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
    assert ENGLISH.contracts.exact_sizes and ENGLISH.contracts.piecemeal


def test_E12_layoff_quota() -> None:
    quotas = [ENGLISH.layoff_quota(level) for level in range(7)]
    assert quotas == [3, 2, 2, 2, 1, 0, 0]
    assert quotas == [10 - contract.size for contract in ENGLISH.contracts]
    assert type(ENGLISH.layoffs) is EnglishLayOffs
    assert [ENGLISH.layoffs.quota(level) for level in range(7)] == quotas


def test_E14_levels() -> None:
    assert ENGLISH.match.schedule is Schedule.LEVELS
    assert ENGLISH.rounds == 7


def test_E15_EX14_winner_scores() -> None:
    assert [ENGLISH.winner_score(wins) for wins in range(1, 8)] == [-10, -20, -30, -40, -50, -60, -100]
    assert type(ENGLISH.scoring) is EnglishScoring
    assert [ENGLISH.scoring.winner_score(wins) for wins in range(1, 8)] == [-10, -20, -30, -40, -50, -60, -100]


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
    """The meld rules of the english page (E2, E4)."""
    v = ENGLISH
    m = v.melds
    assert (m.set_min, m.set_max, m.set_distinct_suits) == (3, 4, True)
    assert (m.run_min, m.run_max, m.ace_low, m.ace_high, m.run_wrap) == (4, 14, True, True, False)
    assert m.joker_cap is JokerCap.NONE
    assert v.swaps == Swaps(from_runs=True, from_sets=SetSwap.ON_COMPLETION, from_own_melds=True, who=SwapWho.ANYONE)
    assert (v.layoffs.requires_down, v.layoffs.own_meld_delay) == (False, 1)
    assert v.contracts.going_out == (GoingOut.DISCARD_REQUIRED,) * 7
    assert not v.buying.enabled and v.buying == Buying()
    assert v.match.stock_rebuilds == 2


def test_variants_name_themselves_with_a_version() -> None:
    for name in ("norwegian", "english"):
        variant = remi.variants.get(name)
        assert variant.name == name == str(variant)
        assert variant.version and variant.title
        summary = variant.summary()
        assert variant.title in summary and str(len(variant.cards(variant.max_players))) in summary
        assert all(contract.name in summary for contract in variant.contracts)


# -- house rules and validation -------------------------------------------------------


def test_house_rule_by_evolve() -> None:
    house = attrs.evolve(NORWEGIAN, name="norwegian-no-buy", **with_part(NORWEGIAN, "buying", enabled=False))
    assert not house.buying.enabled and NORWEGIAN.buying.enabled
    assert house.contracts == NORWEGIAN.contracts
    english_house = attrs.evolve(ENGLISH, name="english-five-jokers", **with_part(ENGLISH, "deck", jokers=5))
    assert type(english_house) is type(ENGLISH)
    assert type(english_house.layoffs) is EnglishLayOffs
    assert [english_house.layoff_quota(level) for level in range(7)] == [3, 2, 2, 2, 1, 0, 0]
    assert len(english_house.cards(4)) == 109


def test_a_new_kind_of_rule_is_a_hook_of_one_part() -> None:
    @attrs.frozen(kw_only=True)
    class Halved(Scoring):
        def card_points(self, card: remi.Card) -> int:
            return super().card_points(card) // 2

    halved = attrs.evolve(NORWEGIAN, name="norwegian-halved", scoring=Halved())
    assert halved.card_points(remi.JOKER) == 25 and halved.card_points(parse_cards("AS")[0]) == 10
    assert halved.hand_points(parse_cards("JK AS KH 10D 9C 2H")) == 25 + 10 + 5 + 5 + 4 + 1
    assert NORWEGIAN.card_points(remi.JOKER) == 50


def test_variant_built_from_scratch() -> None:
    variant = Variant(
        name="two-sets",
        deck=Deck(jokers=2),
        contracts=Contracts(contracts=[Contract([Requirement(SET, 3), Requirement(SET, 3)])], deal_sizes=[7]),
    )
    assert variant.contracts.contracts == (Contract.of("set 3", "set 3"),)
    assert list(variant.contracts) == [Contract.of("set 3", "set 3")]
    assert variant.contracts.deal_sizes == (7,)
    assert variant.contracts.going_out == (GoingOut.DISCARD_OPTIONAL,)
    assert len(variant.cards(2)) == 106
    # every other part has its defaults
    assert (variant.melds, variant.drawing, variant.layoffs, variant.swaps, variant.buying, variant.match,
            variant.scoring) == (MeldRules(), Drawing(), LayOffs(), Swaps(), Buying(), Match(), Scoring())
    assert variant.references == () and variant.cite("layoff.down") == ""


def bad(variant: Variant, match: str, **changes: Any) -> VariantError:
    with pytest.raises(VariantError, match=match) as info:
        attrs.evolve(variant, **changes)
    assert info.value.reason is Reason.BAD_VARIANT
    return info.value


def bad_part(variant: Variant, part: str, match: str, **changes: Any) -> VariantError:
    with pytest.raises(VariantError, match=match) as info:
        attrs.evolve(variant, **with_part(variant, part, **changes))
    assert info.value.reason is Reason.BAD_VARIANT
    return info.value


@pytest.mark.parametrize("limit", [0, -5, 2.5, True, "100"])
def test_N20_turn_limit_must_be_positive(limit: object) -> None:
    bad_part(NORWEGIAN, "match", "^match: turn_limit must be an integer of at least 1 or None", turn_limit=limit)


def test_N20_turn_limit_may_be_lifted() -> None:
    endless = attrs.evolve(NORWEGIAN, name="endless", **with_part(NORWEGIAN, "match", turn_limit=None))
    assert endless.match.turn_limit is None
    assert NORWEGIAN.match.turn_limit == 1000


def test_deal_too_big_for_the_deck() -> None:
    bad_part(NORWEGIAN, "contracts", "deck has 113", deal_sizes=(30,) * 7)
    bad_part(NORWEGIAN, "contracts", "deck has 113", deal_sizes=(10,) * 6 + (19,))  # 6 x 19 = 114
    attrs.evolve(NORWEGIAN, **with_part(NORWEGIAN, "contracts", deal_sizes=(10,) * 6 + (18,)))  # + upcard + stock
    bad_part(ENGLISH, "contracts", "deck has 108", deal_sizes=(18,) * 7)


def test_deal_leaves_an_upcard_and_a_stock_card() -> None:
    deal_13 = with_part(NORWEGIAN, "contracts", deal_sizes=(13,) * 7)
    attrs.evolve(NORWEGIAN, deck=Deck(packs=1, jokers=2), max_players=4, **deal_13)  # 52 dealt, upcard, one stock
    with pytest.raises(VariantError, match="deck has 53"):  # 52 dealt, upcard, no stock
        attrs.evolve(NORWEGIAN, deck=Deck(packs=1, jokers=1), max_players=4, **deal_13)


def test_deal_check_uses_max_players() -> None:
    attrs.evolve(NORWEGIAN, max_players=4, **with_part(NORWEGIAN, "contracts", deal_sizes=(25,) * 7))
    bad_part(NORWEGIAN, "contracts", "dealing 25 cards to 5 players", deal_sizes=(25,) * 7)  # the first that fails


def test_bad_player_range() -> None:
    bad(NORWEGIAN, r"min_players must be an integer of at least 2, got 1", min_players=1)
    bad(NORWEGIAN, r"max_players must be an integer from min_players \(5\) to 16, got 4", min_players=5, max_players=4)
    bad(NORWEGIAN, "min_players", min_players=-1)


def test_requirement_outside_allowed_sizes() -> None:
    bad_part(NORWEGIAN, "melds", "outside the allowed sizes", run_min=5)
    bad_part(ENGLISH, "contracts", "outside the allowed sizes", contracts=(Contract.of("run 4", "set 5"),) * 7)
    bad(NORWEGIAN, "outside the allowed sizes", melds=MeldRules(run_max=4),
        **with_part(NORWEGIAN, "contracts", contracts=(Contract.of("run 5"),) * 7))


def test_mismatched_lengths() -> None:
    bad_part(NORWEGIAN, "contracts", "deal_sizes has 6 entries for 7 contracts", deal_sizes=(10,) * 6)
    bad_part(NORWEGIAN, "contracts", "going_out has 8 entries", going_out=(GoingOut.DISCARD_OPTIONAL,) * 8)
    bad_part(NORWEGIAN, "scoring", "rank_points", rank_points=(1, 2, 3))


def test_contract_bigger_than_a_hand() -> None:
    # 3-4-4 from 9 + 1
    bad_part(NORWEGIAN, "contracts", r"round 6 \(3-4-4\) needs 11 cards but a hand holds 10",
             deal_sizes=(10,) * 5 + (9, 11))
    bad_part(ENGLISH, "contracts", "needs 14 cards", contracts=(Contract.of("run 14"),) * 7)


def test_set_and_run_bounds() -> None:
    bad_part(ENGLISH, "melds", r"set_max must be None or set_min \(3\) to 1000, got 2", set_max=2)
    bad_part(NORWEGIAN, "melds", r"run_max must be an integer from run_min \(4\) to 14, got 3", run_max=3)
    bad_part(NORWEGIAN, "melds", "set_min must be an integer from 2 to 1000, got 1", set_min=1)


def test_ace_must_be_low_or_high() -> None:
    bad_part(NORWEGIAN, "melds", "ace", ace_low=False, ace_high=False)
    attrs.evolve(NORWEGIAN, **with_part(NORWEGIAN, "melds", ace_low=False))
    attrs.evolve(NORWEGIAN, **with_part(NORWEGIAN, "melds", ace_high=False))


@pytest.mark.parametrize(("part", "field"), [
    ("deck", "packs"), ("deck", "jokers"), ("layoffs", "own_meld_delay"), ("buying", "penalty"),
    ("buying", "limit"), ("match", "stock_rebuilds"), ("contracts", "same_suit_run_gap"), ("melds", "min_naturals"),
])
def test_negative_params(part: str, field: str) -> None:
    bad_part(NORWEGIAN, part, field, **{field: -1})


@pytest.mark.parametrize("field", ["min_players", "max_players"])
def test_negative_player_counts(field: str) -> None:
    bad(NORWEGIAN, field, **{field: -1})


def test_other_impossible_configs() -> None:
    bad_part(NORWEGIAN, "deck", "pack", packs=0)
    bad_part(NORWEGIAN, "contracts", "deal size", deal_sizes=(10,) * 6 + (0,))
    bad_part(NORWEGIAN, "contracts", "at least one contract", contracts=(), deal_sizes=(), going_out=())
    with pytest.raises(VariantError, match="name"):
        attrs.evolve(NORWEGIAN, name="two words")
    with pytest.raises(VariantError, match="name"):
        attrs.evolve(NORWEGIAN, name="")


# -- the registry --------------------------------------------------------------------------


def test_get_and_names() -> None:
    names = remi.variants.names()
    assert names == tuple(sorted(BUILT_INS))
    assert {"english", "norwegian"} <= set(names)
    for name in names:
        assert remi.variants.get(name).name == name
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
    assert remi.variants.names() == tuple(sorted(BUILT_INS | {"house"}))
    assert remi.variants.get("house") is house
    with pytest.raises(VariantError, match="already registered"):
        remi.variants.register(attrs.evolve(NORWEGIAN, name="house", buying=Buying()))
    with pytest.raises(VariantError, match="already registered"):
        remi.variants.register(attrs.evolve(NORWEGIAN, buying=Buying()))  # "norwegian" is a built-in
    replacement = attrs.evolve(house, buying=Buying())
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

    @settings(max_examples=100, deadline=None, derandomize=True, database=None)
    @given(variants())
    def draw(variant: Variant) -> None:
        seen.add(variant.name)

    draw()
    assert seen == BUILT_INS | {"house"}
    assert remi.variants.get("house") is house


# -- entry-point plugins ----------------------------------------------------------------------

THREE_SETS = """
import attrs

from remi import Contract, Contracts
from remi.variants.norwegian import NORWEGIAN

THREE_SETS = attrs.evolve(
    NORWEGIAN,
    name="three-sets",
    title="Three sets every round (house rule)",
    contracts=Contracts(contracts=(Contract.of("set 3", "set 3", "set 3", name="3-3-3"),), deal_sizes=(10,)),
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
    assert remi.variants.names() == tuple(sorted(BUILT_INS | {"three-sets"}))
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

    @settings(max_examples=100, deadline=None, derandomize=True, database=None)
    @given(variants())
    def draw(variant: Variant) -> None:
        seen.add(variant.name)

    draw()
    assert seen == BUILT_INS | {"three-sets"}


BROKEN = {
    "raises": ("raise RuntimeError('boom')\n", "{module}:VARIANT", "failed to load"),
    "not-a-variant": ("VARIANT = 42\n", "{module}:VARIANT", "not a Variant"),
    "missing-attribute": ("OTHER = 1\n", "{module}:VARIANT", "failed to load"),
    "missing-module": ("", "remi_plugin_nowhere:VARIANT", "failed to load"),
    "misnamed": (THREE_SETS, "{module}:THREE_SETS", "names itself 'three-sets'"),
    "bad-config": ("import attrs\nfrom remi.variants.norwegian import NORWEGIAN\n"
                   "VARIANT = attrs.evolve(NORWEGIAN, name='bad-config', deck=attrs.evolve(NORWEGIAN.deck, packs=0))\n",
                   "{module}:VARIANT", "at least one pack"),
    "bad-rules": ("import attrs\nfrom remi import Buying\nfrom remi.variants.norwegian import NORWEGIAN\n"
                  "VARIANT = attrs.evolve(NORWEGIAN, name='bad-rules', buying=Buying(enabled=True, limit=-1))\n",
                  "{module}:VARIANT", "buying: limit"),
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
