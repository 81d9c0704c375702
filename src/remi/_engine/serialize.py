"""JSON for game states (private: use ``GameState.to_json`` / ``GameState.from_json``).

Reading checks each field's type (naming the field), rebuilds the first state
from ``start`` with :func:`~remi.new_game`, replays ``history``, and demands
that every field equals the replay's: so exactly the states the engine can
reach are read back.

The JSON carries its layout's number as ``format_version``. Format 1 is what
earlier remi versions wrote; format 2 adds ``went_down`` to ``last_deal``.
What differs between the deal results of the formats is in :data:`_DEAL_KEYS`.
Format 3 may carry the rules in ``variant.rules`` (:meth:`~remi.Variant.to_dict`),
written only for a variant the registry does not know by its name, version
and fingerprint: a state of a built-in or registered variant is still format 2.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from remi._engine.rules import as_recorded_before_destinations
from remi._engine.setup import game_from_start
from remi._engine.values import DealResult, Phase, TableMeld
from remi._util import seed_problem
from remi.actions import Action, parse_action
from remi.cards import Card, format_cards, parse_card, parse_cards
from remi.errors import Reason, RemiError, SerializationError
from remi.melds import MeldKind
from remi.variant import Variant
from remi.variants import get
from remi.variants._house import rules_to_embed

if TYPE_CHECKING:
    from remi.state import GameState

FORMAT = "remi-state"
#: The format this remi writes.
FORMAT_VERSION = 2
#: The format this remi writes for a state that carries its rules (``variant.rules``).
RULES_FORMAT_VERSION = 3
#: The formats this remi reads.
FORMAT_VERSIONS = (1, 2, 3)

# -- what differs between the formats ------------------------------------------------------------------

#: The keys of a deal result (``last_deal``) in each format, in the order written: each is a field of
#: DealResult, must be present, and must equal the replay's. A DealResult field that the file's format
#: lacks is taken from the replay (so that older files read under a DealResult with more fields).
_DEAL_KEYS: dict[int, tuple[str, ...]] = {
    1: ("deal", "winner", "scores", "hands", "levels"),
    2: ("deal", "winner", "scores", "hands", "levels", "went_down"),
    3: ("deal", "winner", "scores", "hands", "levels", "went_down"),
}


def _cards(cards: tuple[Card, ...]) -> str:
    """Cards as card text."""
    return format_cards(cards)


def _same(value: Any) -> Any:
    """The value itself (a field written and read as it is)."""
    return value


#: For each key of a deal result: how to write the DealResult field, and how to read it back.
_DEAL_CODEC: dict[str, tuple[Callable[[Any], Any], Callable[[_Reader, str], Any]]] = {
    "deal": (_same, lambda r, key: r.need_int(key)),
    "winner": (_same, lambda r, key: r.integer(key, optional=True)),
    "scores": (list, lambda r, key: r.ints(key)),
    "hands": (lambda hands: [_cards(hand) for hand in hands], lambda r, key: r.hands(key)),
    "levels": (list, lambda r, key: r.ints(key)),
    "went_down": (list, lambda r, key: r.bools(key)),
}


def _deal_result(result: DealResult | None) -> dict[str, Any] | None:
    """A deal result as its JSON object (``None`` before the first deal ends)."""
    if result is None:
        return None
    return {key: _DEAL_CODEC[key][0](getattr(result, key)) for key in _DEAL_KEYS[FORMAT_VERSION]}


def state_to_json(state: GameState) -> str:
    """Serialize every field of ``state``."""
    data = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "variant": {"name": state.variant.name, "version": state.variant.version},
        "players": state.players,
        "seed": state.seed,
        "deal": state.deal,
        "dealer": state.dealer,
        "levels": list(state.levels),
        "wins": list(state.wins),
        "scores": list(state.scores),
        "deal_scores": [list(scores) for scores in state.deal_scores],
        "hands": [_cards(hand) for hand in state.hands],
        "stock": _cards(state.stock),
        "discard_pile": _cards(state.discard_pile),
        "table": [
            {"kind": meld.kind.value, "cards": _cards(meld.cards), "owner": meld.owner, "turn": meld.turn}
            for meld in state.table
        ],
        "laid": [sorted(laid) for laid in state.laid],
        "layoffs": list(state.layoffs),
        "buys": list(state.buys),
        "rebuilds": state.rebuilds,
        "on_turn": state.on_turn,
        "to_act": state.to_act,
        "phase": state.phase.value,
        "buy_queue": list(state.buy_queue),
        "discarder": state.discarder,
        "taken": str(state.taken) if state.taken is not None else None,
        "turn": state.turn,
        "last_deal": _deal_result(state.last_deal),
        "start": [[key, value] for key, value in state.start],
        "history": [str(action) for action in state.history],
    }
    rules = rules_to_embed(state.variant)
    if rules is not None:  # a variant the registry does not know: the state carries its rules
        data["format_version"] = RULES_FORMAT_VERSION
        data["variant"] = {**data["variant"], "rules": rules}  # type: ignore[dict-item]
    import json  # deferred: `import remi` does not load json before a variant or a state is written as text

    return json.dumps(data, ensure_ascii=False)


# -- reading: the type of each field -------------------------------------------------------------------

_MISSING: Any = object()


class _Reader:
    """Reads the fields of one JSON object, refusing a wrong type with a sentence naming the field."""

    def __init__(self, data: dict[str, Any], where: str = "") -> None:
        self.data = data
        self.where = where

    def name(self, key: str) -> str:
        """The field ``key`` as a sentence names it."""
        return f"{self.where}{key!r}"

    def only(self, *keys: str) -> None:
        """Refuse any field but ``keys``."""
        unknown = sorted(str(key) for key in set(self.data) - set(keys))
        if unknown:
            raise SerializationError(f"{self.where or 'the state '}has unknown fields: {', '.join(map(repr, unknown))}")

    def get(self, key: str) -> Any:
        """The value of field ``key``; refuse its absence."""
        if key not in self.data:
            raise SerializationError(f"the state has no {self.name(key)}")
        return self.data[key]

    def integer(self, key: str, *, optional: bool = False) -> int | None:
        """The integer in field ``key`` (``None`` allowed if ``optional``)."""
        return self.check_int(key, self.get(key), optional=optional)

    def check_int(self, key: str, value: Any, *, optional: bool = False) -> int | None:
        """``value`` (of field ``key``) if it is an integer (or ``None`` where ``optional``), else a refusal."""
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            expected = "an integer or null" if optional else "an integer"
            raise SerializationError(f"{self.name(key)} must be {expected}, got {_short(value)}")
        return value

    def need_int(self, key: str) -> int:
        """The integer in field ``key``, never ``None``."""
        value = self.integer(key)
        assert value is not None
        return value

    def ints(self, key: str, value: Any = _MISSING) -> tuple[int, ...]:
        """The list of integers in field ``key`` (or ``value``), as a tuple."""
        value = self.get(key) if value is _MISSING else value
        if not isinstance(value, list):
            raise SerializationError(f"{self.name(key)} must be a list of integers, got {_short(value)}")
        out = []
        for item in value:
            if isinstance(item, bool) or not isinstance(item, int):
                raise SerializationError(f"{self.name(key)} must be a list of integers, got {_short(item)} in it")
            out.append(item)
        return tuple(out)

    def bools(self, key: str) -> tuple[bool, ...]:
        """The list of true/false in field ``key``, as a tuple."""
        value = self.get(key)
        if not isinstance(value, list) or not all(isinstance(item, bool) for item in value):
            raise SerializationError(f"{self.name(key)} must be a list of true/false, got {_short(value)}")
        return tuple(value)

    def cards(self, key: str, value: Any = _MISSING) -> tuple[Card, ...]:
        """The cards of the card text in field ``key`` (or ``value``)."""
        value = self.get(key) if value is _MISSING else value
        if not isinstance(value, str):
            raise SerializationError(f"{self.name(key)} must be card text, got {_short(value)}")
        try:
            return parse_cards(value)
        except RemiError as error:
            raise SerializationError(f"{self.name(key)}: {error}") from None

    def hands(self, key: str) -> tuple[tuple[Card, ...], ...]:
        """The hands of the list of card texts in field ``key``."""
        value = self.get(key)
        if not isinstance(value, list):
            raise SerializationError(f"{self.name(key)} must be a list of card texts, got {_short(value)}")
        return tuple(self.cards(key, hand) for hand in value)


def _short(value: Any) -> str:
    """``value``'s repr, cut to 60 characters for a sentence."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _load(text: str | bytes) -> Any:
    """The JSON value ``text`` holds; refuse what is not JSON."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SerializationError(f"expected JSON text, got {type(text).__name__}")
    import json  # deferred: `import remi` does not load json before a variant or a state is written as text

    try:
        return json.loads(text)
    except RecursionError:
        raise SerializationError("not a remi state: the JSON is nested too deeply") from None
    except (TypeError, ValueError) as error:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise SerializationError(f"not JSON: {error}") from None


def _variant(data: dict[str, Any], variant: Variant | None) -> Variant:
    """The variant a state was played under: ``variant`` if given, else the registered one it names."""
    if variant is not None and not isinstance(variant, Variant):
        raise RemiError(f"variant= takes a Variant, got {_short(variant)}", Reason.BAD_ARGUMENT)
    info = data.get("variant")
    if not isinstance(info, dict) or not isinstance(info.get("name"), str) or not isinstance(info.get("version"), str):
        raise SerializationError("'variant' must be an object with a name and a version")
    _Reader(info, "'variant' ").only("name", "version", *(("rules",) if data["format_version"] >= 3 else ()))
    if variant is None and "rules" in info:
        try:
            variant = Variant.from_dict(info["rules"])
        except RemiError as error:
            raise SerializationError(f"'variant' 'rules': {error}", Reason.BAD_VARIANT) from None
    if variant is None:
        try:
            variant = get(info["name"])
        except RemiError as error:
            raise SerializationError(str(error), Reason.UNKNOWN_VARIANT) from None
    if variant.name != info["name"] or variant.version != info["version"]:
        raise SerializationError(
            f"the state was played under {info['name']} version {info['version']}, "
            f"not {variant.name} version {variant.version}"
        )
    return variant


def _decode(data: dict[str, Any], variant: Variant, version: int) -> dict[str, Any]:
    """Every field of the state, each of the right type (values are checked by the replay)."""
    r = _Reader(data)
    seed = r.get("seed")
    problem = seed_problem(seed)
    if problem:
        raise SerializationError(f"'seed' {problem}")
    table = []
    raw_table = r.get("table")
    if not isinstance(raw_table, list):
        raise SerializationError(f"'table' must be a list of melds, got {_short(raw_table)}")
    for entry in raw_table:
        if not isinstance(entry, dict):
            raise SerializationError(f"each 'table' meld must be an object, got {_short(entry)}")
        meld = _Reader(entry, "'table' meld ")
        meld.only("kind", "cards", "owner", "turn")
        kind_raw = meld.get("kind")
        if kind_raw not in ("set", "run"):
            raise SerializationError(f"'table' meld 'kind' must be 'set' or 'run', got {_short(kind_raw)}")
        kind = MeldKind(kind_raw)
        table.append(TableMeld(kind, meld.cards("cards"), meld.need_int("owner"), meld.integer("turn", optional=True)))
    laid_raw = r.get("laid")
    if not isinstance(laid_raw, list):
        raise SerializationError(f"'laid' must list requirement indices per seat, got {_short(laid_raw)}")
    scores_raw = r.get("deal_scores")
    if not isinstance(scores_raw, list):
        raise SerializationError(f"'deal_scores' must be a list of lists of integers, got {_short(scores_raw)}")
    phase_raw = r.get("phase")
    if phase_raw not in [phase.value for phase in Phase]:
        raise SerializationError(f"'phase' must be one of draw, buy, play, over; got {_short(phase_raw)}")
    phase = Phase(phase_raw)
    taken = r.get("taken")
    if taken is not None:
        if not isinstance(taken, str):
            raise SerializationError(f"'taken' must be a card or null, got {_short(taken)}")
        try:
            taken = parse_card(taken)
        except RemiError as error:
            raise SerializationError(f"'taken': {error}") from None
    return {
        "variant": variant,
        "players": r.need_int("players"),
        "seed": seed,
        "deal": r.need_int("deal"),
        "dealer": r.need_int("dealer"),
        "levels": r.ints("levels"),
        "wins": r.ints("wins"),
        "scores": r.ints("scores"),
        "deal_scores": tuple(r.ints("deal_scores", row) for row in scores_raw),
        "hands": tuple(tuple(sorted(hand, key=lambda c: c.index)) for hand in r.hands("hands")),
        "stock": r.cards("stock"),
        "discard_pile": r.cards("discard_pile"),
        "table": tuple(table),
        "laid": tuple(frozenset(r.ints("laid", seat)) for seat in laid_raw),
        "layoffs": r.ints("layoffs"),
        "buys": r.ints("buys"),
        "rebuilds": r.need_int("rebuilds"),
        "on_turn": r.need_int("on_turn"),
        "to_act": r.integer("to_act", optional=True),
        "phase": phase,
        "buy_queue": r.ints("buy_queue"),
        "discarder": r.integer("discarder", optional=True),
        "taken": taken,
        "turn": r.need_int("turn"),
        "last_deal": _read_deal(r.get("last_deal"), version),
        "start": _read_start(r.get("start")),
        "_history": _read_history(r.get("history")),
    }


def _read_deal(raw: Any, version: int) -> dict[str, Any] | None:
    """The DealResult fields that a deal result in format ``version`` records (:func:`replay` adds the rest)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise SerializationError(f"'last_deal' must be an object or null, got {_short(raw)}")
    inner = _Reader(raw, "'last_deal' ")
    keys = _DEAL_KEYS[version]
    inner.only(*keys)
    return {key: _DEAL_CODEC[key][1](inner, key) for key in keys}


