"""Import time: ``import remi`` against ``import chess``, in fresh interpreter processes.

Each run starts a new interpreter (this one, ``sys.executable``) that imports
one module and exits, both libraries loading from a bytecode cache as on a
normal install after the first import (a warm-up run writes it); its CPU time (user + system, from
``resource.getrusage(RUSAGE_CHILDREN)``) is what the import costs a script,
interpreter start-up included. The runs of the two alternate, so background
load affects them alike, and a bare interpreter (``pass``) is timed the same
way as the floor. The figures are the median (and the minimum) of ``--runs``
runs each; the ratio is of the medians.

Then one ``python -X importtime -c "import remi"`` run shows where remi's time
goes: the slowest modules by their own time.

Run:  python benchmarks/bench_import.py [--runs 30] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile

TARGET = 1.25
SUBJECTS = {"bare": "pass", "chess": "import chess", "remi": "import remi"}
#: Both libraries load from a bytecode cache, as after any first import on a normal install: the
#: children may write bytecode (whatever PYTHONDONTWRITEBYTECODE says here), into a cache folder of
#: this run's own, so nothing is written beside the sources.
CACHE = tempfile.mkdtemp(prefix="remi-bench-import-")
ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def python(*args: str) -> list[str]:
    """The command line of a fresh interpreter like this one, with the run's bytecode cache."""
    return [sys.executable, "-X", f"pycache_prefix={CACHE}", *args]


def cpu_ms(code: str) -> float:
    """The CPU time, in milliseconds, of a fresh interpreter running ``code``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(python("-c", code), check=True, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def breakdown(top: int) -> list[tuple[str, int, int]]:
    """(module, own µs, cumulative µs) of the ``top`` slowest modules by own time in one ``import remi``."""
    done = subprocess.run(python("-X", "importtime", "-c", "import remi"),
                          check=True, capture_output=True, text=True, env=ENV)
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|")
        rows.append((name.strip(), int(own), int(cumulative)))
    total = next((row for row in rows if row[0] == "remi"), ("remi", 0, 0))
    rows.sort(key=lambda row: -row[1])
    return [total, *rows[:top]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="fresh interpreters per subject (default 30)")
    parser.add_argument("--top", type=int, default=12, help="modules in the breakdown (default 12)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures to PATH as {'import': {...}}")
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in SUBJECTS}
    for code in SUBJECTS.values():  # a warm-up each: the first run writes the bytecode cache
        cpu_ms(code)
    for _ in range(args.runs):
        for name, code in SUBJECTS.items():
            times[name].append(cpu_ms(code))
    median = {name: statistics.median(values) for name, values in times.items()}
    print(f"CPU time of a fresh interpreter, {args.runs} runs each (ms)")
    print(f"{'':16} {'median':>7} {'min':>7} {'over bare':>10}")
    for name, code in SUBJECTS.items():
        print(f"{code:16} {median[name]:>7.1f} {min(times[name]):>7.1f} {median[name] - median['bare']:>10.1f}")
    ratio = median["remi"] / median["chess"]
    verdict = "met" if ratio <= TARGET else "not met"
    print(f"ratio import remi / import chess: {ratio:.2f}x (target <= {TARGET:.2f}x: {verdict})")
    print()
    print("where import remi spends its time (one -X importtime run, µs; first row: remi in all)")
    print(f"{'module':36} {'own':>8} {'cumulative':>11}")
    for name, own, cumulative in breakdown(args.top):
        print(f"{name:36} {own:>8} {cumulative:>11}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"import": {"remi_ms": round(median["remi"], 1), "chess_ms": round(median["chess"], 1),
                                  "ratio": round(ratio, 3)}}, out, indent=2)


if __name__ == "__main__":
    main()
