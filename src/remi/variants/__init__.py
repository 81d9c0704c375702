"""The variant registry, and the built-in variants as plugins.

Variants are discovered through the entry-point group ``remi.variants``: each
entry point names a :class:`~remi.Variant` instance (or a subclass that
builds one with no arguments). The built-ins (``norwegian``, ``english``,
``liverpool``, ``shanghai`` and ``mayi``, and the house configurations
``liverpool-project`` and ``shanghai-family``) register exactly that way in
remi's own ``pyproject.toml``; a third-party package adds one with::

    [project.entry-points."remi.variants"]
    liverpool = "my_package.liverpool:LIVERPOOL"

A program may also :func:`register` a variant at run time.

The built-ins are known without reading the installed packages' metadata:
:func:`get` reads the entry points only for a name that is neither built in
nor registered, and :func:`names` reads them to list the third-party ones.

>>> import remi
>>> remi.variants.builtins()
('english', 'liverpool', 'liverpool-project', 'mayi', 'norwegian', 'shanghai', 'shanghai-family')
>>> remi.variants.get("english").deck.jokers
4

.. versionadded:: 0.1.0

.. versionchanged:: 0.2.0
   :func:`get` loads a built-in variant without scanning the installed packages.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, cast

from remi._ruledata import add_variant_source
from remi._util import printable
from remi.errors import Reason, VariantError
from remi.variant import Variant
from remi.variants._house import load_rules, rules_from_toml, schema, use_registry

__all__ = ["DEFAULT", "builtins", "get", "load_rules", "names", "register", "rules_from_toml", "schema"]

#: The default variant's name.
DEFAULT = "norwegian"
ENTRY_POINT_GROUP = "remi.variants"

_registered: dict[str, Variant] = {}
_loaded: dict[str, Variant] = {}
#: The built-in variants: the same targets as remi's own entry points, known without reading them.
_BUILT_IN = {
    "norwegian": ("remi.variants.norwegian", "NORWEGIAN"),
    "english": ("remi.variants.english", "ENGLISH"),
    "liverpool": ("remi.variants.liverpool", "LIVERPOOL"),
    "liverpool-project": ("remi.variants.liverpool", "LIVERPOOL_PROJECT"),
    "shanghai": ("remi.variants.shanghai", "SHANGHAI"),
    "shanghai-family": ("remi.variants.shanghai", "SHANGHAI_FAMILY"),
    "mayi": ("remi.variants.mayi", "MAYI"),
}


def _entry_points() -> dict[str, object]:
    from importlib.metadata import entry_points  # slow to import and to read: only when a plugin is asked for

    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def register(variant: Variant, *, replace: bool = False) -> Variant:
    """Register ``variant`` under its name for this process.

    Raises:
        VariantError: If the name is taken and ``replace`` is false.
    """
    if not isinstance(variant, Variant):
        raise VariantError(f"expected a Variant, got {type(variant).__name__}")
    if not replace and variant.name in names():
        raise VariantError(f"a variant named {printable(variant.name)} is already registered")
    _registered[variant.name] = variant
    _loaded.pop(variant.name, None)
    return variant


def builtins() -> tuple[str, ...]:
    """The names of the variants built into remi, sorted: the same whatever plugins are installed.

    :func:`names` lists these and every plugin's and registered variant's too.

    >>> import remi
    >>> remi.variants.builtins()
    ('english', 'liverpool', 'liverpool-project', 'mayi', 'norwegian', 'shanghai', 'shanghai-family')

    .. versionadded:: 0.2.0
    """
    return tuple(sorted(_BUILT_IN))


def names() -> tuple[str, ...]:
    """The names of every variant available, sorted."""
    return tuple(sorted(set(_BUILT_IN) | set(_entry_points()) | set(_registered)))


def get(name: str) -> Variant:
    """The variant registered under ``name``.

    Raises:
        VariantError: With reason ``UNKNOWN_VARIANT`` if there is none, or
            ``BAD_VARIANT`` if its plugin fails to load or is not a variant.
    """
    if isinstance(name, Variant):
        return name
    if not isinstance(name, str):
        raise VariantError(f"a variant is named by text, got {printable(name)}", Reason.UNKNOWN_VARIANT)
    if name in _registered:
        return _registered[name]
    if name in _loaded:
        return _loaded[name]
    if name in _BUILT_IN:
        module, attribute = _BUILT_IN[name]
        value = getattr(import_module(module), attribute)
    else:
        value = _load_plugin(name)
    if not isinstance(value, Variant):
        raise VariantError(f"variant plugin {printable(name)} is a {type(value).__name__}, not a Variant")
    if value.name != name:
        raise VariantError(f"variant plugin {printable(name)} names itself {printable(value.name)}")
    _loaded[name] = value
    return value


def _did_you_mean(name: str) -> str:
    """``: did you mean 'norwegian'?`` for a name close to a known one (a typo), else nothing."""
    from difflib import get_close_matches  # only when a name is unknown

    close = get_close_matches(name, names(), n=1, cutoff=0.75)
    return f": did you mean {printable(close[0])}?" if close else ""


def _load_plugin(name: str) -> object:
    """What the entry point ``name`` of a third-party package names (a subclass of Variant is built)."""
    points = _entry_points()
    if name not in points:
        raise VariantError(f"unknown variant {printable(name)}{_did_you_mean(name)} (known: {', '.join(names())})",
                           Reason.UNKNOWN_VARIANT)
    try:
        value = points[name].load()  # type: ignore[attr-defined]
        if isinstance(value, type) and issubclass(value, Variant):
            value = cast(Any, value)()  # a subclass whose defaults describe the variant
    except VariantError:
        raise
    except Exception as error:  # a broken third-party plugin must not crash the caller
        raise VariantError(f"variant plugin {printable(name)} failed to load: {error}") from error
    return value


def _every_variant() -> list[Variant]:
    """Every variant built in, registered or installed (a plugin that fails to load is left out)."""
    found = list(_registered.values())
    for name in names():
        try:
            found.append(get(name))
        except VariantError:  # a broken plugin: its classes are simply not known
            continue
    return found


add_variant_source(_every_variant)  # rules as data name part classes of these variants only
def _known_already(name: str) -> Variant | None:
    """The variant registered, loaded or built in under ``name``, without reading the installed plugins."""
    found = _registered.get(name) or _loaded.get(name)
    return found if found is not None or name not in _BUILT_IN else get(name)


use_registry(get, _known_already)  # rules files and games find their variants here
