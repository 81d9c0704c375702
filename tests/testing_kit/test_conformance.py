"""The conformance kit, :func:`remi.testing.check_variant`: it passes every built-in and fails broken variants.

A variant breaks the kit's properties in two ways here: a ``LayOffs`` hook
whose quota goes negative (refused when the variant is built if it does so
at once; caught by the ``hooks`` property if it does so later), and a meld
check that accepts runs with gaps. Meld validity is data (``MeldRules``),
not a hook, so no variant can change it: the broken check is the engine's
own, patched, which is what the kit's brute-force references are there to
catch.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any

import attrs
import pytest
from hypothesis import settings

import remi
import remi._engine.rules
from remi import Contract, Contracts, LayOffs, MeldProblem, VariantError
from remi.testing import PROPERTIES, ConformanceError, ConformanceReport, RemiStateMachine, check_variant

NORWEGIAN = remi.variants.get("norwegian")

#: A variant whose only contract is one run of four: a hand with four cards of a suit and a gap conceives a
#: lay-down a gap-blind meld check accepts.
ONE_RUN = attrs.evolve(
    NORWEGIAN,
    name="one-run",
    contracts=Contracts(contracts=[Contract.of("run 4")], deal_sizes=[10]),
    references={},
)


@pytest.mark.parametrize("name", remi.variants.names())
def test_every_built_in_variant_conforms(name: str) -> None:
    report = check_variant(name, games=1, seed=11, max_actions=40)
    assert isinstance(report, ConformanceReport)
    assert report.variant == name and report.properties == PROPERTIES
    assert report.games == 1 and report.seeds == (11,)
    assert report.deals >= 1 and report.actions >= 1 and report.states >= report.actions
    assert report.references >= 1
    assert name in str(report)


# -- a lay-off quota that goes negative ---------------------------------------------------------


@attrs.frozen(kw_only=True)
class NegativeQuota(LayOffs):
    """A quota of ``3 - level``: negative from level 5 on."""

    def quota(self, level: int) -> int | None:
        return 3 - level


#: What :class:`DriftingQuota` answers now (mutable state: an impure hook).
QUOTA_NOW = [5]


@attrs.frozen(kw_only=True)
class DriftingQuota(LayOffs):
    """A quota read from mutable state: 5 when the variant is built, negative once the state drifts."""

    def quota(self, level: int) -> int | None:
        return QUOTA_NOW[0]


def test_a_quota_negative_at_once_is_refused_when_the_variant_is_built() -> None:
    with pytest.raises(VariantError, match=r"layoffs\.quota\(4\) must return an integer from 0 to 1000 or None"):
        attrs.evolve(NORWEGIAN, name="negative-quota", layoffs=NegativeQuota())


def test_a_quota_that_goes_negative_later_fails_the_hooks_property() -> None:
    QUOTA_NOW[0] = 5
    variant = attrs.evolve(NORWEGIAN, name="drifting-quota", layoffs=DriftingQuota())
    assert all(variant.layoff_quota(level) == 5 for level in range(variant.rounds))
    QUOTA_NOW[0] = -30
    with pytest.raises(ConformanceError) as raised:
        check_variant(variant, games=1, max_actions=0)
    error = raised.value
    assert error.property == "hooks" and error.seed is None
    assert "layoffs.quota(0)" in str(error) and "-30" in str(error)


# -- a meld check that accepts runs with gaps ----------------------------------------------------


def gap_blind(rules: remi.MeldRules, kind: remi.MeldKind, cards: object) -> MeldProblem:
    """The engine's meld check, blind to gaps in runs."""
    return remi.melds.meld_problems(rules, kind, cards) & ~MeldProblem.GAP  # type: ignore[arg-type]


