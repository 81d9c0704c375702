"""Which build of remi is loaded: the compiled modules where they are current, else the ``.py`` files (private).

remi has one implementation, its ``.py`` files. An install with a C compiler also holds compiled copies of a
few of them (built by Cython from the same files, unchanged; ``setup.py`` names them), listed in
``remi/_extensions.txt``: per module, its extension's file name and the CRC-32 of the source it was
compiled from. :func:`install` (run when ``import remi`` imports this module, before any other module of
remi) reads that list and puts :class:`SourceFirstFinder` first on :data:`sys.meta_path`. For each module
of remi that has a compiled copy beside its ``.py``, the finder chooses:

* the ``.py`` file when ``REMI_PURE_PYTHON=1`` is set (read once, at ``import remi``), or when the module
  is one of those it names (``REMI_PURE_PYTHON=remi._engine.rules,remi._search.tables``: a way to measure
  what compiling each module pays);
* the ``.py`` file when the list does not name the module, or names another source (the ``.py`` was edited
  since it was compiled): a compiled module never shadows an edited ``.py``;
* the compiled module otherwise.

Either way the module has the same name, so every public ``__module__``, and every pickle, is the same in
both builds. ``remi.compiled`` is ``True`` when every listed module loads compiled.
"""

from __future__ import annotations

import os
import sys
import zlib
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec, SourceFileLoader
from importlib.util import spec_from_file_location
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from types import ModuleType

#: Set to ``1`` before ``import remi`` to load the ``.py`` files even where compiled ones are installed.
PURE_PYTHON_VARIABLE = "REMI_PURE_PYTHON"
#: The build's list of compiled modules, in the package's directory: ``module extension crc32`` per line.
MANIFEST = "_extensions.txt"


def pure_python_requested(module: str) -> bool:
    """Whether ``REMI_PURE_PYTHON`` asks for ``module``'s ``.py`` file: ``1`` for every module, or its name."""
    value = os.environ.get(PURE_PYTHON_VARIABLE, "")
    return value == "1" or module in value.split(",")


def source_digest(source: bytes) -> str:
    """The digest the manifest keeps of a module's source: its CRC-32 in hex (an edit changes it; zlib loads fast).

    >>> source_digest(b"print('hello')")
    '75b36e74'
    """
    return f"{zlib.crc32(source):08x}"


def read_manifest(package_dir: str) -> dict[str, tuple[str, str]]:
    """The compiled modules the build listed: each module's name, to its extension's file name and source hash."""
    try:
        with open(os.path.join(package_dir, MANIFEST), encoding="utf-8") as manifest:
            text = manifest.read()
    except OSError:  # a pure build (or an editable install) lists nothing
        return {}
    listed = {}
    for line in text.splitlines():
        module, extension, digest = line.split()
        listed[module] = (extension, digest)
    return listed


def current_extensions(package_dir: str, listed: dict[str, tuple[str, str]]) -> dict[str, str]:
    """The listed modules whose extension is present and whose ``.py`` is the source it was compiled from."""
    current = {}
    for module, (extension, digest) in listed.items():
        folder = os.path.join(package_dir, *module.split(".")[1:-1])
        source = os.path.join(folder, f"{module.rpartition('.')[2]}.py")
        try:
            with open(source, "rb") as code:
                unchanged = source_digest(code.read()) == digest
        except OSError:  # an install without its sources runs what it has
            unchanged = True
        if unchanged and os.path.isfile(os.path.join(folder, extension)):
            current[module] = os.path.join(folder, extension)
    return current


class SourceFirstFinder:
    """Finds remi's modules that have a compiled copy: the copy if it is current and wanted, else the ``.py``.

    Modules without a compiled copy are left to Python's own finders. (A meta-path finder needs only
    ``find_spec``: not deriving from ``importlib.abc.MetaPathFinder`` spares ``import remi`` loading that module.)
    """

    def __init__(self, compiled: dict[str, str]) -> None:
        self.compiled = compiled

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of ``fullname`` if it is a module of remi with a compiled copy beside its ``.py``, else None."""
        if not fullname.startswith("remi.") or path is None:
            return None
        if fullname in self.compiled:
            extension = self.compiled[fullname]
            return spec_from_file_location(fullname, extension, loader=ExtensionFileLoader(fullname, extension))
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, f"{leaf}.py")
            if any(os.path.exists(os.path.join(folder, leaf + suffix)) for suffix in EXTENSION_SUFFIXES) \
                    and os.path.isfile(source):
                return spec_from_file_location(fullname, source, loader=SourceFileLoader(fullname, source))
        return None


def install(package_dir: str) -> bool:
    """Put the finder first on :data:`sys.meta_path`; whether every compiled module listed will load compiled."""
    listed = read_manifest(package_dir)
    wanted = {module: entry for module, entry in listed.items() if not pure_python_requested(module)}
    current = current_extensions(package_dir, wanted)
    if not any(isinstance(finder, SourceFirstFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFirstFinder(current))
    return bool(listed) and len(current) == len(listed)


#: Whether the compiled build is loaded (``remi.compiled``). Importing this module sets up the finder:
#: ``remi/__init__.py`` imports it before any other module of remi.
compiled = install(os.path.dirname(os.path.abspath(__file__)))
