"""May I?: six hands, wild twos, same-suit runs kept apart, "May I?" calls for the exposed discard.

Every clause M1–M16 is a field of a rule part below; readings are marked.

>>> from remi.variants.mayi import MAYI
>>> MAYI.contracts.same_suit_run_gap, MAYI.melds.twos.value
(2, 'wild')

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from remi.contracts import Contract
from remi.melds import JokerCap, MeldRules, SetSwap, Twos
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

__all__ = ["MAYI"]

_OPTIONAL, _ALL_IN = GoingOut.DISCARD_OPTIONAL, GoingOut.ALL_IN

#: May I?
MAYI = Variant(
    name="mayi",
    version="1",
    title="May I?",
    min_players=3,  # M1
    max_players=8,
    recommended_players=(3, 8),
    deck=Deck(packs=2, jokers=4, by_players={6: (3, 6), 7: (3, 6), 8: (3, 6)}),  # M1
    melds=MeldRules(
        set_min=3,  # M6
        set_max=None,
        set_distinct_suits=False,  # M6: repeats included
        run_min=4,  # M3
        run_max=12,  # M5: 3 up to A
        ace_low=False,  # M5: the ace is high only
        ace_high=True,
        run_wrap=False,
        twos=Twos.WILD,  # M4: a 2 is never natural
        joker_cap=JokerCap.NATURALS,  # M7: no more wilds than naturals ...
        joker_cap_on_layoff=False,  # M7: ... when going down only
    ),
    contracts=Contracts(
        prefix_closed=True,  # the built-in contract checks refuse every lay-down holding what they refuse
        contracts=(  # M3
            Contract.of("set 3", "set 3", name="two sets"),
            Contract.of("set 3", "run 4", name="set + run"),
            Contract.of("run 4", "run 4", name="two runs"),
            Contract.of("set 3", "set 3", "set 3", name="three sets"),
            Contract.of("set 3", "set 3", "run 4", name="two sets + run"),
            Contract.of("set 3", "run 4", "run 4", name="set + two runs"),
        ),
        deal_sizes=(11,) * 6,  # M2
        going_out=(_OPTIONAL,) * 5 + (_ALL_IN,),  # M12; M13: hand 6 is all-in
        exact_sizes=False,  # M3 [reading] a longer meld is fine
        piecemeal=False,  # M3
        same_suit_run_gap=2,  # M8
    ),
    # M9; [reading] as elsewhere, the taken discard stays this turn
    drawing=Drawing(down_players_take_discard=False, rediscard_taken_card=False),
    layoffs=LayOffs(requires_down=True, on_go_down_turn=False),  # M10
    swaps=Swaps(
        from_runs=True,  # M11: out of a run ...
        from_sets=SetSwap.NEVER,  # M11: ... never from a set
        who=SwapWho.NOT_DOWN,  # M11: only a player not yet down
        from_own_melds=True,
        twos=False,  # M11: a joker, never a 2
    ),
    buying=Buying(
        enabled=True,  # M14: "May I?"
        timing=BuyTiming.AFTER_DRAW,  # M14: the player on turn is asked first, until they draw from the stock
        penalty=1,  # M14
        limit=None,  # M14: no limit
        discarder_may_buy=False,  # M14: the discarder is not in line
        down_players_may_buy=False,  # M14: nor are players who are down
    ),
    # M2: six hands; M15: rebuilt without limit, as soon as the last card is taken
    match=Match(schedule=Schedule.ROUNDS, stock_rebuilds=None, rebuild_at_once=True),
    scoring=Scoring(joker_points=50, rank_points=(15, 20, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),  # M16
    references={
        "laydown.whole": "M3",
        "laydown.contract": "M3",
        "laydown.constraint": "M8",
        "going_out.all_in": "M13",
        "going_out.down_first": "M12",
        "melds.cap": "M7",
        "draw.down_stock_only": "M9",
        "layoff.down": "M10",
        "layoff.go_down_turn": "M10",
        "swap.who": "M11",
        "swap.sets": "M11",
        "buy.discarder": "M14",
        "buy.down": "M14",
    },
)
