"""Liverpool Rummy: seven deals of growing contracts, buying before the draw, an all-in last deal.

Every clause L1–L13 is a field of a rule part below; readings are marked.
``liverpool-project`` is the house configuration of the public reference
project (a deck for 2 and for 9–10 players, deal k dealing k + 6 cards,
melds of jokers only, no buy limit, players who are down may buy).

>>> from remi.variants.liverpool import LIVERPOOL
>>> [str(contract) for contract in LIVERPOOL.contracts]
['3-3', '3-4', '4-4', '3-3-3', '3-3-4', '3-4-4', '4-4-4']
>>> LIVERPOOL.deck.for_players(4), LIVERPOOL.deck.for_players(5)
((2, 4), (3, 6))

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import attrs

from remi.contracts import Contract
from remi.melds import JokerCap, MeldRules, SetSwap
from remi.parts import (
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
from remi.variant import Variant

__all__ = ["LIVERPOOL", "LIVERPOOL_PROJECT"]

_REQUIRED, _ALL_IN = GoingOut.DISCARD_REQUIRED, GoingOut.ALL_IN

#: Liverpool Rummy.
LIVERPOOL = Variant(
    name="liverpool",
    version="1",
    title="Liverpool Rummy",
    min_players=3,  # L1
    max_players=8,
    recommended_players=(3, 8),
    deck=Deck(packs=2, jokers=4, by_players={n: (3, 6) for n in range(5, 9)}),  # L1: 108 or 162 cards
    melds=MeldRules(
        set_min=3,  # L4
        set_max=None,  # L4: no upper size, suits may repeat
        set_distinct_suits=False,
        run_min=4,  # L4
        run_max=13,  # L4: never two aces
        ace_low=True,  # L4: A 2 3 4 or J Q K A
        ace_high=True,
        run_wrap=False,
        joker_cap=JokerCap.NONE,  # L5: no cap on jokers ...
        min_naturals=1,  # L5 [reading] ... but every meld keeps a natural
    ),
    contracts=Contracts(
        prefix_closed=True,  # the built-in contract checks refuse every lay-down holding what they refuse
        contracts=(  # L2
            Contract.of("set 3", "set 3", name="3-3"),
            Contract.of("set 3", "run 4", name="3-4"),
            Contract.of("run 4", "run 4", name="4-4"),
            Contract.of("set 3", "set 3", "set 3", name="3-3-3"),
            Contract.of("set 3", "set 3", "run 4", name="3-3-4"),
            Contract.of("set 3", "run 4", "run 4", name="3-4-4"),
            Contract.of("run 4", "run 4", "run 4", name="4-4-4"),
        ),
        deal_sizes=(10, 10, 10, 10, 12, 12, 12),  # L3
        going_out=(_REQUIRED,) * 6 + (_ALL_IN,),  # L10: a final discard in deals 1-6; L11: deal 7 is all-in
        exact_sizes=False,  # L2: minimums
        piecemeal=False,  # L2: whole, in one turn
    ),
    drawing=Drawing(rediscard_taken_card=False),  # L6: turns as N13
    layoffs=LayOffs(requires_down=True, on_go_down_turn=True),  # L8 [reading] also on the go-down turn
    swaps=Swaps(
        from_runs=True,  # L9: out of any run, own or not
        from_sets=SetSwap.NEVER,  # L9: never from a set
        who=SwapWho.DOWN,  # L9: by a player who is down
        from_own_melds=True,
        on_go_down_turn=True,  # L9 [reading]
    ),
    buying=Buying(
        enabled=True,  # L6
        timing=BuyTiming.BEFORE_DRAW,  # L6: before the player on turn draws
        penalty=1,  # L6: plus the top stock card
        limit=3,  # L7 [reading]
        discarder_may_buy=False,  # L7 [reading]
        down_players_may_buy=False,  # L7 [reading]
    ),
    match=Match(schedule=Schedule.ROUNDS, stock_rebuilds=2),  # L2: seven deals; L13 [reading] as N20
    scoring=Scoring(joker_points=15, rank_points=(15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)),  # L12
    references={
        "laydown.whole": "L2",
        "laydown.contract": "L2",
        "going_out.all_in": "L11",
        "going_out.discard": "L10",
        "going_out.down_first": "L10",
        "discard.taken_card": "L6",
        "layoff.down": "L8",
        "swap.who": "L9",
        "swap.sets": "L9",
        "buy.limit": "L7",
        "buy.discarder": "L7",
        "buy.down": "L7",
    },
)

#: The house rules of the public reference project (L1, L3, L5, L7 "house").
LIVERPOOL_PROJECT = attrs.evolve(
    LIVERPOOL,
    name="liverpool-project",
    title="Liverpool Rummy (reference project's house rules)",
    min_players=2,
    max_players=10,
    recommended_players=(3, 8),
    deck=Deck(packs=2, jokers=4, by_players={2: (1, 2), **{n: (3, 6) for n in range(5, 9)}, 9: (4, 8), 10: (4, 8)}),
    melds=attrs.evolve(LIVERPOOL.melds, min_naturals=0),  # melds of jokers only
    contracts=attrs.evolve(LIVERPOOL.contracts, deal_sizes=(7, 8, 9, 10, 11, 12, 13)),  # deal k: k + 6 cards
    buying=attrs.evolve(LIVERPOOL.buying, limit=None, down_players_may_buy=True),
)
