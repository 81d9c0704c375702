"""Files written before the package layout changed still load: JSON states, game records and pickles.

``tests/data/release-849973f`` holds a midgame and a finished match of each of the seven built-in
variants, written by remi at commit 849973f, when ``Phase``, ``TableMeld`` and ``DealResult``
lived in ``remi._values`` and ``remi.simulate`` was a module. Each file must load to a state
equal to the one its start and history replay to.
"""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

import locations
import remi
from remi import GameState, read_record, write_record

DATA = locations.DATA / "release-849973f"
BUILT_IN = ("english", "liverpool", "liverpool-project", "mayi", "norwegian", "shanghai", "shanghai-family")
NAMES = [f"{variant}-{moment}" for variant in BUILT_IN for moment in ("midgame", "finished")]


def replayed(state: GameState) -> GameState:
    """``state`` rebuilt by hand: new_game from its start, then each action of its history."""
    args: dict[str, Any] = dict(state.start)
    args.pop("version")
    table = args.pop("table", None)
    if table is not None:
        args["table"] = [remi.TableMeld(remi.Meld.parse(text).kind, remi.Meld.parse(text).cards, owner, turn)
                         for owner, text, turn in table]
    game = remi.new_game(args.pop("variant"), **args)
    for action in state.history:
        game = game.apply(action)
    return game


def test_the_files_cover_every_built_in_variant_midgame_and_finished() -> None:
    assert set(BUILT_IN) <= set(remi.variants.names())
    for name in NAMES:
        data = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
        assert data["variant"]["name"] == name.rpartition("-")[0]
        state = GameState.from_json(json.dumps(data))
        assert state.is_over is name.endswith("finished")
        assert len(state.history) == 60 or name.endswith("finished")


@pytest.mark.parametrize("name", NAMES)
def test_a_json_state_written_before_the_move_loads_to_its_replay(name: str) -> None:
    state = GameState.from_json((DATA / f"{name}.json").read_text(encoding="utf-8"))
    assert state == replayed(state)
    assert GameState.from_json(state.to_json()) == state


@pytest.mark.parametrize("name", NAMES)
def test_a_record_written_before_the_move_loads_to_its_replay(name: str) -> None:
    state = read_record((DATA / f"{name}.rec").read_text(encoding="utf-8"))
    assert state == replayed(state)
    assert state == GameState.from_json((DATA / f"{name}.json").read_text(encoding="utf-8"))
    assert read_record(write_record(state)) == state


@pytest.mark.parametrize("name", NAMES)
def test_a_pickle_written_before_the_move_loads_to_an_equal_state(name: str) -> None:
    raw = (DATA / f"{name}.pickle").read_bytes()
    assert b"remi._values" in raw  # it names the old private home
    state = pickle.loads(raw)
    assert isinstance(state, GameState)
    assert state == GameState.from_json((DATA / f"{name}.json").read_text(encoding="utf-8"))
    assert type(state.phase) is remi.Phase
    assert all(type(meld) is remi.TableMeld for meld in state.table)


def test_a_new_pickle_names_only_public_homes() -> None:
    state = GameState.from_json((DATA / "norwegian-midgame.json").read_text(encoding="utf-8"))
    raw = pickle.dumps(state)
    assert b"remi._" not in raw
    assert pickle.loads(raw) == state
