"""Every hook of the parts is probed when the variant is built, and a hook failing in play fails alike everywhere.

A hook is asked on a fixed sample (each level, player count, card, seat, and melds the variant's own deck
makes); an answer of the wrong type, out of its bounds (``HOOK_BOUNDS``) or a blank sentence is refused at
build with a :class:`~remi.VariantError` naming the part and the hook. A hook that fails later, on an input
outside the sample, fails ``legal_actions``, ``is_legal`` and ``apply`` with the same error.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, cast

import attrs
import pytest

import remi
from remi import Contracts, Deck, JokerDestination, Match, MeldKind, MeldRules, Scoring, Swaps, VariantError
from remi.actions import Action, Discard, DrawStock, LayDown, Pass
from remi.errors import Reason, RemiError, RenamedError
from remi.melds import Meld, meld_problems
from remi.variant import (
    HOOK_PROBES,
    PROBES_BY_NAME,
    HookProbe,
    sample_contracts,
    sample_melds,
)

NORWEGIAN = remi.variants.get("norwegian")
ENGLISH = remi.variants.get("english")
BUILT_INS = ("norwegian", "english", "liverpool", "liverpool-project", "shanghai", "shanghai-family", "mayi")

#: How often each hook was called, by name (the hooks below count themselves).
CALLS: Counter[str] = Counter()


def rebuilt(part: Any, cls: type) -> Any:
    """``part``'s fields in a subclass ``cls`` of its class."""
    return cls(**attrs.asdict(part, recurse=False))


def refusal(variant: remi.Variant, **parts: Any) -> str:
    """The sentence of the VariantError that building ``variant`` with ``parts`` raises."""
    with pytest.raises(VariantError) as info:
        attrs.evolve(variant, **parts)
    assert info.value.reason is Reason.BAD_VARIANT
    return str(info.value)


def outcome(run: Callable[[], object]) -> tuple[str, object]:
    """``("ok", value)`` or ``("VariantError", its sentence)``."""
    try:
        return "ok", run()
    except VariantError as error:
        return "VariantError", str(error)


# -- the play-only hooks are probed at build ----------------------------------------------------------------


@attrs.frozen(kw_only=True)
class FortyTwoConstraint(Contracts):
    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        return 42  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class BlankConstraint(Contracts):
    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        return "  " if level == 3 else None


