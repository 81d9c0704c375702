"""The contract solver: the best way to lay a contract down from a hand.

:func:`solve` finds melds fulfilling a contract that leave the fewest points
in hand; :func:`layoff_options` lists where each card of a hand can be laid
off; :func:`contract_hint` names the cards that would make a contract layable.

The search never enumerates subsets of the hand. It works on the hand's count
vector (53 counts: the 52 naturals and the joker) and uses the structure of
melds: a set is one rank, a run is an interval of values in one suit, and the
jokers are a budget spent on gaps, ends and the joker cap. Runs are chosen
first (a branch and bound on the points they use), sets last: the cards of one
rank are interchangeable for points, so a set takes its naturals greedily from
the suits holding most copies. An all-in contract (N18) is an exact
cover instead: the lowest card left in hand must go into one of the melds
still to be laid, which cuts the search down to a handful of branches. A suit's
runs depend only on that suit's counts and the jokers, so they are memoised
per variant (bounded; :func:`clear_caches` empties it).

Readings the solver adopts: a contract's melds are exactly one per
requirement; two sets of one rank may both be laid when the hand holds enough
copies (two packs); among equally good arrangements the one leaving fewer
cards wins, then the first in a fixed search order that depends only on the
multiset of cards.

>>> import remi
>>> from remi.solver import solve
>>> norwegian = remi.variants.get("norwegian")
>>> hand = remi.parse_cards("5C 5D 5H KS KS JK 2D 9C 9D 3S 4H")
>>> best = solve(norwegian, hand, norwegian.contracts[0])
>>> [str(meld) for meld in best.melds]
['set 5H 5D 5C', 'set KS KS JK']
>>> remi.format_cards(best.left), best.points_left
('3S 4H 2D 9D 9C', 27)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from itertools import combinations, product
from operator import itemgetter

import attrs

from remi.cards import CARDS, JOKER, Card
from remi.contracts import Contract
from remi.errors import Reason, RemiError, VariantError
from remi.melds import End, JokerCap, Meld, MeldKind, lay_off
from remi.variant import Variant

__all__ = ["LayoffOption", "Solution", "clear_caches", "contract_hint", "layoff_options", "solve"]

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


@attrs.frozen
class Solution:
    """The best way found to lay a contract down.

    Attributes:
        melds: One meld per requirement, in the contract's order (``melds[i]``
            fulfils ``contract.requirements[i]``); runs are listed low to high
            with each joker in the place of the card it stands for.
        left: The cards left in hand, sorted.
        points_left: What :attr:`left` costs (:meth:`remi.Variant.hand_points`).

    >>> import remi
    >>> v = remi.variants.get("norwegian")
    >>> s = solve(v, remi.parse_cards("7S 8S 9S JK QH QD QC 2C"), v.contracts[1])
    >>> [str(m) for m in s.melds], s.points_left
    (['set QH QD QC', 'run 7S 8S 9S JK'], 2)

    .. versionadded:: 0.1.0
    """

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    points_left: int


@attrs.frozen
class LayoffOption:
    """One way to lay a card off: onto which table meld, at which end, and the result.

    Attributes:
        card: The card laid off.
        meld: The index of the meld in the ``table_melds`` given to :func:`layoff_options`.
        end: :attr:`remi.End.LOW` or :attr:`remi.End.HIGH` for a run; ``None`` for a set.
        cards: The meld's cards after the lay-off.

    >>> import remi
    >>> LayoffOption(remi.parse_card("9C"), 0, remi.End.HIGH, remi.parse_cards("6C 7C 8C 9C")).end
    End.HIGH

    .. versionadded:: 0.1.0
    """

    card: Card
    meld: int
    end: End | None
    cards: tuple[Card, ...]


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
    rules = variant.meld_rules
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


# -- the two searches ----------------------------------------------------------


def _dedup(cands: list[_Cand]) -> list[_Cand]:
    """One candidate per tuple of cards (the smallest key), best score first.

    Melds using the same cards leave the same hand, so only one is searched
    (the rare same cards listed in another order, an ace low or high, are
    merely searched twice). Every level draws from the same representatives,
    so the symmetry rule stays sound: of two identical requirements met by
    classes A and B, the representative with the smaller key goes first.
    """
    by_cards: dict[tuple[int, ...], _Cand] = {}
    for cand in cands:
        cards = cand[2]
        kept = by_cards.get(cards)
        if kept is None or cand[1] < kept[1]:
            by_cards[cards] = cand
    unique = list(by_cards.values())
    unique.sort(key=_score, reverse=True)
    return unique


def _take(counts: list[int], cards: tuple[int, ...]) -> bool:
    """Remove ``cards`` from ``counts`` if they are all there; say whether they were."""
    for i, c in enumerate(cards):
        if not counts[c]:
            for back in cards[:i]:
                counts[back] += 1
            return False
        counts[c] -= 1
    return True


def _put(counts: list[int], cards: tuple[int, ...]) -> None:
    for c in cards:
        counts[c] += 1


def _all_runs(t: _Tables, counts: list[int], req: _Req) -> list[_Cand]:
    cands: list[_Cand] = []
    _run_cands(t, counts, req[1], req[2], -1, cands)
    return _dedup(cands)


_NONE = -(1 << 60)
#: Runs a requirement may have before the search groups them by jokers (big hands, after many buys).
_MANY = 200


def _prefix_max(exact: list[int]) -> list[int]:
    for b in range(1, len(exact)):
        exact[b] = max(exact[b], exact[b - 1])
    return exact


def _curve(cands: list[_Cand], jokers: int) -> list[int]:
    """For 0..``jokers`` jokers, the best score of a candidate using at most that many."""
    exact = [_NONE] * (jokers + 1)
    for cand in cands:
        used = cand[2].count(_J)
        if used <= jokers and cand[0] > exact[used]:
            exact[used] = cand[0]
    return _prefix_max(exact)


def _share(first: list[int], rest: list[int]) -> list[int]:
    """For each joker budget ``b``, the best of ``first[j] + rest[b - j]``: two bounds sharing the jokers."""
    out = []
    for b in range(len(first)):
        top = first[0] + rest[b]
        for j in range(1, b + 1):
            value = first[j] + rest[b - j]
            if value > top:  # noqa: PLR1730 (a hot loop: no call)
                top = value
        out.append(top)
    return out


def _search_best(t: _Tables, counts: list[int], plan: _Plan, first: bool = False) -> list[_Cand] | None:
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
    """
    _, order, rs, same, fewest = plan
    m = len(rs)
    if sum(counts) < fewest:
        return None
    jokers = counts[_J]
    root: dict[_Req, list[_Cand]] = {}
    curves: dict[_Req, list[int]] = {}
    ranks: dict[_Req, list[tuple[int, int]]] = {}
    for req in reversed(rs):  # sets first: their bounds are cheap and often show a hand hopeless
        if req in curves:
            continue
        cands: list[_Cand] = []
        if req[0]:
            cands = _all_runs(t, counts, req)
            curves[req] = _curve(cands, jokers)
        elif req == rs[0]:  # sets only: the first level needs the candidates themselves
            _set_cands(t, counts, req[1], req[2], None, cands)
            cands.sort(key=_score, reverse=True)
            curves[req] = _curve(cands, jokers)
            firsts: dict[int, int] = {}
            for cand in cands:
                firsts.setdefault(cand[1][0], cand[0])
            ranks[req] = [(score, rank) for rank, score in firsts.items()]
        else:  # sets after runs: only bounds are needed now
            curves[req], ranks[req] = _set_bounds(t, counts, req[1], req[2])
        if curves[req][-1] == _NONE:
            return None
        root[req] = cands
    if m == 1:
        return [root[rs[0]][0]]
    leaf_ranks = ranks.get(rs[-1], [])
    # the last run before a single set: the set's exact best score, cheaply, before looking for it
    leaf_set = rs[-1] if m >= 2 and rs[-2][0] and not rs[-1][0] else None
    # each run requirement's candidates by jokers used: (jokers, positions in the best-first list);
    # only when there are many (a big hand): a small hand's search is quick as it is
    runs = sum(1 for req in rs if req[0])
    groups: dict[_Req, list[tuple[int, list[int]]]] = {}
    for req in rs[:runs]:
        if req not in groups and len(root[req]) > _MANY:
            by: dict[int, list[int]] = {}
            for i, cand in enumerate(root[req]):
                by.setdefault(cand[2].count(_J), []).append(i)
            groups[req] = sorted(by.items())
    # rest[d][b]: a bound on what requirements d.. can still score with b jokers left
    rest = [[0] * (jokers + 1) for _ in range(m + 1)]
    tail: list[_Req] = []
    run_rest = rest
    if groups:
        # the jokers are shared between the requirements left: a max-plus convolution of their curves
        rest[m - 1] = curves[rs[m - 1]]
        for d in range(m - 2, -1, -1):
            rest[d] = _share(curves[rs[d]], rest[d + 1])
        tail = rs[runs:] if 1 < runs < m else []  # the sets after two runs or more
        run_rest = [[0] * (jokers + 1) for _ in range(runs + 1)]  # as rest, for the runs only
        if tail:
            for d in range(runs - 1, 0, -1):
                run_rest[d] = _share(curves[rs[d]], run_rest[d + 1])
    else:  # each bounded with all the jokers: looser, and cheaper for a small hand
        for d in range(m - 1, -1, -1):
            rest[d] = [a + b for a, b in zip(rest[d + 1], curves[rs[d]], strict=True)]
    chosen: list[_Cand] = [(0, (), ())] * m
    best: list[_Cand] = []
    best_score = -1

    def run_level(d: int, score: int, start: int, later: list[int], after: list[int] | None) -> None:
        """Choose the run of level ``d`` (from position ``start`` of the list when it follows its twin).

        ``later`` bounds the levels after this one; ``after``, when the next
        level is an identical run, bounds the levels after that one (the next
        run then scores no more than this one).
        """
        nonlocal best, best_score
        req = rs[d]
        cands = root[req]
        left = counts[_J]
        last = d == m - 1
        heads = []
        for used, positions in groups[req]:
            if used > left:
                break
            at = bisect_left(positions, start) if start else 0
            if at < len(positions):
                heads.append((cands[positions[at]][0] + later[left - used], used, positions, at))
        heads.sort(key=_score, reverse=True)
        nxt = curves[req]
        for head, used, positions, at in heads:
            if score + head <= best_score:
                break
            spare = left - used
            bound = best_score - score - later[spare]
            for i in positions[at:]:
                cand = cands[i]
                value = cand[0]
                if value <= bound:
                    break
                if after is not None and value < nxt[spare]:
                    # the identical run after this one scores no more than this one
                    capped = max([min(nxt[j], value) + after[spare - j] for j in range(spare + 1)])
                    if score + value + capped <= best_score:
                        break
                if not _take(counts, cand[2]):
                    continue
                chosen[d] = cand
                if last:
                    best_score = score + value
                    best = chosen[:]
                elif (leaf_set is None or d + 2 < m
                      or score + value + _set_value(t, counts, leaf_set[1], leaf_set[2]) > best_score):
                    search(d + 1, score + value, i if same[d + 1] else None, None)
                _put(counts, cand[2])
                if last or (first and best):
                    break
                bound = best_score - score - later[spare]
            if first and best:
                return

    def search(d: int, score: int, start: int | None, low: tuple[int, ...] | None) -> None:
        nonlocal best, best_score
        req = rs[d]
        last = d == m - 1
        if last and not req[0]:
            single = _best_set(t, counts, req[1], req[2], low, leaf_ranks, best_score - score)
            if single is not None:
                best_score = score + single[0]
                chosen[d] = single
                best = chosen[:]
            return
        left = counts[_J]
        if groups and req in groups:
            twin = same[d + 1]
            beyond: list[int] | None = None
            if d and tail:
                # the sets' bound from the cards still in hand
                sets = _set_curve(t, counts, tail[0][1], tail[0][2])
                for set_req in tail[1:]:
                    sets = _share(_set_curve(t, counts, set_req[1], set_req[2]), sets)
                if twin:
                    beyond = _share(run_rest[d + 2][: left + 1], sets)
                later = _share(run_rest[d + 1][: left + 1], sets) if d + 1 < runs else sets
            else:
                if twin:
                    beyond = rest[d + 2]
                later = rest[d + 1]
            mine = curves[req][: left + 1]
            if start is not None:  # this run follows its twin: it scores no more than that one
                mine = [min(x, chosen[d - 1][0]) for x in mine]
            if score + max([mine[j] + later[left - j] for j in range(left + 1)]) <= best_score:
                return
            run_level(d, score, start or 0, later, beyond)
            return
        later = rest[d + 1]
        if req[0] or d == 0:
            cands = root[req]
        else:
            cands = []
            _set_cands(t, counts, req[1], req[2], low, cands)
            cands.sort(key=_score, reverse=True)
        loose = later[-1]
        follow = same[d + 1]
        for cand in cands:
            total = score + cand[0]
            if total + loose <= best_score:
                break
            if low is not None and cand[1] < low:
                continue
            spare = left - cand[2].count(_J)
            if spare < 0 or total + later[spare] <= best_score or not _take(counts, cand[2]):
                continue
            chosen[d] = cand
            if last:
                best_score = total
                best = chosen[:]
            else:
                search(d + 1, total, None, cand[1] if follow else None)
            _put(counts, cand[2])
            if last or (first and best):
                return

    search(0, 0, None, None)
    if not best:
        return None
    result: list[_Cand] = [best[0]] * m
    for d, i in enumerate(order):
        result[i] = best[d]
    return result


