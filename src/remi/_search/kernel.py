"""The search kernel over card counts: the runs and sets a hand's counts allow (private).

One place for what the listing (:mod:`remi._search.generate`), the solver
(:mod:`remi._search.tables`) and the greedy bot's planner (:mod:`remi._search.planner`)
all need to know about melds over counts. The testing reference
(:func:`remi.testing.brute_force_valid`) stays apart from it on purpose: it
exists to catch this module.

Representation. A hand is a list of :data:`~remi.cards.CARD_SLOTS` counts
indexed by :attr:`Card.index`: ``suit * 13 + rank`` for the live naturals
(rank 0 = ace … 12 = king; suits in :class:`~remi.cards.Suit` order),
:data:`J` (52) for the joker and ``DEAD + suit`` for the dead twos (S15): a
dead 2 is a natural that stands only in the 2's place of a run of its suit,
never in a set, so only the runs read it. The
*wild pool* is the jokers and, where 2s are wild, the four suits' 2s
(:data:`TWOS`), each counted apart: a meld using ``2S`` as a wild differs
from one using ``2H``. A run lies on a *line* of values (:func:`run_bounds`):
1 is the ace low, 14 the ace high, and a value ``v`` stands for the card
offset ``(v - 1) % 13`` of its suit; a run of ``length`` from ``start`` is a
*window* (:func:`run_windows`). A candidate meld is a tuple of card indices:
a set's sorted, a run's low to high with each wild in the place of the card
it stands for.

The listing's candidates (:func:`candidates`, :func:`all_in_run`, :func:`all_in_set`) come in
two flavours. Under the ordinary rules (2s natural, one natural per meld)
the fast path counts jokers only, with quick rejects on the run windows.
Where 2s are wild or a meld needs other than one natural, every distinct
arrangement of the wilds over a run's wild places is a candidate of its own;
under :attr:`Twos.WILD_EXCEPT_SETS` a set of twos (every card but the jokers a
2) uses its 2s as naturals, and with ``min_naturals`` 0 (and no joker cap)
melds of wilds only are candidates too (rank 13 and suit 4 stand for them).
A suit's runs (a rank's sets) depend only on that suit's (rank's) counts and
the wild pool, so the lists are cached per meld rules, kept only if small.

The solver's candidates are the kernel's second half, :mod:`remi._search.scored`:
scored, one per distinct use of cards, on the same line of values.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations, compress, product

from remi.cards import CARD_SLOTS, DEAD_TWOS, Card
from remi.melds import JokerCap, MeldKind, MeldRules, Twos, longest_run, run_value_bounds

#: The joker's index in a count vector.
J = 52
#: The 2 of each suit, by card index.
TWOS = (1, 14, 27, 40)
#: The dead 2 of spades' index (S15); the dead 2 of suit ``s`` is ``DEAD + s``.
DEAD = DEAD_TWOS[0].index
_SET = MeldKind.SET
_NATURAL = Twos.NATURAL


# -- count vectors -------------------------------------------------------------


def counts_of(cards: Iterable[Card]) -> list[int]:
    """The counts of ``cards``, one per card index."""
    counts = [0] * CARD_SLOTS
    for card in cards:
        counts[card.index] += 1
    return counts


def plain_rules(rules: MeldRules) -> bool:
    """Whether the ordinary rules' fast path applies: 2s natural and one natural per meld."""
    return rules.twos is _NATURAL and rules.min_naturals == 1


def wild_types(rules: MeldRules) -> tuple[int, ...]:
    """The card indices that are wild in runs (and in sets other than sets of twos), in index order."""
    return (J,) if rules.twos is Twos.NATURAL else (*TWOS, J)


def wild_count(rules: MeldRules, counts: list[int]) -> int:
    """How many wilds ``counts`` hold, and dead 2s (S15): the bounds that use it only loosen."""
    if rules.twos is Twos.NATURAL:
        return counts[J]
    return (counts[J] + counts[1] + counts[14] + counts[27] + counts[40]
            + counts[DEAD] + counts[DEAD + 1] + counts[DEAD + 2] + counts[DEAD + 3])


