"""remi.position: a reachable position built from what its caller cares about, completed from the deck."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import Meld, MeldKind, Reason, RemiError, TableMeld
from remi.cards import NATURALS, Card, parse_cards
from remi.testing.invariants import assert_invariants

BUILT_INS = ("english", "liverpool", "liverpool-project", "mayi", "norwegian", "shanghai", "shanghai-family")


def _natural(rank: int, suit: int) -> Card:
    """The natural card of ``rank`` (1 to 13) and suit index ``suit`` (0 to 3)."""
    return NATURALS[suit * 13 + rank - 1]


@st.composite
def caller_inputs(draw: st.DrawFn) -> dict[str, Any]:
    """What a test author might give: some seats' melds (a set of 3 or a run of 4), some hands, a seed."""
    name = draw(st.sampled_from(BUILT_INS))
    variant = remi.variants.get(name)
    players = draw(st.integers(variant.min_players, min(variant.max_players, 4)))
    deck = list(variant.cards(players))
    table: list[tuple[int, str]] = []
    used: list[Card] = []
    for seat in draw(st.lists(st.integers(0, players - 1), max_size=2, unique=True)):
        if draw(st.booleans()):
            rank = draw(st.integers(3, 13))
            suits = draw(st.permutations(range(4)))[:3]
            cards = [_natural(rank, suit) for suit in suits]
            kind = MeldKind.SET
        else:
            suit, low = draw(st.integers(0, 3)), draw(st.integers(3, 10))
            cards = [_natural(rank, suit) for rank in range(low, low + 4)]
            kind = MeldKind.RUN
        if any(used.count(card) >= deck.count(card) for card in cards):
            continue  # (a two-deck game has each card twice; keep within the deck)
        used += cards
        table.append((seat, str(Meld(kind, cards))))
    rest = list(deck)
    for card in used:
        rest.remove(card)
    random.Random(draw(st.integers(0, 2**16))).shuffle(rest)
    hands: list[str | None] = []
    for _ in range(players):
        if draw(st.booleans()):
            size = draw(st.integers(1, 8))
            hands.append(" ".join(str(card) for card in rest[:size]))
            del rest[:size]
        else:
            hands.append(None)
    return {"variant": name, "players": players, "seed": draw(st.integers(0, 10**6)), "hands": hands,
            "table": table}


def _plays_on(game: remi.GameState, seed: int, steps: int = 40) -> None:
    """Play ``steps`` random legal actions from ``game``, checking every invariant after each."""
    chooser = random.Random(seed)
    for _ in range(steps):
        if game.phase is remi.Phase.OVER:
            return
        actions = list(game.legal_actions().only(remi.actions.DrawStock, remi.actions.TakeDiscard, remi.actions.Buy,
                                                  remi.actions.Pass, remi.actions.LayOff, remi.actions.Discard))
        game = game.apply(chooser.choice(actions))
        assert_invariants(game)


@settings(max_examples=60, deadline=None)
@given(caller_inputs())
def test_a_built_position_is_reachable_holds_what_was_given_and_plays_on(inputs: dict[str, Any]) -> None:
    game = remi.position(**inputs)
    assert_invariants(game)
    for seat, hand in enumerate(inputs["hands"]):
        if hand is not None:
            assert sorted(game.hands[seat]) == sorted(parse_cards(hand))
    given_table = [(owner, Meld.parse(text)) for owner, text in inputs["table"]]
    assert [(meld.owner, Meld(meld.kind, meld.cards)) for meld in game.table[: len(given_table)]] == given_table
    for owner, _meld in given_table:
        assert game.is_down(owner), "each owner of a table meld has laid its whole contract"
    assert all(not game.is_down(seat) for seat in range(game.players) if seat not in {o for o, _ in given_table})
    assert game.to_act == 0 or game.variant.contracts.first_player_extra_card
    assert remi.GameState.from_json(game.to_json()) == game  # new_game, from the recorded start, rebuilds it
    _plays_on(game, inputs["seed"])


