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
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from typing import TYPE_CHECKING, Any, NoReturn, cast

import attrs

from remi._ruledata import BOUNDS, HOOK_BOUNDS, variant_from_dict, variant_to_dict
from remi._util import is_int, printable
from remi.cards import CARD_SLOTS, CARDS, JOKER, Card, Suit, full_deck
from remi.contracts import Contract
from remi.errors import Reason, RemiError, RenamedError, VariantError
from remi.melds import (
    LONGEST_RUN,
    Meld,
    MeldKind,
    MeldProblem,
    MeldRules,
    Twos,
    as_cards,
    is_wild,
    meld_problems,
    wild_cap,
)
from remi.parts import (
    Buying,
    Contracts,
    Deck,
    Drawing,
    GoingOut,
    JokerDestination,
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
#: The fields and methods of remi 0.1's flat ``Variant`` that remi 0.2.0 moved into the parts, with where each is now.
RENAMED: Mapping[str, str] = {
    "packs": "variant.deck.packs (or variant.deck.for_players(players))",
    "jokers": "variant.deck.jokers (or variant.deck.for_players(players))",
    "schedule": "variant.match.schedule",
    "deal_sizes": "variant.contracts.deal_sizes",
    "all_in": "variant.contracts.going_out (GoingOut.ALL_IN per contract)",
    "exact_sizes": "variant.contracts.exact_sizes",
    "piecemeal": "variant.contracts.piecemeal",
    **{name: f"variant.melds.{name}" for name in (
        "set_min", "set_max", "set_distinct_suits", "run_min", "run_max", "ace_low", "ace_high", "run_wrap",
        "joker_cap", "joker_cap_on_layoff")},
    "meld_rules": "variant.melds",
    "swap_from_runs": "variant.swaps.from_runs",
    "set_swap": "variant.swaps.from_sets",
    "swap_from_own_melds": "variant.swaps.from_own_melds",
    "swapper_must_be_down": "variant.swaps.who (SwapWho.DOWN)",
    "layoff_requires_down": "variant.layoffs.requires_down",
    "own_meld_layoff_delay": "variant.layoffs.own_meld_delay",
    "going_out": "variant.contracts.going_out",
    "rediscard_taken_card": "variant.drawing.rediscard_taken_card",
    "buy_penalty": "variant.buying.penalty",
    "buy_limit": "variant.buying.limit",
    "discarder_may_buy": "variant.buying.discarder_may_buy",
    "down_players_may_buy": "variant.buying.down_players_may_buy",
    "stock_rebuilds": "variant.match.stock_rebuilds",
    "turn_limit": "variant.match.turn_limit",
    "joker_points": "variant.scoring.joker_points",
    "rank_points": "variant.scoring.rank_points",
}
#: Each part's field and its class.
_PART_CLASSES: Mapping[str, type] = {
    "deck": Deck, "melds": MeldRules, "contracts": Contracts, "drawing": Drawing, "layoffs": LayOffs,
    "swaps": Swaps, "buying": Buying, "match": Match, "scoring": Scoring,
}
#: The hooks whose probed answers play reads (so they are asked even where remi's own): the others are probed
#: only where a subclass overrides them, since remi's own follow from the part's checked fields.
_KEPT_ANSWERS = frozenset({"scoring.card_points", "layoffs.quota", "buying.order", "scoring.winner_score"})
#: The most answers of ``Match.advance_levels`` a variant keeps (then it forgets them all and starts again).
_MOST_KEPT_DEAL_ENDS = 4096


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
    are checked, and every hook a part overrides is probed on a fixed sample
    (:data:`HOOK_PROBES`).

    A part left out is its class built with no arguments. Where a rule needs a
    choice, those defaults are Norwegian Remi's: a joker left in hand costs 50
    and an ace 20, ``match.stock_rebuilds`` is 2 and ``melds.joker_cap`` is
    ``JokerCap.NATURALS``. The variant guide's table of defaults, generated
    from the parts, lists every one.

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
            hook that fails on its sample or returns a value of the wrong kind,
            an integer out of its bounds or a blank sentence.
        RenamedError: Given a keyword of remi 0.1 that is a part's field now
            (``buy_limit=``, say); the sentence names where it is.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Built from rule parts; ``references`` and ``legacy_fingerprints``.
    .. versionchanged:: 0.3.0
       Every overridden hook is probed when built, its integers bounded
       (``HOOK_BOUNDS``); the names of remi 0.1 raise :class:`~remi.errors.RenamedError`.
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
    # What the hooks answered when probed (see HOOK_PROBES): play reads these, never the hooks again.
    _deck_sizes: dict[int, tuple[int, int]] = attrs.field(init=False, eq=False, repr=False)
    _decks: dict[int, tuple[Card, ...]] = attrs.field(init=False, eq=False, repr=False)
    _points: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _quotas: tuple[int | None, ...] = attrs.field(init=False, eq=False, repr=False)
    _cites: dict[str, str] = attrs.field(init=False, eq=False, repr=False)
    _orders: dict[int, tuple[tuple[int, ...], ...]] = attrs.field(init=False, eq=False, repr=False)
    _winner_scores: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    # What Match.advance_levels answered in play, by its arguments (a hook is asked once per deal end).
    _deal_ends: dict[tuple[object, ...], tuple[tuple[int, ...], tuple[int, ...]]] = attrs.field(
        init=False, eq=False, repr=False)
    #: Whether ``Match.advance_levels`` is overridden: the deal's ends are then asked about before each turn's
    #: actions are listed, checked or applied (:meth:`ask_deal_ends`), so that those agree when the hook fails.
    open_deal_ends: bool = attrs.field(init=False, eq=False, repr=False)
    #: Whether the contracts have a contract-level rule (``Contracts.melds_problem`` can refuse).
    contract_rule: bool = attrs.field(init=False, eq=False, repr=False)
    #: Per contract, how many melds it needs (a player is down once they laid that many).
    melds_needed: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Types and ranges first: nothing below may crash on a wrong type or take long.
        self._check_fields()
        object.__setattr__(self, "layoff_rules", self.melds.for_layoffs())
        object.__setattr__(self, "_cites", {key: f" ({label})" for key, label in self.references})
        object.__setattr__(self, "_deal_ends", {})
        object.__setattr__(self, "open_deal_ends", type(self.match).advance_levels is not Match.advance_levels)
        self._probe_hooks()
        contracts = self.contracts
        object.__setattr__(self, "melds_needed", tuple(len(c.requirements) for c in contracts.contracts))
        object.__setattr__(self, "contract_rule", type(contracts).melds_problem is not Contracts.melds_problem
                           or bool(contracts.same_suit_run_gap) or contracts.distinct_set_ranks)
        self._validate()

    if not TYPE_CHECKING:  # (hidden from type checkers, which would take any keyword as valid)

        def __new__(cls, *arguments: object, **keywords: object) -> Variant:
            """Refuse a keyword of remi 0.1 (:data:`RENAMED`) with a sentence naming where that rule is now."""
            for name in keywords:
                moved = RENAMED.get(name)
                if moved is not None:
                    raise RenamedError(f"Variant({name}=...) is gone since remi 0.2.0: the rule is {moved} now, "
                                       f"set in its part")
            return super().__new__(cls)

    def __getstate__(self) -> dict[str, object]:
        return {field.name: getattr(self, field.name) for field in attrs.fields(type(self))}

    def __setstate__(self, state: dict[str, object]) -> None:
        # A variant pickled by an earlier release lacks what this one works out from the rules (the hooks'
        # probed answers, a field added since): the rules are kept, and the rest is worked out as when built.
        fields = attrs.fields(type(self))
        for field in fields:
            if field.name in state:
                object.__setattr__(self, field.name, state[field.name])
        if any(field.name not in state for field in fields):
            for field in fields:
                if field.init and field.name not in state:
                    default = field.default
                    object.__setattr__(self, field.name,
                                       default.factory() if isinstance(default, attrs.Factory)  # type: ignore[arg-type]
                                       else default)
            self.__attrs_post_init__()

    def _probe_hooks(self) -> None:
        """Ask every hook on its fixed sample (:data:`HOOK_PROBES`), check each answer, and keep what play reads."""
        sizes = {cast(int, call[0][0]): cast("tuple[int, int]", size) for call, size in self._probe(DECK_PROBE)}
        object.__setattr__(self, "_deck_sizes", sizes)
        object.__setattr__(self, "_decks", {players: full_deck(*size) for players, size in sizes.items()})
        answers = {probe.name: self._probe(probe) for probe in HOOK_PROBES
                   if probe.name in _KEPT_ANSWERS or self._overrides(probe)}
        points = [0] * CARD_SLOTS
        for call, value in answers["scoring.card_points"]:
            points[cast(Card, call[0][0]).index] = cast(int, value)
        object.__setattr__(self, "_points", tuple(points))
        object.__setattr__(self, "_quotas", tuple(cast("int | None", quota) for _, quota in answers["layoffs.quota"]))
        orders: dict[int, list[tuple[int, ...]]] = {}
        for call, order in answers["buying.order"]:
            orders.setdefault(cast(int, call[0][0]), []).append(tuple(cast("Iterable[int]", order)))
        object.__setattr__(self, "_orders", {players: tuple(rows) for players, rows in orders.items()})
        object.__setattr__(self, "_winner_scores", tuple(cast(int, score)
                                                          for _, score in answers["scoring.winner_score"]))

    def _overrides(self, probe: HookProbe) -> bool:
        """Whether the part of ``probe`` is of a subclass that overrides its hook (remi's own hooks are not probed)."""
        part = getattr(self, probe.part)
        base = _PART_CLASSES.get(probe.part, type(part))
        return getattr(type(part), probe.hook, None) is not getattr(base, probe.hook, None)

    def _probe(self, probe: HookProbe) -> list[tuple[HookCall, object]]:
        """Every call of ``probe``'s sample with the hook's checked answer."""
        return [(call, self._ask(probe, call)) for call in probe.samples(self)]

    def _ask(self, probe: HookProbe, call: HookCall) -> object:
        """What ``probe``'s hook answers to ``call``, checked; a failure or a wrong answer is a VariantError."""
        arguments, keywords = call
        try:
            result = getattr(getattr(self, probe.part), probe.hook)(*arguments, **keywords)
        except VariantError:
            raise
        except Exception as error:
            self._hook_failed(probe, call, error)
        if isinstance(result, Iterator):  # (a generator: read once, here, so that the check does not use it up)
            result = tuple(result)
        if probe.check(self, call, result) is not None:
            self._wrong_answer(probe, call, result)
        return cast(object, result)

    def _hook_failed(self, probe: HookProbe, call: HookCall, error: Exception) -> NoReturn:
        """Raise the VariantError for ``error``, raised by ``probe``'s hook asked ``call`` (the error its cause)."""
        raise VariantError(f"{self.name}: {probe.name}({shown_call(call)}) failed: "
                           f"{type(error).__name__}: {error}") from error

    def _wrong_answer(self, probe: HookProbe, call: HookCall, result: object) -> NoReturn:
        """Refuse ``result``, what ``probe``'s hook answered to ``call``, saying what it must return."""
        self._fail(f"{probe.name}({shown_call(call)}) must return {probe.check(self, call, result)}, "
                   f"got {printable(result)}")

    def call_hook(self, name: str, *arguments: object, **keywords: object) -> object:
        """Ask the hook ``name`` (``"part.hook"``, an entry of :data:`HOOK_PROBES`), checked as when probed.

        The engine asks a part's hooks through here (or reads what they answered when probed),
        so that a hook failing in play is a :class:`~remi.VariantError` naming it.

        >>> import remi
        >>> remi.variants.get("english").call_hook("scoring.winner_score", 2)
        -20

        Raises:
            VariantError: If the hook raises or returns what its entry's check refuses.
            RemiError: If ``name`` is no entry of :data:`HOOK_PROBES`.

        .. versionadded:: 0.3.0
        """
        probe = PROBES_BY_NAME.get(name)
        if probe is None:
            raise RemiError(f"no hook named {printable(name)} (known: {', '.join(sorted(PROBES_BY_NAME))})",
                            Reason.BAD_ARGUMENT)
        return self._ask(probe, (arguments, keywords))

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
        for field, kind in _PART_CLASSES.items():
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
        """What the player who goes out scores with ``wins`` wins so far (:meth:`Scoring.winner_score`).

        The hook's answers for 1 to :attr:`rounds` wins were probed when the variant was built (the
        most wins a player can have unless ``Match.advance_levels`` is overridden); others are asked.

        Raises:
            VariantError: If the hook, asked, fails or returns no integer within its bounds
                (:data:`~remi._ruledata.HOOK_BOUNDS`).
        """
        scores = self._winner_scores
        if type(wins) is int and 0 < wins <= len(scores):
            return scores[wins - 1]
        return cast(int, self.call_hook("scoring.winner_score", wins))

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

        Each distinct question is put to the hook once (its answers are kept, up to a few thousand).

        Raises:
            VariantError: If the hook fails or returns levels out of range.
        """
        key = (tuple(levels), winner, tuple(went_down))
        found = self._deal_ends.get(key)
        if found is None:
            answer = self.call_hook("match.advance_levels", key[0], len(self.contracts), winner, key[2])
            moved, finished = cast("tuple[Iterable[int], Iterable[int]]", answer)
            found = tuple(moved), tuple(finished)
            if len(self._deal_ends) >= _MOST_KEPT_DEAL_ENDS:
                self._deal_ends.clear()
            self._deal_ends[key] = found
        return found

    def ask_deal_ends(self, levels: tuple[int, ...], wins: tuple[int, ...], laid: Sequence[Sized],
                      seat: int) -> None:
        """Ask the hooks of a deal's end about every way the deal could end on ``seat``'s coming action.

        The engine asks this before it lists, checks or applies an action of a variant whose
        ``Match.advance_levels`` is overridden (:attr:`open_deal_ends`): a hook that fails then fails
        :meth:`~remi.GameState.legal_actions`, :meth:`~remi.GameState.is_legal` and
        :meth:`~remi.GameState.apply` alike, with the same :class:`~remi.VariantError`, never
        an action that was listed as legal. The deal can end with no winner (the stock ran out), or
        with ``seat`` going out, having gone down; ``laid`` holds, per seat, the requirements laid.

        Raises:
            VariantError: If ``Match.advance_levels`` or ``Scoring.winner_score`` fails on one of them.

        .. versionadded:: 0.3.0
        """
        needed = self.melds_needed
        went_down = tuple(len(done) == needed[level - 1] for done, level in zip(laid, levels, strict=True))
        down = (*went_down[:seat], True, *went_down[seat + 1:])
        self.next_levels(levels, None, went_down)
        self.next_levels(levels, None, down)
        self.next_levels(levels, seat, down)
        self.winner_score(wins[seat] + 1)

    def match_winners(self, scores: Sequence[int], finishers: Sequence[int] = ()) -> tuple[int, ...]:
        """Who won a finished match with these total ``scores`` (:meth:`Match.winners`).

        Args:
            scores: Each seat's total.
            finishers: The seats that completed the last level (a levels match; the second
                value :meth:`next_levels` returns for the last deal).

        >>> import remi
        >>> remi.variants.get("norwegian").match_winners((120, 45, 45))
        (1, 2)

        Raises:
            VariantError: If the hook fails or names no seats.

        .. versionchanged:: 0.3.0
           Takes the finishers, plain seats, instead of the last deal's result (still read, with a
           :class:`DeprecationWarning`).
        """
        if hasattr(finishers, "went_down"):
            warnings.warn("Variant.match_winners(scores, last_deal) is deprecated: pass the seats that completed "
                          "the last level, match_winners(scores, finishers)", DeprecationWarning, stacklevel=2)
            deal = cast(Any, finishers)
            finishers = self.next_levels(deal.levels, deal.winner, deal.went_down)[1]
        found = self.call_hook("match.winners", tuple(scores), tuple(finishers))
        return tuple(cast("Iterable[int]", found))

    def contract_problem(self, level: int, melds: Sequence[Meld]) -> str | None:
        """What :meth:`Contracts.melds_problem` says of ``melds`` as contract ``level``'s (0-based).

        Raises:
            VariantError: If the hook fails or returns neither ``None`` nor a sentence (text that is not blank).
        """
        try:
            problem = self.contracts.melds_problem(level, melds, self.melds)
        except VariantError:
            raise
        except Exception as error:
            self._hook_failed(_CONTRACT_PROBE, _call(level, melds, self.melds), error)
        if problem is None or (type(problem) is str and problem.strip()):
            return problem
        self._wrong_answer(_CONTRACT_PROBE, _call(level, melds, self.melds), problem)

    def joker_destinations(self, meld: Meld) -> tuple[JokerDestination, ...]:
        """Where a joker swapped out of the run ``meld`` may go (:meth:`Swaps.joker_destinations`).

        Raises:
            VariantError: If the hook fails or returns anything but one or more
                distinct :class:`~remi.JokerDestination` values.

        .. versionadded:: 0.3.0
        """
        swaps = self.swaps
        if type(swaps).joker_destinations is Swaps.joker_destinations:  # the default: no call, no check
            return swaps.joker_destinations(meld)
        return cast("tuple[JokerDestination, ...]", self.call_hook("swaps.joker_destinations", meld))

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
        sizes = self._deck_sizes
        decks = sorted(set(sizes.values()))
        for packs, jokers in decks:
            seats = [n for n in range(self.min_players, self.max_players + 1)
                     if sizes[n] == (packs, jokers)]
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
        import json  # deferred: `import remi` does not load json before a variant or a state is written as text

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
        rules["hook:layoff_quota"] = list(self._quotas)
        rules["hook:winner_score"] = list(self._winner_scores)
        rules["hook:card_points"] = list(self._points if dead_twos else self._points[:JOKER.index + 1])
        rules["hook:deck"] = [list(self._deck_sizes[n]) for n in range(self.min_players, self.max_players + 1)]
        text = json.dumps(rules, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        import hashlib  # deferred: `import remi` does not load OpenSSL's hashes before a fingerprint is asked for

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


class _Renamed:
    """A name of remi 0.1's ``Variant`` (:data:`RENAMED`): reading it raises a RenamedError naming the new one.

    (A descriptor per name, not ``__getattr__``: that would slow every attribute read of every variant.)
    """

    def __init__(self, name: str, moved: str) -> None:
        self.name, self.moved = name, moved

    def __get__(self, variant: object, owner: type | None = None) -> NoReturn:
        raise RenamedError(f"Variant.{self.name} is gone since remi 0.2.0: use {self.moved}")


def _refuse_renamed() -> None:
    """Put a :class:`_Renamed` on :class:`Variant` for each name of :data:`RENAMED`."""
    for name, moved in RENAMED.items():
        setattr(Variant, name, _Renamed(name, moved))


_refuse_renamed()


# -- hooks probed when the variant is built ----------------------------------------------------------------------

#: One call of a hook: its positional arguments and its keywords.
HookCall = tuple[tuple[object, ...], Mapping[str, object]]


@attrs.frozen
class HookProbe:
    """How one hook of one part is probed when a :class:`Variant` is built, and checked when asked in play.

    A new hook is probed by one more entry in :data:`HOOK_PROBES`: the part, the hook,
    the sample of inputs and the check of each result.

    Attributes:
        part: The variant's field that holds the part (``"scoring"``); messages name it.
        hook: The hook's method name (``"winner_score"``).
        samples: The fixed, deterministic inputs to ask the hook on, from the variant being
            built (its levels, player counts and the melds its own deck can make).
        check: Given the variant, one call and the hook's result: ``None`` if the result is
            right, else what the hook must return, as a phrase (``"an integer from 0 to 1000"``).

    .. versionadded:: 0.3.0
    """

    part: str
    hook: str
    samples: Callable[[Variant], Iterable[HookCall]]
    check: Callable[[Variant, HookCall, object], str | None]

    @property
    def name(self) -> str:
        """The hook's name in messages: ``"scoring.winner_score"``."""
        return f"{self.part}.{self.hook}"


