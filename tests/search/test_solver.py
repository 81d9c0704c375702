"""Tests for remi.solver: the worked examples of the rules, and properties against an independent brute force."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remi
from remi import JOKER, Card, Contract, End, Meld, MeldKind, RemiError, Variant, VariantError, parse_card, parse_cards
from remi.melds import run_cards
from remi.solver import LayoffOption, Solution, clear_caches, contract_hint, layoff_options, solve

NOR = remi.variants.get("norwegian")
ENG = remi.variants.get("english")
WRAP = attrs.evolve(NOR, name="norwegian-wrap", melds=attrs.evolve(NOR.melds, run_wrap=True))
ACE_HIGH_ONLY = attrs.evolve(NOR, name="norwegian-ace-high", melds=attrs.evolve(NOR.melds, ace_low=False))
ENG_CAPPED = attrs.evolve(
    ENG, name="english-capped", melds=attrs.evolve(ENG.melds, joker_cap=remi.JokerCap.NATURALS, set_max=5)
)

Hand = tuple[Card, ...]


def check(variant: Variant, cards: Sequence[Card], contract: Contract, sol: Solution | None,
          all_in: bool = False) -> Solution:
    """The solution is well formed: valid melds fulfilling the contract, cards conserved."""
    assert sol is not None
    assert len(sol.melds) == len(contract.requirements)
    for meld, req in zip(sol.melds, contract.requirements, strict=True):
        assert not variant.meld_problems(meld.kind, meld.cards), str(meld)
        assert meld.kind is req.kind
        assert len(meld.cards) == req.size if variant.contracts.exact_sizes else len(meld.cards) >= req.size
    sizes = [(m.kind, len(m.cards)) for m in sol.melds]
    assert remi.assign(contract, sizes, exact=variant.contracts.exact_sizes) is not None
    assert Counter(c for m in sol.melds for c in m.cards) + Counter(sol.left) == Counter(cards)
    assert sol.left == tuple(sorted(sol.left))
    assert sol.points_left == variant.hand_points(sol.left)
    if all_in:
        assert sol.left == ()
    return sol


# -- the rules' worked examples -------------------------------------------------


def test_NX5_round1_two_sets() -> None:
    cards = parse_cards("5C 5D 5H KS KS JK 2D 9C 9D 3S 4H")
    sol = check(NOR, cards, NOR.contracts[0], solve(NOR, cards, NOR.contracts[0]))
    assert {str(m) for m in sol.melds} == {"set 5H 5D 5C", "set KS KS JK"}
    assert sol.left == parse_cards("3S 4H 2D 9D 9C")
    assert sol.points_left == 27  # the other joker use, 9C 9D JK, would leave 29


def test_NX9_round5_lay_down_ten() -> None:
    cards = parse_cards("4C 4D 4H 9S 9H 9D 5H 6H 7H 8H KC")
    sol = check(NOR, cards, NOR.contracts[4], solve(NOR, cards, NOR.contracts[4]))
    assert [str(m) for m in sol.melds] == ["set 4H 4D 4C", "set 9S 9H 9D", "run 5H 6H 7H 8H"]
    assert sol.left == parse_cards("KC")
    assert sol.points_left == 10


def test_NX10_round7_all_in_joker_as_4D() -> None:
    cards = parse_cards("3S 4S 5S 6S 9H 10H JH QH AD 2D 3D JK")
    sol = check(NOR, cards, NOR.contracts[6], solve(NOR, cards, NOR.contracts[6], all_in=True), all_in=True)
    assert all(m.kind is MeldKind.RUN for m in sol.melds)
    (with_joker,) = [m for m in sol.melds if JOKER in m.cards]
    assert with_joker.cards == parse_cards("AD 2D 3D JK")
    assert run_cards(NOR.melds, with_joker.cards)[3] == parse_card("4D")
    assert sol.points_left == 0


def test_N18_all_in_fails_when_a_card_cannot_be_used() -> None:
    cards = parse_cards("3S 4S 5S 6S 9H 10H JH QH AD 2D 3D KC")
    assert solve(NOR, cards, NOR.contracts[6], all_in=True) is None
    # without all-in it is still impossible: AD 2D 3D is no run, and nothing else makes a third
    assert solve(NOR, cards, NOR.contracts[6]) is None
    assert solve(NOR, cards[:8], NOR.contracts[2]) is not None


def test_N18_all_in_absorbs_extra_cards_in_longer_runs() -> None:
    cards = parse_cards("3S 4S 5S 6S 7S 9H 10H JH QH KH AD 2D 3D JK")
    sol = check(NOR, cards, NOR.contracts[6], solve(NOR, cards, NOR.contracts[6], all_in=True), all_in=True)
    assert sorted(len(m.cards) for m in sol.melds) == [4, 5, 5]


def test_EX9_english_game6_two_runs_of_five() -> None:
    cards = parse_cards("3C 4C 5C 6C 7C 8H 9H 10H JH QH KS")
    sol = check(ENG, cards, ENG.contracts[5], solve(ENG, cards, ENG.contracts[5]))
    assert {str(m) for m in sol.melds} == {"run 3C 4C 5C 6C 7C", "run 8H 9H 10H JH QH"}
    assert sol.left == parse_cards("KS")


def test_EX4_english_sizes_are_exact() -> None:
    cards = parse_cards("4C 5C 6C 7C 8C KS KH KD")
    sol = check(ENG, cards, ENG.contracts[0], solve(ENG, cards, ENG.contracts[0]))
    assert [str(m) for m in sol.melds] == ["run 5C 6C 7C 8C", "set KS KH KD"]  # keeps the cheaper 4C
    assert sol.points_left == 4
    # norwegian sizes are minimums: the five-card run goes down whole
    sol = check(NOR, cards, NOR.contracts[1], solve(NOR, cards, NOR.contracts[1]))
    assert sol.left == () and len(sol.melds[1].cards) == 5


def test_NX6_round2_needs_a_run() -> None:
    cards = parse_cards("5C 5D 5H KS KH KD 2D 9C")
    assert solve(NOR, cards, NOR.contracts[1]) is None
    assert solve(NOR, cards, NOR.contracts[0]) is not None


def test_N10_joker_cap_and_english_no_cap() -> None:
    cards = parse_cards("QS JK JK 5S 5H 5D")
    assert solve(NOR, cards, NOR.contracts[0]) is None  # QS JK JK has more jokers than naturals
    two_groups = Contract.of("set 3", "set 3")
    sol = check(ENG, cards, two_groups, solve(ENG, cards, two_groups))
    assert {str(m) for m in sol.melds} == {"set 5S 5H 5D", "set QS JK JK"}


def test_N10_jokers_placed_in_runs() -> None:
    cards = parse_cards("7S JK JK 10S QD QH QC")
    sol = check(NOR, cards, NOR.contracts[1], solve(NOR, cards, NOR.contracts[1]))
    assert sol.melds[1].cards == parse_cards("7S JK JK 10S")
    assert sol.left == ()


def test_N8_ace_high_or_low_but_no_wrap() -> None:
    sets = "7S 7D 7C"
    assert solve(NOR, parse_cards("QH KH AH 2H " + sets), NOR.contracts[1]) is None
    for run in ("JH QH KH AH", "AH 2H 3H 4H"):
        sol = check(NOR, parse_cards(run + " " + sets), NOR.contracts[1],
                    solve(NOR, parse_cards(run + " " + sets), NOR.contracts[1]))
        assert sol.melds[1].cards == parse_cards(run)
    whole = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    sol = check(NOR, whole, Contract.of("run 4"), solve(NOR, whole, Contract.of("run 4"), all_in=True), True)
    assert sol.melds[0].cards == whole  # both aces: A 2 ... K A


def test_EX1_english_groups_need_distinct_suits() -> None:
    contract = Contract.of("set 3", "set 3")
    cards = parse_cards("7S 7S 7H 9S 9H 9D")
    assert solve(ENG, cards, contract) is None
    sol = check(NOR, cards, contract, solve(NOR, cards, contract))
    assert sol.left == ()
    doubled = parse_cards("7S 7S 7H 7H 7D 7C")  # two groups of one rank, from two packs
    sol = check(ENG, doubled, contract, solve(ENG, doubled, contract))
    assert {m.cards for m in sol.melds} == {parse_cards("7S 7H 7D"), parse_cards("7S 7H 7C")}


def test_sizes_outside_the_meld_rules() -> None:
    assert solve(ENG, parse_cards("4C 5C 6C 7C"), Contract.of("run 3")) is None
    assert solve(ENG, parse_cards("7S 7H 7D 7C JK"), Contract.of("set 5")) is None  # groups hold 4 at most
    sol = solve(NOR, parse_cards("4C 5C 6C 7C"), Contract.of("run 3"))  # a minimum, but runs have 4+
    assert sol is not None and len(sol.melds[0].cards) == 4
    assert solve(NOR, parse_cards("4C 5C 6C"), Contract.of("run 3")) is None


def test_joker_instead_of_a_natural_when_sizes_are_exact() -> None:
    # English run 4 exact: JK 5C 6C 7C (or 5C 6C 7C JK) leaves 4C (4), better than leaving JK (25)
    cards = parse_cards("4C 5C 6C 7C JK KS KH KD")
    sol = check(ENG, cards, ENG.contracts[0], solve(ENG, cards, ENG.contracts[0]))
    assert sol.points_left == 4
    assert JOKER in sol.melds[0].cards


def test_a_joker_replaces_a_natural_the_set_needs() -> None:
    # the set 2S 2H JK needs 2S (2H JK JK breaks the cap), so the run is AS JK 3S 4S
    cards = parse_cards("AS 2S 3S 4S 2H JK JK")
    sol = check(NOR, cards, NOR.contracts[1], solve(NOR, cards, NOR.contracts[1]))
    assert sol.left == ()
    assert sol.melds[1].cards == parse_cards("AS JK 3S 4S")


def test_two_identical_melds_from_two_packs() -> None:
    runs = parse_cards("2S 3S 4S 5S 2S 3S 4S 5S")
    sol = check(NOR, runs, NOR.contracts[2], solve(NOR, runs, NOR.contracts[2]))
    assert sol.melds[0] == sol.melds[1] == Meld.parse("run 2S 3S 4S 5S")
    sets = parse_cards("5S 5H 5D 5S 5H 5D")
    for variant in (NOR, ENG):
        contract = Contract.of("set 3", "set 3")
        sol = check(variant, sets, contract, solve(variant, sets, contract))
        assert sol.melds[0] == sol.melds[1] == Meld.parse("set 5S 5H 5D")


def test_english_groups_of_one_rank_take_the_most_held_suits_first() -> None:
    # 7S 7H 7D 7C + 7D 7C only works if the first group leaves 7H, 7D and 7C
    cards = parse_cards("7S 7H 7D 7D 7C 7C")
    contract = Contract.of("set 3", "set 3")
    sol = check(ENG, cards, contract, solve(ENG, cards, contract))
    assert sol.left == ()


def test_equal_points_left_prefers_fewer_cards() -> None:
    # leaving one 4 or the two 2s both cost 4 points: the solver keeps the hand smaller
    cards = parse_cards("2H 2H 3H 4H 2D 4D JK JK JK")
    sol = check(NOR, cards, NOR.contracts[1], solve(NOR, cards, NOR.contracts[1]))
    assert sol.points_left == 4
    assert len(sol.left) == 1


@pytest.mark.parametrize("contract", [Contract.of("run 4"), NOR.contracts[1]])
def test_equal_points_left_prefers_fewer_cards_between_runs(contract: Contract) -> None:
    # 10S JS QS KS and 6H 7H 8H 9H 10H are both worth 40: melding the five-card run leaves four cards
    cards = parse_cards("10S JS QS KS 6H 7H 8H 9H 10H 2C 2D 2C")
    if len(contract) == 1:
        cards = cards[:9]
    sol = check(NOR, cards, contract, solve(NOR, cards, contract))
    assert sol.points_left == 40
    assert sol.left[:4] == parse_cards("10S JS QS KS")


def test_one_point_better_is_found() -> None:
    # found by a mutant that pruned improvements smaller than a point plus a card (brute force: 26)
    cards = parse_cards("8S 9S 10S JS 6H 5D KD 6C 9C JK JK")
    sol = check(ENG, cards, ENG.contracts[0], solve(ENG, cards, ENG.contracts[0]))
    assert (sol.points_left, len(sol.left)) == brute(ENG, cards, ENG.contracts[0]) == (26, 4)


def test_result_is_independent_of_card_order() -> None:
    cards = list(parse_cards("5C 5D 5H KS KS JK 2D 9C 9D 3S 4H JK 9H"))
    expected = solve(NOR, cards, NOR.contracts[1])
    rng = random.Random(0)
    for _ in range(20):
        rng.shuffle(cards)
        assert solve(NOR, cards, NOR.contracts[1]) == expected


def test_clear_caches_changes_nothing() -> None:
    cards = parse_cards("3S 4S 5S 6S 7S 9H 10H JH QH KH AD 2D 3D JK")
    before = solve(NOR, cards, NOR.contracts[6], all_in=True), solve(NOR, cards, NOR.contracts[5])
    clear_caches()
    assert (solve(NOR, cards, NOR.contracts[6], all_in=True), solve(NOR, cards, NOR.contracts[5])) == before


def test_errors() -> None:
    with pytest.raises(RemiError):
        solve(NOR, ["QS"], NOR.contracts[0])  # type: ignore[list-item]
    bad = attrs.evolve(NOR, name="negative", scoring=attrs.evolve(NOR.scoring, joker_points=-5))
    with pytest.raises(VariantError):
        solve(bad, parse_cards("QS QH QD"), Contract.of("set 3"))


# -- an independent brute force ------------------------------------------------


def sub_multisets(hand: Counter[Card]) -> list[Hand]:
    """Every distinct sub-multiset, built card by card."""
    subs: list[Hand] = [()]
    for card, count in sorted(hand.items()):
        subs = [sub + (card,) * k for sub in subs for k in range(count + 1)]
    return subs


def listings(cards: Hand) -> list[Hand]:
    """Candidate run listings of ``cards``: for each start value, naturals at their values, jokers in the gaps.

    A rank may fit two spots (ace low and high, or wrap-around turns), so the naturals
    are placed both first-fit and last-fit.
    """
    naturals = [c for c in cards if c.is_natural]
    out = []
    for start in range(-13, 15):
        spots = [(v - 1) % 13 + 1 for v in range(start, start + len(cards))]
        for order in (spots, spots[::-1]):
            todo = Counter(int(c.rank) for c in naturals if c.rank is not None)
            pool = {int(c.rank): c for c in naturals if c.rank is not None}
            placed = []
            for rank in order:
                if todo[rank]:
                    todo[rank] -= 1
                    placed.append(pool[rank])
                else:
                    placed.append(JOKER)
            if not +todo:
                out.append(tuple(placed if order is spots else placed[::-1]))
    return out


def brute(variant: Variant, cards: Sequence[Card], contract: Contract, all_in: bool = False) -> tuple[int, int] | None:
    """The least (points left, cards left) over every split of the hand into the contract's melds."""
    reqs = contract.requirements
    cache: dict[tuple[MeldKind, Hand], bool] = {}

    def meldable(kind: MeldKind, sub: Hand) -> bool:
        if (kind, sub) not in cache:
            if kind is MeldKind.SET:
                cache[kind, sub] = not variant.meld_problems(kind, sub)
            elif len({c.suit for c in sub if c.is_natural}) != 1:
                cache[kind, sub] = False
            else:
                cache[kind, sub] = any(not variant.meld_problems(kind, lst) for lst in listings(sub))
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


