"""The brute-force references of :mod:`remi.testing`: legal actions, views, round trips.

Written from the public API and the rules' data only, never from remi's
listing code (``_generate*``, ``_listing``, the solver), so that they can
catch it. Re-exported by :mod:`remi.testing`, where they are documented.
"""

from __future__ import annotations

import functools
import itertools
import pickle
from collections import Counter
from collections.abc import Iterator, Sequence
from random import Random

import attrs

from remi.actions import Action, Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.cards import CARDS, JOKER, Card, Rank
from remi.melds import End, Meld, MeldKind, MeldRules, Twos
from remi.notation import read_record, write_record
from remi.parts import JokerDestination, Swaps
from remi.state import GameState, Phase
from remi.testing.invariants import brute_force_valid, card_multiset
from remi.variant import Variant

__all__ = [
    "assert_legal_actions",
    "assert_round_trips",
    "assert_view_hides",
    "brute_force_legal_actions",
    "conceivable_actions",
    "hidden_shuffle",
]

#: The most valid melds the reference combines into lay-downs; beyond it lay-downs are left out.
MOST_MELDS = 150
#: The most lay-downs tried per state, of melds the reference finds invalid.
MOST_INVALID = 60
#: Every action kind but the lay-down (the listing filter used where lay-downs are left out).
NOT_LAYDOWNS = (DrawStock, TakeDiscard, Buy, Pass, LayOff, SwapJoker, Discard)


def _wild(rules: MeldRules, card: Card) -> bool:
    """Whether ``card`` can be a wild in a run: the joker, or a live 2 where 2s are wild (a dead 2 is natural)."""
    return card is JOKER or (rules.twos is not Twos.NATURAL and card.rank is Rank.TWO and not card.is_dead)


def _offset(card: Card) -> int:
    """A natural's rank offset, 0 (ace) to 12 (king)."""
    assert card.rank is not None
    return card.rank - 1