def _fewest_jokers(cand: _Cand) -> tuple[int, int]:
    """Cover order: fewest jokers first (they are the scarce, flexible cards), then most cards."""
    jokers = cand[2].count(_J)
    return jokers, jokers - len(cand[2])


def _search_cover(t: _Tables, counts: list[int], reqs: list[_Req]) -> list[_Cand] | None:
    """Exact cover for all-in contracts: melds (in contract order) using every card.

    The lowest natural left must be a natural of one of the melds still open;
    only melds holding it are tried, once per distinct open requirement.
    Dead ends are remembered by (counts, open requirements).
    """
    m = len(reqs)
    if not sum(r[1] for r in reqs) <= sum(counts) <= sum(r[2] for r in reqs):
        return None
    chosen: list[_Cand] = [(0, (), ())] * m
    failed: set[tuple[tuple[int, ...], tuple[_Req, ...]]] = set()

    def search(open_: tuple[int, ...], remaining: int) -> bool:
        if not open_:
            return remaining == 0
        if not sum(reqs[i][1] for i in open_) <= remaining <= sum(reqs[i][2] for i in open_):
            return False
        memo = (tuple(counts), tuple(sorted(reqs[i] for i in open_)))
        if memo in failed:
            return False
        must = next((i for i in range(_J) if counts[i]), -1)
        if must >= 0:
            tried: set[_Req] = set()
            for i in open_:
                req = reqs[i]
                if req in tried:
                    continue
                tried.add(req)
                cands: list[_Cand] = []
                if req[0]:
                    _run_cands(t, counts, req[1], req[2], must, cands)
                else:
                    _cover_set_cands(t, counts, req[1], req[2], must, cands)
                rest = tuple(j for j in open_ if j != i)
                for cand in sorted(_dedup(cands), key=_fewest_jokers):
                    if not _take(counts, cand[2]):
                        continue
                    chosen[i] = cand
                    found = search(rest, remaining - len(cand[2]))
                    _put(counts, cand[2])
                    if found:
                        return True
        failed.add(memo)
        return False

    return chosen if search(tuple(range(m)), sum(counts)) else None


