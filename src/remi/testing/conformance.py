"""The conformance kit of :mod:`remi.testing`: :func:`check_variant` and its report.

Needs no Hypothesis: seeded :class:`random.Random` games. Re-exported by
:mod:`remi.testing`, where it is documented.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from random import Random
from typing import TextIO

import attrs

from remi._util import printable
from remi.cards import CARDS
from remi.errors import Reason, RemiError
from remi.melds import Meld
from remi.state import GameState, new_game
from remi.testing.invariants import assert_invariants, brute_force_valid, random_action
from remi.testing.reference import assert_legal_actions, assert_round_trips, assert_view_hides, house_rule_allows
from remi.variant import Variant
from remi.variants import get

__all__ = ["PROPERTIES", "ConformanceError", "ConformanceReport", "check_variant"]

#: The properties :func:`check_variant` checks, in the order it reports them.
PROPERTIES = (
    "hooks",
    "invariants",
    "melds",
    "legal-actions",
    "views",
    "round-trips",
    "determinism",
    "deals-end",
)


class ConformanceError(AssertionError):
    """A property of a variant that :func:`check_variant` found broken, with the seed that replays it.

    An :class:`AssertionError`, not a :class:`~remi.RemiError`: it reports a
    failed check of the variant under test (a test failure, as a bare
    ``assert`` would), not bad input to remi.

    Attributes:
        property: Which property broke, one of :data:`PROPERTIES`.
        seed: The game's seed: ``check_variant(variant, games=1, seed=seed)``
            replays the game (``None`` for ``hooks``, checked without play).
        players: The game's player count.
        actions: The actions played when it broke.
        detail: What broke, in a sentence.

    .. versionadded:: 0.2.0
    """

    def __init__(self, prop: str, detail: str, *, seed: int | None = None, players: int | None = None,
                 actions: int = 0) -> None:
        self.property = prop
        self.detail = detail
        self.seed = seed
        self.players = players
        self.actions = actions
        where = "" if seed is None else (
            f" (game seed {seed}, {players} players, after {actions} actions; replay with "
            f"check_variant(variant, games=1, seed={seed}))"
        )
        super().__init__(f"{prop}: {detail}{where}")


@attrs.frozen
class ConformanceReport:
    """What :func:`check_variant` checked, when every property held.

    Attributes:
        variant: The variant's name.
        properties: The properties checked (:data:`PROPERTIES`).
        games: Games played.
        deals: Deals finished.
        actions: Actions played.
        states: States checked against the invariants.
        references: States whose legal actions were compared with the brute-force reference.
        seeds: Each game's seed.

    .. versionadded:: 0.2.0
    """

    variant: str
    properties: tuple[str, ...]
    games: int
    deals: int
    actions: int
    states: int
    references: int
    seeds: tuple[int, ...]

    def __str__(self) -> str:
        return (f"{self.variant}: {', '.join(self.properties)} hold over {self.games} games, {self.deals} deals, "
                f"{self.actions} actions, {self.states} states ({self.references} against the reference)")


def _check_hooks(variant: Variant) -> None:
    """Hooks are pure: asked again, they answer what they answered when the variant was built."""
    for level in range(variant.rounds):
        quota = variant.layoffs.quota(level)
        if quota != variant.layoff_quota(level) or (quota is not None and quota < 0):
            raise AssertionError(f"layoffs.quota({level}) answers {quota!r} now but {variant.layoff_quota(level)!r} "
                                 f"when the variant was built; a quota is a fixed non-negative count or None")
    for card in CARDS:
        if variant.scoring.card_points(card) != variant.card_points(card):
            raise AssertionError(f"scoring.card_points({card}) answers differently each time it is asked")
    for players in range(variant.min_players, variant.max_players + 1):
        if variant.deck.for_players(players) != variant.deck.for_players(players):
            raise AssertionError(f"deck.for_players({players}) answers differently each time it is asked")
        for seat in range(players):
            if tuple(variant.buying.order(players, seat)) != variant.buy_order(players, seat):
                raise AssertionError(f"buying.order({players}, {seat}) answers differently each time it is asked")


def _table_melds_valid(state: GameState, seen: set[object]) -> None:
    """Every table meld is valid by brute force, under the rules a table meld keeps (``seen``: those checked)."""
    rules = state.variant.layoff_rules
    for index, meld in enumerate(state.table):
        if meld in seen:
            continue
        seen.add(meld)
        if not brute_force_valid(rules, meld.kind, meld.cards):
            raise AssertionError(f"table meld {index} ({meld}) is no valid {meld.kind.value} by brute force")
        # the meld hook: a meld as laid was asked as it went down, a grown one as it stays on the table
        shown = Meld(meld.kind, meld.cards)
        if not (house_rule_allows(rules, shown, on_table=True) or house_rule_allows(rules, shown, on_table=False)):
            raise AssertionError(f"table meld {index} ({meld}) breaks the variant's meld hook: "
                                 f"{rules.meld_problem(shown, on_table=True)}")


class _Game:
    """One seeded game of :func:`check_variant`, recording the first failure of each property."""

    def __init__(self, variant: Variant, seed: int, players: int, failures: dict[str, ConformanceError]) -> None:
        self.variant, self.seed, self.players, self.failures = variant, seed, players, failures
        self.actions = 0

    def holds(self, prop: str, check: Callable[..., object], *arguments: object) -> bool:
        """Run ``check(*arguments)`` unless ``prop`` already failed; record its failure."""
        if prop in self.failures:
            return False
        try:
            check(*arguments)
        except AssertionError as error:
            self.failures[prop] = ConformanceError(prop, str(error), seed=self.seed, players=self.players,
                                                   actions=self.actions)
            return False
        except Exception as error:  # a crash inside remi breaks the property too
            detail = f"{type(error).__name__}: {error}"
            self.failures[prop] = ConformanceError(prop, detail, seed=self.seed, players=self.players,
                                                   actions=self.actions)
            return False
        return True


def _players(variant: Variant, seed: int, players: int | None) -> int:
    if players is not None:
        return players
    return variant.min_players + seed % (variant.max_players - variant.min_players + 1)


def check_variant(
    variant: Variant | str,
    *,
    games: int = 12,
    seed: int = 0,
    players: int | None = None,
    max_actions: int = 3000,
    deal_bound: int = 6000,
    progress: bool = True,
) -> ConformanceReport:
    """Play seeded random games of ``variant`` and check everything remi's own suite checks of the built-ins.

    The properties (:data:`PROPERTIES`):

    * ``hooks``: the parts' hooks are pure (asked again, they answer as when
      the variant was built; a lay-off quota never goes negative);
    * ``invariants``: :func:`assert_invariants` on every state, against the
      match's start;
    * ``melds``: every table meld valid by :func:`brute_force_valid`, and allowed by the variant's meld
      hook (:meth:`~remi.MeldRules.meld_problem`);
    * ``legal-actions``: ``legal_actions()`` sound and complete against the
      brute-force reference (:func:`assert_legal_actions`), on a sample of
      states;
    * ``views``: no view leaks anything (:func:`assert_view_hides`);
    * ``round-trips``: JSON, game record and pickle (:func:`assert_round_trips`);
    * ``determinism``: the same seed deals the same game, and replaying the
      history gives an equal state;
    * ``deals-end``: every deal ends within ``deal_bound`` actions.

    Game ``i`` has the seed ``seed + i`` and, unless ``players`` is given,
    a player count chosen by its seed, so ``check_variant(variant, games=1,
    seed=s)`` replays the game of seed ``s``. Each game plays until its first
    deal has ended and then on, up to ``max_actions`` actions; it stops at
    the first property it finds broken, and the next games go on. The
    brute-force reference runs on every tenth state, the view checks on
    every third, the round trips on every hundredth and the last.

    Args:
        variant: The variant, or its registered name.
        games: How many games to play.
        seed: The first game's seed.
        players: The player count of every game (default: by seed, across the variant's range).
        max_actions: The most actions of one game, once its first deal has ended.
        deal_bound: The most actions a deal may last.
        progress: Whether to show progress on standard error: a bar that
            fills game by game when it is a terminal, otherwise a line per
            game (pytest captures it). ``False`` is silent.

    Returns:
        A :class:`ConformanceReport`.

    Raises:
        ConformanceError: For the broken property, naming it, the game's seed
            and what broke; where several properties break, an
            :class:`ExceptionGroup` of them, one per property (``except*
            ConformanceError`` catches either).
        RemiError: With reason ``BAD_ARGUMENT`` for an argument out of range.
        VariantError: If ``variant`` names no registered variant.

    >>> report = check_variant("english", games=1, seed=3, max_actions=80, progress=False)
    >>> report.games, report.properties == PROPERTIES
    (1, True)

    .. versionadded:: 0.2.0
    """
    chosen = _checked_arguments(variant, games, seed, players, max_actions, deal_bound)
    failures: dict[str, ConformanceError] = {}
    try:
        _check_hooks(chosen)
    except AssertionError as error:
        failures["hooks"] = ConformanceError("hooks", str(error))
    counts = [0, 0, 0, 0]  # deals, actions, states, references
    seeds = tuple(seed + i for i in range(games))
    shown = _Progress(chosen.name, games, sys.stderr if progress else None)
    for game_seed in seeds:
        game = _Game(chosen, game_seed, _players(chosen, game_seed, players), failures)
        _play(game, max_actions, deal_bound, counts)
        shown.game_done(game)
    shown.close()
    if failures:
        errors = [failures[prop] for prop in PROPERTIES if prop in failures]
        if len(errors) == 1:
            raise errors[0]
        raise ExceptionGroup(f"{chosen.name}: {len(errors)} properties broken", errors)
    deals, actions, states, references = counts
    return ConformanceReport(chosen.name, PROPERTIES, games, deals, actions, states, references, seeds)


def _checked_arguments(variant: Variant | str, games: int, seed: int, players: int | None, max_actions: int,
                       deal_bound: int) -> Variant:
    """The variant :func:`check_variant` checks, once its arguments are found in range."""
    chosen = get(variant) if isinstance(variant, str) else variant
    if not isinstance(chosen, Variant):
        raise RemiError(f"check_variant needs a Variant or a registered name, got {printable(variant)}",
                        Reason.BAD_ARGUMENT)
    for name, value, least in (("games", games, 1), ("max_actions", max_actions, 0), ("deal_bound", deal_bound, 1)):
        if not isinstance(value, int) or isinstance(value, bool) or value < least:
            raise RemiError(f"{name} must be an integer of at least {least}, got {printable(value)}",
                            Reason.BAD_ARGUMENT)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise RemiError(f"seed must be a non-negative integer, got {printable(seed)}", Reason.BAD_ARGUMENT)
    if players is not None and (not isinstance(players, int) or not
                                chosen.min_players <= players <= chosen.max_players):
        raise RemiError(f"{chosen.name} plays with {chosen.min_players} to {chosen.max_players} players, "
                        f"got {printable(players)}", Reason.BAD_ARGUMENT)
    return chosen


class _Progress:
    """:func:`check_variant`'s progress: a bar on a terminal, a line per game elsewhere, nothing without a stream."""

    WIDTH = 30

    def __init__(self, name: str, games: int, stream: TextIO | None) -> None:
        self.name, self.games, self.stream = name, games, stream
        self.bar = stream is not None and stream.isatty()
        self.done = 0
        self.start = time.perf_counter()
        self.last = self.start

    def game_done(self, game: _Game) -> None:
        """One more game played: fill the bar, or write its line."""
        if self.stream is None:
            return
        self.done += 1
        now = time.perf_counter()
        if self.bar:
            filled = self.WIDTH * self.done // self.games
            self.stream.write(f"\r{self.name}: [{'#' * filled}{'.' * (self.WIDTH - filled)}] "
                              f"{self.done}/{self.games} games, {now - self.start:.0f} s")
        else:
            broken = f", broke {', '.join(sorted(game.failures))}" if game.failures else ""
            self.stream.write(f"{self.name}: game {self.done} of {self.games} (seed {game.seed}, {game.players} "
                              f"players): {game.actions} actions in {now - self.last:.1f} s{broken}\n")
        self.last = now
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.stream is not None and self.bar:
            self.stream.write("\n")
            self.stream.flush()


def _play(game: _Game, max_actions: int, deal_bound: int, counts: list[int]) -> None:
    """Play one game, checking every property on the way; ``counts`` gains its deals, actions, states, references."""
    variant, seed, players = game.variant, game.seed, game.players
    origin = new_game(variant, players=players, seed=seed)
    game.holds("determinism", _same, origin, new_game(variant, players=players, seed=seed))
    rng = Random(seed)
    state = origin
    deal_start = 0
    first_deal_done = False
    seen: set[object] = set()
    known = len(game.failures)
    while not state.is_over and (not first_deal_done or game.actions < max_actions):
        if len(game.failures) > known:  # this game broke a property: its seed replays it, the next games go on
            return
        counts[2] += 1
        game.holds("invariants", assert_invariants, state, origin)
        game.holds("melds", _table_melds_valid, state, seen)
        if game.actions % 3 == 0:
            game.holds("views", assert_view_hides, state, rng.randrange(players), Random(seed + game.actions))
        if game.actions % 10 == 0 and "legal-actions" not in game.failures:
            counts[3] += 1
            game.holds("legal-actions", assert_legal_actions, state)
        if game.actions % 100 == 0:
            game.holds("round-trips", assert_round_trips, state)
        before, state = state, state.apply(random_action(state, rng))
        game.actions += 1
        if len(state.deal_scores) > len(before.deal_scores):
            counts[0] += 1
            first_deal_done = True
            deal_start = game.actions
        elif game.actions - deal_start > deal_bound:
            game.failures.setdefault("deals-end", ConformanceError(
                "deals-end", f"deal {state.deal} did not end within {deal_bound} actions", seed=seed,
                players=players, actions=game.actions))
    counts[1] += game.actions
    if len(game.failures) > known:
        return
    game.holds("invariants", assert_invariants, state, origin)
    game.holds("round-trips", assert_round_trips, state)
    game.holds("determinism", _replays, origin, state)


def _same(first: GameState, second: GameState) -> None:
    if first != second or first.to_json() != second.to_json():
        raise AssertionError("the same seed and player count deal two different games")


def _replays(origin: GameState, final: GameState) -> None:
    state = origin
    for action in final.history:
        state = state.apply(action)
    if state != final or state.to_json() != final.to_json():
        raise AssertionError("replaying the history from the start gives a different state")