def _call(*arguments: object, **keywords: object) -> HookCall:
    """One call of a hook, as a probe's samples yield it."""
    return arguments, keywords


def _shown(value: object) -> str:
    """An argument of a hook call as a message shows it: a meld as its text, the meld rules as ``melds``."""
    if isinstance(value, Meld):
        return str(value)
    if isinstance(value, MeldRules):
        return "melds"
    if isinstance(value, (list, tuple)) and value and all(isinstance(item, Meld) for item in value):
        return f"[{', '.join(str(item) for item in value)}]"
    try:
        return str(value)
    except ValueError:  # an integer too long to print
        return printable(value)


def shown_call(call: HookCall) -> str:
    """The arguments of ``call`` as a message shows them: ``"3, on_table=True"``."""
    arguments, keywords = call
    return ", ".join([*(_shown(argument) for argument in arguments),
                      *(f"{key}={_shown(value)}" for key, value in keywords.items())])


# -- the samples: fixed inputs from the variant itself --


def _each_player_count(variant: Variant) -> Iterator[HookCall]:
    """Every player count the variant seats."""
    for players in range(variant.min_players, variant.max_players + 1):
        yield _call(players)


def _each_card(variant: Variant) -> Iterator[HookCall]:
    """Every card there is (the dead twos too)."""
    for card in CARDS:
        yield _call(card)


