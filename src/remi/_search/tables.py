"""The contract solver's candidate melds: the runs and sets a hand's counts allow (private).

Per-variant tables (:class:`Tables`, memoised by :func:`tables_for`), a
contract as the search sees it (:func:`search_plan`), and the candidates
and bounds that :mod:`remi._search.arrange` combines: runs per suit and sets
per rank from the search kernel (:mod:`remi._search.kernel`, memoised here), the
special sets of the wild-twos count vector, the best score a set can still
reach with so many jokers, and a quick reject from the jokers a contract
needs at the least (:func:`short_of_jokers`). See :mod:`remi.solver`.

The search counts a hand in a vector of 53 (or 54) counts: the naturals, then
at index 52 the *wilds*: the jokers, plus every 2 where the 2s are wild (then
the 2s leave their own places). Where the 2s are natural in a set of twos
(:attr:`~remi.melds.Twos.WILD_EXCEPT_SETS`) the 2s are also kept in their own
places, read only by sets of twos, and index 53 counts the jokers, which is
all a set of twos may add (its 2s are its naturals): a set of twos takes its
2s from their places and from the wilds, and its jokers from both 52 and 53.
Whatever else takes wilds takes them from 52 alone, to be told apart only in
the end (:func:`search_counts` builds the vector; see :mod:`remi.solver`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import compress
from operator import itemgetter
from typing import NamedTuple

import attrs

from remi._search.kernel import J
from remi._search.scored import (
    SCORE_WEIGHT,
    Scored,
    ScoredRules,
    greedy_suits,
    run_line,
    scored_rules,
    scored_runs,
    scored_sets,
    suit_bits,
    window_naturals,
)
from remi.cards import CARDS
from remi.contracts import Contract
from remi.errors import VariantError
from remi.melds import MeldKind, MeldRules, Twos, wild_cap
from remi.variant import Variant

#: Where twos may be natural in a set of twos: the jokers (the wilds a set of twos may hold).
SET_OF_TWOS_WILDS = J + 1
#: A special set's key starts at this "rank": sets of twos (13), sets of wilds only (14).
SPECIAL_SET = 13
_NO_LIMIT = 1 << 30

# A candidate meld: (score, canonical key, card indices used; J once per wild), as the kernel
# scores it (:data:`remi._search.scored.Scored`, a plain tuple: the search's hottest loops read it).
# A run's key is (suit, lowest natural's position, -first position, last position,
# *positions of its naturals): of runs using the same cards the smallest key puts
# extending jokers at the high end; a run of wilds only has suit 4 and no naturals.
# A set's key is (rank offset, naturals, jokers); a set of twos (13, twos, jokers),
# a set of wilds only (14, 0, wilds). A score is points * SCORE_WEIGHT + cards, the wilds
# scored at the most a wild is worth (see Tables.uneven).
Candidate = Scored


class Need(NamedTuple):
    """A requirement as the search sees it: its kind and the sizes the variant allows it."""

    is_run: bool
    fewest: int  # the fewest cards its meld may have
    most: int  # the most cards its meld may have


class SearchPlan(NamedTuple):
    """A contract as the search sees it (:func:`search_plan`)."""

    #: The requirements in contract order.
    requirements: list[Need]
    #: The search's levels: the requirements in the order they are searched (runs first, then sets;
    #: identical requirements side by side).
    levels: list[Need]
    #: For each level, its requirement's index in the contract.
    contract_index: list[int]
    #: For each level, whether its requirement equals the level before's (one more entry, ``False``).
    same_as_previous: list[bool]
    #: How many levels are runs (the first ones; the sets after them have ever fewer cards at the least).
    runs: int
    #: The fewest cards the contract takes.
    fewest_cards: int


#: A candidate's score, canonical key and cards (its fields, read by name where a loop does not unpack it).
score_of: Callable[[Candidate], int] = itemgetter(0)
key_of: Callable[[Candidate], tuple[int, ...]] = itemgetter(1)
cards_of: Callable[[Candidate], tuple[int, ...]] = itemgetter(2)
NO_SCORE = -(1 << 60)


def prefix_max(exact: list[int]) -> list[int]:
    """Raise each entry of ``exact`` (best score by jokers used) to the best of those before it, in place."""
    for b in range(1, len(exact)):
        exact[b] = max(exact[b], exact[b - 1])
    return exact


# -- per-variant tables --------------------------------------------------------


@attrs.frozen
class Tables:
    """What the search needs from a variant, precomputed once per variant.

    A suit's run values lie on a *line* of positions, each mapped to a card
    offset (rank - 1): without wrap-around it is 1..14 (ace low = 1, ace high
    = 14) trimmed by the ace rules; with wrap-around it is several turns of
    the 13 ranks, and a run's lowest natural must sit in the middle turn so that
    each run is generated once (:class:`remi._search.scored.RunLine`). ``kernel``
    holds what the kernel's scored candidates need (the line, points, limits);
    ``runs`` memoises :func:`remi._search.scored.scored_runs` per suit, ``rank_sets``
    :func:`remi._search.scored.scored_sets` per rank, ``sets`` the rank curves
    (:func:`_rank_curves`) and ``plans`` :func:`search_plan`.

    Wild twos: ``wild_twos`` says the 2s are wild (they join the jokers at
    index 52), ``twos_sets`` that a set of twos holds them as naturals (see
    the module), ``special`` that there are sets without naturals of their
    own rank (sets of twos, sets of wilds only: :func:`special_sets`).
    Under plain wild twos no run position stands for a 2, so the line runs
    3..A (the ace high) or 3..K.

    ``wild_points`` is what a wild scores in a candidate: the most a joker or
    a wild 2 is worth. The melds take the costliest wilds first, so where
    jokers and 2s differ in points a score is exact only while the melds take
    no more wilds than the hand holds of the costlier kind; beyond, each wild
    is worth the cheaper kind's points, plus a constant. Under
    :attr:`~remi.melds.Twos.WILD`, ``cheap`` holds the tables that score
    every wild so, and the solver takes the better of two exact searches
    (:func:`remi.solver._search_split`). Where sets of twos take jokers and
    2s of their own (``uneven``), one search scores the melds exactly as it
    goes, less what their wilds overstate (:func:`remi._search.arrange._shortfall`).

    ``fewest`` is the fewest naturals of a meld holding naturals, ``all_wild``
    whether melds of wilds only exist (no natural minimum, no joker cap),
    ``wild_run_max`` the longest run of wilds only, ``set_ranks`` the ranks a
    set of naturals may have (every rank but the 2 where 2s are wild),
    ``ranks_from[r]`` those from rank ``r`` on (``r`` up to 14), and
    ``naturals`` the indices of the cards that are never wild.
    """

    points: tuple[int, ...]
    cap_naturals: bool
    set_min: int
    set_max: int
    distinct: bool
    run_min: int
    run_max: int
    kernel: ScoredRules
    wild_twos: bool
    twos_sets: bool
    special: bool
    wild_points: int
    uneven: bool
    fewest: int
    all_wild: bool
    wild_run_max: int
    set_ranks: tuple[int, ...]
    ranks_from: tuple[tuple[int, ...], ...]
    naturals: tuple[int, ...]
    cheap: Tables | None
    runs: dict[tuple[object, ...], tuple[Candidate, ...]] = attrs.field(factory=dict, eq=False, repr=False)
    plans: dict[int, tuple[Contract, SearchPlan | None]] = attrs.field(factory=dict, eq=False, repr=False)
    sets: dict[tuple[int, int, int], dict[int, list[int]]] = attrs.field(factory=dict, eq=False, repr=False)
    rank_sets: dict[tuple[object, ...], tuple[Candidate, ...]] = attrs.field(factory=dict, eq=False, repr=False)


_CACHE_LIMIT = 100_000
TABLE_CACHE: dict[int, tuple[Variant, Tables]] = {}


def tables_for(variant: Variant) -> Tables:
    hit = TABLE_CACHE.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    rules = variant.melds
    points = tuple(variant.card_points(card) for card in CARDS)
    if min(points) < 0:
        raise VariantError(f"{variant.name}: the solver needs card points of zero or more")
    cheap = None
    if rules.twos is Twos.WILD and points[J] != points[1]:
        low = min(points[J], points[1])
        cheap = _build(rules, tuple(low if i == J or i % 13 == 1 else p for i, p in enumerate(points)), None)
    tables = _build(rules, points, cheap)
    if len(TABLE_CACHE) > 64:
        TABLE_CACHE.clear()
    TABLE_CACHE[id(variant)] = (variant, tables)
    return tables


def _build(rules: MeldRules, points: tuple[int, ...], cheap: Tables | None) -> Tables:
    wild_twos = rules.twos is not Twos.NATURAL
    twos_sets = rules.twos is Twos.WILD_EXCEPT_SETS
    line = run_line(rules)
    wild_points = max(points[J], points[1]) if wild_twos else points[J]
    cap_naturals = wild_cap(rules).capped
    return Tables(
        points=points,
        cap_naturals=cap_naturals,
        set_min=rules.set_min,
        set_max=_NO_LIMIT if rules.set_max is None else rules.set_max,
        distinct=rules.set_distinct_suits,
        run_min=rules.run_min,
        run_max=rules.run_max,
        kernel=scored_rules(rules, points, wild_points),
        wild_twos=wild_twos,
        twos_sets=twos_sets,
        special=twos_sets or (rules.min_naturals == 0 and not cap_naturals),
        wild_points=wild_points,
        uneven=twos_sets and points[J] != points[1],
        fewest=max(1, rules.min_naturals),
        all_wild=rules.min_naturals == 0 and not cap_naturals,
        wild_run_max=min(rules.run_max, line.hi - line.lo + 1),
        set_ranks=tuple(r for r in range(13) if r != 1 or not wild_twos),
        ranks_from=tuple(tuple(r for r in range(low, 13) if r != 1 or not wild_twos) for low in range(15)),
        naturals=tuple(i for i in range(J) if i % 13 != 1 or not wild_twos),
        cheap=cheap,
    )


def search_plan(tables: Tables, contract: Contract, exact: bool) -> SearchPlan | None:
    """The contract as the search sees it, or ``None`` if a size is impossible (memoised).

    See :class:`SearchPlan`.
    """
    hit = tables.plans.get(id(contract))
    if hit is not None and hit[0] is contract:
        return hit[1]
    requirements: list[Need] = []
    plan: SearchPlan | None = None
    for requirement in contract.requirements:
        is_run = requirement.kind is MeldKind.RUN
        fewest, most = (tables.run_min, tables.run_max) if is_run else (tables.set_min, tables.set_max)
        if exact:
            if not fewest <= requirement.size <= most:
                break
            requirements.append(Need(is_run, requirement.size, requirement.size))
        else:
            requirements.append(Need(is_run, max(requirement.size, fewest), most))
    else:
        order = sorted(range(len(requirements)), key=lambda index: (
            not requirements[index].is_run, -requirements[index].fewest, requirements[index].most, index))
        levels = [requirements[index] for index in order]
        same = [level > 0 and levels[level] == levels[level - 1] for level in range(len(levels))] + [False]
        runs = sum(1 for need in requirements if need.is_run)
        plan = SearchPlan(requirements, levels, order, same, runs, sum(need.fewest for need in requirements))
    if len(tables.plans) >= 256:
        tables.plans.clear()
    tables.plans[id(contract)] = (contract, plan)
    return plan


def short_of_jokers(tables: Tables, counts: list[int], plan: SearchPlan) -> bool:
    """Whether ``counts`` hold fewer jokers than the contract needs at the least (a quick reject).

    Only where the 2s are natural and every meld holds naturals (not
    :attr:`Tables.special`). These bounds ignore the cards the melds share
    (:func:`_jokers_for_runs`, :func:`_jokers_for_sets`).
    """
    jokers = counts[J]
    levels = plan.levels
    need = _jokers_for_runs(tables, counts, levels[: plan.runs])
    if need is None or need > jokers:
        return True
    sets = len(levels) - plan.runs
    if not sets:
        return False
    more = _jokers_for_sets(tables, counts, sets, levels[-1].fewest)  # (the last set has the fewest cards)
    return more is None or need + more > jokers


def _jokers_for_runs(tables: Tables, counts: list[int], runs: list[Need]) -> int | None:
    """The fewest jokers the ``runs`` need at the least, or ``None`` if a run has no natural to lie on.

    A run lies on the line, so every window of its fewest places within it
    lacks no more naturals than it has jokers: a run needs at least its fewest
    cards less the most naturals a suit holds in such a window.
    """
    line = tables.kernel.line
    need = 0
    masks: list[int] = []
    best = fewest = 0
    for run in runs:
        if run.fewest != fewest:  # (identical requirements lie side by side)
            fewest = run.fewest
            if not masks:
                masks = [mask for suit in range(4) if (mask := suit_bits(line, counts, suit))]
            best = max([window_naturals(line, mask, fewest) for mask in masks], default=0)
        if not best:
            return None
        if fewest > best:
            need += fewest - best
    return need


def _jokers_for_sets(tables: Tables, counts: list[int], sets: int, fewest: int) -> int | None:
    """The fewest jokers ``sets`` sets of ``fewest`` cards or more need at the least, or ``None`` if none can be made.

    ``q`` sets of one rank holding ``n`` naturals need at least ``q`` times
    their fewest cards less ``n`` jokers (counted once per set, the cheapest
    sets first). Where one rank holds more copies than another its sets need
    no more jokers, so the fewest are needed by sets of the ranks with most
    copies (a rank that can hold ``q`` sets offers ``q`` wants, each no smaller
    than the one before).
    """
    naturals = _set_naturals(tables, counts)
    if tables.distinct:  # a set holds one card of a suit: only its first set is bounded
        held = max(naturals)
        if held < tables.fewest or not tables.kernel.cap.allows(fewest - held, held):
            return None
        return fewest - held if fewest > held else 0
    naturals.sort(reverse=True)
    wants: list[int] = []
    for held in naturals[:sets]:
        if held < tables.fewest or not tables.kernel.cap.allows(fewest - held, held):
            break  # (nor can a rank with fewer copies make a set)
        spent = 0
        for many in range(1, min(sets, held // tables.fewest) + 1):
            more = many * fewest - held - spent
            wants.append(more if more > 0 else 0)
            spent += wants[-1]
    if len(wants) < sets:
        return None
    wants.sort()
    return sum(wants[:sets])


# -- wild twos ---------------------------------------------------------------------


def search_counts(tables: Tables, counts: list[int]) -> list[int]:
    """The search's count vector for a hand's 53 counts, where 2s are wild (a new list; see the module)."""
    found = counts[:]
    twos = counts[1] + counts[14] + counts[27] + counts[40]
    found[J] += twos
    if tables.twos_sets:
        found.append(counts[J])
    else:
        found[1] = found[14] = found[27] = found[40] = 0
    return found


def held_value(tables: Tables, counts: list[int]) -> int:
    """How many cards the search's ``counts`` hold (a 2 kept in its place is also a wild)."""
    if tables.twos_sets:
        return sum(counts) - counts[1] - counts[14] - counts[27] - counts[40] - counts[SET_OF_TWOS_WILDS]
    return sum(counts)


