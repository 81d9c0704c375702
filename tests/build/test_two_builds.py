"""The two builds: both list and play alike, ``remi.compiled`` tells them apart, and an edited ``.py`` always wins.

The differential test runs ``play_digest.py`` twice in fresh interpreters, once with ``REMI_PURE_PYTHON=1`` and
once without, and compares what they listed and did over seeded random matches of all seven built-in variants
(and the earlier release's pickles). CI runs it where the compiled build is installed in place and sets
``REMI_EXPECT_COMPILED=1``, so that the second run is known to be the compiled build.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import remi
from remi._loading import source_digest

HERE = Path(__file__).resolve().parent
PACKAGE = Path(remi.__file__).resolve().parent
#: Actions per variant in the differential run (CI may set more).
ACTIONS = int(os.environ.get("REMI_DIFFERENTIAL_ACTIONS", "400"))


def run_python(code_or_script: list[str], *, pure: bool, path: Path | None = None) -> str:
    """The standard output of a fresh interpreter, in the pure build or not, importing remi from ``path``."""
    env = {name: value for name, value in os.environ.items() if name != "REMI_PURE_PYTHON"}
    if pure:
        env["REMI_PURE_PYTHON"] = "1"
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, *code_or_script], check=True, capture_output=True, text=True, env=env)
    return done.stdout


def digest(*, pure: bool) -> dict[str, Any]:
    """What ``play_digest.py`` reports in one build."""
    report: dict[str, Any] = json.loads(run_python([str(HERE / "play_digest.py"), "--actions", str(ACTIONS)],
                                                   pure=pure))
    return report


def test_both_builds_list_and_play_seeded_matches_alike() -> None:
    pure, default = digest(pure=True), digest(pure=False)
    assert pure["compiled"] is False
    assert all(name.endswith(".py") for name in pure["files"].values()), pure["files"]
    expected = os.environ.get("REMI_EXPECT_COMPILED")
    if expected is not None:
        assert default["compiled"] is (expected == "1"), default["files"]
    assert sorted(pure["variants"]) == sorted(remi.variants.builtins())
    assert pure["variants"] == default["variants"]
    assert pure["release pickles"] == default["release pickles"]


def test_remi_compiled_says_which_build_is_loaded() -> None:
    manifest = PACKAGE / "_extensions.txt"
    listed = [line.split()[0] for line in manifest.read_text().splitlines()] if manifest.is_file() else []
    from_source = [module for module in listed if (import_module(module).__file__ or "").endswith(".py")]
    assert remi.compiled is bool(listed and not from_source), (listed, from_source)
    if os.environ.get("REMI_PURE_PYTHON") == "1":
        assert not remi.compiled
    elif os.environ.get("REMI_EXPECT_COMPILED") is not None:
        assert remi.compiled is (os.environ["REMI_EXPECT_COMPILED"] == "1")


def test_REMI_PURE_PYTHON_loads_every_module_from_its_py_file() -> None:
    probe = ("import json, sys, remi, remi.state, remi.solver, remi.bots\n"
             "print(json.dumps([remi.compiled, sorted(m.__file__ for n, m in sys.modules.items()\n"
             "                  if n.startswith('remi') and getattr(m, '__file__', None))]))")
    compiled, files = json.loads(run_python(["-c", probe], pure=True))
    assert compiled is False
    assert files and all(name.endswith(".py") for name in files), files


# --- a compiled module never shadows an edited .py: a copy of the package, with a stand-in extension ---------

#: The module the stand-in extension claims to be.
MODULE = "remi._engine.transitions"


def package_copy(tmp_path: Path, *, edited: bool, listed: bool = True) -> Path:
    """A copy of ``remi`` whose transitions module has a stand-in "compiled" copy that cannot load.

    The stand-in is not an extension at all: importing it fails, so any import that succeeds came from the
    ``.py``. The build's list names it with the hash of the source as copied; ``edited`` then changes the
    source, as a developer does after compiling in place.
    """
    root = tmp_path / "site"
    shutil.copytree(PACKAGE, root / "remi", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd",
                                                                          "_extensions.txt"))
    source = root / "remi" / "_engine" / "transitions.py"
    extension = f"transitions{EXTENSION_SUFFIXES[0]}"
    (source.parent / extension).write_bytes(b"not an extension module")
    if listed:
        digest = source_digest(source.read_bytes())
        (root / "remi" / "_extensions.txt").write_text(f"{MODULE} {extension} {digest}\n")
    if edited:
        source.write_text(source.read_text() + "\nEDITED_SINCE_COMPILED = True\n")
    return root


PROBE = ("import remi, remi._engine.transitions as module\n"
         "print(remi.compiled, module.__file__.endswith('.py'), getattr(module, 'EDITED_SINCE_COMPILED', False))")


def test_an_edited_py_file_loads_instead_of_its_compiled_copy(tmp_path: Path) -> None:
    root = package_copy(tmp_path, edited=True)
    assert run_python(["-c", PROBE], pure=False, path=root).split() == ["False", "True", "True"]


def test_an_unlisted_compiled_copy_never_loads(tmp_path: Path) -> None:
    root = package_copy(tmp_path, edited=False, listed=False)
    assert run_python(["-c", PROBE], pure=False, path=root).split() == ["False", "True", "False"]


def test_an_unedited_py_file_loads_its_compiled_copy(tmp_path: Path) -> None:
    # the check above can fail: with the source unchanged the finder takes the stand-in, which cannot load
    root = package_copy(tmp_path, edited=False)
    with pytest.raises(subprocess.CalledProcessError) as failed:
        run_python(["-c", PROBE], pure=False, path=root)
    assert "transitions" in failed.value.stderr
    assert run_python(["-c", PROBE], pure=True, path=root).split() == ["False", "True", "False"]