def natural_suits(rules: MeldRules, counts: list[int]) -> int:
    """How many suits ``counts`` hold a natural of (wild 2s do not count; dead 2s do, S15)."""
    if rules.twos is Twos.NATURAL:
        return sum(1 for base in (0, 13, 26, 39) if any(counts[base : base + 13]))
    return sum(1 for suit, base in enumerate((0, 13, 26, 39))
               if counts[base] or any(counts[base + 2 : base + 13]) or counts[DEAD + suit])


def ranks(counts: list[int]) -> zip[tuple[int, int, int, int]]:
    """Each rank's counts in the four suits, ace first."""
    return zip(counts[0:13], counts[13:26], counts[26:39], counts[39:52], strict=True)


def set_naturals(counts: list[int], distinct: bool) -> list[int]:
    """Per rank (ace first), the naturals a set of it may hold: its copies, or the suits held where suits differ."""
    if distinct:
        return [(a > 0) + (b > 0) + (c > 0) + (d > 0) for a, b, c, d in ranks(counts)]
    return [a + b + c + d for a, b, c, d in ranks(counts)]


# -- run windows -----------------------------------------------------------------


def run_bounds(rules: MeldRules) -> tuple[int, int, bool]:
    """The lowest and highest value a run may hold, and whether runs wrap (no 2 under Twos.WILD: M5)."""
    return run_value_bounds(rules)


_WINDOWS: dict[tuple[int, int, bool, int, int], tuple[tuple[int, int], ...]] = {}


def run_windows(rules: MeldRules, low: int, high: int) -> tuple[tuple[int, int], ...]:
    """Every (start value, length) a run of ``low`` to ``high`` cards may occupy, by start then length (memoised).

    Without wrap-around a run stays within :func:`run_bounds`; with it, a run
    may start on any of the 13 values.
    """
    lowest, highest, wrap = run_value_bounds(rules)
    key = (lowest, highest, wrap, low, high)
    found = _WINDOWS.get(key)
    if found is None:
        if wrap:
            found = tuple((start, length) for start in range(1, 14) for length in range(low, high + 1))
        else:
            found = tuple(
                (start, length)
                for start in range(lowest, highest - low + 2)
                for length in range(low, min(high, highest - start + 1) + 1)
            )
        _WINDOWS[key] = found
    return found


# -- sets ------------------------------------------------------------------------


def _plain_sets(rules: MeldRules, counts: list[int], low: int, high: int | None) -> Iterator[tuple[int, ...]]:
    """Every set (as sorted card indices) with a size in [low, high] from ``counts`` (ordinary rules)."""
    jokers = counts[J]
    cap = rules.joker_cap is JokerCap.NATURALS
    limit = 1 if rules.set_distinct_suits else None
    for rank in range(13):
        avail = [counts[suit * 13 + rank] for suit in range(4)]
        if limit is not None:
            avail = [min(a, limit) for a in avail]
        naturals_max = sum(avail)
        if naturals_max == 0:
            continue
        top = naturals_max + (min(jokers, naturals_max) if cap else jokers)
        if top < low:
            continue
        for choice in product(*(range(a + 1) for a in avail)):
            n = sum(choice)
            if n == 0:
                continue
            base: list[int] = []
            for suit, k in enumerate(choice):
                base.extend([suit * 13 + rank] * k)
            for j in range(min(jokers, n) if cap else jokers, -1, -1):
                total = n + j
                if total < low or (high is not None and total > high):
                    continue
                yield (*base, *([J] * j))


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


def _suit_choices(held: list[int]) -> Iterator[tuple[int, ...]]:
    """Every choice of 0..held[i] copies per suit, the first suit varying fastest."""
    if not held:
        yield ()
        return
    for tail in _suit_choices(held[1:]):
        for k in range(held[0] + 1):
            yield (k, *tail)


def wild_sets(rules: MeldRules, counts: list[int], rank: int, low: int, high: int | None) -> Iterator[tuple[int, ...]]:
    """Every set of ``rank`` (0 = ace … 12 = king; 13: wilds only) with a size in [low, high], any rules."""
    twos = rules.twos
    cap = rules.joker_cap is JokerCap.NATURALS
    least = max(1, rules.min_naturals)
    if rank == 13:  # wilds only
        if rules.min_naturals or cap:
            return
        types = (*TWOS, J) if twos is Twos.WILD else (J,)  # (2s alone make a set of twos otherwise)
        avail = tuple(counts[t] for t in types)
        most = sum(avail) if high is None else min(high, sum(avail))
        for size in range(max(low, 1), most + 1):
            yield from _multisets(types, avail, size)
        return
    if rank == 1 and twos is Twos.WILD:
        return  # a 2 is never a natural
    types = (J,) if rank == 1 or twos is Twos.NATURAL else (*TWOS, J)
    avail = tuple(counts[t] for t in types)
    wilds = sum(avail)
    held = [counts[suit * 13 + rank] for suit in range(4)]
    if rules.set_distinct_suits:
        held = [min(n, 1) for n in held]
    for choice in _suit_choices(held):
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


