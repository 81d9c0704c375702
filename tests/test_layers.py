"""The package's layers: no import cycle among ``remi``'s modules, and no module too long to read.

The imports that run when a module is imported (those at module level, outside
``if TYPE_CHECKING:``) must form a DAG: a module lower down never needs one
above it, so no import hides at the bottom of a module. Imports inside
functions run later and are not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import remi

PACKAGE = Path(remi.__file__).parent
#: The most lines a module of ``src/remi`` may have.
MOST_LINES = 700


def module_name(path: Path, package: Path = PACKAGE) -> str:
    """The dotted name of the module at ``path`` inside ``package`` (``remi/x/__init__.py`` is ``remi.x``)."""
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _runs_on_import(statements: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The import statements among ``statements`` that run when the module is imported."""
    found: list[ast.Import | ast.ImportFrom] = []
    for statement in statements:
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            found.append(statement)
        elif isinstance(statement, ast.If):
            test = statement.test
            name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
            if name != "TYPE_CHECKING":
                found += _runs_on_import(statement.body)
            found += _runs_on_import(statement.orelse)
        elif isinstance(statement, ast.Try):
            for block in (statement.body, *(handler.body for handler in statement.handlers), statement.orelse):
                found += _runs_on_import(block)
            found += _runs_on_import(statement.finalbody)
        elif isinstance(statement, (ast.With, ast.ClassDef)):  # a class body runs on import too
            found += _runs_on_import(statement.body)
    return found


def imports_of(source: str, name: str, modules: set[str], *, is_package: bool = False) -> set[str]:
    """The modules of ``modules`` that the module ``name`` imports at module level."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for statement in _runs_on_import(ast.parse(source).body):
        if isinstance(statement, ast.Import):
            found.update(alias.name for alias in statement.names)
            continue
        base = statement.module or ""
        if statement.level:
            anchor = package.rsplit(".", statement.level - 1)[0] if statement.level > 1 else package
            base = f"{anchor}.{base}" if base else anchor
        for alias in statement.names:
            submodule = f"{base}.{alias.name}"
            found.add(submodule if submodule in modules else base)
    return found & modules - {name}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (each module, then the first one again), or ``None`` for a DAG."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        if node in on_path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        on_path.add(node)
        for target in sorted(graph.get(node, ())):
            cycle = visit(target)
            if cycle is not None:
                return cycle
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start)
        if cycle is not None:
            return cycle
    return None


def package_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of ``package`` mapped to the modules of it that it imports at module level."""
    paths = {module_name(path, package): path for path in sorted(package.rglob("*.py"))}
    modules = set(paths)
    return {
        name: imports_of(path.read_text(encoding="utf-8"), name, modules, is_package=path.name == "__init__.py")
        for name, path in paths.items()
    }


def test_remi_has_no_module_level_import_cycle() -> None:
    graph = package_graph()
    assert {"remi.state", "remi._rules", "remi._transitions", "remi._listing"} <= set(graph)
    assert "remi.state" in graph["remi._setup"]  # the graph does see remi's imports
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or ())


def test_the_rules_and_transitions_lie_below_the_state() -> None:
    graph = package_graph()
    below = {"remi._values", "remi._view", "remi._rules", "remi._transitions", "remi._listing"}
    for name in below:
        assert "remi.state" not in graph[name], f"{name} imports remi.state at run time"
    assert below - {"remi._values"} <= graph["remi.state"]


def test_no_module_hides_an_import_below_its_code() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        assert "noqa: E402" not in path.read_text(encoding="utf-8"), f"{path.name} imports below its code"


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=module_name)
def test_no_module_is_over_700_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{module_name(path)} has {lines} lines: split it by idea"


# -- the checker itself ----------------------------------------------------------------------------------------------


def test_the_checker_sees_an_import_at_the_bottom_of_a_module() -> None:
    modules = {"pkg", "pkg.low", "pkg.high"}
    low = "import enum\n\nclass Low: ...\n\nfrom pkg.high import High  # noqa: E402\n"
    high = "from pkg.low import Low\n\nclass High(Low): ...\n"
    graph = {"pkg.low": imports_of(low, "pkg.low", modules), "pkg.high": imports_of(high, "pkg.high", modules)}
    assert graph == {"pkg.low": {"pkg.high"}, "pkg.high": {"pkg.low"}}
    assert find_cycle(graph) == ["pkg.high", "pkg.low", "pkg.high"]


def test_the_checker_skips_type_checking_and_function_imports() -> None:
    modules = {"pkg", "pkg.low", "pkg.high", "pkg.sub"}
    low = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg.high import High\n"
        "def make() -> High:\n    from pkg.high import High\n    return High()\n"
        "class Low:\n    from . import sub\n"
    )
    assert imports_of(low, "pkg.low", modules) == {"pkg.sub"}
    assert find_cycle({"pkg.low": {"pkg.sub"}, "pkg.high": {"pkg.low"}, "pkg.sub": set()}) is None
