"""Format versions: JSON and game records say which format they are in, and old files still read.

``tests/data/format1`` holds files written by remi 0.2, before format 2:
JSON with ``"format_version": 1`` and records without a ``Format`` header.
They must read, replay to the same state, and be written again as format 2.
A format this remi does not read is refused with reason ``UNSUPPORTED_FORMAT``.
"""

from __future__ import annotations

import json
import pickle
from typing import Any, cast

import attrs
import pytest

import remi
from locations import DATA
from remi import GameState, NotationError, Reason, SerializationError, VariantError, read_record, write_record
from remi._engine.serialize import _DEAL_KEYS, FORMAT_VERSION
from remi.actions import Buy, LayDown, LayOff, SwapJoker

FORMAT1 = DATA / "format1"
FILES = ["norwegian-midgame", "norwegian-finished", "english-midgame", "english-finished"]
#: The fingerprints remi 0.2 computed, which the format-1 records carry.
FINGERPRINTS_0_2 = {"norwegian": "74dd975bdb75902f", "english": "0a7e7aa35846e947"}
KNOWN = "this remi reads formats 1, 2 and 3"


def _json(name: str) -> str:
    return (FORMAT1 / f"{name}.json").read_text(encoding="utf-8")


def _record(name: str) -> str:
    return (FORMAT1 / f"{name}.rec").read_text(encoding="utf-8")


def _replayed(state: GameState) -> GameState:
    """``state`` rebuilt by hand: new_game from its start, then each action of its history."""
    args: dict[str, Any] = dict(state.start)
    args.pop("version")
    game = remi.new_game(args.pop("variant"), **args)
    for action in state.history:
        game = game.apply(action)
    return game


def _moved(variant: remi.Variant, legacy: frozenset[str] = frozenset()) -> remi.Variant:
    """The same rules, but with another fingerprint and the given ``legacy_fingerprints``.

    A plain subclass, so that its instances take an attribute whether or not
    ``Variant`` has a ``legacy_fingerprints`` field.
    """
    cls = type(variant)
    moved_cls = type("Moved", (cls,), {"fingerprint": property(lambda self: "feedfacefeedface")})
    moved = moved_cls(**{field.alias: getattr(variant, field.name) for field in attrs.fields(cls) if field.init})
    object.__setattr__(moved, "legacy_fingerprints", legacy)
    return cast(remi.Variant, moved)


# -- the format-1 files --------------------------------------------------------------------------------


def test_the_format1_files_are_what_they_claim() -> None:
    for name in FILES:
        data = json.loads(_json(name))
        assert data["format"] == "remi-state" and data["format_version"] == 1
        assert not _record(name).startswith("[Format ")
        assert f'[Rules "{FINGERPRINTS_0_2[data["variant"]["name"]]}"]' in _record(name)
    norwegian = GameState.from_json(_json("norwegian-midgame"))
    assert not norwegian.is_over and 20 <= len(norwegian.history) <= 100
    assert {Buy, LayDown} <= {type(action) for action in norwegian.history}
    english = GameState.from_json(_json("english-midgame"))  # english has no buying
    assert not english.is_over and {LayDown, LayOff, SwapJoker} <= {type(action) for action in english.history}
    for name in ("norwegian-finished", "english-finished"):
        assert GameState.from_json(_json(name)).is_over


@pytest.mark.parametrize("name", FILES)
def test_a_format1_json_reads_and_replays_to_the_same_state(name: str) -> None:
    state = GameState.from_json(_json(name))
    assert state == _replayed(state)
    assert state == read_record(_record(name))


@pytest.mark.parametrize("name", FILES)
def test_a_format1_record_reads_and_replays_to_the_same_state(name: str) -> None:
    state = read_record(_record(name))
    assert state == _replayed(state)
    assert state == GameState.from_json(_json(name))


@pytest.mark.parametrize("name", FILES)
def test_a_format1_json_is_written_again_as_format2(name: str) -> None:
    old = json.loads(_json(name))
    state = GameState.from_json(_json(name))
    text = state.to_json()
    new = json.loads(text)
    assert new["format_version"] == 2
    # the same layout but for the version (and what format 2 adds to a deal result)
    assert {key: new[key] for key in old if key not in ("format_version", "last_deal")} == {
        key: value for key, value in old.items() if key not in ("format_version", "last_deal")
    }
    if old["last_deal"] is None:
        assert new["last_deal"] is None
    else:
        assert {key: new["last_deal"][key] for key in old["last_deal"]} == old["last_deal"]
    assert GameState.from_json(text) == state


@pytest.mark.parametrize("name", FILES)
def test_a_format1_record_is_written_again_as_format2(name: str) -> None:
    state = read_record(_record(name))
    record = write_record(state)
    assert record.startswith('[Format "2"]\n')
    assert read_record(record) == state

    def without_rules(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("[Rules ")]

    assert without_rules(record) == ['[Format "2"]', *without_rules(_record(name))]


