"""Property-based tests of the game engine: the invariants every position keeps.

Every built-in variant (parametrized over ``remi.variants.names()``), at the
player counts each allows, in random legal play from fresh matches and, for
Norwegian and English Remi, from hand-built positions. The heart of the file
is the brute-force reference for ``legal_actions()``: it tries every
conceivable action (every card as a discard, lay-off and swap, every meld
index and end, every lay-down built from sub-multisets of the hand with wilds
in every position) and demands that the engine lists exactly the ones
``is_legal`` accepts, and that ``is_legal`` accepts exactly what ``apply``
performs. On every variant it is :func:`remi.testing.assert_legal_actions`;
on the hand-built positions the file's own, which also drives ``apply``.
"""

from __future__ import annotations

import itertools
import pickle
import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import remi
from remi import CARDS, JOKER, End, GameState, IllegalActionError, Meld, MeldKind, Phase, TableMeld, Variant
from remi.actions import Action, Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.cards import Card
from remi.melds import lay_off, meld_problems, run_cards
from remi.testing import (
    assert_invariants,
    assert_legal_actions,
    brute_force_valid,
    card_multiset,
    game_states,
    hidden_shuffle,
    random_action,
    random_playout,
)

SET, RUN = MeldKind.SET, MeldKind.RUN
#: Every registered variant: the seven built-ins.
BUILT_INS = remi.variants.names()
VARIANTS = {name: remi.variants.get(name) for name in BUILT_INS}
NORWEGIAN = VARIANTS["norwegian"]
ENGLISH = VARIANTS["english"]
#: Run every property on each variant.
EACH = pytest.mark.parametrize("name", BUILT_INS)
#: The variants of the hand-built positions below (their strategies know these two variants' melds).
NAMES = st.sampled_from(["english", "norwegian"])
#: The variants played in fixed rounds (everyone on one contract per deal).
FIXED_ROUNDS = tuple(name for name in BUILT_INS if VARIANTS[name].match.schedule is remi.Schedule.ROUNDS)
#: The fixed-round variants whose random matches are quick to play (May I?'s take minutes: its hands grow by
#: buying, and listing their lay-downs is slow), played over several rounds.
QUICK_MATCHES = tuple(name for name in FIXED_ROUNDS if name != "mayi")
SEEDS = st.integers(0, 2**32 - 1)
ALL_ACTION_TYPES = (DrawStock, TakeDiscard, Buy, Pass, LayDown, LayOff, SwapJoker, Discard)

HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


def props(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, suppress_health_check=HEALTH)


def players_for(name: str) -> st.SearchStrategy[int]:
    variant = VARIANTS[name]
    return st.integers(variant.min_players, variant.max_players)


# =============================================================================
# What one transition must do (scores follow N19, E14-E16, N20/E17)
# =============================================================================


def check_transition(old: GameState, action: Action, new: GameState) -> None:
    """Properties of one ``apply``: the record, the actor, and a deal's end."""
    assert new.history == (*old.history, action)
    assert new.variant is old.variant and new.players == old.players and new.seed == old.seed
    variant = old.variant
    actor = old.to_act
    assert actor is not None
    if len(new.deal_scores) == len(old.deal_scores):
        assert new.deal == old.deal and new.levels == old.levels and new.wins == old.wins
        assert new.scores == old.scores
        assert card_multiset(new) == card_multiset(old)
        return
    # the deal ended: exactly one new row of deal scores
    assert len(new.deal_scores) == len(old.deal_scores) + 1
    result = new.last_deal
    assert result is not None and result.deal == old.deal and result.levels == old.levels
    assert new.deal_scores[-1] == result.scores
    assert new.scores == tuple(a + b for a, b in zip(old.scores, result.scores, strict=True))
    winner = result.winner
    if winner is None:
        # N20/E17: a draw from an exhausted stock (where buying comes before the draw, the draw after the
        # buy window), or the last turn the variant allows, ends a deal without a winner
        limit = variant.match.turn_limit
        assert (
            isinstance(action, DrawStock)
            or (variant.buying.timing is remi.BuyTiming.BEFORE_DRAW and isinstance(action, (Pass, Buy)))
            or (isinstance(action, Discard) and limit is not None and old.turn + 1 >= limit)
        ), action
        assert new.wins == old.wins
    else:
        assert winner == actor and isinstance(action, (Discard, LayOff, LayDown))
        assert result.hands[winner] == ()
        assert new.wins == tuple(w + (seat == winner) for seat, w in enumerate(old.wins))
        assert result.scores[winner] == variant.winner_score(new.wins[winner])
    for seat, hand in enumerate(result.hands):
        if seat != winner:
            assert result.scores[seat] == variant.hand_points(hand)  # N19, E15
    if variant is NORWEGIAN:
        if winner is not None:
            assert result.scores[winner] == 0  # N19
        over = old.levels[0] == variant.rounds  # N3: seven rounds
        expected_levels = tuple(level + 1 for level in old.levels) if not over else None
    elif variant is ENGLISH:
        # E14: only the winner advances; E16: the match ends on a game-7 win
        over = winner is not None and old.levels[winner] == variant.rounds
        expected_levels = tuple(
            level + 1 if seat == winner and not over else level for seat, level in enumerate(old.levels)
        )
        if winner is not None:
            wins = new.wins[winner]
            assert result.scores[winner] == (-100 if wins >= 7 else -10 * wins)  # E15
    else:  # the variant's own match part says who moves up and who finishes
        moved, finishers = variant.next_levels(old.levels, winner, result.went_down)
        over = bool(finishers)
        expected_levels = moved
    assert new.is_over == over
    if over:
        assert new.to_act is None and new.deal == old.deal
        assert new.winners == expected_winners(new)
        return
    # a fresh deal (N7, N12, E3): next dealer, dealt hands, one upcard, nothing on the table
    assert expected_levels is not None and new.levels == expected_levels
    assert new.deal == old.deal + 1 and new.phase is Phase.DRAW
    assert new.dealer == (old.dealer + 1) % old.players and new.on_turn == (new.dealer + 1) % old.players
    assert new.table == () and all(not laid for laid in new.laid)
    assert [len(hand) for hand in new.hands] == [variant.contracts.deal_sizes[level - 1] for level in new.levels]
    assert len(new.discard_pile) == 1 and new.turn == 0 and new.rebuilds == 0
    assert new.layoffs == (0,) * old.players and new.buys == (0,) * old.players


def expected_winners(state: GameState) -> tuple[int, ...]:
    """A finished match's winners: the lowest total, ties shared (N19, E16, L12, S5, M16); under
    ``Match.finisher_wins`` (shanghai-family) the lowest total among the seats that completed the last level."""
    among: Sequence[int] = range(state.players)
    result = state.last_deal
    assert result is not None
    if state.variant.match.finisher_wins:
        among = state.variant.next_levels(result.levels, result.winner, result.went_down)[1]
        assert among
    best = min(state.scores[seat] for seat in among)
    return tuple(seat for seat in among if state.scores[seat] == best)


def apply_checked(state: GameState, action: Action, *, compare_json: bool = False) -> GameState:
    """Apply, checking that the old state is untouched and the transition is right."""
    before = state.to_json() if compare_json else None
    fields = attrs.astuple(state, recurse=False)
    new = state.apply(action)
    assert attrs.astuple(state, recurse=False) == fields
    if before is not None:
        assert state.to_json() == before
    check_transition(state, action, new)
    return new


# =============================================================================
# 1. Invariants along random play: a state machine
# =============================================================================


