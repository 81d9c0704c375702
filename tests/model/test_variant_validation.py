"""A variant is checked when it is built: every field of every rule part, and rules that can never work.

A part refuses a wrong field when it is built: a :class:`~remi.VariantError` (reason ``BAD_VARIANT``)
whose sentence starts with the part's name and names the field. A variant refuses its own fields,
parts of the wrong kind, and parts that cannot work together, with a sentence that starts with the
variant's name — never a ``TypeError`` in the middle of a game.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import attrs
import pytest

import remi
import remi.parts
from remi import (
    RULE_KEYS,
    Advance,
    Buying,
    BuyTiming,
    Contract,
    Contracts,
    Deck,
    Drawing,
    GoingOut,
    JokerCap,
    LayOffs,
    Match,
    MeldRules,
    Reason,
    Schedule,
    Scoring,
    SetSwap,
    Swaps,
    SwapWho,
    Variant,
    VariantError,
)
from remi.variants.english import EnglishLayOffs, EnglishScoring

NORWEGIAN = remi.variants.get("norwegian")
ENGLISH = remi.variants.get("english")

#: The variant's field that holds each kind of part.
PARTS: dict[type, str] = {
    Deck: "deck", MeldRules: "melds", Contracts: "contracts", Drawing: "drawing", LayOffs: "layoffs",
    Swaps: "swaps", Buying: "buying", Match: "match", Scoring: "scoring",
}
#: How each part names itself at the start of its refusals.
LABELS: dict[type, str] = {**PARTS, MeldRules: "meld rules"}


def refused(variant: Variant, **changes: Any) -> str:
    """The message of the VariantError that building ``variant`` with ``changes`` raises."""
    with pytest.raises(VariantError) as info:
        attrs.evolve(variant, **changes)
    assert type(info.value) is VariantError
    assert info.value.reason is Reason.BAD_VARIANT
    return str(info.value)


def part_refused(part: Any, **changes: Any) -> str:
    """The message of the VariantError that building ``part`` with ``changes`` raises."""
    with pytest.raises(VariantError) as info:
        attrs.evolve(part, **changes)
    assert type(info.value) is VariantError
    assert info.value.reason is Reason.BAD_VARIANT
    return str(info.value)


def with_part(variant: Variant, name: str, **changes: Any) -> dict[str, Any]:
    """The keyword that replaces the part ``name`` of ``variant`` by one with ``changes``."""
    return {name: attrs.evolve(getattr(variant, name), **changes)}


def contracts(*texts: str, deal: int = 10, **fields: Any) -> Contracts:
    """A one-contract :class:`Contracts` part from requirement texts."""
    return Contracts(contracts=[Contract.of(*texts)], deal_sizes=[deal], **fields)


# -- the variant's own fields: a wrong type and an out-of-range value -------------------------------

ANY_BOOL = [1, None, "yes"]  # bools are not ints, and not optional
ANY_ENUM = ["rounds", None]

#: For every field of Variant: values of a wrong type, and values of the right type out of range.
FIELDS: dict[str, tuple[list[Any], list[Any]]] = {
    "name": ([5, None], ["", "two words"]),
    "version": ([1, None], ["", "  "]),
    "title": ([5, None], []),  # any text is a title
    "min_players": (["2", 2.0, None, True], [1, -1]),
    "max_players": (["6", 6.0, None], [1, 17]),
    "recommended_players": (["3-5", None, (3.0, 5.0), (3,)], [(1, 5), (5, 3)]),
    "deck": ([None, (2, 9), Scoring()], []),
    "melds": ([None, {"set_min": 3}, Deck()], []),
    "contracts": ([None, (Contract.of("set 3", "set 3"),) * 7, Deck()], []),
    "drawing": ([None, True], []),
    "layoffs": ([None, True, Swaps()], []),
    "swaps": ([None, SwapWho.ANYONE], []),
    "buying": ([None, True, False], []),
    "match": ([None, Schedule.LEVELS], []),
    "scoring": ([None, 50, LayOffs()], []),
    "references": ([None, 5, ["N16"], {"layoff.down": 16}], [{"layoff.nowhere": "N16"}, {"": "N16"}]),
    "legacy_fingerprints": ([[5], (None,)], []),
}

CASES = [
    pytest.param(field, value, id=f"{field}={value!r}"[:60])
    for field, (wrong, out_of_range) in FIELDS.items()
    for value in (*wrong, *out_of_range)
]


def test_every_field_is_covered() -> None:
    """A new field of Variant needs its wrong-type and out-of-range cases here."""
    assert {field.name for field in attrs.fields(Variant) if field.init} == set(FIELDS)
    for field, (wrong, _) in FIELDS.items():
        assert wrong, field


@pytest.mark.parametrize(("field", "value"), CASES)
def test_field_is_checked_when_built(field: str, value: Any) -> None:
    message = refused(NORWEGIAN, **{field: value})
    if field == "name":
        assert message.startswith("a variant needs a name without spaces")
    else:
        assert message.startswith("norwegian: ")
        assert field in message


@pytest.mark.parametrize(("field", "value"), [
    ("min_players", 3), ("max_players", 4), ("recommended_players", [2, 2]), ("title", "House"),
    ("version", "2b"), ("references", {}), ("legacy_fingerprints", ["0123456789abcdef"]),
])
def test_variant_values_at_the_bounds_are_accepted(field: str, value: Any) -> None:
    variant = attrs.evolve(NORWEGIAN, **{field: value})
    expected = {"recommended_players": (2, 2), "references": (),
                "legacy_fingerprints": frozenset({"0123456789abcdef"})}.get(field, value)
    assert getattr(variant, field) == expected


def test_a_part_of_the_wrong_kind_names_the_kind_wanted() -> None:
    assert refused(NORWEGIAN, buying=False) == "norwegian: buying must be a Buying value, got False"
    assert refused(NORWEGIAN, melds=Deck()).startswith("norwegian: melds must be a MeldRules value, got Deck(")


# -- every field of every part: a wrong type and an out-of-range value ------------------------------

#: For every field of every part: values of a wrong type, and values of the right type out of range.
PART_FIELDS: dict[type, dict[str, tuple[list[Any], list[Any]]]] = {
    Deck: {
        "packs": (["2", 2.0, None, True], [0, -1, 9, 10**6]),
        "jokers": (["9", 9.0, None, True], [-1, 65, 10**6]),
        "by_players": ([5, None, "5:3,6", {5: 3}, {5: "36"}, {"5": (3, 6)}, {True: (3, 6)}, {5: (3, 6, 1)}],
                       [{1: (3, 6)}, {17: (3, 6)}, {5: (0, 6)}, {5: (9, 6)}, {5: (3, 65)}, {5: (3, -1)},
                        [(5, (3, 6)), (5, (3, 6))]]),
        "dead_twos": (ANY_BOOL, []),
    },
    MeldRules: {
        "set_min": (["3", 3.0, None, True], [1, 0]),
        "set_max": (["4", 4.5, True], [2]),
        "set_distinct_suits": (ANY_BOOL, []),
        "run_min": (["4", 4.0, None], [1, 15]),
        "run_max": (["14", 14.0, None], [3, 15]),
        "ace_low": (ANY_BOOL, []),
        "ace_high": (ANY_BOOL, []),
        "run_wrap": (ANY_BOOL, []),
        "joker_cap": (["naturals", None], []),
        "twos": (["wild", None, True], []),
        "min_naturals": (["1", 1.0, None, True], [-1, 4]),
        "joker_cap_on_layoff": (ANY_BOOL, []),
        "distinct_suits_on_layoff": (ANY_BOOL, []),
    },
    Contracts: {
        "contracts": ([None, "3-3", (("set 3", "set 3"),) * 7], [()]),
        "deal_sizes": ([None, 10, (10.0,) * 7, ("10",) * 7], [(0,) * 7, (-1,) * 7, (10,) * 6, (10,) * 8]),
        "going_out": ([None, "discard-optional", (None,) * 7, (True,) * 7], [(GoingOut.ALL_IN,) * 6]),
        "exact_sizes": (ANY_BOOL, []),
        "piecemeal": (ANY_BOOL, []),
        "go_out_on_go_down_turn": (ANY_BOOL, []),
        "exceed_hand": (ANY_BOOL, []),
        "same_suit_run_gap": (["1", 1.0, None, True], [-1]),
        "distinct_set_ranks": (ANY_BOOL, []),
        "first_player_extra_card": (ANY_BOOL, []),
        "prefix_closed": (ANY_BOOL, []),
    },
    Drawing: {
        "down_players_take_discard": (ANY_BOOL, []),
        "rediscard_taken_card": (ANY_BOOL, []),
    },
    LayOffs: {
        "requires_down": (ANY_BOOL, []),
        "own_meld_delay": (["0", 1.0, None, True], [-1]),
        "on_go_down_turn": (ANY_BOOL, []),
    },
    Swaps: {
        "from_runs": (ANY_BOOL, []),
        "from_sets": (["never", None, True], []),
        "who": (["anyone", None, True], []),
        "from_own_melds": (ANY_BOOL, []),
        "on_go_down_turn": (ANY_BOOL, []),
        "twos": (ANY_BOOL, []),
        "joker_to_hand": (ANY_BOOL, []),
    },
    Buying: {
        "enabled": (ANY_BOOL, []),
        "timing": (["after-draw", None], []),
        "penalty": (["1", 1.0, None, True], [-1]),
        "limit": (["1", 1.5, True], [-1]),
        "discarder_may_buy": (ANY_BOOL, []),
        "down_players_may_buy": (ANY_BOOL, []),
    },
    Match: {
        "schedule": (ANY_ENUM, []),
        "advance": (["winner", None], []),
        "finisher_wins": (ANY_BOOL, []),
        "stock_rebuilds": (["2", 2.0, True], [-1]),
        "rebuild_at_once": (ANY_BOOL, []),
        "turn_limit": (["100", 10.0, True], [0, -5]),
    },
    Scoring: {
        "joker_points": (["50", 50.0, None, True], [10**6, -(10**6), 10_001]),
        "rank_points": ([None, "20,2,3", (20.0,) + (2,) * 12, ("20",) * 13, (None,) * 13, (True,) * 13],
                        [(1, 2, 3), (1,) * 14, (10**6,) * 13, (-10_001,) * 13]),
        "dead_two_points": (["5", 5.0, None, True], [10**6, -(10**6), 10_001]),
    },
}

PART_CASES = [
    pytest.param(part, field, value, id=f"{part.__name__}.{field}={value!r}"[:70])
    for part, table in PART_FIELDS.items()
    for field, (wrong, out_of_range) in table.items()
    for value in (*wrong, *out_of_range)
]


def test_every_part_and_part_field_is_covered() -> None:
    """A new part, or a new field of a part, needs its wrong-type and out-of-range cases here."""
    assert set(PART_FIELDS) == set(PARTS)
    assert {PARTS[part] for part in PARTS} == {
        field.name for field in attrs.fields(Variant) if field.init and field.name in set(PARTS.values())
    }
    for part, table in PART_FIELDS.items():
        assert {field.name for field in attrs.fields(part) if field.init} == set(table), part.__name__
        for field, (wrong, _) in table.items():
            assert wrong, (part.__name__, field)


@pytest.mark.parametrize(("part", "field", "value"), PART_CASES)
def test_part_field_is_checked_when_built(part: type, field: str, value: Any) -> None:
    message = part_refused(getattr(NORWEGIAN, PARTS[part]), **{field: value})
    assert message.startswith(f"{LABELS[part]}: ")
    assert field in message


@pytest.mark.parametrize(("part", "field", "value"), PART_CASES[::7])
def test_a_part_refused_on_its_own_is_refused_inside_a_variant_too(part: type, field: str, value: Any) -> None:
    """A part is built before the variant that holds it: the same sentence, naming the part."""
    alone = part_refused(getattr(NORWEGIAN, PARTS[part]), **{field: value})
    with pytest.raises(VariantError) as info:
        attrs.evolve(NORWEGIAN, **with_part(NORWEGIAN, PARTS[part], **{field: value}))
    assert str(info.value) == alone


@pytest.mark.parametrize(("part", "field", "value"), [
    (Deck, "packs", 8), (Deck, "jokers", 64), (Deck, "jokers", 0), (Deck, "by_players", {}),
    (Deck, "by_players", {2: (1, 0), 6: (3, 6)}),
    (MeldRules, "set_max", None), (MeldRules, "set_max", 5), (MeldRules, "run_min", 3), (MeldRules, "run_max", 13),
    (MeldRules, "min_naturals", 0), (MeldRules, "min_naturals", 3),
    (Contracts, "deal_sizes", [10] * 6 + [11]),
    (Contracts, "going_out", [GoingOut.DISCARD_OPTIONAL] * 6 + [GoingOut.ALL_IN]),
    (Contracts, "contracts", list(NORWEGIAN.contracts)), (Contracts, "same_suit_run_gap", 0),
    (Contracts, "same_suit_run_gap", 2),
    (LayOffs, "own_meld_delay", 2), (LayOffs, "own_meld_delay", 0),
    (Buying, "penalty", 0), (Buying, "limit", 0), (Buying, "limit", None), (Buying, "timing", BuyTiming.BEFORE_DRAW),
    (Match, "stock_rebuilds", 0), (Match, "stock_rebuilds", None), (Match, "turn_limit", None),
    (Match, "turn_limit", 1),
    (Scoring, "joker_points", 0), (Scoring, "joker_points", -5), (Scoring, "joker_points", 10_000),
    (Scoring, "joker_points", -10_000), (Scoring, "rank_points", (0,) * 13), (Scoring, "rank_points", (-10_000,) * 13),
])
def test_part_values_at_the_bounds_are_accepted(part: type, field: str, value: Any) -> None:
    variant = attrs.evolve(NORWEGIAN, name="bounds", **with_part(NORWEGIAN, PARTS[part], **{field: value}))
    expected = tuple(value) if isinstance(value, list) else value
    if field == "by_players":
        expected = tuple(sorted((players, row) for players, row in value.items()))
    assert getattr(getattr(variant, PARTS[part]), field) == expected


def test_every_part_but_the_contracts_has_defaults() -> None:
    for part in PARTS:
        if part is not Contracts:
            assert part() == part()
    with pytest.raises(TypeError):
        Contracts()  # type: ignore[call-arg]  # what is played cannot be guessed


def test_packs_zero_keeps_its_sentence() -> None:
    assert part_refused(NORWEGIAN.deck, packs=0) == "deck: packs: at least one pack is needed"
    assert part_refused(NORWEGIAN.deck, by_players={5: (0, 6)}) == "deck: by_players[5]: at least one pack is needed"


def test_deck_bounds_are_checked_before_the_deck_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """``packs=10**6`` once took 29 s and 1 GB: the bound must come before any card is made."""

    def no_deck(packs: int, jokers: int) -> tuple[remi.Card, ...]:
        raise AssertionError("the deck was built before its size was checked")

    monkeypatch.setattr(remi.parts, "full_deck", no_deck)
    began = time.perf_counter()
    assert "packs must be an integer from 1 to 8, got 1000000" in part_refused(NORWEGIAN.deck, packs=10**6)
    assert "jokers must be an integer from 0 to 64, got 1000000" in part_refused(NORWEGIAN.deck, jokers=10**6)
    assert "jokers must be an integer from 0 to 64, got 1000000" in part_refused(
        NORWEGIAN.deck, by_players={4: (2, 10**6)})
    monkeypatch.undo()  # a deck within the bounds is cheap; a huge deal is then refused at once
    assert "contracts.deal_sizes: dealing 1000000000 cards" in refused(
        NORWEGIAN, **with_part(NORWEGIAN, "contracts", deal_sizes=(10**9,) * 7))
    assert time.perf_counter() - began < 1.0


def test_deal_sizes_none_is_a_variant_error_not_a_type_error() -> None:
    assert part_refused(NORWEGIAN.contracts, deal_sizes=None).startswith("contracts: deal_sizes must be a sequence")
    with pytest.raises(VariantError, match="deal_sizes"):
        Contracts(contracts=[Contract.of("set 3")], deal_sizes=None)


def test_card_points_of_the_wrong_type_never_reach_a_game() -> None:
    """String, None and float points once crashed at the end of a deal."""
    for value in ("50", None, 50.0):
        assert "joker_points" in part_refused(NORWEGIAN.scoring, joker_points=value)
        assert "rank_points for 7" in part_refused(
            NORWEGIAN.scoring, rank_points=(20, 2, 3, 4, 5, 6, value, 8, 9, 10, 10, 10, 10))


def test_sequences_may_be_any_iterable() -> None:
    part = Contracts(contracts=list(NORWEGIAN.contracts), deal_sizes=iter([10] * 6 + [11]),
                     going_out=[GoingOut.DISCARD_OPTIONAL] * 6 + [GoingOut.ALL_IN])
    assert part == NORWEGIAN.contracts
    assert part.contracts == NORWEGIAN.contracts.contracts and part.deal_sizes == (10,) * 6 + (11,)
    assert Scoring(rank_points=list(NORWEGIAN.scoring.rank_points)) == NORWEGIAN.scoring
    assert Deck(by_players={5: [3, 6]}).by_players == ((5, (3, 6)),)
    variant = attrs.evolve(NORWEGIAN, name="lists", contracts=part, recommended_players=[3, 5],
                           references=dict(NORWEGIAN.references), legacy_fingerprints=["74dd975bdb75902f"])
    assert variant.recommended_players == (3, 5) and variant.references == NORWEGIAN.references
    assert variant.legacy_fingerprints == frozenset({"74dd975bdb75902f"})
    assert variant.fingerprint == NORWEGIAN.fingerprint


def test_meld_rules_need_an_ace() -> None:
    with pytest.raises(VariantError, match="ace_low and ace_high are both False"):
        MeldRules(ace_low=False, ace_high=False)
    assert "ace must be low, high or both" in part_refused(NORWEGIAN.melds, ace_low=False, ace_high=False)


# -- Deck.by_players -------------------------------------------------------------------------------

THREE_PACKS = Deck(packs=2, jokers=4, by_players={6: (3, 6), 5: (3, 6)})


def test_by_players_rows_are_looked_up_by_player_count() -> None:
    assert THREE_PACKS.by_players == ((5, (3, 6)), (6, (3, 6)))  # a mapping is kept sorted
    assert [THREE_PACKS.for_players(n) for n in range(2, 8)] == [(2, 4)] * 3 + [(3, 6)] * 2 + [(2, 4)]
    assert Deck(by_players=[(5, (3, 6))]).for_players(5) == (3, 6)  # pairs as well as a mapping
    assert Deck(packs=1, jokers=2).for_players(5) == (1, 2)  # no rows: packs and jokers for all


def test_variant_cards_follow_the_by_players_rows() -> None:
    variant = attrs.evolve(NORWEGIAN, name="three-packs", deck=THREE_PACKS)
    for players, (packs, jokers) in ((2, (2, 4)), (4, (2, 4)), (5, (3, 6)), (6, (3, 6))):
        cards = variant.cards(players)
        assert len(cards) == 52 * packs + jokers
        counts = Counter(cards)
        assert counts[remi.JOKER] == jokers
        assert all(counts[card] == packs for card in remi.NATURALS)
        assert list(cards) == sorted(cards)
    assert variant.cards(5) is variant.cards(5)  # built once, with the variant
    assert len(variant.cards(7)) == 108  # outside the player range: asked of the part
    assert "Deck (2-4 players): 2 x 52 cards + 4 jokers = 108 cards" in variant.summary()
    assert "Deck (5-6 players): 3 x 52 cards + 6 jokers = 162 cards" in variant.summary()
    game = remi.new_game(variant, players=5, seed=1)
    dealt = Counter(card for hand in game.hands for card in hand) + Counter(game.stock) + Counter(game.discard_pile)
    assert dealt == Counter(variant.cards(5))


def test_by_players_rows_change_what_the_deal_check_counts() -> None:
    """The deal must fit the deck of every player count: a small row for six players is refused."""
    assert refused(NORWEGIAN, deck=Deck(packs=2, jokers=9, by_players={6: (1, 0)})) == (
        "norwegian: contracts.deal_sizes: dealing 10 cards to 6 players needs 62 cards "
        "(with the upcard and a stock card), but the deck has 52"
    )
    # A bigger deck for six players lets a deal grow that two packs could not hold.
    big_deal = with_part(NORWEGIAN, "contracts", deal_sizes=(10,) * 6 + (19,))
    assert "dealing 19 cards to 6 players" in refused(NORWEGIAN, **big_deal)
    grown = attrs.evolve(NORWEGIAN, name="big-deal", deck=Deck(packs=2, jokers=9, by_players={6: (3, 9)}), **big_deal)
    assert len(grown.cards(6)) == 165
    # A row for a player count the variant does not seat is allowed and never used.
    assert len(attrs.evolve(NORWEGIAN, deck=Deck(packs=2, jokers=9, by_players={8: (1, 0)})).cards(6)) == 113


# -- Contracts.going_out ---------------------------------------------------------------------------


def test_going_out_may_be_one_rule_for_every_contract() -> None:
    one = Contracts(contracts=ENGLISH.contracts.contracts, deal_sizes=(10,) * 7, going_out=GoingOut.DISCARD_REQUIRED)
    each = Contracts(contracts=ENGLISH.contracts.contracts, deal_sizes=(10,) * 7,
                     going_out=[GoingOut.DISCARD_REQUIRED] * 7)
    assert one.going_out == each.going_out == (GoingOut.DISCARD_REQUIRED,) * 7
    assert one == each
    assert Contracts(contracts=ENGLISH.contracts.contracts, deal_sizes=(10,) * 7).going_out == (
        (GoingOut.DISCARD_OPTIONAL,) * 7)  # the default


def test_going_out_may_differ_per_contract() -> None:
    """N17/N18: a discard is optional in rounds 1-6, round 7 is all-in."""
    assert NORWEGIAN.contracts.going_out == (GoingOut.DISCARD_OPTIONAL,) * 6 + (GoingOut.ALL_IN,)
    mixed = with_part(ENGLISH, "contracts", going_out=[GoingOut.DISCARD_REQUIRED, GoingOut.DISCARD_OPTIONAL] * 3
                      + [GoingOut.DISCARD_REQUIRED])
    variant = attrs.evolve(ENGLISH, name="english-mixed", **mixed)
    assert variant.contracts.going_out[1] is GoingOut.DISCARD_OPTIONAL
    assert variant.fingerprint != ENGLISH.fingerprint
    level_2 = next(line for line in variant.summary().splitlines() if line.startswith("2 "))
    assert "going out: discard-optional" in level_2


def test_going_out_names_the_contract_at_fault() -> None:
    message = part_refused(NORWEGIAN.contracts, going_out=[GoingOut.ALL_IN] * 3 + ["all-in"] + [GoingOut.ALL_IN] * 3)
    assert message == "contracts: going_out: the entry 'all-in' for contract 4 must be a GoingOut member"
    assert part_refused(NORWEGIAN.contracts, going_out=[GoingOut.ALL_IN] * 8) == (
        "contracts: going_out has 8 entries for 7 contracts")


# -- references and RULE_KEYS ----------------------------------------------------------------------


def test_rule_keys_each_say_what_they_cite() -> None:
    assert RULE_KEYS
    for key, meaning in RULE_KEYS.items():
        assert "." in key and key == key.strip().lower()
        assert isinstance(meaning, str) and meaning


@pytest.mark.parametrize("name", remi.variants.names())
def test_built_in_references_use_rule_keys(name: str) -> None:
    """Every built-in variant's refusals cite its own clauses only (``S…`` in Shanghai and its house
    configuration, ``M…`` in May I?, ...), each under a rule key."""
    variant = remi.variants.get(name)
    assert variant.references
    assert {key for key, _ in variant.references} <= set(RULE_KEYS)
    prefix = name[0].upper()
    for key, label in variant.references:
        assert label.startswith(prefix) and label[1:].isdigit()
        assert variant.cite(key) == f" ({label})"


def test_cite_is_empty_for_a_rule_the_variant_does_not_cite() -> None:
    assert NORWEGIAN.cite("layoff.down") == " (N16)"
    assert NORWEGIAN.cite("layoff.quota") == ""  # a rule Norwegian Remi does not have
    assert ENGLISH.cite("layoff.quota") == " (E12)"
    bare = attrs.evolve(NORWEGIAN, name="bare", references={})
    assert bare.cite("layoff.down") == "" and bare.references == ()


def test_references_are_checked_against_rule_keys() -> None:
    message = refused(NORWEGIAN, references={"layoff.down": "N16", "layoff.downn": "N16"})
    assert message.startswith("norwegian: references: 'layoff.downn' is not a rule name (known: buy.discarder, ")
    assert all(key in message for key in RULE_KEYS)
    assert refused(NORWEGIAN, references={"layoff.down": 16}) == (
        "norwegian: references must map rule names to clause labels (text), got (('layoff.down', 16),)")
    custom = attrs.evolve(NORWEGIAN, name="custom", references={"layoff.down": "house rule 3"})
    assert custom.references == (("layoff.down", "house rule 3"),)
    assert custom.cite("layoff.down") == " (house rule 3)"


# -- rules that can never work ----------------------------------------------------------------------


def test_N18_round_seven_goes_out_all_in_or_needs_exceed_hand() -> None:
    """All-in (N18) is what lets 4-4-4 fill a hand of 12; a discard after it needs a 13th card from a buy."""
    required = with_part(NORWEGIAN, "contracts", going_out=GoingOut.DISCARD_REQUIRED)
    assert refused(NORWEGIAN, **required) == (
        "norwegian: round 6 (3-4-4) needs 11 cards and a card left after it but a hand holds 11 "
        "(set contracts.exceed_hand to reach it by buying)"
    )
    house = attrs.evolve(NORWEGIAN, name="norwegian-discard",
                         **with_part(NORWEGIAN, "contracts", going_out=GoingOut.DISCARD_REQUIRED, exceed_hand=True))
    assert house.contracts.going_out == (GoingOut.DISCARD_REQUIRED,) * 7
    message = refused(ENGLISH, **with_part(ENGLISH, "contracts", going_out=[GoingOut.DISCARD_REQUIRED] * 2
                                           + [GoingOut.ALL_IN] + [GoingOut.DISCARD_REQUIRED] * 4))
    assert message == (
        "english: level 3 (two runs of 4) is all-in, but its melds hold at most 8 cards and a hand holds 11: "
        "nobody could ever lay down the whole hand"
    )


def test_E13_contract_that_fills_the_hand_needs_buying_when_a_discard_is_required() -> None:
    base = Variant(name="tight", contracts=contracts("set 3", "set 3", deal=6,
                                                     going_out=GoingOut.DISCARD_REQUIRED))  # 6 + 1 = 3 + 3 + discard
    assert refused(base, **with_part(base, "contracts", deal_sizes=[5])) == (
        "tight: round 1 (set 3 + set 3) needs 6 cards and a final discard, but a hand holds 6 "
        "(and cannot grow without buying): nobody could ever go down"
    )
    grown = with_part(base, "contracts", deal_sizes=[5], exceed_hand=True)
    assert attrs.evolve(base, buying=Buying(enabled=True), **grown).buying.enabled  # a buy adds two cards
    assert "cannot grow without buying" in refused(base, buying=Buying(enabled=True, limit=0), **grown)
    assert "cannot grow without buying" in refused(base, buying=Buying(enabled=False), **grown)
    optional = with_part(base, "contracts", deal_sizes=[5], going_out=GoingOut.DISCARD_OPTIONAL)
    assert attrs.evolve(base, **optional).contracts.deal_sizes == (5,)


def test_exceed_hand_contract_needs_the_flag_and_buying_that_reaches_it() -> None:
    """A contract needing more than the deal plus one is refused unless exceed_hand and buying reach it."""
    three_runs = Variant(name="big", contracts=contracts("run 4", "run 4", "run 4", deal=11),
                         buying=Buying(enabled=True))  # 11 + 1 = 4 + 4 + 4
    assert refused(three_runs, contracts=contracts("run 4", "run 4", "run 4", deal=9)) == (
        "big: round 1 (run 4 + run 4 + run 4) needs 12 cards but a hand holds 10 "
        "(set contracts.exceed_hand to reach it by buying)"
    )
    reached = attrs.evolve(three_runs, contracts=contracts("run 4", "run 4", "run 4", deal=9, exceed_hand=True))
    assert reached.contracts.exceed_hand
    exceeding = contracts("run 4", "run 4", "run 4", deal=9, exceed_hand=True)
    assert refused(three_runs, contracts=exceeding, buying=Buying(enabled=False)) == (
        "big: round 1 (run 4 + run 4 + run 4) needs 12 cards, but a hand holds 10 "
        "(and cannot grow without buying): nobody could ever go down"
    )
    # A limited number of buys must reach it: one buy with no penalty adds a card, with one a card more.
    assert refused(three_runs, contracts=exceeding, buying=Buying(enabled=True, limit=1, penalty=0)) == (
        "big: round 1 (run 4 + run 4 + run 4) needs 12 cards, but a hand holds at most 11 even after 1 buy"
    )
    one_buy = Buying(enabled=True, limit=1, penalty=1)
    assert attrs.evolve(three_runs, contracts=exceeding, buying=one_buy).buying.limit == 1
    # A contract that fits the deal plus one needs neither.
    assert Variant(name="fits", contracts=contracts("run 4", "run 4", "run 4", deal=11)).contracts.deal_sizes == (11,)
    assert not three_runs.contracts.exceed_hand


def test_going_out_on_the_go_down_turn_forbidden_keeps_a_card_in_hand() -> None:
    """Without going out on the go-down turn, a contract must leave a card: 4-4-4 no longer fits 11 + 1."""
    assert refused(Variant(name="fit", contracts=contracts("run 4", "run 4", "run 4", deal=11)),
                   contracts=contracts("run 4", "run 4", "run 4", deal=11, go_out_on_go_down_turn=False)) == (
        "fit: round 1 (run 4 + run 4 + run 4) needs 12 cards and a card left in hand, but a hand holds 12 "
        "(and cannot grow without buying): nobody could ever go down"
    )


@pytest.mark.parametrize(("schedule", "kind"), [(Schedule.ROUNDS, "round"), (Schedule.LEVELS, "level")])
def test_N18_all_in_contract_that_may_not_go_out_on_the_go_down_turn_is_refused(schedule: Schedule, kind: str) -> None:
    """All-in means going down is going out (N18): forbidding that refuses every lay-down of the contract."""
    all_in = Variant(name="all-in", match=Match(schedule=schedule),
                     contracts=contracts("set 3", "set 3", going_out=GoingOut.ALL_IN))
    assert refused(all_in, contracts=contracts("set 3", "set 3", going_out=GoingOut.ALL_IN,
                                               go_out_on_go_down_turn=False)) == (
        f"all-in: {kind} 1 (set 3 + set 3) is all-in (going down is going out), but "
        f"contracts.go_out_on_go_down_turn is False: nobody could ever go down in that {kind}"
    )


def test_N18_all_in_round_whose_melds_cannot_hold_a_hand_is_refused() -> None:
    one_run = Variant(name="one-run", contracts=contracts("run 4", deal=13, going_out=GoingOut.ALL_IN))
    assert refused(one_run, contracts=contracts("run 4", deal=14, going_out=GoingOut.ALL_IN)) == (
        "one-run: round 1 (run 4) is all-in, but its melds hold at most 14 cards and a hand holds 15: "
        "nobody could ever lay down the whole hand"
    )
    assert "at most 13 cards and a hand holds 14" in refused(one_run, melds=MeldRules(ace_high=False))
    # Exact sizes: the hand must be exactly the contract.
    assert "at most 12 cards and a hand holds 13" in refused(
        NORWEGIAN, **with_part(NORWEGIAN, "contracts", exact_sizes=True, deal_sizes=(10,) * 6 + (12,)))
    exact = attrs.evolve(NORWEGIAN, name="norwegian-exact", **with_part(NORWEGIAN, "contracts", exact_sizes=True))
    assert exact.contracts.exact_sizes  # 11 + 1 = 4 + 4 + 4
    # Where lay-offs may come before going down, a hand can shrink to fit.
    shrinking = attrs.evolve(one_run, contracts=contracts("run 4", deal=14, going_out=GoingOut.ALL_IN),
                             layoffs=LayOffs(requires_down=False))
    assert shrinking.contracts.deal_sizes == (14,)


def test_run_longer_than_the_aces_allow_is_refused() -> None:
    long_runs = with_part(NORWEGIAN, "contracts", contracts=(Contract.of("run 14"),) * 7, deal_sizes=(13,) * 7,
                          going_out=GoingOut.DISCARD_OPTIONAL)
    assert refused(NORWEGIAN, melds=MeldRules(ace_high=False), **long_runs) == (
        "norwegian: contract 1 (run 14) asks for a run 14, but under these rules no run can hold more than 13 cards"
    )
    wrap = attrs.evolve(NORWEGIAN, name="wrap", melds=MeldRules(run_wrap=True, ace_high=False), **long_runs)
    assert wrap.melds.run_wrap  # round the corner, fourteen cards fit


def test_set_bigger_than_the_deck_allows_is_refused() -> None:
    groups = Variant(name="groups", deck=Deck(jokers=1), melds=MeldRules(set_distinct_suits=True),
                     contracts=contracts("set 5"))
    assert groups.deck.jokers == 1  # four suits and a joker
    assert refused(groups, deck=Deck(jokers=0)) == (
        "groups: contract 1 (set 5) asks for a set 5, but under these rules no set can hold more than 4 cards"
    )
    # Two packs hold 8 of a rank; with the joker cap, 8 jokers more at most.
    capped = Variant(name="capped", deck=Deck(jokers=9), max_players=3, contracts=contracts("set 16", deal=15))
    assert "no set can hold more than 16 cards" in refused(capped, contracts=contracts("set 17", deal=16))
    assert "no set can hold more than 8 cards" in refused(capped, deck=Deck(packs=1, jokers=9))
    uncapped = attrs.evolve(capped, melds=MeldRules(joker_cap=JokerCap.NONE), contracts=contracts("set 17", deal=16))
    assert uncapped.deck.jokers == 9


def test_deal_bigger_than_the_deck_is_refused() -> None:
    assert refused(NORWEGIAN, **with_part(NORWEGIAN, "contracts", deal_sizes=(19,) * 7)) == (
        "norwegian: contracts.deal_sizes: dealing 19 cards to 6 players needs 116 cards (with the upcard and a stock "
        "card), but the deck has 113"
    )


def test_first_player_extra_card_is_counted_in_the_deal() -> None:
    """One pack and two jokers deal 13 to four players with an upcard and a stock card, but not a card more."""
    one_pack = Variant(name="one-pack", deck=Deck(packs=1, jokers=2), max_players=4,
                       contracts=contracts("set 3", "set 3", deal=13))
    assert "needs 55 cards" in refused(one_pack, contracts=contracts("set 3", "set 3", deal=13,
                                                                     first_player_extra_card=True))


def test_match_refuses_levels_rules_in_fixed_rounds() -> None:
    expected = "norwegian: match: advance and finisher_wins apply to a levels match, not to fixed rounds"
    assert refused(NORWEGIAN, **with_part(NORWEGIAN, "match", advance=Advance.WENT_DOWN)) == expected
    assert refused(NORWEGIAN, **with_part(NORWEGIAN, "match", finisher_wins=True)) == expected
    levels = attrs.evolve(NORWEGIAN, name="norwegian-levels",
                          match=Match(schedule=Schedule.LEVELS, advance=Advance.WENT_DOWN, finisher_wins=True))
    assert levels.match.advance is Advance.WENT_DOWN and levels.match.finisher_wins
    english = attrs.evolve(ENGLISH, **with_part(ENGLISH, "match", advance=Advance.WENT_DOWN, finisher_wins=True))
    assert english.match.finisher_wins


# -- hooks are called when the variant is built -----------------------------------------------------


@attrs.frozen(kw_only=True)
class NegativeQuota(EnglishLayOffs):
    def quota(self, level: int) -> int | None:
        return -1 if level == 4 else 1


@attrs.frozen(kw_only=True)
class TextQuota(EnglishLayOffs):
    def quota(self, level: int) -> int | None:
        return "2"  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class BoolQuota(EnglishLayOffs):
    def quota(self, level: int) -> int | None:
        return True


@attrs.frozen(kw_only=True)
class FailingQuota(EnglishLayOffs):
    def quota(self, level: int) -> int | None:
        return (3, 2)[level]


@attrs.frozen(kw_only=True)
class FloatScore(EnglishScoring):
    def winner_score(self, wins: int) -> int:
        return -10.5 * wins  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class FailingScore(EnglishScoring):
    def winner_score(self, wins: int) -> int:
        raise ValueError(f"no score for {wins} wins")


@attrs.frozen(kw_only=True)
class TextPoints(EnglishScoring):
    def card_points(self, card: remi.Card) -> int:
        return str(super().card_points(card))  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class HugePoints(EnglishScoring):
    def card_points(self, card: remi.Card) -> int:
        return 10**6 if card.rank is None else 1


@attrs.frozen(kw_only=True)
class FailingPoints(EnglishScoring):
    def card_points(self, card: remi.Card) -> int:
        return 1 // 0


def rebuilt(part: Any, cls: type) -> Any:
    """``part``'s fields in a subclass ``cls`` of its class."""
    return cls(**attrs.asdict(part, recurse=False))


