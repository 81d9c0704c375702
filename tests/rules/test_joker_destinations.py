"""Where a joker swapped out of a run goes: ``Swaps.joker_destinations``, the swap that names its choice, and E12.

A variant's swaps part offers the destinations (the hand, the low end, the high end of the run); the
engine keeps those where the joker can stand, and where more than one is kept, the swapper chooses and
the swap names the choice (``swap 7H on 0 to low``). A joker moved to an end where the lay-off count is
bounded (exact sizes, a quota: E12) is a card laid off.
"""

from __future__ import annotations

import pickle

import attrs
import pytest

import remi
from remi import JokerDestination, Meld, MeldKind, Reason, TableMeld, VariantError
from remi.actions import DRAW, PASS, SwapJoker, parse_action
from remi.cards import parse_cards
from remi.testing import assert_invariants, assert_legal_actions
from scenario import C, meld, play, refused

NORWEGIAN = remi.variants.get("norwegian")
ENGLISH = remi.variants.get("english")
SET, RUN = MeldKind.SET, MeldKind.RUN
ROUND2 = "5C 5D 5H 2S 3S 4S 5S"  # Norwegian round 2's set and run
LOW, HIGH, HAND = JokerDestination.LOW_END, JokerDestination.HIGH_END, JokerDestination.HAND


@attrs.frozen(kw_only=True)
class SwapperChoosesTheEnd(remi.Swaps):
    """ContractRummy's joker relocation: the freed joker stays in the run, at the end the swapper chooses."""

    def joker_destinations(self, meld: Meld) -> tuple[JokerDestination, ...]:
        return (LOW, HIGH)


@attrs.frozen(kw_only=True)
class KeepOrMove(remi.Swaps):
    """A house rule: the swapper keeps the joker or moves it to either end."""

    def joker_destinations(self, meld: Meld) -> tuple[JokerDestination, ...]:
        return (HAND, LOW, HIGH)


CONTRACT_RUMMY = attrs.evolve(NORWEGIAN, name="contract-rummy-relocation", swaps=SwapperChoosesTheEnd())


def relocation_position(variant: remi.Variant, run: str = "6H JK 8H 9H") -> remi.GameState:
    """Seat 0 on turn (round 2, not down) holding 7H, seat 1's run ``run`` on the table with the joker for 7H."""
    table = [meld(RUN, run, 1), meld(SET, "9C 9D 9H", 1)]
    game = remi.new_game(variant, players=2, seed=0, dealer=1, round=2, stock="7S 8S", table=table,
                         hands=["7H 9S 3C 4H " + ROUND2, "2C 3D 6S QD 8C 7C JH"])
    return play(game, DRAW, PASS)


def swaps_listed(state: remi.GameState) -> list[str]:
    return [str(action) for action in state.legal_actions(kinds=(SwapJoker,))]


# -- the enum and the hook ---------------------------------------------------------------------------


def test_joker_destination_is_public_and_its_repr_pastes_back() -> None:
    assert remi.JokerDestination is JokerDestination
    for destination in JokerDestination:
        assert eval(repr(destination), {"JokerDestination": JokerDestination}) is destination
    assert [destination.value for destination in JokerDestination] == ["hand", "low", "high"]


def test_the_default_follows_joker_to_hand() -> None:
    run = Meld.parse("run 6H JK 8H 9H")
    assert remi.Swaps().joker_destinations(run) == (HAND,)
    assert remi.Swaps(joker_to_hand=False).joker_destinations(run) == (HIGH, LOW)
    for name in remi.variants.names():
        assert remi.variants.get(name).joker_destinations(run) == (HAND,), name


# -- the swap names its choice ------------------------------------------------------------------------