def _each_level(variant: Variant) -> Iterator[HookCall]:
    """Every contract's index (0-based)."""
    for level in range(len(variant.contracts)):
        yield _call(level)


def _each_win_count(variant: Variant) -> Iterator[HookCall]:
    """Every number of wins a player can have in a match of built-in deal order (1 to the number of contracts)."""
    for wins in range(1, len(variant.contracts) + 1):
        yield _call(wins)


def _each_seat_on_turn(variant: Variant) -> Iterator[HookCall]:
    """Every seat on turn for every player count."""
    for players in range(variant.min_players, variant.max_players + 1):
        for on_turn in range(players):
            yield _call(players, on_turn)


def _probed_player_counts(variant: Variant) -> tuple[int, ...]:
    """The fewest and the most players, the player counts a probe of a per-seat hook asks about."""
    return tuple(sorted({variant.min_players, variant.max_players}))


def _deal_ends(variant: Variant) -> Iterator[HookCall]:
    """Ends of a deal: every level for all seats (mixed levels too, in a levels match), with or without a winner.

    A winner has always gone down (only a player whose contract is down goes out).
    """
    last = len(variant.contracts)
    for players in _probed_player_counts(variant):
        rows = [(level,) * players for level in range(1, last + 1)]
        if variant.match.schedule is Schedule.LEVELS:  # (in fixed rounds every seat plays the same contract)
            rows.append(tuple(1 + seat % last for seat in range(players)))
        for levels in rows:
            yield _call(levels, last, None, (False,) * players)
            yield _call(levels, last, None, (True,) * players)
            for winner in sorted({0, players - 1}):
                yield _call(levels, last, winner, tuple(seat == winner for seat in range(players)))
                yield _call(levels, last, winner, (True,) * players)


