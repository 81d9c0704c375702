"""The variant interface: a name, a version and the rule parts.

A :class:`Variant` is composed of frozen rule parts (:mod:`remi.parts`), each
owning one concern: the deck, the melds, the contracts, drawing, lay-offs,
joker swaps, buying, the match and scoring. The engine asks the parts and
never names a variant. A house rule replaces one field of one part with
:func:`attrs.evolve`; a new kind of rule overrides one hook of one part in a
small subclass. A configuration that cannot work raises
:class:`~remi.errors.VariantError` when it is built, never during a game.

>>> import attrs, remi
>>> norwegian = remi.variants.get("norwegian")
>>> [str(c) for c in norwegian.contracts]
['3-3', '3-4', '4-4', '3-3-3', '3-3-4', '3-4-4', '4-4-4']
>>> house = attrs.evolve(norwegian, name="norwegian-no-buy", buying=remi.Buying(enabled=False))
>>> house.buying.enabled
False
>>> attrs.evolve(norwegian, contracts=attrs.evolve(norwegian.contracts, deal_sizes=(60,) * 7))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
remi.errors.VariantError: norwegian: contracts.deal_sizes: dealing 60 cards to 2 players needs 122 cards ...

.. versionadded:: 0.1.0
.. versionchanged:: 0.2.0
   Built from rule parts instead of 41 flat fields.
"""

from __future__ import annotations

import enum
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NoReturn, cast

import attrs

from remi._ruledata import variant_from_dict, variant_to_dict
from remi._util import is_int, printable
from remi.cards import CARD_SLOTS, CARDS, JOKER, Card, full_deck
from remi.contracts import Contract
from remi.errors import Reason, RemiError, VariantError
from remi.melds import (
    LONGEST_RUN,
    Meld,
    MeldKind,
    MeldProblem,
    MeldRules,
    Twos,
    as_cards,
    meld_problems,
    wild_cap,
)
from remi.parts import (
    Buying,
    Contracts,
    Deck,
    Drawing,
    GoingOut,
    LayOffs,
    Match,
    Schedule,
    Scoring,
    Swaps,
)

__all__ = ["RULE_KEYS", "GoingOut", "Schedule", "Variant"]

#: The rules a variant may cite a clause for in its refusals (:attr:`Variant.references`), with what each says.
RULE_KEYS: Mapping[str, str] = {
    "laydown.whole": "a contract goes down whole, in one turn",
    "laydown.contract": "the melds laid must fulfil the contract",
    "laydown.constraint": "the melds of one contract together obey the contract-level rule",
    "laydown.keep_card": "going down must leave a card in hand",
    "going_out.all_in": "in an all-in round the whole hand goes down, with no discard",
    "going_out.discard": "going out needs a final discard",
    "going_out.down_first": "only a player whose contract is down can go out",
    "melds.cap": "a meld never holds more wilds than naturals",
    "melds.dead_two": "a dead 2 is a natural, only ever the 2 of its suit in a run",
    "melds.rule": "every meld obeys the variant's own meld rule (MeldRules.meld_problem)",
    "draw.down_stock_only": "a player who is down draws from the stock only",
    "discard.taken_card": "the discard taken as the draw cannot go back the same turn",
    "layoff.down": "a player lays off only once their contract is down",
    "layoff.own_meld": "a player lays off onto their own meld only from a later turn",
    "layoff.quota": "a player lays off at most so many cards per deal",
    "layoff.go_down_turn": "no lay-off on the turn a player goes down",
    "swap.own_melds": "jokers are swapped only from opponents' melds",
    "swap.sets": "when a joker leaves a set",
    "swap.runs": "whether a joker leaves a run",
    "swap.who": "who may swap a joker",
    "swap.go_down_turn": "no swap on the turn a player goes down",
    "buy.limit": "a player buys at most so many times per deal",
    "buy.discarder": "the discarder may not buy their discard back",
    "buy.down": "a player who is down may not buy",
}

_MAX_PLAYERS = 16


