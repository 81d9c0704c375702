"""Candidate melds where the 2s are wild or a meld needs other than one natural (private).

:mod:`remi._generate` hands its candidate lists here whenever
``rules.twos`` is not :attr:`Twos.NATURAL` or ``rules.min_naturals`` is
not 1; its own code stays the fast path of the ordinary rules. A hand is a
list of 53 counts indexed by :attr:`Card.index` (52 is the joker).

The *wild pool* is the jokers and, where 2s are wild, the four suits' 2s,
each counted apart: a meld using ``2S`` as a wild differs from one using
``2H``. Sets list their cards sorted; runs list them low to high, each wild
in the place of the card it stands for, so every distinct arrangement of the
wilds over a run's wild places is a candidate of its own. Under
:attr:`Twos.WILD_EXCEPT_SETS` a set of twos (every card but the jokers a 2)
uses its 2s as naturals. With ``min_naturals`` 0 (and no joker cap) melds of
wilds only are candidates too: sets of any multiset of wilds that is not a
set of twos, and runs of every arrangement of wilds whose length fits.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from remi.melds import JokerCap, MeldKind, MeldRules, Twos, _bounds, _longest

_J = 52
_TWOS = (1, 14, 27, 40)  # the 2 of each suit, by card index
_SET = MeldKind.SET


def wild_types(rules: MeldRules) -> tuple[int, ...]:
    """The card indices that are wild in runs (and in sets other than sets of twos), in index order."""
    return (_J,) if rules.twos is Twos.NATURAL else (*_TWOS, _J)


def wild_count(rules: MeldRules, counts: list[int]) -> int:
    """How many wilds ``counts`` hold."""
    if rules.twos is Twos.NATURAL:
        return counts[_J]
    return counts[_J] + counts[1] + counts[14] + counts[27] + counts[40]


def natural_suits(rules: MeldRules, counts: list[int]) -> int:
    """How many suits ``counts`` hold a natural of (wild 2s do not count)."""
    if rules.twos is Twos.NATURAL:
        return sum(1 for base in (0, 13, 26, 39) if any(counts[base : base + 13]))
    return sum(1 for base in (0, 13, 26, 39) if counts[base] or any(counts[base + 2 : base + 13]))


def _multisets(types: tuple[int, ...], avail: tuple[int, ...], k: int, i: int = 0) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``k`` wilds (indices in order) with at most ``avail[t]`` of ``types[t]``."""
    if k == 0:
        yield ()
        return
    if i == len(types):
        return
    rest = sum(avail[i + 1 :])
    for take in range(min(k, avail[i]), -1, -1):
        if k - take > rest:
            break
        head = (types[i],) * take
        for tail in _multisets(types, avail, k - take, i + 1):
            yield head + tail


