"""The ``remi`` command: simulate matches, play against bots, show a variant's rules.

::

    remi simulate norwegian --players 4 --games 200 --bots greedy,random --workers 2
    remi play english --players 3 --seat 0
    remi rules norwegian
    remi simulate --rules house.toml --players 3 --games 50

``python -m remi`` runs the same command. Bad arguments print one line on
standard error and exit with status 2; an error from the engine while running
prints one line and exits with status 1. Numbers are ASCII digits, perhaps
after a minus (``--seed -7``). ``--workers`` is at most the number
of CPUs (``os.cpu_count()``), and no more worker processes than games start.

``remi play`` prints the match's seed when the match ends or the player
quits, never before (the seed fixes every hand). It shows suit symbols in
colour on a terminal (plain ASCII cards with ``--plain``, with ``NO_COLOR`` set,
or when the output is not a terminal), and its menus stay short however many
lay-downs a hand has: the solver's best first, the others behind "more…", and
any legal action can be typed in notation. The game itself lives in
``remi.cli.terminal``, loaded only when ``remi play`` runs. ``remi rules`` gives
every rule parameter with its meaning.

The tables and the progress bar use `rich <https://rich.readthedocs.io>`_ when
it is installed (``pip install 'remi-rules[cli]'``) and plain text otherwise.

>>> main(["rules", "norwegian"])  # doctest: +ELLIPSIS
Norwegian Remi (variant 'norwegian', version 1)
...
buying: whether, when and by whom the discard the player on turn declines may be bought (Buying)
  enabled = True: whether other players may buy a declined discard.
...
0

.. versionadded:: 0.1.0

.. versionchanged:: 0.2.0
   ``remi play`` shows suit symbols in colour (``--plain`` for ASCII), names
   the card drawn, shows buys and the lay-off quota, sums up each deal, and
   offers only the moves legal now in short menus; ``remi rules`` gives each
   parameter's meaning.

.. versionchanged:: 0.2.0
   ``--rules PATH`` plays house rules from a TOML file in place of a variant's
   name (:func:`remi.variants.load_rules`); ``remi rules --json`` prints the rules as data.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import re
import signal
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, NoReturn

from remi import __version__
from remi._util import SEED_TEXT_LIMIT
from remi.bots import bot_names
from remi.cli.describe import rules_text
from remi.errors import RemiError
from remi.simulation import DEFAULT_MAX_DEALS, Statistics, match_seed, seat_bots, simulate
from remi.state import new_game
from remi.variant import Variant
from remi.variants import get, load_rules, names

__all__ = ["main"]

#: The most matches ``remi simulate`` plays in one run.
MAX_GAMES = 10**9


class _UsageError(Exception):
    """A bad command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def _shown(text: str) -> str:
    """``text`` quoted for an error message, cut short if it is long."""
    return repr(text) if len(text) <= 40 else repr(text[:40]) + f"... ({len(text)} characters)"


#: A number on the command line: ASCII digits, perhaps after a minus (int() also takes
#: '١٢', '５', '1_000', '+5' and spaces around).
_WHOLE = re.compile(r"-?[0-9]+")


def _whole(text: str, what: str = "expected a whole number") -> int:
    if _WHOLE.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(f"{what} (ASCII digits 0-9, perhaps after a minus), got {_shown(text)}")
    try:
        return int(text)
    except ValueError:  # more digits than Python converts (4300 by default)
        limit = sys.get_int_max_str_digits()
        raise argparse.ArgumentTypeError(f"{what} of at most {limit} digits, got {_shown(text)}") from None


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _games(text: str) -> int:
    value = _positive(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_GAMES:,}, got {value}")
    return value


def _seed(text: str) -> int:
    return _whole(text, "a seed is a whole number")


def _bot_name(text: str) -> str:
    """``text`` if it names a registered bot (for ``remi play --bot``)."""
    if text not in bot_names():
        raise argparse.ArgumentTypeError(f"unknown bot {_shown(text)} (known: {', '.join(bot_names())})")
    return text


def _seat(text: str) -> int:
    return _whole(text, "a seat is a whole number")


