"""Game records: a text notation, readable by a person, that replays to the identical state.

A record is a header of ``[Name value]`` lines (the record's format as
``[Format "2"]``, the arguments of :func:`remi.new_game`, each value in JSON,
and the variant's rules :attr:`~remi.variant.Variant.fingerprint` as
``[Rules "..."]``) followed by the actions, one per line, each after the seat
that took it. Lines starting with ``#`` are comments; the writer marks where
each deal begins.

A record without a ``Format`` header is format 1 (written by earlier remi
versions) and replays as before; its ``Rules`` may also be one of the variant's
``legacy_fingerprints``, the fingerprints earlier remi versions computed for
the same rules. A record of a variant the registry does not know (by name,
version and fingerprint) carries its rules as ``[RulesData {...}]``
(:meth:`~remi.Variant.to_dict`) and is format 3; it replays with no variant
passed. A format this remi does not read is refused (reason
:attr:`~remi.errors.Reason.UNSUPPORTED_FORMAT`).

>>> import remi
>>> game = remi.new_game("norwegian", players=3, seed=7)
>>> for _ in range(4):
...     game = game.apply(game.legal_actions()[0])
>>> record = remi.write_record(game)
>>> print(record)  # doctest: +ELLIPSIS
[Format "2"]
[Variant "norwegian"]
[Version "1"]
[Rules "..."]
[Players 3]
[Seed 7]
[Dealer ...]
<BLANKLINE>
# deal 1
...: draw
...: pass
...
>>> remi.read_record(record) == game
True

.. versionadded:: 0.1.0

.. versionchanged:: 0.2.0
   Records carry the ``Rules`` header; every refusal names its line.

.. versionchanged:: 0.2.0
   Records carry the ``Format`` header (format 2).
"""

from __future__ import annotations

import json
import re
from typing import Any

from remi._engine.rules import as_recorded_before_destinations
from remi._engine.setup import game_from_start
from remi._util import is_int, printable
from remi.actions import parse_action
from remi.errors import NotationError, Reason, RemiError, VariantError
from remi.melds import Meld
from remi.state import GameState, TableMeld, new_game
from remi.variant import Variant
from remi.variants import get
from remi.variants._house import rules_to_embed

__all__ = ["read_record", "write_record"]

_LINES = re.compile(r"\r\n|\r|\n")
_HEADER = re.compile(r"\[([A-Za-z][A-Za-z0-9]*) (.*)\]")
_MOVE = re.compile(r"([0-9]{1,9}):\s*(.+)")
#: The record format this remi writes, and those it reads (a record without a Format header is format 1).
_FORMAT = "2"
#: The format of a record that carries its rules (a ``RulesData`` header).
_RULES_FORMAT = "3"
_FORMATS = ("1", "2", "3")
_NAMES = {
    "format": "Format",
    "variant": "Variant",
    "version": "Version",
    "rules": "Rules",
    "rules_data": "RulesData",
    "players": "Players",
    "seed": "Seed",
    "dealer": "Dealer",
    "round": "Round",
    "levels": "Levels",
    "wins": "Wins",
    "scores": "Scores",
    "deck": "Deck",
    "hands": "Hands",
    "stock": "Stock",
    "discard_pile": "DiscardPile",
    "table": "Table",
    "layoffs": "Layoffs",
}
_KEYS = {header: key for key, header in _NAMES.items()}


def _int_list(value: object) -> bool:
    return isinstance(value, list) and all(is_int(item) for item in value)


