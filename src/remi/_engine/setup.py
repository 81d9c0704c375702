"""Starting a match, or any position of one (``remi.new_game``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations
from typing import TYPE_CHECKING, Any, cast

import attrs

from remi._engine.rules import contract_laid
from remi._engine.transitions import seeded_rng, start_deal
from remi._engine.values import StateChanges, TableMeld, by_index, evolve
from remi._util import printable, seed_problem
from remi.cards import JOKER, Card, format_cards, live_twin, shuffled
from remi.contracts import Requirement
from remi.errors import Reason, RemiError
from remi.melds import Meld, MeldKind, as_cards, meld_problems
from remi.parts import GoingOut, Schedule
from remi.variant import Variant
from remi.variants import get

if TYPE_CHECKING:
    from collections.abc import Callable

    from remi.state import GameState

__all__ = ["build_game", "game_from_start"]

CardsLike = Sequence[Card] | str

#: What ``new_game`` adds to its refusal of a position that cannot arise in play.
REACHABLE_HINT = " (build a reachable one with remi.position(...))"


def unreachable(message: str) -> RemiError:
    """The refusal of a position that cannot arise in play: ``message``, and where to build a reachable one."""
    return RemiError(f"{message}{REACHABLE_HINT}", Reason.BAD_POSITION)

#: The keys of ``GameState.start``, in the order :func:`new_game` records them.
START_KEYS = (
    "variant",
    "version",
    "players",
    "seed",
    "dealer",
    "round",
    "levels",
    "wins",
    "scores",
    "deck",
    "hands",
    "stock",
    "discard_pile",
    "table",
    "layoffs",
)


def build_game(
    empty: GameState,
    variant: Variant | str,
    players: int = 4,
    seed: int | str | None = None,
    *,
    deck: CardsLike | None = None,
    hands: Sequence[CardsLike] | None = None,
    stock: CardsLike | None = None,
    discard_pile: CardsLike | None = None,
    dealer: int | None = None,
    round: int | None = None,
    levels: Sequence[int] | None = None,
    wins: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    table: Sequence[TableMeld] = (),
    layoffs: Sequence[int] | None = None,
) -> GameState:
    """The state :func:`remi.new_game` starts: ``empty`` (a state with no field) evolved to it.

    The arguments are checked in the order of :func:`remi.new_game`'s signature
    (the variant, the players, the seed, the dealer, the levels and totals, the
    table), then the cards.
    """
    variant = variant_of(variant)
    check_players(variant, players)
    seed = _seed(seed)
    dealer = _dealer(dealer, seed, players)
    start_levels = levels_of(variant, players, round, levels)
    start_wins = _seat_values("wins", wins, players, 0)
    start_scores = _seat_values("scores", scores, players, 0, allow_negative=True)
    start_layoffs = _seat_values("layoffs", layoffs, players, 0)
    table_melds, laid, used = _check_table(variant, players, table, start_levels, start_layoffs)
    pool = list(variant.cards(players))
    take_cards(pool, used, "the table", variant.deck.dead_twos)
    if hands is not None and (isinstance(hands, str) or not isinstance(hands, Sequence)):
        raise RemiError("hands= takes one hand (card text or cards) per seat", Reason.BAD_POSITION)
    start = [("variant", variant.name), ("version", variant.version), ("players", players), ("seed", seed),
             ("dealer", dealer)]
    given = {
        "round": round,
        "levels": None if levels is None else start_levels,
        "wins": None if wins is None else start_wins,
        "scores": None if scores is None else start_scores,
        **_given_cards(deck, hands, stock, discard_pile),
        "table": tuple((meld.owner, str(Meld(meld.kind, meld.cards)), meld.turn) for meld in table_melds) or None,
        "layoffs": None if layoffs is None else start_layoffs,
    }
    start.extend((key, value) for key, value in given.items() if value is not None)
    base: StateChanges = {
        "start": tuple(start),  # deeply immutable: every value above is a scalar or a tuple
        "variant": variant,
        "players": players,
        "seed": seed,
        "wins": start_wins,
        "scores": start_scores,
        "deal_scores": (),
        "last_deal": None,
        "_history": None,
    }
    # a state with these fields (the others None, for now), for the dealing to read
    blank = cast(StateChanges, {field.name: base.get(field.name) for field in attrs.fields(type(empty))})
    state = evolve(empty, blank)
    if hands is not None:
        if deck is not None:
            raise RemiError("give either deck= or hands=, not both")
        return _from_hands(
            state, base, pool, hands, stock, discard_pile, dealer, start_levels, table_melds, laid, start_layoffs
        )
    if stock is not None or discard_pile is not None:
        raise RemiError("stock= and discard_pile= go with hands=; with a deck, stack the deck")
    return _from_deck(state, base, pool, deck, dealer, start_levels, table_melds, laid, start_layoffs)


def variant_of(variant: object) -> Variant:
    """The variant ``variant`` is, or names (a registered name)."""
    if isinstance(variant, str):
        variant = get(variant)
    if not isinstance(variant, Variant):
        raise RemiError(f"expected a Variant or a variant name, got {type(variant).__name__}")
    return variant


def check_players(variant: Variant, players: object) -> None:
    """Refuse a number of players that is not an integer the variant is played by."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise RemiError(f"players must be an integer, got {printable(players)}")
    if not variant.min_players <= players <= variant.max_players:
        raise RemiError(
            f"{variant.name} is played by {variant.min_players} to {variant.max_players} players, "
            f"not {printable(players)}"
        )


