"""The rule parts a :class:`~remi.Variant` is built from.

Each part is a frozen value that owns one concern of the rules: data fields
for the common cases, and hook methods for what data cannot say. A house rule
replaces one field of one part::

    >>> import attrs, remi
    >>> norwegian = remi.variants.get("norwegian")
    >>> house = attrs.evolve(norwegian, name="norwegian-three-buys",
    ...                      buying=attrs.evolve(norwegian.buying, limit=3))
    >>> house.buying.limit
    3

and a new kind of rule is one hook overridden in a subclass of one part::

    >>> @attrs.frozen(kw_only=True)
    ... class Halved(remi.Scoring):
    ...     def card_points(self, card: remi.Card) -> int:
    ...         return super().card_points(card) // 2
    >>> halved = attrs.evolve(norwegian, name="norwegian-halved", scoring=Halved())
    >>> halved.card_points(remi.JOKER)
    25

The parts are :class:`Deck`, :class:`~remi.MeldRules` (what a meld is),
:class:`Contracts`, :class:`Drawing`, :class:`LayOffs`, :class:`Swaps`,
:class:`Buying`, :class:`Match` and :class:`Scoring`. Every field is checked
when the part is built (a :class:`~remi.VariantError` naming the part and the
field); rules that only fail together are refused when the variant is built.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, NoReturn, cast, overload

import attrs

from remi._util import is_int, printable
from remi.cards import Card, full_deck
from remi.contracts import Contract, run_span, runs_too_close
from remi.errors import RenamedError, VariantError
from remi.melds import Meld, MeldKind, MeldRules, SetSwap, is_wild

__all__ = [
    "Advance",
    "BuyTiming",
    "Buying",
    "Contracts",
    "Deck",
    "Drawing",
    "GoingOut",
    "JokerDestination",
    "LayOffs",
    "Match",
    "Schedule",
    "Scoring",
    "SwapWho",
    "Swaps",
]

#: The most packs a deck may use: at most 8 × 52 naturals.
_MAX_PACKS = 8
#: The most jokers a deck may use.
_MAX_JOKERS = 64
#: The most a card left in hand may cost (or, negative, earn).
_MAX_POINTS = 10_000
#: The most seats any variant seats.
_MAX_PLAYERS = 16

_RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class GoingOut(enum.Enum):
    """How a player goes out under one contract.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       ``ALL_IN``, chosen per contract in :attr:`Contracts.going_out`.
    """

    #: The last card may leave by discard, lay-off or going down.
    DISCARD_OPTIONAL = "discard-optional"
    #: The last card must be discarded.
    DISCARD_REQUIRED = "discard-required"
    #: Going down takes the whole hand at once, with no discard, and is going out.
    ALL_IN = "all-in"


class Schedule(enum.Enum):
    """How contracts follow each other.

    .. versionadded:: 0.1.0
    """

    #: Everyone plays the same contract per deal; the match is one deal per contract.
    ROUNDS = "rounds"
    #: Each player climbs their own levels (see :attr:`Match.advance`).
    LEVELS = "levels"


class Advance(enum.Enum):
    """Who moves up a level after a deal, in a :attr:`Schedule.LEVELS` match.

    .. versionadded:: 0.2.0
    """

    #: Only the player who went out.
    WINNER = "winner"
    #: Every player who went down in the deal, out or not.
    WENT_DOWN = "went-down"


class SwapWho(enum.Enum):
    """Who may swap a joker out of a meld on the table.

    .. versionadded:: 0.2.0
    """

    #: Any player on turn.
    ANYONE = "anyone"
    #: Only a player whose contract is down.
    DOWN = "down"
    #: Only a player whose contract is not down yet.
    NOT_DOWN = "not-down"


class JokerDestination(enum.Enum):
    """Where a joker swapped out of a run goes (:meth:`Swaps.joker_destinations`).

    The value is the word the notation writes after ``to``: ``swap 5D on 0 to low``.

    .. versionadded:: 0.3.0
    """

    #: Into the swapper's hand.
    HAND = "hand"
    #: To the low end of the run: the run grows by one card there.
    LOW_END = "low"
    #: To the high end of the run: the run grows by one card there.
    HIGH_END = "high"

    def __repr__(self) -> str:
        return f"JokerDestination.{self.name}"


class BuyTiming(enum.Enum):
    """When the discard is offered to the other players.

    .. versionadded:: 0.2.0
    """

    #: After the player on turn drew from the stock: they draw the top card, the buyer's
    #: penalty comes after it.
    AFTER_DRAW = "after-draw"
    #: Before the player on turn draws: the buyer takes the top stock card as penalty,
    #: then the player on turn draws the next one.
    BEFORE_DRAW = "before-draw"


def _as_tuple(value: object) -> Any:
    """Any iterable but text, a mapping or a set as a tuple; anything else unchanged, for the validation to name.

    (A mapping would give its keys, a set an order of its own: both are refused, not read.)
    """
    if isinstance(value, (str, bytes, Mapping, set, frozenset)) or not isinstance(value, Iterable):
        return value
    try:
        return tuple(value)
    except TypeError:
        return value


class _Part:
    """What every part shares: its name in messages and its field checks."""

    __slots__ = ()

    #: The part's field name in :class:`~remi.Variant` (for messages).
    _label = "part"

    def _fail(self, message: str) -> NoReturn:
        raise VariantError(f"{self._label}: {message}")

    def _flags(self, *names: str) -> None:
        for name in names:
            value = getattr(self, name)
            if not isinstance(value, bool):
                self._fail(f"{name} must be True or False, got {printable(value)}")

    def _count(self, name: str, *, least: int = 0, most: int | None = None, optional: bool = False) -> None:
        value = getattr(self, name)
        if optional and value is None:
            return
        if not is_int(value) or value < least or (most is not None and value > most):
            if most is not None:
                kind = f"an integer from {least} to {most}"
            else:
                kind = "a non-negative integer" if least == 0 else f"an integer of at least {least}"
            self._fail(f"{name} must be {kind}{' or None' if optional else ''}, got {printable(value)}")

    def _member(self, name: str, kind: type[enum.Enum]) -> None:
        value = getattr(self, name)
        if not isinstance(value, kind):
            article = "an" if kind.__name__[0] in "AEIOU" else "a"
            self._fail(f"{name} must be {article} {kind.__name__} member, got {printable(value)}")


# -- deck ------------------------------------------------------------------------------------------


def _by_players(value: object) -> Any:
    rows = value.items() if isinstance(value, Mapping) else _as_tuple(value)
    if not isinstance(rows, Iterable) or isinstance(rows, (str, bytes)):
        return rows
    pairs = [_as_tuple(row) for row in rows]
    if not all(isinstance(row, tuple) and len(row) == 2 for row in pairs):
        return tuple(pairs)  # for the validation to name
    return tuple(sorted(((players, _as_tuple(counts)) for players, counts in pairs),
                        key=lambda item: item[0] if is_int(item[0]) else -1))


@attrs.frozen(kw_only=True)
class Deck(_Part):
    """The deck: how many packs and jokers, perhaps by the number of players.

    >>> deck = Deck(packs=2, jokers=4, by_players={5: (3, 6), 6: (3, 6)})
    >>> deck.for_players(4), deck.for_players(5)
    ((2, 4), (3, 6))
    >>> len(deck.cards(5))
    162

    Attributes:
        packs: The 52-card packs used when ``by_players`` has no row for the player count.
        jokers: The jokers used then.
        by_players: Rows ``players: (packs, jokers)`` (a mapping or pairs) that
            override ``packs`` and ``jokers`` for that number of players.
        dead_twos: Whether a discarded 2 dies for the rest of the deal (S15): the
            discard pile receives the dead 2 of its suit, a natural 2 that is
            never wild, usable only as the 2 of its suit in a run and never
            redeemed. Only where 2s are wild.

    Hooks:
        :meth:`for_players`.

    .. versionadded:: 0.2.0
    """

    _label = "deck"

    packs: int = 2
    jokers: int = 0
    by_players: tuple[tuple[int, tuple[int, int]], ...] = attrs.field(default=(), converter=_by_players)
    dead_twos: bool = False

    def __attrs_post_init__(self) -> None:
        self._flags("dead_twos")
        self._check_size("", self.packs, self.jokers)
        if not isinstance(self.by_players, tuple):
            self._fail(f"by_players must map player counts to (packs, jokers), got {printable(self.by_players)}")
        seen: set[int] = set()
        for row in self.by_players:
            if not (isinstance(row, tuple) and len(row) == 2 and is_int(row[0])
                    and isinstance(row[1], tuple) and len(row[1]) == 2):
                self._fail(f"by_players: each row must be players: (packs, jokers), got {printable(row)}")
            players, (packs, jokers) = row
            if not 2 <= players <= _MAX_PLAYERS or players in seen:
                self._fail(f"by_players: {players} is not a new player count from 2 to {_MAX_PLAYERS}")
            seen.add(players)
            self._check_size(f"by_players[{players}]", packs, jokers)

    def _check_size(self, where: str, packs: object, jokers: object) -> None:
        where = f"{where}: " if where else ""
        if not is_int(packs) or not 1 <= cast(int, packs) <= _MAX_PACKS:
            if is_int(packs) and packs == 0:
                self._fail(f"{where or 'packs: '}at least one pack is needed")
            self._fail(f"{where}packs must be an integer from 1 to {_MAX_PACKS}, got {printable(packs)}")
        if not is_int(jokers) or not 0 <= cast(int, jokers) <= _MAX_JOKERS:
            self._fail(f"{where}jokers must be an integer from 0 to {_MAX_JOKERS}, got {printable(jokers)}")

    def __call__(self, *arguments: object) -> NoReturn:
        """``variant.deck()`` of remi 0.1: refused with a sentence naming :meth:`Variant.cards <remi.Variant.cards>`.

        Raises:
            RenamedError: Always.
        """
        raise RenamedError("variant.deck() is gone since remi 0.2.0: variant.deck is the Deck part; the cards "
                           "for a number of players are variant.cards(players)")

    def for_players(self, players: int) -> tuple[int, int]:
        """The packs and jokers for ``players`` players (a hook)."""
        for count, row in self.by_players:
            if count == players:
                return row
        return self.packs, self.jokers

    def cards(self, players: int) -> tuple[Card, ...]:
        """The full deck for ``players`` players, sorted."""
        packs, jokers = self.for_players(players)
        return full_deck(packs, jokers)


# -- contracts -------------------------------------------------------------------------------------


def _going_out(value: object) -> Any:
    return value if isinstance(value, GoingOut) else _as_tuple(value)


@attrs.frozen(kw_only=True)
class Contracts(_Part, Sequence[Contract]):
    """The contracts, one per round or level, and how they go down.

    A :class:`Contracts` is a sequence of its :class:`~remi.Contract` values:
    ``variant.contracts[0]`` is round (or level) 1.

    >>> from remi import Contract, GoingOut
    >>> part = Contracts(contracts=[Contract.of("set 3", "set 3"), Contract.of("run 4", "run 4")],
    ...                  deal_sizes=[10, 10], going_out=[GoingOut.DISCARD_REQUIRED, GoingOut.ALL_IN])
    >>> len(part), str(part[1]), part.going_out[1]
    (2, 'run 4 + run 4', <GoingOut.ALL_IN: 'all-in'>)

    Attributes:
        contracts: The contracts; index 0 is round 1 (or level 1).
        deal_sizes: Cards dealt to each player, per contract.
        going_out: How a player goes out, per contract (one :class:`GoingOut` stands for all).
        exact_sizes: Whether requirement sizes are exact (else minimums).
        piecemeal: Whether a contract may go down one meld at a time.
        go_out_on_go_down_turn: Whether going down may empty the hand, going out
            that turn (else the contract must leave a card to discard).
        exceed_hand: Whether a contract may need more cards than the deal plus
            one, reached by buying.
        same_suit_run_gap: Where two runs of one contract share a suit, the fewest
            ranks that must lie between them (0: no rule). A run of wilds only is of
            no suit.
        distinct_set_ranks: Whether the sets of one contract must differ in rank.
        first_player_extra_card: Whether the first player of a deal is dealt one
            card more and plays their first turn without drawing.
        prefix_closed: Whether :meth:`melds_problem` is prefix-closed: when it
            refuses some of a contract's melds, it refuses every lay-down that
            holds them too. The lay-down listing then asks it of each growing
            part of a lay-down, from no melds at all (a contract nothing has
            been laid for yet), and prunes there (the hook must be pure); when
            false it asks only of whole lay-downs, which is correct for any hook
            but slow where the hook refuses most of many lay-downs. The built-in
            variants' contracts are prefix-closed.

            .. versionadded:: 0.3.0

    Hooks:
        :meth:`melds_problem`, the contract-level check over every meld laid for one contract.

    .. versionadded:: 0.2.0
    """

    _label = "contracts"

    contracts: tuple[Contract, ...] = attrs.field(converter=_as_tuple)
    deal_sizes: tuple[int, ...] = attrs.field(converter=_as_tuple)
    going_out: tuple[GoingOut, ...] = attrs.field(default=GoingOut.DISCARD_OPTIONAL, converter=_going_out)
    exact_sizes: bool = False
    piecemeal: bool = False
    go_out_on_go_down_turn: bool = True
    exceed_hand: bool = False
    same_suit_run_gap: int = 0
    distinct_set_ranks: bool = False
    first_player_extra_card: bool = False
    # (a promise about the hook that speeds the search up, not a rule: left out of equality and the fingerprint)
    prefix_closed: bool = attrs.field(default=False, eq=False, metadata={"fingerprint": False})

    def __attrs_post_init__(self) -> None:
        if isinstance(self.going_out, GoingOut) and isinstance(self.contracts, tuple):
            object.__setattr__(self, "going_out", (self.going_out,) * len(self.contracts))
        self._flags("exact_sizes", "piecemeal", "go_out_on_go_down_turn", "exceed_hand", "distinct_set_ranks",
                    "first_player_extra_card", "prefix_closed")
        self._count("same_suit_run_gap", most=12)
        if not isinstance(self.contracts, tuple):
            self._fail(f"contracts must be a sequence of Contract values, got {printable(self.contracts)}")
        if not self.contracts:
            self._fail("contracts must hold at least one contract")
        for level, contract in enumerate(self.contracts, 1):
            if not isinstance(contract, Contract):
                self._fail(f"entry {level} must be a Contract, got {printable(contract)}")
        for field, values in (("deal_sizes", self.deal_sizes), ("going_out", self.going_out)):
            if not isinstance(values, tuple):
                self._fail(f"{field} must be a sequence with one entry per contract, got {printable(values)}")
            if len(values) != len(self.contracts):
                self._fail(f"{field} has {len(values)} entries for {len(self.contracts)} contracts")
        for level, (size, rule) in enumerate(zip(self.deal_sizes, self.going_out, strict=True), 1):
            if not is_int(size) or size < 1:
                self._fail(f"deal_sizes: the deal size {printable(size)} for contract {level} must be a "
                           f"positive integer")
            if not isinstance(rule, GoingOut):
                self._fail(f"going_out: the entry {printable(rule)} for contract {level} must be a GoingOut member")

    def __getstate__(self) -> dict[str, object]:
        return {field.name: getattr(self, field.name) for field in attrs.fields(type(self))}

    def __setstate__(self, state: dict[str, object]) -> None:
        # (a Contracts pickled before 0.3.0 has no prefix_closed: it reads as the default)
        for name, value in {"prefix_closed": False, **state}.items():
            object.__setattr__(self, name, value)

    def __len__(self) -> int:
        return len(self.contracts)

    @overload
    def __getitem__(self, index: int) -> Contract: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Contract]: ...

    def __getitem__(self, index: int | slice) -> Contract | Sequence[Contract]:
        return self.contracts[index]

    def __iter__(self) -> Iterator[Contract]:
        return iter(self.contracts)

    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        """What is wrong with ``melds`` together as the melds laid for contract ``level`` (0-based).

        A hook: the default applies :attr:`same_suit_run_gap` and
        :attr:`distinct_set_ranks`. ``melds`` are every meld of the contract so
        far (a piecemeal contract's earlier melds too), each valid alone under
        ``rules``. Return ``None`` when they may go down, else a sentence.
        """
        if self.distinct_set_ranks:
            ranks = [next(card.rank for card in meld.cards if card.rank is not None and not _wild(rules, card))
                     for meld in melds if meld.kind is MeldKind.SET]
            if len(set(ranks)) < len(ranks):
                return "the sets of one contract must be of different ranks"
        gap = self.same_suit_run_gap
        if gap:
            spans = [run_span(rules, meld.cards) for meld in melds if meld.kind is MeldKind.RUN]
            for i, span in enumerate(spans):
                if any(runs_too_close(span, other, gap) for other in spans[i + 1:]):
                    return (f"two runs of one suit in a contract need at least {gap} "
                            f"rank{'s' if gap != 1 else ''} between them")
        return None


def _wild(rules: MeldRules, card: Card) -> bool:
    return is_wild(rules, card)


# -- drawing, lay-offs, swaps ----------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Drawing(_Part):
    """Who may take the discard as their draw, and what they may do with it.

    Attributes:
        down_players_take_discard: Whether a player whose contract is down may
            take the discard (else they draw from the stock only).
        rediscard_taken_card: Whether the discard taken as the draw may be
            discarded again the same turn.

    .. versionadded:: 0.2.0
    """

    _label = "drawing"

    down_players_take_discard: bool = True
    rediscard_taken_card: bool = False

    def __attrs_post_init__(self) -> None:
        self._flags("down_players_take_discard", "rediscard_taken_card")


@attrs.frozen(kw_only=True)
class LayOffs(_Part):
    """Who may lay cards off onto the melds on the table, and when.

    Attributes:
        requires_down: Whether laying off needs one's contract down first.
        own_meld_delay: Turns before a player may lay off onto a meld they laid.
        on_go_down_turn: Whether a player may lay off on the turn they go down.

    Hooks:
        :meth:`quota`.

    .. versionadded:: 0.2.0
    """

    _label = "layoffs"

    requires_down: bool = True
    own_meld_delay: int = 0
    on_go_down_turn: bool = True

    def __attrs_post_init__(self) -> None:
        self._flags("requires_down", "on_go_down_turn")
        self._count("own_meld_delay", most=1000)

    def quota(self, level: int) -> int | None:
        """How many cards a player on contract ``level`` (0-based) may lay off per deal.

        A hook; ``None`` (the default) means no limit.
        """
        return None


@attrs.frozen(kw_only=True)
class Swaps(_Part):
    """Who may take a joker out of a meld on the table by putting in the card it stands for.

    Attributes:
        from_runs: Whether a joker can be swapped out of a run.
        from_sets: When a joker can be swapped out of a set.
        who: Who may swap.
        from_own_melds: Whether a player may swap from their own melds.
        on_go_down_turn: Whether a player may swap on the turn they go down.
        twos: Where 2s are wild (:attr:`MeldRules.twos <remi.MeldRules.twos>`),
            whether a wild 2 in a run may be swapped out too, not only a joker.
        joker_to_hand: Whether a joker swapped out of a run joins the swapper's
            hand; else it moves to an end of the run where it can stand, and a
            swap that leaves it no end is refused. Where both ends fit, the
            swapper chooses (``swap 7H on 0 to low``); see :meth:`joker_destinations`.

    Hooks:
        :meth:`joker_destinations`.

    .. versionadded:: 0.2.0

    .. versionchanged:: 0.3.0
       The :meth:`joker_destinations` hook; with ``joker_to_hand=False`` the
       swapper chooses the end where both fit (before, the high end was taken).
    """

    _label = "swaps"

    from_runs: bool = True
    from_sets: SetSwap = SetSwap.NEVER
    who: SwapWho = SwapWho.ANYONE
    from_own_melds: bool = False
    on_go_down_turn: bool = True
    twos: bool = False
    joker_to_hand: bool = True

    def __attrs_post_init__(self) -> None:
        self._flags("from_runs", "from_own_melds", "on_go_down_turn", "twos", "joker_to_hand")
        self._member("from_sets", SetSwap)
        self._member("who", SwapWho)

    def joker_destinations(self, meld: Meld) -> tuple[JokerDestination, ...]:
        """Where a joker swapped out of the run ``meld`` may go: the swapper chooses among them.

        A hook. ``meld`` is the run as it lies on the table, before the swap.
        The engine keeps the destinations where the joker can stand (the hand
        always; an end of the run where the joker fits once the natural is in
        its place); a swap that leaves none is refused. Where more than one
        is kept, the swap names its choice (``swap 5D on 0 to low``) and each
        choice is a legal action of its own; where one is kept, the swap names
        none. A joker moved to an end is a card laid off where the lay-off count
        is bounded (exact sizes or a quota, E12): it needs the swapper's right to
        lay off and counts against the quota. A joker freed from a set (E6)
        always joins the hand.

        The default follows :attr:`joker_to_hand`: ``(HAND,)``, or both ends,
        the high end first. Override it to choose per run; ContractRummy's rule
        (the swapper chooses the end) is ``(LOW_END, HIGH_END)``, and a house
        rule that lets the swapper keep the joker or move it is all three::

            >>> import attrs, remi
            >>> from remi import JokerDestination, Meld
            >>> @attrs.frozen(kw_only=True)
            ... class KeepOrMove(remi.Swaps):
            ...     def joker_destinations(self, meld: Meld) -> tuple[JokerDestination, ...]:
            ...         return (JokerDestination.HAND, JokerDestination.LOW_END, JokerDestination.HIGH_END)
            >>> KeepOrMove().joker_destinations(Meld.parse("run 4D JK 6D 7D"))
            (JokerDestination.HAND, JokerDestination.LOW_END, JokerDestination.HIGH_END)

        Returns:
            One or more distinct destinations, in the order the listing offers them.

        .. versionadded:: 0.3.0
        """
        if self.joker_to_hand:
            return (JokerDestination.HAND,)
        return (JokerDestination.HIGH_END, JokerDestination.LOW_END)


# -- buying ----------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Buying(_Part):
    """Whether, when and by whom the discard the player on turn declines may be bought.

    Attributes:
        enabled: Whether other players may buy a declined discard.
        timing: Before or after the player on turn draws from the stock.
        penalty: Extra stock cards a buyer takes.
        limit: Buys per player per deal (``None``: no limit).
        discarder_may_buy: Whether the player who discarded a card may buy it back.
        down_players_may_buy: Whether players who are down may buy.

    Hooks:
        :meth:`order`.

    .. versionadded:: 0.2.0
    """

    _label = "buying"

    enabled: bool = False
    timing: BuyTiming = BuyTiming.AFTER_DRAW
    penalty: int = 1
    limit: int | None = None
    discarder_may_buy: bool = False
    down_players_may_buy: bool = True

    def __attrs_post_init__(self) -> None:
        self._flags("enabled", "discarder_may_buy", "down_players_may_buy")
        self._member("timing", BuyTiming)
        self._count("penalty", most=100)
        self._count("limit", optional=True)

    def order(self, players: int, on_turn: int) -> tuple[int, ...]:
        """The seats asked, first to last, whether they buy the discard ``on_turn`` declined.

        A hook: the default asks clockwise from the left of the player on turn.
        Seats that may not buy are skipped whatever the order says; the player on
        turn is never asked.
        """
        return tuple((on_turn + step) % players for step in range(1, players))


# -- the match -------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Match(_Part):
    """How deals follow each other and end, and who wins the match.

    Attributes:
        schedule: Fixed rounds or per-player levels.
        advance: In a levels match, who moves up a level after a deal.
        finisher_wins: Whether the players who complete the last level win the
            match whatever the totals (several: the lowest total among them).
        stock_rebuilds: How often the stock is rebuilt from the discards before
            the deal ends (``None``: without limit); the default, 2, is Norwegian Remi's.
        rebuild_at_once: Whether the stock is rebuilt as soon as its last card is
            taken (else when a draw finds it empty); either way every discard but
            the top one is shuffled into the new stock.
        turn_limit: Turns after which a deal ends with no winner, as if the stock
            had run out (``None``: no limit).

    Hooks:
        :meth:`advance_levels`, :meth:`winners`.

    .. versionadded:: 0.2.0
    """

    _label = "match"

    schedule: Schedule = Schedule.ROUNDS
    advance: Advance = Advance.WINNER
    finisher_wins: bool = False
    stock_rebuilds: int | None = 2
    rebuild_at_once: bool = False
    turn_limit: int | None = 1000

    def __attrs_post_init__(self) -> None:
        self._member("schedule", Schedule)
        self._member("advance", Advance)
        self._flags("finisher_wins", "rebuild_at_once")
        self._count("stock_rebuilds", optional=True)
        self._count("turn_limit", least=1, optional=True)

    def advance_levels(
        self, levels: tuple[int, ...], last: int, winner: int | None, went_down: tuple[bool, ...]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The levels after a deal, and the seats that completed the last level (the match ends if any).

        A hook. ``levels`` are the seats' levels (1-based) during the deal,
        ``last`` the number of contracts, ``winner`` the seat that went out (or
        ``None``), ``went_down`` per seat whether its contract was down at the end.
        Levels never exceed ``last``.
        """
        if self.schedule is Schedule.ROUNDS:
            if levels[0] >= last:
                return levels, tuple(range(len(levels)))
            return tuple(level + 1 for level in levels), ()
        movers: tuple[int, ...]
        if self.advance is Advance.WINNER:
            movers = () if winner is None else (winner,)
        else:
            movers = tuple(seat for seat, down in enumerate(went_down) if down)
        finished = tuple(seat for seat in movers if levels[seat] == last)
        moved = tuple(min(level + 1, last) if seat in movers else level for seat, level in enumerate(levels))
        return moved, finished

    def winners(self, scores: tuple[int, ...], finishers: tuple[int, ...]) -> tuple[int, ...]:
        """Who wins a finished match (ties shared): a hook.

        The default: the lowest total; with :attr:`finisher_wins`, the lowest
        total among ``finishers``, the seats that completed the last level.
        """
        seats = finishers if self.finisher_wins and finishers else tuple(range(len(scores)))
        best = min(scores[seat] for seat in seats)
        return tuple(seat for seat in seats if scores[seat] == best)


# -- scoring ---------------------------------------------------------------------------------------


def _points(value: object) -> Any:
    return _as_tuple(value)


@attrs.frozen(kw_only=True)
class Scoring(_Part):
    """What cards left in hand cost, and what the player who goes out scores.

    >>> from remi import parse_card
    >>> Scoring().card_points(parse_card("KS")), Scoring().winner_score(3)
    (10, 0)

    The defaults are Norwegian Remi's card points (joker 50, ace 20, ten to king
    10, two to nine their rank) and no winner's score; a variant
    composed from scratch inherits them unless it says otherwise.

    Attributes:
        joker_points: What a joker left in hand costs.
        rank_points: What each rank left in hand costs, ace first (13 values).
        dead_two_points: What a dead 2 left in hand costs (where the deck's
            ``dead_twos`` is set, S17).

    Hooks:
        :meth:`card_points`, :meth:`winner_score`.

    .. versionadded:: 0.2.0
    """

    _label = "scoring"

    joker_points: int = 50
    rank_points: tuple[int, ...] = attrs.field(
        default=(20, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), converter=_points
    )
    dead_two_points: int = 5

    def __attrs_post_init__(self) -> None:
        if not is_int(self.dead_two_points) or abs(self.dead_two_points) > _MAX_POINTS:
            self._fail(f"dead_two_points must be an integer from -{_MAX_POINTS} to {_MAX_POINTS}, "
                       f"got {printable(self.dead_two_points)}")
        if not is_int(self.joker_points) or abs(self.joker_points) > _MAX_POINTS:
            self._fail(f"joker_points must be an integer from -{_MAX_POINTS} to {_MAX_POINTS}, "
                       f"got {printable(self.joker_points)}")
        if not isinstance(self.rank_points, tuple):
            self._fail(f"rank_points must be 13 integers (ace first), got {printable(self.rank_points)}")
        if len(self.rank_points) != 13:
            self._fail(f"rank_points needs 13 values (ace first), got {len(self.rank_points)}")
        for label, value in zip(_RANK_LABELS, self.rank_points, strict=True):
            if not is_int(value) or abs(value) > _MAX_POINTS:
                self._fail(f"rank_points for {label} must be an integer from -{_MAX_POINTS} to {_MAX_POINTS}, "
                           f"got {printable(value)}")

    def card_points(self, card: Card) -> int:
        """What ``card`` costs when left in hand at the end of a deal (a hook)."""
        if card.rank is None:
            return self.joker_points
        if card.is_dead:
            return self.dead_two_points
        return self.rank_points[card.rank - 1]

    def winner_score(self, wins: int) -> int:
        """What the player who goes out scores, given their wins so far including this one (a hook).

        The default is 0.
        """
        return 0
