"""What a newcomer meets first: the README with a plugin installed, ``remi.testing`` after ``import remi``,
the terminal game's words to the player, the conformance kit's progress, the command's small answers."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import remi
from locations import REPOSITORY
from remi.actions import Discard
from remi.cli.terminal import Game, Screen, Styled, play
from remi.errors import IllegalActionError, Reason
from remi.testing import check_variant

ROOT = REPOSITORY
SRC = ROOT / "src"

PLUGIN = """\
import attrs
from remi.variants.norwegian import NORWEGIAN

HOUSE = attrs.evolve(NORWEGIAN, name="zz-house", title="A house rule")
"""


def install_plugin(folder: Path) -> None:
    """A third-party variant ``zz-house``: a module and a .dist-info naming it as a remi.variants entry point."""
    (folder / "remi_plugin_house.py").write_text(PLUGIN)
    info = folder / "remi_plugin_house-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: remi-plugin-house\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[remi.variants]\nzz-house = remi_plugin_house:HOUSE\n")


def run_python(arguments: list[str], path: list[Path]) -> subprocess.CompletedProcess[str]:
    """Run the project's python with ``path`` first on its module path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in path)}
    return subprocess.run([sys.executable, *arguments], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False)


def test_builtins_lists_the_seven_built_in_variants() -> None:
    assert remi.variants.builtins() == ("english", "liverpool", "liverpool-project", "mayi", "norwegian",
                                        "shanghai", "shanghai-family")
    assert set(remi.variants.builtins()) <= set(remi.variants.names())


def test_the_readme_examples_hold_with_a_plugin_installed(tmp_path: Path) -> None:
    install_plugin(tmp_path)
    listed = run_python(["-c", "import remi; print(remi.variants.names())"], [tmp_path, SRC])
    assert "zz-house" in listed.stdout  # the plugin is installed: names() lists it
    done = run_python(["-m", "doctest", "-o", "ELLIPSIS", "README.md"], [tmp_path, SRC])
    assert done.returncode == 0, done.stdout + done.stderr


def test_remi_testing_is_an_attribute_after_import_remi_loaded_on_first_use() -> None:
    code = textwrap.dedent("""\
        import sys, remi
        assert "remi.testing" not in sys.modules
        assert remi.testing.check_variant.__name__ == "check_variant"
        assert "remi.testing" in sys.modules
        """)
    done = run_python(["-c", code], [SRC])
    assert done.returncode == 0, done.stderr


def test_the_version_is_0_2_0() -> None:
    assert remi.__version__ == "0.2.0"


def test_an_unknown_variant_close_to_a_known_one_is_named() -> None:
    with pytest.raises(remi.VariantError, match="did you mean 'norwegian'") as raised:
        remi.variants.get("norwegain")
    assert raised.value.reason is Reason.UNKNOWN_VARIANT
    with pytest.raises(remi.VariantError) as unrelated:
        remi.variants.get("klondike")
    assert "did you mean" not in str(unrelated.value)


def test_the_rules_say_the_players_once_when_the_best_range_is_the_whole_range() -> None:
    english = remi.variants.get("english")
    norwegian = remi.variants.get("norwegian")
    assert english.recommended_players == (english.min_players, english.max_players)
    assert "Players: 2-6\n" in english.summary()
    assert "best" not in english.summary().split("\n")[2]
    assert "(best 3-5)" in norwegian.summary()


# -- the terminal game ----------------------------------------------------------------


def game(*, rich: bool, seat: int = 0, out: io.StringIO | None = None) -> Game:
    """A terminal game of Norwegian Remi on a screen writing to ``out``."""
    return Game(remi.variants.get("norwegian"), seat, 1, io.StringIO(), Screen(out or io.StringIO(), rich=rich),
                pause=False)


def test_N15_a_refusal_says_you_and_cites_its_clause() -> None:
    error = IllegalActionError("seat 0 has already laid down its contract", Reason.ALREADY_DOWN)
    assert "".join(map(str, game(rich=False).spoken(error))) == "you have already laid down your contract (N15)"


def test_a_refusal_of_the_engine_names_the_human_seat_you() -> None:
    state = remi.new_game("norwegian", players=3, seed=1)
    seat = state.to_act
    assert seat is not None
    card = state.hands[seat][0]
    with pytest.raises(IllegalActionError) as raised:
        state.check(Discard(card))
    said = game(rich=False, seat=seat).spoken(raised.value)
    text = "".join(str(part) for part in said)
    assert f"seat {seat}" not in text
    assert "you must" in text
    assert card in said  # the card is a card on screen, not its notation in a sentence


def test_hints_and_refusals_show_suit_symbols_on_a_screen_that_has_them() -> None:
    parts = game(rich=True).cards_in("discard KD, or lay off 10H on [2]; JK stays")
    assert [part for part in parts if not isinstance(part, str)] == [
        remi.parse_card("KD"), remi.parse_card("10H"), remi.parse_card("JK")]
    out = io.StringIO()
    shown = game(rich=True, out=out)
    shown.say("A greedy bot would play: ", *shown.cards_in("discard KD"))
    assert "K♦" in out.getvalue() and "KD" not in out.getvalue()
    assert isinstance(shown.screen.card(remi.parse_card("KD")), Styled)


def test_a_new_deals_banner_comes_before_its_first_move_and_plurals_agree() -> None:
    state = remi.new_game("norwegian", players=3, seed=5)
    out = io.StringIO()
    play(state.variant, state, 1, 5, io.StringIO("1\n" * 400), out, rich=False, pause=False)
    text = out.getvalue()
    over = text.index("Deal 1 over")
    banner = text.index("=== Round 2 of 7 begins", over)
    moves = [match.start() for match in re.finditer(r"seat [02] \(greedy\) [a-z]", text[over:])]
    assert moves and over + moves[0] > banner
    assert text.index("=== Round 1 of 7 begins") < text.index("(greedy) ")
    assert not re.search(r"\b1 (?:other )?ways\b", text)


# -- the conformance kit's progress ---------------------------------------------------------


class Tty(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_check_variant_writes_a_line_per_game_off_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    check_variant("english", games=2, max_actions=0)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("english: game 1 of 2 (seed 0, ") and " actions in " in lines[0]


def test_check_variant_fills_a_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = Tty()
    monkeypatch.setattr(sys, "stderr", stream)
    check_variant("english", games=2, max_actions=0)
    shown = stream.getvalue()
    assert shown.count("\r") == 2 and shown.endswith("\n")
    assert "2/2 games" in shown and "[" + "#" * 30 + "]" in shown


def test_check_variant_is_silent_without_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = Tty()
    monkeypatch.setattr(sys, "stderr", stream)
    check_variant("english", games=1, max_actions=0, progress=False)
    assert stream.getvalue() == ""
