"""The terminal game behind ``remi play``: one human seat against greedy bots.

:func:`play` runs a match on any pair of text streams, so a test drives it with
scripted input. Output is either plain ASCII (``9H``, no escape codes: for a
pipe, a file, ``--plain`` or ``NO_COLOR``) or, with `rich
<https://rich.readthedocs.io>`_, suit symbols in colour (``9♥`` in red, jokers
highlighted); an output whose encoding cannot write the suit symbols gets plain
ASCII. Cards are typed in either form; a menu number is ASCII digits.

A decision shows the table (whose turn, the melds by owner, hand sizes, who is
down, buys used and left, the lay-off quota, the contract, the scores), then a
menu of the moves legal now, grouped by kind, each page at most ten lines: the
solver's best lay-down first, the others behind a "more…" entry, grouped by the
meld laid for the first requirement. Any legal action can also be typed in
notation. A refusal is said to the player: "you" for their seat, cards as the
screen shows them, and the variant's clause for the rule where it names one. A
deal opens with its banner, before anyone moves in it, and ends with a summary
and, when the input is a terminal, a pause.

Private: ``remi.cli`` imports it only when ``remi play`` runs.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import islice
from typing import IO, Any

import attrs

from remi.actions import Action, Buy, Discard, DrawStock, LayDown, LayOff, Pass, SwapJoker, TakeDiscard, parse_action
from remi.bots import GreedyBot, make_bot
from remi.cards import Card, Suit, parse_card
from remi.contracts import Contract
from remi.errors import IllegalActionError, Reason, RemiError
from remi.melds import Meld
from remi.parts import GoingOut, Schedule
from remi.simulation import bot_seed
from remi.solver import solve
from remi.state import GameState, Phase, PlayerView
from remi.variant import Variant

__all__ = ["LAYDOWN_SCAN", "PAGE", "play"]

#: Lay-downs read from the listing per decision (a hand grown by buying can have millions;
#: the others can still be typed).
LAYDOWN_SCAN = 2000

#: The most numbered entries on one page of a sub-menu (the last may be "more…").
PAGE = 9

#: Lay-offs or swaps listed in the main menu before they move to a sub-menu of their own.
_INLINE = 2

#: Discards per line in the main menu.
_PER_LINE = 7

#: The most digits a menu number is read with: a longer one is out of range, never converted.
_DIGITS = 9

_RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})

#: A card named in a message (``KD``, ``10H``, ``JK``): shown as a card, in suit symbols where the screen has them.
_CARD_WORD = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b|\bJK\b")

#: A clause label already cited in a message, such as ``(N15)``.
_CITED = re.compile(r"\([NELSMR]X?[0-9]+\)")

#: The rule (a key of :data:`remi.RULE_KEYS`) a refusal's reason breaks: its clause is cited where the
#: variant names one and the message does not already.
_CLAUSE_OF = {
    Reason.DOWN_DRAWS_FROM_STOCK: "draw.down_stock_only",
    Reason.CANNOT_REDISCARD: "discard.taken_card",
    Reason.BUY_LIMIT: "buy.limit",
    Reason.DISCARDER_MAY_NOT_BUY: "buy.discarder",
    Reason.DOWN_MAY_NOT_BUY: "buy.down",
    Reason.ALREADY_DOWN: "laydown.whole",
    Reason.CONTRACT_NOT_MET: "laydown.contract",
    Reason.CONTRACT_CONSTRAINT: "laydown.constraint",
    Reason.MUST_KEEP_A_CARD: "laydown.keep_card",
    Reason.ALL_IN: "going_out.all_in",
    Reason.MUST_DISCARD_TO_GO_OUT: "going_out.discard",
    Reason.NOT_DOWN: "layoff.down",
    Reason.OWN_MELD_TOO_SOON: "layoff.own_meld",
    Reason.LAYOFF_QUOTA: "layoff.quota",
    Reason.GO_DOWN_TURN: "layoff.go_down_turn",
    Reason.JOKER_CAP: "melds.cap",
    Reason.SWAP_NOT_ALLOWED: "swap.who",
    Reason.DOWN_MAY_NOT_SWAP: "swap.who",
}

#: The non-ASCII characters of the game's own text (and suit symbols typed), as plain output spells them:
#: the separators, and the suits and the dead 2's mark as the ASCII notation writes them.
_PLAIN = str.maketrans({"·": "|", "…": "...", "♠": "S", "♥": "H", "♦": "D", "♣": "C", "†": "+"})

#: What rich output writes beyond ASCII (rich draws its table borders in ASCII on a non-UTF output itself).
_SYMBOLS = "♠♥♦♣·…"

_HELP = """\
Type the number of a choice, or an action:
  draw | take | buy | pass
  down set 5C 5D 5H; run 4S 5S 6S 7S     (the melds, separated by ';')
  layoff 9C on 2 high                    (the meld's [number] on the table; low/high for runs)
  swap 3S on 0                           (put 3S in place of a joker of meld [0])
  discard KC  (or just: KC; suit symbols work too)
In a sub-menu: 0 or 'back' returns.
Other commands: hint (what a greedy bot would do), table (show the table again), help, quit.
End of input (Ctrl-D) or Ctrl-C quits too."""


@attrs.frozen
class Styled:
    """Text shown in a rich style (plain output shows the text alone)."""

    text: str
    style: str


Part = str | Card | Styled | Sequence[Card]


def _ascii(line: str) -> str:
    """``line`` in ASCII: the game's separators spelled out, any other character (typed text echoed) escaped."""
    return line.translate(_PLAIN).encode("ascii", "backslashreplace").decode("ascii")


def _writes(out: IO[str], text: str) -> bool:
    """Whether ``out``'s encoding can write ``text`` (a stream without one, such as ``StringIO``, writes any)."""
    encoding = getattr(out, "encoding", None)
    if not encoding:
        return True
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Screen:
    """Where the game writes: plain text, or rich text with coloured suit symbols.

    Args:
        out: The output stream.
        rich: Whether to write with rich (escape codes): the caller decides
            (standard output is a terminal, rich is installed, no ``--plain``
            or ``NO_COLOR``). An output whose encoding cannot write the suit
            symbols (``PYTHONIOENCODING=ascii``, a Latin-1 terminal) gets plain
            ASCII instead of a ``UnicodeEncodeError``.
    """

    def __init__(self, out: IO[str], *, rich: bool) -> None:
        self.out = out
        self.console: Any = None
        if rich and _writes(out, _SYMBOLS):
            from rich.console import Console  # rich is optional (the cli extra)

            self.console = Console(file=out, force_terminal=True, highlight=False, soft_wrap=True)

    def card(self, card: Card) -> Styled | str:
        """One card: ``9H`` plain, ``9♥`` in red with rich, the joker highlighted."""
        if self.console is None:
            return str(card)
        if card.suit is None:
            return Styled(card.symbol, "bold black on yellow")
        return Styled(card.symbol, "bold red" if card.suit in _RED else "bold")

    def text(self, *parts: Part) -> list[str | Styled]:
        """``parts`` as pieces: cards styled, a sequence of cards spaced."""
        pieces: list[str | Styled] = []
        for part in parts:
            if isinstance(part, (str, Styled)):
                pieces.append(part)
            elif isinstance(part, Card):
                pieces.append(self.card(part))
            else:
                for i, card in enumerate(part):
                    if i:
                        pieces.append(" ")
                    pieces.append(self.card(card))
        return pieces

    def say(self, *parts: Part, end: str = "\n") -> None:
        """Write one line made of ``parts``."""
        pieces = self.text(*parts)
        if self.console is None:
            text = "".join(p if isinstance(p, str) else p.text for p in pieces)
            print(_ascii(text), end=end, file=self.out, flush=True)
            return
        from rich.text import Text  # rich is optional (the cli extra)

        line = Text()
        for piece in pieces:
            if isinstance(piece, str):
                line.append(piece)
            else:
                line.append(piece.text, style=piece.style)
        self.console.print(line, end=end)
        self.out.flush()

    def table(self, title: str, head: Sequence[str], rows: Sequence[Sequence[Part]]) -> None:
        """A table with a title: rich's, or aligned plain columns."""
        if self.console is None:
            cells = [["".join(p if isinstance(p, str) else p.text for p in self.text(c)) for c in row]
                     for row in rows]
            widths = [max(len(r[i]) for r in [list(head), *cells]) for i in range(len(head))]
            self.say(title)
            for line in [list(head), *cells]:
                self.say("  " + "  ".join(c.ljust(w) if i in (0, len(head) - 1) else c.rjust(w)
                                          for i, (c, w) in enumerate(zip(line, widths, strict=True))).rstrip())
            return
        from rich.table import Table  # rich is optional (the cli extra)
        from rich.text import Text  # rich is optional (the cli extra)

        table = Table(title=title, title_justify="left")
        for i, column in enumerate(head):
            table.add_column(column, justify="left" if i in (0, len(head) - 1) else "right")
        for row in rows:
            table.add_row(*(Text.assemble(*((p, "") if isinstance(p, str) else (p.text, p.style)
                                            for p in self.text(cell))) for cell in row))
        self.console.print(table)
        self.out.flush()


@attrs.frozen
class Entry:
    """One numbered menu entry: an action, or a sub-menu."""

    label: tuple[Part, ...]
    action: Action | None = None
    submenu: Menu | None = None


@attrs.frozen
class Menu:
    """A menu: groups of entries under a heading; pages of :data:`PAGE` entries when it is a sub-menu."""

    title: tuple[Part, ...]
    groups: tuple[tuple[str, tuple[Entry, ...]], ...]
    page: int = 0
    sub: bool = False


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _left(hand: Sequence[Card], cards: Iterable[Card]) -> list[Card]:
    remaining = list(hand)
    for card in cards:
        remaining.remove(card)
    return remaining


class Game:
    """One match at the terminal: shows what the human seat may see and reads its choices.

    Args:
        variant: The rules.
        seat: The human's seat.
        seed: The match's seed (shown when the match ends or the player quits).
        stdin: Where the choices are read.
        screen: Where the game is shown.
        pause: Whether to wait for Enter after each deal (an interactive terminal).
    """

    def __init__(self, variant: Variant, seat: int, seed: int, stdin: IO[str], screen: Screen,
                 *, pause: bool, opponent: str = "greedy") -> None:
        self.variant = variant
        self.opponent = opponent
        self.seat = seat
        self.seed = seed
        self.stdin = stdin
        self.screen = screen
        self.pause = pause
        self.helper = GreedyBot()
        self.say = screen.say

    def name(self, seat: int) -> str:
        """``you`` for the human seat, ``seat 2 (greedy)`` for a bot (named after the opponents' bot)."""
        return "you" if seat == self.seat else f"seat {seat} ({self.opponent})"

    def short(self, seat: int) -> str:
        """``you``, or ``seat 2``: where the seats are listed side by side."""
        return "you" if seat == self.seat else f"seat {seat}"

    # -- showing ------------------------------------------------------------------

    def show(self, view: PlayerView) -> None:
        """The table as the human seat sees it."""
        self.say()
        self.say(Styled(f"== {self.where(view)} · dealer: {self.short(view.dealer)} ==", "bold"))
        self._standing(view)
        self._table(view)
        self._hand(view)

    def where(self, view: PlayerView) -> str:
        """``Round 2 of 7``, or ``Deal 3 · your level 2 of 7`` in a match of levels."""
        if self.variant.match.schedule is Schedule.ROUNDS:
            return f"Round {view.levels[0]} of {self.variant.rounds}"
        return f"Deal {view.deal} · your level {view.levels[self.seat]} of {self.variant.rounds}"

    def by_seat(self, values: Sequence[object]) -> str:
        """``you 20 · seat 1 35 · …``: one value per seat, in seat order."""
        return " · ".join(f"{self.short(seat)} {value}" for seat, value in enumerate(values))

    def _standing(self, view: PlayerView) -> None:
        """The contract, the levels and scores, the seats' hands, the buys."""
        say = self.say
        contract = view.contract()
        sizes = "; exact sizes" if self.variant.contracts.exact_sizes else ""
        say(f"Contract: {contract} ({', '.join(map(str, contract.requirements))}{sizes})")
        if self.variant.match.schedule is Schedule.LEVELS:
            say("Levels: " + self.by_seat(view.levels))
        say("Scores: " + self.by_seat(view.scores))
        say("Seats:  " + " · ".join(f"{self.short(s)} {_plural(view.hand_sizes[s], 'card')}"
                                    f"{', down' if view.is_down(s) else ''}" for s in range(view.players)))
        buying = self.variant.buying
        if not buying.enabled or buying.limit == 0:
            return
        if buying.limit is None:
            say("Buys this deal (no limit): " + self.by_seat(view.buys))
        else:
            left = buying.limit - view.buys[self.seat]
            say(f"Buys this deal (limit {buying.limit}): you {view.buys[self.seat]} used, {left} left · "
                + " · ".join(f"seat {s} {view.buys[s]}" for s in range(view.players) if s != self.seat))

    def _table(self, view: PlayerView) -> None:
        """The melds on the table by owner, in seat order, and the discard pile and stock."""
        if not view.table:
            self.say("Table: no melds yet")
        else:
            self.say("Table:")
            for owner in range(view.players):
                melds = [(i, m) for i, m in enumerate(view.table) if m.owner == owner]
                if melds:
                    parts: list[Part] = [f"  {self.short(owner)}:"]
                    for i, meld in melds:
                        parts += [f"  [{i}] {meld.kind.value} ", meld.cards]
                    self.say(*parts)
        top: Part = view.discard_pile[-1] if view.discard_pile else "(empty)"
        self.say("Discard pile: ", top, f" on top ({_plural(len(view.discard_pile), 'card')}) · "
                 f"stock: {_plural(view.stock_size, 'card')}")

    def _hand(self, view: PlayerView) -> None:
        """The human's hand and points, and whether they are down and their lay-offs used."""
        notes = []
        if view.is_down():
            notes.append("you are down")
        quota = self.variant.layoff_quota(view.levels[self.seat] - 1)
        if quota is not None:
            notes.append(f"lay-offs: {view.layoffs[self.seat]} of {quota} used this deal")
        self.say(f"Your hand ({_plural(len(view.hand), 'card')}, {self.variant.hand_points(view.hand)} points): ",
                 *self._suits(view.hand))
        if notes:
            self.say(" · ".join(notes).capitalize())

    def _suits(self, hand: Sequence[Card]) -> list[Part]:
        """The hand with a wider gap between suits."""
        parts: list[Part] = []
        for i, card in enumerate(hand):
            if i:
                parts.append("  " if card.suit != hand[i - 1].suit else " ")
            parts.append(card)
        return parts

    def told(self, before: GameState, action: Action, after: GameState) -> None:
        """Say what happened: a bot's action named, and the cards the human got."""
        seat = before.to_act
        assert seat is not None
        top = before.discard_pile[-1] if before.discard_pile else None
        penalty = self.variant.buying.penalty
        if seat != self.seat and not isinstance(action, Pass):
            self.say(f"{self.name(seat)} ", *self.describe(action, top, penalty))
        if after.deal != before.deal or after.is_over:
            return
        gained = list((Counter(after.hands[self.seat]) - Counter(before.hands[self.seat])).elements())
        if seat == self.seat and isinstance(action, (TakeDiscard, Buy, SwapJoker)):
            self.say("you ", *self.describe(action, top, penalty))
            stock = _left(gained, [top]) if isinstance(action, Buy) and top is not None else []
            if stock:
                self.say("you drew ", stock, " from the stock as the penalty")
        elif gained:
            self.say("you drew ", gained, " from the stock")
        elif seat == self.seat and not isinstance(action, (DrawStock, Pass)):
            self.say("you ", *self.describe(action, top, penalty))

    def describe(self, action: Action, top: Card | None, penalty: int) -> list[Part]:
        """``action`` in words, in the past tense."""
        if isinstance(action, DrawStock):
            return ["drew from the stock"]
        if isinstance(action, TakeDiscard) and top is not None:
            return ["took ", top, " from the discard pile"]
        if isinstance(action, Buy) and top is not None:
            return ["bought ", top, f" (+{_plural(penalty, 'penalty card')} from the stock)"]
        if isinstance(action, LayDown):
            return ["went down: ", *self.melds(action.melds)]
        if isinstance(action, LayOff):
            return ["laid off ", action.card, f" on [{action.meld}]{' ' + action.end.value if action.end else ''}"]
        if isinstance(action, SwapJoker):
            return ["swapped ", action.cards, f" for the joker in [{action.meld}]"]
        if isinstance(action, Discard):
            return ["discarded ", action.card]
        return [str(action)]

    def offered(self, action: Action) -> tuple[Part, ...]:
        """A lay-off or a swap as a menu entry."""
        if isinstance(action, LayOff):
            return (action.card, f" on [{action.meld}]{' ' + action.end.value if action.end else ''}")
        if isinstance(action, SwapJoker):
            return ("put ", action.cards, f" in place of the joker in [{action.meld}]")
        return (str(action),)

    def melds(self, melds: Sequence[Meld]) -> list[Part]:
        """Melds as ``set 9♥ 9♦ 9♣ + run …``."""
        parts: list[Part] = []
        for i, meld in enumerate(melds):
            parts += [" + " if i else "", f"{meld.kind.value} ", meld.cards]
        return parts

    def deal_over(self, state: GameState) -> bool:
        """The deal's summary, then a pause when interactive; ``False`` if the input ended there."""
        result = state.last_deal
        assert result is not None
        how = "no one went out (stock exhausted or turn limit)" if result.winner is None else \
            f"{self.name(result.winner)} went out"
        self.say()
        rows = [[self.name(s), f"{result.scores[s]:+d}", str(state.scores[s]), result.hands[s] or "-"]
                for s in range(state.players)]
        self.screen.table(f"Deal {result.deal} over: {how}.", ["seat", "this deal", "total", "left in hand"],
                          rows)
        if self.pause and not state.is_over:
            self.say("Press Enter for the next deal (q to quit): ", end="")
            line = self.stdin.readline()
            if not line or line.strip().lower() in ("q", "quit"):
                return False
        return True

    def deal_begins(self, state: GameState) -> None:
        """The banner of a new deal, said before anyone acts in it."""
        view = state.view(self.seat)
        self.say()
        self.say(Styled(f"=== {self.where(view)} begins · dealer: {self.short(view.dealer)} ===", "bold"))

    def match_over(self, state: GameState) -> None:
        """The winners, and the seed that replays the match."""
        winners = state.winners
        who = " and ".join(self.name(seat) for seat in winners)
        self.say()
        self.say(Styled(f"=== Match over. Winner{'s' if len(winners) > 1 else ''}: {who} with "
                        f"{state.scores[winners[0]]} points. ===", "bold"))
        self.say(f"The match's seed was {self.seed} (replay it with --seed {self.seed}).")

    # -- menus --------------------------------------------------------------------

    def menu(self, state: GameState) -> Menu:
        """The moves legal now, grouped by kind."""
        view = state.view(self.seat)
        if state.phase is not Phase.PLAY:
            return self._draw_menu(state, view)
        groups: list[tuple[str, tuple[Entry, ...]]] = []
        kinds = []
        down = self.laydowns(state, view)
        if down:
            kinds.append("go down")
            groups.append(("Go down", down))
        for kind, heading, word in ((LayOff, "Lay off", "lay off"), (SwapJoker, "Swap a joker", "swap")):
            actions = list(state.legal_actions(kinds=kind))
            if not actions:
                continue
            kinds.append(word)
            entries = tuple(Entry(self.offered(a), a) for a in actions)
            if len(entries) > _INLINE:
                entries = (Entry((f"{heading.lower()}… ({_plural(len(entries), 'way')})",),
                                 submenu=Menu((heading,), (("", entries),), sub=True)),)
            groups.append((heading, entries))
        discards = tuple(Entry((a.card,), a) for a in state.legal_actions(kinds=Discard) if isinstance(a, Discard))
        if discards:
            kinds.append("discard")
            groups.append(("Discard", discards))
        what = ", ".join(kinds[:-1]) + (" or " if len(kinds) > 1 else "") + kinds[-1] if kinds else "nothing"
        return Menu((f"Your play: {what}.",), tuple(groups))

    def _draw_menu(self, state: GameState, view: PlayerView) -> Menu:
        """The draw (or the offer to buy): the stock, the discard, a buy, a pass."""
        top = view.discard_pile[-1] if view.discard_pile else None
        choices = [self._draw_entry(action, view, top)
                   for action in state.legal_actions(kinds=(DrawStock, TakeDiscard, Buy, Pass))]
        if state.phase is Phase.DRAW:
            title: tuple[Part, ...] = ("Your turn: draw.",)
        else:
            title = (f"{self.name(state.on_turn).capitalize()} declined ", top or "the discard", ": buy it?")
        return Menu(title, (("", tuple(choices)),))

    def _draw_entry(self, action: Action, view: PlayerView, top: Card | None) -> Entry:
        """One entry of the draw menu."""
        if isinstance(action, DrawStock):
            return Entry(("draw from the stock",), action)
        if isinstance(action, TakeDiscard) and top is not None:
            return Entry(("take ", top, " from the discard pile"), action)
        if isinstance(action, Buy) and top is not None:
            limit = self.variant.buying.limit
            used = view.buys[self.seat]
            left = "" if limit is None else f"; buys: {used} of {limit} used, {limit - used} left"
            penalty = _plural(self.variant.buying.penalty, "penalty card")
            return Entry(("buy ", top, f" (+{penalty}{left})"), action)
        return Entry((str(action),), action)

    def laydowns(self, state: GameState, view: PlayerView) -> tuple[Entry, ...]:
        """The solver's best lay-down, then "more…" for the others read from the listing."""
        listed = [a for a in islice(state.legal_actions(kinds=LayDown), LAYDOWN_SCAN + 1) if isinstance(a, LayDown)]
        if not listed:
            return ()
        counted = len(listed) <= LAYDOWN_SCAN
        del listed[LAYDOWN_SCAN:]
        points = self.variant.hand_points
        total = points(view.hand)

        def left(action: LayDown) -> int:  # the points left in hand after it
            return total - points(action.cards)

        best = self._solved(state, view)
        listed.sort(key=lambda a: (left(a), -len(a.cards), str(a)))
        best = best if best is not None else listed[0]
        others = [a for a in listed if a != best]
        entries = [Entry((*self.melds(best.melds), f"  (leaves {left(best)} points)"), best)]
        if others:
            more = f"{len(others)}" if counted else f"over {len(others)}"
            by_first: dict[Meld, list[LayDown]] = {}
            for action in others:
                by_first.setdefault(action.melds[0], []).append(action)
            firsts = []
            for first, actions in by_first.items():
                ways = tuple(Entry((*self.melds(a.melds), f"  (leaves {left(a)})"), a) for a in actions)
                if len(ways) == 1:
                    firsts.append(ways[0])
                else:
                    firsts.append(Entry((*self.melds([first]), f" + …  ({_plural(len(ways), 'way')})"),
                                        submenu=Menu(("Go down with ", *self.melds([first])), (("", ways),),
                                                     sub=True)))
            groups = Menu(("Other ways to go down, by the meld of the first requirement",), (("", tuple(firsts)),),
                          sub=True)
            entries.append(Entry((f"more… ({more} other way{'' if len(others) == 1 else 's'})",), submenu=groups))
        return tuple(entries)

    def _solved(self, state: GameState, view: PlayerView) -> LayDown | None:
        """The solver's lay-down of the open requirements, if it is legal now."""
        contract = view.contract()
        done = view.laid[self.seat]
        if done:
            contract = Contract(tuple(r for i, r in enumerate(contract.requirements) if i not in done))
        all_in = self.variant.contracts.going_out[view.levels[self.seat] - 1] is GoingOut.ALL_IN
        best = solve(self.variant, view.hand, contract, all_in=all_in)
        if best is None:
            return None
        action = LayDown(best.melds)
        return action if state.is_legal(action) else None

    def numbered(self, menu: Menu) -> list[tuple[Entry, int]]:
        """The entries shown on ``menu``'s page, numbered from 1; sub-menus are paged."""
        entries = [e for _, group in menu.groups for e in group]
        if not menu.sub:
            return [(e, i) for i, e in enumerate(entries, 1)]
        start = menu.page * (PAGE - 1)
        return [(e, i) for i, e in enumerate(entries[start:start + PAGE - 1], 1)]

    def render(self, menu: Menu) -> list[Entry]:
        """Show ``menu`` (at most ten lines) and return its numbered entries, "more…" included."""
        say = self.say
        say(*(Styled(p, "bold") if isinstance(p, str) else p for p in menu.title))
        numbered = self.numbered(menu)
        shown = [e for e, _ in numbered]
        if menu.sub:
            total = sum(len(g) for _, g in menu.groups)
            for entry, number in numbered:
                say(f"  {number}) ", *entry.label)
            if (menu.page + 1) * (PAGE - 1) < total:
                rest = total - (menu.page + 1) * (PAGE - 1)
                more = Entry((f"more… ({rest} more)",), submenu=attrs.evolve(menu, page=menu.page + 1))
                shown.append(more)
                say(f"  {PAGE}) ", *more.label)
            say("  0) back")
            return shown
        number = 1
        for heading, group in menu.groups:
            if heading == "Discard":
                for row in range(0, len(group), _PER_LINE):
                    parts: list[Part] = [f"  {heading + ':' if row == 0 else '':<13}"]
                    for i, entry in enumerate(group[row:row + _PER_LINE]):
                        parts += [" " if i else "", f"{number:>3}) ", *entry.label]
                        number += 1
                    say(*parts)
                continue
            for i, entry in enumerate(group):
                label = f"{heading + ':' if heading and i == 0 else '':<13}" if heading else ""
                say(f"  {label}{number:>3}) ", *entry.label)
                number += 1
        return shown

    # -- asking -------------------------------------------------------------------

    def ask(self, state: GameState) -> Action | None:
        """Read the human's action; ``None`` when the input ends or they quit."""
        view = state.view(self.seat)
        self.show(view)
        stack = [self.menu(state)]
        while True:
            entries = self.render(stack[-1])
            self.say("Your choice: ", end="")
            line = self.stdin.readline()
            if not line:
                self.say()
                self.say("End of input.")
                return None
            text = line.strip()
            if not self.stdin.isatty():
                self.say(text)  # echo piped input, so the transcript reads well
            if text.lower() in ("quit", "exit", "q"):
                return None
            if not text or self.command(text.lower(), state, view, stack):
                continue
            action = self.chosen(text, entries, stack)
            if action is None:
                continue
            try:
                state.check(action)
            except IllegalActionError as error:
                self.say("Not allowed: ", *self.spoken(error))
                continue
            return action

    def command(self, word: str, state: GameState, view: PlayerView, stack: list[Menu]) -> bool:
        """Answer ``help``, ``table``, ``hint`` or ``back``; ``False`` if ``word`` is none of them."""
        if word in ("help", "?", "h"):
            self.say(_HELP)
        elif word in ("table", "t", "show"):
            self.show(view)
        elif word == "hint":
            self.say("A greedy bot would play: ", *self.cards_in(str(self.helper.choose(view, state.legal_actions()))))
        elif word in ("0", "back", "b"):
            if len(stack) > 1:
                stack.pop()
            else:
                self.say("Nothing to go back to: this is the first menu.")
        else:
            return False
        return True

    def chosen(self, text: str, entries: Sequence[Entry], stack: list[Menu]) -> Action | None:
        """The action a menu number or typed notation names; ``None`` (said why) or a sub-menu opened."""
        if not (text.isascii() and text.isdigit()):  # isdigit() alone takes '²' and '①', which int() refuses
            return self.read(text)
        # more digits than any menu has entries: out of range, and never converted (int() stops at 4300)
        number = int(text) if len(text) <= _DIGITS else 0
        if not 1 <= number <= len(entries):
            shown = text if len(text) <= _DIGITS else f"{text[:_DIGITS]}... ({len(text)} digits)"
            self.say(f"No choice {shown}: pick 1 to {len(entries)}, or type an action ('help').")
            return None
        entry = entries[number - 1]
        if entry.submenu is not None:
            stack.append(entry.submenu)
            return None
        return entry.action

    def cards_in(self, text: str) -> list[Part]:
        """``text`` with each card it names as a card: ``9♥`` on a screen that shows suit symbols."""
        parts: list[Part] = []
        at = 0
        for match in _CARD_WORD.finditer(text):
            parts += [text[at:match.start()], parse_card(match.group())]
            at = match.end()
        parts.append(text[at:])
        return [part for part in parts if part != ""]

    def spoken(self, error: IllegalActionError) -> list[Part]:
        """A refusal said to the player: "you" for their seat, cards as on screen, the rule's clause cited."""
        text = str(error)
        mine = rf"seat {self.seat}\b"
        for pattern, words in ((rf"{mine} has already laid down its", "you have already laid down your"),
                               (rf"{mine} has", "you have"), (rf"{mine} does", "you do"), (rf"{mine}'s", "your"),
                               (mine, "you")):
            text = re.sub(pattern, words, text)
        key = _CLAUSE_OF.get(error.reason)
        if key is not None and not _CITED.search(text):
            text += self.variant.cite(key)
        return self.cards_in(text)

    def read(self, text: str) -> Action | None:
        """The action ``text`` names in notation, or a bare card to discard."""
        try:
            return parse_action(text)
        except RemiError as error:
            try:
                return Discard(parse_card(text))
            except RemiError:
                self.say(f"Not understood: {error} (type 'help' for the commands)")
                return None


def play(variant: Variant, state: GameState, seat: int, seed: int, stdin: IO[str], stdout: IO[str], *,
         rich: bool, pause: bool, opponent: str = "greedy") -> int:
    """Play ``state``'s match at the terminal, ``seat`` the human's and the others bots (greedy by default).

    Args:
        variant: The rules.
        state: The match's first state.
        seat: The human's seat.
        seed: The match's seed: the bots' seeds derive from it, and it is
            shown when the match ends or the human quits, never before.
        stdin: Where the human's choices are read. A binary-backed stream
            (``sys.stdin``) is set to decode with replacement: an undecodable
            byte reads as U+FFFD, in a line not understood.
        stdout: Where the game is shown.
        rich: Whether to show suit symbols in colour (escape codes) with rich.
        pause: Whether to wait for Enter after each deal.
        opponent: The registered name of the bot at every other seat (:func:`remi.bots.make_bot`).

    Returns:
        The exit status: 0 when the match ends or the human quits, 130 on Ctrl-C.
    """
    if isinstance(stdin, io.TextIOWrapper):
        # not errors="strict": a UnicodeDecodeError would lose the rest of the chunk read, not one line
        stdin.reconfigure(errors="replace")
    game = Game(variant, seat, seed, stdin, Screen(stdout, rich=rich), pause=pause, opponent=opponent)
    # the bots' seeds are one-way digests: no bot can recover the match seed (and so the deck)
    bots = {s: make_bot(opponent, seed=bot_seed(seed, s)) for s in range(state.players) if s != seat}
    others = ", ".join(str(s) for s in bots)
    game.say(f"remi play: {variant.title or variant.name}, {state.players} players: you, and {opponent} bots in "
             f"seat{'s' if len(bots) > 1 else ''} {others}.")
    game.say("Type 'help' for how to play, 'quit' (or end of input) to stop.")
    game.deal_begins(state)
    try:
        while not state.is_over:
            to_act = state.to_act
            assert to_act is not None
            if to_act == seat:
                chosen = game.ask(state)
                if chosen is None:
                    game.say(f"Game abandoned (seed {seed}).")
                    return 0
                action = chosen
            else:
                action = bots[to_act].choose(state.view(to_act), state.legal_actions())
            after = state.apply(action)
            game.told(state, action, after)
            ended = len(after.deal_scores) != len(state.deal_scores)
            state = after
            if ended and not game.deal_over(state):
                game.say(f"Game abandoned (seed {seed}).")
                return 0
            if ended and not state.is_over:
                game.deal_begins(state)
    except KeyboardInterrupt:
        game.say()
        game.say(f"Interrupted: game abandoned (seed {seed}).")
        return 130
    game.match_over(state)
    return 0
