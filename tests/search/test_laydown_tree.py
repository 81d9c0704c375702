"""The lay-downs as a tree of melds (``generate.LaydownTree``): the listing's lay-downs, found meld by meld.

An environment builds a lay-down one meld at a time and must allow exactly the
steps of the listed lay-downs; the tree gives the melds that can come next
without listing them all. Every path down the tree must be a listed lay-down,
in its own meld order, and every listed lay-down a path.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import remi
from remi import Reason
from remi._engine.listing import laydown_tree
from remi._search import generate
from remi._search.kernel import counts_of
from remi.actions import LayDown
from remi.cards import JOKER, Card, Suit, parse_cards
from remi.contracts import Contract, Requirement
from remi.envs.decision import Decision
from remi.envs.encoding import Encoding, Step, encoding
from remi.melds import Meld, MeldKind, MeldRules, is_wild
from remi.parts import Contracts, GoingOut
from remi.testing import hands
from scenario import contracts_of, no_wild_sets, to_play

# (the variants whose contracts the tree orders; English goes down piecemeal, May I? has a contract-level rule)
VARIANTS = {name: remi.variants.get(name) for name in ("norwegian", "liverpool", "shanghai")}
VARIANTS["norwegian-no-wild-sets"] = no_wild_sets(VARIANTS["norwegian"])


@st.composite
def meldy_hands(draw: st.DrawFn, variant: remi.Variant) -> tuple[Card, ...]:
    """Hands holding the makings of melds (most random hands hold none): groups of a rank, stretches of a
    suit, a few jokers, and some cards at random; never more copies of a card than the deck has."""
    deck = Counter(variant.cards(variant.max_players))
    wanted: list[Card] = []
    for _ in range(draw(st.integers(1, 3), label="melds")):
        if draw(st.booleans(), label="a set"):
            rank = draw(st.integers(1, 13), label="rank")
            wanted += [Card(rank, suit) for suit in draw(st.lists(st.sampled_from(list(Suit)), min_size=2, max_size=4))]
        else:
            suit, low = draw(st.sampled_from(list(Suit))), draw(st.integers(1, 10), label="low")
            wanted += [Card(rank, suit) for rank in range(low, min(13, low + draw(st.integers(2, 6))) + 1)]
    wanted += [JOKER] * draw(st.integers(0, 3), label="jokers")
    wanted += draw(hands(min_size=0, max_size=4, variant=variant), label="more")
    held: Counter[Card] = Counter()
    for card in wanted:
        if held[card] < deck[card]:
            held[card] += 1
    return tuple(held.elements())


def walk_inputs(variant: remi.Variant, level: int, hand: tuple[Card, ...], keep: int) -> dict[str, object]:
    """The arguments of ``laydowns`` and ``laydown_tree`` for ``hand`` at contract ``level`` (0-based)."""
    contracts = variant.contracts
    return {"exact": contracts.exact_sizes, "piecemeal": contracts.piecemeal, "done": frozenset(),
            "counts": counts_of(hand), "hand_size": len(hand),
            "all_in": contracts.going_out[level] is GoingOut.ALL_IN, "keep": keep}


Path = tuple[tuple[int, ...], ...]


def paths(tree: generate.LaydownTree, chosen: Path = ()) -> Iterator[Path]:
    """Every path down ``tree`` from the melds ``chosen``: one meld per requirement."""
    if len(chosen) == len(tree.plan):
        yield chosen
        return
    following = tree.melds_after(chosen)
    assert following or not chosen, chosen  # (a meld is offered only where some lay-down holds it)
    for cards in following:
        yield from paths(tree, (*chosen, cards))


def indices(laydown: LayDown) -> tuple[tuple[int, ...], ...]:
    """A lay-down's melds as card indices, in its own order."""
    return tuple(tuple(card.index for card in meld.cards) for meld in laydown.melds)


@settings(max_examples=250, deadline=None)
@given(name=st.sampled_from(sorted(VARIANTS)), data=st.data())
def test_the_tree_s_paths_are_the_listed_lay_downs_in_their_own_order(name: str, data: st.DataObject) -> None:
    variant = VARIANTS[name]
    level = data.draw(st.integers(0, len(variant.contracts) - 1), label="level")
    keep = data.draw(st.sampled_from((0, 1, 2)), label="keep")
    hand = data.draw(meldy_hands(variant), label="hand")
    contract = variant.contracts[level]
    listed = list(generate.laydowns(variant.melds, contract, **walk_inputs(variant, level, hand, keep)))  # type: ignore[arg-type]
    tree = generate.laydown_tree(variant.melds, contract, **walk_inputs(variant, level, hand, keep))  # type: ignore[arg-type]
    assert tree is not None
    found = list(paths(tree))
    assert len(found) == len(set(found))  # each lay-down once
    assert sorted(found) == sorted(indices(laydown) for laydown in listed)
    for path in found:  # the tree's order is the lay-down's own (an environment's steps follow it)
        assert indices(tree.laydown(path)) == path
    event(f"lay-downs: {'none' if not found else 'one' if len(found) == 1 else 'several'}")


