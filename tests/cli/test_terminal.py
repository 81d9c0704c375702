"""The terminal game (``remi play``), driven by scripted input on fixed seeds.

Each scripted game answers ``1`` to every question (the first choice: draw,
pass, the solver's lay-down, the first lay-off, the first discard) and plays
past the end of the first deal; the transcript is then read for what a player
must be shown.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from typing import IO

import pytest

import remi
from locations import REPOSITORY
from remi.actions import Discard, LayDown, LayOff
from remi.cards import parse_card
from remi.cli.terminal import PAGE, Entry, Game, Menu, Screen, play

ROOT = REPOSITORY
#: A card in plain notation or with a suit symbol.
CARD = r"(?:10|[2-9AJQK])[SHDC♠♥♦♣]|JK"


class Terminal(io.StringIO):
    """Scripted input that says it is a terminal, as a player's keyboard would."""

    def isatty(self) -> bool:
        return True


def transcript(variant: str, seed: int, answers: str, *, players: int = 3, seat: int = 0, rich: bool = False,
               stdin: IO[str] | None = None, menus: list[int] | None = None,
               monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str]:
    """Play with ``answers`` as the input; the exit status and everything shown.

    With ``menus`` (and ``monkeypatch``), the number of lines of every menu page shown is appended to it.
    """
    game = remi.new_game(variant, players=players, seed=seed)
    out = io.StringIO()
    if menus is not None and monkeypatch is not None:
        render = Game.render

        def counted(self: Game, menu: Menu) -> list[Entry]:
            before = out.tell()
            shown = render(self, menu)
            menus.append(out.getvalue()[before:].count("\n"))
            return shown

        monkeypatch.setattr(Game, "render", counted)
    status = play(game.variant, game, seat, seed, stdin if stdin is not None else io.StringIO(answers), out,
                  rich=rich, pause=False)
    return status, out.getvalue()


def first_deal(text: str) -> str:
    end = text.index("Deal 1 over")
    return text[:end]


