"""The contract solver's searches: a branch and bound, and the exact cover for all-in contracts (private).

:func:`search_best` picks one candidate meld per requirement (runs first,
then sets) leaving the fewest points; :func:`search_cover` finds melds that
use every card. The candidates come from :mod:`remi._search.tables`.
See :mod:`remi.solver`.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import itemgetter
from typing import NamedTuple

from remi._search.kernel import J
from remi._search.scored import SCORE_WEIGHT, cover_sets
from remi._search.tables import (
    NO_SCORE,
    SPECIAL_SET,
    Candidate,
    Need,
    SearchPlan,
    Tables,
    best_natural_set,
    best_special_set,
    cards_of,
    free_wilds,
    held_value,
    key_of,
    prefix_max,
    run_candidates,
    score_of,
    set_bounds,
    set_candidates,
    set_curve,
    set_value,
    special_sets,
)

#: Runs a requirement may have before the search groups them by jokers (big hands, after many buys).
_MANY = 200

#: A joker curve: for 0, 1, … jokers, the best score using at most that many.
Curve = list[int]
#: A big hand's runs of one requirement by jokers used: (jokers, positions in the best-first list).
JokerGroups = list[tuple[int, list[int]]]
#: A group's head (see :meth:`_BranchAndBound._group_heads`): its bound comes first.
_bound_of_head = itemgetter(0)


def _dedup(candidates: list[Candidate]) -> list[Candidate]:
    """One candidate per tuple of cards (the smallest key), best score first.

    Melds using the same cards leave the same hand, so only one is searched
    (the rare same cards listed in another order, an ace low or high, are
    merely searched twice). Every level draws from the same representatives,
    so the symmetry rule stays sound: of two identical requirements met by
    classes A and B, the representative with the smaller key goes first.
    """
    by_cards: dict[tuple[int, ...], Candidate] = {}
    for candidate in candidates:
        _, key, cards = candidate
        kept = by_cards.get(cards)
        if kept is None or key < key_of(kept):
            by_cards[cards] = candidate
    unique = list(by_cards.values())
    unique.sort(key=score_of, reverse=True)
    return unique


def _take(counts: list[int], cards: tuple[int, ...]) -> bool:
    """Remove ``cards`` from ``counts`` if they are all there; say whether they were."""
    for taken, card in enumerate(cards):
        if not counts[card]:
            for back in cards[:taken]:
                counts[back] += 1
            return False
        counts[card] -= 1
    return True


def _put(counts: list[int], cards: tuple[int, ...]) -> None:
    """Put ``cards`` back into ``counts``."""
    for card in cards:
        counts[card] += 1


def _all_runs(tables: Tables, counts: list[int], need: Need) -> list[Candidate]:
    """Every run ``need`` allows from ``counts``, one per tuple of cards, best first."""
    candidates: list[Candidate] = []
    run_candidates(tables, counts, need.fewest, need.most, -1, candidates)
    return _dedup(candidates)


def _curve(candidates: list[Candidate], jokers: int) -> Curve:
    """For 0..``jokers`` jokers, the best score of a candidate using at most that many."""
    exact = [NO_SCORE] * (jokers + 1)
    for value, _, cards in candidates:
        used = cards.count(J)
        if used <= jokers and value > exact[used]:
            exact[used] = value
    return prefix_max(exact)


def _share(first: Curve, rest: Curve) -> Curve:
    """For each joker budget ``b``, the best of ``first[j] + rest[b - j]``: two bounds sharing the jokers."""
    out = []
    for budget in range(len(first)):
        top = first[0] + rest[budget]
        for jokers in range(1, budget + 1):
            value = first[jokers] + rest[budget - jokers]
            if value > top:  # noqa: PLR1730 (a hot loop: no call)
                top = value
        out.append(top)
    return out


def _spent(tables: Tables, wilds: tuple[int, int], chosen: list[Candidate]) -> tuple[int, int, int]:
    """The free wilds ``chosen`` take, and the jokers and 2s left for them (the sets of twos' taken out)."""
    free = jokers = twos = 0
    for _, _, cards in chosen:
        any_wilds, own_jokers, own_twos = free_wilds(tables, cards)
        free += any_wilds
        jokers += own_jokers
        twos += own_twos
    return free, wilds[0] - jokers, wilds[1] - twos


def _shortfall(tables: Tables, wilds: tuple[int, int], chosen: list[Candidate]) -> int:
    """What the scores of ``chosen`` overstate when jokers and wild 2s differ in points.

    A candidate scores each wild it may take at :attr:`Tables.wild_points`;
    the melds' wilds are in truth the best of the hand's jokers and 2s
    (``wilds``) that the sets of twos leave.
    """
    free, jokers, twos = _spent(tables, wilds, chosen)
    joker_points, two_points = tables.points[J], tables.points[1]
    if joker_points >= two_points:
        best, worst, many = joker_points, two_points, jokers
    else:
        best, worst, many = two_points, joker_points, twos
    top = many if many < free else free
    return (free * tables.wild_points - top * best - (free - top) * worst) * SCORE_WEIGHT


def _wild_values(tables: Tables, wilds: tuple[int, int], chosen: list[Candidate], most: int) -> list[int]:
    """The points of the best 0, 1, … ``most`` wilds left once ``chosen`` took theirs (best first)."""
    free, jokers, twos = _spent(tables, wilds, chosen)
    joker_points, two_points = tables.points[J], tables.points[1]
    if joker_points >= two_points:
        left = [joker_points] * jokers + [two_points] * twos
    else:
        left = [two_points] * twos + [joker_points] * jokers
    out = [0]
    for points in left[free : free + most]:
        out.append(out[-1] + points)
    return out


# -- the branch and bound ------------------------------------------------------


class _RootBounds(NamedTuple):
    """What the whole hand offers each distinct requirement, before any meld is chosen."""

    #: The candidates, best first: the runs; the sets only at the first level (else empty).
    candidates: dict[Need, list[Candidate]]
    #: The joker curve of each requirement's best single meld in the whole hand.
    curves: dict[Need, Curve]
    #: Of a set requirement: (best score in the whole hand, rank) for each rank that can make one.
    ranks: dict[Need, list[tuple[int, int]]]


def _root_bounds(tables: Tables, counts: list[int], levels: list[Need]) -> _RootBounds | None:
    """Each distinct requirement's candidates, curve and ranks, or ``None`` if one has no meld at all."""
    jokers = counts[J]
    candidates: dict[Need, list[Candidate]] = {}
    curves: dict[Need, Curve] = {}
    ranks: dict[Need, list[tuple[int, int]]] = {}
    for need in reversed(levels):  # sets first: their bounds are cheap and often show a hand hopeless
        if need in curves:
            continue
        found: list[Candidate] = []
        if need.is_run:
            found = _all_runs(tables, counts, need)
            curves[need] = _curve(found, jokers)
        elif need == levels[0]:  # sets only: the first level needs the candidates themselves
            found, curves[need], ranks[need] = _first_sets(tables, counts, need)
        else:  # sets after runs: only bounds are needed now
            curves[need], ranks[need] = set_bounds(tables, counts, need.fewest, need.most)
        if curves[need][-1] == NO_SCORE:
            return None
        candidates[need] = found
    return _RootBounds(candidates, curves, ranks)


def _first_sets(tables: Tables, counts: list[int], need: Need) -> tuple[list[Candidate], Curve, list[tuple[int, int]]]:
    """A contract of sets only: its first level's sets best first, their curve, and each rank's best score."""
    found: list[Candidate] = []
    set_candidates(tables, counts, need.fewest, need.most, None, found)
    found.sort(key=score_of, reverse=True)
    firsts: dict[int, int] = {}
    for value, (rank, *_), _ in found:
        if rank < SPECIAL_SET:  # the sets of twos and of wilds only are not ranks
            firsts.setdefault(rank, value)
    return found, _curve(found, counts[J]), [(score, rank) for rank, score in firsts.items()]


def _single_meld(
    tables: Tables, found: list[Candidate], wilds: tuple[int, int], least: int
) -> list[Candidate] | None:
    """A contract of one requirement: its best candidate (``found`` best first), as :func:`search_best`."""
    if tables.uneven:
        return [max(found, key=lambda candidate: score_of(candidate) - _shortfall(tables, wilds, [candidate]))]
    if not least:
        return [found[0]]
    single = next((candidate for candidate in found if _jokers_in(candidate) >= least), None)
    return None if single is None else [single]


def _joker_groups(
    levels: list[Need], runs: int, candidates: dict[Need, list[Candidate]]
) -> dict[Need, JokerGroups]:
    """Each run requirement's candidates by jokers used, where there are many (a big hand).

    A small hand's search is quick as it is.
    """
    groups: dict[Need, JokerGroups] = {}
    for need in levels[:runs]:
        if need not in groups and len(candidates[need]) > _MANY:
            by_jokers: dict[int, list[int]] = {}
            for position, (_, _, cards) in enumerate(candidates[need]):
                by_jokers.setdefault(cards.count(J), []).append(position)
            groups[need] = sorted(by_jokers.items())
    return groups


def _loose_bounds(levels: list[Need], curves: dict[Need, Curve], jokers: int) -> list[Curve]:
    """``rest[level][b]``: a bound on what the levels from ``level`` on score, each with all the jokers."""
    depth = len(levels)
    rest = [[0] * (jokers + 1) for _ in range(depth + 1)]
    for level in range(depth - 1, -1, -1):
        rest[level] = [later + mine for later, mine in zip(rest[level + 1], curves[levels[level]], strict=True)]
    return rest


def _shared_bounds(
    levels: list[Need], runs: int, curves: dict[Need, Curve], jokers: int
) -> tuple[list[Curve], list[Curve], list[Need]]:
    """A big hand's bounds: the jokers left are shared between the levels (a max-plus convolution).

    Returns ``rest`` (as :func:`_loose_bounds`), the same for the runs alone
    (only where sets follow two runs or more), and those sets.
    """
    depth = len(levels)
    rest = [[0] * (jokers + 1) for _ in range(depth + 1)]
    rest[depth - 1] = curves[levels[depth - 1]]
    for level in range(depth - 2, -1, -1):
        rest[level] = _share(curves[levels[level]], rest[level + 1])
    tail = levels[runs:] if 1 < runs < depth else []
    run_rest = [[0] * (jokers + 1) for _ in range(runs + 1)]
    if tail:
        for level in range(runs - 1, 0, -1):
            run_rest[level] = _share(curves[levels[level]], run_rest[level + 1])
    return rest, run_rest, tail


class _BranchAndBound:
    """The state of one :func:`search_best`: the hand, the plan, the bounds, the melds chosen, the best found.

    ``chosen[level]`` holds the candidate of each level on the current path;
    ``best`` the best complete path found so far and ``best_score`` its score.
    Where jokers and wild 2s differ (``uneven``), ``short[level]`` holds what
    the scores of ``chosen[:level]`` overstate.
    """

    __slots__ = (
        "best", "best_score", "candidates", "chosen", "contract_index", "counts", "curves", "final_set", "first",
        "groups", "jokers", "last_level", "leaf_ranks", "least", "levels", "repeats", "rest", "run_rest", "runs",
        "short", "tables", "tail", "uneven", "wilds",
    )

    def __init__(
        self, tables: Tables, counts: list[int], plan: SearchPlan, root: _RootBounds, first: bool,
        wilds: tuple[int, int], least: int,
    ) -> None:
        levels = plan.levels
        depth = len(levels)
        self.tables = tables
        self.counts = counts
        self.levels = levels
        self.repeats = plan.same_as_previous
        self.contract_index = plan.contract_index
        self.first = first
        self.wilds = wilds
        self.least = least
        self.uneven = tables.uneven
        self.jokers = counts[J]
        self.last_level = depth - 1
        self.candidates = root.candidates
        self.curves = root.curves
        self.leaf_ranks = root.ranks.get(levels[-1], [])
        # the last level's set, after a run: its exact best score, cheaply, before looking for it
        self.final_set = levels[-1] if depth >= 2 and levels[-2].is_run and not levels[-1].is_run else None
        self.runs = plan.runs
        self.groups = _joker_groups(levels, self.runs, root.candidates)
        if self.groups:
            self.rest, self.run_rest, self.tail = _shared_bounds(levels, self.runs, root.curves, self.jokers)
        else:  # each bounded with all the jokers: looser, and cheaper for a small hand
            self.rest = self.run_rest = _loose_bounds(levels, root.curves, self.jokers)
            self.tail = []
        self.chosen: list[Candidate] = [(0, (), ())] * depth
        self.best: list[Candidate] = []
        self.best_score = -1
        self.short = [0] * (depth + 1) if self.uneven else []

    def result(self) -> list[Candidate] | None:
        """The best melds found, in contract order, or ``None``."""
        best = self.best
        if not best:
            return None
        result: list[Candidate] = [best[0]] * len(best)
        for level, index in enumerate(self.contract_index):
            result[index] = best[level]
        return result

    def _keep(self, total: int) -> None:
        """Keep the melds chosen as the best if ``total`` beats it."""
        if total > self.best_score:
            self.best_score = total
            self.best = self.chosen[:]

    def _exact(self, level: int) -> int:
        """What ``chosen[level]`` adds in truth, the wilds of the melds before it taken best first (``uneven``).

        ``short[level]`` holds what the scores of ``chosen[:level]`` overstate; ``short[level + 1]`` is set.
        """
        short = self.short
        short[level + 1] = _shortfall(self.tables, self.wilds, self.chosen[: level + 1])
        return score_of(self.chosen[level]) - short[level + 1] + short[level]

    # A search kernel: one function because it runs at every node of the branch and bound, and its
    # loop (bound, take the cards, recurse, put them back) is the solver's hottest: a call per
    # candidate would cost in every search.
    def choose(self, level: int, score: int, start: int | None, low: tuple[int, ...] | None) -> None:
        """Choose the meld of ``level`` and, recursively, those after it, keeping the best.

        ``score`` is what the levels before scored; ``start``, for a big hand's
        run following its twin, the twin's position in the best-first list;
        ``low``, for a set following its twin, the twin's key (identical
        requirements take candidates in non-decreasing key order).
        """
        need = self.levels[level]
        last = level == self.last_level
        if last and not need.is_run:
            self._last_set(level, score, low)
            return
        counts = self.counts
        left = counts[J]
        if need in self.groups:
            self._grouped_runs(level, score, start, left)
            return
        later = self.rest[level + 1]
        candidates = self.candidates[need] if need.is_run or level == 0 else self._sets(need, low)
        loose = later[-1]
        follow = self.repeats[level + 1]
        uneven = self.uneven
        least = self.least
        chosen = self.chosen
        # the last level where wilds differ (``uneven``) looks on past its first fit, at the first
        # to fit with each number of wilds left (``fitted``); with ``least``, at those taking enough
        picky = last and (uneven or least > 0)
        fitted: set[int] = set()
        for candidate in candidates:
            value, key, cards = candidate
            total = score + value
            if total + loose <= self.best_score:
                break
            if low is not None and key < low:
                continue
            spare = left - cards.count(J)
            if spare < 0 or total + later[spare] <= self.best_score:
                continue
            if picky and (spare in fitted or self.jokers - spare < least):
                continue
            if not _take(counts, cards):
                continue
            chosen[level] = candidate
            if uneven:
                total = score + self._exact(level)
            if last:
                if total > self.best_score:
                    self.best_score = total
                    self.best = chosen[:]
                if picky:
                    fitted.add(spare)
            else:
                self.choose(level + 1, total, None, key if follow else None)
            _put(counts, cards)
            if (last and not uneven) or (self.first and self.best):
                return

    def _sets(self, need: Need, low: tuple[int, ...] | None) -> list[Candidate]:
        """The sets ``need`` allows from the cards left (key ``>= low``), best first."""
        candidates: list[Candidate] = []
        set_candidates(self.tables, self.counts, need.fewest, need.most, low, candidates)
        candidates.sort(key=score_of, reverse=True)
        return candidates

    def _last_set(self, level: int, score: int, low: tuple[int, ...] | None) -> None:
        """The last level, a set: the best single set from the cards left (with ``least``, taking enough wilds)."""
        need = self.levels[level]
        counts = self.counts
        if self.uneven:
            self._last_set_uneven(level, score, low)
            return
        tables = self.tables
        wild_floor = self.least - self.jokers + counts[J] if self.least else 0  # the wilds it must take at least
        to_beat = self.best_score - score
        single = best_natural_set(tables, counts, need.fewest, need.most, low, self.leaf_ranks, to_beat, None,
                                  wild_floor)
        if tables.special:  # the sets of twos and of wilds only are looked at last
            if single is not None:
                to_beat = score_of(single)
            single = best_special_set(tables, counts, need.fewest, need.most, low, to_beat, wild_floor) or single
        if single is not None:
            self.best_score = score + score_of(single)
            self.chosen[level] = single
            self.best = self.chosen[:]

    def _last_set_uneven(self, level: int, score: int, low: tuple[int, ...] | None) -> None:
        """The last set where wilds differ: the sets of naturals scored exactly (the wilds left), then the others."""
        need = self.levels[level]
        tables, counts, chosen = self.tables, self.counts, self.chosen
        single = best_natural_set(tables, counts, need.fewest, need.most, low, self.leaf_ranks,
                                  self.best_score - score, _wild_values(tables, self.wilds, chosen[:level], counts[J]))
        if single is not None:
            self.best_score = score + score_of(single)
            chosen[level] = single
            self.best = chosen[:]
        if tables.special:
            for candidate in special_sets(tables, counts, need.fewest, need.most):
                value, key, _ = candidate
                if (low is None or key >= low) and score + value > self.best_score:
                    chosen[level] = candidate
                    self._keep(score + self._exact(level))

    def _grouped_runs(self, level: int, score: int, start: int | None, left: int) -> None:
        """A big hand's run at ``level`` (``left`` jokers left), if the bounds say it can still win.

        A run level bounds the sets that follow from the cards still in hand,
        and a run following its twin scores no more than the twin.
        """
        need = self.levels[level]
        twin = self.repeats[level + 1]
        beyond: Curve | None = None
        if level and self.tail:
            sets = self._tail_curve()
            if twin:
                beyond = _share(self.run_rest[level + 2][: left + 1], sets)
            later = _share(self.run_rest[level + 1][: left + 1], sets) if level + 1 < self.runs else sets
        else:
            if twin:
                beyond = self.rest[level + 2]
            later = self.rest[level + 1]
        mine = self.curves[need][: left + 1]
        if start is not None:  # this run follows its twin: it scores no more than that one
            twin_score = score_of(self.chosen[level - 1])
            mine = [min(score_with, twin_score) for score_with in mine]
        if score + max([mine[jokers] + later[left - jokers] for jokers in range(left + 1)]) <= self.best_score:
            return
        self._scan_groups(level, score, start or 0, later, beyond)

    def _tail_curve(self) -> Curve:
        """The bound of the sets after the runs, from the cards still in hand (their jokers shared)."""
        tables, counts, tail = self.tables, self.counts, self.tail
        sets = set_curve(tables, counts, tail[0].fewest, tail[0].most)
        for need in tail[1:]:
            sets = _share(set_curve(tables, counts, need.fewest, need.most), sets)
        return sets

    def _group_heads(self, need: Need, start: int, later: Curve, left: int) -> list[tuple[int, int, list[int], int]]:
        """The groups of ``need``'s runs the jokers left allow, best bound first.

        Each as (bound, jokers used, positions, index of the first position at or after ``start``).
        """
        candidates = self.candidates[need]
        heads = []
        for used, positions in self.groups[need]:
            if used > left:
                break
            at = bisect_left(positions, start) if start else 0
            if at < len(positions):
                heads.append((score_of(candidates[positions[at]]) + later[left - used], used, positions, at))
        heads.sort(key=_bound_of_head, reverse=True)
        return heads

    def _scan_groups(self, level: int, score: int, start: int, later: Curve, after: Curve | None) -> None:
        """Choose the run of ``level`` group by group (from position ``start`` when it follows its twin).

        ``later`` bounds the levels after this one; ``after``, when the next
        level is an identical run, bounds the levels after that one (the next
        run then scores no more than this one). The runs of a group take as
        many wilds, so a group's scan stops at the first run that cannot win.
        """
        need = self.levels[level]
        candidates = self.candidates[need]
        counts = self.counts
        left = counts[J]
        last = level == self.last_level
        curve = self.curves[need]
        for head, used, positions, at in self._group_heads(need, start, later, left):
            if score + head <= self.best_score:
                break
            if last and self.jokers - left + used < self.least:
                continue
            spare = left - used
            bound = self.best_score - score - later[spare]
            for position in positions[at:]:
                candidate = candidates[position]
                value, _, cards = candidate
                if value <= bound:
                    break
                if after is not None and value < curve[spare] and self._twin_beaten(score, value, spare, curve, after):
                    break
                if not _take(counts, cards):
                    continue
                self.chosen[level] = candidate
                self._after_run(level, score, value, position)
                _put(counts, cards)
                if last or (self.first and self.best):  # (the runs of a group take as many wilds: the first is best)
                    break
                bound = self.best_score - score - later[spare]
            if self.first and self.best:
                return

    def _twin_beaten(self, score: int, value: int, spare: int, curve: Curve, after: Curve) -> bool:
        """Whether a run of ``value``, and the identical run after it scoring no more, cannot beat the best."""
        capped = max([min(curve[jokers], value) + after[spare - jokers] for jokers in range(spare + 1)])
        return score + value + capped <= self.best_score

    def _after_run(self, level: int, score: int, value: int, position: int) -> None:
        """Go on from a big hand's run of ``value`` at ``position``, chosen at ``level``."""
        total = score + (self._exact(level) if self.uneven else value)
        if level == self.last_level:
            self._keep(total)
            return
        final_set = self.final_set
        if (final_set is None or level + 2 < len(self.levels)
                or total + set_value(self.tables, self.counts, final_set.fewest, final_set.most) > self.best_score):
            self.choose(level + 1, total, position if self.repeats[level + 1] else None, None)


def search_best(
    tables: Tables, counts: list[int], plan: SearchPlan, first: bool = False, wilds: tuple[int, int] = (0, 0),
    least: int = 0,
) -> list[Candidate] | None:
    """Branch and bound: the melds (in contract order) leaving the fewest points.

    Runs are searched first, then sets. Every run any level could use is
    already among the hand's runs, so those are generated once, best first,
    and each level takes the ones whose cards are still in hand (the last
    level takes the first that fits). Sets come last, generated from what the
    runs leave. Identical requirements take candidates in non-decreasing key
    order (a big hand's runs: at or after the previous level's run in the
    best-first list, so never scoring more).

    The bound for the melds still to choose is the sum of each one's best
    single meld in the whole hand using no more than the jokers left. A big
    hand (a requirement with more than ``_MANY`` runs: 50 or 60 cards after
    many buys, N14) gets tighter bounds: the jokers left are shared between
    the requirements (a max-plus convolution of their curves), a run level
    bounds the sets that follow from the cards still in hand, a run followed
    by an identical one bounds that one by its own score, and the runs are
    scanned by groups of equal jokers, each best first, so that a group's scan
    stops at the first run that cannot win. With ``first``, stop at the first
    arrangement found.

    Where jokers and wild 2s differ in points (``tables.uneven``; ``wilds`` holds
    the hand's jokers and 2s) a candidate's score is an upper bound, so every
    bound above still holds, while the score handed down is exact: each meld
    adds its score less what its wilds overstate once the melds before it
    took the best wilds (:func:`_shortfall`). The last level then looks past
    its first fit, at the first that fits with each number of wilds.

    With ``least``, only arrangements taking that many wilds or more count.
    """
    if (held_value(tables, counts) if tables.twos_sets else sum(counts)) < plan.fewest_cards:
        return None
    root = _root_bounds(tables, counts, plan.levels)
    if root is None:
        return None
    if len(plan.levels) == 1:
        return _single_meld(tables, root.candidates[plan.levels[0]], wilds, least)
    search = _BranchAndBound(tables, counts, plan, root, first, wilds, least)
    search.choose(0, 0, None, None)
    return search.result()


def _jokers_in(candidate: Candidate) -> int:
    """How many wilds ``candidate`` takes (all but a set of twos' own 2s and jokers)."""
    return cards_of(candidate).count(J)


def _fewest_jokers(candidate: Candidate) -> tuple[int, int]:
    """Cover order: fewest jokers first (they are the scarce, flexible cards), then most cards."""
    _, _, cards = candidate
    jokers = cards.count(J)
    return jokers, jokers - len(cards)


def search_cover(tables: Tables, counts: list[int], needs: list[Need]) -> list[Candidate] | None:
    """Exact cover for all-in contracts: melds (in contract order) using every card.

    The lowest natural left must be a natural of one of the melds still open;
    only melds holding it are tried, once per distinct open requirement. Once
    only wilds are left (2s included where they are wild), the first open
    requirement takes a meld without naturals of its own (a set of twos, a meld
    of wilds only), if the rules have any. Dead ends are remembered by
    (counts, open requirements).
    """
    held = held_value(tables, counts)
    if not sum(need.fewest for need in needs) <= held <= sum(need.most for need in needs):
        return None
    chosen: list[Candidate] = [(0, (), ())] * len(needs)
    failed: set[tuple[tuple[int, ...], tuple[Need, ...]]] = set()
    naturals = tables.naturals
    special = tables.special
    # per tuple of open requirements: the fewest and most cards they take, and what they are
    spans: dict[tuple[int, ...], tuple[int, int, tuple[Need, ...]]] = {}

    def search(open_: tuple[int, ...], remaining: int) -> bool:
        """Whether the open requirements can take exactly the ``remaining`` cards (filling ``chosen``)."""
        if not open_:
            return remaining == 0
        span = spans.get(open_)
        if span is None:
            span = spans[open_] = (sum(needs[i].fewest for i in open_), sum(needs[i].most for i in open_),
                                   tuple(sorted(needs[i] for i in open_)))
        fewest, most, open_needs = span
        if not fewest <= remaining <= most:
            return False
        memo = (tuple(counts), open_needs)
        if memo in failed:
            return False
        must = next(compress(naturals, map(counts.__getitem__, naturals)), -1)
        if must >= 0 or special:
            tried: set[Need] = set()
            for index in open_ if must >= 0 else open_[:1]:
                need = needs[index]
                if need in tried:
                    continue
                tried.add(need)
                rest = tuple(other for other in open_ if other != index)
                for candidate in _cover_candidates(tables, counts, need, must):
                    value, _, cards = candidate
                    if not _take(counts, cards):
                        continue
                    chosen[index] = candidate
                    found = search(rest, remaining - value % SCORE_WEIGHT)  # (a score's remainder: its cards)
                    _put(counts, cards)
                    if found:
                        return True
        failed.add(memo)
        return False

    return chosen if search(tuple(range(len(needs))), held) else None


def _cover_candidates(tables: Tables, counts: list[int], need: Need, must: int) -> list[Candidate]:
    """The melds ``need`` may take in the all-in cover: holding natural ``must``, or (``must < 0``) no natural.

    One per tuple of cards, fewest jokers first.
    """
    candidates: list[Candidate] = []
    if need.is_run:
        run_candidates(tables, counts, need.fewest, need.most, must, candidates)
    elif must >= 0:
        candidates = cover_sets(tables.kernel, counts, need.fewest, need.most, must)
    else:
        candidates = special_sets(tables, counts, need.fewest, need.most)
    return sorted(_dedup(candidates), key=_fewest_jokers)
