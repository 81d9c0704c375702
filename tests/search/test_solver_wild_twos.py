"""The solver with wild twos and a natural minimum: examples, and properties against a brute force.

A *wild* is a joker or a 2 where the 2s are wild (S6, M4); a *natural* any
other card. Under ``Twos.WILD_EXCEPT_SETS`` the 2s of a set of twos are its
naturals (S6); under ``Twos.WILD`` no run position stands for a 2 (M5).
``min_naturals`` 0 allows melds of wilds only (L5, house), 2 asks two
naturals of every meld.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remi
from remi import JOKER, Card, Contract, MeldKind, Scoring, Variant, parse_cards
from remi.melds import JokerCap, Twos, is_wild
from remi.solver import Solution, clear_caches, contract_hint, solve

NOR = remi.variants.get("norwegian")
ENG = remi.variants.get("english")

#: Shanghai's wilds (S6, S7, S17): jokers and 2s worth 20 each, the cap at lay-down.
SHANGHAI = attrs.evolve(
    NOR, name="wild-except-sets", melds=attrs.evolve(NOR.melds, twos=Twos.WILD_EXCEPT_SETS),
    scoring=Scoring(joker_points=20, rank_points=(15, 20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)),
)
#: May I's wilds (M4, M5, M7, M16): every 2 wild, the ace high only, jokers 50 and 2s 20.
MAYI = attrs.evolve(
    NOR, name="wild", melds=attrs.evolve(NOR.melds, twos=Twos.WILD, ace_low=False, run_max=12),
    scoring=Scoring(joker_points=50, rank_points=(15, 20, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
)
#: Liverpool's house rule (L5): melds of wilds only, no cap, 2s natural.
ALL_WILD = attrs.evolve(NOR, name="all-wild", melds=attrs.evolve(NOR.melds, joker_cap=JokerCap.NONE, min_naturals=0))
#: The contract-rummy rule: two naturals in every meld.
TWO_NATURALS = attrs.evolve(
    NOR, name="two-naturals", melds=attrs.evolve(NOR.melds, joker_cap=JokerCap.NONE, min_naturals=2)
)

Hand = tuple[Card, ...]


def variant_of(twos: Twos, min_naturals: int, cap: bool, *, points: tuple[int, int] = (50, 20),
               exact: bool = False, distinct: bool = False, ace_low: bool = True, wrap: bool = False) -> Variant:
    """A variant for the properties: norwegian (english with ``exact``), changed as asked.

    ``points`` are a joker's and a 2's: unequal, the solver must spend the costlier wild first.
    """
    base = ENG if exact else NOR
    joker, two = points
    melds = attrs.evolve(
        base.melds, twos=twos, min_naturals=min_naturals, joker_cap=JokerCap.NATURALS if cap else JokerCap.NONE,
        set_distinct_suits=distinct, ace_low=ace_low, run_wrap=wrap, set_max=None if not exact else 6,
    )
    scoring = Scoring(joker_points=joker, rank_points=(20, two, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))
    name = f"t-{twos.value}-{min_naturals}-{cap}-{joker}-{two}-{exact}-{distinct}-{ace_low}-{wrap}"
    return attrs.evolve(base, name=name, melds=melds, scoring=scoring)


def check(variant: Variant, cards: Sequence[Card], contract: Contract, sol: Solution | None,
          all_in: bool = False) -> Solution:
    """The solution is well formed: valid melds of the hand's real cards fulfilling the contract."""
    assert sol is not None
    assert len(sol.melds) == len(contract.requirements)
    for meld, req in zip(sol.melds, contract.requirements, strict=True):
        assert not variant.meld_problems(meld.kind, meld.cards), str(meld)
        assert meld.kind is req.kind
        assert len(meld.cards) == req.size if variant.contracts.exact_sizes else len(meld.cards) >= req.size
    assert Counter(c for m in sol.melds for c in m.cards) + Counter(sol.left) == Counter(cards)
    assert sol.left == tuple(sorted(sol.left))
    assert sol.points_left == variant.hand_points(sol.left)
    if all_in:
        assert sol.left == ()
    return sol


