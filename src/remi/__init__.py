"""remi: a rules engine for contract-rummy card games.

>>> import remi
>>> variant = remi.variants.get("norwegian")
>>> variant.meld_problems(remi.MeldKind.RUN, remi.parse_cards("7S 8S 9S 10S"))
<MeldProblem: 0>

.. versionadded:: 0.1.0

.. versionchanged:: 0.2.0
   :mod:`remi.testing` is an attribute of ``remi``, loaded on first use.

.. versionchanged:: 0.3.0
   :data:`remi.compiled` says which build is loaded (see ``docs/benchmarks.rst``, "Two builds").
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

# First: remi.compiled says whether the compiled build is loaded (True when every module the install compiled
# loads compiled: REMI_PURE_PYTHON=1 unset, and no compiled module's .py edited since). Importing it sets up
# the finder that chooses each module's build (remi._loading), before any other module of remi loads.
from remi._loading import compiled

# isort: split
from remi import actions, variants
from remi.actions import parse_action
from remi.cards import (
    CARDS,
    JOKER,
    NATURALS,
    Card,
    Rank,
    Suit,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
    shuffled,
)
from remi.contracts import Contract, Requirement, assign
from remi.errors import IllegalActionError, NotationError, Reason, RemiError, SerializationError, VariantError
from remi.melds import End, JokerCap, Meld, MeldKind, MeldProblem, MeldRules, SetSwap, Twos
from remi.parts import (
    Advance,
    Buying,
    BuyTiming,
    Contracts,
    Deck,
    Drawing,
    GoingOut,
    JokerDestination,
    LayOffs,
    Match,
    Schedule,
    Scoring,
    Swaps,
    SwapWho,
)
from remi.state import (
    EVENT_NAMES,
    DealResult,
    GameState,
    LegalActions,
    Phase,
    PlayerView,
    TableMeld,
    determinize,
    new_game,
    position,
)
from remi.variant import RULE_KEYS, Variant

if TYPE_CHECKING:  # loaded on first use (see __getattr__ below); here for type checkers
    from remi import bots, testing
    from remi.bots import Bot, GreedyBot, RandomBot, bot_names, make_bot, register_bot
    from remi.notation import read_record, write_record
    from remi.simulation import Statistics, simulate
    from remi.solver import Solution, solve
    from remi.state import (
        Bought,
        DealEnded,
        Dealt,
        Discarded,
        DrewStock,
        Event,
        LaidDown,
        LaidOff,
        Passed,
        StockRebuilt,
        Swapped,
        TookDiscard,
    )

__version__ = "0.2.0"

__all__ = [
    "CARDS",
    "JOKER",
    "NATURALS",
    "RULE_KEYS",
    "Advance",
    "Bot",
    "Bought",
    "BuyTiming",
    "Buying",
    "Card",
    "Contract",
    "Contracts",
    "DealEnded",
    "DealResult",
    "Dealt",
    "Deck",
    "Discarded",
    "Drawing",
    "DrewStock",
    "End",
    "Event",
    "GameState",
    "GoingOut",
    "GreedyBot",
    "IllegalActionError",
    "JokerCap",
    "JokerDestination",
    "LaidDown",
    "LaidOff",
    "LayOffs",
    "LegalActions",
    "Match",
    "Meld",
    "MeldKind",
    "MeldProblem",
    "MeldRules",
    "NotationError",
    "Passed",
    "Phase",
    "PlayerView",
    "RandomBot",
    "Rank",
    "Reason",
    "RemiError",
    "Requirement",
    "Schedule",
    "Scoring",
    "SerializationError",
    "SetSwap",
    "Solution",
    "Statistics",
    "StockRebuilt",
    "Suit",
    "SwapWho",
    "Swapped",
    "Swaps",
    "TableMeld",
    "TookDiscard",
    "Twos",
    "Variant",
    "VariantError",
    "__version__",
    "actions",
    "assign",
    "bot_names",
    "bots",
    "compiled",
    "determinize",
    "format_cards",
    "full_deck",
    "make_bot",
    "new_game",
    "parse_action",
    "parse_card",
    "parse_cards",
    "position",
    "read_record",
    "register_bot",
    "shuffled",
    "simulate",
    "solve",
    "testing",
    "variants",
    "write_record",
]

#: The names that load on first use (PEP 562): each name's module, and the attribute in it
#: (``None`` for the module itself). A script that only validates a meld never imports them.
_LAZY: dict[str, tuple[str, str | None]] = {
    "bots": ("remi.bots", None),
    **{name: ("remi.bots", name) for name in ("Bot", "GreedyBot", "RandomBot", "bot_names", "make_bot",
                                               "register_bot")},
    **{name: ("remi.notation", name) for name in ("read_record", "write_record")},
    **{name: ("remi.simulation", name) for name in ("Statistics", "simulate")},
    **{name: ("remi.solver", name) for name in ("Solution", "solve")},
    # the events of a deal's history, loaded with the first history read (remi.state's lazy names)
    **{name: ("remi.state", name) for name in EVENT_NAMES},
    # remi.testing, as the README and the variant guide write it (remi.testing.check_variant)
    "testing": ("remi.testing", None),
}


def __getattr__(name: str) -> Any:
    """Load a name of :data:`_LAZY` on first use, and keep it."""
    try:
        module_name, attribute = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'remi' has no attribute {name!r}") from None
    module = import_module(module_name)
    value = module if attribute is None else getattr(module, attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


# Pickles written before 0.2.0 name the old private home of Phase, TableMeld and DealResult.
sys.modules.setdefault("remi._values", import_module("remi._engine.values"))
