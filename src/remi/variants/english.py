"""English (progressive) Remi: seven levels climbed one win at a time.

Every clause E1–E17 is a parameter value or a hook below; readings are marked.

>>> from remi.variants.english import ENGLISH
>>> [ENGLISH.layoff_quota(level) for level in range(7)]
[3, 2, 2, 2, 1, 0, 0]
>>> [ENGLISH.winner_score(wins) for wins in range(1, 8)]
[-10, -20, -30, -40, -50, -60, -100]

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import attrs

from remi.contracts import Contract
from remi.melds import JokerCap, SetSwap
from remi.variant import GoingOut, Schedule, Variant

__all__ = ["ENGLISH", "EnglishVariant"]


@attrs.frozen(kw_only=True)
class EnglishVariant(Variant):
    """A :class:`~remi.Variant` with the English lay-off quota and winner's score.

    .. versionadded:: 0.1.0
    """

    def layoff_quota(self, level: int) -> int | None:
        """E12: the quota is the deal size minus the contract's size (3, 2, 2, 2, 1, 0, 0)."""
        return self.deal_sizes[level] - self.contracts[level].size

    def winner_score(self, wins: int) -> int:
        """E15: −10 × wins so far, except the last level's win, which scores −100."""
        return -100 if wins >= len(self.contracts) else -10 * wins


#: English (progressive) Remi.
ENGLISH = EnglishVariant(
    name="english",
    version="1",
    title="English (progressive) Remi",
    packs=2,  # E1
    jokers=4,  # E1
    min_players=2,  # E1 [reading] 2-6
    max_players=6,
    recommended_players=(2, 6),
    schedule=Schedule.LEVELS,  # E14
    contracts=(  # E9
        Contract.of("run 4", "set 3", name="run 4 + group 3"),
        Contract.of("run 4", "set 4", name="run 4 + group 4"),
        Contract.of("run 4", "run 4", name="two runs of 4"),
        Contract.of("run 5", "set 3", name="run 5 + group 3"),
        Contract.of("run 5", "set 4", name="run 5 + group 4"),
        Contract.of("run 5", "run 5", name="two runs of 5"),
        Contract.of("run 6", "set 4", name="run 6 + group 4"),
    ),
    deal_sizes=(10,) * 7,  # E3
    all_in=(False,) * 7,
    exact_sizes=True,  # E9
    piecemeal=True,  # E8
    set_min=3,  # E4
    set_max=4,  # E4: at most four cards, jokers included
    set_distinct_suits=True,  # E4
    run_min=4,
    run_max=14,  # E2: same run rules as N8
    ace_low=True,
    ace_high=True,
    run_wrap=False,
    joker_cap=JokerCap.NONE,  # §5: no cap, one natural needed
    joker_cap_on_layoff=True,
    swap_from_runs=True,  # E5
    set_swap=SetSwap.ON_COMPLETION,  # E6
    swap_from_own_melds=True,  # §5
    swapper_must_be_down=False,  # E10
    layoff_requires_down=False,  # E10
    own_meld_layoff_delay=1,  # E11
    going_out=GoingOut.DISCARD_REQUIRED,  # E13 [reading]
    rediscard_taken_card=False,  # as N13 [reading]
    buying=False,  # E7
    stock_rebuilds=2,  # E17 [reading] as N20
    joker_points=25,  # E15
    rank_points=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),  # E15 [reading] ace = 1
)
