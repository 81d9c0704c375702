"""Rule scenarios for Liverpool Rummy: each test names the clause (L…, LX…) it checks.

Positions are built exactly with ``remi.new_game(hands=..., stock=..., discard_pile=..., table=...)``
and played forward with actions; the verdicts are the ones the rules state. Every refusal is checked
three ways (``apply``/``check``, ``is_legal``, the listing) and must cite a Liverpool clause, never
another variant's. The house configuration ``liverpool-project`` is checked where it differs.

Mechanics this variant shares with others (the deck, dealing, contracts, going down, the taken
discard, lay-offs before going down, ...) are checked for all of them in ``test_common_mechanics.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

import remi
from remi import End, GameState, MeldKind, Phase, Reason, TableMeld, parse_cards
from remi.actions import Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.melds import run_cards
from remi.testing import assert_invariants, card_multiset
from scenario import FILLERS, RULEBOOKS, C, cards, down, meld, sorted_hand, where

LIVERPOOL = remi.variants.get("liverpool")
PROJECT = remi.variants.get("liverpool-project")
SET, RUN = MeldKind.SET, MeldKind.RUN
JK = remi.JOKER

#: Hands that meld nothing and share no card with each other (two packs hold each natural twice).
FILLER = FILLERS["liverpool"]

RULES = RULEBOOKS["liverpool"]
game, leftovers, play, refused = RULES.game, RULES.leftovers, RULES.play, RULES.refused
passes, draw, points = RULES.passes, RULES.draw, RULES.points


# -- L1 / LX8: the deck by the number of players -----------------------------------------------------


def test_LX8_four_players_deal_1_and_five_players_deal_5() -> None:
    four = remi.new_game(LIVERPOOL, players=4, seed=8)
    assert sum(card_multiset(four).values()) == 108
    assert [len(hand) for hand in four.hands] == [10] * 4  # 40 dealt
    assert len(four.discard_pile) == 1  # the upcard
    assert len(four.stock) == 67
    five = remi.new_game(LIVERPOOL, players=5, seed=8, round=5)
    assert sum(card_multiset(five).values()) == 162
    assert [len(hand) for hand in five.hands] == [12] * 5  # 60 dealt
    assert len(five.discard_pile) == 1
    assert len(five.stock) == 101
    assert_invariants(four)
    assert_invariants(five)


# L1's deck and player counts, L2 (seven contracts, minimum sizes, whole and in one turn), L3's dealing and
# first dealer, L4's aces, the meld verdicts of LX1 and LX2, L6's taken discard, L8's lay-off before going
# down, L12's card values and match, and L13's rebuilt stock are checked with the other variants' in
# test_common_mechanics.py.


# -- L3: dealing -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("round_", "size"), [(1, 10), (2, 10), (3, 10), (4, 10), (5, 12), (6, 12), (7, 12)])
def test_L3_ten_cards_in_deals_1_to_4_and_twelve_in_5_to_7(round_: int, size: int) -> None:
    state = remi.new_game(LIVERPOOL, players=4, seed=6, round=round_)
    assert [len(hand) for hand in state.hands] == [size] * 4
    assert len(state.stock) == 108 - 4 * size - 1
    assert_invariants(state)


def test_L3_the_dealer_moves_on_and_deal_5_deals_twelve() -> None:
    table = [meld(SET, "6C 6H 6C", owner=0), meld(SET, "9C 9D 9H", owner=0), meld(SET, "QC QD QH", owner=0)]
    state = game(["6S", *FILLER[:2]], stock="KD", round=4, table=table)
    assert state.dealer == 2
    state = play(draw(state), LayOff(C("6S"), 0, None), Discard(C("KD")))
    assert state.last_deal is not None and state.last_deal.winner == 0
    assert state.deal == 2
    assert state.round == 5
    assert state.dealer == 0
    assert state.on_turn == state.to_act == 1
    assert [len(hand) for hand in state.hands] == [12, 12, 12]
    assert state.table == ()
    assert state.contract(1).name == "3-3-4"


# -- L4: sets and runs -----------------------------------------------------------------------------


def test_L4_set_suits_may_repeat_and_a_set_has_no_upper_size() -> None:
    state = draw(game(["7S 7S 7H KS KH KD KC KC 3D 9H", FILLER[1], FILLER[2]], stock="2D"))
    state = play(state, down("set 7S 7S 7H; set KS KH KD KC KC"))
    assert state.down[0]
    assert sorted(len(m.cards) for m in state.table) == [3, 5]
    assert state.hands[0] == cards("3D 9H 2D")


def test_L4_a_run_is_four_or_more_of_one_suit() -> None:
    state = draw(game(["5C 5D 5H 6S 7S 8S 9H 3D KC 2H", *FILLER[:2]], stock="JD", round=2))
    assert refused(state, down("set 5C 5D 5H; run 6S 7S 8S")) is Reason.INVALID_MELD
    assert refused(state, down("set 5C 5D 5H; run 6S 7S 8S 9H")) is Reason.INVALID_MELD


# -- L5 / LX1 / LX2: jokers ------------------------------------------------------------------------


def test_L5_jokers_are_wild_with_no_cap() -> None:
    state = draw(game(["QS JK JK 7S 7H JK 4D 9C 2H 3S", *FILLER[:2]], stock="KD"))
    state = play(state, down("set QS JK JK; set 7S 7H JK"))  # more jokers than naturals
    assert state.down[0]
    assert state.hands[0] == cards("4D 9C 2H 3S KD")

    runs = draw(game(["7S JK JK JK 2H 3H 4H 5H 9C QD", *FILLER[:2]], stock="KD", round=3))
    runs = play(runs, down("run 7S JK JK JK; run 2H 3H 4H 5H"))
    assert runs.down[0]
    joker_run = where(runs, "7S JK JK JK")
    assert run_cards(LIVERPOOL.melds, runs.table[joker_run].cards) == parse_cards("7S 8S 9S 10S")


def test_L5_a_joker_may_be_laid_off_beyond_any_cap() -> None:
    table = [meld(SET, "QS JK JK", owner=0), meld(SET, "5C 5D 5H", owner=0)]
    state = draw(game(["JK 2C 3D", *FILLER[:2]], stock="KD", table=table))
    state = play(state, LayOff(JK, 0, None))
    assert Counter(state.table[0].cards) == Counter(parse_cards("QS JK JK JK"))


def test_L5_every_meld_keeps_a_natural() -> None:
    state = draw(game(["JK JK JK 7S 7H 7D 4D 9C 2H 3S", *FILLER[:2]], stock="KD"))
    assert refused(state, down("set JK JK JK; set 7S 7H 7D")) is Reason.INVALID_MELD

    runs = draw(game(["JK JK JK JK 2H 3H 4H 5H 9C QD", *FILLER[:2]], stock="KD", round=3))
    assert refused(runs, down("run JK JK JK JK; run 2H 3H 4H 5H")) is Reason.INVALID_MELD


# -- L6 / LX5: buying before the draw --------------------------------------------------------------

FOUR = (
    "9C 2S 3S 9D KH 4H 6D JC QS 8S",
    "2H 3D 5C 9S 10H JD QC KS AH 6C",
    "5S 7D 8D 9H 10C JS QH KD AC 6H",
    "4S 10D AD 3C 7S 2D 7H KC 5D 8H",
)
LX5_STOCK = "JH 8C 4D 6S 10S 3H QD"


def _lx5() -> GameState:
    """LX5: seats 0-3, nobody down; seat 0 has just discarded 9C and seat 1 is about to draw."""
    state = game(FOUR, stock=LX5_STOCK, discard="2C", dealer=3)
    state = play(draw(state), Discard(C("9C")))  # seat 0 drew the JH
    assert state.on_turn == state.to_act == 1
    assert state.phase is Phase.DRAW
    assert state.discarder == 0
    assert state.discard_pile[-1] == C("9C")
    assert state.stock[:2] == parse_cards("8C 4D")
    return state


def test_L6_buying_happens_before_the_on_turn_draw() -> None:
    state = _lx5()
    assert refused(state, Buy()) is Reason.CANNOT_BUY  # seat 1 decides first: take it or let it go
    assert refused(state, Buy(), seat=2) is Reason.NOT_YOUR_TURN
    assert set(state.legal_actions()) == {DrawStock(), TakeDiscard()}
    hand, stock = state.hands[1], state.stock
    asked = play(state, DrawStock())  # seat 1 lets the 9C go
    assert asked.phase is Phase.BUY
    assert asked.on_turn == 1
    assert asked.to_act == 2
    assert asked.buy_queue == (2, 3)  # nearest after the player on turn first; seat 0 discarded it
    assert asked.hands[1] == hand  # seat 1 has not drawn yet
    assert asked.stock == stock
    assert set(asked.legal_actions()) == {Buy(), Pass()}
    assert refused(asked, Discard(C("2H")), seat=1) is Reason.NOT_YOUR_TURN


def test_LX5_seat_2_buys_then_seat_1_draws_the_next_stock_card() -> None:
    state = play(_lx5(), DrawStock())
    pile, stock, hands = state.discard_pile, state.stock, state.hands
    state = play(state, Buy())
    assert state.hands[2] == sorted_hand(hands[2], (C("9C"), stock[0]))  # the 9C and the top stock card
    assert state.hands[1] == sorted_hand(hands[1], (stock[1],))  # then seat 1 draws the next one
    assert state.hands[3] == hands[3]  # seat 3 is not asked any more
    assert state.stock == stock[2:]
    assert state.discard_pile == pile[:-1]
    assert state.buys == (0, 0, 1, 0)
    assert state.phase is Phase.PLAY
    assert state.on_turn == state.to_act == 1
    assert state.buy_queue == ()
    state = play(state, Discard(C("2H")))  # seat 1 discards; the buyer never discards for its buy
    assert len(state.hands[2]) == 12
    assert state.on_turn == state.to_act == 2
    assert state.phase is Phase.DRAW


def test_LX5_seat_2_passes_and_seat_3_buys() -> None:
    state = play(_lx5(), DrawStock())
    stock, hands = state.stock, state.hands
    state = play(state, Pass())
    assert state.to_act == 3
    assert state.buy_queue == (3,)
    assert refused(state, Buy(), seat=2) is Reason.NOT_YOUR_TURN  # it passed
    state = play(state, Buy())
    assert state.hands[3] == sorted_hand(hands[3], (C("9C"), stock[0]))
    assert state.hands[1] == sorted_hand(hands[1], (stock[1],))
    assert state.hands[2] == hands[2]
    assert state.buys == (0, 0, 0, 1)
    assert state.to_act == 1


def test_LX5_nobody_buys_and_seat_1_draws_the_top_stock_card() -> None:
    state = play(_lx5(), DrawStock())
    stock, hands = state.stock, state.hands
    state = passes(state)
    assert state.hands[1] == sorted_hand(hands[1], (stock[0],))
    assert state.stock == stock[1:]
    assert state.discard_pile[-1] == C("9C")
    assert state.buys == (0, 0, 0, 0)
    assert state.phase is Phase.PLAY
    assert state.to_act == 1


def test_LX5_taking_the_discard_refuses_every_buyer() -> None:
    state = _lx5()
    stock, hand = state.stock, state.hands[1]
    state = play(state, TakeDiscard())
    assert state.hands[1] == sorted_hand(hand, (C("9C"),))  # free: exactly one card more
    assert state.stock == stock
    assert state.phase is Phase.PLAY
    assert state.buy_queue == ()
    assert refused(state, Buy()) is Reason.CANNOT_BUY
    for seat in (0, 2, 3):
        assert refused(state, Buy(), seat=seat) is Reason.NOT_YOUR_TURN
    assert not any(isinstance(action, (Buy, Pass)) for action in state.legal_actions())


def test_LX5_the_discarder_may_not_ask() -> None:
    state = play(_lx5(), DrawStock())
    assert 0 not in state.buy_queue
    assert refused(state, Buy(), seat=0, clause="L7") is Reason.DISCARDER_MAY_NOT_BUY
    assert refused(state, Buy(), seat=1) is Reason.ON_TURN_MAY_NOT_BUY
    assert refused(state, Buy(), seat=3) is Reason.NOT_YOUR_TURN  # waiting behind seat 2


def test_L6_the_order_is_clockwise_from_the_player_on_turn_and_wraps() -> None:
    state = game(FOUR, stock=LX5_STOCK, discard="2C", dealer=1)
    assert state.on_turn == 2
    state = play(draw(state), Discard(C("9H")))
    assert state.on_turn == 3
    state = play(state, DrawStock())
    assert state.buy_queue == (0, 1)  # seat 2 discarded the 9H
    state = play(state, Pass(), Buy())
    assert C("9H") in state.hands[1]
    assert state.buys == (0, 1, 0, 0)


def test_L6_the_upcard_may_be_bought_by_anyone() -> None:
    state = game(FOUR, stock=LX5_STOCK, discard="2C", dealer=3)
    assert state.discarder is None
    state = play(state, DrawStock())
    assert state.buy_queue == (1, 2, 3)
    hand = state.hands[0]
    state = play(state, Pass(), Pass(), Buy())
    assert state.hands[3] == sorted_hand(parse_cards(FOUR[3]), parse_cards("2C JH"))
    assert state.hands[0] == sorted_hand(hand, parse_cards("8C"))


# -- L7: who may buy, and how often ----------------------------------------------------------------

SEAT0_DOWN = (meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0))


def _turn(state: GameState, buyer: int | None) -> GameState:
    """The player on turn draws from the stock, ``buyer`` buys if asked (those before it pass), and the
    player on turn discards (seat 0 keeps a 5S and an 8S to lay off)."""
    state = play(state, DrawStock())
    while state.phase is Phase.BUY:
        state = play(state, Buy() if state.to_act == buyer else Pass())
    rest = list(state.hands[state.on_turn])
    if state.on_turn == 0:
        rest.remove(C("5S"))
        rest.remove(C("8S"))
    return play(state, Discard(rest[0]))


def _buys_in_one_deal(variant: remi.Variant) -> list[GameState]:
    """Four seats, seat 0 down; seat 1 buys whenever it is asked: the state before each turn."""
    state = game(["5S 8S", *FILLER], table=SEAT0_DOWN, dealer=3, variant=variant)
    states = [state]
    for _ in range(8):
        state = _turn(state, buyer=1)
        states.append(state)
    return states


def test_L7_at_most_three_buys_per_deal() -> None:
    states = _buys_in_one_deal(LIVERPOOL)
    assert [s.buys[1] for s in states] == [0, 1, 1, 1, 2, 3, 3, 3, 3]  # the upcard, then turns 3 and 4
    seat3 = play(states[7], DrawStock())  # seat 3 on turn: seat 0 is down, seat 2 discarded, seat 1 at 3
    assert seat3.phase is Phase.PLAY
    assert seat3.buy_queue == ()
    state = play(states[8], DrawStock())  # seat 0 on turn; seat 3 discarded
    assert state.buy_queue == (2,)
    assert refused(state, Buy(), seat=1, clause="L7") is Reason.BUY_LIMIT
    with pytest.raises(remi.IllegalActionError, match="has bought 3 times this deal"):
        state.check(Buy(), seat=1)
    state = play(state, Pass(), LayOff(C("5S"), 0, None), LayOff(C("8S"), 1, None))
    state = play(state, Discard(state.hands[0][0]))  # seat 0 goes out
    assert state.last_deal is not None and state.last_deal.winner == 0
    assert state.deal == 2
    assert state.buys == (0, 0, 0, 0)  # the limit is per deal


def test_L7_a_player_who_is_down_may_not_buy() -> None:
    table = [meld(SET, "5C 5D 5H", owner=1), meld(SET, "8C 8D 8H", owner=1)]
    state = game([FILLER[0], "2H 3D", FILLER[2]], table=table, stock="JH 8H 4D")
    assert state.down[1]
    state = play(state, DrawStock())
    assert state.buy_queue == (2,)
    assert refused(state, Buy(), seat=1, clause="L7") is Reason.DOWN_MAY_NOT_BUY
    state = play(state, Pass(), Discard(C("2S")))
    state = play(state, DrawStock())  # seat 1, down, may still draw: seat 2 may buy the 2S
    assert state.buy_queue == (2,)


def test_L7_the_discarder_may_not_buy_it_back() -> None:
    state = game(list(FOUR[:3]), stock="JH 8H 4D 6S", dealer=2)
    state = play(draw(state), Discard(C("9C")))
    state = play(state, DrawStock())
    assert state.buy_queue == (2,)
    assert refused(state, Buy(), seat=0, clause="L7") is Reason.DISCARDER_MAY_NOT_BUY


# -- L8: laying off ---------------------------------------------------------------------------------


def test_L8_lay_off_onto_any_meld_also_on_the_go_down_turn() -> None:
    table = [meld(SET, "QS QH QD", owner=1), meld(SET, "9C 9D 9H", owner=1)]
    state = draw(game(["5C 5D 5H KS KH KD 5S QC 9S 2D", FILLER[1], FILLER[2]], stock="3C", table=table))
    state = play(state, down("set 5C 5D 5H; set KS KH KD"))
    own = where(state, "5C 5D 5H")
    state = play(state, LayOff(C("5S"), own, None))  # onto its own meld, the turn it went down
    state = play(state, LayOff(C("QC"), 0, None), LayOff(C("9S"), 1, None))  # and onto another's
    assert Counter(state.table[own].cards) == Counter(parse_cards("5C 5D 5H 5S"))
    assert Counter(state.table[0].cards) == Counter(parse_cards("QS QH QD QC"))
    assert state.hands[0] == cards("2D 3C")
    assert state.layoffs == (3, 0, 0)
    state = play(state, Discard(C("2D")))
    assert state.on_turn == 1


# -- L9 / LX6: joker swaps --------------------------------------------------------------------------


def _lx6_table(seat2_run: str = "2C 3C 4C 5C") -> list[TableMeld]:
    """Round 2 (a set and a run): seats 1, 2 and 3 are down; seat 3's set holds a joker."""
    return [
        meld(SET, "9C 9D 9S", owner=1),
        meld(RUN, "5H JK 7H 8H", owner=1),
        meld(SET, "QC QD QS", owner=2),
        meld(RUN, seat2_run, owner=2),
        meld(SET, "AH JK AC", owner=3),
        meld(RUN, "6S 7S 8S 9S", owner=3),
    ]