def _seed(seed: int | str | None) -> int | str:
    """The match's seed: ``seed`` if it is one, else one picked at random (``None``)."""
    if seed is None:
        import random  # deferred: `import remi` does not load random before the first shuffle

        seed = random.SystemRandom().randrange(2**63)
    problem = seed_problem(seed)
    if problem:
        raise RemiError(f"seed {problem}")
    return seed


def _dealer(dealer: int | None, seed: int | str, players: int) -> int:
    """The first dealer's seat: ``dealer`` if it is a seat, else the seed's choice (``None``, N12)."""
    if dealer is None:
        dealer = seeded_rng(seed, "dealer").randrange(players)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise RemiError(f"dealer must be a seat from 0 to {players - 1}, got {printable(dealer)}", Reason.NOT_A_SEAT)
    return dealer


def _given_cards(
    deck: CardsLike | None,
    hands: Sequence[CardsLike] | None,
    stock: CardsLike | None,
    discard_pile: CardsLike | None,
) -> dict[str, Any]:
    """The card arguments of ``new_game`` as they are recorded in ``start``: card text (``None``: not given)."""
    return {
        "deck": _card_text(deck),
        "hands": None if hands is None else tuple(format_cards(as_cards(hand)) for hand in hands),
        "stock": _card_text(stock),
        "discard_pile": _card_text(discard_pile),
    }


def _card_text(cards: CardsLike | None) -> str | None:
    """``cards`` as card text, or ``None`` if not given."""
    return None if cards is None else format_cards(as_cards(cards))


def game_from_start(
    start: Sequence[tuple[str, Any]], variant: Variant, new_game: Callable[..., GameState]
) -> GameState:
    """The first state of a match, rebuilt from its ``start`` pairs under ``variant``.

    The pairs are :attr:`GameState.start` (or read back from JSON or a record);
    ``variant`` and ``version`` are the caller's to check; ``new_game`` is :func:`remi.new_game`.

    Raises:
        RemiError: If a name is unknown or repeated, or the arguments describe no position.
    """
    args: dict[str, Any] = {}
    for key, value in start:
        if key not in START_KEYS:
            raise RemiError(f"unknown start argument {printable(key)} (known: {', '.join(START_KEYS)})",
                            Reason.BAD_POSITION)
        if key in args:
            raise RemiError(f"the start argument {printable(key)} is given twice", Reason.BAD_POSITION)
        args[key] = value
    args.pop("variant", None)
    args.pop("version", None)
    if "table" in args:
        entries = args["table"]
        if isinstance(entries, str) or not isinstance(entries, Sequence):
            raise RemiError(f"the table is a list of [owner, meld, turn] entries, got {printable(entries)}",
                            Reason.BAD_POSITION)
        args["table"] = [_table_entry(entry) for entry in entries]
    return new_game(variant, **args)


