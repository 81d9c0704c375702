"""House rules on the command line: ``--rules PATH`` in place of a variant, ``remi rules --json``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import remi
from remi.cli import main

HOUSE = 'base = "norwegian"\nname = "house"\n\n[buying]\nlimit = 3\n'


def _house_file(tmp_path: Path, text: str = HOUSE) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _one_error_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    assert lines[0].startswith("remi: error: ")
    return lines[0]


def test_rules_reads_a_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--rules", str(_house_file(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "(variant 'house', version 1)" in out and "limit = 3" in out


def test_rules_json_prints_the_variant_as_data(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--json", "english"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == remi.variants.get("english").to_dict()
    assert remi.Variant.from_dict(data) == remi.variants.get("english")


def test_rules_json_of_a_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--json", "--rules", str(_house_file(tmp_path))]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["name"] == "house" and data["buying"]["limit"] == 3


def test_simulate_plays_a_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--rules", str(_house_file(tmp_path)), "--players", "3", "--games", "2", "--seed", "4",
            "--max-deals", "2", "--json", "--quiet"]
    assert main(args) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["variant"] == "house" and stats["games"] == 2


def test_play_plays_a_rules_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--rules", str(_house_file(tmp_path)), "--seed", "3", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "Norwegian Remi, 3 players" in out and "Game abandoned (seed 3)." in out


def test_simulate_with_rules_as_a_command(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "remi", "simulate", "--rules", str(_house_file(tmp_path)),
                           "--players", "3", "--games", "2", "--max-deals", "1", "--json", "--quiet"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["variant"] == "house"


@pytest.mark.parametrize(("text", "fragment"), [
    ('base = "norwegian"\n[buying]\nlimt = 3\n', "buying has no field 'limt'"),
    ('base = "norwegian"\n[buying]\nlimit = "three"\n', "buying.limit must be an integer or null, got 'three'"),
    ('base = "norwegian"\n[match]\nschedule = "weekly"\n', "match.schedule must be one of 'rounds', 'levels'"),
    ('base = "no-such-variant"\n', "unknown variant 'no-such-variant'"),
    ('base = 3\n', "base must name a variant"),
    ("base = \n", "not TOML"),
    ('base = "norwegian"\nbuying = 3\n', "buying must be a table of Buying fields"),
    ('base = "norwegian"\n[scoring]\nclass = "os.Scoring"\n', "scoring.class: 'os.Scoring' is no part class"),
    ('name = "scratch"\n', "must give contracts"),
])
def test_a_bad_rules_file_is_one_error_line_naming_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            text: str, fragment: str) -> None:
    path = _house_file(tmp_path, text)
    assert main(["rules", "--rules", str(path)]) == 2
    line = _one_error_line(capsys.readouterr().err)
    assert str(path) in line and fragment in line


def test_a_missing_rules_file_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", str(tmp_path / "nowhere.toml")]) == 2
    assert "cannot read the rules file" in _one_error_line(capsys.readouterr().err)


def test_a_rules_file_that_is_not_utf8_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b'name = "caf\xe9"\n')
    assert main(["rules", "--rules", str(path)]) == 2
    assert "cannot read the rules file" in _one_error_line(capsys.readouterr().err)


def test_a_variant_and_a_rules_file_together_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "norwegian", "--rules", str(_house_file(tmp_path))]) == 2
    assert "not both" in _one_error_line(capsys.readouterr().err)


@pytest.mark.parametrize("command", ["rules", "simulate", "play"])
def test_neither_a_variant_nor_a_rules_file_is_refused(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command]) == 2
    assert "required: VARIANT, or --rules PATH" in _one_error_line(capsys.readouterr().err)
