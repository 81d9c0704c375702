#!/usr/bin/env bash
# Install into ./.venv if needed, then show remi at work: 20 matches of
# Norwegian Remi (the default variant) between four greedy bots, seed 1.
#
#   bash scripts/demo.sh [more options for `remi simulate`]
#
# Extra options are appended and win over the defaults, e.g.
#   bash scripts/demo.sh --games 200 --workers 2
set -euo pipefail
# The demo needs only remi and rich (the cli extra), not the dev tools: a fresh clone installs
# [cli]; a .venv made by check.sh keeps its extras.
if [[ -z "${REMI_EXTRAS:-}" ]]; then
    stamp="$(dirname "${BASH_SOURCE[0]}")/../.venv/.remi-installed"
    if [[ -f "$stamp" ]]; then
        REMI_EXTRAS="$(sed -n 's/^extras=//p' "$stamp")"
    fi
    export REMI_EXTRAS="${REMI_EXTRAS:-cli}"
fi
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"

echo
echo "Norwegian Remi: four greedy bots play 20 matches (seed 1, so every run gives the same figures)."
echo "Also: .venv/bin/remi play norwegian (play the bots), .venv/bin/python examples/demo.py (contracts, melds)."

args=(simulate norwegian --players 4 --games 20 --bots greedy --seed 1 "$@")
step "remi ${args[*]}"
exec "$PY" -m remi "${args[@]}"
