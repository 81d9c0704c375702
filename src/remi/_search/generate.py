"""Generators of lay-downs from a hand's card counts.

Private: the state machine lists legal lay-downs lazily through these. A hand
is a list of :data:`~remi.cards.CARD_SLOTS` counts indexed by :attr:`Card.index`
(52 is the joker, 53–56 the dead twos); the
candidate melds come from the search kernel, :mod:`remi._search.kernel`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from remi._search.kernel import DEAD as _DEAD
from remi._search.kernel import J as _J
from remi._search.kernel import (
    all_in_run,
    all_in_set,
    candidates,
    natural_suits,
    plain_rules,
    set_naturals,
    wild_count,
    wild_types,
)
from remi.actions import LayDown
from remi.cards import CARDS
from remi.contracts import Contract, RunSpan, run_span, runs_too_close
from remi.melds import JokerCap, Meld, MeldKind, MeldRules, Twos

_SET = MeldKind.SET
_RUN = MeldKind.RUN
_NATURAL = Twos.NATURAL


def laydowns(
    rules: MeldRules,
    contract: Contract,
    *,
    exact: bool,
    piecemeal: bool,
    done: frozenset[int],
    counts: list[int],
    hand_size: int,
    all_in: bool,
    keep: int,
    run_gap: int = 0,
) -> Iterator[LayDown]:
    """Every legal lay-down, each exactly once.

    Args:
        rules: The meld rules.
        contract: The player's contract.
        exact: Whether sizes are exact.
        piecemeal: Whether any non-empty part of the open requirements may go down.
        done: Requirement indices already laid.
        counts: The hand as card counts.
        hand_size: Cards in hand.
        all_in: Whether the lay-down must use the whole hand.
        keep: Cards that must stay in hand (1 when going out needs a discard).
        run_gap: The contracts' ``same_suit_run_gap`` where their own check is the
            default (0 otherwise): lay-downs holding two runs of one suit closer than
            that are dropped as soon as the second run is chosen. The listing still
            asks the contract-level check of every lay-down.
    """
    groups, order = _open_groups(contract, done)
    plain = plain_rules(rules)
    if all_in and all(kind is _RUN for kind, _ in groups):
        # all-in with runs only: each suit held needs a run of its own
        if plain:
            suits = sum(1 for base in (0, 13, 26, 39) if any(counts[base : base + 13]))
        else:
            suits = natural_suits(rules, counts)
        if suits > sum(groups.values()):
            return
    elif all_in and not _suits_and_ranks_cover(rules, counts, groups):
        return
    checked = not all_in and not exact and not piecemeal and _prunable(rules, groups)
    if checked and rules.twos is not _NATURAL and any(counts[_DEAD:]):
        checked = False  # (the bounds count no dead 2, S15, as a run's natural: they would prune too much)
    if checked and (
        not _may_fit(rules, groups, counts) or not _feasible(rules, sorted(groups.items(), key=_runs_first), counts)
    ):
        return
    # Fail fast: a requirement nothing in the hand can fulfil rules out every
    # lay-down that includes it. Search runs (usually scarcer) before sets.
    keys = []
    for key in order:
        if checked or next(candidates(rules, counts, key[0], key[1], exact), None) is not None:
            keys.append(key)
        elif not piecemeal:
            return
    if not keys:
        return
    if piecemeal:
        choices = [c for c in product(*(range(groups[k] + 1) for k in keys)) if any(c)]
    else:
        choices = [tuple(groups[k] for k in keys)]
    kinds = {k[0] for k in keys}
    # requirements of one kind with different minimum sizes: one lay-down may meet them in
    # several ways; only the canonical way is listed (nothing is remembered between yields)
    slots = _slots(keys, groups) if len(kinds) < len(keys) and not exact else None
    for choice in choices:
        plan = [key for key, n in zip(keys, choice, strict=True) for _ in range(n)]
        for melds in _walk(rules, plan, counts, exact, hand_size, all_in, keep, run_gap):
            if slots is not None and not _canonical(slots, plan, melds):
                continue
            yield _laydown(melds)


_Groups = dict[tuple[MeldKind, int], int]
#: Per contract (by identity) and requirements laid: the open requirements grouped by (kind, size),
#: and those groups in search order (runs first, smaller first). Read only; emptied past 1024 entries.
_OPEN_GROUPS: dict[tuple[int, frozenset[int]], tuple[Contract, _Groups, list[tuple[MeldKind, int]]]] = {}


def _open_groups(contract: Contract, done: frozenset[int]) -> tuple[_Groups, list[tuple[MeldKind, int]]]:
    """The open requirements of ``contract`` as (kind, size) counts, and those keys in search order."""
    found = _OPEN_GROUPS.get((id(contract), done))
    if found is None or found[0] is not contract:
        groups: _Groups = {}
        for i, req in enumerate(contract.requirements):
            if i not in done:
                groups[(req.kind, req.size)] = groups.get((req.kind, req.size), 0) + 1
        if len(_OPEN_GROUPS) > 1024:
            _OPEN_GROUPS.clear()
        found = _OPEN_GROUPS[(id(contract), done)] = (
            contract, groups, sorted(groups, key=lambda k: (k[0] is _SET, k[1])))
    return found[1], found[2]


def _prunable(rules: MeldRules, groups: dict[tuple[MeldKind, int], int]) -> bool:
    """Whether :func:`_may_fit` and :func:`_feasible` are exact for these requirements (minimum sizes).

    They assume that each meld needs a natural and that every valid meld
    holds a valid meld of the requirement's size: true for sets whenever
    ``min_naturals`` fits the size; for runs, under the joker cap, when the
    size is even (a run of odd size may have no window of that size within
    the cap: ``4H JK JK 7H`` and a run of 3) and ``min_naturals`` is at most
    half of it, and, without the cap, when one natural will do.
    """
    need = rules.min_naturals
    if need == 0:
        return False  # melds of wilds only escape the counting bound
    cap = rules.joker_cap is JokerCap.NATURALS
    for kind, size in groups:
        if need > size:
            return False
        if kind is _RUN and ((size % 2 or need > size // 2) if cap else need > 1):
            return False
    return True


def _slots(keys: list[tuple[MeldKind, int]], groups: dict[tuple[MeldKind, int], int]) -> dict[MeldKind, list[int]]:
    """Per kind, the sizes of the open requirements, smallest first (with repeats)."""
    slots: dict[MeldKind, list[int]] = {}
    for kind, size in sorted(keys, key=lambda k: k[1]):
        slots.setdefault(kind, []).extend([size] * groups[(kind, size)])
    return slots


def _canonical(
    slots: dict[MeldKind, list[int]], plan: list[tuple[MeldKind, int]], melds: list[tuple[MeldKind, tuple[int, ...]]]
) -> bool:
    """Whether ``melds`` meet the requirements of ``plan`` in the canonical way.

    The canonical way gives each meld, shortest first (then by cards), the
    smallest open requirement of its kind that it fulfils; it succeeds
    whenever any way does (a longer meld fulfils every requirement a shorter
    one does). Sizes are minimums here (exact sizes are never ambiguous).
    """
    wanted: dict[tuple[MeldKind, int], list[tuple[int, ...]]] = {}
    for kind, sizes in slots.items():
        free = sizes[:]
        for cards in sorted((cards for k, cards in melds if k is kind), key=lambda c: (len(c), c)):
            for i, size in enumerate(free):
                if size <= len(cards):
                    wanted.setdefault((kind, size), []).append(cards)
                    del free[i]
                    break
            else:  # pragma: no cover - the walk only yields melds that fulfil the plan
                return False
    got: dict[tuple[MeldKind, int], list[tuple[int, ...]]] = {}
    for key, (_, cards) in zip(plan, melds, strict=True):
        got.setdefault(key, []).append(cards)
    return all(sorted(cards) == sorted(wanted.get(key, ())) for key, cards in got.items()) and len(got) == len(wanted)


#: Per run size, per suit's counts (ace first): the suit's naturals, the most values it holds in one
#: window of that size (the ace low or high), and at most how many runs of that size its naturals make
#: alone. Emptied past :data:`_MOST_SUITS` entries.
_SUIT_RUNS: dict[int, dict[tuple[int, ...], tuple[int, int, int]]] = {}
_MOST_SUITS = 1 << 16


def _suit_runs(suit: tuple[int, ...], size: int) -> tuple[int, int, int]:
    """What :data:`_SUIT_RUNS` holds for ``suit`` and ``size``."""
    mask = 0
    for offset, n in enumerate(suit):
        if n:
            mask |= 1 << offset
    if mask & 1:
        mask |= 1 << 13  # the ace high
    window = (1 << size) - 1
    best = max((mask & (window << start)).bit_count() for start in range(max(1, 15 - size)))
    runs = 0
    if best == size:  # natural-only runs: at most the cards of each unbroken stretch
        stretch = 0
        for held in (*suit, suit[0]):  # the ace low and high
            if held:
                stretch += held
            else:
                runs += stretch // size
                stretch = 0
        runs += stretch // size
    return sum(suit), best, runs


def _may_fit(rules: MeldRules, groups: dict[tuple[MeldKind, int], int], counts: list[int]) -> bool:
    """A cheap necessary condition for meeting every requirement at once (minimum sizes).

    Counts only: a set of size ``m`` needs ``m`` naturals of one rank, or at
    least ``k`` (the cap's minimum) plus one joker or more; a run needs
    ``k`` naturals of its suit inside one window with the gaps within the
    joker budget. Each joker adds at most one meld beyond the natural ones, so
    the melds that natural cards alone cannot make need a joker each.
    """
    # (where 2s are wild, each 2 counts as a joker and as a natural: the bound only loosens)
    jokers = counts[_J] if rules.twos is _NATURAL else wild_count(rules, counts)
    cap = rules.joker_cap is JokerCap.NATURALS
    short = 0  # melds that need a joker, over all requirements
    for (kind, size), needed in groups.items():
        least = (size + 1) // 2 if cap else 1
        if kind is _SET:
            natural = extra = 0
            for naturals in set_naturals(counts, rules.set_distinct_suits):
                if naturals:
                    natural += naturals // size
                    extra += naturals // least - naturals // size
            if natural + min(jokers, extra) < needed:
                return False
            short += max(0, needed - natural)
        elif not rules.run_wrap:  # (the windows know no wrap-around)
            possible = natural = 0
            known = _SUIT_RUNS.get(size)
            if known is None or len(known) > _MOST_SUITS:
                known = _SUIT_RUNS[size] = {}
            for suit in (tuple(counts[0:13]), tuple(counts[13:26]), tuple(counts[26:39]), tuple(counts[39:52])):
                found = known.get(suit)
                if found is None:
                    found = known[suit] = _suit_runs(suit, size)
                naturals, best, runs = found
                if naturals < least:
                    continue
                if best >= least and size - best <= jokers:
                    possible += naturals // least
                natural += runs
            if possible < needed:
                return False
            short += max(0, needed - natural)
    return short <= jokers


def _runs_first(group: tuple[tuple[MeldKind, int], int]) -> tuple[bool, int]:
    """Search order: runs (usually the scarcer melds) before sets, larger first."""
    (kind, size), _ = group
    return (kind is _SET, -size)


def _feasible(
    rules: MeldRules,
    plan: list[tuple[tuple[MeldKind, int], int]],
    counts: list[int],
    floor: tuple[int, ...] = (),
) -> bool:
    """Whether the requirements can all be met at once, trying minimum-size melds only.

    Exact when sizes are minimums: every valid meld holds a valid meld of the
    minimum size (a set keeps two naturals and one more card; a run of length
    four or more always has a four-card window with no more jokers than
    naturals), and a smaller meld only leaves more cards for the others.
    Melds for one requirement group are tried in increasing order (``floor``),
    so each combination is tried once.
    """
    if not plan:
        return True
    (kind, size), n = plan[0]
    same = n > 1
    rest = plan[1:] if n == 1 else [((kind, size), n - 1), *plan[1:]]
    # the caller has bounded this plan; bound each remaining one before searching it
    bound = dict(rest) if len(rest) > 1 or (rest and rest[0][1] > 1) else None
    for cards in candidates(rules, counts, kind, size, True):
        if cards < floor:
            continue
        for i in cards:
            counts[i] -= 1
        ok = (bound is None or _may_fit(rules, bound, counts)) and _feasible(rules, rest, counts, cards if same else ())
        for i in cards:
            counts[i] += 1
        if ok:
            return True
    return False


def _suits_and_ranks_cover(rules: MeldRules, counts: list[int], groups: dict[tuple[MeldKind, int], int]) -> bool:
    """Whether some suits, one per run required, leave naturals of no more ranks than sets required.

    All-in puts every natural into a run of its suit or a set of its rank: a
    necessary condition, cheap where wilds make the candidate melds too many
    to list (a 22-card hand with five wilds). Where 2s may be wild they are
    left out, so the bound only loosens.
    """
    runs = sum(n for (kind, _), n in groups.items() if kind is _RUN)
    sets = sum(groups.values()) - runs
    skip_two = rules.twos is not Twos.NATURAL
    ranks = [
        frozenset(r for r in range(13) if counts[base + r] and not (skip_two and r == 1)) for base in (0, 13, 26, 39)
    ]
    held = [suit for suit in range(4) if ranks[suit]]
    if len(held) <= runs:
        return True
    return any(
        len(frozenset().union(*(ranks[suit] for suit in held if suit not in chosen))) <= sets
        for chosen in combinations(held, runs)
    )


#: The melds built so far, sets and runs, by their card indices: a listing's lay-downs share
#: their melds (immutable), and so do the listings of the hands a match goes through.
_SET_MELDS: dict[tuple[int, ...], Meld] = {}
_RUN_MELDS: dict[tuple[int, ...], Meld] = {}
_MOST_MELDS = 1 << 16  # each dict is emptied when it grows past this


def built_meld(is_run: bool, cards: tuple[int, ...]) -> Meld:
    """The meld of card indices ``cards`` (a set's sorted), known valid: not checked again (hot path)."""
    known = _RUN_MELDS if is_run else _SET_MELDS
    meld = known.get(cards)
    if meld is None:
        if len(known) >= _MOST_MELDS:
            known.clear()
        meld = known[cards] = object.__new__(Meld)
        object.__setattr__(meld, "kind", _RUN if is_run else _SET)
        object.__setattr__(meld, "cards", tuple([CARDS[i] for i in cards]))
    return meld


def _laydown(melds: list[tuple[MeldKind, tuple[int, ...]]]) -> LayDown:
    """Build a LayDown from generated melds without re-validating them (hot path)."""
    built = [built_meld(is_run, cards) for is_run, cards in sorted([(kind is _RUN, cards) for kind, cards in melds])]
    action = object.__new__(LayDown)
    object.__setattr__(action, "melds", tuple(built))
    return action


_Key = tuple[MeldKind, int]
#: What one walk remembers: the dead ends of :func:`_cover_exists`, and the spans of the runs met.
_Known = tuple[set[tuple[object, ...]], dict[tuple[int, ...], RunSpan | None]]


def _walk(
    rules: MeldRules,
    plan: list[tuple[MeldKind, int]],
    counts: list[int],
    exact: bool,
    hand_size: int,
    all_in: bool,
    keep: int,
    run_gap: int = 0,
) -> Iterator[list[tuple[MeldKind, tuple[int, ...]]]]:
    chosen: list[tuple[MeldKind, tuple[int, ...]]] = []
    # M8 and the like: the spans of the runs chosen so far, where two runs of one suit need a gap
    spans: list[RunSpan | None] = []
    gapped = run_gap > 0 and sum(kind is _RUN for kind, _ in plan) > 1
    need = [size for _, size in plan]
    suffix = [sum(need[i:]) for i in range(len(need) + 1)]
    covering = all_in and len(plan) > 1
    known: _Known = (set(), {})
    merge_twos = rules.twos is Twos.WILD

    def covered(rest: tuple[_Key, ...]) -> bool:
        """Whether melds for ``rest`` can take every card left (N18)."""
        work = counts[:]
        if merge_twos and not any(work[_DEAD:]):  # M4: a 2 is a wild like a joker, and nothing else
            for two in (1, 14, 27, 40):
                work[_J] += work[two]
                work[two] = 0
        return _cover_exists(rules, rest, work, exact, run_gap, tuple(spans), known)

    def step(k: int, used: int) -> Iterator[list[tuple[MeldKind, tuple[int, ...]]]]:
        if k == len(plan):
            if all_in and used != hand_size:
                return
            if hand_size - used < keep:
                return
            yield list(chosen)
            return
        if hand_size - used - suffix[k] < (0 if all_in else keep):
            return
        kind, size = plan[k]
        same_as_previous = k > 0 and plan[k - 1] == plan[k]
        last = k == len(plan) - 1
        if all_in and last:  # the last meld takes every card left
            source: Iterator[tuple[int, ...]] = (all_in_run if kind is _RUN else all_in_set)(rules, counts, size, exact)
        else:
            source = candidates(rules, counts, kind, size, exact)
        spaced = gapped and kind is _RUN
        for cards in source:
            if same_as_previous and cards < chosen[-1][1]:
                continue
            if spaced:
                span = _span(rules, cards, known)
                if any(runs_too_close(span, other, run_gap) for other in spans):
                    continue  # (every lay-down holding these two runs breaks the gap)
                spans.append(span)
            for i in cards:
                counts[i] -= 1
            # N18: all-in walks on only where the requirements left can take every card left (a last
            # meld left is looked for directly)
            if not covering or k + 2 >= len(plan) or covered(tuple(plan[k + 1 :])):
                chosen.append((kind, cards))
                yield from step(k + 1, used + len(cards))
                chosen.pop()
            for i in cards:
                counts[i] += 1
            if spaced:
                spans.pop()

    if covering and not covered(tuple(plan)):
        return
    yield from step(0, 0)


def _span(rules: MeldRules, cards: tuple[int, ...], known: _Known) -> RunSpan | None:
    """The span of the run ``cards`` (:func:`remi.contracts._run_span`), remembered in ``known``."""
    spans = known[1]
    if cards in spans:
        return spans[cards]
    span = spans[cards] = run_span(rules, built_meld(True, cards).cards)
    return span


def _cover_exists(
    rules: MeldRules,
    plan: tuple[_Key, ...],
    counts: list[int],
    exact: bool,
    run_gap: int,
    spans: tuple[RunSpan | None, ...],
    known: _Known,
) -> bool:
    """Whether melds, one per key of ``plan``, use every card of ``counts`` (all-in), runs ``run_gap`` apart.

    An exact cover: the lowest natural left lies in one of the melds, so only
    the melds holding it are tried, for each distinct open requirement (the
    first open one alone once only wilds are left). ``known`` remembers the
    dead ends (by counts, open requirements and the spans of the runs laid)
    and the runs' spans. ``counts`` are the search's own: the caller may count
    the 2s as jokers where nothing else tells them apart (see ``_walk``).
    """
    dead_ends = known[0]
    memo = (tuple(counts), plan, spans)
    if memo in dead_ends:
        return False
    need = sum(size for _, size in plan)
    total = sum(counts)
    if total < need or (exact and total != need):
        dead_ends.add(memo)
        return False
    gapped = run_gap > 0
    if len(plan) == 1:
        kind, size = plan[0]
        for cards in (all_in_run if kind is _RUN else all_in_set)(rules, counts, size, exact):
            if not gapped or kind is _SET or not any(
                    runs_too_close(_span(rules, cards, known), other, run_gap) for other in spans):
                return True
        dead_ends.add(memo)
        return False
    wild = wild_types(rules)
    must = next((i for i in range(52) if counts[i] and i not in wild), -1)
    tried = set()
    for at, key in enumerate(plan if must >= 0 else plan[:1]):
        if key in tried:
            continue
        tried.add(key)
        kind, size = key
        source = counts
        if must >= 0:  # only the melds of its suit (a run) or rank (a set) may hold it
            source = [0] * len(counts)
            for i in (range(must - must % 13, must - must % 13 + 13) if kind is _RUN else range(must % 13, 52, 13)):
                source[i] = counts[i]
            for i in wild:
                source[i] = counts[i]
            if kind is _RUN and len(counts) > _DEAD:
                source[_DEAD + must // 13] = counts[_DEAD + must // 13]
        rest = plan[:at] + plan[at + 1 :]
        for cards in list(candidates(rules, source, kind, size, exact)):
            if must >= 0 and must not in cards:
                continue
            more = spans
            if gapped and kind is _RUN:
                span = _span(rules, cards, known)
                if any(runs_too_close(span, other, run_gap) for other in spans):
                    continue
                more = (*spans, span)
            for i in cards:
                counts[i] -= 1
            found = _cover_exists(rules, rest, counts, exact, run_gap, more, known)
            for i in cards:
                counts[i] += 1
            if found:
                return True
    dead_ends.add(memo)
    return False