@pytest.mark.parametrize("name", FILES)
def test_a_format1_record_names_its_format_explicitly_too(name: str) -> None:
    assert read_record('[Format "1"]\n' + _record(name)) == read_record(_record(name))


# -- what this remi writes -----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["norwegian", "english"])
def test_to_json_carries_format_2(variant: str) -> None:
    data = json.loads(remi.new_game(variant, players=3, seed=4).to_json())
    assert data["format"] == "remi-state"
    assert data["format_version"] == 2 and type(data["format_version"]) is int


@pytest.mark.parametrize("variant", ["norwegian", "english"])
def test_a_record_starts_with_the_format_header(variant: str) -> None:
    game = remi.new_game(variant, players=3, seed=4)
    record = write_record(game)
    assert record.splitlines()[0] == '[Format "2"]' and record.count("[Format ") == 1
    assert read_record(record) == game


# -- formats this remi does not read -------------------------------------------------------------------


@pytest.mark.parametrize("version", [4, 7, 0, -1, 10**30])
def test_json_of_an_unknown_format_is_refused(version: int) -> None:
    data = json.loads(_json("norwegian-midgame"))
    data["format_version"] = version
    data["a_field_of_that_format"] = True  # refused for its format, not for this field
    with pytest.raises(SerializationError) as caught:
        GameState.from_json(json.dumps(data))
    assert caught.value.reason is Reason.UNSUPPORTED_FORMAT
    assert str(caught.value).startswith(f"this JSON is format {version}; {KNOWN} (")
    assert ("upgrade remi" in str(caught.value)) is (version > 3)


@pytest.mark.parametrize("version", ["2", "1", 2.0, 1.5, True, False, None, [2], {"v": 2}, "", "format 2"])
def test_json_with_a_garbage_format_is_refused(version: object) -> None:
    data = json.loads(_json("english-midgame"))
    data["format_version"] = version
    with pytest.raises(SerializationError) as caught:
        GameState.from_json(json.dumps(data))
    assert caught.value.reason is Reason.UNSUPPORTED_FORMAT
    assert "not a format number" in str(caught.value) and KNOWN in str(caught.value)


def test_json_without_a_format_version_is_refused() -> None:
    data = json.loads(_json("english-midgame"))
    del data["format_version"]
    with pytest.raises(SerializationError) as caught:
        GameState.from_json(json.dumps(data))
    assert caught.value.reason is Reason.UNSUPPORTED_FORMAT
    assert str(caught.value) == f"this JSON has no 'format_version'; {KNOWN}"


def test_json_that_is_not_a_remi_state_is_still_refused_as_such() -> None:
    data = json.loads(_json("english-midgame"))
    data["format"] = 2
    with pytest.raises(SerializationError) as caught:
        GameState.from_json(json.dumps(data))
    assert caught.value.reason is Reason.BAD_JSON
    assert "not a remi state" in str(caught.value)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ('"4"', 'the record is format "4"; this remi reads formats "1", "2" and "3" (upgrade remi)'),
        ('"10"', 'the record is format "10"; this remi reads formats "1", "2" and "3" (upgrade remi)'),
        ('"0"', 'the record is format "0"; this remi reads formats "1", "2" and "3" (no remi writes it)'),
        ('"x"', "(no remi writes it)"),
        ('"2.0"', "(no remi writes it)"),
        ('" 2"', "(no remi writes it)"),
        ('"\u0662"', "(no remi writes it)"),  # an Arabic-Indic two
        ('"99999999999999999999999"', "(no remi writes it)"),
        ("2", 'the value of Format must be a string such as "2", got 2'),
        ("null", 'the value of Format must be a string such as "2", got null'),
        ('["2"]', "must be a string"),
        ("2x", "must be a string"),
        ("", "must be a string"),
    ],
)
def test_a_record_of_an_unknown_format_is_refused_on_its_line(value: str, fragment: str) -> None:
    record = f"[Format {value}]\n" + _record("norwegian-midgame")
    with pytest.raises(NotationError) as caught:
        read_record(record)
    error = caught.value
    assert error.reason is Reason.UNSUPPORTED_FORMAT
    assert error.line == 1 and error.position == len("[Format ")
    assert str(error).startswith("line 1: ") and fragment in str(error)
    assert 'this remi reads formats "1", "2" and "3"' in str(error)


def test_the_format_header_is_read_before_the_rest_of_the_record() -> None:
    # a newer format may bring headers this remi does not know: the format is what is refused
    record = '# from a newer remi\n\n[Format "4"]\n[Variant "norwegian"]\n[Weather "fair"]\n0: fly\n'
    with pytest.raises(NotationError) as caught:
        read_record(record)
    assert caught.value.reason is Reason.UNSUPPORTED_FORMAT and caught.value.line == 3


