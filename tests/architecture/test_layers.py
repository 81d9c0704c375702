"""The package's architecture: layers as package-level contracts, no import cycle, public homes.

The layers, lowest first (a module imports only from its own layer or lower ones):

1. ``remi._util``: helpers that know nothing of the game; ``remi._loading``: which build of a module loads;
2. the model: ``remi.errors``, ``remi.cards``, ``remi.melds``, ``remi.contracts``, ``remi.parts``,
   ``remi.variant``, ``remi.variants`` (and the built-in variants), ``remi.actions``;
3. ``remi._search``: count-vector kernels, lay-down generation, the solver's tables and search, the planner;
4. ``remi._engine``: a state's values, its view, the rules, the transitions, the listing, set-up, JSON;
5. ``remi.state``: :class:`~remi.GameState` and :func:`~remi.new_game`, the engine's public face;
6. the tools: ``remi.solver``, ``remi.notation``, then ``remi.bots`` (beside ``remi.search_bot``, whose
   bot ``remi.bots`` registers), then ``remi.simulation``;
7. the applications, independent of one another: ``remi.testing``, ``remi.envs``, ``remi.cli``.

Every import counts, those inside functions too; only those under ``if TYPE_CHECKING:``
(which never run) do not. An import inside a function only defers an optional or heavy
dependency, and says so in a comment on its line.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import remi

PACKAGE = Path(remi.__file__).parent

#: The layers, lowest first: each module's layer is the first whose prefix names it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("remi._util", "remi._loading"),
    ("remi.errors", "remi.cards", "remi.melds", "remi.contracts", "remi.parts", "remi._ruledata", "remi.variant",
     "remi.variants", "remi.actions"),
    ("remi._search",),
    ("remi._engine",),
    ("remi.state",),
    ("remi.solver", "remi.notation"),
    ("remi.bots", "remi.search_bot"),
    ("remi.simulation",),
    ("remi.testing", "remi.envs", "remi.cli", "remi.__main__"),
)
#: The applications: each may use everything below it, and none of the others.
APPLICATIONS = ("remi.testing", "remi.envs", "remi.cli")
#: The most private modules that may lie flat in ``src/remi`` (helpers shared by every layer).
MOST_FLAT_PRIVATE = 4


def module_name(path: Path, package: Path = PACKAGE) -> str:
    """The dotted name of the module at ``path`` inside ``package`` (``remi/x/__init__.py`` is ``remi.x``)."""
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
    return name == "TYPE_CHECKING"


def run_time_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of ``tree`` that can run: module level and inside functions, not TYPE_CHECKING."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for statement in node.orelse:
                found += run_time_imports(ast.Module(body=[statement], type_ignores=[]))
        else:
            found += run_time_imports(node)
    return found


def imports_of(source: str, name: str, modules: set[str], *, is_package: bool = False) -> set[str]:
    """The modules of ``modules`` that the module ``name`` imports when it runs (at any depth)."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for statement in run_time_imports(ast.parse(source)):
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
    """Each module of ``package`` mapped to the modules of it that it imports when it runs."""
    paths = {module_name(path, package): path for path in sorted(package.rglob("*.py"))}
    modules = set(paths)
    return {
        name: imports_of(path.read_text(encoding="utf-8"), name, modules, is_package=path.name == "__init__.py")
        for name, path in paths.items()
    }


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of ``module``'s layer (the package ``remi`` itself is above them all)."""
    if module == "remi":
        return len(LAYERS)
    for index, prefixes in enumerate(LAYERS):
        if any(module == prefix or module.startswith(f"{prefix}.") for prefix in prefixes):
            return index
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in {__name__}")


def application_of(module: str) -> str | None:
    return next((app for app in APPLICATIONS if module == app or module.startswith(f"{app}.")), None)


# -- the contracts ---------------------------------------------------------------------------------------------------


def test_remi_has_no_import_cycle_counting_imports_inside_functions() -> None:
    graph = package_graph()
    assert "remi._engine.setup" in graph["remi.state"]  # the graph does see remi's imports
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or ())


