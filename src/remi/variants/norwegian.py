"""Norwegian Remi: seven fixed rounds, nine jokers, buying.

Every clause N1–N20 is a parameter value below; readings are marked.

>>> from remi.variants.norwegian import NORWEGIAN
>>> NORWEGIAN.contracts[6].name, NORWEGIAN.deal_sizes[6], NORWEGIAN.all_in[6]
('4-4-4', 11, True)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from remi.contracts import Contract
from remi.melds import JokerCap, SetSwap
from remi.variant import GoingOut, Schedule, Variant

__all__ = ["NORWEGIAN"]

#: Norwegian Remi, the default variant.
NORWEGIAN = Variant(
    name="norwegian",
    version="1",
    title="Norwegian Remi",
    packs=2,  # N2
    jokers=9,  # N2
    min_players=2,  # N1 [reading] 2-6 allowed, 3-5 recommended
    max_players=6,
    recommended_players=(3, 5),
    schedule=Schedule.ROUNDS,  # N3: seven rounds
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
    all_in=(False, False, False, False, False, False, True),  # N18: round 7 is all-in
    exact_sizes=False,  # N6: sizes are minimums
    piecemeal=False,  # N15: all of it in one turn
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
    swap_from_runs=True,  # N11
    set_swap=SetSwap.NEVER,  # N11
    swap_from_own_melds=False,  # N11 [reading] only opponents' melds
    swapper_must_be_down=False,  # N11 [reading]
    layoff_requires_down=True,  # N16
    own_meld_layoff_delay=0,  # N16: including the turn they go down
    going_out=GoingOut.DISCARD_OPTIONAL,  # N17 [reading]
    rediscard_taken_card=False,  # N13 [reading]
    buying=True,  # N14
    buy_penalty=1,  # N14
    buy_limit=None,  # N14 [reading] no limit
    discarder_may_buy=False,  # N14 [reading]
    down_players_may_buy=True,  # N14 [reading]
    stock_rebuilds=2,  # N20 [reading]
    joker_points=50,  # N9
    rank_points=(20, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),  # N9
)
