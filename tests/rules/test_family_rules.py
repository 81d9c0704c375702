"""The contract-rummy family's rules, each said through the public rule parts and checked in play.

One test (or a few) per family rule: a house configuration of ``norwegian`` built with public names
only, and a position in which the rule decides. Every refusal is checked four ways (``check``,
``apply``, ``is_legal`` and the listing) by :func:`scenario.refused`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

import remi
from remi import (
    Advance,
    Buying,
    BuyTiming,
    Contract,
    Deck,
    GoingOut,
    Match,
    MeldKind,
    Phase,
    Reason,
    Schedule,
    Scoring,
    SwapWho,
    VariantError,
)
from remi.actions import DRAW, PASS, TAKE, Buy, Discard, DrawStock, LayDown, LayOff, SwapJoker, parse_action
from remi.testing import assert_invariants, card_multiset
from scenario import C, cards, meld, play, refused, where

NORWEGIAN = remi.variants.get("norwegian")
SETS = "5C 5D 5H KS KD KH"  # round 1's two sets


def house(name: str, **parts: dict[str, Any]) -> remi.Variant:
    """``norwegian`` with some parts replaced: each value is a dict of that part's field changes."""
    changes = {part: attrs.evolve(getattr(NORWEGIAN, part), **fields) for part, fields in parts.items()}
    return attrs.evolve(NORWEGIAN, name=name, **changes)


SET, RUN = MeldKind.SET, MeldKind.RUN
ROUND2 = "5C 5D 5H 2S 3S 4S 5S"  # round 2's set and run
ROUND2_DOWN = ("set 5C 5D 5H", "run 2S 3S 4S 5S")


def down(*melds: str) -> LayDown:
    """The lay-down of these melds (``"set 5C 5D 5H"``, ``"run 2S 3S 4S 5S"``)."""
    action = parse_action("down " + "; ".join(melds))
    assert isinstance(action, LayDown)
    return action


def game(variant: remi.Variant, hands: list[str], **kwargs: Any) -> remi.GameState:
    return remi.new_game(variant, players=len(hands), seed=1, dealer=len(hands) - 1, hands=hands, **kwargs)


# -- deck --------------------------------------------------------------------------------------------


def test_packs_by_players_chooses_the_deck_from_the_player_count() -> None:
    variant = attrs.evolve(NORWEGIAN, name="by-players", deck=Deck(packs=1, jokers=2, by_players={4: (2, 4), 5: (2, 4),
                                                                                                   6: (2, 4)}))
    assert len(variant.cards(3)) == 54 and len(variant.cards(4)) == 108
    for players, size in ((2, 54), (3, 54), (4, 108), (6, 108)):
        state = remi.new_game(variant, players=players, seed=players)
        assert sum(card_multiset(state).values()) == size
        assert card_multiset(state) == Counter(variant.cards(players))


def test_packs_by_players_rows_are_validated() -> None:
    with pytest.raises(VariantError, match="by_players"):
        Deck(by_players={1: (2, 4)})
    with pytest.raises(VariantError, match="pack"):
        Deck(by_players={4: (0, 4)})
    with pytest.raises(VariantError, match="each row"):
        Deck(by_players={4: 2})


# -- drawing -----------------------------------------------------------------------------------------


