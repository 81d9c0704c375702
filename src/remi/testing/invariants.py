"""The checks of :mod:`remi.testing` that need no Hypothesis: melds by brute force, invariants, random play.

Re-exported by :mod:`remi.testing`, where they are documented.
"""

from __future__ import annotations

import functools
from collections import Counter, deque
from collections.abc import Iterator, Sequence
from itertools import islice
from random import Random

from remi.actions import Action, Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.cards import DEAD_TWOS, Card, Rank, live_twin
from remi.melds import JokerCap, MeldKind, MeldRules, Twos, meld_problems
from remi.parts import GoingOut, Schedule
from remi.state import GameState, Phase

__all__ = ["assert_invariants", "brute_force_valid", "card_multiset", "random_action", "random_play", "random_playout"]


@functools.cache
def _readings(rules: MeldRules, n: int) -> tuple[tuple[int, ...], ...]:
    """Every sequence of ``n`` ranks (1-13) a run of ``rules`` may stand for, low to high."""
    if rules.twos is Twos.WILD:  # values 3 to 14 (the high ace), never round the corner
        allowed = set(range(3, 14)) | ({14} if rules.ace_high or rules.run_wrap else set())
        readings = [[start + i for i in range(n)] for start in range(1, 15)]
    elif rules.run_wrap:  # any n consecutive ranks, round the corner too
        allowed = set(range(1, 15))
        readings = [[(start + i - 1) % 13 + 1 for i in range(n)] for start in range(1, 14)]
    else:
        allowed = set(range(2, 14)) | ({1} if rules.ace_low else set()) | ({14} if rules.ace_high else set())
        readings = [[start + i for i in range(n)] for start in range(1, 15)]
    return tuple(tuple((value - 1) % 13 + 1 for value in values)
                 for values in readings if all(value in allowed for value in values))


def brute_force_valid(rules: MeldRules, kind: MeldKind, cards_: Sequence[Card]) -> bool:
    """Whether ``cards_`` are a valid meld of ``kind`` under ``rules``, by brute force.

    An independent reference for :func:`remi.melds.meld_problems`, written
    from the rules rather than from remi's code: it counts the wilds and
    naturals (a 2 is wild where ``rules.twos`` says so, except in a set of
    twos under :attr:`~remi.melds.Twos.WILD_EXCEPT_SETS`), then tries every
    reading of the meld as natural cards: every rank for a set, every suit
    and every straight sequence the rules allow for a run (the value 2
    missing under :attr:`~remi.melds.Twos.WILD`), each wild standing for the card
    its reading puts there and each natural having to be that card. A dead 2
    (S15) is a natural 2 that no set takes. Slow but plain; meant for property
    tests.

    >>> import remi
    >>> from remi.melds import MeldRules, Twos
    >>> mayi = MeldRules(twos=Twos.WILD, ace_low=False)
    >>> brute_force_valid(mayi, remi.MeldKind.RUN, remi.parse_cards("5C 6C 2S 8C"))
    True
    >>> brute_force_valid(mayi, remi.MeldKind.SET, remi.parse_cards("2C 2D 2H"))
    False

    .. versionadded:: 0.2.0
    """
    twos_wild = _twos_wild_in(rules, kind, cards_)
    # a dead 2 (S15) is a natural, never wild
    naturals = [card for card in cards_
                if card.is_natural and not (twos_wild and card.rank is Rank.TWO and not card.is_dead)]
    wilds = len(cards_) - len(naturals)
    if len(naturals) < rules.min_naturals:
        return False
    if rules.joker_cap is JokerCap.NATURALS and wilds > len(naturals):
        return False
    if kind is MeldKind.SET:
        return _valid_set_reading(rules, cards_, naturals)
    return _valid_run_reading(rules, cards_, naturals)


def _twos_wild_in(rules: MeldRules, kind: MeldKind, cards: Sequence[Card]) -> bool:
    """Whether the 2s among ``cards`` are wild: where the rules say so, except in a set of twos."""
    if kind is MeldKind.SET and rules.twos is Twos.WILD_EXCEPT_SETS:
        others = [card for card in cards if not card.is_joker]
        if others and all(card.rank is Rank.TWO for card in others):
            return False  # a set of twos: its 2s are naturals
    return rules.twos is not Twos.NATURAL


