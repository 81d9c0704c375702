"""The complexity budget: at most five functions above a cyclomatic complexity of 20, each a search kernel.

Complexity as radon counts it, with every closure and method counted on its own
(``radon cc --show-closures src/remi``): a function cannot hide its complexity in
a closure. The few functions over the budget are search kernels, in
``remi._search``, each with a comment above its ``def`` saying why it is one
function. ruff checks a per-function budget as well (``C901``, ``PLR0912``,
``PLR0915`` in ``pyproject.toml``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import remi

complexity = pytest.importorskip("radon.complexity", reason="radon comes with the dev extra")

PACKAGE = Path(remi.__file__).parent
#: Cyclomatic complexity a function may have without being a search kernel.
LIMIT = 20
#: The most functions of the package that may exceed :data:`LIMIT`.
MOST_KERNELS = 5


def functions(blocks: list[Any], prefix: str = "") -> Iterator[tuple[str, int, int]]:
    """Every function, method and closure among radon's ``blocks``: (qualified name, complexity, line)."""
    for block in blocks:
        if type(block).__name__ == "Class":
            yield from functions(block.methods, f"{prefix}{block.name}.")
            continue
        if block.is_method and not prefix:
            continue  # radon lists a method at the top level too: it is counted with its class
        name = f"{prefix}{block.name}"
        yield name, block.complexity, block.lineno
        yield from functions(block.closures, f"{name}.")


def over_budget() -> list[tuple[Path, str, int, int]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        blocks = complexity.cc_visit(path.read_text(encoding="utf-8"))
        found += [(path, name, score, line) for name, score, line in functions(blocks) if score > LIMIT]
    return found


def test_at_most_five_functions_exceed_the_budget() -> None:
    found = over_budget()
    listed = "\n".join(f"{path.name}:{line} {name} ({score})" for path, name, score, line in found)
    assert len(found) <= MOST_KERNELS, f"{len(found)} functions above {LIMIT}:\n{listed}"


def test_each_function_over_the_budget_is_a_search_kernel_that_says_why() -> None:
    for path, name, score, line in over_budget():
        assert path.parent.name == "_search", f"{name} ({score}) is above {LIMIT} outside remi._search: split it"
        lines = path.read_text(encoding="utf-8").splitlines()
        above = " ".join(lines[max(0, line - 6) : line - 1]).lower()
        assert "search kernel" in above, f"{path.name}:{line} {name} ({score}) does not say why it is one function"


def test_the_count_sees_closures_and_methods_on_their_own() -> None:
    source = (
        "def outer(x):\n"
        "    def inner(y):\n" + "".join(f"        if y == {n}:\n            return {n}\n" for n in range(25)) +
        "        return y\n"
        "    return inner(x)\n"
        "class Holder:\n"
        "    def method(self, y):\n" + "".join(f"        if y == {n}:\n            return {n}\n" for n in range(3)) +
        "        return y\n"
    )
    scores = {name: score for name, score, _ in functions(complexity.cc_visit(source))}
    assert scores == {"outer": 1, "outer.inner": 26, "Holder.method": 4}
