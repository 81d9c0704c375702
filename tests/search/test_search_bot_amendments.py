"""Tests for remi.search_bot: where the search bot amends its policy's choice before searching.

Before its seat is down it does not hand an opponent who is down a free
lay-off with its discard (N16) and keeps the spare cards that could share a
meld with others of its hand; it lays a piecemeal contract (E8) down whole,
not one meld at a time; it passes a buy out of turn its policy would make
(N14). It keeps a card close to fitting the table, and once down takes one
from the pile, throws the card furthest from fitting first, and lays a card
off where the rest of its hand fits best (E12, E13).
"""

from __future__ import annotations

import remi
from remi import MeldKind, TableMeld
from remi.actions import BUY, DRAW, PASS, TAKE, Discard, LayDown, LayOff, parse_action
from remi.bots import GreedyBot
from remi.search_bot import FAR, SearchBot, _down_discards, cards_short, racing_to_go_down

#: Seat 0 holds two pairs towards its two sets; the rest is spare, the king worth most.
HAND_WITH_A_SPARE_KING = "5C 5D 9S 9D 4C 6H KC 3D 8C 7S"
#: A hand of seat 1 that melds nothing.
OTHER = "2H 3H 4H 5S 7C 9D JC QD 10H AS"
#: Seat 1 is down with two sets, kings and queens: a king discarded is a king it lays off (N16).
DOWN_WITH_KINGS = (TableMeld(MeldKind.SET, "KS KH KD", owner=1), TableMeld(MeldKind.SET, "QS QH QD", owner=1))


#: A hand of seat 1 in English that melds nothing.
ENGLISH_OTHER = "2S 3H 8D 8C 10S JH QD KC 6S 7H"
#: Seat 0 is down in English game 1 (a run of clubs and a group of kings); seat 1 has laid a run of hearts (E8).
ENGLISH_DOWN = (TableMeld(MeldKind.RUN, "4C 5C 6C 7C", owner=0), TableMeld(MeldKind.SET, "KS KH KD", owner=0),
                TableMeld(MeldKind.RUN, "4H 5H 6H 7H", owner=1))


def _drawn(game: remi.GameState) -> remi.GameState:
    """``game`` after the seat on turn draws from the stock, nobody buying the upcard (N14)."""
    game = game.apply(DRAW)
    while game.phase is remi.Phase.BUY:
        game = game.apply(PASS)
    return game


def _choice(bot: SearchBot, game: remi.GameState) -> object:
    """What ``bot`` plays for the seat to act."""
    seat = game.to_act
    assert seat is not None
    return bot.choose(game.view(seat), game.legal_actions())


def test_N16_the_search_bot_keeps_a_card_an_opponent_who_is_down_would_lay_off() -> None:
    game = remi.new_game("norwegian", players=2, seed=1, dealer=1, hands=[HAND_WITH_A_SPARE_KING, "2H 3H 4H 5S"],
                         stock="3H", discard_pile="10C", table=DOWN_WITH_KINGS)
    game = _drawn(game)
    view, legal = game.view(0), game.legal_actions()
    king = Discard(remi.parse_cards("KC")[0])
    assert GreedyBot().choose(view, legal) == king  # the greedy bot throws the king, its highest spare card
    # a budget of one rollout: the amended choice stands unless a challenger does better in both worlds it meets
    choice = _choice(SearchBot(3, policy=GreedyBot, iterations=1), game)
    assert choice != king
    # the highest card that feeds nobody and pairs with nothing in the hand
    assert choice == Discard(remi.parse_cards("8C")[0])


def test_the_search_bot_keeps_a_spare_card_that_could_share_a_meld() -> None:
    # four kings and a pair of fives: the fourth king is spare to the plan, but it goes down with the kings
    game = remi.new_game("norwegian", players=2, seed=1, dealer=1, hands=["KC KD KS KH 5C 5D 3D 4C 6H 8S", OTHER],
                         stock="9C", discard_pile="10C")
    game = _drawn(game)
    assert GreedyBot().choose(game.view(0), game.legal_actions()) == Discard(remi.parse_cards("KC")[0])
    assert _choice(SearchBot(3, policy=GreedyBot, iterations=1), game) == Discard(remi.parse_cards("9C")[0])


def test_N16_a_discard_that_fits_nothing_is_left_as_the_policy_chose_it() -> None:
    game = remi.new_game("norwegian", players=2, seed=1, dealer=1, hands=[HAND_WITH_A_SPARE_KING, "2H 3H 4H 5S"],
                         stock="3H", discard_pile="10C")
    game = _drawn(game)  # nobody is down: the king feeds nobody
    assert _choice(SearchBot(3, policy=GreedyBot, iterations=1), game) == Discard(remi.parse_cards("KC")[0])