# -- what is shown --------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "seed"), [("norwegian", 3), ("english", 2), ("liverpool", 3), ("mayi", 3)])
def test_a_scripted_deal_shows_what_a_player_needs(variant: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    menus: list[int] = []
    status, out = transcript(variant, seed, "1\n" * 400, menus=menus, monkeypatch=monkeypatch)
    assert status == 0 and "Traceback" not in out
    deal = first_deal(out)
    # the card drawn is named, and it is in the hand shown next
    drawn = re.findall(rf"you drew ({CARD}) from the stock\n", deal)
    assert drawn
    for match in re.finditer(rf"you drew ({CARD}) from the stock\n", deal):
        hand = re.search(r"Your hand \([^)]*\): ([^\n]*)", deal[match.end():])
        assert hand is not None and match.group(1) in hand.group(1).split()
    # "you" for the human seat, never "seat 0"
    assert "seat 0" not in out and "Seats:  you " in out
    assert re.search(r"seat 1 \(greedy\) (drew|took|discarded|went down)", deal)
    # buys used and left (or counted, where there is no limit)
    buying = remi.variants.get(variant).buying
    if not buying.enabled:
        assert "Buys" not in out and "buy" not in deal  # E: no buying
    elif buying.limit is not None:
        assert f"Buys this deal (limit {buying.limit}): you 0 used, {buying.limit} left" in deal
    else:
        assert "Buys this deal (no limit): you 0" in deal
    # every menu page fits in ten lines
    assert menus and max(menus) <= 10
    # the deal's summary
    assert re.search(r"Deal 1 over: .* went out\.|Deal 1 over: no one went out", out)
    assert "this deal" in out and "total" in out and "left in hand" in out


def test_english_shows_levels_and_the_layoff_quota() -> None:
    _, out = transcript("english", 2, "1\n" * 40, players=2)
    assert "== Deal 1 | your level 1 of 7 | dealer: " in out
    assert "Contract: run 4 + group 3 (run 4, set 3; exact sizes)" in out  # E9: exact sizes
    assert "Levels: you 1 | seat 1 1" in out
    assert "Lay-offs: 0 of 3 used this deal" in out  # E12: three lay-offs per deal at level 1


def test_N15_no_go_down_once_down() -> None:
    _, out = transcript("norwegian", 3, "1\n" * 400)
    deal = first_deal(out)
    went = deal.index("you went down: ")
    assert "Go down:" in deal[:went]
    after = deal[went:]
    assert "Go down:" not in after and "go down" not in after
    assert "You are down" in after


def test_only_the_moves_possible_now_are_offered() -> None:
    _, out = transcript("norwegian", 3, "1\n" * 60)
    for title in re.findall(r"Your play: ([^\n]*)\.\n", out):
        kinds = set(re.split(r", | or ", title))
        assert kinds <= {"go down", "lay off", "swap", "discard"}
    for block in re.findall(r"Your play: discard\.\n((?:  .*\n)+)", out):
        assert "Go down:" not in block and "Lay off:" not in block
    assert "Your play: discard." in out


def test_the_buy_offer_shows_buys_used_and_left() -> None:
    _, out = transcript("liverpool", 3, "1\n" * 400)
    assert re.search(rf"buy ({CARD}) \(\+1 penalty card; buys: 0 of 3 used, 3 left\)", out)  # L7: three buys


def test_a_buy_names_the_card_bought_and_the_penalty() -> None:
    # pass until the first buy offer, then buy
    _, out = transcript("norwegian", 3, "2\n" + "1\n" * 30)
    bought = re.search(rf"you bought ({CARD}) \(\+1 penalty card from the stock\)\n"
                       rf"you drew ({CARD}) from the stock as the penalty", out)
    assert bought is not None  # N14: the buyer takes the discard and one stock card
    assert "Buys this deal (no limit): you 1" in out


# -- plain and rich -------------------------------------------------------------------


def test_plain_output_has_no_escape_codes_and_ascii_cards() -> None:
    _, out = transcript("norwegian", 3, "1\n" * 40)
    assert "\x1b" not in out
    assert not set("♠♥♦♣") & set(out)
    assert re.search(r"Your hand \(10 cards, \d+ points\): (?:[0-9AJQK]+[SHDC]|JK)", out)


def test_rich_output_colours_the_suit_symbols() -> None:
    _, out = transcript("norwegian", 3, "1\n" * 40, rich=True)
    assert "\x1b[" in out
    assert re.search("\x1b\\[[0-9;]*31m(?:10|[2-9AJQK])[♥♦]", out)  # red hearts and diamonds
    assert re.search("\x1b\\[[0-9;]*m(?:10|[2-9AJQK])[♠♣]", out)
    assert "\x1b[1;30;43mJK" in out  # the joker highlighted
    assert "you drew " in out


def test_plain_output_is_ascii_whatever_is_shown_or_typed() -> None:
    # the separators and "more..." of the game's own text, and typed text echoed back
    _, out = transcript("norwegian", 3, "K♣ on ²\n" + "1\n" * 60)
    assert out.isascii()
    assert "Scores: you 0 | seat 1 0 | seat 2 0" in out
    assert "Your choice: KC on \\xb2\n" in out  # a suit symbol as its letter, anything else escaped
    written = io.StringIO()
    screen = Screen(written, rich=False)
    game = Game(remi.variants.get("norwegian"), 0, 5, io.StringIO(), screen, pause=False)
    game.render(game.menu(huge_hand()))
    assert written.getvalue().isascii() and "more... (over " in written.getvalue()


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_an_output_that_cannot_write_the_symbols_gets_plain_text(encoding: str) -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding)  # as PYTHONIOENCODING=ascii gives
    game = remi.new_game("norwegian", players=3, seed=3)
    for rich in (True, False):
        assert play(game.variant, game, 0, 3, io.StringIO("help\n1\n"), out, rich=rich, pause=False) == 0
    out.flush()
    text = raw.getvalue().decode("ascii")  # nothing beyond ASCII was written
    assert "\x1b" not in text and "Game abandoned (seed 3)." in text
    assert re.search(r"Your hand \(10 cards, \d+ points\): (?:[0-9AJQK]+[SHDC]|JK)", text)