def test_the_tree_asks_the_meld_hook() -> None:
    """A set with a wild is offered under the plain rules, never under the house rule refusing it."""
    plain = VARIANTS["norwegian"]
    hooked = VARIANTS["norwegian-no-wild-sets"]
    hand = parse_cards("7S 7H 7D 9C 9D JK 2H 5C KD JS 4H")
    for variant, wild_set in ((plain, True), (hooked, False)):
        tree = generate.laydown_tree(variant.melds, variant.contracts[0], **walk_inputs(variant, 0, hand, 1))  # type: ignore[arg-type]
        assert tree is not None
        offered = [cards for path in paths(tree) for cards in path]
        assert any(JOKER.index in cards for cards in offered) is wild_set


def test_the_tree_does_not_apply_where_the_walk_s_order_is_not_the_canonical_one() -> None:
    """Piecemeal contracts, and requirements of one kind with different sizes, are listed whole."""
    norwegian = VARIANTS["norwegian"]
    hand = parse_cards("7S 7H 7D 7C 9C 9D 9H 5C KD JS")
    sizes = Contract((Requirement(MeldKind.SET, 3), Requirement(MeldKind.SET, 4)))
    fields = walk_inputs(norwegian, 0, hand, 1)
    assert generate.laydown_tree(norwegian.melds, sizes, **fields) is None  # type: ignore[arg-type]
    assert generate.laydown_tree(norwegian.melds, norwegian.contracts[0], **{**fields, "piecemeal": True}) is None  # type: ignore[arg-type]
    assert generate.laydown_tree(norwegian.melds, norwegian.contracts[0], **fields) is not None  # type: ignore[arg-type]


def test_E8_the_listing_s_tree_is_none_for_a_piecemeal_contract() -> None:
    """English goes down piecemeal (E8): any part of the contract may go down, listed whole."""
    state = remi.new_game("english", players=2, seed=1).apply(remi.actions.DRAW)
    assert laydown_tree(state) is None


@attrs.frozen(kw_only=True)
class OneWild(Contracts):
    """A contract rule: the contract's melds hold one wild at most, all told (prefix-closed by nature)."""

    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        if sum(is_wild(rules, card) for meld in melds for card in meld.cards) > 1:
            return "one wild at most in a contract (house rule)"
        return None


def big_hand(variant: remi.Variant, size: int, seed: int, level: int) -> remi.GameState:
    """Seat 0 of a three-player deal to play ``size`` cards (two of them jokers) at contract ``level`` (1-based)."""
    naturals = [card for card in variant.cards(3) if card is not JOKER]
    return to_play(variant, sorted([*random.Random(seed).sample(naturals, size - 2), JOKER, JOKER]), level)


def reached_laydowns(code: Encoding, state: remi.GameState) -> list[remi.actions.Action]:
    """Every lay-down the environment's steps reach once the seat to act chooses ``go down``."""
    def reach(outcome: remi.actions.Action | Decision) -> Iterator[remi.actions.Action]:
        if not isinstance(outcome, Decision):
            yield outcome
            return
        refused = next(step for step in range(code.size) if step not in outcome.allowed)
        with pytest.raises(remi.IllegalActionError, match=f"action {refused} is not allowed now") as info:
            outcome.choose(refused)  # (a step the mask forbids: a typed refusal, the decision unchanged)
        assert info.value.reason is Reason.ILLEGAL
        for step in outcome.allowed:
            yield from reach(outcome.choose(step))

    decision = Decision.start(code, state)
    return list(reach(decision.choose(Step.GO_DOWN))) if Step.GO_DOWN in decision.allowed else []


@pytest.mark.parametrize(("name", "rule"), [("mayi", None), ("mayi", True), ("mayi", False),
                                           ("norwegian", True), ("liverpool", None)])
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_M8_the_environment_reaches_exactly_the_listed_lay_downs_of_big_hands(name: str, rule: bool | None,
                                                                             seed: int) -> None:
    """Under the variant's own contract rules (May I?'s, M8) and a house rule, said prefix-closed (the tree asks
    it meld by meld) or not (the lay-downs are listed whole): the reachable lay-downs are the listed ones."""
    variant = remi.variants.get(name) if rule is None else contracts_of(remi.variants.get(name), OneWild, rule)
    state = big_hand(variant, 24, seed, seed)
    assert (laydown_tree(state) is None) is (rule is False)
    listed = list(state.legal_actions().only(LayDown))
    reached = reached_laydowns(encoding(variant, 3), state)
    assert listed  # (these hands go down: 10 to 13,615 lay-downs)
    assert len(reached) == len(set(reached)) and set(reached) == set(listed)


