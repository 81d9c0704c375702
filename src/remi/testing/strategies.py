"""The Hypothesis side of :mod:`remi.testing`: strategies and a state machine.

Imported by :mod:`remi.testing` only when one of these names is asked for, so
that the rest of the kit works without Hypothesis. Documented there.
"""

from __future__ import annotations

import random
from typing import ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from remi.actions import Buy, Discard, DrawStock, LayOff, Pass, SwapJoker, TakeDiscard
from remi.cards import CARDS, DEAD_TWOS, JOKER, NATURALS, Card
from remi.errors import RemiError
from remi.melds import MeldKind
from remi.state import GameState, new_game
from remi.testing.invariants import assert_invariants, random_action
from remi.testing.meld_strategies import candidate
from remi.testing.reference import assert_legal_actions, assert_round_trips, assert_view_hides
from remi.variant import Variant
from remi.variants import get, names

__all__ = ["RemiStateMachine", "cards", "game_states", "hands", "meld_candidates", "naturals", "variants"]


# ---------------------------------------------------------------------------
# Cards and variants
# ---------------------------------------------------------------------------


def cards(*, dead_twos: bool = False) -> st.SearchStrategy[Card]:
    """Any card, the joker included; the dead twos (S15) too if asked for.

    Shrinks towards the ace of spades.

    Args:
        dead_twos: Whether to draw the four dead twos as well.

    Returns:
        A strategy drawing one of the 53 live cards (52 naturals and the
        joker), or of all 57 with ``dead_twos``.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       ``dead_twos``.
    """
    return st.sampled_from(CARDS if dead_twos else CARDS[: JOKER.index + 1])


def naturals() -> st.SearchStrategy[Card]:
    """Any natural card (never the joker).

    Returns:
        A strategy drawing one of the 52 naturals.

    .. versionadded:: 0.1.0
    """
    return st.sampled_from(NATURALS)


def hands(
    min_size: int = 0,
    max_size: int = 20,
    jokers: bool = True,
    *,
    variant: Variant | None = None,
) -> st.SearchStrategy[tuple[Card, ...]]:
    """Hands of cards, in the order drawn.

    Without ``variant`` each card is drawn independently, so a hand may hold
    more copies of a card than any deck has. With ``variant`` the hand is a
    sub-multiset of the variant's largest deck: never more copies of a natural than
    the variant has packs, never more jokers than it has; where the variant has
    dead twos (``deck.dead_twos``, S15) any 2 drawn may be dead.

    Args:
        min_size: The fewest cards.
        max_size: The most cards (capped at the deck's size when ``variant`` is given).
        jokers: Whether hands may hold jokers.
        variant: If given, only hands that could come out of this variant's deck.

    Returns:
        A strategy drawing tuples of cards.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       A variant's dead twos.
    """
    if variant is None:
        card = cards() if jokers else naturals()
        return st.lists(card, min_size=min_size, max_size=max_size).map(tuple)
    deck = tuple(card for card in variant.cards(variant.max_players) if jokers or card.is_natural)
    indices = st.lists(
        st.integers(0, len(deck) - 1), min_size=min_size, max_size=min(max_size, len(deck)), unique=True
    )
    if not variant.deck.dead_twos:
        return indices.map(lambda picked: tuple(deck[i] for i in picked))
    dead = {two: DEAD_TWOS[suit] for suit, two in enumerate(NATURALS[1::13])}

    def maybe_dead(picked: list[int]) -> st.SearchStrategy[tuple[Card, ...]]:
        """Each 2 of the hand dead or not (shrinking towards live)."""
        flags = st.lists(st.booleans(), min_size=len(picked), max_size=len(picked))
        return flags.map(lambda died: tuple(dead.get(deck[i], deck[i]) if d else deck[i]
                                            for i, d in zip(picked, died, strict=True)))

    return indices.flatmap(maybe_dead)


def variants() -> st.SearchStrategy[Variant]:
    """Every variant in the registry (:func:`remi.variants.names`), built-ins and plugins.

    The registry is read when this function is called, so variants registered
    later are not included.

    Returns:
        A strategy drawing registered :class:`~remi.Variant` values.

    Raises:
        VariantError: If a registered variant plugin fails to load.

    .. versionadded:: 0.1.0
    """
    return st.sampled_from(tuple(get(name) for name in names()))


# ---------------------------------------------------------------------------
# Melds
# ---------------------------------------------------------------------------


def meld_candidates(
    variant: Variant, kind: MeldKind | None = None
) -> st.SearchStrategy[tuple[Card, ...]]:
    """Card lists that are often valid melds in ``variant`` and often nearly so.

    Each example starts as a valid set or run of ``variant`` (jokers in place,
    runs listed low to high) and then, about half the time, is perturbed once
    or twice: a card replaced, a joker inserted, a natural turned into a joker,
    a suit or rank changed, a card removed, duplicated or added at an end, two
    cards swapped, or a whole run shifted round the corner. Property tests so
    hit valid melds and the invalid ones just beside them. Shrinking leads to
    an unperturbed valid meld.

    Args:
        variant: The variant whose meld rules shape the candidates.
        kind: Only sets or only runs; ``None`` draws both.

    Returns:
        A strategy drawing tuples of cards.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Where 2s are wild, the melds hold wild 2s (and, where 2s may be
       naturals, sets of twos) and the perturbations also insert 2s; the
       variant's ``min_naturals`` shapes them (melds of wilds only at 0).
    """
    kinds = tuple(MeldKind) if kind is None else (kind,)
    return candidate(variant, kinds)



