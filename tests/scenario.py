"""Helpers shared by the rule-scenario tests (``tests/rules/test_<variant>.py``).

The module-level functions work for any variant; :class:`Rulebook` binds the rest to one variant and
its clause letter, so each scenario file builds positions, plays and checks refusals the same way.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence

import attrs
import pytest

import remi
from remi import GameState, IllegalActionError, MeldKind, Phase, Reason, TableMeld, parse_card, parse_cards
from remi.actions import DRAW, PASS, Action, DrawStock, LayDown, Pass
from remi.cards import JOKER, Card
from remi.melds import Meld, MeldRules
from remi.parts import Contracts
from remi.testing import assert_invariants


class _NoWildSets(MeldRules):
    """House rule: no wild in a set (a meld hook, asked of melds going down and of melds left on the table)."""

    def meld_problem(self, meld: Meld, *, on_table: bool) -> str | None:
        if meld.kind is MeldKind.SET and any(card is JOKER for card in meld.cards):
            return "no wilds in sets (house rule)"
        return None


def no_wild_sets(variant: remi.Variant) -> remi.Variant:
    """``variant`` with the house rule "no wild in a set", as a meld hook (``MeldRules.meld_problem``)."""
    return attrs.evolve(variant, name=f"{variant.name}-no-wild-sets",
                        melds=_NoWildSets(**attrs.asdict(variant.melds, recurse=False)))


def contracts_of(variant: remi.Variant, part: type[Contracts], prefix_closed: bool) -> remi.Variant:
    """``variant`` with its contracts as ``part`` (the same fields: a house rule's hook), prefix-closed or not."""
    fields = {field.name: getattr(variant.contracts, field.name) for field in attrs.fields(Contracts)}
    name = f"{variant.name}-{part.__name__}-{prefix_closed}"
    return attrs.evolve(variant, name=name, contracts=part(**{**fields, "prefix_closed": prefix_closed}))


def to_play(variant: remi.Variant, hand: Sequence[Card], round: int, players: int = 3) -> GameState:
    """Seat 0 to play ``hand`` (its last card just drawn from the stock) in ``round``, the others dealt."""
    state = remi.position(variant, players, hands=[hand[:-1], *[None] * (players - 1)], stock=hand[-1:],
                          round=round)
    state = state.apply(DRAW)
    while state.to_act != 0:
        state = state.apply(PASS)
    return state


def count_generated(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count what the listings generate from now on: lay-downs as they are read, and the other actions.

    A listing lists a turn's swaps, lay-offs and discards at once (``"others"``) and generates its
    lay-downs only as they are read (``"laydowns"``); both come from ``remi._engine.listing._play_actions``.
    """
    from remi._engine import listing

    real = listing._play_actions
    produced: Counter[str] = Counter()

    def counted(laydowns: Iterator[LayDown]) -> Iterator[LayDown]:
        for laydown in laydowns:
            produced["laydowns"] += 1
            yield laydown

    def counting(*args: object) -> tuple[Iterator[LayDown] | None, list[Action], bool]:
        laydowns, others, known = real(*args)  # type: ignore[arg-type]
        produced["others"] += len(others)
        return (None if laydowns is None else counted(laydowns)), others, known

    monkeypatch.setattr(listing, "_play_actions", counting)
    return produced


def C(text: str) -> Card:
    return parse_card(text)


def cards(text: str) -> tuple[Card, ...]:
    """Cards as a sorted tuple, the way hands are kept."""
    return tuple(sorted(parse_cards(text)))


def meld(kind: MeldKind, text: str, owner: int) -> TableMeld:
    return TableMeld(kind, parse_cards(text), owner)


def where(state: GameState, text: str) -> int:
    """The table index of the meld holding exactly these cards."""
    wanted = Counter(parse_cards(text))
    return next(i for i, m in enumerate(state.table) if Counter(m.cards) == wanted)


def leftovers(variant: remi.Variant, *used: str) -> str:
    """Every card of the deck not in ``used`` (texts of cards), as card text."""
    pool = Counter(variant.cards(variant.max_players))
    for text in used:
        pool -= Counter(parse_cards(text))
    return " ".join(str(card) for card in sorted(pool.elements()))


def refused(state: GameState, action: Action, seat: int | None = None) -> Reason:
    """The reason ``action`` is refused; check, apply, is_legal and the listing must all agree."""
    with pytest.raises(IllegalActionError) as checked:
        state.check(action, seat=seat)
    with pytest.raises(IllegalActionError) as applied:
        state.apply(action, seat=seat)
    assert applied.value.reason is checked.value.reason
    assert not state.is_legal(action, seat=seat)
    if seat is None or seat == state.to_act:
        assert action not in list(state.legal_actions())
    return checked.value.reason


def play(state: GameState, *actions: Action) -> GameState:
    """Apply legal actions one after another, checking each is also listed."""
    for action in actions:
        assert state.is_legal(action), f"{action} refused: {why(state, action)}"
        assert action in list(state.legal_actions()), f"{action} legal but not listed"
        state = state.apply(action)
    return state


def why(state: GameState, action: Action) -> str:
    try:
        state.check(action)
    except IllegalActionError as error:
        return f"{error.reason}: {error}"
    return "legal"


def sorted_hand(*parts: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of several parts as one sorted hand."""
    return tuple(sorted(card for part in parts for card in part))


def laydowns(state: GameState) -> list[LayDown]:
    """The lay-downs the listing offers."""
    return [action for action in state.legal_actions(LayDown) if isinstance(action, LayDown)]


def down(text: str) -> LayDown:
    return LayDown(text)


#: A clause label in a message: "(L9)", "(N14)", "(E7)".
_CLAUSE = re.compile(r"\(([A-Z]+)\d+\)")


class Rulebook:
    """Scenario helpers bound to one variant and the letter of its clauses (``"L"`` for Liverpool).

    Positions are built exactly with ``remi.new_game(hands=..., stock=..., discard_pile=..., table=...)``
    and checked against the invariants, as is every state played forward; a refusal must cite only
    this variant's clauses.
    """

    def __init__(self, variant: remi.Variant, letter: str, *, discard: str = "4C", seed: int = 11) -> None:
        self.variant = variant
        self.letter = letter
        self.discard = discard
        self.seed = seed

    def game(
        self,
        hands: Sequence[str],
        *,
        stock: str | None = None,
        discard: str | None = None,
        round: int = 1,
        levels: Sequence[int] | None = None,
        dealer: int | None = None,
        table: Sequence[TableMeld] = (),
        scores: Sequence[int] | None = None,
        layoffs: Sequence[int] | None = None,
        wins: Sequence[int] | None = None,
        variant: remi.Variant | None = None,
    ) -> GameState:
        """A position with seat 0 to act first (the dealer is the last seat unless given).

        ``round`` is every seat's contract where the variant plays fixed rounds; ``levels`` are the
        seats' levels where it plays levels (default: ``round`` for everyone).
        """
        variant = variant or self.variant
        players = len(hands)
        by_levels = variant.match.schedule is remi.Schedule.LEVELS
        state = remi.new_game(
            variant,
            players=players,
            seed=self.seed,
            hands=list(hands),
            stock=stock,
            discard_pile=self.discard if discard is None else discard,
            dealer=players - 1 if dealer is None else dealer,
            table=table,
            scores=scores,
            layoffs=layoffs,
            wins=wins,
            round=None if by_levels else round,
            levels=(list(levels) if levels is not None else [round] * players) if by_levels else None,
        )
        assert_invariants(state)
        return state

    def leftovers(self, players: int, *used: str, variant: remi.Variant | None = None) -> str:
        """Every card of the deck for ``players`` players not in ``used`` (texts of cards), as card text."""
        pool = Counter((variant or self.variant).cards(players))
        for text in used:
            pool -= Counter(parse_cards(text))
        return " ".join(str(card) for card in sorted(pool.elements()))

    def play(self, state: GameState, *actions: Action) -> GameState:
        """Apply actions that must be legal and listed, checking the invariants after each."""
        for action in actions:
            state = play(state, action)
            assert_invariants(state)
        return state

    def refused(
        self, state: GameState, action: Action, seat: int | None = None, *, clause: str | None = None
    ) -> Reason:
        """The reason ``action`` is refused (check, apply, is_legal and the listing agree).

        The message never cites another variant's clause; with ``clause``, it ends by citing that one.
        """
        reason = refused(state, action, seat)
        with pytest.raises(IllegalActionError) as info:
            state.check(action, seat=seat)
        message = str(info.value)
        assert all(prefix == self.letter for prefix in _CLAUSE.findall(message)), message
        if clause is not None:
            assert message.endswith(f"({clause})"), message
        return reason

    def match_over(self, state: GameState, *, scores: Sequence[int], winners: Sequence[int]) -> None:
        """The match is over with these totals and these winners (N19, E16, L12, S5, M16): nobody is
        to act, and every action is refused."""
        assert state.is_over
        assert state.phase is Phase.OVER
        assert state.to_act is None
        assert state.scores == tuple(scores)
        assert state.winners == tuple(winners)
        assert self.refused(state, DrawStock()) is Reason.GAME_OVER
        assert list(state.legal_actions()) == []

    def passes(self, state: GameState) -> GameState:
        """Everyone asked in a buy window passes."""
        while state.phase is Phase.BUY:
            state = self.play(state, Pass())
        return state

    def draw(self, state: GameState) -> GameState:
        """The player on turn draws from the stock and nobody buys the discard."""
        return self.passes(self.play(state, DrawStock()))

    def points(self, text: str) -> int:
        """What the cards of ``text`` count in hand."""
        return self.variant.hand_points(parse_cards(text))


#: Ten-card hands that meld nothing, hold no joker and share no card with each other.
_TEN_CARD_FILLER = (
    "2S 3H 4D 8C 10S JH QD KC 6S 7H",
    "2C 3D 4S 8H 10D JC QS KH 6D 7C",
    "2H 3C 4H 8D 10C JD QH KS 6C 7D",
)
#: Per built-in variant: hands that meld nothing, hold no wild and share no card with each other, as
#: long as the variant deals (ten cards in Norwegian, English and Liverpool; eleven in Shanghai and May I?).
FILLERS: dict[str, tuple[str, ...]] = {
    "norwegian": _TEN_CARD_FILLER,
    "english": _TEN_CARD_FILLER,
    "liverpool": _TEN_CARD_FILLER,
    "shanghai": (
        "3H 4D 8C 10S JH QD KC 6S 7H 9D AS",
        "3D 4S 8H 10D JC QS KH 6D 7C 9C AH",
        "3C 4H 8D 10C JD QH KS 6C 7D 9H AC",
    ),
    "mayi": (
        "3S 4H 5D 6C 7S 8H 9D 10C JS QH KD",
        "3H 4D 5C 6S 7H 8D 9C 10S JH QD KC",
        "3D 4C 5S 6H 7D 8C 9S 10H JD QC KS",
    ),
}
#: Per built-in variant, the scenario helpers its rule tests use (the clause letter, the first
#: discard and the seed of the positions they build).
RULEBOOKS: dict[str, Rulebook] = {
    "norwegian": Rulebook(remi.variants.get("norwegian"), "N"),
    "english": Rulebook(remi.variants.get("english"), "E", discard="AD", seed=12),
    "liverpool": Rulebook(remi.variants.get("liverpool"), "L"),
    "shanghai": Rulebook(remi.variants.get("shanghai"), "S", discard="QC"),
    "mayi": Rulebook(remi.variants.get("mayi"), "M"),
}
