"""The contract solver's candidate melds: the runs and sets a hand's counts allow (private).

Per-variant tables (:class:`_Tables`, memoised by :func:`_tables`), a
contract as the search sees it (:func:`_requirements`), and the candidate
generators and bounds that :mod:`remi._solver_search` combines: runs per
suit (memoised), sets with their naturals taken greedily, and the best
score a set can still reach with so many jokers. See :mod:`remi.solver`.
"""

from __future__ import annotations

from itertools import combinations, product
from operator import itemgetter

import attrs

from remi.cards import CARDS, JOKER
from remi.contracts import Contract
from remi.errors import VariantError
from remi.melds import JokerCap, MeldKind
from remi.variant import Variant

_J = JOKER.index
#: A candidate's score is ``points * _W + cards``: points first, then more cards melded.
_W = 1024
_NO_LIMIT = 1 << 30

# A candidate meld: (score, canonical key, card indices used; 52 once per joker).
# A run's key is (suit, lowest natural's position, -first position, last position,
# *positions of its naturals): of runs using the same cards the smallest key puts
# extending jokers at the high end. A set's key is (rank offset, naturals, jokers).
_Cand = tuple[int, tuple[int, ...], tuple[int, ...]]
# A requirement as the search sees it: (is a run, fewest cards, most cards).
_Req = tuple[bool, int, int]
# A contract as the search sees it (see _requirements).
_Plan = tuple[list[_Req], list[int], list[_Req], list[bool], int]

_score = itemgetter(0)
_NONE = -(1 << 60)


def _prefix_max(exact: list[int]) -> list[int]:
    for b in range(1, len(exact)):
        exact[b] = max(exact[b], exact[b - 1])
    return exact


# -- per-variant tables --------------------------------------------------------


@attrs.frozen
class _Tables:
    """What the search needs from a variant, precomputed once per variant.

    A suit's run values lie on a *line* of positions, each mapped to a card
    offset (rank - 1): without wrap-around it is 1..14 (ace low = 1, ace high
    = 14) trimmed by the ace rules; with wrap-around it is several turns of
    the 13 ranks, and a run's lowest natural must sit in the middle turn so that
    each run is generated once. ``jokers_of[n]`` is ``n`` jokers' indices;
    ``runs`` memoises :func:`_suit_runs` and ``plans`` :func:`_requirements`.
    """

    points: tuple[int, ...]
    cap_naturals: bool
    set_min: int
    set_max: int
    distinct: bool
    run_min: int
    run_max: int
    line: tuple[tuple[int, int], ...]
    lo: int
    hi: int
    a_lo: int
    a_hi: int
    jokers_of: tuple[tuple[int, ...], ...]
    runs: dict[tuple[object, ...], tuple[_Cand, ...]] = attrs.field(factory=dict, eq=False, repr=False)
    plans: dict[int, tuple[Contract, _Plan | None]] = attrs.field(factory=dict, eq=False, repr=False)
    sets: dict[tuple[int, int, int], dict[int, list[int]]] = attrs.field(factory=dict, eq=False, repr=False)


_CACHE_LIMIT = 100_000
_TABLES: dict[int, tuple[Variant, _Tables]] = {}


