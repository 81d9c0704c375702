"""The transitions: the state that a legal action leads to (private).

:func:`perform` plays an action that :func:`remi._engine.rules._check` accepted;
deals end and begin here, and the stock is drawn and rebuilt here. Each action
class has its transition, found in ``_TRANSITIONS``; a transition writes the
fields it changes into a typed :class:`~remi._engine.values.StateChanges`, and
every new state comes from :func:`remi._engine.values.evolve`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from remi._engine.rules import contract_laid, everyone_may_buy, may_buy
from remi._engine.values import DealResult, Phase, StateChanges, TableMeld, by_index, evolve
from remi.actions import Action, Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.cards import DEAD_TWOS, NATURALS, Card, shuffled
from remi.parts import BuyTiming

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from remi.state import GameState

#: S15: the dead 2 a discarded live 2 becomes, where the deck's ``dead_twos`` is set.
_DIES = {NATURALS[suit * 13 + 1]: dead for suit, dead in enumerate(DEAD_TWOS)}


def perform(state: GameState, action: Action, verdict: Any) -> GameState:
    """The state after ``action``, which the one check accepted with ``verdict`` (what it computed).

    The transition of each action class is found in :data:`_TRANSITIONS`.
    """
    seat = state.to_act
    assert seat is not None
    changes: StateChanges = {"_history": (state._history, action)}
    return _TRANSITIONS[type(action)](state, changes, seat, action, verdict)


def _perform_draw_stock(
    state: GameState, changes: StateChanges, seat: int, action: DrawStock, verdict: None
) -> GameState:
    """Draw the top stock card (N12); a buy window may open, before the draw or after it, as the variant says."""
    before = state.variant.buying.timing is BuyTiming.BEFORE_DRAW
    if before:  # the discard is offered first; the player on turn draws once it is settled
        queue = _buy_queue(state, changes, 1)
        if queue:
            return _open_buy_window(state, changes, queue)
    drawn = _draw(state, changes, 1)
    if drawn is None:
        return _end_deal(state, changes, None)
    changes["hands"] = _replace(state.hands, seat, _add(state.hands[seat], drawn))
    queue = () if before else _buy_queue(state, changes, 0)
    if queue:
        return _open_buy_window(state, changes, queue)
    changes["phase"] = Phase.PLAY
    return evolve(state, changes)


def _open_buy_window(state: GameState, changes: StateChanges, queue: tuple[int, ...]) -> GameState:
    """Offer the top discard to the seats of ``queue``, in order (N14)."""
    changes["phase"] = Phase.BUY
    changes["buy_queue"] = queue
    changes["to_act"] = queue[0]
    return evolve(state, changes)


def _perform_take_discard(
    state: GameState, changes: StateChanges, seat: int, action: TakeDiscard, verdict: None
) -> GameState:
    """Take the top discard as the turn's draw; the re-discard rule now holds it (N13)."""
    card = state.discard_pile[-1]
    changes["discard_pile"] = state.discard_pile[:-1]
    changes["hands"] = _replace(state.hands, seat, _add(state.hands[seat], (card,)))
    changes["taken"] = card
    changes["phase"] = Phase.PLAY
    return evolve(state, changes)


def _perform_pass(state: GameState, changes: StateChanges, seat: int, action: Pass, verdict: None) -> GameState:
    """Decline to buy: the next seat in the queue decides, or the buy window closes."""
    queue = state.buy_queue[1:]
    changes["buy_queue"] = queue
    if queue:
        changes["to_act"] = queue[0]
        return evolve(state, changes)
    return _close_buy_window(state, changes)


def _perform_buy(state: GameState, changes: StateChanges, seat: int, action: Buy, verdict: None) -> GameState:
    """Buy the top discard with the penalty card(s) from the stock (N14); the buy window closes."""
    card = state.discard_pile[-1]
    changes["discard_pile"] = state.discard_pile[:-1]
    penalty = _draw(state, changes, state.variant.buying.penalty) or []
    changes["hands"] = _replace(state.hands, seat, _add(state.hands[seat], (card, *penalty)))
    changes["buys"] = _replace(state.buys, seat, state.buys[seat] + 1)
    changes["buy_queue"] = ()
    return _close_buy_window(state, changes)


def _close_buy_window(state: GameState, changes: StateChanges) -> GameState:
    """The decision returns to the player on turn, who draws now if buying comes before the draw."""
    changes["phase"] = Phase.PLAY
    changes["to_act"] = state.on_turn
    if state.variant.buying.timing is BuyTiming.BEFORE_DRAW:
        return _draw_after_buying(state, changes)
    return evolve(state, changes)