@pytest.mark.parametrize(("cls", "expected"), [
    (NegativeQuota, "english: layoffs.quota(4) must return an integer from 0 to 1000 or None, got -1"),
    (TextQuota, "english: layoffs.quota(0) must return an integer from 0 to 1000 or None, got '2'"),
    (BoolQuota, "english: layoffs.quota(0) must return an integer from 0 to 1000 or None, got True"),
    (FailingQuota, "english: layoffs.quota(2) failed: IndexError: tuple index out of range"),
    (FloatScore, "english: scoring.winner_score(1) must return an integer from -1000000 to 1000000, got -10.5"),
    (FailingScore, "english: scoring.winner_score(1) failed: ValueError: no score for 1 wins"),
    (TextPoints, "english: scoring.card_points(AS) must return an integer from -10000 to 10000, got '1'"),
    (HugePoints, "english: scoring.card_points(JK) must return an integer from -10000 to 10000, got 1000000"),
    (FailingPoints, "english: scoring.card_points(AS) failed: ZeroDivisionError: integer division or modulo by zero"),
])
def test_E12_E15_hook_results_are_checked_when_built(cls: type, expected: str) -> None:
    field = "layoffs" if issubclass(cls, LayOffs) else "scoring"
    with pytest.raises(VariantError) as info:
        attrs.evolve(ENGLISH, **{field: rebuilt(getattr(ENGLISH, field), cls)})
    assert info.value.reason is Reason.BAD_VARIANT
    assert str(info.value) == expected
    if "failed" in expected:
        assert info.value.__cause__ is not None  # the hook's own error is kept


