"""Generators of lay-downs from a hand's card counts.

Private: the state machine lists legal lay-downs lazily through these. A hand
is a list of :data:`~remi.cards.CARD_SLOTS` counts indexed by :attr:`Card.index`
(the joker at :data:`~remi._search.kernel.J`, the dead twos from
:data:`~remi._search.kernel.DEAD`); the candidate melds come from the search
kernel, :mod:`remi._search.kernel`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import reduce
from itertools import combinations, compress, product
from operator import or_
from typing import NamedTuple

from remi._search.kernel import (
    DEAD,
    NATURAL_TWOS,
    RUN,
    SET,
    SUIT_STARTS,
    TWOS,
    J,
    all_in_run,
    all_in_set,
    candidates,
    natural_suits,
    set_naturals,
    wild_count,
    wild_types,
)
from remi._search.scored import run_line, suit_bits, window_naturals
from remi._search.shortfall import wilds_suffice
from remi.actions import LayDown
from remi.cards import CARDS
from remi.contracts import Contract, RunSpan, run_span, runs_too_close
from remi.melds import Meld, MeldKind, MeldRules, Twos, wild_cap

#: A requirement as the search sees it: its kind and (minimum or exact) size.
_Requirement = tuple[MeldKind, int]
#: The open requirements, as how many of each (kind, size).
_Groups = dict[_Requirement, int]
#: A meld the walk chose: its kind and its card indices (a set's sorted, a run's in order).
_Chosen = tuple[MeldKind, tuple[int, ...]]
#: Whether a prefix-closed contract-level check refuses the melds chosen so far (see :func:`laydowns`).
PrefixCheck = Callable[[tuple[Meld, ...]], bool]


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
    prefix_refused: PrefixCheck | None = None,
    known_some: bool = False,
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
        prefix_refused: Where the contracts' own check is prefix-closed
            (:attr:`remi.Contracts.prefix_closed`), whether it refuses the melds
            chosen so far: the walk then prunes every lay-down holding them.
        known_some: Whether :func:`some_laydown` has found that one exists (the
            counting bounds are then not asked again).

    Where the rules override :meth:`~remi.melds.MeldRules.meld_problem`, the
    candidate melds are those it allows (:func:`~remi._search.kernel.candidates`),
    and the counting bounds, which assume that every meld of the fields goes
    down, are not used.
    """
    groups, order = _open_groups(contract, done)
    if all_in and not _all_in_may_fit(rules, groups, counts):
        return
    counted = not known_some and _counted(rules, groups, counts, exact, piecemeal)
    if counted and not _may_meet(rules, groups, counts):
        return
    # (all-in melds may be longer than the requirements' sizes: the bounds then neither prove nor list)
    bounded = known_some or (counted and not all_in)
    if bounded and not known_some and not _feasible(rules, sorted(groups.items(), key=_runs_first), counts):
        return
    # (once the bounds have found every requirement met at once, each one is known to be met)
    keys = order if bounded else _met_requirements(rules, counts, order, exact, piecemeal)
    if not keys:
        return
    # requirements of one kind with different minimum sizes: one lay-down may meet them in
    # several ways; only the canonical way is listed (nothing is remembered between yields)
    slots = _slots(keys, groups) if len({kind for kind, _ in keys}) < len(keys) and not exact else None
    for plan in _plans(keys, groups, piecemeal):
        runs = _runs_then_sets(plan)
        for melds in _walk(rules, plan, counts, exact, hand_size, all_in, keep, run_gap, prefix_refused):
            if slots is None or _canonical(slots, plan, melds):
                yield _laydown(melds, runs)


def some_laydown(
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
    owner: int = -1,
) -> bool | None:
    """Whether :func:`laydowns` yields a lay-down, where the counting bounds alone tell (``None``: only the walk can).

    (For :func:`laydowns` with no ``run_gap`` and no ``prefix_refused``.) ``owner``
    (a seat, say) names whose hands these are: the melds found for its last
    hand are tried first on its next.

    They tell for minimum-size melds and exact sizes alike where they are
    exact (:func:`_bounds_exact`), neither all-in nor piecemeal: then some
    lay-down exists exactly where the requirements can all be met at once by
    melds of their sizes and those leave ``keep`` cards in hand. The listing
    then knows, without walking, whether a seat may go down. ``counts`` are
    restored.
    """
    groups, _ = _open_groups(contract, done)
    if all_in or not _counted(rules, groups, counts, exact, piecemeal):
        return None
    if hand_size - sum(size * wanted for (_, size), wanted in groups.items()) < keep or not _may_fit(
            rules, groups, counts):
        return False
    # a hand that still holds melds found for an earlier hand (a seat's last turn, say) can go down too
    key = (id(rules), id(contract), done, owner)
    known = _WITNESSES.get(key)
    if known is None or known[0] is not rules or known[1] is not contract:
        if len(_WITNESSES) >= _MOST_WITNESSES:
            _WITNESSES.clear()
        known = _WITNESSES[key] = (rules, contract, [])
    witnesses = known[2]
    for witness in witnesses:
        if _holds(counts, witness):
            return True
    melds: list[tuple[int, ...]] = []
    if not (wilds_suffice(rules, groups, counts) and _feasible(rules, sorted(groups.items(), key=_runs_first),
                                                               counts, found=melds)):
        return False
    witnesses.insert(0, tuple(index for cards in melds for index in cards))
    del witnesses[_WITNESSES_KEPT:]
    return True


