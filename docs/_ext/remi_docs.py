"""Sphinx helpers for remi's documentation.

* At ``builder-inited`` every registered variant gets ``_generated/<name>.rst``:
  its contract table, card points and parameters, built from the very
  :class:`remi.Variant` object that :func:`remi.variants.get` returns, so the
  docs cannot drift from the code. ``_generated/exports.rst`` lists the names
  re-exported by ``remi`` with links to where each is documented;
  ``_generated/api-toplevel.rst`` documents, as ``remi.<name>``, the exported
  names defined in private modules.
* ``remi.Name`` references (and bare ``Name`` references from docstrings of
  other modules) resolve to the module that defines ``Name``: every object is
  documented once, in its defining module.
* Public ``remi`` modules that ``api.rst`` does not list yet are documented
  automatically at its end (``_generated/api-more.rst``), and a name in
  ``remi.__all__`` that no page documents is a warning (an error under ``-W``).
"""

from __future__ import annotations

import enum
import functools
import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import ExtensionError
from sphinx.util import logging

import remi
import remi.variants
from remi.variant import GoingOut, Schedule, Variant

logger = logging.getLogger(__name__)

GENERATED = "_generated"
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Shown elsewhere on the page, so left out of the parameter table.
NOT_PARAMETERS = frozenset(
    {"name", "version", "title", "contracts", "deal_sizes", "all_in", "joker_points", "rank_points"}
)


# -- the variant pages ---------------------------------------------------------


def field_help(cls: type) -> dict[str, str]:
    """Map each attribute to its description in an ``Attributes:`` docstring section of ``cls`` or a base."""
    help_: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        help_.update(_attributes_section(klass.__doc__ or ""))
    return help_


def _attributes_section(docstring: str) -> dict[str, str]:
    help_: dict[str, str] = {}
    inside = False
    current = ""
    for line in inspect.cleandoc(docstring).splitlines():
        if line.strip() == "Attributes:":
            inside = True
            continue
        if not inside:
            continue
        if line and not line.startswith(" "):
            break
        if line.startswith("        ") and current:
            help_[current] += " " + line.strip()
        elif line.startswith("    ") and ":" in line:
            current, _, text = line.strip().partition(":")
            help_[current] = text.strip()
    return help_


def value_text(value: object) -> str:
    """A parameter value as inline reST literal text."""
    if isinstance(value, enum.Enum):
        return f"``{type(value).__name__}.{value.name}``"
    return f"``{value!r}``"


def list_table(
    title: str, header: list[str], rows: list[list[str]], widths: str = "auto", *, stub: bool = False
) -> list[str]:
    """A reST ``list-table`` directive (``header`` may be empty; ``stub``: first column as labels)."""
    out = [f".. list-table:: {title}", f"   :header-rows: {1 if header else 0}", f"   :widths: {widths}"]
    if stub:
        out.append("   :stub-columns: 1")
    out.append("")
    for row in [header, *rows] if header else rows:
        out.append(f"   * - {row[0] or ' '}")
        out.extend(f"     - {cell or ' '}" for cell in row[1:])
    out.append("")
    return out