def _arrangements(types: tuple[int, ...], left: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """Every distinct sequence of ``k`` wilds with at most ``left[t]`` of ``types[t]`` (``left`` is restored)."""
    if k == 0:
        yield ()
        return
    for t, card in enumerate(types):
        if left[t]:
            left[t] -= 1
            for tail in _arrangements(types, left, k - 1):
                yield (card, *tail)
            left[t] += 1


def set_candidates(
    rules: MeldRules, counts: list[int], rank: int, low: int, high: int | None
) -> Iterator[tuple[int, ...]]:
    """Every set of ``rank`` (0 = ace … 12 = king; 13: wilds only) with a size in [low, high]."""
    twos = rules.twos
    cap = rules.joker_cap is JokerCap.NATURALS
    least = max(1, rules.min_naturals)
    if rank == 13:  # wilds only
        if rules.min_naturals or cap:
            return
        types = (*_TWOS, _J) if twos is Twos.WILD else (_J,)  # (2s alone make a set of twos otherwise)
        avail = tuple(counts[t] for t in types)
        most = sum(avail) if high is None else min(high, sum(avail))
        for size in range(max(low, 1), most + 1):
            yield from _multisets(types, avail, size)
        return
    if rank == 1 and twos is Twos.WILD:
        return  # a 2 is never a natural
    types = (_J,) if rank == 1 or twos is Twos.NATURAL else (*_TWOS, _J)
    avail = tuple(counts[t] for t in types)
    wilds = sum(avail)
    held = [counts[suit * 13 + rank] for suit in range(4)]
    if rules.set_distinct_suits:
        held = [min(n, 1) for n in held]
    for choice in _product(held):
        n = sum(choice)
        if n < least:
            continue
        base: list[int] = []
        for suit, k in enumerate(choice):
            base.extend([suit * 13 + rank] * k)
        for j in range(min(wilds, n) if cap else wilds, -1, -1):
            total = n + j
            if total < low or (high is not None and total > high):
                continue
            for extra in _multisets(types, avail, j):
                yield tuple(sorted((*base, *extra)))


def _product(held: list[int]) -> Iterator[tuple[int, ...]]:
    """Every choice of 0..held[i] copies per suit."""
    if not held:
        yield ()
        return
    for tail in _product(held[1:]):
        for k in range(held[0] + 1):
            yield (k, *tail)


def _windows(rules: MeldRules, low: int, high: int) -> list[tuple[int, int]]:
    """Every (start value, length) a run with naturals may occupy."""
    lowest, highest, wrap = _bounds(rules)
    if wrap:
        return [(start, length) for start in range(1, 14) for length in range(low, high + 1)]
    return [
        (start, length)
        for start in range(lowest, highest - low + 2)
        for length in range(low, min(high, highest - start + 1) + 1)
    ]


def run_candidates(rules: MeldRules, counts: list[int], suit: int, low: int, high: int) -> Iterator[tuple[int, ...]]:
    """Every run of ``suit`` (4: wilds only) with a length in [low, high], wilds in place."""
    cap = rules.joker_cap is JokerCap.NATURALS
    types = wild_types(rules)
    left = [counts[t] for t in types]
    wilds = sum(left)
    if suit == 4:  # wilds only: every arrangement of every length that fits
        if rules.min_naturals or cap:
            return
        for length in range(max(low, 1), min(high, _longest(rules), wilds) + 1):
            yield from _arrangements(types, left, length)
        return
    least = max(1, rules.min_naturals)
    twos_wild = rules.twos is not Twos.NATURAL
    base = suit * 13
    for start, length in _windows(rules, low, high):
        indices = [base + (start + i - 1) % 13 for i in range(length)]
        held = [i for i in range(length) if counts[indices[i]] and not (twos_wild and indices[i] % 13 == 1)]
        gaps = length - len(held)
        if gaps > wilds or len(held) < least or (cap and gaps > len(held)):
            continue
        repeated = len(set(indices)) < length  # the ace twice (or, with wrap, some card twice)
        most_wild = min(wilds, length - least, length // 2 if cap else length)
        for w in range(gaps, most_wild + 1):
            for wild_places in combinations(held, w - gaps):
                chosen = [i for i in held if i not in wild_places]
                if repeated:
                    used: dict[int, int] = {}
                    for i in chosen:
                        used[indices[i]] = used.get(indices[i], 0) + 1
                    if any(counts[index] < n for index, n in used.items()):
                        continue
                out = [_J] * length
                for i in chosen:
                    out[i] = indices[i]
                places = [i for i in range(length) if out[i] == _J]
                for wild_cards in _arrangements(types, left, w):
                    for i, card in zip(places, wild_cards, strict=True):
                        out[i] = card
                    yield tuple(out)


# Candidate lists depend only on one rank's (or suit's) counts and the wild pool:
# cache them per meld rules, as remi._generate does, kept only if small.
_KEEP_AT_MOST = 4000
_CACHE_LIMIT = 100_000
_Key = tuple[int, int, tuple[int, ...], tuple[int, ...], int, int | None]
_Cache = dict[_Key, tuple[tuple[int, ...], ...] | None]
_caches: dict[int, tuple[MeldRules, _Cache]] = {}


def _cache(rules: MeldRules) -> _Cache:
    entry = _caches.get(id(rules))
    if entry is None or entry[0] is not rules or len(entry[1]) > _CACHE_LIMIT:
        if len(_caches) > 64:
            _caches.clear()
        entry = _caches[id(rules)] = (rules, {})
    return entry[1]


def _cached(cache: _Cache, key: _Key, source: Iterator[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    found = cache.get(key, ())
    if found is None:  # known to be too long to keep
        yield from source
        return
    if found or key in cache:
        yield from found
        return
    kept: list[tuple[int, ...]] | None = []
    for meld in source:
        if kept is not None:
            kept.append(meld)
            if len(kept) > _KEEP_AT_MOST:
                kept = None
        yield meld
    cache[key] = tuple(kept) if kept is not None else None


def candidates(
    rules: MeldRules, counts: list[int], kind: MeldKind, size: int, exact: bool
) -> Iterator[tuple[int, ...]]:
    """Every meld of ``kind`` fulfilling a requirement of ``size`` from ``counts``."""
    cache = _cache(rules)
    pool = tuple(counts[t] for t in wild_types(rules))
    if kind is _SET:
        high = size if exact else rules.set_max
        for rank in range(14):
            held = tuple(counts[rank + 13 * suit] for suit in range(4)) if rank < 13 else ()
            if rank < 13 and (not any(held) or (rank == 1 and rules.twos is Twos.WILD)):
                continue
            key = (0, rank, held, pool, size, high)
            yield from _cached(cache, key, set_candidates(rules, counts, rank, size, high))
        return
    top = size if exact else rules.run_max
    for suit in range(5):
        held = tuple(counts[suit * 13 : suit * 13 + 13]) if suit < 4 else ()
        if suit < 4 and not any(held):
            continue
        key = (1, suit, held, pool, size, top)
        yield from _cached(cache, key, run_candidates(rules, counts, suit, size, top))


def all_in_run(rules: MeldRules, counts: list[int], size: int, exact: bool) -> Iterator[tuple[int, ...]]:
    """Runs that use every remaining card (the last meld of an all-in lay-down)."""
    total = sum(counts)
    if total < size or (exact and total != size) or natural_suits(rules, counts) > 1:
        return
    for suit in range(5):
        if suit < 4 and not any(counts[suit * 13 : suit * 13 + 13]):
            continue
        # a run of ``total`` cards out of ``total`` uses every one of them
        yield from run_candidates(rules, counts, suit, total, total)