# -- the public functions ------------------------------------------------------


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * 53
    for card in cards:
        if not isinstance(card, Card):
            raise RemiError(f"expected cards, got {card!r}", Reason.BAD_ARGUMENT)
        counts[card.index] += 1
    return counts


def _meld(cand: _Cand, is_run: bool) -> Meld:
    if not is_run:
        return Meld(MeldKind.SET, tuple(CARDS[c] for c in cand[2]))
    _, _, neg_start, end, *positions = cand[1]
    naturals = dict(zip(positions, cand[2], strict=False))
    return Meld(MeldKind.RUN, tuple(CARDS[naturals.get(v, _J)] for v in range(-neg_start, end + 1)))


def _search(
    variant: Variant, counts: list[int], contract: Contract, all_in: bool, first: bool
) -> tuple[list[_Req], list[_Cand]] | None:
    t = _tables(variant)
    plan = _requirements(t, contract, variant.exact_sizes)
    if plan is None:
        return None
    found = _search_cover(t, counts, plan[0]) if all_in else _search_best(t, counts, plan, first)
    return None if found is None else (plan[0], found)


def solve(variant: Variant, cards: Sequence[Card], contract: Contract, *, all_in: bool = False) -> Solution | None:
    """The melds fulfilling ``contract`` from ``cards`` that leave the fewest points in hand.

    Each meld is valid under ``variant`` (jokers within the cap and placed),
    one meld per requirement (no extra melds), sized as the variant says:
    exactly the requirement's size if :attr:`~remi.Variant.exact_sizes`, else
    at least it (longer melds are allowed). Two sets of one rank are allowed
    when the hand holds enough copies.

    Among arrangements leaving equally few points, the one leaving fewer cards
    wins; any remaining tie is broken by the solver's fixed search order, which
    depends only on the multiset of ``cards`` (not their order), so equal
    inputs always give equal results.

    Args:
        variant: The rules.
        cards: The hand (a multiset: two packs' copies are the same value).
        contract: What to lay down, e.g. ``variant.contracts[round]``.
        all_in: Whether every card must be used (N18, norwegian round 7).

    Returns:
        The best :class:`Solution`, or ``None`` when the contract cannot be laid.

    Raises:
        RemiError: If ``cards`` holds something that is not a card.
        VariantError: If the variant gives a card negative points.

    >>> import remi
    >>> v = remi.variants.get("norwegian")
    >>> hand = remi.parse_cards("3S 4S 5S 6S 9H 10H JH QH AD 2D 3D JK")
    >>> [str(m) for m in solve(v, hand, v.contracts[6], all_in=True).melds]
    ['run 3S 4S 5S 6S', 'run 9H 10H JH QH', 'run AD 2D 3D JK']
    >>> solve(v, hand[:-1], v.contracts[6], all_in=True) is None
    True

    .. versionadded:: 0.1.0
    """
    counts = _counts(cards)
    found = _search(variant, counts, contract, all_in, False)
    if found is None:
        return None
    reqs, cands = found
    melds = tuple(_meld(cand, req[0]) for cand, req in zip(cands, reqs, strict=True))
    for cand in cands:
        for c in cand[2]:
            counts[c] -= 1
    left: list[Card] = []
    for i, n in enumerate(counts):
        if n:
            left += [CARDS[i]] * n
    return Solution(melds, tuple(left), variant.hand_points(left))


