"""The contract solver's searches: a branch and bound, and the exact cover for all-in contracts (private).

:func:`search_best` picks one candidate meld per requirement (runs first,
then sets) leaving the fewest points; :func:`search_cover` finds melds that
use every card. The candidates come from :mod:`remi._search.tables`.
See :mod:`remi.solver`.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress

from remi._search.kernel import J as _J
from remi._search.scored import SCORE_WEIGHT, cover_sets
from remi._search.tables import (
    NO_SCORE,
    SPECIAL_SET,
    Candidate,
    Need,
    SearchPlan,
    Tables,
    best_set,
    free_wilds,
    held_value,
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


def _dedup(cands: list[Candidate]) -> list[Candidate]:
    """One candidate per tuple of cards (the smallest key), best score first.

    Melds using the same cards leave the same hand, so only one is searched
    (the rare same cards listed in another order, an ace low or high, are
    merely searched twice). Every level draws from the same representatives,
    so the symmetry rule stays sound: of two identical requirements met by
    classes A and B, the representative with the smaller key goes first.
    """
    by_cards: dict[tuple[int, ...], Candidate] = {}
    for cand in cands:
        cards = cand[2]
        kept = by_cards.get(cards)
        if kept is None or cand[1] < kept[1]:
            by_cards[cards] = cand
    unique = list(by_cards.values())
    unique.sort(key=score_of, reverse=True)
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


def _all_runs(t: Tables, counts: list[int], req: Need) -> list[Candidate]:
    cands: list[Candidate] = []
    run_candidates(t, counts, req[1], req[2], -1, cands)
    return _dedup(cands)


def _curve(cands: list[Candidate], jokers: int) -> list[int]:
    """For 0..``jokers`` jokers, the best score of a candidate using at most that many."""
    exact = [NO_SCORE] * (jokers + 1)
    for cand in cands:
        used = cand[2].count(_J)
        if used <= jokers and cand[0] > exact[used]:
            exact[used] = cand[0]
    return prefix_max(exact)


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


def _spent(t: Tables, wilds: tuple[int, int], chosen: list[Candidate]) -> tuple[int, int, int]:
    """The free wilds ``chosen`` take, and the jokers and 2s left for them (the sets of twos' taken out)."""
    free = jokers = twos = 0
    for cand in chosen:
        f, j, k = free_wilds(t, cand[2])
        free += f
        jokers += j
        twos += k
    return free, wilds[0] - jokers, wilds[1] - twos


def _shortfall(t: Tables, wilds: tuple[int, int], chosen: list[Candidate]) -> int:
    """What the scores of ``chosen`` overstate when jokers and wild 2s differ in points.

    A candidate scores each wild it may take at :attr:`Tables.wild_points`;
    the melds' wilds are in truth the best of the hand's jokers and 2s
    (``wilds``) that the sets of twos leave.
    """
    free, jokers, twos = _spent(t, wilds, chosen)
    pj, p2 = t.points[_J], t.points[1]
    best, worst, many = (pj, p2, jokers) if pj >= p2 else (p2, pj, twos)
    top = many if many < free else free
    return (free * t.wild_points - top * best - (free - top) * worst) * SCORE_WEIGHT


def _wild_values(t: Tables, wilds: tuple[int, int], chosen: list[Candidate], most: int) -> list[int]:
    """The points of the best 0, 1, … ``most`` wilds left once ``chosen`` took theirs (best first)."""
    free, jokers, twos = _spent(t, wilds, chosen)
    pj, p2 = t.points[_J], t.points[1]
    left = [pj] * jokers + [p2] * twos if pj >= p2 else [p2] * twos + [pj] * jokers
    out = [0]
    for p in left[free : free + most]:
        out.append(out[-1] + p)
    return out


def search_best(
    t: Tables, counts: list[int], plan: SearchPlan, first: bool = False, wilds: tuple[int, int] = (0, 0),
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

    Where jokers and wild 2s differ in points (``t.uneven``; ``wilds`` holds
    the hand's jokers and 2s) a candidate's score is an upper bound, so every
    bound above still holds, while the score handed down is exact: each meld
    adds its score less what its wilds overstate once the melds before it
    took the best wilds (:func:`_shortfall`). The last level then looks past
    its first fit, at the first that fits with each number of wilds.

    With ``least``, only arrangements taking that many wilds or more count.
    """
    _, order, rs, same, fewest = plan
    m = len(rs)
    if (held_value(t, counts) if t.twos_sets else sum(counts)) < fewest:
        return None
    uneven = t.uneven
    jokers = counts[_J]
    root: dict[Need, list[Candidate]] = {}
    curves: dict[Need, list[int]] = {}
    ranks: dict[Need, list[tuple[int, int]]] = {}
    for req in reversed(rs):  # sets first: their bounds are cheap and often show a hand hopeless
        if req in curves:
            continue
        cands: list[Candidate] = []
        if req[0]:
            cands = _all_runs(t, counts, req)
            curves[req] = _curve(cands, jokers)
        elif req == rs[0]:  # sets only: the first level needs the candidates themselves
            set_candidates(t, counts, req[1], req[2], None, cands)
            cands.sort(key=score_of, reverse=True)
            curves[req] = _curve(cands, jokers)
            firsts: dict[int, int] = {}
            for cand in cands:
                if cand[1][0] < SPECIAL_SET:  # the sets of twos and of wilds only are not ranks
                    firsts.setdefault(cand[1][0], cand[0])
            ranks[req] = [(score, rank) for rank, score in firsts.items()]
        else:  # sets after runs: only bounds are needed now
            curves[req], ranks[req] = set_bounds(t, counts, req[1], req[2])
        if curves[req][-1] == NO_SCORE:
            return None
        root[req] = cands
    if m == 1:
        if uneven:
            return [max(root[rs[0]], key=lambda cand: cand[0] - _shortfall(t, wilds, [cand]))]
        if not least:
            return [root[rs[0]][0]]
        single = next((cand for cand in root[rs[0]] if cand[2].count(_J) >= least), None)
        return None if single is None else [single]
    leaf_ranks = ranks.get(rs[-1], [])
    # the last run before a single set: the set's exact best score, cheaply, before looking for it
    leaf_set = rs[-1] if m >= 2 and rs[-2][0] and not rs[-1][0] else None
    # each run requirement's candidates by jokers used: (jokers, positions in the best-first list);
    # only when there are many (a big hand): a small hand's search is quick as it is
    runs = sum(1 for req in rs if req[0])
    groups: dict[Need, list[tuple[int, list[int]]]] = {}
    for req in rs[:runs]:
        if req not in groups and len(root[req]) > _MANY:
            by: dict[int, list[int]] = {}
            for i, cand in enumerate(root[req]):
                by.setdefault(cand[2].count(_J), []).append(i)
            groups[req] = sorted(by.items())
    # rest[d][b]: a bound on what requirements d.. can still score with b jokers left
    rest = [[0] * (jokers + 1) for _ in range(m + 1)]
    tail: list[Need] = []
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
    chosen: list[Candidate] = [(0, (), ())] * m
    best: list[Candidate] = []
    best_score = -1
    short = [0] * (m + 1) if uneven else []  # where wilds differ: what the scores of chosen[:d] overstate

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
        heads.sort(key=score_of, reverse=True)
        nxt = curves[req]
        for head, used, positions, at in heads:
            if score + head <= best_score:
                break
            if last and jokers - left + used < least:
                continue
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
                total = score + (_exact(t, wilds, chosen, short, d) if uneven else value)
                if last:
                    if total > best_score:
                        best_score = total
                        best = chosen[:]
                elif (leaf_set is None or d + 2 < m
                      or total + set_value(t, counts, leaf_set[1], leaf_set[2]) > best_score):
                    search(d + 1, total, i if same[d + 1] else None, None)
                _put(counts, cand[2])
                if last or (first and best):  # (the runs of a group take as many wilds: the first is best)
                    break
                bound = best_score - score - later[spare]
            if first and best:
                return

    def search(d: int, score: int, start: int | None, low: tuple[int, ...] | None) -> None:
        nonlocal best, best_score
        req = rs[d]
        last = d == m - 1
        if last and not req[0]:
            if uneven:
                # the sets of naturals scored exactly (the wilds left, best first), then the others
                single = best_set(t, counts, req[1], req[2], low, leaf_ranks, best_score - score,
                                   _wild_values(t, wilds, chosen[:d], counts[_J]))
                if single is not None:
                    best_score = score + single[0]
                    chosen[d] = single
                    best = chosen[:]
                if t.special:
                    for cand in special_sets(t, counts, req[1], req[2]):
                        if (low is None or cand[1] >= low) and score + cand[0] > best_score:
                            chosen[d] = cand
                            total = score + _exact(t, wilds, chosen, short, d)
                            if total > best_score:
                                best_score = total
                                best = chosen[:]
                return
            if least:  # the wilds this set must take at least
                single = best_set(t, counts, req[1], req[2], low, leaf_ranks, best_score - score, None,
                                   least - jokers + counts[_J])
            else:
                single = best_set(t, counts, req[1], req[2], low, leaf_ranks, best_score - score)
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
                sets = set_curve(t, counts, tail[0][1], tail[0][2])
                for set_req in tail[1:]:
                    sets = _share(set_curve(t, counts, set_req[1], set_req[2]), sets)
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
            set_candidates(t, counts, req[1], req[2], low, cands)
            cands.sort(key=score_of, reverse=True)
        loose = later[-1]
        follow = same[d + 1]
        # the last level where wilds differ (``uneven``) looks on past its first fit, at the first
        # to fit with each number of wilds left (``fitted``); with ``least``, at those taking enough
        picky = last and (uneven or least > 0)
        fitted: set[int] = set()
        for cand in cands:
            total = score + cand[0]
            if total + loose <= best_score:
                break
            if low is not None and cand[1] < low:
                continue
            spare = left - cand[2].count(_J)
            if spare < 0 or total + later[spare] <= best_score:
                continue
            if picky and (spare in fitted or jokers - spare < least):
                continue
            if not _take(counts, cand[2]):
                continue
            chosen[d] = cand
            if uneven:
                total = score + _exact(t, wilds, chosen, short, d)
            if last:
                if total > best_score:
                    best_score = total
                    best = chosen[:]
                if picky:
                    fitted.add(spare)
            else:
                search(d + 1, total, None, cand[1] if follow else None)
            _put(counts, cand[2])
            if (last and not uneven) or (first and best):
                return

    search(0, 0, None, None)
    if not best:
        return None
    result: list[Candidate] = [best[0]] * m
    for d, i in enumerate(order):
        result[i] = best[d]
    return result


def _exact(t: Tables, wilds: tuple[int, int], chosen: list[Candidate], short: list[int], d: int) -> int:
    """What ``chosen[d]`` adds in truth, the wilds of the melds before it taken best first (``t.uneven``).

    ``short[d]`` holds what the scores of ``chosen[:d]`` overstate; ``short[d + 1]`` is set.
    """
    short[d + 1] = _shortfall(t, wilds, chosen[: d + 1])
    return chosen[d][0] - short[d + 1] + short[d]


def _fewest_jokers(cand: Candidate) -> tuple[int, int]:
    """Cover order: fewest jokers first (they are the scarce, flexible cards), then most cards."""
    jokers = cand[2].count(_J)
    return jokers, jokers - len(cand[2])


def search_cover(t: Tables, counts: list[int], reqs: list[Need]) -> list[Candidate] | None:
    """Exact cover for all-in contracts: melds (in contract order) using every card.

    The lowest natural left must be a natural of one of the melds still open;
    only melds holding it are tried, once per distinct open requirement. Once
    only wilds are left (2s included where they are wild), the first open
    requirement takes a meld without naturals of its own (a set of twos, a meld
    of wilds only), if the rules have any. Dead ends are remembered by
    (counts, open requirements).
    """
    m = len(reqs)
    held = held_value(t, counts)
    if not sum(r[1] for r in reqs) <= held <= sum(r[2] for r in reqs):
        return None
    chosen: list[Candidate] = [(0, (), ())] * m
    failed: set[tuple[tuple[int, ...], tuple[Need, ...]]] = set()
    naturals = t.naturals
    special = t.special

    spans: dict[tuple[int, ...], tuple[int, int, tuple[Need, ...]]] = {}

    def search(open_: tuple[int, ...], remaining: int) -> bool:
        if not open_:
            return remaining == 0
        span = spans.get(open_)
        if span is None:  # the fewest and most cards the open requirements take, and what they are
            span = spans[open_] = (sum(reqs[i][1] for i in open_), sum(reqs[i][2] for i in open_),
                                   tuple(sorted(reqs[i] for i in open_)))
        if not span[0] <= remaining <= span[1]:
            return False
        memo = (tuple(counts), span[2])
        if memo in failed:
            return False
        must = next(compress(naturals, map(counts.__getitem__, naturals)), -1)
        if must >= 0 or special:
            tried: set[Need] = set()
            for i in open_ if must >= 0 else open_[:1]:
                req = reqs[i]
                if req in tried:
                    continue
                tried.add(req)
                cands: list[Candidate] = []
                if req[0]:
                    run_candidates(t, counts, req[1], req[2], must, cands)
                elif must >= 0:
                    cands = cover_sets(t.kernel, counts, req[1], req[2], must)
                else:
                    cands = special_sets(t, counts, req[1], req[2])
                rest = tuple(j for j in open_ if j != i)
                for cand in sorted(_dedup(cands), key=_fewest_jokers):
                    if not _take(counts, cand[2]):
                        continue
                    chosen[i] = cand
                    found = search(rest, remaining - cand[0] % SCORE_WEIGHT)
                    _put(counts, cand[2])
                    if found:
                        return True
        failed.add(memo)
        return False

    return chosen if search(tuple(range(m)), held) else None
