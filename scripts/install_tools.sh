#!/usr/bin/env bash
# Install the system tools the checks need on a fresh machine, each only when
# missing: Debian's tmux (the terminal game is played in a real terminal by
# tests/cli/test_terminal.py) and headless-capable Chromium (apt-get), and the
# playwright Python package into the repository's .venv for
# scripts/docs_browser_check.py. Only the package: the check drives
# /usr/bin/chromium, so no browser is downloaded by playwright.
#
#   bash scripts/install_tools.sh
#
# Needs root (or sudo) for apt-get, and .venv (scripts/_env.sh makes it).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"

packages=()
[[ -x /usr/bin/chromium ]] || packages+=(chromium fonts-dejavu-core)
command -v tmux >/dev/null 2>&1 || packages+=(tmux)
if ((${#packages[@]})); then
    step "installing ${packages[*]} (apt-get)"
    SUDO=""
    if ((EUID != 0)); then
        SUDO="sudo"
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

if ! "$PY" -c 'import playwright' 2>/dev/null; then
    step "installing playwright (the Python package only) into .venv"
    "$PY" -m pip install --quiet --disable-pip-version-check "playwright>=1.40"
fi
/usr/bin/chromium --version 2>/dev/null