def _seat2_on_turn(hand: str, seat2_run: str = "2C 3C 4C 5C") -> GameState:
    state = draw(game([FILLER[0], FILLER[1], hand, FILLER[2]], stock="KD", table=_lx6_table(seat2_run),
                      dealer=1, round=2))
    assert state.on_turn == 2
    assert state.down == (False, True, True, True)
    return state


def test_LX6_a_down_player_swaps_the_joker_out_of_a_run() -> None:
    state = _seat2_on_turn("6H 2D 10S")
    state = play(state, SwapJoker(1, parse_cards("6H")))
    assert state.table[1].cards == parse_cards("5H 6H 7H 8H")
    assert state.table[1].owner == 1
    assert state.hands[2] == cards("JK 2D 10S KD")


def test_LX6_the_card_must_be_the_one_the_joker_stands_for() -> None:
    state = _seat2_on_turn("9H 2D 10S")
    assert refused(state, SwapJoker(1, parse_cards("9H"))) is Reason.BAD_SWAP
    state = play(state, LayOff(C("9H"), 1, End.HIGH))  # the 9H may be laid off at the high end
    assert state.table[1].cards == parse_cards("5H JK 7H 8H 9H")


def test_LX6_a_player_not_yet_down_may_not_swap() -> None:
    state = draw(game(["6H AD 2D 10S", FILLER[1], FILLER[0], FILLER[2]], stock="KD", table=_lx6_table(),
                      dealer=3, round=2))
    assert state.on_turn == 0
    assert not state.down[0]
    assert refused(state, SwapJoker(1, parse_cards("6H")), clause="L9") is Reason.NOT_DOWN
    assert refused(state, SwapJoker(4, parse_cards("AD")), clause="L9") is Reason.NOT_DOWN
    assert not any(isinstance(action, SwapJoker) for action in state.legal_actions())


