"""Small helpers shared across remi's modules (private): printing refused values, checking integers and seeds.

Nothing here knows the game: this module imports no other module of remi, so every layer may use it.
"""

from __future__ import annotations

#: Integer seeds lie strictly between ``-SEED_BOUND`` and ``SEED_BOUND``.
SEED_BOUND = 2**128
#: The most characters a text seed may have.
SEED_TEXT_LIMIT = 1000


def printable(value: object) -> str:
    """``repr(value)`` for a refusal's sentence, also when ``value`` holds an integer too long to print.

    Python prints no integer of more than 4,300 digits (``sys.set_int_max_str_digits``);
    a refusal of such a number must still say what it refuses, not fail on the saying.

    >>> printable("KD"), printable(10**5000)
    ("'KD'", 'an integer of about 5,001 digits')
    """
    try:
        return repr(value)
    except ValueError:
        if isinstance(value, int):
            sign = "a negative" if value < 0 else "an"
            return f"{sign} integer of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"
        return f"a {type(value).__name__} holding an integer too long to print"


def is_int(value: object) -> bool:
    """Whether ``value`` is an integer (``True`` and ``False`` are not).

    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def seed_problem(seed: object) -> str:
    """What is wrong with ``seed`` as a seed (a phrase after "seed"), or ``""``.

    >>> seed_problem(7), seed_problem(1.5)
    ('', 'must be an integer or a string, got float')
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        return f"must be an integer or a string, got {type(seed).__name__}"
    if isinstance(seed, int) and not -SEED_BOUND < seed < SEED_BOUND:
        return "must be an integer strictly between -2**128 and 2**128"
    if isinstance(seed, str) and len(seed) > SEED_TEXT_LIMIT:
        return f"text must be at most {SEED_TEXT_LIMIT} characters, got {len(seed)}"
    return ""