def _table_entry(entry: Any) -> TableMeld:
    """A table meld from a recorded ``[owner, meld, turn]`` entry (or a TableMeld as it is)."""
    if isinstance(entry, TableMeld):
        return entry
    if isinstance(entry, str) or not isinstance(entry, Sequence) or len(entry) != 3 or not isinstance(entry[1], str):
        raise RemiError(f"a table entry is [owner, meld, turn], got {printable(entry)}", Reason.BAD_POSITION)
    owner, text, turn = entry
    meld = Meld.parse(text)
    if isinstance(owner, bool) or not isinstance(owner, int):
        raise RemiError(f"a table entry's owner is a seat, got {printable(owner)}", Reason.NOT_A_SEAT)
    if isinstance(turn, bool) or not (turn is None or isinstance(turn, int)):
        raise RemiError(f"a table entry's turn is a number or null, got {printable(turn)}", Reason.BAD_POSITION)
    return TableMeld(meld.kind, meld.cards, owner, turn)


def levels_of(variant: Variant, players: int, round: int | None, levels: Sequence[int] | None) -> tuple[int, ...]:
    """Each seat's starting contract level, from ``round`` (fixed rounds) or ``levels`` (per-player levels)."""
    last = len(variant.contracts)
    if variant.match.schedule is Schedule.ROUNDS:
        if levels is not None:
            raise RemiError(f"{variant.name} plays fixed rounds: use round=, not levels=", Reason.BAD_POSITION)
        start = 1 if round is None else round
        if isinstance(start, bool) or not isinstance(start, int) or not 1 <= start <= last:
            raise RemiError(f"round must be 1 to {last}, got {printable(round)}", Reason.BAD_POSITION)
        return (start,) * players
    if round is not None:
        raise RemiError(f"{variant.name} plays per-player levels: use levels=, not round=", Reason.BAD_POSITION)
    values = _seat_values("levels", levels, players, 1)
    if any(not 1 <= level <= last for level in values):
        raise RemiError(f"levels must be 1 to {last}, got {list(values)}", Reason.BAD_POSITION)
    return values


#: The largest total, count of wins or of lay-offs a match may start from: 2**53 - 1, the largest
#: integer every JSON reader holds exactly.
_MOST_POINTS = 2**53 - 1


def _seat_values(
    name: str, values: Sequence[int] | None, players: int, default: int, *, allow_negative: bool = False
) -> tuple[int, ...]:
    """One integer per seat from ``values`` (``default`` for each if ``None``); refuse a bad sequence."""
    if values is None:
        return (default,) * players
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise RemiError(f"{name} needs one integer per seat ({players}), got {printable(values)}", Reason.BAD_POSITION)
    out = tuple(values)
    if len(out) != players or any(isinstance(v, bool) or not isinstance(v, int) for v in out):
        raise RemiError(f"{name} needs one integer per seat ({players}), got {printable(values)}", Reason.BAD_POSITION)
    if not allow_negative and any(v < 0 for v in out):
        raise RemiError(f"{name} cannot be negative, got {printable(list(out))}", Reason.BAD_POSITION)
    if any(not -_MOST_POINTS <= v <= _MOST_POINTS for v in out):
        # (beyond this a total no longer reads back exactly everywhere JSON is read, and Python
        # prints no integer of more than 4,300 digits: to_json() could not write the state)
        low = f"-{_MOST_POINTS:,}" if allow_negative else "0"
        raise RemiError(f"{name} must lie between {low} and {_MOST_POINTS:,}, got {printable(list(out))}",
                        Reason.BAD_POSITION)
    return out


def take_cards(pool: list[Card], cards: Sequence[Card], where: str, dead_twos: bool = False) -> None:
    """Take ``cards`` out of ``pool``; with ``dead_twos`` a dead 2 (S15) takes its live twin, the card it was."""
    for card in cards:
        if card.is_dead and not dead_twos:
            raise RemiError(f"{where} holds the dead 2 {card}, but only a discard in a variant with dead "
                            "twos (deck.dead_twos) makes one", Reason.BAD_POSITION)
        try:
            pool.remove(live_twin(card))
        except ValueError:
            raise RemiError(f"{where} uses more {card} than the deck holds", Reason.BAD_POSITION) from None


# -- the table -----------------------------------------------------------------------------------------