def _sub_multisets(hand: Sequence[Card], least: int) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``hand`` with at least ``least`` cards, each once."""
    counts = sorted(Counter(hand).items(), key=lambda item: item[0].index)
    for choice in itertools.product(*(range(n + 1) for _, n in counts)):
        if sum(choice) >= least:
            yield tuple(card for (card, _), k in zip(counts, choice, strict=True) for _ in range(k))


def _run_orders(rules: MeldRules, cards: Sequence[Card]) -> set[tuple[Card, ...]]:
    """The listings of ``cards`` worth trying as a run.

    The naturals by rank, turned round the corner in every way (so aces low or
    high, and runs round the corner); between two naturals as many wilds as
    ranks lie between them, the wilds left over at either end, in every order.
    Where too few wilds fill the gaps, the naturals with the wilds after them:
    a run with a gap, which no valid meld check accepts.
    """
    wilds = [card for card in cards if _wild(rules, card)]
    naturals = sorted((card for card in cards if not _wild(rules, card)), key=_offset)
    orders = set(itertools.permutations(wilds))
    if not naturals:
        return orders
    out = set()
    for turn in range(len(naturals)):
        base = naturals[turn:] + naturals[:turn]
        gaps = [((_offset(b) - _offset(a)) % 13) - 1 for a, b in itertools.pairwise(base)]  # ranks between
        inner = sum(gaps)
        if min(gaps, default=0) < 0 or inner > len(wilds):  # a repeated rank, or a gap wilds cannot fill
            out.add((*base, *wilds))
            continue
        spare = len(wilds) - inner
        for order in orders:
            chosen = iter(order)
            middle = [base[0]]
            for gap, card in zip(gaps, base[1:], strict=True):
                middle += [next(chosen) for _ in range(gap)] + [card]
            rest = list(chosen)
            for low in range(spare + 1):
                out.add((*rest[:low], *middle, *rest[low:]))
    return out


@functools.lru_cache(maxsize=512)
def _candidate_melds(rules: MeldRules, hand: tuple[Card, ...]) -> tuple[tuple[Meld, ...], tuple[Meld, ...]]:
    """The melds conceivable from ``hand``: (valid, invalid) by :func:`brute_force_valid`.

    Every sub-multiset of the cards of one rank and the wilds is tried as a set,
    and every sub-multiset of the naturals of one suit and the wilds as a run,
    in every order :func:`_run_orders` gives. The invalid ones are those just
    beside a valid meld, such as runs with a gap or sets with too many wilds,
    and those the variant's meld hook refuses to see go down.
    """
    found = _conceivable_sets(rules, hand) | _conceivable_runs(rules, hand)
    valid: list[Meld] = []
    invalid: list[Meld] = []
    for meld in sorted(found, key=lambda meld: (meld.kind.value, [card.index for card in meld.cards])):
        allowed = brute_force_valid(rules, meld.kind, meld.cards) and house_rule_allows(rules, meld, on_table=False)
        (valid if allowed else invalid).append(meld)
    return tuple(valid), tuple(invalid)


def house_rule_allows(rules: MeldRules, meld: Meld, *, on_table: bool) -> bool:
    """Whether the meld hook of ``rules`` (:meth:`MeldRules.meld_problem`) allows ``meld``, asked directly.

    The reference asks the hook itself, apart from the engine's memoised
    judge, so that a listing that forgets to ask it is caught.

    >>> from remi.melds import MeldRules
    >>> house_rule_allows(MeldRules(), Meld.parse("run 5C JK 7C 8C"), on_table=False)
    True

    .. versionadded:: 0.3.0
    """
    return rules.meld_problem(meld, on_table=on_table) is None


def _conceivable_sets(rules: MeldRules, hand: tuple[Card, ...]) -> set[Meld]:
    """Every sub-multiset of the cards of one rank and the wilds of ``hand``, as a set."""
    jokers = [card for card in hand if card is JOKER]
    twos = [card for card in hand if card is not JOKER and _wild(rules, card)]
    found: set[Meld] = set()
    for rank in {card.rank for card in hand if card is not JOKER}:
        of_rank = [card for card in hand if card.rank is rank]
        pool = [*of_rank, *jokers, *(twos if rank is not Rank.TWO else ())]
        found.update(Meld(MeldKind.SET, sub) for sub in _sub_multisets(pool, rules.set_min))
    return found


def _conceivable_runs(rules: MeldRules, hand: tuple[Card, ...]) -> set[Meld]:
    """Every sub-multiset of the naturals of one suit and the wilds of ``hand``, as a run in every order."""
    jokers = [card for card in hand if card is JOKER]
    twos = [card for card in hand if card is not JOKER and _wild(rules, card)]
    found: set[Meld] = set()
    for suit in {card.suit for card in hand if not _wild(rules, card)}:
        pool = [card for card in hand if card.suit is suit and not _wild(rules, card)] + jokers + twos
        for sub in _sub_multisets(pool, rules.run_min):
            if len(sub) <= rules.run_max:
                found.update(Meld(MeldKind.RUN, order) for order in _run_orders(rules, sub))
    return found


def _fitting(melds: Sequence[Meld], counts: Counter[Card], k: int, start: int = 0) -> Iterator[tuple[Meld, ...]]:
    """Every multiset of ``k`` melds from ``melds`` whose cards fit together in ``counts``."""
    if k == 0:
        yield ()
        return
    for i in range(start, len(melds)):
        need = Counter(melds[i].cards)
        if all(counts[card] >= n for card, n in need.items()):
            counts.subtract(need)
            for rest in _fitting(melds, counts, k - 1, i):
                yield (melds[i], *rest)
            counts.update(need)


def _conceivable_laydowns(state: GameState, seat: int) -> Iterator[LayDown] | None:
    """Every lay-down the seat could conceivably make, or ``None`` where there are too many to try."""
    if state.phase is not Phase.PLAY:
        return iter((LayDown(()),))  # refused before the melds are looked at
    variant = state.variant
    contracts = variant.contracts
    hand = state.hands[seat]
    valid, invalid = _candidate_melds(variant.melds, hand)
    if len(valid) > MOST_MELDS:
        return None
    requirements = contracts[state.levels[seat] - 1].requirements
    open_ = [req for i, req in enumerate(requirements) if i not in state.laid[seat]]

    def fits(meld: Meld) -> bool:  # the contract's own check, by kind and size, on the public data
        size = len(meld.cards)
        return any(meld.kind is req.kind and (size == req.size if contracts.exact_sizes else size >= req.size)
                   for req in open_)

    shaped = [meld for meld in valid if fits(meld)]
    counts = Counter(hand)
    whole = len(requirements) - len(state.laid[seat])
    sizes = range(1, len(open_) + 1) if contracts.piecemeal else range(whole, whole + 1)

    def laydowns() -> Iterator[LayDown]:
        yield LayDown(())
        for k in sizes:
            for melds in _fitting(shaped, counts, k):
                yield LayDown(melds)
        for meld in valid[:: max(1, len(valid) // 20)]:  # one meld too many or too few, a sample
            yield LayDown((meld,))
            yield LayDown((meld, meld))
        # an invalid meld in the place of a valid one: what a broken meld check would let through
        for meld in [meld for meld in invalid if fits(meld)][:MOST_INVALID]:
            rest = Counter(hand)
            rest.subtract(meld.cards)
            others = next(_fitting(shaped, rest, min(sizes) - 1), None) if min(sizes) > 1 else ()
            if others is not None:
                yield LayDown((meld, *others))

    return laydowns()


def conceivable_actions(state: GameState, *, laydowns: bool = True) -> Iterator[Action]:
    """Every action one might try in ``state``: a superset of the legal ones.

    Every draw, take, buy and pass; every held card discarded (and one card not
    held); every held card laid off on every table meld at every end (and on
    the meld one past the last); every swap of held naturals of one rank (one
    to three of them) into every table meld (naming each destination of the
    freed joker too, where the variant may offer a choice); every lay-down filling the open
    requirements of the contract with melds made of sub-multisets of the hand
    that :func:`brute_force_valid` accepts, plus lay-downs of one meld too few
    or too many and lay-downs holding a meld :func:`brute_force_valid` refuses
    (such as a run with a gap). Built from the public API and the rules' data,
    never from remi's listing code. Where the hand makes more valid melds than
    the reference combines (many wilds), the lay-downs are left out.

    Args:
        state: The position.
        laydowns: Whether to include lay-downs.

    Yields:
        Actions, each once (lay-downs may repeat).

    >>> import remi
    >>> game = remi.new_game("norwegian", players=3, seed=1)
    >>> remi.actions.DrawStock() in set(conceivable_actions(game))
    True

    .. versionadded:: 0.2.0
    """
    seat = state.to_act if state.to_act is not None else state.on_turn
    found = _conceivable_laydowns(state, seat) if laydowns else None
    return _conceivable(state, seat, found)


def _conceivable(state: GameState, seat: int, laydowns: Iterator[LayDown] | None) -> Iterator[Action]:
    yield from (DrawStock(), TakeDiscard(), Buy(), Pass())
    hand = state.hands[seat]
    held = sorted(set(hand))
    destinations = _swap_destinations(state.variant)
    stranger = next((card for card in CARDS if card not in held), None)
    for card in (*held, stranger) if stranger is not None else held:
        yield Discard(card)
    for index in range(len(state.table) + 1):  # one past the end too (a negative index is no action at all)
        for card in held:
            for end in (None, End.LOW, End.HIGH):
                yield LayOff(card, index, end)
        by_rank: dict[Rank | None, list[Card]] = {}
        for card in hand:
            by_rank.setdefault(card.rank, []).append(card)
        groups = {tuple(group) for cards in by_rank.values() for k in (1, 2, 3)
                  for group in itertools.combinations(cards, k)}
        for group in sorted(groups):
            for destination in destinations:
                yield SwapJoker(index, group, destination)
    if laydowns is not None:
        yield from laydowns


def _swap_destinations(variant: Variant) -> tuple[JokerDestination | None, ...]:
    """The destinations a swap may name: none, and each one where the variant may offer a choice."""
    swaps = variant.swaps
    if swaps.joker_to_hand and type(swaps).joker_destinations is Swaps.joker_destinations:
        return (None,)
    return (None, *JokerDestination)


def brute_force_legal_actions(state: GameState, *, laydowns: bool = True) -> set[Action]:
    """The conceivable actions (:func:`conceivable_actions`) that ``state.check`` accepts.

    Args:
        state: The position.
        laydowns: Whether to include lay-downs.

    Returns:
        The set of accepted actions.

    >>> import remi
    >>> game = remi.new_game("english", players=2, seed=3)
    >>> brute_force_legal_actions(game) == set(game.legal_actions())
    True

    .. versionadded:: 0.2.0
    """
    return {action for action in conceivable_actions(state, laydowns=laydowns) if state.is_legal(action)}


def assert_legal_actions(state: GameState) -> None:
    """Check ``legal_actions()`` against the brute-force reference, both ways.

    The actions ``state.check`` accepts among :func:`conceivable_actions` must
    be exactly those ``state.legal_actions()`` lists, each listed once; every
    lay-down accepted must consist of melds :func:`brute_force_valid` accepts;
    and ``apply`` must perform every listed action. Where the hand makes more
    valid melds than the reference combines (many wilds), lay-downs are left
    out of the comparison.

    Args:
        state: The position.

    Raises:
        AssertionError: Naming the first difference.

    >>> import remi
    >>> assert_legal_actions(remi.new_game("mayi", players=4, seed=2))

    .. versionadded:: 0.2.0
    """
    seat = state.to_act if state.to_act is not None else state.on_turn
    laydowns = _conceivable_laydowns(state, seat)
    listed = list(state.legal_actions() if laydowns is not None else state.legal_actions(kinds=NOT_LAYDOWNS))
    if len(set(listed)) != len(listed):
        twice = next(action for action, n in Counter(listed).items() if n > 1)
        raise AssertionError(f"legal_actions() lists {twice} twice")
    listed_set = set(listed)
    rules = state.variant.melds
    accepted = set()
    for action in _conceivable(state, seat, laydowns):
        if not state.is_legal(action):
            continue
        if isinstance(action, LayDown):
            bad = next((meld for meld in action.melds if not brute_force_valid(rules, meld.kind, meld.cards)), None)
            if bad is not None:
                raise AssertionError(f"check() accepts the lay-down {action}, but {bad} is no valid "
                                     f"{bad.kind.value} by brute force")
            _assert_house_rule(rules, action.melds, False, f"the lay-down {action}")
        elif isinstance(action, LayOff | SwapJoker):
            grown = state.apply(action).table[action.meld]
            _assert_house_rule(rules, (Meld(grown.kind, grown.cards),), True, str(action))
        if action not in listed_set:
            raise AssertionError(f"check() accepts {action}, but legal_actions() does not list it")
        accepted.add(action)
    for action in listed:
        if action not in accepted:
            try:
                state.check(action)
            except Exception as error:  # any refusal is the finding
                raise AssertionError(f"legal_actions() lists {action}, but check() refuses it: {error}") from None
            raise AssertionError(f"legal_actions() lists {action}, which check() accepts but the "
                                 f"brute-force reference never conceived")
        state.apply(action)


def _assert_house_rule(rules: MeldRules, melds: Sequence[Meld], on_table: bool, what: str) -> None:
    """Refuse ``melds`` that the meld hook of ``rules`` refuses, naming ``what`` check() accepted."""
    for meld in melds:
        if not house_rule_allows(rules, meld, on_table=on_table):
            raise AssertionError(f"check() accepts {what}, but the meld hook refuses {meld}: "
                                 f"{rules.meld_problem(meld, on_table=on_table)}")


def _cards_in(value: object) -> Iterator[Card]:
    """Every card inside a view's value: tuples, sets and public fields of attrs records."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _cards_in(item)
    elif attrs.has(type(value)) and not isinstance(value, Variant):
        for name in attrs.fields_dict(type(value)):  # type: ignore[arg-type]
            if not name.startswith("_"):
                yield from _cards_in(getattr(value, name))


