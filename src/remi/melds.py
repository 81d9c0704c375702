"""Melds: sets and runs, their validation, lay-offs and joker swaps.

Everything here is a pure function of the cards and a :class:`MeldRules` value
(the part of a variant that decides what a meld is). A run's cards are listed
low to high with each joker in the place of the card it stands for (R1), so
every joker's represented card is known.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from remi._util import is_int, printable
from remi.cards import CARD_SLOTS, CARDS, JOKER, NATURALS, Card, Suit, format_cards, live_twin, parse_cards
from remi.errors import NotationError, VariantError

_T = TypeVar("_T")


def _is_a(kind: type[_T], what: str) -> Callable[[Any, Any, _T], None]:
    """An ``attrs`` validator: a value not a ``kind`` is refused with a :class:`NotationError` naming ``what``."""

    def check(instance: Any, attribute: Any, value: _T) -> None:
        if not isinstance(value, kind):
            raise NotationError(f"{what} must be a {kind.__name__}, got {printable(value)}", printable(value), 0)

    return check

__all__ = [
    "End",
    "JokerCap",
    "Meld",
    "MeldKind",
    "MeldProblem",
    "MeldRules",
    "SetSwap",
    "Twos",
    "is_wild",
    "lay_off",
    "meld_problems",
    "run_cards",
    "run_start",
    "swap_joker",
]

_J = JOKER.index
#: The first dead 2's index (S15): ``_DEAD + suit``, after the joker.
_DEAD = _J + 1
#: By card index, whether the card is a natural where 2s are wild: neither a joker nor a live 2 (a dead 2 is: S15).
_NATURAL_WHERE_TWOS_WILD = tuple(index != _J and (index % 13 != 1 or index > _J) for index in range(CARD_SLOTS))

#: The longest run (``A 2 … K A``); the most cards a set's bounds or a requirement name (no deck holds 480).
LONGEST_RUN, MOST_CARDS = 14, 1000


class MeldKind(enum.Enum):
    """The two kinds of meld.

    .. versionadded:: 0.1.0
    """

    SET = "set"
    RUN = "run"

    def __repr__(self) -> str:
        return f"MeldKind.{self.name}"


class End(enum.Enum):
    """Which end of a run a card is laid off at.

    .. versionadded:: 0.1.0
    """

    LOW = "low"
    HIGH = "high"

    def __repr__(self) -> str:
        return f"End.{self.name}"


class JokerCap(enum.Enum):
    """How many jokers a meld may hold (N10).

    .. versionadded:: 0.1.0
    """

    #: Any number, as long as one natural remains.
    NONE = "none"
    #: Never more jokers than naturals, at all times.
    NATURALS = "naturals"


class SetSwap(enum.Enum):
    """When a joker may be taken out of a set (N11, E6).

    .. versionadded:: 0.1.0
    """

    #: Never.
    NEVER = "never"
    #: When the set becomes four naturals of all four suits; every joker is freed at once.
    ON_COMPLETION = "on-completion"


class Twos(enum.Enum):
    """Whether the 2s are wild, like jokers (the contract-rummy family's "wild twos").

    A *wild* is a joker or, where the rules say so, a 2; a *natural* is any
    card that is not wild. Caps and the natural minimum count wilds.

    .. versionadded:: 0.2.0
    """

    #: 2s are ordinary cards.
    NATURAL = "natural"
    #: Every 2 is wild, even in its own place; no set of twos; runs start at 3 (no ``ace_low``, ``run_wrap``).
    WILD = "wild"
    #: 2s are wild, except in a set of twos (every card a 2 or a joker), where the 2s are naturals.
    WILD_EXCEPT_SETS = "wild-except-sets"


class MeldProblem(enum.Flag):
    """Everything wrong with a proposed meld, reported at once.

    The empty flag (``MeldProblem(0)``) is falsy: no problem.

    >>> import remi
    >>> v = remi.variants.get("norwegian")
    >>> v.meld_problems(remi.MeldKind.SET, remi.parse_cards("QS JK JK"))
    <MeldProblem.TOO_MANY_JOKERS: 128>
    >>> bool(v.meld_problems(remi.MeldKind.RUN, remi.parse_cards("7S JK JK 10S")))
    False

    .. versionadded:: 0.1.0
    """

    #: Fewer cards than the variant's minimum for that kind.
    TOO_SHORT = enum.auto()
    #: More cards than the variant's maximum for that kind.
    TOO_LONG = enum.auto()
    #: A set whose naturals are not all of one rank.
    MIXED_RANKS = enum.auto()
    #: A run whose naturals are not all of one suit.
    MIXED_SUITS = enum.auto()
    #: A set that must have distinct suits but repeats one.
    REPEATED_SUIT = enum.auto()
    #: A run whose cards are not consecutive in the order listed.
    GAP = enum.auto()
    #: A run that would go round the corner (``Q K A 2``) where that is not allowed,
    #: or that puts an ace — a natural or a joker standing for one — where the rules
    #: forbid it (``JK 2S 3S 4S`` without ``ace_low``).
    #:
    #: .. versionchanged:: 0.2.0
    #:    Also a joker in the place of a forbidden ace.
    WRAP = enum.auto()
    #: More jokers than the variant's cap allows.
    TOO_MANY_JOKERS = enum.auto()
    #: No natural card at all (where the rules want at least one).
    NO_NATURAL = enum.auto()
    #: Some naturals, but fewer than the rules' ``min_naturals``.
    #:
    #: .. versionadded:: 0.2.0
    TOO_FEW_NATURALS = enum.auto()
    #: A dead 2 (S15) in a set, or in a run anywhere but the place of the 2 of its suit.
    #:
    #: .. versionadded:: 0.2.0
    DEAD_TWO = enum.auto()


@attrs.frozen
class MeldRules:
    """The part of a variant that decides what a meld is (the meld rules each variant's rules page sets out).

    Every position of a run, a joker's too, stands for one value: 1 (the low
    ace) to 14 (the high ace). Without ``run_wrap``, the value 1 needs
    ``ace_low`` and the value 14 needs ``ace_high``; with ``run_wrap`` the ace
    sits between the king and the two and neither is consulted.

    Attributes:
        set_min: The fewest cards in a set.
        set_max: The most cards in a set, or ``None`` for no limit.
        set_distinct_suits: Whether a set's naturals must all differ in suit.
        run_min: The fewest cards in a run.
        run_max: The most cards in a run.
        ace_low: Whether the ace may stand before the two.
        ace_high: Whether the ace may stand after the king.
        run_wrap: Whether a run may go round the corner (``Q K A 2``).
        joker_cap: How many wilds a meld may hold.
        twos: Whether the 2s are wild.
        min_naturals: The fewest naturals a meld keeps (0: melds of wilds only are allowed).
        joker_cap_on_layoff: Whether ``joker_cap`` still binds once a meld is on the
            table and grows by lay-offs (else it binds at lay-down only).
        distinct_suits_on_layoff: Whether ``set_distinct_suits`` still binds for
            lay-offs (else a lay-off may repeat a suit).

    Raises:
        VariantError: If a field has the wrong type or is out of range: the
            flags must be ``True`` or ``False`` (and the ace low, high or
            both), ``2 <= set_min <= set_max <= 1000`` (``set_max`` may be ``None``),
            ``2 <= run_min <= run_max <= 14``; no ``ace_low`` nor ``run_wrap`` under ``Twos.WILD``.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       The fields are checked when the rules are built.
    .. versionchanged:: 0.2.0
       ``twos``, ``min_naturals``, ``joker_cap_on_layoff`` and
       ``distinct_suits_on_layoff``; ``swap_from_runs`` and ``set_swap`` moved
       to :class:`remi.Swaps`.
    """

    set_min: int = 3
    set_max: int | None = None
    set_distinct_suits: bool = False
    run_min: int = 4
    run_max: int = LONGEST_RUN
    ace_low: bool = True
    ace_high: bool = True
    run_wrap: bool = False
    joker_cap: JokerCap = JokerCap.NATURALS
    twos: Twos = Twos.NATURAL
    min_naturals: int = 1
    joker_cap_on_layoff: bool = True
    distinct_suits_on_layoff: bool = True

    def __attrs_post_init__(self) -> None:
        problem = _rules_problem(self)
        if problem is not None:
            raise VariantError(f"meld rules: {problem}")

    def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
        """What the variant's own rule says against ``meld``, or ``None`` to allow it: a hook.

        The fields say what a meld is (:func:`meld_problems` reports what they
        refuse); this hook says what a house rule refuses beside them. It is
        asked only of melds the fields allow: every meld that would go down
        (``on_table=False``), and every meld as a lay-off or a swap would
        leave it on the table (``on_table=True``). Return ``None`` to allow
        the meld, or a sentence (not empty) saying why not: the refusal
        (reason ``MELD_RULE``) quotes it. It must be pure: the engine asks it
        once per distinct meld and remembers the answer, and it is honoured
        by the listing, the checks, the solver, the bots and the testing kit.
        The default allows every meld.

        >>> class NoJokersInRuns(MeldRules):
        ...     def meld_problem(self, meld, *, on_table):
        ...         if meld.kind is MeldKind.RUN and JOKER in meld.cards:
        ...             return "no jokers in runs (house rule)"
        ...         return None
        >>> NoJokersInRuns().meld_problem(Meld.parse("run 5C JK 7C 8C"), on_table=True)
        'no jokers in runs (house rule)'
        >>> MeldRules().meld_problem(Meld.parse("run 5C JK 7C 8C"), on_table=False) is None
        True

        .. versionadded:: 0.3.0
        """
        return None

    def for_layoffs(self) -> MeldRules:
        """The rules a meld on the table keeps as it grows by lay-offs.

        >>> rules = MeldRules(joker_cap_on_layoff=False)
        >>> rules.for_layoffs().joker_cap
        <JokerCap.NONE: 'none'>

        .. versionadded:: 0.2.0
        """
        if self.joker_cap_on_layoff and self.distinct_suits_on_layoff:
            return self
        return attrs.evolve(
            self,
            joker_cap=self.joker_cap if self.joker_cap_on_layoff else JokerCap.NONE,
            set_distinct_suits=self.set_distinct_suits and self.distinct_suits_on_layoff,
            joker_cap_on_layoff=True,
            distinct_suits_on_layoff=True,
        )


class WildCap:
    """The joker cap (:attr:`MeldRules.joker_cap`) compiled once: the one place its arithmetic lives.

    The listing, the solver, the planner and the bots read it instead of
    working the cap out again. Get it with :func:`wild_cap`.

    >>> cap = wild_cap(MeldRules())
    >>> cap.beside(3, 2), cap.within(5), cap.fewest_naturals(5), cap.run_wilds[4]
    (2, 2, 3, 2)
    >>> loose = wild_cap(MeldRules(joker_cap=JokerCap.NONE))
    >>> loose.beside(3, 2), loose.within(5), loose.fewest_naturals(5), loose.run_wilds[4]
    (3, 5, 0, 3)
    """

    __slots__ = ("capped", "run_wilds")

    def __init__(self, capped: bool) -> None:
        #: Whether wilds may not outnumber a meld's naturals (:attr:`JokerCap.NATURALS`).
        self.capped = capped
        #: By run length (0 to :data:`LONGEST_RUN`), the most wilds a run of that length holds beside a natural.
        self.run_wilds = tuple(min(self.within(length), max(length - 1, 0)) for length in range(LONGEST_RUN + 1))

    def allows(self, wilds: int, naturals: int) -> bool:
        """Whether a meld may hold ``wilds`` wilds beside ``naturals`` naturals."""
        return not self.capped or wilds <= naturals

    def beside(self, wilds: int, naturals: int) -> int:
        """How many of ``wilds`` wilds a meld of ``naturals`` naturals may hold."""
        return wilds if not self.capped or wilds < naturals else naturals

    def within(self, size: int) -> int:
        """The most wilds a meld of ``size`` cards may hold (all of them without the cap)."""
        return size // 2 if self.capped else size

    def fewest_naturals(self, size: int) -> int:
        """The fewest naturals a meld of ``size`` cards keeps under the cap (0 without it)."""
        return (size + 1) // 2 if self.capped else 0

    def shrinks_to(self, size: int, need: int) -> bool:
        """Whether every valid run of ``size`` cards or more holds a valid run of exactly ``size``.

        ``need`` is the fewest naturals a meld keeps. Under the cap, a run of
        odd ``size`` may have no window of that size within the cap
        (``4H JK JK 7H`` and a run of 3), and a window keeps at least half its
        cards natural; without it, one natural will do.
        """
        if self.capped:
            return not size % 2 and need <= size // 2
        return need <= 1


#: The two joker caps, compiled (see :func:`wild_cap`).
_WILD_CAPS = {JokerCap.NATURALS: WildCap(True), JokerCap.NONE: WildCap(False)}


def wild_cap(rules: MeldRules) -> WildCap:
    """The joker cap of ``rules``, compiled once (:class:`WildCap`).

    >>> wild_cap(MeldRules()).capped
    True
    """
    return _WILD_CAPS[rules.joker_cap]


class MeldJudge:
    """The meld hook of one :class:`MeldRules` (:meth:`MeldRules.meld_problem`), asked once per distinct meld.

    Its answers are remembered (by kind, cards and ``on_table``) and checked:
    a hook that raises, or answers neither ``None`` nor a sentence, fails with
    a :class:`VariantError` naming it. Get one with :func:`meld_judge`.
    """

    __slots__ = ("_allowed", "_known", "rules")

    #: The most answers kept; the memory is emptied past it.
    MOST_KNOWN = 1 << 16

    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules
        self._known: dict[tuple[MeldKind, tuple[Card, ...], bool], str | None] = {}
        #: The verdicts on melds as the search spells them (card indices), asked as they would go down.
        self._allowed: dict[tuple[MeldKind, tuple[int, ...]], bool] = {}

    def problem(self, kind: MeldKind, cards: Sequence[Card], on_table: bool) -> str | None:
        """What the hook says of the meld of ``kind`` holding ``cards`` (a set's in any order), or ``None``."""
        key = (kind, tuple(cards) if kind is _RUN else tuple(sorted(cards)), on_table)
        known = self._known
        if key in known:
            return known[key]
        meld = object.__new__(Meld)  # (the cards are cards already, a set's sorted: not checked again)
        object.__setattr__(meld, "kind", kind)
        object.__setattr__(meld, "cards", key[1])
        try:
            found = self.rules.meld_problem(meld, on_table=on_table)
        except VariantError:
            raise
        except Exception as error:
            raise VariantError(f"melds.meld_problem({meld}, on_table={on_table}) failed: "
                               f"{type(error).__name__}: {error}") from error
        if found is not None and not (isinstance(found, str) and found.strip()):
            raise VariantError(f"melds.meld_problem({meld}, on_table={on_table}) must return None or a "
                               f"sentence, got {printable(found)}")
        if len(known) >= self.MOST_KNOWN:
            known.clear()
        known[key] = found
        return found

    def allows(self, kind: MeldKind, indices: tuple[int, ...]) -> bool:
        """Whether the hook allows the meld of card indices ``indices`` (the search's form of a meld) to go down."""
        allowed = self._allowed
        found = allowed.get((kind, indices))
        if found is None:
            if len(allowed) >= self.MOST_KNOWN:
                allowed.clear()
            found = allowed[(kind, indices)] = self.problem(kind, [CARDS[index] for index in indices], False) is None
        return found


_judges: dict[int, tuple[MeldRules, MeldJudge | None]] = {}


def meld_judge(rules: MeldRules) -> MeldJudge | None:
    """The memoised meld hook of ``rules``, or ``None`` where :meth:`MeldRules.meld_problem` is not overridden.

    ``None`` is the built-in rules' answer, decided once per rules object, so
    that the search pays nothing for a hook nobody wrote.

    >>> meld_judge(MeldRules()) is None
    True
    """
    entry = _judges.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_judges) > 64:
            _judges.clear()
        judge = None if type(rules).meld_problem is MeldRules.meld_problem else MeldJudge(rules)
        entry = _judges[id(rules)] = (rules, judge)
    return entry[1]


_NATURAL = Twos.NATURAL
_SET = MeldKind.SET
_RUN = MeldKind.RUN
_CAP = JokerCap.NATURALS


def _rules_problem(rules: MeldRules) -> str | None:
    """What is wrong with ``rules`` (a sentence naming the field), or ``None``."""
    return _rules_type_problem(rules) or _rules_size_problem(rules) or _rules_ace_problem(rules)


def _rules_type_problem(rules: MeldRules) -> str | None:
    """What is wrong with the flags, ``min_naturals`` or the enum fields of ``rules``, or ``None``."""
    for name in ("set_distinct_suits", "ace_low", "ace_high", "run_wrap", "joker_cap_on_layoff",
                 "distinct_suits_on_layoff"):
        value = getattr(rules, name)
        if not isinstance(value, bool):
            return f"{name} must be True or False, got {printable(value)}"
    if not is_int(rules.min_naturals) or not 0 <= rules.min_naturals <= 3:
        return f"min_naturals must be an integer from 0 to 3, got {printable(rules.min_naturals)}"
    for name, kind in (("joker_cap", JokerCap), ("twos", Twos)):
        value = getattr(rules, name)
        if not isinstance(value, kind):
            return f"{name} must be a {kind.__name__} member, got {printable(value)}"
    return None


def _rules_size_problem(rules: MeldRules) -> str | None:
    """What is wrong with the set and run sizes of ``rules``, or ``None``."""
    if not is_int(rules.set_min) or not 2 <= rules.set_min <= MOST_CARDS:
        return f"set_min must be an integer from 2 to {MOST_CARDS}, got {printable(rules.set_min)}"
    if rules.set_max is not None and not (is_int(rules.set_max) and rules.set_min <= rules.set_max <= MOST_CARDS):
        return f"set_max must be None or set_min ({rules.set_min}) to {MOST_CARDS}, got {printable(rules.set_max)}"
    if not is_int(rules.run_min) or not 2 <= rules.run_min <= LONGEST_RUN:
        return f"run_min must be an integer from 2 to {LONGEST_RUN}, got {printable(rules.run_min)}"
    if not is_int(rules.run_max) or not rules.run_min <= rules.run_max <= LONGEST_RUN:
        return (f"run_max must be an integer from run_min ({rules.run_min}) to {LONGEST_RUN}, "
                f"got {printable(rules.run_max)}")
    return None


def _rules_ace_problem(rules: MeldRules) -> str | None:
    """What is wrong with where the ace may stand under ``rules``, or ``None``."""
    if not (rules.ace_low or rules.ace_high):
        return "the ace must be low, high or both (ace_low and ace_high are both False)"
    if rules.twos is Twos.WILD and (rules.ace_low or rules.run_wrap):
        return "under Twos.WILD runs start at 3 (no 2's place), so ace_low and run_wrap must be False"
    return None


def is_wild(rules: MeldRules, card: Card) -> bool:
    """Whether ``card`` is a wild under ``rules``: a joker, or a live 2 where 2s are wild.

    Under :attr:`Twos.WILD_EXCEPT_SETS` a 2 is wild except in a set of twos;
    this answers for a card outside any meld. A dead 2 (S15) is never wild.

    >>> [is_wild(MeldRules(twos=Twos.WILD, ace_low=False), card) for card in parse_cards("2H 2H+")]
    [True, False]

    .. versionadded:: 0.2.0
    """
    return card.index == _J or (rules.twos is not Twos.NATURAL and card.index % 13 == 1 and card.index < _J)


def _canonical(kind: MeldKind, cards: Sequence[Card]) -> tuple[Card, ...]:
    if kind is MeldKind.SET:
        return tuple(sorted(cards))
    return tuple(cards)


def as_cards(value: Sequence[Card] | str) -> tuple[Card, ...]:
    """``value`` as a tuple of cards: card text is parsed, a sequence of cards is checked.

    A helper the engine, the solver and the variant share (not in :data:`__all__`).

    >>> as_cards("QS JK")
    (Card(Rank.QUEEN, Suit.SPADES), JOKER)

    Raises:
        NotationError: If the text is not cards, or an item is not a :class:`~remi.Card`.
    """
    if isinstance(value, str):
        return parse_cards(value)
    try:
        cards = tuple(value)
    except TypeError:
        raise NotationError(f"expected cards or card text, got {printable(value)}", printable(value), 0) from None
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"{printable(card)} is not a card", printable(card), 0)
    return cards


