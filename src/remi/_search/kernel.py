"""The search kernel over card counts: the runs and sets a hand's counts allow (private).

One place for what the listing (:mod:`remi._search.generate`), the solver
(:mod:`remi._search.tables`) and the greedy bot's planner (:mod:`remi._search.planner`)
all need to know about melds over counts. The testing reference
(:func:`remi.testing.brute_force_valid`) stays apart from it on purpose: it
exists to catch this module.

Representation. A hand is a list of :data:`~remi.cards.CARD_SLOTS` counts
indexed by :attr:`Card.index`: ``suit * 13 + rank`` for the live naturals
(rank 0 = ace … 12 = king; suits in :class:`~remi.cards.Suit` order),
:data:`J` for the joker and ``DEAD + suit`` for the dead twos (S15): a
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
melds of wilds only are candidates too (:data:`WILDS_ONLY_RANK` and
:data:`WILDS_ONLY_SUIT` stand for them).
A suit's runs (a rank's sets) depend only on that suit's (rank's) counts and
the wild pool, so the lists are cached per meld rules, kept only if small.

The solver's candidates are the kernel's second half, :mod:`remi._search.scored`:
scored, one per distinct use of cards, on the same line of values.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations, compress, product

from remi.cards import CARD_SLOTS, DEAD_TWOS, JOKER, Card
from remi.melds import JokerCap, MeldKind, MeldRules, Twos, WildCap, longest_run, meld_judge, run_value_bounds, wild_cap

#: The joker's index in a count vector; the live naturals' indices are the ones below it.
J = JOKER.index
#: The 2 of each suit, by card index.
TWOS = (1, 14, 27, 40)
#: The dead 2 of spades' index (S15); the dead 2 of suit ``s`` is ``DEAD + s``.
DEAD = DEAD_TWOS[0].index
#: The index of each suit's ace, where its 13 naturals start.
SUIT_STARTS = (0, 13, 26, 39)
#: The rank (of :func:`wild_sets`) and the suit (of :func:`wild_runs`) that stand for melds of wilds only.
WILDS_ONLY_RANK = 13
WILDS_ONLY_SUIT = 4
#: The meld kinds and the ordinary rule for 2s, bound once: an enum member's lookup is slow on a hot path.
SET = MeldKind.SET
RUN = MeldKind.RUN
NATURAL_TWOS = Twos.NATURAL


# -- count vectors -------------------------------------------------------------


def counts_of(cards: Iterable[Card]) -> list[int]:
    """The counts of ``cards``, one per card index."""
    counts = [0] * CARD_SLOTS
    for card in cards:
        counts[card.index] += 1
    return counts


def plain_rules(rules: MeldRules) -> bool:
    """Whether the ordinary rules' fast path applies: 2s natural and one natural per meld."""
    return rules.twos is NATURAL_TWOS and rules.min_naturals == 1


def wild_types(rules: MeldRules) -> tuple[int, ...]:
    """The card indices that are wild in runs (and in sets other than sets of twos), in index order."""
    return (J,) if rules.twos is NATURAL_TWOS else (*TWOS, J)


def wild_count(rules: MeldRules, counts: list[int]) -> int:
    """How many wilds ``counts`` hold, and dead 2s (S15): the bounds that use it only loosen."""
    if rules.twos is NATURAL_TWOS:
        return counts[J]
    return counts[J] + sum([counts[two] for two in TWOS]) + sum(counts[DEAD:])


def natural_suits(rules: MeldRules, counts: list[int]) -> int:
    """How many suits ``counts`` hold a natural of (wild 2s do not count; dead 2s do, S15)."""
    if rules.twos is NATURAL_TWOS:
        return sum(1 for start in SUIT_STARTS if any(counts[start : start + 13]))
    return sum(1 for suit, start in enumerate(SUIT_STARTS)
               if counts[start] or any(counts[start + 2 : start + 13]) or counts[DEAD + suit])


def ranks(counts: list[int]) -> zip[tuple[int, int, int, int]]:
    """Each rank's counts in the four suits, ace first."""
    return zip(counts[0:13], counts[13:26], counts[26:39], counts[39:J], strict=True)