def test_brute_force_agrees_with_the_rules_examples() -> None:
    # the reference itself must be able to say yes and no
    assert brute(NOR, parse_cards("5C 5D 5H KS KS JK 2D 9C 9D 3S 4H"), NOR.contracts[0]) == (27, 5)
    assert brute(NOR, parse_cards("QH KH AH 2H 7S 7D 7C"), NOR.contracts[1]) is None
    assert brute(WRAP, parse_cards("QH KH AH 2H 7S 7D 7C"), NOR.contracts[1]) == (0, 0)
    assert brute(ENG, parse_cards("4C 5C 6C 7C JK KS KH KD"), ENG.contracts[0]) == (4, 1)


# -- properties ----------------------------------------------------------------

POOL = [Card(rank, suit) for suit in (remi.Suit.SPADES, remi.Suit.HEARTS, remi.Suit.DIAMONDS)
        for rank in (1, 2, 3, 4, 5, 12, 13)] + [JOKER] * 4
# fewer distinct cards: more melds, more duplicates, more ties and joker trade-offs
DENSE = [Card(rank, suit) for suit in (remi.Suit.SPADES, remi.Suit.HEARTS)
         for rank in (1, 2, 3, 4, 5, 13)] + [JOKER] * 3

CASES = [
    (NOR, Contract.of("set 3", "run 4"), False),
    (NOR, Contract.of("set 3", "set 3"), False),
    (NOR, Contract.of("run 4", "run 4"), False),
    (NOR, Contract.of("set 3", "set 3", "set 3"), False),
    (NOR, Contract.of("set 3", "run 4"), True),
    (NOR, Contract.of("run 4", "run 4"), True),
    (ENG, Contract.of("run 4", "set 3"), False),
    (ENG, Contract.of("set 3", "set 3"), False),
    (ENG, Contract.of("run 4", "run 4"), False),
    (ENG, Contract.of("run 5", "set 4"), False),
    (ENG, Contract.of("run 4", "set 3"), True),
    (WRAP, Contract.of("set 3", "run 4"), False),
    (ACE_HIGH_ONLY, Contract.of("run 4", "set 3"), False),
    (ENG_CAPPED, Contract.of("run 4", "set 4"), False),
]


