"""The meld hook, ``MeldRules.meld_problem``: a house rule said once holds in every path.

House rules written only as a few-line hook over the five built-in bases: the listing, the
checks, lay-offs, swaps, the solver, ``contract_hint`` and the bots never break them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest

import remi
from remi import End, GameState, Meld, MeldKind, MeldRules, Reason, TableMeld
from remi.actions import Action, LayDown, LayOff, SwapJoker
from remi.bots import make_bot
from remi.errors import VariantError
from remi.melds import is_wild, meld_judge
from remi.solver import contract_hint, solve
from remi.testing import assert_invariants
from remi.testing.reference import assert_legal_actions
from scenario import FILLERS, RULEBOOKS, down, meld

SET, RUN = MeldKind.SET, MeldKind.RUN
JK = remi.JOKER
BASES = ("norwegian", "english", "liverpool", "shanghai", "mayi")


def _wild(rules: MeldRules, card: remi.Card) -> bool:
    return is_wild(rules, card)


class NoJokersInRuns(MeldRules):
    """House rule: no wild in a run."""

    def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
        if meld.kind is RUN and any(_wild(self, card) for card in meld.cards):
            return "no wilds in runs (house rule)"
        return None


class OneColourSets(MeldRules):
    """House rule: a set's naturals are all red or all black."""

    def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
        colours = {card.suit in (remi.Suit.HEARTS, remi.Suit.DIAMONDS) for card in meld.cards
                   if meld.kind is SET and card.suit is not None and not _wild(self, card)}
        return "a set is of one colour (house rule)" if len(colours) > 1 else None


class ShortRuns(MeldRules):
    """House rule: no run longer than 5."""

    def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
        return "no run longer than 5 (house rule)" if meld.kind is RUN and len(meld.cards) > 5 else None


class CheapMelds(MeldRules):
    """House rule: no meld above 30 points (by the rank's face value, a wild 0)."""

    def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
        points = sum(min(card.rank.value if card.rank is not None else 0, 10) for card in meld.cards
                     if not _wild(self, card))
        return "no meld above 30 points (house rule)" if points > 30 else None


HOUSE_RULES: tuple[type[MeldRules], ...] = (NoJokersInRuns, OneColourSets, ShortRuns, CheapMelds)


def house(base: str, rule: type[MeldRules]) -> remi.Variant:
    """The built-in variant ``base`` with ``rule`` as its meld rules (the same fields)."""
    variant = remi.variants.get(base)
    return attrs.evolve(variant, name=f"{base}-{rule.__name__}",
                        melds=rule(**attrs.asdict(variant.melds, recurse=False)))


def breaks(variant: remi.Variant, meld_: Meld | TableMeld, *, on_table: bool) -> str | None:
    """What the house rule says of ``meld_``, asked directly (no memo)."""
    return variant.melds.meld_problem(Meld(meld_.kind, meld_.cards), on_table=on_table)


# -- the case ------------------------------------------------------------------------------


LIVERPOOL_RULES = RULEBOOKS["liverpool"]


def _liverpool_down(variant: remi.Variant) -> GameState:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(RUN, "3S 4S 5S 6S", owner=0)]
    state = LIVERPOOL_RULES.game(["JK 2C 3D", *FILLERS["liverpool"][:2]], stock="KD", round=2, table=table,
                                 variant=variant)
    return LIVERPOOL_RULES.draw(state)


def test_house_liverpool_no_jokers_in_runs_lists_no_joker_layoff_on_a_run() -> None:
    plain = _liverpool_down(remi.variants.get("liverpool"))
    assert LayOff(JK, 1, End.LOW) in list(plain.legal_actions())
    ruled = _liverpool_down(house("liverpool", NoJokersInRuns))
    listed = list(ruled.legal_actions())
    assert not any(isinstance(action, LayOff) and action.meld == 1 and action.card is JK for action in listed)
    assert LayOff(JK, 0, None) in listed  # a set still takes the joker
    for action in (LayOff(JK, 1, End.LOW), LayOff(JK, 1, End.HIGH)):
        assert not ruled.is_legal(action)
        with pytest.raises(remi.IllegalActionError) as info:
            ruled.apply(action)
        assert info.value.reason is Reason.MELD_RULE
        assert "no wilds in runs (house rule)" in str(info.value)
    assert_legal_actions(ruled)


