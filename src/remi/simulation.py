"""Simulation: bots play whole matches, and the results are summed up.

>>> from remi.simulation import simulate
>>> stats = simulate("norwegian", 2, ["greedy", "random"], games=2, seed=1)
>>> stats.games, sum(seat.wins for seat in stats.seats)
(2, 2.0)
>>> stats.deals, stats.capped
(14, 0)

Every match is played from a seed derived from ``(seed, match index)`` and its
bots are built by name in whichever process plays it, so the statistics
depend only on the arguments: never on the executor or on how many workers
it has.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from fractions import Fraction
from typing import Any

import attrs

from remi._util import printable
from remi.bots import bot_names, make_bot
from remi.errors import IllegalActionError, Reason, RemiError
from remi.state import new_game
from remi.variant import Variant
from remi.variants import get

__all__ = [
    "DEFAULT_MAX_DEALS",
    "BotStats",
    "MatchResult",
    "SeatStats",
    "Statistics",
    "bot_seed",
    "match_seed",
    "play_match",
    "seat_bots",
    "simulate",
]

#: The default cap on deals per match (see :func:`simulate`).
DEFAULT_MAX_DEALS = 100

#: Matches in flight at once on an executor (bounds memory for huge runs).
_WINDOW = 512

#: A safety net for variants built with ``turn_limit=None``: there, bots that keep taking the
#: discard never exhaust the stock (N20 bounds stock draws only).
_DEAL_ACTION_LIMIT = 100_000


@attrs.frozen
class MatchResult:
    """How one simulated match went.

    Attributes:
        index: The match's index in the simulation (0-based).
        seed: The seed the match was played from.
        bots: The bot name at each seat.
        totals: Each seat's total score at the end.
        winners: The seats with the lowest total (ties shared).
        deals: Deals played.
        deals_won: Per seat, the deals it won by going out.
        deals_exhausted: Deals that ended with no winner: the stock ran out (N20)
            or the variant's turn limit was reached.
        actions: Actions played in the whole match.
        max_actions_per_deal: Actions in the match's longest deal.
        capped: Whether the match stopped at the deal cap before it was over.

    .. versionadded:: 0.1.0
    """

    index: int
    seed: str
    bots: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    deals: int
    deals_won: tuple[int, ...]
    deals_exhausted: int
    actions: int
    max_actions_per_deal: int
    capped: bool


@attrs.frozen
class SeatStats:
    """One seat's figures over a simulation.

    Attributes:
        seat: The seat.
        bot: The bot that played it.
        wins: Matches won; a win shared by ``k`` seats counts ``1/k``.
        win_rate: ``wins / games``.
        mean_total: The seat's mean total score per match.
        mean_deal_score: The seat's mean score per deal.
        deals_won: Deals the seat won by going out.

    .. versionadded:: 0.1.0
    """

    seat: int
    bot: str
    wins: float
    win_rate: float
    mean_total: float
    mean_deal_score: float
    deals_won: int


@attrs.frozen
class BotStats:
    """One bot's figures over a simulation, over every seat it played.

    Attributes:
        bot: The bot's name.
        seats: The seats it played.
        wins: Matches won by those seats (shared wins counted fractionally).
        win_rate: Matches won by any of its seats, per match: a bot in
            every seat that won every match reads 1.0.
        win_rate_per_seat: Wins per seat and match: ``wins / (games * len(seats))``,
            comparable between bots that play different numbers of seats.
        mean_total: Mean total score per seat and match.
        mean_deal_score: Mean score per seat and deal.
        deals_won: Deals won by going out, over its seats.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       ``win_rate`` is per bot (matches won by any of its seats); the
       per-seat figure it used to be is ``win_rate_per_seat``.
    """

    bot: str
    seats: tuple[int, ...]
    wins: float
    win_rate: float
    win_rate_per_seat: float
    mean_total: float
    mean_deal_score: float
    deals_won: int


@attrs.frozen
class Statistics:
    """What a simulation found; :meth:`to_dict` gives it as JSON-able data.

    Shared wins: when several seats tie for the lowest total, each gets
    ``1/k`` of the win, so the seats' wins always sum to ``games``;
    :attr:`shared_wins` counts the matches where that happened.

    Attributes:
        variant: The variant's name.
        players: Seats per match.
        bots: The bot name at each seat.
        games: Matches played.
        seed: The simulation's seed.
        max_deals: The cap on deals per match (``None``: no cap).
        seats: Per-seat figures, by seat.
        by_bot: Per-bot figures, by bot name.
        shared_wins: Matches whose win was shared.
        deals: Deals played in all.
        mean_deals: Deals per match.
        deals_out: Deals that ended with a player going out.
        deals_exhausted: Deals that ended with no winner (stock exhausted or turn limit).
        actions: Actions played in all.
        mean_actions_per_deal: Actions per deal.
        max_actions_per_deal: Actions in the longest deal.
        capped: Matches stopped by the deal cap (scored as they stood).
        matches: Every match's :class:`MatchResult`, in match order.

    .. versionadded:: 0.1.0
    """

    variant: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int | str
    max_deals: int | None
    seats: tuple[SeatStats, ...]
    by_bot: tuple[BotStats, ...]
    shared_wins: int
    deals: int
    mean_deals: float
    deals_out: int
    deals_exhausted: int
    actions: int
    mean_actions_per_deal: float
    max_actions_per_deal: int
    capped: int
    matches: tuple[MatchResult, ...] = attrs.field(repr=False)

    def bot(self, name: str) -> BotStats:
        """The figures of the bot called ``name``.

        Raises:
            KeyError: If no seat played that bot.
        """
        for stats in self.by_bot:
            if stats.bot == name:
                return stats
        raise KeyError(name)

    def to_dict(self, *, matches: bool = False) -> dict[str, Any]:
        """The statistics as plain JSON-able data (``json.dumps`` takes it as is).

        Args:
            matches: Include every match's result under ``"matches"``.

        >>> import json
        >>> stats = simulate("english", 2, ["greedy"], games=1, seed=3, max_deals=2)
        >>> data = json.loads(json.dumps(stats.to_dict()))
        >>> data["games"], data["capped"], data["deals"]["total"]
        (1, 1, 2)
        """
        data: dict[str, Any] = {
            "variant": self.variant,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "max_deals": self.max_deals,
            "seats": [attrs.asdict(seat) for seat in self.seats],
            "by_bot": {stats.bot: {k: list(v) if isinstance(v, tuple) else v
                                   for k, v in attrs.asdict(stats).items() if k != "bot"}
                       for stats in self.by_bot},
            "shared_wins": self.shared_wins,
            "deals": {
                "total": self.deals,
                "mean_per_match": self.mean_deals,
                "out": self.deals_out,
                "exhausted": self.deals_exhausted,
            },
            "actions": {
                "total": self.actions,
                "mean_per_deal": self.mean_actions_per_deal,
                "max_per_deal": self.max_actions_per_deal,
            },
            "capped": self.capped,
        }
        if matches:
            data["matches"] = [
                {k: list(v) if isinstance(v, tuple) else v for k, v in attrs.asdict(match).items()}
                for match in self.matches
            ]
        return data


def play_match(
    variant: Variant | str,
    bots: Sequence[str],
    seed: int | str,
    *,
    max_deals: int | None = DEFAULT_MAX_DEALS,
    index: int = 0,
) -> MatchResult:
    """Play one match between bots named per seat, from ``seed``.

    Each seat's bot is built with :func:`remi.bots.make_bot` and seeded with
    :func:`bot_seed` ``(seed, seat)``, a one-way digest: no bot can recover the
    match's seed (and with it every hand and the stock). A bot sees only its
    seat's view and the state's :class:`~remi.LegalActions`. With
    ``max_deals``, the match stops after that many deals if it is not over,
    and is scored as it stands.

    Raises:
        RemiError: If a bot raises, or chooses an illegal action or no action
            at all (``IllegalActionError``): the message names the bot, its
            seat, the match's index and seed. Or, in a variant without a
            ``turn_limit``, if a deal runs past 100,000 actions (bots that
            never draw from the stock keep it going).

    Args:
        variant: The variant or its registered name.
        bots: The bot name for each seat (one per player).
        seed: The match's seed (deals and bots).
        max_deals: The cap on deals (``None``: play until the match is over).
        index: Recorded in the result (the match's index in a simulation).

    >>> result = play_match("norwegian", ["greedy", "greedy", "random"], seed=2)
    >>> result.deals, len(result.totals), result.capped
    (7, 3, False)

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       A bot's failure names the bot, seat, match and seed; a finished
       match's winners are the variant's (:meth:`Match.winners <remi.parts.Match.winners>`).
    .. versionchanged:: 0.2.0
       Bots are seeded with :func:`bot_seed` (they used to get the match seed
       itself, from which a bot could rebuild every hand), and are handed the
       :class:`~remi.LegalActions` itself rather than a list of every action.
    """
    state = new_game(variant, players=len(bots), seed=seed)
    players = state.players
    seats = [make_bot(name, bot_seed(seed, seat)) for seat, name in enumerate(bots)]
    deals = 0
    won = [0] * players
    exhausted = 0
    actions = 0
    in_deal = 0
    longest = 0
    # the cap is checked between deals only, so no deal is ever cut short
    while not state.is_over and (max_deals is None or deals < max_deals):
        seat = state.to_act
        assert seat is not None
        try:
            action = seats[seat].choose(state.view(seat), state.legal_actions())
        except Exception as error:
            raise RemiError(f"bot {printable(bots[seat])} at seat {seat} of match {index} (seed "
                            f"{printable(seed)}) failed: "
                            f"{type(error).__name__}: {error}", Reason.BAD_ARGUMENT) from error
        try:
            state = state.apply(action)
        except IllegalActionError as error:  # an illegal action, or no action at all
            raise IllegalActionError(f"bot {printable(bots[seat])} at seat {seat} of match {index} (seed "
                                     f"{printable(seed)}) "
                                     f"chose {printable(action)}: {error}", error.reason) from error
        actions += 1
        in_deal += 1
        if in_deal > _DEAL_ACTION_LIMIT:
            raise RemiError(f"deal {state.deal} of match {printable(seed)} did not end after "
                            f"{_DEAL_ACTION_LIMIT} actions "
                            f"(the variant has no turn_limit; do the bots {', '.join(sorted(set(bots)))} "
                            "never draw from the stock?)")
        if len(state.deal_scores) != deals:
            deals = len(state.deal_scores)
            longest = max(longest, in_deal)
            in_deal = 0
            last = state.last_deal
            assert last is not None
            if last.winner is None:
                exhausted += 1
            else:
                won[last.winner] += 1
    best = min(state.scores)
    # a finished match's winners are the variant's (shanghai-family: among the finishers); a capped one's, the
    # lowest totals as they stand
    winners = state.winners if state.is_over else tuple(seat for seat, total in enumerate(state.scores)
                                                         if total == best)
    return MatchResult(
        index=index,
        seed=str(seed),
        bots=tuple(bots),
        totals=state.scores,
        winners=winners,
        deals=deals,
        deals_won=tuple(won),
        deals_exhausted=exhausted,
        actions=actions,
        max_actions_per_deal=longest,
        capped=not state.is_over,
    )


_Task = tuple[Variant | str, tuple[str, ...], str, int | None, int]


def _run(task: _Task) -> MatchResult:
    variant, bots, seed, max_deals, index = task
    return play_match(variant, bots, seed, max_deals=max_deals, index=index)


def bot_seed(seed: int | str, seat: int) -> str:
    """The seed of the bot at ``seat`` in a match played from ``seed``.

    A SHA-256 digest of a domain-separated text: deterministic, different
    for every seat, and one-way, so that a bot cannot recover the match's
    seed (which fixes every shuffle, so every hand and the stock).

    >>> bot_seed(7, 0) == bot_seed(7, 0) != bot_seed(7, 1)
    True
    >>> len(bot_seed(7, 0))
    32

    .. versionadded:: 0.2.0
    """
    # the text keeps the module's name before 0.2.0 (remi.simulate): another text would reseed every bot
    text = f"remi.simulate.bot_seed\x00{type(seed).__name__}:{seed}\x00seat:{seat}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def match_seed(seed: int | str, index: int) -> str:
    """The seed of match ``index`` in a simulation seeded with ``seed``.

    >>> match_seed(7, 0)
    'sim/7/0'

    .. versionadded:: 0.1.0
    """
    return f"sim/{seed}/{index}"


def _results(tasks: Iterable[_Task], executor: Executor | None) -> Iterator[MatchResult]:
    """The matches' results in match order, played here or on ``executor``."""
    if executor is None:
        yield from map(_run, tasks)
        return
    queued = iter(tasks)
    pending: deque[Future[MatchResult]] = deque()
    for task in queued:
        pending.append(executor.submit(_run, task))
        if len(pending) >= _WINDOW:
            break
    while pending:
        result = pending.popleft().result()
        following = next(queued, None)
        if following is not None:
            pending.append(executor.submit(_run, following))
        yield result


def _check_int(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise RemiError(f"{name} must be an integer of at least {low}, got {printable(value)}", Reason.BAD_ARGUMENT)
    return value


def seat_bots(bots: Iterable[str] | str, players: int) -> tuple[str, ...]:
    """The bot name for each of ``players`` seats: ``bots`` repeated in turn.

    ``bots`` is a sequence of names or one comma-separated string.

    Raises:
        RemiError: With reason ``BAD_ARGUMENT`` if a name is unknown or none is given.

    >>> seat_bots("greedy,random", 3)
    ('greedy', 'random', 'greedy')

    .. versionadded:: 0.1.0
    """
    if not isinstance(bots, str | Iterable):
        raise RemiError(f"bots must be bot names (a sequence, or one comma-separated string), got "
                        f"{printable(bots)}", Reason.BAD_ARGUMENT)
    names = [name.strip() for name in bots.split(",")] if isinstance(bots, str) else list(bots)
    if not names:
        raise RemiError("give at least one bot name", Reason.BAD_ARGUMENT)
    known = bot_names()
    for name in names:
        if not isinstance(name, str) or name not in known:
            raise RemiError(f"unknown bot {printable(name)} (known: {', '.join(known)})", Reason.BAD_ARGUMENT)
    return tuple(names[seat % len(names)] for seat in range(players))


def simulate(
    variant: Variant | str,
    players: int,
    bots: Iterable[str] | str,
    games: int,
    seed: int | str = 0,
    executor: Executor | None = None,
    *,
    max_deals: int | None = DEFAULT_MAX_DEALS,
    progress: Callable[[int, int], None] | None = None,
) -> Statistics:
    """Play ``games`` whole matches between bots and sum up the results.

    Seat ``k`` is played by ``bots[k % len(bots)]`` in every match (the first
    dealer, and so who starts, is drawn from each match's seed, so no seat is
    favoured). Match ``i`` is played from the seed :func:`match_seed` ``(seed, i)``.

    **Parallel runs.** Pass any :class:`concurrent.futures.Executor`; each
    match is one ``executor.submit`` call of a picklable task (the variant,
    the bot *names*, the match seed), and results are merged in match order,
    so the statistics are identical whatever the executor and worker count::

        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=8) as pool:
            stats = simulate("norwegian", 4, ["greedy"], 10_000, seed=1, executor=pool)

    On a Dask cluster, use the client's executor unchanged::

        from dask.distributed import Client
        client = Client("tcp://scheduler:8786")
        stats = simulate("norwegian", 4, ["greedy"], 100_000, seed=1, executor=client.get_executor())

    Ray has no ``Executor`` class of its own; a small adapter that wraps
    ``ray.remote`` tasks and returns ``ObjectRef.future()`` works unchanged (the
    documentation's "Bots, simulation and the command line" page shows one).
    Workers must have remi installed; bots are rebuilt there by name (see
    :func:`remi.bots.register_bot`).

    Args:
        variant: The variant or its registered name.
        players: Seats per match.
        bots: Bot names, repeated over the seats, or one comma-separated string.
        games: Matches to play (at least 1).
        seed: The simulation's seed.
        executor: Where to play the matches (default: here, one after another).
        max_deals: The cap on deals per match, or ``None`` for none. A match
            that reaches it stops there and is scored as it stands (counted
            in :attr:`Statistics.capped`). English Remi matches between weak
            bots may never end without it.
        progress: Called as ``progress(done, games)`` after each match's
            result arrives (in match order).

    Returns:
        The :class:`Statistics`.

    Raises:
        RemiError: If an argument is out of range or of the wrong type, the
            executor included (reason ``BAD_ARGUMENT``), or the variant is
            unknown (:class:`~remi.VariantError`).

    >>> stats = simulate("english", 3, "greedy,random", games=2, seed=5, max_deals=3)
    >>> [seat.bot for seat in stats.seats], stats.games
    (['greedy', 'random', 'greedy'], 2)

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       An ``executor`` without a ``submit`` method is refused up front; bots
       are seeded with :func:`bot_seed`, so the figures differ from 0.1.0's.
    """
    rules = get(variant) if isinstance(variant, str) else variant
    if not isinstance(rules, Variant):
        raise RemiError(f"expected a Variant or a variant name, got {type(variant).__name__}", Reason.BAD_ARGUMENT)
    _check_int("players", players, 0)
    if not rules.min_players <= players <= rules.max_players:
        raise RemiError(
            f"{rules.name} is played by {rules.min_players} to {rules.max_players} players, not {printable(players)}",
            Reason.BAD_ARGUMENT,
        )
    _check_int("games", games, 1)
    if max_deals is not None:
        _check_int("max_deals", max_deals, 1)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RemiError(f"seed must be an integer or a string, got {printable(seed)}", Reason.BAD_ARGUMENT)
    if progress is not None and not callable(progress):
        raise RemiError(f"progress must be a callable or None, got {printable(progress)}", Reason.BAD_ARGUMENT)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise RemiError(f"executor must be a concurrent.futures.Executor (with a submit method), got "
                        f"{printable(executor)}",
                        Reason.BAD_ARGUMENT)
    names = seat_bots(bots, players)
    # a registered variant travels by name (small); any other as the value itself
    carried: Variant | str = rules.name if _registered(rules) else rules
    tasks = ((carried, names, match_seed(seed, index), max_deals, index) for index in range(games))
    matches: list[MatchResult] = []
    for result in _results(tasks, executor):
        matches.append(result)
        if progress is not None:
            progress(len(matches), games)
    return _summarize(rules.name, players, names, games, seed, max_deals, matches)


def _registered(variant: Variant) -> bool:
    try:
        return get(variant.name) == variant
    except RemiError:
        return False


@attrs.frozen
class _Tallies:
    """Per seat, the matches won (a shared win split evenly), the points and the deals won; and the matches shared."""

    wins: list[Fraction]
    totals: list[int]
    deals_won: list[int]
    shared: int


def _tally(players: int, matches: list[MatchResult]) -> _Tallies:
    """Add up each seat's wins, points and deals won over ``matches``."""
    wins = [Fraction(0)] * players
    totals = [0] * players
    won = [0] * players
    shared = 0
    for match in matches:
        share = Fraction(1, len(match.winners))
        if len(match.winners) > 1:
            shared += 1
        for seat in match.winners:
            wins[seat] += share
        for seat in range(players):
            totals[seat] += match.totals[seat]
            won[seat] += match.deals_won[seat]
    return _Tallies(wins, totals, won, shared)


def _seat_stats(bots: tuple[str, ...], tallies: _Tallies, games: int, deals: int) -> tuple[SeatStats, ...]:
    """Each seat's statistics."""
    wins, totals = tallies.wins, tallies.totals
    return tuple(
        SeatStats(
            seat=seat,
            bot=bots[seat],
            wins=float(wins[seat]),
            win_rate=float(wins[seat] / games),
            mean_total=totals[seat] / games,
            mean_deal_score=totals[seat] / deals if deals else 0.0,
            deals_won=tallies.deals_won[seat],
        )
        for seat in range(len(bots))
    )


def _bot_stats(
    name: str, bots: tuple[str, ...], tallies: _Tallies, matches: list[MatchResult], games: int, deals: int
) -> BotStats:
    """The statistics of the bot ``name`` over the seats it played."""
    own = tuple(seat for seat in range(len(bots)) if bots[seat] == name)
    bot_wins = sum((tallies.wins[seat] for seat in own), Fraction(0))
    bot_total = sum(tallies.totals[seat] for seat in own)
    matches_won = sum(1 for match in matches if any(bots[seat] == name for seat in match.winners))
    return BotStats(
        bot=name,
        seats=own,
        wins=float(bot_wins),
        win_rate=matches_won / games,
        win_rate_per_seat=float(bot_wins / (games * len(own))),
        mean_total=bot_total / (games * len(own)),
        mean_deal_score=bot_total / (deals * len(own)) if deals else 0.0,
        deals_won=sum(tallies.deals_won[seat] for seat in own),
    )


def _summarize(
    variant: str,
    players: int,
    bots: tuple[str, ...],
    games: int,
    seed: int | str,
    max_deals: int | None,
    matches: list[MatchResult],
) -> Statistics:
    """The statistics of ``matches``, per seat, per bot and over all."""
    tallies = _tally(players, matches)
    deals = sum(match.deals for match in matches)
    actions = sum(match.actions for match in matches)
    seats = _seat_stats(bots, tallies, games, deals)
    by_bot = [_bot_stats(name, bots, tallies, matches, games, deals) for name in sorted(set(bots))]
    shared = tallies.shared
    exhausted = sum(match.deals_exhausted for match in matches)
    return Statistics(
        variant=variant,
        players=players,
        bots=bots,
        games=games,
        seed=seed,
        max_deals=max_deals,
        seats=seats,
        by_bot=tuple(by_bot),
        shared_wins=shared,
        deals=deals,
        mean_deals=deals / games,
        deals_out=deals - exhausted,
        deals_exhausted=exhausted,
        actions=actions,
        mean_actions_per_deal=actions / deals if deals else 0.0,
        max_actions_per_deal=max((match.max_actions_per_deal for match in matches), default=0),
        capped=sum(1 for match in matches if match.capped),
        matches=tuple(matches),
    )
