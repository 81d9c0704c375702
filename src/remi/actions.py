"""Actions: small frozen values, one class per kind of decision.

Every action prints in a short notation that :func:`parse_action` reads back:

>>> from remi.actions import parse_action
>>> str(parse_action("down set 5C 5D 5H; set KS KS JK"))  # canonical order
'down set KS KS JK; set 5H 5D 5C'
>>> parse_action("layoff 9c on 2 high")
LayOff(card=Card(Rank.NINE, Suit.CLUBS), meld=2, end=End.HIGH)
>>> str(parse_action("swap 3S on 0")), str(parse_action("discard kc"))
('swap 3S on 0', 'discard KC')

Where the variant lets the swapper choose where the freed joker goes
(:meth:`Swaps.joker_destinations <remi.Swaps.joker_destinations>`), the swap
names it:

>>> parse_action("swap 3S on 0 to low")
SwapJoker(meld=0, cards=parse_cards('3S'), to=JokerDestination.LOW_END)

A comma may separate two cards of a list (``down set 5C, 5D, 5H``), once;
a comma anywhere else is refused.

Melds on the table are named by their index in ``state.table``.

An action checks its fields when it is built: card text is converted to
cards (and ``"low"``/``"high"`` to an :class:`~remi.melds.End`), and anything
else of the wrong type raises :class:`~remi.errors.NotationError`:

>>> from remi.actions import LayOff
>>> LayOff("JK", 0, "high")
LayOff(card=JOKER, meld=0, end=End.HIGH)
>>> LayOff("JK", True)
Traceback (most recent call last):
...
remi.errors.NotationError: a meld is named by its index in state.table, a non-negative integer below 10**9, got True

.. versionadded:: 0.1.0

.. versionchanged:: 0.2.0
   Fields are checked at construction; meld numbers are ASCII digits only.

.. versionchanged:: 0.3.0
   A swap may name where the freed joker goes (``to hand``, ``to low``, ``to high``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeAlias

import attrs

from remi._util import printable
from remi.cards import Card, format_cards, parse_card, parse_card_span, stray_comma
from remi.errors import NotationError
from remi.melds import End, Meld, MeldKind, as_cards
from remi.parts import JokerDestination

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


_SETTER = object.__setattr__.__get__  # how a frozen attrs instance sets its own fields
#: A word of an action's notation, where commas part words too (each comma is checked on its own).
_ITEM = re.compile(r"[^\s,]+")
#: The verbs whose notation holds a card list, where a comma may separate two cards.
_CARD_LIST_VERBS = frozenset({"down", "swap"})
_MAX_DIGITS = 9
_NUMBER = re.compile(f"[0-9]{{1,{_MAX_DIGITS}}}")
_MELD_LIMIT = 10**_MAX_DIGITS  # a meld index has at most as many digits as the notation reads


def _keyword(word: str) -> str:
    """``word`` in lower case; only ASCII text can be a keyword (``"ta\u212ae"`` is not ``take``)."""
    return word.lower() if word.isascii() else word


def _to_card(value: object, what: str) -> Card:
    if type(value) is Card:
        return value
    if isinstance(value, str):
        return parse_card(value)
    raise NotationError(f"{what} is a Card or card text, got {printable(value)}", printable(value), 0)


def _to_meld_index(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < _MELD_LIMIT:
        return int(value)
    raise NotationError(f"a meld is named by its index in state.table, a non-negative integer below 10**{_MAX_DIGITS}, "
                        f"got {printable(value)}", printable(value), 0)


def _to_end(value: object) -> End | None:
    if value is None or isinstance(value, End):
        return value
    if isinstance(value, str):
        try:
            return End(_keyword(value))
        except ValueError:
            pass
    raise NotationError(f"a run's end is End.LOW, End.HIGH, 'low' or 'high', got {printable(value)}",
                        printable(value), 0)


def _parse_melds(text: str, start: int, stop: int) -> tuple[Meld, ...]:
    """The melds in ``text[start:stop]``, separated by ``;``; error positions are in ``text``."""
    melds = []
    while True:
        end = text.find(";", start, stop)
        if end < 0:
            end = stop
        kind_word = _ITEM.search(text, start, end)
        if kind_word is None:
            _refuse_commas(text, start, end)
            raise NotationError(
                f"empty meld at position {start} (expected 'set CARDS' or 'run CARDS' between semicolons)",
                "",
                start,
            )
        word, at = kind_word.group(), kind_word.start()
        try:
            kind = MeldKind(_keyword(word))
        except ValueError:
            raise NotationError(
                f"{printable(word)} at position {at} is not a meld kind (expected 'set' or 'run')", word, at
            ) from None
        _refuse_commas(text, start, kind_word.end())
        cards = parse_card_span(text, kind_word.end(), end)
        if not cards:
            raise NotationError(f"the {kind.value} at position {at} has no cards", word, at)
        melds.append(Meld(kind, cards))
        if end == stop:
            return tuple(melds)
        start = end + 1


def _canonical_melds(melds: Sequence[Meld] | str) -> tuple[Meld, ...]:
    if isinstance(melds, str):
        return tuple(sorted(_parse_melds(melds, 0, len(melds)), key=_meld_key))
    try:
        out = tuple(melds)
    except TypeError:
        raise NotationError(f"expected melds (meld text or a sequence of Meld), got {printable(melds)}",
                            printable(melds), 0) from None
    for meld in out:
        if not isinstance(meld, Meld):
            raise NotationError(f"{printable(meld)} is not a Meld", printable(meld), 0)
    return tuple(sorted(out, key=_meld_key))


def _meld_key(meld: Meld) -> tuple[int, tuple[int, ...]]:
    return (0 if meld.kind.value == "set" else 1, tuple(card.index for card in meld.cards))


@attrs.frozen(repr=False)
class LayDown:
    """Lay melds down from the hand: the whole contract, or (piecemeal variants) part of it.

    The melds are kept in a canonical order (sets first), so two lay-downs of
    the same melds are equal whatever order they were given in.

    Args:
        melds: :class:`~remi.melds.Meld` values, or meld text (``"set 9C 9D 9H; run ..."``).

    Raises:
        NotationError: If ``melds`` is neither meld text nor a sequence of melds.

    >>> LayDown("run 4S 5S 6S 7S; set 9C 9D 9H")
    LayDown('set 9H 9D 9C; run 4S 5S 6S 7S')

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       Anything but meld text or a sequence of melds raises :class:`~remi.errors.NotationError`.
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