def free_wilds(tables: Tables, cards: tuple[int, ...]) -> tuple[int, int, int]:
    """A candidate's wilds: (any wilds, jokers of a set of twos or of jokers only, 2s held as naturals)."""
    units = cards.count(J)
    if not tables.twos_sets:
        return units, 0, 0
    jokers = cards.count(SET_OF_TWOS_WILDS)
    twos = sum(1 for c in cards if c < J and c % 13 == 1)
    return units - jokers - twos, jokers, twos


# -- candidate melds -----------------------------------------------------------


def run_candidates(tables: Tables, counts: list[int], lmin: int, lmax: int, must: int, out: list[Candidate]) -> None:
    """Append the runs of ``lmin``..``lmax`` cards the counts allow, one per distinct use of cards.

    With ``must >= 0`` only runs holding that natural are made (the all-in
    cover). Each suit's runs depend only on that suit's counts, the jokers and
    the sizes, so they are memoised per variant (a bounded cache).
    """
    jokers = counts[J]
    cache = tables.runs
    twos_sets = tables.twos_sets
    kernel = tables.kernel
    line = kernel.line
    need = lmin - jokers  # the fewest naturals a window of lmin places holds in any run
    for suit in range(4):
        if must >= 0 and must // 13 != suit:
            continue
        bits = suit_bits(line, counts, suit)
        if not bits or (need > 1 and window_naturals(line, bits, lmin) < need):
            continue  # no run here (a quick reject)
        base = suit * 13
        row = tuple(counts[base : base + 13])
        if twos_sets and row[1]:
            row = (row[0], 0, *row[2:])  # in a run a 2 is a wild (counted at 52 too)
        key = (suit, row, jokers, lmin, lmax, must)
        found = cache.get(key)
        if found is None:
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            found = cache[key] = scored_runs(kernel, suit, row, jokers, lmin, lmax, must)
        out += found
    if tables.all_wild and must < 0:
        # runs of wilds only: no suit, no place (scored as the most a wild is worth)
        wild_points = tables.wild_points
        longest = min(jokers, lmax, tables.wild_run_max)
        first = line.lo
        out += [((length * wild_points) * SCORE_WEIGHT + length, (4, 0, -first, first + length - 1),
                 line.jokers_of[length])
                for length in range(longest, lmin - 1, -1)]


