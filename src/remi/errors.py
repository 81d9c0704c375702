"""The errors remi raises.

Every refusal is a :class:`RemiError`, itself a :class:`ValueError`, carrying a
machine-readable :attr:`~RemiError.reason` (a :class:`Reason` member) and a
sentence a player would understand.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import enum

__all__ = [
    "IllegalActionError",
    "NotationError",
    "Reason",
    "RemiError",
    "RenamedError",
    "SerializationError",
    "VariantError",
]


class Reason(enum.Enum):
    """Why remi refused something: one member per kind of refusal.

    .. versionadded:: 0.1.0
    """

    # notation and data
    BAD_NOTATION = "bad-notation"
    BAD_JSON = "bad-json"
    BAD_POSITION = "bad-position"
    BAD_VARIANT = "bad-variant"
    UNKNOWN_VARIANT = "unknown-variant"
    BAD_ARGUMENT = "bad-argument"
    #: A record's rules fingerprint differs from the variant it is replayed under.
    #:
    #: .. versionadded:: 0.2.0
    RULES_MISMATCH = "rules-mismatch"
    #: JSON or a game record in a format this remi does not read (a newer remi wrote it, or none did).
    #:
    #: .. versionadded:: 0.2.0
    UNSUPPORTED_FORMAT = "unsupported-format"
    # the game
    #: An action the rules refuse, with no more specific reason given.
    #:
    #: .. versionadded:: 0.2.0
    ILLEGAL = "illegal"
    GAME_OVER = "game-over"
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    NOT_A_SEAT = "not-a-seat"
    CARD_NOT_IN_HAND = "card-not-in-hand"
    EMPTY_DISCARD_PILE = "empty-discard-pile"
    CANNOT_BUY = "cannot-buy"
    BUY_LIMIT = "buy-limit"
    DISCARDER_MAY_NOT_BUY = "discarder-may-not-buy"
    DOWN_MAY_NOT_BUY = "down-may-not-buy"
    ON_TURN_MAY_NOT_BUY = "on-turn-may-not-buy"
    CANNOT_REDISCARD = "cannot-rediscard"
    INVALID_MELD = "invalid-meld"
    CONTRACT_NOT_MET = "contract-not-met"
    ALREADY_DOWN = "already-down"
    NOT_DOWN = "not-down"
    ALL_IN = "all-in"
    MUST_DISCARD_TO_GO_OUT = "must-discard-to-go-out"
    NO_SUCH_MELD = "no-such-meld"
    BAD_LAYOFF = "bad-layoff"
    JOKER_CAP = "joker-cap"
    LAYOFF_QUOTA = "layoff-quota"
    OWN_MELD_TOO_SOON = "own-meld-too-soon"
    BAD_SWAP = "bad-swap"
    SWAP_NOT_ALLOWED = "swap-not-allowed"
    #: A player who is down takes the discard where they draw from the stock only.
    #:
    #: .. versionadded:: 0.2.0
    DOWN_DRAWS_FROM_STOCK = "down-draws-from-stock"
    #: A lay-off or swap on the turn the player went down, where the rules forbid it.
    #:
    #: .. versionadded:: 0.2.0
    GO_DOWN_TURN = "go-down-turn"
    #: Going down would empty the hand where the contract must leave a card.
    #:
    #: .. versionadded:: 0.2.0
    MUST_KEEP_A_CARD = "must-keep-a-card"
    #: Melds that are each valid break a rule of the contract as a whole (two runs too close).
    #:
    #: .. versionadded:: 0.2.0
    CONTRACT_CONSTRAINT = "contract-constraint"
    #: A player who is down swaps where only players not yet down may.
    #:
    #: .. versionadded:: 0.2.0
    DOWN_MAY_NOT_SWAP = "down-may-not-swap"
    #: ``len()`` or indexing of a :class:`~remi.LegalActions` with more actions than
    #: :attr:`~remi.LegalActions.LIMIT` (a huge hand's lay-downs): iterate, filter by kind or use ``in``.
    #:
    #: .. versionadded:: 0.2.0
    TOO_MANY_ACTIONS = "too-many-actions"
    #: A meld the fields allow, refused by the variant's own meld rule (:meth:`remi.MeldRules.meld_problem`).
    #:
    #: .. versionadded:: 0.3.0
    MELD_RULE = "meld-rule"


class RemiError(ValueError):
    """Base class of every error remi raises.

    Args:
        message: A sentence a player (or a programmer) understands.
        reason: The machine-readable kind of refusal.

    Attributes:
        reason: The :class:`Reason` member naming the kind of refusal.

    .. versionadded:: 0.1.0
    """

    default_reason = Reason.BAD_ARGUMENT

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason: Reason = reason if reason is not None else self.default_reason

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (str(self), self.reason))


class NotationError(RemiError):
    """Text that is not valid remi notation (cards, actions, records).

    Args:
        message: A sentence naming what is wrong.
        token: The offending piece of text.
        position: Its character offset (in the line, for a record).
        line: For a game record, the 1-based line the token is on.
        reason: The kind of refusal: :attr:`Reason.BAD_NOTATION` unless given
            (:attr:`Reason.UNSUPPORTED_FORMAT` for a record in a format this
            remi does not read).

    Attributes:
        token: The offending piece of text.
        position: Its character offset in the text that was parsed; in a game
            record, its offset within :attr:`line`.
        line: The 1-based line of a game record the refusal is about, or
            ``None`` when the text was not a record (or the fault is not on one
            line, such as a header that describes no position).

    >>> import remi
    >>> remi.parse_cards("QS XH")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    remi.errors.NotationError: 'XH' at position 3 is not a card (expected a rank and a suit, ...)

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       The :attr:`line` attribute; :func:`~remi.read_record` sets ``position``
       to a character offset within that line (it used to be the line number).

    .. versionchanged:: 0.2.0
       The ``reason`` argument.
    """

    default_reason = Reason.BAD_NOTATION

    def __init__(
        self, message: str, token: str = "", position: int = 0, line: int | None = None, reason: Reason | None = None
    ) -> None:
        super().__init__(message, reason if reason is not None else Reason.BAD_NOTATION)
        self.token = token
        self.position = position
        self.line = line

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (str(self), self.token, self.position, self.line, self.reason))


class VariantError(RemiError):
    """A variant configuration that cannot work, or an unknown variant name.

    Also raised (reason :attr:`Reason.RULES_MISMATCH`) when a game record was
    played under rules other than the variant it is replayed under.

    .. versionadded:: 0.1.0
    """

    default_reason = Reason.BAD_VARIANT


class IllegalActionError(RemiError):
    """An action the rules do not allow in this state.

    ``state.check(action)`` raises it; ``state.apply(action)`` raises the same,
    each with the specific :class:`Reason`. Built without a reason, it has the
    neutral :attr:`Reason.ILLEGAL`.

    .. versionadded:: 0.1.0

    .. versionchanged:: 0.2.0
       The default reason is :attr:`Reason.ILLEGAL` (it was ``WRONG_PHASE``).
    """

    default_reason = Reason.ILLEGAL


class SerializationError(RemiError):
    """Malformed or inconsistent serialized data (JSON, records).

    .. versionadded:: 0.1.0
    """

    default_reason = Reason.BAD_JSON


class RenamedError(RemiError, AttributeError):
    """A name that an earlier remi had and this one spells otherwise: the sentence names the new spelling.

    An :class:`AttributeError` too, so ``hasattr`` and ``getattr(obj, name, default)`` treat the old name
    as absent.

    >>> import remi
    >>> remi.variants.get("norwegian").buy_limit
    Traceback (most recent call last):
    ...
    remi.errors.RenamedError: Variant.buy_limit is gone since remi 0.2.0: use variant.buying.limit

    .. versionadded:: 0.3.0
    """