def variant_page(variant: Variant) -> str:
    """The generated reST describing ``variant``: overview, contracts, points, parameters."""
    rounds = variant.schedule is Schedule.ROUNDS
    unit = "Round" if rounds else "Level"
    glance = [
        ["Registry name", f"``{variant.name}``"],
        ["Rules version", f"``{variant.version}``"],
        [
            "Players",
            f"{variant.min_players}–{variant.max_players} "
            f"(best {variant.recommended_players[0]}–{variant.recommended_players[1]})",
        ],
        ["Deck", f"{variant.packs} × 52 cards + {variant.jokers} jokers = {len(variant.deck())} cards"],
    ]
    if rounds:
        schedule = (
            f"{variant.rounds} rounds; everybody plays the same contract in a round, "
            "and the match ends after the last round"
        )
    else:
        schedule = (
            f"{variant.rounds} levels; each player plays their own level, only a deal's winner "
            "moves up, and the match ends when somebody wins the last level"
        )
    glance.append(["Schedule", schedule])
    sizes = "exact" if variant.exact_sizes else "minimums (a longer meld fulfils a shorter requirement)"
    glance.append(["Requirement sizes", sizes])
    if variant.piecemeal:
        glance.append(["Going down", "piecemeal: one required meld at a time, over several turns"])
    else:
        glance.append(["Going down", "the whole contract at once, in one turn"])
    going_out = {
        GoingOut.DISCARD_OPTIONAL: "the last card may leave the hand by discard, lay-off or going down",
        GoingOut.DISCARD_REQUIRED: "the last card must be discarded",
    }.get(variant.going_out, value_text(variant.going_out))
    glance.append(["Going out", going_out])
    scores = [variant.winner_score(wins) for wins in range(1, variant.rounds + 1)]
    if len(set(scores)) == 1:
        glance.append(["Winner's score", f"{scores[0]} for each deal won"])
    else:
        listed = ", ".join(str(score) for score in scores)
        glance.append(["Winner's score", f"{listed} (for the 1st, 2nd, … win)"])
    glance.append(["Buying", "yes" if variant.buying else "no"])
    lines = [
        f'.. Generated by docs/_ext/remi_docs.py from remi.variants.get("{variant.name}"). Do not edit.',
        "",
        "At a glance",
        "-----------",
        "",
    ]
    lines += list_table(f"``{variant.name}`` at a glance", [], glance, "30 70", stub=True)
    lines += ["", "Contracts", "---------", ""]
    exact = variant.exact_sizes
    rows = []
    for i, contract in enumerate(variant.contracts):
        needs = ", ".join(
            f"{req.kind.value} of {req.size}" + ("" if exact else "+") for req in contract.requirements
        )
        quota = variant.layoff_quota(i)
        rows.append(
            [
                str(i + 1),
                f"**{contract.name}**",
                needs,
                str(variant.deal_sizes[i]),
                "yes" if variant.all_in[i] else "no",
                "no limit" if quota is None else str(quota),
            ]
        )
    lines += list_table(
        f"Contracts of ``{variant.name}``",
        [unit, "Contract", "Melds required", "Cards dealt", "All-in", "Lay-off quota"],
        rows,
    )
    lines += [
        "*All-in*: going down must use the whole hand, with no discard.",
        "",
        "*Lay-off quota*: how many cards a player may lay off in one deal.",
        "",
        "Card points",
        "-----------",
        "",
        "What a card left in hand costs at the end of a deal.",
        "",
    ]
    lines += list_table(
        f"Card points of ``{variant.name}``",
        ["Joker", *RANK_LABELS],
        [[str(variant.joker_points), *(str(p) for p in variant.rank_points)]],
    )
    lines += ["Parameters", "----------", ""]
    help_ = field_help(type(variant))
    rows = [
        [f"``{field.name}``", value_text(getattr(variant, field.name)), help_.get(field.name, "")]
        for field in attrs.fields(type(variant))
        if field.init and field.name not in NOT_PARAMETERS
    ]
    lines += list_table(
        f"Every other parameter of ``{variant.name}``", ["Parameter", "Value", "Meaning"], rows, "25 20 55"
    )
    return "\n".join(lines)


# -- the public names ----------------------------------------------------------