def _perform_discard(state: GameState, changes: StateChanges, seat: int, action: Discard, verdict: None) -> GameState:
    """Discard a card: the turn passes to the left, or the deal ends (the hand is empty, or the turn limit)."""
    card = action.card
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
    following = (seat + 1) % state.players
    changes.update({"on_turn": following, "to_act": following, "phase": Phase.DRAW, "taken": None,
                    "turn": state.turn + 1})
    return evolve(state, changes)


def _perform_laydown(
    state: GameState, changes: StateChanges, seat: int, action: LayDown, fulfilled: Sequence[int]
) -> GameState:
    """Lay melds of the contract down; ``fulfilled`` are the requirements they fill, as the check found."""
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


def _perform_layoff(
    state: GameState, changes: StateChanges, seat: int, action: LayOff, grown: tuple[Card, ...]
) -> GameState:
    """Lay a card off onto a meld; ``grown`` is the meld's new cards, as the check computed them."""
    meld = state.table[action.meld]
    hand = _remove(state.hands[seat], (action.card,))
    changes["hands"] = _replace(state.hands, seat, hand)
    changes["table"] = _replace(state.table, action.meld, attrs.evolve(meld, cards=grown))
    changes["layoffs"] = _replace(state.layoffs, seat, state.layoffs[seat] + 1)
    if action.card is state.taken:
        changes["taken"] = None  # N13: the copy that leaves first counts as the taken one
    if not hand:
        return _end_deal(state, changes, seat)
    return evolve(state, changes)


def _perform_swap(
    state: GameState,
    changes: StateChanges,
    seat: int,
    action: SwapJoker,
    swapped: tuple[tuple[Card, ...], tuple[Card, ...], bool],
) -> GameState:
    """Swap naturals for jokers, as the check computed: the meld's new cards, the freed jokers, whether it is a lay-off.

    A joker moved to an end of a run where the lay-off count is bounded is a card laid off (E12).
    """
    meld = state.table[action.meld]
    cards, freed, laid_off = swapped
    hand = _add(_remove(state.hands[seat], action.cards), freed)
    changes["hands"] = _replace(state.hands, seat, hand)
    changes["table"] = _replace(state.table, action.meld, attrs.evolve(meld, cards=cards))
    if laid_off:
        changes["layoffs"] = _replace(state.layoffs, seat, state.layoffs[seat] + 1)
    if state.taken is not None and state.taken in action.cards:
        changes["taken"] = None  # N13: the copy that leaves first counts as the taken one
    return evolve(state, changes)


if TYPE_CHECKING:
    _Transition = Callable[[GameState, StateChanges, int, Any, Any], GameState]

#: The transition of each action class: ``(state, changes, seat, action, verdict) -> next state``.
_TRANSITIONS: dict[type[Action], _Transition] = {
    DrawStock: _perform_draw_stock,
    TakeDiscard: _perform_take_discard,
    Pass: _perform_pass,
    Buy: _perform_buy,
    Discard: _perform_discard,
    LayDown: _perform_laydown,
    LayOff: _perform_layoff,
    SwapJoker: _perform_swap,
}


def _draw_after_buying(state: GameState, changes: StateChanges) -> GameState:
    """The player on turn draws from the stock once the offered discard is settled (buying before the draw)."""
    seat = state.on_turn
    drawn = _draw(state, changes, 1)
    if drawn is None:
        return _end_deal(state, changes, None)
    hands = changes.get("hands", state.hands)
    changes["hands"] = _replace(hands, seat, _add(hands[seat], drawn))
    return evolve(state, changes)


def _buy_queue(state: GameState, changes: StateChanges, later: int) -> tuple[int, ...]:
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
    if everyone_may_buy(buying):
        return order  # everyone asked is eligible (the player on turn is never in the order)
    return tuple(seat for seat in order if may_buy(state, seat))


def _end_deal(state: GameState, changes: StateChanges, winner: int | None) -> GameState:
    """Score the deal that ``winner`` (``None``: nobody) ended; then the next deal begins, or the match is over."""
    variant = state.variant
    hands = changes.get("hands", state.hands)
    laid = changes.get("laid", state.laid)
    went_down = tuple(contract_laid(variant, level, done) for done, level in zip(laid, state.levels, strict=True))
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
    common: StateChanges = {
        "_history": changes["_history"],
        "wins": tuple(wins),
        "scores": scores,
        "deal_scores": (*state.deal_scores, deal_scores),
        "last_deal": result,
    }
    if finishers:
        return _end_match(state, changes, common)
    dealer = (state.dealer + 1) % state.players
    deck = shuffled(variant.cards(state.players), seeded_rng(state.seed, state.deal + 1, "deal"))
    return start_deal(state, common, deck, dealer, state.deal + 1, levels)


