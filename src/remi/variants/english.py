"""English (progressive) Remi: seven levels climbed one win at a time.

Every clause E1–E17 is a field or a hook of a rule part below; readings are marked.

>>> from remi.variants.english import ENGLISH
>>> [ENGLISH.layoff_quota(level) for level in range(7)]
[3, 2, 2, 2, 1, 0, 0]
>>> [ENGLISH.scoring.winner_score(wins) for wins in range(1, 8)]
[-10, -20, -30, -40, -50, -60, -100]

.. versionadded:: 0.1.0
.. versionchanged:: 0.2.0
   Written as rule parts; the hooks live on :class:`EnglishLayOffs` and :class:`EnglishScoring`.
"""

from __future__ import annotations

import attrs

from remi.contracts import Contract
from remi.melds import JokerCap, MeldRules, SetSwap
from remi.parts import Contracts, Deck, Drawing, GoingOut, LayOffs, Match, Schedule, Scoring, Swaps
from remi.variant import Variant

__all__ = ["ENGLISH", "EnglishLayOffs", "EnglishScoring"]

_LEVELS = (  # E9
    Contract.of("run 4", "set 3", name="run 4 + group 3"),
    Contract.of("run 4", "set 4", name="run 4 + group 4"),
    Contract.of("run 4", "run 4", name="two runs of 4"),
    Contract.of("run 5", "set 3", name="run 5 + group 3"),
    Contract.of("run 5", "set 4", name="run 5 + group 4"),
    Contract.of("run 5", "run 5", name="two runs of 5"),
    Contract.of("run 6", "set 4", name="run 6 + group 4"),
)
_DEALT = 10  # E3


@attrs.frozen(kw_only=True)
class EnglishLayOffs(LayOffs):
    """Lay-offs with the English quota (E12).

    .. versionadded:: 0.2.0
    """

    def quota(self, level: int) -> int | None:
        """E12: the deal size minus the contract's size (3, 2, 2, 2, 1, 0, 0)."""
        return _DEALT - _LEVELS[level].size


@attrs.frozen(kw_only=True)
class EnglishScoring(Scoring):
    """Scoring with the English winner's bonus (E15).

    .. versionadded:: 0.2.0
    """

    def winner_score(self, wins: int) -> int:
        """E15: −10 × wins so far, except the last level's win, which scores −100."""
        return -100 if wins >= len(_LEVELS) else -10 * wins


#: English (progressive) Remi.
ENGLISH = Variant(
    name="english",
    version="1",
    title="English (progressive) Remi",
    min_players=2,  # E1 [reading] 2-6
    max_players=6,
    recommended_players=(2, 6),
    deck=Deck(packs=2, jokers=4),  # E1
    melds=MeldRules(
        set_min=3,  # E4
        set_max=4,  # E4: at most four cards, jokers included
        set_distinct_suits=True,  # E4
        run_min=4,
        run_max=14,  # E2: same run rules as N8
        ace_low=True,
        ace_high=True,
        run_wrap=False,
        joker_cap=JokerCap.NONE,  # no cap, one natural needed
        joker_cap_on_layoff=True,
    ),
    contracts=Contracts(
        prefix_closed=True,  # the built-in contract checks refuse every lay-down holding what they refuse
        contracts=_LEVELS,
        deal_sizes=(_DEALT,) * 7,
        going_out=GoingOut.DISCARD_REQUIRED,  # E13 [reading]
        exact_sizes=True,  # E9
        piecemeal=True,  # E8
    ),
    drawing=Drawing(rediscard_taken_card=False),  # as N13 [reading]
    layoffs=EnglishLayOffs(
        requires_down=False,  # E10
        own_meld_delay=1,  # E11
    ),
    swaps=Swaps(
        from_runs=True,  # E5
        from_sets=SetSwap.ON_COMPLETION,  # E6
        from_own_melds=True,
    ),
    # E7: no buying (the default Buying part)
    match=Match(schedule=Schedule.LEVELS, stock_rebuilds=2),  # E14, E16; E17 [reading] as N20
    scoring=EnglishScoring(joker_points=25, rank_points=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),  # E15
    references={
        "laydown.contract": "E9",
        "going_out.discard": "E13",
        "going_out.down_first": "E13",
        "discard.taken_card": "E7",
        "layoff.own_meld": "E11",
        "layoff.quota": "E12",
        "swap.sets": "E6",
    },
    legacy_fingerprints={"0a7e7aa35846e947"},  # remi 0.2
)
