"""The two builds side by side: the fair loop against python-chess, the solver and import time, pure and compiled.

Each figure comes from the benchmark script that owns it, run in a fresh interpreter per build: the pure
build with ``REMI_PURE_PYTHON=1``, the compiled one without (it must be installed, e.g. in place by
``REMI_EXTENSIONS=1 pip install -e .``; the script stops if it is not). The fair loop
(``bench_play.py``: list, pick uniformly, apply, both iteration styles, against python-chess in the same
process) runs ``--rounds`` rounds, the builds alternating and their order swapping every round, and each
figure is the median over the rounds. The solver (``bench_solver.py``, against the exhaustive reference)
and import time (``bench_import.py``, against ``import chess``) take their own medians, once per build.

Run:  python benchmarks/bench_builds.py [--rounds 5] [--seconds 2] [--parts play,solver,import] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
VARIANTS = ("norwegian:4", "english:4", "liverpool:4", "shanghai:4", "mayi:4")
BUILDS = ("pure", "compiled")


def run(script: str, build: str, *args: str) -> dict[str, Any]:
    """Run ``benchmarks/<script>`` in ``build``; the figures it writes with ``--json``."""
    env = {name: value for name, value in os.environ.items() if name != "REMI_PURE_PYTHON"}
    if build == "pure":
        env["REMI_PURE_PYTHON"] = "1"
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "figures.json"
        subprocess.run([sys.executable, str(HERE / script), *args, "--json", str(out)], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        figures: dict[str, Any] = json.loads(out.read_text())
    return figures


def compiled_is_installed() -> bool:
    """Whether ``import remi`` without ``REMI_PURE_PYTHON`` loads the compiled build."""
    env = {name: value for name, value in os.environ.items() if name != "REMI_PURE_PYTHON"}
    done = subprocess.run([sys.executable, "-c", "import remi; print(remi.compiled)"], check=True, env=env,
                          capture_output=True, text=True)
    return done.stdout.strip() == "True"


def play(rounds: int, seconds: float) -> list[dict[str, Any]]:
    """The fair loop's median figures per variant, style and build."""
    samples: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for round_ in range(rounds):
        for build in BUILDS if round_ % 2 == 0 else reversed(BUILDS):
            args = ["--seconds", str(seconds), "--seed", str(2026 + round_)]
            for variant in VARIANTS:
                args += ["--variant", variant]
            for row in run("bench_play.py", build, *args)["play"]:
                samples.setdefault((row["variant"], row["style"], build), []).append(row)
            print(f"  round {round_ + 1}/{rounds}: {build} done", file=sys.stderr)
    rows = []
    for (variant, style, build), found in samples.items():
        rows.append({"variant": variant, "style": style, "build": build, "rounds": len(found),
                     "remi_per_s": round(statistics.median(row["remi_per_s"] for row in found), 1),
                     "chess_per_s": round(statistics.median(row["chess_per_s"] for row in found), 1),
                     "ratio": round(statistics.median(row["ratio"] for row in found), 3)})
    return rows


def print_play(rows: list[dict[str, Any]]) -> None:
    """The fair loop's table: one line per variant and style, both builds."""
    table = {(row["variant"], row["style"], row["build"]): row for row in rows}
    print(f"{'variant':<12} {'style':<6} {'pure':>8} {'compiled':>9} {'speed-up':>9}   (ratio to python-chess)")
    for variant in dict.fromkeys(row["variant"] for row in rows):
        for style in ("list", "index"):
            pure, compiled = table[variant, style, "pure"], table[variant, style, "compiled"]
            print(f"{variant:<12} {style:<6} {pure['ratio']:>7.2f}x {compiled['ratio']:>8.2f}x "
                  f"{compiled['remi_per_s'] / pure['remi_per_s']:>8.2f}x")


def main() -> None:
    """Measure the parts asked for in both builds and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds of the fair loop (default 5)")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds per variant and style in each round (default 2)")
    parser.add_argument("--parts", default="play,solver,import", help="which parts (default: all three)")
    parser.add_argument("--hands", type=int, default=300, help="hands per category for the solver (default 300)")
    parser.add_argument("--json", metavar="PATH", help="also write every figure to PATH")
    args = parser.parse_args()
    if not compiled_is_installed():
        sys.exit("bench_builds.py: the compiled build is not installed (REMI_EXTENSIONS=1 pip install -e .)")
    parts = args.parts.split(",")
    figures: dict[str, Any] = {}
    if "play" in parts:
        figures["play"] = play(args.rounds, args.seconds)
        print_play(figures["play"])
    if "solver" in parts:
        figures["solver"] = {build: run("bench_solver.py", build, "--hands", str(args.hands), "--big-hands", "1")
                             ["solver"] for build in BUILDS}
        print("solver speed-up over the exhaustive reference (pure, compiled):")
        for pure, compiled in zip(figures["solver"]["pure"], figures["solver"]["compiled"], strict=True):
            category = f"{pure['variant']} {pure['category']}"
            print(f"  {category:<36} {pure['speedup']:>8,.0f}x {compiled['speedup']:>8,.0f}x")
    if "import" in parts:
        figures["import"] = {build: run("bench_import.py", build, "--runs", "20")["import"] for build in BUILDS}
        for build in BUILDS:
            found = figures["import"][build]
            print(f"import, {build}: remi {found['remi_ms']} ms, chess {found['chess_ms']} ms, "
                  f"ratio {found['ratio']}x")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