def test_E8_the_search_bot_lays_its_contract_down_whole_not_one_meld_early() -> None:
    game = remi.new_game("english", players=2, seed=1, dealer=1,
                         hands=["4H 5H 6H 7H 9C KD 8D QC 10S 3C", "3S 4S 6D 7D 9D JD JS 5C 6C 8H"],
                         stock="AS", discard_pile="10D")
    game = _drawn(game)
    greedy = GreedyBot().choose(game.view(0), game.legal_actions())
    assert isinstance(greedy, LayDown) and len(greedy.melds) == 1  # the greedy bot lays the run alone
    assert isinstance(_choice(SearchBot(3, policy=GreedyBot, iterations=1), game), Discard)


def test_N14_the_search_bot_passes_a_buy_the_greedy_bot_would_make() -> None:
    # seat 0 draws from the stock over the king of hearts; seat 1, holding two kings, is offered it (N14)
    game = remi.new_game("norwegian", players=2, seed=1, dealer=1, hands=["5C 5D 9S 9D 4C 6H 3D 8C 7S JD",
                         "KS KD 2H 3H 4H 5S 7C 9D JC QD"], stock="10C 3C", discard_pile="KH")
    game = game.apply(DRAW)
    assert game.phase is remi.Phase.BUY and game.to_act == 1
    view, legal = game.view(1), game.legal_actions()
    assert GreedyBot().choose(view, legal) == BUY  # the king brings its set closer: the greedy bot buys
    # a budget of one rollout: the amended choice (pass) stands unless buying does better in both worlds it meets
    assert SearchBot(3, policy=GreedyBot, iterations=1).choose(view, legal) == PASS


def _english_down(hand: str) -> remi.GameState:
    """Seat 0, down in English game 1 (:data:`ENGLISH_DOWN`), holding ``hand`` after drawing the 2 of diamonds."""
    game = remi.new_game("english", players=2, seed=1, dealer=1, hands=[hand, ENGLISH_OTHER], stock="2D",
                         discard_pile="AD", table=ENGLISH_DOWN)
    return game.apply(DRAW)


def test_E13_once_down_the_search_bot_throws_a_card_no_meld_will_take_before_a_lower_one() -> None:
    # going out takes the whole quota of lay-offs (E12, E13): the queen of clubs is four ranks past the clubs' run
    game = _english_down("QC 9H 3S")
    view, legal = game.view(0), game.legal_actions()
    assert GreedyBot().choose(view, legal) == Discard(remi.parse_cards("3S")[0])  # it keeps any club, however far
    assert [cards_short(view, card) for card in remi.parse_cards("QC 9H 3S 2D")] == [FAR, 1, FAR, FAR]
    # a budget of one rollout: the amended choice stands unless a challenger does better in both worlds it meets
    assert _choice(SearchBot(3, policy=GreedyBot, iterations=1), game) == Discard(remi.parse_cards("QC")[0])


def test_E12_a_card_inside_a_runs_span_never_fits_it() -> None:
    view = _english_down("5C 8H 3S").view(0)
    assert [cards_short(view, card) for card in remi.parse_cards("5C 8H 3C JK")] == [FAR, 0, 0, 0]


def test_E12_the_search_bot_lays_a_joker_off_where_its_next_card_fits_after_it() -> None:
    game = _english_down("JK 9C 3S")
    view, legal = game.view(0), game.legal_actions()
    joker = remi.parse_cards("JK")[0]
    assert GreedyBot().choose(view, legal) == LayOff(joker, 0, "low")  # the first place listed
    # a lay-off is played without search: the joker as the eight of clubs, so that the nine follows it
    assert _choice(SearchBot(3, policy=GreedyBot, iterations=1), game) == LayOff(joker, 0, "high")


def test_E12_once_down_the_search_bot_takes_a_discard_one_short_of_a_run_over_a_draw() -> None:
    # the nine of hearts fits once anybody lays the eight on the hearts' run; the queen of clubs never will
    game = remi.new_game("english", players=2, seed=1, dealer=1, hands=["QC 3S", ENGLISH_OTHER], stock="2D",
                         discard_pile="AD 9H", table=ENGLISH_DOWN)
    view, legal = game.view(0), game.legal_actions()
    assert GreedyBot().choose(view, legal) == DRAW  # it takes only a card that fits now
    # a budget of one rollout: the amended choice stands unless the draw does better in both worlds it meets
    assert _choice(SearchBot(3, policy=GreedyBot, iterations=1), game) == TAKE