def test_contract_rummy_the_swapper_chooses_the_end_of_the_run() -> None:
    state = relocation_position(CONTRACT_RUMMY)
    assert swaps_listed(state) == ["swap 7H on 0 to low", "swap 7H on 0 to high"]
    low = play(state, SwapJoker(0, "7H", "low"))
    high = play(state, SwapJoker(0, "7H", "high"))
    assert low.table[0].cards == parse_cards("JK 6H 7H 8H 9H")
    assert high.table[0].cards == parse_cards("6H 7H 8H 9H JK")
    for after in (low, high):
        assert remi.JOKER not in after.hands[0] and len(after.hands[0]) == len(state.hands[0]) - 1
        assert after.layoffs == state.layoffs  # no quota, sizes at least: no lay-off counted
        assert_invariants(after)
    assert_legal_actions(state)


def test_an_unnamed_swap_is_refused_where_the_swapper_must_choose() -> None:
    state = relocation_position(CONTRACT_RUMMY)
    assert refused(state, SwapJoker(0, "7H")) is Reason.BAD_SWAP
    with pytest.raises(remi.IllegalActionError, match="name where the joker freed from meld 0 goes: 'to low' or "
                                                      "'to high'"):
        state.check(SwapJoker(0, "7H"))


def test_only_the_ends_where_the_joker_fits_are_offered() -> None:
    # the run reaches the ace: the joker freed for 10S can only go to the low end, so the swap names none
    table = [meld(RUN, "JK JS QS KS AS", 1), meld(SET, "9C 9D 9H", 1)]
    game = remi.new_game(CONTRACT_RUMMY, players=2, seed=0, dealer=1, round=2, stock="7S 8S", table=table,
                         hands=["10S 9S 3C 4H " + ROUND2, "2C 3D 6S QD 8C 7C JH"])
    state = play(game, DRAW, PASS)
    assert swaps_listed(state) == ["swap 10S on 0"]
    after = play(state, SwapJoker(0, "10S"))
    assert after.table[0].cards == parse_cards("JK 10S JS QS KS AS")
    assert refused(state, SwapJoker(0, "10S", "low")) is Reason.BAD_SWAP
    with pytest.raises(remi.IllegalActionError, match="can only go to the low end: name no destination"):
        state.check(SwapJoker(0, "10S", "low"))
    with pytest.raises(remi.IllegalActionError, match="cannot stand at the high end of 10S JS QS KS AS"):
        state.check(SwapJoker(0, "10S", "high"))
    assert_legal_actions(state)


def test_a_destination_the_variant_does_not_offer_is_refused() -> None:
    state = relocation_position(CONTRACT_RUMMY)
    assert refused(state, SwapJoker(0, "7H", "hand")) is Reason.BAD_SWAP
    with pytest.raises(remi.IllegalActionError, match="cannot go to the hand in this variant"):
        state.check(SwapJoker(0, "7H", "hand"))


def test_the_built_in_swap_names_no_destination() -> None:
    state = relocation_position(NORWEGIAN)
    assert swaps_listed(state) == ["swap 7H on 0"]
    assert refused(state, SwapJoker(0, "7H", "hand")) is Reason.BAD_SWAP
    with pytest.raises(remi.IllegalActionError, match="can only go to the hand: name no destination"):
        state.check(SwapJoker(0, "7H", "hand"))
    assert remi.JOKER in play(state, SwapJoker(0, "7H")).hands[0]


def test_keep_or_move_lists_three_choices_and_each_applies() -> None:
    variant = attrs.evolve(NORWEGIAN, name="keep-or-move", swaps=KeepOrMove())
    state = relocation_position(variant)
    assert swaps_listed(state) == ["swap 7H on 0 to hand", "swap 7H on 0 to low", "swap 7H on 0 to high"]
    kept = play(state, SwapJoker(0, "7H", "hand"))
    assert kept.table[0].cards == parse_cards("6H 7H 8H 9H") and remi.JOKER in kept.hands[0]
    assert_legal_actions(state)