def test_a_lay_down_breaking_the_meld_hook_is_refused_with_its_sentence() -> None:
    variant = house("liverpool", NoJokersInRuns)
    state = LIVERPOOL_RULES.game(["7S JK JK JK 2H 3H 4H 5H 9C QD", *FILLERS["liverpool"][:2]], stock="KD",
                                 round=3, variant=variant)
    state = LIVERPOOL_RULES.draw(state)
    action = down("run 7S JK JK JK; run 2H 3H 4H 5H")
    with pytest.raises(remi.IllegalActionError) as info:
        state.apply(action)
    assert info.value.reason is Reason.MELD_RULE
    assert str(info.value).endswith("no wilds in runs (house rule)")
    assert action not in state.legal_actions()
    assert not state.legal_actions().only(LayDown)


# -- the hook's contract ---------------------------------------------------------------------------


def test_the_built_in_rules_have_no_hook_to_ask() -> None:
    for name in BASES:
        assert meld_judge(remi.variants.get(name).melds) is None
    assert meld_judge(house("norwegian", ShortRuns).melds) is not None


@pytest.mark.parametrize("answer", ["", "   ", 42, b"no"])
def test_a_hook_answering_neither_none_nor_a_sentence_fails_naming_the_hook(answer: object) -> None:
    class Bad(MeldRules):
        def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
            return answer  # type: ignore[return-value]

    with pytest.raises(VariantError, match=r"melds\.meld_problem"):
        meld_judge(Bad()).problem(RUN, remi.parse_cards("5C 6C 7C 8C"), False)  # type: ignore[union-attr]


def test_a_hook_that_raises_fails_with_a_variant_error_naming_it() -> None:
    class Raising(MeldRules):
        def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
            raise ZeroDivisionError("boom")

    with pytest.raises(VariantError, match=r"melds\.meld_problem\(.*\) failed: ZeroDivisionError: boom"):
        attrs.evolve(remi.variants.get("norwegian"), name="raising", melds=Raising())  # probed at build