def test_a_format_header_elsewhere_in_the_header_is_refused_on_its_line() -> None:
    lines = _record("english-midgame").splitlines()
    lines.insert(3, '[Format "4"]')
    with pytest.raises(NotationError) as caught:
        read_record("\n".join(lines))
    assert caught.value.reason is Reason.UNSUPPORTED_FORMAT and caught.value.line == 4


def test_a_second_format_header_is_refused() -> None:
    record = write_record(remi.new_game("norwegian", players=3, seed=4))
    with pytest.raises(NotationError) as caught:
        read_record('[Format "2"]\n' + record)
    assert caught.value.reason is Reason.BAD_NOTATION and "second Format header" in str(caught.value)


def test_the_unsupported_format_refusal_pickles_with_its_reason() -> None:
    with pytest.raises(NotationError) as caught:
        read_record('[Format "4"]\n')
    clone = pickle.loads(pickle.dumps(caught.value))
    assert type(clone) is NotationError and clone.reason is Reason.UNSUPPORTED_FORMAT
    assert (str(clone), clone.token, clone.position, clone.line) == (
        str(caught.value), '"4"', caught.value.position, 1,
    )


# -- the rules fingerprint of old records --------------------------------------------------------------


@pytest.mark.parametrize("name", ["norwegian-midgame", "english-finished"])
def test_a_format1_record_with_a_wrong_fingerprint_is_refused(name: str) -> None:
    variant = name.partition("-")[0]
    record = _record(name).replace(FINGERPRINTS_0_2[variant], "0123456789abcdef")
    with pytest.raises(VariantError) as caught:
        read_record(record)
    assert caught.value.reason is Reason.RULES_MISMATCH
    message = str(caught.value)
    assert message.startswith("line 3: the record was played under the rules with fingerprint 0123456789abcdef")
    assert remi.variants.get(variant).fingerprint in message and "pass variant=" in message


@pytest.mark.parametrize("name", ["norwegian-midgame", "english-midgame", "english-finished"])
def test_a_format1_record_replays_under_a_legacy_fingerprint(name: str) -> None:
    variant = remi.variants.get(name.partition("-")[0])
    fingerprint = FINGERPRINTS_0_2[variant.name]
    moved = _moved(variant, frozenset({"00000000deadbeef", fingerprint}))
    assert moved.fingerprint != fingerprint
    state = read_record(_record(name), variant=moved)
    assert state.variant is moved
    assert state == GameState.from_json(_json(name), variant=moved)
    assert state.history == read_record(_record(name)).history
    # written again, it carries the variant's fingerprint of today, and (rules the registry does not
    # know by that fingerprint) the rules themselves: format 3
    record = write_record(state)
    assert record.startswith('[Format "3"]\n') and '[Rules "feedfacefeedface"]' in record
    assert read_record(record, variant=moved) == state


def test_a_legacy_fingerprint_is_accepted_for_format1_records_only() -> None:
    variant = remi.variants.get("norwegian")
    fingerprint = FINGERPRINTS_0_2["norwegian"]
    record = _record("norwegian-midgame")
    for explicit in ("", '[Format "1"]\n'):
        assert read_record(explicit + record, variant=_moved(variant, frozenset({fingerprint}))).history
    with pytest.raises(VariantError) as caught:
        read_record('[Format "2"]\n' + record, variant=_moved(variant, frozenset({fingerprint})))
    assert caught.value.reason is Reason.RULES_MISMATCH
    assert "line 4: " in str(caught.value) and "feedfacefeedface" in str(caught.value)


def test_a_format1_record_whose_fingerprint_is_not_a_legacy_one_is_refused() -> None:
    variant = remi.variants.get("norwegian")
    for legacy in (frozenset(), frozenset({"00000000deadbeef"})):
        with pytest.raises(VariantError) as caught:
            read_record(_record("norwegian-midgame"), variant=_moved(variant, legacy))
        assert caught.value.reason is Reason.RULES_MISMATCH
        message = str(caught.value)
        assert f"fingerprint {FINGERPRINTS_0_2['norwegian']}, but" in message and "feedfacefeedface" in message
        assert ("00000000deadbeef" in message) is bool(legacy)  # the earlier fingerprints are named too


# -- the JSON of a deal result -------------------------------------------------------------------------


def _went_down(state: GameState) -> list[bool]:
    """Per seat, whether its contract was down when the (last) deal ended."""
    return [bool(laid) for laid in state.laid]


