"""Perft: counting legal action sequences from fixed positions.

As in chess engines, ``perft(state, depth)`` is the number of sequences of
``depth`` legal actions from ``state``. For small hand-built positions the
counts are worked out by hand below from the rules, independently of remi's
listing code; for dealt positions the counts must be stable: the same twice,
and the same after a JSON or pickle round trip of the root.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

import remi
from remi import GameState, MeldKind, TableMeld, parse_cards
from remi.actions import DrawStock, Pass


def perft(state: GameState, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``state``."""
    if depth == 0:
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    return sum(perft(state.apply(action), depth - 1) for action in legal)


def divide(state: GameState, depth: int) -> dict[str, int]:
    """perft split by first action (notation -> count), for pinpointing a difference."""
    return {str(action): perft(state.apply(action), depth - 1) for action in state.legal_actions()}


# -- hand-built positions, counted by hand -------------------------------------------

# Two players, dealer 0, so seat 1 is on turn (N12). No melds are possible.
DEALER_HANDS = ["4H 6S 8D JC", "2S 5H 9C KD"]


def norwegian_draw() -> GameState:
    return remi.new_game(
        "norwegian", players=2, seed=0, dealer=0, hands=DEALER_HANDS, stock="3C 10H", discard_pile="7D"
    )


def english_draw() -> GameState:
    return remi.new_game(
        "english", players=2, seed=0, dealer=0, hands=DEALER_HANDS, stock="3C 10H", discard_pile="7D"
    )


def test_perft_norwegian_draw_position() -> None:
    """Seat 1 holds 2S 5H 9C KD; the upcard is 7D; the stock starts 3C 10H.

    depth 1: draw, take                                                       = 2
    depth 2: after draw, a buy window for seat 0 (the upcard has no
             discarder, N14): pass, buy                                       = 2
             after take: discard 2S 5H 9C KD, not the taken 7D (N13)           = 4   -> 6
    depth 3: draw, pass: seat 1 holds 2S 3C 5H 9C KD, 5 discards              = 5
             draw, buy: seat 0 takes 7D and 10H, seat 1 still has 5 discards  = 5
             take, discard (4 ways): seat 0 draws or takes                    = 8   -> 18
    depth 4: the 10 discards after a draw leave seat 0 to draw or take       = 20
             take, discard X, then seat 0 draws 3C: no buy window, since the
             only other seat discarded X (N14 reading): 5 discards, 4 ways   = 20
             take, discard X, seat 0 takes X: 4 discards (not X), 4 ways     = 16  -> 56
    """
    state = norwegian_draw()
    assert [perft(state, depth) for depth in (1, 2, 3, 4)] == [2, 6, 18, 56]
    assert divide(state, 2) == {"draw": 2, "take": 4}


def test_perft_english_draw_position() -> None:
    """The same cards under English rules: no buying (E7), a discard ends every turn.

    depth 1: draw, take                                                       = 2
    depth 2: draw: 5 discards (2S 3C 5H 9C KD); take: 4 (not 7D)              = 9
    depth 3: every one of the 9 discards leaves seat 0 to draw or take        = 18
    depth 4: draw, discard (5 ways), seat 0 draws 10H: 5 discards            = 25
             draw, discard X (5 ways), seat 0 takes X: 4 discards            = 20
             take, discard (4 ways), seat 0 draws 3C: 5 discards             = 20
             take, discard X (4 ways), seat 0 takes X: 4 discards            = 16  -> 81
    """
    state = english_draw()
    assert [perft(state, depth) for depth in (1, 2, 3, 4)] == [2, 9, 18, 81]
    assert divide(state, 2) == {"draw": 5, "take": 4}


def norwegian_play() -> GameState:
    """Round 2 (3-4). Seat 0 is down with QH QD QC and the run 2S JK 4S 5S; seat 1 draws JK, seat 0 passes."""
    state = remi.new_game(
        "norwegian", players=2, seed=0, dealer=0, round=2,
        hands=["4H 6S 8D JC", "3S 9H 9D 9C 6C 7C 8C"], stock="JK", discard_pile="7D",
        table=[TableMeld(MeldKind.SET, parse_cards("QH QD QC"), 0),
               TableMeld(MeldKind.RUN, parse_cards("2S JK 4S 5S"), 0)],
    )
    return state.apply(DrawStock()).apply(Pass())