@attrs.frozen(kw_only=True)
class AskOnTurn(Buying):
    def order(self, players: int, on_turn: int) -> tuple[int, ...]:
        return tuple(range(players))


@attrs.frozen(kw_only=True)
class AskTwice(Buying):
    def order(self, players: int, on_turn: int) -> tuple[int, ...]:
        return ((on_turn + 1) % players,) * 2


@attrs.frozen(kw_only=True)
class AskNobodyThere(Buying):
    def order(self, players: int, on_turn: int) -> tuple[int, ...]:
        return ((on_turn + 1) % players, players)


@attrs.frozen(kw_only=True)
class AskInText(Buying):
    def order(self, players: int, on_turn: int) -> tuple[int, ...]:
        return "12"  # type: ignore[return-value]


@attrs.frozen(kw_only=True)
class AskBool(Buying):
    def order(self, players: int, on_turn: int) -> tuple[int, ...]:
        return (True,) if on_turn == 0 else ()


@attrs.frozen(kw_only=True)
class AskBroken(Buying):
    def order(self, players: int, on_turn: int) -> tuple[int, ...]:
        raise RuntimeError("no order")


@pytest.mark.parametrize(("cls", "expected"), [
    (AskOnTurn, "norwegian: buying.order(2, 0) must return other seats, each once, got (0, 1)"),
    (AskTwice, "norwegian: buying.order(2, 0) must return other seats, each once, got (1, 1)"),
    (AskNobodyThere, "norwegian: buying.order(2, 0) must return other seats, each once, got (1, 2)"),
    (AskInText, "norwegian: buying.order(2, 0) must return other seats, each once, got '12'"),
    (AskBool, "norwegian: buying.order(2, 0) must return other seats, each once, got (True,)"),
    (AskBroken, "norwegian: buying.order(2, 0) failed: RuntimeError: no order"),
])
def test_N14_buy_order_hook_is_checked_when_built(cls: type, expected: str) -> None:
    """Every seat count and seat on turn is asked when the variant is built, never during a game."""
    assert refused(NORWEGIAN, buying=rebuilt(NORWEGIAN.buying, cls)) == expected