#: Per rules, contract (by identity), requirements laid and owner: the cards of the last melds
#: :func:`some_laydown` found to meet them, newest first, witnesses that a later hand holding one of them
#: can go down (feasibility carried from turn to turn, without a search). Emptied past
#: :data:`_MOST_WITNESSES` entries.
_WITNESSES: dict[tuple[int, int, frozenset[int], int], tuple[MeldRules, Contract, list[tuple[int, ...]]]] = {}
_MOST_WITNESSES = 1024
#: The witnesses kept per owner and contract.
_WITNESSES_KEPT = 2


def _holds(counts: list[int], cards: tuple[int, ...]) -> bool:
    """Whether the hand ``counts`` holds every card of ``cards`` (with repeats)."""
    for index in cards:
        counts[index] -= 1
    held = min([counts[index] for index in cards], default=0) >= 0
    for index in cards:
        counts[index] += 1
    return held


def _counted(rules: MeldRules, groups: _Groups, counts: list[int], exact: bool, piecemeal: bool) -> bool:
    """Whether the counting bounds hold for these requirements (:func:`_bounds_exact`, no meld hook, all at once).

    They are then necessary conditions for any lay-down, all-in too, and
    (not all-in) :func:`_feasible` decides whether there is one.
    """
    return (not piecemeal and type(rules).meld_problem is MeldRules.meld_problem
            and _bounds_exact(rules, groups, counts, exact))


def _may_meet(rules: MeldRules, groups: _Groups, counts: list[int]) -> bool:
    """The counting bounds (where :func:`_counted`): the melds' naturals and the wilds to fill their places."""
    return _may_fit(rules, groups, counts) and wilds_suffice(rules, groups, counts)


#: Per contract (by identity) and requirements laid: the open requirements grouped by (kind, size),
#: and those groups in search order (runs first, smaller first). Read only; emptied past 1024 entries.
_OPEN_GROUPS: dict[tuple[int, frozenset[int]], tuple[Contract, _Groups, list[_Requirement]]] = {}


def _open_groups(contract: Contract, done: frozenset[int]) -> tuple[_Groups, list[_Requirement]]:
    """The open requirements of ``contract`` as (kind, size) counts, and those keys in search order."""
    found = _OPEN_GROUPS.get((id(contract), done))
    if found is None or found[0] is not contract:
        groups: _Groups = {}
        for index, requirement in enumerate(contract.requirements):
            if index not in done:
                key = (requirement.kind, requirement.size)
                groups[key] = groups.get(key, 0) + 1
        if len(_OPEN_GROUPS) > 1024:
            _OPEN_GROUPS.clear()
        found = _OPEN_GROUPS[(id(contract), done)] = (
            contract, groups, sorted(groups, key=lambda key: (key[0] is SET, key[1])))
    return found[1], found[2]


def _all_in_may_fit(rules: MeldRules, groups: _Groups, counts: list[int]) -> bool:
    """A cheap necessary condition for an all-in lay-down: every natural has a meld to go to (N18)."""
    if all(kind is RUN for kind, _ in groups):
        # all-in with runs only: each suit held needs a run of its own
        return natural_suits(rules, counts) <= sum(groups.values())
    return _suits_and_ranks_cover(rules, counts, groups)


def _met_requirements(
    rules: MeldRules, counts: list[int], order: list[_Requirement], exact: bool, piecemeal: bool
) -> list[_Requirement]:
    """The requirements of ``order`` some meld from the hand fulfils; none if one is not and all must be.

    Fail fast: a requirement nothing in the hand can fulfil rules out every
    lay-down that includes it. Runs (usually scarcer) come before sets.
    """
    met = []
    for key in order:
        if next(candidates(rules, counts, key[0], key[1], exact), None) is not None:
            met.append(key)
        elif not piecemeal:
            return []
    return met


