"""Rule scenarios for Shanghai Rummy: each test names the clause (S…, SX…) it checks.

Positions are built exactly with ``remi.new_game(hands=..., stock=..., discard_pile=..., table=...)``
and played forward with actions; the verdicts are the ones the rules state. Every refusal is checked
three ways (``apply``/``check``, ``is_legal``, the listing) and must cite a Shanghai clause, never
another variant's. The house configuration ``shanghai-family`` is checked where it differs (S5, S8 and
S15, its dead twos).

Mechanics this variant shares with others (the deck, dealing, contracts, going down, the taken
discard, lay-offs before going down, ...) are checked for all of them in ``test_common_mechanics.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import remi
from remi import End, GameState, MeldKind, Phase, Reason, TableMeld, format_cards, parse_cards
from remi.actions import Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.cards import Card
from remi.melds import is_wild, run_cards
from remi.testing import assert_invariants, assert_legal_actions, card_multiset, hands
from scenario import FILLERS, RULEBOOKS, C, cards, down, laydowns, meld, sorted_hand, where

SHANGHAI = remi.variants.get("shanghai")
FAMILY = remi.variants.get("shanghai-family")
SET, RUN = MeldKind.SET, MeldKind.RUN
JK = remi.JOKER

#: Eleven-card hands that meld nothing, hold no wild and share no card with each other.
FILLER = FILLERS["shanghai"]
#: What each filler hand scores (S17): 6 × 5 + 4 × 10 + an ace's 15.
FILLER_POINTS = 85

RULES = RULEBOOKS["shanghai"]
game, leftovers, play, refused = RULES.game, RULES.leftovers, RULES.play, RULES.refused
passes, draw, points = RULES.passes, RULES.draw, RULES.points


def turn(state: GameState, buyer: int | None = None, discard: str | None = None) -> GameState:
    """A whole turn: the player on turn draws from the stock, ``buyer`` buys the discard if asked
    (those asked before it pass), and the player on turn discards ``discard`` (default: its first card)."""
    state = play(state, DrawStock())
    while state.phase is Phase.BUY:
        state = play(state, Buy() if state.to_act == buyer else Pass())
    card = C(discard) if discard is not None else state.hands[state.on_turn][0]
    return play(state, Discard(card))


# S1 (players and the deck), S2's dealing and first dealer, S3's contracts and going down, the meld
# verdicts of SX1, SX2 and S9, S9's aces, S12's lay-off before going down, S16's rebuilt stock and buy from
# its last card and S17's card values are checked with the other variants' in test_common_mechanics.py.


# -- S2: eleven cards in every deal ----------------------------------------------------------------


@pytest.mark.parametrize("round_", range(1, 11))
def test_S2_eleven_cards_in_every_deal(round_: int) -> None:
    four = remi.new_game(SHANGHAI, players=4, seed=6, round=round_)
    assert [len(hand) for hand in four.hands] == [11] * 4
    assert len(four.discard_pile) == 1  # the upcard
    assert len(four.stock) == 108 - 44 - 1
    six = remi.new_game(SHANGHAI, players=6, seed=6, round=round_)
    assert [len(hand) for hand in six.hands] == [11] * 6
    assert len(six.stock) == 162 - 66 - 1
    assert_invariants(four)
    assert_invariants(six)


# -- S3 / SX3: ten contracts of exact sizes, whole, in one turn ---------------------------------------


SX3_HAND = "9C 9D 9H 9S 9S 3S 4S 5S 6S 7S 8S"


def test_SX3_exact_sizes_go_down() -> None:
    state = draw(game([SX3_HAND, *FILLER[1:]], stock="10S 5D 5C KD", round=5))
    assert state.hands[0] == cards(SX3_HAND + " 10S")
    state = play(state, down("set 9C 9D 9H; run 3S 4S 5S 6S 7S 8S 9S"))
    assert state.down[0]
    assert sorted(len(m.cards) for m in state.table) == [3, 7]
    assert state.hands[0] == cards("9S 10S")


@pytest.mark.parametrize(
    "melds",
    [
        "set 9C 9D 9H; run 3S 4S 5S 6S 7S 8S 9S 10S",  # a run of 8 for a run of 7
        "set 9C 9D 9H 9S; run 3S 4S 5S 6S 7S 8S 9S",  # a set of 4 for a set of 3
    ],
)
def test_SX3_longer_melds_do_not_go_down(melds: str) -> None:
    state = draw(game([SX3_HAND, *FILLER[1:]], stock="10S 5D 5C KD", round=5))
    assert refused(state, down(melds), clause="S3") is Reason.CONTRACT_NOT_MET
    offered = laydowns(state)
    assert down("set 9C 9D 9H; run 3S 4S 5S 6S 7S 8S 9S") in offered
    assert all(sorted(len(m.cards) for m in action.melds) == [3, 7] for action in offered)


def test_SX3_the_10S_is_laid_off_on_a_later_turn() -> None:
    state = draw(game([SX3_HAND, *FILLER[1:]], stock="10S 5D 5C KD", round=5))
    state = play(state, down("set 9C 9D 9H; run 3S 4S 5S 6S 7S 8S 9S"))
    run = where(state, "3S 4S 5S 6S 7S 8S 9S")
    assert refused(state, LayOff(C("10S"), run, End.HIGH), clause="S11") is Reason.GO_DOWN_TURN
    state = play(state, Discard(C("9S")))
    state = turn(turn(state))  # seats 1 and 2
    state = draw(state)
    assert state.on_turn == 0
    state = play(state, LayOff(C("10S"), run, End.HIGH))
    assert state.table[run].cards == parse_cards("3S 4S 5S 6S 7S 8S 9S 10S")
    assert state.layoffs == (1, 0, 0)


def test_S3_a_longer_meld_on_the_table_grew_by_lay_offs() -> None:
    table = [meld(RUN, "3S 4S 5S 6S 7S", owner=0), meld(RUN, "9H 10H JH QH", owner=0)]
    with pytest.raises(remi.RemiError) as info:
        game(["KD 3C", *FILLER[1:]], round=3, table=table)
    assert info.value.reason is Reason.BAD_POSITION
    state = game(["KD 3C", *FILLER[1:]], round=3, table=table, layoffs=[1, 0, 0])
    assert state.down[0]


# -- S4 / SX7: contracts 8-10 are reached only by buying ----------------------------------------------


@pytest.mark.parametrize(("round_", "size"), [(8, 13), (9, 14), (10, 15)])
def test_S4_contracts_8_to_10_exceed_a_hand(round_: int, size: int) -> None:
    contract = SHANGHAI.contracts[round_ - 1]
    assert contract.size == size
    assert size > 11 + 1
    assert SHANGHAI.contracts.exceed_hand
    assert SHANGHAI.contracts.deal_sizes[round_ - 1] == 11


def test_S4_deal_8_with_eleven_cards_cannot_go_down() -> None:
    state = draw(game(["KC KD KS 3H 4H 5H 6H 7H 8H 9H 10H", *FILLER[1:]], stock="JH", round=8))
    assert len(state.hands[0]) == 12
    assert not any(isinstance(action, LayDown) for action in state.legal_actions())
    short = down("set KC KD KS; run 3H 4H 5H 6H 7H 8H 9H 10H JH")
    assert refused(state, short, clause="S3") is Reason.CONTRACT_NOT_MET


def test_S4_deal_8_with_a_bought_hand_of_thirteen_goes_down() -> None:
    state = draw(game(["KC KD KS 3H 4H 5H 6H 7H 8H 9H 10H JH QH", *FILLER[1:]], stock="5C", round=8))
    state = play(state, down("set KC KD KS; run 3H 4H 5H 6H 7H 8H 9H 10H JH QH"))
    assert state.down[0]
    assert state.hands[0] == cards("5C")


SX7_HAND = "3S 4S 5S 6S 7S 9H 10H JH QH KH 4D"


def test_SX7_deal_10_with_no_buy_cannot_go_down() -> None:
    state = draw(game([SX7_HAND, *FILLER[1:]], stock="5D", round=10))
    assert len(state.hands[0]) == 12
    assert not any(isinstance(action, LayDown) for action in state.legal_actions())
    two = down("run 3S 4S 5S 6S 7S; run 9H 10H JH QH KH")
    assert refused(state, two, clause="S3") is Reason.CONTRACT_NOT_MET


def test_SX7_after_two_buys_three_runs_of_5_go_down_and_the_discard_goes_out() -> None:
    hands = [SX7_HAND, FILLER[2], FILLER[1]]
    state = game(hands, stock="6D KC AC QS 8D", discard="5D", round=10, dealer=0)
    assert state.on_turn == 1
    state = play(state, DrawStock())  # seat 1 lets the upcard go
    assert state.buy_queue == (2, 0)
    state = play(state, Pass(), Buy())  # seat 0 buys the 5D with the 6D; seat 1 draws the KC
    assert state.hands[1] == sorted_hand(parse_cards(FILLER[2]), parse_cards("KC"))
    state = play(state, Discard(C("7D")))
    state = play(state, DrawStock())
    assert state.buy_queue == (0, 1)
    state = play(state, Buy())  # seat 0 buys the 7D with the AC; seat 2 draws the QS
    state = play(state, Discard(state.hands[2][0]))
    assert state.buys == (2, 0, 0)
    assert len(state.hands[0]) == 15
    state = draw(state)  # seat 0 draws the 8D
    assert state.hands[0] == cards(SX7_HAND + " 5D 6D 7D 8D AC")
    state = play(state, down("run 3S 4S 5S 6S 7S; run 9H 10H JH QH KH; run 4D 5D 6D 7D 8D"))
    assert state.hands[0] == cards("AC")
    state = play(state, Discard(C("AC")))
    result = state.last_deal
    assert result is not None
    assert result.winner == 0
    assert result.scores[0] == 0
    assert state.is_over  # deal 10 was the last


# -- S5: ten deals, lowest total wins ------------------------------------------------------------------


DEAL_10_DOWN = (
    meld(RUN, "3S 4S 5S 6S 7S", owner=0),
    meld(RUN, "9H 10H JH QH KH", owner=0),
    meld(RUN, "4D 5D 6D 7D 8D", owner=0),
)


def _final_deal(scores: Sequence[int], hand1: str, hand2: str) -> GameState:
    state = draw(game(["8S", hand1, hand2], stock="9S", round=10, table=DEAL_10_DOWN, scores=scores))
    assert not state.is_over and state.winners == ()
    return play(state, LayOff(C("8S"), 0, End.HIGH), LayOff(C("9S"), 0, End.HIGH))


def test_S5_after_deal_10_the_lowest_total_wins() -> None:
    state = _final_deal([100, 0, 0], "3C", "4C 5C")
    RULES.match_over(state, scores=(100, 5, 10), winners=(1,))


def test_S5_ties_are_shared() -> None:
    state = _final_deal([60, 45, 40], "3C", "KC")
    RULES.match_over(state, scores=(60, 50, 50), winners=(1, 2))


# -- SX8: who plays which contract next --------------------------------------------------------------

SX8_TABLE = (
    meld(RUN, "3S 4S 5S 6S", owner=0),
    meld(RUN, "9H 10H JH QH", owner=0),
    meld(RUN, "5D 6D 7D 8D", owner=1),
    meld(RUN, "10C JC QC KC", owner=1),
)


def _sx8(variant: remi.Variant) -> GameState:
    """X (seat 0) goes out, Y (seat 1) went down but holds cards, Z (seat 2) never went down."""
    state = draw(game(["7S", "3C 4C", FILLER[2]], stock="8S", round=3, table=SX8_TABLE, variant=variant))
    assert state.down == (True, True, False)
    state = play(state, LayOff(C("7S"), 0, End.HIGH), Discard(C("8S")))
    result = state.last_deal
    assert result is not None
    assert result.winner == 0
    assert result.went_down == (True, True, False)
    assert result.scores == (0, 10, FILLER_POINTS)
    assert state.deal == 2
    assert all(len(hand) == 11 for hand in state.hands)
    return state


def test_SX8_in_shanghai_everyone_plays_the_next_contract() -> None:
    state = _sx8(SHANGHAI)
    assert state.levels == (4, 4, 4)
    assert state.round == 4
    assert {state.contract(seat).name for seat in range(3)} == {"three sets"}
    assert state.dealer == 0  # the dealer moved one seat clockwise (N12)
    assert state.on_turn == 1


def test_SX8_in_shanghai_family_those_who_went_down_move_up() -> None:
    state = _sx8(FAMILY)
    assert state.levels == (4, 4, 3)
    assert [state.contract(seat).name for seat in range(3)] == ["three sets", "three sets", "two runs of 4"]


def _champion(variant: remi.Variant) -> GameState:
    """W (seat 0) completes the last contract with 240 points; U (seat 1) ends on 95."""
    if variant is FAMILY:
        state = game(["8S", "3C 4C 5C"], stock="9S", levels=[10, 8], table=DEAL_10_DOWN, scores=[240, 80],
                     variant=FAMILY)
    else:
        state = game(["8S", "3C 4C 5C"], stock="9S", round=10, table=DEAL_10_DOWN, scores=[240, 80])
    state = draw(state)
    state = play(state, LayOff(C("8S"), 0, End.HIGH), LayOff(C("9S"), 0, End.HIGH))
    assert state.last_deal is not None and state.last_deal.winner == 0
    assert state.scores == (240, 95)
    assert state.is_over
    return state


def test_SX8_in_shanghai_family_completing_level_10_is_champion_whatever_the_totals() -> None:
    assert _champion(FAMILY).winners == (0,)


def test_SX8_in_shanghai_the_lowest_total_wins_instead() -> None:
    assert _champion(SHANGHAI).winners == (1,)


# -- S6 / SX1 / SX2: wilds, sets and runs ---------------------------------------------------------


@pytest.mark.parametrize("text", ["JK", "2S", "2H", "2D", "2C"])
def test_S6_jokers_and_every_two_are_wild(text: str) -> None:
    assert is_wild(SHANGHAI.melds, C(text))
    assert SHANGHAI.melds.twos is remi.Twos.WILD_EXCEPT_SETS


@pytest.mark.parametrize("text", ["AS", "3S", "10H", "KD"])
def test_S6_other_cards_are_naturals(text: str) -> None:
    assert not is_wild(SHANGHAI.melds, C(text))


def test_S6_a_two_goes_down_as_a_wild_in_a_set() -> None:
    state = draw(game(["7S 7H 2D KS KH KD 3C 4C 9S 10D JD", *FILLER[1:]], stock="5D"))
    state = play(state, down("set 7S 7H 2D; set KS KH KD"))
    assert state.down[0]
    assert state.hands[0] == cards("3C 4C 9S 10D JD 5D")


def test_S6_a_two_stands_for_the_card_of_its_place_in_a_run() -> None:
    state = draw(game(["9C 9D 9H 5C 6C 2S 8C 3D 4H JS KD", *FILLER[1:]], stock="5D", round=2))
    state = play(state, down("set 9C 9D 9H; run 5C 6C 2S 8C"))
    run = where(state, "5C 6C 2S 8C")
    assert run_cards(SHANGHAI.melds, state.table[run].cards) == parse_cards("5C 6C 7C 8C")


def test_S6_a_set_of_twos_goes_down_as_naturals() -> None:
    state = draw(game(["2S 2H 2D KS KH KD 3C 4C 9S 10D JD", *FILLER[1:]], stock="5D"))
    state = play(state, down("set 2S 2H 2D; set KS KH KD"))
    assert state.down[0]
    assert state.hands[0] == cards("3C 4C 9S 10D JD 5D")


# -- S7: no more wilds than naturals, at lay-down only -------------------------------------------


def test_S7_no_more_wilds_than_naturals_when_going_down() -> None:
    state = draw(game(["QS JK JK 7S 7H 7D 4D 9C 3H 3S 5C", *FILLER[1:]], stock="KD"))
    assert refused(state, down("set QS JK JK; set 7S 7H 7D")) is Reason.INVALID_MELD
    sets = laydowns(state)
    assert down("set 7S 7H JK; set 3H 3S JK") in sets
    assert all(2 * sum(card is JK for card in m.cards) <= len(m.cards) for action in sets for m in action.melds)
    runs = draw(game(["5C 6C JK JK JK 3H 4H 5H 6H 9C QD", *FILLER[1:]], stock="KD", round=3))
    assert refused(runs, down("run 5C JK JK JK; run 3H 4H 5H 6H")) is Reason.INVALID_MELD
    offered = laydowns(runs)
    assert down("run 5C 6C JK JK; run 3H 4H 5H 6H") in offered
    assert all(2 * sum(card is JK for card in m.cards) <= len(m.cards) for action in offered for m in action.melds)


def test_S7_as_many_wilds_as_naturals_go_down() -> None:
    state = draw(game(["QS QH JK 7S 7H JK 4D 9C 3H 3S 5C", *FILLER[1:]], stock="KD"))
    state = play(state, down("set QS QH JK; set 7S 7H JK"))
    assert state.down[0]
    runs = draw(game(["9D JK JK QD 3H 4H 5H 6H 9C 8S 4C", *FILLER[1:]], stock="KD", round=3))
    runs = play(runs, down("run 9D JK JK QD; run 3H 4H 5H 6H"))
    assert runs.down[0]


def test_S7_a_two_counts_as_a_wild_against_the_cap() -> None:
    state = draw(game(["7S 7H JK 2C KS KH KD 4D 9C 3H 5C", *FILLER[1:]], stock="QD"))
    assert refused(state, down("set 7S 2C JK; set KS KH KD")) is Reason.INVALID_MELD  # one natural, two wilds
    state = play(state, down("set 7S 7H 2C; set KS KH JK"))  # one wild beside two naturals in each
    assert state.down[0]
    assert state.hands[0] == cards("KD 4D 9C 3H 5C QD")


ROUND_3_DOWN = (meld(RUN, "5C 6C JK JK", owner=0), meld(RUN, "9H 10H JH QH", owner=0))


def test_SX2_a_third_wild_may_be_laid_off_on_a_later_turn() -> None:
    state = draw(game(["JK 3D 4S", *FILLER[1:]], stock="KD", round=3, table=ROUND_3_DOWN))
    state = play(state, LayOff(JK, 0, End.HIGH))
    assert state.table[0].cards == parse_cards("5C 6C JK JK JK")
    assert run_cards(SHANGHAI.melds, state.table[0].cards) == parse_cards("5C 6C 7C 8C 9C")


def test_S7_a_wild_laid_off_onto_a_set_beyond_the_cap() -> None:
    table = [meld(SET, "QS QH JK", owner=0), meld(SET, "5C 5D 5H", owner=0)]
    state = draw(game(["JK 3D 4S", *FILLER[1:]], stock="KD", table=table))
    state = play(state, LayOff(JK, 0, None))
    assert Counter(state.table[0].cards) == Counter(parse_cards("QS QH JK JK"))


def test_S7_a_two_laid_off_beyond_the_cap() -> None:
    state = draw(game(["2D 3D 4S", *FILLER[1:]], stock="KD", round=3, table=ROUND_3_DOWN))
    state = play(state, LayOff(C("2D"), 0, End.HIGH))
    assert state.table[0].cards == parse_cards("5C 6C JK JK 2D")


# -- S8: sets ------------------------------------------------------------------------------------------


def test_S8_suits_may_repeat_and_a_set_grows_without_limit() -> None:
    state = draw(game(["4S 4S 4D KS KH KD 3C 9H 10D JD 7C", FILLER[0], FILLER[2]], stock="6H"))
    state = play(state, down("set 4S 4S 4D; set KS KH KD"))
    assert state.down[0]
    table = [meld(SET, "KS KH KD", owner=0), meld(SET, "5C 5D 5H", owner=0)]
    later = draw(game(["KS KC 4H 3D", FILLER[0], FILLER[1]], stock="KD", table=table))
    later = play(later, LayOff(C("KS"), 0, None), LayOff(C("KC"), 0, None), LayOff(C("KD"), 0, None))
    assert Counter(later.table[0].cards) == Counter(parse_cards("KS KS KH KD KD KC"))


def test_SX1_shanghai_family_sets_of_distinct_suits_at_lay_down_only() -> None:
    hand = "4S 4S 4D KS KH KD 3C 9H 10D JD 7C"
    state = draw(game([hand, FILLER[0], FILLER[2]], stock="6H", variant=FAMILY))
    assert refused(state, down("set 4S 4S 4D; set KS KH KD")) is Reason.INVALID_MELD
    assert FAMILY.meld_problems(SET, "4S 4S 4D") == remi.MeldProblem.REPEATED_SUIT
    table = [meld(SET, "4S 4H 4D", owner=0), meld(SET, "KS KH KD", owner=0)]
    later = draw(game(["4S 3C 9H", FILLER[0], FILLER[2]], stock="6H", table=table, variant=FAMILY))
    later = play(later, LayOff(C("4S"), 0, None))
    assert Counter(later.table[0].cards) == Counter(parse_cards("4S 4S 4H 4D"))


# S9 (runs: the verdicts of its table, the aces) is checked in test_common_mechanics.py.


# -- S10 / SX4: buying before the draw -----------------------------------------------------------------

#: Four seats in deal 1; seat 2 is down. Seat 0 holds the QD of SX4.
SX4_HANDS = (FILLER[0], FILLER[1], "3S 9S 10H", FILLER[2])
SX4_TABLE = (meld(SET, "5C 5D 5H", owner=2), meld(SET, "8C 8D 8H", owner=2))
SX4_STOCK = "KD 4C 10S 3D 5S 6H JH 7S 9S 6S"


def _sx4() -> GameState:
    """SX4: seat 3 has bought twice this deal, seat 0 has just discarded the QD, seat 1 is about to draw."""
    state = game(SX4_HANDS, stock=SX4_STOCK, discard="JS", dealer=0, table=SX4_TABLE)
    assert state.on_turn == 1
    assert state.down == (False, False, True, False)
    state = play(state, DrawStock())
    assert state.buy_queue == (3, 0)  # clockwise from seat 1's left; seat 2 is down
    state = play(state, Buy())  # seat 3 buys the upcard
    state = play(state, Discard(state.hands[1][0]))
    state = play(state, DrawStock())
    assert state.buy_queue == (3, 0, 1)  # the discarder is asked too
    state = play(state, Buy())  # seat 3 buys seat 1's discard
    state = play(state, Discard(C("3S")))
    state = turn(state)  # seat 3: nobody buys
    state = turn(state, discard="QD")  # seat 0: nobody buys, then it discards the QD
    assert state.buys == (0, 0, 0, 2)
    assert state.on_turn == state.to_act == 1
    assert state.phase is Phase.DRAW
    assert state.discarder == 0
    assert state.discard_pile[-1] == C("QD")
    assert state.stock[:2] == parse_cards("JH 7S")
    return state


def test_S10_the_player_on_turn_has_first_refusal() -> None:
    state = _sx4()
    assert refused(state, Buy()) is Reason.CANNOT_BUY  # seat 1 decides first: take it or let it go
    assert refused(state, Buy(), seat=3) is Reason.NOT_YOUR_TURN
    assert set(state.legal_actions()) == {DrawStock(), TakeDiscard()}
    hand, stock = state.hands[1], state.stock
    asked = play(state, DrawStock())  # seat 1 lets the QD go
    assert asked.phase is Phase.BUY
    assert asked.on_turn == 1
    assert asked.to_act == 3
    assert asked.buy_queue == (3, 0)  # seat 2 is down and skipped; seat 0, the discarder, may buy it back
    assert asked.hands[1] == hand  # seat 1 has not drawn yet
    assert asked.stock == stock
    assert set(asked.legal_actions()) == {Buy(), Pass()}
    assert refused(asked, Buy(), seat=2, clause="S10") is Reason.DOWN_MAY_NOT_BUY
    assert refused(asked, Buy(), seat=1) is Reason.ON_TURN_MAY_NOT_BUY
    assert refused(asked, Buy(), seat=0) is Reason.NOT_YOUR_TURN  # waiting behind seat 3


def test_SX4_taking_the_discard_is_free_and_refuses_every_buyer() -> None:
    state = _sx4()
    stock, hand = state.stock, state.hands[1]
    state = play(state, TakeDiscard())
    assert state.hands[1] == sorted_hand(hand, (C("QD"),))
    assert state.stock == stock
    assert state.phase is Phase.PLAY
    assert state.buy_queue == ()
    assert state.buys == (0, 0, 0, 2)
    for seat in (0, 2, 3):
        assert refused(state, Buy(), seat=seat) is Reason.NOT_YOUR_TURN


def test_SX4_seat_3_buys_with_its_third_buy_and_seat_1_gets_the_next_stock_card() -> None:
    state = play(_sx4(), DrawStock())
    hands, stock, pile = state.hands, state.stock, state.discard_pile
    state = play(state, Buy())
    assert state.hands[3] == sorted_hand(hands[3], (C("QD"), stock[0]))  # the QD and the top stock card
    assert state.hands[1] == sorted_hand(hands[1], (stock[1],))  # then seat 1 gets the next one
    assert state.hands[0] == hands[0]
    assert state.stock == stock[2:]
    assert state.discard_pile == pile[:-1]
    assert state.buys == (0, 0, 0, 3)
    assert state.phase is Phase.PLAY
    assert state.on_turn == state.to_act == 1
    state = play(state, Discard(state.hands[1][0]))
    assert len(state.hands[3]) == 11 + 3 * 2  # three buys of two cards each
    state = play(state, DrawStock())  # seat 2 lets seat 1's discard go
    assert state.buy_queue == (0, 1)  # seat 3 has bought three times
    assert refused(state, Buy(), seat=3, clause="S10") is Reason.BUY_LIMIT
    with pytest.raises(remi.IllegalActionError, match="has bought 3 times this deal"):
        state.check(Buy(), seat=3)


def test_SX4_had_seat_3_passed_seat_0_buys_back_its_own_discard() -> None:
    state = play(_sx4(), DrawStock())
    hands, stock = state.hands, state.stock
    state = play(state, Pass())
    assert state.to_act == 0
    assert state.buy_queue == (0,)
    assert refused(state, Buy(), seat=3) is Reason.NOT_YOUR_TURN  # it passed
    state = play(state, Buy())
    assert state.hands[0] == sorted_hand(hands[0], (C("QD"), stock[0]))
    assert state.hands[1] == sorted_hand(hands[1], (stock[1],))
    assert state.buys == (1, 0, 0, 2)
    assert state.to_act == 1


def test_S10_nobody_buys_and_the_player_on_turn_draws_the_top_stock_card() -> None:
    state = play(_sx4(), DrawStock())
    stock, hands = state.stock, state.hands
    state = passes(state)
    assert state.hands[1] == sorted_hand(hands[1], (stock[0],))
    assert state.stock == stock[1:]
    assert state.discard_pile[-1] == C("QD")
    assert state.buys == (0, 0, 0, 2)
    assert state.phase is Phase.PLAY
    assert state.to_act == 1


def test_S10_the_order_is_clockwise_and_wraps() -> None:
    state = game(SX4_HANDS, stock=SX4_STOCK, discard="JS", dealer=2, table=SX4_TABLE)
    assert state.on_turn == 3
    state = play(state, DrawStock())
    assert state.buy_queue == (0, 1)  # the upcard: seat 2 is down
    state = play(state, Pass(), Buy())
    assert C("JS") in state.hands[1]
    assert state.buys == (0, 1, 0, 0)


def test_S10_buys_are_counted_per_deal() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = game(["5S 8S", FILLER[1], FILLER[2]], table=table, stock="KD 4S", dealer=2)
    state = play(state, DrawStock())
    assert state.buy_queue == (1, 2)  # seat 0 is on turn (and down)
    state = play(state, Buy())
    assert state.buys == (0, 1, 0)
    assert state.hands[0] == cards("5S 8S 4S")
    state = play(state, LayOff(C("5S"), 0, None), LayOff(C("8S"), 1, None), Discard(C("4S")))
    assert state.last_deal is not None and state.last_deal.winner == 0
    assert state.deal == 2
    assert state.buys == (0, 0, 0)


# -- S11 / SX5: the go-down turn -------------------------------------------------------------------------

SX5_HAND = "5C 6C 7C 8C 9H 10H JH QH 4C 3D KS"


def test_SX5_no_lay_off_on_the_go_down_turn_but_on_the_next() -> None:
    state = draw(game([SX5_HAND, *FILLER[1:]], stock="KD 5D 5S 6H", round=3))
    assert state.hands[0] == cards(SX5_HAND + " KD")
    state = play(state, down("run 5C 6C 7C 8C; run 9H 10H JH QH"))
    run = where(state, "5C 6C 7C 8C")
    assert state.hands[0] == cards("4C 3D KS KD")
    assert refused(state, LayOff(C("4C"), run, End.LOW), clause="S11") is Reason.GO_DOWN_TURN
    assert not any(isinstance(action, LayOff) for action in state.legal_actions())
    state = play(state, Discard(C("KS")))
    state = turn(turn(state))
    state = draw(state)
    state = play(state, LayOff(C("4C"), run, End.LOW))
    assert state.table[run].cards == parse_cards("4C 5C 6C 7C 8C")


def test_SX5_going_down_must_leave_a_card_in_hand() -> None:
    state = draw(game(["7S 7H 7D KS KH", *FILLER[1:]], stock="KD"))
    assert state.hands[0] == cards("7S 7H 7D KS KH KD")
    assert refused(state, down("set 7S 7H 7D; set KS KH KD"), clause="S11") is Reason.MUST_KEEP_A_CARD
    assert not any(isinstance(action, LayDown) for action in state.legal_actions())


def test_S11_the_discard_after_going_down_may_empty_the_hand() -> None:
    state = draw(game(["7S 7H 7D KS KH 3C", *FILLER[1:]], stock="KD"))
    state = play(state, down("set 7S 7H 7D; set KS KH KD"))
    assert state.hands[0] == cards("3C")
    state = play(state, Discard(C("3C")))
    result = state.last_deal
    assert result is not None
    assert result.winner == 0
    assert result.scores == (0, FILLER_POINTS, FILLER_POINTS)
    assert state.deal == 2


# -- S12: laying off -------------------------------------------------------------------------------------


def test_S12_from_the_next_turn_onto_any_meld_at_either_end_of_a_run() -> None:
    table = [meld(SET, "QS QH QD", owner=1), meld(RUN, "3H 4H 5H 6H", owner=1)]
    hand = "5C 5D 5H 6S 7S 8S 9S 5S 10S QC 3D"
    state = draw(game([hand, FILLER[0], FILLER[2]], stock="JD KD 4S 8D", table=table, round=2))
    state = play(state, down("set 5C 5D 5H; run 6S 7S 8S 9S"))
    assert refused(state, LayOff(C("QC"), 0, None), clause="S11") is Reason.GO_DOWN_TURN
    state = play(state, Discard(C("3D")))
    state = turn(turn(state))
    state = draw(state)
    run = where(state, "6S 7S 8S 9S")
    state = play(state, LayOff(C("5S"), run, End.LOW), LayOff(C("10S"), run, End.HIGH))  # its own run
    state = play(state, LayOff(C("QC"), 0, None))  # another's set
    assert state.table[run].cards == parse_cards("5S 6S 7S 8S 9S 10S")
    assert Counter(state.table[0].cards) == Counter(parse_cards("QS QH QD QC"))
    assert state.layoffs == (3, 0, 0)


# -- S13 / SX6: redeeming wilds from runs -----------------------------------------------------------------

#: Deal 2 (a set and a run): seat 1 and seat 0 are down since an earlier turn.
SX6_TABLE = (
    meld(SET, "7S 7H JK", owner=1),
    meld(RUN, "5C 6C JK 8C", owner=1),
    meld(SET, "QS QH QD", owner=0),
    meld(RUN, "3S JK 5S 6S", owner=0),
)


def _sx6(hand: str, table: Sequence[TableMeld] = SX6_TABLE) -> GameState:
    state = draw(game([hand, FILLER[0], FILLER[2]], stock="KD", table=table, round=2))
    assert state.down == (True, True, False)
    return state


def test_SX6_a_player_down_since_an_earlier_turn_redeems_the_joker() -> None:
    state = _sx6("7C 3C 9D")
    state = play(state, SwapJoker(1, parse_cards("7C")))
    assert state.table[1].cards == parse_cards("5C 6C 7C 8C")
    assert state.table[1].owner == 1
    assert state.hands[0] == cards("JK 3C 9D KD")
    state = play(state, LayOff(JK, 1, End.HIGH))  # the joker may be played at once
    assert state.table[1].cards == parse_cards("5C 6C 7C 8C JK")


@pytest.mark.parametrize("card", ["3C", "2D"])
def test_SX6_only_the_card_the_joker_stands_for_redeems_it(card: str) -> None:
    state = _sx6(f"{card} 9D 10H")
    assert refused(state, SwapJoker(1, parse_cards(card))) is Reason.BAD_SWAP


def test_SX6_a_player_not_down_may_not_redeem() -> None:
    table = SX6_TABLE[:2]
    state = draw(game(["7C 3C 9D 10H", FILLER[0], FILLER[2]], stock="KD", table=table, round=2))
    assert not state.down[0]
    assert refused(state, SwapJoker(1, parse_cards("7C")), clause="S13") is Reason.NOT_DOWN
    assert not any(isinstance(action, SwapJoker) for action in state.legal_actions())


def test_SX6_no_redeeming_on_the_go_down_turn_but_from_the_next() -> None:
    table = SX6_TABLE[:2]
    state = draw(game(["7C QS QH QD 3S 4S 5S 6S 9D 10H JC", FILLER[0], FILLER[2]], stock="KD 5D 4C 8S",
                      table=table, round=2))
    state = play(state, down("set QS QH QD; run 3S 4S 5S 6S"))
    assert refused(state, SwapJoker(1, parse_cards("7C")), clause="S11") is Reason.GO_DOWN_TURN
    assert not any(isinstance(action, SwapJoker) for action in state.legal_actions())
    state = play(state, Discard(C("9D")))
    state = draw(turn(turn(state)))
    assert state.on_turn == 0
    state = play(state, SwapJoker(1, parse_cards("7C")))
    assert state.table[1].cards == parse_cards("5C 6C 7C 8C")
    assert JK in state.hands[0]


def test_SX6_nothing_redeems_the_joker_of_a_set() -> None:
    state = _sx6("7D 7C 9D")
    assert refused(state, SwapJoker(0, parse_cards("7D")), clause="S13") is Reason.SWAP_NOT_ALLOWED
    state = play(state, LayOff(C("7D"), 0, None))  # it may still be laid off onto the set
    assert Counter(state.table[0].cards) == Counter(parse_cards("7S 7H 7D JK"))


def test_S13_several_redeems_in_one_turn_from_own_and_other_runs() -> None:
    state = _sx6("4S 7C 9D")
    state = play(state, SwapJoker(3, parse_cards("4S")))  # its own run
    assert state.table[3].cards == parse_cards("3S 4S 5S 6S")
    state = play(state, SwapJoker(1, parse_cards("7C")))  # and another's, the same turn
    assert state.hands[0] == cards("JK JK 9D KD")


def test_SX6_7C_redeems_the_two_of_a_run() -> None:
    table = (meld(SET, "9C 9D 9H", owner=1), meld(RUN, "5C 6C 2S 8C", owner=1), *SX6_TABLE[2:])
    state = _sx6("7C 3C 9S", table=table)
    state = play(state, SwapJoker(1, parse_cards("7C")))
    assert state.table[1].cards == parse_cards("5C 6C 7C 8C")
    assert state.hands[0] == cards("2S 3C 9S KD")


def test_S13_a_live_two_never_redeems_a_joker_even_in_its_own_place() -> None:
    table = (*SX6_TABLE[:3], meld(RUN, "AC JK 3C 4C", owner=0))
    state = _sx6("2C 9S 10H", table=table)
    assert refused(state, SwapJoker(3, parse_cards("2C"))) is Reason.BAD_SWAP


# -- S14: going out ------------------------------------------------------------------------------------


def test_S14_the_last_card_may_leave_by_a_lay_off_and_the_deal_ends_at_once() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = draw(game(["5S", *FILLER[1:]], stock="8S", table=table, discard="JS"))
    state = play(state, LayOff(C("5S"), 0, None), LayOff(C("8S"), 1, None))
    result = state.last_deal
    assert result is not None
    assert result.winner == 0
    assert result.scores == (0, FILLER_POINTS, FILLER_POINTS)
    assert state.deal == 2
    assert state.round == 2
    assert state.history[-1] == LayOff(C("8S"), 1, None)  # no discard followed


def test_S14_the_last_card_may_leave_by_a_discard() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = draw(game(["5S", *FILLER[1:]], stock="KS", table=table, discard="JS"))
    state = play(state, LayOff(C("5S"), 0, None), Discard(C("KS")))
    assert state.last_deal is not None and state.last_deal.winner == 0
    assert state.deal == 2


def test_S14_only_a_player_who_is_down_can_have_gone_out() -> None:
    with pytest.raises(remi.RemiError) as info:
        remi.new_game(SHANGHAI, players=3, seed=1, hands=["", FILLER[1], FILLER[2]])
    assert info.value.reason is Reason.BAD_POSITION
    assert "can go out (S14)" in str(info.value)  # the citation, then where to build a reachable one


# -- S15: dead twos (shanghai-family) ---------------------------------------------------------------------

DEAD_2D = C("2D+")


def family(hands: Sequence[str], **given: object) -> GameState:
    """A ``shanghai-family`` position at level 1 for everyone (levels= as given)."""
    return game(hands, variant=FAMILY, **given)  # type: ignore[arg-type]


def test_S15_a_discarded_two_is_dead_in_shanghai_family_only() -> None:
    hands = ["2D 9D 3S", FILLER[1]]
    for variant, top in ((FAMILY, DEAD_2D), (SHANGHAI, C("2D"))):
        state = draw(game(hands, stock="KD", variant=variant))
        state = play(state, Discard(C("2D")))
        assert state.discard_pile[-1] is top
        assert Discard(C("2D")) in state.history  # the action names the card as it was in hand


def test_S15_a_taken_dead_two_stays_dead() -> None:
    state = draw(family(["2D 9D 3S", FILLER[1]], stock="KD 5H 6H"))
    state = play(state, Discard(C("2D")), TakeDiscard())
    assert DEAD_2D in state.hands[1] and C("2D") not in state.hands[1]
    state = play(state, Discard(C("3D")))
    state = play(draw(state), Discard(C("9D")))
    state = play(draw(state), Discard(DEAD_2D))  # discarded again, a turn later: still dead
    assert state.discard_pile[-1] is DEAD_2D


def test_S15_a_bought_dead_two_stays_dead() -> None:
    state = draw(family(["2D 9D 3S", FILLER[1], FILLER[2]], stock="KD KS AD"))
    state = play(state, Discard(C("2D")), DrawStock(), Buy())  # seat 1 lets it go, seat 2 buys it
    assert DEAD_2D in state.hands[2]
    assert C("2D") not in state.hands[2]


def test_S15_a_dead_two_reshuffled_into_the_stock_stays_dead() -> None:
    hands = ["3S 4S 9D", "3H 3D 5C"]
    rest = leftovers(3, *hands, "KD", "6H 2D 4S 9C", variant=FAMILY)
    state = family([*hands, rest], stock="KD", discard="6H 2D+ 4S 9C")
    state = passes(play(state, DrawStock()))
    state = play(state, Discard(C("3S")), DrawStock(), Pass(), Pass())  # the stock is rebuilt
    assert state.rebuilds == 1
    assert DEAD_2D in (*state.stock, *state.hands[1])
    assert C("2D") not in (*state.stock, *state.hands[1])


def test_S15_the_next_deal_is_dealt_all_live() -> None:
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = draw(family(["5S", "2C 2D+ 4H", "AS QD"], stock="8S", table=table, discard="2S+ 2H+"))
    state = play(state, LayOff(C("5S"), 0, None), Discard(C("8S")))
    assert state.deal == 2
    everything = card_multiset(state)  # (counts dead twos as live: look at the cards themselves)
    assert sum(everything.values()) == 108
    dealt = [*state.stock, *state.discard_pile, *(card for hand in state.hands for card in hand)]
    assert not any(card.is_dead for card in dealt)


@pytest.mark.parametrize("text", ["2S+ 2H 2D", "2S+ 2H+ 2D+", "7S 7H 2D+", "7S 7H 7C 2D+"])
def test_S15_a_dead_two_is_never_in_a_set_not_even_a_set_of_twos(text: str) -> None:
    assert FAMILY.meld_problems(SET, text) & remi.MeldProblem.DEAD_TWO
    assert not FAMILY.meld_problems(SET, "2S 2H 2D")  # (live twos: a set of twos, S6)


@pytest.mark.parametrize(
    ("text", "valid"),
    [("AD 2D+ 3D 4D", True), ("2D+ 3D 4D 5D", True), ("JK 2D+ 3D 4D", True), ("2D+ 2C JK 5D", True),
     ("AS 2D+ 3S 4S", False), ("5D 6D 2D+ 8D", False), ("QD KD AD 2D+", False), ("2D+ 3D JK JK JK", False)],
)
def test_S15_a_dead_two_is_only_the_two_of_its_suit_in_a_run(text: str, valid: bool) -> None:
    assert bool(FAMILY.meld_problems(RUN, text)) is not valid
    assert remi.testing.brute_force_valid(FAMILY.melds, RUN, parse_cards(text)) is valid


def test_S15_a_lay_down_with_a_dead_two_out_of_place_cites_S15() -> None:
    state = draw(family(["2D+ 3D 5D 9S 9H 9C 7H 8C 2C", FILLER[1]], stock="KD", levels=[2, 2]))
    assert refused(state, down("set 9S 9H 9C; run 3D 2D+ 5D 2C"), clause="S15") is Reason.INVALID_MELD
    assert refused(state, down("set 9S 9H 2D+; run 2C 3D 8C 5D"), clause="S15") is Reason.INVALID_MELD


def test_S15_a_dead_two_is_not_wild() -> None:
    assert not is_wild(FAMILY.melds, DEAD_2D)
    assert is_wild(FAMILY.melds, C("2D"))


def test_S15_a_dead_two_counts_as_a_natural_for_the_cap() -> None:
    assert not FAMILY.meld_problems(RUN, "2D+ 3D JK JK")  # two naturals, two wilds
    assert FAMILY.meld_problems(RUN, "2D 3D JK JK") == remi.MeldProblem.TOO_MANY_JOKERS  # three wilds
    state = draw(family(["2D+ 3D 5D 9S 9H 9C 7H 8C 2C", FILLER[1]], stock="KD", levels=[2, 2]))
    action = down("set 9S 9H 9C; run 2D+ 3D 2C 5D")
    assert action in laydowns(state)
    state = play(state, action)
    assert state.table[-1].cards == parse_cards("2D+ 3D 2C 5D")


def _sx6_family(hand: str, table: Sequence[TableMeld]) -> GameState:
    """:func:`_sx6` in ``shanghai-family``: seats 1 and 0 are down since an earlier turn."""
    state = draw(family([hand, FILLER[0], FILLER[2]], stock="KD", table=table, levels=[2, 2, 2]))
    assert state.down == (True, True, False)
    return state


def test_S15_a_dead_two_redeems_a_wild_standing_for_its_place() -> None:
    table = (*SX6_TABLE[:3], meld(RUN, "AD JK 3D 4D", owner=0))
    state = _sx6_family("2D+ 9S 10H", table=table)
    swap = SwapJoker(3, parse_cards("2D+"))
    state = play(state, swap)
    assert state.table[3].cards == parse_cards("AD 2D+ 3D 4D")
    assert JK in state.hands[0]


def test_S15_a_dead_two_redeems_a_live_two_standing_for_its_place() -> None:
    table = (*SX6_TABLE[:3], meld(RUN, "AD 2S 3D 4D", owner=0))
    state = play(_sx6_family("2D+ 9S 10H", table=table), SwapJoker(3, parse_cards("2D+")))
    assert state.table[3].cards == parse_cards("AD 2D+ 3D 4D")
    assert C("2S") in state.hands[0]


def test_S15_a_dead_two_is_never_redeemed() -> None:
    table = (*SX6_TABLE[:3], meld(RUN, "AD 2D+ 3D 4D", owner=0))
    for hand in ("2D 9S 10H", "2D+ 9S 10H"):
        state = _sx6_family(hand, table=table)
        assert refused(state, SwapJoker(3, parse_cards(hand)[:1])) is Reason.BAD_SWAP
        assert not list(state.legal_actions(SwapJoker))


def test_S15_a_dead_two_is_laid_off_as_the_two_of_its_suit() -> None:
    table = (*SX6_TABLE[:3], meld(RUN, "3D 4D 5D 6D", owner=0))
    state = _sx6_family("2D+ 9S 10H", table=table)
    assert refused(state, LayOff(DEAD_2D, 0, None), clause="S15") is Reason.BAD_LAYOFF  # not onto a set
    assert refused(state, LayOff(DEAD_2D, 3, End.HIGH), clause="S15") is Reason.BAD_LAYOFF  # nor as a 7D
    state = play(state, LayOff(DEAD_2D, 3, End.LOW))
    assert state.table[3].cards == parse_cards("2D+ 3D 4D 5D 6D")


def test_S15_twos_laid_down_or_laid_off_stay_live() -> None:
    table = (*SX6_TABLE[:3], meld(RUN, "3D 4D 5D 6D", owner=0))
    state = play(_sx6_family("2D 9S 10H", table=table), LayOff(C("2D"), 3, End.LOW))
    assert state.table[3].cards[0] is C("2D")
    state = draw(family(["2D 3D 5D 9S 9H 9C 7H 8C 2C", FILLER[1]], stock="KD", levels=[2, 2]))
    state = play(state, down("set 9S 9H 9C; run 2D 3D 2C 5D"))
    assert not any(card.is_dead for meld_ in state.table for card in meld_.cards)


#: Runs and a set on the table where dead twos may be laid off or redeem wilds (seat 1's; seat 0's own).
S15_TABLE = (
    meld(SET, "9C 9D 9H", owner=1),
    meld(RUN, "AD JK 3D 4D", owner=1),
    meld(SET, "QS QH QD", owner=0),
    meld(RUN, "3S 4S 2C 6S", owner=0),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=hands(min_size=2, max_size=10, variant=FAMILY), dead=st.sampled_from(remi.cards.DEAD_TWOS),
       down=st.booleans(), level=st.sampled_from([1, 2, 3]))
def test_S15_the_listing_with_dead_twos_matches_the_reference(
    hand: tuple[Card, ...], dead: Card, down: bool, level: int
) -> None:
    """Random hands holding dead twos: every lay-down, lay-off, swap and discard is listed exactly."""
    hand = (*hand, dead)
    in_use = Counter(card for m in S15_TABLE for card in m.cards)
    in_use += Counter(parse_cards(f"KD QC {FILLER[0]} {FILLER[2]}"))  # the stock, the discard, the others' hands
    held = Counter(card if not card.is_dead else C(f"2{card.suit.letter}") for card in hand if card.suit)
    held[JK] = sum(1 for card in hand if card is JK)
    assume(not (held + in_use) - Counter(FAMILY.cards(3)))  # the hand, the table and the stock fit the deck
    table = S15_TABLE if down else ()
    state = draw(family([format_cards(hand), FILLER[0], FILLER[2]], stock="KD", table=table,
                        levels=[2 if down else level, 2, 2]))
    assert_legal_actions(state)


def test_S15_the_invariants_count_a_dead_two_as_dealt_and_only_where_twos_die() -> None:
    from remi._engine.values import evolve

    state = draw(family(["2D 9D 3S", FILLER[1]], stock="KD"))
    state = play(state, Discard(C("2D")))  # (play checks the invariants: the 2D+ is the 2D dealt)
    assert card_multiset(state)[C("2D")] == 2 and DEAD_2D not in card_multiset(state)
    forged = evolve(state, {"variant": SHANGHAI})
    with pytest.raises(AssertionError, match="dead 2"):
        assert_invariants(forged)


def test_S15_dead_twos_need_wild_twos() -> None:
    norwegian = remi.variants.get("norwegian")
    with pytest.raises(remi.VariantError, match="dead_twos needs wild 2s") as info:
        attrs.evolve(norwegian, deck=attrs.evolve(norwegian.deck, dead_twos=True))
    assert info.value.reason is Reason.BAD_VARIANT
    with pytest.raises(remi.VariantError, match="dead_twos must be True or False"):
        remi.Deck(dead_twos=1)  # type: ignore[arg-type]


def test_S15_dead_twos_need_a_place_for_the_two_in_runs() -> None:
    # under Twos.WILD runs start at 3 (M5's reading): a dead 2 would be dead wood for ever
    with pytest.raises(remi.VariantError, match="no 2's place") as info:
        attrs.evolve(FAMILY, melds=attrs.evolve(FAMILY.melds, twos=remi.Twos.WILD, ace_low=False))
    assert info.value.reason is Reason.BAD_VARIANT


def test_S15_the_rules_text_shows_the_field() -> None:
    from remi.cli.describe import rules_text

    text = rules_text(FAMILY)
    assert "dead_twos = True: whether a discarded 2 dies for the rest of the deal (S15)" in text
    assert "dead_twos = False" in rules_text(SHANGHAI)


def test_S15_a_dead_two_cannot_be_placed_in_shanghai() -> None:
    with pytest.raises(remi.RemiError, match="dead 2") as info:
        game(["2D+ 9D 3S", FILLER[1]])
    assert info.value.reason is Reason.BAD_POSITION


# S16 (the stock, rebuilt once) is checked with L13 in test_common_mechanics.py.


# -- S17 / SX9: scoring ----------------------------------------------------------------------------------


def test_SX9_a_hand_scores_70() -> None:
    assert points("AH KS 3C 2D JK") == 15 + 10 + 5 + 20 + 20 == 70


def test_S17_a_dead_two_scores_5() -> None:
    assert FAMILY.card_points(C("2D+")) == 5
    assert FAMILY.card_points(C("2D")) == 20


def test_SX9_with_the_2D_once_discarded_the_hand_scores_55_in_shanghai_family() -> None:
    state = draw(family(["AH KS 3C JK", "2D 10S 10H"], stock="9C 10D"))
    state = play(state, Discard(C("9C")))
    state = play(passes(play(state, DrawStock())), Discard(C("2D")))  # seat 1 discards the 2D: it dies
    state = play(state, TakeDiscard())  # seat 0 takes it
    assert FAMILY.hand_points(state.hands[0]) == 15 + 10 + 5 + 5 + 20 == 55
    table = [meld(SET, "5C 5D 5H", owner=1), meld(SET, "8C 8D 8H", owner=1)]
    state = draw(family(["AH KS 3C 2D+ JK", "5S", "AS QD"], stock="8S", table=table, dealer=0))
    state = play(state, LayOff(C("5S"), 0, None), Discard(C("8S")))  # seat 1 goes out
    assert state.last_deal is not None
    assert state.last_deal.scores == (55, 0, 25)


def test_S17_the_player_who_goes_out_scores_0_with_no_bonus() -> None:
    assert all(SHANGHAI.winner_score(wins) == 0 for wins in range(1, 11))
    table = [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0)]
    state = draw(game(["5S", "AH KS 3C 2D JK", "AS QD"], stock="8S", table=table, discard="3D", scores=[7, 0, 0]))
    state = play(state, LayOff(C("5S"), 0, None), Discard(C("8S")))
    assert state.last_deal is not None
    assert state.last_deal.winner == 0
    assert state.last_deal.scores == (0, 70, 25)
    assert state.scores == (7, 70, 25)
    assert state.wins == (1, 0, 0)


# -- the house configuration shanghai-family ---------------------------------------------------------


def test_family_per_player_levels_with_eleven_cards_whatever_the_level() -> None:
    state = remi.new_game(FAMILY, players=3, seed=4, levels=[1, 4, 10])
    assert_invariants(state)
    assert state.levels == (1, 4, 10)
    assert [len(hand) for hand in state.hands] == [11, 11, 11]
    assert [state.contract(seat).name for seat in range(3)] == ["two sets", "three sets", "three runs of 5"]
    with pytest.raises(remi.RemiError) as info:
        remi.new_game(FAMILY, players=3, seed=4, round=2)
    assert info.value.reason is Reason.BAD_POSITION


def test_family_a_deal_with_no_winner_still_moves_up_who_went_down() -> None:
    table = [meld(SET, "5C 5D 5H", owner=1), meld(RUN, "6S 7S 8S 9S", owner=1)]
    hands = ["3S 9D", "3H 3D"]
    rest = leftovers(3, *hands, "KD", "4S", "5C 5D 5H 6S 7S 8S 9S", variant=FAMILY)
    state = game([*hands, rest], stock="KD", discard="4S", table=table, levels=[2, 2, 2], variant=FAMILY)
    state = play(state, DrawStock())  # one stock card and nothing to recycle: no buy window
    assert state.phase is Phase.PLAY
    state = play(state, Discard(C("3S")))
    state = play(state, DrawStock())  # seat 1 draws from the stock rebuilt from the 4S
    assert state.rebuilds == 1
    state = state.apply(Discard(C("3H")))
    state = state.apply(DrawStock())  # seat 2 finds the stock empty again: the deal ends
    result = state.last_deal
    assert result is not None
    assert result.winner is None
    assert result.went_down == (False, True, False)
    assert state.levels == (2, 3, 2)
    assert_invariants(state)


def test_family_several_finishers_the_lowest_total_among_them_wins() -> None:
    table = [
        *DEAL_10_DOWN,
        meld(RUN, "5H 6H 7H 8H 9H", owner=1),
        meld(RUN, "10S JS QS KS AS", owner=1),
        meld(RUN, "6C 7C 8C 9C 10C", owner=1),
    ]
    state = game(["8S", "KC", "3C 4C"], stock="9S", levels=[10, 10, 8], table=table, scores=[200, 150, 90],
                 variant=FAMILY)
    state = draw(state)
    state = play(state, LayOff(C("8S"), 0, End.HIGH), LayOff(C("9S"), 0, End.HIGH))
    assert state.is_over
    assert state.scores == (200, 160, 100)
    assert state.winners == (1,)  # seat 2 has the lowest total but did not complete level 10


def test_family_otherwise_plays_as_shanghai() -> None:
    assert FAMILY.buying == SHANGHAI.buying
    assert FAMILY.swaps == SHANGHAI.swaps
    assert FAMILY.layoffs == SHANGHAI.layoffs
    assert FAMILY.scoring == SHANGHAI.scoring
    assert FAMILY.contracts == SHANGHAI.contracts
    assert FAMILY.deck == attrs.evolve(SHANGHAI.deck, dead_twos=True)  # S15 house
    assert not SHANGHAI.deck.dead_twos
    assert FAMILY.match.stock_rebuilds == 1
    assert FAMILY.references == SHANGHAI.references
