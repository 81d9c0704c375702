"""Cards, suits, ranks, notation and decks.

Cards are interned values: there are exactly 57 distinct cards (52 naturals,
the joker and, for the dead-twos rule S15 of ``shanghai-family``, the four
dead twos), so two packs' copies of the queen of spades are the *same* value,
as the rules treat them. A *dead* 2 is a 2 that has been discarded where the
variant's :attr:`remi.Deck.dead_twos` is set: a natural 2, no longer wild,
written ``2D+`` (``2♦†`` with symbols).

>>> import remi
>>> remi.parse_cards("QS 10♦ td jk")
(Card(Rank.QUEEN, Suit.SPADES), Card(Rank.TEN, Suit.DIAMONDS), Card(Rank.TEN, Suit.DIAMONDS), JOKER)
>>> str(remi.Card(remi.Rank.ACE, remi.Suit.HEARTS))
'AH'
>>> remi.parse_cards("2D+ 2♦†")
(Card(Rank.TWO, Suit.DIAMONDS, dead=True), Card(Rank.TWO, Suit.DIAMONDS, dead=True))

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from itertools import repeat
from typing import TYPE_CHECKING, Any

from remi._util import printable
from remi.errors import NotationError, Reason, RemiError

if TYPE_CHECKING:
    import random

__all__ = [
    "CARDS",
    "CARD_SLOTS",
    "DEAD_TWOS",
    "JOKER",
    "NATURALS",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "full_deck",
    "parse_card",
    "parse_cards",
    "shuffled",
]


class Suit(enum.Enum):
    """The four suits, each with its letter and its symbol.

    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol
    ('H', '♥')

    .. versionadded:: 0.1.0
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The ASCII letter: ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self.value]

    @property
    def symbol(self) -> str:
        """The symbol: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return "♠♥♦♣"[self.value]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Rank(enum.IntEnum):
    """The thirteen ranks, ``ACE`` = 1 up to ``KING`` = 13.

    >>> Rank.QUEEN.label, int(Rank.QUEEN)
    ('Q', 12)

    .. versionadded:: 0.1.0
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The rank's notation: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_LABELS[self.value]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_LABELS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_JOKER_INDEX = 52
#: The first dead 2's index (the dead 2 of spades); the others follow in Suit order.
_DEAD_INDEX = 53
#: How many distinct cards there are: the size of a count vector indexed by :attr:`Card.index`.
CARD_SLOTS = 57