def test_down_players_draw_from_the_stock_only() -> None:
    variant = house("stock-only", drawing={"down_players_take_discard": False})
    table = [meld(SET, "5C 5D 5H", 0), meld(SET, "KS KD KH", 0)]
    state = game(variant, ["2D 9C 3S 4H", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], table=table, discard_pile="9D")
    assert state.down[0] and state.phase is Phase.DRAW
    assert refused(state, TAKE) is Reason.DOWN_DRAWS_FROM_STOCK
    assert list(state.legal_actions()) == [DRAW]
    # a player who is not down still takes it
    other = game(variant, ["2D 9C 3S 4H " + SETS, "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], discard_pile="9D")
    assert TAKE in other.legal_actions()
    assert TAKE in game(NORWEGIAN, ["2D 9C 3S 4H", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], table=table,
                        discard_pile="9D").legal_actions()


# -- the go-down turn --------------------------------------------------------------------------------


def test_no_lay_off_on_the_go_down_turn() -> None:
    variant = house("no-layoff-on-go-down", layoffs={"on_go_down_turn": False})
    state = game(variant, [SETS + " 5S 9C 3S 4H", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], stock="7S 8S")
    state = play(state, DrawStock(), PASS, down("set 5C 5D 5H", "set KS KD KH"))
    assert refused(state, LayOff(C("5S"), where(state, "5C 5D 5H"))) is Reason.GO_DOWN_TURN
    state = play(state, Discard(C("9C")), DrawStock(), Discard(C("8S")), DrawStock())
    assert state.to_act == 0
    play(state, LayOff(C("5S"), where(state, "5C 5D 5H")))
    # norwegian lays off on the same turn
    same = game(NORWEGIAN, [SETS + " 5S 9C 3S 4H", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], stock="7S 8S")
    same = play(same, DrawStock(), PASS, down("set 5C 5D 5H", "set KS KD KH"))
    play(same, LayOff(C("5S"), where(same, "5C 5D 5H")))


def test_no_swap_on_the_go_down_turn() -> None:
    variant = house("no-swap-on-go-down", swaps={"on_go_down_turn": False})
    table = [meld(RUN, "6H JK 8H 9H", 1), meld(SET, "9C 9D 9H", 1)]
    hands = [ROUND2 + " 7H 9S 3C", "2C 3D 6S QD 8C 7C JH"]
    state = game(variant, hands, table=table, stock="7S 8S", round=2)
    state = play(state, DrawStock(), PASS, down(*ROUND2_DOWN))
    assert refused(state, SwapJoker(0, (C("7H"),))) is Reason.GO_DOWN_TURN
    before = game(variant, hands, table=table, stock="7S 8S", round=2)
    play(before, DrawStock(), PASS, SwapJoker(0, (C("7H"),)))  # before going down, the same turn: allowed


def test_going_down_must_leave_a_card_when_the_contract_says_so() -> None:
    short = NORWEGIAN.contracts
    variant = house("keep-a-card", contracts={"contracts": short.contracts[:2], "deal_sizes": short.deal_sizes[:2],
                                              "going_out": short.going_out[:2], "go_out_on_go_down_turn": False})
    with pytest.raises(VariantError, match="exceed_hand"):
        house("keep-a-card-7", contracts={"go_out_on_go_down_turn": False})  # 3-4-4 fills a hand of 11
    state = game(variant, [SETS[:-3], "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], stock="KH 8S")
    state = play(state, DrawStock(), PASS)
    assert len(state.hands[0]) == 6
    assert refused(state, down("set 5C 5D 5H", "set KS KD KH")) is Reason.MUST_KEEP_A_CARD
    assert not list(state.legal_actions(LayDown))
    # norwegian goes down and out at once
    out = play(game(NORWEGIAN, [SETS[:-3], "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], stock="KH 8S"), DrawStock(), PASS,
               down("set 5C 5D 5H", "set KS KD KH"))
    assert out.last_deal is not None and out.last_deal.winner == 0


# -- going out per round -----------------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "allowed"), [(GoingOut.DISCARD_REQUIRED, False), (GoingOut.DISCARD_OPTIONAL, True)])
def test_the_going_out_rule_is_chosen_per_round(rule: GoingOut, allowed: bool) -> None:
    rules = (rule, GoingOut.DISCARD_OPTIONAL, *NORWEGIAN.contracts.going_out[2:])
    variant = house(f"going-out-{rule.value}", contracts={"going_out": rules})
    table = [meld(SET, "5C 5D 5H", 0), meld(SET, "KS KD KH", 0)]
    state = play(game(variant, ["5S", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], table=table, stock="KC 8S"), DrawStock(),
                 PASS, LayOff(C("KC"), 1))
    if allowed:
        state = play(state, LayOff(C("5S"), 0))
        assert state.last_deal is not None and state.last_deal.winner == 0
    else:
        assert refused(state, LayOff(C("5S"), 0)) is Reason.MUST_DISCARD_TO_GO_OUT
        play(state, Discard(C("5S")))


# -- the match ---------------------------------------------------------------------------------------


def levels_variant(**match: object) -> remi.Variant:
    return house("levels", match={"schedule": Schedule.LEVELS, **match},
                 contracts={"going_out": GoingOut.DISCARD_OPTIONAL})


def test_everyone_who_went_down_advances() -> None:
    variant = levels_variant(advance=Advance.WENT_DOWN)
    table = [meld(SET, "6C 6D 6H", 1), meld(SET, "QS QD QH", 1)]
    hands = [SETS, "2C 3D 4S", "2H 3H 7C 8D 9S JH JC 4D 10S 10D"]
    state = game(variant, hands, table=table, levels=(1, 1, 1), stock="9C 8S")
    state = play(state, DrawStock(), PASS, PASS, down("set 5C 5D 5H", "set KS KD KH"), Discard(C("9C")))
    assert state.last_deal is not None and state.last_deal.winner == 0
    assert state.last_deal.went_down == (True, True, False)
    assert state.levels == (2, 2, 1)
    winner_only = game(levels_variant(), hands, table=table, levels=(1, 1, 1), stock="9C 8S")
    winner_only = play(winner_only, DrawStock(), PASS, PASS, down("set 5C 5D 5H", "set KS KD KH"), Discard(C("9C")))
    assert winner_only.levels == (2, 1, 1)


def test_whoever_completes_the_last_level_wins_whatever_the_totals() -> None:
    variant = levels_variant(advance=Advance.WENT_DOWN, finisher_wins=True)
    last = len(variant.contracts)
    table = [meld(RUN, "3H 4H 5H 6H", 2), meld(RUN, "3S 4S 5S 6S", 2), meld(RUN, "9D 10D JD QD", 2)]
    state = game(variant, [SETS, "2C 3D 4S", "2H 3C"], table=table, levels=(1, 1, last),
                 scores=(0, 10, 500), stock="9C 8S")
    state = play(state, DrawStock(), PASS, PASS, down("set 5C 5D 5H", "set KS KD KH"), Discard(C("9C")))
    assert state.is_over
    assert state.winners == (2,)  # seat 2 completed the last level, though its total is the highest
    plain = game(levels_variant(advance=Advance.WENT_DOWN), [SETS, "2C 3D 4S", "2H 3C"],
                 table=table, levels=(1, 1, last), scores=(0, 10, 500), stock="9C 8S")
    plain = play(plain, DrawStock(), PASS, PASS, down("set 5C 5D 5H", "set KS KD KH"), Discard(C("9C")))
    assert plain.is_over and plain.winners == (0,)
    assert_invariants(state)


def test_advance_and_finisher_wins_are_refused_in_fixed_rounds() -> None:
    with pytest.raises(VariantError, match="levels match"):
        house("rounds-went-down", match={"advance": Advance.WENT_DOWN})
    with pytest.raises(VariantError, match="levels match"):
        house("rounds-finisher", match={"finisher_wins": True})


def test_a_winners_hook_decides_the_match() -> None:
    @attrs.frozen(kw_only=True)
    class HighestWins(Match):
        def winners(self, scores: tuple[int, ...], finishers: tuple[int, ...]) -> tuple[int, ...]:
            best = max(scores)
            return tuple(seat for seat, score in enumerate(scores) if score == best)

    variant = attrs.evolve(NORWEGIAN, name="highest-wins", match=HighestWins())
    state = game(variant, ["5C 5D 5H KS KD KH 9C 4S 4H 4D 4C", "2C 3D 4S"], round=7)
    assert not state.is_over
    over = remi.new_game(variant, players=2, seed=3)
    while not over.is_over:
        over = over.apply(over.legal_actions()[0])
    assert over.winners == tuple(s for s, v in enumerate(over.scores) if v == max(over.scores))


# -- stock rebuilds ----------------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [2, None])
def test_the_stock_is_rebuilt_without_limit_when_rebuilds_is_none(limit: int | None) -> None:
    variant = house(f"rebuilds-{limit}", match={"stock_rebuilds": limit, "turn_limit": None})
    state = remi.new_game(variant, players=2, seed=5)
    for _ in range(400):
        if state.is_over or state.deal > 1:
            break
        seat = state.on_turn
        state = state.apply(DRAW)
        if state.deal > 1:
            break  # the stock ran out for good
        if state.phase is Phase.BUY:
            state = state.apply(PASS)
        state = state.apply(Discard(state.hands[seat][-1]))
    if limit is None:
        assert state.deal == 1 and state.rebuilds > 2
    else:
        assert state.deal == 2 and state.last_deal is not None and state.last_deal.winner is None


# -- buying ------------------------------------------------------------------------------------------


def test_buying_before_the_draw_gives_the_buyer_the_top_stock_card() -> None:
    variant = house("buy-first", buying={"timing": BuyTiming.BEFORE_DRAW})
    hands = ["2D 9C 3S 4H 5C 5D 5H KS KD KH", "2C 3D 6H 9S QD 8H 7C 4S 6D JH", "2H 3C 6S 9H QC 8D 7D 4D 6C JS"]
    state = game(variant, hands, stock="AS AH AD", discard_pile="10C")
    on_turn = state.on_turn
    state = state.apply(DrawStock())
    assert state.phase is Phase.BUY and state.hands[on_turn] == cards(hands[on_turn])  # no card drawn yet
    buyer = state.to_act
    assert buyer == (on_turn + 1) % 3
    state = state.apply(Buy())
    assert Counter(state.hands[buyer]) - Counter(cards(hands[buyer])) == Counter(cards("10C AS"))
    assert Counter(state.hands[on_turn]) - Counter(cards(hands[on_turn])) == Counter(cards("AH"))
    assert state.phase is Phase.PLAY and state.to_act == on_turn
    # when everyone passes, the player on turn draws the top card
    passed = game(variant, hands, stock="AS AH AD", discard_pile="10C").apply(DrawStock())
    passed = passed.apply(PASS).apply(PASS)
    assert Counter(passed.hands[on_turn]) - Counter(cards(hands[on_turn])) == Counter(cards("AS"))
    # after the draw (norwegian) the player on turn draws the top card, the buyer the next
    after = game(NORWEGIAN, hands, stock="AS AH AD", discard_pile="10C").apply(DrawStock()).apply(Buy())
    assert Counter(after.hands[on_turn]) - Counter(cards(hands[on_turn])) == Counter(cards("AS"))
    assert Counter(after.hands[buyer]) - Counter(cards(hands[buyer])) == Counter(cards("10C AH"))


def test_a_buying_order_hook_sets_who_is_asked_first() -> None:
    @attrs.frozen(kw_only=True)
    class Anticlockwise(Buying):
        def order(self, players: int, on_turn: int) -> tuple[int, ...]:
            return tuple((on_turn - step) % players for step in range(1, players))

    variant = attrs.evolve(NORWEGIAN, name="anticlockwise", buying=Anticlockwise(enabled=True, discarder_may_buy=True))
    state = remi.new_game(variant, players=4, seed=2, dealer=3).apply(DrawStock())
    assert state.buy_queue == (3, 2, 1)


@pytest.mark.parametrize("order", [lambda p, t: (t,), lambda p, t: (1, 1), lambda p, t: (p,), lambda p, t: "12"])
def test_a_buying_order_hook_must_name_other_seats_once(order: object) -> None:
    @attrs.frozen(kw_only=True)
    class Bad(Buying):
        def order(self, players: int, on_turn: int) -> tuple[int, ...]:
            return order(players, on_turn)  # type: ignore[operator, no-any-return]

    with pytest.raises(VariantError, match=r"buying.order"):
        attrs.evolve(NORWEGIAN, name="bad-order", buying=Bad(enabled=True))


# -- contracts ---------------------------------------------------------------------------------------


def test_a_contract_beyond_the_hand_is_reached_by_buying() -> None:
    big = {"contracts": (Contract.of("set 3", "set 3", "set 3", "set 3"),), "deal_sizes": (10,),
           "going_out": GoingOut.DISCARD_OPTIONAL}
    with pytest.raises(VariantError, match="exceed_hand"):
        house("big", contracts=big)
    variant = house("big", contracts={**big, "exceed_hand": True})
    with pytest.raises(VariantError, match="cannot grow without buying"):
        attrs.evolve(variant, name="big-no-buys", buying=Buying(enabled=False))
    hands = ["5C 5D 5H KS KD KH 7C 7D 7H 9C", "2C 3D 6H 9S QD 8H 7S 4S 6D JH"]
    state = remi.new_game(variant, players=2, seed=1, dealer=0, hands=hands, stock="2S 3S 9H", discard_pile="9D")
    state = play(state, DrawStock())  # seat 1 draws 2S; seat 0 may buy the 9D
    assert state.to_act == 0
    state = play(state, Buy(), Discard(C("2S")), DrawStock())  # seat 0 took 9D and 3S, now draws 9H
    assert len(state.hands[0]) == 13
    state = play(state, down("set 5C 5D 5H", "set KS KD KH", "set 7C 7D 7H", "set 9C 9D 9H"), Discard(C("3S")))
    assert state.last_deal is not None and state.last_deal.winner == 0


def test_same_suit_runs_of_one_contract_keep_a_gap() -> None:
    variant = house("gap", contracts={"same_suit_run_gap": 2})
    assert variant.contract_rule
    hands = ["3S 4S 5S 6S 8S 9S 10S JS QS 2D", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"]
    state = game(variant, hands, round=3, stock="KD 8D")
    state = play(state, DrawStock(), PASS)
    assert refused(state, down("run 3S 4S 5S 6S", "run 8S 9S 10S JS")) is Reason.CONTRACT_CONSTRAINT
    play(state, down("run 3S 4S 5S 6S", "run 9S 10S JS QS"))
    listed = list(state.legal_actions(LayDown))
    assert down("run 3S 4S 5S 6S", "run 8S 9S 10S JS") not in listed
    assert down("run 3S 4S 5S 6S", "run 9S 10S JS QS") in listed
    plain = play(game(NORWEGIAN, hands, round=3, stock="KD 8D"), DrawStock(), PASS)
    play(plain, down("run 3S 4S 5S 6S", "run 8S 9S 10S JS"))


def test_a_run_of_wilds_only_keeps_no_gap_to_other_runs() -> None:
    """Where melds of wilds only are allowed, such a run is of no suit: the gap rule never refuses it."""
    project = remi.variants.get("liverpool-project")
    variant = attrs.evolve(project, name="gap-wilds",
                           contracts=attrs.evolve(project.contracts, same_suit_run_gap=2))
    hands = ["JK JK JK JK 3S 4S 5S 6S KD", "2C 3D 6H 9S QD 8H 7C 4S 6D", "2H 3H 6C 9D QC 8C 7D 4D 6S"]
    state = play(game(variant, hands, round=3, stock="KH 8D"), DrawStock())  # (three players: four jokers)
    if state.to_act != 0:  # a buy window: the others pass
        state = play(state, *[PASS] * len(state.buy_queue))
    wilds_and_spades = down("run JK JK JK JK", "run 3S 4S 5S 6S")
    assert state.is_legal(wilds_and_spades)
    assert wilds_and_spades in list(state.legal_actions(LayDown))


def test_the_sets_of_one_contract_may_be_required_to_differ_in_rank() -> None:
    variant = house("ranks", contracts={"distinct_set_ranks": True})
    state = play(game(variant, ["5C 5D 5H 5S 5C 5D 2D 9C 3S 4H", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], stock="KD 8D"),
                 DrawStock(), PASS)
    assert refused(state, down("set 5C 5D 5H", "set 5S 5C 5D")) is Reason.CONTRACT_CONSTRAINT


def test_a_contract_level_hook_is_asked_by_the_check_and_the_listing() -> None:
    @attrs.frozen(kw_only=True)
    class RedSets(remi.Contracts):
        def melds_problem(self, level: int, melds: object, rules: remi.MeldRules) -> str | None:
            return "every set of a contract needs a heart" if any(
                meld.kind is MeldKind.SET and not any(c.suit is remi.Suit.HEARTS for c in meld.cards)
                for meld in melds  # type: ignore[attr-defined]
            ) else None

    contracts = RedSets(contracts=NORWEGIAN.contracts.contracts, deal_sizes=NORWEGIAN.contracts.deal_sizes,
                        going_out=NORWEGIAN.contracts.going_out)
    variant = attrs.evolve(NORWEGIAN, name="red-sets", contracts=contracts)
    state = play(game(variant, ["5C 5D 5H KS KD KC 2D 9C 3S 4H", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], stock="KH 8D"),
                 DrawStock(), PASS)
    assert refused(state, down("set 5C 5D 5H", "set KS KD KC")) is Reason.CONTRACT_CONSTRAINT
    play(state, down("set 5C 5D 5H", "set KS KH KC"))


def test_the_first_player_gets_an_extra_card_and_skips_the_first_draw() -> None:
    variant = house("opener", contracts={"first_player_extra_card": True})
    state = remi.new_game(variant, players=3, seed=4, dealer=2)
    assert [len(hand) for hand in state.hands] == [11, 10, 10]
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert DrawStock() not in state.legal_actions()
    state = state.apply(Discard(state.hands[0][0]))
    assert state.phase is Phase.DRAW and state.to_act == 1
    assert_invariants(state)


# -- swaps -------------------------------------------------------------------------------------------


def test_only_a_player_not_yet_down_may_swap() -> None:
    variant = house("swap-before-down", swaps={"who": SwapWho.NOT_DOWN})
    table = [meld(RUN, "6H JK 8H 9H", 1), meld(SET, "9C 9D 9H", 1), meld(SET, "5C 5D 5H", 0),
             meld(RUN, "2S 3S 4S 5S", 0)]
    state = play(game(variant, ["7H 9S 3C 4H", "2C 3D 6S QD 8C 7C JH"], table=table, stock="7S 8S", round=2),
                 DrawStock(), PASS)
    assert refused(state, SwapJoker(0, (C("7H"),))) is Reason.DOWN_MAY_NOT_SWAP
    fresh = play(game(variant, ["7H 9S 3C 4H " + ROUND2, "2C 3D 6S QD 8C 7C JH"], table=table[:2], stock="7S 8S",
                      round=2), DrawStock(), PASS)
    play(fresh, SwapJoker(0, (C("7H"),)))


def test_a_swapped_joker_may_move_to_an_end_of_the_run() -> None:
    variant = house("relocate", swaps={"joker_to_hand": False})
    table = [meld(RUN, "6H JK 8H 9H", 1), meld(SET, "9C 9D 9H", 1)]
    state = play(game(variant, ["7H 9S 3C 4H " + ROUND2, "2C 3D 6S QD 8C 7C JH"], table=table, stock="7S 8S",
                      round=2), DrawStock(), PASS)
    before = len(state.hands[0])
    state = play(state, SwapJoker(0, (C("7H"),), "high"))
    assert state.table[0].cards == remi.parse_cards("6H 7H 8H 9H JK")
    assert len(state.hands[0]) == before - 1 and remi.JOKER not in state.hands[0]
    assert_invariants(state)


# -- scoring -----------------------------------------------------------------------------------------


def test_card_points_and_the_winners_score_are_hooks() -> None:
    @attrs.frozen(kw_only=True)
    class Flat(Scoring):
        def card_points(self, card: remi.Card) -> int:
            return 1

        def winner_score(self, wins: int) -> int:
            return -5 * wins

    variant = attrs.evolve(NORWEGIAN, name="flat", scoring=Flat())
    assert variant.hand_points(remi.parse_cards("JK AS KH")) == 3
    state = game(variant, [SETS, "2C 3D 6H 9S QD 8H 7C 4S 6D JH"], stock="9C 8S")
    state = play(state, DrawStock(), PASS, down("set 5C 5D 5H", "set KS KD KH"), Discard(C("9C")))
    assert state.last_deal is not None and state.last_deal.scores == (-5, 10)
