"""Rule scenarios for May I?: each test names the clause (M…, MX…) it checks.

Positions are built exactly with ``remi.new_game(hands=..., stock=..., discard_pile=..., table=...)``
and played forward with actions; the verdicts are the ones the rules state. Every refusal is checked
three ways (``apply``/``check``, ``is_legal``, the listing) and must cite a May I? clause, never
another variant's. ``mayi`` has no house configuration.

Wild 2s (M4) are the heart of several clauses: the tests that need a 2 to be wild say so in their
docstring ("wild 2s").

Mechanics this variant shares with others (the deck, dealing, contracts, going down, the taken
discard, lay-offs before going down, ...) are checked for all of them in ``test_common_mechanics.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

import remi
from remi import End, GameState, MeldKind, Phase, Reason, parse_cards
from remi.actions import Buy, Discard, DrawStock, LayOff, Pass, SwapJoker, TakeDiscard
from remi.melds import run_cards
from remi.testing import assert_invariants, card_multiset
from scenario import FILLERS, RULEBOOKS, C, cards, down, laydowns, meld, sorted_hand, where

MAYI = remi.variants.get("mayi")
SET, RUN = MeldKind.SET, MeldKind.RUN
JK = remi.JOKER

#: Hands of naturals (no 2, no joker) that meld nothing and share no card with each other.
FILLER = FILLERS["mayi"]
#: What each filler hand scores (M16): 3 + 4 + … + 9 + 10 + 10 + 10 + 10.
FILLER_POINTS = 82

RULES = RULEBOOKS["mayi"]
game, leftovers, play, refused = RULES.game, RULES.leftovers, RULES.play, RULES.refused
passes, draw, points = RULES.passes, RULES.draw, RULES.points


# M1 (the deck by the number of players), M2's dealing, M3's contracts and going down, the meld verdicts
# of MX1, MX2 and M6, M10's lay-off before going down and M16's card values are checked with the other
# variants' in test_common_mechanics.py.


# -- M2: six hands of eleven cards -----------------------------------------------------------------


@pytest.mark.parametrize("round_", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize(("players", "deck"), [(4, 108), (6, 162)])
def test_M2_eleven_cards_every_hand(round_: int, players: int, deck: int) -> None:
    state = remi.new_game(MAYI, players=players, seed=6, round=round_)
    assert [len(hand) for hand in state.hands] == [11] * players
    assert len(state.discard_pile) == 1  # the upcard
    assert len(state.stock) == deck - 11 * players - 1
    assert_invariants(state)


# -- M3: six contracts, minimum sizes, whole and in one turn ---------------------------------------


def test_M3_two_sets_of_one_rank_fill_a_contract() -> None:
    """[reading] the reference tests accept two sets of nines in hand 1."""
    state = draw(game(["9C 9C 9D 9H 9S 9H KH 4S", FILLER[0], FILLER[2]], stock="QS"))
    state = play(state, down("set 9C 9C 9D; set 9H 9S 9H"))
    assert state.down[0]
    assert state.hands[0] == cards("KH 4S QS")


# -- M4 / MX1 / MX2: wild twos, never natural ------------------------------------------------------


def test_M4_a_two_goes_down_as_a_wild() -> None:
    """Wild 2s: ``7S 7D 2H`` is a set of sevens, ``3S 4S 2H 6S`` a run with the 2 as the 5S."""
    state = draw(game(["7S 7D 2H KS KH KD 9C 3H", *FILLER[:2]], stock="QS"))
    state = play(state, down("set 7S 7D 2H; set KS KH KD"))
    assert state.down[0]
    assert state.hands[0] == cards("9C 3H QS")

    runs = draw(game(["3S 4S 2H 6S 9D 10D JD QD KC", *FILLER[:2]], stock="QS", round=3))
    runs = play(runs, down("run 3S 4S 2H 6S; run 9D 10D JD QD"))
    assert runs.down[0]
    two_run = runs.table[where(runs, "3S 4S 2H 6S")]
    assert run_cards(MAYI.melds, two_run.cards) == parse_cards("3S 4S 5S 6S")


def test_M4_there_is_no_set_of_twos() -> None:
    """Wild 2s: three 2s are three wilds and no natural."""
    state = draw(game(["2C 2D 2H KS KH KD 9C 3H", *FILLER[:2]], stock="QS"))
    assert refused(state, down("set 2C 2D 2H; set KS KH KD")) is Reason.INVALID_MELD
    assert not laydowns(state)


def test_M4_a_two_laid_off_onto_a_run_is_a_wild_even_at_its_own_place() -> None:
    """Wild 2s: the 2S below a 3S would stand for a 2, which a run never holds; above the 6S it is the 7S."""
    table = [meld(SET, "KC KD KH", owner=0), meld(RUN, "3S 4S 5S 6S", owner=0)]
    state = draw(game(["2S 10C", FILLER[1], FILLER[2]], stock="QS", table=table, round=2))
    assert state.down[0]
    assert refused(state, LayOff(C("2S"), 1, End.LOW)) is Reason.BAD_LAYOFF
    state = play(state, LayOff(C("2S"), 1, End.HIGH))
    assert run_cards(MAYI.melds, state.table[1].cards) == parse_cards("3S 4S 5S 6S 7S")


def test_M4_a_two_laid_off_onto_a_set_is_a_wild_of_its_rank() -> None:
    """Wild 2s."""
    table = [meld(SET, "KC KD KH", owner=0), meld(SET, "QC QD QH", owner=0), meld(SET, "9C 9D 9H", owner=1),
             meld(SET, "8S 8D 8H", owner=1)]
    state = draw(game(["2S 10C", FILLER[1], FILLER[2]], stock="QS", table=table))
    state = play(state, LayOff(C("2S"), 2, None))
    assert Counter(state.table[2].cards) == Counter(parse_cards("9C 9D 9H 2S"))


# -- M5: the ace is high only ----------------------------------------------------------------------


def test_M5_the_ace_is_high_only() -> None:
    state = draw(game(["AD 2D 3D 4D 5D 6D JC QC KC AC 9H", *FILLER[:2]], stock="6H", round=3))
    assert refused(state, down("run AD 2D 3D 4D; run JC QC KC AC")) is Reason.INVALID_MELD
    assert refused(state, down("run AD 3D 4D 5D; run JC QC KC AC")) is Reason.INVALID_MELD
    assert refused(state, down("run 3D 4D 5D 6D; run KC AC 3D 4D")) is Reason.INVALID_MELD
    assert laydowns(state)
    assert all(C("AD") not in action.cards for action in laydowns(state))
    state = play(state, down("run 3D 4D 5D 6D; run JC QC KC AC"))
    assert state.down[0]
    assert state.hands[0] == cards("AD 2D 9H 6H")


def test_M5_no_wild_above_the_ace() -> None:
    table = [meld(SET, "9C 9D 9H", owner=0), meld(RUN, "3C 4C 5C 6C", owner=0),
             meld(RUN, "JH QH KH AH", owner=1), meld(SET, "5S 5D 5H", owner=1)]
    state = draw(game(["JK 10C", FILLER[1], FILLER[2]], stock="QS", discard="7C", table=table, round=2))
    assert state.down[0]
    assert refused(state, LayOff(JK, 2, End.HIGH)) is Reason.BAD_LAYOFF
    state = play(state, LayOff(JK, 2, End.LOW))
    assert run_cards(MAYI.melds, state.table[2].cards) == parse_cards("10H JH QH KH AH")


def test_M5_no_wild_below_the_three() -> None:
    """Wild 2s: with 2s wild a run has no place for a 2, so a joker may not stand there either."""
    table = [meld(SET, "9C 9D 9H", owner=0), meld(RUN, "3S 4S 5S 6S", owner=0)]
    state = draw(game(["JK 10C", FILLER[1], FILLER[2]], stock="QS", table=table, round=2))
    assert refused(state, LayOff(JK, 1, End.LOW)) is Reason.BAD_LAYOFF
    state = play(state, LayOff(JK, 1, End.HIGH))
    assert run_cards(MAYI.melds, state.table[1].cards) == parse_cards("3S 4S 5S 6S 7S")


def test_M5_a_run_holds_at_most_twelve_cards() -> None:
    long_run = "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
    table = [meld(SET, "9C 9S 9H", owner=0), meld(RUN, "3H 4H 5H 6H", owner=0),
             meld(RUN, long_run, owner=1), meld(SET, "5C 5S 5H", owner=1)]
    state = draw(game(["JK 10C", FILLER[1], FILLER[2]], stock="QS", table=table, round=2))
    assert state.down[0]
    assert len(state.table[2].cards) == 12
    assert refused(state, LayOff(JK, 2, End.HIGH)) is Reason.BAD_LAYOFF
    assert refused(state, LayOff(JK, 2, End.LOW)) is Reason.BAD_LAYOFF
    assert not any(isinstance(action, LayOff) and action.meld == 2 for action in state.legal_actions())


# -- M6: sets of any suits, repeats included -------------------------------------------------------


def test_M6_a_set_may_repeat_a_suit_and_has_no_upper_size() -> None:
    # six players play three packs: three copies of the 9C
    others = [FILLER[0], FILLER[2], FILLER[0], FILLER[2], "3C 4S 5H 6D 7C 8S 10D JC"]
    state = draw(game(["9C 9C 9C KS KH KD KC 3H 6S", *others], stock="QS"))
    state = play(state, down("set 9C 9C 9C; set KS KH KD KC"))
    assert state.down[0]
    assert sorted(len(m.cards) for m in state.table) == [3, 4]
    assert state.hands[0] == cards("3H 6S QS")


# -- M7 / MX4: no more wilds than naturals, at lay-down only ---------------------------------------


def test_M7_no_more_wilds_than_naturals_when_going_down() -> None:
    state = draw(game(["QS QH JK JK 7S 7H 7D 9C 3H", *FILLER[:2]], stock="KS"))
    assert refused(state, down("set QS JK JK; set 7S 7H 7D")) is Reason.INVALID_MELD
    assert all(2 * m.cards.count(JK) <= len(m.cards) for action in laydowns(state) for m in action.melds)
    state = play(state, down("set QS QH JK; set 7S 7H 7D"))  # one wild, two naturals
    assert state.down[0]

    runs = draw(game(["7S JK JK 10S JK 3H 4H 5H 6H QD", *FILLER[:2]], stock="KS", round=3))
    assert refused(runs, down("run 7S JK JK JK; run 3H 4H 5H 6H")) is Reason.INVALID_MELD
    runs = play(runs, down("run 7S JK JK 10S; run 3H 4H 5H 6H"))  # as many wilds as naturals
    assert runs.down[0]
    assert runs.hands[0] == cards("JK QD KS")


def test_M7_lay_offs_ignore_the_ratio() -> None:
    table = [meld(SET, "7S 7D JK", owner=0), meld(SET, "5C 5D 5H", owner=0)]
    state = draw(game(["JK JK 3H", *FILLER[:2]], stock="KS", table=table))
    state = play(state, LayOff(JK, 0, None), LayOff(JK, 0, None))
    assert Counter(state.table[0].cards) == Counter(parse_cards("7S 7D JK JK JK"))  # 2 naturals, 3 wilds
    assert state.hands[0] == cards("3H KS")


def test_M7_a_table_meld_beyond_the_ratio_is_a_position_that_arises() -> None:
    table = [meld(SET, "7S 7D JK JK JK", owner=0), meld(SET, "5C 5D 5H", owner=0)]
    state = game(["3H 6D", *FILLER[:2]], table=table, layoffs=[2, 0, 0])
    assert state.down[0]
    assert remi.GameState.from_json(state.to_json(), variant=MAYI) == state
    state = play(draw(state), Discard(C("3H")))
    assert state.table[0].cards.count(JK) == 3


def test_MX4_twos_laid_off_beyond_the_ratio_on_later_turns() -> None:
    """Wild 2s: ``7S 7D 2H`` goes down; later 2C and 2D are laid off by players who are down."""
    table = [meld(SET, "QC QD QH", owner=1), meld(SET, "4S 4D 4H", owner=1)]
    state = game(["7S 7D 2H 5C 5D 5H 2D 8C", "2C 3S 6H", FILLER[2]], stock="9H JS 10D 8S", table=table)
    state = draw(state)
    state = play(state, down("set 7S 7D 2H; set 5C 5D 5H"))
    sevens = where(state, "7S 7D 2H")
    assert refused(state, LayOff(C("2D"), sevens, None), clause="M10") is Reason.GO_DOWN_TURN
    state = play(state, Discard(C("8C")))
    state = play(draw(state), LayOff(C("2C"), sevens, None), Discard(C("3S")))  # seat 1 is down
    state = play(draw(state), Discard(C("3D")))
    state = play(draw(state), LayOff(C("2D"), sevens, None))
    assert Counter(state.table[sevens].cards) == Counter(parse_cards("7S 7D 2H 2C 2D"))  # 2 naturals, 3 wilds


# -- M8 / MX3: same-suit runs at least two ranks apart ---------------------------------------------


@pytest.mark.parametrize(
    ("runs", "legal"),
    [
        ("run 3S 4S 5S 6S; run 9S 10S JS QS", True),
        ("run 3S 4S 5S 6S; run 8S 9S 10S JS", False),  # one rank between
        ("run 3S 4S 5S 6S; run 7H 8H 9H 10H", True),  # two suits
    ],
)
def test_MX3_same_suit_runs_two_ranks_apart(runs: str, legal: bool) -> None:
    lay = down(runs)
    state = draw(game([" ".join(str(card) for card in lay.cards) + " KC", *FILLER[:2]], stock="KH", round=3))
    if legal:
        state = play(state, lay)
        assert state.down[0]
        assert state.hands[0] == cards("KC KH")
    else:
        assert refused(state, lay, clause="M8") is Reason.CONTRACT_CONSTRAINT
        assert not laydowns(state)


def test_MX3_the_wilds_count_as_the_cards_they_stand_for() -> None:
    """Wild 2s: ``3S 4S JK 6S`` and ``8S 2H 10S JS`` are 3–6 and 8–J of spades, one rank apart."""
    state = draw(game(["3S 4S JK 6S 8S 2H 10S JS KC", *FILLER[:2]], stock="KH", round=3))
    lay = down("run 3S 4S JK 6S; run 8S 2H 10S JS")
    assert refused(state, lay, clause="M8") is Reason.CONTRACT_CONSTRAINT
    assert not laydowns(state)


NO_SPADES = "3H 4D 5C 6H 7D 8C 9H 10D JC QH KD"


@pytest.mark.parametrize(
    ("runs", "legal"),
    [
        ("run 3S 4S 5S 6S; run JK 9S 10S JS", False),  # the joker is the 8S
        ("run 3S 4S 5S 6S; run 9S 10S JS JK", True),  # the joker is the QS
        ("run 3S 4S 5S JK; run 9S 10S JS QS", True),  # the joker is the 6S: 3-6 and 9-Q
        ("run 3S 4S 5S 6S JK; run 9S 10S JS QS", False),  # the joker is the 7S: 3-7 and 9-Q
        ("run 3S 4S 5S 6S; run 7S 8S 9S 10S", False),  # adjacent
        ("run 3S 4S 5S 6S; run 5S 6S 7S 8S", False),  # overlapping
        ("run 3S 4S 5S 6S 7S 8S; run JS QS KS AS", True),
    ],
)
def test_M8_same_suit_runs_overlapping_adjacent_or_one_apart_are_refused(runs: str, legal: bool) -> None:
    lay = down(runs)
    hand = " ".join(str(card) for card in lay.cards) + " KC"
    state = draw(game([hand, FILLER[0], NO_SPADES], stock="KH", round=3))
    if legal:
        state = play(state, lay)
        assert state.down[0]
    else:
        assert refused(state, lay, clause="M8") is Reason.CONTRACT_CONSTRAINT


def test_M8_in_hand_6_too() -> None:
    state = draw(game(["8C 8D 8H 3S 4S 5S 6S 8S 9S 10S JS", *FILLER[:2]], stock="QS", round=6))
    close = down("set 8C 8D 8H; run 3S 4S 5S 6S; run 8S 9S 10S JS QS")  # every card, one rank between
    assert refused(state, close, clause="M8") is Reason.CONTRACT_CONSTRAINT
    assert laydowns(state) == [down("set 8C 8D 8H 8S; run 3S 4S 5S 6S; run 9S 10S JS QS")]
    state = play(state, down("set 8C 8D 8H 8S; run 3S 4S 5S 6S; run 9S 10S JS QS"))
    assert state.is_over
    assert state.last_deal is not None and state.last_deal.winner == 0


# -- M9 / MX9: players who are down draw from the stock only ---------------------------------------

HAND_1_DOWN = (meld(SET, "QC QD QH", owner=0), meld(SET, "8S 8D 8H", owner=0))


def test_MX9_a_player_who_is_down_draws_from_the_stock_only() -> None:
    state = game(["5S 6H", *FILLER[:2]], stock="KS", table=HAND_1_DOWN, discard="9C 5H")
    assert state.down[0]
    assert refused(state, TakeDiscard(), clause="M9") is Reason.DOWN_DRAWS_FROM_STOCK
    assert list(state.legal_actions()) == [DrawStock()]
    state = play(state, DrawStock())
    assert state.hands[0] == cards("5S 6H KS")
    assert state.discard_pile[-1] == C("5H")


def test_M9_a_player_not_down_may_take_the_exposed_discard_as_the_draw() -> None:
    state = game(["5S 6H", "3S 7C 9C", FILLER[2]], stock="KS", discard="9C 5H", table=HAND_1_DOWN)
    state = play(draw(state), Discard(C("5S")))  # seat 0, down, goes on; seat 1 is not
    assert state.to_act == 1 and not state.down[1]
    assert set(state.legal_actions()) == {DrawStock(), TakeDiscard()}
    hand, stock = state.hands[1], state.stock
    state = play(state, TakeDiscard())
    assert state.hands[1] == sorted_hand(hand, (C("5S"),))
    assert state.stock == stock
    assert state.phase is Phase.PLAY


def test_M9_a_turn_is_draw_then_play_then_discard() -> None:
    state = game(["5C 5D 5H KS KH KD 3C", *FILLER[:2]], stock="QS")
    assert refused(state, Discard(C("3C"))) is Reason.WRONG_PHASE
    assert refused(state, down("set 5C 5D 5H; set KS KH KD")) is Reason.WRONG_PHASE
    state = play(draw(state), down("set 5C 5D 5H; set KS KH KD"), Discard(C("3C")))
    assert state.on_turn == state.to_act == 1
    assert state.phase is Phase.DRAW


# -- M10 / MX5: no lay-off on the go-down turn -----------------------------------------------------


def test_MX5_no_lay_off_on_the_go_down_turn_legal_on_the_next() -> None:
    state = draw(game(["9C 9D 9H KC KD KH 9S", *FILLER[:2]], stock="AH QS JS 10S"))
    assert state.hands[0] == cards("9C 9D 9H KC KD KH 9S AH")
    state = play(state, down("set 9C 9D 9H; set KC KD KH"))
    nines = where(state, "9C 9D 9H")
    assert refused(state, LayOff(C("9S"), nines, None), clause="M10") is Reason.GO_DOWN_TURN
    assert not any(isinstance(action, LayOff) for action in state.legal_actions())
    state = play(state, Discard(C("AH")))
    state = play(draw(state), Discard(C("3S")))  # seat 1 draws the QS
    state = play(draw(state), Discard(C("3H")))  # seat 2 draws the JS
    state = draw(state)  # seat 0 draws the 10S
    assert state.hands[0] == cards("9S 10S")
    state = play(state, LayOff(C("9S"), nines, None))
    assert Counter(state.table[nines].cards) == Counter(parse_cards("9C 9D 9H 9S"))
    hands = state.hands
    state = play(state, Discard(C("10S")))  # out by a discard
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, MAYI.hand_points(hands[1]), MAYI.hand_points(hands[2]))


def test_MX5_going_down_with_every_card_goes_out_with_no_discard() -> None:
    state = draw(game(["9C 9D 9H KC KD KH", *FILLER[:2]], stock="9S"))
    lay = down("set 9C 9D 9H 9S; set KC KD KH")
    state = play(state, lay)
    assert state.history[-1] == lay  # no discard followed
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, FILLER_POINTS, FILLER_POINTS)
    assert state.deal == 2 and state.round == 2


def test_MX5_three_sets_are_not_the_contract() -> None:
    state = draw(game(["9C 9D 9H KC KD KH 5S 5H", *FILLER[:2]], stock="5D"))
    three = down("set 9C 9D 9H; set KC KD KH; set 5S 5H 5D")
    assert refused(state, three, clause="M3") is Reason.CONTRACT_NOT_MET
    assert all(len(action.melds) == 2 for action in laydowns(state))


def test_M10_from_the_next_turn_onto_any_meld() -> None:
    table = [*HAND_1_DOWN, meld(SET, "5C 5D 5H", owner=1), meld(SET, "JC JD JH", owner=1)]
    state = draw(game(["QS 5S 3D", "6C 7D", FILLER[2]], stock="KS", table=table))
    own, other = where(state, "QC QD QH"), where(state, "5C 5D 5H")
    state = play(state, LayOff(C("QS"), own, None), LayOff(C("5S"), other, None))
    assert Counter(state.table[other].cards) == Counter(parse_cards("5C 5D 5H 5S"))
    assert state.hands[0] == cards("3D KS")
    assert state.layoffs == (2, 0, 0)


# -- M11 / MX6: joker swaps, by a player not yet down ----------------------------------------------

#: Hand 2 (a set and a run): seat 1 is down with a joker in its set and in its run.
MX6_TABLE = (meld(SET, "9C 9D JK", owner=1), meld(RUN, "5S JK 7S 8S", owner=1))


def _mx6(hand: str = "6S 9H 2C 10D 3H", stock: str = "QS") -> GameState:
    state = draw(game([hand, "3C 4S 6D", FILLER[2]], stock=stock, table=MX6_TABLE, round=2))
    assert state.down == (False, True, False)
    return state


def test_MX6_a_player_not_yet_down_swaps_the_joker_out_of_a_run() -> None:
    before = game(["6S 9H 2C 10D 3H", "3C 4S 6D", FILLER[2]], stock="QS", table=MX6_TABLE, round=2)
    assert refused(before, SwapJoker(1, parse_cards("6S"))) is Reason.WRONG_PHASE  # draw first
    state = _mx6()
    state = play(state, SwapJoker(1, parse_cards("6S")))
    assert state.table[1].cards == parse_cards("5S 6S 7S 8S")
    assert state.table[1].owner == 1
    assert state.hands[0] == cards("JK 9H 2C 10D 3H QS")


def test_MX6_a_player_who_is_down_may_not_swap() -> None:
    table = [*MX6_TABLE, meld(SET, "QC QD QS", owner=2), meld(RUN, "10H JH QH KH", owner=2)]
    state = draw(game([FILLER[0], "3C 4S 6D", "6S 9H 4D"], stock="QS", table=table, round=2, dealer=1))
    assert state.on_turn == 2 and state.down[2]
    assert refused(state, SwapJoker(1, parse_cards("6S")), clause="M11") is Reason.DOWN_MAY_NOT_SWAP
    assert not any(isinstance(action, SwapJoker) for action in state.legal_actions())
    assert refused(state, SwapJoker(0, parse_cards("9H")), clause="M11") is Reason.DOWN_MAY_NOT_SWAP


def test_MX6_never_out_of_a_set() -> None:
    state = _mx6()
    assert refused(state, SwapJoker(0, parse_cards("9H")), clause="M11") is Reason.SWAP_NOT_ALLOWED


def test_MX6_a_two_is_never_the_replacement() -> None:
    state = _mx6()
    assert refused(state, SwapJoker(1, parse_cards("2C"))) is Reason.BAD_SWAP
    assert [action for action in state.legal_actions() if isinstance(action, SwapJoker)] == [
        SwapJoker(1, parse_cards("6S"))
    ]


def test_MX6_a_wild_two_is_never_swapped_out() -> None:
    """Wild 2s: ``5S 2C 7S 8S`` holds no joker, and the 2 stays."""
    table = (meld(SET, "9C 9D JK", owner=1), meld(RUN, "5S 2C 7S 8S", owner=1))
    state = draw(game(["6S 9H 10D 3H", "3C 4S 6D", FILLER[2]], stock="QS", table=table, round=2))
    assert refused(state, SwapJoker(1, parse_cards("6S"))) is Reason.BAD_SWAP
    assert not any(isinstance(action, SwapJoker) for action in state.legal_actions())


def test_M11_the_joker_joins_the_hand_and_may_go_down_the_same_turn_then_no_more_swaps() -> None:
    state = _mx6(hand="6S 9H 9S 10D JD QD 3H", stock="KD")
    state = play(state, SwapJoker(1, parse_cards("6S")))
    state = play(state, down("set 9H 9S JK; run 10D JD QD KD"))
    assert state.down[0]
    assert state.hands[0] == cards("3H")
    assert refused(state, SwapJoker(0, parse_cards("9H")), clause="M11") is Reason.DOWN_MAY_NOT_SWAP
    state = play(state, Discard(C("3H")))
    assert state.last_deal is not None and state.last_deal.winner == 0


# -- M12: going out in hands 1-5 -------------------------------------------------------------------


def test_M12_the_last_card_may_leave_by_a_lay_off() -> None:
    state = draw(game(["QS", *FILLER[:2]], stock="8C", table=HAND_1_DOWN))
    state = play(state, LayOff(C("QS"), 0, None))
    last = LayOff(C("8C"), 1, None)
    state = play(state, last)
    assert state.history[-1] == last  # no discard followed
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, FILLER_POINTS, FILLER_POINTS)


def test_M12_the_last_card_may_leave_by_a_discard() -> None:
    state = draw(game(["QS", *FILLER[:2]], stock="6H", table=HAND_1_DOWN))
    state = play(state, LayOff(C("QS"), 0, None), Discard(C("6H")))
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.deal == 2


@pytest.mark.parametrize("round_", [1, 2, 3, 4, 5])
def test_M12_hands_1_to_5_may_go_out_without_a_discard(round_: int) -> None:
    assert MAYI.contracts.going_out[round_ - 1] is remi.GoingOut.DISCARD_OPTIONAL


# -- M13 / MX7: hand 6 is all-in -------------------------------------------------------------------

MX7_HAND = "8S 8D 8C 8H 4H 5H 6H 7H 9D 10D JD"  # and the QD drawn


def test_MX7_a_set_and_two_runs_every_card_out_with_no_discard() -> None:
    state = draw(game([MX7_HAND, *FILLER[:2]], stock="QD", round=6))
    assert len(state.hands[0]) == 12
    lay = down("set 8S 8D 8C 8H; run 4H 5H 6H 7H; run 9D 10D JD QD")
    state = play(state, lay)
    assert state.history[-1] == lay
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, FILLER_POINTS, FILLER_POINTS)
    assert state.is_over  # hand 6 was the last


def test_MX7_with_KC_for_8C_the_player_may_not_go_down() -> None:
    state = draw(game([MX7_HAND.replace("8C", "KC"), *FILLER[:2]], stock="QD", round=6))
    assert not laydowns(state)
    partial = down("set 8S 8D 8H; run 4H 5H 6H 7H; run 9D 10D JD QD")
    assert refused(state, partial, clause="M13") is Reason.ALL_IN


def test_M13_the_whole_hand_goes_down_leaving_nothing() -> None:
    state = draw(game([MX7_HAND, *FILLER[:2]], stock="QD", round=6))
    partial = down("set 8S 8D 8C; run 4H 5H 6H 7H; run 9D 10D JD QD")  # the 8H left over
    assert refused(state, partial, clause="M13") is Reason.ALL_IN
    assert laydowns(state)
    assert all(len(action.cards) == 12 for action in laydowns(state))


def test_M13_claimed_cards_go_down_too() -> None:
    hand = "8S 8D 8C 3H 4H 5H 6H 9D 10D JD QD"
    state = game([hand, FILLER[0], FILLER[1]], stock="5C KD 9C AD", discard="7H", round=6, dealer=0)
    state = play(state, DrawStock())  # seat 1 draws the 5C; seats 2 and 0 are in line for the 7H
    assert state.on_turn == 1 and state.buy_queue == (2, 0)
    state = play(state, Pass(), Buy())  # seat 0 takes the 7H and the KD
    assert len(state.hands[0]) == 13
    state = play(state, Discard(C("3S")))
    state = play(draw(state), Discard(C("3H")))  # seat 2 draws the 9C
    state = draw(state)  # seat 0 draws the AD
    assert state.hands[0] == cards("8S 8D 8C 3H 4H 5H 6H 7H 9D 10D JD QD KD AD")
    partial = down("set 8S 8D 8C; run 3H 4H 5H 6H 7H; run 9D 10D JD QD KD")
    assert refused(state, partial, clause="M13") is Reason.ALL_IN
    state = play(state, down("set 8S 8D 8C; run 3H 4H 5H 6H 7H; run 9D 10D JD QD KD AD"))
    assert state.is_over
    assert state.last_deal is not None and state.last_deal.winner == 0


def test_M13_nobody_is_down_before_so_no_lay_offs_no_swaps_and_everyone_may_call() -> None:
    with pytest.raises(remi.RemiError) as info:
        game([MX7_HAND, *FILLER[:2]], round=6, table=[meld(RUN, "5S JK 7S 8S", owner=1)])
    assert info.value.reason is Reason.BAD_POSITION
    state = draw(game([MX7_HAND, *FILLER[:2]], stock="KS", round=6))
    assert not any(isinstance(action, (LayOff, SwapJoker)) for action in state.legal_actions())
    assert refused(state, LayOff(C("8S"), 0, None)) is Reason.NO_SUCH_MELD
    assert refused(state, SwapJoker(0, parse_cards("8S"))) is Reason.NO_SUCH_MELD
    state = play(state, Discard(C("KS")))
    assert set(state.legal_actions()) == {DrawStock(), TakeDiscard()}  # seat 1 may take the KS
    state = play(state, DrawStock())
    assert state.buy_queue == (2,)  # everyone but the discarder and the player on turn


# -- M14 / MX8: "May I?" ---------------------------------------------------------------------------

FOUR = (
    "QS 3S 4H 5D 6C 7S 8H 9D 10C JS KD",
    FILLER[1],
    FILLER[2],
    "3C 4S 5H 6D 7C 8S 9H 10D JC QH KS",
)
MX8_STOCK = "JH 8C 4D 6S 10S 3H QD"


def _mx8() -> GameState:
    """MX8: seats 0-3, nobody down; seat 0 has just discarded the QS and seat 1 is about to draw."""
    state = game(FOUR, stock=MX8_STOCK, dealer=3)
    state = play(draw(state), Discard(C("QS")))  # seat 0 drew the JH
    assert state.on_turn == state.to_act == 1
    assert state.phase is Phase.DRAW
    assert state.discarder == 0
    assert state.discard_pile[-1] == C("QS")
    assert state.stock[:2] == parse_cards("8C 4D")
    return state


def test_MX8_before_its_draw_seat_1_is_first_in_line_and_takes_the_QS_free() -> None:
    state = _mx8()
    assert set(state.legal_actions()) == {DrawStock(), TakeDiscard()}
    assert refused(state, Buy()) is Reason.CANNOT_BUY  # seat 1 decides first
    assert refused(state, Buy(), seat=3) is Reason.NOT_YOUR_TURN
    stock, hand = state.stock, state.hands[1]
    state = play(state, TakeDiscard())
    assert state.hands[1] == sorted_hand(hand, (C("QS"),))  # as its draw: exactly one card more
    assert state.stock == stock
    assert state.phase is Phase.PLAY
    assert state.buy_queue == ()
    for seat in (0, 2, 3):
        assert refused(state, Buy(), seat=seat) is Reason.NOT_YOUR_TURN
    assert not any(isinstance(action, (Buy, Pass)) for action in state.legal_actions())


def test_MX8_seat_1_draws_seat_2_is_asked_first_and_takes_the_QS_and_a_stock_card() -> None:
    state = play(_mx8(), DrawStock())
    assert state.hands[1] == sorted_hand(parse_cards(FILLER[1]), parse_cards("8C"))  # seat 1 drew first
    assert state.phase is Phase.BUY
    assert state.on_turn == 1 and state.to_act == 2
    assert state.buy_queue == (2, 3)  # in turn order; seat 0 discarded it
    assert set(state.legal_actions()) == {Buy(), Pass()}
    hands, pile = state.hands, state.discard_pile
    state = play(state, Buy())
    assert state.hands[2] == sorted_hand(hands[2], parse_cards("QS 4D"))  # the QS and the top stock card
    assert state.hands[3] == hands[3]  # seat 3 is not asked any more
    assert state.discard_pile == pile[:-1]
    assert state.stock[0] == C("6S")
    assert state.buys == (0, 0, 1, 0)
    assert state.phase is Phase.PLAY
    assert state.on_turn == state.to_act == 1
    state = play(state, Discard(C("3H")))  # seat 1 goes on; the caller never discards for its call
    assert len(state.hands[2]) == 13
    assert state.on_turn == state.to_act == 2
    assert state.phase is Phase.DRAW


def test_MX8_seat_2_passes_and_seat_3_takes_it() -> None:
    state = play(_mx8(), DrawStock())
    hands = state.hands
    state = play(state, Pass())
    assert state.to_act == 3
    assert state.buy_queue == (3,)
    assert refused(state, Buy(), seat=2) is Reason.NOT_YOUR_TURN  # it passed
    state = play(state, Buy())
    assert state.hands[3] == sorted_hand(hands[3], parse_cards("QS 4D"))
    assert state.hands[2] == hands[2]
    assert state.buys == (0, 0, 0, 1)
    assert state.to_act == 1


def test_MX8_seat_0_may_not_call() -> None:
    state = play(_mx8(), DrawStock())
    assert 0 not in state.buy_queue
    assert refused(state, Buy(), seat=0, clause="M14") is Reason.DISCARDER_MAY_NOT_BUY
    assert refused(state, Buy(), seat=1) is Reason.ON_TURN_MAY_NOT_BUY
    assert refused(state, Buy(), seat=3) is Reason.NOT_YOUR_TURN  # seat 2 is ahead in line


def test_M14_nobody_calls_and_the_next_discard_covers_the_card() -> None:
    state = passes(play(_mx8(), DrawStock()))
    assert state.discard_pile[-1] == C("QS")
    assert state.buys == (0, 0, 0, 0)
    assert state.phase is Phase.PLAY and state.to_act == 1
    state = play(state, Discard(C("3H")))
    assert state.discard_pile[-2:] == parse_cards("QS 3H")
    state = play(state, DrawStock())
    assert state.buy_queue == (3, 0)  # only the 3H is exposed now


def test_M14_the_upcard_may_be_called_by_anyone_but_the_player_on_turn() -> None:
    state = game(FOUR, stock=MX8_STOCK, dealer=3)
    assert state.discarder is None
    state = play(state, DrawStock())
    assert state.buy_queue == (1, 2, 3)
    state = play(state, Pass(), Pass(), Buy())
    assert state.hands[3] == sorted_hand(parse_cards(FOUR[3]), parse_cards("4C 8C"))
    assert state.hands[0] == sorted_hand(parse_cards(FOUR[0]), parse_cards("JH"))


def test_M14_players_who_are_down_are_not_in_line() -> None:
    table = [meld(SET, "5C 5D 5H", owner=1), meld(SET, "JC JD JH", owner=1)]
    state = game([FILLER[0], "6C 7D", FILLER[2]], stock="KS 8C 9H", table=table)
    assert state.down[1]
    state = play(state, DrawStock())
    assert state.buy_queue == (2,)
    assert refused(state, Buy(), seat=1, clause="M14") is Reason.DOWN_MAY_NOT_BUY
    state = play(state, Pass(), Discard(C("3S")))
    state = play(state, DrawStock())  # seat 1, down, draws from the stock; seat 2 is in line for the 3S
    assert state.buy_queue == (2,)
    state = play(state, Pass(), Discard(C("6C")))
    state = play(state, DrawStock())  # seat 2 on turn: seat 0 is in line, seat 1 discarded and is down
    assert state.buy_queue == (0,)


def test_M14_no_limit_on_calls() -> None:
    state = game(list(FILLER), dealer=2)
    for _ in range(12):
        state = play(state, DrawStock())
        while state.phase is Phase.BUY:
            state = play(state, Buy() if state.to_act == 1 else Pass())
        state = play(state, Discard(state.hands[state.on_turn][0]))
    assert state.deal == 1
    assert state.buys == (0, 4, 0)  # seat 1 is in line on seat 0's turns
    assert len(state.hands[1]) == 11 + 2 * 4


# -- M15: the stock is rebuilt without limit -------------------------------------------------------


def test_M15_the_stock_is_rebuilt_when_its_last_card_is_taken_keeping_the_exposed_discard() -> None:
    hands = ["3S 4H", "3H 4D"]
    rest = leftovers(3, *hands, "KD", "6H 7H 4S 9C")
    state = game([*hands, rest], stock="KD", discard="6H 7H 4S 9C")
    state = play(state, DrawStock())  # seat 0 takes the last stock card; the 9C is exposed
    assert state.hands[0] == cards("3S 4H KD")
    assert state.rebuilds == 1
    assert Counter(state.stock) == Counter(parse_cards("6H 7H 4S"))
    assert state.discard_pile == (C("9C"),)
    state = play(passes(state), Discard(C("3S")))
    state = play(state, DrawStock())  # seat 1 draws from the rebuilt stock; the 9C stays under the 3S
    assert state.discard_pile == parse_cards("9C 3S")
    assert len(state.stock) == 2
    assert state.rebuilds == 1


def test_M15_the_stock_is_rebuilt_without_limit() -> None:
    hands = ["3S 4H", "3H 4D"]
    rest = leftovers(3, *hands, "KD", "6H 7H 4S 9C")
    state = game([*hands, rest], stock="KD", discard="6H 7H 4S 9C")
    rebuilds_seen = set()
    for _ in range(600):
        if state.phase is Phase.PLAY:  # seat 2's huge hand: apply without listing
            state = state.apply(Discard(state.hands[state.on_turn][0]))
        elif state.phase is Phase.BUY:
            state = state.apply(Pass())
        else:
            state = state.apply(DrawStock())
        rebuilds_seen.add(state.rebuilds)
        assert sum(card_multiset(state).values()) == 108
        if state.rebuilds == 5:
            break
    assert rebuilds_seen >= {1, 2, 3, 4, 5}  # beyond the two of Norwegian Remi
    assert state.deal == 1
    assert state.last_deal is None
    assert_invariants(state)


def test_M15_the_turn_limit_still_ends_a_hand_that_never_finishes() -> None:
    """[reading] ``match.turn_limit`` (1000 turns) ends a deal with no winner, scored like an exhausted stock."""
    assert MAYI.match.stock_rebuilds is None
    assert MAYI.match.turn_limit == 1000
    state = remi.new_game(MAYI, players=3, seed=5)
    discards = 0
    while state.deal == 1:
        if state.phase is Phase.DRAW:
            state = state.apply(DrawStock())
        elif state.phase is Phase.BUY:
            state = state.apply(Pass())
        else:
            state = state.apply(Discard(state.hands[state.on_turn][-1]))
            discards += 1
    assert discards == 1000
    assert state.last_deal is not None
    assert state.last_deal.winner is None and state.last_deal.exhausted
    assert state.last_deal.scores == tuple(MAYI.hand_points(hand) for hand in state.last_deal.hands)


# -- M16 / MX10: scoring ---------------------------------------------------------------------------


def test_MX10_hands_left_score_78_40_and_150() -> None:
    assert points("3H JD AS JK") == 78
    assert points("2H 2C") == 40
    assert points("JK JK JK") == 150


def test_M16_the_player_out_scores_0_and_the_others_what_they_hold() -> None:
    state = draw(game(["QS", "3H JD AS JK", "2H 2C"], stock="8C", table=HAND_1_DOWN))
    state = play(state, LayOff(C("QS"), 0, None), LayOff(C("8C"), 1, None))
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, 78, 40)
    assert state.scores == (0, 78, 40)


def _final_hand(scores: Sequence[int], hand1: str, hand2: str) -> GameState:
    state = draw(game([MX7_HAND, hand1, hand2], stock="QD", round=6, scores=scores))
    assert not state.is_over and state.winners == ()
    return play(state, down("set 8S 8D 8C 8H; run 4H 5H 6H 7H; run 9D 10D JD QD"))


def test_M16_after_six_hands_the_lowest_total_wins() -> None:
    state = _final_hand([100, 0, 0], "2C", "3C 4S")
    RULES.match_over(state, scores=(100, 20, 7), winners=(2,))


def test_M16_ties_are_shared() -> None:
    state = _final_hand([70, 30, 40], "2C 5C 5S", "KC 10C")
    RULES.match_over(state, scores=(70, 60, 60), winners=(1, 2))