def _format_version(data: dict[str, Any]) -> int:
    """The format of ``data``, one this remi reads."""
    known = f"this remi reads formats {', '.join(map(str, FORMAT_VERSIONS[:-1]))} and {FORMAT_VERSIONS[-1]}"
    if "format_version" not in data:
        raise SerializationError(f"this JSON has no 'format_version'; {known}", Reason.UNSUPPORTED_FORMAT)
    version = data["format_version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise SerializationError(
            f"this JSON's 'format_version' is {_short(version)}, not a format number; {known}",
            Reason.UNSUPPORTED_FORMAT,
        )
    if version not in FORMAT_VERSIONS:
        why = "upgrade remi" if version > FORMAT_VERSIONS[-1] else "no remi writes it"
        raise SerializationError(f"this JSON is format {version}; {known} ({why})", Reason.UNSUPPORTED_FORMAT)
    return version


def _read_start(raw: Any) -> tuple[tuple[str, Any], ...]:
    """The ``start`` pairs, deeply immutable: a value is a scalar, or a list of scalars or of lists of scalars."""
    if not isinstance(raw, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) for pair in raw
    ):
        raise SerializationError("'start' must be a list of [name, value] pairs")
    return tuple((key, _frozen(key, value, 2)) for key, value in raw)


def _frozen(key: str, value: Any, depth: int) -> Any:
    """A ``start`` value with its lists made tuples, ``depth`` levels deep at most."""
    if isinstance(value, list):
        if depth == 0:
            raise SerializationError(f"'start' value {key!r} is nested too deeply")
        return tuple(_frozen(key, item, depth - 1) for item in value)
    if isinstance(value, dict):
        raise SerializationError(f"'start' value {key!r} holds an object, got {_short(value)}")
    return value