def _plans(keys: list[_Requirement], groups: _Groups, piecemeal: bool) -> Iterator[list[_Requirement]]:
    """The requirements to meet at once: all of them, or (piecemeal) every non-empty part of them."""
    if not piecemeal:
        yield [key for key in keys for _ in range(groups[key])]
        return
    for choice in product(*(range(groups[key] + 1) for key in keys)):
        if any(choice):
            yield [key for key, taken in zip(keys, choice, strict=True) for _ in range(taken)]


def _bounds_exact(rules: MeldRules, groups: _Groups, counts: list[int], exact: bool) -> bool:
    """Whether :func:`_may_fit` and :func:`_feasible` are exact for these requirements.

    They assume that each meld needs a natural and, where sizes are minimums,
    that every valid meld holds a valid meld of the requirement's size: true
    for sets whenever ``min_naturals`` fits the size; for runs, under the
    joker cap, when the size is even (a run of odd size may have no window of
    that size within the cap: ``4H JK JK 7H`` and a run of 3) and
    ``min_naturals`` is at most half of it, and, without the cap, when one
    natural will do. Where sizes are ``exact``, every meld has the
    requirement's size, which is all :func:`_feasible` tries. They count no
    dead 2 (S15) as a run's natural: they would prune too much where one is held.
    """
    need = rules.min_naturals
    if need == 0:
        return False  # melds of wilds only escape the counting bound
    if rules.twos is not NATURAL_TWOS and any(counts[DEAD:]):
        return False
    cap = wild_cap(rules)
    for kind, size in groups:
        if need > size:
            return False
        if kind is RUN and not exact and not cap.shrinks_to(size, need):
            return False
    return True


def _slots(keys: list[_Requirement], groups: _Groups) -> dict[MeldKind, list[int]]:
    """Per kind, the sizes of the open requirements, smallest first (with repeats)."""
    slots: dict[MeldKind, list[int]] = {}
    for kind, size in sorted(keys, key=lambda key: key[1]):
        slots.setdefault(kind, []).extend([size] * groups[(kind, size)])
    return slots


def _canonical(slots: dict[MeldKind, list[int]], plan: list[_Requirement], melds: list[_Chosen]) -> bool:
    """Whether ``melds`` meet the requirements of ``plan`` in the canonical way.

    The canonical way gives each meld, shortest first (then by cards), the
    smallest open requirement of its kind that it fulfils; it succeeds
    whenever any way does (a longer meld fulfils every requirement a shorter
    one does). Sizes are minimums here (exact sizes are never ambiguous).
    """
    wanted: dict[_Requirement, list[tuple[int, ...]]] = {}
    for kind, sizes in slots.items():
        free = sizes[:]
        for cards in sorted((cards for chosen, cards in melds if chosen is kind), key=lambda c: (len(c), c)):
            for slot, size in enumerate(free):
                if size <= len(cards):
                    wanted.setdefault((kind, size), []).append(cards)
                    del free[slot]
                    break
            else:  # pragma: no cover - the walk only yields melds that fulfil the plan
                return False
    got: dict[_Requirement, list[tuple[int, ...]]] = {}
    for key, (_, cards) in zip(plan, melds, strict=True):
        got.setdefault(key, []).append(cards)
    return all(sorted(cards) == sorted(wanted.get(key, ())) for key, cards in got.items()) and len(got) == len(wanted)


# -- counting bounds ----------------------------------------------------------------------------


def _may_fit(rules: MeldRules, groups: _Groups, counts: list[int]) -> bool:
    """A cheap necessary condition for meeting every requirement at once (minimum sizes).

    Counts only: a set of size ``m`` needs ``m`` naturals of one rank, or at
    least ``k`` (the cap's minimum) plus one joker or more; a run needs
    ``k`` naturals of its suit inside one window with the gaps within the
    joker budget. Each joker adds at most one meld beyond the natural ones, so
    the melds that natural cards alone cannot make need a joker each.
    """
    # (where 2s are wild, each 2 counts as a joker and as a natural: the bound only loosens)
    wilds = wild_count(rules, counts)
    cap = wild_cap(rules)
    short = 0  # melds that need a joker, over all requirements
    for (kind, size), needed in groups.items():
        least = max(cap.fewest_naturals(size), 1)
        if kind is SET:
            possible, alone = _sets_possible(counts, size, least, wilds)
        elif not rules.run_wrap:  # (the windows know no wrap-around)
            possible, alone = _runs_possible(rules, counts, size, least, wilds)
        else:
            continue
        if possible < needed:
            return False
        short += max(0, needed - alone)
    return short <= wilds