@pytest.mark.parametrize(("variant", "contract", "all_in"), CASES,
                         ids=[f"{v.name}-{c}-{'all_in' if a else 'best'}" for v, c, a in CASES])
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_solve_matches_brute_force(variant: Variant, contract: Contract, all_in: bool, data: st.DataObject) -> None:
    pool = data.draw(st.sampled_from([POOL, DENSE]), label="pool")
    size = contract.size
    cards = data.draw(st.lists(st.sampled_from(pool), min_size=size - 1, max_size=size + 2), label="cards")
    expected = brute(variant, cards, contract, all_in)
    sol = solve(variant, cards, contract, all_in=all_in)
    if expected is None:
        assert sol is None
    else:
        check(variant, cards, contract, sol, all_in)
        assert sol is not None and (sol.points_left, len(sol.left)) == expected


def deal(rng: random.Random, variant: Variant, size: int, jokers: int) -> Hand:
    naturals = [c for c in variant.cards(variant.max_players) if c.is_natural]
    return tuple(rng.sample(naturals, size - jokers)) + (JOKER,) * jokers


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), jokers=st.integers(0, 3), extra=st.integers(0, 2))
def test_every_contract_on_full_hands_is_well_formed_and_order_free(seed: int, jokers: int, extra: int) -> None:
    rng = random.Random(seed)
    for variant in (NOR, ENG):
        for index, contract in enumerate(variant.contracts):
            size = variant.contracts.deal_sizes[index] + 1 + (extra if variant is NOR else 0)
            cards = deal(rng, variant, size, jokers)
            all_in = variant.contracts.going_out[index] is remi.GoingOut.ALL_IN
            sol = solve(variant, cards, contract, all_in=all_in)
            if sol is not None:
                check(variant, cards, contract, sol, all_in)
            shuffled = list(cards)
            rng.shuffle(shuffled)
            assert solve(variant, shuffled, contract, all_in=all_in) == sol


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), jokers=st.integers(0, 3), extra=st.integers(0, 3))
def test_planted_all_in_hands_are_found(seed: int, jokers: int, extra: int) -> None:
    rng = random.Random(seed)
    lengths = [4, 4, 4]
    for _ in range(extra):
        lengths[rng.randrange(3)] += 1
    runs: list[list[Card]] = []
    for length in lengths:
        suit = rng.choice(list(remi.Suit))
        start = rng.randint(1, 15 - length)
        runs.append([Card(1 if v == 14 else v, suit) for v in range(start, start + length)])
    for _ in range(jokers):  # within the cap: jokers <= naturals in each run
        run = rng.choice([r for r in runs if 2 * (r.count(JOKER) + 1) <= len(r)])
        run[rng.choice([i for i, c in enumerate(run) if c is not JOKER])] = JOKER
    cards = [c for run in runs for c in run]
    check(NOR, cards, NOR.contracts[6], solve(NOR, cards, NOR.contracts[6], all_in=True), all_in=True)