def set_candidates(
    tables: Tables, counts: list[int], lmin: int, lmax: int, low: tuple[int, ...] | None, out: list[Candidate]
) -> None:
    """Append the candidate sets (rank, naturals taken greedily, jokers), key ``>= low``.

    A rank's sets depend only on its four counts, the jokers and the sizes,
    so they are memoised per variant (a bounded cache).
    """
    jokers = counts[J]
    cache = tables.rank_sets
    columns = list(zip(counts[0:13], counts[13:26], counts[26:39], counts[39:52], strict=True))
    ranks = tables.ranks_from[0 if low is None else low[0]]
    for rank in compress(ranks, map(any, map(columns.__getitem__, ranks))):
        key = (rank, columns[rank], jokers, lmin, lmax)
        found = cache.get(key)
        if found is None:
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            found = cache[key] = scored_sets(tables.kernel, counts, rank, lmin, lmax)
        if low is not None and rank == low[0]:
            out += [candidate for candidate in found if key_of(candidate) >= low]
        else:
            out += found
    if tables.special:
        special = special_sets(tables, counts, lmin, lmax)
        out += [candidate for candidate in special if low is None or key_of(candidate) >= low]


def special_sets(tables: Tables, counts: list[int], lmin: int, lmax: int) -> list[Candidate]:
    """The sets without a natural of their own rank: sets of twos and sets of wilds only, best first.

    A set of twos (where the 2s are natural in it) holds 2s as its naturals
    and jokers as its wilds, never a 2 as a wild: its 2s come from their
    places and from the wilds, its jokers from both wild counts (see the
    module). A set of wilds only exists without a natural minimum or joker
    cap; where 2s may be natural in a set, it is of jokers only (with a 2 it
    is a set of twos).
    """
    out: list[Candidate] = []
    wilds = counts[J]
    if tables.twos_sets:
        jokers = counts[SET_OF_TWOS_WILDS]
        picks = greedy_suits(counts, 1, tables.distinct)
        two_points, joker_points = tables.points[1], tables.points[J]
        for twos in range(min(len(picks), lmax, wilds), tables.fewest - 1, -1):
            most_jokers = tables.kernel.cap.beside(min(jokers, lmax - twos, wilds - twos), twos)
            for its_jokers in range(most_jokers, max(0, lmin - twos) - 1, -1):
                out.append(((twos * two_points + its_jokers * joker_points) * SCORE_WEIGHT + twos + its_jokers,
                            (SPECIAL_SET, twos, its_jokers),
                            (*picks[:twos], *(J,) * (twos + its_jokers), *(SET_OF_TWOS_WILDS,) * its_jokers)))
        if tables.all_wild:
            out += [((size * joker_points) * SCORE_WEIGHT + size, (SPECIAL_SET + 1, 0, size),
                     (J,) * size + (SET_OF_TWOS_WILDS,) * size)
                    for size in range(min(jokers, wilds, lmax), lmin - 1, -1)]
        out.sort(key=score_of, reverse=True)
    elif tables.all_wild:
        wild_points = tables.wild_points
        out += [((size * wild_points) * SCORE_WEIGHT + size, (SPECIAL_SET + 1, 0, size), (J,) * size)
                for size in range(min(wilds, lmax), lmin - 1, -1)]
    return out


