"""House rules as data: the schema of a variant's dict, and rules read from a TOML file.

Private: :func:`remi.variants.schema`, :func:`remi.variants.load_rules` and
:func:`remi.variants.rules_from_toml` are the public names.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from remi._ruledata import variant_schema
from remi._util import printable
from remi.errors import Reason, VariantError
from remi.variant import RULE_KEYS, Variant

__all__ = ["BASE_KEY", "load_rules", "rules_from_toml", "rules_to_embed", "schema", "use_registry"]

#: The key of a rules file that names the variant it changes.
BASE_KEY = "base"

#: How a rules file's base is found (:func:`remi.variants.get`), and how a game's variant is looked up
#: without reading the installed plugins: the registry hands both over as it is imported.
_registry: list[Callable[[str], Variant]] = []
_known: list[Callable[[str], Variant | None]] = []


def use_registry(get: Callable[[str], Variant], known: Callable[[str], Variant | None]) -> None:
    """Find variants with the registry: ``get`` by name, ``known`` among those loaded or built in, or ``None``."""
    _registry[:] = [get]
    _known[:] = [known]


def rules_to_embed(variant: Variant) -> dict[str, Any] | None:
    """``variant``'s rules as data when the registry does not know them, else ``None``.

    A snapshot or a record names a built-in or registered variant by name and
    version only; of any other variant (or one registered under its name with
    other rules, by fingerprint) it carries the rules. The installed plugins are
    not read for this (that takes milliseconds): a plugin's variant that was never
    loaded carries its rules too, which reads back to the same rules.
    """
    registered = _known[0](variant.name)
    if registered is None:
        return variant.to_dict()
    if registered is variant or (registered.version == variant.version
                                 and registered.fingerprint == variant.fingerprint):
        return None
    return variant.to_dict()


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a variant as data (:meth:`Variant.to_dict <remi.Variant.to_dict>`).

    Every field of every part, with its type, its bounds, its default and the
    sentence that documents it: what a lobby needs to build a form of house rules.

    >>> import remi
    >>> buying = remi.variants.schema()["properties"]["buying"]["properties"]
    >>> buying["limit"]["anyOf"], buying["limit"]["default"]
    ([{'type': 'integer', 'minimum': 0}, {'type': 'null'}], None)
    >>> buying["limit"]["description"]
    'Buys per player per deal (None: no limit).'

    .. versionadded:: 0.2.0
    """
    return variant_schema(Variant, RULE_KEYS)


def _merged(base: dict[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``changes`` applied: a part's table changes only the fields it names."""
    merged = dict(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict) and key != "references":
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    return merged


def rules_from_toml(
    text: str, *, where: str = "the rules", get: Callable[[str], Variant] | None = None, allow: Iterable[type] = ()
) -> Variant:
    r"""The variant a rules text in TOML describes (see :func:`load_rules`).

    Args:
        text: The TOML text.
        where: What to call the text in refusals (a file's path).
        get: How to find the base variant by name (default :func:`remi.variants.get`).
        allow: Further part classes the rules may name (:meth:`Variant.from_dict <remi.Variant.from_dict>`).

    Raises:
        VariantError: If the text is not TOML, names an unknown base, or its rules
            are refused; the sentence starts with ``where``.

    >>> import remi
    >>> house = remi.variants.rules_from_toml('base = "norwegian"\nname = "house"\n[buying]\nlimit = 3\n')
    >>> house.name, house.buying.limit, house.contracts == remi.variants.get("norwegian").contracts
    ('house', 3, True)

    .. versionadded:: 0.2.0
    """
    if not isinstance(text, str):
        raise VariantError(f"{where}: expected TOML text, got {type(text).__name__}", Reason.BAD_ARGUMENT)
    import tomllib  # deferred: `import remi` does not load a TOML parser before rules are read from TOML

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise VariantError(f"{where}: not TOML: {error}") from None
    base_name = data.pop(BASE_KEY, None)
    try:
        if base_name is not None:
            if not isinstance(base_name, str):
                raise VariantError(f"{BASE_KEY} must name a variant (text), got {printable(base_name)}")
            lookup = get or _registry[0]
            data = _merged(lookup(base_name).to_dict(), data)
        return Variant.from_dict(data, allow=allow)
    except VariantError as error:
        raise VariantError(f"{where}: {error}", error.reason) from None


def load_rules(path: str | os.PathLike[str], *, allow: Iterable[type] = ()) -> Variant:
    r"""The variant a rules file in TOML describes: a base variant and the fields it changes.

    The file names a ``base`` variant (registered or built in) and changes its
    fields part by part; a table changes only the fields it names. Without a
    ``base``, the file gives the whole variant (at least ``name`` and ``contracts``).
    An unknown key is refused, never ignored::

        base = "norwegian"
        name = "house"
        [buying]
        limit = 3

    Args:
        path: The file.
        allow: Further part classes the file may name.

    Raises:
        VariantError: If the file cannot be read, is not TOML, or its rules are
            refused; the sentence names the file, the part and the field.

    >>> import pathlib, tempfile, remi
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "house.toml"
    >>> _ = path.write_text('base = "norwegian"\nname = "house"\n[buying]\nlimit = 3\n')
    >>> remi.variants.load_rules(path).buying.limit
    3
    >>> _ = path.write_text('base = "norwegian"\n[buying]\nlimt = 3\n')
    >>> remi.variants.load_rules(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    remi.errors.VariantError: .../house.toml: buying has no field 'limt' (known: ...)

    .. versionadded:: 0.2.0
    """
    if not isinstance(path, (str, os.PathLike)):
        raise VariantError(f"a rules file is named by a path, got {printable(path)}", Reason.BAD_ARGUMENT)
    try:
        with open(path, encoding="utf-8") as rules_file:
            text = rules_file.read()
    except (OSError, UnicodeDecodeError) as error:
        raise VariantError(f"{path}: cannot read the rules file: {error}", Reason.BAD_ARGUMENT) from None
    return rules_from_toml(text, where=str(path), allow=allow)