def test_E10_before_going_down_the_search_bot_keeps_a_spare_card_one_short_of_a_run() -> None:
    # seat 1 has laid a run of hearts (E8): the spare nine of hearts fits it once the eight is laid (E10)
    game = remi.new_game("english", players=2, seed=1, dealer=1, hands=["4C 5C 6C KS KH 9H 3S 2D 8S AD",
                         ENGLISH_OTHER], stock="4S", discard_pile="JC", table=ENGLISH_DOWN[2:])
    game = game.apply(DRAW)
    view, legal = game.view(0), game.legal_actions()
    assert GreedyBot().choose(view, legal) == Discard(remi.parse_cards("9H")[0])  # its highest spare card
    assert _choice(SearchBot(3, policy=GreedyBot, iterations=1), game) == Discard(remi.parse_cards("8S")[0])


#: Seat 0 holds a set of sevens whole (three naturals) and one king towards its second set.
HAND_WITH_A_SET_OF_SEVENS = "7S 7H 7C KS 3D 5D 9H 10S QC 4H"


def _draw_or_take(variant: str, hands: list[str], discard_pile: str) -> tuple[object, object]:
    """Seat 0's choice at its draw, greedy's and the search bot's (a budget of one rollout: its amended choice
    stands unless the other move does better in both worlds it meets)."""
    game = remi.new_game(variant, players=2, seed=1, dealer=1, hands=hands, stock="4S", discard_pile=discard_pile)
    return GreedyBot().choose(game.view(0), game.legal_actions()), _choice(SearchBot(3, policy=GreedyBot,
                                                                                       iterations=1), game)


def test_N4_before_going_down_the_search_bot_takes_a_discard_that_joins_a_set_of_its_plan() -> None:
    # the fourth seven cuts nothing the plan misses (sets are at least three, N4, N6), but it goes down with the set
    assert _draw_or_take("norwegian", [HAND_WITH_A_SET_OF_SEVENS, OTHER], "7D") == (DRAW, TAKE)


def test_N4_a_discard_of_a_rank_the_plan_does_not_use_is_not_taken_for_a_set() -> None:
    # sevens and kings make the contract; the pair of threes is spare, so a third three would be one more card held
    assert _draw_or_take("norwegian", ["7S 7H 7C KS KD KH 3D 3H 9S QC", OTHER], "3C") == (DRAW, DRAW)


def test_E9_a_group_of_exactly_three_takes_no_fourth_card_before_going_down() -> None:
    # English groups are exactly three cards (E9): the fourth seven could not go down with them
    assert _draw_or_take("english", [HAND_WITH_A_SET_OF_SEVENS, ENGLISH_OTHER], "7D") == (DRAW, DRAW)


def test_N16_the_search_bot_goes_down_leaving_cards_it_can_lay_off_rather_than_dead_ones() -> None:
    # seat 1 is down with a set of queens: seat 0's queens lay off onto it once seat 0 is down (N16), its fives never
    table = (TableMeld(MeldKind.SET, "QC QC QH", owner=1), TableMeld(MeldKind.SET, "KS KH KD", owner=1))
    game = remi.new_game("norwegian", players=2, seed=1, dealer=1,
                         hands=["5S 5H 5C 8S 8H 8D QS QH QD 3D", "2H 3H 4H 5D"], stock="4C", discard_pile="10C",
                         table=table)
    game = _drawn(game)
    view, legal = game.view(0), game.legal_actions()
    queens_and_eights = parse_action("down set 8S 8H 8D; set QS QH QD")
    assert GreedyBot().choose(view, legal) == queens_and_eights  # the fewest points left: the fives' 15
    # a lay-down is played without search: the fives and eights, the queens left to lay off
    fives_and_eights = parse_action("down set 5S 5H 5C; set 8S 8H 8D")
    assert _choice(SearchBot(3, policy=GreedyBot, iterations=1), game) == fives_and_eights


def _down_with_dead_cards(discard_pile: str, table: tuple[TableMeld, ...], other: str) -> list[Discard]:
    """Norwegian: seat 0 down, holding a jack, a queen, a four and a three that fit nothing: its discards, in order."""
    game = remi.new_game("norwegian", players=2, seed=1, dealer=1, hands=["JC QD 4S", other], stock="3D",
                         discard_pile=discard_pile, table=table)
    game = _drawn(game)
    return _down_discards(game.view(0), game.legal_actions())


#: Seat 0 is down with fives and eights.
DOWN_WITH_FIVES = (TableMeld(MeldKind.SET, "5S 5H 5C", owner=0), TableMeld(MeldKind.SET, "8S 8H 8D", owner=0))