# -- the rules' worked examples -------------------------------------------------


def test_S6_SX1_a_set_of_twos_and_twos_as_wilds() -> None:
    contract = Contract.of("set 3", "set 3")
    cards = parse_cards("2S 2H 2D 2C 7S 7H 9C")
    sol = check(SHANGHAI, cards, contract, solve(SHANGHAI, cards, contract))
    assert sol.left == parse_cards("9C")
    assert {len([c for c in m.cards if c.rank is remi.Rank.TWO]) for m in sol.melds} == {1, 3}
    # one 2 short there is no third card for the sevens
    assert solve(SHANGHAI, cards[1:], contract) is None
    # under plain wild twos there is no set of twos
    wild = attrs.evolve(SHANGHAI, name="wild-only", melds=attrs.evolve(SHANGHAI.melds, twos=Twos.WILD, ace_low=False))
    assert solve(wild, cards, contract) is None


def test_SX2_a_wild_two_stands_for_any_card_of_a_run() -> None:
    contract = Contract.of("set 3", "run 4")
    cards = parse_cards("5C 6C 2S 8C 9D 9H 9S")
    sol = check(SHANGHAI, cards, contract, solve(SHANGHAI, cards, contract))
    assert sol.melds[1].cards == parse_cards("5C 6C 2S 8C")
    assert sol.left == ()


def test_MX2_no_run_position_is_a_two_where_twos_are_always_wild() -> None:
    contract = Contract.of("run 4")
    assert solve(MAYI, parse_cards("AS JK 3S 4S"), contract) is None  # no low ace, no 2's place
    sol = check(MAYI, parse_cards("2S 3S 4S 5S"), contract, solve(MAYI, parse_cards("2S 3S 4S 5S"), contract))
    assert sol.melds[0].cards == parse_cards("3S 4S 5S 2S")  # the 2 as 6S
    sol = check(MAYI, parse_cards("QH KH AH 2C"), contract, solve(MAYI, parse_cards("QH KH AH 2C"), contract))
    assert sol.melds[0].cards == parse_cards("2C QH KH AH")  # the 2 as JH: nothing above the ace


def test_MX1_twos_are_never_natural_where_always_wild() -> None:
    contract = Contract.of("set 3")
    assert solve(MAYI, parse_cards("2C 2D 2H"), contract) is None
    assert solve(MAYI, parse_cards("9C JK 2H"), contract) is None  # 2 wilds, 1 natural
    sol = check(MAYI, parse_cards("9C 9D 2H"), contract, solve(MAYI, parse_cards("9C 9D 2H"), contract))
    assert sol.left == ()


def test_the_costliest_wild_goes_down_first() -> None:
    # May I: a joker costs 50, a 2 costs 20; the set takes two wilds (the cap), the joker among them
    contract = Contract.of("set 3")
    cards = parse_cards("9C 9D 2S JK 2H")
    sol = check(MAYI, cards, contract, solve(MAYI, cards, contract))
    assert JOKER in sol.melds[0].cards
    assert len(sol.left) == 1 and sol.left[0].rank is remi.Rank.TWO and sol.points_left == 20
    cards = parse_cards("9C 9D 2S 2H JK JK")
    sol = check(MAYI, cards, contract, solve(MAYI, cards, contract))
    assert sol.melds[0].cards == parse_cards("9D 9C JK JK") and sol.points_left == 40


def test_equal_wilds_leave_the_twos_in_hand() -> None:
    # Shanghai: a joker and a 2 both cost 20; the set takes the jokers first and keeps the 2 (a natural to be)
    contract = Contract.of("set 3")
    cards = parse_cards("9C 9D 2S JK JK")
    sol = check(SHANGHAI, cards, contract, solve(SHANGHAI, cards, contract))
    assert sol.melds[0].cards == parse_cards("9D 9C JK JK")
    assert sol.left == parse_cards("2S")
    # with two 2s the set of twos is worth more than the nines
    sol = check(SHANGHAI, cards + parse_cards("2H"), contract, solve(SHANGHAI, cards + parse_cards("2H"), contract))
    assert sol.melds[0].cards == parse_cards("2S 2H JK JK")


