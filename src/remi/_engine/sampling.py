"""Dealing a full state from one seat's view: ``remi.determinize`` (private: use :mod:`remi.state`).

What the seat knows is read from its view and the view's history: its own
hand, the table, the discard pile, every hand's size and the stock's, the
cards each opponent was seen to pick up (a take, a buy, a joker freed by a
swap) and has not played since, the dead 2s made this deal (S15), and the
cards of the last stock rebuild (N20), which are the only ones the stock can
still hold. Every other card not in sight is shuffled, by the seed, among the
opponents' unknown cards and the stock.

The knowledge is kept card by card, not card slot by card slot: the cards an
opponent drew from a rebuilt stock are dealt from all the hidden cards, not
from the rebuild's alone (which of its unknown cards it played since is not
known).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from remi._engine.events import (
    Bought,
    Dealt,
    Discarded,
    DrewStock,
    Event,
    LaidDown,
    LaidOff,
    StockRebuilt,
    Swapped,
    TookDiscard,
)
from remi._engine.transitions import seeded_rng
from remi._engine.values import Phase, StateChanges, by_index, evolve
from remi._engine.view import PlayerView
from remi._util import printable, seed_problem
from remi.cards import DEAD_TWOS, Card, format_cards, live_twin
from remi.errors import Reason, RemiError
from remi.melds import Meld
from remi.parts import Schedule

if TYPE_CHECKING:
    from remi.state import GameState

__all__ = ["Knowledge", "determinized"]

#: S15: the dead 2 that each live 2 becomes on the discard pile.
_DEAD_OF = {live_twin(dead): dead for dead in DEAD_TWOS}


class Knowledge:
    """What one seat knows of the hidden cards of the deal in play, read from its view's history.

    Attributes:
        seat: Whose knowledge it is.
        held: Per seat, the cards seen entering its hand (taken, bought, freed
            by a swap) and not seen leaving it since (empty for the seat itself).
        dead: Dead 2s (S15) made this deal or dealt dead, each as many times as it exists.
        rebuilt: The cards of the last stock rebuild that the seat has not seen
            drawn since (``None`` if the stock was not rebuilt this deal): the stock
            holds only these.
        dead_twos: Whether a discarded 2 dies (the variant's ``deck.dead_twos``, S15).
    """

    def __init__(self, view: PlayerView) -> None:
        self.seat = view.seat
        self.held: list[Counter[Card]] = [Counter() for _ in range(view.players)]
        self.dead: Counter[Card] = Counter()
        self.rebuilt: Counter[Card] | None = None
        self.dead_twos = view.variant.deck.dead_twos
        for event in view.history:
            self.read(event)

    def read(self, event: Event) -> None:
        """Learn from one event of the deal."""
        match event:
            case Dealt():
                self._read_dealt(event)
            case TookDiscard(seat=seat, card=card):
                self._enter(seat, (card,))
            case Bought(seat=seat, card=card, penalty=penalty):
                self._enter(seat, (card,))
                self._read_own_draws(seat, penalty)
            case Swapped(seat=seat, cards=cards, freed=freed):
                self._leave(seat, cards)
                self._enter(seat, freed)
            case LaidDown(seat=seat, melds=melds):
                self._leave(seat, [card for meld in melds for card in meld.cards])
            case LaidOff(seat=seat, card=card):
                self._leave(seat, (card,))
            case Discarded():
                self._read_discard(event)
            case StockRebuilt(cards=cards):
                self.rebuilt = Counter(cards)
            case DrewStock(seat=seat, card=card):
                self._read_own_draws(seat, (card,))

    def _read_dealt(self, dealt: Dealt) -> None:
        """A deal begins: nothing is held yet; dead 2s laid out in a built position exist already."""
        self.held = [Counter() for _ in self.held]
        self.rebuilt = None
        self.dead = Counter(card for card in dealt.discard_pile if card.is_dead)
        self.dead.update(card for meld in dealt.table for card in meld.cards if card.is_dead)

    def _read_discard(self, discard: Discarded) -> None:
        """A discard leaves the hand; a live 2 dies on the pile where the deck says so (S15)."""
        self._leave(discard.seat, (discard.card,))
        if self.dead_twos and discard.card in _DEAD_OF:
            self.dead[_DEAD_OF[discard.card]] += 1

    def _enter(self, seat: int, cards: Sequence[Card]) -> None:
        """``cards`` were seen entering ``seat``'s hand."""
        if seat != self.seat:
            self.held[seat].update(cards)

    def _leave(self, seat: int, cards: Sequence[Card]) -> None:
        """``cards`` were seen leaving ``seat``'s hand (a copy seen entering it counts first)."""
        held = self.held[seat]
        for card in cards:
            if held[card] > 0:
                held[card] -= 1

    def _read_own_draws(self, seat: int, cards: Sequence[Card | None]) -> None:
        """The seat's own draws from a rebuilt stock are no longer in it."""
        if seat == self.seat and self.rebuilt is not None:
            for card in cards:
                if card is not None and self.rebuilt[card] > 0:
                    self.rebuilt[card] -= 1


def _hidden_cards(view: PlayerView, knowledge: Knowledge) -> list[Card]:
    """Every card the seat cannot see (the other hands but the cards it saw enter them, and the stock), sorted.

    The deck, less the cards in sight, each 2 that died this deal counted as
    its dead copy (S15).
    """
    deck: Counter[Card] = Counter(view.variant.cards(view.players))
    for dead, count in knowledge.dead.items():
        deck[live_twin(dead)] -= count
        deck[dead] += count
    seen: Counter[Card] = Counter(view.hand)
    seen.update(view.discard_pile)
    for meld in view.table:
        seen.update(meld.cards)
    for held in knowledge.held:
        seen.update(held)
    missing = seen - deck
    if missing:
        raise RemiError(
            f"the view shows more {format_cards(sorted(missing.elements(), key=by_index))} than the deck holds",
            Reason.BAD_POSITION,
        )
    return sorted((deck - seen).elements(), key=by_index)


def hidden_cards(view: PlayerView) -> list[Card]:
    """Every card ``view``'s seat cannot see and has not seen enter another hand (the cards it could draw), sorted.

    The cards :func:`determinized` deals into the other hands and the stock,
    less those it places where the seat saw them go.
    """
    return _hidden_cards(view, Knowledge(view))


def _deal_hidden(
    view: PlayerView, knowledge: Knowledge, seed: int | str
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The hands and the stock: the seat's own hand, the held cards, and the hidden cards shuffled by ``seed``."""
    rng = seeded_rng(seed, "determinize", view.deal, view.seat)
    hidden = _hidden_cards(view, knowledge)
    unknown = [0 if seat == view.seat else view.hand_sizes[seat] - knowledge.held[seat].total()
               for seat in range(view.players)]
    if any(count < 0 for count in unknown) or len(hidden) != sum(unknown) + view.stock_size:
        raise RemiError(
            f"seat {view.seat}'s view is not one a deal can show: {len(hidden)} hidden cards for "
            f"{sum(unknown)} unknown cards in hands and a stock of {view.stock_size}",
            Reason.BAD_POSITION,
        )
    stock: list[Card] = []
    if knowledge.rebuilt is not None:  # N20: the stock holds only cards of its last rebuild
        candidates = sorted((knowledge.rebuilt & Counter(hidden)).elements(), key=by_index)
        stock = rng.sample(candidates, min(view.stock_size, len(candidates)))
        rest = Counter(hidden)
        rest.subtract(stock)
        hidden = sorted(rest.elements(), key=by_index)
    rng.shuffle(hidden)
    hands: list[tuple[Card, ...]] = []
    for seat, count in enumerate(unknown):
        if seat == view.seat:
            hands.append(view.hand)
            continue
        dealt = [*knowledge.held[seat].elements(), *hidden[:count]]
        hidden = hidden[count:]
        hands.append(tuple(sorted(dealt, key=by_index)))
    stock.extend(hidden)
    return tuple(hands), tuple(stock)


def _start_record(view: PlayerView, seed: int | str, hands: Sequence[Sequence[Card]],
                  stock: Sequence[Card], scores: Sequence[int]) -> tuple[tuple[str, Any], ...]:
    """The ``start`` of a determinized state: the position dealt, as :func:`remi.new_game` arguments would say it."""
    variant = view.variant
    start: list[tuple[str, Any]] = [
        ("variant", variant.name), ("version", variant.version), ("players", view.players), ("seed", seed),
        ("dealer", view.dealer),
    ]
    if variant.match.schedule is Schedule.ROUNDS:
        start.append(("round", view.levels[0]))
    else:
        start.append(("levels", view.levels))
    start += [
        ("wins", view.wins),
        ("scores", tuple(scores)),
        ("hands", tuple(format_cards(hand) for hand in hands)),
        ("stock", format_cards(stock)),
        ("discard_pile", format_cards(view.discard_pile)),
    ]
    if view.table:
        start.append(("table", tuple((meld.owner, str(Meld(meld.kind, meld.cards)), meld.turn)
                                     for meld in view.table)))
    start.append(("layoffs", view.layoffs))
    return tuple(start)


def _discarder(view: PlayerView) -> int | None:
    """Who discarded last this deal: the seat before the one on turn, after the first turn (``None`` before it)."""
    if view.phase is Phase.OVER:
        return next((event.seat for event in reversed(view.history) if type(event) is Discarded), None)
    return None if view.turn == 0 else (view.on_turn - 1) % view.players


def determinized(empty: GameState, view: PlayerView, seed: int | str) -> GameState:
    """A full state that ``view``'s seat cannot tell from the real one, dealt by ``seed`` (see ``remi.determinize``).

    ``empty`` is a state with no field, evolved into the result.
    """
    if not isinstance(view, PlayerView):
        raise RemiError(f"determinize takes a PlayerView, got {printable(view)}", Reason.BAD_ARGUMENT)
    problem = seed_problem(seed)
    if problem:
        raise RemiError(f"seed {problem}", Reason.BAD_ARGUMENT)
    knowledge = Knowledge(view)
    if view.phase is Phase.OVER and view.last_deal is not None:  # the last deal's hands were shown for scoring
        knowledge.held = [Counter(hand) for hand in view.last_deal.hands]
        knowledge.held[view.seat] = Counter()
    elif not view.history and view.taken is not None and view.on_turn != view.seat:
        knowledge.held[view.on_turn][view.taken] += 1  # N13: the discard taken this turn is seen in that hand
    hands, stock = _deal_hidden(view, knowledge, seed)
    last = view.last_deal
    deal_scores = () if last is None else (last.scores,)
    start_scores = view.scores if last is None else tuple(a - b for a, b in zip(view.scores, last.scores, strict=True))
    fields: StateChanges = {
        "variant": view.variant, "players": view.players, "seed": seed, "deal": view.deal, "dealer": view.dealer,
        "levels": view.levels, "wins": view.wins, "scores": view.scores, "deal_scores": deal_scores,
        "hands": hands, "stock": stock, "discard_pile": view.discard_pile, "table": view.table, "laid": view.laid,
        "layoffs": view.layoffs, "buys": view.buys, "rebuilds": view.rebuilds, "on_turn": view.on_turn,
        "to_act": view.to_act, "phase": view.phase, "buy_queue": view.buy_queue, "discarder": _discarder(view),
        "taken": view.taken, "turn": view.turn, "last_deal": last,
        "start": _start_record(view, seed, hands, stock, start_scores), "_history": None,
    }
    return evolve(empty, fields)