def _sets_possible(counts: list[int], size: int, least: int, wilds: int) -> tuple[int, int]:
    """At most how many sets of ``size`` the hand makes, and how many of them need no wild.

    A rank's naturals make ``naturals // size`` sets alone and, with a wild
    each, up to ``naturals // least`` in all. Every copy counts, even where a
    set's suits differ: two sets of one rank may each hold a copy of one suit.
    """
    alone = extra = 0
    for naturals in set_naturals(counts, distinct=False):
        if naturals:
            alone += naturals // size
            extra += naturals // least - naturals // size
    return alone + min(wilds, extra), alone


def _runs_possible(rules: MeldRules, counts: list[int], size: int, least: int, wilds: int) -> tuple[int, int]:
    """At most how many runs of ``size`` the hand makes, and at most how many of them need no wild.

    A suit makes none unless one window of ``size`` places on the line holds
    ``least`` of its naturals and lacks no more than the wilds; then at most
    ``naturals // least``. Runs of naturals alone need a whole window held.
    """
    line = run_line(rules)
    possible = alone = 0
    for suit, start in enumerate(SUIT_STARTS):
        held = counts[start : start + 13]
        naturals = sum(held)
        if naturals < least:
            continue
        best = window_naturals(line, suit_bits(line, counts, suit), size)
        if best >= least and size - best <= wilds:
            possible += naturals // least
        if best == size:
            alone += _natural_runs(held, size)
    return possible, alone


def _natural_runs(held: list[int], size: int) -> int:
    """At most how many runs of ``size`` naturals alone a suit's counts make: each unbroken stretch's cards."""
    runs = stretch = 0
    for copies in (*held, held[0]):  # the ace low and high
        if copies:
            stretch += copies
        else:
            runs += stretch // size
            stretch = 0
    return runs + stretch // size


def _runs_first(group: tuple[_Requirement, int]) -> tuple[bool, int]:
    """Search order: runs (usually the scarcer melds) before sets, larger first."""
    (kind, size), _ = group
    return (kind is SET, -size)


def _feasible(
    rules: MeldRules,
    plan: list[tuple[_Requirement, int]],
    counts: list[int],
    floor: tuple[int, ...] = (),
    found: list[tuple[int, ...]] | None = None,
) -> bool:
    """Whether the requirements can all be met at once, trying minimum-size melds only.

    ``found`` (if given) receives the melds that meet them, where they can.

    Exact when sizes are minimums: every valid meld holds a valid meld of the
    minimum size (a set keeps two naturals and one more card; a run of length
    four or more always has a four-card window with no more jokers than
    naturals), and a smaller meld only leaves more cards for the others.
    Melds for one requirement group are tried in increasing order (``floor``),
    so each combination is tried once.
    """
    if not plan:
        return True
    (kind, size), wanted = plan[0]
    same = wanted > 1
    rest = plan[1:] if wanted == 1 else [((kind, size), wanted - 1), *plan[1:]]
    # the caller has bounded this plan; bound each remaining one before searching it
    bound = dict(rest) if len(rest) > 1 or (rest and rest[0][1] > 1) else None
    for cards in candidates(rules, counts, kind, size, True):
        if cards < floor:
            continue
        for index in cards:
            counts[index] -= 1
        fits = (bound is None or _may_fit(rules, bound, counts)) and _feasible(
            rules, rest, counts, cards if same else (), found)
        for index in cards:
            counts[index] += 1
        if fits:
            if found is not None:
                found.append(cards)
            return True
    return False


def _suits_and_ranks_cover(rules: MeldRules, counts: list[int], groups: _Groups) -> bool:
    """Whether some suits, one per run required, leave naturals of no more ranks than sets required.

    All-in puts every natural into a run of its suit or a set of its rank: a
    necessary condition, cheap where wilds make the candidate melds too many
    to list (a 22-card hand with five wilds). Where 2s may be wild they are
    left out, so the bound only loosens.
    """
    runs = sum(wanted for (kind, _), wanted in groups.items() if kind is RUN)
    sets = sum(groups.values()) - runs
    naturals = _NATURAL_RANKS if rules.twos is NATURAL_TWOS else _NATURAL_RANKS_BUT_TWOS
    suits = [sum(compress(_RANK_BITS, counts[start : start + 13])) & naturals for start in SUIT_STARTS]
    held = [ranks for ranks in suits if ranks]  # each suit's natural ranks held, as bits
    if len(held) <= runs:
        return True
    return any(reduce(or_, left, 0).bit_count() <= sets for left in combinations(held, len(held) - runs))


#: A rank's bit (ace first), and the bits of the ranks that are naturals, with and without the 2s.
_RANK_BITS = tuple(1 << rank for rank in range(13))
_NATURAL_RANKS = (1 << 13) - 1
_NATURAL_RANKS_BUT_TWOS = _NATURAL_RANKS & ~_RANK_BITS[1]


