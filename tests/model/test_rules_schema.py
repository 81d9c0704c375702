"""The schema of a variant as data: every built-in validates; bounds, defaults and descriptions are the parts' own."""

from __future__ import annotations

from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest

import remi
from remi import Variant, VariantError
from remi._ruledata import BOUNDS

BUILT_INS = ("norwegian", "english", "liverpool", "liverpool-project", "shanghai", "shanghai-family", "mayi")
NORWEGIAN = remi.variants.get("norwegian")
SCHEMA = remi.variants.schema()


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("name", BUILT_INS)
def test_every_built_in_validates_against_the_schema(name: str) -> None:
    jsonschema.Draft202012Validator(SCHEMA).validate(remi.variants.get(name).to_dict())


def test_every_field_of_every_part_is_in_the_schema_with_a_type_and_a_description() -> None:
    properties = SCHEMA["properties"]
    for field in attrs.fields(Variant):
        if not field.init:
            continue
        assert field.name in properties, field.name
        assert properties[field.name].get("description"), field.name
        value = getattr(NORWEGIAN, field.name)
        if attrs.has(type(value)):
            part = properties[field.name]["properties"]
            for part_field in attrs.fields(type(value)):
                entry = part[part_field.alias]
                assert entry.get("description"), f"{field.name}.{part_field.alias}"
                assert "type" in entry or "anyOf" in entry, f"{field.name}.{part_field.alias}"


def test_descriptions_come_from_the_attributes_sections_as_plain_text() -> None:
    deck = SCHEMA["properties"]["deck"]
    assert deck["properties"]["jokers"]["description"] == "The jokers used then."
    assert SCHEMA["properties"]["deck"]["description"].startswith("Packs and jokers")
    for part in SCHEMA["properties"].values():
        for entry in part.get("properties", {}).values():
            text = entry.get("description", "")
            assert "``" not in text and ":class:" not in text and ":attr:" not in text, text


def test_defaults_are_the_parts_defaults_as_data() -> None:
    buying = SCHEMA["properties"]["buying"]["properties"]
    assert buying["limit"]["default"] is None and buying["timing"]["default"] == "after-draw"
    assert SCHEMA["properties"]["scoring"]["properties"]["rank_points"]["default"] == list(remi.Scoring().rank_points)
    assert SCHEMA["properties"]["version"]["default"] == "1"


def test_a_dict_with_an_unknown_key_or_an_unknown_enum_value_fails_the_schema() -> None:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    data = NORWEGIAN.to_dict()
    data["buying"]["limt"] = 3
    assert not validator.is_valid(data)
    data = NORWEGIAN.to_dict()
    data["match"]["schedule"] = "weekly"
    assert not validator.is_valid(data)
    data = NORWEGIAN.to_dict()
    data["contracts"]["contracts"][0]["requirements"] = ["pair 2"]
    assert not validator.is_valid(data)


def _schema_of(key: str) -> dict[str, Any]:
    part, _, field = key.rpartition(".")
    entry: dict[str, Any] = SCHEMA["properties"][part]["properties"][field] if part else SCHEMA["properties"][field]
    while "anyOf" in entry or "items" in entry:
        if "anyOf" in entry:
            entry = entry["anyOf"][0]
        else:
            entry = entry["prefixItems"][0] if "prefixItems" in entry else entry["items"]
    return entry


#: Companion fields a value needs to stand alone (set_max is at least set_min, run_max at least run_min).
COMPANIONS: dict[str, Any] = {
    "melds.set_min": lambda value: {"set_max": None},
    "melds.set_max": lambda value: {"set_min": 2},
    "melds.run_min": lambda value: {"run_max": 14},
    "melds.run_max": lambda value: {"run_min": 2},
}


def _built(key: str, value: int) -> object:
    """The part (or, for a variant field, the variant) with the integer field ``key`` set to ``value``."""
    part, _, field = key.rpartition(".")
    if not part:
        if key == "recommended_players":
            return attrs.evolve(NORWEGIAN, recommended_players=(value, max(value, 2) + 1))
        big = remi.Deck(packs=8)  # enough cards for 16 players
        players: dict[str, Any] = {"min_players": 2, "max_players": max(value, 2), field: value}
        return attrs.evolve(NORWEGIAN, deck=big, **players)
    current = getattr(getattr(NORWEGIAN, part), field)
    changes = {field: (value,) * len(current) if isinstance(current, tuple) else value}
    companion = COMPANIONS.get(key)
    if companion is not None:
        changes.update(companion(value))
    return attrs.evolve(getattr(NORWEGIAN, part), **changes)


@pytest.mark.parametrize("key", sorted(BOUNDS))
def test_each_schema_bound_is_the_parts_own_validation(key: str) -> None:
    low, high = BOUNDS[key]
    entry = _schema_of(key)
    assert entry.get("minimum") == low and entry.get("maximum") == high
    if low is not None:
        with pytest.raises(VariantError):
            _built(key, low - 1)
        _built(key, low)  # the bound itself is accepted
    if high is not None:
        with pytest.raises(VariantError):
            _built(key, high + 1)
        _built(key, high)


def test_the_schema_names_every_rule_key_for_references() -> None:
    assert SCHEMA["properties"]["references"]["propertyNames"]["enum"] == sorted(remi.RULE_KEYS)
