"""Game records (remi.notation): write, read back, refuse malformed text."""

from __future__ import annotations

import random

import pytest

import remi
from remi import MeldKind, NotationError, TableMeld, read_record, write_record
from remi.actions import Discard, DrawStock, Pass


def _play(state: remi.GameState, steps: int, seed: int) -> remi.GameState:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("name", ["norwegian", "english"])
@pytest.mark.parametrize("seed", [0, 1, "text seed"])
def test_a_record_replays_to_the_identical_state(name: str, seed: int | str) -> None:
    game = _play(remi.new_game(name, players=3, seed=seed), 400, 5)
    record = write_record(game)
    again = read_record(record)
    assert again == game
    assert again.seed == game.seed and type(again.seed) is type(game.seed)
    assert write_record(again) == record


def test_a_record_marks_each_deal_and_names_the_seat() -> None:
    game = _play(remi.new_game("norwegian", players=4, seed=3), 3000, 1)
    record = write_record(game)
    assert game.deal > 1
    assert record.count("# deal ") == game.deal
    first_move = next(line for line in record.splitlines() if line and line[0].isdigit())
    assert first_move == f"{(game.start[4][1] + 1) % 4}: draw"


def test_a_record_keeps_a_built_position() -> None:
    game = remi.new_game(
        "norwegian",
        players=2,
        seed=4,
        dealer=1,
        round=3,
        hands=["2S 3S 4S 5S 7H 8H 9H JK QC KD", "AS AH AD 2C 3C 4C 5C 6C 7C 8C"],
        stock="10H",
        discard_pile="QS",
        scores=[10, 20],
        table=[
            TableMeld(MeldKind.RUN, remi.parse_cards("9D 10D JD QD"), 1),
            TableMeld(MeldKind.RUN, remi.parse_cards("3H 4H 5H 6H"), 1),
        ],
    )
    game = game.apply(DrawStock())
    game = game.apply(Pass())  # the pile's top has no discarder, so seat 1 may buy it
    game = game.apply(Discard(remi.parse_card("QC")))
    assert read_record(write_record(game)) == game
    assert read_record(write_record(game)).table == game.table


def test_the_english_levels_survive_a_record() -> None:
    game = remi.new_game("english", players=3, seed=9, levels=[1, 3, 7], wins=[0, 2, 6])
    game = _play(game, 50, 2)
    assert read_record(write_record(game)) == game


def test_comments_and_blank_lines_are_ignored() -> None:
    game = _play(remi.new_game("norwegian", players=3, seed=2), 20, 3)
    record = "# a comment\n\n" + write_record(game).replace("\n", "\n\n# note\n")
    assert read_record(record) == game


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('[Variant "norwegian"]\n[Players 3]\n[Seed 1]\nnonsense here\n', "line 4"),
        ('[Variant "norwegian"]\n[Colour "red"]\n', "unknown header"),
        ('[Variant "norwegian"]\n[Players three]\n', "not JSON"),
        ('[Players 3]\n[Seed 1]\n', "names no variant"),
        ('[Variant "norwegian"]\n[Version "99"]\n', "version"),
        ('[Variant "norwegian"]\n[Players 9]\n', "describes no position"),
        ('[Variant "norwegian"]\n[Players 3]\n[Seed 1]\n[Dealer 0]\n1: discard QS\n', "line 5"),
        ('[Variant "norwegian"]\n[Players 3]\n[Seed 1]\n[Dealer 0]\n2: draw\n', "line 5"),
        ('[Variant "norwegian"]\n[Players 3]\n[Seed 1]\n[Dealer 0]\n1: fly away\n', "line 5"),
        ('[Variant "norwegian"]\n[Players 2]\n[Table [[0, "run 9D 10D JD QD", "x"]]]\n', "turn"),
        ('[Variant "norwegian"]\n[Players 2]\n[Table [5]]\n', "Table entry"),
    ],
)
def test_a_malformed_record_raises_a_notation_error(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as caught:
        read_record(text)
    assert fragment in str(caught.value)
    assert caught.value.reason is remi.Reason.BAD_NOTATION


def test_reading_something_that_is_not_text_is_refused() -> None:
    with pytest.raises(NotationError):
        read_record(42)  # type: ignore[arg-type]


def test_an_unregistered_variant_is_given_explicitly() -> None:
    import attrs

    house = attrs.evolve(remi.variants.get("norwegian"), name="no-buying", buying=remi.Buying(enabled=False))
    game = remi.new_game(house, players=3, seed=1)
    game = game.apply(DrawStock())
    assert game.phase is remi.Phase.PLAY  # no buy window in this house rule
    record = write_record(game)
    assert read_record(record) == game  # the record carries its rules (format 3)
    assert read_record(record, variant=house) == game


def test_a_pass_in_a_buy_window_is_recorded_for_the_seat_that_passed() -> None:
    game = remi.new_game("norwegian", players=4, seed=8)
    game = game.apply(DrawStock())
    assert game.phase is remi.Phase.BUY
    seat = game.to_act
    game = game.apply(Pass())
    assert write_record(game).splitlines()[-1] == f"{seat}: pass"