def _valid_set_reading(rules: MeldRules, cards: Sequence[Card], naturals: list[Card]) -> bool:
    """Whether ``cards`` (``naturals`` the natural ones) fit a set's size and suits and read as one rank."""
    n = len(cards)
    if any(card.is_dead for card in cards):  # S15: a dead 2 is never in a set
        return False
    if n < rules.set_min or (rules.set_max is not None and n > rules.set_max):
        return False
    suits = [card.suit for card in naturals]
    if rules.set_distinct_suits and len(set(suits)) < len(suits):
        return False
    return any(all(card.rank is rank for card in naturals) for rank in Rank)


def _valid_run_reading(rules: MeldRules, cards: Sequence[Card], naturals: list[Card]) -> bool:
    """Whether ``cards`` (``naturals`` the natural ones) fit a run's length and read as one allowed sequence."""
    n = len(cards)
    if not rules.run_min <= n <= rules.run_max:
        return False
    readings = _readings(rules, n)
    if len({card.suit for card in naturals}) > 1:  # a run is of one suit
        return False
    natural = set(naturals)
    placed = [(i, card.rank.value) for i, card in enumerate(cards) if card in natural and card.rank is not None]
    # each natural must be the card its reading puts there
    return any(all(ranks[i] == r for i, r in placed) for ranks in readings)


# ---------------------------------------------------------------------------
# Game states
# ---------------------------------------------------------------------------
#
# Reachable positions, random play, and the invariants that every reachable
# position keeps.


def card_multiset(state: GameState) -> Counter[Card]:
    """Every card of ``state`` as a multiset: hands, stock, discard pile and table melds.

    A dead 2 (S15) counts as the live 2 it was when dealt.

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
    .. versionchanged:: 0.2.0
       A dead 2 counts as its live 2.
    """
    return _as_dealt(_every_card(state))


def _every_card(state: GameState) -> Counter[Card]:
    """Every card of ``state``, a dead 2 as itself."""
    counts: Counter[Card] = Counter(state.stock)
    counts.update(state.discard_pile)
    for hand in state.hands:
        counts.update(hand)
    for meld in state.table:
        counts.update(meld.cards)
    return counts


def _as_dealt(cards: Counter[Card]) -> Counter[Card]:
    """``cards`` with each dead 2 counted as the live 2 that was dealt (S15)."""
    counts = Counter(cards)
    for dead in DEAD_TWOS:
        if dead in counts:
            counts[live_twin(dead)] += counts.pop(dead)
    return counts


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def assert_invariants(state: GameState, origin: GameState | None = None) -> None:
    """Check the invariants that a single state can show.

    Checked: card conservation against ``variant.cards(players)``; one entry per seat
    in every per-seat field; sorted hands, none empty while the match goes on
    (a player whose hand empties goes out); every table meld valid under the
    variant's rules for the table (``variant.layoff_rules``: a cap that binds
    at lay-down only may be exceeded), sets in canonical, sorted order, every
    meld owned by a seat and consistent with ``laid``; no melds under an all-in contract while the
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
    .. versionchanged:: 0.2.0
       Table melds are checked by the table's rules (``variant.layoff_rules``).
    .. versionchanged:: 0.2.0
       A dead 2 (S15) counts as its live 2 for card conservation, and only a
       variant with ``deck.dead_twos`` holds one.
    """
    _check_cards(state)
    _check_seat_fields(state)
    owned = _check_table_melds(state)
    laid_size = sum(_check_seat(state, seat, owned) for seat in range(state.players))
    _check_table_growth(state, laid_size)
    _check_counters(state)
    _check_phase(state)
    _check_deal_scores(state, origin)


def _check_cards(state: GameState) -> None:
    """Card conservation (a dead 2 as its live 2), and dead 2s only where the variant has them (S15)."""
    variant = state.variant
    every = _every_card(state)
    _require(_as_dealt(every) == Counter(variant.cards(state.players)), "card conservation: the cards are not the deck")
    _require(variant.deck.dead_twos or not any(dead in every for dead in DEAD_TWOS),
             "a dead 2 (S15) in a variant without dead twos")


