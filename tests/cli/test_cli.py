"""Tests for the ``remi`` command: in-process through ``main`` and as ``python -m remi``."""

from __future__ import annotations

import concurrent.futures
import io
import json
import os
import re
import subprocess
import sys
from importlib.metadata import entry_points

import attrs
import pytest

import remi
from remi import cli
from remi.cli import main
from remi.simulation import simulate


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "remi", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, check=False)


def one_error_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    assert lines[0].startswith("remi: error: ")
    return lines[0]


# -- remi rules -----------------------------------------------------------------------


def test_rules_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "english"]) == 0
    out = capsys.readouterr().out
    summary = remi.variants.get("english").summary()
    assert out.startswith(summary[: summary.index("\nmelds: ")])  # players, deck, contracts, card points
    assert "run 4 + group 3" in out and "lay-off quota 3" in out


@pytest.mark.parametrize("name", remi.variants.names())
def test_rules_give_every_parameter_with_its_meaning(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", name]) == 0
    out = capsys.readouterr().out
    variant = remi.variants.get(name)
    sections = out.split("\n\n")
    for part in ("deck", "melds", "contracts", "drawing", "layoffs", "swaps", "buying", "match", "scoring"):
        section = next(text for text in sections if text.startswith(f"{part}: "))
        for field in attrs.fields(type(getattr(variant, part))):
            line = re.search(rf"^  {field.name} = ([^\n]*)", section, re.MULTILINE)
            assert line is not None, (part, field.name)
            value, _, meaning = line.group(1).partition(": ")
            assert value and len(meaning) > 10, (part, field.name)  # a value and what it means
    assert "melds: " not in out.split("Rule parts")[0]  # the bare field list is replaced


def test_rules_say_what_a_parameter_means() -> None:
    done = run("rules", "liverpool")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # L7: three buys per deal; L6: buying comes before the player on turn draws
    assert "  limit = 3: buys per player per deal (None: no limit).\n" in out
    assert "  timing = before-draw: before or after the player on turn draws from the stock.\n" in out
    assert "  hook order: the seats asked, first to last, whether they buy the discard on_turn declined.\n" in out
    english = " ".join(run("rules", "english").stdout.split())  # lines wrapped at 100 columns, joined
    assert ("hook quota (overridden: EnglishLayOffs): how many cards a player on contract level (0-based) "
            "may lay off per deal.") in english  # E12: the lay-off quota is a rule in code


def test_rules_as_a_module() -> None:
    done = run("rules", "norwegian")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Norwegian Remi")
    assert "4-4-4" in done.stdout and "joker 50" in done.stdout


def test_console_script_is_declared() -> None:
    scripts = {ep.name: ep.value for ep in entry_points(group="console_scripts")}
    assert scripts.get("remi") == "remi.cli:main"


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"remi {remi.__version__}"
    assert main(["simulate", "--help"]) == 0
    assert "--max-deals" in capsys.readouterr().out


# -- remi simulate --------------------------------------------------------------------


def test_simulate_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "norwegian", "--players", "2", "--games", "2", "--seed", "4"]) == 0
    captured = capsys.readouterr()
    assert "by bot" in captured.out and "by seat" in captured.out
    assert "win rate: matches won by the bot (any of its seats) / matches" in captured.out
    assert "win rate: matches won per seat / matches" in captured.out
    assert "greedy" in captured.out and "random" in captured.out
    assert "deals: 14 (7.00 per match)" in captured.out
    assert "simulating: 2/2 matches" in captured.err  # the plain progress report (not a terminal)


def test_simulate_json_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "english", "--players", "3", "--games", "2", "--seed", "9", "--max-deals", "3", "--json",
            "--quiet"]
    assert main(args) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    data = json.loads(captured.out)
    assert data["games"] == 2 and data["max_deals"] == 3 and data["bots"] == ["greedy", "random", "greedy"]
    expected = simulate("english", 3, "greedy,random", 2, 9, max_deals=3)
    assert data == json.loads(json.dumps(expected.to_dict()))