def _check_table(
    variant: Variant,
    players: int,
    table: Sequence[TableMeld],
    levels: tuple[int, ...],
    layoffs: tuple[int, ...],
) -> tuple[tuple[TableMeld, ...], tuple[frozenset[int], ...], list[Card]]:
    """Check that the table can lie so in play; return the melds, each seat's laid requirements, the cards.

    A meld was laid whole to fill one requirement of its owner's contract, then
    grew by lay-offs (one card at a time, each result valid under the lay-off
    rules); every lay-off of the deal is on the table, so the melds have grown
    by ``sum(layoffs)`` cards in all.
    """
    if isinstance(table, (str, bytes)) or not isinstance(table, Sequence):
        raise RemiError(f"table= takes a sequence of TableMeld values, got {printable(table)}", Reason.BAD_POSITION)
    melds = tuple(table)
    used: list[Card] = []
    by_owner: dict[int, list[TableMeld]] = {}
    for meld in melds:
        _check_table_meld(variant, players, meld)
        used.extend(meld.cards)
        by_owner.setdefault(meld.owner, []).append(meld)
    # per seat: the ways its melds fill its contract, each with the lay-off counts it implies
    options = [seat_fillings(variant, seat, by_owner.get(seat, []), levels[seat]) for seat in range(players)]
    # every filling of a seat fills as many requirements as it owns melds: the first says whether it is down
    down = [contract_laid(variant, levels[seat], options[seat][0][0]) for seat in range(players)]
    _check_layoff_counts(variant, levels, layoffs, down)
    chosen = _choose(options, sum(layoffs))
    if chosen is None:
        totals = sorted(layoff_totals(options))
        counts = " or ".join(str(t) for t in totals[:8]) + (" or more" if len(totals) > 8 else "")
        raise unreachable(
            f"the melds on the table hold {counts} laid-off card{'s' if totals != [1] else ''} "
            f"(each meld laid as a requirement of its owner's contract, then grown by lay-offs), "
            f"but layoffs= counts {sum(layoffs)}",
        )
    return melds, tuple(chosen), used


def _check_table_meld(variant: Variant, players: int, meld: object) -> None:
    """Refuse a table meld that is no valid meld laid before the position began by a seat."""
    if not isinstance(meld, TableMeld) or not isinstance(meld.kind, MeldKind):
        raise RemiError(f"table melds must be TableMeld values, got {printable(meld)}", Reason.BAD_POSITION)
    if isinstance(meld.owner, bool) or not isinstance(meld.owner, int) or not 0 <= meld.owner < players:
        raise RemiError(f"meld owner {printable(meld.owner)} is not a seat", Reason.BAD_POSITION)
    if meld.turn is not None:
        raise unreachable(
            f"{meld}: a built position begins at its first turn, so its melds were laid before it "
            f"(turn None), not on turn {printable(meld.turn)}",
        )
    problems = meld_problems(variant.layoff_rules, meld.kind, meld.cards)
    if problems:
        names = ", ".join(p.name.lower().replace("_", " ") for p in problems if p.name)
        raise RemiError(f"{meld} is not a valid {meld.kind.value}: {names}", Reason.BAD_POSITION)


def seat_fillings(
    variant: Variant, seat: int, owned: Sequence[TableMeld], level: int
) -> list[tuple[frozenset[int], frozenset[int]]]:
    """The ways the melds ``seat`` owns fill its contract (at ``level``), each with the lay-off counts it implies."""
    if not owned:
        return [(frozenset(), frozenset({0}))]
    contract = variant.contracts[level - 1]
    requirements = contract.requirements
    if variant.contracts.going_out[level - 1] is GoingOut.ALL_IN:
        raise unreachable(
            f"seat {seat} owns melds, but contract {contract} is all-in: going down there goes out"
            f"{variant.cite('going_out.all_in')}",
        )
    if not variant.contracts.piecemeal and len(owned) != len(requirements):
        raise unreachable(
            f"seat {seat}'s {len(owned)} meld{'s' if len(owned) != 1 else ''} cannot be its contract {contract}: "
            f"it goes down whole, {len(requirements)} melds at once{variant.cite('laydown.whole')}",
        )
    ways = list(fillings(variant, owned, requirements))
    if not ways:
        sizes = "exactly" if variant.contracts.exact_sizes else "at least"
        raise unreachable(
            f"seat {seat}'s melds ({'; '.join(str(Meld(m.kind, m.cards)) for m in owned)}) do not fit its "
            f"contract {contract}: each meld is laid as one requirement ({sizes} its size), "
            f"then may grow by lay-offs",
        )
    return ways


