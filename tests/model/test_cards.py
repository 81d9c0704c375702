"""Cards: notation, ordering, identity, decks and seeded shuffles (remi.cards)."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import (
    CARDS,
    JOKER,
    NATURALS,
    Card,
    NotationError,
    Rank,
    Reason,
    RemiError,
    Suit,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
    shuffled,
)
from remi.cards import CARD_SLOTS, DEAD_TWOS
from remi.testing import cards, hands, naturals

FAST = settings(max_examples=200, deadline=None)

# Every documented spelling, written out here rather than taken from remi.
RANK_SPELLINGS: dict[Rank, tuple[str, ...]] = {
    Rank.ACE: ("A",),
    Rank.TWO: ("2",),
    Rank.THREE: ("3",),
    Rank.FOUR: ("4",),
    Rank.FIVE: ("5",),
    Rank.SIX: ("6",),
    Rank.SEVEN: ("7",),
    Rank.EIGHT: ("8",),
    Rank.NINE: ("9",),
    Rank.TEN: ("10", "T"),
    Rank.JACK: ("J",),
    Rank.QUEEN: ("Q",),
    Rank.KING: ("K",),
}
SUIT_SPELLINGS: dict[Suit, tuple[str, ...]] = {
    Suit.SPADES: ("S", "♠"),
    Suit.HEARTS: ("H", "♥"),
    Suit.DIAMONDS: ("D", "♦"),
    Suit.CLUBS: ("C", "♣"),
}
SEPARATORS = (" ", ",", ", ", " , ", "\t", "\n", "  ", " \n, ")  # a comma only between two cards, once


def _namespace() -> dict[str, object]:
    namespace: dict[str, object] = {}
    exec("from remi import *", namespace)
    return namespace


@st.composite
def spelled(draw: st.DrawFn, card: Card) -> str:
    """One way of writing ``card``: ASCII or symbol, T or 10, any letter case."""
    if card.rank is None or card.suit is None:
        text = "JK"
    else:
        rank = draw(st.sampled_from(RANK_SPELLINGS[card.rank]))
        text = rank + draw(st.sampled_from(SUIT_SPELLINGS[card.suit]))
        if card.is_dead:
            text += draw(st.sampled_from(("+", "†")))
    upper = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    return "".join(c.upper() if u else c.lower() for c, u in zip(text, upper, strict=True))


@st.composite
def written_hands(draw: st.DrawFn) -> tuple[tuple[Card, ...], str]:
    """A hand and a text spelling it with mixed notation, case and separators (no stray comma)."""
    hand = draw(hands(max_size=15))
    words = [draw(spelled(card)) for card in hand]
    seps = draw(st.lists(st.sampled_from(SEPARATORS), min_size=len(words), max_size=len(words)))
    leading = draw(st.sampled_from(("", " ", "\t")))
    trailing = draw(st.sampled_from(("", " ", "\n")))
    body = "".join(sep + word for sep, word in zip(seps, words, strict=True))[len(seps[0]) if seps else 0 :]
    return hand, leading + body + trailing


# -- notation ------------------------------------------------------------------


@FAST
@given(hands(max_size=20), st.booleans())
def test_format_then_parse_round_trips(hand: tuple[Card, ...], symbols: bool) -> None:
    assert parse_cards(format_cards(hand, symbols=symbols)) == hand


@FAST
@given(written_hands())
def test_any_spelling_parses_to_the_hand(written: tuple[tuple[Card, ...], str]) -> None:
    hand, text = written
    assert parse_cards(text) == hand


@FAST
@given(cards(dead_twos=True), st.data())
def test_parse_card_reads_every_spelling(card: Card, data: st.DataObject) -> None:
    word = data.draw(spelled(card))
    padding = data.draw(st.sampled_from(("", " ", "\t")))
    assert parse_card(padding + word + padding) is card


def test_every_card_str_and_symbol_parse_back() -> None:
    for card in CARDS:
        assert parse_card(str(card)) is card
        assert parse_card(card.symbol) is card
        assert parse_cards(str(card)) == (card,)


def test_notation_examples() -> None:
    assert str(Card(Rank.TEN, Suit.DIAMONDS)) == "10D"
    assert Card(Rank.TEN, Suit.DIAMONDS).symbol == "10♦"
    assert str(Card(Rank.QUEEN, Suit.SPADES)) == "QS"
    assert parse_cards("7♠ 10♦ Q♥ A♣") == parse_cards("7S 10D QH AC") == parse_cards("7s,td qh , ac")
    assert format_cards(parse_cards("QS 10D JK"), symbols=True) == "Q♠ 10♦ JK"
    assert format_cards(()) == ""
    assert parse_cards("") == parse_cards(" \t ") == ()  # (" , " is refused: a comma only parts two cards)


def test_S15_a_dead_two_is_written_with_a_mark_after_it() -> None:
    dead = Card(Rank.TWO, Suit.DIAMONDS, dead=True)
    assert (str(dead), dead.symbol, repr(dead)) == ("2D+", "2♦†", "Card(Rank.TWO, Suit.DIAMONDS, dead=True)")
    assert parse_cards("2D+ 2♦† 2d+ 2D") == (dead, dead, dead, Card(Rank.TWO, Suit.DIAMONDS))
    assert format_cards(parse_cards("2S+ 2S JK"), symbols=True) == "2♠† 2♠ JK"
    assert dead.is_dead and dead.is_natural and not dead.is_joker
    assert (dead.rank, dead.suit, dead.index) == (Rank.TWO, Suit.DIAMONDS, 55)
    assert dead is not Card(Rank.TWO, Suit.DIAMONDS) and dead != Card(Rank.TWO, Suit.DIAMONDS)
    assert not any(card.is_dead for card in CARDS[:53])
    assert [card.index for card in DEAD_TWOS] == [53, 54, 55, 56]
    assert [card.suit for card in DEAD_TWOS] == list(Suit)


@pytest.mark.parametrize("text", ["3D+", "JK+", "2D++", "+", "†", "AS†", "10H+", "2+"])
def test_S15_only_a_two_can_be_dead(text: str) -> None:
    with pytest.raises(NotationError, match="only a 2 can carry the dead mark") as info:
        parse_card(text)
    assert info.value.reason is Reason.BAD_NOTATION
    with pytest.raises(NotationError, match=r"position 3 is not a card \(only a 2"):
        parse_cards(f"QS {text}")


@pytest.mark.parametrize(
    ("rank", "suit", "dead"),
    [(Rank.THREE, Suit.HEARTS, True), (None, None, True), (Rank.TWO, None, True), (True, Suit.HEARTS, True),
     (Rank.TWO, Suit.HEARTS, "yes"), (Rank.TWO, Suit.HEARTS, 1)],
)
def test_S15_a_dead_card_other_than_a_two_is_refused(rank: object, suit: object, dead: object) -> None:
    with pytest.raises(NotationError):
        Card(rank, suit, dead=dead)  # type: ignore[arg-type]


@FAST
@given(st.lists(cards(dead_twos=True), max_size=20).map(tuple), st.booleans())
def test_S15_dead_twos_format_then_parse_round_trip(hand: tuple[Card, ...], symbols: bool) -> None:
    assert parse_cards(format_cards(hand, symbols=symbols)) == hand
    assert eval(repr(hand), _namespace()) == hand
    assert pickle.loads(pickle.dumps(hand)) == hand


@FAST
@given(hands(max_size=10))
def test_str_of_each_card_parses_back(hand: tuple[Card, ...]) -> None:
    assert tuple(parse_card(str(card)) for card in hand) == hand
    assert parse_cards(" ".join(str(card) for card in hand)) == hand


def test_repr_pastes_back_into_python() -> None:
    namespace = _namespace()
    for card in CARDS:
        assert eval(repr(card), namespace) is card
    assert repr(JOKER) == "JOKER"
    assert repr(Card(Rank.QUEEN, Suit.SPADES)) == "Card(Rank.QUEEN, Suit.SPADES)"


@FAST
@given(hands(max_size=10))
def test_repr_of_a_hand_pastes_back(hand: tuple[Card, ...]) -> None:
    assert eval(repr(hand), _namespace()) == hand


# -- errors --------------------------------------------------------------------


def test_notation_error_has_token_position_and_reason() -> None:
    with pytest.raises(NotationError) as info:
        parse_cards("QS XH")
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, RemiError)
    assert error.token == "XH"
    assert error.position == 3
    assert error.reason is Reason.BAD_NOTATION
    assert "XH" in str(error)


def test_notation_error_names_the_first_bad_token() -> None:
    with pytest.raises(NotationError) as info:
        parse_cards("AS, 1S 2S ZZ")
    assert (info.value.token, info.value.position) == ("1S", 4)


def test_parse_card_error_position_skips_padding() -> None:
    with pytest.raises(NotationError) as info:
        parse_card("  ZZ ")
    assert (info.value.token, info.value.position) == ("ZZ", 2)


@pytest.mark.parametrize("text", ["", "QS QH", "Q", "11S", "1S", "QX", "S Q", "QSS", "♠Q", "JKR", "0H"])
def test_parse_card_rejects(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert info.value.reason is Reason.BAD_NOTATION


def test_non_text_is_a_notation_error() -> None:
    with pytest.raises(NotationError):
        parse_cards(["QS"])  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_card(12)  # type: ignore[arg-type]


def test_bad_card_constructor_arguments() -> None:
    with pytest.raises(NotationError):
        Card(Rank.ACE, None)
    with pytest.raises(NotationError):
        Card(None, Suit.SPADES)
    with pytest.raises(NotationError):
        Card(14, Suit.SPADES)
    with pytest.raises(NotationError):
        Card(0, Suit.SPADES)


_VALID_WORDS = {r + s for spellings in RANK_SPELLINGS.values() for r in spellings
                for suit in SUIT_SPELLINGS.values() for s in suit} | {"JK", "JOKER", "🃏", "♤", "♡", "♢", "♧"}
bad_tokens = st.text(
    alphabet=st.characters(categories=("L", "N", "P", "S"), exclude_characters=","), min_size=1, max_size=5
).filter(lambda word: word.upper() not in _VALID_WORDS and not any(word.upper().endswith(w) for w in "♤♡♢♧"))


@FAST
@given(hands(max_size=8), bad_tokens, st.data())
def test_notation_error_points_at_the_bad_token(
    hand: tuple[Card, ...], bad: str, data: st.DataObject
) -> None:
    words = [str(card) for card in hand]
    where = data.draw(st.integers(0, len(words)))
    words.insert(where, bad)
    text = " ".join(words)
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    error = info.value
    assert error.token == bad
    assert text[error.position : error.position + len(bad)] == bad
    assert error.position == len(" ".join(words[:where])) + (1 if where else 0)


def test_notation_error_pickles_with_its_fields() -> None:
    with pytest.raises(NotationError) as info:
        parse_cards("QS XH")
    clone = pickle.loads(pickle.dumps(info.value))
    assert (type(clone), str(clone), clone.token, clone.position, clone.reason) == (
        NotationError,
        str(info.value),
        "XH",
        3,
        Reason.BAD_NOTATION,
    )


# -- ordering, hashing, identity ------------------------------------------------


@FAST
@given(cards(), cards())
def test_ordering_is_total_and_follows_index(a: Card, b: Card) -> None:
    assert [a < b, a == b, a > b].count(True) == 1
    assert (a < b) == (a.index < b.index)
    assert (a <= b) == (a.index <= b.index)
    assert (a > b) == (a.index > b.index)
    assert (a >= b) == (a.index >= b.index)
    assert (a != b) == (a.index != b.index)
    assert (a == b) == (a is b)
    if a == b:
        assert hash(a) == hash(b)


@FAST
@given(cards(), cards(), cards())
def test_ordering_is_transitive(a: Card, b: Card, c: Card) -> None:
    if a <= b and b <= c:
        assert a <= c


def test_order_is_suit_then_rank_then_the_joker_then_the_dead_twos() -> None:
    expected = [Card(rank, suit) for suit in Suit for rank in Rank] + [JOKER]
    expected += [Card(Rank.TWO, suit, dead=True) for suit in Suit]
    assert sorted(reversed(CARDS)) == expected
    assert list(CARDS) == expected
    assert [card.index for card in CARDS] == list(range(CARD_SLOTS))
    assert CARD_SLOTS == 57
    assert all(card < JOKER for card in NATURALS)
    assert Card(Rank.KING, Suit.SPADES) < Card(Rank.ACE, Suit.HEARTS)


@FAST
@given(hands(max_size=20))
def test_sorting_a_hand_sorts_by_index(hand: tuple[Card, ...]) -> None:
    assert [card.index for card in sorted(hand)] == sorted(card.index for card in hand)


def test_hashing_and_interning() -> None:
    assert len(set(CARDS)) == 57
    assert len({hash(card) for card in CARDS}) == 57
    for dead in DEAD_TWOS:
        assert dead.suit is not None
        assert Card(Rank.TWO, dead.suit, dead=True) is dead
        assert Card(2, dead.suit, dead=True) is dead
        assert CARDS[dead.index] is dead
    for card in NATURALS:
        assert card.rank is not None and card.suit is not None
        assert Card(card.rank, card.suit) is card
        assert Card(int(card.rank), card.suit) is card
        assert CARDS[card.index] is card
    assert Card(None, None) is JOKER
    assert parse_cards("QS qs Q♠")[0] is parse_cards("QS qs Q♠")[2]
    counts = Counter(parse_cards("QS QS QH"))
    assert counts[Card(Rank.QUEEN, Suit.SPADES)] == 2


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_preserves_identity(protocol: int) -> None:
    for card in CARDS:
        assert pickle.loads(pickle.dumps(card, protocol)) is card
    hand = parse_cards("QS JK 10D JK")
    clone = pickle.loads(pickle.dumps(hand, protocol))
    assert all(x is y for x, y in zip(clone, hand, strict=True))


def test_copy_preserves_identity() -> None:
    for card in CARDS:
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
    hand = list(parse_cards("QS JK"))
    assert all(x is y for x, y in zip(copy.deepcopy(hand), hand, strict=True))


def test_cards_are_immutable() -> None:
    card = Card(Rank.QUEEN, Suit.SPADES)
    with pytest.raises(AttributeError):
        card.rank = Rank.KING
    with pytest.raises(AttributeError):
        del card.suit
    with pytest.raises(AttributeError):
        JOKER.index = 0
    assert card.rank is Rank.QUEEN and JOKER.index == 52


def test_joker_properties() -> None:
    assert JOKER.is_joker and not JOKER.is_natural
    assert JOKER.rank is None and JOKER.suit is None
    assert (str(JOKER), JOKER.symbol, repr(JOKER), JOKER.index) == ("JK", "JK", "JOKER", 52)
    assert CARDS[52] is JOKER and JOKER not in NATURALS
    assert JOKER == parse_card("jk") == parse_card("JK")
    assert max(CARDS[:53]) is JOKER
    for card in NATURALS:
        assert card.is_natural and not card.is_joker
        assert card != JOKER


def test_suit_and_rank_labels() -> None:
    assert [s.letter for s in Suit] == ["S", "H", "D", "C"]
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert [r.label for r in Rank] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert [int(r) for r in Rank] == list(range(1, 14))
    namespace = _namespace()
    assert all(eval(repr(x), namespace) is x for x in [*Suit, *Rank])


# -- strategies in remi.testing ------------------------------------------------


@FAST
@given(naturals(), hands(min_size=2, max_size=6, jokers=False))
def test_natural_strategies_never_draw_jokers(card: Card, hand: tuple[Card, ...]) -> None:
    assert card.is_natural
    assert all(c.is_natural for c in hand)
    assert 2 <= len(hand) <= 6


@FAST
@given(st.sampled_from(("norwegian", "english")), st.data())
def test_hands_from_a_variant_fit_its_deck(name: str, data: st.DataObject) -> None:
    variant = remi.variants.get(name)
    hand = data.draw(hands(min_size=1, max_size=40, variant=variant))
    assert 1 <= len(hand) <= 40
    assert not Counter(hand) - Counter(variant.cards(variant.max_players))
    no_jokers = data.draw(hands(max_size=40, jokers=False, variant=variant))
    assert JOKER not in no_jokers


# -- decks and shuffles ----------------------------------------------------------


@pytest.mark.parametrize(("packs", "jokers"), [(1, 0), (2, 9), (2, 4), (3, 2), (1, 1)])
def test_full_deck_counts(packs: int, jokers: int) -> None:
    deck = full_deck(packs, jokers)
    assert len(deck) == 52 * packs + jokers
    counts = Counter(deck)
    assert counts[JOKER] == jokers
    assert all(counts[card] == packs for card in NATURALS)
    assert list(deck) == sorted(deck)


def test_N2_E1_deck_sizes() -> None:
    assert len(full_deck(2, 9)) == 113
    assert len(full_deck(2, 4)) == 108


@FAST
@given(st.one_of(st.integers(), st.text(max_size=8)), hands(max_size=30))
def test_shuffled_is_deterministic_and_leaves_global_random_alone(
    seed: int | str, hand: tuple[Card, ...]
) -> None:
    state = random.getstate()
    first = shuffled(hand, seed)
    second = shuffled(list(hand), seed)
    assert random.getstate() == state
    assert first == second
    assert isinstance(first, tuple)
    assert Counter(first) == Counter(hand)


def test_shuffled_does_not_mutate_its_input() -> None:
    deck = list(full_deck(2, 9))
    before = list(deck)
    shuffled(deck, 7)
    assert deck == before


def test_shuffled_differs_by_seed() -> None:
    deck = full_deck(2, 9)
    orders = {shuffled(deck, seed) for seed in range(20)}
    assert len(orders) == 20
    assert shuffled(deck, "a") != shuffled(deck, "b")
    assert shuffled(deck, 1) != deck


def test_shuffled_draws_from_a_given_random() -> None:
    deck = full_deck(1, 0)
    state = random.getstate()
    rng = random.Random(5)
    first = shuffled(deck, rng)
    second = shuffled(deck, rng)
    assert first == shuffled(deck, random.Random(5))
    assert first != second  # the generator advanced
    assert random.getstate() == state