def test_LX6_nobody_swaps_a_joker_out_of_a_set() -> None:
    state = _seat2_on_turn("AD AS 2D")
    for ace in ("AD", "AS"):
        assert refused(state, SwapJoker(4, parse_cards(ace)), clause="L9") is Reason.SWAP_NOT_ALLOWED
    state = play(state, LayOff(C("AD"), 4, None))  # it may still be laid off onto the set
    assert Counter(state.table[4].cards) == Counter(parse_cards("AH AC AD JK"))


def test_L9_swap_from_an_own_run_and_several_in_one_turn() -> None:
    state = _seat2_on_turn("6H 3C 2D 10S", seat2_run="2C JK 4C 5C")
    state = play(state, SwapJoker(3, parse_cards("3C")))  # its own run
    assert state.table[3].cards == parse_cards("2C 3C 4C 5C")
    state = play(state, SwapJoker(1, parse_cards("6H")))  # and another's, the same turn
    assert state.table[1].cards == parse_cards("5H 6H 7H 8H")
    assert state.hands[2].count(JK) == 2
    assert state.hands[2] == cards("JK JK 2D 10S KD")


def test_L9_swap_on_the_go_down_turn() -> None:
    state = draw(game(["7S 7D 7C 10H JH QH KH 6H 2D 3S", FILLER[1], FILLER[0], FILLER[2]], stock="KD",
                      table=_lx6_table(), dealer=3, round=2))
    state = play(state, down("set 7S 7D 7C; run 10H JH QH KH"))
    assert state.down[0]
    state = play(state, SwapJoker(1, parse_cards("6H")))
    assert state.table[1].cards == parse_cards("5H 6H 7H 8H")
    assert state.hands[0] == cards("JK 2D 3S KD")


