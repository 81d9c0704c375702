"""The one encoding the learning environments share: actions, observation, bounds, rewards.

An :class:`Encoding` is derived from a variant and a player count, as data: the
card ids its deck uses, the most melds its table can hold, its number of
contracts. Nothing in it names a variant, so a third-party variant gets an
encoding like the built-ins.

**Actions.** A fixed, discrete space of :attr:`Encoding.size` abstract actions.
A remi action is chosen as one abstract action or as a short sequence of them
(sub-steps, see :mod:`remi.envs.decision`): ``discard QS`` is one
step; a lay-off is its card, then its target meld, then the run's end where
both ends take the card; a lay-down is ``go down``, then each meld in turn
(``set`` or ``run``, then its cards in order), then ``done``. Every legal remi
action is reachable, and the mask is exact at every sub-step: an allowed id
always leads on to a legal remi action. A sub-step with one choice only is
taken for the agent, so a lay-off with one target is one step. With ``n``
the number of distinct cards of the variant's deck (:attr:`Encoding.cards`,
by :attr:`remi.Card.index`; 53 with jokers, 52 without, and four more, the
dead twos, where the variant's ``deck.dead_twos`` is set, S15) and ``M``
:attr:`Encoding.meld_slots`:

=============================  ==================================================================
index                          abstract action
=============================  ==================================================================
0, 1, 2, 3                     ``draw``, ``take``, ``buy``, ``pass`` (the remi actions themselves)
4                              ``go down``: begin a lay-down
5, 6                           ``set``, ``run``: begin the lay-down's next meld, of that kind
7                              ``done``: the lay-down is complete
8, 9                           ``low``, ``high``: the run's end (a lay-off, or where a freed joker goes)
10                             ``to hand``: a freed joker goes to the hand
11 … 11+M-1                    ``onto m``: the target meld of a lay-off or a swap
11+M … 11+M+n-1                ``discard`` card ``cards[i]``
11+M+n … 11+M+2n-1             ``lay off`` card ``cards[i]``: begin a lay-off of it
11+M+2n … 11+M+3n-1            ``swap in`` card ``cards[i]``: a natural put into a meld for a wild
11+M+3n … 11+M+4n-1            ``meld`` card ``cards[i]``: the next card of the meld being built
=============================  ==================================================================

The sequence of each remi action (:meth:`Encoding.steps`) follows its own
canonical form: a lay-down's melds in the order :class:`~remi.actions.LayDown`
keeps them (sets first), each meld's cards in its order (a run low to high,
jokers in place); a swap's naturals in order, then the meld.

**Observation.** A flat ``float32`` vector of :attr:`Encoding.shape`, built
from ``state.view(seat)`` only (and the seat's own choice in progress); seats
are counted from the observer (relative seat 0 is the observer, 1 the next
clockwise). Its pieces, in order (:attr:`Encoding.layout` gives their offsets):

* ``hand``: the count of each card id in the observer's hand (``n``);
* ``discard_top``: the discard pile's top card, one-hot (``n``; zeros if empty);
* ``discard_pile``: the count of each card id in the discard pile, every card of which is public (``n``);
* ``taken``: the discard taken as this turn's draw that may not go back yet, one-hot (``n``);
* ``table``: :attr:`Encoding.meld_slots` melds in the order laid, each as its
  card counts (``n``), its kind (set, run: 2) and its owner's relative seat
  (one-hot, ``players``); empty slots are zeros;
* ``seats``: per relative seat, :data:`SEAT_FIELDS`: hand size, buys, cards
  laid off, down (0/1), melds laid, level or round (1-based), total score,
  deals won, on turn (0/1), to act (0/1), dealer (0/1);
* ``contract``: the observer's contract, one-hot over the variant's contracts;
* ``phase``: draw, buy, play, over (one-hot, 4);
* ``counters``: stock size, turn of the deal, deal number, stock rebuilds;
* ``chosen``: the cards the observer's choice in progress has taken so far (``n``);
* ``meld``: the cards of the lay-down's meld being built (``n``);
* ``choosing``: the choice in progress (go down, lay off, swap: one-hot), the
  kind of the meld being built (set, run) and the target meld chosen (one-hot, ``M``).

Every value lies within :meth:`Encoding.bounds`: card counts within the most
copies of a card in the deck, sizes within the deck, levels within the
contracts. The match-long counters (total score, deals won, deal number,
turn, rebuilds) are clipped to :data:`LONG_MATCH_DEALS` deals' worth where
the rules set no smaller bound. ``normalized=True`` divides each value by its
bound, so that the vector lies in [-1, 1] (only the scores are negative).

**Rewards** (:data:`REWARDS`): ``"deal"`` gives every seat, as each deal
ends, the negated deal score made zero-sum: ``mean(scores) - score``, in card
points (within :meth:`Encoding.reward_bound`); ``"match"`` gives, when the
episode ends, ``1/w - 1/players`` to each of the ``w`` winners and
``-1/players`` to the others (zero-sum too). An episode is the match, or its
first ``deals`` deals; an episode cut short that way is won by the seats with
the lowest totals then.

>>> import remi
>>> from remi.envs.encoding import encoding
>>> code = encoding("norwegian", 4)
>>> code.size, code.shape
(235, (1102,))
>>> code.name(code.discard_index(remi.parse_card("QS")))
'discard QS'
>>> [code.name(step) for step in code.steps(remi.actions.LayOff("9C", 2, "high"))]
['lay off 9C', 'onto 2', 'high']

.. versionadded:: 0.2.0

.. versionchanged:: 0.3.0
   Every legal action is reachable: lay-downs, lay-offs and swaps are chosen
   over sub-steps (the go-down slots are gone); finite bounds, the
   normalized observation and the choice in progress.
"""

