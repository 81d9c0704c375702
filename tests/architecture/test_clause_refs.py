"""Every clause label cited anywhere resolves to an anchor on its rules page.

A clause label is a letter naming the page (``N`` Norwegian, ``E`` English, ``L``
Liverpool, ``S`` Shanghai, ``M`` May I?, ``R`` the shared readings), ``X`` for a
worked example, and a number: ``N15``, ``EX3``, ``R1``. The rules pages define
each clause as a definition-list term starting with its label and a dash
(``N15 — Going down``), which the docs build turns into the anchor
``variants/norwegian.html#N15`` (``docs/_ext/remi_clauses.py``). This check reads
the ``.rst`` sources, so it needs no docs build.

The project stands alone: no file may point at documents outside the repository.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

import remi
from locations import REPOSITORY

ROOT = REPOSITORY
PAGES = {
    "N": "docs/variants/norwegian.rst",
    "E": "docs/variants/english.rst",
    "L": "docs/variants/liverpool.rst",
    "S": "docs/variants/shanghai.rst",
    "M": "docs/variants/mayi.rst",
    "R": "docs/variants/shared.rst",
}
#: A clause defined on a rules page: the label at the start of a line, then an em dash.
DEFINED = re.compile(r"^([NELSMR]X?[1-9][0-9]*) —", re.MULTILINE)
#: A label cited anywhere; an underscore may touch it (``test_N14_buy``), a letter or digit may not.
CITED = re.compile(r"(?<![A-Za-z0-9])([NELSMR]X?[1-9][0-9]*)(?![0-9])")
#: Lint codes after a noqa marker are not clauses.
NOQA = re.compile(r"noqa:\s*[A-Z0-9, ]+")
#: Documents outside the repository that nothing may refer to (spelt in pieces so this file does not).
OUTSIDE = (*(name + ".md" for name in ("RULES", "DESIGN", "VARIANTS")), "../" + "shared")
#: Where labels are cited: code, docs, examples, the README, tests, benchmarks, scripts.
SOURCES = (
    ("src", "*.py"),
    ("docs", "*.rst"),
    ("docs/_ext", "*.py"),
    ("examples", "*.py"),
    ("tests", "*.py"),
    ("benchmarks", "*.py"),
    ("scripts", "*"),
    (".", "README.md"),
)
SKIPPED = {"_build", "_generated", "__pycache__"}


def anchors() -> set[str]:
    """Every clause label defined on the page its letter names."""
    found: set[str] = set()
    for letter, page in PAGES.items():
        found |= {label for label in DEFINED.findall((ROOT / page).read_text(encoding="utf-8"))
                  if label.startswith(letter)}
    return found


def source_files() -> list[Path]:
    """The files whose clause labels must resolve."""
    files: set[Path] = set()
    for folder, pattern in SOURCES:
        base = ROOT / folder
        matches = base.glob(pattern) if folder == "." else base.rglob(pattern)
        files |= {path for path in matches
                  if path.is_file() and not SKIPPED & set(path.relative_to(ROOT).parts)
                  and path.suffix not in (".pyc", ".png")}
    return sorted(files)


def citations(paths: Iterable[Path]) -> Iterator[tuple[str, str]]:
    """Each ``(where, label)``, ``where`` being ``file:line``, of the labels cited in ``paths``."""
    for path in paths:
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for label in CITED.findall(NOQA.sub("", line)):
                yield f"{shown}:{number}", label


def unresolved(paths: Iterable[Path], known: set[str]) -> list[str]:
    """``file:line: LABEL`` for every cited label without an anchor."""
    return [f"{where}: {label} has no anchor on {PAGES[label[0]]}"
            for where, label in citations(paths) if label not in known]


def outside_references(paths: Iterable[Path]) -> list[str]:
    """``file:line: name`` for every mention of a document outside the repository."""
    found = []
    for path in paths:
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{shown}:{number}: {name}" for name in OUTSIDE if name in line]
    return found


def test_every_cited_clause_has_an_anchor() -> None:
    missing = unresolved(source_files(), anchors())
    assert not missing, "clause labels without an anchor:\n" + "\n".join(missing)


@pytest.mark.parametrize("name", remi.variants.names())
def test_every_clause_a_refusal_cites_has_an_anchor(name: str) -> None:
    known = anchors()
    labels = [label for _key, label in remi.variants.get(name).references]
    assert labels, f"{name} cites no clauses"
    assert [label for label in labels if label not in known] == []


def test_every_rules_page_defines_its_clauses_once() -> None:
    for letter, page in PAGES.items():
        labels = DEFINED.findall((ROOT / page).read_text(encoding="utf-8"))
        assert labels, f"{page} defines no clauses"
        assert all(label.startswith(letter) for label in labels), page
        assert len(labels) == len(set(labels)), f"{page} defines a clause twice"


def test_nothing_refers_outside_the_repository() -> None:
    found = outside_references(source_files())
    assert not found, "references to documents outside the repository:\n" + "\n".join(found)


def test_the_check_finds_an_unknown_clause_and_an_outside_document(tmp_path: Path) -> None:
    unknown = "N" + "999"
    sample = tmp_path / "sample.py"
    sample.write_text(f"x = 1\n# see {unknown}, and N15 which exists\ndef test_{unknown}_x(): ...  # noqa: E402\n"
                      f"# {OUTSIDE[0]}\n", encoding="utf-8")
    known = anchors()
    assert "N15" in known and unknown not in known
    assert unresolved([sample], known) == [
        f"{sample}:2: {unknown} has no anchor on {PAGES['N']}",
        f"{sample}:3: {unknown} has no anchor on {PAGES['N']}",
    ]
    assert outside_references([sample]) == [f"{sample}:4: {OUTSIDE[0]}"]


def test_worked_examples_and_shared_readings_are_anchored() -> None:
    known = anchors()
    assert {"NX1", "NX15", "EX1", "EX14", "LX1", "SX1", "MX1", "R1", "R5"} <= known