def test_simulate_json_as_a_module_is_the_same_with_workers() -> None:
    base = ["simulate", "norwegian", "--players", "2", "--games", "3", "--seed", "5", "--bots", "random,greedy",
            "--json"]
    one = run(*base)
    two = run(*base, "--workers", "2")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert "Traceback" not in one.stderr + two.stderr
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    assert first == second
    assert first["games"] == 3 and first["bots"] == ["random", "greedy"]
    assert first["by_bot"]["greedy"]["mean_total"] < first["by_bot"]["random"]["mean_total"]


def test_simulate_without_rich_falls_back_to_plain_text(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # `import rich` now fails
    assert not cli._rich_available()
    assert main(["simulate", "norwegian", "--players", "2", "--games", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "bot     seats" in out and "------" in out
    assert "\u2501" not in out  # no rich box drawing


def test_engine_errors_are_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise remi.IllegalActionError("a bot tried something illegal\nover two lines")

    monkeypatch.setattr(cli, "simulate", broken)
    assert main(["simulate", "norwegian", "--games", "1", "--quiet"]) == 1
    captured = capsys.readouterr()
    assert one_error_line(captured.err) == "remi: error: a bot tried something illegal over two lines"


# -- bad arguments --------------------------------------------------------------------

BAD = [
    (["rules", "klondike"], "unknown variant 'klondike'"),
    (["simulate", "klondike"], "unknown variant"),
    (["simulate", "norwegian", "--players", "1"], "2 to 6 players, not 1"),
    (["simulate", "english", "--players", "9"], "2 to 6 players, not 9"),
    (["simulate", "norwegian", "--seed", "abc"], "a seed is a whole number"),
    (["simulate", "norwegian", "--bots", "greedy,clever"], "unknown bot 'clever'"),
    (["simulate", "norwegian", "--games", "0"], "must be at least 1"),
    (["simulate", "norwegian", "--workers", "0"], "must be at least 1"),
    (["simulate", "norwegian", "--max-deals", "-3"], "must be at least 1"),
    (["simulate", "norwegian", "--games", "many"], "expected a whole number"),
    (["play", "norwegian", "--seat", "3"], "--seat must be a seat from 0 to 2"),
    (["play", "english", "--players", "7"], "2 to 6 players"),
    (["play", "norwegian", "--seed", "x"], "a seed is a whole number"),
    (["simulate"], "the following arguments are required: VARIANT"),
    (["simulate", "norwegian", "--frobnicate"], "unrecognized arguments"),
    (["deal"], "invalid choice"),
    ([], "choose a command"),
]


@pytest.mark.parametrize(("argv", "message"), BAD)
def test_bad_arguments_in_process(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in one_error_line(captured.err)
    assert captured.out == ""


@pytest.mark.parametrize(("argv", "message"), [BAD[0], BAD[2], BAD[4], BAD[5], BAD[7], BAD[10], BAD[16]])
def test_bad_arguments_as_a_module(argv: list[str], message: str) -> None:
    done = run(*argv)
    assert done.returncode == 2
    assert message in one_error_line(done.stderr)
    assert done.stdout == ""


# -- remi play ------------------------------------------------------------------------

SCRIPT = "\n".join([
    "help",
    "1",            # the first choice of the first decision (pass a buy)
    "buy",          # out of place: refused with the engine's reason
    "nonsense",     # not an action
    "99",           # no such number
    "discard XX",   # not a card
    "hint",
    "table",
    "2",
]) + "\n"


def play_in_process(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stdin: str,
                    *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(["play", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_play_in_process_with_a_script_then_end_of_input(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = play_in_process(monkeypatch, capsys, SCRIPT, "norwegian", "--seed", "3")
    assert status == 0 and err == ""
    assert "remi play: Norwegian Remi, 3 players: you, and greedy bots in seats 1, 2." in out
    assert out.count("seed 3") == 1 and out.rstrip().endswith("Game abandoned (seed 3).")  # shown at the end only
    assert "Your hand (" in out and "Discard pile:" in out and "stock:" in out and "Scores:" in out
    assert "Not allowed: " in out  # `buy` in the draw phase: the engine's reason
    assert "Not understood: " in out
    assert "No choice 99" in out
    assert "A greedy bot would play: " in out
    assert "Type the number of a choice" in out  # help
    assert "seat 1 (greedy) " in out  # the bots' moves are shown
    assert "seat 0" not in out  # the human seat is "you"
    assert "\x1b" not in out  # not a terminal: plain text
    assert "End of input." in out


def test_play_quit(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = play_in_process(monkeypatch, capsys, "quit\n", "english", "--seed", "1", "--seat", "1")
    assert status == 0 and "Game abandoned (seed 1)." in out


@pytest.mark.parametrize(("typed", "said"), [("draw", r"you drew (10|[2-9AJQK])[SHDC] from the stock"),
                                             ("TAKE", r"you took (10|[2-9AJQK])[SHDC] from the discard pile")])
def test_play_typed_actions(typed: str, said: str, monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    first = remi.new_game("norwegian", players=3, seed=0).to_act  # sit where the first decision is a draw
    assert first is not None
    status, out, _ = play_in_process(monkeypatch, capsys, typed + "\n", "norwegian", "--seed", "0",
                                     "--seat", str(first))
    assert status == 0
    assert re.search(said, out)
    assert out.count("Your choice: ") == 2  # the typed action, then end of input at the next decision


def test_play_plain_and_no_color_on_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)  # as if on a terminal: rich, unless told otherwise
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "norwegian", "--seed", "3"]) == 0
    assert "\x1b[" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "norwegian", "--seed", "3", "--plain"]) == 0
    assert "\x1b" not in capsys.readouterr().out
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["play", "norwegian", "--seed", "3"]) == 0
    assert "\x1b" not in capsys.readouterr().out


def test_play_over_a_pipe() -> None:
    done = run("play", "norwegian", "--players", "3", "--seed", "3", stdin=SCRIPT)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "Not allowed: " in done.stdout
    assert "Your choice: " in done.stdout
    assert done.stdout.rstrip().endswith("Game abandoned (seed 3).")


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1"}])
@pytest.mark.parametrize("plain", [["--plain"], []])
def test_play_on_an_output_that_cannot_write_the_symbols(env: dict[str, str], plain: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "remi", "play", "norwegian", "--seed", "3", *plain],
                          input=SCRIPT, capture_output=True, text=True, timeout=120, check=False,
                          env={**os.environ, **env})
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.isascii() and "Scores: you 0 | seat 1 0 | seat 2 0" in done.stdout
    assert done.stdout.rstrip().endswith("Game abandoned (seed 3).")


def test_play_answers_an_undecodable_line_and_goes_on() -> None:
    done = subprocess.run([sys.executable, "-m", "remi", "play", "norwegian", "--seed", "3", "--plain"],
                          input=b"\xff\n\xe9t\xe9\n" + SCRIPT.encode(), capture_output=True, timeout=120,
                          check=False, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    out = done.stdout.decode("ascii")
    assert done.returncode == 0 and done.stderr == b""
    assert "Not understood: '\\ufffd' is not an action" in out and "Not understood: '\\ufffdt\\ufffd'" in out
    assert "Not allowed: " in out  # the script after them is played
    assert out.rstrip().endswith("Game abandoned (seed 3).")


def test_play_over_a_pipe_with_no_input_at_all() -> None:
    done = run("play", "english", "--seed", "5")
    assert done.returncode == 0 and done.stderr == ""
    assert "End of input." in done.stdout


# -- numbers on the command line --------------------------------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "norwegian", "--workers", "2147483647"], "--workers must be at most"),
    (["simulate", "norwegian", "--games", "24", "--workers", "100000"], "--workers must be at most"),
    (["simulate", "norwegian", "--games", HUGE], "of at most 4300 digits"),
    (["simulate", "norwegian", "--games", "99999999999999999999"], "must be at most 1,000,000,000"),
    (["simulate", "norwegian", "--games", "-5"], "must be at least 1"),
    (["simulate", "norwegian", "--players", "99999999999999999999"], "2 to 6 players"),
    (["simulate", "norwegian", "--players", "-3"], "must be at least 1"),
    (["simulate", "norwegian", "--players", HUGE], "of at most 4300 digits"),
    (["simulate", "norwegian", "--seed", HUGE], "a seed is a whole number of at most 4300 digits"),
    (["simulate", "norwegian", "--seed", "9" * 2000, "--games", "1"], "--seed cannot seed the matches"),
    (["simulate", "norwegian", "--max-deals", "-1"], "must be at least 1"),
    (["simulate", "norwegian", "--max-deals", HUGE], "of at most 4300 digits"),
    (["play", "norwegian", "--seat", "-1"], "--seat must be a seat from 0 to 2"),
    (["play", "norwegian", "--seat", "99999999999999999999"], "--seat must be a seat from 0 to 2"),
    (["play", "norwegian", "--seat", HUGE], "a seat is a whole number"),
    (["play", "norwegian", "--players", "99999999999999999999"], "2 to 6 players"),
    (["play", "norwegian", "--seed", str(2**130)], "--seed cannot seed the match"),
    (["play", "norwegian", "--seed", HUGE], "a seed is a whole number of at most 4300 digits"),
])
def test_huge_and_negative_numbers_are_refused_in_one_line(argv: list[str], message: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    line = one_error_line(captured.err)
    assert message in line and len(line) < 300
    assert captured.out == ""


@pytest.mark.parametrize("argv", [
    ["simulate", "norwegian", "--seed", "١٢"],  # Arabic-Indic digits: int() reads them as 12
    ["simulate", "norwegian", "--games", "５"],  # a fullwidth 5
    ["simulate", "norwegian", "--players", "²"],
    ["simulate", "norwegian", "--workers", "1_0"],
    ["simulate", "norwegian", "--max-deals", " 1"],
    ["simulate", "norwegian", "--seed", "+7"],
    ["play", "norwegian", "--seed", "٣"],
    ["play", "norwegian", "--seat", "١"],
    ["play", "norwegian", "--players", "３"],
])
def test_numbers_are_ascii_digits(argv: list[str], capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))  # should the old code start the game
    assert main([*argv, *(["--games", "1", "--max-deals", "1", "--quiet"] if "--games" not in argv and
                            argv[0] == "simulate" else [])]) == 2
    captured = capsys.readouterr()
    line = one_error_line(captured.err)
    assert f"argument {argv[2]}: " in line and "(ASCII digits 0-9, perhaps after a minus), got " in line
    assert captured.out == ""


def test_a_seed_too_long_for_the_matches_says_how_many_digits(capsys: pytest.CaptureFixture[str]) -> None:
    # each match's seed is 'sim/SEED/INDEX', at most 1000 characters: 994 digits with one match
    for seed, digits in (("9" * 4000, 994), ("9" * 995, 994), ("-" + "9" * 994, 993)):
        assert main(["simulate", "norwegian", "--games", "1", "--seed", seed]) == 2
        line = one_error_line(capsys.readouterr().err)
        assert line.endswith(f"with --games 1, a seed must be an integer of at most {digits} digits, "
                             f"got {len(seed.lstrip('-'))} digits")
    assert main(["simulate", "norwegian", "--games", "1", "--max-deals", "1", "--quiet", "--seed",
                 "9" * 994]) == 0
    assert main(["simulate", "norwegian", "--games", "11", "--seed", "9" * 994]) == 2
    assert "at most 993 digits" in capsys.readouterr().err


def test_huge_and_negative_seeds_that_fit_are_played(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in ("-7", str(-(2**100)), "9" * 30):
        assert main(["simulate", "english", "--games", "1", "--max-deals", "1", "--quiet", "--json",
                     "--seed", seed]) == 0
        assert json.loads(capsys.readouterr().out)["seed"] == int(seed)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "english", "--seed", "-12345"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("Game abandoned (seed -12345).")


def test_workers_beyond_the_cpus_are_refused_as_a_module() -> None:
    done = run("simulate", "norwegian", "--workers", "2147483647")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--workers must be at most" in one_error_line(done.stderr)


def test_no_more_worker_processes_start_than_matches(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    started: list[int] = []

    class Pool(concurrent.futures.ThreadPoolExecutor):
        def __init__(self, max_workers: int, **_: object) -> None:
            started.append(max_workers)
            super().__init__(max_workers=max_workers)

    monkeypatch.setattr(cli, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert main(["simulate", "english", "--games", "3", "--workers", "64", "--max-deals", "1", "--quiet"]) == 0
    assert started == [3]
    assert main(["simulate", "english", "--games", "1", "--workers", "8", "--max-deals", "1", "--quiet"]) == 0
    assert started == [3]  # one match: played here, no pool
    assert "1 worker" in capsys.readouterr().out
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # unknown: one CPU
    assert main(["simulate", "english", "--games", "3", "--workers", "2"]) == 2