from __future__ import annotations

import enum
import struct
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, TypeAlias

import attrs
import numpy as np
import numpy.typing as npt

from remi._engine.values import DealResult, Phase, TableMeld
from remi._engine.view import PlayerView
from remi._util import printable
from remi.actions import (
    BUY,
    DRAW,
    PASS,
    TAKE,
    Action,
    Discard,
    LayDown,
    LayOff,
    SwapJoker,
)
from remi.cards import CARDS, DEAD_TWOS, Card, format_cards
from remi.errors import Reason, RemiError
from remi.melds import End, Meld, MeldKind
from remi.state import GameState, new_game
from remi.variant import Variant
from remi.variants import get

__all__ = [
    "LONG_MATCH_DEALS",
    "REWARDS",
    "SEAT_FIELDS",
    "Encoding",
    "Episode",
    "Observer",
    "Step",
    "encoding",
    "render",
]


class Step(enum.IntEnum):
    """The abstract actions of fixed index (the card and meld ones follow them; see the module).

    .. versionadded:: 0.3.0
    """

    DRAW = 0
    TAKE = 1
    BUY = 2
    PASS = 3
    GO_DOWN = 4
    SET = 5
    RUN = 6
    DONE = 7
    LOW = 8
    HIGH = 9
    TO_HAND = 10


#: The reward schemes: the negated deal score, or the match result.
REWARDS = ("deal", "match")
#: What the observation holds per relative seat, in order.
SEAT_FIELDS = ("hand_size", "buys", "layoffs", "down", "melds_laid", "level", "score", "wins",
               "on_turn", "to_act", "dealer")
#: The match-long counters of the observation are clipped to this many deals' worth (see the module).
LONG_MATCH_DEALS = 16
_TURNS_WITHOUT_LIMIT = 1000  # the turn counter's clip where the match sets no turn limit
_PHASES = (Phase.DRAW, Phase.BUY, Phase.PLAY, Phase.OVER)
_MOST_KEPT = 4096  # the most table rows, or lay-down melds' steps, an encoding keeps


def _one_hots(size: int) -> tuple[tuple[int, ...], ...]:
    """The ``size`` one-hot tuples of length ``size``."""
    return tuple(tuple(int(index == hot) for index in range(size)) for hot in range(size))


_PHASE_ONE_HOTS = _one_hots(len(_PHASES))
_SIMPLE = {DRAW: int(Step.DRAW), TAKE: int(Step.TAKE), BUY: int(Step.BUY), PASS: int(Step.PASS)}
_SIMPLE_KINDS = {type(action): step for action, step in _SIMPLE.items()}  # (a class hashes at C speed)
_NAMES = {Step.DRAW: "draw", Step.TAKE: "take", Step.BUY: "buy", Step.PASS: "pass", Step.GO_DOWN: "go down",
          Step.SET: "set", Step.RUN: "run", Step.DONE: "done", Step.LOW: "low", Step.HIGH: "high",
          Step.TO_HAND: "to hand"}
_GO_DOWN, _SET, _RUN, _DONE = int(Step.GO_DOWN), int(Step.SET), int(Step.RUN), int(Step.DONE)
_ENDS = {End.LOW: int(Step.LOW), End.HIGH: int(Step.HIGH)}
#: A freed joker's destination (a swap's field beyond the meld and the naturals), by its name.
_DESTINATIONS = {"LOW": int(Step.LOW), "LOW_END": int(Step.LOW), "HIGH": int(Step.HIGH),
                 "HIGH_END": int(Step.HIGH), "HAND": int(Step.TO_HAND)}
_SWAP_FIELDS = ("meld", "cards")
#: The card blocks after the meld targets, in order.
CARD_BLOCKS = ("discard", "lay off", "swap in", "meld")
#: The choices in progress the observation marks, in order.
CHOOSING = ("go down", "lay off", "swap in")

Observation = npt.NDArray[np.float32]
_Figures: TypeAlias = "PlayerView | GameState"  # what the seats' figures are read from: a view, or the state
Mask = npt.NDArray[np.int8]


def resolved_variant(variant: Variant | str) -> Variant:
    """The variant ``variant`` names (or is); refuse anything else."""
    if isinstance(variant, str):
        return get(variant)
    if not isinstance(variant, Variant):
        raise RemiError(f"expected a Variant or a variant name, got {type(variant).__name__}", Reason.BAD_ARGUMENT)
    return variant