def test_N16_once_down_the_search_bot_throws_the_rank_with_more_copies_in_sight_first() -> None:
    # the jack and the queen are both dead and worth 10: while seat 1 is not down, the rank seen more often is less
    # likely to complete a set it holds part of, so it goes first (whichever of the two it is)
    for seen, first, second in (("QH QS 2C", "QD", "JC"), ("JH JS 2C", "JC", "QD")):
        order = _down_with_dead_cards(seen, DOWN_WITH_FIVES, OTHER)
        assert order[:2] == [Discard(remi.parse_cards(first)[0]), Discard(remi.parse_cards(second)[0])]


def test_N16_copies_in_sight_do_not_count_once_every_opponent_is_down() -> None:
    # with seat 1 down too, no discard can complete its sets: the order is by points, then the card later in the
    # deck's order (the jack of clubs), wherever the copies are
    table = (*DOWN_WITH_FIVES, TableMeld(MeldKind.SET, "KS KH KD", owner=1),
             TableMeld(MeldKind.SET, "7S 7H 7D", owner=1))
    for seen in ("QH QS 2C", "JH JS 2C"):
        order = _down_with_dead_cards(seen, table, "2H 3H 4H 6S")
        assert order[:2] == [Discard(remi.parse_cards("JC")[0]), Discard(remi.parse_cards("QD")[0])]


#: A run short of one card, and four pairs of which the plan needs one for its group: one pair must be broken.
FOUR_PAIRS = "5H 6H 7H 9S 9D QS QD 3C 3D KS"


def _four_pairs_discards(variant: str, discard_pile: str, round_: int | None = None) -> list[Discard]:
    """Seat 0, not down, holds :data:`FOUR_PAIRS` and draws the king of diamonds: its discards, best first."""
    game = remi.new_game(variant, players=2, seed=1, dealer=1, hands=[FOUR_PAIRS, "2S 4D 8D 8C 10S JH 6C KC 6S 7D"],
                         stock="KD", discard_pile=discard_pile, round=round_)
    game = _drawn(game)
    return SearchBot(3, policy=GreedyBot, iterations=1)._discard_order(game.view(0), game.legal_actions())


def test_E9_before_going_down_the_search_bot_breaks_the_pair_whose_group_cards_are_all_in_sight() -> None:
    # a group is exactly three cards of different suits (E4, E9): with both copies of the two missing suits on the
    # pile, a pair can no longer grow into one; breaking it keeps every hidden card that would still help
    for seen, pair in (("3S 3S 3H 3H", "3C 3D"), ("QC QC QH QH", "QD QS"), ("9C 9C 9H 9H", "9D 9S")):
        order = _four_pairs_discards("english", seen)
        assert {discard.card for discard in order[:2]} == set(remi.parse_cards(pair)), seen


def test_N4_where_sets_have_no_fixed_size_the_cards_in_sight_do_not_reorder_the_discards() -> None:
    # Norwegian sets are at least three cards of any suits (N4): in round 1 (two sets, N6) the same hand keeps its
    # order whatever the pile shows (the outs measured no better there: four cards or more are left to lay off)
    orders = [_four_pairs_discards("norwegian", seen) for seen in ("3S 3S 3H 3H 3C 3D", "4C")]
    assert orders[0] == orders[1]
    assert orders[0][0].card not in remi.parse_cards("3C 3D")


def test_N6_where_the_contract_takes_the_whole_hand_the_search_bot_breaks_the_pair_whose_set_cards_are_all_in_sight(
) -> None:
    # round 5 is two sets and a run (N6): 10 of the 11 cards held after the draw, so going down leaves only the
    # discard, and the race is to go down; with the six other threes of the two packs on the pile (N2), the pair of
    # threes can no longer grow into a set
    order = _four_pairs_discards("norwegian", "3S 3S 3H 3H 3C 3D", round_=5)
    assert order[0].card in remi.parse_cards("3C 3D")
    assert _four_pairs_discards("norwegian", "4C", round_=5)[0].card not in remi.parse_cards("3C 3D")


def test_N6_E9_the_race_to_go_down_is_where_sizes_are_exact_or_the_contract_takes_the_whole_hand() -> None:
    for variant, round_, racing in (("norwegian", 1, False), ("norwegian", 4, False), ("norwegian", 5, True),
                                    ("norwegian", 7, True), ("english", None, True)):
        game = _drawn(remi.new_game(variant, players=2, seed=4, dealer=1, round=round_))
        view = game.view(0)  # (dealer 1: seat 0 is on turn)
        assert racing_to_go_down(view, view.contract()) is racing, (variant, round_)