def test_a_set_of_twos_keeps_its_twos_natural_and_adds_jokers() -> None:
    contract = Contract.of("set 3", "run 4")
    cards = parse_cards("2S 2H JK 5C 6C 7C 8C")
    sol = check(SHANGHAI, cards, contract, solve(SHANGHAI, cards, contract))
    assert sol.melds[0].cards == parse_cards("2S 2H JK")
    # 2S JK JK: one natural, two wilds, over the cap
    assert solve(SHANGHAI, parse_cards("2S JK JK 5C 6C 7C 8C"), contract) is None


def test_L5_house_melds_of_wilds_only() -> None:
    cards = parse_cards("JK JK JK 7S 7H 7D")
    contract = Contract.of("set 3", "set 3")
    assert solve(NOR, cards, contract) is None
    sol = check(ALL_WILD, cards, contract, solve(ALL_WILD, cards, contract))
    assert sol.left == ()
    runs = Contract.of("run 4", "run 4")
    cards = parse_cards("JK JK JK JK 5H 6H 7H 8H")
    sol = check(ALL_WILD, cards, runs, solve(ALL_WILD, cards, runs, all_in=True), all_in=True)
    assert parse_cards("JK JK JK JK") in {m.cards for m in sol.melds}


def test_two_naturals_in_every_meld() -> None:
    contract = Contract.of("set 3", "run 4")
    cards = parse_cards("7S JK JK 5H 6H JK 8H")
    no_cap = attrs.evolve(NOR, name="no-cap", melds=attrs.evolve(NOR.melds, joker_cap=JokerCap.NONE))
    assert solve(no_cap, cards, contract) is not None
    assert solve(TWO_NATURALS, cards, contract) is None
    cards = parse_cards("7S 7H JK 5H 6H JK 8H")
    sol = check(TWO_NATURALS, cards, contract, solve(TWO_NATURALS, cards, contract))
    assert sol.left == ()


def test_all_in_with_wild_twos() -> None:
    contract = Contract.of("run 4", "run 4", "run 4")
    cards = parse_cards("3S 4S 5S 6S 9H 10H JH QH JD QD KD 2C")
    sol = check(MAYI, cards, contract, solve(MAYI, cards, contract, all_in=True), all_in=True)
    assert sol.melds[2].cards in (parse_cards("2C JD QD KD"), parse_cards("JD QD KD 2C"))
    # a set of twos uses up the last cards of a Shanghai all-in hand
    contract = Contract.of("run 4", "set 3")
    cards = parse_cards("3S 4S 5S 6S 2H 2D 2C")
    sol = check(SHANGHAI, cards, contract, solve(SHANGHAI, cards, contract, all_in=True), all_in=True)
    assert sol.melds[1].cards == parse_cards("2H 2D 2C")


def test_contract_hint_names_the_twos_as_wilds() -> None:
    hint = contract_hint(MAYI, parse_cards("9C 9D 9H 5H 6H 7H KS"), Contract.of("set 3", "run 4"))
    assert hint == parse_cards("2S 2H 4H 8H 2D 2C JK")


# -- an independent brute force ------------------------------------------------


def sub_multisets(hand: Counter[Card]) -> list[Hand]:
    subs: list[Hand] = [()]
    for card, count in sorted(hand.items()):
        subs = [sub + (card,) * k for sub in subs for k in range(count + 1)]
    return subs


def listings(variant: Variant, cards: Hand) -> list[Hand]:
    """Candidate run listings: for each start value, the naturals at their values, the wilds in the gaps.

    In a run every 2 is a wild where 2s are wild at all. A rank may fit two
    spots (ace low and high), so the naturals are placed first-fit and last-fit.
    """
    rules = variant.melds
    naturals = [c for c in cards if not is_wild(rules, c)]
    wilds = sorted(c for c in cards if is_wild(rules, c))
    out = []
    for start in range(-13, 15):
        spots = [(v - 1) % 13 + 1 for v in range(start, start + len(cards))]
        for order in (spots, spots[::-1]):
            todo = Counter(int(c.rank) for c in naturals if c.rank is not None)
            pool = {int(c.rank): c for c in naturals if c.rank is not None}
            fill = iter(wilds)
            placed = []
            for rank in order:
                if todo[rank]:
                    todo[rank] -= 1
                    placed.append(pool[rank])
                else:
                    placed.append(next(fill, JOKER))
            if not +todo:
                out.append(tuple(placed if order is spots else placed[::-1]))
    return out