# -- L10 / LX3: going out by a discard in deals 1-6 ------------------------------------------------

DEAL_4_DOWN = (
    meld(SET, "6C 6H 6C", owner=0),
    meld(SET, "9C 9D 9H", owner=0),
    meld(SET, "QC QD QH", owner=0),
)


def test_LX3_laying_off_the_last_card_is_illegal_a_discard_takes_the_player_out() -> None:
    state = draw(game(["6S", *FILLER[:2]], stock="6D", table=DEAL_4_DOWN, round=4))
    assert state.hands[0] == cards("6S 6D")
    state = play(state, LayOff(C("6S"), 0, None))
    assert refused(state, LayOff(C("6D"), 0, None), clause="L10") is Reason.MUST_DISCARD_TO_GO_OUT
    assert list(state.legal_actions()) == [Discard(C("6D"))]
    state = play(state, Discard(C("6D")))
    result = state.last_deal
    assert result is not None
    assert result.winner == 0
    assert result.scores == (0, points(FILLER[0]), points(FILLER[1]))
    assert state.deal == 2


def test_L10_going_down_may_not_empty_the_hand() -> None:
    state = draw(game(["5C 5D 5H KS KH", *FILLER[:2]], stock="KD"))
    assert refused(state, down("set 5C 5D 5H; set KS KH KD"), clause="L10") is Reason.MUST_DISCARD_TO_GO_OUT
    assert not any(isinstance(action, LayDown) for action in state.legal_actions())

    roomy = draw(game(["5C 5D 5H KS KH 2C", *FILLER[:2]], stock="KD"))
    roomy = play(roomy, down("set 5C 5D 5H; set KS KH KD"))
    assert roomy.hands[0] == cards("2C")
    roomy = play(roomy, Discard(C("2C")))
    assert roomy.last_deal is not None and roomy.last_deal.winner == 0