def _special_curve(tables: Tables, counts: list[int], lmin: int, lmax: int, exact: list[int]) -> list[int]:
    """``exact`` (best score by wilds used, at most 0, 1, …) raised by the special sets."""
    exact = exact[:]
    top = len(exact) - 1
    for value, _, cards in special_sets(tables, counts, lmin, lmax):
        used = cards.count(J)
        if used <= top and value > exact[used]:
            exact[used] = value
    return prefix_max(exact)


def _set_naturals(tables: Tables, counts: list[int]) -> list[int]:
    """Per rank (ace first), the naturals a set of it may hold: its copies, or its suits where suits differ."""
    if tables.distinct:
        return list(map(sum, zip(map(bool, counts[0:13]), map(bool, counts[13:26]), map(bool, counts[26:39]),
                                 map(bool, counts[39:52]), strict=True)))
    return list(map(sum, zip(counts[0:13], counts[13:26], counts[26:39], counts[39:52], strict=True)))


def set_bounds(
    tables: Tables, counts: list[int], lmin: int, lmax: int, special: bool = True
) -> tuple[list[int], list[tuple[int, int]]]:
    """Bounds for a set chosen later: the best score with at most 0, 1, … jokers, and per rank.

    Returns the joker curve (as :func:`_curve`; with ``special``, raised by
    the sets of twos and of wilds only) and (best score, rank) for every rank
    that can make a set of naturals, best first. Each rank's curve comes from
    the memo of :func:`_rank_curves`.
    """
    jokers = counts[J]
    found = []
    ranks = []
    for rank, curve in _held_curves(tables, counts, lmin, lmax):
        if curve[-1] > NO_SCORE:
            found.append(curve)
            ranks.append((curve[-1], rank))
    ranks.sort(key=lambda x: (-x[0], x[1]))
    exact = list(map(max, *found)) if len(found) > 1 else found[0][:] if found else [NO_SCORE] * (jokers + 1)
    if special and tables.special:
        return _special_curve(tables, counts, lmin, lmax, exact), ranks
    return exact, ranks