@attrs.frozen(kw_only=True)
class Counterclockwise(Buying):
    def order(self, players: int, on_turn: int) -> tuple[int, ...]:
        return tuple((on_turn - step) % players for step in range(1, players))


@attrs.frozen(kw_only=True)
class LeftOnly(Buying):
    def order(self, players: int, on_turn: int) -> tuple[int, ...]:
        return ((on_turn + 1) % players,)


def test_N14_buy_order_hook_answers_for_every_seat() -> None:
    assert [NORWEGIAN.buy_order(4, seat) for seat in range(4)] == [(1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 1, 2)]
    reverse = attrs.evolve(NORWEGIAN, name="reverse", buying=rebuilt(NORWEGIAN.buying, Counterclockwise))
    assert reverse.buy_order(4, 0) == (3, 2, 1) and reverse.buy_order(5, 2) == (1, 0, 4, 3)
    left = attrs.evolve(NORWEGIAN, name="left", buying=rebuilt(NORWEGIAN.buying, LeftOnly))
    assert [left.buy_order(3, seat) for seat in range(3)] == [(1,), (2,), (0,)]  # may skip seats
    assert left.fingerprint != NORWEGIAN.fingerprint != reverse.fingerprint


# -- nothing reasonable is refused --------------------------------------------------------------------

