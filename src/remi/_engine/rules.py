"""The rules: whether an action is legal in a state, and what the check computed (private).

:func:`verdict_on` is the one check. It answers ``GameState.apply``, ``check``,
``is_legal`` and ``action in legal_actions()``: an
:class:`~remi.IllegalActionError` (with its reason and a sentence) for a
refused action, else what the check computed for the transition to reuse
(a lay-off's new meld, a swap's meld and freed jokers, the contract
requirements a lay-down fulfils), or ``None``. The listing asks the same
per-rule predicates (``may_take_discard``, ``layoff_blocked``, ``swap_blocked``,
``cards_to_keep``, ``rediscard_forbidden``) so that each rule is written once.

The predicates of a seat's standing (:func:`is_down`, :func:`buy_blocked`,
:func:`layoff_blocked`, :func:`swap_blocked`, :func:`own_meld_too_soon`,
:func:`keeps_card_going_down`) read only what every seat sees (a
:class:`PublicState`): they answer from a :class:`~remi.GameState` and from a
:class:`~remi.PlayerView` alike, so the bots ask the very rules the engine
enforces (``remi.state`` names them for the layers above).

The rules are found by lookup. Once the match is known not to be over and the
seat is settled (an explicit ``seat`` that is not the one to act is refused,
or, in a buy window, told why it may not buy), the check is
``CHECKS[phase, type(action)]``:

=========  ===============  ===================  ================================================
phase      action           check                what it checks
=========  ===============  ===================  ================================================
``DRAW``   ``DrawStock``    ``_accept``          always legal (N12)
``DRAW``   ``TakeDiscard``  ``_check_take``      a discard to take; down players (drawing part)
``BUY``    ``Buy``          ``_accept``          the seat to act may buy (N14)
``BUY``    ``Pass``         ``_accept``          the seat to act may pass
``PLAY``   ``LayDown``      ``_check_laydown``   valid melds, held, fill the contract, what is left
``PLAY``   ``LayOff``       ``_check_layoff``    may lay off now (E12, N16), fits the meld
``PLAY``   ``SwapJoker``    ``_check_swap``      may swap from the meld, held, frees a joker
``PLAY``   ``Discard``      ``_check_discard``   held; not the taken discard (N13, E7)
=========  ===============  ===================  ================================================

Any other pair is refused by ``_wrong_phase`` (the wrong phase, or no action
at all). A check receives the state, the seat to act and the action.

Messages cite the variant's own clauses (``Variant.cite``), never a built-in's.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from remi._engine.values import Phase, by_index
from remi._util import printable
from remi.actions import Action, Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.cards import JOKER, Card, format_cards
from remi.contracts import assign
from remi.errors import IllegalActionError, Reason
from remi.melds import (
    End,
    JokerCap,
    Meld,
    MeldKind,
    MeldProblem,
    MeldRules,
    SetSwap,
    is_wild,
    lay_off,
    meld_judge,
    meld_problems,
    run_cards,
    swap_joker,
)
from remi.parts import Buying, GoingOut, JokerDestination, SwapWho

if TYPE_CHECKING:
    from collections.abc import Callable

    from remi._engine.values import TableMeld
    from remi.state import GameState
    from remi.variant import Variant


class PublicState(Protocol):
    """What the predicates of a seat's standing read: public, so a state and a seat's view both hold it."""

    @property
    def variant(self) -> Variant: ...
    @property
    def players(self) -> int: ...
    @property
    def levels(self) -> tuple[int, ...]: ...
    @property
    def laid(self) -> tuple[frozenset[int], ...]: ...
    @property
    def table(self) -> tuple[TableMeld, ...]: ...
    @property
    def turn(self) -> int: ...
    @property
    def layoffs(self) -> tuple[int, ...]: ...
    @property
    def buys(self) -> tuple[int, ...]: ...
    @property
    def discarder(self) -> int | None: ...


# -- a seat's standing: one predicate per rule, from a state or a view ----------------------------------


def contract_laid(variant: Variant, level: int, laid: frozenset[int]) -> bool:
    """Whether ``laid`` (requirement indices) is the whole contract of ``level`` (1-based): the seat is down."""
    return len(laid) == variant.melds_needed[level - 1]


def is_down(position: PublicState, seat: int) -> bool:
    """Whether ``seat``'s whole contract is on the table (it is *down*)."""
    return contract_laid(position.variant, position.levels[seat], position.laid[seat])


def went_down_this_turn(position: PublicState, seat: int) -> bool:
    """Whether ``seat`` laid a meld of its contract this turn."""
    turn = position.turn
    return any(meld.owner == seat and meld.turn == turn for meld in position.table)


