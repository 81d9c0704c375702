"""The contract solver: the best way to lay a contract down from a hand.

:func:`solve` finds melds fulfilling a contract that leave the fewest points
in hand; :func:`layoff_options` lists where each card of a hand can be laid
off; :func:`contract_hint` names the cards that would make a contract layable.

The search never enumerates subsets of the hand. It works on the hand's count
vector (53 counts: the 52 naturals and the joker) and uses the structure of
melds: a set is one rank, a run is an interval of values in one suit, and the
wilds are a budget spent on gaps, ends and the joker cap. Runs are chosen
first (a branch and bound on the points they use), sets last: the cards of one
rank are interchangeable for points, so a set takes its naturals greedily from
the suits holding most copies. An all-in contract (N18) is an exact
cover instead: the lowest card left in hand must go into one of the melds
still to be laid, which cuts the search down to a handful of branches. A suit's
runs depend only on that suit's counts and the jokers, so they are memoised
per variant (bounded; :func:`clear_caches` empties it). The runs and sets come
from the engine's one search kernel over card counts, as the listing's do.
Before any search, a hand holding fewer jokers than the contract needs at the
least (from counts alone: the most naturals a suit holds in a window of a
run's places, the copies of the ranks with most) is refused at once.

Wild twos (:class:`~remi.melds.Twos`): where the 2s are wild they join the
jokers in one budget of *wilds*, all alike in a meld (any of them stands for
any card, and each counts against the joker cap and the natural minimum);
where a set of twos holds its 2s as naturals (S6), such sets are candidates
of their own. Which wilds go down is settled last: the melds take the
costliest first (the most points out of the hand), a joker before a 2 of the
same worth. With ``min_naturals`` 0 (and no joker cap) melds of wilds only
are candidates too; with 2 or 3 every meld keeps that many naturals.

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

Dead twos (S15): a hand holding a dead 2 is solved apart, exactly, by going
through every lay-down the game's own listing finds (:mod:`remi._search.generate`)
and keeping the best; a dead 2 is a natural that only a run of its suit
takes, in the 2's place, so the search above, which knows no such card, is
left as it is.

.. versionadded:: 0.1.0
.. versionchanged:: 0.2.0
   Wild twos and the natural minimum of :class:`~remi.melds.MeldRules`.
.. versionchanged:: 0.2.0
   Dead twos.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, compress, repeat

import attrs

from remi._search.arrange import search_best, search_cover
from remi._search.generate import built_meld, laydowns
from remi._search.kernel import DEAD, TWOS, J
from remi._search.scored import RUN_LINES, SCORE_WEIGHT
from remi._search.tables import (
    SET_OF_TWOS_WILDS,
    TABLE_CACHE,
    Candidate,
    Need,
    SearchPlan,
    Tables,
    free_wilds,
    score_of,
    search_counts,
    search_plan,
    short_of_jokers,
    tables_for,
)
from remi._util import printable
from remi.actions import LayDown
from remi.cards import CARD_SLOTS, CARDS, Card
from remi.contracts import Contract, Requirement, assign
from remi.errors import Reason, RemiError
from remi.melds import End, Meld, MeldKind, MeldRules, as_cards, lay_off, meld_judge
from remi.variant import Variant

__all__ = ["LayoffOption", "Solution", "clear_caches", "contract_hint", "layoff_options", "solve"]


@attrs.frozen
class Solution:
    """The best way found to lay a contract down.

    Attributes:
        melds: One meld per requirement, in the contract's order (``melds[i]``
            fulfils ``contract.requirements[i]``); runs are listed low to high
            with each wild (a joker, or a wild 2) in the place of the card it
            stands for.
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


# -- the public functions ------------------------------------------------------


