"""remi: a rules engine for contract-rummy card games.

>>> import remi
>>> variant = remi.variants.get("norwegian")
>>> variant.meld_problems(remi.MeldKind.RUN, remi.parse_cards("7S 8S 9S 10S"))
<MeldProblem: 0>

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from remi import actions, bots, variants
from remi._setup import new_game
from remi.actions import parse_action
from remi.bots import Bot, GreedyBot, RandomBot, bot_names, make_bot, register_bot
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
from remi.notation import read_record, write_record
from remi.parts import (
    Advance,
    Buying,
    BuyTiming,
    Contracts,
    Deck,
    Drawing,
    GoingOut,
    LayOffs,
    Match,
    Schedule,
    Scoring,
    Swaps,
    SwapWho,
)
from remi.simulate import Statistics, simulate
from remi.solver import Solution, solve
from remi.state import DealResult, GameState, LegalActions, Phase, PlayerView, TableMeld
from remi.variant import RULE_KEYS, Variant

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "JOKER",
    "NATURALS",
    "RULE_KEYS",
    "Advance",
    "Bot",
    "BuyTiming",
    "Buying",
    "Card",
    "Contract",
    "Contracts",
    "DealResult",
    "Deck",
    "Drawing",
    "End",
    "GameState",
    "GoingOut",
    "GreedyBot",
    "IllegalActionError",
    "JokerCap",
    "LayOffs",
    "LegalActions",
    "Match",
    "Meld",
    "MeldKind",
    "MeldProblem",
    "MeldRules",
    "NotationError",
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
    "Suit",
    "SwapWho",
    "Swaps",
    "TableMeld",
    "Twos",
    "Variant",
    "VariantError",
    "__version__",
    "actions",
    "assign",
    "bot_names",
    "bots",
    "format_cards",
    "full_deck",
    "make_bot",
    "new_game",
    "parse_action",
    "parse_card",
    "parse_cards",
    "read_record",
    "register_bot",
    "shuffled",
    "simulate",
    "solve",
    "variants",
    "write_record",
]
