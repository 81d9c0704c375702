#!/usr/bin/env bash
# Every benchmark in benchmarks/, printing its figures. Installs remi with the
# benchmark-only dependency (python-chess, the yardstick) into ./.venv if needed.
#
#   bash scripts/bench.sh [--json FILE]
#
# With --json FILE (or REMI_BENCH_JSON=FILE) the figures are also written to
# FILE as one JSON object:
#   {"recorded": "YYYY-MM-DD", "machine": str, "command": str,
#    "play": [{"variant", "players", "style": "list"|"index", "remi_per_s", "chess_per_s", "ratio"}],
#    "solver": [{"variant", "category", "speedup"}],
#    "import": {"remi_ms", "chess_ms", "ratio"},
#    "memory": {"states": [...], "simulate": [...]}}
set -euo pipefail
JSON="${REMI_BENCH_JSON:-}"
if [[ "${1:-}" == "--json" ]]; then
    JSON="${2:?--json needs a file name}"
fi
if [[ -n "$JSON" ]]; then
    JSON="$(realpath -m "$JSON")"  # before _env.sh changes to the repository root
fi
export REMI_EXTRAS="${REMI_EXTRAS:-dev,bench}"
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"
PARTS="$(mktemp -d)"
trap 'rm -rf "$PARTS"' EXIT
for script in benchmarks/bench_*.py; do
    step "$script"
    if [[ -n "$JSON" ]] && grep -q -- '"--json"' "$script"; then
        "$PY" "$script" --json "$PARTS/$(basename "$script" .py).json"
    else
        "$PY" "$script"
    fi
done
if [[ -n "$JSON" ]]; then
    "$PY" - "$JSON" "$PARTS" <<'EOF'
import datetime
import json
import os
import pathlib
import platform
import sys

out, parts = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])


def cpu() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


report = {
    "recorded": datetime.date.today().isoformat(),
    "machine": f"{cpu()}, {os.cpu_count()} CPUs, {platform.system()}, "
               f"Python {platform.python_version()}",
    "command": "bash scripts/bench.sh",
}
for part in sorted(parts.glob("*.json")):
    report.update(json.loads(part.read_text()))
out.write_text(json.dumps(report, indent=2) + "\n")
print(f"\nfigures written to {out}")
EOF
fi