def _check_layoff_counts(
    variant: Variant, levels: tuple[int, ...], layoffs: tuple[int, ...], down: Sequence[bool]
) -> None:
    """Refuse lay-off counts beyond a seat's quota (E12), or by a seat not down where laying off needs that (N16)."""
    for seat, count in enumerate(layoffs):
        quota = variant.layoff_quota(levels[seat] - 1)
        if quota is not None and count > quota:
            raise unreachable(
                f"seat {seat} may lay off {quota} card{'s' if quota != 1 else ''} a deal, not {count}"
                f"{variant.cite('layoff.quota')}",
            )
        if count and variant.layoffs.requires_down and not down[seat]:
            raise unreachable(
                f"seat {seat} has laid off {count} card{'s' if count != 1 else ''} but is not down"
                f"{variant.cite('layoff.down')}",
            )


def fillings(
    variant: Variant, owned: Sequence[TableMeld], requirements: Sequence[Requirement]
) -> Iterator[tuple[frozenset[int], frozenset[int]]]:
    """Each way ``owned`` fills distinct requirements: (their indices, the lay-off counts possible)."""
    growth = [[_growth(variant, meld, req) for req in requirements] for meld in owned]
    found: dict[frozenset[int], frozenset[int]] = {}
    for chosen in permutations(range(len(requirements)), len(owned)):
        counts = frozenset({0})
        for meld, index in enumerate(chosen):
            counts = frozenset(a + b for a in counts for b in growth[meld][index])
        if counts:
            key = frozenset(chosen)
            found[key] = found.get(key, frozenset()) | counts
    yield from found.items()


def _growth(variant: Variant, meld: TableMeld, req: Requirement) -> frozenset[int]:
    """How many cards ``meld`` may have grown by since it was laid to fill ``req`` (empty: it cannot be so)."""
    if meld.kind is not req.kind:
        return frozenset()
    cards = meld.cards
    size = len(cards)
    laid_sizes = [req.size] if variant.contracts.exact_sizes else range(req.size, size + 1)
    rules, grow_rules = variant.melds, variant.layoff_rules
    out: set[int] = set()
    if meld.kind is MeldKind.SET:
        # any sub-multiset could have been laid; adding the naturals first, then the jokers,
        # keeps every step valid when the whole set is
        naturals = [card for card in cards if card is not JOKER]
        jokers = size - len(naturals)
        for laid in laid_sizes:
            for n in range(min(laid, len(naturals)) + 1):  # no natural at all: a set of jokers only (LX1)
                base = (*naturals[:n], *(JOKER,) * (laid - n))
                if laid - n <= jokers and not meld_problems(rules, MeldKind.SET, base):
                    out.add(size - laid)
                    break
        return frozenset(out)
    # a run was laid as a window of its cards and grew one card at a time at either end
    valid: dict[tuple[int, int], bool] = {}

    def grows(low: int, high: int) -> bool:
        """Whether the window ``cards[low:high]`` can grow to the whole run one valid card at a time."""
        if (low, high) == (0, size):
            return True
        key = (low, high)
        if key not in valid:
            valid[key] = (
                low > 0 and not meld_problems(grow_rules, MeldKind.RUN, cards[low - 1 : high]) and grows(low - 1, high)
            ) or (
                high < size and not meld_problems(grow_rules, MeldKind.RUN, cards[low : high + 1])
                and grows(low, high + 1)
            )
        return valid[key]

    for laid in laid_sizes:
        for low in range(size - laid + 1):
            if not meld_problems(rules, MeldKind.RUN, cards[low : low + laid]) and grows(low, low + laid):
                out.add(size - laid)
                break
    return frozenset(out)


def _choose(
    options: Sequence[Sequence[tuple[frozenset[int], frozenset[int]]]], total: int
) -> list[frozenset[int]] | None:
    """One filling per seat whose lay-off counts can add up to ``total`` (the first such, in order)."""

    def search(seat: int, left: int) -> list[frozenset[int]] | None:
        """The fillings of seats ``seat`` on that use ``left`` lay-offs, or ``None``."""
        if seat == len(options):
            return [] if left == 0 else None
        for laid, counts in options[seat]:
            for count in sorted(counts):
                if count > left:
                    break
                rest = search(seat + 1, left - count)
                if rest is not None:
                    return [laid, *rest]
        return None

    return search(0, total)