# -- built melds and lay-downs ------------------------------------------------------------------

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
        object.__setattr__(meld, "kind", RUN if is_run else SET)
        object.__setattr__(meld, "cards", tuple([CARDS[index] for index in cards]))
    return meld


def _laydown(melds: list[_Chosen], runs: int | None = None) -> LayDown:
    """Build a LayDown from generated melds without re-validating them (hot path).

    ``runs``: where the walk's plan meets its runs first, all of one size,
    then its sets, all of one size (:func:`_runs_then_sets`), the number of
    runs. The walk then chose each kind's melds in increasing order, so the
    canonical order (sets first, then by cards) is the sets as chosen, then
    the runs as chosen: no sort.
    """
    if runs is None:
        built = [built_meld(is_run, cards)
                 for is_run, cards in sorted([(kind is RUN, cards) for kind, cards in melds])]
    else:
        built = [built_meld(False, cards) for _, cards in melds[runs:]]
        built += [built_meld(True, cards) for _, cards in melds[:runs]]
    action = object.__new__(LayDown)
    object.__setattr__(action, "melds", tuple(built))
    return action


def _runs_then_sets(plan: list[_Requirement]) -> int | None:
    """The number of runs of ``plan`` where it holds runs of one size, then sets of one size (else ``None``)."""
    runs = sum(kind is RUN for kind, _ in plan)
    if any(kind is not RUN for kind, _ in plan[:runs]) or len(set(plan[:runs])) > 1 or len(set(plan[runs:])) > 1:
        return None
    return runs


# -- the lay-downs as a tree of melds -------------------------------------------------------------


