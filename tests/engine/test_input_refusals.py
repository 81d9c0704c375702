"""Bad input is refused with a typed error (remi.errors), never a traceback from deep inside.

Regression tests for defects found by fuzzing: unicode digits and letters in
notation, ill-typed card and action fields, malformed record headers, record
errors that lost their cause and line, and records that did not pin their rules.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import remi
from remi import (
    JOKER,
    Card,
    End,
    IllegalActionError,
    Meld,
    MeldKind,
    NotationError,
    Reason,
    RemiError,
    Suit,
    Variant,
    VariantError,
    parse_card,
    parse_cards,
    read_record,
    write_record,
)
from remi.actions import Discard, LayDown, LayOff, SwapJoker, parse_action

FAST = settings(max_examples=200, deadline=None)


def _play(state: remi.GameState, steps: int, seed: int) -> remi.GameState:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def _points_at(error: NotationError, text: str) -> bool:
    """Whether the error's token sits at its position in ``text``."""
    return text[error.position : error.position + len(error.token)] == error.token


# -- 1. meld and seat numbers are ASCII digits, of sane length -----------------------


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("layoff 9C on ²", "²"),
        ("layoff 9C on ① high", "①"),
        ("swap 3S on ３", "３"),  # a fullwidth digit: was accepted as meld 3
        ("swap 3S on ٣", "٣"),  # an Arabic-Indic digit
        ("layoff 9C on 1²", "1²"),
        ("layoff 9C on " + "9" * 5000, "9" * 5000),  # over Python's int() digit limit
        ("swap 3S on " + "1" * 10, "1" * 10),
        ("layoff 9C on -1", "-1"),
        ("layoff 9C on +1", "+1"),
    ],
)
def test_a_meld_number_is_ascii_digits_only(text: str, token: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert caught.value.token == token
    assert _points_at(caught.value, text)
    assert caught.value.reason is Reason.BAD_NOTATION


def test_a_meld_number_of_nine_digits_still_parses() -> None:
    assert parse_action("layoff 9C on 000000007 high") == LayOff(parse_card("9C"), 7, End.HIGH)
    assert parse_action("swap 3S on 999999999").meld == 999_999_999  # type: ignore[union-attr]


@pytest.mark.parametrize("text", ["①", "²", "３", "take ３"])
def test_unicode_digits_alone_are_not_actions(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert _points_at(caught.value, text)


def test_a_record_with_a_unicode_digit_in_a_move_is_a_notation_error() -> None:
    game = remi.new_game("norwegian", players=3, seed=1, dealer=0)
    record = write_record(game) + "1: layoff 9C on ²\n"
    with pytest.raises(NotationError) as caught:  # was a plain ValueError from int()
        read_record(record)
    line = record.splitlines()[caught.value.line - 1]  # type: ignore[operator]
    assert line == "1: layoff 9C on ²"
    assert _points_at(caught.value, line)


def test_a_record_seat_is_ascii_digits_only() -> None:
    game = _play(remi.new_game("norwegian", players=3, seed=1), 5, 1)
    record = write_record(game)
    lines = record.splitlines()
    first = next(i for i, line in enumerate(lines) if line[:1].isdigit())
    seat = lines[first][0]
    fullwidth = chr(ord("０") + int(seat))
    lines[first] = fullwidth + lines[first][1:]
    with pytest.raises(NotationError) as caught:  # the fullwidth seat was accepted as a seat
        read_record("\n".join(lines))
    assert caught.value.line == first + 1
    lines[first] = "9" * 5000 + lines[first][1:]
    with pytest.raises(NotationError):  # was a plain ValueError from int()
        read_record("\n".join(lines))


def test_action_keywords_are_ascii_only() -> None:
    assert parse_action("TAKE") == parse_action("take")
    for text in ["ta\u212ae", "TA\u212aE", "layoff 9C ON 2 hi\u0261h"]:  # KELVIN SIGN lower-cases to k
        with pytest.raises(NotationError):
            parse_action(text)


@FAST
@given(st.text(max_size=40))
def test_any_text_parses_or_raises_a_notation_error_pointing_into_it(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError as error:
        assert _points_at(error, text)
    else:
        assert parse_action(str(action)) == action


@FAST
@given(
    st.sampled_from(["layoff 9C on ", "swap 3S on ", "down set 5C 5D ", "discard ", "layoff 9C on 2 "]),
    st.text(alphabet=st.characters(categories=("N", "L", "P", "S", "Zs")), max_size=8),
)
def test_fuzzed_action_tails_raise_only_notation_errors(head: str, tail: str) -> None:
    text = head + tail
    try:
        action = parse_action(text)
    except NotationError as error:
        assert _points_at(error, text)
    else:
        assert parse_action(str(action)) == action


# -- 2. only the documented ASCII letters and suit symbols are cards -----------------

_ALLOWED = set("AaJjQqKkTtSsHhDdCcOoRr0123456789♠♥♦♣♤♡♢♧🃏")


@pytest.mark.parametrize(
    "token",
    [
        "Qſ",  # LATIN SMALL LETTER LONG S: "ſ".upper() == "S"
        "10ſ",
        "ſ",
        "\u212aS",  # KELVIN SIGN
        "Qﬅ",  # LATIN SMALL LIGATURE LONG S T: upper() is "ST"
        "ıS",  # dotless i
        "ｑs",  # fullwidth q
        "１0S",  # fullwidth 1
        "Ｑ♠",
        "ǰk",  # upper() is "J̌"
    ],
)
def test_a_letter_that_case_folds_to_ascii_is_not_a_card(token: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards(f"AS {token}")
    assert (caught.value.token, caught.value.position) == (token, 3)
    with pytest.raises(NotationError):
        parse_card(token)


def test_every_character_that_upper_cases_into_ascii_is_refused() -> None:
    tricky = [chr(c) for c in range(0x80, 0x110000) if chr(c).upper().isascii() or chr(c).lower().isascii()]
    assert "ſ" in tricky and "\u212a" in tricky
    for char in tricky:
        for token in (f"Q{char}", f"{char}S", f"10{char}", char):
            with pytest.raises(NotationError):
                parse_card(token)


@FAST
@given(st.text(min_size=1, max_size=6), st.sampled_from(sorted(_ALLOWED)))
def test_a_token_outside_the_notation_alphabet_is_refused(text: str, allowed: str) -> None:
    token = "".join(c for c in text if not c.isspace() and c != ",")
    assume(token and not set(token) <= _ALLOWED)
    for word in (token, allowed + token, token + allowed):
        with pytest.raises(NotationError) as caught:
            parse_cards(f"QS {word}")
        assert (caught.value.token, caught.value.position) == (word, 3)


# -- 3. a card's rank is a Rank or an int, never a bool or a float ---------------------


@pytest.mark.parametrize("rank", [True, False, 13.0, 1.0, "1", "A", 1 + 0j])
def test_a_card_rank_that_is_not_an_int_is_refused(rank: Any) -> None:
    with pytest.raises(NotationError) as caught:
        Card(rank, Suit.SPADES)
    assert caught.value.reason is Reason.BAD_NOTATION


def test_int_and_rank_ranks_still_make_cards() -> None:
    assert Card(13, Suit.SPADES) is parse_card("KS")
    assert Card(remi.Rank.KING, Suit.SPADES) is parse_card("KS")


# -- 4. actions check their fields when they are built ------------------------------------

class _Opaque:
    def __repr__(self) -> str:
        return "<opaque>"


JUNK: list[Any] = [None, True, False, 1.5, -1, "x", "", [], {}, [1], ["QS"], 5, _Opaque(), JOKER, "QS", 0, "high"]


def test_a_layoff_end_given_as_text_is_converted() -> None:
    action = LayOff(JOKER, 0, "high")  # was accepted as the string, then str() raised AttributeError
    assert action.end is End.HIGH
    assert str(action) == "layoff JK on 0 high"
    assert LayOff(JOKER, 0, "LOW").end is End.LOW
    assert LayOff("9c", 2) == LayOff(parse_card("9C"), 2, None)


_BAD_FIELDS: list[tuple[Any, tuple[Any, ...]]] = [
    (LayOff, (JOKER, 0, "middle")),
    (LayOff, (JOKER, 0, 1)),
    (LayOff, (JOKER, 0, MeldKind.RUN)),
    (LayOff, (5, 0)),
    (LayOff, (None, 0)),
    (LayOff, ("XX", 0)),
    (LayOff, (JOKER, True)),
    (LayOff, (JOKER, -1)),
    (LayOff, (JOKER, 1.0)),
    (LayOff, (JOKER, "0")),
    (SwapJoker, (True, "3S")),
    (SwapJoker, (-1, "3S")),
    (SwapJoker, (0, 5)),
    (SwapJoker, (0, [5])),
    (SwapJoker, (0, ["QS"])),
    (SwapJoker, (0, None)),
    (Discard, (5,)),
    (Discard, (None,)),
    (Discard, ("QS QH",)),
    (LayDown, (5,)),
    (LayDown, (None,)),
    (LayDown, ([5],)),
    (LayDown, (Meld(MeldKind.SET, "QS QH QD"),)),
]


@pytest.mark.parametrize(("kind", "args"), _BAD_FIELDS, ids=lambda value: repr(value)[:30])
def test_an_action_with_a_bad_field_is_refused_when_built(kind: Any, args: tuple[Any, ...]) -> None:
    with pytest.raises(NotationError):
        kind(*args)


def test_evolving_an_action_checks_the_fields_too() -> None:
    with pytest.raises(NotationError):
        attrs.evolve(LayOff(JOKER, 0), meld=-2)
    assert attrs.evolve(LayOff(JOKER, 0), end="low") == LayOff(JOKER, 0, End.LOW)


_JUNK_SLOTS: list[tuple[Any, tuple[Any, ...], int]] = [
    (LayOff, (JOKER, 0, None), 0),
    (LayOff, (JOKER, 0, None), 1),
    (LayOff, (JOKER, 0, None), 2),
    (SwapJoker, (0, "3S"), 0),
    (SwapJoker, (0, "3S"), 1),
    (Discard, (JOKER,), 0),
    (LayDown, ("set QS QH QD",), 0),
]


@pytest.mark.parametrize("junk", JUNK, ids=repr)
@pytest.mark.parametrize(("kind", "args", "slot"), _JUNK_SLOTS, ids=lambda value: repr(value)[:30])
def test_an_action_built_from_junk_raises_only_a_notation_error(
    kind: Any, args: tuple[Any, ...], slot: int, junk: Any
) -> None:
    fields = list(args)
    fields[slot] = junk
    try:
        action = kind(*fields)
    except NotationError:
        return
    if isinstance(action, LayDown) and not action.melds:
        return  # an empty lay-down prints no notation; the state refuses it (CONTRACT_NOT_MET)
    if isinstance(action, SwapJoker) and not action.cards:
        return  # likewise refused by the state (CARD_NOT_IN_HAND)
    assert parse_action(str(action)) == action


def test_a_built_action_is_refused_by_the_state_with_a_reason_not_a_crash() -> None:
    game = remi.new_game("norwegian", players=3, seed=4).apply(remi.actions.DRAW)
    if game.phase is remi.Phase.BUY:
        game = game.apply(remi.actions.PASS)
    for action in (LayOff("QS", 5, "low"), SwapJoker(9, "3S"), Discard("JK")):
        with pytest.raises(IllegalActionError) as caught:
            game.apply(action)
        assert caught.value.reason is not Reason.ILLEGAL


def test_down_positions_are_in_the_action_text() -> None:
    text = "down set 5C 5D 5H; run 4S XX 6S 7S"
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert (caught.value.token, caught.value.position) == ("XX", text.index("XX"))
    text = "swap 3S on 3S"
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert caught.value.position == 11  # the second 3S, not the first


# -- 5. malformed record headers are notation errors --------------------------------------


def test_a_table_header_that_is_not_a_list_is_a_notation_error() -> None:
    with pytest.raises(NotationError) as caught:  # was a TypeError
        read_record('[Variant "norwegian"]\n[Players 2]\n[Table 5]\n')
    assert caught.value.line == 3
    assert "Table" in str(caught.value)


_JSON_JUNK = ["5", "-1", "1.5", "true", "null", '"x"', '""', "[]", "{}", "[1]", '["QS"]', '{"a": 1}', "[[1]]",
              '[[0, "run 9D 10D JD QD", "x"]]', '[[true, "set QS QH QD", null]]', '[[0, "set", null]]',
              '[[0, 5, null]]', "NaN", "Infinity", "1e400", "9" * 5000, "[" * 50000, '"QS QS QS"']


def _record() -> str:
    game = remi.new_game("norwegian", players=3, seed=3, hands=["2S 3S", "4S 5S", "6S 7S"], stock="KD",
                         table=[remi.TableMeld(MeldKind.SET, "QS QH QD", 0), remi.TableMeld(MeldKind.SET,
                                                                                     "KS KH KC", 0)])
    return write_record(_play(game, 6, 2))


def test_every_header_given_junk_raises_only_a_typed_error() -> None:
    record = _record()
    lines = record.splitlines()
    headers = [i for i, line in enumerate(lines) if line.startswith("[")]
    assert len(headers) >= 8
    for index in headers:
        name = lines[index][1:].split(" ")[0]
        for junk in _JSON_JUNK:
            edited = [*lines[:index], f"[{name} {junk}]", *lines[index + 1 :]]
            try:
                read_record("\n".join(edited))
            except RemiError as error:
                if isinstance(error, NotationError) and error.line is not None:
                    assert 1 <= error.line <= len(edited)
            except Exception as error:  # pragma: no cover - the failure being tested for
                pytest.fail(f"[{name} {junk[:20]}]: {type(error).__name__}: {error}")


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ('[Variant "norwegian"]\n[Players 3]\n[Players 4]\n', 3, "second Players"),
        ('[Variant "norwegian"]\n[Players]\n', 2, "a header is"),
        ('[Variant "norwegian"]\n[Players 3]\n[Seed 1]\n1: draw\n[Dealer 0]\n', 5, "after the moves"),
        ('[Variant "norwegian"]\n[Players "3"]\n', 2, "must be an integer"),
        ('[Variant "norwegian"]\n[Players 3]\n[Seed 1.5]\n', 3, "integer or a string"),
        ('[Variant "norwegian"]\n[Players 3]\n[Hands "2S"]\n', 3, "card texts"),
        ('[Variant "norwegian"]\n[Players 3]\n[Rules 5]\n', 3, "Rules"),
        ('[Variant 5]\n', 1, "Variant"),
        ('[Variant "norwegian"]\n[Table ' + "[" * 50000 + "]\n", 2, "not JSON"),
        ('[Variant "norwegian"]\n[Players 2]\n[Table [[0, "sot QS QH QD", null]]]\n', 3, "meld kind"),
    ],
)
def test_malformed_headers_name_their_line(text: str, line: int, fragment: str) -> None:
    with pytest.raises(NotationError) as caught:
        read_record(text)
    assert caught.value.line == line
    assert fragment in str(caught.value)
    assert str(caught.value).startswith(f"line {line}: ")


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_mutated_record_raises_only_typed_errors(data: st.DataObject) -> None:
    record = _record()
    at = data.draw(st.integers(0, len(record)))
    cut = data.draw(st.integers(0, 4))
    insert = data.draw(st.text(max_size=6))
    mutated = record[:at] + insert + record[at + cut :]
    try:
        state = read_record(mutated)
    except RemiError as error:
        assert isinstance(error.reason, Reason)
    else:
        assert read_record(write_record(state)) == state


def test_read_record_refuses_a_variant_argument_that_is_not_a_variant() -> None:
    with pytest.raises(RemiError) as caught:
        read_record(_record(), variant="norwegian")  # type: ignore[arg-type]
    assert caught.value.reason is Reason.BAD_ARGUMENT


# -- 6. record errors carry the line, an offset within it, and their cause -----------------


def test_a_record_error_names_the_line_and_the_offset_in_it_and_chains_the_cause() -> None:
    game = remi.new_game("norwegian", players=3, seed=1, dealer=0)
    record = write_record(game) + "  2: draw\n"
    number = len(record.splitlines())
    with pytest.raises(NotationError) as caught:
        read_record(record)
    error = caught.value
    assert error.line == number
    assert error.position == 5  # "draw" in "  2: draw"; it used to be the line number
    assert error.token == "draw"
    assert isinstance(error.__cause__, IllegalActionError)
    assert error.__cause__.reason is Reason.NOT_YOUR_TURN


def test_a_bad_action_in_a_record_points_at_its_token_in_the_line() -> None:
    game = remi.new_game("norwegian", players=3, seed=1, dealer=0)
    record = write_record(game) + "1:   down set 5C 5D ZZ\n"
    with pytest.raises(NotationError) as caught:
        read_record(record)
    line = record.splitlines()[-1]
    assert caught.value.line == len(record.splitlines())
    assert caught.value.token == "ZZ"
    assert caught.value.position == line.index("ZZ")
    assert isinstance(caught.value.__cause__, NotationError)


def test_a_notation_error_outside_a_record_has_no_line() -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards("QS XH")
    assert caught.value.line is None


def test_a_notation_error_pickles_with_its_line() -> None:
    error = NotationError("line 4: bad", "XX", 7, 4)
    clone = pickle.loads(pickle.dumps(error))
    assert (type(clone), str(clone), clone.token, clone.position, clone.line, clone.reason) == (
        NotationError, "line 4: bad", "XX", 7, 4, Reason.BAD_NOTATION
    )


# -- 7. an IllegalActionError built without a reason claims nothing specific ------------------


def test_an_illegal_action_error_without_a_reason_is_neutral() -> None:
    error = IllegalActionError("x")
    assert error.reason is Reason.ILLEGAL  # it used to claim WRONG_PHASE
    assert pickle.loads(pickle.dumps(error)).reason is Reason.ILLEGAL
    assert IllegalActionError("x", Reason.WRONG_PHASE).reason is Reason.WRONG_PHASE


# -- 8. records pin their rules --------------------------------------------------------------


def test_a_record_played_under_evolved_rules_is_not_replayed_under_the_built_in_ones() -> None:
    norwegian = remi.variants.get("norwegian")
    cheap = attrs.evolve(norwegian.scoring, joker_points=25, rank_points=(1,) * 13)
    house = attrs.evolve(norwegian, scoring=cheap)  # same name and version
    assert (house.name, house.version) == (norwegian.name, norwegian.version)
    game = remi.new_game(house, players=3, seed=11)
    rng = random.Random(3)
    while game.deal == 1 and not game.is_over:  # to the end of the first deal: scores differ
        legal = game.legal_actions()
        game = game.apply(legal[rng.randrange(len(legal))])
    assert any(game.scores)
    record = write_record(game)
    assert read_record(record).variant == house  # the record carries its rules (format 3)
    with pytest.raises(VariantError) as caught:
        read_record(record, variant=norwegian)  # it used to replay silently under the built-in points
    error = caught.value
    assert error.reason is Reason.RULES_MISMATCH
    assert house.fingerprint in str(error) and norwegian.fingerprint in str(error)
    assert "variant=" in str(error)
    again = read_record(record, variant=house)
    assert again == game
    assert again.scores == game.scores


def test_a_record_carries_the_rules_header_after_the_version() -> None:
    record = write_record(remi.new_game("english", players=3, seed=2))
    lines = record.splitlines()
    fingerprint = remi.variants.get("english").fingerprint
    assert lines[:4] == ['[Format "2"]', '[Variant "english"]', '[Version "1"]', f'[Rules "{fingerprint}"]']


@pytest.mark.parametrize("name", ["norwegian", "english"])
def test_a_record_without_the_rules_header_still_replays(name: str) -> None:
    game = _play(remi.new_game(name, players=3, seed=6), 60, 4)
    old = "\n".join(line for line in write_record(game).splitlines() if not line.startswith("[Rules "))
    assert read_record(old) == game


def test_the_fingerprint_is_the_same_in_another_process() -> None:
    code = "import remi; print(remi.variants.get('norwegian').fingerprint, remi.variants.get('english').fingerprint)"
    outputs: set[tuple[str, ...]] = set()
    for seed in ("1", "2"):  # string hashing differs between these processes
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env={"PYTHONHASHSEED": seed},
        )
        outputs.add(tuple(result.stdout.split()))
    here = (remi.variants.get("norwegian").fingerprint, remi.variants.get("english").fingerprint)
    assert outputs == {here}
    assert all(len(f) == 16 and int(f, 16) >= 0 for f in here)
    assert here[0] != here[1]


#: For every rule field of every part: a value other than Norwegian's (or English's) that still makes a
#: valid variant. Every one must change the fingerprint.
_PART_CHANGES: dict[str, dict[str, Any]] = {
    "deck": {"packs": 3, "jokers": 5, "by_players": {5: (3, 9)}, "dead_twos": True},
    "melds": {
        "set_min": 2, "set_max": 6, "set_distinct_suits": True, "run_min": 3, "run_max": 13, "ace_low": False,
        "ace_high": False, "run_wrap": True, "joker_cap": remi.JokerCap.NONE, "twos": remi.Twos.WILD_EXCEPT_SETS,
        "min_naturals": 2, "joker_cap_on_layoff": False, "distinct_suits_on_layoff": False,
    },
    "contracts": {
        "deal_sizes": (10,) * 6 + (12,),
        "going_out": (remi.GoingOut.DISCARD_REQUIRED,) * 5 + (remi.GoingOut.DISCARD_OPTIONAL, remi.GoingOut.ALL_IN),
        "exact_sizes": True, "piecemeal": True, "go_out_on_go_down_turn": False, "exceed_hand": True,
        "same_suit_run_gap": 1, "distinct_set_ranks": True, "first_player_extra_card": True,
    },
    "drawing": {"down_players_take_discard": False, "rediscard_taken_card": True},
    "layoffs": {"requires_down": False, "own_meld_delay": 1, "on_go_down_turn": False},
    "swaps": {
        "from_runs": False, "from_sets": remi.SetSwap.ON_COMPLETION, "who": remi.SwapWho.DOWN,
        "from_own_melds": True, "on_go_down_turn": False, "twos": True, "joker_to_hand": False,
    },
    "buying": {
        "enabled": False, "timing": remi.BuyTiming.BEFORE_DRAW, "penalty": 2, "limit": 3, "discarder_may_buy": True,
        "down_players_may_buy": False,
    },
    "match": {
        "schedule": remi.Schedule.LEVELS, "advance": remi.Advance.WENT_DOWN, "finisher_wins": True,
        "stock_rebuilds": 1, "rebuild_at_once": True, "turn_limit": 500,
    },
    "scoring": {
        "joker_points": 49, "rank_points": (20, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 11), "dead_two_points": 6,
    },
}
#: Fields whose change Norwegian Remi cannot take alone: they are changed in English Remi.
_ON_ENGLISH = {("contracts", "go_out_on_go_down_turn"), ("match", "advance"), ("match", "finisher_wins")}
#: Fields of the dead twos (S15), which need wild twos: changed in Shanghai (dead_two_points where twos die).
_ON_SHANGHAI = {("deck", "dead_twos"): "shanghai", ("scoring", "dead_two_points"): "shanghai-family"}
#: The variant's fields that only label the rules.
_LABELS = ("name", "version", "title", "recommended_players", "references", "legacy_fingerprints")


def test_every_rule_field_has_a_fingerprint_case() -> None:
    """A new part field needs a case here; contracts are checked by their own test below."""
    for part, changes in _PART_CHANGES.items():
        fields = {f.name for f in attrs.fields(type(getattr(remi.variants.get("norwegian"), part)))
                  if f.init and f.metadata.get("fingerprint", True)}  # (not a rule: prefix_closed)
        assert set(changes) | ({"contracts"} if part == "contracts" else set()) == fields, part
    rule_fields = {f.name for f in attrs.fields(Variant) if f.init} - set(_LABELS) - set(_PART_CHANGES)
    assert rule_fields == {"min_players", "max_players"}


@pytest.mark.parametrize(("part", "field", "value"), [
    pytest.param(part, field, value, id=f"{part}.{field}")
    for part, changes in _PART_CHANGES.items() for field, value in changes.items()
])
def test_the_fingerprint_changes_with_every_rule(part: str, field: str, value: Any) -> None:
    base = remi.variants.get(
        _ON_SHANGHAI.get((part, field)) or ("english" if (part, field) in _ON_ENGLISH else "norwegian"))
    before = getattr(base, part)
    after = attrs.evolve(before, **{field: value})
    assert getattr(after, field) != getattr(before, field)
    assert attrs.evolve(base, **{part: after}).fingerprint != base.fingerprint


def test_S15_without_dead_twos_their_fields_leave_the_fingerprint_alone() -> None:
    norwegian = remi.variants.get("norwegian")
    cheaper = attrs.evolve(norwegian, scoring=attrs.evolve(norwegian.scoring, dead_two_points=1))
    assert cheaper.fingerprint == norwegian.fingerprint  # (a dead 2 never exists there)
    family = remi.variants.get("shanghai-family")
    cheaper = attrs.evolve(family, scoring=attrs.evolve(family.scoring, dead_two_points=1))
    assert cheaper.fingerprint != family.fingerprint


@pytest.mark.parametrize(("field", "value"), [("min_players", 3), ("max_players", 5)])
def test_the_fingerprint_changes_with_the_player_range(field: str, value: Any) -> None:
    norwegian = remi.variants.get("norwegian")
    assert getattr(norwegian, field) != value
    assert attrs.evolve(norwegian, **{field: value}).fingerprint != norwegian.fingerprint


@pytest.mark.parametrize(("field", "value"), [
    ("name", "house"), ("version", "7"), ("title", "House"), ("recommended_players", (2, 6)),
    ("references", {"layoff.down": "house rule 3"}), ("references", {}), ("legacy_fingerprints", {"0" * 16}),
])
def test_the_fingerprint_ignores_the_labels(field: str, value: Any) -> None:
    norwegian = remi.variants.get("norwegian")
    assert attrs.evolve(norwegian, **{field: value}).fingerprint == norwegian.fingerprint


def test_the_fingerprint_changes_with_the_contracts_but_not_their_labels() -> None:
    norwegian = remi.variants.get("norwegian")
    contracts = list(norwegian.contracts)
    sizes = norwegian.contracts.deal_sizes
    swapped = attrs.evolve(norwegian, contracts=attrs.evolve(
        norwegian.contracts, contracts=[contracts[1], contracts[0], *contracts[2:]],
        deal_sizes=[sizes[1], sizes[0], *sizes[2:]]))
    assert swapped.fingerprint != norwegian.fingerprint
    renamed = attrs.evolve(norwegian, contracts=attrs.evolve(
        norwegian.contracts, contracts=[attrs.evolve(c, name=f"c{i}") for i, c in enumerate(contracts)]))
    assert renamed.fingerprint == norwegian.fingerprint
    relabelled = attrs.evolve(norwegian, name="house", version="7", title="House", recommended_players=(2, 6))
    assert relabelled.fingerprint == norwegian.fingerprint
    assert attrs.evolve(norwegian).fingerprint == norwegian.fingerprint
    english = remi.variants.get("english")
    assert english.contracts.going_out == (remi.GoingOut.DISCARD_REQUIRED,) * 7
    optional = attrs.evolve(english.contracts, going_out=remi.GoingOut.DISCARD_OPTIONAL)
    assert attrs.evolve(english, contracts=optional).fingerprint != english.fingerprint


def test_the_fingerprint_is_the_same_however_going_out_is_given() -> None:
    english = remi.variants.get("english")
    each = attrs.evolve(english.contracts, going_out=[remi.GoingOut.DISCARD_REQUIRED] * 7)
    assert attrs.evolve(english, contracts=each).fingerprint == english.fingerprint


def _rebuilt(part: Any, cls: type) -> Any:
    return cls(**attrs.asdict(part, recurse=False))


@attrs.frozen(kw_only=True)
class _Quota(remi.LayOffs):
    def quota(self, level: int) -> int | None:
        return 2


@attrs.frozen(kw_only=True)
class _SameOrder(remi.Buying):
    def order(self, players: int, on_turn: int) -> tuple[int, ...]:
        return super().order(players, on_turn)  # what the base class says, but a hook may say otherwise


@attrs.frozen(kw_only=True)
class _LastWins(remi.Match):
    def winners(self, scores: tuple[int, ...], finishers: tuple[int, ...]) -> tuple[int, ...]:
        return (len(scores) - 1,)


@attrs.frozen(kw_only=True)
class _Gap(remi.Contracts):
    def melds_problem(self, level: int, melds: Any, rules: remi.MeldRules) -> str | None:
        return None


@pytest.mark.parametrize(("part", "cls"), [
    ("layoffs", _Quota), ("buying", _SameOrder), ("match", _LastWins), ("contracts", _Gap),
])
def test_a_part_subclass_that_overrides_a_hook_has_another_fingerprint(part: str, cls: type) -> None:
    norwegian = remi.variants.get("norwegian")
    hooked = attrs.evolve(norwegian, **{part: _rebuilt(getattr(norwegian, part), cls)})
    assert hooked.fingerprint != norwegian.fingerprint
    fields = {f.name: getattr(norwegian, f.name) for f in attrs.fields(Variant) if f.init}
    assert Variant(**fields).fingerprint == norwegian.fingerprint
    assert attrs.evolve(hooked).fingerprint == hooked.fingerprint  # and it is stable
