"""Rules as data: a variant as a plain JSON-able dict and back, and the JSON Schema of that dict.

Private: the public faces are :meth:`remi.Variant.to_dict`, :meth:`remi.Variant.from_dict`,
:func:`remi.variants.schema` and :func:`remi.variants.load_rules`. This module knows the variant
class only as the argument it is handed (it lies in the model layer, below ``remi.variant``).

A part that is a subclass of its field's class (one that overrides a hook) is named in its dict by
its class, ``"class": "module.Qualname"``. Reading resolves such a name only among classes already
known: the part classes of every registered, built-in or installed variant (from the sources
:func:`add_variant_source` was given) and the classes the caller allows. It never imports a module
named in the data: rules from a stranger cannot run code.
"""

from __future__ import annotations

import enum
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from remi._util import printable
from remi.contracts import Contract, Requirement
from remi.errors import Reason, RemiError, VariantError
from remi.melds import LONGEST_RUN, MOST_CARDS

__all__ = [
    "BOUNDS",
    "HOOK_BOUNDS",
    "SCHEMA_DIALECT",
    "add_variant_source",
    "class_name",
    "variant_from_dict",
    "variant_schema",
    "variant_to_dict",
]

#: The JSON Schema dialect :func:`variant_schema` writes.
SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: The key of a part's dict that names its class, when it is a subclass of the field's class.
CLASS_KEY = "class"
#: The most points a card left in hand may cost (or, negative, earn), as :class:`~remi.Scoring` checks.
_MOST_POINTS = 10_000
#: The bounds of integer fields (and of the integers in list fields), as the parts check them, for the schema.
#: ``tests/test_rules_schema.py`` checks each against the parts' own validation.
BOUNDS: Mapping[str, tuple[int | None, int | None]] = {
    "min_players": (2, 16),
    "max_players": (2, 16),
    "recommended_players": (2, None),
    "deck.packs": (1, 8),
    "deck.jokers": (0, 64),
    "melds.set_min": (2, MOST_CARDS),
    "melds.set_max": (2, MOST_CARDS),
    "melds.run_min": (2, LONGEST_RUN),
    "melds.run_max": (2, LONGEST_RUN),
    "melds.min_naturals": (0, 3),
    "contracts.deal_sizes": (1, None),
    "contracts.same_suit_run_gap": (0, 12),
    "layoffs.own_meld_delay": (0, 1000),
    "buying.penalty": (0, 100),
    "buying.limit": (0, None),
    "match.stock_rebuilds": (0, None),
    "match.turn_limit": (1, None),
    "scoring.joker_points": (-_MOST_POINTS, _MOST_POINTS),
    "scoring.rank_points": (-_MOST_POINTS, _MOST_POINTS),
    "scoring.dead_two_points": (-_MOST_POINTS, _MOST_POINTS),
}
#: The most a winner may score in one deal (or, negative, earn), as :class:`~remi.Variant` checks
#: :meth:`Scoring.winner_score <remi.Scoring.winner_score>` when built.
_MOST_SCORE = 1_000_000
#: The bounds of the integers the parts' hooks return, as :class:`~remi.Variant` probes them when built
#: (and checks them when a hook is asked again in play); beside :data:`BOUNDS`, so that each bound lives in
#: one place. The deck's hook, :meth:`Deck.for_players <remi.Deck.for_players>`, is bounded by
#: ``deck.packs`` and ``deck.jokers`` there.
HOOK_BOUNDS: Mapping[str, tuple[int, int]] = {
    "scoring.card_points": (-_MOST_POINTS, _MOST_POINTS),
    "scoring.winner_score": (-_MOST_SCORE, _MOST_SCORE),
    "layoffs.quota": (0, MOST_CARDS),
}
#: What a requirement's text looks like (as :meth:`remi.Requirement.parse` reads it).
_REQUIREMENT_PATTERN = r"^ *(set|run|SET|RUN|Set|Run) +[0-9]{1,3} *$"

#: Where the variants whose part classes are known come from (``remi.variants`` adds its registry).
_variant_sources: list[Callable[[], Iterable[object]]] = []


def add_variant_source(source: Callable[[], Iterable[object]]) -> None:
    """Let reading resolve the part classes of the variants ``source()`` yields (called only when needed)."""
    _variant_sources.append(source)


def class_name(cls: type) -> str:
    """A class's dotted name, as a part's dict names it: ``"remi.variants.english.EnglishScoring"``."""
    return f"{cls.__module__}.{cls.__qualname__}"


