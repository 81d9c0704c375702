"""How many cards a hand is away from its contract: the planner behind :class:`~remi.bots.GreedyBot` (private).

A plan picks, per requirement, one target meld of the requirement's size (a
run's window of values in one suit, or a set's rank) and counts the naturals
the hand lacks for it; :class:`Planner` finds the plan lacking the fewest.
The hand's wilds (jokers, and 2s where they are wild) fill the gaps last.
"""

from __future__ import annotations

import attrs

from remi._search.kernel import DEAD as _DEAD
from remi._search.kernel import TWOS as _TWOS
from remi._search.kernel import J as _J
from remi._search.kernel import counts_of, run_bounds, run_windows, set_naturals
from remi.cards import CARDS, Card
from remi.contracts import Contract
from remi.melds import JokerCap, MeldKind, Twos
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
        tuple(_DEAD + suit if wild and value % 13 == 2 else suit * 13 + (value - 1) % 13
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
        needs = tuple(sorted(
            ((r.kind is MeldKind.RUN,
              r.size if variant.contracts.exact_sizes else max(r.size, variant.melds.run_min if r.kind is MeldKind.RUN
                                                     else variant.melds.set_min))
             for r in contract.requirements),
            key=lambda need: (not need[0], -need[1]),
        ))
        if variant is not self._variant:
            self._variant = variant
            self._cache.clear()
        key = (needs, hand)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        plan = self._search(variant, hand, needs)
        if len(self._cache) > 8192:
            self._cache.clear()
        self._cache[key] = plan
        return plan

    def _search(self, variant: Variant, hand: tuple[Card, ...], needs: tuple[_Need, ...]) -> Plan:
        rules = variant.melds
        counts = counts_of(hand)
        # where 2s are wild they are jokers, except in a set of twos (under WILD_EXCEPT_SETS they
        # stay in their places for sets of twos only, and join the wilds at the end if unused)
        twos_sets = rules.twos is Twos.WILD_EXCEPT_SETS
        if rules.twos is Twos.WILD:
            for i in _TWOS:
                counts[_J] += counts[i]
                counts[i] = 0
        distinct = variant.melds.set_distinct_suits
        targets: list[list[tuple[int, tuple[int, ...]]]] = []
        for is_run, size in needs:
            options: list[tuple[int, tuple[int, ...]]] = []
            if is_run:
                for window in _windows(variant, size):
                    have = size - _short(counts, window) if size > 13 else sum(1 for i in window if counts[i])
                    if have:
                        options.append((size - have, window))
            else:
                for rank, have in enumerate(set_naturals(counts, distinct)):
                    if have:
                        options.append((size - min(size, have), (rank,)))
            options.sort(key=lambda option: option[0])
            targets.append(options or [(size, ())])
        m = len(needs)
        bound = [0] * (m + 1)
        for level in range(m - 1, -1, -1):
            bound[level] = bound[level + 1] + targets[level][0][0]
        best_cost = 1 << 30
        best_used: list[int] = []
        best_melds: list[tuple[int, int]] = []
        used: list[int] = []
        melds: list[tuple[int, int]] = []

        def search(level: int, cost: int, first: int) -> bool:
            nonlocal best_cost, best_used, best_melds
            if level == m:
                if cost < best_cost:
                    best_cost, best_used, best_melds = cost, used[:], melds[:]
                return best_cost == bound[0]
            is_run, size = needs[level]
            same = level > 0 and needs[level - 1] == needs[level]
            for position, (alone, target) in enumerate(targets[level]):
                if same and position < first:
                    continue
                if cost + alone + bound[level + 1] >= best_cost:
                    break
                mark = len(used)
                if is_run:
                    for i in target:
                        if counts[i]:
                            counts[i] -= 1
                            used.append(i)
                elif target:
                    rank = target[0]
                    suits = sorted(range(4), key=lambda s: -counts[rank + 13 * s])
                    for suit in suits:
                        i = rank + 13 * suit
                        while counts[i] and len(used) - mark < size:
                            counts[i] -= 1
                            used.append(i)
                            if distinct:
                                break
                got = len(used) - mark
                melds.append((size - got, got))
                done = False
                if cost + size - got + bound[level + 1] < best_cost:
                    done = search(level + 1, cost + size - got, position)
                melds.pop()
                for i in used[mark:]:
                    counts[i] += 1
                del used[mark:]
                if done:
                    return True
            return False

        search(0, 0, 0)
        for i in best_used:
            counts[i] -= 1
        # the hand's wilds fill gaps, at most as many per meld as the cap and the natural minimum allow
        jokers = counts[_J]
        if twos_sets:
            for i in _TWOS:
                jokers += counts[i]
                counts[i] = 0
        least = rules.min_naturals
        room = 0
        for lack, got in best_melds:
            most = lack + got - least  # wilds that leave the meld its fewest naturals
            if variant.melds.joker_cap is JokerCap.NATURALS:
                room += max(0, min(lack, got, most))
            else:
                room += max(0, min(lack, most))
        missing = best_cost - min(jokers, room)
        spare = tuple(CARDS[i] for i in range(len(counts)) if i != _J for _ in range(counts[i]))
        return Plan(missing, best_cost, spare)


def _short(counts: list[int], window: tuple[int, ...]) -> int:
    """Cards a window lacks when it needs one card twice (a 14-card run holds both aces)."""
    need: dict[int, int] = {}
    for i in window:
        need[i] = need.get(i, 0) + 1
    return sum(max(0, n - counts[i]) for i, n in need.items())
