"""The variant interface: one frozen value holding every rule parameter.

The engine is one engine; a variant is a value (§5 of the rules). Where data cannot
express a rule, a subclass overrides a small hook method
(:meth:`Variant.layoff_quota`, :meth:`Variant.winner_score`). A configuration
that cannot work raises :class:`~remi.errors.VariantError` when it is built,
never during a game.

>>> import attrs, remi
>>> norwegian = remi.variants.get("norwegian")
>>> [str(c) for c in norwegian.contracts]
['3-3', '3-4', '4-4', '3-3-3', '3-3-4', '3-4-4', '4-4-4']
>>> house = attrs.evolve(norwegian, name="norwegian-no-buy", buying=False)
>>> house.buying
False
>>> attrs.evolve(norwegian, deal_sizes=(30,) * 7)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
remi.errors.VariantError: norwegian: deal_sizes: dealing 30 cards to 6 players needs 182 cards ..., but the deck has 113

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import NoReturn, cast

import attrs

from remi.cards import Card, full_deck
from remi.contracts import Contract
from remi.errors import VariantError
from remi.melds import (
    _LONGEST_RUN,
    JokerCap,
    MeldKind,
    MeldProblem,
    MeldRules,
    SetSwap,
    meld_problems,
)

__all__ = ["GoingOut", "Schedule", "Variant"]


class Schedule(enum.Enum):
    """How contracts follow each other (§5 of the rules, "schedule").

    .. versionadded:: 0.1.0
    """

    #: Everyone plays the same contract per deal; the match is one deal per contract.
    ROUNDS = "rounds"
    #: Each player climbs their own levels; only a deal's winner advances; the
    #: match ends when someone wins the last level.
    LEVELS = "levels"


class GoingOut(enum.Enum):
    """Whether going out needs a final discard (N17, E13).

    .. versionadded:: 0.1.0
    """

    #: The last card may leave by discard, lay-off or going down.
    DISCARD_OPTIONAL = "discard-optional"
    #: The last card must be discarded.
    DISCARD_REQUIRED = "discard-required"


#: The most packs a variant may use: a deck of at most 8 × 52 naturals.
_MAX_PACKS = 8
#: The most jokers a variant may use.
_MAX_JOKERS = 64
#: The most a card left in hand may cost (or, negative, earn).
_MAX_POINTS = 10_000

_RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: The fields that must be exactly ``True`` or ``False``.
_FLAGS = (
    "exact_sizes",
    "piecemeal",
    "set_distinct_suits",
    "ace_low",
    "ace_high",
    "run_wrap",
    "joker_cap_on_layoff",
    "swap_from_runs",
    "swap_from_own_melds",
    "swapper_must_be_down",
    "layoff_requires_down",
    "rediscard_taken_card",
    "buying",
    "discarder_may_buy",
    "down_players_may_buy",
)


def _is_int(value: object) -> bool:
    """Whether ``value`` is an integer (``True`` and ``False`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _as_tuple(value: object) -> object:
    """Any iterable but text as a tuple; anything else unchanged, for the validation to name."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        return value
    try:
        return tuple(value)
    except TypeError:
        return value


def _contracts(value: Iterable[Contract]) -> tuple[Contract, ...]:
    return cast("tuple[Contract, ...]", _as_tuple(value))


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return cast("tuple[int, ...]", _as_tuple(value))


def _bools(value: Iterable[bool]) -> tuple[bool, ...]:
    return cast("tuple[bool, ...]", _as_tuple(value))


def _pair(value: Iterable[int]) -> tuple[int, int]:
    return cast("tuple[int, int]", _as_tuple(value))


@attrs.frozen(kw_only=True)
class Variant:
    """A rummy variant: its name, version and every rule parameter.

    Build new variants with ``Variant(...)`` or derive house rules with
    :func:`attrs.evolve`; either way the whole configuration is checked.

    Attributes:
        name: The registry name, e.g. ``"norwegian"``.
        version: The rules version; a recorded game names it.
        title: A human title.
        packs: Number of 52-card packs.
        jokers: Number of jokers.
        min_players: Fewest players.
        max_players: Most players.
        recommended_players: The player range shown to users.
        schedule: Fixed rounds or per-player levels.
        contracts: The contracts; index 0 is round 1 (or level 1).
        deal_sizes: Cards dealt to each player, per contract.
        all_in: Per contract, whether going down must use the whole hand (N18).
        exact_sizes: Whether requirement sizes are exact (else minimums).
        piecemeal: Whether a contract may go down one meld at a time (E8).
        set_min: Fewest cards in a set.
        set_max: Most cards in a set (``None``: no limit).
        set_distinct_suits: Whether a set's naturals must differ in suit (E4).
        run_min: Fewest cards in a run.
        run_max: Most cards in a run.
        ace_low: Whether the ace may stand before the two.
        ace_high: Whether the ace may stand after the king.
        run_wrap: Whether runs may go round the corner.
        joker_cap: How many jokers a meld may hold.
        joker_cap_on_layoff: Whether the cap also holds after lay-offs (N10 reading).
        swap_from_runs: Whether a joker can be swapped out of a run.
        set_swap: When a joker can be swapped out of a set.
        swap_from_own_melds: Whether a player may swap from their own melds.
        swapper_must_be_down: Whether only a player who is down may swap.
        layoff_requires_down: Whether laying off needs one's contract down first.
        own_meld_layoff_delay: Turns before a player may lay off on a meld they laid (E11).
        going_out: Whether going out needs a final discard.
        rediscard_taken_card: Whether the discard taken as the draw may be discarded again (N13).
        buying: Whether other players may buy a declined discard (N14).
        buy_penalty: Extra stock cards a buyer takes.
        buy_limit: Buys per player per deal (``None``: no limit).
        discarder_may_buy: Whether the player who discarded a card may buy it back.
        down_players_may_buy: Whether players who are down may buy.
        stock_rebuilds: How often the stock is rebuilt from the discards before the deal ends (N20).
        turn_limit: Turns after which a deal ends with no winner, as if the stock had run out
            (``None``: no limit). N20 bounds stock draws only; players who keep taking the
            discard would never exhaust the stock, so this bounds every deal.
        joker_points: What a joker left in hand costs.
        rank_points: What each rank left in hand costs, ace first.

    Raises:
        VariantError: When the variant is built, if a field has the wrong type
            or is out of range, or if the rules together can never work. The
            message starts with the variant's name and names the field (or the
            round) at fault. Flags must be ``True`` or ``False`` (not ``0`` or
            ``1``) and counts integers (not floats or text); 1 ≤ ``packs`` ≤ 8,
            0 ≤ ``jokers`` ≤ 64, card points within ±10000, ``run_max`` ≤ 14.
            Refused as unplayable: a deal that leaves no upcard and stock card
            for ``max_players``; a contract bigger than a hand, or asking for a
            meld these rules and this deck cannot make; an all-in round when
            going out needs a discard, or whose melds cannot hold a whole hand;
            a contract that fills the hand when going out needs a discard and
            hands cannot grow by buying; a hook that fails or returns a value of
            the wrong kind (a negative lay-off quota, a non-integer score).

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Every field is type- and range-checked, the deck is bounded, and more
       unplayable combinations are refused.
    """

    name: str = attrs.field()
    version: str = "1"
    title: str = ""
    packs: int = 2
    jokers: int = 0
    min_players: int = 2
    max_players: int = 6
    recommended_players: tuple[int, int] = attrs.field(default=(3, 5), converter=_pair)
    schedule: Schedule = Schedule.ROUNDS
    contracts: tuple[Contract, ...] = attrs.field(converter=_contracts)
    deal_sizes: tuple[int, ...] = attrs.field(converter=_ints)
    all_in: tuple[bool, ...] = attrs.field(converter=_bools)
    exact_sizes: bool = False
    piecemeal: bool = False
    set_min: int = 3
    set_max: int | None = None
    set_distinct_suits: bool = False
    run_min: int = 4
    run_max: int = 14
    ace_low: bool = True
    ace_high: bool = True
    run_wrap: bool = False
    joker_cap: JokerCap = JokerCap.NATURALS
    joker_cap_on_layoff: bool = True
    swap_from_runs: bool = True
    set_swap: SetSwap = SetSwap.NEVER
    swap_from_own_melds: bool = False
    swapper_must_be_down: bool = False
    layoff_requires_down: bool = True
    own_meld_layoff_delay: int = 0
    going_out: GoingOut = GoingOut.DISCARD_OPTIONAL
    rediscard_taken_card: bool = False
    buying: bool = False
    buy_penalty: int = 1
    buy_limit: int | None = None
    discarder_may_buy: bool = False
    down_players_may_buy: bool = True
    stock_rebuilds: int = 2
    turn_limit: int | None = 1000
    joker_points: int = 50
    rank_points: tuple[int, ...] = attrs.field(
        default=(20, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), converter=_ints
    )
    meld_rules: MeldRules = attrs.field(init=False, eq=False, repr=False)
    layoff_rules: MeldRules = attrs.field(init=False, eq=False, repr=False)
    _deck: tuple[Card, ...] = attrs.field(init=False, eq=False, repr=False)
    _points: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Types and ranges first: nothing below may crash on a wrong type or take long.
        self._check_fields()
        try:
            rules = MeldRules(
                set_min=self.set_min,
                set_max=self.set_max,
                set_distinct_suits=self.set_distinct_suits,
                run_min=self.run_min,
                run_max=self.run_max,
                ace_low=self.ace_low,
                ace_high=self.ace_high,
                run_wrap=self.run_wrap,
                joker_cap=self.joker_cap,
                joker_cap_on_layoff=self.joker_cap_on_layoff,
            )
        except VariantError as error:
            self._fail(str(error).removeprefix("meld rules: "))
        object.__setattr__(self, "meld_rules", rules)
        object.__setattr__(self, "layoff_rules", rules.for_layoffs())
        object.__setattr__(self, "_deck", full_deck(self.packs, self.jokers))
        points = [0] * 53
        for index in range(52):
            points[index] = self.rank_points[index % 13]
        points[52] = self.joker_points
        object.__setattr__(self, "_points", tuple(points))
        self._validate()

    def _fail(self, message: str) -> NoReturn:
        raise VariantError(f"{self.name}: {message}")

    def _check_fields(self) -> None:
        """Check every field's type and range (cheap checks only: nothing is built yet)."""
        if not isinstance(self.name, str) or not self.name or any(c.isspace() for c in self.name):
            raise VariantError(f"a variant needs a name without spaces, got {self.name!r}")
        fail = self._fail
        if not isinstance(self.version, str) or not self.version.strip():
            fail(f"version must be a non-empty string, got {self.version!r}")
        if not isinstance(self.title, str):
            fail(f"title must be a string, got {self.title!r}")
        enums: tuple[tuple[str, type[enum.Enum]], ...] = (
            ("schedule", Schedule), ("joker_cap", JokerCap), ("set_swap", SetSwap), ("going_out", GoingOut)
        )
        for field, kind in enums:
            value = getattr(self, field)
            if not isinstance(value, kind):
                fail(f"{field} must be a {kind.__name__} member, got {value!r}")
        for field in _FLAGS:
            value = getattr(self, field)
            if not isinstance(value, bool):
                fail(f"{field} must be True or False, got {value!r}")
        # The deck's bounds come before anything is dealt or built from it.
        packs, jokers = self.packs, self.jokers
        if not _is_int(packs) or not 1 <= packs <= _MAX_PACKS:
            if _is_int(packs) and packs == 0:
                fail("at least one pack is needed")
            fail(f"packs must be an integer from 1 to {_MAX_PACKS}, got {packs!r}")
        if not _is_int(jokers) or not 0 <= jokers <= _MAX_JOKERS:
            fail(f"jokers must be an integer from 0 to {_MAX_JOKERS}, got {jokers!r}")
        low, high = self.min_players, self.max_players
        if not _is_int(low) or low < 2:
            fail(f"min_players must be an integer of at least 2, got {low!r}")
        if not _is_int(high) or high < low:
            fail(f"max_players must be an integer of at least min_players ({low}), got {high!r}")
        best = self.recommended_players
        # (only shown to users, so a house rule that narrows the player range may keep it)
        if not (isinstance(best, tuple) and len(best) == 2 and all(_is_int(n) for n in best)
                and 2 <= best[0] <= best[1]):
            fail(f"recommended_players must be two integers of at least 2, fewest first, got {best!r}")
        for field in ("own_meld_layoff_delay", "buy_penalty", "stock_rebuilds"):
            value = getattr(self, field)
            if not _is_int(value) or value < 0:
                fail(f"{field} must be a non-negative integer, got {value!r}")
        if self.buy_limit is not None and (not _is_int(self.buy_limit) or self.buy_limit < 0):
            fail(f"buy_limit must be a non-negative integer or None, got {self.buy_limit!r}")
        if self.turn_limit is not None and (not _is_int(self.turn_limit) or self.turn_limit < 1):
            fail(f"turn_limit must be a positive integer or None, got {self.turn_limit!r}")
        if not _is_int(self.joker_points) or abs(self.joker_points) > _MAX_POINTS:
            fail(f"joker_points must be an integer from -{_MAX_POINTS} to {_MAX_POINTS}, got {self.joker_points!r}")
        if not isinstance(self.rank_points, tuple):
            fail(f"rank_points must be 13 integers (ace first), got {self.rank_points!r}")
        if len(self.rank_points) != 13:
            fail(f"rank_points needs 13 values (ace first), got {len(self.rank_points)}")
        for label, value in zip(_RANK_LABELS, self.rank_points, strict=True):
            if not _is_int(value) or abs(value) > _MAX_POINTS:
                fail(f"rank_points for {label} must be an integer from -{_MAX_POINTS} to {_MAX_POINTS}, "
                     f"got {value!r}")
        if not isinstance(self.contracts, tuple):
            fail(f"contracts must be a sequence of Contract values, got {self.contracts!r}")
        if not self.contracts:
            fail("contracts must hold at least one contract")
        for level, contract in enumerate(self.contracts, 1):
            if not isinstance(contract, Contract):
                fail(f"contracts: entry {level} must be a Contract, got {contract!r}")
        for field, values in (("deal_sizes", self.deal_sizes), ("all_in", self.all_in)):
            if not isinstance(values, tuple):
                fail(f"{field} must be a sequence with one entry per contract, got {values!r}")
            if len(values) != len(self.contracts):
                fail(f"{field} has {len(values)} entries for {len(self.contracts)} contracts")
        for level, (size, all_in) in enumerate(zip(self.deal_sizes, self.all_in, strict=True), 1):
            if not _is_int(size) or size < 1:
                fail(f"deal_sizes: the deal size {size!r} for contract {level} must be a positive integer")
            if not isinstance(all_in, bool):
                fail(f"all_in: the entry {all_in!r} for contract {level} must be True or False")

    def _hook(self, name: str, argument: int) -> object:
        """Call the hook ``name``; whatever it raises becomes a :class:`VariantError`."""
        try:
            return cast("object", getattr(self, name)(argument))
        except VariantError:
            raise
        except Exception as error:
            message = f"{self.name}: {name}({argument}) failed: {type(error).__name__}: {error}"
            raise VariantError(message) from error

    def _validate(self) -> None:
        """Refuse combinations of valid fields that can never work (every field is checked already)."""
        fail = self._fail
        deck = len(self._deck)
        kind = "round" if self.schedule is Schedule.ROUNDS else "level"
        # The biggest set and the longest run these rules and this deck allow.
        naturals = 4 if self.set_distinct_suits else 4 * self.packs
        biggest_set = naturals + (min(self.jokers, naturals) if self.joker_cap is JokerCap.NATURALS else self.jokers)
        if self.set_max is not None:
            biggest_set = min(biggest_set, self.set_max)
        longest_run = _LONGEST_RUN if self.run_wrap or (self.ace_low and self.ace_high) else _LONGEST_RUN - 1
        longest_run = min(longest_run, self.run_max)
        may_buy = self.buying and self.buy_limit != 0
        for level, (contract, size) in enumerate(zip(self.contracts, self.deal_sizes, strict=True), 1):
            needed = size * self.max_players + 2
            if needed > deck:
                fail(
                    f"deal_sizes: dealing {size} cards to {self.max_players} players needs {needed} cards "
                    f"(with the upcard and a stock card), but the deck has {deck}"
                )
            for req in contract.requirements:
                if req.kind is MeldKind.SET:
                    low, high, most = self.set_min, self.set_max, biggest_set
                else:
                    low, high, most = self.run_min, self.run_max, longest_run
                if req.size < low or (high is not None and req.size > high):
                    fail(f"contract {level} ({contract}) asks for a {req} outside the allowed sizes")
                if req.size > most:
                    fail(f"contract {level} ({contract}) asks for a {req}, but under these rules "
                         f"no {req.kind.value} can hold more than {most} cards")
            if contract.size > size + 1:
                fail(f"contract {level} ({contract}) needs {contract.size} cards but a hand holds {size + 1}")
            quota = self._hook("layoff_quota", level - 1)
            if quota is not None and (not _is_int(quota) or cast("int", quota) < 0):
                fail(f"layoff_quota({level - 1}) must return a non-negative integer or None, got {quota!r}")
            discard = self.going_out is GoingOut.DISCARD_REQUIRED
            if self.all_in[level - 1]:
                if discard:
                    fail(f"{kind} {level} ({contract}) is all-in (the whole hand goes down, with no discard), "
                         f"but going_out requires a final discard: nobody could ever go down in that {kind}")
                # Before going down a hand only shrinks by lay-offs, where those are allowed.
                shed = 0 if self.layoff_requires_down else cast("int | None", quota)
                holds = sum(biggest_set if req.kind is MeldKind.SET else longest_run for req in contract.requirements)
                if self.exact_sizes:
                    holds = contract.size
                if shed is not None and holds < size + 1 - shed:
                    fail(f"{kind} {level} ({contract}) is all-in, but its melds hold at most {holds} cards "
                         f"and a hand holds {size + 1}: nobody could ever lay down the whole hand")
            elif discard and not may_buy and contract.size > size:
                fail(f"{kind} {level} ({contract}) needs {contract.size} cards and a final discard, but "
                     f"a hand holds {size + 1} (and cannot grow without buying): nobody could ever go out")
        for wins in range(1, len(self.contracts) + 1):
            score = self._hook("winner_score", wins)
            if not _is_int(score):
                fail(f"winner_score({wins}) must return an integer, got {score!r}")

    # -- hooks ---------------------------------------------------------------

    def layoff_quota(self, level: int) -> int | None:
        """How many cards a player on contract ``level`` (0-based) may lay off per deal.

        ``None`` means no limit. Override in a subclass (English Remi: E12).
        """
        return None

    def winner_score(self, wins: int) -> int:
        """What the player who goes out scores, given their wins so far including this one.

        Override in a subclass (English Remi: E15). The default is 0 (N19).
        """
        return 0

    # -- derived -------------------------------------------------------------

    def card_points(self, card: Card) -> int:
        """What ``card`` costs when left in hand at the end of a deal.

        >>> import remi
        >>> remi.variants.get("norwegian").card_points(remi.JOKER)
        50
        """
        return self._points[card.index]

    def hand_points(self, cards: Sequence[Card]) -> int:
        """The total cost of ``cards`` left in hand.

        >>> import remi
        >>> remi.variants.get("norwegian").hand_points(remi.parse_cards("JK AS KH 10D 9C 2H"))
        101
        """
        points = self._points
        return sum(points[card.index] for card in cards)

    def deck(self) -> tuple[Card, ...]:
        """The full deck, sorted: ``packs`` × 52 naturals and the jokers."""
        return self._deck

    def meld_problems(self, kind: MeldKind, cards: Sequence[Card] | str) -> MeldProblem:
        """Everything wrong with ``cards`` as a meld of ``kind`` in this variant.

        Args:
            kind: :attr:`MeldKind.SET` or :attr:`MeldKind.RUN`.
            cards: The cards (runs low to high, jokers in place), or card text.

        Returns:
            A :class:`~remi.MeldProblem` flag, falsy exactly when the meld is valid.

        >>> import remi
        >>> v = remi.variants.get("english")
        >>> v.meld_problems(remi.MeldKind.SET, "7S 7S 7H")
        <MeldProblem.REPEATED_SUIT: 16>
        """
        from remi.melds import _to_cards

        return meld_problems(self.meld_rules, kind, _to_cards(cards))

    @property
    def rounds(self) -> int:
        """The number of contracts (rounds or levels)."""
        return len(self.contracts)

    def __str__(self) -> str:
        return self.name

    def summary(self) -> str:
        """A plain-text summary of the rules: contracts, deal sizes, points, parameters."""
        kind = "round" if self.schedule is Schedule.ROUNDS else "level"
        lines = [f"{self.title or self.name} (variant {self.name!r}, version {self.version})", ""]
        lines.append(f"Players: {self.min_players}-{self.max_players} "
                     f"(best {self.recommended_players[0]}-{self.recommended_players[1]})")
        lines.append(f"Deck: {self.packs} x 52 cards + {self.jokers} jokers = {len(self._deck)} cards")
        lines.append("")
        labels = [f"{c.name} ({', '.join(str(r) for r in c.requirements)})" for c in self.contracts]
        width = max(len("contract"), *(len(label) for label in labels))
        lines.append(f"{kind:<6} {'contract':<{width}} {'dealt':>5}  notes")
        for i, label in enumerate(labels):
            notes = []
            if self.all_in[i]:
                notes.append("all-in: the whole hand goes down, no discard")
            quota = self.layoff_quota(i)
            if quota is not None:
                notes.append(f"lay-off quota {quota}")
            lines.append(f"{i + 1:<6} {label:<{width}} {self.deal_sizes[i]:>5}  {'; '.join(notes)}".rstrip())
        lines.append("")
        lines.append("Card points: joker {}, {}".format(
            self.joker_points,
            ", ".join(f"{label} {p}" for label, p in zip(
                ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"), self.rank_points,
                strict=True))))
        lines.append("Sizes are " + ("exact" if self.exact_sizes else "minimums") + "; contracts go down "
                     + ("piecemeal" if self.piecemeal else "whole, in one turn") + ".")
        lines.append("")
        lines.append("Parameters:")
        for field in attrs.fields(type(self)):
            if not field.init or field.name in ("contracts", "deal_sizes", "all_in", "rank_points",
                                                "title", "name", "version"):
                continue
            value = getattr(self, field.name)
            if isinstance(value, enum.Enum):
                value = value.value
            lines.append(f"  {field.name} = {value}")
        return "\n".join(lines)

    @property
    def fingerprint(self) -> str:
        """A short, stable digest of the rules: 16 hex digits that change whenever a rule does.

        It is the SHA-256 of a canonical text of every rule parameter (every
        field but ``name``, ``version``, ``title`` and ``recommended_players``,
        which are labels), of the class's qualified name (hooks cannot be
        hashed, so a subclass that overrides one differs from the base class),
        and of what the hooks return for each contract. It is the same in every
        process and on every machine. A game record carries it, so a record is
        not replayed under other rules.

        >>> import attrs, remi
        >>> norwegian = remi.variants.get("norwegian")
        >>> len(norwegian.fingerprint)
        16
        >>> attrs.evolve(norwegian, joker_points=25).fingerprint == norwegian.fingerprint
        False
        >>> attrs.evolve(norwegian, title="House").fingerprint == norwegian.fingerprint
        True

        .. versionadded:: 0.2.0
        """
        import hashlib
        import json

        def canonical(value: object) -> object:
            if value is None or isinstance(value, (bool, int, float, str)):
                return value
            if isinstance(value, enum.Enum):
                return canonical(value.value)
            if isinstance(value, Contract):  # its name is a label
                return [[req.kind.value, req.size] for req in value.requirements]
            if attrs.has(type(value)):
                fields = getattr(type(value), "__attrs_attrs__", ())
                return {f.name: canonical(getattr(value, f.name)) for f in fields}
            if isinstance(value, (tuple, list)):
                return [canonical(item) for item in value]
            if isinstance(value, (set, frozenset)):
                return sorted(json.dumps(canonical(item), sort_keys=True) for item in value)
            if isinstance(value, dict):
                return sorted([json.dumps(canonical(k), sort_keys=True), canonical(v)] for k, v in value.items())
            return repr(value)

        cls = type(self)
        labels = ("name", "version", "title", "recommended_players")
        rules: dict[str, object] = {"class": f"{cls.__module__}.{cls.__qualname__}"}
        for field in attrs.fields(cls):
            if field.init and field.name not in labels:
                rules[field.name] = canonical(getattr(self, field.name))
        levels = range(len(self.contracts))
        rules["hook:layoff_quota"] = [self.layoff_quota(level) for level in levels]
        rules["hook:winner_score"] = [self.winner_score(wins) for wins in range(1, len(levels) + 1)]
        text = json.dumps(rules, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]