HOUSE_RULES: dict[str, tuple[Variant, str, dict[str, Any]]] = {
    "norwegian-no-buy": (NORWEGIAN, "buying", {"enabled": False}),
    "norwegian-buy-first": (NORWEGIAN, "buying", {"timing": BuyTiming.BEFORE_DRAW}),
    "norwegian-ace-high-only": (NORWEGIAN, "melds", {"ace_low": False}),
    "norwegian-ace-low-only": (NORWEGIAN, "melds", {"ace_high": False}),
    "norwegian-wrap": (NORWEGIAN, "melds", {"run_wrap": True}),
    "norwegian-no-jokers": (NORWEGIAN, "deck", {"jokers": 0}),
    "norwegian-wild": (NORWEGIAN, "melds", {"joker_cap": JokerCap.NONE, "joker_cap_on_layoff": False}),
    "norwegian-one-buy": (NORWEGIAN, "buying", {"limit": 1, "penalty": 2}),
    "norwegian-three-packs": (NORWEGIAN, "deck", {"packs": 3, "jokers": 12}),
    "norwegian-levels": (NORWEGIAN, "match", {"schedule": Schedule.LEVELS}),
    "norwegian-down-swaps": (NORWEGIAN, "swaps", {"who": SwapWho.DOWN, "on_go_down_turn": False}),
    "norwegian-stock-only": (NORWEGIAN, "drawing", {"down_players_take_discard": False}),
    "norwegian-run-gap": (NORWEGIAN, "contracts", {"same_suit_run_gap": 1, "distinct_set_ranks": True}),
    "english-buying": (ENGLISH, "buying", {"enabled": True, "limit": 3}),
    "english-capped": (ENGLISH, "melds", {"joker_cap": JokerCap.NATURALS, "set_max": 5}),
    "english-no-group-swap": (ENGLISH, "swaps", {"from_sets": SetSwap.NEVER}),
    "english-optional-discard": (ENGLISH, "contracts", {"going_out": GoingOut.DISCARD_OPTIONAL}),
    "english-no-early-layoffs": (ENGLISH, "layoffs", {"requires_down": True, "on_go_down_turn": False}),
    "english-finisher-wins": (ENGLISH, "match", {"finisher_wins": True, "advance": Advance.WENT_DOWN}),
}