# What each header's JSON value must be, and how to say so.
_TYPES: dict[str, tuple[Any, str]] = {
    "format": (lambda v: True, "a string"),  # any value: _format() refuses those it does not read
    "variant": (lambda v: isinstance(v, str), "a string"),
    "version": (lambda v: isinstance(v, str), "a string"),
    "rules": (lambda v: isinstance(v, str), "a string"),
    "rules_data": (lambda v: isinstance(v, dict), "an object (the rules as data)"),
    "players": (is_int, "an integer"),
    "seed": (lambda v: is_int(v) or isinstance(v, str), "an integer or a string"),
    "dealer": (is_int, "an integer"),
    "round": (is_int, "an integer"),
    "levels": (_int_list, "a list of integers"),
    "wins": (_int_list, "a list of integers"),
    "scores": (_int_list, "a list of integers"),
    "deck": (lambda v: isinstance(v, str), "card text"),
    "hands": (lambda v: isinstance(v, list) and all(isinstance(h, str) for h in v), "a list of card texts"),
    "stock": (lambda v: isinstance(v, str), "card text"),
    "discard_pile": (lambda v: isinstance(v, str), "card text"),
    "table": (lambda v: isinstance(v, list), 'a list of [owner, "meld", turn] entries'),
    "layoffs": (_int_list, "a list of integers"),
}


def write_record(state: GameState) -> str:
    """The record of the match that led to ``state``.

    The header holds the record's format, ``[Format "2"]``, the arguments of
    :func:`remi.new_game` and, after ``Version``, the variant's
    :attr:`~remi.variant.Variant.fingerprint` as ``[Rules "..."]``, which pins
    the rules the match was played under.

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       The ``Rules`` header.

    .. versionchanged:: 0.2.0
       The ``Format`` header, first.

    .. versionchanged:: 0.2.0
       A variant the registry does not know is written with its rules, ``[RulesData {...}]`` (format 3).
    """
    lines = []
    rules = f"[Rules {json.dumps(state.variant.fingerprint)}]"
    data = rules_to_embed(state.variant)
    if data is not None:  # a variant the registry does not know: the record carries its rules (format 3)
        rules += f"\n[RulesData {json.dumps(data, ensure_ascii=False, separators=(',', ':'))}]"
    for key, value in state.start:
        name = _NAMES.get(key) or "".join(part.title() for part in key.split("_"))
        lines.append(f"[{name} {json.dumps(value, ensure_ascii=False)}]")
        if key == "version":
            lines.append(rules)
    if rules not in lines:
        lines.insert(0, rules)
    lines.insert(0, f"[Format {json.dumps(_FORMAT if data is None else _RULES_FORMAT)}]")
    lines.append("")
    replay = _start(state.start, state.variant, {})
    deal = 0
    for action in state.history:
        if replay.deal != deal:
            deal = replay.deal
            lines.append(f"# deal {deal}")
        lines.append(f"{replay.to_act}: {action}")
        replay = replay.apply(action)
    return "\n".join(lines) + "\n"


def _at_line(number: int) -> str:
    return f"line {number}: " if number else ""


def _refusal(number: int, message: str, token: str, position: int) -> NotationError:
    return NotationError(f"line {number}: {message}", token, position, number)