def _end_match(state: GameState, changes: StateChanges, common: StateChanges) -> GameState:
    """The match is over: the last deal's cards stay where they lie, with its ``common`` results."""
    common.update({
        "hands": changes.get("hands", state.hands),
        "stock": changes.get("stock", state.stock),
        "discard_pile": changes.get("discard_pile", state.discard_pile),
        "table": changes.get("table", state.table),
        "laid": changes.get("laid", state.laid),
        "layoffs": changes.get("layoffs", state.layoffs),
        "rebuilds": changes.get("rebuilds", state.rebuilds),
        "discarder": changes.get("discarder", state.discarder),
        "phase": Phase.OVER,
        "to_act": None,
        "buy_queue": (),
        "taken": None,  # nobody is on turn any more: the re-discard rule holds nothing
    })
    return evolve(state, common)


def start_deal(
    state: GameState,
    changes: StateChanges,
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
    """Deal ``deck`` (dealer ``dealer``, deal number ``deal``): the state at the deal's first decision.

    ``changes`` holds what carries over from before; the rest of the arguments
    build a position (``new_game``): the melds on the table with each seat's
    laid requirements and lay-offs, the hand sizes, the discard pile.
    """
    players = state.players
    variant = state.variant
    if sizes is None:
        deal_sizes = variant.contracts.deal_sizes
        sizes = [deal_sizes[level - 1] for level in levels]
        if variant.contracts.first_player_extra_card:
            sizes[(dealer + 1) % players] += 1
    hands, position = _deal_hands(deck, dealer, sizes)
    if discard_pile is None:
        discard_pile = (deck[position],)
        position += 1
    first = (dealer + 1) % players
    changes.update({
        "deal": deal,
        "dealer": dealer,
        "levels": levels,
        "hands": hands,
        "stock": tuple(deck[position:]),
        "discard_pile": discard_pile,
        "table": table,
        "laid": laid if laid is not None else (frozenset(),) * players,
        "layoffs": layoffs if layoffs is not None else (0,) * players,
        "buys": (0,) * players,
        "rebuilds": 0,
        "on_turn": first,
        "to_act": first,
        "phase": Phase.PLAY if variant.contracts.first_player_extra_card else Phase.DRAW,
        "buy_queue": (),
        "discarder": None,
        "taken": None,
        "turn": 0,
    })
    return evolve(state, changes)


def _deal_hands(deck: Sequence[Card], dealer: int, sizes: Sequence[int]) -> tuple[tuple[tuple[Card, ...], ...], int]:
    """Deal ``deck`` one card at a time clockwise from the dealer's left: the sorted hands, and the cards used."""
    players = len(sizes)
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for round_ in range(max(sizes)):
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            if round_ < sizes[seat]:
                hands[seat].append(deck[position])
                position += 1
    return tuple(tuple(sorted(hand, key=by_index)) for hand in hands), position


# -- hands ---------------------------------------------------------------------


def _replace(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    """``values`` with the one at ``seat`` (or any index) replaced by ``value``."""
    return (*values[:seat], value, *values[seat + 1 :])


def _remove(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` without ``cards`` (which it holds), still sorted."""
    if len(cards) == 1:  # found by bisection (a hand is sorted by index; the check made sure it is held)
        at = bisect_left(hand, cards[0].index, key=by_index)
        return hand[:at] + hand[at + 1 :]
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _add(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` with ``cards`` added, still sorted."""
    if len(cards) == 1:
        card = cards[0]
        at = bisect_right(hand, card.index, key=by_index)
        return (*hand[:at], card, *hand[at:])
    return tuple(sorted((*hand, *cards), key=by_index))


# -- chance --------------------------------------------------------------------


def seeded_rng(seed: int | str, *parts: object) -> random.Random:
    """The random source of one shuffle or choice, fixed by the match's seed and ``parts`` naming it."""
    import random  # deferred: `import remi` does not load random before the first shuffle

    return random.Random("remi/" + "/".join(str(p) for p in (seed, *parts)))


def _draw(state: GameState, changes: StateChanges, n: int) -> list[Card] | None:
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