# -- runs ------------------------------------------------------------------------


def _plain_runs(rules: MeldRules, counts: list[int], low: int, high: int) -> Iterator[tuple[int, ...]]:
    """Every run (card indices in order, jokers in place) with a length in [low, high] (ordinary rules)."""
    jokers = counts[J]
    cap = rules.joker_cap is JokerCap.NATURALS
    windows = run_windows(rules, low, high)
    span = 27 if rules.run_wrap else 14
    budgets = [min(jokers, length // 2 if cap else length - 1) for length in range(max(high, low) + 1)]
    for suit in range(4):
        base = suit * 13
        held = counts[base : base + 13]
        if not any(held):
            continue
        prefix = [0]
        for v in range(1, span + 1):
            prefix.append(prefix[-1] + (1 if held[(v - 1) % 13] else 0))
        for start, length in windows:
            # quick reject: the gaps must fit the joker budget
            naturals = prefix[start + length - 1] - prefix[start - 1]
            budget = budgets[length]
            if naturals == 0 or length - naturals > budget:
                continue
            indices = [base + (start + i - 1) % 13 for i in range(length)]
            if length > 13:  # the ace (or more) twice: count copies card by card
                yield from _fill(indices, counts, jokers, cap)
                continue
            held_positions = [i for i in range(length) if counts[indices[i]]]
            gaps = length - len(held_positions)
            filled = [index if counts[index] else J for index in indices]
            for extra in range(budget - gaps + 1):
                if extra == len(held_positions):
                    break  # a run needs a natural
                if extra == 0:
                    yield tuple(filled)
                    continue
                for chosen in combinations(held_positions, extra):
                    out = filled[:]
                    for i in chosen:
                        out[i] = J
                    yield tuple(out)


def _fill(indices: list[int], counts: list[int], jokers: int, cap: bool) -> Iterator[tuple[int, ...]]:
    """Every way to fill the run positions with naturals (if held) or jokers, copy by copy."""
    length = len(indices)
    max_jokers = min(jokers, length // 2 if cap else length - 1)
    used: dict[int, int] = {}
    chosen: list[int] = []

    def walk(i: int, jokers_used: int, naturals: int) -> Iterator[tuple[int, ...]]:
        if i == length:
            if naturals:
                yield tuple(chosen)
            return
        index = indices[i]
        if counts[index] - used.get(index, 0) > 0:
            used[index] = used.get(index, 0) + 1
            chosen.append(index)
            yield from walk(i + 1, jokers_used, naturals + 1)
            chosen.pop()
            used[index] -= 1
        if jokers_used < max_jokers:
            chosen.append(J)
            yield from walk(i + 1, jokers_used + 1, naturals)
            chosen.pop()

    yield from walk(0, 0, 0)


def wild_runs(rules: MeldRules, counts: list[int], suit: int, low: int, high: int) -> Iterator[tuple[int, ...]]:
    """Every run of ``suit`` (4: wilds only) with a length in [low, high], wilds in place, any rules."""
    cap = rules.joker_cap is JokerCap.NATURALS
    types = wild_types(rules)
    left = [counts[t] for t in types]
    wilds = sum(left)
    if suit == 4:  # wilds only: every arrangement of every length that fits
        if rules.min_naturals or cap:
            return
        for length in range(max(low, 1), min(high, longest_run(rules), wilds) + 1):
            yield from _arrangements(types, left, length)
        return
    least = max(1, rules.min_naturals)
    twos_wild = rules.twos is not Twos.NATURAL
    base = suit * 13
    # S15: where 2s are wild, the 2's place takes the dead 2 of the suit as its natural
    two = DEAD + suit if twos_wild and counts[DEAD + suit] else base + 1
    for start, length in run_windows(rules, low, high):
        indices = [base + (start + i - 1) % 13 for i in range(length)]
        if two != base + 1:
            indices = [two if index == base + 1 else index for index in indices]
        held = [i for i in range(length) if counts[indices[i]] and not (twos_wild and indices[i] % 13 == 1
                                                                        and indices[i] < J)]
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
                out = [J] * length
                for i in chosen:
                    out[i] = indices[i]
                places = [i for i in range(length) if out[i] == J]
                for wild_cards in _arrangements(types, left, w):
                    for i, card in zip(places, wild_cards, strict=True):
                        out[i] = card
                    yield tuple(out)


# -- the listing's candidates, cached ----------------------------------------------

# A list is generated lazily and kept only if it is small, so a hand full of
# wilds still gives its first lay-down at once; up to _EAGER_JOKERS jokers
# (ordinary rules) a list is small: it is built whole.
_KEEP_AT_MOST = 4000
_EAGER_JOKERS = 2
_CACHE_LIMIT = 100_000
# (0 for sets or 1 for runs, rank or suit, its counts, jokers or the wild pool, low, high)
_Key = tuple[int, int, tuple[int, ...], int | tuple[int, ...], int, int | None]
_Cache = dict[_Key, tuple[tuple[int, ...], ...] | None]
_caches: dict[int, tuple[MeldRules, _Cache]] = {}
_last: list[tuple[MeldRules, _Cache]] = []


def _cache(rules: MeldRules) -> _Cache:
    """The candidate cache of ``rules`` (emptied when it grows past :data:`_CACHE_LIMIT`)."""
    if _last and _last[0][0] is rules and len(_last[0][1]) <= _CACHE_LIMIT:  # the usual case
        return _last[0][1]
    entry = _caches.get(id(rules))
    if entry is None or entry[0] is not rules or len(entry[1]) > _CACHE_LIMIT:
        if len(_caches) > 64:
            _caches.clear()
        entry = _caches[id(rules)] = (rules, {})
    _last[:] = [entry]
    return entry[1]


def _remember(cache: _Cache, key: _Key, source: Iterator[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    """Yield ``source``, keeping it in ``cache`` once read to the end if it is small."""
    kept: list[tuple[int, ...]] | None = []
    for meld in source:
        if kept is not None:
            kept.append(meld)
            if len(kept) > _KEEP_AT_MOST:
                kept = None
        yield meld
    cache[key] = tuple(kept) if kept is not None else None


def _fresh(cache: _Cache, key: _Key, keep: bool, eager: bool, source: Iterator[tuple[int, ...]]
           ) -> Iterator[tuple[int, ...]]:
    """Candidates not in the cache yet: kept whole at once when ``eager`` (a small list)."""
    if not keep:  # known to be too long to keep
        return source
    if eager:
        found = cache[key] = tuple(source)
        return iter(found)
    return _remember(cache, key, source)


def candidates(
    rules: MeldRules, counts: list[int], kind: MeldKind, size: int, exact: bool
) -> Iterator[tuple[int, ...]]:
    """Every meld of ``kind`` fulfilling a requirement of ``size`` from ``counts``, each once."""
    if rules.twos is not _NATURAL or rules.min_naturals != 1:
        return _wild_candidates(rules, counts, kind, size, exact)
    if kind is _SET:
        return _cached_sets(rules, counts, size, size if exact else rules.set_max)
    return _cached_runs(rules, counts, size, size if exact else rules.run_max)


def _cached_sets(rules: MeldRules, counts: list[int], low: int, high: int | None) -> Iterator[tuple[int, ...]]:
    cache = _cache(rules)
    jokers = counts[J]
    cap = rules.joker_cap is JokerCap.NATURALS
    for rank, held in enumerate(ranks(counts)):
        naturals = held[0] + held[1] + held[2] + held[3]
        if not naturals or naturals + (naturals if cap and naturals < jokers else jokers) < low:
            continue
        key = (0, rank, held, jokers, low, high)
        found = cache.get(key, ())
        if found is not None and (found or key in cache):
            yield from found
            continue
        local = [0] * CARD_SLOTS
        for suit in range(4):
            local[suit * 13 + rank] = held[suit]
        local[J] = jokers
        yield from _fresh(cache, key, found is not None, jokers <= _EAGER_JOKERS,
                          _plain_sets(rules, local, low, high))


def _cached_runs(rules: MeldRules, counts: list[int], low: int, high: int) -> Iterator[tuple[int, ...]]:
    cache = _cache(rules)
    jokers = counts[J]
    least = (low + 1) // 2 if rules.joker_cap is JokerCap.NATURALS else 1
    for suit in range(4):
        base = suit * 13
        held = tuple(counts[base : base + 13])
        naturals = sum(held)
        if naturals < least or naturals + jokers < low:
            continue
        key = (1, suit, held, jokers, low, high)
        found = cache.get(key, ())
        if found is not None and (found or key in cache):
            yield from found
            continue
        local = [0] * CARD_SLOTS
        local[base : base + 13] = held
        local[J] = jokers
        yield from _fresh(cache, key, found is not None, jokers <= _EAGER_JOKERS,
                          _plain_runs(rules, local, low, high))


def _wild_candidates(
    rules: MeldRules, counts: list[int], kind: MeldKind, size: int, exact: bool
) -> Iterator[tuple[int, ...]]:
    """:func:`candidates` where 2s are wild or a meld needs other than one natural."""
    cache = _cache(rules)
    pool = tuple(counts[t] for t in wild_types(rules))
    if kind is _SET:
        high = size if exact else rules.set_max
        for rank in range(14):
            held = tuple(counts[rank + 13 * suit] for suit in range(4)) if rank < 13 else ()
            if rank < 13 and (not any(held) or (rank == 1 and rules.twos is Twos.WILD)):
                continue
            yield from _cached(cache, (0, rank, held, pool, size, high), wild_sets(rules, counts, rank, size, high))
        return
    top = size if exact else rules.run_max
    for suit in range(5):
        held = tuple(counts[suit * 13 : suit * 13 + 13]) if suit < 4 else ()
        if suit < 4 and counts[DEAD + suit]:
            held = (*held, counts[DEAD + suit])  # S15: the dead 2s held, a key of their own
        elif suit < 4 and not any(held):
            continue
        yield from _cached(cache, (1, suit, held, pool, size, top), wild_runs(rules, counts, suit, size, top))


def _cached(cache: _Cache, key: _Key, source: Iterator[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    """The cached list of ``key`` if there is one, else ``source`` (remembered if small)."""
    found = cache.get(key, ())
    if found is not None and (found or key in cache):
        return iter(found)
    return _fresh(cache, key, found is not None, False, source)


def all_in_set(rules: MeldRules, counts: list[int], size: int, exact: bool) -> Iterator[tuple[int, ...]]:
    """Sets that use every remaining card (the last meld of an all-in lay-down).

    They are the candidates of exactly as many cards as are left, so the
    listing never enumerates the sets it would then throw away.
    """
    total = sum(counts)
    if total < size or (exact and total != size) or (rules.set_max is not None and total > rules.set_max):
        return
    if any(counts[DEAD:]):
        return  # S15: a dead 2 is never in a set
    wild_twos = rules.twos is not _NATURAL
    ranks = {i % 13 for i in compress(range(52), counts) if not (wild_twos and i % 13 == 1)}  # (the cards held)
    if len(ranks) > 1:
        return  # naturals of two ranks (2s aside where they may be wild): no one set holds them
    yield from candidates(rules, counts, _SET, total, True)


def all_in_run(rules: MeldRules, counts: list[int], size: int, exact: bool) -> Iterator[tuple[int, ...]]:
    """Runs that use every remaining card (the last meld of an all-in lay-down)."""
    total = sum(counts)
    if total < size or (exact and total != size) or total > rules.run_max:
        return  # (a run as long as the cards left must still be within the longest run allowed)
    if rules.twos is not _NATURAL or rules.min_naturals != 1:
        if natural_suits(rules, counts) > 1:
            return
        for suit in range(5):
            if suit < 4 and not any(counts[suit * 13 : suit * 13 + 13]) and not counts[DEAD + suit]:
                continue
            # a run of ``total`` cards out of ``total`` uses every one of them
            yield from wild_runs(rules, counts, suit, total, total)
        return
    suits = {i // 13 for i in range(52) if counts[i]}
    if len(suits) != 1:
        return
    for run in _plain_runs(rules, counts, total, total):
        if run.count(J) == counts[J]:
            yield run
