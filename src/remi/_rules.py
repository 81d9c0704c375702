"""The rules: whether an action is legal in a state, and if not, the refusal (private).

:func:`_check` answers for ``GameState.apply``, ``check``, ``is_legal`` and
``action in legal_actions()``: ``None`` for a legal action, else the
:class:`~remi.IllegalActionError` to raise, with its reason and a sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from remi._values import Phase
from remi.actions import Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard
from remi.cards import JOKER, Card, format_cards
from remi.contracts import assign
from remi.errors import IllegalActionError, Reason
from remi.melds import JokerCap, MeldKind, lay_off, meld_problems, swap_joker
from remi.variant import GoingOut

if TYPE_CHECKING:
    from remi.state import GameState


def _illegal(reason: Reason, message: str) -> IllegalActionError:
    return IllegalActionError(message, reason)


def _check(state: GameState, action: object, seat: int | None) -> IllegalActionError | None:
    if state.phase is Phase.OVER:
        return _illegal(Reason.GAME_OVER, "the match is over")
    actor = state.to_act
    assert actor is not None
    if seat is not None:
        # a bool is an int to Python (True == 1), but never a seat
        if type(seat) is not int or not 0 <= seat < state.players:
            return _illegal(Reason.NOT_A_SEAT, f"seat {seat!r} does not exist (0 to {state.players - 1})")
        if seat != actor:
            if type(action) is Buy and state.phase is Phase.BUY:
                return _buy_refusal(state, seat)
            return _illegal(Reason.NOT_YOUR_TURN, f"it is seat {actor}'s decision, not seat {seat}'s")
    phase = state.phase
    kind = type(action)
    if phase is Phase.DRAW:
        if kind is DrawStock:
            return None
        if kind is TakeDiscard:
            if not state.discard_pile:
                return _illegal(Reason.EMPTY_DISCARD_PILE, "the discard pile is empty")
            return None
        return _wrong_phase(state, action)
    if phase is Phase.BUY:
        if kind is Buy or kind is Pass:
            return None
        return _wrong_phase(state, action)
    if kind is Discard:
        return _check_discard(state, actor, action)  # type: ignore[arg-type]
    if kind is LayOff:
        return _check_layoff(state, actor, action)  # type: ignore[arg-type]
    if kind is LayDown:
        return _check_laydown(state, actor, action)  # type: ignore[arg-type]
    if kind is SwapJoker:
        return _check_swap(state, actor, action)  # type: ignore[arg-type]
    return _wrong_phase(state, action)


def _buy_refusal(state: GameState, seat: int) -> IllegalActionError:
    """Why ``seat``, which is not the one deciding, may not buy the discard now (N14)."""
    variant = state.variant
    actor = state.to_act
    if seat == state.on_turn:
        return _illegal(Reason.ON_TURN_MAY_NOT_BUY,
                        f"seat {seat} is on turn and declined the discard: the others may buy it")
    if seat == state.discarder and not variant.discarder_may_buy:
        return _illegal(Reason.DISCARDER_MAY_NOT_BUY, f"seat {seat} discarded this card and may not buy it back")
    if not variant.down_players_may_buy and _is_down(state, seat):
        return _illegal(Reason.DOWN_MAY_NOT_BUY, f"seat {seat} has gone down, and players who are down may not buy")
    if variant.buy_limit is not None and state.buys[seat] >= variant.buy_limit:
        return _illegal(
            Reason.BUY_LIMIT,
            f"seat {seat} has bought {state.buys[seat]} time{'s' if state.buys[seat] != 1 else ''} this deal, "
            f"the limit",
        )
    if seat in state.buy_queue:
        return _illegal(Reason.NOT_YOUR_TURN, f"seat {actor} has priority for this discard and decides first")
    return _illegal(Reason.NOT_YOUR_TURN, f"seat {seat} has already passed on this discard")


def _rediscard_forbidden(state: GameState, card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether discarding ``card`` from ``hand`` is refused by the re-discard rule (N13, E7).

    The taken discard may go back as the last card, or when another copy is in the hand: copies
    cannot be told apart, and once one leaves by a meld, lay-off or swap, ``taken`` is cleared.
    """
    return (
        card is state.taken and not state.variant.rediscard_taken_card and len(hand) > 1 and hand.count(card) < 2
    )


