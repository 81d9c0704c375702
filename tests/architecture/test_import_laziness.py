"""``import remi`` stays light: the tools load on first use, entry points only for a plugin.

Each check runs in a fresh interpreter, so that what this test process has
imported already does not count.
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import entry_points

import pytest

import remi

#: The modules ``import remi`` must not load: the tools, and the package metadata reader.
HEAVY = ("remi.bots", "remi.solver", "remi.simulation", "remi.notation", "remi.cli", "importlib.metadata")


def loaded_after(code: str) -> set[str]:
    """The modules of :data:`HEAVY` that a fresh interpreter has loaded after running ``code``."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps([name for name in {HEAVY!r} if name in sys.modules]))"
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_import_remi_loads_no_tool_and_reads_no_entry_point() -> None:
    already = loaded_after("")  # what Python loads by itself before any import (none of them, usually)
    assert loaded_after("import remi") == already


@pytest.mark.parametrize("name", ["norwegian", "english", "mayi"])
def test_getting_a_built_in_variant_reads_no_entry_point(name: str) -> None:
    already = loaded_after("")
    code = f"import remi\nvariant = remi.variants.get({name!r})\nassert variant.name == {name!r}"
    assert loaded_after(code) == already


def test_new_game_and_play_load_no_tool() -> None:
    code = ("import remi\ngame = remi.new_game('norwegian', players=4, seed=1)\n"
            "for _ in range(40):\n    game = game.apply(list(game.legal_actions())[0])\n")
    assert loaded_after(code) == loaded_after("")


def test_the_built_in_variants_are_remis_own_entry_points() -> None:
    own = {point.name: point.value for point in entry_points(group=remi.variants.ENTRY_POINT_GROUP)
           if point.dist is not None and point.dist.name == "remi-rules"}
    known = {name: f"{module}:{attribute}" for name, (module, attribute) in remi.variants._BUILT_IN.items()}
    assert known == own


@pytest.mark.parametrize(("name", "module"), [
    ("bots", None), ("Bot", "remi.bots"), ("GreedyBot", "remi.bots"), ("RandomBot", "remi.bots"),
    ("bot_names", "remi.bots"), ("make_bot", "remi.bots"), ("register_bot", "remi.bots"),
    ("read_record", "remi.notation"), ("write_record", "remi.notation"),
    ("Statistics", "remi.simulation"), ("simulate", "remi.simulation"),
    ("Solution", "remi.solver"), ("solve", "remi.solver"),
    ("Dealt", "remi.state"), ("Bought", "remi.state"), ("DealEnded", "remi.state"), ("Event", "remi.state"),
])
def test_each_lazy_name_resolves_to_its_module_s(name: str, module: str | None) -> None:
    value = getattr(remi, name)
    if module is None:
        assert value is sys.modules[f"remi.{name}"]
    else:
        assert value is getattr(sys.modules[module], name)
    assert name in dir(remi) and name in remi.__all__


def test_every_exported_name_resolves_and_is_listed_by_dir() -> None:
    names = dir(remi)
    for name in remi.__all__:
        assert getattr(remi, name) is not None
        assert name in names
    with pytest.raises(AttributeError, match="no attribute 'solver_of_everything'"):
        remi.solver_of_everything  # noqa: B018


def test_the_simulation_module_and_the_simulate_function_have_two_names() -> None:
    code = ("import remi\nfrom remi.simulation import Statistics\nimport remi.simulation\n"
            "from remi import simulate, solve\n"
            "assert callable(remi.simulate) and remi.simulate is simulate is remi.simulation.simulate\n"
            "assert simulate.__module__ == 'remi.simulation' and remi.Statistics is Statistics\n"
            "assert type(remi) is type(remi.simulation) and solve.__module__ == 'remi.solver'")
    assert {"remi.simulation", "remi.solver"} <= loaded_after(code)


def test_the_events_and_their_replay_load_with_the_first_view() -> None:
    modules = ("remi._engine.events", "remi._engine.knowledge")
    probe = (f"import json, sys\nimport remi\nloaded = lambda: [m for m in {modules!r} if m in sys.modules]\n"
             "on_import = loaded()\ngame = remi.new_game('norwegian', players=2, seed=1)\n"
             "game = game.apply(game.legal_actions()[0])\non_play = loaded()\n"
             "first = game.view(0).history[0]\n"
             "print(json.dumps([on_import, on_play, loaded(), type(first).__module__, type(first).__name__]))")
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    on_import, on_play, on_view, module, name = json.loads(done.stdout.splitlines()[-1])
    assert on_import == on_play == []
    assert on_view == list(modules)
    assert (module, name) == ("remi.state", "Dealt")  # the events' public home, as reprs and pickles name it


def test_the_lazy_event_names_are_the_events_module_s() -> None:
    from remi._engine import events

    assert set(events.__all__) == remi.state.EVENT_NAMES
    assert {name for name, (module, _) in remi._LAZY.items() if module == "remi.state"} == set(events.__all__)
    assert all(getattr(events, name).__module__ == "remi.state" for name in events.__all__ if name != "Event")
