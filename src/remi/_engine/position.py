"""Building a reachable position from what its caller cares about (``remi.position``; private).

:func:`build_position` completes what the caller leaves out, from the variant's
own deck and seeded: each owner's contract (the melds it lacks, invented from
the deck), a round or level that the given melds fit and that is not all-in,
the lay-off counts the table implies, the other hands, the stock and the
discard pile. It then builds the state through :func:`~remi._engine.setup.build_game`,
:func:`remi.new_game`'s own checks, so the position is reachable by construction.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from remi._engine.setup import (
    REACHABLE_HINT,
    CardsLike,
    build_game,
    check_players,
    fillings,
    layoff_totals,
    levels_of,
    seat_fillings,
    take_cards,
    variant_of,
)
from remi._engine.transitions import seeded_rng
from remi._engine.values import TableMeld
from remi._util import printable
from remi.cards import JOKER, NATURALS, Card
from remi.contracts import Requirement
from remi.errors import Reason, RemiError
from remi.melds import Meld, MeldKind, as_cards, is_wild, meld_problems
from remi.parts import GoingOut, Schedule

if TYPE_CHECKING:
    from remi.state import GameState
    from remi.variant import Variant

__all__ = ["build_position"]

#: How many random picks of the invented melds are tried against a contract-level rule before giving up.
_TRIES = 24

#: Each natural card by (rank 1 to 13, suit index 0 to 3): the cards a run or a set is invented from.
_NATURAL = {(card.index % 13 + 1, card.index // 13): card for card in NATURALS}


def _refuse(message: str) -> RemiError:
    """The builder's refusal: a position it cannot complete, with the sentence saying why."""
    return RemiError(f"remi.position cannot complete this position: {message}", Reason.BAD_POSITION)


def build_position(
    empty: GameState,
    variant: Variant | str,
    players: int,
    *,
    seed: int | str,
    hands: Sequence[CardsLike | None] | None,
    table: Sequence[TableMeld | tuple[int, Meld | str]],
    discard_pile: CardsLike | None,
    stock: CardsLike | None,
    dealer: int | None,
    round: int | None,
    levels: Sequence[int] | None,
    layoffs: Sequence[int] | None,
    wins: Sequence[int] | None,
    scores: Sequence[int] | None,
) -> GameState:
    """The reachable position :func:`remi.position` builds (its arguments, and ``empty``: a state with no field)."""
    variant = variant_of(variant)
    check_players(variant, players)
    given_table = [_table_meld(entry, players) for entry in _sequence("table", table)]
    given_hands = _given_hands(hands, players)
    pool = list(variant.cards(players))
    dead_twos = variant.deck.dead_twos
    take_cards(pool, [card for meld in given_table for card in meld.cards], "the table", dead_twos)
    for seat, hand in enumerate(given_hands):
        if hand is not None:
            take_cards(pool, hand, f"seat {seat}'s hand", dead_twos)
    for name, cards in (("the stock", stock), ("the discard pile", discard_pile)):
        if cards is not None:
            take_cards(pool, as_cards(cards), name, dead_twos)
    rng = seeded_rng(seed, "position")
    owned = _owned(given_table, players)
    start_levels, invented = _levels_and_melds(variant, players, owned, pool, rng, round, levels)
    full_table = (*given_table, *invented)
    if layoffs is None:
        layoffs = _layoff_counts(variant, full_table, start_levels)
    down = [bool(owned[seat]) for seat in range(players)]
    final_hands = _deal_hands(variant, given_hands, pool, rng, start_levels, full_table, down,
                              need_upcard=discard_pile is None)
    fixed = variant.match.schedule is Schedule.ROUNDS
    try:
        return build_game(
            empty, variant, players, seed, hands=final_hands, stock=stock, discard_pile=discard_pile,
            dealer=players - 1 if dealer is None else dealer, round=start_levels[0] if fixed else None,
            levels=None if fixed else start_levels, wins=wins, scores=scores, table=full_table, layoffs=layoffs,
        )
    except RemiError as error:
        if not str(error).endswith(REACHABLE_HINT):
            raise
        raise _refuse(str(error).removesuffix(REACHABLE_HINT)) from None


# -- the caller's input ------------------------------------------------------------------------------------------


def _sequence(name: str, values: object) -> Sequence[Any]:
    """``values`` as a sequence, refusing a string or a non-sequence for the argument ``name``."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise RemiError(f"{name}= takes a sequence, got {printable(values)}", Reason.BAD_POSITION)
    return values


def _table_meld(entry: object, players: int) -> TableMeld:
    """A given table meld: a :class:`TableMeld` laid before the position began, or ``(owner, meld)``."""
    if isinstance(entry, TableMeld):
        return entry
    if isinstance(entry, tuple) and len(entry) == 2:
        owner, meld = entry
        meld = Meld.parse(meld) if isinstance(meld, str) else meld
        if isinstance(meld, Meld):
            return TableMeld(meld.kind, meld.cards, owner, None)
    raise RemiError(f"a table meld is a TableMeld or an (owner, meld) pair such as (0, 'set 5C 5D 5H'), "
                    f"got {printable(entry)}", Reason.BAD_POSITION)


def _given_hands(hands: object, players: int) -> list[tuple[Card, ...] | None]:
    """Each seat's given hand (``None``: dealt by the builder), one entry per seat."""
    if hands is None:
        return [None] * players
    entries = _sequence("hands", hands)
    if len(entries) != players:
        raise RemiError(f"hands needs one entry per seat ({players}; None deals one), got {len(entries)}",
                        Reason.BAD_POSITION)
    return [None if hand is None else as_cards(hand) for hand in entries]