def hidden_shuffle(state: GameState, seat: int, rng: Random) -> GameState:
    """``state`` with everything ``seat`` cannot see dealt anew: the stock and the other hands.

    The other hands keep their sizes; their cards and the stock's are
    shuffled together and dealt back.

    Args:
        state: The position.
        seat: Whose view must not change.
        rng: The source of randomness.

    Returns:
        A state that ``seat`` cannot tell from ``state``.

    .. versionadded:: 0.2.0
    """
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.stock)
    for other in others:
        pool.extend(state.hands[other])
    rng.shuffle(pool)
    hands = list(state.hands)
    for other in others:
        size = len(hands[other])
        hands[other] = tuple(sorted(pool[:size]))
        pool = pool[size:]
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(pool))


def assert_view_hides(state: GameState, seat: int, rng: Random | None = None) -> None:
    """Check that ``state.view(seat)`` leaks nothing.

    The view shows the seat's own hand, the hand sizes and stock size, and
    otherwise only public cards (discard pile, table, the taken discard, the
    hands revealed when the last deal was scored); it has no field for the
    hands, stock, seed or history. With ``rng``, the view must also stay the
    same when the hidden cards are dealt anew (:func:`hidden_shuffle`), and so
    must ``legal_actions()`` when ``seat`` is to act.

    Args:
        state: The position.
        seat: The seat whose view is checked.
        rng: If given, also compare with a hidden shuffle drawn from it.

    Raises:
        AssertionError: Naming what leaks.

    >>> import random, remi
    >>> assert_view_hides(remi.new_game("shanghai", players=3, seed=4), 1, random.Random(1))

    .. versionadded:: 0.2.0
    """
    view = state.view(seat)
    if view.hand != state.hands[seat] or view.hand_sizes != tuple(len(hand) for hand in state.hands):
        raise AssertionError(f"view({seat}) does not show the seat's hand and the hand sizes")
    if view.stock_size != len(state.stock):
        raise AssertionError(f"view({seat}) does not show the stock's size")
    public: Counter[Card] = Counter(state.hands[seat])
    public.update(state.discard_pile)
    for meld in state.table:
        public.update(meld.cards)
    if state.taken is not None:
        public[state.taken] += 1
    if state.last_deal is not None:  # hands revealed for scoring the last deal
        for hand in state.last_deal.hands:
            public.update(hand)
    shown = Counter(_cards_in(view)) - public
    if shown:
        raise AssertionError(f"view({seat}) shows cards the seat cannot see: {sorted(shown.elements())}")
    names = {field.name for field in attrs.fields(type(view))}
    leaked = names & {"hands", "stock", "seed", "history", "history_", "_history"}
    if leaked:
        raise AssertionError(f"view({seat}) has the hidden fields {sorted(leaked)}")
    if rng is None:
        return
    other = hidden_shuffle(state, seat, rng)
    if card_multiset(other) != card_multiset(state) or other.view(seat) != view:
        raise AssertionError(f"view({seat}) changes when the cards the seat cannot see are dealt anew")
    if state.to_act == seat and list(other.legal_actions(kinds=NOT_LAYDOWNS)) != list(
        state.legal_actions(kinds=NOT_LAYDOWNS)
    ):
        raise AssertionError(f"seat {seat}'s legal actions depend on cards the seat cannot see")


def assert_round_trips(state: GameState) -> None:
    """Check that ``state`` survives JSON, a game record and pickle unchanged.

    ``GameState.from_json(state.to_json())`` equals ``state`` and writes the
    same JSON; so do :func:`remi.read_record` of :func:`remi.write_record`
    and pickle at every protocol. An unregistered variant is passed along.

    Args:
        state: The position.

    Raises:
        AssertionError: Naming the round trip that changed the state.

    >>> import remi
    >>> assert_round_trips(remi.new_game("liverpool", players=3, seed=8))

    .. versionadded:: 0.2.0
    """
    text = state.to_json()
    back = GameState.from_json(text, variant=state.variant)
    if back != state or back.to_json() != text:
        raise AssertionError("the state does not survive a JSON round trip")
    if read_record(write_record(state), variant=state.variant) != state:
        raise AssertionError("the state does not survive a game record round trip")
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        if pickle.loads(pickle.dumps(state, protocol)) != state:
            raise AssertionError(f"the state does not survive pickle (protocol {protocol})")