def test_a_joker_freed_from_a_set_joins_the_hand_whatever_the_destinations() -> None:
    variant = attrs.evolve(ENGLISH, name="english-keep-or-move", swaps=attrs.evolve(
        KeepOrMove(), from_sets=remi.SetSwap.ON_COMPLETION, from_own_melds=True))
    game = remi.new_game(variant, players=2, seed=1, dealer=1, hands=["8D 9C 9S KH", "QS 3C"], layoffs=[0, 1],
                         table=[TableMeld(RUN, "4D 5D 6D 7D", 1), TableMeld(SET, "8S 8H 8C JK", 1)])
    state = play(game, DRAW)
    assert "swap 8D on 1" in swaps_listed(state)
    assert refused(state, SwapJoker(1, "8D", "hand")) is Reason.BAD_SWAP
    after = play(state, SwapJoker(1, "8D"))
    assert remi.JOKER in after.hands[0]
    assert_invariants(after)


# -- E12: a joker moved to an end is a card laid off --------------------------------------------------


def english_relocating(layoffs: tuple[int, int] = (0, 0), run: str = "4D JK JK 7D", group: str = "8S 8H 8D",
                       ) -> remi.GameState:
    """The issue's position: English with ``joker_to_hand=False``, seat 0 on turn holding 5D."""
    variant = attrs.evolve(ENGLISH, name="english-relocate", swaps=attrs.evolve(ENGLISH.swaps, joker_to_hand=False))
    game = remi.new_game(variant, players=2, seed=1, dealer=1, hands=["5D 9C 9S KH", "QS 3C"], layoffs=list(layoffs),
                         table=[TableMeld(RUN, run, 1), TableMeld(SET, group, 1)])
    return play(game, DRAW)


def test_E12_a_joker_moved_to_an_end_counts_against_the_lay_off_quota() -> None:
    state = english_relocating()
    assert swaps_listed(state) == ["swap 5D on 0 to high", "swap 5D on 0 to low"]
    after = play(state, parse_action("swap 5D on 0 to high"))
    assert after.table[0].cards == parse_cards("4D 5D JK 7D JK")
    assert after.layoffs == (1, 0)
    assert_invariants(after)  # the table grew by one card, and one card was laid off
    assert_legal_actions(state)


def test_E12_a_joker_cannot_move_to_an_end_once_the_quota_is_used() -> None:
    state = english_relocating(layoffs=(3, 0), run="4D JK JK 7D 8D 9D", group="8S 8H 8D 8C")
    assert swaps_listed(state) == []
    for end in ("low", "high"):
        assert refused(state, SwapJoker(0, "5D", end)) is Reason.LAYOFF_QUOTA
    with pytest.raises(remi.IllegalActionError, match=r"may lay off 3 cards this deal and has laid off 3 \(E12\)"):
        state.check(SwapJoker(0, "5D", "high"))
    assert_legal_actions(state)


def test_E12_every_relocation_keeps_the_invariants_in_random_play() -> None:
    variant = attrs.evolve(ENGLISH, name="english-relocate", swaps=attrs.evolve(ENGLISH.swaps, joker_to_hand=False))
    relocations = 0
    for seed in range(12):
        origin = state = remi.new_game(variant, players=3, seed=seed)
        for step in range(400):
            if state.is_over:
                break
            actions = list(state.legal_actions())
            swaps = [action for action in actions if isinstance(action, SwapJoker)]
            laydowns = [action for action in actions if isinstance(action, remi.actions.LayDown)]
            action = (swaps or laydowns or actions)[step % len(swaps or laydowns or actions)]
            if isinstance(action, SwapJoker):
                relocations += 1
            state = state.apply(action)
            assert_invariants(state, origin=origin)
    assert relocations > 0


# -- the hook's answers are checked ---------------------------------------------------------------


@pytest.mark.parametrize("answer", [(), [], 42, (HAND, HAND), ("low",), None])
def test_a_hook_answer_that_is_no_destinations_is_refused_at_build(answer: object) -> None:
    @attrs.frozen(kw_only=True)
    class Broken(remi.Swaps):
        def joker_destinations(self, meld: Meld) -> tuple[JokerDestination, ...]:
            return answer  # type: ignore[return-value]

    with pytest.raises(VariantError, match=r"swaps\.joker_destinations\(run .*\) must return a tuple of one or more"):
        attrs.evolve(NORWEGIAN, name="broken", swaps=Broken())