def _tables(variant: Variant) -> _Tables:
    hit = _TABLES.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    rules = variant.melds
    points = tuple(variant.card_points(card) for card in CARDS)
    if min(points) < 0:
        raise VariantError(f"{variant.name}: the solver needs card points of zero or more")
    if rules.run_wrap:
        turn = 13 * -(-rules.run_max // 13)
        lo, hi, a_lo, a_hi = 1, 2 * turn + 13, turn + 1, turn + 13
    else:
        lo, hi = (1 if rules.ace_low else 2), (14 if rules.ace_high else 13)
        a_lo, a_hi = lo, hi
    tables = _Tables(
        points=points,
        cap_naturals=rules.joker_cap is JokerCap.NATURALS,
        set_min=rules.set_min,
        set_max=_NO_LIMIT if rules.set_max is None else rules.set_max,
        distinct=rules.set_distinct_suits,
        run_min=rules.run_min,
        run_max=rules.run_max,
        line=tuple((v, (v - 1) % 13) for v in range(lo, hi + 1)),
        lo=lo,
        hi=hi,
        a_lo=a_lo,
        a_hi=a_hi,
        jokers_of=tuple((_J,) * n for n in range(rules.run_max + 1)),
    )
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[id(variant)] = (variant, tables)
    return tables


def _requirements(t: _Tables, contract: Contract, exact: bool) -> _Plan | None:
    """The contract as the search sees it, or ``None`` if a size is impossible (memoised).

    Returns the requirements in contract order, the order they are searched
    in (runs first, then sets; identical requirements side by side), that
    searched sequence, whether each requirement equals the one before it in
    that sequence, and the fewest cards the contract takes.
    """
    hit = t.plans.get(id(contract))
    if hit is not None and hit[0] is contract:
        return hit[1]
    reqs: list[_Req] = []
    plan: _Plan | None = None
    for req in contract.requirements:
        is_run = req.kind is MeldKind.RUN
        low, high = (t.run_min, t.run_max) if is_run else (t.set_min, t.set_max)
        if exact:
            if not low <= req.size <= high:
                break
            reqs.append((is_run, req.size, req.size))
        else:
            reqs.append((is_run, max(req.size, low), high))
    else:
        m = len(reqs)
        order = sorted(range(m), key=lambda i: (not reqs[i][0], -reqs[i][1], reqs[i][2], i))
        rs = [reqs[i] for i in order]
        same = [d > 0 and rs[d] == rs[d - 1] for d in range(m)] + [False]
        plan = (reqs, order, rs, same, sum(r[1] for r in reqs))
    if len(t.plans) >= 256:
        t.plans.clear()
    t.plans[id(contract)] = (contract, plan)
    return plan


# -- candidate melds -----------------------------------------------------------


def _run_cands(t: _Tables, counts: list[int], lmin: int, lmax: int, must: int, out: list[_Cand]) -> None:
    """Append the runs of ``lmin``..``lmax`` cards the counts allow, one per distinct use of cards.

    With ``must >= 0`` only runs holding that natural are made (the all-in
    cover). Each suit's runs depend only on that suit's counts, the jokers and
    the sizes, so they are memoised per variant (a bounded cache).
    """
    jokers = counts[_J]
    cache = t.runs
    for suit in range(4):
        if must >= 0 and must // 13 != suit:
            continue
        base = suit * 13
        row = tuple(counts[base : base + 13])
        key = (suit, row, jokers, lmin, lmax, must)
        found = cache.get(key)
        if found is None:
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            found = cache[key] = _suit_runs(t, suit, row, jokers, lmin, lmax, must)
        out += found


def _suit_runs(
    t: _Tables, suit: int, row: tuple[int, ...], jokers: int, lmin: int, lmax: int, must: int
) -> tuple[_Cand, ...]:
    """The runs of one suit (``row`` holds its 13 counts, ace first), as :func:`_run_cands` says.

    A run is its naturals ``U`` (lowest ``a``, highest ``b``; naturals in between
    may be left out and replaced by jokers) plus jokers filling the gaps and
    extending the ends. Runs using the same cards are interchangeable, so for
    each ``U`` and number of jokers only the run with the smallest key is kept
    (jokers extend the high end first).
    """
    out: list[_Cand] = []
    pts = t.points
    pj = pts[_J]
    capnat = t.cap_naturals
    lo, hi, a_lo, a_hi, jokers_of = t.lo, t.hi, t.a_lo, t.a_hi, t.jokers_of
    # the fewest naturals a run of lmin cards needs (an ace may count twice on the line)
    fewest = max(1, (lmin + 1) // 2 if capnat else lmin - jokers)
    base = suit * 13
    pv = [v for v, c in t.line if row[c]]
    n = len(pv)
    if n < fewest:
        return ()
    pc = [base + (v - 1) % 13 for v in pv]
    prefix = [0]
    for c in pc:
        prefix.append(prefix[-1] + pts[c])
    must_lo = must_hi = 0
    if must >= 0:
        spots = [v for v, c in zip(pv, pc, strict=True) if c == must]
        must_lo, must_hi = spots[0], spots[-1]
    for ai in range(n):
        a = pv[ai]
        if a < a_lo:
            continue
        if a > a_hi or (must >= 0 and a > must_hi):
            break
        for bi in range(ai, n):
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
            if span + jokers - gaps < lmin:
                continue  # even every joker cannot make it long enough
            drops = jokers - gaps if jokers - gaps < present - 2 else present - 2
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
                    if dropped:
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
                        out.append(((natpts + jj * pj) * _W + span + ext, key, cards + jokers_of[jj]))
    return tuple(out)


def _greedy_suits(t: _Tables, counts: list[int], rank: int) -> list[int]:
    """The naturals of ``rank`` in the order a set takes them.

    Sets are chosen after every run, so only other sets of the same rank care
    which suits a set takes. Taking from the suits with most copies left first
    keeps the most distinct suits for a later set (needed where suits must
    differ; elsewhere it just spreads the suits).
    """
    most = max(counts[rank], counts[rank + 13], counts[rank + 26], counts[rank + 39])
    if t.distinct:
        return [c for level in range(most, 0, -1) for c in range(rank, _J, 13) if counts[c] == level]
    return [c for level in range(most, 0, -1) for c in range(rank, _J, 13) if counts[c] >= level]


def _set_cands(
    t: _Tables, counts: list[int], lmin: int, lmax: int, low: tuple[int, ...] | None, out: list[_Cand]
) -> None:
    """Append the candidate sets (rank, naturals taken greedily, jokers), key ``>= low``."""
    jokers = counts[_J]
    pj = t.points[_J]
    for rank in range(0 if low is None else low[0], 13):
        n = sum(counts[rank:_J:13])
        if not n or n + (min(jokers, n) if t.cap_naturals else jokers) < lmin:
            continue
        picks = _greedy_suits(t, counts, rank)
        p = t.points[rank]
        for k in range(min(len(picks), lmax), 0, -1):
            jhi = min(jokers, lmax - k, k) if t.cap_naturals else min(jokers, lmax - k)
            for j in range(jhi, max(0, lmin - k) - 1, -1):
                key = (rank, k, j)
                if low is not None and key < low:
                    continue
                out.append(((k * p + j * pj) * _W + k + j, key, (*picks[:k], *(_J,) * j)))


def _set_bounds(t: _Tables, counts: list[int], lmin: int, lmax: int) -> tuple[list[int], list[tuple[int, int]]]:
    """Bounds for a set chosen later: the best score with at most 0, 1, … jokers, and per rank.

    Returns the joker curve (as :func:`_curve`) and (best score, rank) for every
    rank that can make a set, best first.
    """
    jokers = counts[_J]
    pj = t.points[_J]
    capnat, distinct = t.cap_naturals, t.distinct
    exact = [_NONE] * (jokers + 1)
    ranks = []
    for rank in range(13):
        column = counts[rank:_J:13]
        n = 4 - column.count(0) if distinct else sum(column)
        if not n:
            continue
        if n + (jokers if not capnat or jokers < n else n) < lmin:
            continue
        p = t.points[rank]
        top = _NONE
        for j in range(jokers + 1 if jokers < lmax else lmax):
            # with j jokers the most naturals that fit score best (no card scores below zero)
            k = n if n < lmax - j else lmax - j
            if k < 1 or k + j < lmin or (capnat and j > k):
                continue
            score = (k * p + j * pj) * _W + k + j
            if score > exact[j]:  # noqa: PLR1730 (a hot loop: no call)
                exact[j] = score
            if score > top:  # noqa: PLR1730
                top = score
        if top > _NONE:
            ranks.append((top, rank))
    ranks.sort(key=lambda x: (-x[0], x[1]))
    return _prefix_max(exact), ranks


def _set_curve(t: _Tables, counts: list[int], lmin: int, lmax: int) -> list[int]:
    """The joker curve of :func:`_set_bounds` alone, from per-rank curves memoised by naturals held."""
    jokers = counts[_J]
    memo = _rank_curves(t, jokers, lmin, lmax)
    points = t.points
    found = []
    for rank in range(13):
        if t.distinct:
            n = (counts[rank] > 0) + (counts[rank + 13] > 0) + (counts[rank + 26] > 0) + (counts[rank + 39] > 0)
        else:
            n = counts[rank] + counts[rank + 13] + counts[rank + 26] + counts[rank + 39]
        if n:
            curve = memo.get(points[rank] * 1024 + n)
            if curve is None:
                curve = memo[points[rank] * 1024 + n] = _rank_curve(t, rank, n, jokers, lmin, lmax)
            found.append(curve)
    if not found:
        return [_NONE] * (jokers + 1)
    if len(found) == 1:
        return found[0]
    return list(map(max, *found))


def _set_value(t: _Tables, counts: list[int], lmin: int, lmax: int) -> int:
    """The best score of one set from ``counts`` (:func:`_best_set`'s, without building it)."""
    jokers = counts[_J]
    memo = _rank_curves(t, jokers, lmin, lmax)
    points = t.points
    best = _NONE
    for rank in range(13):
        if t.distinct:
            n = (counts[rank] > 0) + (counts[rank + 13] > 0) + (counts[rank + 26] > 0) + (counts[rank + 39] > 0)
        else:
            n = counts[rank] + counts[rank + 13] + counts[rank + 26] + counts[rank + 39]
        if n:
            curve = memo.get(points[rank] * 1024 + n)
            if curve is None:
                curve = memo[points[rank] * 1024 + n] = _rank_curve(t, rank, n, jokers, lmin, lmax)
            if curve[-1] > best:  # noqa: PLR1730 (a hot loop: no call)
                best = curve[-1]
    return best


def _rank_curves(t: _Tables, jokers: int, lmin: int, lmax: int) -> dict[int, list[int]]:
    """The memo of one rank's set curves for these jokers and sizes, keyed by ``points * 1024 + naturals``."""
    memo = t.sets.get((jokers, lmin, lmax))
    if memo is None:
        if len(t.sets) >= 256:
            t.sets.clear()
        memo = t.sets[(jokers, lmin, lmax)] = {}
    return memo


def _rank_curve(t: _Tables, rank: int, n: int, jokers: int, lmin: int, lmax: int) -> list[int]:
    """The joker curve of the sets of ``rank`` from ``n`` of its naturals (a rank's curve depends on its points)."""
    only = [0] * 53  # the rank's n naturals (in n suits where suits must differ) and the jokers
    if t.distinct:
        for suit in range(n):
            only[rank + 13 * suit] = 1
    else:
        only[rank] = n
    only[_J] = jokers
    return _set_bounds(t, only, lmin, lmax)[0]


def _best_set(
    t: _Tables, counts: list[int], lmin: int, lmax: int, low: tuple[int, ...] | None,
    ranks: list[tuple[int, int]], need: int,
) -> _Cand | None:
    """The best single set scoring more than ``need``, or ``None``.

    ``ranks`` lists (best score in the whole hand, rank) best first: a rank
    can only do worse later, so the scan stops at the first that cannot beat
    ``need``. For a given number of naturals, more jokers always score more.
    """
    jokers = counts[_J]
    pj = t.points[_J]
    capnat = t.cap_naturals
    best: _Cand | None = None
    for potential, rank in ranks:
        if potential <= need:
            break
        if low is not None and rank < low[0]:
            continue
        column = counts[rank:_J:13]
        n = 4 - column.count(0) if t.distinct else sum(column)
        if not n:
            continue
        p = t.points[rank]
        for k in range(n if n < lmax else lmax, 0, -1):
            j = jokers if jokers < lmax - k else lmax - k
            if capnat and k < j:
                j = k
            if k + j < lmin:
                continue
            if low is not None and (rank, k, j) < low:
                continue
            score = (k * p + j * pj) * _W + k + j
            if score > need:
                need = score
                picks = _greedy_suits(t, counts, rank)
                best = (score, (rank, k, j), (*picks[:k], *(_J,) * j))
    return best


def _cover_set_cands(t: _Tables, counts: list[int], lmin: int, lmax: int, must: int, out: list[_Cand]) -> None:
    """Append every set holding the natural ``must`` (any choice of suits), for the all-in cover."""
    rank, must_suit = must % 13, must // 13
    have = [counts[s * 13 + rank] for s in range(4)]
    if t.distinct:
        have = [min(h, 1) for h in have]
    jokers = counts[_J]
    pj = t.points[_J]
    p = t.points[rank]
    for take in product(*(range(h, -1, -1) for h in have)):
        k = sum(take)
        if not take[must_suit] or k > lmax:
            continue
        naturals = tuple(s * 13 + rank for s in range(4) for _ in range(take[s]))
        jhi = min(jokers, lmax - k, k) if t.cap_naturals else min(jokers, lmax - k)
        for j in range(jhi, max(0, lmin - k) - 1, -1):
            out.append(((k * p + j * pj) * _W + k + j, (rank, k, j, *take), naturals + (_J,) * j))