@attrs.frozen(repr=False)
class Meld:
    """A proposed meld: a kind and its cards (runs low to high, jokers in place).

    A set's cards are kept sorted (two sets of the same cards are equal); a bad kind or card raises NotationError.

    >>> Meld(MeldKind.RUN, "2S JK 4S 5S")
    Meld(MeldKind.RUN, parse_cards('2S JK 4S 5S'))
    >>> str(Meld.parse("set QH QS JK"))
    'set QS QH JK'

    .. versionadded:: 0.1.0
    """

    kind: MeldKind = attrs.field(validator=_is_a(MeldKind, "a meld's kind"))
    cards: tuple[Card, ...] = attrs.field(converter=as_cards)

    def __attrs_post_init__(self) -> None:
        if self.kind is MeldKind.SET:
            object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __repr__(self) -> str:
        return f"Meld({self.kind!r}, parse_cards({format_cards(self.cards)!r}))"

    def __str__(self) -> str:
        return f"{self.kind.value} {format_cards(self.cards)}"

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse ``"set QS QH JK"`` or ``"run 2S JK 4S 5S"``.

        Raises:
            NotationError: If ``text`` is not text, or the kind word or a card is bad.
        """
        if not isinstance(text, str):
            raise NotationError(f"expected meld text, got {type(text).__name__}", printable(text), 0)
        word, _, rest = " ".join(text.split()).partition(" ")  # (any whitespace parts the words)
        try:
            kind = MeldKind(word.lower())
        except ValueError:
            raise NotationError(f"{printable(word)} is not a meld kind (expected 'set' or 'run')", word,
                                text.find(word)) from None
        cards = parse_cards(rest)
        if not cards:
            raise NotationError(f"the {kind.value} in {text.strip()!r} has no cards", text.strip(), 0)
        return cls(kind, cards)


def _value_ok(rules: MeldRules, rank: int, value: int) -> bool:
    """Whether a natural of ``rank`` may stand at run value ``value`` (1–14)."""
    if rank == 1:
        return (value == 1 and rules.ace_low) or (value == 14 and rules.ace_high)
    return rank == value


def run_value_bounds(rules: MeldRules) -> tuple[int, int, bool]:
    """The lowest and highest value of a run position, and whether runs wrap (no 2 under Twos.WILD: M5)."""
    if rules.twos is Twos.WILD:
        return 3, 14 if rules.ace_high or rules.run_wrap else 13, False
    return 1 if rules.ace_low else 2, 14 if rules.ace_high else 13, rules.run_wrap


def longest_run(rules: MeldRules) -> int:
    """The most positions a run can have under ``rules`` (``run_max`` aside)."""
    lowest, highest, wrap = run_value_bounds(rules)
    return LONGEST_RUN if wrap else highest - lowest + 1


# -- a run's values where 2s are wild or dead ------------------------------------------------------
# A run's positions stand for values 1 (the low ace) to 14 (the high ace); ``bounds`` are the lowest and
# highest value a position may take and whether runs wrap (run_value_bounds). Where 2s are wild every live 2
# in a run is a wild; a dead 2 (S15) is a natural whose only place is the 2 of its suit.


def _wild_run_start(bounds: tuple[int, int, bool], cards: Sequence[Card]) -> int | None:
    """The first position's value of a run where 2s are wild, or ``None`` (see :func:`remi.melds.run_start`)."""
    n = len(cards)
    first = next((i for i, card in enumerate(cards)
                  if card.index != _J and (card.index % 13 != 1 or card.index > _J)), -1)
    if first < 0:
        return None
    if cards[first].index > _J:
        return _dead_run_start(bounds, True, cards)
    lowest, highest, wrap = bounds
    rank = cards[first].index % 13 + 1
    for start in (1 - first, 14 - first) if rank == 1 else (rank - first,):
        if not wrap and (start < lowest or start + n - 1 > highest):
            continue
        for i in range(first, n):
            index = cards[i].index
            if index >= _J:
                if index == _J:
                    continue
                return _dead_run_start(bounds, True, cards)  # S15: a dead 2 in the run
            # a live 2 is a wild; a natural must be the rank of its value (14, the high ace, and round the
            # corner, read modulo 13; without run_wrap the bounds keep forbidden aces out)
            if index % 13 != 1 and (start + i - 1) % 13 != index % 13:
                break
        else:
            return start
    return None