def test_the_screen_without_rich_is_plain() -> None:
    out = io.StringIO()
    Screen(out, rich=False).say("card ", parse_card("9H"), " and ", [parse_card("JK"), parse_card("QS")])
    assert out.getvalue() == "card 9H and JK QS\n"


# -- input ----------------------------------------------------------------------------


def test_bad_input_gets_a_clear_line_not_a_traceback() -> None:
    status, out = transcript("norwegian", 3, "take\nnonsense\n99\n0\ndiscard XX\nhelp\nhint\ntable\n")
    assert status == 0 and "Traceback" not in out
    assert "Not allowed: " in out  # the engine's reason
    assert "Not understood: " in out and "(type 'help' for the commands)" in out
    assert "No choice 99: pick 1 to 2" in out
    assert "Nothing to go back to" in out
    assert "Type the number of a choice" in out
    assert "A greedy bot would play: " in out
    assert out.rstrip().endswith("Game abandoned (seed 3).")
    assert "End of input." in out


def test_a_menu_number_is_ascii_digits_and_a_long_one_is_out_of_range() -> None:
    # str.isdigit() takes '²', '①' and '٣', which int() refuses or reads; int() refuses over 4300 digits
    status, out = transcript("norwegian", 3, "²\n①\n1²\n٣\n" + "5" * 4301 + "\n12345678901\n")
    assert status == 0 and "Traceback" not in out
    assert out.count("Not understood: ") == 4 and "Not understood: '\\xb2' is not an action" in out
    assert "No choice 555555555... (4301 digits): pick 1 to 2" in out
    assert "No choice 123456789... (11 digits): pick 1 to 2" in out
    assert out.rstrip().endswith("Game abandoned (seed 3).")


def test_an_undecodable_line_is_not_understood_and_the_game_goes_on() -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n2\n"), encoding="utf-8")  # as a pipe of Latin-1 bytes
    status, out = transcript("norwegian", 3, "", stdin=stdin)
    assert status == 0 and "Traceback" not in out
    assert "Not understood: '\\ufffd\\ufffd' is not an action" in out
    assert "Your choice: 2\n" in out  # the next line is read
    assert out.rstrip().endswith("Game abandoned (seed 3).")


def test_the_seed_is_shown_only_when_the_match_ends() -> None:
    _, out = transcript("norwegian", 8, "1\n" * 3000, players=2)
    over = out.index("=== Match over. Winner")
    assert "seed 8" not in out[:over]
    assert "The match's seed was 8 (replay it with --seed 8)." in out[over:]
    assert out.count("Deal ") >= 7 and out.count(" over: ") == 7


def test_ctrl_c_quits_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_: object) -> str:
        raise KeyboardInterrupt

    keyboard = Terminal()
    monkeypatch.setattr(keyboard, "readline", interrupted)
    status, out = transcript("norwegian", 3, "", stdin=keyboard)
    assert status == 130 and "Traceback" not in out
    assert out.rstrip().endswith("Interrupted: game abandoned (seed 3).")


def test_an_interactive_game_pauses_after_each_deal() -> None:
    game = remi.new_game("norwegian", players=2, seed=8)
    out = io.StringIO()
    status = play(game.variant, game, 0, 8, Terminal("1\n" * 120 + "q\n" + "1\n" * 10), out, rich=False, pause=True)
    text = out.getvalue()
    assert status == 0
    pause = text.index("Press Enter for the next deal (q to quit): ")
    assert "Deal 1 over" in text[:pause]
    assert text.rstrip().endswith("Game abandoned (seed 8).")


# -- the lay-down menu ----------------------------------------------------------------


def huge_hand() -> remi.GameState:
    # N14: a seat that kept buying, 46 cards with nine jokers: millions of lay-downs
    hand = ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH "
            "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JK JK JK JK JK JK JK JK JK")
    state = remi.new_game("norwegian", players=3, seed=5, round=6, dealer=2, stock="KD", discard_pile="QD",
                          hands=[hand, "2C 3C 4C 5C 6C 7C 8C 9C 10C", "JC QC KC AC 2C 3C 4C 5C 6C"])
    state = state.apply(remi.actions.DRAW)
    while state.phase is remi.Phase.BUY:
        state = state.apply(remi.actions.PASS)
    return state


