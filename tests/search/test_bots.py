"""Tests for remi.bots: legality, no peeking at hidden cards, and the greedy bot's choices."""

from __future__ import annotations

import inspect
import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remi
from remi.actions import BUY, DRAW, PASS, TAKE, Action, Discard, LayDown, LayOff, SwapJoker
from remi.bots import LAYDOWN_SAMPLE, Bot, GreedyBot, RandomBot, bot_names, make_bot, register_bot
from remi.melds import JokerCap, Twos
from remi.solver import solve
from scenario import count_generated

NORWEGIAN = remi.variants.get("norwegian")
ENGLISH = remi.variants.get("english")
#: Every 2 wild, the ace high only, a 2 worth 20 (M4, M5, M16); jokers only are swapped (M11).
WILD_TWOS = attrs.evolve(
    NORWEGIAN, name="wild-twos", melds=attrs.evolve(NORWEGIAN.melds, twos=Twos.WILD, ace_low=False, run_max=12),
    scoring=remi.Scoring(rank_points=(15, 20, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
)
#: 2s wild but natural in a set of twos, and swapped out of runs like jokers (S6, S13).
TWOS_SETS = attrs.evolve(
    NORWEGIAN, name="twos-sets", melds=attrs.evolve(NORWEGIAN.melds, twos=Twos.WILD_EXCEPT_SETS),
    swaps=attrs.evolve(NORWEGIAN.swaps, twos=True),
    scoring=remi.Scoring(joker_points=20, rank_points=(15, 20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)),
)
#: Melds of wilds only (L5, house), and two naturals a meld.
ALL_WILD = attrs.evolve(
    NORWEGIAN, name="all-wild", melds=attrs.evolve(NORWEGIAN.melds, joker_cap=JokerCap.NONE, min_naturals=0)
)
TWO_NATURALS = attrs.evolve(
    NORWEGIAN, name="two-naturals",
    melds=attrs.evolve(NORWEGIAN.melds, joker_cap=JokerCap.NONE, min_naturals=2, twos=Twos.WILD, ace_low=False),
)


def legal(state: remi.GameState) -> list[Action]:
    return list(state.legal_actions())


def choose(bot: Bot, state: remi.GameState) -> Action:
    """What ``bot`` chooses, handed the state's lazy listing as ``simulate`` and ``remi play`` hand it."""
    seat = state.to_act
    assert seat is not None
    return bot.choose(state.view(seat), state.legal_actions())


# -- the registry ------------------------------------------------------------------


def test_registry_names_and_construction() -> None:
    assert bot_names() == ("greedy", "random", "search", "search:easy", "search:hard", "search:normal")
    assert isinstance(make_bot("greedy", 3), GreedyBot)
    assert isinstance(make_bot("random", 3), RandomBot)
    assert isinstance(make_bot("random"), Bot)


def test_registry_refuses_unknown_and_duplicate_names() -> None:
    with pytest.raises(remi.RemiError, match="unknown bot 'nope'") as info:
        make_bot("nope")
    assert info.value.reason is remi.Reason.BAD_ARGUMENT
    with pytest.raises(remi.RemiError, match="already registered"):
        register_bot("greedy", GreedyBot)
    with pytest.raises(remi.RemiError, match="without spaces"):
        register_bot("two words", GreedyBot)


class Chooseless:
    """Something a factory might return by mistake: it has no choose method."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed


def refusing(seed: int | str) -> Bot:
    raise ValueError(f"no bot for {seed!r}")


@pytest.mark.parametrize(("factory", "message"), [
    (Chooseless, r"the factory of bot 'faulty' returned <.*Chooseless.*>, which has no choose\(view, legal\) method"),
    (refusing, r"the factory of bot 'faulty' failed when called with the seed 0: ValueError: no bot for 0"),
    (42, r"the factory of bot 'faulty' must be callable with a seed, got 42"),
])
def test_register_bot_checks_its_factory(factory: object, message: str) -> None:
    with pytest.raises(remi.RemiError, match=message) as info:
        register_bot("faulty", factory, replace=True)  # type: ignore[arg-type]
    assert info.value.reason is remi.Reason.BAD_ARGUMENT
    assert "faulty" not in bot_names()


# -- legality ----------------------------------------------------------------------


def _walk(variant: remi.Variant, players: int, seed: int, steps: int, **position: object) -> None:
    """Play ``steps`` actions with a mix of bots, asking both kinds at every decision."""
    state = remi.new_game(variant, players=players, seed=seed, **position)  # type: ignore[arg-type]
    rng = random.Random(seed)
    greedy = [GreedyBot(seat) for seat in range(players)]
    randoms = [RandomBot(seed * 10 + seat) for seat in range(players)]
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        actions = state.legal_actions()  # lazy: random buys can grow a hand past what a list may hold
        view = state.view(seat)
        picks = [greedy[seat].choose(view, actions), randoms[seat].choose(view, state.legal_actions())]
        for pick in picks:
            assert pick in actions, f"{pick} is not legal in {state!r}"
            assert state.is_legal(pick)
        state = state.apply(picks[0] if rng.random() < 0.6 else picks[1])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), round_=st.integers(1, 7))
def test_bots_choose_legal_actions_norwegian(seed: int, players: int, round_: int) -> None:
    _walk(NORWEGIAN, players, seed, 250, round=round_)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), data=st.data())
def test_bots_choose_legal_actions_english(seed: int, players: int, data: st.DataObject) -> None:
    levels = data.draw(st.lists(st.integers(1, 7), min_size=players, max_size=players))
    _walk(ENGLISH, players, seed, 250, levels=levels)


@pytest.mark.parametrize("variant", [WILD_TWOS, TWOS_SETS, ALL_WILD, TWO_NATURALS], ids=lambda v: v.name)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), round_=st.integers(1, 7))
def test_bots_choose_legal_actions_with_wild_twos(variant: remi.Variant, seed: int, players: int, round_: int) -> None:
    _walk(variant, players, seed, 200, round=round_)


@pytest.mark.parametrize("variant", ["norwegian", "english"])
def test_greedy_bots_play_whole_deals_legally(variant: str) -> None:
    state = remi.new_game(variant, players=4, seed=11)
    bots = [GreedyBot() for _ in range(4)]
    while len(state.deal_scores) < 3:
        action = choose(bots[state.to_act or 0], state)
        assert action in legal(state)
        state = state.apply(action)
    assert len(state.deal_scores) == 3


def test_bots_refuse_an_empty_choice() -> None:
    view = remi.new_game("norwegian", players=2, seed=1).view(0)
    for bot in (GreedyBot(), RandomBot()):
        with pytest.raises(remi.RemiError, match="no legal action"):
            bot.choose(view, [])


# -- hidden information --------------------------------------------------------------


def test_bots_only_receive_the_view() -> None:
    for cls in (GreedyBot, RandomBot):
        parameters = list(inspect.signature(cls.choose).parameters)
        assert parameters == ["self", "view", "legal"]
    hidden = {field.name for field in attrs.fields(remi.PlayerView)}
    assert not hidden & {"hands", "stock"}


def _twins(variant: str, seed: int, level: int) -> tuple[remi.GameState, remi.GameState]:
    """Two states equal for seat 0 but different in what seat 0 cannot see."""
    rounds = variant == "norwegian"
    position = {"round": level, "levels": None} if rounds else {"round": None, "levels": [level] * 3}
    base = remi.new_game(variant, players=3, seed=seed, dealer=2, round=position["round"],  # type: ignore[arg-type]
                         levels=position["levels"])  # type: ignore[arg-type]
    hidden = [card for hand in base.hands[1:] for card in hand] + list(base.stock[1:])
    random.Random(seed).shuffle(hidden)
    sizes = [len(hand) for hand in base.hands]
    other = remi.new_game(
        variant, players=3, seed=seed + 1, dealer=2, round=position["round"],  # type: ignore[arg-type]
        levels=position["levels"],  # type: ignore[arg-type]
        hands=[base.hands[0], hidden[: sizes[1]], hidden[sizes[1] : sizes[1] + sizes[2]]],
        stock=base.stock[:1], discard_pile=base.discard_pile,
    )
    assert base.hands[1:] != other.hands[1:] and base.stock != other.stock
    return base, other


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("variant", ["norwegian", "english"])
def test_equal_views_give_equal_choices(variant: str, seed: int) -> None:
    first, second = _twins(variant, seed, 1 + seed)
    for phase in (remi.Phase.DRAW, remi.Phase.PLAY):
        assert first.phase is second.phase is phase
        assert first.to_act == second.to_act == 0
        assert first.view(0) == second.view(0)
        assert legal(first) == legal(second)
        for make in (GreedyBot, RandomBot):
            assert make(seed).choose(first.view(0), legal(first)) == make(seed).choose(second.view(0), legal(second))
        if phase is remi.Phase.DRAW:  # both draw the same stock card; the others decline the discard alike
            first, second = first.apply(DRAW), second.apply(DRAW)
            while first.phase is remi.Phase.BUY:
                first, second = first.apply(PASS), second.apply(PASS)


def test_bots_are_deterministic_given_their_seed() -> None:
    def history(seed: int) -> tuple[Action, ...]:
        state = remi.new_game("norwegian", players=3, seed=2)
        bots: list[Bot] = [RandomBot(seed), GreedyBot(seed), RandomBot(seed + 1)]
        for _ in range(200):
            state = state.apply(choose(bots[state.to_act or 0], state))
        return state.history

    assert history(5) == history(5)
    assert history(5) != history(6)


# -- the greedy bot's choices ---------------------------------------------------------


def _play_phase(variant: str | remi.Variant, hand: str, draw: str, *, round: int | None = None,
                levels: list[int] | None = None, table: Sequence[remi.TableMeld] = ()) -> remi.GameState:
    """Seat 0 holding ``hand``, having just drawn ``draw`` from the stock; opponents pass."""
    state = remi.new_game(variant, players=2, seed=1, dealer=1, hands=[hand, "2C 3D 6H 9S QD"], stock=draw,
                          discard_pile="KH", round=round, levels=levels, table=table)
    state = state.apply(DRAW)
    while state.phase is remi.Phase.BUY:
        state = state.apply(PASS)
    assert state.phase is remi.Phase.PLAY and state.to_act == 0
    return state


def test_greedy_goes_down_with_the_solvers_melds() -> None:
    # NX5: round 1, two sets
    state = _play_phase("norwegian", "5C 5D 5H KS KS JK 2D 9C 9D 3S", "4H")
    best = solve(NORWEGIAN, state.hands[0], NORWEGIAN.contracts[0])
    assert best is not None
    assert choose(GreedyBot(), state) == LayDown(best.melds)


def test_greedy_goes_down_all_in_in_round_seven() -> None:
    # NX10: three runs, the whole hand, no discard: the bot goes out
    state = _play_phase("norwegian", "3S 4S 5S 6S 9H 10H JH QH AD 2D 3D", "JK", round=7)
    action = choose(GreedyBot(), state)
    assert isinstance(action, LayDown) and len(action.cards) == 12
    after = state.apply(action)
    assert after.deal_scores[0][0] == 0 and after.last_deal is not None and after.last_deal.winner == 0


def test_greedy_goes_down_piecemeal_in_english_and_then_goes_out() -> None:
    # EX9: game 6, both runs, then the final discard K♠
    state = _play_phase("english", "3C 4C 5C 6C 7C 8H 9H 10H JH QH", "KS", levels=[6, 1])
    bot = GreedyBot()
    action = choose(bot, state)
    assert isinstance(action, LayDown) and len(action.melds) == 2
    state = state.apply(action)
    assert choose(bot, state) == Discard(remi.parse_card("KS"))
    state = state.apply(Discard(remi.parse_card("KS")))
    assert state.last_deal is not None and state.last_deal.winner == 0


def test_greedy_lays_a_single_english_meld_when_the_other_is_missing() -> None:
    # EX3: the run alone is legal (piecemeal); the bot lays it
    state = _play_phase("english", "4C 5C 6C 7C KS KH 2D 9H 3S 8D", "QD")
    action = choose(GreedyBot(), state)
    assert action == LayDown("run 4C 5C 6C 7C")


def test_greedy_does_not_go_down_without_the_contract_and_discards_its_highest_unneeded_card() -> None:
    # round 1 (two sets): 5♣5♦5♥ is a set, K♠K♦ wants a third king; Q♥ is the costliest loose card
    state = _play_phase("norwegian", "5C 5D 5H KS KD 2D 9C 3S 4H 8C", "QH")
    assert choose(GreedyBot(), state) == Discard(remi.parse_card("QH"))


def test_greedy_keeps_its_jokers_and_pairs_over_higher_loose_cards() -> None:
    state = _play_phase("norwegian", "AS AH 7D 7C JK 2D 9C 3S 4H 8C", "6S")
    # the aces (20 each) are a pair it needs; 9♣ is the costliest card it does not need
    assert choose(GreedyBot(), state) == Discard(remi.parse_card("9C"))


def test_greedy_once_down_lays_off_then_discards_its_highest_card() -> None:
    table = [remi.TableMeld(remi.MeldKind.SET, remi.parse_cards("5C 5D 5H"), 0),
             remi.TableMeld(remi.MeldKind.SET, remi.parse_cards("KS KD KC"), 0)]
    state = _play_phase("norwegian", "5S 2D 9C 3S", "4H", table=table)
    bot = GreedyBot()
    assert choose(bot, state) == LayOff(remi.parse_card("5S"), 0, None)
    state = state.apply(LayOff(remi.parse_card("5S"), 0, None))
    assert choose(bot, state) == Discard(remi.parse_card("9C"))


def test_greedy_takes_the_discard_only_when_it_helps() -> None:
    helps = remi.new_game("norwegian", players=2, seed=1, dealer=1,
                          hands=["5C 5D 5H KS KD 2D 9C 3S 4H 8C", "2C 3D 6H 9S QD"], discard_pile="KH")
    assert choose(GreedyBot(), helps) == TAKE
    useless = remi.new_game("norwegian", players=2, seed=1, dealer=1,
                            hands=["5C 5D 5H KS KD 2D 9C 3S 4H 8C", "2C 3D 6H 9S QD"], discard_pile="7H")
    assert choose(GreedyBot(), useless) == DRAW


def test_greedy_buys_a_card_that_completes_a_meld() -> None:
    def buy_window(discard: str) -> remi.GameState:
        state = remi.new_game("norwegian", players=3, seed=1, dealer=2,
                              hands=["2C 3D 6H 9S QD 4C 7S 8H 10D JC", "5C 5D 5H KS KD 2D 9C 3S 4H 8C",
                                     "AS 2S 3H 4D 6C 7D 8S 9H 10C JD"], discard_pile=discard)
        state = state.apply(DRAW)
        assert state.phase is remi.Phase.BUY and state.to_act == 1
        return state

    assert choose(GreedyBot(), buy_window("KC")) == BUY
    assert choose(GreedyBot(), buy_window("6D")) == PASS


def test_greedy_swaps_a_joker_when_it_helps() -> None:
    # round 2 (a set and a run): an opponent is down with Q♥ Q♦ Q♣ and 2♠ JK 4♠ 5♠;
    # the bot holds 3♠ and lacks a card for its set of nines
    table = [remi.TableMeld(remi.MeldKind.SET, remi.parse_cards("QH QD QC"), 1),
             remi.TableMeld(remi.MeldKind.RUN, remi.parse_cards("2S JK 4S 5S"), 1)]
    state = _play_phase("norwegian", "3S 9C 9D KH KD 2H 7C 8D 10C QS", "6H", round=2, table=table)
    assert choose(GreedyBot(), state) == SwapJoker(1, remi.parse_cards("3S"))


def test_greedy_keeps_a_wild_two_like_a_joker() -> None:
    # May I: the 2 costs 20, more than any loose card, but it is a wild; the bot discards the king
    hand = "AS AH 7D 7C 2C 5D 9C 3S 4H 8C"
    state = _play_phase(WILD_TWOS, hand, "KD")
    assert choose(GreedyBot(), state) == Discard(remi.parse_card("KD"))
    # were the 2s natural, that 2 would be the costliest loose card
    natural = attrs.evolve(WILD_TWOS, name="natural-twos", melds=attrs.evolve(WILD_TWOS.melds, twos=Twos.NATURAL))
    assert choose(GreedyBot(), _play_phase(natural, hand, "KD")) == Discard(remi.parse_card("2C"))


def test_greedy_takes_a_wild_two_that_fills_a_gap() -> None:
    hands = ["5C 5D 5H KS KD 3D 9C 3S 4H 8C", "3C 3D 6H 9S QD"]
    for variant in (WILD_TWOS, TWOS_SETS):
        state = remi.new_game(variant, players=2, seed=1, dealer=1, hands=hands, discard_pile="2H")
        assert choose(GreedyBot(), state) == TAKE  # K K + a wild 2: the second set
    state = remi.new_game("norwegian", players=2, seed=1, dealer=1, hands=hands, discard_pile="2H")
    assert choose(GreedyBot(), state) == DRAW


def test_greedy_swaps_a_wild_two_where_the_rules_allow() -> None:
    # round 2: an opponent's run 5♠ 2♥ 7♠ 8♠ (the 2 as 6♠); the bot holds 6♠ and lacks a card for its nines
    table = [remi.TableMeld(remi.MeldKind.SET, remi.parse_cards("QH QD QC"), 1),
             remi.TableMeld(remi.MeldKind.RUN, remi.parse_cards("5S 2H 7S 8S"), 1)]
    swap = SwapJoker(1, remi.parse_cards("6S"))
    discards = [Discard(card) for card in remi.parse_cards("6S 9C 9D KH KD 3H 7C 8D 10C QS 6H")]
    no_two_swaps = attrs.evolve(TWOS_SETS, name="no-two-swaps", swaps=attrs.evolve(TWOS_SETS.swaps, twos=False))
    for variant, swaps in ((TWOS_SETS, True), (no_two_swaps, False)):
        state = _play_phase(variant, "6S 9C 9D KH KD 3H 7C 8D 10C QS", "6H", round=2, table=table)
        # the choice among these actions (the engine lists a 2's swap where its rules say so)
        picked = GreedyBot().choose(state.view(0), [swap, *discards])
        assert (picked == swap) is swaps


def test_greedy_plans_with_the_natural_minimum() -> None:
    from remi._search.planner import Planner

    planner = Planner()
    hand = remi.parse_cards("7S JK JK JK 5H 6H 8H")
    contract = remi.Contract.of("set 3", "run 4")
    assert planner.plan(ALL_WILD, hand, contract).missing == 0  # 7S JK JK is a set without a cap
    assert planner.plan(TWO_NATURALS, hand, contract).missing == 1  # it wants a second seven
    wilds_only = remi.parse_cards("JK JK JK 5H 6H 7H 8H")
    assert planner.plan(ALL_WILD, wilds_only, contract).missing == 0  # JK JK JK is a set
    assert planner.plan(NORWEGIAN, wilds_only, contract).missing > 0
    assert planner.plan(WILD_TWOS, remi.parse_cards("7S 7D 2C 5H 6H 2H 8H"), contract).missing == 0
    assert planner.plan(WILD_TWOS, remi.parse_cards("7S 7D 2C 5H 6H 2H 8H"), contract).spare == ()
    assert planner.plan(TWOS_SETS, remi.parse_cards("2S 2D 2C 5H 6H JK 8H"), contract).missing == 0


def test_S15_greedy_plans_a_dead_two_as_the_two_of_its_suit_only() -> None:
    from remi._search.planner import Planner

    planner = Planner()
    family = remi.variants.get("shanghai-family")
    contract = remi.Contract.of("set 3", "run 4")
    assert planner.plan(family, remi.parse_cards("AS 2S+ 3S 4S 7D 7H 7C"), contract).missing == 0
    plan = planner.plan(family, remi.parse_cards("AS 2H+ 3S 4S 7D 7H 7C"), contract)  # the 2H+ is no 2 of spades
    assert plan.missing == 1 and plan.spare == remi.parse_cards("2H+")
    assert planner.plan(family, remi.parse_cards("AH 2H+ 3S 4S 5S 7D 7H"), contract).missing == 2  # 2H+ is no wild


def test_greedy_plays_english_matches_to_the_end() -> None:
    state = remi.new_game("english", players=3, seed=4)
    bots = [GreedyBot(seat) for seat in range(3)]
    for _ in range(20_000):  # a bound, so that a weak bot fails the test instead of hanging it
        if state.is_over:
            break
        state = state.apply(choose(bots[state.to_act or 0], state))
    assert state.is_over and max(state.wins) == 7
    exhausted = sum(1 for scores in state.deal_scores if min(scores) >= 0)
    assert exhausted <= len(state.deal_scores) // 4  # deals end with someone going out


# -- huge hands and the lazy listing ------------------------------------------------------

# 36 naturals and nine jokers: after drawing, 46 cards in round 6, millions of lay-downs (N14 allows any buys)
HUGE_HAND = ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH "
             "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JK JK JK JK JK JK JK JK JK")


def _huge() -> remi.GameState:
    state = remi.new_game("norwegian", players=3, seed=9, round=6, dealer=2, stock="KD", discard_pile="QD",
                          hands=[HUGE_HAND, "2C 3C 4C 5C 6C 7C 8C 9C 10C", "JC QC KC AC 2C 3C 4C 5C 6C"])
    state = state.apply(DRAW)
    while state.phase is remi.Phase.BUY:
        state = state.apply(PASS)
    assert state.phase is remi.Phase.PLAY and len(state.hands[0]) == 46
    return state


def test_N14_bots_choose_on_a_huge_hand_without_listing_it(monkeypatch: pytest.MonkeyPatch) -> None:
    produced = count_generated(monkeypatch)  # what every listing generates
    state = _huge()
    view = state.view(0)
    greedy = GreedyBot().choose(view, state.legal_actions())
    best = solve(NORWEGIAN, state.hands[0], NORWEGIAN.contracts[5])
    assert best is not None and greedy == LayDown(best.melds)  # the solver's lay-down, found with `in`
    assert produced["laydowns"] <= 1 and produced["others"] <= 100  # is there a lay-down? and the other kinds
    produced.clear()
    for seed in range(3):
        picked = RandomBot(seed).choose(view, state.legal_actions())
        assert state.is_legal(picked)
    assert produced.total() <= 3 * (LAYDOWN_SAMPLE + 100)  # len() would have read 100,000 and refused


def test_bots_choose_alike_from_the_listing_and_from_a_list() -> None:
    state = remi.new_game("norwegian", players=3, seed=21)
    for step in range(300):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        for make in (GreedyBot, RandomBot):
            assert make(step).choose(view, state.legal_actions()) == make(step).choose(view, legal(state))
        state = state.apply(GreedyBot().choose(view, state.legal_actions()))


def test_random_bot_picks_a_kind_then_an_action_of_that_kind() -> None:
    # one lay-down and eleven discards: the kinds are equally likely, not the actions
    state = _play_phase("norwegian", "5C 5D 5H KS KD KH 2D 9C 3S 4H", "8H")
    actions = legal(state)
    assert sum(isinstance(action, LayDown) for action in actions) == 1
    picks = [RandomBot(seed).choose(state.view(0), state.legal_actions()) for seed in range(300)]
    downs = sum(isinstance(pick, LayDown) for pick in picks)
    assert 110 <= downs <= 190, downs  # about half, not 1 in 12
    discards = {pick for pick in picks if isinstance(pick, Discard)}
    assert len(discards) == len(actions) - 1  # every discard is picked some time
