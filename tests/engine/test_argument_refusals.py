"""Arguments of the wrong type or size are refused with a typed error and a sentence.

Regression tests for defects found by fuzzing the public functions: integers
too long for Python to print (over 4,300 digits) crashed the refusal that
named them, a match could start from totals that ``to_json()`` then could not
write, and a handful of functions let a wrong type through to a raw
``TypeError``, ``KeyError``, ``IndexError`` or ``AttributeError`` from inside.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import remi
from remi import Contract, Meld, MeldKind, Reason, RemiError, parse_cards
from remi.actions import DRAW, LayOff
from remi.cards import Card, Suit, full_deck, shuffled
from remi.contracts import Requirement
from remi.envs.encoding import encoding
from remi.parts import Deck, Scoring
from remi.simulation import seat_bots, simulate
from remi.solver import contract_hint, layoff_options, solve

HUGE = 10**5000  # Python prints no integer of more than 4,300 digits
NORWEGIAN = remi.variants.get("norwegian")
GAME = remi.new_game(NORWEGIAN, players=3, seed=1)

TOO_LONG_TO_PRINT: dict[str, Callable[[], object]] = {
    "players": lambda: remi.new_game(NORWEGIAN, players=HUGE),
    "dealer": lambda: remi.new_game(NORWEGIAN, players=3, dealer=HUGE),
    "round": lambda: remi.new_game(NORWEGIAN, players=3, round=HUGE),
    "layoffs": lambda: remi.new_game(NORWEGIAN, players=3, layoffs=[HUGE, 0, 0]),
    "wins": lambda: remi.new_game(NORWEGIAN, players=3, wins=[HUGE, 0, 0]),
    "scores": lambda: remi.new_game(NORWEGIAN, players=3, scores=[0, -HUGE, 0]),
    "seat": lambda: GAME.apply(DRAW, seat=HUGE),
    "layoff meld": lambda: LayOff("QS", HUGE),
    "view": lambda: GAME.view(HUGE),
    "card rank": lambda: Card(HUGE, Suit.SPADES),
    "requirement size": lambda: Requirement(MeldKind.SET, HUGE),
    "deck packs": lambda: Deck(packs=HUGE),
    "set_min": lambda: attrs.evolve(NORWEGIAN.melds, set_min=HUGE),
    "run_min": lambda: attrs.evolve(NORWEGIAN.melds, run_min=HUGE),
    "bot seed": lambda: remi.make_bot("random", seed=HUGE),
    "encoding players": lambda: encoding(NORWEGIAN, HUGE),
}


@pytest.mark.parametrize("call", TOO_LONG_TO_PRINT.values(), ids=TOO_LONG_TO_PRINT.keys())
def test_an_integer_too_long_to_print_is_refused_with_a_sentence(call: Callable[[], object]) -> None:
    with pytest.raises(RemiError) as refused:
        call()
    assert isinstance(refused.value.reason, Reason)
    assert str(refused.value)  # the sentence, which used to be what failed


def test_a_refusal_names_an_integer_too_long_to_print_by_its_size() -> None:
    with pytest.raises(RemiError, match="an integer of about 5,001 digits"):
        GAME.view(HUGE)


def test_a_match_starts_from_totals_every_json_reader_holds_and_no_larger() -> None:
    most = 2**53 - 1
    state = remi.new_game(NORWEGIAN, players=3, seed=1, wins=[most, 0, 0], scores=[-most, most, 0])
    assert remi.GameState.from_json(state.to_json()) == state
    starts: list[dict[str, Any]] = [{"wins": [most + 1, 0, 0]}, {"scores": [0, -most - 1, 0]},
                                    {"layoffs": [most + 1, 0, 0]}]
    for start in starts:
        with pytest.raises(RemiError, match="must lie between") as refused:
            remi.new_game(NORWEGIAN, players=3, seed=1, **start)
        assert refused.value.reason is Reason.BAD_POSITION


WRONG_TYPES: dict[str, Callable[[], object]] = {
    "variants.get(list)": lambda: remi.variants.get([1]),  # type: ignore[arg-type]
    "Meld.parse(None)": lambda: Meld.parse(None),  # type: ignore[arg-type]
    "Meld(text kind)": lambda: Meld("set", "QS QH QD"),  # type: ignore[arg-type]
    "references keyed by a list": lambda: attrs.evolve(NORWEGIAN, references=((["x"], "N1"),)),
    "view('0')": lambda: GAME.view("0"),  # type: ignore[arg-type]
    "view(True)": lambda: GAME.view(True),
    "view(1.0)": lambda: GAME.view(1.0),  # type: ignore[arg-type]
    "contract(99)": lambda: GAME.contract(99),
    "contract(-1)": lambda: GAME.contract(-1),
    "format_cards(ints)": lambda: remi.format_cards([1], symbols=True),  # type: ignore[list-item]
    "format_cards(None)": lambda: remi.format_cards(None),  # type: ignore[arg-type]
    "format_cards(text)": lambda: remi.format_cards(["x"]),  # type: ignore[list-item]
    "solve(contract=None)": lambda: solve(NORWEGIAN, parse_cards("QS QH QD"), None),  # type: ignore[arg-type]
    "solve(cards=None)": lambda: solve(NORWEGIAN, None, NORWEGIAN.contracts[0]),  # type: ignore[arg-type]
    "contract_hint(contract=None)": lambda: contract_hint(NORWEGIAN, parse_cards("QS"), None),  # type: ignore[arg-type]
    "layoff_options(text cards)": lambda: layoff_options(NORWEGIAN, ["QS"], []),  # type: ignore[list-item]
    "layoff_options(no pair)": lambda: layoff_options(NORWEGIAN, parse_cards("QC"), ["set QS QH QD"]),  # type: ignore[list-item]
    "assign(size text)": lambda: remi.assign(NORWEGIAN.contracts[0], [(MeldKind.SET, "3")], exact=False),  # type: ignore[list-item]
    "assign(contract=None)": lambda: remi.assign(None, [], exact=True),  # type: ignore[arg-type]
    "assign(text kind)": lambda: remi.assign(NORWEGIAN.contracts[0], [("set", 3)], exact=False),  # type: ignore[list-item]
    "buy_order(3.0 players)": lambda: NORWEGIAN.buy_order(3.0, 0),  # type: ignore[arg-type]
    "buy_order(99 players)": lambda: NORWEGIAN.buy_order(99, 0),
    "buy_order(seat 7)": lambda: NORWEGIAN.buy_order(3, 7),
    "buy_order(seat -1)": lambda: NORWEGIAN.buy_order(3, -1),
    "layoff_quota(99)": lambda: NORWEGIAN.layoff_quota(99),
    "layoff_quota(-1)": lambda: NORWEGIAN.layoff_quota(-1),
    "card_points(text)": lambda: NORWEGIAN.card_points("QS"),  # type: ignore[arg-type]
    "meld_problems(text kind)": lambda: NORWEGIAN.meld_problems("set", "QS QH QD"),  # type: ignore[arg-type]
    "simulate(bots=None)": lambda: simulate("norwegian", 3, None, 1),  # type: ignore[arg-type]
    "simulate(progress=5)": lambda: simulate("norwegian", 3, "random", 1, progress=5),  # type: ignore[arg-type]
    "full_deck(text)": lambda: full_deck("a", 0),  # type: ignore[arg-type]
    "full_deck(-1 jokers)": lambda: full_deck(1, -1),
    "shuffled(seed list)": lambda: shuffled(parse_cards("QS"), [1]),  # type: ignore[arg-type]
    "Scoring(rank_points=dict)": lambda: Scoring(rank_points={rank: 5 for rank in range(1, 14)}),
    "Scoring(rank_points=set)": lambda: Scoring(rank_points=set(range(13))),
}


@pytest.mark.parametrize("call", WRONG_TYPES.values(), ids=WRONG_TYPES.keys())
def test_an_argument_of_the_wrong_type_is_refused_with_a_reason(call: Callable[[], Any]) -> None:
    with pytest.raises(RemiError) as refused:
        call()
    assert isinstance(refused.value.reason, Reason)
    assert str(refused.value)


def test_arguments_of_other_valid_shapes_are_still_read() -> None:
    assert seat_bots(iter(["random", "greedy"]), 3) == ("random", "greedy", "random")
    assert seat_bots({"greedy": 1}.keys(), 2) == ("greedy", "greedy")
    sizes = {NORWEGIAN.contracts.contracts[0]: 10}
    contracts = attrs.evolve(NORWEGIAN.contracts, contracts=sizes.keys(), deal_sizes=sizes.values(),
                             going_out=[NORWEGIAN.contracts.going_out[0]])
    assert contracts.contracts == (NORWEGIAN.contracts.contracts[0],) and contracts.deal_sizes == (10,)
    cards = parse_cards("AS 2S 3S")
    for seed in (None, 1.5, b"x", "x", 3, random.Random(3)):
        assert sorted(shuffled(cards, seed)) == sorted(cards)
    assert remi.format_cards(card for card in cards) == "AS 2S 3S"
    assert solve(NORWEGIAN, iter(parse_cards("QS QH QD KS KH KD")), NORWEGIAN.contracts[0]) is not None


def test_layoff_options_reads_a_pair_of_kind_and_card_text_as_the_meld() -> None:
    as_text = layoff_options(NORWEGIAN, parse_cards("QC 4S"), [(MeldKind.SET, "QS QH QD")])
    as_meld = layoff_options(NORWEGIAN, parse_cards("QC 4S"), [Meld.parse("set QS QH QD")])
    assert as_text == as_meld
    assert [option.end for option in as_text[remi.parse_card("QC")]] == [None]


def test_a_meld_reads_any_whitespace_between_its_words() -> None:
    assert Meld.parse("set\tQS\nQH  QD") == Meld.parse("set QS QH QD")


def test_S15_a_hand_with_a_dead_two_is_solved_within_the_variants_meld_sizes() -> None:
    for name in ("norwegian", "shanghai", "shanghai-family"):
        variant = remi.variants.get(name)
        short = Contract.of("run 3")  # below every one of these variants' run minimum of 4
        assert solve(variant, parse_cards("7H 8H 9H"), short) is None
        assert solve(variant, parse_cards("7H 8H 9H 2C+"), short) is None
        found = solve(variant, parse_cards("7H 8H 9H 10H 2C+"), short)
        if variant.contracts.exact_sizes:  # a run of exactly 3 cannot be
            assert found is None
        else:
            assert found is not None
            assert all(not variant.meld_problems(meld.kind, meld.cards) for meld in found.melds)


def test_S15_contract_hint_with_a_dead_two_names_every_card_that_makes_the_contract() -> None:
    rng = random.Random(7)
    naturals = [card for card in NORWEGIAN.cards(4) if card.is_natural]
    deck = NORWEGIAN.cards(NORWEGIAN.max_players)
    dead, live = remi.parse_card("2C+"), remi.parse_card("2C")
    contract = Contract.of("run 4")
    for _ in range(12):
        suit, low = rng.choice(list(Suit)), rng.randint(3, 11)
        hand = (*(Card(rank, suit) for rank in range(low, low + 3)), *rng.sample(naturals, 3), dead)
        expected = {  # (the dead 2 in hand is one of the deck's 2C)
            card for card in set(deck)
            if deck.count(card) > hand.count(card) + (card == live) and solve(NORWEGIAN, (*hand, card), contract)
        }
        if solve(NORWEGIAN, hand, contract) is None:
            assert len(expected) >= 2
            assert set(contract_hint(NORWEGIAN, hand, contract)) == expected, remi.format_cards(hand)