@pytest.mark.parametrize("round_", [1, 2, 3, 4, 5, 6])
def test_L10_deals_1_to_6_need_a_final_discard(round_: int) -> None:
    assert LIVERPOOL.contracts.going_out[round_ - 1] is remi.GoingOut.DISCARD_REQUIRED


# -- L11 / LX4: deal 7 is all-in ------------------------------------------------------------------

LX4_HAND = "3S 4S 5S 6S 7S 9H 10H JH QH JD QD KD"


@pytest.mark.parametrize(("runs", "stands_for"), [("run JD QD KD JK", "AD"), ("run JK JD QD KD", "10D")])
def test_LX4_three_runs_with_the_joker_as_the_player_says_out_with_no_discard(runs: str, stands_for: str) -> None:
    state = draw(game([LX4_HAND, *FILLER[:2]], stock="JK", round=7))
    assert len(state.hands[0]) == 13
    lay = down(f"run 3S 4S 5S 6S 7S; run 9H 10H JH QH; {runs}")
    state = play(state, lay)
    assert state.history[-1] == lay  # no discard followed
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, points(FILLER[0]), points(FILLER[1]))
    assert state.is_over  # deal 7 was the last
    joker_run = next(m for m in state.table if JK in m.cards)
    assert run_cards(LIVERPOOL.melds, joker_run.cards)[joker_run.cards.index(JK)] == C(stands_for)


