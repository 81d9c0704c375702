"""``Contracts.prefix_closed``: a contract hook that refuses some melds refuses every lay-down holding them.

The walk asks such a hook of each growing part of a lay-down and prunes there: it lists exactly what
generate-then-filter lists, and a hook that refuses everything, or a meld hook that refuses most
melds, is asked a bounded number of times (once per distinct melds) on the issue's May I? hands.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

import remi
from remi import GameState, Meld, MeldRules, Reason
from remi.actions import LayDown
from remi.melds import is_wild
from remi.parts import Contracts
from scenario import contracts_of, to_play

MAYI = remi.variants.get("mayi")
CALLS: Counter[tuple[Meld, ...]] = Counter()


@attrs.frozen(kw_only=True)
class NoWildMelds(Contracts):
    """A contract rule: no meld of the contract holds a wild (prefix-closed by nature)."""

    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        CALLS[tuple(sorted(melds, key=str))] += 1
        if any(is_wild(rules, card) for meld in melds for card in meld.cards):
            return "no wilds in a contract (house rule)"
        return None


@attrs.frozen(kw_only=True)
class Nothing(Contracts):
    """A contract rule that refuses every lay-down."""

    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        CALLS[tuple(melds)] += 1
        return "nothing goes down (house rule)"


def mayi_hand(variant: remi.Variant, size: int, wilds: int, seed: int, level: int = 4) -> GameState:
    """Seat 0 of May I? to play ``size`` cards, ``wilds`` of them wild, at contract ``level``."""
    rng = random.Random(seed)
    deck = list(variant.cards(3))
    wild = [card for card in deck if card is remi.JOKER or card.rank is remi.Rank.TWO][:wilds]
    naturals = [card for card in deck if card is not remi.JOKER and card.rank is not remi.Rank.TWO]
    return to_play(variant, sorted(rng.sample(naturals, size - wilds) + wild), level)


def laydowns(state: GameState) -> set[LayDown]:
    return {action for action in state.legal_actions() if isinstance(action, LayDown)}


def test_prefix_closed_is_false_by_default_and_true_for_the_built_ins() -> None:
    assert Contracts(contracts=MAYI.contracts.contracts, deal_sizes=MAYI.contracts.deal_sizes).prefix_closed is False
    for name in ("norwegian", "english", "liverpool", "shanghai", "mayi"):
        assert remi.variants.get(name).contracts.prefix_closed is True


def test_prefix_closed_is_a_hint_not_a_rule_it_keeps_the_fingerprint() -> None:
    loose = attrs.evolve(MAYI, contracts=attrs.evolve(MAYI.contracts, prefix_closed=False))
    assert loose.fingerprint == MAYI.fingerprint
    assert loose == MAYI


@pytest.mark.parametrize("seed", [0, 3, 4])
def test_the_prefix_walk_lists_what_generate_then_filter_lists(seed: int) -> None:
    level = 1 + seed % 3
    pruned = mayi_hand(contracts_of(MAYI, NoWildMelds, True), 24, 2, seed, level)
    filtered = mayi_hand(contracts_of(MAYI, NoWildMelds, False), 24, 2, seed, level)
    listed = laydowns(pruned)
    assert listed  # (some lay-downs hold no wild)
    assert listed == laydowns(filtered)
    for action in listed:
        assert not any(is_wild(MAYI.melds, card) for meld in action.melds for card in meld.cards)


def test_a_prefix_closed_hook_that_refuses_everything_is_asked_once() -> None:
    variant = contracts_of(MAYI, Nothing, True)
    for size in (30, 36, 42):
        state = mayi_hand(variant, size, 8, size)
        CALLS.clear()
        assert not laydowns(state)
        assert sum(CALLS.values()) == 1  # the empty prefix: every lay-down extends it
        action = next(iter(mayi_hand(MAYI, size, 8, size).legal_actions().only(LayDown)))
        with pytest.raises(remi.IllegalActionError) as info:
            state.check(action)
        assert info.value.reason is Reason.CONTRACT_CONSTRAINT


def test_a_prefix_closed_hook_is_asked_once_per_distinct_melds() -> None:
    state = mayi_hand(contracts_of(MAYI, NoWildMelds, True), 30, 8, 30)
    CALLS.clear()
    assert state.legal_actions().only(LayDown)
    assert CALLS and max(CALLS.values()) == 1


def test_a_refusing_meld_hook_is_asked_once_per_distinct_meld_on_the_issues_hands() -> None:
    asked: Counter[tuple[str, bool]] = Counter()

    class NoWilds(MeldRules):
        def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
            asked[(str(meld), on_table)] += 1
            return "no wilds (house rule)" if any(is_wild(self, card) for card in meld.cards) else None

    variant = attrs.evolve(MAYI, name="no-wilds", melds=NoWilds(**attrs.asdict(MAYI.melds, recurse=False)))
    asked.clear()  # the build probes the hook on sample melds; only the listing's questions are counted
    for size in (30, 36, 42):
        state = mayi_hand(variant, size, 8, size)
        found = state.legal_actions()
        assert found.only(LayDown)
        listed = [action for action in found.only(LayDown) if isinstance(action, LayDown)]
        assert all(not is_wild(MAYI.melds, card) for action in listed for meld in action.melds for card in meld.cards)
    assert asked and max(asked.values()) == 1