@attrs.frozen(init=False)
class LayOff:
    """Lay one card off onto a meld on the table.

    Args:
        card: The card, or its text (``"9C"``).
        meld: The index of the target meld in ``state.table``.
        end: For a run, :attr:`End.LOW` or :attr:`End.HIGH` (or the text
            ``"low"``/``"high"``, converted); ``None`` for a set.

    Attributes:
        card: The card from the hand.
        meld: The index of the target meld in ``state.table``.
        end: For a run, which end (:attr:`End.LOW` or :attr:`End.HIGH`); ``None`` for a set.

    Raises:
        NotationError: If a field has the wrong type: a card that is neither a
            :class:`~remi.cards.Card` nor card text, a meld index that is not an
            ``int`` from 0 to 999,999,999 (a ``bool`` is refused), an end that is not an
            :class:`~remi.melds.End`, ``"low"``, ``"high"`` or ``None``.

    >>> LayOff("9c", 2, "high")
    LayOff(card=Card(Rank.NINE, Suit.CLUBS), meld=2, end=End.HIGH)

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       The fields are checked when the action is built; card text and an end's
       text are converted.
    """

    card: Card
    meld: int
    end: End | None = None

    def __init__(self, card: Card | str, meld: int, end: End | str | None = None) -> None:
        # Hand-written so that the common case (built by the legal-action
        # listing) costs three type tests and no calls.
        if type(card) is not Card:
            card = _to_card(card, "a lay-off's card")
        if type(meld) is not int or not 0 <= meld < _MELD_LIMIT:
            meld = _to_meld_index(meld)
        if end is not None and type(end) is not End:
            end = _to_end(end)
        setter = _SETTER(self)
        setter("card", card)
        setter("meld", meld)
        setter("end", end)

    def __str__(self) -> str:
        where = f" {self.end.value}" if self.end is not None else ""
        return f"layoff {self.card} on {self.meld}{where}"


def _to_destination(value: object) -> JokerDestination | None:
    """``value`` as a joker's destination: a :class:`~remi.JokerDestination`, its word, or ``None``."""
    if value is None or isinstance(value, JokerDestination):
        return value
    if isinstance(value, str):
        try:
            return JokerDestination(_keyword(value))
        except ValueError:
            pass
    raise NotationError(f"a freed joker's destination is a JokerDestination, 'hand', 'low', 'high' or None, "
                        f"got {printable(value)}", printable(value), 0)