def read_record(text: str, *, variant: Variant | None = None) -> GameState:
    """Replay a record to the state it describes.

    Args:
        text: The record, as :func:`write_record` writes it.
        variant: The variant, when it is not registered under the recorded name
            or the record was played under rules other than the registered ones.

    Raises:
        NotationError: If a line is malformed, or an action is illegal where the
            record plays it. Its :attr:`~remi.errors.NotationError.line` is the
            1-based line, its ``position`` the character offset in that line,
            and the refusal that caused it (say an
            :class:`~remi.errors.IllegalActionError`) is its ``__cause__``.
        VariantError: If the recorded variant is not registered, or (reason
            :attr:`~remi.errors.Reason.RULES_MISMATCH`) the record's ``Rules``
            fingerprint is not the variant's: the game was played under other
            rules, which must be passed as ``variant=``. A record without a
            ``Rules`` header (written by an early remi) is replayed unchecked. A
            record without a ``Format`` header (format 1, written by an
            earlier remi) is also accepted when its ``Rules`` is one of the variant's
            ``legacy_fingerprints``.
        NotationError: With reason :attr:`~remi.errors.Reason.UNSUPPORTED_FORMAT`,
            if the record's ``Format`` is not one this remi reads ("1", "2" or "3").

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       Checks the ``Rules`` header; errors carry the line and chain their cause;
       a header value of the wrong type is a :class:`~remi.errors.NotationError`.

    .. versionchanged:: 0.2.0
       Reads the ``Format`` header; format-1 records accept the variant's
       ``legacy_fingerprints``.

    .. versionchanged:: 0.2.0
       Reads format 3: a ``RulesData`` header rebuilds the variant when none is passed.

    .. versionchanged:: 0.3.0
       A swap that names no destination where the swapper must now choose the
       freed joker's end (a record written before swaps named it) is read as it
       was played: the high end if the joker fits there, else the low end.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected record text, got {type(text).__name__}", printable(text), 0)
    if variant is not None and not isinstance(variant, Variant):
        raise RemiError(f"variant= takes a Variant, got {printable(variant)}", Reason.BAD_ARGUMENT)
    start: list[tuple[str, Any]] = []
    where: dict[str, tuple[int, int]] = {}  # header key: (line, offset of its value)
    moves: list[tuple[int, int, int, str]] = []
    for number, raw in enumerate(_LINES.split(text.removeprefix("\ufeff")), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip())
        if line.startswith("["):
            if moves:
                raise _refusal(number, "a header line after the moves", line, indent)
            start.append(_header(number, indent, line, where))
            continue
        move = _MOVE.fullmatch(line)
        if not move:
            shown = line if len(line) <= 80 else line[:77] + "..."
            raise _refusal(number, f"expected 'SEAT: ACTION', got {printable(shown)}", line, indent)
        moves.append((number, indent + move.start(2), int(move.group(1)), move.group(2)))
    state = _start(tuple(start), variant, where)
    for number, offset, seat, notation in moves:
        try:
            # padded to its column, so that the positions parse_action reports are in the line
            action = parse_action(" " * offset + notation)
        except NotationError as error:
            raise _refusal(number, str(error), error.token, error.position) from error
        try:
            state = state.apply(as_recorded_before_destinations(state, action, seat), seat=seat)
        except RemiError as error:
            raise _refusal(number, str(error), notation, offset) from error
    return state


def _header(number: int, indent: int, line: str, where: dict[str, tuple[int, int]]) -> tuple[str, Any]:
    """The key and value of the header ``line``, checked."""
    header = _HEADER.fullmatch(line)
    if not header:
        shown = line if len(line) <= 80 else line[:77] + "..."
        raise _refusal(number, f"a header is [Name value], got {printable(shown)}", line, indent)
    name, value = header.groups()
    if name not in _KEYS:
        raise _refusal(number, f"unknown header {printable(name)}", name, indent + 1)
    key = _KEYS[name]
    at = indent + header.start(2)
    if key in where:
        raise _refusal(number, f"a second {name} header (the first is on line {where[key][0]})", name, indent + 1)
    shown = value if len(value) <= 80 else value[:77] + "..."
    try:
        parsed = json.loads(value)
    except (ValueError, RecursionError) as error:
        if key == "format":
            _format(number, at, value, _NOT_JSON)
        raise _refusal(number, f"the value of {name} is not JSON: {shown}", value, at) from error
    check, expected = _TYPES[key]
    if not check(parsed):
        raise _refusal(number, f"the value of {name} must be {expected}, got {shown}", value, at)
    if key == "format":
        _format(number, at, value, parsed)
    where[key] = (number, at)
    return key, parsed


_NOT_JSON = object()


def _format(number: int, at: int, value: str, parsed: Any) -> None:
    """Refuse the record unless ``parsed``, the Format on line ``number``, is one this remi reads."""
    if parsed in _FORMATS:
        return
    known = f"this remi reads formats {', '.join(map(json.dumps, _FORMATS[:-1]))} and {json.dumps(_FORMATS[-1])}"
    shown = value if len(value) <= 80 else value[:77] + "..."
    if not isinstance(parsed, str):
        message = f"the value of Format must be a string such as {json.dumps(_FORMAT)}, got {shown}; {known}"
    else:
        newer = parsed.isascii() and parsed.isdigit() and len(parsed) < 10 and int(parsed) > int(_FORMATS[-1])
        why = "upgrade remi" if newer else "no remi writes it"
        message = f"the record is format {shown}; {known} ({why})"
    raise NotationError(f"line {number}: {message}", value, at, number, Reason.UNSUPPORTED_FORMAT)


def _start(
    start: tuple[tuple[str, Any], ...], variant: Variant | None, where: dict[str, tuple[int, int]]
) -> GameState:
    args = dict(start)
    name = args.pop("variant", None)
    version = args.pop("version", None)
    rules = args.pop("rules", None)
    record_format = args.pop("format", "1")
    rules_data = args.pop("rules_data", None)
    if variant is None and rules_data is not None:
        try:
            variant = Variant.from_dict(rules_data)
        except VariantError as error:
            number = where.get("rules_data", (0, 0))[0]
            raise VariantError(f"{_at_line(number)}the record's RulesData: {error}", error.reason) from None
    if variant is None:
        if not isinstance(name, str):
            raise NotationError("the record names no variant (no Variant header)", "", 0)
        variant = get(name)
    if version is not None and version != variant.version:
        number, at = where.get("version", (0, 0))
        raise NotationError(
            f"{_at_line(number)}the record was played under {name} version {version}, not {variant.version}",
            str(version), at, number or None,
        )
    # format 1 was written before the fingerprint last changed: the variant lists what it was then
    legacy: frozenset[str] = frozenset()
    if record_format == "1":
        legacy = getattr(variant, "legacy_fingerprints", frozenset())
    if rules is not None and rules != variant.fingerprint and rules not in legacy:
        number = where.get("rules", (0, 0))[0]
        raise VariantError(
            f"{_at_line(number)}the record was played under the rules with fingerprint {rules}, but the "
            f"variant {variant.name} (version {variant.version}) has fingerprint {variant.fingerprint}"
            f"{_earlier(legacy)}; pass variant= with the rules the game was played under",
            Reason.RULES_MISMATCH,
        )
    if "table" in args:
        try:
            args["table"] = [_table_meld(entry) for entry in args["table"]]
        except NotationError as error:
            number, at = where.get("table", (0, 0))
            raise NotationError(f"{_at_line(number)}{error}", error.token, at, number or None) from error
    try:
        return game_from_start(tuple(args.items()), variant, new_game)  # shared with GameState.from_json
    except RemiError as error:
        raise NotationError(f"the record's header describes no position: {error}", "", 0) from error
    except TypeError as error:
        raise NotationError(f"the record's header is malformed: {error}", "", 0) from error


def _earlier(legacy: frozenset[str]) -> str:
    if not legacy:
        return ""
    return f" (and had {' or '.join(sorted(legacy))} in earlier remi versions)"


def _table_meld(entry: Any) -> TableMeld:
    if not isinstance(entry, (list, tuple)) or len(entry) != 3 or not isinstance(entry[1], str):
        raise NotationError(f"a Table entry is [owner, meld, turn], got {printable(entry)}", printable(entry), 0)
    owner, turn = entry[0], entry[2]
    if not is_int(owner):
        raise NotationError(f"a Table entry's owner is a seat number, got {printable(owner)}", printable(owner), 0)
    if not (turn is None or is_int(turn)):
        raise NotationError(f"a Table entry's turn is a number or null, got {printable(turn)}", printable(turn), 0)
    meld = Meld.parse(entry[1])
    return TableMeld(meld.kind, meld.cards, owner, turn)
