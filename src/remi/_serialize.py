"""JSON for game states (private: use ``GameState.to_json`` / ``GameState.from_json``)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from remi.actions import parse_action
from remi.cards import Card, format_cards, parse_card, parse_cards
from remi.errors import Reason, RemiError, SerializationError
from remi.melds import MeldKind, meld_problems
from remi.state import DealResult, GameState, Phase, TableMeld, _rebuild
from remi.variant import Schedule, Variant

FORMAT = "remi-state"
FORMAT_VERSION = 1


def _cards(cards: tuple[Card, ...]) -> str:
    return format_cards(cards)


def _deal_result(result: DealResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "deal": result.deal,
        "winner": result.winner,
        "scores": list(result.scores),
        "hands": [_cards(hand) for hand in result.hands],
        "levels": list(result.levels),
    }


def state_to_json(state: GameState) -> str:
    """Serialize every field of ``state``."""
    data = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "variant": {"name": state.variant.name, "version": state.variant.version},
        "players": state.players,
        "seed": state.seed,
        "deal": state.deal,
        "dealer": state.dealer,
        "levels": list(state.levels),
        "wins": list(state.wins),
        "scores": list(state.scores),
        "deal_scores": [list(scores) for scores in state.deal_scores],
        "hands": [_cards(hand) for hand in state.hands],
        "stock": _cards(state.stock),
        "discard_pile": _cards(state.discard_pile),
        "table": [
            {"kind": meld.kind.value, "cards": _cards(meld.cards), "owner": meld.owner, "turn": meld.turn}
            for meld in state.table
        ],
        "laid": [sorted(laid) for laid in state.laid],
        "layoffs": list(state.layoffs),
        "buys": list(state.buys),
        "rebuilds": state.rebuilds,
        "on_turn": state.on_turn,
        "to_act": state.to_act,
        "phase": state.phase.value,
        "buy_queue": list(state.buy_queue),
        "discarder": state.discarder,
        "taken": str(state.taken) if state.taken is not None else None,
        "turn": state.turn,
        "last_deal": _deal_result(state.last_deal),
        "start": [[key, value] for key, value in state.start],
        "history": [str(action) for action in state.history],
    }
    return json.dumps(data, ensure_ascii=False)


class _Reader:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise SerializationError(f"the state has no {key!r}")
        return self.data[key]

    def integer(self, key: str, value: Any = None, *, low: int | None = 0, high: int | None = None) -> int:
        value = self.get(key) if value is None else value
        if isinstance(value, bool) or not isinstance(value, int):
            raise SerializationError(f"{key!r} must be an integer, got {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise SerializationError(f"{key!r} is out of range: {value!r}")
        return value

    def seat_ints(self, key: str, players: int, *, low: int | None = 0, high: int | None = None) -> tuple[int, ...]:
        values = self.get(key)
        if not isinstance(values, list) or len(values) != players:
            raise SerializationError(f"{key!r} must list one integer per seat ({players})")
        return tuple(self.integer(key, v, low=low, high=high) for v in values)

    def cards(self, key: str, value: Any = None) -> tuple[Card, ...]:
        value = self.get(key) if value is None else value
        if not isinstance(value, str):
            raise SerializationError(f"{key!r} must be card text, got {value!r}")
        try:
            return parse_cards(value)
        except RemiError as error:
            raise SerializationError(f"{key!r}: {error}") from None


def state_from_json(text: str | bytes, variant: Variant | None = None) -> GameState:
    """Read a state, checking that it is well-formed and consistent."""
    from remi.variants import get

    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise SerializationError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SerializationError(f"not a remi state (expected an object with format {FORMAT!r})")
    if data.get("format_version") != FORMAT_VERSION:
        raise SerializationError(f"unsupported format_version {data.get('format_version')!r}")
    r = _Reader(data)
    info = r.get("variant")
    if not isinstance(info, dict) or not isinstance(info.get("name"), str):
        raise SerializationError("'variant' must be an object with a name and a version")
    if variant is None:
        try:
            variant = get(info["name"])
        except RemiError as error:
            raise SerializationError(str(error), Reason.UNKNOWN_VARIANT) from None
    if variant.name != info["name"] or variant.version != info.get("version"):
        raise SerializationError(
            f"the state was played under {info['name']} version {info.get('version')}, "
            f"not {variant.name} version {variant.version}"
        )
    players = r.integer("players", low=variant.min_players, high=variant.max_players)
    seed = r.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise SerializationError(f"'seed' must be an integer or a string, got {seed!r}")
    last = len(variant.contracts)
    seat_high = players - 1
    hands_raw = r.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != players:
        raise SerializationError("'hands' must list one hand per seat")
    hands = tuple(tuple(sorted(r.cards("hands", hand), key=lambda c: c.index)) for hand in hands_raw)
    table_raw = r.get("table")
    if not isinstance(table_raw, list):
        raise SerializationError("'table' must be a list of melds")
    table = []
    for entry in table_raw:
        if not isinstance(entry, dict):
            raise SerializationError("each table meld must be an object")
        try:
            kind = MeldKind(entry.get("kind"))
        except ValueError:
            raise SerializationError(f"bad meld kind {entry.get('kind')!r}") from None
        cards = r.cards("table", entry.get("cards"))
        if kind is MeldKind.SET:
            cards = tuple(sorted(cards, key=lambda c: c.index))
        problems = meld_problems(variant.meld_rules, kind, cards)
        if problems:
            raise SerializationError(f"table meld {format_cards(cards)} is not a valid {kind.value}")
        turn = entry.get("turn")
        table.append(TableMeld(kind, cards, r.integer("owner", entry.get("owner"), high=seat_high),
                               None if turn is None else r.integer("turn", turn, low=None)))
    stock = r.cards("stock")
    discard = r.cards("discard_pile")
    everything = Counter(stock) + Counter(discard)
    for hand in hands:
        everything.update(hand)
    for meld in table:
        everything.update(meld.cards)
    if everything != Counter(variant.deck()):
        raise SerializationError("the cards in the state are not exactly the variant's deck")
    try:
        phase = Phase(r.get("phase"))
    except ValueError:
        raise SerializationError(f"bad phase {data.get('phase')!r}") from None
    laid_raw = r.get("laid")
    if not isinstance(laid_raw, list) or len(laid_raw) != players or not all(isinstance(x, list) for x in laid_raw):
        raise SerializationError("'laid' must list requirement indices per seat")
    levels = r.seat_ints("levels", players, low=1, high=last)
    laid = tuple(
        frozenset(r.integer("laid", i, high=len(variant.contracts[level - 1].requirements) - 1) for i in x)
        for x, level in zip(laid_raw, levels, strict=True)
    )
    on_turn = r.integer("on_turn", high=seat_high)
    to_act_raw = r.get("to_act")
    to_act = None if to_act_raw is None else r.integer("to_act", high=seat_high)
    queue_raw = r.get("buy_queue")
    if not isinstance(queue_raw, list):
        raise SerializationError("'buy_queue' must be a list of seats")
    buy_queue = tuple(r.integer("buy_queue", s, high=seat_high) for s in queue_raw)
    if (phase is Phase.OVER) != (to_act is None):
        raise SerializationError("'to_act' must be null exactly when the match is over")
    if phase is Phase.BUY and (not buy_queue or to_act != buy_queue[0]):
        raise SerializationError("in a buy window, 'to_act' must head the 'buy_queue'")
    if phase in (Phase.DRAW, Phase.PLAY) and to_act != on_turn:
        raise SerializationError("'to_act' must be the player on turn in the draw and play phases")
    if phase is not Phase.BUY and buy_queue:
        raise SerializationError("'buy_queue' must be empty outside a buy window")
    if on_turn in buy_queue or len(set(buy_queue)) != len(buy_queue):
        raise SerializationError("'buy_queue' lists other seats than the player on turn, each once")
    if variant.schedule is Schedule.ROUNDS and len(set(levels)) != 1:
        raise SerializationError("in a fixed-round variant every seat plays the same round")
    owners = {meld.owner for meld in table}
    if any(laid[seat] and seat not in owners for seat in range(players)):
        raise SerializationError("'laid' names requirements of a seat with no melds on the table")
    discarder_raw = r.get("discarder")
    taken_raw = r.get("taken")
    try:
        taken = None if taken_raw is None else parse_card(taken_raw)
        history = tuple(parse_action(a) for a in r.get("history"))
    except (RemiError, TypeError) as error:
        raise SerializationError(f"bad card or action: {error}") from None
    if taken is not None and phase is not Phase.PLAY:
        raise SerializationError("'taken' is set only while the player on turn plays")
    deal_scores_raw = r.get("deal_scores")
    if not isinstance(deal_scores_raw, list):
        raise SerializationError("'deal_scores' must be a list")
    deal_scores = tuple(
        tuple(r.integer("deal_scores", v, low=None) for v in row) if isinstance(row, list) else ()
        for row in deal_scores_raw
    )
    if any(len(row) != players for row in deal_scores):
        raise SerializationError("each 'deal_scores' row needs one score per seat")
    values = {
        "variant": variant,
        "players": players,
        "seed": seed,
        "deal": r.integer("deal", low=1),
        "dealer": r.integer("dealer", high=seat_high),
        "levels": levels,
        "wins": r.seat_ints("wins", players),
        "scores": r.seat_ints("scores", players, low=None),
        "deal_scores": deal_scores,
        "hands": hands,
        "stock": stock,
        "discard_pile": discard,
        "table": tuple(table),
        "laid": laid,
        "layoffs": r.seat_ints("layoffs", players),
        "buys": r.seat_ints("buys", players),
        "rebuilds": r.integer("rebuilds", high=variant.stock_rebuilds),
        "on_turn": on_turn,
        "to_act": to_act,
        "phase": phase,
        "buy_queue": buy_queue,
        "discarder": None if discarder_raw is None else r.integer("discarder", high=seat_high),
        "taken": taken,
        "turn": r.integer("turn"),
        "last_deal": _read_deal(r, data.get("last_deal"), players),
        "start": _read_start(r.get("start")),
        "_history": history,
    }
    return _rebuild(tuple(values.values()))


def _read_deal(r: _Reader, raw: Any, players: int) -> DealResult | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise SerializationError("'last_deal' must be an object or null")
    inner = _Reader(raw)
    winner = raw.get("winner")
    hands = inner.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise SerializationError("'last_deal' needs one hand per seat")
    return DealResult(
        deal=inner.integer("deal", low=1),
        winner=None if winner is None else inner.integer("winner", winner, high=players - 1),
        scores=inner.seat_ints("scores", players, low=None),
        hands=tuple(inner.cards("hands", hand) for hand in hands),
        levels=inner.seat_ints("levels", players, low=1),
    )


def _read_start(raw: Any) -> tuple[tuple[str, Any], ...]:
    if not isinstance(raw, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) for pair in raw
    ):
        raise SerializationError("'start' must be a list of [name, value] pairs")
    return tuple((key, value) for key, value in raw)