def layoff_options(
    variant: Variant,
    cards: Iterable[Card],
    table_melds: Sequence[Meld | tuple[MeldKind, Sequence[Card]]],
) -> dict[Card, tuple[LayoffOption, ...]]:
    """For each distinct card of a hand, every table meld that accepts it, and where.

    Uses :func:`remi.melds.lay_off` with ``variant.layoff_rules`` (so the
    joker cap holds after the lay-off where the variant says so). A set
    accepts a card anywhere (``end`` is ``None``); a run at its low or high
    end, and a joker may fit at both. Only the rules of melds are checked
    here; whether the player may lay off at all now (being down, quotas, own
    melds) is the game's business.

    Args:
        variant: The rules.
        cards: The hand.
        table_melds: The melds on the table, as :class:`~remi.Meld` values or
            ``(kind, cards)`` pairs.

    Returns:
        A dict from each distinct card of the hand, in sorted order, to its
        options (possibly none), ordered by meld index then end.

    >>> import remi
    >>> v = remi.variants.get("norwegian")
    >>> table = [remi.Meld.parse("run 5C 6C 7C 8C"), remi.Meld.parse("set 9S 9H 9D")]
    >>> options = layoff_options(v, remi.parse_cards("9C 4C 2H"), table)
    >>> [(str(o.card), o.meld, o.end) for o in options[remi.parse_card("9C")]]
    [('9C', 0, End.HIGH), ('9C', 1, None)]
    >>> options[remi.parse_card("2H")]
    ()

    .. versionadded:: 0.1.0
    """
    rules = variant.layoff_rules
    table = [(m.kind, tuple(m.cards)) if isinstance(m, Meld) else (m[0], tuple(m[1])) for m in table_melds]
    result: dict[Card, tuple[LayoffOption, ...]] = {}
    for card in sorted(set(cards)):
        options = []
        for i, (kind, meld_cards) in enumerate(table):
            ends: tuple[End | None, ...] = (None,) if kind is MeldKind.SET else (End.LOW, End.HIGH)
            for end in ends:
                after = lay_off(rules, kind, meld_cards, card, end)
                if after is not None:
                    options.append(LayoffOption(card, i, end, after))
        result[card] = tuple(options)
    return result