def _counts(cards: Iterable[Card]) -> list[int]:
    """The counts of ``cards``, one per card index (the dead twos last, S15)."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise RemiError(f"expected cards, got {type(cards).__name__}", Reason.BAD_ARGUMENT)
    counts = [0] * CARD_SLOTS
    for card in cards:
        if type(card) is not Card and not isinstance(card, Card):
            raise RemiError(f"expected cards, got {printable(card)}", Reason.BAD_ARGUMENT)
        counts[card.index] += 1
    return counts


def _live(counts: list[int]) -> bool:
    """Whether ``counts`` hold no dead 2; if so, drop their places (the search reads 53 counts)."""
    if counts[DEAD] or counts[DEAD + 1] or counts[DEAD + 2] or counts[DEAD + 3]:
        return False
    del counts[DEAD:]
    return True


def _dead_contract(variant: Variant, contract: Contract) -> Contract | None:
    """``contract`` with its sizes read as the live search reads them (:func:`search_plan`), for the listing.

    A minimum below the variant's meld minimum is raised to it; an exact size the
    variant's melds cannot have makes the contract impossible (``None``).
    """
    plan = search_plan(tables_for(variant), contract, variant.contracts.exact_sizes)
    if plan is None:
        return None
    kinds = {True: MeldKind.RUN, False: MeldKind.SET}
    return Contract(tuple(Requirement(kinds[need.is_run], need.fewest) for need in plan.requirements))


def _dead_laydowns(variant: Variant, counts: list[int], contract: Contract | None, all_in: bool) -> Iterator[LayDown]:
    """Every way to lay ``contract`` (from :func:`_dead_contract`) from a hand holding dead twos (S15)."""
    if contract is None:
        return iter(())
    # (a copy: the walk takes cards out of its counts while it is suspended between lay-downs)
    return laydowns(variant.melds, contract, exact=variant.contracts.exact_sizes, piecemeal=False,
                    done=frozenset(), counts=counts[:], hand_size=sum(counts), all_in=all_in, keep=0)


def _solve_dead(variant: Variant, counts: list[int], contract: Contract, all_in: bool) -> Solution | None:
    """:func:`solve` for a hand holding dead twos: the best of every lay-down (fewest points, then cards)."""
    hand = [CARDS[i] for i, n in enumerate(counts) for _ in range(n)]
    if all(req.kind is MeldKind.SET for req in contract.requirements) and not _hooked(variant):
        # no run takes a dead 2: they stay
        if all_in:
            return None
        found = solve(variant, [card for card in hand if not card.is_dead], contract)
        if found is None:
            return None
        kept = tuple(sorted((*found.left, *(card for card in hand if card.is_dead))))
        return Solution(found.melds, kept, variant.hand_points(kept))
    return _solve_listed(variant, hand, counts, contract, all_in)


def _hooked(variant: Variant) -> bool:
    """Whether the variant's meld rules override the meld hook (:meth:`MeldRules.meld_problem`)."""
    return type(variant.melds).meld_problem is not MeldRules.meld_problem


def _solve_listed(
    variant: Variant, hand: list[Card], counts: list[int], contract: Contract, all_in: bool
) -> Solution | None:
    """:func:`solve` by listing: the best of every lay-down the listing's walk finds (fewest points, then cards).

    For a hand holding dead twos (S15), and for meld rules with a hook: the
    walk's candidate melds are those the hook allows, so its answer never
    breaks the hook.
    """
    best: tuple[int, int] | None = None
    chosen: LayDown | None = None
    for laydown in _dead_laydowns(variant, counts, _dead_contract(variant, contract), all_in):
        used = laydown.cards
        key = (variant.hand_points(hand) - variant.hand_points(used), len(hand) - len(used))
        if best is None or key < best:
            best, chosen = key, laydown
    if best is None or chosen is None:
        return None
    order = assign(contract, [(meld.kind, len(meld.cards)) for meld in chosen.melds],
                   exact=variant.contracts.exact_sizes)
    assert order is not None
    melds = [meld for _, meld in sorted(zip(order, chosen.melds, strict=True), key=lambda pair: pair[0])]
    left = list(hand)
    for card in chosen.cards:
        left.remove(card)
    return Solution(tuple(melds), tuple(left), best[0])


