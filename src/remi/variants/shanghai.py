"""Shanghai Rummy: ten exact contracts, wild twos, contracts beyond the hand reached by buying.

Every clause S1–S17 is a field of a rule part below; readings are marked.
``shanghai-family`` is the house configuration of the public reference
project: per-player levels, everyone who went down advances, whoever
completes level 10 is champion, sets of distinct suits at lay-down, and
dead twos (a discarded 2 is a natural 2 for the rest of the deal, S15).

>>> from remi.variants.shanghai import SHANGHAI
>>> [contract.size for contract in SHANGHAI.contracts][7:]
[13, 14, 15]

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import attrs

from remi.contracts import Contract
from remi.melds import JokerCap, MeldRules, SetSwap, Twos
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
from remi.variant import Variant

__all__ = ["SHANGHAI", "SHANGHAI_FAMILY"]

#: Shanghai Rummy.
SHANGHAI = Variant(
    name="shanghai",
    version="1",
    title="Shanghai Rummy",
    min_players=2,  # S1 [reading] up to six
    max_players=6,
    recommended_players=(3, 6),
    deck=Deck(packs=2, jokers=4, by_players={5: (3, 6), 6: (3, 6)}),  # S1
    melds=MeldRules(
        set_min=3,  # S8
        set_max=None,
        set_distinct_suits=False,  # S8 [reading] suits may repeat
        run_min=4,  # S9
        run_max=13,  # S9: ace low or high, never both
        ace_low=True,
        ace_high=True,
        run_wrap=False,
        twos=Twos.WILD_EXCEPT_SETS,  # S6 [reading] 2s are naturals in a set of twos
        joker_cap=JokerCap.NATURALS,  # S7: no more wilds than naturals ...
        joker_cap_on_layoff=False,  # S7 [reading] ... when going down only
    ),
    contracts=Contracts(
        prefix_closed=True,  # the built-in contract checks refuse every lay-down holding what they refuse
        contracts=(  # S3
            Contract.of("set 3", "set 3", name="two sets"),
            Contract.of("set 3", "run 4", name="set + run of 4"),
            Contract.of("run 4", "run 4", name="two runs of 4"),
            Contract.of("set 3", "set 3", "set 3", name="three sets"),
            Contract.of("set 3", "run 7", name="set + run of 7"),
            Contract.of("set 3", "set 3", "run 5", name="two sets + run of 5"),
            Contract.of("run 4", "run 4", "run 4", name="three runs of 4"),
            Contract.of("set 3", "run 10", name="set + run of 10"),
            Contract.of("set 3", "set 3", "set 3", "run 5", name="three sets + run of 5"),
            Contract.of("run 5", "run 5", "run 5", name="three runs of 5"),
        ),
        deal_sizes=(11,) * 10,  # S2
        going_out=GoingOut.DISCARD_OPTIONAL,  # S14
        exact_sizes=True,  # S3 [reading]
        piecemeal=False,  # S3 [reading] whole
        go_out_on_go_down_turn=False,  # S11: the contract leaves a card in hand
        exceed_hand=True,  # S4: contracts 8-10 are reached by buying
    ),
    drawing=Drawing(rediscard_taken_card=False),  # [reading] as elsewhere: the taken discard stays this turn
    layoffs=LayOffs(requires_down=True, on_go_down_turn=False),  # S11, S12
    swaps=Swaps(
        from_runs=True,  # S13: redeem from any run ...
        from_sets=SetSwap.NEVER,  # S13: wilds in sets stay
        who=SwapWho.DOWN,  # S13: by a player who is down ...
        from_own_melds=True,
        on_go_down_turn=False,  # S11: ... since an earlier turn
        twos=True,  # S13: a live 2 is redeemed like a joker
    ),
    buying=Buying(
        enabled=True,  # S10
        timing=BuyTiming.BEFORE_DRAW,  # S10: the player on turn has first refusal
        penalty=1,
        limit=3,  # S10
        discarder_may_buy=True,  # S10 [reading]
        down_players_may_buy=False,  # S10
    ),
    match=Match(schedule=Schedule.ROUNDS, stock_rebuilds=1),  # S5; S16 [reading] one rebuild
    scoring=Scoring(  # S17: a live 2 20, a dead 2 5
        joker_points=20, rank_points=(15, 20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10), dead_two_points=5
    ),
    references={
        "laydown.whole": "S3",
        "laydown.contract": "S3",
        "laydown.keep_card": "S11",
        "going_out.down_first": "S14",
        "melds.cap": "S7",
        "melds.dead_two": "S15",
        "layoff.down": "S12",
        "layoff.go_down_turn": "S11",
        "swap.who": "S13",
        "swap.sets": "S13",
        "swap.go_down_turn": "S11",
        "buy.limit": "S10",
        "buy.down": "S10",
    },
)

#: The house rules of the public reference project (S5, S8 "house"; S15 dead twos).
SHANGHAI_FAMILY = attrs.evolve(
    SHANGHAI,
    name="shanghai-family",
    title="Shanghai Rummy (family levels)",
    deck=attrs.evolve(SHANGHAI.deck, dead_twos=True),  # S15 house: a discarded 2 is dead
    melds=attrs.evolve(SHANGHAI.melds, set_distinct_suits=True, distinct_suits_on_layoff=False),  # S8 house
    match=attrs.evolve(SHANGHAI.match, schedule=Schedule.LEVELS, advance=Advance.WENT_DOWN, finisher_wins=True),
)