def test_perft_norwegian_play_position() -> None:
    """Seat 1 plays with 3S 9H 9D 9C 6C 7C 8C JK, not yet down; its contract is a set and a run.

    depth 1: lay-downs: with the joker in the run (JK as 5C, or as 9C), the
             set is 9H 9D 9C; with the run 6C 7C 8C 9C, the set is 9H 9D JK;
             nothing else reaches 3 + 4 cards (N6, N10, N15)                  = 3
             swaps: 3S for the joker of seat 0's run (N11)                    = 1
             lay-offs: not down (N16)                                         = 0
             discards: 8 distinct cards                                      = 8   -> 12
    depth 2: after each lay-down, hand 3S: swap 3S on 1 again, or discard 3S
             (out); 3S fits no end of 2S JK 4S 5S and no set                 = 6
             after the swap, hand 9H 9D 9C 6C 7C 8C JK JK:
               a run without 9C: 6C 7C 8C and one joker (2 ways) with the
               nines and at most one joker (1 + 1 + 3 sets: 10); 6C 7C 8C and
               two jokers (3 ways) or two of them and two jokers (2 + 3 + 3
               ways), with 9H 9D 9C (11)                                      = 21
               a run with 9C: 6C 7C 8C 9C with 9H 9D and one or two jokers
               (2); 6C 7C 8C 9C and a joker (2 ways) or three of them and a
               joker (4 ways), with 9H 9D JK (6)                               = 8
               no swap (the run has no joker left); 7 discards                = 7   -> 36
             after each of the 8 discards, seat 0 draws or takes             = 16  -> 58
    """
    state = norwegian_play()
    assert state.phase is remi.Phase.PLAY and state.to_act == 1
    assert perft(state, 1) == 12
    assert perft(state, 2) == 58
    split = divide(state, 2)
    assert split.pop("swap 3S on 1") == 36
    downs = {action: count for action, count in split.items() if action.startswith("down ")}
    assert downs == {"down set 9H 9D 9C; run JK 6C 7C 8C": 2, "down set 9H 9D 9C; run 6C 7C 8C JK": 2,
                     "down set 9H 9D JK; run 6C 7C 8C 9C": 2}
    assert {action: count for action, count in split.items() if action not in downs} == {
        f"discard {card}": 2 for card in ("3S", "9H", "9D", "9C", "6C", "7C", "8C", "JK")}


def english_play() -> GameState:
    """Game 1 (run 4 + group 3). Seat 0 is down with 5C 6C 7C 8C and 7S 7H JK; seat 1 draws 5H."""
    state = remi.new_game(
        "english", players=2, seed=0, dealer=0, levels=[1, 1],
        hands=["2C 3D 8S JH", "4C 9C 7D 2H 3H 4H"], stock="5H", discard_pile="KD",
        table=[
            TableMeld(MeldKind.RUN, parse_cards("5C 6C 7C 8C"), 0),
            TableMeld(MeldKind.SET, parse_cards("7S 7H JK"), 0),
        ],
    )
    return state.apply(DrawStock())


def test_perft_english_play_position() -> None:
    """Seat 1 plays with 2H 3H 4H 5H 4C 7D 9C, not yet open, quota 3 (E12).

    depth 1: lay-downs: the run 2H-5H (exactly 4, E9); no group              = 1
             swaps: the group's joker needs 7D and 7C together (E6)          = 0
             lay-offs before opening (E10): 4C low and 9C high on the run,
             7D on the group (7S 7H 7D JK)                                   = 3
             discards: 7 distinct cards                                      = 7   -> 11
    depth 2: after the run goes down (hand 4C 7D 9C): the same 3 lay-offs
             (nothing fits the new run, which is seat 1's own: E11), 3 discards = 6
             after each lay-off: the lay-down, the other 2 lay-offs, 6 discards = 9 x 3
             after each of the 7 discards, seat 0 draws or takes             = 14  -> 47
    """
    state = english_play()
    assert state.phase is remi.Phase.PLAY and state.to_act == 1
    assert perft(state, 1) == 11
    assert perft(state, 2) == 47
    split = divide(state, 2)
    assert split.pop("down run 2H 3H 4H 5H") == 6
    assert split.pop("layoff 4C on 0 low") == 9
    assert split.pop("layoff 9C on 0 high") == 9
    assert split.pop("layoff 7D on 1") == 9
    assert split == {f"discard {card}": 2 for card in ("2H", "3H", "4H", "5H", "7D", "4C", "9C")}


# -- stability on dealt positions --------------------------------------------------------

DEALT = [
    ("norwegian", 2, 11),
    ("norwegian", 4, 7),
    ("norwegian", 6, 3),
    ("english", 2, 5),
    ("english", 4, 8),
    ("english", 6, 13),
]


def advanced(name: str, players: int, seed: int, moves: int) -> GameState:
    """A position ``moves`` actions into the match, always playing the first listed action."""
    state = remi.new_game(name, players=players, seed=seed)
    for _ in range(moves):
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize(("name", "players", "seed"), DEALT)
@pytest.mark.parametrize("moves", [0, 1, 9])
def test_perft_is_stable(name: str, players: int, seed: int, moves: int) -> None:
    root = advanced(name, players, seed, moves)
    depth = 4
    count = perft(root, depth)
    assert count > 0
    assert perft(root, depth) == count
    assert sum(divide(root, depth).values()) == count
    assert perft(root, 1) == len(list(root.legal_actions())) == len(set(root.legal_actions()))
    assert perft(GameState.from_json(root.to_json()), depth) == count
    assert perft(pickle.loads(pickle.dumps(root)), depth) == count
    again = advanced(name, players, seed, moves)
    assert again == root and perft(again, depth) == count


@pytest.mark.parametrize("build", [norwegian_draw, english_draw, norwegian_play, english_play])
def test_perft_of_hand_built_positions_survives_round_trips(build: Callable[[], GameState]) -> None:
    root = build()
    count = perft(root, 3)
    assert perft(GameState.from_json(root.to_json()), 3) == count
    assert perft(pickle.loads(pickle.dumps(root)), 3) == count
    assert perft(root, 3) == count