class RandomMatch(RuleBasedStateMachine):
    """Random legal play of ``NAME``, from a fresh match or a later position, checking every state."""

    NAME = "norwegian"

    def __init__(self) -> None:
        super().__init__()
        self.origin: GameState | None = None
        self.state: GameState | None = None

    @initialize(seed=SEEDS, data=st.data())
    def start(self, seed: int, data: st.DataObject) -> None:
        variant = VARIANTS[self.NAME]
        players = data.draw(players_for(self.NAME), label="players")
        kwargs: dict[str, Any] = {}
        if data.draw(st.booleans(), label="later position"):
            kwargs = data.draw(contract_levels(variant, players), label="levels")
            if "levels" in kwargs:
                kwargs["wins"] = [level - 1 for level in kwargs["levels"]]
            kwargs["scores"] = data.draw(
                st.lists(st.integers(-300, 300), min_size=players, max_size=players), label="scores"
            )
        self.origin = self.state = remi.new_game(variant, players=players, seed=seed, **kwargs)

    @rule(data=st.data())
    def play_one(self, data: st.DataObject) -> None:
        """One action chosen by Hypothesis; apply must leave the old state untouched (to_json)."""
        assert self.state is not None
        if self.state.is_over:
            return
        legal = self.state.legal_actions()
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        self.state = apply_checked(self.state, action, compare_json=True)

    @rule(seed=SEEDS, steps=st.integers(1, 80))
    def play_many(self, seed: int, steps: int) -> None:
        """Many random actions; every intermediate state keeps the invariants."""
        assert self.state is not None and self.origin is not None
        rng = random.Random(seed)
        for _ in range(steps):
            if self.state.is_over:
                return
            self.state = apply_checked(self.state, random_action(self.state, rng))
            assert_invariants(self.state, self.origin)

    @rule()
    def json_round_trip(self) -> None:
        assert self.state is not None
        text = self.state.to_json()
        back = GameState.from_json(text)
        assert back == self.state
        assert back.to_json() == text
        assert list(back.legal_actions()) == list(self.state.legal_actions())
        assert remi.read_record(remi.write_record(self.state)) == self.state

    @rule()
    def pickle_round_trip(self) -> None:
        assert self.state is not None
        back = pickle.loads(pickle.dumps(self.state))
        assert back == self.state
        assert back.history == self.state.history

    @rule(data=st.data())
    def views_hide_the_hidden(self, data: st.DataObject) -> None:
        assert self.state is not None
        seat = data.draw(st.integers(0, self.state.players - 1), label="seat")
        assert_view_hides(self.state, seat)
        other = hidden_shuffle(self.state, seat, random.Random(data.draw(SEEDS, label="shuffle")))
        assert other.view(seat) == self.state.view(seat)

    @invariant()
    def keeps_the_invariants(self) -> None:
        if self.state is not None:
            assert_invariants(self.state, self.origin)


def random_match_case(name: str) -> Any:
    """The state machine's test case for one variant."""
    machine: Any = type(f"RandomMatch_{name.replace('-', '_')}", (RandomMatch,), {"NAME": name})
    case = machine.TestCase
    case.settings = settings(max_examples=6, stateful_step_count=20, deadline=None, suppress_health_check=HEALTH)
    return case


MACHINES = {name: random_match_case(name) for name in BUILT_INS}
TestRandomMatchEnglish = MACHINES["english"]
TestRandomMatchLiverpool = MACHINES["liverpool"]
TestRandomMatchLiverpoolProject = MACHINES["liverpool-project"]
TestRandomMatchMayI = MACHINES["mayi"]
TestRandomMatchNorwegian = MACHINES["norwegian"]
TestRandomMatchShanghai = MACHINES["shanghai"]
TestRandomMatchShanghaiFamily = MACHINES["shanghai-family"]


def test_every_built_in_variant_has_a_state_machine() -> None:
    collected = {value for name, value in globals().items() if name.startswith("TestRandomMatch")}
    assert collected == set(MACHINES.values()) and len(collected) == len(BUILT_INS)


@EACH
@props(8)
@given(data=st.data())
def test_game_states_keep_the_invariants(name: str, data: st.DataObject) -> None:
    """The public strategy's states keep the invariants; a fresh match is their origin."""
    state = data.draw(game_states(name, max_actions=150), label="state")
    origin = remi.new_game(state.variant, players=state.players, seed=state.seed)
    assert_invariants(state, origin)
    assert card_multiset(state) == Counter(state.variant.cards(state.players))
    for melds in state.table:  # as laid, or grown by lay-offs under the rules a table meld keeps
        assert not meld_problems(state.variant.layoff_rules, melds.kind, melds.cards)


# =============================================================================
# 2. legal_actions() against an independent brute-force reference
# =============================================================================