def _parser() -> _Parser:
    parser = _Parser(
        prog="remi",
        description="Contract rummy (Remi) rules engine: simulate bots, play in the terminal, read the rules.",
    )
    parser.add_argument("--version", action="version", version=f"remi {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    variants = ", ".join(names())

    sim = commands.add_parser("simulate", help="play many matches between bots and report statistics",
                              description="Play many matches between bots and report statistics.")
    _variant_arguments(sim, variants)
    sim.add_argument("--players", type=_positive, default=4, help="seats per match (default 4)")
    sim.add_argument("--games", type=_games, default=100, help="matches to play (default 100)")
    sim.add_argument("--seed", type=_seed, default=0, help="the simulation's seed (default 0)")
    sim.add_argument("--bots", default="greedy,random",
                     help="bot names, repeated over the seats "
                          f"(default greedy,random; known: {', '.join(bot_names())})")
    sim.add_argument("--workers", type=_positive, default=1,
                     help="worker processes, at most the number of CPUs (default 1: play here); "
                          "results do not depend on it")
    sim.add_argument("--max-deals", type=_positive, default=DEFAULT_MAX_DEALS,
                     help=f"stop a match after this many deals and score it as it stands (default {DEFAULT_MAX_DEALS})")
    sim.add_argument("--json", action="store_true", help="print the statistics as one JSON object")
    sim.add_argument("--quiet", action="store_true", help="no progress report")
    sim.set_defaults(run=_simulate)

    play = commands.add_parser("play", help="play a match against bots in the terminal",
                               description="Play a match against bots (greedy unless --bot names another). "
                                           "Choose by number or type an action (draw, take, buy, pass, down ..., "
                                           "layoff CARD on N [low|high], swap CARD on N, discard CARD). "
                                           "End of input quits.")
    _variant_arguments(play, variants)
    play.add_argument("--players", type=_positive, default=3, help="seats, you included (default 3)")
    play.add_argument("--seed", type=_seed, default=None,
                      help="the match's seed (default: random, printed when the match ends or you quit)")
    play.add_argument("--seat", type=_seat, default=0, help="your seat, from 0 (default 0)")
    play.add_argument("--bot", default="greedy", metavar="NAME", type=_bot_name,
                      help=f"the bot at every other seat (default greedy; known: {', '.join(bot_names())}; "
                           "search:easy, search:normal and search:hard are the search bot's levels)")
    play.add_argument("--plain", action="store_true",
                      help="plain ASCII cards (9H), no colour; also when NO_COLOR is set or output is not a terminal")
    play.set_defaults(run=_play)

    rules = commands.add_parser("rules", help="show a variant's rules", description="Show a variant's rules.")
    _variant_arguments(rules, variants)
    rules.add_argument("--json", action="store_true", help="print the rules as data (JSON), as a rules file reads")
    rules.set_defaults(run=_rules)
    return parser


def _variant_arguments(command: argparse.ArgumentParser, variants: str) -> None:
    """The variant a command plays: a registered name, or ``--rules PATH`` (house rules in TOML)."""
    command.add_argument("variant", metavar="VARIANT", nargs="?", help=f"the variant ({variants})")
    command.add_argument("--rules", metavar="PATH", help="house rules from a TOML file, in place of VARIANT")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``remi`` command with ``argv`` (default: the process's arguments).

    Returns:
        The exit status: 0 on success, 2 for bad arguments, 1 for an engine
        error while running, 130 when interrupted.

    >>> main(["rules", "no-such-variant"])
    2

    .. versionadded:: 0.1.0
    """
    parser = _parser()
    try:
        try:
            args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
        except SystemExit as exit_:  # --help and --version
            return exit_.code if isinstance(exit_.code, int) else 0
        if args.command is None:
            raise _UsageError("choose a command: simulate, play or rules (remi --help)")
        status: int = args.run(args)
        return status
    except _UsageError as error:
        _fail(str(error))
        return 2
    except RemiError as error:
        _fail(str(error))
        return 1
    except KeyboardInterrupt:
        _fail("interrupted")
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. `remi play ... | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _fail(message: str) -> None:
    print(f"remi: error: {' '.join(message.split())}", file=sys.stderr)


def _variant(name: str) -> Variant:
    try:
        return get(name)
    except RemiError as error:
        raise _UsageError(str(error)) from None


def _chosen_variant(args: argparse.Namespace) -> Variant:
    """The variant named on the command line, or read from the ``--rules`` file."""
    if args.rules is None:
        if args.variant is None:
            raise _UsageError(f"the following arguments are required: VARIANT, or --rules PATH "
                              f"(known variants: {', '.join(names())})")
        return _variant(args.variant)
    if args.variant is not None:
        raise _UsageError(f"give a VARIANT ({args.variant}) or --rules PATH, not both")
    try:
        return load_rules(args.rules)
    except RemiError as error:
        raise _UsageError(str(error)) from None


def _players(variant: Variant, players: int) -> int:
    if not variant.min_players <= players <= variant.max_players:
        raise _UsageError(f"{variant.name} is played by {variant.min_players} to {variant.max_players} players, "
                          f"not {players}")
    return players


# -- remi rules ----------------------------------------------------------------------


def _rules(args: argparse.Namespace) -> int:
    variant = _chosen_variant(args)
    print(json.dumps(variant.to_dict(), indent=2, ensure_ascii=False) if args.json else rules_text(variant))
    return 0


# -- remi simulate -------------------------------------------------------------------


def _rich_available() -> bool:
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


class _Progress:
    """A progress report on standard error: a rich bar on a terminal, else plain lines."""

    def __init__(self, total: int, *, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled
        self._bar: Any = None
        self._task: Any = None
        self._tty = sys.stderr.isatty()
        self._shown = -1

    def __enter__(self) -> _Progress:
        if self.enabled and self._tty and _rich_available():
            from rich.console import Console  # rich is optional (the cli extra)
            from rich.progress import (  # rich is optional (the cli extra)
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                                 console=Console(stderr=True), transient=True)
            self._bar.start()
            self._task = self._bar.add_task("matches", total=self.total)
        return self

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.update(self._task, completed=done)
        elif self._tty:
            print(f"\rsimulating: {done}/{total} matches", end="\n" if done == total else "", file=sys.stderr,
                  flush=True)
        else:
            tenth = done * 10 // total
            if tenth != self._shown:
                self._shown = tenth
                print(f"simulating: {done}/{total} matches", file=sys.stderr, flush=True)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()


def _simulate(args: argparse.Namespace) -> int:
    variant = _chosen_variant(args)
    players = _players(variant, args.players)
    try:
        bots = seat_bots(args.bots, players)
    except RemiError as error:
        raise _UsageError(str(error)) from None
    # each match's seed is text around --seed (match_seed), of at most SEED_TEXT_LIMIT characters
    room = SEED_TEXT_LIMIT - len(match_seed("", args.games - 1)) - (args.seed < 0)
    digits = len(str(abs(args.seed)))
    if digits > room:
        raise _UsageError(f"--seed cannot seed the matches: with --games {args.games}, a seed must be an integer "
                          f"of at most {room} digits, got {digits} digits")
    try:  # the longest match seed the simulation derives from --seed must be one new_game takes
        new_game(variant, players=players, seed=match_seed(args.seed, args.games - 1))
    except RemiError as error:
        raise _UsageError(f"--seed cannot seed the matches: {error}") from None
    cpus = os.cpu_count() or 1
    if args.workers > cpus:
        raise _UsageError(f"--workers must be at most {cpus} (the number of CPUs), got {args.workers}")
    workers = min(args.workers, args.games)  # no more processes than matches
    started = time.perf_counter()
    executor: Executor | None = None
    if workers > 1:
        # forkserver where available: workers never fork a process that runs a progress thread
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver") if "forkserver" in methods else None
        executor = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_quiet_worker)
    try:
        with _Progress(args.games, enabled=not args.quiet) as progress:
            stats = simulate(variant, players, bots, args.games, args.seed, executor, max_deals=args.max_deals,
                             progress=progress)
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    elapsed = time.perf_counter() - started
    if args.json:
        print(json.dumps(stats.to_dict()))
    else:
        _print_statistics(stats, elapsed, workers)
    return 0


_Rows = list[list[str]]


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the main process, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _statistics_tables(stats: Statistics) -> tuple[str, list[str], _Rows, list[str], _Rows, list[str]]:
    title = (f"{stats.variant}: {stats.games} matches, {stats.players} players, seed {stats.seed}, "
             f"max {stats.max_deals} deals per match")
    bot_head = ["bot", "seats", "wins", "win rate", "mean total", "mean deal", "deals won"]
    bot_rows = [[b.bot, ",".join(map(str, b.seats)), _num(b.wins), f"{b.win_rate:.1%}", f"{b.mean_total:.1f}",
                 f"{b.mean_deal_score:.2f}", str(b.deals_won)] for b in stats.by_bot]
    seat_head = ["seat", "bot", "wins", "win rate", "mean total", "mean deal", "deals won"]
    seat_rows = [[str(s.seat), s.bot, _num(s.wins), f"{s.win_rate:.1%}", f"{s.mean_total:.1f}",
                  f"{s.mean_deal_score:.2f}", str(s.deals_won)] for s in stats.seats]
    notes = [
        f"deals: {stats.deals} ({stats.mean_deals:.2f} per match): someone went out in {stats.deals_out}, "
        f"no winner (stock out or turn limit) in {stats.deals_exhausted}",
        f"actions: {stats.actions} ({stats.mean_actions_per_deal:.1f} per deal, longest deal "
        f"{stats.max_actions_per_deal})",
        f"matches stopped at the deal cap: {stats.capped}; shared wins: {stats.shared_wins} (count 1/k each)",
        "mean deal: points per deal (lower is better)",
    ]
    return title, bot_head, bot_rows, seat_head, seat_rows, notes


def _num(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.2f}"


def _captioned(bot_head: list[str], bot_rows: _Rows, seat_head: list[str],
            seat_rows: _Rows) -> tuple[tuple[str, list[str], _Rows, str], ...]:
    """The two tables with their headings and captions: what "win rate" means in each."""
    return (("by bot", bot_head, bot_rows, "win rate: matches won by the bot (any of its seats) / matches"),
            ("by seat", seat_head, seat_rows, "win rate: matches won per seat / matches"))


def _print_statistics(stats: Statistics, elapsed: float, workers: int) -> None:
    title, bot_head, bot_rows, seat_head, seat_rows, notes = _statistics_tables(stats)
    footer = f"{elapsed:.1f} s with {workers} worker{'s' if workers != 1 else ''}"
    if _rich_available():
        from rich.console import Console  # rich is optional (the cli extra)
        from rich.table import Table  # rich is optional (the cli extra)

        console = Console(file=sys.stdout, highlight=False)
        console.print(title)
        for heading, head, rows, caption in _captioned(bot_head, bot_rows, seat_head, seat_rows):
            table = Table(title=heading, title_justify="left", caption=caption, caption_justify="left")
            for i, column in enumerate(head):
                table.add_column(column, justify="left" if i < 2 else "right")
            for row in rows:
                table.add_row(*row)
            console.print(table)
        for note in [*notes, footer]:
            console.print(note, soft_wrap=True)
        return
    print(title)
    for heading, head, rows, caption in _captioned(bot_head, bot_rows, seat_head, seat_rows):
        print()
        print(heading)
        print(_plain_table(head, rows))
        print(caption)
    print()
    for note in [*notes, footer]:
        print(note)


def _plain_table(head: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        return "  ".join(cell.ljust(w) if i < 2 else cell.rjust(w) for i, (cell, w) in enumerate(zip(cells, widths,
                                                                                                      strict=True)))

    return "\n".join([line(head), "  ".join("-" * w for w in widths), *(line(row) for row in rows)])


# -- remi play -----------------------------------------------------------------------


def _play(args: argparse.Namespace) -> int:
    variant = _chosen_variant(args)
    players = _players(variant, args.players)
    if not 0 <= args.seat < players:
        raise _UsageError(f"--seat must be a seat from 0 to {players - 1}, got {args.seat}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    try:
        state = new_game(variant, players=players, seed=seed)
    except RemiError as error:
        raise _UsageError(f"--seed cannot seed the match: {error}") from None
    from remi.cli.terminal import play  # only when playing: the other commands never load the game

    rich = (not args.plain and not os.environ.get("NO_COLOR") and sys.stdout.isatty() and _rich_available())
    return play(variant, state, args.seat, seed, sys.stdin, sys.stdout, rich=rich, pause=sys.stdin.isatty(),
                opponent=args.bot)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
