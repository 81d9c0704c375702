"""What each rule parameter means, read from the parts' docstrings: ``remi rules`` and the docs.

The meaning of a part's field is its entry in the ``Attributes:`` section of
the part's docstring, and a part's hooks are the methods its ``Hooks:``
section names: one text serves the API reference, the generated variant
pages (``docs/_ext/remi_docs.py`` imports these functions) and ``remi rules``.

>>> import remi
>>> from remi.parts import Buying
>>> field_help(Buying)["limit"]
'Buys per player per deal (``None``: no limit).'
>>> hooks(Buying)
('order',)
>>> print(rules_text(remi.variants.get("english")))  # doctest: +ELLIPSIS
English (progressive) Remi (variant 'english', version 1)
...
layoffs: who may lay cards off onto the melds on the table, and when (EnglishLayOffs, a LayOffs)
  requires_down = False: whether laying off needs one's contract down first.
  own_meld_delay = 1: turns before a player may lay off onto a meld they laid.
...
"""

from __future__ import annotations

import enum
import inspect
import re
import textwrap

import attrs

from remi.variant import Variant

__all__ = ["PARTS", "base_part", "field_help", "hook_help", "hooks", "plain", "rules_text"]

#: The rule parts of a variant, in the order they are shown.
PARTS = ("deck", "melds", "contracts", "drawing", "layoffs", "swaps", "buying", "match", "scoring")

#: Part fields shown in a table of their own above the parts (the contracts, the card points).
_SHOWN_ABOVE = {
    ("contracts", "contracts"): "the contracts above",
    ("contracts", "deal_sizes"): "the contracts above",
    ("contracts", "going_out"): "the contracts above",
    ("scoring", "joker_points"): "the card points above",
    ("scoring", "rank_points"): "the card points above",
}

_ROLE = re.compile(r":\w+:`~?(?:([^`<]*?) <[^>]*>|([^`]*))`")


def field_help(cls: type) -> dict[str, str]:
    """Map each attribute to its description in an ``Attributes:`` docstring section of ``cls`` or a base."""
    help_: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        help_.update(_section(klass.__doc__ or "", "Attributes:"))
    return help_


def _section(docstring: str, title: str) -> dict[str, str]:
    """The ``name: text`` entries of a Google-style docstring section such as ``Attributes:``."""
    help_: dict[str, str] = {}
    inside = False
    current = ""
    for line in inspect.cleandoc(docstring).splitlines():
        if line.strip() == title:
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


def base_part(cls: type) -> type:
    """The class remi defines that ``cls`` is (or subclasses): :class:`remi.Buying` for a house subclass."""
    for klass in cls.__mro__:
        if klass.__module__ in ("remi.parts", "remi.melds") and attrs.has(klass):
            return klass
    return cls


def hooks(cls: type) -> tuple[str, ...]:
    """The hook methods a part class declares in the ``Hooks:`` section of its docstring."""
    text = inspect.cleandoc(cls.__doc__ or "")
    _, found, rest = text.partition("\nHooks:\n")
    if not found:
        return ()
    block = re.split(r"\n\S", rest, maxsplit=1)[0]
    return tuple(re.findall(r":meth:`~?(?:[\w.]+\.)?(\w+)`", block))


def plain(text: str) -> str:
    """Inline reST markup as plain text: roles by their title or last name, literals unquoted.

    >>> plain("the :attr:`Contracts.exact_sizes <remi.Contracts.exact_sizes>` flag, ``None``")
    'the Contracts.exact_sizes flag, None'
    """
    text = _ROLE.sub(lambda m: m.group(1) or m.group(2).rpartition(".")[2], text)
    return " ".join(text.replace("``", "").split())


def hook_help(cls: type, name: str) -> str:
    """The first paragraph of the docstring of hook ``name`` of part class ``cls``."""
    doc = inspect.getdoc(getattr(cls, name)) or ""
    return plain(doc.split("\n\n", 1)[0]).replace(" (a hook)", "").replace(": a hook", "")


def _value(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple) and value and all(isinstance(row, tuple) and len(row) == 2 for row in value):
        return str(dict(value))  # the deck's rows by player count
    return str(value)


def _sentence(text: str) -> str:
    return text[:1].lower() + text[1:] if text[1:2].islower() or text[1:2] == " " else text


def rules_text(variant: Variant, width: int = 100) -> str:
    """The rules of ``variant`` as plain text: the summary, then every part's fields and hooks with their meaning.

    Args:
        variant: The variant.
        width: The width lines are wrapped to.
    """
    head = variant.summary().rsplit("\n\n", 1)[0]  # the summary's last block lists the fields, without meaning
    lines = [head, "", "Rule parts: each field = its value: what it means; the hooks (rules as code) after them."]
    for attribute in PARTS:
        part = getattr(variant, attribute)
        cls = type(part)
        base = base_part(cls)
        doc = plain((inspect.getdoc(base) or "").split("\n\n", 1)[0]).rstrip(".")
        named = cls.__name__ if cls is base else f"{cls.__name__}, a {base.__name__}"
        lines += ["", f"{attribute}: {_sentence(doc)} ({named})"]
        meanings = field_help(cls)
        for field in attrs.fields(cls):
            if not field.init:
                continue
            shown = _SHOWN_ABOVE.get((attribute, field.name))
            value = f"see {shown}" if shown else _value(getattr(part, field.name))
            meaning = plain(meanings.get(field.name, ""))
            lines.append(textwrap.fill(f"{field.name} = {value}: {_sentence(meaning)}", width,
                                       initial_indent="  ", subsequent_indent="      ", break_on_hyphens=False))
        for name in hooks(base):
            overridden = getattr(cls, name) is not getattr(base, name)
            mark = f" (overridden: {cls.__name__})" if overridden else ""
            lines.append(textwrap.fill(f"hook {name}{mark}: {_sentence(hook_help(base, name))}", width,
                                       initial_indent="  ", subsequent_indent="      ", break_on_hyphens=False))
    return "\n".join(lines)

