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
    # the game
    GAME_OVER = "game-over"
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    NOT_A_SEAT = "not-a-seat"
    CARD_NOT_IN_HAND = "card-not-in-hand"
    EMPTY_DISCARD_PILE = "empty-discard-pile"
    CANNOT_BUY = "cannot-buy"
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

    Attributes:
        token: The offending piece of text.
        position: Its character offset in the text that was parsed.

    >>> import remi
    >>> remi.parse_cards("QS XH")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    remi.errors.NotationError: 'XH' at position 3 is not a card (expected a rank and a suit, ...)

    .. versionadded:: 0.1.0
    """

    default_reason = Reason.BAD_NOTATION

    def __init__(self, message: str, token: str = "", position: int = 0) -> None:
        super().__init__(message, Reason.BAD_NOTATION)
        self.token = token
        self.position = position

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (str(self), self.token, self.position))


class VariantError(RemiError):
    """A variant configuration that cannot work, or an unknown variant name.

    .. versionadded:: 0.1.0
    """

    default_reason = Reason.BAD_VARIANT


class IllegalActionError(RemiError):
    """An action the rules do not allow in this state.

    ``state.check(action)`` raises it; ``state.apply(action)`` raises the same.

    .. versionadded:: 0.1.0
    """

    default_reason = Reason.WRONG_PHASE


class SerializationError(RemiError):
    """Malformed or inconsistent serialized data (JSON, records).

    .. versionadded:: 0.1.0
    """

    default_reason = Reason.BAD_JSON