def test_LX4_with_2C_for_7S_the_player_may_not_go_down_at_all() -> None:
    state = draw(game([LX4_HAND.replace("7S", "2C"), *FILLER[:2]], stock="JK", round=7))
    assert not any(isinstance(action, LayDown) for action in state.legal_actions())
    partial = down("run 3S 4S 5S 6S; run 9H 10H JH QH; run JD QD KD JK")
    assert refused(state, partial, clause="L11") is Reason.ALL_IN
    assert refused(state, down("run 2C 3S 4S 5S 6S; run 9H 10H JH QH; run JD QD KD JK")) is Reason.INVALID_MELD


def test_L11_the_whole_hand_goes_down_leaving_nothing() -> None:
    state = draw(game([LX4_HAND, *FILLER[:2]], stock="JK", round=7))
    partial = down("run 3S 4S 5S 6S; run 9H 10H JH QH; run JD QD KD JK")  # the 7S left over
    assert refused(state, partial, clause="L11") is Reason.ALL_IN
    laydowns = [action for action in state.legal_actions() if isinstance(action, LayDown)]
    assert laydowns
    assert all(len(action.cards) == 13 for action in laydowns)


def test_L11_bought_cards_go_down_too() -> None:
    hands = ["3S 4S 5S 6S 9H 10H JH QH AD 2D 3D 5D", FILLER[0] + " 5C 9C", FILLER[1] + " 5H 9S"]
    state = game(hands, stock="KH 10C 3H 7S", discard="4D", round=7, dealer=0)
    state = play(state, DrawStock())  # seat 1 lets the upcard go: seat 2, then seat 0, may buy it
    assert state.on_turn == 1 and state.buy_queue == (2, 0)
    state = play(state, Pass(), Buy())  # seat 0 buys the 4D with the KH; seat 1 draws the 10C
    assert len(state.hands[0]) == 14
    state = play(state, Discard(C("10C")))
    state = play(passes(play(state, DrawStock())), Discard(C("2C")))  # seat 2 draws the 3H
    state = passes(play(state, DrawStock()))  # seat 0 draws the 7S
    assert state.hands[0] == cards("3S 4S 5S 6S 7S 9H 10H JH QH KH AD 2D 3D 4D 5D")
    partial = down("run 3S 4S 5S 6S 7S; run 9H 10H JH QH KH; run AD 2D 3D 4D")
    assert refused(state, partial, clause="L11") is Reason.ALL_IN
    state = play(state, down("run 3S 4S 5S 6S 7S; run 9H 10H JH QH KH; run AD 2D 3D 4D 5D"))
    assert state.is_over
    assert state.last_deal is not None and state.last_deal.winner == 0