def set_curve(tables: Tables, counts: list[int], lmin: int, lmax: int) -> list[int]:
    """The joker curve of :func:`set_bounds` alone, from per-rank curves memoised by naturals held."""
    jokers = counts[J]
    found = [curve for _, curve in _held_curves(tables, counts, lmin, lmax)]
    if tables.special:
        curve = list(map(max, *found)) if len(found) > 1 else found[0] if found else [NO_SCORE] * (jokers + 1)
        return _special_curve(tables, counts, lmin, lmax, curve)
    if not found:
        return [NO_SCORE] * (jokers + 1)
    if len(found) == 1:
        return found[0]
    return list(map(max, *found))


def set_value(tables: Tables, counts: list[int], lmin: int, lmax: int) -> int:
    """The best score of one set from ``counts`` (what :func:`best_natural_set` and :func:`best_special_set` find)."""
    best = NO_SCORE
    if tables.special:
        special = special_sets(tables, counts, lmin, lmax)
        if special:
            best = max(map(score_of, special))
    for _, curve in _held_curves(tables, counts, lmin, lmax):
        if curve[-1] > best:  # noqa: PLR1730 (a hot loop: no call)
            best = curve[-1]
    return best


def _held_curves(tables: Tables, counts: list[int], lmin: int, lmax: int) -> Iterator[tuple[int, list[int]]]:
    """Each rank whose naturals can make a set, with its joker curve (memoised by points and naturals held)."""
    jokers = counts[J]
    memo = _rank_curves(tables, jokers, lmin, lmax)
    points = tables.points
    held = _set_naturals(tables, counts)
    for rank in compress(tables.set_ranks, map(held.__getitem__, tables.set_ranks)):
        key = points[rank] * 1024 + held[rank]
        curve = memo.get(key)
        if curve is None:
            curve = memo[key] = _rank_curve(tables, points[rank], held[rank], jokers, lmin, lmax)
        yield rank, curve