def sub_multisets(hand: Sequence[Card], min_size: int) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``hand`` with at least ``min_size`` cards, each once."""
    counts = sorted(Counter(hand).items(), key=lambda item: item[0].index)
    for choice in itertools.product(*(range(n + 1) for _, n in counts)):
        if sum(choice) >= min_size:
            yield tuple(card for (card, _), k in zip(counts, choice, strict=True) for _ in range(k))


def rank_of(card: Card) -> int:
    assert card.rank is not None
    return int(card.rank)


def reference_valid(variant: Variant, kind: MeldKind, cards: Sequence[Card]) -> bool:
    """N4, N5, N8, N10, E2, E4 and the English joker rule written out, independently of remi.melds."""
    naturals = [card for card in cards if card is not JOKER]
    jokers = len(cards) - len(naturals)
    if not naturals:
        return False
    if variant is NORWEGIAN and jokers > len(naturals):  # N10; English: no cap, one natural
        return False
    if kind is SET:
        most = None if variant is NORWEGIAN else 4  # N4 no upper size; E4 at most four
        if len(cards) < 3 or (most is not None and len(cards) > most):
            return False
        if len({card.rank for card in naturals}) != 1:
            return False
        return variant is NORWEGIAN or len({card.suit for card in naturals}) == len(naturals)  # E4
    if not 4 <= len(cards) <= 14 or len({card.suit for card in naturals}) != 1:  # N5, N8
        return False
    # N8/E2: ace low (1) or high (14), no wrap: some start value fits every natural
    for start in range(1, 16 - len(cards)):
        if all(
            card is JOKER or start + i == rank_of(card) or (rank_of(card) == 1 and start + i == 14)
            for i, card in enumerate(cards)
        ):
            return True
    return False


def run_orders(cards: Sequence[Card]) -> set[tuple[Card, ...]]:
    """Every listing of ``cards`` as a run: naturals by rank (aces low or high), jokers anywhere.

    Any valid run lists its naturals in increasing value, and value is rank
    except for a high ace, so this covers every valid run of these cards.
    """
    naturals = sorted((card for card in cards if card is not JOKER), key=rank_of)
    aces = [card for card in naturals if rank_of(card) == 1]
    others = naturals[len(aces) :]
    jokers = len(cards) - len(naturals)
    out = set()
    for low_aces in range(len(aces) + 1):
        base = aces[:low_aces] + others + aces[low_aces:]
        for places in itertools.combinations(range(len(cards)), jokers):
            rest = iter(base)
            out.add(tuple(JOKER if i in places else next(rest) for i in range(len(cards))))
    return out


def candidate_melds(variant: Variant, hand: Sequence[Card]) -> tuple[list[Meld], list[Meld]]:
    """(valid, invalid) melds conceivable from the hand: each sub-multiset as a set and as runs."""
    valid: list[Meld] = []
    invalid: list[Meld] = []
    for sub in sub_multisets(hand, 2):
        suits = {card.suit for card in sub if card is not JOKER}
        options = [Meld(SET, sub)]
        if len(suits) <= 1 and len(sub) >= 3:
            options.extend(Meld(RUN, order) for order in run_orders(sub))
        else:
            options.append(Meld(RUN, sub))
        for meld in options:
            ok = reference_valid(variant, meld.kind, meld.cards)
            assert ok == brute_force_valid(variant.melds, meld.kind, meld.cards), meld
            # the reference and remi agree on what a meld is
            assert ok == (not variant.meld_problems(meld.kind, meld.cards)), meld
            (valid if ok else invalid).append(meld)
    return valid, invalid


def fitting_combinations(melds: Sequence[Meld], counts: Counter[Card], k: int, start: int = 0) -> Iterator[
    tuple[Meld, ...]
]:
    """Every multiset of ``k`` melds from ``melds`` whose cards fit together in ``counts``."""
    if k == 0:
        yield ()
        return
    for i in range(start, len(melds)):
        need = Counter(melds[i].cards)
        if all(counts[card] >= n for card, n in need.items()):
            counts.subtract(need)
            for rest in fitting_combinations(melds, counts, k - 1, i):
                yield (melds[i], *rest)
            counts.update(need)


def conceivable_actions(state: GameState, *, laydowns: bool) -> Iterator[Action]:
    """Every action one might try in ``state`` (a superset of the legal ones)."""
    yield from (DrawStock(), TakeDiscard(), Buy(), Pass())
    for card in CARDS:
        yield Discard(card)
    indices = range(len(state.table) + 1)  # one past the end (a negative index is no action at all)
    for card in CARDS:
        for index in indices:
            for end in (None, End.LOW, End.HIGH):
                yield LayOff(card, index, end)
    seat = state.to_act if state.to_act is not None else state.on_turn
    hand = state.hands[seat]
    sizes = (2, 3) if len(hand) <= 12 else (2,)  # three cards complete a group with three jokers (E6)
    groups = {tuple(sorted(c)) for k in sizes for c in itertools.combinations(hand, k)}
    for index in indices:
        for card in CARDS:
            yield SwapJoker(index, (card,))
        for group in groups:
            yield SwapJoker(index, group)
    yield LayDown(())
    if not laydowns:
        return
    variant = state.variant
    valid, invalid = candidate_melds(variant, hand)
    for meld in invalid[:: max(1, len(invalid) // 100)]:  # a sample of the invalid ones
        yield LayDown((meld,))
    for meld in valid:
        yield LayDown((meld, meld))  # twice: fits only when the hand holds two copies
    requirements = len(state.contract(seat).requirements)
    counts = Counter(hand)
    for k in range(1, requirements + 2):  # one meld too many, too
        yield from (LayDown(melds) for melds in fitting_combinations(valid, counts, k))


def check_against_reference(state: GameState, *, laydowns: bool = True) -> set[Action]:
    """legal_actions() == {conceivable a : is_legal(a)}; is_legal == apply accepts; no duplicates."""
    listed = list(state.legal_actions())
    assert len(listed) == len(set(listed)), "an action is listed twice"
    legal = state.legal_actions()
    assert len(legal) == len(listed) and [legal[i] for i in range(len(legal))] == listed
    assert bool(legal) == (not state.is_over)
    accepted: set[Action] = set()
    for number, action in enumerate(conceivable_actions(state, laydowns=laydowns)):
        ok = state.is_legal(action)
        try:
            state.apply(action)
        except IllegalActionError as error:
            assert not ok, f"is_legal({action}) but apply raised {error}"
            if number % 5 == 0:  # check() raises what apply raises (a sample: it is slow)
                try:
                    state.check(action)
                except IllegalActionError as checked:
                    assert checked.reason == error.reason
                else:
                    raise AssertionError(f"check({action}) passed but apply raised") from None
        else:
            assert ok, f"apply({action}) worked but is_legal said no"
            state.check(action)
            accepted.add(action)
    if laydowns:
        assert set(listed) == accepted, (set(listed) - accepted, accepted - set(listed))
    else:
        assert {a for a in listed if not isinstance(a, LayDown)} == accepted
    for action in listed:
        assert action in legal and state.is_legal(action)
        state.apply(action)  # sound, lay-downs included
        for other in range(state.players):
            if other != state.to_act:
                assert not state.is_legal(action, seat=other)
    assert not state.is_legal("draw") and not state.is_legal(None)
    return accepted


def useful_cards(table: Sequence[TableMeld], window: Sequence[Card]) -> list[Card]:
    """Cards that may fit: a rank-window of naturals, jokers, and the neighbours of table melds."""
    out = [*window, JOKER]
    for meld in table:
        naturals = [card for card in meld.cards if card is not JOKER]
        first = naturals[0]
        assert first.rank is not None and first.suit is not None
        if meld.kind is SET:
            out.extend(Card(first.rank, suit) for suit in remi.Suit)
        else:
            values = run_cards(NORWEGIAN.melds, meld.cards)  # run rules agree in both variants
            low, high = rank_of(values[0]) - 1, rank_of(values[-1]) % 13 + 1
            out.extend(Card(r, first.suit) for r in (low, high) if 1 <= r <= 13)
            out.extend(values[i] for i, card in enumerate(meld.cards) if card is JOKER)
    return out


def value_card(value: int, suit: remi.Suit) -> Card:
    """The natural at run value ``value`` (1-14; 14 is the high ace)."""
    return Card((value - 1) % 13 + 1, suit)


@st.composite
def sized_melds(
    draw: st.DrawFn, variant: Variant, kind: MeldKind, size: int, most: int = 2
) -> tuple[Card, ...]:
    """A valid meld of ``kind`` with exactly ``size`` cards and at most ``most`` jokers (in place)."""
    most_jokers = size // 2 if variant is NORWEGIAN else size - 1
    jokers = draw(st.integers(0, min(most_jokers, most)))
    if kind is SET:
        rank = draw(st.integers(1, 13))
        suits = list(remi.Suit) if variant is ENGLISH else list(remi.Suit) * 2
        chosen = draw(st.permutations(suits))[: size - jokers]
        return (*(Card(rank, suit) for suit in chosen), *([JOKER] * jokers))
    suit = draw(st.sampled_from(list(remi.Suit)))
    start = draw(st.integers(1, 15 - size))
    cards = [value_card(start + i, suit) for i in range(size)]
    for place in draw(st.lists(st.integers(0, size - 1), min_size=jokers, max_size=jokers, unique=True)):
        cards[place] = JOKER
    return tuple(cards)


# -----------------------------------------------------------------------------
# Tables that can arise in play: contracts laid by their owners, grown by lay-offs
# -----------------------------------------------------------------------------


def fits(pool: Counter[Card], cards: Sequence[Card]) -> bool:
    """Whether ``pool`` still holds every card of ``cards`` (copies counted)."""
    return all(pool[card] >= n for card, n in Counter(cards).items())


@st.composite
def laid_melds(
    draw: st.DrawFn, variant: Variant, kind: MeldKind, size: int, pool: Counter[Card]
) -> tuple[Card, ...] | None:
    """A valid meld of ``kind`` with exactly ``size`` cards from those left in ``pool`` (None: they ran out).

    At most two jokers (N10 caps them at the naturals in Norwegian; English needs one natural).
    """
    rules = variant.melds
    cap = size // 2 if rules.joker_cap is remi.JokerCap.NATURALS else size - 1
    jokers = min(draw(st.sampled_from((0, 0, 1, 1, 2))), cap, pool[JOKER])
    if kind is SET:
        rank = draw(st.integers(1, 13))
        copies = [Card(rank, suit) for suit in remi.Suit for _ in range(pool[Card(rank, suit)])]
        if rules.set_distinct_suits:  # E4
            copies = list(dict.fromkeys(copies))
        if len(copies) < size - jokers:
            return None
        cards = (*draw(st.permutations(copies))[: size - jokers], *[JOKER] * jokers)
    else:
        suit = draw(st.sampled_from(list(remi.Suit)))
        start = draw(st.integers(1, 15 - size))
        run = [value_card(start + i, suit) for i in range(size)]
        for place in draw(st.lists(st.integers(0, size - 1), min_size=jokers, max_size=jokers, unique=True)):
            run[place] = JOKER
        cards = tuple(run)
        if not fits(pool, cards):
            return None
    assert not variant.meld_problems(kind, cards), f"laid_melds drew an invalid {kind.value}: {cards}"
    return cards


def lay_off_options(variant: Variant, meld: TableMeld, pool: Counter[Card]) -> list[tuple[Card, ...]]:
    """The cards of ``meld`` after each lay-off the variant allows onto it (N16, E12 aside), from ``pool``."""
    ends = (None,) if meld.kind is SET else (End.LOW, End.HIGH)
    options = []
    for card in sorted(card for card, n in pool.items() if n > 0):
        for end in ends:
            grown = lay_off(variant.layoff_rules, meld.kind, meld.cards, card, end)
            if grown is not None:
                options.append(grown)
    return options


@st.composite
def tables(
    draw: st.DrawFn,
    variant: Variant,
    levels: Sequence[int],
    pool: Counter[Card],
    *,
    max_owners: int = 2,
    max_layoffs: int = 4,
) -> tuple[list[TableMeld], list[int]]:
    """Melds on the table as play leaves them, and each seat's lay-offs this deal; takes their cards from ``pool``.

    Each owner laid requirements of its contract: all of them at once where the contract goes down whole
    (N15), any of them where it goes down piecemeal (E8), each meld of the exact size (E9) or up to two
    cards longer (N6: minimum sizes), never in an all-in round (N18). Then the melds grew one lay-off at a
    time, each by a seat that may lay off (down: N16; within its quota: E12), counted in the lay-offs.
    ``remi.new_game`` must accept every table drawn here: a refusal is a bug in this strategy.
    """
    players = len(levels)
    table: list[TableMeld] = []
    down: set[int] = set()
    most = range(1, min(max_owners, players) + 1)
    count = draw(st.sampled_from((0, *most, *most)), label="owners")  # mostly some: a table is the point
    owners = draw(st.permutations(range(players)), label="who")[:count]
    for owner in owners:
        level = levels[owner] - 1
        if variant.contracts.going_out[level] is remi.GoingOut.ALL_IN:
            continue
        requirements = variant.contracts[level].requirements
        chosen: Sequence[int] = range(len(requirements))
        if variant.contracts.piecemeal:
            chosen = sorted(draw(st.sets(st.sampled_from(chosen), min_size=1), label="laid"))
        melds: list[TableMeld] = []
        for index in chosen:
            req = requirements[index]
            longer = 0 if variant.contracts.exact_sizes else draw(st.sampled_from((0, 0, 1, 2)), label="longer")
            cards = draw(laid_melds(variant, req.kind, req.size + longer, pool), label="meld")
            if cards is None:
                break
            pool.subtract(cards)
            melds.append(TableMeld(req.kind, cards, owner))
        if len(melds) < len(chosen):  # the deck ran out of those cards: this seat laid nothing
            for meld in melds:
                pool.update(meld.cards)
            continue
        table.extend(melds)
        if len(chosen) == len(requirements):
            down.add(owner)
    layoffs = [0] * players

    def may_lay_off(seat: int) -> bool:
        quota = variant.layoff_quota(levels[seat] - 1)
        return (quota is None or layoffs[seat] < quota) and (seat in down or not variant.layoffs.requires_down)

    for _ in range(draw(st.integers(0, max_layoffs if table else 0), label="lay-offs")):
        seats = [seat for seat in range(players) if may_lay_off(seat)]
        if not seats:
            break
        seat = draw(st.sampled_from(seats), label="by")
        target = draw(st.integers(0, len(table) - 1), label="onto")
        options = lay_off_options(variant, table[target], pool)
        if not options:
            continue
        meld = table[target]
        grown = draw(st.sampled_from(options), label="grown")
        pool.subtract(Counter(grown) - Counter(meld.cards))
        table[target] = TableMeld(meld.kind, grown, meld.owner)
        layoffs[seat] += 1
    return list(draw(st.permutations(table), label="table order")), layoffs


@st.composite
def contract_levels(draw: st.DrawFn, variant: Variant, players: int, *, all_in: bool = True) -> dict[str, Any]:
    """``round=`` or ``levels=`` for new_game; ``all_in=False`` leaves out the all-in contracts (N18)."""
    going_out = variant.contracts.going_out
    levels = st.sampled_from([n for n in range(1, variant.rounds + 1)
                              if all_in or going_out[n - 1] is not remi.GoingOut.ALL_IN])
    if variant.match.schedule is remi.Schedule.ROUNDS:
        return {"round": draw(levels, label="round")}
    return {"levels": draw(st.lists(levels, min_size=players, max_size=players), label="levels")}


def seat_levels(kwargs: dict[str, Any], players: int) -> list[int]:
    """Each seat's contract level (1-based) under new_game's ``round=`` or ``levels=``."""
    return list(kwargs["levels"]) if "levels" in kwargs else [kwargs["round"]] * players


@st.composite
def small_positions(draw: st.DrawFn, name: str) -> GameState:
    """A hand-built position with small hands rich in melds, lay-offs and swaps.

    Seat 1 is on turn. The table is drawn by :func:`tables` (seat 1 is often
    one of the owners, so that it may lay off). Seat 1's hand is either built
    from the melds of its own contract it has not laid (so that lay-downs are
    legal) plus a few cards that fit the table, or drawn from a window of
    neighbouring cards and the cards that fit the table.
    """
    variant = VARIANTS[name]
    players = draw(st.integers(2, 4), label="players")
    pool = Counter(variant.cards(variant.max_players))
    kwargs = draw(contract_levels(variant, players), label="levels")
    levels = seat_levels(kwargs, players)
    table, layoffs = draw(tables(variant, levels, pool), label="table")
    suits = draw(st.lists(st.sampled_from(list(remi.Suit)), min_size=1, max_size=2, unique=True))
    low = draw(st.integers(1, 13))
    window = [value_card(low + i, suit) for suit in suits for i in range(5)]
    fitting = useful_cards(table, ())[1:]  # the neighbours of the table's melds, the cards its jokers stand for
    useful = [*window, JOKER, *fitting]

    def take(candidates: Sequence[Card], size: int) -> list[Card]:
        chosen: list[Card] = []
        for _ in range(size):
            available = [card for card in candidates if pool[card] > 0]
            if not available:
                break
            card = draw(st.sampled_from(available))
            pool[card] -= 1
            chosen.append(card)
        return chosen

    def take_all(cards: Sequence[Card]) -> list[Card]:
        if not fits(pool, cards):
            return []
        pool.subtract(cards)
        return list(cards)

    on_turn = 1
    hands: list[list[Card]] = [[] for _ in range(players)]
    # what seat 1 still has to lay down (matched by kind and size: the same in both variants' contracts)
    requirements = list(variant.contracts[levels[on_turn] - 1].requirements)
    if variant.contracts.piecemeal:
        for meld in table:
            if meld.owner == on_turn:
                requirements.remove(next(r for r in requirements if r.kind is meld.kind and r.size <= len(meld.cards)))
    elif any(meld.owner == on_turn for meld in table):
        requirements = []
    from_contract: bool = draw(st.booleans(), label="hand from the contract")
    if requirements and from_contract:
        # the seat's own contract, small enough to keep the brute force cheap
        if variant is NORWEGIAN and len(requirements) == 3:
            requirements = requirements[: draw(st.integers(1, 2))]  # round 4-7: a part of the contract
        for req in requirements:
            extra = 0 if variant.contracts.exact_sizes else draw(st.sampled_from([0, 0, 1]))
            hands[on_turn] += take_all(draw(sized_melds(variant, req.kind, req.size + extra)))
        hands[on_turn] += take(fitting or useful, draw(st.integers(0, 2)))
    else:
        hands[on_turn] = take(useful, draw(st.integers(3, 8)))
        hands[on_turn] += take(list(pool.elements()), draw(st.integers(0, 1)))
    for seat in range(players):
        if seat != on_turn:
            hands[seat] = take(useful if draw(st.booleans()) else list(pool.elements()), draw(st.integers(1, 6)))
        hands[seat] = hands[seat] or take(list(pool.elements()), 1)  # a hand is never empty (N17, E13)
    stock = take(useful, draw(st.integers(0, 3)))
    pile = take(useful, draw(st.integers(1, 2))) or take(list(pool.elements()), 1)
    return remi.new_game(
        variant,
        players=players,
        seed=draw(st.integers(0, 1000)),
        hands=hands,
        stock=stock,
        discard_pile=pile,
        dealer=0,
        table=table,
        layoffs=layoffs,
        **kwargs,
    )


@props(200)
@given(name=NAMES, data=st.data())
def test_legal_actions_equal_the_brute_force_reference(name: str, data: st.DataObject) -> None:
    """Sound and complete on small positions, after the draw and a few random moves from there."""
    state = data.draw(small_positions(name), label="position")
    assert_invariants(state)
    check_against_reference(state, laydowns=False)  # the draw: lay-downs are all refused anyway
    draws: list[Action] = [DrawStock(), TakeDiscard()]
    state = apply_checked(state, data.draw(st.sampled_from(draws), label="draw"))
    while state.phase is Phase.BUY:
        check_against_reference(state, laydowns=False)
        buys: list[Action] = [Pass(), Buy()]
        state = apply_checked(state, data.draw(st.sampled_from(buys), label="buy"))
    for _ in range(data.draw(st.integers(1, 4), label="moves")):
        if state.is_over:
            break
        assert_invariants(state)
        hand = state.hands[state.on_turn]
        check_against_reference(state, laydowns=state.phase is Phase.PLAY and len(hand) <= 10)
        listed = list(state.legal_actions())
        action = listed[data.draw(st.integers(0, len(listed) - 1), label="action")]
        state = apply_checked(state, action)


@props(50)
@given(card=st.sampled_from(CARDS), index=st.integers(max_value=-1), end=st.sampled_from([None, End.LOW, End.HIGH]))
def test_negative_meld_indices_are_refused_when_the_action_is_built(card: Card, index: int, end: End | None) -> None:
    """A meld is named by its index in the table: a negative one names none, so no action holds it.

    (The brute-force reference probes the index just past the end of the table instead.)
    """
    with pytest.raises(remi.NotationError, match="non-negative"):
        LayOff(card, index, end)
    with pytest.raises(remi.NotationError, match="non-negative"):
        SwapJoker(index, (card,))


@EACH
@props(5)
@given(data=st.data())
def test_legal_actions_match_the_kit_reference_in_reachable_states(name: str, data: st.DataObject) -> None:
    """Every variant: the kit's variant-generic brute-force reference, on reachable states and the play after."""
    state = data.draw(game_states(name, max_actions=120, min_actions=1), label="state")
    rng = random.Random(data.draw(SEEDS, label="play"))
    for _ in range(3):
        if state.is_over:
            break
        assert_legal_actions(state)
        legal = state.legal_actions()
        state = apply_checked(state, legal[rng.randrange(len(legal))])


