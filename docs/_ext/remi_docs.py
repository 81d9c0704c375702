"""Sphinx helpers for remi's documentation.

* At ``builder-inited`` every registered variant gets ``_generated/<name>.rst``:
  an overview, its contract table (deal size, going-out rule, lay-off quota),
  card points, the deck by player count, the clauses its refusals cite, and
  one table per rule part (each field, its value, and its description from the
  part's ``Attributes:`` docstring), built from the very :class:`remi.Variant`
  object that :func:`remi.variants.get` returns, so the docs cannot drift from
  the code. The ``remi-differences`` directive tables the rules a house
  configuration changes from its base variant. ``_generated/exports.rst`` lists the names
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
from sphinx.ext.autodoc import mock
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import remi
import remi.variants
from remi import Advance, BuyTiming, GoingOut, Schedule, Variant
from remi.cli.describe import base_part, field_help, hook_help, hooks  # shared with `remi rules`

logger = logging.getLogger(__name__)

GENERATED = "_generated"
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: The rule parts of a variant, in the order the pages show them, with a heading each.
PARTS = (
    ("deck", "The deck"),
    ("melds", "Melds"),
    ("contracts", "Contracts and going down"),
    ("drawing", "Drawing"),
    ("layoffs", "Laying off"),
    ("swaps", "Joker swaps"),
    ("buying", "Buying"),
    ("match", "The match"),
    ("scoring", "Scoring"),
)
#: Part fields shown in a table of their own (the contracts, the card points), not as a value.
SHOWN_ABOVE = {
    ("contracts", "contracts"): "the contract table above",
    ("contracts", "deal_sizes"): "the contract table above",
    ("contracts", "going_out"): "the contract table above",
    ("scoring", "joker_points"): "the card points above",
    ("scoring", "rank_points"): "the card points above",
}
GOING_OUT = {
    GoingOut.DISCARD_OPTIONAL: "discard optional",
    GoingOut.DISCARD_REQUIRED: "final discard",
    GoingOut.ALL_IN: "all-in",
}
#: Variant fields that are labels, not rules: never listed as differences.
LABELS = frozenset({"name", "version", "title", "references", "legacy_fingerprints"})


# -- the variant pages ---------------------------------------------------------


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


def _seats(players: list[int]) -> str:
    return str(players[0]) if len(players) == 1 else f"{players[0]}–{players[-1]}"


def deck_rows(variant: Variant) -> list[list[str]]:
    """One row per run of player counts sharing a deck: players, packs, jokers, cards."""
    rows: list[list[str]] = []
    group: list[int] = []
    for players in range(variant.min_players, variant.max_players + 2):
        if group and (players > variant.max_players
                      or variant.deck.for_players(players) != variant.deck.for_players(group[0])):
            packs, jokers = variant.deck.for_players(group[0])
            rows.append([_seats(group), str(packs), str(jokers), str(len(variant.cards(group[0])))])
            group = []
        group.append(players)
    return rows


def _points(variant: Variant) -> list[str]:
    """What each rank costs (ace first), or the four suits' costs where the suits differ."""
    cells = []
    for rank in range(13):
        costs = [variant.card_points(remi.CARDS[13 * suit + rank]) for suit in range(4)]
        cells.append(str(costs[0]) if len(set(costs)) == 1 else " / ".join(map(str, costs)))
    return cells


