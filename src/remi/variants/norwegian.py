"""Norwegian Remi: seven fixed rounds, nine jokers, buying.

Every clause N1–N20 is a field of a rule part below; readings are marked.

>>> from remi.variants.norwegian import NORWEGIAN
>>> NORWEGIAN.contracts[6].name, NORWEGIAN.contracts.deal_sizes[6], NORWEGIAN.contracts.going_out[6].value
('4-4-4', 11, 'all-in')

.. versionadded:: 0.1.0
.. versionchanged:: 0.2.0
   Written as rule parts.
"""

from __future__ import annotations

from remi.contracts import Contract
from remi.melds import JokerCap, MeldRules, SetSwap
from remi.parts import Buying, Contracts, Deck, Drawing, GoingOut, LayOffs, Match, Schedule, Scoring, Swaps
from remi.variant import Variant

__all__ = ["NORWEGIAN"]

_OPTIONAL, _ALL_IN = GoingOut.DISCARD_OPTIONAL, GoingOut.ALL_IN

#: Norwegian Remi, the default variant.
NORWEGIAN = Variant(
    name="norwegian",
    version="1",
    title="Norwegian Remi",
    min_players=2,  # N1 [reading] 2-6 allowed, 3-5 recommended
    max_players=6,
    recommended_players=(3, 5),
    deck=Deck(packs=2, jokers=9),  # N2
    melds=MeldRules(
        set_min=3,  # N4
        set_max=None,  # N4 [reading] no upper size
        set_distinct_suits=False,  # N4: suits may repeat
        run_min=4,  # N5
        run_max=14,  # N8 [reading] A 2 ... K A
        ace_low=True,  # N8
        ace_high=True,
        run_wrap=False,  # N8 [reading]
        joker_cap=JokerCap.NATURALS,  # N10
        joker_cap_on_layoff=True,  # N10 [reading] at all times
    ),
    contracts=Contracts(
        prefix_closed=True,  # the built-in contract checks refuse every lay-down holding what they refuse
        contracts=(  # N6
            Contract.of("set 3", "set 3", name="3-3"),
            Contract.of("set 3", "run 4", name="3-4"),
            Contract.of("run 4", "run 4", name="4-4"),
            Contract.of("set 3", "set 3", "set 3", name="3-3-3"),
            Contract.of("set 3", "set 3", "run 4", name="3-3-4"),
            Contract.of("set 3", "run 4", "run 4", name="3-4-4"),
            Contract.of("run 4", "run 4", "run 4", name="4-4-4"),
        ),
        deal_sizes=(10, 10, 10, 10, 10, 10, 11),  # N7
        going_out=(_OPTIONAL,) * 6 + (_ALL_IN,),  # N17 [reading] discard optional; N18: round 7 is all-in
        exact_sizes=False,  # N6: sizes are minimums
        piecemeal=False,  # N15: all of it in one turn
    ),
    drawing=Drawing(rediscard_taken_card=False),  # N13 [reading]
    layoffs=LayOffs(requires_down=True, own_meld_delay=0),  # N16: including the turn they go down
    swaps=Swaps(
        from_runs=True,  # N11
        from_sets=SetSwap.NEVER,  # N11
        from_own_melds=False,  # N11 [reading] only opponents' melds
    ),
    buying=Buying(
        enabled=True,  # N14
        penalty=1,  # N14
        limit=None,  # N14 [reading] no limit
        discarder_may_buy=False,  # N14 [reading]
        down_players_may_buy=True,  # N14 [reading]
    ),
    match=Match(schedule=Schedule.ROUNDS, stock_rebuilds=2),  # N3: seven rounds; N20 [reading]
    scoring=Scoring(joker_points=50, rank_points=(20, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),  # N9
    references={
        "laydown.whole": "N15",
        "laydown.contract": "N6",
        "going_out.all_in": "N18",
        "going_out.down_first": "N17",
        "melds.cap": "N10",
        "discard.taken_card": "N13",
        "layoff.down": "N16",
        "swap.own_melds": "N11",
        "swap.sets": "N11",
        "buy.discarder": "N14",
    },
    legacy_fingerprints={"74dd975bdb75902f"},  # remi 0.2
)