@props(25)
@given(name=NAMES, data=st.data())
def test_legal_actions_match_the_reference_in_reachable_states(name: str, data: st.DataObject) -> None:
    """Reachable states (bigger hands): every kind exhaustively; lay-downs when the hand is small."""
    state = data.draw(game_states(name, max_actions=120, min_actions=1), label="state")
    if state.is_over:
        assert not state.legal_actions()
        return
    hand = state.hands[state.to_act if state.to_act is not None else state.on_turn]
    laydowns = state.phase is Phase.PLAY and len(hand) <= 10
    check_against_reference(state, laydowns=laydowns)
    for action in state.legal_actions():  # soundness of everything listed, lay-downs included
        state.apply(action)


@st.composite
def all_in_positions(draw: st.DrawFn) -> GameState:
    """Norwegian round 7 (4-4-4, all-in: N18): seat 1 holds three runs but one card, which it draws."""
    pool = Counter(NORWEGIAN.cards(NORWEGIAN.max_players))
    hand: list[Card] = []
    for size in draw(st.permutations([4, 4, draw(st.sampled_from([4, 5]))]), label="run sizes"):
        run = draw(sized_melds(NORWEGIAN, RUN, size, most=1), label="run")  # few jokers: a cheap reference
        if all(pool[card] >= n for card, n in Counter(run).items()):
            pool.subtract(run)
            hand.extend(run)
    drawn = hand.pop(draw(st.integers(0, len(hand) - 1), label="drawn card"))
    rest = sorted(pool.elements())
    random.Random(draw(SEEDS, label="seed")).shuffle(rest)
    state = remi.new_game(
        NORWEGIAN, players=2, seed=0, dealer=0, round=7, hands=[rest[:11], hand], stock=[drawn],
        discard_pile=rest[11:12],
    )
    return state.apply(DrawStock()).apply(Pass())