@pytest.mark.parametrize("name", sorted(HOUSE_RULES))
def test_reasonable_house_rules_are_accepted(name: str) -> None:
    base, part, changes = HOUSE_RULES[name]
    variant = attrs.evolve(base, name=name, **with_part(base, part, **changes))
    assert variant.name == name
    assert type(getattr(variant, part)) is type(getattr(base, part))  # a hook subclass survives evolve
    for field, value in changes.items():
        expected = (value,) * len(base.contracts) if isinstance(value, GoingOut) else value
        assert getattr(getattr(variant, part), field) == expected


def test_a_house_rule_keeps_the_hooks_of_the_parts_it_does_not_touch() -> None:
    house = attrs.evolve(ENGLISH, name="english-five-jokers", deck=Deck(packs=2, jokers=5))
    assert type(house.layoffs) is EnglishLayOffs and type(house.scoring) is EnglishScoring
    assert [house.layoff_quota(level) for level in range(7)] == [3, 2, 2, 2, 1, 0, 0]
    assert house.winner_score(7) == -100


def parameters(variant: Variant) -> dict[str, Any]:
    return {field.name: getattr(variant, field.name) for field in attrs.fields(type(variant)) if field.init}


def test_built_ins_are_accepted_as_built() -> None:
    for name in ("norwegian", "english"):
        variant = remi.variants.get(name)
        assert type(variant) is Variant
        assert attrs.evolve(variant) == variant
        assert Variant(**parameters(variant)) == variant
        for part in PARTS.values():
            value = getattr(variant, part)
            assert attrs.evolve(value) == value