def glance_rows(variant: Variant) -> list[list[str]]:
    """The overview table: players, schedule, contracts, going down and out, scoring, buying."""
    contracts, match, buying = variant.contracts, variant.match, variant.buying
    rows = [
        ["Registry name", f"``{variant.name}``"],
        ["Rules version", f"``{variant.version}``"],
        ["Players", f"{variant.min_players}–{variant.max_players} "
                    f"(best {variant.recommended_players[0]}–{variant.recommended_players[1]})"],
    ]
    decks = deck_rows(variant)
    if len(decks) == 1:
        rows.append(["Deck", f"{decks[0][1]} × 52 cards + {decks[0][2]} jokers = {decks[0][3]} cards"])
    else:
        rows.append(["Deck", "by the number of players: see *The deck* below"])
    if match.schedule is Schedule.ROUNDS:
        schedule = (f"{variant.rounds} rounds; everybody plays the same contract in a round, "
                    "and the match ends after the last round")
    else:
        movers = ("only a deal's winner moves up" if match.advance is Advance.WINNER
                  else "everybody who went down in a deal moves up")
        schedule = (f"{variant.rounds} levels; each player plays their own level, {movers}, "
                    "and the match ends when somebody completes the last level")
        if match.finisher_wins:
            schedule += ", who wins the match whatever the totals"
    rows.append(["Schedule", schedule])
    rows.append(["Requirement sizes", "exact" if contracts.exact_sizes
                 else "minimums (a longer meld fulfils a shorter requirement)"])
    rows.append(["Going down", "piecemeal: one required meld at a time, over several turns"
                 if contracts.piecemeal else "the whole contract at once, in one turn"])
    scores = [variant.winner_score(wins) for wins in range(1, variant.rounds + 1)]
    if len(set(scores)) == 1:
        rows.append(["Winner's score", f"{scores[0]} for each deal won"])
    else:
        rows.append(["Winner's score", f"{', '.join(map(str, scores))} (for the 1st, 2nd, … win)"])
    if not buying.enabled or buying.limit == 0:
        rows.append(["Buying", "no"])
    else:
        when = ("before the player on turn draws" if buying.timing is BuyTiming.BEFORE_DRAW
                else "after the player on turn draws from the stock")
        limit = "no limit" if buying.limit is None else f"at most {buying.limit} per player per deal"
        rows.append(["Buying", f"yes, {when}; {buying.penalty} penalty card(s); {limit}"])
    return rows


def part_rows(variant: Variant, attribute: str) -> list[list[str]]:
    """The rows field, value, meaning of one rule part of ``variant``."""
    part = getattr(variant, attribute)
    help_ = field_help(type(part))
    rows = []
    for field in attrs.fields(type(part)):
        if not field.init:
            continue
        value = getattr(part, field.name)
        shown = SHOWN_ABOVE.get((attribute, field.name))
        if shown is not None:
            text = f"see {shown}"
        elif attribute == "deck" and field.name == "by_players":
            text = value_text(dict(value)) if value else "``{}``"
        else:
            text = value_text(value)
        rows.append([f"``{field.name}``", text, help_.get(field.name, "")])
    return rows


def part_lines(variant: Variant, attribute: str, heading: str) -> list[str]:
    """A subsection for one rule part: its class, overridden hooks, and the field table."""
    part = getattr(variant, attribute)
    cls = type(part)
    base = base_part(cls)
    lines = [heading, "~" * len(heading), ""]
    if cls is base:
        lines.append(f"``variant.{attribute}`` is a :class:`~{base.__module__}.{base.__name__}`.")
    else:
        overridden = [name for name in hooks(base) if getattr(cls, name) is not getattr(base, name)]
        said = ", ".join(f":meth:`~{cls.__module__}.{cls.__qualname__}.{name}`" for name in overridden)
        lines.append(f"``variant.{attribute}`` is a :class:`~{cls.__module__}.{cls.__qualname__}`, "
                     f"a subclass of :class:`~{base.__module__}.{base.__name__}`"
                     + (f" overriding {said}." if said else "."))
    lines.append("")
    lines += list_table(f"``{variant.name}.{attribute}``", ["Field", "Value", "Meaning"],
                        part_rows(variant, attribute), "25 20 55")
    return lines