def _check_seat_fields(state: GameState) -> None:
    """One entry per seat in every per-seat field, and every hand sorted."""
    for name in ("hands", "levels", "wins", "scores", "laid", "layoffs", "buys"):
        _require(len(getattr(state, name)) == state.players, f"{name} does not have one entry per seat")
    for seat, hand in enumerate(state.hands):
        _require(list(hand) == sorted(hand), f"seat {seat}'s hand is not sorted")


def _check_table_melds(state: GameState) -> list[int]:
    """Every table meld owned by a seat, valid by the table's rules, sets sorted; the melds each seat owns."""
    owned = [0] * state.players
    for index, meld in enumerate(state.table):
        _require(meld.owner in range(state.players), f"table meld {index} has no owner seat")
        owned[meld.owner] += 1
        problems = meld_problems(state.variant.layoff_rules, meld.kind, meld.cards)  # the table's rule
        _require(not problems, f"table meld {index} ({meld}) is not a valid meld: {problems!r}")
        if meld.kind.value == "set":
            _require(list(meld.cards) == sorted(meld.cards), f"table set {index} ({meld}) is not sorted")
    return owned


def _check_seat(state: GameState, seat: int, owned: list[int]) -> int:
    """The invariants of one seat (level, hand, melds owned, lay-offs, buys); the cards of its laid requirements."""
    variant = state.variant
    level = state.levels[seat]
    _require(1 <= level <= variant.rounds, f"seat {seat}'s level {level} is out of range")
    going_on = state.phase is not Phase.OVER
    _require(not going_on or bool(state.hands[seat]), f"seat {seat}'s hand is empty but the deal goes on")
    contract = variant.contracts[level - 1].requirements
    requirements = len(contract)
    laid = state.laid[seat]
    _require(
        not (going_on and owned[seat] and variant.contracts.going_out[level - 1] is GoingOut.ALL_IN),
        f"seat {seat} owns melds under an all-in contract, but going down there goes out",
    )
    _require(
        not (state.layoffs[seat] and variant.layoffs.requires_down and len(laid) < requirements),
        f"seat {seat} laid off {state.layoffs[seat]} cards but is not down",
    )
    _require(all(0 <= i < requirements for i in laid), f"seat {seat}'s laid requirements are out of range")
    _check_melds_owned(state, seat, owned[seat], requirements)
    quota = variant.layoff_quota(level - 1)
    _require(quota is None or state.layoffs[seat] <= quota, f"seat {seat} laid off beyond its quota")
    limit = variant.buying.limit if variant.buying.enabled else 0
    _require(limit is None or state.buys[seat] <= limit, f"seat {seat} bought beyond the limit")
    return sum(contract[i].size for i in laid if 0 <= i < requirements)


def _check_melds_owned(state: GameState, seat: int, owned: int, requirements: int) -> None:
    """The melds ``seat`` owns match its laid requirements: one each if piecemeal, else none or all."""
    laid = state.laid[seat]
    if state.variant.contracts.piecemeal:
        _require(owned == len(laid), f"seat {seat} owns {owned} melds but laid {sorted(laid)}")
    else:
        _require(
            (owned > 0) == (len(laid) == requirements) and len(laid) in (0, requirements),
            f"seat {seat} owns {owned} melds but laid {sorted(laid)}",
        )


def _check_table_growth(state: GameState, laid_size: int) -> None:
    """The table holds the laid requirements' cards plus the cards laid off (exactly, where sizes are exact)."""
    grown = sum(len(meld.cards) for meld in state.table) - laid_size
    _require(
        grown == sum(state.layoffs) if state.variant.contracts.exact_sizes else grown >= sum(state.layoffs),
        f"the table's melds hold {grown} cards beyond the laid requirements' sizes, "
        f"but {sum(state.layoffs)} were laid off",
    )


def _check_counters(state: GameState) -> None:
    """One round for everyone in a fixed-round variant, stock rebuilds and turns within limits, seats in range."""
    variant = state.variant
    seats = range(state.players)
    if variant.match.schedule is Schedule.ROUNDS:
        _require(len(set(state.levels)) == 1, "a fixed-round variant has everyone on one round")
    rebuilds = variant.match.stock_rebuilds
    _require(state.rebuilds >= 0 and (rebuilds is None or state.rebuilds <= rebuilds),
             "the stock was rebuilt too often")
    limit = variant.match.turn_limit
    _require(limit is None or 0 <= state.turn < limit, f"turn {state.turn} is beyond the deal's turn limit")
    _require(state.on_turn in seats and state.dealer in seats, "on_turn and dealer must be seats")
    _require(state.discarder is None or state.discarder in seats, "the discarder must be a seat")