def _checked(variant: Variant, contract: Contract) -> None:
    """Refuse a ``variant`` or ``contract`` of the wrong type, before any search."""
    if not isinstance(variant, Variant):
        raise RemiError(f"expected a Variant, got {type(variant).__name__}", Reason.BAD_ARGUMENT)
    if not isinstance(contract, Contract):
        raise RemiError(f"expected a Contract, got {type(contract).__name__}", Reason.BAD_ARGUMENT)


def _search(
    variant: Variant, counts: list[int], contract: Contract, all_in: bool, first: bool
) -> tuple[Tables, list[Need], list[Candidate]] | None:
    """The candidates of the best arrangement (the first found, with ``first``), their tables and requirements."""
    tables = tables_for(variant)
    plan = search_plan(tables, contract, variant.contracts.exact_sizes)
    if plan is None:
        return None
    if not (tables.wild_twos or tables.special) and short_of_jokers(tables, counts, plan):
        return None
    held = search_counts(tables, counts) if tables.wild_twos else counts  # (the search puts back every card it takes)
    if all_in:
        found = search_cover(tables, held, plan.requirements)
    elif tables.uneven:
        found = search_best(tables, held, plan, first, (counts[J], _twos_held(counts)))
    elif tables.cheap is not None and not first:
        found = _search_split(tables, tables.cheap, counts, held, plan)
    else:
        found = search_best(tables, held, plan, first)
    return None if found is None else (tables, plan.requirements, found)


def _twos_held(counts: list[int]) -> int:
    """How many 2s ``counts`` hold (the hand's 53 counts)."""
    return sum([counts[two] for two in TWOS])


def _search_split(
    tables: Tables, cheap: Tables, counts: list[int], held: list[int], plan: SearchPlan
) -> list[Candidate] | None:
    """The best arrangement where jokers and wild 2s differ in points (:attr:`~remi.melds.Twos.WILD`).

    The melds take the costliest wilds first. An arrangement taking no more
    wilds than the hand holds of the costlier kind (``many``) takes only
    those: the search with only so many wilds, each scored as one of them,
    is exact. One taking more takes all of them and some of the others: its
    wilds are worth the cheaper kind's points each, plus ``many`` times the
    difference, so ``cheap`` (scoring every wild so) is exact for the
    arrangements of ``many`` wilds or more.
    """
    twos = _twos_held(counts)
    many, others = (counts[J], twos) if tables.points[J] >= tables.points[1] else (twos, counts[J])
    if not others:  # the wilds are all of the costlier kind
        return search_best(tables, held, plan)
    if not many:
        return search_best(cheap, held, plan)
    few = held[:]
    few[J] = many
    best = search_best(tables, few, plan)
    more = search_best(cheap, held, plan, least=many)
    wild_bonus = many * (tables.wild_points - cheap.wild_points) * SCORE_WEIGHT
    if more is None:
        return best
    if best is None or sum(map(score_of, more)) + wild_bonus > sum(map(score_of, best)):
        return more
    return best


def _wild_order(tables: Tables) -> list[int]:
    """The wilds in the order melds take them: most points first, then jokers, then 2s by suit."""
    wilds = [J, *TWOS] if tables.wild_twos else [J]
    return sorted(wilds, key=lambda i: (-tables.points[i], i != J, i))


def _melds(tables: Tables, candidates: list[Candidate], needs: list[Need], counts: list[int]) -> tuple[Meld, ...]:
    """The melds the candidates stand for, their wilds real cards; ``counts`` loses every card used.

    A candidate names its naturals, and the jokers of a set of twos (or of a
    set of jokers only); its other wilds are any of the wilds left, and the
    melds take them best first (the most points out of the hand).
    """
    if not tables.wild_twos:
        for _, _, cards in candidates:
            for card in cards:
                counts[card] -= 1
        return tuple(_meld(candidate, need.is_run, ()) for candidate, need in zip(candidates, needs, strict=True))
    for _, _, cards in candidates:
        for card in cards:
            if card < J:
                counts[card] -= 1
            elif card == SET_OF_TWOS_WILDS:
                counts[J] -= 1
    pool = [i for i in _wild_order(tables) for _ in range(counts[i])]
    pool.reverse()  # taken from the end
    melds = []
    for (score, key, cards), need in zip(candidates, needs, strict=True):
        taken = [pool.pop() for _ in range(free_wilds(tables, cards)[0])]
        for card in taken:
            counts[card] -= 1
        own = (*(card for card in cards if card < J), *(J,) * cards.count(SET_OF_TWOS_WILDS))
        melds.append(_meld((score, key, own), need.is_run, taken))
    return tuple(melds)