def _match_ends(variant: Variant) -> Iterator[HookCall]:
    """Ends of a match: tied, rising and falling totals, with no, one or every seat having finished."""
    for players in _probed_player_counts(variant):
        seats = tuple(range(players))
        for scores in ((0,) * players, tuple(10 * seat for seat in seats), tuple(-25 * seat for seat in seats)):
            for finishers in ((), (players - 1,), seats):
                yield _call(scores, finishers)


#: The ranks the sample sets are made of, tried in turn (kings never: a test's hook may fail on them alone).
_SAMPLE_SET_RANKS = (5, 9, 12, 7, 3, 11, 6, 4, 8, 10, 1, 2)
#: Where a sample run of natural ranks may start, tried in turn until one is a valid run.
_SAMPLE_RUN_STARTS = (3, 1, 2, 4, 5, 6, 7, 8, 9)


def _sample_sets(size: int, index: int, wild: bool) -> Iterator[tuple[Card, ...]]:
    """Sets of ``size`` to try: of each sample rank from the ``index``-th, suits in turn, one wild last if ``wild``."""
    for step in range(len(_SAMPLE_SET_RANKS)):
        rank = _SAMPLE_SET_RANKS[(index + step) % len(_SAMPLE_SET_RANKS)]
        cards = [Card(rank, Suit(count % 4)) for count in range(size)]
        if wild:
            cards[-1] = JOKER
        yield tuple(cards)


