"""The variant interface: one frozen value holding every rule parameter.

The engine is one engine; a variant is a value (RULES.md §5). Where data cannot
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
>>> attrs.evolve(norwegian, deal_sizes=(30,) * 7)
Traceback (most recent call last):
...
remi.errors.VariantError: norwegian: dealing 30 cards to 6 players needs 182 cards, but the deck has 113

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

import attrs

from remi.cards import Card, full_deck
from remi.contracts import Contract
from remi.errors import VariantError
from remi.melds import JokerCap, MeldKind, MeldProblem, MeldRules, SetSwap, meld_problems

__all__ = ["GoingOut", "Schedule", "Variant"]


class Schedule(enum.Enum):
    """How contracts follow each other (RULES.md §5, "schedule").

    .. versionadded:: 0.1.0
    """

    #: Everyone plays the same contract per deal; the match is one deal per contract.
    ROUNDS = "rounds"
    #: Each player climbs their own levels; only a deal's winner advances; the
    #: match ends when someone wins the last level.
    LEVELS = "levels"


class GoingOut(enum.Enum):
    """Whether going out needs a final discard (RULES.md N17, E13).

    .. versionadded:: 0.1.0
    """

    #: The last card may leave by discard, lay-off or going down.
    DISCARD_OPTIONAL = "discard-optional"
    #: The last card must be discarded.
    DISCARD_REQUIRED = "discard-required"


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or value < 0:
        raise VariantError(f"{attribute.name} must be a non-negative integer, got {value!r}")


def _contracts(value: Iterable[Contract]) -> tuple[Contract, ...]:
    return tuple(value)


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _bools(value: Iterable[bool]) -> tuple[bool, ...]:
    return tuple(value)


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

    .. versionadded:: 0.1.0
    """

    name: str = attrs.field()
    version: str = "1"
    title: str = ""
    packs: int = attrs.field(default=2, validator=_positive)
    jokers: int = attrs.field(default=0, validator=_positive)
    min_players: int = attrs.field(default=2, validator=_positive)
    max_players: int = attrs.field(default=6, validator=_positive)
    recommended_players: tuple[int, int] = (3, 5)
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
    own_meld_layoff_delay: int = attrs.field(default=0, validator=_positive)
    going_out: GoingOut = GoingOut.DISCARD_OPTIONAL
    rediscard_taken_card: bool = False
    buying: bool = False
    buy_penalty: int = attrs.field(default=1, validator=_positive)
    buy_limit: int | None = None
    discarder_may_buy: bool = False
    down_players_may_buy: bool = True
    stock_rebuilds: int = attrs.field(default=2, validator=_positive)
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
            swap_from_runs=self.swap_from_runs,
            set_swap=self.set_swap,
        )
        object.__setattr__(self, "meld_rules", rules)
        layoff = rules if self.joker_cap_on_layoff else attrs.evolve(rules, joker_cap=JokerCap.NONE)
        object.__setattr__(self, "layoff_rules", layoff)
        object.__setattr__(self, "_deck", full_deck(self.packs, self.jokers))
        if len(self.rank_points) != 13:
            raise VariantError(
                f"{self.name}: rank_points needs 13 values (ace first), got {len(self.rank_points)}"
            )
        points = [0] * 53
        for index in range(52):
            points[index] = self.rank_points[index % 13]
        points[52] = self.joker_points
        object.__setattr__(self, "_points", tuple(points))
        self._validate()

    def _validate(self) -> None:
        def fail(message: str) -> None:
            raise VariantError(f"{self.name}: {message}")

        if not isinstance(self.name, str) or not self.name or any(c.isspace() for c in self.name):
            raise VariantError(f"a variant needs a name without spaces, got {self.name!r}")
        if self.turn_limit is not None and (
            isinstance(self.turn_limit, bool) or not isinstance(self.turn_limit, int) or self.turn_limit < 1
        ):
            fail(f"turn_limit must be a positive integer or None, got {self.turn_limit!r}")
        if self.packs < 1:
            fail("at least one pack is needed")
        if self.min_players < 2 or self.max_players < self.min_players:
            fail(f"player range {self.min_players}-{self.max_players} is impossible (at least 2 players)")
        if not self.contracts:
            fail("at least one contract is needed")
        for field, values in (("deal_sizes", self.deal_sizes), ("all_in", self.all_in)):
            if len(values) != len(self.contracts):
                fail(f"{field} has {len(values)} entries for {len(self.contracts)} contracts")
        if self.set_min < 2 or self.run_min < 2:
            fail("sets and runs need at least 2 cards")
        if self.set_max is not None and self.set_max < self.set_min:
            fail(f"set_max {self.set_max} is below set_min {self.set_min}")
        if self.run_max < self.run_min:
            fail(f"run_max {self.run_max} is below run_min {self.run_min}")
        if not (self.ace_low or self.ace_high):
            fail("the ace must be low, high or both")
        deck = len(self._deck)
        for level, (contract, size) in enumerate(zip(self.contracts, self.deal_sizes, strict=True), 1):
            if not isinstance(size, int) or size < 1:
                fail(f"deal size {size!r} for contract {level} must be a positive integer")
            needed = size * self.max_players + 2
            if needed > deck:
                fail(
                    f"dealing {size} cards to {self.max_players} players needs {needed} cards, "
                    f"but the deck has {deck}"
                )
            for req in contract.requirements:
                if req.kind is MeldKind.SET:
                    low, high = self.set_min, self.set_max
                else:
                    low, high = self.run_min, self.run_max
                if req.size < low or (high is not None and req.size > high):
                    fail(f"contract {level} ({contract}) asks for a {req} outside the allowed sizes")
            if contract.size > size + 1:
                fail(f"contract {level} ({contract}) needs {contract.size} cards but a hand holds {size + 1}")
            quota = self.layoff_quota(level - 1)
            if quota is not None and quota < 0:
                fail(f"lay-off quota for contract {level} is negative ({quota})")

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