def checked_players(variant: Variant, players: object) -> int:
    """``players`` if it is a player count of ``variant``; refuse it otherwise."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise RemiError(f"players must be an integer, got {printable(players)}", Reason.BAD_ARGUMENT)
    if not variant.min_players <= players <= variant.max_players:
        raise RemiError(f"{variant.name} is played by {variant.min_players} to {variant.max_players} players, "
                        f"not {printable(players)}", Reason.BAD_ARGUMENT)
    return players


def _deck_cards(variant: Variant) -> tuple[Card, ...]:
    """The distinct cards the deck uses at any player count, by index, with the dead twos (S15)."""
    present = {card for count in range(variant.min_players, variant.max_players + 1)
               for card in variant.cards(count)}
    if variant.deck.dead_twos:  # S15: a discarded 2 comes back as a card of its own
        present.update(DEAD_TWOS)
    return tuple(sorted(present))


@attrs.frozen
class Encoding:
    """The action space and observation of one variant at one player count.

    Build it with :func:`encoding`. See the module for the layout.

    Attributes:
        variant: The rules.
        players: The number of seats.
        cards: The distinct cards the deck uses (at any player count), by index,
            with the dead twos where the variant has them.
        meld_slots: The most melds the table holds in a deal: each seat lays one
            meld per requirement of its contract, at most.
        size: The number of abstract actions.
        shape: The observation's shape (one axis).
        layout: Each observation piece's name, offset and shape, in order.

    .. versionadded:: 0.2.0
    """

    variant: Variant
    players: int
    cards: tuple[Card, ...] = attrs.field(init=False)
    meld_slots: int = attrs.field(init=False)
    size: int = attrs.field(init=False)
    shape: tuple[int] = attrs.field(init=False)
    layout: tuple[tuple[str, int, tuple[int, ...]], ...] = attrs.field(init=False)
    _position: tuple[int, ...] = attrs.field(init=False, repr=False)
    _offsets: dict[str, int] = attrs.field(init=False, repr=False, eq=False)
    _bounds: tuple[Observation, Observation, Observation] = attrs.field(init=False, repr=False, eq=False)
    # (the lowest and highest values, and the factor that normalizes)
    # the seats' figures, the contract, the phase and the counters (one stretch) as float32s
    _figures_format: str = attrs.field(init=False, repr=False, eq=False)
    # each card's place in the hand, discard pile, discard top and taken pieces, by card index (-1: not in deck)
    _places: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]] = attrs.field(
        init=False, repr=False, eq=False)
    _contract_one_hots: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False, eq=False)  # by level
    _starts: tuple[int, int, int] = attrs.field(init=False, repr=False, eq=False)  # discard, lay off, swap in
    _meld_steps: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)  # by card index; -1: not in deck
    _caps: tuple[int, int, int, int] = attrs.field(init=False, repr=False, eq=False)  # score, deals, turns, rebuilds
    _rows: dict[int, tuple[TableMeld, Observation]] = attrs.field(init=False, repr=False, eq=False)
    # a lay-down meld's steps, by the meld's identity (held, so that the identity stays its own)
    _meld_steps_known: dict[int, tuple[Meld, tuple[int, ...]]] = attrs.field(init=False, repr=False, eq=False)
    _orders: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False, eq=False)  # the seats, from each
    _needed_at_level: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)  # melds needed, by level

    def __attrs_post_init__(self) -> None:
        variant, players = self.variant, self.players
        cards = _deck_cards(variant)
        position = [-1] * len(CARDS)
        for index, card in enumerate(cards):
            position[card.index] = index
        count = len(cards)
        slots = players * max(variant.melds_needed)
        pieces = (("hand", (count,)), ("discard_top", (count,)), ("discard_pile", (count,)), ("taken", (count,)),
                  ("table", (slots, count + 2 + players)), ("seats", (players, len(SEAT_FIELDS))),
                  ("contract", (len(variant.contracts),)), ("phase", (len(_PHASES),)), ("counters", (4,)),
                  ("chosen", (count,)), ("meld", (count,)), ("choosing", (len(CHOOSING) + 2 + slots,)))
        layout = []
        offset = 0
        for name, shape in pieces:
            layout.append((name, offset, shape))
            offset += int(np.prod(shape))
        setter = object.__setattr__
        setter(self, "cards", cards)
        setter(self, "_position", tuple(position))
        setter(self, "meld_slots", slots)
        setter(self, "size", len(Step) + slots + len(CARD_BLOCKS) * count)
        setter(self, "shape", (offset,))
        setter(self, "layout", tuple(layout))
        setter(self, "_offsets", {name: offset for name, offset, _ in layout})
        setter(self, "_places", tuple(tuple(self._offsets[piece] + at if at >= 0 else -1 for at in position)
                                      for piece in ("hand", "discard_pile", "discard_top", "taken")))
        setter(self, "_rows", {})
        setter(self, "_meld_steps_known", {})
        contracts = len(variant.contracts)
        setter(self, "_figures_format", f"={players * len(SEAT_FIELDS) + contracts + len(_PHASES) + 4}f")
        setter(self, "_contract_one_hots", _one_hots(contracts))
        setter(self, "_starts", (self._block(0), self._block(1), self._block(2)))
        setter(self, "_needed_at_level", (0, *variant.melds_needed))
        setter(self, "_orders", tuple(tuple((seat + relative) % players for relative in range(players))
                                      for seat in range(players)))
        setter(self, "_meld_steps", tuple(-1 if at < 0 else self._block(3) + at for at in position))
        match = variant.match
        cards_dealt = len(variant.cards(players))
        setter(self, "_caps", (self._deal_score_bound() * LONG_MATCH_DEALS, LONG_MATCH_DEALS,
                               match.turn_limit if match.turn_limit is not None else _TURNS_WITHOUT_LIMIT,
                               match.stock_rebuilds if match.stock_rebuilds is not None
                               else LONG_MATCH_DEALS * cards_dealt))
        setter(self, "_bounds", self._make_bounds())

    def __deepcopy__(self, memo: dict[int, object]) -> Encoding:
        return self  # immutable: a copied environment shares it

    # -- actions ---------------------------------------------------------------

    def onto_index(self, meld: int) -> int:
        """The abstract action choosing meld ``meld`` of the table as a lay-off's or a swap's target.

        Raises:
            RemiError: With reason ``BAD_POSITION`` if the table cannot hold that many melds.
        """
        if not 0 <= meld < self.meld_slots:
            raise RemiError(f"meld {meld} is beyond the {self.meld_slots} melds a deal of {self.variant.name} "
                            "can lay", Reason.BAD_POSITION)
        return len(Step) + meld

    def discard_index(self, card: Card) -> int:
        """The abstract action discarding ``card``."""
        return self._block(0) + self._card(card)

    def layoff_index(self, card: Card) -> int:
        """The abstract action beginning a lay-off of ``card``."""
        return self._block(1) + self._card(card)

    def swap_index(self, card: Card) -> int:
        """The abstract action putting natural ``card`` into a meld for a wild (a swap's first step, or next)."""
        return self._block(2) + self._card(card)

    def meld_card_index(self, card: Card) -> int:
        """The abstract action adding ``card`` to the lay-down's meld being built."""
        return self._block(3) + self._card(card)

    def meld_card_steps(self, indices: Sequence[int]) -> tuple[int, ...]:
        """The abstract actions adding the cards of card indices ``indices`` (:attr:`remi.Card.index`) in turn.

        -1 stands for a card the deck does not use.
        """
        steps = self._meld_steps
        return tuple([steps[index] for index in indices])

    def _block(self, number: int) -> int:
        """The first index of card block ``number`` (:data:`CARD_BLOCKS`)."""
        return len(Step) + self.meld_slots + number * len(self.cards)

    def _card(self, card: Card) -> int:
        """``card``'s position in :attr:`cards`; refuse a card the deck does not use."""
        position = self._position[card.index]
        if position < 0:
            raise RemiError(f"{card} is not in the {self.variant.name} deck", Reason.BAD_ARGUMENT)
        return position

    def name(self, index: int) -> str:
        """A short description of abstract action ``index`` (``"discard QS"``, ``"go down"``, ``"onto 2"``).

        Raises:
            RemiError: With reason ``BAD_ARGUMENT`` if ``index`` is not an action.
        """
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or not 0 <= index < self.size:
            raise RemiError(f"an action is an integer from 0 to {self.size - 1}, got {printable(index)}",
                            Reason.BAD_ARGUMENT)
        index = int(index)
        if index < len(Step):
            return _NAMES[Step(index)]
        if index < len(Step) + self.meld_slots:
            return f"onto {index - len(Step)}"
        block, card = divmod(index - len(Step) - self.meld_slots, len(self.cards))
        return f"{CARD_BLOCKS[block]} {self.cards[card]}"

    def first_step(self, action: Action) -> int:
        """The first abstract action of ``action``'s sequence (:meth:`steps`)."""
        return self.steps(action)[0] if type(action) is not LayDown else int(Step.GO_DOWN)

    def first_steps(self, actions: Iterable[Action]) -> dict[int, list[Action]]:
        """The swaps, lay-offs, discards and simple actions of ``actions``, grouped by their first step.

        Quick (no lay-down: they all begin with ``go down``), for the many
        calls an environment makes.
        """
        position = self._position
        discards, layoffs, swaps = self._starts
        found: dict[int, list[Action]] = {}
        for action in actions:
            kind = type(action)
            if kind is Discard:
                found[discards + position[action.card.index]] = [action]  # type: ignore[union-attr]
                continue
            if kind is LayOff:
                first = layoffs + position[action.card.index]  # type: ignore[union-attr]
            elif kind is SwapJoker:
                first = swaps + position[action.cards[0].index]  # type: ignore[union-attr]
            else:
                first = _SIMPLE_KINDS[kind]
            group = found.get(first)
            if group is None:
                found[first] = [action]
            else:
                group.append(action)
        return found

    def steps(self, action: Action) -> tuple[int, ...]:
        """The abstract actions that choose ``action``, in order (see the module).

        Raises:
            RemiError: With reason ``BAD_ARGUMENT`` for a card the deck does not
                use, ``BAD_POSITION`` for a meld index beyond :attr:`meld_slots`.
        """
        if type(action) is LayDown:  # the most numerous: read through a table of card steps
            return self._laydown_steps(action)
        if isinstance(action, Discard):
            return (self.discard_index(action.card),)
        if isinstance(action, LayOff):
            end = () if action.end is None else (_ENDS[action.end],)
            return (self.layoff_index(action.card), self.onto_index(action.meld), *end)
        if isinstance(action, SwapJoker):
            return (*map(self.swap_index, action.cards), self.onto_index(action.meld), *_destination(action))
        if isinstance(action, LayDown):
            return self._laydown_steps(action)
        return (_SIMPLE[action],)

    def _laydown_steps(self, laydown: LayDown) -> tuple[int, ...]:
        """The steps of a lay-down: ``go down``, each meld's kind and cards, ``done``."""
        known = self._meld_steps_known
        found: list[int] = [_GO_DOWN]
        for meld in laydown.melds:
            steps = known.get(id(meld))
            if steps is None or steps[0] is not meld:
                steps = self._remember_meld_steps(meld)
            found += steps[1]
        found.append(_DONE)
        return tuple(found)

    def _remember_meld_steps(self, meld: Meld) -> tuple[Meld, tuple[int, ...]]:
        """A lay-down meld's steps (its kind, then its cards), kept per meld: the lay-downs listed share their melds.

        Refuses a card the deck does not use, with its name.
        """
        kind = _SET if meld.kind is MeldKind.SET else _RUN
        steps = (kind, *self.meld_card_steps([card.index for card in meld.cards]))
        if -1 in steps:
            for card in meld.cards:
                self._card(card)
        known = self._meld_steps_known
        if len(known) > _MOST_KEPT:  # a long run of environments: start afresh rather than grow
            known.clear()
        known[id(meld)] = found = (meld, steps)
        return found

    def reward_bound(self, reward: str) -> float:
        """The most a seat's reward can be, in absolute value: for one deal (``"deal"``), or the match result.

        A deal's scores are card points left in hand or the winner's score, each
        at most ``B`` in absolute value (every card of the deck, or the largest
        winner's score); a zero-sum reward then lies within ``2B``.
        """
        if reward == "match":
            return 1.0
        return float(2 * self._deal_score_bound())

    def _deal_score_bound(self) -> int:
        """The most a seat's score for one deal can be, in absolute value."""
        variant = self.variant
        cards = variant.cards(self.players)
        return max(sum(abs(variant.card_points(card)) for card in cards),
                   *(abs(variant.winner_score(wins)) for wins in range(1, len(variant.contracts) + 1)))

    # -- observations ------------------------------------------------------------

    def bounds(self) -> tuple[Observation, Observation]:
        """The observation's lowest and highest values, element by element (see the module).

        .. versionadded:: 0.3.0
        """
        low, high, _ = self._bounds
        return low.copy(), high.copy()

    def _make_bounds(self) -> tuple[Observation, Observation, Observation]:
        """The bounds, and the factor that normalizes (one over the larger of each bound's absolute values)."""
        variant, players = self.variant, self.players
        deck = variant.cards(variant.max_players)
        copies = max(deck.count(card) for card in set(deck))
        cards = len(variant.cards(players))
        contracts = len(variant.contracts)
        score, deals, turns, rebuilds = self._caps
        count = len(self.cards)
        seat = (cards, cards, cards, 1, max(variant.melds_needed), contracts, score, deals, 1, 1, 1)
        high_pieces = {
            "hand": [copies] * count, "discard_top": [1] * count, "discard_pile": [copies] * count,
            "taken": [1] * count, "table": [[copies] * count + [1] * (2 + players)] * self.meld_slots,
            "seats": [seat] * players, "contract": [1] * contracts, "phase": [1] * len(_PHASES),
            "counters": [cards, turns, deals, rebuilds], "chosen": [copies] * count, "meld": [copies] * count,
            "choosing": [1] * (len(CHOOSING) + 2 + self.meld_slots)}
        high = np.concatenate([np.asarray(high_pieces[name], np.float32).ravel() for name, _, _ in self.layout])
        low = np.zeros_like(high)
        scores = self._offsets["seats"] + SEAT_FIELDS.index("score")
        low[scores:scores + players * len(SEAT_FIELDS):len(SEAT_FIELDS)] = -score
        return low, high, 1 / np.maximum(high, -low)

    def observe(self, view: PlayerView, taken: Sequence[int] = (), *, normalized: bool = False) -> Observation:
        """The observation of the seat ``view`` describes (see the module for the layout).

        Args:
            view: The seat's view.
            taken: The steps the seat has taken of its choice in progress
                (:attr:`Decision.taken <remi.envs.decision.Decision.taken>`), for
                the ``chosen``, ``meld`` and ``choosing`` pieces.
            normalized: Divide each value by its bound (:meth:`bounds`), into [-1, 1].

        Raises:
            RemiError: With reason ``BAD_ARGUMENT`` if ``view`` is of another variant or player count.

        .. versionchanged:: 0.3.0
           The choice in progress, the clipping to :meth:`bounds`, ``normalized``.
        """
        if (view.variant is not self.variant and view.variant != self.variant) or view.players != self.players:
            raise RemiError(f"this encoding is for {self.variant.name} with {self.players} players, not "
                            f"{view.variant.name} with {view.players}", Reason.BAD_ARGUMENT)
        self._check_table(view.table)
        out = np.zeros(self.shape, dtype=np.float32)
        self._observe_hand(view.hand, out.data)
        self._observe_pile(view.discard_pile, view.taken, out.data)
        self._observe_table(view.table, view.seat, out)
        self._observe_seats(view.seat, view, view.hand_sizes, view.stock_size, out.data)
        if taken:
            self._observe_choice(taken, out)
        if normalized:
            out *= self._bounds[2]
        return out

    def _check_table(self, table: Sequence[TableMeld]) -> None:
        """Refuse a table of more melds than the observation holds."""
        if len(table) > self.meld_slots:
            raise RemiError(f"the table holds {len(table)} melds, more than the {self.meld_slots} a deal of "
                            f"{self.variant.name} can lay", Reason.BAD_POSITION)

    def _observe_hand(self, hand: Sequence[Card], marks: memoryview) -> None:
        """The hand's card counts, into a cleared piece of the buffer ``marks``.

        (Item by item into the buffer: cheaper than numpy's indexing for a hand's few cards.)
        """
        in_hand = self._places[0]
        for card in hand:
            marks[in_hand[card.index]] += 1

    def _observe_pile(self, pile: Sequence[Card], taken: Card | None, marks: memoryview) -> None:
        """The discard pile's counts and top, and the taken discard, into cleared pieces of the buffer ``marks``."""
        _, in_pile, on_top, as_taken = self._places
        for card in pile:
            marks[in_pile[card.index]] += 1
        if pile:
            marks[on_top[pile[-1].index]] = 1
        if taken is not None:
            marks[as_taken[taken.index]] = 1

    def _meld_row(self, meld: TableMeld) -> Observation:
        """A table meld's card counts and kind (kept per meld: the table's melds outlive many states)."""
        rows = self._rows
        found = rows.get(id(meld))
        if found is not None and found[0] is meld:
            return found[1]
        count = len(self.cards)
        position = self._position
        row = np.zeros(count + 2, np.float32)
        row[:count] = np.bincount([position[card.index] for card in meld.cards], minlength=count)
        row[count + (0 if meld.kind is MeldKind.SET else 1)] = 1
        if len(rows) > _MOST_KEPT:  # a long run of environments: start afresh rather than grow
            rows.clear()
        rows[id(meld)] = (meld, row)
        return row

    def _observe_table(self, table: Sequence[TableMeld], seat: int, out: Observation) -> None:
        """The melds on the table, with their owners' relative seats."""
        players = self.players
        width = len(self.cards) + 2 + players
        first = self._offsets["table"]
        for slot, meld in enumerate(table):
            start = first + slot * width
            row = self._meld_row(meld)
            out[start:start + len(row)] = row
            out[start + len(row) + (meld.owner - seat) % players] = 1

    def _observe_seats(self, seat: int, seen: _Figures, hand_sizes: Sequence[int], stock_size: int,
                       out: memoryview) -> None:
        """Each seat's figures from the observer's place, the contract, the phase and the counters.

        ``seen`` is the view or the state (the hand sizes and the stock size are given); ``out`` is
        the observation's buffer.
        """
        at = self._offsets
        needed = self._needed_at_level
        score_cap, deals, _, _ = self._caps  # the match-long counters, clipped
        levels, laid_melds, scores, wins = seen.levels, seen.laid, seen.scores, seen.wins
        buys, layoffs, on_turn, to_act, dealer = seen.buys, seen.layoffs, seen.on_turn, seen.to_act, seen.dealer
        values: list[float] = []
        for other in self._orders[seat]:
            level = levels[other]
            laid = len(laid_melds[other])
            score = scores[other]
            values += (hand_sizes[other], buys[other], layoffs[other], laid == needed[level], laid, level,
                       score if -score_cap <= score <= score_cap else (score_cap if score > 0 else -score_cap),
                       wins[other] if wins[other] <= deals else deals, other == on_turn, other == to_act,
                       other == dealer)
        values += self._contract_one_hots[levels[seat] - 1]
        values += _PHASE_ONE_HOTS[_PHASES.index(seen.phase)]
        values += self._counters(seen, stock_size)
        # (the seats, the contract, the phase and the counters follow each other; float32: 4 bytes a value)
        struct.pack_into(self._figures_format, out, 4 * at["seats"], *values)

    def _counters(self, seen: _Figures, stock_size: int) -> tuple[int, int, int, int]:
        """The counters: the stock's size, and the turn, deal and stock rebuilds, clipped (see :meth:`bounds`)."""
        _, deals, turns, rebuilds = self._caps
        return stock_size, min(seen.turn, turns), min(seen.deal, deals), min(seen.rebuilds, rebuilds)

    def _seat_field_places(self, seat: int, field: str) -> tuple[int, ...]:
        """Where ``field`` (of :data:`SEAT_FIELDS`) of each seat, by seat number, lies in ``seat``'s observation."""
        first = self._offsets["seats"] + SEAT_FIELDS.index(field)
        return tuple(first + (other - seat) % self.players * len(SEAT_FIELDS) for other in range(self.players))

    def _observe_choice(self, taken: Sequence[int], out: Observation) -> None:
        """The choice in progress: the cards it took, the meld being built, what is chosen and onto which meld."""
        at = self._offsets
        count = len(self.cards)
        choosing, chosen, meld = at["choosing"], at["chosen"], at["meld"]
        first_card = self._block(0)
        for step in taken:
            if step == Step.GO_DOWN:
                out[choosing] = 1
            elif step in (Step.SET, Step.RUN):
                out[meld:meld + count] = 0
                out[choosing + len(CHOOSING):choosing + len(CHOOSING) + 2] = (step == Step.SET, step == Step.RUN)
            elif len(Step) <= step < first_card:
                out[choosing + len(CHOOSING) + 2 + step - len(Step)] = 1
            elif step >= first_card:
                block, card = divmod(step - first_card, count)
                out[chosen + card] += 1
                if block == CARD_BLOCKS.index("meld"):
                    out[meld + card] += 1
                else:
                    out[choosing + block] = 1  # lay off (block 1) or swap in (block 2)


class Observer:
    """An environment's observations, built incrementally: what did not change since a seat's last is kept.

    Gives exactly :meth:`Encoding.observe` of ``state.view(seat)``. Per seat it
    keeps one vector and the hand, discard pile and table it was built from;
    a later state counts the one card drawn or played where the hand changed
    by one card (and counts the hand again where it changed more), updates
    the discard pile's counts by the cards put on or taken off since, rebuilds
    the table only if it changed, and writes the seats' changing figures, the
    counters and the choice in progress anew. Each call returns a copy.

    Args:
        code: The encoding.
        normalized: Divide each value by its bound, into [-1, 1].

    .. versionadded:: 0.3.0
    """

    def __init__(self, code: Encoding, *, normalized: bool = False) -> None:
        self.code = code
        self.normalized = normalized
        # per seat: the vector, its buffer, and what it was built from (hand, discard pile, taken discard, table,
        # whether a choice was shown, the figures: see _observe_figures)
        self._last: dict[int, tuple[Observation, memoryview, list[Any]]] = {}
        at = code._offsets
        count = len(code.cards)
        self._choice = slice(at["chosen"], code.shape[0])  # zeroed after a choice in progress
        self._hand = slice(at["hand"], at["hand"] + count)
        self._top = slice(at["discard_top"], at["discard_top"] + count)
        self._taken = slice(at["taken"], at["taken"] + count)
        self._pile = slice(at["discard_pile"], at["discard_pile"] + count)
        self._table = slice(at["table"], at["seats"])
        # per seat: where each seat's hand size and marks (on turn, to act, dealer) lie in its vector
        self._figure_places = [tuple(code._seat_field_places(seat, field)
                                     for field in ("hand_size", "on_turn", "to_act", "dealer", "buys", "layoffs"))
                               for seat in range(code.players)]
        self._phase_at = at["phase"]
        self._counters_at = at["counters"]

    def observe(self, state: GameState, seat: int, taken: Sequence[int] = ()) -> Observation:
        """``seat``'s observation of ``state`` (a new array), with its choice in progress ``taken``."""
        if type(seat) is not int or not 0 <= seat < state.players:
            state.view(seat)  # refuses it with the engine's sentence
        code = self.code
        last = self._last.get(seat)
        if last is None:
            out = np.zeros(code.shape, dtype=np.float32)
            sources: list[Any] = [None, (), None, None, False, None]
            # (the buffer, written item by item: cheaper than numpy's indexing)
            self._last[seat] = last = (out, out.data, sources)
        out, marks, sources = last
        hand = state.hands[seat]
        # (equal, not only the same tuple: a state rebuilds its hands and pile, and equal tuples of the
        # same card objects compare at C speed)
        if sources[0] != hand:
            if not _moved_one_card(sources[0], hand, code._places[0], marks):
                out[self._hand] = 0
                code._observe_hand(hand, marks)
            sources[0] = hand
        pile = state.discard_pile
        if sources[1] != pile or sources[2] is not state.taken:
            self._update_pile(sources[1], sources[2], pile, state.taken, out, marks)
            sources[1], sources[2] = pile, state.taken
        if sources[3] is not state.table:
            code._check_table(state.table)
            out[self._table] = 0
            sources[3] = state.table
            code._observe_table(state.table, seat, out)
        self._observe_figures(seat, state, marks, sources)
        if sources[4]:  # the last held a choice in progress
            out[self._choice] = 0
        sources[4] = bool(taken)
        if taken:
            code._observe_choice(taken, out)
        return out * code._bounds[2] if self.normalized else out.copy()

    def _observe_figures(self, seat: int, state: GameState, marks: memoryview, sources: list[Any]) -> None:
        """The seats' figures, the contract, the phase and the counters, into the buffer ``marks``.

        Where the match's tuples of levels, melds laid, scores and wins are
        those of the seat's last observation (within a deal they seldom
        change), only what changes from state to state is written: the hand
        sizes, the buys and lay-offs where they changed (with four players,
        buys change at every other step), the marks of the seats on turn, to
        act and dealing, the phase and the counters.
        """
        kept = sources[5]
        if (kept is None or kept[0] is not state.levels or kept[1] is not state.laid or kept[2] is not state.scores
                or kept[3] is not state.wins):
            self.code._observe_seats(seat, state, list(map(len, state.hands)), len(state.stock), marks)
            sources[5] = [state.levels, state.laid, state.scores, state.wins, state.buys, state.layoffs,
                          state.on_turn, state.to_act, state.dealer, state.phase]
            return
        sizes, on_turn, to_act, dealer, buys, layoffs = self._figure_places[seat]
        for other, hand in enumerate(state.hands):
            marks[sizes[other]] = len(hand)
        if kept[4] is not state.buys:
            for other, count in enumerate(state.buys):
                marks[buys[other]] = count
            kept[4] = state.buys
        if kept[5] is not state.layoffs:
            for other, count in enumerate(state.layoffs):
                marks[layoffs[other]] = count
            kept[5] = state.layoffs
        if kept[6] != state.on_turn:
            marks[on_turn[kept[6]]], marks[on_turn[state.on_turn]] = 0, 1
            kept[6] = state.on_turn
        if kept[7] != state.to_act:  # (no seat is to act once the match is over)
            if kept[7] is not None:
                marks[to_act[kept[7]]] = 0
            if state.to_act is not None:
                marks[to_act[state.to_act]] = 1
            kept[7] = state.to_act
        if kept[8] != state.dealer:
            marks[dealer[kept[8]]], marks[dealer[state.dealer]] = 0, 1
            kept[8] = state.dealer
        if kept[9] is not state.phase:
            phase_at = self._phase_at
            marks[phase_at + _PHASES.index(kept[9])], marks[phase_at + _PHASES.index(state.phase)] = 0, 1
            kept[9] = state.phase
        # the counters, clipped (as Encoding._counters: written item by item, cheaper than packed)
        at = self._counters_at
        _, deals, turns, rebuilds = self.code._caps
        marks[at] = len(state.stock)
        marks[at + 1] = state.turn if state.turn < turns else turns
        marks[at + 2] = state.deal if state.deal < deals else deals
        marks[at + 3] = state.rebuilds if state.rebuilds < rebuilds else rebuilds

    def _update_pile(self, before: tuple[Card, ...], taken_before: Card | None, pile: tuple[Card, ...],
                     taken: Card | None, out: Observation, marks: memoryview) -> None:
        """The discard pile's pieces: counts moved by the cards put on or taken off since ``before``, if so few.

        ``before`` and ``taken_before`` are the pile and the taken discard that ``out`` (whose buffer is
        ``marks``) shows now.
        """
        _, in_pile, on_top, as_taken = self.code._places
        kept = len(before)
        if len(pile) >= kept and pile[:kept] == before and len(pile) - kept <= _FEW_CARDS:  # put on
            for card in pile[kept:]:
                marks[in_pile[card.index]] += 1
        elif len(pile) < kept and before[:len(pile)] == pile and kept - len(pile) <= _FEW_CARDS:  # taken off
            for card in before[len(pile):]:
                marks[in_pile[card.index]] -= 1
        else:
            out[self._pile] = out[self._top] = out[self._taken] = 0
            self.code._observe_pile(pile, taken, marks)
            return
        if before:  # (the one-hots: only the marks shown are cleared)
            marks[on_top[before[-1].index]] = 0
        if taken_before is not None:
            marks[as_taken[taken_before.index]] = 0
        if pile:
            marks[on_top[pile[-1].index]] = 1
        if taken is not None:
            marks[as_taken[taken.index]] = 1


def _moved_one_card(before: tuple[Card, ...] | None, hand: tuple[Card, ...], places: tuple[int, ...],
                    marks: memoryview) -> bool:
    """Count in ``marks`` the one card that ``hand`` holds more or less than ``before``, if that is all.

    (A hand keeps its order, so a card drawn or played leaves the cards before and after it in place;
    cheaper than counting the hand again.) ``places`` are where each card's count lies, by card index.
    """
    if before is None:
        return False
    if len(hand) == len(before) + 1:
        longer, shorter, change = hand, before, 1
    elif len(hand) == len(before) - 1:
        longer, shorter, change = before, hand, -1
    else:
        return False
    at = 0
    for card in shorter:
        if longer[at] is not card:
            break
        at += 1
    if longer[at + 1:] != shorter[at:]:
        return False
    marks[places[longer[at].index]] += change
    return True


#: The discard pile's counts are updated card by card for up to this many cards put on or taken off.
_FEW_CARDS = 4


def _destination(swap: SwapJoker) -> tuple[int, ...]:
    """The step naming a swap's destination for the freed joker, where the swap carries one."""
    found = []
    for field in attrs.fields(type(swap)):
        if field.name in _SWAP_FIELDS:
            continue
        value = getattr(swap, field.name)
        if value is not None:
            found.append(_DESTINATIONS[str(getattr(value, "name", value)).upper()])
    return tuple(found)


@lru_cache(maxsize=64)
def _encoding(variant: Variant, players: int) -> Encoding:
    return Encoding(variant, players)


def encoding(variant: Variant | str, players: int) -> Encoding:
    """The encoding of ``variant`` (a :class:`~remi.Variant` or a registered name) at ``players`` players.

    Raises:
        RemiError: With reason ``BAD_ARGUMENT`` if the player count is outside the variant's range.
        VariantError: If no variant has that name.

    .. versionadded:: 0.2.0
    """
    found = resolved_variant(variant)
    return _encoding(found, checked_players(found, players))


def check_episode_arguments(reward: object, deals: object) -> None:
    """Refuse an unknown reward scheme or a ``deals`` that is not a positive integer or ``None``."""
    if reward not in REWARDS:
        raise RemiError(f"reward must be one of {', '.join(REWARDS)}, got {printable(reward)}", Reason.BAD_ARGUMENT)
    if deals is not None and (isinstance(deals, bool) or not isinstance(deals, int) or deals < 1):
        raise RemiError(f"deals must be a positive integer or None, got {printable(deals)}", Reason.BAD_ARGUMENT)


def _zero_sum(values: Sequence[float]) -> tuple[float, ...]:
    mean = sum(values) / len(values)
    return tuple(float(value - mean) for value in values)


@attrs.define
class Episode:
    """One episode: the state, and the rewards as deals end (the frameworks' shared bookkeeping).

    Args:
        variant: The rules.
        players: The number of seats.
        seed: The match seed (``None``: a random one, recorded in the state).
        reward: ``"deal"`` or ``"match"`` (:data:`REWARDS`).
        deals: End the episode after this many deals (``None``: the whole match).

    Attributes:
        state: The current state.
        over: Whether the episode has ended.
        returns: Each seat's total reward so far.

    Raises:
        RemiError: With reason ``BAD_ARGUMENT`` for an unknown reward scheme or a
            ``deals`` that is not a positive integer or ``None``.

    .. versionadded:: 0.2.0
    """

    state: GameState
    reward: str
    deals: int | None
    over: bool = False
    returns: list[float] = attrs.field(factory=list)

    @classmethod
    def start(cls, variant: Variant, players: int, seed: int | str | None, reward: str,
              deals: int | None) -> Episode:
        """A new episode: a new match of ``variant`` seeded with ``seed``."""
        check_episode_arguments(reward, deals)
        state = new_game(variant, players=players, seed=seed)
        return cls(state, reward, deals, returns=[0.0] * players)

    def __deepcopy__(self, memo: dict[int, object]) -> Episode:
        # the game state is immutable: a copy shares it (and its history, which deep copying would recurse through)
        return Episode(self.state, self.reward, self.deals, self.over, list(self.returns))

    def apply(self, action: Action) -> tuple[float, ...]:
        """Play ``action`` for the seat to act; return each seat's reward for it."""
        before = self.state
        state = self.state = before.apply(action)
        if state.deal == before.deal and not state.is_over:
            return (0.0,) * state.players
        last = state.last_deal
        assert last is not None
        self.over = state.is_over or (self.deals is not None and last.deal >= self.deals)
        if self.reward == "deal":
            rewards = self.deal_rewards(last)
        elif self.over:
            winners = state.winners if state.is_over else state.leaders
            rewards = _zero_sum([1 / len(winners) if seat in winners else 0.0 for seat in range(state.players)])
        else:
            rewards = (0.0,) * state.players
        for seat, value in enumerate(rewards):
            self.returns[seat] += value
        return rewards

    @staticmethod
    def deal_rewards(deal: DealResult) -> tuple[float, ...]:
        """The negated deal scores, zero-sum: ``mean(scores) - score`` per seat."""
        return _zero_sum([-score for score in deal.scores])


def render(state: GameState) -> str:
    """A text picture of ``state`` from the seat to act, in the terminal game's card notation.

    .. versionadded:: 0.2.0
    """
    seat = state.to_act if state.to_act is not None else state.on_turn
    view = state.view(seat)
    lines = [f"{state.variant.name}, deal {view.deal}, contract {view.contract()} — {view.phase.value}, "
             f"seat {seat} to act"]
    for other in range(view.players):
        mark = "*" if other == seat else " "
        lines.append(f"{mark} seat {other}: {view.hand_sizes[other]:2d} cards, score {view.scores[other]}, "
                     f"buys {view.buys[other]}{', down' if view.is_down(other) else ''}")
    for index, meld in enumerate(view.table):
        lines.append(f"  [{index}] {meld.kind.value} {format_cards(meld.cards, symbols=True)} (seat {meld.owner})")
    top = view.discard_pile[-1].symbol if view.discard_pile else "-"
    lines.append(f"  discard {top}, stock {view.stock_size}")
    lines.append(f"  hand: {format_cards(view.hand, symbols=True)}")
    return "\n".join(lines)