@pytest.mark.parametrize("name", ["norwegian-finished", "english-finished"])
def test_format2_json_may_say_who_went_down(name: str) -> None:
    state = GameState.from_json(_json(name))
    assert state.is_over and state.last_deal is not None
    data = json.loads(state.to_json())
    data["last_deal"].setdefault("went_down", _went_down(state))
    assert GameState.from_json(json.dumps(data)) == state


@pytest.mark.parametrize("went_down", [[1, 0, 0], "yes", None, [True, "no", False], {"0": True}])
def test_format2_json_refuses_a_went_down_that_is_not_true_or_false_per_seat(went_down: object) -> None:
    state = GameState.from_json(_json("norwegian-finished"))
    data = json.loads(state.to_json())
    data["last_deal"]["went_down"] = went_down
    with pytest.raises(SerializationError) as caught:
        GameState.from_json(json.dumps(data))
    assert caught.value.reason is Reason.BAD_JSON
    assert "'last_deal' 'went_down' must be a list of true/false" in str(caught.value)


def test_format1_json_has_no_went_down() -> None:
    state = GameState.from_json(_json("norwegian-finished"))
    data = json.loads(_json("norwegian-finished"))
    data["last_deal"]["went_down"] = _went_down(state)
    with pytest.raises(SerializationError) as caught:
        GameState.from_json(json.dumps(data))
    assert caught.value.reason is Reason.BAD_JSON
    assert "'last_deal' has unknown fields: 'went_down'" in str(caught.value)


def test_a_deal_result_field_that_the_files_format_lacks_is_taken_from_the_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """How format-1 files read once DealResult has a field they lack (format 1 as if it had no 'levels')."""
    expected = GameState.from_json(_json("english-finished"))
    old = _DEAL_KEYS[1]
    monkeypatch.setitem(_DEAL_KEYS, 1, tuple(key for key in old if key != "levels"))
    data = json.loads(_json("english-finished"))
    levels = data["last_deal"].pop("levels")
    state = GameState.from_json(json.dumps(data))
    assert state.last_deal is not None and list(state.last_deal.levels) == levels
    assert state == expected
    # the fields the format has are still checked against the replay
    data["last_deal"]["scores"][0] += 1
    with pytest.raises(SerializationError) as caught:
        GameState.from_json(json.dumps(data))
    assert str(caught.value).startswith("'last_deal' does not follow from 'start' and 'history'")


def test_a_deal_result_is_written_with_the_keys_of_the_current_format() -> None:
    state = GameState.from_json(_json("norwegian-finished"))
    last = json.loads(state.to_json())["last_deal"]
    assert tuple(last) == _DEAL_KEYS[FORMAT_VERSION]
    assert set(_DEAL_KEYS[1]) <= set(last)


def test_S15_dead_twos_round_trip_through_json_records_and_pickle() -> None:
    """A dead 2 is written 2D+: in a position's start, in the history's effect, and back (no format change)."""
    family = remi.variants.get("shanghai-family")
    state = remi.new_game(family, players=2, seed=3, dealer=1, levels=[1, 1],
                          hands=["2D 9D 3S 2S+", "4H 5H 9C"], stock="KD 6C 7C", discard_pile="2C+")
    state = state.apply(remi.parse_action("draw"))
    while state.phase is remi.Phase.BUY:
        state = state.apply(remi.parse_action("pass"))
    state = state.apply(remi.parse_action("discard 2D"))
    state = state.apply(remi.parse_action("take"))
    assert remi.parse_card("2D+") in state.hands[1]
    text = state.to_json()
    assert "2S+" in text and "2C+" in text
    for copy in (GameState.from_json(text), read_record(write_record(state)), pickle.loads(pickle.dumps(state))):
        assert copy == state
        assert copy.hands == state.hands and copy.discard_pile == state.discard_pile
    record = write_record(state)
    assert '[Hands ["2D 9D 3S 2S+", "4H 5H 9C"]]' in record
    assert '[DiscardPile "2C+"]' in record
    assert json.loads(text)["format_version"] == FORMAT_VERSION


@pytest.mark.parametrize(
    "text", ["discard 2D+", "layoff 2D+ on 0 low", "swap 2D+ on 1", "down set 7S 7H 7D; run AD 2D+ 3D 4D"]
)
def test_S15_actions_with_a_dead_two_print_and_parse_back(text: str) -> None:
    action = remi.parse_action(text)
    assert str(action) == text
    assert remi.parse_action(str(action)) == action
    assert remi.parse_card("2D+") in (getattr(action, "card", None), *getattr(action, "cards", ()))


def test_S15_a_dead_mark_on_another_card_is_refused_in_an_action() -> None:
    with pytest.raises(NotationError, match="only a 2 can carry the dead mark") as info:
        remi.parse_action("discard 3D+")
    assert info.value.position == 8