def test_every_module_imports_only_its_own_layer_or_lower_ones() -> None:
    graph = package_graph()
    wrong = [
        f"{module} (layer {layer_of(module)}) imports {target} (layer {layer_of(target)})"
        for module, targets in sorted(graph.items())
        for target in sorted(targets)
        if target != "remi" and layer_of(target) > layer_of(module)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_applications_do_not_import_one_another() -> None:
    graph = package_graph()
    crossing = [
        f"{module} imports {target}"
        for module, targets in sorted(graph.items())
        for target in sorted(targets)
        if application_of(module) and application_of(target) and application_of(module) != application_of(target)
    ]
    assert not crossing, "\n".join(crossing)


def test_the_engine_lies_below_the_state() -> None:
    graph = package_graph()
    engine = {name for name in graph if name.startswith("remi._engine")}
    assert {"remi._engine.rules", "remi._engine.transitions", "remi._engine.listing"} <= engine
    for name in engine:
        assert "remi.state" not in graph[name], f"{name} imports remi.state at run time"


def test_an_import_inside_a_function_says_why_it_is_deferred() -> None:
    silent = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        tree = ast.parse(source)
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for statement in run_time_imports(function):
                if "#" not in lines[statement.lineno - 1]:
                    silent.append(f"{module_name(path)}:{statement.lineno}")
    assert not silent, f"imports inside functions with no comment saying why they are deferred: {silent}"


def test_no_private_name_is_imported_across_modules() -> None:
    crossing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for statement in run_time_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(statement, ast.ImportFrom) and (statement.module or "").startswith("remi"):
                crossing += [f"{module_name(path)}: {statement.module}.{alias.name}" for alias in statement.names
                             if alias.name.startswith("_") and not alias.name.startswith("__")]
    assert not crossing, "\n".join(crossing)


def test_few_private_modules_lie_flat_in_the_package() -> None:
    flat = sorted(path.name for path in PACKAGE.glob("_*.py") if path.name not in ("__init__.py", "__main__.py"))
    assert len(flat) <= MOST_FLAT_PRIVATE, flat


@pytest.mark.parametrize("name", sorted(remi.__all__))
def test_every_public_name_reports_a_public_home(name: str) -> None:
    value = getattr(remi, name)
    home = getattr(value, "__module__", None) or getattr(value, "__name__", None)
    if home is None:  # a constant: its home is where remi takes it from
        return
    assert not any(part.startswith("_") for part in home.split(".")), f"remi.{name} reports {home}"
    module = importlib.import_module(home)
    qualname = getattr(value, "__qualname__", None)
    if qualname is not None and "." not in qualname and not isinstance(value, type(remi)):
        assert getattr(module, qualname) is value, f"{home}.{qualname} is not remi.{name}"


def test_no_module_hides_an_import_below_its_code() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        assert "noqa: E402" not in path.read_text(encoding="utf-8"), f"{path.name} imports below its code"


# -- the checker itself ----------------------------------------------------------------------------------------------


def test_the_checker_sees_an_import_at_the_bottom_of_a_module() -> None:
    modules = {"pkg", "pkg.low", "pkg.high"}
    low = "import enum\n\nclass Low: ...\n\nfrom pkg.high import High  # noqa: E402\n"
    high = "from pkg.low import Low\n\nclass High(Low): ...\n"
    graph = {"pkg.low": imports_of(low, "pkg.low", modules), "pkg.high": imports_of(high, "pkg.high", modules)}
    assert graph == {"pkg.low": {"pkg.high"}, "pkg.high": {"pkg.low"}}
    assert find_cycle(graph) == ["pkg.high", "pkg.low", "pkg.high"]


def test_the_checker_counts_imports_in_functions_but_not_type_checking_ones() -> None:
    modules = {"pkg", "pkg.low", "pkg.high", "pkg.sub", "pkg.other"}
    low = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg.high import High\n"
        "else:\n    from pkg.other import Other\n"
        "def make() -> High:\n    from pkg.high import High\n    return High()\n"
        "class Low:\n    from . import sub\n"
    )
    assert imports_of(low, "pkg.low", modules) == {"pkg.high", "pkg.sub", "pkg.other"}
    assert find_cycle({"pkg.low": {"pkg.sub"}, "pkg.high": {"pkg.low"}, "pkg.sub": set()}) is None


def test_the_layers_refuse_an_upward_import() -> None:
    assert layer_of("remi._engine.rules") > layer_of("remi._search.kernel") > layer_of("remi.melds")
    assert layer_of("remi.cli.terminal") > layer_of("remi.simulation") > layer_of("remi.bots")
    assert application_of("remi.testing.invariants") == "remi.testing" and application_of("remi.bots") is None
    with pytest.raises(AssertionError, match="in no layer"):
        layer_of("remi.unheard_of")
