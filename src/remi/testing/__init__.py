"""Testing code built on remi: a conformance kit, brute-force references, invariants and Hypothesis strategies.

One call checks a variant (a plugin, a house rule) the way remi's own suite
checks the built-ins, with seeded random games and no Hypothesis needed:

>>> import remi
>>> report = check_variant("norwegian", games=1, max_actions=60)
>>> report.properties
('hooks', 'invariants', 'melds', 'legal-actions', 'views', 'round-trips', 'determinism', 'deals-end')

The checks it is made of are public too (:func:`assert_invariants`,
:func:`assert_legal_actions`, :func:`assert_view_hides`,
:func:`assert_round_trips`, :func:`brute_force_valid`), and so are the
`Hypothesis <https://hypothesis.readthedocs.io>`_ strategies
(:func:`cards`, :func:`hands`, :func:`game_states`, ...) and
:class:`RemiStateMachine`. Those need Hypothesis, which comes with the
``test`` extra (``pip install 'remi-rules[test]'``); without it they raise
:class:`ImportError` when used, and everything else works.

>>> from hypothesis import given, settings
>>> from remi.testing import hands
>>> @settings(max_examples=20)
... @given(hands(max_size=5))
... def test_round_trip(hand):
...     assert remi.parse_cards(remi.format_cards(hand)) == hand
>>> test_round_trip()

.. versionadded:: 0.1.0
.. versionchanged:: 0.2.0
   :func:`check_variant`, the brute-force references and
   :class:`RemiStateMachine`; Hypothesis is needed only by the strategies and
   the state machine.
"""

from __future__ import annotations

from typing import Any

from remi.testing.conformance import PROPERTIES, ConformanceError, ConformanceReport, check_variant
from remi.testing.invariants import (
    assert_invariants,
    brute_force_valid,
    card_multiset,
    random_action,
    random_play,
    random_playout,
)
from remi.testing.reference import (
    assert_legal_actions,
    assert_round_trips,
    assert_view_hides,
    brute_force_legal_actions,
    conceivable_actions,
    hidden_shuffle,
)

try:
    from remi.testing.strategies import (
        RemiStateMachine,
        cards,
        game_states,
        hands,
        meld_candidates,
        naturals,
        variants,
    )
except ImportError as missing:  # without Hypothesis these names raise ImportError when used (__getattr__)
    if not (missing.name or "").startswith("hypothesis"):
        raise

__all__ = [
    "PROPERTIES",
    "ConformanceError",
    "ConformanceReport",
    "RemiStateMachine",
    "assert_invariants",
    "assert_legal_actions",
    "assert_round_trips",
    "assert_view_hides",
    "brute_force_legal_actions",
    "brute_force_valid",
    "card_multiset",
    "cards",
    "check_variant",
    "conceivable_actions",
    "game_states",
    "hands",
    "hidden_shuffle",
    "meld_candidates",
    "naturals",
    "random_action",
    "random_play",
    "random_playout",
    "variants",
]

#: The names that need Hypothesis.
_NEED_HYPOTHESIS = frozenset(
    {"RemiStateMachine", "cards", "game_states", "hands", "meld_candidates", "naturals", "variants"}
)


def __getattr__(name: str) -> Any:
    """Only reached without Hypothesis: say what the strategies and the state machine need."""
    if name in _NEED_HYPOTHESIS:
        raise ImportError(f"remi.testing.{name} needs Hypothesis; install it with: pip install 'remi-rules[test]'")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
