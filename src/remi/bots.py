"""Bots: players that choose an action from what one seat may see.

A bot never sees the state, only the seat's :class:`~remi.PlayerView` and the
legal actions the caller lists for it, so it cannot read hidden cards: the
:class:`~remi.LegalActions` listing it is handed holds no other seat's hand,
no stock order and no seed.

>>> import remi
>>> from remi.bots import make_bot
>>> game = remi.new_game("norwegian", players=3, seed=4)
>>> bots = [make_bot("greedy", seed=seat) for seat in range(3)]
>>> while game.deal == 1:
...     seat = game.to_act
...     game = game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
>>> game.last_deal.deal, len(game.last_deal.scores)
(1, 3)

.. versionadded:: 0.1.0

.. versionchanged:: 0.2.0
   Bots are handed the lazy :class:`~remi.LegalActions` itself, and the
   built-in bots never list more of it than they use.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from typing import Protocol, runtime_checkable

import attrs

from remi._search.planner import Plan, Planner
from remi._util import printable, seed_problem
from remi.actions import (
    BUY,
    DRAW,
    PASS,
    TAKE,
    Action,
    Buy,
    Discard,
    DrawStock,
    LayDown,
    LayOff,
    Pass,
    SwapJoker,
    TakeDiscard,
)
from remi.cards import JOKER, Card
from remi.contracts import Contract
from remi.errors import Reason, RemiError
from remi.melds import MeldKind, Twos, is_wild, swap_joker
from remi.parts import GoingOut
from remi.search_bot import LEVELS, SearchBot, fits_table, hand_without, is_wild_card, meld_links
from remi.solver import solve
from remi.state import LegalActions, Phase, PlayerView, TableMeld, is_down, layoff_blocked

__all__ = ["LAYDOWN_SAMPLE", "Bot", "GreedyBot", "RandomBot", "bot_names", "make_bot", "register_bot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions from a seat's view.

    A bot decides from ``view`` (what its seat may know) and ``legal`` (the
    state's legal actions, listed by the caller) alone. It must return one of
    ``legal``. Bots used by :func:`remi.simulation.simulate` are built by name
    through :func:`make_bot`, so that they can be rebuilt in worker processes.

    :func:`~remi.simulation.play_match` and ``remi play`` pass ``legal`` as the
    state's :class:`~remi.LegalActions` itself: a lazy sequence, so a bot that
    calls ``len`` or indexes it still works on ordinary hands; but a hand that
    has grown huge by buying (N14) can have millions of lay-downs, and then
    ``len`` and indexing raise (reason ``TOO_MANY_ACTIONS``). A bot that reads
    only what it needs (``legal.only(Discard)``, ``itertools.islice``, ``in``)
    works on every hand.

    >>> from remi.bots import Bot, RandomBot
    >>> isinstance(RandomBot(1), Bot)
    True

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       The callers in remi pass the lazy :class:`~remi.LegalActions` (it was a list).
    """

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` for the seat ``view`` describes."""
        ...


#: Lay-downs a built-in bot reads from a listing at most (every one, on any ordinary hand).
LAYDOWN_SAMPLE = 1000

# The kinds of action, in the order a random bot numbers them.
_KINDS: tuple[type[Action], ...] = (DrawStock, TakeDiscard, Pass, Buy, LayDown, SwapJoker, LayOff, Discard)
_NOT_LAYDOWNS = tuple(kind for kind in _KINDS if kind is not LayDown)


def _by_kind(legal: Sequence[Action]) -> list[list[Action]]:
    """The legal actions grouped by kind (in :data:`_KINDS` order), lay-downs capped at :data:`LAYDOWN_SAMPLE`.

    A :class:`~remi.LegalActions` is read by kind, so a hand with millions of
    lay-downs costs no more than :data:`LAYDOWN_SAMPLE` of them.
    """
    groups: dict[type, list[Action]] = {kind: [] for kind in _KINDS}
    if isinstance(legal, LegalActions):
        groups[LayDown] = list(islice(legal.only(LayDown), LAYDOWN_SAMPLE))
        others: Iterable[Action] = legal.only(*_NOT_LAYDOWNS)
    else:
        others = legal
    for action in others:
        group = groups.get(type(action))
        if group is None or (group is groups[LayDown] and len(group) >= LAYDOWN_SAMPLE):
            continue
        group.append(action)
    return [group for group in groups.values() if group]


class RandomBot:
    """Picks a kind of action, then an action of that kind, uniformly at random.

    "Uniform" is two-staged: first a kind uniformly among the kinds that have
    a legal action now (draw or take; pass or buy; go down, swap a joker, lay
    off or discard), then an action of that kind uniformly. Lay-downs are
    drawn from the first :data:`LAYDOWN_SAMPLE` the listing yields, which is
    all of them on any ordinary hand; a hand grown huge by buying (N14) can
    have millions, and the bot never lists more than that sample.

    Args:
        seed: Seeds the bot's :class:`random.Random`; equal seeds give equal choices.

    Raises:
        RemiError: If ``seed`` is not a seed :func:`remi.new_game` takes (an integer
            strictly between -2**128 and 2**128, or text of at most 1,000 characters).

    >>> import remi
    >>> game = remi.new_game("english", players=2, seed=3)
    >>> legal = list(game.legal_actions())
    >>> RandomBot(5).choose(game.view(game.to_act), legal) == RandomBot(5).choose(game.view(game.to_act), legal)
    True

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       A kind first, then an action of that kind (it was uniform over all
       actions, which made going down rare and read every lay-down).
    """

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        if problem := seed_problem(seed):
            raise RemiError(f"seed {problem}", Reason.BAD_ARGUMENT)
        self.seed = seed
        self._rng = random.Random(f"remi.bots.random/{seed}")

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """A random kind of legal action, then a random action of that kind."""
        groups = _by_kind(legal)
        if not groups:
            raise RemiError(f"seat {view.seat} has no legal action to choose from", Reason.GAME_OVER)
        group = groups[self._rng.randrange(len(groups))] if len(groups) > 1 else groups[0]
        return group[self._rng.randrange(len(group))] if len(group) > 1 else group[0]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


# -- what the greedy bot weighs (how far a hand is from its contract: remi._search.planner) ---------


def _open_contract(view: PlayerView) -> Contract | None:
    """The requirements ``view.seat`` still has to lay down, or ``None`` once down."""
    if is_down(view, view.seat):
        return None
    contract = view.contract()
    done = view.laid[view.seat]
    if not done:
        return contract
    return Contract(tuple(r for i, r in enumerate(contract.requirements) if i not in done))


def _play_actions(
    legal: Sequence[Action],
) -> tuple[list[LayDown], list[SwapJoker], list[LayOff], list[Discard]]:
    """The play phase's actions by kind: lay-downs, swaps, lay-offs and discards.

    Lay-downs are the first :data:`LAYDOWN_SAMPLE`, and only where ``legal`` is
    a plain sequence (:class:`LegalActions` lists them lazily).
    """
    laydowns: list[LayDown] = []
    swaps: list[SwapJoker] = []
    layoffs: list[LayOff] = []
    discards: list[Discard] = []
    for action in (legal.only(SwapJoker, LayOff, Discard) if isinstance(legal, LegalActions) else legal):
        if isinstance(action, LayDown):
            if len(laydowns) < LAYDOWN_SAMPLE:
                laydowns.append(action)
        elif isinstance(action, SwapJoker):
            swaps.append(action)
        elif isinstance(action, LayOff):
            layoffs.append(action)
        elif isinstance(action, Discard):
            discards.append(action)
    return laydowns, swaps, layoffs, discards


def _may_lay_off(view: PlayerView) -> bool:
    """Whether ``view.seat`` may lay off now at all: the engine's own rule (down, the go-down turn, E12's quota)."""
    return layoff_blocked(view, view.seat) is None


def _meld_naturals(view: PlayerView, meld: TableMeld) -> list[Card]:
    """The naturals of a table meld (a set of twos' 2s where 2s are natural in one; maybe none)."""
    rules = view.variant.melds
    naturals = [c for c in meld.cards if not is_wild(rules, c)]
    if not naturals and meld.kind is MeldKind.SET and rules.twos is Twos.WILD_EXCEPT_SETS:
        naturals = [c for c in meld.cards if c is not JOKER]
    return naturals


def _near_table(view: PlayerView, card: Card) -> bool:
    """Whether ``card`` may fit the table later: a set of its rank or a run of its suit lies there."""
    if is_wild_card(view, card):
        return True
    for meld in view.table:
        naturals = _meld_naturals(view, meld)
        if not naturals:  # wilds only: takes a natural of any rank or suit
            return True
        if meld.kind is MeldKind.SET and naturals[0].rank is card.rank:
            return True
        if meld.kind is MeldKind.RUN and naturals[0].suit is card.suit:
            return True
    return False


def _with(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted((*hand, *cards)))


class GreedyBot:
    """A sensible, deterministic player built on the solver.

    It measures a hand by how many cards it still lacks for its contract
    (a small branch and bound over the melds the contract could be made of,
    the hand's wilds filling gaps within the joker cap), and:

    * goes down as soon as the solver finds the contract in its hand (the
      lay-down matching the solver's melds, else the legal lay-down leaving
      the fewest points among the first :data:`LAYDOWN_SAMPLE` listed); in a
      piecemeal variant it also lays single melds that its best plan keeps;
    * swaps a joker (or, where the rules allow, a wild 2) out when that brings
      it closer to its contract, or, once down, when it can lay the freed
      card off at once;
    * lays off every card it can once down (naturals first, highest first);
      before going down (English) only cards its plan does not use, within
      the lay-off quota;
    * takes the discard (or, in Norwegian, buys it) when it brings the hand
      closer to the contract, or, once down, when it can be laid off;
    * discards the highest-point card it does not need: not in its plan
      before going down, or least likely to fit the table once down; a wild
      (a joker, or a 2 where 2s are wild) only when it holds nothing else.

    Args:
        seed: Accepted for a uniform interface; the bot has no randomness, so
            its choice depends only on the view and the legal actions.

    Raises:
        RemiError: If ``seed`` is not a seed :func:`remi.new_game` takes.

    >>> import remi
    >>> game = remi.new_game("norwegian", players=2, seed=1, dealer=1,
    ...                      hands=["5C 5D 5H KS KD 2D 9C 3S 4H 8C", "2H 3H 4H 5S 6S 7D 8D 9H 10H JH"],
    ...                      discard_pile="KH")
    >>> bot = GreedyBot()
    >>> str(bot.choose(game.view(0), game.legal_actions()))  # the king completes a set
    'take'
    >>> game = game.apply(remi.actions.TAKE)
    >>> str(bot.choose(game.view(0), game.legal_actions()))
    'down set KS KH KD; set 5H 5D 5C'

    It reads a :class:`~remi.LegalActions` by kind: the solver's lay-down is
    tested with ``in``, never looked up in a list, so a hand with millions of
    lay-downs costs it one solver call.

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       Reads at most :data:`LAYDOWN_SAMPLE` lay-downs of the listing.

    .. versionchanged:: 0.2.0
       Wild 2s count as jokers; the natural minimum bounds the wilds a plan's
       meld may take.
    """

    name = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        if problem := seed_problem(seed):
            raise RemiError(f"seed {problem}", Reason.BAD_ARGUMENT)
        self.seed = seed
        self._planner = Planner()

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed!r})"

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The greedy choice among ``legal`` for the seat ``view`` describes."""
        if not legal:
            raise RemiError(f"seat {view.seat} has no legal action to choose from", Reason.GAME_OVER)
        if view.phase is Phase.DRAW:
            return TAKE if TAKE in legal and self._wants(view, buying=False) else _pick(legal, DRAW)
        if view.phase is Phase.BUY:
            return BUY if BUY in legal and self._wants(view, buying=True) else _pick(legal, PASS)
        return self._play(view, legal)

    # -- measuring ---------------------------------------------------------------

    def _plan(self, view: PlayerView, hand: tuple[Card, ...], contract: Contract) -> Plan:
        return self._planner.plan(view.variant, hand, contract)

    # -- drawing and buying ----------------------------------------------------------

    def _wants(self, view: PlayerView, *, buying: bool) -> bool:
        """Whether the top discard is worth taking (or buying, with its penalty card)."""
        if not view.discard_pile:
            return False
        card = view.discard_pile[-1]
        contract = _open_contract(view)
        if contract is None:
            # down: a card is worth having only if it goes straight onto the table
            return not buying and _may_lay_off(view) and fits_table(view, view.seat, view.table, card)
        all_in = view.variant.contracts.going_out[view.levels[view.seat] - 1] is GoingOut.ALL_IN
        if buying and (all_in or len(view.hand) >= 14):
            return False  # the penalty card cannot be absorbed
        now = self._plan(view, view.hand, contract)
        after = self._plan(view, _with(view.hand, (card,)), contract)
        if after.missing < now.missing:
            return True
        # English: a card that lays off onto the table is progress too (E10, E12)
        return (not buying and not is_wild_card(view, card) and _may_lay_off(view)
                and fits_table(view, view.seat, view.table, card))

    # -- playing -----------------------------------------------------------------

    def _play(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The action of the play phase: a lay-down, else a swap, a lay-off, a discard (the first that helps)."""
        laydowns, swaps, layoffs, discards = _play_actions(legal)
        contract = _open_contract(view)
        if contract is not None:
            chosen = self._try_laydown(view, contract, legal, laydowns)
            if chosen is not None:
                return chosen
        if swaps:
            swap = self._swap(view, contract, swaps)
            if swap is not None:
                return swap
        if layoffs:
            layoff = self._layoff(view, contract, layoffs)
            if layoff is not None:
                return layoff
        if discards:
            return self._discard(view, contract, discards)
        return next(iter(legal))

    def _try_laydown(
        self, view: PlayerView, contract: Contract, legal: Sequence[Action], laydowns: list[LayDown]
    ) -> LayDown | None:
        """The lay-down to make towards ``contract``, if any: listed lazily from :class:`LegalActions`."""
        if isinstance(legal, LegalActions):
            # the lay-downs lazily: the solver's choice is tested with `in`, the rest sampled
            sample = legal.only(LayDown)
            return self._laydown(view, contract, islice(sample, LAYDOWN_SAMPLE), legal) if sample else None
        return self._laydown(view, contract, iter(laydowns), legal) if laydowns else None

    def _laydown(
        self, view: PlayerView, contract: Contract, laydowns: Iterable[Action], legal: Sequence[Action]
    ) -> LayDown | None:
        """The lay-down to make, from the listed ``laydowns`` (at most :data:`LAYDOWN_SAMPLE`), or ``None``."""
        variant = view.variant
        hand = view.hand
        all_in = variant.contracts.going_out[view.levels[view.seat] - 1] is GoingOut.ALL_IN
        best = solve(variant, hand, contract, all_in=all_in)
        if best is not None:  # the whole contract is in the hand
            action = LayDown(best.melds)
            if action in legal:
                return action
        listed = [a for a in laydowns if isinstance(a, LayDown)]
        whole = [a for a in listed if len(a.melds) == len(contract.requirements)]
        if whole:
            return min(whole, key=lambda a: (variant.hand_points(hand_without(hand, a.cards)), -len(a.cards)))
        if not variant.contracts.piecemeal:
            return None
        # part of the contract: a meld the best plan keeps (the rest gets no harder)
        now = self._plan(view, hand, contract).missing
        chosen: LayDown | None = None
        chosen_key = (0, 0)
        for action in listed:
            rest = list(contract.requirements)
            for meld in action.melds:
                for i, req in enumerate(rest):
                    if req.kind is meld.kind and (len(meld.cards) == req.size if variant.contracts.exact_sizes
                                                  else len(meld.cards) >= req.size):
                        del rest[i]
                        break
            left = hand_without(hand, action.cards)
            if rest and self._plan(view, left, Contract(tuple(rest))).missing > now:
                continue
            key = (variant.hand_points(action.cards), len(action.cards))
            if chosen is None or key > chosen_key:
                chosen, chosen_key = action, key
        return chosen

    def _swap(self, view: PlayerView, contract: Contract | None, swaps: list[SwapJoker]) -> SwapJoker | None:
        hand = view.hand
        now = 0
        if contract is not None:
            now = self._plan(view, hand, contract).missing
            if now == 0:
                return None
        elif not _may_lay_off(view):
            return None
        variant = view.variant
        for swap in swaps:
            meld = view.table[swap.meld]
            result = swap_joker(variant.melds, meld.kind, meld.cards, swap.cards,
                                from_runs=variant.swaps.from_runs, from_sets=variant.swaps.from_sets,
                                twos=variant.swaps.twos)
            if result is None:
                continue
            freed = result[1]  # the jokers (or wild 2s) the swap brings into the hand
            if contract is not None:
                if self._plan(view, _with(hand_without(hand, swap.cards), freed), contract).missing < now:
                    return swap
                continue
            table = list(view.table)
            table[swap.meld] = attrs.evolve(meld, cards=result[0])
            if any(fits_table(view, view.seat, table, card) for card in freed):
                return swap
        return None

    def _layoff(self, view: PlayerView, contract: Contract | None, layoffs: list[LayOff]) -> LayOff | None:
        points = view.variant.card_points
        if contract is None:
            allowed = layoffs
        else:
            # before going down (English): only cards the plan does not use, never a wild
            spare = set(self._plan(view, view.hand, contract).spare)
            allowed = [a for a in layoffs if a.card in spare]
        if not allowed:
            return None
        return min(allowed, key=lambda a: (is_wild_card(view, a.card), -points(a.card), a.card.index))

    def _discard(self, view: PlayerView, contract: Contract | None, discards: list[Discard]) -> Discard:
        hand = view.hand
        points = view.variant.card_points
        cards = sorted({a.card for a in discards})
        wild = {card for card in cards if is_wild_card(view, card)}
        only_wilds = len(wild) == len(cards)
        if contract is None:
            best = min(cards, key=lambda c: (c in wild and not only_wilds, _near_table(view, c), -points(c),
                                             -c.index))
            return Discard(best)
        plan = self._plan(view, hand, contract)
        spare = set(plan.spare)
        # a card outside this plan may still be unneeded (another plan does as well without it)
        for card in cards:
            if card in spare or card in wild:
                continue
            if self._plan(view, hand_without(hand, (card,)), contract).lacking == plan.lacking:
                spare.add(card)

        def key(card: Card) -> tuple[bool, bool, int, int, int]:
            needed = card not in spare
            kept = card in wild and not only_wilds  # a wild goes last
            if needed:
                return (kept, True, meld_links(view, hand, card, contract), -points(card), -card.index)
            return (kept, False, -points(card), meld_links(view, hand, card, contract), -card.index)

        return Discard(min(cards, key=key))


def _pick(legal: Sequence[Action], wanted: Action) -> Action:
    return wanted if wanted in legal else next(iter(legal))


# -- the registry ----------------------------------------------------------------

def _search_level(iterations: int) -> Callable[[int | str], Bot]:
    """The factory of a :class:`~remi.search_bot.SearchBot` with ``iterations`` rollouts a decision, greedy policy."""
    return functools.partial(SearchBot, policy=GreedyBot, iterations=iterations)


_BOTS: dict[str, Callable[[int | str], Bot]] = {
    "greedy": GreedyBot,
    "random": RandomBot,
    # the search bot's difficulty levels (remi.search_bot.LEVELS); plain "search" is the normal level
    "search": _search_level(LEVELS["normal"]),
    **{f"search:{level}": _search_level(iterations) for level, iterations in LEVELS.items()},
}


def bot_names() -> tuple[str, ...]:
    """The registered bot names, sorted.

    >>> bot_names()
    ('greedy', 'random', 'search', 'search:easy', 'search:hard', 'search:normal')

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.3.0
       The search bot, with its levels.
    """
    return tuple(sorted(_BOTS))


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot of the registered kind ``name``, seeded with ``seed``.

    Raises:
        RemiError: With reason ``BAD_ARGUMENT`` if no bot has that name, or
            ``seed`` is not a seed :func:`remi.new_game` takes.

    >>> make_bot("random", seed=3)
    RandomBot(seed=3)
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    remi.errors.RemiError: unknown bot 'clever' (known: greedy, random, search, search:easy, search:hard, search:normal)

    .. versionadded:: 0.1.0
    """
    factory = _BOTS.get(name) if isinstance(name, str) else None
    if factory is None:
        raise RemiError(f"unknown bot {printable(name)} (known: {', '.join(bot_names())})", Reason.BAD_ARGUMENT)
    return factory(seed)


def register_bot(name: str, factory: Callable[[int | str], Bot], *, replace: bool = False) -> None:
    """Register a bot factory (called with a seed) under ``name`` for this process.

    Simulations in worker processes rebuild bots by name, so register the
    bot at import time of a module the workers import too (a process pool
    started with ``fork`` inherits it; ``spawn`` and cluster workers do not).

    The factory is checked when registered: called once with the seed 0, it
    must return a bot, something with the :class:`Bot` protocol's ``choose``
    method.

    Raises:
        RemiError: If the name is empty or taken and ``replace`` is false, or
            if the factory fails or returns no bot (reason ``BAD_ARGUMENT``).

    >>> register_bot("random", RandomBot)
    Traceback (most recent call last):
    ...
    remi.errors.RemiError: a bot named 'random' is already registered
    >>> register_bot("lazy", lambda seed: None)
    Traceback (most recent call last):
    ...
    remi.errors.RemiError: the factory of bot 'lazy' returned None, which has no choose(view, legal) method

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       The factory is checked when registered.
    """
    if not isinstance(name, str) or not name or "," in name or any(c.isspace() for c in name):
        raise RemiError(f"a bot needs a name without spaces or commas, got {printable(name)}", Reason.BAD_ARGUMENT)
    if name in _BOTS and not replace:
        raise RemiError(f"a bot named {printable(name)} is already registered", Reason.BAD_ARGUMENT)
    if not callable(factory):
        raise RemiError(f"the factory of bot {printable(name)} must be callable with a seed, got "
                        f"{printable(factory)}",
                        Reason.BAD_ARGUMENT)
    try:
        bot = factory(0)
    except Exception as error:
        raise RemiError(f"the factory of bot {printable(name)} failed when called with the seed 0: "
                        f"{type(error).__name__}: {error}", Reason.BAD_ARGUMENT) from error
    if not callable(getattr(bot, "choose", None)):
        raise RemiError(f"the factory of bot {printable(name)} returned {printable(bot)}, which has no "
                        f"choose(view, legal) method",
                        Reason.BAD_ARGUMENT)
    _BOTS[name] = factory