@props(12)
@given(state=all_in_positions())
def test_legal_all_in_lay_downs_equal_the_reference(state: GameState) -> None:
    """Round 7 lay-downs use the whole hand as three runs (N18): the listing is exact there too."""
    assert state.phase is Phase.PLAY and state.to_act == 1
    accepted = check_against_reference(state, laydowns=True)
    for action in accepted:
        if isinstance(action, LayDown):
            assert len(action.cards) == len(state.hands[1])
            assert state.apply(action).last_deal is not None  # N17: out, the round ends


@st.composite
def absorbing_tables(
    draw: st.DrawFn, players: int, round: int, pool: Counter[Card], free: Sequence[int]
) -> list[TableMeld]:
    """Norwegian contracts that soak up most of the deck, leaving the ``free`` ranks' sets alone.

    Each owner laid its whole contract (N15; N6: sizes are minimums): every
    run the longest stretch of its suit left, then every set all the copies
    left of a rank that is not free, with jokers within N10's cap. Takes the
    cards from ``pool``.
    """
    if NORWEGIAN.contracts.going_out[round - 1] is remi.GoingOut.ALL_IN:
        return []  # N18: going down there goes out
    requirements = NORWEGIAN.contracts[round - 1].requirements
    count = draw(st.sampled_from((players, players, max(1, players - 1), 1)), label="owners")  # mostly everyone
    owners = draw(st.permutations(range(players)), label="who")[:count]
    laid: dict[int, list[TableMeld]] = {owner: [] for owner in owners}
    for kind in (RUN, SET):  # the runs first: a set takes every copy of its rank
        for owner in owners:
            for req in requirements:
                if req.kind is not kind or owner not in laid:
                    continue
                if kind is SET:
                    ranks = [r for r in range(1, 14) if r not in free and sum(pool[Card(r, s)] for s in remi.Suit) >= 3]
                    if not ranks:
                        for meld in laid.pop(owner):  # the deck ran out: this seat laid nothing
                            pool.update(meld.cards)
                        continue
                    rank = draw(st.sampled_from(ranks), label="set rank")
                    cards = [Card(rank, suit) for suit in remi.Suit for _ in range(pool[Card(rank, suit)])]
                    cards += [JOKER] * min(pool[JOKER], len(cards), draw(st.sampled_from((0, 1, 2, 8)), label="jokers"))
                else:
                    stretches = []
                    for suit in remi.Suit:
                        left, stretch = Counter(pool), []
                        for value in range(1, 16):
                            card = value_card(value, suit) if value < 15 else None
                            if card is not None and left[card] > 0:
                                left[card] -= 1
                                stretch.append(card)
                            else:
                                if len(stretch) >= req.size:
                                    stretches.append(stretch)
                                stretch = []
                    if not stretches:
                        for meld in laid.pop(owner):
                            pool.update(meld.cards)
                        continue
                    cards = draw(st.sampled_from(sorted(stretches, key=len, reverse=True)), label="run")
                pool.subtract(cards)
                laid[owner].append(TableMeld(req.kind, tuple(cards), owner))
    return [meld for melds in laid.values() for meld in melds]


