"""Starting a match, or any position of one (``remi.new_game``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from remi.cards import Card, format_cards, shuffled
from remi.contracts import assign
from remi.errors import Reason, RemiError
from remi.melds import Meld, _to_cards, meld_problems
from remi.state import _FIELDS, GameState, TableMeld, _index, _rng, _start_deal
from remi.variant import Schedule, Variant

__all__ = ["new_game"]

CardsLike = Sequence[Card] | str


def new_game(
    variant: Variant | str,
    players: int = 4,
    seed: int | str | None = None,
    *,
    deck: CardsLike | None = None,
    hands: Sequence[CardsLike] | None = None,
    stock: CardsLike | None = None,
    discard_pile: CardsLike | None = None,
    dealer: int | None = None,
    round: int | None = None,
    levels: Sequence[int] | None = None,
    wins: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    table: Sequence[TableMeld] = (),
) -> GameState:
    """Start a match, or any later position of one, at its first decision.

    The player after the dealer is on turn, about to draw (N12).

    Args:
        variant: A :class:`~remi.Variant` or a registered variant's name.
        players: The number of seats.
        seed: Fixes the first dealer, every shuffle and every reshuffle
            (an integer or a string; ``None`` picks one at random and records it).
        deck: A stacked deck for the first deal: dealt one card at a time
            clockwise from the dealer's left, then the upcard; the rest is the
            stock, next card on top. It may be a prefix: the cards not given
            follow in seeded random order.
        hands: Instead of ``deck``, each seat's hand outright (any sizes).
        stock: With ``hands``, the top of the stock (top card first); the
            remaining cards follow in seeded random order.
        discard_pile: With ``hands``, the discard pile (top card last);
            default one card from the rest, as the upcard.
        dealer: The first dealer's seat (default: chosen by the seed, N12).
        round: Start a fixed-round variant at this round (1-based).
        levels: Start a levels variant with each seat on this level (1-based).
        wins: Deals each seat has won so far.
        scores: Totals so far.
        table: Melds already on the table (their cards leave the deck first).
            In a variant whose contract goes down whole, an owner of melds is
            down; in a piecemeal one, the melds fill the owner's requirements.

    Raises:
        RemiError: If the arguments describe an impossible position
            (reason ``BAD_POSITION``, ``NOT_A_SEAT`` or ``BAD_ARGUMENT``).

    >>> import remi
    >>> game = remi.new_game("norwegian", players=3, seed=1, round=7, dealer=0,
    ...                      hands=["", "3S 4S 5S 6S 9H 10H JH QH AD 2D 3D", ""],
    ...                      stock="JK")
    >>> game.round, game.contract(1).name, game.to_act
    (7, '4-4-4', 1)

    .. versionadded:: 0.1.0
    """
    from remi.variants import get

    if isinstance(variant, str):
        variant = get(variant)
    if not isinstance(variant, Variant):
        raise RemiError(f"expected a Variant or a variant name, got {type(variant).__name__}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise RemiError(f"players must be an integer, got {players!r}")
    if not variant.min_players <= players <= variant.max_players:
        raise RemiError(
            f"{variant.name} is played by {variant.min_players} to {variant.max_players} players, not {players}"
        )
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RemiError(f"seed must be an integer or a string, got {seed!r}")
    if dealer is None:
        dealer = _rng(seed, "dealer").randrange(players)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise RemiError(f"dealer must be a seat from 0 to {players - 1}, got {dealer!r}", Reason.NOT_A_SEAT)
    start_levels = _levels(variant, players, round, levels)
    start_wins = _seat_values("wins", wins, players, 0)
    start_scores = _seat_values("scores", scores, players, 0, allow_negative=True)
    table_melds, laid, used = _check_table(variant, players, table, start_levels)
    pool = list(variant.deck())
    _take(pool, used, "the table")
    start: list[tuple[str, Any]] = [
        ("variant", variant.name),
        ("version", variant.version),
        ("players", players),
        ("seed", seed),
        ("dealer", dealer),
    ]
    try:
        given: dict[str, Any] = {
            "round": round,
            "levels": None if levels is None else list(start_levels),
            "wins": None if wins is None else list(start_wins),
            "scores": None if scores is None else list(start_scores),
            "deck": None if deck is None else format_cards(_to_cards(deck)),
            "hands": None if hands is None else [format_cards(_to_cards(hand)) for hand in hands],
            "stock": None if stock is None else format_cards(_to_cards(stock)),
            "discard_pile": None if discard_pile is None else format_cards(_to_cards(discard_pile)),
            "table": [[meld.owner, str(Meld(meld.kind, meld.cards)), meld.turn] for meld in table_melds] or None,
        }
    except TypeError:
        raise RemiError("hands= takes one hand (card text or cards) per seat", Reason.BAD_POSITION) from None
    start.extend((key, value) for key, value in given.items() if value is not None)
    base: dict[str, Any] = {
        "start": tuple(start),
        "variant": variant,
        "players": players,
        "seed": seed,
        "wins": start_wins,
        "scores": start_scores,
        "deal_scores": (),
        "last_deal": None,
        "_history": None,
    }
    state = object.__new__(GameState)
    for name in _FIELDS:
        object.__setattr__(state, name, base.get(name))
    if hands is not None:
        if deck is not None:
            raise RemiError("give either deck= or hands=, not both")
        return _from_hands(state, base, pool, hands, stock, discard_pile, dealer, start_levels, table_melds, laid)
    if stock is not None or discard_pile is not None:
        raise RemiError("stock= and discard_pile= go with hands=; with a deck, stack the deck")
    order = _stack(deck, pool, seed)
    return _start_deal(state, base, order, dealer, 1, start_levels, table_melds, laid)


def _levels(variant: Variant, players: int, round: int | None, levels: Sequence[int] | None) -> tuple[int, ...]:
    last = len(variant.contracts)
    if variant.schedule is Schedule.ROUNDS:
        if levels is not None:
            raise RemiError(f"{variant.name} plays fixed rounds: use round=, not levels=", Reason.BAD_POSITION)
        start = 1 if round is None else round
        if isinstance(start, bool) or not isinstance(start, int) or not 1 <= start <= last:
            raise RemiError(f"round must be 1 to {last}, got {round!r}", Reason.BAD_POSITION)
        return (start,) * players
    if round is not None:
        raise RemiError(f"{variant.name} plays per-player levels: use levels=, not round=", Reason.BAD_POSITION)
    values = _seat_values("levels", levels, players, 1)
    if any(not 1 <= level <= last for level in values):
        raise RemiError(f"levels must be 1 to {last}, got {list(values)}", Reason.BAD_POSITION)
    return values


def _seat_values(
    name: str, values: Sequence[int] | None, players: int, default: int, *, allow_negative: bool = False
) -> tuple[int, ...]:
    if values is None:
        return (default,) * players
    out = tuple(values)
    if len(out) != players or any(isinstance(v, bool) or not isinstance(v, int) for v in out):
        raise RemiError(f"{name} needs one integer per seat ({players}), got {values!r}", Reason.BAD_POSITION)
    if not allow_negative and any(v < 0 for v in out):
        raise RemiError(f"{name} cannot be negative, got {list(out)}", Reason.BAD_POSITION)
    return out


def _take(pool: list[Card], cards: Sequence[Card], where: str) -> None:
    for card in cards:
        try:
            pool.remove(card)
        except ValueError:
            raise RemiError(f"{where} uses more {card} than the deck holds", Reason.BAD_POSITION) from None


def _check_table(
    variant: Variant, players: int, table: Sequence[TableMeld], levels: tuple[int, ...]
) -> tuple[tuple[TableMeld, ...], tuple[frozenset[int], ...], list[Card]]:
    melds = tuple(table)
    used: list[Card] = []
    by_owner: dict[int, list[TableMeld]] = {}
    for meld in melds:
        if not isinstance(meld, TableMeld):
            raise RemiError(f"table melds must be TableMeld values, got {meld!r}", Reason.BAD_POSITION)
        if isinstance(meld.owner, bool) or not isinstance(meld.owner, int) or not 0 <= meld.owner < players:
            raise RemiError(f"meld owner {meld.owner!r} is not a seat", Reason.BAD_POSITION)
        problems = meld_problems(variant.meld_rules, meld.kind, meld.cards)
        if problems:
            raise RemiError(f"{meld} is not a valid meld: {problems}", Reason.BAD_POSITION)
        used.extend(meld.cards)
        by_owner.setdefault(meld.owner, []).append(meld)
    laid: list[frozenset[int]] = []
    for seat in range(players):
        owned = by_owner.get(seat, [])
        contract = variant.contracts[levels[seat] - 1]
        if not owned:
            laid.append(frozenset())
        elif not variant.piecemeal:
            laid.append(frozenset(range(len(contract.requirements))))
        else:
            fit = assign(contract, [(meld.kind, len(meld.cards)) for meld in owned], exact=False)
            if fit is None:
                raise RemiError(f"seat {seat}'s melds do not fit its contract {contract}", Reason.BAD_POSITION)
            laid.append(frozenset(fit))
    return melds, tuple(laid), used


def _stack(deck: CardsLike | None, pool: list[Card], seed: int | str) -> tuple[Card, ...]:
    rest = list(shuffled(pool, _rng(seed, 1, "deal")))
    if deck is None:
        return tuple(rest)
    stacked = _to_cards(deck)
    _take(sorted(pool, key=_index), stacked, "the stacked deck")
    for card in stacked:
        rest.remove(card)
    return (*stacked, *rest)


def _from_hands(
    state: GameState,
    base: dict[str, Any],
    pool: list[Card],
    hands: Sequence[CardsLike],
    stock: CardsLike | None,
    discard_pile: CardsLike | None,
    dealer: int,
    levels: tuple[int, ...],
    table: tuple[TableMeld, ...],
    laid: tuple[frozenset[int], ...],
) -> GameState:
    players = state.players
    given = [_to_cards(hand) for hand in hands]
    if len(given) != players:
        raise RemiError(f"hands needs one hand per seat ({players}), got {len(given)}", Reason.BAD_POSITION)
    for seat, hand in enumerate(given):
        _take(pool, hand, f"seat {seat}'s hand")
    top = _to_cards(stock) if stock is not None else ()
    _take(pool, top, "the stock")
    pile = _to_cards(discard_pile) if discard_pile is not None else None
    if pile is not None:
        _take(pool, pile, "the discard pile")
    rest = list(shuffled(sorted(pool, key=_index), _rng(state.seed, 1, "deal")))
    if pile is None:
        if not rest:
            raise RemiError("no card is left for the upcard", Reason.BAD_POSITION)
        pile = (rest.pop(),)
    # Deal the given hands through the ordinary path: hand i's cards are dealt to seat i.
    order: list[Card] = []
    queues = [list(hand) for hand in given]
    sizes = [len(hand) for hand in given]
    for turn in range(max(sizes, default=0)):
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            if turn < sizes[seat]:
                order.append(queues[seat][turn])
    order.extend(top)
    order.extend(rest)
    return _start_deal(state, base, order, dealer, 1, levels, table, laid, sizes=sizes, discard_pile=tuple(pile))
