"""The fewest wilds a hand lacks for the melds a contract still requires: a counting bound.

Private. Each meld of a lay-down fills its places with naturals of the hand
and with wilds, so a lay-down exists only where the hand's wilds cover the
places its naturals leave open. This module finds, from the card counts alone,
a lower bound on that shortfall, for the sets and for the runs of the open
requirements, and :func:`wilds_suffice` compares it with the wilds held. The
lay-down listing asks it before searching: a hand that cannot go down is most
often refused here, in a few dictionary look-ups, instead of by a search that
tries every meld the wilds allow.

The bound relaxes the problem only (so it never refuses a hand that can go
down):

* a set of ``size`` from a rank's ``n`` naturals lacks ``size - n`` cards, and
  each set keeps the joker cap's fewest naturals;
* a run lies in one window of ``size`` places on its suit's line, and lacks its
  places where the suit holds no natural; two runs of one suit may share a
  place only where two copies are held; a third run or more lacks at least
  what the best single window lacks, and the suit's runs together lack at
  least the places its naturals cannot fill;
* a run's and a set's shortfalls add up (each wild fills one place), while
  requirements of one kind but different sizes are bounded apart and the
  largest taken (they draw on the same naturals).
"""

from __future__ import annotations

from itertools import compress

from remi._search.kernel import RUN, set_naturals, wild_count
from remi._search.scored import RunLine, run_line, suit_bits
from remi.melds import MeldKind, MeldRules, wild_cap

#: A shortfall no hand can make up: the requirement cannot be met at all.
NEVER = 1 << 20

#: A suit's key: the line's first and last place, the run size, the fewest naturals, the places held once
#: (and, for two runs, the places held twice).
_SuitKey = tuple[int, ...]
#: What one run of a suit lacks at best, and two runs, by their keys (memos; each emptied past
#: :data:`_SUITS_KNOWN` entries).
_SUIT_SHORTFALLS: dict[_SuitKey, int] = {}
_PAIR_SHORTFALLS: dict[_SuitKey, int] = {}
_SUITS_KNOWN = 1 << 16


def wilds_suffice(rules: MeldRules, groups: dict[tuple[MeldKind, int], int], counts: list[int]) -> bool:
    """Whether the hand's wilds may fill every place the open requirements' melds leave to them.

    A necessary condition for a lay-down meeting ``groups`` (how many melds of
    each kind and size, minimum or exact) from ``counts``, where every meld
    keeps a natural and run windows do not wrap around.

    >>> from remi.cards import parse_cards, CARD_SLOTS
    >>> from remi.melds import MeldRules
    >>> def counts(text):
    ...     found = [0] * CARD_SLOTS
    ...     for card in parse_cards(text):
    ...         found[card.index] += 1
    ...     return found
    >>> three_runs = {(MeldKind.RUN, 4): 3}
    >>> wilds_suffice(MeldRules(), three_runs, counts("4H 5H 6H 7H 4S 5S 6S JK 9D 10D JD JK"))
    True
    >>> wilds_suffice(MeldRules(), three_runs, counts("4H 5H 6H 7H 4S 5S 6S JK 9D 10D JK"))
    False
    """
    cap = wild_cap(rules)
    runs = sets = 0
    for (kind, size), needed in groups.items():
        least = max(cap.fewest_naturals(size), 1)
        if kind is RUN:
            if rules.run_wrap:
                continue  # (the windows know no wrap-around)
            runs = max(runs, runs_shortfall(rules, counts, size, least, needed))
        else:
            sets = max(sets, sets_shortfall(counts, size, least, needed))
    return runs + sets <= wild_count(rules, counts)