def _pair(value: Iterable[int]) -> tuple[int, int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        return cast("tuple[int, int]", value)
    return cast("tuple[int, int]", tuple(value))


def _fingerprints(value: Iterable[str]) -> frozenset[str]:
    if isinstance(value, str):
        return frozenset({value})
    try:
        return frozenset(value)
    except TypeError:  # not iterable, or holds something unhashable: the validation names it
        return cast("frozenset[str]", value)


def _references(value: object) -> Any:
    if isinstance(value, Mapping):
        return tuple(sorted(value.items(), key=lambda item: str(item[0])))
    return value


@attrs.frozen(kw_only=True)
class Variant:
    """A rummy variant: its name, version, players, and the rule parts.

    Build new variants with ``Variant(...)`` or derive house rules with
    :func:`attrs.evolve`; either way every part and the whole configuration
    are checked.

    Attributes:
        name: The registry name, e.g. ``"norwegian"``.
        version: The rules version; a recorded game names it.
        title: A human title.
        min_players: Fewest players.
        max_players: Most players.
        recommended_players: The player range shown to users.
        deck: Packs and jokers, perhaps by player count (:class:`~remi.Deck`).
        melds: What a set and a run are (:class:`~remi.MeldRules`).
        contracts: The contracts, deal sizes and going-out rules (:class:`~remi.Contracts`).
        drawing: Who may take the discard (:class:`~remi.Drawing`).
        layoffs: Who may lay off, and when (:class:`~remi.LayOffs`).
        swaps: Who may swap jokers, and from what (:class:`~remi.Swaps`).
        buying: Buying the declined discard (:class:`~remi.Buying`).
        match: How deals follow each other and who wins (:class:`~remi.Match`).
        scoring: Card points and the winner's score (:class:`~remi.Scoring`).
        references: The variant's own clause label for each rule it cites in
            refusals, keyed by the names in :data:`RULE_KEYS` (e.g.
            ``{"layoff.down": "N16"}``): a refusal ends with ``(N16)``.
        legacy_fingerprints: Fingerprints that earlier remi versions computed
            for these same rules; game records written then still replay.

    Raises:
        VariantError: When the variant is built, if a field has the wrong type
            or is out of range, or if the rules together can never work. The
            message starts with the variant's name and names the part and
            field (or the round) at fault. Refused as unplayable: a deal that
            leaves no upcard and stock card for some player count; a contract
            bigger than a hand that buying cannot grow, or asking for a meld
            these rules and this deck cannot make; an all-in round whose melds
            cannot hold a whole hand or that forbids going out on the go-down
            turn; rules that only apply to levels in a fixed-round match; a
            hook that fails or returns a value of the wrong kind.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Built from rule parts; ``references`` and ``legacy_fingerprints``.
    """

    name: str = attrs.field()
    version: str = "1"
    title: str = ""
    min_players: int = 2
    max_players: int = 6
    recommended_players: tuple[int, int] = attrs.field(default=(3, 5), converter=_pair)
    deck: Deck = attrs.field(factory=Deck)
    melds: MeldRules = attrs.field(factory=MeldRules)
    contracts: Contracts = attrs.field()
    drawing: Drawing = attrs.field(factory=Drawing)
    layoffs: LayOffs = attrs.field(factory=LayOffs)
    swaps: Swaps = attrs.field(factory=Swaps)
    buying: Buying = attrs.field(factory=Buying)
    match: Match = attrs.field(factory=Match)
    scoring: Scoring = attrs.field(factory=Scoring)
    references: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_references)
    legacy_fingerprints: frozenset[str] = attrs.field(default=frozenset(), converter=_fingerprints)
    layoff_rules: MeldRules = attrs.field(init=False, eq=False, repr=False)
    _decks: dict[int, tuple[Card, ...]] = attrs.field(init=False, eq=False, repr=False)
    _points: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _quotas: tuple[int | None, ...] = attrs.field(init=False, eq=False, repr=False)
    _cites: dict[str, str] = attrs.field(init=False, eq=False, repr=False)
    _orders: dict[int, tuple[tuple[int, ...], ...]] = attrs.field(init=False, eq=False, repr=False)
    #: Whether the contracts have a contract-level rule (``Contracts.melds_problem`` can refuse).
    contract_rule: bool = attrs.field(init=False, eq=False, repr=False)
    #: Per contract, how many melds it needs (a player is down once they laid that many).
    melds_needed: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Types and ranges first: nothing below may crash on a wrong type or take long.
        self._check_fields()
        object.__setattr__(self, "layoff_rules", self.melds.for_layoffs())
        object.__setattr__(self, "_decks", self._ask_decks())
        object.__setattr__(self, "_points", self._ask_points())
        object.__setattr__(self, "_quotas", self._ask_quotas())
        object.__setattr__(self, "_cites", {key: f" ({label})" for key, label in self.references})
        object.__setattr__(self, "_orders", self._ask_buying_orders())
        contracts = self.contracts
        object.__setattr__(self, "melds_needed", tuple(len(c.requirements) for c in contracts.contracts))
        object.__setattr__(self, "contract_rule", type(contracts).melds_problem is not Contracts.melds_problem
                           or bool(contracts.same_suit_run_gap) or contracts.distinct_set_ranks)
        self._validate()

    def _ask_decks(self) -> dict[int, tuple[Card, ...]]:
        """The full deck for each number of players, as ``deck.for_players`` says (checked)."""
        decks = {}
        for players in range(self.min_players, self.max_players + 1):
            row = self._hook(self.deck, "for_players", players)
            if not (isinstance(row, tuple) and len(row) == 2):
                self._fail(f"deck.for_players({players}) must return (packs, jokers), got {printable(row)}")
            packs, jokers = row
            if not (is_int(packs) and 1 <= packs <= 8 and is_int(jokers) and 0 <= jokers <= 64):
                self._fail(f"deck.for_players({players}) must return 1 to 8 packs and 0 to 64 jokers, got "
                           f"{printable(row)}")
            decks[players] = full_deck(packs, jokers)
        return decks

    def _ask_points(self) -> tuple[int, ...]:
        """Every card's penalty points by card index, as ``scoring.card_points`` says (checked)."""
        points = [0] * CARD_SLOTS
        for card in CARDS:
            value = self._hook(self.scoring, "card_points", card)
            if not is_int(value) or abs(cast(int, value)) > 10_000:
                self._fail(f"scoring.card_points({card}) must return an integer from -10000 to 10000, got "
                           f"{printable(value)}")
            points[card.index] = cast(int, value)
        return tuple(points)

    def _ask_quotas(self) -> tuple[int | None, ...]:
        """Each contract's lay-off quota, as ``layoffs.quota`` says (checked)."""
        quotas = []
        for level in range(len(self.contracts)):
            quota = self._hook(self.layoffs, "quota", level)
            if quota is not None and (not is_int(quota) or cast(int, quota) < 0):
                self._fail(f"layoffs.quota({level}) must return a non-negative integer or None, got "
                           f"{printable(quota)}")
            quotas.append(cast("int | None", quota))
        return tuple(quotas)

    def _ask_buying_orders(self) -> dict[int, tuple[tuple[int, ...], ...]]:
        """For each number of players, the buying order after each seat's discard (``buying.order``, checked)."""
        return {
            players: tuple(self._ask_buying_order(players, on_turn) for on_turn in range(players))
            for players in range(self.min_players, self.max_players + 1)
        }

    def _ask_buying_order(self, players: int, on_turn: int) -> tuple[int, ...]:
        """The seats that may buy, in order, after seat ``on_turn`` discards among ``players`` (checked)."""
        order = self._hook(self.buying, "order", players, on_turn)
        ok = isinstance(order, Iterable) and not isinstance(order, (str, bytes))
        seats = tuple(cast("Iterable[object]", order)) if ok else ()
        if not ok or len(set(seats)) != len(seats) or not all(
            is_int(seat) and 0 <= cast(int, seat) < players and seat != on_turn for seat in seats
        ):
            self._fail(f"buying.order({players}, {on_turn}) must return other seats, each once, got "
                       f"{printable(order)}")
        return cast("tuple[int, ...]", seats)

    def _fail(self, message: str) -> NoReturn:
        raise VariantError(f"{self.name}: {message}")

    def _check_fields(self) -> None:
        """Check every field's type and range (cheap checks only: nothing is built yet)."""
        self._check_texts()
        self._check_parts()
        self._check_players()
        self._check_references()

    def _check_texts(self) -> None:
        """Check the name (no spaces), the version (not blank) and the title."""
        if not isinstance(self.name, str) or not self.name or any(c.isspace() for c in self.name):
            raise VariantError(f"a variant needs a name without spaces, got {printable(self.name)}")
        if not isinstance(self.version, str) or not self.version.strip():
            self._fail(f"version must be a non-empty string, got {printable(self.version)}")
        if not isinstance(self.title, str):
            self._fail(f"title must be a string, got {printable(self.title)}")

    def _check_parts(self) -> None:
        """Check that each part (deck, melds, contracts, ...) is a value of its class."""
        parts: tuple[tuple[str, type], ...] = (
            ("deck", Deck), ("melds", MeldRules), ("contracts", Contracts), ("drawing", Drawing),
            ("layoffs", LayOffs), ("swaps", Swaps), ("buying", Buying), ("match", Match), ("scoring", Scoring),
        )
        for field, kind in parts:
            value = getattr(self, field)
            if not isinstance(value, kind):
                self._fail(f"{field} must be a {kind.__name__} value, got {printable(value)}")

    def _check_players(self) -> None:
        """Check the player range and the recommended range."""
        fail = self._fail
        low, high = self.min_players, self.max_players
        if not is_int(low) or low < 2:
            fail(f"min_players must be an integer of at least 2, got {printable(low)}")
        if not is_int(high) or not low <= high <= _MAX_PLAYERS:
            fail(f"max_players must be an integer from min_players ({low}) to {_MAX_PLAYERS}, got {printable(high)}")
        best = self.recommended_players
        # (only shown to users, so a house rule that narrows the player range may keep it)
        if not (isinstance(best, tuple) and len(best) == 2 and all(is_int(n) for n in best)
                and 2 <= best[0] <= best[1]):
            fail(f"recommended_players must be two integers of at least 2, fewest first, got {printable(best)}")

    def _check_references(self) -> None:
        """Check the clause references (known rule names to text labels) and the legacy fingerprints."""
        fail = self._fail
        if not isinstance(self.references, tuple) or not all(
            isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], str)
            for item in self.references
        ):
            fail(f"references must map rule names to clause labels (text), got {printable(self.references)}")
        for key, _label in self.references:
            if key not in RULE_KEYS:
                fail(f"references: {printable(key)} is not a rule name (known: {', '.join(sorted(RULE_KEYS))})")
        fingerprints = self.legacy_fingerprints
        if not isinstance(fingerprints, frozenset) or not all(isinstance(fp, str) for fp in fingerprints):
            fail(f"legacy_fingerprints must be a set of texts, got {printable(fingerprints)}")

    def _hook(self, part: object, name: str, *arguments: object) -> object:
        """Call the hook ``name`` of ``part``; whatever it raises becomes a :class:`VariantError`."""
        try:
            return cast("object", getattr(part, name)(*arguments))
        except VariantError:
            raise
        except Exception as error:
            label = getattr(part, "_label", type(part).__name__)
            shown = ", ".join(str(argument) for argument in arguments)
            message = f"{self.name}: {label}.{name}({shown}) failed: {type(error).__name__}: {error}"
            raise VariantError(message) from error

    def _validate(self) -> None:
        """Refuse combinations of valid parts that can never work (every field is checked already)."""
        self._validate_part_combinations()
        contracts = self.contracts
        kind = "round" if self.match.schedule is Schedule.ROUNDS else "level"
        may_buy = self.buying.enabled and self.buying.limit != 0
        for players, deck in self._decks.items():
            biggest_set, longest_run = self._meld_capacity(deck)
            for level, (contract, size) in enumerate(zip(contracts, contracts.deal_sizes, strict=True), 1):
                self._validate_deal(players, deck, size)
                self._validate_requirements(level, contract, biggest_set, longest_run)
                if players == self.min_players:
                    self._validate_contract(level, contract, size, biggest_set, longest_run, may_buy, kind)
        for wins in range(1, len(contracts) + 1):
            score = self._hook(self.scoring, "winner_score", wins)
            if not is_int(score):
                self._fail(f"scoring.winner_score({wins}) must return an integer, got {printable(score)}")

    def _validate_part_combinations(self) -> None:
        """Refuse dead 2s without wild 2s that can be melded (S15), and a levels-only setting in a rounds match."""
        fail = self._fail
        rules, match = self.melds, self.match
        if self.deck.dead_twos and rules.twos is Twos.NATURAL:
            fail("deck: dead_twos needs wild 2s (melds.twos is Twos.NATURAL), since only a wild 2 can die (S15)")
        if self.deck.dead_twos and rules.twos is Twos.WILD:
            fail("deck: dead_twos needs melds.twos = Twos.WILD_EXCEPT_SETS: runs under Twos.WILD have no 2's place, "
                 "so a dead 2 could never be melded (S15)")
        if match.schedule is Schedule.ROUNDS and (match.advance.value != "winner" or match.finisher_wins):
            fail("match: advance and finisher_wins apply to a levels match, not to fixed rounds")

    def _meld_capacity(self, deck: tuple[Card, ...]) -> tuple[int, int]:
        """The most cards a set and a run can hold with ``deck`` under the meld rules."""
        rules = self.melds
        jokers = deck.count(JOKER)
        packs = (len(deck) - jokers) // 52
        wilds = jokers + (4 * packs if rules.twos is not Twos.NATURAL else 0)
        naturals = 4 if rules.set_distinct_suits else 4 * packs
        room = wild_cap(rules).beside(wilds, naturals)
        biggest_set = naturals + room if rules.min_naturals <= naturals else 0
        if rules.set_max is not None:
            biggest_set = min(biggest_set, rules.set_max)
        ends = rules.run_wrap or (rules.ace_low and rules.ace_high)
        longest_run = min(LONGEST_RUN if ends else LONGEST_RUN - 1, rules.run_max)
        if rules.twos is Twos.WILD and not rules.run_wrap:
            longest_run = min(longest_run, LONGEST_RUN - 2)  # no run position stands for a 2
        return biggest_set, longest_run

    def _validate_deal(self, players: int, deck: tuple[Card, ...], size: int) -> None:
        """Refuse a deal of ``size`` cards to ``players`` players that leaves no upcard and stock card."""
        needed = size * players + 2 + (1 if self.contracts.first_player_extra_card else 0)
        if needed > len(deck):
            self._fail(
                f"contracts.deal_sizes: dealing {size} cards to {players} players needs {needed} cards "
                f"(with the upcard and a stock card), but the deck has {len(deck)}"
            )

    def _validate_requirements(self, level: int, contract: Contract, biggest_set: int, longest_run: int) -> None:
        """Refuse a requirement of contract ``level`` whose size the meld rules or the deck cannot meet."""
        rules = self.melds
        for req in contract.requirements:
            if req.kind is MeldKind.SET:
                low, high, most = rules.set_min, rules.set_max, biggest_set
            else:
                low, high, most = rules.run_min, rules.run_max, longest_run
            if req.size < low or (high is not None and req.size > high):
                self._fail(f"contract {level} ({contract}) asks for a {req} outside the allowed sizes")
            if req.size > most:
                self._fail(f"contract {level} ({contract}) asks for a {req}, but under these rules "
                           f"no {req.kind.value} can hold more than {most} cards")

    def _validate_contract(
        self, level: int, contract: Contract, size: int, biggest_set: int, longest_run: int, may_buy: bool,
        kind: str,
    ) -> None:
        """Refuse contract ``level`` where nobody could ever go down (or, all-in, lay down the whole hand)."""
        contracts = self.contracts
        rule = contracts.going_out[level - 1]
        if rule is GoingOut.ALL_IN:
            self._validate_all_in(level, contract, size, biggest_set, longest_run, kind)
        keep = rule is GoingOut.DISCARD_REQUIRED or not contracts.go_out_on_go_down_turn
        least = contract.size + (1 if keep else 0)
        if least <= size + 1:
            return
        if not may_buy:
            why = "a final discard" if rule is GoingOut.DISCARD_REQUIRED else "a card left in hand"
            if not keep:
                why = ""
            self._fail(f"{kind} {level} ({contract}) needs {contract.size} cards{' and ' + why if why else ''}, "
                       f"but a hand holds {size + 1} (and cannot grow without buying): nobody could ever go down")
        if not contracts.exceed_hand:
            kept = " and a card left after it" if keep else ""
            self._fail(f"{kind} {level} ({contract}) needs {contract.size} cards{kept} but a hand holds {size + 1} "
                       f"(set contracts.exceed_hand to reach it by buying)")
        limit = self.buying.limit
        if limit is not None and size + 1 + limit * (1 + self.buying.penalty) < least:
            self._fail(f"{kind} {level} ({contract}) needs {least} cards, but a hand holds at most "
                       f"{size + 1 + limit * (1 + self.buying.penalty)} even after {limit} "
                       f"buy{'s' if limit != 1 else ''}")

    def _validate_all_in(
        self, level: int, contract: Contract, size: int, biggest_set: int, longest_run: int, kind: str
    ) -> None:
        """Refuse an all-in contract ``level`` (going down is going out) whose melds cannot hold a whole hand."""
        contracts = self.contracts
        if not contracts.go_out_on_go_down_turn:
            self._fail(f"{kind} {level} ({contract}) is all-in (going down is going out), but "
                       f"contracts.go_out_on_go_down_turn is False: nobody could ever go down in that {kind}")
        # Before going down a hand only shrinks by lay-offs, where those are allowed.
        shed = 0 if self.layoffs.requires_down else self._quotas[level - 1]
        holds = sum(biggest_set if req.kind is MeldKind.SET else longest_run for req in contract.requirements)
        if contracts.exact_sizes:
            holds = contract.size
        if shed is not None and holds < size + 1 - shed:
            self._fail(f"{kind} {level} ({contract}) is all-in, but its melds hold at most {holds} cards "
                       f"and a hand holds {size + 1}: nobody could ever lay down the whole hand")

    # -- asking the parts ------------------------------------------------------

    def cite(self, rule: str) -> str:
        """The variant's clause for ``rule`` (a :data:`RULE_KEYS` name) as ``" (N16)"``, or ``""``.

        >>> import remi
        >>> remi.variants.get("norwegian").cite("layoff.down")
        ' (N16)'

        .. versionadded:: 0.2.0
        """
        return self._cites.get(rule, "")

    def cards(self, players: int) -> tuple[Card, ...]:
        """The full deck for ``players`` players, sorted.

        >>> import remi
        >>> len(remi.variants.get("norwegian").cards(4))
        113

        .. versionadded:: 0.2.0
        """
        found = self._decks.get(players)
        return found if found is not None else self.deck.cards(players)

    def layoff_quota(self, level: int) -> int | None:
        """The lay-off quota of contract ``level`` (0-based), as :meth:`LayOffs.quota` said when built.

        Raises:
            RemiError: If ``level`` is not a contract's index (0 to one less than their number).
        """
        quotas = self._quotas
        if type(level) is int and 0 <= level < len(quotas):  # (not isinstance: a bool is no level)
            return quotas[level]
        raise RemiError(f"level must be a contract's index from 0 to {len(quotas) - 1}, got {printable(level)}",
                        Reason.BAD_ARGUMENT)

    def winner_score(self, wins: int) -> int:
        """What the player who goes out scores with ``wins`` wins so far (:meth:`Scoring.winner_score`)."""
        score = self._hook(self.scoring, "winner_score", wins)
        if not is_int(score):
            self._fail(f"scoring.winner_score({wins}) must return an integer, got {printable(score)}")
        return cast(int, score)

    def buy_order(self, players: int, on_turn: int) -> tuple[int, ...]:
        """The seats asked, in order, to buy the discard ``on_turn`` declined (:meth:`Buying.order`).

        Raises:
            RemiError: If ``players`` is not a player count of this variant, or ``on_turn`` not a seat.
        """
        try:
            if type(players) is int and type(on_turn) is int and on_turn >= 0:  # (-1 would read from the end)
                return self._orders[players][on_turn]
        except (KeyError, IndexError, TypeError):
            pass
        raise RemiError(f"no buy order for {printable(players)} players with seat {printable(on_turn)} on turn "
                        f"({self.min_players} to {self.max_players} players)", Reason.BAD_ARGUMENT)

    def next_levels(
        self, levels: tuple[int, ...], winner: int | None, went_down: tuple[bool, ...]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The levels after a deal and the seats that completed the last one (:meth:`Match.advance_levels`).

        Raises:
            VariantError: If the hook fails or returns levels out of range.
        """
        last = len(self.contracts)
        try:
            moved, finished = self.match.advance_levels(levels, last, winner, went_down)
            moved, finished = tuple(moved), tuple(finished)
        except Exception as error:
            raise VariantError(f"{self.name}: match.advance_levels failed: {type(error).__name__}: {error}") from error
        if len(moved) != len(levels) or not all(is_int(level) and 1 <= level <= last for level in moved) or not all(
            is_int(seat) and 0 <= seat < len(levels) for seat in finished
        ):
            self._fail(f"match.advance_levels returned {printable(moved)}, {printable(finished)}: one "
                       f"level from 1 to {last} "
                       f"per seat, and seats")
        return moved, finished

    def match_winners(self, scores: tuple[int, ...], last_deal: Any) -> tuple[int, ...]:
        """Who won a finished match whose final deal was ``last_deal`` (:meth:`Match.winners`).

        Raises:
            VariantError: If the hook fails or names no seats.
        """
        finishers = self.next_levels(last_deal.levels, last_deal.winner, last_deal.went_down)[1]
        found = self._hook(self.match, "winners", scores, finishers)
        seats = tuple(cast("Iterable[object]", found)) if isinstance(found, Iterable) else ()
        if not seats or not all(is_int(seat) and 0 <= cast(int, seat) < len(scores) for seat in seats):
            self._fail(f"match.winners must return one or more seats, got {printable(found)}")
        return cast("tuple[int, ...]", seats)

    def contract_problem(self, level: int, melds: Sequence[Meld]) -> str | None:
        """What :meth:`Contracts.melds_problem` says of ``melds`` as contract ``level``'s (0-based).

        Raises:
            VariantError: If the hook fails or returns neither ``None`` nor text.
        """
        problem = self._hook(self.contracts, "melds_problem", level, melds, self.melds)
        if problem is not None and not isinstance(problem, str):
            self._fail(f"contracts.melds_problem must return None or a sentence, got {printable(problem)}")
        return problem

    # -- derived -------------------------------------------------------------

    def card_points(self, card: Card) -> int:
        """What ``card`` costs when left in hand at the end of a deal.

        >>> import remi
        >>> remi.variants.get("norwegian").card_points(remi.JOKER)
        50

        Raises:
            RemiError: If ``card`` is not a :class:`~remi.Card`.
        """
        if type(card) is not Card and not isinstance(card, Card):
            raise RemiError(f"expected a Card, got {printable(card)}", Reason.BAD_ARGUMENT)
        return self._points[card.index]

    def hand_points(self, cards: Sequence[Card]) -> int:
        """The total cost of ``cards`` left in hand.

        >>> import remi
        >>> remi.variants.get("norwegian").hand_points(remi.parse_cards("JK AS KH 10D 9C 2H"))
        101
        """
        points = self._points
        return sum(points[card.index] for card in cards)

    def meld_problems(self, kind: MeldKind, cards: Sequence[Card] | str) -> MeldProblem:
        """Everything wrong with ``cards`` as a meld of ``kind`` in this variant.

        Args:
            kind: :attr:`MeldKind.SET` or :attr:`MeldKind.RUN`.
            cards: The cards (runs low to high, jokers in place), or card text.

        Returns:
            A :class:`~remi.MeldProblem` flag, falsy exactly when the meld is valid.

        Raises:
            RemiError: If ``kind`` is not a :class:`~remi.MeldKind`.
            NotationError: If ``cards`` is neither cards nor card text.

        >>> import remi
        >>> v = remi.variants.get("english")
        >>> v.meld_problems(remi.MeldKind.SET, "7S 7S 7H")
        <MeldProblem.REPEATED_SUIT: 16>
        """
        if not isinstance(kind, MeldKind):
            raise RemiError(f"kind must be MeldKind.SET or MeldKind.RUN, got {printable(kind)}", Reason.BAD_ARGUMENT)
        return meld_problems(self.melds, kind, as_cards(cards))

    @property
    def rounds(self) -> int:
        """The number of contracts (rounds or levels)."""
        return len(self.contracts)

    def __str__(self) -> str:
        return self.name

    def summary(self) -> str:
        """A plain-text summary of the rules: players, deck, contracts, points, and every part's fields."""
        contracts = self.contracts
        kind = "round" if self.match.schedule is Schedule.ROUNDS else "level"
        lines = [f"{self.title or self.name} (variant {self.name!r}, version {self.version})", ""]
        fewest, most = self.recommended_players
        best = "" if (fewest, most) == (self.min_players, self.max_players) else f" (best {fewest}-{most})"
        lines.append(f"Players: {self.min_players}-{self.max_players}{best}")
        decks = sorted({self.deck.for_players(n) for n in range(self.min_players, self.max_players + 1)})
        for packs, jokers in decks:
            seats = [n for n in range(self.min_players, self.max_players + 1)
                     if self.deck.for_players(n) == (packs, jokers)]
            who = f" ({seats[0]}-{seats[-1]} players)" if len(decks) > 1 else ""
            lines.append(f"Deck{who}: {packs} x 52 cards + {jokers} jokers = {52 * packs + jokers} cards")
        lines.append("")
        labels = [f"{c.name} ({', '.join(str(r) for r in c.requirements)})" for c in contracts]
        width = max(len("contract"), *(len(label) for label in labels))
        lines.append(f"{kind:<6} {'contract':<{width}} {'dealt':>5}  notes")
        for i, label in enumerate(labels):
            notes = [f"going out: {contracts.going_out[i].value}"]
            quota = self._quotas[i]
            if quota is not None:
                notes.append(f"lay-off quota {quota}")
            lines.append(f"{i + 1:<6} {label:<{width}} {contracts.deal_sizes[i]:>5}  {'; '.join(notes)}".rstrip())
        lines.append("")
        points = ", ".join(f"{card} {self._points[card.index]}" for card in CARDS[:13])
        lines.append(f"Card points (spades shown): joker {self._points[52]}, {points}")
        lines.append("")
        for part in ("melds", "contracts", "drawing", "layoffs", "swaps", "buying", "match", "scoring"):
            value = getattr(self, part)
            shown = []
            for field in attrs.fields(type(value)):
                if field.name in ("contracts", "deal_sizes", "going_out", "rank_points", "joker_points"):
                    continue
                item = getattr(value, field.name)
                shown.append(f"{field.name}={item.value if isinstance(item, enum.Enum) else item}")
            lines.append(f"{part}: {', '.join(shown) or '-'}")
        return "\n".join(lines)

    @property
    def fingerprint(self) -> str:
        """A short, stable digest of the rules: 16 hex digits that change whenever a rule does.

        It is the SHA-256 of a canonical text of every rule part and field
        (but the labels ``name``, ``version``, ``title``,
        ``recommended_players``, ``references`` and ``legacy_fingerprints``),
        of each part's class name (hooks cannot be hashed, so a part subclass
        that overrides one differs from the base class), and of what the
        hooks return for each contract, card and player count. It is the same in every
        process and on every machine. A game record carries it, so a record is
        not replayed under other rules.

        >>> import attrs, remi
        >>> norwegian = remi.variants.get("norwegian")
        >>> len(norwegian.fingerprint)
        16
        >>> attrs.evolve(norwegian, scoring=remi.Scoring(joker_points=25)).fingerprint == norwegian.fingerprint
        False
        >>> attrs.evolve(norwegian, title="House").fingerprint == norwegian.fingerprint
        True

        .. versionadded:: 0.2.0
        """
        def canonical(value: object) -> object:
            if value is None or isinstance(value, (bool, int, float, str)):
                return value
            if isinstance(value, enum.Enum):
                return canonical(value.value)
            if isinstance(value, Contract):  # its name is a label
                return [[req.kind.value, req.size] for req in value.requirements]
            if attrs.has(type(value)):
                fields = getattr(type(value), "__attrs_attrs__", ())
                return {f.name: canonical(getattr(value, f.name))
                        for f in fields if f.metadata.get("fingerprint", True)}  # (no hint such as prefix_closed)
            if isinstance(value, (tuple, list)):
                return [canonical(item) for item in value]
            if isinstance(value, (set, frozenset)):
                return sorted(json.dumps(canonical(item), sort_keys=True) for item in value)
            if isinstance(value, dict):
                return sorted([json.dumps(canonical(k), sort_keys=True), canonical(v)] for k, v in value.items())
            return repr(value)

        labels = ("name", "version", "title", "recommended_players", "references", "legacy_fingerprints")
        rules: dict[str, object] = {}
        dead_twos = self.deck.dead_twos
        for field in attrs.fields(type(self)):
            if not field.init or field.name in labels:
                continue
            value = getattr(self, field.name)
            rules[field.name] = canonical(value)
            if not dead_twos and isinstance(rules[field.name], dict):
                # Without dead twos (S15) their fields play no part: left out, older fingerprints stand.
                for name in ("dead_twos", "dead_two_points"):
                    cast("dict[str, object]", rules[field.name]).pop(name, None)
            if attrs.has(type(value)):  # hooks cannot be hashed: a part's class names them
                cls = type(value)
                rules[f"class:{field.name}"] = f"{cls.__module__}.{cls.__qualname__}"
        levels = range(len(self.contracts))
        rules["hook:layoff_quota"] = list(self._quotas)
        rules["hook:winner_score"] = [self.scoring.winner_score(wins) for wins in range(1, len(levels) + 1)]
        rules["hook:card_points"] = list(self._points if dead_twos else self._points[:JOKER.index + 1])
        rules["hook:deck"] = [list(self.deck.for_players(n)) for n in range(self.min_players, self.max_players + 1)]
        text = json.dumps(rules, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]

    # -- rules as data -------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The variant as plain JSON-able data: its labels and every part's fields.

        Enums are their values, contracts ``{"name": ..., "requirements": ["set 3", ...]}``,
        tuples lists. A part that is a subclass (one that overrides a hook) names its class,
        ``"class": "module.Qualname"``. :meth:`from_dict` reads it back.

        >>> import json, remi
        >>> rules = remi.variants.get("english").to_dict()
        >>> rules["buying"]["limit"], rules["contracts"]["contracts"][0]
        (None, {'name': 'run 4 + group 3', 'requirements': ['run 4', 'set 3']})
        >>> rules["scoring"]["class"]
        'remi.variants.english.EnglishScoring'
        >>> json.loads(json.dumps(rules)) == rules
        True

        Raises:
            VariantError: If a field of a part subclass holds a value that is not data.

        .. versionadded:: 0.2.0
        """
        return variant_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, allow: Iterable[type] = ()) -> Variant:
        """The variant that ``data``, as :meth:`to_dict` writes it, describes.

        A part's ``"class"`` is looked up, never imported: among the part classes of
        the built-in, registered and installed variants, and the classes in ``allow``.
        Fields left out take their defaults.

        Args:
            data: The rules as data.
            allow: Further part classes that ``data`` may name.

        Raises:
            VariantError: If a key is unknown, a value has the wrong type or is out of
                range, a class is unknown, or the rules cannot work together; the
                sentence names the part and the field.

        >>> import remi
        >>> norwegian = remi.variants.get("norwegian")
        >>> remi.Variant.from_dict(norwegian.to_dict()) == norwegian
        True
        >>> remi.Variant.from_dict({**norwegian.to_dict(), "buying": {"limit": "three"}})
        Traceback (most recent call last):
        ...
        remi.errors.VariantError: buying.limit must be an integer or null, got 'three'

        .. versionadded:: 0.2.0
        """
        return cast(Variant, variant_from_dict(cls, data, allow))