def _sample_runs(size: int, index: int, wild: bool) -> Iterator[tuple[Card, ...]]:
    """Runs of ``size`` to try: in each suit from the ``index``-th, each start, the middle card wild if ``wild``."""
    for step in range(4):
        suit = Suit((index + step) % 4)
        for start in _SAMPLE_RUN_STARTS:
            cards = [Card((rank - 1) % 13 + 1, suit) for rank in range(start, start + size)]
            if wild:
                cards[size // 2] = JOKER
            yield tuple(cards)


def _sample_contract(variant: Variant, deck: Counter[Card], contract: Contract, wild: bool) -> tuple[Meld, ...] | None:
    """Melds that fulfil ``contract`` from the variant's own deck (the first holding a wild if ``wild``), or None.

    Each requirement takes the first candidate that is a valid meld and whose cards the deck still holds; None
    when these meld rules or this deck cannot make them so (the variant's validation says why).
    """
    left = Counter(deck)
    melds = []
    for index, requirement in enumerate(contract.requirements):
        make = _sample_sets if requirement.kind is MeldKind.SET else _sample_runs
        found = next((cards for cards in make(requirement.size, index, wild and index == 0)
                      if not Counter(cards) - left and not meld_problems(variant.melds, requirement.kind, cards)),
                     None)
        if found is None:
            return None
        left -= Counter(found)
        melds.append(Meld(requirement.kind, found))
    return tuple(melds)


def sample_contracts(variant: Variant) -> Iterator[tuple[int, tuple[Meld, ...]]]:
    """Per contract (its index), melds that fulfil it: all natural, then with a wild; a piecemeal contract's first too.

    Made from the variant's own deck under its meld rules; a contract they cannot make is left out.
    """
    piecemeal = variant.contracts.piecemeal
    deck = Counter(variant.cards(variant.min_players))
    for level, contract in enumerate(variant.contracts):
        for wild in (False, True):
            melds = _sample_contract(variant, deck, contract, wild)
            if melds is None:
                continue
            yield level, melds
            if piecemeal and len(melds) > 1:
                yield level, melds[:1]


def sample_melds(variant: Variant) -> tuple[Meld, ...]:
    """Distinct valid melds the variant's contracts ask for, from its own deck: each natural and with a wild."""
    return tuple(dict.fromkeys(meld for _, melds in sample_contracts(variant) for meld in melds))


def _contract_melds(variant: Variant) -> Iterator[HookCall]:
    """For each contract, melds that fulfil it (see :func:`sample_contracts`), with the meld rules."""
    for level, melds in sample_contracts(variant):
        yield _call(level, melds, variant.melds)


def each_meld_down_and_on_table(variant: Variant) -> Iterator[HookCall]:
    """Each sample meld (:func:`sample_melds`), going down (``on_table=False``) and on the table (``True``)."""
    for meld in sample_melds(variant):
        yield _call(meld, on_table=False)
        yield _call(meld, on_table=True)


def each_run_with_a_wild(variant: Variant) -> Iterator[HookCall]:
    """Each sample run (:func:`sample_melds`) that holds a wild."""
    for meld in sample_melds(variant):
        if meld.kind is MeldKind.RUN and any(is_wild(variant.melds, card) for card in meld.cards):
            yield _call(meld)


# -- the checks: what each hook must return --


def integer_within(key: str, *, optional: bool = False) -> Callable[[Variant, HookCall, object], str | None]:
    """The check of a hook that returns an integer within ``HOOK_BOUNDS[key]`` (or None, if ``optional``)."""
    low, high = HOOK_BOUNDS[key]
    phrase = f"an integer from {low} to {high}{' or None' if optional else ''}"

    def check(variant: Variant, call: HookCall, result: object) -> str | None:
        if optional and result is None:
            return None
        return None if is_int(result) and low <= cast(int, result) <= high else phrase

    check.__doc__ = f"{phrase[0].upper()}{phrase[1:]} (``HOOK_BOUNDS[{key!r}]``)."
    return check


def sentence_or_none(variant: Variant, call: HookCall, result: object) -> str | None:
    """``None``, or a sentence: text that is not blank (a hook's refusal, cited like any other)."""
    if result is None or (isinstance(result, str) and result.strip()):
        return None
    return "None or a sentence (text that is not blank)"


def tuple_of(kind: type) -> Callable[[Variant, HookCall, object], str | None]:
    """The check of a hook that returns a tuple of one or more distinct ``kind`` values (enum members, say)."""
    phrase = f"a tuple of one or more {kind.__name__} values, each once"

    def check(variant: Variant, call: HookCall, result: object) -> str | None:
        fine = (isinstance(result, tuple) and result and all(isinstance(item, kind) for item in result)
                and len(set(result)) == len(result))
        return None if fine else phrase

    check.__doc__ = f"{phrase[0].upper()}{phrase[1:]}."
    return check


def _pack_and_jokers(variant: Variant, call: HookCall, result: object) -> str | None:
    """``(packs, jokers)``, within ``BOUNDS["deck.packs"]`` and ``BOUNDS["deck.jokers"]``."""
    if not (isinstance(result, tuple) and len(result) == 2):
        return "(packs, jokers)"
    (fewest_packs, most_packs), (fewest_jokers, most_jokers) = BOUNDS["deck.packs"], BOUNDS["deck.jokers"]
    packs, jokers = result
    if is_int(packs) and cast(int, fewest_packs) <= packs <= cast(int, most_packs) and is_int(jokers) and cast(
            int, fewest_jokers) <= jokers <= cast(int, most_jokers):
        return None
    return f"{fewest_packs} to {most_packs} packs and {fewest_jokers} to {most_jokers} jokers"


def _seats(result: object, players: int) -> tuple[object, ...] | None:
    """``result`` as seats among ``players``, each once, or None if it is not that."""
    if not isinstance(result, Iterable) or isinstance(result, (str, bytes, Mapping)):
        return None
    seats = tuple(cast("Iterable[object]", result))
    if len(set(seats)) != len(seats) or not all(is_int(seat) and 0 <= cast(int, seat) < players for seat in seats):
        return None
    return seats


def _other_seats(variant: Variant, call: HookCall, result: object) -> str | None:
    """Seats other than the one on turn, each once (a seat may be left out)."""
    players, on_turn = cast("tuple[int, int]", call[0])
    seats = _seats(result, players)
    return None if seats is not None and on_turn not in seats else "other seats, each once"


def _levels_and_finishers(variant: Variant, call: HookCall, result: object) -> str | None:
    """``(levels, finishers)``: one level from 1 to the last per seat, and seats, each once."""
    levels, last = cast("tuple[tuple[int, ...], int]", call[0][:2])
    phrase = (f"(levels, finishers): one level from 1 to {last} per seat, then the seats that completed the "
              f"last level, each once")
    if not (isinstance(result, tuple) and len(result) == 2):
        return phrase
    moved, finished = result
    if not isinstance(moved, (tuple, list)) or len(moved) != len(levels) or not all(
            is_int(level) and 1 <= level <= last for level in moved):
        return phrase
    return None if _seats(finished, len(levels)) is not None else phrase


def _winning_seats(variant: Variant, call: HookCall, result: object) -> str | None:
    """One or more seats, each once."""
    scores = cast("tuple[int, ...]", call[0][0])
    seats = _seats(result, len(scores))
    return None if seats else "one or more seats, each once"


#: The deck's hook, probed first: the other samples are made from the deck it says.
DECK_PROBE = HookProbe("deck", "for_players", _each_player_count, _pack_and_jokers)

#: Every other hook of the parts, probed when a variant is built, in this order; a hook asked in play
#: (:meth:`Variant.call_hook`) is checked by its entry here too. A new hook is one more entry.
HOOK_PROBES: tuple[HookProbe, ...] = (
    HookProbe("scoring", "card_points", _each_card, integer_within("scoring.card_points")),
    HookProbe("layoffs", "quota", _each_level, integer_within("layoffs.quota", optional=True)),
    HookProbe("buying", "order", _each_seat_on_turn, _other_seats),
    HookProbe("scoring", "winner_score", _each_win_count, integer_within("scoring.winner_score")),
    HookProbe("contracts", "melds_problem", _contract_melds, sentence_or_none),
    HookProbe("swaps", "joker_destinations", each_run_with_a_wild, tuple_of(JokerDestination)),
    HookProbe("melds", "meld_problem", each_meld_down_and_on_table, sentence_or_none),
    HookProbe("match", "advance_levels", _deal_ends, _levels_and_finishers),
    HookProbe("match", "winners", _match_ends, _winning_seats),
)

#: Each probed hook by its name, ``"part.hook"``, as :meth:`Variant.call_hook` finds it.
PROBES_BY_NAME: Mapping[str, HookProbe] = {probe.name: probe for probe in (DECK_PROBE, *HOOK_PROBES)}
_CONTRACT_PROBE = PROBES_BY_NAME["contracts.melds_problem"]