def test_a_meld_check_that_accepts_runs_with_gaps_fails_the_legal_actions_property(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    check_variant(ONE_RUN, games=2, max_actions=0)  # the honest engine passes
    monkeypatch.setattr(remi._engine.rules, "meld_problems", gap_blind)
    with pytest.raises(ConformanceError) as raised:
        check_variant(ONE_RUN, games=2, max_actions=0)
    error = raised.value
    assert error.property == "legal-actions"
    assert "no valid run by brute force" in error.detail
    assert error.seed in (0, 1) and error.players is not None
    # the seed replays the failure on its own
    with pytest.raises(ConformanceError, match="legal-actions") as again:
        check_variant(ONE_RUN, games=1, seed=error.seed)
    assert again.value.seed == error.seed


def test_two_broken_properties_give_one_error_each(monkeypatch: pytest.MonkeyPatch) -> None:
    QUOTA_NOW[0] = 5
    variant = attrs.evolve(ONE_RUN, name="one-run-drifting", layoffs=DriftingQuota())
    QUOTA_NOW[0] = -30
    monkeypatch.setattr(remi._engine.rules, "meld_problems", gap_blind)
    with pytest.raises(ExceptionGroup) as raised:
        check_variant(variant, games=2, max_actions=0)
    errors = raised.value.exceptions
    assert all(isinstance(error, ConformanceError) for error in errors)
    assert [error.property for error in errors if isinstance(error, ConformanceError)] == ["hooks", "legal-actions"]


# -- arguments ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"games": 0}, "games must be an integer of at least 1"),
        ({"max_actions": -1}, "max_actions must be an integer of at least 0"),
        ({"seed": -3}, "seed must be a non-negative integer"),
        ({"players": 9}, "norwegian plays with 2 to 6 players, got 9"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(remi.RemiError, match=message) as raised:
        check_variant("norwegian", **arguments)
    assert raised.value.reason is remi.Reason.BAD_ARGUMENT


def test_an_unknown_variant_name_is_refused() -> None:
    with pytest.raises(VariantError):
        check_variant("no-such-variant")


# -- the Hypothesis state machine -----------------------------------------------------------------


class MayIMachine(RemiStateMachine):
    variant = "mayi"


TestMayIMachine = MayIMachine.TestCase
TestMayIMachine.settings = settings(max_examples=3, stateful_step_count=8, deadline=None)


# -- without Hypothesis ----------------------------------------------------------------------------


def test_the_kit_works_without_hypothesis() -> None:
    """assert_invariants and check_variant need no Hypothesis; the strategies say what they need."""
    script = textwrap.dedent(
        """
        import sys
        sys.modules["hypothesis"] = None
        import remi
        import remi.testing
        game = remi.new_game("english", players=3, seed=2)
        remi.testing.assert_invariants(game)
        print(remi.testing.check_variant("english", games=1, max_actions=0).games)
        try:
            remi.testing.game_states
        except ImportError as error:
            print(error)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "1"
    assert lines[1] == "remi.testing.game_states needs Hypothesis; install it with: pip install 'remi-rules[test]'"


# -- an engine bug the kit's property tests found --------------------------------------------------


def test_LX1_a_laid_set_of_jokers_only_is_a_position_new_game_builds() -> None:
    """Melds of jokers alone go down under liverpool-project's house rule (LX1), so a table holding one is a
    position play reaches: new_game builds it (it refused a set laid with no natural)."""
    project = remi.variants.get("liverpool-project")
    table = [remi.TableMeld(remi.MeldKind.SET, "JK JK JK", 0), remi.TableMeld(remi.MeldKind.SET, "AS AS AH", 0)]
    state = remi.new_game(project, players=4, seed=1, round=1, table=table)
    assert state.table == tuple(table) and state.laid[0] == frozenset({0, 1}) and state.down[0]
    grown = [remi.TableMeld(remi.MeldKind.SET, "JK JK JK JK", 0), table[1]]  # grown by a lay-off
    assert remi.new_game(project, players=4, seed=1, round=1, table=grown, layoffs=[1, 0, 0, 0]).layoffs[0] == 1