def buy_blocked(position: PublicState, seat: int) -> Reason | None:
    """What bars ``seat`` from buying the top discard at all (the buying part), or ``None`` if it is eligible.

    Eligibility alone: whose turn it is and the buy queue's order are the window's
    business. :func:`everyone_may_buy` says when this is ``None`` for every seat.
    """
    buying = position.variant.buying
    if seat == position.discarder and not buying.discarder_may_buy:
        return Reason.DISCARDER_MAY_NOT_BUY
    if not buying.down_players_may_buy and is_down(position, seat):
        return Reason.DOWN_MAY_NOT_BUY
    if buying.limit is not None and position.buys[seat] >= buying.limit:
        return Reason.BUY_LIMIT
    return None


def everyone_may_buy(buying: Buying) -> bool:
    """Whether ``buying`` bars nobody (:func:`buy_blocked` is ``None`` for every seat): the buy queue's fast path."""
    return buying.discarder_may_buy and buying.down_players_may_buy and buying.limit is None


def keeps_card_going_down(variant: Variant, level: int) -> bool:
    """Whether a lay-down that completes contract ``level`` (0-based) must leave a card in hand (S11).

    An all-in contract goes down whole and leaves nothing, whatever this rule says.
    """
    contracts = variant.contracts
    return not contracts.go_out_on_go_down_turn and contracts.going_out[level] is not GoingOut.ALL_IN


def _illegal(reason: Reason, message: str) -> IllegalActionError:
    """A refusal: an :class:`IllegalActionError` with its reason and sentence."""
    return IllegalActionError(message, reason)


def refusal_of(state: GameState, action: object, seat: int | None) -> IllegalActionError | None:
    """The refusal of ``action`` by ``seat`` (default: the seat to act), or ``None`` if it is legal."""
    verdict = verdict_on(state, action, seat)
    return verdict if type(verdict) is IllegalActionError else None


def verdict_on(state: GameState, action: object, seat: int | None) -> object:
    """The one check: an :class:`IllegalActionError`, or what the transition reuses (or ``None``).

    After the seat is settled, the check is the one :data:`CHECKS` holds for the
    phase and the action's class; an action the phase has no check for is refused.
    """
    if state.phase is Phase.OVER:
        return _illegal(Reason.GAME_OVER, "the match is over")
    actor = state.to_act
    assert actor is not None
    variant = state.variant
    if variant.open_deal_ends:  # an overridden deal-end hook fails here, for the listing and the check alike
        variant.ask_deal_ends(state.levels, state.wins, state.laid, actor)
    if seat is not None and seat is not actor:
        refusal = _seat_refusal(state, action, seat, actor)
        if refusal is not None:
            return refusal
    check = CHECKS.get((state.phase, type(action)))
    if check is None:
        return _wrong_phase(state, action)
    return check(state, actor, action)


def _seat_refusal(state: GameState, action: object, seat: object, actor: int) -> IllegalActionError | None:
    """The refusal of an action ``seat`` names explicitly, when it is not the seat to act ``actor`` (else ``None``)."""
    # a bool is an int to Python (True == 1), but never a seat
    if type(seat) is not int or not 0 <= seat < state.players:
        return _illegal(Reason.NOT_A_SEAT, f"seat {printable(seat)} does not exist (0 to {state.players - 1})")
    if seat == actor:
        return None
    if type(action) is Buy and state.phase is Phase.BUY:
        return _buy_refusal(state, seat)
    return _illegal(Reason.NOT_YOUR_TURN, f"it is seat {actor}'s decision, not seat {seat}'s")


def _accept(state: GameState, seat: int, action: object) -> None:
    """The check of an action that is always legal in its phase (drawing from the stock, buying, passing)."""
    return None


def _check_take(state: GameState, seat: int, action: TakeDiscard) -> IllegalActionError | None:
    """Taking the top discard as the draw: there is one, and ``seat`` may take it (the drawing part)."""
    if not state.discard_pile:
        return _illegal(Reason.EMPTY_DISCARD_PILE, "the discard pile is empty")
    if not may_take_discard(state, seat):
        return _illegal(Reason.DOWN_DRAWS_FROM_STOCK,
                        f"seat {seat} is down and draws from the stock only"
                        f"{state.variant.cite('draw.down_stock_only')}")
    return None


def may_take_discard(position: PublicState, seat: int) -> bool:
    """Whether ``seat`` may take the top discard as its draw (the drawing part)."""
    return position.variant.drawing.down_players_take_discard or not is_down(position, seat)