# -- big hands (N14: unlimited buys) --------------------------------------------------


@pytest.mark.parametrize(("variant", "index"), [(NOR, 5), (NOR, 4), (NOR, 2), (ENG, 2), (ENG, 6), (WRAP, 5)])
@pytest.mark.parametrize("seed", range(5))
def test_N14_big_hands_are_searched_by_joker_groups_with_the_same_answer(
    variant: Variant, index: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand grown by buying has thousands of runs: the search then groups them by jokers and
    bounds the sets after the runs from the cards left. It finds what the plain search finds."""
    import remi._search.arrange as search

    rng = random.Random(seed)
    contract = variant.contracts[index]
    for _ in range(6):
        cards = deal(rng, variant, rng.randrange(12, 32), rng.randrange(0, 9))
        answers = []
        for many in (0, 10**9):  # every run requirement grouped, then none
            monkeypatch.setattr(search, "_MANY", many)
            clear_caches()
            answers.append(solve(variant, cards, contract))
        grouped, plain = answers
        assert (grouped is None) == (plain is None)
        if grouped is not None and plain is not None:
            check(variant, cards, contract, grouped)
            assert (grouped.points_left, len(grouped.left)) == (plain.points_left, len(plain.left))


# -- layoff_options ------------------------------------------------------------


def test_layoff_options_runs_sets_and_jokers() -> None:
    table: list[Meld | tuple[MeldKind, Hand]] = [
        Meld.parse("run 5C 6C 7C 8C"), Meld.parse("set 9S 9H 9D"), (MeldKind.RUN, parse_cards("7S JK JK 10S"))
    ]
    options = layoff_options(NOR, parse_cards("9C 4C 2H JK 9C 6S"), table)
    assert list(options) == sorted(set(parse_cards("9C 4C 2H JK 6S")))
    where = {str(card): [(o.meld, o.end) for o in opts] for card, opts in options.items()}
    assert where == {
        "9C": [(0, End.HIGH), (1, None)],
        "4C": [(0, End.LOW)],
        "2H": [],
        "6S": [(2, End.LOW)],
        # a joker fits either end of the clubs, and the set; not the spades run (3 jokers > 2 naturals)
        "JK": [(0, End.LOW), (0, End.HIGH), (1, None)],
    }
    (opt,) = options[parse_card("4C")]
    assert opt == LayoffOption(parse_card("4C"), 0, End.LOW, parse_cards("4C 5C 6C 7C 8C"))


def test_layoff_options_ace_both_ends_and_english_groups() -> None:
    long_run = Meld.parse("run 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    ace = parse_card("AH")
    assert [o.end for o in layoff_options(NOR, [ace], [long_run])[ace]] == [End.LOW, End.HIGH]
    group = Meld.parse("set 7S 7H 7D")
    options = layoff_options(ENG, parse_cards("7S 7C"), [group])
    assert options[parse_card("7S")] == ()
    assert [o.cards for o in options[parse_card("7C")]] == [parse_cards("7S 7H 7D 7C")]
    full = Meld.parse("set 7S 7H 7D 7C")
    assert layoff_options(ENG, parse_cards("7S JK"), [full]) == {parse_card("7S"): (), JOKER: ()}


def test_layoff_options_agree_with_lay_off() -> None:
    table = [Meld.parse(t) for t in ("run JK 3D 4D 5D", "set QS QH JK", "run 10S JS QS KS", "set 2C 2C 2H")]
    options = layoff_options(NOR, remi.CARDS, table)
    for card in remi.CARDS:
        expected = []
        for i, meld in enumerate(table):
            for end in ((None,) if meld.kind is MeldKind.SET else (End.LOW, End.HIGH)):
                after = remi.melds.lay_off(NOR.layoff_rules, meld.kind, meld.cards, card, end)
                if after is not None:
                    expected.append(LayoffOption(card, i, end, after))
        assert options[card] == tuple(expected)


# -- contract_hint -------------------------------------------------------------


def test_contract_hint_round1() -> None:
    hand = parse_cards("5C 5D 5H KS KH 2D 9C 3S 4H")
    assert contract_hint(NOR, hand, NOR.contracts[0]) == parse_cards("KS KH KD KC JK")


def test_contract_hint_respects_the_deck() -> None:
    hand = parse_cards("KS KS 5C 5D 5H 2D")  # both packs' KS are already in hand
    assert contract_hint(NOR, hand, NOR.contracts[0]) == parse_cards("KH KD KC JK")
    no_jokers = attrs.evolve(NOR, name="no-jokers", deck=attrs.evolve(NOR.deck, jokers=0))
    assert contract_hint(no_jokers, hand, NOR.contracts[0]) == parse_cards("KH KD KC")


def test_contract_hint_all_in() -> None:
    hand = parse_cards("3S 4S 5S 6S 9H 10H JH QH AD 2D 3D")
    assert contract_hint(NOR, hand, NOR.contracts[6], all_in=True) == parse_cards("4D JK")
    assert contract_hint(NOR, hand[:-1], NOR.contracts[6], all_in=True) == ()


def test_contract_hint_all_in_when_already_layable() -> None:
    # all-in: the extra card must fit somewhere too
    hand = parse_cards("3S 4S 5S 6S 9H 10H JH QH AD 2D 3D 4D")
    assert contract_hint(NOR, hand, NOR.contracts[6], all_in=True) == parse_cards("2S 7S 8H KH 5D JK")
    assert contract_hint(NOR, (*hand, parse_card("KC")), NOR.contracts[6], all_in=True) == ()


def test_contract_hint_when_already_layable_is_every_card() -> None:
    hand = parse_cards("5C 5D 5H KS KH KD")
    assert contract_hint(ENG, hand, ENG.contracts[0]) == ()  # no run: one card cannot make one
    assert len(contract_hint(NOR, hand, NOR.contracts[0])) == 53


@settings(max_examples=12, deadline=None)
@given(cards=st.lists(st.sampled_from(POOL), min_size=5, max_size=6),
       case=st.sampled_from([(NOR, Contract.of("set 3", "run 4")), (ENG, Contract.of("run 4", "set 3")),
                             (NOR, Contract.of("set 3", "set 3"))]))
def test_contract_hint_matches_brute_force(cards: list[Card], case: tuple[Variant, Contract]) -> None:
    variant, contract = case
    deck = Counter(variant.cards(variant.max_players))
    hand = Counter(cards)
    expected = tuple(c for c in remi.CARDS
                     if deck[c] > hand[c] and brute(variant, [*cards, c], contract) is not None)
    assert contract_hint(variant, cards, contract) == expected


# -- the quick reject: the jokers a contract needs at the least ----------------------------


def test_N10_three_pairs_and_one_joker_make_one_set_only() -> None:
    """Round 1 needs two sets: three pairs and a joker make one (a joker per natural at most): refused early."""
    from remi._search import tables

    hand = parse_cards("5S 5D 9S 9D QD QD KD 2C 3H 4H JK")
    t = tables.tables_for(NOR)
    plan = tables.search_plan(t, NOR.contracts[0], NOR.contracts.exact_sizes)
    assert plan is not None
    counts = [hand.count(card) for card in remi.cards.CARDS]
    assert tables.short_of_jokers(t, counts, plan)
    assert solve(NOR, hand, NOR.contracts[0]) is None
    assert solve(NOR, (*hand, JOKER), NOR.contracts[0]) is not None  # one more joker: two sets


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), jokers=st.integers(0, 3))
def test_the_quick_reject_refuses_only_hands_the_search_cannot_solve(seed: int, jokers: int) -> None:
    """Whatever the quick reject refuses, the search (run without it) finds no arrangement for either."""
    from remi._search import arrange, tables

    rng = random.Random(seed)
    for variant in (NOR, ENG, WRAP, ACE_HIGH_ONLY, ENG_CAPPED):
        t = tables.tables_for(variant)
        for index, contract in enumerate(variant.contracts):
            plan = tables.search_plan(t, contract, variant.contracts.exact_sizes)
            if plan is None:
                continue
            cards = deal(rng, variant, variant.contracts.deal_sizes[index] + 1, jokers)
            counts = [cards.count(card) for card in remi.cards.CARDS]
            if tables.short_of_jokers(t, counts, plan):
                assert arrange.search_best(t, counts, plan) is None, (variant.name, contract, cards)
                assert arrange.search_cover(t, counts, plan[0]) is None, (variant.name, contract, cards)