@attrs.frozen(init=False, repr=False, getstate_setstate=False)
class SwapJoker:
    """Take joker(s) out of a meld by putting in the natural card(s) they stand for.

    From a run, one natural frees the joker that stands for it (N11, E5). From
    an English group, the naturals that complete it free every joker (E6).

    Args:
        meld: The index of the target meld in ``state.table``.
        cards: The natural card(s), or their text (``"3S"``).
        to: Where the freed joker goes, where the variant offers a choice
            (:meth:`Swaps.joker_destinations <remi.Swaps.joker_destinations>`):
            a :class:`~remi.JokerDestination` or its word (``"hand"``, ``"low"``,
            ``"high"``); ``None`` (the default) where there is no choice.

    Attributes:
        meld: The index of the target meld in ``state.table``.
        cards: The natural card(s) put in, from the hand (sorted).
        to: The chosen destination of the freed joker, or ``None``.

    Raises:
        NotationError: If ``meld`` is not an ``int`` from 0 to 999,999,999 (a
            ``bool`` is refused), ``cards`` is neither card text nor a sequence of
            cards, or ``to`` is no destination.

    >>> SwapJoker(0, "5D", "low")
    SwapJoker(meld=0, cards=parse_cards('5D'), to=JokerDestination.LOW_END)
    >>> str(_)
    'swap 5D on 0 to low'

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       The fields are checked when the action is built.

    .. versionchanged:: 0.3.0
       ``to``, the freed joker's destination where the variant offers a choice.
    """

    meld: int
    cards: tuple[Card, ...]
    to: JokerDestination | None

    def __init__(self, meld: int, cards: Sequence[Card] | str, to: JokerDestination | str | None = None) -> None:
        if type(meld) is not int or not 0 <= meld < _MELD_LIMIT:
            meld = _to_meld_index(meld)
        if to is not None and type(to) is not JokerDestination:
            to = _to_destination(to)
        setter = _SETTER(self)
        setter("meld", meld)
        setter("cards", tuple(sorted(as_cards(cards))))
        setter("to", to)

    def __getstate__(self) -> dict[str, object]:
        """The fields, for pickle."""
        return {"meld": self.meld, "cards": self.cards, "to": self.to}

    def __setstate__(self, state: dict[str, object]) -> None:
        """The fields from pickle; a swap pickled before 0.3.0 has no ``to``, which is ``None``."""
        setter = _SETTER(self)
        setter("meld", state["meld"])
        setter("cards", state["cards"])
        setter("to", state.get("to"))

    def __str__(self) -> str:
        where = f" to {self.to.value}" if self.to is not None else ""
        return f"swap {format_cards(self.cards)} on {self.meld}{where}"

    def __repr__(self) -> str:
        where = f", to={self.to!r}" if self.to is not None else ""
        return f"SwapJoker(meld={self.meld}, cards=parse_cards({format_cards(self.cards)!r}){where})"


def _discard_card(card: Card | str) -> Card:
    return _to_card(card, "a discard")


@attrs.frozen
class Discard:
    """Discard one card, ending the turn.

    Args:
        card: The card, or its text (``"KC"``).

    Raises:
        NotationError: If ``card`` is neither a :class:`~remi.cards.Card` nor card text.

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       The card is checked when the action is built; card text is converted.
    """

    card: Card = attrs.field(converter=_discard_card)

    def __str__(self) -> str:
        return f"discard {self.card}"


#: Any action.
Action: TypeAlias = DrawStock | TakeDiscard | Buy | Pass | LayDown | LayOff | SwapJoker | Discard

DRAW = DrawStock()
TAKE = TakeDiscard()
BUY = Buy()
PASS = Pass()

_SIMPLE: dict[str, Action] = {"draw": DRAW, "take": TAKE, "buy": BUY, "pass": PASS}
_FORMS = ("expected draw, take, buy, pass, down ..., layoff CARD on N [low|high], "
          "swap CARD on N [to hand|low|high], or discard CARD")


def _refuse_commas(text: str, start: int, stop: int) -> None:
    """Refuse a comma in ``text[start:stop]``, a span that holds no card list."""
    at = text.find(",", start, stop)
    if at >= 0:
        raise stray_comma(at)


def _card_at(text: str, word: str, at: int) -> Card:
    cards = parse_card_span(text, at, at + len(word))
    if len(cards) != 1:
        raise NotationError(f"{printable(word)} at position {at} is not one card", word, at)
    return cards[0]


def _meld_number_at(word: str, at: int) -> int:
    if _NUMBER.fullmatch(word) is None:
        raise NotationError(
            f"{word[:20]!r} at position {at} is not a meld number (expected 0-9 digits, at most {_MAX_DIGITS})",
            word,
            at,
        )
    return int(word)