def _meld(candidate: Candidate, is_run: bool, wilds: Sequence[int]) -> Meld:
    """The meld of a candidate whose wilds are jokers, or else ``wilds``, in order."""
    _, key, cards = candidate
    if not is_run:
        return built_meld(False, tuple(sorted((*cards, *wilds))))
    _, _, neg_start, end, *positions = key
    naturals = dict(zip(positions, cards, strict=False))
    if wilds:
        fill = iter(wilds)
        values = range(-neg_start, end + 1)
        return built_meld(True, tuple([naturals[v] if v in naturals else next(fill) for v in values]))
    return built_meld(True, tuple([naturals.get(v, J) for v in range(-neg_start, end + 1)]))


def solve(variant: Variant, cards: Iterable[Card], contract: Contract, *, all_in: bool = False) -> Solution | None:
    """The melds fulfilling ``contract`` from ``cards`` that leave the fewest points in hand.

    Each meld is valid under ``variant`` (wilds within the cap and placed,
    naturals at least the variant's minimum), one meld per requirement (no
    extra melds), sized as the variant says:
    exactly the requirement's size if :attr:`Contracts.exact_sizes <remi.Contracts.exact_sizes>`, else
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
        RemiError: If ``cards`` is not cards, or ``variant`` or ``contract`` is of the wrong type.
        VariantError: If the variant gives a card negative points.

    >>> import remi
    >>> v = remi.variants.get("norwegian")
    >>> hand = remi.parse_cards("3S 4S 5S 6S 9H 10H JH QH AD 2D 3D JK")
    >>> [str(m) for m in solve(v, hand, v.contracts[6], all_in=True).melds]
    ['run 3S 4S 5S 6S', 'run 9H 10H JH QH', 'run AD 2D 3D JK']
    >>> solve(v, hand[:-1], v.contracts[6], all_in=True) is None
    True

    Where 2s are wild except in a set of twos (S6), a 2 is a natural in one
    and a wild in a run:

    >>> import attrs
    >>> from remi.melds import Twos
    >>> wild = attrs.evolve(v, name="wild-twos", melds=attrs.evolve(v.melds, twos=Twos.WILD_EXCEPT_SETS))
    >>> [str(m) for m in solve(wild, remi.parse_cards("2S 2H 2D 5C 6C 2C 8C KD"), wild.contracts[1]).melds]
    ['set 2S 2H 2D', 'run 5C 6C 2C 8C']

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Wild twos and ``min_naturals`` (see the module).
    .. versionchanged:: 0.2.0
       A hand may hold dead twos (S15).
    .. versionchanged:: 0.3.0
       Every meld obeys the variant's meld hook (:meth:`MeldRules.meld_problem
       <remi.MeldRules.meld_problem>`): with one, the answer is the best of the
       lay-downs the listing's walk finds from the melds the hook allows.
    """
    _checked(variant, contract)
    counts = _counts(cards)
    if _hooked(variant) or not _live(counts):
        return _solve_dead(variant, counts, contract, all_in)
    found = _search(variant, counts, contract, all_in, False)
    if found is None:
        return None
    tables, needs, candidates = found
    melds = _melds(tables, candidates, needs, counts)
    left = tuple(chain.from_iterable(map(repeat, compress(CARDS, counts), compress(counts, counts))))
    return Solution(melds, left, variant.hand_points(left))


