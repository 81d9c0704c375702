"""The meld strategies behind :func:`remi.testing.meld_candidates` (private; needs Hypothesis).

Valid sets and runs of a variant, jokers (and, where 2s are wild, 2s) in
place, and the perturbations that spoil them a little.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hypothesis import strategies as st

from remi.cards import CARDS, JOKER, Card, Rank, Suit
from remi.melds import JokerCap, MeldKind, MeldRules, Twos
from remi.variant import Variant

_ANY_CARD = st.sampled_from(CARDS[: JOKER.index + 1])  # the live cards: dead twos only where the variant has them


def _card(rank: int, suit: Suit) -> Card:
    """The natural of ``rank`` (1-13, or 14 for a high ace) and ``suit``."""
    return Card(Rank((rank - 1) % 13 + 1), suit)


def _joker_room(rules: MeldRules, naturals: int, jokers_in_deck: int) -> int:
    """The most jokers a meld with ``naturals`` naturals may hold."""
    room = naturals if rules.joker_cap is JokerCap.NATURALS else jokers_in_deck
    return min(room, jokers_in_deck)


@st.composite
def _valid_set(draw: st.DrawFn, variant: Variant) -> list[Card]:
    rules = variant.melds
    if rules.twos is not Twos.NATURAL or rules.min_naturals != 1:
        return draw(_valid_wild_set(variant))
    top = rules.set_max if rules.set_max is not None else rules.set_min + 5
    most_naturals = 4 if rules.set_distinct_suits else 4 * variant.deck.for_players(variant.max_players)[0]
    shapes = [
        (nat, jok)
        for nat in range(1, min(most_naturals, top) + 1)
        for jok in range(_joker_room(rules, nat, variant.deck.for_players(variant.max_players)[1]) + 1)
        if rules.set_min <= nat + jok <= top
    ]
    if not shapes:  # a variant whose sets cannot be built from its deck
        return draw(st.lists(_ANY_CARD, min_size=rules.set_min, max_size=top))
    nat, jok = draw(st.sampled_from(shapes))
    rank = draw(st.sampled_from(Rank))
    pool = list(Suit) if rules.set_distinct_suits else list(Suit) * variant.deck.for_players(variant.max_players)[0]
    suits = draw(st.permutations(pool))[:nat]
    return draw(st.permutations([Card(rank, suit) for suit in suits] + [JOKER] * jok))


@st.composite
def _valid_run(draw: st.DrawFn, variant: Variant) -> list[Card]:
    rules = variant.melds
    if rules.twos is not Twos.NATURAL or rules.min_naturals != 1:
        return draw(_valid_wild_run(variant))
    low, high = _run_values(rules)
    longest = min(rules.run_max, high - low + 1)
    if longest < rules.run_min:  # a variant whose runs cannot be built
        return draw(st.lists(_ANY_CARD, min_size=rules.run_min, max_size=rules.run_max))
    length = draw(st.integers(rules.run_min, longest))
    start = draw(st.integers(low, high - length + 1))
    suit = draw(st.sampled_from(Suit))
    run = [_card(start + i, suit) for i in range(length)]
    most = min(length - 1, _joker_room(rules, length // 2, variant.deck.for_players(variant.max_players)[1]))
    for position in draw(st.sets(st.integers(0, length - 1), max_size=max(most, 0))):
        run[position] = JOKER
    return run


def _wild_pool(variant: Variant, twos: bool) -> list[Card]:
    """Every wild of the deck: the jokers and, if ``twos``, every copy of every 2."""
    pool = [JOKER] * variant.deck.for_players(variant.max_players)[1]
    if twos:
        pool += [Card(Rank.TWO, suit) for suit in Suit for _ in range(variant.deck.for_players(variant.max_players)[0])]
    return pool


def _wild_set_shapes(variant: Variant) -> list[tuple[int, int, bool]]:
    """Every shape of a valid set where 2s are wild or a meld needs other than one natural.

    A shape is the number of naturals, the number of wilds, and whether the 2s are wild.
    """
    rules = variant.melds
    top = rules.set_max if rules.set_max is not None else rules.set_min + 5
    cap = rules.joker_cap is JokerCap.NATURALS
    least = max(1, rules.min_naturals)
    most_naturals = 4 if rules.set_distinct_suits else 4 * variant.deck.for_players(variant.max_players)[0]
    shapes: list[tuple[int, int, bool]] = []
    for twos_wild in (False, True) if rules.twos is not Twos.NATURAL else (False,):
        pool = len(_wild_pool(variant, twos_wild))
        for nat in range(least, min(most_naturals, top) + 1):
            room = min(nat if cap else pool, pool)
            shapes += [(nat, jok, twos_wild) for jok in range(room + 1) if rules.set_min <= nat + jok <= top]
    if rules.min_naturals == 0 and not cap:
        pool = len(_wild_pool(variant, rules.twos is Twos.WILD))
        shapes += [(0, size, True) for size in range(rules.set_min, min(top, pool) + 1)]
    return shapes


@st.composite
def _valid_wild_set(draw: st.DrawFn, variant: Variant) -> list[Card]:
    """A valid set where 2s are wild or a meld needs other than one natural."""
    rules = variant.melds
    shapes = _wild_set_shapes(variant)
    if not shapes:
        top = rules.set_max if rules.set_max is not None else rules.set_min + 5
        return draw(st.lists(_ANY_CARD, min_size=rules.set_min, max_size=top))
    nat, jok, twos_wild = draw(st.sampled_from(shapes))
    if nat == 0:  # wilds only (a set of 2s alone would be a set of twos under WILD_EXCEPT_SETS)
        return draw(st.permutations(_wild_pool(variant, rules.twos is Twos.WILD)))[:jok]
    ranks = [rank for rank in Rank if rank is not Rank.TWO or rules.twos is not Twos.WILD]
    if twos_wild:  # the 2s are wild: a set of any other rank
        rank = draw(st.sampled_from([rank for rank in ranks if rank is not Rank.TWO]))
    else:  # jokers only: a set of any rank, twos too where they may be naturals
        rank = draw(st.sampled_from(ranks))
    pool_ = list(Suit) if rules.set_distinct_suits else list(Suit) * variant.deck.for_players(variant.max_players)[0]
    suits = draw(st.permutations(pool_))[:nat]
    wilds = draw(st.permutations(_wild_pool(variant, twos_wild)))[:jok]
    return draw(st.permutations([Card(rank, suit) for suit in suits] + wilds))


def _run_values(rules: MeldRules) -> tuple[int, int]:
    """The lowest and highest value (1 the low ace, 14 the high ace) a run's position may take."""
    if rules.twos is Twos.WILD:  # no 2 (M5)
        return 3, 14 if rules.ace_high or rules.run_wrap else 13
    return 1 if rules.ace_low else 2, 14 if rules.ace_high else 13