# -- hooks and fields that failed raw or were accepted when they should not be --------------------------------



# Variant._validate_contract returns early for an ALL_IN contract: the hand-size / exceed_hand / buying check
#    never runs, so an all-in contract bigger than the hand is accepted even with no buying at all (remi 0.2 refused
#    `deal_sizes=(10,) * 7`: "needs 12 cards but a hand holds 11").
def test_N18_all_in_contract_bigger_than_a_hand_is_refused() -> None:
    with pytest.raises(VariantError, match="needs 12 cards"):
        attrs.evolve(NORWEGIAN, buying=Buying(), contracts=attrs.evolve(NORWEGIAN.contracts, deal_sizes=(10,) * 7))
    with pytest.raises(VariantError, match="needs 12 cards"):
        Variant(name="x", contracts=Contracts(contracts=[Contract.of("run 4", "run 4", "run 4")], deal_sizes=[5],
                                              going_out=GoingOut.ALL_IN))


# legacy_fingerprints' converter calls frozenset() on anything: a TypeError instead of a VariantError.
@pytest.mark.parametrize("value", [5, None])
def test_legacy_fingerprints_of_the_wrong_type_is_a_variant_error(value: object) -> None:
    with pytest.raises(VariantError, match="legacy_fingerprints"):
        attrs.evolve(NORWEGIAN, legacy_fingerprints=value)  # type: ignore[arg-type]