def _wrong_phase(state: GameState, action: object) -> IllegalActionError:
    if not isinstance(action, (DrawStock, TakeDiscard, Buy, Pass, LayDown, LayOff, SwapJoker, Discard)):
        return _illegal(Reason.WRONG_PHASE, f"{action!r} is not an action")
    expected = {
        Phase.DRAW: "draw from the stock or take the discard",
        Phase.BUY: "buy the discard or pass",
        Phase.PLAY: "go down, lay off, swap a joker or discard",
    }[state.phase]
    if isinstance(action, (Buy, Pass)) and state.phase is not Phase.BUY:
        return _illegal(Reason.CANNOT_BUY, f"no discard is offered for buying now: {expected}")
    return _illegal(Reason.WRONG_PHASE, f"cannot {action} now: seat {state.to_act} must {expected}")


def _check_discard(state: GameState, seat: int, action: Discard) -> IllegalActionError | None:
    hand = state.hands[seat]
    card = action.card
    if card not in hand:
        return _illegal(Reason.CARD_NOT_IN_HAND, f"{card} is not in seat {seat}'s hand")
    if _rediscard_forbidden(state, card, hand):
        return _illegal(
            Reason.CANNOT_REDISCARD, f"{card} was taken from the discard pile this turn and cannot go back"
        )
    return None


def _quota_error(state: GameState, seat: int) -> IllegalActionError | None:
    quota = state.variant.layoff_quota(state.levels[seat] - 1)
    if quota is not None and state.layoffs[seat] >= quota:
        return _illegal(
            Reason.LAYOFF_QUOTA,
            f"seat {seat} may lay off {quota} card{'s' if quota != 1 else ''} this deal "
            f"and has laid off {state.layoffs[seat]}",
        )
    return None


def _check_layoff(state: GameState, seat: int, action: LayOff) -> IllegalActionError | None:
    variant = state.variant
    if not isinstance(action.meld, int) or not 0 <= action.meld < len(state.table):
        return _illegal(Reason.NO_SUCH_MELD, f"there is no meld {action.meld} on the table")
    if variant.layoff_requires_down and not _is_down(state, seat):
        return _illegal(Reason.NOT_DOWN, "a player must lay down their contract before laying off (N16)")
    hand = state.hands[seat]
    if action.card not in hand:
        return _illegal(Reason.CARD_NOT_IN_HAND, f"{action.card} is not in seat {seat}'s hand")
    meld = state.table[action.meld]
    delay = variant.own_meld_layoff_delay * state.players
    if meld.owner == seat and meld.turn is not None and state.turn - meld.turn < delay:
        return _illegal(
            Reason.OWN_MELD_TOO_SOON, "a player may lay off onto their own meld only from their next turn (E11)"
        )
    error = _quota_error(state, seat)
    if error is not None:
        return error
    if meld.kind is MeldKind.SET and action.end is not None:
        return _illegal(Reason.BAD_LAYOFF, "a set has no ends: lay off onto it without naming one")
    if meld.kind is MeldKind.RUN and action.end is None:
        return _illegal(Reason.BAD_LAYOFF, "name the end of the run (low or high) to lay off at")
    if lay_off(variant.layoff_rules, meld.kind, meld.cards, action.card, action.end) is None:
        if (
            variant.layoff_rules.joker_cap is JokerCap.NATURALS
            and lay_off(attrs.evolve(variant.layoff_rules, joker_cap=JokerCap.NONE), meld.kind, meld.cards,
                        action.card, action.end) is not None
        ):
            return _illegal(Reason.JOKER_CAP, "a meld may never hold more jokers than naturals (N10)")
        where = f" at the {action.end.value} end" if action.end is not None else ""
        return _illegal(Reason.BAD_LAYOFF, f"{action.card} does not fit {meld.kind.value} "
                                           f"{format_cards(meld.cards)}{where}")
    return _keep_error(state, len(hand) - 1, _is_down(state, seat))


def _is_down(state: GameState, seat: int) -> bool:
    return len(state.laid[seat]) == len(state.variant.contracts[state.levels[seat] - 1].requirements)


def _cards_to_keep(state: GameState, down: bool) -> int:
    """The fewest cards a seat may hold after a meld or lay-off, being ``down`` after it (N17, E13)."""
    if not down:
        return 2  # N17: only a player whose contract is down can go out: a card to discard and one to keep
    return 1 if state.variant.going_out is GoingOut.DISCARD_REQUIRED else 0