def variant_page(variant: Variant) -> str:
    """The generated reST describing ``variant``: overview, deck, contracts, points, clauses, every part."""
    contracts = variant.contracts
    unit = "Round" if variant.match.schedule is Schedule.ROUNDS else "Level"
    lines = [
        f'.. Generated by docs/_ext/remi_docs.py from remi.variants.get("{variant.name}"). Do not edit.',
        "",
        "At a glance",
        "-----------",
        "",
    ]
    lines += list_table(f"``{variant.name}`` at a glance", [], glance_rows(variant), "30 70", stub=True)
    lines += ["", "Contracts", "---------", ""]
    plus = "" if contracts.exact_sizes else "+"
    rows = []
    for i, contract in enumerate(contracts):
        needs = ", ".join(f"{req.kind.value} of {req.size}{plus}" for req in contract.requirements)
        quota = variant.layoff_quota(i)
        rows.append([str(i + 1), f"**{contract.name}**", needs, str(contracts.deal_sizes[i]),
                     GOING_OUT[contracts.going_out[i]], "no limit" if quota is None else str(quota)])
    lines += list_table(
        f"Contracts of ``{variant.name}``",
        [unit, "Contract", "Melds required", "Cards dealt", "Going out", "Lay-off quota"],
        rows,
    )
    lines += [
        "*Going out*: with a *final discard* the last card must be discarded; with *discard optional* it",
        "may also leave by a lay-off or by going down; *all-in*: going down must use the whole hand,",
        "with no discard, and is going out.",
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
        [[str(variant.card_points(remi.JOKER)), *_points(variant)]],
    )
    if variant.references:
        lines += [
            "Clauses cited in refusals",
            "-------------------------",
            "",
            "A refusal of an action that breaks one of these rules ends with the clause label, e.g.",
            f"``({variant.references[0][1]})``.",
            "",
        ]
        rows = [[f"``{key}``", f"**{label}**", remi.RULE_KEYS[key]] for key, label in variant.references]
        lines += list_table(f"Clauses of ``{variant.name}``", ["Rule", "Clause", "What it says"], rows,
                            "30 10 60")
    lines += ["Rule parts", "----------", ""]
    lines += [
        "Every field of every part, with the value this variant gives it.",
        "",
    ]
    for attribute, heading in PARTS:
        if attribute == "deck":
            lines += [heading, "~" * len(heading), ""]
            lines += list_table(f"Deck of ``{variant.name}`` by the number of players",
                                ["Players", "Packs", "Jokers", "Cards"], deck_rows(variant))
            lines += list_table(f"``{variant.name}.deck``", ["Field", "Value", "Meaning"],
                                part_rows(variant, "deck"), "25 20 55")
        else:
            lines += part_lines(variant, attribute, heading)
    return "\n".join(lines)


def difference_rows(base: Variant, house: Variant) -> list[list[str]]:
    """Every rule of ``house`` that differs from ``base``: where, the base's value, the house's value."""
    rows = []
    for field in attrs.fields(Variant):
        if not field.init or field.name in LABELS:
            continue
        old, new = getattr(base, field.name), getattr(house, field.name)
        if old == new and type(old) is type(new):
            continue
        if not attrs.has(type(old)) or type(old) is not type(new):
            rows.append([f"``{field.name}``", value_text(old), value_text(new)])
            continue
        for inner in attrs.fields(type(old)):
            a, b = getattr(old, inner.name), getattr(new, inner.name)
            if a != b:
                if field.name == "deck" and inner.name == "by_players":
                    a, b = dict(a), dict(b)
                rows.append([f"``{field.name}.{inner.name}``", value_text(a), value_text(b)])
    return rows


class DifferencesDirective(SphinxDirective):
    """``.. remi-differences:: base house``: a table of the rules ``house`` changes from ``base``."""

    required_arguments = 2
    has_content = False

    def run(self) -> list[Any]:
        """Build the table from the two registered variants."""
        base, house = (remi.variants.get(name) for name in self.arguments)
        rows = difference_rows(base, house)
        if not rows:
            raise self.error(f"{house.name} does not differ from {base.name}")
        table = list_table(f"What ``{house.name}`` changes from ``{base.name}``",
                           ["Rule", f"``{base.name}``", f"``{house.name}``"], rows, "30 35 35")
        return self.parse_text_to_nodes("\n".join(table))


