"""The search kernel's scored candidates, for the solver (private; the first half is :mod:`remi._search.kernel`).

The solver's candidates (:func:`scored_runs`, :func:`scored_sets`,
:func:`cover_sets`) are *scored* and one per distinct use of cards: the
wilds are a count (a budget spent on gaps, ends and the cap), a run is its
naturals plus wilds filling and extending it, and a set takes its naturals
from the suits with most copies (:func:`greedy_suits`). They read the
kernel's line of values (:func:`remi._search.kernel.run_bounds`) as bits
(:class:`RunLine`, :func:`run_line`), which also gives a quick reject from
counts alone (:func:`suit_bits`, :func:`window_naturals`); the solver
memoises them per variant, as the points are the variant's. Count vectors
are the kernel's, without the dead twos' places (the solver drops them).
"""

from __future__ import annotations

from itertools import accumulate, combinations, compress, product

from remi._search.kernel import J
from remi.melds import JokerCap, MeldRules, Twos, run_value_bounds

#: A scored candidate's score is ``points * SCORE_WEIGHT + cards``: points first, then more cards melded.
SCORE_WEIGHT = 1024

# A scored candidate: (score, canonical key, card indices used; J once per wild). A run's key is
# (suit, lowest natural's position, -first position, last position, *positions of its naturals);
# a set's (rank, naturals, jokers), and in the all-in cover (rank, naturals, jokers, *copies per suit).
Scored = tuple[int, tuple[int, ...], tuple[int, ...]]


class RunLine:
    """Where a suit's runs lie, as bits and tables over the *line* of positions (see the module).

    Without wrap-around the line is :func:`run_bounds`; with it, several
    turns of the 13 values, a run's lowest natural in the middle turn
    (``a_lo`` … ``a_hi``) so that each run is found once. ``values`` lists
    the positions, ``offsets`` their card offsets (rank - 1), ``cards[suit][v]``
    the card at position ``v``, ``bits[offset]`` the positions of a card offset
    as bits (bit ``v - lo``; none for a 2 where 2s are wild in runs: a wild
    fills its place), ``windows[n]`` every window of ``n`` positions as bits,
    ``jokers_of[n]`` ``n`` jokers' indices, and ``most[n]`` what
    :func:`window_naturals` found for a suit's bits (a memo).
    """

    __slots__ = ("a_hi", "a_lo", "bits", "cards", "hi", "jokers_of", "lo", "most", "offsets", "values", "windows")

    def __init__(
        self,
        lo: int,
        hi: int,
        a_lo: int,
        a_hi: int,
        values: tuple[int, ...],
        offsets: tuple[int, ...],
        cards: tuple[tuple[int, ...], ...],
        bits: tuple[int, ...],
        windows: tuple[tuple[int, ...], ...],
        jokers_of: tuple[tuple[int, ...], ...],
    ) -> None:
        self.lo = lo
        self.hi = hi
        self.a_lo = a_lo
        self.a_hi = a_hi
        self.values = values
        self.offsets = offsets
        self.cards = cards
        self.bits = bits
        self.windows = windows
        self.jokers_of = jokers_of
        self.most: tuple[dict[int, int], ...] = tuple({} for _ in windows)


RUN_LINES: dict[int, tuple[MeldRules, RunLine]] = {}