class Card:
    """A playing card: a natural (rank and suit), the joker, or a dead 2.

    Cards are immutable, hashable and totally ordered by :attr:`index` (by
    suit, then rank; then the joker; then the dead twos). Construct naturals
    as ``Card(rank, suit)`` and dead twos as ``Card(Rank.TWO, suit,
    dead=True)``; the joker is :data:`JOKER`. Every card is interned, so
    ``Card(r, s) is Card(r, s)``.

    A dead 2 (rule S15 of ``shanghai-family``) is a 2 that has been discarded
    in a variant whose :attr:`remi.Deck.dead_twos` is set: a natural 2 that
    is never wild, usable only as the 2 of its suit in a run. It is a card of
    its own, apart from the live 2 of its suit, because one hand may hold both.

    >>> Card(Rank.TWO, Suit.DIAMONDS, dead=True)
    Card(Rank.TWO, Suit.DIAMONDS, dead=True)
    >>> dead = parse_card("2D+")
    >>> str(dead), dead.symbol, dead.is_dead, dead.is_natural
    ('2D+', '2♦†', True, True)

    Attributes:
        rank: The :class:`Rank`, or ``None`` for the joker.
        suit: The :class:`Suit`, or ``None`` for the joker.
        index: A small integer 0–56 identifying the card, handy for arrays and
            counts (there are :data:`CARD_SLOTS` of them): ``suit * 13 + rank
            - 1`` for the 52 live naturals, ``52`` for the joker and ``53 +
            suit`` for the dead twos.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       The dead twos (``dead=True``), indices 53–56.
    """

    __slots__ = ("index", "rank", "suit")

    rank: Rank | None
    suit: Suit | None
    index: int

    def __new__(cls, rank: Rank | int | None, suit: Suit | None, *, dead: bool = False) -> Card:
        """Return the interned card of ``rank`` and ``suit``; ``Card(None, None)`` is the joker.

        Args:
            rank: The rank.
            suit: The suit.
            dead: Whether the card is a dead 2 (S15); only a 2 can be dead.

        Raises:
            NotationError: If the rank or the suit is missing or not valid. The
                rank is a :class:`Rank` or an ``int`` from 1 to 13; a ``bool``
                or a ``float`` is refused. Also if ``dead`` is not ``True`` or
                ``False``, or is ``True`` for a card other than a 2.

        .. versionchanged:: 0.2.0
           A ``bool`` or a non-integer rank (``True``, ``13.0``) is refused.
        .. versionchanged:: 0.2.0
           ``dead``.
        """
        if dead is not False:
            if dead is not True:
                raise NotationError(f"dead must be True or False, got {printable(dead)}", printable(dead), 0)
            if rank is None or isinstance(rank, bool) or not isinstance(rank, int) or rank != Rank.TWO \
                    or not isinstance(suit, Suit):
                raise NotationError(f"only a 2 of a suit can be dead, got {printable(rank)} and "
                                    f"{printable(suit)}", printable(rank), 0)
            return _TABLE[_DEAD_INDEX + suit.value]
        if rank is None and suit is None:
            return _TABLE[_JOKER_INDEX]
        if not isinstance(suit, Suit) or rank is None:
            raise NotationError(f"a natural card needs a rank and a suit, got {printable(rank)} and "
                                f"{printable(suit)}")
        if isinstance(rank, bool) or not isinstance(rank, int):
            raise NotationError(f"{printable(rank)} is not a rank (a Rank or an integer 1 to 13)", printable(rank), 0)
        try:
            return _TABLE[suit.value * 13 + Rank(rank) - 1]
        except ValueError:
            raise NotationError(f"{printable(rank)} is not a rank (1 to 13)") from None

    @property
    def is_joker(self) -> bool:
        """Whether this card is the joker."""
        return self.index == _JOKER_INDEX

    @property
    def is_natural(self) -> bool:
        """Whether this card is a natural (not the joker; a dead 2 is a natural)."""
        return self.index != _JOKER_INDEX

    @property
    def is_dead(self) -> bool:
        """Whether this card is a dead 2 (S15).

        .. versionadded:: 0.2.0
        """
        return self.index >= _DEAD_INDEX

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        if self.index >= _DEAD_INDEX:
            return "2" + self.suit.letter + "+"
        return self.rank.label + self.suit.letter

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``Q♠`` (``JK`` for the joker, ``2♦†`` for a dead 2)."""
        if self.rank is None or self.suit is None:
            return "JK"
        if self.index >= _DEAD_INDEX:
            return "2" + self.suit.symbol + "†"
        return self.rank.label + self.suit.symbol

    def __repr__(self) -> str:
        if self.rank is None:
            return "JOKER"
        if self.index >= _DEAD_INDEX:
            return f"Card({self.rank!r}, {self.suit!r}, dead=True)"
        return f"Card({self.rank!r}, {self.suit!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[Any, ...]:
        return (_card_at, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")


def _make(index: int, rank: Rank | None, suit: Suit | None) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "index", index)
    object.__setattr__(card, "rank", rank)
    object.__setattr__(card, "suit", suit)
    return card


_TABLE: list[Card] = [_make(s.value * 13 + r - 1, r, s) for s in Suit for r in Rank]
_TABLE.append(_make(_JOKER_INDEX, None, None))
_TABLE.extend(_make(_DEAD_INDEX + s.value, Rank.TWO, s) for s in Suit)

#: Every distinct card, indexed by :attr:`Card.index`: the 52 live naturals,
#: the joker, then the four dead twos.
#:
#: .. versionchanged:: 0.2.0
#:    57 cards: the dead twos follow the joker.
CARDS: tuple[Card, ...] = tuple(_TABLE)
#: The 52 live naturals, spades first, each suit ace to king.
NATURALS: tuple[Card, ...] = CARDS[:52]
#: The joker.
JOKER: Card = CARDS[_JOKER_INDEX]
#: The four dead twos (S15), in :class:`Suit` order.
#:
#: .. versionadded:: 0.2.0
DEAD_TWOS: tuple[Card, ...] = CARDS[_DEAD_INDEX:]


def live_twin(card: Card) -> Card:
    """The live card ``card`` was dealt as: a dead 2's live twin (S15), else ``card`` itself."""
    return _TABLE[(card.index - _DEAD_INDEX) * 13 + 1] if card.index >= _DEAD_INDEX else card