def test_N18_every_path_of_an_all_in_tree_takes_the_whole_hand() -> None:
    """Round 7 is all-in (N18): the tree's lay-downs use every card, and a card no run can take leaves none."""
    norwegian = VARIANTS["norwegian"]
    level = len(norwegian.contracts) - 1
    runs = parse_cards("3S 4S 5S 6S 7S 9H 10H JK QH 2D 3D 4D 5D")  # three runs, and a card more for the first
    for hand, goes_down in ((runs, True), ((*runs, *parse_cards("KC")), False)):
        fields = walk_inputs(norwegian, level, hand, 0)
        assert fields["all_in"] is True
        tree = generate.laydown_tree(norwegian.melds, norwegian.contracts[level], **fields)  # type: ignore[arg-type]
        assert tree is not None
        found = list(paths(tree))
        assert bool(found) is goes_down
        assert all(sorted(index for cards in path for index in cards) == sorted(card.index for card in hand)
                   for path in found)
        listed = generate.laydowns(norwegian.melds, norwegian.contracts[level],
                                   **walk_inputs(norwegian, level, hand, 0))  # type: ignore[arg-type]
        assert sorted(found) == sorted(indices(laydown) for laydown in listed)


def test_N15_going_down_with_many_lay_downs_looks_only_for_the_melds_that_can_come_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With more than ``FEW_LAYDOWNS`` lay-downs, choosing ``go down`` lists no more: the tree offers each
    meld's candidates in turn; with a few, they are listed whole."""
    from remi.envs import decision

    many = big_hand(remi.variants.get("norwegian"), 24, 1, 1)
    few = remi.new_game("norwegian", players=2, seed=1, dealer=1,
                        hands=["5C 5D 5H 5S KS KD KH 7H 9C 3S", "2C 3D 6H 9S QD 8H 7C 4S 6D JH"])
    few = few.apply(remi.actions.DRAW).apply(remi.actions.PASS)
    trees: list[remi.GameState] = []

    def counted(state: remi.GameState) -> generate.LaydownTree | None:
        trees.append(state)
        return laydown_tree(state)

    monkeypatch.setattr(decision, "laydown_tree", counted)
    for state, listed_whole in ((many, False), (few, True)):
        count = sum(1 for _ in state.legal_actions().only(LayDown))
        assert (count <= decision.FEW_LAYDOWNS) is listed_whole
        trees.clear()
        code = encoding("norwegian", state.players)
        chosen: remi.actions.Action | Decision = Decision.start(code, state).choose(Step.GO_DOWN)
        while isinstance(chosen, Decision):
            chosen = chosen.choose(chosen.allowed[-1])
        assert isinstance(chosen, LayDown) and state.is_legal(chosen)
        assert (not trees) is listed_whole


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(["norwegian", "liverpool", "shanghai", "mayi"]), seed=st.integers(0, 10_000),
       level=st.integers(1, 7), size=st.integers(14, 26), path=st.randoms(use_true_random=False))
def test_going_down_from_the_tree_steps_as_going_down_from_the_listing(
        name: str, seed: int, level: int, size: int, path: random.Random) -> None:
    """Step by step, the tree's decisions allow the steps the listed lay-downs allow, take the same forced
    steps, and end in the same lay-down (a random path through both, in lockstep)."""
    from remi.envs import decision

    variant = remi.variants.get(name)
    state = big_hand(variant, size, seed, min(level, len(variant.contracts)))
    code = encoding(variant, 3)
    going_down = Step.GO_DOWN in Decision.start(code, state).allowed
    event(f"{name}: {'goes down' if going_down else 'cannot go down'}")
    if not going_down:
        return
    outcomes = []
    choices = path.random()  # (the same random path through both)
    for few in (0, 10**9):  # always from the tree; always listed
        decision.FEW_LAYDOWNS, kept = few, decision.FEW_LAYDOWNS
        try:
            outcome: remi.actions.Action | Decision = Decision.start(code, state).choose(Step.GO_DOWN)
            walked = []
            chooser = random.Random(choices)
            while isinstance(outcome, Decision):
                walked.append((outcome.taken, outcome.allowed))
                outcome = outcome.choose(chooser.choice(outcome.allowed))
            outcomes.append((walked, outcome))
        finally:
            decision.FEW_LAYDOWNS = kept
    assert outcomes[0] == outcomes[1]
