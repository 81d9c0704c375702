"""Actions: small frozen values, one class per kind of decision.

Every action prints in a short notation that :func:`parse_action` reads back:

>>> from remi.actions import parse_action
>>> str(parse_action("down set 5C 5D 5H; set KS KS JK"))  # canonical order
'down set KS KS JK; set 5H 5D 5C'
>>> parse_action("layoff 9c on 2 high")
LayOff(card=Card(Rank.NINE, Suit.CLUBS), meld=2, end=End.HIGH)
>>> str(parse_action("swap 3S on 0")), str(parse_action("discard kc"))
('swap 3S on 0', 'discard KC')

Melds on the table are named by their index in ``state.table``.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

import attrs

from remi.cards import Card, format_cards, parse_card, parse_cards
from remi.errors import NotationError
from remi.melds import End, Meld

__all__ = [
    "Action",
    "Buy",
    "Discard",
    "DrawStock",
    "LayDown",
    "LayOff",
    "Pass",
    "SwapJoker",
    "TakeDiscard",
    "parse_action",
]


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock (declining the discard, which may then be bought).

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class TakeDiscard:
    """Take the top card of the discard pile as this turn's draw (free: N13, E7).

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return "take"


@attrs.frozen
class Buy:
    """Buy the declined discard out of turn, with the penalty card(s) from the stock (N14).

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return "buy"


@attrs.frozen
class Pass:
    """Decline to buy the discard.

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return "pass"


def _canonical_melds(melds: Sequence[Meld] | str) -> tuple[Meld, ...]:
    if isinstance(melds, str):
        melds = [Meld.parse(part) for part in melds.split(";")]
    out = tuple(melds)
    for meld in out:
        if not isinstance(meld, Meld):
            raise NotationError(f"{meld!r} is not a Meld", repr(meld), 0)
    return tuple(sorted(out, key=_meld_key))


def _meld_key(meld: Meld) -> tuple[int, tuple[int, ...]]:
    return (0 if meld.kind.value == "set" else 1, tuple(card.index for card in meld.cards))


@attrs.frozen(repr=False)
class LayDown:
    """Lay melds down from the hand: the whole contract, or (piecemeal variants) part of it.

    The melds are kept in a canonical order (sets first), so two lay-downs of
    the same melds are equal whatever order they were given in.

    >>> LayDown("run 4S 5S 6S 7S; set 9C 9D 9H")
    LayDown('set 9H 9D 9C; run 4S 5S 6S 7S')

    .. versionadded:: 0.1.0
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_canonical_melds)

    def __str__(self) -> str:
        return "down " + "; ".join(str(meld) for meld in self.melds)

    def __repr__(self) -> str:
        return f"LayDown({'; '.join(str(meld) for meld in self.melds)!r})"

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the lay-down takes from the hand."""
        return tuple(card for meld in self.melds for card in meld.cards)


@attrs.frozen
class LayOff:
    """Lay one card off onto a meld on the table.

    Attributes:
        card: The card from the hand.
        meld: The index of the target meld in ``state.table``.
        end: For a run, which end (:attr:`End.LOW` or :attr:`End.HIGH`); ``None`` for a set.

    .. versionadded:: 0.1.0
    """

    card: Card
    meld: int
    end: End | None = None

    def __str__(self) -> str:
        where = f" {self.end.value}" if self.end is not None else ""
        return f"layoff {self.card} on {self.meld}{where}"


def _sorted_cards(cards: Sequence[Card] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return tuple(sorted(parse_cards(cards)))
    return tuple(sorted(cards))


@attrs.frozen(repr=False)
class SwapJoker:
    """Take joker(s) out of a meld by putting in the natural card(s) they stand for.

    From a run, one natural frees the joker that stands for it (N11, E5). From
    an English group, the naturals that complete it free every joker (E6).

    Attributes:
        meld: The index of the target meld in ``state.table``.
        cards: The natural card(s) put in, from the hand.

    .. versionadded:: 0.1.0
    """

    meld: int
    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)

    def __str__(self) -> str:
        return f"swap {format_cards(self.cards)} on {self.meld}"

    def __repr__(self) -> str:
        return f"SwapJoker(meld={self.meld}, cards=parse_cards({format_cards(self.cards)!r}))"


@attrs.frozen
class Discard:
    """Discard one card, ending the turn.

    .. versionadded:: 0.1.0
    """

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


#: Any action.
Action: TypeAlias = DrawStock | TakeDiscard | Buy | Pass | LayDown | LayOff | SwapJoker | Discard

DRAW = DrawStock()
TAKE = TakeDiscard()
BUY = Buy()
PASS = Pass()

_SIMPLE: dict[str, Action] = {"draw": DRAW, "take": TAKE, "buy": BUY, "pass": PASS}


def _meld_index(word: str, text: str) -> int:
    if not word.isdigit():
        raise NotationError(f"{word!r} is not a meld number in {text!r}", word, text.find(word))
    return int(word)


def parse_action(text: str) -> Action:
    """Parse an action from its notation (as ``str(action)`` prints it).

    Forms: ``draw``, ``take``, ``buy``, ``pass``, ``down set 5C 5D 5H; run 4S 5S 6S 7S``,
    ``layoff 9C on 2 high`` (``low``/``high`` for runs, nothing for sets),
    ``swap 3S on 0``, ``discard KC``. Case does not matter.

    Raises:
        NotationError: If the text is not an action.

    .. versionadded:: 0.1.0
    """
    if not isinstance(text, str):
        raise NotationError(f"expected action text, got {type(text).__name__}", repr(text), 0)
    stripped = text.strip()
    verb, _, rest = stripped.partition(" ")
    verb = verb.lower()
    rest = rest.strip()
    if verb in _SIMPLE and not rest:
        return _SIMPLE[verb]
    if verb == "down" and rest:
        return LayDown(rest)
    if verb == "discard" and rest:
        return Discard(parse_card(rest))
    if verb in ("layoff", "swap") and rest:
        words = rest.split()
        if "on" in (w.lower() for w in words):
            at = [w.lower() for w in words].index("on")
            cards, target = words[:at], words[at + 1 :]
            if verb == "layoff" and len(cards) == 1 and len(target) in (1, 2):
                end = None
                if len(target) == 2:
                    try:
                        end = End(target[1].lower())
                    except ValueError:
                        raise NotationError(
                            f"{target[1]!r} is not an end (expected 'low' or 'high')",
                            target[1], text.find(target[1]),
                        ) from None
                return LayOff(parse_card(cards[0]), _meld_index(target[0], text), end)
            if verb == "swap" and cards and len(target) == 1:
                return SwapJoker(_meld_index(target[0], text), parse_cards(" ".join(cards)))
    raise NotationError(
        f"{stripped!r} is not an action (expected draw, take, buy, pass, down ..., "
        "layoff CARD on N [low|high], swap CARD on N, or discard CARD)",
        stripped,
        0,
    )