def _end_at(word: str, at: int) -> End:
    try:
        return End(_keyword(word))
    except ValueError:
        raise NotationError(f"{printable(word)} at position {at} is not an end (expected 'low' or 'high')",
                            word, at) from None


def parse_action(text: str) -> Action:
    """Parse an action from its notation (as ``str(action)`` prints it).

    Forms: ``draw``, ``take``, ``buy``, ``pass``, ``down set 5C 5D 5H; run 4S 5S 6S 7S``,
    ``layoff 9C on 2 high`` (``low``/``high`` for runs, nothing for sets),
    ``swap 3S on 0`` (``swap 3S on 0 to low``, ``... to high``, ``... to hand`` where
    the variant lets the swapper choose where the freed joker goes), ``discard KC``.
    Letter case does not matter (ASCII letters only). A meld number is ASCII digits ``0``–``9``, at most nine of them.
    A comma may separate two cards of a list (a meld's cards, the naturals of
    a swap: ``swap 3S, 4S on 0``); a comma anywhere else is refused.

    Raises:
        NotationError: If the text is not an action, with the offending
            ``token`` and its ``position`` in ``text``.

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       Only ASCII digits make a meld number (``"²"``, ``"３"`` are refused) and
       only ASCII letters change case; every refusal is a
       :class:`~remi.errors.NotationError` whose position is in ``text``.

    .. versionchanged:: 0.2.0
       A stray comma (``discard KC,``, ``layoff 9C, on 2``, ``set 5C 5D 5H,``)
       is refused, naming its position; before, some were ignored.

    .. versionchanged:: 0.3.0
       A swap may name the freed joker's destination: ``swap 5D on 0 to low``.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected action text, got {type(text).__name__}", printable(text), 0)
    words = [(match.group(), match.start()) for match in _ITEM.finditer(text)]
    if not words:
        raise NotationError(f"an empty text is not an action ({_FORMS})", "", 0)
    verb = _keyword(words[0][0])
    args = words[1:]
    if verb not in _CARD_LIST_VERBS:  # no card list, so no comma belongs anywhere
        _refuse_commas(text, 0, len(text))
    action: Action | None = None
    if verb in _SIMPLE and not args:
        action = _SIMPLE[verb]
    elif verb == "down" and args:
        _refuse_commas(text, 0, args[0][1])
        action = LayDown(_parse_melds(text, args[0][1], len(text)))
    elif verb == "discard" and len(args) == 1:
        action = Discard(_card_at(text, *args[0]))
    elif verb in ("layoff", "swap") and args:
        action = _parse_targeted(text, verb, args)
    if action is None:
        raise _not_an_action(text, words[0][1])
    return action


def _parse_targeted(text: str, verb: str, args: list[tuple[str, int]]) -> Action | None:
    """A ``layoff CARD on N [END]`` or ``swap CARDS on N`` from the words after the verb, or ``None``."""
    at = next((i for i, (word, _) in enumerate(args) if _keyword(word) == "on"), -1)
    if at < 0:
        return None
    cards, target = args[:at], args[at + 1 :]
    if verb == "layoff" and len(cards) == 1 and len(target) in (1, 2):
        card = _card_at(text, *cards[0])
        meld = _meld_number_at(*target[0])
        return LayOff(card, meld, _end_at(*target[1]) if len(target) == 2 else None)
    if verb == "swap" and cards and len(target) in (1, 3):
        last = cards[-1][1] + len(cards[-1][0])
        _refuse_commas(text, 0, cards[0][1])
        _refuse_commas(text, last, len(text))
        naturals = parse_card_span(text, cards[0][1], last)
        if len(target) == 1:
            return SwapJoker(_meld_number_at(*target[0]), naturals)
        if _keyword(target[1][0]) != "to":
            return None
        return SwapJoker(_meld_number_at(*target[0]), naturals, _destination_at(*target[2]))
    return None


def _destination_at(word: str, at: int) -> JokerDestination:
    """The destination named by ``word`` (after ``to``) at position ``at``."""
    try:
        return JokerDestination(_keyword(word))
    except ValueError:
        raise NotationError(f"{printable(word)} at position {at} is not where a freed joker goes "
                            "(expected 'hand', 'low' or 'high')", word, at) from None


def _not_an_action(text: str, at: int) -> NotationError:
    """The refusal of ``text`` (its first word at ``at``) as no action form."""
    stripped = text.strip()
    shown = stripped if len(stripped) <= 80 else stripped[:77] + "..."
    return NotationError(f"{printable(shown)} is not an action ({_FORMS})", stripped, at)