def layoff_totals(options: Sequence[Sequence[tuple[frozenset[int], frozenset[int]]]]) -> set[int]:
    """Every total of lay-off counts the seats' fillings allow."""
    totals = {0}
    for seat_options in options:
        totals = {t + c for t in totals for _, counts in seat_options for c in counts}
    return totals


# -- dealing -------------------------------------------------------------------------------------------


def _from_deck(
    state: GameState,
    base: StateChanges,
    pool: list[Card],
    deck: CardsLike | None,
    dealer: int,
    levels: tuple[int, ...],
    table: tuple[TableMeld, ...],
    laid: tuple[frozenset[int], ...],
    layoffs: tuple[int, ...],
) -> GameState:
    """The first deal dealt from a deck: ``deck`` stacked on top, the rest of ``pool`` shuffled by the seed."""
    variant = state.variant
    order = _stack(deck, pool, state.seed)
    needed = sum(variant.contracts.deal_sizes[level - 1] for level in levels) + 1
    needed += 1 if variant.contracts.first_player_extra_card else 0
    if len(order) < needed:
        raise RemiError(
            f"dealing the hands and the upcard needs {needed} cards, but {len(order)} are left off the table",
            Reason.BAD_POSITION,
        )
    return start_deal(state, base, order, dealer, 1, levels, table, laid, layoffs=layoffs)


def _stack(deck: CardsLike | None, pool: list[Card], seed: int | str) -> tuple[Card, ...]:
    """The first deal's deck: ``deck`` stacked on top, the rest of ``pool`` shuffled by the seed."""
    rest = list(shuffled(pool, seeded_rng(seed, 1, "deal")))
    if deck is None:
        return tuple(rest)
    stacked = as_cards(deck)
    take_cards(sorted(pool, key=by_index), stacked, "the stacked deck")
    for card in stacked:
        rest.remove(card)
    return (*stacked, *rest)


def _from_hands(
    state: GameState,
    base: StateChanges,
    pool: list[Card],
    hands: Sequence[CardsLike],
    stock: CardsLike | None,
    discard_pile: CardsLike | None,
    dealer: int,
    levels: tuple[int, ...],
    table: tuple[TableMeld, ...],
    laid: tuple[frozenset[int], ...],
    layoffs: tuple[int, ...],
) -> GameState:
    """The first deal from the given hands, stock top and discard pile; the rest shuffled by the seed."""
    players = state.players
    dead_twos = state.variant.deck.dead_twos
    given = [as_cards(hand) for hand in hands]
    if len(given) != players:
        raise RemiError(f"hands needs one hand per seat ({players}), got {len(given)}", Reason.BAD_POSITION)
    for seat, hand in enumerate(given):
        if not hand:
            down = contract_laid(state.variant, levels[seat], laid[seat])
            why = ("it would have gone out, which ends the deal" if down
                   else "only a player whose contract is down can go out"
                   f"{state.variant.cite('going_out.down_first')}")
            raise unreachable(f"seat {seat}'s hand is empty: {why}")
        take_cards(pool, hand, f"seat {seat}'s hand", dead_twos)
    top = as_cards(stock) if stock is not None else ()
    take_cards(pool, top, "the stock", dead_twos)
    pile = as_cards(discard_pile) if discard_pile is not None else None
    if pile is not None:
        if not pile:
            raise unreachable("the discard pile is empty: a turn always begins with a card on it")
        take_cards(pool, pile, "the discard pile", dead_twos)
    rest = list(shuffled(sorted(pool, key=by_index), seeded_rng(state.seed, 1, "deal")))
    if pile is None:
        if not rest:
            raise RemiError("no card is left for the upcard", Reason.BAD_POSITION)
        pile = (rest.pop(),)
    # Deal the given hands through the ordinary path: hand i's cards are dealt to seat i.
    order: list[Card] = []
    queues = [list(hand) for hand in given]
    sizes = [len(hand) for hand in given]
    for turn in range(max(sizes, default=0)):
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            if turn < sizes[seat]:
                order.append(queues[seat][turn])
    order.extend(top)
    order.extend(rest)
    return start_deal(
        state, base, order, dealer, 1, levels, table, laid, sizes=sizes, discard_pile=tuple(pile), layoffs=layoffs
    )

