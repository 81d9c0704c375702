"""Build remi-rules: the pure-Python package, plus compiled copies of its hot modules where a C compiler is present.

The ``.py`` files are the one implementation. Cython compiles a few of them unchanged (its pure-Python mode;
types, where given, sit in ``.pxd`` files beside them) into extension modules installed next to the sources,
and writes ``remi/_extensions.txt``: one line per compiled module, its name, its extension's file name and the
CRC-32 of the source it was compiled from. At ``import remi`` a finder (:mod:`remi._loading`) loads an
extension only where its source is unchanged, and never when ``REMI_PURE_PYTHON=1`` is set.

Settings (environment variables, read at build time):

* ``REMI_NO_EXTENSIONS=1``: compile nothing (a pure build);
* ``REMI_EXTENSIONS=1``: compile in an editable install too (``pip install -e .`` is pure otherwise),
  the extensions then sit beside the sources in ``src/remi``;
* ``REMI_REQUIRE_EXTENSIONS=1``: fail the build rather than fall back to the pure one (for wheels).

Where compiling fails (no C compiler, or no Cython) the build goes on without extensions and warns:
the install is pure, and ``remi.compiled`` is ``False``.
"""

from __future__ import annotations

import os
import sys
import zlib
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The modules compiled, and only these: each measurably pays (docs/benchmarks.rst lists the figures).
#: Any module of src/remi may be added; it is compiled unchanged from its ``.py`` (and ``.pxd``, if any).
COMPILED_MODULES = (
    "remi._search.kernel",
    "remi._search.scored",
    "remi._search.arrange",
    "remi._search.generate",
    "remi._search.shortfall",
    "remi._search.tables",
    "remi._engine.listing",
    "remi._engine.transitions",
    "remi._engine.rules",
    "remi.envs.encoding",
    "remi.envs.decision",
)

#: Cython's settings for every module: the ``.py`` stays plain Python, so annotations are not C types
#: (a ``.pxd`` beside a module gives its C types), and the compiled functions keep Python's semantics
#: that the suite relies on (introspection, signatures, exceptions with source lines).
DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,
    "binding": True,
    "embedsignature": True,
    "always_allow_keywords": True,
}

#: The list beside the package: ``module extension-file crc32-of-source`` per line (``remi._loading.source_digest``).
MANIFEST = "_extensions.txt"

#: The sources, relative to this file (setuptools takes no absolute paths; a build runs from this folder).
SOURCE_ROOT = Path("src")


def _wanted(editable: bool) -> bool:
    """Whether this build compiles: not with REMI_NO_EXTENSIONS=1, and in an editable install only if asked."""
    if os.environ.get("REMI_NO_EXTENSIONS", "") not in ("", "0"):
        return False
    return not editable or os.environ.get("REMI_EXTENSIONS", "") not in ("", "0")


def _source(module: str) -> Path:
    """The ``.py`` file of ``module``, under src/."""
    return SOURCE_ROOT.joinpath(*module.split(".")).with_suffix(".py")


class OptionalBuildExt(build_ext):
    """``build_ext`` that compiles with Cython where it can, and otherwise leaves a pure install."""

    def run(self) -> None:
        """Compile every module of :data:`COMPILED_MODULES`, or none; then write the manifest."""
        self._built: list[tuple[str, str]] = []
        if not _wanted(bool(getattr(self, "editable_mode", False))):
            self._forget_earlier_builds()
            return
        # the sources' hashes before compiling: the list names what was compiled, even if a file changes meanwhile
        self._digests = {module: f"{zlib.crc32(_source(module).read_bytes()):08x}" for module in COMPILED_MODULES}
        try:
            from Cython.Build import cythonize  # build-time only: absent from a pure install

            self.extensions = cythonize(
                [Extension(module, [str(_source(module))]) for module in COMPILED_MODULES],
                compiler_directives=DIRECTIVES,
                build_dir=str(Path(self.build_temp) / "cython"),
                nthreads=os.cpu_count() or 1,
                quiet=True,
            )
            for extension in self.extensions:  # what setuptools' finalize_options sets on its own extensions
                extension._full_name = self.get_ext_fullname(extension.name)
                extension._links_to_dynamic = extension._needs_stub = False
            self.parallel = self.parallel or os.cpu_count() or 1  # the C compiler on every core
            super().run()
        except Exception as failure:  # any failure to compile leaves the pure build, which works everywhere
            self._give_up(failure)
            if os.environ.get("REMI_REQUIRE_EXTENSIONS", "") not in ("", "0"):
                raise
            return
        self._write_manifest()

    def _forget_earlier_builds(self) -> None:
        """A pure build: drop what an earlier compiled build left in ``build/`` (not in place: that is asked for)."""
        if self.inplace or getattr(self, "editable_mode", False):
            return
        for module in COMPILED_MODULES:
            Path(self.get_ext_fullpath(module)).unlink(missing_ok=True)
        (Path(self.get_ext_fullpath("remi.x")).parent / MANIFEST).unlink(missing_ok=True)

    def build_extension(self, ext: Any) -> None:
        """Compile one extension, and note its file name for the manifest."""
        super().build_extension(ext)
        self._built.append((ext.name, os.path.basename(self.get_ext_fullpath(ext.name))))

    def _give_up(self, failure: BaseException) -> None:
        """Remove what was compiled already and warn: the install is pure."""
        for module, _ in self._built:
            Path(self.get_ext_fullpath(module)).unlink(missing_ok=True)
        self._built = []
        print(f"warning: remi's extensions were not compiled ({type(failure).__name__}: {failure}); "
              "installing the pure-Python build", file=sys.stderr)

    def _write_manifest(self) -> None:
        """Write ``remi/_extensions.txt`` beside the compiled modules."""
        package_dir = Path(self.get_ext_fullpath("remi.x")).parent
        lines = [f"{module} {filename} {self._digests[module]}\n" for module, filename in self._built]
        package_dir.mkdir(parents=True, exist_ok=True)
        (package_dir / MANIFEST).write_text("".join(lines), encoding="utf-8")
        self.manifest_path = str(package_dir / MANIFEST)

    def get_outputs(self) -> list[str]:
        """The compiled modules and the manifest (what an install or a wheel takes)."""
        outputs = [self.get_ext_fullpath(module) for module, _ in getattr(self, "_built", [])]
        manifest = getattr(self, "manifest_path", None)
        return outputs + ([manifest] if manifest else [])

    def get_output_mapping(self) -> dict[str, str]:
        """For an editable install: nothing to copy (in place already, or not built)."""
        return {}


setup(
    # a placeholder: OptionalBuildExt.run decides what to compile, so that a failure never stops the install
    ext_modules=[Extension("remi._search.kernel", [str(_source("remi._search.kernel"))])],
    cmdclass={"build_ext": OptionalBuildExt},
)