@attrs.frozen(kw_only=True)
class RaisingAdvance(Match):
    def advance_levels(self, levels: tuple[int, ...], last: int, winner: int | None,
                       went_down: tuple[bool, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        raise KeyError("no next level")


@attrs.frozen(kw_only=True)
class OverflowingAdvance(Match):
    def advance_levels(self, levels: tuple[int, ...], last: int, winner: int | None,
                       went_down: tuple[bool, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(level + 1 for level in levels), ()


@attrs.frozen(kw_only=True)
class NobodyWins(Match):
    def winners(self, scores: tuple[int, ...], finishers: tuple[int, ...]) -> tuple[int, ...]:
        return ()


@attrs.frozen(kw_only=True)
class TwiceWins(Match):
    def winners(self, scores: tuple[int, ...], finishers: tuple[int, ...]) -> tuple[int, ...]:
        return (0, 0)


@attrs.frozen(kw_only=True)
class HugeWinnerScore(Scoring):
    def winner_score(self, wins: int) -> int:
        return 10**5000


@attrs.frozen(kw_only=True)
class HugeQuota(remi.LayOffs):
    def quota(self, level: int) -> int | None:
        return 10**5000


def contracts_of(cls: type, base: remi.Variant = NORWEGIAN) -> Contracts:
    return cast(Contracts, rebuilt(base.contracts, cls))


def test_a_contract_hook_that_returns_no_sentence_is_refused_at_build() -> None:
    assert refusal(NORWEGIAN, contracts=contracts_of(FortyTwoConstraint)) == (
        "norwegian: contracts.melds_problem(0, [set 5S 5H 5D, set 9S 9H 9D], melds) must return None or a "
        "sentence (text that is not blank), got 42")


def test_a_contract_hook_that_returns_a_blank_sentence_is_refused_at_build() -> None:
    sentence = refusal(NORWEGIAN, contracts=contracts_of(BlankConstraint))
    assert sentence.startswith("norwegian: contracts.melds_problem(3, [set 5S 5H 5D, set 9S 9H 9D, set QS QH QD], ")
    assert sentence.endswith("must return None or a sentence (text that is not blank), got '  '")


def test_an_advance_levels_hook_that_raises_is_refused_at_build() -> None:
    sentence = refusal(NORWEGIAN, match=RaisingAdvance())
    assert sentence == ("norwegian: match.advance_levels((1, 1), 7, None, (False, False)) failed: "
                        "KeyError: 'no next level'")


def test_an_advance_levels_hook_that_leaves_the_levels_is_refused_at_build() -> None:
    sentence = refusal(NORWEGIAN, match=OverflowingAdvance())
    assert "match.advance_levels((7, 7), 7, None, (False, False)) must return (levels, finishers): one level " \
           "from 1 to 7 per seat" in sentence
    assert sentence.endswith("got ((8, 8), ())")


@pytest.mark.parametrize(("cls", "shown"), [(NobodyWins, "()"), (TwiceWins, "(0, 0)")])
def test_a_winners_hook_that_names_no_seats_or_a_seat_twice_is_refused_at_build(cls: type, shown: str) -> None:
    assert refusal(NORWEGIAN, match=cls()) == (
        f"norwegian: match.winners((0, 0), ()) must return one or more seats, each once, got {shown}")


def test_a_huge_winner_score_is_refused_at_build_with_a_printable_sentence() -> None:
    sentence = refusal(ENGLISH, scoring=HugeWinnerScore())
    assert sentence == ("english: scoring.winner_score(1) must return an integer from -1000000 to 1000000, got an "
                        "integer of about 5,001 digits")


def test_a_huge_lay_off_quota_is_refused_at_build() -> None:
    assert refusal(NORWEGIAN, layoffs=HugeQuota()) == (
        "norwegian: layoffs.quota(0) must return an integer from 0 to 1000 or None, got an integer of about "
        "5,001 digits")


def test_the_bounds_in_the_sentences_are_the_bounds_table() -> None:
    from remi._ruledata import HOOK_BOUNDS  # (the one place for the bounds)

    low, high = HOOK_BOUNDS["scoring.winner_score"]
    assert f"from {low} to {high}" in refusal(ENGLISH, scoring=HugeWinnerScore())

    @attrs.frozen(kw_only=True)
    class AtTheBound(Scoring):
        def winner_score(self, wins: int) -> int:
            return high

    assert attrs.evolve(ENGLISH, scoring=AtTheBound()).winner_score(1) == high


@pytest.mark.parametrize("name", BUILT_INS)
def test_every_built_in_answers_every_probe(name: str) -> None:
    variant = remi.variants.get(name)
    for probe in HOOK_PROBES:
        for arguments, keywords in probe.samples(variant):
            assert probe.check(variant, (arguments, keywords), variant.call_hook(probe.name, *arguments,
                                                                                  **keywords)) is None


# -- the sample: fixed, from the variant's own deck ------------------------------------------------------------


@pytest.mark.parametrize("name", BUILT_INS)
def test_the_sample_melds_are_valid_melds_of_the_variant_deck(name: str) -> None:
    variant = remi.variants.get(name)
    deck = Counter(variant.cards(variant.min_players))
    melds = sample_melds(variant)
    assert melds and len(set(melds)) == len(melds)
    for meld in melds:
        assert not meld_problems(variant.melds, meld.kind, meld.cards), meld
        assert not Counter(meld.cards) - deck
    levels = {level for level, _ in sample_contracts(variant)}
    assert levels == set(range(len(variant.contracts)))  # each contract is probed
    for level, contract_melds in sample_contracts(variant):
        kinds = [meld.kind for meld in contract_melds]
        assert kinds == [requirement.kind for requirement in variant.contracts[level].requirements][:len(kinds)]


def test_a_deck_without_jokers_gives_samples_without_jokers() -> None:
    plain = attrs.evolve(NORWEGIAN, name="plain", deck=Deck(packs=2, jokers=0))
    assert all(remi.JOKER not in meld.cards for meld in sample_melds(plain))
    assert any(remi.JOKER in meld.cards for meld in sample_melds(NORWEGIAN))


@attrs.frozen(kw_only=True)
class RecordedConstraint(Contracts):
    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        CALLS[f"{level}: {', '.join(str(meld) for meld in melds)}"] += 1
        return None


def test_the_probe_is_the_same_on_every_build() -> None:
    CALLS.clear()
    attrs.evolve(NORWEGIAN, contracts=contracts_of(RecordedConstraint))
    first = Counter(CALLS)
    CALLS.clear()
    attrs.evolve(NORWEGIAN, contracts=contracts_of(RecordedConstraint))
    assert first == CALLS and len(first) >= len(NORWEGIAN.contracts)


# -- a hook that fails in play fails alike everywhere -----------------------------------------------------------


@attrs.frozen(kw_only=True)
class KingsFailConstraint(Contracts):
    """Fails on a set of kings, which the probe's sample never holds: a hook that fails only in play."""

    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        if any(meld.kind is MeldKind.SET and meld.cards[0].rank == 13 for meld in melds):
            return 42  # type: ignore[return-value]
        return None


@attrs.frozen(kw_only=True)
class KingsBlankConstraint(Contracts):
    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        if any(meld.kind is MeldKind.SET and meld.cards[0].rank == 13 for meld in melds):
            return ""
        return None


@attrs.frozen(kw_only=True)
class KingsRaiseConstraint(Contracts):
    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        if any(meld.kind is MeldKind.SET and meld.cards[0].rank == 13 for meld in melds):
            raise ZeroDivisionError("kings")
        return None


def kings_position(cls: type) -> remi.GameState:
    variant = attrs.evolve(NORWEGIAN, name="kings", contracts=contracts_of(cls))
    state = remi.new_game(variant, players=2, seed=1, dealer=1,
                          hands=["5C 5D 5H KS KD KC 2D 9C 3S 4H", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], stock="KH 8D")
    return state.apply(DrawStock()).apply(Pass())


@pytest.mark.parametrize(("cls", "wrong"), [
    (KingsFailConstraint, "must return None or a sentence (text that is not blank), got 42"),
    (KingsBlankConstraint, "must return None or a sentence (text that is not blank), got ''"),
    (KingsRaiseConstraint, "failed: ZeroDivisionError: kings"),
])
def test_a_contract_hook_failing_in_play_fails_the_listing_the_check_and_apply_alike(cls: type, wrong: str) -> None:
    state = kings_position(cls)
    laydown = LayDown("set 5C 5D 5H; set KS KD KC")
    listed = outcome(lambda: list(state.legal_actions()))
    checked = outcome(lambda: state.is_legal(laydown))
    applied = outcome(lambda: state.apply(laydown))
    assert checked == applied  # the same error for the same lay-down
    assert checked[0] == listed[0] == "VariantError"  # the listing fails on the first such candidate it asks about
    assert str(checked[1]).startswith("kings: contracts.melds_problem(0, [set KS KD KC, set 5H 5D 5C], melds) ")
    assert str(listed[1]).startswith("kings: contracts.melds_problem(0, [")
    assert str(checked[1]).endswith(wrong) and str(listed[1]).endswith(wrong)
    # what does not ask the hook still plays, and what is listed applies
    for action in state.legal_actions((Discard,)):
        assert state.is_legal(action)
        state.apply(action)
    assert state.is_legal(LayDown("set 5C 5D 5H; run 2D 3S 4H 5H")) is False  # refused as before, not failed


#: The seat whose going out the hook below cannot score: three players, which the probe (2 and 6) never seats.
_FAILING_SEAT = 1


@attrs.frozen(kw_only=True)
class ThreeSeatsFail(Match):
    def advance_levels(self, levels: tuple[int, ...], last: int, winner: int | None,
                       went_down: tuple[bool, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        if len(levels) == 3 and winner == _FAILING_SEAT:
            raise RuntimeError("seat 1 cannot win")
        return super().advance_levels(levels, last, winner, went_down)


def agreement(state: remi.GameState, actions: Sequence[Action]) -> tuple[str, object]:
    """What the listing, ``is_legal`` and ``apply`` say of ``actions``: checked to agree; the listing's outcome."""
    listed = outcome(lambda: list(state.legal_actions()))
    for action in actions:
        checked = outcome(lambda action=action: state.is_legal(action))  # type: ignore[misc]
        applied = outcome(lambda action=action: state.apply(action))  # type: ignore[misc]
        if listed[0] == "VariantError":
            assert checked == applied == listed, action
        else:
            assert checked == ("ok", True) and applied[0] == "ok", action
    return listed


def test_a_deal_end_hook_failing_in_play_fails_the_listing_the_check_and_apply_alike() -> None:
    variant = attrs.evolve(NORWEGIAN, name="three-fail", match=ThreeSeatsFail())  # the probe passes
    assert variant.open_deal_ends and not NORWEGIAN.open_deal_ends
    state = remi.new_game(variant, players=3, seed=4)
    rng = random.Random(4)
    while state.to_act != _FAILING_SEAT:
        legal = agreement(state, list(state.legal_actions()))[1]
        state = state.apply(rng.choice(legal))  # type: ignore[arg-type]
    listed = agreement(state, [DrawStock(), *(Discard(card) for card in state.hands[_FAILING_SEAT][:3])])
    assert listed == ("VariantError", "three-fail: match.advance_levels((1, 1, 1), 7, 1, (False, True, False)) "
                                      "failed: RuntimeError: seat 1 cannot win")
    with pytest.raises(VariantError, match=r"match\.advance_levels"):
        state.check(DrawStock())


def test_a_variant_whose_deal_end_hook_holds_plays_to_the_end() -> None:
    @attrs.frozen(kw_only=True)
    class Overridden(Match):
        def advance_levels(self, levels: tuple[int, ...], last: int, winner: int | None,
                           went_down: tuple[bool, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
            return super().advance_levels(levels, last, winner, went_down)

    variant = attrs.evolve(NORWEGIAN, name="overridden", match=Overridden())
    state, plain = remi.new_game(variant, players=3, seed=2), remi.new_game(NORWEGIAN, players=3, seed=2)
    rng = random.Random(2)
    for _ in range(400):
        if state.is_over:
            break
        legal = list(state.legal_actions())
        assert legal == list(plain.legal_actions())
        action = rng.choice(legal)
        state, plain = state.apply(action), plain.apply(action)
    assert state.scores == plain.scores and state.levels == plain.levels


# -- adding a hook to the probe is one table entry ----------------------------------------------------------------


@attrs.frozen(kw_only=True)
class BlankOnTable(MeldRules):
    def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
        return "" if on_table and meld.kind is MeldKind.RUN else None


@attrs.frozen(kw_only=True)
class NowhereToGo(Swaps):
    def joker_destinations(self, meld: Meld) -> tuple[JokerDestination, ...]:
        return ()


def with_probe(monkeypatch: pytest.MonkeyPatch, probe: HookProbe) -> None:
    """Add ``probe`` to the table, as the one line a new hook needs."""
    monkeypatch.setattr("remi.variant.HOOK_PROBES", (*HOOK_PROBES, probe))
    monkeypatch.setitem(PROBES_BY_NAME, probe.name, probe)


def test_the_meld_hook_is_probed_at_build() -> None:
    rules = rebuilt(NORWEGIAN.melds, BlankOnTable)
    assert refusal(NORWEGIAN, melds=rules) == (
        "norwegian: melds.meld_problem(run 3H 4H 5H 6H, on_table=True) must return None or a sentence (text that is "
        "not blank), got ''")
    assert NORWEGIAN.call_hook("melds.meld_problem", Meld(MeldKind.RUN, "2S 3S 4S 5S"), on_table=True) is None


def test_the_swap_hook_is_probed_at_build() -> None:
    assert refusal(NORWEGIAN, swaps=rebuilt(NORWEGIAN.swaps, NowhereToGo)) == (
        "norwegian: swaps.joker_destinations(run 3S 4S JK 6S) must return a tuple of one or more "
        "JokerDestination values, each once, got ()")


def test_a_hook_asked_by_name_is_checked_as_when_probed() -> None:
    assert ENGLISH.call_hook("scoring.winner_score", 3) == -30
    assert NORWEGIAN.call_hook("buying.order", 3, 0) == (1, 2)
    with pytest.raises(RemiError, match=r"no hook named 'scoring\.nothing'") as info:
        NORWEGIAN.call_hook("scoring.nothing")
    assert info.value.reason is Reason.BAD_ARGUMENT


# -- the fingerprint and the summary read the probed answers ----------------------------------------------------


@attrs.frozen(kw_only=True)
class CountedDeck(Deck):
    def for_players(self, players: int) -> tuple[int, int]:
        CALLS["for_players"] += 1
        return super().for_players(players)


@attrs.frozen(kw_only=True)
class CountedScoring(Scoring):
    def winner_score(self, wins: int) -> int:
        CALLS["winner_score"] += 1
        return -5 * wins


def test_the_fingerprint_and_summary_ask_no_hook() -> None:
    variant = attrs.evolve(NORWEGIAN, name="counted", deck=CountedDeck(packs=2, jokers=9), scoring=CountedScoring())
    CALLS.clear()
    assert len(variant.fingerprint) == 16 and "Deck: 2 x 52 cards + 9 jokers" in variant.summary()
    assert variant.winner_score(3) == -15
    assert not CALLS
    assert variant.fingerprint != attrs.evolve(variant, scoring=Scoring()).fingerprint


# -- plain values for match_winners ------------------------------------------------------------------------------


def test_match_winners_takes_plain_values() -> None:
    assert NORWEGIAN.match_winners((30, 10, 10)) == (1, 2)
    finisher_wins = attrs.evolve(ENGLISH, name="finisher", match=attrs.evolve(ENGLISH.match, finisher_wins=True))
    assert finisher_wins.match_winners([30, 10, 20], [0]) == (0,)


def test_match_winners_still_reads_the_last_deal_with_a_deprecation_warning() -> None:
    state = remi.new_game(NORWEGIAN, players=2, seed=5)
    rng = random.Random(5)
    while not state.is_over:
        state = state.apply(rng.choice(list(state.legal_actions())))
    with pytest.warns(DeprecationWarning, match=r"match_winners\(scores, finishers\)"):
        old = NORWEGIAN.match_winners(state.scores, state.last_deal)  # type: ignore[arg-type]
    assert old == state.winners


# -- names of remi 0.1 fail with a sentence naming the new one ----------------------------------------------------


def test_the_deck_method_of_remi_0_1_names_cards() -> None:
    with pytest.raises(RenamedError, match=r"variant\.cards\(players\)"):
        NORWEGIAN.deck()


@pytest.mark.parametrize(("old", "new"), [
    ("buy_limit", "variant.buying.limit"), ("stock_rebuilds", "variant.match.stock_rebuilds"),
    ("joker_points", "variant.scoring.joker_points"), ("set_swap", "variant.swaps.from_sets"),
    ("run_min", "variant.melds.run_min"), ("meld_rules", "variant.melds"),
])
def test_the_fields_of_remi_0_1_name_their_part(old: str, new: str) -> None:
    with pytest.raises(RenamedError) as info:
        getattr(NORWEGIAN, old)
    assert str(info.value) == f"Variant.{old} is gone since remi 0.2.0: use {new}"
    assert isinstance(info.value, AttributeError) and not hasattr(NORWEGIAN, old)
    with pytest.raises(RenamedError, match=rf"Variant\({old}=\.\.\.\) is gone since remi 0\.2\.0"):
        attrs.evolve(NORWEGIAN, **{old: 3})  # type: ignore[arg-type]
    with pytest.raises(AttributeError, match="no attribute 'nothing'") as plain:
        NORWEGIAN.nothing  # type: ignore[attr-defined]  # noqa: B018
    assert not isinstance(plain.value, RenamedError)


# -- sometimes-failing hooks, played at random: every failure is typed, names its hook, and the paths agree ------


@attrs.frozen(kw_only=True)
class ThreeSeatsNoWinner(Match):
    def winners(self, scores: tuple[int, ...], finishers: tuple[int, ...]) -> tuple[int, ...]:
        return () if len(scores) == 3 else super().winners(scores, finishers)


def test_a_winners_hook_failing_at_the_end_of_a_match_names_the_hook() -> None:
    one_round = attrs.evolve(NORWEGIAN.contracts, contracts=NORWEGIAN.contracts.contracts[:1], deal_sizes=(10,),
                             going_out=remi.GoingOut.DISCARD_OPTIONAL)
    variant = attrs.evolve(NORWEGIAN, name="no-winner", match=ThreeSeatsNoWinner(), contracts=one_round)
    state = remi.new_game(variant, players=3, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state = state.apply(rng.choice(list(state.legal_actions())))
    with pytest.raises(VariantError, match=r"^no-winner: match\.winners\(\(.*\)\) must return one or more seats"):
        state.winners  # noqa: B018


@attrs.frozen(kw_only=True)
class OddKingsConstraint(Contracts):
    """Refuses a set of kings with a sentence, and fails on a run holding the ace of hearts: outside the sample."""

    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        for meld in melds:
            if meld.kind is MeldKind.SET and meld.cards[0].rank == 13:
                return "no kings"
            if meld.kind is MeldKind.RUN and remi.parse_card("AH") in meld.cards:
                raise LookupError("aces of hearts")
        return None


@pytest.mark.parametrize("seed", [1, 4])
def test_a_sometimes_failing_hook_fails_typed_named_and_alike_in_random_play(seed: int) -> None:
    variant = attrs.evolve(NORWEGIAN, name="odd", contracts=contracts_of(OddKingsConstraint))
    state = remi.new_game(variant, players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        listed = agreement(state, [])
        if listed[0] == "VariantError":
            assert str(listed[1]).startswith("odd: contracts.melds_problem(")
            assert str(listed[1]).endswith("failed: LookupError: aces of hearts")
            return
        actions = cast("list[Action]", listed[1])
        for action in rng.sample(actions, min(3, len(actions))):
            assert state.is_legal(action)
            state.apply(action)  # what is listed applies
        state = state.apply(rng.choice(actions))
    pytest.fail("the failing hook was never met")


@attrs.frozen(kw_only=True)
class LateScore(Scoring):
    """A winner's score the probe sees (1 to 7 wins) and one it never does (more wins): a huge one."""

    def winner_score(self, wins: int) -> int:
        return -wins if wins <= 7 else 10**5000


@attrs.frozen(kw_only=True)
class OwnLevels(Match):
    """remi's own levels, overridden: a winner may then win more deals than there are contracts."""

    def advance_levels(self, levels: tuple[int, ...], last: int, winner: int | None,
                       went_down: tuple[bool, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return super().advance_levels(levels, last, winner, went_down)


def test_a_winner_score_beyond_the_probe_is_checked_when_asked() -> None:
    variant = attrs.evolve(NORWEGIAN, name="late", scoring=LateScore(), match=OwnLevels())
    assert variant.winner_score(7) == -7
    with pytest.raises(VariantError) as info:
        variant.winner_score(8)
    assert str(info.value) == ("late: scoring.winner_score(8) must return an integer from -1000000 to 1000000, got "
                               "an integer of about 5,001 digits")
    state = remi.new_game(variant, players=2, seed=1)
    with pytest.raises(VariantError, match=r"scoring\.winner_score\(8\)"):  # asked before the turn, as the ends are
        variant.ask_deal_ends(state.levels, (7, 0), state.laid, 0)