def game_states(
    variant: Variant | str | None = None,
    players: int | None = None,
    max_actions: int = 60,
    *,
    min_actions: int = 0,
) -> st.SearchStrategy[GameState]:
    """Reachable game states: a fresh match, then random legal play.

    Each example starts from :func:`remi.new_game` with a drawn seed (and a
    drawn variant and player count unless given), then plays a drawn number
    of actions, each chosen by an index drawn into ``legal_actions()``.
    Shrinking plays fewer actions and earlier-listed ones (draw, pass, then
    lay-downs first).

    Args:
        variant: The variant or its registered name; ``None`` draws from the registry.
        players: The number of seats; ``None`` draws from the variant's range.
        max_actions: The most actions played from the start.
        min_actions: The fewest actions played (fewer only if the match ends).

    Returns:
        A strategy drawing :class:`~remi.GameState` values; ``state.history``
        holds the actions played.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, deadline=None)
    ... @given(game_states("norwegian", players=3, max_actions=20))
    ... def test_conserves_cards(state):
    ...     assert_invariants(state)
    >>> test_conserves_cards()

    .. versionadded:: 0.1.0
    """
    if min_actions < 0 or max_actions < min_actions:
        raise ValueError(f"need 0 <= min_actions <= max_actions, got {min_actions} and {max_actions}")
    return _game_state(variant, players, min_actions, max_actions)


@st.composite
def _game_state(
    draw: st.DrawFn, variant: Variant | str | None, players: int | None, min_actions: int, max_actions: int
) -> GameState:
    if variant is None:
        chosen = draw(variants())
    elif isinstance(variant, str):
        chosen = get(variant)
    else:
        chosen = variant
    seats = players if players is not None else draw(st.integers(chosen.min_players, chosen.max_players))
    seed = draw(st.integers(0, 2**32 - 1))
    state = new_game(chosen, players=seats, seed=seed)
    for _ in range(draw(st.integers(min_actions, max_actions))):
        if state.is_over:
            break
        legal = state.legal_actions()
        try:
            count = len(legal)
        except RemiError:  # a hand with too many lay-downs to count: the other actions
            legal = state.legal_actions(kinds=(DrawStock, TakeDiscard, Buy, Pass, LayOff, SwapJoker, Discard))
            count = len(legal)
        state = state.apply(legal[draw(st.integers(0, count - 1))])
    return state



class RemiStateMachine(RuleBasedStateMachine):
    """A Hypothesis state machine playing one variant, checking every state on the way.

    Subclass it, set :attr:`variant`, and let pytest collect its ``TestCase``::

        class MyVariantMachine(RemiStateMachine):
            variant = MY_VARIANT

        TestMyVariant = MyVariantMachine.TestCase

    It starts a match with a drawn seed and player count, then interleaves
    single actions chosen by Hypothesis, runs of seeded random actions, the
    brute-force comparison of ``legal_actions()``, view and round-trip checks;
    :func:`~remi.testing.assert_invariants` holds after every step. Add your
    own ``@rule`` and ``@invariant`` methods (they see ``self.state`` and
    ``self.origin``).

    Attributes:
        variant: The variant played, or its registered name (a class attribute to set).
        origin: The match's first state (``None`` until initialized).
        state: The current state (``None`` until initialized).

    .. versionadded:: 0.2.0
    """

    variant: ClassVar[Variant | str] = "norwegian"

    def __init__(self) -> None:
        super().__init__()
        self.origin: GameState | None = None
        self.state: GameState | None = None

    def _current(self) -> GameState:
        assert self.state is not None, "the machine is not initialized"
        return self.state

    @initialize(seed=st.integers(0, 2**32 - 1), data=st.data())
    def start(self, seed: int, data: st.DataObject) -> None:
        """A fresh match of :attr:`variant` with a drawn seed and player count."""
        chosen = get(self.variant) if isinstance(self.variant, str) else self.variant
        players = data.draw(st.integers(chosen.min_players, chosen.max_players), label="players")
        self.origin = self.state = new_game(chosen, players=players, seed=seed)

    @rule(data=st.data())
    def play_one(self, data: st.DataObject) -> None:
        """One legal action chosen by Hypothesis."""
        state = self._current()
        if not state.is_over:
            legal = state.legal_actions()
            self.state = state.apply(legal[data.draw(st.integers(0, len(legal) - 1), label="action")])

    @rule(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 60))
    def play_many(self, seed: int, steps: int) -> None:
        """Up to ``steps`` seeded random actions, each state checked against the invariants."""
        rng = random.Random(seed)
        for _ in range(steps):
            state = self._current()
            if state.is_over:
                return
            self.state = state.apply(random_action(state, rng))
            assert_invariants(self.state, self.origin)

    @rule()
    def legal_actions_match_the_reference(self) -> None:
        """``legal_actions()`` against the brute-force reference."""
        assert_legal_actions(self._current())

    @rule(data=st.data())
    def views_leak_nothing(self, data: st.DataObject) -> None:
        """A drawn seat's view, against a hidden shuffle."""
        state = self._current()
        seat = data.draw(st.integers(0, state.players - 1), label="seat")
        assert_view_hides(state, seat, random.Random(data.draw(st.integers(0, 2**32 - 1), label="shuffle")))

    @rule()
    def round_trips(self) -> None:
        """JSON, record and pickle."""
        assert_round_trips(self._current())

    @invariant()
    def keeps_the_invariants(self) -> None:
        """Every state keeps :func:`~remi.testing.assert_invariants`."""
        if self.state is not None:
            assert_invariants(self.state, self.origin)