def _owned(table: Sequence[TableMeld], players: int) -> list[list[Meld]]:
    """The melds each seat owns on the given table, in table order."""
    owned: list[list[Meld]] = [[] for _ in range(players)]
    for meld in table:
        if isinstance(meld.owner, bool) or not isinstance(meld.owner, int) or not 0 <= meld.owner < players:
            raise RemiError(f"meld owner {printable(meld.owner)} is not a seat", Reason.NOT_A_SEAT)
        owned[meld.owner].append(Meld(meld.kind, meld.cards))
    return owned


# -- the levels and the contracts the owners completed ---------------------------------------------------------


def _levels_and_melds(
    variant: Variant,
    players: int,
    owned: Sequence[Sequence[Meld]],
    pool: list[Card],
    rng: random.Random,
    round: int | None,
    levels: Sequence[int] | None,
) -> tuple[tuple[int, ...], list[TableMeld]]:
    """Each seat's level and the melds invented to complete the owners' contracts (taken out of ``pool``)."""
    owners = [seat for seat in range(players) if owned[seat]]
    given = None if round is None and levels is None else levels_of(variant, players, round, levels)
    if variant.match.schedule is Schedule.ROUNDS:
        candidates = [given[0]] if given is not None else list(range(1, len(variant.contracts) + 1))
        why = ""
        for level in candidates:
            trial = list(pool)
            found = _complete_all(variant, owned, owners, [level] * players, trial, rng)
            if isinstance(found, list):
                pool[:] = trial
                return (level,) * players, found
            why = found
        raise _refuse(why if given is not None else f"no round fits the melds on the table; in the last, {why}")
    chosen = given or tuple(
        _fitting_level(variant, owned[seat], pool, rng) if owned[seat] else 1 for seat in range(players))
    found = _complete_all(variant, owned, owners, chosen, pool, rng)
    if isinstance(found, str):
        raise _refuse(found)
    return chosen, found


def _fitting_level(variant: Variant, owned: Sequence[Meld], pool: list[Card], rng: random.Random) -> int:
    """The first level whose contract ``owned`` fits and can be completed from ``pool`` (not all-in)."""
    for level in range(1, len(variant.contracts) + 1):
        if not isinstance(_complete(variant, level, owned, list(pool), rng), str):
            return level
    melds = "; ".join(str(meld) for meld in owned)
    raise _refuse(f"no level's contract fits the melds {melds} and is not all-in")


def _complete_all(
    variant: Variant,
    owned: Sequence[Sequence[Meld]],
    owners: Sequence[int],
    levels: Sequence[int],
    pool: list[Card],
    rng: random.Random,
) -> list[TableMeld] | str:
    """The melds that complete each owner's contract at its level (taken out of ``pool``), or why not."""
    invented: list[TableMeld] = []
    for seat in owners:
        level = levels[seat]
        found = _complete(variant, level, owned[seat], pool, rng)
        if isinstance(found, str):
            return f"seat {seat}: {found}"
        invented += [TableMeld(meld.kind, meld.cards, seat, None) for meld in found]
    return invented


def _complete(
    variant: Variant, level: int, owned: Sequence[Meld], pool: list[Card], rng: random.Random
) -> list[Meld] | str:
    """The melds that complete contract ``level`` around ``owned`` (taken out of ``pool``), or why there are none.

    The given melds fill some of the requirements (as laid, then grown by lay-offs);
    each requirement left gets a meld of its exact size from the deck. A
    contract-level rule (``Contracts.melds_problem``) judges the whole contract.
    """
    contract = variant.contracts[level - 1]
    if variant.contracts.going_out[level - 1] is GoingOut.ALL_IN:
        return f"contract {level} ({contract}) is all-in: going down there goes out{variant.cite('going_out.all_in')}"
    laid = [TableMeld(meld.kind, meld.cards, 0, None) for meld in owned]
    ways = [filled for filled, _counts in fillings(variant, laid, contract.requirements)]
    if not ways:
        return (f"the melds {'; '.join(str(meld) for meld in owned)} do not fit contract {level} ({contract}): "
                f"each is laid as one of its requirements, then may grow by lay-offs")
    for filled in ways:
        missing = [req for index, req in enumerate(contract.requirements) if index not in filled]
        for _ in range(_TRIES if missing and variant.contract_rule else 1):
            trial = list(pool)
            melds = _invent_all(variant, missing, trial, rng)
            if melds is not None and variant.contract_problem(level - 1, [*owned, *melds]) is None:
                pool[:] = trial
                return melds
    return f"the deck left has no cards to complete contract {level} ({contract}) around the given melds"