def _fail(message: str) -> typing.NoReturn:
    raise VariantError(message, Reason.BAD_VARIANT)


_hints: dict[type, dict[str, Any]] = {}


def _type_hints(cls: type) -> dict[str, Any]:
    """The resolved field types of the attrs class ``cls`` (cached)."""
    found = _hints.get(cls)
    if found is None:
        found = typing.get_type_hints(cls)
        _hints[cls] = found
    return found


def _init_fields(cls: type) -> dict[str, attrs.Attribute[Any]]:
    """The fields ``cls(...)`` takes, by the keyword that sets each."""
    return {field.alias or field.name: field for field in attrs.fields(cls) if field.init}


# -- writing ---------------------------------------------------------------------------------------


def _plain(value: object, where: str) -> Any:
    """``value`` as JSON-able data: enums as their values, contracts as name and requirements, tuples as lists."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, enum.Enum):
        return _plain(value.value, where)
    if isinstance(value, Contract):
        return {"name": value.name, "requirements": [str(requirement) for requirement in value.requirements]}
    if isinstance(value, (tuple, list)):
        return [_plain(item, where) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(item, where) for item in value)
    if attrs.has(type(value)):
        return _part_to_dict(value, where)
    _fail(f"{where}: {printable(value)} cannot be written as data")


def _part_to_dict(part: object, label: str, base: type | None = None) -> dict[str, Any]:
    """A part's fields as a dict, with its class named when it is not ``base``."""
    cls = type(part)
    data: dict[str, Any] = {}
    if base is not None and cls is not base:
        data[CLASS_KEY] = class_name(cls)
    for name, field in _init_fields(cls).items():
        data[name] = _plain(getattr(part, field.name), f"{label}.{name}")
    return data


def variant_to_dict(variant: object) -> dict[str, Any]:
    """Every field of ``variant`` (a :class:`~remi.Variant`) as plain JSON-able data."""
    cls = type(variant)
    hints = _type_hints(cls)
    data: dict[str, Any] = {}
    for name, field in _init_fields(cls).items():
        value = getattr(variant, field.name)
        if name == "references":
            data[name] = dict(value)
        elif attrs.has(hints[name]):
            data[name] = _part_to_dict(value, name, hints[name])
        else:
            data[name] = _plain(value, name)
    return data


# -- reading ---------------------------------------------------------------------------------------


class _Shape(enum.Enum):
    """The shapes of field types that rules as data can hold."""

    SCALAR = "bool, int or str"
    ENUM = "an enum"
    CONTRACT = "a contract"
    OPTIONAL = "a type or None"
    LIST = "a tuple of any length"
    FIXED = "a tuple of fixed length"
    SET = "a frozenset"