def test_L11_deal_7_has_no_melds_on_the_table_so_no_lay_offs_or_swaps() -> None:
    with pytest.raises(remi.RemiError) as info:
        game([LX4_HAND, *FILLER[:2]], round=7, table=[meld(RUN, "5H 6H 7H 8H", owner=1)])
    assert info.value.reason is Reason.BAD_POSITION
    state = draw(game([LX4_HAND, *FILLER[:2]], stock="JK", round=7))
    assert not any(isinstance(action, (LayOff, SwapJoker)) for action in state.legal_actions())
    assert refused(state, LayOff(C("7S"), 0, End.HIGH)) is Reason.NO_SUCH_MELD
    assert refused(state, SwapJoker(0, parse_cards("7S"))) is Reason.NO_SUCH_MELD


# -- L12 / LX7: scoring ----------------------------------------------------------------------------


def test_LX7_hands_left_score_60_and_30_and_the_player_out_scores_0() -> None:
    assert points("JK AS KH 10D 9C 2H") == 60
    assert points("AH KS 2D") == 30
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = draw(game(["5S", "JK AS KH 10D 9C 2H", "AH KS 2D"], stock="8S", table=table, discard="3D"))
    state = play(state, LayOff(C("5S"), 0, None), Discard(C("8S")))
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, 60, 30)
    assert state.scores == (0, 60, 30)


def _final_deal(scores: Sequence[int], hand1: str, hand2: str) -> GameState:
    state = draw(game([LX4_HAND, hand1, hand2], stock="JK", round=7, scores=scores))
    assert not state.is_over and state.winners == ()
    return play(state, down("run 3S 4S 5S 6S 7S; run 9H 10H JH QH; run JD QD KD JK"))