def brute(variant: Variant, cards: Sequence[Card], contract: Contract, all_in: bool = False) -> tuple[int, int] | None:
    """The least (points left, cards left) over every split of the hand into the contract's melds."""
    reqs = contract.requirements
    rules = variant.melds
    cache: dict[tuple[MeldKind, Hand], bool] = {}

    def meldable(kind: MeldKind, sub: Hand) -> bool:
        if (kind, sub) not in cache:
            if kind is MeldKind.SET:
                cache[kind, sub] = not variant.meld_problems(kind, sub)
            elif len({c.suit for c in sub if not is_wild(rules, c)}) > 1:
                cache[kind, sub] = False
            else:
                cache[kind, sub] = any(not variant.meld_problems(kind, lst) for lst in listings(variant, sub))
        return cache[kind, sub]

    results = []

    def go(i: int, hand: Counter[Card]) -> None:
        if i == len(reqs):
            if not (all_in and hand):
                results.append((variant.hand_points(list(hand.elements())), hand.total()))
            return
        size = reqs[i].size
        for sub in sub_multisets(hand):
            fits = len(sub) == size if variant.contracts.exact_sizes else len(sub) >= size
            if fits and meldable(reqs[i].kind, sub):
                go(i + 1, hand - Counter(sub))

    go(0, Counter(cards))
    return min(results) if results else None


def solves_like_brute_force(variant: Variant, cards: Sequence[Card], contract: Contract, all_in: bool) -> None:
    """The solver finds a best arrangement exactly when the brute force does, as good as the brute force's."""
    expected = brute(variant, cards, contract, all_in)
    sol = solve(variant, cards, contract, all_in=all_in)
    if expected is None:
        assert sol is None
    else:
        check(variant, cards, contract, sol, all_in)
        assert sol is not None and (sol.points_left, len(sol.left)) == expected


def test_brute_force_knows_the_examples() -> None:
    assert brute(SHANGHAI, parse_cards("2S 2H 2D 7S 7H 9C"), Contract.of("set 3", "set 3")) is None
    assert brute(SHANGHAI, parse_cards("2S 2H 2D 7S 7H JK 9C"), Contract.of("set 3", "set 3")) == (5, 1)
    assert brute(MAYI, parse_cards("AS JK 3S 4S"), Contract.of("run 4")) is None
    assert brute(MAYI, parse_cards("2S 3S 4S 5S"), Contract.of("run 4")) == (0, 0)
    assert brute(MAYI, parse_cards("2S JK 3S 4S KD"), Contract.of("run 4")) == (10, 1)
    assert brute(ALL_WILD, parse_cards("JK JK JK JK"), Contract.of("run 4")) == (0, 0)
    assert brute(TWO_NATURALS, parse_cards("7S JK JK"), Contract.of("set 3")) is None


# -- properties ----------------------------------------------------------------

#: Few distinct naturals, 2s of three suits and jokers: many wild trade-offs, sets of twos, aces both ways.
POOL = [remi.Card(rank, suit) for suit in (remi.Suit.SPADES, remi.Suit.HEARTS, remi.Suit.DIAMONDS)
        for rank in (1, 2, 3, 4, 5, 12, 13)] + [JOKER] * 3
TWOS_HEAVY = [remi.Card(rank, suit) for suit in (remi.Suit.SPADES, remi.Suit.HEARTS)
              for rank in (1, 2, 2, 3, 4, 13)] + [JOKER] * 3

