"""Rule scenarios for Norwegian Remi: each test names the rule clause (N…, NX…, R…) it checks.

Positions are built exactly with ``remi.new_game(hands=..., stock=..., discard_pile=..., table=...)``
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
from remi import End, GameState, MeldKind, Phase, Reason, TableMeld, parse_cards
from remi.actions import Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.melds import run_cards
from scenario import FILLERS, RULEBOOKS, C, cards, down, meld, where
from scenario import leftovers as scenario_leftovers

NORWEGIAN = remi.variants.get("norwegian")
SET, RUN = MeldKind.SET, MeldKind.RUN
JK = remi.JOKER
OTHER = FILLERS["norwegian"][0]  # a hand that melds nothing useful in these scenarios


def leftovers(*used: str) -> str:
    """Every card of the deck not in ``used`` (texts of cards), as card text."""
    return scenario_leftovers(NORWEGIAN, *used)


# -- helpers ---------------------------------------------------------------------------------------

#: Round 5 is "3-3-4": with seat 0's two sets and seat 1's run first on the table, these complete
#: both contracts (a built position holds only whole contracts in Norwegian, N15).
ROUND_5_REST = (
    TableMeld(MeldKind.RUN, parse_cards("3C 4C 5C 6C"), 0),
    TableMeld(MeldKind.SET, parse_cards("9C 9D 9S"), 1),
    TableMeld(MeldKind.SET, parse_cards("QC QD QS"), 1),
)


RULES = RULEBOOKS["norwegian"]
game, play, refused = RULES.game, RULES.play, RULES.refused
passes, draw, points = RULES.passes, RULES.draw, RULES.points


# -- worked examples (NX1–NX15) ----------------------------------------------------------------------------


def test_NX5_two_sets_with_a_joker_then_one_discard_leaves_four() -> None:
    state = draw(game(["5C 5D 5H KS KS JK 2D 9C 9D 3S", OTHER], stock="4H"))
    assert state.hands[0] == cards("5C 5D 5H KS KS JK 2D 9C 9D 3S 4H")
    state = play(state, down("set 5C 5D 5H; set KS KS JK"))
    assert state.down[0]
    assert sorted((sorted(m.cards), m.kind.value, m.owner) for m in state.table) == sorted(
        [(sorted(cards("5C 5D 5H")), "set", 0), (sorted(cards("KS KS JK")), "set", 0)]
    )
    assert state.hands[0] == cards("2D 9C 9D 3S 4H")
    state = play(state, Discard(C("3S")))
    assert len(state.hands[0]) == 4
    assert state.on_turn == 1
    assert state.phase is Phase.DRAW


def test_NX6_round_2_two_sets_and_no_run_is_illegal() -> None:
    state = draw(game(["5C 5D 5H KS KH KD 6S 7S 8S 3D", OTHER], stock="9S", round=2))
    assert state.contract(0).name == "3-4"
    assert refused(state, down("set 5C 5D 5H; set KS KH KD")) is Reason.CONTRACT_NOT_MET
    after = play(state, down("set 5C 5D 5H; run 6S 7S 8S 9S"))
    assert after.down[0]


def test_NX7_round_3_one_run_alone_is_illegal() -> None:
    state = draw(game(["3H 4H 5H 6H 8C 9C 10C JC 2D KS", OTHER], stock="7S", round=3))
    assert state.contract(0).name == "4-4"
    assert refused(state, down("run 3H 4H 5H 6H")) is Reason.CONTRACT_NOT_MET
    assert refused(state, down("run 8C 9C 10C JC")) is Reason.CONTRACT_NOT_MET
    after = play(state, down("run 3H 4H 5H 6H; run 8C 9C 10C JC"))
    assert after.down[0]
    assert after.hands[0] == cards("2D KS 7S")


def test_NX8_a_four_card_set_fulfils_a_three() -> None:
    state = draw(game(["9C 9D 9H 9S 4H 4D 4C 2S 6D JC", OTHER], stock="KH", discard="5C"))
    state = play(state, down("set 9C 9D 9H 9S; set 4H 4D 4C"))
    assert state.down[0]
    assert state.hands[0] == cards("2S 6D JC KH")
    assert sorted(len(m.cards) for m in state.table) == [3, 4]


def test_NX9_round_5_lay_down_ten_discard_the_last_and_the_round_ends() -> None:
    state = draw(game(["4C 4D 4H 9S 9H 9D 5H 6H 7H 8H", OTHER], stock="KC", round=5, discard="2C"))
    assert state.hands[0] == cards("4C 4D 4H 9S 9H 9D 5H 6H 7H 8H KC")
    state = play(state, down("set 4C 4D 4H; set 9S 9H 9D; run 5H 6H 7H 8H"))
    assert state.hands[0] == cards("KC")
    state = play(state, Discard(C("KC")))
    result = state.last_deal
    assert result is not None
    assert result.winner == 0
    assert result.scores == (0, points(OTHER))
    assert result.levels == (5, 5)
    assert state.scores == (0, points(OTHER))
    assert state.deal == 2
    assert state.levels == (6, 6)  # the next round has begun
    assert not state.is_over


def test_NX10_round_7_three_runs_joker_as_4D_out_with_no_discard() -> None:
    hand = "3S 4S 5S 6S 9H 10H JH QH AD 2D 3D"
    state = draw(game([hand, OTHER + " 9C"], stock="JK", round=7, discard="KD"))
    assert len(state.hands[0]) == 12
    lay = down("run 3S 4S 5S 6S; run 9H 10H JH QH; run AD 2D 3D JK")
    state = play(state, lay)
    assert state.history[-1] == lay  # no discard followed
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores[0] == 0
    assert state.is_over  # round 7 was the last
    joker_run = next(m for m in state.table if JK in m.cards)
    assert run_cards(NORWEGIAN.melds, joker_run.cards)[joker_run.cards.index(JK)] == C("4D")


def test_NX11_swap_from_an_opponents_run_needs_exactly_the_represented_card() -> None:
    table = [meld(RUN, "2S JK 4S 5S", owner=1), meld(SET, "9C 9D 9H", owner=1)]  # round 2: a set and a run
    state = draw(game(["3S 8D 9C KH 6C 6D 10S JS QS 7D", OTHER], stock="2H", table=table, round=2))
    state = play(state, SwapJoker(0, parse_cards("3S")))
    assert state.table[0].cards == parse_cards("2S 3S 4S 5S")
    assert JK in state.hands[0]
    assert C("3S") not in state.hands[0]

    holding_3h = draw(game(["3H 8D 9C KH 6C 6D 10S JS QS 7D", OTHER], stock="2H", table=table, round=2))
    assert refused(holding_3h, SwapJoker(0, parse_cards("3H"))) is Reason.BAD_SWAP
    assert refused(holding_3h, SwapJoker(0, parse_cards("3S"))) is Reason.CARD_NOT_IN_HAND


def test_NX12_a_set_joker_cannot_be_swapped_but_a_down_player_may_lay_off_onto_the_set() -> None:
    sets = [meld(SET, "QS QH JK", owner=1), meld(SET, "9C 9D 9H", owner=1)]
    not_down = draw(game(["QD 2C 3C 4H 6D 7S 9H JC KD 10C", OTHER], stock="5D", table=sets))
    assert refused(not_down, SwapJoker(0, parse_cards("QD"))) is Reason.SWAP_NOT_ALLOWED

    table = [*sets, meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    is_down = draw(game(["QD 2C 3C", OTHER], stock="4D", table=table))
    assert is_down.down[0]
    assert refused(is_down, SwapJoker(0, parse_cards("QD"))) is Reason.SWAP_NOT_ALLOWED
    after = play(is_down, LayOff(C("QD"), 0, None))
    assert Counter(after.table[0].cards) == Counter(parse_cards("QS QH QD JK"))
    assert C("QD") not in after.hands[0]


def test_NX14_taking_the_discard_is_free_and_cannot_be_bought() -> None:
    hands = ["7C 2S 3S 9D KH 4H 6D JC QS 8S", OTHER, "2H 3D 5C 9S 10H JD QC KS AH 6C", "5S 7D 8D 9H 10C JS QH KD AC 6H"]
    state = draw(game(hands, stock="4D", discard="2D"))
    state = play(state, Discard(C("7C")))
    assert state.on_turn == 1
    assert state.discarder == 0
    stock_before = state.stock
    hand_before = state.hands[1]
    state = play(state, TakeDiscard())
    assert state.hands[1] == tuple(sorted((*hand_before, C("7C"))))  # exactly one card more: free
    assert state.stock == stock_before
    assert state.buys == (0, 0, 0, 0)
    assert state.phase is Phase.PLAY
    assert state.to_act == 1
    assert state.buy_queue == ()
    assert refused(state, Buy()) is Reason.CANNOT_BUY
    for seat in (0, 2, 3):
        assert refused(state, Buy(), seat=seat) is Reason.NOT_YOUR_TURN
    assert not any(isinstance(action, Buy) for action in state.legal_actions())


def test_NX15_scores_left_in_hand() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = draw(game(["5S", "JK AS KH 10D 9C 2H", "AC AD"], stock="8S", table=table, discard="3D"))
    state = play(state, LayOff(C("5S"), 0, None), Discard(C("8S")))
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, 101, 40)
    assert state.scores == (0, 101, 40)
    assert points("JK AS KH 10D 9C 2H") == 101
    assert points("AC AD") == 40


# -- N1–N9: the deck, contracts, dealing -----------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_N1_two_to_six_players(players: int) -> None:
    state = remi.new_game(NORWEGIAN, players=players, seed=3)
    assert len(state.hands) == players


def test_N8_ace_high_run_goes_down_but_no_wrap_around() -> None:
    state = draw(game(["JH QH KH AH 5C 5D 5S 2H 9D 7S", OTHER], stock="3C", round=2))
    assert refused(state, down("set 5C 5D 5S; run QH KH AH 2H")) is Reason.INVALID_MELD
    after = play(state, down("set 5C 5D 5S; run JH QH KH AH"))
    assert after.down[0]


def test_N8_a_run_may_hold_both_aces() -> None:
    table = [
        meld(SET, "5C 5D 5S", owner=0),
        meld(SET, "8C 8D 8S", owner=0),
        meld(RUN, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", owner=1),
        *ROUND_5_REST,
    ]
    state = draw(game(["AH JK 2C", "2S 3D 4D 8C 10S JS QD KC 6S 7D"], stock="9C", table=table, round=5))
    state = play(state, LayOff(C("AH"), 2, End.HIGH))
    assert len(state.table[2].cards) == 14
    assert refused(state, LayOff(JK, 2, End.HIGH)) is Reason.BAD_LAYOFF
    assert refused(state, LayOff(JK, 2, End.LOW)) is Reason.BAD_LAYOFF


# -- N10 joker cap after lay-offs ------------------------------------------------------------------


def test_N10_joker_cap_holds_after_lay_offs() -> None:
    table = [
        meld(RUN, "7S JK JK 10S", owner=1),
        meld(SET, "QS QH JK", owner=1),
        meld(SET, "5C 5D 5H", owner=0),
        meld(SET, "8C 8D 8H", owner=0),
        meld(RUN, "3C 4C 5C 6C", owner=0),  # round 2 would do for seat 1; round 5 fits both
        meld(SET, "9C 9D 9S", owner=1),
    ]
    state = draw(game(["JK JK JK 6S 2D", OTHER], stock="3D", table=table, round=5))
    assert refused(state, LayOff(JK, 0, End.HIGH)) is Reason.JOKER_CAP
    assert refused(state, LayOff(JK, 0, End.LOW)) is Reason.JOKER_CAP
    state = play(state, LayOff(C("6S"), 0, End.LOW))  # 3 naturals, 2 jokers
    state = play(state, LayOff(JK, 0, End.HIGH))  # 3 and 3: allowed
    assert state.table[0].cards == parse_cards("6S 7S JK JK 10S JK")
    state = play(state, LayOff(JK, 1, None))  # QS QH JK JK: 2 and 2
    assert refused(state, LayOff(JK, 1, None)) is Reason.JOKER_CAP


def test_N10_a_lay_down_may_not_exceed_the_joker_cap() -> None:
    state = draw(game(["QS JK JK 5C 5D 5H 7S 8S 9S 10S", OTHER], stock="2D", round=2))
    assert refused(state, down("set QS JK JK; run 7S 8S 9S 10S")) is Reason.INVALID_MELD
    after = play(state, down("set 5C 5D 5H; run 7S JK JK 10S"))  # jokers side by side, 2 and 2
    assert after.hands[0] == cards("QS 8S 9S 2D")


# -- N11 joker swaps -------------------------------------------------------------------------------


def test_N11_swaps_only_from_opponents_melds() -> None:
    table = [
        meld(SET, "8C 8D 8H", owner=0),
        meld(RUN, "2S JK 4S 5S", owner=0),
        meld(RUN, "9H JK JH QH", owner=1),
        meld(SET, "9C 9D 9S", owner=1),
    ]
    state = draw(game(["3S 10H 2C 6D", OTHER], stock="KC", table=table, round=2))
    assert refused(state, SwapJoker(1, parse_cards("3S"))) is Reason.SWAP_NOT_ALLOWED
    state = play(state, SwapJoker(2, parse_cards("10H")))
    assert state.table[2].cards == parse_cards("9H 10H JH QH")


def test_N11_several_swaps_in_one_turn() -> None:
    table = [
        meld(RUN, "2S JK 4S 5S", owner=1),
        meld(RUN, "7D JK JK 10D", owner=2),
        meld(SET, "9C 9H 9S", owner=1),
        meld(SET, "QC QH QS", owner=2),
    ]
    state = draw(game(["3S 8D 9D KC 2H", OTHER, "4C 5H 6H QC 9C"], stock="KH", table=table, discard="AC", round=2))
    state = play(
        state,
        SwapJoker(0, parse_cards("3S")),
        SwapJoker(1, parse_cards("8D")),
        SwapJoker(1, parse_cards("9D")),
    )
    assert state.table[0].cards == parse_cards("2S 3S 4S 5S")
    assert state.table[1].cards == parse_cards("7D 8D 9D 10D")
    assert state.hands[0].count(JK) == 3
    assert len(state.hands[0]) == 6


def test_N11_swapper_need_not_be_down_and_the_freed_joker_is_an_ordinary_card() -> None:
    table = [meld(RUN, "2S JK 4S 5S", owner=1), meld(SET, "9C 9H 9S", owner=1)]
    state = draw(game(["3S 7C 7D 9D 10D JD 5H 8H 2C 4C", OTHER], stock="QD", table=table, round=2))
    assert not state.down[0]
    state = play(state, SwapJoker(0, parse_cards("3S")))
    # the freed joker completes a set in the same turn
    state = play(state, down("set 7C 7D JK; run 9D 10D JD QD"))
    assert state.down[0]
    assert JK not in state.hands[0]


def test_N11_joker_swap_needs_a_joker() -> None:
    table = [meld(RUN, "2S 3S 4S 5S", owner=1), meld(SET, "9C 9H 9D", owner=1)]
    state = draw(game(["3S 7C", OTHER], stock="KD", table=table, round=2))
    assert refused(state, SwapJoker(0, parse_cards("3S"))) is Reason.BAD_SWAP


# -- N12 who starts, dealer rotation ---------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_N12_the_player_after_the_dealer_starts(dealer: int) -> None:
    state = remi.new_game(NORWEGIAN, players=4, seed=2, dealer=dealer)
    assert state.dealer == dealer
    assert state.on_turn == state.to_act == (dealer + 1) % 4
    assert state.phase is Phase.DRAW


def test_N12_dealer_moves_one_seat_clockwise_each_round() -> None:
    table = [meld(SET, "5C 5D 5H", owner=2), meld(SET, "8C 8D 8H", owner=2)]
    state = game([OTHER, "2H 3D 5S 9S", "5S"], table=table, dealer=1, stock="8S", discard="3C")
    assert state.on_turn == 2
    state = play(passes(play(state, DrawStock())), LayOff(C("5S"), 0, None), Discard(C("8S")))
    assert state.deal == 2
    assert state.dealer == 2
    assert state.on_turn == state.to_act == 0
    assert state.levels == (2, 2, 2)
    assert state.table == ()
    assert all(len(hand) == 10 for hand in state.hands)


# -- N13 taking the discard ------------------------------------------------------------------------


def test_N13_only_a_card_held_may_be_discarded_or_laid_off() -> None:
    # the hand holds neither the lowest card of the deck nor the joker, and one card twice: every
    # card of the deck is tried, below, between, on and above the hand's cards
    naturals = [card for card in remi.cards.CARDS if card.is_natural and not card.is_dead]
    hand = [naturals[2], naturals[2], naturals[7], naturals[20], naturals[33], naturals[50], C("5S")]
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = draw(game([" ".join(map(str, hand)), OTHER], table=table, stock="KH"))
    held = set(state.hands[0])
    assert naturals[0] not in held and JK not in held
    for card in remi.cards.CARDS:
        if card in held:
            assert state.is_legal(Discard(card)), card
        else:
            assert refused(state, Discard(card)) is Reason.CARD_NOT_IN_HAND, card
            assert refused(state, LayOff(card, 0, None)) is Reason.CARD_NOT_IN_HAND, card
    assert state.is_legal(LayOff(C("5S"), 0, None))


def test_N13_another_copy_of_the_taken_card_may_be_discarded() -> None:
    state = play(game(["7C 5H 9D KC 3H 4D 6C 8S 10H JD", OTHER], discard="5C 7C"), TakeDiscard())
    assert state.hands[0].count(C("7C")) == 2
    state = play(state, Discard(C("7C")))
    assert state.hands[0].count(C("7C")) == 1


def test_N13_the_taken_card_may_go_out_as_the_last_card() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = play(game(["5S", OTHER], table=table, discard="2C 7C"), TakeDiscard(), LayOff(C("5S"), 0, None))
    assert state.hands[0] == (C("7C"),)
    state = play(state, Discard(C("7C")))
    assert state.last_deal is not None
    assert state.last_deal.winner == 0


def test_N13_a_held_copy_may_be_discarded_after_the_other_goes_down_in_a_meld() -> None:
    state = play(game(["KH KS KD 5C 5D 5H 2S 3D 4S 9C", OTHER], discard="2C KH"), TakeDiscard())
    state = play(state, down("set KH KS KD; set 5C 5D 5H"))
    assert state.taken is None
    state = play(state, Discard(C("KH")))
    assert C("KH") not in state.hands[0]


def test_N13_the_taken_card_stays_barred_while_other_cards_leave() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = play(game(["5S 2S 3D", OTHER], table=table, discard="2C 7C"), TakeDiscard(), LayOff(C("5S"), 0, None))
    assert state.taken == C("7C")
    assert refused(state, Discard(C("7C"))) is Reason.CANNOT_REDISCARD


# -- N14 buying ------------------------------------------------------------------------------------

FOUR = [
    "2S 3S 9D KH 4H 6D JC QS 8S 5D",
    "2H 3D 5C 9S 10H JD QC KS AH 6C",
    "5S 7D 8D 9H 10C JS QH KD AC 6H",
    "4S 9C 10D AD 3C 7S 2D 7H KC QC",
]


def _seat0_on_turn_after_seat3_discards() -> GameState:
    """Four players; seat 3 has just discarded 9C; seat 0 is about to draw."""
    state = remi.new_game(
        NORWEGIAN, players=4, seed=4, hands=FOUR, dealer=2, stock="JH 8H 4D 6S 10S", discard_pile="2C"
    )
    assert state.on_turn == 3
    state = play(passes(play(state, DrawStock())), Discard(C("9C")))
    assert state.on_turn == 0
    assert state.discarder == 3
    return state


def test_N14_buy_window_opens_after_the_stock_draw() -> None:
    state = _seat0_on_turn_after_seat3_discards()
    assert refused(state, Buy()) is Reason.CANNOT_BUY
    top = state.stock[0]
    state = play(state, DrawStock())
    assert top in state.hands[0]  # the player on turn has drawn first
    assert len(state.hands[0]) == 11
    assert state.phase is Phase.BUY
    assert state.on_turn == 0
    assert state.buy_queue == (1, 2)  # seat 3 discarded the 9C
    assert state.to_act == 1


def test_N14_priority_goes_to_the_nearest_after_the_player_on_turn() -> None:
    state = play(_seat0_on_turn_after_seat3_discards(), DrawStock())
    bought = play(state, Buy())
    assert C("9C") in bought.hands[1]
    assert bought.phase is Phase.PLAY
    assert bought.to_act == 0  # seat 2 is never asked
    assert bought.hands[2] == state.hands[2]

    state = play(state, Pass())
    assert state.to_act == 2
    assert state.buy_queue == (2,)
    assert refused(state, Buy(), seat=1) is Reason.NOT_YOUR_TURN
    state = play(state, Buy())
    assert C("9C") in state.hands[2]


def test_N14_priority_wraps_round_the_table() -> None:
    state = remi.new_game(NORWEGIAN, players=4, seed=4, hands=FOUR, dealer=0, stock="JH 8H 4D 6S", discard_pile="2C")
    assert state.on_turn == 1
    state = play(passes(play(state, DrawStock())), Discard(C("9S")))
    state = play(state, DrawStock())
    assert state.on_turn == 2
    assert state.buy_queue == (3, 0)  # clockwise from seat 2; seat 1 discarded the 9S
    state = play(state, Pass(), Buy())
    assert C("9S") in state.hands[0]


def test_N14_buyer_takes_the_discard_and_one_stock_card_and_does_not_discard() -> None:
    state = play(_seat0_on_turn_after_seat3_discards(), DrawStock())
    pile, stock, hand = state.discard_pile, state.stock, state.hands[1]
    state = play(state, Buy())
    assert state.hands[1] == tuple(sorted((*hand, C("9C"), stock[0])))
    assert state.stock == stock[1:]
    assert state.discard_pile == pile[:-1]
    assert state.buys == (0, 1, 0, 0)
    assert state.phase is Phase.PLAY
    assert state.to_act == state.on_turn == 0
    assert state.buy_queue == ()
    state = play(state, Discard(C("2S")))
    assert len(state.hands[1]) == 12  # no discard by the buyer
    assert state.on_turn == state.to_act == 1
    assert state.phase is Phase.DRAW


def test_N14_the_discarder_cannot_buy_it_back() -> None:
    state = play(_seat0_on_turn_after_seat3_discards(), DrawStock())
    assert 3 not in state.buy_queue
    assert refused(state, Buy(), seat=3) is Reason.DISCARDER_MAY_NOT_BUY
    state = play(state, Pass(), Pass())
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert state.discard_pile[-1] == C("9C")
    assert refused(state, Buy()) is Reason.CANNOT_BUY  # the window has closed


def test_N14_during_the_window_the_buyer_decides_not_the_player_on_turn() -> None:
    state = play(_seat0_on_turn_after_seat3_discards(), DrawStock())
    assert state.to_act == 1
    assert refused(state, Discard(C("2S")), seat=0) is Reason.NOT_YOUR_TURN
    assert refused(state, Discard(C("2S"))) is Reason.WRONG_PHASE
    assert set(state.legal_actions()) == {Buy(), Pass()}


def test_N14_no_buy_window_when_no_penalty_card_can_be_had() -> None:
    hands = ["2S 3S 9D", "2H 3D 5C"]
    rest = leftovers(*hands, "KD", "9C")
    state = remi.new_game(NORWEGIAN, players=3, seed=1, dealer=2, hands=[*hands, rest], stock="KD", discard_pile="9C")
    assert state.stock == (C("KD"),)
    state = play(state, DrawStock())
    assert state.stock == ()
    assert state.phase is Phase.PLAY  # one discard: nothing to rebuild a stock from
    assert state.buy_queue == ()
    assert state.to_act == 0

    rest = leftovers(*hands, "KD", "4S 9C")
    state = remi.new_game(
        NORWEGIAN, players=3, seed=1, dealer=2, hands=[*hands, rest], stock="KD", discard_pile="4S 9C"
    )
    state = play(state, DrawStock())
    assert state.phase is Phase.PLAY  # after a buy only the 4S would remain: it cannot be recycled
    assert state.buy_queue == ()


def test_N14_the_penalty_card_may_come_from_a_rebuilt_stock() -> None:
    hands = ["2S 3S 9D", "2H 3D 5C"]
    rest = leftovers(*hands, "KD", "3H 4S 9C")
    state = remi.new_game(
        NORWEGIAN, players=3, seed=1, dealer=2, hands=[*hands, rest], stock="KD", discard_pile="3H 4S 9C"
    )
    state = play(state, DrawStock())
    assert state.phase is Phase.BUY
    state = play(state, Buy())
    assert state.hands[1] == cards("2H 3D 5C 9C 3H")  # the 4S stays as the top of the pile
    assert state.discard_pile == (C("4S"),)
    assert state.rebuilds == 1
    assert state.stock == ()


def test_N14_two_players_have_no_buy_window() -> None:
    state = remi.new_game(NORWEGIAN, players=2, seed=6, dealer=0)
    assert state.on_turn == 1
    state = passes(play(state, DrawStock()))
    state = play(state, Discard(state.hands[1][0]))
    state = play(state, DrawStock())
    assert state.phase is Phase.PLAY  # the only other player discarded it
    assert state.to_act == 0
    assert state.buy_queue == ()


def test_N14_down_players_may_buy_and_there_is_no_limit() -> None:
    table = [meld(SET, "5C 5D 5H", owner=1), meld(SET, "8C 8D 8H", owner=1)]
    hands = ["2S 3S 9D KH 4H 6D JC QS 8S 5S", "2H 3D", "7S 7D 9H 10C JS QH KD AC 6H 4C"]
    state = remi.new_game(
        NORWEGIAN, players=3, seed=4, hands=hands, dealer=2, stock="JH 8H 4D 6S 10S", discard_pile="2C", table=table
    )
    assert state.down[1]
    state = play(state, DrawStock())
    assert state.buy_queue == (1, 2)
    state = play(state, Buy(), Discard(C("2S")))
    assert state.buys[1] == 1
    assert state.on_turn == 1
    state = play(passes(play(state, DrawStock())), Discard(C("3D")))
    state = play(state, DrawStock())  # seat 2 draws; seat 0 asks first, then seat 1 (seat 1 discarded the 3D)
    assert state.buy_queue == (0,)
    state = play(state, Pass(), Discard(C("7S")))
    state = play(state, DrawStock())  # seat 0 draws: seat 1 may buy the 7S
    assert state.buy_queue == (1,)
    state = play(state, Buy())
    assert state.buys[1] == 2


def test_N14_buy_refusals_name_their_cause() -> None:
    state = play(_seat0_on_turn_after_seat3_discards(), DrawStock())
    assert state.buy_queue == (1, 2)
    assert refused(state, Buy(), seat=0) is Reason.ON_TURN_MAY_NOT_BUY
    assert refused(state, Buy(), seat=3) is Reason.DISCARDER_MAY_NOT_BUY
    assert refused(state, Buy(), seat=2) is Reason.NOT_YOUR_TURN  # waiting behind seat 1
    with pytest.raises(remi.IllegalActionError, match="seat 1 has priority"):
        state.check(Buy(), seat=2)
    assert refused(play(state, Pass()), Buy(), seat=1) is Reason.NOT_YOUR_TURN  # it passed
    with pytest.raises(remi.IllegalActionError, match="already passed"):
        play(state, Pass()).check(Buy(), seat=1)


def test_N14_a_seat_at_its_buy_limit_is_refused_with_its_own_reason() -> None:
    house = attrs.evolve(NORWEGIAN, name="norwegian-one-buy", buying=attrs.evolve(NORWEGIAN.buying, limit=1))
    state = remi.new_game(house, players=4, seed=4, hands=FOUR, dealer=2, stock="JH 8H 4D 6S 10S 3H",
                          discard_pile="2C")
    state = play(state, DrawStock())  # seat 3 draws; seat 0 may buy the upcard
    assert state.buy_queue == (0, 1, 2)
    state = play(state, Buy(), Discard(C("9C")))  # seat 0 has bought once
    assert state.buys[0] == 1
    state = play(state, DrawStock())  # seat 0 draws; seat 3 discarded: seats 1 and 2 may buy
    state = play(passes(state), Discard(C("2S")))
    state = play(passes(play(state, DrawStock())), Discard(C("2H")))  # seat 1's turn
    state = play(state, DrawStock())  # seat 2 on turn: seat 0 is at its limit, seat 1 discarded
    assert state.buy_queue == (3,)
    assert refused(state, Buy(), seat=0) is Reason.BUY_LIMIT
    with pytest.raises(remi.IllegalActionError, match="limit"):
        state.check(Buy(), seat=0)


def test_N14_down_players_refused_where_the_variant_forbids_it() -> None:
    house = attrs.evolve(NORWEGIAN, name="norwegian-no-down-buys",
                         buying=attrs.evolve(NORWEGIAN.buying, down_players_may_buy=False))
    table = [meld(SET, "5C 5D 5H", owner=1), meld(SET, "8C 8D 8H", owner=1)]
    hands = ["2S 3S 9D KH 4H 6D JC QS 8S 5S", "2H 3D", "7S 7D 9H 10C JS QH KD AC 6H 4C"]
    state = remi.new_game(house, players=3, seed=4, hands=hands, dealer=2, stock="JH 8H 4D 6S 10S",
                          discard_pile="2C", table=table)
    state = play(state, DrawStock())
    assert state.buy_queue == (2,)
    assert refused(state, Buy(), seat=1) is Reason.DOWN_MAY_NOT_BUY


def test_N14_order_the_discard_first_then_the_penalty_card_from_a_rebuilt_stock() -> None:
    """With an empty stock the buyer takes the discard, then every discard but the new top is recycled."""
    hands = ["2S 3S 9D", "2H 3D 5C"]
    rest = leftovers(*hands, "KD", "6H 7H 4S 9C")
    state = remi.new_game(
        NORWEGIAN, players=3, seed=1, dealer=2, hands=[*hands, rest], stock="KD", discard_pile="6H 7H 4S 9C"
    )
    state = play(state, DrawStock())
    assert state.stock == ()
    state = play(state, Buy())
    gained = Counter(state.hands[1]) - Counter(parse_cards(hands[1]))
    assert gained[C("9C")] == 1  # the discard itself
    assert state.discard_pile == (C("4S"),)  # the new top card stays
    recycled = Counter(state.stock) + gained - Counter([C("9C")])
    assert recycled == Counter(parse_cards("6H 7H"))  # the penalty came from the rebuilt stock
    assert len(state.stock) == 1
    assert state.rebuilds == 1


def test_N14_the_upcard_may_be_bought_by_anyone() -> None:
    state = play(game(FOUR, stock="JH 8H", discard="2C"), DrawStock())
    assert state.discarder is None
    assert state.buy_queue == (1, 2, 3)


# -- N15 going down --------------------------------------------------------------------------------


def test_N15_the_contract_needs_the_cards_in_hand() -> None:
    state = draw(game(["5C 5D 5H KS KH 9S 9H 9D 3C 2H", OTHER], stock="2D"))
    assert refused(state, down("set 5C 5D 5H; set KS KH KD")) is Reason.CARD_NOT_IN_HAND


# -- N16 laying off --------------------------------------------------------------------------------


def test_N16_lay_off_on_the_turn_of_going_down_onto_own_melds() -> None:
    state = draw(game(["5C 5D 5H KS KH KD 5S KC 2D 3C", OTHER], stock="9H"))
    state = play(state, down("set 5C 5D 5H; set KS KH KD"))
    fives, kings = where(state, "5C 5D 5H"), where(state, "KS KH KD")
    state = play(state, LayOff(C("5S"), fives, None), LayOff(C("KC"), kings, None))
    assert Counter(state.table[fives].cards) == Counter(parse_cards("5C 5D 5H 5S"))
    assert Counter(state.table[kings].cards) == Counter(parse_cards("KS KH KD KC"))
    assert state.layoffs[0] == 2


def test_N16_lay_off_onto_anyones_melds_at_either_run_end() -> None:
    table = [
        meld(SET, "5C 5D 5H", owner=0),
        meld(SET, "8C 8D 8H", owner=0),
        meld(RUN, "5S 6S 7S 8S", owner=1),
        meld(RUN, "10H JH QH KH", owner=2),
        meld(RUN, "2D 3D 4D 5D", owner=0),
        meld(SET, "9C 9D 9H", owner=1),  # round 5: two sets and a run each
        meld(SET, "QC QH QS", owner=1),
        meld(SET, "6H 6D 6C", owner=2),
        meld(SET, "KC KS KD", owner=2),
    ]
    state = draw(game(["4S 9S 7S AH AD KD 2C", OTHER, "3C 4C 6C"], stock="JC", table=table, discard="7C", round=5))
    assert refused(state, LayOff(C("9S"), 2, End.LOW)) is Reason.BAD_LAYOFF
    assert refused(state, LayOff(C("4S"), 2, End.HIGH)) is Reason.BAD_LAYOFF
    assert refused(state, LayOff(C("7S"), 2, End.LOW)) is Reason.BAD_LAYOFF
    assert refused(state, LayOff(C("7S"), 2, End.HIGH)) is Reason.BAD_LAYOFF
    assert refused(state, LayOff(C("KD"), 4, End.LOW)) is Reason.BAD_LAYOFF  # no wrap-around
    state = play(
        state,
        LayOff(C("4S"), 2, End.LOW),
        LayOff(C("9S"), 2, End.HIGH),
        LayOff(C("AH"), 3, End.HIGH),
        LayOff(C("AD"), 4, End.LOW),
    )
    assert state.table[2].cards == parse_cards("4S 5S 6S 7S 8S 9S")
    assert state.table[3].cards == parse_cards("10H JH QH KH AH")
    assert state.table[4].cards == parse_cards("AD 2D 3D 4D 5D")
    assert [m.owner for m in state.table] == [0, 0, 1, 2, 0, 1, 1, 2, 2]


def test_N16_lay_off_needs_a_meld_that_exists() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = draw(game(["5S 2C", OTHER], stock="JC", table=table))
    assert refused(state, LayOff(C("5S"), 7, None)) is Reason.NO_SUCH_MELD
    assert refused(state, LayOff(C("5S"), 1, None)) is Reason.BAD_LAYOFF


# -- N17 going out ---------------------------------------------------------------------------------


def test_N17_out_by_going_down_in_round_6() -> None:
    state = draw(game(["5C 5D 5H 3S 4S 5S 6S 9H 10H JH", OTHER], stock="QH", round=6, discard="2D"))
    state = play(state, down("set 5C 5D 5H; run 3S 4S 5S 6S; run 9H 10H JH QH"))
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, points(OTHER))
    assert state.levels == (7, 7)
    assert all(len(hand) == 11 for hand in state.hands)  # round 7 deals eleven


def test_N17_out_by_laying_off() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = draw(game(["5S", OTHER], stock="8S", table=table))
    state = play(state, LayOff(C("5S"), 0, None), LayOff(C("8S"), 1, None))
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, points(OTHER))
    assert state.deal == 2


def test_N17_a_piecemeal_lay_down_cannot_take_out_a_player_whose_contract_is_incomplete() -> None:
    """Only a player whose contract is complete goes out: a part of it must leave a card to discard."""
    house = attrs.evolve(NORWEGIAN, name="norwegian-piecemeal",
                         contracts=attrs.evolve(NORWEGIAN.contracts, piecemeal=True))
    rest = leftovers("5C 5D 5H", "KD", "4C")
    state = remi.new_game(house, players=2, seed=2, dealer=1, hands=["5C 5D 5H", rest], stock="KD", discard_pile="4C")
    state = play(state, DrawStock())
    assert refused(state, down("set 5C 5D 5H")) is Reason.NOT_DOWN  # one card left, and not down
    rest = leftovers("5C 5D 5H 9S", "KD", "4C")
    roomy = remi.new_game(house, players=2, seed=2, dealer=1, hands=["5C 5D 5H 9S", rest], stock="KD",
                          discard_pile="4C")
    roomy = play(roomy, DrawStock(), down("set 5C 5D 5H"))  # two cards left: legal
    assert roomy.hands[0] == cards("9S KD")
    assert not roomy.down[0]


def test_N17_a_lay_off_cannot_take_out_a_player_who_is_not_down() -> None:
    house = attrs.evolve(NORWEGIAN, name="norwegian-early-layoffs",
                         layoffs=attrs.evolve(NORWEGIAN.layoffs, requires_down=False))
    table = [meld(SET, "5C 5D 5H", owner=1), meld(SET, "8C 8D 8H", owner=1)]
    rest = leftovers("5S", "5C 5D 5H 8C 8D 8H", "8S", "4C")
    state = remi.new_game(house, players=2, seed=2, dealer=1, hands=["5S", rest], stock="8S", discard_pile="4C",
                          table=table)
    state = play(state, DrawStock())
    assert refused(state, LayOff(C("5S"), 0, None)) is Reason.NOT_DOWN  # it would leave one card to discard
    assert refused(state, LayOff(C("8S"), 1, None)) is Reason.NOT_DOWN


def test_N17_out_by_discarding() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = draw(game(["5S", OTHER, "JK JK"], stock="QS", table=table))
    state = play(state, LayOff(C("5S"), 0, None), Discard(C("QS")))
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, points(OTHER), 100)
    assert state.scores == (0, points(OTHER), 100)


# -- N18 round 7 all-in ----------------------------------------------------------------------------


def test_N18_round_7_must_use_the_whole_hand() -> None:
    hands = [
        "2C 5C 8C JC 3H 6H 9C QC 4C 7C 10C",
        "3S 4S 5S 6S 9H 10H JH QH AD 2D 3D",
        "KS KS 2H 2H 7D 8D 9D 10D JD QD KD",
    ]
    state = remi.new_game(NORWEGIAN, players=3, seed=8, hands=hands, dealer=2, stock="8D KH 7S", discard_pile="4D",
                          round=7)
    state = play(state, DrawStock(), Buy())  # seat 1 buys the 4D and takes the KH
    state = play(state, Discard(C("2C")))
    state = passes(play(state, DrawStock()))  # seat 1 draws the 7S
    assert state.hands[1] == cards("3S 4S 5S 6S 7S 9H 10H JH QH KH AD 2D 3D 4D")
    partial = down("run 3S 4S 5S 6S; run 9H 10H JH QH; run AD 2D 3D 4D")
    assert refused(state, partial) is Reason.ALL_IN
    laydowns = [a for a in state.legal_actions() if isinstance(a, LayDown)]
    assert laydowns
    assert all(len(a.cards) == 14 for a in laydowns)
    whole = down("run 3S 4S 5S 6S 7S; run 9H 10H JH QH KH; run AD 2D 3D 4D")
    state = play(state, whole)
    assert state.is_over
    assert state.last_deal is not None
    assert state.last_deal.winner == 1
    assert state.last_deal.scores[1] == 0


def test_N18_a_hand_that_cannot_all_go_down_has_no_lay_down() -> None:
    state = draw(game(["3S 4S 5S 6S 9H 10H JH QH AD 2D 3D", OTHER], stock="KC", round=7))
    assert not any(isinstance(a, LayDown) for a in state.legal_actions())
    assert refused(state, down("run 3S 4S 5S 6S; run 9H 10H JH QH; run AD 2D 3D KC")) is Reason.INVALID_MELD


# -- N19 scoring and the match ---------------------------------------------------------------------


def _final_round(scores: Sequence[int], hand1: str, hand2: str) -> GameState:
    state = draw(game(["3S 4S 5S 6S 9H 10H JH QH AD 2D 3D", hand1, hand2], stock="4D", round=7, scores=scores,
                      discard="KC"))
    assert not state.is_over
    assert state.winners == ()
    return play(state, down("run 3S 4S 5S 6S; run 9H 10H JH QH; run AD 2D 3D 4D"))


def test_N19_lowest_total_wins() -> None:
    state = _final_round([100, 0, 0], "2C", "3C")
    RULES.match_over(state, scores=(100, 2, 3), winners=(1,))


def test_N19_ties_are_shared() -> None:
    state = _final_round([40, 30, 0], "5C 5D", "JK")
    RULES.match_over(state, scores=(40, 40, 50), winners=(0, 1))


# -- N20 stock exhaustion --------------------------------------------------------------------------


def _conserved(state: GameState) -> bool:
    everything = Counter(state.stock) + Counter(state.discard_pile)
    for hand in state.hands:
        everything.update(hand)
    for m in state.table:
        everything.update(m.cards)
    return everything == Counter(NORWEGIAN.cards(NORWEGIAN.max_players))


def test_N20_stock_rebuilt_from_all_discards_but_the_top_at_most_twice() -> None:
    rest = leftovers("2C", "KH", "5S 6S 7S")
    state = remi.new_game(NORWEGIAN, players=2, seed=5, dealer=1, hands=["2C", rest], stock="KH",
                          discard_pile="5S 6S 7S")
    state = passes(play(state, DrawStock()))
    assert state.stock == ()
    state = play(state, Discard(C("2C")))
    state = play(state, DrawStock())  # seat 1 draws: the stock is rebuilt from 5S 6S 7S
    assert state.rebuilds == 1
    assert state.discard_pile == (C("2C"),)
    assert len(state.stock) == 2
    assert Counter(state.stock) + Counter(state.hands[1]) - Counter(parse_cards(rest)) == Counter(
        parse_cards("5S 6S 7S"))
    assert _conserved(state)
    rebuilds_seen = {1}
    for _ in range(200):
        if state.phase is Phase.PLAY:  # seat 1's huge hand: apply without listing
            state = state.apply(Discard(state.hands[state.on_turn][0]))
            continue
        if not state.stock and state.rebuilds == 2:
            break
        state = play(state, DrawStock())
        rebuilds_seen.add(state.rebuilds)
        assert _conserved(state)
    assert rebuilds_seen == {1, 2}
    assert state.deal == 1
    hands = state.hands
    state = state.apply(DrawStock())  # a third rebuild is not allowed: the deal ends
    result = state.last_deal
    assert result is not None
    assert result.winner is None
    assert result.exhausted
    assert result.hands == hands
    assert result.scores == tuple(NORWEGIAN.hand_points(hand) for hand in hands)
    assert state.scores == result.scores
    assert state.deal == 2
    assert state.rebuilds == 0
    assert state.levels == (2, 2)


def test_N20_the_discard_may_still_be_taken_until_a_stock_draw_cannot_be_served() -> None:
    rest = leftovers("2C", "5S")
    state = remi.new_game(NORWEGIAN, players=2, seed=5, dealer=1, hands=["2C", rest], discard_pile="5S")
    assert state.stock == ()
    taken = play(state, TakeDiscard())  # nothing to draw, but the discard can be taken: the deal goes on
    assert taken.deal == 1
    assert taken.phase is Phase.PLAY
    assert taken.hands[0] == cards("2C 5S")
    ended = state.apply(DrawStock())  # the first stock draw that cannot be served ends the deal
    assert ended.deal == 2
    assert ended.last_deal is not None and ended.last_deal.winner is None


def test_N20_turn_limit_ends_a_deal_no_one_draws_from_the_stock_in() -> None:
    """N20 bounds stock draws only; the turn limit ends a deal of players who always take the discard."""
    house = attrs.evolve(NORWEGIAN, name="norwegian-short", match=attrs.evolve(NORWEGIAN.match, turn_limit=4))
    state = remi.new_game(house, players=2, seed=3, dealer=1)
    stock = state.stock
    for _ in range(4):  # four turns of take-and-discard, no stock draw
        seat = state.to_act
        state = state.apply(TakeDiscard())
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))
        if state.deal == 1:
            assert state.to_act != seat and state.stock == stock
    assert state.deal == 2 and state.round == 2  # the round is played: the next one follows
    assert state.last_deal is not None and state.last_deal.winner is None
    assert state.last_deal.scores == tuple(house.hand_points(hand) for hand in state.last_deal.hands)


# -- R1–R5 shared readings -------------------------------------------------------------------------


def test_R1_a_joker_laid_off_at_a_run_end_stands_for_the_card_at_that_end() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0), meld(RUN, "5S 6S 7S 8S", owner=1),
             *ROUND_5_REST]
    low = draw(game(["JK 2C", OTHER, "4S 9S 2D"], stock="JC", table=table, discard="KC", round=5))
    low = play(low, LayOff(JK, 2, End.LOW), Discard(C("2C")))
    assert low.table[2].cards == parse_cards("JK 5S 6S 7S 8S")
    low = play(passes(play(low, DrawStock())), Discard(low.hands[1][0]))
    assert low.to_act == 2
    low = passes(play(low, DrawStock()))
    assert refused(low, SwapJoker(2, parse_cards("9S"))) is Reason.BAD_SWAP
    low = play(low, SwapJoker(2, parse_cards("4S")))
    assert low.table[2].cards == parse_cards("4S 5S 6S 7S 8S")

    high = draw(game(["JK 2C", OTHER, "4S 9S 2D"], stock="JC", table=table, discard="KC", round=5))
    high = play(high, LayOff(JK, 2, End.HIGH))
    assert high.table[2].cards == parse_cards("5S 6S 7S 8S JK")
    assert run_cards(NORWEGIAN.melds, high.table[2].cards)[-1] == C("9S")


def test_R1_a_joker_cannot_stand_beyond_an_ace() -> None:
    table = [
        meld(RUN, "5C 6C 7C 8C", owner=0),  # round 3: two runs each
        meld(RUN, "5S 6S 7S 8S", owner=0),
        meld(RUN, "JH QH KH AH", owner=1),
        meld(RUN, "AD 2D 3D 4D", owner=1),
    ]
    state = draw(game(["JK 2C", OTHER], stock="JC", table=table, discard="KC", round=3))
    assert refused(state, LayOff(JK, 2, End.HIGH)) is Reason.BAD_LAYOFF
    assert refused(state, LayOff(JK, 3, End.LOW)) is Reason.BAD_LAYOFF
    state = play(state, LayOff(JK, 2, End.LOW), Discard(C("2C")))
    assert state.table[2].cards == parse_cards("JK JH QH KH AH")


def test_R1_a_joker_in_a_lay_down_stands_for_its_position() -> None:
    state = draw(game(["JK 2D 3D 4D 5C 5H 5S 9C", OTHER, "AD 6D QC"], stock="KS", round=2, discard="KC"))
    state = play(state, down("set 5C 5H 5S; run JK 2D 3D 4D"), Discard(C("9C")))
    state = play(passes(play(state, DrawStock())), Discard(C("2S")))
    state = passes(play(state, DrawStock()))
    run = where(state, "JK 2D 3D 4D")
    assert refused(state, SwapJoker(run, parse_cards("6D"))) is Reason.BAD_SWAP
    state = play(state, SwapJoker(run, parse_cards("AD")))
    assert state.table[run].cards == parse_cards("AD 2D 3D 4D")


def test_R2_runs_never_merge() -> None:
    state = draw(game(["3S 4S 5S 6S 7S 8S 9S 10S 7S 2D", OTHER], stock="KC", round=3))
    state = play(state, down("run 3S 4S 5S 6S; run 7S 8S 9S 10S"))  # two runs of one suit
    assert len(state.table) == 2
    first, second = where(state, "3S 4S 5S 6S"), where(state, "7S 8S 9S 10S")
    state = play(state, LayOff(C("7S"), first, End.HIGH))
    assert len(state.table) == 2
    assert state.table[first].cards == parse_cards("3S 4S 5S 6S 7S")
    assert state.table[second].cards == parse_cards("7S 8S 9S 10S")
    assert refused(state, LayOff(C("2D"), first, End.HIGH)) is Reason.BAD_LAYOFF


def test_R3_a_joker_may_be_laid_off_and_discarded() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = draw(game(["JK JK 2C", OTHER], stock="QS", table=table))
    state = play(state, LayOff(JK, 0, None), Discard(JK))
    assert state.discard_pile[-1] == JK
    assert JK in state.table[0].cards
    state = play(state, TakeDiscard())
    assert JK in state.hands[1]


def test_R4_an_upcard_joker_has_no_special_case() -> None:
    state = game(FOUR, stock="JH 8H", discard="JK")
    taken = play(state, TakeDiscard())
    assert JK in taken.hands[0]
    assert refused(taken, Discard(JK)) is Reason.CANNOT_REDISCARD
    bought = play(state, DrawStock())
    assert bought.buy_queue == (1, 2, 3)
    bought = play(bought, Buy())
    assert JK in bought.hands[1]


def test_R5_set_lay_off_goes_anywhere_run_lay_off_needs_an_end() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0), meld(RUN, "5S 6S 7S 8S", owner=1),
             *ROUND_5_REST]
    state = draw(game(["5S 9S 2C", OTHER], stock="QS", table=table, round=5))
    assert refused(state, LayOff(C("9S"), 2, None)) is Reason.BAD_LAYOFF
    state = play(state, LayOff(C("5S"), 0, None))
    assert Counter(state.table[0].cards) == Counter(parse_cards("5C 5D 5H 5S"))
    state = play(state, LayOff(C("9S"), 2, End.HIGH))
    assert state.table[2].cards == parse_cards("5S 6S 7S 8S 9S")
