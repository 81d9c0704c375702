"""Hypothesis strategies for testing code built on remi.

This module needs `Hypothesis <https://hypothesis.readthedocs.io>`_, which
comes with the ``test`` extra (``pip install remi-rules[test]``); remi itself
never imports it.

>>> import remi
>>> from hypothesis import given, settings
>>> from remi.testing import hands
>>> @settings(max_examples=20)
... @given(hands(max_size=5))
... def test_round_trip(hand):
...     assert remi.parse_cards(remi.format_cards(hand)) == hand
>>> test_round_trip()

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from random import Random

try:
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "remi.testing needs Hypothesis; install it with: pip install 'remi-rules[test]'"
    ) from error

from remi._setup import new_game
from remi.cards import CARDS, JOKER, NATURALS, Card, Rank, Suit
from remi.melds import JokerCap, MeldKind, MeldRules, meld_problems
from remi.parts import GoingOut, Schedule
from remi.state import GameState, Phase
from remi.variant import Variant
from remi.variants import get, names

__all__ = [
    "assert_invariants",
    "card_multiset",
    "cards",
    "game_states",
    "hands",
    "meld_candidates",
    "naturals",
    "random_play",
    "random_playout",
    "variants",
]


# ---------------------------------------------------------------------------
# Cards and variants
# ---------------------------------------------------------------------------


def cards() -> st.SearchStrategy[Card]:
    """Any card, the joker included.

    Shrinks towards the ace of spades.

    Returns:
        A strategy drawing one of the 53 distinct cards.

    .. versionadded:: 0.1.0
    """
    return st.sampled_from(CARDS)


def naturals() -> st.SearchStrategy[Card]:
    """Any natural card (never the joker).

    Returns:
        A strategy drawing one of the 52 naturals.

    .. versionadded:: 0.1.0
    """
    return st.sampled_from(NATURALS)


def hands(
    min_size: int = 0,
    max_size: int = 20,
    jokers: bool = True,
    *,
    variant: Variant | None = None,
) -> st.SearchStrategy[tuple[Card, ...]]:
    """Hands of cards, in the order drawn.

    Without ``variant`` each card is drawn independently, so a hand may hold
    more copies of a card than any deck has. With ``variant`` the hand is a
    sub-multiset of the variant's largest deck: never more copies of a natural than
    the variant has packs, never more jokers than it has.

    Args:
        min_size: The fewest cards.
        max_size: The most cards (capped at the deck's size when ``variant`` is given).
        jokers: Whether hands may hold jokers.
        variant: If given, only hands that could come out of this variant's deck.

    Returns:
        A strategy drawing tuples of cards.

    .. versionadded:: 0.1.0
    """
    if variant is None:
        card = cards() if jokers else naturals()
        return st.lists(card, min_size=min_size, max_size=max_size).map(tuple)
    deck = tuple(card for card in variant.cards(variant.max_players) if jokers or card.is_natural)
    indices = st.lists(
        st.integers(0, len(deck) - 1), min_size=min_size, max_size=min(max_size, len(deck)), unique=True
    )
    return indices.map(lambda picked: tuple(deck[i] for i in picked))


def variants() -> st.SearchStrategy[Variant]:
    """Every variant in the registry (:func:`remi.variants.names`), built-ins and plugins.

    The registry is read when this function is called, so variants registered
    later are not included.

    Returns:
        A strategy drawing registered :class:`~remi.Variant` values.

    Raises:
        VariantError: If a registered variant plugin fails to load.

    .. versionadded:: 0.1.0
    """
    return st.sampled_from(tuple(get(name) for name in names()))


# ---------------------------------------------------------------------------
# Melds
# ---------------------------------------------------------------------------


def meld_candidates(
    variant: Variant, kind: MeldKind | None = None
) -> st.SearchStrategy[tuple[Card, ...]]:
    """Card lists that are often valid melds in ``variant`` and often nearly so.

    Each example starts as a valid set or run of ``variant`` (jokers in place,
    runs listed low to high) and then, about half the time, is perturbed once
    or twice: a card replaced, a joker inserted, a natural turned into a joker,
    a suit or rank changed, a card removed, duplicated or added at an end, two
    cards swapped, or a whole run shifted round the corner. Property tests so
    hit valid melds and the invalid ones just beside them. Shrinking leads to
    an unperturbed valid meld.

    Args:
        variant: The variant whose meld rules shape the candidates.
        kind: Only sets or only runs; ``None`` draws both.

    Returns:
        A strategy drawing tuples of cards.

    .. versionadded:: 0.1.0
    """
    kinds = tuple(MeldKind) if kind is None else (kind,)
    return _candidate(variant, kinds)


def _card(rank: int, suit: Suit) -> Card:
    """The natural of ``rank`` (1-13, or 14 for a high ace) and ``suit``."""
    return Card(Rank((rank - 1) % 13 + 1), suit)


def _joker_room(rules: MeldRules, naturals: int, jokers_in_deck: int) -> int:
    """The most jokers a meld with ``naturals`` naturals may hold."""
    room = naturals if rules.joker_cap is JokerCap.NATURALS else jokers_in_deck
    return min(room, jokers_in_deck)


@st.composite
def _valid_set(draw: st.DrawFn, variant: Variant) -> list[Card]:
    rules = variant.melds
    packs, jokers = variant.deck.for_players(variant.max_players)
    top = rules.set_max if rules.set_max is not None else rules.set_min + 5
    most_naturals = 4 if rules.set_distinct_suits else 4 * packs
    shapes = [
        (nat, jok)
        for nat in range(1, min(most_naturals, top) + 1)
        for jok in range(_joker_room(rules, nat, jokers) + 1)
        if rules.set_min <= nat + jok <= top
    ]
    if not shapes:  # a variant whose sets cannot be built from its deck
        return draw(st.lists(cards(), min_size=rules.set_min, max_size=top))
    nat, jok = draw(st.sampled_from(shapes))
    rank = draw(st.sampled_from(Rank))
    pool = list(Suit) if rules.set_distinct_suits else list(Suit) * packs
    suits = draw(st.permutations(pool))[:nat]
    return draw(st.permutations([Card(rank, suit) for suit in suits] + [JOKER] * jok))


@st.composite
def _valid_run(draw: st.DrawFn, variant: Variant) -> list[Card]:
    rules = variant.melds
    jokers = variant.deck.for_players(variant.max_players)[1]
    low = 1 if rules.ace_low else 2
    high = 14 if rules.ace_high else 13
    longest = min(rules.run_max, high - low + 1)
    if longest < rules.run_min:  # a variant whose runs cannot be built
        return draw(st.lists(cards(), min_size=rules.run_min, max_size=rules.run_max))
    length = draw(st.integers(rules.run_min, longest))
    start = draw(st.integers(low, high - length + 1))
    suit = draw(st.sampled_from(Suit))
    run = [_card(start + i, suit) for i in range(length)]
    most = min(length - 1, _joker_room(rules, length // 2, jokers))
    for position in draw(st.sets(st.integers(0, length - 1), max_size=max(most, 0))):
        run[position] = JOKER
    return run


_Perturbation = Callable[[st.DrawFn, list[Card]], list[Card]]


def _position(draw: st.DrawFn, cards_: Sequence[Card], extra: int = 0) -> int:
    return draw(st.integers(0, max(len(cards_) - 1 + extra, 0)))


def _natural_position(draw: st.DrawFn, cards_: Sequence[Card]) -> int | None:
    positions = [i for i, card in enumerate(cards_) if card.is_natural]
    return draw(st.sampled_from(positions)) if positions else None


def _replace_card(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    if not cards_:
        return [draw(cards())]
    i = _position(draw, cards_)
    return [*cards_[:i], draw(cards()), *cards_[i + 1 :]]


def _insert_joker(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    i = _position(draw, cards_, extra=1)
    return [*cards_[:i], JOKER, *cards_[i:]]


def _natural_to_joker(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    i = _natural_position(draw, cards_)
    return cards_ if i is None else [*cards_[:i], JOKER, *cards_[i + 1 :]]


def _change_suit(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    i = _natural_position(draw, cards_)
    if i is None:
        return cards_
    card = cards_[i]
    assert card.rank is not None
    suit = draw(st.sampled_from([suit for suit in Suit if suit is not card.suit]))
    return [*cards_[:i], Card(card.rank, suit), *cards_[i + 1 :]]


def _change_rank(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    i = _natural_position(draw, cards_)
    if i is None:
        return cards_
    card = cards_[i]
    assert card.rank is not None and card.suit is not None
    step = draw(st.sampled_from((1, -1, 2)))
    return [*cards_[:i], _card(card.rank + step, card.suit), *cards_[i + 1 :]]


def _remove_card(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    if not cards_:
        return cards_
    i = _position(draw, cards_)
    return [*cards_[:i], *cards_[i + 1 :]]


def _duplicate_card(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    if not cards_:
        return cards_
    i = _position(draw, cards_)
    return [*cards_[: i + 1], cards_[i], *cards_[i + 1 :]]


def _extend(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    """Add the natural that would continue the cards at one end (next rank, same suit)."""
    i = _natural_position(draw, cards_)
    if i is None:
        return [*cards_, draw(cards())]
    card = cards_[i]
    assert card.rank is not None and card.suit is not None
    if draw(st.booleans()):
        return [*cards_, _card(card.rank + len(cards_) - i, card.suit)]
    return [_card(card.rank - i - 1 + 13, card.suit), *cards_]


def _swap_two(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    if len(cards_) < 2:
        return cards_
    i, j = _position(draw, cards_), _position(draw, cards_)
    swapped = list(cards_)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return swapped


def _shift_ranks(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    """Shift every natural's rank by the same amount, round the corner if need be."""
    step = draw(st.integers(1, 12))
    shifted = []
    for card in cards_:
        if card.rank is None or card.suit is None:
            shifted.append(card)
        else:
            shifted.append(_card(card.rank + step, card.suit))
    return shifted


_PERTURBATIONS: tuple[_Perturbation, ...] = (
    _replace_card,
    _insert_joker,
    _natural_to_joker,
    _change_suit,
    _change_rank,
    _remove_card,
    _duplicate_card,
    _extend,
    _swap_two,
    _shift_ranks,
)


@st.composite
def _candidate(draw: st.DrawFn, variant: Variant, kinds: tuple[MeldKind, ...]) -> tuple[Card, ...]:
    kind = draw(st.sampled_from(kinds))
    meld = draw(_valid_set(variant) if kind is MeldKind.SET else _valid_run(variant))
    for _ in range(draw(st.sampled_from((0, 0, 1, 1, 2)))):
        perturb = draw(st.sampled_from(_PERTURBATIONS))
        meld = perturb(draw, meld)
    return tuple(meld)


# ---------------------------------------------------------------------------
# Game states
# ---------------------------------------------------------------------------
#
# Reachable positions, random play, and the invariants that every reachable
# position keeps.


def card_multiset(state: GameState) -> Counter[Card]:
    """Every card of ``state`` as a multiset: hands, stock, discard pile and table melds.

    Card conservation says this always equals ``Counter(state.variant.cards(state.players))``.

    >>> import remi
    >>> from collections import Counter
    >>> game = remi.new_game("english", players=3, seed=5)
    >>> card_multiset(game) == Counter(game.variant.cards(game.players))
    True

    Args:
        state: Any game state.

    Returns:
        A :class:`collections.Counter` from card to number of copies.

    .. versionadded:: 0.1.0
    """
    counts: Counter[Card] = Counter(state.stock)
    counts.update(state.discard_pile)
    for hand in state.hands:
        counts.update(hand)
    for meld in state.table:
        counts.update(meld.cards)
    return counts


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def assert_invariants(state: GameState, origin: GameState | None = None) -> None:
    """Check the invariants that a single state can show.

    Checked: card conservation against ``variant.cards(players)``; one entry per seat
    in every per-seat field; sorted hands, none empty while the match goes on
    (a player whose hand empties goes out); every table meld valid under the
    variant's rules (sets in canonical, sorted order), owned by a seat, and
    consistent with ``laid``; no melds under an all-in contract while the
    match goes on (going down there goes out); the table's melds holding the
    laid requirements' cards plus the cards laid off this deal (exactly, where
    sizes are exact; at least, where they are minimums); lay-offs only by
    seats that are down, where the variant requires it; levels in range
    (equal for everyone in a fixed-round variant); ``to_act`` consistent with
    ``phase`` (the player on turn when drawing or playing, the head of
    ``buy_queue`` in a buy window, ``None`` exactly when the match is over);
    counters within the variant's limits (stock rebuilds, lay-off quota,
    buys); one ``deal_scores`` row per finished deal, the last one matching
    ``last_deal``; winners having the lowest total; and a legal action
    available exactly when the match is not over.

    Args:
        state: The state to check.
        origin: The state the match was started from (as :func:`remi.new_game`
            returned it). When given, also check that ``scores`` equal the
            origin's scores plus the sum of the deal scores since, and that
            ``deal`` counts the deals finished since.

    Raises:
        AssertionError: Naming the first invariant that does not hold.

    >>> import remi
    >>> game = remi.new_game("norwegian", players=4, seed=7)
    >>> assert_invariants(game.apply(remi.actions.DrawStock()), origin=game)

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       Also checks that no hand is empty while the match goes on, that no
       melds lie under an all-in contract, and that the table's growth
       matches the lay-offs counted in ``layoffs`` (by seats that are down,
       where the variant requires it).
    """
    variant = state.variant
    players = state.players
    _require(card_multiset(state) == Counter(variant.cards(players)), "card conservation: the cards are not the deck")
    for name in ("hands", "levels", "wins", "scores", "laid", "layoffs", "buys"):
        _require(len(getattr(state, name)) == players, f"{name} does not have one entry per seat")
    for seat, hand in enumerate(state.hands):
        _require(list(hand) == sorted(hand), f"seat {seat}'s hand is not sorted")
    seats = range(players)
    owned = [0] * players
    for index, meld in enumerate(state.table):
        _require(meld.owner in seats, f"table meld {index} has no owner seat")
        owned[meld.owner] += 1
        problems = meld_problems(variant.layoff_rules, meld.kind, meld.cards)  # the rule a table meld keeps
        _require(not problems, f"table meld {index} ({meld}) is not a valid meld: {problems!r}")
        if meld.kind.value == "set":
            _require(list(meld.cards) == sorted(meld.cards), f"table set {index} ({meld}) is not sorted")
    going_on = state.phase is not Phase.OVER
    laid_size = 0  # the cards of the laid requirements, at their stated sizes
    for seat in seats:
        level = state.levels[seat]
        _require(1 <= level <= variant.rounds, f"seat {seat}'s level {level} is out of range")
        _require(not going_on or bool(state.hands[seat]), f"seat {seat}'s hand is empty but the deal goes on")
        contract = variant.contracts[level - 1].requirements
        requirements = len(contract)
        laid = state.laid[seat]
        laid_size += sum(contract[i].size for i in laid if 0 <= i < requirements)
        _require(
            not (going_on and owned[seat] and variant.contracts.going_out[level - 1] is GoingOut.ALL_IN),
            f"seat {seat} owns melds under an all-in contract, but going down there goes out",
        )
        _require(
            not (state.layoffs[seat] and variant.layoffs.requires_down and len(laid) < requirements),
            f"seat {seat} laid off {state.layoffs[seat]} cards but is not down",
        )
        _require(all(0 <= i < requirements for i in laid), f"seat {seat}'s laid requirements are out of range")
        if variant.contracts.piecemeal:
            _require(owned[seat] == len(laid), f"seat {seat} owns {owned[seat]} melds but laid {sorted(laid)}")
        else:
            _require(
                (owned[seat] > 0) == (len(laid) == requirements) and len(laid) in (0, requirements),
                f"seat {seat} owns {owned[seat]} melds but laid {sorted(laid)}",
            )
        quota = variant.layoff_quota(level - 1)
        _require(quota is None or state.layoffs[seat] <= quota, f"seat {seat} laid off beyond its quota")
        limit = variant.buying.limit if variant.buying.enabled else 0
        _require(limit is None or state.buys[seat] <= limit, f"seat {seat} bought beyond the limit")
    grown = sum(len(meld.cards) for meld in state.table) - laid_size
    _require(
        grown == sum(state.layoffs) if variant.contracts.exact_sizes else grown >= sum(state.layoffs),
        f"the table's melds hold {grown} cards beyond the laid requirements' sizes, "
        f"but {sum(state.layoffs)} were laid off",
    )
    if variant.match.schedule is Schedule.ROUNDS:
        _require(len(set(state.levels)) == 1, "a fixed-round variant has everyone on one round")
    rebuilds = variant.match.stock_rebuilds
    _require(state.rebuilds >= 0 and (rebuilds is None or state.rebuilds <= rebuilds),
             "the stock was rebuilt too often")
    limit = variant.match.turn_limit
    _require(limit is None or 0 <= state.turn < limit, f"turn {state.turn} is beyond the deal's turn limit")
    _require(state.on_turn in seats and state.dealer in seats, "on_turn and dealer must be seats")
    _require(state.discarder is None or state.discarder in seats, "the discarder must be a seat")
    phase = state.phase
    if phase is Phase.OVER:
        _require(state.to_act is None, "to_act must be None once the match is over")
        _require(not state.legal_actions(), "a finished match has no legal action")
        winners = state.winners
        _require(bool(winners) and len({state.scores[s] for s in winners}) == 1, "the winners share one total")
        if not variant.match.finisher_wins:
            best = min(state.scores)
            _require(winners == tuple(s for s in seats if state.scores[s] == best),
                     "the winners are not the seats with the lowest total")
    else:
        _require(state.to_act in seats, "to_act must be a seat while the match goes on")
        _require(bool(state.legal_actions()), f"seat {state.to_act} has no legal action in {phase.value}")
        _require(state.winners == (), "only a finished match has winners")
    if phase is Phase.BUY:
        queue = state.buy_queue
        _require(bool(queue) and state.to_act == queue[0], "in a buy window to_act heads the buy queue")
        _require(state.on_turn not in queue and len(set(queue)) == len(queue), "a bad buy queue")
        _require(variant.buying.enabled, "a buy window opened in a variant without buying")
    else:
        _require(state.buy_queue == (), "a buy queue outside a buy window")
    if phase in (Phase.DRAW, Phase.PLAY):
        _require(state.to_act == state.on_turn, f"to_act must be the player on turn in the {phase.value} phase")
    if phase is Phase.DRAW:
        _require(state.taken is None, "nothing is taken before the draw")
    rows = state.deal_scores
    _require(all(len(row) == players for row in rows), "a deal_scores row without one score per seat")
    if state.last_deal is None:
        _require(not rows, "deal scores without a last deal")
    else:
        _require(bool(rows) and state.last_deal.scores == rows[-1], "last_deal.scores is not the last row")
    if origin is not None:
        new_rows = rows[len(origin.deal_scores) :]
        _require(rows[: len(origin.deal_scores)] == origin.deal_scores, "earlier deal scores changed")
        expected = tuple(
            start + sum(row[seat] for row in new_rows) for seat, start in enumerate(origin.scores)
        )
        _require(state.scores == expected, f"scores {state.scores} are not the start plus the deal scores")
        finished = len(new_rows) - (1 if phase is Phase.OVER else 0)
        _require(state.deal == origin.deal + finished, f"deal {state.deal} after {len(new_rows)} finished deals")


def random_play(state: GameState, rng: Random, max_actions: int) -> Iterator[GameState]:
    """Play uniformly random legal actions from ``state``, yielding every state on the way.

    The first state yielded is ``state`` itself; play stops after
    ``max_actions`` actions or when the match is over.

    Args:
        state: Where to start.
        rng: The source of randomness (seed it to replay the same game).
        max_actions: The most actions to play.

    Yields:
        ``state``, then the state after each action.

    >>> import random, remi
    >>> game = remi.new_game("english", players=2, seed=3)
    >>> len(list(random_play(game, random.Random(1), 5)))
    6

    .. versionadded:: 0.1.0
    """
    yield state
    for _ in range(max_actions):
        if state.is_over:
            return
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
        yield state


def random_playout(state: GameState, rng: Random, max_actions: int) -> GameState:
    """The state reached by :func:`random_play` after at most ``max_actions`` actions.

    Args:
        state: Where to start.
        rng: The source of randomness.
        max_actions: The most actions to play.

    Returns:
        The last state (the match may be over sooner).

    .. versionadded:: 0.1.0
    """
    return deque(random_play(state, rng, max_actions), maxlen=1)[0]


def game_states(
    variant: Variant | str | None = None,
    players: int | None = None,
    max_actions: int = 60,
    *,
    min_actions: int = 0,
) -> st.SearchStrategy[GameState]:
    """Reachable game states: a fresh match, then random legal play.

    Each example starts from :func:`remi.new_game` with a drawn seed (and a
    drawn variant and player count unless given), then plays a drawn number
    of actions, each chosen by an index drawn into ``legal_actions()``.
    Shrinking plays fewer actions and earlier-listed ones (draw, pass, then
    lay-downs first).

    Args:
        variant: The variant or its registered name; ``None`` draws from the registry.
        players: The number of seats; ``None`` draws from the variant's range.
        max_actions: The most actions played from the start.
        min_actions: The fewest actions played (fewer only if the match ends).

    Returns:
        A strategy drawing :class:`~remi.GameState` values; ``state.history``
        holds the actions played.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, deadline=None)
    ... @given(game_states("norwegian", players=3, max_actions=20))
    ... def test_conserves_cards(state):
    ...     assert_invariants(state)
    >>> test_conserves_cards()

    .. versionadded:: 0.1.0
    """
    if min_actions < 0 or max_actions < min_actions:
        raise ValueError(f"need 0 <= min_actions <= max_actions, got {min_actions} and {max_actions}")
    return _game_state(variant, players, min_actions, max_actions)


@st.composite
def _game_state(
    draw: st.DrawFn, variant: Variant | str | None, players: int | None, min_actions: int, max_actions: int
) -> GameState:
    if variant is None:
        chosen = draw(variants())
    elif isinstance(variant, str):
        chosen = get(variant)
    else:
        chosen = variant
    seats = players if players is not None else draw(st.integers(chosen.min_players, chosen.max_players))
    seed = draw(st.integers(0, 2**32 - 1))
    state = new_game(chosen, players=seats, seed=seed)
    for _ in range(draw(st.integers(min_actions, max_actions))):
        if state.is_over:
            break
        legal = state.legal_actions()
        state = state.apply(legal[draw(st.integers(0, len(legal) - 1))])
    return state