@st.composite
def _valid_wild_run(draw: st.DrawFn, variant: Variant) -> list[Card]:
    """A valid run where 2s are wild or a meld needs other than one natural."""
    rules = variant.melds
    low, high = _run_values(rules)
    longest = min(rules.run_max, high - low + 1)
    pool = _wild_pool(variant, rules.twos is not Twos.NATURAL)
    if rules.min_naturals == 0 and rules.joker_cap is not JokerCap.NATURALS and draw(st.integers(0, 4)) == 0:
        lengths = range(rules.run_min, min(longest, len(pool)) + 1)
        if lengths:
            return draw(st.permutations(pool))[: draw(st.sampled_from(lengths))]
    if longest < rules.run_min:  # a variant whose runs cannot be built
        return draw(st.lists(_ANY_CARD, min_size=rules.run_min, max_size=rules.run_max))
    length = draw(st.integers(rules.run_min, longest))
    start = draw(st.integers(low, high - length + 1))
    suit = draw(st.sampled_from(Suit))
    return _with_wilds(draw, rules, [_card(start + i, suit) for i in range(length)], pool)


def _with_wilds(draw: st.DrawFn, rules: MeldRules, run: list[Card], pool: list[Card]) -> list[Card]:
    """``run`` with wilds of ``pool`` drawn into some places, as many as the rules allow (a 2 in its place is wild)."""
    length = len(run)
    twos_wild = rules.twos is not Twos.NATURAL
    forced = {i for i, card in enumerate(run) if twos_wild and card.rank is Rank.TWO}  # a 2 in its place is wild
    free = [i for i in range(length) if i not in forced]
    limit = length - max(1, rules.min_naturals)  # the most wilds, the 2s in their places included
    if rules.joker_cap is JokerCap.NATURALS:
        limit = min(limit, length // 2)
    if len(forced) > limit:  # no such run: fall back to one the rules refuse
        return run
    most = min(limit, len(pool)) - len(forced)
    chosen = draw(st.sets(st.sampled_from(free), max_size=most)) if free and most else set()
    for position in forced:
        pool.remove(run[position])
    wilds = draw(st.permutations(pool))
    for position, wild in zip(sorted(chosen), wilds, strict=False):
        run[position] = wild
    return run


_Perturbation = Callable[[st.DrawFn, list[Card]], list[Card]]


def _position(draw: st.DrawFn, cards_: Sequence[Card], extra: int = 0) -> int:
    return draw(st.integers(0, max(len(cards_) - 1 + extra, 0)))


def _natural_position(draw: st.DrawFn, cards_: Sequence[Card]) -> int | None:
    positions = [i for i, card in enumerate(cards_) if card.is_natural]
    return draw(st.sampled_from(positions)) if positions else None


def _replace_card(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    if not cards_:
        return [draw(_ANY_CARD)]
    i = _position(draw, cards_)
    return [*cards_[:i], draw(_ANY_CARD), *cards_[i + 1 :]]


def _insert_joker(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    i = _position(draw, cards_, extra=1)
    return [*cards_[:i], JOKER, *cards_[i:]]


def _natural_to_joker(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    i = _natural_position(draw, cards_)
    return cards_ if i is None else [*cards_[:i], JOKER, *cards_[i + 1 :]]


def _change_suit(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    i = _natural_position(draw, cards_)
    if i is None:
        return cards_
    card = cards_[i]
    assert card.rank is not None
    suit = draw(st.sampled_from([suit for suit in Suit if suit is not card.suit]))
    return [*cards_[:i], Card(card.rank, suit), *cards_[i + 1 :]]


def _change_rank(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    i = _natural_position(draw, cards_)
    if i is None:
        return cards_
    card = cards_[i]
    assert card.rank is not None and card.suit is not None
    step = draw(st.sampled_from((1, -1, 2)))
    return [*cards_[:i], _card(card.rank + step, card.suit), *cards_[i + 1 :]]


def _remove_card(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    if not cards_:
        return cards_
    i = _position(draw, cards_)
    return [*cards_[:i], *cards_[i + 1 :]]


def _duplicate_card(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    if not cards_:
        return cards_
    i = _position(draw, cards_)
    return [*cards_[: i + 1], cards_[i], *cards_[i + 1 :]]


def _extend(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    """Add the natural that would continue the cards at one end (next rank, same suit)."""
    i = _natural_position(draw, cards_)
    if i is None:
        return [*cards_, draw(_ANY_CARD)]
    card = cards_[i]
    assert card.rank is not None and card.suit is not None
    if draw(st.booleans()):
        return [*cards_, _card(card.rank + len(cards_) - i, card.suit)]
    return [_card(card.rank - i - 1 + 13, card.suit), *cards_]


def _natural_to_two(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    i = _natural_position(draw, cards_)
    return cards_ if i is None else [*cards_[:i], Card(Rank.TWO, draw(st.sampled_from(Suit))), *cards_[i + 1 :]]


def _insert_two(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    i = _position(draw, cards_, extra=1)
    return [*cards_[:i], Card(Rank.TWO, draw(st.sampled_from(Suit))), *cards_[i:]]


def _swap_two(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    if len(cards_) < 2:
        return cards_
    i, j = _position(draw, cards_), _position(draw, cards_)
    swapped = list(cards_)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return swapped


def _shift_ranks(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    """Shift every natural's rank by the same amount, round the corner if need be."""
    step = draw(st.integers(1, 12))
    shifted = []
    for card in cards_:
        if card.rank is None or card.suit is None:
            shifted.append(card)
        else:
            shifted.append(_card(card.rank + step, card.suit))
    return shifted


_PERTURBATIONS: tuple[_Perturbation, ...] = (
    _replace_card,
    _insert_joker,
    _natural_to_joker,
    _change_suit,
    _change_rank,
    _remove_card,
    _duplicate_card,
    _extend,
    _swap_two,
    _shift_ranks,
)
def _a_two_dies(draw: st.DrawFn, cards_: list[Card]) -> list[Card]:
    """A live 2 of the meld turns dead (S15), or a card becomes a dead 2 where there is none."""
    twos = [i for i, card in enumerate(cards_) if card.rank is Rank.TWO and not card.is_dead]
    i = draw(st.sampled_from(twos)) if twos else _position(draw, cards_)
    suit = cards_[i].suit if twos else draw(st.sampled_from(Suit))
    return [*cards_[:i], Card(Rank.TWO, suit, dead=True), *cards_[i + 1 :]]


#: Where 2s are wild, they are inserted and turned into too.
_WILD_PERTURBATIONS = (*_PERTURBATIONS, _natural_to_two, _insert_two)
#: Where 2s die (S15), they die too.
_DEAD_PERTURBATIONS = (*_WILD_PERTURBATIONS, _a_two_dies, _a_two_dies)


@st.composite
def candidate(draw: st.DrawFn, variant: Variant, kinds: tuple[MeldKind, ...]) -> tuple[Card, ...]:
    """A candidate meld of one of ``kinds``: valid under ``variant``, or a valid one perturbed."""
    kind = draw(st.sampled_from(kinds))
    meld = draw(_valid_set(variant) if kind is MeldKind.SET else _valid_run(variant))
    perturbations = _PERTURBATIONS if variant.melds.twos is Twos.NATURAL else _WILD_PERTURBATIONS
    if variant.deck.dead_twos:
        perturbations = _DEAD_PERTURBATIONS
    for _ in range(draw(st.sampled_from((0, 0, 1, 1, 2)))):
        perturb = draw(st.sampled_from(perturbations))
        meld = perturb(draw, meld)
    return tuple(meld)
