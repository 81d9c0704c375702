"""Sphinx configuration for remi's documentation.

Build with ``bash scripts/check.sh`` (or, inside the project's ``.venv``,
``sphinx-build -W --keep-going -b html docs docs/_build/html``).
"""

from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path

import remi

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "remi"
author = "The remi developers"
copyright = "The remi developers"
release = remi.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
    "remi_docs",  # docs/_ext/remi_docs.py: generated variant tables, remi.X references
    "remi_clauses",  # docs/_ext/remi_clauses.py: clause anchors (#N15), the :clause: role
    "remi_pictures",  # docs/_ext/remi_pictures.py: SVG pictures, the :cards: role
]

exclude_patterns = ["_build", "_generated", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
html_static_path: list[str] = []
language = "en"
default_role = "py:obj"

# -- HTML ----------------------------------------------------------------------

html_theme = "furo"
html_title = f"remi {release}"
html_short_title = "remi"
html_copy_source = False

# -- autodoc and napoleon (Google-style docstrings) ----------------------------

autodoc_member_order = "bysource"
# The learning environments (remi.envs) need the rl extra, the strategies hypothesis; the docs extra
# alone builds the pages: what is not installed is mocked while the API pages are read (remi_docs too).
autodoc_mock_imports = [
    name
    for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel", "hypothesis")
    if importlib.util.find_spec(name) is None
]
autodoc_default_options = {"members": True, "show-inheritance": True, "no-value": True}
autodoc_typehints = "signature"
python_maximum_signature_line_length = 88
python_use_unqualified_type_names = True
add_module_names = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False
# An ``Attributes:`` section becomes a field list rather than attribute
# entries, so attributes that autodoc also finds are not described twice.
napoleon_use_ivar = True

# -- doctest -------------------------------------------------------------------

# Only ``.. doctest::`` / ``.. testcode::`` blocks in the pages run here; the
# docstrings' ``>>>`` examples run under pytest (--doctest-modules).
doctest_test_doctest_blocks = ""
# Long expected output is wrapped at its spaces, so that no example is wider than the
# page's column (scripts/docs_browser_check.py fails on a code block that overflows).
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL | doctest.DONT_ACCEPT_TRUE_FOR_1 | doctest.NORMALIZE_WHITESPACE
)
doctest_global_setup = "import attrs\nimport remi"