def _keep_error(state: GameState, left: int, down: bool) -> IllegalActionError | None:
    """Refuse a meld or lay-off that would leave ``left`` cards, fewer than the rules keep."""
    if left >= _cards_to_keep(state, down):
        return None
    if not down:
        return _illegal(
            Reason.NOT_DOWN,
            "only a player whose whole contract is down can go out: keep a card to discard and one to hold",
        )
    return _illegal(Reason.MUST_DISCARD_TO_GO_OUT, "going out needs a final discard (E13)")


def _check_laydown(state: GameState, seat: int, action: LayDown) -> IllegalActionError | None:
    variant = state.variant
    level = state.levels[seat] - 1
    contract = variant.contracts[level]
    done = state.laid[seat]
    if len(done) == len(contract.requirements):
        return _illegal(Reason.ALREADY_DOWN, f"seat {seat} has already laid down its contract")
    if not action.melds:
        return _illegal(Reason.CONTRACT_NOT_MET, "a lay-down needs at least one meld")
    if not variant.piecemeal and len(action.melds) != len(contract.requirements):
        return _illegal(
            Reason.CONTRACT_NOT_MET,
            f"the contract {contract} goes down whole, in one turn: {len(contract.requirements)} melds (N15)",
        )
    for meld in action.melds:
        problems = meld_problems(variant.meld_rules, meld.kind, meld.cards)
        if problems:
            names = ", ".join(p.name.lower().replace("_", " ") for p in problems if p.name)
            return _illegal(Reason.INVALID_MELD, f"{meld} is not a valid {meld.kind.value}: {names}")
    cards = action.cards
    hand = state.hands[seat]
    if not _holds(hand, cards):
        return _illegal(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {format_cards(cards)}")
    shapes = [(meld.kind, len(meld.cards)) for meld in action.melds]
    if assign(contract, shapes, exact=variant.exact_sizes, done=done) is None:
        sizes = "exactly" if variant.exact_sizes else "at least"
        return _illegal(
            Reason.CONTRACT_NOT_MET,
            f"these melds do not fulfil the contract {contract} (sizes are {sizes} as stated)",
        )
    if variant.all_in[level] and len(cards) != len(hand):
        return _illegal(Reason.ALL_IN, "this round is all-in: the whole hand must go down, nothing left (N18)")
    return _keep_error(state, len(hand) - len(cards), len(done) + len(action.melds) == len(contract.requirements))


def _check_swap(state: GameState, seat: int, action: SwapJoker) -> IllegalActionError | None:
    variant = state.variant
    if not isinstance(action.meld, int) or not 0 <= action.meld < len(state.table):
        return _illegal(Reason.NO_SUCH_MELD, f"there is no meld {action.meld} on the table")
    if variant.swapper_must_be_down and not _is_down(state, seat):
        return _illegal(Reason.NOT_DOWN, "a player must be down to swap a joker")
    meld = state.table[action.meld]
    if meld.owner == seat and not variant.swap_from_own_melds:
        return _illegal(Reason.SWAP_NOT_ALLOWED, "jokers can be swapped only from opponents' melds (N11)")
    if JOKER not in meld.cards:
        return _illegal(Reason.BAD_SWAP, f"meld {action.meld} holds no joker")
    if meld.kind is MeldKind.SET and variant.set_swap.value == "never":
        return _illegal(Reason.SWAP_NOT_ALLOWED, "a joker in a set can never be swapped (N11)")
    if meld.kind is MeldKind.RUN and not variant.swap_from_runs:
        return _illegal(Reason.SWAP_NOT_ALLOWED, "jokers cannot be swapped out of runs in this variant")
    if not action.cards or not _holds(state.hands[seat], action.cards):
        return _illegal(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {format_cards(action.cards)}")
    if swap_joker(variant.meld_rules, meld.kind, meld.cards, action.cards,
                  from_runs=variant.swap_from_runs, from_sets=variant.set_swap) is None:
        if meld.kind is MeldKind.SET:
            return _illegal(
                Reason.BAD_SWAP,
                "a joker leaves a group only when the group becomes four naturals of all four suits (E6)",
            )
        return _illegal(Reason.BAD_SWAP, f"{format_cards(action.cards)} is not the card the joker stands for")
    return None


def _holds(hand: tuple[Card, ...], cards: Sequence[Card]) -> bool:
    if len(cards) == 1:
        return cards[0] in hand
    need: dict[Card, int] = {}
    for card in cards:
        need[card] = need.get(card, 0) + 1
    return all(hand.count(card) >= n for card, n in need.items())