def public_modules() -> list[str]:
    """Every public module of the ``remi`` package (no ``_private`` ones, no ``__main__``)."""
    found = ["remi"]
    for info in pkgutil.walk_packages(remi.__path__, "remi."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        found.append(info.name)
    return sorted(found)


def _is_public(module: str) -> bool:
    return module.startswith("remi.") and not any(part.startswith("_") for part in module.split("."))


def _defining_module(name: str, value: object) -> str:
    """The public module documenting ``value``: where it is defined, else one that exports it, else ``remi``."""
    if isinstance(value, ModuleType):
        return value.__name__
    module = getattr(value, "__module__", None)
    if isinstance(module, str) and _is_public(module) and name in _all_of(module):
        return module
    for candidate in public_modules():
        if (
            candidate != "remi"
            and name in _all_of(candidate)
            and getattr(importlib.import_module(candidate), name, None) is value
        ):
            return candidate
    return "remi"  # defined in a private module: documented as remi.<name> (api-toplevel.rst)


def _all_of(module: str) -> tuple[str, ...]:
    return tuple(getattr(importlib.import_module(module), "__all__", ()))


@functools.cache
def exports() -> dict[str, str]:
    """Map each name in ``remi.__all__`` to the full name under which it is documented."""
    mapping = {}
    for name in remi.__all__:
        value = getattr(remi, name)
        if isinstance(value, ModuleType):
            mapping[name] = value.__name__
        else:
            mapping[name] = f"{_defining_module(name, value)}.{name}"
    return mapping


def exports_page() -> str:
    """The generated reST table of ``remi``'s re-exported names."""
    rows = []
    for name, target in sorted(exports().items(), key=lambda item: item[0].lower()):
        kind = _kind(getattr(remi, name))
        role = {"module": "mod", "exception": "exc", "class": "class", "function": "func", "data": "data"}[kind]
        link = f":py:{role}:`{target}`"
        rows.append([f"``remi.{name}``", kind, link])
    header = [
        ".. Generated by docs/_ext/remi_docs.py from remi.__all__. Do not edit.",
        "",
    ]
    return "\n".join(header + list_table("Names in ``remi``", ["Name", "Kind", "Documented as"], rows))


# -- Sphinx hooks --------------------------------------------------------------


def _kind(value: object) -> str:
    if isinstance(value, ModuleType):
        return "module"
    if inspect.isclass(value):
        return "exception" if issubclass(value, BaseException) else "class"
    if callable(value):
        return "function"
    return "data"


def api_toplevel_page() -> str:
    """Autodoc entries for the exported names that no public submodule documents (defined privately)."""
    lines = [".. Generated by docs/_ext/remi_docs.py: names documented as remi.<name>. Do not edit.", ""]
    directive = {"class": "autoclass", "exception": "autoexception", "function": "autofunction", "data": "autodata"}
    for name, target in sorted(exports().items(), key=lambda item: item[0].lower()):
        kind = _kind(getattr(remi, name))
        if target == f"remi.{name}" and kind != "module" and not name.startswith("__"):
            lines += [f".. {directive[kind]}:: remi.{name}", ""]
    return "\n".join(lines)


API_PAGE = "api.rst"
MORE_MODULES = """\
Modules not yet placed
----------------------

These modules are new: they are documented here automatically until
``docs/api.rst`` gives them a section of their own.
"""


def api_more_page(api_rst: str) -> str:
    """Automodule sections for the public modules that ``api.rst`` does not document yet."""
    covered = set(re.findall(r"^\.\. (?:auto|py:)?module:: *(\S+)", api_rst, flags=re.MULTILINE))
    missing = [module for module in public_modules() if module not in covered]
    lines = [".. Generated by docs/_ext/remi_docs.py: public modules missing from api.rst. Do not edit.", ""]
    if missing:
        lines.append(MORE_MODULES)
    for module in missing:
        title = f"``{module}``"
        lines += [title, "~" * len(title), "", f".. automodule:: {module}", "   :members:", ""]
    return "\n".join(lines)


def _write(path: Path, text: str) -> None:
    text = text.rstrip("\n") + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def generate(app: Sphinx) -> None:
    """Write ``_generated/<variant>.rst`` for every variant, and ``_generated/exports.rst``."""
    names = remi.variants.names()
    if not names:
        raise ExtensionError("no remi variants found: is remi installed (pip install -e .)?")
    out = Path(app.srcdir) / GENERATED
    for name in names:
        _write(out / f"{name}.rst", variant_page(remi.variants.get(name)))
    _write(out / "exports.rst", exports_page())
    _write(out / "api-toplevel.rst", api_toplevel_page())
    api_rst = (Path(app.srcdir) / API_PAGE).read_text(encoding="utf-8")
    _write(out / "api-more.rst", api_more_page(api_rst))


def resolve_remi_names(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Any
) -> Any:
    """Resolve ``remi.Name[.attr]`` and bare ``Name[.attr]`` to the module that defines ``Name``."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    bare = target.removeprefix("remi.")
    head, dot, rest = bare.partition(".")
    full = exports().get(head)
    if full is None:
        return None
    domain = env.get_domain("py")
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], full + dot + rest, node, contnode
    )


def check_documented(app: Sphinx, exception: Exception | None) -> None:
    """Warn about names re-exported by ``remi`` that no page documents."""
    if exception is not None or app.builder.name != "html":
        return
    domain = app.env.get_domain("py")
    documented = {obj[0] for obj in domain.get_objects()}
    for name, target in exports().items():
        if target not in documented and not name.startswith("__"):
            logger.warning(
                "remi.%s is exported but not documented (expected %s, from the automodule of its "
                "module in docs/api.rst; is it missing from that module's __all__?)",
                name,
                target,
            )


def keep_enum_members(
    app: Sphinx, what: str, name: str, obj: object, skip: bool, options: dict[str, Any]
) -> bool | None:
    """Document every member of an enum, even one without a ``#:`` comment."""
    if what == "class" and isinstance(obj, enum.Enum) and not name.startswith("_"):
        return False
    return None


# Napoleon reads a first line "X: Y" in an attribute's or property's docstring as
# "type: description" (so "The symbol: ``♠``, ..." would show a type "The symbol").
# remi takes types from annotations, never from docstrings: keep such docstrings as written.
_INLINE_TYPE_KINDS = frozenset({"attribute", "data", "property"})
_before_napoleon: dict[str, list[str]] = {}


def remember_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Before napoleon: keep a copy of an attribute's or property's docstring."""
    if what in _INLINE_TYPE_KINDS:
        _before_napoleon[name] = list(lines)


def undo_inline_type(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """After napoleon: if it turned a first line "X: Y" into a ``:type:`` field, undo that."""
    original = _before_napoleon.pop(name, None)
    if original is not None and any(line.lstrip().startswith(":type:") for line in lines):
        lines[:] = original


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the hooks."""
    app.connect("builder-inited", generate)
    app.connect("missing-reference", resolve_remi_names)
    app.connect("autodoc-skip-member", keep_enum_members)
    # napoleon's handler has the default priority, 500.
    app.connect("autodoc-process-docstring", remember_docstring, priority=400)
    app.connect("autodoc-process-docstring", undo_inline_type, priority=600)
    app.connect("build-finished", check_documented)
    return {"version": remi.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
