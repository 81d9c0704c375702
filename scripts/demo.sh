#!/usr/bin/env bash
# Install into ./.venv if needed, then run the demo: both built-in variants'
# contracts, and the verdicts on a few melds from the rules' worked examples.
#
#   bash scripts/demo.sh [arguments for examples/demo.py]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"

step "python examples/demo.py${*:+ $*}"
exec "$PY" examples/demo.py "$@"
