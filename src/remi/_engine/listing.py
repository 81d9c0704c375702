"""The legal actions of a state: :class:`LegalActions` and the generator behind it (private).

Use ``GameState.legal_actions`` (the class is documented as
:class:`remi.state.LegalActions`). The swaps, lay-offs and discards of a
turn are few: they are listed when the state is. The lay-downs are lazy: they
come from :mod:`remi._search.generate` one at a time, so a caller pays only for what
it reads, and the listing keeps nothing it has yielded: a hand with millions
of lay-downs is listed in constant memory. ``kinds`` narrows it to some
action classes, skipping the others without generating them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from itertools import chain as _chain_iterables
from itertools import compress as _compress
from itertools import islice as _islice
from typing import TYPE_CHECKING, Any, overload

from remi._engine.rules import (
    cards_to_keep,
    contract_constraint,
    joker_choices,
    keeps_card_going_down,
    layoff_blocked,
    may_take_discard,
    own_meld_too_soon,
    rediscard_forbidden,
    refusal_of,
    swap_blocked,
)
from remi._engine.values import MeldOptions, Phase, TableMeld, by_index, evolve
from remi._search import generate
from remi._util import printable
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
from remi.cards import CARD_SLOTS, CARDS, DEAD_TWOS, JOKER, Card
from remi.errors import Reason, RemiError
from remi.melds import End, Meld, MeldJudge, MeldKind, Twos, lay_off, meld_judge, run_cards, run_start, swap_joker
from remi.parts import Contracts, GoingOut, Swaps
from remi.variant import Variant

if TYPE_CHECKING:
    from remi.state import GameState

__all__ = ["LegalActions", "meld_options"]


class LegalActions(Sequence[Action]):
    """The legal actions of a state: lazy, exact, each listed once, in bounded memory.

    A read-only :class:`~collections.abc.Sequence` of the actions the seat
    to act may take now:

    * a turn's swaps, lay-offs and discards are few, and so are all its
      actions when the seat cannot lay down: they are listed with the state,
      and ``len()``, indexing, iteration and ``in`` then read that list;
    * lay-downs are lazy, and while they are, ``action in legal`` is checked
      by the rules, never by listing, so it is cheap whatever the hand (type
      a lay-down in notation and test it);
    * iteration over lay-downs generates them a few at a time as you read
      them (8, then twice as many each time), keeps a listing of at most
      :attr:`KEEP` actions once read to its end, so that reading it again,
      ``len()`` and indexing are free, and keeps none of a longer one: a hand
      with millions of lay-downs (Norwegian allows unlimited buys, N14) is
      listed in constant memory;
    * ``len()`` and indexing build the whole list once, up to :attr:`LIMIT`
      actions; for a longer listing they raise a :class:`~remi.RemiError` with
      reason ``TOO_MANY_ACTIONS`` instead of exhausting memory (iterate, narrow
      the listing by kind, or use ``in``);
    * :meth:`only` (or ``state.legal_actions(kinds=...)``) narrows the listing
      to some action classes; ``in``, ``len``, iteration and indexing all
      respect the filter, and the other kinds are never generated.

    The listing holds no reference to the state it lists for. Where it lists
    lay-downs lazily it keeps a copy in which the other seats' hands and the
    stock are placeholders of the same sizes and the seed and the match's
    record are blank: a bot handed the listing cannot read hidden cards
    through it.

    A listing may be read from several threads at once: each reader gets
    every action (the lay-downs begun with the state go on to one of them;
    another that needs lay-downs before the listing is known whole generates
    its own).

    >>> import remi
    >>> from remi.actions import Discard, LayDown
    >>> game = remi.new_game("norwegian", players=2, seed=1, dealer=1,
    ...                      hands=["5C 5D 5H KS KD KH 2D 9C 3S 4H", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"])
    >>> game = game.apply(remi.actions.DRAW)
    >>> game = game.apply(remi.actions.PASS)
    >>> legal = game.legal_actions()
    >>> len(legal), len(legal.only(LayDown)), len(legal.only(Discard))
    (12, 1, 11)
    >>> remi.actions.parse_action("down set 5C 5D 5H; set KS KD KH") in legal
    True

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       Iteration keeps at most :attr:`KEEP` actions; ``len()`` and indexing
       refuse more than :attr:`LIMIT`; the :meth:`only` filter and the
       :attr:`kinds` attribute; the listing no longer exposes the state; the
       swaps, lay-offs and discards are listed with the state, and only
       lay-downs are generated as they are read.
    """

    #: ``len()`` and indexing refuse a listing longer than this (reason ``TOO_MANY_ACTIONS``).
    LIMIT = 100_000
    #: Iteration keeps a listing of at most this many actions, so that reading it again is free.
    KEEP = 2048

    __slots__ = ("_count", "_kinds", "_list", "_others", "_pending", "_state")

    def __init__(self, state: GameState, kinds: Iterable[type[Action]] | type[Action] | None = None) -> None:
        wanted = None if kinds is None else LegalActions._check_kinds(kinds)
        self._kinds: frozenset[type] | None = wanted
        self._state: GameState | None = None
        # lazy lay-downs: the first read, begun when the state was listed (a list of one until a reader
        # pops it: one pop, so two threads never share it), and the other actions, listed then
        self._pending: list[Iterator[Action]] = []
        self._others: tuple[Action, ...] = ()
        # the length once an iteration has counted past KEEP (-1: not known; -2: more than LIMIT)
        self._count = -1
        phase = state.phase
        if state.variant.open_deal_ends and state.to_act is not None:  # as the check asks it (rules.verdict_on)
            state.variant.ask_deal_ends(state.levels, state.wins, state.laid, state.to_act)
        if phase is _PLAY:
            # (a contract-level rule reads the state for each lay-down: it reads the redacted copy)
            redacted = LegalActions._redact(state) if state.variant.contract_rule else None
            laydowns, rest, known = _play_actions(state, wanted, redacted)
            if laydowns is not None and not known:  # whether there is one: walked to the first
                first = next(laydowns, None)
                laydowns = None if first is None else _chain_iterables((first,), laydowns)
            if laydowns is None:  # no lay-down: the whole listing is known now
                self._list: tuple[Action, ...] | None = tuple(rest)
            else:
                self._list = None
                self._state = redacted or LegalActions._redact(state)
                self._pending = [laydowns]
                self._others = tuple(rest)
            return
        if phase is _DRAW:  # the small phases: their listing is known now
            take = state.discard_pile and (
                state.variant.drawing.down_players_take_discard or may_take_discard(state, state.on_turn))
            found = _DRAW_OR_TAKE if take else _DRAW_ONLY
        else:
            found = _PASS_OR_BUY if phase is _BUY else ()
        self._list = found if wanted is None else tuple(action for action in found if type(action) in wanted)

    @staticmethod
    def _check_kinds(kinds: object) -> frozenset[type]:
        """The action classes ``kinds`` names, as a set; refuse anything else."""
        chosen = (kinds,) if isinstance(kinds, type) else kinds
        try:
            found: frozenset[Any] = frozenset(chosen)  # type: ignore[call-overload]
        except TypeError:  # not iterable, or holds something unhashable
            found = frozenset()
        if not found or not found <= _ACTION_CLASSES:
            names = ", ".join(sorted(kind.__name__ for kind in _ACTION_CLASSES))
            raise RemiError(f"kinds must be action classes ({names}), got {printable(kinds)}", Reason.BAD_ARGUMENT)
        return found

    @staticmethod
    def _redact(state: GameState) -> GameState:
        """A copy of ``state`` that the seat to act may see: what the listing needs, no hidden cards."""
        seat = state.to_act
        assert seat is not None
        hidden = _HIDDEN
        hands = state.hands
        shown: list[tuple[Any, ...]] = list(map(hidden.__getitem__, map(len, hands)))  # no comprehension: hot
        shown[seat] = hands[seat]
        # (placeholders of None stand for the hidden cards: the hands and stock are not cards' tuples here)
        return evolve(
            state,
            {"hands": tuple(shown), "stock": hidden[len(state.stock)], "seed": "", "start": (),  # type: ignore[typeddict-item]
             "_history": None},
        )

    @property
    def kinds(self) -> frozenset[type] | None:
        """The action classes this listing is narrowed to, or ``None`` for every kind.

        .. versionadded:: 0.2.0
        """
        return self._kinds

    def only(self, *kinds: type[Action]) -> LegalActions:
        """The same listing narrowed to the action classes ``kinds`` (within this one's filter).

        Cheap: nothing is generated until the new listing is read, and the
        kinds left out are never generated.

        Raises:
            RemiError: With reason ``BAD_ARGUMENT`` if a kind is not an action class.

        .. versionadded:: 0.2.0
        """
        wanted = LegalActions._check_kinds(kinds)
        if self._kinds is not None:
            wanted &= self._kinds
        narrowed = object.__new__(LegalActions)
        narrowed._kinds = wanted
        narrowed._count = -1
        narrowed._state = None
        narrowed._pending = []
        narrowed._others = ()
        if self._list is not None:  # known already: filter it
            narrowed._list = _of_kinds(self._list, wanted)
            return narrowed
        # (the other actions are a turn's swaps, lay-offs and discards: kept whole, or left out, without a look)
        others = (self._others if wanted >= _TURN_OTHERS else () if not wanted & _TURN_OTHERS
                  else _of_kinds(self._others, wanted))
        if LayDown not in wanted:  # the other kinds are known
            narrowed._list = others
            return narrowed
        narrowed._list = None
        narrowed._state = self._state
        narrowed._others = others
        taken = _take(self._pending)  # the first to read the lay-downs takes the read begun
        if taken is not None:
            narrowed._pending = [taken]
        return narrowed

    def __contains__(self, action: object) -> bool:
        state = self._state
        if state is None:  # the whole listing is known
            return action in (self._list or ())
        if self._kinds is not None and type(action) not in self._kinds:
            return False
        return refusal_of(state, action, None) is None

    def __iter__(self) -> Iterator[Action]:
        if self._list is not None:
            return iter(self._list)
        return _chain_iterables.from_iterable(self._read())  # a C-level step per action, a generator's per chunk

    def _read(self) -> Iterator[tuple[Action, ...]]:
        """The listing in chunks, each read at C speed: 8 actions, twice as many each time after.

        A listing of at most :attr:`KEEP` actions is kept once read to its end;
        a longer one is read on in chunks of ``_CHUNK``, kept nowhere, and counted.
        """
        if self._list is not None:  # len() read it meanwhile (as list() does, once it holds the iterator)
            yield self._list
            return
        actions = self._fresh()
        read: tuple[Action, ...] = ()
        size = 8
        while len(read) <= self.KEEP:
            chunk = tuple(_islice(actions, size))
            yield chunk
            read += chunk
            if len(chunk) < size:
                self._list = read
                return
            size = min(2 * size, self.KEEP + 1 - len(read))
        count = len(read)
        del read
        while chunk:
            chunk = tuple(_islice(actions, _CHUNK))
            yield chunk
            count += len(chunk)
        self._count = -2 if count > self.LIMIT else count

    def _fresh(self) -> Iterator[Action]:
        """The listing from its start: the lay-downs (the read begun with the state, else anew), then the others."""
        laydowns = _take(self._pending)
        if laydowns is None:
            assert self._state is not None
            laydowns = _play_actions(self._state, _LAYDOWNS, None)[0]
        return _chain_iterables(laydowns or (), self._others)

    def _too_many(self) -> RemiError:
        """The refusal of ``len()`` or indexing for a listing longer than :attr:`LIMIT`."""
        assert self._state is not None
        seat = self._state.to_act
        assert seat is not None
        hand = self._state.hands[seat]
        return RemiError(
            f"seat {seat} has more than {self.LIMIT:,} legal actions (a hand of {len(hand)} cards, "
            f"{hand.count(JOKER)} of them jokers, goes down in that many ways): iterate over them, narrow them "
            "by kind (legal.only(Discard, LayOff, SwapJoker) or state.legal_actions(kinds=...)), or test one "
            "with 'action in legal', instead of calling len() or indexing",
            Reason.TOO_MANY_ACTIONS,
        )

    def _materialize(self) -> tuple[Action, ...]:
        """The whole listing as a tuple (built once); refuse one longer than :attr:`LIMIT`."""
        found = self._list
        if found is None:
            if self._count == -2:
                raise self._too_many()
            found = tuple(_islice(self._fresh(), self.LIMIT + 1))
            if len(found) > self.LIMIT:
                self._count = -2
                raise self._too_many()
            self._list = found
        return found

    def __len__(self) -> int:
        """The number of legal actions.

        Raises:
            RemiError: With reason ``TOO_MANY_ACTIONS`` beyond :attr:`LIMIT`.
        """
        return len(self._materialize())

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        """The action at ``index`` (a list for a slice), in listing order.

        Raises:
            RemiError: With reason ``TOO_MANY_ACTIONS`` if the listing is longer than :attr:`LIMIT`.
        """
        if isinstance(index, slice):
            return list(self._materialize()[index])
        return self._materialize()[index]

    def __bool__(self) -> bool:
        if self._list is not None:
            return bool(self._list)
        if self._pending or self._others:  # (a pending read holds a lay-down)
            return True
        return next(self._fresh(), None) is not None

    def count(self, value: object) -> int:
        """How many times ``value`` is listed: 1 if it is legal, else 0 (never generated)."""
        return 1 if value in self else 0

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of ``value`` in the listing (read lazily, up to it).

        Raises:
            ValueError: If ``value`` is not legal (or not between ``start`` and ``stop``).
        """
        if start < 0 or (stop is not None and stop < 0):
            return super().index(value, start, len(self) if stop is None else stop)
        if value in self:
            for position, action in enumerate(_islice(self, start, stop), start):
                if action == value:
                    return position
        raise ValueError(f"{printable(value)} is not in the listing")

    def __getstate__(self) -> tuple[Any, ...]:
        # (the read of lay-downs begun with the state is a generator: a copy generates them anew)
        return self._kinds, self._state, self._list, self._others, self._count

    def __setstate__(self, values: tuple[Any, ...]) -> None:
        self._kinds, self._state, self._list, self._others, self._count = values
        self._pending = []

    def __repr__(self) -> str:
        head = self._list
        if head is None and self._count == -1:
            head = tuple(_islice(self._fresh(), self.KEEP + 1))
            if len(head) <= self.KEEP:
                self._list = head
        if self._list is not None:
            total = f"{len(self._list)} actions"
        elif self._count >= 0:
            total = f"{self._count:,} actions"
        else:
            total = f"more than {self.KEEP if head else self.LIMIT:,} actions"
        shown = [str(action) for action in _islice(head if head is not None else self, 8)]
        more = ", ..." if self._list is None or len(self._list) > 8 else ""
        return f"<LegalActions [{', '.join(shown)}{more}] ({total})>"


#: Iteration reads a listing longer than ``LegalActions.KEEP`` on in chunks of this many actions.
_CHUNK = 256
_DRAW_OR_TAKE: tuple[Action, ...] = (DRAW, TAKE)
_DRAW_ONLY: tuple[Action, ...] = (DRAW,)
_PASS_OR_BUY: tuple[Action, ...] = (PASS, BUY)
_DRAW, _BUY, _PLAY = Phase.DRAW, Phase.BUY, Phase.PLAY
_ACTION_CLASSES = frozenset({DrawStock, TakeDiscard, Buy, Pass, LayDown, LayOff, SwapJoker, Discard})
#: The kinds a turn lists beside its lay-downs (:func:`_play_actions`).
_TURN_OTHERS = frozenset({SwapJoker, LayOff, Discard})
_LAYDOWNS = frozenset({LayDown})


def _of_kinds(actions: tuple[Action, ...], kinds: frozenset[type]) -> tuple[Action, ...]:
    """The actions of ``actions`` whose class is one of ``kinds``, in order (filtered at C speed)."""
    return tuple(_compress(actions, map(kinds.__contains__, map(type, actions))))


def _take(pending: list[Iterator[Action]]) -> Iterator[Action] | None:
    """The read kept in ``pending``, taken out of it, or ``None`` if there is none (or another reader took it)."""
    try:
        return pending.pop()
    except IndexError:
        return None


class _Placeholders(dict[int, tuple[None, ...]]):
    """What a listing keeps of the cards its seat cannot see: ``None`` placeholders, one tuple per size."""

    def __missing__(self, size: int) -> tuple[None, ...]:
        found = self[size] = (None,) * size
        return found


_HIDDEN = _Placeholders()


# -- generating ----------------------------------------------------------------


def _play_actions(
    state: GameState, kinds: Collection[type] | None, view: GameState | None
) -> tuple[Iterator[LayDown] | None, list[Action], bool]:
    """A turn's lay-downs, not yet generated, and its other actions: swaps, lay-offs, then discards.

    The lay-downs are a generator not yet started (``None`` if the seat has
    none to look for, or is known to have none), whether it is known to yield
    one, and the other actions, listed now. ``view`` (default
    ``state``) is the state a contract-level rule reads for each lay-down: the
    generator keeps it, so a listing that keeps the generator passes its
    redacted copy.
    """
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    missing = state.variant.melds_needed[state.levels[seat] - 1] - len(state.laid[seat])
    counts = _counts(hand)  # (the lay-down walk changes it as it goes: the other kinds read it first, below)
    laydowns, known = None, False
    if missing and (kinds is None or LayDown in kinds):
        laydowns, known = _laydowns(state, seat, missing, counts, view)
    rest: list[Action] = []
    if state.table:
        if kinds is None or SwapJoker in kinds:
            rest += _swaps(state, seat, counts)
        if len(hand) > cards_to_keep(state, seat, not missing) and (kinds is None or LayOff in kinds):
            rest += _layoffs(state, seat, counts)
    if kinds is None or Discard in kinds:
        rest += _discards(state, hand)
    return laydowns, rest, known


def _laydowns(
    state: GameState, seat: int, missing: int, counts: list[int], view: GameState | None
) -> tuple[Iterator[LayDown] | None, bool]:
    """The lay-downs of ``seat``, which lacks ``missing`` melds of its contract: a generator not yet started.

    ``None`` where the counting bounds tell that there is none; and whether
    they tell that there is one (the walk has not begun: a listing then knows
    that the seat may go down without walking to a lay-down). ``counts`` is
    the hand as card counts (the walk changes it as it goes); ``view``
    (default ``state``) is the state a contract-level rule reads.
    """
    variant = state.variant
    contracts = variant.contracts
    level = state.levels[seat] - 1
    hand_size = len(state.hands[seat])
    own_rule = variant.contract_rule and type(contracts).melds_problem is not Contracts.melds_problem
    ruled = view or state
    # a prefix-closed contract hook is asked of each growing part of a lay-down, which it then prunes
    prefix = _prefix_check(ruled, seat, level) if own_rule and contracts.prefix_closed else None
    if prefix is not None and prefix(()):  # no melds at all: every lay-down extends them
        return None, False
    all_in, keep = _going_down_terms(state, seat, level)
    done = state.laid[seat]
    exact, piecemeal = contracts.exact_sizes, contracts.piecemeal
    some = None if variant.contract_rule else generate.some_laydown(
        variant.melds, contracts[level], exact=exact, piecemeal=piecemeal, done=done, counts=counts,
        hand_size=hand_size, all_in=all_in, keep=keep, owner=seat)
    if some is False:
        return None, False
    laydowns = generate.laydowns(
        variant.melds,
        contracts[level],
        exact=exact,
        piecemeal=piecemeal,
        done=done,
        counts=counts,
        hand_size=hand_size,
        all_in=all_in,
        keep=keep,
        run_gap=contracts.same_suit_run_gap if variant.contract_rule and not own_rule else 0,
        prefix_refused=prefix,
        known_some=bool(some),
    )
    if some:
        return laydowns, True
    return _gated(state, seat, missing, laydowns, ruled, prefix is None), False


def _going_down_terms(state: GameState, seat: int, level: int) -> tuple[bool, int]:
    """Whether ``seat``'s lay-down of contract ``level`` (0-based) takes the whole hand (N18); the cards it leaves."""
    variant = state.variant
    keep = cards_to_keep(state, seat, True)
    if keeps_card_going_down(variant, level):
        keep = max(keep, 1)
    return variant.contracts.going_out[level] is GoingOut.ALL_IN, keep


def laydown_tree(state: GameState) -> generate.LaydownTree | None:
    """The lay-downs of the seat to act as a tree of melds (:class:`~remi._search.generate.LaydownTree`).

    The same lay-downs as the listing's, found meld by meld (for an
    environment that builds one meld by meld). A contract-level rule is asked
    of the melds chosen so far, meld by meld, where it is prefix-closed
    (:attr:`Contracts.prefix_closed <remi.parts.Contracts.prefix_closed>`, as
    the built-in variants' are). ``None`` where the listing checks more: a
    contract-level rule that is not prefix-closed, a piecemeal contract, or
    open requirements that the tree does not order (see
    :func:`~remi._search.generate.laydown_tree`); and for a seat that is down.
    """
    seat = state.to_act
    assert seat is not None
    variant = state.variant
    contracts = variant.contracts
    level = state.levels[seat] - 1
    if contracts.piecemeal or len(state.laid[seat]) == variant.melds_needed[level]:
        return None
    prefix = None
    if variant.contract_rule:
        if not contracts.prefix_closed:
            return None
        prefix = _prefix_check(state, seat, level)
    hand = state.hands[seat]
    all_in, keep = _going_down_terms(state, seat, level)
    return generate.laydown_tree(variant.melds, contracts[level], exact=contracts.exact_sizes, piecemeal=False,
                                 done=state.laid[seat], counts=_counts(hand), hand_size=len(hand), all_in=all_in,
                                 keep=keep, prefix_refused=prefix)


def _gated(state: GameState, seat: int, missing: int, laydowns: Iterator[LayDown], ruled: GameState,
           unchecked: bool) -> Iterator[LayDown]:
    """The walk's lay-downs that a piecemeal part and the contract-level rule allow (where they apply).

    ``ruled`` is the state the contract-level rule reads; ``unchecked``: no
    prefix-closed hook has been asked of each lay-down by the walk already.
    """
    variant = state.variant
    if variant.contracts.piecemeal:  # a part of the contract must leave the cards of a player not down
        most = len(state.hands[seat]) - cards_to_keep(state, seat, False)
        laydowns = (found for found in laydowns if len(found.melds) == missing or len(found.cards) <= most)
    if variant.contract_rule and unchecked:  # a contract-level rule: the one check's gate (the rest holds
        # by construction; a prefix-closed hook has been asked of each whole lay-down by the walk)
        level = state.levels[seat] - 1
        laydowns = (found for found in laydowns if contract_constraint(ruled, seat, level, found.melds) is None)
    return laydowns


def _prefix_check(state: GameState, seat: int, level: int) -> generate.PrefixCheck:
    """Whether the contract-level rule refuses some melds of ``seat``'s contract ``level``: asked once per melds.

    For a prefix-closed hook (:attr:`Contracts.prefix_closed`): the lay-down
    walk prunes every lay-down that holds melds it refuses.
    """
    known: dict[tuple[Meld, ...], bool] = {}

    def refused(melds: tuple[Meld, ...]) -> bool:
        key = tuple(sorted(melds, key=_meld_order))
        found = known.get(key)
        if found is None:
            found = known[key] = contract_constraint(state, seat, level, melds) is not None
        return found

    return refused


def _meld_order(meld: Meld) -> tuple[bool, tuple[int, ...]]:
    """A meld's place in a canonical order: sets first, then by card indices."""
    return meld.kind is MeldKind.RUN, tuple(card.index for card in meld.cards)


def _discards(state: GameState, hand: tuple[Card, ...]) -> list[Action]:
    """The discards from ``hand``: one per distinct card, but the taken discard where it may not go back."""
    taken = state.taken
    discards = _DISCARDS
    # one Discard per distinct card (a hand is sorted, so copies are neighbours)
    pairs = zip(hand, (None, *hand), strict=False)  # each card with the one before it
    if taken is None or not rediscard_forbidden(state, taken, hand):
        return [discards[card.index] for card, before in pairs if card is not before]
    # N13, E7: the taken discard may not go straight back
    return [discards[card.index] for card, before in pairs if card is not before and card is not taken]


_DISCARDS = tuple(Discard(card) for card in CARDS)  # by card index


def meld_options(variant: Variant, meld: TableMeld) -> MeldOptions:
    """What a meld accepts: lay-offs (card, end) and swaps (naturals), whoever holds the cards.

    Computed once per meld and variant, and kept on the meld.
    """
    cached = meld._options
    if cached is not None and cached[0] is variant:
        return cached[1]
    rules = variant.melds
    if rules.twos is not Twos.NATURAL or rules.min_naturals != 1:
        found = _wild_meld_options(variant, meld)
    elif meld.kind is MeldKind.SET:
        found = _set_options(variant, meld.cards)
    else:
        found = _run_options(variant, meld.cards)
    judge = meld_judge(rules)
    if judge is not None:
        found = _hooked_options(variant, judge, meld, found)
    object.__setattr__(meld, "_options", (variant, found))
    return found


def _hooked_options(variant: Variant, judge: MeldJudge, meld: TableMeld, found: MeldOptions) -> MeldOptions:
    """The lay-offs and swaps of ``found`` after which the meld hook allows the meld left on the table.

    A swap whose joker moves to an end of the run is left to the one check,
    which asks the hook of the run it makes.
    """
    kind, cards = meld.kind, meld.cards
    layoffs = tuple(
        (card, end) for card, end in found[0]
        if judge.problem(kind, lay_off(variant.layoff_rules, kind, cards, card, end) or (), True) is None)
    if kind is MeldKind.RUN and not variant.swaps.joker_to_hand:
        return layoffs, found[1]
    swaps = variant.swaps
    kept = []
    for naturals in found[1]:
        result = swap_joker(variant.melds, kind, cards, naturals, from_runs=swaps.from_runs,
                            from_sets=swaps.from_sets, twos=swaps.twos)
        if result is None or judge.problem(kind, result[0], True) is None:
            kept.append(naturals)
    return layoffs, tuple(kept)


def _set_options(variant: Variant, cards: tuple[Card, ...]) -> MeldOptions:
    """:func:`meld_options` of a set where only jokers are wild and a meld needs one natural."""
    layoffs: list[tuple[Card, End | None]] = []
    swaps: list[tuple[Card, ...]] = []
    offset = next(card.index % 13 for card in cards if card is not JOKER)
    for card in (*(CARDS[suit * 13 + offset] for suit in range(4)), JOKER):
        if lay_off(variant.layoff_rules, MeldKind.SET, cards, card) is not None:
            layoffs.append((card, None))
    missing = tuple(CARDS[suit * 13 + offset] for suit in range(4)
                    if all(card.index // 13 != suit for card in cards if card is not JOKER))
    if JOKER in cards and missing and swap_joker(variant.melds, MeldKind.SET, cards, missing,
                                                 from_sets=variant.swaps.from_sets) is not None:
        swaps.append(missing)
    return tuple(layoffs), tuple(swaps)


def _run_options(variant: Variant, cards: tuple[Card, ...]) -> MeldOptions:
    """:func:`meld_options` of a run where only jokers are wild and a meld needs one natural."""
    rules = variant.melds
    layoffs: list[tuple[Card, End | None]] = []
    swaps: list[tuple[Card, ...]] = []
    start = run_start(rules, cards)
    assert start is not None
    suit = next(card.index // 13 for card in cards if card is not JOKER)
    low = CARDS[suit * 13 + (start - 2) % 13]
    high = CARDS[suit * 13 + (start + len(cards) - 1) % 13]
    for card in sorted({low, high, JOKER}, key=by_index):
        for end in (End.LOW, End.HIGH):
            if lay_off(variant.layoff_rules, MeldKind.RUN, cards, card, end) is not None:
                layoffs.append((card, end))
    if JOKER in cards and variant.swaps.from_runs:
        stands_for = run_cards(rules, cards)
        for position, card in enumerate(cards):
            if card is JOKER and (stands_for[position],) not in swaps:
                swaps.append((stands_for[position],))
    return tuple(layoffs), tuple(swaps)


_TWOS = tuple(CARDS[suit * 13 + 1] for suit in range(4))


def _is_live_two(card: Card) -> bool:
    """Whether ``card`` is a 2 of a suit, not a dead 2 (S15) nor a joker."""
    return card.index % 13 == 1 and card.index < JOKER.index


def _is_natural(card: Card, twos_wild: bool) -> bool:
    """Whether ``card`` is a natural: not a joker, nor a 2 where 2s are wild (a dead 2 is a natural, S15)."""
    return card is not JOKER and not (twos_wild and _is_live_two(card))


def _is_freeable(card: Card, swap_twos: bool) -> bool:
    """Whether a swap may free ``card``: a joker, or a wild 2 where wild 2s are swapped (never a dead 2, S15)."""
    return card is JOKER or (swap_twos and _is_live_two(card))


def _wild_meld_options(variant: Variant, meld: TableMeld) -> MeldOptions:
    """:func:`meld_options` where 2s are wild or melds need other than one natural.

    The wilds (jokers, and wild 2s) may be laid off wherever they fit; a meld
    of wilds only (``min_naturals`` 0) takes any card that fits. Swaps free
    jokers and, where the variant lets wild 2s be swapped (``Swaps.twos``),
    wild 2s; the replacement is always a natural.
    """
    if meld.kind is MeldKind.SET:
        return _wild_set_options(variant, meld.cards)
    return _wild_run_options(variant, meld.cards)


def _wild_set_options(variant: Variant, cards: tuple[Card, ...]) -> MeldOptions:
    """:func:`_wild_meld_options` of a set."""
    twos_wild = variant.melds.twos is not Twos.NATURAL
    swap_twos = variant.swaps.twos and twos_wild
    first = next((card for card in cards if _is_natural(card, twos_wild)), None)
    if first is None:  # a set of twos or of wilds only: try every card
        offered: tuple[Card, ...] = CARDS
    else:
        wilds = (*_TWOS, JOKER) if twos_wild else (JOKER,)
        offered = (*(CARDS[suit * 13 + first.index % 13] for suit in range(4)), *wilds)
    layoffs: list[tuple[Card, End | None]] = [
        (card, None) for card in sorted(set(offered), key=by_index)
        if lay_off(variant.layoff_rules, MeldKind.SET, cards, card) is not None
    ]
    swaps: list[tuple[Card, ...]] = []
    if first is not None and any(_is_freeable(card, swap_twos) for card in cards):
        suits = {card.index // 13 for card in cards if _is_natural(card, twos_wild)}
        missing = tuple(CARDS[suit * 13 + first.index % 13] for suit in range(4) if suit not in suits)
        if missing and swap_joker(variant.melds, MeldKind.SET, cards, missing, from_sets=variant.swaps.from_sets,
                                  twos=swap_twos) is not None:
            swaps.append(missing)
    return tuple(layoffs), tuple(swaps)


def _wild_run_options(variant: Variant, cards: tuple[Card, ...]) -> MeldOptions:
    """:func:`_wild_meld_options` of a run."""
    rules = variant.melds
    twos_wild = rules.twos is not Twos.NATURAL
    dead_twos = variant.deck.dead_twos
    start = run_start(rules, cards)
    offered = CARDS if start is None else _run_ends(variant, cards, start)  # a run of wilds only: every card
    layoffs: list[tuple[Card, End | None]] = [
        (card, end) for card in sorted(set(offered), key=by_index) for end in (End.LOW, End.HIGH)
        if lay_off(variant.layoff_rules, MeldKind.RUN, cards, card, end) is not None
    ]
    swaps: list[tuple[Card, ...]] = []
    swap_twos = variant.swaps.twos and twos_wild
    if start is not None and variant.swaps.from_runs and any(_is_freeable(card, swap_twos) for card in cards):
        stands_for = run_cards(rules, cards)
        for position, card in enumerate(cards):
            wanted = stands_for[position]
            if dead_twos and not _is_natural(wanted, twos_wild):
                wanted = DEAD_TWOS[wanted.index // 13]  # S13, S15: only a dead 2 redeems a wild in a 2's place
            if _is_freeable(card, swap_twos) and _is_natural(wanted, twos_wild) and (wanted,) not in swaps:
                swaps.append((wanted,))
    return tuple(layoffs), tuple(swaps)


def _run_ends(variant: Variant, cards: tuple[Card, ...], start: int) -> tuple[Card, ...]:
    """The cards a run (starting at rank ``start``) may take, wild 2s allowed: its two ends and the wilds."""
    twos_wild = variant.melds.twos is not Twos.NATURAL
    first = next(card for card in cards if _is_natural(card, twos_wild))
    suit = first.index // 13 if first.index < JOKER.index else first.index - DEAD_TWOS[0].index
    low = CARDS[suit * 13 + (start - 2) % 13]
    high = CARDS[suit * 13 + (start + len(cards) - 1) % 13]
    wilds = (*_TWOS, JOKER) if twos_wild else (JOKER,)
    if variant.deck.dead_twos:
        return (low, high, *wilds, DEAD_TWOS[suit])
    return (low, high, *wilds)


_Swap = tuple[int, int, bool, tuple[Card, ...]]  # (meld index, owner, is a run, naturals)
_Offer = tuple[int, int, int | None, Card, End | None]  # a lay-off: (meld index, owner, turn, card, end)
_Swaps = tuple[_Swap, ...]
_LayOffs = tuple[_Offer, ...]
#: The swaps and lay-offs the last table listed offers, whoever holds the cards (see
#: :func:`_table_offers`): one value, replaced whole, so a reader never sees half of one.
_LAST_OFFERS: list[tuple[Any, Any, _Swaps, _LayOffs]] = [(None, None, (), ())]


def _table_offers(variant: Variant, table: tuple[TableMeld, ...]) -> tuple[_Swaps, _LayOffs]:
    """Every swap and lay-off that the melds of ``table`` accept, in table order.

    The seats list one table in turn until a meld is laid or grows, so the
    last table's offers are kept.
    """
    last = _LAST_OFFERS[0]
    if last[0] is table and last[1] is variant:
        return last[2], last[3]
    swaps: list[_Swap] = []
    layoffs: list[_Offer] = []
    for index, meld in enumerate(table):
        accepts, frees = meld_options(variant, meld)
        is_run = meld.kind is MeldKind.RUN
        swaps.extend((index, meld.owner, is_run, naturals) for naturals in frees)
        layoffs.extend((index, meld.owner, meld.turn, card, end) for card, end in accepts)
    found = (table, variant, tuple(swaps), tuple(layoffs))
    _LAST_OFFERS[0] = found
    return found[2], found[3]


def _swaps(state: GameState, seat: int, counts: list[int]) -> list[SwapJoker]:
    """The swaps ``seat`` may make now, in table order."""
    if swap_blocked(state, seat) is not None:
        return []
    variant = state.variant
    own = variant.swaps.from_own_melds
    to_hand = _joker_to_hand_only(variant)
    found: list[SwapJoker] = []
    for index, owner, is_run, naturals in _table_offers(variant, state.table)[0]:
        if (owner != seat or own) and all(map(counts.__getitem__, map(by_index, naturals))):
            if to_hand or not is_run:
                found.append(SwapJoker(index, naturals))
            else:
                found.extend(_run_swaps(state, index, naturals))
    return found


def _joker_to_hand_only(variant: Variant) -> bool:
    """Whether every joker freed from a run joins the hand: the default hook with ``joker_to_hand``."""
    swaps = variant.swaps
    return swaps.joker_to_hand and type(swaps).joker_destinations is Swaps.joker_destinations


def _run_swaps(state: GameState, index: int, naturals: tuple[Card, ...]) -> list[SwapJoker]:
    """The swaps of ``naturals`` into the run ``state.table[index]``, one per place the freed joker may go.

    The swaps part offers the places (:meth:`Swaps.joker_destinations`); the one check says which are legal.
    """
    meld = state.table[index]
    result = swap_joker(state.variant.melds, meld.kind, meld.cards, naturals, from_runs=True,
                        twos=state.variant.swaps.twos)
    if result is None:
        return []
    cards, freed = result
    swaps = (SwapJoker(index, naturals, named) for named, _ in joker_choices(state, index, cards, freed[0]))
    return [swap for swap in swaps if refusal_of(state, swap, None) is None]


def _layoffs(state: GameState, seat: int, counts: list[int]) -> list[LayOff]:
    """The lay-offs ``seat`` may make now, in table order."""
    variant = state.variant
    if layoff_blocked(state, seat) is not None:
        return []
    wait = variant.layoffs.own_meld_delay
    return [LayOff(card, index, end) for index, owner, turn, card, end in _table_offers(variant, state.table)[1]
            if counts[card.index] and not (wait and own_meld_too_soon(state, seat, owner, turn))]


def _counts(hand: tuple[Card, ...]) -> list[int]:
    """The hand as counts: how many of each card (by index) it holds."""
    counts = [0] * CARD_SLOTS
    for card in hand:
        counts[card.index] += 1
    return counts