def test_a_hook_that_fails_in_play_is_a_variant_error_naming_it() -> None:
    @attrs.frozen(kw_only=True)
    class Raising(remi.Swaps):
        def joker_destinations(self, meld: Meld) -> tuple[JokerDestination, ...]:
            if parse_cards("6H")[0] in meld.cards:  # not in the build-time sample: fails only in play
                raise KeyError(meld)
            return (HAND,)

    state = relocation_position(attrs.evolve(NORWEGIAN, name="raising", swaps=Raising()))
    with pytest.raises(VariantError, match=r"swaps\.joker_destinations\(run 6H JK 8H 9H\) failed: KeyError"):
        state.legal_actions(kinds=(SwapJoker,))
    with pytest.raises(VariantError, match=r"swaps\.joker_destinations"):
        state.is_legal(SwapJoker(0, "7H", "low"))
    with pytest.raises(VariantError, match=r"swaps\.joker_destinations"):
        state.apply(SwapJoker(0, "7H", "low"))


# -- the action --------------------------------------------------------------------------------------


def test_a_swap_naming_its_destination_prints_parses_and_pastes_back() -> None:
    for text in ("swap 7H on 0 to low", "swap 7H on 0 to high", "swap 7H on 0 to hand", "swap 7H on 0"):
        action = parse_action(text)
        assert str(action) == text
        assert eval(repr(action), {"SwapJoker": SwapJoker, "parse_cards": parse_cards,
                                   "JokerDestination": JokerDestination}) == action
        assert pickle.loads(pickle.dumps(action)) == action
    assert parse_action("SWAP 7h ON 0 TO Low") == SwapJoker(0, (C("7H"),), LOW)


@pytest.mark.parametrize("text", ["swap 7H on 0 to", "swap 7H on 0 to left", "swap 7H on 0 from low",
                                  "swap 7H on 0 to low high", "swap 7H on 0 low", "swap 7H on 0 to, low",
                                  "swap 7H on 0 to low,"])
def test_a_malformed_destination_is_a_notation_error(text: str) -> None:
    with pytest.raises(remi.NotationError):
        parse_action(text)


def test_a_swap_pickled_before_destinations_unpickles_with_none() -> None:
    action = SwapJoker(0, "7H")
    blank = SwapJoker.__new__(SwapJoker)
    blank.__setstate__({"meld": 0, "cards": (C("7H"),)})  # the state a 0.2 pickle holds
    assert blank == action and blank.to is None


def test_a_game_with_chosen_ends_round_trips_through_record_and_json() -> None:
    state = play(relocation_position(CONTRACT_RUMMY), SwapJoker(0, "7H", "low"))
    assert remi.read_record(remi.write_record(state), variant=CONTRACT_RUMMY) == state
    assert remi.GameState.from_json(state.to_json(), variant=CONTRACT_RUMMY) == state


def test_a_record_and_a_snapshot_from_before_destinations_replay_as_they_were_played() -> None:
    # remi 0.2 wrote "swap 7H on 0" and moved the joker to the high end, where it fit
    relocating = attrs.evolve(NORWEGIAN, name="relocating", swaps=attrs.evolve(NORWEGIAN.swaps, joker_to_hand=False))
    state = play(relocation_position(relocating), SwapJoker(0, "7H", "high"))
    record = remi.write_record(state)
    assert "swap 7H on 0 to high" in record
    assert remi.read_record(record.replace("swap 7H on 0 to high", "swap 7H on 0"), variant=relocating) == state
    snapshot = state.to_json().replace("swap 7H on 0 to high", "swap 7H on 0")
    assert remi.GameState.from_json(snapshot, variant=relocating) == state