class LaydownTree:
    """The lay-downs of one hand, found meld by meld in their canonical order, never listed whole.

    A lay-down's melds in canonical order (sets first, then by cards, as
    :class:`~remi.actions.LayDown` keeps them) are a path down this tree:
    :meth:`melds_after` gives the melds that can come next after some melds
    already chosen, each one that some whole lay-down holds after them. It
    looks at one meld's candidates at a time, asking of each whether the
    walk finds one lay-down beyond it, so an environment building a lay-down
    meld by meld sees exactly the steps of the listed lay-downs without
    generating them all (a hand with many wilds may have tens of thousands).

    Built by :func:`laydown_tree`, for requirements met all at once whose sets
    share one size and whose runs share one size (the walk then meets the sets
    first, each meld of a kind no smaller than the one before, which is the
    canonical order); the listing's :func:`remi._engine.listing.laydown_tree`
    says where the contracts' rules leave nothing else to check, or only a
    prefix-closed check (``prefix_refused``, asked of the melds chosen so far
    at each meld, as the walk asks it).
    """

    __slots__ = ("_counts", "_dead_ends", "_prefix_refused", "_walk", "plan")

    def __init__(self, rules: MeldRules, plan: tuple[_Requirement, ...], counts: list[int], exact: bool,
                 hand_size: int, all_in: bool, keep: int, prefix_refused: PrefixCheck | None = None) -> None:
        #: The requirements met, in the order of the melds: the sets, then the runs.
        self.plan = plan
        self._counts = counts[:]
        self._prefix_refused = prefix_refused
        # (one walk's settings for every search below, which shares its dead ends: same plan, same keys)
        self._walk = _Walk(rules, plan, self._counts[:], exact, hand_size, all_in, keep, 0, prefix_refused)
        self._dead_ends: set[tuple[object, ...]] = set()

    def melds_after(self, chosen: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
        """The melds (card indices, in meld order) that follow the melds ``chosen`` in some lay-down."""
        level = len(chosen)
        plan = self.plan
        left = self._counts[:]
        for cards in chosen:
            for index in cards:
                left[index] -= 1
        used = sum(map(len, chosen))
        walk = self._searching(left, chosen)
        floor = chosen[-1] if level and plan[level] == plan[level - 1] else None
        found = []
        for cards in walk._melds_for(level):
            if floor is not None and cards < floor:
                continue  # (melds for equal requirements come in increasing order: the canonical one)
            if self._leads_on(left, (*chosen, cards), used + len(cards)):
                found.append(cards)
        return found

    def laydown(self, chosen: tuple[tuple[int, ...], ...]) -> LayDown:
        """The lay-down of the melds ``chosen`` (a whole path: one meld per requirement)."""
        return _laydown([(kind, cards) for (kind, _), cards in zip(self.plan, chosen, strict=True)])

    def _searching(self, counts: list[int], chosen: tuple[tuple[int, ...], ...]) -> _Walk:
        """A walk of this tree's plan over the cards ``counts``, with the melds ``chosen`` already chosen."""
        base = self._walk
        walk = _Walk(base.rules, self.plan, counts, base.exact, base.hand_size, base.all_in, base.keep, 0,
                     self._prefix_refused)
        walk.chosen = [(kind, cards) for (kind, _), cards in zip(self.plan, chosen, strict=False)]
        if walk.dead_ends is not None:
            walk.dead_ends = self._dead_ends
        return walk

    def _leads_on(self, left: list[int], chosen: tuple[tuple[int, ...], ...], used: int) -> bool:
        """Whether some lay-down holds the melds ``chosen`` (the last one taken from the cards ``left``)."""
        level = len(chosen)
        refused = self._prefix_refused
        if refused is not None and refused(tuple([built_meld(kind is RUN, cards)
                                                  for (kind, _), cards in zip(self.plan, chosen, strict=False)])):
            return False
        if level == len(self.plan):
            return self._walk._finished(used)
        rest = left[:]
        for index in chosen[-1]:
            rest[index] -= 1
        # (the walk's first lay-down will do: the walk is left there, on its own copy of the cards)
        return next(self._searching(rest, chosen).step(level, used), None) is not None


def laydown_tree(
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
    prefix_refused: PrefixCheck | None = None,
) -> LaydownTree | None:
    """The :class:`LaydownTree` of the lay-downs :func:`laydowns` lists (same arguments, no run gap).

    ``None`` where it does not apply: a piecemeal contract (a lay-down may
    hold any part of it), or open requirements of one kind with different
    sizes (one meld may meet either: the canonical order is not the walk's).
    """
    if piecemeal:
        return None
    groups, _ = _open_groups(contract, done)
    kinds = [kind for kind, _ in groups]
    if len(set(kinds)) < len(kinds):
        return None
    plan = tuple(key for key in sorted(groups, key=lambda key: key[0] is RUN) for _ in range(groups[key]))
    return LaydownTree(rules, plan, counts, exact, hand_size, all_in, keep, prefix_refused)


# -- the walk -----------------------------------------------------------------------------------


class _Known(NamedTuple):
    """What one walk remembers."""

    #: The dead ends of :func:`_cover_exists`: (counts, requirements left, spans of the runs laid).
    dead_ends: set[tuple[object, ...]]
    #: The span of each run met, by its card indices.
    spans: dict[tuple[int, ...], RunSpan | None]


def _walk(
    rules: MeldRules,
    plan: list[_Requirement],
    counts: list[int],
    exact: bool,
    hand_size: int,
    all_in: bool,
    keep: int,
    run_gap: int = 0,
    prefix_refused: PrefixCheck | None = None,
) -> Iterator[list[_Chosen]]:
    """Every choice of melds, one per requirement of ``plan`` in order, that the hand ``counts`` allows.

    Melds for equal requirements come in increasing order, so each lay-down
    comes once; ``keep`` cards stay in hand, or (``all_in``) none does.
    ``run_gap`` (if positive) keeps two runs of one suit that far apart;
    ``prefix_refused`` (if given) prunes at each meld chosen.
    ``counts`` are taken from and restored.
    """
    walk = _Walk(rules, tuple(plan), counts, exact, hand_size, all_in, keep, run_gap, prefix_refused)
    if walk.covering and not walk.covered(walk.plan):
        return
    yield from walk.step(0, 0)


class _Walk:
    """One walk through a plan: the state its recursion (:meth:`step`) shares."""

    __slots__ = (
        "all_in", "chosen", "counts", "covering", "dead_ends", "exact", "floor", "gapped", "hand_size", "keep",
        "known", "merge_twos", "plan", "prefix_refused", "rules", "run_gap", "spans", "still_needed",
    )

    def __init__(
        self,
        rules: MeldRules,
        plan: tuple[_Requirement, ...],
        counts: list[int],
        exact: bool,
        hand_size: int,
        all_in: bool,
        keep: int,
        run_gap: int,
        prefix_refused: PrefixCheck | None = None,
    ) -> None:
        self.rules = rules
        self.prefix_refused = prefix_refused
        self.plan = plan
        self.counts = counts
        self.exact = exact
        self.hand_size = hand_size
        self.all_in = all_in
        self.keep = keep
        self.run_gap = run_gap
        #: The melds chosen so far, one per requirement of the plan met.
        self.chosen: list[_Chosen] = []
        #: M8 and the like: the spans of the runs chosen so far, where two runs of one suit need a gap.
        self.spans: list[RunSpan | None] = []
        self.gapped = run_gap > 0 and sum(kind is RUN for kind, _ in plan) > 1
        sizes = [size for _, size in plan]
        #: The fewest cards the requirements from each one on take.
        self.still_needed = [sum(sizes[index:]) for index in range(len(sizes) + 1)]
        #: The fewest cards left in hand on the way (all-in takes them all only at the end).
        self.floor = 0 if all_in else keep
        self.covering = all_in and len(plan) > 1
        self.known = _Known(set(), {})
        #: The walks on found to lead nowhere, by :meth:`_dead_end_key`; ``None`` where what is left of a walk
        #: depends on more than the cards left (the spans of runs laid, a prefix check of the melds chosen).
        self.dead_ends: set[tuple[object, ...]] | None = None if self.gapped or prefix_refused else set()
        # (a meld hook tells a 2 from a joker: the cover search then keeps them apart)
        self.merge_twos = rules.twos is Twos.WILD and type(rules).meld_problem is MeldRules.meld_problem

    def covered(self, rest: tuple[_Requirement, ...]) -> bool:
        """Whether melds for ``rest`` can take every card left (N18)."""
        work = self.counts[:]
        if self.merge_twos and not any(work[DEAD:]):  # M4: a 2 is a wild like a joker, and nothing else
            for two in TWOS:
                work[J] += work[two]
                work[two] = 0
        return _cover_exists(self.rules, rest, work, self.exact, self.run_gap, tuple(self.spans), self.known)

    def _finished(self, used: int) -> bool:
        """Whether a lay-down of ``used`` cards leaves the hand as it must: empty (all-in), or ``keep`` cards."""
        return (not self.all_in or used == self.hand_size) and self.hand_size - used >= self.keep

    def _melds_for(self, level: int) -> Iterator[tuple[int, ...]]:
        """The candidates for the requirement at ``level``: all-in's last meld takes every card left."""
        kind, size = self.plan[level]
        if self.all_in and level == len(self.plan) - 1:
            return (all_in_run if kind is RUN else all_in_set)(self.rules, self.counts, size, self.exact)
        return candidates(self.rules, self.counts, kind, size, self.exact)

    def _refused(self) -> bool:
        """Whether the prefix-closed contract check (there is one) refuses the melds chosen so far."""
        assert self.prefix_refused is not None
        return self.prefix_refused(tuple([built_meld(kind is RUN, cards) for kind, cards in self.chosen]))

    def _dead_end_key(self, level: int) -> tuple[object, ...]:
        """What the walks on from ``level`` depend on: the level, the cards left, and the meld before.

        The meld chosen for the requirement before counts only where the two
        requirements are equal (the melds for equal requirements increase).
        """
        plan = self.plan
        floor = self.chosen[-1][1] if plan[level] == plan[level - 1] else None
        return (level, tuple(self.counts), floor)

    def step(self, level: int, used: int) -> Iterator[list[_Chosen]]:
        """The walks on from the requirement at ``level``, with ``used`` cards already chosen.

        A walk on that found nothing is remembered by what it depends on, so the
        same cards left (the same cards arranged otherwise in the melds chosen,
        say: a run with its wilds in other places) are not searched again.
        """
        plan = self.plan
        if level == len(plan):
            if self._finished(used):
                yield list(self.chosen)
            return
        if self.hand_size - used - self.still_needed[level] < self.floor:
            return
        dead_ends = self.dead_ends
        if dead_ends is None or level == 0:
            yield from self._choose(level, used)
            return
        key = self._dead_end_key(level)
        if key in dead_ends:
            return
        found = False
        for lay_down in self._choose(level, used):
            found = True
            yield lay_down
        if not found:
            dead_ends.add(key)

    def _choose(self, level: int, used: int) -> Iterator[list[_Chosen]]:
        """Each meld for the requirement at ``level`` in turn, and the walks on from it."""
        plan = self.plan
        kind = plan[level][0]
        counts = self.counts
        chosen = self.chosen
        spans = self.spans
        same_as_previous = level > 0 and plan[level - 1] == plan[level]
        spaced = self.gapped and kind is RUN
        prefix = self.prefix_refused
        # N18: all-in walks on only where the requirements left can take every card left (a last
        # meld left is looked for directly)
        check_cover = self.covering and level + 2 < len(plan)
        for cards in self._melds_for(level):
            if same_as_previous and cards < chosen[-1][1]:
                continue
            if spaced:
                span = _span(self.rules, cards, self.known)
                if _too_close(span, spans, self.run_gap):
                    continue  # (every lay-down holding these two runs breaks the gap)
                spans.append(span)
            for index in cards:
                counts[index] -= 1
            chosen.append((kind, cards))
            if (not check_cover or self.covered(plan[level + 1 :])) and (prefix is None or not self._refused()):
                yield from self.step(level + 1, used + len(cards))
            chosen.pop()
            for index in cards:
                counts[index] += 1
            if spaced:
                spans.pop()


def _span(rules: MeldRules, cards: tuple[int, ...], known: _Known) -> RunSpan | None:
    """The span of the run ``cards`` (:func:`remi.contracts.run_span`), remembered in ``known``."""
    spans = known.spans
    if cards in spans:
        return spans[cards]
    span = spans[cards] = run_span(rules, built_meld(True, cards).cards)
    return span


def _too_close(span: RunSpan | None, others: Iterable[RunSpan | None], gap: int) -> bool:
    """Whether the run of ``span`` lies closer than ``gap`` to one of the runs of ``others`` (M8 and the like)."""
    return any(runs_too_close(span, other, gap) for other in others)


def _cover_exists(
    rules: MeldRules,
    plan: tuple[_Requirement, ...],
    counts: list[int],
    exact: bool,
    run_gap: int,
    spans: tuple[RunSpan | None, ...],
    known: _Known,
) -> bool:
    """Whether melds, one per requirement of ``plan``, use every card of ``counts`` (all-in), runs ``run_gap`` apart.

    ``known`` remembers the dead ends (by counts, open requirements and the
    spans of the runs laid) and the runs' spans. ``counts`` are the search's
    own: the caller may count the 2s as jokers where nothing else tells them
    apart (see :class:`_Walk`).
    """
    dead_ends = known.dead_ends
    memo = (tuple(counts), plan, spans)
    if memo in dead_ends:
        return False
    need = sum(size for _, size in plan)
    total = sum(counts)
    if total < need or (exact and total != need):
        found = False
    elif len(plan) == 1:
        found = _last_meld_exists(rules, plan[0], counts, exact, run_gap, spans, known)
    else:
        found = _some_meld_leaves_cover(rules, plan, counts, exact, run_gap, spans, known)
    if not found:
        dead_ends.add(memo)
    return found


def _last_meld_exists(
    rules: MeldRules,
    requirement: _Requirement,
    counts: list[int],
    exact: bool,
    run_gap: int,
    spans: tuple[RunSpan | None, ...],
    known: _Known,
) -> bool:
    """Whether one meld for ``requirement`` takes every card of ``counts``, apart from the runs of ``spans``."""
    kind, size = requirement
    spaced = run_gap > 0 and kind is RUN
    for cards in (all_in_run if kind is RUN else all_in_set)(rules, counts, size, exact):
        if not spaced or not _too_close(_span(rules, cards, known), spans, run_gap):
            return True
    return False


def _some_meld_leaves_cover(
    rules: MeldRules,
    plan: tuple[_Requirement, ...],
    counts: list[int],
    exact: bool,
    run_gap: int,
    spans: tuple[RunSpan | None, ...],
    known: _Known,
) -> bool:
    """The branching of :func:`_cover_exists`: some meld for a requirement leaves a cover of the others.

    An exact cover: the lowest natural left lies in one of the melds, so only
    the melds holding it are tried, for each distinct open requirement (the
    first open one alone once only wilds are left).
    """
    wild = wild_types(rules)
    must = next((index for index in range(J) if counts[index] and index not in wild), -1)
    for requirement in dict.fromkeys(plan if must >= 0 else plan[:1]):
        kind, size = requirement
        at = plan.index(requirement)
        rest = plan[:at] + plan[at + 1 :]
        source = counts if must < 0 else _may_join(counts, kind, must, wild)
        for cards in list(candidates(rules, source, kind, size, exact)):
            if must >= 0 and must not in cards:
                continue
            laid = spans
            if run_gap > 0 and kind is RUN:
                span = _span(rules, cards, known)
                if _too_close(span, spans, run_gap):
                    continue
                laid = (*spans, span)
            for index in cards:
                counts[index] -= 1
            found = _cover_exists(rules, rest, counts, exact, run_gap, laid, known)
            for index in cards:
                counts[index] += 1
            if found:
                return True
    return False


def _may_join(counts: list[int], kind: MeldKind, must: int, wild: tuple[int, ...]) -> list[int]:
    """The counts of the cards a meld of ``kind`` holding the natural ``must`` may hold, others zero.

    Those of its suit (a run, with the suit's dead 2, S15) or of its rank (a
    set), and the wilds.
    """
    source = [0] * len(counts)
    rank, suit = must % 13, must // 13
    for index in range(suit * 13, suit * 13 + 13) if kind is RUN else range(rank, J, 13):
        source[index] = counts[index]
    for index in wild:
        source[index] = counts[index]
    if kind is RUN and len(counts) > DEAD:
        source[DEAD + suit] = counts[DEAD + suit]
    return source