def layoff_options(
    variant: Variant,
    cards: Iterable[Card],
    table_melds: Sequence[Meld | tuple[MeldKind, Sequence[Card] | str]],
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
            ``(kind, cards)`` pairs (the cards as :class:`~remi.Card` values or card text).

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

    Raises:
        RemiError: If ``variant`` is not a variant, ``cards`` not cards, or a table
            meld neither a :class:`~remi.Meld` nor a ``(kind, cards)`` pair.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Card text in a ``(kind, cards)`` pair; anything else refused with a reason.
    .. versionchanged:: 0.3.0
       A lay-off the variant's meld hook refuses (the meld it leaves on the table) is no option.
    """
    if not isinstance(variant, Variant):
        raise RemiError(f"expected a Variant, got {type(variant).__name__}", Reason.BAD_ARGUMENT)
    if isinstance(table_melds, (str, bytes)) or not isinstance(table_melds, Iterable):
        raise RemiError(f"table_melds must be a sequence of melds, got {printable(table_melds)}", Reason.BAD_ARGUMENT)
    rules = variant.layoff_rules
    judge = meld_judge(variant.melds)
    table = [_table_meld(meld) for meld in table_melds]
    result: dict[Card, tuple[LayoffOption, ...]] = {}
    for card in sorted({card for card, n in zip(CARDS, _counts(cards), strict=True) if n}):
        options = []
        for i, (kind, meld_cards) in enumerate(table):
            ends: tuple[End | None, ...] = (None,) if kind is MeldKind.SET else (End.LOW, End.HIGH)
            for end in ends:
                after = lay_off(rules, kind, meld_cards, card, end)
                if after is not None and (judge is None or judge.problem(kind, after, True) is None):
                    options.append(LayoffOption(card, i, end, after))
        result[card] = tuple(options)
    return result


def _table_meld(meld: object) -> tuple[MeldKind, tuple[Card, ...]]:
    """A table meld for :func:`layoff_options`: a :class:`~remi.Meld`, or a ``(kind, cards)`` pair (cards or text)."""
    if isinstance(meld, Meld):
        return meld.kind, meld.cards
    if isinstance(meld, tuple | list) and len(meld) == 2 and isinstance(meld[0], MeldKind):
        return meld[0], as_cards(meld[1])
    raise RemiError(f"a table meld is a Meld or a (MeldKind, cards) pair, got {printable(meld)}", Reason.BAD_ARGUMENT)


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

    Raises:
        RemiError: If ``cards`` is not cards, or ``variant`` or ``contract`` is of the wrong type.

    >>> import remi
    >>> v = remi.variants.get("norwegian")
    >>> hand = remi.parse_cards("5C 5D 5H KS KH 2D 9C 3S 4H")
    >>> remi.format_cards(contract_hint(v, hand, v.contracts[0]))
    'KS KH KD KC JK'

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.3.0
       Only melds the variant's meld hook allows make a contract layable.
    """
    _checked(variant, contract)
    counts = _counts(cards)
    deck = _counts(variant.cards(variant.max_players))
    # (the deck is dealt live: a dead 2 in hand is one of its 2s)
    available = [i for i in range(DEAD)
                 if deck[i] > counts[i] + (counts[DEAD + i // 13] if i % 13 == 1 and i < J else 0)]
    if not _hooked(variant) and _live(counts):
        def layable(all_in: bool) -> bool:
            return _search(variant, counts, contract, all_in, True) is not None
    else:
        listed = _dead_contract(variant, contract)  # (once: every card tried is listed for it)

        def layable(all_in: bool) -> bool:
            return next(_dead_laydowns(variant, counts, listed, all_in), None) is not None
    if not all_in and layable(False):
        return tuple(CARDS[i] for i in available)  # one more card never hurts
    hint = []
    for i in available:
        counts[i] += 1
        if layable(all_in):
            hint.append(CARDS[i])
        counts[i] -= 1
    return tuple(hint)


def clear_caches() -> None:
    """Forget everything the solver memoised (per-variant tables, runs per suit, contract plans, run lines).

    The memo is bounded, so this is never needed for correctness; it frees the
    memory, and gives benchmarks a cold start.

    >>> clear_caches()

    .. versionadded:: 0.1.0
    """
    TABLE_CACHE.clear()
    RUN_LINES.clear()
