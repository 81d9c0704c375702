#!/usr/bin/env bash
# Install what scripts/docs_browser_check.py needs on a fresh machine: Debian's
# headless-capable Chromium (apt-get; skipped when /usr/bin/chromium exists) and
# the playwright Python package into the repository's .venv. Only the package:
# the check drives /usr/bin/chromium, so no browser is downloaded by playwright.
#
#   bash scripts/install_browser.sh
#
# Needs root (or sudo) for apt-get, and .venv (scripts/_env.sh makes it).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"

if [[ ! -x /usr/bin/chromium ]]; then
    step "installing chromium (apt-get)"
    SUDO=""
    if ((EUID != 0)); then
        SUDO="sudo"
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
fi

if ! "$PY" -c 'import playwright' 2>/dev/null; then
    step "installing playwright (the Python package only) into .venv"
    "$PY" -m pip install --quiet --disable-pip-version-check "playwright>=1.40"
fi
/usr/bin/chromium --version 2>/dev/null
