#!/usr/bin/env bash
# Install remi from scratch into fresh virtual environments and check which build each one loads:
#
#   1. `pip install .` (a copy of the checkout): the compiled build (and how long the install took);
#   2. the sdist, with no working C compiler (CC=false): the pure build;
#   3. `REMI_NO_EXTENSIONS=1 pip install .`: the pure build;
#   4. `pip install -e .`: the pure build (the developer loop compiles only when asked: REMI_EXTENSIONS=1).
#
# In each, `REMI_PURE_PYTHON=1` loads the pure build, and a seeded game plays. Needs python3 (>= 3.11, with
# venv) and PyPI for the build requirements (setuptools, Cython). Used by .ci/run (check.sh --install).
#
#   bash scripts/check_install.sh
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BASE_PYTHON="${PYTHON:-python3}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# a copy of the sources as git has them (no in-place extensions, no .venv)
mkdir "$WORK/src"
git -C "$ROOT" ls-files -z --cached --others --exclude-standard | (cd "$ROOT" && xargs -0 tar cf -) |
    tar xf - -C "$WORK/src"

PROBE='import os, sys, remi
game = remi.new_game("norwegian", players=4, seed=1)
for _ in range(60):
    game = game.apply(game.legal_actions()[0])
print(remi.compiled)'

# expect NAME VENV WANTED: the venv's remi loads the build WANTED (True: compiled), and the pure one on request
expect() {
    local name="$1" venv="$2" wanted="$3" got pure
    got="$(cd "$WORK" && env -u REMI_PURE_PYTHON "$venv/bin/python" -c "$PROBE")"
    pure="$(cd "$WORK" && REMI_PURE_PYTHON=1 "$venv/bin/python" -c "$PROBE")"
    echo "$name: remi.compiled is $got (with REMI_PURE_PYTHON=1: $pure)"
    if [[ "$got" != "$wanted" || "$pure" != False ]]; then
        echo "FAILED: $name: wanted remi.compiled $wanted, and False with REMI_PURE_PYTHON=1" >&2
        return 1
    fi
}

fresh_venv() {
    "$BASE_PYTHON" -m venv "$WORK/$1"
    echo "$WORK/$1"
}

PIP=(-m pip install --quiet --disable-pip-version-check)

venv="$(fresh_venv compiled)"
start=$SECONDS
"$venv/bin/python" "${PIP[@]}" "$WORK/src" 2>&1 | grep -E "^(warning|error|ERROR)" || true
took=$((SECONDS - start))
expect "pip install ." "$venv" True
# wall-clock time swings with the machine's load: a figure to read, not a check that fails
echo "pip install . took ${took}s (the aim: at most 180s on 2 idle cores)"

"$venv/bin/python" "${PIP[@]}" build
"$venv/bin/python" -m build --sdist --outdir "$WORK/dist" "$WORK/src" >/dev/null
venv="$(fresh_venv no-compiler)"
CC=false "$venv/bin/python" "${PIP[@]}" "$WORK"/dist/*.tar.gz 2>&1 | grep -E "^(error|ERROR)" || true
expect "the sdist, CC=false" "$venv" False

venv="$(fresh_venv no-extensions)"
REMI_NO_EXTENSIONS=1 "$venv/bin/python" "${PIP[@]}" "$WORK/src"
expect "REMI_NO_EXTENSIONS=1 pip install ." "$venv" False

venv="$(fresh_venv editable)"
"$venv/bin/python" "${PIP[@]}" -e "$WORK/src"
expect "pip install -e ." "$venv" False
echo "all installs load the build they should"
