#!/usr/bin/env bash
# The whole check, from scratch: install into ./.venv if needed, then tests,
# lint, type checks, the documentation (built with warnings as errors, its pages
# checked in headless Chromium, and its examples run as doctests), the README's
# examples and the demo.
#
#   bash scripts/check.sh            # every step, even after one fails
#   bash scripts/check.sh --fail-fast  # stop at the first failing step
#
# Exits non-zero if any step fails, after naming the failed steps. Runs from any
# directory and whether or not a virtualenv is active: it always uses the
# repository's own .venv (see scripts/_env.sh for the settings).
set -euo pipefail

FAIL_FAST=0
for arg in "$@"; do
    case "$arg" in
        --fail-fast) FAIL_FAST=1 ;;
        -h | --help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "check.sh: unknown argument $arg (try --help)" >&2; exit 2 ;;
    esac
done

source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"

# The soak test (tests/test_soak.py) plays 700 random deals here, shared evenly among the seven
# built-in variants, as CI does (.ci/run runs this script); a bare pytest run plays 210.
export REMI_SOAK_DEALS="${REMI_SOAK_DEALS:-700}"

failed=()

# run_step "title" command...: print a header, run the command, record a failure.
run_step() {
    local title="$1"
    shift
    step "$title"
    local status=0 start=$SECONDS
    "$@" || status=$?
    echo "--> $((SECONDS - start))s: $title"
    if ((status != 0)); then
        echo "--> FAILED (exit $status): $title"
        failed+=("$title")
        if ((FAIL_FAST)); then
            exit "$status"
        fi
    fi
}

sphinx() {
    local builder="$1"
    rm -rf "docs/_build/$builder"
    "$PY" -m sphinx -W --keep-going -q -b "$builder" docs "docs/_build/$builder"
}

# Every built page in headless Chromium: images load, no code block overflows its column;
# screenshots are kept in docs/_build/screenshots (Chromium and playwright come from
# scripts/install_tools.sh, the first step).
browser_check() {
    "$PY" scripts/docs_browser_check.py
}

run_step "system tools: tmux, chromium, playwright (scripts/install_tools.sh)" bash scripts/install_tools.sh
# -n auto: one pytest worker per CPU (pytest-xdist); the soak alone takes minutes per variant
run_step "pytest: tests/ and the doctests in src/remi/" "$PY" -m pytest -q -n auto
run_step "ruff check" "$PY" -m ruff check .
run_step "mypy --strict: src/remi, tests, benchmarks (pyproject.toml)" "$PY" -m mypy
run_step "mypy --strict: docs/conf.py, docs/_ext, examples" "$PY" -m mypy docs/conf.py docs/_ext examples
run_step "sphinx: HTML, warnings are errors (docs/_build/html)" sphinx html
run_step "browser: every page in headless Chromium (docs/_build/screenshots)" browser_check
run_step "sphinx: the documentation's examples as doctests" sphinx doctest
run_step "README.md examples as doctests" "$PY" -m doctest -o ELLIPSIS README.md
run_step "examples/demo.py" "$PY" examples/demo.py --quiet

echo
if ((${#failed[@]})); then
    echo "==> ${#failed[@]} step(s) FAILED (${SECONDS}s):"
    printf '      %s\n' "${failed[@]}"
    exit 1
fi
echo "==> all checks passed (${SECONDS}s)"