def _shape(hint: Any, where: str) -> tuple[_Shape, tuple[Any, ...]]:
    """The shape of the field type ``hint`` and the types inside it (a refusal for any other type)."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if hint in (bool, int, str):
        return _Shape.SCALAR, (hint,)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _Shape.ENUM, (hint,)
    if hint is Contract:
        return _Shape.CONTRACT, ()
    others = tuple(argument for argument in arguments if argument is not type(None))
    if origin in (types.UnionType, typing.Union) and len(others) == 1 and len(arguments) == 2:
        return _Shape.OPTIONAL, others
    if origin is tuple and len(arguments) == 2 and arguments[1] is Ellipsis:
        return _Shape.LIST, arguments[:1]
    if origin is tuple:
        return _Shape.FIXED, arguments
    if origin is frozenset:
        return _Shape.SET, arguments
    _fail(f"{where}: a field of type {hint} cannot be rules as data")


#: How each scalar type is said in a refusal.
_SCALAR_WORDS = {bool: "true or false", int: "an integer", str: "a string"}


def _describe(hint: Any) -> str:
    """What a value of type ``hint`` looks like as data, for a refusal."""
    shape, inner = _shape(hint, "")
    if shape is _Shape.SCALAR:
        return _SCALAR_WORDS[inner[0]]
    if shape is _Shape.ENUM:
        return "one of " + ", ".join(repr(member.value) for member in inner[0])
    if shape is _Shape.CONTRACT:
        return 'a contract {"name": ..., "requirements": ["set 3", "run 4", ...]}'
    if shape is _Shape.OPTIONAL:
        return f"{_describe(inner[0])} or null"
    if shape is _Shape.FIXED:
        return f"a list of {len(inner)}: " + ", ".join(_describe(argument) for argument in inner)
    return f"a list, each entry {_describe(inner[0])}"


def _refuse(where: str, hint: Any, value: object) -> typing.NoReturn:
    shown = printable(value)
    if len(shown) > 80:
        shown = shown[:77] + "..."
    _fail(f"{where} must be {_describe(hint)}, got {shown}")


def _structure(value: object, hint: Any, where: str) -> Any:
    """``value`` (data) as a value of type ``hint``, or a refusal naming ``where`` and what was expected."""
    shape, inner = _shape(hint, where)
    if shape is _Shape.SCALAR:
        if not _is_scalar(value, inner[0]):
            _refuse(where, hint, value)
        return value
    if shape is _Shape.ENUM:
        return _member(value, inner[0], where)
    if shape is _Shape.CONTRACT:
        return _contract(value, where)
    if shape is _Shape.OPTIONAL:
        if value is None:
            return None
        if inner[0] in _SCALAR_WORDS and not _is_scalar(value, inner[0]):
            _refuse(where, hint, value)  # (saying that null would do too)
        return _structure(value, inner[0], where)
    if not isinstance(value, list) or (shape is _Shape.FIXED and len(value) != len(inner)):
        _refuse(where, hint, value)
    kinds = inner if shape is _Shape.FIXED else inner * len(value)
    items = (_structure(item, kind, f"{where}[{index}]")
             for index, (item, kind) in enumerate(zip(value, kinds, strict=True)))
    return frozenset(items) if shape is _Shape.SET else tuple(items)


def _is_scalar(value: object, kind: type) -> bool:
    """Whether ``value`` is a ``kind`` (``bool``, ``int`` or ``str``; a bool is no int)."""
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _member(value: object, kind: type[enum.Enum], where: str) -> enum.Enum:
    """The member of ``kind`` whose value is ``value``."""
    for member in kind:
        if type(value) is type(member.value) and member.value == value:
            return member
    _refuse(where, kind, value)


def _contract(value: object, where: str) -> Contract:
    """A contract from ``{"name": ..., "requirements": [...]}``."""
    if not isinstance(value, dict):
        _refuse(where, Contract, value)
    _only(value, ("name", "requirements"), where)
    requirements = value.get("requirements")
    if not isinstance(requirements, list) or not all(isinstance(text, str) for text in requirements):
        _fail(f"{where}.requirements must be a list of texts such as 'set 3' or 'run 4', got "
              f"{printable(requirements)}")
    name = _structure(value.get("name", ""), str, f"{where}.name")
    try:
        return Contract(tuple(Requirement.parse(text) for text in requirements), name)
    except VariantError as error:
        _fail(f"{where}: {error}")


def _only(data: Mapping[str, Any], known: Iterable[str], where: str) -> None:
    """Refuse the keys of ``data`` that are not ``known``, naming them."""
    allowed = set(known)
    unknown = [key for key in data if key not in allowed]
    if unknown:
        what = f"{where} has" if where else "the rules have"
        shown = ", ".join(printable(key) for key in unknown)
        _fail(f"{what} no field {shown} (known: {', '.join(sorted(allowed))})")


def _known_classes(allow: Iterable[type]) -> dict[str, type]:
    """The part classes reading may name, by dotted name: the known variants' and those allowed."""
    found: dict[str, type] = {}
    for source in _variant_sources:
        for variant in source():
            kind: Any = type(variant)
            if attrs.has(kind):
                for field in attrs.fields(kind):
                    value = getattr(variant, field.name, None)
                    if field.init and attrs.has(type(value)):
                        found[class_name(type(value))] = type(value)
    for cls in allow:
        if not isinstance(cls, type):
            raise RemiError(f"allow= takes classes, got {printable(cls)}", Reason.BAD_ARGUMENT)
        found[class_name(cls)] = cls
    return found


def _part_class(data: Mapping[str, Any], base: type, label: str, allow: Iterable[type]) -> type:
    """The class a part's dict names (never imported: only a known class), else ``base``."""
    if CLASS_KEY not in data:
        return base
    name = data[CLASS_KEY]
    if not isinstance(name, str):
        _fail(f"{label}.{CLASS_KEY} must be a class name (text), got {printable(name)}")
    if name == class_name(base):
        return base
    cls = _known_classes(allow).get(name)
    if cls is None:
        _fail(f"{label}.{CLASS_KEY}: {printable(name)} is no part class of a registered, built-in or installed "
              f"variant, nor one passed as allow= (a class named in data is never imported)")
    if not issubclass(cls, base):
        _fail(f"{label}.{CLASS_KEY}: {printable(name)} is not a {base.__name__} class")
    return cls


