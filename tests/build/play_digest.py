"""A digest of everything remi lists and does over seeded random matches: run once per build, then compared.

Run as a script in a fresh interpreter (``REMI_PURE_PYTHON=1`` for the pure build, unset for the compiled one),
it prints one JSON object: ``remi.compiled``, the file each compiled-or-not module loaded from, and per built-in
variant a SHA-256 over every step of seeded random play: the listing (whole, its length, and the chosen action
found by index), the state after each action (its JSON), and the pickle round trip of every state. It also
digests the pickles that earlier releases wrote (``tests/data/release-849973f``), loaded and written out as JSON.

Run:  python tests/build/play_digest.py [--actions 1500]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import random
from importlib import import_module
from pathlib import Path

import remi
from remi.actions import Action, Buy, Pass

#: The earlier releases' pickles: they load alike in both builds.
RELEASE_DATA = Path(__file__).resolve().parent.parent / "data" / "release-849973f"
#: The modules a build may compile (those named by ``remi/_extensions.txt`` in a compiled build).
WATCHED = ("remi._search.kernel", "remi._search.scored", "remi._search.arrange", "remi._search.generate",
           "remi._search.tables", "remi._engine.listing", "remi._engine.transitions", "remi._engine.rules")


def play_digest(name: str, actions: int, seed: int) -> str:
    """The digest of ``actions`` steps of seeded random play of variant ``name`` (new matches as needed)."""
    rng = random.Random(f"{name}/{seed}")
    digest = hashlib.sha256()
    players = 4 if seed % 2 == 0 else 3
    state = remi.new_game(name, players=players, seed=seed)
    for step in range(actions):
        if state.is_over:
            state = remi.new_game(name, players=players, seed=rng.randrange(2**32))
        legal = state.legal_actions()
        listed = list(legal)
        digest.update(repr(listed).encode())
        digest.update(str(len(legal)).encode())
        action: Action
        if state.phase is remi.Phase.BUY:
            action = Buy() if rng.random() < 0.1 else Pass()
        else:
            action = legal[rng.randrange(len(legal))]
        digest.update(f"{listed.index(action)} {legal.index(action)}".encode())
        state = state.apply(action)
        text = state.to_json()
        digest.update(text.encode())
        if step % 50 == 0:
            copy = pickle.loads(pickle.dumps(state))
            assert copy == state, f"{name}: a pickled state reads back different"
    return digest.hexdigest()


def release_pickles_digest() -> str:
    """The digest of every earlier release's pickled state, loaded and written as JSON."""
    digest = hashlib.sha256()
    for path in sorted(RELEASE_DATA.glob("*.pickle")):
        state = pickle.loads(path.read_bytes())  # the repository's own test data
        digest.update(path.name.encode())
        digest.update(state.to_json().encode())
        digest.update(repr(list(state.legal_actions())).encode())
    return digest.hexdigest()


def main() -> None:
    """Print the JSON digest of this build."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1500, help="actions per variant (default 1500)")
    args = parser.parse_args()
    report = {
        "compiled": remi.compiled,
        "files": {module: Path(import_module(module).__file__ or "").name for module in WATCHED},
        "variants": {name: play_digest(name, args.actions, seed) for seed, name in enumerate(remi.variants.builtins())},
        "release pickles": release_pickles_digest(),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