def sets_shortfall(counts: list[int], size: int, least: int, needed: int) -> int:
    """The fewest wilds ``needed`` sets of ``size`` lack, each keeping ``least`` naturals (:data:`NEVER`: none fit).

    A rank's ``k``-th set lacks what ``k`` sets lack less what ``k - 1`` do:
    never less than the one before, so the ``needed`` smallest such steps over
    all ranks make the best choice.

    >>> from remi.cards import CARD_SLOTS
    >>> counts = [0] * CARD_SLOTS
    >>> counts[8] = counts[21] = 1   # two nines
    >>> counts[4] = 3                # three fives
    >>> sets_shortfall(counts, 3, 2, 1), sets_shortfall(counts, 3, 2, 2), sets_shortfall(counts, 3, 2, 3)
    (0, 1, 1048576)
    """
    steps: list[int] = []
    for naturals in set_naturals(counts, distinct=False):
        lacked = 0
        for sets in range(1, min(needed, naturals // least) + 1):
            lacks = max(0, sets * size - naturals)
            steps.append(lacks - lacked)
            lacked = lacks
    if len(steps) < needed:
        return NEVER
    steps.sort()
    return sum(steps[:needed])


def runs_shortfall(rules: MeldRules, counts: list[int], size: int, least: int, needed: int) -> int:
    """The fewest wilds ``needed`` runs of ``size`` lack, each keeping ``least`` naturals (:data:`NEVER`: none fit).

    Per suit, the best one run and two runs lack (:func:`suit_shortfall`, :func:`suit_pair_shortfall`),
    and more runs at least as much more as one run does, and no fewer places
    than the suit's naturals leave open; the runs are then shared out between
    the suits at the least shortfall.
    """
    line = run_line(rules)
    if size >= len(line.windows):
        return NEVER
    best = [0] + [NEVER] * needed  # by runs placed so far, the least they lack
    for suit in range(4):
        start = suit * 13
        ones = suit_bits(line, counts, suit)
        one = suit_shortfall(line, size, least, ones)
        if one >= NEVER:
            continue
        two = NEVER
        if needed > 1:
            twos = sum(compress(line.bits, [copies > 1 for copies in counts[start : start + 13]]))
            two = suit_pair_shortfall(line, size, least, ones, twos)
        naturals = sum(compress(counts[start : start + 13], line.bits))
        # a third run or more: each lacks what the best window does, and the suit's naturals fill no more places
        costs = [0, one, two, *(min(NEVER, max(two + extra * one, (2 + extra) * size - naturals))
                                for extra in range(1, needed - 1))]
        best = [min(best[placed - here] + costs[here] for here in range(min(placed, len(costs) - 1) + 1))
                for placed in range(needed + 1)]
    return min(best[needed], NEVER)


def suit_shortfall(line: RunLine, size: int, least: int, ones: int) -> int:
    """What the best run of ``size`` in a suit lacks (:data:`NEVER` where none fits).

    ``ones`` are the places of the line where the suit holds a natural, as
    bits (:func:`~remi._search.scored.suit_bits`). A window counts only where
    it holds ``least`` naturals. Memoised.
    """
    key = (line.lo, line.hi, size, least, ones)
    found = _SUIT_SHORTFALLS.get(key)
    if found is None:
        held = [(ones & window).bit_count() for window in line.windows[size]]
        found = size - max([count for count in held if count >= least], default=size - NEVER)
        _remember(_SUIT_SHORTFALLS, key, found)
    return found


def suit_pair_shortfall(line: RunLine, size: int, least: int, ones: int, twos: int) -> int:
    """What the best two runs of ``size`` in a suit lack together (:data:`NEVER` where none fits).

    ``ones`` and ``twos`` are the places where the suit holds one natural or
    more, and two or more. Two windows lack the places of either that no
    natural fills, and the places of both that no second copy fills. Memoised.
    """
    key = (line.lo, line.hi, size, least, ones, twos)
    found = _PAIR_SHORTFALLS.get(key)
    if found is not None:
        return found
    windows = [window for window in line.windows[size] if (ones & window).bit_count() >= least]
    found = NEVER
    for first, window in enumerate(windows):
        for other in windows[first:]:
            both = window & other
            either = window | other
            lacks = (either.bit_count() - (ones & either).bit_count()
                     + both.bit_count() - (twos & both).bit_count())
            found = min(found, lacks)
    _remember(_PAIR_SHORTFALLS, key, found)
    return found


def _remember(memo: dict[_SuitKey, int], key: _SuitKey, found: int) -> None:
    """Keep ``found`` in ``memo`` (emptied first once it holds :data:`_SUITS_KNOWN` entries)."""
    if len(memo) >= _SUITS_KNOWN:
        memo.clear()
    memo[key] = found
