"""``python -m remi``: the ``remi`` command (see :mod:`remi.cli`).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import sys

from remi.cli import main

if __name__ == "__main__":
    sys.exit(main())
