"""Rules as data: ``Variant.to_dict`` / ``Variant.from_dict``, and games that carry their rules.

A variant round-trips through plain JSON; part classes named in data are resolved among known
classes only, never imported; every malformed input is a typed refusal naming the part and the
field; a snapshot or record of a house variant loads with no variant passed.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remi
from remi import GameState, Reason, RemiError, SerializationError, Variant, VariantError, read_record, write_record
from remi.variants.english import EnglishScoring

BUILT_INS = ("norwegian", "english", "liverpool", "liverpool-project", "shanghai", "shanghai-family", "mayi")
NORWEGIAN = remi.variants.get("norwegian")


def _house() -> Variant:
    return attrs.evolve(NORWEGIAN, name="house", buying=attrs.evolve(NORWEGIAN.buying, limit=3))


def _played(variant: Variant, actions: int = 30, players: int = 3) -> GameState:
    game = remi.new_game(variant, players=players, seed=11)
    for _ in range(actions):
        if game.is_over:
            break
        game = game.apply(game.legal_actions()[0])
    return game


@attrs.frozen(kw_only=True)
class Halved(remi.Scoring):
    """Cards left in hand cost half (a test hook)."""

    def card_points(self, card: remi.Card) -> int:
        return super().card_points(card) // 2


# -- round trips ---------------------------------------------------------------------------------------


def test_the_built_ins_are_the_seven_named_in_the_issue() -> None:
    assert set(BUILT_INS) <= set(remi.variants.names())


@pytest.mark.parametrize("name", BUILT_INS)
def test_every_built_in_round_trips_to_an_equal_variant_with_an_equal_fingerprint(name: str) -> None:
    variant = remi.variants.get(name)
    data = json.loads(json.dumps(variant.to_dict()))  # through JSON text: plain data only
    again = Variant.from_dict(data)
    assert again == variant
    assert again.fingerprint == variant.fingerprint
    assert again.to_dict() == data


@pytest.mark.parametrize("name", BUILT_INS)
def test_the_dict_holds_every_part_field_and_the_labels(name: str) -> None:
    variant = remi.variants.get(name)
    data = variant.to_dict()
    assert {"name", "version", "title", "min_players", "max_players", "recommended_players", "references",
            "legacy_fingerprints"} <= set(data)
    for field in attrs.fields(Variant):
        value = getattr(variant, field.name)
        if field.init and attrs.has(type(value)):
            expected = {f.alias for f in attrs.fields(type(value)) if f.init}
            assert set(data[field.name]) - {"class"} == expected


def test_enums_are_values_contracts_are_readable_and_tuples_are_lists() -> None:
    data = remi.variants.get("liverpool").to_dict()
    assert data["match"]["schedule"] == "rounds"
    assert data["swaps"]["who"] in {"anyone", "down", "not-down"}
    first = data["contracts"]["contracts"][0]
    assert set(first) == {"name", "requirements"} and all(isinstance(text, str) for text in first["requirements"])
    assert isinstance(data["scoring"]["rank_points"], list)
    assert data["buying"]["limit"] is None or isinstance(data["buying"]["limit"], int)


def test_a_subclassed_part_is_named_by_its_class_and_a_plain_part_is_not() -> None:
    data = remi.variants.get("english").to_dict()
    assert data["scoring"]["class"] == "remi.variants.english.EnglishScoring"
    assert data["layoffs"]["class"] == "remi.variants.english.EnglishLayOffs"
    assert "class" not in data["buying"] and "class" not in NORWEGIAN.to_dict()["scoring"]


def test_a_house_variant_round_trips_and_fields_left_out_take_their_defaults() -> None:
    house = _house()
    assert Variant.from_dict(house.to_dict()) == house
    minimal = Variant.from_dict({"name": "tiny", "contracts": {"contracts": [{"requirements": ["set 3"]}],
                                                               "deal_sizes": [10]}})
    assert minimal.buying == remi.Buying() and minimal.contracts[0].name == "set 3"


# -- classes: resolved among known ones, never imported ------------------------------------------------


def test_a_class_named_by_an_unimported_module_is_refused_and_the_module_stays_unimported() -> None:
    assert "this" not in sys.modules  # the standard library's "this" prints when imported
    data = NORWEGIAN.to_dict()
    data["scoring"] = {**data["scoring"], "class": "this.Scoring"}
    with pytest.raises(VariantError) as caught:
        Variant.from_dict(data)
    assert caught.value.reason is Reason.BAD_VARIANT
    assert "'this.Scoring'" in str(caught.value) and "scoring.class" in str(caught.value)
    assert "this" not in sys.modules


def test_a_class_of_an_unknown_module_is_refused_naming_it() -> None:
    data = NORWEGIAN.to_dict()
    data["layoffs"] = {**data["layoffs"], "class": "evil_package.payload.LayOffs"}
    with pytest.raises(VariantError, match=r"layoffs\.class: 'evil_package\.payload\.LayOffs' is no part class"):
        Variant.from_dict(data)
    assert "evil_package" not in sys.modules


def test_a_known_class_of_another_part_is_refused() -> None:
    data = NORWEGIAN.to_dict()
    data["scoring"] = {**data["scoring"], "class": "remi.variants.english.EnglishLayOffs"}
    with pytest.raises(VariantError, match=r"scoring\.class: .* is not a Scoring class"):
        Variant.from_dict(data)


def test_a_class_passed_in_allow_is_accepted_and_otherwise_refused() -> None:
    halved = attrs.evolve(NORWEGIAN, name="halved", scoring=Halved())
    data = halved.to_dict()
    assert data["scoring"]["class"] == f"{__name__}.Halved"
    with pytest.raises(VariantError, match="is no part class"):
        Variant.from_dict(data)
    again = Variant.from_dict(data, allow=(Halved,))
    assert again == halved and again.fingerprint == halved.fingerprint


def test_a_class_of_a_registered_variant_is_known(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remi.variants, "_registered", {})
    halved = remi.variants.register(attrs.evolve(NORWEGIAN, name="halved", scoring=Halved()))
    assert Variant.from_dict(halved.to_dict()) == halved


def test_the_base_class_may_be_named() -> None:
    data = NORWEGIAN.to_dict()
    data["scoring"] = {**data["scoring"], "class": "remi.parts.Scoring"}
    assert Variant.from_dict(data) == NORWEGIAN


def test_allow_must_hold_classes() -> None:
    data = attrs.evolve(NORWEGIAN, name="halved", scoring=Halved()).to_dict()
    with pytest.raises(RemiError) as caught:
        Variant.from_dict(data, allow=("tests.Halved",))  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT


def test_english_scoring_is_resolved_from_the_built_ins() -> None:
    data = remi.variants.get("english").to_dict()
    assert type(Variant.from_dict(data).scoring) is EnglishScoring


# -- malformed input: typed refusals naming the part and the field -------------------------------------


def _with(path: tuple[str, ...], value: object) -> dict[str, Any]:
    data = NORWEGIAN.to_dict()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


MALFORMED = [
    (("buying", "limit"), "three", "buying.limit"),
    (("buying", "limit"), True, "buying.limit"),
    (("buying", "limit"), 3.0, "buying.limit"),
    (("buying", "limit"), -1, "limit"),
    (("buying", "limit"), [3], "buying.limit"),
    (("buying", "enabled"), "yes", "buying.enabled"),
    (("buying", "enabled"), 1, "buying.enabled"),
    (("buying", "timing"), "whenever", "buying.timing"),
    (("buying", "timing"), 0, "buying.timing"),
    (("buying", "timing"), None, "buying.timing"),
    (("buying", "penalty"), 10**400, "penalty"),
    (("deck", "packs"), 10**30, "packs"),
    (("deck", "packs"), -(10**30), "packs"),
    (("deck", "by_players"), {"5": [3, 6]}, "deck.by_players"),
    (("deck", "by_players"), [[5, [3]]], "deck.by_players[0][1]"),
    (("deck", "by_players"), [[5, [3, 6]], [5, [3, 6]]], "by_players"),
    (("melds", "twos"), "sometimes", "melds.twos"),
    (("melds", "set_min"), 1, "set_min"),
    (("melds", "run_max"), 99, "run_max"),
    (("contracts", "contracts"), "set 3", "contracts.contracts"),
    (("contracts", "contracts"), [], "contracts"),
    (("contracts", "contracts"), ["set 3"], "contracts.contracts[0]"),
    (("contracts", "contracts"), [{"requirements": ["pair 2"]}], "contracts.contracts[0]"),
    (("contracts", "contracts"), [{"requirements": "set 3"}], "contracts.contracts[0].requirements"),
    (("contracts", "contracts"), [{"requirements": ["set 3"], "bonus": 1}], "bonus"),
    (("contracts", "contracts"), [{"requirements": ["set 99999999999"]}], "contracts.contracts[0]"),
    (("contracts", "deal_sizes"), [10], "deal_sizes"),
    (("contracts", "going_out"), ["all-in"], "going_out"),
    (("contracts", "going_out"), "discard-optional", "contracts.going_out"),
    (("contracts", "going_out"), ["sideways"] * 7, "contracts.going_out[0]"),
    (("scoring", "rank_points"), [1, 2, 3], "rank_points"),
    (("scoring", "rank_points"), [[1]] * 13, "scoring.rank_points[0]"),
    (("scoring",), [1, 2], "scoring"),
    (("scoring",), "EnglishScoring", "scoring"),
    (("scoring",), None, "scoring"),
    (("scoring", "class"), 42, "scoring.class"),
    (("references",), ["layoff.down", "N16"], "references"),
    (("references",), {"layoff.down": 16}, "references"),
    (("references",), {"no.such.rule": "N1"}, "no.such.rule"),
    (("legacy_fingerprints",), "abc", "legacy_fingerprints"),
    (("legacy_fingerprints",), [1], "legacy_fingerprints[0]"),
    (("recommended_players",), [3], "recommended_players"),
    (("min_players",), "2", "min_players"),
    (("max_players",), 10**100, "max_players"),
    (("name",), "two words", "name"),
    (("name",), None, "name"),
    (("version",), 1, "version"),
    (("match", "schedule"), "LEVELS", "match.schedule"),
    (("match", "schedule"), {"value": "levels"}, "match.schedule"),
]


@pytest.mark.parametrize(("path", "value", "named"), MALFORMED)
def test_malformed_rules_are_a_typed_refusal_naming_the_field(path: tuple[str, ...], value: object,
                                                               named: str) -> None:
    with pytest.raises(VariantError) as caught:
        Variant.from_dict(_with(path, value))
    assert isinstance(caught.value.reason, Reason)
    assert named in str(caught.value)


@pytest.mark.parametrize(("data", "named"), [
    ({**NORWEGIAN.to_dict(), "buyng": {}}, "'buyng'"),
    ({**NORWEGIAN.to_dict(), "buying": {"limt": 3}}, "buying has no field 'limt'"),
    ({**NORWEGIAN.to_dict(), "contracts": {"deal_sizes": [10]}}, "contracts must give contracts"),
    ({"contracts": NORWEGIAN.to_dict()["contracts"]}, "must give name"),
])
def test_unknown_keys_and_missing_fields_are_refused_by_name(data: dict[str, Any], named: str) -> None:
    with pytest.raises(VariantError) as caught:
        Variant.from_dict(data)
    assert named in str(caught.value)


@pytest.mark.parametrize("data", [None, [], "norwegian", 3, NORWEGIAN])
def test_rules_that_are_not_a_table_are_refused(data: object) -> None:
    with pytest.raises(VariantError, match="rules are a table of fields"):
        Variant.from_dict(data)  # type: ignore[arg-type]


_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=10**18) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
_PATHS = [(part, field) for part, value in NORWEGIAN.to_dict().items() if isinstance(value, dict)
          for field in value] + [(key,) for key in NORWEGIAN.to_dict()]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(_PATHS), junk=_JUNK)
def test_junk_anywhere_is_read_or_refused_with_a_typed_error(path: tuple[str, ...], junk: object) -> None:
    try:
        variant = Variant.from_dict(_with(path, junk))
    except RemiError as error:
        assert isinstance(error.reason, Reason) and str(error)
    else:
        assert Variant.from_dict(variant.to_dict()) == variant


# -- games carry their rules ---------------------------------------------------------------------------


def test_a_house_snapshot_loads_with_no_variant_passed() -> None:
    house = _house()
    game = _played(house)
    text = game.to_json()
    data = json.loads(text)
    assert data["format_version"] == 3 and data["variant"]["rules"] == house.to_dict()
    again = GameState.from_json(text)
    assert again == game and again.variant == house and again.variant.fingerprint == house.fingerprint
    assert GameState.from_json(text, variant=house) == game


def test_a_house_record_loads_with_no_variant_passed() -> None:
    house = _house()
    game = _played(house)
    record = write_record(game)
    assert record.startswith('[Format "3"]\n') and "\n[RulesData {" in record
    again = read_record(record)
    assert again == game and again.variant == house


@pytest.mark.parametrize("name", BUILT_INS)
def test_a_built_in_game_is_still_referenced_by_name_in_format_2(name: str) -> None:
    game = _played(remi.variants.get(name), actions=5)
    data = json.loads(game.to_json())
    assert data["format_version"] == 2 and set(data["variant"]) == {"name", "version"}
    record = write_record(game)
    assert record.startswith('[Format "2"]\n') and "RulesData" not in record


def test_a_variant_registered_under_its_name_with_other_rules_embeds_its_rules() -> None:
    impostor = attrs.evolve(NORWEGIAN, buying=attrs.evolve(NORWEGIAN.buying, limit=1))  # still "norwegian"
    game = _played(impostor)
    data = json.loads(game.to_json())
    assert data["variant"]["rules"]["buying"]["limit"] == 1
    assert GameState.from_json(game.to_json()).variant == impostor
    assert read_record(write_record(game)).variant == impostor


def test_a_registered_house_variant_is_referenced_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remi.variants, "_registered", {})
    house = remi.variants.register(_house())
    game = _played(house)
    assert "rules" not in json.loads(game.to_json())["variant"]
    assert GameState.from_json(game.to_json()) == game


def test_embedded_rules_resolve_classes_as_from_dict_does() -> None:
    halved = attrs.evolve(NORWEGIAN, name="halved", scoring=Halved())
    game = _played(halved)
    with pytest.raises(SerializationError) as caught:
        GameState.from_json(game.to_json())
    assert caught.value.reason is Reason.BAD_VARIANT and "is no part class" in str(caught.value)
    with pytest.raises(VariantError, match=r"RulesData: .*is no part class"):
        read_record(write_record(game))
    assert GameState.from_json(game.to_json(), variant=halved) == game
    assert read_record(write_record(game), variant=halved) == game


def test_a_snapshot_with_a_planted_class_imports_nothing() -> None:
    data = json.loads(_played(_house()).to_json())
    data["variant"]["rules"]["scoring"]["class"] = "this.Scoring"
    with pytest.raises(SerializationError, match=r"'this\.Scoring'"):
        GameState.from_json(json.dumps(data))
    assert "this" not in sys.modules


def test_rules_in_a_format_2_snapshot_are_refused() -> None:
    data = json.loads(_played(_house()).to_json())
    data["format_version"] = 2
    with pytest.raises(SerializationError, match="rules"):
        GameState.from_json(json.dumps(data))


def test_a_record_whose_rules_data_disagrees_with_its_fingerprint_is_refused() -> None:
    record = write_record(_played(_house()))
    tampered = record.replace('"limit":3', '"limit":2')
    assert tampered != record
    with pytest.raises(VariantError) as caught:
        read_record(tampered)
    assert caught.value.reason is Reason.RULES_MISMATCH


@pytest.mark.parametrize("value", ["[]", '"rules"', "3", "null"])
def test_a_rules_data_header_that_is_not_an_object_is_refused_on_its_line(value: str) -> None:
    record = write_record(_played(_house(), actions=2))
    lines = [f"[RulesData {value}]" if line.startswith("[RulesData ") else line for line in record.splitlines()]
    with pytest.raises(remi.NotationError) as caught:
        read_record("\n".join(lines))
    assert caught.value.line == 5 and "RulesData" in str(caught.value)


@attrs.frozen(kw_only=True)
class Doubled(remi.Scoring):
    """Cards left in hand cost double (the hook of a pretend installed plugin)."""

    def card_points(self, card: remi.Card) -> int:
        return super().card_points(card) * 2


class _PluginEntryPoint:
    """Stands for an installed package's ``remi.variants`` entry point."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def load(self) -> Variant:
        return self.variant


def test_a_class_of_an_installed_plugin_is_known(monkeypatch: pytest.MonkeyPatch) -> None:
    doubled = attrs.evolve(NORWEGIAN, name="doubled", scoring=Doubled())
    data = doubled.to_dict()
    with pytest.raises(VariantError, match="is no part class"):
        Variant.from_dict(data)
    monkeypatch.setattr(remi.variants, "_entry_points", lambda: {"doubled": _PluginEntryPoint(doubled)})
    monkeypatch.setattr(remi.variants, "_loaded", {})
    assert Variant.from_dict(data) == doubled


def test_a_broken_plugin_does_not_stop_reading_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def load(self) -> object:
            raise ImportError("no such module")

    monkeypatch.setattr(remi.variants, "_entry_points", lambda: {"broken": Broken()})
    monkeypatch.setattr(remi.variants, "_loaded", {})
    data = remi.variants.get("english").to_dict()
    assert Variant.from_dict(data) == remi.variants.get("english")
