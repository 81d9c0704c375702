"""Where the tests find the repository's files, from any folder of the suite.

The test files live in folders by area (``tests/rules``, ``tests/engine``, ...); the files they read
are found from here rather than from each test file's own place.
"""

from __future__ import annotations

from pathlib import Path

#: The repository's root: the folder holding ``pyproject.toml``, ``docs``, ``scripts`` and ``tests``.
REPOSITORY = Path(__file__).resolve().parent.parent
#: The test data: files written by earlier versions of remi, which must still read.
DATA = REPOSITORY / "tests" / "data"
#: The runnable examples shipped with the repository.
EXAMPLES = REPOSITORY / "examples"
