#!/usr/bin/env bash
# The whole check, from scratch: install into ./.venv if needed, compile remi's
# extensions in place, then tests on both builds (the whole suite on the compiled
# build; the rules tests and the differential test on the pure one), lint, type
# checks, the documentation (built with warnings as errors, its pages checked in
# headless Chromium, and its examples run as doctests), the README's examples and
# the demo.
#
#   bash scripts/check.sh            # every step, even after one fails
#   bash scripts/check.sh --fail-fast  # stop at the first failing step
#   bash scripts/check.sh --pure     # compile nothing: every test on the pure build
#   bash scripts/check.sh --install  # also install from scratch into fresh venvs (scripts/check_install.sh)
#
# Exits non-zero if any step fails, after naming the failed steps. Runs from any
# directory and whether or not a virtualenv is active: it always uses the
# repository's own .venv (see scripts/_env.sh for the settings).
set -euo pipefail

FAIL_FAST=0
PURE=0
INSTALL=0
for arg in "$@"; do
    case "$arg" in
        --fail-fast) FAIL_FAST=1 ;;
        --pure) PURE=1 ;;
        --install) INSTALL=1 ;;
        -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
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

# The compiled build, in place: Cython compiles the modules setup.py lists into src/remi, beside their .py
# files (git ignores them), unless they are there and current already. remi loads a compiled module only
# while its .py is the one it was compiled from (remi._loading), so editing a .py afterwards is safe.
compile_in_place() {
    if env -u REMI_PURE_PYTHON "$PY" -c 'import remi, sys; sys.exit(not remi.compiled)' 2>/dev/null; then
        echo "the compiled modules are current"
        return 0
    fi
    REMI_EXTENSIONS=1 "$PY" -m pip install --quiet --disable-pip-version-check --no-deps -e . 2>&1 |
        grep -E "^(warning|error|ERROR)" || true
    env -u REMI_PURE_PYTHON "$PY" -c 'import remi, sys; print("remi.compiled:", remi.compiled); sys.exit(not remi.compiled)'
}

# pytest imports each module of src/remi for its doctests; a compiled one reports its extension as
# __file__, which pytest would take for another module of the same name (PY_IGNORE_IMPORTMISMATCH)
compiled_pytest() {
    env -u REMI_PURE_PYTHON REMI_EXPECT_COMPILED=1 PY_IGNORE_IMPORTMISMATCH=1 "$PY" -m pytest "$@"
}

pure_pytest() {
    REMI_PURE_PYTHON=1 "$PY" -m pytest "$@"
}

run_step "system tools: tmux, chromium, playwright (scripts/install_tools.sh)" bash scripts/install_tools.sh
# -n auto: one pytest worker per CPU (pytest-xdist); the soak alone takes minutes per variant
if ((PURE)); then
    run_step "pytest, pure build (REMI_PURE_PYTHON=1): tests/ and the doctests in src/remi/" pure_pytest -q -n auto
else
    run_step "compile the extensions in place (REMI_EXTENSIONS=1 pip install -e .)" compile_in_place
    run_step "pytest, compiled build: tests/ and the doctests in src/remi/" compiled_pytest -q -n auto
    # the differential test (tests/build) runs both builds over seeded random matches and compares them
    run_step "pytest, pure build (REMI_PURE_PYTHON=1): tests/rules and tests/build" \
        pure_pytest -q -n auto tests/rules tests/build
fi
if ((INSTALL)); then
    run_step "install from scratch: pip install ., the sdist without a compiler, -e (scripts/check_install.sh)" \
        bash scripts/check_install.sh
fi
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