def test_the_laydown_menu_is_short_with_the_solvers_best_first() -> None:
    state = huge_hand()
    out = io.StringIO()
    game = Game(state.variant, 0, 5, io.StringIO(), Screen(out, rich=False), pause=False)
    menu = game.menu(state)
    heading, down = menu.groups[0]
    assert heading == "Go down" and len(down) == 2
    best = remi.solver.solve(state.variant, state.hands[0], state.contract(0))
    assert best is not None and down[0].action == LayDown(best.melds)
    more = down[1].submenu
    assert more is not None and "more… (over " in str(down[1].label)
    shown = game.render(menu)
    assert out.getvalue().count("\n") <= 10
    assert all(state.is_legal(entry.action) for entry in shown if entry.action is not None)
    # the others, grouped by the first requirement's meld, in pages of at most nine
    pages = 0
    page: Menu | None = more
    while page is not None and pages < 500:
        out.seek(0)
        out.truncate()
        entries = game.render(page)
        assert len(entries) <= PAGE and out.getvalue().count("\n") <= 11
        pages += 1
        last = entries[-1].label[0]
        page = entries[-1].submenu if isinstance(last, str) and last.startswith("more…") else None
    assert pages > 1
    group = next(entry.submenu for _, g in more.groups for entry in g if entry.submenu is not None)
    firsts = {entry.action.melds[0] for _, g in group.groups for entry in g if isinstance(entry.action, LayDown)}
    assert len(firsts) == 1


def test_any_legal_laydown_can_be_typed() -> None:
    state = huge_hand()
    game = Game(state.variant, 0, 5, io.StringIO(), Screen(io.StringIO(), rich=False), pause=False)
    typed = "down set AS AH JK; run 2S 3S 4S 5S; run 2H 3H 4H 5H"
    action = game.read(typed)
    assert action == remi.actions.parse_action(typed) and state.is_legal(action)
    assert game.read("K♥") == Discard(parse_card("KH"))


def test_many_layoffs_move_to_a_submenu() -> None:
    state = remi.new_game("norwegian", players=2, seed=1, dealer=1, round=2,
                          hands=["9S 10S 8H 2C JK JK", "4D 4C 5D"], stock="AH",
                          table=[remi.TableMeld(remi.MeldKind.RUN, "5S 6S 7S 8S", owner=0),
                                 remi.TableMeld(remi.MeldKind.SET, "QH QD QC", owner=0)])
    state = state.apply(remi.actions.DRAW)
    while state.phase is remi.Phase.BUY:
        state = state.apply(remi.actions.PASS)
    layoffs = list(state.legal_actions(kinds=LayOff))
    assert len(layoffs) > 2
    game = Game(state.variant, 0, 1, io.StringIO(), Screen(io.StringIO(), rich=False), pause=False)
    groups = dict(game.menu(state).groups)
    (entry,) = groups["Lay off"]
    assert entry.submenu is not None
    assert [e.action for _, g in entry.submenu.groups for e in g] == layoffs


# -- in a real terminal ---------------------------------------------------------------


def test_play_in_a_real_terminal_with_tmux() -> None:
    if shutil.which("tmux") is None:
        pytest.fail("tmux is needed to check remi play in a real terminal: apt-get install tmux")
    done = subprocess.run(["bash", str(ROOT / "scripts" / "play_in_tmux.sh")], capture_output=True, text=True,
                          timeout=120, check=False, env={**os.environ, "PYTHON": sys.executable})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "play_in_tmux: ok" in done.stdout


def test_without_tmux_the_terminal_check_fails_saying_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match="apt-get install tmux"):
        test_play_in_a_real_terminal_with_tmux()


def test_the_game_module_loads_only_for_play() -> None:
    code = "import sys, remi.cli; remi.cli.main(['rules', 'english']); print('remi.cli.terminal' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("False")
