"""Contracts: the melds a player must lay down before anything else.

A contract is data: a tuple of :class:`Requirement` values (a meld kind and a
size). Whether a size is a minimum or exact, and whether the contract goes down
whole or one meld at a time, is the variant's choice; the functions here take
those as arguments.

>>> from remi.melds import MeldKind
>>> c = Contract.of("set 3", "run 4", name="3-4")
>>> str(c), c.size
('3-4', 7)
>>> assign(c, [(MeldKind.RUN, 5), (MeldKind.SET, 3)], exact=False)
(1, 0)
>>> assign(c, [(MeldKind.RUN, 5), (MeldKind.SET, 3)], exact=True) is None
True

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence

import attrs

from remi._util import printable
from remi.cards import Card
from remi.errors import Reason, RemiError, VariantError
from remi.melds import MOST_CARDS, MeldKind, MeldRules, is_wild, run_cards

__all__ = ["Contract", "Requirement", "assign"]


def _kind(instance: object, attribute: attrs.Attribute[MeldKind], value: object) -> None:
    if not isinstance(value, MeldKind):
        raise VariantError(f"a requirement's kind must be MeldKind.SET or MeldKind.RUN, got {printable(value)}")


def _size(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MOST_CARDS:
        raise VariantError(f"a requirement's size must be an integer from 1 to {MOST_CARDS}, got {printable(value)}")


@attrs.frozen
class Requirement:
    """One meld a contract asks for: a kind and a size.

    >>> Requirement.parse("run 4")
    Requirement(kind=MeldKind.RUN, size=4)

    Raises:
        VariantError: If the kind is not a :class:`~remi.melds.MeldKind` or the
            size is not an integer from 1 to 1000.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       The kind and size are checked when the requirement is built.
    """

    kind: MeldKind = attrs.field(validator=_kind)
    size: int = attrs.field(validator=_size)

    def __str__(self) -> str:
        return f"{self.kind.value} {self.size}"

    @classmethod
    def parse(cls, text: str) -> Requirement:
        """Parse ``"set 3"`` or ``"run 4"``.

        Raises:
            VariantError: If the text is not a kind and a positive size.
        """
        match = _REQUIREMENT.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise VariantError(f"{printable(text)} is not a requirement (expected e.g. 'set 3' or 'run 4')")
        kind = MeldKind(match[1].lower())
        value = int(match[2])
        if value < 1:
            raise VariantError(f"{printable(text)}: a requirement's size must be positive")
        return cls(kind, value)


# ASCII only: int() would also read "３" or "1_0"
_REQUIREMENT = re.compile(r"(set|run) +([0-9]{1,3})", re.IGNORECASE | re.ASCII)


def _requirements(value: Iterable[Requirement]) -> tuple[Requirement, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise VariantError(f"a contract's requirements must be a sequence of Requirement values, got "
                           f"{printable(value)}")
    return tuple(value)


@attrs.frozen
class Contract:
    """A contract: the meld requirements, in order, and a short name.

    Attributes:
        requirements: The melds asked for.
        name: How players call it, e.g. ``"3-4"`` (defaults to the requirements joined by ``+``).

    Raises:
        VariantError: If there is no requirement, one is not a :class:`Requirement`,
            or the name is not a string.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       The requirements and the name are type-checked when the contract is built.
    """

    requirements: tuple[Requirement, ...] = attrs.field(converter=_requirements)
    name: str = ""

    def __attrs_post_init__(self) -> None:
        if not self.requirements:
            raise VariantError("a contract needs at least one requirement")
        for requirement in self.requirements:
            if not isinstance(requirement, Requirement):
                raise VariantError(f"a contract's requirements must be Requirement values, got "
                                   f"{printable(requirement)}")
        if not isinstance(self.name, str):
            raise VariantError(f"a contract's name must be a string, got {printable(self.name)}")
        if not self.name:
            object.__setattr__(self, "name", " + ".join(str(r) for r in self.requirements))

    @classmethod
    def of(cls, *requirements: str, name: str = "") -> Contract:
        """Build a contract from requirement texts: ``Contract.of("set 3", "run 4")``."""
        return cls(tuple(Requirement.parse(text) for text in requirements), name)

    @property
    def size(self) -> int:
        """The total number of cards the requirements ask for."""
        return sum(r.size for r in self.requirements)

    def __str__(self) -> str:
        return self.name

    def __len__(self) -> int:
        return len(self.requirements)


def assign(
    contract: Contract,
    melds: Sequence[tuple[MeldKind, int]],
    *,
    exact: bool,
    done: Collection[int] = (),
) -> tuple[int, ...] | None:
    """Match melds (kind, size) to distinct open requirements of ``contract``.

    Args:
        contract: The contract.
        melds: Each proposed meld's kind and number of cards.
        exact: Whether sizes must match exactly (else a requirement's size is a minimum).
        done: Indices of requirements already fulfilled (piecemeal contracts).

    Returns:
        For each meld, the index of the requirement it fulfils, or ``None`` when
        no such matching exists. Whether the whole contract is met is then
        ``len(done) + len(melds) == len(contract)``.

    Raises:
        RemiError: If ``contract`` is not a :class:`Contract` or ``melds`` not (kind, size) pairs.

    .. versionadded:: 0.1.0
    """
    if not isinstance(contract, Contract):
        raise RemiError(f"expected a Contract, got {printable(contract)}", Reason.BAD_ARGUMENT)
    requirements = contract.requirements
    used = [i in done for i in range(len(requirements))]
    chosen: list[int] = []

    def search(k: int) -> bool:
        if k == len(melds):
            return True
        kind, size = melds[k]
        for i, req in enumerate(requirements):
            if used[i] or req.kind is not kind:
                continue
            if size != req.size if exact else size < req.size:
                continue
            used[i] = True
            chosen.append(i)
            if search(k + 1):
                return True
            used[i] = False
            chosen.pop()
        return False

    try:  # (the melds are checked only when no matching is found: the engine's own always are pairs)
        if search(0):
            return tuple(chosen)
        pairs = all(isinstance(kind, MeldKind) and type(size) is int for kind, size in melds)
    except (TypeError, ValueError):
        pairs = False
    if not pairs:
        raise RemiError(f"melds must be (MeldKind, size) pairs, got {printable(melds)}", Reason.BAD_ARGUMENT)
    return None


#: A run's suit and the ranks it spans, low to high (an ace above a king is 14).
RunSpan = tuple[int, int, int]


def run_span(rules: MeldRules, cards: Sequence[Card]) -> RunSpan | None:
    """The suit of the run ``cards`` and the ranks it stands for, lowest and highest (an ace high is 14).

    ``None`` for a run of wilds only (``min_naturals`` 0): it stands for no definite cards, so
    it shares a suit with no other run.
    """
    if all(is_wild(rules, card) for card in cards):
        return None
    stands_for = run_cards(rules, cards)
    low = stands_for[0].index % 13 + 1
    # an ace at the top of a run stands for 14
    high = stands_for[-1].index % 13 + 1
    if high == 1 and len(stands_for) > 1:
        high = 14
    if low == 1 and len(stands_for) > 1 and stands_for[1].index % 13 + 1 != 2:
        low = 14
    return stands_for[0].index // 13, low, high


def runs_too_close(first: RunSpan | None, second: RunSpan | None, gap: int) -> bool:
    """Whether two runs of one contract break a same-suit gap of ``gap`` ranks.

    :attr:`remi.Contracts.same_suit_run_gap` asks this of every pair of runs.

    A property of the pair alone, so a search may drop a partial lay-down as soon as one pair breaks it.
    """
    if first is None or second is None:
        return False  # (a run of wilds only is of no suit)
    suit, low, high = first
    other, low2, high2 = second
    return suit == other and min(high, high2) >= max(low, low2) - gap
