"""The search bot: it plays out sampled deals to choose between its best candidate moves.

:class:`SearchBot` searches over the information set of its seat. At a
decision with a real choice it:

1. lists a few **candidates**, ordered by a policy (the greedy bot, in the
   registered bots): its choice first, then the next-best discards. Ten
   amendments to the policy's choice, each measured against the greedy bot
   (see the bots page): a contract that goes down piecemeal (E8) goes down
   whole; until its seat is down, discards follow its own order (see
   :meth:`SearchBot.choose`): never a card the plan needs if another will
   do, no free lay-off for an opponent who is down (N16), the cards closest
   to fitting the table and those that could share a meld with others of
   the hand kept longest (in a race to go down, where melds have an exact
   size, E9, or the contract takes the whole hand, the cards keeping the
   most outs: hidden cards that would bring the plan closer),
   and it takes a discard that joins a set of its plan where sets have no
   fixed size; it goes down with the lay-down
   leaving the fewest cards no meld on the table would take; once it is
   down, the card furthest from fitting the table goes first (going out
   takes every lay-off of the quota in English, E12, E13), of those equally
   far the rank with most copies in sight while an opponent is not down,
   and it takes a
   discard one card short of fitting rather than draw while it holds a card
   that will likely never fit; a card is laid off where the rest of the
   hand then fits best; and it passes where the policy would buy out of
   turn (N14), buying only where the search finds it clearly better;
2. samples **worlds**: full game states consistent with everything the seat
   knows (its view and the deal's history), dealt by a sampler, by default
   :func:`remi.determinize`; a card seen picked up by an opponent stays in
   that opponent's hand;
3. in every world, plays each candidate and then the rest of the deal with
   the policy at every seat (a **rollout**), and scores the end of the deal
   for its seat (see :func:`deal_value`);
4. spends its **iteration budget** (rollouts per decision) by sequential
   halving: every candidate still in the race is played out in the same
   worlds, and the better half goes on to more worlds, until one is left.

The rollouts read only views, so the policy never sees a hidden card, even in
a sampled world; and as every candidate meets the same worlds, luck cancels
between them. Decisions with one sensible move (a lay-off, or a single legal
action) cost no rollout.

The budget counts rollouts, not seconds, so the bot's play depends only on
its seed and what it is shown. A time limit can be added, but is never the
default (it would make play depend on the machine).

.. versionadded:: 0.3.0
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from typing import TYPE_CHECKING

import attrs

from remi._engine.listing import meld_options
from remi._engine.sampling import hidden_cards
from remi._search.planner import Planner
from remi._util import printable, seed_problem
from remi.actions import PASS, TAKE, Action, Buy, Discard, DrawStock, LayDown, LayOff, SwapJoker
from remi.cards import JOKER, Card, Rank
from remi.contracts import Contract
from remi.errors import Reason, RemiError
from remi.melds import MeldKind, is_wild, lay_off, run_cards, run_start
from remi.state import (
    DealResult,
    GameState,
    LegalActions,
    Phase,
    PlayerView,
    TableMeld,
    determinize,
    is_down,
    own_meld_too_soon,
)
from remi.variant import Variant

if TYPE_CHECKING:  # the protocol only: remi.bots registers this module's bot, so it cannot be imported here
    from remi.bots import Bot

__all__ = [
    "DEFAULT_ITERATIONS",
    "LEVELS",
    "Sampler",
    "SearchBot",
    "deal_value",
]

#: Deals one full state consistent with a seat's view, from a seed (the signature of :func:`remi.determinize`).
Sampler = Callable[[PlayerView, int | str], GameState]
#: Builds the rollout policy from a seed (a bot factory, as :func:`remi.bots.register_bot` takes).
PolicyFactory = Callable[[int | str], "Bot"]

#: How the discards before going down are ordered, least worth keeping first (see ``SearchBot._ordered_discards``):
#: (a wild, a card the plan needs, a free lay-off, minus cards short of fitting, meld links, minus points, minus index).
_DiscardKey = tuple[bool, bool, bool, int, int, int, int]

#: Rollouts per decision at each difficulty level (``search`` is ``search:normal``).
LEVELS: dict[str, int] = {"easy": 16, "normal": 64, "hard": 256}
#: Rollouts per decision by default: the ``normal`` level.
DEFAULT_ITERATIONS = LEVELS["normal"]
#: Candidates a decision weighs at most (the policy's choice and its next-best discards).
DEFAULT_CANDIDATES = 4
#: Actions a rollout plays at most before it is scored as it stands (a deal almost never lasts this long).
ROLLOUT_ACTIONS = 1000
#: How much the deal's points weigh in a rollout's value, beside going out (worth 1).
POINTS_WEIGHT = 0.25
#: Standard errors by which a challenger must beat the policy's choice to be played instead.
MARGIN = 3.0
#: Points of difference that count as a clear lead in :func:`deal_value`.
POINTS_SCALE = 100.0
#: Cards short of fitting the table from which a card held once down counts as one that will never fit.
FAR = 3
#: Lay-downs the bot weighs at most when it goes down (the first listed; every one, on any ordinary hand).
LAYDOWN_CHOICES = 256


def deal_value(result: DealResult | None, seat: int) -> float:
    """How well a finished deal went for ``seat``, higher is better (``None``, a deal still running: 0).

    Going out is worth 1, anything else 0, plus up to :data:`POINTS_WEIGHT`
    either way for the deal's points against the other seats' mean (lower
    points are better), saturating at :data:`POINTS_SCALE` points.

    >>> from remi.state import DealResult
    >>> deal_value(DealResult(deal=1, winner=0, scores=(0, 50), hands=((), ()), levels=(1, 1)), 0)
    1.125
    >>> deal_value(DealResult(deal=1, winner=0, scores=(0, 50), hands=((), ()), levels=(1, 1)), 1)
    -0.125
    >>> deal_value(None, 1)
    0.0

    .. versionadded:: 0.3.0
    """
    if result is None:
        return 0.0
    scores = result.scores
    others = [score for other, score in enumerate(scores) if other != seat]
    lead = (sum(others) / len(others) - scores[seat]) if others else 0.0
    return float(result.winner == seat) + POINTS_WEIGHT * max(-1.0, min(1.0, lead / POINTS_SCALE))


def _digest(*parts: object) -> str:
    """A short, process-independent digest of ``parts`` (a seed for one decision or one world)."""
    text = "\x00".join(str(part) for part in parts)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _decision_key(view: PlayerView) -> str:
    """What identifies a decision in a view: equal views of one seat give equal keys, so equal choices."""
    return _digest(view.seat, view.deal, view.turn, view.phase.value, view.to_act, view.hand, view.discard_pile,
                   [(meld.kind.value, meld.cards, meld.owner) for meld in view.table], view.hand_sizes,
                   view.stock_size, view.buy_queue, view.scores)


def _discards(legal: Sequence[Action]) -> list[Discard]:
    """The legal discards, each card once."""
    listed: Iterable[Action] = legal.only(Discard) if isinstance(legal, LegalActions) else legal
    seen: dict[Discard, None] = {}
    for action in listed:
        if isinstance(action, Discard):
            seen.setdefault(action)
    return list(seen)


class SearchBot:
    """A bot that weighs its best candidate moves by playing out sampled deals.

    See :mod:`remi.search_bot` for the method. It is registered as
    ``search`` (the ``normal`` level), ``search:easy``, ``search:normal`` and
    ``search:hard``, with the greedy bot as its policy; build it yourself to
    choose the budget, the policy or the sampler.

    Args:
        seed: Seeds the worlds it samples; equal seeds and equal views give
            equal choices.
        policy: Builds the policy (from ``seed``) that orders the candidates
            and plays every seat in the rollouts: any bot factory, such as
            :class:`remi.bots.GreedyBot`. It is handed views only.
        iterations: Rollouts per decision at most (the budget); a decision
            with ``k`` candidates plays at least ``k``.
        candidates: Candidate moves a decision weighs at most (at least 2).
        time_limit: Seconds per decision after which it stops sampling and
            picks the best so far (``None``: none, the default; with a limit,
            play depends on the machine's speed).
        sampler: Deals the worlds (default :func:`remi.determinize`).

    Raises:
        RemiError: With reason ``BAD_ARGUMENT`` if ``seed`` is not a seed
            :func:`remi.new_game` takes, or a budget is not a positive number.

    >>> import remi
    >>> from remi.bots import GreedyBot
    >>> bot = SearchBot(seed=1, policy=GreedyBot, iterations=8)
    >>> game = remi.new_game("norwegian", players=2, seed=3)
    >>> seat = game.to_act
    >>> bot.choose(game.view(seat), game.legal_actions()) in game.legal_actions()
    True
    >>> bot.rollouts  # draw or take: two candidates, four worlds each
    8

    .. versionadded:: 0.3.0
    """

    name = "search"

    def __init__(
        self,
        seed: int | str = 0,
        *,
        policy: PolicyFactory,
        iterations: int = DEFAULT_ITERATIONS,
        candidates: int = DEFAULT_CANDIDATES,
        time_limit: float | None = None,
        sampler: Sampler | None = None,
    ) -> None:
        if problem := seed_problem(seed):
            raise RemiError(f"seed {problem}", Reason.BAD_ARGUMENT)
        _check_count("iterations", iterations, 1)
        _check_count("candidates", candidates, 2)
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, int | float)
                                       or not time_limit > 0):
            raise RemiError(f"time_limit must be a positive number of seconds or None, got {printable(time_limit)}",
                            Reason.BAD_ARGUMENT)
        self.seed = seed
        self.iterations = iterations
        self.candidates = candidates
        self.time_limit = time_limit
        self._policy = policy(seed)
        self._sampler: Sampler = determinize if sampler is None else sampler
        self._planner = Planner()
        #: Rollouts played so far (all decisions): a machine-independent measure of the work done.
        self.rollouts = 0
        self._last_order: tuple[PlayerView, Sequence[Action], list[Discard]] | None = None

    def __repr__(self) -> str:
        return f"SearchBot(seed={self.seed!r}, iterations={self.iterations})"

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The candidate whose rollouts from the sampled worlds score best for the seat ``view`` describes.

        The first candidate is the policy's choice, amended in ten ways. A
        lay-down of only part of a contract (where it may go down piecemeal,
        E8) gives way to the policy's best other move: the contract goes
        down whole. Until the seat is down, a discard is the first of the
        seat's own order (the rest are the challengers): a wild last, then a
        card its best plan needs (it lacks more without it); then a card an
        opponent who is down could lay off at once (N16); then the card
        fewer cards short of fitting the table (:func:`cards_short`); then
        the card that could share a meld with more of the hand's other
        cards; then the higher card (in a race to go down, where melds have
        an exact size, E9, or the contract takes the whole hand, that order is
        ranked again by what the hand keeps, see :meth:`_by_outs`); and a draw
        from the stock gives way to taking a
        discard that joins a set its plan holds two naturals of, where sets
        have no fixed size. A lay-down of the whole contract is
        the one leaving the fewest cards no meld on the table would take
        (:func:`_fewest_dead`). Once the seat is down, a discard is the
        first of another order: a wild last, then the card more cards short
        of fitting the table, then (while an opponent is not down) the card
        of a rank with more copies in sight, then the higher card; and a
        draw from the
        stock gives way to taking a discard one card short of fitting while
        the hand holds a card :data:`FAR` from it. A lay-off goes to the
        meld and end after which most of the hand's other cards fit the
        table. And an offer to buy out of turn (N14) is passed first, the
        buy being the challenger.
        """
        if not legal:
            raise RemiError(f"seat {view.seat} has no legal action to choose from", Reason.GAME_OVER)
        preferred = self._amended(view, legal, self._policy.choose(view, legal))
        candidates = self._candidates(view, legal, preferred)
        if len(candidates) < 2:
            return preferred
        return self._search(view, candidates)

    # -- the candidates ----------------------------------------------------------

    def _candidates(self, view: PlayerView, legal: Sequence[Action], preferred: Action) -> list[Action]:
        """The moves worth weighing, the policy's ``preferred`` first (just it where nothing else is)."""
        if view.phase is not Phase.PLAY:  # draw or take; buy or pass
            return [preferred, *(action for action in islice(legal, 3) if action != preferred)][:2]
        if isinstance(preferred, LayOff):  # a card out of the hand onto the table: never worse
            return [preferred]
        if not isinstance(preferred, Discard | LayDown | SwapJoker):
            return [preferred]
        chosen: list[Action] = [preferred]
        discards = [action for action in _discards(legal) if action != preferred]
        if isinstance(preferred, Discard) and (order := self._discard_order(view, legal)):
            return [*chosen, *(action for action in order if action != preferred)][:self.candidates]
        wanted = self.candidates - 1 if isinstance(preferred, Discard) else min(2, self.candidates - 1)
        chosen += self._ranked(view, discards, wanted)
        return chosen

    def _ranked(self, view: PlayerView, discards: list[Discard], count: int) -> list[Action]:
        """The policy's ``count`` favourite discards of ``discards``, best first (asked again after each pick)."""
        ranked: list[Action] = []
        rest = list(discards)
        while rest and len(ranked) < count:
            pick = self._policy.choose(view, rest)
            if pick not in rest:
                break
            ranked.append(pick)
            rest.remove(pick)
        return ranked

    # -- the policy's choice, amended ----------------------------------------------

    def _amended(self, view: PlayerView, legal: Sequence[Action], preferred: Action) -> Action:
        """The policy's choice ``preferred``, amended: a contract laid whole, discards by :meth:`_discard_order`.

        Before the seat is down, a draw from the stock may give way to taking
        a discard that joins a set of its plan (see :meth:`_take_for_set`);
        once down, to taking a discard one card short of fitting the table
        (see :func:`_take_near`); a
        lay-off goes where it leaves the hand's other cards fitting the
        table best (see :func:`_placed`). And a buy out of turn (N14) gives
        way to a pass: measured against the greedy bot, its buys (the discard
        and a penalty card, whenever the discard brings its plan closer) lose
        more deals than they win (see the bots page).
        """
        if isinstance(preferred, Buy) and PASS in legal:
            return PASS
        preferred = self._whole_contract(view, legal, preferred)
        if isinstance(preferred, DrawStock):
            if is_down(view, view.seat):
                return _take_near(view, legal, preferred)
            return self._take_for_set(view, legal, preferred)
        if isinstance(preferred, LayOff):
            return _placed(view, legal, preferred)
        if isinstance(preferred, LayDown) and not view.variant.contracts.piecemeal:
            return _fewest_dead(view, legal, preferred)
        if isinstance(preferred, Discard):
            order = self._discard_order(view, legal)
            if order:
                return order[0]
        return preferred

    def _take_for_set(self, view: PlayerView, legal: Sequence[Action], draw: DrawStock) -> Action:
        """``draw``, or the top discard where it joins a set the seat's best plan makes (sizes are minimums).

        The greedy bot takes a discard only where it cuts the cards its plan
        misses; a card of a rank whose set the plan holds already (two
        naturals or more of it, a wild filling any gap) cuts nothing, so it
        draws. But that card goes down with the set, one card fewer left in
        hand to lay off once down. Where sets have a fixed size
        (:attr:`Contracts.exact_sizes <remi.Contracts.exact_sizes>`, E9) it
        could not join one, and a suit the set holds already cannot join where
        sets need distinct suits. Measured against the greedy bot with no
        search (see the bots page): 0.9 to 1.6 points more of the two-player
        Norwegian first deals, over 3,000 deals on each of two seeds.
        """
        variant = view.variant
        if not view.discard_pile or TAKE not in legal or variant.contracts.exact_sizes:
            return draw
        card = view.discard_pile[-1]
        contract = _open_contract(view)
        if (contract is None or is_wild_card(view, card)
                or not any(requirement.kind is MeldKind.SET for requirement in contract.requirements)):
            return draw
        kin = [held for held in view.hand if held.rank == card.rank and not is_wild_card(view, held)]
        if variant.melds.set_distinct_suits and any(held.suit is card.suit for held in kin):
            return draw
        spare = list(self._planner.plan(variant, view.hand, contract).spare)
        planned = 0
        for held in kin:
            if held in spare:
                spare.remove(held)
            else:
                planned += 1
        return TAKE if planned >= 2 else draw

    def _whole_contract(self, view: PlayerView, legal: Sequence[Action], preferred: Action) -> Action:
        """``preferred``, or, where it lays down only part of the contract (E8), the policy's best other move.

        Measured against the greedy bot (see the bots page), laying a contract
        down one meld at a time loses deals that laying it down whole wins;
        likely because each meld laid early is one more meld an opponent may
        lay off onto (E10), and it fixes the hand's plan before it is complete.
        """
        if not isinstance(preferred, LayDown) or not view.variant.contracts.piecemeal:
            return preferred
        contract = _open_contract(view)
        if contract is None or len(preferred.melds) >= len(contract.requirements):
            return preferred
        listed: Iterable[Action] = (legal.only(SwapJoker, LayOff, Discard) if isinstance(legal, LegalActions)
                                    else (action for action in legal if not isinstance(action, LayDown)))
        others = list(listed)
        if not others:
            return preferred
        choice = self._policy.choose(view, others)
        return choice if choice in others else preferred

    # -- discarding -------------------------------------------------------------

    def _discard_order(self, view: PlayerView, legal: Sequence[Action]) -> list[Discard]:
        """:meth:`_ordered_discards`, worked out once per decision (its amended choice and its candidates ask)."""
        last = self._last_order
        if last is not None and last[0] is view and last[1] is legal:
            return list(last[2])
        order = self._ordered_discards(view, legal)
        self._last_order = (view, legal, order)
        return list(order)

    def _ordered_discards(self, view: PlayerView, legal: Sequence[Action]) -> list[Discard]:
        """The legal discards, best first: before the seat is down, and once it is (:func:`_down_discards`).

        Before it is down, a wild goes last (unless the hand holds nothing
        else), then a card the best plan needs (its plan lacks more without
        it); then a card an opponent who is down could lay off at once (a free
        lay-off handed over, N16); then a card fewer cards short of fitting
        the table (:func:`cards_short`: once down, it may be laid off; with
        the take of :meth:`_take_near`, measured against the greedy bot with
        no search, 1.5 to 3.6 points more of the two-player English deals);
        then a card with more cards of the hand it could share a meld with (it
        may become part of a meld, or go onto one once down); then the higher
        card (fewer points held if the deal is lost).
        """
        contract = _open_contract(view)
        if contract is None:
            return _down_discards(view, legal)
        cards = sorted({action.card for action in _discards(legal)}, key=lambda card: card.index)
        only_wilds = all(is_wild_card(view, card) for card in cards)
        lacking = self._planner.plan(view.variant, view.hand, contract).lacking
        points = view.variant.card_points

        def key(card: Card) -> _DiscardKey:
            return (is_wild_card(view, card) and not only_wilds, self._lacking_without(view, contract, card) > lacking,
                    _feeds(view, card), -min(cards_short(view, card), FAR), meld_links(view, view.hand, card, contract),
                    -points(card), -card.index)

        keys = {card: key(card) for card in cards}
        if len(cards) > 1 and racing_to_go_down(view, contract):
            return [Discard(card) for card in self._by_outs(view, contract, keys)]
        return [Discard(card) for card in sorted(cards, key=keys.__getitem__)]

    def _by_outs(self, view: PlayerView, contract: Contract, keys: dict[Card, _DiscardKey]) -> list[Card]:
        """The discards ranked by what the hand keeps, in a race to go down (:func:`racing_to_go_down`).

        ``keys`` are their order's keys.

        A wild goes last, as before; then the card whose leaving keeps the
        fewest cards missing from the best plan; then, as before, a card an
        opponent who is down could lay off at once, and the card fewer cards
        short of fitting the table; then the card whose leaving keeps the most
        **outs**: hidden cards (copies the seat cannot see, less those it saw
        an opponent take) that would cut what the plan misses if drawn. Then
        the order's own key. Where a meld has an exact size a hand has few ways
        to grow into it, and where the contract takes the whole hand nothing is
        left to lay off: the cards that keep the most ways in matter.
        Measured against the greedy bot with no search: 1.9 points more of
        the two-player English deals on average (-0.1 to +3.3 over 1,500
        deals on each of four seeds); in whole two-player Norwegian matches
        (400 on each of two seeds), 42 more of the 2,400 deals of rounds 5 to
        7 (1.75 points); but 1 to 2.5 points fewer of the Norwegian first
        deals (two sets of three, four cards or more left once down): there
        it is not used.
        """
        hidden = Counter(hidden_cards(view))
        variant = view.variant
        plan = self._planner.plan

        def key(card: Card) -> tuple[bool, int, bool, int, int, _DiscardKey]:
            wild, _, feeds, short, *_ = keys[card]  # (what the plan misses stands in for whether it needs the card)
            hand = hand_without(view.hand, (card,))
            missing = plan(variant, hand, contract).missing
            return wild, missing, feeds, short, -self._outs(variant, hand, contract, missing, hidden), keys[card]

        return sorted(keys, key=key)

    def _outs(self, variant: Variant, hand: tuple[Card, ...], contract: Contract, missing: int,
              hidden: Counter[Card]) -> int:
        """The ``hidden`` cards (each copy counted) that, drawn, would leave ``hand``'s best plan missing less."""
        plan = self._planner.plan
        return sum(copies for card, copies in hidden.items()
                   if plan(variant, (*hand, card), contract).missing < missing)

    def _lacking_without(self, view: PlayerView, contract: Contract, card: Card) -> int:
        """The naturals the seat's best plan lacks once ``card`` has left its hand."""
        return self._planner.plan(view.variant, hand_without(view.hand, (card,)), contract).lacking

    # -- the search ---------------------------------------------------------------

    def _search(self, view: PlayerView, candidates: list[Action]) -> Action:
        """Sequential halving among the challengers to the policy's choice, which meets every world.

        Each round plays the candidates still in the race in the same worlds;
        the policy's own choice (``candidates[0]``) stays in every round, and
        is given up only for a challenger that beats it clearly in the worlds
        both met (see :func:`_clearly_better`).
        """
        worlds = _Worlds(self._sampler, view, _digest(self.seed, _decision_key(view)))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        values: list[list[float]] = [[] for _ in candidates]
        challengers = list(range(1, len(candidates)))
        rounds = max(1, math.ceil(math.log2(len(challengers) + 1)))
        for _ in range(rounds):
            racing = [0, *challengers]
            reach = len(values[challengers[0]]) + max(1, self.iterations // (rounds * len(racing)))
            in_time = all(self._play_out(candidates[index], worlds, reach, values[index], view.seat, deadline)
                          for index in racing)
            if len(challengers) == 1 or not in_time:
                break
            challengers = _better_half(challengers, values)
        best = max((index for index in challengers if values[index]), key=lambda index: (_mean(values[index]), -index),
                   default=0)
        return candidates[best] if best and _clearly_better(values[best], values[0]) else candidates[0]

    def _play_out(self, candidate: Action, worlds: _Worlds, reach: int, values: list[float], seat: int,
                  deadline: float | None) -> bool:
        """Add to ``values`` the rollouts of ``candidate`` in worlds up to ``reach``; false once out of time."""
        for index in range(len(values), reach):
            if deadline is not None and time.perf_counter() > deadline:
                return False
            values.append(self._rollout(worlds[index], candidate, seat))
        return True

    def _rollout(self, world: GameState, first: Action, seat: int) -> float:
        """The value for ``seat`` of playing ``first`` in ``world``, then the deal out with the policy."""
        self.rollouts += 1
        deal = world.deal
        state = world.apply(first)
        policy = self._policy.choose
        for _ in range(ROLLOUT_ACTIONS):
            if state.deal != deal or state.is_over:
                last = state.last_deal
                return deal_value(last if last is not None and last.deal == deal else None, seat)
            actor = state.to_act
            assert actor is not None
            state = state.apply(policy(state.view(actor), state.legal_actions()))
        return deal_value(None, seat)


def racing_to_go_down(view: PlayerView, contract: Contract) -> bool:
    """Whether the seat's deal is a race to lay ``contract`` down, so that its discards go by outs.

    It is where melds have an exact size (E9: a hand has few ways to grow
    into them), and where the contract's fewest cards are every card held but
    one, the discard, or more: Norwegian rounds 5 to 7 (N6, N7) take 10 of the
    11 cards held after the draw, 11 of 11 and 12 of 12, so going down leaves
    nothing to lay off. Not in ``__all__``.
    """
    if view.variant.contracts.exact_sizes:
        return True
    return sum(requirement.size for requirement in contract.requirements) >= len(view.hand) - 1


def hand_without(hand: Sequence[Card], cards: Iterable[Card]) -> tuple[Card, ...]:
    """``hand`` less one copy of each of ``cards`` (which it holds). Shared with the greedy bot; not in ``__all__``.

    >>> import remi
    >>> hand_without(remi.parse_cards("5C 5C 9H"), remi.parse_cards("5C"))
    (Card(Rank.FIVE, Suit.CLUBS), Card(Rank.NINE, Suit.HEARTS))
    """
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)


def _open_contract(view: PlayerView) -> Contract | None:
    """The requirements the seat still has to lay down (``None`` once it has laid them all)."""
    if is_down(view, view.seat):
        return None
    done = view.laid[view.seat]
    contract = view.contract()
    return Contract(tuple(requirement for index, requirement in enumerate(contract.requirements)
                          if index not in done))


def is_wild_card(view: PlayerView, card: Card) -> bool:
    """Whether ``card`` is a wild (a joker, or a 2 where 2s are wild): as precious as a joker.

    Shared with the greedy bot (:mod:`remi.bots`), which imports it from here; not in ``__all__``.
    """
    return card is JOKER or is_wild(view.variant.melds, card)


def meld_links(view: PlayerView, hand: Sequence[Card], card: Card, contract: Contract | None) -> int:
    """How many other naturals of ``hand`` could share a meld of ``contract`` with ``card`` (any meld: ``None``).

    A tie-break for discards, shared with the greedy bot; not in ``__all__``.
    """
    if is_wild_card(view, card):
        return len(hand)
    kinds = {r.kind for r in contract.requirements} if contract is not None else {MeldKind.SET, MeldKind.RUN}
    links = 0
    value = card.rank or 0  # (by rank, not index: a dead 2 is a 2, S15)
    for other in hand:
        if is_wild_card(view, other):
            continue
        same_rank = MeldKind.SET in kinds and other.rank == value
        near = MeldKind.RUN in kinds and other.suit is card.suit and 0 < abs((other.rank or 0) - value) <= 2
        links += same_rank or near
    return links - (1 if MeldKind.SET in kinds else 0)  # the card itself matched its own rank


def fits_table(view: PlayerView, seat: int, table: Sequence[TableMeld], card: Card) -> bool:
    """Whether ``seat`` could lay ``card`` off onto some meld of ``table`` (the rules of melds, E11).

    A meld accepts what the listing would offer for it (:func:`meld_options`:
    the rules of melds, and the variant's meld hook on the meld it would
    leave); whether ``seat`` may lay off at all now is the caller's
    question. Shared with the greedy bot; not in ``__all__``.
    """
    return any(not own_meld_too_soon(view, seat, meld.owner, meld.turn) and _takes(view, meld, card)
               for meld in table)


def _feeds(view: PlayerView, card: Card) -> bool:
    """Whether an opponent who is down could take ``card`` off the discard pile and lay it off at once (N16)."""
    return any(fits_table(view, opponent, view.table, card) for opponent in range(view.players)
               if opponent != view.seat and is_down(view, opponent))


def _takes(view: PlayerView, meld: TableMeld, card: Card) -> bool:
    """Whether ``meld`` takes ``card`` as a lay-off by the rules of melds (whoever lays it, whenever)."""
    return any(offered == card for offered, _ in meld_options(view.variant, meld)[0])


def _down_discards(view: PlayerView, legal: Sequence[Action]) -> list[Discard]:
    """The legal discards of a seat that is down, best first.

    A wild goes last (unless the hand holds nothing else); then the card
    furthest from fitting the table (:func:`cards_short`, at most
    :data:`FAR`): a card is worth holding only if it may yet be laid off;
    then, while an opponent is not down, the card of a rank with more
    copies in sight (:func:`_ranks_in_sight`), less likely to complete a set it
    holds part of; then the higher card. The greedy bot keeps any card of a
    rank that lies in a set or of a suit that lies in a run, however far
    from its ends. Measured against it with no search (see the bots page),
    the order by how short a card is won 2.3 and 2.5 points more of 3,000
    two-player English deals on each of two seeds, where going out takes
    every lay-off of the quota (E12, E13); the copies in sight, 0.9 to 1.9
    points more of the Norwegian first deals on each of four seeds.
    """
    cards = sorted({action.card for action in _discards(legal)}, key=lambda card: card.index)
    only_wilds = all(is_wild_card(view, card) for card in cards)
    points = view.variant.card_points
    # (once every opponent is down, no discard can complete a set of theirs)
    sighted = None if all(is_down(view, seat) for seat in range(view.players)) else _ranks_in_sight(view)

    def key(card: Card) -> tuple[bool, int, int, int, int]:
        return (is_wild_card(view, card) and not only_wilds, -min(cards_short(view, card), FAR),
                -sighted[card.rank] if sighted else 0, -points(card), -card.index)

    return [Discard(card) for card in sorted(cards, key=key)]


def _ranks_in_sight(view: PlayerView) -> Counter[Rank | None]:
    """How many cards of each rank the seat can see: in its hand, on the table and in the discard pile."""
    ranks: Counter[Rank | None] = Counter(card.rank for card in view.hand)
    ranks.update(card.rank for card in view.discard_pile)
    ranks.update(card.rank for meld in view.table for card in meld.cards)
    return ranks


def cards_short(view: PlayerView, card: Card) -> int:
    """How many cards must join a run on the table before ``card`` could be laid off onto it.

    0 for a wild or a card some meld takes now (even one its owner must wait
    to lay off onto, E11); for a card of a run's suit beyond one of its ends,
    the cards between; :data:`FAR` where no meld on the table may ever take
    it (a card inside a run's span, a rank whose set is full).

    Not in ``__all__``.
    """
    if is_wild_card(view, card) or any(_takes(view, meld, card) for meld in view.table):
        return 0
    rules = view.variant.melds
    short = FAR
    # an ace stands low (1) or high (14) in a run (N8, E2)
    values = (1, 14) if card.rank == 1 else (card.rank or 0,)
    for meld in view.table:
        start = run_start(rules, meld.cards) if meld.kind is MeldKind.RUN else None
        if start is None or run_cards(rules, meld.cards)[0].suit is not card.suit:
            continue
        end = start + len(meld.cards) - 1
        for value in values:
            if value > end:
                short = min(short, value - end - 1)
            elif value < start:
                short = min(short, start - value - 1)
    return short


def _take_near(view: PlayerView, legal: Sequence[Action], draw: DrawStock) -> Action:
    """``draw``, or, for a seat that is down and holds a card :data:`FAR` from fitting, the top discard one short.

    A card one short of fitting a run on the table (:func:`cards_short`)
    takes the place of a card that will likely never fit: the greedy bot
    takes the discard once down only if it fits now. The draw might have
    fitted at once, but a card one short fits as soon as anybody lays the
    card between. Measured against the greedy bot with no search (see the
    bots page), with the discards ordered by :func:`cards_short` before
    going down as well: 1.5 to 3.6 points more of the two-player English
    deals, over 3,000 deals on each of four seeds.
    """
    if not is_down(view, view.seat) or not view.discard_pile or TAKE not in legal:
        return draw
    if cards_short(view, view.discard_pile[-1]) == 1 and any(cards_short(view, card) >= FAR for card in view.hand):
        return TAKE
    return draw


def _placed(view: PlayerView, legal: Sequence[Action], chosen: LayOff) -> LayOff:
    """Where to lay ``chosen.card`` off: of the melds and ends that take it, the one most of the hand then fits.

    The greedy bot lays a card off at the first place listed; a joker laid
    at the end of a run that a card of the hand continues makes that card a
    lay-off too. Ties keep ``chosen``. Measured against the greedy bot with
    no search (see the bots page), on top of :func:`_down_discards`: 2.3
    and 1.9 points more of 3,000 two-player English deals on each of two
    seeds.
    """
    listed: Iterable[Action] = legal.only(LayOff) if isinstance(legal, LegalActions) else legal
    places = [action for action in listed if isinstance(action, LayOff) and action.card == chosen.card]
    if len(places) < 2:
        return chosen
    rest = hand_without(view.hand, (chosen.card,))

    def fitting(place: LayOff) -> int:
        table = _grown(view, place)
        return sum(any(_takes(view, meld, card) for meld in table) for card in rest)

    return max(places, key=lambda place: (fitting(place), place == chosen))


def _fewest_dead(view: PlayerView, legal: Sequence[Action], chosen: LayDown) -> LayDown:
    """The lay-down to go down with: of the first :data:`LAYDOWN_CHOICES` listed, the one leaving fewest dead cards.

    A card left in hand is dead if no meld on the table would take it once
    the lay-down is laid (a wild never is): the seat must still lay off or
    discard every card it keeps, one discard a turn, and a dead card can
    only be discarded. Then the fewest cards left, then the fewest points;
    ties keep ``chosen``, the policy's lay-down (the greedy bot's leaves the
    fewest points). Measured against the greedy bot with no search (see
    the bots page): 1.0 to 1.4 points more of the two-player Norwegian first
    deals, over 3,000 deals on each of four seeds.
    """
    listed: Iterable[Action] = legal.only(LayDown) if isinstance(legal, LegalActions) else legal
    laydowns = [action for action in islice(listed, LAYDOWN_CHOICES) if isinstance(action, LayDown)]
    if len(laydowns) < 2:
        return chosen
    points = view.variant.card_points
    # whether a card fits the table as it is does not depend on the lay-down: asked once per card
    fits_now = {card: is_wild_card(view, card) or any(_takes(view, meld, card) for meld in view.table)
                for card in view.hand}

    def key(laydown: LayDown) -> tuple[int, int, int, bool]:
        melds = [TableMeld(meld.kind, meld.cards, owner=view.seat, turn=view.turn) for meld in laydown.melds]
        left = hand_without(view.hand, laydown.cards)
        dead = sum(not fits_now[card] and not any(_takes(view, meld, card) for meld in melds) for card in left)
        return dead, len(left), sum(map(points, left)), laydown != chosen

    return min(laydowns, key=key)


def _grown(view: PlayerView, place: LayOff) -> list[TableMeld]:
    """The table after the lay-off ``place`` (a legal one)."""
    table = list(view.table)
    meld = table[place.meld]
    cards = lay_off(view.variant.melds, meld.kind, meld.cards, place.card, place.end)
    if cards is not None:
        table[place.meld] = attrs.evolve(meld, cards=cards)
    return table


class _Worlds:
    """The worlds of one decision, each dealt on first use from a seed of its own (the ``index``-th from the same)."""

    def __init__(self, sampler: Sampler, view: PlayerView, key: str) -> None:
        self._sampler = sampler
        self._view = view
        self._key = key
        self._dealt: list[GameState] = []

    def __getitem__(self, index: int) -> GameState:
        """World ``index``, dealt now if it is new (worlds are dealt in order)."""
        while len(self._dealt) <= index:
            self._dealt.append(self._sampler(self._view, _digest(self._key, len(self._dealt))))
        return self._dealt[index]


def _mean(values: list[float]) -> float:
    """The mean of ``values`` (not empty)."""
    return sum(values) / len(values)


def _better_half(challengers: list[int], values: list[list[float]]) -> list[int]:
    """The better half (rounded up) of ``challengers`` by mean value, earlier ones first on ties."""
    order = sorted(challengers, key=lambda index: (-_mean(values[index]), index))
    return sorted(order[: max(1, (len(order) + 1) // 2)])


def _clearly_better(challenger: list[float], incumbent: list[float]) -> bool:
    """Whether ``challenger`` beats ``incumbent`` in the worlds both met by :data:`MARGIN` standard errors.

    The differences are paired world by world, so the luck of the deal
    cancels; a challenger that only looks better by chance (the best of
    several noisy estimates usually does) keeps losing to the policy's choice.
    """
    differences = [mine - theirs for mine, theirs in zip(challenger, incumbent, strict=False)]
    count = len(differences)
    mean = sum(differences) / count
    if mean <= 0:
        return False
    if count < 2:
        return False
    variance = sum((difference - mean) ** 2 for difference in differences) / (count - 1)
    return mean > MARGIN * math.sqrt(variance / count)


def _check_count(name: str, value: object, low: int) -> None:
    """Refuse ``value`` unless it is an integer of at least ``low``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise RemiError(f"{name} must be an integer of at least {low}, got {printable(value)}", Reason.BAD_ARGUMENT)
