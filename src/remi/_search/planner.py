"""How many cards a hand is away from its contract: the planner behind :class:`~remi.bots.GreedyBot` (private).

A plan picks, per requirement, one target meld of the requirement's size (a
run's window of values in one suit, or a set's rank) and counts the naturals
the hand lacks for it; :class:`Planner` finds the plan lacking the fewest.
The hand's wilds (jokers, and 2s where they are wild) fill the gaps last.
"""

from __future__ import annotations

import attrs

from remi._search.kernel import DEAD, TWOS, J, counts_of, run_bounds, run_windows, set_naturals
from remi.cards import CARDS, Card
from remi.contracts import Contract
from remi.melds import MeldKind, Twos, WildCap, wild_cap
from remi.variant import Variant

_WINDOWS: dict[tuple[int, int], tuple[Variant, tuple[tuple[int, ...], ...]]] = {}


def _windows(variant: Variant, length: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``length`` cards the variant allows, as the natural card indices it holds.

    Where 2s are wild, a 2's place is the dead 2 of its suit (S15), the one
    natural that fills it (else a wild does); under :attr:`~remi.melds.Twos.WILD`
    a run has no 2's place at all.
    """
    hit = _WINDOWS.get((id(variant), length))
    if hit is not None and hit[0] is variant:
        return hit[1]
    rules = variant.melds
    wrap = run_bounds(rules)[2]
    starts = () if wrap and length > 13 else tuple(start for start, _ in run_windows(rules, length, length))
    wild = rules.twos is not Twos.NATURAL
    windows = tuple(
        tuple(DEAD + suit if wild and value % 13 == 2 else suit * 13 + (value - 1) % 13
              for value in range(start, start + length))
        for suit in range(4)
        for start in starts
    )
    if len(_WINDOWS) > 256:
        _WINDOWS.clear()
    _WINDOWS[(id(variant), length)] = (variant, windows)
    return windows


@attrs.frozen
class Plan:
    """How far a hand is from a contract.

    Attributes:
        missing: Cards still to get (wilds in hand fill gaps, within the joker cap and
            the natural minimum).
        lacking: Naturals the best plan lacks, ignoring the hand's wilds.
        spare: The naturals the best plan does not use (never a wild).
    """

    missing: int
    lacking: int
    spare: tuple[Card, ...]


# A requirement as the planner sees it: (is a run, cards), the smallest meld that fulfils it.
_Need = tuple[bool, int]
# A target meld for one requirement: (the naturals it lacks on its own, the card indices of a run's
# window or the rank of a set, alone in a tuple; empty where the hand has nothing towards one).
_Target = tuple[int, tuple[int, ...]]


class Planner:
    """Measures hands against contracts: the naturals a hand lacks for its best plan.

    A plan picks, per requirement, one target meld of the requirement's size:
    a run (a suit and a window of values) or a set (a rank). Runs take their
    cards first, one per value; sets take what is left of their rank. A
    branch and bound over the targets (each requirement's targets sorted by
    what they lack on their own) finds the plan lacking the fewest naturals.
    """

    def __init__(self) -> None:
        self._variant: Variant | None = None
        self._cache: dict[tuple[tuple[_Need, ...], tuple[Card, ...]], Plan] = {}

    def plan(self, variant: Variant, hand: tuple[Card, ...], contract: Contract) -> Plan:
        """How far ``hand`` is from ``contract`` under ``variant``."""
        needs = _needs(variant, contract)
        if variant is not self._variant:
            self._variant = variant
            self._cache.clear()
        key = (needs, hand)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        plan = _best_plan(variant, hand, needs)
        if len(self._cache) > 8192:
            self._cache.clear()
        self._cache[key] = plan
        return plan


def _needs(variant: Variant, contract: Contract) -> tuple[_Need, ...]:
    """The requirements of ``contract`` as the planner sees them: runs first, larger first."""
    rules = variant.melds
    needs = []
    for requirement in contract.requirements:
        is_run = requirement.kind is MeldKind.RUN
        size = requirement.size
        if not variant.contracts.exact_sizes:  # a meld as small as the rules allow, if larger
            size = max(size, rules.run_min if is_run else rules.set_min)
        needs.append((is_run, size))
    return tuple(sorted(needs, key=lambda need: (not need[0], -need[1])))


def _best_plan(variant: Variant, hand: tuple[Card, ...], needs: tuple[_Need, ...]) -> Plan:
    """The plan for ``hand`` lacking the fewest naturals, and what the hand's wilds then leave missing."""
    rules = variant.melds
    counts = counts_of(hand)
    # where 2s are wild they are jokers, except in a set of twos (under WILD_EXCEPT_SETS they
    # stay in their places for sets of twos only, and join the wilds at the end if unused)
    if rules.twos is Twos.WILD:
        _twos_to_wilds(counts)
    search = _TargetSearch(needs, [_targets(variant, counts, need) for need in needs], counts,
                           rules.set_distinct_suits)
    search.search(0, 0, 0)
    for index in search.best_used:
        counts[index] -= 1
    if rules.twos is Twos.WILD_EXCEPT_SETS:
        _twos_to_wilds(counts)
    room = _wild_room(search.best_melds, rules.min_naturals, wild_cap(rules))
    missing = search.best_cost - min(counts[J], room)
    spare = tuple(CARDS[index] for index in range(len(counts)) if index != J for _ in range(counts[index]))
    return Plan(missing, search.best_cost, spare)


def _twos_to_wilds(counts: list[int]) -> None:
    """Count the 2s of ``counts`` as jokers."""
    for two in TWOS:
        counts[J] += counts[two]
        counts[two] = 0


def _targets(variant: Variant, counts: list[int], need: _Need) -> list[_Target]:
    """The target melds for one requirement, fewest naturals lacking first (one lacking all if none)."""
    is_run, size = need
    options: list[_Target] = []
    if is_run:
        for window in _windows(variant, size):
            have = size - _short(counts, window) if size > 13 else sum(1 for index in window if counts[index])
            if have:
                options.append((size - have, window))
    else:
        for rank, have in enumerate(set_naturals(counts, variant.melds.set_distinct_suits)):
            if have:
                options.append((size - min(size, have), (rank,)))
    options.sort(key=lambda option: option[0])
    return options or [(size, ())]


def _wild_room(melds: list[tuple[int, int]], least: int, cap: WildCap) -> int:
    """How many gaps of the planned ``melds`` (naturals lacking, naturals held) the hand's wilds may fill.

    At most as many per meld as leave it ``least`` naturals and as the joker cap allows.
    """
    room = 0
    for lack, got in melds:
        most = lack + got - least  # wilds that leave the meld its fewest naturals
        room += max(0, cap.beside(min(lack, most), got))
    return room


class _TargetSearch:
    """The branch and bound over the targets: one per requirement, lacking the fewest naturals in all.

    Requirements come in order; equal ones take their targets in increasing
    order, so each plan is tried once. The hand's naturals (``counts``) go to
    the targets as they are chosen (``used``) and come back on the way out.
    """

    __slots__ = ("best_cost", "best_melds", "best_used", "bound", "counts", "distinct", "melds", "needs",
                 "targets", "used")

    def __init__(
        self, needs: tuple[_Need, ...], targets: list[list[_Target]], counts: list[int], distinct: bool
    ) -> None:
        self.needs = needs
        self.targets = targets
        self.counts = counts
        self.distinct = distinct
        #: The fewest naturals the requirements from each one on lack (each its best target alone).
        self.bound = [0] * (len(needs) + 1)
        for level in range(len(needs) - 1, -1, -1):
            self.bound[level] = self.bound[level + 1] + targets[level][0][0]
        #: The best plan found: the naturals it lacks, the naturals it takes, and per meld (lacking, held).
        self.best_cost = 1 << 30
        self.best_used: list[int] = []
        self.best_melds: list[tuple[int, int]] = []
        #: The plan under way: the naturals its targets took, and per meld (lacking, held).
        self.used: list[int] = []
        self.melds: list[tuple[int, int]] = []

    def search(self, level: int, cost: int, first: int) -> bool:
        """Search the targets from requirement ``level`` on, ``cost`` naturals lacking so far.

        ``first`` is the previous requirement's target, where that one is
        equal. True once the best plan meets the bound: none can lack fewer.
        """
        needs = self.needs
        if level == len(needs):
            if cost < self.best_cost:
                self.best_cost, self.best_used, self.best_melds = cost, self.used[:], self.melds[:]
            return self.best_cost == self.bound[0]
        is_run, size = needs[level]
        same = level > 0 and needs[level - 1] == needs[level]
        rest = self.bound[level + 1]
        used = self.used
        counts = self.counts
        for position, (alone, target) in enumerate(self.targets[level]):
            if same and position < first:
                continue
            if cost + alone + rest >= self.best_cost:
                break
            mark = len(used)
            if is_run:
                self._take_run(target)
            elif target:
                self._take_set(target[0], size)
            got = len(used) - mark
            self.melds.append((size - got, got))
            done = cost + size - got + rest < self.best_cost and self.search(level + 1, cost + size - got, position)
            self.melds.pop()
            for index in used[mark:]:
                counts[index] += 1
            del used[mark:]
            if done:
                return True
        return False

    def _take_run(self, window: tuple[int, ...]) -> None:
        """Take the hand's naturals for a run's ``window``: one per value held."""
        counts = self.counts
        for index in window:
            if counts[index]:
                counts[index] -= 1
                self.used.append(index)

    def _take_set(self, rank: int, size: int) -> None:
        """Take up to ``size`` naturals of ``rank`` left for a set, from the suits with most copies first."""
        counts = self.counts
        used = self.used
        mark = len(used)
        for suit in sorted(range(4), key=lambda suit: -counts[rank + 13 * suit]):
            index = rank + 13 * suit
            while counts[index] and len(used) - mark < size:
                counts[index] -= 1
                used.append(index)
                if self.distinct:
                    break


def _short(counts: list[int], window: tuple[int, ...]) -> int:
    """Cards a window lacks when it needs one card twice (a 14-card run holds both aces)."""
    need: dict[int, int] = {}
    for index in window:
        need[index] = need.get(index, 0) + 1
    return sum(max(0, wanted - counts[index]) for index, wanted in need.items())