def _part_from_dict(data: object, base: type, label: str, allow: Iterable[type]) -> object:
    """A part built from its dict: fields read by type, then checked by the part itself."""
    if not isinstance(data, dict):
        _fail(f"{label} must be a table of {base.__name__} fields, got {printable(data)[:80]}")
    cls = _part_class(data, base, label, allow)
    fields = _init_fields(cls)
    _only(data, (*fields, CLASS_KEY), label)
    hints = _type_hints(cls)
    values = {name: _structure(value, hints[fields[name].name], f"{label}.{name}")
              for name, value in data.items() if name != CLASS_KEY}
    _required(values, fields, label)
    return _build(cls, values, label)


def _required(values: Mapping[str, Any], fields: Mapping[str, attrs.Attribute[Any]], where: str) -> None:
    """Refuse ``values`` if a field without a default is missing."""
    missing = [name for name, field in fields.items() if field.default is attrs.NOTHING and name not in values]
    if missing:
        _fail(f"{where or 'the rules'} must give {', '.join(missing)}")


def _build(cls: type, values: Mapping[str, Any], where: str) -> Any:
    """``cls(**values)``; a failure becomes a refusal that starts with ``where`` (the part's field name)."""
    try:
        return cls(**values)
    except RemiError as error:
        if not where or str(error).startswith(f"{where}:"):
            raise
        raise type(error)(f"{where}: {error}", error.reason) from None
    except (TypeError, ValueError, ArithmeticError) as error:  # a subclass's own checks
        _fail(f"{where or 'the rules'}: {type(error).__name__}: {error}")


def _references(value: object) -> dict[str, str]:
    """The references map: rule names to clause labels (the variant checks the names)."""
    if not isinstance(value, dict) or not all(isinstance(key, str) and isinstance(label, str)
                                              for key, label in value.items()):
        _fail(f"references must map rule names to clause labels (texts), got {printable(value)[:80]}")
    return dict(value)


def variant_from_dict(variant_class: type, data: object, allow: Iterable[type] = ()) -> Any:
    """A ``variant_class`` built from ``data`` as :func:`variant_to_dict` writes it."""
    if not isinstance(data, Mapping):
        _fail(f"rules are a table of fields, got {printable(data)[:80]}")
    allow = tuple(allow) if isinstance(allow, Iterable) else allow
    if not isinstance(allow, tuple):
        raise RemiError(f"allow= takes a sequence of classes, got {printable(allow)}", Reason.BAD_ARGUMENT)
    fields = _init_fields(variant_class)
    _only(data, fields, "")
    hints = _type_hints(variant_class)
    values: dict[str, Any] = {}
    for name, value in data.items():
        hint = hints[fields[name].name]
        if name == "references":
            values[name] = _references(value)
        elif attrs.has(hint):
            values[name] = _part_from_dict(value, hint, name, allow)
        else:
            values[name] = _structure(value, hint, name)
    _required(values, fields, "")
    return _build(variant_class, values, "")


# -- the schema ------------------------------------------------------------------------------------