def contract_hint(
    variant: Variant, cards: Sequence[Card], contract: Contract, *, all_in: bool = False
) -> tuple[Card, ...]:
    """The cards that, added to the hand one at a time, would make ``contract`` layable.

    A card counts when ``solve(variant, cards + (card,), contract, all_in=all_in)``
    is not ``None`` and the variant's deck holds a copy of it beyond those in
    the hand. One extra card only: a hand two cards short gets ``()``. When the
    hand can already lay the contract (and ``all_in`` is false), every such card
    counts, so ask :func:`solve` first.

    Returns:
        The distinct cards, sorted (the joker last).

    >>> import remi
    >>> v = remi.variants.get("norwegian")
    >>> hand = remi.parse_cards("5C 5D 5H KS KH 2D 9C 3S 4H")
    >>> remi.format_cards(contract_hint(v, hand, v.contracts[0]))
    'KS KH KD KC JK'

    .. versionadded:: 0.1.0
    """
    counts = _counts(cards)
    deck = _counts(variant.deck())
    available = [i for i in range(53) if deck[i] > counts[i]]
    if not all_in and _search(variant, counts, contract, False, True) is not None:
        return tuple(CARDS[i] for i in available)  # one more card never hurts
    hint = []
    for i in available:
        counts[i] += 1
        if _search(variant, counts, contract, all_in, True) is not None:
            hint.append(CARDS[i])
        counts[i] -= 1
    return tuple(hint)


def clear_caches() -> None:
    """Forget everything the solver memoised (per-variant tables, runs per suit, contract plans).

    The memo is bounded, so this is never needed for correctness; it frees the
    memory, and gives benchmarks a cold start.

    >>> clear_caches()

    .. versionadded:: 0.1.0
    """
    _TABLES.clear()
