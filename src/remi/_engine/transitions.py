"""The transitions: the state that a legal action leads to (private).

:func:`perform` plays an action that :func:`remi._engine.rules._check` accepted;
deals end and begin here, and the stock is drawn and rebuilt here. Every new
state comes from :func:`remi._engine.values._evolve`.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from remi._engine.rules import may_buy
from remi._engine.values import DealResult, Phase, TableMeld, by_index, evolve
from remi.actions import Action, Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.cards import DEAD_TWOS, NATURALS, Card, shuffled
from remi.parts import BuyTiming

if TYPE_CHECKING:
    from remi.state import GameState

#: S15: the dead 2 a discarded live 2 becomes, where the deck's ``dead_twos`` is set.
_DIES = {NATURALS[suit * 13 + 1]: dead for suit, dead in enumerate(DEAD_TWOS)}


def perform(state: GameState, action: Action, verdict: Any) -> GameState:
    """The state after ``action``, which the one check accepted with ``verdict`` (what it computed)."""
    changes: dict[str, Any] = {"_history": (state._history, action)}
    kind = type(action)
    seat = state.to_act
    assert seat is not None
    if kind is DrawStock:
        before = state.variant.buying.timing is BuyTiming.BEFORE_DRAW
        if before:  # the discard is offered first; the player on turn draws once it is settled
            queue = _buy_queue(state, changes, 1)
            if queue:
                changes.update(phase=Phase.BUY, buy_queue=queue, to_act=queue[0])
                return evolve(state, changes)
        drawn = _draw(state, changes, 1)
        if drawn is None:
            return _end_deal(state, changes, None)
        changes["hands"] = _replace(state.hands, seat, _add(state.hands[seat], drawn))
        queue = () if before else _buy_queue(state, changes, 0)
        if queue:
            changes["phase"] = Phase.BUY
            changes["buy_queue"] = queue
            changes["to_act"] = queue[0]
        else:
            changes["phase"] = Phase.PLAY
        return evolve(state, changes)
    if kind is TakeDiscard:
        card = state.discard_pile[-1]
        changes["discard_pile"] = state.discard_pile[:-1]
        changes["hands"] = _replace(state.hands, seat, _add(state.hands[seat], (card,)))
        changes["taken"] = card
        changes["phase"] = Phase.PLAY
        return evolve(state, changes)
    if kind is Pass:
        queue = state.buy_queue[1:]
        changes["buy_queue"] = queue
        if queue:
            changes["to_act"] = queue[0]
        else:
            changes["phase"] = Phase.PLAY
            changes["to_act"] = state.on_turn
            if state.variant.buying.timing is BuyTiming.BEFORE_DRAW:
                return _draw_after_buying(state, changes)
        return evolve(state, changes)
    if kind is Buy:
        card = state.discard_pile[-1]
        changes["discard_pile"] = state.discard_pile[:-1]
        penalty = _draw(state, changes, state.variant.buying.penalty) or []
        hands = _replace(state.hands, seat, _add(state.hands[seat], (card, *penalty)))
        changes["hands"] = hands
        changes["buys"] = _replace(state.buys, seat, state.buys[seat] + 1)
        changes["buy_queue"] = ()
        changes["phase"] = Phase.PLAY
        changes["to_act"] = state.on_turn
        if state.variant.buying.timing is BuyTiming.BEFORE_DRAW:
            return _draw_after_buying(state, changes)
        return evolve(state, changes)
    if kind is Discard:
        card = action.card  # type: ignore[union-attr]
        hand = _remove(state.hands[seat], (card,))
        changes["hands"] = _replace(state.hands, seat, hand)
        if state.variant.deck.dead_twos:
            card = _DIES.get(card, card)  # S15: a discarded 2 is dead for the rest of the deal
        changes["discard_pile"] = (*state.discard_pile, card)
        changes["discarder"] = seat
        if not hand:
            return _end_deal(state, changes, seat)
        limit = state.variant.match.turn_limit
        if limit is not None and state.turn + 1 >= limit:
            return _end_deal(state, changes, None)  # the deal's bound: as if the stock ran out
        nxt = (seat + 1) % state.players
        changes.update(on_turn=nxt, to_act=nxt, phase=Phase.DRAW, taken=None, turn=state.turn + 1)
        return evolve(state, changes)
    if kind is LayDown:
        return _perform_laydown(state, changes, seat, action, verdict)  # type: ignore[arg-type]
    if kind is LayOff:
        layoff: LayOff = action  # type: ignore[assignment]
        meld = state.table[layoff.meld]
        cards = verdict  # the grown meld, as the check computed it
        hand = _remove(state.hands[seat], (layoff.card,))
        changes["hands"] = _replace(state.hands, seat, hand)
        changes["table"] = _replace(state.table, layoff.meld, attrs.evolve(meld, cards=cards))
        changes["layoffs"] = _replace(state.layoffs, seat, state.layoffs[seat] + 1)
        if layoff.card is state.taken:
            changes["taken"] = None  # N13: the copy that leaves first counts as the taken one
        if not hand:
            return _end_deal(state, changes, seat)
        return evolve(state, changes)
    swap: SwapJoker = action  # type: ignore[assignment]
    meld = state.table[swap.meld]
    cards, freed = verdict  # the meld and the freed jokers, as the check computed them
    hand = _add(_remove(state.hands[seat], swap.cards), freed)
    changes["hands"] = _replace(state.hands, seat, hand)
    changes["table"] = _replace(state.table, swap.meld, attrs.evolve(meld, cards=cards))
    if state.taken is not None and state.taken in swap.cards:
        changes["taken"] = None  # N13: the copy that leaves first counts as the taken one
    return evolve(state, changes)


def _perform_laydown(
    state: GameState, changes: dict[str, Any], seat: int, action: LayDown, fulfilled: Sequence[int]
) -> GameState:
    done = state.laid[seat]
    hand = _remove(state.hands[seat], action.cards)
    changes["hands"] = _replace(state.hands, seat, hand)
    changes["table"] = state.table + tuple(
        TableMeld(meld.kind, meld.cards, seat, state.turn) for meld in action.melds
    )
    changes["laid"] = _replace(state.laid, seat, done | frozenset(fulfilled))
    if state.taken is not None and state.taken in action.cards:
        changes["taken"] = None  # N13: the copy that leaves first counts as the taken one
    if not hand:
        return _end_deal(state, changes, seat)
    return evolve(state, changes)


def _draw_after_buying(state: GameState, changes: dict[str, Any]) -> GameState:
    """The player on turn draws from the stock once the offered discard is settled (buying before the draw)."""
    seat = state.on_turn
    drawn = _draw(state, changes, 1)
    if drawn is None:
        return _end_deal(state, changes, None)
    hands = changes.get("hands", state.hands)
    changes["hands"] = _replace(hands, seat, _add(hands[seat], drawn))
    return evolve(state, changes)


def _buy_queue(state: GameState, changes: dict[str, Any], later: int) -> tuple[int, ...]:
    """The seats to ask, in order, whether they buy the top discard; ``later`` stock cards must remain."""
    variant = state.variant
    buying = variant.buying
    discard = changes.get("discard_pile", state.discard_pile)
    if not buying.enabled or not discard:
        return ()
    stock = changes.get("stock", state.stock)
    rebuilds = changes.get("rebuilds", state.rebuilds)
    limit = variant.match.stock_rebuilds
    # a buy needs its penalty card(s) (and, before the draw, the on-turn player's card);
    # the pile left after the buy may be recycled once more
    available = len(stock) + (max(0, len(discard) - 2) if limit is None or rebuilds < limit else 0)
    if available < buying.penalty + later:
        return ()
    order = variant.buy_order(state.players, state.on_turn)
    if buying.discarder_may_buy and buying.down_players_may_buy and buying.limit is None:
        return order  # everyone asked is eligible (the player on turn is never in the order)
    return tuple(seat for seat in order if may_buy(state, seat))


def _end_deal(state: GameState, changes: dict[str, Any], winner: int | None) -> GameState:
    variant = state.variant
    hands = changes.get("hands", state.hands)
    laid = changes.get("laid", state.laid)
    needed = variant.melds_needed
    went_down = tuple(len(done) == needed[level - 1] for done, level in zip(laid, state.levels, strict=True))
    wins = list(state.wins)
    if winner is not None:
        wins[winner] += 1
    deal_scores = tuple(
        variant.winner_score(wins[seat]) if seat == winner else variant.hand_points(hand)
        for seat, hand in enumerate(hands)
    )
    result = DealResult(state.deal, winner, deal_scores, hands, state.levels, went_down)
    scores = tuple(a + b for a, b in zip(state.scores, deal_scores, strict=True))
    levels, finishers = variant.next_levels(state.levels, winner, went_down)
    over = bool(finishers)
    common = {
        "_history": changes["_history"],
        "wins": tuple(wins),
        "scores": scores,
        "deal_scores": (*state.deal_scores, deal_scores),
        "last_deal": result,
    }
    if over:
        common.update(
            hands=hands,
            stock=changes.get("stock", state.stock),
            discard_pile=changes.get("discard_pile", state.discard_pile),
            table=changes.get("table", state.table),
            laid=laid,
            layoffs=changes.get("layoffs", state.layoffs),
            rebuilds=changes.get("rebuilds", state.rebuilds),
            discarder=changes.get("discarder", state.discarder),
            phase=Phase.OVER,
            to_act=None,
            buy_queue=(),
            taken=None,  # nobody is on turn any more: the re-discard rule holds nothing
        )
        return evolve(state, common)
    dealer = (state.dealer + 1) % state.players
    deck = shuffled(variant.cards(state.players), seeded_rng(state.seed, state.deal + 1, "deal"))
    return start_deal(state, common, deck, dealer, state.deal + 1, levels)


def start_deal(
    state: GameState,
    changes: dict[str, Any],
    deck: Sequence[Card],
    dealer: int,
    deal: int,
    levels: tuple[int, ...],
    table: tuple[TableMeld, ...] = (),
    laid: tuple[frozenset[int], ...] | None = None,
    sizes: Sequence[int] | None = None,
    discard_pile: tuple[Card, ...] | None = None,
    layoffs: tuple[int, ...] | None = None,
) -> GameState:
    players = state.players
    variant = state.variant
    if sizes is None:
        deal_sizes = variant.contracts.deal_sizes
        sizes = [deal_sizes[level - 1] for level in levels]
        if variant.contracts.first_player_extra_card:
            sizes[(dealer + 1) % players] += 1
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for round_ in range(max(sizes)):
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            if round_ < sizes[seat]:
                hands[seat].append(deck[position])
                position += 1
    if discard_pile is None:
        discard_pile = (deck[position],)
        position += 1
    first = (dealer + 1) % players
    changes.update(
        deal=deal,
        dealer=dealer,
        levels=levels,
        hands=tuple(tuple(sorted(hand, key=by_index)) for hand in hands),
        stock=tuple(deck[position:]),
        discard_pile=discard_pile,
        table=table,
        laid=laid if laid is not None else (frozenset(),) * players,
        layoffs=layoffs if layoffs is not None else (0,) * players,
        buys=(0,) * players,
        rebuilds=0,
        on_turn=first,
        to_act=first,
        phase=Phase.PLAY if variant.contracts.first_player_extra_card else Phase.DRAW,
        buy_queue=(),
        discarder=None,
        taken=None,
        turn=0,
    )
    return evolve(state, changes)


# -- hands ---------------------------------------------------------------------


def _replace(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


def _remove(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    if len(cards) == 1:  # found by bisection (a hand is sorted by index; the check made sure it is held)
        at = bisect_left(hand, cards[0].index, key=by_index)
        return hand[:at] + hand[at + 1 :]
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _add(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    if len(cards) == 1:
        card = cards[0]
        at = bisect_right(hand, card.index, key=by_index)
        return (*hand[:at], card, *hand[at:])
    return tuple(sorted((*hand, *cards), key=by_index))


# -- chance --------------------------------------------------------------------


def seeded_rng(seed: int | str, *parts: object) -> random.Random:
    return random.Random("remi/" + "/".join(str(p) for p in (seed, *parts)))


def _draw(state: GameState, changes: dict[str, Any], n: int) -> list[Card] | None:
    """Take ``n`` stock cards, rebuilding the stock if needed (N20); ``None`` if impossible."""
    stock = changes.get("stock", state.stock)
    discard = changes.get("discard_pile", state.discard_pile)
    rebuilds = changes.get("rebuilds", state.rebuilds)
    match = state.variant.match
    limit = match.stock_rebuilds
    drawn: list[Card] = []
    while len(drawn) < n:
        if not stock:
            if (limit is not None and rebuilds >= limit) or len(discard) < 2:
                return None
            rebuilds += 1
            stock = shuffled(discard[:-1], seeded_rng(state.seed, state.deal, "rebuild", rebuilds))
            discard = discard[-1:]
        take = min(n - len(drawn), len(stock))
        drawn.extend(stock[:take])
        stock = stock[take:]
    if not stock and match.rebuild_at_once and (limit is None or rebuilds < limit) and len(discard) >= 2:
        rebuilds += 1  # the last card is gone: rebuild now, keeping the top discard exposed
        stock = shuffled(discard[:-1], seeded_rng(state.seed, state.deal, "rebuild", rebuilds))
        discard = discard[-1:]
    changes["stock"] = stock
    changes["discard_pile"] = discard
    changes["rebuilds"] = rebuilds
    return drawn