def _check_phase(state: GameState) -> None:
    """``to_act``, the legal actions, the winners and the buy queue agree with ``phase``."""
    phase = state.phase
    if phase is Phase.OVER:
        _check_match_over(state)
    else:
        _require(state.to_act in range(state.players), "to_act must be a seat while the match goes on")
        _require(bool(state.legal_actions()), f"seat {state.to_act} has no legal action in {phase.value}")
        _require(state.winners == (), "only a finished match has winners")
    if phase is Phase.BUY:
        queue = state.buy_queue
        _require(bool(queue) and state.to_act == queue[0], "in a buy window to_act heads the buy queue")
        _require(state.on_turn not in queue and len(set(queue)) == len(queue), "a bad buy queue")
        _require(state.variant.buying.enabled, "a buy window opened in a variant without buying")
    else:
        _require(state.buy_queue == (), "a buy queue outside a buy window")
    if phase in (Phase.DRAW, Phase.PLAY):
        _require(state.to_act == state.on_turn, f"to_act must be the player on turn in the {phase.value} phase")
    if phase is Phase.DRAW:
        _require(state.taken is None, "nothing is taken before the draw")


def _check_match_over(state: GameState) -> None:
    """A finished match: nobody to act, no legal action, winners sharing the lowest total (unless the finisher wins)."""
    _require(state.to_act is None, "to_act must be None once the match is over")
    _require(not state.legal_actions(), "a finished match has no legal action")
    winners = state.winners
    _require(bool(winners) and len({state.scores[s] for s in winners}) == 1, "the winners share one total")
    if not state.variant.match.finisher_wins:
        best = min(state.scores)
        _require(winners == tuple(s for s in range(state.players) if state.scores[s] == best),
                 "the winners are not the seats with the lowest total")


def _check_deal_scores(state: GameState, origin: GameState | None) -> None:
    """One ``deal_scores`` row per finished deal, the last one ``last_deal``'s; with ``origin``, the totals too."""
    rows = state.deal_scores
    _require(all(len(row) == state.players for row in rows), "a deal_scores row without one score per seat")
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
        finished = len(new_rows) - (1 if state.phase is Phase.OVER else 0)
        _require(state.deal == origin.deal + finished, f"deal {state.deal} after {len(new_rows)} finished deals")


#: The most lay-downs :func:`random_action` draws among; a hand with more is not listed in full.
MOST_LAYDOWNS = 200


def random_action(state: GameState, rng: Random) -> Action:
    """A uniformly random legal action of ``state`` (whose match goes on).

    Where the hand goes down in more than :data:`MOST_LAYDOWNS` ways (a hand
    full of wilds may have millions), the action is drawn from the other
    actions and the first :data:`MOST_LAYDOWNS` lay-downs listed, so random
    play stays quick.

    >>> import random, remi
    >>> game = remi.new_game("mayi", players=3, seed=1)
    >>> random_action(game, random.Random(2)) in game.legal_actions()
    True

    .. versionadded:: 0.2.0
    """
    laydowns = list(islice(state.legal_actions(kinds=LayDown), MOST_LAYDOWNS + 1))
    if len(laydowns) <= MOST_LAYDOWNS:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]
    others = list(state.legal_actions(kinds=(DrawStock, TakeDiscard, Buy, Pass, LayOff, SwapJoker, Discard)))
    choices = [*others, *laydowns[:MOST_LAYDOWNS]]
    return choices[rng.randrange(len(choices))]


def random_play(state: GameState, rng: Random, max_actions: int) -> Iterator[GameState]:
    """Play uniformly random legal actions from ``state``, yielding every state on the way.

    The first state yielded is ``state`` itself; play stops after
    ``max_actions`` actions or when the match is over. Each action is drawn by
    :func:`random_action`.

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
    .. versionchanged:: 0.2.0
       Draws with :func:`random_action`, so play stays quick where a hand has
       a great many lay-downs.
    """
    yield state
    for _ in range(max_actions):
        if state.is_over:
            return
        state = state.apply(random_action(state, rng))
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