def attribute_docs(cls: type) -> dict[str, str]:
    """Each field's sentence from the ``Attributes:`` section of ``cls``'s docstring (and its bases')."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        found.update(_docstring_attributes(klass.__doc__ or ""))
    return found


_ENTRY = re.compile(r"(\s*)([A-Za-z_][A-Za-z0-9_]*): (.*)")


def _docstring_attributes(doc: str) -> dict[str, str]:
    """The entries of a Google-style ``Attributes:`` section, each joined into one line."""
    found: dict[str, str] = {}
    lines = doc.splitlines()
    start = next((index for index, line in enumerate(lines) if line.strip() == "Attributes:"), None)
    if start is None:
        return found
    indent: int | None = None
    current = ""
    for line in lines[start + 1:]:
        if not line.strip():
            break
        entry = _ENTRY.fullmatch(line)
        depth = len(line) - len(line.lstrip())
        if entry and (indent is None or depth == indent):
            indent = depth
            current = entry[2]
            found[current] = entry[3].strip()
        elif current and indent is not None and depth > indent:
            found[current] += " " + line.strip()
        else:
            break
    return {name: _plain_text(text) for name, text in found.items()}


def _plain_text(text: str) -> str:
    """Sphinx markup as plain text: ``:class:`~remi.Deck``` as ``Deck``, ````x```` as ``x``."""
    text = re.sub(r":[a-z]+:`~?([^`<]*?)(?: <[^>]*>)?`", lambda match: match[1].rsplit(".", 1)[-1], text)
    return text.replace("``", "")


def _type_schema(hint: Any, bounds: tuple[int | None, int | None] | None) -> dict[str, Any]:
    """The JSON Schema of a value of type ``hint`` (integers within ``bounds``)."""
    shape, inner = _shape(hint, "")
    if shape is _Shape.SCALAR:
        return _scalar_schema(inner[0], bounds)
    if shape is _Shape.ENUM:
        return {"type": "string", "enum": [member.value for member in inner[0]]}
    if shape is _Shape.CONTRACT:
        return _CONTRACT_SCHEMA
    if shape is _Shape.OPTIONAL:
        return {"anyOf": [_type_schema(inner[0], bounds), {"type": "null"}]}
    if shape is _Shape.FIXED:
        return {"type": "array", "prefixItems": [_type_schema(argument, bounds) for argument in inner],
                "items": False, "minItems": len(inner), "maxItems": len(inner)}
    schema = {"type": "array", "items": _type_schema(inner[0], bounds)}
    return {**schema, "uniqueItems": True} if shape is _Shape.SET else schema


def _scalar_schema(kind: type, bounds: tuple[int | None, int | None] | None) -> dict[str, Any]:
    """The JSON Schema of a bool, a str, or an int within ``bounds``."""
    if kind is not int:
        return {"type": "boolean" if kind is bool else "string"}
    schema: dict[str, Any] = {"type": "integer"}
    low, high = bounds or (None, None)
    if low is not None:
        schema["minimum"] = low
    if high is not None:
        schema["maximum"] = high
    return schema


_CONTRACT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "description": "How players call it, e.g. '3-4'."},
        "requirements": {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": _REQUIREMENT_PATTERN},
                         "description": "The melds asked for, e.g. 'set 3', 'run 4'."},
    },
    "required": ["requirements"],
    "additionalProperties": False,
}


def _field_schema(cls: type, name: str, field: attrs.Attribute[Any], label: str) -> dict[str, Any]:
    """The schema of one field of ``cls``: its type, bounds, default and description."""
    key = f"{label}.{name}" if label else name
    schema = dict(_type_schema(_type_hints(cls)[field.name], BOUNDS.get(key)))
    description = attribute_docs(cls).get(name)
    if description:
        schema["description"] = description
    if field.default is not attrs.NOTHING:
        default = _default(field, key)
        if not (typing.get_origin(_type_hints(cls)[field.name]) is tuple and not isinstance(default, list)):
            schema["default"] = default  # (not one GoingOut standing for every contract: the list says it)
    return schema


def _default(field: attrs.Attribute[Any], where: str) -> Any:
    """A field's default value as data."""
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        default = default.factory()
    if callable(field.converter):
        default = field.converter(default)
    return _plain(default, where)


def _part_schema(base: type, label: str) -> dict[str, Any]:
    """The schema of a part's dict."""
    fields = _init_fields(base)
    properties: dict[str, Any] = {
        CLASS_KEY: {"type": "string", "description": f"The dotted name of a {base.__name__} subclass that "
                    "overrides a hook; only classes of known variants are accepted."},
    }
    for name, field in fields.items():
        properties[name] = _field_schema(base, name, field, label)
    schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    summary = (base.__doc__ or "").strip().splitlines()
    if summary:
        schema["description"] = summary[0]
    required = [name for name, field in fields.items() if field.default is attrs.NOTHING]
    if required:
        schema["required"] = required
    return schema


def variant_schema(variant_class: type, rule_keys: Iterable[str]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the dict :func:`variant_to_dict` writes for ``variant_class``."""
    fields = _init_fields(variant_class)
    hints = _type_hints(variant_class)
    docs = attribute_docs(variant_class)
    properties: dict[str, Any] = {}
    for name, field in fields.items():
        hint = hints[field.name]
        if name == "references":
            schema: dict[str, Any] = {"type": "object", "propertyNames": {"enum": sorted(rule_keys)},
                                      "additionalProperties": {"type": "string"}, "default": {}}
        elif attrs.has(hint):
            schema = _part_schema(hint, name)
        else:
            schema = _field_schema(variant_class, name, field, "")
        if name in docs:
            schema["description"] = docs[name]
        properties[name] = schema
    return {
        "$schema": SCHEMA_DIALECT,
        "title": f"remi {variant_class.__name__.lower()}",
        "description": "A contract-rummy variant as data: its labels and every rule part's fields.",
        "type": "object",
        "properties": properties,
        "required": [name for name, field in fields.items() if field.default is attrs.NOTHING],
        "additionalProperties": False,
    }