@st.composite
def endgame_positions(draw: st.DrawFn) -> GameState:
    """Positions with a stock of 0-3 cards, so that play soon rebuilds and exhausts it (N14, N20).

    Norwegian: the table holds whole contracts that soak up most ranks, leaving
    few cards to play with. English (at most two melds per seat): big hands instead.
    """
    name = draw(NAMES, label="variant")
    variant = VARIANTS[name]
    # Norwegian: more seats, more contracts on the table to soak up the deck (2 or 3 seats leave a big pile)
    seats = st.sampled_from((2, 3, 4, 5, 6, 4, 5, 6)) if variant is NORWEGIAN else st.integers(4, 6)
    players = draw(seats, label="players")
    pool = Counter(variant.cards(variant.max_players))
    table: list[TableMeld] = []
    kwargs: dict[str, Any] = {}
    if variant is NORWEGIAN:
        kwargs["round"] = draw(st.integers(1, 7), label="round")
        free = draw(st.lists(st.integers(1, 13), min_size=2, max_size=4, unique=True), label="free ranks")
        # a card for every hand and two for the stock and pile stay off the table
        reserve = [card for card in sorted(pool.elements()) if card.rank in free][: players + 2]
        pool.subtract(reserve)
        table = draw(absorbing_tables(players, kwargs["round"], pool, free), label="table")
        pool.update(reserve)
        rest = sorted(pool.elements())
        # hands as big as the brute force allows, so that the discard pile (the next stock) stays small
        most = max(1, min(8, (len(rest) - 2) // players))
        size = draw(st.integers(max(1, min(most, (len(rest) - 12) // players)), most), label="hand size")
    else:
        kwargs["levels"] = draw(st.lists(st.integers(1, 7), min_size=players, max_size=players), label="levels")
        rest = sorted(pool.elements())
        size = draw(st.integers(10, min(20, (len(rest) - 3) // players)), label="hand size")
    random.Random(draw(SEEDS, label="shuffle")).shuffle(rest)
    hands = [rest[seat * size : (seat + 1) * size] for seat in range(players)]
    rest = rest[players * size :]
    stock = draw(st.integers(0, min(3, len(rest) - 1)), label="stock size")
    return remi.new_game(
        variant, players=players, seed=0, dealer=0, hands=hands, stock=rest[:stock], discard_pile=rest[stock:],
        table=table, **kwargs,
    )


@props(20)
@given(state=endgame_positions(), data=st.data())
def test_legal_actions_equal_the_reference_near_stock_exhaustion(state: GameState, data: st.DataObject) -> None:
    """Through stock rebuilds, buy windows with little stock left, and deals ending without a winner."""
    origin = state
    assert_invariants(state, origin)
    for _ in range(data.draw(st.integers(1, 30), label="moves")):
        if state.is_over or len(state.deal_scores) > len(origin.deal_scores):
            break
        hand = state.hands[state.on_turn]
        check_against_reference(state, laydowns=state.phase is Phase.PLAY and len(hand) <= 8)
        listed = list(state.legal_actions())
        state = apply_checked(state, listed[data.draw(st.integers(0, len(listed) - 1), label="action")])
        assert_invariants(state, origin)


# =============================================================================
# 3. Views leak nothing
# =============================================================================


def cards_in(value: object) -> Iterator[Card]:
    """Every card anywhere inside a view's value (tuples, frozensets, public fields of attrs records).

    Private fields (caches derived from public cards) are not part of what a view shows.
    """
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from cards_in(item)
    elif attrs.has(type(value)) and not isinstance(value, Variant):
        for name in attrs.fields_dict(type(value)):  # type: ignore[arg-type]
            if not name.startswith("_"):
                yield from cards_in(getattr(value, name))


def assert_view_hides(state: GameState, seat: int) -> None:
    """The view shows the seat's own hand and public cards only; never others' cards or the stock."""
    view = state.view(seat)
    assert view.hand == state.hands[seat]
    assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
    assert view.stock_size == len(state.stock)
    public: Counter[Card] = Counter(state.hands[seat])
    public.update(state.discard_pile)
    for meld in state.table:
        public.update(meld.cards)
    if state.taken is not None:
        public[state.taken] += 1
    if state.last_deal is not None:  # hands revealed for scoring the last deal
        for hand in state.last_deal.hands:
            public.update(hand)
    shown = Counter(cards_in(view))
    assert not shown - public, f"view({seat}) shows {shown - public}"
    names = {field.name for field in attrs.fields(type(view))}
    assert not names & {"hands", "stock", "seed", "history", "history_", "_history"}


@EACH
@props(10)
@given(data=st.data())
def test_views_do_not_depend_on_what_the_seat_cannot_see(name: str, data: st.DataObject) -> None:
    state = data.draw(game_states(name, max_actions=150), label="state")
    seat = data.draw(st.integers(0, state.players - 1), label="seat")
    rng = random.Random(data.draw(SEEDS, label="shuffle"))
    other = hidden_shuffle(state, seat, rng)
    assert card_multiset(other) == card_multiset(state)
    assert other.view(seat) == state.view(seat)
    assert_view_hides(state, seat)
    assert_view_hides(other, seat)
    if state.to_act == seat:
        # what a player may do depends only on what they may know
        assert list(other.legal_actions()) == list(state.legal_actions())


@EACH
@props(8)
@given(seed=SEEDS, data=st.data())
def test_views_of_dealt_positions_hide_stock_order_and_other_hands(
    name: str, seed: int, data: st.DataObject
) -> None:
    """Two new_game positions differing only in hidden cards give the seat equal views."""
    variant = VARIANTS[name]
    players = data.draw(players_for(name), label="players")
    dealt = remi.new_game(variant, players=players, seed=seed)
    seat = data.draw(st.integers(0, players - 1), label="seat")
    others = [s for s in range(players) if s != seat]
    hands = [list(hand) for hand in dealt.hands]
    stock = list(dealt.stock)
    # swap cards between two other seats' hands (equal sizes keep), and with the stock
    if len(others) >= 2:
        a, b = data.draw(st.permutations(others), label="pair")[:2]
        for _ in range(data.draw(st.integers(1, 5), label="swaps")):
            i = data.draw(st.integers(0, len(hands[a]) - 1))
            j = data.draw(st.integers(0, len(hands[b]) - 1))
            hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
    victim = data.draw(st.sampled_from(others), label="victim")
    i = data.draw(st.integers(0, len(hands[victim]) - 1))
    j = data.draw(st.integers(0, len(stock) - 1))
    hands[victim][i], stock[j] = stock[j], hands[victim][i]
    stock = data.draw(st.permutations(stock), label="stock order")
    pile, dealer = dealt.discard_pile, dealt.dealer
    first = remi.new_game(
        variant, players, seed, hands=dealt.hands, stock=dealt.stock, discard_pile=pile, dealer=dealer
    )
    second = remi.new_game(variant, players, seed, hands=hands, stock=stock, discard_pile=pile, dealer=dealer)
    assert first.hands[seat] == second.hands[seat]
    assert first.view(seat) == second.view(seat)
    # the same public moves by other seats keep the views equal until the seat draws a hidden card
    rng = random.Random(seed)
    for _ in range(12):
        if first.to_act == seat or first.phase is not Phase.DRAW or first.is_over:
            break
        action: Action = DrawStock() if rng.random() < 0.5 else TakeDiscard()
        if not (first.is_legal(action) and second.is_legal(action)):
            break
        first, second = first.apply(action), second.apply(action)
        assert first.view(seat) == second.view(seat)
        while first.phase is Phase.BUY:  # everyone passes
            first, second = first.apply(Pass()), second.apply(Pass())
            assert first.view(seat) == second.view(seat)
        # discard a card both states' actor holds: the same public card
        actor = first.on_turn
        common_cards = sorted(set(first.hands[actor]) & set(second.hands[actor]))
        choices = [c for c in common_cards if first.is_legal(Discard(c)) and second.is_legal(Discard(c))]
        if not choices:
            break
        card = rng.choice(choices)
        first, second = first.apply(Discard(card)), second.apply(Discard(card))
        assert first.view(seat) == second.view(seat)
        assert_view_hides(first, seat)


# =============================================================================
# 4. Serialization round trips
# =============================================================================


@EACH
@props(8)
@given(data=st.data())
def test_json_and_pickle_round_trip(name: str, data: st.DataObject) -> None:
    state = data.draw(game_states(name, max_actions=200), label="state")
    text = state.to_json()
    back = GameState.from_json(text)
    assert back == state
    assert back.to_json() == text
    assert back.history == state.history
    assert pickle.loads(pickle.dumps(state)) == state
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(state, protocol)) == state
    if not state.is_over:
        legal = list(state.legal_actions())
        assert list(back.legal_actions()) == legal
        action = legal[-1]
        assert back.apply(action) == state.apply(action)


@props(40)
@given(name=NAMES, data=st.data())
def test_json_round_trip_of_built_positions(name: str, data: st.DataObject) -> None:
    """Positions built by new_game with melds on the table (each owner's contract, whole or in part, some
    melds longer than asked and grown by lay-offs) round-trip through JSON, a record and pickle."""
    variant = VARIANTS[name]
    players = data.draw(players_for(name), label="players")
    kwargs = data.draw(contract_levels(variant, players, all_in=False), label="levels")
    table, layoffs = data.draw(
        tables(variant, seat_levels(kwargs, players), Counter(variant.cards(variant.max_players)), max_owners=3),
        label="table"
    )
    seed = data.draw(SEEDS, label="seed")
    state = remi.new_game(variant, players=players, seed=seed, table=table, layoffs=layoffs, **kwargs)
    assert state.table == tuple(table) and state.layoffs == tuple(layoffs)
    back = GameState.from_json(state.to_json())
    assert back == state and back.to_json() == state.to_json()
    assert remi.read_record(remi.write_record(state)) == state
    assert pickle.loads(pickle.dumps(state)) == state
    assert_invariants(state)


# =============================================================================
# 5. Deterministic replay
# =============================================================================


@EACH
@props(6)
@given(data=st.data())
def test_replaying_the_history_gives_an_equal_state(name: str, data: st.DataObject) -> None:
    state = data.draw(game_states(name, max_actions=200), label="state")
    replayed = remi.new_game(state.variant, players=state.players, seed=state.seed)
    for action in state.history:
        replayed = replayed.apply(action)
    assert replayed == state
    assert replayed.to_json() == state.to_json()


def test_LX1_a_laid_set_of_jokers_only_is_a_position_new_game_builds() -> None:
    """Melds of jokers alone go down under liverpool-project's house rule (LX1), so a table holding one is a
    position play reaches: new_game builds it (it once refused a set laid with no natural)."""
    project = VARIANTS["liverpool-project"]
    table = [TableMeld(SET, "JK JK JK", 0), TableMeld(SET, "AS AS AH", 0)]
    state = remi.new_game(project, players=4, seed=1, round=1, table=table)
    assert state.table == tuple(table) and state.laid[0] == frozenset({0, 1}) and state.down[0]
    grown = [TableMeld(SET, "JK JK JK JK", 0), TableMeld(SET, "AS AS AH", 0)]  # grown by a lay-off
    assert remi.new_game(project, players=4, seed=1, round=1, table=grown, layoffs=[1, 0, 0, 0]).layoffs[0] == 1
    assert_invariants(state)


def test_assert_invariants_refuses_positions_play_cannot_reach() -> None:
    """Empty hands, melds under an all-in contract (N18), lay-offs the table does not show or by a seat
    that is not down (N16): assert_invariants names each."""
    run = TableMeld(RUN, "5S 6S 7S 8S 9S", 0)
    english = remi.new_game(ENGLISH, players=2, seed=1, levels=[1, 1], table=[run], layoffs=[0, 1])  # E9: 4 + 1
    norwegian = remi.new_game(NORWEGIAN, players=2, seed=1, round=7, dealer=0, hands=["2C 3C", "9H 9D"],
                              stock="5S 6S 7S 8S")
    assert_invariants(english)
    assert_invariants(norwegian)
    down = frozenset({0, 1, 2})
    for state, changes, message in (
        (english, {"hands": ((), english.hands[1]), "stock": english.stock + english.hands[0]}, "hand is empty"),
        (english, {"layoffs": (0, 0)}, "hold 1 cards beyond the laid requirements' sizes, but 0 were laid off"),
        (english, {"layoffs": (2, 1)}, "hold 1 cards beyond the laid requirements' sizes, but 3 were laid off"),
        (norwegian, {"layoffs": (0, 1)}, "seat 1 laid off 1 cards but is not down"),
        (
            norwegian,
            {"stock": norwegian.stock[4:], "table": (TableMeld(RUN, "5S 6S 7S 8S", 0),), "laid": (down, frozenset())},
            "seat 0 owns melds under an all-in contract",
        ),
    ):
        with pytest.raises(AssertionError, match=re.escape(message)):
            assert_invariants(attrs.evolve(state, **changes))


@EACH
@props(4)
@given(seed=st.one_of(SEEDS, st.text(max_size=8)), data=st.data())
def test_same_seed_and_actions_give_the_same_state(name: str, seed: int | str, data: st.DataObject) -> None:
    players = data.draw(players_for(name), label="players")
    first = remi.new_game(name, players=players, seed=seed)
    second = remi.new_game(name, players=players, seed=seed)
    assert first == second and first.to_json() == second.to_json()
    rng = random.Random(data.draw(SEEDS, label="play"))
    for _ in range(data.draw(st.integers(0, 400), label="actions")):
        if first.is_over:
            break
        legal = first.legal_actions()
        action = legal[rng.randrange(len(legal))]
        first, second = first.apply(action), second.apply(action)
        assert first == second
    assert first.to_json() == second.to_json()
    assert pickle.loads(pickle.dumps(first)) == second


# =============================================================================
# 6. Play terminates; scores are deal scores summed; winners have the lowest total
# =============================================================================

#: Actions within which random play must finish a deal. A deal draws at most the
#: stock and two rebuilt stocks (N20), so random play, which draws from the
#: stock about half the time, needs a few hundred turns at most.
DEAL_BOUND = 6000


def play_until_the_deal_ends(state: GameState, rng: random.Random) -> tuple[GameState, int]:
    deal, done = state.deal, len(state.deal_scores)
    for count in range(1, DEAL_BOUND + 1):
        new = state.apply(random_action(state, rng))
        check_transition(state, new.history[-1], new)
        state = new
        if len(state.deal_scores) > done:
            assert state.deal == deal + 1 or state.is_over
            return state, count
    raise AssertionError(f"deal {deal} did not end within {DEAL_BOUND} random actions")


@EACH
@props(3)
@given(seed=SEEDS, data=st.data())
def test_every_deal_ends(name: str, seed: int, data: st.DataObject) -> None:
    players = data.draw(players_for(name), label="players")
    origin = remi.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    state = origin
    for _ in range(2):
        state, _count = play_until_the_deal_ends(state, rng)
        assert_invariants(state, origin)
        if state.is_over:
            break
    assert len(state.deal_scores) >= 1
    assert state.scores == tuple(sum(row[s] for row in state.deal_scores) for s in range(players))


@pytest.mark.parametrize("name", FIXED_ROUNDS)
@props(3)
@given(seed=SEEDS, data=st.data())
def test_fixed_round_matches_end(name: str, seed: int, data: st.DataObject) -> None:
    """From round ``start`` a fixed-round match ends after its last round, whatever is played (N3, L2, S5, M2)."""
    variant = VARIANTS[name]
    rounds = variant.rounds
    players = data.draw(players_for(name), label="players")
    start = data.draw(st.integers(rounds - (2 if name in QUICK_MATCHES else 0), rounds), label="start")
    origin = remi.new_game(variant, players=players, seed=seed, round=start)
    state = origin
    rng = random.Random(seed)
    for _ in range(rounds + 1 - start):
        assert not state.is_over
        state, _count = play_until_the_deal_ends(state, rng)
        assert_invariants(state, origin)
    assert state.is_over and state.deal == rounds - start + 1 and len(state.deal_scores) == rounds + 1 - start
    assert state.scores == tuple(sum(row[s] for row in state.deal_scores) for s in range(players))
    assert state.winners == expected_winners(state)
    assert not state.legal_actions()


@pytest.mark.parametrize("name", QUICK_MATCHES)
@props(1)
@given(seed=SEEDS, data=st.data())
def test_a_whole_match_ends(name: str, seed: int, data: st.DataObject) -> None:
    variant = VARIANTS[name]
    players = data.draw(st.integers(variant.min_players, min(5, variant.max_players)), label="players")
    state = random_playout(remi.new_game(variant, players=players, seed=seed), random.Random(seed),
                           variant.rounds * DEAL_BOUND)
    assert state.is_over and len(state.deal_scores) == variant.rounds
    assert state.scores == tuple(sum(row[s] for row in state.deal_scores) for s in range(players))
    assert set(state.winners) == {s for s in range(players) if state.scores[s] == min(state.scores)}


@props(40)
@given(seed=SEEDS, players=st.integers(2, 6), data=st.data())
def test_english_match_ends_on_a_game_7_win(seed: int, players: int, data: st.DataObject) -> None:
    """A seat on game 7 goes out: the match ends (E16), its win scores -100 (E15), lowest total wins."""
    suit = data.draw(st.sampled_from(list(remi.Suit)), label="run suit")
    low = data.draw(st.integers(1, 9), label="run start")  # 9 10 J Q K A is the highest
    run = [Card((low + i - 1) % 13 + 1, suit) for i in range(6)]
    rank = data.draw(st.integers(1, 13), label="group rank")
    group = [Card(rank, s) for s in remi.Suit]
    if data.draw(st.booleans(), label="joker in the run"):
        run[data.draw(st.integers(0, 5), label="where")] = JOKER
    if data.draw(st.booleans(), label="joker in the group"):
        group[data.draw(st.integers(0, 3), label="which")] = JOKER
    pool = Counter(ENGLISH.cards(ENGLISH.max_players))
    mine = [*run, *group]  # E13: 10 cards + 1 drawn = run 6 + group 4 + the final discard
    pool.subtract(mine)
    rest = sorted(pool.elements())
    random.Random(seed).shuffle(rest)
    hands: list[Sequence[Card]] = [rest[10 * s : 10 * s + 10] for s in range(players)]
    hands[1] = mine
    levels = data.draw(st.lists(st.integers(1, 7), min_size=players, max_size=players), label="levels")
    levels[1] = 7
    scores = data.draw(st.lists(st.integers(-400, 400), min_size=players, max_size=players), label="scores")
    origin = remi.new_game(
        ENGLISH, players=players, seed=seed, dealer=0, hands=hands, stock=rest[10 * players :][:5],
        levels=levels, wins=[level - 1 for level in levels], scores=scores,
    )
    assert origin.to_act == 1 and not origin.is_over
    state = apply_checked(origin, DrawStock())
    melds = (Meld(RUN, tuple(run)), Meld(SET, tuple(group)))
    if data.draw(st.booleans(), label="piecemeal"):  # E8: one meld at a time, or both at once
        for meld in data.draw(st.permutations(melds), label="order"):
            state = apply_checked(state, LayDown((meld,)))
    else:
        state = apply_checked(state, LayDown(melds))
    assert state.down[1] and not state.is_over
    discard = Discard(state.hands[1][0])
    state = apply_checked(state, discard)
    assert_invariants(state, origin)
    result = state.last_deal
    assert state.is_over and result is not None and result.winner == 1
    assert result.scores[1] == -100 and state.wins[1] == 7
    assert state.scores == tuple(origin.scores[s] + result.scores[s] for s in range(players))
    assert state.winners == tuple(s for s in range(players) if state.scores[s] == min(state.scores))


@EACH
def test_a_deal_ends_even_if_everyone_always_takes_the_discard(name: str) -> None:
    """Play always terminates, even though taking the discard never shrinks the stock.

    Two players who always take the top discard (and throw another card) never
    draw from the stock, so N20's stock bound never comes into force: only the
    variant's turn limit ends the deal, with no winner.
    """
    variant = VARIANTS[name]
    origin = remi.new_game(variant, players=variant.min_players, seed=1)
    state = origin
    for _ in range(DEAL_BOUND):
        if state.deal > 1:
            break
        if state.phase is Phase.DRAW:
            action: Action = TakeDiscard()
        else:
            action = next(iter(state.legal_actions(kinds=Discard)))
        state = apply_checked(state, action)
    assert state.deal > 1, f"deal 1 still running after {DEAL_BOUND} actions: stock {len(state.stock)} cards"
    assert state.last_deal is not None and state.last_deal.winner is None
    assert DrawStock() not in state.history  # the stock never shrank
    assert_invariants(state, origin)


# =============================================================================
# 7. apply never mutates
# =============================================================================


@EACH
@props(6)
@given(data=st.data())
def test_apply_leaves_the_old_state_untouched(name: str, data: st.DataObject) -> None:
    state = data.draw(game_states(name, max_actions=150), label="state")
    if state.is_over:
        assert not state.legal_actions()
        return
    before = state.to_json()
    copy = pickle.loads(pickle.dumps(state))
    legal = list(state.legal_actions())
    for action in data.draw(st.lists(st.sampled_from(legal), min_size=1, max_size=5), label="actions"):
        state.apply(action)
        assert state.to_json() == before
    assert state == copy
    assert list(state.legal_actions()) == legal