def _rank_curves(tables: Tables, jokers: int, lmin: int, lmax: int) -> dict[int, list[int]]:
    """The memo of one rank's set curves for these jokers and sizes, keyed by ``points * 1024 + naturals``."""
    memo = tables.sets.get((jokers, lmin, lmax))
    if memo is None:
        if len(tables.sets) >= 256:
            tables.sets.clear()
        memo = tables.sets[(jokers, lmin, lmax)] = {}
    return memo


def _rank_curve(tables: Tables, points: int, held: int, jokers: int, lmin: int, lmax: int) -> list[int]:
    """The joker curve of the sets of a rank worth ``points`` from ``held`` of its naturals and ``jokers`` jokers."""
    exact = [NO_SCORE] * (jokers + 1)
    wild_points = tables.wild_points
    cap = tables.kernel.cap
    fewest_naturals = tables.fewest
    for wilds in range(jokers + 1 if jokers < lmax else lmax):
        # with so many wilds the most naturals that fit score best (no card scores below zero)
        naturals = held if held < lmax - wilds else lmax - wilds
        if naturals < fewest_naturals or naturals + wilds < lmin or not cap.allows(wilds, naturals):
            continue
        exact[wilds] = (naturals * points + wilds * wild_points) * SCORE_WEIGHT + naturals + wilds
    return prefix_max(exact)


