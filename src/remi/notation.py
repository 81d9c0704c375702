"""Game records: a text notation, readable by a person, that replays to the identical state.

A record is a header of ``[Name value]`` lines (the arguments of
:func:`remi.new_game`, each value in JSON) followed by the actions, one per
line, each after the seat that took it. Lines starting with ``#`` are comments;
the writer marks where each deal begins.

>>> import remi
>>> game = remi.new_game("norwegian", players=3, seed=7)
>>> for _ in range(4):
...     game = game.apply(game.legal_actions()[0])
>>> record = remi.write_record(game)
>>> print(record)  # doctest: +ELLIPSIS
[Variant "norwegian"]
[Version "1"]
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
"""

from __future__ import annotations

import json
import re
from typing import Any

from remi._setup import new_game
from remi.actions import parse_action
from remi.errors import NotationError, RemiError
from remi.melds import Meld
from remi.state import GameState, TableMeld
from remi.variant import Variant

__all__ = ["read_record", "write_record"]

_HEADER = re.compile(r"^\[(\w+) (.*)\]$")
_MOVE = re.compile(r"^(\d+):\s*(.+)$")
_NAMES = {
    "variant": "Variant",
    "version": "Version",
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
}
_KEYS = {header: key for key, header in _NAMES.items()}


def write_record(state: GameState) -> str:
    """The record of the match that led to ``state``.

    .. versionadded:: 0.1.0
    """
    lines = [f"[{_NAMES[key]} {json.dumps(value, ensure_ascii=False)}]" for key, value in state.start]
    lines.append("")
    replay = _start(state.start, state.variant)
    deal = 0
    for action in state.history:
        if replay.deal != deal:
            deal = replay.deal
            lines.append(f"# deal {deal}")
        lines.append(f"{replay.to_act}: {action}")
        replay = replay.apply(action)
    return "\n".join(lines) + "\n"


def read_record(text: str, *, variant: Variant | None = None) -> GameState:
    """Replay a record to the state it describes.

    Args:
        text: The record, as :func:`write_record` writes it.
        variant: The variant, when it is not registered under the recorded name.

    Raises:
        NotationError: If a line is malformed (naming the line), or an action is
            illegal where the record plays it.

    .. versionadded:: 0.1.0
    """
    if not isinstance(text, str):
        raise NotationError(f"expected record text, got {type(text).__name__}", repr(text), 0)
    start: list[tuple[str, Any]] = []
    moves: list[tuple[int, int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _HEADER.match(line)
        if header and not moves:
            name, value = header.groups()
            if name not in _KEYS:
                raise NotationError(f"line {number}: unknown header {name!r}", name, number)
            try:
                start.append((_KEYS[name], json.loads(value)))
            except ValueError:
                raise NotationError(f"line {number}: the value of {name} is not JSON: {value}", value, number) from None
            continue
        move = _MOVE.match(line)
        if not move:
            raise NotationError(f"line {number}: expected 'SEAT: ACTION', got {line!r}", line, number)
        moves.append((number, int(move.group(1)), move.group(2)))
    state = _start(tuple(start), variant)
    for number, seat, notation in moves:
        try:
            action = parse_action(notation)
            state = state.apply(action, seat=seat)
        except RemiError as error:
            raise NotationError(f"line {number}: {error}", notation, number) from None
    return state


def _start(start: tuple[tuple[str, Any], ...], variant: Variant | None) -> GameState:
    args = dict(start)
    name = args.pop("variant", None)
    version = args.pop("version", None)
    if variant is None:
        if not isinstance(name, str):
            raise NotationError("the record names no variant", "", 0)
        from remi.variants import get

        variant = get(name)
    if version is not None and version != variant.version:
        raise NotationError(f"the record was played under {name} version {version}, not {variant.version}", "", 0)
    if "table" in args:
        args["table"] = [_table_meld(entry) for entry in args["table"]]
    try:
        return new_game(variant, **args)
    except RemiError as error:
        raise NotationError(f"the record's header describes no position: {error}", "", 0) from None
    except TypeError as error:
        raise NotationError(f"the record's header is malformed: {error}", "", 0) from None


def _table_meld(entry: Any) -> TableMeld:
    if not isinstance(entry, list) or len(entry) != 3 or not isinstance(entry[1], str):
        raise NotationError(f"a Table entry is [owner, meld, turn], got {entry!r}", repr(entry), 0)
    meld = Meld.parse(entry[1])
    owner, turn = entry[0], entry[2]
    if isinstance(turn, bool) or not (turn is None or isinstance(turn, int)):
        raise NotationError(f"a Table entry's turn is a number or null, got {turn!r}", repr(turn), 0)
    return TableMeld(meld.kind, meld.cards, owner, turn)