def _natural_ranks(wild_twos: bool, cards: Sequence[Card]) -> list[tuple[int, int, int]]:
    """Each natural of a run as (position, rank 1–13, suit): a dead 2 (S15) is the 2 of its suit."""
    out = []
    for i, card in enumerate(cards):
        index = card.index
        if index > _J:
            out.append((i, 2, index - _DEAD))
        elif index != _J and not (wild_twos and index % 13 == 1):
            out.append((i, index % 13 + 1, index // 13))
    return out


def _dead_run_start(bounds: tuple[int, int, bool], wild_twos: bool, cards: Sequence[Card]) -> int | None:
    """The first position's value of a run that holds a dead 2 (S15), or ``None``."""
    n = len(cards)
    naturals = _natural_ranks(wild_twos, cards)
    if not naturals:
        return None
    lowest, highest, wrap = bounds
    first, rank, _ = naturals[0]
    for start in (1 - first, 14 - first) if rank == 1 else (rank - first,):
        if not wrap and (start < lowest or start + n - 1 > highest):
            continue
        if wrap:
            if all((start + i - 1) % 13 + 1 == r for i, r, _ in naturals):
                return start
        elif all(r == start + i or (r == 1 and start + i == 14) for i, r, _ in naturals):
            return start
    return None


def _cyclic_consistent(cards: Sequence[Card], wild_twos: bool = False) -> bool:
    """Whether the naturals (live 2s aside where wild) keep one offset round the corner: a wrap, not a gap."""
    offsets = {
        (card.index % 13 - i) % 13
        for i, card in enumerate(cards)
        if card.index != _J and not (wild_twos and card.index % 13 == 1)
    }
    return len(offsets) <= 1


def run_start(rules: MeldRules, cards: Sequence[Card]) -> int | None:
    """The value (1–14, ace low = 1, ace high = 14) of a run's first position.

    Returns ``None`` when the cards do not fit one straight sequence (gaps,
    wrap, no naturals, or a position — a wild's too — at the low or high
    ace where the rules forbid it). With ``run_wrap`` the value may fall
    outside 1–14 and is read modulo 13.

    Where 2s are wild, a 2 in a run is a wild, even in its own place; under
    :attr:`Twos.WILD` no position is the 2 (nor the low ace). A run of wilds
    only stands for no definite cards: its start is ``None``.

    >>> run_start(MeldRules(twos=Twos.WILD_EXCEPT_SETS), parse_cards("AH 2H 3H 4H"))
    1

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       A joker never stands for an ace that ``ace_low`` or ``ace_high`` forbids.
    .. versionchanged:: 0.2.0
       Wild 2s (:class:`Twos`); a dead 2 (S15) is a natural that stands only
       at the 2 of its suit.
    """
    if rules.twos is not _NATURAL:
        return _wild_run_start(run_value_bounds(rules), cards)
    n = len(cards)
    first = -1
    rank = 0
    for i, card in enumerate(cards):
        if card.index != _J:
            first, rank = i, card.index % 13 + 1
            break
    if first < 0:
        return None
    if cards[first].index > _J:
        return _dead_run_start(run_value_bounds(rules), False, cards)
    candidates = (1 - first, 14 - first) if rank == 1 else (rank - first,)
    # Without wrap, every position (a joker's too) must be a value the rules allow:
    # 1 (the low ace) only with ace_low, 14 (the high ace) only with ace_high.
    lowest = 1 if rules.ace_low else 2
    highest = 14 if rules.ace_high else 13
    for start in candidates:
        if not rules.run_wrap and (start < lowest or start + n - 1 > highest):
            continue
        for i in range(first, n):
            card = cards[i]
            if card.index >= _J:
                if card.index == _J:
                    continue
                return _dead_run_start(run_value_bounds(rules), False, cards)  # S15: a dead 2 in the run
            value = start + i
            if rules.run_wrap:
                value = (value - 1) % 13 + 1
                if card.index % 13 + 1 != value:
                    break
            elif not _value_ok(rules, card.index % 13 + 1, value):
                break
        else:
            return start
    return None


def _joker_problem(rules: MeldRules, naturals: int, jokers: int) -> MeldProblem:
    problem = MeldProblem(0)
    if naturals < rules.min_naturals:
        problem |= MeldProblem.TOO_FEW_NATURALS if naturals else MeldProblem.NO_NATURAL
    if rules.joker_cap is _CAP and jokers > naturals:  # (WildCap.allows, inline: a hot path)
        problem |= MeldProblem.TOO_MANY_JOKERS
    return problem


def _twos_set(rules: MeldRules, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` are a set of twos whose 2s are naturals (:attr:`Twos.WILD_EXCEPT_SETS`)."""
    if rules.twos is not Twos.WILD_EXCEPT_SETS:
        return False
    twos = False
    for card in cards:
        if card.index != _J:
            if card.index % 13 != 1:
                return False
            twos = True
    return twos


def meld_problems(rules: MeldRules, kind: MeldKind, cards: Sequence[Card]) -> MeldProblem:
    """Everything wrong with ``cards`` as a meld of ``kind`` under ``rules``.

    A *wild* is a joker or, where ``rules.twos`` says so, a 2; a *natural* is
    any other card. The joker cap counts every wild; a meld keeps at least
    ``rules.min_naturals`` naturals. Under :attr:`Twos.WILD_EXCEPT_SETS` a set
    whose every card but the jokers is a 2 is a set of twos, its 2s naturals.
    With ``min_naturals`` 0 a meld of wilds only is valid: a set if its size
    fits, a run if its length fits ``run_min`` to ``run_max`` and some place
    in the sequence (it stands for no definite cards; they are listed as they
    are).

    Returns:
        A :class:`MeldProblem` flag, falsy exactly when the meld is valid.

    Raises:
        NotationError: If ``kind`` is not a :class:`MeldKind` (text such as ``"set"`` is not one).

    >>> shanghai = MeldRules(twos=Twos.WILD_EXCEPT_SETS)
    >>> [meld_problems(shanghai, MeldKind.SET, parse_cards(text)) for text in ("7S 7H 2D", "2S 2H 2D", "7S 2H 2D")]
    [<MeldProblem: 0>, <MeldProblem: 0>, <MeldProblem.TOO_MANY_JOKERS: 128>]
    >>> meld_problems(MeldRules(twos=Twos.WILD, ace_low=False), MeldKind.RUN, parse_cards("2S 3S 4S 5S"))
    <MeldProblem.WRAP: 64>
    >>> meld_problems(MeldRules(min_naturals=2, joker_cap=JokerCap.NONE), MeldKind.SET, parse_cards("7S JK JK"))
    <MeldProblem.TOO_FEW_NATURALS: 512>

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       A run with a joker in the place of an ace the rules forbid is
       :attr:`MeldProblem.WRAP` (before, it was accepted).
    .. versionchanged:: 0.2.0
       Wild 2s (``rules.twos``) and ``rules.min_naturals``
       (:attr:`MeldProblem.TOO_FEW_NATURALS`).
    .. versionchanged:: 0.2.0
       A dead 2 (S15) is a natural that stands only at the 2 of its suit in a
       run (:attr:`MeldProblem.DEAD_TWO` elsewhere).
    .. versionchanged:: 0.2.0
       A kind that is not a :class:`MeldKind` is refused (text such as ``"set"`` was judged as a run).
    """
    if kind is _SET:
        return _set_problems(rules, cards)
    if kind is _RUN:
        return _run_problems(rules, cards)
    raise _not_a_kind(kind)


def _not_a_kind(kind: object) -> NotationError:
    """The refusal of a meld kind that is not a :class:`MeldKind` (text such as ``"set"`` is not one)."""
    return NotationError(f"a meld's kind must be a MeldKind, got {printable(kind)}", printable(kind), 0)


def _set_problems(rules: MeldRules, cards: Sequence[Card]) -> MeldProblem:
    """:func:`meld_problems` for a set: wilds, size, ranks and suits."""
    if rules.twos is _NATURAL or _twos_set(rules, cards):
        naturals = [card.index for card in cards if card.index != _J]
    else:
        naturals = [card.index for card in cards if _NATURAL_WHERE_TWOS_WILD[card.index]]
    if naturals and max(naturals) > _J:
        return _dead_problems(rules, _SET, cards)
    n = len(cards)
    problem = _joker_problem(rules, len(naturals), n - len(naturals))
    if n < rules.set_min:
        problem |= MeldProblem.TOO_SHORT
    if rules.set_max is not None and n > rules.set_max:
        problem |= MeldProblem.TOO_LONG
    if len({index % 13 for index in naturals}) > 1:
        problem |= MeldProblem.MIXED_RANKS
    if rules.set_distinct_suits and len({index // 13 for index in naturals}) < len(naturals):
        problem |= MeldProblem.REPEATED_SUIT
    return problem


def _run_problems(rules: MeldRules, cards: Sequence[Card]) -> MeldProblem:
    """:func:`meld_problems` for a run: wilds, length, suits and sequence."""
    if rules.twos is _NATURAL:
        naturals = [card.index for card in cards if card.index != _J]
    else:
        naturals = [card.index for card in cards if _NATURAL_WHERE_TWOS_WILD[card.index]]
    if naturals and max(naturals) > _J:
        return _dead_problems(rules, _RUN, cards)
    n = len(cards)
    problem = _joker_problem(rules, len(naturals), n - len(naturals))
    if n < rules.run_min:
        problem |= MeldProblem.TOO_SHORT
    too_long = n > rules.run_max
    if too_long:
        problem |= MeldProblem.TOO_LONG
    if len({index // 13 for index in naturals}) > 1:
        problem |= MeldProblem.MIXED_SUITS
    if naturals:
        if run_start(rules, cards) is None:
            if not _cyclic_consistent(cards, rules.twos is not _NATURAL):
                problem |= MeldProblem.GAP
            elif not too_long:
                problem |= MeldProblem.WRAP
    elif not rules.min_naturals and not too_long and n > longest_run(rules):
        problem |= MeldProblem.WRAP
    return problem


def _dead_problems(rules: MeldRules, kind: MeldKind, cards: Sequence[Card]) -> MeldProblem:
    """:func:`meld_problems` for a meld that holds a dead 2 (S15)."""
    as_live = [live_twin(card) for card in cards]
    if kind is _SET:  # a dead 2 is never in a set, not even a set of twos
        return meld_problems(rules, kind, as_live) | MeldProblem.DEAD_TWO
    n = len(cards)
    naturals = _natural_ranks(rules.twos is not _NATURAL, cards)
    problem = _joker_problem(rules, len(naturals), n - len(naturals))
    if n < rules.run_min:
        problem |= MeldProblem.TOO_SHORT
    if n > rules.run_max:
        problem |= MeldProblem.TOO_LONG
    if len({suit for _, _, suit in naturals}) > 1:
        problem |= MeldProblem.MIXED_SUITS
    if _dead_run_start(run_value_bounds(rules), rules.twos is not _NATURAL, cards) is None:
        # the dead 2 out of its place; or, were it a wild, a gap or a wrap anyway
        problem |= MeldProblem.DEAD_TWO
        if rules.twos is not _NATURAL:
            problem |= meld_problems(rules, kind, as_live) & (MeldProblem.GAP | MeldProblem.WRAP)
    return problem


def run_cards(rules: MeldRules, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The natural card each position of a valid run stands for.

    A wild (a joker, or a wild 2) stands for the card of its position (R1);
    a natural stands for itself.

    >>> from remi.melds import MeldRules
    >>> format_cards(run_cards(MeldRules(), parse_cards("2S JK 4S 5S")))
    '2S 3S 4S 5S'
    >>> format_cards(run_cards(MeldRules(twos=Twos.WILD, ace_low=False), parse_cards("5C 6C 2S 8C")))
    '5C 6C 7C 8C'

    Raises:
        ValueError: If the cards are not a valid run's order, or are wilds
            only (such a run stands for no definite cards).

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Wild 2s stand for the card of their position; a dead 2 (S15) stands for
       the 2 of its suit.
    """
    start = run_start(rules, cards)
    wild_twos = rules.twos is not _NATURAL
    suit = next((card.index // 13 if card.index < _J else card.index - _DEAD for card in cards
                 if card.index != _J and not (wild_twos and card.index % 13 == 1 and card.index < _J)), None)
    if start is None or suit is None:
        raise ValueError(f"{format_cards(cards)} is not a run")
    return tuple(NATURALS[suit * 13 + (start + i - 1) % 13] for i in range(len(cards)))


def lay_off(
    rules: MeldRules, kind: MeldKind, cards: Sequence[Card], card: Card, end: End | None = None
) -> tuple[Card, ...] | None:
    """The meld after laying ``card`` off onto it, or ``None`` if that is not allowed.

    Onto a set the card goes anywhere (``end`` is ignored); onto a run it goes
    at ``end`` (R5). The result must be a valid meld, joker cap included
    (N10: the cap holds after lay-offs too, where ``rules`` say so), so a wild
    is never laid off where it would stand for an ace the rules forbid. A wild
    2 is laid off like a joker. A set of twos (:attr:`Twos.WILD_EXCEPT_SETS`)
    stays one: a natural of another rank is refused, though its 2s, turned
    wild, might let the result pass as a set of that rank.

    Raises:
        NotationError: If ``kind`` is not a :class:`MeldKind` (text such as ``"set"`` is not one).

    >>> from remi.melds import MeldRules
    >>> run = parse_cards("5C 6C 7C 8C")
    >>> format_cards(lay_off(MeldRules(), MeldKind.RUN, run, parse_cards("9C")[0], End.HIGH))
    '5C 6C 7C 8C 9C'
    >>> loose = MeldRules(twos=Twos.WILD_EXCEPT_SETS, joker_cap=JokerCap.NONE)
    >>> format_cards(lay_off(loose, MeldKind.RUN, parse_cards("5C 6C JK JK"), parse_cards("2D")[0], End.HIGH))
    '5C 6C JK JK 2D'

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       A joker is refused at an end where it would stand for a forbidden ace.
    .. versionchanged:: 0.2.0
       Wild 2s; a set of twos stays a set of twos.
    .. versionchanged:: 0.2.0
       A kind that is not a :class:`MeldKind` is refused (text such as ``"set"`` was judged as a run).
    """
    if kind is _SET:
        if (rules.twos is Twos.WILD_EXCEPT_SETS and card.index != _J and card.index % 13 != 1
                and _twos_set(rules, cards)):
            return None
        result = tuple(sorted((*cards, card)))
        return None if _set_problems(rules, result) else result
    if kind is not _RUN:
        raise _not_a_kind(kind)
    if end is End.LOW:
        result = (card, *cards)
    elif end is End.HIGH:
        result = (*cards, card)
    else:
        return None
    return None if _run_problems(rules, result) else result


def swap_joker(
    rules: MeldRules,
    kind: MeldKind,
    cards: Sequence[Card],
    naturals: Sequence[Card],
    *,
    from_runs: bool = True,
    from_sets: SetSwap = SetSwap.NEVER,
    twos: bool = False,
) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """Put ``naturals`` in place of wilds; the new meld and the wilds freed.

    From a run (if ``from_runs``) exactly one natural frees the joker standing
    for that card (N11, E5), or, with ``twos``, a wild 2 standing for it (S13).
    From a set, with ``from_sets`` at :attr:`SetSwap.ON_COMPLETION`, naturals
    that make the set four naturals of all four suits free every joker (and,
    with ``twos``, every wild 2), one natural per wild (E6). A replacement is
    always a natural: never a joker, and never a live 2 where 2s are wild (a
    2 put into a run would be a wild itself); a dead 2 (S15) is a natural 2
    and redeems a wild standing for the 2 of its suit, never one in a set. A
    dead 2 is never freed. Returns ``None`` when the swap is not allowed.

    Raises:
        NotationError: If ``kind`` is not a :class:`MeldKind` (text such as ``"set"`` is not one).

    >>> from remi.melds import MeldRules
    >>> meld, freed = swap_joker(MeldRules(), MeldKind.RUN, parse_cards("5C JK 7C 8C"), parse_cards("6C"))
    >>> format_cards(meld), format_cards(freed)
    ('5C 6C 7C 8C', 'JK')
    >>> shanghai = MeldRules(twos=Twos.WILD_EXCEPT_SETS)
    >>> meld, freed = swap_joker(shanghai, MeldKind.RUN, parse_cards("5C 6C 2S 8C"), parse_cards("7C"), twos=True)
    >>> format_cards(meld), format_cards(freed)
    ('5C 6C 7C 8C', '2S')

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       The swap rules are arguments (they belong to :class:`remi.Swaps`), the
       cards freed are returned, not their number, and ``twos`` lets a wild 2
       be swapped out too.
    .. versionchanged:: 0.2.0
       A kind that is not a :class:`MeldKind` is refused (text such as ``"set"`` was judged as a run).
    """
    wild_twos = rules.twos is not _NATURAL
    if not naturals or any(card.index == _J or (wild_twos and card.index % 13 == 1 and card.index < _J)
                           for card in naturals):
        return None
    swappable = wild_twos and twos
    if kind is MeldKind.RUN:
        if not from_runs or len(naturals) != 1:
            return None
        return _swap_from_run(rules, cards, naturals[0], swappable)
    if kind is not MeldKind.SET:
        raise _not_a_kind(kind)
    if from_sets is not SetSwap.ON_COMPLETION or any(card.index > _J for card in naturals):
        return None
    return _swap_from_set(cards, naturals, wild_twos, swappable)


def _freeable(card: Card, swappable: bool) -> bool:
    """Whether ``card`` may be swapped out of a meld: a joker, or a live 2 where ``swappable`` (wild 2s swap)."""
    return card.index == _J or (swappable and card.index % 13 == 1 and card.index < _J)


def _swap_from_run(
    rules: MeldRules, cards: Sequence[Card], natural: Card, swappable: bool
) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """Put ``natural`` in place of the wild of the run ``cards`` standing for it (N11, E5, S13); ``None`` if none."""
    # S13, S15: a dead 2 is the natural 2 of its suit, so it redeems a wild standing for that 2
    place = live_twin(natural)
    try:
        stands_for = run_cards(rules, cards)
    except ValueError:
        return None
    for i, card in enumerate(cards):
        if _freeable(card, swappable) and stands_for[i] is place:
            return (*cards[:i], natural, *cards[i + 1 :]), (card,)
    return None


def _swap_from_set(
    cards: Sequence[Card], naturals: Sequence[Card], wild_twos: bool, swappable: bool
) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """Free every wild of the set ``cards`` for ``naturals``, one each, if that completes four suits (E6)."""
    freed = tuple(card for card in cards if _freeable(card, swappable))
    if not freed or len(naturals) != len(freed):
        return None
    result = [card for card in cards if not _freeable(card, swappable)] + list(naturals)
    if len(result) != 4 or len({card.index % 13 for card in result}) != 1:
        return None
    if any(card.index == _J or (wild_twos and card.index % 13 == 1) for card in result):
        return None
    if {card.index // 13 for card in result} != {suit.value for suit in Suit}:
        return None
    return tuple(sorted(result)), freed