def best_natural_set(
    tables: Tables, counts: list[int], lmin: int, lmax: int, low: tuple[int, ...] | None,
    ranks: list[tuple[int, int]], need: int, wild_value: list[int] | None = None, wild_floor: int = 0,
) -> Candidate | None:
    """The best single set of naturals of a rank (and wilds) scoring more than ``need``, or ``None``.

    ``ranks`` lists (best score in the whole hand, rank) best first: a rank
    can only do worse later, so the scan stops at the first that cannot beat
    ``need``. For a given number of naturals, more jokers always score more.
    With ``wild_value`` (the points of the best 0, 1, … wilds left: the exact
    scores where jokers and 2s differ) the sets are scored by it. Only sets
    of ``wild_floor`` wilds or more count. The sets of twos and of wilds only
    are :func:`best_special_set`'s.
    """
    jokers = counts[J]
    wild_points = tables.wild_points
    cap = tables.kernel.cap
    fewest_naturals = tables.fewest
    best: Candidate | None = None
    for potential, rank in ranks:
        if potential <= need:
            break
        if low is not None and rank < low[0]:
            continue
        column = counts[rank:J:13]
        held = 4 - column.count(0) if tables.distinct else sum(column)
        if not held:
            continue
        points = tables.points[rank]
        for naturals in range(held if held < lmax else lmax, fewest_naturals - 1, -1):
            wilds = cap.beside(jokers if jokers < lmax - naturals else lmax - naturals, naturals)
            if naturals + wilds < lmin or wilds < wild_floor:
                continue
            if low is not None and (rank, naturals, wilds) < low:
                continue
            wilds_points = wilds * wild_points if wild_value is None else wild_value[wilds]
            score = (naturals * points + wilds_points) * SCORE_WEIGHT + naturals + wilds
            if score > need:
                need = score
                picks = greedy_suits(counts, rank, tables.distinct)
                best = (score, (rank, naturals, wilds), (*picks[:naturals], *(J,) * wilds))
    return best


def best_special_set(
    tables: Tables, counts: list[int], lmin: int, lmax: int, low: tuple[int, ...] | None, need: int, wild_floor: int
) -> Candidate | None:
    """The best set of twos or of wilds only scoring more than ``need`` (key ``>= low``, ``wild_floor`` wilds up)."""
    best: Candidate | None = None
    for candidate in special_sets(tables, counts, lmin, lmax):
        value, key, cards = candidate
        if value > need and (low is None or key >= low) and cards.count(J) >= wild_floor:
            need, best = value, candidate
    return best