# Deck.for_players is a hook but is not called through Variant._hook: whatever it raises (or a wrong shape it
#    returns) escapes the Variant constructor raw.
@attrs.frozen(kw_only=True)
class _BrokenDeck(Deck):
    def for_players(self, players: int) -> tuple[int, int]:
        raise ValueError("no deck")


@attrs.frozen(kw_only=True)
class _ThreeValues(Deck):
    def for_players(self, players: int) -> tuple[int, int]:
        return (2, 9, 1)  # type: ignore[return-value]


@pytest.mark.parametrize("cls", [_BrokenDeck, _ThreeValues])
def test_a_failing_deck_hook_is_a_variant_error(cls: type[Deck]) -> None:
    with pytest.raises(VariantError, match=r"deck\.for_players"):
        attrs.evolve(NORWEGIAN, deck=cls(packs=2, jokers=9))


# Match.winners is called raw by Variant.match_winners (GameState.winners): an exception during a game.
@attrs.frozen(kw_only=True)
class _BrokenWinners(Match):
    def winners(self, scores: tuple[int, ...], finishers: tuple[int, ...]) -> tuple[int, ...]:
        raise ValueError("no winners")


def test_a_failing_winners_hook_is_a_variant_error() -> None:
    """Probed when the variant is built (remi 0.3), not first met when the match is over."""
    one_round = attrs.evolve(NORWEGIAN.contracts, contracts=NORWEGIAN.contracts.contracts[:1], deal_sizes=(10,),
                             going_out=GoingOut.DISCARD_OPTIONAL)
    with pytest.raises(VariantError, match=r"match\.winners\(.*\) failed: ValueError: no winners"):
        attrs.evolve(NORWEGIAN, name="x", match=_BrokenWinners(), contracts=one_round)


# Contracts.melds_problem is called raw by _rules (check/apply of a LayDown): an exception mid-game; its result is
#    not checked to be None or text either.
@attrs.frozen(kw_only=True)
class _BrokenConstraint(Contracts):
    def melds_problem(self, level: int, melds: object, rules: object) -> str | None:
        raise ValueError("no melds")


def test_a_failing_contract_constraint_hook_is_a_variant_error() -> None:
    """Probed when the variant is built (remi 0.3), on melds that fulfil each contract, not first met in play."""
    c = NORWEGIAN.contracts
    with pytest.raises(VariantError, match=r"contracts\.melds_problem\(0, \[set .*\) failed: ValueError: no melds"):
        attrs.evolve(NORWEGIAN, name="x", contracts=_BrokenConstraint(
            contracts=c.contracts, deal_sizes=c.deal_sizes, going_out=c.going_out))


# Deck.by_players given as pairs is kept in the order given (a mapping is sorted): the same rows in another
#    order make a deck that is not equal, and a variant with another fingerprint.
def test_by_players_rows_in_any_order_are_the_same_deck() -> None:
    a = Deck(packs=2, jokers=9, by_players=[(5, (3, 9)), (6, (3, 9))])
    b = Deck(packs=2, jokers=9, by_players=[(6, (3, 9)), (5, (3, 9))])
    assert a == b
    assert attrs.evolve(NORWEGIAN, deck=a).fingerprint == attrs.evolve(NORWEGIAN, deck=b).fingerprint


# Deck refusals for a bad top-level `jokers` say "deck: packs: jokers must be ..." (the where-label is
#    "packs" for both fields).
def test_a_bad_jokers_count_is_not_blamed_on_packs() -> None:
    with pytest.raises(VariantError) as info:
        Deck(jokers=65)
    assert str(info.value) == "deck: jokers must be an integer from 0 to 64, got 65"