def test_N18_the_round_is_the_first_the_melds_fit_and_not_all_in() -> None:
    game = remi.position("norwegian", 2, table=[(1, "run 4H 5H 6H 7H")])
    assert game.round == 2 and game.contract(1).name == "3-4"
    three_runs = [(0, "run 4S 5S 6S 7S"), (0, "run 4H 5H 6H 7H"), (0, "run 4D 5D 6D 7D")]
    with pytest.raises(RemiError, match="no round fits") as refused:
        remi.position("norwegian", 2, table=three_runs)  # only 4-4-4 (three runs) fits, and round 7 is all-in
    assert refused.value.reason is Reason.BAD_POSITION
    assert "all-in" in str(refused.value)


def test_the_owners_contract_is_completed_from_the_deck() -> None:
    game = remi.position("liverpool", 3, seed=5, round=4, table=[(2, "set 9S 9H 9D")])
    assert game.round == 4
    melds = [meld for meld in game.table if meld.owner == 2]
    assert len(melds) == 3 and all(meld.kind is MeldKind.SET for meld in melds)
    assert game.laid[2] == frozenset({0, 1, 2})
    assert_invariants(game)


def test_E12_the_layoff_counts_are_found_within_the_quota() -> None:
    # English level 1 (run 4 + group 3): a run of 6 grew by 2 lay-offs, which someone made
    game = remi.position("english", 2, levels=[1, 1], table=[(0, "run 4C 5C 6C 7C 8C 9C")])
    assert sum(game.layoffs) == 2 and all(count <= 3 for count in game.layoffs)
    assert_invariants(game)
    grown = "grown by at least 4 cards by lay-offs, but the seats may lay off 2"
    with pytest.raises(RemiError, match=grown) as refused:
        remi.position("english", 2, levels=[5, 5], table=[(0, "run 3C 4C 5C 6C 7C 8C 9C 10C JC")])
    assert refused.value.reason is Reason.BAD_POSITION


def test_a_meld_that_fits_no_contract_is_refused_with_a_sentence() -> None:
    with pytest.raises(RemiError, match=r"remi\.position cannot complete this position: .*run 3H 4H 5H"):
        remi.position("shanghai", 2, table=[(0, "run 3H 4H 5H")])  # runs of 4 or more only, exactly


def test_the_position_is_seeded() -> None:
    first = remi.position("mayi", 4, seed=3, table=[(1, "set 8S 8H 8D")], hands=["KS", None, None, None])
    again = remi.position("mayi", 4, seed=3, table=[(1, "set 8S 8H 8D")], hands=["KS", None, None, None])
    other = remi.position("mayi", 4, seed=4, table=[(1, "set 8S 8H 8D")], hands=["KS", None, None, None])
    assert first == again and first.stock == again.stock
    assert first.stock != other.stock


def test_new_game_names_the_builder_when_it_refuses_an_unreachable_position() -> None:
    with pytest.raises(RemiError, match=r"build a reachable one with remi\.position\(\.\.\.\)") as refused:
        remi.new_game("norwegian", 2, seed=1, hands=["2C", "3D"], table=[TableMeld(MeldKind.SET, "QS QH QD", 1)])
    assert refused.value.reason is Reason.BAD_POSITION
    game = remi.position("norwegian", 2, seed=1, hands=["2C", "3D"], table=[TableMeld(MeldKind.SET, "QS QH QD", 1)])
    assert game.is_down(1)


@pytest.mark.parametrize(
    ("variant", "given", "message"),
    [
        ("norwegian", {"round": 99}, "round must be 1 to 7"),
        ("norwegian", {"levels": [1, 1]}, "plays fixed rounds: use round="),
        ("english", {"levels": [1, 0]}, "levels must be 1 to 7"),
        ("english", {"round": 2}, "plays per-player levels: use levels="),
        ("norwegian", {"hands": ["5C"]}, "one entry per seat"),
        ("norwegian", {"table": [(5, "set 5C 5D 5H")]}, "is not a seat"),
        ("norwegian", {"table": ["set 5C 5D 5H"]}, "an \\(owner, meld\\) pair"),
        ("norwegian", {"hands": ["5C 5C 5C", None]}, "more 5C than the deck holds"),
    ],
)
def test_bad_arguments_are_refused_with_a_sentence(variant: str, given: dict[str, Any], message: str) -> None:
    with pytest.raises(RemiError, match=message):
        remi.position(variant, 2, **given)
