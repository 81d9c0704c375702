"""The one encoding the learning environments share: actions, mask, observation, rewards.

An :class:`Encoding` is derived from a variant and a player count, as data: the
card ids its deck uses, the most melds its table can hold, its number of
contracts. Nothing in it names a variant, so a third-party variant gets an
encoding like the built-ins.

**Actions.** A fixed, discrete space of :attr:`Encoding.size` actions, where
``n`` is the number of distinct cards of the variant's deck (:attr:`Encoding.cards`,
by :attr:`remi.Card.index`; 53 with jokers, 52 without, and four more, the
dead twos, where the variant's ``deck.dead_twos`` is set, S15):

========================  ==========================================================
index                     remi action
========================  ==========================================================
0                         ``draw`` (:class:`~remi.actions.DrawStock`)
1                         ``take`` (:class:`~remi.actions.TakeDiscard`)
2                         ``buy`` (:class:`~remi.actions.Buy`)
3                         ``pass`` (:class:`~remi.actions.Pass`)
4 … 4+K-1                 go down, arrangement slot 0 … K-1 (:data:`GO_DOWN_SLOTS` = K)
4+K … 4+K+n-1             lay off card ``cards[i]``
4+K+n … 4+K+2n-1          swap for card ``cards[i]``
4+K+2n … 4+K+3n-1         discard card ``cards[i]``
========================  ==========================================================

Where a kind has several legal remi actions for one abstract action, one is
chosen by a fixed rule:

* **go down**: slot 0 is the solver's best arrangement
  (:func:`remi.solver.solve`) when it is legal; the other slots are the legal
  lay-downs (among the first :data:`LAYDOWN_SAMPLE` listed) leaving the fewest
  points in hand, then laying the most cards, then sets before runs and by card index; slot 0 falls
  back to the first of those when the solver's arrangement is not legal (a
  part of a piecemeal contract, say). Slot ``j`` is allowed exactly when there
  are ``j + 1`` such arrangements.
* **lay off card c**: of the legal lay-offs of ``c``, the first the engine
  lists: the lowest meld index, then the low end of a run before the high end.
* **swap for card c**: of the legal swaps whose naturals start with ``c``
  (the lowest card put in), the one onto the lowest meld index.
* **discard card c**: ``discard c``; one action per card, whichever copy.

The mask is exact: an abstract action is allowed if and only if it maps to a
legal remi action, and :meth:`Encoding.legal` returns that mapping.

**Observation.** A flat ``float32`` vector of :attr:`Encoding.shape`, built
from ``state.view(seat)`` only; seats are counted from the observer
(relative seat 0 is the observer, 1 the next clockwise). Its pieces, in order
(:attr:`Encoding.layout` gives their offsets):

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
* ``counters``: stock size, turn of the deal, deal number, stock rebuilds.

**Rewards** (:data:`REWARDS`): ``"deal"`` gives every seat, as each deal
ends, the negated deal score made zero-sum: ``mean(scores) - score``;
``"match"`` gives, when the episode ends, ``1/w - 1/players`` to each of the
``w`` winners and ``-1/players`` to the others (zero-sum too). An episode is
the match, or its first ``deals`` deals; an episode cut short that way is
won by the seats with the lowest totals then.

>>> import remi
>>> from remi.envs.encoding import encoding
>>> code = encoding("norwegian", 4)
>>> code.size, code.shape
(167, (979,))
>>> game = remi.new_game("norwegian", players=4, seed=7)
>>> {index: str(action) for index, action in code.legal(game).items()}
{0: 'draw', 1: 'take'}
>>> code.name(code.discard_index(remi.parse_card("QS")))
'discard QS'

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import islice

import attrs
import numpy as np
import numpy.typing as npt

from remi._engine.values import DealResult, Phase
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
from remi.melds import MeldKind
from remi.parts import GoingOut
from remi.solver import solve
from remi.state import GameState, new_game
from remi.variant import Variant
from remi.variants import get

__all__ = [
    "GO_DOWN_SLOTS",
    "LAYDOWN_SAMPLE",
    "REWARDS",
    "SEAT_FIELDS",
    "Encoding",
    "Episode",
    "encoding",
    "render",
]

#: Go-down slots in the action space: the solver's arrangement and the next best.
GO_DOWN_SLOTS = 4
#: Lay-downs read from a listing at most, to rank the go-down slots.
LAYDOWN_SAMPLE = 32
#: The reward schemes: the negated deal score, or the match result.
REWARDS = ("deal", "match")
#: What the observation holds per relative seat, in order.
SEAT_FIELDS = ("hand_size", "buys", "layoffs", "down", "melds_laid", "level", "score", "wins",
               "on_turn", "to_act", "dealer")
_PHASES = (Phase.DRAW, Phase.BUY, Phase.PLAY, Phase.OVER)
_SIMPLE: Mapping[Action, int] = {DRAW: 0, TAKE: 1, BUY: 2, PASS: 3}
_GO_DOWN = len(_SIMPLE)

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def resolved_variant(variant: Variant | str) -> Variant:
    if isinstance(variant, str):
        return get(variant)
    if not isinstance(variant, Variant):
        raise RemiError(f"expected a Variant or a variant name, got {type(variant).__name__}", Reason.BAD_ARGUMENT)
    return variant


def checked_players(variant: Variant, players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int):
        raise RemiError(f"players must be an integer, got {printable(players)}", Reason.BAD_ARGUMENT)
    if not variant.min_players <= players <= variant.max_players:
        raise RemiError(f"{variant.name} is played by {variant.min_players} to {variant.max_players} players, "
                        f"not {printable(players)}", Reason.BAD_ARGUMENT)
    return players


@attrs.frozen
class Encoding:
    """The action space, mask and observation of one variant at one player count.

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

    def __attrs_post_init__(self) -> None:
        variant, players = self.variant, self.players
        present = {card for count in range(variant.min_players, variant.max_players + 1)
                   for card in variant.cards(count)}
        if variant.deck.dead_twos:  # S15: a discarded 2 comes back as a card of its own
            present.update(DEAD_TWOS)
        cards = tuple(sorted(present))
        position = [-1] * len(CARDS)
        for i, card in enumerate(cards):
            position[card.index] = i
        n = len(cards)
        slots = players * max(variant.melds_needed)
        pieces = (("hand", (n,)), ("discard_top", (n,)), ("discard_pile", (n,)), ("taken", (n,)),
                  ("table", (slots, n + 2 + players)), ("seats", (players, len(SEAT_FIELDS))),
                  ("contract", (len(variant.contracts),)), ("phase", (len(_PHASES),)), ("counters", (4,)))
        layout = []
        offset = 0
        for name, shape in pieces:
            layout.append((name, offset, shape))
            offset += int(np.prod(shape))
        setter = object.__setattr__
        setter(self, "cards", cards)
        setter(self, "_position", tuple(position))
        setter(self, "meld_slots", slots)
        setter(self, "size", _GO_DOWN + GO_DOWN_SLOTS + 3 * n)
        setter(self, "shape", (offset,))
        setter(self, "layout", tuple(layout))
        setter(self, "_offsets", {name: offset for name, offset, _ in layout})

    def __deepcopy__(self, memo: dict[int, object]) -> Encoding:
        return self  # immutable: a copied environment shares it

    # -- actions ---------------------------------------------------------------

    def layoff_index(self, card: Card) -> int:
        """The abstract action laying off ``card``."""
        return _GO_DOWN + GO_DOWN_SLOTS + self._card(card)

    def swap_index(self, card: Card) -> int:
        """The abstract action swapping ``card`` (the lowest natural put in) for a wild."""
        return _GO_DOWN + GO_DOWN_SLOTS + len(self.cards) + self._card(card)

    def discard_index(self, card: Card) -> int:
        """The abstract action discarding ``card``."""
        return _GO_DOWN + GO_DOWN_SLOTS + 2 * len(self.cards) + self._card(card)

    def _card(self, card: Card) -> int:
        position = self._position[card.index]
        if position < 0:
            raise RemiError(f"{card} is not in the {self.variant.name} deck", Reason.BAD_ARGUMENT)
        return position

    def name(self, index: int) -> str:
        """A short description of abstract action ``index`` (``"discard QS"``, ``"go down 0"``).

        Raises:
            RemiError: With reason ``BAD_ARGUMENT`` if ``index`` is not an action.
        """
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or not 0 <= index < self.size:
            raise RemiError(f"an action is an integer from 0 to {self.size - 1}, got {printable(index)}",
                            Reason.BAD_ARGUMENT)
        index = int(index)
        if index < _GO_DOWN:
            return ("draw", "take", "buy", "pass")[index]
        if index < _GO_DOWN + GO_DOWN_SLOTS:
            return f"go down {index - _GO_DOWN}"
        kind, card = divmod(index - _GO_DOWN - GO_DOWN_SLOTS, len(self.cards))
        return f"{('lay off', 'swap for', 'discard')[kind]} {self.cards[card]}"

    def legal(self, state: GameState) -> dict[int, Action]:
        """The allowed abstract actions of ``state``'s seat to act, each with the remi action it stands for.

        Ordered by index; empty once the match is over.
        """
        phase = state.phase
        legal = state.legal_actions()
        if phase is not Phase.PLAY:
            return dict(sorted((_SIMPLE[action], action) for action in legal))
        found: dict[int, Action] = {}
        for slot, laydown in enumerate(self._laydowns(state, legal)):
            found[_GO_DOWN + slot] = laydown
        start = _GO_DOWN + GO_DOWN_SLOTS
        n = len(self.cards)
        position = self._position
        for action in legal.only(SwapJoker, LayOff, Discard):
            if type(action) is Discard:
                index = start + 2 * n + position[action.card.index]
            elif type(action) is LayOff:
                index = start + position[action.card.index]
            else:
                assert type(action) is SwapJoker
                index = start + n + position[action.cards[0].index]
            found.setdefault(index, action)  # the first listed: the lowest meld, the low end first
        return dict(sorted(found.items()))

    def _laydowns(self, state: GameState, legal: Sequence[Action]) -> list[LayDown]:
        """The go-down slots' lay-downs, slot 0 first (see the module)."""
        listed = [action for action in islice(state.legal_actions(LayDown), LAYDOWN_SAMPLE)
                  if type(action) is LayDown]
        if not listed:
            return []
        seat = state.to_act
        assert seat is not None
        variant = state.variant
        hand = state.hands[seat]
        level = state.levels[seat] - 1
        held = variant.hand_points(hand)
        ranked = sorted(listed, key=lambda a: (held - variant.hand_points(a.cards), -len(a.cards), _order(a)))
        best = solve(variant, hand, variant.contracts[level],
                     all_in=variant.contracts.going_out[level] is GoingOut.ALL_IN)
        if best is not None:
            first = LayDown(best.melds)
            if first in legal:
                ranked = [first, *(action for action in ranked if action != first)]
        return ranked[:GO_DOWN_SLOTS]

    def mask(self, legal: Mapping[int, Action]) -> Mask:
        """The action mask (``int8``, 1 = allowed) of a :meth:`legal` mapping."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[list(legal)] = 1
        return mask

    def reward_bound(self, reward: str) -> float:
        """The most a seat's reward can be, in absolute value: for one deal (``"deal"``), or the match result.

        A deal's scores are card points left in hand or the winner's score, each
        at most ``B`` in absolute value (every card of the deck, or the largest
        winner's score); a zero-sum reward then lies within ``2B``.
        """
        if reward == "match":
            return 1.0
        variant = self.variant
        cards = variant.cards(self.players)
        most = max(sum(abs(variant.card_points(card)) for card in cards),
                   *(abs(variant.winner_score(wins)) for wins in range(1, len(variant.contracts) + 1)))
        return float(2 * most)

    # -- observations ------------------------------------------------------------

    def observe(self, view: PlayerView) -> Observation:
        """The observation of the seat ``view`` describes (see the module for the layout).

        Raises:
            RemiError: With reason ``BAD_ARGUMENT`` if ``view`` is of another variant or player count.
        """
        if (view.variant is not self.variant and view.variant != self.variant) or view.players != self.players:
            raise RemiError(f"this encoding is for {self.variant.name} with {self.players} players, not "
                            f"{view.variant.name} with {view.players}", Reason.BAD_ARGUMENT)
        if len(view.table) > self.meld_slots:
            raise RemiError(f"the table holds {len(view.table)} melds, more than the {self.meld_slots} a deal of "
                            f"{self.variant.name} can lay", Reason.BAD_POSITION)
        out = np.zeros(self.shape, dtype=np.float32)
        at = self._offsets
        position = self._position
        hand, top, pile, taken, table = at["hand"], at["discard_top"], at["discard_pile"], at["taken"], at["table"]
        for card in view.hand:
            out[hand + position[card.index]] += 1
        if view.discard_pile:
            out[top + position[view.discard_pile[-1].index]] = 1
        for card in view.discard_pile:
            out[pile + position[card.index]] += 1
        if view.taken is not None:
            out[taken + position[view.taken.index]] = 1
        players, seat = self.players, view.seat
        n = len(self.cards)
        width = n + 2 + players
        for slot, meld in enumerate(view.table):
            start = table + slot * width
            for card in meld.cards:
                out[start + position[card.index]] += 1
            out[start + n + (0 if meld.kind is MeldKind.SET else 1)] = 1
            out[start + n + 2 + (meld.owner - seat) % players] = 1
        seats = out[at["seats"]:at["seats"] + players * len(SEAT_FIELDS)].reshape(players, len(SEAT_FIELDS))
        needed = self.variant.melds_needed
        for relative in range(players):
            other = (seat + relative) % players
            level = view.levels[other]
            seats[relative] = (view.hand_sizes[other], view.buys[other], view.layoffs[other],
                               len(view.laid[other]) == needed[level - 1], len(view.laid[other]), level,
                               view.scores[other], view.wins[other], other == view.on_turn, other == view.to_act,
                               other == view.dealer)
        out[at["contract"] + view.levels[seat] - 1] = 1
        out[at["phase"] + _PHASES.index(view.phase)] = 1
        out[at["counters"]:at["counters"] + 4] = (view.stock_size, view.turn, view.deal, view.rebuilds)
        return out


def _order(laydown: LayDown) -> tuple[tuple[bool, tuple[int, ...]], ...]:
    """A lay-down's place in a fixed order: its melds' kinds and card indices (the notation's order)."""
    return tuple((meld.kind is MeldKind.RUN, tuple(card.index for card in meld.cards)) for meld in laydown.melds)


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
