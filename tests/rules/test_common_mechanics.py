"""Mechanics common to several variants, each test parametrized across the variants whose rules state it.

Each parameter's id names the variant's own clause (``N15-norwegian``, ``L2-liverpool``, ...) and each
test's name lists the clauses it checks. Positions are built and played with the variant's
:class:`scenario.Rulebook`, so every refusal is checked three ways (``apply``/``check``, ``is_legal``, the
listing) and cites only that variant's clauses; where a clause is given, the refusal ends by citing it.
Rules that only one variant has stay in that variant's file (``tests/rules/test_<variant>.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

import remi
from remi import End, MeldKind, Phase, Reason, TableMeld, parse_cards
from remi.actions import Buy, Discard, DrawStock, LayOff, Pass, TakeDiscard
from remi.testing import assert_invariants, card_multiset
from scenario import FILLERS, RULEBOOKS, C, cards, down, laydowns, meld

SET, RUN = MeldKind.SET, MeldKind.RUN
JK = remi.JOKER


def case(clause: str, variant: str, *values: object, detail: object = None) -> object:
    """One variant's parameters, with an id naming its clause, the variant and ``detail`` if any
    (``"L2-liverpool"``, ``"L1-liverpool-3p"``)."""
    return pytest.param(clause, variant, *values, id="-".join(str(part) for part in (clause, variant, detail) if part))


# -- players and the deck (N1, N2, E1, L1, S1, M1) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "variant", "players", "packs", "jokers", "seed"),
    [
        case("N2", "norwegian", 4, 2, 9, 5, detail="4p"),
        case("E1", "english", 6, 2, 4, 3, detail="6p"),
        *(case("L1", "liverpool", players, packs, jokers, 3, detail=f"{players}p")
          for players, packs, jokers in [(3, 2, 4), (4, 2, 4), (5, 3, 6), (6, 3, 6), (7, 3, 6), (8, 3, 6)]),
        *(case("S1", "shanghai", players, packs, jokers, 3, detail=f"{players}p")
          for players, packs, jokers in [(2, 2, 4), (3, 2, 4), (4, 2, 4), (5, 3, 6), (6, 3, 6)]),
        *(case("M1", "mayi", players, packs, jokers, 3, detail=f"{players}p")
          for players, packs, jokers in [(3, 2, 4), (4, 2, 4), (5, 2, 4), (6, 3, 6), (7, 3, 6), (8, 3, 6)]),
        # liverpool-project adds two players and nine to ten to L1
        *(case("L1", "liverpool-project", players, packs, jokers, 3, detail=f"{players}p")
          for players, packs, jokers in [(2, 1, 2), (3, 2, 4), (4, 2, 4), (5, 3, 6), (8, 3, 6), (9, 4, 8), (10, 4, 8)]),
    ],
)
def test_N2_E1_L1_S1_M1_the_deck_by_player_count(
    clause: str, variant: str, players: int, packs: int, jokers: int, seed: int
) -> None:
    state = remi.new_game(remi.variants.get(variant), players=players, seed=seed)
    assert_invariants(state)
    everything = card_multiset(state)
    assert sum(everything.values()) == 52 * packs + jokers  # 113 in Norwegian; 108 or 162 in the others
    assert everything[JK] == jokers
    assert all(everything[card] == packs for card in remi.NATURALS)


@pytest.mark.parametrize(
    ("clause", "variant", "players", "fewest", "most"),
    [
        *(case("N1", "norwegian", players, 2, 6, detail=f"{players}p") for players in [1, 7]),
        *(case("L1", "liverpool", players, 3, 8, detail=f"{players}p") for players in [2, 9]),
        *(case("S1", "shanghai", players, 2, 6, detail=f"{players}p") for players in [1, 7, 8]),
        *(case("M1", "mayi", players, 3, 8, detail=f"{players}p") for players in [2, 9]),
        *(case("L1", "liverpool-project", players, 2, 10, detail=f"{players}p") for players in [1, 11]),
    ],
)
def test_N1_L1_S1_M1_other_player_counts_are_refused(
    clause: str, variant: str, players: int, fewest: int, most: int
) -> None:
    with pytest.raises(remi.RemiError) as info:
        remi.new_game(remi.variants.get(variant), players=players, seed=3)
    assert type(info.value) is remi.RemiError  # a bad argument: not a subclass's kind of refusal
    assert info.value.reason is Reason.BAD_ARGUMENT
    assert str(info.value) == f"{variant} is played by {fewest} to {most} players, not {players}"


# -- dealing and the first dealer (N7, N12, E3, L3, S2, M2) -------------------------------------------------


def deals(clause: str, variant: str, rows: Sequence[tuple[int, int, int, int]]) -> list[object]:
    """Cases of dealing: ``(players, dealer, round, cards per hand)`` each."""
    return [case(clause, variant, *row, detail="{}p-dealer{}-round{}-{}cards".format(*row)) for row in rows]


@pytest.mark.parametrize(
    ("clause", "variant", "players", "dealer", "round_", "size"),
    [
        *deals("N7", "norwegian", [(3, 0, 1, 10), (4, 2, 1, 10), (4, 3, 6, 10), (5, 1, 7, 11), (2, 1, 7, 11)]),
        # English plays levels: every seat on level 3 here
        *deals("E3", "english", [(2, 0, 3, 10), (3, 1, 3, 10), (4, 1, 3, 10), (5, 4, 3, 10), (6, 2, 3, 10)]),
        *deals("L3", "liverpool", [(3, 0, 1, 10), (4, 2, 3, 10), (5, 1, 5, 12), (8, 7, 7, 12)]),
        *deals("S2", "shanghai", [(2, 0, 1, 11), (4, 2, 5, 11), (5, 1, 8, 11), (6, 5, 10, 11)]),
        *deals("M2", "mayi", [(3, 0, 1, 11), (4, 2, 3, 11), (5, 1, 5, 11), (8, 7, 6, 11)]),
    ],
)
def test_N7_E3_L3_S2_M2_dealt_one_at_a_time_clockwise_from_the_dealers_left_then_the_upcard(
    clause: str, variant: str, players: int, dealer: int, round_: int, size: int
) -> None:
    rules = remi.variants.get(variant)
    dealt = players * size
    deck = (remi.NATURALS * 3)[: dealt + 2]  # distinct cards as far as one pack goes
    by_levels = rules.match.schedule is remi.Schedule.LEVELS
    state = remi.new_game(
        rules, players=players, seed=9, deck=deck, dealer=dealer,
        round=None if by_levels else round_, levels=[round_] * players if by_levels else None,
    )
    for step in range(players):
        seat = (dealer + 1 + step) % players
        assert Counter(state.hands[seat]) == Counter(deck[step:dealt:players])
        assert len(state.hands[seat]) == size
    assert state.discard_pile == (deck[dealt],)  # the upcard starts the discard pile
    assert state.stock[0] == deck[dealt + 1]
    assert len(state.stock) == len(rules.cards(players)) - dealt - 1
    assert state.on_turn == state.to_act == (dealer + 1) % players  # the player after the dealer starts (N12)
    assert state.phase is Phase.DRAW
    assert_invariants(state)


@pytest.mark.parametrize(
    ("clause", "variant"), [case("N12", "norwegian"), case("L3", "liverpool"), case("S2", "shanghai")]
)
def test_N12_L3_S2_the_first_dealer_is_chosen_by_the_seed(clause: str, variant: str) -> None:
    rules = remi.variants.get(variant)
    dealers = {remi.new_game(rules, players=4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    state = remi.new_game(rules, players=4, seed=17)
    assert state.dealer == remi.new_game(rules, players=4, seed=17).dealer
    assert state.on_turn == (state.dealer + 1) % 4


# -- contracts (N6, N15, L2, S3, M3) -------------------------------------------------------------------


#: Per variant, each round's contract: its name and its requirements.
CONTRACTS = {
    "norwegian": [
        ("3-3", "set 3, set 3"),
        ("3-4", "set 3, run 4"),
        ("4-4", "run 4, run 4"),
        ("3-3-3", "set 3, set 3, set 3"),
        ("3-3-4", "set 3, set 3, run 4"),
        ("3-4-4", "set 3, run 4, run 4"),
        ("4-4-4", "run 4, run 4, run 4"),
    ],
    "liverpool": [
        ("3-3", "set 3, set 3"),
        ("3-4", "set 3, run 4"),
        ("4-4", "run 4, run 4"),
        ("3-3-3", "set 3, set 3, set 3"),
        ("3-3-4", "set 3, set 3, run 4"),
        ("3-4-4", "set 3, run 4, run 4"),
        ("4-4-4", "run 4, run 4, run 4"),
    ],
    "shanghai": [
        ("two sets", "set 3, set 3"),
        ("set + run of 4", "set 3, run 4"),
        ("two runs of 4", "run 4, run 4"),
        ("three sets", "set 3, set 3, set 3"),
        ("set + run of 7", "set 3, run 7"),
        ("two sets + run of 5", "set 3, set 3, run 5"),
        ("three runs of 4", "run 4, run 4, run 4"),
        ("set + run of 10", "set 3, run 10"),
        ("three sets + run of 5", "set 3, set 3, set 3, run 5"),
        ("three runs of 5", "run 5, run 5, run 5"),
    ],
    "mayi": [
        ("two sets", "set 3, set 3"),
        ("set + run", "set 3, run 4"),
        ("two runs", "run 4, run 4"),
        ("three sets", "set 3, set 3, set 3"),
        ("two sets + run", "set 3, set 3, run 4"),
        ("set + two runs", "set 3, run 4, run 4"),
    ],
}
#: The clause of each variant that lists its contracts.
CONTRACT_CLAUSES = {"norwegian": "N6", "liverpool": "L2", "shanghai": "S3", "mayi": "M3"}


@pytest.mark.parametrize(
    ("clause", "variant", "round_", "name", "shape"),
    [
        pytest.param(CONTRACT_CLAUSES[variant], variant, round_, name, shape,
                     id=f"{CONTRACT_CLAUSES[variant]}-{variant}-{round_}")
        for variant, contracts in CONTRACTS.items()
        for round_, (name, shape) in enumerate(contracts, 1)
    ],
)
def test_N6_L2_S3_M3_contract_by_round(clause: str, variant: str, round_: int, name: str, shape: str) -> None:
    rules = remi.variants.get(variant)
    state = remi.new_game(rules, players=3, seed=1, round=round_)
    for seat in range(3):
        contract = state.contract(seat)
        assert contract.name == name
        assert ", ".join(str(requirement) for requirement in contract.requirements) == shape
    assert rules.rounds == len(CONTRACTS[variant])


@pytest.mark.parametrize(
    ("clause", "variant", "hand", "others", "stock", "third"),
    [
        case("N15", "norwegian", "5C 5D 5H KS KH KD 9S 9H 9D 3C", FILLERS["norwegian"][:1], "2D", "set 9S 9H 9D"),
        case("L2", "liverpool", "5C 5D 5H KS KH KD 9S 9H 9D 3C", FILLERS["liverpool"][:2], "2D", "set 9S 9H 9D"),
        case("S3", "shanghai", "5C 5D 5H KS KH KD 9S 9H 9D 3C 4C", FILLERS["shanghai"][1:], "6D", "set 9S 9H 9D"),
        case("M3", "mayi", "5C 5D 5H KS KH KD 9S 9H 9C 3C", FILLERS["mayi"][:2], "QS", "set 9S 9H 9C"),
    ],
)
def test_N15_L2_S3_M3_the_whole_contract_in_one_turn_and_no_meld_beyond_it(
    clause: str, variant: str, hand: str, others: Sequence[str], stock: str, third: str
) -> None:
    rules = RULEBOOKS[variant]
    state = rules.draw(rules.game([hand, *others], stock=stock))
    assert rules.refused(state, down("set 5C 5D 5H"), clause=clause) is Reason.CONTRACT_NOT_MET
    three = down(f"set 5C 5D 5H; set KS KH KD; {third}")
    assert rules.refused(state, three, clause=clause) is Reason.CONTRACT_NOT_MET
    assert all(len(action.melds) == 2 for action in laydowns(state))
    state = rules.play(state, down("set 5C 5D 5H; set KS KH KD"))
    assert state.down[0]
    assert rules.refused(state, down(third)) is Reason.ALREADY_DOWN
    assert rules.refused(state, down(f"{third}; {third}")) is Reason.ALREADY_DOWN


@pytest.mark.parametrize(
    ("clause", "variant", "hand", "others"),
    [
        case("L2", "liverpool", "5C 5D 5H KS KH KD 6S 7S 8S 3D", FILLERS["liverpool"][:2]),
        case("S3", "shanghai", "5C 5D 5H KS KH KD 6S 7S 8S 3D 4C", FILLERS["shanghai"][1:]),
        case("M3", "mayi", "5C 5D 5H KS KH KD 6S 7S 8S 3D", FILLERS["mayi"][:2]),
    ],
)
def test_L2_S3_M3_the_melds_must_be_the_contracts_kinds(
    clause: str, variant: str, hand: str, others: Sequence[str]
) -> None:
    rules = RULEBOOKS[variant]
    state = rules.draw(rules.game([hand, *others], stock="9S", round=2))
    assert rules.refused(state, down("set 5C 5D 5H; set KS KH KD"), clause=clause) is Reason.CONTRACT_NOT_MET
    state = rules.play(state, down("set 5C 5D 5H; run 6S 7S 8S 9S"))
    assert state.down[0]


@pytest.mark.parametrize(
    ("clause", "variant", "hand", "others", "stock", "discard"),
    [
        case("N15", "norwegian", "5C 5D 5H KS KH KD 9S 9H 2D 3C", FILLERS["norwegian"][:1], "2H", "2D"),
        case("L2", "liverpool", "5C 5D 5H KS KH KD 9S 9H 2D 3C", FILLERS["liverpool"][:2], "2H", "2D"),
        case("S3", "shanghai", "5C 5D 5H KS KH KD 9S 9H 4D 3C 4C", FILLERS["shanghai"][1:], "6H", "4D"),
        case("M3", "mayi", "5C 5D 5H KS KH KD 9S 9H 3C", FILLERS["mayi"][:2], "QS", "3C"),
    ],
)
def test_N15_L2_S3_M3_going_down_is_optional(
    clause: str, variant: str, hand: str, others: Sequence[str], stock: str, discard: str
) -> None:
    rules = RULEBOOKS[variant]
    state = rules.draw(rules.game([hand, *others], stock=stock))
    assert state.is_legal(down("set 5C 5D 5H; set KS KH KD"))
    state = rules.play(state, Discard(C(discard)))
    assert not state.down[0]
    assert state.table == ()
    assert state.on_turn == 1


@pytest.mark.parametrize(
    ("clause", "variant", "stock"), [case("L2", "liverpool", "2D"), case("M3", "mayi", "JC")]
)
def test_L2_M3_sizes_are_minimums_a_longer_meld_is_fine(clause: str, variant: str, stock: str) -> None:
    rules = RULEBOOKS[variant]
    state = rules.draw(rules.game(["5C 5D 5H 5S 6H 7H 8H 9H 10H KD", *FILLERS[variant][:2]], stock=stock, round=2))
    state = rules.play(state, down("set 5C 5D 5H 5S; run 6H 7H 8H 9H 10H"))
    assert state.down[0]
    assert sorted(len(m.cards) for m in state.table) == [4, 5]
    assert state.hands[0] == cards(f"KD {stock}")


# -- runs and their aces (L4, S9) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "variant", "hand", "others", "stock", "wrapped", "contract", "left"),
    [
        case("L4", "liverpool", "AD 2D 3D 4D JC QC KC AC 2C 5H", FILLERS["liverpool"][:2], "3C",
             "run KC AC 2C 3C; run AD 2D 3D 4D", "run AD 2D 3D 4D; run JC QC KC AC", "2C 3C 5H"),
        case("S9", "shanghai", "JC QC KC AC JK 3D 4D 5D 6D 9H 10S", FILLERS["shanghai"][1:], "8S",
             "run QC KC AC JK; run 3D 4D 5D 6D", "run JC QC KC AC; run 3D 4D 5D 6D", "JK 9H 10S 8S"),
    ],
)
def test_L4_S9_ace_low_or_high_but_no_wrap(
    clause: str, variant: str, hand: str, others: Sequence[str], stock: str, wrapped: str, contract: str, left: str
) -> None:
    rules = RULEBOOKS[variant]
    state = rules.draw(rules.game([hand, *others], stock=stock, round=3))
    assert rules.refused(state, down(wrapped)) is Reason.INVALID_MELD
    state = rules.play(state, down(contract))
    assert state.down[0]
    assert state.hands[0] == cards(left)


@pytest.mark.parametrize(
    ("clause", "variant", "hand", "others", "second_set", "layoffs"),
    [
        case("L4", "liverpool", "AH JK 2C", FILLERS["liverpool"][1:], "9C 9D 9H", None),
        case("S9", "shanghai", "AH JK 3C", FILLERS["shanghai"][::2], "9C 9D 9S", [0, 9, 0]),
    ],
)
def test_L4_S9_a_run_never_holds_two_aces(
    clause: str, variant: str, hand: str, others: Sequence[str], second_set: str, layoffs: Sequence[int] | None
) -> None:
    rules = RULEBOOKS[variant]
    table = [
        meld(SET, "5C 5D 5S", owner=0),
        meld(RUN, "6S 7S 8S 9S", owner=0),
        meld(SET, second_set, owner=1),
        meld(RUN, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", owner=1),
    ]
    state = rules.draw(rules.game([hand, *others], stock="KD", table=table, round=2, layoffs=layoffs))
    assert state.down[0]
    assert rules.refused(state, LayOff(C("AH"), 3, End.HIGH)) is Reason.BAD_LAYOFF
    assert rules.refused(state, LayOff(C("AH"), 3, End.LOW)) is Reason.BAD_LAYOFF
    assert rules.refused(state, LayOff(JK, 3, End.HIGH)) is Reason.BAD_LAYOFF
    assert rules.refused(state, LayOff(JK, 3, End.LOW)) is Reason.BAD_LAYOFF
    assert len(state.table[3].cards) == 13  # the longest run


# -- the taken discard (N13, E7, L6) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "variant", "hand", "others", "discard_pile", "other_discard"),
    [
        case("N13", "norwegian", "2S 5H 9D KC 3H 4D 6C 8S 10H JD", FILLERS["norwegian"][:1], "5C 7C", "2S"),
        case("E7", "english", "2H 3D 4C 5H 6D 8S 9S 10D JC QH", FILLERS["english"][:1], "7C", "2H"),
        case("L6", "liverpool", "2S 5H 9D KC 3H 4D 6C 8S 10H JD", FILLERS["liverpool"][:2], "5C 7C", "2S"),
    ],
)
def test_N13_E7_L6_the_taken_discard_cannot_be_discarded_again(
    clause: str, variant: str, hand: str, others: Sequence[str], discard_pile: str, other_discard: str
) -> None:
    rules = RULEBOOKS[variant]
    state = rules.play(rules.game([hand, *others], discard=discard_pile), TakeDiscard())
    assert state.taken == C("7C")
    assert rules.refused(state, Discard(C("7C")), clause=clause) is Reason.CANNOT_REDISCARD
    state = rules.play(state, Discard(C(other_discard)))
    assert state.discard_pile[-1] == C(other_discard)


@pytest.mark.parametrize(
    ("clause", "variant", "hand", "table", "discard_pile", "levels", "onto", "end"),
    [
        case("N13", "norwegian", "KH 2S 3D 4S",
             [meld(SET, "5C 5D 5H", owner=0), meld(SET, "8C 8D 8H", owner=0),
              meld(SET, "KS KD KC", owner=1), meld(SET, "9C 9D 9S", owner=1)],
             "2C KH", None, 2, None),
        # before opening: 1 of game 2's 2 lay-offs (E10, E12)
        case("E7", "english", "KH 2S 3D 4C 5H 6D 8S 9S 10D JC", [meld(RUN, "9H 10H JH QH", owner=1)],
             "KH", [2, 1], 0, End.HIGH),
    ],
)
def test_N13_E7_a_held_copy_may_be_discarded_after_the_other_is_laid_off(
    clause: str,
    variant: str,
    hand: str,
    table: Sequence[TableMeld],
    discard_pile: str,
    levels: Sequence[int] | None,
    onto: int,
    end: End | None,
) -> None:
    """Holding K♥, taking the other K♥ and laying one off: whichever copy leaves the hand first counts
    as the taken one, and the remaining K♥ may be discarded."""
    rules = RULEBOOKS[variant]
    state = rules.game([hand, FILLERS[variant][0]], table=table, discard=discard_pile, levels=levels)
    state = rules.play(state, TakeDiscard())
    assert state.hands[0].count(C("KH")) == 2
    state = rules.play(state, LayOff(C("KH"), onto, end))
    assert state.hands[0].count(C("KH")) == 1
    assert state.taken is None
    state = rules.play(state, Discard(C("KH")))
    assert C("KH") not in state.hands[0]


# -- laying off (N16, L8, S12, M10) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "variant", "hand", "others", "stock", "table_sets", "card", "cites"),
    [
        case("NX13", "norwegian", "6S 2C 3C 4H 7D 9S JH KD 10C QC", FILLERS["norwegian"][:1], "5D",
             ("6H 6D 6C", "9C 9D 9H"), "6S", "N16"),
        case("L8", "liverpool", "6S 2C 3C 4H 7D 9S JH KD 10C QC", FILLERS["liverpool"][1:], "5D",
             ("6H 6D 6C", "9C 9D 9H"), "6S", "L8"),
        case("S12", "shanghai", "6S 3S 4H 7D 9C JH KD 10C QC 5H 8S", FILLERS["shanghai"][1:], "5D",
             ("6H 6D 6C", "9S 9D 9H"), "6S", "S12"),
        case("M10", "mayi", "5S 6H 3D", ("6C 7D", FILLERS["mayi"][2]), "KS", ("5C 5D 5H", "JC JD JH"), "5S", "M10"),
    ],
)
def test_NX13_L8_S12_M10_a_player_not_down_may_not_lay_off(
    clause: str,
    variant: str,
    hand: str,
    others: Sequence[str],
    stock: str,
    table_sets: Sequence[str],
    card: str,
    cites: str,
) -> None:
    """The refusal cites the variant's lay-off clause (``NX13`` is Norwegian's worked example of N16)."""
    rules = RULEBOOKS[variant]
    table = [meld(SET, cards_text, owner=1) for cards_text in table_sets]
    state = rules.draw(rules.game([hand, *others], stock=stock, table=table))
    assert not state.down[0]
    assert rules.refused(state, LayOff(C(card), 0, None), clause=cites) is Reason.NOT_DOWN
    assert not any(isinstance(action, LayOff) for action in state.legal_actions())


# -- a buy from the last stock card (L13, S16) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "variant", "hands"),
    [case("L13", "liverpool", ("2S 3S 9D", "2H 3D 5C")), case("S16", "shanghai", ("3S 4S 9D", "3H 3D 5C"))],
)
def test_L13_S16_a_buyer_may_take_the_last_stock_card_the_player_on_turn_draws_from_the_rebuilt_stock(
    clause: str, variant: str, hands: Sequence[str]
) -> None:
    rules = RULEBOOKS[variant]
    rest = rules.leftovers(3, *hands, "KD", "6H 7H 4S 9C")
    state = rules.game([*hands, rest], stock="KD", discard="6H 7H 4S 9C")
    state = rules.play(state, DrawStock())
    assert state.buy_queue == (1, 2)
    state = rules.play(state, Buy())
    assert state.hands[1] == cards(f"{hands[1]} 9C KD")  # the discard and the top (last) stock card
    assert state.discard_pile == (C("4S"),)  # the new top stays
    assert state.rebuilds == 1
    drawn = Counter(state.hands[0]) - Counter(parse_cards(hands[0]))
    assert sum(drawn.values()) == 1
    assert drawn + Counter(state.stock) == Counter(parse_cards("6H 7H"))
    assert state.phase is Phase.PLAY and state.to_act == 0


@pytest.mark.parametrize(
    ("clause", "variant", "hands"),
    [case("L13", "liverpool", ("2S 3S 9D", "2H 3D 5C")), case("S16", "shanghai", ("3S 4S 9D", "3H 3D 5C"))],
)
def test_L13_S16_no_buy_window_when_the_stock_cannot_serve_the_buyer_and_the_player_on_turn(
    clause: str, variant: str, hands: Sequence[str]
) -> None:
    rules = RULEBOOKS[variant]
    rest = rules.leftovers(3, *hands, "KD", "4S 9C")
    state = rules.game([*hands, rest], stock="KD", discard="4S 9C")
    state = rules.play(state, DrawStock())
    assert state.phase is Phase.PLAY  # one stock card, and only the 4S could be recycled after a buy
    assert state.buy_queue == ()
    assert state.hands[0] == cards(f"{hands[0]} KD")


# -- the stock runs out (N20, E17, L13, S16, M15) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "variant", "hands", "discard_pile", "seed"),
    [
        case("N20", "norwegian", ("2C",), "5S", 5),
        case("E17", "english", ("2C",), "5S", 5),
        case("M15", "mayi", ("3S 4H", "3H 4D"), "4C", 11),
    ],
)
def test_N20_E17_M15_when_nothing_can_be_recycled_the_deal_ends_with_no_winner(
    clause: str, variant: str, hands: Sequence[str], discard_pile: str, seed: int
) -> None:
    """An empty stock and a discard pile of one card: the first stock draw ends the deal; everyone scores
    what they hold, nobody wins it (in English Remi nobody advances)."""
    rules = remi.variants.get(variant)
    players = len(hands) + 1
    rest = RULEBOOKS[variant].leftovers(players, *hands, discard_pile)
    by_levels = rules.match.schedule is remi.Schedule.LEVELS
    levels, wins = ([4, 2], [3, 1]) if by_levels else (None, None)
    state = remi.new_game(rules, players=players, seed=seed, dealer=players - 1, hands=[*hands, rest],
                          discard_pile=discard_pile, levels=levels, wins=wins)
    assert_invariants(state)
    assert state.stock == ()
    assert state.discard_pile == (C(discard_pile),)
    held = state.hands
    state = state.apply(DrawStock())
    result = state.last_deal
    assert result is not None
    assert result.winner is None
    assert result.exhausted
    assert result.hands == held
    assert result.scores == tuple(rules.hand_points(hand) for hand in held)
    assert state.deal == 2
    if by_levels:
        assert state.levels == (4, 2)
        assert state.wins == (3, 1)
    else:
        assert state.round == 2
    assert_invariants(state)


def spend_the_stock(state: remi.GameState, limit: int) -> tuple[remi.GameState, set[int]]:
    """Draw, pass and discard until the stock is empty and rebuilt ``limit`` times (at most 400 actions),
    keeping every card; the state then, and every count of rebuilds seen on the way."""
    deck = sum(card_multiset(state).values())
    rebuilds_seen = {state.rebuilds}
    for _ in range(400):
        if state.phase is Phase.PLAY:  # seat 2's huge hand: apply without listing
            state = state.apply(Discard(state.hands[state.on_turn][0]))
        elif state.phase is Phase.BUY:
            state = state.apply(Pass())
        elif not state.stock and state.rebuilds == limit:
            break
        else:
            state = state.apply(DrawStock())
        rebuilds_seen.add(state.rebuilds)
        assert sum(card_multiset(state).values()) == deck
    return state, rebuilds_seen


@pytest.mark.parametrize(
    ("clause", "variant", "hands", "buyers", "limit"),
    [
        # the discarder may not buy its own discard back in Liverpool (L7), it may in Shanghai (S10)
        case("L13", "liverpool", ("2S 3S 9D", "2H 3D 5C"), (2,), 2),
        case("S16", "shanghai", ("3S 4S 9D", "3H 3D 5C"), (2, 0), 1),
    ],
)
def test_L13_S16_the_stock_is_rebuilt_up_to_its_limit_then_the_deal_ends(
    clause: str, variant: str, hands: Sequence[str], buyers: Sequence[int], limit: int
) -> None:
    rules = RULEBOOKS[variant]
    rest = rules.leftovers(3, *hands, "KD", "6H 7H 4S 9C")
    state = rules.game([*hands, rest], stock="KD", discard="6H 7H 4S 9C")
    state = rules.passes(rules.play(state, DrawStock()))
    assert state.stock == ()
    first = parse_cards(hands[0])[0]
    state = rules.play(state, Discard(first))
    state = rules.play(state, DrawStock())  # seat 1: the others are asked about seat 0's discard first
    assert state.buy_queue == tuple(buyers)
    state = rules.passes(state)  # then the stock is rebuilt from 6H 7H 4S 9C: seat 0's discard stays
    assert state.rebuilds == 1
    assert state.discard_pile == (first,)
    assert len(state.stock) == 3
    gained = Counter(state.stock) + Counter(state.hands[1]) - Counter(parse_cards(hands[1]))
    assert gained == Counter(parse_cards("6H 7H 4S 9C"))
    assert_invariants(state)
    assert sum(card_multiset(state).values()) == len(rules.variant.cards(3))
    state, rebuilds_seen = spend_the_stock(state, limit)
    assert rebuilds_seen == set(range(1, limit + 1))
    assert state.deal == 1
    assert state.phase is Phase.DRAW
    hands_now = state.hands
    state = state.apply(DrawStock())  # one rebuild more is not allowed: the deal ends
    result = state.last_deal
    assert result is not None
    assert result.winner is None
    assert result.exhausted
    assert result.hands == hands_now
    assert result.scores == tuple(rules.variant.hand_points(hand) for hand in hands_now)
    assert state.deal == 2
    assert state.rebuilds == 0
    assert_invariants(state)


# -- card values (L12, S17, M16) -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "variant", "card", "value"),
    [
        *(case("L12", "liverpool", card, value, detail=card)
          for card, value in [("JK", 15), ("AS", 15), ("KH", 10), ("QD", 10), ("JC", 10), ("10S", 10),
                              ("9H", 5), ("5D", 5), ("3C", 5), ("2S", 5)]),
        *(case("S17", "shanghai", card, value, detail=card)
          for card, value in [("JK", 20), ("2S", 20), ("2H", 20), ("AS", 15), ("KH", 10), ("QD", 10), ("JC", 10),
                              ("10S", 10), ("9H", 5), ("5D", 5), ("3C", 5)]),
        *(case("M16", "mayi", card, value, detail=card)
          for card, value in [("JK", 50), ("AS", 15), ("2S", 20), ("2H", 20), ("KH", 10), ("QD", 10), ("JC", 10),
                              ("10S", 10), ("9H", 9), ("5D", 5), ("3C", 3)]),
    ],
)
def test_L12_S17_M16_card_values(clause: str, variant: str, card: str, value: int) -> None:
    assert remi.variants.get(variant).card_points(C(card)) == value


# -- meld verdicts of the worked examples (LX1, LX2, SX1, SX2, S9, MX1, MX2, M6) --------------------------


def verdicts(clause: str, variant: str, kind: MeldKind, rows: Sequence[tuple[str, bool]]) -> list[object]:
    """Cases of meld verdicts: ``(cards, valid)`` each, for melds of ``kind``."""
    return [case(clause, variant, kind, text, valid, detail=f"{kind.value}-{text.replace(' ', '_')}")
            for text, valid in rows]


@pytest.mark.parametrize(
    ("clause", "variant", "kind", "text", "valid"),
    [
        *verdicts("LX1", "liverpool", SET, [
            ("7S 7S 7H", True), ("KS KH KD KC", True), ("AH JK AC", True), ("KS KH", False), ("JK JK JK", False),
        ]),
        *verdicts("LX2", "liverpool", RUN, [
            ("10C JC QC KC AC", True),
            ("AD 2D 3D 4D", True),
            ("KC AC 2C 3C", False),
            ("2H JK 5H 6H", False),
            ("7S JK JK JK", True),
            ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", False),
        ]),
        # liverpool-project: melds of jokers only
        *verdicts("L5", "liverpool-project", SET, [("JK JK JK", True), ("JK JK", False)]),
        *verdicts("L5", "liverpool-project", RUN, [("JK JK JK JK", True), ("JK JK JK", False)]),
        *verdicts("SX1", "shanghai", SET, [
            ("7S 7H 2D", True),  # the 2 is wild
            ("7S 7H JK 2C", True),  # two wilds, two naturals
            ("2S 2H 2D", True),  # in a set of twos the 2s are naturals
            ("2S 2H JK", True),
            ("7S JK JK", False),  # two wilds, one natural (S7)
            ("7S 2C 2D", False),  # two wilds, one natural (S7)
            ("2S JK JK", False),
            ("4S 4S 4D", True),  # suits may repeat (S8)
            ("KS KH KD KC KS KH", True),
            ("KS KH", False),
        ]),
        *verdicts("SX2", "shanghai", RUN, [
            ("5C 6C 2S 8C", True),  # the 2 stands for the 7C
            ("9D JK JK QD", True),
            ("5C JK JK JK", False),  # more wilds than naturals (S7)
            ("5C 2S 2D JK", False),
            ("KH AH 2H 3H", False),  # no wrap, whatever the 2 stands for (S9)
        ]),
        *verdicts("SX1", "shanghai-family", SET, [
            ("7S 7H 2S", True),  # a wild's printed suit does not count
            ("7S 7H JK", True),
            ("2S 2H 2D", True),  # the 2s of a set of twos are naturals of three suits
            ("2S 2S 2D", False),  # ... so they may not repeat a suit
            ("4S 4S 4D", False),
        ]),
        *verdicts("S9", "shanghai", RUN, [
            ("AD 2D 3D 4D", True),
            ("JC QC KC AC", True),
            ("QC KC AC JK", False),  # the joker would be a 2 after the high ace: a wrap
            ("KC AC 2C 3C", False),
            ("6S 7S 8S", False),
            ("6S 7S 8S 9H", False),
            ("AS 3S 4S 5S", False),
            ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", True),  # 13 cards, the longest
            ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", False),  # never both aces
        ]),
        # wild 2s: a 2 completes a set as a wild, and there is no set of twos
        *verdicts("MX1", "mayi", SET, [
            ("9C 9C 9D", True), ("9C 9D 2H", True), ("9C JK 2H", False), ("2C 2D 2H", False), ("2C 2D 2H 2S", False),
        ]),
        # wild 2s: runs go from 3 up to the ace; a 2 is a wild even in its own place
        *verdicts("MX2", "mayi", RUN, [
            ("3D 4D 5D 6D", True),
            ("JH QH KH AH", True),
            ("3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", True),
            ("AS 3S 4S 5S", False),
            ("2S 3S 4S 5S", False),  # the 2 is a wild in its own place, standing below the 3
            ("JK 3S 4S 5S", False),  # a wild below the 3
            ("QS KS AS JK", False),  # a wild above the ace
            ("QS KS AS 2S", False),
            ("3S 4S 2H 6S", True),  # the 2 stands for the 5S
        ]),
        *verdicts("M6", "mayi", SET, [
            ("9C 9C 9C", True), ("7S 7S 7H", True), ("KS KH", False), ("KS KH QH", False), ("JK JK JK", False),
        ]),
    ],
)
def test_LX1_LX2_SX1_SX2_S9_MX1_MX2_M6_meld_verdicts(
    clause: str, variant: str, kind: MeldKind, text: str, valid: bool
) -> None:
    assert (not remi.variants.get(variant).meld_problems(kind, text)) is valid


# -- a match of fixed rounds (N3, N19, L12, S5, M2) -------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "variant", "players", "sizes"),
    [
        case("N3", "norwegian", 4, (10, 10, 10, 10, 10, 10, 11)),
        case("L12", "liverpool", 3, (10, 10, 10, 10, 12, 12, 12)),
        case("S5", "shanghai", 3, (11,) * 10),
        case("M2", "mayi", 3, (11,) * 6),
    ],
)
def test_N3_L12_S5_M2_a_match_is_one_deal_of_each_round_and_the_totals_add_up(
    clause: str, variant: str, players: int, sizes: Sequence[int]
) -> None:
    """Every seat draws from the stock and discards its last card, nobody buys, until the match ends."""
    rules = remi.variants.get(variant)
    state = remi.new_game(rules, players=players, seed=21)
    rounds, dealers, names = [state.round], [state.dealer], [state.contract(0).name]
    while not state.is_over:
        deal = state.deal
        if state.phase is Phase.DRAW:
            state = state.apply(DrawStock())
        elif state.phase is Phase.BUY:
            state = state.apply(Pass())
        else:
            state = state.apply(Discard(state.hands[state.on_turn][-1]))
        if state.deal != deal and not state.is_over:
            rounds.append(state.round)
            dealers.append(state.dealer)
            names.append(state.contract(0).name)
            assert state.on_turn == (state.dealer + 1) % players
            assert len({state.contract(seat).name for seat in range(players)}) == 1
            assert all(len(hand) == sizes[state.round - 1] for hand in state.hands)
    assert_invariants(state)
    assert rules.rounds == len(sizes)
    assert rounds == list(range(1, len(sizes) + 1))
    assert dealers == [(dealers[0] + step) % players for step in range(len(sizes))]  # one seat on each deal
    assert names == [contract.name for contract in rules.contracts]
    assert len(state.deal_scores) == len(sizes)
    assert state.scores == tuple(sum(column) for column in zip(*state.deal_scores, strict=True))
    best = min(state.scores)  # the lowest total wins, ties shared (N19, L12, S5, M16)
    lowest = [seat for seat in range(players) if state.scores[seat] == best]
    RULEBOOKS[variant].match_over(state, scores=state.scores, winners=lowest)