def _card_at(index: int) -> Card:
    """The card of ``index`` (how cards unpickle)."""
    return _TABLE[index]


_SUIT_CHARS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
               "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
               "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_RANK_WORDS = {label: Rank(i) for i, label in enumerate(_RANK_LABELS) if label}
_RANK_WORDS["T"] = Rank.TEN
#: A card's text, or a comma (which may only separate two cards).
_TOKEN_OR_COMMA = re.compile(r"[^\s,]+|,")
_EXPECTED = "expected a rank and a suit, like QS or 10♦, or JK"
# S15: a dead 2 is written with a mark after it, ``2D+`` or ``2♦†``.
_DEAD_MARKS = ("+", "†")
_NOT_DEAD = "only a 2 can carry the dead mark, as in 2D+ or 2♦†"
# Only the ASCII letters change case: str.upper() maps some other letters onto
# ASCII ones ("ſ" to "S", "ﬅ" to "ST"), which are not notation.
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _lookup(token: str) -> Card | None:
    word = token.upper() if token.isascii() else token.translate(_ASCII_UPPER)
    if word in ("JK", "JOKER", "🃏"):
        return JOKER
    if len(word) < 2:
        return None
    if word[-1] in _DEAD_MARKS:
        card = _lookup(word[:-1])
        return _TABLE[_DEAD_INDEX + card.index // 13] if card is not None and card.index % 13 == 1 \
            and card.index < _JOKER_INDEX else None
    suit = _SUIT_CHARS.get(word[-1])
    rank = _RANK_WORDS.get(word[:-1])
    if suit is None or rank is None:
        return None
    return _TABLE[suit.value * 13 + rank - 1]


def _expected(token: str) -> str:
    """What a bad card token should have been."""
    return _NOT_DEAD if token[-1:] in _DEAD_MARKS else _EXPECTED


_CACHE: dict[str, Card] = {}


def parse_card(token: str) -> Card:
    """Parse one card, e.g. ``"QS"``, ``"10♦"``, ``"td"``, ``"JK"`` or the dead 2 ``"2D+"`` (``"2♦†"``).

    Letter case is ASCII only: ``"qs"`` is ``QS``, but a letter that merely
    case-folds to an ASCII one (``"ſ"``, the Kelvin sign) is refused.

    Raises:
        NotationError: If the text is not exactly one card.

    >>> parse_card("q♠")
    Card(Rank.QUEEN, Suit.SPADES)

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       Only ASCII letters change case; dead twos (``2D+``, ``2♦†``).
    """
    if not isinstance(token, str):
        raise NotationError(f"expected card text, got {type(token).__name__}", printable(token), 0)
    card = _CACHE.get(token)
    if card is not None:
        return card
    stripped = token.strip()
    card = _lookup(stripped)
    if card is None:
        raise NotationError(f"{printable(stripped)} is not a card ({_expected(stripped)})", stripped,
                            token.find(stripped) if stripped else 0)
    if len(_CACHE) < 4096:
        _CACHE[token] = card
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, in any (ASCII) letter case.

    ASCII (``QS 10D TD JK``) and symbols (``Q♠ 10♦``) are both accepted; the
    letters are the ASCII ones only (see :func:`parse_card`). A dead 2 (S15)
    carries a mark after it: ``2D+`` or ``2♦†``; only a 2 can carry it. A comma
    may separate two cards, once; a comma before the first card, after the
    last or next to another comma is refused.

    Raises:
        NotationError: Naming the first bad token (a stray comma too) and its character position.

    >>> parse_cards("7♠, 8S 9s")
    (Card(Rank.SEVEN, Suit.SPADES), Card(Rank.EIGHT, Suit.SPADES), Card(Rank.NINE, Suit.SPADES))
    >>> parse_cards("")
    ()
    >>> parse_cards("7♠,, 8S")
    Traceback (most recent call last):
    ...
    remi.errors.NotationError: stray comma at position 2 (a comma may only separate two cards)

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       Only ASCII letters change case; dead twos (``2D+``, ``2♦†``).

    .. versionchanged:: 0.3.0
       A stray comma (leading, trailing or doubled) is refused; before, it was ignored.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected card text, got {type(text).__name__}", printable(text), 0)
    return parse_card_span(text, 0, len(text))


def stray_comma(at: int) -> NotationError:
    """The refusal of a comma at position ``at`` that separates no two cards."""
    return NotationError(f"stray comma at position {at} (a comma may only separate two cards)", ",", at)


def parse_card_span(text: str, start: int, stop: int) -> tuple[Card, ...]:
    """Parse the cards in ``text[start:stop]``, single commas allowed between two of them; positions are in ``text``."""
    cards: list[Card] = []
    comma = -1  # the position of a comma not yet followed by a card
    for match in _TOKEN_OR_COMMA.finditer(text, start, stop):
        token = match.group()
        if token == ",":
            if comma >= 0 or not cards:  # doubled (the first of the two is named), or before any card
                raise stray_comma(comma if comma >= 0 else match.start())
            comma = match.start()
            continue
        card = _lookup(token)
        if card is None:
            raise NotationError(f"{token!r} at position {match.start()} is not a card ({_expected(token)})",
                                token, match.start())
        cards.append(card)
        comma = -1
    if comma >= 0:
        raise stray_comma(comma)
    return tuple(cards)


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Format cards as space-separated notation that :func:`parse_cards` reads back.

    Raises:
        NotationError: If ``cards`` is not an iterable of :class:`Card` values.

    >>> format_cards(parse_cards("QS 10D JK"), symbols=True)
    'Q♠ 10♦ JK'

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Anything but cards is refused (text was split into its characters, and
       other values were written as their ``str``).
    """
    if not isinstance(cards, (tuple, list)):
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
            raise NotationError(f"expected cards, got {type(cards).__name__}", printable(cards), 0)
        cards = tuple(cards)
    if not all(map(isinstance, cards, repeat(Card))):
        wrong = next(card for card in cards if not isinstance(card, Card))
        raise NotationError(f"{printable(wrong)} is not a card", printable(wrong), 0)
    if symbols:
        return " ".join(card.symbol for card in cards)
    return " ".join(map(str, cards))


def full_deck(packs: int, jokers: int) -> tuple[Card, ...]:
    """The sorted multiset of ``packs`` × 52 naturals plus ``jokers`` jokers.

    Raises:
        RemiError: If ``packs`` or ``jokers`` is not a non-negative integer.

    >>> len(full_deck(2, 9))
    113

    .. versionadded:: 0.1.0
    """
    for name, count in (("packs", packs), ("jokers", jokers)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RemiError(f"{name} must be a non-negative integer, got {printable(count)}", Reason.BAD_ARGUMENT)
    return tuple(sorted(NATURALS * packs)) + (JOKER,) * jokers


def shuffled(
    cards: Sequence[Card], seed: int | float | str | bytes | bytearray | random.Random | None
) -> tuple[Card, ...]:
    """Return the cards in a seeded random order, never touching the global RNG.

    Args:
        cards: The cards to shuffle.
        seed: An integer or string seed (or any other seed :class:`random.Random`
            takes), or a :class:`random.Random` to draw from.

    Raises:
        RemiError: If ``seed`` is none of these.

    >>> shuffled(parse_cards("AS 2S 3S"), 1) == shuffled(parse_cards("AS 2S 3S"), 1)
    True

    .. versionadded:: 0.1.0
    """
    import random  # deferred: `import remi` does not load random before the first shuffle

    if seed is not None and not isinstance(seed, (int, float, str, bytes, bytearray, random.Random)):
        raise RemiError(f"seed must be a seed random.Random takes or a random.Random, got {type(seed).__name__}",
                        Reason.BAD_ARGUMENT)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    out = list(cards)
    rng.shuffle(out)
    return tuple(out)