def _buy_refusal(state: GameState, seat: int) -> IllegalActionError:
    """Why ``seat``, which is not the one deciding, may not buy the discard now."""
    variant = state.variant
    if seat == state.on_turn:
        return _illegal(Reason.ON_TURN_MAY_NOT_BUY,
                        f"seat {seat} is on turn and declined the discard: the others may buy it")
    blocked = buy_blocked(state, seat)
    if blocked is Reason.DISCARDER_MAY_NOT_BUY:
        return _illegal(blocked,
                        f"seat {seat} discarded this card and may not buy it back{variant.cite('buy.discarder')}")
    if blocked is Reason.DOWN_MAY_NOT_BUY:
        return _illegal(blocked,
                        f"seat {seat} has gone down, and players who are down may not buy{variant.cite('buy.down')}")
    if blocked is Reason.BUY_LIMIT:
        return _illegal(
            blocked,
            f"seat {seat} has bought {state.buys[seat]} time{'s' if state.buys[seat] != 1 else ''} this deal, "
            f"the limit{variant.cite('buy.limit')}",
        )
    if seat in state.buy_queue:
        return _illegal(Reason.NOT_YOUR_TURN, f"seat {state.to_act} has priority for this discard and decides first")
    return _illegal(Reason.NOT_YOUR_TURN, f"seat {seat} has already passed on this discard")


def may_buy(position: PublicState, seat: int) -> bool:
    """Whether ``seat`` is eligible to be asked to buy the discard (see :func:`buy_blocked`)."""
    return buy_blocked(position, seat) is None


