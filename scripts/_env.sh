# shellcheck shell=bash
# Sourced by scripts/check.sh and scripts/demo.sh: cd to the repository root and
# make sure ./.venv exists with remi and its dev tools installed, from nothing
# but python3 (>= 3.11, with venv and pip) and network access to PyPI.
#
# After sourcing: $ROOT is the repository root (and the working directory),
# $PY is the virtual environment's python, and .venv/bin is first on PATH.
#
# Settings (environment variables):
#   PYTHON=python3.12     the interpreter that creates .venv (default: python3)
#   REMI_REINSTALL=1      reinstall even if pyproject.toml has not changed
#   REMI_EXTRAS=dev       the optional dependencies to install (default: dev)

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

VENV="$ROOT/.venv"
PY="$VENV/bin/python"
EXTRAS="${REMI_EXTRAS:-dev}"
BASE_PYTHON="${PYTHON:-python3}"

step() {
    printf '\n==> %s\n' "$*"
}

if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    if ! command -v "$BASE_PYTHON" >/dev/null 2>&1; then
        echo "error: $BASE_PYTHON not found; remi needs Python >= 3.11 (set PYTHON=... to choose one)" >&2
        exit 1
    fi
    if ! "$BASE_PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        echo "error: $("$BASE_PYTHON" --version 2>&1) is too old; remi needs Python >= 3.11 (set PYTHON=...)" >&2
        exit 1
    fi
    step "creating .venv with $("$BASE_PYTHON" --version 2>&1)"
    rm -rf "$VENV"
    # Inside another activated virtualenv, python3 is that env's; venv still
    # builds .venv on its base interpreter, so this works there too.
    "$BASE_PYTHON" -m venv "$VENV"
fi

# Reinstall only when the project metadata changed (or on request): the
# install is editable, so source changes need no reinstall.
STAMP="$VENV/.remi-installed"
WANT="$(cat pyproject.toml; echo "extras=$EXTRAS")"
if [[ "${REMI_REINSTALL:-0}" == 1 || ! -f "$STAMP" || "$(cat "$STAMP")" != "$WANT" ]]; then
    step "installing remi and its [$EXTRAS] dependencies into .venv"
    "$PY" -m pip install --quiet --disable-pip-version-check -e ".[$EXTRAS]"
    printf '%s' "$WANT" > "$STAMP"
fi

export PATH="$VENV/bin:$PATH"
export VIRTUAL_ENV="$VENV"
unset PYTHONHOME
