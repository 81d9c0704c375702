"""Rule scenarios for English (progressive) Remi: each test names the rule clause (E…, EX…) it checks.

Positions are built exactly with ``remi.new_game(hands=..., stock=..., discard_pile=..., table=..., levels=...)``
and played forward with actions; the verdicts are the ones the rules state.

Mechanics this variant shares with others (the deck, dealing, contracts, going down, the taken
discard, lay-offs before going down, ...) are checked for all of them in ``test_common_mechanics.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

import remi
from remi import End, GameState, MeldKind, Phase, Reason, parse_cards
from remi.actions import Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from scenario import FILLERS, RULEBOOKS, C, cards, down, meld, where
from scenario import leftovers as scenario_leftovers

ENGLISH = remi.variants.get("english")
SET, RUN = MeldKind.SET, MeldKind.RUN
JK = remi.JOKER
OTHER = FILLERS["english"][0]  # a hand that melds nothing useful in these scenarios


def leftovers(*used: str) -> str:
    """Every card of the deck not in ``used`` (texts of cards), as card text."""
    return scenario_leftovers(ENGLISH, *used)


# -- helpers ---------------------------------------------------------------------------------------

RULES = RULEBOOKS["english"]
game, play, refused, points = RULES.game, RULES.play, RULES.refused, RULES.points


def draw(state: GameState) -> GameState:
    state = play(state, DrawStock())
    assert state.phase is Phase.PLAY  # never a buy window in English Remi (E7)
    return state


# hands holding exactly each level's contract, for going out with one discard
CONTRACT_HANDS = {
    1: ("4C 5C 6C 7C KS KH KD", "run 4C 5C 6C 7C; set KS KH KD"),
    2: ("4C 5C 6C 7C KS KH KD KC", "run 4C 5C 6C 7C; set KS KH KD KC"),
    3: ("4C 5C 6C 7C 4H 5H 6H 7H", "run 4C 5C 6C 7C; run 4H 5H 6H 7H"),
    4: ("4C 5C 6C 7C 8C KS KH KD", "run 4C 5C 6C 7C 8C; set KS KH KD"),
    5: ("4C 5C 6C 7C 8C KS KH KD KC", "run 4C 5C 6C 7C 8C; set KS KH KD KC"),
    6: ("4C 5C 6C 7C 8C 4H 5H 6H 7H 8H", "run 4C 5C 6C 7C 8C; run 4H 5H 6H 7H 8H"),
    7: ("4C 5C 6C 7C 8C 9C KS KH KD KC", "run 4C 5C 6C 7C 8C 9C; set KS KH KD KC"),
}


def go_out(level: int, *, wins: int, others: Sequence[str], other_levels: Sequence[int],
           scores: Sequence[int] | None = None) -> GameState:
    """Seat 0, on ``level``, draws the 2D, lays its whole contract and discards the 2D: out."""
    hand, contract = CONTRACT_HANDS[level]
    state = draw(game([hand, *others], levels=[level, *other_levels], stock="2D",
                      wins=[wins, *([0] * len(others))], scores=scores))
    state = play(state, down(contract))
    assert state.hands[0] == (C("2D"),)
    return play(state, Discard(C("2D")))


# -- worked examples (EX1–EX14) ----------------------------------------------------------------------------


def test_EX3_contract_laid_piecemeal_over_two_turns() -> None:
    state = draw(game(["4C 5C 6C 7C KS KH KD 2H 9D 3S", OTHER], stock="8D", levels=[1, 1]))
    state = play(state, down("run 4C 5C 6C 7C"))
    assert not state.down[0]
    assert len(state.laid[0]) == 1
    assert len(state.table) == 1
    state = play(state, Discard(C("2H")))
    state = play(draw(state), Discard(C("2S")))
    state = draw(state)
    state = play(state, down("set KS KH KD"))
    assert state.down[0]
    assert state.laid[0] == frozenset({0, 1})
    assert refused(state, down("set KS KH KD")) is Reason.ALREADY_DOWN
    assert [m.owner for m in state.table] == [0, 0]


def test_E8_E9_piecemeal_allows_no_meld_beyond_the_contract() -> None:
    state = draw(game(["4C 5C 6C 7C 9H 10H JH QH 2D 3S", OTHER], stock="8D", levels=[1, 1]))
    state = play(state, down("run 4C 5C 6C 7C"))
    assert refused(state, down("run 9H 10H JH QH")) is Reason.CONTRACT_NOT_MET


def test_EX4_sizes_are_exact() -> None:
    state = draw(game(["4C 5C 6C 7C 8C KS KH KD 9D 3S", OTHER], stock="8D", levels=[1, 1]))
    assert refused(state, down("run 4C 5C 6C 7C 8C; set KS KH KD")) is Reason.CONTRACT_NOT_MET
    assert refused(state, down("run 4C 5C 6C 7C 8C")) is Reason.CONTRACT_NOT_MET
    play(state, down("run 4C 5C 6C 7C; set KS KH KD"))


def test_EX5_contract_depends_on_the_players_own_game() -> None:
    hand = "4C 5C 6C 7C KS KH KD 2H 9D 3S"
    state = draw(game([hand, "4C 5C 6C 7C KS KH KD 2D 9H 3H"], stock="8D 10H", levels=[2, 1]))
    assert state.contract(0).name == "run 4 + group 4"
    assert refused(state, down("run 4C 5C 6C 7C; set KS KH KD")) is Reason.CONTRACT_NOT_MET
    state = play(state, Discard(C("2H")))
    state = draw(state)
    assert state.to_act == 1
    assert state.contract(1).name == "run 4 + group 3"
    state = play(state, down("run 4C 5C 6C 7C; set KS KH KD"))
    assert state.down[1]


def test_EX6_lay_off_before_opening_counts_one_of_two() -> None:
    table = [meld(RUN, "5C 6C 7C 8C", owner=1)]
    state = draw(game(["9C 10C JC 2H 3D", OTHER], stock="8D", levels=[2, 1], table=table))
    assert not state.laid[0]
    state = play(state, LayOff(C("9C"), 0, End.HIGH))
    assert state.layoffs[0] == 1
    assert state.table[0].cards == parse_cards("5C 6C 7C 8C 9C")
    state = play(state, LayOff(C("10C"), 0, End.HIGH))
    assert state.layoffs[0] == 2
    assert refused(state, LayOff(C("JC"), 0, End.HIGH)) is Reason.LAYOFF_QUOTA


def test_EX7_game_1_a_fourth_lay_off_is_refused() -> None:
    table = [meld(RUN, "5C 6C 7C 8C", owner=1)]
    state = draw(game(["9C 10C JC QC 3D", OTHER], stock="8D", levels=[1, 1], table=table))
    state = play(state, LayOff(C("9C"), 0, End.HIGH), LayOff(C("10C"), 0, End.HIGH))
    state = play(state, Discard(C("3D")))
    state = play(draw(state), Discard(C("2S")))
    state = draw(state)
    state = play(state, LayOff(C("JC"), 0, End.HIGH))  # the third, on a later turn
    assert state.layoffs[0] == 3
    assert refused(state, LayOff(C("QC"), 0, End.HIGH)) is Reason.LAYOFF_QUOTA


def test_EX8_game_6_may_not_lay_off_anything() -> None:
    table = [meld(RUN, "5C 6C 7C 8C", owner=1), meld(SET, "QS QH QD", owner=1)]
    state = draw(game(["9C 4C QC JK 3D", OTHER], stock="8D", levels=[6, 1], table=table))
    for action in (LayOff(C("9C"), 0, End.HIGH), LayOff(C("4C"), 0, End.LOW), LayOff(C("QC"), 1, None),
                   LayOff(JK, 0, End.HIGH)):
        assert refused(state, action) is Reason.LAYOFF_QUOTA
    assert not any(isinstance(a, LayOff) for a in state.legal_actions())


def test_EX9_game_6_two_runs_and_a_discard_go_out() -> None:
    state = draw(game(["3C 4C 5C 6C 7C 8H 9H 10H JH QH", OTHER], stock="KS", levels=[6, 1], wins=[5, 0]))
    assert state.hands[0] == cards("3C 4C 5C 6C 7C 8H 9H 10H JH QH KS")
    state = play(state, down("run 3C 4C 5C 6C 7C; run 8H 9H 10H JH QH"), Discard(C("KS")))
    result = state.last_deal
    assert result is not None
    assert result.winner == 0
    assert result.scores == (-60, points(OTHER))
    assert state.levels == (7, 1)
    assert state.wins == (6, 0)
    assert not state.is_over


def test_EX10_run_swap_before_opening_leaves_the_quota_alone() -> None:
    table = [meld(RUN, "9S JK JS QS", owner=1)]
    state = draw(game(["10S 2H 3D 4C 5H", OTHER], stock="8D", levels=[1, 1], table=table))
    assert not state.laid[0]
    state = play(state, SwapJoker(0, parse_cards("10S")))
    assert state.table[0].cards == parse_cards("9S 10S JS QS")
    assert JK in state.hands[0]
    assert state.layoffs[0] == 0


def test_EX10_swap_allowed_even_with_a_zero_quota() -> None:
    table = [meld(RUN, "9S JK JS QS", owner=1)]
    state = draw(game(["10S 2H 3D 4C 5H", OTHER], stock="8D", levels=[6, 1], table=table))
    state = play(state, SwapJoker(0, parse_cards("10S")))
    assert state.layoffs[0] == 0
    assert JK in state.hands[0]


def test_EX11_group_swap_needs_the_completing_suit() -> None:
    table = [meld(SET, "7S 7H 7D JK", owner=1)]
    state = draw(game(["7C 7S 2H 3D 4C", OTHER], stock="8D", levels=[1, 2], table=table))
    assert refused(state, SwapJoker(0, parse_cards("7S"))) is Reason.BAD_SWAP
    state = play(state, SwapJoker(0, parse_cards("7C")))
    assert Counter(state.table[0].cards) == Counter(parse_cards("7S 7H 7D 7C"))
    assert JK in state.hands[0]
    assert C("7C") not in state.hands[0]


def test_EX12_take_the_discard_on_turn_only() -> None:
    state = game(["2H 3D 4C 5H 6D 8S 9S 10D JC QH", OTHER, "2C 3C 5C 9H 10H JD QS KS AH 6H"], discard="7C",
                 levels=[1, 1, 1])
    assert refused(state, TakeDiscard(), seat=1) is Reason.NOT_YOUR_TURN
    taken = play(state, TakeDiscard())
    assert C("7C") in taken.hands[0]
    assert taken.phase is Phase.PLAY
    assert taken.stock == state.stock


def test_EX13_winner_scores_minus_10_and_advances_alone() -> None:
    table = [
        meld(RUN, "4C 5C 6C 7C", owner=0),
        meld(SET, "KS KH KD", owner=0),
        meld(RUN, "5H 6H 7H 8H", owner=1),
    ]
    state = draw(game(["9H", "JK QD 7C AS"], stock="2D", levels=[1, 1], table=table))
    assert state.down[0]
    state = play(state, LayOff(C("9H"), 2, End.HIGH), Discard(C("2D")))
    result = state.last_deal
    assert result is not None
    assert result.winner == 0
    assert result.scores == (-10, 43)
    assert points("JK QD 7C AS") == 25 + 10 + 7 + 1
    assert state.scores == (-10, 43)
    assert state.levels == (2, 1)
    assert state.wins == (1, 0)
    assert state.contract(0).name == "run 4 + group 4"
    assert state.contract(1).name == "run 4 + group 3"


@pytest.mark.parametrize(("level", "expected"), [(1, -10), (2, -20), (3, -30), (4, -40), (5, -50), (6, -60),
                                                 (7, -100)])
def test_EX14_winning_scores_in_order(level: int, expected: int) -> None:
    state = go_out(level, wins=level - 1, others=[OTHER], other_levels=[1])
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (expected, points(OTHER))
    assert state.wins[0] == level
    assert state.is_over == (level == 7)


# -- E1–E9 -----------------------------------------------------------------------------------------


def test_E3_E17_dealer_changes_every_deal_and_exhausted_deals_advance_nobody() -> None:
    state = remi.new_game(ENGLISH, players=3, seed=31, levels=[2, 5, 1], wins=[1, 4, 0], dealer=0)
    for deal in (1, 2, 3):
        assert state.deal == deal
        assert state.dealer == (deal - 1) % 3
        assert state.on_turn == deal % 3
        assert all(len(hand) == 10 for hand in state.hands)
        scores_before = state.scores
        while state.deal == deal:
            if state.phase is Phase.DRAW:
                last_hands = state.hands
                state = state.apply(DrawStock())
            else:
                state = state.apply(Discard(state.hands[state.on_turn][-1]))
        result = state.last_deal
        assert result is not None
        assert result.winner is None
        assert result.hands == last_hands
        assert result.scores == tuple(ENGLISH.hand_points(hand) for hand in last_hands)
        assert state.scores == tuple(a + b for a, b in zip(scores_before, result.scores, strict=True))
        assert state.levels == (2, 5, 1)
        assert state.wins == (1, 4, 0)
        assert not state.is_over


def test_E4_groups_have_distinct_suits_and_at_most_four_cards() -> None:
    table = [meld(SET, "KS KH KD KC", owner=1), meld(SET, "9S 9H 9D", owner=2), meld(RUN, "2H 3H 4H 5H", owner=1)]
    hands = ["7S 7S 7H 4C 5C 6C 7C KS 9S 9C JK 2D", OTHER, "2C 3C"]
    state = draw(game(hands, stock="8D", levels=[1, 2, 1], table=table))
    assert refused(state, down("run 4C 5C 6C 7C; set 7S 7S 7H")) is Reason.INVALID_MELD
    assert refused(state, LayOff(C("KS"), 0, None)) is Reason.BAD_LAYOFF
    assert refused(state, LayOff(JK, 0, None)) is Reason.BAD_LAYOFF
    assert refused(state, LayOff(C("9S"), 1, None)) is Reason.BAD_LAYOFF
    state = play(state, LayOff(C("9C"), 1, None))
    assert Counter(state.table[1].cards) == Counter(parse_cards("9S 9H 9D 9C"))


def test_E5_E6_group_swap_frees_both_jokers_in_one_swap() -> None:
    table = [meld(SET, "7S 7H JK JK", owner=1)]
    state = draw(game(["7D 7C 2H 3D 4C", OTHER], stock="8D", levels=[1, 2], table=table))
    assert refused(state, SwapJoker(0, parse_cards("7D"))) is Reason.BAD_SWAP
    assert refused(state, SwapJoker(0, parse_cards("7C"))) is Reason.BAD_SWAP
    state = play(state, SwapJoker(0, parse_cards("7D 7C")))
    assert Counter(state.table[0].cards) == Counter(parse_cards("7S 7H 7D 7C"))
    assert state.hands[0].count(JK) == 2
    assert state.hands[0] == cards("2H 3D 4C 8D JK JK")
    assert state.layoffs[0] == 0


def test_E6_a_group_swap_from_ones_own_group() -> None:
    table = [meld(SET, "7S 7H 7D JK", owner=0)]  # english swaps from own melds too; game 2's group of 4
    state = draw(game(["7C 2H 3D 4C", OTHER], stock="8D", levels=[2, 1], table=table))
    state = play(state, SwapJoker(0, parse_cards("7C")))
    assert Counter(state.table[0].cards) == Counter(parse_cards("7S 7H 7D 7C"))
    assert JK in state.hands[0]


def test_E6_an_incomplete_group_frees_nothing_until_a_lay_off_completes_it() -> None:
    table = [meld(SET, "7S 7H JK", owner=1)]
    state = draw(game(["7D 7C 2H 3D 4C", OTHER], stock="8D", levels=[1, 1], table=table))
    assert refused(state, SwapJoker(0, parse_cards("7D"))) is Reason.BAD_SWAP
    state = play(state, LayOff(C("7D"), 0, None))  # counts towards the quota
    assert state.layoffs[0] == 1
    state = play(state, SwapJoker(0, parse_cards("7C")))  # does not
    assert Counter(state.table[0].cards) == Counter(parse_cards("7S 7H 7D 7C"))
    assert state.layoffs[0] == 1
    assert JK in state.hands[0]


def test_E7_no_buying() -> None:
    state = game(["2H 3D 4C 5H 6D 8S 9S 10D JC QH", OTHER, "2C 3C 5C 9H 10H JD QS KS AH 6H"], discard="7C",
                 levels=[1, 1, 1])
    after = play(state, DrawStock())
    assert after.phase is Phase.PLAY
    assert after.to_act == 0
    assert after.buy_queue == ()
    assert refused(after, Buy()) is Reason.CANNOT_BUY
    assert refused(after, Pass()) is Reason.CANNOT_BUY
    assert refused(after, Buy(), seat=1) is Reason.NOT_YOUR_TURN  # not even a buy window


def test_E9_E14_players_at_one_table_play_different_contracts() -> None:
    state = draw(game(["4C 5C 6C 7C 4H 5H 6H 7H KS KH", OTHER], stock="KD", levels=[3, 1]))
    assert state.contract(0).name == "two runs of 4"
    assert state.contract(1).name == "run 4 + group 3"
    assert refused(state, down("run 4C 5C 6C 7C; set KS KH KD")) is Reason.CONTRACT_NOT_MET
    state = play(state, down("run 4C 5C 6C 7C; run 4H 5H 6H 7H"))
    assert state.down[0]


# -- E10–E13 ---------------------------------------------------------------------------------------


def test_E10_lay_off_onto_a_group_before_opening() -> None:
    table = [meld(SET, "QS QH QD", owner=1)]
    state = draw(game(["QC 2H 3D 4C 5H", OTHER], stock="8D", levels=[1, 1], table=table))
    assert not state.laid[0]
    state = play(state, LayOff(C("QC"), 0, None))
    assert Counter(state.table[0].cards) == Counter(parse_cards("QS QH QD QC"))


def test_E11_own_meld_lay_off_waits_for_the_next_turn() -> None:
    table = [meld(RUN, "5H 6H 7H 8H", owner=1)]
    state = draw(game(["4C 5C 6C 7C 8C 9H 2D 3S JS QS", OTHER], stock="KD", levels=[1, 1], table=table))
    state = play(state, down("run 4C 5C 6C 7C"))
    own = where(state, "4C 5C 6C 7C")
    assert refused(state, LayOff(C("8C"), own, End.HIGH)) is Reason.OWN_MELD_TOO_SOON
    state = play(state, LayOff(C("9H"), 0, End.HIGH))  # another player's meld: fine at once
    state = play(state, Discard(C("2D")))
    state = play(draw(state), Discard(C("2S")))
    state = draw(state)
    state = play(state, LayOff(C("8C"), own, End.HIGH))
    assert state.table[own].cards == parse_cards("4C 5C 6C 7C 8C")


def test_E11_own_group_too() -> None:
    state = draw(game(["KS KH KD KC 2D 3S 5H 9C JS QS", OTHER], stock="10D", levels=[1, 1]))
    state = play(state, down("set KS KH KD"))
    assert refused(state, LayOff(C("KC"), 0, None)) is Reason.OWN_MELD_TOO_SOON
    state = play(state, Discard(C("2D")))
    state = play(draw(state), Discard(C("2S")))
    state = play(draw(state), LayOff(C("KC"), 0, None))
    assert len(state.table[0].cards) == 4


def test_E11_melds_given_as_already_on_the_table_were_laid_on_an_earlier_turn() -> None:
    table = [meld(RUN, "4C 5C 6C 7C", owner=0)]
    state = draw(game(["8C 2D 3S JS QS", OTHER], stock="KD", levels=[1, 1], table=table))
    assert state.laid[0]  # the run fills seat 0's "run 4"
    play(state, LayOff(C("8C"), 0, End.HIGH))


@pytest.mark.parametrize(("level", "quota"), [(1, 3), (2, 2), (3, 2), (4, 2), (5, 1), (6, 0), (7, 0)])
def test_E12_lay_off_quota_per_game(level: int, quota: int) -> None:
    table = [meld(RUN, "5C 6C 7C 8C", owner=1)]
    state = draw(game(["9C 10C JC QC 2H 3D", OTHER], stock="8D", levels=[level, 1], table=table))
    for card in parse_cards("9C 10C JC QC")[:quota]:
        state = play(state, LayOff(card, 0, End.HIGH))
    assert state.layoffs[0] == quota
    nxt = parse_cards("9C 10C JC QC")[quota]
    assert refused(state, LayOff(nxt, 0, End.HIGH)) is Reason.LAYOFF_QUOTA


def test_E12_the_quota_spans_before_and_after_opening() -> None:
    table = [meld(RUN, "5H 6H 7H 8H", owner=1)]
    state = draw(game(["9H 10H 4C 5C 6C 7C 8C KS KH JH", OTHER], stock="KD", levels=[4, 1], table=table))
    state = play(state, LayOff(C("9H"), 0, End.HIGH))  # before opening
    state = play(state, down("run 4C 5C 6C 7C 8C; set KS KH KD"))
    state = play(state, LayOff(C("10H"), 0, End.HIGH))  # after opening: 2 of 2
    assert state.layoffs[0] == 2
    assert refused(state, LayOff(C("JH"), 0, End.HIGH)) is Reason.LAYOFF_QUOTA


def test_E12_quota_resets_each_deal() -> None:
    table = [meld(RUN, "4C 5C 6C 7C", owner=0), meld(SET, "KS KH KD", owner=0), meld(RUN, "5H 6H 7H 8H", owner=1)]
    state = draw(game(["9H", OTHER], stock="2D", levels=[1, 1], table=table))
    state = play(state, LayOff(C("9H"), 2, End.HIGH), Discard(C("2D")))
    assert state.deal == 2
    assert state.layoffs == (0, 0)


def test_E13_going_out_needs_a_final_discard() -> None:
    table = [meld(RUN, "5H 6H 7H 8H", owner=1), meld(RUN, "4C 5C 6C 7C", owner=0), meld(SET, "KS KH KD", owner=0)]
    state = draw(game(["9H", OTHER], stock="10H", levels=[1, 1], table=table))
    assert state.down[0]
    state = play(state, LayOff(C("9H"), 0, End.HIGH))
    assert state.hands[0] == (C("10H"),)
    assert refused(state, LayOff(C("10H"), 0, End.HIGH)) is Reason.MUST_DISCARD_TO_GO_OUT
    assert set(state.legal_actions()) == {Discard(C("10H"))}

    laying = draw(game(["4C 5C 6C 7C KS KH", OTHER], stock="KD", levels=[1, 1]))
    assert refused(laying, down("run 4C 5C 6C 7C; set KS KH KD")) is Reason.MUST_DISCARD_TO_GO_OUT
    assert not any(isinstance(a, LayDown) and len(a.cards) == 7 for a in laying.legal_actions())
    laying = play(laying, down("run 4C 5C 6C 7C"))  # piecemeal, keeping cards back, is fine
    assert laying.hands[0] == cards("KS KH KD")


def test_E13_a_player_whose_contract_is_not_down_cannot_go_out() -> None:
    """A lay-off before opening (E10) must leave a card to discard and one to keep."""
    table = [meld(RUN, "5H 6H 7H 8H", owner=1)]
    state = draw(game(["9H", OTHER], stock="10H", levels=[1, 1], table=table))
    assert not state.down[0]
    assert refused(state, LayOff(C("9H"), 0, End.HIGH)) is Reason.NOT_DOWN
    assert not any(isinstance(action, LayOff) for action in state.legal_actions())
    state = play(state, Discard(C("9H")))  # the only way on: discard and keep one card
    assert state.hands[0] == (C("10H"),)
    assert state.deal == 1


# -- E14–E17 ---------------------------------------------------------------------------------------


def test_E14_only_the_winner_advances() -> None:
    state = go_out(3, wins=2, others=[OTHER, "2C 3C"], other_levels=[5, 1])
    assert state.levels == (4, 5, 1)
    assert state.wins == (3, 0, 0)
    assert state.deal == 2
    assert [state.contract(seat).name for seat in range(3)] == ["run 5 + group 3", "run 5 + group 4",
                                                               "run 4 + group 3"]


def test_E15_points_left_in_hand() -> None:
    state = go_out(1, wins=0, others=["JK AS 10D KH 2C", "QS JD 9H"], other_levels=[1, 1])
    assert state.last_deal is not None
    assert state.last_deal.scores == (-10, 25 + 1 + 10 + 10 + 2, 10 + 10 + 9)


def test_E16_the_match_ends_on_a_game_7_win_lowest_total_wins() -> None:
    state = go_out(7, wins=6, others=["AS", "KC"], other_levels=[3, 2], scores=[50, -61, 0])
    RULES.match_over(state, scores=(-50, -60, 10), winners=(1,))  # not the player who won game 7


def test_E16_ties_are_shared() -> None:
    state = go_out(7, wins=6, others=["AS", "KC"], other_levels=[3, 2], scores=[40, -61, 0])
    RULES.match_over(state, scores=(-60, -60, 10), winners=(0, 1))


def test_E16_a_win_below_game_7_does_not_end_the_match() -> None:
    state = go_out(6, wins=5, others=["AS"], other_levels=[7])
    assert not state.is_over
    assert state.winners == ()
    assert state.levels == (7, 7)


def test_E17_turn_limit_ends_a_deal_and_nobody_advances() -> None:
    house = attrs.evolve(ENGLISH, name="english-short", match=attrs.evolve(ENGLISH.match, turn_limit=2))
    state = remi.new_game(house, players=2, seed=3, dealer=1, levels=[2, 5], wins=[1, 4])
    for _ in range(2):
        state = state.apply(TakeDiscard())
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))
    assert state.deal == 2
    assert state.last_deal is not None and state.last_deal.winner is None
    assert state.levels == (2, 5) and state.wins == (1, 4)


def test_E17_stock_rebuilt_at_most_twice() -> None:
    rest = leftovers("2C", "KH", "5S 6S 7S")
    state = remi.new_game(ENGLISH, players=2, seed=5, dealer=1, hands=["2C", rest], stock="KH",
                          discard_pile="5S 6S 7S", levels=[2, 2])
    seen = []
    for _ in range(10_000):
        if state.deal != 1:
            break
        seen.append(state.rebuilds)
        if state.phase is Phase.DRAW:
            state = state.apply(DrawStock())
        else:
            state = state.apply(Discard(state.hands[state.on_turn][0]))
    assert sorted(set(seen)) == [0, 1, 2]
    assert state.last_deal is not None
    assert state.last_deal.winner is None
    assert state.levels == (2, 2)


# -- R1 in a group ---------------------------------------------------------------------------------


def test_R1_a_group_joker_stands_for_the_groups_rank() -> None:
    table = [meld(SET, "7S 7H 7D JK", owner=1)]
    state = draw(game(["8C 7C 2H", OTHER], stock="8D", levels=[1, 2], table=table))
    assert refused(state, SwapJoker(0, parse_cards("8C"))) is Reason.BAD_SWAP
    play(state, SwapJoker(0, parse_cards("7C")))