def _read_history(raw: Any) -> tuple[Action, ...]:
    """The actions of the ``history`` field, read from their text."""
    if not isinstance(raw, list):
        raise SerializationError(f"'history' must be a list of actions, got {_short(raw)}")
    actions = []
    for index, text in enumerate(raw):
        if not isinstance(text, str):
            raise SerializationError(f"'history' action {index} must be action text, got {_short(text)}")
        try:
            actions.append(parse_action(text))
        except RemiError as error:
            raise SerializationError(f"'history' action {index} ({_short(text)}): {error}") from None
    return tuple(actions)


# -- reading: the replay -------------------------------------------------------------------------------


def state_from_json(
    text: str | bytes,
    variant: Variant | None,
    new_game: Callable[..., GameState],
    fields: Sequence[str],
) -> GameState:
    """Read a state: each field's type, then its value, by replaying the history from the start.

    ``new_game`` is :func:`remi.new_game`; ``fields`` are the names of a state's fields.
    """
    data = _load(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SerializationError(f"not a remi state (expected an object with format {FORMAT!r})")
    version = _format_version(data)
    _Reader(data).only("format", "format_version", "history", *(name for name in fields if name != "_history"))
    variant = _variant(data, variant)
    values = _decode(data, variant, version)
    return replay(values["start"], values["_history"], variant, new_game, values)


def replay(
    start: tuple[tuple[str, Any], ...],
    history: tuple[Action, ...],
    variant: Variant,
    new_game: Callable[..., GameState],
    expected: dict[str, Any] | None = None,
) -> GameState:
    """The state that ``history`` leads to from ``start``; with ``expected``, it must have those fields.

    ``expected["last_deal"]`` holds the fields of a deal result that the file
    recorded (see :func:`_read_deal`); the others are the replay's.

    Raises:
        SerializationError: Naming ``start``, the action of ``history`` that is
            illegal, or the first field that differs from the replay's.
    """
    try:
        state = game_from_start(start, variant, new_game)
    except RemiError as error:
        raise SerializationError(f"'start' describes no position: {error}") from None
    if state.start != start:
        raise SerializationError(
            f"'start' is not as new_game records it: expected {_short(_json(state.start))}, got {_short(_json(start))}"
        )
    for index, action in enumerate(history):
        try:
            state = state.apply(as_recorded_before_destinations(state, action))
        except RemiError as error:
            raise SerializationError(f"'history' action {index} ({action}) cannot be played there: {error}") from None
    if expected is not None:
        expected = {**expected, "last_deal": _last_deal(expected["last_deal"], state.last_deal)}
        differ = [name for name in _ORDER if getattr(state, name) != expected[name]]
        if differ:
            first = differ[0]
            others = ""
            if differ[1:]:
                verb = "differs" if len(differ) == 2 else "differ"
                others = f" (and {', '.join(map(repr, differ[1:]))} {verb} too)"
            raise SerializationError(
                f"{first!r} does not follow from 'start' and 'history': it is "
                f"{_short(_shown(first, expected[first]))}, but the replay gives "
                f"{_short(_shown(first, getattr(state, first)))}{others}"
            )
    return state


#: The fields compared with the replay's, the telling ones first.
_ORDER = (
    "variant", "players", "seed", "deal", "phase", "to_act", "on_turn", "buy_queue", "dealer", "levels", "wins",
    "scores", "deal_scores", "last_deal", "hands", "stock", "discard_pile", "table", "laid", "layoffs", "buys",
    "rebuilds", "discarder", "taken", "turn",
)


def _last_deal(recorded: dict[str, Any] | None, replayed: DealResult | None) -> DealResult | dict[str, Any] | None:
    """The recorded deal result, its fields that the file's format lacks taken from the replay's."""
    if recorded is None or replayed is None:
        return recorded  # equal only if both are None
    return attrs.evolve(replayed, **recorded)


def _json(start: tuple[tuple[str, Any], ...]) -> str:
    """The ``start`` pairs as JSON text."""
    import json  # deferred: `import remi` does not load json before a variant or a state is written as text

    return json.dumps([[key, value] for key, value in start], ensure_ascii=False)


def _shown(name: str, value: Any) -> Any:
    """A field's value as the JSON shows it."""
    if name in ("stock", "discard_pile"):
        return format_cards(value)
    if name == "hands":
        return [format_cards(hand) for hand in value]
    if name == "phase":
        return value.value
    if name == "taken":
        return None if value is None else str(value)
    if name == "table":
        return [str(meld) for meld in value]
    if name == "laid":
        return [sorted(laid) for laid in value]
    if isinstance(value, tuple):
        return list(value)
    return value