def set_naturals(counts: list[int], distinct: bool) -> list[int]:
    """Per rank (ace first), the naturals a set of it may hold: its copies, or the suits held where suits differ."""
    if distinct:
        return [(spades > 0) + (hearts > 0) + (diamonds > 0) + (clubs > 0)
                for spades, hearts, diamonds, clubs in ranks(counts)]
    return [spades + hearts + diamonds + clubs for spades, hearts, diamonds, clubs in ranks(counts)]


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


def _rank_copies(counts: list[int], rank: int, distinct: bool) -> list[int]:
    """The copies of ``rank`` held in each suit a set may take: at most one a suit where suits differ."""
    held = counts[rank:J:13]
    return [min(copies, 1) for copies in held] if distinct else held


def _set_naturals(rank: int, copies: tuple[int, ...]) -> list[int]:
    """The card indices of ``copies[suit]`` naturals of ``rank`` in each suit, suits in order."""
    naturals: list[int] = []
    for suit, taken in enumerate(copies):
        naturals.extend([suit * 13 + rank] * taken)
    return naturals


def _plain_sets(rules: MeldRules, counts: list[int], low: int, high: int | None) -> Iterator[tuple[int, ...]]:
    """Every set (as sorted card indices) with a size in [low, high] from ``counts`` (ordinary rules)."""
    jokers = counts[J]
    cap = wild_cap(rules)
    for rank in range(13):
        held = _rank_copies(counts, rank, rules.set_distinct_suits)
        most_naturals = sum(held)
        if most_naturals == 0 or most_naturals + cap.beside(jokers, most_naturals) < low:
            continue
        for copies in product(*(range(taken + 1) for taken in held)):
            naturals = sum(copies)
            if naturals == 0:
                continue
            chosen = _set_naturals(rank, copies)
            for wilds in range(cap.beside(jokers, naturals), -1, -1):
                size = naturals + wilds
                if size >= low and (high is None or size <= high):
                    yield (*chosen, *([J] * wilds))


#: Every multiset of wilds by (kinds, how many of each there are, how many are taken), once worked out.
_MULTISETS: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}
_MULTISETS_LIMIT = 4096