def run_line(rules: MeldRules) -> RunLine:
    """The line of ``rules`` (memoised per rules)."""
    hit = RUN_LINES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    lo, hi, wrap = run_value_bounds(rules)  # (where 2s are wild no position stands for a 2: the line starts at 3)
    a_lo, a_hi = lo, hi
    if wrap:
        turn = 13 * -(-rules.run_max // 13)
        lo, hi, a_lo, a_hi = 1, 2 * turn + 13, turn + 1, turn + 13
    wild_twos = rules.twos is not Twos.NATURAL
    line = RunLine(
        lo=lo,
        hi=hi,
        a_lo=a_lo,
        a_hi=a_hi,
        values=tuple(range(lo, hi + 1)),
        offsets=tuple((v - 1) % 13 for v in range(lo, hi + 1)),
        cards=tuple(tuple(suit * 13 + (v - 1) % 13 for v in range(hi + 1)) for suit in range(4)),
        bits=tuple(0 if wild_twos and c == 1 else sum(1 << (v - lo) for v in range(lo, hi + 1) if (v - 1) % 13 == c)
                   for c in range(13)),
        windows=tuple(tuple(((1 << n) - 1) << (v - lo) for v in range(lo, hi - n + 2))
                      for n in range(rules.run_max + 1)),
        jokers_of=tuple((J,) * n for n in range(rules.run_max + 1)),
    )
    if len(RUN_LINES) > 64:
        RUN_LINES.clear()
    RUN_LINES[id(rules)] = (rules, line)
    return line


def suit_bits(line: RunLine, counts: list[int], suit: int) -> int:
    """The positions of the line where ``suit`` holds a natural, as bits."""
    return sum(compress(line.bits, counts[suit * 13 : suit * 13 + 13]))


def window_naturals(line: RunLine, bits: int, length: int) -> int:
    """The most naturals (as :func:`suit_bits` gives them) a window of ``length`` places holds.

    A run of ``length`` cards or more lies on the line, so it holds one of
    its naturals in some such window and lacks no more than its wilds in
    every one: a quick reject before looking for runs.
    """
    if length >= len(line.windows):
        return 0
    known = line.most[length]
    found = known.get(bits)
    if found is None:
        found = max(map(int.bit_count, map(bits.__and__, line.windows[length])), default=0)
        if len(known) < _MOST_KNOWN:
            known[bits] = found
    return found


#: :func:`window_naturals` remembers at most this many suits per window length (a line of 14
#: places has 16,384; a line that wraps around has more).
_MOST_KNOWN = 1 << 14


class Scoring:
    """What scored candidates need besides the counts (see :func:`scored_runs`, :func:`scored_sets`).

    ``points`` by card index, ``wild`` what a wild scores, ``cap`` whether
    wilds may not outnumber naturals (:attr:`JokerCap.NATURALS`), ``least``
    the fewest naturals of a meld, ``distinct`` whether a set's suits differ.
    """

    __slots__ = ("cap", "distinct", "least", "line", "points", "wild")

    def __init__(
        self, line: RunLine, points: tuple[int, ...], wild: int, cap: bool, least: int, distinct: bool
    ) -> None:
        self.line = line
        self.points = points
        self.wild = wild
        self.cap = cap
        self.least = least
        self.distinct = distinct


def scoring(rules: MeldRules, points: tuple[int, ...], wild: int) -> Scoring:
    """The :class:`Scoring` of ``rules`` with these card points."""
    return Scoring(run_line(rules), points, wild, rules.joker_cap is JokerCap.NATURALS,
                   max(1, rules.min_naturals), rules.set_distinct_suits)


def scored_runs(
    s: Scoring, suit: int, row: tuple[int, ...], jokers: int, lmin: int, lmax: int, must: int
) -> tuple[Scored, ...]:
    """The runs of ``lmin`` to ``lmax`` cards in ``suit`` (``row``: its 13 counts, ace first), scored.

    With ``must >= 0`` only runs holding that natural. A run is its naturals
    ``U`` (lowest ``a``, highest ``b``; naturals in between may be left out
    and replaced by jokers) plus jokers filling the gaps and extending the
    ends. Runs using the same cards are interchangeable, so for each ``U`` and
    number of jokers only the run with the smallest key is kept (jokers extend
    the high end first). Each wild scores ``s.wild``.
    """
    out: list[Scored] = []
    line = s.line
    pts = s.points
    pj = s.wild
    capnat = s.cap
    lo, hi, a_lo, a_hi, jokers_of = line.lo, line.hi, line.a_lo, line.a_hi, line.jokers_of
    least = s.least  # the fewest naturals a run keeps
    ends = least if least > 2 else 2  # the fewest naturals left when inner ones give way to jokers
    # the fewest naturals a run of lmin cards needs (an ace may count twice on the line)
    fewest = max(least, (lmin + 1) // 2 if capnat else lmin - jokers)
    base = suit * 13
    pv = list(compress(line.values, map(row.__getitem__, line.offsets)))
    n = len(pv)
    if n < fewest:
        return ()
    pc = list(map(line.cards[suit].__getitem__, pv))
    prefix = [0, *accumulate(map(pts.__getitem__, pc))]
    must_lo = must_hi = 0
    if must >= 0:
        spots = [v for v, c in zip(pv, pc, strict=True) if c == must]
        must_lo, must_hi = spots[0], spots[-1]
    # a run from the naturals ai..bi holds no more than them: at least ``shortest``
    shortest = max(fewest, lmin - jokers) - 1
    for ai in range(n - shortest):
        a = pv[ai]
        if a < a_lo:
            continue
        if a > a_hi or (must >= 0 and a > must_hi):
            break
        for bi in range(ai + shortest, n):
            b = pv[bi]
            span = b - a + 1
            if span > lmax:
                break
            present = bi - ai + 1
            gaps = span - present
            if gaps > jokers:
                break
            if must >= 0 and b < must_lo:
                continue
            room = a - lo + hi - b
            drops = jokers - gaps if jokers - gaps < present - ends else present - ends
            for dropped in range(drops + 1 if drops > 0 else 1):
                nats = present - dropped
                inside = span - nats
                if capnat and inside > nats:
                    break
                top = min(jokers - inside, lmax - span, room)
                if capnat:
                    top = min(top, nats - inside)
                bottom = lmin - span if lmin > span else 0
                if top < bottom:
                    continue
                for drop in combinations(range(ai + 1, bi), dropped) if dropped else ((),):
                    if dropped == 1:  # (the usual drop: one natural, by slices)
                        d = drop[0]
                        cards = (*pc[ai:d], *pc[d + 1 : bi + 1])
                        positions = (*pv[ai:d], *pv[d + 1 : bi + 1])
                        natpts = prefix[bi + 1] - prefix[ai] - pts[pc[d]]
                    elif dropped:
                        keep = [i for i in range(ai, bi + 1) if i not in drop]
                        cards = tuple([pc[i] for i in keep])
                        positions = tuple([pv[i] for i in keep])
                        natpts = prefix[bi + 1] - prefix[ai] - sum([pts[pc[i]] for i in drop])
                    else:
                        cards = tuple(pc[ai : bi + 1])
                        positions = tuple(pv[ai : bi + 1])
                        natpts = prefix[bi + 1] - prefix[ai]
                    if must >= 0 and must not in cards:
                        continue
                    if span > 13 and any(row[c - base] < cards.count(c) for c in cards):
                        continue
                    for ext in range(top, bottom - 1, -1):
                        # jokers at the high end first: the fewest at the low end that fit
                        x = ext - hi + b if ext > hi - b else 0
                        jj = inside + ext
                        key = (suit, a, x - a, b + ext - x, *positions)
                        out.append(((natpts + jj * pj) * SCORE_WEIGHT + span + ext, key, cards + jokers_of[jj]))
    return tuple(out)


def greedy_suits(counts: list[int], rank: int, distinct: bool) -> list[int]:
    """The naturals of ``rank`` in the order a set takes them: from the suits with most copies first.

    Where suits must differ, one per suit; taking from the suits with most
    copies left keeps the most distinct suits for a later set of the rank.
    """
    most = max(counts[rank], counts[rank + 13], counts[rank + 26], counts[rank + 39])
    if distinct:
        return [c for level in range(most, 0, -1) for c in range(rank, J, 13) if counts[c] == level]
    return [c for level in range(most, 0, -1) for c in range(rank, J, 13) if counts[c] >= level]


def scored_sets(s: Scoring, counts: list[int], rank: int, lmin: int, lmax: int) -> tuple[Scored, ...]:
    """The sets of ``rank`` of ``lmin`` to ``lmax`` cards, best first: naturals by :func:`greedy_suits`, then jokers."""
    jokers = counts[J]
    n = counts[rank] + counts[rank + 13] + counts[rank + 26] + counts[rank + 39]
    if n + (min(jokers, n) if s.cap else jokers) < lmin:
        return ()
    picks = greedy_suits(counts, rank, s.distinct)
    p = s.points[rank]
    pj = s.wild
    out: list[Scored] = []
    for k in range(min(len(picks), lmax), s.least - 1, -1):
        jhi = min(jokers, lmax - k, k) if s.cap else min(jokers, lmax - k)
        for j in range(jhi, max(0, lmin - k) - 1, -1):
            out.append(((k * p + j * pj) * SCORE_WEIGHT + k + j, (rank, k, j), (*picks[:k], *(J,) * j)))
    return tuple(out)


def cover_sets(s: Scoring, counts: list[int], lmin: int, lmax: int, must: int) -> list[Scored]:
    """Every set of ``lmin`` to ``lmax`` cards holding the natural ``must``, any choice of suits (the all-in cover)."""
    rank, must_suit = must % 13, must // 13
    have = [counts[suit * 13 + rank] for suit in range(4)]
    if s.distinct:
        have = [min(h, 1) for h in have]
    jokers = counts[J]
    pj = s.wild
    p = s.points[rank]
    out: list[Scored] = []
    for take in product(*(range(h, -1, -1) for h in have)):
        k = sum(take)
        if not take[must_suit] or k > lmax or k < s.least:
            continue
        naturals = tuple(suit * 13 + rank for suit in range(4) for _ in range(take[suit]))
        jhi = min(jokers, lmax - k, k) if s.cap else min(jokers, lmax - k)
        for j in range(jhi, max(0, lmin - k) - 1, -1):
            out.append(((k * p + j * pj) * SCORE_WEIGHT + k + j, (rank, k, j, *take), naturals + (J,) * j))
    return out