# -- the parts' defaults and the hooks' probes ----------------------------------


def _default_of(field: attrs.Attribute[Any]) -> object:
    """What ``field`` holds when a part is built without it (attrs.NOTHING when it is required)."""
    default = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return default.factory()  # type: ignore[union-attr]
    return default


def defaults_rows() -> list[list[str]]:
    """Per field of each part: its default (or "required"), and the built-in variants that choose otherwise."""
    built_ins = [remi.variants.get(name) for name in remi.variants.builtins()]
    rows = []
    for part, _heading in PARTS:
        declared = attrs.fields_dict(Variant)[part].type
        cls = getattr(remi, declared) if isinstance(declared, str) else declared
        assert isinstance(cls, type), f"Variant.{part} declares no part class"
        for field in attrs.fields(cls):
            default = _default_of(field)
            if default is attrs.NOTHING:
                rows.append([f"``{part}.{field.name}``", "required", " "])
                continue
            shown = default
            if part == "contracts" and field.name == "going_out":
                shown = GoingOut.DISCARD_OPTIONAL  # (one for every contract)
            others = [variant.name for variant in built_ins if getattr(getattr(variant, part), field.name) != (
                (shown,) * len(variant.contracts) if field.name == "going_out" else default)]
            rows.append([f"``{part}.{field.name}``", value_text(shown),
                         ", ".join(f"``{name}``" for name in others) or "none"])
        rows.extend([f":meth:`{part}.{hook}() <{cls.__module__}.{cls.__qualname__}.{hook}>`",
                     "hook: " + hook_help(cls, hook).split(". ")[0].rstrip("."), " "] for hook in hooks(cls))
    return rows


class PartDefaultsDirective(SphinxDirective):
    """``.. remi-part-defaults::``: every part's fields with their defaults and hooks, from the part classes."""

    has_content = False

    def run(self) -> list[Any]:
        """Build the table from the part classes and the built-in variants."""
        table = list_table("What a part left out, or a field not given, is", ["Field", "Default",
                           "Built-ins that choose otherwise"], defaults_rows(), "30 35 35")
        return self.parse_text_to_nodes("\n".join(table))


def _first_line(function: object) -> str:
    """The first line of ``function``'s docstring."""
    return (inspect.getdoc(function) or "").splitlines()[0].rstrip(".") if inspect.getdoc(function) else ""


class HookProbesDirective(SphinxDirective):
    """``.. remi-hook-probes::``: every hook probed when a variant is built, from ``remi.variant.HOOK_PROBES``."""

    has_content = False

    def run(self) -> list[Any]:
        """Build the table from the probe table itself."""
        from remi.variant import DECK_PROBE, HOOK_PROBES  # (the probe table is the variant module's)

        rows = []
        for probe in (DECK_PROBE, *HOOK_PROBES):
            cls = base_part(type(getattr(remi.variants.get("norwegian"), probe.part)))
            rows.append([f":meth:`{probe.name}() <{cls.__module__}.{cls.__qualname__}.{probe.hook}>`",
                         _first_line(probe.samples), _first_line(probe.check)])
        table = list_table("The hooks probed when a variant is built", ["Hook", "Asked on", "Must return"], rows,
                           "25 40 35")
        return self.parse_text_to_nodes("\n".join(table))


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
    # the API pages import every public module: remi.envs needs the rl extra, mocked when absent (conf.py)
    with mock(app.config.autodoc_mock_imports):
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
    app.add_directive("remi-differences", DifferencesDirective)
    app.add_directive("remi-part-defaults", PartDefaultsDirective)
    app.add_directive("remi-hook-probes", HookProbesDirective)
    app.connect("missing-reference", resolve_remi_names)
    app.connect("autodoc-skip-member", keep_enum_members)
    # napoleon's handler has the default priority, 500.
    app.connect("autodoc-process-docstring", remember_docstring, priority=400)
    app.connect("autodoc-process-docstring", undo_inline_type, priority=600)
    app.connect("build-finished", check_documented)
    return {"version": remi.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