def _multisets(wild_kinds: tuple[int, ...], available: tuple[int, ...], count: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``count`` wilds (indices in order) with at most ``available[k]`` of ``wild_kinds[k]``.

    The most of the first kind first. Remembered: a hand's sets ask the same
    few questions over and over, rank after rank.
    """
    key = (wild_kinds, available, count)
    found = _MULTISETS.get(key)
    if found is None:
        if len(_MULTISETS) >= _MULTISETS_LIMIT:
            _MULTISETS.clear()
        found = _MULTISETS[key] = tuple(_multisets_from(wild_kinds, available, count, 0))
    return found


def _multisets_from(
    wild_kinds: tuple[int, ...], available: tuple[int, ...], count: int, first: int
) -> Iterator[tuple[int, ...]]:
    """:func:`_multisets` of the kinds from ``first`` on (the recursion)."""
    if count == 0:
        yield ()
        return
    if first == len(wild_kinds):
        return
    rest = sum(available[first + 1 :])
    for taken in range(min(count, available[first]), -1, -1):
        if count - taken > rest:
            break
        head = (wild_kinds[first],) * taken
        for tail in _multisets_from(wild_kinds, available, count - taken, first + 1):
            yield head + tail


def _arrangements(wild_kinds: tuple[int, ...], left: list[int], count: int) -> Iterator[tuple[int, ...]]:
    """Every distinct sequence of ``count`` wilds, at most ``left[k]`` of ``wild_kinds[k]`` (``left`` is restored)."""
    if count == 0:
        yield ()
        return
    for kind, card in enumerate(wild_kinds):
        if left[kind]:
            left[kind] -= 1
            for tail in _arrangements(wild_kinds, left, count - 1):
                yield (card, *tail)
            left[kind] += 1


def _suit_choices(held: list[int]) -> Iterator[tuple[int, ...]]:
    """Every choice of 0..held[suit] copies per suit, the first suit varying fastest."""
    if not held:
        yield ()
        return
    for tail in _suit_choices(held[1:]):
        for taken in range(held[0] + 1):
            yield (taken, *tail)


def _wilds_only_sets(rules: MeldRules, counts: list[int], low: int, high: int | None) -> Iterator[tuple[int, ...]]:
    """Every set of wilds alone with a size in [low, high]: only with ``min_naturals`` 0 and no joker cap."""
    if rules.min_naturals or rules.joker_cap is JokerCap.NATURALS:
        return
    wild_kinds = (*TWOS, J) if rules.twos is Twos.WILD else (J,)  # (2s alone make a set of twos otherwise)
    available = tuple(counts[kind] for kind in wild_kinds)
    most = sum(available) if high is None else min(high, sum(available))
    for size in range(max(low, 1), most + 1):
        yield from _multisets(wild_kinds, available, size)


def wild_sets(rules: MeldRules, counts: list[int], rank: int, low: int, high: int | None) -> Iterator[tuple[int, ...]]:
    """Every set of ``rank`` (0 = ace … 12 = king; 13: wilds only) with a size in [low, high], any rules."""
    if rank == WILDS_ONLY_RANK:
        yield from _wilds_only_sets(rules, counts, low, high)
        return
    twos = rules.twos
    if rank == 1 and twos is Twos.WILD:
        return  # a 2 is never a natural
    cap = wild_cap(rules)
    least = max(1, rules.min_naturals)
    wild_kinds = (J,) if rank == 1 or twos is NATURAL_TWOS else (*TWOS, J)
    available = tuple(counts[kind] for kind in wild_kinds)
    wilds = sum(available)
    for copies in _suit_choices(_rank_copies(counts, rank, rules.set_distinct_suits)):
        naturals = sum(copies)
        if naturals < least:
            continue
        chosen = _set_naturals(rank, copies)
        for taken_wilds in range(cap.beside(wilds, naturals), -1, -1):
            size = naturals + taken_wilds
            if size < low or (high is not None and size > high):
                continue
            for extra in _multisets(wild_kinds, available, taken_wilds):
                yield tuple(sorted((*chosen, *extra)))


# -- runs ------------------------------------------------------------------------


def _held_prefix(held: list[int], span: int) -> list[int]:
    """For each value of the line (1 to ``span``), how many values up to it the suit ``held`` has a natural of."""
    prefix = [0]
    for value in range(1, span + 1):
        prefix.append(prefix[-1] + (1 if held[(value - 1) % 13] else 0))
    return prefix


def _plain_runs(rules: MeldRules, counts: list[int], low: int, high: int) -> Iterator[tuple[int, ...]]:
    """Every run (card indices in order, jokers in place) with a length in [low, high] (ordinary rules)."""
    jokers = counts[J]
    cap = wild_cap(rules)
    windows = run_windows(rules, low, high)
    span = 27 if rules.run_wrap else 14
    joker_budgets = [min(jokers, budget) for budget in cap.run_wilds[: max(high, low) + 1]]
    for start_index in SUIT_STARTS:
        held = counts[start_index : start_index + 13]
        if not any(held):
            continue
        prefix = _held_prefix(held, span)
        for start, length in windows:
            # quick reject: the gaps must fit the joker budget
            naturals = prefix[start + length - 1] - prefix[start - 1]
            budget = joker_budgets[length]
            if naturals == 0 or length - naturals > budget:
                continue
            indices = [start_index + (start + offset - 1) % 13 for offset in range(length)]
            if length > 13:  # the ace (or more) twice: count copies card by card
                yield from _fill(indices, counts, jokers, cap)
            else:
                yield from _window_plain_runs(indices, counts, budget)


def _window_plain_runs(indices: list[int], counts: list[int], budget: int) -> Iterator[tuple[int, ...]]:
    """Every run on one window of distinct cards: jokers in its gaps and, within ``budget``, for naturals held."""
    held_places = [place for place, index in enumerate(indices) if counts[index]]
    gaps = len(indices) - len(held_places)
    filled = [index if counts[index] else J for index in indices]
    for replaced in range(min(budget - gaps, len(held_places) - 1) + 1):  # (a run keeps a natural)
        for places in combinations(held_places, replaced):
            run = filled[:]
            for place in places:
                run[place] = J
            yield tuple(run)


def _fill(indices: list[int], counts: list[int], jokers: int, cap: WildCap) -> Iterator[tuple[int, ...]]:
    """Every way to fill the run positions with naturals (if held) or jokers, copy by copy."""
    length = len(indices)
    max_jokers = min(jokers, cap.run_wilds[length])
    used: dict[int, int] = {}
    chosen: list[int] = []

    def walk(place: int, jokers_used: int, naturals: int) -> Iterator[tuple[int, ...]]:
        """The runs that fill the places from ``place`` on, given the places before it."""
        if place == length:
            if naturals:
                yield tuple(chosen)
            return
        index = indices[place]
        if counts[index] - used.get(index, 0) > 0:
            used[index] = used.get(index, 0) + 1
            chosen.append(index)
            yield from walk(place + 1, jokers_used, naturals + 1)
            chosen.pop()
            used[index] -= 1
        if jokers_used < max_jokers:
            chosen.append(J)
            yield from walk(place + 1, jokers_used + 1, naturals)
            chosen.pop()

    yield from walk(0, 0, 0)


def _wilds_only_runs(rules: MeldRules, counts: list[int], low: int, high: int) -> Iterator[tuple[int, ...]]:
    """Every run of wilds alone, every arrangement of every length that fits: only with ``min_naturals`` 0, no cap."""
    if rules.min_naturals or rules.joker_cap is JokerCap.NATURALS:
        return
    wild_kinds = wild_types(rules)
    left = [counts[kind] for kind in wild_kinds]
    for length in range(max(low, 1), min(high, longest_run(rules), sum(left)) + 1):
        yield from _arrangements(wild_kinds, left, length)


def wild_runs(rules: MeldRules, counts: list[int], suit: int, low: int, high: int) -> Iterator[tuple[int, ...]]:
    """Every run of ``suit`` (4: wilds only) with a length in [low, high], wilds in place, any rules."""
    if suit == WILDS_ONLY_SUIT:
        yield from _wilds_only_runs(rules, counts, low, high)
        return
    cap = wild_cap(rules)
    wild_kinds = wild_types(rules)
    left = [counts[kind] for kind in wild_kinds]
    wilds = sum(left)
    least = max(1, rules.min_naturals)
    twos_wild = rules.twos is not NATURAL_TWOS
    start_index = suit * 13
    two = start_index + 1
    # S15: where 2s are wild, the 2's place takes the dead 2 of the suit as its natural
    two_natural = DEAD + suit if twos_wild and counts[DEAD + suit] else two
    for start, length in run_windows(rules, low, high):
        indices = [start_index + (start + offset - 1) % 13 for offset in range(length)]
        if two_natural != two:
            indices = [two_natural if index == two else index for index in indices]
        held_places = [place for place, index in enumerate(indices)
                       if counts[index] and not (twos_wild and index == two)]  # (a live 2 is a wild there)
        gaps = length - len(held_places)
        if gaps > wilds or len(held_places) < least or not cap.allows(gaps, len(held_places)):
            continue
        most_wilds = min(wilds, length - least, cap.within(length))
        yield from _window_wild_runs(indices, held_places, counts, wild_kinds, left, range(gaps, most_wilds + 1))


def _window_wild_runs(
    indices: list[int],
    held_places: list[int],
    counts: list[int],
    wild_kinds: tuple[int, ...],
    left: list[int],
    wild_totals: range,
) -> Iterator[tuple[int, ...]]:
    """Every run on one window holding a number of wilds in ``wild_totals``.

    The wilds take the window's gaps and the places of some naturals held,
    each distinct arrangement of the wild pool ``left`` over those places.
    """
    length = len(indices)
    gaps = length - len(held_places)
    repeated = len(set(indices)) < length  # the ace twice (or, with wrap, some card twice)
    for wilds in wild_totals:
        for replaced in combinations(held_places, wilds - gaps):
            kept = [place for place in held_places if place not in replaced]
            if repeated and not _copies_held(indices, kept, counts):
                continue
            run = [J] * length
            for place in kept:
                run[place] = indices[place]
            wild_places = [place for place in range(length) if run[place] == J]
            for wild_cards in _arrangements(wild_kinds, left, wilds):
                for place, card in zip(wild_places, wild_cards, strict=True):
                    run[place] = card
                yield tuple(run)


def _copies_held(indices: list[int], kept: list[int], counts: list[int]) -> bool:
    """Whether ``counts`` hold every natural the places ``kept`` of a window take, copy by copy."""
    wanted: dict[int, int] = {}
    for place in kept:
        wanted[indices[place]] = wanted.get(indices[place], 0) + 1
    return all(counts[index] >= copies for index, copies in wanted.items())


# -- the listing's candidates, cached ----------------------------------------------

# A list is generated lazily and kept only if it is small, so a hand full of
# wilds still gives its first lay-down at once; up to _EAGER_JOKERS jokers
# (ordinary rules) a list is small: it is built whole.
_KEEP_AT_MOST = 4000
_EAGER_JOKERS = 2
_CACHE_LIMIT = 100_000
# (0 for sets or 1 for runs, rank or suit, its counts, jokers or the wild pool, low, high)
_CacheKey = tuple[int, int, tuple[int, ...], int | tuple[int, ...], int, int | None]
_Cache = dict[_CacheKey, tuple[tuple[int, ...], ...] | None]
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


def _remember(cache: _Cache, key: _CacheKey, source: Iterator[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    """Yield ``source``, keeping it in ``cache`` once read to the end if it is small."""
    kept: list[tuple[int, ...]] | None = []
    for meld in source:
        if kept is not None:
            kept.append(meld)
            if len(kept) > _KEEP_AT_MOST:
                kept = None
        yield meld
    cache[key] = tuple(kept) if kept is not None else None


def _fresh(cache: _Cache, key: _CacheKey, keep: bool, eager: bool, source: Iterator[tuple[int, ...]]
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
    """Every meld of ``kind`` fulfilling a requirement of ``size`` from ``counts``, each once.

    Where the rules override :meth:`~remi.melds.MeldRules.meld_problem`, only
    the melds it allows (as they would go down) are candidates: a refusing
    hook shrinks every search built on them.
    """
    if rules.twos is not NATURAL_TWOS or rules.min_naturals != 1:
        found = _wild_candidates(rules, counts, kind, size, exact)
    elif kind is SET:
        found = _cached_sets(rules, counts, size, size if exact else rules.set_max)
    else:
        found = _cached_runs(rules, counts, size, size if exact else rules.run_max)
    if type(rules).meld_problem is _NO_HOOK:
        return found
    return allowed_melds(rules, kind, found)


#: The meld hook of the built-in rules, which allows every meld (see :func:`allowed_melds`).
_NO_HOOK = MeldRules.meld_problem


def allowed_melds(rules: MeldRules, kind: MeldKind, found: Iterable[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    """The melds of ``found`` (card indices) that the meld hook of ``rules`` allows to go down, asked once each."""
    judge = meld_judge(rules)
    if judge is None:
        yield from found
        return
    allows = judge.allows
    for cards in found:
        if allows(kind, cards):
            yield cards


def _cached_sets(rules: MeldRules, counts: list[int], low: int, high: int | None) -> Iterator[tuple[int, ...]]:
    """The sets of every rank (ordinary rules), each rank's list from the cache where it is kept."""
    cache = _cache(rules)
    jokers = counts[J]
    cap = wild_cap(rules)
    for rank, held in enumerate(ranks(counts)):
        naturals = held[0] + held[1] + held[2] + held[3]
        if not naturals or naturals + cap.beside(jokers, naturals) < low:
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
    """The runs of every suit (ordinary rules), each suit's list from the cache where it is kept."""
    cache = _cache(rules)
    jokers = counts[J]
    least = max(wild_cap(rules).fewest_naturals(low), 1)
    for suit, start in enumerate(SUIT_STARTS):
        held = tuple(counts[start : start + 13])
        naturals = sum(held)
        if naturals < least or naturals + jokers < low:
            continue
        key = (1, suit, held, jokers, low, high)
        found = cache.get(key, ())
        if found is not None and (found or key in cache):
            yield from found
            continue
        local = [0] * CARD_SLOTS
        local[start : start + 13] = held
        local[J] = jokers
        yield from _fresh(cache, key, found is not None, jokers <= _EAGER_JOKERS,
                          _plain_runs(rules, local, low, high))


def _wild_candidates(
    rules: MeldRules, counts: list[int], kind: MeldKind, size: int, exact: bool
) -> Iterator[tuple[int, ...]]:
    """:func:`candidates` where 2s are wild or a meld needs other than one natural."""
    cache = _cache(rules)
    pool = tuple([counts[kind] for kind in wild_types(rules)])
    if kind is SET:
        high = size if exact else rules.set_max
        twos_never_natural = rules.twos is Twos.WILD
        for rank in range(13):
            held = tuple(counts[rank:J:13])
            if any(held) and not (rank == 1 and twos_never_natural):
                yield from _cached(cache, (0, rank, held, pool, size, high), wild_sets(rules, counts, rank, size, high))
        yield from _cached(cache, (0, WILDS_ONLY_RANK, (), pool, size, high),
                           wild_sets(rules, counts, WILDS_ONLY_RANK, size, high))
        return
    top = size if exact else rules.run_max
    for suit, start in enumerate(SUIT_STARTS):
        held = tuple(counts[start : start + 13])
        if counts[DEAD + suit]:
            held = (*held, counts[DEAD + suit])  # S15: the dead 2s held, a key of their own
        elif not any(held):
            continue
        yield from _cached(cache, (1, suit, held, pool, size, top), wild_runs(rules, counts, suit, size, top))
    yield from _cached(cache, (1, WILDS_ONLY_SUIT, (), pool, size, top),
                       wild_runs(rules, counts, WILDS_ONLY_SUIT, size, top))


def _cached(cache: _Cache, key: _CacheKey, source: Iterator[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
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
    wild_twos = rules.twos is not NATURAL_TWOS
    held_ranks = {index % 13 for index in compress(range(J), counts) if not (wild_twos and index % 13 == 1)}
    if len(held_ranks) > 1:
        return  # naturals of two ranks (2s aside where they may be wild): no one set holds them
    yield from candidates(rules, counts, SET, total, True)


def all_in_run(rules: MeldRules, counts: list[int], size: int, exact: bool) -> Iterator[tuple[int, ...]]:
    """Runs that use every remaining card (the last meld of an all-in lay-down), as the meld hook allows."""
    found = _all_in_runs(rules, counts, size, exact)
    return found if type(rules).meld_problem is _NO_HOOK else allowed_melds(rules, RUN, found)


def _all_in_runs(rules: MeldRules, counts: list[int], size: int, exact: bool) -> Iterator[tuple[int, ...]]:
    """:func:`all_in_run` by the fields alone."""
    total = sum(counts)
    if total < size or (exact and total != size) or total > rules.run_max:
        return  # (a run as long as the cards left must still be within the longest run allowed)
    if not plain_rules(rules):
        if natural_suits(rules, counts) > 1:
            return
        for suit, start in enumerate(SUIT_STARTS):
            if any(counts[start : start + 13]) or counts[DEAD + suit]:
                # a run of ``total`` cards out of ``total`` uses every one of them
                yield from wild_runs(rules, counts, suit, total, total)
        yield from wild_runs(rules, counts, WILDS_ONLY_SUIT, total, total)
        return
    if sum(1 for start in SUIT_STARTS if any(counts[start : start + 13])) != 1:
        return
    for run in _plain_runs(rules, counts, total, total):
        if run.count(J) == counts[J]:
            yield run