def test_L12_after_seven_deals_the_lowest_total_wins() -> None:
    state = _final_deal([100, 0, 0], "2C", "3C 4C")
    RULES.match_over(state, scores=(100, 5, 10), winners=(1,))


def test_L12_ties_are_shared() -> None:
    state = _final_deal([60, 45, 30], "2C", "KC 10C")
    RULES.match_over(state, scores=(60, 50, 50), winners=(1, 2))


# -- L13: stock exhaustion as N20 ------------------------------------------------------------------


def test_L13_deals_come_from_a_seeded_shuffle() -> None:
    first = remi.new_game(LIVERPOOL, players=4, seed="cut")
    again = remi.new_game(LIVERPOOL, players=4, seed="cut")
    assert first.hands == again.hands
    assert first.stock == again.stock
    assert first.dealer == again.dealer
    assert first.scores == (0, 0, 0, 0)


# -- the house configuration liverpool-project ------------------------------------------------------


@pytest.mark.parametrize("round_", [1, 2, 3, 4, 5, 6, 7])
def test_project_deal_k_deals_k_plus_6_cards(round_: int) -> None:
    state = remi.new_game(PROJECT, players=4, seed=6, round=round_)
    assert [len(hand) for hand in state.hands] == [round_ + 6] * 4
    assert state.contract(0).name == LIVERPOOL.contracts[round_ - 1].name
    assert_invariants(state)


def test_project_an_all_joker_meld_goes_down() -> None:
    state = draw(game(["JK JK JK 7S 7H 7D 4D 9C 2H 3S", *FILLER[:2]], stock="KD", variant=PROJECT))
    state = play(state, down("set JK JK JK; set 7S 7H 7D"))
    assert state.down[0]
    runs = draw(game(["JK JK JK JK 5C 5D 5H 9C 2H 3S", *FILLER[:2]], stock="KD", round=2, variant=PROJECT))
    runs = play(runs, down("set 5C 5D 5H; run JK JK JK JK"))
    assert runs.down[0]


def test_project_no_buy_limit() -> None:
    states = _buys_in_one_deal(PROJECT)
    assert states[-1].buys[1] == 4  # beyond Liverpool's three
    assert states[-1].buys[0] == 0  # seat 0, down, was asked and passed


def test_project_players_who_are_down_may_buy() -> None:
    table = [meld(SET, "5C 5D 5H", owner=1), meld(SET, "8C 8D 8H", owner=1)]
    state = game([FILLER[0], "2H 3D", FILLER[2]], table=table, stock="JH 8H 4D", variant=PROJECT)
    assert state.down[1]
    state = play(state, DrawStock())
    assert state.buy_queue == (1, 2)
    state = play(state, Buy())
    assert state.hands[1] == cards("2H 3D 4C JH")
    assert state.buys == (0, 1, 0)
    assert state.hands[0] == sorted_hand(parse_cards(FILLER[0]), parse_cards("8H"))


def test_project_otherwise_plays_as_liverpool() -> None:
    assert PROJECT.buying.timing is LIVERPOOL.buying.timing
    assert PROJECT.swaps == LIVERPOOL.swaps
    assert PROJECT.layoffs == LIVERPOOL.layoffs
    assert PROJECT.scoring == LIVERPOOL.scoring
    assert PROJECT.contracts.going_out == LIVERPOOL.contracts.going_out
    state = play(game(["2S 5H 9D KC 3H 4D 6C 8S 10H JD", *FILLER[:2]], discard="5C 7C", variant=PROJECT),
                 TakeDiscard())
    assert refused(state, Discard(C("7C")), clause="L6") is Reason.CANNOT_REDISCARD


def test_project_two_players_buy_only_the_upcard() -> None:
    state = remi.new_game(PROJECT, players=2, seed=6, dealer=0)
    assert [len(hand) for hand in state.hands] == [7, 7]
    state = play(state, DrawStock())
    assert state.buy_queue == (0,)  # the upcard: anyone but the player on turn
    state = play(passes(state), Discard(state.hands[1][0]))
    state = play(state, DrawStock())
    assert state.phase is Phase.PLAY  # the only other player discarded it
    assert state.buy_queue == ()
