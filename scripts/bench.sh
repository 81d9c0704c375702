#!/usr/bin/env bash
# Every benchmark in benchmarks/, printing its figures. Installs remi with the
# benchmark-only dependency (python-chess, the yardstick) into ./.venv if needed.
#
#   bash scripts/bench.sh
set -euo pipefail
export REMI_EXTRAS="${REMI_EXTRAS:-dev,bench}"
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"
for script in benchmarks/bench_*.py; do
    step "$script"
    "$PY" "$script"
done