def test_a_hook_that_raises_in_play_fails_with_a_variant_error_naming_it() -> None:
    class Raising(MeldRules):
        def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
            if meld.kind is SET and remi.parse_cards("KD")[0] in meld.cards:  # outside the build-time sample
                raise ZeroDivisionError("boom")
            return None

    variant = attrs.evolve(remi.variants.get("norwegian"), name="raising", melds=Raising())
    state = remi.new_game(variant, players=2, seed=1, dealer=1,
                          hands=["5C 5D 5H KS KD KH 2D 9C 3S 4H", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"])
    state = state.apply(remi.actions.DRAW).apply(remi.actions.PASS)
    with pytest.raises(VariantError, match=r"melds\.meld_problem\(.*\) failed: ZeroDivisionError: boom"):
        list(state.legal_actions())


def test_the_hook_is_asked_once_per_distinct_meld() -> None:
    asked: Counter[tuple[MeldKind, tuple[remi.Card, ...], bool]] = Counter()

    class Counting(MeldRules):
        def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
            asked[(meld.kind, meld.cards, on_table)] += 1
            return "refused" if meld.kind is SET else None

    variant = attrs.evolve(remi.variants.get("mayi"), name="counting",
                           melds=Counting(**attrs.asdict(remi.variants.get("mayi").melds, recurse=False)))
    hand = remi.parse_cards("JK JK JK JK 2C 2D 2H 2S 3C 3D 3H 4S 4H 5D 6C 7C 8C 9H 10H JS QS KD AH")
    state = remi.new_game(variant, players=3, seed=2, dealer=2,
                          hands=[" ".join(map(str, hand[:-1])), *FILLERS["mayi"][:2]], stock=str(hand[-1]))
    state = RULEBOOKS["mayi"].draw(state)
    for _ in range(2):  # listed twice: asked once
        assert not any(isinstance(action, LayDown) for action in state.legal_actions())
    assert asked and max(asked.values()) == 1


# -- random play over five bases -------------------------------------------------------------------


def _favoured(legal: list[Action], rng: random.Random) -> Action:
    """A random action, lay-downs, lay-offs and swaps first."""
    keen = [action for action in legal if isinstance(action, LayDown | LayOff | SwapJoker)]
    return rng.choice(keen if keen and rng.random() < 0.9 else legal)


def _table_keeps(variant: remi.Variant, state: GameState) -> None:
    for table_meld in state.table:
        assert breaks(variant, table_meld, on_table=True) is None or breaks(variant, table_meld, on_table=False) is None


def _play(variant: remi.Variant, seed: int, actions: int, check: Callable[[GameState], None]) -> int:
    rng = random.Random(seed)
    state = remi.new_game(variant, players=variant.min_players + seed % 2, seed=seed)
    melded = 0
    for step in range(actions):
        if state.is_over:
            break
        legal = list(state.legal_actions())
        action = _favoured(legal, rng)
        if step % 25 == 0:
            check(state)
        if isinstance(action, LayDown):
            melded += 1
            assert all(breaks(variant, laid, on_table=False) is None for laid in action.melds)
        state = state.apply(action)
        _table_keeps(variant, state)
    assert_invariants(state)
    return melded


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("rule", HOUSE_RULES, ids=lambda rule: rule.__name__)
def test_random_play_never_breaks_a_house_rule(base: str, rule: type[MeldRules]) -> None:
    variant = house(base, rule)
    melded = sum(_play(variant, seed, 300, assert_legal_actions) for seed in range(2))
    assert melded  # (lay-downs were made under the house rule)


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("rule", HOUSE_RULES, ids=lambda rule: rule.__name__)
def test_the_solver_and_the_hint_never_break_a_house_rule(base: str, rule: type[MeldRules]) -> None:
    variant = house(base, rule)
    plain = remi.variants.get(base)
    rng = random.Random(f"{base}-{rule.__name__}-1")
    deck = list(variant.cards(variant.min_players))
    answered = broken = 0
    for attempt in range(24):
        hand = sorted(rng.sample(deck, 16))
        contract = variant.contracts[rng.randrange(2)]
        found = solve(variant, hand, contract)
        ordinary = solve(plain, hand, contract)
        if found is not None:
            answered += 1
            assert all(breaks(variant, laid, on_table=False) is None for laid in found.melds)
            assert ordinary is not None and ordinary.points_left <= found.points_left
        elif ordinary is not None:
            broken += 1  # (the plain answer breaks the house rule: so must every other)
        for card in contract_hint(variant, hand[:-1], contract) if attempt % 6 == 0 else ():
            again = solve(variant, [*hand[:-1], card], contract)
            assert again is not None
    assert answered or broken  # (the hands meet the contract, under the house rule or only without it)


def test_the_greedy_bot_keeps_a_house_rule() -> None:
    variant = house("liverpool", NoJokersInRuns)
    bots = [make_bot("greedy", seed) for seed in range(3)]
    state = remi.new_game(variant, players=3, seed=5)
    for _ in range(600):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        _table_keeps(variant, state)


def test_the_reference_catches_a_listing_that_forgets_the_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    ruled = _liverpool_down(house("liverpool", NoJokersInRuns))
    from remi._engine import rules as engine_rules  # (the check the listing trusts, broken on purpose)

    monkeypatch.setattr(engine_rules, "meld_rule_refusal", lambda *args, **kwargs: None)
    with pytest.raises(AssertionError, match="meld hook refuses"):
        assert_legal_actions(ruled)