def rediscard_forbidden(state: GameState, card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether discarding ``card`` from ``hand`` is refused by the re-discard rule.

    The taken discard may go back as the last card, or when another copy is in the hand: copies
    cannot be told apart, and once one leaves by a meld, lay-off or swap, ``taken`` is cleared.
    """
    return (
        card is state.taken and not state.variant.drawing.rediscard_taken_card and len(hand) > 1
        and hand.count(card) < 2
    )


def _wrong_phase(state: GameState, action: object) -> IllegalActionError:
    """The refusal of an action the phase has no check for (or of something that is not an action)."""
    if not isinstance(action, (DrawStock, TakeDiscard, Buy, Pass, LayDown, LayOff, SwapJoker, Discard)):
        return _illegal(Reason.WRONG_PHASE, f"{printable(action)} is not an action")
    expected = {
        Phase.DRAW: "draw from the stock or take the discard",
        Phase.BUY: "buy the discard or pass",
        Phase.PLAY: "go down, lay off, swap a joker or discard",
    }[state.phase]
    if isinstance(action, (Buy, Pass)) and state.phase is not Phase.BUY:
        return _illegal(Reason.CANNOT_BUY, f"no discard is offered for buying now: {expected}")
    return _illegal(Reason.WRONG_PHASE, f"cannot {action} now: seat {state.to_act} must {expected}")


def _check_discard(state: GameState, seat: int, action: Discard) -> IllegalActionError | None:
    """A discard: the card is held, and the re-discard rule does not hold it back (N13, E7)."""
    hand = state.hands[seat]
    card = action.card
    if not _has(hand, card):
        return _illegal(Reason.CARD_NOT_IN_HAND, f"{card} is not in seat {seat}'s hand")
    if rediscard_forbidden(state, card, hand):
        return _illegal(
            Reason.CANNOT_REDISCARD,
            f"{card} was taken from the discard pile this turn and cannot go back"
            f"{state.variant.cite('discard.taken_card')}",
        )
    return None


def layoff_blocked(position: PublicState, seat: int) -> Reason | None:
    """What forbids ``seat`` to lay off at all now, whatever the card and meld (the lay-offs part), or ``None``.

    The listing and the bots ask this (cheap); the check asks :func:`_layoff_gate` for the refusal
    with its sentence. Which melds take which card is :func:`own_meld_too_soon` and the meld rules.
    """
    variant = position.variant
    layoffs = variant.layoffs
    if layoffs.requires_down and not is_down(position, seat):
        return Reason.NOT_DOWN
    if not layoffs.on_go_down_turn and went_down_this_turn(position, seat):
        return Reason.GO_DOWN_TURN
    quota = variant.layoff_quota(position.levels[seat] - 1)
    if quota is not None and position.layoffs[seat] >= quota:
        return Reason.LAYOFF_QUOTA
    return None


def _layoff_gate(state: GameState, seat: int) -> IllegalActionError | None:
    """The refusal of any lay-off by ``seat`` now (see :func:`layoff_blocked`), or ``None``."""
    blocked = layoff_blocked(state, seat)
    if blocked is None:
        return None
    variant = state.variant
    if blocked is Reason.NOT_DOWN:
        return _illegal(blocked,
                        f"a player must lay down their contract before laying off{variant.cite('layoff.down')}")
    if blocked is Reason.GO_DOWN_TURN:
        return _illegal(blocked, f"no lay-off on the turn a player goes down{variant.cite('layoff.go_down_turn')}")
    quota = variant.layoff_quota(state.levels[seat] - 1)
    return _illegal(
        blocked,
        f"seat {seat} may lay off {quota} card{'s' if quota != 1 else ''} this deal "
        f"and has laid off {state.layoffs[seat]}{variant.cite('layoff.quota')}",
    )


def own_meld_too_soon(position: PublicState, seat: int, owner: int, turn: int | None) -> bool:
    """Whether ``seat`` must still wait to lay off onto a meld ``owner`` laid on deal turn ``turn`` (E11)."""
    delay = position.variant.layoffs.own_meld_delay * position.players
    return owner == seat and turn is not None and position.turn - turn < delay


def _check_layoff(state: GameState, seat: int, action: LayOff) -> object:
    """A lay-off: the seat may lay off now and the card fits the meld; the verdict is the grown meld."""
    variant = state.variant
    if not isinstance(action.meld, int) or not 0 <= action.meld < len(state.table):
        return _illegal(Reason.NO_SUCH_MELD, f"there is no meld {action.meld} on the table")
    error = _layoff_gate(state, seat)
    if error is not None:
        return error
    hand = state.hands[seat]
    if not _has(hand, action.card):
        return _illegal(Reason.CARD_NOT_IN_HAND, f"{action.card} is not in seat {seat}'s hand")
    meld = state.table[action.meld]
    if own_meld_too_soon(state, seat, meld.owner, meld.turn):
        return _illegal(Reason.OWN_MELD_TOO_SOON,
                        f"a player may lay off onto their own meld only from their next turn"
                        f"{variant.cite('layoff.own_meld')}")
    if meld.kind is MeldKind.SET and action.end is not None:
        return _illegal(Reason.BAD_LAYOFF, "a set has no ends: lay off onto it without naming one")
    if meld.kind is MeldKind.RUN and action.end is None:
        return _illegal(Reason.BAD_LAYOFF, "name the end of the run (low or high) to lay off at")
    rules = variant.layoff_rules
    grown = lay_off(rules, meld.kind, meld.cards, action.card, action.end)
    if grown is not None:
        refused = meld_rule_refusal(state, meld.kind, grown, on_table=True)
        if refused is not None:
            return refused
    else:
        if (
            rules.joker_cap is JokerCap.NATURALS
            and lay_off(attrs.evolve(rules, joker_cap=JokerCap.NONE), meld.kind, meld.cards,
                        action.card, action.end) is not None
        ):
            return _illegal(Reason.JOKER_CAP,
                            f"a meld may never hold more jokers than naturals{variant.cite('melds.cap')}")
        where = f" at the {action.end.value} end" if action.end is not None else ""
        cite = variant.cite("melds.dead_two") if action.card.is_dead else ""
        return _illegal(Reason.BAD_LAYOFF, f"{action.card} does not fit {meld.kind.value} "
                                           f"{format_cards(meld.cards)}{where}{cite}")
    error = _keep_error(state, seat, len(hand) - 1, is_down(state, seat))
    return error if error is not None else grown


def cards_to_keep(position: PublicState, seat: int, down: bool) -> int:
    """The fewest cards ``seat`` may hold after a meld or lay-off, being ``down`` after it."""
    if not down:
        return 2  # only a player whose contract is down can go out: a card to discard and one to keep
    going_out = position.variant.contracts.going_out[position.levels[seat] - 1]
    return 1 if going_out is GoingOut.DISCARD_REQUIRED else 0


def _keep_error(state: GameState, seat: int, left: int, down: bool) -> IllegalActionError | None:
    """Refuse a meld or lay-off that would leave ``left`` cards, fewer than the rules keep."""
    if left >= cards_to_keep(state, seat, down):
        return None
    variant = state.variant
    if not down:
        return _illegal(
            Reason.NOT_DOWN,
            "only a player whose whole contract is down can go out: keep a card to discard and one to hold"
            f"{variant.cite('going_out.down_first')}",
        )
    return _illegal(Reason.MUST_DISCARD_TO_GO_OUT,
                    f"going out needs a final discard{variant.cite('going_out.discard')}")


def _missing(hand: Sequence[Card], cards: Sequence[Card]) -> Card | None:
    """The first card of ``cards`` that ``hand`` does not hold (copies counted), or ``None``."""
    need: dict[Card, int] = {}
    for card in cards:
        need[card] = need.get(card, 0) + 1
        if hand.count(card) < need[card]:
            return card
    return None


def _has(hand: tuple[Card, ...], card: Card) -> bool:
    """Whether ``hand`` holds ``card``: found by bisection, as a hand is sorted by index (cards are interned)."""
    at = bisect_left(hand, card.index, key=by_index)
    return at < len(hand) and hand[at] is card


def _holds(hand: tuple[Card, ...], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` holds ``cards`` (copies counted)."""
    if len(cards) == 1:
        return _has(hand, cards[0])
    return _missing(hand, cards) is None


def _not_held(seat: int, hand: tuple[Card, ...], cards: Sequence[Card]) -> IllegalActionError:
    """The refusal of ``cards`` that ``hand`` does not hold, naming the first card missing."""
    card = _missing(hand, cards)
    copies = sum(1 for c in cards if c is card)
    what = f"{copies} copies of {card}" if copies > 1 else f"{card}"
    return _illegal(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {what}")


def _check_laydown(state: GameState, seat: int, action: LayDown) -> object:
    """A lay-down: its melds are valid, held, fill requirements of the contract, and leave a hand the rules allow.

    The verdict is the indices of the requirements the melds fulfil.
    """
    level = state.levels[seat] - 1
    error = _laydown_shape_error(state, seat, level, action) or _invalid_meld_error(state, action.melds)
    if error is not None:
        return error
    cards = action.cards
    hand = state.hands[seat]
    if not _holds(hand, cards):
        return _not_held(seat, hand, cards)
    contracts = state.variant.contracts
    contract = contracts[level]
    shapes = [(meld.kind, len(meld.cards)) for meld in action.melds]
    fulfilled = assign(contract, shapes, exact=contracts.exact_sizes, done=state.laid[seat])
    if fulfilled is None:
        sizes = "exactly" if contracts.exact_sizes else "at least"
        return _illegal(
            Reason.CONTRACT_NOT_MET,
            f"these melds do not fulfil the contract {contract} (sizes are {sizes} as stated)"
            f"{state.variant.cite('laydown.contract')}",
        )
    error = contract_constraint(state, seat, level, action.melds) or _laydown_leaves_error(
        state, seat, level, len(action.melds), len(hand) - len(cards))
    return error if error is not None else fulfilled


def _laydown_shape_error(state: GameState, seat: int, level: int, action: LayDown) -> IllegalActionError | None:
    """Refuse a lay-down by a seat already down, of no meld, or of part of a contract that goes down whole."""
    contracts = state.variant.contracts
    contract = contracts[level]
    if is_down(state, seat):
        return _illegal(Reason.ALREADY_DOWN, f"seat {seat} has already laid down its contract")
    if not action.melds:
        return _illegal(Reason.CONTRACT_NOT_MET, "a lay-down needs at least one meld")
    if not contracts.piecemeal and len(action.melds) != len(contract.requirements):
        return _illegal(
            Reason.CONTRACT_NOT_MET,
            f"the contract {contract} goes down whole, in one turn: {len(contract.requirements)} melds"
            f"{state.variant.cite('laydown.whole')}",
        )
    return None


def _invalid_meld_error(state: GameState, melds: Sequence[Meld]) -> IllegalActionError | None:
    """Refuse the first of ``melds`` that is not a valid meld under the variant's meld rules."""
    variant = state.variant
    for meld in melds:
        problems = meld_problems(variant.melds, meld.kind, meld.cards)
        if problems:
            names = ", ".join(p.name.lower().replace("_", " ") for p in problems if p.name)
            cite = variant.cite("melds.dead_two") if problems & MeldProblem.DEAD_TWO else ""
            return _illegal(Reason.INVALID_MELD, f"{meld} is not a valid {meld.kind.value}: {names}{cite}")
        refused = meld_rule_refusal(state, meld.kind, meld.cards, on_table=False)
        if refused is not None:
            return refused
    return None


#: The meld hook of the built-in rules, which allows every meld.
_NO_HOOK = MeldRules.meld_problem


def meld_rule_refusal(
    state: GameState, kind: MeldKind, cards: Sequence[Card], *, on_table: bool
) -> IllegalActionError | None:
    """The refusal of a meld by the variant's own meld rule (:meth:`MeldRules.meld_problem`), or ``None``.

    Asked of a meld the fields allow: as it would go down (``on_table`` false),
    or as a lay-off or a swap would leave it on the table. The hook's answers
    are remembered per distinct meld; without a hook this costs one lookup.
    """
    variant = state.variant
    if type(variant.melds).meld_problem is _NO_HOOK:  # the built-in rules: nothing to ask
        return None
    judge = meld_judge(variant.melds)
    assert judge is not None
    problem = judge.problem(kind, cards, on_table)
    if problem is None:
        return None
    shown = format_cards(cards if kind is MeldKind.RUN else sorted(cards))
    return _illegal(Reason.MELD_RULE, f"{kind.value} {shown} breaks the variant's meld rule: {problem}"
                                      f"{variant.cite('melds.rule')}")


def _laydown_leaves_error(
    state: GameState, seat: int, level: int, melds: int, left: int
) -> IllegalActionError | None:
    """Refuse a lay-down of ``melds`` melds that leaves ``left`` cards where the rules keep more (or fewer)."""
    variant = state.variant
    contracts = variant.contracts
    if contracts.going_out[level] is GoingOut.ALL_IN:
        if left:
            return _illegal(Reason.ALL_IN, f"this round is all-in: the whole hand must go down, nothing left"
                                           f"{variant.cite('going_out.all_in')}")
        return None
    down = len(state.laid[seat]) + melds == variant.melds_needed[level]
    if down and not left and keeps_card_going_down(variant, level):
        return _illegal(Reason.MUST_KEEP_A_CARD,
                        f"going down must leave a card in hand{variant.cite('laydown.keep_card')}")
    return _keep_error(state, seat, left, down)


def contract_constraint(state: GameState, seat: int, level: int, new: Sequence[Meld]) -> IllegalActionError | None:
    """Whether ``new`` melds, with those ``seat`` laid before, obey contract ``level``'s contract-level rule."""
    variant = state.variant
    problem = variant.contract_problem(level, _contract_melds(state, seat, new))
    if problem is None:
        return None
    return _illegal(Reason.CONTRACT_CONSTRAINT, f"{problem}{variant.cite('laydown.constraint')}")


def _contract_melds(state: GameState, seat: int, new: Sequence[Meld]) -> list[Meld]:
    """The melds of ``seat``'s contract this deal: those it laid before, then ``new``."""
    earlier = [Meld(meld.kind, meld.cards) for meld in state.table if meld.owner == seat and meld.turn is not None]
    return [*earlier, *new] if earlier else list(new)


def swap_blocked(position: PublicState, seat: int) -> Reason | None:
    """What forbids ``seat`` to swap at all now, whatever the meld (the swaps part), or ``None``.

    The listing asks this (cheap); the check asks :func:`_swap_gate` for the refusal with its sentence.
    """
    swaps = position.variant.swaps
    if swaps.who is SwapWho.DOWN and not is_down(position, seat):
        return Reason.NOT_DOWN
    if swaps.who is SwapWho.NOT_DOWN and is_down(position, seat):
        return Reason.DOWN_MAY_NOT_SWAP
    if not swaps.on_go_down_turn and went_down_this_turn(position, seat):
        return Reason.GO_DOWN_TURN
    return None


def _swap_gate(state: GameState, seat: int) -> IllegalActionError | None:
    """The refusal of any swap by ``seat`` now (see :func:`swap_blocked`), or ``None``."""
    blocked = swap_blocked(state, seat)
    if blocked is None:
        return None
    variant = state.variant
    if blocked is Reason.NOT_DOWN:
        return _illegal(blocked, f"a player must be down to swap a joker{variant.cite('swap.who')}")
    if blocked is Reason.DOWN_MAY_NOT_SWAP:
        return _illegal(blocked, f"only a player not yet down may swap a joker{variant.cite('swap.who')}")
    return _illegal(blocked, f"no swap on the turn a player goes down{variant.cite('swap.go_down_turn')}")


def _check_swap(state: GameState, seat: int, action: SwapJoker) -> object:
    """A joker swap: the meld lets ``seat`` swap, the cards are held, and they free a joker (or wild 2).

    The verdict is the meld's new cards, the jokers that go to the hand
    (none where the joker moves to an end of the run instead) and whether
    the swap counts as a lay-off (see :func:`relocation_is_layoff`).
    """
    error = _swap_meld_error(state, seat, action)
    if error is not None:
        return error
    hand = state.hands[seat]
    if not action.cards:
        return _illegal(Reason.BAD_SWAP, "name the card to put in the joker's place")
    if not _holds(hand, action.cards):
        return _not_held(seat, hand, action.cards)
    variant = state.variant
    swaps = variant.swaps
    meld = state.table[action.meld]
    result = swap_joker(variant.melds, meld.kind, meld.cards, action.cards,
                        from_runs=swaps.from_runs, from_sets=swaps.from_sets, twos=swaps.twos)
    if result is None:
        return _swap_misfit(state, action, meld.kind, meld.cards)
    if meld.kind is MeldKind.RUN:
        verdict = _run_swap(state, seat, action, *result)
        if isinstance(verdict, tuple):
            return meld_rule_refusal(state, meld.kind, verdict[0], on_table=True) or verdict
        return verdict
    if action.to is not None:
        return _illegal(Reason.BAD_SWAP, "the jokers freed from a set join the hand: name no destination")
    return meld_rule_refusal(state, meld.kind, result[0], on_table=True) or (*result, False)


def _swap_meld_error(state: GameState, seat: int, action: SwapJoker) -> IllegalActionError | None:
    """Refuse a swap from a meld that does not exist, or that ``seat`` may not swap from now (the swaps part)."""
    if not isinstance(action.meld, int) or not 0 <= action.meld < len(state.table):
        return _illegal(Reason.NO_SUCH_MELD, f"there is no meld {action.meld} on the table")
    error = _swap_gate(state, seat)
    if error is not None:
        return error
    variant = state.variant
    swaps = variant.swaps
    meld = state.table[action.meld]
    if meld.owner == seat and not swaps.from_own_melds:
        return _illegal(Reason.SWAP_NOT_ALLOWED,
                        f"jokers can be swapped only from opponents' melds{variant.cite('swap.own_melds')}")
    if JOKER not in meld.cards and not (swaps.twos and any(is_wild(variant.melds, card) for card in meld.cards)):
        return _illegal(Reason.BAD_SWAP, f"meld {action.meld} holds no joker")
    if meld.kind is MeldKind.SET and swaps.from_sets is SetSwap.NEVER:
        return _illegal(Reason.SWAP_NOT_ALLOWED, f"a joker in a set can never be swapped{variant.cite('swap.sets')}")
    if meld.kind is MeldKind.RUN and not swaps.from_runs:
        return _illegal(Reason.SWAP_NOT_ALLOWED,
                        f"jokers cannot be swapped out of runs in this variant{variant.cite('swap.runs')}")
    return None


#: Where a joker freed from a run can go when it can only join the hand: no choice, so no name.
_HAND_ONLY = ((None, JokerDestination.HAND),)


def joker_choices(
    state: GameState, index: int, cards: tuple[Card, ...], freed: Card
) -> tuple[tuple[JokerDestination | None, JokerDestination], ...]:
    """Where the joker ``freed`` from the run ``state.table[index]`` (now ``cards``) can go, as the swap names it.

    Each choice is the destination a swap names (``None`` where only one is
    left: no choice, no name) and the destination itself, in the order
    :meth:`Swaps.joker_destinations <remi.Swaps.joker_destinations>` offers
    them, keeping only those where the joker can stand.
    """
    variant = state.variant
    meld = state.table[index]
    offered = variant.joker_destinations(Meld(meld.kind, meld.cards))
    if offered == (JokerDestination.HAND,):
        return _HAND_ONLY
    kept = [destination for destination in offered
            if destination is JokerDestination.HAND or _joker_at_end(state, cards, freed, destination) is not None]
    if len(kept) == 1:
        return ((None, kept[0]),)
    return tuple((destination, destination) for destination in kept)


def _joker_at_end(
    state: GameState, cards: tuple[Card, ...], freed: Card, destination: JokerDestination
) -> tuple[Card, ...] | None:
    """The run ``cards`` with the joker ``freed`` at the end ``destination`` names, or ``None`` if it does not fit."""
    end = End.LOW if destination is JokerDestination.LOW_END else End.HIGH
    return lay_off(state.variant.layoff_rules, MeldKind.RUN, cards, freed, end)


def relocation_is_layoff(state: GameState, seat: int) -> bool:
    """Whether a joker ``seat`` moves to an end of a run counts as a card laid off (E12).

    Where sizes are exact or lay-offs have a quota, the lay-off count is what
    lets the table grow: the run grows by one card, so the swap is a lay-off
    too, needs the seat's right to lay off and counts against its quota.
    """
    variant = state.variant
    return variant.contracts.exact_sizes or variant.layoff_quota(state.levels[seat] - 1) is not None


def _run_swap(
    state: GameState, seat: int, action: SwapJoker, cards: tuple[Card, ...], freed: tuple[Card, ...]
) -> object:
    """A swap from a run: the freed joker goes to the hand or to an end, as offered and chosen.

    ``cards`` and ``freed`` are the run after the swap and the joker it frees.
    """
    choices = joker_choices(state, action.meld, cards, freed[0])
    chosen = next((destination for named, destination in choices if named is action.to), None)
    if chosen is None:
        return _destination_refusal(state, action, choices, cards, freed[0])
    if chosen is JokerDestination.HAND:
        return (cards, freed, False)
    counted = relocation_is_layoff(state, seat)
    error = _layoff_gate(state, seat) if counted else None
    if error is None:
        error = _keep_error(state, seat, len(state.hands[seat]) - 1, is_down(state, seat))
    return error if error is not None else (_joker_at_end(state, cards, freed[0], chosen), (), counted)


def as_recorded_before_destinations(state: GameState, action: Action, seat: int | None = None) -> Action:
    """``action`` as a record or snapshot written before swaps named the joker's destination meant it.

    Before 0.3.0 a swap named no destination, and where the joker moved to an
    end of the run it took the high end if it fit there, else the low end. An
    unnamed swap that must now name its end is read so; any other action is itself.
    """
    if type(action) is not SwapJoker or action.to is not None or refusal_of(state, action, seat) is None:
        return action
    for end in (JokerDestination.HIGH_END, JokerDestination.LOW_END):
        named = SwapJoker(action.meld, action.cards, end)
        if refusal_of(state, named, seat) is None:
            return named
    return action


def _destination_refusal(
    state: GameState,
    action: SwapJoker,
    choices: tuple[tuple[JokerDestination | None, JokerDestination], ...],
    cards: tuple[Card, ...],
    freed: Card,
) -> IllegalActionError:
    """Why the destination ``action`` names (or leaves out) is none of ``choices``."""
    meld = state.table[action.meld]
    if not choices:
        return _illegal(Reason.BAD_SWAP, f"the joker swapped out of meld {action.meld} has no end of the run "
                                         "to move to")
    if action.to is None:
        named = " or ".join(f"'to {destination.value}'" for destination, _ in choices if destination is not None)
        return _illegal(Reason.BAD_SWAP, f"name where the joker freed from meld {action.meld} goes: {named}")
    offered = state.variant.joker_destinations(Meld(meld.kind, meld.cards))
    if action.to not in offered:
        return _illegal(Reason.BAD_SWAP, f"a joker freed from meld {action.meld} cannot go "
                                         f"{_destination_words(action.to)} in this variant")
    if action.to is not JokerDestination.HAND and _joker_at_end(state, cards, freed, action.to) is None:
        return _illegal(Reason.BAD_SWAP, f"the joker freed from meld {action.meld} cannot stand at the "
                                         f"{action.to.value} end of {format_cards(cards)}")
    where = _destination_words(choices[0][1])
    return _illegal(Reason.BAD_SWAP, f"the joker freed from meld {action.meld} can only go {where}: "
                                     "name no destination")


def _destination_words(destination: JokerDestination) -> str:
    """Where ``destination`` sends a freed joker, in words."""
    return "to the hand" if destination is JokerDestination.HAND else f"to the {destination.value} end"


def _swap_misfit(state: GameState, action: SwapJoker, kind: MeldKind, cards: tuple[Card, ...]) -> IllegalActionError:
    """Why ``action``'s cards free no joker from the meld of ``kind`` holding ``cards``."""
    variant = state.variant
    if kind is MeldKind.SET:
        return _illegal(
            Reason.BAD_SWAP,
            f"a joker leaves a set only when the set becomes four naturals of all four suits"
            f"{variant.cite('swap.sets')}",
        )
    stands = sorted({str(card) for card, held in zip(run_cards(variant.melds, cards), cards, strict=True)
                     if is_wild(variant.melds, held)})
    return _illegal(Reason.BAD_SWAP, f"{format_cards(action.cards)} is not the card a joker stands for "
                                     f"(the jokers of meld {action.meld} stand for {', '.join(stands)})")


if TYPE_CHECKING:
    _Check = Callable[[GameState, int, Any], object]

#: The rules, by lookup: the check of each (phase, action class) the phase allows, given the state,
#: the seat to act and the action. An action whose pair is missing is refused (``_wrong_phase``).
CHECKS: dict[tuple[Phase, type], _Check] = {
    (Phase.DRAW, DrawStock): _accept,
    (Phase.DRAW, TakeDiscard): _check_take,
    (Phase.BUY, Buy): _accept,
    (Phase.BUY, Pass): _accept,
    (Phase.PLAY, LayDown): _check_laydown,
    (Phase.PLAY, LayOff): _check_layoff,
    (Phase.PLAY, SwapJoker): _check_swap,
    (Phase.PLAY, Discard): _check_discard,
}