VARIANTS = [
    variant_of(Twos.WILD, 1, True, ace_low=False),
    variant_of(Twos.WILD, 0, False, points=(10, 25), ace_low=False),
    variant_of(Twos.WILD, 2, False, points=(20, 20), ace_low=False),
    variant_of(Twos.WILD, 1, False, exact=True, ace_low=False),
    variant_of(Twos.WILD_EXCEPT_SETS, 1, False, exact=True, wrap=True),
    variant_of(Twos.WILD_EXCEPT_SETS, 1, True, points=(20, 20)),
    variant_of(Twos.WILD_EXCEPT_SETS, 1, True),
    variant_of(Twos.WILD_EXCEPT_SETS, 0, False),
    variant_of(Twos.WILD_EXCEPT_SETS, 2, False, points=(10, 25)),
    variant_of(Twos.WILD_EXCEPT_SETS, 1, False, distinct=True, exact=True),
    variant_of(Twos.WILD_EXCEPT_SETS, 0, False, distinct=True, wrap=True),
    variant_of(Twos.NATURAL, 0, False),
    variant_of(Twos.NATURAL, 2, False, wrap=True),
    variant_of(Twos.NATURAL, 2, True, exact=True),
]
CONTRACTS = [
    (Contract.of("set 3", "run 4"), False),
    (Contract.of("set 3", "set 3"), False),
    (Contract.of("run 4", "run 4"), False),
    (Contract.of("set 3", "run 4"), True),
    (Contract.of("set 3", "set 3"), True),
]
CASES = [(variant, contract, all_in) for variant in VARIANTS for contract, all_in in CONTRACTS]


@pytest.mark.parametrize(("variant", "contract", "all_in"), CASES,
                         ids=[f"{v.name}-{c}-{'all_in' if a else 'best'}" for v, c, a in CASES])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_solve_matches_brute_force(variant: Variant, contract: Contract, all_in: bool, data: st.DataObject) -> None:
    pool = data.draw(st.sampled_from([POOL, TWOS_HEAVY]), label="pool")
    size = contract.size
    cards = data.draw(st.lists(st.sampled_from(pool), min_size=size - 1, max_size=size + 2), label="cards")
    solves_like_brute_force(variant, cards, contract, all_in)


FULL = [variant_of(Twos.WILD, 1, True, ace_low=False), variant_of(Twos.WILD_EXCEPT_SETS, 1, True, points=(20, 20)),
        variant_of(Twos.WILD_EXCEPT_SETS, 0, False), variant_of(Twos.WILD, 2, False, exact=True, ace_low=False)]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), wilds=st.integers(0, 4))