def _invent_all(
    variant: Variant, requirements: Sequence[Requirement], pool: list[Card], rng: random.Random
) -> list[Meld] | None:
    """A meld for each of ``requirements``, its cards taken out of ``pool``; ``None`` if the pool runs short."""
    melds = []
    for req in requirements:
        meld = _invent(variant, req, pool, rng)
        if meld is None:
            return None
        for card in meld.cards:
            pool.remove(card)
        melds.append(meld)
    return melds


def _invent(variant: Variant, req: Requirement, pool: Sequence[Card], rng: random.Random) -> Meld | None:
    """A valid meld of natural cards from ``pool`` filling ``req`` at its exact size, picked by ``rng``."""
    rules = variant.melds
    counts: dict[Card, int] = {}
    for card in pool:
        if card is not JOKER and not card.is_dead and not is_wild(rules, card):
            counts[card] = counts.get(card, 0) + 1
    if req.kind is MeldKind.SET:
        candidates = [_set_of(counts, rank, req.size) for rank in range(1, 14)]
    else:
        candidates = [_run_of(counts, suit, low, req.size) for suit in range(4) for low in range(1, 15 - req.size)]
    rng.shuffle(candidates)
    for cards in candidates:
        if cards is not None and not meld_problems(rules, req.kind, cards):
            return Meld(req.kind, cards)
    return None


def _set_of(counts: dict[Card, int], rank: int, size: int) -> tuple[Card, ...] | None:
    """``size`` naturals of ``rank`` from ``counts``, as many suits as there are first; ``None`` if too few."""
    chosen: list[Card] = []
    for copy in range(max(counts.values(), default=0)):
        chosen += [card for suit in range(4) if counts.get(card := _NATURAL[rank, suit], 0) > copy]
    return tuple(chosen[:size]) if len(chosen) >= size else None


def _run_of(counts: dict[Card, int], suit: int, low: int, size: int) -> tuple[Card, ...] | None:
    """The naturals of ``suit`` from rank ``low`` up, ``size`` of them (an ace high at 14); ``None`` if one lacks."""
    cards = tuple(_NATURAL[(rank - 1) % 13 + 1, suit] for rank in range(low, low + size))
    return cards if all(counts.get(card, 0) for card in cards) else None


# -- lay-offs and hands -------------------------------------------------------------------------------------------


def _layoff_counts(variant: Variant, table: Sequence[TableMeld], levels: Sequence[int]) -> tuple[int, ...]:
    """Lay-off counts that add up to what the table has grown by, each seat within its rights (E12, N16)."""
    players = len(levels)
    owned: list[list[TableMeld]] = [[] for _ in range(players)]
    for meld in table:
        owned[meld.owner].append(meld)
    options = [seat_fillings(variant, seat, owned[seat], levels[seat]) for seat in range(players)]
    # the seats that may have laid off: every seat, or only the seats that are down (N16)
    may = [bool(owned[seat]) or not variant.layoffs.requires_down for seat in range(players)]
    quotas = [variant.layoff_quota(levels[seat] - 1) if may[seat] else 0 for seat in range(players)]
    totals = sorted(layoff_totals(options))
    for total in totals:
        counts = _share(total, quotas)
        if counts is not None:
            return counts
    room = "no seat may" if not any(may) else f"the seats may lay off {sum(q or 0 for q in quotas)} in all"
    raise _refuse(f"the melds on the table have grown by at least {totals[0]} card{'s' if totals[0] != 1 else ''} "
                  f"by lay-offs, but {room}{variant.cite('layoff.quota')}")


def _share(total: int, quotas: Sequence[int | None]) -> tuple[int, ...] | None:
    """``total`` lay-offs shared out among the seats, each within its quota (``None``: no limit), seat 0 first."""
    counts = []
    left = total
    for quota in quotas:
        count = left if quota is None else min(left, quota)
        counts.append(count)
        left -= count
    return tuple(counts) if left == 0 else None


def _deal_hands(
    variant: Variant,
    given: Sequence[tuple[Card, ...] | None],
    pool: list[Card],
    rng: random.Random,
    levels: Sequence[int],
    table: Sequence[TableMeld],
    down: Sequence[bool],
    *,
    need_upcard: bool,
) -> list[tuple[Card, ...]]:
    """Each seat's hand: the given one, else dealt from ``pool`` (a deal's size, less the cards it has laid)."""
    rng.shuffle(pool)
    hands = []
    for seat, given_hand in enumerate(given):
        hand = given_hand
        if hand is None:
            laid = sum(len(meld.cards) for meld in table if meld.owner == seat)
            size = variant.contracts.deal_sizes[levels[seat] - 1]
            size = max(1, size - laid) if down[seat] else size
            if len(pool) < size + need_upcard:
                raise _refuse(f"the deck has {len(pool)} cards left, too few to deal seat {seat} a hand of {size}"
                              + (" and turn an upcard" if need_upcard else ""))
            hand = tuple(pool[:size])
            del pool[:size]
        hands.append(hand)
    return hands
