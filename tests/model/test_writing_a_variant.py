"""Liverpool Rummy built as a third-party package would, from remi's public names only.

The definition below is the one on the documentation page "Writing a new
variant" (docs/variants/writing.rst): these tests check that it is exactly the
built-in ``liverpool`` (same fingerprint), that it registers and plays, and
that a house rule or a hook changes its fingerprint. Only public names are
used: :func:`test_public_names_only` scans this file to keep it that way.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest

import remi
from remi import (
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
    Meld,
    MeldKind,
    MeldRules,
    Schedule,
    Scoring,
    SetSwap,
    Swaps,
    SwapWho,
    TableMeld,
    Variant,
    parse_action,
)

# -- the definition, as on the documentation page ---------------------------------------------------

deck = Deck(packs=2, jokers=4, by_players={players: (3, 6) for players in range(5, 9)})  # L1
melds = MeldRules(  # L4, L5
    set_min=3, set_max=None, set_distinct_suits=False,
    run_min=4, run_max=13, ace_low=True, ace_high=True, run_wrap=False,
    joker_cap=JokerCap.NONE, min_naturals=1,
)
contracts = Contracts(  # L2, L3, L10, L11
    contracts=[
        Contract.of("set 3", "set 3", name="3-3"),
        Contract.of("set 3", "run 4", name="3-4"),
        Contract.of("run 4", "run 4", name="4-4"),
        Contract.of("set 3", "set 3", "set 3", name="3-3-3"),
        Contract.of("set 3", "set 3", "run 4", name="3-3-4"),
        Contract.of("set 3", "run 4", "run 4", name="3-4-4"),
        Contract.of("run 4", "run 4", "run 4", name="4-4-4"),
    ],
    deal_sizes=[10, 10, 10, 10, 12, 12, 12],
    going_out=[GoingOut.DISCARD_REQUIRED] * 6 + [GoingOut.ALL_IN],
    exact_sizes=False,
    piecemeal=False,
)
drawing = Drawing(rediscard_taken_card=False)  # L6
layoffs = LayOffs(requires_down=True, on_go_down_turn=True)  # L8
swaps = Swaps(from_runs=True, from_sets=SetSwap.NEVER, who=SwapWho.DOWN,  # L9
              from_own_melds=True, on_go_down_turn=True)
buying = Buying(enabled=True, timing=BuyTiming.BEFORE_DRAW, penalty=1, limit=3,  # L6, L7
                discarder_may_buy=False, down_players_may_buy=False)
match = Match(schedule=Schedule.ROUNDS, stock_rebuilds=2)  # L2, L13
scoring = Scoring(joker_points=15, rank_points=[15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10])  # L12

MY_LIVERPOOL = Variant(
    name="my-liverpool",
    version="1",
    title="Liverpool Rummy",
    min_players=3,
    max_players=8,
    recommended_players=(3, 8),
    deck=deck,
    melds=melds,
    contracts=contracts,
    drawing=drawing,
    layoffs=layoffs,
    swaps=swaps,
    buying=buying,
    match=match,
    scoring=scoring,
    references={
        "laydown.whole": "L2", "laydown.contract": "L2", "going_out.all_in": "L11",
        "going_out.discard": "L10", "going_out.down_first": "L10", "discard.taken_card": "L6",
        "layoff.down": "L8", "swap.who": "L9", "swap.sets": "L9",
        "buy.limit": "L7", "buy.discarder": "L7", "buy.down": "L7",
    },
)

#: The house configuration ``liverpool-project``, as on the page.
PROJECT = attrs.evolve(
    MY_LIVERPOOL,
    name="my-liverpool-project",
    min_players=2,
    max_players=10,
    deck=Deck(packs=2, jokers=4,
              by_players={2: (1, 2), **{n: (3, 6) for n in range(5, 9)}, 9: (4, 8), 10: (4, 8)}),
    melds=attrs.evolve(MY_LIVERPOOL.melds, min_naturals=0),
    contracts=attrs.evolve(MY_LIVERPOOL.contracts, deal_sizes=[7, 8, 9, 10, 11, 12, 13]),
    buying=attrs.evolve(MY_LIVERPOOL.buying, limit=None, down_players_may_buy=True),
)


@attrs.frozen(kw_only=True)
class SuitedRuns(Contracts):
    """A contract-level constraint, as on the page: the runs of one contract differ in suit."""

    def melds_problem(self, level: int, melds: Sequence[Meld], rules: MeldRules) -> str | None:
        """Refuse two runs of one suit, then apply the default checks."""
        suits = [meld.cards[0].suit for meld in melds if meld.kind is MeldKind.RUN]
        if len(set(suits)) < len(suits):
            return "the runs of one contract must be of different suits"
        return super().melds_problem(level, melds, rules)


# -- the tests --------------------------------------------------------------------------------------


def test_public_definition_is_the_built_in_liverpool() -> None:
    built_in = remi.variants.get("liverpool")
    assert MY_LIVERPOOL.fingerprint == built_in.fingerprint
    assert [str(contract) for contract in MY_LIVERPOOL.contracts] == [str(c) for c in built_in.contracts]
    assert MY_LIVERPOOL.cite("going_out.discard") == built_in.cite("going_out.discard") == " (L10)"


def test_public_house_configuration_is_the_built_in_liverpool_project() -> None:
    assert PROJECT.fingerprint == remi.variants.get("liverpool-project").fingerprint


def test_house_rule_by_attrs_evolve_changes_the_fingerprint() -> None:
    no_limit = attrs.evolve(MY_LIVERPOOL, name="my-liverpool-no-limit",
                            buying=attrs.evolve(MY_LIVERPOOL.buying, limit=None))
    assert no_limit.buying.limit is None
    assert no_limit.fingerprint != MY_LIVERPOOL.fingerprint
    # a label is not a rule: renaming keeps the fingerprint
    assert attrs.evolve(MY_LIVERPOOL, name="renamed", title="Renamed").fingerprint == MY_LIVERPOOL.fingerprint


def test_hook_on_one_part_changes_the_fingerprint_and_cites_its_clause() -> None:
    suited = attrs.evolve(
        MY_LIVERPOOL,
        name="liverpool-suited-runs",
        contracts=SuitedRuns(**attrs.asdict(MY_LIVERPOOL.contracts, recurse=False)),
        references={**dict(MY_LIVERPOOL.references), "laydown.constraint": "H1"},
    )
    assert suited.fingerprint != MY_LIVERPOOL.fingerprint
    game = remi.new_game(suited, players=3, seed=1, dealer=2, round=3,
                         hands=["3S 4S 5S 6S 9S 10S JS QS 7H 8H 9H 10H", "KC QC", "4H 5D"])
    game = game.apply(parse_action("take"))
    with pytest.raises(remi.IllegalActionError, match=r"different suits \(H1\)$") as refused:
        game.apply(parse_action("down run 3S 4S 5S 6S; run 9S 10S JS QS"))
    assert refused.value.reason is remi.Reason.CONTRACT_CONSTRAINT
    assert game.is_legal(parse_action("down run 3S 4S 5S 6S; run 7H 8H 9H 10H"))


def test_public_definition_refuses_with_its_clause_labels() -> None:
    sets = [TableMeld(MeldKind.SET, cards, owner=0) for cards in ("6H 6C 6D", "8H 8C 8D", "9H 9C 9D")]
    game = remi.new_game(MY_LIVERPOOL, players=3, seed=1, dealer=2, round=4, table=sets,
                         hands=["6S", "KC QC 5H", "4H 5H 7D"], discard_pile="6D")
    game = game.apply(parse_action("take")).apply(parse_action("layoff 6S on 0"))
    with pytest.raises(remi.IllegalActionError, match=r"final discard \(L10\)$"):
        game.apply(parse_action("layoff 6D on 0"))


def test_public_definition_plays_a_match_between_bots() -> None:
    stats = remi.simulate(MY_LIVERPOOL, 3, "greedy", 1, seed=1)
    assert (stats.variant, stats.games, stats.deals) == ("my-liverpool", 1, 7)
    assert sum(seat.wins for seat in stats.seats) == pytest.approx(1.0)


def test_public_definition_registers_and_plays_by_name() -> None:
    # In a fresh interpreter: remi has no public way to unregister, and other tests list the registry.
    code = "\n".join([
        "import runpy, remi",
        f"variant = runpy.run_path({str(Path(__file__))!r})['MY_LIVERPOOL']",
        "assert remi.variants.register(variant) is variant",
        "assert remi.variants.get('my-liverpool') is variant",
        "assert 'my-liverpool' in remi.variants.names()",
        "game = remi.new_game('my-liverpool', players=4, seed=7)",
        "bot = remi.make_bot('greedy', seed=1)",
        "for _ in range(12):",
        "    game = game.apply(bot.choose(game.view(game.to_act), game.legal_actions()))",
        "stats = remi.simulate('my-liverpool', 3, 'random', 1, seed=2)",
        "print(game.variant.name, game.contract().name, stats.variant, stats.games)",
    ])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["my-liverpool", "3-3", "my-liverpool", "1"]


def test_public_names_only() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    private = "remi." + "_"
    assert private not in source, "use remi's public names only, as a third-party package would"
    assert "variants." + "liverpool" not in source, "build Liverpool from the parts, do not import it"