def test_every_contract_on_full_hands_is_well_formed_and_order_free(seed: int, wilds: int) -> None:
    rng = random.Random(seed)
    for variant in FULL:
        deck = list(variant.cards(variant.max_players))
        for index, contract in enumerate(variant.contracts):
            size = variant.contracts.deal_sizes[index] + 1
            twos = [c for c in deck if c.rank is not None and int(c.rank) == 2]
            others = [c for c in deck if c is not JOKER and c not in twos]
            picked = rng.sample(twos, min(wilds, 3)) + [JOKER] * (wilds // 2)
            cards = tuple(picked) + tuple(rng.sample(others, size - len(picked)))
            all_in = variant.contracts.going_out[index] is remi.GoingOut.ALL_IN
            sol = solve(variant, cards, contract, all_in=all_in)
            if sol is not None:
                check(variant, cards, contract, sol, all_in)
            shuffled = list(cards)
            rng.shuffle(shuffled)
            assert solve(variant, shuffled, contract, all_in=all_in) == sol


@pytest.mark.parametrize("variant", FULL[:3], ids=lambda v: v.name)
@pytest.mark.parametrize("seed", range(3))
def test_big_hands_grouped_by_wilds_agree_with_the_plain_search(
    variant: Variant, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import remi._search.arrange as search

    rng = random.Random(seed)
    for index in (2, 4, 5):
        contract = variant.contracts[index]
        for _ in range(3):
            naturals = [c for c in variant.cards(variant.max_players) if c is not JOKER]
            cards = tuple(rng.sample(naturals, rng.randrange(12, 26))) + (JOKER,) * rng.randrange(0, 4)
            answers = []
            for many in (0, 10**9):
                monkeypatch.setattr(search, "_MANY", many)
                clear_caches()
                answers.append(solve(variant, cards, contract))
            grouped, plain = answers
            assert (grouped is None) == (plain is None)
            if grouped is not None and plain is not None:
                check(variant, cards, contract, grouped)
                assert (grouped.points_left, len(grouped.left)) == (plain.points_left, len(plain.left))


# -- dead twos (S15) -----------------------------------------------------------

#: The properties' pool with dead twos in it: each is a natural that only a run of its suit takes, as its 2.
DEAD_POOL = [*POOL, *parse_cards("2S+ 2H+ 2D+ 2S+")]
DEAD_VARIANTS = [
    attrs.evolve(variant, name=f"{variant.name}-dead", deck=attrs.evolve(variant.deck, dead_twos=True))
    for variant in (
        variant_of(Twos.WILD_EXCEPT_SETS, 1, True),
        variant_of(Twos.WILD_EXCEPT_SETS, 1, False, points=(20, 20)),
        variant_of(Twos.WILD_EXCEPT_SETS, 1, False, distinct=True, exact=True),
        variant_of(Twos.WILD_EXCEPT_SETS, 0, True, ace_low=False),
    )
]
DEAD_CASES = [(variant, contract, all_in) for variant in DEAD_VARIANTS for contract, all_in in CONTRACTS]


def test_S15_a_dead_two_goes_down_only_as_the_two_of_its_suit() -> None:
    family = remi.variants.get("shanghai-family")
    sol = solve(family, parse_cards("AS 2S+ 3S 4S 7D 7H 7C 9H"), family.contracts[1])
    assert sol is not None
    assert [str(meld) for meld in sol.melds] == ["set 7H 7D 7C", "run AS 2S+ 3S 4S"]
    assert sol.points_left == 5
    sol = solve(family, parse_cards("AS 3S 4S 2H+ 7D 7H 7C 9H JK"), family.contracts[1])  # 2H+ is no wild
    assert sol is not None and [str(meld) for meld in sol.melds] == ["set 7H 7D 7C", "run AS JK 3S 4S"]
    assert (remi.format_cards(sol.left), sol.points_left) == ("9H 2H+", 10)
    assert solve(family, parse_cards("7D 7H 2D+ 3S 4S 5S 6S"), family.contracts[1]) is None  # no set of 7s


@pytest.mark.parametrize(("variant", "contract", "all_in"), DEAD_CASES,
                         ids=[f"{v.name}-{c}-{'all_in' if a else 'best'}" for v, c, a in DEAD_CASES])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_S15_solve_with_dead_twos_matches_brute_force(
    variant: Variant, contract: Contract, all_in: bool, data: st.DataObject
) -> None:
    size = contract.size
    cards = data.draw(st.lists(st.sampled_from(DEAD_POOL), min_size=size - 1, max_size=size + 2), label="cards")
    solves_like_brute_force(variant, cards, contract, all_in)


def test_S15_the_bounds_do_not_prune_a_run_that_needs_its_dead_two() -> None:
    """AS 2S+ JK JK is a run of two naturals: the quick bounds of the listing count no dead 2 as one."""
    variant = DEAD_VARIANTS[0]
    assert not variant.contracts.exact_sizes
    hand = parse_cards("7S 7H 7D AS JK JK 2S+")
    contract = Contract.of("set 3", "run 4")
    sol = solve(variant, hand, contract)
    assert sol is not None and [str(meld) for meld in sol.melds] == ["set 7S 7H 7D", "run AS 2S+ JK JK"]
    state = remi.new_game(variant, players=2, seed=1, dealer=1, round=2, hands=[remi.format_cards(hand), "KD QC"],
                          stock="KS")
    state = state.apply(remi.actions.DrawStock())
    while state.phase is remi.Phase.BUY:
        state = state.apply(remi.actions.Pass())
    assert remi.parse_action("down set 7S 7H 7D; run AS 2S+ JK JK") in state.legal_actions()
